"""The text of the realdocs ``heldout32`` part's private documents, as ``make_heldout32.py`` writes them: a
birdwatcher's Mastodon account as the archive Mastodon's "Request your archive" gives holds it (``outbox.json``,
ActivityStreams 2.0); a runner and cyclist's workouts as a Training Center Database export (``.tcx``); a session
player's tune book in ABC notation (``.abc``). Fixed text only; every person, firm, place, club, server and number is
invented (web addresses under ``.example`` or made-up servers)."""

from __future__ import annotations

# --- the Mastodon archive ---------------------------------------------------------------------------------------------
# Tamsin Reeve (@tamsinreeve on fenwatch.social, a made-up server) watches birds on a made-up estuary near Saltmere.
# A post: (published "YYYY-MM-DD HH:MM:SS" UTC, text, reply_to (index of her own post it answers) or None, content
# warning or None, [(media file stem, alt text)], poll or None). "#tag" in the text becomes a hashtag link and a
# Hashtag tag; "@name" a mention of a fenwatch.social account. A boost: ("boost", published, the boosted post's URL).

MASTODON_DIR = "archive-20270520-tamsinreeve"
SERVER = "https://fenwatch.social"
ACCOUNT = "tamsinreeve"

POSTS = [
    (
        "2027-01-03 09:14:08",
        "New year list started at Brackenholm Marsh this morning: 41 species before the flask went cold. Best was a "
        "female hen harrier quartering the reedbed at 8.40, low and unhurried. #birding #patchlist",
        None,
        None,
        [
            (
                "a8c1e07f2b",
                "A grey-brown harrier low over pale reeds, wings held in a shallow V, white rump showing.",
            )
        ],
        None,
    ),
    (
        "2027-01-03 09:31:52",
        "Full list on the blog later, but the surprises were a water rail squealing by the sluice and 6 bearded tits "
        "pinging in the reeds in front of hide 2.",
        0,
        None,
        [],
        None,
    ),
    (
        "2027-01-09 15:02:41",
        "Cullerby Point sea watch, two hours in a force 6 northerly. 3 little auks went north past the groyne at "
        "14.10, my first since 2023. Fingers no longer work. #seawatching",
        None,
        None,
        [],
        None,
    ),
    (
        "2027-01-16 11:20:17",
        "Found a ringed grey heron dead under the power lines on the Wexcombe Reservoir dam. Ring number GR 44718, "
        "reported to the BTO online. The photo is of the ring only.",
        None,
        "Dead bird (photo of its leg ring)",
        [
            (
                "3f90d2c4aa",
                "Close-up of a metal ring on a heron's leg reading GR 44718, held between gloved fingers.",
            )
        ],
        None,
    ),
    (
        "2027-01-16 18:45:03",
        "Update on the heron: the BTO email says it was ringed as a chick at the heronry in Lanbury Woods in May 2019, "
        "so it was nearly 8 years old. Found 23 km from where it hatched.",
        3,
        None,
        [],
        None,
    ),
    ("boost", "2027-01-20 20:11:36", "https://wadersandwildfowl.example/@fenrecorder/109842201933781205"),
    (
        "2027-01-24 10:05:00",
        "Settle an argument in our house: which hide at Brackenholm has the best view? #birding",
        None,
        None,
        [],
        (
            "2027-01-27 10:05:00",
            [
                ("Reedbed Hide (hide 1)", 31),
                ("Sluice Hide (hide 2)", 39),
                ("Wader Scrape Hide", 58),
                ("The new tower", 15),
            ],
        ),
    ),
    (
        "2027-01-27 10:22:19",
        "Poll closed: the Wader Scrape Hide won with 58 votes out of 143. The new tower came last, which the warden "
        "will not like.",
        6,
        None,
        [],
        None,
    ),
    (
        "2027-02-02 17:48:55",
        "Bought new binoculars at last: Kestrel Optics 8x42 ED, \u00a3649 from Fenby Outdoor in Market Fenby. "
        "Sold my old 10x50s to a lad just starting out for \u00a360. #binoculars #gear",
        None,
        None,
        [("c72e5b1190", "New binoculars in their green case on a kitchen table, strap still in its bag.")],
        None,
    ),
    (
        "2027-02-06 14:30:12",
        "Brackenholm WeBS count done with @priyanair. Highlights: 1,140 wigeon, 212 black-tailed godwits, 18 pintail "
        "and a single drake smew on the borrow pit. #WeBS #birding",
        None,
        None,
        [],
        None,
    ),
    (
        "2027-02-06 21:04:47",
        "Correction to the godwit count: Priya went through her photos and it was 236, not 212. #WeBS",
        9,
        None,
        [],
        None,
    ),
    (
        "2027-02-13 12:16:30",
        "Third weekend running someone has let a spaniel loose on the high-tide roost at Cullerby. Everything went "
        "up, 400 knot and all the oystercatchers, and they did not come back. The signs are there. Please keep dogs "
        "on leads on the saltmarsh from October to March.",
        None,
        "Rant about dogs on the saltmarsh",
        [],
        None,
    ),
    (
        "2027-02-20 19:40:02",
        "Talk at Saltmere Library on Thursday 25 February at 7pm: me and the county recorder on twenty years of the "
        "marsh. Free, but book a seat at the desk. #Saltmere",
        None,
        None,
        [],
        None,
    ),
    ("boost", "2027-02-22 08:03:14", "https://mastodon.moorlands.example/@sianbirds/109893118402266013"),
    (
        "2027-03-01 07:58:26",
        "First wheatear of the spring! A male on the fence posts at Cullerby Point at 7.05am. My earliest ever; the "
        "old record was 9 March 2022. #wheatear #migration",
        None,
        None,
        [
            (
                "e014b6f3d8",
                "A male wheatear on a lichen-covered fence post, blue-grey back and black mask, sea behind.",
            )
        ],
        None,
    ),
    (
        "2027-03-06 16:12:44",
        "Cycled the Saltmere to Wexcombe loop with the binoculars on my back, 34 km. Great white egret on the "
        "reservoir's north bank, and a chiffchaff already singing in the car park willows. #birding",
        None,
        None,
        [],
        None,
    ),
    (
        "2027-03-14 11:00:09",
        "A thread on our nest box project at Brackenholm. We put up 24 boxes in November: 16 for tits, 6 "
        "open-fronted ones for robins and wrens, and 2 owl boxes on the old barn. #nestboxes",
        None,
        None,
        [],
        None,
    ),
    (
        "2027-03-14 11:02:31",
        "The boxes are numbered B1 to B24 and made from untreated larch offcuts that Hollins Sawmill gave us free. "
        "Hole sizes: 25mm for blue tits, 28mm for great tits.",
        16,
        None,
        [],
        None,
    ),
    (
        "2027-03-14 11:05:58",
        "On the first check (12 March) 9 boxes had moss in them. Next check is the first week of April, and we only "
        "open them with our licence holder, Gareth Penrose. #nestboxes",
        17,
        None,
        [],
        None,
    ),
    (
        "2027-03-21 09:27:15",
        "First moth trap night of the year in the garden: 14 moths of 6 species, best an Oak Beauty. Yes, this is "
        "a bird account. No, I will not stop. #moths",
        None,
        None,
        [("5b2aa90e61", "A furry grey-brown moth with dark cross bands resting on an egg box.")],
        None,
    ),
    (
        "2027-03-28 18:33:40",
        "Sand martins back over Wexcombe Reservoir, about 30 feeding low over the water by the sailing club. "
        "#migration",
        None,
        None,
        [],
        None,
    ),
    (
        "2027-04-03 13:14:22",
        "Nest box update: first eggs! Box B7 has 5 blue tit eggs and a great tit is sitting tight in B15. The owl "
        "boxes are empty so far. #nestboxes",
        18,
        None,
        [],
        None,
    ),
    (
        "2027-04-04 08:50:37",
        "Spring bird race on Saturday 3 April with the Saltmere group: our team of 4 got 97 species between 5am and "
        "9pm, beating last year's 91. The bird that won it was a ring ouzel on Cullerby golf course at 6.20pm. "
        "#birdrace",
        None,
        None,
        [],
        None,
    ),
    ("boost", "2027-04-07 12:25:51", "https://fenwatch.social/@priyanair/110146378820194417"),
    (
        "2027-04-11 10:41:06",
        "Avocets are back on the Wader Scrape: 22 birds this morning and two pairs already scraping. #avocet",
        None,
        None,
        [
            (
                "9d47c3e2b5",
                "Avocets on shallow water in front of a wooden hide, the red roof of Marsh Farm behind.",
            )
        ],
        None,
    ),
    (
        "2027-04-18 20:02:59",
        "The water company's consultation on raising the Wexcombe dam closes on 30 April. The plan floods the "
        "willow carr where the nightingales sing. Respond online, quoting reference WX-2027-114.",
        None,
        "Local politics: the reservoir plans",
        [],
        None,
    ),
    (
        "2027-04-25 06:48:12",
        "Heard my first cuckoo of the year from the sea wall at 6.15am. A grasshopper warbler reeling by the second "
        "sluice too. #cuckoo",
        None,
        None,
        [],
        None,
    ),
    (
        "2027-04-25 12:30:45",
        "Someone asked about kit: I record songs with my phone and a cheap clip-on microphone, then check them in "
        "the Merlin app before I log anything.",
        26,
        None,
        [],
        None,
    ),
    (
        "2027-05-02 19:15:28",
        "Blog post up with the winter's WeBS totals for Brackenholm, month by month. #WeBS",
        None,
        None,
        [],
        None,
    ),
    (
        "2027-05-09 17:21:03",
        "Marsh harriers are nesting in the reedbed again. For their sake I will not say where, and please do not ask "
        "in the replies.",
        None,
        None,
        [],
        None,
    ),
    (
        "2027-05-16 08:09:50",
        "Cullerby Point at dawn: a red-backed shrike on the brambles by the coastguard cottages! County tick number "
        "288. #rarebirds",
        None,
        None,
        [
            (
                "17fe08a3c4",
                "A red-backed shrike perched on top of a bramble, grey head and chestnut back, hedge behind.",
            )
        ],
        None,
    ),
    (
        "2027-05-16 11:54:33",
        "Shrike still there at 11am; about 40 people have been to see it. Cars were blocking the lane, so the "
        "coastguard asked everyone to park at the village hall instead.",
        30,
        None,
        [],
        None,
    ),
]
MENTIONS = {"priyanair": "https://fenwatch.social/users/priyanair"}
BLOG_LINK = ("WeBS totals", "https://tamsinreeve.example/blog/webs-winter-2026-27")

