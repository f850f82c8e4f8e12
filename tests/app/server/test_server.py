"""The server driven by the official ``openai`` client and plain ``httpx`` (loopback only, bounded loops)."""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import threading
import time
from dataclasses import replace

import httpx
import numpy as np
import openai
import pytest

from app.common import search_json
from app.server import BindRefused, ServerOptions, ThreadedServer, check_bind, is_loopback
from app.server.command import main as serve_main
from app.server.streaming import pump as _pump
from engine.core import EmbedRequest, FinalEvent, GenerateRequest, RerankRequest, SearchRequest
from tests.app.server.conftest import batch_of

QUESTIONS = [
    "What is the capital of France?",
    "def add(a, b):",
    "Tell me about Rome.",
    "Why does water boil?",
    "The quick brown fox",
    "Search your files",
    "Ask questions, get answers",
    "0123456789",
    "Paris and Rome",
    "café naïve façade",
    "Alcove runs language models",
    "numbers, punctuation",
    "What is Alcove?",
    "Where is Italy?",
    "lazy dog",
    "return a + b",
    "privately on your Mac",
    "with citations",
    "one hundred degrees",
    "tabs and newlines",
]


def client(live, key="unused"):
    return openai.OpenAI(base_url=live.url, api_key=key, max_retries=0, timeout=60)


def engine_greedy(engine, messages=None, prompt=None, max_tokens=24) -> FinalEvent:
    req = GenerateRequest(messages=messages, prompt=prompt, max_tokens=max_tokens)
    return list(engine.generate(req))[-1]


def test_chat_not_streaming_equals_the_engine(live, engine):
    msgs = ({"role": "user", "content": "What is the capital of France?"},)
    ref = engine_greedy(engine, messages=msgs)
    r = client(live).chat.completions.create(
        model="default", messages=list(msgs), temperature=0, max_tokens=24
    )
    assert r.choices[0].message.content == ref.text
    assert r.choices[0].finish_reason == ("length" if ref.finish_reason == "length" else "stop")
    assert r.usage.prompt_tokens == ref.stats.prompt_tokens
    assert r.usage.completion_tokens == len(ref.token_ids)
    assert r.usage.prompt_tokens_details.cached_tokens >= 1  # the engine run left the prompt in the cache
    ext = r.model_extra["alcove"]
    assert ext["decoding"] == "batched" and ext["finish_reason"] == ref.finish_reason


def test_chat_streaming_with_usage(live, engine):
    msgs = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Tell me about Rome."}]
    ref = engine_greedy(engine, messages=tuple(msgs))
    stream = client(live).chat.completions.create(
        model="default", messages=msgs, temperature=0, max_tokens=24, stream=True,
        stream_options={"include_usage": True},
    )  # fmt: skip
    chunks = list(stream)
    assert chunks[0].choices[0].delta.role == "assistant"
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == ref.text
    finishes = [c.choices[0].finish_reason for c in chunks if c.choices and c.choices[0].finish_reason]
    assert len(finishes) == 1
    assert chunks[-1].choices == [] and chunks[-1].usage.completion_tokens == len(ref.token_ids)


def test_completions_streaming_and_not(live, engine):
    ref = engine_greedy(engine, prompt="The capital of France is", max_tokens=16)
    c = client(live)
    r = c.completions.create(model="default", prompt="The capital of France is", max_tokens=16, temperature=0)
    assert r.choices[0].text == ref.text and r.usage.completion_tokens == len(ref.token_ids)
    s = c.completions.create(model="default", prompt="The capital of France is", max_tokens=16, temperature=0,
                             stream=True)  # fmt: skip
    assert "".join(ch.choices[0].text for ch in s if ch.choices) == ref.text


def test_sse_framing(live):
    body = {
        "model": "default",
        "messages": [{"role": "user", "content": "hi"}],
        "max_tokens": 6,
        "stream": True,
    }
    with httpx.stream("POST", f"{live.url}/chat/completions", json=body, timeout=60) as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        raw = "".join(r.iter_text())
    events = raw.split("\n\n")
    assert events[-1] == "" and events[-2] == "data: [DONE]"
    for ev in events[:-2]:
        assert ev.startswith("data: ")
        obj = json.loads(ev[6:])
        assert obj["object"] == "chat.completion.chunk"


