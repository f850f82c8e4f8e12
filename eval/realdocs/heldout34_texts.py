"""The text of the realdocs ``heldout34`` part's private documents, as ``make_heldout34.py`` writes them: a group chat
planning a hen weekend as Facebook's "Download Your Information" gives a Messenger conversation (JSON); a gardener's
Roam Research graph as "Export All > JSON" gives it (re-saved indented two spaces); and one person's Google Tasks as
Google Takeout exports them (``Tasks.json``). Fixed text only; every person, firm, place, club and number is invented
(web addresses under ``.example``)."""

from __future__ import annotations

# --- the Messenger conversation ---------------------------------------------------------------------------------------
# Five friends plan Bethan's hen weekend in Tenby (Friday 11 to Sunday 13 June 2027); Bethan is not in the chat. Jess
# Whitfield downloaded her information, so the export is hers. Times are UTC (GMT in February and March).

THREAD = "bethanshendo_5873190274617382"
CHAT_TITLE = "Bethan\u2019s Hen \U0001f942\U0001f451"
PEOPLE = {
    "C": "Cerys Llewellyn",
    "A": "Am\u00e9lie Girard",
    "S": "Si\u00e2n Probert",
    "N": "Nia Rowlands",
    "J": "Jess Whitfield",
}
CHAT_IMAGE = ("gallery/10224739018263551.jpg", "2027-02-07 20:12:40")

