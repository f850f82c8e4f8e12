"""The text of the realdocs ``heldout33`` part's private documents, as ``make_heldout33.py`` writes them: a family's
house-renovation board as Trello's "Export as JSON" gives it (re-saved indented two spaces); a busy person's
``todo.txt`` and ``done.txt`` in Gina Trapani's todo.txt format; a plan for a small business as a Freeplane 1.9 mind
map (``.mm``). Fixed text only; every person, firm, place, club and number is invented (web addresses under
``.example``)."""

from __future__ import annotations

# --- the Trello board -------------------------------------------------------------------------------------------------
# The Askews renovate 14 Hollins Lane, a terraced house in the made-up town of Carnforth Bridge. Times are UTC.

TRELLO_NAME = "14-hollins-lane-renovation.json"
BOARD_NAME = "14 Hollins Lane - renovation"
BOARD_DESC = (
    "Everything for the back of the house: kitchen, bathroom, rewiring upstairs and the yard. "
    "Move a card when its stage changes; put prices and dates in the card, chat in the comments.\n\n"
    "Budget agreed with the bank: **£38,500** including 10% contingency."
)
BOARD_CREATED = "2027-01-09 20:14:00"
EXPORTED = "2027-04-19 21:37:12"

MEMBERS = [  # key, full name, username, initials, joined
    ("rhi", "Rhiannon Askew", "rhiannonaskew", "RA", "2027-01-09 20:14:00"),
    ("tom", "Tom Askew", "tomaskew7", "TA", "2027-01-09 20:31:00"),
    ("gareth", "Gareth Pell", "pellbuilding", "GP", "2027-01-21 08:02:00"),
    ("priti", "Priti Lalwani", "pritikitchens", "PL", "2027-02-02 11:40:00"),
]

LABELS = [  # key, name, colour
    ("kitchen", "Kitchen", "green"),
    ("bathroom", "Bathroom", "blue"),
    ("electrics", "Electrics", "yellow"),
    ("waiting", "Ball in someone else's court", "orange"),
    ("decide", "We must decide by Friday", "red"),
    ("diy", "Doing it ourselves - no trades", "purple"),
    ("yard", "Yard and outside", "sky"),
]

LISTS = [  # key, name
    ("ideas", "Ideas and wish list"),
    ("quotes", "Getting quotes"),
    ("booked", "Booked in"),
    ("doing", "In progress"),
    ("snags", "Snagging"),
    ("done", "Done"),
]

