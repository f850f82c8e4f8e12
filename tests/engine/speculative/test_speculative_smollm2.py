"""Greedy speculative decoding on the real SmolLM2-135M-Instruct (fp32) is token-identical to plain decoding.

50 varied chat prompts; prompt lookup, a truncated copy of SmolLM2 (first 10 layers + head) and SmolLM2 itself as
draft models. Slow: it runs the real 135M model several hundred forwards.
"""

from __future__ import annotations

import pytest

from engine.core.requests import GenerateRequest, SpeculativeParams
from engine.speculative.decoder import generate_with_decoder

pytestmark = pytest.mark.slow

SUBJECTS = [
    "Paris",
    "water",
    "a Python list",
    "the moon",
    "privacy",
    "a cat",
    "binary search",
    "rain",
    "tea",
    "Rome",
]
FORMS = [
    "What is {}? Answer in one sentence.",
    "Write a short poem about {}.",
    "Repeat exactly: '{} is interesting. {} is interesting.'",
    "Explain {} to a child.",
    "List three facts about {}.",
]
PROMPTS = [f.format(s, s) for f in FORMS for s in SUBJECTS]


@pytest.fixture(scope="module")
def smol(tmp_path_factory):
    from bench.bench_speculative import truncated_copy
    from engine.models.builtin import default_chat_model_path
    from engine.models.loader import load_lm

    try:
        folder = default_chat_model_path()
    except Exception as exc:  # noqa: BLE001
        pytest.skip(f"SmolLM2 is not installed: {exc}")
    target = load_lm(str(folder))
    trunc = load_lm(str(truncated_copy(folder, tmp_path_factory.mktemp("trunc") / "smol10", 10)))
    itself = load_lm(str(folder))
    return target, trunc, itself


def run(lm, ids, mode="off", draft=None, max_tokens=12):
    req = GenerateRequest(
        prompt_ids=tuple(ids),
        max_tokens=max_tokens,
        use_prompt_cache=False,
        speculative=SpeculativeParams(mode=mode, num_draft=4, adaptive=False),
    )
    events = list(generate_with_decoder(lm, req, draft))
    return events[-1]


def test_greedy_identity_on_smollm2(smol):
    target, trunc, itself = smol
    assert len(PROMPTS) >= 50
    accepted = {"lookup": 0, "trunc": 0, "self": 0}
    verifications = dict.fromkeys(accepted, 0)
    for i, prompt in enumerate(PROMPTS):
        ids = target.tokenizer.apply_chat_template(
            [{"role": "user", "content": prompt}], add_generation_prompt=True
        )
        plain = run(target, ids)
        # Both proposers on all 50 prompts; SmolLM2 as its own draft (a sanity check of acceptance) on every 5th.
        configs = [("lookup", "lookup", None), ("trunc", "draft", trunc)]
        if i % 5 == 0:
            configs.append(("self", "draft", itself))
        for name, mode, draft in configs:
            spec = run(target, ids, mode, draft)
            assert spec.error is None
            assert spec.token_ids == plain.token_ids, (name, prompt)
            accepted[name] += spec.stats.speculative.accepted
            verifications[name] += spec.stats.speculative.verifications
    # SmolLM2 as its own draft agrees almost always; the figures are reported by bench/bench_speculative.py
    assert accepted["self"] >= 2.5 * verifications["self"]
