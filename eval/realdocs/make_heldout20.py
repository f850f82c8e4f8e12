"""Generate the private documents of the realdocs ``heldout20`` part under ``files/private20/``: a family's shared plan
for a two-week summer trip as Google Docs exports it to Word (``France summer 2027 - trip plan.docx``: WordprocessingML
written by hand as Google writes it, every run with its own ``w:rPr``, Title/Subtitle/Heading1/Heading2 styles, a
bulleted day-by-day list, checklists whose ticked items are struck through, a table of where they stay, hyperlinks,
heading bookmarks, no ``docProps``), a browser extension's background service worker in TypeScript
(``pricewatch/src/background/service-worker.ts``: TSDoc comments, exported constants, enums, interfaces, functions)
and the speech-to-text transcripts of three voicemails as a phone exports them (``Voicemail transcripts.txt``).

    python eval/realdocs/make_heldout20.py          # rewrite them; the output is the same on every run

Standard library only; the zip's dates and every id in the XML are fixed, so a rerun gives the same bytes. Every
weekday written next to a date is checked against the calendar, the plan's nights and payments against each other and
the voicemails' offsets against their lengths. The other document of the part (adduser's ``adduser.conf``) is copied
unchanged from a Debian package, as ``documents.json`` records.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout20 (the tests, check.py)
    import heldout20_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import MONTHS, check_weekdays
except ImportError:
    from eval.realdocs import heldout20_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import MONTHS, check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private20"
STAMP = (1980, 1, 1, 0, 0, 0)  # the zip entries' date: fixed

# --- the Google Docs export ---------------------------------------------------------------------------------------

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
# the namespaces Google Docs declares on w:document
ROOT_NS = (
    'xmlns:wpc="http://schemas.microsoft.com/office/word/2010/wordprocessingCanvas" '
    'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
    'xmlns:o="urn:schemas-microsoft-com:office:office" '
    f'xmlns:r="{R_NS}" '
    'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" '
    'xmlns:v="urn:schemas-microsoft-com:vml" '
    'xmlns:wp14="http://schemas.microsoft.com/office/word/2010/wordprocessingDrawing" '
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
    'xmlns:w10="urn:schemas-microsoft-com:office:word" '
    f'xmlns:w="{W_NS}" '
    'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" '
    'xmlns:wpg="http://schemas.microsoft.com/office/word/2010/wordprocessingGroup" '
    'xmlns:wpi="http://schemas.microsoft.com/office/word/2010/wordprocessingInk" '
    'xmlns:wne="http://schemas.microsoft.com/office/word/2006/wordml" '
    'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" '
    'mc:Ignorable="w14 wp14"'
)
RSID_P = 'w:rsidR="00000000" w:rsidDel="00000000" w:rsidP="00000000" w:rsidRDefault="00000000" w:rsidRPr="00000000"'
RSID_R = 'w:rsidDel="00000000" w:rsidR="00000000" w:rsidRPr="00000000"'


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while n:
        n, d = divmod(n, 36)
        out = digits[d] + out
    return out


def heading_id(n: int) -> str:
    """The id Google Docs gives a document's n-th heading (0-based), as its exports name their bookmarks
    ("_heading=h.gjdgxs", then "30j0zll", "1fob9te", ...): base 36 of a number that starts at 1,000,000,000 and
    steps by 5,562,305,849 modulo 9,000,000,000 above that."""
    return _base36(10**9 + n * 5_562_305_849 % (9 * 10**9))


LINK_COLOUR = "1155cc"
CHECKBOX = "\u2610"  # the checklist's bullet: an empty ballot box
BULLETS = ("\u25cf", "\u25cb", "\u25a0")  # a bulleted list's, by level: ●, ○, ■
COLUMNS = (1330, 1900, 700, 1500, 1500, 2099)  # the table's columns (twips); Google writes them as decimals


class _Doc:
    """What the body refers to: hyperlinks' relationship ids (rId6 on, after the five parts) and the running ids."""

    def __init__(self) -> None:
        self.links: dict[str, str] = {}
        self.para = 0
        self.heading = 0

    def link(self, url: str) -> str:
        return self.links.setdefault(url, f"rId{6 + len(self.links)}")

    def para_id(self) -> str:
        self.para += 1
        return f"{self.para:08X}"