# A card: key, list, name, Markdown description, labels, members, due or None, due done, start or None, created.
CARDS = [
    (
        "units",
        "doing",
        "Kitchen units - fitting",
        "Final drawing is **rev D** from Priti (3 March).\n\n"
        "- Range: Hartwell Shaker in *sage green*, 11 base units and 6 wall units\n"
        "- Handles: brushed brass cup handles, 24 of them (spares in the loft)\n"
        "- Worktop: 38mm solid iroko, oiled three coats. We dropped the quartz: £2,410 against £860 for the wood\n\n"
        "Gareth fits over four days once the floor screed is dry.",
        ["kitchen"],
        ["gareth", "priti"],
        "2027-04-23 16:00:00",
        False,
        "2027-04-19 07:30:00",
        "2027-01-10 09:12:00",
    ),
    (
        "delivery",
        "done",
        "Kitchen delivery",
        "Delivered to the drive by Hartwell's own van. Slot was **7 to 9am**; they turned up at 8.20.\n\n"
        "Checked every box against the order sheet: one wall unit door (W4) had a chipped corner, "
        "replacement promised within ten working days.",
        ["kitchen"],
        ["tom"],
        "2027-04-13 09:00:00",
        True,
        None,
        "2027-02-15 19:20:00",
    ),
    (
        "sink",
        "quotes",
        "Sink and tap",
        "Want a Belfast sink, 600 wide. Options so far:\n\n"
        "1. Ridgeway ceramic Belfast with a bridge tap - £389 from Copperfold Bathrooms\n"
        "2. Fireclay double-weir from the reclamation yard at Lunemouth - £140 but no tap\n\n"
        "Priti says the 600 base unit needs a **sink support frame** whichever we choose.",
        ["kitchen", "decide"],
        ["rhi", "priti"],
        "2027-04-16 17:00:00",
        False,
        None,
        "2027-02-02 12:05:00",
    ),
    (
        "floor",
        "done",
        "Kitchen floor screed",
        "Liquid screed poured over the underfloor heating pipes, 50mm. "
        "Drying rule of thumb is one day per millimetre for the first 40mm, so tiles not before mid April.",
        ["kitchen"],
        ["gareth"],
        "2027-03-12 17:00:00",
        True,
        "2027-03-10 08:00:00",
        "2027-01-21 08:40:00",
    ),
    (
        "extractor",
        "booked",
        "Extractor ducting through back wall",
        "Core drill a 125mm hole through the back wall above the window. "
        "Needs the scaffold tower from Tom's brother. Vent cover: louvred, anthracite.",
        ["kitchen", "electrics"],
        ["gareth"],
        "2027-04-27 12:00:00",
        False,
        None,
        "2027-02-20 18:15:00",
    ),
    (
        "tiles",
        "doing",
        "Bathroom tiling",
        "Walls: white gloss metro 200x100, laid brick bond with **grey grout** (Mapei 112 medium grey).\n"
        "Floor: hexagon terracotta, 15 sq m ordered, 1.5 sq m spare.\n\n"
        "Shower wall gets the tanking kit first.",
        ["bathroom"],
        ["gareth", "tom"],
        "2027-04-30 17:00:00",
        False,
        "2027-04-14 08:00:00",
        "2027-01-25 21:02:00",
    ),
    (
        "bath",
        "booked",
        "Bath and shower screen",
        "Going with the 1700 steel bath (Caldwick Classic), not the acrylic one. "
        "Screen is a fixed 800mm panel with a 300mm return flipper.",
        ["bathroom"],
        ["gareth"],
        "2027-05-04 12:00:00",
        False,
        None,
        "2027-01-25 21:10:00",
    ),
    (
        "fan",
        "quotes",
        "Bathroom fan with humidistat",
        "Building control want 15 litres a second from a bathroom. "
        "Quote from Beacon Electrical for a ceiling fan with humidistat and overrun timer: £265 fitted.",
        ["bathroom", "electrics", "waiting"],
        ["tom"],
        None,
        False,
        None,
        "2027-02-27 10:33:00",
    ),
    (
        "rewire",
        "doing",
        "Rewire upstairs",
        "Sparks: **Beacon Electrical** (Imran Qureshi). First fix done upstairs; second fix after plastering.\n\n"
        "New consumer unit goes in the under-stairs cupboard with an RCBO per circuit, 10 ways.",
        ["electrics"],
        ["tom"],
        "2027-05-07 17:00:00",
        False,
        "2027-03-29 08:00:00",
        "2027-01-12 20:47:00",
    ),
    (
        "eicr",
        "ideas",
        "Electrical certificate for the whole house",
        "Once the rewire is signed off, Imran will issue an Electrical Installation Certificate. "
        "Keep a copy for the house file and one for the insurer.",
        ["electrics"],
        ["tom"],
        None,
        False,
        None,
        "2027-03-02 19:00:00",
    ),
    (
        "plaster",
        "booked",
        "Plastering back bedroom and landing",
        "Dean Holroyd, skim coat over the chased walls. Two days. "
        "He wants the rooms empty and the floor boarded over.",
        ["waiting"],
        ["tom"],
        "2027-04-22 16:00:00",
        False,
        None,
        "2027-02-24 20:20:00",
    ),
    (
        "paint",
        "ideas",
        "Paint colours",
        "Shortlist from the sample pots on the landing wall:\n\n"
        "- Kitchen walls: *Hay Loft*\n"
        "- Bathroom: *Sea Holly*\n"
        "- Landing: leave white until the stair carpet is chosen",
        ["diy"],
        ["rhi"],
        None,
        False,
        None,
        "2027-03-06 21:15:00",
    ),
    (
        "skip",
        "done",
        "Skip hire",
        "8-yard skip from Tarn Valley Skips, £310 for two weeks, on the road with a council permit "
        "(permit number CBH-2027-0418).",
        ["yard"],
        ["rhi"],
        "2027-03-05 12:00:00",
        True,
        None,
        "2027-01-30 13:02:00",
    ),
    (
        "yard",
        "ideas",
        "Yard: raised beds and bin store",
        "Two raised beds in sleepers along the sunny wall, 2.4m by 0.9m. "
        "Bin store for three wheelie bins by the back gate.",
        ["yard", "diy"],
        ["rhi", "tom"],
        None,
        False,
        None,
        "2027-03-14 16:40:00",
    ),
    (
        "window",
        "quotes",
        "Replace kitchen window",
        "Quotes so far:\n\n"
        "| Firm | Price | Lead time |\n"
        "| --- | --- | --- |\n"
        "| Fellgate Windows | £1,180 | 5 weeks |\n"
        "| Clearline Glazing | £1,045 | 9 weeks |\n\n"
        "Want timber-effect uPVC in white.",
        ["kitchen", "waiting"],
        ["rhi"],
        None,
        False,
        None,
        "2027-02-11 20:05:00",
    ),
    (
        "radiators",
        "snags",
        "Radiator in back bedroom drips",
        "The new column radiator weeps at the left valve tail. A towel under it for now. "
        "Gareth's plumber Shaun says it's the olive and he'll swap it on his next visit.",
        ["waiting"],
        ["gareth"],
        "2027-04-21 12:00:00",
        False,
        None,
        "2027-04-08 07:55:00",
    ),
    (
        "door",
        "snags",
        "Back door sticks",
        "Swelled after the wet week. Plane 2mm off the bottom edge and seal the end grain this time.",
        ["diy"],
        ["tom"],
        None,
        False,
        None,
        "2027-04-10 18:30:00",
    ),
    (
        "boiler",
        "done",
        "Boiler service and move",
        "Boiler moved into the loft space by Fernside Heating. New flue, system flushed and inhibitor added. "
        "**Service due every March**; warranty seven years if serviced.",
        [],
        ["tom"],
        "2027-02-26 17:00:00",
        True,
        None,
        "2027-01-14 09:00:00",
    ),
    (
        "flooring",
        "ideas",
        "Hall and stair flooring",
        "Rhi likes the herringbone LVT sample; Tom prefers painting the stairs and a runner. Leave till autumn.",
        [],
        ["rhi", "tom"],
        None,
        False,
        None,
        "2027-03-20 10:10:00",
    ),
    (
        "lights",
        "booked",
        "Kitchen lights",
        "Six 5W downlights on two circuits plus under-cabinet LED strip (warm white, 2700K). "
        "Imran fits these at second fix.",
        ["kitchen", "electrics"],
        ["tom"],
        "2027-05-06 12:00:00",
        False,
        None,
        "2027-03-01 21:44:00",
    ),
    (
        "loan",
        "done",
        "Extend mortgage for the works",
        "Further advance of £32,000 agreed with Wharfedale Building Society at 4.79% fixed for five years.",
        [],
        ["rhi", "tom"],
        "2027-01-29 12:00:00",
        True,
        None,
        "2027-01-09 20:40:00",
    ),
    (
        "bins",
        "quotes",
        "Splashback",
        "Either a glass splashback behind the hob (Lunemouth Glass quoted £215, 3 weeks) or "
        "the same metro tiles as the bathroom. Priti thinks glass is easier to wipe.",
        ["kitchen", "decide"],
        ["rhi", "priti"],
        "2027-04-16 17:00:00",
        False,
        None,
        "2027-03-18 20:12:00",
    ),
    (
        "shelves",
        "ideas",
        "Open shelves in the alcove",
        "Scaffold boards on hidden brackets, three shelves. Use the offcuts of the iroko for the bottom one?",
        ["kitchen", "diy"],
        ["tom"],
        None,
        False,
        None,
        "2027-03-25 22:01:00",
    ),
    (
        "waste",
        "done",
        "Strip out old kitchen",
        "Old units to the skip; the cooker went to Tom's cousin. Found lead pipe under the sink - Gareth replaced it.",
        ["kitchen", "diy"],
        ["rhi", "tom"],
        "2027-03-07 18:00:00",
        True,
        "2027-03-06 08:00:00",
        "2027-01-30 13:10:00",
    ),
    (
        "neighbours",
        "done",
        "Tell the neighbours",
        "Card and a box of biscuits through the doors at number 12 and number 16 with our numbers and Gareth's.",
        [],
        ["rhi"],
        "2027-03-01 12:00:00",
        True,
        None,
        "2027-02-20 17:15:00",
    ),
    (
        "snaglist",
        "snags",
        "Snag walk-round with Gareth",
        "Walk round every room with Gareth before the final payment. Holding back **5%** until snags are cleared.",
        ["decide"],
        ["rhi", "tom", "gareth"],
        "2027-05-21 10:00:00",
        False,
        None,
        "2027-04-02 19:25:00",
    ),
]

