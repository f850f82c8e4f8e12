"""Document Q&A with citations you can check (engine thread).

ask(): follow-up rewrite -> hybrid retrieve (top ~50) -> rerank (top k) -> abstain below a calibrated threshold
(showing the closest passages) -> prompt with numbered sources, laid out for the prompt cache (engine.rag_prompt)
-> streamed answer -> each [n] mapped to file, page, lines and the quoted passage (engine.citations).
Aggregate questions go to whole-document mode (engine.whole_doc): map over every chunk, then reduce.

Run it on the engine thread: ``engine.stream(ask_on_engine, engine, question, db=...)``. It calls the generation
request loop directly (``engine.generate`` would queue behind this very job).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .abstain import ABSTAIN_TEXT, AbstainPolicy, Evidence, decide, policy_for
from .citations import infer_citations, map_citations, strip_invalid_markers
from .errors import AlcoveError, NoModelLoadedError
from .events import FinalEvent, ProgressEvent, TokenEvent
from .rag_prompt import Source, build_messages, fit_sources, sources_from
from .rag_types import AskResult, AskStats, Passage
from .requests import GenerateRequest, new_request_id
from .sampling import SamplingParams

log = logging.getLogger(__name__)

SOURCE_TOKEN_BUDGET = 1800  # sources in one prompt (a small model's attention is the limit, not its context)


@dataclass
class RagModels:
    """The engine-side objects Q&A uses (engine thread only)."""

    chat: Any  # LoadedLM
    embedder: Any | None  # Embedder (None: keyword search only)
    reranker: Any | None  # CrossEncoder | GenerativeReranker | None (no reranking)
    prompt_cache: Any  # PromptCacheStore


def generative_reranker_for(lm) -> Any:
    """The GenerativeReranker of a loaded chat model, made once and kept with it (it remembers its head probe)."""
    from .gen_rerank import GenerativeReranker

    rr = lm.extra.get("generative_reranker")
    if rr is None:
        rr = lm.extra["generative_reranker"] = GenerativeReranker(lm)
    return rr


# Generative reranking by a small chat model did harm on the eval set: SmolLM2-135M took hybrid recall@5 from 0.91
# to 0.32 (bench/rag_eval.py). Below this size "auto" keeps the search order unless a cross-encoder is loaded.
MIN_GENERATIVE_RERANK_PARAMS = 1_000_000_000


def models_from_engine(engine, *, rerank: bool | str = "auto") -> RagModels:
    """Engine thread: the chat model, the embedder and the reranker. ``rerank``: "auto" (a loaded cross-encoder,
    else the chat model used generatively when it has at least MIN_GENERATIVE_RERANK_PARAMS parameters or is a
    reranker model, else none), True / "generative" (the chat model even when small), False (none)."""
    chat = engine.model("chat")
    if getattr(getattr(chat, "info", None), "kind", "lm") != "lm":
        raise AlcoveError(f"Document Q&A needs an autoregressive chat model; {chat.info.name} is not one.")
    try:
        embedder = engine.model("embedder")
    except NoModelLoadedError:
        embedder = None
    reranker = None
    if rerank:
        try:
            reranker = engine.model("reranker")
        except NoModelLoadedError:
            info = chat.info
            big = info.parameters >= MIN_GENERATIVE_RERANK_PARAMS or "rerank" in info.name.lower()
            if rerank != "auto" or big:
                reranker = generative_reranker_for(chat)
    return RagModels(chat, embedder, reranker, engine.prompt_cache)


def ask_on_engine(engine, question: str, **kwargs: Any) -> Iterator[TokenEvent | ProgressEvent | AskResult]:
    """``engine.stream(ask_on_engine, engine, question, db=..., cancel=...)``."""
    yield from ask(models_from_engine(engine, rerank=kwargs.pop("rerank", "auto")), question, **kwargs)


def _open_store(db):
    from .store import IndexStore

    if isinstance(db, IndexStore):
        return db, False
    if db is None:
        from .paths import default_index_db

        db = default_index_db()
    return IndexStore(db, read_only=True), True


def ask(
    models: RagModels,
    question: str,
    *,
    history: Sequence[Any] = (),
    db: Any = None,
    k: int = 5,
    retrieve_k: int = 50,
    rerank_k: int | None = None,
    mode: str = "auto",
    documents: Sequence[str] | None = None,
    folders: Sequence[str] | None = None,
    file_types: Sequence[str] | None = None,
    policy: AbstainPolicy | None = None,
    rewrite: bool = True,
    max_tokens: int = 256,
    sampling: SamplingParams | None = None,
    cancel=None,
    request_id: str = "",
    submitted_at: float | None = None,
) -> Iterator[TokenEvent | ProgressEvent | AskResult]:
    """Yields ProgressEvents (phases), TokenEvents (the answer as it is written), then exactly one AskResult."""
    from .followup import rewrite_question
    from .whole_doc import is_aggregate

    t0 = submitted_at or time.perf_counter()
    rid = request_id or new_request_id()
    cancel = cancel or threading.Event()
    question = question.strip()
    if not question:
        raise AlcoveError("The question is empty. Type a question about your documents.")
    store, own = _open_store(db)
    try:
        yield ProgressEvent(rid, 0, 3, "Understanding the question", extra={"phase": "rewrite"})
        rw = rewrite_question(question, history, lm=models.chat if rewrite else None, cancel=cancel)
        stats = AskStats(query=rw.query, rewrite=rw.method, rewrite_s=rw.seconds)
        whole = mode == "whole" or (mode == "auto" and (bool(documents) or is_aggregate(question)))
        if whole:
            from .rag_whole import ask_whole_documents

            yield from ask_whole_documents(models, question, rw.query, store, history=history, stats=stats,
                                           documents=documents, folders=folders, k=k, max_tokens=max_tokens,
                                           sampling=sampling, cancel=cancel, request_id=rid, t0=t0)  # fmt: skip
            return
        yield ProgressEvent(rid, 1, 3, "Searching your documents", extra={"phase": "retrieve"})
        t = time.perf_counter()
        hits = _retrieve(models, store, rw.query, retrieve_k, folders, file_types)
        stats = replace(stats, retrieval_s=time.perf_counter() - t, retrieved=len(hits))
        if cancel.is_set():
            yield _result(rid, question, "", (), False, (), stats, t0, "cancelled")
            return
        yield ProgressEvent(rid, 2, 3, f"Ranking {min(len(hits), rerank_k or len(hits))} passages",
                            extra={"phase": "rerank"})  # fmt: skip
        top, stats = _rerank(models, rw.query, hits, k, rerank_k, stats, cancel)
        if cancel.is_set():
            yield _result(rid, question, "", (), False, _passages(top), stats, t0, "cancelled")
            return
        cosine = max(
            (h.vector_score for h in hits if getattr(h, "vector_score", None) is not None), default=None
        )
        rerank_best = max((it.score for it in top), default=None) if stats.reranker else None
        pol = policy or policy_for(stats.reranker_kind or None, stats.reranker or None,
                                   getattr(models.embedder, "name", None))  # fmt: skip
        verdict = decide(Evidence(rerank_best, cosine), pol)
        stats = replace(
            stats, evidence_signal=verdict.signal, evidence=verdict.value, threshold=verdict.threshold
        )
        if not top or verdict.abstain:
            yield _result(rid, question, ABSTAIN_TEXT, (), True, _passages(top[:3]), stats, t0, "stop")
            return
        sources = fit_sources(sources_from(top), _counter(models.chat), SOURCE_TOKEN_BUDGET)
        yield ProgressEvent(rid, 3, 3, "Writing the answer", extra={"phase": "generate"})
        yield from answer_from_sources(models, question, sources, history=history, stats=stats,
                                       max_tokens=max_tokens, sampling=sampling, cancel=cancel,
                                       request_id=rid, t0=t0)  # fmt: skip
    finally:
        if own:
            store.close()


def _retrieve(models: RagModels, store, query: str, retrieve_k: int, folders, file_types) -> list:
    from .search import search

    mode = "hybrid" if models.embedder is not None else "keyword"
    return search(
        store, models.embedder, query, k=retrieve_k, mode=mode, folders=folders, file_types=file_types
    )


def _rerank(models: RagModels, query: str, hits: list, k: int, rerank_k: int | None, stats: AskStats, cancel):
    from .rerank import rerank

    if models.reranker is None or not hits:
        return hits[:k], stats
    depth = len(hits) if rerank_k is None else max(k, rerank_k)
    t = time.perf_counter()
    res = rerank(query, hits[:depth], reranker=models.reranker, top_k=k, cancel=cancel)
    stats = replace(stats, rerank_s=time.perf_counter() - t, reranked=min(depth, len(hits)), reranker=res.model,
                    reranker_kind=res.kind, rerank_truncated=res.truncated)  # fmt: skip
    if res.cancelled:
        return hits[:k], stats
    return list(res.items), stats


def _counter(lm):
    tok = lm.tokenizer
    return lambda text: len(tok.encode(text))


def _passages(items: Sequence[Any]) -> tuple[Passage, ...]:
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


def _result(rid, question, answer, citations, abstained, closest, stats, t0, finish, error=None) -> AskResult:
    stats = replace(stats, total_s=time.perf_counter() - t0)
    return AskResult(rid, question, answer, tuple(citations), abstained, tuple(closest), stats, finish, error)


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
) -> Iterator[TokenEvent | AskResult]:
    """Stream the answer over numbered ``sources`` and map its markers (to ``quote_sources`` when given: same
    numbers, the document text to quote from)."""
    from .generate import run_generation

    req = GenerateRequest(messages=build_messages(question, sources, history), max_tokens=max_tokens,
                          sampling=sampling or SamplingParams(temperature=0.0), request_id=request_id)  # fmt: skip
    t = time.perf_counter()
    final: FinalEvent | None = None
    for ev in run_generation(models.chat, req, cancel=cancel, store=models.prompt_cache, submitted_at=t):
        if isinstance(ev, TokenEvent):
            yield ev
        elif isinstance(ev, FinalEvent):
            final = ev
    assert final is not None
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
    stats = replace(stats, invalid_markers=tuple(invalid), inferred_citations=len(flagged))
    yield _result(request_id, question, answer, citations, False, _passages(quote_sources or sources), stats, t0,
                  final.finish_reason, final.error)  # fmt: skip


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
