"""The steps of document Q&A shared by the top-k path (``engine.rag.qa``) and the whole-document path
(``engine.rag.whole``): the models it uses, retrieval, reranking, the streamed answer over numbered sources, results.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.core import (
    FinalEvent,
    GenerateRequest,
    SamplingParams,
    TokenEvent,
    default_index_db,
)
from engine.generation import run_generation
from engine.index import IndexStore, search
from engine.rag.abstain import ABSTAIN_TEXT, hedges
from engine.rag.citations import infer_citations, map_citations, renumber, strip_invalid_markers
from engine.rag.extractive import EXTRACTIVE_INTRO, HEDGED_INTRO, extract_answer
from engine.rag.generative_rerank import GenerativeReranker
from engine.rag.grounding import ground, supported_answer
from engine.rag.loopguard import LoopGuard
from engine.rag.model_grounding import judge_for, judge_verdicts
from engine.rag.prompt import Source, build_messages
from engine.rag.reranking import rerank
from engine.rag.results import AskResult, AskStats, Passage

log = logging.getLogger(__name__)

UNSUPPORTED_MARK = "(not found in your documents)"
MODEL_LABEL = "The model's answer, not supported by your documents:"


class Deferred:
    """A model loaded on first use (engine thread): a role the request may not need is never loaded."""

    def __init__(self, load: Callable[[], Any]) -> None:
        self._load = load

    def get(self) -> Any:
        return self._load()


class RagModels:
    """The engine-side objects Q&A uses (engine thread only). ``chat`` and ``reranker`` may be ``Deferred``: they
    load when first read, so an extractive answer never loads the chat model."""

    def __init__(self, chat: Any, embedder: Any | None, reranker: Any | None, prompt_cache: Any) -> None:
        self._chat = chat  # LoadedLM | Deferred
        self.embedder = embedder  # Embedder (None: keyword search only)
        self._reranker = reranker  # CrossEncoder | GenerativeReranker | Deferred | None (no reranking)
        self.prompt_cache = prompt_cache  # PromptCacheStore

    @property
    def chat(self) -> Any:
        if isinstance(self._chat, Deferred):
            self._chat = self._chat.get()
        return self._chat

    @property
    def reranker(self) -> Any | None:
        if isinstance(self._reranker, Deferred):
            self._reranker = self._reranker.get()
        return self._reranker

    @property
    def has_reranker(self) -> bool:
        """Whether reranking runs (without loading a deferred reranker)."""
        return self._reranker is not None


def generative_reranker_for(lm) -> Any:
    """The GenerativeReranker of a loaded chat model, made once and kept with it (it remembers its head probe)."""

    rr = lm.extra.get("generative_reranker")
    if rr is None:
        rr = lm.extra["generative_reranker"] = GenerativeReranker(lm)
    return rr


def open_store(db):

    if isinstance(db, IndexStore):
        return db, False
    if db is None:
        db = default_index_db()
    return IndexStore(db, read_only=True), True


def retrieve(models: RagModels, store, query: str, retrieve_k: int, folders, file_types) -> list:

    mode = "hybrid" if models.embedder is not None else "keyword"
    return search(
        store, models.embedder, query, k=retrieve_k, mode=mode, folders=folders, file_types=file_types
    )


def rerank_hits(
    models: RagModels, query: str, hits: list, k: int, rerank_k: int | None, stats: AskStats, cancel
):

    if not models.has_reranker or not hits:
        return hits[:k], stats
    depth = len(hits) if rerank_k is None else max(k, rerank_k)
    t = time.perf_counter()
    res = rerank(query, hits[:depth], reranker=models.reranker, top_k=k, cancel=cancel)
    stats = replace(stats, rerank_s=time.perf_counter() - t, reranked=min(depth, len(hits)), reranker=res.model,
                    reranker_kind=res.kind, rerank_truncated=res.truncated)  # fmt: skip
    if res.cancelled:
        return hits[:k], stats
    return list(res.items), stats


def token_counter(lm):
    """Tokens of a text in ``lm``'s tokenizer; None: an estimate (4 characters a token) that loads no model."""
    if lm is None:
        return lambda text: len(text) // 4 + 1
    tok = lm.tokenizer
    return lambda text: len(tok.encode(text))


