"""The text of the realdocs ``heldout16`` part's private documents, as ``make_heldout16.py`` draws or writes it: two
screenshots (each a window's rows of labels and values, placed in points), a scanned letter's two pages (blocks of
text, wrapped when drawn) and a Neovim configuration file (``init.lua``). Fixed text only."""

from __future__ import annotations

# --- screenshots: (y, [(x, text, style), ...]) rows in points, drawn at 2x ----------------------------------------------

TRAIN_NAME = "Screenshot 2027-03-04 at 21.17.42.png"
TRAIN_TITLE = "Northline Trains"
TRAIN_SIZE = (880, 620)
TRAIN_SIDEBAR = ["Plan a journey", "My bookings", "Tickets", "Railcards", "Delay Repay", "Account"]
TRAIN_SELECTED = 1
TRAIN_FARES = {"out": (5760, 3840), "back": (4785, 3190)}  # pence: the full Advance fare, with 1/3 off
TRAIN_ROWS = [
    (54, [(262, "Booking confirmed", "h1")]),
    (92, [(226, "Booking reference", "label"), (380, "K7Q-4MZ2", "strong")]),
    (112, [(226, "Booked on", "label"), (380, "Thursday 4 March 2027, 21:15", "value")]),
    (132, [(226, "Passenger", "label"), (380, "1 adult \u00b7 Rachel Osei \u00b7 16-25 Railcard", "value")]),
    (170, [(226, "OUTWARD", "section"), (300, "Friday 19 March 2027", "section")]),
    (194, [(226, "07:42", "time"), (296, "Leeds", "station"), (660, "Advance Single", "value")]),
    (214, [(296, "Direct \u00b7 2h 19m \u00b7 Northline", "small"), (660, "\u00a338.40", "strong")]),
    (236, [(226, "10:01", "time"), (296, "London Kings Cross", "station")]),
    (258, [(296, "Coach C, seat 42 \u00b7 window, forward facing", "value")]),
    (296, [(226, "RETURN", "section"), (300, "Sunday 21 March 2027", "section")]),
    (320, [(226, "17:30", "time"), (296, "London Kings Cross", "station"), (660, "Advance Single", "value")]),
    (340, [(296, "Direct \u00b7 2h 18m \u00b7 Northline", "small"), (660, "\u00a331.90", "strong")]),
    (362, [(226, "19:48", "time"), (296, "Leeds", "station")]),
    (384, [(296, "Coach D, seat 17 \u00b7 aisle, at a table", "value")]),
    (
        424,
        [
            (226, "Railcard discount", "label"),
            (420, "16-25 Railcard, 1/3 off: you saved \u00a335.15", "value"),
        ],
    ),
    (444, [(226, "Booking fee", "label"), (420, "\u00a30.00", "value")]),
    (464, [(226, "Total paid", "strong"), (420, "\u00a370.30", "strong")]),
    (484, [(226, "Payment", "label"), (420, "Visa ending 4417", "value")]),
    (
        518,
        [
            (226, "Add to Wallet", "button"),
            (350, "Download PDF", "button"),
            (474, "Change journey", "button"),
        ],
    ),
    (
        560,
        [
            (
                226,
                "Your tickets are in the app: show the barcode at the ticket gates. Take your 16-25 Railcard",
                "tiny",
            )
        ],
    ),
    (574, [(226, "with you, as you may be asked for it on the train.", "tiny")]),
    (
        592,
        [
            (
                226,
                "Advance tickets are valid only on the trains shown. You can change them before the outward train",
                "tiny",
            )
        ],
    ),
    (
        606,
        [
            (
                226,
                "leaves for a \u00a310 admin fee plus any difference in fare. They cannot be refunded.",
                "tiny",
            )
        ],
    ),
]