def _rpr(bold=False, italic=False, strike=False, link=False) -> str:
    out = '<w:b w:val="1"/>' if bold else ""
    out += '<w:i w:val="1"/>' if italic else ""
    out += '<w:strike w:val="1"/>' if strike else ""
    out += f'<w:color w:val="{LINK_COLOUR}"/><w:u w:val="single"/>' if link else ""
    return f'<w:rPr>{out}<w:rtl w:val="0"/></w:rPr>'


def _run(text: str, **fmt) -> str:
    return f'<w:r {RSID_R}>{_rpr(**fmt)}<w:t xml:space="preserve">{escape(text)}</w:t></w:r>'


def _runs(runs, doc: _Doc, strike: bool = False) -> str:
    out = []
    for run in runs:
        if isinstance(run, str):
            out.append(_run(run, strike=strike))
        elif run[0] == "link":
            _, url, text = run
            out.append(
                f'<w:hyperlink r:id="{doc.link(url)}">{_run(text, link=True, strike=strike)}</w:hyperlink>'
            )
        else:
            out.append(_run(run[1], bold=run[0] == "b", italic=run[0] == "i", strike=strike))
    return "".join(out)


def _paragraph(ppr: str, body: str, doc: _Doc) -> str:
    return f'<w:p {RSID_P} w14:paraId="{doc.para_id()}"><w:pPr>{ppr}<w:rPr/></w:pPr>{body}</w:p>'


def _block(block, doc: _Doc) -> str:
    style = block[0]
    if style == "blank":
        return _paragraph("", f"<w:r {RSID_R}>{_rpr()}</w:r>", doc)
    if style == "table":
        return _table(block[1], doc)
    if style in ("bullet", "check"):
        ticked = style == "check" and block[2]
        numpr = f'<w:numPr><w:ilvl w:val="0"/><w:numId w:val="{block[1]}"/></w:numPr>'
        ppr = f'{numpr}<w:ind w:left="720" w:hanging="360"/>'
        return _paragraph(ppr, _runs(block[-1], doc, strike=ticked), doc)
    runs = _runs(block[1], doc)
    if style.startswith("Heading"):  # a heading carries the bookmark its links and the outline point at
        n = doc.heading
        doc.heading += 1
        runs = (
            f'<w:bookmarkStart w:colFirst="0" w:colLast="0" w:name="_heading=h.{heading_id(n)}" w:id="{n}"/>'
            f'{runs}<w:bookmarkEnd w:id="{n}"/>'
        )
    ppr = f'<w:pStyle w:val="{style}"/>' if style != "Normal" else ""
    return _paragraph(ppr, runs, doc)


def _table(rows: list[list[str]], doc: _Doc) -> str:
    grid = "".join(f'<w:gridCol w:w="{w:.1f}"/>' for w in COLUMNS)
    margins = "".join(f'<w:{side} w:w="100.0" w:type="dxa"/>' for side in ("top", "left", "bottom", "right"))
    out = [
        f'<w:tbl><w:tblPr><w:tblStyle w:val="Table1"/><w:tblW w:w="{sum(COLUMNS):.1f}" w:type="dxa"/>'
        '<w:jc w:val="left"/><w:tblInd w:w="0.0" w:type="dxa"/><w:tblLayout w:type="fixed"/>'
        f'<w:tblLook w:val="0600"/></w:tblPr><w:tblGrid>{grid}</w:tblGrid>'
    ]
    for i, row in enumerate(rows):
        fill = "d9ead3" if i == 0 else "auto"
        cells = []
        for text in row:
            para = _paragraph(
                '<w:widowControl w:val="0"/><w:spacing w:after="0" w:line="240" w:lineRule="auto"/>',
                _run(text, bold=i == 0),
                doc,
            )
            cells.append(
                f'<w:tc><w:tcPr><w:shd w:fill="{fill}" w:val="clear"/><w:tcMar>{margins}</w:tcMar>'
                f'<w:vAlign w:val="top"/></w:tcPr>{para}</w:tc>'
            )
        out.append(
            f'<w:tr><w:trPr><w:cantSplit w:val="0"/><w:tblHeader w:val="0"/></w:trPr>{"".join(cells)}</w:tr>'
        )
    out.append("</w:tbl>")
    return "".join(out)


