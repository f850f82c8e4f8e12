"""Optical character recognition for scanned PDF pages and image files, on the device, with no model download.

macOS: Apple's Vision framework through ``ocrmac`` (pyobjc); nothing to ship. Elsewhere: RapidOCR on ONNX
Runtime (``rapidocr-onnxruntime``), whose detection, orientation and recognition models are inside its wheel.
OCR is background work: it runs in the extraction workers (beside the engine thread, not MLX), one page per
slice, and between slices waits while the engine runs interactive work (``Deadline.pause``).
Recognised text keeps its place: a page's text is its visual lines top to bottom (segments on one line joined
left to right; a page set in columns of prose, column by column: engine.index.readers.ocr_layout), so "line N" of an
OCRed page is the N-th line of text on it in reading order, and PDF pages keep their numbers.

OCR can be turned off (``index_paths(..., ocr=False)``, Settings > Library); then scanned pages and images are
reported as skipped with a reason (``OcrOff``) and not remembered, so turning OCR on later reads them.
"""

from __future__ import annotations

import functools
import logging
import math
import re
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from engine.index.bounds import charge, no_check, pause_point
from engine.index.document import Block, ExtractError, Page
from engine.index.readers.ocr_layout import reading_lines
from engine.index.readers.ocr_skew import estimate_skew, read_frame, straightened, to_shown

log = logging.getLogger(__name__)

IMAGE_EXTENSIONS = {".png", ".jpg", ".jpeg", ".tif", ".tiff", ".bmp", ".webp", ".heic", ".heif"}
MAX_IMAGE_PIXELS = 60_000_000  # a 60-megapixel image is a photo far past any scan; larger ones are refused
MIN_IMAGE_SIDE = 32  # icons and buttons: not worth a recognition pass
# Longer than this many times its width (or wider than tall): not read. RapidOCR shrinks the long side to 2,000
# pixels and then enlarges the short side to 736, so its work grows with the ratio: a 32 x 1,800,000 strip left no
# width at all (an error), a 32 x 1,600 one took 80 s (a page: 7 s); at 16 the worst is about three pages' work.
MAX_ASPECT = 16
# A scanned PDF page is rendered at PDF_RENDER_DPI unless that makes more pixels than this; then at the DPI that
# fits (a 200 x 200 inch page at 200 dpi was 1.6 billion pixels, 4.8 GB). 16 MP: A2 paper at 200 dpi; RapidOCR
# shrinks a page to 2,000 pixels on its long side anyway.
MAX_RENDER_PIXELS = 16_000_000
MAX_OCR_PAGES = 300  # pages OCRed per PDF (a few seconds each on a CPU); more is noted, not hidden
PDF_RENDER_DPI = 200
MIN_CONFIDENCE = 0.5
# Lines are read as they stand (RapidOCR's per-line angle classifier turned an upright line upside down now and
# then): an upside-down page read as it stands yields almost nothing, so where fewer characters than this are read
# (each counted at its line's score), the image is read turned round as well and the reading with more is kept
UPRIGHT_MIN_CHARS = 20
# A line ending this share of the text's width short of where full lines end ends its paragraph (not fitted: a wrapped
# line fills the width to within a word or two)
SHORT_LINE = 0.25
# RapidOCR's recogniser (PP-OCRv4, trained mostly on Chinese) seldom gives the space its best score between English
# words ("Gettingyourbowelready"): a space goes between two characters where it scored at least this much in a frame
# between them (``_SpacedDecode``; chosen on rendered pages, docs/TUNING.md "Reading pictures")
SPACE_SCORE = 0.01
# ... and it reads a zero in a figure as a letter o at times ("06:0o", "08:o0"): in a run of figures, stops, colons
# and commas holding two digits or more, an o is a zero (not in words: "1o" has one digit, "f2.50" is left)
_FIGURE_RUN = re.compile(r"(?<![\w.:,])[\doO][\doO.:,]*[\doO](?![\w])")
# The version of what OCR reads: 1, RapidOCR's words spaced by SPACE_SCORE; 2, an o in a figure a zero; 3, lines read
# as they stand (UPRIGHT_MIN_CHARS); 4, a line ended short ends its paragraph (Vision's pages too); 5, columns of
# prose read one after the other (ocr_layout); 6, a window's sidebar before the page beside it; 7, a page askew read
# level (ocr_skew). An index made with another reads images and PDFs again (engine.index.options.reader_tag).
OCR_READER_VERSION = 7
# a picture's own reader (engine.index.readers.pictures): 1 turns a photo as its EXIF Orientation says; 2 reads each
# page of a TIFF of several
IMAGE_READER_VERSION = 2


class OcrOff(ExtractError):
    """The file needs OCR and OCR is turned off: skipped, not remembered."""


