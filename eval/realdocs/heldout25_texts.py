"""The text of the realdocs ``heldout25`` part's private documents, as ``make_heldout25.py`` writes them: a sports
pavilion's terms and conditions of hire as a Word 97-2003 document, a village's community minibus workbook (bookings,
drivers, the vehicle and its rates) as an Excel 97-2003 workbook, and one person's ChatGPT history as OpenAI's "Export
data" gives it. Fixed text only; every person, firm, place, number and address is invented (phone numbers from
Ofcom's drama ranges, web and mail addresses under example.com and example.co.uk)."""

from __future__ import annotations

# --- the Word 97-2003 document ---------------------------------------------------------------------------------------
# A village pavilion's hire terms, typed by its bookings secretary. Blocks in order: ("title" | "subtitle" | "h" | "p",
# text), ("table", rows: the first the header), ("ol" | "ul", items: a numbered or a bulleted list). "{fn:KEY}" marks
# where a footnote's reference stands; FOOTNOTES holds its text. No paragraph is empty and no table cell is empty.

DOC_NAME = "Hollinsmoor Pavilion - Terms and Conditions of Hire 2027.doc"
DOC_META = {
    "title": "Hollinsmoor Pavilion: Terms and Conditions of Hire",
    "creator": "Gillian Sharrock",
    "created": "2027-03-09T19:42:00",
    "modified": "2027-03-10T08:15:00",
}
DOC_HEADER = "Hollinsmoor Pavilion \u2013 Terms and Conditions of Hire"

