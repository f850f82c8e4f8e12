"""Generate the private documents of the realdocs ``heldout13`` part under ``files/private13/``: a personal blog post
as Hugo keeps its source (``.md``: a YAML front matter block between ``---`` lines with title, date, tags, draft and
summary, then Markdown with Hugo shortcodes (``{{< figure >}}``, ``{{< youtube >}}``, ``{{% notice %}}`` blocks),
footnotes, a table and a fenced code block), a CV laid out with tables as most CVs are (``.docx``: a header table
with the name and contact details, then headings and two-column tables whose left cells hold dates and right cells
the job or school with bullet points, a skills table and a references line) and a person's notes exported from
Evernote (``.enex``: the ENEX XML, six notes, each with its title, created and updated times, tags, note attributes
and its ENML content in a CDATA section, block elements one a line; a checklist of ``en-todo``s, a table, lists, a
clipped web page with its source URL and an attached image as a base64 resource).

    python eval/realdocs/make_heldout13.py          # rewrite them; the output is the same on every run

Standard library only. Everything is fixed text or computed from fixed text (the post's parts total from its rows,
the deposits from the rents, the resource's hash from its bytes), so a rerun gives the same bytes. Every weekday
written next to a date ("Sunday 10 January 2027", "Tuesday 16 March") is checked against the calendar, and each file
is checked as its format when the files are written: the post's front matter, its shortcodes (each notice closed),
footnotes (each reference defined and each definition referred to), table rows and code fences; the CV's XML parts
parse, its relationships, styles and numbering resolve, and each table row has the cells of its grid; the export
parses as XML, each note's content parses as ENML (an ``en-note`` root, no ``class`` or ``id`` attributes, no
elements ENML prohibits), ``en-todo`` has ``checked`` true or false, created comes before updated and both before
the export date, and each ``en-media`` hash is the MD5 of a resource's data. The other document of the part (a
chapter of Vim's user manual, ``usr_21.txt``) is copied unchanged from a Debian package, as ``documents.json``
records.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import re
import struct
import zipfile
import zlib
from io import BytesIO
from pathlib import Path
from xml.etree import ElementTree as ET
from xml.sax.saxutils import escape

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout13 (the tests)
    from make_heldout10 import write_files
except ImportError:
    from eval.realdocs.make_heldout10 import write_files

OUT = Path(__file__).resolve().parent / "files" / "private13"
YEAR = 2027
MONTHS = "January February March April May June July August September October November December".split()
DAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()

POST_NAME = "blog/content/posts/bush-dac90a-restoration.md"
CV_NAME = "Joanna Kowalczyk CV 2027.docx"
ENEX_NAME = "Personal notebook.enex"

# --- Markdown: a Hugo post -------------------------------------------------------------------------------------------

PARTS = [  # (part, quantity, supplier, cost in pence)
    ("Polypropylene film capacitors, 630 V", 8, "Cricklade Components", 1120),
    ("Electrolytic capacitors, 47µF 350 V", 2, "Cricklade Components", 560),
    ("Electrolytic capacitor, 25µF 25 V", 1, "Cricklade Components", 85),
    ("UY41 rectifier valve, new old stock", 1, "Hartwell Valves", 950),
    ("Braided dial cord, 1 m", 1, "Hartwell Valves", 340),
    ("Mains flex and plug with 3 A fuse", 1, "Polglaze Hardware", 495),
    ("Bakelite polish", 1, "Polglaze Hardware", 600),
]
RADIO_PENCE = 1800  # what the radio cost at the car boot sale
CAPACITORS = sum(q for name, q, _, _ in PARTS if "apacitor" in name)


def pounds(pence: int) -> str:
    return f"£{pence // 100}.{pence % 100:02d}"


def parts_table() -> str:
    rows = ["| Part | Qty | Supplier | Cost |", "|------|----:|----------|-----:|"]
    rows += [f"| {name} | {q} | {supplier} | {pounds(p)} |" for name, q, supplier, p in PARTS]
    rows.append(f"| **Total** | | | **{pounds(sum(p for *_, p in PARTS))}** |")
    return "\n".join(rows)


VOLTAGES = [  # (test point, service sheet, measured)
    ("HT after rectifier", "200 V", "212 V"),
    ("HT after smoothing", "170 V", "178 V"),
    ("UL41 anode", "165 V", "171 V"),
    ("UL41 screen grid", "170 V", "176 V"),
    ("UF41 anode", "90 V", "96 V"),
    ("Heater chain current", "100 mA", "100 mA"),
]


def voltage_block() -> str:
    lines = [f"{'Test point':<26}{'Service sheet':<16}Measured"]
    lines += [f"{point:<26}{sheet:<16}{measured}" for point, sheet, measured in VOLTAGES]
    return "\n".join(lines)


def post() -> bytes:
    total = sum(p for *_, p in PARTS)
    if CAPACITORS != 11 or total != 4150 or RADIO_PENCE + total != 5950:
        raise SystemExit("post: the parts no longer add up to the text")
    text = f"""\
---
title: "Bringing a 1952 Bush DAC90A back to life"
date: 2027-02-21T19:05:00Z
lastmod: 2027-02-24T08:30:00Z
draft: false
author: "Owen Pascoe"
tags: ["valve radio", "restoration", "bakelite", "Bush DAC90A"]
categories: ["Workshop"]
summary: "A car boot sale find, a dead rectifier valve, eleven new capacitors and the first music this radio has \
played in decades."
cover:
  image: "/images/dac90a/front-after.jpg"
  alt: "The restored Bush DAC90A on the kitchen windowsill"
---

My grandparents had a Bush DAC90A on the kitchen windowsill in Redruth, and I spent a good part of my childhood \
watching its dial glow amber while my grandad waited for the shipping forecast. When it went to the tip in the late \
1980s I was too young to rescue it. Thirty-odd years later, I finally have one of my own.

<!--more-->

## Where it came from

