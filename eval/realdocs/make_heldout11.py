"""Generate the private documents of the realdocs ``heldout11`` part under ``files/private11/``: a village
newsletter as a two-column PDF written by hand (``.pdf``: two pages, two text columns each, a running header, a
masthead, a table, a boxed aside per page, a footer), a Kindle's ``My Clippings.txt`` (highlights, notes and a
bookmark from four books, ``==========`` between clippings, CRLF line ends and a byte order mark, as a Kindle writes
it), a meeting's transcript as Microsoft Teams exports it (``.vtt``: WebVTT, cue ids, ``<v Name>`` voice tags, an
utterance split over several cues; plans decided and then changed during the meeting) and a village hall
committee's report as Word writes it (``.docx`` written with zipfile: a table of contents field in a content
control, headings, two tables, footnotes, a comment, tracked changes (``w:del``/``w:ins``), a header and a footer).

    python eval/realdocs/make_heldout11.py          # rewrite them; the output is the same on every run

Standard library only. Everything is fixed text or computed from fixed text (the transcript's times from its
words, the report's figures from its rows), and the zip members carry a fixed date, so a rerun gives the same
bytes. Every weekday written next to a date (``Saturday 26 June 2027``, the clippings' ``Added on Sunday, 10
January 2027``) is checked against the calendar, and each file is checked as its format when the files are written:
the PDF's xref offsets point at their objects and every piece of text lies inside its column; the clippings are
title, metadata line, blank line, text and separator, five lines each; the transcript's cues have ids, times that
move forward and one voice each; the DOCX's XML parts parse, its footnote, comment and relationship ids resolve,
and its sums hold. The other document of the part (the Debian Python Policy, HTML made by Sphinx) is copied
unchanged from a Debian package, as ``documents.json`` records.
"""

from __future__ import annotations

import datetime as dt
import re
import zipfile
from io import BytesIO
from pathlib import Path
from xml.etree import ElementTree as ET
from xml.sax.saxutils import escape

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout11 (the tests)
    from make_heldout6 import HELVETICA, pdf_bytes, pdf_string
    from make_heldout10 import write_files
except ImportError:
    from eval.realdocs.make_heldout6 import HELVETICA, pdf_bytes, pdf_string
    from eval.realdocs.make_heldout10 import write_files

OUT = Path(__file__).resolve().parent / "files" / "private11"
YEAR = 2027

# --- PDF writing ------------------------------------------------------------------------------------------------------

# Helvetica's advance widths (make_heldout6.HELVETICA): to wrap lines to a column and to centre or right-align text.
BOLD_FACTOR = 1.08  # Helvetica-Bold is a little wider: headings are kept well inside their column
PAGE_W, PAGE_H = 595, 842  # A4 in points
MARGIN, GUTTER = 50, 18
COLUMN_W = (PAGE_W - 2 * MARGIN - GUTTER) / 2
COLUMNS = (MARGIN, MARGIN + COLUMN_W + GUTTER)
BOTTOM = 84  # the columns stop above the footer


def text_width(text: str, font: str, size: float) -> float:
    return sum(HELVETICA[c] for c in text) * size / 1000 * (BOLD_FACTOR if font == "F2" else 1)


