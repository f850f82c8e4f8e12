"""Office documents: Word (DOCX, through python-docx), PowerPoint (PPTX, a page per slide), Excel (XLSX, a page
per sheet, a line per row), OpenDocument text (ODT) and RTF.

Locations: the page text is the document's text joined by newlines; a "line" is a paragraph (DOCX, ODT, RTF, a
slide's shapes' paragraphs; a DOCX table row is one line) or a spreadsheet row (XLSX: line N is the N-th non-empty
row; the row's own number is kept in the text as ``N:``). Pages are 1-based slide and sheet numbers, so a citation
opens the right slide or sheet.
"""

from __future__ import annotations

import io
import logging

from engine.index.bounds import check_zip, no_check, open_zip
from engine.index.document import Block, ExtractError, Page

log = logging.getLogger(__name__)

MAX_SHEET_ROWS = 200_000  # a sheet of millions of rows is data, not a document: read the first ones, note it


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


def extract_pptx(data: bytes) -> tuple[Page, ...]:
    """One page per slide: the title as a heading, then every text frame and table cell in reading order, then
    the speaker notes."""
    open_zip(data, "PPTX").close()
    try:
        from pptx import Presentation

        prs = Presentation(io.BytesIO(data))
    except Exception as exc:  # noqa: BLE001 - zip, lxml and package errors come in many types
        raise ExtractError(
            f"The PPTX file is damaged or not a presentation ({type(exc).__name__}: {exc})."
        ) from exc
    pages = []
    for number, slide in enumerate(prs.slides, 1):
        lines: list[tuple[str, int]] = []
        title = slide.shapes.title
        if title is not None and title.has_text_frame and title.text_frame.text.strip():
            lines.append((title.text_frame.text.replace("\n", " "), 2))
        shapes = sorted(
            (s for s in slide.shapes if title is None or s.shape_id != title.shape_id),
            key=lambda s: ((s.top or 0), (s.left or 0)),
        )
        for shape in shapes:
            _shape_lines(shape, lines)
        if slide.has_notes_slide:
            notes = slide.notes_slide.notes_text_frame
            if notes is not None and notes.text.strip():
                lines.append(("Notes", 3))
                lines.extend((p, 0) for p in notes.text.split("\n"))
        page = lines_page(lines, number)
        if page is not None:
            pages.append(page)
    if not pages:
        raise ExtractError("The presentation has no text.")
    return tuple(pages)


def _shape_lines(shape, lines: list[tuple[str, int]]) -> None:
    if getattr(shape, "shape_type", None) == 6 and hasattr(shape, "shapes"):  # a group: its members in order
        for member in shape.shapes:
            _shape_lines(member, lines)
        return
    if getattr(shape, "has_text_frame", False) and shape.has_text_frame:
        for para in shape.text_frame.paragraphs:
            text = "".join(run.text for run in para.runs) or para.text
            lines.append((text, 0))
    if getattr(shape, "has_table", False) and shape.has_table:
        for row in shape.table.rows:
            lines.append((" | ".join(c.text.replace("\n", " ").strip() for c in row.cells), 0))


def extract_xlsx(data: bytes) -> tuple[tuple[Page, ...], tuple[str, ...]]:
    """One page per sheet (its name as a heading), one line per non-empty row: ``row: cell | cell``; values,
    not formulas (the values Excel saved)."""
    open_zip(data, "XLSX").close()
    try:
        import openpyxl

        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001
        raise ExtractError(
            f"The XLSX file is damaged or not a workbook ({type(exc).__name__}: {exc})."
        ) from exc
    pages, notes = [], []
    try:
        for number, sheet in enumerate(book.worksheets, 1):
            lines: list[tuple[str, int]] = [(sheet.title, 2)]
            for i, row in enumerate(sheet.iter_rows(values_only=True), 1):
                if i > MAX_SHEET_ROWS:
                    notes.append(f"sheet {sheet.title!r}: only the first {MAX_SHEET_ROWS} rows were indexed")
                    break
                cells = ["" if v is None else _cell(v) for v in row]
                while cells and not cells[-1]:
                    cells.pop()
                if any(cells):
                    lines.append((f"{i}: " + " | ".join(cells), 0))
            if len(lines) > 1:
                pages.append(lines_page(lines, number))
    finally:
        book.close()
    if not pages:
        raise ExtractError("The workbook has no values.")
    return tuple(pages), tuple(notes)


def _cell(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).replace("\n", " ").strip()


_ODF_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
_ODF_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"


def extract_odt(data: bytes) -> Page:
    """OpenDocument text: headings (``text:h`` with their outline level), paragraphs and list items, table
    rows as ``cell | cell``, in document order."""
    from lxml import etree

    with open_zip(data, "ODT") as zf:
        try:
            content = zf.read("content.xml")
        except KeyError as exc:
            raise ExtractError("The ODT file has no content.xml; it is not an OpenDocument text.") from exc
        except Exception as exc:  # noqa: BLE001 - zlib / CRC errors
            raise ExtractError(f"The ODT file is damaged ({exc}).") from exc
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    try:
        root = etree.fromstring(content, parser)
    except etree.XMLSyntaxError as exc:
        raise ExtractError(f"The ODT file's content is not valid XML ({exc}).") from exc
    lines: list[tuple[str, int]] = []
    body = root.find("{urn:oasis:names:tc:opendocument:xmlns:office:1.0}body")
    _odf_walk(body if body is not None else root, lines)
    page = lines_page(lines)
    if page is None:
        raise ExtractError("The ODT document has no text.")
    return page