class NoTextFound(ExtractError):
    """An image that decoded but holds no text: with an image model it is indexed by what it shows."""


@dataclass(frozen=True)
class OcrLine:
    text: str
    left: float  # pixels in the recognised image
    top: float
    bottom: float
    confidence: float
    right: float = 0.0  # where the line's last segment ends
    turned: bool = False  # read with the image turned upside down: the box is in the turned image's pixels
    # degrees the image was turned to read its lines level (ocr_skew): the box is in the straightened image's pixels
    skew: float = 0.0


_lock = threading.Lock()


def available() -> bool:
    """True when this machine has an OCR engine."""
    try:
        _engine()
    except ExtractError:
        return False
    return True


@functools.cache
def _engine():
    """The platform's recogniser: a callable image(RGB ndarray) -> [(text, (l, t, r, b), confidence)]."""
    if sys.platform == "darwin":
        try:
            # Deferred: pyobjc's Vision bridge costs ~0.5 s to import and is needed only for OCR
            from ocrmac import ocrmac
        except ImportError as exc:
            raise ExtractError(
                "OCR needs the 'ocrmac' package (macOS Vision), which is not installed."
            ) from exc
        return _VisionRecogniser(ocrmac)
    try:
        # Deferred: onnxruntime + OpenCV cost ~0.3 s to import and are needed only for OCR
        from rapidocr_onnxruntime import RapidOCR
    except ImportError as exc:
        raise ExtractError("OCR needs the 'rapidocr-onnxruntime' package, which is not installed.") from exc
    logging.getLogger("RapidOCR").setLevel(logging.WARNING)
    ocr = RapidOCR()
    decode = ocr.text_rec.postprocess_op
    # the dictionary ends with the space, as RapidOCR adds it: else its own decoding stands
    if (getattr(decode, "character", None) or [None])[-1] == " ":
        ocr.text_rec.postprocess_op = _SpacedDecode(decode.character)
    return _RapidRecogniser(ocr)


class _SpacedDecode:
    """CTC's greedy decoding (a frame's best character, repeats and blanks dropped), with a space between two
    characters where it scored at least SPACE_SCORE in a frame between them; RapidOCR's (text, confidence) pairs."""

    def __init__(self, character: list[str]) -> None:
        self.character = character
        self.space = len(character) - 1

    def __call__(
        self, preds: np.ndarray, return_word_box: bool = False, **_ignored
    ) -> list[tuple[str, float]]:
        best, score = preds.argmax(axis=2), preds.max(axis=2)
        return [self._line(preds[i], best[i], score[i]) for i in range(preds.shape[0])]

    def _line(self, probs: np.ndarray, best: np.ndarray, score: np.ndarray) -> tuple[str, float]:
        out: list[str] = []
        confidence: list[float] = []
        last, previous = 0, -1  # the last frame's best, the frame of the last character written
        for t, c in enumerate(best.tolist()):
            if c != 0 and c != last:
                if c != self.space and out and out[-1] != " " and t - previous > 1:
                    if float(probs[previous + 1 : t, self.space].max()) >= SPACE_SCORE:
                        out.append(" ")
                out.append(self.character[c])
                confidence.append(float(score[t]))
                previous = t
            last = c
        return _zeros("".join(out)), float(np.mean(confidence)) if confidence else 0.0


def _zeros(text: str) -> str:
    """``text`` with an o read in a figure as the zero it is: "06:0o" -> "06:00"."""

    def fix(m: re.Match) -> str:
        run = m.group(0)
        if sum(c.isdigit() for c in run) < 2 or not any(c.isdigit() for c in run[:2] + run[-2:]):
            return run
        return run.replace("o", "0").replace("O", "0")

    return _FIGURE_RUN.sub(fix, text)


class _RapidRecogniser:
    def __init__(self, ocr) -> None:
        self.ocr = ocr

    def __call__(self, rgb: np.ndarray):
        # RapidOCR expects OpenCV's BGR order; lines are read as they stand (UPRIGHT_MIN_CHARS)
        result, _elapsed = self.ocr(rgb[:, :, ::-1].copy(), use_cls=False)
        out = []
        for box, text, score in result or ():
            xs = [p[0] for p in box]
            ys = [p[1] for p in box]
            out.append((text, (min(xs), min(ys), max(xs), max(ys)), float(score)))
        return out


class _VisionRecogniser:  # exercised on macOS only (tests/mac/test_ocr_vision.py)
    def __init__(self, ocrmac) -> None:
        self.ocrmac = ocrmac

    def __call__(self, rgb: np.ndarray):
        from PIL import Image

        h, w = rgb.shape[:2]
        image = Image.fromarray(rgb)
        found = self.ocrmac.OCR(image, recognition_level="accurate").recognize()
        out = []
        for text, confidence, (x, y, bw, bh) in found:  # Vision: normalised, origin at the bottom left
            left, top = x * w, (1.0 - y - bh) * h
            out.append((text, (left, top, left + bw * w, top + bh * h), float(confidence)))
        return out


