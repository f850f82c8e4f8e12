"""Gemma 4 assistant (MTP drafter): parity with transformers, pairing checks, and the speculative correctness gate.

Tiny random-weight models with the real architectures, built and saved by transformers (Gemma4ForCausalLM with
per-layer embeddings and KV-shared layers, Gemma4AssistantForCausalLM with and without ordered embeddings), loaded by
our engine. References: transformers' assistant forward, its target's ``hidden_states[-1]`` / ``shared_kv_states``,
and ``SinglePositionMultiTokenCandidateGenerator``. Correctness gate: greedy output token-identical to plain greedy;
at temperature > 0 the emitted distribution is the target's (chi-square, the production acceptance function on
20,000 rows driven by MTP proposal tables, plus the real request loop end to end).
"""

from __future__ import annotations

import json

import mlx.core as mx
import numpy as np
import pytest
import torch
from scipy import stats as sps

from engine.core.errors import IncompatibleDraftError, ModelLoadError
from engine.core.requests import GenerateRequest, SpeculativeParams
from engine.generation.prompt_cache import PromptCacheStore
from engine.generation.sampling import SamplingParams, process_logits
from engine.models.loader import load_lm
from engine.models.source import read_config
from engine.speculative import decoder as speculative
from engine.speculative.decoder import accept_sampled, generate_with_decoder, make_decoder_factory
from engine.speculative.gemma4_assistant import (
    check_pairing,
    is_gemma4_assistant_config,
    load_gemma4_assistant,
    pairing_problems,
)
from engine.speculative.mtp import Gemma4Target, draft_steps
from tests.engine.speculative.test_speculative_sampling import PROMPT, chi_square, tables
from tests.tiny_models import make_tiny_model, write_tokenizer

V = 12  # as in the shared chi-square harness; the ordered embedding splits it into 4 centroids of 3
HIDDEN = 32
WINDOW = 48  # sliding window of target and assistant; speculation stops once a rotating cache wraps
TYPES = ["sliding_attention", "full_attention"] * 3


# -- tiny checkpoints written by transformers ----------------------------------------------------------------------
def _randomise(model, seed: int, scale: float) -> None:
    gen = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for _, p in model.named_parameters():
            noise = torch.randn(p.shape, generator=gen)
            p.copy_(noise * scale if p.ndim >= 2 else 1.0 + 0.3 * noise)


def build_target(folder, seed: int = 0, scale: float = 0.15, **over):
    from transformers import Gemma4ForCausalLM, Gemma4TextConfig

    folder.mkdir(parents=True, exist_ok=True)
    write_tokenizer(folder)
    kw = dict(
        vocab_size=V,
        hidden_size=HIDDEN,
        intermediate_size=64,
        num_hidden_layers=6,
        num_attention_heads=4,
        num_key_value_heads=2,
        head_dim=8,
        global_head_dim=16,
        sliding_window=WINDOW,
        layer_types=TYPES,
        hidden_size_per_layer_input=4,
        vocab_size_per_layer_input=V,
        num_kv_shared_layers=2,
        final_logit_softcapping=30.0,
        eos_token_id=2,
        bos_token_id=None,
        pad_token_id=0,
        max_position_embeddings=512,
    )
    kw.update(over)
    model = Gemma4ForCausalLM(Gemma4TextConfig(**kw)).eval()
    _randomise(model, seed, scale)
    model.save_pretrained(folder)
    # Released Gemma 4 configs carry ``global_head_dim``; transformers 5.24 writes per-layer overrides instead.
    cfg = json.loads((folder / "config.json").read_text())
    cfg.pop("per_layer_config", None)
    cfg["global_head_dim"] = kw["global_head_dim"]
    (folder / "config.json").write_text(json.dumps(cfg, indent=2))
    return folder