# (sender, time, content, extras); extras: "photo" [(file, time)], "share" (link, share_text), "react" [(emoji,
# sender)], "call" seconds. Chronological here; the export writes them newest first.
MESSAGES = [
    ("C", "2027-02-06 19:02:11", "Cerys Llewellyn created the group.", {}),
    (
        "C",
        "2027-02-06 19:03:40",
        "Right ladies \U0001f942 Bethan\u2019s hen is OFFICIALLY happening and we\u2019re in charge \U0001f631",
        {"react": [("\U0001f602", "N"), ("\u2764", "A")]},
    ),
    (
        "C",
        "2027-02-06 19:04:22",
        "She\u2019s said no strippers, no L-plates and nothing involving a bus tour of Cardiff. Her words not mine",
        {},
    ),
    ("N", "2027-02-06 19:05:03", "\U0001f602\U0001f602 sounds like Beth", {}),
    (
        "A",
        "2027-02-06 19:07:51",
        "Ooh I\u2019m so excited!! When are we thinking? I\u2019m back in Lyon at Easter so not then please \U0001f64f",
        {},
    ),
    (
        "C",
        "2027-02-06 19:09:30",
        "The wedding\u2019s 21 August so June feels right. She suggested the seaside, she loves Tenby",
        {},
    ),
    ("S", "2027-02-06 19:15:47", "Tenby yes!!! Mam used to take us every summer", {}),
    (
        "J",
        "2027-02-06 19:16:20",
        "I\u2019m in. June is fine for me except the first weekend, I\u2019ve got my sister\u2019s graduation",
        {},
    ),
    ("N", "2027-02-06 19:18:02", "Second weekend? Friday 11 to Sunday 13 June?", {}),
    ("C", "2027-02-06 19:18:44", "Works for me", {"react": [("\U0001f44d", "S")]}),
    ("A", "2027-02-06 19:20:11", "Me too \U0001f389", {}),
    ("S", "2027-02-06 19:22:35", "I\u2019ll have to swap a shift at the surgery but should be ok", {}),
    (
        "C",
        "2027-02-07 20:11:05",
        "Cerys Llewellyn named the group Bethan\u2019s Hen \U0001f942\U0001f451.",
        {},
    ),
    ("C", "2027-02-07 20:12:40", "Cerys Llewellyn changed the group photo.", {}),
    ("J", "2027-02-07 20:13:02", "love the crown", {}),
    ("C", "2027-02-07 20:20:19", "Ok so accommodation. I\u2019ve found three places, have a look", {}),
    (
        "C",
        "2027-02-07 20:21:02",
        "",
        {
            "share": (
                "https://www.westwalescottages.example/property/gwel-y-mor-tenby",
                "Gwel y M\u00f4r, Tenby \u2013 sleeps 8, sea views, 3 bedrooms, hot tub",
            )
        },
    ),
    (
        "C",
        "2027-02-07 20:21:40",
        "",
        {
            "share": (
                "https://www.westwalescottages.example/property/harbour-loft-tenby",
                "Harbour Loft, Tenby \u2013 sleeps 6, town centre, 2 bedrooms",
            )
        },
    ),
    (
        "C",
        "2027-02-07 20:22:15",
        "",
        {
            "share": (
                "https://www.pembrokeshirebreaks.example/stay/the-old-chapel-penally",
                "The Old Chapel, Penally \u2013 sleeps 10, games room",
            )
        },
    ),
    (
        "N",
        "2027-02-07 20:25:33",
        "Gwel y M\u00f4r has a HOT TUB. Decision made \U0001f602",
        {"react": [("\U0001f602", "C"), ("\U0001f602", "J"), ("\u2764", "S")]},
    ),
    ("A", "2027-02-07 20:26:10", "What does it cost for two nights?", {}),
    (
        "C",
        "2027-02-07 20:29:48",
        "\u00a3960 for the Fri and Sat night, plus a \u00a3150 damage deposit they give back",
        {},
    ),
    (
        "S",
        "2027-02-07 20:31:02",
        "So Bethan doesn\u2019t pay obviously, that\u2019s \u00a3192 each between the five of us",
        {"react": [("\U0001f44d", "C"), ("\U0001f44d", "A")]},
    ),
    ("J", "2027-02-07 20:32:16", "That\u2019s fine for a hot tub with a sea view tbh", {}),
    (
        "A",
        "2027-02-07 20:33:40",
        "Harbour Loft is cheaper but only 2 bedrooms, someone would be on the sofa",
        {},
    ),
    ("N", "2027-02-07 20:34:12", "I\u2019m not sleeping on a sofa at 34 \U0001f602", {}),
    (
        "C",
        "2027-02-07 20:36:55",
        "Gwel y M\u00f4r it is then? Thumbs up if yes",
        {"react": [("\U0001f44d", "A"), ("\U0001f44d", "S"), ("\U0001f44d", "N"), ("\U0001f44d", "J")]},
    ),
    (
        "C",
        "2027-02-08 08:14:21",
        "Booked!! Paid the \u00a3300 deposit on my card, balance of \u00a3660 due 11 May",
        {"react": [("\u2764", "A"), ("\u2764", "S"), ("\U0001f389", "N")]},
    ),
    (
        "C",
        "2027-02-08 08:15:02",
        "Can everyone send me \u00a360 now for the deposit and the rest later? Sort code 30-94-57, account 71820346",
        {},
    ),
    ("J", "2027-02-08 08:40:13", "Sent \U0001f44d", {}),
    ("S", "2027-02-08 09:02:51", "Done x", {}),
    ("N", "2027-02-08 12:31:06", "Sent mine, ref HEN NIA", {}),
    ("A", "2027-02-08 18:47:39", "Sorry late, sent now! My bank app put it as \u201cA GIRARD\u201d", {}),
    ("C", "2027-02-08 18:50:00", "All received thanks lovelies \U0001f618", {}),
    ("J", "2027-02-10 21:05:44", "Ok activities! What are we doing on the Saturday?", {}),
    ("N", "2027-02-10 21:07:12", "Paddleboarding? There\u2019s a place on Castle Beach", {}),
    ("S", "2027-02-10 21:08:30", "I can\u2019t swim very well so maybe not \U0001f62c", {}),
    (
        "A",
        "2027-02-10 21:10:02",
        "What about a cocktail masterclass? My cousin did one for her enterrement de vie de jeune fille in Bordeaux and it was so fun",
        {},
    ),
    ("C", "2027-02-10 21:11:15", "Ooh yes. Or the boat trip to Caldey Island?", {}),
    ("J", "2027-02-10 21:12:40", "Let\u2019s do a poll", {}),
    ("J", "2027-02-10 21:13:05", "Jess Whitfield created a poll: Saturday daytime?", {}),
    (
        "J",
        "2027-02-10 21:13:06",
        "Jess Whitfield voted for \u201cBoat trip to Caldey Island\u201d in the poll.",
        {},
    ),
    (
        "N",
        "2027-02-10 21:14:20",
        "Nia Rowlands voted for \u201cPaddleboarding on Castle Beach\u201d in the poll.",
        {},
    ),
    (
        "C",
        "2027-02-10 21:15:41",
        "Cerys Llewellyn voted for \u201cBoat trip to Caldey Island\u201d in the poll.",
        {},
    ),
    (
        "S",
        "2027-02-10 21:20:03",
        "Si\u00e2n Probert voted for \u201cBoat trip to Caldey Island\u201d in the poll.",
        {},
    ),
    (
        "A",
        "2027-02-10 21:26:48",
        "Am\u00e9lie Girard voted for \u201cCocktail masterclass\u201d in the poll.",
        {},
    ),
    (
        "J",
        "2027-02-11 07:30:12",
        "Caldey wins with 3 votes! Cocktails in the evening instead then?",
        {"react": [("\u2764", "A")]},
    ),
    ("A", "2027-02-11 07:45:37", "Oui!! I will find one", {}),
    ("N", "2027-02-11 08:02:19", "Gutted about paddleboarding but fair \U0001f602", {}),
    ("S", "2027-02-11 12:44:50", "Does the Caldey boat run in June? I thought it was only certain days", {}),
    (
        "C",
        "2027-02-11 12:50:31",
        "It runs Monday to Saturday from Easter, not Sundays. Boats every 20 mins from the harbour from 10am, weather permitting",
        {},
    ),
    (
        "C",
        "2027-02-11 12:51:10",
        "",
        {
            "share": (
                "https://www.caldeyboats.example/timetable",
                "Caldey Island Boats \u2013 sailings from Tenby harbour, tickets from the kiosk on Castle Hill",
            )
        },
    ),
    ("S", "2027-02-11 12:53:27", "Perfect", {}),
    (
        "J",
        "2027-02-13 20:18:09",
        "How are we all getting there? I can drive, the Qashqai fits 5 at a push",
        {},
    ),
    (
        "N",
        "2027-02-13 20:20:55",
        "I\u2019ll be coming from Bristol after work Friday so I\u2019ll get the train to Tenby, changes at Swansea",
        {},
    ),
    (
        "S",
        "2027-02-13 20:22:14",
        "Can I come with you Jess? I\u2019m in Carmarthen so you could grab me on the way",
        {},
    ),
    ("J", "2027-02-13 20:23:01", "Course. Cerys and Am\u00e9lie you in too?", {}),
    (
        "C",
        "2027-02-13 20:25:40",
        "I\u2019m bringing Bethan in my car, it\u2019s a surprise where we\u2019re going so I need to drive her",
        {},
    ),
    ("A", "2027-02-13 20:26:02", "I\u2019ll come with you Jess then, merci \U0001f618", {}),
    (
        "J",
        "2027-02-13 20:27:18",
        "Leaving Cardiff 3pm Friday, I\u2019ll pick Am\u00e9lie up at Cardiff Central and Si\u00e2n at Carmarthen about 5",
        {"react": [("\U0001f44d", "S"), ("\U0001f44d", "A")]},
    ),
    (
        "A",
        "2027-02-16 19:55:02",
        "Found the cocktail place! The Rum Shack on Upper Frog Street, they do a 2 hour masterclass with 3 cocktails and nibbles",
        {},
    ),
    (
        "A",
        "2027-02-16 19:55:40",
        "",
        {
            "share": (
                "https://www.therumshacktenby.example/masterclass",
                "Cocktail Masterclass \u2013 The Rum Shack, Tenby. Groups of 6 to 14, \u00a342 per person",
            )
        },
    ),
    ("C", "2027-02-16 19:58:13", "\u00a342 each? That\u2019s not bad at all", {}),
    ("N", "2027-02-16 20:01:45", "Do they do a mocktail version? Just thinking of Si\u00e2n", {}),
    (
        "S",
        "2027-02-16 20:02:30",
        "Aw bless you. I\u2019m fine with a cocktail, it\u2019s the boat I\u2019m worried about not the rum \U0001f602",
        {"react": [("\U0001f602", "N"), ("\U0001f602", "A"), ("\U0001f602", "J")]},
    ),
    (
        "A",
        "2027-02-16 20:05:10",
        "They have 7pm or 8.30pm slots on the Saturday. I would say 7pm and then dinner after?",
        {},
    ),
    ("J", "2027-02-16 20:06:38", "Dinner after 2 hours of cocktails \U0001f480 yes let\u2019s do that", {}),
    ("C", "2027-02-16 20:08:19", "Book the 7pm Am\u00e9lie, we\u2019ll pay the Bethan share between us", {}),
    (
        "A",
        "2027-02-17 10:31:57",
        "Booked 7pm Saturday 12 June for 6 \u2713 I paid \u00a3252, so \u00a350.40 each from the five of us",
        {"react": [("\u2764", "C"), ("\u2764", "J"), ("\U0001f44d", "N")]},
    ),
    ("N", "2027-02-17 10:40:22", "Sending now", {}),
    ("S", "2027-02-17 13:12:45", "Sent Am\u00e9lie x", {}),
    ("J", "2027-02-17 18:30:04", "Sent", {}),
    ("C", "2027-02-17 18:33:21", "Sent too", {}),
    (
        "C",
        "2027-02-19 20:00:00",
        "Quick call tonight to sort the rest? Dinner, the Friday night and the theme \U0001f440",
        {},
    ),
    ("N", "2027-02-19 20:01:13", "Yes I\u2019m free after 9", {}),
    ("C", "2027-02-19 21:02:05", "Cerys Llewellyn started a video chat.", {}),
    ("C", "2027-02-19 21:44:22", "The video chat ended.", {"call": 2537}),
    ("C", "2027-02-19 21:47:10", "Right so what we agreed on the call \U0001f447", {}),
    (
        "C",
        "2027-02-19 21:49:58",
        "1. Friday night: fish and chips on the beach then the hot tub\n2. Saturday: Caldey boat in the morning, cocktails 7pm, dinner at Caf\u00e9 Morlais 9.15pm\n3. Sunday: brunch at the cottage, checkout is 10am \U0001f62d\n4. Theme: 1920s for Saturday night, Bethan gets a flapper dress\n5. Kitty of \u00a340 each for food and drink at the cottage",
        {"react": [("\u2764", "A"), ("\u2764", "S"), ("\u2764", "N"), ("\u2764", "J")]},
    ),
    ("J", "2027-02-19 21:52:31", "Amazing. Who\u2019s holding the kitty?", {}),
    ("S", "2027-02-19 21:53:07", "I will! I\u2019m the only one who can do a spreadsheet \U0001f602", {}),
    ("N", "2027-02-19 21:53:40", "Rude but true", {}),
    (
        "A",
        "2027-02-19 21:55:15",
        "I can bake the cake! A fraisier, it\u2019s Bethan\u2019s favourite from when she visited me",
        {"react": [("\U0001f60d", "C"), ("\U0001f60d", "J")]},
    ),
    (
        "C",
        "2027-02-20 10:11:48",
        "Booked Caf\u00e9 Morlais for 9.15pm on the Saturday, table for 6 under Llewellyn. They want \u00a310 a head deposit which I\u2019ve paid",
        {},
    ),
    (
        "C",
        "2027-02-20 10:12:30",
        "",
        {"photo": [("331908817726541_1093847562019384.jpg", "2027-02-20 10:12:30")]},
    ),
    ("N", "2027-02-20 10:20:19", "That menu \U0001f924 the crab linguine!!", {}),
    ("J", "2027-02-20 10:22:03", "Is the \u00a310 off the bill on the night?", {}),
    (
        "C",
        "2027-02-20 10:24:47",
        "Yes it comes off the final bill, and there\u2019s a \u00a330 a head minimum spend for groups over 5",
        {},
    ),
    (
        "S",
        "2027-02-22 18:05:22",
        "Kitty spreadsheet is live \U0001f4ca \u00a340 each into my Monzo by 1 May please. I\u2019ll do the big shop at the Tesco in Pembroke Dock on the Friday",
        {},
    ),
    (
        "S",
        "2027-02-22 18:05:50",
        "",
        {"share": ("https://docs.sheets.example/d/1qHenKittyTenby2027/edit", "Hen kitty \u2013 Tenby")},
    ),
    ("A", "2027-02-22 18:30:41", "You are a star Si\u00e2n", {}),
    (
        "N",
        "2027-02-22 19:12:08",
        "Does the kitty include the prosecco for the hot tub? Because that\u2019s essential",
        {},
    ),
    (
        "S",
        "2027-02-22 19:14:32",
        "6 bottles of prosecco are on the list, don\u2019t worry \U0001f942",
        {"react": [("\U0001f942", "N"), ("\U0001f602", "C")]},
    ),
    (
        "J",
        "2027-02-24 12:02:40",
        "1920s outfits \u2013 where is everyone getting theirs? I found a sequin headband on Etsy for \u00a38",
        {},
    ),
    ("A", "2027-02-24 12:10:15", "My mum has a real 1920s necklace I can borrow \U0001f62e", {}),
    (
        "N",
        "2027-02-24 12:12:48",
        "I\u2019m going to the charity shops on Queen Street Saturday if anyone wants to come",
        {},
    ),
    (
        "C",
        "2027-02-24 12:20:30",
        "I\u2019ll order Bethan\u2019s dress, I\u2019ve got her size from her mam. Ivory with a fringe obvs",
        {},
    ),
    (
        "C",
        "2027-02-24 12:21:02",
        "",
        {
            "photo": [
                ("331908817726541_1097732615528190.jpg", "2027-02-24 12:21:02"),
                ("331908817726541_1097732615528191.jpg", "2027-02-24 12:21:02"),
            ]
        },
    ),
    ("S", "2027-02-24 12:25:11", "STUNNING", {}),
    ("J", "2027-02-24 12:26:40", "She\u2019s going to cry \U0001f62d", {"react": [("\U0001f62d", "C")]}),
    (
        "N",
        "2027-02-26 21:40:19",
        "Random thought \u2013 should we do a Mr & Mrs quiz? I can ask Dylan the questions secretly",
        {},
    ),
    ("C", "2027-02-26 21:42:02", "YES. Get him to record the answers on video", {}),
    ("A", "2027-02-26 21:43:55", "What is Mr & Mrs? \U0001f605", {}),
    (
        "N",
        "2027-02-26 21:46:30",
        "You ask the groom questions about the bride, then see if she gets his answers right. Every wrong answer she drinks \U0001f602",
        {},
    ),
    ("A", "2027-02-26 21:47:12", "Ahh we have the same in France, I love it", {}),
    ("N", "2027-02-26 21:49:00", "I\u2019ll do 20 questions and send them to Dylan by the end of March", {}),
    (
        "J",
        "2027-03-01 09:15:28",
        "Bad news, I\u2019ve just checked and the Qashqai is booked in for its service on 10 June \U0001f62c should be back by the 11th though",
        {},
    ),
    ("S", "2027-03-01 09:18:03", "Should?? \U0001f602", {}),
    (
        "J",
        "2027-03-01 09:20:47",
        "The garage said it\u2019ll be done same day, it\u2019s only a minor service. If not I\u2019ll hire something",
        {},
    ),
    (
        "C",
        "2027-03-01 09:25:16",
        "No stress, worst case Si\u00e2n and Am\u00e9lie get the train like Nia",
        {},
    ),
    (
        "N",
        "2027-03-02 17:32:10",
        "Just checked trains, Bristol Parkway 14:28 gets into Tenby at 18:41 on Fridays. \u00a347.80 with my railcard",
        {},
    ),
    (
        "C",
        "2027-03-02 17:40:54",
        "I\u2019ll pick you up from Tenby station Nia, it\u2019s 5 mins from the cottage",
        {"react": [("\u2764", "N")]},
    ),
    (
        "A",
        "2027-03-03 20:02:33",
        "I asked the Rum Shack and they can do one drink named after Bethan! What should it be called?",
        {},
    ),
    ("J", "2027-03-03 20:04:10", "The Beth-tini \U0001f602", {}),
    ("S", "2027-03-03 20:04:55", "Bethan\u2019s Bramble", {}),
    ("N", "2027-03-03 20:05:30", "Something with Welsh cakes in it?? \U0001f602", {}),
    (
        "C",
        "2027-03-03 20:06:42",
        "Bethan\u2019s Bramble!! She loves gin and blackberries",
        {"react": [("\U0001f44d", "A"), ("\U0001f44d", "S")]},
    ),
    ("A", "2027-03-03 20:08:01", "Done, I tell them Bethan\u2019s Bramble \u2713", {}),
    (
        "C",
        "2027-03-04 19:30:17",
        "Update on the cottage: the owner says the hot tub is filled fresh for each booking and we get 2 extra towels each for it. Parking is for 2 cars only",
        {},
    ),
    ("J", "2027-03-04 19:33:40", "Only 2 cars is fine, we only have 2", {}),
    ("C", "2027-03-04 19:35:02", "And the key safe code comes 48 hours before, I\u2019ll share it here", {}),
    ("N", "2027-03-04 19:40:28", "Can we bring Bethan\u2019s dog? \U0001f436", {}),
    ("C", "2027-03-04 19:42:15", "No pets allowed unfortunately, Dylan\u2019s keeping Mabli", {}),
    (
        "S",
        "2027-03-05 08:04:50",
        "Reminder: kitty \u00a340 by 1 May, 3 of you have paid already \U0001f618",
        {},
    ),
    ("A", "2027-03-05 08:30:11", "Oups, sending now", {}),
    ("J", "2027-03-05 08:45:02", "Done \u2713", {}),
    (
        "C",
        "2027-03-06 11:20:44",
        "One more thing, Bethan\u2019s mam wants to come for the Saturday dinner. I said yes, hope that\u2019s ok? She\u2019ll pay her own way",
        {},
    ),
    ("S", "2027-03-06 11:22:01", "Of course! Lovely \u2764", {}),
    ("N", "2027-03-06 11:23:39", "Yes!! Eirlys is a legend", {"react": [("\u2764", "C")]}),
    ("A", "2027-03-06 11:25:10", "Bien s\u00fbr", {}),
    (
        "C",
        "2027-03-06 11:31:26",
        "I\u2019ve moved the Caf\u00e9 Morlais booking to 7 people then, same time",
        {},
    ),
]

