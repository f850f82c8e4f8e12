"""A request that does not fit its model ends as an error before any MLX op: token ids outside the vocabulary (an
id past the embedding table reads out of bounds: a segmentation fault), a prompt beyond the context (a 10 MB prompt
refused without tokenising it), numbers that are not finite or seeds MLX cannot take.

The fake model below has no weights: calling it, touching the prompt cache or any MLX array op fails the test."""

from __future__ import annotations

import math
import threading
import time
from types import SimpleNamespace

import pytest

from engine.core import ChatRequest, FinalEvent, GenerateRequest, SamplingParams
from engine.generation import RequestRefused, check_request, context_of, encode_request, vocab_of
from engine.generation import batch as batch_mod
from engine.generation import loop as loop_mod
from engine.generation.batch import BatchRunner
from engine.generation.loop import run_generation

VOCAB, CONTEXT = 320, 64


class Untouchable:
    """Anything but the named harmless calls fails the test (the model, the prompt cache, MLX)."""

    def __init__(self, what: str, allowed: tuple[str, ...] = ()) -> None:
        self._what, self._allowed = what, allowed

    def __getattr__(self, name: str):
        if name in self._allowed:
            return lambda *a, **k: 0
        raise AssertionError(f"{self._what}.{name} was used by a request that should have been refused")

    def __call__(self, *a, **k):
        raise AssertionError(f"{self._what} was called by a request that should have been refused")


class FakeTokenizer:
    """Four characters per token; counts what it tokenises."""

    chat_template = "{{ messages }}"

    def __init__(self) -> None:
        self.encoded_chars = 0

    def get_vocab(self) -> dict[str, int]:
        return {f"t{i:03d}": i for i in range(VOCAB)}  # longest token: 4 bytes

    def encode(self, text: str) -> list[int]:
        self.encoded_chars += len(text)
        return [(ord(c) % VOCAB) for c in text[::4]]

    def apply_chat_template(self, messages, add_generation_prompt=True, tokenize=True):
        return self.encode("".join(m["content"] for m in messages))


class FakeModel:
    def __call__(self, *a, **k):
        raise AssertionError("the model ran on a request that should have been refused")

    def make_cache(self) -> list:  # the batch asks what kind of caches the model has
        return []


def fake_lm(**config):
    config = {"vocab_size": VOCAB, "max_position_embeddings": CONTEXT} | config
    info = SimpleNamespace(name="fake", context_length=None, kind="lm")
    return SimpleNamespace(model=FakeModel(), tokenizer=FakeTokenizer(), config=config, info=info, key="fake",
                           eos_ids=frozenset())  # fmt: skip


@pytest.fixture
def no_mlx(monkeypatch):
    """The request loop and the batch may read the peak-memory counters; no other MLX call may happen."""
    monkeypatch.setattr(loop_mod, "mx", Untouchable("mx", ("reset_peak_memory", "get_peak_memory")))
    monkeypatch.setattr(batch_mod, "mx", Untouchable("mx"))


def run_alone(lm, req) -> FinalEvent:
    store = Untouchable("the prompt cache", ("persist_pending",))
    events = list(
        run_generation(lm, req, cancel=threading.Event(), store=store, submitted_at=time.perf_counter())
    )
    assert len(events) == 1 and isinstance(events[0], FinalEvent)
    return events[0]


def run_batched(lm, req) -> FinalEvent:
    runner = BatchRunner(lambda job: list(job()), lambda: lm, Untouchable("the prompt cache"))
    events = list(runner.submit(req))
    assert len(events) == 1 and isinstance(events[0], FinalEvent)
    return events[0]


BAD_IDS = {
    "10**12": (10**12,),
    "2,000,000": (2_000_000,),
    "negative": (-1, -5),
    "just past the vocabulary": (1, 2, VOCAB),
    "a bool": (True,),
}


@pytest.mark.parametrize("run", [run_alone, run_batched], ids=["alone", "batched"])
@pytest.mark.parametrize("ids", BAD_IDS.values(), ids=BAD_IDS.keys())
def test_ids_outside_the_vocabulary_end_as_errors(no_mlx, run, ids):
    final = run(fake_lm(), GenerateRequest(prompt_ids=ids, max_tokens=4))
    assert final.finish_reason == "error"
    assert "vocabulary" in final.error and f"0 to {VOCAB - 1}" in final.error
    assert final.token_ids == ()


@pytest.mark.parametrize("run", [run_alone, run_batched], ids=["alone", "batched"])
def test_a_10_mb_prompt_is_refused_without_tokenising_it(no_mlx, run):
    lm = fake_lm()
    t0 = time.perf_counter()
    final = run(lm, GenerateRequest(prompt="hello world " * 900_000, max_tokens=4))
    assert time.perf_counter() - t0 < 2
    assert final.finish_reason == "error" and f"context of {CONTEXT} tokens" in final.error
    assert lm.tokenizer.encoded_chars == 0


