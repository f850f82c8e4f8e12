"""The text of the realdocs ``heldout30`` part's private documents, as ``make_heldout30.py`` writes them: a household's
accounts for the first half of 2027 as a Beancount ledger (plain-text double-entry accounting, kept on a Mac and viewed
in Fava, ``.beancount``); a short film as Final Draft 12 for Mac saves a screenplay (XML, ``.fdx``); a family's recipes
as Paprika 3 for Mac exports them (``.paprikarecipes``: a zip of gzip-compressed JSON recipes). Fixed text only; every
person, firm, place, invoice and number is invented (web addresses under ``.example``)."""

from __future__ import annotations

# --- the ledger -----------------------------------------------------------------------------------------------------
# Tamsin and Rhys Garside's accounts, 27 Mill Brow, Harrowfield, West Yorkshire; their daughter Elsie is three. The
# generator writes the header and the accounts, then the months in order: the recurring transactions made from
# RECURRING, the one-off entries below, balance assertions it computes, and checks that every transaction balances.

LEDGER_NAME = "Garside household 2027.beancount"

LEDGER_HEAD = """\
;; -*- mode: beancount; coding: utf-8 -*-
;; Garside household accounts. Kept in ~/Documents/Money/ and opened in Fava
;; (fava "Garside household 2027.beancount", then http://localhost:5000).
;; Everything in GBP; the ISA holds VWRL, priced by hand at each month end.

option "title" "Garside household 2027"
option "operating_currency" "GBP"
option "booking_method" "FIFO"
option "render_commas" "TRUE"

2027-01-01 custom "fava-option" "language" "en"
2027-01-01 custom "fava-option" "invert-income-liabilities-net-worth" "true"

"""

# (heading, [(account, currencies, comment or "")], prose comment under the heading or "")
ACCOUNT_SECTIONS = [
    (
        "** Bank",
        [
            ("Assets:Bank:AireVale:Joint", "GBP", "joint current account, sort code 40-19-72, ends 3318"),
            ("Assets:Bank:AireVale:BillsPot", "GBP", ""),
            ("Assets:Bank:Wragby:Saver", "GBP", "easy-access saver, interest paid monthly"),
            ("Assets:Cash", "GBP", ""),
        ],
        ";; The bills pot is a separate Aire Vale account that the mortgage, council tax, energy and water\n"
        ";; come out of. Each payday we move a fixed 1,450.00 GBP into it from the joint account.",
    ),
    (
        "** Investments",
        [
            ("Assets:Invest:ISA:Cash", "GBP", ""),
            ("Assets:Invest:ISA:VWRL", "VWRL", "Tamsin's stocks and shares ISA with Pennyfield Invest"),
        ],
        "",
    ),
    (
        "** Owed to us",
        [("Assets:Receivables:Deposits", "GBP", "refundable deposits we expect back")],
        "",
    ),
    (
        "** Liabilities",
        [
            ("Liabilities:Mortgage:AireVale", "GBP", "repayment mortgage on 27 Mill Brow"),
            ("Liabilities:CreditCard:Corvid", "GBP", "Corvid Rewards card, 1% cashback, paid off in full"),
        ],
        "",
    ),
    (
        "** Income",
        [
            ("Income:Salary:Tamsin", "GBP", "Brightwater Surveys Ltd"),
            ("Income:Salary:Rhys", "GBP", ""),
            ("Income:Interest", "GBP", ""),
            ("Income:Cashback", "GBP", ""),
            ("Income:Refunds", "GBP", ""),
        ],
        "",
    ),
    (
        "** Expenses",
        [
            ("Expenses:Home:MortgageInterest", "GBP", ""),
            ("Expenses:Home:CouncilTax", "GBP", ""),
            ("Expenses:Home:Energy", "GBP", ""),
            ("Expenses:Home:Water", "GBP", ""),
            ("Expenses:Home:Broadband", "GBP", ""),
            ("Expenses:Home:Repairs", "GBP", ""),
            ("Expenses:Home:Appliances", "GBP", ""),
            ("Expenses:Food:Groceries", "GBP", ""),
            ("Expenses:Food:EatingOut", "GBP", ""),
            ("Expenses:Car:Fuel", "GBP", ""),
            ("Expenses:Car:Insurance", "GBP", ""),
            ("Expenses:Car:Servicing", "GBP", ""),
            ("Expenses:Kids:Nursery", "GBP", ""),
            ("Expenses:Kids:Activities", "GBP", ""),
            ("Expenses:Health:Dental", "GBP", ""),
            ("Expenses:Health:Optician", "GBP", ""),
            ("Expenses:Gifts", "GBP", ""),
            ("Expenses:Legal", "GBP", ""),
            ("Expenses:Holiday:Accommodation", "GBP", ""),
            ("Expenses:Holiday:Activities", "GBP", ""),
            ("Expenses:Subscriptions", "GBP", ""),
            ("Expenses:Fees:Platform", "GBP", ""),
        ],
        "",
    ),
]

# an old credit card, closed in February (opened here so its last payment can be recorded)
OLD_CARD = "Liabilities:CreditCard:Halden"
OLD_CARD_COMMENT = (
    ";; The old Halden Bank card. We moved our spending to the Corvid card in January for the cashback;\n"
    ";; the last Halden statement (closing balance 214.63 GBP) was paid on 4 February and the card cancelled."
)

COMMODITY = """\
2026-11-02 commodity VWRL
  name: "Vanguard FTSE All-World UCITS ETF (USD) Distributing"
  exchange: "LSE"
  quote: "GBP"
  asset-class: "equity"
"""

# recurring transactions: (key, day of month, months, flag, payee, narration, postings, metadata)
# postings: [(account, amount or None)]; months are 1..6
RECURRING = [
    (
        "mortgage",
        1,
        (1, 2, 3, 4, 5, 6),
        "*",
        "Aire Vale Building Society",
        "Mortgage payment",
        [
            ("Liabilities:Mortgage:AireVale", "618.37"),
            ("Expenses:Home:MortgageInterest", "294.07"),
            ("Assets:Bank:AireVale:BillsPot", None),
        ],
        [],
    ),
    (
        "nursery",
        3,
        (1, 2, 3, 4, 5, 6),
        "*",
        "Bumblebank Day Nursery",
        "Elsie - nursery fees",
        [("Expenses:Kids:Nursery", "642.50"), ("Assets:Bank:AireVale:Joint", None)],
        [],
    ),
    (
        "water",
        8,
        (1, 2, 3, 4, 5, 6),
        "*",
        "Pennine Water",
        "Water and sewerage",
        [("Expenses:Home:Water", "41.30"), ("Assets:Bank:AireVale:BillsPot", None)],
        [],
    ),
    (
        "broadband",
        11,
        (1, 2, 3, 4, 5, 6),
        "*",
        "Fibrelane",
        "Broadband 500Mb",
        [("Expenses:Home:Broadband", "32.00"), ("Liabilities:CreditCard:Corvid", None)],
        [],
    ),
    (
        "streaming",
        19,
        (1, 2, 3, 4, 5, 6),
        "*",
        "Lumen Stream",
        "Family plan",
        [("Expenses:Subscriptions", "15.99"), ("Liabilities:CreditCard:Corvid", None)],
        [],
    ),
]

