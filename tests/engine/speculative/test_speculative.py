"""Speculative decoding on tiny fp32 models: greedy output identical to plain decoding for both proposers, cache
consistency on cancel/error/stop/max tokens, sliding-window fallback, statistics, the governor and the engine path."""

from __future__ import annotations

import random
import shutil
import threading

import mlx.core as mx
import pytest

from bench.bench_speculative import truncated_copy
from engine.core.errors import AlcoveError, IncompatibleDraftError
from engine.core.events import FinalEvent, TokenEvent
from engine.core.requests import GenerateRequest, SpeculativeParams
from engine.generation.decoding import plain_decoder
from engine.generation.prompt_cache import PromptCacheStore
from engine.generation.sampling import SamplingParams
from engine.models.loader import load_lm
from engine.speculative.decoder import generate_with_decoder, make_decoder_factory
from engine.speculative.governor import Governor, GovernorConfig
from engine.speculative.proposers import PromptLookup, cache_offset
from tests.tiny_models import make_tiny_model

WORDS = (
    "the capital of France is Paris and the capital of Italy is Rome while water boils at one hundred degrees "
    "def add a b return a + b Alcove runs language models privately search your files ask questions"
).split()


def varied_prompts(n: int, seed: int = 0) -> list[str]:
    """Prompts with and without repeated spans (copyable content for prompt lookup), of varied length."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        words = [rng.choice(WORDS) for _ in range(rng.randint(3, 30))]
        if i % 2 == 0:  # paste a span twice, as edits and document Q&A do
            a = rng.randint(0, len(words) - 1)
            words = words + words[a : a + rng.randint(2, 12)]
        out.append(" ".join(words))
    return out


def perturbed_copy(src, dst, scale: float, seed: int = 1):
    """A draft that agrees with the target often but not always: the target's weights plus noise."""
    dst.mkdir(parents=True, exist_ok=True)
    for f in src.iterdir():
        if f.suffix != ".safetensors":
            shutil.copy(f, dst / f.name)
    weights = mx.load(str(src / "model.safetensors"))
    key = mx.random.key(seed)
    noisy = {}
    for name, w in weights.items():
        key, sub = mx.random.split(key)
        noisy[name] = w + scale * mx.random.normal(w.shape, key=sub) if w.ndim >= 2 else w
    mx.save_safetensors(str(dst / "model.safetensors"), noisy, metadata={"format": "mlx"})
    return dst


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    root = tmp_path_factory.mktemp("spec")
    llama = make_tiny_model(root / "llama", "llama", seed=3)
    qwen = make_tiny_model(root / "qwen3", "qwen3", seed=4)
    gemma = make_tiny_model(root / "gemma3", "gemma3", seed=5)
    near = perturbed_copy(llama, root / "llama_near", 0.006)
    short = truncated_copy(llama, root / "llama_1layer", 1)
    qnear = perturbed_copy(qwen, root / "qwen3_near", 0.006)
    folders = dict(llama=llama, qwen3=qwen, gemma3=gemma, near=near, short=short, qnear=qnear)
    return {name: load_lm(str(path)) for name, path in folders.items()} | {"folders": folders}


def generate(lm, prompt, *, mode="off", draft=None, store=None, cancel=None, capture=None, **kw):
    spec = SpeculativeParams(
        mode=mode,
        num_draft=kw.pop("num_draft", 4),
        adaptive=kw.pop("adaptive", False),
    )
    req = GenerateRequest(
        prompt=prompt if isinstance(prompt, str) else None,
        prompt_ids=tuple(prompt) if not isinstance(prompt, str) else None,
        speculative=spec,
        use_prompt_cache=store is not None,
        max_tokens=kw.pop("max_tokens", 32),
        **kw,
    )
    observe = capture.append if capture is not None else None
    events = list(generate_with_decoder(lm, req, draft, cancel=cancel, store=store, observe=observe))
    final = events[-1]
    assert isinstance(final, FinalEvent)
    return final, [e for e in events if isinstance(e, TokenEvent)]