DOC = [
    ("title", "Hollinsmoor Pavilion"),
    ("subtitle", "Terms and Conditions of Hire, effective from 1 April 2027"),
    (
        "p",
        "Hollinsmoor Pavilion is the clubhouse on Hollinsmoor Recreation Ground, Far Lane. The building belongs to the "
        "village and is run by the Hollinsmoor Pavilion Management Committee (registered charity no. 1187342). The "
        "cricket club and the junior football club have first call on it for their fixtures; at all other times it "
        "can be hired by residents, clubs and businesses on the terms below.",
    ),
    ("h", "Making a booking"),
    (
        "p",
        "All bookings go through the Bookings Secretary, Gillian Sharrock (01632 960417, "
        "bookings@hollinsmoor-pavilion.example.co.uk), who keeps the diary. Please do not arrange a booking with a "
        "committee member at the cricket club bar. A date is held for you as a provisional booking for 14 days; it "
        "becomes confirmed when we have received your signed booking form and the deposit. If either is missing "
        "after 14 days the date is released without notice.",
    ),
    (
        "p",
        "The person who signs the booking form is the hirer and must be 21 or over. The hirer must be present for the "
        "whole of the hire and is responsible for the behaviour of everyone who attends.",
    ),
    (
        "p",
        "Regular bookings, such as a weekly class, are agreed for one term at a time: January to March, April to July "
        "or September to December. August is kept free for the cricket club\u2019s festival week and for the summer "
        "maintenance of the building.",
    ),
    ("h", "Hire charges"),
    (
        "p",
        "Charges are per hour unless stated otherwise and include heating, lighting and the use of tables and "
        "chairs. Time spent setting up and clearing away is part of the hire and must be booked.",
    ),
    (
        "table",
        [
            ["Space", "Monday to Friday", "Saturday and Sunday", "Notes"],
            ["Main hall", "\u00a318.00 an hour", "\u00a324.00 an hour", "120 standing, 80 seated at tables"],
            [
                "Committee room",
                "\u00a39.50 an hour",
                "\u00a312.00 an hour",
                "Seats 16 round the boardroom table",
            ],
            [
                "Kitchen",
                "\u00a36.00 a booking",
                "\u00a36.00 a booking",
                "Only with the main hall or committee room",
            ],
            [
                "Changing rooms and showers",
                "\u00a315.00 a session",
                "\u00a320.00 a session",
                "Sports groups only; a session is up to 3 hours",
            ],
            [
                "Children\u2019s party package",
                "Not available",
                "\u00a380.00",
                "Main hall and kitchen for 3 hours, Saturday or Sunday afternoons",
            ],
        ],
    ),
    (
        "p",
        "Residents of the parish get 20% off the main hall and committee room rates.{fn:resident} The discount does "
        "not apply to the party package, which is already reduced, or to commercial bookings such as sales and paid "
        "classes run for profit.",
    ),
    ("h", "Deposit"),
    (
        "p",
        "A damage and cleaning deposit of \u00a3150 is paid with the booking form; for any event where alcohol is "
        "sold or served the deposit is \u00a3300. The deposit is returned by bank transfer within 14 days of the "
        "event, once the building has been checked. The cost of any extra cleaning, breakages or damage is taken "
        "from it, and if it does not cover the cost the hirer pays the difference.",
    ),
    ("h", "Cancellations"),
    ("p", "If the hirer cancels, the following applies, counted back from the date of the event:"),
    (
        "ol",
        [
            "More than 8 weeks before: everything paid is returned except a \u00a310 administration fee.",
            "Between 4 and 8 weeks before: half of the hire charge is kept; the deposit is returned.",
            "Less than 4 weeks before: the full hire charge is kept; the deposit is returned.",
            "On the day, or if nobody turns up: the full hire charge is kept, and so is \u00a350 of the deposit.",
        ],
    ),
    (
        "p",
        "The committee may cancel a booking if the building is needed as a polling station or becomes unusable, for "
        "example after flooding, storm damage or a failed electrical inspection. Everything the hirer has paid is "
        "then returned, but the committee is not liable for any other costs the hirer has run up.",
    ),
    ("h", "Times and noise"),
    (
        "p",
        "The building is available from 8:00. Events must end by 23:00 on Fridays and Saturdays, by 22:00 on Sundays "
        "and bank holidays and by 22:30 on other evenings, and everyone must have left within 30 minutes of the end "
        "of the event. Music must be turned down after 21:30: the houses on Far Lane are close by, and noise is the "
        "commonest reason for complaints.",
    ),
    (
        "p",
        "Amplified music is allowed in the main hall only, and the noise limiter beside the stage must not be "
        "bypassed. If it cuts the power to the sockets three times in one evening, the music must stop for the rest "
        "of the event.",
    ),
    ("h", "Alcohol, music and licences"),
    (
        "p",
        "The pavilion\u2019s premises licence covers the cricket club\u2019s own bar only. A hirer who wants to sell "
        "alcohol, or to include it in the price of a ticket, needs a Temporary Event Notice from Moorside District "
        "Council.{fn:ten} Alcohol given away free at a private party needs no notice.",
    ),
    (
        "p",
        "The committee holds PRS for Music and PPL licences for recorded music played at private events. A hirer "
        "running a public event with live bands must check with the Bookings Secretary whether they cover it.",
    ),
    ("h", "Safety"),
    (
        "p",
        "Before the event starts the hirer must know where the fire exits, the fire extinguishers and the first aid "
        "kit are; a plan hangs on the back of the kitchen door. The defibrillator is in the yellow cabinet on the "
        "outside wall beside the main door, and the ambulance service gives the code to open it when 999 is called.",
    ),
    (
        "ul",
        [
            "No candles, sparklers or any other naked flame anywhere in the building.",
            "No smoke or haze machines: they set off the fire alarm, and the alarm company\u2019s call-out charge of "
            "\u00a375 is taken from the deposit.",
            "Nothing may be fixed to the walls with drawing pins, nails or tape; use the hooks on the picture rail.",
            "The fire exits and the corridor to the changing rooms must be kept clear at all times.",
            "Bouncy castles are allowed outdoors only, on the lower field, and the operator must show a certificate "
            "of public liability insurance for at least \u00a35 million.",
        ],
    ),
    ("h", "Keys and locking up"),
    (
        "p",
        "The keys are in the key safe beside the main door. Its code is sent to the hirer by text 48 hours before the "
        "hire and is changed every Monday. At the end of the hire the hirer must check that all windows are shut, "
        "the heating is off at the panel in the corridor, the bar shutters are down and both the main door and the "
        "fire doors are locked. A lost key costs \u00a325 to replace.",
    ),
    ("h", "Kitchen"),
    (
        "p",
        "The kitchen has a six-ring gas cooker, a commercial dishwasher, two fridges, a hot water urn, and crockery "
        "and cutlery for 100. Hirers bring their own tea towels, washing-up liquid and bin bags. Deep-fat fryers and "
        "chip pans are not allowed. The dishwasher runs a two-minute cycle and must be switched off and drained at "
        "the end of the hire; the instructions are on the wall beside it.",
    ),
    ("h", "Leaving the building"),
    (
        "p",
        "The building must be left as it was found: tables and chairs stacked in the store, floors swept, the kitchen "
        "wiped down and the fridges emptied. The hirer takes all rubbish away, except glass bottles, which go in the "
        "green bin by the car park gate.",
    ),
    ("h", "Grounds and parking"),
    (
        "p",
        "The car park has 24 spaces, two of them for Blue Badge holders beside the ramp. From October to March cars "
        "must not park on the grass, which becomes waterlogged. From April to September nobody may walk or play on "
        "the roped-off cricket square; children\u2019s games belong on the lower field.",
    ),
    ("p", "Dogs are not allowed in the building, apart from assistance dogs."),
    ("h", "Insurance and liability"),
    (
        "p",
        "The committee\u2019s insurance covers the building, and its public liability cover extends to private "
        "parties and community events. Anyone hiring the pavilion for a business, a paid class or a sale must have "
        "their own public liability insurance of at least \u00a32 million and show the certificate when booking. The "
        "committee is not responsible for the loss of, or damage to, anything brought into the pavilion by the hirer "
        "or their guests.",
    ),
    (
        "p",
        "Agreed by the Hollinsmoor Pavilion Management Committee on Tuesday 9 March 2027. Chair: Rev. Alan "
        "Whitworth. Treasurer: Priya Mistry.",
    ),
]
FOOTNOTES = {
    "resident": "A resident is someone whose home address is in Hollinsmoor parish, which takes in Far Lane, Moor End "
    "and the houses along Stanbury Road as far as the cattle grid. Proof of address may be asked for.",
    "ten": "A Temporary Event Notice costs \u00a321 and must be given to the council at least ten working days before "
    "the event. Please send the Bookings Secretary a copy of the council\u2019s acknowledgement.",
}

