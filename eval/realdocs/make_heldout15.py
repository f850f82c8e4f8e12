"""Generate the private documents of the realdocs ``heldout15`` part under ``files/private15/``: a family's notes for
their dog sitter as macOS TextEdit saves a rich text document with a picture in it (``.rtfd``: a folder holding
``TXT.rtf``, Cocoa RTF whose paragraphs end in ``\\`` and a newline, with a bold heading font, bullet lists from a
``\\listtable`` and the photo as a ``{{\\NeXTGraphic Bramble.png ...}¬}`` attachment, and ``Bramble.png`` beside
it), a council's residents' parking permit application filled in on screen (``.pdf``: a two-page AcroForm written by
hand, whose printed labels and notes are page text and whose answers are the values (``/V``) of its text, check box
and choice fields, each widget with an appearance stream) and a PhD student's reference library as JabRef writes it
(``.bib``: BibTeX, 25 entries of ten types with abstracts, keywords, notes, ``file`` links and JabRef's
fields, a ``@String``, JabRef's ``@Comment`` blocks).

    python eval/realdocs/make_heldout15.py          # rewrite them; the output is the same on every run

Standard library only. Everything is fixed text or computed from fixed text (the dog sitter's pay from the nights and
the rate, the permit application's total from the permit and the visitor books), so a rerun gives the same bytes.
Every weekday written next to a date ("Saturday 21 August 2027", "Monday 7 December 2026") is checked against the
calendar, and each file is checked as its format when the files are written: the RTF's braces balance, it has the
Cocoa header and one attachment whose file is in the bundle, and its paragraphs read back as written; the PDF's xref
offsets point at their objects, every widget sits on its page inside the page, has an appearance stream and is
listed in the AcroForm's fields; the BibTeX's entries have balanced braces, unique keys and the fields their types
require. The other document of the part (``sources.list.5.gz``, a man page's troff source) is copied unchanged from
a Debian package, as ``documents.json`` records.
"""

from __future__ import annotations

import datetime as dt
import re
import struct
import zlib
from pathlib import Path

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout15 (the tests)
    from make_heldout6 import HELVETICA
    from make_heldout10 import write_files
except ImportError:
    from eval.realdocs.make_heldout6 import HELVETICA
    from eval.realdocs.make_heldout10 import write_files

OUT = Path(__file__).resolve().parent / "files" / "private15"
YEAR = 2027
MONTHS = "January February March April May June July August September October November December".split()
DAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()

RTFD_NAME = "Notes for Jess - looking after Bramble.rtfd"
PHOTO_NAME = "Bramble.png"
FORM_NAME = "RP1 parking permit application - Ellingham.pdf"
BIB_NAME = "thesis-references.bib"


def png(width: int, height: int, pixel) -> bytes:
    """A small RGB PNG; ``pixel(x, y)`` gives each pixel's (r, g, b)."""
    raw = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


# --- TextEdit .rtfd: notes for a dog sitter --------------------------------------------------------------------------

SIT_FROM = dt.date(2027, 8, 13)  # Jess comes on the Friday evening
SIT_TO = dt.date(2027, 8, 21)  # the family is back on the Saturday
NIGHTLY = 35  # pounds a night, as agreed
NIGHTS = (SIT_TO - SIT_FROM).days
PAY = NIGHTLY * NIGHTS
PHOTO_W, PHOTO_H = (
    160,
    120,
)  # pixels; TextEdit gives \width and \height in twips (20 a point, a pixel a point)


def long_date(d: dt.date, year: bool = True) -> str:
    return f"{DAYS[d.weekday()]} {d.day} {MONTHS[d.month - 1]}" + (f" {d.year}" if year else "")


def sitter_paragraphs() -> list[tuple[str, str]]:
    """The notes, a paragraph each: (style, text); styles ``title``, ``h`` (a bold heading), ``p``, ``li`` (a
    bullet), ``caption`` (italic), ``img`` (the photo's paragraph) and ``blank``."""
    fly = SIT_FROM + dt.timedelta(days=1)
    flea = dt.date(2027, 8, 18)
    bins = flea - dt.timedelta(days=1)
    return [
        ("title", "Notes for Jess: looking after Bramble"),
        ("p", f"{long_date(SIT_FROM, False)} to {long_date(SIT_TO)}"),
        ("blank", ""),
        ("p", "Hi Jess,"),
        (
            "p",
            "Thank you so much for doing this again! We\u2019ve tried to write everything down this time so you "
            f"don\u2019t have to text us from the beach. Our flight is at 7:05am on {long_date(fly, False)}, so "
            "please come over on the Friday evening after work and stay the night; we\u2019ll be gone before "
            "you\u2019re up.",
        ),
        (
            "p",
            "The back door key is in the key safe to the left of the back door (code 4826). There\u2019s also a "
            "spare front door key on the hook inside the pantry.",
        ),
        ("blank", ""),
        ("img", ""),
        (
            "caption",
            "Bramble in her red harness. Use this one rather than the collar: it clips on at the chest and stops "
            "her pulling towards other dogs.",
        ),
        ("blank", ""),
        ("h", "Food"),
        (
            "li",
            "Breakfast at 7:30am: one green scoop (120 g) of the dry food from the metal bin in the utility room, "
            "with a heaped tablespoon of the wet food from the fridge stirred in.",
        ),
        ("li", "Tea at 5pm: the same again."),
        ("li", "Fresh water in the big bowl by the back door, topped up morning and evening."),
        (
            "li",
            "Treats: the little liver ones in the jar on the dresser, no more than five a day. She\u2019s on a diet "
            "(the vet wants her down to 19 kg), so please don\u2019t let Grandpa Ted slip her toast if he pops "
            "round.",
        ),
        ("li", "Never: grapes, raisins, chocolate, onions or cooked bones. She will beg. Be strong."),
        ("blank", ""),
        ("h", "Medicine"),
        (
            "p",
            "She has one joint tablet (Flexicare 250) every evening with her tea. Hide it in a small cube of cheese "
            "and she\u2019ll take it without noticing. The box is on the top shelf of the cupboard above the "
            "kettle, out of her reach.",
        ),
        (
            "p",
            f"Her flea and tick treatment is due on {long_date(flea, False)}. It\u2019s a pipette in the same "
            "cupboard: part the fur at the back of her neck, between the shoulder blades, and squeeze the whole "
            "tube onto the skin. No bath or swimming for 48 hours afterwards.",
        ),
        ("blank", ""),
        ("h", "Walks"),
        (
            "li",
            "Morning: about 45 minutes, round Hollins Wood and back along the river path. She\u2019s fine off the "
            "lead in the wood but please keep her on it along Holloway Lane, where there are sheep in the field.",
        ),
        ("li", "Evening: 20 minutes round the block is plenty."),
        (
            "li",
            "Please don\u2019t let her into the mill pond: there\u2019s blue-green algae on it this summer and it "
            "can poison dogs. The river below the weir is fine for a paddle.",
        ),
        ("li", "Muddy paws get wiped down in the utility room; her towels are on the hook behind the door."),
        ("blank", ""),
        ("h", "Bedtime and the house"),
        (
            "p",
            "She sleeps in her crate in the kitchen with the door left open and the radio on low. If she whines in "
            "the night she probably needs a wee; let her out into the back garden.",
        ),
        (
            "p",
            "Burglar alarm: the keypad is in the hall. Type 1793 and press the tick to set or unset it. Please set "
            "it if you\u2019re out for more than a couple of hours; Bramble is fine on her own for up to four hours.",
        ),
        ("p", "Wi-Fi is WHITCOMBE-HOME and the password is on the side of the fridge."),
        (
            "p",
            f"Bins: the green garden waste bin goes out on {DAYS[bins.weekday()]} night ({bins.day} "
            f"{MONTHS[bins.month - 1]}) for collection on {DAYS[flea.weekday()]} morning. Nothing else is due "
            "that week.",
        ),
        (
            "p",
            "Could you water the tomatoes in the greenhouse every evening unless it has rained properly? On Sundays "
            "they get the tomato feed in the green bottle; plain water the rest of the week.",
        ),
        ("blank", ""),
        ("h", "If something goes wrong"),
        (
            "p",
            "Vet: Riverside Veterinary Centre, Mill Street, 01632 960514. She\u2019s registered under Whitcombe. "
            "After 7pm and at weekends the same number puts you through to the emergency vet in Harford.",
        ),
        (
            "p",
            "Her insurance papers are in the blue folder in the dresser drawer (Paws & Claws Cover, policy "
            "PC-55-801-2276). The vet can claim from them directly, so you shouldn\u2019t have to pay anything.",
        ),
        (
            "p",
            "If you can\u2019t get hold of us, ring my sister Clare on 07700 900461. She lives ten minutes away in "
            "Church Lane and has a key.",
        ),
        ("blank", ""),
        ("h", "Money"),
        (
            "p",
            "There\u2019s \u00a360 in the envelope in the dresser for dog food or anything else she needs. Her food "
            "is Hill Country Adult Lamb & Rice from Barker\u2019s on the high street, if you run low.",
        ),
        (
            "p",
            f"As agreed, \u00a3{NIGHTLY} a night: that\u2019s \u00a3{PAY} for the {NUMBERS[NIGHTS]} nights, and "
            "we\u2019ll pay you by bank transfer on the day we\u2019re back.",
        ),
        ("blank", ""),
        (
            "p",
            f"We land at 2:40pm on {long_date(SIT_TO, False)} and should be home by about 5pm. Help yourself to "
            "anything in the fridge and freezer.",
        ),
        ("p", "Thank you!"),
        ("p", "Hannah and Tom x"),
    ]


