"""Extractors for formats whose text is not the file itself: HTML, PDF (pypdf) and DOCX (python-docx)."""

from __future__ import annotations

import io
import logging
import re
from html.parser import HTMLParser

from engine.index.bounds import check_zip, no_check
from engine.index.document import Block, ExtractError, Page, add_span, paragraph_blocks

log = logging.getLogger(__name__)

_BLOCK_TAGS = {
    "p", "div", "section", "article", "header", "footer", "main", "nav", "aside", "li", "ul", "ol", "dl",
    "dt", "dd", "table", "tr", "blockquote", "pre", "figure", "figcaption", "form", "fieldset", "address",
    "h1", "h2", "h3", "h4", "h5", "h6", "hr", "body", "title", "td", "th",
}  # fmt: skip
_SKIP_TAGS = {"script", "style", "noscript", "template", "svg", "head"}
_WS = re.compile(r"\s+")
_WS_CHANGED = re.compile(r"\s\s+|[^\S ]")  # the whitespace runs that collapsing changes: all but a lone space


class _HTMLText(HTMLParser):
    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", source)]
        self.parts: list[str] = []
        self.size = 0
        self.anchors: list[tuple[int, int, int]] = []
        self.blocks: list[tuple[int, int, int]] = []
        self.block_start = 0
        self.block_part = 0  # index in ``parts`` where the open block starts
        self.skip = 0
        self.pre = 0
        self.heading = 0
        self.title_seen = False

    def _emit(self, text: str) -> None:
        self.parts.append(text)
        self.size += len(text)

    def _break(self) -> None:
        # Only the open block's parts are looked at: joining everything at each break was quadratic.
        if any(p.strip() for p in self.parts[self.block_part :]):
            self.blocks.append((self.block_start, self.size, self.heading))
            self._emit("\n\n")
        elif self.size > self.block_start:  # drop a whitespace-only tail
            del self.parts[self.block_part :]
            self.size = self.block_start
        self.block_start = self.size
        self.block_part = len(self.parts)

    def handle_starttag(self, tag, attrs):
        if tag in _SKIP_TAGS and tag != "head":
            self.skip += 1
        elif tag in _BLOCK_TAGS:
            self._break()
            if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
                self.heading = int(tag[1])
            if tag == "pre":
                self.pre += 1
        elif tag == "br":
            self._emit("\n")

    def handle_endtag(self, tag):
        if tag in _SKIP_TAGS and tag != "head":
            self.skip = max(0, self.skip - 1)
        elif tag in _BLOCK_TAGS:
            self._break()
            self.heading = 0
            if tag == "pre":
                self.pre = max(0, self.pre - 1)

    def handle_data(self, data):
        if self.skip:
            return
        line, col = self.getpos()
        if self.pre:
            if data:
                self.anchors.append((self.size, line, self.line_starts[line - 1] + col))
                self._emit(data)
            return
        at_start = self.size == self.block_start or (self.parts and self.parts[-1].endswith((" ", "\n")))
        text = _WS.sub(" ", data)
        strip = len(text) - len(text.lstrip()) if at_start else 0
        text = text[strip:]
        if not text:
            return
        self.anchors.append((self.size, line, self.line_starts[line - 1] + col))
        shrink = lines = 0
        for ws in _WS_CHANGED.finditer(data):
            shrink += len(ws.group()) - 1
            if "\n" in ws.group() and ws.end() < len(data):
                # the text after a line break is on the file's next line, not the node's first (a paragraph
                # wrapped over several source lines is one text node)
                lines += ws.group().count("\n")
                char = self.line_starts[line + lines - 1] + ws.end() - data.rfind("\n", 0, ws.end()) - 1
                self.anchors.append((self.size + ws.end() - shrink - strip, line + lines, char))
        self._emit(text)


def extract_html(source: str, check=no_check):
    parser = _HTMLText(source)
    try:
        for i in range(0, len(source), 1 << 20):  # fed in pieces, so a cancel or deadline is noticed
            parser.feed(source[i : i + (1 << 20)])
            check()
        parser.close()
    except Exception as exc:  # noqa: BLE001 - html.parser is lenient; anything else is a damaged file
        raise ExtractError(f"The HTML could not be parsed ({exc}).") from exc
    parser._break()
    text = "".join(parser.parts)
    blocks: list[Block] = []
    for start, end, level in parser.blocks:
        add_span(blocks, text, start, end, level)
    if not blocks:
        raise ExtractError("The HTML page has no visible text.")
    return Page(text, tuple(blocks), anchors=tuple(parser.anchors))


def extract_pdf(data: bytes, check=no_check):
    from pypdf import PdfReader
    from pypdf.errors import DependencyError, FileNotDecryptedError, PdfReadError, PdfStreamError

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # damaged files are reported in the summary instead
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            try:
                ok = reader.decrypt("")
            except (DependencyError, NotImplementedError) as exc:
                raise ExtractError(
                    "The PDF is encrypted and cannot be opened; remove its password first."
                ) from exc
            if not ok:
                raise ExtractError("The PDF is password-protected; remove its password to index it.")
        n_pages = len(reader.pages)
    except ExtractError:
        raise
    except (FileNotDecryptedError, DependencyError) as exc:
        raise ExtractError("The PDF is encrypted and cannot be opened; remove its password first.") from exc
    except (PdfReadError, PdfStreamError, ValueError, KeyError, TypeError, OSError, AttributeError) as exc:
        raise ExtractError(f"The PDF is damaged or not a PDF ({type(exc).__name__}: {exc}).") from exc
    pages = []
    failed = 0
    for number in range(1, n_pages + 1):
        check()
        try:
            text = reader.pages[number - 1].extract_text() or ""
        except Exception as exc:  # noqa: BLE001 - one bad page must not lose the others
            log.debug("page %d: %s", number, exc)
            failed += 1
            continue
        text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
        blocks = paragraph_blocks(text)
        if blocks:
            pages.append(Page(text, tuple(blocks), number=number))
    if not pages:
        if failed:
            raise ExtractError(f"The PDF is damaged: none of its {n_pages} pages could be read.")
        raise ExtractError(
            "The PDF has no extractable text (it may be scanned images; Alcove does not do OCR)."
        )
    return tuple(pages)


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
