"""The text of the realdocs ``heldout27`` part's private documents, as ``make_heldout27.py`` writes them: a novelist's
novel in progress as a Scrivener 3 project keeps it on disk; a short film as a Fountain screenplay; a street fair's
planning outline as an outliner exports it to OPML 2.0. Fixed text only; every person, firm, boat, village, island,
address and number is invented (e-mail addresses under ``.example``, phone numbers from Ofcom's drama ranges)."""

from __future__ import annotations

# --- the Scrivener project ------------------------------------------------------------------------------------------
# Helen Marsh's novel "The Saltings", as Scrivener 3 for macOS keeps it: a .scriv folder with the .scrivx binder and a
# folder of files for each text. Each binder item: title, type, created and modified (UTC, as Scrivener writes them),
# label and status (ids into LABELS and STATUSES), whether it is included in the compile, its synopsis (the index
# card), its text (paragraphs, written to content.rtf) and its document notes (paragraphs, written to notes.rtf), and
# its children. A paragraph is plain text; "*...*" marks italics.

SCRIV_NAME = "The Saltings.scriv"
PROJECT_ID = "The Saltings"  # the key the project's UUID is made from
AUTHOR = "Helen Marsh"
DEVICE = "Helen\u2019s MacBook Air"
CREATOR = "SCRMAC-3.3.6-17322"
SCRIVENER_VERSION = "23"  # Files/version.txt: Scrivener 3's project format number

LABELS = [
    (-1, "No Label", None),
    (1, "Nell", "0.9 0.35 0.3"),
    (2, "Tob", "0.25 0.5 0.85"),
    (3, "Maud", "0.4 0.7 0.35"),
]
STATUSES = [
    (-1, "No Status"),
    (1, "To Do"),
    (2, "First Draft"),
    (3, "Revised Draft"),
    (4, "Final Draft"),
    (5, "Done"),
]