I found it at the car boot sale at Stithians showground on Sunday 10 January 2027, sitting in a crate of old \
records. The seller wanted £25; we settled on {pounds(RADIO_PENCE).removesuffix(".00")}. The cabinet was whole, with \
no cracks, but the cardboard back was missing and someone had cut the mains lead off a few inches from the chassis, \
which usually means the last owner knew it was no longer safe.

{{{{< figure src="/images/dac90a/chassis-before.jpg" caption="The chassis as it came out of the cabinet: seventy \
years of dust, and a dial cord the mice had got to first" alt="Dusty radio chassis on the bench" >}}}}

## Safety first

{{{{% notice warning %}}}}
The DAC90A is an AC/DC set[^1]. Depending on which way round the plug is wired, the whole metal chassis can sit at \
mains voltage. Never work on one with the back off unless it is plugged into an isolation transformer, and never \
assume that the grub screws in the knobs are safe to touch.
{{{{% /notice %}}}}

Before plugging it in I checked the heater chain with a multimeter across the cut mains lead. It read open circuit, \
so one of the five valves had a broken heater. Testing them one at a time showed that the culprit was the UY41, the \
rectifier: all the other valves (UCH42, UF41, UBC41 and UL41) were fine. A new old stock UY41 came from Hartwell \
Valves within three days.

## Recapping

Every capacitor in a set this old is suspect, so I replaced all of them: eleven in total, the eight paper "wax" \
capacitors with 630 V polypropylene film types, the two smoothing electrolytics and the small cathode bypass \
capacitor on the output valve. The worst of the old ones was the 0.01µF coupling capacitor between the UBC41 and the \
UL41. It was so leaky that it put a positive voltage on the output valve's grid, which would have cooked the UL41 \
within an hour or so of listening.

{{{{% notice tip %}}}}
Leave the original smoothing can on top of the chassis so that the set still looks right. Disconnect it underneath \
and wire the two new 47µF capacitors onto a tag strip below the chassis instead: nobody will ever know.
{{{{% /notice %}}}}

Here is everything I bought:

{parts_table()}

## First switch-on

I brought it up slowly on Saturday 20 February through my dim bulb tester, with a 60 W incandescent bulb in series \
with the mains. The bulb glowed brightly for a few seconds while the heaters warmed up and then settled to a dull \
orange, which is exactly what you want to see. After ten minutes with no smells and no smoke I took the bulb out of \
circuit and measured the voltages against the figures on the service sheet:

```text
{voltage_block()}
```

All a few per cent high, which is normal: the mains here measures 243 V, and the service sheet's figures were taken \
at 230 V. Here it is on the first evening, tuned to BBC Radio Cornwall on medium wave:

{{{{< youtube k7XQ2mP9dLw >}}}}

## The dial cord

Restringing the dial cord took two evenings and most of my patience. The cord goes three turns round the tuning \
spindle, over two pulleys and round the drum, with a small spring to keep it taut. Once it was right I put a dab of \
clear nail varnish on each knot so that it cannot slip.

## The cabinet

The brown Bakelite had gone dull and grey. A car paint restorer took off the grime and the oxidised surface, then \
two coats of Bakelite polish brought the shine back. The date code stamped inside the cabinet says when it was \
made[^2].

## Was it worth it?

All in, with the {pounds(RADIO_PENCE).removesuffix(".00")} I paid at the car boot sale, the radio has cost me \
{pounds(RADIO_PENCE + total)} and about a dozen evenings. It now sits on our kitchen windowsill, exactly where my \
grandparents' one used to be, and I still listen to the shipping forecast on it.

[^1]: AC/DC sets have no mains transformer. The valve heaters are wired in series straight across the mains, and \
one side of the mains goes to the chassis, so a metal chassis can be live.
[^2]: The stamp reads "JU 52": June 1952.
"""
    return text.encode("utf-8")


def check_post(data: bytes) -> str:
    """The front matter is a YAML block with the keys Hugo needs; every paired shortcode is closed; footnotes are
    referred to and defined; table rows have the header's cells; code fences pair up. Returns the text."""
    text = data.decode("utf-8")
    lines = text.split("\n")
    if lines[0] != "---" or "---" not in lines[1:]:
        raise SystemExit("post: no front matter block")
    front = lines[1 : lines.index("---", 1)]
    keys = {line.split(":", 1)[0] for line in front if line and not line.startswith(" ")}
    if not {"title", "date", "draft", "tags", "summary"} <= keys:
        raise SystemExit(f"post: front matter lacks keys ({sorted(keys)})")
    for line in front:
        if line.startswith(("date:", "lastmod:")):
            dt.datetime.fromisoformat(line.split(":", 1)[1].strip().replace("Z", "+00:00"))
    opened = re.findall(r"\{\{% (\w+)[^%]*%\}\}", text)
    closed = re.findall(r"\{\{% /(\w+) %\}\}", text)
    if sorted(opened) != sorted(closed) or text.count("{{<") != text.count(">}}"):
        raise SystemExit("post: a shortcode is not closed")
    refs = set(re.findall(r"\[\^(\d+)\](?!:)", text))
    defs = set(re.findall(r"^\[\^(\d+)\]:", text, flags=re.M))
    if refs != defs:
        raise SystemExit(f"post: footnotes referred to {sorted(refs)} but defined {sorted(defs)}")
    rows = [line for line in lines if line.startswith("|")]
    if len({line.count("|") for line in rows}) != 1:
        raise SystemExit("post: the table's rows have different numbers of cells")
    if sum(line.startswith("```") for line in lines) % 2:
        raise SystemExit("post: a code fence is not closed")
    return text


# --- DOCX: a CV laid out with tables ---------------------------------------------------------------------------------

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CV_ZIP_DATE = (2027, 6, 1, 20, 12, 40)
TEXT_WIDTH = 9746  # twips: A4 (11906) less two margins of 1080

