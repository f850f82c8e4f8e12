"""Property-based fuzzing of every route's request schema against a real server on loopback (issue 35).

A valid request has up to three of its fields (or a part of one: a message, a document, ``alcove.kind``) replaced
by arbitrary JSON or removed; raw JSON tokens a lenient parser would accept (NaN, Infinity, 1e400, lone surrogates,
huge integers) are spliced in too. Whatever the body, the server answers 2xx or 4xx (4xx in OpenAI's error shape)
and keeps serving. The example budget is fixed and the draws derandomised, so a run is bounded and repeatable."""

from __future__ import annotations

import json

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

TIMEOUT = 120
FUZZ = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
RAW = ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", '"\\ud800"', '"a\\udfffb"', "18446744073709551616",
       "-9223372036854775809", "1" + "0" * 40, "-0.0", "1e-400"]  # fmt: skip
SPLICE = "__splice__"

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 40)
    | st.sampled_from([2**31, 2**63, -(2**64), 10**30])
    | st.floats(allow_nan=False, allow_infinity=False, width=32)
    | st.text(max_size=12)
)
any_json = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)  # fmt: skip


text = st.text(max_size=40)
small = st.integers(1, 12)
unit = st.floats(0, 1, allow_nan=False)
message = st.fixed_dictionaries(
    {"role": st.sampled_from(["system", "developer", "user", "assistant"]),
     "content": text | st.lists(st.fixed_dictionaries({"type": st.just("text"), "text": text}), max_size=2)}
)  # fmt: skip
sampling = {
    "max_tokens": small,
    "max_completion_tokens": small,
    "temperature": st.floats(0, 2, allow_nan=False),
    "top_p": unit,
    "seed": st.integers(0, 2**63 - 1),
    "stop": st.lists(st.text(min_size=1, max_size=4), max_size=4) | st.text(min_size=1, max_size=4),
    "stream": st.booleans(),
    "stream_options": st.fixed_dictionaries({"include_usage": st.booleans()}),
    "n": st.just(1),
    "frequency_penalty": st.just(0),
    "presence_penalty": st.just(0),
    "response_format": st.just({"type": "text"}),
    "logprobs": st.just(False),
}
model = st.just("default")

# Each route's valid requests (required fields, then optional ones).
SCHEMAS = {
    "/chat/completions": st.fixed_dictionaries(
        {"model": model, "messages": st.lists(message, min_size=1, max_size=3)},
        optional={
            **sampling,
            "alcove": st.fixed_dictionaries(
                {}, optional={"speculative": st.sampled_from(["off", "lookup"]), "documents": st.booleans()}
            ),
        },
    ),  # fmt: skip
    "/completions": st.fixed_dictionaries(
        {
            "model": model,
            "prompt": st.text(min_size=1, max_size=40)
            | st.lists(st.integers(0, 300), min_size=1, max_size=8),
        },
        optional={**sampling, "echo": st.just(False)},
    ),  # fmt: skip
    "/embeddings": st.fixed_dictionaries(
        {
            "input": st.text(min_size=1, max_size=40)
            | st.lists(st.text(min_size=1, max_size=20), min_size=1, max_size=4)
        },
        optional={
            "model": st.sampled_from(["default", "default-embedding"]),
            "encoding_format": st.sampled_from(["float", "base64"]),
            "alcove": st.fixed_dictionaries({}, optional={"kind": st.sampled_from(["document", "query"])}),
        },
    ),  # fmt: skip
    "/rerank": st.fixed_dictionaries(
        {
            "query": st.text(min_size=1, max_size=20).filter(str.strip),
            "documents": st.lists(text | st.fixed_dictionaries({"text": text}), min_size=1, max_size=3),
        },
        optional={"model": model, "top_n": small, "return_documents": st.booleans()},
    ),  # fmt: skip
    "/alcove/search": st.fixed_dictionaries(
        {"query": st.text(min_size=1, max_size=30).filter(str.strip)},
        optional={
            "k": st.integers(1, 200),
            "mode": st.sampled_from(["hybrid", "vector", "keyword"]),
            "fusion": st.sampled_from(["score", "rrf"]),
        },
    ),  # fmt: skip
    "/alcove/ask": st.fixed_dictionaries(
        {"question": st.text(min_size=1, max_size=30).filter(str.strip)},
        optional={"max_tokens": small, "model": model},
    ),
}
# Every field a route reads, and a few it does not: the ones a mutation may break.
FIELDS = {
    "/chat/completions": ["model", "messages", *sampling, "alcove", "tools", "user"],
    "/completions": ["model", "prompt", *sampling, "echo", "suffix", "best_of", "logit_bias"],
    "/embeddings": ["input", "model", "encoding_format", "dimensions", "alcove", "user"],
    "/rerank": ["query", "documents", "model", "top_n", "return_documents"],
    "/alcove/search": ["query", "k", "mode", "fusion", "db"],
    "/alcove/ask": ["question", "max_tokens", "model"],
}
broken = st.one_of(any_json, st.just(SPLICE), st.just(SPLICE))


