"""DFlash block drafter: parity with the references, the loader's and pairing's errors, greedy = plain, the Engine.

A tiny Qwen3 target (mlx-lm format, also loaded by transformers) and a tiny drafter in the reference's on-disk
format. References: dflash-mlx 0.1.8's drafter and PyPI dflash 0.1.0's PyTorch drafter (skipped where it is not
installed: its package pins ``datasets``), each fed the transformers target's own features, embedding and head.
"""

from __future__ import annotations

import importlib.util
import json
from types import SimpleNamespace

import mlx.core as mx
import numpy as np
import pytest
import torch

from engine.core.errors import IncompatibleDraftError, ModelLoadError
from engine.core.requests import GenerateRequest, SpeculativeParams
from engine.generation.prompt_cache import PromptCacheStore, mlx_cache
from engine.generation.sampling import Sampler, SamplingParams
from engine.models.loader import load_lm
from engine.speculative.decoder import generate_with_decoder, make_decoder_factory
from engine.speculative.dflash import check_pairing, is_dflash_config, load_dflash, pairing_problems
from engine.speculative.dflash_proposer import DFlashProposer, DFlashTarget
from tests.engine.speculative.dflash_fixtures import (
    BLOCK,
    HIDDEN,
    LAYER_IDS,
    MASK,
    V,
    build_drafter,
    build_target,
    mlx_ref_block_logits,
    mlx_ref_drafter,
    torch_block_logits,
)
from tests.tiny_models import make_tiny_model


@pytest.fixture(scope="module")
def target_dir(tmp_path_factory):
    return build_target(tmp_path_factory.mktemp("dflash") / "target")


@pytest.fixture(scope="module")
def target(target_dir):
    lm = load_lm(str(target_dir))
    lm.eos_ids = frozenset()  # random weights: no early stop
    return lm


@pytest.fixture(scope="module")
def hf_target(target_dir):
    from transformers import Qwen3ForCausalLM

    return Qwen3ForCausalLM.from_pretrained(target_dir, dtype=torch.float32).eval()


@pytest.fixture(scope="module")
def drafter_dir(tmp_path_factory):
    return build_drafter(tmp_path_factory.mktemp("dflash") / "drafter")


@pytest.fixture(scope="module")
def drafter(drafter_dir):
    return load_dflash(str(drafter_dir))


SLIDING = {
    "layer_types": ["sliding_attention", "full_attention"],
    "sliding_window": 4,
    "use_sliding_window": True,
}


@pytest.fixture(scope="module")
def sliding_dir(tmp_path_factory):
    """A drafter with a sliding-window layer (causal within a window of 4, as the references read it)."""
    return build_drafter(tmp_path_factory.mktemp("dflash") / "sliding", seed=3, **SLIDING)


def _state(lm, ids: list[int], sampling: SamplingParams):
    """What the request loop hands a decoder after prefilling ``ids[:-1]``."""
    cache = mlx_cache().make_prompt_cache(lm.model)
    lm.model(mx.array([ids[:-1]]), cache=cache)
    return SimpleNamespace(
        lm=lm,
        cache=cache,
        sampling=sampling,
        sampler=Sampler(sampling),
        fed=list(ids[:-1]),
        history=list(ids),
        next_input=ids[-1],
        cancel=None,
    )


def _our_block(lm, drafter, ids: list[int], k: int) -> tuple[list[int], np.ndarray]:
    """Our proposer's greedy block and its logits (log-softmax at temperature 1) after ``ids``."""
    greedy = DFlashProposer(drafter, _state(lm, ids, SamplingParams()))
    state = _state(lm, ids, SamplingParams())
    greedy.prepare(state)
    tokens = greedy.propose(state, k).tokens.tolist()
    sampled = DFlashProposer(drafter, _state(lm, ids, SamplingParams(temperature=1.0)))
    state = _state(lm, ids, SamplingParams(temperature=1.0))
    sampled.prepare(state)
    return tokens, np.array(sampled.propose(state, k).logprobs)


def _log_softmax(x: np.ndarray) -> np.ndarray:
    x = x - x.max(-1, keepdims=True)
    return x - np.log(np.exp(x).sum(-1, keepdims=True))


# -- parity ------------------------------------------------------------------------------------------------------
def test_is_dflash_config(drafter_dir, target_dir):
    assert is_dflash_config(json.loads((drafter_dir / "config.json").read_text()))
    assert not is_dflash_config(json.loads((target_dir / "config.json").read_text()))


