"""Token-aware chunking that respects headings and paragraphs and keeps every chunk's exact place.

Paragraphs are packed into chunks of at most ``max_tokens`` tokens of the embedder's own tokenizer; a heading
always starts a new chunk, and each chunk remembers the heading trail above it (embedded with it, so a paragraph
under "Installation > macOS" is found by those words). A paragraph too long for one chunk is cut at token
boundaries, preferring line and sentence ends. Consecutive chunks of one section overlap by about
``overlap_tokens`` tokens. Chunks never span PDF pages, so every chunk has one page and one character span.
"""

from __future__ import annotations

import bisect
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from engine.index.bounds import charge
from engine.index.extraction import Extracted, Page
from engine.index.markup import OUTLINE_STARS

# Long paragraphs are tokenized in pieces of about this many characters, cut at whitespace: the tokenizer is
# superlinear on one huge string (4 MB in one call: 10 s, in 32 KB pieces: 7 s), one piece is the granularity at
# which a cancel or deadline is noticed, and offsets are kept as int32 arrays (8 bytes a token, not ~100).
SEGMENT_CHARS = 32_768
BATCH_CHARS = 131_072  # characters tokenized between two calls of ``check`` (~0.1 s)
_SPACE = re.compile(r"\s")

HEADING_MAX_CHARS = 160  # the heading trail is cut to this, so it never pushes a chunk past the limit
HEADING_SLACK_TOKENS = 24  # a chunk may run this far over budget rather than leave a heading on its own


@dataclass(frozen=True)
class Chunk:
    ordinal: int
    text: str  # exactly Page.text[span]: for text formats, exactly the file's characters
    heading: str  # "Title > Section > Subsection" above the chunk ("" when none)
    page: int | None
    line_start: int  # 1-based, inclusive
    line_end: int
    char_start: (
        int  # 0-based source characters, end exclusive (see engine.index.extraction for what they index)
    )
    char_end: int
    token_count: int  # tokens of ``text`` (without special tokens), as counted by the embedder's tokenizer

    def embedding_text(self) -> str:
        """What is embedded: the heading trail (context) followed by the text."""
        if self.heading:
            return f"{self.heading}\n{self.text}"
        return self.text


def chunk_budget(max_seq_length: int, max_tokens: int = 180) -> int:
    """Tokens of text per chunk: room is left for special tokens, a query/document prefix and the heading."""
    return max(16, min(max_tokens, max_seq_length - 48))


def chunk_document(
    doc: Extracted,
    tokenizer,
    *,
    max_tokens: int = 180,
    overlap_tokens: int = 24,
    check: Callable[[], None] | None = None,
) -> list[Chunk]:
    """Chunks of ``doc``; time and memory are linear in its size. ``check`` (a cancel or deadline test that
    raises to stop) is called after every ~128K characters tokenized and every 256 chunks emitted."""
    tokenizer = _plain(tokenizer)
    chunks: list[Chunk] = []
    trail: list[tuple[int, str]] = []
    check = check or _no_check
    for page in doc.pages:
        check()
        _chunk_page(page, tokenizer, max_tokens, overlap_tokens, trail, chunks, check)
    return chunks


def _no_check() -> None:
    return None


