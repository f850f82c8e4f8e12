"""Generate the private documents of the realdocs ``heldout9`` part under ``files/private9/``: a family's Org-mode
notes on moving house (``.org``: TODO/DONE headings, SCHEDULED/DEADLINE and CLOSED lines, a property drawer, tables,
checkboxes, links), the family's calendar exported as iCalendar (``.ics``: a VTIMEZONE, timed, all-day and repeating
events, alarms, folded lines), the subtitles of a podcast episode on radiators and boiler settings (``.srt``), the
family's contacts exported as vCard 3.0 (``.vcf``) and the commented nginx configuration of their home server
(``.conf``).

    python eval/realdocs/make_heldout9.py          # rewrite them; the output is the same on every run

Standard library only. Everything is fixed text or computed from fixed text (the subtitles' cue times from the
number of words said), so a rerun gives the same bytes. Every weekday named next to a date (``Fri 30 Jul 2027``,
``<2027-07-23 Fri>``) is checked against the calendar, and each file is checked as its format when the files are
written: the calendar and the contacts unfolded and parsed (every BEGIN has its END, every event its DTSTART, every
card its FN), the subtitles' cue numbers running 1, 2, 3... with times that move forward, the nginx file's braces
balanced. The other document of the part (Valgrind's manual, a PDF typeset by Apache FOP) is copied unchanged from
a Debian package, as ``documents.json`` records.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

OUT = Path(__file__).resolve().parent / "files" / "private9"

# --- Org-mode notes (.org) ------------------------------------------------------------------------------------------

ORG = """\
#+TITLE: Moving house: 27 Ashgrove Terrace to 9 Ferncliffe Road
#+AUTHOR: Priya Haldane
#+DATE: 2027-05-28
#+STARTUP: content
#+TODO: TODO WAITING | DONE CANCELLED
#+TAGS: money(m) kids(k) admin(a)

Notes for the move from Leeds to York. Tom does the garage, the loft and the internet; I do the
solicitor, the money and the kids' things. Anything that costs money is tagged :money:.

* Key dates
| What                        | When            | Notes                                            |
|-----------------------------+-----------------+--------------------------------------------------|
| Mortgage offer runs out     | Tue 14 Sep 2027 | Ouse Valley BS, offer ref OVB-447120-H            |
| Exchange of contracts       | Fri 16 Jul 2027 | deposit of £34,500 to Beckett Lowe the day before |
| Completion and moving day   | Fri 30 Jul 2027 | keys from Dunnington & Clay (Bootham) after 1pm   |
| Out of Ashgrove Terrace by  | Fri 30 Jul 2027 | buyers' solicitor wants the keys by noon          |
| Kids start at Clifton Green | Wed 1 Sep 2027  | uniform list under Kids below |

* Solicitor and money
** DONE Pay the search fees to Beckett Lowe                                 :money:
   CLOSED: [2027-06-04 Fri 09:12]
   £412.60 by bank transfer, reference HALDANE-FERN. Receipt in the Move folder on the NAS.
** DONE Sign the contract and the transfer deed
   CLOSED: [2027-07-09 Fri 17:30]
   Both signed at Beckett Lowe's office on Park Square; Tom's signature witnessed by Carol at reception.
** WAITING Mortgage money sent to the solicitor                              :money:
   DEADLINE: <2027-07-28 Wed>
   Ouse Valley say the funds go the working day before completion. Beckett Lowe will ring when it lands.
** TODO Stamp duty                                                           :money:
   Beckett Lowe pay it from the completion money and send us the SDLT5 certificate. Nothing for us to do
   but check the figure on the completion statement: £6,250.

* Removals
** DONE Get three removal quotes                                             :money:
   CLOSED: [2027-06-12 Sat 18:40]
   | Firm                   | Quote  | Packing service | Notes                                     |
   |------------------------+--------+-----------------+-------------------------------------------|
   | Aire Valley Movers     | £1,890 | £420 extra      | could only do Thursday 29th               |
   | Whitlock & Daughters   | £1,460 | not needed      | 40 boxes free, 3 men, 7.5 tonne lorry      |
   | Two Lads and a Luton   | £980   | none            | two trips, no insurance over £10,000       |
** DONE Book Whitlock & Daughters                                            :money:
   CLOSED: [2027-06-14 Mon 10:05]
   :PROPERTIES:
   :FIRM:      Whitlock & Daughters Removals, Kirkstall
   :CONTACT:   Gemma Whitlock, 07700 900412
   :QUOTE:     £1,460 including VAT
   :DEPOSIT:   £200, paid 14 June
   :CREW:      3 movers, 7.5 tonne lorry
   :ARRIVAL:   7:45
   :END:
   The rest is paid on the day by card once everything is in. Gemma says the piano needs a fourth person,
   which she has added at no charge because we booked a Friday.
** TODO Packing materials
   SCHEDULED: <2027-07-10 Sat>
   - [X] 40 medium boxes (from Whitlock, free with the booking)
   - [X] 6 wardrobe boxes
   - [ ] 3 rolls of bubble wrap
   - [ ] a tape gun and 12 rolls of tape
   - [ ] marker pens, one colour per room: blue kitchen, green kids, orange "open first"
** TODO Pack the loft and the garage (Tom)
   SCHEDULED: <2027-07-17 Sat>
   The tip at Kirkstall wants a booking for a car with a trailer: book online the week before.

* Utilities and admin                                                        :admin:
** TODO Meter readings [1/4]
   SCHEDULED: <2027-07-30 Fri>
   - [X] photos of the Ashgrove gas and electric meters, with the date, before we hand the keys back
   - [ ] Ferncliffe gas meter: in the cupboard under the stairs
   - [ ] Ferncliffe electricity meter: in the white box on the side wall by the gate, key on the hook in the utility room
   - [ ] Ferncliffe water meter: under the small round cover at the end of the drive
** TODO Redirect the post
   DEADLINE: <2027-07-23 Fri>
   Royal Mail need five working days; twelve months for both of us, [[https://www.royalmail.com/personal/receiving-mail/redirection][redirection form]].
** TODO Council tax
   Tell Leeds we leave on 30 July (final bill), and open an account with York from the same day. Ferncliffe
   Road is band D.
** TODO Residents' parking permit
   Ferncliffe Road is in residents' parking zone R42: apply on [[https://www.york.gov.uk/ResidentParking][York council's permit page]] once the
   council tax account exists, as they check it. Proof needed: the V5C for each car.
** DONE Tell the surgery and register in York
   CLOSED: [2027-07-21 Wed 12:10]
   Registered all four of us at Water Lane Surgery; the old practice moves the records on its own.