@pytest.mark.parametrize("n", [2, 5, 13])
def test_block_equals_dflash_mlx(target, hf_target, drafter, drafter_dir, n):
    ids = [(5 * i + 2) % (V - 1) for i in range(n)]
    k = BLOCK - 1
    ours, our_lp = _our_block(target, drafter, ids, k)
    theirs = mlx_ref_block_logits(hf_target, mlx_ref_drafter(drafter_dir), ids[:-1], [ids[-1]] + [MASK] * k)
    assert ours == theirs.argmax(-1).tolist()
    assert np.abs(our_lp - _log_softmax(theirs)).max() < 1e-4


@pytest.mark.parametrize("n", [3, 11])
def test_a_sliding_window_drafter_equals_both_references(target, hf_target, sliding_dir, n):
    drafter = load_dflash(str(sliding_dir))
    ids = [(5 * i + 4) % (V - 1) for i in range(n)]
    ours, our_lp = _our_block(target, drafter, ids, BLOCK - 1)
    block = [ids[-1]] + [MASK] * (BLOCK - 1)
    refs = [mlx_ref_block_logits(hf_target, mlx_ref_drafter(sliding_dir), ids[:-1], block)]
    if importlib.util.find_spec("dflash") is not None:
        from dflash.model import DFlashDraftModel

        torch_ref = DFlashDraftModel.from_pretrained(sliding_dir, dtype=torch.float32).eval()
        assert torch_ref.layers[0].self_attn.sliding_window == 4
        refs.append(torch_block_logits(hf_target, torch_ref, ids[:-1], block))
    for theirs in refs:
        assert ours == theirs.argmax(-1).tolist()
        assert np.abs(our_lp - _log_softmax(theirs)).max() < 1e-4


@pytest.mark.parametrize("n", [2, 9])
def test_block_equals_pytorch_dflash(target, hf_target, drafter, drafter_dir, n):
    model = pytest.importorskip("dflash.model")
    ref = model.DFlashDraftModel.from_pretrained(drafter_dir, dtype=torch.float32).eval()
    ids = [(3 * i + 1) % (V - 1) for i in range(n)]
    for k in (1, BLOCK - 1):  # a shorter block (the governor's width) changes every position: both agree
        ours, our_lp = _our_block(target, drafter, ids, k)
        theirs = torch_block_logits(hf_target, ref, ids[:-1], [ids[-1]] + [MASK] * k)
        assert ours == theirs.argmax(-1).tolist()
        assert np.abs(our_lp - _log_softmax(theirs)).max() < 1e-4


def test_a_checkpoint_saved_by_the_reference_loads(tmp_path, target, hf_target):
    """The reference's own save_pretrained output (transformers 5 writes ``rope_parameters``) loads and agrees."""
    model = pytest.importorskip("dflash.model")
    from transformers import Qwen3Config

    cfg = Qwen3Config(
        vocab_size=V,
        hidden_size=HIDDEN,
        intermediate_size=96,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        head_dim=16,
        max_position_embeddings=2048,
    )
    cfg.num_target_layers, cfg.block_size = 4, BLOCK
    cfg.dflash_config = {"mask_token_id": MASK, "target_layer_ids": LAYER_IDS}
    cfg.architectures = ["DFlashDraftModel"]
    torch.manual_seed(0)
    ref = model.DFlashDraftModel(cfg).eval()
    with torch.no_grad():
        for p in ref.parameters():
            p.copy_(torch.randn_like(p) * 0.15 if p.ndim == 2 else 1 + 0.3 * torch.randn_like(p))
    ref.save_pretrained(tmp_path / "saved")
    ours = load_dflash(str(tmp_path / "saved"))
    ids = [4, 1, 7, 3, 9, 2]
    tokens, lp = _our_block(target, ours, ids, 3)
    theirs = torch_block_logits(hf_target, ref, ids[:-1], [ids[-1], MASK, MASK, MASK])
    assert tokens == theirs.argmax(-1).tolist()
    assert np.abs(lp - _log_softmax(theirs)).max() < 1e-4