def build_assistant(
    folder, ordered: bool, seed: int = 1, scale: float = 0.15, backbone: int = HIDDEN, **text_over
):
    from transformers import Gemma4AssistantConfig, Gemma4AssistantForCausalLM

    text = dict(
        model_type="gemma4_text",
        vocab_size=V,
        hidden_size=24,
        intermediate_size=48,
        num_hidden_layers=3,
        num_attention_heads=4,
        num_key_value_heads=2,
        head_dim=8,
        global_head_dim=16,
        sliding_window=WINDOW,
        layer_types=["sliding_attention", "sliding_attention", "full_attention"],
        hidden_size_per_layer_input=0,
        vocab_size_per_layer_input=0,
    )
    text.update(text_over)
    config = Gemma4AssistantConfig(
        text_config=text,
        backbone_hidden_size=backbone,
        use_ordered_embeddings=ordered,
        num_centroids=4,
        centroid_intermediate_top_k=2,
    )
    model = Gemma4AssistantForCausalLM(config).eval()
    _randomise(model, seed, scale)
    if ordered:
        gen = torch.Generator().manual_seed(seed)
        model.masked_embedding.token_ordering.copy_(torch.randperm(text["vocab_size"], generator=gen))
    model.save_pretrained(folder)
    return folder


@pytest.fixture(scope="module")
def target_dir(tmp_path_factory):
    return build_target(tmp_path_factory.mktemp("g4") / "target")


@pytest.fixture(scope="module")
def hf_target(target_dir):
    from transformers import Gemma4ForCausalLM

    return Gemma4ForCausalLM.from_pretrained(target_dir, dtype=torch.float32).eval()


@pytest.fixture(scope="module")
def target(target_dir):
    lm = load_lm(str(target_dir))
    lm.eos_ids = frozenset()  # random weights: never stop early
    return lm


@pytest.fixture(scope="module")
def small_window(tmp_path_factory):
    """A target whose sliding window (8) is shorter than the test contexts, and its transformers twin."""
    from transformers import Gemma4ForCausalLM

    folder = build_target(tmp_path_factory.mktemp("g4w") / "target", seed=2, sliding_window=8)
    return load_lm(str(folder)), Gemma4ForCausalLM.from_pretrained(folder, dtype=torch.float32).eval()


@pytest.fixture(scope="module", params=[False, True], ids=["plain_head", "ordered"])
def assistant_dir(request, tmp_path_factory):
    return build_assistant(tmp_path_factory.mktemp("g4a") / "assistant", request.param)


@pytest.fixture(scope="module")
def hf_assistant(assistant_dir):
    from transformers import Gemma4AssistantForCausalLM

    return Gemma4AssistantForCausalLM.from_pretrained(assistant_dir, dtype=torch.float32).eval()


@pytest.fixture(scope="module")
def assistant(assistant_dir):
    return load_gemma4_assistant(str(assistant_dir))


def _np(x) -> np.ndarray:
    return np.array(x) if isinstance(x, mx.array) else x.detach().numpy()


def _prefill(lm, ids: list[int]):
    """Target cache holding ``ids`` (one chunk) and the wrapper that ran it."""
    from mlx_lm.models.cache import make_prompt_cache

    cache = make_prompt_cache(lm.model)
    wrapper = Gemma4Target(lm.model)
    wrapper(mx.array([ids]), cache)
    return cache, wrapper


def _hf_state(hf_target, ids: list[int]):
    with torch.no_grad():
        return hf_target(torch.tensor([ids]), output_hidden_states=True, return_shared_kv_states=True)


