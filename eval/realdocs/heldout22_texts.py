"""The text of the realdocs ``heldout22`` part's private documents, as ``make_heldout22.py`` writes them: a cycling
club's group chat as Telegram Desktop exports it to JSON, a potter's notes as Joplin exports them to a "RAW - Joplin
Export Directory", and a phone's text messages as the Android app SMS Backup & Restore saves them to XML. Fixed text
only; every person, firm, place, number and address is invented (phone numbers from Ofcom's drama ranges, web and
mail addresses under example.com and example.org)."""

from __future__ import annotations

# --- the Telegram chat -----------------------------------------------------------------------------------------------
# A basic group ("private_group") exported by Telegram Desktop (Settings > Export chat history, format JSON, media
# left out) on 7 April 2027 into ChatExport_2027-04-07/result.json. Dates are written as the exporting computer's
# local time (Europe/London: GMT, then BST from 01:00 UTC on Sunday 28 March 2027) and date_unixtime as UTC seconds.
# A basic group's message ids are the exporting account's, so they jump (other chats' messages come between).

CHAT_FOLDER = "ChatExport_2027-04-07"
CHAT_NAME = "Fernbridge Wheelers \u2013 Sunday Social"
CHAT_ID = 903417265
FIRST_MESSAGE_ID = 148213

# who is who: the name the exporting account shows, and the user id
PEOPLE = {
    "nadia": ("Nadia Okafor", 5120348817),
    "dan": ("Dan Whitlock", 1894402317),
    "priya": ("Priya Raman", 6031158842),  # the account that exported the chat
    "tom": ("Tom Gallagher", 922873650),
    "helen": ("Helen Marsh", 5577201394),
    "chris": ("Chris Ebdon", 1402938471),
    "mark": ("Mark Fenwick", 488210937),
    "sue": ("Sue Latham", 6688214095),
    "aisha": ("Aisha Begum", 7012456638),
}

NOT_INCLUDED = "(File not included. Change data exporting settings to download.)"

# Each message: (local date and time, who, text, extras). A text is a string, or a list whose items are plain strings
# and entities: ("bold", text), ("italic", text), ("link", url), ("text_link", text, href), ("mention", "@name"),
# ("phone", number), ("email", address), ("hashtag", "#tag"). Extras name what else the message has: "key" (a name
# other messages' "reply" and "pin" use), "reply" (the key of the message it answers), "edited" (local time),
# "photo" (size in bytes, width, height), "file" (name, size in bytes, mime type), "forwarded" (the name of the
# channel it was forwarded from), "poll", or "action" for a service message.
RIDE_RULES = [
    ("bold", "Sunday Social \u2013 how it works"),
    "\n\n\u2022 Meet 8:45 at the bandstand in Victoria Park, we roll out at 9:00 sharp.\n"
    "\u2022 No-drop ride: 14\u201316 mph on the flat. We regroup at the top of every climb and at every junction "
    "where the route turns.\n"
    "\u2022 30\u201345 miles, with a caf\u00e9 stop about two thirds of the way round.\n"
    "\u2022 Mudguards please from October to the end of March \u2013 whoever is behind you will thank you.\n"
    "\u2022 Bring two inner tubes, tyre levers, a pump or CO2, a card or cash for the caf\u00e9 and a charged phone.\n"
    "\u2022 Lights front and rear until the clocks go forward.\n"
    "\u2022 If it's below 2 \u00b0C at 7am or ice is forecast, the ride is off. I'll post here by 7:30 either way.\n"
    "\u2022 Non-members are welcome for 3 rides, then we ask you to join the club (\u00a320 a year, affiliated to "
    "British Cycling).",
]

KIT_ORDER = [
    ("bold", "Club kit order 2027"),
    " \U0001f9f5\nShort-sleeve jersey \u00a348, long-sleeve jersey \u00a356\nBib shorts \u00a362\nGilet \u00a340\n"
    "Winter jacket \u00a385\n\nThe sizes come up small, most people go one size up. There's a sizing sample pack at "
    "the Bike Shed on Mill Street until 3 March.\nPay by bank transfer with the reference KIT + your surname, then "
    "fill in the form: ",
    ("link", "https://forms.example.com/fw-kit-2027"),
    "\nOrders close Friday 5 March. Delivery is roughly 6 weeks after that.",
]

