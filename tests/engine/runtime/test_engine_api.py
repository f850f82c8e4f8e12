"""The engine's typed use cases (Engine.chat/ask/search/rerank/embed/index/ensure/unload): requests are checked
where they are built, each role loads only when a request needs it, and the engine's one policy decides reranking
and batching."""

from __future__ import annotations

import contextlib
import threading
import time

import pytest

from engine.core import (
    AnswerMode,
    AskRequest,
    ChatRequest,
    EmbedRequest,
    FinalEvent,
    IndexRequest,
    ModelRequest,
    RerankPolicy,
    RerankRequest,
    Role,
    RouteEvent,
    SearchRequest,
    SpeculativeParams,
)
from engine.rag import AskResult
from engine.runtime import policy
from engine.runtime.engine import Engine

DOCS = {
    "valve.md": "# Valves\n\nThe Larkspur valve is rated for a maximum pressure of 40 bar. It is made of brass.\n",
    "backup.md": "# Backups\n\nBackups of the Quillon server run every night at 02:00 and are kept for 14 days.\n",
    "bread.md": "# Bread\n\nA sourdough loaf needs flour, water, salt and a starter; it proves for twelve hours.\n",
}


@contextlib.contextmanager
def engine_held(eng: Engine):
    """The engine thread busy with a job of the test's own until the block ends."""
    started, release = threading.Event(), threading.Event()

    def busy() -> None:
        started.set()
        release.wait(5)

    worker = threading.Thread(target=eng.run, args=(busy,))
    worker.start()
    started.wait(5)
    try:
        yield
    finally:
        release.set()
        worker.join()


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    folder = tmp_path_factory.mktemp("docs")
    for name, text in DOCS.items():
        (folder / name).write_text(text)
    db = folder.parent / "api.sqlite3"
    with Engine() as eng:
        items = list(eng.index(IndexRequest([str(folder)], db)))
    assert items[-1].files_indexed == 3
    return db


def test_requests_refuse_unknown_modes_where_they_are_built():
    with pytest.raises(ValueError, match="answer must be one of auto, generative, extractive"):
        AskRequest("q", "i.sqlite3", answer="quoted")
    with pytest.raises(ValueError, match="mode must be one of"):
        SearchRequest("q", "i.sqlite3", mode="semantic")
    with pytest.raises(ValueError, match="No chat model is named"):
        ModelRequest(Role.CHAT, "  ")
    req = AskRequest("q", "i.sqlite3", chat="default", answer="extractive", rerank="none")
    assert req.chat == ModelRequest(Role.CHAT, "default") and req.answer is AnswerMode.EXTRACTIVE
    with pytest.raises(AttributeError):
        req.k = 3  # frozen


def test_an_extractive_answer_never_loads_the_chat_model(library, tiny_llama):
    with Engine() as eng:
        events = list(eng.ask(AskRequest("How long are Quillon backups kept?", library,
                                         chat=str(tiny_llama), answer="extractive")))  # fmt: skip
        assert isinstance(events[-1], AskResult) and events[-1].finish_reason == "stop"
        assert set(eng.models()) == {"embedder"}
        # the same question written by the model loads it (and only then)
        events = list(eng.ask(AskRequest("How long are Quillon backups kept?", library, chat=str(tiny_llama),
                                         answer="generative", max_tokens=4)))  # fmt: skip
        assert isinstance(events[-1], AskResult)
        assert set(eng.models()) == {"embedder", "chat"}


def test_keyword_search_loads_no_model_and_hybrid_loads_the_embedder(library):
    with Engine() as eng:
        hits = eng.search(SearchRequest("Quillon backups", library, k=2, mode="keyword"))
        assert hits and hits[0].path.endswith("backup.md")
        assert eng.models() == {}
        hits = eng.search(SearchRequest("how long are copies of the server retained", library, k=3))
        assert any(h.path.endswith("backup.md") for h in hits)
        assert set(eng.models()) == {"embedder"}
        vectors = eng.embed(EmbedRequest(("brass valve", "sourdough"), kind="query")).vectors
        assert vectors.shape == (2, 384)