def test_the_context_follows_verifications(target, hf_target, drafter, drafter_dir, monkeypatch):
    """At every proposal of a real run (after verifications that accepted 0..k tokens, and plain runs) the block
    equals the reference's for that whole context: the drafter's context holds exactly the accepted positions."""
    seen = []
    real = DFlashProposer.propose

    def spy(self, state, k):
        out = real(self, state, k)
        if len(out):
            seen.append((len(state.fed), len(out), np.array(out.logprobs)))
        return out

    monkeypatch.setattr(DFlashProposer, "propose", spy)
    final = generate(
        target, [3, 1, 4, 1, 5], "dflash", drafter, sampling=SamplingParams(temperature=1.0, seed=4)
    )
    s = final.stats.speculative
    assert s.accepted >= 2 and s.accepted < s.proposed and len(seen) >= 4
    history = [3, 1, 4, 1, 5, *final.token_ids]
    ref = mlx_ref_drafter(drafter_dir)
    for pos, k, lp in seen:
        theirs = mlx_ref_block_logits(hf_target, ref, history[:pos], [history[pos]] + [MASK] * k)
        assert np.abs(lp - _log_softmax(theirs)).max() < 1e-4


def test_target_rows_are_recorded_and_the_model_left_as_it_was(target):
    layers = list(target.model.model.layers)
    wrapper = DFlashTarget(target.model, tuple(LAYER_IDS))
    cache = mlx_cache().make_prompt_cache(target.model)
    logits = wrapper(mx.array([[1, 2, 3]]), cache)
    assert np.allclose(np.array(logits), np.array(target.model(mx.array([[1, 2, 3]]))), atol=1e-5)
    wrapper(mx.array([[4, 5]]), cache)
    assert wrapper.known_from(5) == 0 and wrapper.known_from(6) is None
    assert wrapper.take(0, 5).shape == (5, len(LAYER_IDS) * HIDDEN)
    assert wrapper.known_from(5) is None  # rows before 5 were handed over
    rows = mx.arange(12.0).reshape(6, 2)
    wrapper.record(0, rows)
    wrapper.record(
        4, -rows[:1]
    )  # the cache rewound to 4 and fed again: rows 4.. are replaced, 5 is forgotten
    assert wrapper.known_from(5) == 0 and wrapper.known_from(6) is None
    assert wrapper.take(0, 5).tolist() == [*rows[:4].tolist(), [-0.0, -1.0]]
    assert all(a is b for a, b in zip(target.model.model.layers, layers, strict=True))


def test_the_prompt_re_read_records_rows_and_leaves_the_cache_bit_for_bit(target, drafter, monkeypatch):
    """A long prompt (here: longer than a 6-token window) is re-read in other chunks than its prefill; the target's
    keys and values afterwards are the original ones exactly, and the drafter's context starts at the window."""
    from engine.speculative import dflash_proposer

    monkeypatch.setattr(dflash_proposer, "CONTEXT_WINDOW", 6)
    ids = [(7 * i + 3) % V for i in range(15)]
    state = _state(target, ids, SamplingParams())
    before = [(np.array(c.keys[..., :14, :]), np.array(c.values[..., :14, :])) for c in state.cache]
    proposer = DFlashProposer(drafter, state, prefill_chunk=4)
    proposer.prepare(state)
    assert proposer.target_forwards == 2 and state.fed == ids[:-1]
    for c, (k, v) in zip(state.cache, before, strict=True):
        assert c.offset == 14
        assert np.array_equal(np.array(c.keys[..., :14, :]), k) and np.array_equal(
            np.array(c.values[..., :14, :]), v
        )
    assert len(proposer.propose(state, 3)) == 3 and proposer.base == 8


# -- the decoder ------------------------------------------------------------------------------------------------
def generate(
    lm, prompt, mode, draft=None, *, sampling=None, max_tokens=24, num_draft=3, adaptive=False, store=None
):
    req = GenerateRequest(
        prompt_ids=tuple(prompt),
        max_tokens=max_tokens,
        use_prompt_cache=store is not None,
        sampling=sampling or SamplingParams(),
        speculative=SpeculativeParams(mode=mode, num_draft=num_draft, adaptive=adaptive),
    )
    final = list(generate_with_decoder(lm, req, draft, store=store))[-1]
    assert final.error is None, final.error
    return final


@pytest.mark.parametrize("adaptive", [False, True])
def test_greedy_dflash_is_token_identical_to_plain(target, drafter, adaptive):
    store = PromptCacheStore()
    for prompt in ([3, 1, 4, 1, 5], [2, 7, 1, 8, 2, 8, 1], [3, 1, 4, 1, 5, 9]):  # the last one hits the cache
        plain = generate(target, prompt, "off", max_tokens=30)
        spec = generate(target, prompt, "dflash", drafter, max_tokens=30, adaptive=adaptive, store=store)
        assert spec.token_ids == plain.token_ids
        s = spec.stats.speculative
        assert s.mode == "dflash" and s.verifications >= (1 if adaptive else 3) and s.proposed > 0
        assert s.target_forwards >= s.verifications + 1  # the re-read prompt tail is counted