# month-dependent amounts of the recurring bills
ENERGY = {1: "84.20", 2: "84.20", 3: "84.20", 4: "96.50", 5: "96.50", 6: "96.50"}
COUNCIL_TAX = {1: "187.00", 4: "196.00", 5: "196.00", 6: "196.00"}
SALARY_TAMSIN = "2846.17"
SALARY_RHYS = {1: "2311.40", 2: "2311.40", 3: "2311.40", 4: "2502.88", 5: "2502.88", 6: "2502.88"}
RHYS_EMPLOYER = {1: "Skelwith Academy Trust", 4: "Calder Valley Sixth Form College"}
BILLS_POT_TRANSFER = "1450.00"

# groceries and fuel on the Corvid card: (month, day, payee, narration, account, amount)
SPENDING = [
    (1, 6, "Aldi", "Big shop", "Expenses:Food:Groceries", "96.42"),
    (1, 13, "Co-op Harrowfield", "Top-up shop", "Expenses:Food:Groceries", "23.18"),
    (1, 20, "Aldi", "Big shop", "Expenses:Food:Groceries", "104.77"),
    (1, 24, "Jet Brighouse", "Diesel", "Expenses:Car:Fuel", "61.05"),
    (2, 3, "Aldi", "Big shop", "Expenses:Food:Groceries", "88.90"),
    (2, 17, "Aldi", "Big shop", "Expenses:Food:Groceries", "112.31"),
    (2, 21, "Jet Brighouse", "Diesel", "Expenses:Car:Fuel", "58.44"),
    (3, 2, "Aldi", "Big shop", "Expenses:Food:Groceries", "91.65"),
    (3, 16, "Aldi", "Big shop", "Expenses:Food:Groceries", "99.08"),
    (3, 23, "Co-op Harrowfield", "Top-up shop", "Expenses:Food:Groceries", "17.62"),
    (3, 27, "Jet Brighouse", "Diesel", "Expenses:Car:Fuel", "63.90"),
    (4, 6, "Aldi", "Big shop", "Expenses:Food:Groceries", "108.14"),
    (4, 20, "Aldi", "Big shop", "Expenses:Food:Groceries", "95.37"),
    (4, 26, "Jet Brighouse", "Diesel", "Expenses:Car:Fuel", "60.12"),
    (5, 4, "Aldi", "Big shop", "Expenses:Food:Groceries", "101.56"),
    (5, 18, "Aldi", "Big shop", "Expenses:Food:Groceries", "86.03"),
    (6, 1, "Aldi", "Big shop", "Expenses:Food:Groceries", "109.92"),
    (6, 15, "Aldi", "Big shop", "Expenses:Food:Groceries", "97.48"),
    (6, 22, "Co-op Harrowfield", "Top-up shop", "Expenses:Food:Groceries", "21.75"),
    (6, 25, "Jet Brighouse", "Diesel", "Expenses:Car:Fuel", "64.37"),
]

# the saver's interest, paid on the last day of each month
SAVER_INTEREST = {1: "14.62", 2: "13.27", 3: "14.83", 4: "13.91", 5: "14.30", 6: "13.88"}

# VWRL's closing price at each month end, GBP (price directives)
VWRL_PRICES = {
    "2027-01-29": "109.87",
    "2027-02-26": "111.02",
    "2027-03-31": "107.46",
    "2027-04-30": "110.35",
    "2027-05-28": "112.91",
    "2027-06-30": "114.18",
}

# balance assertions the generator computes: (date, account)
BALANCES = [
    ("2027-02-01", "Assets:Bank:AireVale:Joint"),
    ("2027-03-01", "Assets:Bank:AireVale:Joint"),
    ("2027-04-01", "Assets:Bank:AireVale:Joint"),
    ("2027-04-01", "Assets:Bank:Wragby:Saver"),
    ("2027-05-01", "Assets:Bank:AireVale:Joint"),
    ("2027-06-01", "Assets:Bank:AireVale:Joint"),
    ("2027-07-01", "Assets:Bank:AireVale:Joint"),
    ("2027-07-01", "Assets:Bank:AireVale:BillsPot"),
    ("2027-07-01", "Assets:Bank:Wragby:Saver"),
    ("2027-07-01", "Liabilities:Mortgage:AireVale"),
]

# the opening: each account padded from Equity:Opening-Balances to the balance the bank gave on 2 January
OPENING = [
    ("Assets:Bank:AireVale:Joint", "2318.44"),
    ("Assets:Bank:AireVale:BillsPot", "1316.40"),
    ("Assets:Bank:Wragby:Saver", "4215.00"),
    ("Assets:Cash", "60.00"),
    ("Liabilities:Mortgage:AireVale", "-148902.55"),
    ("Liabilities:CreditCard:Halden", "-214.63"),
]