def cache_matches_fed(lm, state) -> None:
    """The target cache holds exactly ``state.fed``: same length and the same keys as a fresh prefill of it."""
    assert cache_offset(state.cache) == len(state.fed)
    fresh = __import__("mlx_lm.models.cache", fromlist=["x"]).make_prompt_cache(lm.model)
    lm.model(mx.array(state.fed)[None], cache=fresh)
    for a, b in zip(state.cache, fresh):
        ka, _ = a.state[:2] if hasattr(a, "state") else (a.keys, a.values)
        kb, _ = b.state[:2]
        n = len(state.fed)
        assert mx.allclose(ka[..., :n, :], kb[..., :n, :], atol=1e-4).item()


# -- greedy identity ---------------------------------------------------------------------------------------------
_PLAIN: dict = {}


def plain_greedy(lm, prompt, max_tokens=24):
    key = (lm.key, prompt, max_tokens)
    if key not in _PLAIN:
        _PLAIN[key] = generate(lm, prompt, max_tokens=max_tokens)[0]
    return _PLAIN[key]


@pytest.mark.parametrize(
    ("target", "mode", "draft", "min_accepted"),
    [
        ("llama", "lookup", None, 0.3),
        ("llama", "draft", "near", 0.8),
        ("llama", "draft", "short", 0.0),
        ("qwen3", "lookup", None, 0.3),
        ("qwen3", "draft", "qnear", 0.8),
    ],
)
def test_greedy_is_token_identical_to_plain(models, target, mode, draft, min_accepted):
    lm, dr = models[target], models[draft] if draft else None
    accepted = verifications = 0
    for prompt in varied_prompts(50, seed=len(target)):
        plain = plain_greedy(lm, prompt)
        spec, events = generate(lm, prompt, mode=mode, draft=dr, max_tokens=24)
        assert spec.token_ids == plain.token_ids, prompt
        assert spec.text == plain.text
        assert spec.finish_reason == plain.finish_reason
        st = spec.stats.speculative
        assert st.mode == mode and st.verifications > 0
        if spec.finish_reason == "length":  # every accepted proposal was emitted, flagged from_draft
            assert sum(e.from_draft for e in events) == st.accepted
        accepted += st.accepted
        verifications += st.verifications
    # the proposals really were accepted (mean accepted prefix per verification), not just corrected
    assert accepted >= verifications * min_accepted


def test_adaptive_greedy_identity_and_stats(models):
    lm = models["llama"]
    for prompt in varied_prompts(10, seed=7):
        plain, _ = generate(lm, prompt, max_tokens=48)
        for mode, draft in (("lookup", None), ("draft", models["near"]), ("auto", models["near"])):
            spec, _ = generate(lm, prompt, mode=mode, draft=draft, adaptive=True, max_tokens=48)
            assert spec.token_ids == plain.token_ids
            st = spec.stats.speculative
            assert st.target_forwards >= st.verifications
            assert st.forwards_per_token == pytest.approx(
                st.target_forwards / max(1, len(spec.token_ids)), rel=0.1
            )
            if st.proposed:
                assert st.acceptance_rate == pytest.approx(st.accepted / st.proposed)
                assert st.mean_accepted == pytest.approx(st.accepted / st.verifications)


def test_repetition_penalty_greedy_identity(models):
    lm = models["llama"]
    sampling = SamplingParams(repetition_penalty=1.3, repetition_context=16)
    for prompt in varied_prompts(8, seed=11):
        plain, _ = generate(lm, prompt, sampling=sampling)
        for mode, draft in (("lookup", None), ("draft", models["near"])):
            spec, _ = generate(lm, prompt, mode=mode, draft=draft, sampling=sampling)
            assert spec.token_ids == plain.token_ids


def test_sliding_window_cache_falls_back_with_reason(models):
    lm = models["gemma3"]  # sliding window of 16 tokens: rotating caches cannot be rewound once full
    verified = 0
    for prompt in ["the capital the capital", "def add a b", *varied_prompts(4, seed=5)]:
        plain, _ = generate(lm, prompt, max_tokens=40)
        spec, _ = generate(lm, prompt, mode="lookup", max_tokens=40)
        assert spec.token_ids == plain.token_ids
        st = spec.stats.speculative
        assert st.fallbacks and "sliding-window cache (16 tokens) is full" in st.fallbacks[0]
        verified += st.verifications
    assert verified > 0  # short prompts speculate until the window fills


