"""OpenDocument files (LibreOffice, Keynote's and Pages' exports): text (ODT), presentations (ODP, a page per slide, as
PPTX) and spreadsheets (ODS, a page per sheet, a line per row, as XLSX), read from ``content.xml`` as they now read:
a tracked deletion's old text and the record of who changed what are left out, a footnote follows its paragraph and
a comment is a line of its own after the paragraph it is made on. Locations as for the other office documents
(engine.index.readers.office).
"""

from __future__ import annotations

from engine.index.bounds import charge, no_check, open_zip
from engine.index.document import ExtractError, Page
from engine.index.readers.office import (
    _CHARGE_EVERY,
    _CHECK_EVERY,
    MAX_SHEET_ROWS,
    MAX_SPACES,
    SheetRows,
    lines_page,
    sheets_read,
    small_int,
    with_notes,
)

_ODF_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
_ODF_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"


def extract_odt(data: bytes, check=no_check) -> Page:
    """OpenDocument text: headings (``text:h`` with their outline level), paragraphs and list items, table
    rows as ``cell | cell``, in document order. A space count (``text:s text:c``) is at most ``MAX_SPACES``."""
    root = _odf_content(data, "ODT", "an OpenDocument text", check)
    lines: list[tuple[str, int]] = []
    body = root.find("{urn:oasis:names:tc:opendocument:xmlns:office:1.0}body")
    _odf_walk(body if body is not None else root, lines, _Meter(check))
    page = lines_page(lines)
    if page is None:
        raise ExtractError("The ODT document has no text.")
    return page


_ODF_DRAW = "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
_ODF_PRESENTATION = "urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"
_SVG_XY = ("{urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0}y",
           "{urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0}x")  # fmt: skip
_CM_PER = {"cm": 1.0, "mm": 0.1, "in": 2.54, "pt": 2.54 / 72, "pc": 2.54 / 6, "px": 2.54 / 96}


def extract_odp(data: bytes, check=no_check) -> tuple[tuple[Page, ...], tuple[str, ...]]:
    """OpenDocument presentation (LibreOffice Impress, Keynote's ODP export): a page per slide, as for PPTX: the
    title frame's text as a heading, then the other frames' paragraphs, list items and table rows from the top
    left, then the speaker notes under "Notes"."""
    root = _odf_content(data, "ODP", "an OpenDocument presentation", check)
    meter = _Meter(check)
    pages = []
    for number, slide in enumerate(root.iter(f"{{{_ODF_DRAW}}}page"), 1):
        check()
        titles, shapes, notes = [], [], []
        for child in slide:
            if child.tag == f"{{{_ODF_PRESENTATION}}}notes":
                for frame in child:  # not the notes page's thumbnail of the slide
                    if frame.tag != f"{{{_ODF_DRAW}}}page-thumbnail":
                        _odf_walk(frame, notes, meter)
            elif child.get(f"{{{_ODF_PRESENTATION}}}class") == "title":
                titles.append(child)
            elif isinstance(child.tag, str):
                shapes.append(child)
        lines: list[tuple[str, int]] = []
        for frame in titles:
            words: list[tuple[str, int]] = []
            _odf_walk(frame, words, meter)
            lines.append((" ".join(t.strip() for t, _ in words if t.strip()), 2))
        for shape in sorted(shapes, key=_odp_place):
            _odf_walk(shape, lines, meter)
        if any(t.strip() for t, _ in notes):
            lines += [("Notes", 3), *notes]
        page = lines_page(lines, number)
        if page is not None:
            pages.append(page)
    if not pages:
        raise ExtractError("The presentation has no text.")
    return tuple(pages), ()


def _odp_place(shape) -> tuple[float, float]:
    """(top, left) in centimetres, for reading order; a place not written as a length sorts first."""
    place = []
    for name in _SVG_XY:
        value = (shape.get(name) or "").strip()
        unit = value[-2:]
        try:
            place.append(float(value[:-2]) * _CM_PER[unit] if unit in _CM_PER else 0.0)
        except ValueError:
            place.append(0.0)
    return place[0], place[1]


