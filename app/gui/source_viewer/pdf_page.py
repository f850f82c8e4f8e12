"""A PDF page rendered to pixels with PDFium (pypdfium2: the pinned PySide6-Essentials has no QtPdf), and the boxes of
the quoted passage on it, found in the page's text layer. Pure Python, no Qt: the viewer turns the pixels into an
image. Nothing here touches the network."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pypdfium2 as pdfium

from engine.index import ExtractError, open_forms, read_gzip, text_layer_views

from .locate import ViewError, find_quote

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RenderedPage:
    page: int  # 1-based
    pages: int
    width: int  # pixels
    height: int
    stride: int
    rgb: bytes  # RGB888 rows
    scale: float  # pixels per PDF point
    quote_boxes: tuple[tuple[float, float, float, float], ...]  # (x, y, w, h) in pixels, top-left origin
    note: str = ""


def page_count(path: str) -> int:
    pdf = _open(path)
    try:
        return len(pdf)
    finally:
        pdf.close()


def _open(path: str) -> pdfium.PdfDocument:
    try:
        if path.lower().endswith(
            ".gz"
        ):  # a manual as Debian ships it, "valgrind_manual.pdf.gz": indexed as its PDF
            with open(path, "rb") as fh:
                pdf = pdfium.PdfDocument(read_gzip(fh.read()))
        else:
            pdf = pdfium.PdfDocument(path)
        open_forms(pdf)  # a filled-in form's values drawn on its pages
        return pdf
    except ExtractError as exc:
        raise ViewError(f"The PDF cannot be opened: {exc}") from exc
    except pdfium.PdfiumError as exc:
        raise ViewError(f"The PDF cannot be opened: {exc}.") from exc
    except OSError as exc:
        raise ViewError(f"The PDF cannot be read: {exc.strerror or exc}.") from exc


def render_page(path: str, page: int, quote: str = "", scale: float = 2.0) -> RenderedPage:
    """Page ``page`` (1-based, clamped to the document) at ``scale`` pixels per point, with the quote's boxes."""
    pdf = _open(path)
    try:
        pages = len(pdf)
        if pages == 0:
            raise ViewError("The PDF has no pages.")
        number = min(max(1, page or 1), pages)
        note = "" if number == (page or 1) else f"The PDF now has {pages} pages; showing page {number}."
        pg = pdf[number - 1]
        try:
            bitmap = pg.render(scale=scale, rev_byteorder=True, may_draw_forms=True)  # RGB in memory order
            rgb = bytes(bitmap.buffer)
            forms = getattr(pdf, "formenv", None) is not None
            boxes, found = _quote_boxes(pg, quote, scale, forms) if quote else ((), True)
            if not found:
                note = (note + " " if note else "") + (
                    "The quoted passage could not be found in this page's text layer, so it is not marked."
                )
            return RenderedPage(number, pages, bitmap.width, bitmap.height, bitmap.stride, rgb, scale, boxes,
                                note)  # fmt: skip
        finally:
            pg.close()
    finally:
        pdf.close()


def _quote_boxes(pg, quote: str, scale: float,
                 forms: bool = False) -> tuple[tuple[tuple[float, float, float, float], ...], bool]:  # fmt: skip
    text_page = pg.get_textpage()
    try:
        text = text_page.get_text_range()
        if len(text) != text_page.count_chars():  # not one string character per PDF character: cannot map
            log.debug("text layer of %d chars read as %d", text_page.count_chars(), len(text))
        span = None
        # a form's answer is a field's value, in no text layer: its printed label is marked ("Registration number"
        # of "Registration number: HD21 KXR; Colour: Silver")
        label = quote.split(":", 1)[0] if forms and ":" in quote[:80] else ""
        for wanted in (quote, label) if label.strip() else (quote,):
            for view, index in text_layer_views(text):
                # the layer as the index read it (hyphens joined or kept, accents composed): the quote is its text
                found = find_quote(view, wanted)
                if found is not None:
                    span = index[found[0]], index[found[1] - 1] + 1
                    break
            if span is not None:
                break
        if span is None:
            return (), False
        height = pg.get_height()
        boxes = []
        for i in range(text_page.count_rects(span[0], span[1] - span[0])):
            left, bottom, right, top = text_page.get_rect(i)
            pad = 1.5
            boxes.append(((left - pad) * scale, (height - top - pad) * scale, (right - left + 2 * pad) * scale,
                          (top - bottom + 2 * pad) * scale))  # fmt: skip
        return tuple(boxes), bool(boxes)
    finally:
        text_page.close()
