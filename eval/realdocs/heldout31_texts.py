"""The text of the realdocs ``heldout31`` part's private documents, as ``make_heldout31.py`` writes them: a family's
holiday planning map as Google My Maps exports it to KML (``.kml``); a hobby blog as WordPress exports it (WXR 1.2,
``.xml``); a club player's season of games as a chess program exports them to PGN (``.pgn``). Fixed text only; every
person, firm, place, club, blog and number is invented (web addresses and e-mail addresses under ``.example``, phone
numbers in Ofcom's drama ranges, IP addresses in the documentation range 192.0.2.0/24)."""

from __future__ import annotations

# --- the map ----------------------------------------------------------------------------------------------------------
# Tamsin Pengelly's My Maps map for her family's week at Gull Cottage, Carrowburn, a made-up village on a made-up coast.
# A layer: (name, [placemark, ...]); a placemark: (name, style, description, html, data, geometry) where html says
# whether My Maps wrote the description as CDATA HTML (``<br>`` line breaks), data is [(ExtendedData name, value)], and
# geometry is ("point", (lon, lat)) or ("line", [(lon, lat), ...]).

KML_NAME = "Carrowburn holiday August 2027.kml"
KML_TITLE = "Carrowburn holiday August 2027"
KML_DESCRIPTION = (
    "Our week at Gull Cottage, Saturday 7 to Saturday 14 August 2027, with Nana and Grandad Pengelly. "
    "Layers by Tamsin; add anything you find to the right layer please."
)

# (style id, kind, colour as My Maps names it, icon number or line width)
KML_STYLES = [
    ("icon-1603-0288D1", "icon", "0288D1", "1603"),
    ("icon-1577-E65100", "icon", "E65100", "1577"),
    ("icon-1596-7CB342", "icon", "7CB342", "1596"),
    ("icon-1591-673AB7", "icon", "673AB7", "1591"),
    ("icon-1624-A52714", "icon", "A52714", "1624"),
    ("icon-1739-FFD600", "icon", "FFD600", "1739"),
    ("line-1267FF-4000", "line", "1267FF", "4000"),
    ("line-558B2F-5000", "line", "558B2F", "5000"),
]