CONTACT = [
    "14 Ashgrove Terrace, Halifax HX1 2QN",
    "07700 900583",
    "joanna.kowalczyk@mailbox.example",
    "linkedin.com/in/joanna-kowalczyk-transport",
]
PROFILE = (
    "Transport planner (TPP) with ten years' experience of bus network planning, active travel schemes and "
    "public consultation, in local government and in consultancy. I enjoy turning messy data into plans that people "
    "can understand, and I am now looking for a principal planner role leading a team. My notice period is three "
    "months, so I could start on Monday 6 September 2027."
)
JOBS = [  # (dates, title, employer, bullets)
    ("Apr 2023 – present", "Senior Transport Planner", "Calderdale and Kirklees Transport Partnership, Halifax", [
        "Lead a team of four planners reviewing the bus network: 112 routes and 1,900 stops.",
        "Designed the Calder Link express bus between Halifax and Huddersfield; passenger numbers rose 23% in its "
        "first year.",
        "Ran the 2024 public consultation on the network review: 3,400 responses and 14 drop-in events.",
        "Manage a £2.3m active travel budget, including the Hebble Trail cycle route.",
    ]),
    ("Sep 2019 – Mar 2023", "Transport Planner", "Hartley Vale Consulting, Leeds", [
        "Wrote transport assessments and travel plans for more than 30 housing developments.",
        "Modelled junctions in LinSig and Vissim for planning applications and appeals.",
        "Gave evidence at a planning inquiry in 2022 on a 450-home scheme in Wetherby.",
        "Mentored three graduate planners.",
    ]),
    ("Oct 2017 – Aug 2019", "Graduate Transport Planner", "Leeds City Council (graduate scheme)", [
        "Rotations in highways development control, road safety and public transport.",
        "Analysed five years of collision data for the city's 20 mph zones programme.",
    ]),
    ("Summers 2014 – 2016", "Customer Service Assistant (seasonal)", "Pennine Rail, Huddersfield station", [
        "Ticket office and platform work, including announcements during disruption.",
    ]),
]  # fmt: skip
SCHOOLS = [  # (dates, course, place, details)
    ("2016 – 2017", "MSc Transport Planning", "University of Leeds", [
        "Distinction. Dissertation: does free school bus travel change which secondary school families choose?",
        "Awarded the department's prize for the best dissertation of the year.",
    ]),
    ("2013 – 2016", "BA (Hons) Geography", "University of Sheffield", [
        "Upper second class (2:1). Final-year project on commuting by bike in Sheffield.",
    ]),
    ("2006 – 2013", "A levels", "Brookfoot Academy, Brighouse", [
        "Geography (A*), Mathematics (A), Economics (B).",
    ]),
]  # fmt: skip
SKILLS = [
    ("Modelling and analysis", "LinSig, Vissim, TRACC accessibility analysis, QGIS, advanced Excel (Power Query, "
     "pivot tables)"),
    ("Data and programming", "Python (pandas, GeoPandas), SQL, GTFS timetable data"),
    ("Languages", "English and Polish (both native), Spanish (conversational, B1)"),
    ("Professional", "Transport Planning Professional (TPP); Member of the Chartered Institution of Highways and "
     "Transportation"),
    ("Other", "Full UK driving licence, clean; Mental Health First Aider"),
]  # fmt: skip
TRAINING = [
    ("2025", "ILM Level 5 Certificate in Leadership and Management (evening course, Calderdale College)"),
    ("2022", "Transport Planning Professional (TPP), awarded after the professional review in November"),
    ("2021", "Mental Health First Aid, two-day course"),
]
INTERESTS = (
    "Ride leader with Calder Valley Cycle Club (Sunday social rides). Fell running: I finished the Three Peaks "
    "fell race in 2024. I also draw the maps for the club's route guide."
)
REFERENCES = (
    "References: Dr Martin Oyelaran, Head of Network Planning, Calderdale and Kirklees Transport Partnership "
    "(current manager); Claire Hebden, Associate Director, Hartley Vale Consulting. Contact details on request."
)


def w_run(text: str, rpr: str = "") -> str:
    space = ' xml:space="preserve"' if text != text.strip() else ""
    rpr = f"<w:rPr>{rpr}</w:rPr>" if rpr else ""
    return f"<w:r>{rpr}<w:t{space}>{escape(text)}</w:t></w:r>"


def w_para(text: str, style: str | None = None, rpr: str = "", ppr: str = "") -> str:
    style_xml = f'<w:pStyle w:val="{style}"/>' if style else ""
    props = f"<w:pPr>{style_xml}{ppr}</w:pPr>" if style_xml or ppr else ""
    return f"<w:p>{props}{w_run(text, rpr) if text else ''}</w:p>"


def w_bullet(text: str) -> str:
    return w_para(text, "ListBullet", ppr='<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>')


def w_cell(width: int, paragraphs: list[str]) -> str:
    return f'<w:tc><w:tcPr><w:tcW w:w="{width}" w:type="dxa"/></w:tcPr>{"".join(paragraphs)}</w:tc>'


def w_table(rows: list[list[list[str]]], widths: list[int], style: str = "CVTable") -> str:
    grid = "".join(f'<w:gridCol w:w="{w}"/>' for w in widths)
    body = "".join(
        "<w:tr><w:trPr><w:cantSplit/></w:trPr>"
        + "".join(w_cell(w, c) for w, c in zip(widths, row))
        + "</w:tr>"
        for row in rows
    )
    return (
        f'<w:tbl><w:tblPr><w:tblStyle w:val="{style}"/><w:tblW w:w="{sum(widths)}" w:type="dxa"/>'
        '<w:tblLayout w:type="fixed"/><w:tblLook w:val="0000" w:firstRow="0" w:lastRow="0" w:firstColumn="0" '
        f'w:lastColumn="0" w:noHBand="1" w:noVBand="1"/></w:tblPr><w:tblGrid>{grid}</w:tblGrid>{body}</w:tbl>'
    )


DATES_W, MAIN_W = 2100, TEXT_WIDTH - 2100


