"""What extraction produces: pages of text with block spans and the anchors that map them back to the file.

Shared by ``engine.index.extraction`` (plain text formats) and the format readers (``engine.index.readers``).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cached_property

from engine.core import AlcoveError


class ExtractError(AlcoveError):
    """A file could not be turned into text; the message is the reason shown to the user."""


# a line that opens with a date and a time, as a log's entries and a chat export's messages do: ISO ("2027-04-04
# 02:07:28"), syslog's "Apr  4 02:07:28", a day-month or month-day date ("28/08/2027, 19:10:40", "05.12.27 14:03"),
# bracketed or not ("[28/08/2027, 19:10:40] Jo: ...", WhatsApp on iOS; "28/08/2027, 19:10 - Jo: ...", on Android);
# the day in words, as Alcove writes a chat's or a phone's messages ("Sunday 14 March 2027 09:30 Jo: ...":
# engine.index.readers.messages; a text file whose lines open so is rare enough that no text reader version moved)
STAMPED_LINE = re.compile(
    r"[ \t]*\u200e?\[?(?:\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}|[A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2}"
    r"|\d{1,2}[/.\-]\d{1,2}[/.\-]\d{2,4},?[ \t]+\d{1,2}[:.]\d{2}\b"
    r"|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]* \d{1,2} [A-Z][a-z]+ \d{4},? \d{1,2}:\d{2}\b)"
)
MIN_STAMPED_SHARE = (
    0.5  # of a text file's first lines opening with a time stamp: a log or a chat, an entry a block
)
_STAMP_PROBE_LINES = 40


def is_stamped(text: str) -> bool:
    """Whether ``text`` is a log or a chat export: at least MIN_STAMPED_SHARE of its first lines (five or more)
    open with a time stamp."""
    lines = [ln for ln in text[: 1 << 16].split("\n") if ln.strip()][:_STAMP_PROBE_LINES]
    stamped = sum(STAMPED_LINE.match(ln) is not None for ln in lines)
    return len(lines) >= 5 and stamped >= MIN_STAMPED_SHARE * len(lines)


def entry_blocks(text: str) -> list[Block] | None:
    """A log's entries or a chat export's messages, one block each (a stamped line and the unstamped lines under
    it: a message that runs over lines, a stack trace), when the text ``is_stamped``; None otherwise. A chat
    export has no blank lines: read as paragraphs it is one block, which the chunker cuts anywhere, inside a
    message."""
    if not is_stamped(text):
        return None
    blocks: list[Block] = []
    start = None
    pos = 0
    for line in text.split("\n"):
        if STAMPED_LINE.match(line) or not line.strip():
            if start is not None:
                add_span(blocks, text, start, pos)
            start = pos if line.strip() else None
        elif start is None:
            start = pos
        pos += len(line) + 1
    if start is not None:
        add_span(blocks, text, start, len(text))
    return blocks


def line_starts(text: str) -> list[int]:
    """Where each line of ``text`` starts: entry k is the offset of line k + 1."""
    return [0] + [m.end() for m in re.finditer("\n", text)]


def source_place(starts: list[int], offset: int) -> tuple[int, int]:
    """(1-based line, character offset) of ``offset`` in the text ``starts`` (``line_starts``) was made from: where a
    page's anchor points in its file (``Page.anchors``)."""
    return bisect.bisect_right(starts, offset), offset


@dataclass(frozen=True)
class Block:
    start: int  # character span in Page.text
    end: int
    heading_level: int = 0  # 0: paragraph; 1..6: a heading of that level
    # what the block holds (PDF pages; other readers leave "text"): "text" (prose, list items, headings),
    # "code" (lines set in a monospace font: code, console input and output), "table" (rows of columns); "row": one
    # line of a CSV file (a chunk's overlap carries it whole or not at all); "record": a calendar's event, a
    # contact's card or a GPS track's waypoint (a chunk of its own)
    kind: str = "text"


