"""The visual lines of a PDF page, read from PDFium's text layer with their place and type.

PDFium's text (``get_text_range``) holds one string character per PDF character, line ends as generated ``\\r\\n``
and, where it judged a line-end hyphen to be hyphenation, U+FFFE in its place with the next line joined on. Here
that string is cut back into the lines a reader sees: at every ``\\r\\n`` and after every U+FFFE; pieces PDFium put
on lines of their own though they sit on one baseline (a footnote mark's superscript broke the line) are joined
again. Each line keeps what telling a heading, a code line, a table row or a page's running header needs: its
left and right edges and baseline (PDF points), its font size, how much of it is set in a monospace or a bold font,
and the column gaps inside it. ``engine.index.readers.pdf_text`` turns a document's lines into pages and blocks.
"""

from __future__ import annotations

import ctypes
import re
from dataclasses import dataclass
from statistics import median

COLUMN_GAP_EM = 1.5  # a gap this many times the font size wide between two words is a column gap, not a space
_MONO_NAME = re.compile(r"mono|courier|typewriter|consol|menlo|inconsolata|code|cmtt|lmtt|sfmono|\btt|tt\d|fixed",
                        re.IGNORECASE)  # fmt: skip
_BREAK = re.compile("\r\n|\n|\ufffe|\r$")  # a lone CR inside a line is a glyph (TeX's circle of ©)
_LETTER = re.compile(r"[^\W\d_]")
_WORD = re.compile(r"[^\s\ufffe]+")
_BOLD_NAME = re.compile(r"bold|black|heavy|semibold|demi|cmbx|\bbx", re.IGNORECASE)
# a word that ends in a number set as a footnote's mark: "Kadatch1", "Jenkins2" (checked by the digits' baseline)
_MARKED_WORD = re.compile(r"[^\W\d_]{2}(\d{1,2})$")
FOOTNOTE_RISE = 0.2  # a mark's baseline is raised by at least this share of the word's font size
_UNIT = re.compile(r"(?<![^\W\d_])(?:[ckmdnµ]?m|ft|in|yd|mi)$")  # "cm2", "km2": a unit squared, not a mark


@dataclass(slots=True)
class Line:
    """One visual line of a page. Geometry is None where the text layer could not be mapped to characters."""

    text: str
    soft_hyphen: bool = False  # the line ended in a hyphen PDFium judged to be hyphenation (U+FFFE)
    x0: float = 0.0  # left edge of the first character, PDF points
    x1: float = 0.0  # right edge of the last character
    y: float = 0.0  # baseline, PDF points from the page's bottom
    size: float = 0.0  # the font size most of its characters have
    mono: float = 0.0  # share of its characters set in a monospace font
    bold: float = 0.0  # share set in a bold font
    gaps: tuple[int, ...] = ()  # the words (their index in ``text.split()``) a column gap comes before
    prose_words: int = 0  # words with a letter set in a proportional font (a sentence around inline code)
    geometry: bool = True
    form_row: bool = False  # a line a filled-in form's values joined (pdf_forms): a block of its own


class _Fonts:
    """Monospace and bold flags of the font a character is set in, by the font's name (each name read once)."""

    def __init__(self, raw) -> None:
        self.get_info = raw.FPDFText_GetFontInfo
        self.cache: dict[tuple[bytes, int], tuple[bool, bool]] = {}
        self.buf = ctypes.create_string_buffer(128)
        self.flags_value = ctypes.c_int()
        self.flags_ref = ctypes.byref(self.flags_value)

    def flags(self, textpage, index: int) -> tuple[bool, bool]:
        self.get_info(textpage, index, self.buf, len(self.buf), self.flags_ref)
        key = (self.buf.value, self.flags_value.value)
        found = self.cache.get(key)
        if found is None:
            name = key[0].decode("latin-1", "replace").split("+", 1)[-1]  # "ABCDEF+CMTT10": a subset's prefix
            flags = key[1]
            found = (bool(flags & 1) or bool(_MONO_NAME.search(name)),
                     bool(flags & (1 << 18)) or bool(_BOLD_NAME.search(name)))  # fmt: skip
            self.cache[key] = found
        return found