# --- the Excel 97-2003 workbook --------------------------------------------------------------------------------------
# A village's community minibus: the April-June bookings, the volunteer drivers and the vehicle with its rates, kept
# by the scheme's treasurer. Cells: a str is text; an int or float a number; ("date", "YYYY-MM-DD") a date shown
# DD/MM/YYYY; ("gbp", value) money shown as pounds. The generator adds the formulas (the charges, the totals, the due
# dates): written without a value, LibreOffice works each out, and the generator checks it against its own sum.

XLS_NAME = "Wexcombe Community Minibus - bookings Apr-Jun 2027.xls"
XLS_META = {
    "title": "Wexcombe Community Minibus 2027",
    "creator": "Valerie Trent",
    "created": "2027-03-21T16:05:00",
    "modified": "2027-04-09T21:37:00",
}
MEMBER_RATE = 0.85
NON_MEMBER_RATE = 1.10
MINIMUM_CHARGE = 25
# (ref, date, group, destination, driver, pick-up, miles, passengers, member group?, paid)
BOOKINGS = [
    ("WX-2701", "2027-04-06", "Wexcombe Over-60s Club", "Lyme Regis", "Keith Broadbent", "09:30 Village Hall", 92, 15, True, "Paid"),
    ("WX-2702", "2027-04-10", "Wexcombe Ramblers", "Stourhead (start of walk)", "Sandra Okoye", "08:00 Church car park", 38, 12, True, "Paid"),
    ("WX-2703", "2027-04-14", "Memory Caf\u00e9", "Marlbury Garden Centre", "Jenny Hatherall", "13:30 Wexcombe Surgery", 12, 9, True, "Paid"),
    ("WX-2704", "2027-04-22", "Wexcombe Primary School (Year 4)", "Salisbury Cathedral", "Keith Broadbent", "09:00 School gate", 44, 16, True, "Invoiced"),
    ("WX-2705", "2027-05-01", "Hartley family (wedding guests)", "Avonleigh Manor", "Sandra Okoye", "13:00 The Crown", 30, 16, False, "Paid"),
    ("WX-2706", "2027-05-08", "1st Wexcombe Scouts", "Cheddar Gorge", "Sandra Okoye", "07:45 Scout hut, Mill Lane", 118, 14, True, "Not yet"),
    ("WX-2707", "2027-05-12", "Wexcombe WI", "Bath (Holburne Museum)", "Jenny Hatherall", "10:00 Village Hall", 64, 13, True, "Paid"),
    ("WX-2708", "2027-05-16", "St Mary's Church", "Salisbury Cathedral (choir festival)", "Tom Ashworth", "13:00 St Mary's", 46, 11, True, "Paid"),
    ("WX-2709", "2027-05-18", "Wexcombe Bowls Club", "Devizes Bowls Club (away match)", "Keith Broadbent", "12:30 Recreation ground", 36, 10, True, "Not yet"),
    ("WX-2710", "2027-05-26", "Wexcombe Youth Club", "Bounce Barn, Swindon", "Sandra Okoye", "17:30 Youth club hut", 58, 12, True, "Paid"),
    ("WX-2711", "2027-06-05", "Wexcombe Over-60s Club", "Weymouth", "Keith Broadbent", "09:00 Village Hall", 124, 16, True, "Invoiced"),
    ("WX-2712", "2027-06-12", "Marlbury Ladies' Choir", "Wells Cathedral", "Sandra Okoye", "08:30 Marlbury Town Hall", 96, 16, False, "Paid"),
    ("WX-2713", "2027-06-16", "Memory Caf\u00e9", "Marlbury Garden Centre", "Jenny Hatherall", "13:30 Wexcombe Surgery", 12, 8, True, "Not yet"),
    ("WX-2714", "2027-06-24", "Wexcombe Primary School (Year 6 leavers)", "Longleat", "Keith Broadbent", "08:45 School gate", 70, 16, True, "Invoiced"),
]  # fmt: skip
# (name, phone, licence, MiDAS assessed, available, notes): the renewal is due four years after the assessment
DRIVERS = [
    ("Keith Broadbent", "07700 900412", "D1 (licence from before 1997)", "2023-05-12", "Weekdays and Saturdays", "Drivers' coordinator; refresher booked for 10/05/2027"),
    ("Sandra Okoye", "07700 900873", "D1 (passed D1 test in 2019)", "2024-09-02", "Any day", "Trained on the wheelchair lift"),
    ("Jenny Hatherall", "07700 900236", "D1 (licence from before 1997)", "2025-03-17", "Weekdays only", "Over 70: D4 medical renewal due 30/09/2027"),
    ("Tom Ashworth", "07700 900591", "D1 (licence from before 1997)", "2024-11-20", "Sundays only", "Also checks the tyres and oil monthly"),
    ("Malcolm Pryce", "07700 900764", "D1 (licence from before 1997)", "2021-10-04", "Not driving", "MiDAS lapsed: not to drive until reassessed"),
]  # fmt: skip
# the vehicle sheet: (item, detail); detail as a cell (see above); "LIFT": a formula, six months after the last
# inspection of the lift
VEHICLE = [
    ("Vehicle", "Ford Transit 17-seat minibus (16 passengers and the driver)"),
    ("Registration", "HV21 KXB"),
    ("Wheelchair spaces", "2, with four seats taken out (allow 30 minutes to change over)"),
    ("MOT due", ("date", "2027-08-19")),
    ("Insurer", "Dalesway Community Insurance, policy CT-448120"),
    ("Insurance renews", ("date", "2027-11-01")),
    ("Section 19 permit", "PB0316742 (standard permit, up to 16 passengers), valid to 28/02/2028"),
    ("Wheelchair lift inspected (LOLER)", ("date", "2027-01-18")),
    ("Wheelchair lift next inspection due", "LIFT"),
    ("Keys and logbook", "Wexcombe Post Office and Stores: sign them out in the red book behind the counter"),
    ("Fuel", "Fuel card in the glovebox; receipts to Valerie Trent (treasurer)"),
]
RATES = [
    ("Member groups, per mile", ("gbp", MEMBER_RATE)),
    ("Non-member hire, per mile", ("gbp", NON_MEMBER_RATE)),
    ("Minimum charge per trip", ("gbp", MINIMUM_CHARGE)),
    ("Waiting time after the first 2 hours, per hour", ("gbp", 6)),
    ("Group membership, per year", ("gbp", 30)),
]