def wrap(text: str, width: float, font: str = "F1", size: float = 9.5) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and text_width(trial, font, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


class Page:
    """The drawing of one page: text pieces (F1 Helvetica, F2 Helvetica-Bold), rules and boxes, in the order
    drawn; ``pieces`` keeps (x, y, width, text) of each text piece for the checks."""

    def __init__(self) -> None:
        self.ops: list[bytes] = []
        self.pieces: list[tuple[float, float, float, str]] = []

    def text(
        self, x: float, y: float, text: str, font: str = "F1", size: float = 9.5, align: str = "left"
    ) -> None:
        w = text_width(text, font, size)
        if align == "right":
            x -= w
        elif align == "centre":
            x -= w / 2
        self.pieces.append((x, y, w, text))
        self.ops.append(b"BT /%s %g Tf %.2f %.2f Td %s Tj ET" % (font.encode(), size, x, y, pdf_string(text)))

    def rule(self, x1: float, y1: float, x2: float, y2: float, width: float = 0.5) -> None:
        self.ops.append(b"%g w %.2f %.2f m %.2f %.2f l S" % (width, x1, y1, x2, y2))

    def box(self, x: float, y: float, w: float, h: float) -> None:
        """A tinted rectangle with a dark border (drawn before the text inside it)."""
        self.ops.append(
            b"q 0.93 0.95 0.90 rg 0.25 0.35 0.20 RG 1 w %.2f %.2f %.2f %.2f re B Q" % (x, y, w, h)
        )

    def stream(self) -> bytes:
        return b"\n".join(self.ops) + b"\n"


class Column:
    """Lays blocks down one column from ``top``: headings, wrapped paragraphs, a small table, a boxed aside."""

    def __init__(self, page: Page, x: float, top: float) -> None:
        self.page, self.x, self.y = page, x, top

    def heading(self, text: str, size: float = 12.5) -> None:
        for line in wrap(text, COLUMN_W, "F2", size):
            self.page.text(self.x, self.y, line, "F2", size)
            self.y -= size + 3
        self.y -= 3

    def para(self, text: str, size: float = 10.5) -> None:
        for line in wrap(text, COLUMN_W, "F1", size):
            self.page.text(self.x, self.y, line, "F1", size)
            self.y -= size + 3.5
        self.y -= 5

    def table(self, rows: list[tuple[str, ...]], stops: tuple[float, ...]) -> None:
        """The first row is the header (bold, a rule under it); the other columns are right-aligned at ``stops``
        (offsets from the column's left edge of their right edges)."""
        for i, row in enumerate(rows):
            font = "F2" if i == 0 else "F1"
            self.page.text(self.x, self.y, row[0], font, 9)
            for stop, cell in zip(stops, row[1:]):
                self.page.text(self.x + stop, self.y, cell, font, 9, "right")
            if i == 0:
                self.page.rule(self.x, self.y - 3.5, self.x + COLUMN_W, self.y - 3.5)
            self.y -= 13
        self.y -= 6

    def aside(self, title: str, text: str) -> None:
        """A boxed aside across the column: a bold title and a paragraph, inside a tinted, bordered box."""
        lines = wrap(text, COLUMN_W - 16, "F1", 10)
        h = 14 + 13 + 13.5 * len(lines) + 4
        self.y -= 4
        self.page.box(self.x, self.y - h, COLUMN_W, h)
        y = self.y - 16
        self.page.text(self.x + 8, y, title, "F2", 10)
        y -= 15
        for line in lines:
            self.page.text(self.x + 8, y, line, "F1", 10)
            y -= 13.5
        self.y -= h + 22


def running_header(page: Page, number: int) -> None:
    page.text(MARGIN, 812, "The Wenlow Bridge Courier", "F2", 8.5)
    page.text(PAGE_W - MARGIN, 812, "Issue 112 - Spring 2027", "F1", 8.5, "right")
    page.rule(MARGIN, 805, PAGE_W - MARGIN, 805)


def footer(page: Page, number: int, of: int) -> None:
    page.rule(MARGIN, 66, PAGE_W - MARGIN, 66)
    page.text(
        MARGIN,
        54,
        "Edited by Marjorie Fenwick, 4 Mill Row, Wenlow Bridge. Copy for the summer issue by Friday 21 May 2027 please.",
        "F1",
        7.5,
    )
    page.text(PAGE_W / 2, 38, f"Page {number} of {of}", "F1", 8.5, "centre")


def write_pdf(pages: list[Page], title: str, author: str, created: str) -> bytes:
    """The newsletter's PDF 1.4 bytes, as make_heldout6.py writes its PDFs (``pdf_bytes``)."""
    return pdf_bytes(pages, title, author, created, "make_heldout11.py")


# --- PDF: a village newsletter in two columns -------------------------------------------------------------------------

NEWSLETTER_NAME = "wenlow-bridge-courier-spring-2027.pdf"
HALL_RATES = [
    ("Room", "Residents", "Others"),
    ("Main hall", "£14.00", "£19.00"),
    ("Main hall after 6pm", "£16.00", "£22.00"),
    ("Committee room", "£8.00", "£11.00"),
    ("Kitchen, per booking", "£10.00", "£10.00"),
]

DIARY = [
    "Saturday 10 April: coffee morning, village hall, 10am",
    "Thursday 22 April: defibrillator training, village hall, 7pm",
    "Monday 3 May: gardening club, cut flowers talk, 7:30pm",
    "Friday 14 May: last day to book a fete stall",
    "Saturday 29 May: churchyard working party, 10am",
    "Saturday 26 June: summer fete, recreation ground, 12 noon",
]


def newsletter_pages() -> list[Page]:
    one, two = Page(), Page()
    running_header(one, 1)
    one.text(MARGIN, 770, "The Wenlow Bridge Courier", "F2", 26)
    one.text(
        MARGIN,
        752,
        "News for Wenlow Bridge, Ashby Parva and Coldmoor - Spring 2027 - free to every household",
        "F1",
        10,
    )
    one.rule(MARGIN, 742, PAGE_W - MARGIN, 742, 1.5)
    left = Column(one, COLUMNS[0], 722)
    left.heading("Fete moves to the recreation ground")
    left.para(
        "This year's summer fete will be on Saturday 26 June 2027, and for the first time in over thirty years it "
        "will not be in the vicarage garden. The vicarage lawn is being dug up and re-laid after last winter's "
        "flooding, so the fete committee has moved everything to the recreation ground on Brook Lane, where there "
        "is also more room to park."
    )
    left.para(
        "Gates open at 12 noon. The dog show starts at 2pm in the ring by the pavilion (classes include waggiest "
        "tail and the dog the judge would most like to take home), and the tug of war between the Plough and the "
        "Cricket Club is at 4pm. Teas will be served in the pavilion all afternoon by the WI."
    )
    left.para(
        "Stalls cost £8 to book and must be booked by Friday 14 May 2027 with Gwen Aldous on 07700 900318. "
        "Bric-a-brac, books and plants can be left in the garage at 2 Orchard Close from the start of June; please "
        "no electrical items, which we cannot sell."
    )
    left.heading("Spring clean")
    left.para(
        "Thank you to the 23 volunteers who turned out for the litter pick on 13 March. Between you, you filled 41 "
        "sacks, and found two bicycles, a shopping trolley and a garden gnome in the brook below the bridge. The "
        "gnome is now on the noticeboard at the shop, waiting for its owner."
    )
    left.heading("Churchyard working party")
    left.para(
        "The working party meets on the last Saturday of the month, 10am to noon, to cut the grass between the "
        "graves and clear the paths. Bring gloves and shears if you have them; the tools are kept in the shed "
        "behind the vestry. Coffee at the Old Forge afterwards, courtesy of Pat and Derek Holroyd."
    )
    left.heading("News from the school")
    left.para(
        "Wenlow Bridge Primary has been rated good in every area after its inspection in February. The head "
        "teacher, Mrs Carys Whitlow, thanks the parents who answered the survey. The school's summer concert is on "
        "Thursday 8 July 2027 at 6pm in the hall."
    )
    right = Column(one, COLUMNS[1], 722)
    right.heading("Parish council news")
    right.para(
        "At its March meeting the parish council agreed to buy a second speed indicator sign, for Quarry Lane, "
        "where the survey in January found that two cars in five were over the 30 limit. The sign will cost "
        "£2,340, and County Councillor Pam Stokoe has offered half of that from her locality fund."
    )
    right.para(
        "The precept for 2027/28 has been set at £41,600, a rise of 3.5 per cent, which comes to £63.12 a year for "
        "a Band D home. Most of the rise pays for the new play equipment on the rec."
    )
    right.para(
        "Sheila Brindle retires as parish clerk at the end of April after 19 years. Her successor is Daniel Okoro, "
        "who can be reached at clerk@wenlowbridge-pc.org.uk or on 01632 960427 from 1 May."
    )
    right.para(
        "The streetlight on Tanner's Walk that has been out since November was finally repaired on 9 March."
    )
    right.heading("Speedwatch volunteers wanted")
    right.para(
        "The Community Speedwatch group needs four more volunteers to make up a third team. Sessions last an hour "
        "and you are never on your own; training takes one evening with the police's road safety officer. Contact "
        "Arjun Mehta on 07700 900276."
    )
    right.heading("Planning applications")
    right.para(
        "Two applications are open for comment on the district council's website until 9 April: a two-storey "
        "extension at Rooks Barn, Coldmoor Road, and the change of use of the old forge workshop to a holiday let."
    )
    right.aside(
        "BIN COLLECTIONS CHANGE",
        "From Monday 5 April 2027 garden waste is collected every other Tuesday instead of on Thursdays. Your black "
        "and blue bins stay on Thursdays. A garden waste permit now costs £52 a year; renew online before 31 March "
        "or your green bin will not be emptied.",
    )
    footer(one, 1, 2)

    running_header(two, 2)
    left = Column(two, COLUMNS[0], 780)
    left.heading("Hiring the village hall")
    left.para(
        "The hall committee has reviewed its charges for the first time since 2023. From 1 April the hourly rates "
        "are:"
    )
    left.table(HALL_RATES, (175, COLUMN_W))
    left.para(
        "Children's parties pay the residents' rate whoever books. A deposit of £50 is returned once the hall has "
        "been checked after your event. Bookings through Keith Marlowe on 01632 960118."
    )
    left.heading("Library van")
    left.para(
        "The county's mobile library now calls at the Green every second Wednesday, from 10:15 to 10:45, starting "
        "on 7 April. It carries large-print books and audiobooks, and you can order any title from the county's "
        "catalogue to be brought on the next visit."
    )
    left.heading("Footpath 14 reopens")
    left.para(
        "The footpath across Hobb's Meadow to Coldmoor, closed since the autumn while the bridge over the ditch "
        "was rebuilt, reopened on 1 March. The new bridge is wide enough for pushchairs, and the stile at the "
        "Coldmoor end has been replaced by a kissing gate."
    )
    left.heading("Heating oil group")
    left.para(
        "The village heating oil syndicate placed its spring order on 2 March: 31 households ordered 28,400 litres "
        "between them at 71.8p a litre, about 6p less than the cheapest price any of us was quoted alone. The next "
        "order is in September; join through Nigel Sharrock on 01632 960615."
    )
    left.heading("Lost and found")
    left.para(
        "Biscuit, a ginger tom with a white bib and a blue collar, has been missing from Mill Row since 20 "
        "February. If you see him please ring Ellie on 07700 900542. A child's green scooter was left at the "
        "bus shelter after half term and is now at the shop."
    )
    right = Column(two, COLUMNS[1], 780)
    right.heading("Clubs and groups")
    right.para(
        "Gardening club: first Monday of the month, 7:30pm in the Reading Room. On Monday 3 May 2027 Ruth Ashdown "
        "will talk about growing cut flowers on an allotment. New members £12 a year."
    )
    right.para("Whist drive: every third Friday, 7pm at the hall, £3 including tea and biscuits.")
    right.para(
        "Toddler group: Tuesdays in term time, 9:30 to 11:30 in the hall, now run by Fiona Leigh and Ade Bankole. "
        "A donation of £1.50 a family covers the juice and the toy fund."
    )
    right.para(
        "Bell ringers: practice on Thursdays at 7:45pm in St Oswald's tower. Beginners are taught in the half hour "
        "before; ring Colin Vasey on 01632 960733."
    )
    right.heading("Coffee morning")
    right.para(
        "On the second Saturday of each month in the hall, 10am to noon. In April the money raised goes to the air "
        "ambulance; last year's coffee mornings raised £1,186 in all."
    )
    right.aside(
        "DEFIBRILLATOR",
        "The village defibrillator is in the old red phone box outside the Plough. In an emergency ring 999 and the "
        "call handler will give you the code for the cabinet. A free training session will be held at the hall on "
        "Thursday 22 April 2027 at 7pm; no need to book.",
    )
    right.heading("Dates for your diary")
    for line in DIARY:
        right.para(line)
    footer(two, 2, 2)
    for page in (one, two):
        for x, y, w, text in page.pieces:
            if not (MARGIN - 0.01 <= x and x + w <= PAGE_W - MARGIN + 0.01 and 30 <= y <= 815):
                raise SystemExit(f"newsletter: {text!r} lies outside the page's margins")
            in_column = [c for c in COLUMNS if c - 0.01 <= x and x + w <= c + COLUMN_W + 0.01]
            if BOTTOM <= y <= 730 and not in_column:
                raise SystemExit(f"newsletter: {text!r} crosses the gutter")
            if 66 < y < BOTTOM:
                raise SystemExit(f"newsletter: {text!r} runs into the footer")
    return [one, two]


def newsletter() -> bytes:
    return write_pdf(
        newsletter_pages(), "The Wenlow Bridge Courier, Spring 2027", "Marjorie Fenwick", "20270318194500Z"
    )


def check_pdf(data: bytes) -> None:
    """Each xref entry points at its object; the trailer's startxref points at the xref table."""
    start = int(re.search(rb"startxref\n(\d+)\n%%EOF\n$", data)[1])
    if not data[start:].startswith(b"xref\n"):
        raise SystemExit("newsletter: startxref does not point at the xref table")
    count = int(re.match(rb"xref\n0 (\d+)\n", data[start:])[1])
    entries = data[start:].split(b"\n")[3 : 3 + count - 1]
    for number, entry in enumerate(entries, 1):
        if not data[int(entry[:10]) :].startswith(b"%d 0 obj\n" % number):
            raise SystemExit(f"newsletter: object {number} is not at its xref offset")


# --- Kindle: My Clippings.txt -----------------------------------------------------------------------------------------

CLIPPINGS_NAME = "My Clippings.txt"
LOAF = "The Patient Loaf: Slow Bread at Home (Marguerite Oyelaran)"
LIGHTS = "Harbour Lights: A Novel (Tobias Wrenfield)"
SPACES = "Small Spaces, Big Harvests (Ines Calderbank)"
LEDGER = "The Quiet Ledger: Money Habits for Freelancers (Rafe Adebayo-Lund)"
# (book, what, page or None, location "a-b" or "a", when added, text)
CLIPPINGS = [
    (LOAF, "Highlight", 34, "512-515", "2027-01-10 21:04:33",
     "Mix only the flour and water first and leave them for forty minutes before the salt and starter go in. In "
     "that pause, which bakers call the autolyse, the flour soaks up the water and the gluten starts to form on its "
     "own, so the dough needs far less kneading."),
    (LOAF, "Highlight", 41, "618-620", "2027-01-10 21:19:02",
     "Your starter is ready to bake with when it has doubled in size within four to six hours of a feed and a "
     "teaspoonful of it floats in a glass of water."),
    (LOAF, "Note", 41, "620", "2027-01-10 21:20:47",
     "next loaf: try 72% hydration with the rye starter, and feed it at 10pm so it peaks by breakfast"),
    (LOAF, "Highlight", 88, "1342-1344", "2027-01-17 09:12:55",
     "Bake with the lid on for the first twenty minutes at 250°C, then take the lid off, turn the oven down to "
     "220°C and give it another twenty to twenty-five minutes, until the crust is a deep brown."),
    (LIGHTS, "Highlight", 12, "171-173", "2027-01-23 23:41:10",
     "The lighthouse on Skelmorra had been dark since the winter of 1953, when the last keeper, Ewan Gilchrist, "
     "rowed across to the mainland for flour and never came back."),
    (LIGHTS, "Highlight", 57, "790-791", "2027-01-26 22:58:30",
     "Maggie kept the keeper's logbook in the bread bin, because it was the one place her brother would never look."),
    (LIGHTS, "Bookmark", 112, "1563", "2027-01-29 23:30:04", ""),
    (SPACES, "Highlight", 23, "301-303", "2027-02-14 16:05:21",
     "Runner beans hate the cold. Sow them outside only when the last frost is past, which in the Midlands usually "
     "means the third week of May, or start them indoors in deep pots a month before."),
    (SPACES, "Highlight", 67, "955-957", "2027-02-14 16:31:48",
     "Tomatoes in pots need a high-potash feed once a week from the moment the first truss of flowers has set "
     "fruit; before that, feeding only makes leaves."),
    (SPACES, "Note", 67, "957", "2027-02-14 16:32:30", "balcony: 3 pots of Sungold, feed on Sundays"),
    (SPACES, "Highlight", 102, "1480-1481", "2027-02-20 10:02:11",
     "A 40-litre pot is the smallest that will keep a courgette plant happy for a whole summer."),
    # the same highlight extended: a Kindle keeps both clippings
    (SPACES, "Highlight", 102, "1480-1483", "2027-02-20 10:02:40",
     "A 40-litre pot is the smallest that will keep a courgette plant happy for a whole summer. Two plants are "
     "plenty for a family of four; a third only means more marrows to give away."),
    (LEDGER, "Highlight", None, "233-235", "2027-03-01 07:48:19",
     "The day a client pays you, move 30 per cent of the money into a separate savings account for tax. It is not "
     "your money; it is the taxman's, resting in your bank."),
    (LEDGER, "Highlight", None, "410-412", "2027-03-02 07:51:02",
     "Before you invest a penny, build a buffer of three months of essential spending: rent or mortgage, bills, "
     "food and transport, not holidays."),
    (LEDGER, "Note", None, "412", "2027-03-02 07:52:36",
     "we have about 2 months' worth in the Nationwide account - top up £400 a month until June"),
    (LEDGER, "Highlight", None, "655-657", "2027-03-09 08:05:44",
     "Send invoices on the day the work is finished and ask for payment within 14 days; every week you wait adds "
     "about a week to how long the client takes to pay."),
    (LIGHTS, "Highlight", 203, "2840-2842", "2027-03-12 23:14:57",
     "In the end it was not the sea that took Ewan Gilchrist but a debt of forty pounds to the harbourmaster at "
     "Cullen Wick."),
]  # fmt: skip
SEPARATOR = "=========="


def clippings() -> bytes:
    """Five lines a clipping: the book's title and author, the metadata line, a blank line, the text (empty for a
    bookmark), the separator; CRLF line ends, a byte order mark at the start, as a Kindle writes the file."""
    lines = []
    for book, what, page, location, added, text in CLIPPINGS:
        when = dt.datetime.fromisoformat(added)
        stamp = f"Added on {when:%A}, {when.day} {when:%B %Y %H:%M:%S}"
        where = f"on page {page} | Location {location}" if page else f"at location {location}"
        lines += [book, f"- Your {what} {where} | {stamp}", "", text, SEPARATOR]
    return ("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8")


def check_clippings(data: bytes) -> None:
    text = data.decode("utf-8")
    if (
        not text.startswith("\ufeff")
        or text.replace("\r\n", "").count("\n")
        or text.count("\r") != text.count("\n")
    ):
        raise SystemExit("clippings: not a BOM and CRLF line ends")
    lines = text[1:].split("\r\n")[:-1]
    meta = re.compile(
        r"- Your (Highlight|Note|Bookmark) (?:on page (\d+) \| Location|at location) (\d+(?:-\d+)?) \| "
        r"Added on (\w+), (\d+) (\w+) (\d{4}) (\d\d):(\d\d):(\d\d)"
    )
    last = None
    for i in range(0, len(lines), 5):
        title, info, blank, body, sep = lines[i : i + 5]
        m = meta.fullmatch(info)
        if (
            not m
            or blank
            or sep != SEPARATOR
            or not title.endswith(")")
            or (m[1] == "Bookmark") != (body == "")
        ):
            raise SystemExit(f"clippings: clipping at line {i + 1} is not in a Kindle's form")
        when = dt.datetime.strptime(f"{m[5]} {m[6]} {m[7]} {m[8]}:{m[9]}:{m[10]}", "%d %B %Y %H:%M:%S")
        if when.strftime("%A") != m[4] or (last and when < last):
            raise SystemExit(f"clippings: {info!r} has a wrong weekday or goes back in time")
        last = when


# --- Teams meeting transcript (.vtt) ----------------------------------------------------------------------------------

TRANSCRIPT_NAME = "Website relaunch weekly sync.vtt"
SPEAKERS = {
    "R": "Rosa Halden",
    "M": "Marek Novak",
    "A": "Aisha Bello",
    "S": "Sam Whitcombe",
}
# one utterance a line: "X: text"; Teams cuts a long one into cues of a sentence or two
MEETING = """\
R: OK, I think that's everyone. Shall we make a start? The main thing today is the relaunch of the shop website, and I'd like us to leave with a date we all believe in.
R: Last week we pencilled in Monday the 14th of June. Marek, is that still realistic?
M: Mostly. The new theme is done and all the product pages are in. The bit I'm nervous about is the payment side. Stripe want us to move to their new checkout and I haven't tested refunds or gift cards yet.
A: If we launch on the 14th, the email announcing it would have to go out the Friday before, so I'd need the final pages by the 7th.
R: Let's keep the 14th for now and come back to it once Marek has had a look at the payment testing.
S: On photos. I went through the catalogue, and 38 product pages still have the old photos on white card. They look really dated next to the new ones.
R: What would it cost to redo them?
S: Tom Greaves quoted £1,200 for a day in his studio, which covers about 30 products. For all 38 we'd need him for another half day.
R: Then let's approve the £1,200 and do the 30 best sellers first. The rest can wait until after the launch.
M: I've had a look at the checkout while you were talking. Honestly, I need a full week to test refunds, gift cards and the Klarna option properly. I wouldn't go live on the 14th.
R: OK, that settles it. We move the launch to Monday the 21st of June. Aisha, that gives you until the 14th for the pages.
A: That works better for me anyway.
R: And Sam, if we've got an extra week, let's do all 38 products in one go. Go back to Tom and approve up to £1,500 for the day and a half.
S: Will do. I'll try to book him for the week of the 24th of May.
R: Who's writing the launch newsletter? I had you down for it, Sam.
S: I can, but with the photo shoot it's going to be tight.
A: I'll take the newsletter. I'm writing the social posts anyway, so it makes sense for them to match.
R: Great, Aisha has the newsletter then. Sam, you're off the hook.
A: For the launch offer I'd suggest fifteen per cent off a first order, with the code WELCOME15, for the first two weeks.
R: Make it ten per cent. Fifteen is too much on the bigger furniture pieces. Keep the two weeks, and call the code WELCOME10 so nobody gets confused.
A: Fine, WELCOME10 it is.
M: On hosting. Brightline's renewal is in October. I looked at moving, but it isn't worth the risk in the same summer as a relaunch. I'd say we stay with Brightline at least until the renewal and look again in September.
R: Agreed. We stay with Brightline and review it in September.
M: One more thing. All the old product links need redirects, otherwise we lose the traffic from Google. There are about 420 old addresses.
R: Marek, can you own the redirects? And have them done before the launch weekend.
M: Yes. I'll have the redirect list ready by the 17th so Aisha can check the popular ones.
R: Right. Let's meet again next Thursday, same time, half ten. Thanks, everyone.
"""
MEETING_ID = "5b2e8c71-4f0d-4a93-b6e2-9d41c07a3f58"


def cues() -> list[tuple[str, float, float, str, str]]:
    """(cue id, start, end, speaker, text): an utterance is cut after each sentence once a cue holds 70
    characters; 2.6 words a second, a pause of 0.4 s between cues and 1.1 s when the speaker changes."""
    out, t, last = [], 3.24, None
    for n, line in enumerate(MEETING.strip("\n").split("\n"), 1):
        key, text = line.split(": ", 1)
        t += 0.7 if last not in (None, key) else 0
        parts, part = [], ""
        for sentence in re.findall(r"[^.?!]+[.?!]+(?:\s|$)", text + " "):
            part += sentence
            if len(part) >= 70:
                parts.append(part.strip())
                part = ""
        if part.strip():
            parts.append(part.strip())
        if " ".join(parts) != text:
            raise SystemExit(f"transcript: utterance {n} was not cut at sentence ends")
        for k, p in enumerate(parts):
            length = round(len(p.split()) / 2.6, 2)
            out.append((f"{MEETING_ID}/{n + 11}-{k}", t, t + length, SPEAKERS[key], p))
            t += length + 0.4
        last = key
    return out


def stamp(seconds: float) -> str:
    ms = round(seconds * 1000)
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d}.{ms % 1000:03d}"


