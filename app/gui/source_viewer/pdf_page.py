"""A PDF page rendered to pixels with PDFium (pypdfium2: the pinned PySide6-Essentials has no QtPdf), and the boxes of
the quoted passage on it, found in the page's text layer; on a scanned page (no text layer) and on a picture (a
screenshot, a photo of a receipt), where OCR reads the quoted words, as the index read them. Pure Python, no Qt: the
viewer turns the pixels into an image. Nothing here touches the network."""

from __future__ import annotations

import hashlib
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium

from engine.index import (
    ExtractError,
    OcrLine,
    ocr_lines,
    open_forms,
    page_pixels,
    picture_pages,
    picture_pixels,
    read_gzip,
    shown_box,
    text_layer_views,
)

from .locate import MAX_VIEW_BYTES, ViewError, find_quote

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


NOT_MARKED = "The quoted passage could not be found in this page's text layer, so it is not marked."
NOT_READ = "The quoted passage could not be found where OCR reads this {what}, so it is not marked."
# a picture is shown at most this many pixels wide or high (a 48 MP photo would be 140 MB of RGB)
MAX_PICTURE_SIDE = 3000


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
            missing = NOT_MARKED
            if not found and _scanned(pg):  # a scan: where OCR reads the quote, as the index read it
                rgb_read, read_scale = page_pixels(pg)
                boxes, found = (
                    _read_boxes(rgb_read, quote, scale / read_scale) if rgb_read is not None else ((), False)
                )
                missing = NOT_READ.format(what="scanned page")
            if not found:
                note = (note + " " if note else "") + missing
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


def _scanned(pg) -> bool:
    text_page = pg.get_textpage()
    try:
        return text_page.count_chars() == 0
    finally:
        text_page.close()


# what OCR read in the last pictures and scanned pages shown, by their pixels' digest: a page opened again (the
# next citation of the same scan, the viewer's back button) is marked at once, not read again (seconds a page)
_READ: OrderedDict[bytes, tuple[OcrLine, ...]] = OrderedDict()
_READ_LOCK = threading.Lock()
MAX_READ_PAGES = 8


def _read_lines(rgb: np.ndarray) -> tuple[OcrLine, ...]:
    """``ocr_lines(rgb)``, remembered for the last MAX_READ_PAGES pictures (an ExtractError is not remembered)."""
    pixels = np.ascontiguousarray(rgb)
    digest = hashlib.blake2b(pixels.data, digest_size=16, person=repr(rgb.shape).encode()[:16]).digest()
    with _READ_LOCK:
        if digest in _READ:
            _READ.move_to_end(digest)
            return _READ[digest]
    lines = tuple(ocr_lines(rgb))
    with _READ_LOCK:
        _READ[digest] = lines
        while len(_READ) > MAX_READ_PAGES:
            _READ.popitem(last=False)
    return lines


def _read_boxes(rgb, quote: str, factor: float) -> tuple[tuple[tuple[float, float, float, float], ...], bool]:
    """Boxes (in the shown image's pixels: OCR's times ``factor``) round the quote where OCR reads it in ``rgb``;
    a line's part is measured by its characters. No boxes where OCR is unavailable or the quote is not read."""
    try:
        lines = _read_lines(rgb)
    except ExtractError as exc:
        log.info("no OCR to mark the quote: %s", exc)
        return (), False
    found = find_quote("\n".join(line.text for line in lines), quote)
    if found is None:
        return (), False
    boxes, pos, pad = [], 0, 3.0
    for line in lines:
        start, end = pos, pos + len(line.text)
        pos = end + 1
        a, b = max(start, found[0]), min(end, found[1])
        if a >= b:
            continue
        width, n = max(line.right - line.left, 1.0), max(len(line.text), 1)
        x0, x1 = line.left + width * (a - start) / n, line.left + width * (b - start) / n
        x0, top, x1, bottom = shown_box(line, x0, x1, rgb.shape)  # turned round or straightened: as shown
        boxes.append(((x0 - pad) * factor, (top - pad) * factor, (x1 - x0 + 2 * pad) * factor,
                      (bottom - top + 2 * pad) * factor))  # fmt: skip
    return tuple(boxes), bool(boxes)


def render_picture(path: str, quote: str = "", page: int = 1) -> RenderedPage:
    """A picture (a screenshot, a scan, a photo) as one page, or the ``page``-th of a TIFF of several (a scanner's),
    the quoted words marked where OCR reads them."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_VIEW_BYTES:
            raise ViewError(f"{p.name} is too large to show here ({p.stat().st_size // 1_000_000} MB).")
        data = p.read_bytes()
        pages = picture_pages(data, p.suffix.lower())
        page = min(max(1, page), pages)
        rgb = picture_pixels(data, p.suffix.lower(), page)
    except ExtractError as exc:
        raise ViewError(f"{p.name} cannot be shown: {exc}") from exc
    except OSError as exc:
        raise ViewError(f"{p.name} cannot be read: {exc.strerror or exc}.") from exc
    boxes, found = _read_boxes(rgb, quote, 1.0) if quote else ((), True)
    height, width = rgb.shape[:2]
    factor = min(1.0, MAX_PICTURE_SIDE / max(width, height))
    if factor < 1.0:  # shown smaller: the marks with it
        from PIL import Image

        shown = Image.fromarray(rgb).resize((max(1, round(width * factor)), max(1, round(height * factor))))
        rgb = np.asarray(shown.convert("RGB"))
        boxes = tuple(tuple(v * factor for v in box) for box in boxes)
    height, width = rgb.shape[:2]
    note = "" if found else NOT_READ.format(what="picture")
    return RenderedPage(
        page, pages, width, height, 3 * width, np.ascontiguousarray(rgb).tobytes(), factor, boxes, note
    )