NUMBERS = "zero one two three four five six seven eight nine ten".split()


def rtf_escape(text: str) -> str:
    """Text as Cocoa writes it in RTF: ``\\``, ``{`` and ``}`` escaped, characters of code page 1252 beyond ASCII as
    ``\\'xx``, any other as ``\\uc0\\uN``."""
    out = []
    for c in text:
        if c in "\\{}":
            out.append("\\" + c)
        elif ord(c) < 128:
            out.append(c)
        else:
            try:
                out.append(f"\\'{c.encode('cp1252')[0]:02x}")
            except UnicodeEncodeError:
                out.append(f"\\uc0\\u{ord(c)} ")
    return "".join(out)


TABS = "\\tx566\\tx1133\\tx1700\\tx2267\\tx2834\\tx3401\\tx3968\\tx4535\\tx5102\\tx5669\\tx6236\\tx6803"
PARD = f"\\pard{TABS}\\pardirnatural\\partightenfactor0"
PARD_LIST = "\\pard\\tx220\\tx720\\pardeftab720\\li720\\fi-720\\partightenfactor0"
PARD_CENTRE = f"\\pard{TABS}\\pardirnatural\\qc\\partightenfactor0"
LIST_TABLE = (
    "{\\*\\listtable{\\list\\listtemplateid1\\listhybrid{\\listlevel\\levelnfc23\\levelnfcn23\\leveljc0\\leveljcn0"
    "\\levelfollow0\\levelstartat1\\levelspace360\\levelindent0{\\*\\levelmarker \\{disc\\}}{\\leveltext"
    "\\leveltemplateid1\\'01\\uc0\\u8226 ;}{\\levelnumbers;}\\fi-360\\li720\\lin720 }{\\listname ;}\\listid1}}\n"
    "{\\*\\listoverridetable{\\listoverride\\listid1\\listoverridecount0\\ls1}}\n"
)


def sitter_rtf() -> bytes:
    """TXT.rtf as TextEdit (macOS 14) writes it: the Cocoa header, font, colour and list tables, then the text; a
    paragraph ends in ``\\`` and a newline, the last one in the closing brace. Style changes are written where they
    happen (a new ``\\pard`` when the paragraph's layout changes, font and weight switches before the text)."""
    head = (
        "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n"
        "\\cocoatextscaling0\\cocoaplatform0{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica-Bold;"
        "\\f1\\fswiss\\fcharset0 Helvetica;\\f2\\fswiss\\fcharset0 Helvetica-Oblique;}\n"
        "{\\colortbl;\\red255\\green255\\blue255;}\n"
        "{\\*\\expandedcolortbl;;}\n" + LIST_TABLE + "\\paperw11900\\paperh16840\\margl1440\\margr1440"
        "\\vieww13440\\viewh15020\\viewkind0\n"
    )
    body: list[str] = []
    layout = None  # the paragraph layout in force: "plain", "list" or "centre"
    font = None  # (font number, bold, italic, size in half points)
    paras = sitter_paragraphs()
    for i, (style, text) in enumerate(paras):
        want = {"li": "list", "img": "centre", "caption": "centre"}.get(style, "plain")
        lead = ""
        if want != layout:
            lead += (
                {"plain": PARD, "list": PARD_LIST, "centre": PARD_CENTRE}[want]
                + "\n"
                + ("\n" if not layout else "")
            )
            lead += "\\ls1\\ilvl0" if want == "list" else ""
            layout = want
        f = {"title": (0, 1, 0, 36), "h": (0, 1, 0, 28), "caption": (2, 0, 1, 22)}.get(style, (1, 0, 0, 24))
        if style not in ("img", "blank") and f != font:
            was = font or (None, 0, 0, None)
            lead += f"\\f{f[0]}" + ("" if f[1] == was[1] else "\\b" if f[1] else "\\b0")
            lead += ("" if f[2] == was[2] else "\\i" if f[2] else "\\i0") + (
                "" if f[3] == was[3] else f"\\fs{f[3]}"
            )
            lead += " "
            font = f
        if lead:
            lead += "\\cf0 "
        if style == "img":
            content = (
                f"{{{{\\NeXTGraphic {PHOTO_NAME} \\width{PHOTO_W * 20} \\height{PHOTO_H * 20} "
                "\\appleattachmentpadding0 \\appleembedtype0 \\appleaqc\n}\xac}"
            )
        elif style == "li":
            content = "{\\listtext\t\\uc0\\u8226 \t}" + rtf_escape(text)
        else:
            content = rtf_escape(text)
        end = "\\\n" if i < len(paras) - 1 else "}"
        body.append(lead + content + end)
    return (head + "".join(body)).encode("cp1252")