# --- the ChatGPT export ------------------------------------------------------------------------------------------------
# One person's history, exported on Saturday 10 April 2027. Each conversation: (key, title, nodes, current node).
# A node: (key, parent key, role, local time "YYYY-MM-DD HH:MM:SS" (UK time: GMT to 28 March, BST after), text);
# the system node (role "system", no time, empty text) hangs off the root. A node with two children is a branch:
# a regenerated reply (two assistant children) or an edited prompt (two user children); current_node follows one.

CHATGPT_FOLDER = "ChatGPT export 2027-04-10"
EXPORTED = "2027-04-10 09:14:52"
USER = {
    "id": "user-Qm7vR2kXb9TnL4pWz8eYc3Hd",
    "email": "hannah.lindqvist@example.co.uk",
    "chatgpt_plus_user": False,
    "phone_number": None,
}
MODEL = "gpt-4o"

SOURDOUGH = (
    "sourdough",
    "Dense sourdough troubleshooting",
    [
        ("sys", None, "system", None, ""),
        (
            "u1",
            "sys",
            "user",
            "2027-02-20 08:12:40",
            "My sourdough keeps coming out dense and flat with a tight, gummy crumb. My kitchen is cold, about 18\u00b0C. "
            "Recipe: 500g strong white flour, 375g water, 100g starter, 10g salt. I mix, do 3 sets of stretch and "
            "folds, bulk ferment for 4 hours, shape, then it goes straight in the oven at 220\u00b0C for 40 minutes. "
            "The starter is called Bertie, he's about 5 weeks old and I feed him once a day 1:1:1. What am I doing "
            "wrong?",
        ),
        (
            "a1",
            "u1",
            "assistant",
            "2027-02-20 08:13:05",
            "Dense, flat and gummy in a cool kitchen almost always points to **under-fermentation**, and 4 hours of "
            "bulk at 18\u00b0C is the main culprit. Here's what I'd change, roughly in order of impact:\n\n"
            "### 1. Bulk ferment by rise, not by the clock\n"
            "At 18\u00b0C a dough with 20% starter usually needs **7 to 9 hours** of bulk fermentation, not 4. Put the "
            "dough in a straight-sided container and mark the level with a strip of tape. Bulk is done when the dough "
            "has risen by about **50%**, the top is domed and you can see bubbles on the sides and the surface.\n\n"
            "### 2. Use Bertie at his peak\n"
            "A 5-week-old starter fed once a day at 1:1:1 can be sluggish in a cold room. For two or three days before "
            "you bake, feed him twice a day at 1:2:2 (for example 20 g starter, 40 g flour, 40 g water) and use him "
            "when he has doubled and is just starting to dome \u2014 usually 4 to 6 hours after a feed at your "
            "temperature.\n\n"
            "### 3. Drop the hydration while you troubleshoot\n"
            "75% is quite wet for a white loaf when the fermentation is off. Try **350 g water (70%)** until you're "
            "getting a good rise, then creep back up.\n\n"
            "### 4. Bake hotter, and covered\n"
            "Use a Dutch oven preheated for 45 minutes: **250\u00b0C with the lid on for 20 minutes**, then lid off at "
            "230\u00b0C for another 20 to 25 minutes, until the crust is deep brown.\n\n"
            "### 5. Let it cool\n"
            "Wait **at least an hour** before you cut it. The crumb is still setting as it cools, and slicing hot "
            "bread makes even a well-fermented loaf look gummy.\n\n"
            "Tell me how the next bake goes, and what the dough looked like at the end of bulk.",
        ),
        (
            "a1b",
            "u1",
            "assistant",
            "2027-02-20 08:15:31",
            "The most likely issue is a **weak starter**, and you can fix that without making your baking day any "
            "longer:\n\n"
            "- **Increase the starter to 150 g** so the dough ferments faster. With the extra leaven, around **5 "
            "hours** of bulk at 18\u00b0C should be enough.\n"
            "- Add 1/4 tsp of instant yeast as a safety net while Bertie gets stronger.\n"
            "- Keep the hydration at 75%, but swap 50 g of the white flour for wholemeal, which ferments faster.\n"
            "- Bake at 230\u00b0C for 45 minutes on a preheated baking stone, with a tray of water underneath for "
            "steam.\n\n"
            "Give that a go this weekend and you should see a noticeably more open crumb.",
        ),
        (
            "u2",
            "a1",
            "user",
            "2027-02-20 08:24:17",
            "OK, I'll try the longer bulk. Could I just leave the dough out overnight instead? It would be going for "
            "about 12 hours.",
        ),
        (
            "a2",
            "u2",
            "assistant",
            "2027-02-20 08:24:46",
            "I wouldn't leave the bulk going for 12 hours at 18\u00b0C \u2014 with 100 g of starter it will very likely "
            "over-proof and collapse, and you'll get a flat, sour loaf again.\n\n"
            "The overnight step that works is a **cold retard after shaping**:\n\n"
            "1. Do the bulk during the day, until the dough has risen by about half.\n"
            "2. Shape it and put it in the banneton, covered (a shower cap or a plastic bag is perfect).\n"
            "3. Put it in the fridge for **12 to 16 hours** at about 4\u00b0C.\n"
            "4. Bake it **straight from the fridge** \u2014 there's no need to bring it back to room temperature, and "
            "cold dough is much easier to score.\n\n"
            "The long cold rest also gives you a better flavour and a blistered crust.",
        ),
        (
            "u3",
            "a2",
            "user",
            "2027-02-20 08:31:02",
            "Last time it stuck to the banneton and tore when I turned it out. I'd dusted it with ordinary flour.",
        ),
        (
            "a3",
            "u3",
            "assistant",
            "2027-02-20 08:31:29",
            "That's a really common one! Ordinary wheat flour soaks up moisture from the dough and turns into glue, "
            "especially during a long rest in the fridge.\n\n"
            "Dust the banneton with **rice flour** instead \u2014 it doesn't absorb water the same way, so the dough "
            "releases cleanly. A 50/50 mix of rice flour and wheat flour also works. Rub it well into the ridges of "
            "the banneton, and give the top of the shaped dough a light dusting before it goes in, seam side up.\n\n"
            "If it still sticks, line the banneton with a linen tea towel dusted with rice flour.",
        ),
        (
            "u4",
            "a3",
            "user",
            "2027-02-27 18:02:55",
            "Update: much better loaf! Bulk took 8 and a half hours and it had a proper ear. The crust was a bit pale "
            "though.",
        ),
        (
            "a4",
            "u4",
            "assistant",
            "2027-02-27 18:03:21",
            "Brilliant \u2014 8\u00bd hours fits exactly with a cool kitchen, and an ear means the fermentation and the "
            "shaping were right. \U0001f389\n\n"
            "For a darker crust:\n\n"
            "- **Leave it in longer with the lid off**: another 5 to 10 minutes at the end, until it's a deep "
            "mahogany colour rather than golden.\n"
            "- **Check your oven**: many ovens run 10 to 20 degrees cooler than the dial says. An oven thermometer "
            "costs a few pounds and takes the guesswork out.\n"
            "- **Don't over-retard**: beyond about 16 hours in the fridge the yeast uses up the sugars that brown "
            "the crust.\n\n"
            "Happy baking!",
        ),
    ],
    "a4",
)