def test_embeddings_equal_alcoves_own(live, engine):
    texts = ["The capital of France is Paris.", "def add(a, b): return a + b"]
    own = engine.embed(EmbedRequest(texts)).vectors
    c = client(live)
    r = c.embeddings.create(model="default", input=texts, encoding_format="float")
    got = np.array([d.embedding for d in r.data], np.float32)
    assert np.array_equal(got, own)
    # the same batch as base64, so the same shapes reach the BLAS (a batch of one may differ in the last bit)
    r64 = httpx.post(f"{live.url}/embeddings", json={"model": "default", "input": texts,
                                                     "encoding_format": "base64"}, timeout=60).json()  # fmt: skip
    vecs = np.stack([np.frombuffer(base64.b64decode(d["embedding"]), "<f4") for d in r64["data"]])
    assert np.array_equal(vecs, own)  # base64 is lossless
    one = httpx.post(
        f"{live.url}/embeddings", json={"model": "default", "input": texts[0]}, timeout=60
    ).json()
    assert len(one["data"]) == 1 and np.allclose(one["data"][0]["embedding"], own[0], atol=1e-5)
    assert r64["usage"]["prompt_tokens"] > 0


def test_rerank_order_equals_alcoves_own(live, engine):
    docs = ["Paris is the capital of France.", "def add(a, b): return a + b", "Water boils at 100 degrees."]
    query = "capital of France"
    own = engine.rerank(RerankRequest(query, docs))  # no cross-encoder loaded: the chat model, generatively
    r = httpx.post(f"{live.url}/rerank", json={"model": "default", "query": query, "documents": docs,
                                               "return_documents": True}, timeout=60).json()  # fmt: skip
    assert [x["index"] for x in r["results"]] == [it.old_rank - 1 for it in own.items]
    scores = [x["relevance_score"] for x in r["results"]]
    assert scores == sorted(scores, reverse=True)
    assert r["results"][0]["document"]["text"] == docs[r["results"][0]["index"]]


def test_models_list(live):
    data = client(live).models.list().data
    ids = [m.id for m in data]
    assert "default" in ids and "default-embedding" in ids
    assert next(m for m in data if m.id == "default").model_extra["loaded"] is True


def test_errors_in_openais_shape(live):
    c = client(live)
    with pytest.raises(openai.NotFoundError) as e:
        c.chat.completions.create(model="no-such-model", messages=[{"role": "user", "content": "hi"}])
    assert e.value.code == "model_not_found"
    with pytest.raises(openai.BadRequestError) as e:
        c.chat.completions.create(model="default", messages=[{"role": "user", "content": "hi"}],
                                  tools=[{"type": "function", "function": {"name": "f", "parameters": {}}}])  # fmt: skip
    assert e.value.code == "unsupported" and "tool" in e.value.message
    with pytest.raises(openai.BadRequestError) as e:
        c.chat.completions.create(model="default", messages=[{"role": "user", "content": "hi"}],
                                  response_format={"type": "json_object"})  # fmt: skip
    assert "JSON mode" in e.value.message
    with pytest.raises(openai.BadRequestError):
        c.chat.completions.create(model="default", messages=[])
    with pytest.raises(openai.BadRequestError) as e:
        c.chat.completions.create(model="default", messages=[{"role": "user", "content": "x"}], temperature=5)
    assert e.value.param == "temperature"
    for method, path, body, status in [
        ("POST", "/chat/completions", b"{not json", 400),
        ("GET", "/nowhere", None, 404),
        ("GET", "/chat/completions", None, 405),
        ("POST", "/embeddings", b'{"input": []}', 400),
        ("POST", "/rerank", b'{"query": "q"}', 400),
    ]:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        r = httpx.request(method, f"{live.url}{path}", content=body, headers=headers, timeout=30)
        assert r.status_code == status, (path, r.text)
        err = r.json()["error"]
        assert set(err) >= {"message", "type", "code"} and err["message"]


def test_client_disconnect_cancels_within_a_step(live, engine):
    # A prompt whose greedy run goes the whole distance, so only the disconnect can end it early.
    prompt = next(q for q in QUESTIONS
                  if engine_greedy(engine, prompt=q, max_tokens=120).finish_reason == "length")  # fmt: skip
    batch = batch_of(engine)
    cancelled = batch.finished["cancelled"]
    body = {"model": "default", "prompt": prompt, "max_tokens": 120, "temperature": 0, "stream": True}
    with httpx.stream("POST", f"{live.url}/completions", json=body, timeout=60) as r:
        lines = r.iter_lines()
        got = 0
        for line in lines:
            if line.startswith("data: "):
                got += 1
            if got >= 3:
                break
        steps_at_close = batch.steps
    deadline = time.monotonic() + 10
    while batch.finished["cancelled"] == cancelled and time.monotonic() < deadline:
        time.sleep(0.01)
    assert batch.finished["cancelled"] == cancelled + 1
    assert batch.steps - steps_at_close <= 3  # stopped within a step or so of the socket closing, not at 120
    assert batch.steps - steps_at_close < 100