@dataclass(frozen=True)
class Page:
    text: str
    blocks: tuple[Block, ...]
    number: int | None = None  # PDF page (1-based); None for formats without pages
    # (text offset, source line, source char) for formats whose location text is not the source (HTML); an anchor
    # (text offset, line, char, text length, source length) maps a replaced span (a resolved [[wikilink]]) onto
    # its source span proportionally, so no offset inside it points past it
    anchors: tuple[tuple[int, ...], ...] = ()
    first_line: int = 1
    # PDF pages: blank lines only separate blocks and are no lines of the page, so "line N" is the N-th line of
    # text on the page (as on an OCRed page); elsewhere every newline counts
    text_lines_only: bool = False
    # (text offset, path) wherever the keys a configuration file's line sits under change
    # (engine.index.config_paths): a chunk's heading trail is the path at its first line
    trails: tuple[tuple[int, str], ...] = ()

    def trail_at(self, offset: int) -> str:
        """The path of keys in effect at ``offset`` ("" where the page has none)."""
        i = bisect.bisect_right(self.trails, (offset, "\U0010ffff")) - 1
        return self.trails[i][1] if i >= 0 else ""

    @cached_property
    def _newlines(self) -> list[int]:
        """Offsets of every newline, found once: each ``locate`` is then a binary search, never a scan from
        offset 0 (which made chunking quadratic in the file's size)."""
        if self.text_lines_only:  # only the newlines that end a line with text on it
            return [m.start() for m in _TEXT_LINE_END.finditer(self.text)]
        return [m.start() for m in re.finditer("\n", self.text)]

    def _lines_before(self, offset: int) -> int:
        return bisect.bisect_left(self._newlines, offset)

    def locate(self, offset: int) -> tuple[int, int]:
        """(1-based line, 0-based character) in the source for a character offset in ``text``."""
        if self.anchors:
            i = max(0, bisect.bisect_right(self.anchors, (offset, 1 << 62, 0)) - 1)
            a_off, a_line, a_char = self.anchors[i][:3]
            if len(self.anchors[i]) == 5 and 0 <= offset - a_off < self.anchors[i][3]:
                new_len, src_len = self.anchors[i][3:]
                return a_line, a_char + (offset - a_off) * src_len // new_len
            lines = self._lines_before(offset) - self._lines_before(a_off) if offset > a_off else 0
            return a_line + lines, a_char + max(0, offset - a_off)
        return self.first_line + self._lines_before(offset), offset

    def line_range(self, start: int, end: int) -> tuple[int, int]:
        """(first, last) source line of ``text[start:end]``. Where the text is anchored to its source, every anchor
        inside counts: a reader may write what it reads in another order than the file holds it (a calendar event
        reads its title, then its description, though the file holds the description first)."""
        first = self.locate(start)[0]
        last = self.locate(max(start, end - 1))[0]
        if self.anchors:
            i = bisect.bisect_right(self.anchors, (start, 1 << 62, 0))
            j = bisect.bisect_left(self.anchors, (end, -1, -1))
            lines = [a[1] for a in self.anchors[i:j]]
            if lines:
                first, last = min(first, *lines), max(last, *lines)
        return first, max(first, last)


@dataclass(frozen=True)
class Extracted:
    file_type: str  # text | markdown | rst | code | csv | html | pdf | docx
    pages: tuple[Page, ...]
    encoding: str | None = None  # the text encoding used when it was not UTF-8
    notes: tuple[str, ...] = ()

    @property
    def chars(self) -> int:
        return sum(len(p.text) for p in self.pages)


def looks_binary(data: bytes) -> bool:
    """NUL bytes or many control characters in the first 8 KiB: not a text file in any common encoding."""
    head = data[:8192]
    if not head:
        return False
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16 with a BOM has NULs but is text
        return False
    if b"\x00" in head:
        return True
    controls = sum(1 for b in head if b < 32 and b not in (9, 10, 12, 13, 27))
    return controls / len(head) > 0.05


_TEXT_LINE_END = re.compile(r"(?<=[^\s])[ \t]*\n")


