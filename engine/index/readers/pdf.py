"""PDF text layers through PDFium (pypdfium2): 9-12x faster than pypdf on our PDFs with the same words found
(``bench/bench_pdf_text.py``). One page per PDF page (1-based numbers kept); a page with no text is left out, for
OCR to read. A PDF PDFium cannot open (a password, damage) goes back to pypdf (``extract_pdf``), whose errors say
why.

The text is the page as a reader sees it (``pdf_layout``: visual lines with their fonts and places;
``pdf_text``: characters, running headers, contents pages and line-end hyphens, decided per document;
``pdf_blocks``: headings, paragraphs, code and tables as blocks). Reading each word's place and font costs about 4x
PDFium's bare text (677 pages of R manuals: 9.9 s vs 2.3 s, ``bench_pdf_text.py --reading``), still faster than
pypdf's text. ``READER_VERSION`` names this reading: an index made with another reads its PDFs again."""

from __future__ import annotations

import io
import logging

from engine.index.bounds import charge, no_check, short_reason
from engine.index.document import ExtractError, Page
from engine.index.readers.pdf_blocks import document_pages
from engine.index.readers.pdf_forms import open_forms, page_fields, with_fields
from engine.index.readers.pdf_layout import Line, page_lines, text_lines

log = logging.getLogger(__name__)

# 1: PDFium's text as it came; 2: pages as a reader sees them (pdf_blocks); 3: two-cell rows, wrapped cells;
# 4: an option's dashes cut from its name at a line end ("--" / "exclusive-threshold") joined; 5: footnote marks
# after a word ("Kadatch1", set above its baseline) left out; 6: a filled-in form's values where they are on the page
READER_VERSION = 6


def pdfium_pages(data: bytes, check=no_check) -> tuple[Page, ...] | None:
    """The pages with text, or None when PDFium cannot open the file. ``check`` runs before each page."""
    import pypdfium2 as pdfium

    try:
        doc = pdfium.PdfDocument(data)
    except Exception as exc:  # noqa: BLE001 - PdfiumError (password, format) and others
        log.debug("pdfium cannot open the PDF (%s); pypdf will say why", exc)
        return None
    numbered: list[tuple[int, list[Line]]] = []
    forms = open_forms(doc)  # a filled-in form's values, read where they are on the page (pdf_forms)
    try:
        for number in range(1, len(doc) + 1):
            check()
            try:
                page = doc[number - 1]
                textpage = page.get_textpage()
                lines = page_lines(textpage)
                if forms:
                    lines = with_fields(lines, page_fields(doc, page), textpage)
                textpage.close()
                page.close()
            except Exception as exc:  # noqa: BLE001 - one bad page must not lose the others
                log.debug("page %d: %s", number, exc)
                continue
            charge(check, sum(128 + 2 * len(ln.text) for ln in lines))
            if lines:
                numbered.append((number, lines))
    finally:
        doc.close()
    return _pages(numbered, check)


def _pages(numbered: list[tuple[int, list[Line]]], check) -> tuple[Page, ...]:
    pages = document_pages(numbered, check)
    charge(check, sum(2 * len(p.text) + 64 * len(p.blocks) for p in pages))
    return tuple(pages)


def extract_pdf(data: bytes, check=no_check):
    from pypdf import PdfReader
    from pypdf.errors import DependencyError, FileNotDecryptedError

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
    except RecursionError as exc:
        raise ExtractError("The PDF is damaged: its objects are nested too deeply to read.") from exc
    except Exception as exc:  # noqa: BLE001 - PdfReadError, PdfStreamError, LimitReachedError (a loop) and others
        raise ExtractError(f"The PDF is damaged or not a PDF ({short_reason(exc)}).") from exc
    numbered: list[tuple[int, list[Line]]] = []
    failed = 0
    for number in range(1, n_pages + 1):
        check()
        try:
            text = reader.pages[number - 1].extract_text() or ""
        except Exception as exc:  # noqa: BLE001 - one bad page must not lose the others
            log.debug("page %d: %s", number, exc)
            failed += 1
            continue
        lines = text_lines(text.replace("\x00", ""))
        if lines:
            numbered.append((number, lines))
    pages = _pages(numbered, check)
    if not pages:
        if failed:
            raise ExtractError(f"The PDF is damaged: none of its {n_pages} pages could be read.")
        raise ExtractError(
            "The PDF has no extractable text (it may be scanned images; Alcove does not do OCR)."
        )
    return tuple(pages)
