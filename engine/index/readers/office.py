"""Office documents: Word (DOCX: engine.index.readers.word), PowerPoint (PPTX, a page per slide), Excel (XLSX, a page
per sheet, a line per row), OpenDocument text (ODT), presentations (ODP, as PPTX) and spreadsheets (ODS, as XLSX) and
RTF.

Locations: the page text is the document's text joined by newlines; a "line" is a paragraph (DOCX, ODT, RTF, a
slide's shapes' paragraphs; a DOCX table row is one line) or a spreadsheet row (XLSX: line 1 is the sheet's name,
then one line per non-empty row, each starting with the spreadsheet's own row number as ``N:``, which is what a
citation of a sheet names). Pages are 1-based slide and sheet numbers, so a citation
opens the right slide or sheet.
"""

from __future__ import annotations

import io
import logging
import re

from engine.index.bounds import charge, no_check, open_zip, short_reason
from engine.index.document import Block, ExtractError, Page
from engine.index.tables import HEADER_SEARCH_ROWS, sheet_header

log = logging.getLogger(__name__)

MAX_SHEET_ROWS = 200_000  # a sheet of millions of rows is data, not a document: read the first ones, note it
XLSX_READER_VERSION = 2  # 2: a sheet's header row is a heading (engine.index.options.READER_VERSIONS)
# 2: a DOCX's or ODT's footnotes and endnotes follow the paragraph that cites them; a DOCX's tracked move is read
# at its new place only; 3: a DOCX table used for layout (a CV's dates beside its jobs) reads a paragraph a line;
# 4: a DOCX's and an ODT's comments are read, each after the paragraph it is made on, and an ODT's tracked deletions
# are left out
DOCUMENT_READER_VERSION = 4
RTF_READER_VERSION = 1  # 1: a picture TextEdit placed in the text (an .rtfd's attachment) is no words
MAX_SPACES = (
    1000  # ODT ``text:s text:c``: spaces one element stands for (a hostile count asked for 1.5 billion)
)
_CHECK_EVERY = 1000  # rows, paragraphs or elements between two budget checks
_CHARGE_EVERY = 1 << 20  # characters gathered between two charges to the file's memory budget


def small_int(value, default: int, cap: int) -> int:
    """A count or level written in the file: ASCII digits (at most 9) read as a number no larger than ``cap``;
    anything else ("abc", "²", a 5,000-digit number, "-3") is ``default``."""
    value = (value or "").strip()
    if not (0 < len(value) <= 9 and value.isascii() and value.isdigit()):
        return default
    return min(int(value), cap)


def lines_page(lines: list[tuple[str, int]], number: int | None = None) -> Page | None:
    """A page from (line text, heading level) pairs joined by newlines; one block per non-empty line."""
    lines = [(t.replace("\r", " ").replace("\n", " "), level) for t, level in lines]
    text = "\n".join(t for t, _ in lines)
    blocks = []
    pos = 0
    for t, level in lines:
        stripped = t.strip()
        if stripped:
            start = pos + len(t) - len(t.lstrip())
            blocks.append(Block(start, start + len(stripped), level))
        pos += len(t) + 1
    return Page(text, tuple(blocks), number=number) if blocks else None