# --- the Roam Research graph ------------------------------------------------------------------------------------------
# Morwenna Tait keeps notes on her allotment (plot 9 at Hollybush Lane allotments, Ludlow) in Roam. An outline: "= "
# starts a page, "- " a block, two spaces a level; a block may start with "{h1}".."{h3}" (a heading), "{c}" (centred)
# or "{u:XXXXXXXXX}" (its uid, for a block reference).

ROAM_NAME = "morwenna-allotment.json"
ROAM_EMAIL = "morwenna.tait@fastmail.example"
ROAM_START = "2027-01-30 20:10:00"

ROAM = """\
= Allotment
- {h1}Plot 9, Hollybush Lane
- plot:: 9 (half plot, 125 square metres)
- rent:: \u00a338 a year, due every 1 October to the association treasurer
- key:: padlock code for the main gate is on the back of my shed door, not written here
- {h2}Beds
  - Bed A: [[Potatoes]] this year (was brassicas)
  - Bed B: [[Broad beans]] then leeks
  - Bed C: [[Tomatoes]] in the polytunnel
  - Bed D: [[Garlic]] and onions
  - Bed E: roots (carrots, parsnips, beetroot)
  - Bed F: [[Brassicas]] under netting
- {h2}Rotation
  - Four-year rotation: potatoes \u2192 legumes \u2192 alliums and roots \u2192 brassicas
  - {u:rT7qLm2Xa}Never follow potatoes with tomatoes, same family (Solanaceae), blight carries over
  - Rhubarb and the fruit cage stay put
- {h2}Neighbours
  - Plot 8: [[Dennis Arkwright]] \u2013 onions for the show, very serious
  - Plot 10: Joy and Kemal \u2013 share a water butt with me
  - Plot 11 is vacant since January
= Tomatoes
- type:: [[Crop]]
- bed:: C (polytunnel)
- varieties:: [[Sungold]], [[Black Krim]], [[Gardener's Delight]]
- {h2}Sowing
  - Sow indoors on the windowsill mid-March at 21\u00b0C, heated propagator
  - Pot on when the first true leaves show
  - Plant into the polytunnel when the night temperature stays above 10\u00b0C, usually early May here
- {h2}Feeding
  - Comfrey tea once the first truss sets, every 10 days
    - Comfrey bed is behind the compost bays
    - Ratio:: 1 part tea to 10 parts water
  - ^^Stop feeding late August^^ so the last fruit ripens
- {h2}Problems
  - 2026 lost the Black Krim to blight in the outdoor bed, only the tunnel ones survived
  - {{[[TODO]]}} Buy a max/min thermometer for the tunnel
  - See ((rT7qLm2Xa))
= Garlic
- type:: [[Crop]]
- bed:: D
- variety:: [[Red Duke]] hardneck and [[Solent Wight]] softneck
- Planted 4 November 2026, 60 cloves, 15cm apart, rows 30cm
- Needs a cold spell below 10\u00b0C for at least a month to split into cloves
- {{[[DONE]]}} Weed between rows [[February 27th, 2027]]
- Harvest when the lower third of the leaves has gone yellow, usually early July
- {h3}Rust
  - Orange spots on leaves in 2025. Don't put infected leaves in the compost, burn them
  - #[[pest and disease]]
= Broad beans
- type:: [[Crop]]
- bed:: B
- variety:: [[Aquadulce Claudia]]
- Autumn sowing failed \u2013 mice took half the seeds in November
- {u:Kp3dWv9Ze}Re-sow in root trainers in the cold frame, 48 seeds, then plant out in March
- Pinch out the tips once the first pods set, gets rid of blackfly #[[pest and disease]]
- Follow with leeks in July, beans fix nitrogen
= Potatoes
- type:: [[Crop]]
- bed:: A
- {h2}Varieties
  - First early: [[Charlotte]] \u2013 10 tubers
  - Second early: [[Kestrel]] \u2013 10 tubers
  - Maincrop: [[Sarpo Mira]] \u2013 20 tubers, chosen because it resists blight
- {h2}Chitting
  - Seed potatoes in egg boxes on the spare room windowsill from 6 February
  - Plant when the chits are 2cm long
- {h2}Planting
  - Earlies go in around Good Friday, maincrop two weeks later
  - Trench 15cm deep, 30cm between tubers, 60cm between rows for earlies and 75cm for maincrop
  - Earth up when the shoots are 20cm tall, leave the tips showing
= Brassicas
- type:: [[Crop]]
- bed:: F
- Kale [[Cavolo Nero]], purple sprouting broccoli, red cabbage
- Netting is essential, pigeons stripped everything in 2025
  - Net mesh:: 7mm so cabbage whites can't get through either
- Firm the soil well before planting, brassicas like it compacted
- Lime the bed if pH drops under 6.5 \u2013 clubroot #[[pest and disease]]
= Seed order 2027
- supplier:: [[Marches Seeds]]
- order number:: MS-40718
- total:: \u00a346.35 including \u00a33.95 postage
- {h2}Ordered
  - {{[[DONE]]}} Sungold F1 \u2013 \u00a34.25
  - {{[[DONE]]}} Black Krim \u2013 \u00a32.95
  - {{[[DONE]]}} Cavolo Nero \u2013 \u00a32.10
  - {{[[DONE]]}} Parsnip Tender and True \u2013 \u00a32.50
  - {{[[DONE]]}} Carrot Flyaway F1 \u2013 \u00a33.40
  - {{[[DONE]]}} Seed potatoes (Charlotte, Kestrel, Sarpo Mira) \u2013 \u00a321.60
  - {{[[DONE]]}} Beetroot Boltardy \u2013 \u00a31.95
  - {{[[DONE]]}} Sweet pea Matucana \u2013 \u00a33.65
- {h2}Still to get
  - {{[[TODO]]}} Leek Musselburgh \u2013 swap with Joy instead of buying
  - {{[[TODO]]}} Onion sets Sturon from the association shop, they're 80p a bag
- Arrived [[February 27th, 2027]], all in order except the Gardener's Delight was out of stock, refunded
= Compost
- {h2}Bays
  - Three pallet bays behind the shed: filling, cooking, ready
  - Turn the cooking bay once a month, more in summer
- {h2}What goes in
  - Greens: grass cuttings, veg peelings, comfrey, coffee grounds from the caf\u00e9 in town
  - Browns: cardboard, straw, autumn leaves
  - Aim for about half and half by volume
  - Never: cooked food, diseased plants, perennial weed roots (bindweed, couch grass)
- {h2}Leaf mould
  - Separate chicken-wire cage for leaves, takes two years
- Last emptied the ready bay on [[March 6th, 2027]] onto Bed A
= Pest and disease
- Slugs: beer traps and nightly torch patrols in wet weather, no pellets, the hedgehogs
  - Copper tape on the raised beds didn't help much
- Blight: see [[Tomatoes]] and [[Potatoes]]
- Carrot fly: Flyaway variety and fleece, sow thinly so you don't thin and release the smell
- Clubroot: see [[Brassicas]]
- Rust: see [[Garlic]]
= Water butts
- Four butts: two on the shed gutter, one on the polytunnel, one shared with plot 10
- {u:Wb8xNc4Ta}The shared butt empties in July every year \u2013 agreed with Kemal we each fill it from the trough on alternate weeks
- Mains trough tap is switched off from 31 October to 1 April
= Committee
- {h2}AGM 2027
  - date:: [[March 20th, 2027]]
  - place:: the pavilion at Hollybush Lane, 10.30am
  - Rents going up from \u00a334 to \u00a338 \u2013 agreed by show of hands
  - New rule: every plot must have at least 75% under cultivation by 1 June or gets a warning letter
  - Skip arriving 3 April for clear-out weekend, no tyres or carpets
- {h2}Jobs I volunteered for
  - {{[[TODO]]}} Run the seed swap table at the open day
  - {{[[DONE]]}} Paint the pavilion noticeboard
- treasurer:: [[Pat Greaves]]
- chair:: [[Dennis Arkwright]]
= Dennis Arkwright
- Plot 8, chair of the association since 2021
- Grows show onions \u2013 won the Ludlow show in 2026 with a 2.1kg Kelsae
- Lends out his rotavator if you ask nicely
= Sweet peas
- type:: [[Crop]]
- variety:: [[Matucana]]
- Sown in root trainers on [[February 27th, 2027]], 24 seeds, soaked overnight first
- Pinch out above the third pair of leaves
- Wigwam by the gate, eight canes
- Pick every other day or they stop flowering
= Rhubarb
- Two crowns: [[Timperley Early]] and [[Victoria]]
- Force the Timperley with the upturned dustbin from January
- Don't pick in the first year after dividing
- Last pick date:: end of June, leave the rest to feed the crown
= Tools
- Shed inventory
  - Spades: one border, one full size
  - Forks: one
  - Hoe: Dutch hoe, sharpened every spring
  - Loppers lent to Joy on [[March 13th, 2027]]
- Sharpen and oil everything at the end of October
= February 27th, 2027
- At the plot 9.30 till 1
- {{[[DONE]]}} Weeded the [[Garlic]] \u2013 still looks healthy, no rust yet
- {{[[DONE]]}} Sowed [[Sweet peas]]
- Seeds arrived from [[Marches Seeds]], see [[Seed order 2027]]
- Robin followed me round all morning
= March 3rd, 2027
- Rain all day, stayed in
- {{[[DONE]]}} Chitting check on the [[Potatoes]] \u2013 Charlotte chits about 1cm
- Re-read ((Kp3dWv9Ze)) \u2013 going to do it this weekend
- Ordered a polytunnel repair tape, \u00a36.99
= March 6th, 2027
- At the plot 10 till 4 with Ifan
- {{[[DONE]]}} Sowed the [[Broad beans]] in root trainers, 48, in the cold frame
- {{[[DONE]]}} Emptied the ready [[Compost]] bay onto bed A
- Patched the tear in the polytunnel cover with the repair tape
- Ifan found a slow worm under the compost bay lid #wildlife
= March 13th, 2027
- {{[[DONE]]}} Lent loppers to Joy
- Soil temperature 7\u00b0C at 10cm at 11am
- {{[[TODO]]}} Sow [[Tomatoes]] next weekend
- #wildlife first frogspawn in the dipping pond
= March 20th, 2027
- {h2}AGM notes
  - See [[Committee]]
  - Dennis re-elected chair, unopposed
  - Pat Greaves wants everyone's email for the newsletter
- {{[[DONE]]}} Sowed [[Tomatoes]]: 6 Sungold, 6 Black Krim, in the heated propagator
- {{[[TODO]]}} Ask Joy about swapping leek seed for my spare Cavolo Nero
= March 21st, 2027
- Windy, pulled the polytunnel door shut
- See ((Wb8xNc4Ta)) \u2013 told Kemal I'll take the first week this year
- {{[[TODO]]}} Earth up the first earlies when they show
"""

