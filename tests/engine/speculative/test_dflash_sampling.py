"""DFlash at temperature > 0 keeps the target's distribution: the shared chi-square harness with DFlash proposals.

A DFlash block drafts every position from the same context (the block's inputs are masks), so its proposal table
for the second position does not depend on the first proposal: Q0 and Q1 come from one drafter forward after the
prompt, R[f] from the next block ``[f, mask]`` once the first verification emitted only f. The production acceptance
function runs on 20,000 rows as the decoder drives it (k = 2, then k = 1); the joint of the first two tokens must match
plain sampling, a broken acceptance rule must fail the same test, and the real request loop must give the target's
marginals for the first and second tokens.
"""

from __future__ import annotations

import mlx.core as mx
import numpy as np
import pytest
from scipy import stats as sps

from engine.core.requests import GenerateRequest, SpeculativeParams
from engine.generation.sampling import SamplingParams, process_logits
from engine.models.loader import load_lm
from engine.speculative import decoder as speculative
from engine.speculative.decoder import accept_sampled, generate_with_decoder
from engine.speculative.dflash import load_dflash
from engine.speculative.dflash_proposer import DFlashTarget
from tests.engine.speculative.dflash_fixtures import MASK, V, build_drafter, build_target
from tests.engine.speculative.test_speculative_sampling import PROMPT, chi_square, tables

N = 20_000
SETTINGS = {
    "t1": SamplingParams(temperature=1.0),
    "t07_top_k_penalty": SamplingParams(temperature=0.7, top_k=8, repetition_penalty=1.3),
}


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    root = tmp_path_factory.mktemp("dflash_chi2")
    lm = load_lm(str(build_target(root / "target", seed=7)))
    lm.eos_ids = frozenset()
    return lm, load_dflash(str(build_drafter(root / "drafter", seed=8)))


def dflash_tables(lm, drafter, params: SamplingParams):
    """Exact processed proposal tables: Q0, Q1 of the block after the prompt, R[f] of the block after f."""
    wrapper = DFlashTarget(lm.model, drafter.cfg.target_layer_ids)
    _, rows = wrapper.forward(mx.array([PROMPT]))
    model = drafter.model

    def block_q(ctx_rows, block, history):
        hidden = model(wrapper.embed(mx.array([block])), model.context(ctx_rows, 0), ctx_rows.shape[1])[:, 1:]
        return process_logits(model.logits(hidden, wrapper.head)[0], params, mx.array(history))

    q = block_q(rows[:, : len(PROMPT) - 1], [PROMPT[-1], MASK, MASK], PROMPT)
    r = mx.stack([block_q(rows, [f, MASK], [*PROMPT, f])[0] for f in range(V)])
    return q[0], q[1], r


def dflash_first_two(target_t, q_tables, seed: int) -> np.ndarray:
    """[N, 2] first two emitted tokens: a k = 2 DFlash block, then a k = 1 block for rows that emitted one token."""
    P0, P1, P2 = target_t
    Q0, Q1, R = q_tables
    keys = iter(mx.random.split(mx.random.key(seed), 8))
    x0 = mx.random.categorical(mx.broadcast_to(Q0, (N, V)), key=next(keys))
    x1 = mx.random.categorical(mx.broadcast_to(Q1, (N, V)), key=next(keys))  # drafted beside x0, not after it
    q = mx.stack([mx.broadcast_to(Q0, (N, V)), mx.broadcast_to(Q1, (N, V))], axis=1)
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


@pytest.mark.parametrize("setting", list(SETTINGS))
def test_dflash_rejection_sampling_matches_plain_sampling(pair, setting):
    lm, drafter = pair
    params = SETTINGS[setting]
    target_t, q_t = tables(lm, params), dflash_tables(lm, drafter, params)
    ent = -float(mx.sum(mx.exp(target_t[0]) * mx.where(mx.isinf(target_t[0]), 0, target_t[0])))
    assert ent > 0.8
    assert 0.5 * float(mx.sum(mx.abs(mx.exp(target_t[0]) - mx.exp(q_t[0])))) > 0.2  # the drafter differs
    assert chi_square(dflash_first_two(target_t, q_t, seed=1), target_t) > 1e-3


def test_the_dflash_harness_catches_a_broken_rule(pair, monkeypatch):
    lm, drafter = pair
    params = SETTINGS["t1"]
    target_t, q_t = tables(lm, params), dflash_tables(lm, drafter, params)
    monkeypatch.setattr(speculative, "acceptance_probability", lambda p_x, q_x: mx.ones_like(p_x))
    assert chi_square(dflash_first_two(target_t, q_t, seed=1), target_t) < 1e-6


def test_the_proposer_drafts_from_the_tables(pair, monkeypatch):
    """The decoder's proposals at the first block are the harness's Q0/Q1 (so the harness tests what runs)."""
    lm, drafter = pair
    params = SETTINGS["t07_top_k_penalty"]
    q0, q1, _ = dflash_tables(lm, drafter, params)
    seen = []
    real = speculative.DFlashProposer.propose

    def spy(self, state, k):
        out = real(self, state, k)
        seen.append(out.logprobs)
        return out

    monkeypatch.setattr(speculative.DFlashProposer, "propose", spy)
    run(lm, drafter, SamplingParams(temperature=0.7, top_k=8, repetition_penalty=1.3, seed=0), 3)
    first = np.array(seen[0])
    assert first.shape == (2, V)
    assert np.allclose(np.exp(first), np.exp(np.array(mx.stack([q0, q1]))), atol=1e-5)


def run(lm, drafter, sampling: SamplingParams, max_tokens: int):
    req = GenerateRequest(
        prompt_ids=tuple(PROMPT),
        max_tokens=max_tokens,
        use_prompt_cache=False,
        sampling=sampling,
        speculative=SpeculativeParams(mode="dflash", num_draft=2, adaptive=False),
    )
    final = list(generate_with_decoder(lm, req, drafter))[-1]
    assert final.error is None, final.error
    assert final.stats.speculative.verifications >= 1
    return final.token_ids


def _marginal_p(observed: list[int], p: np.ndarray) -> float:
    obs = np.bincount(np.array(observed), minlength=V).astype(float)
    if obs[p == 0].sum() > 0:
        return 0.0
    exp = p * len(observed)
    keep = exp >= 5
    o, e = np.append(obs[keep], obs[~keep].sum()), np.append(exp[keep], exp[~keep].sum())
    o, e = o[e > 0], e[e > 0]
    return float(sps.chisquare(o, e * o.sum() / e.sum()).pvalue)


def test_decoder_first_and_second_token_distribution_end_to_end(pair):
    """The real request loop (the prompt's tail re-read, the block verified, the sampler's keys): the marginals of
    the first and second tokens are the target's."""
    lm, drafter = pair
    firsts, seconds = [], []
    for seed in range(200):
        ids = run(lm, drafter, SamplingParams(temperature=1.0, top_p=0.9, seed=seed), 3)
        firsts.append(ids[0])
        seconds.append(ids[1])
    P0, P1, _ = tables(lm, SamplingParams(temperature=1.0, top_p=0.9))
    assert _marginal_p(firsts, np.array(mx.exp(P0)).astype(np.float64)) > 1e-4
    assert _marginal_p(seconds, np.array(mx.exp(P0) @ mx.exp(P1)).astype(np.float64)) > 1e-4