def extract_pptx(data: bytes, check=no_check) -> tuple[tuple[Page, ...], tuple[str, ...]]:
    """One page per slide: the title as a heading, then every text frame and table cell in reading order, then
    the speaker notes. A shape whose XML holds values python-pptx cannot read (an offset "abc") is left out and
    noted; the rest of the slide is kept."""
    open_zip(data, "PPTX").close()
    try:
        from pptx import Presentation

        prs = Presentation(io.BytesIO(data))
        slides = list(prs.slides)
    except Exception as exc:  # noqa: BLE001 - zip, lxml and package errors come in many types
        raise ExtractError(f"The PPTX file is damaged or not a presentation ({short_reason(exc)}).") from exc
    pages, bad = [], []
    for number, slide in enumerate(slides, 1):
        check()
        lines: list[tuple[str, int]] = []
        try:
            title = slide.shapes.title
            if title is not None and title.has_text_frame and title.text_frame.text.strip():
                lines.append((title.text_frame.text.replace("\n", " "), 2))
            title_id = title.shape_id if title is not None else None
            shapes = sorted(
                (s for s in slide.shapes if title_id is None or s.shape_id != title_id), key=_shape_place
            )
        except Exception as exc:  # noqa: BLE001 - a slide whose XML python-pptx cannot read
            bad.append(f"slide {number}: {short_reason(exc)}")
            continue
        for shape in shapes:
            try:
                _shape_lines(shape, lines, check)
            except Exception as exc:  # noqa: BLE001 - one unreadable shape must not lose the slide
                bad.append(f"slide {number}: {short_reason(exc)}")
        try:
            if slide.has_notes_slide:
                notes = slide.notes_slide.notes_text_frame
                if notes is not None and notes.text.strip():
                    lines.append(("Notes", 3))
                    lines.extend((p, 0) for p in notes.text.split("\n"))
        except Exception as exc:  # noqa: BLE001
            bad.append(f"slide {number} notes: {short_reason(exc)}")
        charge(check, sum(len(t) for t, _ in lines))
        page = lines_page(lines, number)
        if page is not None:
            pages.append(page)
    if not pages:
        if bad:
            raise ExtractError(f"The presentation could not be read ({bad[0]}).")
        raise ExtractError("The presentation has no text.")
    notes_out = (
        (f"{len(bad)} part(s) of slides could not be read and were left out ({bad[0]})",) if bad else ()
    )
    return tuple(pages), notes_out


def _shape_place(shape) -> tuple[int, int]:
    """(top, left) for reading order; a place the file writes wrongly (not a number) sorts first."""
    try:
        return (shape.top or 0), (shape.left or 0)
    except Exception:  # noqa: BLE001 - python-pptx parses the offset when asked
        return 0, 0


def _shape_lines(shape, lines: list[tuple[str, int]], check=no_check, depth: int = 0) -> None:
    if getattr(shape, "shape_type", None) == 6 and hasattr(shape, "shapes"):  # a group: its members in order
        if depth < 32:  # groups nested deeper hold no text worth a recursion limit
            for member in shape.shapes:
                _shape_lines(member, lines, check, depth + 1)
        return
    if getattr(shape, "has_text_frame", False) and shape.has_text_frame:
        for para in shape.text_frame.paragraphs:
            text = "".join(run.text for run in para.runs) or para.text
            lines.append((text, 0))
    if getattr(shape, "has_table", False) and shape.has_table:
        for i, row in enumerate(shape.table.rows):
            if i % _CHECK_EVERY == 0:
                check()
            lines.append((" | ".join(c.text.replace("\n", " ").strip() for c in row.cells), 0))


def extract_xlsx(data: bytes, check=no_check) -> tuple[tuple[Page, ...], tuple[str, ...]]:
    """One page per sheet (its name as a heading), one line per non-empty row: ``row: cell | cell``; values,
    not formulas (the values Excel saved). A sheet whose XML goes bad part way (a cell value that is not the
    number, date or shared string it says) keeps the rows before it, noted; the next sheets are still read."""
    open_zip(data, "XLSX").close()
    try:
        import openpyxl

        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001
        raise ExtractError(f"The XLSX file is damaged or not a workbook ({short_reason(exc)}).") from exc
    pages, notes, bad = [], [], []
    try:
        for number, sheet in enumerate(book.worksheets, 1):
            check()
            title = str(sheet.title)
            state = _SheetRows(title, notes, check)
            try:
                for i, row in enumerate(sheet.iter_rows(values_only=True), 1):
                    if not state.add(i, ["" if v is None else _cell(v) for v in row]):
                        break
            except Exception as exc:  # noqa: BLE001 - openpyxl converts each value as it parses the row
                bad.append(f"sheet {title!r} row {state.last + 1}: {short_reason(exc)}")
            page = state.page(number)
            if page is not None:
                pages.append(page)
    finally:
        book.close()
    return _sheets_read(pages, notes, bad, "workbook")


