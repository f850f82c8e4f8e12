"""The text of the realdocs ``heldout26`` part's private documents, as ``make_heldout26.py`` writes them: one person's
Day One journal about buying and doing up an old narrowboat, as Day One's "Export > JSON" gives it; a family's plans
as a TaskPaper document; a piano teacher's pupils, fees and exams as an Apple Numbers spreadsheet. Fixed text only;
every person, firm, boat, place name given to a business, number and address is invented (phone numbers from Ofcom's
drama ranges); towns, canals and the Canal & River Trust are real."""

from __future__ import annotations

# --- the Day One journal -----------------------------------------------------------------------------------------------
# Rhiannon Vaughan's journal, January to June 2027, written on her iPhone (one entry on her Mac). Each entry: its key,
# the local time it was written (Europe/London: GMT, then BST from 28 March), the seconds until it was last modified,
# the seconds spent editing it, the device, tags, starred, pinned, where (PLACES), the weather (WEATHER_KINDS key,
# temperature in Celsius, relative humidity, wind in km/h, wind bearing, pressure in mb), its photos (PHOTOS keys, in
# the order they stand in the text) and its blocks: ("h", title), ("p", paragraph), ("ul", items), ("photo", key).
# The text is as she typed it; the generator writes it as Day One's Markdown (its escapes) and as its rich text.

JOURNAL_FOLDER = "Day One export 2027-07-03"
JOURNAL_NAME = "Journal.json"
EXPORTED = "2027-07-03 10:12:40"  # local time (BST) the export was made

DEVICES = {
    "iphone": {
        "creationDevice": "Rhiannon\u2019s iPhone",
        "creationDeviceType": "iPhone",
        "creationDeviceModel": "iPhone17,2",
        "creationOSName": "iOS",
        "creationOSVersion": "27.3",
        "platform": "com.bloombuilt.dayone-ios",
    },
    "mac": {
        "creationDevice": "Rhiannon\u2019s MacBook Air",
        "creationDeviceType": "MacBook Air",
        "creationDeviceModel": "Mac16,12",
        "creationOSName": "macOS",
        "creationOSVersion": "27.3",
        "platform": "com.bloombuilt.dayone-mac",
    },
}
APP_VERSIONS = {"com.bloombuilt.dayone-ios": 1742, "com.bloombuilt.dayone-mac": 1738}

# placeName, localityName, administrativeArea, latitude, longitude
PLACES = {
    "broker": ("Tern Valley Boat Sales", "Market Drayton", "England", 52.9061, -2.4712),
    "drydock": ("Goldstone Wharf", "Cheswardine", "England", 52.8793, -2.4244),
    "marina": ("Brindley Wharf Marina", "Audlem", "England", 52.9652, -2.4983),
    "locks": ("Audlem Wharf", "Audlem", "England", 52.9899, -2.5081),
    "chandlery": ("Wardle Lock Chandlery", "Middlewich", "England", 53.1902, -2.4419),
    "home": ("Welsh Row", "Nantwich", "England", 53.0677, -2.5261),
}
# conditionsDescription, weatherCode
WEATHER_KINDS = {
    "overcast": ("Overcast", "cloudy"),
    "rain": ("Light Rain", "rain"),
    "partly": ("Partly Cloudy", "partly-cloudy-day"),
    "mostly-cloudy": ("Mostly Cloudy", "mostly-cloudy-day"),
    "sunny": ("Sunny", "clear-day"),
    "mostly-sunny": ("Mostly Sunny", "mostly-clear-day"),
    "clear-night": ("Clear", "clear-night"),
}