# --- the workouts -----------------------------------------------------------------------------------------------------
# Owain Pryce's March 2027, exported as one Training Center Database file. An activity: (sport, start "YYYY-MM-DD
# HH:MM:SS" UTC, start (lat, lon), device, [lap, ...], notes); a lap: (time s, distance m, maximum speed m/s, calories,
# average heart rate, maximum heart rate, intensity, trigger method, cadence). Devices: (name, unit id, product id,
# major, minor).

TCX_NAME = "Owain Pryce March 2027.tcx"
FORERUNNER = ("Forerunner 255", "3421987765", "3992", 20, 26)
EDGE = ("Edge 530", "3310452218", "3121", 9, 75)

ACTIVITIES = [
    (
        "Running",
        "2027-03-07 08:31:15",
        (54.03412, -2.10834),
        FORERUNNER,
        [
            (1542.0, 5000.0, 3.71, 351, 142, 151, "Active", "Distance", 84),
            (1587.0, 5000.0, 3.52, 362, 149, 158, "Active", "Distance", 83),
            (1610.0, 5000.0, 3.48, 371, 153, 164, "Active", "Distance", 82),
            (711.0, 2140.0, 3.39, 166, 151, 160, "Active", "Manual", 82),
        ],
        "Long run out along the canal towpath to Thornley lock and back. Left calf tight after 12k, so I stopped to "
        "stretch at the lock. Gel at 10k, water at the swing bridge.",
    ),
    (
        "Biking",
        "2027-03-13 09:02:40",
        (54.08215, -2.01507),
        EDGE,
        [
            (3105.0, 24610.0, 13.9, 602, 131, 149, "Active", "Manual", 84),
            (1822.0, 12380.0, 12.6, 371, 139, 156, "Active", "Manual", 86),
            (1466.0, 6020.0, 9.4, 512, 163, 178, "Active", "Manual", 71),
            (2630.0, 27115.0, 16.8, 498, 128, 152, "Active", "Manual", 88),
        ],
        "Club ride with Dalesfell Wheelers, 14 of us. Headwind all the way out to Ravensgill. Regrouped at the cafe "
        "at Brough Hill, then lap 3 is the climb up Harker Bank. Front derailleur slipping again, needs indexing "
        "before next Saturday.",
    ),
    (
        "Running",
        "2027-03-17 18:05:12",
        (54.04890, -2.09762),
        FORERUNNER,
        [
            (905.0, 2400.0, 3.05, 188, 128, 141, "Active", "Manual", 80),
            (467.0, 2000.0, 4.62, 124, 164, 176, "Active", "Manual", 92),
            (180.0, 410.0, 2.61, 38, 139, 167, "Resting", "Manual", 76),
            (461.0, 2000.0, 4.70, 127, 171, 181, "Active", "Manual", 93),
            (722.0, 1850.0, 2.98, 142, 136, 152, "Active", "Manual", 79),
        ],
        "Track session at Hallam Park: 2 x 2 km off a 3 minute jog. Second rep 7:41, six seconds quicker than the "
        "first. Legs fine, breathing ragged on the last bend.",
    ),
    (
        "Other",
        "2027-03-21 10:14:03",
        (54.15526, -2.20341),
        FORERUNNER,
        [
            (6790.0, 6930.0, 1.92, 684, 118, 141, "Active", "Manual", 52),
            (5415.0, 7105.0, 2.06, 503, 109, 126, "Active", "Manual", 54),
        ],
        "Walk up Pen Garth with Sian and the dog. Trig point on the summit at 1h52, cold wind up there. Very boggy on "
        "the descent past Scar House, take the wall path next time.",
    ),
    (
        "Biking",
        "2027-03-27 08:45:30",
        (54.07731, -2.03318),
        EDGE,
        [
            (2460.0, 21340.5, 14.2, 455, 136, 155, "Active", "Manual", 85),
            (2095.0, 16870.0, 17.8, 389, 132, 160, "Active", "Manual", 83),
            (2712.0, 21905.0, 13.1, 507, 134, 151, "Active", "Manual", 86),
        ],
        "Reccy of the Coldwater Sportive route, 60 km. Puncture at 41 km, rear tyre, a sliver of glass. Average "
        "heart rate lower than the same loop last month.",
    ),
]
TCX_AUTHOR = ("Connect Api", "006-D2449-00")