def document_xml(doc: _Doc) -> str:
    body = "".join(_block(b, doc) for b in T.TRIP)
    sect = (
        '<w:sectPr><w:pgSz w:h="16834" w:w="11909" w:orient="portrait"/><w:pgMar w:bottom="1440" w:top="1440" '
        'w:left="1440" w:right="1440" w:header="720" w:footer="720"/><w:pgNumType w:start="1"/></w:sectPr>'
    )
    return f"{HEAD}<w:document {ROOT_NS}><w:body>{body}{sect}</w:body></w:document>"


def numbering_xml() -> str:
    """One abstract list per list of the document, as Google Docs writes them: list 1 the day-by-day bullets, lists
    2 to 5 the checklists (a ballot box at every level)."""
    lists = sorted({b[1] for b in T.TRIP if b[0] in ("bullet", "check")})
    checks = {b[1] for b in T.TRIP if b[0] == "check"}
    abstract, nums = [], []
    for n in lists:
        levels = []
        for lvl in range(9):
            glyph = CHECKBOX if n in checks else BULLETS[lvl % 3]
            levels.append(
                f'<w:lvl w:ilvl="{lvl}"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="{glyph}"/>'
                f'<w:lvlJc w:val="left"/><w:pPr><w:ind w:left="{720 * (lvl + 1)}" w:hanging="360"/></w:pPr>'
                '<w:rPr><w:u w:val="none"/></w:rPr></w:lvl>'
            )
        abstract.append(f'<w:abstractNum w:abstractNumId="{n}">{"".join(levels)}</w:abstractNum>')
        nums.append(f'<w:num w:numId="{n}"><w:abstractNumId w:val="{n}"/></w:num>')
    return f"{HEAD}<w:numbering {ROOT_NS}>{''.join(abstract)}{''.join(nums)}</w:numbering>"


def styles_xml() -> str:
    """Google Docs' styles: Arial 11 pt, its "normal", "Title", "Subtitle", "heading 1" to "heading 3", a table
    style for the table."""

    def para(sid, name, ppr, rpr):
        return (
            f'<w:style w:type="paragraph" w:styleId="{sid}"><w:name w:val="{name}"/><w:basedOn w:val="Normal"/>'
            f'<w:next w:val="Normal"/><w:pPr>{ppr}</w:pPr><w:rPr>{rpr}</w:rPr></w:style>'
        )

    def keep(before: int, after: int) -> str:
        return (
            '<w:keepNext w:val="1"/><w:keepLines w:val="1"/>'
            f'<w:spacing w:after="{after}" w:before="{before}" w:lineRule="auto"/>'
        )

    def size(half_points: int, colour: str = "") -> str:
        c = f'<w:color w:val="{colour}"/>' if colour else ""
        return f'{c}<w:sz w:val="{half_points}"/><w:szCs w:val="{half_points}"/>'

    margins = "".join(f'<w:{side} w:w="100.0" w:type="dxa"/>' for side in ("top", "left", "bottom", "right"))
    styles = [
        '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="normal"/><w:qFormat/>'
        "</w:style>",
        para("Heading1", "heading 1", keep(400, 120), size(40)),
        para("Heading2", "heading 2", keep(360, 120), size(32)),
        para("Heading3", "heading 3", keep(320, 80), size(28, "434343")),
        para("Title", "Title", keep(0, 60), size(52)),
        para(
            "Subtitle",
            "Subtitle",
            keep(0, 320),
            '<w:rFonts w:ascii="Arial" w:cs="Arial" w:eastAsia="Arial" '
            f'w:hAnsi="Arial"/>{size(30, "666666")}',
        ),  # fmt: skip
        '<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/>'
        '<w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/><w:tblPr><w:tblInd w:w="0" w:type="dxa"/>'
        '<w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="0" '
        'w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>',
        '<w:style w:type="table" w:styleId="Table1"><w:basedOn w:val="TableNormal"/><w:tblPr>'
        '<w:tblStyleRowBandSize w:val="1"/><w:tblStyleColBandSize w:val="1"/><w:tblBorders>'
        + "".join(
            f'<w:{side} w:val="single" w:sz="8" w:space="0" w:color="000000"/>'
            for side in ("top", "left", "bottom", "right", "insideH", "insideV")
        )
        + f"</w:tblBorders><w:tblCellMar>{margins}</w:tblCellMar></w:tblPr></w:style>",
    ]
    return (
        f'{HEAD}<w:styles {ROOT_NS}><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Arial" w:cs="Arial" '
        'w:eastAsia="Arial" w:hAnsi="Arial"/><w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="en-GB"/>'
        '</w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:line="276" w:lineRule="auto"/></w:pPr>'
        f"</w:pPrDefault></w:docDefaults>{''.join(styles)}</w:styles>"
    )


