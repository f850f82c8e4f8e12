"""Generate the private documents of the realdocs ``heldout25`` part under ``files/private25/``: a village pavilion's
terms and conditions of hire as a Word 97-2003 document (``.doc``: headings, a table of charges, a numbered list, a
bulleted list, two footnotes, a running header and footer), the village's community minibus workbook as an Excel
97-2003 workbook (``.xls``: three sheets, dates, money, formulas with their saved results), both written as flat
OpenDocument XML (``.fodt``, ``.fods``) and converted by LibreOffice (``soffice --headless --convert-to``), and one
person's ChatGPT history as OpenAI's "Export data" gives it (``ChatGPT export 2027-04-10/``: ``conversations.json``, a
JSON list of conversations on one line, each with its ``mapping`` tree of message nodes, regenerated replies and an
edited prompt as branches, and ``current_node``; ``chat.html``, the page that embeds the same JSON as ``var jsonData``
and renders the branch ``current_node`` follows with JavaScript; ``user.json``; ``message_feedback.json``).

    python eval/realdocs/make_heldout25.py          # rewrite them; the output is the same on every run

The ChatGPT files use the standard library only. The ``.doc`` and ``.xls`` need LibreOffice (``soffice``): each is
converted in a fresh temporary profile, in UTC and the C.UTF-8 locale (the zone and the locale reach the file), from
fixed XML whose document properties (author, creation and modification times) are fixed, and LibreOffice writes no
time of its own, so a rerun with the same LibreOffice (``CONVERTED_WITH``) gives the same bytes; another version may
lay the binary out otherwise, with the same text.
Every weekday written next to a date is checked against the calendar; the workbook's formulas against sums and dates
computed here; the conversations' trees (every node's parent lists it, one root, times rising along each branch,
``current_node`` a leaf on the branch the questions read).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import uuid
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout25 (the tests, check.py)
    import heldout25_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import check_weekdays
except ImportError:
    from eval.realdocs import heldout25_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private25"
# the LibreOffice (``soffice --version``) that converted the committed .doc and .xls
CONVERTED_WITH = "LibreOffice 7.4.7.2 40(Build:2)"
UTC = dt.UTC
BST_FROM = dt.datetime(
    2027, 3, 28, 1, 0, tzinfo=UTC
)  # the clocks go forward at 01:00 GMT on Sunday 28 March 2027

NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
    'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" '
    'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/" '
    'xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2"'
)


def _meta(m: dict) -> str:
    return (
        f"<office:meta><meta:initial-creator>{escape(m['creator'])}</meta:initial-creator>"
        f"<dc:creator>{escape(m['creator'])}</dc:creator><meta:creation-date>{m['created']}</meta:creation-date>"
        f"<dc:date>{m['modified']}</dc:date><dc:title>{escape(m['title'])}</dc:title>"
        "<dc:language>en-GB</dc:language></office:meta>"
    )


# --- the .doc ---------------------------------------------------------------------------------------------------------

DOC_STYLES = """\
<office:font-face-decls><style:font-face style:name="Arial" svg:font-family="Arial" style:font-family-generic="swiss" \
style:font-pitch="variable"/></office:font-face-decls>
<office:styles>
<style:default-style style:family="paragraph"><style:paragraph-properties fo:margin-top="0cm" \
fo:margin-bottom="0.21cm" fo:line-height="115%"/><style:text-properties style:font-name="Arial" fo:font-size="11pt" \
fo:language="en" fo:country="GB"/></style:default-style>
<style:style style:name="Standard" style:family="paragraph" style:class="text"/>
<style:style style:name="Text_20_body" style:display-name="Text body" style:family="paragraph" \
style:parent-style-name="Standard" style:class="text"/>
<style:style style:name="Title" style:family="paragraph" style:parent-style-name="Standard" \
style:next-style-name="Subtitle" style:class="chapter"><style:paragraph-properties fo:margin-bottom="0.1cm"/>\
<style:text-properties fo:font-size="22pt" fo:font-weight="bold" fo:color="#1f4e3d"/></style:style>
<style:style style:name="Subtitle" style:family="paragraph" style:parent-style-name="Standard" \
style:next-style-name="Text_20_body" style:class="chapter"><style:paragraph-properties fo:margin-bottom="0.42cm"/>\
<style:text-properties fo:font-size="13pt" fo:font-style="italic" fo:color="#1f4e3d"/></style:style>
<style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph" \
style:parent-style-name="Standard" style:next-style-name="Text_20_body" style:default-outline-level="1" \
style:class="text"><style:paragraph-properties fo:margin-top="0.42cm" fo:margin-bottom="0.14cm" \
fo:keep-with-next="always"/><style:text-properties fo:font-size="14pt" fo:font-weight="bold" fo:color="#1f4e3d"/>\
</style:style>
<style:style style:name="List_20_Paragraph" style:display-name="List Paragraph" style:family="paragraph" \
style:parent-style-name="Standard" style:class="list"><style:paragraph-properties fo:margin-bottom="0.1cm"/>\
</style:style>
<style:style style:name="Table_20_Contents" style:display-name="Table Contents" style:family="paragraph" \
style:parent-style-name="Standard" style:class="extra"><style:paragraph-properties fo:margin-bottom="0cm"/>\
<style:text-properties fo:font-size="10pt"/></style:style>
<style:style style:name="Table_20_Heading" style:display-name="Table Heading" style:family="paragraph" \
style:parent-style-name="Table_20_Contents" style:class="extra"><style:text-properties fo:font-weight="bold"/>\
</style:style>
<style:style style:name="Footnote" style:family="paragraph" style:parent-style-name="Standard" style:class="extra">\
<style:paragraph-properties fo:margin-left="0.5cm" fo:margin-bottom="0cm" fo:text-indent="-0.5cm"/>\
<style:text-properties fo:font-size="9pt"/></style:style>
<style:style style:name="Header" style:family="paragraph" style:parent-style-name="Standard" style:class="extra">\
<style:text-properties fo:font-size="9pt" fo:color="#595959"/></style:style>
<style:style style:name="Footer" style:family="paragraph" style:parent-style-name="Standard" style:class="extra">\
<style:paragraph-properties fo:text-align="center"/><style:text-properties fo:font-size="9pt" \
fo:color="#595959"/></style:style>
<style:style style:name="Footnote_20_Symbol" style:display-name="Footnote Symbol" style:family="text"/>
<style:style style:name="Footnote_20_anchor" style:display-name="Footnote anchor" style:family="text">\
<style:text-properties style:text-position="super 58%"/></style:style>
<text:notes-configuration text:note-class="footnote" text:citation-style-name="Footnote_20_Symbol" \
text:citation-body-style-name="Footnote_20_anchor" style:num-format="1" text:start-value="0" \
text:footnotes-position="page" text:start-numbering-at="document"/>
<text:list-style style:name="Numbering_20_123" style:display-name="Numbering 123"><text:list-level-style-number \
text:level="1" style:num-suffix="." style:num-format="1"><style:list-level-properties \
text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment \
text:label-followed-by="listtab" text:list-tab-stop-position="1.27cm" fo:text-indent="-0.635cm" \
fo:margin-left="1.27cm"/></style:list-level-properties></text:list-level-style-number></text:list-style>
<text:list-style style:name="List_20_1" style:display-name="List 1"><text:list-level-style-bullet text:level="1" \
text:bullet-char="\u2022"><style:list-level-properties text:list-level-position-and-space-mode="label-alignment">\
<style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="1.27cm" \
fo:text-indent="-0.635cm" fo:margin-left="1.27cm"/></style:list-level-properties></text:list-level-style-bullet>\
</text:list-style>
</office:styles>
<office:automatic-styles>
<style:style style:name="Charges" style:family="table"><style:table-properties style:width="17cm" \
table:align="margins" fo:margin-bottom="0.3cm"/></style:style>
<style:style style:name="Charges.A" style:family="table-column"><style:table-column-properties \
style:column-width="4.2cm"/></style:style>
<style:style style:name="Charges.B" style:family="table-column"><style:table-column-properties \
style:column-width="3.3cm"/></style:style>
<style:style style:name="Charges.C" style:family="table-column"><style:table-column-properties \
style:column-width="3.5cm"/></style:style>
<style:style style:name="Charges.D" style:family="table-column"><style:table-column-properties \
style:column-width="6cm"/></style:style>
<style:style style:name="Charges.H" style:family="table-cell"><style:table-cell-properties \
fo:background-color="#dfe9e4" fo:padding="0.1cm" fo:border="0.5pt solid #7f7f7f"/></style:style>
<style:style style:name="Charges.C1" style:family="table-cell"><style:table-cell-properties fo:padding="0.1cm" \
fo:border="0.5pt solid #7f7f7f"/></style:style>
<style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="21.001cm" fo:page-height="29.7cm" \
style:print-orientation="portrait" fo:margin-top="1.25cm" fo:margin-bottom="1.25cm" fo:margin-left="2cm" \
fo:margin-right="2cm"/><style:header-style><style:header-footer-properties fo:min-height="0cm" \
fo:margin-bottom="0.5cm"/></style:header-style><style:footer-style><style:header-footer-properties \
fo:min-height="0cm" fo:margin-top="0.5cm"/></style:footer-style></style:page-layout>
</office:automatic-styles>
"""


def _inline(text: str, notes: dict[str, int]) -> str:
    """A paragraph's text as ODF XML, each ``{fn:KEY}`` a footnote (numbered in order)."""
    out, rest = [], text
    while "{fn:" in rest:
        before, _, after = rest.partition("{fn:")
        key, _, rest = after.partition("}")
        notes[key] = len(notes) + 1
        out.append(escape(before))
        out.append(
            f'<text:note text:id="ftn{notes[key]}" text:note-class="footnote"><text:note-citation>{notes[key]}'
            f'</text:note-citation><text:note-body><text:p text:style-name="Footnote">{escape(T.FOOTNOTES[key])}'
            "</text:p></text:note-body></text:note>"
        )
    out.append(escape(rest))
    return "".join(out)