# -- cache consistency -------------------------------------------------------------------------------------------
class _Hook:
    """Wraps a model: calls ``on_block`` before (or after) every multi-token forward (a verification)."""

    def __init__(self, model, on_block, after=False):
        self._model, self._on_block, self.blocks, self._after = model, on_block, 0, after

    def __call__(self, inputs, cache=None):
        if inputs.shape[-1] > 1:
            self.blocks += 1
            if not self._after:
                self._on_block(self.blocks)
        out = self._model(inputs, cache=cache)
        if inputs.shape[-1] > 1 and self._after:
            self._on_block(self.blocks)
        return out

    def __getattr__(self, name):
        return getattr(self._model, name)


@pytest.mark.parametrize("mode", ["lookup", "draft"])
def test_cancel_in_the_middle_of_a_verification(models, mode):
    lm = models["llama"]
    prompt = varied_prompts(2, seed=3)[0]
    plain, _ = generate(lm, prompt, max_tokens=40)
    cancel = threading.Event()
    states = []
    store = PromptCacheStore()
    orig = lm.model
    lm.model = _Hook(orig, lambda n: cancel.set() if n == 3 else None)
    try:
        final, events = generate(
            lm,
            prompt,
            mode=mode,
            draft=models["near"],
            store=store,
            cancel=cancel,
            capture=states,
            max_tokens=40,
        )
    finally:
        lm.model = orig
    assert final.finish_reason == "cancelled"
    assert 0 < len(final.token_ids) < len(plain.token_ids)
    assert list(final.token_ids) == list(plain.token_ids[: len(final.token_ids)])
    cache_matches_fed(lm, states[0])
    # The stored cache is reused by the next turn and the answer is unchanged.
    again, _ = generate(lm, prompt, mode=mode, draft=models["near"], store=store, max_tokens=40)
    assert again.stats.cached_tokens > 0
    assert again.token_ids == plain.token_ids


@pytest.mark.parametrize("after", [False, True])
def test_error_in_a_verification_trims_the_cache(models, after):
    lm = models["llama"]
    prompt = varied_prompts(2, seed=3)[0]
    states = []

    def boom(n):
        if n == 3:  # call 1 is the prompt prefill, call 3 the second verification
            raise RuntimeError("injected failure")

    orig = lm.model
    lm.model = _Hook(orig, boom, after=after)
    try:
        final, _ = generate(lm, prompt, mode="lookup", capture=states, max_tokens=40)
    finally:
        lm.model = orig
    assert final.finish_reason == "error" and "injected failure" in final.error
    cache_matches_fed(lm, states[0])
    assert states[0].speculative is not None and states[0].speculative.verifications == 1


def test_draft_cache_is_rewound_and_kept_between_requests(models):
    lm, dr = models["llama"], models["near"]
    prompt = varied_prompts(2, seed=9)[0]
    states = []
    generate(lm, prompt, mode="draft", draft=dr, capture=states)
    fed, cache = dr.extra["alcove.speculative.draft_cache"]
    assert cache_offset(cache) == len(fed)
    assert fed == states[0].history[: len(fed)]  # the draft holds a prefix of the real context, nothing else
    plain, _ = generate(lm, prompt + " and more", max_tokens=24)
    spec, _ = generate(lm, prompt + " and more", mode="draft", draft=dr, max_tokens=24)
    assert spec.token_ids == plain.token_ids


def test_stop_string_ending_inside_an_accepted_block(models):
    lm = models["llama"]
    tok = lm.tokenizer
    checked = 0
    for prompt in varied_prompts(20, seed=21):
        spec, events = generate(lm, prompt, mode="lookup", max_tokens=40)
        # a drafted token followed by another drafted token: the stop string ends inside that block
        for i in range(1, len(events) - 1):
            if events[i].from_draft and events[i + 1].from_draft:
                text = tok.decode(list(spec.token_ids[: i + 1]))
                stop = text[-4:]
                if len(stop.strip()) < 2 or stop in text[:-1]:
                    continue
                plain, _ = generate(lm, prompt, max_tokens=40, stop=(stop,))
                cut, _ = generate(lm, prompt, mode="lookup", max_tokens=40, stop=(stop,))
                assert cut.finish_reason == plain.finish_reason == "stop_string"
                assert cut.text == plain.text and stop not in cut.text
                checked += 1
                break
    assert checked >= 3