def settings_xml() -> str:
    compat = "".join(
        f'<w:compatSetting w:val="{v}" w:name="{n}" w:uri="http://schemas.microsoft.com/office/word"/>'
        for n, v in (
            ("compatibilityMode", 14),
            ("overrideTableStyleFontSizeAndJustification", 1),
            ("enableOpenTypeFeatures", 1),
            ("doNotFlipMirrorIndents", 1),
        )
    )
    return (
        f'{HEAD}<w:settings {ROOT_NS}><w:displayBackgroundShape w:val="1"/><w:embedTrueTypeFonts w:val="1"/>'
        '<w:saveSubsetFonts w:val="1"/><w:defaultTabStop w:val="720"/><w:compat>'
        f"{compat}</w:compat></w:settings>"
    )


def font_table_xml() -> str:
    return f'{HEAD}<w:fonts {ROOT_NS}><w:font w:name="Arial"/><w:font w:name="Calibri"/></w:fonts>'


def theme_xml() -> str:
    """The Office theme every Word file carries (Google Docs writes Office's default), its colours and fonts."""
    a = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
    colours = (
        ("dk1", '<a:sysClr val="windowText" lastClr="000000"/>'),
        ("lt1", '<a:sysClr val="window" lastClr="FFFFFF"/>'),
        ("dk2", '<a:srgbClr val="1F497D"/>'),
        ("lt2", '<a:srgbClr val="EEECE1"/>'),
        ("accent1", '<a:srgbClr val="4F81BD"/>'),
        ("accent2", '<a:srgbClr val="C0504D"/>'),
        ("accent3", '<a:srgbClr val="9BBB59"/>'),
        ("accent4", '<a:srgbClr val="8064A2"/>'),
        ("accent5", '<a:srgbClr val="4BACC6"/>'),
        ("accent6", '<a:srgbClr val="F79646"/>'),
        ("hlink", '<a:srgbClr val="0000FF"/>'),
        ("folHlink", '<a:srgbClr val="800080"/>'),
    )
    scheme = "".join(f"<a:{n}>{c}</a:{n}>" for n, c in colours)
    fonts = "".join(
        f'<a:{k}Font><a:latin typeface="{f}"/><a:ea typeface=""/><a:cs typeface=""/></a:{k}Font>'
        for k, f in (("major", "Cambria"), ("minor", "Calibri"))
    )
    fill = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>'
    line = f'<a:ln w="9525">{fill}</a:ln>'
    return (
        f'{HEAD}<a:theme {a} name="Office Theme"><a:themeElements><a:clrScheme name="Office">{scheme}'
        f'</a:clrScheme><a:fontScheme name="Office">{fonts}</a:fontScheme><a:fmtScheme name="Office">'
        f"<a:fillStyleLst>{fill * 3}</a:fillStyleLst><a:lnStyleLst>{line * 3}</a:lnStyleLst>"
        f"<a:effectStyleLst>{'<a:effectStyle><a:effectLst/></a:effectStyle>' * 3}</a:effectStyleLst>"
        f"<a:bgFillStyleLst>{fill * 3}</a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>"
    )