def _odf_content(data: bytes, kind: str, what: str, check):
    """The parsed ``content.xml`` of an OpenDocument file (entities never resolved), charged to the file's memory
    budget; a clear error for a zip without it, a damaged member or XML that is not well formed."""
    from lxml import etree

    with open_zip(data, kind) as zf:
        try:
            content = zf.read("content.xml")
        except KeyError as exc:
            raise ExtractError(f"The {kind} file has no content.xml; it is not {what}.") from exc
        except Exception as exc:  # noqa: BLE001 - zlib / CRC errors
            raise ExtractError(f"The {kind} file is damaged ({exc}).") from exc
    charge(check, len(content))
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    try:
        root = etree.fromstring(content, parser)
    except etree.XMLSyntaxError as exc:
        raise ExtractError(f"The {kind} file's content is not valid XML ({exc}).") from exc
    charge(check, 2 * len(content))  # the tree: about twice the XML
    return root


class _Meter:
    """Counts the characters a reader gathers: every ``_CHARGE_EVERY`` of them are charged to the file's memory
    budget and its time checked, so one paragraph of a million space elements is stopped while it grows."""

    def __init__(self, check) -> None:
        self.check, self.held, self.steps = check, 0, 0

    def add(self, n: int) -> None:
        self.held += n
        self.steps += 1
        if self.held > _CHARGE_EVERY or self.steps >= _CHECK_EVERY:
            charge(self.check, self.held)
            self.check()
            self.held = self.steps = 0


_ODF_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
MAX_SHEET_COLUMNS = 16_384  # cells one row may stand for (a repeat count can ask for a billion)
MAX_REPEATS = (
    1000  # copies of one repeated row or cell that holds a value: a count is free to write, its text not
)
_ROW_GROUPS = frozenset(
    f"{{{_ODF_TABLE}}}{name}" for name in ("table-header-rows", "table-rows", "table-row-group")
)


def extract_ods(data: bytes, check=no_check) -> tuple[tuple[Page, ...], tuple[str, ...]]:
    """OpenDocument spreadsheet (LibreOffice Calc, Numbers' ODS export): a page per sheet, a line per non-empty
    row, as for XLSX. A cell reads as it is shown (its paragraphs, which hold the formatted value: "£1,250.00",
    "12/03/27"); repeated rows and cells (``number-rows-repeated``, ``number-columns-repeated``) count as the rows
    and columns they stand for, so a line's number is the row's own; comments are left out."""
    root = _odf_content(data, "ODS", "an OpenDocument spreadsheet", check)
    meter = _Meter(check)
    pages, notes = [], []
    for number, table in enumerate(root.iter(f"{{{_ODF_TABLE}}}table"), 1):
        check()
        state = SheetRows(table.get(f"{{{_ODF_TABLE}}}name") or f"Sheet{number}", notes, check)
        _ods_rows(table, state, 1, meter)
        page = state.page(number)
        if page is not None:
            pages.append(page)
    return sheets_read(pages, notes, [], "spreadsheet")


def _ods_rows(node, state: SheetRows, row: int, meter: _Meter) -> int | None:
    """Give ``state`` the rows under ``node`` from row number ``row``; the next row's number, None once full."""
    for child in node:
        tag = child.tag if isinstance(child.tag, str) else ""
        if tag in _ROW_GROUPS:
            row = _ods_rows(child, state, row, meter)
        elif tag == f"{{{_ODF_TABLE}}}table-row":
            repeat = small_int(child.get(f"{{{_ODF_TABLE}}}number-rows-repeated"), 1, MAX_SHEET_ROWS)
            cells = _ods_cells(child, meter)
            if not any(cells):
                row += repeat  # empty rows, often a million of them at a sheet's end: only counted
                continue
            if repeat > MAX_REPEATS:
                state.notes.append(
                    f"sheet {state.title!r}: row {row}, repeated {repeat} times, was read {MAX_REPEATS} times"
                )
            for number in range(row, row + min(repeat, MAX_REPEATS)):
                if not state.add(number, list(cells)):
                    return None
            row += repeat
        if row is None:
            return None
    return row


