"""Engine generation: parity with mlx-lm, prompt cache, cancel, queueing, stop strings, errors."""

import threading
import time

import pytest

from engine.core.events import FinalEvent, TokenEvent
from engine.core.requests import GenerateRequest
from engine.generation.sampling import SamplingParams

PROMPTS = [
    "The capital of France is",
    "def add(a, b):",
    "Alcove runs language models privately",
    "Ünïcödé café 日本語 🙂",
]


def final_of(events):
    events = list(events)
    assert isinstance(events[-1], FinalEvent)
    return events[-1], events[:-1]


def mlx_lm_greedy(folder, prompt_ids, n):
    from mlx_lm import load, stream_generate

    model, tok = load(str(folder))
    return [r.token for r in stream_generate(model, tok, prompt_ids, max_tokens=n)][:n]


@pytest.mark.parametrize("arch", ["llama", "qwen3", "gemma3"])
def test_greedy_matches_mlx_lm_stream_generate(engine, tiny_models, arch):
    folder = tiny_models[arch]
    engine.load_model(str(folder))
    for prompt in PROMPTS:
        ids = engine.run(lambda p=prompt: engine.model("chat").tokenizer.encode(p))
        final, _ = final_of(
            engine.generate(GenerateRequest(prompt_ids=tuple(ids), max_tokens=24, use_prompt_cache=False))
        )
        assert final.error is None
        ref = mlx_lm_greedy(folder, ids, 24)
        # mlx-lm stops at EOS too; compare what both produced
        n = len(final.token_ids)
        eos = set(engine.run(lambda: engine.model("chat").eos_ids))
        ref_no_eos = []
        for t in ref:
            if t in eos:
                break
            ref_no_eos.append(t)
        assert list(final.token_ids) == ref_no_eos[:n]
        assert n == len(ref_no_eos) or final.finish_reason == "length"


@pytest.mark.parametrize("arch", ["llama", "gemma3"])
def test_turn_two_with_prompt_cache_equals_cold_run(engine, tiny_models, arch):
    engine.load_model(str(tiny_models[arch]))
    turn1 = ({"role": "user", "content": "Tell me about Paris and Rome."},)
    f1, _ = final_of(engine.generate(GenerateRequest(messages=turn1, max_tokens=12)))
    assert f1.stats.cached_tokens == 0
    turn2 = turn1 + ({"role": "assistant", "content": f1.text}, {"role": "user", "content": "And Rome?"})
    warm, _ = final_of(engine.generate(GenerateRequest(messages=turn2, max_tokens=16)))
    cold, _ = final_of(
        engine.generate(GenerateRequest(messages=turn2, max_tokens=16, use_prompt_cache=False))
    )
    assert warm.stats.cached_tokens > f1.stats.prompt_tokens // 2
    assert warm.token_ids == cold.token_ids
    # an edited first message diverges early: the cache is trimmed and the answer equals a cold run
    edited = ({"role": "user", "content": "Tell me about Berlin."},)
    warm_e, _ = final_of(engine.generate(GenerateRequest(messages=edited, max_tokens=16)))
    cold_e, _ = final_of(
        engine.generate(GenerateRequest(messages=edited, max_tokens=16, use_prompt_cache=False))
    )
    assert warm_e.token_ids == cold_e.token_ids
    if arch == "llama":
        assert 0 < warm_e.stats.cached_tokens < warm_e.stats.prompt_tokens
    else:  # a sliding-window cache that has wrapped around cannot be trimmed back: a cold (correct) prefill
        assert warm_e.stats.cached_tokens < warm_e.stats.prompt_tokens


def test_regenerate_reuses_cache_and_is_identical(engine, tiny_llama):
    engine.load_model(str(tiny_llama))
    msgs = ({"role": "user", "content": "hello there, how are you?"},)
    a, _ = final_of(engine.generate(GenerateRequest(messages=msgs, max_tokens=10)))
    b, _ = final_of(engine.generate(GenerateRequest(messages=msgs, max_tokens=10)))
    assert a.token_ids == b.token_ids
    assert b.stats.cached_tokens == b.stats.prompt_tokens - 1


def test_cancel_mid_decode_then_next_turn_is_consistent(engine, tiny_llama):
    engine.load_model(str(tiny_llama))
    req = GenerateRequest(prompt="The quick brown fox", max_tokens=5000, stop=())
    events = []
    for ev in engine.generate(req):
        events.append(ev)
        if len(events) == 5:
            assert engine.cancel(req.request_id)
    final = events[-1]
    assert final.finish_reason == "cancelled"
    assert len(final.token_ids) < 5000
    # the cache left behind is consistent: a continuation run equals a cold one
    follow = GenerateRequest(prompt="The quick brown fox jumps", max_tokens=12)
    warm, _ = final_of(engine.generate(follow))
    cold, _ = final_of(
        engine.generate(
            GenerateRequest(prompt="The quick brown fox jumps", max_tokens=12, use_prompt_cache=False)
        )
    )
    assert warm.token_ids == cold.token_ids