def docx_bytes() -> bytes:
    """The export's parts in Google's order; no ``docProps``: Google Docs writes neither core nor app properties."""
    doc = _Doc()
    document = document_xml(doc)
    office = "application/vnd.openxmlformats-officedocument"
    links = "".join(
        f'<Relationship Id="{rid}" Type="{REL}/hyperlink" Target={quoteattr(url)} TargetMode="External"/>'
        for url, rid in doc.links.items()
    )
    parts = {
        "word/theme/theme1.xml": theme_xml(),
        "word/settings.xml": settings_xml(),
        "word/fontTable.xml": font_table_xml(),
        "word/numbering.xml": numbering_xml(),
        "word/styles.xml": styles_xml(),
        "word/document.xml": document,
        "word/_rels/document.xml.rels": HEAD
        + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{REL}/theme" Target="theme/theme1.xml"/>'
        f'<Relationship Id="rId2" Type="{REL}/settings" Target="settings.xml"/>'
        f'<Relationship Id="rId3" Type="{REL}/fontTable" Target="fontTable.xml"/>'
        f'<Relationship Id="rId4" Type="{REL}/numbering" Target="numbering.xml"/>'
        f'<Relationship Id="rId5" Type="{REL}/styles" Target="styles.xml"/>{links}</Relationships>',
        "_rels/.rels": HEAD
        + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{REL}/officeDocument" Target="word/document.xml"/></Relationships>',
        "[Content_Types].xml": HEAD
        + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default ContentType="application/xml" Extension="xml"/>'
        '<Default ContentType="application/vnd.openxmlformats-package.relationships+xml" Extension="rels"/>'
        f'<Override ContentType="{office}.wordprocessingml.settings+xml" PartName="/word/settings.xml"/>'
        f'<Override ContentType="{office}.theme+xml" PartName="/word/theme/theme1.xml"/>'
        f'<Override ContentType="{office}.wordprocessingml.fontTable+xml" PartName="/word/fontTable.xml"/>'
        f'<Override ContentType="{office}.wordprocessingml.numbering+xml" PartName="/word/numbering.xml"/>'
        f'<Override ContentType="{office}.wordprocessingml.styles+xml" PartName="/word/styles.xml"/>'
        f'<Override ContentType="{office}.wordprocessingml.document.main+xml" PartName="/word/document.xml"/>'
        "</Types>",
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, text in parts.items():
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text.encode("utf-8"))
    return out.getvalue()


# --- what was written, and checks ---------------------------------------------------------------------------------


def plan_lines() -> list[str]:
    """The plan's lines as written: a paragraph (its runs' text, a hyperlink's included) or a table row (cells joined
    with " | ") each, in order; an empty paragraph an empty line."""
    out = []
    for block in T.TRIP:
        if block[0] == "blank":
            out.append("")
        elif block[0] == "table":
            out += [" | ".join(row) for row in block[1]]
        else:
            out.append("".join(r if isinstance(r, str) else r[-1] for r in block[-1]))
    return out


def _date(day: str, month: str) -> dt.date:
    return dt.date(2027, next(i for i, m in enumerate(MONTHS, 1) if m.startswith(month)), int(day))


def check_plan(lines: list[str]) -> None:
    """The stays' nights are their dates' difference and follow on from each other, from the night after the ferry
    out to the morning of the ferry home (14 nights with the crossing); the gîte's two payments make its price; the
    day-by-day list has a day for each date, in order."""
    table = next(b[1] for b in T.TRIP if b[0] == "table")
    stays = []
    for row in table[1:]:
        (d1, m1), (d2, m2) = re.findall(r"(\d+) (\w{3})", row[0])
        a, b = _date(d1, m1), _date(d2, m2)
        assert (b - a).days == int(row[2]), row
        stays.append((a, b))
    assert all(x[1] == y[0] for x, y in zip(stays, stays[1:]))
    assert stays[0][0] == dt.date(2027, 7, 25) and stays[-1][1] == dt.date(2027, 8, 7)
    assert sum(int(r[2]) for r in table[1:]) + 1 == 14 and any(x.startswith("Away 14 nights") for x in lines)
    flat = " ".join(lines)
    assert "\u20ac340 deposit" in flat and "\u20ac800 balance" in flat and 340 + 800 == 1140
    assert flat.count("\u20ac1,140") == 2 and flat.count("\u20ac935") == 2
    days = [re.match(r"\w{3} (\d+) (\w{3})", "".join(r if isinstance(r, str) else r[-1] for r in b[2])) for b in
            T.TRIP if b[0] == "bullet"]  # fmt: skip
    dates = [_date(m[1], m[2]) for m in days]
    assert dates == [dt.date(2027, 7, 24) + dt.timedelta(days=i) for i in range(15)], dates