def dated_rows(entries, bullets: bool) -> list[list[list[str]]]:
    """A row per entry: the dates on the left; on the right the title, the place, then the points (bullets for a
    job, plain paragraphs for a school)."""
    rows = []
    for dates, title, place, points in entries:
        right = [w_para(title, "EntryTitle"), w_para(place, "EntryPlace")]
        right += [w_bullet(p) if bullets else w_para(p) for p in points]
        rows.append([[w_para(dates, "Dates")], right])
    return rows


def cv_body() -> str:
    left = [w_para("Joanna Kowalczyk", "Name"), w_para("Senior Transport Planner", "Role")]
    right = [w_para(line, "Contact") for line in CONTACT]
    body = [
        w_table([[left, right]], [5200, TEXT_WIDTH - 5200], "HeaderTable"),
        w_para("Profile", "Heading1"),
        w_para(PROFILE),
        w_para("Experience", "Heading1"),
        w_table(dated_rows(JOBS, bullets=True), [DATES_W, MAIN_W]),
        w_para("Education", "Heading1"),
        w_table(dated_rows(SCHOOLS, bullets=False), [DATES_W, MAIN_W]),
        w_para("Skills", "Heading1"),
        w_table([[[w_para(area, "Dates")], [w_para(skills)]] for area, skills in SKILLS], [DATES_W, MAIN_W]),
        w_para("Training and professional development", "Heading1"),
        w_table(
            [[[w_para(year, "Dates")], [w_para(course)]] for year, course in TRAINING], [DATES_W, MAIN_W]
        ),
        w_para("Interests", "Heading1"),
        w_para(INTERESTS),
        w_para(REFERENCES, "References"),
    ]
    sect = (
        '<w:sectPr><w:footerReference w:type="default" r:id="rId5"/><w:pgSz w:w="11906" w:h="16838"/>'
        '<w:pgMar w:top="1080" w:right="1080" w:bottom="1080" w:left="1080" w:header="567" w:footer="567" '
        'w:gutter="0"/></w:sectPr>'
    )
    return "".join(body) + sect


def cv_xml(root: str, inner: str) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<{root} xmlns:w="{W_NS}" xmlns:r="{R_NS}">{inner}</{root}>'
    )


def cv_styles() -> str:
    def style(sid: str, name: str, ppr: str = "", rpr: str = "", kind: str = "paragraph") -> str:
        return (
            f'<w:style w:type="{kind}" w:customStyle="1" w:styleId="{sid}"><w:name w:val="{name}"/>'
            '<w:basedOn w:val="Normal"/><w:qFormat/>'
            f"{f'<w:pPr>{ppr}</w:pPr>' if ppr else ''}{f'<w:rPr>{rpr}</w:rPr>' if rpr else ''}</w:style>"
        )

    no_borders = "".join(
        f'<w:{side} w:val="nil"/>' for side in ("top", "left", "bottom", "right", "insideH", "insideV")
    )
    styles = [
        '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:cs="Calibri"/>'
        '<w:sz w:val="21"/><w:lang w:val="en-GB"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr>'
        '<w:spacing w:after="60" w:line="252" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>',
        '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>',
        '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/>'
        '<w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:pBdr><w:bottom w:val="single" w:sz="6" '
        'w:space="1" w:color="1F4E79"/></w:pBdr><w:spacing w:before="240" w:after="120"/><w:outlineLvl w:val="0"/>'
        '</w:pPr><w:rPr><w:b/><w:caps/><w:color w:val="1F4E79"/><w:sz w:val="24"/></w:rPr></w:style>',
        '<w:style w:type="paragraph" w:styleId="ListBullet"><w:name w:val="List Bullet"/><w:basedOn w:val="Normal"/>'
        '<w:pPr><w:numPr><w:numId w:val="1"/></w:numPr><w:spacing w:after="20"/><w:ind w:left="284" '
        'w:hanging="284"/></w:pPr></w:style>',
        style(
            "Name", "CV Name", '<w:spacing w:after="0"/>', '<w:b/><w:color w:val="1F4E79"/><w:sz w:val="44"/>'
        ),
        style("Role", "CV Role", "", '<w:color w:val="595959"/><w:sz w:val="26"/>'),
        style("Contact", "CV Contact", '<w:spacing w:after="0"/><w:jc w:val="right"/>', '<w:sz w:val="19"/>'),
        style("Dates", "CV Dates", "", '<w:b/><w:color w:val="595959"/>'),
        style("EntryTitle", "CV Entry Title", '<w:spacing w:after="0"/>', "<w:b/>"),
        style("EntryPlace", "CV Entry Place", "", '<w:i/><w:color w:val="404040"/>'),
        style("References", "CV References", '<w:spacing w:before="240"/>', "<w:i/>"),
        style("Footer", "footer", '<w:jc w:val="center"/>', '<w:color w:val="808080"/><w:sz w:val="16"/>'),
        '<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:tblPr>'
        '<w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" '
        'w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr>'
        "</w:style>",
        f'<w:style w:type="table" w:customStyle="1" w:styleId="CVTable"><w:name w:val="CV Table"/><w:basedOn '
        f'w:val="TableNormal"/><w:tblPr><w:tblBorders>{no_borders}</w:tblBorders><w:tblCellMar><w:top w:w="40" '
        'w:type="dxa"/><w:bottom w:w="80" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>',
        f'<w:style w:type="table" w:customStyle="1" w:styleId="HeaderTable"><w:name w:val="CV Header Table"/>'
        f'<w:basedOn w:val="TableNormal"/><w:tblPr><w:tblBorders>{no_borders}</w:tblBorders></w:tblPr>'
        '<w:tcPr><w:shd w:val="clear" w:color="auto" w:fill="EAF1F8"/></w:tcPr></w:style>',
    ]
    return cv_xml("w:styles", "".join(styles))