** WAITING Internet at Ferncliffe (Tom)
   Fibre order placed 2 July; the engineer comes Tue 3 Aug 2027, 8am to 1pm. Until then: phone hotspot.

* Kids                                                                       :kids:
** DONE School places
   CLOSED: [2027-06-02 Wed 16:45]
   Both offered places at Clifton Green Primary: Maya in Year 4, Sam in Year 1. Uniform is bottle green,
   logo jumpers from the school office only; the rest from anywhere.
** TODO Find Maya a swimming club in York
   Rawcliffe does Saturday mornings. Ask at the school gate.

* Moving day
** The plan for Friday 30 July
   1. 7:45 Whitlock arrive; they start with the piano and the loft boxes.
   2. Tom takes Biscuit (the cat) to his mum's in Malton first thing, and fetches him on Sunday.
   3. Meter photos and readings at Ashgrove, then the keys to the buyers' solicitor by noon.
   4. Collect the Ferncliffe keys from Dunnington & Clay after 1pm.
   5. Lorry unloads at Ferncliffe; beds first, then the kitchen.
** The "open first" box
   - kettle, tea bags, mugs, a pint of milk in the cool bag
   - toilet rolls, hand soap, towels
   - the kids' bedding and Sam's rabbit
   - phone chargers and the hotspot
   - the cat's food, bowls and litter tray
   - a screwdriver set and the Allen keys for the beds

* CANCELLED Storage unit
  CLOSED: [2027-06-20 Sun 21:05]
  Not needed after all: we complete on the day we move out, so everything goes straight from Ashgrove to
  Ferncliffe on the one lorry.
