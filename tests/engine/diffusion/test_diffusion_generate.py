"""Block-diffusion generation against transformers' DiffusionGemma ``generate`` with the same random draws."""

from __future__ import annotations

import dataclasses
import threading

import mlx.core as mx
import numpy as np
import pytest

from engine.core.events import CanvasEvent
from engine.diffusion.generate import (
    BlockEvent,
    DiffusionConfigError,
    DiffusionGenConfig,
    DiffusionResult,
    diffusion_generate,
)
from engine.diffusion.load import load_diffusion_model
from tests.engine.diffusion.diffusion_reference import make_reference, patch_bidirectional_reference

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.reference

PROMPT = [2, 17, 45, 9, 88, 31, 60]
# Exact token equality needs the two float32 computations (they differ by ~3e-6 per forward) to fall on the same
# side of every sampling decision. Self-conditioning feeds each step's logits into the next, so a strongly
# random model amplifies that difference from step to step; with weights of std 0.15, 3 of 15 generations
# (12 steps, 4 blocks) flipped a near-tie (a top-2 gap or inverse-CDF margin below 2e-4) after ~20 steps. Milder
# weights keep the drift far below the decision margins; these draws are fixed, so the tests are deterministic.
GEN_STD = 0.05


class NumpyDraws:
    """Seeded draws, one stream per kind; two instances with one seed give both implementations the same numbers."""

    def __init__(self, seed: int):
        self.c = np.random.default_rng(seed)
        self.u = np.random.default_rng(seed + 1_000)

    def canvas_np(self, length: int, vocab: int) -> np.ndarray:
        return self.c.integers(0, vocab, size=length)

    def uniforms_np(self, length: int) -> np.ndarray:
        return self.u.random(length, dtype=np.float32)

    def canvas(self, length: int, vocab_size: int) -> mx.array:
        return mx.array(self.canvas_np(length, vocab_size).astype(np.int32))

    def uniforms(self, length: int) -> mx.array:
        return mx.array(self.uniforms_np(length))


def _install_reference_draws(monkeypatch, draws: NumpyDraws, *, skip_first_canvas: bool = False) -> None:
    """Route the reference's two sources of randomness (``torch.randint`` in the sampler's canvas initialisation and
    ``torch.multinomial``) through ``draws``, with the same inverse-CDF rule as ours."""
    from transformers.models.diffusion_gemma import generation_diffusion_gemma as gdg

    skip = {"left": int(skip_first_canvas)}

    def initialize_canvas(self, batch_size, device):
        if skip["left"]:  # the reference draws a canvas even when one is passed in; it is thrown away
            skip["left"] -= 1
            return torch.zeros((batch_size, self.canvas_length), dtype=torch.long)
        return torch.from_numpy(draws.canvas_np(self.canvas_length, self.vocab_size)).long()[None, :]

    def multinomial(probs, num_samples):
        assert num_samples == 1
        u = torch.from_numpy(draws.uniforms_np(probs.shape[0]))
        cdf = torch.cumsum(probs, dim=-1)
        idx = (cdf <= (u * cdf[:, -1])[:, None]).sum(dim=-1).clamp(max=probs.shape[-1] - 1)
        return idx[:, None]

    monkeypatch.setattr(gdg.EntropyBoundSampler, "initialize_canvas", initialize_canvas)
    monkeypatch.setattr(torch, "multinomial", multinomial)


def _reference_generate(ref, prompt, max_tokens, cfg: DiffusionGenConfig, eos=None, initial_canvas=None):
    from transformers.models.diffusion_gemma.generation_diffusion_gemma import EntropyBoundSamplerConfig

    kwargs = dict(
        max_new_tokens=max_tokens,
        max_denoising_steps=cfg.max_denoising_steps,
        sampler_config=EntropyBoundSamplerConfig(entropy_bound=cfg.entropy_bound),
        t_min=cfg.t_min,
        t_max=cfg.t_max,
        stability_threshold=cfg.stability_threshold,
        confidence_threshold=cfg.confidence_threshold if cfg.adaptive_stopping else None,
    )
    if eos is not None:
        kwargs["eos_token_id"] = eos
    if initial_canvas is not None:
        kwargs["decoder_input_ids"] = torch.tensor([initial_canvas])
    with torch.no_grad():
        out = ref.generate(torch.tensor([prompt]), **kwargs)
    return out.sequences[0, len(prompt) :].tolist(), float(out.tokens_per_forward[0])


def _decode(tokens: list[int]) -> str:
    return "".join(chr(0x61 + t % 26) for t in tokens)