def _ods_cells(row, meter: _Meter) -> list[str]:
    cells: list[str] = []
    for cell in row:
        tag = cell.tag if isinstance(cell.tag, str) else ""
        if not tag.endswith("table-cell"):  # table-cell and covered-table-cell (under a merged one)
            continue
        repeat = small_int(cell.get(f"{{{_ODF_TABLE}}}number-columns-repeated"), 1, MAX_SHEET_COLUMNS)
        paragraphs = [_odf_text(p, meter) for p in cell if p.tag == f"{{{_ODF_TEXT}}}p"]
        text = " ".join(p.strip() for p in paragraphs if p.strip())
        if not text:
            for attr in ("value", "date-value", "time-value", "boolean-value", "string-value"):
                text = (cell.get(f"{{{_ODF_OFFICE}}}{attr}") or "").strip()
                if text:
                    break
        copies = min(repeat, MAX_REPEATS) if text else repeat
        cells.extend([text] * min(copies, MAX_SHEET_COLUMNS - len(cells)))
        if len(cells) >= MAX_SHEET_COLUMNS:
            break
    return cells


_DC = "http://purl.org/dc/elements/1.1/"
MAX_AUTHOR_CHARS = 80  # a comment's author's name, as said before its words (a DOCX's too)
# what a document records of its tracked changes: a deletion's old text, who changed what when. The text as it now
# reads holds none of it (an insertion's text is in the body, between its change marks)
_ODF_CHANGES = f"{{{_ODF_TEXT}}}tracked-changes"
_ODF_ANNOTATION = f"{{{_ODF_OFFICE}}}annotation"


def _odf_walk(node, lines: list[tuple[str, int]], meter: _Meter) -> None:
    for child in node:
        tag = child.tag if isinstance(child.tag, str) else ""
        comments: list[str] = []
        if tag == f"{{{_ODF_TEXT}}}h":
            level = small_int(child.get(f"{{{_ODF_TEXT}}}outline-level"), 1, 6)
            lines.append((_odf_text(child, meter, comments), level))
        elif tag == f"{{{_ODF_TEXT}}}p":
            lines.append((_odf_text(child, meter, comments), 0))
        elif tag == f"{{{_ODF_TABLE}}}table-row":
            cells = [
                _odf_text(c, meter, comments)
                for c in child
                if isinstance(c.tag, str) and c.tag.endswith("table-cell")
            ]
            lines.append((" | ".join(cells), 0))
        elif tag not in (_ODF_CHANGES, _ODF_ANNOTATION):
            _odf_walk(child, lines, meter)
        lines += [(comment, 0) for comment in comments]


def _odf_comment(annotation, meter: _Meter) -> str:
    """A comment (office:annotation) as its author's words, "Priya Shah commented: ..." (its date left out)."""
    words = " ".join(
        " ".join(_odf_text(p, meter).split())
        for p in annotation.iter(f"{{{_ODF_TEXT}}}p", f"{{{_ODF_TEXT}}}h")
    ).strip()
    author = " ".join((annotation.findtext(f"{{{_DC}}}creator") or "").split())[:MAX_AUTHOR_CHARS]
    if not words:
        return ""
    return f"{author} commented: {words}" if author else f"A comment: {words}"


def _odf_text(node, meter: _Meter, comments: list[str] | None = None) -> str:
    """A paragraph's text as it now reads, its footnotes after it; the comments made in it go to ``comments``
    (each read as a line of its own after the paragraph), never into its sentence."""
    parts = []

    def add(text: str) -> None:
        parts.append(text)
        meter.add(len(text))

    notes: list[str] = []

    def visit(n):
        tag = n.tag if isinstance(n.tag, str) else ""
        if tag == f"{{{_ODF_TEXT}}}s":
            add(" " * small_int(n.get(f"{{{_ODF_TEXT}}}c"), 1, MAX_SPACES))
        elif tag == f"{{{_ODF_TEXT}}}tab":
            add("\t")
        elif tag == f"{{{_ODF_TEXT}}}line-break":
            add(" ")
        elif tag == f"{{{_ODF_TEXT}}}note":  # a footnote: its text follows the paragraph's, without its mark
            for body in n.iter(f"{{{_ODF_TEXT}}}note-body"):
                notes.append(" ".join(_odf_text(p, meter) for p in body.iter(f"{{{_ODF_TEXT}}}p")))
        elif tag == _ODF_ANNOTATION:
            if comments is not None and (comment := _odf_comment(n, meter)):
                comments.append(comment)
        elif n.text:
            add(n.text)
        if tag not in (f"{{{_ODF_TEXT}}}s", f"{{{_ODF_TEXT}}}note", _ODF_ANNOTATION):
            for c in n:
                visit(c)
                if c.tail:
                    add(c.tail)

    visit(node)
    return with_notes("".join(parts), notes)
