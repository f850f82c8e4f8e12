"""Rejection sampling preserves the target distribution: chi-square tests over >= 20,000 samples.

A 12-token-vocabulary target and draft (tiny llama, random weights) give exact tables of the processed
distributions of the first two tokens: P0 = p(. | prompt), P1[x] = p(. | prompt, x), P2[x, y]. The harness runs the
production acceptance function ``engine.speculative.decoder.accept_sampled`` on 20,000 rows at once, exactly as the decoder
uses it (k = 2 proposals, then a second verification for rows that emitted only one token), with proposals from the
draft model (sampled from q) or from ``PromptLookup`` (a point mass). The joint distribution of the first two emitted
tokens must match plain sampling; with a deliberately broken acceptance rule or residual the same test must fail.
"""

from __future__ import annotations

import mlx.core as mx
import numpy as np
import pytest
from scipy import stats as sps

from engine.core.requests import GenerateRequest, SpeculativeParams
from engine.generation.sampling import Sampler, SamplingParams, process_logits
from engine.models.loader import load_lm
from engine.speculative import decoder as speculative
from engine.speculative.decoder import accept_sampled, generate_with_decoder
from engine.speculative.proposers import PromptLookup
from tests.tiny_models import make_tiny_model

V = 12
N = 20_000
PROMPT = [3, 5, 7, 3, 5, 7, 9, 3, 5]  # prompt lookup proposes [7, 9] after the final "3 5"
SETTINGS = {
    "t1": SamplingParams(temperature=1.0),
    "t1_top_p": SamplingParams(temperature=1.0, top_p=0.8),
    "t07_top_k_penalty": SamplingParams(temperature=0.7, top_k=8, repetition_penalty=1.3),
}


@pytest.fixture(scope="module")
def lms(tmp_path_factory):
    root = tmp_path_factory.mktemp("tinyvocab")
    # a small init keeps the distributions spread over the 12 tokens
    target = load_lm(str(make_tiny_model(root / "target", "llama", seed=11, vocab_size=V)))
    draft = load_lm(str(make_tiny_model(root / "draft", "llama", seed=12, vocab_size=V)))
    return target, draft


def tables(lm, params: SamplingParams):
    """Processed log-probs after the prompt, after each 1-token and each 2-token continuation."""
    ctx1 = [[*PROMPT, x] for x in range(V)]
    ctx2 = [[*PROMPT, x, y] for x in range(V) for y in range(V)]
    l0 = lm.model(mx.array([PROMPT]))[:, -1, :]
    l1 = lm.model(mx.array(ctx1))[:, -1, :]
    l2 = lm.model(mx.array(ctx2))[:, -1, :]

    def proc(logits, contexts):
        rows = [process_logits(logits[i], params, mx.array(c)) for i, c in enumerate(contexts)]
        return mx.stack(rows)

    p0 = proc(l0, [PROMPT])[0]
    p1 = proc(l1, ctx1)
    p2 = proc(l2, ctx2).reshape(V, V, V)
    return p0, p1, p2


def speculative_first_two(target_t, draft_t, proposer: str, seed: int) -> np.ndarray:
    """[N, 2] first two emitted tokens, produced by ``accept_sampled`` as the decoder drives it."""
    P0, P1, P2 = target_t
    key = mx.random.key(seed)
    keys = iter(mx.random.split(key, 16))
    if proposer == "draft":
        Q0, Q1, _ = draft_t
        x0 = mx.random.categorical(mx.broadcast_to(Q0, (N, V)), key=next(keys))
        x1 = mx.random.categorical(Q1[x0], key=next(keys))
        q = mx.stack([mx.broadcast_to(Q0, (N, V)), Q1[x0]], axis=1)
    else:
        prop = PromptLookup(list(PROMPT), 2, 3).lookup(2)
        assert len(prop) == 2
        x0 = mx.full((N,), prop[0], dtype=mx.int32)
        x1 = mx.full((N,), prop[1], dtype=mx.int32)
        q = None
    p = mx.stack([mx.broadcast_to(P0, (N, V)), P1[x0], P2[x0, x1]], axis=1)
    u = mx.random.uniform(shape=(N, 2), key=next(keys))
    n, t = accept_sampled(p, mx.stack([x0, x1], axis=1), q, u, key=next(keys))
    first = mx.where(n >= 1, x0, t)
    second = mx.where(n >= 2, x1, t)  # valid where n >= 1
    # Rows that emitted one token verify again from context (prompt, first): one proposal.
    if proposer == "draft":
        Q1 = draft_t[1]
        y = mx.random.categorical(Q1[first], key=next(keys))
        q2 = Q1[first][:, None, :]
        pr = mx.stack([P1[first], P2[first, y]], axis=1)
        u2 = mx.random.uniform(shape=(N, 1), key=next(keys))
        n2, t2 = accept_sampled(pr, y[:, None], q2, u2, key=next(keys))
        second_r2 = mx.where(n2 >= 1, y, t2)
    else:
        # prompt lookup after (prompt, first) for each possible first token; no match means k = 0
        table = [PromptLookup([*PROMPT, a], 2, 3).lookup(1) for a in range(V)]
        has = mx.array([bool(tb) for tb in table])
        prop1 = mx.array([tb[0] if tb else 0 for tb in table])
        y = prop1[first]
        pr = mx.stack([P1[first], P2[first, y]], axis=1)
        u2 = mx.random.uniform(shape=(N, 1), key=next(keys))
        n2, t2 = accept_sampled(pr, y[:, None], None, u2, key=next(keys))
        _, t0 = accept_sampled(
            P1[first][:, None, :], mx.zeros((N, 0), dtype=mx.int32), None, u2[:, :0], key=next(keys)
        )
        second_r2 = mx.where(has[first], mx.where(n2 >= 1, y, t2), t0)
    second = mx.where(n >= 1, second, second_r2)
    return np.array(mx.stack([first, second], axis=1))