def _run(model, prompt, max_tokens, cfg, draws=None, **kw) -> tuple[list, DiffusionResult]:
    events = list(
        diffusion_generate(
            model,
            prompt,
            max_tokens=max_tokens,
            gen_config=cfg,
            cancel=kw.pop("cancel", threading.Event()),
            request_id="r1",
            decode=_decode,
            random_draws=draws,
            **kw,
        )
    )
    assert isinstance(events[-1], DiffusionResult)
    return events[:-1], events[-1]


SETTINGS = {
    # adaptive stopping with a confidence threshold a tiny random model can meet, so blocks really stop early
    "adaptive": DiffusionGenConfig(max_denoising_steps=8, confidence_threshold=10.0),
    # accept everything at a low temperature: the canvas follows its own argmax and settles, so blocks stop early
    "settling": DiffusionGenConfig(
        max_denoising_steps=10, entropy_bound=50.0, t_min=0.01, t_max=0.05, confidence_threshold=10.0
    ),
    "fixed_steps": DiffusionGenConfig(
        max_denoising_steps=5, entropy_bound=1.0, t_min=0.2, t_max=1.5, adaptive_stopping=False
    ),
    "stable2": DiffusionGenConfig(
        max_denoising_steps=12, entropy_bound=0.5, stability_threshold=2, confidence_threshold=3.0
    ),
    "stable0": DiffusionGenConfig(
        max_denoising_steps=6, entropy_bound=0.05, stability_threshold=0, confidence_threshold=4.0
    ),
}


def _check_against_reference(ref_tokens, result, eos_ids):
    flat = [t for b in result.blocks for t in b]
    cut = next((i for i, t in enumerate(flat) if t in eos_ids), None)
    if cut is None:
        assert flat == ref_tokens
        assert list(result.tokens) == ref_tokens[: len(result.tokens)]
    else:  # the reference pads after the EOS and stops
        assert flat[: cut + 1] == ref_tokens[: cut + 1]
        assert len(flat) == len(ref_tokens)
        assert list(result.tokens) == flat[:cut] and result.finish_reason == "stop"