POND = (
    "pond",
    "Wildlife pond size and liner",
    [
        ("sys", None, "system", None, ""),
        (
            "u1",
            "sys",
            "user",
            "2027-03-06 14:05:11",
            "I want to dig a small wildlife pond in my back garden (York, heavy clay soil). The spot I've got is about "
            "2.4 m long by 1.6 m wide. How deep should it be and what size liner do I need?",
        ),
        (
            "a1",
            "u1",
            "assistant",
            "2027-03-06 14:05:38",
            "A wildlife pond of that size should be about **60 cm** deep at its deepest point, with shallow edges "
            "so that wildlife can get in and out.\n\n"
            "To size the liner, add twice the maximum depth to each dimension:\n\n"
            "- Length: 2.4 + (2 \u00d7 0.6) = **3.6 m**\n"
            "- Width: 1.6 + (2 \u00d7 0.6) = **2.8 m**\n\n"
            "So a **3.6 m \u00d7 2.8 m** liner will do the job. Butyl and EPDM liners are both good choices; avoid "
            "thin polythene, which cracks within a few years.",
        ),
        (
            "a1b",
            "u1",
            "assistant",
            "2027-03-06 14:06:20",
            "For a wildlife pond that size I'd aim for:\n\n"
            "- **Deepest zone: 60 cm** in the middle, so part of the pond stays unfrozen in a hard winter\n"
            "- **A shelf about 20\u201325 cm deep** along one side for marginal plants\n"
            "- **A gently sloping beach** at one end, so frogs, newts and hedgehogs can get in and out\n\n"
            "### Liner size\n"
            "Use: length (or width) + 2 \u00d7 maximum depth + 2 \u00d7 overlap. Allow 30 cm of overlap on every side "
            "to anchor the edges:\n\n"
            "- Length: 2.4 + 1.2 + 0.6 = **4.2 m**\n"
            "- Width: 1.6 + 1.2 + 0.6 = **3.4 m**\n\n"
            "So buy a liner of at least **4.2 m \u00d7 3.4 m**. EPDM rubber about 1 mm thick is the best value for a "
            "wildlife pond: it's flexible, stays supple in frost and typically lasts 20 years or more. PVC is cheaper "
            "but goes brittle in sunlight.\n\n"
            "### On clay\n"
            "Pick out any stones as you dig, then lay a proper **pond underlay** (or old carpet) under the liner so "
            "that stones and roots can't puncture it. Clay shrinks and cracks in a dry summer, so don't skip the "
            "underlay even though the soil looks smooth.",
        ),
        ("u2", "a1b", "user", "2027-03-06 14:11:47", "Can I just fill it with the hose?"),
        (
            "a2",
            "u2",
            "assistant",
            "2027-03-06 14:12:09",
            "If you can, fill it with **rainwater from a water butt**. Tap water contains nitrates and phosphates "
            "that feed algae, so a pond filled from the tap usually turns green in its first summer.\n\n"
            "If you can't collect enough rain, it's fine to fill it from the tap and let it settle \u2014 it will "
            "balance out over a season or two, but expect some blanket weed along the way. After that, top it up with "
            "rainwater whenever you can.",
        ),
        (
            "u3",
            "a2",
            "user",
            "2027-03-06 14:19:30",
            "What should I plant in it? And I was thinking of putting a few goldfish in.",
        ),
        (
            "a3",
            "u3",
            "assistant",
            "2027-03-06 14:20:02",
            "I'd leave out the goldfish if you want it to be a wildlife pond: fish eat frogspawn, tadpoles and "
            "dragonfly larvae, and their waste feeds algae. Without fish you'll be surprised how quickly frogs, "
            "newts and pond skaters find it.\n\n"
            "Some native plants that suit a small pond:\n\n"
            "| Where | Plant | Notes |\n"
            "|---|---|---|\n"
            "| Shelf | Marsh marigold (*Caltha palustris*) | Yellow flowers in early spring, good for early insects |\n"
            "| Shelf | Water forget-me-not | Small blue flowers all summer |\n"
            "| Deep zone | Hornwort | Oxygenator; floats freely, no planting needed |\n"
            "| Deep zone | Water starwort | Oxygenator |\n"
            "| Surface | Frogbit | Small round leaves that give shade |\n\n"
            "Avoid parrot's feather, New Zealand pigmyweed and floating pennywort: they're invasive, and it's illegal "
            "to sell them in the UK. Aim for leaves over about a third of the surface, to keep the water cool and "
            "clear.",
        ),
        ("u4", "a3", "user", "2027-03-06 14:26:44", "When's the best time to dig it?"),
        (
            "a4",
            "u4",
            "assistant",
            "2027-03-06 14:27:08",
            "Autumn and late winter are the best times: the ground is workable, and plants and wildlife have time to "
            "settle before summer. Avoid high summer, when clay bakes as hard as brick.\n\n"
            "As it's early March, if you dig and fill it in the next couple of weeks you might even get frogspawn "
            "this spring \u2014 in Yorkshire frogs usually spawn from late February to late March. Wait two or three "
            "weeks after filling before you plant, so the water can settle.",
        ),
    ],
    "a4",
)