@pytest.mark.parametrize("mode", ["lookup", "draft"])
def test_max_tokens_inside_a_block(models, mode):
    lm = models["llama"]
    prompt = varied_prompts(4, seed=2)[2]
    plain, _ = generate(lm, prompt, max_tokens=30)
    for m in range(1, 30, 3):
        states = []
        spec, _ = generate(lm, prompt, mode=mode, draft=models["near"], max_tokens=m, capture=states)
        assert list(spec.token_ids) == list(plain.token_ids[:m])
        assert spec.finish_reason == "length"
        cache_matches_fed(lm, states[0])
        # proposals are capped by what is left to generate: the decoder never produces past max_tokens
        st = states[0].speculative
        assert round(st.target_forwards / st.forwards_per_token) <= m + 1


def test_eos_inside_an_accepted_block(models):
    lm = models["llama"]
    checked = 0
    for prompt in varied_prompts(12, seed=31):
        spec, events = generate(lm, prompt, mode="lookup", max_tokens=40)
        inside = [i for i in range(len(events) - 1) if events[i].from_draft and events[i + 1].from_draft]
        if not inside:
            continue
        eos = events[inside[0]].token_id
        saved = lm.eos_ids
        lm.eos_ids = frozenset({eos})
        try:
            plain, _ = generate(lm, prompt, max_tokens=40)
            cut, _ = generate(lm, prompt, mode="lookup", max_tokens=40)
        finally:
            lm.eos_ids = saved
        assert cut.finish_reason == plain.finish_reason == "stop"
        assert cut.token_ids == plain.token_ids and eos not in cut.token_ids
        checked += 1
    assert checked >= 3


# -- modes and errors --------------------------------------------------------------------------------------------
def test_modes_and_parameter_errors(models):
    lm = models["llama"]
    assert make_decoder_factory(GenerateRequest(prompt="x"), lm, None) is None
    with pytest.raises(IncompatibleDraftError, match="needs a draft model"):
        make_decoder_factory(
            GenerateRequest(prompt="x", speculative=SpeculativeParams(mode="draft")), lm, None
        )
    with pytest.raises(AlcoveError, match="not available"):
        make_decoder_factory(
            GenerateRequest(prompt="x", speculative=SpeculativeParams(mode="fast")), lm, None
        )
    with pytest.raises(AlcoveError, match="between 1 and 64"):
        make_decoder_factory(
            GenerateRequest(prompt="x", speculative=SpeculativeParams(mode="lookup", num_draft=0)), lm, None
        )
    short, _ = generate(lm, "hi there", mode="auto")
    assert short.stats.speculative.mode == "auto->off"
    assert "little to copy" in short.stats.speculative.fallbacks[0]
    long_prompt = " ".join(varied_prompts(6, seed=1))
    final, _ = generate(lm, long_prompt, mode="auto")
    assert final.stats.speculative.mode == "auto->lookup"
    final, _ = generate(lm, long_prompt, mode="auto", draft=models["near"])
    assert final.stats.speculative.mode == "auto->draft"


def test_incompatible_draft_in_auto_is_reported_and_lookup_used(models, tmp_path):
    other = load_lm(str(make_tiny_model(tmp_path / "other", "llama", seed=9, vocab_size=400)))
    lm = models["llama"]
    with pytest.raises(IncompatibleDraftError, match="cannot draft for"):
        make_decoder_factory(
            GenerateRequest(prompt="x", speculative=SpeculativeParams(mode="draft")), lm, other
        )
    final, _ = generate(lm, " ".join(varied_prompts(6, seed=1)), mode="auto", draft=other)
    st = final.stats.speculative
    assert st.mode == "auto->lookup" and "cannot draft for" in st.fallbacks[0]