"""


def align_org_tables(text: str) -> str:
    """Pad the cells of each Org table to its columns' widths, as Org's C-c C-c does ("|---+---|" rules
    included)."""
    lines = text.split("\n")
    out, i = [], 0
    while i < len(lines):
        if not lines[i].lstrip().startswith("|"):
            out.append(lines[i])
            i += 1
            continue
        j = i
        while j < len(lines) and lines[j].lstrip().startswith("|"):
            j += 1
        indent = lines[i][: len(lines[i]) - len(lines[i].lstrip())]
        rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in lines[i:j]]
        widths = [max(len(r[k]) for r in rows if not r[0].startswith("-")) for k in range(len(rows[0]))]
        for r in rows:
            if r[0].startswith("-"):
                out.append(indent + "|" + "+".join("-" * (w + 2) for w in widths) + "|")
            else:
                out.append(indent + "|" + "|".join(f" {c.ljust(w)} " for c, w in zip(r, widths)) + "|")
        i = j
    return "\n".join(out)


ORG = align_org_tables(ORG)

# --- iCalendar (.ics) -----------------------------------------------------------------------------------------------

VTIMEZONE = [
    "BEGIN:VTIMEZONE",
    "TZID:Europe/London",
    "X-LIC-LOCATION:Europe/London",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:+0000",
    "TZOFFSETTO:+0100",
    "TZNAME:BST",
    "DTSTART:19700329T010000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0000",
    "TZNAME:GMT",
    "DTSTART:19701025T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
]

# (uid, summary, start, end, location, description, extra properties, alarm (trigger, text) or None);
# start/end "YYYYMMDD" for an all-day event, "YYYYMMDDTHHMMSS" for a time in Europe/London
EVENTS = [
    (
        "20270820T101500Z-0001",
        "First day at Clifton Green",
        "20270901T084500",
        "20270901T153000",
        "Clifton Green Primary School\\, Water Lane\\, York YO30 6PX",
        "Gates open 8:35. Maya goes to Year 4 (Mr Achterberg)\\, Sam to Year 1 (Mrs Oduya). PE kit in a "
        "drawstring bag with names in everything\\, and a named water bottle. Pick-up 3:30 at the Water Lane gate.",
        [],
        None,
    ),
    (
        "20270820T101700Z-0002",
        "Garden waste collection",
        "20270907",
        "20270908",
        "",
        "Green bin out by 7am\\, every other Tuesday until the end of November. Garden waste only: no soil\\, "
        "rubble or food.",
        ["RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20271130"],
        None,
    ),
    (
        "20270820T102000Z-0003",
        "Maya swimming (Stage 5)",
        "20270911T093000",
        "20270911T100000",
        "Rawcliffe Leisure Centre\\, Shipton Road\\, York",
        "Coach Ellie\\, pool 2. Bring goggles\\, a swim hat (long hair must be tied back) and a £1 coin for the "
        "lockers. Be poolside at 9:25. Ten weeks\\, paid for the term.",
        ["RRULE:FREQ=WEEKLY;BYDAY=SA;COUNT=10"],
        None,
    ),
    (
        "20270820T102300Z-0004",
        "Wedding anniversary",
        "20270918",
        "20270919",
        "",
        "Married 2015. Book a table somewhere and ask Rob to babysit.",
        ["RRULE:FREQ=YEARLY", "TRANSP:TRANSPARENT"],
        None,
    ),
    (
        "20270820T102600Z-0005",
        "Car MOT (the Skoda)",
        "20270924T081500",
        "20270924T120000",
        "Fulford Road Garage\\, 112 Fulford Road\\, York YO10 4BE",
        "Drop the car off by 8:15 and leave the key with Dean at the desk. They ring when it's done. MOT is "
        "£54.85. Ask them to look at the rear wiper and the knocking from the front left wheel.",
        [],
        ("-P1D", "MOT tomorrow: drop the Skoda at Fulford Road Garage by 8:15"),
    ),
    (
        "20270820T103000Z-0006",
        "Sam: dentist check-up",
        "20271012T154000",
        "20271012T160000",
        "Bootham Dental Practice\\, 41 Bootham\\, York",
        "With Dr Kaur. First visit: bring his red book and the form they posted.",
        [],
        ("-PT2H", "Sam's dentist at 3:40"),
    ),
    (
        "20270820T103300Z-0007",
        "Parents' evening",
        "20271014T160000",
        "20271014T190000",
        "Clifton Green Primary School\\, main hall",
        "Maya with Mr Achterberg at 17:40\\, then Sam with Mrs Oduya at 17:55 in the Year 1 classroom. "
        "Bring Maya's reading record and ask about the spelling groups.",
        [],
        ("-PT1H", "Parents' evening: Maya 17:40, Sam 17:55"),
    ),
    (
        "20270820T103600Z-0008",
        "Flu spray at school (both kids)",
        "20271021T090000",
        "20271021T120000",
        "Clifton Green Primary School",
        "The nasal spray\\, given by the school nurses. Consent forms went back on 6 October.",
        [],
        None,
    ),
    (
        "20270820T103900Z-0009",
        "Half term",
        "20271025",
        "20271030",
        "",
        "School shut all week. Tom off Monday to Wednesday\\, Priya Thursday and Friday.",
        ["TRANSP:TRANSPARENT"],
        None,
    ),
    (
        "20270820T104200Z-0010",
        "Bonfire night at Rowntree Park",
        "20271105T180000",
        "20271105T200000",
        "Rowntree Park\\, Terry Avenue\\, York",
        "Gates open at 6pm and the fireworks start at 7:15. Tickets bought online (2 adults\\, 2 children). "
        "Take torches and wellies; sparklers are not allowed in the park.",
        [],
        None,
    ),
    (
        "20270820T104500Z-0011",
        "Gran's 80th birthday lunch",
        "20271107T123000",
        "20271107T160000",
        "The Star Inn\\, High Street\\, Harome\\, York YO62 5JE",
        "Table for 11 booked under Haldane. Tom picks Gran up from Malton at 11:15. Priya collects the cake "
        "from Bettys on the Saturday. Everyone chipped in for the garden bench\\, delivered to Gran's on the "
        "Monday after.",
        [],
        ("-P1D", "Gran's lunch tomorrow: Tom fetches her at 11:15"),
    ),
    (
        "20270820T104800Z-0012",
        "Boiler service",
        "20271117T080000",
        "20271117T120000",
        "9 Ferncliffe Road",
        "Hewitt Heating. The engineer comes some time between 8 and 12. Clear the cupboard under the stairs so "
        "he can get at the boiler\\, and have last year's service sheet ready.",
        [],
        None,
    ),
    (
        "20270820T105100Z-0013",
        "Nativity (Reception and Year 1)",
        "20271215T140000",
        "20271215T150000",
        "Clifton Green Primary School\\, main hall",
        "Sam is a shepherd: he needs a striped tea towel for his head and a dressing gown. Doors open 1:40\\, two "
        "tickets each.",
        [],
        None,
    ),
]


def fold(line: str) -> list[str]:
    """RFC 5545 folding: lines of at most 75 octets, each continuation starting with a space."""
    out, cur, size = [], "", 0
    limit = 75
    for ch in line:
        n = len(ch.encode("utf-8"))
        if size + n > limit:
            out.append(cur)
            cur, size, limit = " ", 1, 75
        cur += ch
        size += n
    out.append(cur)
    return out


def ics() -> str:
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "X-WR-CALNAME:Haldane family",
        "X-WR-TIMEZONE:Europe/London",
        "X-WR-CALDESC:School\\, clubs\\, appointments and birthdays. Shared with Tom and Priya.",
        *VTIMEZONE,
    ]
    for uid, summary, start, end, location, description, extra, alarm in EVENTS:
        if "T" in start:
            when = [f"DTSTART;TZID=Europe/London:{start}", f"DTEND;TZID=Europe/London:{end}"]
        else:
            when = [f"DTSTART;VALUE=DATE:{start}", f"DTEND;VALUE=DATE:{end}"]
        lines += ["BEGIN:VEVENT", *when]
        lines += [r for r in extra if r.startswith("RRULE")]
        lines += [
            "DTSTAMP:20271001T071500Z",
            f"UID:{uid}@haldane-family.example.net",
            "CREATED:" + uid[:16],
            f"DESCRIPTION:{description}",
            "LAST-MODIFIED:20270930T201000Z",
            f"LOCATION:{location}",
            "SEQUENCE:0",
            "STATUS:CONFIRMED",
            f"SUMMARY:{summary}",
            next((r for r in extra if r.startswith("TRANSP")), "TRANSP:OPAQUE"),
        ]
        if alarm:
            trigger, text = alarm
            lines += [
                "BEGIN:VALARM",
                "ACTION:DISPLAY",
                f"DESCRIPTION:{text}",
                f"TRIGGER:{trigger}",
                "END:VALARM",
            ]
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(part + "\r\n" for line in lines for part in fold(line))


# --- subtitles (.srt) -----------------------------------------------------------------------------------------------

# the episode as it was said: (speaker, what they said); a turn is cut into cues of at most two lines
EPISODE = [
    ("", "[theme music]"),
    (
        "NADIA",
        "Hello and welcome to Warm Home, Small Bills, the podcast about making your house cheaper to heat "
        "without making it colder. I'm Nadia Brennan, and this is episode fourteen. "
        "Today it's radiators: bleeding them, balancing them, and the one setting on your boiler that "
        "most people have never touched. "
        "Before we get going, a quick thank you to everyone who filled in the listener survey. Nearly nine hundred "
        "of you did. The thing you asked for most was more practical episodes and fewer interviews with people "
        "selling things, so here we are, a practical one. "
        "With me is Gareth Price, who has been a heating engineer in Sheffield for twenty-two years. "
        "Gareth, welcome.",
    ),
    (
        "GARETH",
        "Thanks for having me. And I'll say at the start, most of what we're talking about today you can do "
        "yourself with a radiator key and a bit of patience. You don't need me for it.",
    ),
    (
        "NADIA",
        "Good, because I don't want to pay you. Let's start with bleeding. "
        "What is actually going on when a radiator needs bleeding?",
    ),
    (
        "GARETH",
        "Air gets into the system over time. Some of it comes in with fresh water, some of it is gas made by "
        "a bit of corrosion inside the radiators. Air is lighter than water, so it rises "
        "and collects at the top of the radiator. "
        "The tell-tale sign is a radiator that's warm at the bottom and cold across the top. "
        "You might also hear gurgling when the heating comes on.",
    ),
    ("NADIA", "And if it's the other way round? Cold at the bottom, warm at the top?"),
    (
        "GARETH",
        "That's not air. That's sludge, black iron oxide that has settled in the bottom of the radiator. "
        "Bleeding won't touch it. We'll come back to that.",
    ),
    ("NADIA", "Okay. So, talk me through bleeding a radiator, step by step."),
    (
        "GARETH",
        "First, turn the heating off and let everything cool down. Give it at least forty minutes. "
        "If you open a bleed valve on a hot system you'll get a jet of scalding water, "
        "and with the pump running you can actually pull more air in. "
        "Second, go round with your radiator key. A lot of newer radiators don't even need a key, "
        "the bleed valve has a slot and a flat-head screwdriver does the job. "
        "Hold an old cloth under the valve, and turn it anticlockwise, a quarter of a turn, no more. "
        "You'll hear hissing. That's the air coming out. "
        "As soon as water starts to dribble out instead of air, close it again. "
        "Don't undo it all the way, the little pin can come out and then you have a proper problem.",
    ),
    ("NADIA", "Is there an order? I always just start with whichever one annoys me."),
    (
        "GARETH",
        "There is an order, and it's the one people get wrong. "
        "Start downstairs, with the radiator that is furthest from the boiler, and work your way back towards "
        "it. Then do the same upstairs. "
        "Air moves towards the high points, so you're chasing it round the system rather than leaving "
        "pockets behind.",
    ),
    ("NADIA", "And when you've done them all?"),
    (
        "GARETH",
        "Check the pressure. This is the bit everyone forgets. "
        "Every bit of air you let out has to be replaced by water, and on a sealed system, which is what most "
        "houses with a combi boiler have, the pressure drops when you bleed. "
        "There's a gauge on the front of the boiler or underneath it. "
        "With the system cold it should read between 1 and 1.5 bar. "
        "If it's below 1 bar, you top it up through the filling loop, "
        "that's the silver braided hose under the boiler with a tap at each end. "
        "Open the taps slowly, watch the needle, close them when it gets to about 1.3.",
    ),
    ("NADIA", "And if I overdo it?"),
    (
        "GARETH",
        "If it goes over 3 bar the safety valve opens and dumps water outside through a little copper pipe. "
        "So go slowly. And if you find you're topping up every week or two, there's a leak somewhere, "
        "and that's when you ring someone like me.",
    ),
    (
        "NADIA",
        "Right. Balancing. I'll be honest, I didn't know this was a thing until I started reading about heating. "
        "What is it?",
    ),
    (
        "GARETH",
        "Water takes the easiest route. The radiators nearest the boiler get the hot water first and "
        "get plenty of it, and the ones at the end of the run, usually a back bedroom, get whatever's left. "
        "So you get a boiling hot hallway and a bedroom that never warms up. "
        "Balancing means holding back the close radiators a little so the far ones get their share.",
    ),
    ("NADIA", "And how do you hold them back?"),
    (
        "GARETH",
        "With the lockshield valve. Every radiator has two valves. One is the one you turn, the thermostatic "
        "one with the numbers on it, or an old wheel head. The other end has a plain cap, and under that cap "
        "is the lockshield. You turn it with a spanner or a lockshield key. "
        "It sets how much water that radiator can take, full stop, whatever the other valve is doing.",
    ),
    ("NADIA", "What do I need to do it properly?"),
    (
        "GARETH",
        "Two clip-on pipe thermometers. You can get a pair for about fifteen pounds. "
        "You clip one to the pipe going into the radiator and one to the pipe coming out. "
        "Open every thermostatic valve fully, and open every lockshield fully too. "
        "Let the house cool down, then put the heating on. "
        "Start with the radiator nearest the boiler. Close its lockshield all the way, "
        "then open it a quarter of a turn, and wait for it to settle. "
        "What you're after is a difference of about twelve degrees between the pipe going in and the pipe "
        "coming out. If the difference is smaller, close the lockshield a touch more. "
        "Then move on to the next nearest radiator, and so on. The ones at the far end, you'll find you "
        "leave almost fully open.",
    ),
    ("NADIA", "How long does that take?"),
    (
        "GARETH",
        "In a three-bed semi, an afternoon. Maybe a whole day the first time. "
        "And count the turns as you go and write them down. If a radiator ever comes off the wall for "
        "decorating, you put the lockshield back to the same number of turns and you don't have to start "
        "again.",
    ),
    ("NADIA", "[laughs] I like that, very you. Write it on the back of the radiator?"),
    (
        "GARETH",
        "Some people do. Masking tape on the pipe works. Don't write it in pen on the wall, whoever paints "
        "next won't thank you.",
    ),
    ("", "[short music sting]"),
    (
        "NADIA",
        "Now, the boiler setting. You told me before we started recording that this is the single cheapest "
        "thing most people can do. What is it?",
    ),
    (
        "GARETH",
        "It's the flow temperature. That's how hot the water is when it leaves the boiler to go round the "
        "radiators. Not the room thermostat, that's a different thing. "
        "Most boilers come from the installer set to 75 or even 80 degrees, because that's how they've "
        "always been set up. "
        "But modern gas boilers are condensing boilers. They're only working at their best efficiency when "
        "the water coming back to them is cool enough for the steam in the flue gases to condense, "
        "and that means the return water needs to be below about 54 degrees. "
        "With the flow at 80, the return is never that cool, so the boiler never condenses.",
    ),
    ("NADIA", "So what should people set it to?"),
    (
        "GARETH",
        "For most houses I'd start at 55 degrees on the radiator dial. "
        "Live with it for a week. If the house still gets warm enough on a cold day, leave it, "
        "or even try 50. If one room struggles, it's usually that room's radiator that's undersized, "
        "and you can nudge the flow back up a few degrees.",
    ),
    ("NADIA", "Won't the house take longer to warm up?"),
    (
        "GARETH",
        "A bit longer, yes. So you might put the heating on half an hour earlier. "
        "The radiators will feel warm rather than too hot to touch. People think that means it isn't "
        "working. It is. It's working better.",
    ),
    ("NADIA", "And the hot water? The taps, I mean."),
    (
        "GARETH",
        "On a combi, the hot water has its own dial and it doesn't matter so much, around 50 is fine for a "
        "shower. "
        "If you've got a hot water cylinder, a tank in the airing cupboard, that's different. The cylinder "
        "needs to get up to 60 degrees at least once a day, because of legionella. "
        "Don't turn that one down to save money.",
    ),
    (
        "NADIA",
        "We had a question on this from a listener. Kate in Harrogate says her boiler has two dials with "
        "pictures on them, a radiator and a tap, and no numbers at all. Which one is the flow temperature?",
    ),
    (
        "GARETH",
        "The radiator one, Kate. On a lot of boilers the dial goes from a minimum to a maximum with no "
        "numbers. Look up the manual for your model online, it'll tell you what each position means. "
        "As a rough guide, on most of them halfway round is somewhere near 60.",
    ),
    (
        "NADIA",
        "Let's talk about thermostatic radiator valves. The TRVs. I have them on every radiator. "
        "Is that right?",
    ),
    (
        "GARETH",
        "Nearly every radiator. The one radiator that shouldn't have a TRV is the one in the same room as "
        "your wall thermostat. "
        "If both of them are trying to control that room, they fight. The TRV shuts the radiator off, the "
        "room cools, the wall thermostat never gets satisfied, and the boiler runs all day heating the rest "
        "of the house. "
        "So on that one radiator, have the valve fully open, or swap the head for a plain one.",
    ),
    ("NADIA", "And what should the numbers be on the others?"),
    (
        "GARETH",
        "The numbers are not degrees, that's the big thing to know. On most valves 3 is somewhere around "
        "twenty degrees in the room. "
        "I'd have bedrooms on 2, living rooms on 3, and a room you don't use on the star, the frost setting, "
        "not off. Off lets it get damp.",
    ),
    (
        "NADIA",
        "Here's the question we get more than any other. Is it cheaper to leave the heating on low all day, or "
        "to put it on only when you need it?",
    ),
    (
        "GARETH",
        "For almost every house in this country, only when you need it. "
        "The heat a house loses depends on how much warmer it is inside than outside. "
        "Keep it warm all day and you're losing heat all day, including the hours when nobody's in. "
        "The exception is a very well insulated house with a heat pump, where low and steady can make sense, "
        "but that's a different episode. "
        "With a gas boiler and an ordinary house, use the timer. "
        "Have it come on about half an hour before you get up and half an hour before you get home.",
    ),
    ("NADIA", "What about people who say the boiler has to work harder to heat the house back up?"),
    (
        "GARETH",
        "It does work harder for that hour. But the total is still less than keeping it topped up all day. "
        "You can't beat the physics: the less time the house spends warm, the less heat goes out through the "
        "walls.",
    ),
    ("NADIA", "Radiator foil. The shiny stuff you put behind radiators. Worth it?"),
    (
        "GARETH",
        "On an outside wall, yes, especially an old solid wall with no cavity to insulate. "
        "It reflects some of the heat back into the room instead of warming the brickwork. "
        "A roll costs about ten pounds and it's an afternoon's job. "
        "You slide it down behind the radiator with a long ruler or a bit of dowel, shiny side facing the room. "
        "On an inside wall, don't bother. That heat ends up in the next room anyway.",
    ),
    ("NADIA", "Okay, and the sludge. The cold-at-the-bottom radiator."),
    (
        "GARETH",
        "Right. The best thing you can do is stop it building up. If you haven't got a magnetic filter on "
        "the pipe going back into the boiler, get one fitted next time the boiler's serviced. "
        "It catches the black iron oxide as it goes round. "
        "Cleaning it takes ten minutes at the annual service, and you can see what it's caught, "
        "it's quite satisfying, in a horrible way.",
    ),
    ("NADIA", "And if the sludge is already there?"),
    (
        "GARETH",
        "One radiator, you can take it off the wall and flush it out in the garden with a hose. "
        "If lots of them are cold at the bottom, that's a powerflush, "
        "where we pump cleaning chemicals through the whole system for most of a day. "
        "For a typical house, expect to pay somewhere between £400 and £700. "
        "And always ask them to put inhibitor back in at the end. That's the liquid that stops the "
        "corrosion starting again. A litre bottle is about fifteen pounds and it's the cheapest insurance "
        "your heating will ever have.",
    ),
    (
        "NADIA",
        "Quick fire before we finish. One thing people do that drives you mad?",
    ),
    (
        "GARETH",
        "Sofas in front of radiators. And long curtains tucked behind them. "
        "All that heat goes up behind the curtain and straight out of the window. "
        "Tuck the curtains on the window sill, or shorten them.",
    ),
    ("NADIA", "And the thing you'd do first, if it was your house?"),
    (
        "GARETH",
        "Turn the flow temperature down to 55. It takes two minutes and it costs nothing. "
        "Then bleed the radiators, then balance them when you've got a free Saturday.",
    ),
    (
        "NADIA",
        "Gareth Price, thank you. "
        "Next week we're up in the loft. Loft insulation: how thick it should be, "
        "and the answer, if you're starting from scratch, is 270 millimetres, "
        "and why you should never squash it down to make room for the Christmas decorations. "
        "If you've got a question for a future episode, send us a voice note through the website. "
        "I'm Nadia Brennan, this has been Warm Home, Small Bills. Stay warm.",
    ),
    ("", "[theme music]"),
]

MAX_LINE = 42  # characters on a subtitle line
WORDS_PER_SECOND = 2.0


def cues() -> list[tuple[str, list[str]]]:
    """The episode cut into cues: (speaker or "", lines of at most MAX_LINE characters, two at most); a cue ends
    at the end of a sentence once it holds seven words or more."""
    out = []
    for speaker, said in EPISODE:
        words = said.split()
        first = True
        while words:
            lines, line = [], ""
            said_so_far = 0
            while words and len(lines) < 2:
                w = words[0]
                if len(line) + len(w) + (1 if line else 0) > MAX_LINE:
                    lines.append(line)
                    line = ""
                    continue
                line = f"{line} {w}" if line else w
                words.pop(0)
                said_so_far += 1
                if w[-1] in ".?!" and said_so_far >= 7:
                    break
            if line:
                lines.append(line)
            if first and speaker:
                lines[0] = f"{speaker}: {lines[0]}"
                if len(lines[0]) > MAX_LINE + len(speaker) + 2:
                    raise SystemExit(f"cue line too long: {lines[0]!r}")
            out.append((speaker if first else "", lines))
            first = False
    return out


def stamp(ms: int) -> str:
    h, rest = divmod(ms, 3_600_000)
    m, rest = divmod(rest, 60_000)
    s, ms = divmod(rest, 1000)
    return f"{h:02d}:{m:02d}:{s:02d},{ms:03d}"


def srt() -> str:
    blocks, t = [], 1200
    for n, (speaker, lines) in enumerate(cues(), 1):
        text = " ".join(lines)
        if text.startswith("["):
            length = 6000 if "theme" in text else 3500
        else:
            length = max(1400, round(len(text.split()) / WORDS_PER_SECOND * 1000))
        if speaker:  # a new speaker: a breath before they start
            t += 900
        blocks.append(f"{n}\n{stamp(t)} --> {stamp(t + length)}\n" + "\n".join(lines) + "\n")
        t += length + 160
    return "\n".join(blocks)


# --- vCard (.vcf) ---------------------------------------------------------------------------------------------------

CONTACTS = [
    [
        "N:Haldane;Margaret;;;",
        "FN:Margaret Haldane",
        "NICKNAME:Gran",
        "BDAY:1947-11-07",
        "TEL;TYPE=HOME,VOICE:01653 600 214",
        "TEL;TYPE=CELL:07700 900137",
        "ADR;TYPE=HOME:;;4 Castlegate Mews;Malton;North Yorkshire;YO17 7DP;United Kingdom",
        "NOTE:Tom's mum. Rings back if you leave a message on the landline\\, never answers the mobile. Looks "
        "after Biscuit when we go away.",
        "CATEGORIES:Family",
    ],
    [
        "N:Haldane;Rob;;;",
        "FN:Rob Haldane",
        "BDAY:1983-04-22",
        "TEL;TYPE=CELL:07700 900588",
        "EMAIL;TYPE=INTERNET,HOME:rob.haldane@mailbox.example.org",
        "ADR;TYPE=HOME:;;Flat 2\\, 18 Bishopthorpe Road;York;;YO23 1JJ;United Kingdom",
        "NOTE:Tom's brother. Happy to babysit on a Saturday if he's fed.",
        "CATEGORIES:Family",
    ],
    [
        "N:Mistry;Dev;;;",
        "FN:Dev Mistry",
        "ORG:Mistry Plumbing & Heating",
        "TITLE:Plumber",
        "TEL;TYPE=CELL,VOICE:07700 900761",
        "TEL;TYPE=WORK,VOICE:01904 615 330",
        "EMAIL;TYPE=INTERNET,WORK:jobs@mistryplumbing.example.co.uk",
        "NOTE:Fixed the outside tap and the leaking stopcock\\, August 2027. Text first\\, he calls back between "
        "jobs. Not gas registered: boiler work goes to Hewitt Heating.",
        "CATEGORIES:House",
    ],
    [
        "N:Hewitt;Jo;;;",
        "FN:Jo Hewitt",
        "ORG:Hewitt Heating Ltd",
        "TITLE:Gas Safe engineer",
        "TEL;TYPE=WORK,VOICE:01904 622 918",
        "EMAIL;TYPE=INTERNET,WORK:bookings@hewittheating.example.co.uk",
        "NOTE:Annual boiler service. Gas Safe number 558210. Service plan renews every November\\, £96 a year.",
        "CATEGORIES:House",
    ],
    [
        "N:Rao;Sunita;;;",
        "FN:Sunita Rao",
        "ORG:Brightwire Electrical",
        "TITLE:Electrician",
        "TEL;TYPE=CELL,VOICE:07700 900925",
        "EMAIL;TYPE=INTERNET,WORK:sunita@brightwire.example.co.uk",
        "NOTE:Did the electrical survey when we bought Ferncliffe and quoted for a new consumer unit (£640). "
        "NICEIC registered.",
        "CATEGORIES:House",
    ],
    [
        "N:;;;;",
        "FN:Water Lane Surgery",
        "ORG:Water Lane Surgery",
        "TEL;TYPE=WORK,VOICE:01904 438 200",
        "EMAIL;TYPE=INTERNET,WORK:waterlane.prescriptions@nhs.example.uk",
        "ADR;TYPE=WORK:;;Water Lane;York;;YO30 6PQ;United Kingdom",
        "URL:https://waterlanesurgery.example.uk",
        "NOTE:GP for all four of us (Dr Ahmed). Lines open at 8am for same-day appointments. Repeat "
        "prescriptions by email only\\, allow three working days before collecting.",
        "CATEGORIES:Health",
    ],
    [
        "N:;;;;",
        "FN:Bootham Dental Practice",
        "ORG:Bootham Dental Practice",
        "TEL;TYPE=WORK,VOICE:01904 654 772",
        "ADR;TYPE=WORK:;;41 Bootham;York;;YO30 7BT;United Kingdom",
        "NOTE:NHS for the kids\\, Dr Kaur. Cancellations need 24 hours' notice or they charge.",
        "CATEGORIES:Health",
    ],
    [
        "N:;;;;",
        "FN:Clifton Green Primary School",
        "ORG:Clifton Green Primary School",
        "TEL;TYPE=WORK,VOICE:01904 552 731",
        "EMAIL;TYPE=INTERNET,WORK:office@cliftongreen.example.sch.uk",
        "ADR;TYPE=WORK:;;Water Lane;York;;YO30 6PX;United Kingdom",
        "NOTE:Absence line is the same number\\, option 1\\, before 9:15 on the first morning. Office open "
        "8:15 to 4. Maya Year 4 (Mr Achterberg)\\, Sam Year 1 (Mrs Oduya).",
        "CATEGORIES:Kids",
    ],
    [
        "N:;;;;",
        "FN:Holgate Vets",
        "ORG:Holgate Veterinary Centre",
        "TEL;TYPE=WORK,VOICE:01904 789 340",
        "ADR;TYPE=WORK:;;250 Holgate Road;York;;YO24 4BB;United Kingdom",
        "NOTE:Biscuit is registered here. His booster is due every March. Out of hours calls go to the "
        "emergency vet at Clifton Moor.",
        "CATEGORIES:Pets",
    ],
    [
        "N:Pearson;Ann;;;",
        "FN:Ann and Clive Pearson",
        "TEL;TYPE=CELL:07700 900314",
        "ADR;TYPE=HOME:;;11 Ferncliffe Road;York;;YO30 6RB;United Kingdom",
        "NOTE:Next-door neighbours at number 11. They have our spare key and feed Biscuit if we're out "
        "late. Clive has a ladder long enough for the gutters.",
        "CATEGORIES:Neighbours",
    ],
    [
        "N:Mortimer;Leah;;;",
        "FN:Leah Mortimer",
        "TEL;TYPE=CELL:07700 900476",
        "EMAIL;TYPE=INTERNET,HOME:leah.mortimer@mailbox.example.org",
        "NOTE:Babysitter\\, sixth-former at St Peter's. £10.50 an hour\\, can't do Fridays (works at the "
        "cinema). Walk her home after 10pm.",
        "CATEGORIES:Kids",
    ],
    [
        "N:Dobson;Kev;;;",
        "FN:Kev Dobson",
        "ORG:Kev's Window Cleaning",
        "TEL;TYPE=CELL:07700 900650",
        "NOTE:Every four weeks\\, Thursdays. £18 front and back\\, pay by bank transfer\\, sort code and "
        "account on the card he left.",
        "CATEGORIES:House",
    ],
]


def vcf() -> str:
    lines = []
    for i, card in enumerate(CONTACTS, 1):
        lines += ["BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//iPhone OS 20.1//EN", *card]
        lines += [f"UID:5F1C0A2E-{i:04d}-4B7D-9E3A-HALDANE{i:05d}", "REV:2027-09-30T20:10:00Z", "END:VCARD"]
    return "".join(part + "\r\n" for line in lines for part in fold(line))


# --- nginx configuration (.conf) ------------------------------------------------------------------------------------

NGINX = """\
# /etc/nginx/sites-available/haldane-home.conf
#
# Reverse proxy for the little server in the loft (the NUC called "larder") and the old Synology.
# Tom, last changed 3 October 2027.
#
# After any change: `sudo nginx -t` first, and only if that says the syntax is ok,
# `sudo systemctl reload nginx`. A reload keeps open connections; a restart drops everyone's uploads.
#
#   cloud.haldane-home.example.net   Nextcloud (docker on larder, port 8080)
#   media.haldane-home.example.net   Jellyfin (on the Synology, 192.168.1.20:8096)
#   ha.haldane-home.example.net      Home Assistant (docker on larder, port 8123)
#   status.haldane-home.example.net  Uptime Kuma (port 3001), home network and VPN only
#
# This file is included inside the http { } block of /etc/nginx/nginx.conf.