# one-off entries, each (date, text as written under the month's heading); the date orders them
ONE_OFFS = [
    (
        "2027-01-01",
        '2027-01-01 event "location" "Harrowfield, West Yorkshire"\n'
        '2027-01-01 event "employer-rhys" "Skelwith Academy Trust (teaching assistant)"\n',
    ),
    (
        "2027-01-09",
        '2027-01-09 * "Harlow Mutual" "Car insurance renewal - Skoda Fabia YG19 KDV"\n'
        '  policy: "HM-MTR-5530172"\n'
        "  Expenses:Car:Insurance                 486.21 GBP\n"
        "  Liabilities:CreditCard:Corvid\n",
    ),
    (
        "2027-01-15",
        ";; ISA top-up for the new tax year can wait until April; this is this year's last one.\n"
        '2027-01-15 * "Pennyfield Invest" "ISA contribution"\n'
        "  Assets:Invest:ISA:Cash               1000.00 GBP\n"
        "  Assets:Bank:Wragby:Saver\n"
        "\n"
        '2027-01-18 * "Pennyfield Invest" "Buy VWRL"\n'
        '  order: "PF-ORD-118734"\n'
        "  Assets:Invest:ISA:VWRL                    9 VWRL {108.42 GBP}\n"
        "  Expenses:Fees:Platform                 1.50 GBP\n"
        "  Assets:Invest:ISA:Cash\n",
    ),
    (
        "2027-01-22",
        '2027-01-22 * "Lakeland Hideaways" "Deposit - Brandelhow Barn, Portinscale, 22-29 May" #lakes-may27 ^brandelhow-barn\n'
        '  booking: "LH-27-08841"\n'
        "  Expenses:Holiday:Accommodation        180.00 GBP\n"
        "  Liabilities:CreditCard:Corvid\n",
    ),
    (
        "2027-01-30",
        '2027-01-30 * "Skelwith Community Centre" "Elsie - Little Movers class, spring term (10 weeks)"\n'
        "  Expenses:Kids:Activities               65.00 GBP\n"
        "  Assets:Cash\n",
    ),
    (
        "2027-02-04",
        '2027-02-04 * "Halden Bank" "Final card payment"\n'
        "  Liabilities:CreditCard:Halden          214.63 GBP\n"
        "  Assets:Bank:AireVale:Joint\n"
        "\n"
        "2027-02-05 balance Liabilities:CreditCard:Halden       0.00 GBP\n",
    ),
    (
        "2027-02-10",
        "2027-02-10 note Liabilities:Mortgage:AireVale \"Fixed at 4.29% until 31 August 2028, then the society's standard "
        'variable rate. We may overpay up to 10% of the balance a year without an early repayment charge."\n',
    ),
    (
        "2027-02-12",
        ";; The boiler lost pressure twice in January. Dale Gas & Plumbing found a failed diverter valve;\n"
        ";; the part was 142.00 + VAT, the rest is labour. Boiler is a Vaillant ecoTEC, fitted 2016.\n"
        '2027-02-12 * "Dale Gas & Plumbing" "Boiler repair - diverter valve"\n'
        '  invoice: "INV-20417"\n'
        '  receipt: "receipts/2027-02-12 Dale Gas invoice.pdf"\n'
        "  Expenses:Home:Repairs                 285.60 GBP\n"
        "  Assets:Bank:AireVale:Joint\n",
    ),
    (
        "2027-02-14",
        '2027-02-14 * "The Fleece at Ripponden" "Valentine\'s dinner"\n'
        "  Expenses:Food:EatingOut                78.40 GBP\n"
        "  Liabilities:CreditCard:Corvid\n",
    ),
    (
        "2027-02-23",
        '2027-02-23 * "Harrowfield Dental Care" "Check-ups, Tamsin and Rhys (NHS band 1)"\n'
        "  Expenses:Health:Dental                 54.80 GBP\n"
        "  Liabilities:CreditCard:Corvid\n",
    ),
    ("2027-02-28", "2027-02-28 close Liabilities:CreditCard:Halden\n"),
    (
        "2027-03-06",
        '2027-03-06 * "Moorgate Motors" "MOT and full service, Skoda Fabia"\n'
        '  invoice: "MM-88213"\n'
        "  mileage: 61840\n"
        "  Expenses:Car:Servicing                312.75 GBP\n"
        "  Assets:Bank:AireVale:Joint\n",
    ),
    (
        "2027-03-13",
        ";; Old Bosch washer died mid-cycle (drum bearing). Replacement is a Beko 9kg with a\n"
        ";; five-year parts-and-labour warranty, registered online the same evening: it runs to March 2032.\n"
        '2027-03-13 * "Hughes Electrical" "Washing machine, delivered and old one taken away"\n'
        '  receipt: "receipts/2027-03-13 Hughes washer.pdf"\n'
        "  Expenses:Home:Appliances              449.00 GBP\n"
        "  Liabilities:CreditCard:Corvid\n"
        "\n"
        '2027-03-13 document Expenses:Home:Appliances "documents/Beko warranty certificate 2027-03-13.pdf"\n',
    ),
    (
        "2027-03-20",
        '2027-03-20 note Assets:Bank:Wragby:Saver "Wragby letter: rate falls from 4.60% to 4.35% AER on 1 April. '
        'Still better than the joint account, so leave the emergency fund here."\n',
    ),
    (
        "2027-03-27",
        '2027-03-27 * "Wakefield Road Florists" "Flowers for Mum\'s 70th (Rhys\'s mum, Glenys)"\n'
        "  Expenses:Gifts                         45.00 GBP\n"
        "  Liabilities:CreditCard:Corvid\n",
    ),
    (
        "2027-04-02",
        '2027-04-02 note Expenses:Home:Energy "Harbourlight reviewed the direct debit: 84.20 up to 96.50 a month from '
        'April. Meter readings sent 1 April: 41822 day, 17309 night."\n'
        ";; Council tax is collected over ten months, April to January, so nothing is paid in February\n"
        ";; or March. The 2027/28 bill (band C) is 1,960.00 GBP, 196.00 GBP a month.\n",
    ),
    (
        "2027-04-09",
        '2027-04-09 * "Pennyfield Invest" "ISA contribution 2027/28"\n'
        "  Assets:Invest:ISA:Cash               1500.00 GBP\n"
        "  Assets:Bank:Wragby:Saver\n"
        "\n"
        '2027-04-12 * "Pennyfield Invest" "Buy VWRL"\n'
        '  order: "PF-ORD-121906"\n'
        "  Assets:Invest:ISA:VWRL                   13 VWRL {110.06 GBP}\n"
        "  Expenses:Fees:Platform                 1.50 GBP\n"
        "  Assets:Invest:ISA:Cash\n",
    ),
    (
        "2027-04-20",
        '2027-04-20 event "employer-rhys" "Calder Valley Sixth Form College (learning support lead)"\n',
    ),
    (
        "2027-04-24",
        '2027-04-24 * "Lakeland Hideaways" "Balance - Brandelhow Barn" #lakes-may27 ^brandelhow-barn\n'
        '  booking: "LH-27-08841"\n'
        "  Expenses:Holiday:Accommodation        540.00 GBP\n"
        "  Assets:Bank:AireVale:Joint\n"
        "\n"
        ";; Refundable, returned after checkout if nothing is damaged. Not back yet at the end of June:\n"
        ";; chase Lakeland Hideaways if it has not arrived by 12 July.\n"
        '2027-04-24 ! "Lakeland Hideaways" "Security deposit - Brandelhow Barn" #lakes-may27 ^brandelhow-barn\n'
        "  Assets:Receivables:Deposits           150.00 GBP\n"
        "  Assets:Bank:AireVale:Joint\n",
    ),
    (
        "2027-05-08",
        '2027-05-08 * "Skelwith Community Centre" "Elsie\'s 3rd birthday party - hall hire and bouncy castle"\n'
        '  invoice: "SCC-0493"\n'
        "  Expenses:Kids:Activities              128.00 GBP\n"
        "  Assets:Bank:AireVale:Joint\n",
    ),
    (
        "2027-05-12",
        '2027-05-12 * "Harrowfield Opticians" "Rhys - eye test and glasses (varifocals)"\n'
        "  Expenses:Health:Optician              219.00 GBP\n"
        "  Liabilities:CreditCard:Corvid\n",
    ),
    (
        "2027-05-22",
        '2027-05-22 event "location" "Portinscale, Cumbria"\n'
        '2027-05-22 * "Esso Kendal" "Diesel on the way up" #lakes-may27\n'
        "  Expenses:Car:Fuel                      57.82 GBP\n"
        "  Liabilities:CreditCard:Corvid\n"
        "\n"
        '2027-05-22 * "Booths Keswick" "Groceries for the week" #lakes-may27\n'
        "  Expenses:Food:Groceries                88.16 GBP\n"
        "  Liabilities:CreditCard:Corvid\n",
    ),
    (
        "2027-05-24",
        '2027-05-24 * "Derwentwater Launches" "Round-the-lake boat, 2 adults + Elsie free" #lakes-may27\n'
        "  Expenses:Holiday:Activities            31.50 GBP\n"
        "  Liabilities:CreditCard:Corvid\n",
    ),
    (
        "2027-05-26",
        '2027-05-26 * "Whinlatter Forest" "Parking and the Gruffalo trail" #lakes-may27\n'
        "  Expenses:Holiday:Activities            14.00 GBP\n"
        "  Assets:Cash\n"
        "\n"
        '2027-05-26 * "The Swinside Arms" "Dinner, Elsie asleep by the pudding" #lakes-may27\n'
        "  Expenses:Food:EatingOut                63.85 GBP\n"
        "  Liabilities:CreditCard:Corvid\n",
    ),
    ("2027-05-29", '2027-05-29 event "location" "Harrowfield, West Yorkshire"\n'),
    (
        "2027-06-05",
        ";; Mirror wills for both of us. Gareth (Rhys's brother) is named guardian for Elsie, with\n"
        ";; Tamsin's sister Bryony as the back-up. Originals are kept by the solicitors.\n"
        '2027-06-05 * "Ashworth Pike Solicitors" "Mirror wills"\n'
        '  invoice: "APS/7731/W"\n'
        "  Expenses:Legal                        420.00 GBP\n"
        "  Assets:Bank:AireVale:Joint\n",
    ),
    (
        "2027-06-14",
        '2027-06-14 * "Corvid Card Services" "Cashback, first half-year"\n'
        "  Liabilities:CreditCard:Corvid           24.18 GBP\n"
        "  Income:Cashback\n",
    ),
    (
        "2027-06-19",
        '2027-06-19 * "Refund: Hughes Electrical, delivery charge waived after the late drop"\n'
        "  Liabilities:CreditCard:Corvid           20.00 GBP\n"
        "  Income:Refunds\n",
    ),
    ("2027-06-28", "2027-06-28 price GBP 1.2684 USD\n"),
]