MESSAGES = [
    (
        "2027-02-18 19:02:11",
        "nadia",
        "",
        {
            "action": (
                "create_group",
                CHAT_NAME,
                ["nadia", "dan", "priya", "tom", "helen", "chris", "mark", "sue"],
            )
        },
    ),
    (
        "2027-02-18 19:04:36",
        "nadia",
        "Hi all \U0001f44b New group just for the Sunday social rides, so the main club "
        "chat doesn't get swamped with who's-coming messages. I'll pin the ride rules in a minute.",
        {},
    ),
    ("2027-02-18 19:15:02", "nadia", RIDE_RULES, {"key": "rules", "edited": "2027-02-18 19:17:45"}),
    ("2027-02-18 19:15:40", "nadia", "", {"action": ("pin_message", "rules")}),
    (
        "2027-02-18 19:21:17",
        "dan",
        "Brilliant, thanks Nadia. Are we still doing the reservoir loop on Sunday?",
        {"key": "reservoir"},
    ),
    (
        "2027-02-18 19:24:50",
        "nadia",
        [
            "Yes \u2013 Sunday 21 Feb is the Hollin Reservoir loop, 36 miles, caf\u00e9 "
            "at the Boathouse. Route: ",
            ("link", "https://routes.example.org/r/2107-hollin-reservoir"),
        ],
        {"reply": "reservoir"},
    ),
    ("2027-02-18 19:30:03", "tom", "Can I come on my hybrid? Haven't got a road bike yet", {"key": "hybrid"}),
    (
        "2027-02-18 19:33:29",
        "nadia",
        "Of course, lots of us started on hybrids. Just pump the tyres up properly, "
        "that makes more difference than the bike.",
        {"reply": "hybrid"},
    ),
    ("2027-02-18 19:41:55", "helen", "Club kit orders open next week, details to follow \U0001f455", {}),
    ("2027-02-18 20:02:10", "sue", "\U0001f44d", {}),
    (
        "2027-02-20 17:45:12",
        "nadia",
        "Forecast for tomorrow looks OK: 6 \u00b0C at 9, dry, westerly 15 mph, so "
        "it'll be a slog out to the reservoir and a tailwind home.",
        {},
    ),
    ("2027-02-20 18:10:40", "mark", "I'm in", {}),
    ("2027-02-20 18:12:03", "chris", "In. Will have the new wheels on \U0001f60e", {}),
    (
        "2027-02-20 20:31:55",
        "priya",
        "Count me in, first ride since the knee op so I'll be at the back",
        {"key": "knee"},
    ),
    ("2027-02-20 20:35:20", "nadia", "Welcome back! I'll sweep, we'll go at your pace", {"reply": "knee"}),
    (
        "2027-02-21 07:22:08",
        "nadia",
        "Ride is ON. 3 \u00b0C now and the roads are dry. See you at 8:45 \u2600\ufe0f",
        {},
    ),
    ("2027-02-21 08:51:33", "tom", "Running 5 mins late, sorry!! Coming down Station Road now", {}),
    (
        "2027-02-21 13:14:20",
        "nadia",
        "Thanks all \u2013 8 of us today, 36.4 miles at 15.1 mph. Tom did brilliantly "
        "on the hybrid \U0001f44f",
        {"key": "feb21"},
    ),
    (
        "2027-02-21 13:20:47",
        "tom",
        "My legs have stopped working but that was great. Same time next week?",
        {"reply": "feb21"},
    ),
    ("2027-02-21 13:40:02", "dan", "Boathouse scones > everything", {"photo": (148533, 1280, 960)}),
    (
        "2027-02-21 15:05:31",
        "chris",
        "Anyone else's rear mech making a racket after all that grit? Mine's skipping "
        "in the 15 and 17 sprockets",
        {"key": "skip"},
    ),
    (
        "2027-02-21 15:22:48",
        "mark",
        "Probably the new cable stretching. Give the barrel adjuster where the cable "
        "goes into the rear mech a quarter turn anticlockwise, shift up and down the block, and repeat until it "
        "stops skipping. If that doesn't sort it, the hanger might be bent.",
        {"key": "barrel", "reply": "skip"},
    ),
    ("2027-02-21 15:30:10", "chris", "Quarter turn did it. Cheers Mark \U0001f37a", {"reply": "barrel"}),
    ("2027-02-23 12:10:55", "helen", KIT_ORDER, {"key": "kit", "edited": "2027-02-23 12:24:31"}),
    (
        "2027-02-23 12:31:40",
        "sue",
        "Is the gilet windproof or just a thin one?",
        {"key": "gilet", "reply": "kit"},
    ),
    (
        "2027-02-23 12:45:09",
        "helen",
        "Windproof front, mesh back. Packs into a jersey pocket.",
        {"reply": "gilet"},
    ),
    ("2027-02-23 19:02:33", "tom", "Do I have to be a member to order kit?", {"key": "member"}),
    (
        "2027-02-23 19:10:14",
        "helen",
        "Yes, kit is members only \u2013 join first, then order. The bank details are "
        "in the pinned post in the main club group.",
        {"reply": "member"},
    ),
    (
        "2027-02-25 21:05:47",
        "nadia",
        [
            "Sunday 28 Feb: Clee Bottom and the three villages. 41 miles, 560 m of "
            "climbing, caf\u00e9 at the Old Forge in Linby. A bit hillier than last week. ",
            ("link", "https://routes.example.org/r/2114-clee-bottom"),
        ],
        {"key": "clee"},
    ),
    ("2027-02-25 21:06:20", "nadia", "", {"file": ("clee-bottom-41mi.gpx", 184320, "application/gpx+xml")}),
    (
        "2027-02-25 21:09:02",
        "dan",
        "Is that the one with the 14% bit after the church?",
        {"key": "steep", "reply": "clee"},
    ),
    (
        "2027-02-25 21:12:26",
        "nadia",
        "That's the one \U0001f605 It's only 400 m long. Walk it if you need to, nobody cares",
        {"reply": "steep"},
    ),
    ("2027-02-27 18:20:19", "priya", "Knee's feeling good, I'm in for tomorrow", {}),
    ("2027-02-27 18:44:08", "mark", "Out tomorrow but on the fixed, so I'll turn back at Linby", {}),
    (
        "2027-02-28 07:28:40",
        "nadia",
        "Ride is ON. Bit of frost on the cars but the roads are gritted and it's "
        "3 \u00b0C. Careful on the lane down to Clee Bottom, it's always greasy.",
        {},
    ),
    (
        "2027-02-28 09:02:12",
        "sue",
        "Flat tyre in the car park \U0001f644 go without me, I'll catch you at the caf\u00e9",
        {},
    ),
    (
        "2027-02-28 13:35:55",
        "nadia",
        "41.2 miles, 14.6 mph, 9 riders. Sue did the whole route on her own after her "
        "puncture and still beat us to the Old Forge \U0001f602",
        {},
    ),
    (
        "2027-02-28 13:52:10",
        "dan",
        "Old Forge bacon rolls have gone up to \u00a36.50 \U0001f631",
        {"key": "rolls"},
    ),
    ("2027-02-28 14:06:31", "chris", "Still cheaper than a new chain", {"reply": "rolls"}),
    (
        "2027-03-02 10:15:40",
        "nadia",
        "ROAD CLOSURE: Linby Lane, between the B4410 junction and Linby church, will "
        "be closed from Monday 8 March to Friday 19 March 2027, 24 hours a day including the weekend of 13\u201314 "
        "March, for resurfacing. Access for residents only. Signed diversion via the B4410 and Hatherley Road.",
        {"key": "closure", "forwarded": "Fernbridge Council Highways"},
    ),
    (
        "2027-03-02 10:17:05",
        "nadia",
        "That kills our usual way back from Linby on the 14th. I'll reroute.",
        {"reply": "closure"},
    ),
    (
        "2027-03-03 20:02:40",
        "nadia",
        "",
        {
            "key": "poll",
            "poll": (
                "Caf\u00e9 for Sunday 7 March?",
                True,
                [
                    ("Mill Pond Caf\u00e9, Corfe Abbas (34 mi)", 6, True),
                    ("Old Forge, Linby again (29 mi)", 4, False),
                    ("Boathouse at Hollin (36 mi)", 2, False),
                ],
            ),
        },
    ),
    ("2027-03-03 20:04:11", "chris", "Voted. Mill Pond do the best flapjack", {}),
    ("2027-03-03 21:30:58", "helen", "Kit order: 14 orders in so far. Reminder it closes on Friday!", {}),
    (
        "2027-03-05 08:55:20",
        "helen",
        "Last day for kit orders \u2013 the form shuts at midnight tonight.",
        {},
    ),
    (
        "2027-03-05 22:14:37",
        "helen",
        "Kit order is closed: 19 orders, 57 items. Sent to Kitworks today, they say delivery w/c 19 April.",
        {"key": "kitclosed"},
    ),
    (
        "2027-03-06 09:12:03",
        "nadia",
        [
            "Poll's closed \u2013 Mill Pond it is. Sunday 7 March: out over Hatherley "
            "Hill, Corfe Abbas for the caf\u00e9, back along the canal towpath (2 miles of hard-packed gravel, fine for "
            "road tyres). 34 miles. ",
            ("link", "https://routes.example.org/r/2121-corfe-abbas"),
        ],
        {"key": "corfe"},
    ),
    (
        "2027-03-06 09:40:25",
        "tom",
        "Will my 28mm tyres be OK on the towpath?",
        {"key": "tyres", "reply": "corfe"},
    ),
    (
        "2027-03-06 09:48:50",
        "nadia",
        "Yep, 28s are plenty. 25s would be fine really. Just keep your speed down "
        "under the bridges, it's narrow and there are walkers.",
        {"reply": "tyres"},
    ),
    ("2027-03-06 19:30:05", "nadia", "", {"action": ("invite_members", ["aisha"])}),
    (
        "2027-03-06 19:31:40",
        "nadia",
        "Welcome Aisha! Aisha's just moved here from Leeds and did the Dales on a "
        "tandem last year, so she'll be fine \U0001f604",
        {},
    ),
    (
        "2027-03-06 19:45:12",
        "aisha",
        "Hi everyone! Looking forward to tomorrow. Is there parking near the bandstand?",
        {"key": "parking"},
    ),
    (
        "2027-03-06 19:50:33",
        "dan",
        "Free parking on Park Terrace before 10am on Sundays, or the leisure centre car "
        "park is \u00a32 all day",
        {"reply": "parking"},
    ),
    (
        "2027-03-07 07:25:19",
        "nadia",
        "ON! 5 \u00b0C and dry. The towpath might be a bit soft after Thursday's rain.",
        {},
    ),
    (
        "2027-03-07 13:48:02",
        "nadia",
        "34.3 miles, 15.4 mph, 11 riders \u2013 biggest turnout yet! Thanks to Aisha "
        "for pulling us along the canal.",
        {},
    ),
    (
        "2027-03-07 14:02:40",
        "aisha",
        "Lovely route, thank you all. I think I left my buff at the Mill Pond \u2013 "
        "grey with a fox on it. If anyone goes back that way\u2026",
        {"key": "buff"},
    ),
    ("2027-03-07 14:20:09", "sue", "I pass there on Tuesdays, I'll ask them", {"reply": "buff"}),
    (
        "2027-03-09 11:42:16",
        "sue",
        "Got your buff! It was behind the counter. I'll bring it on Sunday.",
        {"reply": "buff"},
    ),
    (
        "2027-03-10 20:15:44",
        "nadia",
        [
            "Sunday 14 March: because of the Linby Lane closure we'll do the Hatherley "
            "loop backwards and stop at the Boathouse. 38 miles. ",
            ("link", "https://routes.example.org/r/2128-hatherley-reverse"),
        ],
        {},
    ),
    ("2027-03-10 20:31:02", "mark", "Can't make Sunday, working", {}),
    ("2027-03-10 20:40:11", "chris", "I'll be there", {}),
    (
        "2027-03-11 18:05:33",
        "priya",
        [
            "Is anyone doing the Fernbridge Spring 100 in April? Entries are open: ",
            ("link", "https://events.example.com/fernbridge-spring-100"),
        ],
        {"key": "sportive"},
    ),
    (
        "2027-03-11 18:22:48",
        "nadia",
        "Yes! It's Sunday 11 April, HQ at Fernbridge Rugby Club, with a 100 km and a "
        "60 km route. Entry is \u00a332, or \u00a328 if you're a British Cycling member. Start window 7:30\u20138:30 "
        "for the 100 and 9:00\u20139:30 for the 60. Entries close on Sunday 4 April or at 600 riders.",
        {"key": "sportive2", "reply": "sportive"},
    ),
    (
        "2027-03-11 18:30:12",
        "dan",
        "I'm doing the 100. Club jersey debut if the kit turns up in time \U0001f91e",
        {"key": "debut"},
    ),
    (
        "2027-03-11 18:34:50",
        "helen",
        "It won't I'm afraid, they said w/c 19 April at the earliest \U0001f615",
        {"reply": "debut"},
    ),
    (
        "2027-03-13 20:10:07",
        "nadia",
        "Tomorrow: 2 \u00b0C at 8 but rising fast, and no ice warning. Ride's ON, but "
        "we'll roll out at 9:30 instead of 9:00 to let it warm up. Meet 9:15.",
        {"edited": "2027-03-13 20:16:40"},
    ),
    (
        "2027-03-14 13:58:30",
        "nadia",
        "38.0 miles, 14.9 mph, 7 riders. Chris snapped his chain on Hatherley Hill "
        "\u2013 Dan's quick link saved the day. Everyone please carry a quick link that fits your chain!",
        {"key": "chain"},
    ),
    (
        "2027-03-14 14:10:18",
        "chris",
        "Ordered a pack of 11-speed quick links, \u00a39 for 3. I'll bring spares.",
        {"reply": "chain"},
    ),
    (
        "2027-03-16 19:20:49",
        "helen",
        "Treasurer hat on: 2027 subs are overdue for 6 of you. \u00a320 by bank "
        "transfer, or cash to me on a Sunday.",
        {},
    ),
    ("2027-03-16 19:35:10", "tom", "Paid mine last night \U0001f44d", {}),
    (
        "2027-03-17 21:00:25",
        "nadia",
        [
            "Sunday 21 March: a long one! Skelbrook and the ridge, 47 miles, 720 m of "
            "climbing, caf\u00e9 at Ridgeway Farm Shop (they open at 10 on Sundays). We'll split into two groups if "
            "more than 10 come. ",
            ("link", "https://routes.example.org/r/2135-skelbrook-ridge"),
        ],
        {"key": "ridge"},
    ),
    (
        "2027-03-17 21:12:44",
        "aisha",
        "Is there a shorter option? I've got a thing at 2",
        {"key": "shorter", "reply": "ridge"},
    ),
    (
        "2027-03-17 21:20:05",
        "nadia",
        "Yes \u2013 turn left at Skelbrook crossroads and come straight back down the "
        "valley. That makes it 31 miles and you skip the ridge. Home by about 12:30.",
        {"reply": "shorter"},
    ),
    ("2027-03-20 17:55:16", "nadia", "11 \u00b0C tomorrow, dry, light winds. No excuses \U0001f604 ON.", {}),
    ("2027-03-20 21:10:03", "mark", "Back this week, see you at 8:45", {}),
    (
        "2027-03-21 14:30:40",
        "nadia",
        "Two groups today. Fast group (Dan, Chris, Mark, Aisha, Sue): 47.3 miles at "
        "17.2 mph. Steady group (me, Priya, Tom, Helen and Jo from the main club): 47.1 miles at 14.2 mph. Aisha "
        "took the KOM on the ridge \U0001f3d4\ufe0f",
        {},
    ),
    ("2027-03-21 14:45:55", "sue", "View from the ridge. Worth every metre", {"photo": (211847, 1280, 853)}),
    (
        "2027-03-23 18:40:21",
        "nadia",
        "Two things for this Sunday (the 28th): 1) the clocks go forward that night, "
        "so you lose an hour's sleep \u2013 we still meet at 8:45 and roll out at 9:00. 2) Mudguards are optional "
        "from 1 April, so this is the last mudguard Sunday \U0001f609",
        {"key": "clocks"},
    ),
    (
        "2027-03-23 18:45:03",
        "tom",
        "Wait, does that mean the ride is at 8am old time? \U0001f635",
        {"key": "oldtime", "reply": "clocks"},
    ),
    (
        "2027-03-23 18:47:30",
        "nadia",
        "Ha, it means your body will think it's 8am. Set an alarm.",
        {"reply": "oldtime"},
    ),
    (
        "2027-03-25 20:22:11",
        "nadia",
        [
            "Sunday 28 March is Easter Sunday, so short and sweet: the Fernbridge Common "
            "loop, 28 miles, caf\u00e9 at the Mill Pond (open Easter Sunday 9\u20133). Hot cross buns on me. ",
            ("link", "https://routes.example.org/r/2140-common-loop"),
        ],
        {},
    ),
    ("2027-03-25 20:40:02", "priya", "Can't come, we're at my in-laws \U0001f423 Have fun", {}),
    (
        "2027-03-27 16:02:44",
        "dan",
        [
            "PSA: the Bike Shed on Mill Street has 15% off for club members this weekend "
            "if you show your membership card. Ring them on ",
            ("phone", "01632 960418"),
            " to check your size is in.",
        ],
        {},
    ),
    ("2027-03-28 07:35:20", "nadia", "ON \u2013 8 \u00b0C and sunny. Remember the clocks went forward!", {}),
    ("2027-03-28 08:58:12", "tom", "Made it. Just.", {}),
    (
        "2027-03-28 13:10:44",
        "nadia",
        "28.6 miles, 15.0 mph, 9 riders. The hot cross buns were a hit. Have a lovely "
        "Easter everyone \U0001f430",
        {},
    ),
    (
        "2027-03-29 10:12:58",
        "helen",
        "Lost property: someone left a black mini pump at the Mill Pond yesterday. The "
        "caf\u00e9 has it behind the till.",
        {"key": "pump"},
    ),
    ("2027-03-29 10:40:03", "chris", "That's mine \U0001f926 Thanks Helen", {"reply": "pump"}),
    (
        "2027-03-30 19:05:30",
        "nadia",
        [
            "Now the evenings are light we're adding a ",
            ("bold", "Wednesday evening ride"),
            ": meet 6:15pm at the leisure centre, roll out 6:30, about 20 miles, back by 8. Lights still needed "
            "for the last half hour. The first one is Wednesday 7 April. ",
            ("hashtag", "#WednesdayWheelers"),
        ],
        {"key": "wednesday"},
    ),
    ("2027-03-30 19:10:22", "aisha", "Yes!! \U0001f64c", {"reply": "wednesday"}),
    ("2027-03-30 19:11:40", "mark", "Count me in for Weds", {"reply": "wednesday"}),
    (
        "2027-04-01 20:05:51",
        "nadia",
        [
            "Sunday 4 April: the coast run, 52 miles, mostly flat, caf\u00e9 at the "
            "Harbour Kiosk in Saltby. We'll aim to be back by 2. Bring a gilet, it's always colder by the sea. ",
            ("link", "https://routes.example.org/r/2147-saltby-coast"),
        ],
        {"key": "coast"},
    ),
    (
        "2027-04-01 20:09:10",
        "dan",
        [
            "Last call for Spring 100 entries, they close on Sunday! ",
            ("mention", "@helenmarsh_fw"),
            " are you doing it?",
        ],
        {},
    ),
    (
        "2027-04-01 20:30:18",
        "sue",
        "Will the Harbour Kiosk be open? They were shut last time",
        {"key": "kiosk", "reply": "coast"},
    ),
    (
        "2027-04-01 20:36:44",
        "nadia",
        "Rang them \u2013 open at weekends from 1 April, 9 till 4. Card only now, no cash.",
        {"reply": "kiosk"},
    ),
    (
        "2027-04-03 18:15:07",
        "nadia",
        "Windy one tomorrow: 25 mph south-westerly gusting 40. We'll do the coast run "
        "the other way round so the headwind is on the way out. ON.",
        {},
    ),
    ("2027-04-03 18:22:31", "aisha", "Good call", {}),
    ("2027-04-04 07:40:09", "nadia", "ON. Windy but dry, 9 \u00b0C.", {}),
    (
        "2027-04-04 14:20:55",
        "nadia",
        "52.4 miles, 15.8 mph with a glorious tailwind home. 10 riders. Priya's first "
        "50-miler since the op! \U0001f389",
        {"key": "fifty"},
    ),
    ("2027-04-04 14:25:30", "priya", "Legs are toast but SO happy \U0001f972", {"reply": "fifty"}),
    (
        "2027-04-04 14:40:12",
        "helen",
        "Kit update: Kitworks say the jerseys are printed and ship on 16 April, so I'll "
        "hand everything out at the start of the ride on Sunday 25 April.",
        {"key": "kithandout"},
    ),
    (
        "2027-04-05 09:30:44",
        "nadia",
        "Reminder: first Wednesday ride this week, 7 April, 6:15 at the leisure centre.",
        {},
    ),
    ("2027-04-05 09:45:10", "tom", "I'll be there with lights \U0001f526", {}),
    (
        "2027-04-06 21:00:20",
        "nadia",
        "Spring 100 update from the organisers: entries closed at 540 riders. Rider "
        "numbers will be emailed on Thursday 8 April. Parking at the Rugby Club is \u00a33, bring coins.",
        {},
    ),
]