# A checklist: key, card, name, created, [(item, complete)]
CHECKLISTS = [
    (
        "units-steps",
        "units",
        "Fitting order",
        "2027-04-12 20:00:00",
        [
            ("Check floor level with the long spirit level", True),
            ("Fit base units along the back wall", True),
            ("Fit the tall larder unit", False),
            ("Template and cut the iroko worktop", False),
            ("Hang wall units", False),
            ("Fit plinths and end panels", False),
        ],
    ),
    (
        "tiles-buy",
        "tiles",
        "Buy before tiling",
        "2027-04-05 19:40:00",
        [
            ("Tanking kit for the shower wall", True),
            ("Flexible tile adhesive, 6 bags", True),
            ("Grout, medium grey", True),
            ("Edge trims in brushed chrome", False),
            ("Levelling clips", True),
        ],
    ),
    (
        "rewire-rooms",
        "rewire",
        "Second fix rooms",
        "2027-04-01 21:00:00",
        [
            ("Back bedroom", False),
            ("Front bedroom", True),
            ("Landing and loft light", True),
            ("Bathroom shaver socket and fan spur", False),
        ],
    ),
    (
        "skip-list",
        "skip",
        "What can't go in the skip",
        "2027-02-27 09:30:00",
        [
            ("Old fridge - council collection booked", True),
            ("Paint tins - to the tip at Halewood Lane", True),
            ("Plasterboard - separate bag from the skip firm", True),
        ],
    ),
]

