"""A quoted sentence's copies: where other sources of an answer hold it word for word (line breaks aside), each cited
with it, so its chips name every passage that says it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.rag.citations import quote_lines
from engine.rag.grounding import Span, content_words
from engine.rag.sources import Source
from engine.rag.tuning import COPY_MAX, COPY_MIN_WORDS, DUPLICATE_JACCARD

# the name a def or class defines, after any decorator lines ("@rule\ndef _gif(h):")
_DEF_NAME = re.compile(r"[ \t]*(?:@[^\n]*\n[ \t]*)*(?:async[ \t]+)?(?:def|class)[ \t]+(\w+)")


def copies(
    span: Span, lines: tuple[int | None, int | None], sources: Sequence[Source]
) -> list[tuple[Span, int | None, int | None]]:
    """Where other sources hold ``span``'s text word for word (line breaks aside), with their file lines: the same
    sentence in two copies of a page, one fix listed in two releases' notes. Each is cited with it, so its chips name
    every passage that says it; not for a sentence of fewer than COPY_MIN_WORDS content words ("return 'gif'" says
    nothing on its own), nor for one more than COPY_MAX others hold (a page header). ``lines``: ``span``'s own."""
    if len(content_words(span.text)) < COPY_MIN_WORDS:
        return []
    pattern = re.compile(r"\s+".join(re.escape(w) for w in span.text.split()))
    first, last = lines
    out = []
    for s in sources:
        m = pattern.search(s.text) if s.n != span.source.n else None
        if m is None:
            continue
        a, b = quote_lines(s, m.start(), m.end())
        same_place = (
            s.path == span.source.path and None not in (a, b, first, last) and a <= last and first <= b
        )
        if not same_place:  # two retrieved chunks that overlap hold the same lines once
            out.append((Span(s, m.start(), m.end()), a, b))
    # a line on every page ("Release 3.19.0 11 Apr 2022") is a header, not a copy
    return out if len(out) <= COPY_MAX else []


def says_again(span: Span, words: set, other: Span) -> bool:
    """``span`` (its content words ``words``) says again what ``other`` says, so an answer shows only one of them:
    their words overlap by DUPLICATE_JACCARD, and they are not two Python defs or classes of different names ("def
    getline(filename, lineno)" and "def getlines(filename)" share their docstrings' words but are two functions)."""
    if word_overlap(words, content_words(other.text)) < DUPLICATE_JACCARD:
        return False
    a, b = _DEF_NAME.match(span.text), _DEF_NAME.match(other.text)
    return not (a and b and a.group(1) != b.group(1))


def word_overlap(a: set, b: set) -> float:
    """The Jaccard overlap of two sets of words."""
    return len(a & b) / max(1, len(a | b))