# --- the Joplin export -----------------------------------------------------------------------------------------------
# "File > Export all > RAW - Joplin Export Directory" of Joplin desktop: one "<id>.md" a notebook (type_ 2), note
# (type_ 1), tag (type_ 5) and note-tag link (type_ 6), each as Joplin serialises an item (the title, a blank line,
# the Markdown body, a blank line, then "key: value" lines in the table's column order, with no newline at the end).
# Times are UTC. The notes have no attachments, so the export has no resources/ folder.

JOPLIN_FOLDER = "Joplin RAW export"
# the notes' geolocation as Joplin desktop saves it (a town's, from the IP address)
LATITUDE, LONGITUDE = "50.15770000", "-5.06680000"

NOTEBOOKS = {  # key: (title, id, created, updated)
    "studio": (
        "Studio",
        "6f0b2c8e41d94a7a9e35d1c07b24f8a3",
        "2026-09-03T18:40:12.508Z",
        "2026-09-03T18:40:12.508Z",
    ),
    "selling": (
        "Selling",
        "a3d90f1b7c2e4e58b6f4092d5c81e7b6",
        "2026-09-03T18:40:31.774Z",
        "2026-09-03T18:40:31.774Z",
    ),
    "admin": (
        "Admin",
        "0c7e5a92d3b14f6c8a21e9f40b6d3c55",
        "2026-09-03T18:40:47.063Z",
        "2026-09-03T18:40:47.063Z",
    ),
}

