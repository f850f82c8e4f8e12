"""PDF text layers through PDFium (pypdfium2): 9-12x faster than pypdf on our PDFs with the same words found
(``bench/bench_pdf_text.py``). One page per PDF page (1-based numbers kept); a page with no text is left out, for
OCR to read. A PDF PDFium cannot open (a password, damage) goes back to pypdf (``extract_pdf``), whose errors say
why."""

from __future__ import annotations

import io
import logging

from engine.index.bounds import charge, no_check, short_reason
from engine.index.document import ExtractError, Page, paragraph_blocks

log = logging.getLogger(__name__)


def pdfium_pages(data: bytes, check=no_check) -> tuple[Page, ...] | None:
    """The pages with text, or None when PDFium cannot open the file. ``check`` runs before each page."""
    import pypdfium2 as pdfium

    try:
        doc = pdfium.PdfDocument(data)
    except Exception as exc:  # noqa: BLE001 - PdfiumError (password, format) and others
        log.debug("pdfium cannot open the PDF (%s); pypdf will say why", exc)
        return None
    pages = []
    try:
        for number in range(1, len(doc) + 1):
            check()
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
            charge(check, 2 * len(text) + 64 * len(blocks))
            if blocks:
                pages.append(Page(text, tuple(blocks), number=number))
    finally:
        doc.close()
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
