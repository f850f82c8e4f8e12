"""PDF text layers through PDFium (pypdfium2): 9-12x faster than pypdf on our PDFs with the same words found
(``bench/bench_pdf_text.py``). One page per PDF page (1-based numbers kept); a page with no text is left out, for
OCR to read. A PDF PDFium cannot open (a password, damage) goes back to pypdf, whose errors say why."""

from __future__ import annotations

import logging

from engine.index.document import Page, paragraph_blocks

log = logging.getLogger(__name__)


def pdfium_pages(data: bytes) -> tuple[Page, ...] | None:
    """The pages with text, or None when PDFium cannot open the file."""
    import pypdfium2 as pdfium

    try:
        doc = pdfium.PdfDocument(data)
    except Exception as exc:  # noqa: BLE001 - PdfiumError (password, format) and others
        log.debug("pdfium cannot open the PDF (%s); pypdf will say why", exc)
        return None
    pages = []
    try:
        for number in range(1, len(doc) + 1):
            try:
                page = doc[number - 1]
                textpage = page.get_textpage()
                text = textpage.get_text_range()
                textpage.close()
                page.close()
            except Exception as exc:  # noqa: BLE001 - one bad page must not lose the others
                log.debug("page %d: %s", number, exc)
                continue
            # PDFium marks a soft hyphen at a line end with U+FFFE: join the word again
            text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
            text = text.replace("\ufffe\n", "").replace("\ufffe", "-")
            blocks = paragraph_blocks(text)
            if blocks:
                pages.append(Page(text, tuple(blocks), number=number))
    finally:
        doc.close()
    return tuple(pages)