def cv_numbering() -> str:
    return cv_xml(
        "w:numbering",
        '<w:abstractNum w:abstractNumId="0"><w:multiLevelType w:val="hybridMultilevel"/><w:lvl w:ilvl="0">'
        '<w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="\u2022"/><w:lvlJc w:val="left"/>'
        '<w:pPr><w:ind w:left="284" w:hanging="284"/></w:pPr><w:rPr><w:rFonts w:ascii="Symbol" w:hAnsi="Symbol" '
        'w:hint="default"/></w:rPr></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>',
    )


def cv() -> bytes:
    wml = "application/vnd.openxmlformats-officedocument.wordprocessingml"
    content_types = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        + "".join(
            f'<Override PartName="/word/{part}.xml" ContentType="{wml}.{kind}+xml"/>'
            for part, kind in (
                ("document", "document.main"),
                ("styles", "styles"),
                ("settings", "settings"),
                ("numbering", "numbering"),
                ("footer1", "footer"),
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
                ("rId3", "numbering", "numbering.xml"),
                ("rId5", "footer", "footer1.xml"),
            )
        )
        + "</Relationships>"
    )
    settings = cv_xml(
        "w:settings",
        '<w:zoom w:percent="110"/><w:defaultTabStop w:val="720"/><w:characterSpacingControl w:val="doNotCompress"/>'
        '<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" '
        'w:val="15"/></w:compat>',
    )
    page = (
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText>'
        '</w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r>'
        '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
    )
    footer = cv_xml(
        "w:ftr",
        f'<w:p><w:pPr><w:pStyle w:val="Footer"/></w:pPr>{w_run("Joanna Kowalczyk - CV - page ")}{page}</w:p>',
    )
    core = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>CV</dc:title>'
        "<dc:creator>Joanna Kowalczyk</dc:creator><cp:lastModifiedBy>Joanna Kowalczyk</cp:lastModifiedBy>"
        "<cp:revision>14</cp:revision>"
        '<dcterms:created xsi:type="dcterms:W3CDTF">2023-02-12T15:02:00Z</dcterms:created>'
        '<dcterms:modified xsi:type="dcterms:W3CDTF">2027-06-01T20:12:00Z</dcterms:modified></cp:coreProperties>'
    )
    app = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">'
        "<Template>Normal.dotm</Template><Pages>2</Pages><Application>Microsoft Office Word</Application>"
        "<AppVersion>16.0000</AppVersion></Properties>"
    )
    members = [
        ("[Content_Types].xml", content_types),
        ("_rels/.rels", package_rels),
        ("word/document.xml", cv_xml("w:document", f"<w:body>{cv_body()}</w:body>")),
        ("word/_rels/document.xml.rels", document_rels),
        ("word/styles.xml", cv_styles()),
        ("word/settings.xml", settings),
        ("word/numbering.xml", cv_numbering()),
        ("word/footer1.xml", footer),
        ("docProps/core.xml", core),
        ("docProps/app.xml", app),
    ]
    buf = BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in members:
            info = zipfile.ZipInfo(name, CV_ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, text.encode("utf-8"))
    return buf.getvalue()


def check_cv(data: bytes) -> str:
    """Every XML part parses; each relationship's target is in the package; every paragraph style used is defined,
    every numbering id exists, and each table row has as many cells as its grid has columns. Returns the body's
    text for the weekday check."""
    w = f"{{{W_NS}}}"
    with zipfile.ZipFile(BytesIO(data)) as z:
        parts = {n: ET.fromstring(z.read(n)) for n in z.namelist() if n.endswith((".xml", ".rels"))}
    for rel in parts["word/_rels/document.xml.rels"]:
        if "word/" + rel.get("Target") not in parts:
            raise SystemExit(f"cv: relationship target {rel.get('Target')} is missing")
    doc = parts["word/document.xml"]
    styles = {s.get(f"{w}styleId") for s in parts["word/styles.xml"].iter(f"{w}style")}
    used = {s.get(f"{w}val") for s in doc.iter(f"{w}pStyle")} | {
        s.get(f"{w}val") for s in doc.iter(f"{w}tblStyle")
    }
    if not used <= styles:
        raise SystemExit(f"cv: styles {sorted(used - styles)} are not defined")
    nums = {n.get(f"{w}numId") for n in parts["word/numbering.xml"].iter(f"{w}num")}
    if not {n.get(f"{w}val") for n in doc.iter(f"{w}numId")} <= nums:
        raise SystemExit("cv: a list refers to a numbering that does not exist")
    for tbl in doc.iter(f"{w}tbl"):
        cols = len(tbl.find(f"{w}tblGrid"))
        if any(len(tr.findall(f"{w}tc")) != cols for tr in tbl.iter(f"{w}tr")):
            raise SystemExit("cv: a table row does not have its grid's cells")
    return "\n".join("".join(t.text or "" for t in p.iter(f"{w}t")) for p in doc.iter(f"{w}p"))


# --- ENEX: an Evernote export ----------------------------------------------------------------------------------------

EXPORTED = "20270419T081530Z"
AUTHOR = "Hannah Mirza"
ENML_HEAD = (
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
    '<!DOCTYPE en-note SYSTEM "http://xml.evernote.com/pub/enml2.dtd">'
)