def test_a_long_prompt_is_tokenised_only_in_part():
    """Within the byte bound (context x the longest token) but longer than the probe: its first part decides."""
    lm = fake_lm()
    lm.tokenizer.get_vocab = lambda: {"x" * 200: 0}  # a long token: a large byte bound
    with pytest.raises(RequestRefused) as err:
        encode_request(lm, GenerateRequest(prompt="a" * 5_000))
    assert err.value.code == "context_length_exceeded"
    assert lm.tokenizer.encoded_chars == 16 * CONTEXT


@pytest.mark.parametrize("run", [run_alone, run_batched], ids=["alone", "batched"])
@pytest.mark.parametrize(
    "req",
    [
        GenerateRequest(prompt="abcd" * CONTEXT),  # exactly the context: no room for a reply
        GenerateRequest(prompt_ids=tuple(range(CONTEXT))),
        GenerateRequest(messages=({"role": "user", "content": "abcd" * (CONTEXT + 5)},)),
    ],
    ids=["text", "ids", "messages"],
)
def test_a_prompt_beyond_the_context_ends_as_an_error(no_mlx, run, req):
    final = run(fake_lm(), req)
    assert final.finish_reason == "error"
    assert f"context is {CONTEXT} tokens" in final.error or f"context of {CONTEXT} tokens" in final.error


@pytest.mark.parametrize(
    "sampling, field",
    [
        (SamplingParams(temperature=math.nan), "temperature"),
        (SamplingParams(temperature=math.inf), "temperature"),
        (SamplingParams(top_p=math.nan), "top_p"),
        (SamplingParams(top_p=-1.0), "top_p"),
        (SamplingParams(min_p=math.inf), "min_p"),
        (SamplingParams(seed=10**30), "seed"),
        (SamplingParams(seed=-5), "seed"),
    ],
)
@pytest.mark.parametrize("run", [run_alone, run_batched], ids=["alone", "batched"])
def test_numbers_out_of_range_end_as_errors(no_mlx, run, sampling, field):
    final = run(fake_lm(), GenerateRequest(prompt="hi", sampling=sampling))
    assert final.finish_reason == "error" and final.error.startswith(field)


def test_max_tokens_below_one_ends_as_an_error(no_mlx):
    final = run_alone(fake_lm(), GenerateRequest(prompt="hi", max_tokens=0))
    assert final.finish_reason == "error" and "max_tokens" in final.error


def test_a_lone_surrogate_is_refused_before_the_tokenizer():
    lm = fake_lm()
    with pytest.raises(RequestRefused, match="surrogate"):
        encode_request(lm, GenerateRequest(prompt="a\ud800b"))
    assert lm.tokenizer.encoded_chars == 0


def test_the_reply_must_fit_when_asked():
    """A server's request (``reply_fits``): the prompt plus max_tokens within the context, as OpenAI's API has it;
    otherwise one token of room is enough. The checked request carries its ids (not tokenised again)."""
    lm = fake_lm()
    req = GenerateRequest(prompt="abcd" * 40, max_tokens=30)  # 40 tokens + 30 > 64
    with pytest.raises(RequestRefused, match="lower max_tokens to at most 24") as err:
        check_request(lm, req, reply_fits=True)
    assert err.value.code == "context_length_exceeded" and err.value.param == "max_tokens"
    checked = check_request(lm, req)
    assert len(checked.prompt_ids) == 40 and checked.prompt == req.prompt


def test_context_and_vocabulary_from_the_config():
    assert (context_of(fake_lm()), vocab_of(fake_lm())) == (CONTEXT, VOCAB)
    nested = fake_lm()
    nested.config = {"text_config": {"vocab_size": 99, "max_position_embeddings": 128}}
    assert (context_of(nested), vocab_of(nested)) == (128, 99)


# -- the real engine: refused before the request is queued, and it keeps serving --------------------------------


def test_engine_refuses_before_queueing_and_keeps_serving(engine, tiny_llama):
    engine.load_model(str(tiny_llama))
    for ids in BAD_IDS.values():
        with pytest.raises(RequestRefused, match="vocabulary"):
            engine.chat(ChatRequest(prompt_ids=ids, max_tokens=2))
        final = list(engine.generate(GenerateRequest(prompt_ids=ids, max_tokens=2)))[-1]
        assert final.finish_reason == "error" and "vocabulary" in final.error
    with pytest.raises(RequestRefused, match="context"):
        engine.chat(ChatRequest(prompt="hello world " * 900_000, max_tokens=2))
    with pytest.raises(RequestRefused, match="lower max_tokens"):
        engine.chat(ChatRequest(prompt="hello", max_tokens=5000, shared=True))
    events = list(engine.chat(ChatRequest(prompt="The capital of France is", max_tokens=3)))
    assert events[-1].finish_reason in ("length", "stop") and events[-1].error is None
