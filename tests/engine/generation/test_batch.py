"""Continuous batching: requests join and leave between steps and get the tokens of lone greedy runs."""

import threading

import pytest

from engine.core import FinalEvent, GenerateRequest, SamplingParams
from engine.generation.batch import BatchFull, BatchRunner, batchable
from engine.generation.prompt_cache import fresh_cache

PROMPTS = [
    "The capital of France is",
    "def add(a, b):",
    "Alcove runs language models privately",
    "Water boils at",
    "The quick brown fox",
    "Search your files, ask questions",
]


def runner_for(engine, **kw):
    def run_job(fn):
        threading.Thread(target=engine.run, args=(lambda: list(fn()),), daemon=True).start()

    return BatchRunner(run_job, lambda: engine.model("chat"), engine.prompt_cache, **kw)


def final(events):
    events = list(events)
    assert isinstance(events[-1], FinalEvent)
    return events[-1], events[:-1]


@pytest.mark.parametrize("arch", ["llama", "qwen3", "gemma3"])
def test_batched_greedy_equals_sequential(engine, tiny_models, arch):
    """gemma3 has sliding-window layers (RotatingKVCache, window 16): they decode in a BatchRotatingKVCache, and the
    longer requests run past the window so its rows wrap around while they are batched."""
    engine.load_model(str(tiny_models[arch]))
    kinds = engine.run(lambda: {type(c).__name__ for c in fresh_cache(engine.model("chat").model).cache})
    assert ("RotatingKVCache" in kinds) == (arch == "gemma3")
    assert engine.run(lambda: batchable(engine.model("chat"))) is None
    reqs = [
        GenerateRequest(prompt=p, max_tokens=8 + 3 * i, use_prompt_cache=False) for i, p in enumerate(PROMPTS)
    ]
    alone = [final(engine.generate(r))[0] for r in reqs]
    runner = runner_for(engine)
    streams = [
        runner.submit(GenerateRequest(prompt=r.prompt, max_tokens=r.max_tokens, use_prompt_cache=False))
        for r in reqs
    ]
    out = [None] * len(streams)

    def read(i):
        out[i] = final(streams[i])

    threads = [threading.Thread(target=read, args=(i,)) for i in range(len(streams))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    for a, (b, toks) in zip(alone, out):
        assert b.error is None
        assert b.token_ids == a.token_ids
        assert b.text == a.text
        assert b.finish_reason == a.finish_reason
        assert b.text.startswith("".join(t.text for t in toks))  # the final text adds the flushed tail
    assert runner.peak_batch >= 2  # they really decoded together
    if arch == "gemma3":
        assert max(b.stats.prompt_tokens + len(b.token_ids) for b, _ in out) > 16 + 4  # past the window
        assert runner.group_prefills == 0  # sliding-window prompts prefill one by one, then join the batch
    else:
        assert runner.group_prefills >= 1  # and some were prefilled together, left-padded
    assert runner.steps < sum(len(a.token_ids) + 1 for a in alone)


def test_late_joiner_and_cancel_leave_between_steps(engine, tiny_llama):
    engine.load_model(str(tiny_llama))
    runs = {
        p: final(engine.generate(GenerateRequest(prompt=p, max_tokens=60, use_prompt_cache=False)))[0]
        for p in PROMPTS
    }
    long_prompt = next(p for p, f in runs.items() if f.finish_reason == "length")
    late_prompt = next(p for p in PROMPTS if p != long_prompt)
    runner = runner_for(engine)
    long = runner.submit(GenerateRequest(prompt=long_prompt, max_tokens=60, use_prompt_cache=False))
    first = next(long)  # the batch is running
    got, _ = final(runner.submit(GenerateRequest(prompt=late_prompt, max_tokens=10, use_prompt_cache=False)))
    assert got.token_ids == runs[late_prompt].token_ids[:10]
    steps_before = runner.steps
    assert steps_before < 59  # the long request is still decoding
    runner.cancel(first.request_id)
    f, _ = final(long)
    assert f.finish_reason == "cancelled"
    assert runner.steps - steps_before <= 2
    assert f.token_ids == runs[long_prompt].token_ids[: len(f.token_ids)]


def test_seeded_sampling_is_reproducible_and_params_validated(engine, tiny_llama):
    engine.load_model(str(tiny_llama))
    runner = runner_for(engine)
    s = SamplingParams(temperature=0.9, top_p=0.9, seed=7)
    a, _ = final(runner.submit(GenerateRequest(prompt="Water boils at", max_tokens=12, sampling=s)))
    b, _ = final(runner.submit(GenerateRequest(prompt="Water boils at", max_tokens=12, sampling=s)))
    assert a.token_ids == b.token_ids
    bad, _ = final(runner.submit(GenerateRequest(prompt="x", sampling=SamplingParams(top_p=0.0))))
    assert bad.finish_reason == "error" and "top_p" in bad.error


def test_queue_bound_and_prompt_cache(engine, tiny_llama):
    engine.load_model(str(tiny_llama))
    runner = runner_for(engine, max_waiting=0)
    with pytest.raises(BatchFull):
        runner.submit(GenerateRequest(prompt="x"))
    runner = runner_for(engine)
    msgs = ({"role": "user", "content": "Tell me about Paris and Rome."},)
    f1, _ = final(runner.submit(GenerateRequest(messages=msgs, max_tokens=6)))
    f2, _ = final(runner.submit(GenerateRequest(messages=msgs, max_tokens=6)))
    assert f2.stats.cached_tokens >= f1.stats.prompt_tokens - 1
    assert f2.token_ids == f1.token_ids
    assert engine.run(lambda: batchable(engine.model("chat"))) is None


def test_pipelined_steps_leave_caches_holding_exactly_the_tokens_fed(engine, tiny_llama):
    """Step n+1 is queued before step n's tokens are read, so a request that ends has often been fed one more token;
    the cache it leaves in the prompt-cache store must hold exactly the tokens its entry lists (ended by length, by
    EOS, or cancelled; alone and batched)."""
    engine.load_model(str(tiny_llama))
    long_prompt = next(
        p
        for p in PROMPTS
        if final(engine.generate(GenerateRequest(prompt=p, max_tokens=60, use_prompt_cache=False)))[
            0
        ].finish_reason
        == "length"
    )
    engine.run(lambda: engine.prompt_cache.clear())
    runner = runner_for(engine)
    final(runner.submit(GenerateRequest(prompt=PROMPTS[0], max_tokens=7)))
    streams = [
        runner.submit(GenerateRequest(prompt=p, max_tokens=5 + 4 * i)) for i, p in enumerate(PROMPTS[1:])
    ]
    cancelled = runner.submit(GenerateRequest(prompt=long_prompt, max_tokens=60))
    runner.cancel(next(cancelled).request_id)
    finals = [final(s)[0] for s in streams] + [final(cancelled)[0]]
    assert finals[-1].finish_reason == "cancelled"
    assert {f.finish_reason for f in finals[:-1]} <= {"length", "stop"}

    def entries():
        return [(len(e.tokens), e.cache[0].offset) for e in engine.prompt_cache._entries]

    got = engine.run(entries)
    assert len(got) >= 2  # (a request whose prompt shares a prefix with an entry takes that entry)
    assert all(n == offset for n, offset in got), got
