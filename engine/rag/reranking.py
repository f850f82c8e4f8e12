"""Stage 2 of an ask, rerank (``rerank_passages``): the retrieved passages scored against the query and the best k
kept. One ``rerank`` over either reranker kind: a cross-encoder (``engine.encoders.cross_encoder``) or a chat model
used generatively (``engine.rag.generative_rerank``); ``Engine.rerank`` uses it too. ``rerank_steps`` scores the
passages a few at a time and yields a ProgressEvent (phase "rank", ``done`` of ``total`` passages) after each
step, so a caller can show the count and stop between steps; ``rerank`` is the same without the events.
Engine-thread only (both run MLX)."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.core import AlcoveError, Candidate, ProgressEvent
from engine.rag.generative_rerank import GenerativeReranker
from engine.rag.models import RagModels
from engine.rag.results import AskStats


@dataclass(frozen=True)
class RerankedItem:
    old_rank: int  # 1-based position in the input
    new_rank: int  # 1-based position after reranking
    score: float  # sigmoid(raw_score) in [0, 1]: comparable to an abstention threshold
    raw_score: float  # the reranker's logit (cross-encoder) or yes/no log-odds (generative)
    text: str
    path: str = ""
    page: int | None = None
    line_start: int | None = None
    line_end: int | None = None
    chunk_id: int | None = None
    retrieval_score: float | None = None
    heading: str = ""
    truncated: bool = False  # the passage was cut to fit the reranker


@dataclass(frozen=True)
class RerankResult:
    items: tuple[RerankedItem, ...]  # best first
    model: str
    kind: str  # "cross-encoder" | "generative"
    truncated: int  # how many passages were cut to fit the reranker
    seconds: float
    cancelled: bool = False  # when True ``items`` keeps the input order, unscored

    def to_json(self) -> dict[str, Any]:
        from dataclasses import asdict

        return asdict(self)


RerankSteps = Generator[ProgressEvent, None, "RerankResult"]
PassageSteps = Generator[ProgressEvent, None, tuple[list[Any], AskStats]]
MIN_STEP = 4  # passages scored between two progress events (at least)
STEPS = 10  # about this many progress events for a long list


def rerank_passages(models: RagModels, query: str, hits: list[Any], k: int, rerank_k: int | None, stats: AskStats,
                    cancel: threading.Event, request_id: str = "") -> PassageSteps:  # fmt: skip
    """The best ``k`` of the first ``rerank_k`` hits (None: all) by the reranker, best first; without a reranker,
    or when cancelled, the first ``k`` hits in search order. Yields the reranker's progress (``rerank_steps``)."""
    if not models.has_reranker or not hits:
        return hits[:k], stats
    depth = len(hits) if rerank_k is None else max(k, rerank_k)
    t = time.perf_counter()
    res = yield from rerank_steps(query, hits[:depth], reranker=models.reranker, top_k=k, cancel=cancel,
                                  request_id=request_id)  # fmt: skip
    stats = replace(stats, rerank_s=time.perf_counter() - t, reranked=min(depth, len(hits)), reranker=res.model,
                    reranker_kind=res.kind, rerank_truncated=res.truncated)  # fmt: skip
    if res.cancelled:
        return hits[:k], stats
    return list(res.items), stats


def as_candidate(obj: Any) -> Candidate:
    """A Candidate from a Candidate, a SearchHit (or anything with ``text``), a dict or a plain string."""
    if isinstance(obj, Candidate):
        return obj
    if isinstance(obj, str):
        return Candidate(obj)
    get = obj.get if isinstance(obj, dict) else (lambda k, d=None: getattr(obj, k, d))
    text = get("text")
    if text is None:
        text = get("passage")
    if not isinstance(text, str):
        raise AlcoveError("Each candidate needs a 'text' field with the passage to rerank.")
    return Candidate(
        text=text,
        path=str(get("path", "") or ""),
        page=get("page"),
        line_start=get("line_start"),
        line_end=get("line_end"),
        chunk_id=get("chunk_id"),
        score=get("score"),
        heading=str(get("heading", "") or ""),
    )