def photo_png() -> bytes:
    """A small picture of a brown and white spaniel on grass in a red harness (shapes, not a photograph)."""

    def pixel(x: int, y: int) -> tuple[int, int, int]:
        if (x - 80) ** 2 / 52**2 + (y - 72) ** 2 / 26**2 <= 1:  # body
            if 58 <= x <= 66 or (x - 96) ** 2 + (y - 70) ** 2 < 90:
                return (196, 30, 36)  # the harness strap and its front clip
            return (122, 72, 40) if (x // 9 + y // 11) % 3 else (236, 232, 224)
        if (x - 132) ** 2 + (y - 50) ** 2 <= 20**2:  # head
            return (122, 72, 40)
        if (x - 121) ** 2 / 7**2 + (y - 66) ** 2 / 16**2 <= 1:  # ear
            return (92, 52, 28)
        if 96 <= y and (34 <= x <= 42 or 112 <= x <= 120) and y <= 110:  # legs
            return (236, 232, 224)
        return (88, 150, 64) if y > 84 else (170, 204, 232)

    return png(PHOTO_W, PHOTO_H, pixel)


def check_rtfd(files: dict[str, bytes]) -> str:
    """The bundle holds TXT.rtf and the photo; the RTF has the Cocoa header, balanced braces, one attachment whose
    file is in the bundle; its paragraphs read back as written. Returns the text."""
    rtf = files[f"{RTFD_NAME}/TXT.rtf"]
    if not rtf.startswith(b"{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n") or not rtf.endswith(b"}"):
        raise SystemExit("rtfd: not TextEdit's Cocoa RTF")
    depth = 0
    src = rtf.decode("cp1252")
    for m in re.finditer(r"\\[\\{}]|[{}]", src):
        depth += {"{": 1, "}": -1}.get(m[0], 0)
        if depth < 0:
            raise SystemExit("rtfd: a brace closes no group")
    if depth:
        raise SystemExit("rtfd: braces do not balance")
    graphics = re.findall(r"\\NeXTGraphic (.+?) \\width", src)
    if graphics != [PHOTO_NAME] or f"{RTFD_NAME}/{PHOTO_NAME}" not in files:
        raise SystemExit("rtfd: the attachment is not the bundle's photo")
    if not files[f"{RTFD_NAME}/{PHOTO_NAME}"].startswith(b"\x89PNG\r\n\x1a\n"):
        raise SystemExit("rtfd: the photo is not a PNG")
    # read the paragraphs back: drop the header groups, split at "\<newline>", strip control words
    body = src[src.index("\\viewkind0\n") + len("\\viewkind0\n") : -1]
    body = re.sub(r"\{\{\\NeXTGraphic[^}]*\}\xac\}", "\xac", body)
    paras = []
    for chunk in body.split("\\\n"):
        text = re.sub(r"\{\\listtext\t\\uc0\\u8226 \t\}", "\u2022 ", chunk)
        text = re.sub(r"\\'([0-9a-f]{2})", lambda m: bytes([int(m[1], 16)]).decode("cp1252"), text)
        text = re.sub(r"\\[a-z]+-?\d* ?", "", text.replace("\n", ""))
        paras.append(text)
    wanted = [
        {"img": "\xac", "li": "\u2022 " + t}.get(s, t) for s, t in sitter_paragraphs()
    ]  # the photo's paragraph holds the attachment character
    if paras != wanted:
        raise SystemExit(
            f"rtfd: the paragraphs do not read back: {[p for p, w in zip(paras, wanted) if p != w]}"
        )
    if PAY != 280 or NIGHTS != 8:
        raise SystemExit("rtfd: the sitter's pay no longer matches the nights")
    return "\n".join(paras)


# --- PDF form: a residents' parking permit application, filled in --------------------------------------------------

PAGE_W, PAGE_H = 595, 842
LEFT, RIGHT = 50, 545
PERMITS = [  # (field name, printed line, price in pence, ticked)
    ("permit_12m", "Resident permit, 12 months", 6200, True),
    ("permit_6m", "Resident permit, 6 months", 3400, False),
    ("permit_second", "Second vehicle at the same address, 12 months", 9800, False),
    ("permit_ev", "Fully electric vehicle, 12 months (half price)", 3100, False),
]
VISITOR_BOOK = 1500  # pence a book of 10
VISITOR_BOOKS = 2
VISITOR_MAX = 6
TOTAL = sum(p for _, _, p, ticked in PERMITS if ticked) + VISITOR_BOOKS * VISITOR_BOOK
PAY_OPTIONS = ["Cheque enclosed", "Card - please phone me", "Card - I will pay online"]


def pounds(pence: int) -> str:
    return f"\u00a3{pence // 100}.{pence % 100:02d}"


def width(text: str, size: float, bold: bool = False) -> float:
    return sum(HELVETICA[c] for c in text) * size / 1000 * (1.08 if bold else 1)


def wrap(text: str, room: float, size: float) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and width(trial, size) > room:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


def pdf_text(text: str) -> bytes:
    """A PDF literal string (WinAnsi in content streams, PDFDocEncoding in dictionaries: the same bytes for these
    characters)."""
    raw = text.encode("cp1252")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


class FormPage:
    """One page: the printed form (text, rules, empty boxes) as a content stream, and its fields' widgets."""

    def __init__(self) -> None:
        self.ops: list[bytes] = []
        self.texts: list[str] = []
        self.widgets: list[dict] = []
        self.y = 800.0

    def text(self, x: float, y: float, text: str, size: float = 9.5, bold: bool = False) -> None:
        if x + width(text, size, bold) > RIGHT + 0.5:
            raise SystemExit(f"form: {text!r} runs past the right margin")
        self.texts.append(text)
        font = b"F2" if bold else b"F1"
        self.ops.append(b"BT /%s %g Tf %.2f %.2f Td %s Tj ET" % (font, size, x, y, pdf_text(text)))

    def rule(self, y: float, weight: float = 0.6) -> None:
        self.ops.append(b"%g w %.2f %.2f m %.2f %.2f l S" % (weight, LEFT, y, RIGHT, y))

    def box(self, x: float, y: float, w: float, h: float) -> None:
        self.ops.append(b"q 0.45 0.45 0.45 RG 0.6 w %.2f %.2f %.2f %.2f re S Q" % (x, y, w, h))

    def para(self, text: str, size: float = 9.5, gap: float = 6) -> None:
        for line in wrap(text, RIGHT - LEFT, size):
            self.text(LEFT, self.y, line, size)
            self.y -= size + 3.5
        self.y -= gap

    def section(self, title: str) -> None:
        self.y -= 6
        self.ops.append(b"q 0.16 0.29 0.45 rg %.2f %.2f %.2f 17 re f Q" % (LEFT, self.y - 5, RIGHT - LEFT))
        self.ops.append(b"q 1 g BT /F2 10.5 Tf %.2f %.2f Td %s Tj ET Q" % (LEFT + 6, self.y, pdf_text(title)))
        self.texts.append(title)
        self.y -= 25

    def field(
        self, label: str, name: str, value: str, x: float = 215, w: float = 330, lines: int = 1
    ) -> None:
        """A labelled text field: the label on the left, its box to the right (``lines`` > 1: a multi-line box)."""
        h = 18 if lines == 1 else 12.5 * lines + 6
        top = self.y + 13
        for i, part in enumerate(wrap(label, x - LEFT - 8, 9.5)):
            self.text(LEFT, self.y - i * 12, part)
        self.box(x, top - h, w, h)
        self.widgets.append(
            {"kind": "text", "name": name, "label": label, "value": value, "rect": (x, top - h, x + w, top),
             "multiline": lines > 1}
        )  # fmt: skip
        self.y -= h + 8

    def pair(self, fields: list[tuple[str, str, str, float]]) -> None:
        """Short text fields side by side on one row: (label, name, value, box width) each."""
        x = LEFT
        top = self.y + 13
        for label, name, value, w in fields:
            self.text(x, self.y, label)
            bx = x + width(label, 9.5) + 6
            self.box(bx, top - 18, w, 18)
            self.widgets.append(
                {"kind": "text", "name": name, "label": label, "value": value, "rect": (bx, top - 18, bx + w, top),
                 "multiline": False}
            )  # fmt: skip
            x = bx + w + 16
        if x - 16 > RIGHT + 0.5:
            raise SystemExit("form: a row of fields runs past the right margin")
        self.y -= 26

    def check(self, label: str, name: str, ticked: bool, price: str = "") -> None:
        """A check box with its label after it (and a price right-aligned, where it has one)."""
        top = self.y + 10.5
        self.box(LEFT, top - 12, 12, 12)
        self.widgets.append(
            {"kind": "check", "name": name, "label": label + (f" ({price})" if price else ""), "value": ticked,
             "rect": (LEFT, top - 12, LEFT + 12, top)}
        )  # fmt: skip
        self.text(LEFT + 20, self.y, label)
        if price:
            self.text(RIGHT - width(price, 9.5), self.y, price)
        self.y -= 19

    def choice(
        self, label: str, name: str, options: list[str], value: str, x: float = 215, w: float = 330
    ) -> None:
        top = self.y + 13
        self.text(LEFT, self.y, label)
        self.box(x, top - 18, w, 18)
        self.ops.append(b"q 0.3 g %.2f %.2f m %.2f %.2f l %.2f %.2f l f Q" % (
            x + w - 13, top - 7, x + w - 5, top - 7, x + w - 9, top - 12))  # fmt: skip
        self.widgets.append(
            {"kind": "choice", "name": name, "label": label, "value": value, "options": options,
             "rect": (x, top - 18, x + w, top)}
        )  # fmt: skip
        self.y -= 26

    def footer(self, number: int) -> None:
        self.rule(52, 0.4)
        self.text(LEFT, 40, "Harford District Council - Parking Services", 8)
        tail = f"Form RP1 (April 2027) - page {number} of 2"
        self.text(RIGHT - width(tail, 8), 40, tail, 8)

    def stream(self) -> bytes:
        return b"\n".join(self.ops) + b"\n"


def form_pages() -> list[FormPage]:
    p1 = FormPage()
    p1.text(LEFT, 800, "Harford District Council", 11, True)
    p1.text(RIGHT - width("Form RP1", 11, True), 800, "Form RP1", 11, True)
    p1.text(LEFT, 772, "Residents' Parking Permit Application", 18, True)
    p1.y = 750
    p1.para(
        "Use this form to apply for a permit to park in the controlled parking zone where you live. Fill it in on "
        "screen or in black ink, in capitals. We will return incomplete forms, which delays your permit. Read the "
        "notes in each section before you fill it in.",
    )
    p1.rule(p1.y + 4)
    p1.y -= 4
    p1.section("Section 1: About you")
    p1.pair([("Title", "title", "Ms", 46), ("First name(s)", "first_names", "Ruth", 100),
             ("Surname", "surname", "Ellingham", 120)])  # fmt: skip
    p1.field("Address", "address", "14 Larkfield Road")
    p1.pair([("Town", "town", "Harford", 150), ("Postcode", "postcode", "HD3 7LP", 90)])
    p1.field("Daytime telephone", "phone", "01632 960872")
    p1.field("Email address", "email", "ruth.ellingham@mailbox.example")
    p1.field("Date you moved to this address", "moved_in", "02/03/2027")
    p1.section("Section 2: Your vehicle")
    p1.para(
        "The vehicle must be registered to you at this address (you are its registered keeper), or be a company "
        "or lease car that you keep here, in which case enclose a letter from the company.",
    )
    p1.pair([("Registration number", "registration", "HD21 KXR", 110), ("Colour", "colour", "Silver", 110)])
    p1.pair([("Make", "make", "Toyota", 130), ("Model", "model", "Yaris Hybrid", 150)])
    p1.check("I am the vehicle's registered keeper", "keeper", True)
    p1.check("It is a company or lease car", "company_car", False)
    p1.y -= 2
    p1.section("Section 3: Your permit")
    p1.para(
        "Tick one. Prices are for 2027/28. A permit can start on the 1st or the 15th of a month and is for the zone "
        "you live in only; the zones are shown on the map at harford.example/parkingzones.",
    )
    for name, line, price, ticked in PERMITS:
        p1.check(line, name, ticked, pounds(price))
    p1.y -= 4
    p1.pair([("Zone", "zone", "C", 40), ("Permit to start on", "start_date", "01/05/2027", 100)])
    p1.footer(1)

    p2 = FormPage()
    p2.text(LEFT, 800, "Residents' Parking Permit Application (continued)", 11, True)
    p2.y = 778
    p2.section("Section 4: Visitor permits")
    p2.para(
        f"Visitor permits come in books of 10 one-day scratch cards at {pounds(VISITOR_BOOK)} a book. A household "
        f"may buy up to {VISITOR_MAX} books in any 12 months. A visitor permit cannot be used for a vehicle kept at "
        "your address.",
    )
    p2.pair([("Number of books wanted", "visitor_books", str(VISITOR_BOOKS), 50)])
    p2.section("Section 5: Proof of address and vehicle")
    p2.para(
        "Send copies, not originals, of one proof of address dated within the last 3 months, and of the vehicle's "
        "V5C registration certificate. We cannot return documents.",
    )
    p2.check("Council tax bill", "proof_council_tax", True)
    p2.check("Tenancy agreement", "proof_tenancy", False)
    p2.check("Gas, electricity or water bill", "proof_utility", False)
    p2.check("V5C registration certificate", "proof_v5c", True)
    p2.field("List the documents you are enclosing", "documents",
             "Council tax bill for 2027/28 and the car's V5C", lines=2)  # fmt: skip
    p2.section("Section 6: Anything else we should know")
    p2.field(
        "For example a permit you hold now",
        "other_info",
        "My previous permit (zone E, permit number E-40118) was for my old address, 3 Tanner's Yard. Please cancel "
        "it when the new one starts. I posted the old permit back to you on 9 April.",
        lines=4,
    )
    p2.section("Section 7: Payment")
    p2.para(
        "Add up your permit and visitor books. Pay by cheque payable to Harford District Council, or choose card "
        "and we will phone you to take payment. Please do not send cash.",
    )
    p2.field("Total to pay", "total", pounds(TOTAL), w=110)
    p2.choice("How will you pay?", "payment_method", PAY_OPTIONS, PAY_OPTIONS[1])
    p2.field("Best time to phone you", "phone_time", "weekdays after 4pm")
    p2.section("Section 8: Declaration")
    p2.para(
        "I declare that the information on this form is correct. I understand that a permit issued on false "
        "information will be cancelled without a refund.",
    )
    p2.pair(
        [("Name", "declaration_name", "Ruth Ellingham", 200), ("Date", "declaration_date", "17/04/2027", 90)]
    )
    p2.y -= 2
    p2.rule(p2.y + 6)
    p2.y -= 6
    p2.para(
        "Send the form to Parking Services, Harford District Council, Civic Centre, Market Street, Harford HD1 2QX, "
        "or scan it and email it to parking@harford.example. We aim to deal with applications within 10 working "
        "days and will post your permit to you. Permits are not valid in pay and display bays, loading bays or "
        "disabled bays.",
    )
    p2.text(LEFT, p2.y, "For office use", 8, True)
    p2.y -= 18
    p2.pair([("Permit number", "office_permit", "", 110), ("Issued", "office_issued", "", 90)])
    p2.footer(2)
    return [p1, p2]


def appearance(widget: dict, helv: int) -> list[bytes]:
    """The appearance stream(s) of a widget, as a form filler writes them: a text field's or a choice's value in
    Helvetica 10 on a pale background (a multi-line field's wrapped); a check box's "Yes" state a ZapfDingbats tick
    and its "Off" state the background only."""
    x1, y1, x2, y2 = widget["rect"]
    w, h = x2 - x1, y2 - y1
    bg = b"0.93 0.95 1 rg 0 0 %.2f %.2f re f" % (w, h)

    def form(ops: bytes, fonts: bytes) -> bytes:
        return (
            b"<< /Type /XObject /Subtype /Form /BBox [0 0 %.2f %.2f] /Resources << /Font << %s >> >> "
            b"/Length %d >>\nstream\n%s\nendstream" % (w, h, fonts, len(ops) + 1, ops)
        )

    if widget["kind"] == "check":
        tick = b"q 0 g BT /ZaDb 9 Tf 2 2.6 Td (4) Tj ET Q"
        on = form(bg + b"\n" + tick, b"/ZaDb 6 0 R")
        off = form(bg, b"/ZaDb 6 0 R")
        return [on, off]
    if widget.get("multiline"):
        lines = wrap(widget["value"], w - 6, 10)
        if 12.5 * len(lines) + 4 > h:
            raise SystemExit(f"form: {widget['name']}'s text does not fit its box")
        text = b" ".join(b"%s Tj T*" % pdf_text(line) for line in lines)
        ops = bg + b"\n/Tx BMC q BT /Helv 10 Tf 0 g 12.5 TL 3 %.2f Td %s ET Q EMC" % (h - 12, text)
    else:
        if width(widget["value"], 10) > w - 6:
            raise SystemExit(f"form: {widget['name']}'s value does not fit its box")
        ops = bg + b"\n/Tx BMC q BT /Helv 10 Tf 0 g 3 %.2f Td %s Tj ET Q EMC" % (
            (h - 7) / 2,
            pdf_text(widget["value"]),
        )
    return [form(ops, b"/Helv %d 0 R" % helv)]


def form_pdf() -> bytes:
    """PDF 1.7 with an AcroForm: 1 catalog, 2 page tree, 3-4 Helvetica and Helvetica-Bold, 5 the AcroForm, 6
    ZapfDingbats, then each page, its content stream and its widgets (a widget is its field, as a merged field
    and annotation) each followed by its appearance streams; then the document information; an xref table."""
    pages = form_pages()
    objects: dict[int, bytes] = {
        3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        4: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
        6: b"<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>",
    }
    n = 7
    page_refs, fields = [], []
    for page in pages:
        page_no, content_no = n, n + 1
        n += 2
        annots = []
        for wd in page.widgets:
            wno = n
            streams = appearance(wd, 3)
            for i, s in enumerate(streams):
                objects[wno + 1 + i] = s
            n = wno + 1 + len(streams)
            rect = b"[%.2f %.2f %.2f %.2f]" % wd["rect"]
            common = b"/Type /Annot /Subtype /Widget /F 4 /P %d 0 R /Rect %s /T %s /TU %s" % (
                page_no,
                rect,
                pdf_text(wd["name"]),
                pdf_text(wd["label"]),
            )
            if wd["kind"] == "check":
                state = b"/Yes" if wd["value"] else b"/Off"
                objects[wno] = (
                    b"<< %s /FT /Btn /V %s /AS %s /DA (/ZaDb 0 Tf 0 g) /MK << /CA (4) >> "
                    b"/AP << /N << /Yes %d 0 R /Off %d 0 R >> >> >>"
                    % (common, state, state, wno + 1, wno + 2)
                )
            elif wd["kind"] == "choice":
                opts = b" ".join(pdf_text(o) for o in wd["options"])
                objects[wno] = (
                    b"<< %s /FT /Ch /Ff 131072 /Opt [%s] /V %s /DA (/Helv 10 Tf 0 g) /AP << /N %d 0 R >> >>"
                    % (
                        common,
                        opts,
                        pdf_text(wd["value"]),
                        wno + 1,
                    )
                )
            else:
                flags = b" /Ff 4096" if wd["multiline"] else b""
                objects[wno] = b"<< %s /FT /Tx%s /V %s /DA (/Helv 10 Tf 0 g) /AP << /N %d 0 R >> >>" % (
                    common,
                    flags,
                    pdf_text(wd["value"]),
                    wno + 1,
                )
            annots.append(wno)
        fields += annots
        data = page.stream()
        objects[page_no] = (
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> "
            b"/Contents %d 0 R /Annots [%s] >>"
            % (PAGE_W, PAGE_H, content_no, b" ".join(b"%d 0 R" % a for a in annots))
        )
        objects[content_no] = b"<< /Length %d >>\nstream\n%sendstream" % (len(data), data)
        page_refs.append(page_no)
    objects[1] = b"<< /Type /Catalog /Pages 2 0 R /AcroForm 5 0 R >>"
    objects[2] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % p for p in page_refs),
        len(page_refs),
    )
    objects[5] = b"<< /Fields [%s] /DR << /Font << /Helv 3 0 R /ZaDb 6 0 R >> >> /DA (/Helv 0 Tf 0 g) >>" % (
        b" ".join(b"%d 0 R" % f for f in fields)
    )
    info = n
    objects[info] = (
        b"<< /Title (Residents' Parking Permit Application - Form RP1) /Author (Harford District Council) "
        b"/Creator (Form RP1 template) /Producer (make_heldout15.py) /CreationDate (D:20270312094500Z00'00') /ModDate (D:20270417201318+01'00') >>"
    )
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n%s\nendobj\n" % (number, objects[number])
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (info + 1)
    out += b"".join(b"%010d 00000 n \n" % offsets[k] for k in range(1, info + 1))
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        info + 1,
        info,
        xref,
    )
    return bytes(out)