def test_cancel_mid_prefill(engine, tiny_llama):
    engine.load_model(str(tiny_llama))
    # 1,800 tokens: a long prefill within the model's context (a longer prompt is refused)
    long_prompt = "Alcove runs language models privately on your Mac. " * 50
    req = GenerateRequest(prompt=long_prompt, max_tokens=10, prefill_chunk=8)
    it = engine.generate(req)
    time.sleep(0.05)
    engine.cancel(req.request_id)
    final, tokens = final_of(it)
    assert final.finish_reason == "cancelled"
    assert tokens == []
    warm, _ = final_of(engine.generate(GenerateRequest(prompt=long_prompt, max_tokens=8)))
    cold, _ = final_of(
        engine.generate(GenerateRequest(prompt=long_prompt, max_tokens=8, use_prompt_cache=False))
    )
    assert warm.token_ids == cold.token_ids
    assert warm.stats.cached_tokens > 0  # the partial prefill was kept


def test_requests_queue_and_queue_wait_counts_in_ttft(engine, tiny_llama):
    engine.load_model(str(tiny_llama))
    r1 = GenerateRequest(prompt="one two three", max_tokens=300, use_prompt_cache=False)
    r2 = GenerateRequest(prompt="four five six", max_tokens=3, use_prompt_cache=False)
    it1 = engine.generate(r1)
    it2 = engine.generate(r2)  # queued behind r1
    f1, _ = final_of(it1)
    f2, _ = final_of(it2)
    assert f2.stats.queue_s > 0.0
    assert f2.stats.ttft_s >= f2.stats.queue_s
    assert f1.finish_reason in ("length", "stop")


def test_cancel_queued_request_never_starts(engine, tiny_llama):
    engine.load_model(str(tiny_llama))
    r1 = GenerateRequest(prompt="one two three", max_tokens=200, use_prompt_cache=False)
    r2 = GenerateRequest(prompt="four five six", max_tokens=50)
    it1, it2 = engine.generate(r1), engine.generate(r2)
    engine.cancel(r2.request_id)
    final_of(it1)
    f2, toks = final_of(it2)
    assert f2.finish_reason == "cancelled" and toks == []


def test_stop_strings_across_token_boundaries(engine, tiny_llama):
    engine.load_model(str(tiny_llama))
    base, _ = final_of(engine.generate(GenerateRequest(prompt="def add(a, b):", max_tokens=30)))
    text = base.text
    assert len(text) > 6
    stop = text[3:6]  # a stop string that may straddle tokens
    final, events = final_of(
        engine.generate(GenerateRequest(prompt="def add(a, b):", max_tokens=30, stop=(stop,)))
    )
    assert final.finish_reason == "stop_string"
    assert final.text == text[: text.find(stop)]
    assert "".join(e.text for e in events if isinstance(e, TokenEvent)) == final.text


def test_seeded_sampling_is_reproducible(engine, tiny_llama):
    engine.load_model(str(tiny_llama))
    sp = SamplingParams(temperature=0.9, top_p=0.9, top_k=40, min_p=0.02, repetition_penalty=1.1, seed=7)
    a, _ = final_of(
        engine.generate(GenerateRequest(prompt="hello", max_tokens=20, sampling=sp, use_prompt_cache=False))
    )
    b, _ = final_of(
        engine.generate(GenerateRequest(prompt="hello", max_tokens=20, sampling=sp, use_prompt_cache=False))
    )
    assert a.token_ids == b.token_ids and a.error is None


def test_stats_are_complete(engine, tiny_llama):
    engine.load_model(str(tiny_llama))
    f, _ = final_of(
        engine.generate(GenerateRequest(prompt="hello world", max_tokens=20, use_prompt_cache=False))
    )
    s = f.stats
    assert s.prompt_tokens > 0 and s.generated_tokens == len(f.token_ids)
    assert s.ttft_s > 0 and s.e2e_s >= s.ttft_s and s.peak_memory_bytes > 0
    if s.generated_tokens > 2:
        assert s.itl_p95_s >= s.itl_p50_s > 0 and s.decode_tokens_per_s > 0


def test_no_model_loaded_is_an_error_event(engine):
    f, _ = final_of(engine.generate(GenerateRequest(prompt="hi")))
    assert f.finish_reason == "error" and "No chat model" in f.error


def test_unload_and_memory_limits(engine, tiny_llama):
    engine.load_model(str(tiny_llama))
    engine.set_memory_limits(8 << 30, 256 << 20)
    mem = engine.memory()
    assert mem.memory_limit_bytes == 8 << 30 and mem.cache_limit_bytes == 256 << 20
    assert engine.unload_model("chat")
    assert engine.models() == {}
    assert not engine.unload_model("chat")


def test_engine_thread_owns_mlx_work(engine, tiny_llama):
    engine.load_model(str(tiny_llama))
    names = set()

    def where():
        names.add(threading.current_thread().name)

    engine.run(where)
    assert names == {"alcove-engine"}


def test_engine_thread_that_cannot_start_mlx_fails_jobs_instead_of_hanging(monkeypatch):
    import builtins

    from engine.runtime.scheduler import EngineThread

    real_import = builtins.__import__

    def broken(name, *args, **kwargs):
        if name == "mlx.core":
            raise ImportError("libmlx.so: cannot open shared object file")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", broken)
    thread = EngineThread(name="broken-engine")
    with pytest.raises(RuntimeError, match="could not start MLX"):
        thread.submit(lambda: 1).result(timeout=10)
    thread.shutdown()