def mutated(path: str, data: st.DataObject) -> dict:
    """A valid request with up to three fields (or one of their parts) replaced by anything, or removed."""
    body = data.draw(SCHEMAS[path], label="valid")
    for _ in range(data.draw(st.integers(0, 3), label="mutations")):
        key = data.draw(st.sampled_from(FIELDS[path]), label="field")
        how = data.draw(st.sampled_from(["replace", "replace", "remove", "inner"]), label="how")
        if how == "remove":
            body.pop(key, None)
        elif how == "inner" and isinstance(body.get(key), dict) and body[key]:
            inner = data.draw(st.sampled_from(sorted(body[key])), label="inner")
            body[key][inner] = data.draw(broken, label="value")
        elif how == "inner" and isinstance(body.get(key), list) and body[key]:
            i = data.draw(st.integers(0, len(body[key]) - 1), label="index")
            body[key][i] = data.draw(broken, label="value")
        else:
            body[key] = data.draw(broken, label="value")
    return body


def encode(body: dict, raw: st.DataObject) -> bytes:
    """The body as JSON, each SPLICE placeholder replaced by a raw token no strict JSON encoder writes."""
    out = json.dumps(body, ensure_ascii=True)
    while f'"{SPLICE}"' in out:
        out = out.replace(f'"{SPLICE}"', raw.draw(st.sampled_from(RAW), label="raw"), 1)
    return out.encode()


def check(server, path: str, content: bytes) -> None:
    r = httpx.post(f"{server.url}{path}", content=content, headers={"Content-Type": "application/json"},
                   timeout=TIMEOUT)  # fmt: skip
    assert r.status_code < 500, (path, content[:300], r.text[:500])
    if r.status_code >= 400:
        err = r.json()["error"]
        assert set(err) == {"message", "type", "param", "code"} and err["message"], r.text
    elif r.headers.get("content-type", "").startswith("text/event-stream"):
        assert '"server_error"' not in r.text, (content[:300], r.text[-500:])
        assert r.text.rstrip().endswith("data: [DONE]")


@pytest.fixture(scope="module")
def server(docs):
    """The documents server: its chat, completions, embeddings and rerank are the plain routes', and search, ask
    and chat with ``alcove.documents`` read a real index."""
    yield docs
    assert httpx.get(f"{docs.url.removesuffix('/v1')}/health", timeout=TIMEOUT).status_code == 200


@pytest.mark.parametrize("path", list(SCHEMAS))
def test_fuzzed_requests_answer_2xx_or_4xx(server, path):
    @FUZZ
    @given(data=st.data())
    def run(data):
        check(server, path, encode(mutated(path, data), data))

    run()
    assert httpx.get(f"{server.url.removesuffix('/v1')}/health", timeout=TIMEOUT).status_code == 200


@FUZZ
@given(body=any_json)
def test_any_json_body_on_every_route(docs, body):
    for path in SCHEMAS:
        check(docs, path, json.dumps(body).encode())
