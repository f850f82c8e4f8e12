"""What document Q&A returns: frozen, plain-valued, safe to hand across threads and to write as JSON."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from engine.rag.citations import Citation
from engine.rag.grounding import SentenceSupport


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
    grounding_s: float = 0.0  # checking the answer's sentences against the sources
    extract_s: float = 0.0  # ranking the sources' sentences for an extractive answer


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