# Actions, oldest first as written here; the export lists them newest first.
# ("comment", when, member, card, text) / ("move", when, member, card, from list, to list) /
# ("member", when, member, card, member added)
ACTIONS = [
    ("member", "2027-02-02 11:45:00", "rhi", "sink", "priti"),
    (
        "comment",
        "2027-02-03 08:10:00",
        "priti",
        "sink",
        "The 600 base unit has a removable back rail, so a frame fits.",
    ),
    (
        "comment",
        "2027-02-16 07:44:00",
        "tom",
        "window",
        "Fellgate can't do the timber-effect foil until June.",
    ),
    ("move", "2027-02-26 17:20:00", "tom", "boiler", "booked", "done"),
    (
        "comment",
        "2027-02-26 17:22:00",
        "tom",
        "boiler",
        "Engineer left the benchmark logbook in the drawer by the back door.",
    ),
    ("move", "2027-03-05 12:04:00", "rhi", "skip", "booked", "done"),
    ("comment", "2027-03-08 19:31:00", "rhi", "waste", "Tip run done. Fourteen bags. Never again."),
    ("member", "2027-03-09 08:00:00", "tom", "floor", "gareth"),
    (
        "comment",
        "2027-03-12 16:58:00",
        "gareth",
        "floor",
        "Screed down and level. Keep the heating OFF for a week, then 20C max for another week.",
    ),
    (
        "comment",
        "2027-03-15 20:02:00",
        "rhi",
        "paint",
        "Hay Loft looked too yellow at night. Trying Oat Husk instead.",
    ),
    (
        "comment",
        "2027-03-22 12:40:00",
        "gareth",
        "fan",
        "Imran says the humidistat fan needs a fused spur; he'll add it to the quote.",
    ),
    ("move", "2027-03-29 08:05:00", "tom", "rewire", "booked", "doing"),
    (
        "comment",
        "2027-03-30 18:10:00",
        "tom",
        "rewire",
        "Imran found the old landing circuit had no earth. Glad we're doing this.",
    ),
    ("comment", "2027-04-02 21:10:00", "tom", "window", "Clearline say 9 weeks is worst case; could be 6."),
    ("move", "2027-04-08 07:56:00", "rhi", "radiators", "doing", "snags"),
    (
        "comment",
        "2027-04-09 20:15:00",
        "priti",
        "bins",
        "If you go for glass, order it after the worktop is fitted so they template off it.",
    ),
    ("move", "2027-04-13 10:02:00", "tom", "delivery", "booked", "done"),
    (
        "comment",
        "2027-04-13 10:05:00",
        "tom",
        "delivery",
        "All here apart from the cornice, which comes with the replacement door.",
    ),
    ("move", "2027-04-14 08:01:00", "gareth", "tiles", "booked", "doing"),
    (
        "comment",
        "2027-04-15 17:35:00",
        "gareth",
        "tiles",
        "Tanking's cured. Starting the shower wall tomorrow, floor last.",
    ),
    (
        "comment",
        "2027-04-16 09:12:00",
        "rhi",
        "sink",
        "Decided: the reclamation fireclay one. Need a tap - ask Priti for a bridge tap that suits.",
    ),
    (
        "comment",
        "2027-04-16 09:40:00",
        "priti",
        "sink",
        "Try the Ashby bridge tap in aged brass, about £190; it matches the handles.",
    ),
    ("move", "2027-04-19 07:31:00", "gareth", "units", "booked", "doing"),
    (
        "comment",
        "2027-04-19 16:48:00",
        "gareth",
        "units",
        "Back wall base units are in. The larder unit is 12mm too tall for the ceiling - I'll trim the plinth.",
    ),
]

