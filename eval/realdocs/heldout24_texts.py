"""The text of the realdocs ``heldout24`` part's private documents, as ``make_heldout24.py`` writes them: a small
bookshop's Slack workspace as Slack's "Export data" gives it, a family's Google Keep notes as Google Takeout exports
them, and the family's joint current account statement for March 2027 as their bank's OFX 1.02 download. Fixed text
only; every person, firm, place, number and address is invented (phone numbers from Ofcom's drama ranges, web and
mail addresses under example.com and example.co.uk)."""

from __future__ import annotations

# --- the Slack export --------------------------------------------------------------------------------------------------
# A five-person independent bookshop's workspace, exported by its owner (a free workspace: public channels only).
# Times are UTC (Slack's ts); every message is before the clocks go forward on 28 March, so UTC is the shop's time.

SLACK_FOLDER = "Larch and Quill Books Slack export Feb 1 2027 - Mar 19 2027"
TEAM = "T05JX8K2L4M"
# key: (id, name, real name, display name, title, avatar hash, colour, e-mail)
USERS = {
    "ruth": (
        "U05K2M7QX1A",
        "ruth",
        "Ruth Ellery",
        "Ruth",
        "Owner",
        "g3f9a1c27b4e",
        "9f69e7",
        "ruth@example.co.uk",
    ),
    "tomasz": (
        "U05K2N8RB3C",
        "tomasz.nowak",
        "Tomasz Nowak",
        "Tomasz",
        "Shop manager",
        "g71d0e5a9c38",
        "4bbe2e",
        "tomasz@example.co.uk",
    ),
    "aisha": (
        "U05K3P4SD5E",
        "aisha.khan",
        "Aisha Khan",
        "Aisha",
        "Bookseller, Tuesday to Friday",
        "g0b8e6d42f17",
        "e7392d",
        "aisha@example.co.uk",
    ),
    "ben": (
        "U05K3Q6TF7G",
        "ben.marsh",
        "Ben Marsh",
        "Ben",
        "Saturday bookseller",
        "g5c2a97e3d60",
        "3c989f",
        "ben.marsh@example.com",
    ),
    "gwen": (
        "U05K4R8VH9J",
        "gwen",
        "Gwen Lloyd",
        "Gwen",
        "Cafe corner and events",
        "g8e41b0f6a95",
        "674b1b",
        "gwen@example.co.uk",
    ),
}
# name: (id, purpose, topic, created)
CHANNELS = {
    "general": (
        "C05K2M8A1B2",
        "Shop-wide news and anything that does not fit elsewhere",
        "Opening hours: Mon-Sat 9:30-17:30",
        "2027-02-01 08:50:12",
    ),
    "rota": ("C05K2P9C3D4", "Shifts, swaps, holidays and cover", "", "2027-02-01 08:51:40"),
    "events": (
        "C05K3R1E5F6",
        "Author evenings, story time, the book club and the spring fair",
        "",
        "2027-02-01 08:52:03",
    ),
    "deliveries": (
        "C05K3S2G7H8",
        "Wholesaler and publisher orders, deliveries and returns",
        "",
        "2027-02-01 08:52:31",
    ),
}
DRIVE_ADDED = "2027-02-01 09:02:44"