KML_LAYERS = [
    (
        "Where we're staying",
        [
            (
                "Gull Cottage",
                "icon-1603-0288D1",
                "Key safe by the back door, code 4471.<br>Check in from 4pm on the Saturday, out by 10am the "
                "next Saturday.<br>Owner is Morwenna Tait: text, don't ring, and not after 8pm.<br>Booked through "
                "Coastline Lets, booking reference CL-88213.",
                True,
                [("Phone", "07700 900412"), ("Cost", "£1,460 for the week (deposit £350 paid 3 March)")],
                ("point", (-1.61842, 55.48127)),
            ),
            (
                "Harbour View B&B",
                "icon-1603-0288D1",
                "Nana and Grandad sleep here Saturday to Wednesday, then move onto the cottage sofa bed. Breakfast "
                "7.30 to 9.00. Ground floor room because of Grandad's knee.",
                False,
                [("Phone", "01632 960214"), ("Cost", "£95 a night"), ("Booked", "Room 3, ref HV/2027/114")],
                ("point", (-1.61503, 55.48392)),
            ),
            (
                "Carrowburn Sands car park",
                "icon-1603-0288D1",
                "The cottage only has one space, so the second car lives here. Weekly permit from the kiosk by "
                "the toilets.",
                False,
                [("Cost", "£18 for a week's permit")],
                ("point", (-1.62210, 55.47954)),
            ),
        ],
    ),
    (
        "Food and drink",
        [
            (
                "The Shipwright's Arms",
                "icon-1577-E65100",
                "Recommended by Dev at work for the crab sandwiches.<br>Table booked for 6 on Saturday 7 August "
                "at 7.15pm, under Pengelly.<br>Kitchen shuts at 8.30pm Sunday to Thursday.",
                True,
                [("Phone", "01632 960388"), ("Day", "Sat 7 Aug")],
                ("point", (-1.61377, 55.48260)),
            ),
            (
                "Morag's Chippy",
                "icon-1577-E65100",
                "Best chips on the coast, according to Grandad. Cash only. Shut on Mondays.",
                False,
                [("Day", "Tue 10 Aug")],
                ("point", (-1.61654, 55.48051)),
            ),
            (
                "Ravensheugh Farm Shop and Café",
                "icon-1577-E65100",
                "Open 9 to 5, scones until they run out.<br>Pick-your-own strawberries in the field behind the "
                "café, £4.50 a punnet.",
                True,
                [("Phone", "01632 960751")],
                ("point", (-1.66918, 55.46733)),
            ),
            (
                "Elwick Smokehouse",
                "icon-1577-E65100",
                "Smokehouse tours at 11am and 2pm, £6 for adults and children go free. Buy kippers on the last "
                "day to take home: they keep five days in the fridge.",
                False,
                [("Day", "Fri 13 Aug"), ("Cost", "£6 adults")],
                ("point", (-1.59871, 55.50412)),
            ),
            (
                "Pinnacle Ices",
                "icon-1577-E65100",
                "Ice-cream kiosk at the north end of the prom. Tamsin's vote: honeycomb. Rosie's: bubblegum.",
                False,
                [],
                ("point", (-1.61120, 55.48533)),
            ),
            (
                "The Old Lifeboat House",
                "icon-1577-E65100",
                "Mum and Dad's anniversary dinner, Thursday 12 August at 8pm.<br>Booking ref OLH-5530.<br>Tasting "
                "menu £58 a head. Tell them about Grandad's shellfish allergy when we arrive.",
                True,
                [("Phone", "01632 960905"), ("Day", "Thu 12 Aug"), ("Cost", "£58 a head")],
                ("point", (-1.61298, 55.48311)),
            ),
            (
                "Co-op Carrowburn",
                "icon-1577-E65100",
                "Open 7am to 10pm. Click and collect for the big first shop, slot booked 5pm on arrival day.",
                False,
                [],
                ("point", (-1.61733, 55.48199)),
            ),
        ],
    ),
    (
        "Days out",
        [
            (
                "Skellhaven Castle",
                "icon-1596-7CB342",
                "Ruined castle on the headland. We are not members, so it's the family ticket.<br>Open 10am to "
                "5pm, last entry 4.15pm.<br>Picnic on the grass by the gatehouse, no dogs inside the walls.",
                True,
                [("Phone", "01632 960122"), ("Day", "Mon 9 Aug"), ("Cost", "£34 family ticket")],
                ("point", (-1.58974, 55.52781)),
            ),
            (
                "Ruddock Islands boat trip",
                "icon-1596-7CB342",
                "Puffins are mostly gone by August but the skipper promises seals.<br>Sails 10.30am from "
                "Carrowburn harbour steps, two and a half hours.<br>Booked for 6, ref RUD-22790.<br>Bring hats: "
                "the terns on Inner Ruddock dive at your head.",
                True,
                [("Phone", "07700 900835"), ("Day", "Wed 11 Aug"), ("Cost", "£27 adults, £18 children")],
                ("point", (-1.61401, 55.48449)),
            ),
            (
                "Hollowell Beach",
                "icon-1596-7CB342",
                "Rock pools at low tide. Low water on the Tuesday is about 1.40pm, so go after the chippy lunch.",
                False,
                [("Day", "Tue 10 Aug")],
                ("point", (-1.63802, 55.46120)),
            ),
            (
                "Greystead Observatory",
                "icon-1596-7CB342",
                "Stargazing evening on Friday 13 August at 9.30pm, the Perseids! Aunt Liz went last year and "
                "says wrap up: it is 12 degrees up there at night.",
                False,
                [("Day", "Fri 13 Aug"), ("Cost", "£16 adults, £11 children")],
                ("point", (-1.97544, 55.39806)),
            ),
            (
                "Heronbridge Garden",
                "icon-1596-7CB342",
                "The poison garden is guided tours only, every half hour. Under-5s not allowed in, so Rosie and "
                "Grandad do the treehouse instead.",
                False,
                [("Cost", "£21 adults, children £8")],
                ("point", (-1.70981, 55.41377)),
            ),
            (
                "Holyness causeway",
                "icon-1596-7CB342",
                "Safe crossing on Sunday 8 August from 09:05 to 15:40.<br>CHECK the tide tables again on the "
                "morning.<br>Do not follow the sat nav onto the sand.",
                True,
                [("Day", "Sun 8 Aug")],
                ("point", (-1.79902, 55.66985)),
            ),
            (
                "Carrowburn Crazy Golf",
                "icon-1596-7CB342",
                "18 holes with a pirate ship. £5.50 each, open till dusk.",
                False,
                [],
                ("point", (-1.61866, 55.47801)),
            ),
        ],
    ),
    (
        "Walks",
        [
            (
                "Coast path: Carrowburn to Skellhaven Castle",
                "line-1267FF-4000",
                "6.5 km each way along the cliff top. Flat and fine for the buggy as far as the golf course, "
                "stiles after that. Come back on the X18 bus, hourly on the hour from the castle gate.",
                False,
                [],
                (
                    "line",
                    [
                        (-1.61401, 55.48449),
                        (-1.60832, 55.49310),
                        (-1.60177, 55.50255),
                        (-1.59921, 55.51102),
                        (-1.59402, 55.52033),
                        (-1.58974, 55.52781),
                    ],
                ),
            ),
            (
                "Linhope Spout loop",
                "line-558B2F-5000",
                "11 km with 380 m of climbing; Grandad did this route in 1982. Waterfall about halfway, that's "
                "lunch. Boots not trainers: it's boggy after the second gate.",
                False,
                [],
                (
                    "line",
                    [
                        (-2.05812, 55.44302),
                        (-2.06744, 55.45011),
                        (-2.08130, 55.45376),
                        (-2.09255, 55.44868),
                        (-2.08612, 55.43905),
                        (-2.06920, 55.43640),
                        (-2.05812, 55.44302),
                    ],
                ),
            ),
            (
                "Dunes trail, Hollowell to Ebb Point",
                "line-1267FF-4000",
                "4 km on sand and boardwalk. Dogs on leads March to August for the nesting little terns.",
                False,
                [],
                (
                    "line",
                    [
                        (-1.63802, 55.46120),
                        (-1.64410, 55.45372),
                        (-1.64995, 55.44691),
                        (-1.65380, 55.43977),
                    ],
                ),
            ),
            (
                "Linhope car park",
                "icon-1591-673AB7",
                "Start of the loop. Pay and display, coins only, £3 all day.",
                False,
                [],
                ("point", (-2.05812, 55.44302)),
            ),
            (
                "Ebb Point lookout",
                "icon-1591-673AB7",
                "The place for the sunset. Seal colony on the skerries: take Grandad's binoculars.",
                False,
                [],
                ("point", (-1.65380, 55.43977)),
            ),
        ],
    ),
    (
        "Practical",
        [
            (
                "Carrowburn Pharmacy",
                "icon-1624-A52714",
                "Open Monday to Saturday 9 to 6, shut Sunday. Nearest Sunday chemist is inside the big Tesco at "
                "Alnbury.",
                False,
                [("Phone", "01632 960567")],
                ("point", (-1.61589, 55.48233)),
            ),
            (
                "Carrowburn Medical Centre",
                "icon-1624-A52714",
                "Temporary residents: ring before 10am for a same-day appointment.",
                False,
                [("Phone", "01632 960600")],
                ("point", (-1.62031, 55.48302)),
            ),
            (
                "Alnbury station",
                "icon-1624-A52714",
                "Nana and Grandad's train from York gets in at 2.48pm on the Saturday. Dad collects them.",
                False,
                [("Day", "Sat 7 Aug")],
                ("point", (-1.70455, 55.39204)),
            ),
            (
                "Harbour Garage",
                "icon-1624-A52714",
                "Last fuel before the moors. Closes at 7pm.",
                False,
                [("Phone", "01632 960431")],
                ("point", (-1.62415, 55.48088)),
            ),
            (
                "Suds on Sea launderette",
                "icon-1624-A52714",
                "Service wash £9, ready the next day after 11am.",
                False,
                [],
                ("point", (-1.61702, 55.48411)),
            ),
        ],
    ),
    (
        "Rainy day",
        [
            (
                "Carrowburn Leisure Pool",
                "icon-1739-FFD600",
                "Fun session with the big inflatable only Saturday and Sunday, 2 to 4pm.<br>Swim nappies for "
                "Rosie!",
                True,
                [("Cost", "£4.20 adults, £2.80 children")],
                ("point", (-1.62288, 55.48486)),
            ),
            (
                "The Regal, Alnbury",
                "icon-1739-FFD600",
                "Old cinema with a balcony. Cheap Tuesdays, every seat £5; kids' club on Saturday mornings at 10.",
                False,
                [("Phone", "01632 960777")],
                ("point", (-1.70712, 55.40113)),
            ),
            (
                "Marine Discovery Centre",
                "icon-1739-FFD600",
                "Touch tank with crabs and anemones. Free, donations welcome. The B&B owner recommended it.",
                False,
                [],
                ("point", (-1.61177, 55.48371)),
            ),
            (
                "Glaze Away pottery painting",
                "icon-1739-FFD600",
                "Book a table for a two-hour session. They fire the pieces and post them home, £8 postage.",
                False,
                [("Phone", "01632 960319")],
                ("point", (-1.70519, 55.39877)),
            ),
        ],
    ),
]

