"""The built-in default chat model, end to end: GGUF import from the real package, engine, CLI JSON shape."""

import json
import subprocess
import sys

import pytest

from engine.core.events import FinalEvent
from engine.core.requests import GenerateRequest

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def smol_engine():
    from engine.runtime.engine import Engine

    eng = Engine()
    eng.load_model("default")
    yield eng
    eng.shutdown()


def test_smollm2_completes_paris(smol_engine):
    final = [
        e
        for e in smol_engine.generate(GenerateRequest(prompt="The capital of France is", max_tokens=8))
        if isinstance(e, FinalEvent)
    ][0]
    assert final.error is None
    assert "Paris" in final.text


def test_smollm2_chat_turn_two_uses_cache_and_matches_cold(smol_engine):
    turn1 = ({"role": "user", "content": "Name a large city in France."},)
    f1 = [
        e
        for e in smol_engine.generate(GenerateRequest(messages=turn1, max_tokens=16))
        if isinstance(e, FinalEvent)
    ][0]
    turn2 = turn1 + ({"role": "assistant", "content": f1.text}, {"role": "user", "content": "And in Italy?"})
    warm = [
        e
        for e in smol_engine.generate(GenerateRequest(messages=turn2, max_tokens=16))
        if isinstance(e, FinalEvent)
    ][0]
    cold = [
        e
        for e in smol_engine.generate(GenerateRequest(messages=turn2, max_tokens=16, use_prompt_cache=False))
        if isinstance(e, FinalEvent)
    ][0]
    assert warm.stats.cached_tokens >= f1.stats.prompt_tokens
    assert warm.token_ids == cold.token_ids


def test_cli_generate_json_shape(tmp_path):
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "app.entry",
            "generate",
            "--model",
            "default",
            "--prompt",
            "The capital of France is",
            "--max-tokens",
            "6",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert set(out) >= {"text", "token_ids", "finish_reason", "stats"}
    assert "Paris" in out["text"] and out["finish_reason"] == "length"
    for key in (
        "ttft_s",
        "itl_p50_s",
        "itl_p95_s",
        "e2e_s",
        "prompt_tokens",
        "generated_tokens",
        "cached_tokens",
        "tokens_per_s",
        "peak_memory_bytes",
        "load_time_s",
    ):
        assert key in out["stats"]
