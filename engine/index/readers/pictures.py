"""Picture files read by OCR: a screenshot, a photo, a scan. A picture is decoded as it is shown (a phone's photo
turned as its EXIF Orientation tag says); a TIFF of several pages (what a document scanner's or a fax's software
saves) is read page by page, each page of it a page of the document, numbered from 1 as a PDF's are; any other
picture is one page with no number. Other formats' extra frames (an animated WebP or PNG, a camera's MPO JPEG)
are not pages: the first frame is the picture."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable

import numpy as np

from engine.index.bounds import BudgetExceeded, charge, no_check, pause_point
from engine.index.document import ExtractError, Page
from engine.index.readers.ocr import (
    MAX_IMAGE_PIXELS,
    MAX_OCR_PAGES,
    MIN_IMAGE_SIDE,
    NoTextFound,
    OcrOff,
    lines_to_page,
    recognise,
    shape_reason,
)


def image_pages(
    data: bytes, suffix: str, ocr: bool, check: Callable[[], None] = no_check
) -> tuple[tuple[Page, ...], tuple[str, ...]]:
    """The text of an image file (PNG, JPEG, TIFF, WebP, BMP; HEIC on macOS), and notes: one page, or one a page of
    a TIFF of several (at most MAX_OCR_PAGES; a page with no text is passed over and noted). One page is one slice
    of background work, as a scanned PDF's is."""
    if not ocr:
        raise OcrOff("An image: its text is read by OCR, which is turned off in Settings.")
    count = picture_pages(data, suffix)
    numbers = range(1, min(count, MAX_OCR_PAGES) + 1)
    pages, blank, unread, held = [], [], [], [0]  # held: the largest page decoded so far, charged once
    for number in numbers:
        try:
            rgb = _decode_image(data, suffix, check, number, held)
        except BudgetExceeded:
            raise
        except ExtractError as exc:  # one damaged or outsized page of several: the others are still read
            if count == 1:
                raise
            unread.append(f"page {number} of the picture was not read: {exc}")
            continue
        pause_point(check)  # background work: wait while a chat or a search runs
        page = lines_to_page(recognise(rgb), number if count > 1 else None)
        if page is None:
            blank.append(number)
        else:
            pages.append(page)
    if not pages:
        raise NoTextFound(
            "No text was recognised in the image." + (f" ({'; '.join(unread)})" if unread else "")
        )
    notes = unread
    if blank and count > 1:
        notes.append(f"no text was recognised on page(s) {', '.join(map(str, blank))} of the picture")
    if count > MAX_OCR_PAGES:
        notes.append(f"only the first {MAX_OCR_PAGES} of the picture's {count} pages were read by OCR")
    return tuple(pages), tuple(notes)


def picture_pages(data: bytes, suffix: str) -> int:
    """How many pages a picture file holds: a TIFF's pages, else 1 (also for a file that does not decode: reading
    its first page says why)."""
    from PIL import Image

    if suffix not in (".tif", ".tiff"):
        return 1
    try:
        with Image.open(io.BytesIO(data)) as image:
            return max(1, int(getattr(image, "n_frames", 1))) if image.format == "TIFF" else 1
    except Exception:  # noqa: BLE001 - UnidentifiedImageError, OSError...: _decode_image gives the reason
        return 1


def picture_pixels(data: bytes, suffix: str, page: int = 1) -> np.ndarray:
    """An image file's pixels (RGB rows) as OCR reads them, for showing it and marking what OCR read there: its
    ``page``-th page for a TIFF of several."""
    return _decode_image(data, suffix, no_check, page)


def _upright(image):
    """The picture as it is shown: a phone stores a photo's pixels as the sensor saw them and says in its EXIF
    Orientation tag how to turn them (an iPhone held upright: 6, a quarter turn). A tag that cannot be read is
    ignored; the pixels stand as stored."""
    from PIL import ImageOps

    try:
        return ImageOps.exif_transpose(image)
    except Exception:  # noqa: BLE001 - a damaged EXIF block (struct.error, ValueError, SyntaxError...)
        return image


def _decode_image(data: bytes, suffix: str, check: Callable[[], None] = no_check, page: int = 1,
                  held: list[int] | None = None) -> np.ndarray:  # fmt: skip
    """The ``page``-th page's pixels (1: the picture itself), checked against the limits for OCR. The memory it
    holds is charged to the file's budget beyond ``held[0]``, the most an earlier page of the file held (pages are
    read one at a time)."""
    from PIL import Image

    if suffix in (".heic", ".heif") and sys.platform == "darwin":
        data = _heic_to_png(data)  # exercised on macOS only
    try:
        image = Image.open(io.BytesIO(data))
        if page > 1:
            image.seek(page - 1)  # a TIFF's later page: its own size, checked below
        where = f" (page {page})" if page > 1 else ""
        if image.width * image.height > MAX_IMAGE_PIXELS:
            raise ExtractError(
                f"The image{where} is {image.width}x{image.height} pixels, past the "
                f"{MAX_IMAGE_PIXELS // 1_000_000} megapixel limit for OCR."
            )
        if min(image.width, image.height) < MIN_IMAGE_SIDE:
            raise ExtractError(
                f"The image{where} is {image.width}x{image.height} pixels: an icon, too small to hold readable text."
            )
        reason = shape_reason(image.width, image.height)
        if reason:
            raise ExtractError(reason)
        need = 4 * image.width * image.height  # the decoded image and its RGB copy
        held = held if held is not None else [0]
        charge(check, max(0, need - held[0]))
        held[0] = max(held[0], need)
        if page == 1:
            image.seek(0)  # a multi-page TIFF: its first page
        return np.asarray(_upright(image).convert("RGB"))
    except (ExtractError, MemoryError):  # MemoryError: a budget, not a bad file (``extraction.extract``)
        raise
    except Exception as exc:  # noqa: BLE001 - UnidentifiedImageError, OSError, SyntaxError (a broken PNG chunk)...
        if suffix in (".heic", ".heif") and sys.platform != "darwin":
            raise ExtractError("HEIC images are read on macOS only.") from exc
        raise ExtractError(f"The image could not be decoded ({type(exc).__name__}: {exc}).") from exc


def _heic_to_png(data: bytes) -> bytes:
    """macOS reads HEIC natively: ``sips`` (part of the system) converts it; Pillow cannot without a plugin."""
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = os.path.join(tmp, "in.heic"), os.path.join(tmp, "out.png")
        with open(src, "wb") as f:
            f.write(data)
        done = subprocess.run(["/usr/bin/sips", "-s", "format", "png", src, "--out", dst],
                              capture_output=True, timeout=60, check=False)  # fmt: skip
        if done.returncode or not os.path.exists(dst):
            raise ExtractError("The HEIC image could not be converted for OCR.")
        with open(dst, "rb") as f:
            return f.read()
