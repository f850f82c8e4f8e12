"""Document Q&A with citations you can check: ``ask`` runs one question through the pipeline, top to bottom.

    0. question     engine.rag.followup      a follow-up rewritten to stand alone; aggregate questions -> whole
    1. retrieve     engine.rag.retrieve      hybrid search, top ``retrieve_k``
    2. rerank       engine.rag.reranking     the best ``k`` by the reranker (when there is one)
    3. gate         engine.rag.sentence_bounds, engine.rag.abstain
                                             passages grown to whole sentences; decline when they do not answer
    4. sources      engine.rag.sources       numbered [1], [2], ... within the prompt's token budget
    5. answer       engine.rag.extractive    the sources' own best sentences (no chat model), or
                    engine.rag.generative    the chat model writes, streamed, its markers mapped to citations
                    engine.rag.answer_check  where it is asked or measured, the chat model judges whether the
                                             sentences an extractive answer quotes answer (hedged or not)
    6. grounding    engine.rag.grounding     each written sentence checked against its source
    7. result       engine.rag.results       the AskResult, its sources numbered 1..k as the answer cites
                    engine.rag.numbering     them

Whole-document mode (engine.rag.whole) replaces 1-4: the chat model reads every chunk of the chosen documents and
its notes are the sources of a written answer (5-7). The answer is written by the chat model when it passes the
capability check (engine.rag.capability) or when asked to; else it is extractive. Tuned constants:
engine.rag.tuning. Runs on the engine thread (``Engine.ask``).
"""

from __future__ import annotations

import copy
import logging
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace

from engine.core import (
    AlcoveError,
    AnswerCheck,
    AnswerMode,
    AskRequest,
    AskScope,
    Grounding,
    ProgressEvent,
    TokenEvent,
    new_request_id,
)
from engine.index import IndexStore
from engine.rag.abstain import AbstainPolicy, common_words, judge_passages, quoted_names
from engine.rag.answer_check import check_line, checked_text, model_check
from engine.rag.capability import check_capability, measured_route
from engine.rag.embed_memo import AskEmbeddings
from engine.rag.extractive import EXTRACTIVE_INTRO, HEDGED_INTRO, ExtractiveAnswer, extract_answer
from engine.rag.followup import rewrite_question
from engine.rag.generative import write_answer
from engine.rag.grounding import check_answer
from engine.rag.models import RagModels
from engine.rag.reranking import rerank_passages
from engine.rag.results import AskResult, AskStats, extractive_result, passages_of, result, with_model_answer
from engine.rag.retrieve import open_index, retrieve
from engine.rag.sentence_bounds import whole_sentences
from engine.rag.sources import Source, answer_sources
from engine.rag.whole import is_aggregate, read_documents

AskEvent = ProgressEvent | TokenEvent | AskResult
log = logging.getLogger(__name__)


def ask(models: RagModels, req: AskRequest, cancel: threading.Event | None = None,
        submitted_at: float | None = None, *, policy: AbstainPolicy | None = None,
        store: IndexStore | None = None) -> Iterator[AskEvent]:  # fmt: skip
    """Yields ProgressEvents (phases), TokenEvents (a written answer as it is written), then exactly one AskResult.
    ``policy`` (tests, bench/rag_eval.py): the abstention policy instead of the calibrated one for these models;
    ``store``: an index already open instead of ``req.db``."""
    t0 = submitted_at or time.perf_counter()
    rid = req.request_id or new_request_id()
    cancel = cancel or threading.Event()
    question = req.question.strip()
    if not question:
        raise AlcoveError("The question is empty. Type a question about your documents.")
    index = store if store is not None else open_index(req.db)
    if models.embedder is not None:  # each text embedded once in this ask (engine.rag.embed_memo)
        models = copy.copy(models)
        models.embedder = AskEmbeddings(models.embedder)
    try:
        yield from _pipeline(models, req, question, index, policy, cancel, rid, t0)
    finally:
        if store is None:
            index.close()