def _odf_walk(node, lines: list[tuple[str, int]]) -> None:
    for child in node:
        tag = child.tag if isinstance(child.tag, str) else ""
        if tag == f"{{{_ODF_TEXT}}}h":
            level = child.get(f"{{{_ODF_TEXT}}}outline-level") or "1"
            lines.append((_odf_text(child), min(6, int(level)) if level.isdigit() else 1))
        elif tag == f"{{{_ODF_TEXT}}}p":
            lines.append((_odf_text(child), 0))
        elif tag == f"{{{_ODF_TABLE}}}table-row":
            cells = [_odf_text(c) for c in child if isinstance(c.tag, str) and c.tag.endswith("table-cell")]
            lines.append((" | ".join(cells), 0))
        else:
            _odf_walk(child, lines)


def _odf_text(node) -> str:
    parts = []

    def visit(n):
        tag = n.tag if isinstance(n.tag, str) else ""
        if tag == f"{{{_ODF_TEXT}}}s":
            parts.append(" " * int(n.get(f"{{{_ODF_TEXT}}}c") or 1))
        elif tag == f"{{{_ODF_TEXT}}}tab":
            parts.append("\t")
        elif tag == f"{{{_ODF_TEXT}}}line-break":
            parts.append(" ")
        elif tag.endswith("}note"):  # footnotes: their text follows the paragraph's
            pass
        elif n.text:
            parts.append(n.text)
        if tag not in (f"{{{_ODF_TEXT}}}s",) and not tag.endswith("}note"):
            for c in n:
                visit(c)
                if c.tail:
                    parts.append(c.tail)

    visit(node)
    return "".join(parts)


def extract_rtf(text: str) -> Page:
    """RTF through striprtf: one line per paragraph of the plain text."""
    from striprtf.striprtf import rtf_to_text

    if not text.lstrip().startswith("{\\rtf"):
        raise ExtractError("The file is not RTF (it does not start with {\\rtf).")
    try:
        plain = rtf_to_text(text, errors="replace")
    except Exception as exc:  # noqa: BLE001 - a damaged group structure
        raise ExtractError(f"The RTF file could not be read ({type(exc).__name__}: {exc}).") from exc
    page = lines_page([(line, 0) for line in plain.replace("\r\n", "\n").split("\n")])
    if page is None:
        raise ExtractError("The RTF document has no text.")
    return page


_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def _para_text(p) -> str:
    """A paragraph's text from its w:t / w:tab / w:br runs. Unlike python-docx's ``Paragraph.text`` it keeps the
    text after an (unresolved, never expanded) entity reference inside a w:t, which is held as the entity's tail."""
    out = []
    for el in p.iter(f"{_W}t", f"{_W}tab", f"{_W}br", f"{_W}cr"):
        if el.tag == f"{_W}t":
            out.append((el.text or "") + "".join(child.tail or "" for child in el))
        else:
            out.append("\t" if el.tag == f"{_W}tab" else " ")
    return "".join(out)


def extract_docx(data: bytes, check=no_check):
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            check_zip(zf, len(data))  # the XML is judged by its decompressed size, before anything inflates
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError) as exc:
        raise ExtractError(f"The DOCX file is damaged or not a DOCX document ({exc}).") from exc
    check()
    try:
        import docx
        from docx.opc.exceptions import PackageNotFoundError
        from docx.table import Table
        from docx.text.paragraph import Paragraph

        document = docx.Document(io.BytesIO(data))
    except (zipfile.BadZipFile, KeyError, ValueError, PackageNotFoundError) as exc:
        raise ExtractError(f"The DOCX file is damaged or not a DOCX document ({exc}).") from exc
    except Exception as exc:  # noqa: BLE001 - lxml and zip errors come in many types
        raise ExtractError(f"The DOCX file could not be read ({type(exc).__name__}: {exc}).") from exc
    check()
    lines: list[tuple[str, int]] = []  # (paragraph text, heading level)
    body = document.element.body
    for child in body.iterchildren():
        tag = child.tag.rsplit("}", 1)[-1] if isinstance(child.tag, str) else ""
        if tag == "p":
            para = Paragraph(child, document)
            style = (para.style.name if para.style is not None else "") or ""
            level = 0
            if style == "Title":
                level = 1
            elif style.startswith("Heading"):
                digits = style.removeprefix("Heading").strip()
                level = min(6, int(digits)) if digits.isdigit() else 1
            lines.append((_para_text(child).replace("\n", " "), level))
        elif tag == "tbl":
            for row in Table(child, document).rows:
                cells = [
                    " ".join(_para_text(p) for p in c._tc.iter(f"{_W}p")).replace("\n", " ").strip()
                    for c in row.cells
                ]
                lines.append((" | ".join(cells), 0))
    text = "\n".join(t for t, _ in lines)
    blocks = []
    pos = 0
    for t, level in lines:  # one block per paragraph or table row; a "line" is a paragraph number
        if t.strip():
            blocks.append(Block(pos + len(t) - len(t.lstrip()), pos + len(t.rstrip()), level))
        pos += len(t) + 1
    blocks = [b for b in blocks if text[b.start : b.end].strip()]
    if not blocks:
        raise ExtractError("The DOCX document has no text.")
    return Page(text, tuple(blocks))
