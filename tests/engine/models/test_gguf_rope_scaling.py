"""RoPE scaling in GGUF files (Qwen2's YaRN, Phi-3's LongRoPE, llama's linear scaling) against transformers on
PyTorch, at positions well past the original context, where the scaling changes every logit.

The files are tiny random GGUFs (tests/tiny_gguf.py) carrying the scaling as llama.cpp's converter writes it:
``{arch}.rope.scaling.type/factor/original_context_length`` for YaRN and linear scaling, and for
Phi-3-mini-128k the ``rope_factors_long``/``rope_factors_short`` tensors,
``phi3.rope.scaling.original_context_length``, ``phi3.rope.scaling.attn_factor`` and a context length 32 times
the original. transformers' GGUF loader reads no RoPE scaling for these families (only gpt-oss's), so the
reference is test_gguf_families.py's: transformers' model with its own conversion of the same file's weights,
given ``rope_parameters`` that the test writes out from the values it put in the file (not from Alcove's
config.json). Logits (float32) must agree within test_gguf_families.py's tolerance, 2e-4 of the largest logit,
and greedy tokens decoded through Alcove's KV cache must be the reference's. Each comparison has teeth: the
same import with ``rope_scaling`` taken out of its config.json misses the reference by far more than the
tolerance.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from engine.core.errors import GGUFImportError
from engine.models.gguf.importer import import_gguf
from tests.engine.models.test_gguf_families import (
    alcove_logits_and_greedy,
    reference_greedy,
    reference_logits,
    reference_model,
)
from tests.tiny_gguf import write_tiny_gguf

torch = pytest.importorskip("torch")

pytestmark = pytest.mark.reference

ORIGINAL = 32  # the original (pre-scaling) context of every file here
LONG_IDS = [
    int(i) for i in np.random.default_rng(7).integers(0, 280, 120)
]  # up to position 119: 3.7x ORIGINAL
STEPS = 4  # greedy tokens decoded through the KV cache, after the prompt
TOLERANCE = 2e-4  # of the largest reference logit, as in test_gguf_families.py
# Phi-3-mini-128k-style LongRoPE factors for a 64-wide head: long ones rising to 40, short ones near 1
LONG_FACTORS = np.geomspace(1.0, 40.0, 32).astype(np.float32)
SHORT_FACTORS = np.linspace(1.0, 1.2, 32).astype(np.float32)


def _import(tmp_path: Path, monkeypatch, family: str, **gguf_options) -> tuple[Path, Path]:
    monkeypatch.setenv("ALCOVE_HOME", str(tmp_path / "home"))
    path = write_tiny_gguf(tmp_path / family / f"tiny-{family}.gguf", family, **gguf_options)
    return path, import_gguf(path, quantization="float32")


def _rope_theta(path: Path) -> float:
    """The file's RoPE base, read with the ``gguf`` package's own reader."""
    import gguf

    reader = gguf.GGUFReader(str(path))
    arch = reader.fields["general.architecture"].contents()
    return float(reader.fields[f"{arch}.rope.freq_base"].contents())


def _without_scaling(folder: Path, tmp_path: Path) -> Path:
    """The imported folder with ``rope_scaling`` removed from config.json (weights and tokenizer linked)."""
    out = tmp_path / "without-scaling"
    out.mkdir()
    for item in folder.iterdir():
        if item.name != "config.json":
            (out / item.name).symlink_to(item)
    config = json.loads((folder / "config.json").read_text())
    config["rope_scaling"] = None
    (out / "config.json").write_text(json.dumps(config))
    return out


def _error(ours: np.ndarray, expected: np.ndarray) -> tuple[float, float]:
    """Max |logit difference| and the reference's logit scale."""
    assert ours.shape == expected.shape
    return float(np.abs(ours - expected).max()), float(np.abs(expected).max())


def _assert_matches_with_teeth(reference, folder: Path, tmp_path: Path, ids: list[int]) -> None:
    """Alcove's logits and greedy tokens are the reference's; without the scaling they are far off."""
    expected = reference_logits(reference, ids)
    ours, greedy = alcove_logits_and_greedy(folder, ids, STEPS)
    error, scale = _error(ours, expected)
    assert scale > 1.0, "a degenerate random model proves nothing"
    assert error <= TOLERANCE * scale, f"max |logit difference| {error:.2e} (logit scale {scale:.1f})"
    assert greedy == reference_greedy(reference, ids, STEPS)
    unscaled, _ = alcove_logits_and_greedy(_without_scaling(folder, tmp_path), ids, 0)
    miss, _ = _error(unscaled, expected)
    assert miss > 100 * TOLERANCE * scale, f"without the scaling the logits still match ({miss:.2e})"