def check_form(data: bytes) -> str:
    """Each xref entry points at its object; every widget is on a page, inside it, has its appearance and is one
    of the AcroForm's fields; the total adds up. Returns the printed text and the values, for the weekday check."""
    start = int(re.search(rb"startxref\n(\d+)\n%%EOF\n$", data)[1])
    if not data[start:].startswith(b"xref\n"):
        raise SystemExit("form: startxref does not point at the xref table")
    count = int(re.match(rb"xref\n0 (\d+)\n", data[start:])[1])
    table = data[start:].split(b"\n")[3 : 3 + count - 1]
    for number, entry in enumerate(table, 1):
        if not data[int(entry[:10]) :].startswith(b"%d 0 obj\n" % number):
            raise SystemExit(f"form: object {number} is not at its xref offset")
    fields = set(re.search(rb"/Fields \[([^\]]*)\]", data)[1].split(b" 0 R"))
    widgets = 0
    for page in form_pages():
        for wd in page.widgets:
            x1, y1, x2, y2 = wd["rect"]
            if not (0 <= x1 < x2 <= PAGE_W and 0 <= y1 < y2 <= PAGE_H):
                raise SystemExit(f"form: {wd['name']} is not inside its page")
            widgets += 1
    if len([f for f in fields if f.strip()]) != widgets or data.count(b"/Subtype /Widget") != widgets:
        raise SystemExit("form: the AcroForm does not list every widget")
    if data.count(b"/AP <<") != widgets:
        raise SystemExit("form: a widget has no appearance")
    if TOTAL != 9200:
        raise SystemExit("form: the total no longer adds up to the text")
    texts = []
    for page in form_pages():
        texts += page.texts + [str(w["value"]) for w in page.widgets]
    return "\n".join(texts)