BACKUP_NAME = "Screenshot 2027-05-11 at 08.03.15.png"
BACKUP_TITLE = "Harbour Backup"
BACKUP_SIZE = (800, 600)
BACKUP_TABS = ["General", "Plans", "Notifications", "Advanced"]
BACKUP_SELECTED_TAB = 1
BACKUP_PLANS = ["Family photos", "Documents", "Rachel's MacBook Air"]
BACKUP_ROWS = [
    (96, [(230, "Family photos", "h1"), (620, "Back Up Now", "button")]),
    (
        126,
        [
            (230, "Status", "label"),
            (340, "Last backup today at 02:30 \u00b7 1,284 files, 3.2 GB \u00b7 Completed", "value"),
        ],
    ),
    (146, [(340, "Next backup tomorrow at 02:30", "small")]),
    (176, [(230, "Source", "label"), (340, "~/Pictures/Photos Library.photoslibrary", "value")]),
    (200, [(230, "Destination", "label"), (340, "attic-nas (SMB) \u00b7 /backup/rachel/photos", "value")]),
    (220, [(340, "Free on attic-nas: 1.41 TB of 3.6 TB", "small")]),
    (250, [(230, "Schedule", "label"), (340, "Every day at 02:30", "value")]),
    (274, [(362, "Only when the Mac is on mains power", "check-on")]),
    (296, [(362, "Wake the Mac to run this plan", "check-off")]),
    (330, [(230, "Keep", "label"), (340, "Hourly snapshots for 24 hours", "value")]),
    (350, [(340, "Daily snapshots for 30 days", "value")]),
    (370, [(340, "Monthly snapshots for 12 months", "value")]),
    (404, [(230, "Encryption", "label"), (340, "AES-256 \u00b7 password saved in Keychain", "value")]),
    (428, [(230, "Verify", "label"), (340, "Check the backup's integrity every 14 days", "value")]),
    (452, [(230, "Bandwidth", "label"), (340, "Limit to 20 MB/s between 08:00 and 22:00", "value")]),
    (476, [(230, "Exclude", "label"), (340, "Caches, *.tmp, Derivatives, ~/Pictures/Screenshots", "value")]),
    (
        520,
        [(230, "Snapshots older than the Keep rules are deleted after each backup. A plan that has", "tiny")],
    ),
    (534, [(230, "not completed for 3 days shows a warning in the menu bar.", "tiny")]),
    (578, [(230, "Harbour Backup 4.2.1 (4210)", "tiny")]),
]

# --- the scanned letter: blocks per page; ("style", text) with styles head, bold, body, small, right, sign ----------