def check_docx(data: bytes) -> None:
    """Every part parses; the body's hyperlinks resolve; every run has its own w:rPr; the checklists are lists with a
    ballot-box bullet and their ticked items are struck through, run by run; no docProps."""
    import xml.etree.ElementTree as ET

    w = f"{{{W_NS}}}"
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = z.namelist()
        parsed = {n: ET.fromstring(z.read(n)) for n in names}
        rels = z.read("word/_rels/document.xml.rels").decode("utf-8")
    assert not any(n.startswith("docProps/") for n in names)
    body = parsed["word/document.xml"]
    for link in body.iter(f"{w}hyperlink"):
        assert f'Id="{link.get(f"{{{R_NS}}}id")}"' in rels
    assert all(r.find(f"{w}rPr") is not None for r in body.iter(f"{w}r"))
    assert CHECKBOX in [lv.get(f"{w}val") for lv in parsed["word/numbering.xml"].iter(f"{w}lvlText")]
    checks = {b[1] for b in T.TRIP if b[0] == "check"}
    ticked = [b[2] for b in T.TRIP if b[0] == "check"]
    items = [p for p in body.iter(f"{w}p") if p.find(f"{w}pPr/{w}numPr/{w}numId") is not None]
    checked = [p for p in items if int(p.find(f"{w}pPr/{w}numPr/{w}numId").get(f"{w}val")) in checks]
    assert len(checked) == len(ticked)
    for p, tick in zip(checked, ticked):
        struck = [r.find(f"{w}rPr/{w}strike") is not None for r in p.iter(f"{w}r")]
        assert struck and all(s == tick for s in struck)


VOICEMAIL_HEAD = re.compile(r"^Message (\d) of 3\nFrom: .+\nReceived: .+\nLength: (\d+):(\d\d)$", re.M)


def check_voicemails(text: str) -> None:
    """Three messages, each with its header; each transcript line's offset (m:ss) comes after the one before and
    before the message's length; Jo's sum is the party's price for two."""
    heads = list(VOICEMAIL_HEAD.finditer(text))
    assert [int(m[1]) for m in heads] == [1, 2, 3]
    for m, end in zip(heads, [*heads[1:], None]):
        body = text[m.end() : end.start() if end else len(text)]
        offsets = [int(a) * 60 + int(b) for a, b in re.findall(r"^\[(\d+):(\d\d)\] ", body, re.M)]
        assert offsets and offsets == sorted(set(offsets)) and offsets[-1] < int(m[2]) * 60 + int(m[3])
    assert "thirty eight pounds a head" in text and "seventy six for you and Sam" in text and 2 * 38 == 76


def files() -> dict[str, bytes]:
    return {
        T.DOCX_NAME: docx_bytes(),
        T.TS_NAME: T.TS.encode("utf-8"),
        T.VOICEMAIL_NAME: T.VOICEMAILS.encode("utf-8"),
    }


def check(made: dict[str, bytes]) -> int:
    lines = plan_lines()
    check_plan(lines)
    check_docx(made[T.DOCX_NAME])
    check_voicemails(T.VOICEMAILS)
    assert T.TS.count("/**") >= 30 and "export enum " in T.TS and "export interface " in T.TS
    return sum(check_weekdays(t) for t in ("\n".join(lines), T.TS, T.VOICEMAILS))


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