def recognise(rgb: np.ndarray) -> list[OcrLine]:
    """Text lines of an RGB image in reading order: top to bottom, segments whose vertical extents overlap one line,
    and a page set in columns of prose column by column (engine.index.readers.ocr_layout)."""
    recogniser = _engine()
    skew = estimate_skew(rgb)  # a page photographed or scanned askew is read level
    if skew:
        rgb = straightened(rgb, skew)
    with _lock:  # one recognition at a time: the ONNX session and Vision request are not shared safely
        try:
            segments, turned = recogniser(rgb), False
            if _read_chars(segments) < UPRIGHT_MIN_CHARS:  # next to nothing read: it may be upside down
                other = recogniser(np.ascontiguousarray(rgb[::-1, ::-1]))
                if _read_chars(other) > _read_chars(segments):
                    segments, turned = other, True
        except Exception as exc:  # noqa: BLE001 - OpenCV and ONNX Runtime errors come in many types
            raise ExtractError(f"OCR could not read the image ({type(exc).__name__}: {exc}).") from exc
    segments = [s for s in segments if s[0].strip() and s[2] >= MIN_CONFIDENCE]
    lines = reading_lines(segments)
    out = []
    for line in lines:
        out.append(
            OcrLine(
                " ".join(s[0].strip() for s in line),
                min(s[1][0] for s in line),
                min(s[1][1] for s in line),
                max(s[1][3] for s in line),
                min(s[2] for s in line),
                max(s[1][2] for s in line),
                turned,
                skew,
            )
        )
    return out