# --- the todo.txt files ----------------------------------------------------------------------------------------------
# Ffion Maddox: a planning officer at a made-up council, an allotment, a choir, an old car. Today is 2027-03-18.

TODO_DIR = "todo"

TODO = """\
(A) 2027-03-15 Send Sandford Road report to Graham for sign-off +SandfordRoad @work due:2027-03-19
(A) 2027-03-16 Call Lakeland Vets about Pip's booster jab @phone due:2027-03-22
(B) 2027-03-10 Draft conditions for the barn conversion at Oxenholme Fold +BarnConversion @work due:2027-03-26
(B) 2027-03-11 Book MOT for the Polo at Kirkby Autos +Car @phone due:2027-04-09
(B) 2027-03-14 Learn the alto line of bars 40-72 of the Faure Cantique +Choir @home due:2027-03-24
(C) 2027-03-01 Chit seed potatoes (Charlotte and Pink Fir Apple) on the spare room sill +Allotment @home
(C) 2027-02-20 Renew allotment plot 14B rent, £46 to Gillbeck Allotment Society +Allotment @computer due:2027-03-31
2027-03-12 Site visit for the Hallgarth Lane extension, take the long tape +Hallgarth @work t:2027-03-22 due:2027-03-23
2027-03-05 Order replacement wiper blades, 22 inch and 16 inch +Car @computer
2027-03-17 Ask Graham whether the Sandford Road committee date moved to 8 April +SandfordRoad @work
(A) 2027-03-17 Pay the council tax instalment @computer due:2027-04-01 rec:+1m
2027-01-04 Water the cacti @home rec:2w t:2027-03-20
2027-01-04 Put the recycling out, blue bin week @home rec:2w t:2027-03-23
2027-02-01 Back up the laptop to the blue drive @computer rec:1m t:2027-04-01
2027-03-08 Check tyre pressures 2.3 bar front, 2.1 rear +Car @errands rec:1m due:2027-04-08
(B) 2027-03-13 Choir subs £72 for the spring term to Kentvale Singers +Choir @computer due:2027-03-25
2027-03-13 Find black folder and the concert shoes for 17 April +Choir @home
2027-03-02 Sow broad beans Aquadulce in root trainers +Allotment @greenhouse
2027-03-02 Turn the compost bays +Allotment @allotment t:2027-03-27
2027-03-09 Fix the shed door hinge, take 40mm screws +Allotment @allotment
2027-03-16 Ask Mr Aziz (plot 12) if he wants the spare rhubarb crowns +Allotment @allotment
2027-02-28 Write up the heritage consultee comments for Kentmere Mill +KentmereMill @work due:2027-03-30
2027-03-03 Read the appeal decision on Brow Top caravans before the team meeting +Reading @work
2027-03-11 Book dentist check-up at Stricklandgate Dental @phone
2027-03-14 Renew passport, form and photos from the booth at the station @errands due:2027-05-01
(C) 2027-03-15 Return Dad's hedge trimmer @errands
2027-03-16 Sort the receipts for the self-assessment side income from the choir accompanying +Tax @computer due:2027-04-05
2027-03-17 Cancel the streaming trial before it starts charging @computer due:2027-03-21
2027-03-10 Reply to Nerys about the Easter walk on Whinfell @computer
2027-03-06 Buy bird seed and fat balls @errands rec:+2w
(D) 2027-02-15 Look into an evening course in Welsh @computer
2027-03-18 Prep slides for the planning committee briefing on the Local Plan review +LocalPlan @work due:2027-03-31 pri:A
2027-03-18 Book a room for the Local Plan drop-in at Burneside village hall +LocalPlan @phone due:2027-04-02
2027-03-12 Chase Highways for the Sandford Road visibility splay comments +SandfordRoad @work
2027-03-04 Get a quote to fix the Polo's passenger window regulator +Car @phone
2027-03-07 Clean the car inside before Mum's trip to Kendal +Car @home due:2027-03-27
2027-03-15 Order two bags of farmyard manure from Ghyll Farm +Allotment @phone
2027-02-22 Net the brassicas against the pigeons +Allotment @allotment
2027-03-18 Print the choir's concert posters, 20 copies, A4 +Choir @work due:2027-03-29
2027-03-14 Email Bev the seating plan for the concert +Choir @computer
2027-03-09 Call the boiler man about the annual service @phone rec:1y due:2027-04-15
2027-03-01 Change the bed linen @home rec:1w t:2027-03-21
2027-03-18 Prune the gooseberries before bud burst +Allotment @allotment due:2027-03-28
2027-03-05 Reply to HR about the flexi-time carry over @work due:2027-03-31
2027-03-13 Renew car insurance - compare before 12 April +Car @computer due:2027-04-12
x 2027-03-17 2027-03-10 Submit mileage claim for February +Admin @work
x 2027-03-16 2027-03-15 Pick up Pip's worming tablets @errands
x 2027-03-14 2027-03-02 Sow tomatoes Gardener's Delight in the propagator +Allotment @home
x 2027-03-12 2027-03-09 Send Graham the Kentmere Mill site photos +KentmereMill @work
x 2027-03-11 2027-02-25 Buy rosin for the bow @errands
2027-03-14 Get the harp tuned before the concert, ring Selwyn @phone due:2027-04-10
2027-03-16 Mum's birthday card and present, she'll be 71 @errands due:2027-04-03
2027-03-17 Swap the winter duvet @home t:2027-04-05
2027-03-18 Watch the recording of the Design Code webinar +LocalPlan @work
2027-03-15 Post the signed Oxenholme Fold decision notice +BarnConversion @work t:2027-03-29
2027-03-11 Ask Jo about borrowing the trailer for the manure +Allotment @phone
2027-03-12 Take the wheelbarrow tyre to be repaired +Allotment @errands
(E) 2027-01-20 Look for a second-hand greenhouse heater +Allotment @computer
2027-03-16 Buy a new alto score of the Rutter Gloria +Choir @computer
2027-03-10 Put the choir rehearsal dates into the family calendar +Choir @computer
2027-03-13 Email the planning agent for Hallgarth Lane about the revised drawings +Hallgarth @work due:2027-03-24
"""