TAGS = {  # key: (title, id, created)
    "kiln": ("kiln", "d24e8b0c5f7a4193b6e2a9c0f1d85e47", "2026-11-14T17:02:55.311Z"),
    "orders": ("orders", "5b9c1e7f3a0d4c28e6b4f2a9d8c07e13", "2027-01-04T20:11:08.902Z"),
    "money": ("money", "e8a3f6d12b9c4705a1e4c3b8d6f29a70", "2027-01-04T20:11:15.446Z"),
}

PRICE_LIST_ID = "3e7d0a5c9b214f86a2c8e1f4d7b05a69"

# key: (title, notebook, id, created, updated, tags, body)
NOTES = {
    "kiln": (
        "Kiln firing log",
        "studio",
        "b7e41c0a8d2f4e9b95a3c6d1e0f82b74",
        "2026-11-14T16:58:40.127Z",
        "2027-03-21T10:14:52.339Z",
        ["kiln"],
        """\
Kiln: Kelmscott KT-60 top-loader, 60 litres, on its own 32 A supply. Controller: 9 segments.

**New elements fitted 14 Nov 2026** (Alan, Coastline Kiln Services, £312 incl. VAT). Firing numbers below count \
from then. Alan says check the element resistance again after about 100 firings, or sooner if glaze firings start \
taking over 9½ hours.

## Standard programmes

- **P1 Bisque**: 80 °C/h to 600, 150 °C/h to 1000, hold 10 min. About 11 hours.
- **P2 Stoneware glaze**: 150 °C/h to 600, 250 °C/h to 1200, 60 °C/h to 1222, hold 15 min, then a controlled cool \
at 80 °C/h down to 1000 (that's what gives the celadon its satin). About 9 hours plus the cool.
- Witness cones (6) on the middle shelf at the front, where I can see them through the bung hole.
- Never open the lid above 150 °C – the dunting on #35 was from opening it at 220.

## Log

| # | Date | Prog | Peak | Load | Result |
|---|---|---|---|---|---|
| 31 | 2027-01-09 | P1 | 1000 °C | 42 mugs, 10 small bowls | all fine |
| 32 | 2027-01-16 | P2 | 1222 °C | 24 mugs, 6 small bowls | 2 mugs glued to the shelf – glaze too thick at the foot |
| 33 | 2027-01-23 | P1 | 1000 °C | 36 side plates | fine |
| 34 | 2027-01-30 | P2 | 1222 °C | 18 mugs, 12 side plates | cone 6 just touching, good |
| 35 | 2027-02-06 | P2 | 1222 °C | 20 side plates, 4 vases | 3 plates cracked right across (dunting) – opened the lid at 220 °C, my fault |
| 36 | 2027-02-20 | P1 | 1000 °C | 40 mugs (Larder order) | fine |
| 37 | 2027-02-27 | P2 | 1184 °C | 40 mugs (Larder order) | underfired: power cut at 02:10, glaze dry and rough, re-fired as #38 |
| 38 | 2027-03-06 | P2 | 1222 °C | the same 40 mugs | 38 good, 2 seconds (pinholes) |
| 39 | 2027-03-13 | P1 | 1000 °C | 28 side plates, 8 serving bowls | fine |
| 40 | 2027-03-20 | P2 | 1222 °C | 28 side plates, 8 serving bowls | all good – best celadon yet |

## Running costs

Firing 40 used 31 kWh on the kiln's meter. At 27.4p/kWh that's about £8.49 for a glaze firing; a bisque is about \
24 kWh, £6.58.
""",
    ),
    "glazes": (
        "Glaze recipes",
        "studio",
        "f19a6d3e2c7b48a0b5d4e8c1a3f60d92",
        "2026-09-03T19:02:18.660Z",
        "2027-01-28T21:47:03.915Z",
        ["kiln"],
        """\
All cone 6 (1222 °C) in oxidation. Dry weights in grams for a 1 kg batch; sieve twice through 80 mesh.

## Saltmarsh celadon (satin, pale green)

| Material | g |
|---|---|
| Potash feldspar | 250 |
| Silica (200 mesh) | 300 |
| Whiting | 200 |
| China clay | 150 |
| Talc | 100 |
| **Total** | **1000** |

Add red iron oxide 1.5% (15 g) and bentonite 2% (20 g).

## Tidepool blue

The same base as the celadon, but leave out the iron and add:

- cobalt carbonate 0.5% (5 g)
- rutile 4% (40 g)
- bentonite 2% (20 g)

Breaks brown over edges and throwing lines. Runs if it goes on thicker than two dips, so keep it 1 cm clear of the \
foot.

## Application

- Specific gravity 1.45 for dipping, 1.55 for pouring the insides.
- Dip for a slow count of three. Wax the foot first (wax resist, 1:1 with water).
- Test tiles for every new bucket: lines of 1, 2 and 3 dips.

## To try

- [ ] Tidepool with 1% cobalt for a darker "storm" version
- [ ] Wollastonite instead of whiting in the celadon (less pinholing?)
- [x] Matt white liner for the mugs – done, bucket 4 (Jan 2027)
""",
    ),
    "fair": (
        "Spring craft fair – Corn Exchange",
        "selling",
        "2c85e0f7a91d4b36c4e7a0b9d52f18e6",
        "2027-02-02T19:25:31.048Z",
        "2027-03-29T20:03:17.582Z",
        ["orders"],
        f"""\
**Saturday 10 April 2027**, Corn Exchange, Market Street. Doors 10:00–16:00. Setting up from 08:00, and it must \
be finished by 09:30. No packing down before 16:00.

Pitch 14, by the window: a 2 m × 1 m table is supplied, I bring the tiered shelves. Pitch fee £65, paid 2 Feb \
(receipt in Admin).
Organiser: Marion Cole, 07700 900634.

## Checklist

- [x] Book the pitch
- [x] Send Marion the public liability certificate
- [ ] Price labels for everything (see [Price list 2027](:/{PRICE_LIST_ID}))
- [ ] Charge the card reader and the spare phone battery
- [ ] Float: £80 in coins and fives
- [ ] Bubble wrap, newspaper, carrier bags (reused)
- [x] Business cards and the "commissions welcome" sign
- [ ] Tablecloth (the navy one), clamps, shelf unit
- [ ] Flask and lunch

## Stock to take

- 30 mugs (mixed glazes)
- 12 small bowls, 6 serving bowls
- 20 side plates
- 6 vases
- Seconds box – everything £8

Last year's spring fair: £1,140 taken, about 70% of it on the card reader.
""",
    ),
    "larder": (
        "Wholesale – The Larder",
        "selling",
        "8d1f4b6e0a3c47e2b9f5c7a2e6d04b81",
        "2027-02-24T16:40:09.215Z",
        "2027-04-01T17:22:46.870Z",
        ["orders"],
        """\
Café on Quay Street. Contact: Owen Pascoe (owner), owen@thelarder.example.com, 07700 900281.

## Order (agreed 24 Feb 2027)

| Item | Glaze | Qty | Each (wholesale) | Total |
|---|---|---|---|---|
| Mug, 350 ml | Tidepool blue | 36 | £14.00 | £504.00 |
| Side plate, 20 cm | Saltmarsh celadon | 24 | £11.00 | £264.00 |
| **Total** | | | | **£768.00** |

- 50% deposit (£384.00) – received 3 March by bank transfer.
- The balance is due 14 days after delivery.
- Deliver by **Friday 2 April** (they reopen after the refit on Tuesday 6 April). I'll drive them over, no postage.
- Invoice INV-2027-014.
- Their logo stamped on the base? **No** – Owen decided against it, just my usual mark.

## Progress

- Mugs: thrown 12–14 Feb, bisque #36, glaze #37 (underfired, power cut) and #38: 38 good, so 2 spare.
- Plates: thrown 4–5 March, bisque #39, glaze #40: all 28 good, 4 spare.
- Delivered Thursday 1 April; Owen signed for 36 mugs and 24 plates. Balance invoice sent the same day.
""",
    ),
    "prices": (
        "Price list 2027",
        "selling",
        PRICE_LIST_ID,
        "2027-01-04T20:09:44.630Z",
        "2027-01-05T09:12:27.158Z",
        ["money", "orders"],
        """\
Up about 8% from January 2027 (clay and electricity both up). Wholesale is 55% of retail, rounded to the nearest \
pound.

| Item | Size | Retail | Wholesale |
|---|---|---|---|
| Mug | 350 ml | £26 | £14 |
| Espresso cup | 90 ml | £16 | £9 |
| Small bowl | 12 cm | £18 | £10 |
| Side plate | 20 cm | £20 | £11 |
| Dinner plate | 27 cm | £34 | £19 |
| Serving bowl | 28 cm | £55 | £30 |
| Bud vase | 10 cm | £22 | £12 |
| Vase | 25 cm | £48 | £26 |
| Seconds | – | £8 | – |

Commissions: 25% deposit, minimum order £150, allow 8 weeks.
Postage: £6.50 for one mug, £9.95 for up to 4 items (tracked, 48 hours), free over £100.
""",
    ),
    "admin": (
        "Insurance, tax and admin",
        "admin",
        "4a6c8e0b2d9f41e3a7c5b1d9e3f07c28",
        "2026-06-01T08:30:15.472Z",
        "2027-01-12T14:55:38.006Z",
        ["money"],
        """\
## Insurance

- Makers Mutual "Craft & Market" policy MM-CM-448120. Public liability £2 million, products liability £2 million, \
stock and equipment £5,000 (covered at fairs too).
- Premium £142.80 a year, renews on **1 June**, by direct debit.
- No employer's liability needed: no employees (Mum helping at fairs unpaid doesn't count – checked with them on \
12 Jan).

## Tax (sole trader)

- Self Assessment for 2026–27: online return and payment due **31 January 2028**.
- Payments on account: 31 January and 31 July.
- Keep the records for at least 5 years after the 31 January deadline.
- Mileage: 45p a mile for the first 10,000 miles. Log every fair and delivery trip in the car log.
- The studio is the garden shed: claim the share of electricity from the kiln's own meter, not the flat rate.

## Bank and money

- Separate business account with Harbourside Bank (no monthly fee for the first year, £5 a month after).
- Card reader fees: 1.69% a transaction.
- Accountant: Gareth Lowe (Lowe & Co), £320 for the year's return.
""",
    ),
}