def _segments(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Spans of at most ~SEGMENT_CHARS covering [start, end), each cut just after a whitespace character where
    there is one in the piece's last quarter (so no word is cut and the tokens are the same as in one call)."""
    spans = []
    pos = start
    while end - pos > SEGMENT_CHARS:
        cut = pos + SEGMENT_CHARS
        lo = cut - SEGMENT_CHARS // 4
        space = None
        for m in _SPACE.finditer(text, lo, cut):
            space = m.end()
        cut = space if space is not None and space > pos else cut
        spans.append((pos, cut))
        pos = cut
    spans.append((pos, end))
    return spans


def encode_offsets(
    tokenizer, text: str, spans: list[tuple[int, int]], check: Callable[[], None] = _no_check
) -> list[np.ndarray]:
    """For each span of ``text``: the non-empty tokens' (start, end) offsets relative to the span's start, as an
    int32 array of shape (n, 2); long spans are tokenized in segments, ``check`` called between batches."""
    pieces: list[tuple[int, int, int]] = []  # (span index, segment start, segment end)
    for i, (start, end) in enumerate(spans):
        pieces.extend((i, a, b) for a, b in _segments(text, start, end))
    parts: list[list[np.ndarray]] = [[] for _ in spans]
    batch: list[tuple[int, int, int]] = []
    size = 0

    def run() -> None:
        encs = tokenizer.encode_batch([text[a:b] for _, a, b in batch], add_special_tokens=False)
        for (i, a, _), enc in zip(batch, encs, strict=True):
            off = np.asarray(enc.offsets, dtype=np.int32).reshape(-1, 2)
            off = off[off[:, 1] > off[:, 0]] + (a - spans[i][0])
            parts[i].append(off)
            charge(check, off.nbytes)
        batch.clear()
        check()

    for piece in pieces:
        batch.append(piece)
        size += piece[2] - piece[1]
        if size >= BATCH_CHARS:
            run()
            size = 0
    if batch:
        run()
    return [np.concatenate(p) if len(p) > 1 else p[0] for p in parts]


def _plain(tokenizer):
    """A tokenizer that neither truncates nor pads (a copy if the given one does)."""
    if getattr(tokenizer, "truncation", None) or getattr(tokenizer, "padding", None):
        from tokenizers import Tokenizer

        tokenizer = Tokenizer.from_str(tokenizer.to_str())
        tokenizer.no_truncation()
        tokenizer.no_padding()
    return tokenizer


def _heading_text(page: Page, start: int, end: int) -> str:
    line = page.text[start:end].strip().split("\n", 1)[0]
    return OUTLINE_STARS.sub("", line.lstrip("#").strip().rstrip("#").strip())


def _trail_text(trail: list[tuple[int, str]]) -> str:
    text = " > ".join(t for _, t in trail if t)
    return text if len(text) <= HEADING_MAX_CHARS else "…" + text[-HEADING_MAX_CHARS:]


class _Packer:
    """Packs paragraphs of one page into chunks; ``heading`` is fixed when a chunk starts."""

    def __init__(self, page: Page, max_tokens: int, overlap: int, out: list[Chunk]) -> None:
        self.page, self.max, self.overlap, self.out = page, max_tokens, overlap, out
        self.start = self.end = -1
        self.tokens = self.parts = 0
        self.heading = ""
        self.only_heading = False
        # (start, tokens, offsets, whole) of the last paragraph added; whole: a table's row, carried whole or not
        self.last: tuple[int, int, list, bool] | None = None

    def reset(self) -> None:
        self.start = self.end = -1
        self.tokens = self.parts = 0
        self.only_heading = False
        self.last = None

    def flush(self, carry_heading: str | None = None) -> None:
        """Emit the open chunk; with ``carry_heading``, open the next one with a little overlap."""
        if self.start < 0:
            return
        self.emit(self.start, self.end, self.tokens)
        carry = self._overlap_start() if carry_heading is not None and self.parts > 1 else None
        end = self.end
        self.reset()
        if carry is not None:
            self.start, self.tokens = carry
            self.end, self.parts, self.heading = end, 1, carry_heading

    def _overlap_start(self) -> tuple[int, int] | None:
        if self.last is None or self.overlap <= 0:
            return None
        start, n, offsets, whole = self.last
        if n <= self.overlap:
            return start, n
        if whole:  # never half a row: "Acorns Nursery,640.00,..." is no row
            return None
        k = _line_start(
            self.page.text, start, offsets, _word_start(self.page.text, start, offsets, n - self.overlap)
        )
        return (start + offsets[k][0], n - k) if k < n else None

    def add(
        self,
        start: int,
        end: int,
        n: int,
        offsets: list,
        heading: str,
        is_heading: bool = False,
        whole: bool = False,
    ) -> None:
        slack = HEADING_SLACK_TOKENS if self.only_heading else 0  # keep a heading with its paragraph
        if self.start >= 0 and self.tokens + n > self.max + slack:
            self.flush(carry_heading=heading)
            if self.start >= 0 and self.tokens + n > self.max:  # the overlap itself does not fit
                self.reset()
        if self.start < 0:
            self.start, self.heading, self.only_heading = start, heading, is_heading
        else:
            self.only_heading = self.only_heading and is_heading
        self.end = end
        self.tokens += n
        self.parts += 1
        self.last = (start, n, offsets, whole)

    def emit(self, start: int, end: int, n: int, heading: str | None = None) -> None:
        page = self.page
        char_start = page.locate(start)[1]
        char_end = page.locate(max(start, end - 1))[1]
        line_start, line_end = page.line_range(start, end)
        self.out.append(
            Chunk(
                len(self.out),
                page.text[start:end],
                page.trail_at(start) if page.trails else (self.heading if heading is None else heading),
                page.number,
                line_start,
                line_end,
                char_start,
                char_end + 1 if end > start else char_start,
                n,
            )
        )


def _word_start(text: str, base: int, offsets, k: int, limit: int | None = None) -> int:
    """The first token at or after ``k`` (and before ``limit``) that starts a word, so an overlap never begins
    mid-word; ``limit`` (or the end) when there is none. The limit keeps a 4 MB "word" from being rescanned."""
    n = len(offsets) if limit is None else min(limit, len(offsets))
    while 0 < k < n:
        s = base + offsets[k][0]
        if text[s - 1].isspace() or base + offsets[k - 1][1] < s:
            break
        k += 1
    return k


def _line_start(text: str, base: int, offsets, k: int) -> int:
    """The token where the line holding token ``k`` starts, within the block (a table's row, a list's item, a
    wrapped line: an overlap never opens mid-row, "20 | Same two readings ..."), else the next line's first token;
    ``k`` itself in a block of one line."""
    n = len(offsets)
    if not 0 < k < n:
        return k
    line = text.rfind("\n", base + offsets[0][0], base + offsets[k][0] + 1)
    if line < 0:  # no line break before it in the block: the next line's start, if any
        nxt = text.find("\n", base + offsets[k][0], base + offsets[n - 1][1])
        if nxt < 0:
            return k
        line = nxt
    at = bisect.bisect_left([o[0] for o in offsets], line + 1 - base)
    return at if 0 < at < n else k


def _split_long(text: str, base: int, offsets, budget: int, overlap: int) -> list[tuple[int, int, int]]:
    """Windows (start, end, tokens) over one paragraph longer than ``budget`` tokens. Each window reads only its
    own slice of ``offsets`` (a list, or an int32 array for huge paragraphs), so the cost is linear."""
    n = len(offsets)
    windows = []
    i = 0
    while i < n:
        j = min(n, i + budget)
        win = offsets[i : min(n, j + 1)]
        win = win.tolist() if isinstance(win, np.ndarray) else win
        if j < n:  # prefer a break after a line end, then after a sentence end, in the window's last 40%
            lo = i + max(1, int(budget * 0.6))
            best = None
            for k in range(j, lo, -1):
                gap = text[base + win[k - 1 - i][1] : base + win[k - i][0]]
                if "\n" in gap:
                    best = k
                    break
                if best is None and gap and text[base + win[k - 1 - i][1] - 1] in ".!?;:":
                    best = k
            j = best or j
        windows.append((base + win[0][0], base + win[j - 1 - i][1], j - i))
        if j >= n:
            break
        k0 = max(i + 1, j - overlap)
        nxt = i + _word_start(text, base, win, k0 - i, j - i)
        lined = i + _line_start(text, base, win[: j - i], nxt - i) if nxt < j else nxt
        i = lined if i < lined < j else nxt if nxt < j else j
    return windows


def _chunk_page(
    page: Page,
    tokenizer,
    max_tokens: int,
    overlap: int,
    trail: list[tuple[int, str]],
    out: list[Chunk],
    check: Callable[[], None],
) -> None:
    spans = [(b.start, b.end) for b in page.blocks]
    encodings = encode_offsets(tokenizer, page.text, spans, check) if spans else []
    packer = _Packer(page, max_tokens, overlap, out)
    emitted = len(out)
    for block, offsets in zip(page.blocks, encodings, strict=True):
        if len(out) - emitted >= 256:
            charge(check, _chunks_bytes(out, emitted))
            check()
            emitted = len(out)
        if not len(offsets):
            offsets = np.array([[0, block.end - block.start]], dtype=np.int32)
        offsets = offsets.tolist() if len(offsets) <= 4 * max_tokens else offsets
        n = len(offsets)
        if block.heading_level and n <= max_tokens:
            if not packer.only_heading:  # consecutive headings stay together
                packer.flush()
            while trail and trail[-1][0] >= block.heading_level:
                trail.pop()
            above = _trail_text(trail)  # the heading itself is the chunk's first line
            trail.append((block.heading_level, _heading_text(page, block.start, block.end)))
            packer.add(block.start, block.end, n, offsets, above, is_heading=True)
            continue
        heading = _trail_text(trail)
        if block.kind == "record":
            packer.flush()  # an event, a contact's card, a waypoint: a chunk of its own, found and shown as one
        if n <= max_tokens:
            packer.add(block.start, block.end, n, offsets, heading, whole=block.kind == "row")
            continue
        # One paragraph longer than a chunk: windows; a lone heading before it joins the first window.
        lead = (packer.start, packer.tokens, packer.heading) if packer.only_heading else None
        if lead is None:
            packer.flush()
        windows = _split_long(page.text, block.start, offsets, max_tokens, overlap)
        for w, (s, e, k) in enumerate(windows):
            if w == 0 and lead is not None:
                if lead[1] + k <= max_tokens + HEADING_SLACK_TOKENS:
                    packer.emit(lead[0], e, lead[1] + k, lead[2])
                    continue
                packer.emit(lead[0], packer.end, lead[1], lead[2])
            packer.emit(s, e, k, heading)
        packer.reset()
    packer.flush()
    charge(check, _chunks_bytes(out, emitted))


CHUNK_BYTES = 320  # a Chunk and its fields beside its text (measured with tracemalloc)


def _chunks_bytes(out: list[Chunk], start: int) -> int:
    """What the chunks from ``start`` on hold: their texts (the embedding text, built from them, doubles it)."""
    return sum(2 * sys.getsizeof(c.text) + CHUNK_BYTES for c in out[start:])