# --- BibTeX: a PhD student's reference library, as JabRef writes it --------------------------------------------------

BIB_ENTRIES = [
    # (type, key, [(field, value), ...]); JabRef writes the fields in this order, one a line, and sorts the entries
    # by key
    ("Article", "Hartley2019", [
        ("author", "Hartley, Fiona and Osei, Kwame and Lindqvist, Anna"),
        ("journal", "Urban Climate Letters"),
        ("title", "Street trees and pedestrian heat exposure in three {English} cities"),
        ("year", "2019"), ("volume", "14"), ("number", "2"), ("pages", "112--129"),
        ("doi", "10.5555/ucl.2019.0142"),
        ("abstract", "We measured air temperature, humidity and mean radiant temperature at pedestrian height along "
         "42 residential streets in Leeds, Bristol and Leicester on 18 summer afternoons in 2017 and 2018. Streets "
         "with more than 30% tree canopy cover were on average 1.6 °C cooler in air temperature than streets with "
         "less than 10% cover, and their mean radiant temperature was 9.4 °C lower. The difference was largest "
         "between 1 pm and 4 pm. We recommend a canopy cover of at least 30% for residential streets."),
        ("keywords", "street trees, canopy cover, thermal comfort, mean radiant temperature, chapter 3"),
        ("file", ":papers/Hartley2019 - Street trees and pedestrian heat exposure.pdf:PDF"),
        ("note", "Key source for ch. 3; the council's strategy quotes their 30% threshold. Weakness: afternoons "
         "only, they took no readings after sunset, so it says nothing about nights."),
        ("ranking", "rank5"), ("readstatus", "read"),
    ]),
    ("Article", "Okafor2021", [
        ("author", "Okafor, Chidi and Byrne, Siobh{\\'a}n"),
        ("journal", "Journal of Urban Forestry Research"),
        ("title", "Transpiration cooling collapses under drought: evidence from {London} plane trees"),
        ("year", "2021"), ("volume", "9"), ("pages", "e0211"),
        ("doi", "10.5555/jufr.2021.e0211"),
        ("abstract", "Sap flow sensors on 24 London plane trees (Platanus x acerifolia) along two streets in "
         "Lambeth recorded transpiration from May to September 2018. During the July drought, daily transpiration "
         "fell by 61% against June, and the cooling measured beneath the canopies fell from 2.1 °C to 0.7 °C, "
         "while the shade itself was unchanged. Watering six of the trees restored most of their transpiration "
         "within four days."),
        ("keywords", "drought, transpiration, sap flow, Platanus, irrigation"),
        ("file", ":papers/Okafor2021 - Transpiration cooling collapses under drought.pdf:PDF"),
        ("note", "Shade vs evaporative cooling: use in ch. 2 to separate the two. Ask Siobhan for the sap flow "
         "data (she offered at the Utrecht conference)."),
        ("ranking", "rank4"), ("readstatus", "read"),
    ]),
    ("PhdThesis", "Lindqvist2020", [
        ("author", "Lindqvist, Anna"),
        ("school", "University of Northmoor, Department of Geography"),
        ("title", "Shade, wind and comfort: the microclimate of tree-lined streets"),
        ("year", "2020"), ("address", "Northmoor"), ("month", "sep"),
        ("abstract", "This thesis studies how street trees change the thermal comfort of pedestrians through "
         "shade and through their effect on wind. Surveys on 31 streets in two cities and a wind tunnel model "
         "show that dense avenues reduce wind speed at head height by up to 35%, which partly cancels the benefit "
         "of shade on still, hot days and can trap traffic pollution."),
        ("keywords", "street trees, wind, thermal comfort, pollution, thesis"),
        ("file", ":theses/Lindqvist2020_thesis_final.pdf:PDF"),
        ("note", "Appendix C has the street survey forms I adapted for my own survey. Chapter 5 (wind) is the "
         "useful one."),
        ("readstatus", "skimmed"),
    ]),
    ("TechReport", "HDC2022", [
        ("author", "{Harford District Council}"),
        ("institution", "Harford District Council, Environment Directorate"),
        ("title", "Harford Urban Tree Strategy 2022--2032"),
        ("year", "2022"), ("number", "HDC/ENV/22/07"), ("type", "Strategy"), ("address", "Harford"),
        ("abstract", "The council's strategy for the trees on its streets, parks and land for the ten years to "
         "2032: planting, maintenance, species choice and community involvement."),
        ("keywords", "policy, Harford, canopy target, chapter 6"),
        ("file", ":reports/Harford_Urban_Tree_Strategy_2022.pdf:PDF"),
        ("url", "https://www.harford.example/trees/strategy"),
        ("note", "Target: raise the district's canopy cover from 14% to 20% by 2032, with 4,000 new street trees. "
         "Policy chapter (ch. 6). No budget figures in it; the cabinet report of March 2022 has them."),
        ("readstatus", "read"),
    ]),
    ("Book", "Marsh2018", [
        ("author", "Marsh, Eleanor"),
        ("publisher", "Greenleaf Academic"),
        ("title", "Trees in the Townscape: Planting for the Next Century"),
        ("year", "2018"), ("address", "Edinburgh"), ("edition", "Second"),
        ("isbn", "978-1-9164-2210-5"),
        ("abstract", "A practitioner's guide to choosing, planting and caring for trees in streets and squares, "
         "from tree pits and soil volumes to species for a warmer climate."),
        ("keywords", "species choice, tree pits, practice"),
        ("note", "Own copy (bought second-hand). Table 4.2 on soil volume per tree is the one to cite."),
        ("readstatus", "read"),
    ]),
    ("InProceedings", "Brennan2023", [
        ("author", "Brennan, Declan and Ng, Mei Ling"),
        ("booktitle", "Proceedings of the 9th International Conference on Urban Climate Sensing"),
        ("title", "Low-cost sensor networks for street-level air temperature: drift, shielding and calibration"),
        ("year", "2023"), ("address", "Utrecht, Netherlands"), ("month", "jun"), ("pages", "45--52"),
        ("publisher", "ICUCS"),
        ("abstract", "We compare 40 low-cost temperature sensors in three kinds of radiation shield against "
         "reference instruments over 14 months. Unshielded sensors read up to 4.8 °C high in sunshine; in the "
         "best shield the error was under 0.4 °C, but all sensors drifted upwards by about 0.3 °C a month in "
         "sunny weather."),
        ("keywords", "sensors, calibration, methods, chapter 4"),
        ("file", ":papers/Brennan2023 - Low-cost sensor networks.pdf:PDF"),
        ("note", "Heard the talk in Utrecht. Because of the drift, recalibrate my street sensors against the "
         "reference station every 4 weeks from June to August (not every 3 months as planned)."),
        ("ranking", "rank5"), ("readstatus", "read"),
    ]),
    ("InCollection", "Ng2022", [
        ("author", "Ng, Mei Ling"),
        ("booktitle", "Citizen Science in Cities"),
        ("editor", "Farrow, Judith and Quinn, Rosalind"),
        ("publisher", "Meridian University Press"),
        ("title", "Measuring microclimate with citizen scientists"),
        ("year", "2022"), ("address", "Manchester"), ("chapter", "11"), ("pages", "201--224"),
        ("abstract", "How volunteers can collect useful temperature data with simple instruments, and how to "
         "check and clean what they send."),
        ("keywords", "citizen science, methods"),
        ("note", "Library copy, due back 3 February."),
        ("readstatus", "skimmed"),
    ]),
    ("Misc", "HUO2026", [
        ("author", "{Harford Urban Observatory}"),
        ("title", "Harford street temperature network: hourly air temperature, 2021--2026"),
        ("year", "2026"),
        ("howpublished", "\\url{https://data.harford-observatory.example/street-temps}"),
        ("abstract", "Hourly air temperature and humidity from 68 sensors on lamp posts across Harford, with "
         "site descriptions and quality flags."),
        ("keywords", "data, Harford, chapter 4"),
        ("file", ":data/HUO_street_temps_v3.2.zip:ZIP"),
        ("note", "Version 3.2, downloaded 14 January 2027. Licence CC BY 4.0: cite the observatory, not the "
         "people who run it. Sensors 17 and 52 were moved in 2024; drop them from the trend analysis."),
    ]),
    ("Article", "Sato2017", [
        ("author", "Sato, Kenji and Moreau, Claire"),
        ("journal", "Building and Climate Modelling"),
        ("title", "Albedo, asphalt and the urban canyon: a modelling study"),
        ("year", "2017"), ("volume", "31"), ("number", "4"), ("pages", "377--395"),
        ("doi", "10.5555/bcm.2017.0377"),
        ("abstract", "We model a north-south street canyon with the dark asphalt (albedo 0.05) replaced by a light "
         "coating (albedo 0.35). At noon on a clear July day the road surface was 7 °C cooler, but sunlight "
         "reflected off the road raised the mean radiant temperature felt by pedestrians by 1.2 °C, so the light "
         "surface made the street less comfortable to walk along."),
        ("keywords", "albedo, cool pavements, modelling"),
        ("file", ":papers/Sato2017 - Albedo asphalt and the urban canyon.pdf:PDF"),
        ("note", "Counter-argument to cool-pavement schemes: trees cool without this reflection problem."),
        ("readstatus", "read"),
    ]),
    ("Article", "Quinn2024", [
        ("author", "Quinn, Rosalind and Amankwah, Esi and Hartley, Fiona"),
        ("journal", "Journal of Urban Forestry Research"),
        ("title", "Which street trees will cope? Drought tolerance of 30 species planted in {British} towns"),
        ("year", "2024"), ("volume", "12"), ("pages", "e0318"),
        ("doi", "10.5555/jufr.2024.e0318"),
        ("abstract", "We scored leaf scorch, early leaf fall and dieback of 30 species on 2,400 street trees after "
         "the summers of 2018 and 2022. Field maple, Turkish hazel and ginkgo were the most tolerant of drought; "
         "silver birch and beech did worst, with a third of the young birches dead by 2023."),
        ("keywords", "drought, species choice, climate change, chapter 6"),
        ("file", ":papers/Quinn2024 - Which street trees will cope.pdf:PDF"),
        ("note", "Cite in ch. 6 against the council's birch-heavy planting list."),
        ("ranking", "rank4"), ("readstatus", "read"),
    ]),
    ("Unpublished", "Adeyemi2026", [
        ("author", "Adeyemi, Tom"),
        ("note", "Draft chapter 4 of my thesis. Version 0.6 sent to Dr Kaur on Monday 7 December 2026; her "
         "comments came back on 11 January."),
        ("title", "Shade on foot: a street survey in {Harford}"),
        ("year", "2026"),
        ("abstract", "A survey of shade, surface temperature and pedestrian numbers on 24 streets in Harford in "
         "the summer of 2026."),
        ("keywords", "own work, chapter 4"),
        ("file", ":drafts/ch4_street_survey_v0.6.docx:Word"),
    ]),
    ("Article", "Kaur2015", [
        ("author", "Kaur, Harpreet"),
        ("journal", "Health and Place Review"),
        ("title", "Heat-related hospital admissions and neighbourhood green space"),
        ("year", "2015"), ("volume", "22"), ("pages", "58--71"),
        ("doi", "10.5555/hpr.2015.0058"),
        ("abstract", "Across 310 urban wards, emergency admissions of people over 75 during the heatwaves of "
         "2003 and 2006 were 12% lower in the greenest fifth of wards than in the least green, after adjusting "
         "for deprivation."),
        ("keywords", "health, heatwaves, green space"),
        ("file", ":papers/Kaur2015 - Heat-related hospital admissions.pdf:PDF"),
        ("note", "Supervisor's paper. Motivation for ch. 1."),
        ("readstatus", "read"),
    ]),
    ("Article", "Dupont2020", [
        ("author", "Dupont, Am{\\'e}lie and Girard, Luc"),
        ("journal", "Revue de G{\\'e}ographie Urbaine"),
        ("title", "Arbres d'alignement et confort thermique des pi{\\'e}tons {\\`a} {Lyon}"),
        ("year", "2020"), ("volume", "58"), ("number", "1"), ("pages", "33--54"),
        ("language", "french"),
        ("abstract", "Mesures du confort thermique sous les arbres d'alignement de quatre rues de Lyon pendant la "
         "canicule de juillet 2019."),
        ("keywords", "street trees, thermal comfort, France"),
        ("file", ":papers/Dupont2020 - Arbres d'alignement.pdf:PDF"),
        ("note", "In French. My translation of sections 2 to 4 is in translations/Dupont2020_EN.docx; get Claire "
         "to check the methods part."),
        ("readstatus", "read"),
    ]),
    ("Book", "Whitlow1988", [
        ("author", "Whitlow, Peter"),
        ("publisher", "Halden and Rowe"),
        ("title", "Boundary Layers of the City"),
        ("year", "1988"), ("address", "London"),
        ("abstract", "A classic account of the climate of cities: the urban heat island, street canyons, wind and "
         "pollution."),
        ("keywords", "urban climate, classic"),
        ("note", "Only chapters 2 and 7 are relevant. This is Dr Kaur's own copy, lent to me in October: give it "
         "back before the summer!"),
        ("readstatus", "skimmed"),
    ]),
    ("Article", "Osei2021", [
        ("author", "Osei, Kwame"),
        ("journal", "Urban Climate Letters"),
        ("title", "Shade sails or street trees? The cost of shade over 25 years"),
        ("year", "2021"), ("volume", "16"), ("number", "1"), ("pages", "15--27"),
        ("doi", "10.5555/ucl.2021.0015"),
        ("abstract", "Counting planting, watering, pruning and replacement, a street tree provides shade for "
         "about £6 per square metre per year over 25 years, against £14 for a fabric shade sail that has to be "
         "replaced every eight years. Trees take about ten years to give full shade."),
        ("keywords", "costs, shade, policy, chapter 6"),
        ("file", ":papers/Osei2021 - Shade sails or street trees.pdf:PDF"),
        ("readstatus", "read"),
    ]),
    ("MastersThesis", "Iqbal2022", [
        ("author", "Iqbal, Sana"),
        ("school", "University of Northmoor"),
        ("title", "Night-time cooling under tree canopies: do street trees trap heat?"),
        ("year", "2022"), ("type", "{MSc} dissertation"),
        ("abstract", "Loggers on 16 streets recorded air temperature every ten minutes through August 2021. At "
         "2 am, streets under a closed canopy were on average 0.4 °C warmer than open streets nearby, because "
         "the canopy slows the loss of heat to the night sky; by day they were 1.3 °C cooler."),
        ("keywords", "night, heat island, canopy, chapter 3"),
        ("file", ":theses/Iqbal2022_MSc.pdf:PDF"),
        ("note", "Fills the gap in Hartley2019 (no night data). Small sample, one month only."),
        ("readstatus", "read"),
    ]),
    ("Article", "Byrne2019", [
        ("author", "Byrne, Siobh{\\'a}n and Fraser, Callum"),
        ("journal", "Landscape and Community"),
        ("title", "What residents think of the trees in their street"),
        ("year", "2019"), ("volume", "7"), ("pages", "89--104"),
        ("doi", "10.5555/lc.2019.0089"),
        ("abstract", "A postal survey of 1,200 households in six towns. Most residents (78%) wanted more trees in "
         "their street; the commonest complaints were falling leaves and blocked gutters (41%), and trees "
         "blocking light into front rooms (23%)."),
        ("keywords", "residents, attitudes, survey"),
        ("readstatus", "read"),
    ]),
    ("Article", "Foster2019", [
        ("author", "Foster, Gareth"),
        ("journal", "Arboricultural Practice"),
        ("title", "Soil cells and root volume: ten years of street tree growth"),
        ("year", "2019"), ("volume", "45"), ("number", "3"), ("pages", "201--212"),
        ("abstract", "Trees planted in soil cells grew 40% more in trunk girth over ten years than trees in "
         "standard compacted pits."),
        ("keywords", "tree pits, growth, practice"),
        ("readstatus", "unread"),
    ]),
    ("Manual", "NHRU2025", [
        ("author", "{National Heat Resilience Unit}"),
        ("title", "Heatwave Plan: Guidance for Local Authorities"),
        ("year", "2025"), ("organization", "National Heat Resilience Unit"), ("edition", "2025"),
        ("abstract", "Guidance on heat-health alerts and what councils should do at each level."),
        ("keywords", "policy, heatwaves, health"),
        ("file", ":reports/NHRU_Heatwave_Plan_2025.pdf:PDF"),
        ("note", "Amber alert for our region when 29 °C by day and 15 °C by night are forecast for two days."),
        ("readstatus", "skimmed"),
    ]),
    ("Article", "Lindqvist2021", [
        ("author", "Lindqvist, Anna and Sato, Kenji"),
        ("journal", "Building and Climate Modelling"),
        ("title", "Avenue trees and pedestrian-level wind: a wind tunnel study"),
        ("year", "2021"), ("volume", "35"), ("number", "2"), ("pages", "144--160"),
        ("doi", "10.5555/bcm.2021.0144"),
        ("abstract", "Scale models of four avenue layouts in a boundary-layer wind tunnel. Closed canopies cut "
         "wind speed at 1.5 m by 25 to 35%, most in streets running across the wind."),
        ("keywords", "wind, modelling, street trees"),
        ("file", ":papers/Lindqvist2021 - Avenue trees and wind.pdf:PDF"),
        ("readstatus", "unread"),
    ]),
    ("Article", "Tan2018", [
        ("author", "Tan, Wei Jie and Hartley, Fiona"),
        ("journal", "Urban Climate Letters"),
        ("title", "Street orientation and the value of shade"),
        ("year", "2018"), ("volume", "13"), ("number", "3"), ("pages", "201--214"),
        ("doi", "10.5555/ucl.2018.0201"),
        ("abstract", "East-west streets get sun on the north pavement all afternoon; trees on the south side of "
         "such streets did most for comfort, while on north-south streets both sides mattered about equally."),
        ("keywords", "orientation, shade, design"),
        ("file", ":papers/Tan2018 - Street orientation and the value of shade.pdf:PDF"),
        ("readstatus", "read"),
    ]),
    ("Article", "Patel2016", [
        ("author", "Patel, Anjali"),
        ("journal", "Urban Climate Letters"),
        ("title", "The urban heat island of a small {English} town"),
        ("year", "2016"), ("volume", "11"), ("number", "2"), ("pages", "61--74"),
        ("doi", "10.5555/ucl.2016.0061"),
        ("abstract", "Car traverses on 22 clear, calm nights found the centre of Harford up to 2.1 °C warmer than "
         "the surrounding countryside, the island being strongest three to five hours after sunset."),
        ("keywords", "heat island, Harford"),
        ("file", ":papers/Patel2016 - Urban heat island of a small town.pdf:PDF"),
        ("readstatus", "read"),
    ]),
    ("Article", "Amankwah2023", [
        ("author", "Amankwah, Esi"),
        ("journal", "Journal of Urban Forestry Research"),
        ("title", "Pruning, canopy loss and the cooling of streets"),
        ("year", "2023"), ("volume", "11"), ("pages", "e0107"),
        ("doi", "10.5555/jufr.2023.e0107"),
        ("abstract", "Crown reduction of street trees by a third removed about half of the afternoon cooling for "
         "the following two summers."),
        ("keywords", "pruning, maintenance, chapter 6"),
        ("readstatus", "unread"),
    ]),
    ("Misc", "TreeOfficer2026", [
        ("author", "Holroyd, Martin"),
        ("title", "Interview with the Harford tree officer"),
        ("year", "2026"), ("month", "nov"),
        ("howpublished", "Recorded interview, Civic Centre, Harford"),
        ("abstract", "On the council's planting programme, watering of young trees and the species list."),
        ("keywords", "interview, own work, chapter 6"),
        ("file", ":interviews/Holroyd_2026-11-19_transcript.docx:Word"),
        ("note", "Consent form signed 19 November 2026 (filed with the ethics papers). Quote only with his "
         "job title, not his name."),
    ]),
    ("Article", "Moreau2022", [
        ("author", "Moreau, Claire and Dupont, Am{\\'e}lie"),
        ("journal", "Revue de G{\\'e}ographie Urbaine"),
        ("title", "Green walls as a substitute for street trees in narrow streets"),
        ("year", "2022"), ("volume", "60"), ("number", "3"), ("pages", "201--219"),
        ("abstract", "In streets too narrow for trees, green walls lowered wall surface temperature by up to "
         "10 °C but air temperature at the pavement by less than 0.5 °C."),
        ("keywords", "green walls, narrow streets"),
        ("file", ":papers/Moreau2022 - Green walls.pdf:PDF"),
        ("readstatus", "skimmed"),
    ]),
]  # fmt: skip
BIB_STRINGS = [("ucl", "Urban Climate Letters")]
REQUIRED = {  # BibTeX's required fields by entry type (either of author or editor for a book)
    "Article": {"author", "title", "journal", "year"},
    "Book": {"author", "title", "publisher", "year"},
    "InProceedings": {"author", "title", "booktitle", "year"},
    "InCollection": {"author", "title", "booktitle", "publisher", "year"},
    "PhdThesis": {"author", "title", "school", "year"},
    "MastersThesis": {"author", "title", "school", "year"},
    "TechReport": {"author", "title", "institution", "year"},
    "Misc": set(),
    "Manual": {"title"},
    "Unpublished": {"author", "title", "note"},
}