# -- the target side ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [5, 14])  # within and beyond the sliding window (8)
def test_target_logits_hidden_and_shared_kv_match_transformers(small_window, n):
    target, hf_target = small_window
    ids = [(7 * i + 3) % V for i in range(n)]
    ref = _hf_state(hf_target, ids)
    cache, wrapper = _prefill(target, ids)
    logits, hidden = wrapper.forward(mx.array([ids]))
    assert np.abs(_np(target.model(mx.array([ids]))) - _np(ref.logits)).max() < 1e-4  # mlx-lm's own class
    assert np.abs(_np(logits) - _np(ref.logits)).max() < 1e-4
    assert np.abs(_np(hidden) - _np(ref.hidden_states[-1])).max() < 1e-4  # after the final norm
    assert np.abs(_np(wrapper.hidden) - _np(ref.hidden_states[-1][0])).max() < 1e-4 and wrapper.start == 0
    kv = wrapper.shared_kv(cache)
    for layer_type, (k_ref, v_ref) in ref.shared_kv_states.items():
        keep = n if layer_type == "full_attention" else min(n, 8)  # a rotating cache keeps the window
        k, v = kv[layer_type]
        assert k.shape == (1, k_ref.shape[1], keep, k_ref.shape[3])
        assert np.abs(_np(k) - _np(k_ref[:, :, -keep:])).max() < 1e-4
        assert np.abs(_np(v) - _np(v_ref[:, :, -keep:])).max() < 1e-4
    # one more token, fed alone: a wrapped rotating cache is read back in temporal order
    wrapper(mx.array([[4]]), cache)
    ref = _hf_state(hf_target, [*ids, 4])
    assert (
        wrapper.start == n
        and np.abs(_np(wrapper.hidden_at(n)) - _np(ref.hidden_states[-1][0, -1])).max() < 1e-4
    )
    kv = wrapper.shared_kv(cache)
    k_ref = ref.shared_kv_states["sliding_attention"][0]
    keep = min(n + 1, 8)
    assert np.abs(_np(kv["sliding_attention"][0]) - _np(k_ref[:, :, -keep:])).max() < 1e-4


# -- the assistant ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("s_full", "s_sliding", "position"), [(5, 5, 5), (60, 52, 60), (60, WINDOW + 1, 70)])
def test_assistant_logits_match_transformers(assistant, hf_assistant, s_full, s_sliding, position):
    gen = torch.Generator().manual_seed(s_full * 100 + s_sliding)
    x = torch.randn(1, 1, 2 * HIDDEN, generator=gen)
    kv = {
        "full_attention": tuple(torch.randn(1, 2, s_full, 16, generator=gen) for _ in range(2)),
        "sliding_attention": tuple(torch.randn(1, 2, s_sliding, 8, generator=gen) for _ in range(2)),
    }
    with torch.no_grad():
        ref = hf_assistant(inputs_embeds=x, position_ids=torch.tensor([[position]]), shared_kv_states=kv)
    ours_kv = {t: (mx.array(_np(k)), mx.array(_np(v))) for t, (k, v) in kv.items()}
    logits, projected = assistant.model(mx.array(_np(x)), ours_kv, position)
    assert logits.shape == (1, 1, V) and projected.shape == (1, 1, HIDDEN)
    assert np.abs(_np(logits) - _np(ref.logits)).max() < 1e-4
    assert np.abs(_np(projected) - _np(ref.last_hidden_state)).max() < 1e-4
    assert float(mx.std(logits)) > 0.1  # not a degenerate model


def test_the_sliding_window_of_the_assistant_is_checked(assistant, hf_assistant):
    """Beyond window + 1 sliding entries the oldest are ignored, as in transformers' mask (the parity test can fail)."""
    gen = torch.Generator().manual_seed(5)
    x = mx.array(_np(torch.randn(1, 1, 2 * HIDDEN, generator=gen)))
    full = tuple(mx.array(_np(torch.randn(1, 2, 6, 16, generator=gen))) for _ in range(2))
    sliding = tuple(mx.array(_np(torch.randn(1, 2, WINDOW + 4, 8, generator=gen))) for _ in range(2))
    base, _ = assistant.model(x, {"full_attention": full, "sliding_attention": sliding}, 60)
    old = tuple(mx.concatenate([t[..., :3, :] * 5.0, t[..., 3:, :]], axis=-2) for t in sliding)
    same, _ = assistant.model(x, {"full_attention": full, "sliding_attention": old}, 60)
    recent = tuple(mx.concatenate([t[..., :-1, :], t[..., -1:, :] * 5.0], axis=-2) for t in sliding)
    moved, _ = assistant.model(x, {"full_attention": full, "sliding_attention": recent}, 60)
    assert np.abs(_np(base) - _np(same)).max() == 0.0
    assert np.abs(_np(base) - _np(moved)).max() > 1e-3


