"""A page photographed or scanned askew, read straight: the angle its lines of text lie at, found from the picture
itself, and the picture turned by it before OCR reads it.

OCR's segments come back as upright boxes. On a page turned two degrees a full line of text rises 90 pixels across
a phone's photo, more than a line's height, so its box overlaps the lines above and below it and the page's lines
were grouped as one (ocr_layout.rows) and read out of order. The angle is the one at which the rows of ink line up
best: the dark pixels (darker than their surroundings, so a shadow across the page is not ink) are summed along each
row of the picture turned by each angle tried, and the angle whose rows are most uneven (all ink or none) wins. The
same way of working for RapidOCR and for macOS Vision, which gives upright boxes only.

``to_shown`` takes a point of the straightened picture back to the picture as it is shown (the viewer's marks).
"""

from __future__ import annotations

import math

import numpy as np

MAX_SKEW = 10.0  # degrees either way that are tried: a page turned further is photographed on its side
COARSE_STEP = 0.5
FINE_STEP = 0.1
# A page is turned only when its lines lie at least this far from level (a scan a little off is read as it is) ...
MIN_SKEW = 0.5
# ... and line up this much better turned than as they stand (a picture without lines of text lines up no better)
MIN_GAIN = 1.1
PROBE_SIDE = 1000  # the picture is measured at this many pixels on its long side
INK_CONTRAST = 20  # a pixel this much darker than its surroundings (0-255) is ink


def _ink(rgb: np.ndarray):
    from PIL import Image, ImageFilter

    image = Image.fromarray(rgb).convert("L")
    scale = PROBE_SIDE / max(image.size)
    if scale < 1.0:
        image = image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))))
    gray = np.asarray(image, dtype=np.int16)
    around = np.asarray(image.filter(ImageFilter.BoxBlur(12)), dtype=np.int16)
    return Image.fromarray(((around - gray) >= INK_CONTRAST).astype(np.uint8) * 255)


def _alignment(ink, degrees: float) -> float:
    from PIL import Image

    turned = ink.rotate(degrees, resample=Image.Resampling.BILINEAR, fillcolor=0) if degrees else ink
    rows = np.asarray(turned, dtype=np.float64).sum(axis=1)
    return float(np.square(rows).sum())


def estimate_skew(rgb: np.ndarray) -> float:
    """The angle (degrees, counter-clockwise as the picture is shown) to turn ``rgb`` by so that its lines of text
    lie level; 0.0 where it is within MIN_SKEW of level or turning lines nothing up better (no text, a chart)."""
    ink = _ink(rgb)
    level = _alignment(ink, 0.0)
    if level <= 0.0:
        return 0.0
    steps = round(MAX_SKEW / COARSE_STEP)
    best = max((k * COARSE_STEP for k in range(-steps, steps + 1)), key=lambda a: _alignment(ink, a))
    fine = round(COARSE_STEP / FINE_STEP)
    best = max((best + k * FINE_STEP for k in range(-fine, fine + 1)), key=lambda a: _alignment(ink, a))
    if abs(best) < MIN_SKEW or _alignment(ink, best) < MIN_GAIN * level:
        return 0.0
    return round(best, 2)


def _frame(width: int, height: int, degrees: float) -> tuple[int, int]:
    """The size of the picture turned by ``degrees``, all of it kept."""
    a = math.radians(degrees)
    c, s = abs(math.cos(a)), abs(math.sin(a))
    return math.ceil(width * c + height * s), math.ceil(width * s + height * c)


def _to_input(width: int, height: int, degrees: float) -> tuple[float, ...]:
    """The affine map from the turned picture's pixels to the shown picture's (PIL's AFFINE data)."""
    a = -math.radians(degrees)  # the turned picture's pixel comes from the shown one turned back
    c, s = math.cos(a), math.sin(a)
    fw, fh = _frame(width, height, degrees)
    cx, cy, fx, fy = width / 2, height / 2, fw / 2, fh / 2
    # shown = centre + R(a) (turned - frame centre); R(a) turns by ``a`` counter-clockwise as seen (y runs down)
    return (c, s, cx - c * fx - s * fy, -s, c, cy + s * fx - c * fy)


def straightened(rgb: np.ndarray, degrees: float) -> np.ndarray:
    """``rgb`` turned by ``degrees`` (estimate_skew's), on white, none of it cut off."""
    from PIL import Image

    height, width = rgb.shape[:2]
    size = _frame(width, height, degrees)
    turned = Image.fromarray(rgb).transform(size, Image.Transform.AFFINE, _to_input(width, height, degrees),
                                            resample=Image.Resampling.BICUBIC, fillcolor=(255, 255, 255))  # fmt: skip
    return np.asarray(turned)


def to_shown(x: float, y: float, shape: tuple[int, ...], degrees: float) -> tuple[float, float]:
    """A point of the picture ``straightened`` by ``degrees`` in the picture as shown (``shape``: its rows, columns)."""
    if not degrees:
        return x, y
    a, b, c, d, e, f = _to_input(shape[1], shape[0], degrees)
    return a * x + b * y + c, d * x + e * y + f


def read_frame(shape: tuple[int, ...], degrees: float) -> tuple[int, int]:
    """(width, height) of the picture OCR read: the shown one's, or the straightened one's."""
    return _frame(shape[1], shape[0], degrees) if degrees else (shape[1], shape[0])