def bib() -> bytes:
    """The library as JabRef 5 saves it: an encoding comment, the @String, the entries sorted by key (each field
    on a line, names padded so the ``=`` line up, a comma after every field), JabRef's metadata comments last. An
    ``Urban Climate Letters`` journal is written with the @String's macro, as JabRef does once one is defined."""
    out = ["% Encoding: UTF-8", ""]
    for name, value in BIB_STRINGS:
        out += [f"@String{{{name} = {{{value}}}}}", ""]
    macros = {value: name for name, value in BIB_STRINGS}
    for kind, key, fields in sorted(BIB_ENTRIES, key=lambda e: e[1].lower()):
        out.append(f"@{kind}{{{key},")
        pad = max(len(f) for f, _ in fields)
        for field, value in fields:
            if field == "journal" and value in macros:
                out.append(f"  {field.ljust(pad)} = {macros[value]},")
            else:
                out.append(f"  {field.ljust(pad)} = {{{value}}},")
        out += ["}", ""]
    out += [
        "@Comment{jabref-meta: databaseType:bibtex;}",
        "",
        "@Comment{jabref-meta: fileDirectory:/Users/tom/Documents/PhD/library;}",
        "",
        "@Comment{jabref-meta: grouping:",
        "0 AllEntriesGroup:;",
        "1 KeywordGroup:Chapter 3\\;0\\;keywords\\;chapter 3\\;0\\;0\\;1\\;0x8a8a8aff\\;\\;\\;;",
        "1 KeywordGroup:Chapter 4\\;0\\;keywords\\;chapter 4\\;0\\;0\\;1\\;0x8a8a8aff\\;\\;\\;;",
        "1 KeywordGroup:Chapter 6\\;0\\;keywords\\;chapter 6\\;0\\;0\\;1\\;0x8a8a8aff\\;\\;\\;;",
        "}",
        "",
    ]
    return "\n".join(out).encode("utf-8")