class _SheetRows:
    """One sheet's page as rows arrive: line 1 the sheet's name (a heading), then ``N: cell | cell`` per non-empty
    row, N the row's own number; the header row (and any title rows above it) a heading under the name."""

    def __init__(self, title: str, notes: list[str], check) -> None:
        self.title, self.notes, self.check = title, notes, check
        self.lines: list[tuple[str, int]] = [(title, 2)]
        self.firsts: list[list[str]] = []  # the first rows' cells: one of them may be the header
        self.held = self.last = self.count = 0

    def add(self, number: int, cells: list[str]) -> bool:
        """Take row ``number``; False once the sheet has given ``MAX_SHEET_ROWS`` rows (the rest is noted)."""
        self.count += 1
        if number > MAX_SHEET_ROWS or self.count > MAX_SHEET_ROWS:
            self.notes.append(f"sheet {self.title!r}: only the first {MAX_SHEET_ROWS} rows were indexed")
            return False
        if self.count % _CHECK_EVERY == 0:
            self.check()
        self.last = number
        while cells and not cells[-1]:
            cells.pop()
        if any(cells):
            line = f"{number}: " + " | ".join(cells)
            if len(self.firsts) < HEADER_SEARCH_ROWS:
                self.firsts.append(cells)
            self.lines.append((line, 0))
            self.held += len(line)
            if self.held > _CHARGE_EVERY:
                charge(self.check, 2 * self.held)  # the line and its cells' strings
                self.held = 0
        return True

    def page(self, number: int) -> Page | None:
        charge(self.check, 2 * self.held)
        self.held = 0
        lines = self.lines
        header = sheet_header(self.firsts)
        if header is not None:
            header += 1  # its place in ``lines``, after the sheet's name
            # the header row and any title rows above it are headings under the sheet's name: every chunk of
            # the sheet carries the header in its trail (engine.index.tables), and the titles stay with it
            lines[1 : header + 1] = [(t, 3) for t, _ in lines[1 : header + 1]]
        return lines_page(lines, number) if len(lines) > 1 else None


def _sheets_read(pages: list[Page], notes: list[str], bad: list[str], what: str):
    if not pages:
        if bad:
            raise ExtractError(f"The {what} could not be read ({bad[0]}).")
        raise ExtractError(f"The {what} has no values.")
    notes += [f"{where}: the rest of the sheet could not be read" for where in bad]
    return tuple(pages), tuple(notes)


def _cell(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).replace("\n", " ").strip()


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
        state = _SheetRows(table.get(f"{{{_ODF_TABLE}}}name") or f"Sheet{number}", notes, check)
        _ods_rows(table, state, 1, meter)
        page = state.page(number)
        if page is not None:
            pages.append(page)
    return _sheets_read(pages, notes, [], "spreadsheet")


def _ods_rows(node, state: _SheetRows, row: int, meter: _Meter) -> int | None:
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


def with_notes(text: str, notes: list[str]) -> str:
    """A paragraph's ``text`` followed by the text of the footnotes it cites (ODT here, DOCX in
    engine.index.readers.word), each a space apart, its whitespace runs as one space."""
    for note in (" ".join(x.split()) for x in notes):
        if note:
            text = f"{text.rstrip()} {note}" if text.strip() else note
    return text


_ATTACHMENT = re.compile(r"\{\{\\NeXTGraphic\b[^{}]{0,2000}\}[ \t\r\n]*(?:¬|\\'ac|\\uc0\\u172 ?)?\}")


def extract_rtf(text: str, check=no_check) -> Page:
    """RTF through striprtf: one line per paragraph of the plain text."""
    from striprtf.striprtf import rtf_to_text

    if not text.lstrip().startswith("{\\rtf"):
        raise ExtractError("The file is not RTF (it does not start with {\\rtf).")
    check()
    # a picture TextEdit placed in the text (an .rtfd bundle's attachment): its file name and placeholder are no
    # words of the document (the paragraph stays, empty)
    text = _ATTACHMENT.sub("", text)
    try:
        plain = rtf_to_text(text, errors="replace")
    except Exception as exc:  # noqa: BLE001 - a damaged group structure
        raise ExtractError(f"The RTF file could not be read ({short_reason(exc)}).") from exc
    charge(check, 2 * len(plain))
    check()
    page = lines_page([(line, 0) for line in plain.replace("\r\n", "\n").split("\n")])
    if page is None:
        raise ExtractError("The RTF document has no text.")
    return page