def transcript() -> bytes:
    blocks = ["WEBVTT"]
    for cue_id, start, end, who, text in cues():
        blocks.append(f"{cue_id}\n{stamp(start)} --> {stamp(end)}\n<v {who}>{text}</v>")
    return ("\n\n".join(blocks) + "\n").encode("utf-8")


def check_transcript(data: bytes) -> None:
    text = data.decode("utf-8")
    blocks = text.rstrip("\n").split("\n\n")
    if blocks[0] != "WEBVTT" or "\r" in text:
        raise SystemExit("transcript: no WEBVTT header, or CR in it")
    time = re.compile(r"(\d\d):(\d\d):(\d\d)\.(\d{3}) --> (\d\d):(\d\d):(\d\d)\.(\d{3})")
    last = 0
    for block in blocks[1:]:
        cue_id, when, body = block.split("\n")
        m = time.fullmatch(when)
        start = sum(int(m[i]) * f for i, f in ((1, 3600000), (2, 60000), (3, 1000), (4, 1)))
        end = sum(int(m[i]) * f for i, f in ((5, 3600000), (6, 60000), (7, 1000), (8, 1)))
        voice = re.fullmatch(r"<v ([^>]+)>([^<]+)</v>", body)
        if not cue_id.startswith(MEETING_ID + "/") or not voice or voice[1] not in SPEAKERS.values():
            raise SystemExit(f"transcript: cue {cue_id} is not a Teams cue")
        if not last <= start < end:
            raise SystemExit(f"transcript: cue {cue_id}'s times do not move forward")
        last = end