LETTER = (
    "letter",
    "Library assistant cover letter",
    [
        ("sys", None, "system", None, ""),
        (
            "u1",
            "sys",
            "user",
            "2027-03-14 20:31:06",
            "Can you help me write a cover letter for a Customer Service Adviser job at Northgate Energy? I've worked "
            "in retail for 3 years.",
        ),
        (
            "a1",
            "u1",
            "assistant",
            "2027-03-14 20:31:34",
            "Of course! Here's a draft you can adapt:\n\n"
            "---\n\n"
            "Dear Hiring Manager,\n\n"
            "I am writing to apply for the Customer Service Adviser position at Northgate Energy. With three years of "
            "experience in retail, I have developed strong communication skills and a calm, friendly approach to "
            "helping customers with their questions and complaints.\n\n"
            "In my current role I handle a high volume of customer enquiries every day, resolve problems quickly and "
            "work closely with colleagues to meet our targets. I would welcome the chance to bring this experience to "
            "a company that puts its customers first.\n\n"
            "Thank you for considering my application. I look forward to hearing from you.\n\n"
            "Yours faithfully,\n"
            "[Your name]\n\n"
            "---\n\n"
            "If you share the job advert, I can tailor it more closely.",
        ),
        (
            "u1b",
            "sys",
            "user",
            "2027-03-14 20:36:52",
            "Can you help me write a cover letter for the Library and Information Assistant job at Ousedale Libraries? "
            "It's reference OL-2291, 22.5 hours a week, and the closing date is Friday 26 March. About me: I've been "
            "a bookseller at Coppergate Books in York for 3 years (ordering, author events, looking after the "
            "children's section), and since 2024 I've volunteered on Saturday mornings at Clifton Moor Community "
            "Library, where I run the under-5s Rhyme Time. I'm halfway through a Level 3 Certificate in Libraries, "
            "Archives and Information Services.",
        ),
        (
            "a1c",
            "u1b",
            "assistant",
            "2027-03-14 20:37:30",
            "Here's a first draft \u2014 it leads with the library experience and uses the bookshop to show the "
            "customer and organisational side:\n\n"
            "---\n\n"
            "Dear Hiring Manager,\n\n"
            "**Application for Library and Information Assistant (ref. OL-2291)**\n\n"
            "I am writing to apply for the post of Library and Information Assistant with Ousedale Libraries. Libraries "
            "have been part of my working week for the last three years, and I would love to make them my career.\n\n"
            "Since 2024 I have volunteered every Saturday morning at Clifton Moor Community Library, where I plan and "
            "lead the under-5s Rhyme Time. Keeping twenty toddlers and their grown-ups singing has taught me to read "
            "a room, to welcome first-time visitors and to make the library a place families want to come back to.\n\n"
            "As a bookseller at Coppergate Books in York I order stock, run author events and look after the "
            "children's section. I am used to helping customers find exactly the right book, handling orders and "
            "returns accurately and keeping a busy shop floor tidy and well organised.\n\n"
            "I am currently halfway through a Level 3 Certificate in Libraries, Archives and Information Services, "
            "which is giving me a grounding in cataloguing, information literacy and the role of public libraries in "
            "their communities.\n\n"
            "I would be delighted to bring this mix of library and customer experience to Ousedale Libraries, and I "
            "am available for interview at any time.\n\n"
            "Yours faithfully,\n"
            "Hannah Lindqvist\n\n"
            "---\n\n"
            "It's about 280 words. Want me to make it shorter, or more formal?",
        ),
        (
            "u2",
            "a1c",
            "user",
            "2027-03-14 20:44:15",
            "Thanks! Can you get it under 250 words? And please add that I have a full driving licence, because the "
            "advert says the job includes covering the mobile library two days a fortnight.",
        ),
        (
            "a2",
            "u2",
            "assistant",
            "2027-03-14 20:44:51",
            "Here's a tighter version (about 230 words):\n\n"
            "---\n\n"
            "Dear Hiring Manager,\n\n"
            "**Application for Library and Information Assistant (ref. OL-2291)**\n\n"
            "I am writing to apply for the post of Library and Information Assistant with Ousedale Libraries.\n\n"
            "Since 2024 I have volunteered every Saturday morning at Clifton Moor Community Library, where I plan and "
            "lead the under-5s Rhyme Time. It has taught me to welcome first-time visitors and to make the library a "
            "place families want to come back to.\n\n"
            "For three years I have been a bookseller at Coppergate Books in York, ordering stock, running author "
            "events and looking after the children's section. I am used to helping customers find the right book and "
            "to keeping a busy shop organised.\n\n"
            "I am halfway through a Level 3 Certificate in Libraries, Archives and Information Services. I also hold "
            "a full, clean UK driving licence and would be very happy to cover the mobile library two days a "
            "fortnight.\n\n"
            "I would be delighted to bring this mix of library and customer experience to Ousedale Libraries, and I "
            "am available for interview at any time.\n\n"
            "Yours faithfully,\n"
            "Hannah Lindqvist\n\n"
            "---",
        ),
        (
            "u3",
            "a2",
            "user",
            "2027-03-14 20:52:38",
            "The advert says to send applications to Joanne Pilling, the Service Manager. How should I start and end "
            "the letter then?",
        ),
        (
            "a3",
            "u3",
            "assistant",
            "2027-03-14 20:53:02",
            "Now that you have a name, address her directly:\n\n"
            '- Start with **Dear Ms Pilling** (not "Dear Joanne" for a first letter).\n'
            "- End with **Yours sincerely**, followed by your full name.\n\n"
            '"Yours faithfully" is only for letters that begin "Dear Sir or Madam" or "Dear Hiring Manager", so '
            "change both ends of the draft. If you're sending it by email, put the job title and the reference in "
            "the subject line: *Application: Library and Information Assistant (OL-2291)*.\n\n"
            "Good luck \u2014 it's a strong application!",
        ),
    ],
    "a3",
)