# --- rate limits ---------------------------------------------------------------------------------------
# Logins: 10 requests a minute per address, kept in a 10 MB zone (about 160,000 addresses).
# Added in August after a bot tried several thousand passwords on Nextcloud in one night.
limit_req_zone $binary_remote_addr zone=logins:10m rate=10r/m;
# Everything else: generous, it only stops something stuck in a loop.
limit_req_zone $binary_remote_addr zone=general:10m rate=20r/s;
limit_req_status 429;

# --- upstreams -----------------------------------------------------------------------------------------
upstream nextcloud {
    server 127.0.0.1:8080;
    keepalive 16;
}

upstream jellyfin {
    server 192.168.1.20:8096;
}

upstream homeassistant {
    server 127.0.0.1:8123;
}

upstream uptimekuma {
    server 127.0.0.1:3001;
}

# WebSocket connections (Home Assistant, Jellyfin, Uptime Kuma) need the Upgrade header passed on.
map $http_upgrade $connection_upgrade {
    default upgrade;
    ''      close;
}

# --- TLS, shared by every server below -----------------------------------------------------------------
# One wildcard certificate from Let's Encrypt for *.haldane-home.example.net, renewed by certbot with the
# DNS challenge (the router will not forward port 80 to larder reliably).
ssl_certificate     /etc/letsencrypt/live/haldane-home.example.net/fullchain.pem;
ssl_certificate_key /etc/letsencrypt/live/haldane-home.example.net/privkey.pem;
ssl_protocols TLSv1.2 TLSv1.3;
ssl_prefer_server_ciphers off;
ssl_session_cache shared:TLS:10m;
ssl_session_timeout 1d;
ssl_session_tickets off;
# Gran's old iPad needs TLS 1.2, which is why 1.2 stays on for now.