# --- DOCX: a report with footnotes, a comment, tracked changes ---------------------------------------------------------

REPORT_NAME = "pellingham-hall-solar-report-draft3.docx"
W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
ZIP_DATE = (2027, 3, 16, 18, 42, 10)
EDITOR, EDITED = "Dawn Pritchard", "2027-03-16T17:55:00Z"

USE = [("2023-24", 12150, 29.0), ("2024-25", 11820, 31.0), ("2025-26", 11400, 33.0)]  # kWh, pence per kWh
QUOTES = [
    ("Sunvale Energy", "9.6 kWp", 24, 11880, "10 years"),
    ("Brackley Solar", "8.2 kWp", 20, 9450, "25 years"),
    ("Greenhouse Renewables", "7.4 kWp", 18, 9990, "12 years"),
]
GENERATED, USED_ON_SITE, EXPORT_PENCE = 6900, 3800, 15
FOOTNOTES = {
    1: "From the hall's Southfield Power bills, April 2025 to March 2026; the standing charge is left out.",
    2: "Halloran Structural Ltd, inspection of 9 February 2027, report HS-2231.",
    3: "Community Energy Fund, round 4: grants of up to 40% of the cost, capped at £8,000 per building. "
    "Applications close on Wednesday 30 June 2027; the working group will prepare ours in May.",
}
COMMENT = "Halloran's report says 32 degrees, I think. Check before this goes to the committee."