def test_assistant_loader(assistant, assistant_dir, tmp_path):
    assert is_gemma4_assistant_config(read_config(assistant_dir))
    assert assistant.info.kind == "mtp-assistant" and assistant.info.model_type == "gemma4_assistant"
    assert assistant.info.parameters > 0 and assistant.info.dtype == "float32"
    if assistant.cfg.use_ordered_embeddings:
        assert assistant.model.masked_embedding.token_ordering.dtype == mx.int32
    with pytest.raises(ModelLoadError, match="not a Gemma 4 assistant"):
        load_gemma4_assistant(str(make_tiny_model(tmp_path / "llama", "llama")))
    import shutil

    quantized = tmp_path / "quantized"
    shutil.copytree(assistant_dir, quantized)
    cfg = json.loads((quantized / "config.json").read_text())
    cfg["quantization"] = {"group_size": 64, "bits": 4}
    (quantized / "config.json").write_text(json.dumps(cfg))
    with pytest.raises(ModelLoadError, match="quantized Gemma 4 assistant"):
        load_gemma4_assistant(str(quantized))


# -- drafting from the target's state, against transformers' candidate generator -------------------------------
def _hf_candidates(hf_target, hf_assistant, context: list[int], next_token: int, k: int):
    """transformers' MTP candidates when the target has seen ``context`` and ``next_token`` is the last token."""
    from transformers import GenerationConfig
    from transformers.generation.candidate_generator import SinglePositionMultiTokenCandidateGenerator

    hf_assistant.generation_config.num_assistant_tokens = k
    gen = SinglePositionMultiTokenCandidateGenerator(
        hf_assistant, hf_target.get_input_embeddings(), GenerationConfig(max_length=1000)
    )
    ids = torch.tensor([[*context, next_token]])
    out = gen.get_candidates(
        ids,
        {"attention_mask": torch.ones_like(ids)},
        _hf_state(hf_target, context),
        is_first_iteration=False,
        n_last_matches=0,
    )
    return out[0][0, ids.shape[1] :].tolist(), out[1][0]


def _greedy_draft(assistant, wrapper, cache, next_token: int, hidden: mx.array, k: int):
    def choose(logits):
        return mx.argmax(logits).reshape(1).astype(mx.int32), logits

    tokens, rows = draft_steps(assistant, wrapper, cache, next_token, hidden, k, choose)
    return [int(t.item()) for t in tokens], mx.stack(rows)


# Contexts within the sliding window: beyond it the speculative decoder stops drafting (a wrapped rotating cache cannot
# be rewound), and transformers' assistant would also read one sliding entry more than the target's window keeps.
@pytest.mark.parametrize("n", [3, 30])
def test_drafts_equal_transformers_candidate_generator(target, hf_target, assistant, hf_assistant, n):
    context = [(5 * i + 1) % V for i in range(n)]
    cache, wrapper = _prefill(target, context)
    ours, our_logits = _greedy_draft(assistant, wrapper, cache, 9, wrapper.hidden_at(n - 1), 4)
    theirs, their_logits = _hf_candidates(hf_target, hf_assistant, context, 9, 4)
    assert ours == theirs
    assert np.abs(_np(our_logits) - _np(their_logits)).max() < 1e-4


# -- the speculative decoder ---------------------------------------------------------------------------------------
def generate(
    lm, prompt, mode, assistant=None, *, sampling=None, max_tokens=24, num_draft=3, adaptive=False, store=None
):
    req = GenerateRequest(
        prompt_ids=tuple(prompt),
        max_tokens=max_tokens,
        use_prompt_cache=store is not None,
        sampling=sampling or SamplingParams(),
        speculative=SpeculativeParams(mode=mode, num_draft=num_draft, adaptive=adaptive),
    )
    final = list(generate_with_decoder(lm, req, assistant, store=store))[-1]
    assert final.error is None, final.error
    return final