@pytest.fixture(scope="module")
def sliding_pair(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dg_sliding")
    ref = make_reference(folder, "sliding", seed=11, canvas_length=6, std=GEN_STD)
    model, _ = load_diffusion_model(folder)
    return ref, model


@pytest.mark.parametrize("setting", sorted(SETTINGS))
def test_tokens_equal_reference_generate(sliding_pair, setting, monkeypatch):
    ref, model = sliding_pair
    cfg = SETTINGS[setting]
    _install_reference_draws(monkeypatch, NumpyDraws(1))
    ref_tokens, ref_tpf = _reference_generate(ref, PROMPT, 24, cfg)
    events, result = _run(model, PROMPT, 24, cfg, NumpyDraws(1))
    _check_against_reference(ref_tokens, result, model.args.eos_token_ids)
    d = result.diffusion
    assert d.forward_passes == sum(d.steps_per_block) == sum(isinstance(e, CanvasEvent) for e in events)
    assert d.blocks == len(result.blocks) == sum(isinstance(e, BlockEvent) for e in events)
    if not cfg.adaptive_stopping:
        assert set(d.steps_per_block) == {cfg.max_denoising_steps} and d.early_stops == 0
    if setting == "settling":
        assert d.early_stops > 0
    if (
        result.finish_reason == "length" and len(result.tokens) == 24
    ):  # same token count: same tokens per forward
        assert d.tokens_per_forward == pytest.approx(ref_tpf)


@pytest.mark.parametrize("kind", ["dense", "moe", "bidirectional"])
def test_other_architectures_equal_reference(tmp_path, kind, monkeypatch):
    if kind == "bidirectional":
        patch_bidirectional_reference(
            monkeypatch
        )  # without it transformers 5.24 cannot run this config at all
    ref = make_reference(tmp_path, kind, seed=4, canvas_length=5, std=GEN_STD)
    model, _ = load_diffusion_model(tmp_path)
    cfg = SETTINGS["settling"]
    _install_reference_draws(monkeypatch, NumpyDraws(1))
    ref_tokens, _ = _reference_generate(ref, PROMPT, 15, cfg)
    _, result = _run(model, PROMPT, 15, cfg, NumpyDraws(1))
    _check_against_reference(ref_tokens, result, model.args.eos_token_ids)


def test_bidirectional_reference_generate_fails_unpatched(tmp_path):
    """Documents the transformers 5.24 limitation the patch above works around."""
    ref = make_reference(tmp_path, "bidirectional", seed=4, canvas_length=5)
    with pytest.raises(TypeError, match="multiple values for keyword argument 'is_causal'"):
        _reference_generate(ref, PROMPT, 5, SETTINGS["adaptive"])


def test_initial_canvas_and_eos_stop(sliding_pair, monkeypatch):
    ref, model = sliding_pair
    cfg = SETTINGS["fixed_steps"]
    canvas0 = [5, 6, 7, 8, 9, 10]
    _, probe = _run(model, PROMPT, 18, cfg, NumpyDraws(3), initial_canvas=canvas0)
    flat = [t for b in probe.blocks for t in b]
    eos = flat[8]  # a token of the second block becomes EOS
    first = flat.index(eos)
    _install_reference_draws(monkeypatch, NumpyDraws(3), skip_first_canvas=True)
    ref_tokens, _ = _reference_generate(ref, PROMPT, 18, cfg, eos=eos, initial_canvas=canvas0)
    stop_model = dataclasses.replace(model.args, eos_token_ids=(eos,))
    original = model.args
    model.args = stop_model
    try:
        _, result = _run(model, PROMPT, 18, cfg, NumpyDraws(3), initial_canvas=canvas0)
    finally:
        model.args = original
    assert result.finish_reason == "stop"
    assert list(result.tokens) == flat[:first]
    _check_against_reference(ref_tokens, result, (eos,))
    assert len(result.blocks) == first // 6 + 1


def test_stop_string_across_canvas_boundary(sliding_pair):
    _, model = sliding_pair
    cfg = SETTINGS["fixed_steps"]
    _, full = _run(model, PROMPT, 24, cfg, NumpyDraws(8))
    flat = [t for b in full.blocks for t in b]
    stop = _decode(flat[4:8])  # spans the first two canvases (6 tokens each)
    assert stop not in _decode(flat[:6])
    events, result = _run(model, PROMPT, 24, cfg, NumpyDraws(8), stop_strings=("zzzzzz", stop))
    text = _decode(flat)
    assert result.finish_reason == "stop_string"
    assert result.text == text[: text.index(stop)]
    assert stop in _decode(list(result.tokens)) and stop not in _decode(list(result.tokens[:-1]))
    assert len(result.blocks) == 2
    streamed = "".join(e.text for e in events if isinstance(e, BlockEvent))
    assert streamed == result.text  # text that could start a stop string was held back, never retracted


def test_max_tokens_cancel_and_determinism(sliding_pair):
    _, model = sliding_pair
    cfg = SETTINGS["fixed_steps"]
    _, a = _run(model, PROMPT, 8, cfg, seed=123)
    _, b = _run(model, PROMPT, 8, cfg, seed=123)
    _, c = _run(model, PROMPT, 8, cfg, seed=124)
    assert a.tokens == b.tokens and a.blocks != c.blocks
    if a.finish_reason == "length":
        assert (
            len(a.tokens) == 8 and len(a.blocks) == 2
        )  # 8 tokens need two 6-token canvases; the rest is cut

    class CancelAfter:
        def __init__(self, n):
            self.n = n

        def is_set(self):
            self.n -= 1
            return self.n < 0

    _, r = _run(model, PROMPT, 30, cfg, NumpyDraws(1), cancel=CancelAfter(7))
    assert r.finish_reason == "cancelled"
    assert (
        r.diffusion.forward_passes == 7
    )  # checked before each denoising step: 5 + 2, the partial block dropped
    assert len(r.blocks) == 1 and len(r.tokens) <= 6


def test_gen_config_from_checkpoint(tmp_path):
    from transformers.models.diffusion_gemma.generation_diffusion_gemma import (
        DiffusionGemmaGenerationConfig,
        EntropyBoundSamplerConfig,
    )

    DiffusionGemmaGenerationConfig(
        max_denoising_steps=32,
        sampler_config=EntropyBoundSamplerConfig(entropy_bound=0.25),
        t_min=0.3,
        t_max=0.9,
        stability_threshold=2,
        confidence_threshold=0.01,
    ).save_pretrained(tmp_path)
    cfg = DiffusionGenConfig.from_checkpoint(tmp_path, t_min=0.1)
    assert (cfg.max_denoising_steps, cfg.entropy_bound, cfg.t_min, cfg.t_max) == (32, 0.25, 0.1, 0.9)
    assert (cfg.stability_threshold, cfg.confidence_threshold, cfg.adaptive_stopping) == (2, 0.01, True)
    assert DiffusionGenConfig.from_checkpoint(tmp_path / "absent") == DiffusionGenConfig()
    assert cfg.with_overrides(adaptive_stopping=False).adaptive_stopping is False
    with pytest.raises(DiffusionConfigError, match="t_min"):
        DiffusionGenConfig(t_min=0.9, t_max=0.5)
    with pytest.raises(DiffusionConfigError, match="Unknown"):
        DiffusionGenConfig.from_checkpoint(tmp_path, steps=3)
    assert cfg.temperature(32) == pytest.approx(0.9, abs=1e-6) and cfg.temperature(16) < cfg.temperature(17)
