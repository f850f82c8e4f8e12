"""The text of the realdocs ``heldout35`` part's private documents, as ``make_heldout35.py`` writes them: one person's
Google Maps saved places as Google Takeout exports them (``Saved Places.json``, GeoJSON, and a saved list as CSV); a
Simplenote export's ``notes.json``; and a recorded check-in walk-round of a rented flat as a speech-to-text JSON
transcript (Whisper's segments, with speakers as MacWhisper adds them). Fixed text only; every person, firm, place
and number is invented."""

from __future__ import annotations

# --- Google Maps saved places (Takeout) -------------------------------------------------------------------------------
# Harriet Oduya lives in Hathersage Road, Sheffield. (name, address, lat, lon, saved at UTC, comment); a dropped pin
# has no name and no address.
PLACES = [
    (
        "Crumb & Copper",
        "14 Abbeydale Road, Sheffield S7 1FD, United Kingdom",
        53.36521,
        -1.48417,
        "2026-09-12T10:14:22Z",
        "Best cardamom bun in town. Closed Mondays. Window seats have plugs.",
    ),
    (
        "Holloway Dental Practice",
        "221 Ecclesall Road, Sheffield S11 8HW, United Kingdom",
        53.37044,
        -1.49386,
        "2026-10-03T08:41:07Z",
        "Dr Anand Mistry. Check-up every 9 months, hygienist is Bev. Parking on Pear Street.",
    ),
    (
        "Tarn & Tiller Bakery",
        "3 Market Place, Hathersage, Hope Valley S32 1DZ, United Kingdom",
        53.33071,
        -1.65310,
        "2026-06-21T16:02:51Z",
        "Sourdough sells out by 11 on Saturdays.",
    ),
    (
        "Greaves Plumbing Supplies",
        "Unit 6, Parkway Trade Park, Sheffield S9 3WT, United Kingdom",
        53.38930,
        -1.42512,
        "2026-11-18T13:27:40Z",
        "Trade counter open 7:30 to 4. Ask for Dale. They had the 15mm Pegler valves when B&Q didn't.",
    ),
    (
        "Limb Valley Walk start",
        "Whirlow Lane, Sheffield S11 9QF, United Kingdom",
        53.34702,
        -1.53290,
        "2026-04-05T09:55:13Z",
        "Circular 4.5 miles via Lady Canning's Plantation, muddy after rain, boots not trainers.",
    ),
    (
        "The Wortley Arms",
        "Halifax Road, Wortley, Sheffield S35 7DB, United Kingdom",
        53.49141,
        -1.53487,
        "2026-08-30T19:20:05Z",
        "Sunday roast for Mum's birthday was excellent. Book table 12 by the fire.",
    ),
    (
        "Kestrel Veterinary Centre",
        "88 Crookes Valley Road, Sheffield S10 1BA, United Kingdom",
        53.38152,
        -1.49028,
        "2026-05-11T11:06:38Z",
        "Pepper's vet. Booster jab due every May. Emergency number on the door.",
    ),
    (
        "Blackbrook Tyres",
        "2 Penistone Road North, Sheffield S6 1LP, United Kingdom",
        53.40914,
        -1.50102,
        "2026-12-02T15:48:29Z",
        "Fitted two Michelin CrossClimate for £186 the pair. Free tracking check.",
    ),
    (
        "Padley Gorge car park",
        "Grindleford, Hope Valley S32 2JA, United Kingdom",
        53.31197,
        -1.62528,
        "2026-07-18T07:32:46Z",
        "National Trust, members park free. Fills by 10 in summer.",
    ),
    (
        "Stanage Edge (Hook's Car)",
        "Hook's Car, Hathersage, Hope Valley S32 1BR, United Kingdom",
        53.35081,
        -1.63177,
        "2026-07-19T18:44:12Z",
        "Sunset spot. Bring head torch for the walk down.",
    ),
    (
        "Millers Yard Launderette",
        "41 Sharrow Vale Road, Sheffield S11 8ZF, United Kingdom",
        53.36992,
        -1.49981,
        "2026-02-14T12:10:59Z",
        "Big drum machine takes a double duvet, £9.50 a wash.",
    ),
    (
        "Nethergreen Library",
        "Nethergreen Road, Sheffield S11 7EJ, United Kingdom",
        53.36370,
        -1.53120,
        "2026-03-08T14:22:33Z",
        "Volunteer-run. Book swap shelf by the door, repair café last Saturday of the month.",
    ),
    (
        "Saltburn Cliff Lift",
        "Lower Promenade, Saltburn-by-the-Sea TS12 1HQ, United Kingdom",
        54.58603,
        -0.97051,
        "2026-08-09T10:03:17Z",
        "Water-balanced funicular from 1884. Cash and card. Closed in high winds.",
    ),
    (
        "Whitby Abbey",
        "Abbey Lane, Whitby YO22 4JT, United Kingdom",
        54.48838,
        -0.60788,
        "2026-08-11T15:37:48Z",
        "199 steps from the harbour. English Heritage card got us in.",
    ),
    (
        "Robin Hood's Bay Fossil Shore",
        "The Dock, Robin Hood's Bay, Whitby YO22 4SJ, United Kingdom",
        54.43410,
        -0.53221,
        "2026-08-12T09:12:04Z",
        "Check tide times first. Found an ammonite near the Boggle Hole end.",
    ),
    (
        "Porth Oer (Whistling Sands)",
        "Aberdaron, Pwllheli LL53 8LH, United Kingdom",
        52.83201,
        -4.72398,
        "2025-07-26T13:55:20Z",
        "Sand squeaks when you walk on it. Café at the top does crab sandwiches.",
    ),
    (
        "Tŷ Newydd Campsite",
        "Llanfaelrhys, Aberdaron, Pwllheli LL53 8LS, United Kingdom",
        52.81330,
        -4.69872,
        "2025-07-24T17:40:09Z",
        "Pitch 17 has the sea view. Showers need 20p coins.",
    ),
    (
        "Kinder Downfall",
        "Kinder Scout, Hope Valley S33 7ZJ, United Kingdom",
        53.38110,
        -1.87520,
        "2026-10-24T11:28:55Z",
        "Waterfall blows backwards in a westerly. 9 miles from Bowden Bridge.",
    ),
    (
        "Sheaf Street Post Office",
        "Unit 2, Sheaf Street, Sheffield S1 2BP, United Kingdom",
        53.37902,
        -1.46531,
        "2026-01-19T09:47:16Z",
        "Passport Check and Send service here, £18.50.",
    ),
    (
        "Botanical Gardens Sheffield",
        "Clarkehouse Road, Sheffield S10 2LN, United Kingdom",
        53.37242,
        -1.50058,
        "2026-04-26T13:14:42Z",
        "Free entry. Pavilions reopen after Easter. Bear pit is a must for visitors.",
    ),
    (
        "Rosie Pham Osteopath",
        "9 Brocco Bank, Sheffield S11 8RQ, United Kingdom",
        53.37298,
        -1.50431,
        "2026-11-02T10:31:26Z",
        "For my lower back. £52 first visit, £45 after. Wear loose clothes.",
    ),
    (
        "Ashgate Allotment Society shop",
        "Ashgate Road, Sheffield S10 3BZ, United Kingdom",
        53.38201,
        -1.51620,
        "2026-03-22T10:05:11Z",
        "Sells seed potatoes and manure by the bag. Open Sunday mornings only.",
    ),
    (
        "Loxley Climbing Wall",
        "Unit 4, Loxley Mills, Sheffield S6 6SX, United Kingdom",
        53.41005,
        -1.55770,
        "2026-02-01T18:11:37Z",
        "Ten-visit card £85. Wednesday is women's night.",
    ),
    (
        "Cobbler & Key",
        "27 Division Street, Sheffield S1 4GE, United Kingdom",
        53.38003,
        -1.47749,
        "2026-09-05T12:52:08Z",
        "Resoled my walking boots for £48, took a week.",
    ),
    (
        "Fernhill Garden Centre",
        "Baslow Road, Totley, Sheffield S17 3BL, United Kingdom",
        53.31822,
        -1.53960,
        "2026-05-30T15:20:44Z",
        "Good for bare-root hedging in November. Café does a decent scone.",
    ),
    (
        "Edale Youth Hostel",
        "Rowland Cote, Nether Booth, Edale, Hope Valley S33 7ZH, United Kingdom",
        53.36620,
        -1.79620,
        "2026-10-23T20:05:31Z",
        "Stayed before the Kinder walk. Drying room is brilliant.",
    ),
    (
        "Hathersage Open Air Pool",
        "Oddfellows Road, Hathersage, Hope Valley S32 1DU, United Kingdom",
        53.33022,
        -1.65211,
        "2026-06-21T14:48:17Z",
        "Heated to 28 degrees. Book a slot online, early swim from 6:30.",
    ),
    (
        "Kelham Island Museum",
        "Alma Street, Sheffield S3 8RY, United Kingdom",
        53.38810,
        -1.47310,
        "2026-01-03T11:34:52Z",
        "River Don Engine runs at noon and 2pm. Took the nephews.",
    ),
    (
        None,
        None,
        53.29377,
        -1.59912,
        "2026-07-04T08:17:26Z",
        "Wild swimming pool in the Burbage brook below the footbridge. Deep enough to jump.",
    ),
    (
        None,
        None,
        53.36788,
        -1.48002,
        "2026-09-20T17:03:39Z",
        "Where the van was parked when the tyre went. Ask Blackbrook about the puncture repair.",
    ),
    (
        None,
        None,
        54.43705,
        -0.53840,
        "2026-08-12T16:45:50Z",
        "Bench with the best view over the bay, dedicated to Walter and Ida Moorhouse.",
    ),
]