# a photo: the file it was taken as, when (local time), its mosaic (an 8x8 block a letter, PHOTO_PALETTE's colours)
PHOTOS = {
    "for-sale": (
        "IMG_2214.HEIC",
        "2027-02-06 15:12:08",
        ["ssssssss", "ssssssss", "sgggggrs", "kcgcgcgk", "wwwwwwww", "wwwwwwww"],
    ),
    "first-night": (
        "IMG_2301.HEIC",
        "2027-03-06 15:47:31",
        ["nnnnnnnn", "nnnnynnn", "nggggggn", "kcgcgcgk", "wwwwwwww", "wwwwwwww"],
    ),
    "hull": (
        "IMG_2377.HEIC",
        "2027-03-27 10:03:55",
        ["ssssssss", "gggggggg", "kkkkkkkk", "kkkkkkkk", "tttttttt", "tttttttt"],
    ),
    "lock": (
        "IMG_2519.HEIC",
        "2027-05-16 10:41:17",
        ["ssssssss", "bbssssbb", "bbggggbb", "bbwwwwbb", "bbwwwwbb", "bbbbbbbb"],
    ),
    "name": (
        "IMG_2648.HEIC",
        "2027-06-12 17:20:02",
        ["gggggggg", "gcccccrg", "gcgcgcrg", "gcccccrg", "gggggggg", "kkkkkkkk"],
    ),
}
PHOTO_PALETTE = {
    "s": (150, 190, 230),  # sky
    "n": (40, 48, 80),  # evening sky
    "y": (240, 220, 150),  # a lit window
    "g": (30, 90, 60),  # Brunswick green
    "r": (170, 40, 30),  # red
    "c": (235, 225, 200),  # cream
    "k": (20, 20, 20),  # black hull
    "w": (60, 80, 90),  # water
    "t": (150, 140, 125),  # concrete
    "b": (120, 110, 100),  # lock wall
}

