"""Generate the private documents of the realdocs ``heldout12`` part under ``files/private12/``: a community energy
co-op's annual meeting talk as its slide deck exported to PDF (``.pdf``: landscape 16:9 pages, one slide a page, a
big title, bullets, a slide number in the corner and the talk's name in a small footer; a table slide, a two-column
comparison and a closing "Questions?" slide), a housing co-op's house rules typed as a paged plain-text document
(``.txt``: RFC layout, 72 columns, pages of 56 lines separated by form feeds, a running header and a footer with
the page number on every page, numbered sections, a contents list), a reply deep in a rowing club's e-mail thread
(``.eml``: top-posted, the earlier messages quoted below it with ``>``, ``> >``, ... and "On ... wrote:" lines, the
dinner's place, time and price changed on the way; plain text in quoted-printable, a ``-- `` signature and the
sender's firm's legal disclaimer at the foot) and a repair podcast's RSS 2.0 feed (``.xml``: a channel with
``itunes:`` tags and ten items, each with a title, a pubDate, a description of escaped HTML, an enclosure and an
``itunes:duration``).

    python eval/realdocs/make_heldout12.py          # rewrite them; the output is the same on every run

Standard library only. Everything is fixed text or computed from fixed text (the slides' table from its rows, the
enclosures' lengths from the episodes' durations), so a rerun gives the same bytes. Every weekday written next to a
date ("Saturday 12 June 2027", "Thu, 14 Oct 2027", "On Tue, 12 Oct 2027 at 17:31") is checked against the calendar,
and each file is checked as its format when the files are written: the PDF's xref offsets point at their objects
and every piece of text lies inside its slide's margins; the house rules' pages are 56 lines with the running header
first and the footer last, numbered in order, no line over 72 characters; the e-mail parses back to the same text
from one quoted-printable text/plain part and its quote levels nest; the feed parses as XML, its items' guids are
unique, their dates move back in time, and each description unescapes to HTML whose tags nest. The other document
of the part (zlib's ``zlib.h``) is copied unchanged from a Debian package, as ``documents.json`` records.
"""

from __future__ import annotations

import datetime as dt
import email
import email.policy
import email.utils
import quopri
import re
import textwrap
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree as ET
from xml.sax.saxutils import escape

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout12 (the tests)
    from make_heldout6 import HELVETICA, pdf_bytes, pdf_string
    from make_heldout10 import write_files
except ImportError:
    from eval.realdocs.make_heldout6 import HELVETICA, pdf_bytes, pdf_string
    from eval.realdocs.make_heldout10 import write_files

OUT = Path(__file__).resolve().parent / "files" / "private12"
YEAR = 2027

# --- PDF: a slide deck, 16:9 ------------------------------------------------------------------------------------------

SLIDE_W, SLIDE_H = 960, 540  # points: PowerPoint's 16:9 slide, 13.33 by 7.5 inches
MARGIN = 40
WIDTHS = HELVETICA | {"\u2022": 350}  # Helvetica's widths (make_heldout6.HELVETICA), and the bullet's
BOLD_FACTOR = 1.08  # Helvetica-Bold is a little wider: bold text is measured generously
TALK = "Tollbridge Community Energy | Annual Members' Meeting 2027"
DARK = b"0.11 0.33 0.24"  # the deck's dark green
GREY = b"0.40 0.40 0.40"


def text_width(text: str, font: str, size: float) -> float:
    return sum(WIDTHS[c] for c in text) * size / 1000 * (BOLD_FACTOR if font == "F2" else 1)