def test_engine_path_with_loaded_draft(models):
    from engine.runtime.engine import Engine

    folders = models["folders"]
    with Engine() as eng:
        eng.load_model(str(folders["llama"]))
        eng.load_model(str(folders["near"]), role="draft")
        prompt = varied_prompts(3, seed=4)[0]
        plain = list(eng.generate(GenerateRequest(prompt=prompt, max_tokens=24, use_prompt_cache=False)))[-1]
        req = GenerateRequest(
            prompt=prompt,
            max_tokens=24,
            use_prompt_cache=False,
            speculative=SpeculativeParams(mode="draft", adaptive=False),
        )
        events = list(eng.generate(req))
        final = events[-1]
        assert final.error is None and final.token_ids == plain.token_ids
        assert final.stats.speculative.mode == "draft"
        assert any(e.from_draft for e in events[:-1])


def test_sampling_runs_end_to_end_and_is_reproducible(models):
    lm = models["llama"]
    sampling = SamplingParams(
        temperature=0.8, top_p=0.9, top_k=40, min_p=0.02, repetition_penalty=1.1, seed=5
    )
    prompt = varied_prompts(2, seed=8)[0]
    for mode, draft in (("lookup", None), ("draft", models["near"])):
        a, _ = generate(lm, prompt, mode=mode, draft=draft, sampling=sampling)
        b, _ = generate(lm, prompt, mode=mode, draft=draft, sampling=sampling)
        assert a.token_ids == b.token_ids and len(a.token_ids) == 32
        assert a.stats.speculative.verifications > 0


# -- prompt lookup and governor units --------------------------------------------------------------------------
def test_prompt_lookup_prefers_longest_most_recent_match():
    h = [1, 2, 3, 9, 9, 1, 2, 3, 4, 5, 7, 2, 3]
    look = PromptLookup(h, 2, 3)
    assert look.lookup(3) == [4, 5, 7]  # "2 3" last seen before 4 5 7
    h.extend([4])  # the index follows the shared, growing history
    assert look.lookup(2) == [5, 7]  # "2 3 4" matched
    h.extend([8, 8])
    assert look.lookup(4) == []  # "4 8 8" / "8 8" never seen
    assert PromptLookup([5, 6], 2, 2).lookup(4) == []


def test_governor_gates_when_slower_and_probes_again():
    gov = Governor(GovernorConfig(max_width=4, start_width=2, probe_verifications=3, gate_tokens=8))
    assert gov.plain_run() == 3  # calibration
    gov.record_plain(3, 0.3)  # 0.1 s per plain token
    assert gov.plain_run() == 0 and gov.width == 2
    for _ in range(3):  # nothing accepted: 1 token per 0.15 s, slower than plain (but a full block would win)
        gov.record_verification(2, 0, 1, 0.15)
    assert gov.gate_events == 1 and gov.gated
    assert gov.plain_run() == 8
    gov.record_plain(8, 0.8)
    assert not gov.gated and gov.probes == 1 and gov.gated_tokens == 8
    for _ in range(3):  # now fast: 3 tokens for 0.12 s
        gov.record_verification(gov.width, gov.width, gov.width + 1, 0.12)
    assert gov.gate_events == 1 and gov.width == 4


def test_governor_width_follows_acceptance():
    gov = Governor(GovernorConfig(max_width=8, start_width=2, calibration_tokens=1))
    gov.record_plain(1, 1.0)
    for _ in range(4):
        gov.record_verification(gov.width, gov.width, gov.width + 1, 0.1)
    assert gov.width == 6
    for _ in range(4):
        gov.record_verification(gov.width, 0, 1, 0.1)
    assert gov.width == 1


def test_governor_hopeless_cost_gates_long():
    # a k-token forward costs k plain forwards: even full acceptance cannot win
    gov = Governor(GovernorConfig(max_width=4, start_width=2, hopeless_gate_tokens=256))
    gov.record_plain(3, 0.3)
    gov.record_verification(2, 1, 2, 0.33)
    gov.record_verification(2, 2, 3, 0.33)
    assert gov.gated and gov.plain_run() > 0 and gov._gate_left == 256


def test_plain_decoder_untouched_when_off(models):
    lm = models["llama"]
    req = GenerateRequest(prompt="x", speculative=SpeculativeParams(mode="off"))
    assert make_decoder_factory(req, lm, None) is None
    assert plain_decoder  # the request loop's default path is plain decoding
