"""Office documents: Word (DOCX: engine.index.readers.word), PowerPoint (PPTX, a page per slide), Excel (XLSX, a page
per sheet, a line per row), OpenDocument text, presentations and spreadsheets (engine.index.readers.opendocument)
and RTF.

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
from datetime import datetime
from datetime import time as dt_time

from engine.index.bounds import charge, no_check, open_zip, short_reason
from engine.index.document import Block, ExtractError, Page
from engine.index.tables import HEADER_SEARCH_ROWS, sheet_header

log = logging.getLogger(__name__)

MAX_SHEET_ROWS = 200_000  # a sheet of millions of rows is data, not a document: read the first ones, note it
# 2: a sheet's header row is a heading (engine.index.options.READER_VERSIONS); 3: a date without its midnight
XLSX_READER_VERSION = 3
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
            state = SheetRows(title, notes, check)
            try:
                for i, row in enumerate(sheet.iter_rows(values_only=True), 1):
                    if not state.add(i, ["" if v is None else cell_text(v) for v in row]):
                        break
            except Exception as exc:  # noqa: BLE001 - openpyxl converts each value as it parses the row
                bad.append(f"sheet {title!r} row {state.last + 1}: {short_reason(exc)}")
            page = state.page(number)
            if page is not None:
                pages.append(page)
    finally:
        book.close()
    return sheets_read(pages, notes, bad, "workbook")


def extract_xls(data: bytes, check=no_check) -> tuple[tuple[Page, ...], tuple[str, ...]]:
    """An Excel 97-2003 workbook (``.xls``, BIFF8, read with xlrd) as an XLSX one is read: a page per sheet, its
    name a heading, ``row: cell | cell`` a line per non-empty row; the values Excel saved (dates as dates)."""
    import xlrd

    try:
        book = xlrd.open_workbook(file_contents=data, on_demand=True)
    except Exception as exc:  # noqa: BLE001 - xlrd raises its own errors, struct's and OLE's for damage
        raise ExtractError(f"The XLS file is damaged or not a workbook ({short_reason(exc)}).") from exc
    pages, notes, bad = [], [], []
    try:
        for number in range(1, book.nsheets + 1):
            check()
            sheet = book.sheet_by_index(number - 1)
            state = SheetRows(str(sheet.name), notes, check)
            try:
                for i in range(sheet.nrows):
                    if not state.add(i + 1, [_xls_cell(c, book.datemode) for c in sheet.row(i)]):
                        break
            except Exception as exc:  # noqa: BLE001 - a cell xlrd cannot convert
                bad.append(f"sheet {sheet.name!r} row {state.last + 1}: {short_reason(exc)}")
            page = state.page(number)
            if page is not None:
                pages.append(page)
            book.unload_sheet(number - 1)
    finally:
        book.release_resources()
    return sheets_read(pages, notes, bad, "workbook")


def _xls_cell(cell, datemode: int) -> str:
    """A cell's value as the XLSX reader writes one: numbers without a needless ".0", a date as a date, a boolean as
    True or False, an error as Excel shows it ("#DIV/0!")."""
    import xlrd

    if cell.ctype in (xlrd.XL_CELL_EMPTY, xlrd.XL_CELL_BLANK):
        return ""
    if cell.ctype == xlrd.XL_CELL_DATE:
        return cell_text(xlrd.xldate.xldate_as_datetime(cell.value, datemode))
    if cell.ctype == xlrd.XL_CELL_BOOLEAN:
        return cell_text(bool(cell.value))
    if cell.ctype == xlrd.XL_CELL_ERROR:
        return xlrd.error_text_from_code.get(cell.value, "#ERROR")
    return cell_text(cell.value)


class SheetRows:
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


def sheets_read(pages: list[Page], notes: list[str], bad: list[str], what: str):
    if not pages:
        if bad:
            raise ExtractError(f"The {what} could not be read ({bad[0]}).")
        raise ExtractError(f"The {what} has no values.")
    notes += [f"{where}: the rest of the sheet could not be read" for where in bad]
    return tuple(pages), tuple(notes)


def cell_text(value) -> str:
    """A cell's value as a sheet's line quotes it: a whole number without ".0", a date without the midnight a
    spreadsheet stores with it ("2027-03-01"), a time without seconds it does not have ("2027-02-26 14:30")."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime):
        if value.time() == dt_time(0):
            return value.date().isoformat()
        return value.strftime(
            "%Y-%m-%d %H:%M" if not value.second and not value.microsecond else "%Y-%m-%d %H:%M:%S"
        )
    return str(value).replace("\n", " ").strip()


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
