"""Model lifecycle: atomic swaps, no double loads, cancel before start, memory really freed, thread checks."""

from __future__ import annotations

import json
import shutil
import threading
import time

import pytest

import engine.runtime.roles as engine_module
from engine.core import FinalEvent, GenerateRequest, IndexRequest, ModelLoadError, TokenEvent
from engine.index import index_paths, search
from engine.runtime.scheduler import WrongThreadError
from tests.engine.index.index_fakes import HashEmbedder


def _reply(engine, text="Hello there", **kw):
    events = list(engine.generate(GenerateRequest(prompt=text, max_tokens=kw.pop("max_tokens", 4), **kw)))
    assert isinstance(events[-1], FinalEvent)
    return events[-1]


def test_a_swap_that_fails_validation_keeps_the_old_model(engine, tiny_llama, tmp_path):
    engine.load_model(str(tiny_llama))
    bad = tmp_path / "bad-shapes"
    shutil.copytree(tiny_llama, bad)
    cfg = json.loads((bad / "config.json").read_text())
    cfg["hidden_size"] *= 2  # the weights no longer fit the config
    (bad / "config.json").write_text(json.dumps(cfg))
    with pytest.raises(
        ModelLoadError,
        match=r"(do not match its config.json|does not belong to these weights).*is still loaded",
    ):
        engine.load_model(str(bad))
    assert engine.models()["chat"].path == str(tiny_llama)
    assert _reply(engine).finish_reason in ("length", "stop")


def test_a_swap_that_fails_while_loading_loads_the_previous_model_again(engine, tiny_llama, tmp_path):
    import mlx.core as mx

    engine.load_model(str(tiny_llama))
    broken = tmp_path / "missing-tensor"
    shutil.copytree(tiny_llama, broken)
    weights = dict(mx.load(str(broken / "model.safetensors")))
    weights.pop(next(k for k in weights if "layers.0.mlp" in k))  # headers fine, shapes fine, one tensor gone
    mx.save_safetensors(str(broken / "model.safetensors"), weights)
    with pytest.raises(ModelLoadError, match="was loaded again"):
        engine.load_model(str(broken))
    assert engine.models()["chat"].path == str(tiny_llama)
    assert _reply(engine).error is None


def test_a_failed_first_load_says_so_and_leaves_no_half_model(engine, tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(ModelLoadError, match="config.json"):
        engine.load_model(str(tmp_path / "empty"))
    assert engine.models() == {}


def test_two_jobs_needing_the_same_model_load_it_once(engine, tiny_llama, monkeypatch):
    calls = []
    real = engine_module.load_for_role

    def counting(*a, **kw):
        calls.append(a[1])
        return real(*a, **kw)

    monkeypatch.setattr(engine_module, "load_for_role", counting)
    infos = []
    threads = [
        threading.Thread(target=lambda: infos.append(engine.load_model(str(tiny_llama)))) for _ in range(3)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert calls == ["chat"] and len(infos) == 3 and len({id(i) for i in infos}) == 1
    engine.load_model(str(tiny_llama), reload=True)  # asked for explicitly: loads again
    assert calls == ["chat", "chat"]


def test_cancel_pressed_before_the_request_reached_the_engine_is_not_lost(engine, tiny_llama):
    engine.load_model(str(tiny_llama))
    req = GenerateRequest(prompt="Hello", max_tokens=50)
    assert engine.cancel(req.request_id) is False  # not submitted yet: remembered
    final = _reply_req(engine, req)
    assert final.finish_reason == "cancelled" and final.token_ids == ()


def test_cancel_while_queued_behind_other_work_never_prefills(engine, tiny_llama):
    engine.load_model(str(tiny_llama))
    release = threading.Event()
    engine._thread.submit(release.wait, 10)  # the engine is busy with something else
    req = GenerateRequest(prompt="Hello", max_tokens=50)
    events = engine.generate(req)
    assert engine.cancel(req.request_id) is True
    release.set()
    final = list(events)[-1]
    assert final.finish_reason == "cancelled" and final.stats.prefill_s == 0 and final.stats.queue_s > 0


def _reply_req(engine, req):
    return list(engine.generate(req))[-1]


def test_unload_really_frees_memory(engine, tiny_llama):
    engine.load_model(str(tiny_llama))  # warm MLX (first-use allocations), then measure a full cycle
    engine.unload_model("chat")
    before = engine.memory()
    info = engine.load_model(str(tiny_llama))
    _reply(engine)
    loaded = engine.memory()
    assert loaded.model_bytes == info.bytes > 0
    assert loaded.active_bytes >= before.active_bytes + info.bytes * 0.9
    assert engine.unload_model("chat") is True
    after = engine.memory()
    assert after.model_bytes == 0
    # the weights and the prompt cache are gone: back to where we started (small slack for MLX bookkeeping)
    assert after.active_bytes <= before.active_bytes + info.bytes * 0.05, (before, after)
    assert after.prompt_cache_bytes == 0 and after.cache_bytes == 0


def test_vector_cache_belongs_to_the_engine_and_is_freed(engine, tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    for i in range(5):
        (docs / f"n{i}.md").write_text(f"# Note {i}\n\nWalruses and subject{i}.\n")
    emb = HashEmbedder()
    db = tmp_path / "i.sqlite3"
    list(index_paths([docs], db, emb))
    assert engine.memory().vector_cache_bytes == 0
    hits = engine.run(lambda: search(db, emb, "walruses", k=3, mode="vector"))
    assert hits
    assert engine.memory().vector_cache_bytes > 0
    engine.run(engine._free_all)
    assert engine.memory().vector_cache_bytes == 0


def test_engine_thread_only_functions_fail_loudly_elsewhere(engine, tiny_llama):
    engine.load_model(str(tiny_llama))
    with pytest.raises(WrongThreadError):
        engine.model("chat")
    with pytest.raises(WrongThreadError):
        engine._load_model(str(tiny_llama), "chat", None, None, False)
    assert engine.run(lambda: engine.model("chat")) is not None


def test_load_model_timeout(engine, tiny_llama):
    from engine.runtime.scheduler import EngineTimeoutError

    release = threading.Event()
    engine._thread.submit(release.wait, 10)
    t0 = time.perf_counter()
    with pytest.raises(EngineTimeoutError, match="loading the chat model .*withdrawn"):
        engine.load_model(str(tiny_llama), timeout=0.2)
    assert time.perf_counter() - t0 < 5
    release.set()
    assert engine.models() == {}  # withdrawn: it never ran


def test_tokens_still_stream_after_a_failed_swap(engine, tiny_llama, tmp_path):
    engine.load_model(str(tiny_llama))
    with pytest.raises(ModelLoadError):
        engine.load_model(str(tmp_path / "nowhere"))
    events = list(engine.generate(GenerateRequest(prompt="Hi", max_tokens=3)))
    assert any(isinstance(e, TokenEvent) for e in events)


def test_requests_after_shutdown_fail_fast(tiny_llama):
    from engine.runtime import Engine
    from engine.runtime.scheduler import EngineClosedError

    eng = Engine()
    eng.shutdown()
    t0 = time.perf_counter()
    with pytest.raises(EngineClosedError):
        eng.generate(GenerateRequest(prompt="Hi"))
    with pytest.raises(EngineClosedError):
        eng.load_model(str(tiny_llama))
    with pytest.raises(EngineClosedError):
        list(eng.index(IndexRequest([str(tiny_llama)], "/nonexistent/i.sqlite3", embedder=HashEmbedder())))
    assert time.perf_counter() - t0 < 2
    assert eng._cancels == {}