# --- port 80: everything goes to HTTPS ------------------------------------------------------------------
server {
    listen 80 default_server;
    listen [::]:80 default_server;
    server_name _;

    # kept for the day we go back to the HTTP challenge
    location /.well-known/acme-challenge/ {
        root /var/www/certbot;
    }

    location / {
        return 301 https://$host$request_uri;
    }
}

# --- anything that asks for a name we do not serve --------------------------------------------------------
server {
    listen 443 ssl http2 default_server;
    listen [::]:443 ssl http2 default_server;
    server_name _;
    # 444: nginx closes the connection without an answer. Scanners get nothing.
    return 444;
}

# --- Nextcloud ------------------------------------------------------------------------------------------
server {
    listen 443 ssl http2;
    listen [::]:443 ssl http2;
    server_name cloud.haldane-home.example.net;

    # Phones upload whole videos; nginx's default of 1 MB breaks every upload bigger than a photo.
    client_max_body_size 16G;
    client_body_buffer_size 512k;
    # Big uploads from the phones over 4G take a long time: give them an hour.
    proxy_read_timeout 3600s;
    proxy_send_timeout 3600s;

    # 180 days; includeSubDomains because every name under haldane-home is HTTPS only.
    add_header Strict-Transport-Security "max-age=15552000; includeSubDomains" always;
    add_header Referrer-Policy "no-referrer" always;
    add_header X-Content-Type-Options "nosniff" always;

    access_log /var/log/nginx/cloud.access.log;
    error_log  /var/log/nginx/cloud.error.log warn;

    # Calendar and contacts apps look for these two; Nextcloud answers at remote.php/dav.
    location = /.well-known/carddav {
        return 301 https://$host/remote.php/dav;
    }
    location = /.well-known/caldav {
        return 301 https://$host/remote.php/dav;
    }

    location = /login {
        limit_req zone=logins burst=5 nodelay;
        proxy_pass http://nextcloud;
        include /etc/nginx/snippets/proxy-headers.conf;
    }

    location / {
        limit_req zone=general burst=200 nodelay;
        proxy_pass http://nextcloud;
        include /etc/nginx/snippets/proxy-headers.conf;
        # Nextcloud streams big downloads itself; buffering them to disk here only fills the SD card.
        proxy_max_temp_file_size 0;
    }
}

