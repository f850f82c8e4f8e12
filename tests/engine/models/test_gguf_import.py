"""GGUF import on the real SmolLM2 (llama, Q4_1/Q8_0) and Gemma 3 (Q4_K/Q6_K/Q5_0/Q8_0) files.

Reference: transformers' own GGUF loading (``from_pretrained(..., gguf_file=...)``) on PyTorch CPU, for the
weights and for the tokenizer. Converted folders are cached once per test session.
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from engine.core.errors import GGUFImportError
from engine.models.builtin import default_chat_model_path, gemma3_gguf_path, smollm2_gguf_path
from engine.models.gguf import importer as gguf_import
from engine.models.gguf.importer import MARKER, import_gguf

STRINGS = [
    "The capital of France is",
    "Hello, world!",
    "  two leading spaces",
    "trailing spaces   ",
    "tabs\tand\nnew lines\n\n\nend",
    "numbers 1234567890 3.14159 1,000,000 -42",
    "def square(x):\n    return x ** 2  # comment\n",
    'for (int i = 0; i < n; ++i) { s += a[i]; } // C\n\tprintf("%d\\n", s);',
    "naïve café résumé façade",
    "日本語のテキストと漢字",
    "emoji 🙂🚀👍🏽 and flags 🇫🇷",
    "Ünïcödé ΑΒΓ δεζ кириллица עברית العربية",
    "<|im_start|>user\nhi there<|im_end|>\n",
    "<start_of_turn>user\nhello<end_of_turn>\n",
    "a" * 60,
    "   ",
    "",
    "URL: https://example.com/path?q=1&r=two#frag",
    "It's we're they'll I'd you've",
    "zero\u200bwidth and non\u00a0breaking",
    "mixed123abc456DEF",
    "<bos>literal special",
    "SELECT name, COUNT(*) FROM users WHERE age >= 18 GROUP BY name;",
    "$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$",
]


@pytest.fixture(scope="session")
def alcove_home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("alcove_home")


@pytest.fixture
def home(alcove_home, monkeypatch) -> Path:
    monkeypatch.setenv("ALCOVE_HOME", str(alcove_home))
    return alcove_home


@pytest.fixture
def fresh_home(tmp_path, monkeypatch) -> Path:
    """An empty cache: the import cache is keyed by content, so a file another test imported is already there."""
    monkeypatch.setenv("ALCOVE_HOME", str(tmp_path / "alcove_home"))
    return tmp_path / "alcove_home"


def _with_home(alcove_home: Path, fn):
    old = os.environ.get("ALCOVE_HOME")
    os.environ["ALCOVE_HOME"] = str(alcove_home)
    try:
        return fn()
    finally:
        if old is None:
            os.environ.pop("ALCOVE_HOME", None)
        else:
            os.environ["ALCOVE_HOME"] = old


@pytest.fixture(scope="session")
def smollm2_gguf() -> Path:
    return smollm2_gguf_path()


@pytest.fixture(scope="session")
def gemma_gguf(alcove_home) -> Path:
    return _with_home(alcove_home, gemma3_gguf_path)


@pytest.fixture(scope="session")
def smollm2_folder(alcove_home, smollm2_gguf) -> Path:
    started = time.perf_counter()
    folder = _with_home(alcove_home, lambda: import_gguf(smollm2_gguf))
    print(f"\nSmolLM2 GGUF import: {time.perf_counter() - started:.1f} s")
    return folder


@pytest.fixture(scope="session")
def gemma_folder(alcove_home, gemma_gguf) -> Path:
    started = time.perf_counter()
    folder = _with_home(alcove_home, lambda: import_gguf(gemma_gguf))
    print(f"\nGemma 3 GGUF import: {time.perf_counter() - started:.1f} s")
    return folder


def _reference_state_dict(gguf_path: Path) -> dict[str, np.ndarray]:
    """transformers' GGUF loading for llama/gemma3 (what ``from_pretrained(gguf_file=...)`` runs for them,
    minus the ``accelerate`` requirement): its name map, its row un-permutation, its norm offset."""
    torch = pytest.importorskip("torch")
    from transformers import AutoConfig, AutoModelForCausalLM
    from transformers.modeling_gguf_pytorch_utils import load_gguf_checkpoint

    config = AutoConfig.from_pretrained(str(gguf_path.parent), gguf_file=gguf_path.name)
    with torch.device("meta"):
        skeleton = AutoModelForCausalLM.from_config(config)
    parsed = load_gguf_checkpoint(
        str(gguf_path), return_tensors=True, model_to_load=skeleton, torch_dtype=torch.float32
    )
    return {name: tensor.numpy() for name, tensor in parsed["tensors"].items()}


def _reference_tokenizer(gguf_path: Path):
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(str(gguf_path.parent), gguf_file=gguf_path.name)


def _assert_weights_equal(folder: Path, gguf_path: Path) -> None:
    from safetensors.numpy import load_file

    ours = load_file(str(folder / "model.safetensors"))
    reference = _reference_state_dict(gguf_path)
    config = json.loads((folder / "config.json").read_text())
    if config["tie_word_embeddings"]:
        assert "lm_head.weight" not in ours
        reference.pop("lm_head.weight", None)
    assert sorted(ours) == sorted(reference)
    for name, values in ours.items():
        assert values.dtype == np.float32, name
        assert values.shape == reference[name].shape, name
        assert np.array_equal(values, reference[name]), f"{name} differs from transformers' dequantization"


def _assert_tokens_equal(folder: Path, gguf_path: Path) -> None:
    from tokenizers import Tokenizer
    from transformers import AutoTokenizer

    reference = _reference_tokenizer(gguf_path)
    ours = AutoTokenizer.from_pretrained(str(folder))  # what mlx-lm loads
    raw = Tokenizer.from_file(str(folder / "tokenizer.json"))
    for text in STRINGS:
        for special in (True, False):
            expected = reference(text, add_special_tokens=special)["input_ids"]
            assert ours(text, add_special_tokens=special)["input_ids"] == expected, (text, special)
            assert raw.encode(text, add_special_tokens=special).ids == expected, (text, special)
        ids = reference(text, add_special_tokens=False)["input_ids"]
        assert ours.decode(ids) == reference.decode(ids), text


def _greedy(folder: Path, prompt: str, max_tokens: int) -> str:
    from mlx_lm import generate
    from mlx_lm.utils import load

    model, tokenizer = load(str(folder))
    return generate(model, tokenizer, prompt=prompt, max_tokens=max_tokens, verbose=False)


# --- SmolLM2 (llama, Q4_1 + Q8_0) ---------------------------------------------------------------------------


@pytest.mark.slow
def test_smollm2_weights_equal_transformers(smollm2_folder, smollm2_gguf):
    _assert_weights_equal(smollm2_folder, smollm2_gguf)


@pytest.mark.slow
def test_smollm2_token_ids_equal_transformers(smollm2_folder, smollm2_gguf):
    _assert_tokens_equal(smollm2_folder, smollm2_gguf)


@pytest.mark.slow
def test_smollm2_config_and_chat_template(smollm2_folder):
    from transformers import AutoTokenizer

    config = json.loads((smollm2_folder / "config.json").read_text())
    assert config["model_type"] == "llama"
    assert config["rope_theta"] == 100000.0  # top level: mlx-lm ignores nested rope_parameters
    assert config["tie_word_embeddings"] is True
    assert (config["bos_token_id"], config["eos_token_id"], config["pad_token_id"]) == (1, 2, 2)
    tokenizer_config = json.loads((smollm2_folder / "tokenizer_config.json").read_text())
    assert tokenizer_config["add_bos_token"] is False
    tokenizer = AutoTokenizer.from_pretrained(str(smollm2_folder))
    text = tokenizer.apply_chat_template(
        [{"role": "user", "content": "Hi!"}], tokenize=False, add_generation_prompt=True
    )
    assert "<|im_start|>user\nHi!<|im_end|>" in text
    assert text.endswith("<|im_start|>assistant\n")
    assert tokenizer.eos_token == "<|im_end|>"


@pytest.mark.slow
def test_smollm2_completes_paris(smollm2_folder):
    text = _greedy(smollm2_folder, "The capital of France is", max_tokens=8)
    assert "Paris" in text


@pytest.mark.slow
def test_default_chat_model_is_cached_smollm2(home, smollm2_folder):
    started = time.perf_counter()
    folder = default_chat_model_path()
    assert folder == smollm2_folder
    assert time.perf_counter() - started < 1.0
    assert smollm2_gguf_path().name == "SmolLM2-135M-Instruct.Q4_1.gguf"


# --- Gemma 3 (Q4_K, Q6_K, Q5_0, Q8_0; norms stored with +1) -----------------------------------------------------


@pytest.mark.slow
def test_gemma3_weights_equal_transformers(gemma_folder, gemma_gguf):
    _assert_weights_equal(gemma_folder, gemma_gguf)


@pytest.mark.slow
def test_gemma3_token_ids_equal_transformers(gemma_folder, gemma_gguf):
    _assert_tokens_equal(gemma_folder, gemma_gguf)


@pytest.mark.slow
def test_gemma3_config_matches_mlx_lm(gemma_folder):
    from mlx_lm.models.gemma3_text import ModelArgs

    config = json.loads((gemma_folder / "config.json").read_text())
    args = ModelArgs.from_dict(config)
    assert (args.model_type, args.head_dim, args.num_key_value_heads) == ("gemma3_text", 256, 1)
    assert (args.sliding_window, args.sliding_window_pattern) == (512, 6)
    assert (args.rope_theta, args.rope_local_base_freq, args.query_pre_attn_scalar) == (1e6, 1e4, 256)
    assert config["layer_types"][5] == "full_attention" and config["layer_types"][4] == "sliding_attention"
    assert config["eos_token_id"] == [1, 106]  # <eos> and <end_of_turn>
    tokenizer_config = json.loads((gemma_folder / "tokenizer_config.json").read_text())
    assert tokenizer_config["add_bos_token"] is True
    assert "chat_template" not in tokenizer_config  # this base-model file carries none


@pytest.mark.slow
def test_gemma3_generates_sensible_text(gemma_folder):
    # the 270M base model answers "The capital of France is" with " the capital of the country of France."
    text = _greedy(gemma_folder, "The capital of Germany is the city of", max_tokens=3)
    assert "Berlin" in text, text


# --- caching, atomicity, cancel ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_second_import_is_instant_and_untouched(home, smollm2_folder, smollm2_gguf):
    weights = smollm2_folder / "model.safetensors"
    before = weights.stat().st_mtime_ns
    started = time.perf_counter()
    assert import_gguf(smollm2_gguf) == smollm2_folder
    assert time.perf_counter() - started < 0.5
    assert weights.stat().st_mtime_ns == before
    assert smollm2_folder.parent == home / "cache" / "models"
    assert smollm2_folder.name.startswith("SmolLM2-135M-Instruct.Q4_1-")


def _tiny_gguf(path: Path, *, arch: str = "llama", bad_type: bool = False, exact_only: bool = False) -> Path:
    """A 1-layer llama GGUF whose tensors use every common storage type, with a small byte-level vocabulary."""
    import gguf
    from gguf.quants import quantize

    T = gguf.GGMLQuantizationType
    rng = np.random.default_rng(0)
    hidden, inter, heads, kv_heads, vocab = 256, 512, 4, 2, 300
    path.parent.mkdir(parents=True, exist_ok=True)
    writer = gguf.GGUFWriter(str(path), arch)
    writer.add_context_length(512)
    writer.add_embedding_length(hidden)
    writer.add_block_count(1)
    writer.add_feed_forward_length(inter)
    writer.add_head_count(heads)
    writer.add_head_count_kv(kv_heads)
    writer.add_rope_dimension_count(hidden // heads)
    writer.add_rope_freq_base(10000.0)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_vocab_size(vocab)
    alphabet = [chr(c) for c in range(33, 127)]
    tokens = ["<s>", "</s>"] + alphabet + [f"{a}{b}" for a in "etaoin" for b in "etaoin"]
    tokens += [f"tok{i}" for i in range(vocab - len(tokens))]
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre("default")
    writer.add_token_list(tokens)
    writer.add_token_types([3, 3] + [1] * (len(tokens) - 2))
    writer.add_token_merges([f"{a} {b}" for a in "etaoin" for b in "etaoin"])
    writer.add_bos_token_id(0)
    writer.add_eos_token_id(1)
    writer.add_chat_template("{% for m in messages %}{{ m['role'] }}: {{ m['content'] }}\n{% endfor %}")

    def random_k_blocks(rows: int, cols: int, qtype) -> np.ndarray:
        block_size, type_size = gguf.GGML_QUANT_SIZES[qtype]
        raw = rng.integers(0, 256, size=(rows, cols // block_size, type_size), dtype=np.uint8)
        scale = np.frombuffer(np.float16(0.01).tobytes(), dtype=np.uint8)
        if qtype == T.Q4_K:  # d, dmin lead the block
            raw[..., 0:2] = scale
            raw[..., 2:4] = scale
        else:  # Q6_K: d ends the block
            raw[..., -2:] = scale
        return raw.reshape(rows, -1)

    def add(name: str, shape: tuple[int, int], qtype) -> None:
        if exact_only and qtype in (T.Q4_K, T.Q6_K, T.F16, T.BF16):
            qtype = T.Q8_0
        values = (rng.standard_normal(shape) * 0.05).astype(np.float32)
        if qtype in (T.Q4_K, T.Q6_K):
            writer.add_tensor(name, random_k_blocks(*shape, qtype), raw_dtype=qtype)
        elif qtype == T.F16:
            writer.add_tensor(name, values.astype(np.float16))
        else:  # raw block bytes; the writer derives the element shape
            writer.add_tensor(name, quantize(values, qtype), raw_dtype=qtype)

    head_dim = hidden // heads
    add("token_embd.weight", (vocab, hidden), T.Q5_0)
    add("output.weight", (vocab, hidden), T.Q8_0)
    writer.add_tensor("output_norm.weight", (1 + 0.1 * rng.standard_normal(hidden)).astype(np.float32))
    writer.add_tensor("blk.0.attn_norm.weight", (1 + 0.1 * rng.standard_normal(hidden)).astype(np.float32))
    writer.add_tensor("blk.0.ffn_norm.weight", (1 + 0.1 * rng.standard_normal(hidden)).astype(np.float32))
    add("blk.0.attn_q.weight", (heads * head_dim, hidden), T.Q8_0)
    add("blk.0.attn_k.weight", (kv_heads * head_dim, hidden), T.Q4_0)
    add("blk.0.attn_v.weight", (kv_heads * head_dim, hidden), T.Q4_1)
    add("blk.0.attn_output.weight", (hidden, heads * head_dim), T.Q4_K)
    add("blk.0.ffn_gate.weight", (inter, hidden), T.Q6_K)
    add("blk.0.ffn_up.weight", (inter, hidden), T.F16)
    add("blk.0.ffn_down.weight", (hidden, inter), T.BF16)
    if bad_type:  # a type gguf-py cannot dequantize
        writer.add_tensor(
            "blk.0.extra.weight",
            np.zeros((1, gguf.GGML_QUANT_SIZES[T.Q8_K][1]), dtype=np.uint8),
            raw_dtype=T.Q8_K,
        )
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


def test_synthetic_all_types_equal_transformers(home, tmp_path):
    gguf_path = _tiny_gguf(tmp_path / "tiny-llama.gguf")
    folder = import_gguf(gguf_path)
    config = json.loads((folder / "config.json").read_text())
    assert config["tie_word_embeddings"] is False
    _assert_weights_equal(folder, gguf_path)
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(folder))
    assert tokenizer.apply_chat_template([{"role": "user", "content": "x"}], tokenize=False) == "user: x\n"


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_half_dtypes_round_the_float32_weights(home, tmp_path, dtype):
    import mlx.core as mx

    gguf_path = _tiny_gguf(tmp_path / "tiny-llama.gguf")
    full = mx.load(str(import_gguf(gguf_path) / "model.safetensors"))
    half = mx.load(str(import_gguf(gguf_path, dtype=dtype) / "model.safetensors"))
    for name, values in full.items():
        assert half[name].dtype == getattr(mx, dtype)
        assert mx.array_equal(half[name], values.astype(getattr(mx, dtype))).item(), name


def test_killed_import_leaves_no_folder(fresh_home, tmp_path, monkeypatch):
    gguf_path = _tiny_gguf(tmp_path / "tiny.gguf")
    target = gguf_import.default_output_dir(gguf_path)

    def boom(*args, **kwargs):
        raise KeyboardInterrupt

    original = gguf_import._write_metadata_files
    monkeypatch.setattr(gguf_import, "_write_metadata_files", boom)
    with pytest.raises(KeyboardInterrupt):
        import_gguf(gguf_path)
    assert not target.exists()
    assert not list(target.parent.glob(f".{target.name}*"))
    # a leftover from a process that no longer exists is cleaned up by the next import
    (target.parent / f".{target.name}.tmp-999999999-dead").mkdir()
    monkeypatch.setattr(gguf_import, "_write_metadata_files", original)
    assert import_gguf(gguf_path) == target
    assert (target / MARKER).is_file()
    assert not list(target.parent.glob(f".{target.name}.tmp-*"))


def test_cancel_returns_none_and_leaves_nothing(fresh_home, tmp_path):
    gguf_path = _tiny_gguf(tmp_path / "tiny.gguf")
    cancel = threading.Event()
    seen = []

    def progress(done, total, name):
        seen.append((done, total))
        if done == 2:
            cancel.set()

    assert import_gguf(gguf_path, cancel=cancel, on_progress=progress) is None
    assert seen == [(1, 12), (2, 12)]
    target = gguf_import.default_output_dir(gguf_path)
    assert not target.exists() and not list(target.parent.glob(f".{target.name}*"))


def test_out_dir_and_foreign_folder(home, tmp_path):
    gguf_path = _tiny_gguf(tmp_path / "tiny.gguf")
    out = tmp_path / "exported"
    assert import_gguf(gguf_path, out) == out and (out / "config.json").is_file()
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine")
    with pytest.raises(GGUFImportError, match="not a model Alcove converted"):
        import_gguf(gguf_path, foreign)


# --- errors -----------------------------------------------------------------------------------------------------


def test_missing_file(home, tmp_path):
    with pytest.raises(GGUFImportError, match="no GGUF file"):
        import_gguf(tmp_path / "absent.gguf")


def test_garbage_file(home, tmp_path):
    garbage = tmp_path / "garbage.gguf"
    garbage.write_bytes(b"PK\x03\x04 this is a zip, not a model" * 10)
    with pytest.raises(GGUFImportError, match="not a GGUF file"):
        import_gguf(garbage)
    empty = tmp_path / "empty.gguf"
    empty.write_bytes(b"")
    with pytest.raises(GGUFImportError, match="not a GGUF file"):
        import_gguf(empty)


@pytest.mark.parametrize("keep_bytes", [40, 2_000_000])
def test_truncated_file(home, tmp_path, smollm2_gguf, keep_bytes):
    truncated = tmp_path / "truncated.gguf"
    with smollm2_gguf.open("rb") as handle:
        truncated.write_bytes(handle.read(keep_bytes))
    with pytest.raises(GGUFImportError, match="truncated"):
        import_gguf(truncated)
    assert not (home / "cache" / "models").exists() or not [
        p for p in (home / "cache" / "models").iterdir() if p.name.startswith(("truncated", ".truncated"))
    ]


def test_unsupported_architecture(home, tmp_path):
    with pytest.raises(GGUFImportError, match="'bert' model"):
        import_gguf(_tiny_gguf(tmp_path / "bert.gguf", arch="bert"))


def test_unsupported_tensor_type(home, tmp_path):
    with pytest.raises(GGUFImportError, match="blk.0.extra.weight is stored as Q8_K"):
        import_gguf(_tiny_gguf(tmp_path / "odd.gguf", bad_type=True))


def test_bad_dtype(home, smollm2_gguf):
    with pytest.raises(GGUFImportError, match="float64"):
        import_gguf(smollm2_gguf, dtype="float64")


def test_llama3_rope_freqs_become_rope_scaling():
    from engine.models.gguf.arch import _llama3_divisors, _rope_scaling

    freqs = _llama3_divisors(64, 500000.0, 32.0, 1.0, 4.0, 8192).astype(np.float32)
    scaling = _rope_scaling({}, "llama", freqs, 500000.0)
    assert scaling == {
        "rope_type": "llama3",
        "factor": 32.0,
        "low_freq_factor": 1.0,
        "high_freq_factor": 4.0,
        "original_max_position_embeddings": 8192,
    }


@pytest.mark.slow
def test_gemma3_assembled_once(home, gemma_gguf):
    assert gemma3_gguf_path() == gemma_gguf
    assert gemma_gguf.parent == home / "cache" / "gguf"
    assert not [p for p in gemma_gguf.parent.iterdir() if p.name.startswith(".")]


# --- keep: GGUF blocks as MLX quantized weights -------------------------------------------------------------------


def _dequantized_layers(folder: Path) -> tuple[dict[str, np.ndarray], dict]:
    """Every weight of an imported folder as mlx-lm builds it, dequantized with float32 scales."""
    import mlx.core as mx
    import mlx.nn as nn
    from mlx.utils import tree_flatten
    from mlx_lm.utils import load_model

    model, _ = load_model(folder, lazy=True)
    out, kinds = {}, {}
    for path, module in model.named_modules():
        if isinstance(module, nn.QuantizedLinear | nn.QuantizedEmbedding):
            w = mx.dequantize(
                module.weight,
                module.scales.astype(mx.float32),
                module.biases.astype(mx.float32),
                group_size=module.group_size,
                bits=module.bits,
            )
            out[f"{path}.weight"] = np.array(w)
            kinds[f"{path}.weight"] = module.bits
    for name, value in tree_flatten(model.parameters()):
        module = name.rsplit(".", 1)[0]
        if name.endswith(".weight") and f"{module}.weight" not in out and value.dtype != mx.uint32:
            out[name] = np.array(value.astype(mx.float32))
    return out, kinds


def test_keep_maps_blocks_onto_mlx_quantization(fresh_home, tmp_path):
    """Q8_0/Q4_0/Q4_1/Q5_0 dequantize bit for bit to the reference, Q4_K within fp16 rounding of d*sc, Q6_K
    (no MLX layout) becomes 6 bits and is recorded; float tensors stay float."""
    from safetensors.numpy import load_file

    gguf_path = _tiny_gguf(tmp_path / "tiny-llama.gguf")
    reference = load_file(str(import_gguf(gguf_path, quantization="float32") / "model.safetensors"))
    folder = import_gguf(gguf_path, quantization="keep")
    marker = json.loads((folder / MARKER).read_text())
    config = json.loads((folder / "config.json").read_text())
    assert marker["quantization"] == "keep"
    assert marker["requantized"] == {"model.layers.0.mlp.gate_proj.weight": "Q6_K"}
    quant = config["quantization"]
    assert quant["model.embed_tokens"]["bits"] == 5 and quant["lm_head"]["bits"] == 8
    assert quant["model.layers.0.self_attn.k_proj"]["bits"] == 4
    assert "model.layers.0.mlp.up_proj" not in quant  # F16 in the GGUF: kept float
    ours, bits = _dequantized_layers(folder)
    assert sorted(ours) == sorted(reference)
    exact = {
        "model.embed_tokens.weight",  # Q5_0
        "lm_head.weight",  # Q8_0
        "model.layers.0.self_attn.q_proj.weight",  # Q8_0, rows un-permuted
        "model.layers.0.self_attn.k_proj.weight",  # Q4_0, rows un-permuted
        "model.layers.0.self_attn.v_proj.weight",  # Q4_1
    }
    for name in exact:
        assert np.array_equal(ours[name], reference[name]), name
    k = "model.layers.0.self_attn.o_proj.weight"  # Q4_K: d*sc rounded to fp16
    assert 0 < np.abs(ours[k] - reference[k]).max() <= 2e-3 * np.abs(reference[k]).max()
    g = "model.layers.0.mlp.gate_proj.weight"  # Q6_K -> 6 bits, the larger sub-block scale as the step
    assert bits[g] == 6
    assert 0 < np.abs(ours[g] - reference[g]).max() <= np.ptp(reference[g]) / 63  # unit: test_gguf_q6k.py
    for name in ("model.layers.0.mlp.up_proj.weight", "model.layers.0.mlp.down_proj.weight"):  # F16, BF16
        assert name not in bits
        assert np.allclose(ours[name], reference[name], atol=1e-3), name


def test_keep_greedy_tokens_match_the_dequantized_import(fresh_home, tmp_path, engine):
    """The quantized import generates what the float32 import generates (exactly mapped types only)."""
    from engine.core.events import FinalEvent
    from engine.core.requests import GenerateRequest

    gguf_path = _tiny_gguf(tmp_path / "tiny-llama.gguf", exact_only=True)
    runs = []
    for quantization in ("float32", "keep"):
        engine.load_model(str(import_gguf(gguf_path, quantization=quantization)), dtype="float32")
        request = GenerateRequest(prompt_ids=(5, 17, 33, 9), max_tokens=12, use_prompt_cache=False)
        final = [e for e in engine.generate(request) if isinstance(e, FinalEvent)][0]
        runs.append(list(final.token_ids))
    assert len(runs[0]) >= 6 and runs[0] == runs[1]


def test_same_content_in_two_places_is_imported_once(fresh_home, tmp_path):
    first = _tiny_gguf(tmp_path / "a" / "model.gguf")
    second = tmp_path / "b" / "renamed.gguf"
    second.parent.mkdir()
    second.write_bytes(first.read_bytes())
    os.utime(second, (1_000_000, 1_000_000))
    folder = import_gguf(first)
    assert import_gguf(second) == folder
    marker = json.loads((folder / MARKER).read_text())
    assert marker["sources"] == [str(first), str(second)]
    assert len(list((fresh_home / "cache" / "models").iterdir())) == 1
    # a different file (one weight changed) is a different import
    third = tmp_path / "c.gguf"
    data = bytearray(first.read_bytes())
    data[-100] ^= 0xFF
    third.write_bytes(bytes(data))
    assert import_gguf(third) != folder


def test_pack_matches_mlx_layout():
    import mlx.core as mx

    from engine.models.gguf.quantized import pack

    rng = np.random.default_rng(1)
    for bits in (2, 3, 4, 5, 6, 8):
        codes = rng.integers(0, 2**bits, size=(3, 64)).astype(np.uint8)
        packed = mx.array(pack(codes, bits))
        ones, zeros = mx.ones((3, 2)), mx.zeros((3, 2))
        values = mx.dequantize(packed, ones, zeros, group_size=32, bits=bits)
        assert np.array_equal(np.array(values), codes.astype(np.float32)), bits


# --- alcove models list / import / remove -------------------------------------------------------------------------


def _cli(capsys, *argv) -> tuple[int, str, str]:
    from app.cli.main import main

    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_models_list_shows_each_import_once_and_remove_deletes_it(fresh_home, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    first = _tiny_gguf(tmp_path / "one" / "tiny.gguf")
    second = tmp_path / "two" / "tiny.gguf"
    second.parent.mkdir()
    second.write_bytes(first.read_bytes())
    code, out, _ = _cli(capsys, "models", "import", str(first), "--quantization", "keep", "--json")
    assert code == 0
    imported = json.loads(out)
    assert imported["quantization"] == "keep" and 0.9 < imported["size_ratio"] < 1.3
    assert _cli(capsys, "models", "import", str(second), "--quantization", "keep", "--json")[0] == 0
    code, out, _ = _cli(capsys, "models", "list", "--json")
    models = json.loads(out)["models"]
    ours = [m for m in models if m["source"] == "imported-gguf"]
    assert len(ours) == 1
    folder = Path(ours[0]["path"])
    assert folder == Path(imported["path"]) and folder.is_dir()
    assert ours[0]["size_bytes"] == sum(p.stat().st_size for p in folder.iterdir())
    assert ours[0]["quantization"] == "mixed 4/5/6/8-bit"
    for m in models:  # built-ins have a real path and size (Gemma 3 used to show "" and 0)
        if m["source"].startswith("builtin"):
            assert m["path"] and Path(m["path"]).exists() and m["size_bytes"] > 0, m
    code, out, _ = _cli(capsys, "models", "remove", str(folder), "--json")
    assert code == 0 and json.loads(out)["removed"]["path"] == str(folder)
    assert not folder.exists()
    code, _, err = _cli(capsys, "models", "remove", str(folder))
    assert code == 2 and err.startswith("alcove: ") and "not a model Alcove downloaded or imported" in err
    code, _, err = _cli(capsys, "models", "remove", "default")
    assert code == 2 and "built in" in err