# the Corvid card's statement is paid in full from the joint account on the 5th (the generator works out the amount,
# the card's balance on the 28th of the month before); Tamsin is paid on the 25th, Rhys on the 28th

# --- the screenplay -------------------------------------------------------------------------------------------------
# A short film by Catriona Lyttle: a night bus driver's last shift on the 47 from Harrowgate Street to Dunmere. A scene:
# (heading, title or "", summary or "", paragraphs); a paragraph (type, text) where text is a string or a list of
# (style, text) runs; a ("Note", text) after a paragraph is a script note on it.

FDX_NAME = "Last Bus to Dunmere.fdx"

TITLE_PAGE = [
    ("Center", "LAST BUS TO DUNMERE"),
    ("Center", ""),
    ("Center", "Written by"),
    ("Center", "Catriona Lyttle"),
    ("Center", ""),
    ("Center", "Based on a story by her grandfather, Alec Lyttle,"),
    ("Center", "who drove the 47 for thirty-one years"),
    ("Left", "Third draft - 14 February 2027"),
    ("Left", "Catriona Lyttle"),
    ("Left", "Flat 2, 9 Sowerby Terrace, Halifax HX1 4QD"),
    ("Left", "07700 914 362"),
    ("Left", "catriona.lyttle@lyttlefilms.example"),
]