def check_bib(data: bytes) -> str:
    """Each entry's braces balance, its key is unique and it has the fields its type requires; the @String is
    used. Returns the text."""
    text = data.decode("utf-8")
    keys = re.findall(r"^@(\w+)\{([^,\s]+),$", text, flags=re.M)
    if len(keys) != len(BIB_ENTRIES) or len({k for _, k in keys}) != len(keys):
        raise SystemExit("bib: the entries' keys are not unique")
    for block in re.split(r"\n(?=@)", text):
        depth = 0
        for m in re.finditer(r"\\[{}]|[{}]", block):
            depth += {"{": 1, "}": -1}.get(m[0], 0)
            if depth < 0:
                raise SystemExit(f"bib: a brace closes no group in {block[:40]!r}")
        if depth:
            raise SystemExit(f"bib: braces do not balance in {block[:40]!r}")
    for kind, key, fields in BIB_ENTRIES:
        names = {f for f, _ in fields}
        if not REQUIRED[kind] <= names:
            raise SystemExit(f"bib: {key} lacks {REQUIRED[kind] - names}")
    if not 20 <= len(BIB_ENTRIES) <= 30 or "= ucl," not in text:
        raise SystemExit("bib: about 25 entries, and the @String in use")
    return text


# --- checks and output ------------------------------------------------------------------------------------------------