ENTRIES = [
    {
        "key": "viewing",
        "local": "2027-02-06 16:40:12",
        "modified": 1905,
        "editing": 612.4,
        "device": "iphone",
        "tags": ["Dabchick", "buying"],
        "place": "broker",
        "weather": ("overcast", 4, 87, 14, 230, 1009),
        "blocks": [
            ("h", "Viewed Dabchick"),
            (
                "p",
                "Owen drove me over to Tern Valley Boat Sales this afternoon to see the boat from the listing. "
                "Dabchick is a 57ft narrowboat with a traditional stern, built in 1978 by Harlow & Pike of "
                "Stoke-on-Trent. The broker, Denise Coker, says the owner has gone to live in Portugal and wants a "
                "quick sale.",
            ),
            ("photo", "for-sale"),
            (
                "p",
                "The good: dry inside, a sound roof, and the engine started first time from cold. The bad: rust "
                "bubbling along both gunwales, a damp smell in the back cabin and a cracked stove I would not light.",
            ),
            (
                "p",
                "The asking price is \u00a318,500. I offered \u00a316,000 subject to a survey out of the water, and "
                "Denise thinks the seller will meet me somewhere in the middle.",
            ),
        ],
    },
    {
        "key": "survey",
        "local": "2027-02-18 19:05:44",
        "modified": 86754,
        "editing": 845.9,
        "device": "iphone",
        "tags": ["Dabchick", "buying", "survey"],
        "place": "drydock",
        "weather": ("rain", 7, 93, 22, 250, 1002),
        "blocks": [
            ("h", "Survey day"),
            (
                "p",
                "Dabchick came out of the water at Goldstone Wharf at eight this morning and Idris Moffat spent the "
                "whole day on her. What he told me before he left:",
            ),
            (
                "ul",
                [
                    "the baseplate is sound all over",
                    "the hull sides are fine apart from pitting on the port side by the engine room, the deepest "
                    "pit about 2mm",
                    "the gas locker drain is blocked with leaves and rust, which would fail the Boat Safety exam",
                    "the Boat Safety certificate runs out at the end of April anyway",
                ],
            ),
            (
                "p",
                "He says she needs blacking and new anodes this spring but nothing that needs welding. His fee was "
                "\u00a3475 and the written report comes by email on Monday.",
            ),
            (
                "p",
                "Denise rang at six: the seller has come down to \u00a316,750 and I said yes. Completion in two weeks.",
            ),
        ],
    },
    {
        "key": "completion",
        "local": "2027-03-06 16:10:27",
        "modified": 1210,
        "editing": 540.2,
        "device": "iphone",
        "tags": ["Dabchick", "mooring"],
        "starred": True,
        "place": "marina",
        "weather": ("rain", 6, 90, 19, 200, 1006),
        "blocks": [
            ("h", "She\u2019s mine"),
            (
                "p",
                "The money went through at eleven and Denise handed over two sets of keys, a box of spare fuses and a "
                "folder of old receipts going back to 1994.",
            ),
            (
                "p",
                "Owen and I brought her the four miles and five locks up to Brindley Wharf Marina this afternoon, my "
                "first time at the tiller for more than a few minutes. She is on pontoon C, berth 14, between a wide "
                "beam called Heron\u2019s Rest and a shiny new boat whose owners have not been seen since Christmas.",
            ),
            ("photo", "first-night"),
            (
                "p",
                "The mooring is \u00a32,640 a year, which I am paying monthly at \u00a3220. The licence from the Canal "
                "& River Trust is bought online, twelve months from 1 March.",
            ),
            ("p", "First night aboard. Freezing, since the stove is out of action, but very happy."),
        ],
    },
    {
        "key": "engine",
        "local": "2027-03-14 13:20:05",
        "modified": 3312,
        "editing": 402.7,
        "device": "iphone",
        "tags": ["Dabchick", "engine"],
        "place": "marina",
        "weather": ("partly", 9, 76, 17, 260, 1015),
        "blocks": [
            ("h", "Engine service"),
            (
                "p",
                "Gethin Rowlands, the mobile engineer the marina recommends, spent the morning on the engine. It is a "
                "BMC 1.8 diesel, older than me, and he says it is a good one that has been neglected rather than "
                "abused.",
            ),
            (
                "p",
                "He changed the oil and both filters, fitted a new alternator belt and bled the fuel system. The bad "
                "news is diesel bug: black sludge in the fuel filter bowl, so the tank needs pumping out and cleaning "
                "before I go anywhere far. He can do that in April for another \u00a3340.",
            ),
            ("p", "Today\u2019s bill was \u00a3285. His number, for next time: 07700 900483."),
        ],
    },
    {
        "key": "blacking",
        "local": "2027-03-27 18:45:51",
        "modified": 95,
        "editing": 377.0,
        "device": "iphone",
        "tags": ["Dabchick", "blacking"],
        "place": "drydock",
        "weather": ("sunny", 11, 58, 9, 120, 1024),
        "blocks": [
            ("h", "Out of the water again"),
            (
                "p",
                "Back at Goldstone Wharf for two weeks of blacking. The yard pressure washed the hull this morning and "
                "it came up better than I feared; the pitting Idris found is the worst of it.",
            ),
            ("photo", "hull"),
            (
                "p",
                "The plan: two coats of bitumen below the waterline, four new magnesium anodes welded on (the old "
                "ones were worn to stubs), and the welder will clear the gas locker drain while she is out. All in for "
                "\u00a31,150.",
            ),
            (
                "p",
                "Clocks go forward tonight. I lose an hour of sleep and gain an hour of daylight to paint in.",
            ),
        ],
    },
    {
        "key": "safety",
        "local": "2027-04-10 20:30:19",
        "modified": 660,
        "editing": 498.6,
        "device": "iphone",
        "tags": ["Dabchick", "stove", "safety"],
        "place": "marina",
        "weather": ("clear-night", 8, 71, 6, 45, 1021),
        "blocks": [
            ("h", "Back afloat, and warm at last"),
            ("p", "Dabchick went back in on Thursday 8 April and I brought her home the same afternoon."),
            (
                "p",
                "Yesterday, Friday 9 April, Neil Sadler came to do the Boat Safety exam. He spent a long time in the "
                "gas locker and on the fuel line but passed her, so the new certificate is good for four years.",
            ),
            (
                "p",
                "Today the new stove went in: a Hearthwick 5, a 5kW multi-fuel stove, with a new flue, collar and a "
                "carbon monoxide alarm next to it. \u00a31,380 fitted. The old cracked one went in the skip. I lit it "
                "at six and the cabin was too hot by eight.",
            ),
        ],
    },
    {
        "key": "floor",
        "local": "2027-04-25 17:02:36",
        "modified": 2048,
        "editing": 731.3,
        "device": "iphone",
        "tags": ["Dabchick", "fit-out"],
        "place": "marina",
        "weather": ("mostly-cloudy", 13, 66, 20, 280, 1012),
        "blocks": [
            ("h", "Soft floor"),
            (
                "p",
                "Lifted the carpet by the back doors to find out where the damp smell comes from. The plywood under it "
                "was soft right through for about a metre, and the bearers below were wet but sound.",
            ),
            (
                "p",
                "Cut it all out, let it dry for a week with the doors open and the heater on, and today screwed down "
                "new 18mm marine ply. The water was getting in past the back door seal, which I have replaced.",
            ),
            (
                "p",
                "Also finally sorted the batteries. The three old leisure batteries were dead, so they have gone and "
                "two 200Ah lithium batteries and a new charger are in their place. That cost \u00a31,640, the biggest "
                "bill since buying her.",
            ),
        ],
    },
    {
        "key": "paint",
        "local": "2027-05-08 15:03:09",
        "modified": 1022,
        "editing": 455.8,
        "device": "iphone",
        "tags": ["Dabchick", "paint"],
        "pinned": True,
        "place": "marina",
        "weather": ("partly", 15, 61, 13, 240, 1017),
        "blocks": [
            ("h", "Colours"),
            ("p", "Decided at last, after weeks of holding sample pots up against the cabin side:"),
            (
                "ul",
                [
                    "cabin sides: Brunswick green",
                    "panel borders and coachlines: cream",
                    "roof: oxide red, with sand in the paint so it is not slippery",
                    "handrails and hatch: signal red",
                ],
            ),
            (
                "p",
                "The marina will let me use the paint shed for \u00a335 a day, which should be four days for the cabin "
                "sides if the weather behaves.",
            ),
            (
                "p",
                "Booked the signwriter, Maud Treharne, for Saturday 12 June. She will paint the name on both sides "
                "and the port of registry under it. Her price is \u00a3420.",
            ),
        ],
    },
    {
        "key": "audlem",
        "local": "2027-05-16 19:40:58",
        "modified": 7311,
        "editing": 688.1,
        "device": "iphone",
        "tags": ["Dabchick", "cruising"],
        "starred": True,
        "place": "locks",
        "weather": ("mostly-sunny", 19, 48, 11, 90, 1026),
        "blocks": [
            ("h", "Down the Audlem flight, solo"),
            (
                "p",
                "My first proper trip on my own. Left the marina at half past nine and worked down all fifteen Audlem "
                "locks to the winding hole below the bottom lock, then came back up. Two hours fifty minutes going "
                "down, a bit longer coming up because of the queue.",
            ),
            ("photo", "lock"),
            (
                "p",
                "A volunteer lock keeper called Trevor walked with me for the top five and taught me the thing nobody "
                "had told me: keep her well forward in the lock going down, so the back end cannot catch on the cill.",
            ),
            ("p", "Lunch at the pub by the wharf. Sunburnt nose."),
        ],
    },
    {
        "key": "chandlery",
        "local": "2027-05-29 21:10:33",
        "modified": 420,
        "editing": 301.5,
        "device": "iphone",
        "tags": ["Dabchick", "shopping", "solar"],
        "place": "chandlery",
        "weather": ("partly", 17, 55, 15, 300, 1019),
        "blocks": [
            ("h", "Chandlery run"),
            (
                "p",
                "Owen and I drove to Wardle Lock Chandlery in Middlewich for the bits on my list. Came home with a "
                "brass heron tiller pin (a present to myself), a new centre line, two windlasses and a pair of fenders.",
            ),
            (
                "p",
                "The big purchase: two 400W solar panels with an MPPT controller, \u00a3690 for the lot, which Gethin "
                "will fit on the roof next weekend. With the lithium batteries that should keep the fridge going "
                "without running the engine every day.",
            ),
        ],
    },
    {
        "key": "toilet",
        "local": "2027-06-06 14:31:47",
        "modified": 15880,
        "editing": 389.2,
        "device": "iphone",
        "tags": ["Dabchick", "fit-out", "solar"],
        "place": "marina",
        "weather": ("sunny", 22, 44, 8, 100, 1023),
        "blocks": [
            ("h", "Goodbye pump-out"),
            (
                "p",
                "Gethin came back to fit the solar panels this morning and helped me take out the old pump-out tank, "
                "which has been the worst job so far.",
            ),
            (
                "p",
                "In its place is a separating composting toilet: \u00a3895, plus \u00a360 for the fan and the vent "
                "through the side. No more queuing at the pump-out at Nantwich every fortnight.",
            ),
            ("p", "Panels wired in by lunchtime, and 31 amps going into the batteries at two o\u2019clock."),
        ],
    },
    {
        "key": "signwriting",
        "local": "2027-06-12 20:00:14",
        "modified": 305,
        "editing": 422.9,
        "device": "iphone",
        "tags": ["Dabchick", "paint"],
        "place": "marina",
        "weather": ("sunny", 21, 50, 10, 70, 1022),
        "blocks": [
            ("h", "Her name"),
            (
                "p",
                "Maud came at nine and worked all day with her mahl stick and tiny brushes. The name is in cream "
                "letters shaded in red, with Audlem under it as the port of registry.",
            ),
            ("photo", "name"),
            (
                "p",
                "She also painted roses and a castle on the old water can while the letters dried. I paid her the "
                "\u00a3420 we agreed and \u00a360 for the can.",
            ),
            ("p", "The cabin sides are green, the roof is red and she has her name back. Party next Sunday."),
        ],
    },
    {
        "key": "party",
        "local": "2027-06-20 22:15:02",
        "modified": 43290,
        "editing": 517.4,
        "device": "iphone",
        "tags": ["Dabchick", "friends"],
        "starred": True,
        "place": "marina",
        "weather": ("clear-night", 16, 68, 7, 180, 1020),
        "blocks": [
            ("h", "Naming party"),
            (
                "p",
                "Fourteen of us on and around the pontoon this evening, which is about ten more than Dabchick can "
                "hold at once. Mam and Dad came up from Llanidloes, Owen gave a speech that went on too long and Ceri "
                "brought bara brith.",
            ),
            (
                "p",
                "Someone asked why I had not renamed her. Apart from liking the name, changing a boat\u2019s name is "
                "supposed to be bad luck unless you do it properly, and I am not risking it.",
            ),
            ("p", "We poured a splash of whisky over the bow for the old girl and another for Neptune."),
        ],
    },
    {
        "key": "plans",
        "local": "2027-06-30 21:04:26",
        "modified": 1730,
        "editing": 1104.6,
        "device": "mac",
        "tags": ["Dabchick", "cruising", "money"],
        "place": "home",
        "weather": ("partly", 18, 63, 12, 250, 1014),
        "blocks": [
            ("h", "August cruise, and the sums so far"),
            (
                "p",
                "Leave booked: two weeks from Saturday 7 August. The plan is up the Shroppie to Hurleston, onto the "
                "Llangollen Canal and over the Pontcysyllte Aqueduct. The moorings in the basin at Llangollen have to "
                "be booked in summer, so I have booked two nights from Wednesday 11 August.",
            ),
            ("p", "What she has cost since I bought her, not counting the mooring and the licence:"),
            (
                "ul",
                [
                    "survey \u00a3475",
                    "engine service \u00a3285",
                    "fuel tank clean \u00a3340",
                    "blacking and anodes \u00a31,150",
                    "stove \u00a31,380",
                    "batteries \u00a31,640",
                    "solar panels \u00a3690",
                    "composting toilet and vent \u00a3955",
                    "signwriting and the water can \u00a3480",
                ],
            ),
            ("p", "That is \u00a37,395, plus the paint and ply I stopped keeping receipts for."),
        ],
    },
]
SPENT_TOTAL = 7395  # the last entry's sum, checked against its list