BINDER = [
    {
        "key": "draft",
        "title": "Draft",
        "type": "DraftFolder",
        "created": "2026-11-02 20:41:07",
        "modified": "2027-04-18 21:03:55",
        "children": [
            {
                "key": "ch1",
                "title": "One",
                "type": "Folder",
                "created": "2026-11-02 20:44:12",
                "modified": "2027-03-11 20:02:48",
                "children": [
                    {
                        "key": "s1-1",
                        "title": "The last bus",
                        "type": "Text",
                        "created": "2026-11-02 20:45:40",
                        "modified": "2027-03-09 19:20:31",
                        "label": 1,
                        "status": 3,
                        "synopsis": "Nell comes back to Wrayholme in the rain for the first time in nine years. "
                        "Maud gives her the key. The yard is smaller than she remembers.",
                        "text": [
                            "The number 36 gave up on Wrayholme at the church, as it always had, and Nell got down "
                            "into rain that came sideways off the marsh with nothing to stop it between here and "
                            "Norway.",
                            "Nine years. She had told herself on the train from Leeds that it would look different, "
                            "and it did not; only smaller, the way a coat you wore as a child is smaller.",
                            "The boatyard was at the bottom of Staithe Lane where the road gave up and became shingle. "
                            "The sign was still on the gable, the paint gone to chalk: *W. Askew & Son, Boatbuilders, "
                            "est. 1958*. There had never been a son. Grandad said the sign-writer charged by the "
                            "letter and he\u2019d paid for them, so they could stay.",
                            "The shed was locked. She had not thought of that. She stood with her bag against her "
                            "knees and the water running off her hood and tried to think who would have a key.",
                            "\u201cYou\u2019ll be wanting this,\u201d said a voice behind her, and there was Maud "
                            "Pennick from the next cottage up, in a man\u2019s wax jacket and wellingtons, holding "
                            "out a key on a loop of orange baler twine. \u201cHe gave it me at Easter. Said you\u2019d "
                            "come for it in the end. I said you wouldn\u2019t.\u201d",
                            "\u201cThank you,\u201d Nell said.",
                            "\u201cDon\u2019t thank me. The geese have been in there. I\u2019d go careful.\u201d",
                        ],
                    },
                    {
                        "key": "s1-2",
                        "title": "The shed",
                        "type": "Text",
                        "created": "2026-11-09 21:10:02",
                        "modified": "2027-03-11 20:02:48",
                        "label": 1,
                        "status": 2,
                        "synopsis": "Inside the shed: the half-built boat, the logbook, the unopened letter. Nell "
                        "does not open it.",
                        "text": [
                            "Greylag was on her stocks in the middle of the shed, under the one bulb, and Nell "
                            "stopped in the doorway as if someone had spoken.",
                            "She was clinker-built, larch on oak, eighteen feet, and she was not finished. The "
                            "planking came up from the keel in clean overlapping runs on the port side and stopped "
                            "short on the starboard, so that from one side she was a boat and from the other a "
                            "drawing of one.",
                            "The logbook was on the bench where it had always been, a green ledger swollen with damp. "
                            "Grandad\u2019s hand got smaller towards the end. The last entry was dated 14 October: "
                            "*Garboard and six more fitted stbd. Eleven planks to go. Back bad.* Nothing after it.",
                            "There was a tin of copper nails beside the ledger, the lid off, and a pencil, and an "
                            "envelope propped against the vice with her name on it in capitals, the way he wrote "
                            "when he wanted a thing read.",
                            "She did not open it. She put it in the inside pocket of her coat and left her hand on "
                            "it a while, and then she went round the boat with the torch from her phone and counted "
                            "the frames, because that was a thing she could do.",
                        ],
                        "notes": [
                            "Check with Dennis at the museum: a clinker boat like this is fastened with copper "
                            "rivets and roves, not nails. Change the tin in the shed before anyone who sails reads "
                            "it.",
                            "Larch on oak is right for the east coast \u2192 keep.",
                        ],
                    },
                ],
            },
            {
                "key": "ch2",
                "title": "Two",
                "type": "Folder",
                "created": "2026-11-16 20:30:55",
                "modified": "2027-04-18 21:03:55",
                "children": [
                    {
                        "key": "s2-1",
                        "title": "The harbourmaster",
                        "type": "Text",
                        "created": "2026-11-16 20:31:20",
                        "modified": "2027-04-02 22:14:09",
                        "label": 2,
                        "status": 2,
                        "synopsis": "Tob comes down about the mooring and stays for tea. What Walter wanted.",
                        "text": [
                            "Tob Faircloth came down the lane on Wednesday morning with his hands in his pockets, "
                            "which was how he came to tell people things they did not want to hear.",
                            "\u201cThere\u2019s the mooring,\u201d he said, when they had got past the weather and "
                            "the funeral. \u201cHe hadn\u2019t paid since the spring. Three hundred and forty pound. "
                            "I\u2019m not asking, the Commissioners are.\u201d",
                            "\u201cI\u2019ll pay it.\u201d",
                            "\u201cI know you will.\u201d He looked past her at the boat. \u201cHe wanted her in "
                            "the water on the big spring tide in May. He had it wrote on the calendar in the "
                            "office. I told him he\u2019d not do it on his own, and he said he wouldn\u2019t be on "
                            "his own, and I didn\u2019t ask what he meant.\u201d",
                            "Nell made tea in Grandad\u2019s brown pot because it was the only one, and Tob drank "
                            "it standing up, and neither of them said anything about the envelope in her coat.",
                        ],
                        "notes": [
                            "Tide: the May spring tide at Wrayholme should be about 6.2 m. Invented, but keep it "
                            "consistent with chapter 3.",
                            "Tob says \u201cpound\u201d not \u201cpounds\u201d. Keep his grammar; Priya flagged it "
                            "as a typo last time.",
                        ],
                    },
                    {
                        "key": "s2-2",
                        "title": "The letter",
                        "type": "Text",
                        "created": "2026-11-23 21:05:17",
                        "modified": "2027-04-18 21:03:55",
                        "label": 1,
                        "status": 1,
                        "synopsis": "Nell reads the letter at night. He asks two things of her.",
                        "text": [
                            "She read it at two in the morning, sitting on the bottom stair with the light off in "
                            "the kitchen and on in the hall.",
                            "*Nell. If you are reading this I did not get her finished, which I am sorry for. The "
                            "planks are cut and numbered and in the loft, starboard side, in order. You know how. "
                            "You held the roves for me when you were nine and you never once dropped one.*",
                            "*Two things. Finish her and put her in the water. And take me out in her to Hern Point "
                            "and let me go off the bow on the ebb, not the flood, or I will only come back in.*",
                            "*The yard is yours. Do what you like with it. Tob will tell you it is worth nothing and "
                            "he is right.*",
                            "She read it again, and then she went and sat in the boat, on the bare hog where the "
                            "bottom boards would go, until it was light.",
                        ],
                    },
                ],
            },
            {
                "key": "ch3",
                "title": "Three",
                "type": "Folder",
                "created": "2027-01-05 20:12:40",
                "modified": "2027-04-11 18:47:26",
                "children": [
                    {
                        "key": "s3-1",
                        "title": "Launch",
                        "type": "Text",
                        "created": "2027-01-05 20:13:02",
                        "modified": "2027-04-11 18:47:26",
                        "label": 3,
                        "status": 2,
                        "synopsis": "The launch, in May. This needs rewriting from Maud\u2019s point of view: "
                        "she is the only one who would notice the village watching.",
                        "text": [
                            "They took her down the slip at a quarter to six in the evening, an hour before high "
                            "water, with half the village on the sea wall pretending to walk dogs.",
                            "There was no champagne. Maud came down with a bottle of her own elderflower wine from "
                            "2019, which she said was undrinkable anyway, and broke it on the stem at the second "
                            "go and said a word the vicar pretended not to hear.",
                            "Greylag went in stern first and sat up on the water as if she had been waiting, and "
                            "Nell, who had not cried at the funeral, had to go and stand behind the shed.",
                        ],
                    },
                ],
            },
        ],
    },
    {
        "key": "research",
        "title": "Research",
        "type": "ResearchFolder",
        "created": "2026-11-02 20:41:07",
        "modified": "2027-02-20 10:31:14",
        "children": [
            {
                "key": "characters",
                "title": "Characters",
                "type": "Folder",
                "created": "2026-11-02 20:50:31",
                "modified": "2027-02-20 10:31:14",
                "children": [
                    {
                        "key": "nell",
                        "title": "Nell Askew",
                        "type": "Text",
                        "created": "2026-11-02 20:51:02",
                        "modified": "2027-02-20 10:31:14",
                        "include": False,
                        "synopsis": "Protagonist. Walter\u2019s granddaughter.",
                        "text": [
                            "Name: Eleanor (Nell) Askew",
                            "Age: 38",
                            "Born: Wrayholme, in the cottage at the top of Staithe Lane",
                            "Lives: Leeds, a rented flat off Kirkstall Road",
                            "Work: textile conservator at a museum in Leeds; good with her hands, careful, slow",
                            "Looks: tall, grey eyes, her grandmother\u2019s nose, hair cut short since university",
                            "Afraid of: deep water, which she has never told anyone",
                            "Wants: to sell the yard and go back; needs: to stay long enough to finish something",
                            "Voice: says less than she means; apologises to objects",
                        ],
                    },
                    {
                        "key": "tob",
                        "title": "Tob Faircloth",
                        "type": "Text",
                        "created": "2026-11-02 21:07:45",
                        "modified": "2027-01-28 22:40:03",
                        "include": False,
                        "synopsis": "Harbourmaster. Walter\u2019s oldest friend, though neither would say so.",
                        "text": [
                            "Name: Tobias (Tob) Faircloth",
                            "Age: 61",
                            "Job: harbourmaster at Wrayholme for 22 years, for the Harbour Commissioners",
                            "Family: widower; a daughter, Jess, a paramedic in Norwich",
                            "Keeps: racing pigeons in a loft behind the harbour office",
                            "Drinks: in the Lugger, one pint of mild, never two",
                            "Voice: Norfolk; \u201cthat\u2019s a rum \u2019un\u201d; calls everyone \u201cmate\u201d "
                            "except Nell",
                        ],
                    },
                ],
            },
            {
                "key": "place",
                "title": "Wrayholme",
                "type": "Text",
                "created": "2026-11-03 19:02:18",
                "modified": "2027-02-11 20:15:50",
                "include": False,
                "synopsis": "The village and the marsh.",
                "text": [
                    "A village on the north Norfolk coast, invented; somewhere between Wells and Blakeney.",
                    "St Edmund\u2019s church with a round tower; the bus turns round in front of it.",
                    "Anchor Creek runs from the staithe out through the saltmarsh to the harbour mouth. At low "
                    "water it is mud and samphire.",
                    "Hern Point: the shingle spit at the mouth of the harbour, with the old lifeboat hut.",
                    "The Lugger: the pub on the quay. The harbour office is next to it, and the caf\u00e9 in the old net loft.",
                ],
            },
        ],
    },
    {
        "key": "trash",
        "title": "Trash",
        "type": "TrashFolder",
        "created": "2026-11-02 20:41:07",
        "modified": "2027-02-02 21:55:36",
        "children": [
            {
                "key": "deleted",
                "title": "Leeds (cut)",
                "type": "Text",
                "created": "2026-11-02 21:30:11",
                "modified": "2027-02-02 21:55:36",
                "label": 1,
                "status": 2,
                "synopsis": "Nell in Leeds when the phone call comes. Cut: start in Wrayholme.",
                "text": [
                    "The call came on a Tuesday, while Nell was on her knees on the floor of the conservation "
                    "studio with a pair of tweezers and a christening gown from 1840.",
                    "She let it ring. She finished the seam. Then she went home to the flat over the canal and "
                    "fed Bramble, who was nineteen and deaf and did not care who had died, and sat with the phone "
                    "in her lap until it was dark.",
                ],
            },
        ],
    },
]

