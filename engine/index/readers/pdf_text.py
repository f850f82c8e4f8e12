"""A PDF's text as a reader sees it: characters normalised, running headers, footers and page numbers found, contents
and index pages found, and line-end hyphens joined, each decided for the whole document.

- Characters: NFC; a spacing accent PDF text layers put beside its letter ("Wirtschaftsuniversit¨at", TeX's
  accents) is composed with it ("Wirtschaftsuniversität"); ligatures (ﬁ, ﬂ, ...) are letters again; TeX's
  copyright circle (a lone CR glyph before "c") is ©; soft hyphens and control characters go.
- Page furniture: the top-most and bottom-most lines of each page are compared across pages with digits and roman
  numerals masked ("Chapter 7: Connections 29" and "Chapter 7: Connections 30" are one header). A line that repeats
  at the same edge and height on several pages, or is a page number alone ("12", "Page 3 of 9", "- iv -"), is
  furniture (the title page's big title is not, though the running header repeats it); so is any edge line at the
  height where furniture was found that holds a number (the header of a chapter one page long).
- Contents pages: pages where dotted leaders to a page number ("1.2 Related software . . . . 2") make up much of the
  text (tables of contents, indexes).
- Hyphens: a word cut at a line end is joined when the joined word is one the document uses elsewhere; a cut PDFium
  marked as hyphenation (U+FFFE) is also joined when neither form occurs elsewhere; a hyphen is kept where the
  document writes the hyphenated form more often than the joined one ("on-line"), where the rest goes on with
  another hyphen ("column-by-column"), and, where the document never writes the joined word, before a capital
  ("Non-Sweave") and for a plain hyphen ("well-known").
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Sequence
from statistics import median

from engine.index.readers.pdf_layout import Line

_ACCENTS = {
    "\u00a8": "\u0308", "\u00b4": "\u0301", "\u02c6": "\u0302", "\u02dc": "\u0303", "\u00b8": "\u0327",
    "\u02da": "\u030a", "\u02dd": "\u030b", "\u02c7": "\u030c", "\u02d8": "\u0306", "\u00af": "\u0304",
    "\u02d9": "\u0307", "\u02db": "\u0328",
}  # fmt: skip
_ACC = "".join(_ACCENTS)
_LETTER = r"[^\W\d_]"
_ACCENT_PAIR = re.compile(rf"([{_ACC}])[ ]?({_LETTER})|({_LETTER})([{_ACC}])(?!{_LETTER})")
_ANY_ACCENT = re.compile(f"[{_ACC}]")
_MARK_FIRST = re.compile(
    rf"(?<!{_LETTER})([\u0300-\u036f]+)({_LETTER})"
)  # a combining mark set before its letter
_LIGATURES = str.maketrans({"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl",
                            "\ufb05": "st", "\ufb06": "st", "\u00ad": None, "\t": " ", "\x0b": " ", "\x0c": " "})  # fmt: skip
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")


def _compose(letter: str, accent: str) -> str:
    """The letter with the accent on it: one precomposed character where Unicode has one ("ä"), else the letter
    and its combining mark ("f̂")."""
    base = {"\u0131": "i", "\u0237": "j"}.get(letter, letter)  # TeX sets accents on a dotless i or j
    return unicodedata.normalize("NFC", base + _ACCENTS[accent])


def _accent(m: re.Match) -> str:
    if m.group(1):
        return _compose(m.group(2), m.group(1))
    return _compose(m.group(3), m.group(4))


def normalise(text: str) -> str:
    """One line of a PDF's text layer as the words a reader sees (see the module's docstring)."""
    if "\r" in text:
        text = re.sub(r"\r(?=c\b)c", "\u00a9", text).replace("\r", " ")
    text = _CONTROL.sub("", text.translate(_LIGATURES))
    if _ANY_ACCENT.search(text):
        text = _ACCENT_PAIR.sub(_accent, text)
    if _MARK_FIRST.search(text):
        text = _MARK_FIRST.sub(lambda m: m.group(2) + m.group(1), text)
    return unicodedata.normalize("NFC", text).strip()


# Page furniture

_ROMAN = re.compile(r"(?<![\w.])[ivxlcdm]{1,7}(?![\w.])", re.IGNORECASE)
_DIGITS = re.compile(r"\d+")
_PAGE_NUMBER = re.compile(r"(?:page\s*)?#(?:\s*(?:of|/)\s*#)?|[-–—]\s*#\s*[-–—]|\[#\]|\(#\)", re.IGNORECASE)
_HAS_NUMBER = re.compile(r"\d|(?<![\w.])[ivxlc]{1,6}(?![\w.])", re.IGNORECASE)


def _key(text: str) -> str:
    text = _DIGITS.sub("#", text.lower())
    text = _ROMAN.sub(lambda m: "#" if _is_roman(m.group()) else m.group(), text)
    return " ".join(text.split())


def _is_roman(word: str) -> bool:
    return re.fullmatch(r"m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})", word.lower()) is not None


def _edges(lines: Sequence[Line]) -> list[tuple[int, str]]:
    """(line index, "top" | "bottom") for a page's edge lines: the top-most and bottom-most, and the next one in
    where that one is a page number alone (a header above its own page-number line)."""
    if not lines:
        return []
    order = _by_height(lines)
    out = [(order[0], "top")]
    if len(order) > 1 and _PAGE_NUMBER.fullmatch(_key(lines[order[0]].text)):
        out.append((order[1], "top"))
    if len(order) > 1:
        out.append((order[-1], "bottom"))
        if len(order) > 2 and _PAGE_NUMBER.fullmatch(_key(lines[order[-1]].text)):
            out.append((order[-2], "bottom"))
    return out


def _by_height(lines: Sequence[Line]) -> list[int]:
    if all(ln.geometry for ln in lines):
        return sorted(range(len(lines)), key=lambda i: -lines[i].y)
    return list(range(len(lines)))


def _apart(lines: Sequence[Line], i: int, where: str) -> bool:
    """Whether edge line ``i`` stands apart from the text: a wider gap to the next line in than a line's."""
    line = lines[i]
    if not line.geometry:
        return False
    inner = [ln.y for ln in lines if ln.geometry and (ln.y < line.y if where == "top" else ln.y > line.y)]
    if not inner:
        return False
    nearest = max(inner) if where == "top" else min(inner)
    return abs(line.y - nearest) >= 1.6 * max(line.size, 1.0)


