"""Stage 6 of an ask whose answer the model wrote, grounding (``check_answer``): is each answer sentence supported
by the sources it cites? Checked offline, sentence by sentence, and by the chat model too when asked.

For every answer sentence the candidate evidence is the sentences of the sources it cites (all sources when it
cites none). A candidate supports the claim when
- enough of the claim's content words occur in it (exact and near-exact span overlap: the share of the claim's
  content words, stems compared, found in the candidate), or the embedder's cosine between the two sentences is
  high and some words are shared; and
- what must agree does agree: every number of the claim occurs in the candidate, a different count of negations
  ("not", "no", "never", "n't", "without") in the two voids the match, and every identifier or name of the claim
  (CamelCase, snake_case, dotted or hyphenated words, words with digits, capitalised words inside a sentence)
  occurs in the cited source.
The supporting sentence, its source and its file lines travel with the verdict (``SentenceSupport``), so the
window can highlight the exact sentence a citation chip points at. An unsupported sentence is shown marked.
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

import numpy as np

from engine.core import Grounding
from engine.index import ATX_HEADING, file_type_for, is_taskpaper
from engine.rag.citations import find_markers, quote_lines, segments
from engine.rag.code_comments import comment_items, comment_paragraphs, comment_runs, with_the_code_under
from engine.rag.model_grounding import judge_for, judge_verdicts
from engine.rag.models import RagModels
from engine.rag.sources import Source, read_type
from engine.rag.table_rows import table_lines
from engine.rag.tuning import (
    MAX_EVIDENCE_CHARS,
    MIN_COSINE,
    MIN_PAIR_WORD_SHARE,
    MIN_WORD_SHARE,
    MIN_WORD_SHARE_WITH_COSINE,
)

_MARKER = re.compile(r"\s*\[\s*\d+(?:\s*(?:,|;|-|–|and)\s*\d+)*\s*\]")
_WORD = re.compile(r"[A-Za-z0-9_][\w.\-]*[A-Za-z0-9_]|\w", re.UNICODE)
_CLOSING_FENCE = re.compile(r"(?:^|\n)[ \t]{0,3}(?:```+|~~~+)[ \t]*$")
_PARTS = re.compile(r"[.\-_]+")  # the words of a dotted, hyphenated or snake_case name
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)*")
# "no-charge", "non-exclusive" are not negations of the claim; "no", "not", "n't" on their own are
_NEGATION = re.compile(
    r"(?<![-\w])(?:not|no|never|none|cannot|without|neither|nor)(?![-\w])|n't\b", re.IGNORECASE
)
_IDENT = re.compile(r"\b(?:[a-z]+[A-Z]\w*|[A-Z]\w*[A-Z]\w*|\w*_\w+|\w+(?:[.\-]\w+)+|\w*\d\w*)\b")
_POSSESSIVE = re.compile(r"['’]s?$")  # "Memcheck's", "users'": the name is the word before it
_STOP = frozenset(
    "a an and are as at be by can could do does for from has have how i if in into is it its of on or that the "
    "this these those to was were what when where which who why will with would you your there their then than "
    "so such also may might should use used using one only".split()
)
UNSUPPORTED_MARK = "(not found in your documents)"


@dataclass(frozen=True)
class SentenceSupport:
    """One sentence of an answer with its verdict and the source sentence that supports it (or comes closest)."""

    text: str  # the sentence as shown, citation markers removed
    supported: bool
    citation: int | None  # the source number [n] of the evidence (None: no source sentence comes close)
    evidence: str  # the source sentence that supports the claim (or the closest one when unsupported)
    path: str = ""
    line_start: int | None = None
    line_end: int | None = None
    score: float = 0.0  # the best match: max(word share, cosine), 0..1
    reason: str = ""  # why unsupported: "no match" | "number" | "negation" | "name" ("" when supported)
    start: int = 0  # where the sentence sits in the answer (characters)
    end: int = 0

    def to_json(self) -> dict:
        return {
            "text": self.text,
            "supported": self.supported,
            "citation": self.citation,
            "evidence": self.evidence,
            "path": self.path,
            "line_start": self.line_start,
            "line_end": self.line_end,
            "score": round(self.score, 4),
            "reason": self.reason,
        }


@dataclass(frozen=True)
class Span:
    """A sentence of a source: its number, offsets inside the source text and its file lines."""

    source: Source
    start: int
    end: int

    @property
    def text(self) -> str:
        return self.source.text[self.start : self.end]


@dataclass(frozen=True)
class Grounded:
    """A written answer checked: a verdict per sentence, and the answer as shown (unsupported sentences marked)."""

    verdicts: tuple[SentenceSupport, ...]
    shown: str
    seconds: float


def check_answer(answer: str, sources: Sequence[Source], models: RagModels, grounding: Grounding,
                 cancel: threading.Event) -> Grounded:  # fmt: skip
    """Check every sentence of ``answer`` (its markers in ``sources``' own numbers) against ``sources``: offline
    (``ground``), then for ``Grounding.MODEL`` also by the chat model's yes/no judgment
    (engine.rag.model_grounding), which can only take support away."""
    t = time.perf_counter()
    checked = list(sources)
    verdicts = ground(answer, checked, models.embedder)
    if grounding is Grounding.MODEL and verdicts:
        verdicts = judge_verdicts(judge_for(models.chat), verdicts, checked, cancel)
    return Grounded(verdicts, supported_answer(answer, verdicts, UNSUPPORTED_MARK), time.perf_counter() - t)


def renumbered_sources(sources: Sequence[Source], order: dict[int, int]) -> list[Source]:
    """The sources under the numbers the renumbered answer uses (old -> new in ``order``); the ones it does not
    cite follow, so a sentence is checked against the source its marker now names."""
    out, nxt = [], len(order)
    for s in sources:
        if s.n in order:
            out.append(replace(s, n=order[s.n]))
        else:
            nxt += 1
            out.append(replace(s, n=nxt))
    return out


def _stem(word: str) -> str:
    w = word.lower()
    for suffix in ("ing", "ed", "es", "s"):
        if len(w) > len(suffix) + 3 and w.endswith(suffix):
            return w[: -len(suffix)]
    return w


def content_words(text: str) -> set[str]:
    out = set()
    for w in _WORD.findall(text):
        low = w.lower().strip(".-")
        if low and low not in _STOP and (len(low) > 1 or low.isdigit()):
            out.add(_stem(low))
            if "." in low or "-" in low or "_" in low.strip("_"):  # "foo.bar", "foo_bar": also "foo", "bar"
                parts = (p for p in _PARTS.split(low) if p and p not in _STOP and (len(p) > 1 or p.isdigit()))
                out.update(_stem(p) for p in parts)
    return out


def numbers(text: str) -> set[str]:
    return set(_NUMBER.findall(text))


def negated(text: str) -> bool:
    return bool(_NEGATION.search(text))


def negations(text: str) -> int:
    """How many negations ``text`` holds: "does not not use" is not supported by "does not use" (a presence
    test let one negation more or less pass wherever the source already had one)."""
    return len(_NEGATION.findall(text))


def names(text: str) -> set[str]:
    """Identifiers and proper names that a supporting source must contain (lower-cased)."""
    out = {m.group(0).lower() for m in _IDENT.finditer(text) if not m.group(0).isdigit()}
    words = text.split()
    for i, w in enumerate(
        words
    ):  # capitalised words inside a sentence (the first word is capitalised anyway)
        core = _POSSESSIVE.sub("", w.strip("\"'()[],.;:!?`"))
        if i > 0 and len(core) > 1 and core[0].isupper() and core.lower() not in _STOP:
            out.add(core.lower())
    return out


# readers that write a paragraph a line (a heading, a list item, a layout cell's paragraph, a slide's bullet, an RTF's
# paragraph): a line end is a paragraph's end there, never a line wrapped inside one
PARAGRAPH_LINE_TYPES = frozenset({"docx", "odt", "pptx", "odp", "pages", "keynote", "rtf"})
# a picture's text as OCR read it, a visual line a line: a line ending well short of the passage's longest ended
# there (a screenshot's label, "Total paid £70.30", a letter's "Tuesday 16 March 2027 at 08:15"), never glued to the
# next line; a line that fills the width is wrapped prose and reads on
LINE_END_TYPES = frozenset({"image"})
# a web page's text, where a line end within a paragraph is its author's (``<br>``): ``_broken_lines``
BROKEN_LINE_TYPES = frozenset({"html", "mhtml", "webarchive", "epub"})
SHORT_LINE_SHARE = 0.6  # not fitted: a wrapped line fills the width to within a word or two
# a line of a Markdown file's YAML front matter ("date: 2027-02-21T19:05:00Z", "  alt: ...", "---")
_FRONT_MATTER_LINE = re.compile(r"^[ \t]*(?:[A-Za-z_][\w-]*:(?:[ \t]|$)|-{3}[ \t]*$)")


def split_spans(source: Source) -> list[Span]:
    """The sentences (or lines, for text without sentence punctuation) of a source, each at most
    MAX_EVIDENCE_CHARS long; a table's rows (engine.rag.table_rows) one by one, its header line one of them. In a
    document read a paragraph a line (``PARAGRAPH_LINE_TYPES``) no sentence runs over a line's end: a heading or a
    list item without a full stop is not glued to the paragraph after it; in a picture's text (``LINE_END_TYPES``)
    none over a line that ended short; nor over a line of a Markdown file's front matter."""
    by_line = _line_ends(source)
    start = front_matter_end(source)
    out = [Span(source, a, b) for a, b in _line_pieces(source.text, 0, start)]
    pos = start
    for a, b in table_lines(source):
        if a < start:
            continue
        out += _prose_spans(source, pos, a, by_line)
        out.append(Span(source, a, b))
        pos = b
    return out + _prose_spans(source, pos, len(source.text), by_line)


@lru_cache(maxsize=256)
def front_matter_end(source: Source) -> int:
    """Where a Markdown passage's opening front matter ends (two or more "key: value" lines before its first blank
    line: their lines are pieces of their own, "date: 2027-02-21T19:05:00Z", never one run-on sentence); 0 when it
    opens with none."""
    if file_type_for(Path(source.path)) != "markdown":
        return 0
    text = source.text
    lead = len(text) - len(text.lstrip("\n"))
    end = text.find("\n\n", lead)
    end = len(text) if end < 0 else end
    head = [line for line in text[lead:end].split("\n") if line.strip()]
    return end if len(head) >= 2 and all(_FRONT_MATTER_LINE.match(line) for line in head) else 0


def source_segments(source: Source) -> list[tuple[int, int]]:
    """``segments`` of a source's text; in a document read a paragraph a line, cut at every line end as well (and a
    Markdown passage's front matter a line a piece)."""
    start = front_matter_end(source)
    pieces = [(a + start, b + start) for a, b in segments(source.text[start:])]
    shorter = _line_ends(source)
    if shorter is not None:
        pieces = [p for a, b in pieces for p in _line_pieces(source.text, a, b, shorter)]
    return _line_pieces(source.text, 0, start) + _cut_apart(source, pieces)


def _cut_apart(source: Source, pieces: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``pieces`` cut again: a line of facts at its spaced middle dots (not in a picture's text, where a line is a
    window's row: "Coach D, seat 17 · aisle, at a table"), a source file's comment from its code, a web page's line
    broken by its author before a new one (``_broken_lines``)."""
    text = source.text
    kind = read_type(source)
    if kind in BROKEN_LINE_TYPES:
        pieces = [p for a, b in pieces for p in _broken_lines(text, a, b)]
    if kind == "markdown":  # a heading is a line of its own: never glued to the line under it ("#pale-ale")
        pieces = [p for a, b in pieces for p in _heading_apart(text, a, b)]
    if kind not in LINE_END_TYPES:
        pieces = [p for a, b in pieces for p in _dotted_parts(text, a, b)]
    if kind == "code":  # a block comment apart from the code around it, a line comment with the code under it
        pieces = [p for a, b in pieces for p in comment_runs(text, a, b)]
        pieces = [p for a, b in pieces for p in comment_paragraphs(text, a, b)]
        pieces = with_the_code_under(text, [p for a, b in pieces for p in comment_items(text, a, b)])
    return pieces


def _broken_lines(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """``text[a:b]`` cut at each line end that a capital, a figure or a mark follows. In a web page's text a line end
    within a paragraph is the author's ``<br>`` (the reader runs the source's own line ends together), and a line
    that a new one follows ended there: a note's "Walls: Dulux Pale Powder, matt<br>Woodwork: satinwood" is two
    facts, not one run-on sentence. A line that goes on in lower case ("I'll be there<br>on Tuesday") reads on."""
    out, pos = [], a
    for i in range(a, b):
        if text[i] == "\n" and i + 1 < b and not text[i + 1].islower() and not text[i + 1].isspace():
            if text[pos:i].strip():
                out.append((pos, len(text[:i].rstrip())))
            pos = i + 1
    return [*out, (pos, b)] if text[pos:b].strip() else out


def _heading_apart(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """``text[a:b]`` cut before and after each Markdown heading line in it: the heading a piece of its own."""
    out = []
    for m in ATX_HEADING.finditer(text, a, b):
        head = m.start() + len(text[m.start() : m.end()]) - len(text[m.start() : m.end()].lstrip())
        if text[a:head].strip():
            out.append((a, len(text[:head].rstrip()) if head > a else head))
        a = head
        rest = m.end()
        while rest < b and text[rest].isspace():
            rest += 1
        if rest < b:
            out.append((a, m.end()))
            a = rest
    return [*out, (a, b)]


def _line_ends(source: Source) -> float | None:
    """Where a line's end ends a source's sentence: after every line (``PARAGRAPH_LINE_TYPES``: inf), after a line
    shorter than a share of the passage's longest (``LINE_END_TYPES``), or nowhere (None)."""
    kind = read_type(source)
    if kind in PARAGRAPH_LINE_TYPES or is_taskpaper(Path(source.path)):  # a TaskPaper file: an item a line
        return math.inf
    if kind in LINE_END_TYPES:
        return int(SHORT_LINE_SHARE * max((len(line.strip()) for line in source.text.split("\n")), default=0))
    return None


def _line_pieces(text: str, a: int, b: int, shorter: float = math.inf) -> list[tuple[int, int]]:
    """``text[a:b]`` cut after each of its lines shorter than ``shorter`` characters (every line: inf), blank pieces
    dropped."""
    out, pos = [], a
    cuts = [i for i in range(a, b) if text[i] == "\n"]
    if shorter != math.inf:
        cuts = [i for i in cuts if len(text[text.rfind("\n", 0, i) + 1 : i].strip()) < shorter]
    for cut in [*cuts, b]:
        lo, hi = pos, cut
        while lo < hi and text[lo].isspace():
            lo += 1
        while hi > lo and text[hi - 1].isspace():
            hi -= 1
        if hi > lo:
            out.append((lo, hi))
        pos = cut + 1
    return out


def _prose_spans(source: Source, lo: int, hi: int, by_line: float | None = None) -> list[Span]:
    """Sentences of ``source.text[lo:hi]``, cut too after each line shorter than ``by_line`` characters (every line:
    inf; None: no line end cuts)."""
    out: list[Span] = []
    text = source.text
    pieces = [(a + lo, b + lo) for a, b in segments(text[lo:hi])]
    if by_line is not None:
        pieces = [p for a, b in pieces for p in _line_pieces(text, a, b, by_line)]
    for a, b in _cut_apart(source, pieces):
        if b - a <= MAX_EVIDENCE_CHARS:
            out.append(Span(source, a, b))
            continue
        pos = a  # a long stretch (code, a list): its lines, grouped up to the limit
        while pos < b:
            cut = text.rfind("\n", pos, min(hi, pos + MAX_EVIDENCE_CHARS))  # never into a table row
            end = cut if cut > pos else min(b, pos + MAX_EVIDENCE_CHARS)
            while pos < end and text[pos].isspace():
                pos += 1
            if end > pos:
                out.append(Span(source, pos, end))
            pos = end + 1
    return out


# a line of facts set apart by spaced middle dots or bullets: a recipe's "One 900g (2lb) loaf tin · 170°C fan ·
# 55-60 min", a booking's "Advance Single · 2h 18m · Northline", a byline's "5 min read · 3 March"
_DOT_SEPARATOR = re.compile(r"[ \t\u00a0]+[\u00b7\u2022\u2027\u22c5][ \t\u00a0]+")


def _dotted_parts(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """``text[a:b]`` cut into its facts where they are set apart by spaced middle dots (each its own piece, as a
    table's cells are its row's); as it is where none are, or where it ends as a sentence does (a product's dot in
    a formula, "a · b = c.")."""
    if text[a:b].rstrip(" \t\n*_)]\"'\u201d\u2019").endswith((".", "!", "?")):
        return [(a, b)]
    out, pos = [], a
    for m in _DOT_SEPARATOR.finditer(text, a, b):
        if m.start() > pos:
            out.append((pos, m.start()))
        pos = m.end()
    if pos < b:
        out.append((pos, b))
    return out or [(a, b)]


def answer_sentences(answer: str) -> list[tuple[int, int]]:
    return segments(answer)


def strip_markers(text: str) -> str:
    return _MARKER.sub("", text).strip()


def _cited(answer: str, a: int, b: int) -> set[int]:
    """Source numbers cited inside the sentence or by a marker right after it."""
    return {n for m in find_markers(answer) if a <= m.start <= b + 2 for n in m.numbers}


def check_claim(claim: str, span_text: str, source_text: str) -> tuple[float, str]:
    """(word share of the claim found in the span, the disagreement that voids it or "")."""
    want = content_words(claim)
    if not want:
        return 0.0, "no match"
    have = content_words(span_text)
    share = len(want & have) / len(want)
    if not numbers(claim) <= numbers(source_text):
        return share, "number"
    if negations(claim) != negations(span_text):
        return share, "negation"
    low = source_text.lower()
    if any(n not in low for n in names(claim)):
        return share, "name"
    return share, ""


def ground(answer: str, sources: Sequence[Source], embedder=None) -> tuple[SentenceSupport, ...]:
    """A verdict for every sentence of ``answer`` (see the module docstring)."""
    by_n = {s.n: s for s in sources}
    spans = {s.n: split_spans(s) for s in sources}
    sents = [(a, b) for a, b in answer_sentences(answer) if strip_markers(answer[a:b])]
    claims = [strip_markers(answer[a:b]) for a, b in sents]
    cos = _cosines(embedder, claims, [sp for n in by_n for sp in spans[n]])
    flat_index = {}
    i = 0
    for n in by_n:
        for sp in spans[n]:
            flat_index[(n, sp.start)] = i
            i += 1
    out = []
    for (a, b), claim in zip(sents, claims, strict=True):
        cited = [n for n in _cited(answer, a, b) if n in by_n] or list(by_n)
        pair_words = {
            w for w in content_words(claim) if not _NEGATION.fullmatch(w)
        }  # what a pair must each add
        best: tuple | None = None
        for n in cited:
            row = [
                float(cos[len(out), flat_index[(n, sp.start)]]) if cos is not None else 0.0 for sp in spans[n]
            ]
            for sp, c, pair in _candidates(spans[n], row):
                if pair and not _each_adds(pair_words, pair):
                    continue
                share, why = check_claim(claim, sp.text, by_n[n].text)
                if pair:
                    ok = not why and share >= MIN_PAIR_WORD_SHARE
                else:
                    ok = bool(not why) and bool(
                        share >= MIN_WORD_SHARE or (c >= MIN_COSINE and share >= MIN_WORD_SHARE_WITH_COSINE)
                    )
                key = (ok, pair is None, max(share, c), share)  # a sentence of its own before a pair
                if best is None or key > best[0]:
                    best = (key, sp, why)
        if best is None:
            out.append(SentenceSupport(claim, False, None, "", reason="no match", start=a, end=b))
            continue
        (ok, _single, score, share), sp, why = best
        first, last = quote_lines(sp.source, sp.start, sp.end)
        reason = "" if ok else (why or "no match")
        out.append(SentenceSupport(claim, ok, sp.source.n, sp.text, sp.source.path, first, last, float(score),
                                   reason, a, b))  # fmt: skip
    return tuple(out)


def _candidates(spans: Sequence[Span], cosines: Sequence[float]):
    """Each sentence of one source with its cosine, then each two adjacent sentences as one span: a claim that joins
    two sentences ("Moves to 2.5, earliest February." after the sentence naming the feature) is checked against the
    pair, which supports it only by words (MIN_PAIR_WORD_SHARE); its cosine, the better of its two sentences', only
    ranks it as the closest evidence."""
    for sp, c in zip(spans, cosines, strict=True):
        yield sp, c, None
    for i in range(len(spans) - 1):
        first, second = spans[i], spans[i + 1]
        if second.end - first.start <= 2 * MAX_EVIDENCE_CHARS:
            yield (
                Span(first.source, first.start, second.end),
                max(cosines[i], cosines[i + 1]),
                (first, second),
            )


def _each_adds(want: set[str], pair: tuple[Span, Span]) -> bool:
    """Whether each sentence of a pair holds a word of the claim (``want``: its content words but negations) that
    the other lacks: a pair is evidence only for a claim that draws on both (a neighbour that adds nothing, or only
    a "no", must not lend the claim its negation or its number)."""
    a, b = (content_words(sp.text) & want for sp in pair)
    return bool(a - b) and bool(b - a)


def _cosines(embedder, claims: list[str], spans: list[Span]):
    """claims x spans cosine matrix (None without an embedder or with nothing to compare)."""
    if embedder is None or not claims or not spans:
        return None
    vectors = np.asarray(
        embedder.embed(claims + [sp.text for sp in spans], kind="document").vectors, np.float32
    )
    return vectors[: len(claims)] @ vectors[len(claims) :].T


def supported_answer(answer: str, verdicts: Sequence[SentenceSupport], mark: str) -> str:
    """The answer with every unsupported sentence marked (``mark`` appended) so none reads as a fact."""
    out, pos = [], 0
    for v in verdicts:
        out.append(answer[pos : v.end])
        # after a code block's closing fence the mark goes on a line of its own: "``` (mark)" does not close it
        if not v.supported:
            out.append(f"\n{mark}" if _CLOSING_FENCE.search(answer, 0, v.end) else f" {mark}")
        pos = v.end
    out.append(answer[pos:])
    return "".join(out)
