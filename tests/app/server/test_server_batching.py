"""How served requests decode: a sliding-window model in the batch (or sequentially when its caches have no batched
form), and the batch as interactive work that background units wait behind."""

from __future__ import annotations

import json
import threading
import time

import httpx
import pytest

import engine.generation.batch as batch_module
from app.server import ServerOptions, ThreadedServer
from engine.core import GenerateRequest, ModelRequest, Role
from engine.runtime import Engine
from tests.app.server.conftest import batch_of
from tests.tiny_models import make_tiny_model

PROMPTS = ["The capital of France is", "def add(a, b):", "Water boils at", "The quick brown fox"]


@pytest.fixture(scope="module")
def gemma(tmp_path_factory):
    """A tiny gemma3 (sliding-window layers: RotatingKVCache, window 16) behind its own server."""
    folder = make_tiny_model(tmp_path_factory.mktemp("gemma3"), "gemma3")
    eng = Engine()
    eng.ensure(ModelRequest(Role.CHAT, str(folder)))
    srv = ThreadedServer(eng, ServerOptions(port=0, chat_model=str(folder), max_tokens=24, temperature=0.0))
    yield eng, srv
    srv.stop()
    eng.shutdown()


def greedy(eng, prompt: str, n: int):
    return list(eng.generate(GenerateRequest(prompt=prompt, max_tokens=n, use_prompt_cache=False)))[-1]


def concurrent(url: str, prompts: list[str], n: int) -> list[dict]:
    out: list[dict | None] = [None] * len(prompts)

    def one(i: int) -> None:
        body = {"model": "default", "prompt": prompts[i], "max_tokens": n, "temperature": 0}
        out[i] = httpx.post(f"{url}/completions", json=body, timeout=120).json()

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(prompts))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return out


def test_sliding_window_model_decodes_in_the_batch(gemma):
    eng, srv = gemma
    n = 24  # prompt + 24 tokens run past the 16-token window: the batched rotating caches wrap
    ref = [greedy(eng, p, n) for p in PROMPTS]
    assert max(r.stats.prompt_tokens + len(r.token_ids) for r in ref) > 16 + 4
    batch_of(eng).peak_batch = 0
    out = concurrent(srv.url, PROMPTS, n)
    assert [o["choices"][0]["text"] for o in out] == [r.text for r in ref]
    assert {o["alcove"]["decoding"] for o in out} == {"batched"}
    assert batch_of(eng).peak_batch >= 2  # they decoded together


def test_caches_without_a_batched_form_fall_back_to_sequential(gemma, monkeypatch, tmp_path):
    """A model whose caches cannot be merged into a batch is served one request after another (the engine
    routes it so): the same greedy tokens, and each response says so and why."""
    eng, _ = gemma
    monkeypatch.setattr(
        batch_module, "_BATCHED_KINDS", {"KVCache"}
    )  # as if RotatingKVCache had no batch form
    folder = make_tiny_model(tmp_path / "g", "gemma3", seed=1)
    eng.ensure(ModelRequest(Role.CHAT, str(folder)))  # checked for a batched form as it loads
    steps = batch_of(eng).steps
    srv = ThreadedServer(eng, ServerOptions(port=0, chat_model=str(folder), max_tokens=16, temperature=0.0))
    try:
        ref = [greedy(eng, p, 16) for p in PROMPTS]
        out = concurrent(srv.url, PROMPTS, 16)
        assert [o["choices"][0]["text"] for o in out] == [r.text for r in ref]
        assert {o["alcove"]["decoding"] for o in out} == {"single"}
        assert all("RotatingKVCache" in o["alcove"]["decoding_reason"] for o in out)
        assert batch_of(eng).steps == steps  # nothing went through the batch
    finally:
        srv.stop()


def test_batch_is_interactive_work_that_background_units_wait_behind(live, engine):
    """While requests decode in the batch, the engine runs it as ONE interactive job: a background job (an index's
    embedding batches are such units) that is ready all along runs no unit until the batch is empty. Each unit
    notes how many batched steps had run when it ran: none may fall strictly inside the request's steps (a unit
    timed by the client's clock may run after the last step but before the client reads the last chunk)."""
    units: list[float] = []
    steps_seen: list[int] = []
    stop = threading.Event()
    batch = batch_of(engine)

    def background():
        while not stop.is_set():
            units.append(time.perf_counter())
            steps_seen.append(batch.steps)
            time.sleep(0.001)
            yield None

    fut = engine._thread.background(background, label="test background units")
    try:
        deadline = time.monotonic() + 10
        while not units and time.monotonic() < deadline:
            time.sleep(0.01)
        assert units, "the background job never ran"
        states = []
        body = {"model": "default", "prompt": "The quick brown fox", "max_tokens": 40, "temperature": 0,
                "stream": True}  # fmt: skip
        first = None
        steps_before = batch.steps
        with httpx.stream("POST", f"{live.url}/completions", json=body, timeout=60) as r:
            for line in r.iter_lines():
                if line.startswith("data: {") and json.loads(line[6:])["choices"][0]["finish_reason"] is None:
                    first = first or time.perf_counter()  # a token chunk: the request is still decoding
                    states.append(engine.scheduler_state())
        steps_after = batch.steps
        assert first is not None and steps_after - steps_before >= 2
        during = [s for s in steps_seen if steps_before < s < steps_after]
        assert during == []  # no background unit between the request's first and last batched step
        busy = [s for s in states[1:-1] if s.running]
        assert busy and all(
            s.running == "BatchRunner._loop" and s.running_priority == "interactive" for s in busy
        )
        n = len(units)
        deadline = time.monotonic() + 10
        while len(units) == n and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(units) > n  # and it resumes once the batch is empty
    finally:
        stop.set()
        fut.result(10)
