"""Extractive answers: the few sentences of the retrieved passages that best answer the question, each cited.

Used when the chat model fails the capability check (engine.rag.capability) or its answer has no supported
sentence. Every sentence of the top passages is scored by
    EMBED_WEIGHT * cosine(question, sentence) + (1 - EMBED_WEIGHT) * keyword score + RANK_WEIGHT * passage prior
where the keyword score is the idf-weighted share of the question's content words found in the sentence (idf over
the candidate sentences) and the passage prior favours the passages retrieval ranked first. The best
``max_sentences`` (near-duplicates dropped) are shown in document order within a source, sources in retrieval order,
each with its exact citation (file, lines, the sentence itself).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from engine.rag.citations import Citation, quote_lines
from engine.rag.grounding import SentenceSupport, Span, content_words, split_spans
from engine.rag.prompt import Source

EXTRACTIVE_INTRO = "From your documents:"
EMBED_WEIGHT = 0.5
RANK_WEIGHT = 0.15  # a passage retrieval put first is worth this much more than the last one
MAX_SENTENCES = 3
MIN_SENTENCE_WORDS = 2
DUPLICATE_JACCARD = 0.7


@dataclass(frozen=True)
class ExtractiveAnswer:
    text: str  # EXTRACTIVE_INTRO, then one cited sentence per line
    sentences: tuple[SentenceSupport, ...]  # every shown sentence (supported: it is the source's own text)
    citations: tuple[Citation, ...]


def score_spans(question: str, spans: Sequence[Span], embedder=None, n_sources: int = 1) -> list[float]:
    want = content_words(question)
    words = [content_words(sp.text) for sp in spans]
    n = len(spans)
    idf = {w: math.log(1 + n / (1 + sum(w in ws for ws in words))) for w in want}
    total = sum(idf.values()) or 1.0
    keyword = [sum(idf[w] for w in want & ws) / total for ws in words]
    if embedder is not None and spans:
        q = np.asarray(embedder.embed([question], kind="query").vectors, np.float32)
        v = np.asarray(embedder.embed([sp.text for sp in spans], kind="document").vectors, np.float32)
        cos = (v @ q[0]).tolist()
        w = EMBED_WEIGHT
    else:
        cos, w = [0.0] * n, 0.0
    prior = [RANK_WEIGHT * (1 - (sp.source.n - 1) / max(1, n_sources)) for sp in spans]
    return [w * c + (1 - w) * k + p for c, k, p in zip(cos, keyword, prior, strict=True)]


def extract_answer(
    question: str, sources: Sequence[Source], embedder=None, *, max_sentences: int = MAX_SENTENCES
) -> ExtractiveAnswer:
    spans = [
        sp for s in sources for sp in split_spans(s) if len(content_words(sp.text)) >= MIN_SENTENCE_WORDS
    ]
    if not spans:
        return ExtractiveAnswer("", (), ())
    scores = score_spans(question, spans, embedder, len(sources))
    chosen: list[tuple[Span, float]] = []
    for i in sorted(range(len(spans)), key=lambda i: -scores[i]):
        ws = content_words(spans[i].text)
        if any(_jaccard(ws, content_words(c.text)) >= DUPLICATE_JACCARD for c, _ in chosen):
            continue
        chosen.append((spans[i], scores[i]))
        if len(chosen) >= max_sentences:
            break
    chosen.sort(key=lambda t: (t[0].source.n, t[0].start))
    lines, verdicts, cites = [EXTRACTIVE_INTRO], [], {}
    for sp, score in chosen:
        text = " ".join(sp.text.split())
        first, last = quote_lines(sp.source, sp.start, sp.end)
        line = f"{text} [{sp.source.n}]"
        start = sum(len(x) + 1 for x in lines)
        lines.append(line)
        verdicts.append(SentenceSupport(text, True, sp.source.n, sp.text, sp.source.path, first, last,
                                        float(score), "", start, start + len(text)))  # fmt: skip
        if sp.source.n not in cites:
            cites[sp.source.n] = Citation(sp.source.n, sp.source.path, sp.source.page, first, last, sp.text,
                                          sp.source.chunk_id, start + len(text) + 1, start + len(line))  # fmt: skip
    return ExtractiveAnswer("\n".join(lines), tuple(verdicts), tuple(cites.values()))


def _jaccard(a: set, b: set) -> float:
    return len(a & b) / max(1, len(a | b))