@pytest.mark.parametrize("adaptive", [False, True])
def test_greedy_speculative_is_token_identical_to_plain(target, assistant, adaptive):
    store = PromptCacheStore()
    for prompt in ([3, 1, 4, 1, 5], [2, 7, 1, 8, 2, 8, 1]):
        plain = generate(target, prompt, "off", max_tokens=30)
        spec = generate(target, prompt, "mtp", assistant, max_tokens=30, adaptive=adaptive, store=store)
        assert spec.token_ids == plain.token_ids
        s = spec.stats.speculative
        # adaptive: the governor may gate a random assistant off after its probe, like any proposer
        assert s.mode == "mtp" and s.verifications >= (1 if adaptive else 3) and s.proposed > 0


def test_an_assistant_loaded_as_draft_serves_draft_and_auto(target, assistant):
    for mode in ("draft", "auto"):
        final = generate(target, [3, 1, 4], mode, assistant, max_tokens=12)
        assert final.stats.speculative.mode == f"{mode}->mtp"
        assert final.token_ids == generate(target, [3, 1, 4], "off", max_tokens=12).token_ids


def test_proposer_state_matches_transformers_after_acceptances(
    target, hf_target, assistant, hf_assistant, monkeypatch
):
    """At every proposal (after verifications that accepted 0..k drafts) the hidden state and K/V the proposer drafts
    from give transformers' own candidates for that context: the accepted position's hidden state is the right one."""
    from engine.speculative import mtp as mtp_proposer

    seen = []
    real = mtp_proposer.draft_steps

    def spy(asst, wrapper, cache, token, hidden, k, choose):
        seen.append((mtp_proposer.cache_offset(cache), token, hidden, wrapper.shared_kv(cache)))
        return real(asst, wrapper, cache, token, hidden, k, choose)

    monkeypatch.setattr(mtp_proposer, "draft_steps", spy)
    # flat distributions at temperature 1: many proposals are accepted
    final = generate(
        target,
        [3, 1, 4, 1],
        "mtp",
        assistant,
        sampling=SamplingParams(temperature=1.0, seed=3),
        max_tokens=20,
    )
    s = final.stats.speculative
    assert s.accepted >= 3 and s.accepted < s.proposed
    history = [3, 1, 4, 1, *final.token_ids]
    assert len(seen) >= 4
    for position, token, hidden, kv in seen:
        assert token == history[position]
        cache, wrapper = _prefill(target, history[:position])
        assert np.abs(_np(hidden) - _np(wrapper.hidden_at(position - 1))).max() < 1e-4
        fresh = wrapper.shared_kv(cache)
        for t in kv:
            assert np.abs(_np(kv[t][0]) - _np(fresh[t][0])).max() < 1e-4
        mx.eval(hidden)
        ours, _ = _greedy_draft(assistant, wrapper, cache, token, hidden, 3)
        assert ours == _hf_candidates(hf_target, hf_assistant, history[:position], token, 3)[0]


# -- distribution preserved at temperature > 0 -----------------------------------------------------------------------
N = 20_000


def mtp_tables(lm, assistant, params: SamplingParams):
    """Exact processed MTP proposal tables: Q0 after the prompt, Q1[x] after drafting x, and R[f]: the first
    proposal of the next block when the first verification emitted only f."""

    def proc(logits, context):
        return process_logits(logits, params, mx.array(context))

    cache, wrapper = _prefill(lm, PROMPT[:-1])
    kv, pos = wrapper.shared_kv(cache), len(PROMPT) - 1
    h = wrapper.hidden_at(pos - 1).reshape(1, 1, -1)

    def step(token, h_in, kv_, p):
        x = mx.concatenate([wrapper.embed(mx.array([token])).reshape(1, 1, -1), h_in], axis=-1)
        logits, out = assistant.model(x, kv_, p)
        return logits[0, -1], out

    l0, s0 = step(PROMPT[-1], h, kv, pos)
    q0 = proc(l0, PROMPT)
    q1 = mx.stack([proc(step(x, s0, kv, pos)[0], [*PROMPT, x]) for x in range(V)])
    wrapper(mx.array([[PROMPT[-1]]]), cache)
    h_y, kv2 = wrapper.hidden_at(pos).reshape(1, 1, -1), wrapper.shared_kv(cache)
    r = mx.stack([proc(step(f, h_y, kv2, pos + 1)[0], [*PROMPT, f]) for f in range(V)])
    return q0, q1, r