def text_lines_between(text: str, start: int, end: int) -> int:
    """Lines with text that end in ``text[start:end]``: how many lines a PDF page's "line N" moves on from
    ``start`` to ``end`` (blank lines between its blocks are not lines of the page; ``Page.text_lines_only``)."""
    return sum(1 for _ in _TEXT_LINE_END.finditer(text, start, end))


def line_breaks(path: str | None, text: str, start: int, end: int) -> int:
    """How many lines a citation moves on from ``text[start]`` to ``text[end]``, ``text`` being a passage of the
    file at ``path``: its newlines, or in a PDF (``Page.text_lines_only``) its lines with text."""
    name = (path or "").lower()
    if name.endswith((".pdf", ".pdf.gz")):
        return text_lines_between(text, start, end)
    return text.count("\n", start, end)


_BLANK_SPLIT = re.compile(r"\n[ \t]*\n\s*")


def paragraph_blocks(text: str, offset: int = 0, end: int | None = None) -> list[Block]:
    """Paragraphs separated by blank lines (trailing whitespace excluded from each span)."""
    end = len(text) if end is None else end
    blocks: list[Block] = []
    pos = offset
    for m in _BLANK_SPLIT.finditer(text, offset, end):
        add_span(blocks, text, pos, m.start())
        pos = m.end()
    add_span(blocks, text, pos, end)
    return blocks


def line_blocks(text: str, header: tuple[int, int] | None = None, kind: str = "text") -> list[Block]:
    """One block per non-empty line (CSV rows: ``kind`` "row"); the line at ``header`` is a heading, so every
    chunk of the file carries it in its heading trail (engine.index.tables)."""
    blocks: list[Block] = []
    pos = 0
    for line in text.split("\n"):
        level = 1 if header is not None and header[0] == pos else 0
        add_span(blocks, text, pos, pos + len(line), level, kind)
        pos += len(line) + 1
    return blocks


def joined_line(
    pieces: Sequence[tuple[str, tuple[int, int]]],
) -> tuple[str, list[tuple[int, int, int]]] | None:
    """Pieces of a page's line, each (its text, the (file line, file character) it comes from), joined by spaces, each
    anchored where it starts: the line and its anchors as ``line_page`` takes them; None when every piece is empty."""
    out: list[str] = []
    marks: list[tuple[int, int, int]] = []
    size = 0
    for piece, at in pieces:
        if not piece:
            continue
        if out:
            size += 1
        marks.append((size, *at))
        out.append(piece)
        size += len(piece)
    return (" ".join(out), marks) if out else None


def line_page(
    lines: Sequence[tuple[str, Sequence[tuple[int, int, int]]]],
    trails: Sequence[tuple[int, str]] = (),
    sep: str = "\n",
    chunk_starts: Collection[int] = (),
) -> Page:
    """A page of ``lines`` joined by ``sep``, a block each (a message, a transaction, a note's line: none read on into
    the next): each line with its anchors, (offset in the line, source line, source character); ``trails``: (the
    index of the line a trail starts at, the trail); ``chunk_starts``: the indexes of the lines a chunk starts at (a
    "record" block: a page of a graph, a board's card), so no chunk runs on from the one before into them."""
    parts: list[str] = []
    anchors: list[tuple[int, int, int]] = []
    out_trails: list[tuple[int, str]] = []
    blocks: list[Block] = []
    title_at = dict(trails)
    size = 0
    for n, (line, marks) in enumerate(lines):
        if n in title_at:
            out_trails.append((size, title_at[n]))
        anchors += [(size + i, ln, ch) for i, ln, ch in marks]
        parts.append(line)
        size += len(line) + len(sep)
    text = sep.join(parts)
    pos = 0
    for n, line in enumerate(parts):
        add_span(blocks, text, pos, pos + len(line), kind="record" if n in chunk_starts else "text")
        pos += len(line) + len(sep)
    return Page(text, tuple(blocks), anchors=tuple(anchors), trails=tuple(out_trails))


def add_span(
    blocks: list[Block], text: str, start: int, end: int, level: int = 0, kind: str = "text"
) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        blocks.append(Block(start, end, level, kind))