def money(v: float) -> str:
    return f"£{v:,.2f}" if v != int(v) else f"£{int(v):,}"


def run(text: str, deleted: bool = False, rpr: str = "") -> str:
    tag = "w:delText" if deleted else "w:t"
    space = ' xml:space="preserve"' if text != text.strip() else ""
    return f"<w:r>{rpr}<{tag}{space}>{escape(text)}</{tag}></w:r>"


class Revisions:
    def __init__(self) -> None:
        self.n = 100

    def dele(self, text: str) -> str:
        self.n += 1
        return f'<w:del w:id="{self.n}" w:author="{EDITOR}" w:date="{EDITED}">{run(text, True)}</w:del>'

    def ins(self, text: str) -> str:
        self.n += 1
        return f'<w:ins w:id="{self.n}" w:author="{EDITOR}" w:date="{EDITED}">{run(text)}</w:ins>'


def para(content: str, style: str | None = None) -> str:
    ppr = f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else ""
    return f"<w:p>{ppr}{content}</w:p>"


def note_ref(n: int) -> str:
    return f'<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="{n}"/></w:r>'


def table(rows: list[tuple[str, ...]], widths: list[int]) -> str:
    grid = "".join(f'<w:gridCol w:w="{w}"/>' for w in widths)
    out = []
    for i, row in enumerate(rows):
        rpr = "<w:rPr><w:b/></w:rPr>" if i == 0 else ""
        cells = "".join(
            f'<w:tc><w:tcPr><w:tcW w:w="{w}" w:type="dxa"/></w:tcPr><w:p>{run(c, rpr=rpr)}</w:p></w:tc>'
            for c, w in zip(row, widths)
        )
        out.append(f"<w:tr>{cells}</w:tr>")
    return (
        '<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/></w:tblPr>'
        f"<w:tblGrid>{grid}</w:tblGrid>{''.join(out)}</w:tbl>"
    )