SCENES = [
    (
        "INT. OAKROYD BUS DEPOT - CANTEEN - NIGHT",
        "Joyce's last shift",
        "Joyce signs on for her last night and is given the 47.",
        [
            (
                "Action",
                "A strip-lit canteen. A kettle that never stops. A noticeboard of rotas and a RETIREMENT card.",
            ),
            (
                "Action",
                [
                    ("", "JOYCE ABERNETHY (64), flask, hi-vis folded over one arm, reads the card. It says "),
                    ("Bold", "HAPPY RETIREMENT JOYCE - 38 YEARS!"),
                    ("", " Someone has crossed out 38 and written 39."),
                ],
            ),
            ("Character", "DES (O.S.)"),
            ("Dialogue", "You've got the 47, love. Twenty-three fifteen out of Harrowgate Street."),
            ("Character", "JOYCE"),
            ("Parenthetical", "(not looking up)"),
            ("Dialogue", "Course I have. Last one's always the 47."),
            ("Action", "DES PRIESTLEY (50s), the night controller, leans in the doorway with a clipboard."),
            ("Character", "DES"),
            ("Dialogue", "Bus is 1147. The one with the heater that only does your feet."),
            ("Character", "JOYCE"),
            ("Dialogue", "Then my feet'll be grand."),
        ],
    ),
    (
        "EXT. OAKROYD BUS DEPOT - YARD - NIGHT",
        "",
        "",
        [
            (
                "Action",
                "Rain on rows of parked double-deckers. Joyce walks the line, slapping each bus gently on the flank like a horse.",
            ),
            (
                "Action",
                "She stops at a single-decker: fleet number 1147, route blind reading 47 DUNMERE VIA SKELWITH.",
            ),
            ("Character", "JOYCE"),
            ("Parenthetical", "(to the bus)"),
            ("Dialogue", "Just you and me, then."),
        ],
    ),
    (
        "EXT. HARROWGATE STREET BUS STATION - STAND F - NIGHT",
        "",
        "Kieran boards without a fare.",
        [
            ("Action", "The station is nearly empty. A pigeon on the timetable. 23:14 on the digital clock."),
            (
                "Action",
                "KIERAN LYTTLE (19), soaked, a guitar case with no guitar in it, runs for the bus and gets on as the doors start to close.",
            ),
            ("Character", "KIERAN"),
            ("Dialogue", "Dunmere? How much to Dunmere?"),
            ("Character", "JOYCE"),
            ("Dialogue", "Three pound forty single."),
            (
                "Action",
                "He turns out his pockets: a plectrum, a bus pass that expired in March, eleven pence.",
            ),
            ("Character", "JOYCE (CONT'D)"),
            ("Parenthetical", "(a long beat)"),
            ("Dialogue", "Go and sit down before I change my mind."),
        ],
    ),
    (
        "INT. BUS 1147 - MOVING - NIGHT",
        "",
        "",
        [
            (
                "Action",
                "Kieran sits three rows back, the empty guitar case across his knees. Joyce watches him in the mirror.",
            ),
            ("Character", "JOYCE"),
            ("Dialogue", "Where's the guitar?"),
            ("Character", "KIERAN"),
            ("Dialogue", "Pawn shop on Crossley Street. Forty quid. I'm getting it back Friday."),
            ("Character", "JOYCE"),
            ("Dialogue", "They all say Friday."),
        ],
    ),
    (
        "EXT. HALIFAX ROYAL INFIRMARY - BUS STOP - NIGHT",
        "Naomi",
        "A nurse off a double shift gets on and falls asleep.",
        [
            (
                "Action",
                "NAOMI FENWICK-ODUYA (33), nurse's lanyard, trainers, eyes half shut, taps her card on the reader. It beeps twice.",
            ),
            ("Character", "NAOMI"),
            (
                "Dialogue",
                "Wake me up at Skelwith Green. Please. I have done fourteen hours and I will end up in Dunmere.",
            ),
            ("Character", "JOYCE"),
            ("Dialogue", "Skelwith Green. I'll shout."),
            (
                "Action",
                "Naomi is asleep before she reaches a seat. She folds into the front row, head against the glass.",
            ),
        ],
    ),
    (
        "INT. BUS 1147 - MOVING - NIGHT",
        "",
        "",
        [
            ("Action", "Quiet. The wipers. Joyce's radio crackles."),
            ("Character", "DES (V.O.)"),
            ("Parenthetical", "(over radio)"),
            (
                "Dialogue",
                "Control to 1147. Tree down on Ogden Lane, you're diverting by the reservoir road. Over.",
            ),
            ("Character", "JOYCE"),
            ("Dialogue", "The reservoir road. In this. Lovely. Over."),
        ],
    ),
    (
        "EXT. WARLEY MOOR RESERVOIR ROAD - NIGHT",
        "",
        "",
        [
            (
                "Shot",
                "WIDE - the single-decker's lights crawling along a dam wall, black water on one side, moor on the other.",
            ),
            (
                "Action",
                [
                    ("", "Halfway across, a FIGURE in the headlights: an old man in a good coat, holding a "),
                    ("Italic", "parcel wrapped in brown paper and string"),
                    ("", ", standing at a stop that has not been a stop for years."),
                ],
            ),
        ],
    ),
    (
        "INT. BUS 1147 - CONTINUOUS",
        "Mr Templeton",
        "Joyce stops for a passenger at a disused stop.",
        [
            ("Action", "Joyce brakes. The doors hiss open. Rain blows in."),
            (
                "Action",
                "MR TEMPLETON (80s) climbs aboard, careful, dignified. He holds out an old paper ticket, the kind with a hole punched in it.",
            ),
            ("Character", "MR TEMPLETON"),
            ("Dialogue", "Return to Dunmere Green, please. I came out on the 1987 timetable."),
            ("Character", "JOYCE"),
            ("Parenthetical", "(taking the ticket, turning it over)"),
            ("Dialogue", "That's one of Alec's. Alec Lyttle punched these."),
            ("Character", "KIERAN"),
            ("Parenthetical", "(sitting up)"),
            ("Dialogue", "That's my grandad's name."),
        ],
    ),
    (
        "INT. BUS 1147 - MOVING - NIGHT",
        "",
        "",
        [
            (
                "Action",
                "Mr Templeton sits across the aisle from Kieran and sets the parcel on the seat beside him like a passenger.",
            ),
            ("Character", "MR TEMPLETON"),
            (
                "Dialogue",
                "Your grandfather let me ride free for a month in the winter of '87, when the mill closed. Never once asked.",
            ),
            ("Character", "KIERAN"),
            ("Dialogue", "He never said."),
            ("Character", "MR TEMPLETON"),
            ("Dialogue", "He wouldn't. That's what made him a good driver. Good drivers don't count."),
        ],
    ),
    (
        "INT. BUS 1147 - SKELWITH GREEN - NIGHT",
        "",
        "Joyce keeps her promise to Naomi.",
        [
            (
                "Action",
                "The bus pulls in by a war memorial and a shut chip shop. Joyce stands, walks back and taps Naomi's shoulder.",
            ),
            ("Character", "JOYCE"),
            ("Dialogue", "Skelwith Green, love. Told you I'd shout."),
            ("Character", "NAOMI"),
            ("Parenthetical", "(waking, confused, grateful)"),
            ("Dialogue", "You're an angel. Thirty-nine years and you still stop for us."),
            (
                "Action",
                "She steps off. Joyce watches until a porch light comes on across the green before she pulls away.",
            ),
        ],
    ),
    (
        "EXT. ALL-NIGHT GARAGE, SOWERBY ROAD - NIGHT",
        "",
        "",
        [
            (
                "Action",
                "The bus idles by a petrol station. Joyce comes out with three teas in a cardboard tray and a packet of custard creams.",
            ),
        ],
    ),
    (
        "INT. BUS 1147 - STATIONARY - NIGHT",
        "The parcel",
        "Mr Templeton asks Kieran to deliver the parcel.",
        [
            ("Action", "Tea all round. Mr Templeton slides the parcel across to Kieran."),
            ("Character", "MR TEMPLETON"),
            (
                "Dialogue",
                "Number 6, Cragg Vale Road. For Mrs Hilda Sunderland. I should have taken it to her forty years ago.",
            ),
            ("Character", "KIERAN"),
            ("Dialogue", "What is it?"),
            ("Character", "MR TEMPLETON"),
            ("Dialogue", 'A music box. It plays "The Water Is Wide". Badly, these days.'),
        ],
    ),
    (
        "EXT. DUNMERE GREEN - TERMINUS - NIGHT",
        "",
        "",
        [
            (
                "Action",
                "The end of the line: a turning circle, a shelter, one street lamp. 00:41 on Joyce's watch.",
            ),
            (
                "Action",
                "Joyce turns in her seat. The seat across from Kieran is empty. Only the paper ticket is left on it, punched twice now.",
            ),
            ("Character", "KIERAN"),
            ("Dialogue", "He didn't get off. I'd have seen him get off."),
            ("Character", "JOYCE"),
            ("Parenthetical", "(quietly)"),
            ("Dialogue", "Some of them don't."),
        ],
    ),
    (
        "EXT. 6 CRAGG VALE ROAD, DUNMERE - NIGHT",
        "",
        "Kieran delivers the parcel.",
        [
            (
                "Action",
                "A terraced house, one window lit. Kieran knocks. HILDA SUNDERLAND (80s), dressing gown, opens the door on the chain.",
            ),
            (
                "Action",
                "He holds out the parcel. She reads the handwriting on the label and takes the chain off.",
            ),
            ("Character", "HILDA"),
            ("Dialogue", "Walter. That's Walter's writing."),
        ],
    ),
    (
        "INT. BUS 1147 - TERMINUS - NIGHT",
        "",
        "",
        [
            (
                "Action",
                "Joyce fills in her last running sheet. Under REMARKS she writes: ALL PASSENGERS DELIVERED.",
            ),
            ("Character", "DES (V.O.)"),
            ("Parenthetical", "(over radio)"),
            ("Dialogue", "Control to 1147. You're clear to run in. Depot's got a cake for you. Over."),
            ("Character", "JOYCE"),
            ("Dialogue", "Tell them I'll be twenty minutes. I've a lad to run home first. Over."),
        ],
    ),
    (
        "EXT. DUNMERE GREEN - DAWN",
        "",
        "",
        [
            (
                "Action",
                "Grey light. Kieran climbs back aboard. Joyce swings the blind round until it reads NOT IN SERVICE.",
            ),
            ("Character", "KIERAN"),
            ("Dialogue", "She cried. Then she made me toast."),
            ("Character", "JOYCE"),
            ("Dialogue", "Best fare I ever took."),
            ("Transition", "FADE OUT."),
        ],
    ),
]