# --- the blog ---------------------------------------------------------------------------------------------------------
# Hester Quayle's allotment blog "Muck and Mizzle", exported by Tools > Export > All content on Monday 27 September 2027.

WXR_NAME = "muckandmizzle.WordPress.2027-09-27.xml"
WXR_SITE = "https://muckandmizzle.example"
WXR_TITLE = "Muck and Mizzle"
WXR_TAGLINE = "A year on plot 14B at Cinderhill Allotments"
WXR_CREATED = "2027-09-27 19:42"
WXR_PUBDATE = "Mon, 27 Sep 2027 19:42:10 +0000"

# (id, login, email, display name, first, last)
WXR_AUTHORS = [
    (1, "hester", "hester@muckandmizzle.example", "Hester Quayle", "Hester", "Quayle"),
    (2, "gwil", "gwil.rees@muckandmizzle.example", "Gwil Rees", "Gwil", "Rees"),
]
# (term id, nicename, name)
WXR_CATEGORIES = [
    (3, "kitchen", "Kitchen"),
    (4, "pests", "Pests"),
    (5, "plot-diary", "Plot diary"),
    (6, "seeds", "Seeds"),
    (7, "site-news", "Site news"),
    (1, "uncategorized", "Uncategorized"),
]
WXR_TAGS = [
    (14, "blight", "blight"),
    (15, "harvest-log", "harvest log"),
    (9, "new-plot", "new plot"),
    (11, "potatoes", "potatoes"),
    (16, "recipes", "recipes"),
    (8, "rhubarb", "rhubarb"),
    (13, "shed", "shed"),
    (12, "slugs", "slugs"),
    (10, "tomatoes", "tomatoes"),
]

