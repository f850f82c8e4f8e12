"""Every GGUF family Alcove imports, against transformers' own GGUF loader (PyTorch CPU, an independent reference).

For each family a tiny random GGUF is written with the ``gguf`` package's writer (tests/tiny_gguf.py: llama.cpp's
names, fused Phi-3 projections, Qwen2 biases, Gemma's folded norms, the llama/mistral row permutation, ten storage
types). Alcove imports it (float32) and loads it with ``engine.models.loader.load_lm``; transformers builds the model
from the same file (``AutoConfig``/``load_gguf_checkpoint``: what ``from_pretrained(folder, gguf_file=name)`` runs,
without its ``accelerate`` requirement). Logits must agree within float32 noise and greedy tokens must be identical;
the tokenizers must give the same ids.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from engine.core.errors import GGUFImportError
from engine.models.gguf.importer import import_gguf
from tests.tiny_gguf import FAMILIES, QTYPES, write_tiny_gguf

torch = pytest.importorskip("torch")

PROMPT_IDS = [5, 17, 40, 3, 99, 120, 7, 64, 201, 33, 12, 250]
TEXTS = [
    "the tea is in the iron pot",
    "  two leading spaces and trailing   ",
    "numbers 12 1234 3.5 -12",
    "HelloWorld theTea THE tea/ntea",
    "tabs\tand\nnew\n\nlines",
    "naïve café 日本語 🙂",
    "It's we're they'll",
    "",
    "<|im_start|>user\nhi<|im_end|>",
    "<start_of_turn>user\nhello<end_of_turn>",
]


@pytest.fixture(scope="module")
def tiny_home(tmp_path_factory):
    return tmp_path_factory.mktemp("gguf_families")


@pytest.fixture(scope="module")
def imported(tiny_home):
    """family -> (gguf path, float32 import folder), built on first use."""
    import os

    cache: dict[str, tuple[Path, Path]] = {}
    old = os.environ.get("ALCOVE_HOME")

    def get(family: str) -> tuple[Path, Path]:
        if family not in cache:
            os.environ["ALCOVE_HOME"] = str(tiny_home / "home")
            try:
                path = write_tiny_gguf(tiny_home / family / f"tiny-{family}.gguf", family)
                cache[family] = (path, import_gguf(path, quantization="float32"))
            finally:
                if old is None:
                    os.environ.pop("ALCOVE_HOME", None)
                else:
                    os.environ["ALCOVE_HOME"] = old
        return cache[family]

    return get


def reference_model(path: Path, **config_overrides):
    """transformers' model for a GGUF file, float32, with its GGUF weight conversion. ``config_overrides``: config
    attributes set before the model is built (settings transformers' GGUF loader does not read, e.g. RoPE scaling)."""
    from transformers import AutoConfig, AutoModelForCausalLM
    from transformers.modeling_gguf_pytorch_utils import load_gguf_checkpoint

    config = AutoConfig.from_pretrained(str(path.parent), gguf_file=path.name)
    for name, value in config_overrides.items():
        setattr(config, name, value)
    if (config.pad_token_id or 0) >= config.vocab_size:  # Phi3Config's default 32000; only marks padding rows
        config.pad_token_id = None
    model = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    tensors = load_gguf_checkpoint(str(path), return_tensors=True, model_to_load=model)["tensors"]
    result = model.load_state_dict(tensors, strict=False)
    assert not result.unexpected_keys, result.unexpected_keys
    tied = {"lm_head.weight"} if getattr(config, "tie_word_embeddings", False) else set()
    assert set(result.missing_keys) <= tied, result.missing_keys
    if tied:
        model.tie_weights()
    return model.eval()


def reference_logits(model, ids: list[int]) -> np.ndarray:
    with torch.no_grad():
        return model(torch.tensor([ids])).logits[0].numpy()


def reference_greedy(model, ids: list[int], steps: int) -> list[int]:
    ids = list(ids)
    out = []
    for _ in range(steps):
        token = int(reference_logits(model, ids)[-1].argmax())
        out.append(token)
        ids.append(token)
    return out


def alcove_logits_and_greedy(folder: Path, ids: list[int], steps: int) -> tuple[np.ndarray, list[int]]:
    """Logits of the prompt in one forward, then greedy decoding through the KV cache, as the engine decodes."""
    import mlx.core as mx
    from mlx_lm.models.cache import make_prompt_cache

    from engine.models.loader import load_lm

    lm = load_lm(str(folder), dtype="float32")
    full = np.array(lm.model(mx.array([ids]))[0].astype(mx.float32))
    cache = make_prompt_cache(lm.model)
    logits = lm.model(mx.array([ids]), cache=cache)[0, -1]
    out = []
    for _ in range(steps):
        token = int(mx.argmax(logits).item())
        out.append(token)
        logits = lm.model(mx.array([[token]]), cache=cache)[0, -1]
    return full, out


@pytest.mark.reference
@pytest.mark.parametrize("family", FAMILIES)
def test_logits_and_greedy_tokens_match_transformers(imported, family):
    path, folder = imported(family)
    reference = reference_model(path)
    expected = reference_logits(reference, PROMPT_IDS)
    ours, greedy = alcove_logits_and_greedy(folder, PROMPT_IDS, 12)
    assert ours.shape == expected.shape
    scale = float(np.abs(expected).max())
    assert scale > 1.0, "a degenerate random model proves nothing"
    error = float(np.abs(ours - expected).max())
    assert error <= 2e-4 * scale, f"{family}: max |logit difference| {error:.2e} (logit scale {scale:.1f})"
    assert greedy == reference_greedy(reference, PROMPT_IDS, 12), family


@pytest.mark.reference
@pytest.mark.parametrize("family", FAMILIES)
def test_token_ids_match_transformers(imported, family):
    from transformers import AutoTokenizer

    path, folder = imported(family)
    reference = AutoTokenizer.from_pretrained(str(path.parent), gguf_file=path.name)
    ours = AutoTokenizer.from_pretrained(str(folder))
    for text in TEXTS:
        for special in (True, False):
            expected = reference(text, add_special_tokens=special)["input_ids"]
            assert ours(text, add_special_tokens=special)["input_ids"] == expected, (family, text, special)
        ids = reference(text, add_special_tokens=False)["input_ids"]
        assert ours.decode(ids) == reference.decode(ids), (family, text)


_MODEL_TYPES = {
    "llama": "llama",
    "mistral": "llama",
    "mistral-tekken": "llama",
    "qwen2": "qwen2",
    "qwen3": "qwen3",
    "phi3": "phi3",
    "gemma2": "gemma2",
    "gemma3": "gemma3_text",
}


@pytest.mark.parametrize("family", FAMILIES)
def test_config_as_mlx_lm_reads_it(imported, family):
    path, folder = imported(family)
    config = json.loads((folder / "config.json").read_text())
    assert config["model_type"] == _MODEL_TYPES[family]
    from engine.models.gguf.reader import read_gguf

    metadata = read_gguf(path).metadata
    arch = metadata["general.architecture"]
    # mlx-lm 0.32 reads a top-level rope_theta and silently falls back to its default without one
    assert config["rope_theta"] == pytest.approx(metadata[f"{arch}.rope.freq_base"])
    tokenizer_config = json.loads((folder / "tokenizer_config.json").read_text())
    assert tokenizer_config["chat_template"] == metadata["tokenizer.chat_template"]
    from safetensors import safe_open

    with safe_open(str(folder / "model.safetensors"), "numpy") as handle:
        names = set(handle.keys())
    if family == "qwen2":
        assert {f"model.layers.0.self_attn.{p}_proj.bias" for p in "qkv"} <= names
    if family == "phi3":
        assert "model.layers.0.self_attn.qkv_proj.weight" in names
        assert "model.layers.0.mlp.gate_up_proj.weight" in names
    if family in ("qwen3", "gemma3"):
        assert "model.layers.0.self_attn.q_norm.weight" in names


def test_keep_quantized_import_matches_the_float_import(tiny_home, monkeypatch):
    """A qwen2 file of the exactly mapped types kept quantized: nothing re-quantized, and its greedy tokens
    equal the float32 import's (Q6_K's rounding is measured in test_gguf_q6k.py and bench/bench_gguf.py)."""
    monkeypatch.setenv("ALCOVE_HOME", str(tiny_home / "home-keep"))
    exact = tuple(t for t in QTYPES if t != "Q6_K")
    path = write_tiny_gguf(tiny_home / "keep" / "tiny-qwen2.gguf", "qwen2", qtypes=exact, output_type="Q8_0")
    folder = import_gguf(path, quantization="keep")
    marker = json.loads((folder / "alcove_gguf_import.json").read_text())
    assert marker["requantized"] == {}
    config = json.loads((folder / "config.json").read_text())
    assert {v["bits"] for k, v in config["quantization"].items() if isinstance(v, dict)} == {4, 5, 8}
    _, greedy_float = alcove_logits_and_greedy(import_gguf(path, quantization="float32"), PROMPT_IDS, 12)
    _, greedy_kept = alcove_logits_and_greedy(folder, PROMPT_IDS, 12)
    assert greedy_kept == greedy_float


def test_unsupported_family_names_it_and_lists_the_supported(tmp_path, monkeypatch):
    import gguf

    monkeypatch.setenv("ALCOVE_HOME", str(tmp_path / "home"))
    path = tmp_path / "tiny-rwkv.gguf"
    writer = gguf.GGUFWriter(str(path), "rwkv6")
    writer.add_tensor("token_embd.weight", np.zeros((4, 32), dtype=np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    with pytest.raises(GGUFImportError) as error:
        import_gguf(path, quantization="float32")
    message = str(error.value)
    assert "'rwkv6'" in message
    for family in ("llama", "qwen2", "qwen3", "phi3", "gemma2", "gemma3"):
        assert family in message
    assert not (tmp_path / "home" / "models").exists() or not any((tmp_path / "home" / "models").iterdir())