# note-tag links: (id, note, tag, created)
NOTE_TAGS = [
    ("91c3e5a7b0d24f68a1e9c7b3d5f02a46", "kiln", "kiln", "2026-11-14T17:02:55.402Z"),
    ("c0e2a4b6d8f14a3c9e7b5d1f3a6c8e20", "glazes", "kiln", "2026-11-14T17:03:10.118Z"),
    ("7f5d3b1e9c0a42e6b8d4f2a0c6e8b195", "fair", "orders", "2027-02-02T19:25:58.771Z"),
    ("e4b2d0f8a6c341e9b7a5c3e1d9f7b024", "larder", "orders", "2027-02-24T16:40:31.593Z"),
    ("2a0c8e6b4d1f47a3c5e9b7d2f0a4c6e8", "prices", "money", "2027-01-04T20:11:15.530Z"),
    ("b6d4f2a0e8c64b1d9f3a7e5c1b9d0f24", "prices", "orders", "2027-01-04T20:11:20.064Z"),
    ("58e6c4a2f0b947d1a3c9e5b7d0f2a4c6", "admin", "money", "2027-01-12T14:55:52.219Z"),
]

# --- the SMS backup --------------------------------------------------------------------------------------------------
# SMS Backup & Restore (SyncTech) writing a full backup of the phone's messages on Friday 2 April 2027 at 18:30:15
# (BST): the SMS first, then the MMS, each in date order. "date" is the phone's time in UTC milliseconds,
# readable_date the same moment in the phone's time zone (Europe/London), as the app writes it for an en_GB phone.