def reranker_kind(reranker: Any) -> str:
    return "generative" if getattr(reranker, "kind", "") == "generative" else "cross-encoder"


def as_reranker(obj: Any):
    """A scorer with ``score(query, passages, cancel)``: cross-encoders and GenerativeRerankers pass through; a
    loaded chat model (``LoadedLM``) is wrapped in a GenerativeReranker."""
    if hasattr(obj, "score"):
        return obj
    if hasattr(obj, "model") and hasattr(obj, "tokenizer"):
        return GenerativeReranker(obj)
    raise AlcoveError("This model cannot rerank: load a cross-encoder or a chat model.")


def _model_name(reranker: Any) -> str:
    name = getattr(reranker, "name", None)
    if name:
        return str(name)
    info = getattr(reranker, "info", None)
    return str(getattr(info, "name", type(reranker).__name__))


def rerank(
    query: str,
    candidates: Sequence[Any],
    *,
    reranker: Any,
    top_k: int | None = None,
    cancel=None,
) -> RerankResult:
    """Score ``candidates`` against ``query`` and return them best first (ties keep the input order)."""
    steps = rerank_steps(query, candidates, reranker=reranker, top_k=top_k, cancel=cancel)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def step_size(n: int) -> int:
    """Passages scored between two progress events: at least MIN_STEP, about STEPS events in all."""
    return max(MIN_STEP, math.ceil(n / STEPS))


def rerank_steps(query: str, candidates: Sequence[Any], *, reranker: Any, top_k: int | None = None, cancel=None,
                 request_id: str = "") -> RerankSteps:  # fmt: skip
    """``rerank`` a step at a time: yields ProgressEvent(done, total) with phase "rank" before the first step
    and after each; returns the RerankResult. A cancel is seen between steps (and by the scorer within one)."""
    t0 = time.perf_counter()
    scorer = as_reranker(reranker)
    cands = [as_candidate(c) for c in candidates]
    name, kind = _model_name(scorer), reranker_kind(scorer)
    n, step = len(cands), step_size(len(cands))
    raw: list[float] = []
    sigmoid: list[float] = []
    cut: set[int] = set()
    extra = {"phase": "rank", "model": name, "kind": kind}
    yield ProgressEvent(request_id, 0, n, f"Ranking {n} passages", extra=extra)
    for start in range(0, n, step):
        part = [c.text for c in cands[start : start + step]]
        scores = None if cancel is not None and cancel.is_set() else scorer.score(query, part, cancel=cancel)
        if scores is None or getattr(scores, "cancelled", False) or len(scores.raw) != len(part):
            items = tuple(_item(c, i, i, 0.0, 0.0, False) for i, c in enumerate(cands))
            return RerankResult(items, name, kind, 0, time.perf_counter() - t0, cancelled=True)
        raw += scores.raw
        sigmoid += scores.sigmoid
        cut.update(start + i for i in scores.truncated)
        done = start + len(part)
        yield ProgressEvent(request_id, done, n, f"Ranked {done} of {n} passages", extra=extra)
    order = sorted(range(n), key=lambda i: (-raw[i], i))
    if top_k is not None:
        order = order[: max(0, top_k)]
    items = tuple(_item(cands[i], i, new, sigmoid[i], raw[i], i in cut) for new, i in enumerate(order))
    return RerankResult(items, name, kind, len(cut), time.perf_counter() - t0)


def _item(c: Candidate, old: int, new: int, score: float, raw: float, cut: bool) -> RerankedItem:
    return RerankedItem(
        old_rank=old + 1,
        new_rank=new + 1,
        score=float(score),
        raw_score=float(raw),
        text=c.text,
        path=c.path,
        page=c.page,
        line_start=c.line_start,
        line_end=c.line_end,
        chunk_id=c.chunk_id,
        retrieval_score=c.score,
        heading=c.heading,
        truncated=cut,
    )