LETTER_NAME = "Scan 2027-02-06 hospital letter.pdf"
REF = "END/22817/DF"
LETTER_PAGES = [
    [
        ("head", "Westmere General Hospital"),
        ("small", "Endoscopy Unit \u00b7 Brunel Wing \u00b7 Hollins Road \u00b7 Westmere WM4 7QT"),
        ("right", "Endoscopy Bookings: 01632 960377"),
        ("right", "Monday to Friday, 8am to 4pm"),
        ("right", f"Our ref: {REF}"),
        ("right", "Hospital number: W0481126"),
        ("gap", ""),
        ("address", "Mr David Fenwick"),
        ("address", "14 Carrow Street"),
        ("address", "Westmere"),
        ("address", "WM2 5HS"),
        ("gap", ""),
        ("right", "Wednesday 3 February 2027"),
        ("body", "Dear Mr Fenwick,"),
        ("bold", "Colonoscopy appointment"),
        (
            "body",
            "Your GP has referred you for a colonoscopy, an examination of the large bowel with a thin, flexible "
            "camera. We have booked your appointment for:",
        ),
        ("bold", "Tuesday 16 March 2027 at 08:15"),
        ("body", "Please arrive at 08:00 and report to the Endoscopy Unit reception, Level 2, Brunel Wing."),
        (
            "body",
            "Please allow up to four hours for your visit. Most of that time is spent getting ready and recovering "
            "afterwards; the test itself usually takes 30 to 45 minutes.",
        ),
        (
            "body",
            "Sedation. Most patients choose a sedative injection to help them relax. If you have sedation, a "
            "responsible adult must collect you from the unit and stay with you for 24 hours, and you must not "
            "drive, drink alcohol, sign legal documents or operate machinery for 24 hours. If there is nobody to "
            "take you home, we can do the test without sedation, using gas and air instead.",
        ),
        (
            "body",
            "Medicines. Stop taking iron tablets 7 days before the test. If you take blood-thinning medicines such "
            "as warfarin or clopidogrel, or medicines for diabetes, please ring the unit at least a week before "
            "your appointment. Do not stop taking them unless we tell you to.",
        ),
        ("body", "Please read the instructions overleaf carefully."),
        ("footer", f"Page 1 of 2 \u00b7 {REF}"),
    ],
    [
        ("small", f"Mr D Fenwick \u00b7 {REF} \u00b7 3 February 2027"),
        ("gap", ""),
        ("bold", "Getting your bowel ready"),
        (
            "body",
            "The bowel preparation enclosed with this letter (two sachets) empties your bowel so that the camera "
            "can see clearly. Please follow this timetable:",
        ),
        (
            "body",
            "Sunday 14 and Monday 15 March: eat low-fibre food only (white bread, white rice, pasta, chicken, fish, "
            "eggs). No fruit, vegetables, nuts or seeds.",
        ),
        (
            "body",
            "Monday 15 March: a light low-fibre breakfast before 9am, then clear fluids only (water, clear soup, "
            "black tea or coffee, squash that is not red or purple).",
        ),
        ("body", "Monday 15 March, 5pm: the first sachet in one litre of water, drunk over an hour."),
        ("body", "Monday 15 March, 8pm: the second sachet in the same way."),
        ("body", "Tuesday 16 March: you may drink water until 06:00, then nothing until after the test."),
        (
            "body",
            "Bring with you: this letter, a list of the medicines you take, a dressing gown and slippers.",
        ),
        (
            "body",
            "Parking: car park B, next to the Brunel Wing, costs \u00a32.50 for up to four hours; blue badge "
            "holders park free. The car parks are usually full after 9am.",
        ),
        (
            "body",
            "Changing your appointment: please ring us on 01632 960377 at least 48 hours before. If you miss your "
            "appointment without telling us, we may return your referral to your GP.",
        ),
        (
            "body",
            "Results: the doctor will tell you what was found before you go home. If small samples (biopsies) are "
            "taken, the results are sent to you and your GP within three weeks.",
        ),
        ("body", "Yours sincerely,"),
        ("sign", "H. Achebe"),
        ("address", "Endoscopy Booking Team"),
        ("address", "on behalf of Dr Helen Achebe, Consultant Gastroenterologist"),
        ("footer", f"Page 2 of 2 \u00b7 {REF}"),
    ],
]

# --- a Neovim configuration (init.lua) -----------------------------------------------------------------------------------