# --- the TaskPaper document --------------------------------------------------------------------------------------------
# The Ashworths' plans (Callum and Priya, Isla 10 and Rory 7, Hebden Bridge), as they stood on Sunday 20 June 2027.
# Written here with four spaces for each level; the file has a tab for each, as TaskPaper writes it.

TASKPAPER_NAME = "Home.taskpaper"
TASKPAPER = """\
Inbox:
    - ring Yorkshire Water: the meter reading on the last bill is wrong @context(phone)
    - take Isla's library books back @due(2027-06-26) @context(errands)
    - find someone to feed the cat while we are in Pembrokeshire @flag
House:
    Damp in Rory's bedroom:
        Damp patch on the gable wall behind the wardrobe, worst after rain from the west. The surveyor who came for the remortgage said the pointing on that side is shot.
        - get three quotes for repointing the gable end @flag
            Pennine Pointing: \u00a32,350 with the scaffold, can start Monday 19 July.
            Moorside Masonry: coming to look on Tuesday 29 June.
        - Pennine Pointing to measure up @done(2027-06-12)
        - Moorside Masonry quote @waiting(Moorside Masonry)
        - ask Halliwell & Sons for a third quote @context(phone)
        - clear the gutter above Rory's window @done(2027-06-05)
        - pull the wardrobe away from the wall so it can dry out @done(2027-06-05)
    Loft insulation:
        Calderdale's Warm Homes grant pays up to \u00a31,500 towards loft insulation for homes in council tax bands A to C. We are band B.
        - check we are eligible @done(2027-05-20)
        - upload the EPC and a council tax bill to the grant form @due(2027-06-30) @context(online)
        - clear the loft: the old cot and the Christmas boxes go to Mum's
    - new battery in the hall smoke alarm @done(2027-06-02)
    - book the chimney sweep before the autumn @due(2027-09-01) @context(phone)
Money:
    - car insurance: compare quotes before it renews @due(2027-07-14) @flag
        Ravensworth Direct want \u00a3734 this year, up from \u00a3612. Callum is the main driver and Priya a named driver.
    - cancel Priya's old gym direct debit @done(2027-06-01)
    - move the holiday savings into the easy access account @context(online)
Kids:
    Isla, secondary school:
        Open evenings: Calder High on Thursday 23 September, Todmorden High on Tuesday 28 September, both at 6pm.
        - apply online by 31 October @due(2027-10-31)
        - ask Hannah's mum which bus Hannah will take @context(phone)
    Rory:
        - swimming lessons, Stage 4 at the leisure centre, Saturdays at 9:30 from 4 September @done(2027-06-16)
            \u00a378 for the 12-week term, paid by card.
        - new school shoes, size 1 @due(2027-08-28) @context(errands)
    - dentist check-ups for both of them @due(2027-08-20) @context(phone)
Summer holiday, Pembrokeshire:
    Penrhiw Farm campsite near St Davids, Saturday 31 July to Saturday 7 August, pitch 12 with electric hook-up.
    - pay the campsite balance, \u00a3286 @due(2027-07-01) @flag
    - book the boat trip round Ramsey Island @done(2027-06-15)
        From St Justinian's on Tuesday 3 August at 11:00, \u00a3148 for the four of us.
    - check the tent: one pole was bent last year
    - buy a new gas cylinder for the stove @context(errands)
    Packing:
        - borrow Jo's old wetsuit for Rory
        - windbreak and the beach tent
        - take the bikes? Not this time. @done(2027-06-10)
Birthdays:
    - order Nana Jean's 80th birthday cake from Bront\u00eb Bakery @due(2027-07-02) @context(phone)
        Lemon drizzle, three tiers, "Happy 80th Jean" on top. The party is on Sunday 11 July; collect the cake on Saturday 10 July.
    - Rory's birthday: book the climbing wall for Saturday 18 September
Someday:
    - paint the front door
    - a weekend in Edinburgh, just the two of us
    - learn to play the ukulele with Isla
Archive:
    - renew Isla's passport @done(2027-05-11) @project(Money)
    - book the car in for its MOT @done(2027-05-24) @project(Money)
    - parents' evening for Rory @done(2027-03-18) @project(Kids / Rory)
    - order the new bunk beds @done(2027-04-02) @project(House)
"""
TASKPAPER_AS_OF = "2027-06-20"  # every @done is on or before it