HEADINGS = ["1. Summary", "2. Electricity use", "3. The roof", "4. Quotes", "5. Recommendation", "6. Funding",
            "7. Next steps"]  # fmt: skip
TOC_PAGES = [1, 1, 2, 2, 3, 3, 4]


def toc() -> str:
    """Word's table of contents: a content control holding a TOC field, its cached entries with page numbers."""
    entries = []
    for i, (heading, page) in enumerate(zip(HEADINGS, TOC_PAGES)):
        begin = (
            '<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
            '<w:r><w:instrText xml:space="preserve"> TOC \\o "1-3" \\h \\z \\u </w:instrText></w:r>'
            '<w:r><w:fldChar w:fldCharType="separate"/></w:r>'
            if i == 0
            else ""
        )
        entries.append(
            f'<w:p><w:pPr><w:pStyle w:val="TOC1"/><w:tabs><w:tab w:val="right" w:leader="dot" w:pos="9016"/>'
            f"</w:tabs></w:pPr>{begin}{run(heading)}<w:r><w:tab/></w:r>{run(str(page))}</w:p>"
        )
    entries.append('<w:p><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>')
    return (
        '<w:sdt><w:sdtPr><w:docPartObj><w:docPartGallery w:val="Table of Contents"/><w:docPartUnique/>'
        '</w:docPartObj></w:sdtPr><w:sdtContent><w:p><w:pPr><w:pStyle w:val="TOCHeading"/></w:pPr>'
        f"{run('Contents')}</w:p>{''.join(entries)}</w:sdtContent></w:sdt>"
    )


def report_body() -> str:
    rev = Revisions()
    latest_kwh, latest_pence = USE[-1][1], USE[-1][2]
    latest_cost = latest_kwh * latest_pence / 100
    saving = USED_ON_SITE * latest_pence / 100
    export = (GENERATED - USED_ON_SITE) * EXPORT_PENCE / 100
    chosen = QUOTES[1]
    payback = chosen[3] / (saving + export)
    if not 5.4 < payback < 5.6 or round(latest_cost, 2) != 3762:
        raise SystemExit(f"report: the payback ({payback:.2f} years) or the cost no longer matches the text")
    use_rows = [("Year", "Use (kWh)", "Cost", "Average price")] + [
        (year, f"{kwh:,}", f"£{kwh * pence / 100:,.2f}", f"{pence:.1f}p") for year, kwh, pence in USE
    ]
    quote_rows = [("Installer", "System", "Panels", "Price", "Warranty")] + [
        (name, size, str(panels), money(price), warranty) for name, size, panels, price, warranty in QUOTES
    ]
    roof = (
        run("The south-facing slope of the main hall roof is 14.5 metres by 6 metres, pitched at ")
        + '<w:commentRangeStart w:id="0"/>'
        + run("30 degrees")
        + '<w:commentRangeEnd w:id="0"/>'
        + '<w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:commentReference w:id="0"/></w:r>'
        + run(
            ", with no shading from the churchyard yews before 4pm in summer. A structural engineer confirmed in "
            "February that the roof trusses can take the weight of the panels without strengthening."
        )
        + note_ref(2)
    )
    body = [
        para(run("Pellingham Village Hall: Solar Panel Feasibility Report"), "Title"),
        para(
            run(
                "Prepared by the hall's energy working group for the management committee, March 2027 (draft 3)"
            ),
            "Subtitle",
        ),
        toc(),
        para(run(HEADINGS[0]), "Heading1"),
        para(
            run(
                f"The hall uses about {latest_kwh:,} kWh of electricity a year and paid {money(latest_cost)} for it "
                "in 2025-26."
            )
            + note_ref(1)
            + run(
                " A roof-mounted solar system could supply around a third of that, because most of the hall's use "
                "is in daylight hours (the playgroup, the lunch club and the Saturday café)."
            )
        ),
        para(run(HEADINGS[1]), "Heading1"),
        para(run("The table gives the hall's use and cost of electricity over the last three years.")),
        table(use_rows, [1800, 2000, 2000, 2200]),
        para(
            run("The price per kWh has risen every year; the use has fallen since the LED lighting went in.")
        ),
        para(run(HEADINGS[2]), "Heading1"),
        para(roof),
        para(run(HEADINGS[3]), "Heading1"),
        para(run("Three installers visited the hall in January and quoted for a system on the south slope:")),
        table(quote_rows, [2600, 1300, 1100, 1600, 1600]),
        para(
            run(
                "All three prices include scaffolding, the inverter and registration with the network operator. "
                "Sunvale's price includes a 5 kWh battery; the others quote a battery separately (Brackley Solar "
                "£3,100, Greenhouse Renewables £3,450)."
            )
        ),
        para(run(HEADINGS[4]), "Heading1"),
        para(
            run("We recommend the ")
            + rev.dele("9.6 kWp system of 24 panels from Sunvale Energy")
            + rev.ins(f"{chosen[1]} system of {chosen[2]} panels from {chosen[0]}")
            + run(", without a battery for now.")
        ),
        para(
            run(
                f"It should generate about {GENERATED:,} kWh a year. The hall would use about {USED_ON_SITE:,} kWh "
                f"of that itself, saving {money(saving)} a year at {latest_pence:.0f}p per kWh, and export the "
                f"other {GENERATED - USED_ON_SITE:,} kWh at {EXPORT_PENCE}p, earning {money(export)}. That is "
                f"{money(saving + export)} a year in all, so the system would pay for itself in "
            )
            + rev.dele("about eight years")
            + rev.ins("about five and a half years")
            + run(".")
        ),
        para(run(HEADINGS[5]), "Heading1"),
        para(
            run(
                "We propose to pay for the system from the hall's building reserve (£14,200 at the end of "
                "February) and to apply for a community energy grant, which could cover up to 40 per cent of the "
                "cost."
            )
            + note_ref(3)
        ),
        para(run(HEADINGS[6]), "Heading1"),
        para(
            run(
                "Ask Brackley Solar to hold their price until the end of June (so far they have agreed to 31 May)."
            ),
            "ListBullet",
        ),
        para(
            run("Put the recommendation to the members at the AGM on ")
            + rev.dele("Tuesday 11 May 2027")
            + rev.ins("Wednesday 19 May 2027")
            + run("."),
            "ListBullet",
        ),
        para(
            run(
                "If the members agree, have the panels fitted in the school summer holidays, when the hall is "
                "quietest."
            ),
            "ListBullet",
        ),
        para(run("Working group: Dawn Pritchard (chair), Leon Fairweather, Hugh Mabbott.")),
    ]
    sect = (
        '<w:sectPr><w:headerReference w:type="default" r:id="rId6"/><w:footerReference w:type="default" '
        'r:id="rId7"/><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" '
        'w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>'
    )
    return "".join(body) + sect