def wrap(text: str, width: float, font: str, size: float) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and text_width(trial, font, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


class Slide:
    """The drawing of one slide: text pieces (F1 Helvetica, F2 Helvetica-Bold, in a colour), rules and filled
    rectangles, in the order drawn; ``pieces`` keeps (x, y, width, size, text) of each text piece for the checks."""

    def __init__(self, number: int | None = None) -> None:
        self.number = number  # shown in the bottom right corner (the title slide has none)
        self.ops: list[bytes] = []
        self.pieces: list[tuple[float, float, float, float, str]] = []

    def text(
        self,
        x: float,
        y: float,
        text: str,
        font: str = "F1",
        size: float = 20,
        align: str = "left",
        colour: bytes = b"0 0 0",
    ) -> None:
        w = text_width(text, font, size)
        if align == "right":
            x -= w
        elif align == "centre":
            x -= w / 2
        self.pieces.append((x, y, w, size, text))
        self.ops.append(
            b"BT %s rg /%s %g Tf %.2f %.2f Td %s Tj ET"
            % (colour, font.encode(), size, x, y, pdf_string(text))
        )

    def rule(self, x1: float, y1: float, x2: float, y2: float, width: float = 1) -> None:
        self.ops.append(b"q %s RG %g w %.2f %.2f m %.2f %.2f l S Q" % (DARK, width, x1, y1, x2, y2))

    def fill(self, x: float, y: float, w: float, h: float, colour: bytes = DARK) -> None:
        self.ops.append(b"q %s rg %.2f %.2f %.2f %.2f re f Q" % (colour, x, y, w, h))

    def stream(self) -> bytes:
        return b"\n".join(self.ops) + b"\n"


class Body:
    """Lays a slide's content down from ``top``: bullets (a bullet glyph, the text wrapped beside it), plain lines."""

    def __init__(self, slide: Slide, x: float, top: float, right: float = SLIDE_W - MARGIN) -> None:
        self.slide, self.x, self.y, self.right = slide, x, top, right

    def bullet(self, text: str, size: float = 20, gap: float = 13) -> None:
        indent = size * 1.1
        for i, line in enumerate(wrap(text, self.right - self.x - indent, "F1", size)):
            if i == 0:
                self.slide.text(self.x, self.y, "\u2022", "F1", size, colour=DARK)
            self.slide.text(self.x + indent, self.y, line, "F1", size)
            self.y -= size * 1.25
        self.y -= gap

    def line(self, text: str, font: str = "F1", size: float = 20, colour: bytes = b"0 0 0") -> None:
        for line in wrap(text, self.right - self.x, font, size):
            self.slide.text(self.x, self.y, line, font, size, colour=colour)
            self.y -= size * 1.3


def titled(title: str, number: int) -> Slide:
    """A content slide: an accent bar and the title at the top, a rule under it; the footer with the talk's name
    bottom left and the slide number bottom right are drawn last (``finish``)."""
    slide = Slide(number)
    slide.fill(MARGIN, 466, 8, 40)
    slide.text(MARGIN + 20, 474, title, "F2", 32, colour=DARK)
    slide.rule(MARGIN, 452, SLIDE_W - MARGIN, 452)
    return slide


def finish(slide: Slide) -> Slide:
    slide.rule(MARGIN, 46, SLIDE_W - MARGIN, 46, 0.5)
    slide.text(MARGIN, 26, TALK, "F1", 10, colour=GREY)
    slide.text(SLIDE_W - MARGIN, 26, str(slide.number), "F2", 14, "right", colour=DARK)
    return slide


# (site, capacity, forecast MWh, generated MWh)
SITES = [
    ("Hollins Farm solar park", "950 kWp", 905, 934),
    ("Mill Lane wind turbine", "225 kW", 260, 171),
    ("School roofs (4 schools)", "58 kWp", 44, 41),
]
GRANTS = [
    ("Tollbridge Village Hall", 9500, "loft and wall insulation"),
    ("Warm Homes advice sessions with Citizens Advice", 6000, "12 drop-in sessions"),
    ("Tollbridge Primary School", 4200, "an energy-monitoring project for Years 5 and 6"),
    ("1st Tollbridge Scouts", 3300, "LED lighting in the scout hut"),
    ("Small grants under £1,000", 5000, "nine local groups"),
]
INCOME, COSTS, SHARE_CAPITAL, INTEREST_RATE = 212_400, 96_850, 1_750_000, 3.5


def money(v: float) -> str:
    return f"£{v:,.0f}"


def deck() -> list[Slide]:
    slides = []

    # 1: the title slide, without footer or number (as PowerPoint's "don't show on title slide")
    s = Slide()
    s.fill(0, 0, SLIDE_W, 14)
    s.fill(0, 526, SLIDE_W, 14)
    s.text(SLIDE_W / 2, 330, "Tollbridge Community Energy", "F2", 44, "centre", DARK)
    s.text(SLIDE_W / 2, 280, "Annual Members' Meeting 2027", "F1", 28, "centre")
    s.text(
        SLIDE_W / 2,
        200,
        "Saturday 12 June 2027, St Aidan's Church Hall, Tollbridge",
        "F1",
        18,
        "centre",
        GREY,
    )
    s.text(SLIDE_W / 2, 172, "Helen Marchetti, Chair of the Board", "F1", 18, "centre", GREY)
    slides.append(s)

    # 2: agenda
    s = titled("Agenda", 2)
    b = Body(s, 70, 400)
    for i, item in enumerate(
        [
            "Our year in numbers",
            "How each site did",
            "Finances and members' interest",
            "Battery storage at Hollins Farm: your vote",
            "Community fund grants",
            "Share offer 2027",
            "Board elections",
            "What's next, and questions",
        ],
        1,
    ):
        s.text(70, b.y, f"{i}.", "F2", 20, colour=DARK)
        s.text(100, b.y, item, "F1", 20)
        b.y -= 38
    slides.append(finish(s))

    # 3: the year in numbers
    s = titled("2026 in numbers", 3)
    b = Body(s, 70, 400)
    generated = sum(g for *_, g in SITES)
    b.bullet(f"{generated:,} MWh generated across our three sites, enough for about 400 homes")
    b.bullet("312 members, up from 268 a year ago; 71% live within five miles")
    b.bullet("An estimated 241 tonnes of CO2 avoided")
    b.bullet("The Mill Lane turbine stood still for 23 days in January while a gearbox bearing was replaced")
    b.bullet("Availability across all sites: 96.8%")
    slides.append(finish(s))

    # 4: a table of the sites
    s = titled("How each site did in 2026", 4)
    stops = (470, 610, 760, SLIDE_W - 70)  # right edges of the number columns
    head = ("Site", "Capacity", "Forecast", "Generated", "vs forecast")
    y = 398
    s.text(70, y, head[0], "F2", 18, colour=DARK)
    for stop, cell in zip(stops, head[1:]):
        s.text(stop, y, cell, "F2", 18, "right", DARK)
    s.rule(70, y - 10, SLIDE_W - 70, y - 10)
    rows = [
        (site, cap, f"{f:,} MWh", f"{g:,} MWh", f"{(g - f) / f * 100:+.1f}%") for site, cap, f, g in SITES
    ]
    forecast = sum(f for _, _, f, _ in SITES)
    total = ("Total", "1,233 kWp", f"{forecast:,} MWh", f"{generated:,} MWh")
    total += (f"{(generated - forecast) / forecast * 100:+.1f}%",)
    if sum(int(c.split()[0].replace(",", "")) for _, c, *_ in SITES) != 1233:
        raise SystemExit("slides: the capacities do not add up to the total")
    for row in rows:
        y -= 44
        s.text(70, y, row[0], "F1", 18)
        for stop, cell in zip(stops, row[1:]):
            s.text(stop, y, cell, "F1", 18, "right")
    s.rule(70, y - 14, SLIDE_W - 70, y - 14, 0.5)
    y -= 44
    s.text(70, y, total[0], "F2", 18)
    for stop, cell in zip(stops, total[1:]):
        s.text(stop, y, cell, "F2", 18, "right")
    b = Body(s, 70, y - 62)
    b.bullet("Wind shortfall: the gearbox outage, then the calmest autumn on our records (since 2013)", 18)
    slides.append(finish(s))

    # 5: finances
    interest = SHARE_CAPITAL * INTEREST_RATE / 100
    fund = sum(v for _, v, _ in GRANTS)
    reserves = INCOME - COSTS - interest - fund
    s = titled("Finances 2026", 5)
    b = Body(s, 70, 400)
    b.bullet(f"Income from selling electricity: {money(INCOME)}")
    b.bullet(f"Running costs: {money(COSTS)} (maintenance, insurance, land rent, business rates)")
    b.bullet(
        f"Members' interest: {INTEREST_RATE}% on {money(SHARE_CAPITAL)} of share capital, {money(interest)}, "
        "paid on Wednesday 30 June 2027"
    )
    b.bullet(f"Community fund: {money(fund)}")
    b.bullet(f"Added to reserves: {money(reserves)}")
    slides.append(finish(s))

    # 6: a two-column comparison; the left column is drawn first, then the right, then the line under both
    s = titled("Battery storage at Hollins Farm: two options", 6)
    left, right = Body(s, 70, 398, 460), Body(s, 510, 398, SLIDE_W - 60)
    s.fill(60, 384, 400, 42, b"0.90 0.94 0.91")
    s.fill(500, 384, 400, 42, b"0.90 0.94 0.91")
    left.line("Option A: Voltaris 2 MWh", "F2", 22, DARK)
    left.y -= 16
    for item in [
        "2 MWh of lithium iron phosphate cells",
        "Installed cost £980,000",
        "15-year warranty, 6,000 cycles",
        "Needs a grid connection upgrade first (£85,000, not before 2030)",
        "Estimated earnings £118,000 a year",
    ]:
        left.bullet(item, 17, 6)
    right.line("Option B: Stoneleigh 1 MWh", "F2", 22, DARK)
    right.y -= 16
    for item in [
        "1 MWh of lithium iron phosphate cells",
        "Installed cost £540,000",
        "10-year warranty, 4,000 cycles",
        "Fits our existing grid connection",
        "Estimated earnings £61,000 a year",
    ]:
        right.bullet(item, 17, 6)
    bottom = Body(s, 70, min(left.y, right.y) - 8)
    bottom.line(
        "The board recommends Option B: it can be running by spring 2028 on the grid connection we already have.",
        "F2",
        17,
    )
    slides.append(finish(s))

    # 7: community fund
    s = titled(f"Community fund 2026: {money(fund)} granted", 7)
    b = Body(s, 70, 400)
    for who, amount, what in GRANTS:
        b.bullet(f"{who}: {money(amount)} for {what}", 19, 10)
    b.bullet("The 2027 round opens on 1 September: apply at tollbridge-energy.coop/fund", 19, 10)
    slides.append(finish(s))

    # 8: the share offer
    s = titled("Share offer 2027", 8)
    b = Body(s, 70, 400)
    b.bullet("Raising £600,000 towards the battery and four more school roofs")
    b.bullet("Minimum £100, maximum £40,000 per member")
    b.bullet("Target interest 4% a year, from 2028")
    b.bullet("Opens Wednesday 1 September 2027, closes Friday 29 October 2027")
    b.bullet("Existing members have first call on shares until 15 September")
    b.bullet("Shares can be withdrawn after three years, with 90 days' notice")
    slides.append(finish(s))

    # 9: board elections
    s = titled("Board elections", 9)
    b = Body(s, 70, 400)
    b.bullet("Three seats this year, four candidates")
    b.bullet("Gordon Pryce, our treasurer since 2019, is not standing again: thank you, Gordon")
    b.bullet("Candidates: Amira Haddad, Tom Eckersley, Ruth Oyelowo and Simon Blackwood")
    b.bullet("Paper ballot today; postal votes received by Wednesday 9 June 2027 are counted too")
    b.bullet("Results announced before the end of the meeting")
    slides.append(finish(s))

    # 10: what's next
    s = titled("What's next", 10)
    b = Body(s, 70, 400)
    b.bullet("Battery: today's vote, then the order in July")
    b.bullet("Mill Lane turbine: a new service contract with Northwind Services from August")
    b.bullet("Four more school roofs by summer 2028: Ashgrove, St Mary's, Fenby and Long Ditton")
    b.bullet("An electric vehicle charger at the village hall car park in spring 2028")
    slides.append(finish(s))

    # 11: the closing slide
    s = titled("Questions?", 11)
    b = Body(s, 70, 380)
    b.line("Thank you for coming, and for investing in Tollbridge.", "F1", 24, DARK)
    b.y -= 24
    b.line("Email: hello@tollbridge-energy.coop", "F1", 20)
    b.line("Members' helpline: 01632 960844, Tuesdays and Thursdays, 10am to 2pm", "F1", 20)
    b.line("Slides and the accounts: tollbridge-energy.coop/agm", "F1", 20)
    slides.append(finish(s))

    for number, slide in enumerate(slides, 1):
        for x, y, w, size, text in slide.pieces:
            if not (
                MARGIN - 0.01 <= x and x + w <= SLIDE_W - MARGIN + 0.01 and 20 <= y <= SLIDE_H - size - 20
            ):
                raise SystemExit(f"slides: {text!r} on slide {number} lies outside the slide's margins")
            if y < 60 and size > 14:
                raise SystemExit(f"slides: {text!r} on slide {number} runs into the footer")
    return slides


SLIDES_NAME = "tollbridge-community-energy-agm-2027.pdf"


def slides_pdf() -> bytes:
    return pdf_bytes(
        deck(),
        "Tollbridge Community Energy - Annual Members' Meeting 2027",
        "Helen Marchetti",
        "20270610211500Z",
        "make_heldout12.py",
        (SLIDE_W, SLIDE_H),
    )


def check_pdf(data: bytes) -> None:
    """Each xref entry points at its object; the trailer's startxref points at the xref table; every page is 16:9."""
    start = int(re.search(rb"startxref\n(\d+)\n%%EOF\n$", data)[1])
    if not data[start:].startswith(b"xref\n"):
        raise SystemExit("slides: startxref does not point at the xref table")
    count = int(re.match(rb"xref\n0 (\d+)\n", data[start:])[1])
    entries = data[start:].split(b"\n")[3 : 3 + count - 1]
    for number, entry in enumerate(entries, 1):
        if not data[int(entry[:10]) :].startswith(b"%d 0 obj\n" % number):
            raise SystemExit(f"slides: object {number} is not at its xref offset")
    boxes = re.findall(rb"/MediaBox \[0 0 (\d+) (\d+)\]", data)
    if len(boxes) != 11 or set(boxes) != {(b"960", b"540")}:
        raise SystemExit("slides: not eleven 16:9 pages")


# --- plain text in pages: a housing co-op's house rules, RFC layout ---------------------------------------------------

RULES_NAME = "greenway-house-rules-2027.txt"
WIDTH, PAGE_LINES, BODY_LAST = 72, 56, 52  # columns; lines a page; the last line the body may use
HEADER = ("Greenway Housing Co-op", "House Rules", "March 2027")
FOOTER = ("Okafor", "For members and residents", "[Page {n}]")

# (number, heading, [(rule number or None, paragraph)])
RULES = [
    ("1", "Introduction", [
        (None, "These rules are made by the members of Greenway Housing Co-operative Limited under rule 54 of "
               "the co-op's registered rules. They apply to every member, to everyone else who lives in a Greenway "
               "home, and to their visitors. Where these rules and a member's tenancy agreement disagree, the "
               "tenancy agreement wins."),
        (None, "Greenway has 38 homes in three buildings: Alder House (flats 1 to 16), Birch House (flats 17 to "
               "30) and the Coach House (homes 31 to 38). In these rules the shared areas are the stairs and "
               "landings, the bin store, the bike store, the laundry room, the courtyard and the back garden."),
    ]),
    ("2", "Quiet Hours and Noise", [
        ("2.1", "Quiet hours are from 10:30pm to 7:30am on Sunday to Thursday nights, and from 11:30pm to 9am on "
                "Friday and Saturday nights. During quiet hours keep music, television and voices low enough "
                "that they cannot be heard in the next home."),
        ("2.2", "Power tools (drills, sanders, saws) may only be used between 9am and 6pm, Monday to Saturday. "
                "They may not be used on Sundays or bank holidays."),
        ("2.3", "If you are having a party, put a note through the doors on your landing and the landings above "
                "and below at least 48 hours before. No household may hold more than one party a month."),
        ("2.4", "Do not run a washing machine or dishwasher in your home during quiet hours: the floors of Alder "
                "House carry the sound to the flat below."),
    ]),
    ("3", "Guests", [
        ("3.1", "Members may have guests to stay without asking anyone. A guest may stay for no more than 14 "
                "nights in a row, and for no more than 42 nights in a calendar year. For a longer stay, ask the "
                "Membership Committee in writing: everyone who lives at Greenway for good must be a member."),
        ("3.2", "The guest room in the Coach House (room 35A, a double bed and a shower room) can be booked by "
                "any member for their visitors. It costs £12 a night, for up to 5 nights a booking. Book it on "
                "the sheet in the laundry room or by writing to lettings@greenway-coop.org.uk. Clean sheets are "
                "in the linen cupboard on the landing; strip the bed when your guest leaves."),
        ("3.3", "Members are responsible for the behaviour of their guests, and for any damage they do."),
    ]),
    ("4", "Pets", [
        ("4.1", "A home may keep one cat, or, in a ground floor home (flats 1 to 4 and 17 to 19, and the "
                "Coach House), one dog, with the written permission of the Management Committee. Ask before the "
                "animal arrives, not after. Dogs are not allowed in the upstairs flats."),
        ("4.2", "Small animals kept in a cage or tank (hamsters, budgies, fish) need no permission."),
        ("4.3", "Dogs must be on a lead in all the shared areas, the back garden included, and their owners "
                "must clear up after them. No animal may be left alone in a home for more than 24 hours."),
        ("4.4", "Permission may be withdrawn after two written complaints in twelve months that the Management "
                "Committee upholds."),
    ]),
    ("5", "Bins and Recycling", [
        ("5.1", "The bin store is behind Birch House. Its door code is on the noticeboard in each entrance hall "
                "and changes on 1 January and 1 July."),
        ("5.2", "General waste is collected on Mondays, recycling (the blue bins) every other Thursday, and "
                "food caddies every Thursday. The household on the bin rota puts the bins out on the kerb the "
                "evening before and brings them back in by 8pm on the day of the collection."),
        ("5.3", "Glass goes in the green boxes by the front gate, never in the blue bins."),
        ("5.4", "Bulky items (furniture, mattresses, fridges and other white goods) must not be left in the bin "
                "store. Book a council collection, which costs £24 for up to three items, or offer them on the "
                "co-op noticeboard. Anything left in the bin store is taken away at the cost of the household "
                "that left it, plus a £30 charge."),
    ]),
    ("6", "The Laundry Room", [
        ("6.1", "The laundry room in the basement of Alder House is open from 7am to 10pm every day. It has "
                "three washing machines and two tumble dryers."),
        ("6.2", "The machines take the co-op's laundry card, which the office tops up. A wash costs £1.80 and a "
                "drying cycle £1.20."),
        ("6.3", "At weekends, book the machines on the sheet by the door, two hours per household at a time. On "
                "weekdays no booking is needed."),
        ("6.4", "Take your washing out within 20 minutes of the end of the cycle, and clean the dryer's lint "
                "filter after every use. Do not dye clothes in the machines."),
    ]),
    ("7", "Bicycles, Prams and Storage", [
        ("7.1", "Bicycles are kept in the bike store in the courtyard, never in the stairwells or on the "
                "landings: the stairs are our fire escape, and the fire safety inspection of 2026 asked us to "
                "keep them clear. Prams and mobility scooters may be kept in the alcove under the Alder House "
                "stairs."),
        ("7.2", "A key to the bike store is issued by the office against a deposit of £10, returned with the key. "
                "Label your bike with your flat number: unlabelled bikes are tagged each October and removed "
                "after 28 days."),
        ("7.3", "Each home has a storage cage in the Birch House cellar. Nothing flammable may be kept in the "
                "cages: no petrol, paraffin, paint thinners or gas bottles."),
    ]),
    ("8", "Repairs", [
        ("8.1", "Report repairs in the repairs log on the co-op's website, or in the repairs book in the office. "
                "The maintenance coordinator, at present Farid Haddadi, reads the log every weekday morning."),
        ("8.2", "In an emergency (a leak you cannot stop, no heating or hot water between October and April, "
                "an electrical fault that is unsafe, or a front door that will not lock) ring the out-of-hours "
                "repairs line on 0330 088 4172, at any time of the day or night."),
        ("8.3", "The co-op aims to make an emergency safe within 24 hours, to do urgent repairs within 5 working "
                "days and routine repairs within 28 days."),
        ("8.4", "Members may do small repairs themselves, such as changing a tap washer or rehanging a cupboard "
                "door. Work on the gas, the electrics or the water mains must be done by a contractor the co-op "
                "appoints."),
        ("8.5", "Damage done by a member or their guests is repaired at the member's cost."),
    ]),
    ("9", "The Garden and Courtyard", [
        ("9.1", "The back garden is for all members. Its six raised beds are given out each February by a ballot "
                "at the general meeting, for one year; a household may hold one bed."),
        ("9.2", "Barbecues are allowed only on the paved part of the courtyard, and not after 10pm. Never light "
                "a barbecue on a balcony."),
        ("9.3", "Garden tools are kept in the shed, whose padlock has the same code as the bin store."),
        ("9.4", "The gardening workday is the first Saturday of each month, from 10am. Every household is asked "
                "to come to at least three workdays a year."),
    ]),
    ("10", "Alterations and Decoration", [
        ("10.1", "Members may decorate the inside of their homes as they like, and put up shelves and pictures."),
        ("10.2", "Ask the Management Committee in writing before you take out or add fitted cupboards, fit a "
                 "satellite dish, or change the front door or its locks. Hard floors (wood, laminate or tiles) "
                 "may be laid in an upstairs flat only over an acoustic underlay, and only with the Management "
                 "Committee's written permission."),
        ("10.3", "The co-op paints every front door every five years in its building's colour. Please do not "
                 "paint your front door yourself."),
    ]),
    ("11", "Taking Part", [
        ("11.1", "Greenway is run by its members. Every member aged 16 or over is expected to give at least 3 "
                 "hours a month to the co-op: on a committee, on the bin rota, in the garden, cleaning the shared "
                 "areas or helping at events. Hours are logged with the Participation Coordinator."),
        ("11.2", "Members come to the general meetings (the annual general meeting in September and the spring "
                 "meeting in March) or send their apologies to the secretary."),
        ("11.3", "A member who cannot give the hours because of illness, disability or caring for someone may "
                 "ask the Participation Coordinator to reduce them. Such requests are kept confidential."),
    ]),
    ("12", "Lodgers and Subletting", [
        ("12.1", "A member may not sublet all or part of their home, or let it for short stays. A member may take "
                 "a lodger only with the written permission of the Membership Committee; a lodger is not a "
                 "member and has no right to stay on if the member leaves."),
        ("12.2", "Members who want to move to another Greenway home join the transfer list, kept by the "
                 "Membership Committee."),
    ]),
    ("13", "Smoking", [
        ("13.1", "Nobody may smoke or vape in any shared area, or in the courtyard within 5 metres of a door or "
                 "window. Smoking is allowed in the back garden, on the bench by the far wall."),
    ]),
    ("14", "When Things Go Wrong", [
        ("14.1", "If a neighbour is causing you a problem, talk to them first. If that does not work, write to "
                 "the Neighbour Relations group (neighbours@greenway-coop.org.uk), which will offer mediation "
                 "within 14 days."),
        ("14.2", "A breach of these rules is met first with a friendly word, then a written reminder from the "
                 "Management Committee, then a meeting with two of its members. Repeated or serious breaches go "
                 "to a general meeting, which may give a final warning. Only a general meeting can begin the "
                 "steps to end a membership."),
    ]),
    ("15", "Contacts", [
        (None, "Co-op office: ground floor of Birch House, open on Tuesdays from 6pm to 8pm and on Saturdays from "
               "10am to 12 noon; office@greenway-coop.org.uk."),
        (None, "Out-of-hours repairs: 0330 088 4172."),
        (None, "Secretary: Adaeze Okafor, flat 22, secretary@greenway-coop.org.uk."),
    ]),
]  # fmt: skip

FRONT = [
    "Greenway Housing Co-operative Limited                          A. Okafor",
    "House Rules                                                    Secretary",
    "                                                              March 2027",
    "",
    "",
    "                  Greenway Housing Co-op: House Rules",
    "",
    "Status of These Rules",
    "",
]
STATUS = (
    "These rules were adopted by the general meeting held on Sunday 14 March 2027 and replace the house rules of "
    "May 2019. They can be changed only by a general meeting. Copies are kept in the co-op office and on the "
    "noticeboard in each entrance hall."
)


def spread(left: str, middle: str, right: str) -> str:
    """Three pieces across the 72 columns: one at the left edge, one centred, one at the right edge."""
    line = left + " " * (WIDTH // 2 - len(middle) // 2 - len(left)) + middle
    return line + " " * (WIDTH - len(line) - len(right)) + right


def fill(text: str, first: str, rest: str) -> list[str]:
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=first,
        subsequent_indent=rest,
        break_on_hyphens=False,
        break_long_words=False,
    )


def rules_blocks(pages_of: dict[str, int]) -> list[list[str]]:
    """The document as blocks kept together on a page: the front matter, the contents, then each section's
    heading with its first paragraph, and each further paragraph (each block ends with a blank line)."""
    blocks = [FRONT + fill(STATUS, "   ", "   ") + [""], ["Table of Contents", ""]]
    for number, heading, _ in RULES:
        start = f"   {number}.  {heading} "
        page = str(pages_of.get(number, 0))
        blocks[-1].append(start + "." * (WIDTH - len(start) - len(page) - 1) + " " + page)
    blocks[-1].append("")
    for number, heading, paragraphs in RULES:
        first = True
        for rule, text in paragraphs:
            lines = fill(text, f"   {rule}.  " if rule else "   ", " " * (len(rule) + 6) if rule else "   ")
            block = ([f"{number}.  {heading}", ""] if first else []) + lines + [""]
            blocks.append(block)
            first = False
    return blocks


def paginate(blocks: list[list[str]]) -> tuple[list[list[str]], dict[str, int]]:
    """Lay the blocks on pages of 56 lines: the running header on line 1, two blank lines, the body from line 4 to
    line 52 at most, blank lines, the footer on line 56. Gives the pages and the page each section starts on."""
    pages: list[list[str]] = []
    body: list[str] = []
    starts: dict[str, int] = {}
    heading = re.compile(r"(\d+)\.  \S")
    for block in blocks:
        if len(body) + len(block) > BODY_LAST - 3:
            pages.append(body)
            body = []
        m = heading.match(block[0])
        if m:
            starts[m[1]] = len(pages) + 1
        body += block
    pages.append(body)
    out = []
    for n, body in enumerate(pages, 1):
        while body and not body[-1]:
            body = body[:-1]
        lines = [spread(*HEADER), "", "", *body]
        lines += [""] * (PAGE_LINES - 1 - len(lines))
        out.append([*lines, spread(FOOTER[0], FOOTER[1], FOOTER[2].format(n=n))])
    return out, starts


def house_rules() -> bytes:
    pages, starts = paginate(rules_blocks({}))
    pages, again = paginate(
        rules_blocks(starts)
    )  # the contents list now has the pages; its length is the same
    if again != starts:
        raise SystemExit("house rules: the contents list moved the sections")
    return ("\n\f\n".join("\n".join(page) for page in pages) + "\n").encode("utf-8")


def check_house_rules(data: bytes) -> None:
    text = data.decode("utf-8")
    pages = text[:-1].split("\n\f\n")
    for n, page in enumerate(pages, 1):
        lines = page.split("\n")
        if len(lines) != PAGE_LINES or lines[0] != spread(*HEADER):
            raise SystemExit(f"house rules: page {n} is not {PAGE_LINES} lines under the running header")
        if lines[-1] != spread(FOOTER[0], FOOTER[1], f"[Page {n}]") or any(lines[BODY_LAST:-1]):
            raise SystemExit(f"house rules: page {n}'s footer is wrong or text runs into it")
        if any(len(line) > WIDTH or "\f" in line or "\t" in line for line in lines):
            raise SystemExit(f"house rules: page {n} has a line over {WIDTH} columns")
    if text.count("\f") != len(pages) - 1:
        raise SystemExit("house rules: a form feed outside a page break")


# --- e-mail: a reply deep in a thread -----------------------------------------------------------------------------

THREAD_NAME = "Re Annual dinner - the Riverside has double-booked us.eml"
JANET = "Janet Holloway <janet.holloway@ashcroftwynne.example>"
MARK = "Mark Ellison <mark@ellisonrowe.example>"
DEV = "Dev Raman <dev.raman@example.net>"
COMMITTEE = "Kingsmere RC Committee <committee@kingsmererc.example>"
DISCLAIMER = """\
________________________________

Ashcroft Wynne LLP is a limited liability partnership registered in England
and Wales (OC412873), authorised and regulated by the Solicitors Regulation
Authority (SRA number 652190). Registered office: 9 Chapel Walk, Kingsmere
KM1 4RT. This email and any attachments are confidential and may be legally
privileged. If you have received it in error, please tell the sender and
delete it. Ashcroft Wynne will never tell you of a change to its bank
details by email."""
# (sender, when, text), newest first: the reply itself, then each message it quotes in turn
THREAD = [
    (
        JANET,
        "Thu, 14 Oct 2027 at 08:52",
        """\
Hi all,

Thanks for the quick replies last night. The committee has agreed by email,
so here is the final plan for the annual dinner and prize-giving. Please go
by this one, not by anything further down:

- Where: the boathouse, not the Riverside Hotel. Fenwick Catering are doing
  the food and we are running our own bar (Mark has applied for the
  temporary event notice).
- When: Saturday 20 November 2027, 6:30pm for 7pm. That is half an hour
  earlier than in my first email, because Fenwick's need the room cleared
  by 11:30pm.
- Price: £34 a head for adults and £20 for juniors (under 18), three
  courses. Drinks are extra, from our bar.
- Menu choices and payment: to Mark by Monday 8 November, by bank transfer
  to the club account (his details are below). That gives everyone a few
  more days than the Friday 5 November I gave before.
- Dress code: black tie optional.
- Parking: the boathouse car park is only for Fenwick's van and blue badge
  holders. Please park at Kingsmere Leisure Centre, which is free after 6pm,
  and walk along the towpath (about five minutes).

The Riverside has refunded £250 of our £300 deposit; they kept £50 as a
cancellation fee, which I think is fair given the notice.

Dev, the trophies still need to go to Castle Engravers by Monday 1 November.

Janet

-- \nJanet Holloway
Social Secretary, Kingsmere Rowing Club
Mobile: 07700 900612
""",
    ),
    (
        MARK,
        "Wed, 13 Oct 2027 at 21:40",
        """\
Janet, Fenwick's at £34 is fine by me, and I'm happy to collect the money.
Two things. Could we start at 6:30 for 7 so that they can clear up by
11:30? And should juniors pay less? £20 would cover their food.

Bank details for the club account: sort code 20-45-77, account 43129086,
reference DINNER plus your surname.

Mark

--
Mark Ellison
Treasurer, Kingsmere Rowing Club
""",
    ),
    (
        JANET,
        "Wed, 13 Oct 2027 at 12:15",
        """\
Spoke to Fenwick's this morning. They can do Saturday 20 November at the
boathouse: three courses at £34 a head (the £32 Mark was quoted didn't
include waiting staff), minimum 50 people. The boathouse seats 70, so
that's fine. Menu choices by Friday 5 November as before?

Sent from my iPhone
""",
    ),
    (
        MARK,
        "Tue, 12 Oct 2027 at 22:03",
        """\
Neither of those is great. The Friday is a work night for most of us, and
the Orangery only seats 60, at £44. Why not the boathouse? Hire is free for
club events, and Fenwick Catering, who did the regatta lunch, quoted me
£32 a head for three courses. We'd need a temporary event notice from the
council for the bar (£21), which I can apply for.

Mark
""",
    ),
    (
        JANET,
        "Tue, 12 Oct 2027 at 17:31",
        """\
Bad news, everyone. The Riverside Hotel have double-booked the Thames Room
on Saturday 20 November (a wedding, booked before us, they say). We had it
for 7pm for 7:30pm, three courses at £38 a head, up to 80 people, with a
£300 deposit paid. They have offered either Friday 19 November in the
Thames Room at the same price, or the Orangery on the Saturday at £44 a
head for up to 60.

What do we think? I need to tell them by Thursday.

Janet

-- \nJanet Holloway
Social Secretary, Kingsmere Rowing Club
Mobile: 07700 900612

"""
        + DISCLAIMER
        + "\n",
    ),
]
MESSAGE_IDS = [
    "<CAJ8k2hD7xq1=ReplyFinal_0914@mail.ashcroftwynne.example>",
    "<8F3C1A07-5B2E-4D61-9C0A-2E7716B0D4F1@ellisonrowe.example>",
    "<B7E41C52-0F8A-4E93-A1D6-6C2F90E3B815@icloud.example>",
    "<1C66E0B9-7D24-4A0F-8B3E-F51A0C92D7E6@ellisonrowe.example>",
    "<CAJ8k2hBq4T0=Riverside_1731@mail.ashcroftwynne.example>",
]


def quoted(text: str, depth: int) -> str:
    """Each line of ``text`` under ``depth`` quote marks, as a mail client quotes a reply ("> > line"; an empty
    line as "> >")."""
    mark = "> " * depth
    return "\n".join((mark + line).rstrip() for line in text.rstrip("\n").split("\n")) + "\n"


def thread_body() -> str:
    """The reply's text: its own words, then the message it answers under "On ... wrote:", quoted one level
    deeper, which holds the one before it in the same way, down to the first message of the thread."""
    body = THREAD[-1][2]
    for (_, _, text), (sender, when, _) in zip(THREAD[-2::-1], THREAD[:0:-1]):
        body = text + "\n" + f"On {when}, {sender} wrote:\n" + quoted(body, 1)
    return body


def message_text() -> str:
    """The whole text of the message: the reply and the thread quoted under it, then the disclaimer that the
    sender's firm's mail server adds at the foot of every message it sends."""
    return thread_body() + "\n" + DISCLAIMER + "\n"


def thread_eml() -> bytes:
    body = message_text()
    encoded = quopri.encodestring(body.encode("utf-8")).decode("ascii")
    headers = [
        ("Return-Path", "<janet.holloway@ashcroftwynne.example>"),
        (
            "Received",
            "from mail.ashcroftwynne.example (mail.ashcroftwynne.example [203.0.113.41])\n"
            "\tby mx.ellisonrowe.example with ESMTPS id 4Yk2Vd0qLmz7\n"
            "\tfor <mark@ellisonrowe.example>; Thu, 14 Oct 2027 07:52:41 +0000 (UTC)",
        ),
        ("MIME-Version", "1.0"),
        ("Date", "Thu, 14 Oct 2027 08:52:37 +0100"),
        ("From", JANET),
        ("To", MARK),
        ("Cc", f"{DEV},\n {COMMITTEE}"),
        ("Subject", "Re: Annual dinner - the Riverside has double-booked us"),
        ("Message-ID", MESSAGE_IDS[0]),
        ("In-Reply-To", MESSAGE_IDS[1]),
        ("References", "\n ".join(reversed(MESSAGE_IDS[1:]))),
        ("Content-Type", 'text/plain; charset="UTF-8"'),
        ("Content-Transfer-Encoding", "quoted-printable"),
    ]
    head = "".join(f"{name}: {value}\n" for name, value in headers)
    return (head + "\n" + encoded).encode("ascii")


def check_thread(data: bytes) -> None:
    msg = email.message_from_bytes(data, policy=email.policy.default)
    if (
        msg.is_multipart()
        or msg.get_content_type() != "text/plain"
        or msg["Content-Transfer-Encoding"] != ("quoted-printable")
    ):
        raise SystemExit("thread: not one quoted-printable text/plain part")
    if msg.get_content() != message_text():
        raise SystemExit("thread: the body does not decode to its text")
    body = thread_body()
    if max(len(line) for line in data.decode("ascii").split("\n")) > 998:
        raise SystemExit("thread: a line over 998 octets")
    # the quote level never falls, and rises by one only on the line after an "On ... wrote:" line
    before, wrote = 0, False
    for line in body.rstrip("\n").split("\n"):
        depth = re.match(r"(?:> ?)*", line)[0].count(">")
        if depth < before or depth > before + wrote:
            raise SystemExit(f"thread: {line!r} is not at its message's quote level")
        before, wrote = depth, bool(re.fullmatch(r"(?:> )*On \w{3}, .* wrote:", line))
    if before != len(THREAD) - 1 or "\n-- \nJanet Holloway\n" not in body or "=C2=A3" not in data.decode():
        raise SystemExit("thread: not every message quoted, no signature, or the pound sign not encoded")


MONTHS = "January February March April May June July August September October November December".split()
DAYS = "Mon Tue Wed Thu Fri Sat Sun".split()

# --- RSS 2.0: a podcast's feed ------------------------------------------------------------------------------------

FEED_NAME = "the-repair-shed-feed.xml"
SITE = "https://repairshed.example"
MEDIA = "https://media.repairshed.example/s3"
# (episode or None for a bonus, slug, title, date, duration "h:mm:ss", description paragraphs)
EPISODES = [
    (22, "kettle", "The kettle that wouldn't switch off", "2027-09-02", "0:41:08", [
        "Priya Nandakumar, an electrician who volunteers at the Leeds Repair Cafe, talks Nell through a kettle that "
        "boils and boils. The culprit is nearly always the bimetallic strip under the switch, a part that costs "
        "about four pounds.",
        "Priya's first rule: never open a kettle that is plugged in, and let it cool for an hour before you start.",
    ]),
    (21, "darning", "Darning like a Victorian", "2027-08-26", "0:47:55", [
        "Knitwear designer Morag Tulloch joins us from Shetland to rescue a moth-eaten jumper. She explains why "
        "a darning mushroom beats a light bulb, and why the mending wool should be one ply finer than the "
        "jumper's.",
        "For a patch that is thin but not yet a hole, Morag uses Swiss darning, which follows the knitted stitches "
        "instead of weaving over them.",
    ]),
    (20, "wheel", "Truing a wobbly bicycle wheel", "2027-08-19", "0:52:30", [
        "Kwame Asante from the Bristol Bike Project shows Sami how to straighten a buckled wheel with nothing "
        "but a spoke key and a cable tie on the frame as a gauge.",
        "Kwame's advice: quarter turns only, and always tighten and loosen the spokes on either side in pairs.",
    ]),
    (None, "mailbag", "Bonus: your fixes from the mailbag", "2027-08-16", "0:18:20", [
        "A short one: Nell and Sami read out your repair stories. Jean in Carlisle brought a perished fridge door "
        "seal back to life with a hairdryer, and Osman in Luton fixed a dead doorbell with a new battery.",
    ]),
    (19, "knives", "Sharpening kitchen knives", "2027-08-12", "0:39:44", [
        "Ruth Bramall, a bladesmith from Sheffield, explains why a whetstone beats a pull-through sharpener. She "
        "starts on the 1000 grit side and finishes on 6000 grit.",
        "To find the right angle, about 15 degrees for most kitchen knives, Ruth rests the spine of the blade on "
        "two 2p coins stacked on the stone.",
    ]),
    (18, "cast-iron", "Cast iron: rescuing a rusty pan", "2027-08-05", "0:44:12", [
        "Dai Prosser restores old pans for a living. For rust, soak the pan in equal parts white vinegar and water "
        "for no more than an hour, then scrub it with wire wool.",
        "Then season it: a thin coat of vegetable oil, wiped almost off, and an hour upside down in the oven at "
        "230 degrees C. Repeat three times.",
    ]),
    (17, "zips", "Zips: don't bin the jacket", "2027-07-29", "0:36:50", [
        "Outdoor gear repairer Lena Fischer on the zip that splits open behind the slider. Most of the time the "
        "slider has just worn loose: squeeze it gently with pliers, a little at a time.",
        "If that fails, a new slider costs less than a coffee. Most jacket zips take a number 5 slider; the number "
        "is stamped on the back of the old one.",
    ]),
    (16, "tap", "The dripping tap", "2027-07-22", "0:42:03", [
        "Plumber Gary Whitcombe on the commonest job he gets called to. First turn off the isolation valve under "
        "the sink: a quarter turn with a flat-head screwdriver.",
        "Older taps have a rubber washer; newer lever taps have a ceramic disc cartridge. Take the old part to the "
        "plumbers' merchant so that you come home with the right one.",
    ]),
    (15, "chairs", "Wobbly chairs and loose joints", "2027-07-15", "0:49:21", [
        "Furniture restorer Anjali Mehta on reviving a wobbly dining chair. She swears by hot hide glue, because it "
        "can be undone again, unlike modern wood glue, and she never uses screws to fix a loose joint.",
        "No clamps? A loop of rope twisted tight with a stick, left overnight, works as well.",
    ]),
    (14, "batteries", "Phone batteries and the right to repair", "2027-07-08", "0:55:16", [
        "Tobias Lindqvist from the Mend-It Network explains when to replace a phone battery: once the battery "
        "health reading drops below 80%, or the phone shuts down in the cold.",
        "He warms the back of the phone to about 80 degrees C to soften the adhesive, and we talk about the new "
        "rules that make makers sell spare parts for seven years.",
    ]),
]  # fmt: skip
FEED_HEAD = f"""\
<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" \
xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>The Repair Shed</title>
    <link>{SITE}/podcast</link>
    <atom:link href="{SITE}/podcast/feed.xml" rel="self" type="application/rss+xml"/>
    <language>en-gb</language>
    <copyright>&#169; 2027 Nell Gathercole and Sami Price</copyright>
    <description>Fixing things instead of binning them. Every Thursday, Nell Gathercole and Sami Price \
take one broken thing and a guest who knows how to mend it. Season 3 runs from July to September 2027.\
</description>
    <lastBuildDate>Thu, 02 Sep 2027 05:00:00 +0100</lastBuildDate>
    <generator>Shedcast 2.4</generator>
    <itunes:author>Nell Gathercole and Sami Price</itunes:author>
    <itunes:summary>Fixing things instead of binning them: one broken thing and one expert guest a week.\
</itunes:summary>
    <itunes:owner>
      <itunes:name>Nell Gathercole</itunes:name>
      <itunes:email>hello@repairshed.example</itunes:email>
    </itunes:owner>
    <itunes:image href="{SITE}/art/repair-shed-3000.jpg"/>
    <itunes:category text="Leisure">
      <itunes:category text="Home &amp; Garden"/>
    </itunes:category>
    <itunes:explicit>false</itunes:explicit>
    <itunes:type>episodic</itunes:type>
"""


def duration_seconds(duration: str) -> int:
    h, m, s = (int(x) for x in duration.split(":"))
    return h * 3600 + m * 60 + s


def feed() -> bytes:
    items = []
    for number, slug, title, date, duration, paragraphs in EPISODES:
        day = dt.date.fromisoformat(date)
        name = f"rs-s3e{number}-{slug}" if number else f"rs-s3-bonus-{slug}"
        seconds = duration_seconds(duration)
        length = seconds * 16000 + 48213  # 128 kbit/s, and the ID3 tag with the cover art
        html = "".join(f"<p>{p}</p>" for p in paragraphs)
        html += f'<p>Show notes and links: <a href="{SITE}/episodes/{name}">{SITE}/episodes/{name}</a></p>'
        h, rest = divmod(seconds, 3600)
        lines = [
            "    <item>",
            f"      <title>{escape(title)}</title>",
            f"      <link>{SITE}/episodes/{name}</link>",
            f'      <guid isPermaLink="false">repairshed-{name[3:]}</guid>',
            f"      <pubDate>{DAYS[day.weekday()]}, {day.day:02d} {MONTHS[day.month - 1][:3]} {day.year} "
            "05:00:00 +0100</pubDate>",
            f"      <description>{escape(html)}</description>",
            f'      <enclosure url="{MEDIA}/{name}.mp3" length="{length}" type="audio/mpeg"/>',
            f"      <itunes:title>{escape(title)}</itunes:title>",
            f"      <itunes:episodeType>{'full' if number else 'bonus'}</itunes:episodeType>",
            "      <itunes:season>3</itunes:season>",
            *([f"      <itunes:episode>{number}</itunes:episode>"] if number else []),
            f"      <itunes:duration>{h:02d}:{rest // 60:02d}:{rest % 60:02d}</itunes:duration>",
            "      <itunes:explicit>false</itunes:explicit>",
            "    </item>",
        ]
        items.append("\n".join(lines))
    return (FEED_HEAD + "\n".join(items) + "\n  </channel>\n</rss>\n").encode("utf-8")


class _Nesting(HTMLParser):
    """Fails on a closing tag that does not close the innermost open one."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        self.open.append(tag)

    def handle_endtag(self, tag) -> None:
        if not self.open or self.open.pop() != tag:
            raise SystemExit(f"feed: </{tag}> does not close the innermost tag")


def check_feed(data: bytes) -> None:
    root = ET.fromstring(data)
    it = "{http://www.itunes.com/dtds/podcast-1.0.dtd}"
    channel = root.find("channel")
    items = channel.findall("item")
    if root.get("version") != "2.0" or len(items) != len(EPISODES) or channel.find(f"{it}author") is None:
        raise SystemExit("feed: not an RSS 2.0 channel of the episodes")
    guids = [i.findtext("guid") for i in items]
    dates = [email.utils.parsedate_to_datetime(i.findtext("pubDate")) for i in items]
    if len(set(guids)) != len(guids) or dates != sorted(dates, reverse=True):
        raise SystemExit("feed: guids repeat or the items are not newest first")
    for item in items:
        nesting = _Nesting()
        nesting.feed(item.findtext("description"))
        if nesting.open or not item.findtext("description").startswith("<p>"):
            raise SystemExit(f"feed: {item.findtext('title')!r} has a description whose tags do not nest")
        enclosure = item.find("enclosure")
        seconds = duration_seconds(item.findtext(f"{it}duration"))
        if int(enclosure.get("length")) != seconds * 16000 + 48213 or enclosure.get("type") != "audio/mpeg":
            raise SystemExit(f"feed: {item.findtext('title')!r} has an enclosure of the wrong length")


# --- checks -------------------------------------------------------------------------------------------------------

WEEKDAY_DATE = re.compile(
    r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\s+(\d{1,2})\s+("
    + "|".join(m[:3] for m in MONTHS)
    + r")[a-z]*\b(?:\s+(\d{4}))?"
)


def check_weekdays(text: str) -> int:
    """Every weekday written next to a date ("Saturday 20 November 2027", "Thu, 02 Sep 2027", across a line break
    too; a date without a year is in 2027) is that date's weekday; returns how many were checked."""
    n = 0
    for m in WEEKDAY_DATE.finditer(text):
        month = next(i for i, name in enumerate(MONTHS, 1) if name.startswith(m[3]))
        date = dt.date(int(m[4] or YEAR), month, int(m[2]))
        if DAYS[date.weekday()] != m[1]:
            raise SystemExit(f"{m[0]!r}: {date} is a {DAYS[date.weekday()]}")
        n += 1
    return n


def files() -> dict[str, bytes]:
    return {
        SLIDES_NAME: slides_pdf(),
        RULES_NAME: house_rules(),
        THREAD_NAME: thread_eml(),
        FEED_NAME: feed(),
    }


def check(made: dict[str, bytes]) -> int:
    check_pdf(made[SLIDES_NAME])
    check_house_rules(made[RULES_NAME])
    check_thread(made[THREAD_NAME])
    check_feed(made[FEED_NAME])
    texts = [
        "\n".join(t for slide in deck() for *_, t in slide.pieces),
        made[RULES_NAME].decode("utf-8"),
        made[THREAD_NAME].decode("ascii").split("\n\n", 1)[0] + "\n" + message_text(),
        made[FEED_NAME].decode("utf-8"),
    ]
    return sum(check_weekdays(t) for t in texts)


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