# A post: dict with id, title, slug, author, date (local time, Europe/London), status, type, categories (nicenames),
# tags (slugs), blocks (Gutenberg blocks: ("p", text), ("h2", text), ("ul", [items]), ("image", attachment id, alt)),
# excerpt, meta [(key, value)], comments [(id, author, email, url, ip, date, content, parent)], and for an attachment
# the url and parent.
WXR_ITEMS = [
    {
        "id": 2,
        "title": "About",
        "slug": "about",
        "author": "hester",
        "date": "2026-12-28 21:05:00",
        "status": "publish",
        "type": "page",
        "blocks": [
            (
                "p",
                "I'm Hester. By day I'm a school librarian in Wexcombe; evenings and weekends I'm on plot 14B at "
                "Cinderhill Allotments, off Tanner's Lane.",
            ),
            (
                "p",
                "The name comes from my grandmother, who said all gardening came down to muck and mizzle: feed "
                "the soil and put up with the weather.",
            ),
            (
                "p",
                "I write on Sunday evenings, usually with mud still under my nails. I don't take sponsored posts "
                "or free samples, and I never will.",
            ),
        ],
        "meta": [("_edit_last", "1")],
    },
    {
        "id": 5,
        "title": "Plot plan",
        "slug": "plot-plan",
        "author": "hester",
        "date": "2027-02-02 20:31:00",
        "status": "publish",
        "type": "page",
        "blocks": [
            ("p", "Plot 14B is a half plot, four beds and a fruit cage, rotated a bed a year:"),
            (
                "ul",
                [
                    "Bed 1: potatoes",
                    "Bed 2: peas and beans",
                    "Bed 3: brassicas, under netting against the pigeons",
                    "Bed 4: roots and onions",
                ],
            ),
            (
                "p",
                "The fruit cage at the north end has six raspberry canes ('Glen Ample'), two gooseberries and the "
                "ancient rhubarb. The compost bays are by the gate, next to the water trough.",
            ),
        ],
        "meta": [("_edit_last", "1")],
    },
    {
        "id": 12,
        "title": "Taking on plot 14B",
        "slug": "taking-on-plot-14b",
        "author": "hester",
        "date": "2027-01-09 18:20:00",
        "status": "publish",
        "type": "post",
        "categories": ["plot-diary"],
        "tags": ["new-plot", "rhubarb"],
        "excerpt": "After a long wait on the list, a half plot of my own.",
        "blocks": [
            (
                "p",
                "The letter from the allotment committee came on Monday 4 January: plot 14B is mine, after two "
                "years and three months on the waiting list.",
            ),
            ("image", 21, "Plot 14B in January, brambles and a fallen-down shed"),
            ("h2", "What I've got"),
            (
                "ul",
                [
                    "a half plot, 125 square metres (five rods in old money)",
                    "rent of £46 a year, water included, plus a £20 deposit for the gate key",
                    "one collapsed shed and a compost bin full of bindweed",
                    "a rhubarb crown that Mr Abernethy on 14A says has been there since 1974",
                ],
            ),
            ("p", "First job: clear the brambles before the frogs wake up."),
        ],
        "meta": [("_edit_last", "1"), ("_thumbnail_id", "21")],
        "comments": [
            (
                4,
                "Dot Fenwick",
                "dot.fenwick@example.net",
                "",
                "192.0.2.41",
                "2027-01-10 09:14:22",
                "Welcome to Cinderhill! I'm on 9A. Don't touch that rhubarb now: lift and split it in November, once "
                "the leaves have died back.",
                0,
            ),
            (
                5,
                "Hester Quayle",
                "hester@muckandmizzle.example",
                WXR_SITE,
                "192.0.2.7",
                "2027-01-10 12:40:05",
                "Thank you Dot, November it is. Come and say hello when you're down.",
                4,
            ),
        ],
    },
    {
        "id": 21,
        "title": "plot-14b-january",
        "slug": "plot-14b-january",
        "author": "hester",
        "date": "2027-01-09 17:58:12",
        "status": "inherit",
        "type": "attachment",
        "parent": 12,
        "url": WXR_SITE + "/wp-content/uploads/2027/01/plot-14b-january.jpg",
        "blocks": [],
        "excerpt": "Plot 14B the day I got the key",
        "meta": [
            ("_wp_attached_file", "2027/01/plot-14b-january.jpg"),
            ("_wp_attachment_image_alt", "Plot 14B in January, brambles and a fallen-down shed"),
        ],
    },
    {
        "id": 19,
        "title": "Seed order for 2027",
        "slug": "seed-order-for-2027",
        "author": "hester",
        "date": "2027-01-23 19:47:00",
        "status": "publish",
        "type": "post",
        "categories": ["seeds"],
        "tags": ["potatoes", "tomatoes"],
        "blocks": [
            (
                "p",
                "The order went off to Pennard Seeds this morning, £38.60 with postage. Mostly tried and tested, "
                "with one gamble:",
            ),
            (
                "ul",
                [
                    "Broad bean 'Aquadulce Claudia', sown in February since I missed the autumn",
                    "Potato 'Charlotte', 2 kg of seed potatoes, now chitting in egg boxes on the spare-room windowsill",
                    "Tomato 'Sungold', the only tomato worth growing outdoors up here",
                    "Beetroot 'Chioggia', the stripy one",
                    "Squash 'Crown Prince', the gamble: it needs a long summer",
                ],
            ),
            ("p", "No carrots this year. The carrot fly on this site is legendary."),
        ],
        "meta": [("_edit_last", "1")],
        "comments": [
            (
                7,
                "Ravi M",
                "ravi.m@example.org",
                "",
                "192.0.2.88",
                "2027-01-24 08:03:51",
                "Crown Prince will keep until April in a cool bedroom. Mine did last year, right behind the door.",
                0,
            ),
        ],
    },
    {
        "id": 27,
        "title": "Rebuilding the shed (with help)",
        "slug": "rebuilding-the-shed",
        "author": "gwil",
        "date": "2027-02-14 17:12:00",
        "status": "publish",
        "type": "post",
        "categories": ["plot-diary"],
        "tags": ["shed"],
        "blocks": [
            ("p", "Hester asked me to write this one, since I did most of the swearing."),
            (
                "p",
                "The old shed was beyond saving. The new one is reclaimed pallets from the builders' merchant on "
                "Ferry Road, who were glad to see the back of them, on a base of eight paving slabs. The roofing felt "
                "was the only thing we bought new, £34 a roll.",
            ),
            (
                "p",
                "It took three Saturdays and one borrowed cordless drill. The door sticks when it rains, which is "
                "fitting.",
            ),
        ],
        "meta": [("_edit_last", "2")],
    },
    {
        "id": 33,
        "title": "Chitting done, first earlies in",
        "slug": "first-earlies-in",
        "author": "hester",
        "date": "2027-03-13 20:02:00",
        "status": "publish",
        "type": "post",
        "categories": ["plot-diary"],
        "tags": ["potatoes"],
        "blocks": [
            (
                "p",
                "The Charlotte went in today, Saturday 13 March, a fortnight earlier than the old hands advise. "
                "The chits were 2 cm long and the soil felt warm enough on the back of my hand.",
            ),
            (
                "p",
                "Trenches 15 cm deep, tubers 30 cm apart, rows 60 cm apart, a handful of pelleted chicken manure "
                "along each trench. If there's a frost I've got fleece in the shed.",
            ),
        ],
        "meta": [("_edit_last", "1")],
    },
    {
        "id": 41,
        "title": "Slugs: what actually worked",
        "slug": "slugs-what-actually-worked",
        "author": "hester",
        "date": "2027-05-02 21:15:00",
        "status": "publish",
        "type": "post",
        "categories": ["pests"],
        "tags": ["slugs"],
        "blocks": [
            ("p", "Six weeks of experiments on the lettuce and the young beans. The results:"),
            ("h2", "Beer traps"),
            ("p", "Caught some, but the blackbirds knocked them over every morning. Middling."),
            ("h2", "Wool pellets"),
            ("p", "Made no difference that I could see, and they turned to felt in the first downpour."),
            ("h2", "Torch patrols"),
            (
                "p",
                "Very satisfying: on the night of Saturday 24 April I picked 63 slugs by torchlight at 10pm. "
                "But I can't do it every night.",
            ),
            ("h2", "Nematodes"),
            (
                "p",
                "The clear winner. One pack at £12.99 watered onto the lettuce bed and the damage stopped within "
                "a week. I'll do a second dose in June.",
            ),
        ],
        "meta": [("_edit_last", "1")],
        "comments": [
            (
                11,
                "Dot Fenwick",
                "dot.fenwick@example.net",
                "",
                "192.0.2.41",
                "2027-05-03 07:22:10",
                "Coffee grounds did nothing for me either. The real answer is ducks, ask Mr Abernethy.",
                0,
            ),
            (
                12,
                "Samir Haddad",
                "samir@haddadfamily.example",
                "",
                "192.0.2.130",
                "2027-05-04 19:36:44",
                "We put copper tape round the edges of our raised beds, £7 for ten metres, and haven't lost a "
                "seedling since.",
                0,
            ),
        ],
    },
    {
        "id": 48,
        "title": "Open day and the plant sale",
        "slug": "open-day-and-the-plant-sale",
        "author": "hester",
        "date": "2027-06-06 20:40:00",
        "status": "publish",
        "type": "post",
        "categories": ["site-news"],
        "tags": ["tomatoes"],
        "blocks": [
            (
                "p",
                "Cinderhill's open day was yesterday and the sun came out for it. The plant sale and the cake "
                "stall raised £412 towards the new water trough for the top path.",
            ),
            (
                "p",
                "My spare Sungold seedlings went at £1.50 each and were gone in forty minutes. Note for next "
                "year: sow more.",
            ),
        ],
        "meta": [("_edit_last", "1")],
    },
    {
        "id": 55,
        "title": "The great rhubarb crumble debate",
        "slug": "the-great-rhubarb-crumble-debate",
        "author": "hester",
        "date": "2027-06-20 19:55:00",
        "status": "publish",
        "type": "post",
        "categories": ["kitchen"],
        "tags": ["recipes", "rhubarb"],
        "blocks": [
            (
                "p",
                "Gwil says oats in a crumble topping are an abomination. He is wrong, and here is the proof.",
            ),
            ("h2", "Filling"),
            (
                "ul",
                [
                    "700 g rhubarb in 3 cm pieces",
                    "75 g golden caster sugar",
                    "a thumb of fresh ginger, grated",
                ],
            ),
            ("h2", "Topping"),
            (
                "ul",
                [
                    "150 g plain flour",
                    "100 g cold butter",
                    "75 g demerara sugar",
                    "50 g porridge oats (non-negotiable)",
                ],
            ),
            ("p", "Bake at 190°C (170°C fan) for 35 minutes. Serve with custard, not cream."),
        ],
        "meta": [("_edit_last", "1")],
    },
    {
        "id": 62,
        "title": "Blight",
        "slug": "blight",
        "author": "hester",
        "date": "2027-08-01 18:30:00",
        "status": "publish",
        "type": "post",
        "categories": ["pests"],
        "tags": ["blight", "tomatoes"],
        "blocks": [
            (
                "p",
                "The BlightWatch alert came through on Tuesday 27 July: Hutton criteria met two days running for "
                "our postcode. By Friday the Sungold had brown patches on the lower leaves.",
            ),
            (
                "p",
                "I stripped every affected leaf, bagged them (not the compost!) and picked everything: 3.2 kg "
                "of green tomatoes, now waiting to become chutney. The potatoes were already lifted, thankfully.",
            ),
        ],
        "meta": [("_edit_last", "1")],
        "comments": [
            (
                15,
                "Gwen Prys",
                "gwen.prys@example.com",
                "",
                "192.0.2.57",
                "2027-08-02 10:11:09",
                "For green tomato chutney use chopped dates instead of sultanas. Trust me on this.",
                0,
            ),
        ],
    },
    {
        "id": 70,
        "title": "Weighing the harvest: half-year totals",
        "slug": "weighing-the-harvest-half-year-totals",
        "author": "hester",
        "date": "2027-08-15 20:10:00",
        "status": "publish",
        "type": "post",
        "categories": ["plot-diary"],
        "tags": ["harvest-log"],
        "blocks": [
            (
                "p",
                "Everything that has left the plot since the first broad beans has been weighed. The totals to "
                "14 August:",
            ),
            (
                "ul",
                [
                    "Potatoes: 38.4 kg",
                    "Beetroot: 9.7 kg",
                    "Broad beans: 6.1 kg (in the pod)",
                    "Courgettes: 14.9 kg, and counting, heaven help us",
                    "Raspberries: 4.3 kg",
                    "Rhubarb: 8.2 kg",
                ],
            ),
            (
                "p",
                "That's 81.6 kg in all, which at supermarket prices comes to about £196, against £46 of rent "
                "and £38.60 of seeds. Not counting the shed.",
            ),
        ],
        "meta": [("_edit_last", "1")],
        "comments": [
            (
                18,
                "Ravi M",
                "ravi.m@example.org",
                "",
                "192.0.2.88",
                "2027-08-16 21:48:02",
                "How do you weigh things on site? I've been using a luggage scale, which is hopeless for beans.",
                0,
            ),
            (
                19,
                "Hester Quayle",
                "hester@muckandmizzle.example",
                WXR_SITE,
                "192.0.2.7",
                "2027-08-17 06:55:40",
                "An old kitchen scale that lives in a biscuit tin in the shed!",
                18,
            ),
            (
                20,
                "Best Garden Deals",
                "deals@spam.example",
                "https://spam.example",
                "192.0.2.250",
                "2027-08-18 03:12:09",
                "Great post! Check out our discount compost.",
                0,
            ),
        ],
    },
    {
        "id": 77,
        "title": "AGM notes: the bonfire rule",
        "slug": "agm-notes-the-bonfire-rule",
        "author": "hester",
        "date": "2027-09-12 19:25:00",
        "status": "publish",
        "type": "post",
        "categories": ["site-news"],
        "tags": [],
        "blocks": [
            (
                "p",
                "The AGM took an hour and a half, most of it on bonfires. The new rule: no bonfires at all from "
                "1 April to 30 September. The rest of the year, only after 4pm and only dry material, never "
                "plastic.",
            ),
            (
                "p",
                "Also agreed: the rent stays the same next year, and Dot Fenwick is the new site secretary.",
            ),
        ],
        "meta": [("_edit_last", "1")],
    },
    {
        "id": 84,
        "title": "Thinking about a polytunnel",
        "slug": "",
        "author": "hester",
        "date": "2027-09-26 21:58:00",
        "status": "draft",
        "type": "post",
        "categories": ["plot-diary"],
        "tags": [],
        "blocks": [
            (
                "p",
                "The 12 x 6 ft tunnel from Fernbrook Garden Supplies is £289 delivered. It would mean tomatoes "
                "that blight can't reach.",
            ),
            (
                "p",
                "Snag: anything taller than 2 m needs the committee's say-so, so I'll ask at the October "
                "meeting before I order. Draft, not ready to post.",
            ),
        ],
        "meta": [("_edit_last", "1")],
    },
]