# --- the Fountain screenplay ----------------------------------------------------------------------------------------
FOUNTAIN_NAME = "Low Water.fountain"
FOUNTAIN = """\
Title: **LOW WATER**
Credit: Written by
Author: Ruth Calloway
Source: An original short screenplay
Draft date: 9 March 2027
Contact:
    Ferrybridge Pictures
    3 Quay Street
    Maldon, Essex
    ruth@ferrybridge.example
    01632 960482

# ACT ONE

= Danny has one more drop before the tide. He does not know what that means.

EXT. SALLOW ISLAND CAUSEWAY - DAY

A single-track road runs out across mud and saltmarsh towards a low green island. Posts mark its edges. Gulls.

A white delivery van comes along it too fast and stops at a sign rusted to a post:

SALLOW ISLAND. CAUSEWAY FLOODS AT HIGH WATER. DO NOT CROSS WITHIN TWO HOURS OF HIGH TIDE. TIMES AT THE ESTATE OFFICE.

INT. DELIVERY VAN - CONTINUOUS

DANNY OKONJO (23), hi-vis over a hoodie, reads the sign, reads his phone, and drives on.

MARCIE (V.O.)
(over the speaker)
Where are you?

DANNY
On a road in the sea.

MARCIE (V.O.)
Well get off it. You've got fourteen drops after this one and it's gone two.

DANNY
It's one parcel. One old lady. I'll be ten minutes.

He kills the call. The water either side of the road is already shining.

[[Location: ask the Fenwick Estate office about filming on the causeway at low tide. They want a week's notice and a risk assessment.]]

EXT. GULL COTTAGE, SALLOW ISLAND - DAY

A weatherboarded cottage with a red door, the only house in sight. A washing line. A tide clock on the porch wall.

Danny knocks, waits, knocks. The door opens on IRIS (84), small, in a fisherman's jumper, sharp as a tack.

DANNY
Parcel for... Penhaligon?

IRIS
That's me. Iris Penhaligon. You're late.

DANNY
It says delivery by six.

IRIS
Not late for the parcel. Late for the causeway.

She takes his scanner, signs with a flourish and hands it back.

IRIS (CONT'D)
Come and look.

EXT. GULL COTTAGE - GARDEN - CONTINUOUS

From the bottom of the garden the causeway is a line of posts standing in open water. The van's tyre tracks run into the sea.

Danny stares.

DANNY
That was a road.

IRIS
It's a road twice a day. Kettle's on.

INT. GULL COTTAGE - KITCHEN - DAY

Low ceiling, a range, charts on the walls, a photograph of a YOUNG MAN with an oar on his shoulder.

DANNY
How long?

IRIS
Six hours, give or take.

DANNY
Six hours?

IRIS ^
Six hours.

Danny sits down heavily.

DANNY
I'll get sacked.

IRIS
You won't. Everybody gets caught once. Arthur said the island charges a toll and the toll is an afternoon.

DANNY
Who's Arthur?

IRIS
(nodding at the photograph)
My husband. He rowed the ferry over to Tollhurst before there was a causeway. Forty years. Never lost a passenger, lost a great many hats.

CUT TO:

.FLASHBACK - THE CAUSEWAY, 1963

Black and white. YOUNG IRIS (20) and YOUNG ARTHUR (24) in a rowing boat where the road will one day be. He rows; she trails a hand in the water and sings.

~Down by the sallows where the water runs low,
~I'll wait for the ferry and I'll wait for you so.

YOUNG ARTHUR
They're going to build a road.

YOUNG IRIS
Then I'll have to marry the ferryman before he's out of work.

> MATCH CUT TO:

INT. GULL COTTAGE - KITCHEN - DAY

Iris, eighty-four, is singing the same tune under her breath as she puts a plate of bacon on the table. Not for eating.

IRIS
Bait. Come on. Crabs don't catch themselves.

===

# ACT TWO

= Waiting. Crabs, confessions, the radio.

EXT. SEA WALL - LATE AFTERNOON

Iris and Danny sit on the sea wall with their legs over the water, lines in, a bucket between them. Bacon on the hooks.

DANNY
Can I tell you something stupid?

IRIS
That's what sea walls are for.

DANNY
I failed my driving test three times. I've had my licence seven weeks. If they find out the van's been in the sea...

IRIS
The van's not in the sea. The van's on my drive. *Technically* you've parked.

Danny laughs despite himself. His line twitches. He pulls up a crab, then another.

IRIS (CONT'D)
Two. Arthur's record was **eleven** off one rasher.

A handheld radio crackles on the wall beside Iris.

@McBride (V.O.)
(on the radio)
Sallow Island, Sallow Island, this is coastguard McBride. Iris, are you receiving?

Iris picks it up.

IRIS
Receiving, Donal. I've a lad here with a van.

@McBride (V.O.)
Course you have. Tell him the causeway's clear from twenty to ten. Not a minute before. Coastguard out.

/*
EXT. SEA WALL - DUSK

Danny phones his mum. She thinks it's hilarious. Cut for time; we don't need a second phone call.
*/

EXT. SEA WALL - SUNSET

The sun goes down behind the mainland. The bucket is half full. They tip the crabs back, one at a time.

IRIS
You're a careful driver, you know. You just don't know where you're going. It's not the same thing.

===

# ACT THREE

= The water goes out. Danny goes home with something he didn't order.

EXT. GULL COTTAGE - NIGHT

The porch light on. Danny by the van. Iris comes out carrying the tide clock from the porch wall.

IRIS
Take this.

DANNY
I can't take your clock.

IRIS
It was Arthur's. It only tells you one thing, and it's the thing you need. Put it in the van.

He takes it. Looks at it: the one hand points to LOW WATER.

EXT. SALLOW ISLAND CAUSEWAY - NIGHT

The posts stand in wet mud. The road is back, shining. The van's headlights go slowly out along it, _very_ slowly, the speed of a careful driver.

On the island, the porch light goes off.

FADE OUT.

> THE END <
"""

