"""Map the ``[n]`` markers of an answer to the passages they cite: file, page, lines and the quoted text.

The quote is the stretch of the cited passage (a sentence or a few lines) that shares the most words with the
answer sentence carrying the marker; its line numbers are computed from its place inside the chunk, so they point
at the quoted lines in the file, not just at the chunk.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.index import STAMPED_LINE, line_breaks
from engine.rag.code_comments import comment_margins
from engine.rag.source_lines import mapped_lines
from engine.rag.sources import Source
from engine.rag.tuning import MAX_QUOTE_CHARS

_MARKER = re.compile(r"\[\s*(\d+(?:\s*(?:,|;|-|–|and)\s*\d+)*)\s*\]")
_NUM_RANGE = re.compile(r"(\d+)\s*[-–]\s*(\d+)")
_WORD = re.compile(r"\w+", re.UNICODE)
# a sentence ends after . ! ? (not after "e.g.", "i.e.", "ie.", "eg.", "cf.", "vs.", which go on, nor after a Rust inner
# doc comment's mark, "//! " or "/*! ", nor after a name's initial or a title before a name, "W. Askew", "Mrs. Hale",
# "St. Ives", nor "est." before a year) or a bracket closing after one ("(Valid values are 1 to 9.)"), at a blank line,
# or before a list item: a line opening with "-", "*", "•" or "1." / "1)", after a line comment's mark too ("/// - ",
# "//! 1. "; not a wrapped line that opens with a number: "if its modulo of\n4 equals zero")
_LINE_COMMENT_MARK = r"(?:(?://[/!]?|#+)[ \t]+)?"  # "/// ", "//! ", "# " before a list item's mark
_SENTENCE_END = re.compile(
    r"(?<=[.!?])(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bie\.)(?<!\beg\.)(?<!\bcf\.)(?<!\bvs\.)(?<!//!)(?<!/\*!)"
    r"(?!(?<=\best\.)\s+\d)"  # "est. 1958"
    r"(?!(?-i:(?<=[\s(][A-Z]\.)|(?<=\bMrs\.)|(?<=\bMr\.)|(?<=\bMs\.)|(?<=\bDr\.)|(?<=\bSt\.))[ \t]+(?-i:[A-Z]))"
    r"\s+(?![\s\u2014\u2013])|(?<=[.!?]\))\s+"  # "lights? — Three red lights": the dash goes on
    r"|\n\s*\n"
    r"|\n(?=\s*" + _LINE_COMMENT_MARK + r"(?:[-*•]|\d{1,3}[.)]\s))",
    re.IGNORECASE,
)
_RULE_LINE = re.compile(r"[=\-~^*#]{3,}[ \t]*\n")  # a heading's underline, a horizontal rule
_LIST_NUMBER = re.compile(_LINE_COMMENT_MARK + r"\d{1,3}[.)]")  # "1.", and in a line comment "//! 1."
# a line of console input or output: a prompt ("R> ", "> ", "$ ", ">>> ", "% "), R's printed vector ("[1] FALSE"), or
# a line with no word of three letters (numbers, symbols: "4.440892e-16")
_CONSOLE_LINE = re.compile(r"[ \t]*(?:(?:R|>>>|\$|%|>|#)[ \t>]|\[\d+\][ \t])|(?![^\n]*[A-Za-z]{3})[^\n]*\S")
# a line of prose: a capital letter, then at least three more words ("The function all.equal() compares ...")
_CAPS_HEADING = re.compile(r"[ \t]*[A-Z]{2,}(?:[ \t][A-Z]{2,})*[ \t]*")  # "EXIT STATUS", "ADVANCED USAGE"
_CAPITAL_LINE = re.compile(r"[ \t]*[A-Z][a-z]")  # a line that opens a sentence
_PROSE_LINE = re.compile(r"[ \t]*[A-Z][a-z]*[ \t]+(?:\S+[ \t]+){2,}\S")
_STOP = frozenset(
    "a an and are as at be by can do does for from has have how i if in into is it its of on or that the this "
    "to was were what when where which who why will with you your not no".split()
)


@dataclass(frozen=True)
class Citation:
    n: int
    path: str
    page: int | None
    line_start: int | None
    line_end: int | None
    quote: str
    chunk_id: int | None = None
    marker_start: int = 0  # where the first marker citing this source sits in the answer (characters)
    marker_end: int = 0
    inferred: bool = False  # the model wrote no marker; the sentence was matched to this source by its words

    def to_json(self) -> dict:
        return {
            "n": self.n,
            "path": self.path,
            "page": self.page,
            "line_start": self.line_start,
            "line_end": self.line_end,
            "quote": self.quote,
            "inferred": self.inferred,
        }


@dataclass(frozen=True)
class Marker:
    numbers: tuple[int, ...]
    start: int
    end: int


def find_markers(answer: str) -> list[Marker]:
    """``[1]``, ``[1, 2]``, ``[1-3]``, ``[2; 4]`` (a range expands; at most 20 numbers per marker)."""
    out = []
    for m in _MARKER.finditer(answer):
        body = m.group(1)
        nums: list[int] = []
        for r in _NUM_RANGE.finditer(body):
            lo, hi = int(r.group(1)), int(r.group(2))
            if lo <= hi and hi - lo < 20:
                nums.extend(range(lo, hi + 1))
        body = _NUM_RANGE.sub(" ", body)
        nums.extend(int(x) for x in re.findall(r"\d+", body))
        out.append(Marker(tuple(dict.fromkeys(nums)), m.start(), m.end()))
    return out


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text) if w.lower() not in _STOP and len(w) > 1}


def citing_sentence(answer: str, marker: Marker) -> str:
    """The answer text the marker refers to: from the previous sentence end up to the marker."""
    head = answer[: marker.start]
    cut = max(head.rfind(". "), head.rfind("\n"), head.rfind("! "), head.rfind("? "), head.rfind("]"))
    text = head[cut + 1 :] if cut >= 0 else head
    if not _words(text):  # "... Paris. [1]": the marker follows its sentence
        text = head[max(0, len(head) - 300) :]
    return _MARKER.sub(" ", text).strip()


def segments(text: str) -> list[tuple[int, int]]:
    """Sentence / line spans of a passage (character offsets), blank spans dropped. A rule line opening a span
    (the underline of the heading above it: "-----------\nShort tests run on CircleCI ...") is a span of its own,
    so the sentence after it reads as written; the number opening a numbered item ("1. The rules file ...") stays
    with its sentence."""
    spans, pos = [], 0
    margins = comment_margins(text)  # a block comment's margin star opens no list item
    for m in _SENTENCE_END.finditer(text):
        if m.start() in margins and m.group() == "\n":
            continue
        spans.append((pos, m.start()))
        pos = m.end()
    spans.append((pos, len(text)))
    spans = [piece for a, b in spans for piece in _after_console(text, a, b)]
    out = []
    for a, b in spans:
        while a < b and text[a].isspace():
            a += 1
        rule = _RULE_LINE.match(text, a, b)
        if rule is not None:
            out.append((a, a + len(rule.group().rstrip())))
            a = rule.end()
            while a < b and text[a].isspace():
                a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if b > a:
            if out and _LIST_NUMBER.fullmatch(text, *out[-1]) and "\n" not in text[out[-1][1] : a]:
                a = out.pop()[0]  # "1." opening a numbered item is not a sentence of its own
            out.append((a, b))
    return out


def _indent_at(text: str, pos: int) -> int:
    end = pos
    while end < len(text) and text[end] in " \t":
        end += 1
    return end - pos


def _deeper(text: str, line: int, below: int) -> bool:
    """Whether the line at ``below`` is indented deeper than the line at ``line``."""
    return _indent_at(text, below) > _indent_at(text, line)


def _after_console(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """``text[a:b]`` cut where a line of prose follows console lines with no full stop between them: "R> a * a
    == 2\n[1] FALSE\n...\n[1] 2.00000000000000044\nThe function all.equal() compares ..." is the output, then the
    sentence, never one sentence that starts with the output; after a section's name in capitals over its indented
    text or a sentence (a manual page's "DESCRIPTION" / "       watch runs command repeatedly, ...", a letter's
    "ADMISSION" / "Please bring ..."); and before a line that opens with a time stamp (a log's entries, one per
    line, with no full stops)."""
    cuts = []
    pos = text.find("\n", a, b)
    while pos >= 0:
        line_start = text.rfind("\n", a, pos) + 1 or a
        line_start = max(line_start, a)
        if _CONSOLE_LINE.match(text, line_start, pos) and _PROSE_LINE.match(text, pos + 1, b):
            cuts.append(pos)
        elif _CAPS_HEADING.fullmatch(text, line_start, pos) and (
            _deeper(text, line_start, pos + 1) or _CAPITAL_LINE.match(text, pos + 1, b)
        ):
            # a section's name in capitals over its text: "NOTES" / "   POSIX ...", "ADMISSION" / "Please ..."
            cuts.append(pos)
        elif STAMPED_LINE.match(text, pos + 1, b):
            cuts.append(pos)  # a log's entry, by its time stamp: "2027-04-04 02:07:28 INFO [prune] ..."
        pos = text.find("\n", pos + 1, b)
    if not cuts:
        return [(a, b)]
    bounds = [a, *cuts, b]
    return [(bounds[i], bounds[i + 1]) for i in range(len(bounds) - 1)]


def best_quote(passage: str, claim: str) -> tuple[int, int]:
    """(start, end) in ``passage`` of the sentence sharing the most words with ``claim`` (extended by the next
    sentence of the same paragraph when that adds at least two more shared words); the passage's opening when
    nothing is shared."""
    segs = segments(passage)
    if not segs:
        return 0, 0
    want = _words(claim)
    overlaps = [len(want & _words(passage[a:b])) for a, b in segs]
    best = max(range(len(segs)), key=lambda i: (overlaps[i], -i))
    if overlaps[best] == 0:
        a, b = segs[0]
        return a, min(b, a + MAX_QUOTE_CHARS)
    a, b = segs[best]
    for j in (best + 1, best - 1):  # a claim spanning two sentences of one paragraph
        if 0 <= j < len(segs):
            lo, hi = min(segs[j][0], a), max(segs[j][1], b)
            gap = passage[min(b, segs[j][1]) : max(a, segs[j][0])]
            joined = len(want & _words(passage[lo:hi]))
            if "\n\n" not in gap and joined >= overlaps[best] + 2 and hi - lo <= MAX_QUOTE_CHARS:
                a, b = lo, hi
                break
    return a, min(b, a + MAX_QUOTE_CHARS)


def quote_lines(source: Source, start: int, end: int) -> tuple[int | None, int | None]:
    """File line numbers of ``source.text[start:end]``: counted from the chunk's first line where the chunk's
    text is the file's characters, through the page's anchors where it is visible text (engine.rag.source_lines)."""
    if source.line_start is None:
        return None, None
    mapped = mapped_lines(source.path, source.char_start, source.text, start, end)
    if mapped is not None:
        return mapped
    first = source.line_start + line_breaks(source.path, source.text, 0, start)  # a PDF's blank lines: none
    last = first + line_breaks(source.path, source.text, start, max(start, end - 1))
    if source.line_end is not None:
        first, last = min(first, source.line_end), min(last, source.line_end)
    return first, last


def map_citations(answer: str, sources: Sequence[Source]) -> tuple[tuple[Citation, ...], tuple[int, ...]]:
    """(one Citation per cited source in order of first mention, marker numbers that match no source)."""
    by_n = {s.n: s for s in sources}
    cites: dict[int, Citation] = {}
    invalid: list[int] = []
    for marker in find_markers(answer):
        claim = citing_sentence(answer, marker)
        for n in marker.numbers:
            src = by_n.get(n)
            if src is None:
                if n not in invalid:
                    invalid.append(n)
                continue
            if n in cites:
                continue
            a, b = best_quote(src.text, claim)
            first, last = quote_lines(src, a, b)
            cites[n] = Citation(
                n=n,
                path=src.path,
                page=src.page,
                line_start=first,
                line_end=last,
                quote=src.text[a:b],
                chunk_id=src.chunk_id,
                marker_start=marker.start,
                marker_end=marker.end,
            )
    return tuple(cites.values()), tuple(invalid)


def strip_invalid_markers(answer: str, invalid: Sequence[int]) -> str:
    """Remove markers whose every number matches no source (so the reader never sees a dangling [7])."""
    bad = set(invalid)
    if not bad:
        return answer

    def fix(m: re.Match) -> str:
        nums = find_markers(m.group(0))[0].numbers
        return "" if nums and all(n in bad for n in nums) else m.group(0)

    return _MARKER.sub(fix, answer)


def _answer_sentences(answer: str) -> list[tuple[int, int]]:
    return segments(answer)


def infer_citations(
    answer: str, sources: Sequence[Source], *, min_shared: int = 3, min_share: float = 0.5
) -> tuple[str, tuple[Citation, ...]]:
    """For answer sentences that carry no marker, attach the source they were taken from: the source sharing the
    most content words with the sentence, when it shares at least ``min_shared`` words and ``min_share`` of the
    sentence's words (small models often copy a source sentence without citing it). Returns the answer with the
    inferred markers inserted and the inferred citations (``inferred=True``), which never replace the model's."""
    marked = [(m.start, m.end) for m in find_markers(answer)]
    out: list[Citation] = []
    inserts: list[tuple[int, str]] = []
    for a, b in _answer_sentences(answer):
        if any(a <= ms < b + 2 for ms, _ in marked):
            continue
        words = _words(answer[a:b])
        if len(words) < min_shared:
            continue
        best, best_shared = None, 0
        for src in sources:
            shared = len(words & _words(src.text))
            if shared > best_shared:
                best, best_shared = src, shared
        if best is None or best_shared < min_shared or best_shared < min_share * len(words):
            continue
        qa, qb = best_quote(best.text, answer[a:b])
        first, last = quote_lines(best, qa, qb)
        end = b - 1 if answer[b - 1] in ".!?" else b
        inserts.append((end, f" [{best.n}]"))
        out.append(Citation(best.n, best.path, best.page, first, last, best.text[qa:qb], best.chunk_id,
                            inferred=True))  # fmt: skip
    for pos, text in sorted(inserts, reverse=True):
        answer = answer[:pos] + text + answer[pos:]
    return answer, tuple(out)


def renumber(answer: str, citations: Sequence[Citation]) -> tuple[str, tuple[Citation, ...], dict[int, int]]:
    """Number the cited sources 1..k in the order the answer first cites them, in the markers and the citations
    alike, so a single cited source is [1] and the chips read as the reader meets them. Marker numbers that
    match no citation are dropped (``strip_invalid_markers`` has removed whole invalid markers already). Returns
    the answer, the citations and the mapping old number -> new number."""
    cited = {c.n for c in citations}
    order: dict[int, int] = {}
    for marker in find_markers(answer):
        for n in marker.numbers:
            if n in cited and n not in order:
                order[n] = len(order) + 1
    for c in citations:  # cited without a marker of its own (should not happen): after the others
        order.setdefault(c.n, len(order) + 1)

    def fix(m: re.Match) -> str:
        nums = [order[n] for n in find_markers(m.group(0))[0].numbers if n in order]
        return "[" + ", ".join(str(n) for n in dict.fromkeys(nums)) + "]" if nums else ""

    renumbered = tuple(sorted((replace(c, n=order[c.n]) for c in citations), key=lambda c: c.n))
    return _MARKER.sub(fix, answer), renumbered, order