# The messages, in the order they were sent: (key, channel, "YYYY-MM-DD HH:MM:SS" UTC, author, text, extras).
# extras: "thread" (the key of the message replied to), "edited" (when), "reactions" ([(name, [authors])]),
# "file" ((name, mimetype, filetype, pretty type, size)), "join" (a channel_join message: the text is made).
MESSAGES = [
    ("j-ruth", "general", "2027-02-01 08:50:12", "ruth", "", {"join": True}),
    ("j-tomasz", "general", "2027-02-01 08:55:03", "tomasz", "", {"join": True}),
    (
        "welcome",
        "general",
        "2027-02-01 08:58:27",
        "ruth",
        "Morning all :wave: Welcome to our Slack! Shop news goes in here, shifts and swaps in <#C05K2P9C3D4|rota>, "
        "author evenings and story time in <#C05K3R1E5F6|events> and orders in <#C05K3S2G7H8|deliveries>. "
        "Please at least turn on notifications for <#C05K2P9C3D4|rota> on your phone.",
        {"reactions": [("tada", ["tomasz", "gwen"])]},
    ),
    ("j-aisha", "general", "2027-02-01 09:04:51", "aisha", "", {"join": True}),
    ("j-gwen", "general", "2027-02-01 09:11:36", "gwen", "", {"join": True}),
    (
        "float",
        "general",
        "2027-02-01 09:20:08",
        "tomasz",
        "Till float reminder, as a few of us got it wrong last month: we start every day with \u00a3150 in the "
        "till, \u00a3100 in notes and \u00a350 in coins. Anything over that goes in the safe bag at closing, "
        "counted twice and signed.",
        {"reactions": [("+1", ["ruth", "aisha", "gwen"])]},
    ),
    (
        "gardners",
        "deliveries",
        "2027-02-02 09:40:55",
        "tomasz",
        "Gardners have changed their van round: they now come on Wednesdays and Fridays, usually before 10. "
        "Please check every box against the delivery note before you sign for it.",
        {"edited": "2027-02-09 08:47:10"},
    ),
    ("j-ben", "general", "2027-02-02 18:32:19", "ben", "", {"join": True}),
    (
        "author",
        "events",
        "2027-02-03 11:25:40",
        "gwen",
        "Author evening confirmed! Helen Ashdown is coming on Thursday 25 March to talk about her new novel "
        "*The Salt Orchard*. Doors 18:45, talk at 19:15, signing afterwards. Tickets are \u00a38 including a "
        "glass of wine or juice, and the \u00a38 comes off the book if they buy one on the night.",
        {
            "edited": "2027-02-19 10:02:31",
            "reactions": [("heart_eyes", ["ruth", "aisha"]), ("books", ["ben"])],
        },
    ),
    (
        "chairs-q",
        "events",
        "2027-02-03 11:48:02",
        "ruth",
        "Brilliant news. We'll need seats for about 40 and we've only got 25 of our own.",
        {"thread": "author"},
    ),
    (
        "chairs-a",
        "events",
        "2027-02-03 12:06:19",
        "gwen",
        "St Mary's church hall will lend us 20 of their folding chairs. I'll fetch them in Dad's van on the "
        "Wednesday afternoon and take them back on the Friday.",
        {"thread": "author"},
    ),
    (
        "returns",
        "deliveries",
        "2027-02-11 15:20:37",
        "aisha",
        "Returns to Penguin: the six damaged copies of the Ottolenghi need boxing up on their own, with the "
        "returns authorisation number PRH-RA-58213 written on the outside of the box. They collect on Monday.",
        {},
    ),
    (
        "reader",
        "general",
        "2027-02-16 10:02:44",
        "aisha",
        "The card reader froze again this morning, second time this week. I took two payments on the phone "
        "app instead.",
        {"reactions": [("disappointed", ["tomasz"])]},
    ),
    (
        "reader-a",
        "general",
        "2027-02-16 10:15:09",
        "tomasz",
        "If it happens again ring the support line on 0118 496 0732 and give them our merchant ID, 4471-2093. "
        "If it's faulty they send a replacement the next working day.",
        {"thread": "reader"},
    ),
    (
        "stocktake",
        "general",
        "2027-02-17 14:00:26",
        "ruth",
        "Stocktake: which Sunday can you do, 10 till 3, paid of course? React :one: for Sunday 7 March or :two: "
        "for Sunday 14 March.",
        {"reactions": [("one", ["tomasz"]), ("two", ["aisha", "ben", "gwen"])]},
    ),
    (
        "rota-march",
        "rota",
        "2027-02-22 19:30:13",
        "ruth",
        "March rota is up :point_down: Shout by Friday 26 February if anything's wrong, after that swaps are "
        "between yourselves.",
        {
            "file": (
                "Rota March 2027.xlsx",
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                "xlsx",
                "Excel Spreadsheet",
                18342,
            )
        },
    ),
    (
        "sundays",
        "general",
        "2027-02-24 17:45:50",
        "ruth",
        "From Sunday 7 March we're opening on Sundays again, 11:00 to 16:00. Tomasz and I will take turns for "
        "the first month and then we'll see if it's worth it.",
        {"reactions": [("raised_hands", ["gwen", "ben"])]},
    ),
    (
        "aboard",
        "general",
        "2027-03-01 09:05:21",
        "ruth",
        "Good news: the council has said yes to our A-board on the pavement (\u00a340 a year for the licence). "
        "It has to stay within 1 metre of the shop front and come in every night.",
        {},
    ),
    (
        "storytime",
        "events",
        "2027-03-02 10:30:48",
        "gwen",
        "Easter story time is Saturday 27 March at 10:30, for 3 to 7 year olds. We're reading "
        "<https://www.example.co.uk/books/the-egg-that-wouldnt-hatch|The Egg That Wouldn't Hatch> and then "
        "decorating paper eggs. It's free but people need to book, max 15 children.",
        {"reactions": [("hatching_chick", ["ruth", "aisha"])]},
    ),
    (
        "bags",
        "deliveries",
        "2027-03-03 13:05:02",
        "aisha",
        "We're down to our last 20 paper bags. I'll order 500 of the printed ones from Bagco, \u00a362.40 "
        "including VAT, unless anyone shouts.",
        {"reactions": [("+1", ["tomasz"])]},
    ),
    (
        "cover-q",
        "rota",
        "2027-03-04 21:12:37",
        "ben",
        "Can anyone cover my shift on Saturday 13 March? It's my cousin's wedding. I can do Sunday 21 March in "
        "return if that helps someone.",
        {},
    ),
    (
        "cover-no",
        "rota",
        "2027-03-04 21:30:05",
        "aisha",
        "I can't, sorry, I'm away that weekend :slightly_frowning_face:",
        {"thread": "cover-q"},
    ),
    (
        "cover-yes",
        "rota",
        "2027-03-05 08:02:44",
        "gwen",
        "I'll do it <@U05K3Q6TF7G>, and I'll take you up on the 21st so I get my Sunday lie-in :smile:",
        {"thread": "cover-q"},
    ),
    (
        "cover-done",
        "rota",
        "2027-03-05 08:30:16",
        "tomasz",
        "Thanks both, I've changed the rota: Gwen works Saturday 13 March and Ben does Sunday 21 March.",
        {"thread": "cover-q", "reactions": [("pray", ["ben"])]},
    ),
    (
        "holidays",
        "rota",
        "2027-03-08 09:12:58",
        "tomasz",
        "Reminder that holiday requests for April, May and June need to be with me by 31 March. No more than "
        "two people off at once over Easter (Good Friday 26 March to Easter Monday 29 March).",
        {},
    ),
    (
        "fair",
        "events",
        "2027-03-09 18:05:33",
        "tomasz",
        "The spring book fair at the Corn Exchange is on Saturday 24 April, 9 till 4. Our stall is booked, "
        "pitch 12 by the main doors. Put your name down for a two-hour slot here: "
        "<https://docs.example.com/spreadsheets/d/1kQ7rT2fair|book fair stall rota>",
        {},
    ),
    (
        "coffee",
        "general",
        "2027-03-10 16:40:27",
        "gwen",
        "The coffee machine engineer is coming on Friday 12 March between 8 and 10, so no coffee till he's "
        "finished. Apparently it's been dripping because the descaling is overdue :grimacing:",
        {},
    ),
    (
        "salt-orchard",
        "deliveries",
        "2027-03-12 10:12:40",
        "tomasz",
        "Heads up: 40 hardback copies of The Salt Orchard for the signing arrive on Tuesday 23 March. They're on "
        "sale or return, so keep the box and the delivery note.",
        {},
    ),
    (
        "dentist",
        "rota",
        "2027-03-15 12:10:05",
        "aisha",
        "I've got a dentist appointment on Thursday 18 March at 3. Can I leave at half two that day? I'll make "
        "the time up on Friday.",
        {},
    ),
    (
        "dentist-a",
        "rota",
        "2027-03-15 12:31:48",
        "tomasz",
        "Fine by me, just let whoever's on the till know.",
        {"thread": "dentist"},
    ),
    (
        "bookclub",
        "events",
        "2027-03-16 20:14:09",
        "ruth",
        "Book club have asked if we can do them a 10% discount on the book of the month. I've said yes for "
        "members who show their card.",
        {"reactions": [("+1", ["gwen"])]},
    ),
    (
        "fair-ben",
        "events",
        "2027-03-18 19:40:22",
        "ben",
        "I've put myself down for 9 till 11 at the fair, I can bring my gazebo weights too.",
        {"thread": "fair"},
    ),
]