def shown_box(
    line: OcrLine, x0: float, x1: float, shape: tuple[int, ...]
) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) in the picture as it is shown (``shape``: its rows, columns) of the part of
    ``line`` from ``x0`` to ``x1`` in the pixels OCR read it in (turned round, straightened)."""
    top, bottom = line.top, line.bottom
    if line.turned:  # read upside down: back to the picture as it was read
        width, height = read_frame(shape, line.skew)
        x0, x1, top, bottom = width - x1, width - x0, height - bottom, height - top
    corners = [to_shown(x, y, shape, line.skew) for x in (x0, x1) for y in (top, bottom)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return min(xs), min(ys), max(xs), max(ys)


def _read_chars(segments) -> float:
    return sum(len(s[0].strip()) * s[2] for s in segments)


def lines_to_page(lines: list[OcrLine], number: int | None) -> Page | None:
    """A page whose text is the recognised lines; a paragraph break where the gap between lines is large, or after a
    line that ends well short of the text's right edge (its writer ended it: "Tuesday 16 March 2027 at 08:15" over
    "Please arrive at 08:00 and ...", a screenshot's label)."""
    if not lines:
        return None
    heights = sorted(line.bottom - line.top for line in lines)
    typical = heights[len(heights) // 2] or 1.0
    parts: list[str] = []
    blocks: list[Block] = []
    start = pos = 0
    for i, line in enumerate(lines):
        if i:
            gap = line.top - lines[i - 1].bottom
            # a blank line's worth of space, or a line ended short: a new paragraph
            if gap > 0.9 * typical or _ended_short(lines[i - 1], lines, typical):
                blocks.append(Block(start, pos - 1))
                start = pos
        parts.append(line.text)
        pos += len(line.text) + 1
    blocks.append(Block(start, pos - 1))
    text = "\n".join(parts)
    blocks = [b for b in blocks if text[b.start : b.end].strip()]
    return Page(text, tuple(blocks), number=number) if blocks else None


def _ended_short(line: OcrLine, lines: list[OcrLine], typical: float) -> bool:
    """Whether ``line`` ends SHORT_LINE of its column's width short of where the column's full lines end (its
    column: the lines starting within four line heights of it)."""
    peers = [other for other in lines if abs(other.left - line.left) <= 4 * typical] or [line]
    rights = sorted(other.right for other in peers)
    lefts = sorted(other.left for other in peers)
    edge = rights[(len(rights) - 1) * 9 // 10]  # where full lines end
    return line.right > 0 and edge - line.right > SHORT_LINE * max(edge - lefts[len(lefts) // 2], 1.0)


def page_pixels(page) -> tuple[np.ndarray | None, float]:
    """A PDF page (pypdfium2) as OCR reads it, RGB rows, and its pixels per point; (None, 0.0) where OCR does not
    read it (no size, too long and narrow). The marks a viewer draws are where OCR read the quoted words."""
    rgb, _note = _render(page, 0, no_check)
    return rgb, (render_scale(*page.get_size()) if rgb is not None else 0.0)


def shape_reason(width: float, height: float, what: str = "The image") -> str | None:
    """Why an image (or a rendered page) of this size is not read by OCR; None when it is."""
    if not (width >= 1 and height >= 1):
        return f"{what} has no size ({width:g} x {height:g})."
    if max(width, height) > MAX_ASPECT * min(width, height):
        return (f"{what} is {width:.0f}x{height:.0f}: too long and narrow for OCR (more than {MAX_ASPECT} times "
                "as long as it is wide).")  # fmt: skip
    return None


def ocr_pdf_pages(
    data: bytes, have: set[int], ocr: bool, check: Callable[[], None] = no_check
) -> tuple[list[Page], list[str]]:
    """Pages of a PDF that have no text layer (their numbers not in ``have``), OCRed; and notes.

    One page is one slice of background work: before each page ``check`` may pause (while interactive work
    runs, ``Deadline.pause``) and raises on a cancel or a spent budget, so either takes effect within a page."""
    try:
        import pypdfium2 as pdfium

        doc = pdfium.PdfDocument(data)
    except Exception as exc:  # noqa: BLE001 - pdfium raises its own PdfiumError and others
        if have:
            return [], [f"scanned pages could not be rendered for OCR ({exc})"]
        raise ExtractError(f"The PDF could not be rendered for OCR ({exc}).") from exc
    try:
        missing = [n for n in range(1, len(doc) + 1) if n not in have]
        if not missing:
            return [], []
        if not ocr:
            if have:
                return [], [f"{len(missing)} page(s) without a text layer were not read: OCR is turned off"]
            raise OcrOff("The PDF has no text layer (scanned pages); OCR, which reads them, is turned off.")
        notes = []
        if len(missing) > MAX_OCR_PAGES:
            notes.append(f"only the first {MAX_OCR_PAGES} of {len(missing)} scanned pages were read by OCR")
            missing = missing[:MAX_OCR_PAGES]
        pages, unread, shrunk = [], [], []
        for number in missing:
            pause_point(check)
            try:
                page = doc[number - 1]
                try:
                    rgb, note = _render(page, number, check)
                finally:
                    page.close()
            except ExtractError:  # a spent memory budget
                raise
            except Exception as exc:  # noqa: BLE001 - PdfiumError, a page PDFium cannot draw: the others go on
                rgb, note = None, f"page {number}: {type(exc).__name__}: {exc}"
            if rgb is None:
                unread.append(note)
                continue
            if note:
                shrunk.append(note)
            got = lines_to_page(recognise(rgb), number)
            del rgb
            if got is not None:
                pages.append(got)
        if shrunk:
            notes.append(f"{len(shrunk)} very large page(s) read at a lower resolution ({shrunk[0]})")
        if unread:
            notes.append(f"{len(unread)} scanned page(s) could not be rendered for OCR ({unread[0]})")
            if not pages and not have:
                raise ExtractError(f"The PDF's scanned pages could not be rendered for OCR ({unread[0]}).")
        if pages:
            notes.append(f"{len(pages)} scanned page(s) read by OCR")
        return pages, notes
    finally:
        doc.close()


def render_scale(width_pt: float, height_pt: float) -> float:
    """Pixels per PDF point for OCR: ``PDF_RENDER_DPI``, lowered so the page has at most ``MAX_RENDER_PIXELS``."""
    scale = PDF_RENDER_DPI / 72
    area = width_pt * height_pt
    if area * scale * scale > MAX_RENDER_PIXELS:
        scale = math.sqrt(MAX_RENDER_PIXELS / area)
    return scale


def _render(page, number: int, check: Callable[[], None]) -> tuple[np.ndarray | None, str]:
    """The page as RGB for OCR, capped in pixels before anything is drawn; or None and why not."""
    width, height = page.get_size()
    if not (math.isfinite(width) and math.isfinite(height)):
        return None, f"page {number} has no size"
    reason = shape_reason(width, height, f"page {number}")
    if reason:
        return None, reason
    scale = render_scale(width, height)
    pixels = int(width * scale) * int(height * scale)
    charge(check, 7 * pixels)  # PDFium's bitmap (4 bytes a pixel) and the RGB copy (3)
    note = ""
    if scale < PDF_RENDER_DPI / 72:
        note = (f"page {number} is {width / 72:.0f} x {height / 72:.0f} inches: read by OCR at {scale * 72:.0f} dpi, "
                f"not {PDF_RENDER_DPI}")  # fmt: skip
    bitmap = page.render(scale=scale)
    try:
        return np.asarray(bitmap.to_pil().convert("RGB")), note
    finally:
        bitmap.close()