# --- the OPML outline -----------------------------------------------------------------------------------------------
# Gwen Tallis's plan for the Harbour Street Fair, as her outliner exports it: each item is (text, note, status,
# children); status is "checked" (a checkbox ticked), "unchecked" (a checkbox not ticked) or None (no checkbox); the
# note is plain text, its lines joined with line breaks.

OPML_NAME = "Harbour Street Fair 2027.opml"
OPML_TITLE = "Harbour Street Fair 2027"
OPML_OWNER = "Gwen Tallis"
OPML_EMAIL = "gwen.tallis@eastwick-fair.example"
OPML_CREATED = "Sun, 10 Jan 2027 19:42:05 GMT"
OPML_MODIFIED = "Sat, 22 May 2027 08:15:37 GMT"

OUTLINE = [
    (
        "Date & venue",
        "Saturday 12 June 2027, 10am to 4pm.\nHarbour Street closed to traffic from 8am to 6pm, the quay end to "
        "the Mariners' Hall.",
        None,
        [
            (
                "Mariners' Hall booked as the wet-weather fallback",
                "Deposit of £60 paid to the hall committee.",
                "checked",
                [],
            ),
            (
                "Banner for the harbour railings",
                'Wording: "Harbour Street Fair - Saturday 12 June".',
                "checked",
                [],
            ),
            ("First aid: St Katharine's first aid volunteers, two people, 10 to 4", "", "checked", []),
        ],
    ),
    (
        "Permissions",
        "",
        None,
        [
            (
                "Road closure order",
                "Temporary traffic regulation order from the county council.\nFee £185, paid 3 March. Approved 3 "
                "April.",
                "checked",
                [],
            ),
            (
                "Public liability insurance",
                "£5m cover with Marlowe Mutual, policy EWF-2027-0412, starts 1 June.",
                "checked",
                [],
            ),
            (
                "Street trading consent for the food stalls",
                "Form sent 2 May. Town council says allow 28 days.",
                "unchecked",
                [],
            ),
            (
                "Licence for the raffle (small lottery)",
                "Not needed if tickets are only sold on the day.",
                "checked",
                [],
            ),
        ],
    ),
    (
        "Stalls",
        "",
        None,
        [
            (
                "Food",
                "",
                None,
                [
                    (
                        "Hog roast - Cleaver & Sons",
                        "Needs a 16 amp supply and a 4m by 4m pitch on the hard standing by the slipway.",
                        "checked",
                        [],
                    ),
                    ("Cakes and teas - Eastwick WI", "In the Mariners' Hall porch.", "checked", []),
                    (
                        "Ice cream - Dottie's van",
                        "Will only come if she is the only ice cream.",
                        "unchecked",
                        [],
                    ),
                ],
            ),
            (
                "Crafts",
                "24 pitches at £15 each, tables not included.\n19 booked so far; waiting list closed.",
                None,
                [
                    ("Pitch plan drawn", "Jewellery away from the hog roast (smoke).", "checked", []),
                    ("Gazebo weights", "Borrow 40 from the sailing club, Kev has the key.", "unchecked", []),
                ],
            ),
        ],
    ),
    (
        "Entertainment",
        "",
        None,
        [
            (
                "Eastwick Silver Band",
                "Two sets: 11:00 and 14:30, on the quay.\nThey need 12 chairs without arms.",
                "checked",
                [],
            ),
            (
                "Dog show",
                "Ring by the lifeboat station, starts 13:00.\nJudge: Dr Alan Pryce (vet at Harbour Vets).\nClasses: "
                "waggiest tail, best rescue, dog most like owner, best veteran (8 years and over).\nPuppies (<6 months) "
                "in the waggiest tail only.\nRosettes ordered.",
                "checked",
                [],
            ),
            (
                "Raffle",
                "Tickets £1, or £5 for a strip of six.\nFirst prize: two nights in a shepherd's hut at Hollow "
                "Farm.\nSecond: a meal for two at the Anchor.",
                None,
                [
                    ("Prizes collected", "", "unchecked", []),
                    ("Tickets printed", "", "checked", []),
                ],
            ),
            ("Punch & Judy", "Professor Teague, 3 shows, £220 for the day.", "unchecked", []),
        ],
    ),
    (
        "Volunteers",
        "Stewards: need 16 for the road closure points, 11 signed up.\nBriefing 8:30am at the Mariners' Hall.",
        None,
        [
            ("Hi-vis vests", "We have 12; ask the Rotary for more.", "unchecked", []),
            ("Rota sent out", "", "unchecked", []),
        ],
    ),
    (
        "Money",
        "Target: £2,400 for the lifeboat station and the harbour benches.",
        None,
        [
            ("Float", "£150 in coins from the bank on Friday 11 June.", "unchecked", []),
            ("Card readers", "Two SumUp readers, charged the night before.", "unchecked", []),
        ],
    ),
    (
        "After the fair",
        "",
        None,
        [
            (
                "Litter pick",
                "6pm, from the quay end; bags and pickers from the town council.",
                "unchecked",
                [],
            ),
            ("Thank-you post on the Facebook group", "", "unchecked", []),
        ],
    ),
]
