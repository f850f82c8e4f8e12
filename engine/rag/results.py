"""Stage 7 of an ask, the result: what document Q&A returns (frozen, plain-valued, safe to hand across threads and
to write as JSON) and how each kind of result is made: ``result`` (any), ``extractive_result`` (the sources' own
sentences), ``with_model_answer`` (those sentences first when none of the model's was supported). Each is numbered
as the answer cites its sources (engine.rag.numbering).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from engine.rag.abstain import ABSTAIN_TEXT, hedges
from engine.rag.citations import Citation, map_citations
from engine.rag.extractive import ExtractiveAnswer
from engine.rag.grounding import Grounded, SentenceSupport
from engine.rag.numbering import number_as_shown
from engine.rag.sources import Source

MODEL_LABEL = "The model's answer, not supported by your documents:"


@dataclass(frozen=True)
class Passage:
    """A passage shown with an answer (the sources given to the model, or the closest ones when abstaining)."""

    n: int
    path: str
    page: int | None
    line_start: int | None
    line_end: int | None
    text: str
    score: float | None  # reranker sigmoid (or retrieval score when nothing reranked)
    chunk_id: int | None = None


@dataclass(frozen=True)
class AskStats:
    mode: str = "top-k"  # "top-k" | "whole-document"
    query: str = ""  # the standalone query used for retrieval
    rewrite: str = "none"  # none | unchanged | model | fallback
    rewrite_s: float = 0.0
    retrieval_s: float = 0.0
    rerank_s: float = 0.0
    map_s: float = 0.0  # whole-document mode: reading every chunk
    generation_s: float = 0.0
    total_s: float = 0.0
    retrieved: int = 0
    reranked: int = 0
    reranker: str = ""  # model name ("" when none ran)
    reranker_kind: str = ""  # cross-encoder | generative
    rerank_truncated: int = 0
    evidence_signal: str = ""
    evidence: float | None = None
    threshold: float | None = None
    # terms the question names that no retrieved passage mentions (engine.rag.abstain.missing_terms): abstained
    missing_terms: tuple[str, ...] = ()
    # the share of the question the best-covering source holds, rarer words weighing more (engine.rag.abstain.
    # evidence_coverage); None when nothing was answered from sources
    coverage: float | None = None
    # rare words of the question that no indexed passage holds (engine.rag.abstain.absent_terms): the answer is hedged
    absent_terms: tuple[str, ...] = ()
    # answered although the evidence is below the abstention line, because the best source holds most of the
    # question (engine.rag.abstain.judge_passages): the answer is hedged
    below_line: bool = False
    # the best cosine between the question and a sentence (or a table row) of the first passages (engine.rag.abstain.
    # best_piece_cosine); below SENTENCE_HEDGE the answer is hedged; None when not measured (no embedder)
    best_sentence_cosine: float | None = None
    # the chat model's check (engine.rag.answer_check): its log-odds that the answer's sentences state the answer, and
    # the line below which the answer is hedged (then in place of coverage and best_sentence_cosine); None: not run
    model_check: float | None = None
    model_check_line: float | None = None
    check_s: float = 0.0  # the chat model's check of the answer
    prompt_tokens: int = 0
    cached_tokens: int = 0  # prompt tokens reused from the prompt cache (earlier turns)
    generated_tokens: int = 0
    ttft_s: float = 0.0
    decode_tokens_per_s: float = 0.0
    chunks_read: int = 0  # whole-document mode
    chunks_total: int = 0
    invalid_markers: tuple[int, ...] = ()  # [n] with no such source (removed from the answer)
    inferred_citations: int = 0  # sources attached to unmarked sentences by word overlap (see citations.py)
    loop_stopped: bool = False  # the answer started repeating itself and was cut there (engine.rag.loopguard)
    capable: bool | None = None  # the chat model's capability check (engine.rag.capability); None: not run
    # how ``--answer auto`` chose the route: "capability" (the check), "measured" (the model's measured default
    # route, engine.rag.capability.MEASURED_ROUTES); "" when the route was asked for
    answer_rule: str = ""
    grounding_s: float = 0.0  # checking the answer's sentences against the sources
    extract_s: float = 0.0  # ranking the sources' sentences for an extractive answer

    @property
    def hedged(self) -> bool:
        """Whether an answer with these figures is introduced as possibly not answering (engine.rag.abstain.hedges:
        low coverage, an absent word, or no sentence of the sources close to the question; where the chat model
        checked the answer, the model's verdict below its line: it reads the question's absent word beside the
        sentences, as a person would read "redo" for "redone")."""
        if self.model_check is not None and self.model_check_line is not None:
            return self.model_check < self.model_check_line
        return hedges(self.coverage, self.absent_terms, self.below_line, self.best_sentence_cosine)


@dataclass(frozen=True)
class AskResult:
    request_id: str
    question: str
    answer: str
    citations: tuple[Citation, ...]
    abstained: bool
    closest: tuple[Passage, ...]  # when abstaining: the closest passages found; else the sources given
    stats: AskStats = field(default_factory=AskStats)
    finish_reason: str = "stop"  # stop | length | stop_string | cancelled | error | repetition
    error: str | None = None
    # One verdict per shown sentence (extractive sentences first when both are shown); see engine.rag.grounding.
    sentences: tuple[SentenceSupport, ...] = ()
    # "generative": the model's answer, unsupported sentences marked; "extractive": source sentences only;
    # "extractive+generative": source sentences, then the model's unverified answer, labelled; "" (abstained).
    answer_kind: str = "generative"
    generated: str = (
        ""  # the model's own answer as written (citation markers cleaned), "" when none was written
    )
    # the sources hold little of what the question asks (stats.coverage below abstain.COVERAGE_HEDGE): the answer
    # is given, introduced as possibly not answering the question
    hedged: bool = False

    def turn(self) -> tuple[dict[str, str], dict[str, str]]:
        """The exchange to append to ``history`` for the next question (keeps the prompt-cache prefix)."""
        return {"role": "user", "content": self.question}, {"role": "assistant", "content": self.answer}

    def to_json(self) -> dict[str, Any]:
        return {
            "answer": self.answer,
            "citations": [c.to_json() for c in self.citations],
            "abstained": self.abstained,
            "closest": [asdict(p) for p in self.closest],
            "stats": asdict(self.stats),
            "finish_reason": self.finish_reason,
            "error": self.error,
            "answer_kind": self.answer_kind,
            "sentences": [v.to_json() for v in self.sentences],
            "generated": self.generated,
            "hedged": self.hedged,
        }


def result(rid: str, question: str, answer: str, citations: Sequence[Citation], abstained: bool,
           closest: Sequence[Passage], stats: AskStats, t0: float, finish: str, error: str | None = None, *,
           sentences: Sequence[SentenceSupport] = (), kind: str = "generative", generated: str = "") -> AskResult:  # fmt: skip
    """The AskResult, timed from ``t0``; hedged (AskResult.hedged) when it answers and ``stats.coverage`` is below
    the hedge line. Everything is given in the sources' own numbers; the result numbers them 1..k as the answer
    cites them (engine.rag.numbering)."""
    stats = replace(stats, total_s=time.perf_counter() - t0)
    kind = "" if abstained else kind
    return number_as_shown(
        AskResult(
            rid,
            question,
            answer,
            tuple(citations),
            abstained,
            tuple(closest),
            stats,
            finish,
            error,
            tuple(sentences),
            kind,
            generated,
            not abstained and stats.hedged,
        )  # fmt: skip
    )


def extractive_result(rid: str, question: str, ex: ExtractiveAnswer, sources: Sequence[Source], stats: AskStats,
                      t0: float) -> AskResult:  # fmt: skip
    """The extractive answer, or an abstention when no sentence of ``sources`` had the words to answer anything."""
    if not ex.sentences:
        return result(rid, question, ABSTAIN_TEXT, (), True, passages_of(sources[:3]), stats, t0, "stop")
    return result(rid, question, ex.text, ex.citations, False, passages_of(sources), stats, t0, "stop",
                  sentences=ex.sentences, kind="extractive")  # fmt: skip


def with_model_answer(rid: str, question: str, ex: ExtractiveAnswer, sources: Sequence[Source], stats: AskStats,
                      t0: float, answer: str, grounded: Grounded, finish: str) -> AskResult:  # fmt: skip
    """The extractive answer ``ex`` first, then the model's own ``answer`` (none of whose sentences was supported)
    under MODEL_LABEL, each sentence's verdict moved to where it is shown. All in the sources' own numbers (as
    ``sources`` give them): the result numbers both parts alike."""
    if not answer:
        return extractive_result(rid, question, ex, sources, stats, t0)
    head = ex.text + "\n\n" + MODEL_LABEL + "\n"
    moved = tuple(replace(v, start=v.start + len(head), end=v.end + len(head)) for v in grounded.verdicts)
    cited = {c.n for c in ex.citations}
    quoted, _ = map_citations(
        grounded.shown, sources
    )  # the sources the model's answer cites, after the quoted ones
    citations = ex.citations + tuple(
        replace(c, marker_start=c.marker_start + len(head), marker_end=c.marker_end + len(head))
        for c in quoted
        if c.n not in cited
    )
    return result(rid, question, head + grounded.shown, citations, False, passages_of(sources), stats, t0, finish,
                  sentences=ex.sentences + moved, kind="extractive+generative", generated=answer)  # fmt: skip


def passages_of(items: Sequence[Any]) -> tuple[Passage, ...]:
    """Passages of ranked items (numbered from 1) or sources (under their own numbers: the ones the answer's markers
    use), whatever has text, path and lines."""
    return tuple(
        Passage(
            n=it.n if isinstance(it, Source) else i,
            path=str(it.path),
            page=it.page,
            line_start=it.line_start,
            line_end=it.line_end,
            text=it.text,
            score=getattr(it, "score", None),
            chunk_id=getattr(it, "chunk_id", None),
        )  # fmt: skip
        for i, it in enumerate(items, 1)
    )