SMS_NAME = "sms-20270402183015.xml"
SMS_APP_VERSION = "10.22.004"
BACKUP_SET = "7c1e4a92-3b58-4d06-a9f1-e25b08c3d7a4"
BACKUP_TIME = "2027-04-02 18:30:15"
OWN_NUMBER = "+447700900640"
SERVICE_CENTRE = "+447700900001"

CONTACTS = {  # key: (address, contact_name)
    "mum": ("+447700900412", "Mum"),
    "lou": ("+447700900156", "Lou"),
    "jonno": ("+447700900233", "Jonno"),
    "graham": ("+447700900718", "Graham (landlord)"),
    "garage": ("+447700900861", "Hendry Motors"),
    "dental": ("+447700900925", "Larkfield Dental"),
    "kev": ("+447700900349", "(Unknown)"),
    "dev": ("+447700900477", "(Unknown)"),
    "swiftdrop": ("SwiftDrop", "(Unknown)"),
    "bank": ("NORTHGATE", "(Unknown)"),
    "school": ("StAidansPS", "(Unknown)"),
    "gp": ("Brookside", "(Unknown)"),
}

# (local date and time, who, 1 received / 2 sent, body)
SMS = [
    (
        "2027-02-08 10:02:17.418",
        "dental",
        1,
        "Larkfield Dental: Hi Rachel, your check-up with Dr Okonjo is booked "
        "for Tue 23 Feb at 3:40pm. Reply YES to confirm or call 01632 960551 to rearrange. We need 48 hours' notice "
        "of a cancellation or a \u00a330 fee applies.",
    ),
    ("2027-02-08 10:05:40.902", "dental", 2, "YES"),
    ("2027-02-08 10:05:52.377", "dental", 1, "Thank you, your appointment is confirmed. Larkfield Dental"),
    (
        "2027-02-09 18:21:09.655",
        "jonno",
        1,
        "Can you grab bin bags and milk on your way back? Also it's blue bin tomorrow",
    ),
    ("2027-02-09 18:24:30.210", "jonno", 2, "Will do x"),
    (
        "2027-02-11 12:44:03.871",
        "bank",
        1,
        "Northgate: 604118 is your code to log in to the Northgate app on a new "
        "device. If this wasn't you, call us now on 0808 157 0312. Never share this code.",
    ),
    (
        "2027-02-12 09:15:22.034",
        "school",
        1,
        "St Aidan's: Half term is Mon 15 - Fri 19 Feb. School reopens on Mon "
        "22 Feb. Breakfast club runs from 7:45am as usual on the first day back.",
    ),
    (
        "2027-02-12 17:02:45.516",
        "garage",
        2,
        "Hi Ian, it's Rachel Dunmore with the blue Fiesta. The MOT runs out on "
        "12 March - could you do the MOT and a full service before then?",
    ),
    (
        "2027-02-12 17:40:11.289",
        "garage",
        1,
        "Hi Rachel, no problem. Monday 1 March, drop it in by 8:30. MOT "
        "\u00a354.85, full service \u00a3189. If we're not open yet, put the key through the letterbox in an "
        "envelope with your reg on it. Ian",
    ),
    ("2027-02-12 17:42:30.744", "garage", 2, "Perfect, thanks Ian"),
    (
        "2027-02-13 11:30:02.168",
        "lou",
        1,
        "Have you thought about Dad's present? I'm thinking those walking boots he "
        "keeps looking at, go halves? They're \u00a3140",
    ),
    ("2027-02-13 11:52:18.930", "lou", 2, "Yes good idea, I'll send you \u00a370"),
    (
        "2027-02-13 20:01:40.455",
        "mum",
        1,
        "Dad says no fuss for his birthday. Which means fuss please \U0001f602",
    ),
    (
        "2027-02-15 08:02:33.607",
        "gp",
        1,
        "Brookside Medical Centre: Your blood test is booked for Mon 15 Mar at "
        "8:10am with the healthcare assistant. Please don't eat for 12 hours before it (water is fine) and bring a "
        "list of your medicines. To cancel reply CANCEL.",
    ),
    (
        "2027-02-17 14:10:55.092",
        "swiftdrop",
        1,
        "SwiftDrop: Your parcel from Hollow Oak Books will be delivered on "
        "Thu 18 Feb between 10:15 and 11:15. Not in? Choose a safe place: https://track.example.com/sd/8F3K2Q",
    ),
    (
        "2027-02-18 10:42:08.341",
        "swiftdrop",
        1,
        "SwiftDrop: Delivered at 10:41 to your safe place: behind the green "
        "bin by the side gate. Photo: https://track.example.com/sd/8F3K2Q/pod",
    ),
    (
        "2027-02-19 19:33:41.776",
        "graham",
        1,
        "Hi Rachel, Graham here. The annual gas safety check is due. Warmline "
        "Heating will come on Wednesday 10 March between 8 and 12 - Kev will text when he's on his way. Please make "
        "sure the boiler cupboard is cleared. Thanks",
    ),
    (
        "2027-02-19 19:40:02.513",
        "graham",
        2,
        "No problem Graham, I'm working from home that day so I'll be in.",
    ),
    (
        "2027-02-22 09:00:04.128",
        "dental",
        1,
        "Larkfield Dental: Reminder - your check-up is tomorrow, Tue 23 Feb at "
        "3:40pm with Dr Okonjo. Please arrive 5 minutes early.",
    ),
    ("2027-02-22 17:15:48.390", "jonno", 1, "Home in 10, want anything from the shop?"),
    ("2027-02-22 17:16:30.822", "jonno", 2, "Bread please"),
    (
        "2027-02-23 16:32:10.564",
        "dental",
        1,
        "Larkfield Dental: Thanks for coming in today. Your hygienist "
        "appointment is booked for Thu 18 Mar at 8:20am with Sian (30 mins, \u00a358). Your next check-up is due in "
        "6 months.",
    ),
    ("2027-02-25 19:48:22.017", "mum", 1, "I'll make the cake!! Lemon drizzle, his favourite"),
    ("2027-02-28 10:05:13.284", "jonno", 1, "Maisie wants pancakes, have we got eggs?"),
    ("2027-02-28 10:06:02.951", "jonno", 2, "Half a dozen in the fridge"),
    ("2027-03-01 08:12:40.470", "garage", 2, "Key's through the letterbox \U0001f44d"),
    (
        "2027-03-01 13:12:05.733",
        "garage",
        1,
        "Hi Rachel, the MOT's passed. The front brake pads are down to 2mm "
        "though, I'd change them now - \u00a396 fitted and we can do it this afternoon. Go ahead?",
    ),
    ("2027-03-01 13:20:44.106", "garage", 2, "Yes please go ahead"),
    (
        "2027-03-01 16:41:19.852",
        "garage",
        1,
        "All done. Ready to collect any time before 5:30. Total \u00a3339.85, card or bank transfer. Ian",
    ),
    (
        "2027-03-01 17:02:51.398",
        "bank",
        1,
        "Northgate: 482913 is your code to approve a payment of \u00a3339.85 to "
        "HENDRY MOTORS. It expires in 5 minutes. We will never call you to ask for it.",
    ),
    (
        "2027-03-02 08:30:10.925",
        "school",
        1,
        "St Aidan's: World Book Day is this Thursday 4 March. Children can come "
        "dressed as a book character - please send \u00a31 for the library fund. Year 3 will read their stories in "
        "assembly at 9:10am, parents welcome.",
    ),
    (
        "2027-03-03 19:12:33.661",
        "mum",
        1,
        "Can you pick me up from the station on Friday? Train gets in at 14:52. "
        "I'm staying till Sunday to help with the cake practice \U0001f604",
    ),
    ("2027-03-03 19:20:07.149", "mum", 2, "Jonno will get you, he finishes at 2 on Fridays x"),
    ("2027-03-05 14:49:40.387", "jonno", 1, "At the station, your mum's train is running 10 mins late"),
    (
        "2027-03-08 11:05:22.504",
        "swiftdrop",
        1,
        "SwiftDrop: Sorry we missed you at 11:02 today. Your parcel from "
        "Greenacre Garden Supplies will be at Kings Road Post Office from 2pm tomorrow. Bring this code: 4471. We'll "
        "keep it for 7 days.",
    ),
    (
        "2027-03-10 08:41:17.219",
        "kev",
        1,
        "Morning, it's Kev from Warmline Heating, I'm about 20 mins away for the gas safety check",
    ),
    (
        "2027-03-10 11:58:02.840",
        "graham",
        1,
        "Kev says it's all passed, the certificate will come by email. The "
        "boiler pressure was low (0.6 bar) so he topped it up to 1.3. If it drops below 1 again let me know, it "
        "might be a leak on a radiator valve.",
    ),
    (
        "2027-03-10 12:05:44.093",
        "graham",
        2,
        "Thanks Graham. Also the bathroom extractor fan has stopped working, it just hums",
    ),
    (
        "2027-03-10 12:30:10.676",
        "graham",
        1,
        "I'll get Dev, my electrician, to have a look. He'll text you to arrange",
    ),
    (
        "2027-03-11 09:45:55.312",
        "dev",
        1,
        "Hi, Dev the electrician here, Graham asked me to look at your extractor "
        "fan. I could do Tuesday 16th at 4pm or Thursday 18th at 1pm?",
    ),
    ("2027-03-11 09:50:12.788", "dev", 2, "Tuesday at 4 is great, thanks"),
    (
        "2027-03-12 18:02:30.455",
        "lou",
        1,
        "Deposit paid for Riverside Kitchen \u2705 Dress code is smart casual "
        "apparently. Also Dad's boots arrived, can you wrap them?",
    ),
    (
        "2027-03-15 07:50:00.901",
        "gp",
        1,
        "Brookside Medical Centre: A reminder of your blood test today at 8:10am. "
        "Please don't eat beforehand.",
    ),
    (
        "2027-03-16 10:48:31.147",
        "school",
        1,
        "St Aidan's: Because of a heating failure the school will close early "
        "today at 12:30pm. Please collect your child from the main gate. After-school club is cancelled. We're sorry "
        "for the short notice.",
    ),
    (
        "2027-03-16 10:55:03.602",
        "jonno",
        2,
        "School's closing at 12:30, the heating's broken. Can you get Maisie? I've got the electrician at 4",
    ),
    ("2027-03-16 11:02:40.318", "jonno", 1, "Yep on it, will leave at 12"),
    (
        "2027-03-16 16:52:20.774",
        "dev",
        1,
        "Fan replaced, it was the motor. I've left the invoice on the side for "
        "Graham, nothing for you to pay. Dev",
    ),
    (
        "2027-03-17 09:00:06.233",
        "dental",
        1,
        "Larkfield Dental: Reminder - your hygienist appointment is tomorrow, "
        "Thu 18 Mar at 8:20am with Sian.",
    ),
    (
        "2027-03-19 12:20:14.590",
        "school",
        1,
        "St Aidan's: Parents' evening bookings are open: Tue 23 and Wed 24 "
        "March, 3:30-6:30pm, 10-minute slots. Book at https://school.example.com/parents by Monday 22 March.",
    ),
    (
        "2027-03-19 21:05:33.128",
        "lou",
        1,
        "Tomorrow! Table's at 7:30 but let's all be there by 7:15 so we're sat down before Dad arrives",
    ),
    (
        "2027-03-20 22:48:10.866",
        "mum",
        1,
        "What a night. Dad was thrilled. Thank you for organising the cake stand xx",
    ),
    (
        "2027-03-22 09:10:44.015",
        "school",
        1,
        "St Aidan's: School finishes for Easter on Thursday 25 March at 1:30pm "
        "and reopens on Monday 12 April. Have a lovely break!",
    ),
    (
        "2027-03-22 13:30:45.471",
        "bank",
        1,
        "Northgate: 215377 is your code to set up a new payee, JONATHAN REEVES. "
        "It expires in 5 minutes. Never share it, not even with us.",
    ),
    (
        "2027-03-23 17:20:12.938",
        "graham",
        1,
        "Hi Rachel, a heads-up that the rent will go up to \u00a3875 a month "
        "from 1 May (from \u00a3840). The formal notice is in the post today. Any questions, give me a ring.",
    ),
    (
        "2027-03-23 18:10:33.204",
        "graham",
        2,
        "Thanks for letting me know Graham. Will it still come out on the 1st?",
    ),
    ("2027-03-23 18:30:02.657", "graham", 1, "Yes, still the 1st of the month"),
    (
        "2027-03-27 09:14:20.381",
        "swiftdrop",
        1,
        "SwiftDrop: Your parcel from Hollow Oak Books is out for delivery today between 13:40 and 14:40.",
    ),
    (
        "2027-03-27 13:58:44.729",
        "swiftdrop",
        1,
        "SwiftDrop: Delivered at 13:58 and handed to your neighbour at number 14.",
    ),
    ("2027-03-28 09:30:15.542", "mum", 1, "Happy Easter! Don't forget the clocks went forward. Lunch at 1?"),
    ("2027-03-28 09:35:40.087", "mum", 2, "Happy Easter! Yes, see you at 1, we'll bring the trifle"),
    (
        "2027-03-29 10:00:02.316",
        "gp",
        1,
        "Brookside Medical Centre: Your blood test results are back and are "
        "normal. No further action is needed.",
    ),
    (
        "2027-03-30 14:22:37.803",
        "bank",
        1,
        "Northgate: 930541 is your code to approve a payment of \u00a3840.00 to "
        "G PRYCE. It expires in 5 minutes.",
    ),
    (
        "2027-03-31 08:05:55.164",
        "jonno",
        1,
        "Car's squealing when I brake \U0001f644 is that the new pads bedding in?",
    ),
    (
        "2027-03-31 08:20:31.495",
        "jonno",
        2,
        "Ian said they might squeal for the first 100 miles or so. If it's still doing it next week ring him",
    ),
    (
        "2027-04-01 12:00:40.622",
        "dental",
        1,
        "Larkfield Dental: From April our Saturday clinic runs 9am-1pm every "
        "other Saturday. Book online at https://larkfield.example.com/book",
    ),
    (
        "2027-04-02 17:45:12.948",
        "lou",
        1,
        "Photos from Dad's party are on the shared album, the one of him in the paper hat is a keeper",
    ),
]

# group messages sent as MMS: (local date and time, from (None: this phone), to, text)
MMS = [
    (
        "2027-02-25 19:31:06.000",
        "lou",
        ["mum", "jonno"],
        "Right, booked! Riverside Kitchen, Saturday 20 March, table "
        "for 9 at 7:30pm. They want a \u00a325 deposit per head by Fri 12 March - send yours to me and I'll pay it "
        "in one go. Dad thinks it's just us four \U0001f92b",
    ),
    (
        "2027-02-25 19:40:52.000",
        None,
        ["lou", "mum", "jonno"],
        "Brilliant! Sending mine and Jonno's now (\u00a350). Shall we do a cake? I'll ask Mum",
    ),
]
