"""The whole-document path of ``engine.rag.qa.ask``: choose the documents, map over every chunk, reduce with citations."""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from engine.core import ProgressEvent, SamplingParams, TokenEvent
from engine.rag.abstain import ABSTAIN_TEXT
from engine.rag.pipeline import answer_from_sources, documents_for, make_result, retrieve, token_counter
from engine.rag.prompt import Source
from engine.rag.results import AskResult, AskStats
from engine.rag.tuning import MAX_AUTO_DOCUMENTS, NOTE_TOKEN_BUDGET, WHOLE_RETRIEVE_K
from engine.rag.whole_map import MapOutcome, map_chunks, note_sources


def choose_documents(models, store, query: str, documents, folders) -> list[str]:

    paths = documents_for(store, documents, folders)
    if paths:
        return paths
    hits = retrieve(models, store, query, WHOLE_RETRIEVE_K, None, None)
    out: list[str] = []
    for h in hits:
        if h.path not in out:
            out.append(h.path)
        if len(out) >= MAX_AUTO_DOCUMENTS:
            break
    return out


def ask_whole_documents(
    models,
    question: str,
    query: str,
    store,
    *,
    history: Sequence[Any],
    stats: AskStats,
    documents,
    folders,
    k: int,
    max_tokens: int,
    sampling: SamplingParams | None,
    cancel,
    request_id: str,
    t0: float,
) -> Iterator[TokenEvent | ProgressEvent | AskResult]:

    t = time.perf_counter()
    paths = choose_documents(models, store, query, documents, folders)
    chunks = [c for p in paths for c in store.chunks_for_document(p)]
    stats = replace(stats, mode="whole-document", retrieval_s=time.perf_counter() - t, chunks_total=len(chunks),
                    retrieved=len(paths))  # fmt: skip
    if not chunks:
        yield make_result(request_id, question, "None of the chosen documents has any indexed text.", (), True, (),
                      stats, t0, "stop")  # fmt: skip
        return
    outcome: MapOutcome | None = None
    for ev in map_chunks(models.chat, query, chunks, cancel=cancel, request_id=request_id):
        if isinstance(ev, MapOutcome):
            outcome = ev
        else:
            yield ev
    assert outcome is not None
    stats = replace(stats, map_s=outcome.seconds, chunks_read=len(outcome.notes))
    if outcome.cancelled:
        yield make_result(request_id, question, "", (), False, (), stats, t0, "cancelled")
        return
    notes = note_sources(outcome.notes, token_counter(models.chat), NOTE_TOKEN_BUDGET)
    if not notes:
        yield make_result(request_id, question, ABSTAIN_TEXT, (), True, (), stats, t0, "stop")
        return
    by_id = {getattr(n.chunk, "id", None): n.chunk for n in outcome.notes}
    quotes = tuple(
        Source(
            n=s.n,
            text=by_id[s.chunk_id].text,
            path=s.path,
            page=s.page,
            line_start=s.line_start,
            line_end=s.line_end,
            chunk_id=s.chunk_id,
            heading=s.heading,
        )  # fmt: skip
        for s in notes
    )
    yield ProgressEvent(request_id, len(chunks), len(chunks), "Writing the answer", extra={"phase": "reduce"})
    yield from answer_from_sources(models, question, notes, history=history, stats=stats, max_tokens=max_tokens,
                                   sampling=sampling, cancel=cancel, request_id=request_id, t0=t0,
                                   quote_sources=quotes)  # fmt: skip
