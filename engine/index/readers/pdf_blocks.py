"""A PDF document's visual lines (``pdf_layout``) turned into pages of blocks: headings, paragraphs, code and tables.

Each page's text is its lines of text, one per visual line (a table cell's wrapped end goes on with its row), top to
bottom, with a blank line between two blocks; blank lines are no lines of the page (``Page.text_lines_only``), so
"page 12, line 30" is the 30th line of text on page 12 whatever was cleaned. Running headers, footers, page numbers
and whole contents or index pages stay in the page's text (so every line keeps its number) but in no block, so no
chunk and no quoted sentence holds them.

Lines are told apart by their type and place (``pdf_layout.Line``): a line in a font clearly larger than the
document's body text is a heading (its level by size, the largest 1), so is a short line wholly in bold; a line
mostly in a monospace font is code (console input and output included) unless three or more of its words are in
a proportional font (a sentence about identifiers); consecutive lines with two or more column gaps are a table, and
so are consecutive lines of two cells whose second holds a figure (a bill's "Balance now, in debit | £122.60", a price
list, opening hours), under a header line of two short names ("Treatment | Price"); a line set into a table's column
right under a row is the wrapped end of that row. A new paragraph starts after a line that ends a sentence short of
the right margin, at a wider gap between lines than the page's usual, at a change of font size, at a list bullet or
number, at a line whose first word stands in a column of its own (a definition list's term), and after a short line
alone whose text below is set further in (a list item's label: "1. Precision").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from statistics import median

from engine.index.bounds import no_check
from engine.index.document import Block, Page
from engine.index.readers.pdf_layout import Line
from engine.index.readers.pdf_text import Vocabulary, find_furniture, is_contents, join_hyphens, normalise

HEADING_SIZE_RATIO = 1.12  # a font this much larger than the body text's is a heading's
MONO_SHARE = 0.6  # a line this much in a monospace font is code
_BULLET = re.compile(r"^(?:[•◦▪‣∙·○●■□–—*-]\s|\(?\d{1,3}[.)]\s|\(?[a-z][.)]\s|\([ivx]{1,4}\)\s)")
_MARK = re.compile(r"[\d*†‡§¶]{1,3}")
_SENTENCE_END = re.compile(r"[.!?:;]['\"”’)\]]*$")
# a two-cell row's value is a figure with a few words ("9.00am to 12.30pm, on the first and third Saturday ..."),
# its label a few words more
MAX_VALUE_WORDS = 20
MAX_LABEL_WORDS = 16
_FIGURE = re.compile(r"^[-+±(]?[£$€¥]?\d")  # a cell that opens with a figure: 12, £38.15, (3.50), -4


def document_pages(
    numbered: Sequence[tuple[int, list[Line]]], check: Callable[[], None] = no_check
) -> list[Page]:
    """Pages (their PDF numbers kept) for the lines of every page of one PDF that has text."""
    pages = [lines for _, lines in numbered]
    for lines in pages:
        for ln in lines:
            ln.text = normalise(ln.text)
    pages = [[ln for ln in lines if ln.text] for lines in pages]
    furniture = find_furniture(pages)
    vocab = Vocabulary(pages)
    body = _body_size(pages)
    levels = _heading_levels(pages, body)
    out = []
    for p, ((number, _), lines) in enumerate(zip(numbered, pages, strict=True)):
        check()
        where = {i: furniture[(p, i)] for i in range(len(lines)) if (p, i) in furniture}
        # headers first and footers last, where they are seen (a footer may come first in the content stream)
        top = sorted((i for i in where if where[i] == "top"), key=lambda i: -lines[i].y)
        bottom = sorted((i for i in where if where[i] == "bottom"), key=lambda i: -lines[i].y)
        order = top + [i for i in range(len(lines)) if i not in where] + bottom
        lines = [lines[i] for i in order]
        skip = set(range(len(top))) | set(range(len(lines) - len(bottom), len(lines)))
        if is_contents([ln for i, ln in enumerate(lines) if i not in skip]):
            skip = set(range(len(lines)))
        out.append(_page(number, lines, skip, body, levels, vocab))
    return out


def _body_size(pages: Sequence[Sequence[Line]]) -> float:
    sizes: Counter[float] = Counter()
    for lines in pages:
        for ln in lines:
            if ln.geometry and ln.size > 0:
                sizes[round(ln.size * 2) / 2] += len(ln.text)
    return sizes.most_common(1)[0][0] if sizes else 0.0


def _heading_levels(pages: Sequence[Sequence[Line]], body: float) -> dict[float, int]:
    """Heading level by rounded font size: the largest heading size is level 1 (at most 5 levels by size; a
    bold line at body size is one level below the smallest)."""
    sizes = {
        round(ln.size * 2) / 2
        for lines in pages
        for ln in lines
        if body and ln.geometry and ln.size >= body * HEADING_SIZE_RATIO and ln.mono < MONO_SHARE
    }
    return {s: min(5, i + 1) for i, s in enumerate(sorted(sizes, reverse=True))}


def _kind(line: Line, body: float, levels: dict[float, int]) -> tuple[str, int]:
    """("heading", level) | ("code", 0) | ("row", 0) | ("text", 0) for one line."""
    if not line.geometry or not body:
        return "text", 0
    if len(line.gaps) >= 2 and line.mono < 0.95:  # cells apart (some in a monospace font: names in a table)
        return "row", 0
    if line.mono >= MONO_SHARE and line.prose_words < 3:  # not a sentence about identifiers
        return "code", 0
    if len(line.text) <= 200 and line.size >= body * HEADING_SIZE_RATIO:
        return "heading", levels.get(round(line.size * 2) / 2, 1)
    if (
        line.bold >= 0.9
        and abs(line.size - body) <= 0.1 * body
        and len(line.text) <= 80
        and not line.text.endswith((".", ",", ";"))
    ):
        return "heading", min(6, len(levels) + 1)
    if len(line.gaps) >= 2:
        return "row", 0
    return "text", 0


def _page(
    number: int, lines: list[Line], skip: set[int], body: float, levels: dict[float, int], vocab: Vocabulary
) -> Page:
    kinds = [("skip", 0) if i in skip else _kind(ln, body, levels) for i, ln in enumerate(lines)]
    kinds = _wrapped_code(lines, _tables(_wrapped_cells(lines, _value_rows(lines, kinds))))
    wraps = {i for i, (kind, _) in enumerate(kinds) if kind == "wrap"}
    kinds = [("table", 0) if i in wraps else k for i, k in enumerate(kinds)]
    groups = _groups(lines, kinds)
    for group in groups:  # words cut at line ends, inside prose only
        if group[1] == "text":
            members = group[3]
            for a, b in zip(members, members[1:], strict=False):
                join_hyphens(lines[a], lines[b], vocab)
    parts: list[str] = []
    blocks: list[Block] = []
    pos = 0
    for gi, (level, kind, _, members) in enumerate(groups):
        if gi:
            parts.append("\n\n")
            pos += 2
        start = pos
        indents = _indents([lines[i] for i in members]) if kind == "code" else [0] * len(members)
        for k, (i, indent) in enumerate(zip(members, indents, strict=True)):
            if i in wraps:  # a cell's wrapped end goes on with its row
                parts.append(" " + lines[i].text)
                pos += 1 + len(lines[i].text)
                continue
            if k:
                parts.append("\n")
                pos += 1
            text = _cells(lines[i]) if kind == "table" else " " * indent + lines[i].text
            parts.append(text)
            pos += len(text)
        if kind != "skip" and pos > start:
            blocks.append(Block(start, pos, level, "text" if kind == "heading" else kind))
    return Page("".join(parts), tuple(blocks), number=number, text_lines_only=True)


def _cells(line: Line) -> str:
    """A table row with a tab between its cells (where a column gap was), a space inside them."""
    words = line.text.split()
    gaps = set(line.gaps)
    return "".join(("\t" if k in gaps else " ") + w if k else w for k, w in enumerate(words))


def _indents(code: list[Line]) -> list[int]:
    """Each code line's indentation in characters of its monospace font, from its left edge (a PDF holds no
    leading spaces): ``if (x)`` / ``    stop()`` read as written."""
    if not all(ln.geometry for ln in code) or len(code) < 2:
        return [0] * len(code)
    width = (
        median((ln.x1 - ln.x0) / len(ln.text) for ln in code if len(ln.text) >= 4)
        if any(len(ln.text) >= 4 for ln in code)
        else 0.0
    )
    if width <= 0:
        return [0] * len(code)
    left = min(ln.x0 for ln in code)
    return [min(40, round((ln.x0 - left) / width)) for ln in code]


def _wrapped_code(lines: list[Line], kinds: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """A monospace line that goes on with a sentence of the paragraph above it (a URL or a name wrapped onto the
    next line, not indented past the line above) is that paragraph's line, not a code block; a line between two
    code lines, indented as far, is code."""
    out = list(kinds)
    for i in range(1, len(lines)):
        prev, line = lines[i - 1], lines[i]
        if out[i][0] != "code" or out[i - 1][0] != "text" or not (prev.geometry and line.geometry):
            continue
        if _SENTENCE_END.search(prev.text) or line.x0 > prev.x0 + 0.5 * max(line.size, 1.0):
            continue
        if any(c.isalpha() for c in line.text) and (" " not in line.text or line.mono < 0.95):
            out[i] = ("text", 0)
    for i in range(1, len(lines) - 1):  # a placeholder inside an example ("[function body omitted]") is code
        prev, line, nxt = lines[i - 1], lines[i], lines[i + 1]
        if (
            out[i][0] == "text"
            and out[i - 1][0] == out[i + 1][0] == "code"
            and line.geometry
            and prev.geometry
        ):
            if line.x0 >= prev.x0 - 1.0 and nxt.geometry and nxt.x0 >= prev.x0 - 1.0:
                out[i] = ("code", 0)
    return out


def _two_cells(line: Line) -> tuple[list[str], list[str]] | None:
    """A prose line's words before and after its one column gap; None for a line with no gap or several."""
    if not line.geometry or len(line.gaps) != 1:
        return None
    words = line.text.split()
    return words[: line.gaps[0]], words[line.gaps[0] :]