def plain_first_two(target_t, seed: int) -> np.ndarray:
    """[N, 2] by plain sampling: the production Sampler, one token after another."""
    P0, P1, _ = target_t
    sampler = Sampler(SamplingParams(temperature=1.0, seed=seed))
    a = sampler.sample(mx.broadcast_to(P0, (N, V)))
    b = sampler.sample(P1[a])
    return np.array(mx.stack([a, b], axis=1))


def chi_square(samples: np.ndarray, target_t) -> float:
    """p-value of the observed joint counts against the exact plain-sampling probabilities (cells pooled < 5)."""
    # (0.0 when a pair the target can never emit appears, e.g. a token cut by top-p)
    P0, P1, _ = target_t
    joint = np.array(mx.exp(P0)[:, None] * mx.exp(P1)).reshape(-1).astype(np.float64)
    obs = np.bincount(samples[:, 0] * V + samples[:, 1], minlength=V * V).astype(float)
    exp = joint * len(samples)
    small = exp < 5
    if obs[joint == 0].sum() > 0:
        return 0.0  # a token pair outside the target's support: impossible under plain sampling
    obs = np.append(obs[~small], obs[small].sum())
    exp = np.append(exp[~small], exp[small].sum())
    keep = exp > 0
    obs, exp = obs[keep], exp[keep]
    return float(sps.chisquare(obs, exp * obs.sum() / exp.sum()).pvalue)


def homogeneity(a: np.ndarray, b: np.ndarray) -> float:
    """p-value that two samples of (first, second) come from the same distribution."""
    ca = np.bincount(a[:, 0] * V + a[:, 1], minlength=V * V)
    cb = np.bincount(b[:, 0] * V + b[:, 1], minlength=V * V)
    keep = (ca + cb) >= 10
    table = np.stack([np.append(ca[keep], ca[~keep].sum()), np.append(cb[keep], cb[~keep].sum())])
    table = table[:, table.sum(axis=0) > 0]
    return float(sps.chi2_contingency(table).pvalue)


@pytest.mark.parametrize("setting", list(SETTINGS))
@pytest.mark.parametrize("proposer", ["draft", "lookup"])
def test_rejection_sampling_matches_plain_sampling(lms, setting, proposer):
    params = SETTINGS[setting]
    target_t, draft_t = tables(lms[0], params), tables(lms[1], params)
    # the distributions are spread out and the draft differs from the target: the test has something to see
    ent = -float(mx.sum(mx.exp(target_t[0]) * mx.where(mx.isinf(target_t[0]), 0, target_t[0])))
    assert ent > 0.8
    if proposer == "draft":
        tv = 0.5 * float(mx.sum(mx.abs(mx.exp(target_t[0]) - mx.exp(draft_t[0]))))
        assert tv > 0.2
    spec = speculative_first_two(target_t, draft_t, proposer, seed=1)
    assert chi_square(spec, target_t) > 1e-3
    if setting == "t1":
        assert homogeneity(spec, plain_first_two(target_t, seed=2)) > 1e-3


@pytest.mark.parametrize(
    ("broken", "proposer"),
    [
        ("always_accept", "draft"),
        ("always_accept", "lookup"),
        ("no_residual", "draft"),
        ("no_residual", "lookup"),
    ],
)
def test_the_chi_square_test_catches_a_broken_rule(lms, monkeypatch, broken, proposer):
    params = SETTINGS["t1_top_p"]
    target_t, draft_t = tables(lms[0], params), tables(lms[1], params)
    if broken == "always_accept":
        monkeypatch.setattr(speculative, "acceptance_probability", lambda p_x, q_x: mx.ones_like(p_x))
    else:  # resample from p instead of the residual max(0, p - q)
        monkeypatch.setattr(speculative, "residual", lambda p, q: p)
    spec = speculative_first_two(target_t, draft_t, proposer, seed=1)
    assert chi_square(spec, target_t) < 1e-6


@pytest.mark.parametrize("mode", ["draft", "lookup"])
def test_decoder_first_token_distribution_end_to_end(lms, mode):
    """The real request loop (block processing, proposers, sampler keys), fewer samples: first-token marginal."""
    target, draft = lms
    params = SamplingParams(temperature=1.0, top_p=0.9)
    saved = target.eos_ids
    target.eos_ids = frozenset()
    firsts = []
    try:
        for seed in range(300):
            req = GenerateRequest(
                prompt_ids=tuple(PROMPT),
                max_tokens=2,
                use_prompt_cache=False,
                sampling=SamplingParams(temperature=1.0, top_p=0.9, seed=seed),
                speculative=SpeculativeParams(mode=mode, num_draft=2, adaptive=False),
            )
            final = list(generate_with_decoder(target, req, draft))[-1]
            assert final.error is None and final.stats.speculative.verifications >= 1
            firsts.append(final.token_ids[0])
    finally:
        target.eos_ids = saved
    p0 = np.array(mx.exp(tables(target, params)[0])).astype(np.float64)
    obs = np.bincount(np.array(firsts), minlength=V).astype(float)
    assert obs[p0 == 0].sum() == 0
    exp = p0 * len(firsts)
    keep = exp >= 5
    o = np.append(obs[keep], obs[~keep].sum())
    e = np.append(exp[keep], exp[~keep].sum())
    o, e = o[e > 0], e[e > 0]
    assert sps.chisquare(o, e * o.sum() / e.sum()).pvalue > 1e-4
