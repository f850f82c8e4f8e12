"""What an index's image pass embeds, read and preprocessed beside the engine thread: each picture file, and each
scanned page of a PDF (a page with no text layer, whose text came from OCR) rendered from the file."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

log = logging.getLogger(__name__)

MAX_PDF_PAGES = 200  # scanned pages of one PDF given a picture vector (a scanned book: its first pages)


def pictures(store, images, pdfs, preprocess) -> Iterator[tuple[str, int, object]]:
    """("pixels", chunk id, float32 [3, H, W]) for each picture to embed; after each file ("done", 0, None), or
    for a PDF ("checked", document id, None). A file that cannot be read is logged and passed over."""
    for cid, path in images:
        try:
            yield "pixels", cid, preprocess(Path(path).read_bytes())
        except Exception as exc:  # noqa: BLE001 - an unreadable picture keeps its text, without a vector
            log.info("no picture vector for %s: %s", path, exc)
        yield "done", 0, None
    side = max(preprocess.output_size)
    for doc_id, path in pdfs:
        try:
            yield from _scanned_pages(store, doc_id, path, preprocess, side)
        except Exception as exc:  # noqa: BLE001 - PdfiumError and others: the PDF keeps its text
            log.info("no page vectors for %s: %s", path, exc)
        yield "checked", doc_id, None


def _scanned_pages(store, doc_id: int, path: str, preprocess, side: int):
    import pypdfium2 as pdfium

    first = dict(store._q(
        "SELECT c.page, min(c.id) FROM chunks c WHERE c.document_id = ? AND c.page IS NOT NULL AND c.ordinal = "
        "(SELECT min(ordinal) FROM chunks WHERE document_id = c.document_id AND page = c.page) GROUP BY c.page",
        (doc_id,),
    ))  # fmt: skip
    if not first:
        return
    doc = pdfium.PdfDocument(Path(path).read_bytes())
    try:
        shown = 0
        for number in sorted(first):
            if shown >= MAX_PDF_PAGES or number > len(doc):
                break
            page = doc[number - 1]
            try:
                textpage = page.get_textpage()
                scanned = textpage.count_chars() == 0
                textpage.close()
                if not scanned:
                    continue
                width, height = page.get_size()
                # rendered with the short side at twice the model's input: the preprocessing resizes it down
                bitmap = page.render(scale=2 * side / max(1.0, min(width, height)))
                try:
                    image = bitmap.to_pil()
                finally:
                    bitmap.close()
            finally:
                page.close()
            shown += 1
            yield "pixels", int(first[number]), preprocess(image)
    finally:
        doc.close()