# --- Google Tasks -----------------------------------------------------------------------------------------------------
# Imogen Fairclough, an architect in Leeds, keeps her tasks in Google Tasks. A list starts "== title | updated"; a task
# "- [ ] title" or "- [x YYYY-MM-DD HH:MM] title", then optional " ;; due YYYY-MM-DD", " ;; note ...", " ;; mail
# description" (a task made from a Gmail message) and " ;; at YYYY-MM-DD HH:MM" (its last update); two spaces before
# "- " make it a subtask of the task above.

TASKS_EXPORTED = "2027-03-22 07:15:00"

TASKS = """\
== My Tasks | 2027-03-21 19:40
- [ ] Renew passport ;; due 2027-04-30 ;; note Expires 14 August. Need new photo \u2013 Snappy Snaps on Briggate does the digital code for \u00a314.99 ;; at 2027-03-02 08:15
- [x 2027-03-09 12:30] Book boiler service ;; due 2027-03-15 ;; note Yorkshire Heat & Gas, annual service \u00a389. Engineer coming 18 March, morning slot ;; at 2027-03-09 12:30
- [ ] Dentist check-up ;; due 2027-04-08 ;; note Dr Okafor, Headingley Dental, 4.10pm ;; at 2027-02-27 10:05
- [ ] Council tax \u2013 check new band letter ;; at 2027-03-05 18:22
- [x 2027-02-28 09:00] Cancel Now TV after the Six Nations ;; at 2027-02-28 09:00
- [ ] Return the jacket to Zara ;; due 2027-03-24 ;; note 30 days from 22 Feb, receipt in the kitchen drawer ;; at 2027-03-01 20:14
- [ ] Mum's 65th birthday ;; due 2027-04-17 ;; at 2027-03-14 21:02
  - [x 2027-03-14 21:00] Book table at Salvo's ;; note Table for 8 at 7pm, under Fairclough ;; at 2027-03-14 21:00
  - [ ] Order the photo book ;; note Use the pictures from Whitby 2019 and the Lakes 2024 ;; at 2027-03-14 21:01
  - [ ] Card and flowers ;; at 2027-03-14 21:02
- [ ] Car insurance renewal ;; due 2027-04-02 ;; note Renewal quote \u00a3612 from Direct Line vs \u00a3548 last year \u2013 phone them and haggle ;; at 2027-03-10 19:33
- [ ] Gym \u2013 freeze membership for April ;; at 2027-03-18 07:40
- [x 2027-03-20 15:30] Give blood ;; due 2027-03-20 ;; note Leeds Donor Centre, Bond Court ;; at 2027-03-20 15:30
== Harrow & Tern \u2013 work | 2027-03-21 17:55
- [ ] Ashgrove Road extension \u2013 planning drawings ;; due 2027-03-26 ;; note Client: Mr and Mrs Bhatti. Rear single-storey, flat roof with lantern. Planning portal ref to follow ;; at 2027-03-19 16:45
  - [x 2027-03-12 17:20] Measured survey ;; at 2027-03-12 17:20
  - [x 2027-03-17 11:05] Existing plans and elevations ;; at 2027-03-17 11:05
  - [ ] Proposed elevations ;; at 2027-03-19 16:45
  - [ ] Site location plan from the Ordnance Survey supplier ;; at 2027-03-19 16:40
- [ ] Reply to building control about the Chapel Allerton loft ;; mail Re: Loft conversion, 22 Allerton Grove \u2013 fire door query ;; due 2027-03-23 ;; note They want FD30 doors to all habitable rooms off the new stair, check with the joiner ;; at 2027-03-19 09:12
- [x 2027-03-15 10:00] Fee proposal for the Kirkstall caf\u00e9 fit-out ;; note Sent at \u00a34,800 + VAT for stages 1 to 4 ;; at 2027-03-15 10:00
- [ ] Timesheets ;; due 2027-03-26 ;; note Every other Friday by 5pm to Gemma ;; at 2027-03-12 16:55
- [ ] CPD \u2013 RIBA fire safety webinar ;; due 2027-04-07 ;; note 12.30\u20131.30, counts as 1 hour of core CPD ;; at 2027-03-03 13:10
- [ ] Order samples ;; at 2027-03-18 14:20
  - [ ] Brick \u2013 Ibstock Cheddar Red Multi ;; at 2027-03-18 14:20
  - [x 2027-03-19 10:02] Zinc \u2013 VMZinc Quartz ;; at 2027-03-19 10:02
  - [ ] Roof lantern brochure ;; at 2027-03-18 14:21
- [x 2027-03-08 18:10] Renew ARB registration ;; note Paid \u00a3119, receipt saved in Drive ;; at 2027-03-08 18:10
- [ ] Site visit Otley barn ;; due 2027-03-30 ;; note Meet Rob the structural engineer there at 9am. Wellies! ;; at 2027-03-16 08:30
== St Aidan's PTA | 2027-03-20 21:16
- [ ] Spring fair \u2013 Saturday 15 May ;; due 2027-05-15 ;; note 11am to 2pm on the school field. Rain plan: the hall ;; at 2027-03-20 21:16
  - [x 2027-03-04 20:30] Book the bouncy castle ;; note Bounce Leeds, \u00a3180, deposit \u00a350 paid ;; at 2027-03-04 20:30
  - [ ] Ask local businesses for raffle prizes ;; note Try the bike shop, the florist and Headingley cricket ground ;; at 2027-03-20 21:10
  - [ ] Cake stall rota ;; at 2027-03-20 21:12
  - [ ] Print posters ;; due 2027-04-23 ;; at 2027-03-20 21:16
- [x 2027-02-25 22:05] Minutes of the February meeting ;; note Sent to Mrs Haworth for the newsletter ;; at 2027-02-25 22:05
- [ ] Uniform swap \u2013 sort the donations box ;; due 2027-03-29 ;; at 2027-03-11 19:20
- [ ] Quiz night float ;; note Collect \u00a3100 in change from the bank, treasurer is Owen ;; due 2027-04-09 ;; at 2027-03-11 19:22
- [ ] Reply to Mr Dunn about the Year 4 trip subsidy ;; mail Year 4 trip to Eureka \u2013 can the PTA help? ;; note He's asking for \u00a3400 towards the coach ;; at 2027-03-17 08:05
- [x 2027-03-19 16:00] Easter egg hunt \u2013 buy the eggs ;; note 220 mini eggs from Costco, \u00a337 ;; at 2027-03-19 16:00
== Wedding \u2013 4 Sept | 2027-03-21 19:31
- [x 2027-01-15 19:00] Book venue ;; note Hazlewood Castle, Saturday 4 September 2027. \u00a34,500 deposit paid ;; at 2027-01-15 19:00
- [ ] Photographer ;; due 2027-03-31 ;; at 2027-03-21 19:31
  - [x 2027-03-06 11:00] Meet Lucy Hart Photography ;; note Lovely, natural style. \u00a31,850 for the full day ;; at 2027-03-06 11:00
  - [x 2027-03-13 14:30] Meet Northern Light Weddings ;; note \u00a32,200, includes an album ;; at 2027-03-13 14:30
  - [ ] Decide and pay the deposit ;; due 2027-03-31 ;; at 2027-03-21 19:31
- [ ] Dress fittings ;; at 2027-03-10 18:05
  - [x 2027-02-20 10:00] First fitting ;; at 2027-02-20 10:00
  - [ ] Second fitting ;; due 2027-06-12 ;; note Bring the shoes ;; at 2027-03-10 18:05
  - [ ] Final fitting ;; due 2027-08-14 ;; at 2027-03-10 18:05
- [ ] Send save the dates ;; due 2027-03-28 ;; note 96 guests. Order from the printer on Call Lane, Jonah is doing the addresses ;; at 2027-03-18 20:40
- [ ] Cake tasting ;; due 2027-04-10 ;; note Crumbs & Doilies, Harrogate, 2pm ;; at 2027-03-02 20:01
- [ ] Ask Esme to be a bridesmaid ;; at 2027-02-14 09:30
- [x 2027-03-01 21:15] Give notice at the register office ;; note Done at Leeds Register Office, both of us, \u00a342 each ;; at 2027-03-01 21:15
- [ ] Band or DJ? ;; note Jonah wants a ceilidh band, I want a DJ after 10pm. Compromise? ;; at 2027-03-21 19:20
== Car & house admin | 2027-03-18 19:10
- [ ] MOT for the Yaris ;; due 2027-05-19 ;; note Registration YK19 TFX. Book at Kwik Fit Kirkstall ;; at 2027-03-18 19:10
- [ ] Gutters cleared ;; note Man with the ladder: Darren, left a card in the letterbox ;; at 2027-03-03 18:30
- [x 2027-02-19 09:40] Meter reading for Octopus ;; note Electric 28419, gas 07732 ;; at 2027-02-19 09:40
- [ ] Fix the bathroom extractor fan ;; at 2027-03-07 11:00
  - [ ] Buy a new 100mm fan with a timer ;; at 2027-03-07 11:00
  - [ ] Ask Dad to wire it in ;; at 2027-03-07 11:00
- [ ] Home insurance \u2013 add the engagement ring ;; due 2027-04-01 ;; note Valued at \u00a33,250 on the certificate ;; at 2027-03-02 19:45
- [x 2027-03-11 08:20] TV licence ;; note Paid by direct debit now ;; at 2027-03-11 08:20
"""