# --- the Google Keep notes -------------------------------------------------------------------------------------------
# A family's notes (Sam and Jo Clarke, Maya 7 and Leo 3, in Bristol), exported with Google Takeout: Takeout/Keep/
# with a .json and an .html a note and Labels.txt. Times: created and last edited, UTC (the family's time zone is
# Europe/London; every time here is before the clocks change, so the HTML's local time is the same).

KEEP_FOLDER = "Takeout/Keep"
LABELS = ["House", "Trips", "Family", "Shopping"]
# (title, created, edited, colour, pinned, archived, trashed, labels, text or checklist [(item, ticked)])
NOTES = [
    (
        "Hallway and stairs",
        "2027-02-13 10:41:07",
        "2027-03-02 21:14:05",
        "DEFAULT",
        False,
        False,
        False,
        ["House"],
        "Walls: Dulux Heritage Pale Powder, 2 x 2.5 L, matt\n"
        "Woodwork: satinwood, pure brilliant white, 1 x 2.5 L\n"
        "Ceiling: leftover white from the kitchen\n"
        "\n"
        "Quotes for the stairwell (too high for our ladder):\n"
        "Pete Dawson - \u00a3780, 4 days, can start Monday 12 April\n"
        "Brightside Decorators - \u00a31,150, 3 days, nothing free till May\n"
        "Going with Pete. Deposit \u00a3150 paid 2 March by bank transfer, ref HALL-DAWSON.\n"
        "He brings his own tower for the landing.",
    ),
    (
        "Boiler and meters",
        "2026-11-20 19:02:51",
        "2027-03-01 08:16:33",
        "YELLOW",
        True,
        False,
        False,
        ["House"],
        "Boiler: Worcester Bosch Greenstar 30i, fitted 2019\n"
        "Last service 9 Feb 2027, Martin from Hearth & Home Heating, 0117 496 0385. Next one due Feb 2028.\n"
        "Pressure should be between 1 and 1.5 bar when it's cold. Top up with the silver filling loop under "
        "the boiler, both taps, slowly.\n"
        "Stopcock: under the kitchen sink, behind the recycling caddy\n"
        "Gas meter: box by the front door, the key's on the hook in the utility room\n"
        "Readings 1 Mar: electric 48213, gas 07762",
    ),
    (
        "Pembrokeshire camping - packing",
        "2027-03-06 20:33:12",
        "2027-03-18 21:47:40",
        "TEAL",
        False,
        False,
        False,
        ["Trips"],
        [
            ("Camping stove and 2 gas canisters", False),
            ("Windbreak", False),
            ("Head torches (new batteries!)", False),
            ("Suncream", False),
            ("Tent and footprint", True),
            ("Sleeping bags x4", True),
            ("Airbeds and the pump", True),
            ("Wellies for everyone", True),
            ("Bike rack", True),
        ],
    ),
    (
        "Campsite booking",
        "2027-03-08 19:20:44",
        "2027-03-08 19:26:02",
        "TEAL",
        False,
        False,
        False,
        ["Trips"],
        "Trefach Farm Campsite, near St Davids\n"
        "Fri 28 May to Tue 1 June, 4 nights\n"
        "Pitch 17, electric hook-up, top field by the hedge\n"
        "Arrive from 2pm, leave by 11am\n"
        "\u00a3184 altogether, \u00a350 deposit paid, the rest when we get there\n"
        "Dogs on leads only. Nearest shop is 2 miles away in Solva.\n"
        "Booking ref TRF-2219",
    ),
    (
        "Kids",
        "2026-09-03 18:05:29",
        "2027-03-13 17:52:18",
        "DEFAULT",
        True,
        False,
        False,
        ["Family"],
        "Maya: shoes 13 (F fitting), trousers age 6-7, school jumper age 7-8 so she grows into it\n"
        "Leo: shoes 9, age 3-4 in everything\n"
        "Maya's swimming: Tuesdays 17:15 at Kingsdown pool, stage 4. Goggles and a \u00a31 coin for the locker.\n"
        "Leo's nursery is shut Fri 26 March (Good Friday) and Mon 29 March",
    ),
    (
        "Weekly shop",
        "2026-10-11 09:14:37",
        "2027-03-19 18:03:55",
        "DEFAULT",
        True,
        False,
        False,
        ["Shopping"],
        [
            ("Oat milk x2", False),
            ("Bread", False),
            ("Bananas", False),
            ("Fish fingers", False),
            ("Dishwasher tablets", False),
            ("Greek yoghurt", True),
            ("Pasta", True),
            ("Cheddar", True),
        ],
    ),
    (
        "Grandma Joy 80th",
        "2027-01-10 20:48:16",
        "2027-03-05 22:10:39",
        "PINK",
        False,
        True,
        False,
        ["Family"],
        "Party at the Bell, Sat 8 May, back room booked 1 till 5, \u00a3100 deposit\n"
        "Cake from Crumbs: lemon drizzle, two tiers, order by 24 April\n"
        "Present: a photo book of her life. Sam is scanning the old albums.\n"
        "Ask Auntie Pat about where everyone sits",
    ),
    (
        "Bins",
        "2026-08-30 11:27:03",
        "2027-03-02 07:40:12",
        "GRAY",
        False,
        False,
        False,
        ["House"],
        "Black bin (rubbish): every other Tuesday, next one Tue 16 March\n"
        "Green box (recycling): every Tuesday\n"
        "Brown bin (garden): every other Thursday from Thu 4 March, \u00a356 a year, renewed\n"
        "Food caddy: every Tuesday",
    ),
    (
        "Sofa measurements",
        "2026-12-27 14:02:48",
        "2027-01-09 16:35:21",
        "DEFAULT",
        False,
        False,
        True,
        [],
        "Old sofa 198 x 92 cm\n"
        "Space by the window 214 cm\n"
        "Living room door only 76 cm wide, so it must come in pieces or have feet that come off!",
    ),
]
KEEP_EXPORTED = "2027-03-20 10:05:00"