# --- the Numbers spreadsheet -------------------------------------------------------------------------------------------
# Helen Marchetti's piano teaching, Ludlow, at the end of the summer term 2027. Three sheets, four tables. Money is in
# pence here; dates as ISO text; lengths in minutes. The fees' subtotals, fees, totals and the exam results are
# worked out by the generator (numbers-parser writes no formulas) and checked against these rows.

NUMBERS_NAME = "Piano pupils 2026-27.numbers"
NUMBERS_SAVED = "2027-07-17 09:30:00"  # the time the zip's entries carry (UTC)

PUPILS_SHEET, PUPILS_TABLE = "Pupils", "Pupils"
PUPILS_HEADER = ["Pupil", "Parent or carer", "Day", "Time", "Length", "Rate", "Started", "Working towards"]
# pupil, parent or carer, lesson day, time, length in minutes, rate a lesson in pence, started, working towards
PUPILS = [
    ("Amira Dutta", "Sunita Dutta", "Monday", "16:00", 30, 1700, "2025-09-08", "Grade 3"),
    ("Oliver Fairbrother", "Kate Fairbrother", "Monday", "16:30", 30, 1700, "2024-01-15", "Grade 4"),
    ("Poppy Fairbrother", "Kate Fairbrother", "Monday", "17:00", 30, 1700, "2025-04-28", "Grade 1"),
    ("Ezra Mensah", "Adjoa Mensah", "Tuesday", "16:15", 45, 2550, "2022-09-13", "Grade 6"),
    ("Lily-Rose Carver", "Dan Carver", "Tuesday", "17:00", 30, 1700, "2026-09-15", "Prep Test"),
    ("Gwen Pritchard", "(adult pupil)", "Wednesday", "10:00", 60, 3400, "2021-03-03", "Grade 8"),
    ("Harvey Okafor", "Chidi Okafor", "Wednesday", "16:30", 45, 2550, "2023-10-04", "Grade 5"),
    ("Isabel Ruiz", "Marta Ruiz", "Thursday", "16:00", 45, 2550, "2024-09-12", "Grade 6"),
    ("Tom Hadley", "(adult pupil)", "Thursday", "19:00", 45, 2550, "2026-01-08", "jazz standards, no exams"),
    ("Freya Lindqvist", "Anna Lindqvist", "Friday", "16:15", 30, 1700, "2025-11-07", "Grade 3"),
]