# --- the games --------------------------------------------------------------------------------------------------------
# Nell Ashworth's games for the 2026-27 season, exported from her database with her own notes. A game: its tags in
# export order and its movetext (SAN, move numbers, {comments}, NAGs, (variations) and the result); the generator wraps
# the movetext at 80 columns as exporters do.

PGN_NAME = "Ashworth 2026-27 season.pgn"

PGN_GAMES = [
    (
        [
            ("Event", "Northshire League Division 2"),
            ("Site", "Kettlebridge"),
            ("Date", "2026.09.22"),
            ("Round", "1"),
            ("White", "Ashworth, Nell"),
            ("Black", "Pryce, Dafydd"),
            ("Result", "0-1"),
            ("WhiteElo", "1638"),
            ("BlackElo", "1712"),
            ("ECO", "B90"),
            ("Opening", "Sicilian Defence: Najdorf Variation, English Attack"),
            ("TimeControl", "5400"),
            ("Annotator", "Ashworth, Nell"),
            ("PlyCount", "46"),
        ],
        "{Kettlebridge v Hallam Moor, board 3. First league game of the season.} 1. e4 c5 2. Nf3 d6 3. d4 cxd4 "
        "4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3 Be6 8. f3 Be7 9. Qd2 O-O 10. O-O-O Nbd7 11. g4 b5 12. g5 b4 "
        "13. Ne2 Ne8 14. f4 $6 {I went for the attack straight away. Dafydd said afterwards that h4 first was "
        "the book move.} (14. h4 a5 15. Kb1 {is the main line.}) 14... a5 15. f5 Bxb3 16. cxb3 $2 {The wrong "
        "recapture: it opens the c-file towards my own king.} (16. axb3 a4 17. Kb1 $13) 16... a4 17. Kb1 axb3 "
        "18. axb3 Nc7 19. Ng3 Nb5 20. Bxb5 Rxa2 $1 {I had not seen this at all.} 21. Kxa2 Qa5+ 22. Kb1 Qxb5 "
        "23. Qc2 Nc5 {Time trouble: I had 4 minutes left for 17 moves and no way to stop ...Nxb3. I resigned "
        "a few moves later.} 0-1",
    ),
    (
        [
            ("Event", "Northshire League Division 2"),
            ("Site", "Hallam Moor"),
            ("Date", "2026.10.13"),
            ("Round", "2"),
            ("White", "Iqbal, Sana"),
            ("Black", "Ashworth, Nell"),
            ("Result", "0-1"),
            ("WhiteElo", "1590"),
            ("BlackElo", "1641"),
            ("ECO", "C50"),
            ("Opening", "Italian Game: Giuoco Pianissimo"),
            ("TimeControl", "5400"),
            ("Annotator", "Ashworth, Nell"),
            ("PlyCount", "52"),
        ],
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 Nf6 5. c3 d6 6. O-O O-O 7. Re1 a6 8. Bb3 Ba7 9. h3 h6 10. Nbd2 "
        "Re8 11. Nf1 Be6 12. Ng3 Qd7 13. Bc2 {A quiet plan: she wants d4 without giving up the light bishop.} "
        "13... d5 14. exd5 Bxd5 15. Nh4 $6 Nb4 $1 {The point: the bishop on c2 has no good square.} 16. cxb4 "
        "Bxf2+ 17. Kxf2 Qd6 18. Kg1 Qxb4 19. Nhf5 Rad8 20. Bd2 Qxb2 21. Bc3 Qxc3 22. Rc1 Qb2 23. Bb3 Bxb3 "
        "24. Qxb3 Qxb3 25. axb3 Rxd3 26. Ne7+ Kh8 {Two pawns up in the ending. Sana offered a draw on move 24 "
        "and I declined because our team needed the win.} 0-1",
    ),
    (
        [
            ("Event", "Northshire League Division 2"),
            ("Site", "Kettlebridge"),
            ("Date", "2026.11.03"),
            ("Round", "3"),
            ("White", "Ashworth, Nell"),
            ("Black", "Lund, Torben"),
            ("Result", "1/2-1/2"),
            ("WhiteElo", "1644"),
            ("BlackElo", "1805"),
            ("ECO", "D02"),
            ("Opening", "Queen's Pawn Game: London System"),
            ("TimeControl", "5400"),
            ("Annotator", "Ashworth, Nell"),
            ("PlyCount", "40"),
        ],
        "1. d4 d5 2. Nf3 Nf6 3. Bf4 c5 4. e3 Nc6 5. Nbd2 e6 6. c3 Bd6 7. Bg3 O-O 8. Bd3 b6 9. Ne5 Bb7 10. f4 "
        "Ne7 $5 {Torben reroutes the knight to f5 to hit my bishop on g3.} 11. Qf3 Nf5 12. Bf2 Be7 13. g4 Nd6 "
        "14. g5 Nfe4 15. h4 f6 16. gxf6 Bxf6 17. Qh3 Nf5 18. Bxe4 dxe4 19. Nxe4 Bxe5 20. fxe5 Qd5 {I offered a "
        "draw here with 12 minutes left against his 40, and he accepted. Our captain Ruth Okonedo had asked me "
        "to take a draw against a higher-rated player if I could.} 1/2-1/2",
    ),
    (
        [
            ("Event", "Kettlebridge Rapidplay"),
            ("Site", "Kettlebridge Methodist Hall"),
            ("Date", "2026.11.21"),
            ("Round", "1"),
            ("White", "Chen, Wei"),
            ("Black", "Ashworth, Nell"),
            ("Result", "0-1"),
            ("WhiteElo", "1420"),
            ("BlackElo", "1644"),
            ("ECO", "B01"),
            ("Opening", "Scandinavian Defence: Main Line"),
            ("TimeControl", "900+10"),
            ("Annotator", "Ashworth, Nell"),
            ("PlyCount", "54"),
        ],
        "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 5. Nf3 Bf5 6. Bc4 e6 7. Bd2 c6 8. Nd5 $2 {Too clever.} "
        "8... Qd8 9. Nxf6+ gxf6 10. Qe2 Nd7 11. O-O-O Qc7 12. Kb1 O-O-O 13. Bb3 Bd6 14. Rhe1 Rhg8 15. g3 Nb6 "
        "16. Bc1 Bg4 {Pinning the knight; with doubled f-pawns my g-file is open for the rooks.} 17. Qe3 Bxf3 "
        "18. Qxf3 Bxg3 19. hxg3 Rxg3 20. Qxf6 Rxb3 21. axb3 Qd6 22. Qxf7 Qxd4 23. Qxe6+ Kb8 24. Qe5+ Qxe5 "
        "25. Rxe5 Rxd1 26. Re8+ Kc7 27. Re7+ Nd7 {Here Chen's flag fell: he had spent his last 40 seconds on "
        "move 25, and with ten seconds a move he never caught up.} 0-1",
    ),
    (
        [
            ("Event", "Northshire League Division 2"),
            ("Site", "Alnbury"),
            ("Date", "2027.01.12"),
            ("Round", "4"),
            ("White", "Harrow, Pete"),
            ("Black", "Ashworth, Nell"),
            ("Result", "1-0"),
            ("WhiteElo", "1688"),
            ("BlackElo", "1651"),
            ("ECO", "D37"),
            ("Opening", "Queen's Gambit Declined: Harrwitz Attack"),
            ("TimeControl", "5400"),
            ("Annotator", "Ashworth, Nell"),
            ("PlyCount", "61"),
        ],
        "1. d4 Nf6 2. c4 e6 3. Nf3 d5 4. Nc3 Be7 5. Bf4 O-O 6. e3 c5 7. dxc5 Bxc5 8. Qc2 Nc6 9. a3 Qa5 "
        "10. Rd1 Re8 11. Nd2 e5 12. Bg5 Nd4 13. Qb1 Bf5 14. Bd3 Bxd3 15. Qxd3 e4 16. Qb1 h6 17. Bh4 Rac8 "
        "18. O-O Nf5 19. Bxf6 gxf6 20. Nb3 Qb6 21. Nxc5 Qxc5 22. cxd5 Nd6 23. Qc2 Qxc3 $2 {A needless trade. I "
        "thought it was forced and forgot his rook on d1 would take over the d-file.} 24. Qxc3 Rxc3 "
        "25. bxc3 Nc4 26. Rd4 Nxa3 27. Rxe4 Rxe4 28. c4 Nxc4 29. Rc1 Nd6 30. Rc7 Rb4 31. h3 {Then I lost on time "
        "with two pawns more: I had stopped looking at the clock after the blunder scare.} 1-0",
    ),
    (
        [
            ("Event", "Northshire Congress, Major"),
            ("Site", "Alnbury Corn Exchange"),
            ("Date", "2027.02.20"),
            ("Round", "2"),
            ("White", "Ashworth, Nell"),
            ("Black", "Ferreira, Ana"),
            ("Result", "1-0"),
            ("WhiteElo", "1651"),
            ("BlackElo", "1702"),
            ("ECO", "B12"),
            ("Opening", "Caro-Kann Defence: Advance Variation, Short Variation"),
            ("TimeControl", "5400+30"),
            ("Annotator", "Ashworth, Nell"),
            ("PlyCount", "43"),
        ],
        "{My best game of the season. I prepared the Short Variation for two evenings with Ruth after seeing "
        "Ana's games in the congress bulletin.} 1. e4 c6 2. d4 d5 3. e5 Bf5 4. Nf3 e6 5. Be2 c5 6. Be3 Nd7 "
        "7. O-O Ne7 8. c4 $5 {The prepared idea: open the centre while her king is still in the middle.} 8... dxc4 "
        "9. Na3 cxd4 10. Nxd4 Nc6 11. Nxc4 Be4 (11... Nxd4 12. Bxd4 $16 {is what the book gives.}) 12. Nxc6 "
        "bxc6 13. Nd6+ Bxd6 14. exd6 Nf6 15. f3 Bg6 16. Qa4 Qd7 17. Rfd1 O-O 18. Bc5 Rfc8 19. Rac1 {Everything "
        "she has is tied to the c6 pawn. I used 25 minutes here and still had over half an hour.} 19... Nd5 "
        "20. Bc4 Nb6 $2 21. Bxb6 axb6 22. Qb3 {Here Ana lost on time: she had spent all but four minutes on "
        "move 19 and the increment did not save her. My first win against a player over 1700.} 1-0",
    ),
    (
        [
            ("Event", "Northshire League Division 2"),
            ("Site", "Kettlebridge"),
            ("Date", "2027.03.09"),
            ("Round", "5"),
            ("White", "Ashworth, Nell"),
            ("Black", "Brennan, Siobhan"),
            ("Result", "1/2-1/2"),
            ("WhiteElo", "1672"),
            ("BlackElo", "1660"),
            ("ECO", "C67"),
            ("Opening", "Ruy Lopez: Berlin Defence, Rio de Janeiro Variation"),
            ("TimeControl", "5400"),
            ("Annotator", "Ashworth, Nell"),
            ("PlyCount", "42"),
        ],
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Nxe4 5. Re1 Nd6 6. Nxe5 Be7 7. Bf1 Nxe5 8. Rxe5 O-O 9. d4 Bf6 "
        "10. Re1 Re8 11. c3 Rxe1 12. Qxe1 Ne8 13. Bf4 d6 14. Nd2 Bf5 15. Qe3 Qd7 16. Nf3 {Siobhan has played "
        "the Berlin against me three times now; I still have no idea how to beat it.} 16... Be6 17. Bd3 h6 "
        "18. Nd2 Bg5 19. Bxg5 hxg5 20. Ne4 Bd5 21. Nxg5 Qg4 {Draw agreed. The match finished 3-3.} 1/2-1/2",
    ),
    (
        [
            ("Event", "Northshire League Division 2"),
            ("Site", "Whitlow Bay"),
            ("Date", "2027.04.06"),
            ("Round", "6"),
            ("White", "Whitlock, Amos"),
            ("Black", "Ashworth, Nell"),
            ("Result", "0-1"),
            ("WhiteElo", "1599"),
            ("BlackElo", "1674"),
            ("ECO", "E92"),
            ("Opening", "King's Indian Defence: Petrosian Variation"),
            ("TimeControl", "5400"),
            ("Annotator", "Ashworth, Nell"),
            ("PlyCount", "54"),
        ],
        "1. d4 Nf6 2. c4 g6 3. Nc3 Bg7 4. e4 d6 5. Nf3 O-O 6. Be2 e5 7. d5 a5 8. Bg5 h6 9. Bh4 Na6 10. Nd2 Qe8 "
        "11. O-O Nh7 12. a3 h5 13. f3 Bh6 {The standard trick in this line: trade off my bad bishop.} 14. Bf2 "
        "Bxd2 15. Qxd2 f5 16. exf5 gxf5 17. f4 e4 18. Kh1 Nc5 19. Bd4 Qg6 20. Rg1 Bd7 21. Rae1 Rae8 22. Bd1 Nf6 "
        "23. Bc2 Kf7 24. g3 Rh8 25. Qe3 Ng4 26. Qe2 h4 $1 {Opening the h-file. Amos had 9 minutes left and I had "
        "half an hour; the club's new digital clocks were a help.} 27. gxh4 Rxh4 0-1",
    ),
]

# --- what the part's questions need written out, for the generator's own checks ---------------------------------------
PGN_PLAYER = "Ashworth, Nell"