# --- Jellyfin -------------------------------------------------------------------------------------------
server {
    listen 443 ssl http2;
    listen [::]:443 ssl http2;
    server_name media.haldane-home.example.net;

    add_header Strict-Transport-Security "max-age=15552000; includeSubDomains" always;

    access_log /var/log/nginx/media.access.log;

    location / {
        proxy_pass http://jellyfin;
        include /etc/nginx/snippets/proxy-headers.conf;
        # Do not buffer video: with buffering on, playback stutters every few seconds while nginx fills
        # its buffers before passing anything on.
        proxy_buffering off;
    }

    location /socket {
        proxy_pass http://jellyfin;
        include /etc/nginx/snippets/proxy-headers.conf;
        proxy_http_version 1.1;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $connection_upgrade;
    }
}

# --- Home Assistant -------------------------------------------------------------------------------------
server {
    listen 443 ssl http2;
    listen [::]:443 ssl http2;
    server_name ha.haldane-home.example.net;

    add_header Strict-Transport-Security "max-age=15552000; includeSubDomains" always;

    location / {
        proxy_pass http://homeassistant;
        include /etc/nginx/snippets/proxy-headers.conf;
        proxy_http_version 1.1;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $connection_upgrade;
        # The app keeps one WebSocket open all day; with nginx's default of 60 s it was cut off whenever the
        # house was quiet and the phones showed "unavailable".
        proxy_read_timeout 1d;
    }

    location /auth/login_flow {
        limit_req zone=logins burst=5 nodelay;
        proxy_pass http://homeassistant;
        include /etc/nginx/snippets/proxy-headers.conf;
    }
}