def doc_fodt() -> str:
    """The hire terms as a flat OpenDocument text (what LibreOffice converts to the .doc)."""
    notes: dict[str, int] = {}
    body = []
    styles = {"title": "Title", "subtitle": "Subtitle", "p": "Text_20_body"}
    for kind, value in T.DOC:
        if kind == "h":
            body.append(
                f'<text:h text:style-name="Heading_20_1" text:outline-level="1">{escape(value)}</text:h>'
            )
        elif kind in styles:
            body.append(f'<text:p text:style-name="{styles[kind]}">{_inline(value, notes)}</text:p>')
        elif kind in ("ol", "ul"):
            style = "Numbering_20_123" if kind == "ol" else "List_20_1"
            items = "".join(
                f'<text:list-item><text:p text:style-name="List_20_Paragraph">{_inline(i, notes)}</text:p>'
                "</text:list-item>"
                for i in value
            )
            body.append(f'<text:list text:style-name="{style}">{items}</text:list>')
        elif kind == "table":

            def row(cells: list[str], head: bool) -> str:
                cell, para = (
                    ("Charges.H", "Table_20_Heading") if head else ("Charges.C1", "Table_20_Contents")
                )
                return (
                    "<table:table-row>"
                    + "".join(
                        f'<table:table-cell table:style-name="{cell}" office:value-type="string">'
                        f'<text:p text:style-name="{para}">{escape(c)}</text:p></table:table-cell>'
                        for c in cells
                    )
                    + "</table:table-row>"
                )

            columns = "".join(f'<table:table-column table:style-name="Charges.{c}"/>' for c in "ABCD")
            body.append(
                f'<table:table table:name="Charges" table:style-name="Charges">{columns}'
                f"<table:table-header-rows>{row(value[0], True)}</table:table-header-rows>"
                + "".join(row(r, False) for r in value[1:])
                + "</table:table>"
            )
        else:
            raise ValueError(kind)
    assert set(notes) == set(T.FOOTNOTES)
    master = (
        '<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1">'
        f'<style:header><text:p text:style-name="Header">{escape(T.DOC_HEADER)}</text:p></style:header>'
        '<style:footer><text:p text:style-name="Footer">Page <text:page-number text:select-page="current">1'
        "</text:page-number> of <text:page-count>3</text:page-count></text:p></style:footer>"
        "</style:master-page></office:master-styles>"
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<office:document {NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">\n'
        f"{_meta(T.DOC_META)}\n{DOC_STYLES}{master}\n<office:body><office:text>\n"
        + "\n".join(body)
        + "\n</office:text></office:body></office:document>\n"
    )


def doc_lines() -> list[str]:
    """The .doc's text as Alcove's .doc reader and ``check.doc_lines`` give it: a line for each paragraph, heading and
    list item (a list's numbers and bullets are formatting, not text) and for each table row (its cells joined with
    " | "), in order; a footnote's reference mark is no text; then the footnotes' text, a line each, after the main
    text. The running header and footer are left out."""
    lines = []
    for kind, value in T.DOC:
        if kind == "table":
            lines += [" | ".join(r) for r in value]
        elif kind in ("ol", "ul"):
            lines += value
        else:
            text = value
            for key in T.FOOTNOTES:
                text = text.replace("{fn:" + key + "}", "")
            lines.append(text)
    order = re.findall(r"\{fn:(\w+)\}", "\n".join(v for kind, v in T.DOC if isinstance(v, str)))
    return lines + [T.FOOTNOTES[k] for k in order]


# --- the .xls ---------------------------------------------------------------------------------------------------------

SHEET_STYLES = """\
<office:font-face-decls><style:font-face style:name="Arial" svg:font-family="Arial" style:font-family-generic="swiss" \
style:font-pitch="variable"/></office:font-face-decls>
<office:styles>
<style:default-style style:family="table-cell"><style:text-properties style:font-name="Arial" fo:font-size="10pt" \
fo:language="en" fo:country="GB"/></style:default-style>
<style:style style:name="Default" style:family="table-cell"/>
</office:styles>
<office:automatic-styles>
<number:date-style style:name="N37"><number:day number:style="long"/><number:text>/</number:text><number:month \
number:style="long"/><number:text>/</number:text><number:year number:style="long"/></number:date-style>
<number:currency-style style:name="N108"><number:currency-symbol number:language="en" number:country="GB">\u00a3\
</number:currency-symbol><number:number number:decimal-places="2" number:min-decimal-places="2" \
number:min-integer-digits="1" number:grouping="true"/></number:currency-style>
<style:style style:name="co1" style:family="table-column"><style:table-column-properties \
style:column-width="2.2cm"/></style:style>
<style:style style:name="co2" style:family="table-column"><style:table-column-properties \
style:column-width="3.6cm"/></style:style>
<style:style style:name="co3" style:family="table-column"><style:table-column-properties \
style:column-width="6.4cm"/></style:style>
<style:style style:name="ceTitle" style:family="table-cell" style:parent-style-name="Default">\
<style:text-properties fo:font-size="13pt" fo:font-weight="bold"/></style:style>
<style:style style:name="ceHead" style:family="table-cell" style:parent-style-name="Default">\
<style:table-cell-properties fo:background-color="#d9e7f5"/><style:text-properties fo:font-weight="bold"/>\
</style:style>
<style:style style:name="ceBold" style:family="table-cell" style:parent-style-name="Default">\
<style:text-properties fo:font-weight="bold"/></style:style>
<style:style style:name="ceDate" style:family="table-cell" style:parent-style-name="Default" \
style:data-style-name="N37"/>
<style:style style:name="ceGBP" style:family="table-cell" style:parent-style-name="Default" \
style:data-style-name="N108"/>
<style:style style:name="ceGBPBold" style:family="table-cell" style:parent-style-name="Default" \
style:data-style-name="N108"><style:text-properties fo:font-weight="bold"/></style:style>
</office:automatic-styles>
"""


def _money(value) -> Decimal:
    return Decimal(str(value)).quantize(Decimal("0.01"), ROUND_HALF_UP)


def _shown_gbp(value) -> str:
    return f"\u00a3{_money(value):,.2f}"


def _date(iso: str) -> dt.date:
    return dt.date.fromisoformat(iso)


def _cell(value, style: str | None = None) -> str:
    """A cell of the flat ODS: see heldout25_texts for the forms a value takes."""
    st = f' table:style-name="{style}"' if style else ""
    if value is None or value == "":
        return f"<table:table-cell{st}/>"
    if isinstance(value, str):
        return f'<table:table-cell{st} office:value-type="string"><text:p>{escape(value)}</text:p></table:table-cell>'
    if isinstance(value, (int, float)):
        return (
            f'<table:table-cell{st} office:value-type="float" office:value="{value}"><text:p>{value}</text:p>'
            "</table:table-cell>"
        )
    if value[0] == "date":
        d = _date(value[1])
        return (
            f'<table:table-cell table:style-name="ceDate" office:value-type="date" office:date-value="{d.isoformat()}">'
            f"<text:p>{d:%d/%m/%Y}</text:p></table:table-cell>"
        )
    if value[0] == "gbp":
        return (
            f'<table:table-cell table:style-name="{style or "ceGBP"}" office:value-type="currency" '
            f'office:currency="GBP" office:value="{_money(value[1]).normalize()}"><text:p>{_shown_gbp(value[1])}'
            "</text:p></table:table-cell>"
        )
    if value[0] == "=":  # the formula only, as typed: LibreOffice works out its value when it loads the sheet
        _, formula, _result, *kind = value
        style = {"date": "ceDate", "gbp": style or "ceGBP"}.get(kind[0]) if kind else style
        st = f' table:style-name="{style}"' if style else ""
        return f"<table:table-cell{st} table:formula={quoteattr('of:=' + formula)}/>"
    raise ValueError(value)


# rows of the sheets, by the row number the spreadsheet shows
FIRST_BOOKING = 4
VEHICLE_FIRST = 2
RATES_HEADING = VEHICLE_FIRST + len(T.VEHICLE) + 1  # after a blank row
MIN_ROW = RATES_HEADING + 1 + [r[0] for r in T.RATES].index("Minimum charge per trip")
LIFT_ROW = VEHICLE_FIRST + [r[1] for r in T.VEHICLE].index("LIFT")


def charge(miles: int, rate: float) -> Decimal:
    """A trip's charge: miles times the rate, to the penny, and never less than the minimum charge."""
    return max(Decimal(T.MINIMUM_CHARGE), _money(Decimal(miles) * Decimal(str(rate))))


def _add_months(d: dt.date, years: int = 0, months: int = 0) -> dt.date:
    m = d.month - 1 + months
    return dt.date(d.year + years + m // 12, m % 12 + 1, d.day)


def sheets() -> list[tuple[str, list[list], list[str]]]:
    """The workbook's sheets: (name, rows of cells, column styles); ``rows[0]`` is row 1."""
    last = FIRST_BOOKING + len(T.BOOKINGS) - 1
    bookings: list[list] = [
        [("title", "Wexcombe Community Minibus: bookings, April to June 2027")],
        [],
        [
            ("head", h)
            for h in (
                "Ref",
                "Date",
                "Group",
                "Destination",
                "Driver",
                "Pick-up",
                "Miles",
                "Passengers",
                "Rate per mile",
                "Charge",
                "Paid",
            )
        ],  # fmt: skip
    ]
    for i, (ref, day, group, where, driver, pickup, miles, people, member, paid) in enumerate(T.BOOKINGS):
        n = FIRST_BOOKING + i
        rate = T.MEMBER_RATE if member else T.NON_MEMBER_RATE
        fee = (
            "=",
            f"MAX([$'Vehicle & rates'.$B${MIN_ROW}];ROUND([.G{n}]*[.I{n}];2))",
            charge(miles, rate),
            "gbp",
        )
        bookings.append(
            [ref, ("date", day), group, where, driver, pickup, miles, people, ("gbp", rate), fee, paid]
        )
    total = sum((charge(b[6], T.MEMBER_RATE if b[8] else T.NON_MEMBER_RATE) for b in T.BOOKINGS), Decimal(0))
    owed = sum(
        (charge(b[6], T.MEMBER_RATE if b[8] else T.NON_MEMBER_RATE) for b in T.BOOKINGS if b[9] != "Paid"),
        Decimal(0),
    )
    bookings.append([])
    bookings.append(
        [("bold", "Total"), "", "", "", "", "",
         ("=", f"SUM([.G{FIRST_BOOKING}:.G{last}])", sum(b[6] for b in T.BOOKINGS)),
         ("=", f"SUM([.H{FIRST_BOOKING}:.H{last}])", sum(b[7] for b in T.BOOKINGS)),
         "", ("=", f"SUM([.J{FIRST_BOOKING}:.J{last}])", total, "gbp"), ""]
    )  # fmt: skip
    bookings.append(
        [("bold", "Still to pay (invoiced or not yet paid)"), "", "", "", "", "", "", "", "",
         ("=", f'SUMIF([.K{FIRST_BOOKING}:.K{last}];"<>Paid";[.J{FIRST_BOOKING}:.J{last}])', owed, "gbp"), ""]
    )  # fmt: skip
    drivers: list[list] = [
        [
            ("head", h)
            for h in ("Name", "Phone", "Licence", "MiDAS assessed", "MiDAS renewal due", "Available", "Notes")
        ]  # fmt: skip
    ]
    for i, (name, phone, licence, assessed, available, notes) in enumerate(T.DRIVERS):
        n = 2 + i
        due = (
            "=",
            f"DATE(YEAR([.D{n}])+4;MONTH([.D{n}]);DAY([.D{n}]))",
            _add_months(_date(assessed), 4),
            "date",
        )
        drivers.append([name, phone, licence, ("date", assessed), due, available, notes])
    vehicle: list[list] = [[("head", "Item"), ("head", "Detail")]]
    for item, detail in T.VEHICLE:
        if detail == "LIFT":
            m = LIFT_ROW - 1
            inspected = _date(dict(T.VEHICLE)["Wheelchair lift inspected (LOLER)"][1])
            detail = (
                "=",
                f"DATE(YEAR([.B{m}]);MONTH([.B{m}])+6;DAY([.B{m}]))",
                _add_months(inspected, 0, 6),
                "date",
            )
        vehicle.append([item, detail])
    vehicle += [[], [("bold", "Rates"), ""]]
    vehicle += [[item, value] for item, value in T.RATES]
    assert vehicle[MIN_ROW - 1][0] == "Minimum charge per trip" and vehicle[LIFT_ROW - 1][0].endswith(
        "next inspection due"
    )
    return [
        ("Bookings", bookings, ["co1", "co1", "co3", "co3", "co2", "co3", "co1", "co1", "co1", "co1", "co1"]),
        ("Drivers", drivers, ["co2", "co2", "co3", "co2", "co2", "co2", "co3"]),
        ("Vehicle & rates", vehicle, ["co3", "co3"]),
    ]


def xls_fods() -> str:
    """The workbook as a flat OpenDocument spreadsheet (what LibreOffice converts to the .xls)."""
    out = []
    for name, rows, columns in sheets():
        cols = "".join(
            f'<table:table-column table:style-name="{c}" table:default-cell-style-name="Default"/>'
            for c in columns
        )
        body = []
        for row in rows:
            cells = []
            for value in row:
                if isinstance(value, tuple) and value[0] in ("title", "head", "bold"):
                    style = {"title": "ceTitle", "head": "ceHead", "bold": "ceBold"}[value[0]]
                    cells.append(_cell(value[1], style))
                elif (
                    isinstance(value, tuple)
                    and value[0] == "="
                    and value[-1] == "gbp"
                    and row
                    and row[0] == ("bold", "Total")
                ):
                    cells.append(_cell(value, "ceGBPBold"))
                else:
                    cells.append(_cell(value))
            body.append(
                "<table:table-row>" + ("".join(cells) or "<table:table-cell/>") + "</table:table-row>"
            )
        out.append(f"<table:table table:name={quoteattr(name)}>{cols}" + "".join(body) + "</table:table>")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<office:document {NS} office:version="1.3" '
        'office:mimetype="application/vnd.oasis.opendocument.spreadsheet">\n'
        f"{_meta(T.XLS_META)}\n{SHEET_STYLES}<office:body><office:spreadsheet>\n"
        + "\n".join(out)
        + "\n</office:spreadsheet></office:body></office:document>\n"
    )


def xls_rows() -> list[dict[int, str]]:
    """Each sheet's non-empty rows by number, as ``check.xls_sheet_rows`` reads the .xls: cells joined with " | "
    (empty ones kept but for those after the last), a whole number without ".0", money as its number (0.85), a date
    as Python writes a datetime (2027-04-06 00:00:00), a formula as its saved result."""

    def shown(value) -> str:
        if isinstance(value, tuple) and value[0] in ("title", "head", "bold"):
            value = value[1]
        if value is None or value == "":
            return ""
        if isinstance(value, str):
            return value
        if isinstance(value, (int, float)):
            return str(int(value)) if float(value).is_integer() else str(value)
        if value[0] == "date":
            return f"{_date(value[1])} 00:00:00"
        if value[0] == "gbp":
            return shown(float(value[1]))
        if value[0] == "=":
            result = value[2]
            return f"{result} 00:00:00" if isinstance(result, dt.date) else shown(float(result))
        raise ValueError(value)

    out = []
    for _, rows, _ in sheets():
        sheet = {}
        for n, row in enumerate(rows, 1):
            cells = [shown(v) for v in row]
            while cells and not cells[-1]:
                cells.pop()
            if cells:
                sheet[n] = " | ".join(cells)
        out.append(sheet)
    return out


# --- LibreOffice ------------------------------------------------------------------------------------------------------


def soffice() -> str | None:
    """The ``soffice`` to convert with, or None when LibreOffice is not installed."""
    return shutil.which("soffice") or shutil.which("libreoffice")


def soffice_version() -> str | None:
    exe = soffice()
    if exe is None:
        return None
    run = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=120, check=False)
    return run.stdout.strip() or None