def _pipeline(models: RagModels, req: AskRequest, question: str, store: IndexStore, policy: AbstainPolicy | None,
              cancel: threading.Event, rid: str, t0: float) -> Iterator[AskEvent]:  # fmt: skip
    # 0. the question. An extractive answer rewrites a follow-up without the chat model (it never loads one).
    yield ProgressEvent(rid, 0, 3, "Understanding the question", extra={"phase": "rewrite"})
    lm = models.chat if req.rewrite and req.answer is not AnswerMode.EXTRACTIVE and req.history else None
    rw = rewrite_question(question, req.history, lm=lm, cancel=cancel)
    stats = AskStats(query=rw.query, rewrite=rw.method, rewrite_s=rw.seconds)
    answer = req.answer
    whole = req.scope is AskScope.WHOLE or (req.scope is AskScope.AUTO and bool(req.documents))
    if (
        req.scope is AskScope.AUTO
        and not whole
        and is_aggregate(question)
        and answer is not AnswerMode.EXTRACTIVE
    ):
        # Whole-document mode has the chat model write every note: only for a model that passes the capability
        # check (or when told to generate); a weak one answers from the retrieved passages.
        if answer is AnswerMode.AUTO:
            answer, stats = _answer_mode(models, stats, cancel)
        whole = answer is AnswerMode.GENERATIVE
    if whole:  # 1-4 for whole documents
        notes = yield from read_documents(models, question, rw.query, store, req, stats, cancel, rid, t0)
        if isinstance(notes, AskResult):
            yield notes
            return
        # 5-7; a whole-document answer is checked offline, whatever the request's grounding
        yield from _written(models, req, question, notes.sources, notes.quotes, notes.stats, Grounding.OFFLINE,
                            cancel, rid, t0)  # fmt: skip
        return

    # 1. retrieve
    yield ProgressEvent(rid, 1, 3, "Searching your documents", extra={"phase": "retrieve"})
    hits, stats = retrieve(models, store, rw.query, req, stats)
    if cancel.is_set():
        yield result(rid, question, "", (), False, (), stats, t0, "cancelled")
        return

    # 2. rerank (said only when a reranker runs: "Ranking 50 passages" stood for 37 s of what follows it)
    if models.has_reranker and hits:
        yield ProgressEvent(rid, 2, 3, f"Ranking {min(len(hits), req.rerank_k or len(hits))} passages",
                            extra={"phase": "rerank"})  # fmt: skip
    top, stats = yield from rerank_passages(models, rw.query, hits, req.k, req.rerank_k, stats, cancel, rid)
    if cancel.is_set():
        yield result(rid, question, "", (), False, passages_of(top), stats, t0, "cancelled")
        return

    # 3. the gate: the passages grown to whole sentences; declined when they do not answer
    yield ProgressEvent(rid, 2, 3, "Checking the passages", extra={"phase": "check"})
    top = whole_sentences(store, top)
    gate = judge_passages(question, rw.query, hits, top, store, getattr(models.embedder, "name", None), policy,
                          stats, common_words(models.embedder), models.embedder)  # fmt: skip
    stats = gate.stats
    if gate.declined:
        yield result(rid, question, gate.declined, (), True, passages_of(top[:3]), stats, t0, "stop")
        return

    # 4. sources: who answers is settled now (AUTO: the capability check), then the sources are counted in the
    # chat model's tokens when it writes
    if answer is AnswerMode.AUTO:
        yield ProgressEvent(rid, 2, 3, "Checking what the chat model can do", extra={"phase": "capability"})
        answer, stats = _answer_mode(models, stats, cancel)
    sources = answer_sources(top, models.chat if answer is not AnswerMode.EXTRACTIVE else None)

    # 5a, 7. the extractive answer: the sources' own sentences, no chat model (unless it checks them)
    line = _check_line(models, req, stats)
    if answer is AnswerMode.EXTRACTIVE:
        yield ProgressEvent(rid, 3, 3, "Choosing the sentences to quote", extra={"phase": "extract"})
        ex, checked = _extract(models, question, sources, stats)
        if line is not None and ex.sentences:
            yield ProgressEvent(rid, 3, 3, "Checking the answer", extra={"phase": "answer-check"})
            checked = _checked(models, question, ex, checked, line, cancel)
            if checked.hedged != stats.hedged:  # introduced as the check says
                first = checked.extract_s
                ex, checked = _extract(models, question, sources, checked)
                checked = replace(checked, extract_s=first + checked.extract_s)
        yield extractive_result(rid, question, ex, sources, checked, t0)
        return
    if line is not None:  # the sentences an extractive answer would quote, checked before the model writes
        yield ProgressEvent(rid, 3, 3, "Checking the answer", extra={"phase": "answer-check"})
        ex, _ = _extract(models, question, sources, stats)
        if ex.sentences:
            stats = _checked(models, question, ex, stats, line, cancel)
    # 5b-7. the written answer, grounded
    yield ProgressEvent(rid, 3, 3, "Writing the answer", extra={"phase": "generate"})
    yield from _written(models, req, question, sources, sources, stats, req.grounding, cancel, rid, t0)