def floor_plan_png() -> bytes:
    """A small floor plan as a PNG (two rooms, a hall, a bay window): 64 by 40 pixels, 1 bit a pixel."""
    w, h = 64, 40
    walls = set()
    for x in range(w):
        walls |= {(x, 0), (x, h - 1)}
    for y in range(h):
        walls |= {(0, y), (w - 1, y), (26, y), (44, y)}
    for x in range(26, w):
        walls.add((x, 20))
    for y in (8, 9, 10, 11, 28, 29, 30, 31):  # doorways
        walls.discard((26, y))
    walls -= {(x, 0) for x in range(5, 19)}  # the bay window in the front room: a gap in the wall...
    walls |= {(x, 1) for x in range(5, 19)} | {(4, 1), (19, 1)}  # ...and the glass set out beyond it
    raw = b""
    for y in range(h):
        bits = "".join("0" if (x, y) in walls else "1" for x in range(w))
        raw += b"\x00" + int(bits, 2).to_bytes(w // 8, "big")

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 1, 0, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


PLAN = floor_plan_png()
PLAN_HASH = hashlib.md5(PLAN).hexdigest()


def todo(done: bool, text: str) -> str:
    return f'<div><en-todo checked="{"true" if done else "false"}"/>{text}</div>'


def row(*cells: str, head: bool = False) -> str:
    wrap = (lambda c: f"<b>{c}</b>") if head else (lambda c: c)
    return "<tr>" + "".join(f'<td style="{CELL}"><div>{wrap(c)}</div></td>' for c in cells) + "</tr>"


CELL = "border: 1px solid rgb(204, 204, 204); padding: 8px;"
RENTS = {"41 Kenwood Road, flat 2 (S7)": 910, "9 Thornsett Road, top floor (S7)": 975}  # pounds a month


def week_rent(monthly: int) -> int:
    weekly = monthly * 12 / 52
    if weekly != int(weekly):
        raise SystemExit(f"notes: {monthly} a month is not a whole number of pounds a week")
    return int(weekly)


def deposit(monthly: int) -> str:
    return f"£{5 * week_rent(monthly):,}"


def note_blocks() -> list[dict]:
    kenwood, thornsett = RENTS
    notes = [
        {
            "title": "Mum's red lentil soup",
            "created": "20270117T181200Z",
            "updated": "20270117T183544Z",
            "tags": ["recipes", "family"],
            "attributes": [("author", AUTHOR), ("source", "mobile.iphone")],
            "enml": [
                "<div><b>From Mum</b>, phone call on Sunday 17 January. Serves 4, freezes well (up to 3 months)."
                "</div>",
                "<div><br/></div>",
                "<div><b>Ingredients</b></div>",
                "<ul>",
                "<li><div>250g red lentils, rinsed until the water runs clear</div></li>",
                "<li><div>1 onion and 2 carrots, chopped small</div></li>",
                "<li><div>2 tbsp olive oil</div></li>",
                "<li><div>1 tin chopped tomatoes (400g)</div></li>",
                "<li><div>1.2 litres vegetable stock (2 cubes)</div></li>",
                "<li><div>1 tsp ground cumin, ½ tsp smoked paprika, a pinch of chilli flakes</div></li>",
                "<li><div>Juice of half a lemon</div></li>",
                "</ul>",
                "<div><br/></div>",
                "<div><b>Method</b></div>",
                "<ol>",
                "<li><div>Soften the onion and carrots in the oil for 8 minutes with the lid on.</div></li>",
                "<li><div>Add the spices and cook for 1 minute, stirring.</div></li>",
                "<li><div>Add the lentils, tomatoes and stock. Simmer for 25 minutes, until the lentils have "
                "collapsed.</div></li>",
                "<li><div>Blend about half of it and stir it back in, so it's thick but not baby food.</div></li>",
                "<li><div>Lemon juice only at the very end. Mum says if it goes in earlier the acid stops the "
                "lentils softening.</div></li>",
                "</ol>",
                "<div><br/></div>",
                "<div>A swirl of yoghurt and some coriander on top. Good with Dad's flatbreads.</div>",
            ],
        },
        {
            "title": "Meeting with Deborah (accountant)",
            "created": "20270203T103500Z",
            "updated": "20270203T121740Z",
            "tags": ["money", "tax"],
            "attributes": [("author", AUTHOR), ("source", "desktop.mac")],
            "enml": [
                "<div><b>Deborah Lyle, Lyle and Fenwick Accountants, Wednesday 3 February 2027, 10:30</b></div>",
                "<div>The 2025/26 return went in on 24 January and the tax due on 31 January is paid.</div>",
                "<div><br/></div>",
                "<div><b>What she said</b></div>",
                "<ul>",
                "<li><div>Her fee for doing the 2026/27 return stays at £420 plus VAT, same as this year.</div></li>",
                "<li><div>Next payment on account: £1,870, due 31 July.</div></li>",
                "<li><div>The desk at Kelham Studios (£140 a month) is fully allowable, and so are art materials "
                "and software subscriptions.</div></li>",
                "<li><div>New drawing tablet (£1,249): claim all of it this year under the annual investment "
                "allowance rather than spreading it over several years.</div></li>",
                "<li><div>VAT: no need to register until turnover goes over £90,000 in any 12 months. I'm at "
                "about £38,000.</div></li>",
                "<li><div>Keep all records for at least 5 years after the 31 January deadline.</div></li>",
                "<li><div>Put 25% of every invoice into the tax pot as soon as it is paid.</div></li>",
                "</ul>",
                "<div><br/></div>",
                "<div><b>To do</b></div>",
                todo(True, "Send her the 2026 bank statements"),
                todo(False, "Send the invoices spreadsheet by Friday 30 April"),
                todo(False, "Open a separate savings account for the tax pot"),
            ],
        },
        {
            "title": "Flat viewings",
            "created": "20270313T101500Z",
            "updated": "20270314T091500Z",
            "tags": ["flat hunt"],
            "attributes": [
                ("latitude", "53.36148"),
                ("longitude", "-1.49216"),
                ("altitude", "112.0"),
                ("author", AUTHOR),
                ("source", "mobile.iphone"),
            ],
            "enml": [
                "<div><b>Viewings on Saturday 13 March</b> with Sharrow Lettings (Priya Sandhu, 0114 496 0732)"
                "</div>",
                "<div><br/></div>",
                '<table style="border-collapse: collapse; min-width: 100%;"><colgroup><col style="width: 150px;"/>'
                '<col style="width: 240px;"/><col style="width: 240px;"/></colgroup><tbody>',
                row("Flat", kenwood, thornsett, head=True),
                row("Rent", f"£{RENTS[kenwood]} pcm", f"£{RENTS[thornsett]} pcm"),
                row("Deposit (5 weeks)", deposit(RENTS[kenwood]), deposit(RENTS[thornsett])),
                row("Council tax", "Band B", "Band C"),
                row("EPC", "D", "C"),
                row("Heating", "Gas combi boiler, new in 2024", "Electric storage heaters"),
                row("Second bedroom", "Small double, fits my drawing desk", "Box room, single bed at most"),
                row("Pets", "Cat OK (the landlord said yes in writing)", "No pets"),
                row("To the studio", "15 min walk", "10 min walk"),
                row("Available", "1 May", "17 April"),
                "</tbody></table>",
                "<div><br/></div>",
                f'<div><en-media hash="{PLAN_HASH}" type="image/png"/></div>',
                "<div>Floor plan of Kenwood Road from the agent's listing.</div>",
                "<div><br/></div>",
                "<div><b>Kenwood Road:</b> damp patch on the bathroom ceiling. Priya says the roof was repaired in "
                "January. Lovely light in the front room (bay window), quiet street.</div>",
                "<div><b>Thornsett Road:</b> great view over the valley, but the storage heaters will cost a "
                "fortune, and no cat.</div>",
                "<div><br/></div>",
                "<div>Decision: Kenwood Road, if the damp really is fixed. Ask to see the roofer's invoice before "
                f"paying the holding deposit (one week's rent, £{week_rent(RENTS[kenwood])}).</div>",
                todo(False, "Email Priya by Tuesday 16 March"),
            ],
            "resources": [(PLAN, "image/png", 64, 40, "kenwood-road-floor-plan.png")],
        },
        {
            "title": "Going away? How to keep your sourdough starter alive | Bread and Crumb",
            "created": "20270320T204100Z",
            "updated": "20270320T204100Z",
            "tags": ["baking", "clipped"],
            "attributes": [
                ("author", AUTHOR),
                ("source", "web.clip7"),
                ("source-url", "https://www.breadandcrumb.example/blog/sourdough-starter-holiday"),
                ("source-application", "webclipper.evernote"),
            ],
            "enml": [
                '<div style="font-family: Georgia, serif; font-size: 17px; line-height: 1.6; color: rgb(34, 34, 34);'
                ' max-width: 680px;">',
                '<h1 style="font-size: 32px;">Going away? How to keep your sourdough starter alive</h1>',
                '<div style="color: rgb(120, 120, 120); font-size: 14px;">By Ines Calder | 4 March 2027 | 5 min '
                "read</div>",
                "<p>Your starter is tougher than you think. Whether you are away for a long weekend or a month, "
                "there is no need to ask the neighbours to feed it.</p>",
                '<h2 style="font-size: 24px;">Away for up to two weeks: the fridge</h2>',
                "<p>Give it a normal feed, leave it out for an hour so that the yeast gets going, then put it in the "
                "fridge with the lid resting on loosely. A fed starter will happily sit in the fridge for up to two "
                "weeks without any attention.</p>",
                '<h2 style="font-size: 24px;">Longer than that: dry it</h2>',
                "<p>Spread a thin layer of active starter on baking paper and leave it somewhere warm and airy for "
                "two or three days, until it snaps. Break it into flakes and keep them in an airtight jar. Dried "
                "starter keeps for months.</p>",
                '<h2 style="font-size: 24px;">Bringing it back</h2>',
                "<p>When you get home, discard all but a couple of spoonfuls and feed it at room temperature twice a "
                "day, 12 hours apart. It usually takes two or three feeds before it doubles again and is ready to "
                "bake with.</p>",
                '<h2 style="font-size: 24px;">What is that grey liquid?</h2>',
                "<p>A layer of grey or brown liquid on top is called hooch. It is alcohol, and it simply means that "
                "your starter is hungry. Pour it off for a milder loaf, or stir it in for a more sour one.</p>",
                "</div>",
            ],
        },
        {
            "title": "Packing - Lisbon",
            "created": "20270331T195000Z",
            "updated": "20270407T213000Z",
            "tags": ["travel", "lists"],
            "attributes": [("author", AUTHOR), ("source", "desktop.mac")],
            "enml": [
                "<div><b>Lisbon, Thursday 8 April to Monday 12 April</b></div>",
                "<div>Out: TP1363 from Manchester on Thursday 8 April at 06:10, Terminal 2. Leave the flat at 03:45 "
                "(taxi booked with City Cars).</div>",
                "<div>Back: TP1366 on Monday 12 April, lands in Manchester at 21:35.</div>",
                "<div>Hotel: Casa do Largo, Rua da Regueira 12, Alfama. Booking ref 4417-2287, breakfast included."
                "</div>",
                "<div><br/></div>",
                "<div><b>Documents and money</b></div>",
                todo(True, "Passport (expires 2031)"),
                todo(True, "GHIC card"),
                todo(False, "Euros: about €150 in cash for the trams and cafés"),
                todo(True, "Travel insurance documents on my phone"),
                "<div><b>Clothes</b></div>",
                todo(True, "Walking shoes (the hills!)"),
                todo(True, "Light rain jacket"),
                todo(False, "Sun hat"),
                "<div><b>Drawing kit</b></div>",
                todo(True, "A5 sketchbook and the small watercolour box"),
                todo(True, "Two water brushes"),
                "<div><b>Other</b></div>",
                todo(True, "Plug adaptor (type F)"),
                todo(False, "Sun cream"),
                todo(True, "Starter fed the night before and in the fridge (see the clipped article)"),
            ],
        },
        {
            "title": "Dad's 70th",
            "created": "20270404T160200Z",
            "updated": "20270415T190820Z",
            "tags": ["family"],
            "attributes": [("author", AUTHOR), ("source", "mobile.iphone")],
            "enml": [
                "<div><b>Dad's 70th: Sunday 16 May</b></div>",
                "<div>Lunch at The Wheatsheaf in Dore, table for 14 at 1pm. Deposit of £50 paid (Ravi has the "
                "receipt).</div>",
                "<div><br/></div>",
                "<div><b>Present ideas</b></div>",
                "<ul>",
                "<li><div>A drawing of his old MG Midget, A3, framed. <b>This one.</b></div></li>",
                "<li><div>Tickets for a Test match at Headingley? Check the dates.</div></li>",
                "<li><div>Not another jumper.</div></li>",
                "</ul>",
                todo(False, "Find photos of the MG (Auntie Shazia has the 1979 album)"),
                todo(False, "Order the frame from the shop on Abbeydale Road by 1 May"),
            ],
        },
    ]
    return notes


def enex() -> bytes:
    out = [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
        '<!DOCTYPE en-export SYSTEM "http://xml.evernote.com/pub/evernote-export4.dtd">',
        f'<en-export export-date="{EXPORTED}" application="Evernote" version="10.84.4">',
    ]
    for note in note_blocks():
        out += [
            "  <note>",
            f"    <title>{escape(note['title'])}</title>",
            f"    <created>{note['created']}</created>",
            f"    <updated>{note['updated']}</updated>",
            *(f"    <tag>{escape(tag)}</tag>" for tag in note["tags"]),
            "    <note-attributes>",
            *(f"      <{k}>{escape(v)}</{k}>" for k, v in note["attributes"]),
            "    </note-attributes>",
            "    <content>",
            f"      <![CDATA[{ENML_HEAD}",
            "<en-note>",
            *note["enml"],
            "</en-note>]]>",
            "    </content>",
        ]
        for data, mime, width, height, name in note.get("resources", []):
            b64 = base64.b64encode(data).decode("ascii")
            out += [
                "    <resource>",
                '      <data encoding="base64">',
                *(b64[i : i + 76] for i in range(0, len(b64), 76)),
                "</data>",
                f"      <mime>{mime}</mime>",
                f"      <width>{width}</width>",
                f"      <height>{height}</height>",
                "      <resource-attributes>",
                f"        <file-name>{name}</file-name>",
                "      </resource-attributes>",
                "    </resource>",
            ]
        out.append("  </note>")
    out.append("</en-export>")
    return ("\n".join(out) + "\n").encode("utf-8")


ENML_PROHIBITED = {"applet", "base", "basefont", "bgsound", "blink", "body", "button", "dir", "embed", "fieldset",
                   "form", "frame", "frameset", "head", "html", "iframe", "ilayer", "input", "isindex", "label",
                   "layer", "legend", "link", "marquee", "menu", "meta", "noframes", "noscript", "object",
                   "optgroup", "option", "param", "plaintext", "script", "select", "style", "textarea", "xml"}  # fmt: skip


def stamp(value: str) -> dt.datetime:
    return dt.datetime.strptime(value, "%Y%m%dT%H%M%SZ")


def check_enex(data: bytes) -> str:
    """The export parses; each note has a title, created before updated before the export date, and content that
    parses as ENML (root ``en-note``, no prohibited elements, no class or id attributes, ``en-todo`` checked true or
    false, every ``en-media`` hash the MD5 of one of the note's resources). Returns the notes' text."""
    root = ET.fromstring(data)
    if root.tag != "en-export" or root.get("application") != "Evernote":
        raise SystemExit("enex: not an Evernote export")
    exported = stamp(root.get("export-date"))
    texts = []
    for note in root.findall("note"):
        title = note.findtext("title")
        created, updated = stamp(note.findtext("created")), stamp(note.findtext("updated"))
        if not (title and created <= updated < exported):
            raise SystemExit(f"enex: {title!r} has bad dates")
        content = note.findtext("content").strip()
        if not content.startswith('<?xml version="1.0" encoding="UTF-8" standalone="no"?>'):
            raise SystemExit(f"enex: {title!r}: content is not an ENML document")
        enml = ET.fromstring(re.sub(r"<!DOCTYPE[^>]*>", "", content).encode("utf-8"))
        if enml.tag != "en-note":
            raise SystemExit(f"enex: {title!r}: the root is not en-note")
        hashes = {
            hashlib.md5(base64.b64decode(r.findtext("data"))).hexdigest() for r in note.findall("resource")
        }
        for el in enml.iter():
            if el.tag in ENML_PROHIBITED or "class" in el.attrib or "id" in el.attrib:
                raise SystemExit(f"enex: {title!r}: {el.tag} is not allowed in ENML")
            if el.tag == "en-todo" and el.get("checked") not in ("true", "false"):
                raise SystemExit(f"enex: {title!r}: en-todo without checked true or false")
            if el.tag == "en-media" and el.get("hash") not in hashes:
                raise SystemExit(f"enex: {title!r}: en-media refers to no resource")
        texts.append(title + "\n" + "".join(enml.itertext()))
    if len(texts) != 6:
        raise SystemExit("enex: the export should hold six notes")
    return "\n".join(texts)


# --- checks ------------------------------------------------------------------------------------------------------

WEEKDAY_DATE = re.compile(
    r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\s+(\d{1,2})\s+("
    + "|".join(m[:3] for m in MONTHS)
    + r")[a-z]*\b(?:\s+(\d{4}))?"
)


def check_weekdays(text: str) -> int:
    """Every weekday written next to a date ("Sunday 10 January 2027", "Tuesday 16 March"; a date without a year is
    in 2027) is that date's weekday; returns how many were checked."""
    n = 0
    for m in WEEKDAY_DATE.finditer(text):
        month = next(i for i, name in enumerate(MONTHS, 1) if name.startswith(m[3]))
        date = dt.date(int(m[4] or YEAR), month, int(m[2]))
        if DAYS[date.weekday()][:3] != m[1]:
            raise SystemExit(f"{m[0]!r}: {date} is a {DAYS[date.weekday()]}")
        n += 1
    return n


def files() -> dict[str, bytes]:
    return {POST_NAME: post(), CV_NAME: cv(), ENEX_NAME: enex()}


def check(made: dict[str, bytes]) -> int:
    texts = [check_post(made[POST_NAME]), check_cv(made[CV_NAME]), check_enex(made[ENEX_NAME])]
    return sum(check_weekdays(t) for t in texts)


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