# Saved/Want to go.csv: (title, note, url cid); an empty note is written as an empty field.
WANT_TO_GO = [
    ("Bamford Edge", "Heather in late August. Park at Heatherdene.", "7341182019338601415"),
    ("Magna Science Adventure Centre", "", "12905577142036628193"),
    (
        "Bolsover Castle",
        "English Heritage again so free. Riding house demos in summer.",
        "5520981267045329187",
    ),
    ("Castleton Peak Cavern", "Book the Sunday candlelit tour in December.", "9082415563007713240"),
    ("The Barrel Inn, Bretton", "Highest pub in Derbyshire, 1,276 feet up.", "16647033812950419951"),
    ("Ladybower Reservoir dams", "", "3377120948155602871"),
    ("Hardwick Hall", "More glass than wall. Gardens close at 5.", "11408835226170934562"),
    ("Eyam Museum", "Plague village story, open Tuesday to Sunday.", "8150366299473201185"),
    ("Grinds & Gears Bike Café", "Gravel ride meets here Thursday 6pm.", "14293380557210948806"),
    ("Carsington Water", "Cycle the 8 mile loop, bike hire at the visitor centre.", "2263807459112036557"),
]

# --- Simplenote ------------------------------------------------------------------------------------------------------
# Tomasz Wierzbicki, a secondary-school physics teacher in York. (key, created, modified, tags, flags, content);
# flags: "pinned", "markdown", "public".
NOTES = [
    (
        "bike",
        "2026-03-14T10:22:41",
        "2027-02-02T18:05:12",
        ["bike"],
        {"pinned"},
        "Bike details\n\nRoad bike: Cinelli-style steel frame from Fenwick Cycles, frame size 56cm, top tube 55.5cm.\n"
        "Seat height 74.5cm from bottom bracket to top of saddle.\nTyres 700x32c, run at 65 psi front, 70 psi rear.\n"
        "Chain replaced March 2026 at 4,100 miles (KMC X10).\nFrame number WF-88231-K, registered with BikeRegister.",
    ),
    (
        "boiler",
        "2026-01-08T19:40:03",
        "2026-11-29T08:12:55",
        ["house"],
        {"markdown"},
        "# Boiler\n\n- Model: Ridgeline Combi 30i, installed October 2021 by Aldbrook Heating\n"
        "- Pressure should sit between 1 and 1.5 bar when cold\n- Service due every November, last one 27 Nov 2026, "
        "cost £85\n- Warranty runs to October 2028 as long as it is serviced yearly\n"
        "- Filling loop is the silver braided hose under the boiler, both taps quarter turn",
    ),
    (
        "books",
        "2026-01-01T21:15:30",
        "2027-01-30T22:48:09",
        ["reading", "lists"],
        {"markdown"},
        "Books 2027\n\n## Read\n1. The Lighthouse Keepers of Skerryvore - 4/5\n2. Slow Physics by M. Adeyemi - 5/5, "
        "lend to Ruth\n3. Winter at Fallow Farm - 2/5, gave up at p.180\n\n## To read\n- The Salt Road\n"
        "- A History of the World in Twelve Clocks\n- Frost Fair (Pat's recommendation)",
    ),
    (
        "gifts",
        "2026-10-11T20:30:12",
        "2026-12-14T21:02:46",
        ["gifts", "lists"],
        set(),
        "Christmas gift ideas 2026\n\nMum: Kew Gardens membership, she mentioned it twice\n"
        "Dad: fishing reel, Shimano size 2500, NOT the 4000\nAgnieszka: Yotam recipe book and a good olive oil\n"
        "Ruth: pottery class voucher at Clay Lane Studio, £65\nKuba: Lego Technic tow truck set 42128\n"
        "Budget £320 in total",
    ),
    (
        "dept",
        "2027-01-05T08:30:44",
        "2027-01-05T09:41:20",
        ["work", "meetings"],
        set(),
        "Physics dept meeting 5 Jan\n\nPresent: Helen (HoD), Marcus, Priya, me.\nYear 11 mocks marked by 19 Jan, "
        "moderation on 21 Jan after school.\nNew data loggers: 12 ordered from Philip Harris, £1,140, arriving "
        "February.\nPriya leads the Year 9 rocket day, 24 March.\nI'm taking the A-level CERN trip list, deposit £150 by "
        "12 Feb.",
    ),
    (
        "car",
        "2026-02-20T12:02:18",
        "2027-01-11T17:44:31",
        ["car"],
        set(),
        "Car\n\n2018 Skoda Octavia estate, reg YK18 WPZ\nMOT due 14 April 2027\nOil 5W-30 VW 504 00, takes 4.7 litres\n"
        "Tyre pressure 36 psi front, 35 rear (38 when loaded)\nBreakdown cover with Greenroad Rescue, policy GR-557031",
    ),
    (
        "plants",
        "2026-05-03T09:15:27",
        "2026-09-01T19:21:50",
        ["garden"],
        set(),
        "Garden watering\n\nTomatoes: every evening in July and August, feed Tuesdays with the comfrey tea.\n"
        "Acer in the blue pot: rainwater only, it hates tap water.\nLawn: leave it, it comes back in September.\n"
        "Neighbour Mrs Okafor waters while we're away, leave key under the heron.",
    ),
    (
        "pancakes",
        "2026-02-17T08:05:59",
        "2026-02-17T08:30:01",
        ["recipes"],
        {"markdown"},
        "# Kuba's pancakes\n\n- 125g plain flour\n- 2 eggs\n- 300ml milk\n- pinch of salt\n\n"
        "Rest the batter 20 minutes. Pan very hot, 2 tbsp batter each. Makes about 10. Lemon and sugar, obviously.",
    ),
    (
        "dal",
        "2026-10-19T18:12:37",
        "2026-11-08T18:40:22",
        ["recipes"],
        set(),
        "Red lentil dal (Agnieszka's version)\n\n250g red lentils, rinsed three times\n1 litre water, 1 tsp turmeric, "
        "simmer 25 minutes\nTarka: 2 tbsp ghee, 1 tsp cumin seeds, 4 garlic cloves sliced, 2 dried chillies\n"
        "Squeeze of lime at the end. Serves 4, freezes well.",
    ),
    (
        "wifi",
        "2026-06-02T16:40:00",
        "2026-06-02T16:52:18",
        ["house"],
        set(),
        "Broadband\n\nProvider: Ouseband Fibre, 500 Mbps, contract ends 31 May 2028\nRouter is in the understairs "
        "cupboard\nSupport line open 8am to 8pm\nMonthly cost £34 after the first year discount",
    ),
    (
        "allot",
        "2026-04-12T14:30:17",
        "2026-04-12T14:55:48",
        ["garden", "lists"],
        set(),
        "Seed order from Heslington Seeds\n\nCarrot Nantes 2, beetroot Boltardy, runner bean Scarlet Emperor, "
        "courgette Defender, lettuce Little Gem\nTotal £23.40 with postage\nOrder number HS-20417",
    ),
    (
        "running",
        "2026-08-01T07:10:33",
        "2027-01-28T07:55:02",
        ["running"],
        {"pinned"},
        "Running\n\nParkrun PB: 22:47 at Rowntree Park, 9 Nov 2026\n10k PB: 48:10, York 10K August 2026\n"
        "Shoes: Brooks Ghost 15, size 10.5, replace at 500 miles (now 410)\nYork Half in October 2027, entry £38 paid",
    ),
    (
        "meet_parents",
        "2026-11-20T16:45:10",
        "2026-11-20T17:20:33",
        ["work", "meetings"],
        set(),
        "Year 10 parents evening notes\n\n35 appointments, 5 minutes each, 4:30 to 7:30 pm\nRemind about the electricity "
        "topic test on 2 December\nThree parents asked about revision guides: CGP physics, £6.50 through school\n"
        "Follow up with Sam Holt's mum about missed practicals",
    ),
    (
        "holiday",
        "2026-12-28T20:20:55",
        "2027-02-10T21:12:40",
        ["travel"],
        {"markdown", "public"},
        "# Kraków Easter 2027\n\n- Fly Leeds Bradford to Kraków, 27 March, flight LS 871 departs 10:40\n"
        "- Back 5 April\n- Stay with Babcia in Podgórze first week\n- Wieliczka salt mine tickets booked for 30 March, "
        "11:15 English tour\n- Take the adapter and Kuba's EHIC card",
    ),
    (
        "podcasts",
        "2026-07-09T22:01:45",
        "2026-10-02T21:30:19",
        ["lists"],
        set(),
        "Podcasts\n\nThe Infinite Lab - good on quantum for Year 13\nFrom Our Own Correspondent\n"
        "Tides of History\nSlow Radio for marking",
    ),
    (
        "window",
        "2026-09-14T11:10:20",
        "2026-09-14T11:32:08",
        ["house"],
        set(),
        "Window measurements\n\nBack bedroom: 1190mm wide by 1350mm drop, recess\nKitchen: 905mm by 1040mm, "
        "blind outside recess\nFront room bay: three panels, 610 / 1520 / 610mm, 1460mm drop",
    ),
    (
        "insurance",
        "2026-03-02T18:03:12",
        "2026-03-02T18:15:49",
        ["house"],
        set(),
        "Home insurance\n\nWith Minster Mutual, renews 1 March each year\nBuildings and contents, excess £250\n"
        "This year £412.80, was £376 last year, call to haggle in February",
    ),
    (
        "ideas_y9",
        "2026-09-22T19:50:07",
        "2026-12-01T20:03:30",
        ["work"],
        set(),
        "Year 9 lesson ideas\n\nEgg drop for momentum, limit 2 sheets of A4 and 30cm of tape\n"
        "Slinky waves in the corridor\nBalloon rocket on fishing line, measure with light gates\n"
        "Ask Marcus for the Van de Graaff belt spare",
    ),
    (
        "passwords_hint",
        "2026-05-19T09:00:12",
        "2026-05-19T09:02:55",
        ["admin"],
        set(),
        "Where things are\n\nPassports: top drawer of the bureau, blue folder\nBirth certificates: same folder\n"
        "Spare car key: in the biscuit tin in the garage\nWill: with Hartley & Rowe solicitors, Micklegate",
    ),
    (
        "choir",
        "2026-09-08T20:40:11",
        "2026-12-09T22:15:37",
        ["music"],
        set(),
        "Choir\n\nRehearsals Tuesday 7:30 at St Olave's hall, subs £40 a term\nI sing second tenor\n"
        "Christmas concert 12 December, arrive 6:15, black clothes with a red scarf\nPieces: In the Bleak Midwinter "
        "(Darke), Carol of the Bells, Ding Dong Merrily",
    ),
    (
        "pizza_oven",
        "2026-06-15T17:22:47",
        "2026-07-25T19:08:14",
        ["recipes"],
        set(),
        "Pizza dough\n\n500g 00 flour, 325g water, 10g salt, 3g dried yeast\nCold prove 48 hours in the fridge\n"
        "Oven stone to 450 degrees, 90 seconds a pizza, turn at 30 seconds",
    ),
    (
        "vaccines",
        "2026-10-06T12:12:12",
        "2026-10-06T12:20:44",
        ["health"],
        set(),
        "Vaccinations\n\nFlu jab: 4 October 2026 at Burnholme pharmacy\nTetanus booster: 2019\n"
        "Kuba MMR second dose done at 3 years 4 months",
    ),
    (
        "fish",
        "2026-04-28T16:16:16",
        "2026-08-19T18:00:55",
        ["pets"],
        set(),
        "Pond fish\n\n6 goldfish and 2 shubunkins, named by Kuba\nFeed once a day April to October, none in winter\n"
        "Pump filter sponge rinsed in pond water, never tap",
    ),
    (
        "quiz",
        "2026-11-30T21:45:02",
        "2026-11-30T21:49:50",
        ["social"],
        set(),
        "Pub quiz team\n\nThe Ouse Case Scenarios, Wednesdays at the Fox and Lantern\nWe won 2 November, prize "
        "£60 bar tab\nMarcus is rubbish at music rounds",
    ),
    (
        "solar",
        "2026-07-21T13:05:44",
        "2026-12-31T15:30:18",
        ["house"],
        set(),
        "Solar panels\n\n10 panels, 4.1 kWp, fitted by Dringhouses Solar in July 2026\nInverter serial SX-4K-70219\n"
        "Generated 2,318 kWh by 31 December\nExport tariff 15p a unit with Ouseband Energy",
    ),
]
# in the trash
TRASHED = [
    (
        "old_bike",
        "2025-05-10T09:30:00",
        "2026-03-14T10:20:01",
        ["bike"],
        set(),
        "Old bike for sale\n\nRaleigh hybrid, 21 inch frame, asking £120\nSold to a student from Heslington for £95",
    ),
    (
        "boiler_old",
        "2021-09-01T18:00:00",
        "2026-01-08T19:38:40",
        ["house"],
        set(),
        "Old boiler\n\nBaxi Combi 80e, fitted 2007, condemned by the engineer in September 2021",
    ),
    (
        "gym",
        "2026-01-02T07:30:00",
        "2026-04-01T19:00:10",
        ["health"],
        set(),
        "Gym\n\nPureCore York, £24.99 a month, cancelled after 3 months of going twice",
    ),
]