def _value_rows(lines: list[Line], kinds: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """Runs of two or more prose lines of two cells whose second holds a figure, at least half of them opening with
    it ("£38.15", "12 April 2027", "8.00am to 6.00pm": a definition list's descriptions open with words), are table
    rows, with the line of two short names without a figure right above them (their header)."""
    out = list(kinds)

    def value(i: int) -> bool:  # a bold row is a row too ("Balance now, in debit | £122.60")
        cells = _two_cells(lines[i]) if out[i][0] in ("text", "heading") else None
        return (
            cells is not None
            and len(cells[0]) <= MAX_LABEL_WORDS
            and len(cells[1]) <= MAX_VALUE_WORDS
            and any(ch.isdigit() for ch in " ".join(cells[1]))
        )

    def opens_with_figure(i: int) -> bool:
        return _FIGURE.match(lines[i].text.split()[lines[i].gaps[0]]) is not None

    i = 0
    while i < len(out):
        j = i
        while j < len(out) and value(j):
            j += 1
        if j - i < 2 or 2 * sum(opens_with_figure(k) for k in range(i, j)) < j - i:
            i = max(j, i + 1)
            continue
        for k in range(i, j):
            out[k] = ("row", 0)
        head = _two_cells(lines[i - 1]) if i and out[i - 1][0] in ("text", "heading") else None
        if head and all(len(c) <= 4 for c in head) and not any(ch.isdigit() for ch in lines[i - 1].text):
            out[i - 1] = ("row", 0)
        i = j
    return out


def _wrapped_cells(lines: list[Line], kinds: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """A prose line with no column gap, set further in than the row above it (in one of its later columns) and right
    under it, is that row's wrapped last cell ("2 check-ups ..., X-rays when needed," / "10% off all other
    treatment") when another row comes right after it, or nothing does (the table's last row wrapped)."""
    out = list(kinds)
    for i in range(1, len(lines)):
        prev, line = lines[i - 1], lines[i]
        if (
            out[i][0] != "text"
            or out[i - 1][0] != "row"
            or line.gaps
            or not (prev.geometry and line.geometry)
        ):
            continue
        size = max(line.size, 1.0)
        if not (line.x0 > prev.x0 + 2.0 * size and 0 < prev.y - line.y < 1.6 * size):
            continue
        nxt = lines[i + 1] if i + 1 < len(lines) else None
        if nxt is None or out[i + 1][0] == "row" or not (nxt.geometry and 0 < line.y - nxt.y < 1.6 * size):
            out[i] = ("wrap", 0)
    return out


def _tables(kinds: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """Runs of two or more rows are a table; a row alone is a paragraph's line. A row's wrapped cell ("wrap") stays
    "wrap", inside its table."""
    out = list(kinds)
    i = 0
    while i < len(out):
        if out[i][0] != "row":
            i += 1
            continue
        j = i
        while j < len(out) and out[j][0] in ("row", "wrap"):
            j += 1
        while out[j - 1][0] == "wrap":
            j -= 1
        rows = sum(out[k][0] == "row" for k in range(i, j))
        for k in range(i, j):
            if out[k][0] == "row":
                out[k] = ("table", 0) if rows >= 2 else ("text", 0)
            else:
                out[k] = ("wrap", 0) if rows >= 2 else ("text", 0)
        i = j
    return out


def _groups(lines: list[Line], kinds: list[tuple[str, int]]) -> list[tuple[int, str, int, list[int]]]:
    """(heading level, kind, first line, line indexes) for each block of the page, in order; "skip" groups hold
    the furniture (one group per run of such lines)."""
    text_lines = [ln for ln, (k, _) in zip(lines, kinds, strict=True) if k == "text" and ln.geometry]
    right = max((ln.x1 for ln in text_lines), default=0.0)
    if not text_lines:  # no geometry (pypdf's text): the right margin in characters
        right = float(max((len(ln.text) for ln in lines), default=0))
    steps = [
        a.y - b.y
        for a, b, ka, kb in zip(lines, lines[1:], kinds, kinds[1:], strict=False)
        if ka[0] == kb[0] == "text" and a.geometry and b.geometry and 0 < a.y - b.y < 3 * max(a.size, 1.0)
    ]
    pitch = median(steps) if steps else 0.0
    groups: list[tuple[int, str, int, list[int]]] = []
    for i, (kind, level) in enumerate(kinds):
        if groups and not _breaks(lines, kinds, groups[-1], i, right, pitch):
            groups[-1][3].append(i)
            continue
        groups.append((level, kind, i, [i]))
    return groups


def _breaks(
    lines: list[Line], kinds: list[tuple[str, int]], group: tuple, i: int, right: float, pitch: float
) -> bool:
    """Whether line ``i`` starts a new block after ``group`` (the block of the line before)."""
    level, kind, _, members = group
    prev, line = lines[members[-1]], lines[i]
    new_kind, new_level = kinds[i]
    if new_kind != kind or new_level != level:
        return True
    geometry = prev.geometry and line.geometry
    gap = prev.y - line.y if geometry else 0.0
    if kind == "table":  # two tables one under the other, with space between them
        return geometry and gap > 2.0 * max(line.size, 1.0)
    if kind == "skip":
        return False
    if kind == "heading":
        return geometry and not 0 < gap < 2.0 * max(line.size, 1.0)
    if kind == "code":
        return geometry and not -0.5 < gap < 3.6 * max(line.size, 1.0)  # blank lines inside code: one block
    # prose
    if _MARK.fullmatch(prev.text) and len(members) == 1:  # a footnote's mark on a line of its own
        return False
    if _BULLET.match(line.text) or line.form_row or prev.form_row:  # a form's row: its label and answer alone
        return True
    if not geometry:  # a sentence's end on a line clearly shorter than the page's longest ends a paragraph
        return _SENTENCE_END.search(prev.text) is not None and len(prev.text) < 0.8 * right
    size = max(line.size, 1.0)
    if abs(line.size - prev.size) > 0.12 * size:
        return True
    if pitch and gap > 1.45 * pitch or gap < -0.5 * size:
        return True
    if line.gaps and line.gaps[0] <= 3:  # a term in a column of its own: a definition list's entry
        return True
    ended = _SENTENCE_END.search(prev.text) is not None
    if ended and (prev.x1 < right - 2.0 * size or line.x0 > prev.x0 + 0.8 * size):
        return True
    # a short line with the text under it set further in: a list item's label ("1. Precision") or a term
    return len(members) == 1 and prev.x1 < right - 6.0 * size and line.x0 > prev.x0 + 0.8 * size