def mtp_first_two(target_t, q_tables, seed: int) -> np.ndarray:
    """[N, 2] first two emitted tokens: a k = 2 MTP block, then a k = 1 block for rows that emitted one token."""
    P0, P1, P2 = target_t
    Q0, Q1, R = q_tables
    keys = iter(mx.random.split(mx.random.key(seed), 8))
    x0 = mx.random.categorical(mx.broadcast_to(Q0, (N, V)), key=next(keys))
    x1 = mx.random.categorical(Q1[x0], key=next(keys))
    q = mx.stack([mx.broadcast_to(Q0, (N, V)), Q1[x0]], axis=1)
    p = mx.stack([mx.broadcast_to(P0, (N, V)), P1[x0], P2[x0, x1]], axis=1)
    u = mx.random.uniform(shape=(N, 2), key=next(keys))
    n, t = accept_sampled(p, mx.stack([x0, x1], axis=1), q, u, key=next(keys))
    first = mx.where(n >= 1, x0, t)
    y = mx.random.categorical(R[first], key=next(keys))
    pr = mx.stack([P1[first], P2[first, y]], axis=1)
    u2 = mx.random.uniform(shape=(N, 1), key=next(keys))
    n2, t2 = accept_sampled(pr, y[:, None], R[first][:, None, :], u2, key=next(keys))
    second = mx.where(n >= 1, mx.where(n >= 2, x1, t), mx.where(n2 >= 1, y, t2))
    return np.array(mx.stack([first, second], axis=1))


@pytest.fixture(scope="module")
def flat(tmp_path_factory):
    """A flatter target (smaller weights) so both tokens carry real entropy; the ordered assistant."""
    root = tmp_path_factory.mktemp("g4flat")
    lm = load_lm(str(build_target(root / "target", seed=4, scale=0.08)))
    lm.eos_ids = frozenset()
    return lm, load_gemma4_assistant(str(build_assistant(root / "assistant", True, seed=5)))


SETTINGS = {
    "t1": SamplingParams(temperature=1.0),
    "t07_top_k_penalty": SamplingParams(temperature=0.7, top_k=8, repetition_penalty=1.3),
}


@pytest.mark.parametrize("setting", list(SETTINGS))
def test_mtp_rejection_sampling_matches_plain_sampling(flat, setting):
    lm, asst = flat
    params = SETTINGS[setting]
    target_t, q_t = tables(lm, params), mtp_tables(lm, asst, params)
    ent = -float(mx.sum(mx.exp(target_t[0]) * mx.where(mx.isinf(target_t[0]), 0, target_t[0])))
    assert ent > 0.8
    assert 0.5 * float(mx.sum(mx.abs(mx.exp(target_t[0]) - mx.exp(q_t[0])))) > 0.2  # the assistant differs
    assert chi_square(mtp_first_two(target_t, q_t, seed=1), target_t) > 1e-3


def test_the_mtp_harness_catches_a_broken_rule(flat, monkeypatch):
    lm, asst = flat
    params = SETTINGS["t1"]
    target_t, q_t = tables(lm, params), mtp_tables(lm, asst, params)
    monkeypatch.setattr(speculative, "acceptance_probability", lambda p_x, q_x: mx.ones_like(p_x))
    assert chi_square(mtp_first_two(target_t, q_t, seed=1), target_t) < 1e-6