def find_furniture(pages: Sequence[Sequence[Line]]) -> dict[tuple[int, int], str]:
    """(page index, line index) -> "top" | "bottom" for every running header, footer and page number in the
    document. A page keeps at least one line that is not furniture by repetition alone (a one-line page's body
    text, repeated with other digits on the next page, is no header)."""
    edges = [_edges(lines) for lines in pages]
    seen: dict[tuple[str, str], set[int]] = defaultdict(set)
    for p, page_edges in enumerate(edges):
        for i, where in page_edges:
            seen[(where, _key(pages[p][i].text))].add(p)
    # a short document's header: on 2 pages where it stands apart from the text, else on 3 and nearly every page
    repeat = 3 if len(pages) > 5 else max(3, len(pages) - 1)
    apart_repeat = min(repeat, 2)
    height: dict[tuple[str, str], float] = {}  # where a repeated line usually sits: elsewhere it is no header
    for group, members in seen.items():
        ys = [pages[p][i].y for p in members for i, w in edges[p] if w == group[0] and pages[p][i].geometry
              and _key(pages[p][i].text) == group[1]]  # fmt: skip
        if ys:
            height[group] = median(ys)
    found: dict[tuple[int, int], str] = {}
    heights: dict[str, Counter[int]] = defaultdict(Counter)  # where furniture sits, by whole points
    taken: Counter[int] = Counter()  # furniture lines found on each page so far
    for p, page_edges in enumerate(edges):
        for i, where in page_edges:
            line, key = pages[p][i], _key(pages[p][i].text)
            number = _PAGE_NUMBER.fullmatch(key) is not None
            left = len(pages[p]) - taken[p]
            usual = (
                not line.geometry or abs(line.y - height.get((where, key), line.y)) <= 2.0
            )  # not the title
            needed = apart_repeat if _apart(pages[p], i, where) else repeat
            if number or (len(seen[(where, key)]) >= needed and len(key) <= 160 and left > 1 and usual):
                found[(p, i)] = where
                taken[p] += 1
                if line.geometry:
                    heights[where][round(line.y)] += 1
    for p, page_edges in enumerate(edges):  # a chapter's header on its only page: at the furniture's height
        for i, where in page_edges:
            line = pages[p][i]
            if (
                (p, i) in found
                or not line.geometry
                or not _HAS_NUMBER.search(line.text)
                or len(line.text) > 160
            ):
                continue
            needed = apart_repeat if _apart(pages[p], i, where) else repeat
            at = round(line.y)
            if sum(heights[where][y] for y in (at - 1, at, at + 1)) >= needed:
                found[(p, i)] = where
    return found