def _answer_mode(models: RagModels, stats: AskStats, cancel: threading.Event) -> tuple[AnswerMode, AskStats]:
    """AUTO made concrete: a model whose answers were measured gets its measured route (engine.rag.capability.
    MEASURED_ROUTES); any other writes when it passes the capability check, else the answer is extractive."""
    measured = measured_route(models.chat)
    if measured is not None:
        return AnswerMode(measured), replace(stats, answer_rule="measured")
    cap = check_capability(models.chat, models.prompt_cache, models.embedder, cancel)
    mode = AnswerMode.GENERATIVE if cap.capable else AnswerMode.EXTRACTIVE
    return mode, replace(stats, capable=cap.capable, answer_rule="capability")


def _check_line(models: RagModels, req: AskRequest, stats: AskStats) -> float | None:
    """The line the chat model's check of the answer is read at (engine.rag.answer_check), or None when the words
    decide: ``check`` WORDS; AUTO for an extractive request (the chat model is not loaded for it) or for a model
    whose check was never measured and that did not pass the capability check (``stats.capable``)."""
    if req.check is AnswerCheck.WORDS or (
        req.check is AnswerCheck.AUTO and req.answer is AnswerMode.EXTRACTIVE
    ):
        return None
    return check_line(req.check, models.chat, stats.capable)


def _checked(models: RagModels, question: str, ex: ExtractiveAnswer, stats: AskStats, line: float,
             cancel: threading.Event) -> AskStats:  # fmt: skip
    """``stats`` with the chat model's verdict on the sentences of ``ex``; unchanged (the words decide) when the
    check could not run."""
    t = time.perf_counter()
    try:
        verdict = model_check(models.chat, question, checked_text(ex.text), cancel)
    except (RuntimeError, ValueError, MemoryError) as e:  # the answer is still shown, hedged by the words
        log.warning("the chat model's check of the answer failed: %s", e)
        verdict = None
    if verdict is None:
        return replace(stats, check_s=time.perf_counter() - t)
    return replace(stats, model_check=verdict, model_check_line=line, check_s=time.perf_counter() - t)


def _extract(models: RagModels, question: str, sources: Sequence[Source],
             stats: AskStats) -> tuple[ExtractiveAnswer, AskStats]:  # fmt: skip
    t = time.perf_counter()
    intro = HEDGED_INTRO if stats.hedged else EXTRACTIVE_INTRO
    if stats.absent_terms:  # "... directly: none of them mentions “parquet”. The closest they come:"
        intro = intro.replace(
            "directly.", f"directly: none of them mentions {quoted_names(stats.absent_terms)}."
        )
    ex = extract_answer(question, sources, models.embedder, intro=intro)
    return ex, replace(stats, extract_s=time.perf_counter() - t)


def _written(models: RagModels, req: AskRequest, question: str, sources: Sequence[Source],
             quoting: Sequence[Source], stats: AskStats, grounding: Grounding, cancel: threading.Event, rid: str,
             t0: float) -> Iterator[TokenEvent | AskResult]:  # fmt: skip
    """5b-7: the chat model writes over ``sources`` (its markers quote ``quoting``, the same numbers); each sentence
    is checked; an answer with no supported sentence is shown after the extractive one, labelled."""
    draft = yield from write_answer(models, question, sources, quoting, history=req.history,
                                    max_tokens=req.max_tokens, sampling=req.sampling, stats=stats, cancel=cancel,
                                    request_id=rid)  # fmt: skip
    grounded = check_answer(draft.answer, quoting, models, grounding, cancel)
    stats = replace(draft.stats, grounding_s=grounded.seconds)
    if (
        draft.error is None
        and draft.finish != "cancelled"
        and not any(v.supported for v in grounded.verdicts)
    ):
        ex, ex_stats = _extract(models, question, quoting, stats)
        if ex.sentences:
            yield with_model_answer(
                rid, question, ex, quoting, ex_stats, t0, draft.answer, grounded, draft.finish
            )
            return
    yield result(rid, question, grounded.shown, draft.citations, False, passages_of(quoting), stats, t0,
                 draft.finish, draft.error, sentences=grounded.verdicts, generated=draft.answer)  # fmt: skip


# The engine's name for ``ask`` (engine/runtime/engine.py): the same function.