def test_chat_says_how_it_decodes_and_matches_generate(tiny_llama):
    with Engine() as eng:
        req = ChatRequest(prompt="one two three", max_tokens=6, model=str(tiny_llama))
        events = list(eng.chat(req))
        assert isinstance(events[0], RouteEvent) and events[0].decoding == "single"
        assert isinstance(events[-1], FinalEvent) and events[-1].finish_reason in ("length", "stop")
        plain = [e for e in eng.generate(req) if isinstance(e, FinalEvent)][0]
        assert plain.token_ids == events[-1].token_ids
        shared = list(eng.chat(ChatRequest(prompt="one two three", max_tokens=6, shared=True)))
        assert shared[0].decoding == "batched"  # a tiny llama's KV cache batches
        assert shared[-1].token_ids == plain.token_ids  # greedy: the batch decodes the same tokens


def test_rerank_uses_the_loaded_chat_model_generatively(tiny_llama):
    with Engine() as eng:
        eng.ensure(ModelRequest(Role.CHAT, str(tiny_llama)))
        res = eng.rerank(
            RerankRequest("valve pressure", ("bread and water", "the valve is rated for 40 bar"))
        )
        assert res.kind == "generative" and sorted(i.old_rank for i in res.items) == [1, 2]
        assert eng.unload(Role.CHAT) and not eng.unload("chat")


def test_models_never_waits_for_the_engine_thread():
    with Engine() as eng:
        with engine_held(eng):
            t0 = time.perf_counter()
            assert eng.models() == {}
            assert time.perf_counter() - t0 < 0.5


def test_the_policy_routes_shared_requests():
    plain = ChatRequest(prompt="x", shared=True)
    spec = ChatRequest(prompt="x", shared=True, speculative=SpeculativeParams(mode="lookup"))
    assert policy.route(plain, 0, None)[0] == "batched"
    assert policy.route(spec, 0, None)[0] == "speculative"
    assert policy.route(spec, 3, None)[0] == "batched"
    assert policy.route(plain, 0, "caches have no batched form") == ("single", "caches have no batched form")
    assert policy.route(ChatRequest(prompt="x"), 5, None)[0] == "single"


def test_the_policy_reranks_with_a_chat_model_only_when_it_helps():
    class Info:
        def __init__(self, parameters: int, name: str = "m") -> None:
            self.parameters, self.name = parameters, name

    assert not policy.chat_reranks(RerankPolicy.AUTO, Info(135_000_000))
    assert not policy.chat_reranks(RerankPolicy.AUTO, Info(1_500_000_000))  # opt-in: test_policy_rerank.py
    assert policy.chat_reranks(RerankPolicy.AUTO, Info(135_000_000, "tiny-reranker"))
    assert policy.chat_reranks(RerankPolicy.GENERATIVE, Info(135_000_000))
    assert not policy.chat_reranks(RerankPolicy.NONE, Info(8_000_000_000))
    assert not policy.chat_reranks(RerankPolicy.GENERATIVE, None)
    assert not policy.loads_chat_to_rerank(RerankPolicy.AUTO, AnswerMode.EXTRACTIVE)
    assert policy.loads_chat_to_rerank(RerankPolicy.AUTO, AnswerMode.AUTO)


def test_ensure_of_the_loaded_model_never_waits_for_the_engine_thread(tiny_llama):
    with Engine() as eng:
        info = eng.ensure(ModelRequest(Role.CHAT, str(tiny_llama)))
        with engine_held(eng):
            t0 = time.perf_counter()
            assert eng.ensure(ModelRequest(Role.CHAT, str(tiny_llama))) is info
            assert time.perf_counter() - t0 < 0.5