def page_lines(textpage) -> list[Line]:
    """The visual lines of a pypdfium2 ``PdfTextPage``, top to bottom as PDFium reads them."""
    import pypdfium2.raw as raw

    text = textpage.get_text_range()
    n = textpage.count_chars()
    if n != len(text):  # the string is not one character per PDF character: no geometry can be trusted
        return text_lines(text)
    tp = textpage.raw
    fonts = _Fonts(raw)
    # the loose box (the glyph's advance, one struct): half the cost of four doubles per call, and a word's
    # advance is what spaces it from the next
    box = raw.FS_RECTF()
    box_ref = ctypes.byref(box)
    ox, oy = ctypes.c_double(), ctypes.c_double()
    ox_ref, oy_ref = ctypes.byref(ox), ctypes.byref(oy)
    get_box, get_origin, get_size = (
        raw.FPDFText_GetLooseCharBox,
        raw.FPDFText_GetCharOrigin,
        raw.FPDFText_GetFontSize,
    )
    lines: list[Line] = []
    start = 0
    for brk in _BREAK.finditer(text + "\n"):
        i = brk.start()
        spans = [(m.start(), m.end() - 1) for m in _WORD.finditer(text, start, i)]
        n = len(spans)
        sampled = {0, n // 2, n - 1}  # size and baseline: read on three words
        # fonts: read on five words; on every word only where one of those is monospace (inline code)
        probes = {k: fonts.flags(tp, spans[k][0]) for k in {0, n // 4, n // 2, (3 * n) // 4, n - 1} if n}
        mixed = any(mono for mono, _ in probes.values())
        plain = (False, all(bold for _, bold in probes.values()))
        words = []
        for k, (a, b) in enumerate(spans):
            if not get_box(tp, a, box_ref):
                continue
            x_left, x_right = box.left, box.right
            if b > a and get_box(tp, b, box_ref):
                x_right = box.right
            info = None
            if k in sampled:
                get_origin(tp, a, ox_ref, oy_ref)
                info = (oy.value, get_size(tp, a))
            mono, bold = probes.get(k) or (fonts.flags(tp, a) if mixed else plain)
            prose = not mono and _LETTER.search(text, a, b + 1) is not None
            words.append((a - start, b + 1 - start, x_left, x_right, info, mono, bold, prose, k))
        marks = [
            m
            for a, b in spans
            if text[b].isdigit()
            and (m := _footnote_mark(tp, text, a, b, get_origin, get_size, (ox_ref, oy_ref, oy)))
        ]
        own = text[start:i]
        for a, b in reversed(marks):  # a footnote's mark is no part of the word: "Kadatch1" is "Kadatch"
            own = own[: a - start] + own[b - start :]
        line = _line(own, words, brk.group() == "\ufffe")
        if line is not None:
            _append(lines, line)
        start = brk.end()
    return lines


def _footnote_mark(tp, text: str, a: int, b: int, get_origin, get_size, origin) -> tuple[int, int] | None:
    """Where the word ``text[a:b + 1]`` ends in a footnote's mark, digits set above its baseline ("Kadatch1"), as
    (start, end) in ``text``; None for any other word ("utf8", "x86", "mp3" sit on the baseline). ``origin``: the
    caller's (x, y) references for PDFium's answer and the y double they fill."""
    m = _MARKED_WORD.search(text, a, b + 1)
    if m is None or _UNIT.search(text, a, m.start(1)):
        return None
    ox_ref, oy_ref, oy = origin
    get_origin(tp, a, ox_ref, oy_ref)
    base, size = oy.value, get_size(tp, a)
    get_origin(tp, m.start(1), ox_ref, oy_ref)
    if oy.value - base < FOOTNOTE_RISE * max(size, 1.0):
        return None
    return m.start(1), m.end(1)


def _line(text: str, words: list[tuple], soft: bool) -> Line | None:
    """A line from its text and its words' (start, end, left, right, info, mono, bold, prose, index): ``info``
    (baseline, size) is read on a few words only; the monospace and bold shares are by characters."""
    stripped = text.strip()
    if not stripped:
        return None
    read = [w[4] for w in words if w[4] is not None]
    if not read:
        return Line(stripped, soft, geometry=False)
    weights = [w[1] - w[0] for w in words]
    total = sum(weights)
    size = median(info[1] for info in read)
    gaps = tuple(
        cur[8]
        for prev, cur in zip(words, words[1:], strict=False)
        if cur[2] - prev[3] >= COLUMN_GAP_EM * max(size, 1.0)
    )
    return Line(
        stripped, soft, words[0][2], max(w[3] for w in words), median(info[0] for info in read), size,
        sum(k * w[5] for k, w in zip(weights, words, strict=True)) / total,
        sum(k * w[6] for k, w in zip(weights, words, strict=True)) / total, gaps, sum(w[7] for w in words),
    )  # fmt: skip


def _append(lines: list[Line], line: Line) -> None:
    """Add ``line``, joined to the line before when both sit on one baseline, this one to the right of it
    (PDFium breaks a line at a superscript: ".RData5" / "in the current directory"; a footnote's mark)."""
    prev = lines[-1] if lines else None
    if (
        prev is not None
        and prev.geometry
        and line.geometry
        and not prev.soft_hyphen
        and abs(prev.y - line.y) < _baseline_slack(prev, line)
        and line.x0 >= prev.x1 - 1.0
    ):
        gap = line.x0 - prev.x1
        sep = "" if gap < 0.12 * max(line.size, 1.0) else " "
        if (
            not sep
            and line.text.isdigit()
            and len(line.text) <= 2
            and line.y - prev.y >= FOOTNOTE_RISE * max(prev.size, 1.0)
            and prev.text[-1:].isalpha()
            and not _UNIT.search(prev.text)
        ):
            return  # a footnote's mark after a word ("in the .RData" and a raised "5"): no part of it
        column = gap >= COLUMN_GAP_EM * max(line.size, 1.0)
        width = len(prev.text.split()) - (0 if sep else 1)  # words before this piece's first
        n_prev, n_line = len(prev.text), len(line.text)
        lines[-1] = Line(
            prev.text + sep + line.text, line.soft_hyphen, prev.x0, line.x1, prev.y, prev.size,
            (prev.mono * n_prev + line.mono * n_line) / (n_prev + n_line),
            (prev.bold * n_prev + line.bold * n_line) / (n_prev + n_line),
            prev.gaps + ((width,) if column else ()) + tuple(width + g for g in line.gaps),
            prev.prose_words + line.prose_words,
        )  # fmt: skip
        return
    lines.append(line)


def _baseline_slack(a: Line, b: Line) -> float:
    """How far apart two pieces' baselines may be on one visual line: a superscript (a footnote's mark, set
    smaller) sits up to about half the text's size above it."""
    big, small = max(a.size, b.size, 1.0), min(a.size, b.size)
    return (0.6 if small < 0.85 * big else 0.3) * big


def text_lines(text: str) -> list[Line]:
    """Lines of a text layer without geometry (pypdf's, or PDFium's where characters cannot be mapped)."""
    out = []
    text = text.replace("\r\n", "\n").replace("\ufffe", "\ufffe\n")
    for raw_line in text.split("\n"):
        soft = raw_line.endswith("\ufffe")
        stripped = raw_line.rstrip("\ufffe").replace("\r", " ").strip()
        if stripped:
            out.append(Line(stripped, soft, geometry=False))
    return out
