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
map("t", "<Esc><Esc>", [[<C-\><C-n>]], { desc = "Terminal: back to normal mode" })

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
      vim.cmd([[keeppatterns %s/\s\+$//e]])
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