# --- the tune book ----------------------------------------------------------------------------------------------------
# Maeve Corrigan's book for the Thursday session at the Drovers Arms, Kelderby: the file header, then the tunes as
# she typed them (headers and music as written; blank line between tunes).

ABC_NAME = "Drovers Arms session tunes.abc"
ABC_HEADER = """%abc-2.1
% Drovers Arms session, Kelderby - Maeve Corrigan's tune book
% Thursdays from 8.30pm in the back room. Sets are in the order we usually play them.
% Last tidied 2 May 2027. Chords are a guide only; follow Tom on the guitar.
%%pagewidth 21cm
%%scale 0.8
%%titlefont Helvetica-Bold 15
"""

TUNES = [
    """X:1
T:The Kelderby Reel
T:Kelderby Lasses
C:Trad.
O:Northumberland
R:reel
M:4/4
L:1/8
Q:1/4=104
S:learned from Tom Ashby at the Drovers Arms, 2019
Z:Maeve Corrigan
N:Play the B part a touch slower the first time round, the way Tom does, then let it go.
K:D
|:"D"A2FA dAFA|"G"B2GB dBGB|"D"A2FA dAFA|"A"BcdB "D"A2FE:|
|:"D"d2fd "A"c2ec|"G"BcdB "D"A2FA|"G"Bcde "D"fedf|"A"e2ce "D"d4:|""",
    """X:2
T:Ellen Garside's Jig
C:Dougie Marr (1931-2004)
O:Cumbria
R:jig
M:6/8
L:1/8
Q:3/8=116
H:Written for Ellen Garside, landlady of the Blacksmiths Arms at Hesket,
+:when the pub closed in 1987. Dougie played it at her last night behind the bar.
Z:Maeve Corrigan
K:G
|:"G"DGB dBG|"C"ECE "G"DGB|"G"DGB dBG|"D"FAF "G"G3:|
|:"G"gfg "D"dBG|"C"ecA "G"BGD|"G"gfg "D"dBd|"C"edc "D"BAG:|""",
    """X:3
T:The Ferryman's Hornpipe
C:Trad.
O:Tyneside
R:hornpipe
M:4/4
L:1/8
Q:1/4=88
N:Swung, not dotted. Slow enough that the dancers can get their feet round it.
Z:Maeve Corrigan
K:Ador
|:(3EFG|"Am"A2EA cBcA|"G"G2DG BAGB|"Am"A2EA cBcd|"Em"edcB "Am"A2:|
|:ab|"C"c'2gc' bagf|"G"g2dg bagb|"Am"a2ea c'bag|"Em"edcB "Am"A2:|""",
    """X:4
T:Polka for Bryony
C:Maeve Corrigan, 2025
R:polka
M:2/4
L:1/8
Q:1/4=132
N:Written the week my niece Bryony was born, October 2025. First played at the session on her christening day.
K:A
|:"A"ce ec|"E"Bd dB|"A"ce ec|"E"B2 "A"A2:|
|:"D"fa af|"A"ec ce|"D"fa "E"gb|"A"a2 a2:|""",
    """X:5
T:The Lantern Slide
C:Trad.
O:Co. Sligo, Ireland
R:slip jig
M:9/8
L:1/8
S:from a 1962 radio recording of the fiddler Hughie Dunne, via Pete Ollerton's tape
Z:Maeve Corrigan
K:Em
|:"Em"B2E GFE BAG|"D"FED FED "Em"GFE|"Em"B2E GFE BAG|"D"FAd "Em"BGE E3:|
|:"Em"e2f gfe dBG|"D"d2e fed "Em"BAG|"Em"e2f gfe dBG|"D"FAd "Em"BGE E3:|""",
    """X:6
T:Wren Day Waltz
C:Anne Kitching
O:North Yorkshire
R:waltz
M:3/4
L:1/8
Q:1/4=120
N:Anne wrote it for the Boxing Day walk from Kelderby to the Fox at Skelby.
K:F
|:"F"A4 GF|"C"G4 FE|"Dm"F2 A2 d2|"C"c4 A2|"Bb"B4 AG|"F"A4 F2|"C"G2 A2 G2|"F"F6:|""",
    """X:7
T:Sheepwash Schottische
C:Trad.
O:Weardale
R:schottische
M:4/4
L:1/8
Q:1/4=100
N:Dotted all through. The fiddles take the top line, melodeons the chords.
Z:Maeve Corrigan
K:G
|:"G"B>cd>B G>AB>G|"D"A>Bc>A F>GA>F|"G"B>cd>B "C"e>dc>B|"D"A>GF>A "G"G2 G2:|""",
    """X:8
T:Hesket Bridge
C:Dougie Marr (1931-2004)
O:Cumbria
R:reel
M:4/4
L:1/8
Q:1/4=100
N:Dougie's last tune. Goes straight after Ellen Garside's Jig in the set.
Z:Maeve Corrigan
K:Bm
|:"Bm"B2FB dBFB|"A"A2EA cAEA|"Bm"B2FB dBcd|"A"ecAc "Bm"B4:|
|:"D"d2fd "A"ceaf|"Bm"d2fd "F#m"cBAc|"G"B2dB "A"AcBA|"F#m"FABc "Bm"B4:|""",
    """X:9
T:The Cobbler's Last
T:Last of the Cobblers
C:Trad.
O:Shetland
R:jig
M:6/8
L:1/8
S:Pete Ollerton's session tape, Lerwick 1998
Z:Pete Ollerton, tidied by Maeve Corrigan
K:D
|:"D"FAA dAA|"G"BAG "D"FED|"D"FAA dAA|"A"BAG "D"FED:|
|:"D"dfd "A"cec|"G"BdB "D"AFA|"D"dfd "A"cec|"A"BAG "D"FED:|""",
    """X:10
T:Morning on Carrow Fell
C:Hamish Lennox
R:air
M:4/4
L:1/8
Q:1/4=66
N:The chord under the long E in bar 6 is Em, not C as in Hamish's printed book. He told me so himself.
Z:Maeve Corrigan
K:Dmix
"D"D2 FA d4|"C"c2 BA G4|"D"F2 AF D2 FA|"G"B4 "D"A4|
"D"D2 FA d4|"Em"E8|"G"G2 BG "C"E2 GE|"D"D8|]""",
    """X:11
T:Jenny's Gone to Whitby
C:Trad.
O:North Yorkshire coast
R:polka
M:2/4
L:1/8
N:Sung in the back room; Rob takes the verses, everybody the last line.
K:G
|:"G"GB dB|"C"ce dB|"G"GB dB|"D"A2 A2|
"G"GB dB|"C"ce dc|"D"BA GF|"G"G2 G2:|
W:Jenny's gone to Whitby with a basket and a shawl,
W:She's taken Father's fiddle and she's left us none at all.
W:
W:Jenny's gone to Whitby on the carrier's cart at dawn,
W:And the kettle's on for no one now, and the blind is down till morn.""",
    """X:12
T:The Slate Quarry
C:Hamish Lennox
O:Argyll
R:strathspey
M:4/4
L:1/16
Q:1/4=76
N:Snaps on the first beat of every bar; the quarry is the one at Ballachroy where his father worked.
Z:Maeve Corrigan
K:A
|:"A"A3c e3c A3c e2a2|"E"B3d e3d B3d e2g2|"A"A3c e3c "D"f3e d3c|"E"B3A B3c "A"A4 A4:|""",
]