def test_twenty_concurrent_streams_equal_sequential_greedy(live, engine):
    msgs = [({"role": "user", "content": q},) for q in QUESTIONS]
    ref = [engine_greedy(engine, messages=m, max_tokens=20).text for m in msgs]
    batch = batch_of(engine)
    peak_before = batch.peak_batch
    batch.peak_batch = 0
    out: list[str | None] = [None] * len(msgs)
    c = client(live)

    def one(i):
        s = c.chat.completions.create(model="default", messages=list(msgs[i]), max_tokens=20, temperature=0,
                                      stream=True)  # fmt: skip
        out[i] = "".join(ch.choices[0].delta.content or "" for ch in s if ch.choices)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(msgs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert out == ref
    assert batch.peak_batch >= 4  # they decoded together
    batch.peak_batch = max(peak_before, batch.peak_batch)


def test_back_pressure_answers_429(live, engine):
    engine.set_batch_limits(16, 0)  # the engine's batch refuses every request: BatchFull
    try:
        r = httpx.post(f"{live.url}/completions", json={"model": "default", "prompt": "x"}, timeout=30)
    finally:
        engine.set_batch_limits(live.service.options.max_batch, live.service.options.max_waiting)
    assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limit_exceeded"


def test_speculative_request_alone_runs_speculatively(live, engine):
    body = {"model": "default", "prompt": "The capital of France is Paris. The capital of France is",
            "max_tokens": 12, "temperature": 0, "alcove": {"speculative": "lookup"}}  # fmt: skip
    plain = httpx.post(f"{live.url}/completions", json={**body, "alcove": {}}, timeout=60).json()
    spec = httpx.post(f"{live.url}/completions", json=body, timeout=60).json()
    assert spec["alcove"]["decoding"] == "speculative" and spec["alcove"]["speculative"]["mode"].startswith(
        "lookup"
    )
    assert plain["alcove"]["decoding"] == "batched"
    assert spec["choices"][0]["text"] == plain["choices"][0]["text"]  # greedy: lossless


class RouteSpy:
    """The real engine, but each reply's RouteEvent carries a reason of the spy's own making."""

    def __init__(self, engine) -> None:
        self._engine = engine
        self.requests: list = []
        self.routes: list = []

    def __getattr__(self, name):
        return getattr(self._engine, name)

    def chat(self, request):
        self.requests.append(request)
        events = self._engine.chat(request)
        route = next(events)
        self.routes.append(route)
        return itertools.chain([replace(route, reason=f"spy: {route.reason}")], events)


def test_decoding_is_the_engines_route(engine, tiny_chat):
    """``alcove.decoding`` and its reason are the RouteEvent the engine began the reply with; the server asks
    for a shared reply and decides nothing itself."""
    spy = RouteSpy(engine)
    srv = ThreadedServer(spy, ServerOptions(port=0, chat_model=str(tiny_chat), max_tokens=6, temperature=0.0))
    try:
        body = {"model": "default", "prompt": "The capital of France is", "max_tokens": 4, "temperature": 0}
        for extra in ({}, {"alcove": {"speculative": "lookup"}}):
            r = httpx.post(f"{srv.url}/completions", json={**body, **extra}, timeout=60).json()
            route = spy.routes[-1]
            assert r["alcove"]["decoding"] == route.decoding
            assert r["alcove"]["decoding_reason"] == f"spy: {route.reason}"
            assert spy.requests[-1].shared and spy.requests[-1].request_id == route.request_id
        assert [x.decoding for x in spy.routes] == ["batched", "speculative"]  # alone: drafting can pay
        with httpx.stream("POST", f"{srv.url}/chat/completions", timeout=60, json={
                "model": "default", "messages": [{"role": "user", "content": "hi"}], "max_tokens": 4,
                "stream": True}) as r:  # fmt: skip
            chunks = [json.loads(line[6:]) for line in r.iter_lines() if line.startswith("data: {")]
        last = next(c for c in chunks if c["choices"] and c["choices"][0]["finish_reason"])
        assert last["alcove"]["decoding"] == spy.routes[-1].decoding
        assert last["alcove"]["decoding_reason"] == f"spy: {spy.routes[-1].reason}"
    finally:
        srv.stop()


def test_api_key_enforced(keyed):
    with pytest.raises(openai.AuthenticationError) as e:
        client(keyed, "wrong").models.list()
    assert e.value.code == "invalid_api_key"
    r = httpx.get(f"{keyed.url}/models", timeout=30)
    assert r.status_code == 401 and r.json()["error"]["type"] == "invalid_request_error"
    assert client(keyed, "s3cret").models.list().data
    r = client(keyed, "s3cret").chat.completions.create(
        model="default", messages=[{"role": "user", "content": "hi"}]
    )
    assert r.choices[0].message.content is not None


def test_non_loopback_bind_needs_flag_and_key(capsys):
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    with pytest.raises(BindRefused, match="--allow-remote"):
        check_bind(ServerOptions(host="0.0.0.0"))
    with pytest.raises(BindRefused, match="API key"):
        check_bind(ServerOptions(host="0.0.0.0", allow_remote=True))
    with pytest.raises(BindRefused):
        check_bind(ServerOptions(host="192.168.1.5", api_key="k"))
    check_bind(ServerOptions(host="0.0.0.0", allow_remote=True, api_key="k" * 16))  # 16 non-blank characters
    assert serve_main(["--host", "0.0.0.0", "--api-key", "k"]) == 2
    assert "alcove: Refusing to serve on 0.0.0.0" in capsys.readouterr().err
    with pytest.raises(BindRefused, match="API key"):
        check_bind(ServerOptions(host="0.0.0.0", allow_remote=True, api_key="  "))


def test_document_search_and_ask_in_the_clis_shapes(docs, engine):
    own = engine.search(SearchRequest("capital of France", str(docs.db), k=3))
    r = httpx.post(f"{docs.url}/alcove/search", json={"query": "capital of France", "k": 3}, timeout=60)
    assert r.status_code == 200
    assert r.json() == json.loads(json.dumps(search_json(own)))
    assert r.json()["results"][0]["path"].endswith("france.md")
    a = httpx.post(f"{docs.url}/alcove/ask", json={"question": "What is the capital of France?",
                                                 "max_tokens": 8}, timeout=120).json()  # fmt: skip
    assert set(a) >= {"answer", "citations", "abstained", "stats"}
    assert a["answer"]


def test_late_search_without_token_vectors_is_a_400(docs):
    r = httpx.post(
        f"{docs.url}/alcove/search", json={"query": "capital of France", "mode": "late"}, timeout=60
    )
    assert r.status_code == 400 and "no token vectors" in r.json()["error"]["message"]
    r = httpx.post(f"{docs.url}/alcove/search", json={"query": "capital", "mode": "colbert"}, timeout=60)
    assert r.status_code == 400 and "late" in r.json()["error"]["message"]


def test_chat_answered_from_documents(docs):
    c = client(docs)
    r = c.chat.completions.create(model="default", messages=[{"role": "user", "content": "Where is Paris?"}],
                                  max_tokens=8, extra_body={"alcove": {"documents": True}})  # fmt: skip
    ext = r.model_extra["alcove"]
    assert ext["decoding"] == "documents"
    assert r.choices[0].message.content
    sources = ext["citations"] or ext["closest"]
    assert sources and any(s["path"].endswith("france.md") for s in sources)
    s = c.chat.completions.create(model="default", messages=[{"role": "user", "content": "Where is Paris?"}],
                                  max_tokens=8, stream=True, extra_body={"alcove": {"documents": True}})  # fmt: skip
    chunks = list(s)
    assert chunks[-1].model_extra["alcove"]["decoding"] == "documents"
    assert "".join(ch.choices[0].delta.content or "" for ch in chunks if ch.choices)


def test_more_concurrent_streams_than_a_thread_pool_has_threads():
    # Each stream blocks its reader until all 12 are open: with a shared pool (asyncio's default has cpu_count + 4
    # threads) the barrier breaks, because the last streams would only start when earlier ones end.
    barrier = threading.Barrier(12, timeout=20)

    def make():
        barrier.wait()
        yield "token"

    async def main():
        async def one():
            return [x async for x in _pump(make)]

        return await asyncio.gather(*(one() for _ in range(12)))

    assert asyncio.run(main()) == [["token"]] * 12