# Contents and index pages

_LEADER = re.compile(
    r"(?:\.\s?){4,}\s*(?:\d+|[ivxlc]+)(?:,\s*\d+)*\s*$|\s\.\s\.\s\.(?:\s\.)*\s*$", re.IGNORECASE
)


def is_contents(lines: Sequence[Line]) -> bool:
    """A table of contents or an index: entries with dotted leaders to page numbers make up much of the page."""
    if not lines:
        return False
    leaders = sum(1 for ln in lines if (". ." in ln.text or "...." in ln.text) and _LEADER.search(ln.text))
    return leaders >= 10 or (leaders >= 3 and leaders >= 0.4 * len(lines))


# Hyphenation

_WORDS = re.compile(rf"{_LETTER}+(?:-{_LETTER}+)*")
_TAIL = re.compile(rf"({_LETTER}+)-?$")
_HEAD = re.compile(rf"^({_LETTER}+)(-)?")


class Vocabulary:
    """How often the document uses each word, and which hyphenated compounds it writes with their hyphen."""

    def __init__(self, pages: Sequence[Sequence[Line]]) -> None:
        self.words: Counter[str] = Counter()
        self.compounds: Counter[str] = Counter()
        for lines in pages:
            for ln in lines:
                for w in _WORDS.findall(ln.text.lower()):
                    if "-" in w:
                        self.compounds[w] += 1
                        self.words.update(w.split("-"))
                    else:
                        self.words[w] += 1

    def join_with(self, first: str, second: str, soft: bool) -> str | None:
        """How to join the cut word ``first`` | ``second``: "" (one word), "-" (a compound) or None (not a cut
        word: the line is left as it is)."""
        if not first or not second:
            return None
        joined, hyphened = (first + second).lower(), f"{first}-{second}".lower()
        if self.compounds[hyphened] > self.words[joined]:
            return "-"
        if self.words[joined] > 0:
            return ""
        if second[0].isupper() and not second.isupper():
            return "-"
        return "" if soft else "-"


# an option's two dashes at a line end, its name on the next line ("The two command line options --" /
# "exclusive-threshold=<n> and ..."): a typesetter may break a line after "--" (Apache FOP does)
_OPTION_CUT = re.compile(r"(?:^|\s)--$")
_OPTION_REST = re.compile(r"[a-z][\w-]*")


def _join_option(a: Line, b: Line) -> bool:
    """Move the option's name up to its dashes (or, where ``b`` would be left empty, the dashes down)."""
    token = b.text.split(None, 1)
    if len(token) > 1:
        a.text, b.text = a.text + token[0], token[1]
    else:
        a.text, b.text = a.text[:-2].rstrip(), "--" + b.text
        if not a.text:
            return False
    return True