WEEKDAY_DATE = re.compile(
    r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\s+(\d{1,2})\s+("
    + "|".join(m[:3] for m in MONTHS)
    + r")[a-z]*\b(?:\s+(\d{4}))?"
)


def check_weekdays(text: str) -> int:
    """Every weekday written next to a date ("Saturday 21 August 2027", "Monday 7 December 2026"; a date without a
    year is in 2027) is that date's weekday; returns how many were checked."""
    n = 0
    for m in WEEKDAY_DATE.finditer(text):
        month = next(i for i, name in enumerate(MONTHS, 1) if name.startswith(m[3]))
        date = dt.date(int(m[4] or YEAR), month, int(m[2]))
        if DAYS[date.weekday()][:3] != m[1]:
            raise SystemExit(f"{m[0]!r}: {date} is a {DAYS[date.weekday()]}")
        n += 1
    return n


def files() -> dict[str, bytes]:
    return {
        f"{RTFD_NAME}/TXT.rtf": sitter_rtf(),
        f"{RTFD_NAME}/{PHOTO_NAME}": photo_png(),
        FORM_NAME: form_pdf(),
        BIB_NAME: bib(),
    }


def check(made: dict[str, bytes]) -> int:
    texts = [check_rtfd(made), check_form(made[FORM_NAME]), check_bib(made[BIB_NAME])]
    return sum(check_weekdays(t) for t in texts)


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