INSURANCE = (
    "insurance",
    "Car insurance renewal comparison",
    [
        ("sys", None, "system", None, ""),
        (
            "u1",
            "sys",
            "user",
            "2027-03-29 19:48:20",
            "My car insurance is up for renewal on 12 April. My current insurer, Harbourside, wants \u00a3611 (it was "
            "\u00a3498 last year). Car: 2019 Skoda Fabia 1.0 TSI, I'm 42, 9 years no claims, parked on the drive, "
            "about 7,000 miles a year. I've got three quotes from a comparison site:\n"
            "- Northway Direct: \u00a3468, excess \u00a3250 compulsory + \u00a3100 voluntary, courtesy car included, "
            "no-claims protection \u00a338 extra\n"
            "- Kestrel Motor: \u00a3431, excess \u00a3400 compulsory + \u00a3100 voluntary, no courtesy car, legal "
            "cover \u00a325 extra\n"
            "- Brightwell: \u00a3519, excess \u00a3350 in total, no-claims protection and courtesy car included\n"
            "Which is the best deal?",
        ),
        (
            "a1",
            "u1",
            "assistant",
            "2027-03-29 19:48:58",
            "Let's put them side by side with the extras you'd probably want:\n\n"
            "| | Northway Direct | Kestrel Motor | Brightwell |\n"
            "|---|---|---|---|\n"
            "| Premium | \u00a3468 | \u00a3431 | \u00a3519 |\n"
            "| With no-claims protection / legal cover | \u00a3506 | \u00a3456 | \u00a3519 |\n"
            "| Total excess | \u00a3350 | \u00a3500 | \u00a3350 |\n"
            "| Courtesy car | Yes | No | Yes |\n\n"
            "**Kestrel** is the cheapest on paper, but you'd pay \u00a3150 more towards any claim and you'd be without "
            "a car while yours is repaired \u2014 one claim would wipe out the saving.\n\n"
            "**Brightwell** includes everything, but it's the dearest.\n\n"
            "**My pick: Northway Direct.** At \u00a3468 it's \u00a3143 less than your renewal, with a reasonable "
            "excess and a courtesy car. With 9 years' no claims, the \u00a338 protection is worth adding if you'd "
            "find a jump in premium after a claim hard to absorb.\n\n"
            "Before you switch, ring Harbourside and tell them you have a quote of \u00a3468 \u2014 they may well "
            "come down. Check the policy details too (windscreen cover, and whether the courtesy car is guaranteed "
            "or only while the car is at one of their approved garages).",
        ),
        (
            "u2",
            "a1",
            "user",
            "2027-03-29 19:57:34",
            "Northway said if I pay monthly it's a deposit of \u00a346.80 and then 10 payments of \u00a351.48. How "
            "much more is that than paying in one go?",
        ),
        (
            "a2",
            "u2",
            "assistant",
            "2027-03-29 19:58:02",
            "Paying monthly:\n\n"
            "- Deposit: \u00a346.80\n"
            "- 10 \u00d7 \u00a351.48 = \u00a3514.80\n"
            "- **Total: \u00a3561.60**\n\n"
            "Compared with paying \u00a3468 up front, that's **\u00a393.60 more**, or about 20% on top \u2014 an "
            "expensive way to borrow \u00a3421. If you can pay the year in one go, do; even putting it on a 0% "
            "purchase credit card and clearing that over a few months would cost you nothing extra.",
        ),
        (
            "u3",
            "a2",
            "user",
            "2027-03-29 20:03:11",
            "Do I need to do anything to stop Harbourside renewing?",
        ),
        (
            "a3",
            "u3",
            "assistant",
            "2027-03-29 20:03:40",
            "Yes \u2014 most insurers renew automatically. Log in to your Harbourside account or ring them and "
            "**turn off auto-renewal before 12 April**, and ask them to confirm it in writing. If the policy does "
            "renew, you can still cancel, but you may be charged a cancellation fee and for the days you were "
            "covered.\n\n"
            "Also make sure the Northway policy starts on 12 April itself, so there's no day when the car is "
            "uninsured.",
        ),
    ],
    "a3",
)