LUA_NAME = "init.lua"
INIT_LUA = """\
-- ~/.config/nvim/init.lua
-- Rachel's Neovim setup. Rewritten from the old init.vim in January 2027.
-- Plugins are managed by lazy.nvim (bootstrapped below): run :Lazy sync after changing the plugin list.

-- Leader keys must be set before lazy.nvim loads, or plugin mappings pick up the default backslash.
vim.g.mapleader = " "
vim.g.maplocalleader = ","

-- Options --------------------------------------------------------------------
local opt = vim.opt
opt.number = true
opt.relativenumber = true
opt.tabstop = 4
opt.shiftwidth = 4
opt.expandtab = true           -- spaces, not tabs (Go is the exception, see the autocommands)
opt.scrolloff = 8              -- keep 8 lines visible above and below the cursor
opt.ignorecase = true
opt.smartcase = true           -- case-sensitive again as soon as the search has a capital letter
opt.splitright = true
opt.splitbelow = true
opt.colorcolumn = "100"
opt.clipboard = "unnamedplus"  -- yank straight to the macOS clipboard
opt.mouse = ""                 -- no mouse: clicking in the terminal kept moving the cursor by accident
opt.undofile = true
opt.undodir = vim.fn.stdpath("state") .. "/undo"  -- undo history survives restarts (~/.local/state/nvim/undo)
opt.updatetime = 300

-- Plugins --------------------------------------------------------------------
local lazypath = vim.fn.stdpath("data") .. "/lazy/lazy.nvim"
if not vim.loop.fs_stat(lazypath) then
  vim.fn.system({ "git", "clone", "--filter=blob:none", "--branch=stable",
    "https://github.com/folke/lazy.nvim.git", lazypath })
end
opt.rtp:prepend(lazypath)

require("lazy").setup({
  { "rebelot/kanagawa.nvim", priority = 1000 },
  { "nvim-telescope/telescope.nvim", tag = "0.1.8", dependencies = { "nvim-lua/plenary.nvim" } },
  { "lewis6991/gitsigns.nvim", opts = {} },
  { "neovim/nvim-lspconfig" },
})

-- kanagawa if it is installed, else the built-in habamax (a fresh machine before :Lazy sync)
if not pcall(vim.cmd.colorscheme, "kanagawa-wave") then
  vim.cmd.colorscheme("habamax")
end

-- Key mappings ---------------------------------------------------------------
local map = vim.keymap.set
map("n", "<leader>w", "<cmd>write<cr>", { desc = "Save the file" })
map("n", "<leader>q", "<cmd>bdelete<cr>", { desc = "Close the buffer" })
map("i", "jk", "<Esc>", { desc = "Leave insert mode" })
map("n", "<C-h>", "<C-w>h")
map("n", "<C-j>", "<C-w>j")
map("n", "<C-k>", "<C-w>k")
map("n", "<C-l>", "<C-w>l")
map("n", "<leader>e", "<cmd>Lexplore 25<cr>", { desc = "File tree on the left, 25 columns" })
map("n", "<leader>ff", "<cmd>Telescope find_files<cr>", { desc = "Find files by name" })
map("n", "<leader>fg", "<cmd>Telescope live_grep<cr>", { desc = "Search the project's text (needs ripgrep)" })
map("n", "<leader>fb", "<cmd>Telescope buffers<cr>", { desc = "Open buffers" })
map("n", "<leader>tt", "<cmd>botright 12split | terminal<cr>", { desc = "Terminal along the bottom, 12 lines" })
map("t", "<Esc><Esc>", [[<C-\\><C-n>]], { desc = "Terminal: back to normal mode" })

-- Autocommands ---------------------------------------------------------------
local group = vim.api.nvim_create_augroup("rachel", { clear = true })

-- flash the yanked text for a fifth of a second
vim.api.nvim_create_autocmd("TextYankPost", {
  group = group,
  callback = function() vim.highlight.on_yank({ timeout = 200 }) end,
})

-- strip trailing spaces on save, except in Markdown, where two spaces at the end of a line are a line break
vim.api.nvim_create_autocmd("BufWritePre", {
  group = group,
  callback = function()
    if vim.bo.filetype ~= "markdown" then
      local view = vim.fn.winsaveview()
      vim.cmd([[keeppatterns %s/\\s\\+$//e]])
      vim.fn.winrestview(view)
    end
  end,
})

-- prose: wrap at 80 columns and check British spelling
vim.api.nvim_create_autocmd("FileType", {
  group = group,
  pattern = { "markdown", "gitcommit", "text" },
  callback = function()
    vim.opt_local.textwidth = 80
    vim.opt_local.spell = true
    vim.opt_local.spelllang = "en_gb"
  end,
})

-- Go wants real tabs, shown 8 wide
vim.api.nvim_create_autocmd("FileType", {
  group = group,
  pattern = "go",
  callback = function()
    vim.opt_local.expandtab = false
    vim.opt_local.tabstop = 8
    vim.opt_local.shiftwidth = 8
  end,
})

-- Language servers -----------------------------------------------------------
local lsp = require("lspconfig")
lsp.pyright.setup({})  -- Python: npm install -g pyright
lsp.gopls.setup({})    -- Go: go install golang.org/x/tools/gopls@latest

-- format Go files on save through gopls; Python is left alone (the team's repos use black in CI instead)
vim.api.nvim_create_autocmd("BufWritePre", {
  group = group,
  pattern = "*.go",
  callback = function() vim.lsp.buf.format({ async = false }) end,
})

map("n", "gd", vim.lsp.buf.definition, { desc = "Go to definition" })
map("n", "K", vim.lsp.buf.hover, { desc = "Documentation under the cursor" })
map("n", "<leader>rn", vim.lsp.buf.rename, { desc = "Rename everywhere" })
"""