def passages_of(items: Sequence[Any]) -> tuple[Passage, ...]:
    return tuple(
        Passage(
            n=i,
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


def make_result(
    rid,
    question,
    answer,
    citations,
    abstained,
    closest,
    stats,
    t0,
    finish,
    error=None,
    *,
    sentences=(),
    kind="generative",
    generated="",
) -> AskResult:
    """The AskResult, hedged (AskResult.hedged) when it answers and ``stats.coverage`` is below the hedge line."""
    stats = replace(stats, total_s=time.perf_counter() - t0)
    kind = "" if abstained else kind
    return AskResult(rid, question, answer, tuple(citations), abstained, tuple(closest), stats, finish, error,
                     tuple(sentences), kind, generated, not abstained and hedges(stats.coverage))  # fmt: skip


def extractive_result(models: RagModels, question: str, sources: Sequence[Source], *, stats: AskStats,
                      request_id: str, t0: float) -> AskResult:  # fmt: skip
    """The answer made of the sources' own best sentences (engine.rag.extractive), or an abstention when no
    sentence has the words to answer anything; introduced as possibly not answering the question when
    ``stats.coverage`` is below the hedge line (engine.rag.abstain.hedges)."""
    t = time.perf_counter()
    ex = extract_answer(
        question, sources, models.embedder, intro=HEDGED_INTRO if hedges(stats.coverage) else EXTRACTIVE_INTRO
    )
    stats = replace(stats, extract_s=time.perf_counter() - t)
    if not ex.sentences:
        return make_result(
            request_id, question, ABSTAIN_TEXT, (), True, passages_of(sources[:3]), stats, t0, "stop"
        )
    return make_result(request_id, question, ex.text, ex.citations, False, passages_of(sources), stats, t0, "stop",
                       sentences=ex.sentences, kind="extractive")  # fmt: skip


class _Stop:
    """The generation's stop flag: set by the loop guard, or by the caller's cancel (checked after each token)."""

    def __init__(self, cancel) -> None:
        self.cancel, self.looped = cancel, False

    def is_set(self) -> bool:
        return self.looped or (self.cancel is not None and self.cancel.is_set())

    def set(self) -> None:  # pragma: no cover - the loop never sets its own cancel
        self.looped = True


def answer_from_sources(
    models: RagModels,
    question: str,
    sources: Sequence[Source],
    *,
    history: Sequence[Any],
    stats: AskStats,
    max_tokens: int,
    sampling: SamplingParams | None,
    cancel,
    request_id: str,
    t0: float,
    quote_sources: Sequence[Source] | None = None,
    infer: bool = True,
    loop_guard: bool = True,
    fallback: bool = True,
    grounding: str = "offline",
) -> Iterator[TokenEvent | AskResult]:
    """Stream the answer over numbered ``sources``, map its markers (to ``quote_sources`` when given: same
    numbers, the document text to quote from) and check every sentence against the sources. ``loop_guard``: cut
    the answer where it starts repeating itself. ``fallback``: when no sentence is supported, answer extractively
    first and show the model's answer after it, labelled. ``grounding``: "offline" (engine.rag.grounding) or
    "model" (also the chat model's own yes/no judgment, engine.rag.model_grounding: it can only withdraw support)."""

    req = GenerateRequest(messages=build_messages(question, sources, history), max_tokens=max_tokens,
                          sampling=sampling or SamplingParams(temperature=0.0), request_id=request_id)  # fmt: skip
    t = time.perf_counter()
    final: FinalEvent | None = None
    guard, stop, text = LoopGuard(), _Stop(cancel), ""
    for ev in run_generation(models.chat, req, cancel=stop, store=models.prompt_cache, submitted_at=t):
        if isinstance(ev, TokenEvent):
            text += ev.text
            if loop_guard and not stop.looped and guard.check(text) is not None:
                stop.looped = True  # the loop ends after this token; the repeated part is cut below
            yield ev
        elif isinstance(ev, FinalEvent):
            final = ev
    assert final is not None
    if stop.looped:
        cut = guard.check(final.text)
        final = replace(
            final, text=final.text[:cut] if cut is not None else final.text, finish_reason="repetition"
        )
        stats = replace(stats, loop_stopped=True)
    g = final.stats
    stats = replace(stats, generation_s=time.perf_counter() - t, prompt_tokens=g.prompt_tokens,
                    cached_tokens=g.cached_tokens, generated_tokens=g.generated_tokens, ttft_s=g.ttft_s,
                    decode_tokens_per_s=g.decode_tokens_per_s)  # fmt: skip
    quoting = quote_sources or sources
    _, invalid = map_citations(final.text, quoting)
    answer = strip_invalid_markers(final.text, invalid).strip()
    answer, inferred = infer_citations(answer, quoting) if infer else (answer, ())
    citations, _ = map_citations(answer, quoting)
    flagged = {c.n for c in inferred} - {c.n for c in map_citations(final.text, quoting)[0]}
    citations = tuple(replace(c, inferred=c.n in flagged) for c in citations)
    answer, citations, order = renumber(answer, citations)  # cited sources read [1], [2], ... as they appear
    stats = replace(stats, invalid_markers=tuple(invalid), inferred_citations=len(flagged))
    t = time.perf_counter()
    checked = renumbered_sources(quoting, order)
    verdicts = ground(answer, checked, models.embedder)
    if grounding == "model" and verdicts:
        verdicts = judge_verdicts(judge_for(models.chat), verdicts, checked, cancel)
    stats = replace(stats, grounding_s=time.perf_counter() - t)
    shown = supported_answer(answer, verdicts, UNSUPPORTED_MARK)
    finish = final.finish_reason
    if final.error is None and finish != "cancelled" and fallback and not any(v.supported for v in verdicts):
        ex = extractive_result(models, question, quoting, stats=stats, request_id=request_id, t0=t0)
        if not ex.abstained:
            head = ex.answer + "\n\n" + MODEL_LABEL + "\n"
            moved = tuple(replace(v, start=v.start + len(head), end=v.end + len(head)) for v in verdicts)
            yield replace(ex, answer=head + shown if answer else ex.answer, sentences=ex.sentences + moved,
                          answer_kind="extractive+generative" if answer else "extractive", generated=answer,
                          finish_reason=finish)  # fmt: skip
            return
    yield make_result(request_id, question, shown, citations, False, passages_of(quoting), stats, t0, finish,
                      final.error, sentences=verdicts, generated=answer)  # fmt: skip


def documents_for(store, documents: Sequence[str] | None, folders: Sequence[str] | None) -> list[str]:
    if documents:
        return [
            str(Path(d).expanduser().absolute()) if not store.document(str(d)) else str(d) for d in documents
        ]
    out: list[str] = []
    for folder in folders or ():
        out += [d.path for d in store.documents(under=str(Path(folder).expanduser().absolute()))
                if d.status == "indexed"]  # fmt: skip
    return out


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