def xml_part(root: str, inner: str, extra_ns: str = "") -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<{root} xmlns:w="{W_NS}" xmlns:r="{R_NS}"{extra_ns}>{inner}</{root}>'
    )


def footnotes_xml() -> str:
    parts = [
        '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>',
        '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p>'
        "</w:footnote>",
    ]
    for n, text in FOOTNOTES.items():
        parts.append(
            f'<w:footnote w:id="{n}"><w:p><w:pPr><w:pStyle w:val="FootnoteText"/></w:pPr>'
            '<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r>'
            f"{run(' ' + text)}</w:p></w:footnote>"
        )
    return xml_part("w:footnotes", "".join(parts))


def styles_xml() -> str:
    def style(
        sid: str, name: str, kind: str = "paragraph", ppr: str = "", rpr: str = "", based: str = ""
    ) -> str:
        b = f'<w:basedOn w:val="{based}"/>' if based else ""
        return (
            f'<w:style w:type="{kind}" w:styleId="{sid}"><w:name w:val="{name}"/>{b}<w:qFormat/>'
            f"{f'<w:pPr>{ppr}</w:pPr>' if ppr else ''}{f'<w:rPr>{rpr}</w:rPr>' if rpr else ''}</w:style>"
        )

    styles = [
        '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:sz w:val="22"/>'
        '</w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="259" w:lineRule="auto"/>'
        "</w:pPr></w:pPrDefault></w:docDefaults>",
        '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>',
        style("Title", "Title", rpr='<w:sz w:val="48"/>', based="Normal"),
        style("Subtitle", "Subtitle", rpr='<w:i/><w:color w:val="595959"/>', based="Normal"),
        style("Heading1", "heading 1", ppr='<w:keepNext/><w:outlineLvl w:val="0"/>', rpr='<w:b/><w:sz w:val="28"/>',
              based="Normal"),
        style("TOCHeading", "TOC Heading", rpr='<w:b/><w:sz w:val="28"/>', based="Heading1"),
        style("TOC1", "toc 1", based="Normal"),
        style("ListBullet", "List Bullet", ppr='<w:ind w:left="360" w:hanging="360"/>', based="Normal"),
        style("FootnoteText", "footnote text", rpr='<w:sz w:val="18"/>', based="Normal"),
        style("FootnoteReference", "footnote reference", "character", rpr='<w:vertAlign w:val="superscript"/>'),
        style("CommentText", "annotation text", rpr='<w:sz w:val="20"/>', based="Normal"),
        style("CommentReference", "annotation reference", "character", rpr='<w:sz w:val="16"/>'),
        style("Header", "header", based="Normal"),
        style("Footer", "footer", based="Normal"),
        '<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:tblPr><w:tblBorders>'
        + "".join(f'<w:{s} w:val="single" w:sz="4" w:space="0" w:color="auto"/>'
                  for s in ("top", "left", "bottom", "right", "insideH", "insideV"))
        + "</w:tblBorders></w:tblPr></w:style>",
    ]  # fmt: skip
    return xml_part("w:styles", "".join(styles))