# --- Uptime Kuma: home network and WireGuard only -------------------------------------------------------
server {
    listen 443 ssl http2;
    listen [::]:443 ssl http2;
    server_name status.haldane-home.example.net;

    allow 192.168.1.0/24;   # home network
    allow 10.8.0.0/24;      # WireGuard: the phones when we are out
    deny  all;

    location / {
        proxy_pass http://uptimekuma;
        include /etc/nginx/snippets/proxy-headers.conf;
        proxy_http_version 1.1;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $connection_upgrade;
    }
}
"""

# --- checks ---------------------------------------------------------------------------------------------------------

MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
DAYS = "Mon|Tue|Wed|Thu|Fri|Sat|Sun"
WEEKDAY_DATE = re.compile(
    rf"\b({DAYS})[a-z]*,?\.? +(\d{{1,2}}) +(" + "|".join(MONTHS) + r")[a-z]* +(\d{4})\b"
)
ORG_STAMP = re.compile(rf"[<\[](\d{{4}})-(\d\d)-(\d\d) ({DAYS})\b")


def check_weekdays(text: str) -> int:
    """Every weekday written next to a date ("Fri 30 Jul 2027", an Org timestamp "<2027-07-23 Fri>") is that
    date's weekday; returns how many were checked."""
    n = 0
    found = [
        (m[0], dt.date(int(m[4]), MONTHS.index(m[3]) + 1, int(m[2])), m[1])
        for m in WEEKDAY_DATE.finditer(text)
    ]
    found += [(m[0], dt.date(int(m[1]), int(m[2]), int(m[3])), m[4]) for m in ORG_STAMP.finditer(text)]
    for written, day, weekday in found:
        if day.strftime("%a") != weekday:
            raise SystemExit(f"{written!r}: that day is a {day.strftime('%A')}")
        n += 1
    return n