@pytest.mark.parametrize("with_original", [True, False], ids=["original_context_length", "context_length"])
def test_qwen2_yarn_matches_transformers(tmp_path, monkeypatch, with_original):
    """Qwen2.5's YaRN (factor 4): logits and greedy tokens at positions up to 3.7x the original context match
    transformers' ``yarn`` (its 1 + 0.1 ln(factor) attention factor included). With
    ``qwen2.rope.scaling.original_context_length`` (32, context length 128) the ramp follows it; without the
    key the original context is the file's context length (32), as llama.cpp and transformers take it (mlx-lm
    alone would assume 4096)."""
    scaling: dict[str, str | int | float] = {"type": "yarn", "factor": 4.0}
    if with_original:
        scaling["original_context_length"] = ORIGINAL
    path, folder = _import(
        tmp_path,
        monkeypatch,
        "qwen2",
        context_length=128 if with_original else ORIGINAL,
        rope_scaling=scaling,
    )
    rope = {"rope_type": "yarn", "factor": 4.0, "rope_theta": _rope_theta(path)}
    if with_original:
        rope["original_max_position_embeddings"] = ORIGINAL  # else transformers takes max_position_embeddings
    reference = reference_model(path, rope_parameters=rope)
    assert reference.model.rotary_emb.attention_scaling == pytest.approx(1 + 0.1 * math.log(4.0))
    _assert_matches_with_teeth(reference, folder, tmp_path, LONG_IDS)


def _phi3_128k(tmp_path: Path, monkeypatch) -> tuple[Path, Path, dict]:
    """A Phi-3-mini-128k-style file (context 32x the original, as 131072/4096) and transformers' longrope
    settings."""
    attn_factor = math.sqrt(1 + math.log(32) / math.log(ORIGINAL))  # what llama.cpp's converter writes
    path, folder = _import(
        tmp_path,
        monkeypatch,
        "phi3",
        context_length=32 * ORIGINAL,
        rope_scaling={"original_context_length": ORIGINAL, "attn_factor": attn_factor},
        rope_factors=(LONG_FACTORS, SHORT_FACTORS),
    )
    rope = {
        "rope_type": "longrope",
        "long_factor": LONG_FACTORS.tolist(),
        "short_factor": SHORT_FACTORS.tolist(),
        "rope_theta": _rope_theta(path),
    }
    return path, folder, rope


def test_phi3_longrope_long_sequence_matches_transformers(tmp_path, monkeypatch):
    """Phi-3-mini-128k's LongRoPE past the original context: transformers then uses the long factors and the
    sqrt(1 + ln(32) / ln(original)) attention factor; Alcove's logits and greedy tokens match it."""
    path, folder, rope = _phi3_128k(tmp_path, monkeypatch)
    reference = reference_model(path, rope_parameters=rope, original_max_position_embeddings=ORIGINAL)
    assert reference.model.rotary_emb.attention_scaling == pytest.approx(
        math.sqrt(1 + math.log(32) / math.log(ORIGINAL))
    )
    _assert_matches_with_teeth(reference, folder, tmp_path, LONG_IDS)


def test_phi3_longrope_short_sequence_uses_the_long_factors(tmp_path, monkeypatch):
    """Within the original context Alcove still rotates by the long factors: mlx-lm 0.32's SuScaledRoPE has no
    short path, which is what llama.cpp does whenever its context window exceeds the original one (it picks
    the factors per context size, not per sequence). transformers switches to the short factors for sequences
    up to the original length, so this prompt matches transformers given the long factors as its short ones
    and does NOT match plain transformers; should mlx-lm start switching, this test says so."""
    path, folder, rope = _phi3_128k(tmp_path, monkeypatch)
    ids = LONG_IDS[: ORIGINAL - 8]
    ours, _ = alcove_logits_and_greedy(folder, ids, 0)
    long_only = reference_model(
        path,
        rope_parameters=rope | {"short_factor": rope["long_factor"]},
        original_max_position_embeddings=ORIGINAL,
    )
    error, scale = _error(ours, reference_logits(long_only, ids))
    assert error <= TOLERANCE * scale, f"max |logit difference| {error:.2e} (logit scale {scale:.1f})"
    switching = reference_model(path, rope_parameters=rope, original_max_position_embeddings=ORIGINAL)
    miss, _ = _error(ours, reference_logits(switching, ids))
    assert miss > 100 * TOLERANCE * scale, f"the short factors are in use after all ({miss:.2e})"


def test_llama_linear_scaling_matches_transformers(tmp_path, monkeypatch):
    """llama's linear scaling (factor 4, positions divided by it) matches transformers' ``linear``."""
    path, folder = _import(tmp_path, monkeypatch, "llama", rope_scaling={"type": "linear", "factor": 4.0})
    rope = {"rope_type": "linear", "factor": 4.0, "rope_theta": _rope_theta(path)}
    _assert_matches_with_teeth(reference_model(path, rope_parameters=rope), folder, tmp_path, LONG_IDS)


def test_scaling_mlx_lm_cannot_run_is_refused_by_name(tmp_path, monkeypatch):
    """A scaling type the importer cannot map (LongRoPE declared on a qwen2 file, which has no factor tensors)
    is refused with its name rather than dropped, and nothing is imported."""
    with pytest.raises(GGUFImportError, match="'longrope' RoPE scaling"):
        _import(tmp_path, monkeypatch, "qwen2", rope_scaling={"type": "longrope", "factor": 4.0})
    models = tmp_path / "home" / "models"
    assert not models.exists() or not any(models.iterdir())