DONE = """\
x 2027-01-05 2027-01-02 Take the Christmas tree to the chipping at Abbot Hall car park @errands
x 2027-01-08 2027-01-04 Water the cacti @home rec:2w
x 2027-01-11 2027-01-06 Pay the council tax instalment @computer rec:+1m
x 2027-01-14 2027-01-03 Renew the Polo's road tax, £190 for twelve months +Car @computer
x 2027-01-19 2027-01-12 Submit mileage claim for December +Admin @work
x 2027-01-22 2027-01-10 Send the Sandford Road consultation letters to the 38 neighbours +SandfordRoad @work
x 2027-01-28 2027-01-20 Sign up for the spring term with Kentvale Singers +Choir @computer
x 2027-02-01 2027-01-26 Order seeds from Marlow Seeds: carrots Nantes, beetroot Boltardy, leeks Musselburgh +Allotment @computer
x 2027-02-03 2027-02-01 Back up the laptop to the blue drive @computer rec:1m
x 2027-02-06 2027-02-01 Replace the Polo's front brake pads at Kirkby Autos, £148 +Car @errands
x 2027-02-09 2027-02-04 Dig over the bean trench and fill it with kitchen scraps +Allotment @allotment
x 2027-02-12 2027-02-11 Pay the council tax instalment @computer rec:+1m
x 2027-02-17 2027-02-10 Write the delegated report for the Brow Top caravans +Reading @work
x 2027-02-19 2027-02-15 Book the church hall for the choir's sectional rehearsal on 6 March +Choir @phone
x 2027-02-24 2027-02-18 Hand in the Kentmere Mill pre-application notes +KentmereMill @work
x 2027-02-27 2027-02-20 Fit a new water butt to the shed +Allotment @allotment
x 2027-03-02 2027-02-28 Book Pip's annual check and booster with Lakeland Vets @phone
x 2027-03-03 2027-03-01 Back up the laptop to the blue drive @computer rec:1m
x 2027-03-06 2027-03-05 Pay the council tax instalment @computer rec:+1m
x 2027-03-08 2027-03-02 Collect the seed potatoes from the allotment shop +Allotment @allotment
"""