TERM_SHEET, FEES_TABLE, DATES_TABLE = "Summer term 2027", "Fees", "Term dates"
FEES_HEADER = ["Pupil", "Lessons", "Rate", "Subtotal", "Sibling discount", "Fee", "Paid on", "Paid"]
TERM_FIRST, TERM_LAST = "2027-04-19", "2027-07-16"
NO_LESSONS = [("2027-05-03", "2027-05-03"), ("2027-05-31", "2027-06-04")]  # the bank holiday, half term
SIBLING_DISCOUNT = {"Oliver Fairbrother": 10, "Poppy Fairbrother": 10}  # per cent
PAID_ON = {  # pupil: the day the term's fee was paid; the others have not paid
    "Amira Dutta": "2027-04-21",
    "Oliver Fairbrother": "2027-04-19",
    "Poppy Fairbrother": "2027-04-19",
    "Ezra Mensah": "2027-04-27",
    "Lily-Rose Carver": "2027-05-04",
    "Gwen Pritchard": "2027-04-21",
    "Isabel Ruiz": "2027-04-29",
    "Freya Lindqvist": "2027-04-23",
}
TERM_DATES_HEADER = ["Date", "What"]
TERM_DATES = [
    ("2027-04-19", "First lessons of the summer term"),
    ("2027-05-03", "Early May bank holiday: no Monday lessons"),
    ("2027-05-31", "Half term week: no lessons until Monday 7 June"),
    ("2027-07-11", "Summer concert, 3pm, Castle Street Methodist Hall; pupils arrive by 2:15"),
    ("2027-07-16", "Last lessons of the term"),
    ("2027-09-06", "Autumn term starts"),
]