def unfold(text: str) -> list[str]:
    """The content lines of an iCalendar or vCard file: CRLF line ends, a line starting with a space or a tab
    continues the one before (RFC 5545 3.1, RFC 6350 3.2)."""
    if text.replace("\r\n", "").count("\n") or text.replace("\r\n", "").count("\r"):
        raise SystemExit("a line end that is not CRLF")
    out: list[str] = []
    for line in text.split("\r\n")[:-1]:
        if line[:1] in (" ", "\t"):
            out[-1] += line[1:]
        else:
            out.append(line)
    for line in text.split("\r\n"):
        if len(line.encode("utf-8")) > 75:
            raise SystemExit(f"line over 75 octets: {line[:30]!r}")
    return out


def parse_components(text: str) -> list[dict]:
    """Each component (BEGIN:X ... END:X), innermost first, as {"name": X, "props": {NAME: [(params, value)]}};
    the BEGIN/END lines must nest."""
    stack: list[dict] = []
    done: list[dict] = []
    for line in unfold(text):
        name_params, sep, value = line.partition(":")
        if not sep:
            raise SystemExit(f"no colon: {line!r}")
        name, *params = name_params.split(";")
        if name == "BEGIN":
            stack.append({"name": value, "props": {}})
        elif name == "END":
            if not stack or stack[-1]["name"] != value:
                raise SystemExit(f"END:{value} does not close {stack[-1]['name'] if stack else 'anything'}")
            done.append(stack.pop())
        elif not stack:
            raise SystemExit(f"a property outside any component: {line!r}")
        else:
            stack[-1]["props"].setdefault(name, []).append((params, value))
    if stack:
        raise SystemExit(f"{stack[-1]['name']} is not closed")
    return done


def check_ics(text: str) -> None:
    parts = parse_components(text)
    events = [c for c in parts if c["name"] == "VEVENT"]
    if [c["name"] for c in parts][-1] != "VCALENDAR" or len(events) != len(EVENTS):
        raise SystemExit("the calendar is not one VCALENDAR holding every event")
    for e in events:
        p = e["props"]
        for need in ("UID", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY"):
            if len(p.get(need, [])) != 1:
                raise SystemExit(f"an event without exactly one {need}")
        (sp, start), (ep, end) = p["DTSTART"][0], p["DTEND"][0]
        if sp != ep or not start < end:
            raise SystemExit(f"{p['SUMMARY'][0][1]}: DTEND is not after DTSTART in the same form")
        for params, value in (p["DTSTART"][0], p["DTEND"][0]):
            fmt = "%Y%m%d" if params == ["VALUE=DATE"] else "%Y%m%dT%H%M%S"
            dt.datetime.strptime(value, fmt)
    if sum(1 for c in parts if c["name"] == "VALARM") != sum(1 for e in EVENTS if e[7]):
        raise SystemExit("an alarm went missing")


def check_vcf(text: str) -> None:
    cards = parse_components(text)
    if len(cards) != len(CONTACTS) or any(c["name"] != "VCARD" for c in cards):
        raise SystemExit("the contacts are not one VCARD each")
    for c in cards:
        p = c["props"]
        if p["VERSION"] != [([], "3.0")] or len(p.get("FN", [])) != 1 or len(p.get("N", [])) != 1:
            raise SystemExit("a card without VERSION 3.0, one FN and one N")
        for _, value in p.get("BDAY", []):
            dt.date.fromisoformat(value)


SRT_TIME = re.compile(r"^(\d\d):(\d\d):(\d\d),(\d\d\d) --> (\d\d):(\d\d):(\d\d),(\d\d\d)$")


def check_srt(text: str) -> int:
    """Cues numbered 1, 2, 3..., each a number line, a time line and one or two text lines, times moving forward
    without overlap; returns the length in milliseconds."""
    last = 0
    for n, block in enumerate(text.rstrip("\n").split("\n\n"), 1):
        number, times, *lines = block.split("\n")
        m = SRT_TIME.match(times)
        if number != str(n) or not m or not 1 <= len(lines) <= 2:
            raise SystemExit(f"cue {n} is malformed: {block[:40]!r}")
        g = [int(x) for x in m.groups()]
        start = ((g[0] * 60 + g[1]) * 60 + g[2]) * 1000 + g[3]
        end = ((g[4] * 60 + g[5]) * 60 + g[6]) * 1000 + g[7]
        if not last <= start < end:
            raise SystemExit(f"cue {n}'s times go backwards")
        last = end
    return last


def check_braces(text: str) -> None:
    depth = 0
    for i, line in enumerate(text.split("\n"), 1):
        code = line.split("#", 1)[0]
        depth += code.count("{") - code.count("}")
        if depth < 0:
            raise SystemExit(f"line {i}: a brace closes nothing")
        if code.strip() and not code.rstrip().endswith(("{", "}", ";")):
            raise SystemExit(f"line {i}: a directive without its semicolon")
    if depth:
        raise SystemExit("unbalanced braces")


# --- writing them -------------------------------------------------------------------------------------------------


def files() -> dict[str, str]:
    """The part's private documents by their path under ``files/private9/``."""
    return {
        "moving-house-2027.org": ORG,
        "haldane-family-calendar.ics": ics(),
        "warm-home-small-bills-ep14.srt": srt(),
        "contacts-2027-09-30.vcf": vcf(),
        "haldane-home.conf": NGINX,
    }


def check(made: dict[str, str]) -> None:
    for text in made.values():
        check_weekdays(text)
    check_ics(made["haldane-family-calendar.ics"])
    check_vcf(made["contacts-2027-09-30.vcf"])
    check_srt(made["warm-home-small-bills-ep14.srt"])
    check_braces(made["haldane-home.conf"])


def main() -> None:
    made = files()
    check(made)
    for name, text in made.items():
        path = OUT / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))


if __name__ == "__main__":
    main()