# --- the Freeplane mind map ------------------------------------------------------------------------------------------
# Joss Kettlewell plans a coffee bike: a cargo trike with an espresso machine, selling at a made-up town's markets.
# A node: (text, {"note": ..., "link": ..., "attrs": [(name, value)], "icons": [...], "html": True (a NODE
# richcontent instead of TEXT), "folded": True, "arrow": key of a node, "key": key}, [children]).

MM_NAME = "Kettle and Crank coffee bike plan.mm"
MM_CREATED = 1673600000000  # 13 January 2023 in the map's own clock (ms); each node a fixed step later

MAP = (
    "Kettle and Crank\nCoffee bike - launch plan 2027",
    {
        "note": "My plan for getting the coffee bike trading by May 2027. Target: break even by the end of September."
    },
    [
        (
            "The bike",
            {"position": "right"},
            [
                (
                    "Cargo trike",
                    {
                        "note": "Bought second hand from a bakery in Lancaster that closed. Frame number "
                        "CT-48813. Needs a new rear hub brake before it goes on the road.",
                        "attrs": [("cost", "£1,850"), ("seller", "Crumb and Crust")],
                        "icons": ["bookmark"],
                        "key": "trike",
                    },
                    [
                        ("New rear hub brake", {"attrs": [("cost", "£145")]}, []),
                        ("Puncture-proof tyres", {"attrs": [("cost", "£96")]}, []),
                        (
                            "Signwriting on the box",
                            {
                                "note": "Harriet Moss, signwriter in Sedbergh. Cream "
                                "on racing green, the logo on both sides. She wants the box sanded first.",
                                "attrs": [("cost", "£420")],
                            },
                            [],
                        ),
                    ],
                ),
                (
                    "Espresso machine",
                    {
                        "note": "A lever machine needs no pump, so the battery only runs the grinder and lights. "
                        "Going with a two-group lever on LPG.",
                        "attrs": [("cost", "£2,300"), ("model", "Vesuvio Leva 2")],
                        "key": "machine",
                    },
                    [
                        (
                            "LPG bottle and regulator",
                            {
                                "note": "Two 6kg propane bottles, one on, one spare. "
                                "Gas Safe check every year by a commercial-catering engineer.",
                                "attrs": [("cost", "£110")],
                            },
                            [],
                        ),
                        (
                            "Grinder",
                            {"attrs": [("cost", "£640"), ("model", "Eureka Mignon battery kit")]},
                            [],
                        ),
                    ],
                ),
                (
                    "Power",
                    {
                        "note": "Lithium leisure battery, 100Ah, charged at home overnight. Solar panel on the canopy "
                        "tops it up on a sunny day.",
                        "attrs": [("cost", "£520")],
                    },
                    [],
                ),
                (
                    "Storage at Tenterbank Mill",
                    {
                        "link": "https://tenterbankmill.example/units/b4",
                        "note": "Ground floor unit B4, a roller door and a sink. £85 a month, three months' notice.",
                    },
                    [],
                ),
            ],
        ),
        (
            "Coffee and menu",
            {"position": "right"},
            [
                (
                    "Beans",
                    {
                        "note": "House blend from Fellside Roasters: 60% Brazil, 40% Ethiopia. Decaf from them too.",
                        "link": "https://fellsideroasters.example/wholesale",
                        "key": "beans",
                    },
                    [
                        ("Wholesale price", {"attrs": [("per kg", "£21.50"), ("minimum order", "6 kg")]}, []),
                        (
                            "Delivery day",
                            {"note": "They roast on Mondays and deliver Tuesdays if ordered by Sunday noon."},
                            [],
                        ),
                    ],
                ),
                (
                    "Milk",
                    {"note": "Whole milk from Low Birker Dairy in glass pints. Oat milk: Oatly Barista."},
                    [],
                ),
                (
                    "Price list",
                    {"html": True, "note": "Round prices so the card reader and change are quick."},
                    [
                        ("Espresso", {"attrs": [("price", "£2.20")]}, []),
                        ("Flat white", {"attrs": [("price", "£3.10")]}, []),
                        ("Latte or cappuccino", {"attrs": [("price", "£3.30")]}, []),
                        ("Hot chocolate", {"attrs": [("price", "£3.00")]}, []),
                        ("Oat milk", {"attrs": [("price", "+30p")]}, []),
                    ],
                ),
                (
                    "Cakes",
                    {},
                    [
                        (
                            "Flapjack and brownies from Nell",
                            {
                                "note": "Nell bakes at the village hall kitchen, "
                                "which has a food hygiene rating of 5. Sale or return, I keep 35%."
                            },
                            [],
                        ),
                        ("Gluten-free option", {}, []),
                    ],
                ),
            ],
        ),
        (
            "Where to trade",
            {"position": "left"},
            [
                (
                    "Markets",
                    {},
                    [
                        (
                            "Kirkby Lonsdale Thursday market",
                            {
                                "attrs": [("pitch fee", "£18"), ("day", "Thursday")],
                                "link": "https://kirkbylonsdalemarket.example/traders",
                            },
                            [],
                        ),
                        (
                            "Sedbergh farmers' market",
                            {
                                "attrs": [("pitch fee", "£25"), ("day", "last Saturday")],
                                "note": "Only one hot-drinks trader allowed; I'm on the waiting list behind a tea van.",
                            },
                            [],
                        ),
                    ],
                ),
                (
                    "Station forecourt",
                    {
                        "note": "Oxenholme station, weekday mornings 6.30 to 9.30. Avanti's property team want "
                        "public liability of £5 million and a monthly licence fee.",
                        "key": "station",
                    },
                    [
                        ("Licence fee", {"attrs": [("per month", "£240")]}, []),
                    ],
                ),
                (
                    "Events",
                    {"folded": True},
                    [
                        ("Lunesdale Show", {"attrs": [("date", "2027-08-14"), ("pitch fee", "£90")]}, []),
                        (
                            "Park run at Serpentine Woods",
                            {
                                "note": "Saturday 9am. Ask the run director; they "
                                "said yes in principle if I give 10p a cup to the volunteers' fund."
                            },
                            [],
                        ),
                        ("Weddings", {"note": "Maybe next year."}, []),
                    ],
                ),
            ],
        ),
        (
            "Paperwork",
            {"position": "left"},
            [
                (
                    "Food business registration",
                    {
                        "note": "Register with South Lakeland council at least 28 days before trading. "
                        "Done online; reference FBR-2027-1193.",
                        "icons": ["button_ok"],
                        "link": "https://www.food.gov.uk/business-guidance/register-a-food-business",
                    },
                    [],
                ),
                (
                    "Street trading consent",
                    {
                        "note": "Needed for the station forecourt? Ask the licensing team - forecourt may be "
                        "private land, so not needed.",
                        "icons": ["help"],
                        "arrow": "station",
                    },
                    [],
                ),
                (
                    "Insurance",
                    {
                        "attrs": [
                            ("insurer", "Mobile Traders Mutual"),
                            ("cost", "£312 a year"),
                            ("public liability", "£5 million"),
                        ]
                    },
                    [],
                ),
                (
                    "Level 2 food hygiene certificate",
                    {
                        "icons": ["button_ok"],
                        "note": "Passed online course 2 February, certificate number L2FH-558201.",
                    },
                    [],
                ),
            ],
        ),
        (
            "Marketing",
            {"position": "left"},
            [
                ("Instagram @kettleandcrank", {"link": "https://instagram.example/kettleandcrank"}, []),
                (
                    "Loyalty card",
                    {"note": "Stamp card: the ninth coffee free. Printed by Inkwell Print, 500 cards."},
                    [],
                ),
                (
                    "Launch day",
                    {
                        "attrs": [("date", "2027-05-01"), ("place", "Kirkby Lonsdale market")],
                        "note": "Free espresso for the first fifty people.",
                    },
                    [],
                ),
                ("Flyers for the station", {}, []),
            ],
        ),
        (
            "Money",
            {"position": "right"},
            [
                (
                    "Start-up costs",
                    {"note": "Adds up the cost attributes under The bike: about £6,081 before stock."},
                    [],
                ),
                (
                    "Funding",
                    {},
                    [
                        ("Savings", {"attrs": [("amount", "£4,000")]}, []),
                        (
                            "Start Up Loan",
                            {
                                "attrs": [("amount", "£3,500"), ("rate", "6% fixed")],
                                "note": "Government-backed, five years. Mentor is Carys Tully from the Cumbria growth hub.",
                            },
                            [],
                        ),
                    ],
                ),
                (
                    "Break-even",
                    {"html": True},
                    [],
                ),
            ],
        ),
    ],
)

# Nodes whose text is HTML (a NODE richcontent) instead of TEXT: text -> the body's paragraphs.
HTML_NODES = {
    "Price list": ["<b>Price list</b>", "from May 2027"],
    "Break-even": ["<b>Break-even</b>", "about 38 cups a trading day at an average £3.05"],
}