EXAMS_SHEET, EXAMS_TABLE = "Exams", "ABRSM summer 2027"
EXAMS_HEADER = ["Pupil", "Grade", "Exam date", "Time", "Length", "Venue", "Entry fee", "Mark", "Result"]
EXAM_LENGTHS = {1: 12, 2: 12, 3: 15, 4: 15, 5: 20, 6: 25, 7: 25, 8: 30}  # minutes
EXAM_FEES = {1: 4900, 2: 5500, 3: 6000, 4: 6600, 5: 7200, 6: 8200, 7: 9400, 8: 11000}  # pence
RESULT_BANDS = [(130, "Distinction"), (120, "Merit"), (100, "Pass"), (0, "Below pass")]  # marks out of 150
# pupil, grade, exam date, time, venue, mark
EXAMS = [
    ("Freya Lindqvist", 2, "2027-06-15", "10:00", "Ludlow visit, Castle Street Methodist Hall", 103),
    ("Amira Dutta", 2, "2027-06-15", "10:40", "Ludlow visit, Castle Street Methodist Hall", 128),
    ("Oliver Fairbrother", 3, "2027-06-15", "11:20", "Ludlow visit, Castle Street Methodist Hall", 134),
    ("Harvey Okafor", 4, "2027-06-16", "13:30", "Ludlow visit, Castle Street Methodist Hall", 119),
    ("Ezra Mensah", 5, "2027-06-16", "14:05", "Ludlow visit, Castle Street Methodist Hall", 117),
    ("Isabel Ruiz", 5, "2027-06-16", "15:00", "Ludlow visit, Castle Street Methodist Hall", 121),
    ("Gwen Pritchard", 7, "2027-06-22", "09:30", "Shrewsbury public centre, Abbey Foregate", 138),
]
