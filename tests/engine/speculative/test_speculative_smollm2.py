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


# The check in three parts, which the parallel run hands to different workers (tests/conftest.py SPREAD); together
# they make exactly the claims of one pass: both proposers on all 50 prompts, SmolLM2 as its own draft on every 5th,
# and self-draft acceptance summed over those 10 prompts. Each part decodes plainly itself, for its own prompts.
PARTS = {
    "proposers-on-prompts-1-25": (range(0, 25), ("lookup", "trunc")),
    "proposers-on-prompts-26-50": (range(25, 50), ("lookup", "trunc")),
    "self-draft-on-every-5th": (range(0, 50, 5), ("self",)),
}


@pytest.mark.parametrize("part", PARTS)
def test_greedy_identity_on_smollm2(smol, part):
    target, trunc, itself = smol
    assert len(PROMPTS) >= 50
    indices, names = PARTS[part]
    proposers = {"lookup": ("lookup", None), "trunc": ("draft", trunc), "self": ("draft", itself)}
    accepted = dict.fromkeys(names, 0)
    verifications = dict.fromkeys(names, 0)
    for i in indices:
        prompt = PROMPTS[i]
        ids = target.tokenizer.apply_chat_template(
            [{"role": "user", "content": prompt}], add_generation_prompt=True
        )
        plain = run(target, ids)
        for name in names:
            mode, draft = proposers[name]
            spec = run(target, ids, mode, draft)
            assert spec.error is None
            assert spec.token_ids == plain.token_ids, (name, prompt)
            accepted[name] += spec.stats.speculative.accepted
            verifications[name] += spec.stats.speculative.verifications
    if "self" in names:
        # SmolLM2 as its own draft agrees almost always; the figures are reported by bench/bench_speculative.py
        assert accepted["self"] >= 2.5 * verifications["self"]