def test_a_drafter_loaded_as_draft_serves_draft_and_auto(target, drafter):
    plain = generate(target, [3, 1, 4], "off", max_tokens=12).token_ids
    for mode in ("draft", "auto"):
        final = generate(target, [3, 1, 4], mode, drafter, max_tokens=12)
        assert final.stats.speculative.mode == f"{mode}->dflash"
        assert final.token_ids == plain


# -- incompatible checkpoints --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("over", "message"),
    [
        ({"hidden_size": 32}, "hidden size 32"),
        ({"vocab_size": 40}, "40 tokens"),
        ({"num_target_layers": 6}, "target of 6 layers"),
        ({"dflash_config": {"mask_token_id": MASK, "target_layer_ids": [1, 7]}}, "target layers [7]"),
        ({"dflash_config": {"mask_token_id": 99, "target_layer_ids": LAYER_IDS}}, "mask token 99"),
    ],
)
def test_a_wrong_drafter_is_a_clear_error(target, tmp_path, over, message):
    wrong = load_dflash(str(build_drafter(tmp_path / "d", **over)))
    assert any(message in p for p in pairing_problems(target, wrong))
    with pytest.raises(IncompatibleDraftError, match="cannot draft for"):
        check_pairing(target, wrong)
    for mode in ("dflash", "draft"):
        with pytest.raises(IncompatibleDraftError, match=message.replace("[", r"\[").replace("]", r"\]")):
            make_decoder_factory(
                GenerateRequest(prompt_ids=(1, 2), speculative=SpeculativeParams(mode=mode)), target, wrong
            )
    final = generate(target, [3, 1, 4], "auto", wrong, max_tokens=4)  # auto: falls back and says why
    assert final.stats.speculative.mode == "auto->off"
    assert any(message in f for f in final.stats.speculative.fallbacks)


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"drop": "layers.1.mlp.up_proj.weight"}, "missing tensors layers.1.mlp.up_proj.weight"),
        ({"architectures": ["DFlash2DraftModel"]}, "DFlash 2 drafter"),
        (
            {"layer_types": ["sliding_attention", "full_attention"], "sliding_window": None},
            "no positive sliding_window",
        ),
        ({"layer_types": ["linear_attention", "full_attention"]}, "linear_attention"),
        ({"dflash_config": {"target_layer_ids": LAYER_IDS}}, "dflash_config.mask_token_id"),
    ],
)
def test_a_broken_checkpoint_is_a_clear_load_error(tmp_path, kw, message):
    with pytest.raises(ModelLoadError, match=message):
        load_dflash(str(build_drafter(tmp_path / "d", **kw)))


def test_dflash_needs_a_drafter(tmp_path, target):
    llama = load_lm(str(make_tiny_model(tmp_path / "llama", "llama", vocab_size=V)))
    for draft in (None, llama):
        with pytest.raises(IncompatibleDraftError, match="needs a DFlash drafter"):
            make_decoder_factory(
                GenerateRequest(prompt_ids=(1, 2), speculative=SpeculativeParams(mode="dflash")),
                target,
                draft,
            )


# -- through the Engine ------------------------------------------------------------------------------------------
def test_engine_loads_a_drafter_as_draft_and_drafts_with_it(engine, target_dir, drafter_dir):
    engine.load_model(str(target_dir), "chat")
    with pytest.raises(ModelLoadError, match="load it as the draft model"):
        engine.load_model(str(drafter_dir), "chat")
    engine.load_model(str(target_dir), "chat")
    info = engine.load_model(str(drafter_dir), "draft")
    assert info.kind == "dflash-drafter" and engine.models()["draft"].model_type == "dflash"

    def run(mode):
        req = GenerateRequest(
            prompt_ids=(3, 1, 4, 1, 5),
            max_tokens=16,
            use_prompt_cache=False,
            speculative=SpeculativeParams(mode=mode, num_draft=3, adaptive=False),
        )
        final = list(engine.generate(req))[-1]
        assert final.error is None, final.error
        return final

    spec, plain = run("dflash"), run("off")
    assert spec.stats.speculative.mode == "dflash" and spec.stats.speculative.verifications >= 3
    assert spec.token_ids == plain.token_ids