def join_hyphens(a: Line, b: Line, vocab: Vocabulary) -> bool:
    """Join the word cut at the end of ``a`` (ending in "-", or in PDFium's hyphenation mark) with its rest at the
    start of ``b``: the rest moves up to ``a`` (or, where ``b`` would be left empty, the start moves down), so
    each line stays a line. True when the lines changed."""
    if not a.soft_hyphen and not a.text.endswith("-"):
        return False
    if _OPTION_CUT.search(a.text) and _OPTION_REST.match(b.text):
        return _join_option(a, b)
    tail = _TAIL.search(a.text)
    head = _HEAD.match(b.text)
    if tail is None or head is None or (not a.soft_hyphen and not head.group(1)[0].islower()):
        return False
    joiner = "-" if head.group(2) else vocab.join_with(tail.group(1), head.group(1), a.soft_hyphen)
    if joiner is None:
        return False
    first = a.text[:-1] if a.text.endswith("-") else a.text
    token = b.text.split(None, 1)
    rest = token[1] if len(token) > 1 else ""
    if rest:
        a.text, b.text = first + joiner + token[0], rest
        a.soft_hyphen = False
        return True
    words = first.rsplit(None, 1)
    if len(words) == 2:
        a.text, b.text = words[0], words[1] + joiner + b.text
        a.soft_hyphen = False
        return True
    if a.soft_hyphen:
        a.text, a.soft_hyphen = first + "-", False  # two one-word lines: the hyphen is shown, nothing moves
        return True
    return False


# The raw text layer read the same way (the source viewer finds a quote on the page with it)

_LAYER_MARK = re.compile(r"(?<=[^\W\d_][^\W\d_])\d{1,2}(?=[\s.,;:)\]]|$)")  # "Kadatch1 and": maybe a mark
_LAYER_CUT = re.compile(rf"(?<={_LETTER})(?:\ufffe|-\r\n)(?={_LETTER})")


def text_layer_views(raw: str) -> list[tuple[str, list[int]]]:
    """A page's raw PDFium text (``get_text_range``) as this reader's words, each character with the index of the
    raw character it comes from, so a quoted passage of the indexed text is found on the page and boxed there:
    accents composed, ligatures expanded, ``\\r\\n`` as a newline; two views, line-end cuts joined ("example")
    and with their hyphen kept ("well-known"), and a third where a word's trailing digits may be a footnote's mark
    the reader left out ("Kadatch1": the layer keeps no baseline to tell)."""
    views = []
    for joiner in ("", "-"):
        out: list[str] = []
        index: list[int] = []
        pos = 0
        for m in _LAYER_CUT.finditer(raw):
            _append_layer(raw, pos, m.start(), out, index)
            if joiner:
                out.append(joiner)
                index.append(m.start())
            pos = m.end()
        _append_layer(raw, pos, len(raw), out, index)
        views.append(("".join(out), index))
    text, index = views[0]
    marks = [m.span() for m in _LAYER_MARK.finditer(text)]
    if marks:
        drop = {k for a, b in marks for k in range(a, b)}
        kept = [k for k in range(len(text)) if k not in drop]
        views.append(("".join(text[k] for k in kept), [index[k] for k in kept]))
    return views


def _append_layer(raw: str, start: int, end: int, out: list[str], index: list[int]) -> None:
    i = start
    while i < end:
        ch = raw[i]
        nxt = raw[i + 1] if i + 1 < end else ""
        if ch == "\r" and nxt == "\n":
            if _OPTION_CUT.search(raw, max(start, i - 3), i) and raw[i + 2 : i + 3].islower():
                i += 2  # "--" / "exclusive-threshold": the option's name joins its dashes (``_join_option``)
                continue
            out.append("\n")
            index.append(i)
            i += 2
            continue
        composed = None
        if ch in _ACCENTS and nxt.isalpha():
            composed = _compose(nxt, ch)
        elif nxt and nxt in _ACCENTS and ch.isalpha() and not (i + 2 < end and raw[i + 2].isalpha()):
            composed = _compose(ch, nxt)
        if composed:
            out.extend(composed)
            index.extend([i] * len(composed))
            i += 2
            continue
        for piece in (ch.translate(_LIGATURES) if ch not in "\r" else " ") or " ":
            out.append(piece)
            index.append(i)
        i += 1