def test_decoder_second_token_distribution_end_to_end(flat):
    """The real request loop; the first token of a request is decoded plainly (no hidden state yet), the second
    comes from an MTP verification: its marginal must be the target's."""
    lm, asst = flat
    params = SamplingParams(temperature=1.0, top_p=0.9)
    seconds = []
    for seed in range(300):
        final = generate(
            lm,
            PROMPT,
            "mtp",
            asst,
            sampling=SamplingParams(temperature=1.0, top_p=0.9, seed=seed),
            max_tokens=3,
            num_draft=2,
        )
        assert final.stats.speculative.verifications >= 1
        seconds.append(final.token_ids[1])
    P0, P1, _ = tables(lm, params)
    p = np.array(mx.exp(P0) @ mx.exp(P1)).astype(np.float64)
    obs = np.bincount(np.array(seconds), minlength=V).astype(float)
    assert obs[p == 0].sum() == 0
    exp = p * len(seconds)
    keep = exp >= 5
    o, e = np.append(obs[keep], obs[~keep].sum()), np.append(exp[keep], exp[~keep].sum())
    o, e = o[e > 0], e[e > 0]
    assert sps.chisquare(o, e * o.sum() / e.sum()).pvalue > 1e-4


# -- pairing ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("over", "message"),
    [
        ({"backbone": 48}, "hidden size 48"),
        ({"vocab_size": 32}, "32 tokens"),
        ({"head_dim": 16}, "sliding attention heads have 16 dimensions"),
        ({"num_attention_heads": 3}, "3 sliding attention query heads cannot be grouped"),
        (
            {
                "rope_parameters": {
                    "sliding_attention": {"rope_type": "default", "rope_theta": 5.0},
                    "full_attention": {
                        "rope_type": "proportional",
                        "partial_rotary_factor": 0.25,
                        "rope_theta": 1e6,
                    },
                }
            },
            "rotary position settings for sliding attention",
        ),
    ],
)
def test_a_wrong_assistant_is_a_clear_error(target, tmp_path, over, message):
    over = dict(over)
    backbone = over.pop("backbone", HIDDEN)
    wrong = load_gemma4_assistant(str(build_assistant(tmp_path / "a", False, backbone=backbone, **over)))
    problems = pairing_problems(target, wrong)
    assert any(message in p for p in problems), problems
    with pytest.raises(IncompatibleDraftError, match="cannot draft for"):
        check_pairing(target, wrong)
    for mode in ("mtp", "draft"):
        with pytest.raises(IncompatibleDraftError, match=message):
            make_decoder_factory(
                GenerateRequest(prompt_ids=(1, 2), speculative=SpeculativeParams(mode=mode)), target, wrong
            )
    final = generate(target, [3, 1, 4], "auto", wrong, max_tokens=4)  # auto: falls back and says why
    assert final.stats.speculative.mode == "auto->off"
    assert any(message in f for f in final.stats.speculative.fallbacks)


def test_assistant_for_another_family_or_no_assistant(tmp_path, assistant, target):
    llama = load_lm(str(make_tiny_model(tmp_path / "llama", "llama")))
    with pytest.raises(IncompatibleDraftError, match="drafts only for Gemma 4 models"):
        check_pairing(llama, assistant)
    with pytest.raises(IncompatibleDraftError, match="needs a Gemma 4 assistant"):
        make_decoder_factory(
            GenerateRequest(prompt_ids=(1, 2), speculative=SpeculativeParams(mode="mtp")), target, None
        )
    with pytest.raises(IncompatibleDraftError, match="needs a Gemma 4 assistant"):
        make_decoder_factory(
            GenerateRequest(prompt_ids=(1, 2), speculative=SpeculativeParams(mode="mtp")), target, llama
        )


# -- through the Engine ------------------------------------------------------------------------------------------------
def test_engine_loads_an_assistant_as_draft_and_drafts_with_it(engine, target_dir, assistant_dir):
    engine.load_model(str(target_dir), "chat")
    with pytest.raises(ModelLoadError, match="load it as the draft model"):
        engine.load_model(str(assistant_dir), "chat")
    engine.load_model(str(target_dir), "chat")
    info = engine.load_model(str(assistant_dir), "draft")
    assert info.kind == "mtp-assistant" and engine.models()["draft"].model_type == "gemma4_assistant"

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

    spec, plain = run("mtp"), run("off")
    assert spec.stats.speculative.mode == "mtp" and spec.stats.speculative.verifications >= 3
    assert spec.token_ids == plain.token_ids