# --- the transcript ---------------------------------------------------------------------------------------------------
# A check-in walk-round of Flat 2, 19 Garnet Terrace, Leeds, recorded with everyone's agreement. Speakers as MacWhisper
# names them once renamed: the letting agent, the tenant, the tenant's partner. (pause before in seconds, speaker,
# text); a segment's length follows from its words.
SPEAKERS = {"D": "Dominic Fairclough", "L": "Leila Haddad", "O": "Owen Haddad"}
# "S: text"; a line starting "+N " has N seconds of quiet before it (walking between rooms, reading a meter)
TRANSCRIPT = """\
D: Okay, it's recording. This is the check-in for Flat 2, 19 Garnet Terrace, on the first of March.
D: I'm Dominic from Kirkgate Lettings, and with me are Leila and Owen Haddad, the new tenants.
L: Hi, yes, that's us. And we're both happy for this to be recorded.
O: Yep, fine by me.
D: Great. So the idea is we go room by room, I point things out, you tell me anything you're not happy with.
D: Anything we agree today goes on the inventory and I'll email it over by Friday.
L: Perfect.
+6 D: So, front door first. Two keys for the main door, two for the flat door, and one fob for the bin store.
O: Only one fob?
D: Only one, I'm afraid. A second fob is twelve pounds fifty from the management company if you want one.
L: We'll probably want one, we both take the bins out.
D: I'll put that down and order it, and you can pay me back when it arrives.
+9 D: Right, hallway. Smoke alarm here was tested last week, it's a mains one with a battery backup.
D: The carbon monoxide alarm is in the kitchen next to the boiler, I'll show you that in a minute.
O: There's a bit of a scuff on the wall by the coat hooks.
D: Yes, I can see it. I'll note it: scuff on the hallway wall, about the size of a hand, by the coat hooks.
L: And the carpet on the stairs is a bit worn on the third step.
D: Noted. Worn carpet, third step from the top. That's been there a while, it won't come out of your deposit.
+14 D: Okay, this is the electricity meter cupboard. Owen, can you read that out?
O: It says zero four seven one two, then point six.
D: So the reading is zero four seven one two. That's what goes to the supplier, which is Northvale Energy.
L: Do we have to stay with them?
D: No, you can switch, it's your bill. Just tell us if you do, so we can update the file.
D: And the fuse box is the grey one above it. Everything on, nothing tripped.
+11 D: Kitchen. The boiler's in this cupboard. It's a Worcester combi, serviced in January, the certificate is in the folder.
O: What pressure should it be on?
D: Between one and one point five when it's cold. It's sitting on one point two now, which is fine.
L: And if it drops?
D: There's a filling key taped inside the cupboard door. If it goes below one, ring the office before you top it up.
D: Gas meter is under the sink. The reading is one nine three eight point four.
O: One nine three eight point four, got it. I'll take a photo.
D: Carbon monoxide alarm is here on the wall, tested and working.
L: The oven door doesn't shut properly on this side.
D: Oh, let me see. Yes, the hinge is loose. I'll get the handyman to look at that within two weeks.
L: Can we use it in the meantime?
D: It's safe to use, it just loses a bit of heat. But we'll sort it.
O: The fridge freezer is quite old.
D: It is, it's working though. If it packs up the landlord will replace it, it's listed on the inventory as the landlord's.
L: What about the washing machine?
D: Also the landlord's. It's a Beko, about three years old. The manual is in the drawer under the hob.
+4 D: There's some mould on the silicone round the sink.
L: Yes, I was going to say. It's quite black in the corner.
D: I'll ask the handyman to reseal it at the same time as the oven door. Both jobs together.
O: So two jobs, oven hinge and the sink seal.
D: Exactly, and I'll put both in the email.
+12 D: Bathroom. Shower is electric, a Triton, nine and a half kilowatts. Pull cord for the shower is outside the door.
L: The extractor fan's really loud.
D: It is loud, but it's on a timer, it runs for fifteen minutes after the light goes off. Landlord wants it left that way because of condensation.
O: Fair enough.
L: There's a crack in the toilet seat.
D: I'll replace the seat myself, that's a five minute job. I'll bring one on Thursday.
L: Thank you.
D: And the bath panel has a chip at the corner. Small chip, bath panel, left corner. Noted.
+15 D: Main bedroom. Two double wardrobes, both empty, one of the doors is a bit stiff.
O: Yeah, this one.
D: I'll note that. The window has a restrictor, it opens about ten centimetres. There's a key on top of the frame if you need to open it fully to clean.
L: The curtains stay?
D: The curtains and the pole stay. Blackout lining, they were cleaned before you moved in.
L: There's a mark on the carpet by the window.
D: Yes, that's on the previous inventory, a small dark mark, about five centimetres. It's been professionally cleaned twice.
O: And the radiator's cold.
D: Is it? Let me bleed it. Hang on.
+8 D: Hear that? Air. It should warm up in ten minutes or so.
O: Great.
+10 D: Second bedroom. Owen, you said this is going to be the office?
O: Yeah, I work from home three days a week.
D: There are two double sockets on this wall and one by the door. The broadband point is here too, it's a fibre socket.
L: What speed do we get?
D: The last tenants had five hundred megabits. It's up to you who you go with.
O: There's a hole in the wall where a shelf was.
D: Two screw holes, yes. They'll be filled and painted before the end of the month. The landlord's decorator is coming anyway for the stairwell.
L: Is that the decorator or the handyman?
D: The decorator. Handyman does the oven and the sink, decorator does the holes and the stairwell.
+13 D: Living room. Sofa is the landlord's, two-seater, grey. There's a small tear on the left arm, already on the inventory.
L: Can we get rid of it? We've got our own sofa coming.
D: I'll ask. The landlord usually says yes if you store it or he collects it. I'll let you know by next week.
O: The TV aerial socket works?
D: It does, and there's a satellite point but no dish.
L: And the lamp in the ceiling?
D: Bulb's gone. I'll put one in on Thursday with the toilet seat.
L: So Thursday you're doing the toilet seat and the bulb.
D: Thursday at about ten, if that's okay.
O: I'm in on Thursday, that's fine.
+9 D: Right, paperwork. You've had the gas safety certificate, dated the twelfth of January, and the electrical certificate, that's good until 2030.
D: The energy certificate is a C, seventy-one points.
L: We got those by email, yes.
D: The deposit was one thousand two hundred and ninety pounds, that's protected with the Deposit Protection Service. You'll get the certificate within thirty days.
O: And the rent's still one thousand one hundred and twenty a month?
D: One thousand one hundred and twenty, due on the first. The first month's already paid, so the next one is the first of April.
L: Is it okay to pay on the second? My salary comes in on the last working day, but sometimes the first is a weekend.
D: A day or two is fine, just let us know. It's only if it goes past five days that the system flags it.
+5 D: Bins. General waste is collected on Tuesdays, recycling every other Friday. The green bin is garden waste but there's no garden, so ignore it.
O: Where's the bin store?
D: Round the back, that's what the fob is for.
L: Can we have a bike in the hall?
D: Not in the communal hall, it's a fire route. There's a bike shed next to the bin store, same fob.
O: Oh brilliant. How many spaces?
D: Six, and one's allocated to each flat. Yours is number two, same as the flat.
+7 L: Is there anything about the neighbours we should know?
D: Flat 1 downstairs is a retired couple, the Gallaghers, they're lovely. Flat 3 is a nurse on night shifts, so quiet in the day would be appreciated.
O: Good to know.
D: And the management company cleans the stairs every second Wednesday.
L: What about the parking?
D: There's one permit for this flat. It's sixty pounds a year from the council, the landlord pays it. I'll send you the permit number.
O: Only one permit, so one car.
D: Visitor permits are separate, you buy them in books of ten from the council website.
+6 L: And the windows in the living room, they've got trickle vents?
D: They do, keep them open, it helps with the damp. The landlord had the flat treated for damp two years ago.
O: Is there a damp problem?
D: Not now. There was a leak from the gutter, it was fixed in 2025 and the wall was re-plastered.
L: Okay.
+8 D: Last thing, smoke alarms. There's one in the hall, one in the living room, and a heat alarm in the kitchen.
D: Please test them monthly. There's a button, you hold it for three seconds.
O: Monthly, got it.
D: If one starts chirping, that's the battery. Ring us and we'll come and change it.
+5 D: So, to sum up what we've agreed.
D: I order the second fob, you pay the twelve fifty when it arrives.
D: Handyman fixes the oven door hinge and reseals the kitchen sink within two weeks.
D: I bring a toilet seat and a bulb for the living room on Thursday at ten.
D: Decorator fills the two holes in the second bedroom by the end of the month.
D: I ask the landlord about taking the sofa and get back to you by next week.
D: I'll send you the permit number and the inventory with all of this by email on Friday.
L: That's everything, yes.
O: And you'll note the stiff wardrobe door and the radiator.
D: Yes, the wardrobe door goes on the list. The radiator I've bled, if it's still cold tomorrow, ring me.
L: Thanks, Dominic.
D: Thank you both. I'll leave the keys on the side and stop the recording now.
"""