def convert(source_name: str, source: str, target: str) -> bytes:
    """``source`` (flat ODF XML named ``source_name``) converted by LibreOffice to ``target`` ("doc" or "xls"), in a
    temporary folder with a fresh user profile, in UTC and the C.UTF-8 locale."""
    exe = soffice()
    if exe is None:
        raise SystemExit(
            "LibreOffice (soffice) is needed to write the .doc and .xls: apt-get install libreoffice"
        )
    with tempfile.TemporaryDirectory(prefix="heldout25-") as tmp:
        folder = Path(tmp)
        (folder / source_name).write_text(source, encoding="utf-8")
        # the clock's zone and the locale reach the file (its times, its language settings): fix both
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
        env.update(HOME=str(folder), TZ="UTC", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        run = subprocess.run(
            [exe, f"-env:UserInstallation={(folder / 'profile').as_uri()}", "--headless", "--norestore",
             "--convert-to", target, "--outdir", str(folder / "out"), str(folder / source_name)],
            capture_output=True, text=True, timeout=300, env=env, check=False,
        )  # fmt: skip
        made = folder / "out" / (Path(source_name).stem + "." + target)
        if not made.is_file():
            raise SystemExit(f"LibreOffice did not convert {source_name}: {run.stdout} {run.stderr}")
        return made.read_bytes()


def office_files() -> dict[str, bytes]:
    return {
        T.DOC_NAME: convert(Path(T.DOC_NAME).stem + ".fodt", doc_fodt(), "doc"),
        T.XLS_NAME: convert(Path(T.XLS_NAME).stem + ".fods", xls_fods(), "xls"),
    }


# --- the ChatGPT export -----------------------------------------------------------------------------------------------


def _local(when: str) -> dt.datetime:
    """A UK wall-clock time as UTC: GMT before the clocks go forward on 28 March 2027, BST (UTC+1) after."""
    naive = dt.datetime.strptime(when, "%Y-%m-%d %H:%M:%S")
    as_gmt = naive.replace(tzinfo=UTC)
    return as_gmt - dt.timedelta(hours=1) if as_gmt - dt.timedelta(hours=1) >= BST_FROM else as_gmt


def _digest(*parts: str) -> str:
    return hashlib.sha256("/".join(("heldout25", *parts)).encode()).hexdigest()


def stamp(when: str, *key: str) -> float:
    """A message's ``create_time``: its second as Unix time and six digits of a fraction, fixed by its key."""
    return float(f"{int(_local(when).timestamp())}.{int(_digest(*key)[:8], 16) % 1000000:06d}")


def _uuid(*key: str) -> str:
    return str(uuid.UUID(_digest(*key)[:32], version=4))


def node_id(conv: str, key: str, role: str) -> str:
    """A node's id: a user message's as the web client makes it (``aaa2...``), any other a random-looking UUID."""
    u = _uuid(conv, key)
    return "aaa2" + u[4:] if role == "user" else u


def conversation_id(conv: str, first: float) -> str:
    """A conversation id as ChatGPT makes them: the start time's seconds in hex, then random-looking digits."""
    h = _digest(conv, "conversation")
    return f"{int(first):08x}-{h[8:12]}-8{h[13:16]}-{h[16:20]}-{h[20:32]}"


def _request_id(*key: str) -> str:
    return _digest(*key, "request")[:16] + "-LHR"


def conversation(spec) -> dict:
    """One conversation as the export writes it."""
    key, title, nodes, current = spec
    ids = {k: node_id(key, k, role) for k, _, role, _, _ in nodes}
    times = {k: stamp(when, key, k) if when else None for k, _, _, when, _ in nodes}
    children: dict[str | None, list[str]] = {}
    for k, parent, *_ in nodes:
        children.setdefault(parent, []).append(k)
    mapping = {"client-created-root": {"id": "client-created-root", "message": None, "parent": None,
                                       "children": [ids[k] for k in children[None]]}}  # fmt: skip
    for k, parent, role, _when, text in nodes:
        pid = ids[parent] if parent else "client-created-root"
        message = {
            "id": ids[k],
            "author": {"role": role, "name": None, "metadata": {}},
            "create_time": times[k],
            "update_time": None,
            "content": {"content_type": "text", "parts": [text]},
            "status": "finished_successfully",
            "end_turn": True if role in ("system", "assistant") else None,
            "weight": 0.0 if role == "system" else 1.0,
            "metadata": {},
            "recipient": "all",
            "channel": None,
        }
        if role == "system":
            message["metadata"] = {"is_visually_hidden_from_conversation": True}
        elif role == "user":
            message["metadata"] = {
                "serialization_metadata": {"custom_symbol_offsets": []},
                "request_id": _request_id(key, k),
                "message_source": None,
                "timestamp_": "absolute",
                "message_type": None,
            }
        else:
            message["metadata"] = {
                "finish_details": {"type": "stop", "stop_tokens": [200002]},
                "is_complete": True,
                "citations": [],
                "content_references": [],
                "message_type": None,
                "model_slug": T.MODEL,
                "default_model_slug": "auto",
                "parent_id": pid,
                "request_id": _request_id(key, parent if children[parent][0] == k else k),
                "timestamp_": "absolute",
            }
        mapping[ids[k]] = {
            "id": ids[k],
            "message": message,
            "parent": pid,
            "children": [ids[c] for c in children.get(k, [])],
        }
    stamped = [t for t in times.values() if t is not None]
    first = min(stamped)
    created = float(f"{int(first) - 1}.{int(_digest(key, 'created')[:8], 16) % 1000000:06d}")
    updated = float(f"{int(max(stamped)) + 1}.{int(_digest(key, 'updated')[:8], 16) % 1000000:06d}")
    cid = conversation_id(key, created)
    return {
        "title": title,
        "create_time": created,
        "update_time": updated,
        "mapping": mapping,
        "moderation_results": [],
        "current_node": ids[current],
        "plugin_ids": None,
        "conversation_id": cid,
        "conversation_template_id": None,
        "gizmo_id": None,
        "gizmo_type": None,
        "is_archived": False,
        "is_starred": None,
        "safe_urls": [],
        "blocked_urls": [],
        "default_model_slug": "auto",
        "conversation_origin": None,
        "voice": None,
        "async_status": None,
        "disabled_tool_ids": [],
        "is_do_not_remember": False,
        "memory_scope": "global_enabled",
        "sugar_item_id": None,
        "id": cid,
    }


def export_json(value) -> str:
    """JSON as the export writes it: Python's ``json.dumps`` defaults, one line (``", "`` and ``": "``),
    characters other than ASCII as ``\\uXXXX``, no newline at the end."""
    return json.dumps(value)


CHAT_HTML_HEAD = """\
<html>
<head>
    <meta charset="UTF-8">
    <title>ChatGPT Data Export</title>
    <style>
        body {
            margin: 20px;
        }
        h4 {
            font-family: sans-serif;
            margin: 0;
        }
        #root {
            display: flex;
            flex-direction: column;
            gap: 20px;
        }
        .conversation {
            border: 1px solid black;
            padding: 20px;
            background-color: #f3f3f3;
        }
        .message {
            white-space: pre-wrap;
            margin: 20px 0;
        }
        .author {
            font-weight: bold;
            margin-bottom: 4px;
        }
        .author::first-letter {
            text-transform: uppercase;
        }
    </style>
    <script>
var jsonData = """

CHAT_HTML_TAIL = """;

// the messages of a conversation, oldest first: from current_node up to the root, so only the branch shown last
function getConversationMessages(conversation) {
    var messages = [];
    var nodeId = conversation.current_node;
    while (nodeId != null) {
        var node = conversation.mapping[nodeId];
        var message = node.message;
        if (
            message &&
            message.content &&
            message.content.content_type == "text" &&
            message.content.parts.length > 0 &&
            message.content.parts[0].length > 0 &&
            message.author.role !== "system"
        ) {
            var author = message.author.role === "assistant" ? "ChatGPT" : message.author.role;
            messages.push({ author: author, text: message.content.parts.join("\\n") });
        }
        nodeId = node.parent;
    }
    return messages.reverse();
}

window.onload = function() {
    var root = document.getElementById("root");
    for (var i = 0; i < jsonData.length; i++) {
        var conversation = jsonData[i];
        var div = document.createElement("div");
        div.className = "conversation";
        var title = document.createElement("h4");
        title.textContent = conversation.title;
        div.appendChild(title);
        var messages = getConversationMessages(conversation);
        for (var j = 0; j < messages.length; j++) {
            var pre = document.createElement("pre");
            pre.className = "message";
            var author = document.createElement("div");
            author.className = "author";
            author.textContent = messages[j].author;
            var text = document.createElement("div");
            text.textContent = messages[j].text;
            pre.appendChild(author);
            pre.appendChild(text);
            div.appendChild(pre);
        }
        root.appendChild(div);
    }
}
</script>
</head>
<body>
<div id="root">
</div>
</body>
</html>
"""


def conversations() -> list[dict]:
    return [conversation(spec) for spec in T.CONVERSATIONS]


def chatgpt_files() -> dict[str, str]:
    convs = conversations()
    data = export_json(convs)
    by_key = {spec[0]: c for spec, c in zip(T.CONVERSATIONS, convs, strict=True)}
    feedback = []
    for conv, node, rating, tags, text in T.FEEDBACK:
        c = by_key[conv]
        spec = next(s for s in T.CONVERSATIONS if s[0] == conv)
        role = next(n[2] for n in spec[2] if n[0] == node)
        nid = node_id(conv, node, role)
        rated = dt.datetime.fromtimestamp(c["mapping"][nid]["message"]["create_time"] + 31.5, UTC)
        feedback.append(
            {
                "id": nid,
                "conversation_id": c["conversation_id"],
                "user_id": T.USER["id"],
                "rating": rating,
                "create_time": rated.isoformat(),
                "workspace_id": None,
                "content": json.dumps({"tags": tags, "text": text}) if (tags or text) else "{}",
            }
        )
    folder = T.CHATGPT_FOLDER
    return {
        f"{folder}/conversations.json": data,
        f"{folder}/chat.html": CHAT_HTML_HEAD + data + CHAT_HTML_TAIL,
        f"{folder}/user.json": export_json(T.USER),
        f"{folder}/message_feedback.json": export_json(feedback),
    }


def branch(conv: dict) -> list[dict]:
    """The messages on the branch ``current_node`` follows, oldest first (what chat.html shows)."""
    out, node = [], conv["current_node"]
    while node is not None:
        n = conv["mapping"][node]
        if n["message"] is not None:
            out.append(n["message"])
        node = n["parent"]
    return out[::-1]


def off_branch(conv: dict) -> list[dict]:
    """The messages of the conversation's other branches: regenerated-away replies, an edited prompt's first
    version and what followed them."""
    kept = {m["id"] for m in branch(conv)}
    return [
        n["message"] for n in conv["mapping"].values() if n["message"] is not None and n["id"] not in kept
    ]


def check_chatgpt(files: dict[str, str]) -> None:
    """Each conversation is a tree under one root: every node's parent lists it, times rise from parent to child,
    ``current_node`` is a leaf; there are branches of both kinds (two assistant children, two user children) and one
    where ``current_node`` follows the older reply; the files are ASCII, one line each, and chat.html embeds the same
    JSON; the feedback names real messages."""
    folder = T.CHATGPT_FOLDER
    data = files[f"{folder}/conversations.json"]
    convs = json.loads(data)
    assert data.isascii() and "\n" not in data and "</" not in data
    assert files[f"{folder}/chat.html"].count(data) == 1
    kinds = set()
    for c in convs:
        m = c["mapping"]
        roots = [k for k, n in m.items() if n["parent"] is None]
        assert roots == ["client-created-root"] and m[c["current_node"]]["children"] == []
        for k, n in m.items():
            assert n["id"] == k and all(m[x]["parent"] == k for x in n["children"])
            if n["parent"] is not None:
                assert k in m[n["parent"]]["children"]
                t, pt = n["message"]["create_time"], (m[n["parent"]]["message"] or {}).get("create_time")
                assert t is None or pt is None or t > pt, (c["title"], k)
            if len(n["children"]) > 1:
                roles = {m[x]["message"]["author"]["role"] for x in n["children"]}
                kinds.add(roles.pop())
                kept = next(x for x in n["children"] if x in {msg["id"] for msg in branch(c)})
                if kept == n["children"][0]:
                    kinds.add("older kept")
        assert c["update_time"] > max(n["message"]["create_time"] or 0 for n in m.values() if n["message"])
    assert kinds == {"assistant", "user", "older kept"}, kinds
    assert [c["update_time"] for c in convs] == sorted((c["update_time"] for c in convs), reverse=True)
    ids = {k for c in convs for k in c["mapping"]}
    assert all(f["id"] in ids for f in json.loads(files[f"{folder}/message_feedback.json"]))
    exported = _local(T.EXPORTED).timestamp()
    assert all(c["update_time"] < exported for c in convs)


# --- all --------------------------------------------------------------------------------------------------------------


def check_texts() -> int:
    """Every weekday beside a date in the three documents' texts is the calendar's; the workbook's formulas give
    the values written for them."""
    words = [v if isinstance(v, str) else " ".join(map(str, v)) for _, v in T.DOC] + list(
        T.FOOTNOTES.values()
    )
    words += [" ".join(map(str, row)) for row in T.BOOKINGS + T.DRIVERS]
    words += [n[4] for spec in T.CONVERSATIONS for n in spec[2]]
    n = check_weekdays("\n".join(words))
    days = {
        "Weekdays and Saturdays": range(6),
        "Any day": range(7),
        "Weekdays only": range(5),
        "Sundays only": (6,),
        "Not driving": (),
    }
    drives = {d[0]: days[d[4]] for d in T.DRIVERS}
    for b in T.BOOKINGS:
        assert (
            dt.date(2027, 4, 1) <= _date(b[1]) < dt.date(2027, 7, 1) and _date(b[1]).weekday() in drives[b[4]]
        ), b
    return n


def files() -> dict[str, bytes]:
    made = {name: text.encode("ascii") for name, text in chatgpt_files().items()}
    return {**office_files(), **made}


def check_office(made: dict[str, bytes]) -> None:
    """What LibreOffice wrote reads as meant: the .doc's lines (``check.doc_lines``) are ``doc_lines()``, and the
    .xls's rows (``check.xls_sheet_rows``, xlrd) are ``xls_rows()``, so the values LibreOffice worked out for the
    formulas are those computed here."""
    try:
        from eval.realdocs import check as reader
    except ImportError:
        import check as reader
    for name in (T.DOC_NAME, T.XLS_NAME):
        assert made[name].startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"), name  # an OLE compound file
    with tempfile.TemporaryDirectory(prefix="heldout25-") as tmp:
        doc, xls = Path(tmp) / "made.doc", Path(tmp) / "made.xls"
        doc.write_bytes(made[T.DOC_NAME])
        xls.write_bytes(made[T.XLS_NAME])
        assert reader.doc_lines(doc) == doc_lines()
        assert [reader.xls_sheet_rows(xls, n) for n in (1, 2, 3)] == xls_rows()


def check(made: dict[str, bytes]) -> int:
    n = check_texts()
    check_chatgpt({k: v.decode("ascii") for k, v in made.items() if k.startswith(T.CHATGPT_FOLDER + "/")})
    check_office(made)
    return n


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
