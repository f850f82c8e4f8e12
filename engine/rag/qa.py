"""Document Q&A with citations you can check (engine thread).

ask(): follow-up rewrite -> hybrid retrieve (top ~50) -> rerank (top k) -> abstain below a calibrated threshold
(showing the closest passages) -> prompt with numbered sources, laid out for the prompt cache (engine.rag.prompt)
-> streamed answer -> each [n] mapped to file, page, lines and the quoted passage (engine.rag.citations).
Aggregate questions go to whole-document mode (engine.rag.whole_map: map over every chunk, then reduce) when the
chat model passes the capability check; a weak model answers them extractively from the retrieved passages.

``Engine.ask(AskRequest)`` runs it on the engine thread (``ask_request``). It calls the generation request loop
directly (``Engine.generate`` would queue behind this very job).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from engine.core import AlcoveError, AskRequest, ProgressEvent, SamplingParams, TokenEvent, new_request_id
from engine.rag.abstain import (
    ABSTAIN_TEXT,
    AbstainPolicy,
    Evidence,
    coverage_terms,
    decide,
    evidence_coverage,
    missing_terms,
    not_mentioned_text,
    policy_for,
)
from engine.rag.capability import check_capability
from engine.rag.followup import rewrite_question
from engine.rag.pipeline import (
    RagModels,
    answer_from_sources,
    extractive_result,
    make_result,
    open_store,
    passages_of,
    rerank_hits,
    retrieve,
    token_counter,
)
from engine.rag.prompt import fit_sources, sources_from
from engine.rag.results import AskResult, AskStats
from engine.rag.sentence_bounds import whole_sentences
from engine.rag.tuning import SOURCE_TOKEN_BUDGET
from engine.rag.whole import ask_whole_documents
from engine.rag.whole_map import is_aggregate

log = logging.getLogger(__name__)


def ask_request(models: RagModels, req: AskRequest, cancel, submitted_at: float | None = None
                ) -> Iterator[TokenEvent | ProgressEvent | AskResult]:  # fmt: skip
    """``Engine.ask``'s work on the engine thread: the request's fields as ``ask``'s arguments."""
    yield from ask(models, req.question, history=req.history, db=req.db, k=req.k, retrieve_k=req.retrieve_k,
                   rerank_k=req.rerank_k, mode=req.scope.value, documents=req.documents or None,
                   folders=req.folders or None, file_types=req.file_types or None, rewrite=req.rewrite,
                   max_tokens=req.max_tokens, sampling=req.sampling, cancel=cancel, request_id=req.request_id,
                   submitted_at=submitted_at, answer=req.answer.value, grounding=req.grounding.value)  # fmt: skip


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
    answer: str = "auto",
    grounding: str = "offline",
) -> Iterator[TokenEvent | ProgressEvent | AskResult]:
    """Yields ProgressEvents (phases), TokenEvents (the answer as it is written), then exactly one AskResult.

    ``answer``: "auto" (the chat model writes the answer when it passes the capability check, else the answer is
    extractive), "generative" (the model always writes; unsupported sentences are marked, and an answer with no
    supported sentence gets the extractive one first), "extractive" (the sources' best sentences, no generation).
    ``grounding``: "offline" (the default: word overlap, the embedder, numbers, negations, names) or "model" (also
    the chat model's yes/no judgment of each supported sentence; measured in bench/rag_eval.py --judge-grounding,
    not a default).
    """

    t0 = submitted_at or time.perf_counter()
    rid = request_id or new_request_id()
    cancel = cancel or threading.Event()
    question = question.strip()
    if not question:
        raise AlcoveError("The question is empty. Type a question about your documents.")
    if answer not in ("auto", "generative", "extractive"):
        raise AlcoveError(f"answer must be auto, generative or extractive, not {answer!r}.")
    if grounding not in ("offline", "model"):
        raise AlcoveError(f"grounding must be offline or model, not {grounding!r}.")
    store, own = open_store(db)
    try:
        yield ProgressEvent(rid, 0, 3, "Understanding the question", extra={"phase": "rewrite"})
        # An extractive answer rewrites a follow-up without the chat model (it never loads one).
        lm = models.chat if rewrite and answer != "extractive" and history else None
        rw = rewrite_question(question, history, lm=lm, cancel=cancel)
        stats = AskStats(query=rw.query, rewrite=rw.method, rewrite_s=rw.seconds)
        whole = mode == "whole" or (mode == "auto" and bool(documents))
        if mode == "auto" and not whole and is_aggregate(question) and answer != "extractive":
            # Whole-document mode has the chat model write every note: only for a model that passes the
            # capability check (or when told to generate); a weak one answers from the retrieved passages.
            if answer == "auto":
                cap = check_capability(models.chat, models.prompt_cache, models.embedder, cancel)
                stats = replace(stats, capable=cap.capable)
                answer = "generative" if cap.capable else "extractive"
            whole = answer == "generative"
        if whole:
            yield from ask_whole_documents(models, question, rw.query, store, history=history, stats=stats,
                                           documents=documents, folders=folders, k=k, max_tokens=max_tokens,
                                           sampling=sampling, cancel=cancel, request_id=rid, t0=t0)  # fmt: skip
            return
        yield ProgressEvent(rid, 1, 3, "Searching your documents", extra={"phase": "retrieve"})
        t = time.perf_counter()
        hits = retrieve(models, store, rw.query, retrieve_k, folders, file_types)
        stats = replace(stats, retrieval_s=time.perf_counter() - t, retrieved=len(hits))
        if cancel.is_set():
            yield make_result(rid, question, "", (), False, (), stats, t0, "cancelled")
            return
        yield ProgressEvent(rid, 2, 3, f"Ranking {min(len(hits), rerank_k or len(hits))} passages",
                            extra={"phase": "rerank"})  # fmt: skip
        top, stats = rerank_hits(models, rw.query, hits, k, rerank_k, stats, cancel)
        if cancel.is_set():
            yield make_result(rid, question, "", (), False, passages_of(top), stats, t0, "cancelled")
            return
        top = whole_sentences(store, top)
        cosine = max(
            (h.vector_score for h in hits if getattr(h, "vector_score", None) is not None), default=None
        )
        rerank_best = max((it.score for it in top), default=None) if stats.reranker else None
        pol = policy or policy_for(stats.reranker_kind or None, stats.reranker or None,
                                   getattr(models.embedder, "name", None))  # fmt: skip
        verdict = decide(Evidence(rerank_best, cosine), pol)
        missing = missing_terms(question, hits) if pol.signal != "none" and not verdict.abstain else ()
        stats = replace(stats, evidence_signal=verdict.signal, evidence=verdict.value, threshold=verdict.threshold,
                        missing_terms=missing)  # fmt: skip
        if not top or verdict.abstain or missing:
            text = not_mentioned_text(missing) if missing else ABSTAIN_TEXT
            yield make_result(rid, question, text, (), True, passages_of(top[:3]), stats, t0, "stop")
            return
        total, frequencies = store.chunk_frequencies(coverage_terms(rw.query))
        stats = replace(stats, coverage=evidence_coverage(rw.query, top, total, frequencies))
        if answer == "auto":
            cap = check_capability(models.chat, models.prompt_cache, models.embedder, cancel)
            stats = replace(stats, capable=cap.capable)
            answer = "generative" if cap.capable else "extractive"
        counter = token_counter(models.chat if answer != "extractive" else None)
        sources = fit_sources(sources_from(top), counter, SOURCE_TOKEN_BUDGET)
        if answer == "extractive":
            yield extractive_result(models, question, sources, stats=stats, request_id=rid, t0=t0)
            return
        yield ProgressEvent(rid, 3, 3, "Writing the answer", extra={"phase": "generate"})
        yield from answer_from_sources(models, question, sources, history=history, stats=stats,
                                       max_tokens=max_tokens, sampling=sampling, cancel=cancel,
                                       request_id=rid, t0=t0, grounding=grounding)  # fmt: skip
    finally:
        if own:
            store.close()
