"""Reranking reports its progress (n of N passages scored) and stops between steps: ``rerank_steps``, the ask
pipeline's rerank stage and ``Engine.rerank_stream`` (issue 38: 37 s of "Ranking 50 passages…" with no count)."""

from __future__ import annotations

import threading

from engine.core import ModelRequest, ProgressEvent, RerankRequest, Role
from engine.models.loader import load_lm
from engine.rag.generative_rerank import GenerativeReranker
from engine.rag.reranking import RerankResult, rerank, rerank_steps, step_size
from engine.runtime.engine import Engine

QUERY = "what is the capital of France"
PASSAGES = [f"Passage {i}: the capital of country {i} is city {i}." for i in range(11)] + [
    "The capital of France is Paris."
]


def _run(gen):
    events = []
    while True:
        try:
            events.append(next(gen))
        except StopIteration as done:
            return events, done.value


def test_steps_count_every_passage_and_match_rerank(tiny_llama):
    rr = GenerativeReranker(load_lm(str(tiny_llama)))
    events, res = _run(rerank_steps(QUERY, PASSAGES, reranker=rr, request_id="r1"))
    assert all(isinstance(e, ProgressEvent) and e.extra["phase"] == "rank" for e in events)
    assert [e.done for e in events] == [0, 4, 8, 12] and {e.total for e in events} == {12}
    assert {e.request_id for e in events} == {"r1"} and events[-1].extra["kind"] == "generative"
    whole = rerank(QUERY, PASSAGES, reranker=rr)  # the same order and scores as the step-free call
    assert [i.old_rank for i in res.items] == [i.old_rank for i in whole.items]
    assert max(abs(a.raw_score - b.raw_score) for a, b in zip(res.items, whole.items)) < 1e-4
    assert step_size(50) == 5 and step_size(3) == 4


def test_a_stop_between_steps_ends_unscored(tiny_llama):
    rr = GenerativeReranker(load_lm(str(tiny_llama)))
    cancel = threading.Event()
    gen = rerank_steps(QUERY, PASSAGES, reranker=rr, cancel=cancel)
    assert next(gen).done == 0 and next(gen).done == 4
    cancel.set()  # the Stop button, between two steps
    events, res = _run(gen)
    assert events == [] and res.cancelled and [i.old_rank for i in res.items] == list(range(1, 13))


def test_engine_rerank_stream_yields_progress_then_the_result(tiny_llama):
    with Engine() as eng:
        eng.ensure(ModelRequest(Role.CHAT, str(tiny_llama)))
        items = list(eng.rerank_stream(RerankRequest(QUERY, tuple(PASSAGES), request_id="rr-1")))
        assert isinstance(items[-1], RerankResult) and len(items[-1].items) == 12
        assert [e.done for e in items[:-1]] == [0, 4, 8, 12]
        assert eng.rerank(RerankRequest(QUERY, tuple(PASSAGES[:2]))).kind == "generative"