# script notes: (scene number, paragraph index in the scene, author, text)
SCRIPT_NOTES = [
    (
        3,
        6,
        "Catriona",
        "Check with Calderline what a single to Dunmere actually costs in 2027 - Grandad's fare in 1987 was 45p.",
    ),
    (
        7,
        0,
        "Martin (DoP)",
        "Dam wall shot needs the drone and a dry night; Yorkshire Water permit for Warley Moor applied for 3 Feb.",
    ),
    (
        12,
        6,
        "Catriona",
        "Music box cue: licence the tune or use the public domain arrangement Sam recorded on the harmonium.",
    ),
]

# --- the recipes ----------------------------------------------------------------------------------------------------
# Hattie and Joel Marchbank's recipes, Stroud. A recipe: a dict of Paprika's fields (the generator adds uid, hash,
# photo fields, created and the rest). Members are written in this order.

PAPRIKA_NAME = "Marchbank recipes.paprikarecipes"

RECIPES = [
    {
        "name": "Joel's Saturday Sourdough",
        "categories": ["Bread", "Weekend"],
        "servings": "1 large loaf",
        "prep_time": "40 mins",
        "cook_time": "45 mins",
        "total_time": "24 hours",
        "difficulty": "Medium",
        "rating": 5,
        "source": "Joel",
        "source_url": "",
        "description": "The loaf Joel has made most Saturdays since 2024. Starter is called Dough Jones.",
        "ingredients": "100g active starter (fed the night before)\n375g water, lukewarm\n450g strong white flour\n"
        "50g wholemeal spelt flour\n10g fine sea salt\nRice flour, for the banneton",
        "directions": "Friday 9pm: feed the starter 1:1:1 and leave it on the worktop.\n\n"
        "Saturday 8am: mix the starter with 350g of the water, then the flours, until no dry bits remain. Rest 45 "
        "minutes (autolyse).\n\n"
        "Add the salt with the last 25g of water and squeeze it through.\n\n"
        "Four sets of stretch and folds, 30 minutes apart, then leave until it has grown by about half (4-5 hours "
        "at 21C).\n\n"
        "Pre-shape, rest 20 minutes, shape into a batard and put seam up in the floured banneton. Into the fridge "
        "overnight.\n\n"
        "Sunday: heat the oven to 250C with the Dutch oven inside for 45 minutes. Score, bake 20 minutes lid on, "
        "then 25 minutes lid off at 230C.",
        "notes": "Spelt makes it nutty; more than 50g and it spreads. In summer cut the bulk to 3.5 hours.",
        "nutritional_info": "",
    },
    {
        "name": "Nana Win's Cheese Scones",
        "categories": ["Baking", "Family"],
        "servings": "10 scones",
        "prep_time": "15 mins",
        "cook_time": "14 mins",
        "total_time": "30 mins",
        "difficulty": "Easy",
        "rating": 5,
        "source": "Winifred Marchbank's recipe card",
        "source_url": "",
        "description": "Copied from Joel's nana's handwritten card, kept in the tin with the Christmas cake recipe.",
        "ingredients": "225g self-raising flour\n1 tsp baking powder\n1/2 tsp English mustard powder\n"
        "Pinch of cayenne\n55g cold butter, cubed\n100g mature Cheddar, grated, plus extra for the tops\n"
        "150ml whole milk, plus a splash to glaze",
        "directions": "Heat the oven to 220C (200C fan). Line a baking tray.\n"
        "Rub the butter into the flour, baking powder, mustard and cayenne until it looks like breadcrumbs.\n"
        "Stir in the cheese, then the milk, with a knife, to a soft dough. Do not knead.\n"
        "Pat out to 2.5cm thick and stamp out with a 6cm cutter; do not twist it.\n"
        "Brush with milk, scatter the extra cheese and bake 12-14 minutes until risen and golden.",
        "notes": "Nana always said the secret is a hot oven and a light hand. They freeze well for a month.",
        "nutritional_info": "",
    },
    {
        "name": "Slow Cooker Beef and Ale Stew",
        "categories": ["Mains", "Slow cooker", "Winter"],
        "servings": "6",
        "prep_time": "25 mins",
        "cook_time": "8 hours",
        "total_time": "8 hours 25 mins",
        "difficulty": "Easy",
        "rating": 4,
        "source": "The Little Larder",
        "source_url": "https://www.thelittlelarder.example/slow-cooker-beef-and-ale",
        "description": "",
        "ingredients": "1kg braising steak, in 4cm chunks\n2 tbsp plain flour\n2 tbsp rapeseed oil\n"
        "2 onions, sliced\n3 carrots, in chunks\n250g chestnut mushrooms, halved\n"
        "500ml Stroud Brewery Budding pale ale\n300ml beef stock\n2 tbsp tomato puree\n1 tbsp Worcestershire sauce\n"
        "3 bay leaves\n4 sprigs thyme",
        "directions": "Toss the beef in the flour and brown in batches in the oil; tip into the slow cooker.\n"
        "Soften the onions in the same pan, then deglaze with a splash of the ale.\n"
        "Add everything to the slow cooker, pour over the rest of the ale and the stock.\n"
        "Cook on LOW for 8 hours (or HIGH for 5).\n"
        "Thicken with a little cornflour if needed and season before serving.",
        "notes": "Joel swaps the pale ale for a stout in January. Serve with the cheese scones or mash.",
        "nutritional_info": "Per serving (approx.): 410 kcal, 44g protein, 13g fat",
    },
    {
        "name": "Pea, Mint and Feta Fritters",
        "categories": ["Lunch", "Vegetarian", "Kids"],
        "servings": "12 fritters",
        "prep_time": "10 mins",
        "cook_time": "15 mins",
        "total_time": "25 mins",
        "difficulty": "Easy",
        "rating": 4,
        "source": "Hattie",
        "source_url": "",
        "description": "Ottilie's favourite lunchbox fritter.",
        "ingredients": "300g frozen peas, defrosted\n2 spring onions, finely sliced\nSmall bunch mint, chopped\n"
        "100g feta, crumbled\n2 eggs\n75g self-raising flour\n60ml milk\nZest of 1 lemon\nOlive oil, for frying",
        "directions": "Lightly crush the peas with a potato masher.\n"
        "Whisk the eggs, milk and flour to a thick batter; fold in peas, spring onions, mint, feta and zest.\n"
        "Fry heaped tablespoons in a little oil for 3 minutes a side over a medium heat.\n"
        "Drain on kitchen paper.",
        "notes": "Leave out the mint for Ottilie's friend Arlo, who won't eat anything green that isn't a pea.",
        "nutritional_info": "",
    },
    {
        "name": "Sticky Miso Aubergine",
        "categories": ["Mains", "Vegetarian"],
        "servings": "2",
        "prep_time": "10 mins",
        "cook_time": "35 mins",
        "total_time": "45 mins",
        "difficulty": "Easy",
        "rating": 5,
        "source": "Supper Club at Kemi's",
        "source_url": "",
        "description": "Kemi made this at her supper club in October; she wrote the amounts on the back of the menu.",
        "ingredients": "2 aubergines, halved lengthways\n2 tbsp white miso\n1 tbsp mirin\n1 tbsp maple syrup\n"
        "1 tsp toasted sesame oil\n1 tsp rice vinegar\nSesame seeds and sliced spring onion, to serve\n"
        "Steamed jasmine rice, to serve",
        "directions": "Heat the oven to 200C fan. Score the cut sides of the aubergine deeply in a criss-cross.\n"
        "Brush with oil and roast cut side up for 25 minutes, until soft.\n"
        "Mix the miso, mirin, maple syrup, sesame oil and vinegar; spread thickly over the aubergine.\n"
        "Grill for 6-8 minutes until the glaze bubbles and catches at the edges.",
        "notes": "Kemi uses shiro (white) miso; red miso made it too salty when we tried it.",
        "nutritional_info": "",
    },
    {
        "name": "Lemon Drizzle Traybake",
        "categories": ["Baking", "School bake sale"],
        "servings": "16 squares",
        "prep_time": "15 mins",
        "cook_time": "30 mins",
        "total_time": "1 hour 15 mins (with cooling)",
        "difficulty": "Easy",
        "rating": 4,
        "source": "Uplands Primary PTA cookbook, p. 23",
        "source_url": "",
        "description": "",
        "ingredients": "225g softened butter\n225g caster sugar\n275g self-raising flour\n2 tsp baking powder\n"
        "4 eggs\n4 tbsp milk\nFinely grated zest of 2 lemons\nFor the drizzle: juice of 2 lemons and 175g "
        "granulated sugar",
        "directions": "Heat the oven to 180C (160C fan). Line a 30 x 23cm tin.\n"
        "Beat all the cake ingredients together for 2 minutes until smooth.\n"
        "Spread in the tin and bake for 30-35 minutes until it springs back.\n"
        "Mix the lemon juice and granulated sugar and spoon over while the cake is still warm.",
        "notes": "Sold out first at the May bake sale. Cut into 16 for the PTA, 12 at home.",
        "nutritional_info": "",
    },
    {
        "name": "Hattie's Chicken Traybake with Chorizo",
        "categories": ["Mains", "Weeknight"],
        "servings": "4",
        "prep_time": "15 mins",
        "cook_time": "50 mins",
        "total_time": "1 hour 5 mins",
        "difficulty": "Easy",
        "rating": 5,
        "source": "Hattie",
        "source_url": "",
        "description": "The Tuesday dinner.",
        "ingredients": "8 bone-in chicken thighs, skin on\n150g cooking chorizo, in chunks\n"
        "750g new potatoes, halved\n1 red onion, in wedges\n2 red peppers, in strips\n1 whole garlic bulb, cloves "
        "separated\n1 tsp smoked paprika\n2 tbsp olive oil\n100g cherry tomatoes",
        "directions": "Heat the oven to 210C (190C fan).\n"
        "Toss the potatoes, onion, peppers and garlic with the oil and paprika in a large roasting tin.\n"
        "Sit the chicken on top, skin side up, and season.\n"
        "Roast for 30 minutes, then scatter over the chorizo and tomatoes and roast for 20 minutes more.",
        "notes": "Use thighs, not breasts: breasts dried out at 50 minutes. Leftovers go in Joel's lunch.",
        "nutritional_info": "",
    },
    {
        "name": "Overnight Bircher Muesli",
        "categories": ["Breakfast"],
        "servings": "4",
        "prep_time": "10 mins",
        "cook_time": "",
        "total_time": "10 mins plus overnight",
        "difficulty": "Easy",
        "rating": 3,
        "source": "Clinic leaflet, Dr Adebayo",
        "source_url": "",
        "description": "For the weeks Joel is on early shifts.",
        "ingredients": "200g jumbo oats\n300ml apple juice\n200g natural yoghurt\n2 apples, grated\n"
        "2 tbsp chia seeds\n1 tsp cinnamon\nBerries and toasted hazelnuts, to serve",
        "directions": "Stir the oats, apple juice, yoghurt, grated apple, chia and cinnamon together.\n"
        "Cover and chill overnight.\n"
        "In the morning loosen with a splash of milk and top with berries and hazelnuts.",
        "notes": "Keeps 3 days in the fridge. A bit worthy - Ottilie calls it 'wet porridge'.",
        "nutritional_info": "",
    },
    {
        "name": "Cornish Pasties (Gran Pascoe's way)",
        "categories": ["Mains", "Family", "Picnic"],
        "servings": "6 pasties",
        "prep_time": "1 hour",
        "cook_time": "50 mins",
        "total_time": "2 hours 20 mins",
        "difficulty": "Hard",
        "rating": 5,
        "source": "Gran Pascoe (Hattie's grandmother), Redruth",
        "source_url": "",
        "description": "",
        "ingredients": "For the pastry: 500g strong white flour, 120g lard, 125g cold butter, 1 tsp salt, 175ml "
        "cold water\nFor the filling: 450g beef skirt, 450g potato, 250g swede, 200g onion\nSalt and plenty of "
        "white pepper\n1 egg, beaten, to glaze",
        "directions": "Rub the fats into the flour and salt, add the water, knead briefly and chill for 3 hours "
        "(or overnight).\n"
        "Roll out and cut six 20cm rounds using a side plate.\n"
        "Layer thinly sliced potato, swede and onion on one half of each round, then the beef cut in small "
        "pieces, seasoning each layer. Everything goes in raw.\n"
        "Fold over and crimp along the edge: Gran did about 20 crimps a pasty.\n"
        "Glaze and bake at 200C (180C fan) for 20 minutes, then 160C (140C fan) for 30 minutes.",
        "notes": "Never carrot. Gran said a pasty with carrot in it is a Devon pasty and should be "
        "treated as such.",
        "nutritional_info": "",
    },
    {
        "name": "Green Thai Curry Paste",
        "categories": ["Sauces and pastes"],
        "servings": "Enough for 3 curries",
        "prep_time": "15 mins",
        "cook_time": "",
        "total_time": "15 mins",
        "difficulty": "Medium",
        "rating": 4,
        "source": "Stroud Farmers' Market demo (Siam Corner stall)",
        "source_url": "https://www.siamcorner.example/paste",
        "description": "",
        "ingredients": "6 green bird's eye chillies\n2 lemongrass stalks, tough outer leaves removed\n"
        "4cm galangal, peeled\n4 garlic cloves\n3 Thai shallots\nLarge bunch coriander, with roots\n"
        "6 kaffir lime leaves\n1 tsp toasted cumin seeds\n1 tsp toasted coriander seeds\n1 tsp shrimp paste\n"
        "2 tbsp fish sauce\nZest of 1 lime",
        "directions": "Pound the toasted seeds to a powder.\n"
        "Blitz everything else in a small processor, adding a spoon of water if needed, to a smooth paste.\n"
        "Divide into three and freeze in small bags, flattened.",
        "notes": "Only 3 chillies when the children are eating it. Frozen paste keeps 3 months.",
        "nutritional_info": "",
    },
    {
        "name": "Rhubarb and Ginger Crumble",
        "categories": ["Puddings", "Allotment"],
        "servings": "6",
        "prep_time": "20 mins",
        "cook_time": "40 mins",
        "total_time": "1 hour",
        "difficulty": "Easy",
        "rating": 4,
        "source": "Hattie",
        "source_url": "",
        "description": "For when plot 14 at Bisley Road allotments is drowning in rhubarb.",
        "ingredients": "800g rhubarb, in 3cm pieces\n80g golden caster sugar\n2 balls stem ginger, chopped, "
        "plus 2 tbsp syrup\nFor the crumble: 175g plain flour, 50g oats, 110g cold butter, 90g demerara sugar",
        "directions": "Heat the oven to 190C (170C fan).\n"
        "Toss the rhubarb with the caster sugar, stem ginger and syrup and spread in a 2-litre dish.\n"
        "Rub the butter into the flour, then stir in the oats and demerara.\n"
        "Scatter over the fruit and bake for 35-40 minutes until golden and bubbling at the edges.",
        "notes": "Forced rhubarb needs only 50g sugar. Custard, not cream - house rule.",
        "nutritional_info": "",
    },
    {
        "name": "Ottilie's Birthday Chocolate Cake",
        "categories": ["Baking", "Celebrations"],
        "servings": "12",
        "prep_time": "30 mins",
        "cook_time": "30 mins",
        "total_time": "2 hours (with cooling and icing)",
        "difficulty": "Medium",
        "rating": 5,
        "source": "Hattie, adapted from a card in a Bristol cafe",
        "source_url": "",
        "description": "Made every year on 11 September since Ottilie turned one.",
        "ingredients": "250g plain flour\n300g caster sugar\n75g cocoa powder\n2 tsp bicarbonate of soda\n"
        "1 tsp baking powder\n2 eggs\n250ml buttermilk\n125ml sunflower oil\n250ml hot strong coffee\n"
        "For the icing: 200g dark chocolate (70%), 200ml double cream, 2 tbsp golden syrup",
        "directions": "Heat the oven to 180C (160C fan). Grease and line two 20cm sandwich tins.\n"
        "Whisk the dry ingredients together in a big bowl.\n"
        "Beat in the eggs, buttermilk and oil, then the hot coffee last: the batter will be thin.\n"
        "Divide between the tins and bake for 30 minutes.\n"
        "For the icing, heat the cream and syrup until steaming, pour over the chopped chocolate and stir until glossy.",
        "notes": "The coffee doesn't taste of coffee, it just makes it more chocolatey. Decorate with Smarties "
        "in the shape of her age.",
        "nutritional_info": "",
    },
]