# --- the bank statement (OFX 1.02) -----------------------------------------------------------------------------------
# The Clarkes' joint current account at an invented building society, downloaded as "Money (OFX)" for March 2027.

OFX_NAME = "Statement_Current_Account_20270301_20270331.ofx"
OFX_SERVER = "20270401071502"
OFX_BANK = ("404417", "31874052", "CHECKING")  # sort code, account number, type
OFX_OPENING = 1846.27  # the balance at the start of 1 March
# (date, type, amount, name (32 characters at most, as OFX 1.02 allows), memo)
TRANSACTIONS = [
    ("20270301", "DIRECTDEBIT", -985.40, "LEEWOOD BS MORTGAGE", "MORTGAGE ACC 40021876"),
    ("20270301", "DIRECTDEBIT", -192.00, "BRISTOL CITY COUNCIL", "COUNCIL TAX 3015542876"),
    ("20270301", "POS", -23.80, "TESCO STORES 2041", "CARD PAYMENT ON 27 FEB HENLEAZE"),
    ("20270302", "DEBIT", -150.00, "P DAWSON", "HALL-DAWSON FASTER PAYMENT"),
    ("20270303", "DIRECTDEBIT", -148.00, "OCTOPUS ENERGY", "DD REF A-77C01234"),
    ("20270304", "POS", -64.50, "CLARKS BROADMEAD", "CARD PAYMENT ON 03 MAR BRISTOL"),
    ("20270305", "DIRECTDEBIT", -41.20, "WESSEX WATER", "DD REF 0093318827"),
    ("20270305", "POS", -87.34, "SAINSBURYS S/MKTS", "CARD PAYMENT ON 04 MAR BRISTOL"),
    ("20270308", "DEBIT", -50.00, "TREFACH FARM", "TRF-2219 FASTER PAYMENT"),
    ("20270308", "ATM", -60.00, "LINK ATM HENLEAZE RD", "CASH ON 06 MAR"),
    ("20270309", "DIRECTDEBIT", -14.54, "TV LICENCE MBP", "DD REF 1203887765"),
    ("20270310", "DIRECTDEBIT", -32.00, "BRISTOL SWIM SCHOOL", "MAYA CLARKE STAGE 4"),
    ("20270311", "CREDIT", 42.99, "AMAZON MKTPLACE", "REFUND CARD ENDING 4417"),
    ("20270312", "DIRECTDEBIT", -44.00, "VIRGIN MEDIA", "DD REF 66120994"),
    ("20270315", "REPEATPMT", -18.00, "M HUGHES", "WINDOW CLEANING S/O"),
    ("20270315", "POS", -58.10, "SHELL HENLEAZE", "CARD PAYMENT ON 13 MAR BRISTOL"),
    ("20270316", "XFER", -120.00, "CLARKE J S", "TO EASY SAVER 40-44-17 31990217"),
    ("20270318", "DIRECTDEBIT", -54.37, "ADMIRAL INSURANCE", "CAR POLICY P8821047"),
    ("20270319", "POS", -31.45, "TESCO STORES 2041", "CARD PAYMENT ON 18 MAR HENLEAZE"),
    ("20270322", "DEBIT", -100.00, "THE BELL INN", "JOY 80TH ROOM FASTER PAYMENT"),
    ("20270322", "POS", -26.80, "WATERSTONES BRISTOL", "CARD PAYMENT ON 20 MAR BRISTOL"),
    ("20270325", "CREDIT", 2412.66, "NORTH BRISTOL NHS TR", "SALARY BACS"),
    ("20270325", "CREDIT", 1876.20, "HAYES AND FORD LTD", "PAY 25/03 BACS"),
    ("20270326", "DIRECTDEBIT", -210.00, "LITTLE ACORNS NURSERY", "LEO CLARKE MARCH"),
    ("20270329", "POS", -96.12, "SAINSBURYS S/MKTS", "CARD PAYMENT ON 27 MAR BRISTOL"),
    ("20270330", "DIRECTDEBIT", -12.99, "NETFLIX.COM", "DD REF NF0427718"),
    ("20270331", "INT", 0.42, "INTEREST", "CREDIT INTEREST"),
]