def report() -> bytes:
    content_types = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        + "".join(
            f'<Override PartName="/{part}" ContentType="application/vnd.openxmlformats-officedocument.'
            f'wordprocessingml.{kind}+xml"/>'
            for part, kind in (
                ("word/document.xml", "document.main"),
                ("word/styles.xml", "styles"),
                ("word/settings.xml", "settings"),
                ("word/footnotes.xml", "footnotes"),
                ("word/comments.xml", "comments"),
                ("word/header1.xml", "header"),
                ("word/footer1.xml", "footer"),
            )
        )
        + '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.'
        'core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.'
        'openxmlformats-officedocument.extended-properties+xml"/></Types>'
    )
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    package_rels = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="word/document.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/'
        'core-properties" Target="docProps/core.xml"/>'
        f'<Relationship Id="rId3" Type="{rel}/extended-properties" Target="docProps/app.xml"/></Relationships>'
    )
    document_rels = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        + "".join(
            f'<Relationship Id="{rid}" Type="{rel}/{kind}" Target="{target}"/>'
            for rid, kind, target in (
                ("rId1", "styles", "styles.xml"),
                ("rId2", "settings", "settings.xml"),
                ("rId3", "footnotes", "footnotes.xml"),
                ("rId4", "comments", "comments.xml"),
                ("rId6", "header", "header1.xml"),
                ("rId7", "footer", "footer1.xml"),
            )
        )
        + "</Relationships>"
    )
    settings = xml_part(
        "w:settings",
        '<w:trackRevisions/><w:defaultTabStop w:val="720"/><w:characterSpacingControl w:val="doNotCompress"/>'
        '<w:footnotePr><w:footnote w:id="-1"/><w:footnote w:id="0"/></w:footnotePr>'
        '<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" '
        'w:val="15"/></w:compat>',
    )
    comments = xml_part(
        "w:comments",
        f'<w:comment w:id="0" w:author="{EDITOR}" w:date="2027-03-16T17:49:00Z" w:initials="DP">'
        '<w:p><w:pPr><w:pStyle w:val="CommentText"/></w:pPr><w:r><w:rPr><w:rStyle w:val="CommentReference"/>'
        f"</w:rPr><w:annotationRef/></w:r>{run(COMMENT)}</w:p></w:comment>",
    )
    header = xml_part(
        "w:hdr",
        para(run("Pellingham Village Hall - solar feasibility - DRAFT 3, not for circulation"), "Header"),
    )

    def field(name):
        return (
            '<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
            f'<w:r><w:instrText xml:space="preserve"> {name} </w:instrText></w:r>'
            '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r>'
            '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
        )

    footer_part = xml_part(
        "w:ftr", para(run("Page ") + field("PAGE") + run(" of ") + field("NUMPAGES"), "Footer")
    )
    document = xml_part("w:document", f"<w:body>{report_body()}</w:body>")
    core = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>Solar Panel Feasibility Report</dc:title>'
        "<dc:creator>Leon Fairweather</dc:creator><cp:lastModifiedBy>Dawn Pritchard</cp:lastModifiedBy>"
        "<cp:revision>3</cp:revision>"
        '<dcterms:created xsi:type="dcterms:W3CDTF">2027-03-02T19:20:00Z</dcterms:created>'
        '<dcterms:modified xsi:type="dcterms:W3CDTF">2027-03-16T17:55:00Z</dcterms:modified></cp:coreProperties>'
    )
    app = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">'
        "<Application>Microsoft Office Word</Application><AppVersion>16.0000</AppVersion></Properties>"
    )
    members = [
        ("[Content_Types].xml", content_types),
        ("_rels/.rels", package_rels),
        ("word/document.xml", document),
        ("word/_rels/document.xml.rels", document_rels),
        ("word/styles.xml", styles_xml()),
        ("word/settings.xml", settings),
        ("word/footnotes.xml", footnotes_xml()),
        ("word/comments.xml", comments),
        ("word/header1.xml", header),
        ("word/footer1.xml", footer_part),
        ("docProps/core.xml", core),
        ("docProps/app.xml", app),
    ]
    buf = BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in members:
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, text.encode("utf-8"))
    return buf.getvalue()


def check_report(data: bytes) -> str:
    """Every XML part parses; each footnote and comment referred to exists, each relationship's target is in the
    package; returns the body's text (insertions kept, deletions left out) for the weekday check."""
    w = f"{{{W_NS}}}"
    with zipfile.ZipFile(BytesIO(data)) as z:
        parts = {n: ET.fromstring(z.read(n)) for n in z.namelist() if n.endswith((".xml", ".rels"))}
    names = set(parts)
    for rel in parts["word/_rels/document.xml.rels"]:
        if "word/" + rel.get("Target") not in names:
            raise SystemExit(f"report: relationship target {rel.get('Target')} is missing")
    doc = parts["word/document.xml"]
    notes = {n.get(f"{w}id") for n in parts["word/footnotes.xml"]}
    for ref in doc.iter(f"{w}footnoteReference"):
        if ref.get(f"{w}id") not in notes:
            raise SystemExit("report: a footnote reference has no footnote")
    comments = {c.get(f"{w}id") for c in parts["word/comments.xml"]}
    for ref in doc.iter(f"{w}commentReference"):
        if ref.get(f"{w}id") not in comments:
            raise SystemExit("report: a comment reference has no comment")
    if not list(doc.iter(f"{w}del")) or not list(doc.iter(f"{w}ins")):
        raise SystemExit("report: no tracked changes")
    return "\n".join(
        "".join(t.text or "" for t in p.iter() if t.tag in (f"{w}t", f"{w}delText"))
        for p in doc.iter(f"{w}p")
    ) + "\n".join(FOOTNOTES.values())


# --- checks -------------------------------------------------------------------------------------------------------

MONTHS = "January February March April May June July August September October November December".split()
WEEKDAY_DATE = re.compile(
    r"\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),? (\d{1,2}) ("
    + "|".join(MONTHS)
    + r")(?: (\d{4}))?"
)


def check_weekdays(text: str) -> int:
    """Every weekday written next to a date ("Saturday 26 June 2027", "Sunday, 10 January 2027"; a date without a
    year is in 2027) is that date's weekday; returns how many were checked."""
    n = 0
    for m in WEEKDAY_DATE.finditer(text):
        date = dt.date(int(m[4] or YEAR), MONTHS.index(m[3]) + 1, int(m[2]))
        if date.strftime("%A") != m[1]:
            raise SystemExit(f"{m[0]!r}: {date} is a {date:%A}")
        n += 1
    return n


def files() -> dict[str, bytes]:
    return {
        NEWSLETTER_NAME: newsletter(),
        CLIPPINGS_NAME: clippings(),
        TRANSCRIPT_NAME: transcript(),
        REPORT_NAME: report(),
    }


def check(made: dict[str, bytes]) -> int:
    check_pdf(made[NEWSLETTER_NAME])
    check_clippings(made[CLIPPINGS_NAME])
    check_transcript(made[TRANSCRIPT_NAME])
    texts = [
        "\n".join(t for page in newsletter_pages() for *_, t in page.pieces),
        made[CLIPPINGS_NAME].decode("utf-8"),
        made[TRANSCRIPT_NAME].decode("utf-8"),
        check_report(made[REPORT_NAME]),
    ]
    return sum(check_weekdays(t) for t in texts)


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