TAP = (
    "tap",
    "Dripping kitchen mixer tap",
    [
        ("sys", None, "system", None, ""),
        (
            "u1",
            "sys",
            "user",
            "2027-04-03 10:22:09",
            "My kitchen mixer tap drips from the spout even when both handles are turned off hard. The handles only "
            "turn a quarter turn. How do I fix it?",
        ),
        (
            "a1",
            "u1",
            "assistant",
            "2027-04-03 10:22:41",
            "Handles that only turn a quarter turn mean your tap has **ceramic disc cartridges**, not rubber washers "
            "\u2014 so the fix is to replace the cartridge on the side that's leaking.\n\n"
            "1. **Turn off the water to the tap.** Under the sink there should be an **isolation valve** on each of "
            "the hot and cold pipes: turn the slot a quarter turn with a flat-head screwdriver so it's *across* the "
            "pipe. If there are none, turn off the main stopcock.\n"
            "2. **Find the leaking side.** Let it drip for a while: warm water means the hot cartridge, cold means "
            "the cold one.\n"
            "3. **Take the handle off.** Prise off the small red or blue cap, undo the screw under it and pull the "
            "handle off.\n"
            "4. **Unscrew the cartridge** anticlockwise with a spanner on its hexagon (usually **17 mm**), holding "
            "the tap body steady with your other hand.\n"
            "5. **Take the old cartridge to the shop.** They differ in thread size (usually 1/2 inch in the UK), in "
            "the number of splines on the spindle and in which way they turn off.\n"
            "6. **Fit the new one** hand-tight plus a small nudge with the spanner, refit the handle and turn the "
            "water back on slowly.\n\n"
            "A replacement cartridge is usually \u00a38 to \u00a315.",
        ),
        (
            "u2",
            "a1",
            "user",
            "2027-04-03 10:40:26",
            "It's the cold side. The cartridge says 1/2 inch and I counted 20 splines. It turns off clockwise. Should "
            "I replace the hot one as well?",
        ),
        (
            "a2",
            "u2",
            "assistant",
            "2027-04-03 10:40:55",
            "So for the cold side you need a **1/2 inch, 20-spline ceramic disc cartridge that closes clockwise**.\n\n"
            "You don't *have* to replace the hot one, but if the tap is more than a few years old the other cartridge "
            "is often next to go, and you'll have the tap apart anyway. Cartridges are usually sold in pairs for "
            "around \u00a315 to \u00a320, one closing clockwise and one anticlockwise \u2014 that's how most mixers "
            "have both handles closing towards the front. Check your hot cartridge turns off anticlockwise before "
            "you buy a pair.",
        ),
    ],
    "a2",
)

# newest first, as the export lists them
CONVERSATIONS = [TAP, INSURANCE, LETTER, POND, SOURDOUGH]
# (conversation key, node key, rating, tags, text): the thumbs the user gave replies
FEEDBACK = [
    ("pond", "a1", "thumbsDown", ["not-factually-correct"], "Forgot the overlap round the edges"),
    ("tap", "a2", "thumbsUp", [], ""),
]
