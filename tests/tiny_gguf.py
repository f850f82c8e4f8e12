"""Tiny random GGUF files of each family Alcove imports, written with the ``gguf`` package's own writer.

The tensors are laid out as llama.cpp's converter writes them for that family (names, fused Phi-3 projections,
Qwen2 biases, Gemma's +1 norms, the llama/mistral q/k row permutation), with a mix of storage types (F32, F16,
Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, Q4_K, Q5_K, Q6_K) so the importer's dequantization and the reference's are compared on
every type. The vocabulary is small: byte-level BPE (llama 3 / Qwen style) or SentencePiece with byte fallback
(Mistral, Phi-3, Gemma style). Used by tests/engine/models/test_gguf_families.py, test_gguf_rope_scaling.py and
bench/bench_gguf.py.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

FAMILIES = ("llama", "mistral", "mistral-tekken", "qwen2", "qwen3", "phi3", "gemma2", "gemma3")
# the storage types cycled over the 2-D weights (columns are multiples of 256, so K-quants fit)
QTYPES = ("Q8_0", "Q4_K", "Q6_K", "Q5_0", "F16", "Q4_0", "Q5_K", "Q4_1", "Q5_1", "F32")

_SHAPES = {  # hidden, intermediate, heads, kv heads, head_dim, rope base
    "llama": (256, 512, 4, 2, 64, 500_000.0),
    "mistral": (256, 512, 4, 2, 64, 1_000_000.0),
    "mistral-tekken": (256, 512, 8, 2, 64, 1_000_000.0),  # Nemo-style: head_dim is not hidden / heads
    "qwen2": (256, 512, 4, 2, 64, 500_000.0),
    "qwen3": (256, 512, 2, 1, 128, 500_000.0),  # transformers' Qwen3 GGUF config keeps head_dim 128
    "phi3": (256, 512, 4, 4, 64, 20_000.0),
    "gemma2": (256, 512, 2, 1, 256, 10_000.0),  # transformers' Gemma 2 GGUF config: query scale 1/sqrt(256)
    "gemma3": (256, 512, 2, 1, 256, 1_000_000.0),
}
_ARCH = {"mistral": "llama", "mistral-tekken": "llama"}
_SPM = ("mistral", "phi3", "gemma2", "gemma3")


def _permute(weights: np.ndarray, heads: int) -> np.ndarray:
    """llama.cpp's row permutation of llama/mistral q/k (HF halves -> interleaved pairs)."""
    rows = weights.shape[0]
    return (
        weights.reshape(heads, 2, rows // heads // 2, *weights.shape[1:])
        .swapaxes(1, 2)
        .reshape(weights.shape)
    )


def _bpe_vocab(family: str) -> tuple[list[str], list[int], list[str], dict]:
    from engine.models.gguf.tokenizer import _bytes_to_unicode

    alphabet = list(_bytes_to_unicode().values())
    pairs = list(dict.fromkeys(a + b for a in "Ġetaoinh1" for b in "etaoinrsh12"))
    merges = [f"{p[0]} {p[1]}" for p in pairs] + ["Ġt he", "Ġ1 2"]
    words = pairs + ["Ġthe", "Ġ12"]
    if family in ("qwen2", "qwen3"):
        specials, pre, eos = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"], "qwen2", "<|im_end|>"
    elif family == "mistral-tekken":
        specials, pre, eos = ["<s>", "</s>", "[INST]", "[/INST]"], "tekken", "</s>"
    else:
        specials, pre, eos = (
            ["<|begin_of_text|>", "<|end_of_text|>", "<|eot_id|>"],
            "llama-bpe",
            "<|end_of_text|>",
        )
    tokens = alphabet + words + specials
    types = [1] * (len(tokens) - len(specials)) + [3] * len(specials)
    return tokens, types, merges, {"bos": tokens.index(specials[0]), "eos": tokens.index(eos), "pre": pre}


def _spm_vocab(family: str) -> tuple[list[str], list[int], list[float], dict]:
    gemma = family.startswith("gemma")
    if gemma:
        specials = ["<pad>", "<eos>", "<bos>", "<unk>", "<start_of_turn>", "<end_of_turn>"]
        types = [3, 3, 3, 2, 3, 3]
        ids = {"pad": 0, "eos": 1, "bos": 2, "unk": 3}
    else:
        specials = ["<unk>", "<s>", "</s>"] + (
            ["<|user|>", "<|assistant|>", "<|end|>"] if family == "phi3" else []
        )
        types = [2, 3, 3] + [3] * (len(specials) - 3)
        ids = {"unk": 0, "bos": 1, "eos": 2}
    tokens = specials + [f"<0x{b:02X}>" for b in range(256)]
    types = types + [6] * 256
    pieces = ["▁", "e", "t", "a", "o", "i", "n", "h", "s", "r", "1", "2"]
    pieces += ["▁t", "he", "▁the", "▁a", "in", "▁in", "er", "on", "at", "12", "▁1", "▁12", "▁▁", "▁▁▁▁"]
    tokens += pieces
    types += [1] * len(pieces)
    scores = [0.0] * (len(specials) + 256) + [-float(i) for i in range(len(pieces))]
    return tokens, types, scores, ids


def write_tiny_gguf(
    path: Path,
    family: str,
    *,
    layers: int | None = None,
    seed: int = 0,
    qtypes: tuple[str, ...] = QTYPES,
    output_type: str = "Q6_K",
    lie: dict[str, int] | None = None,
    context_length: int = 2048,
    rope_scaling: dict[str, str | int | float] | None = None,
    rope_factors: tuple[np.ndarray, np.ndarray] | None = None,
) -> Path:
    """Write a random ``family`` GGUF at ``path`` (about 1-5 MB). Two layers; Gemma 3 six (one global layer
    after five local ones, as llama.cpp and mlx-lm assume). ``lie``: metadata values written instead of the true
    ones (block_count, embedding_length, feed_forward_length, head_count, head_count_kv; rows_short: that many embedding rows fewer than tokens), for
    files whose metadata contradicts their tensors. ``rope_scaling``: ``{arch}.rope.scaling.*`` keys (type,
    factor, original_context_length...); ``rope_factors``: Phi-3 LongRoPE (long, short) factors, written as F32
    tensors ``rope_factors_long``/``rope_factors_short`` the way llama.cpp's converter does."""
    layers = layers or (6 if family == "gemma3" else 2)
    import gguf
    from gguf.quants import quantize

    T = gguf.GGMLQuantizationType
    arch = _ARCH.get(family, family)
    hidden, inter, heads, kv_heads, head_dim, base = _SHAPES[family]
    rng = np.random.default_rng(seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    writer = gguf.GGUFWriter(str(path), arch)
    names = {"mistral": "Mistral 7B Instruct v0.3 (tiny)", "mistral-tekken": "Mistral Nemo Instruct (tiny)"}
    writer.add_name(names.get(family, f"tiny {family}"))
    meta = {
        "block_count": layers,
        "embedding_length": hidden,
        "feed_forward_length": inter,
        "head_count": heads,
        "head_count_kv": kv_heads,
    } | (lie or {})
    writer.add_context_length(context_length)
    for key, value in (rope_scaling or {}).items():
        name = f"{arch}.rope.scaling.{key}"
        if isinstance(value, str):
            writer.add_string(name, value)
        elif isinstance(value, int):
            writer.add_uint32(name, value)
        else:
            writer.add_float32(name, float(value))
    writer.add_embedding_length(meta["embedding_length"])
    writer.add_block_count(meta["block_count"])
    writer.add_feed_forward_length(meta["feed_forward_length"])
    writer.add_head_count(meta["head_count"])
    writer.add_head_count_kv(meta["head_count_kv"])
    writer.add_rope_freq_base(base)
    writer.add_layer_norm_rms_eps(1e-6)
    if family in ("qwen3", "gemma2", "gemma3") or head_dim != hidden // heads:
        writer.add_key_length(head_dim)
        writer.add_value_length(head_dim)
    writer.add_rope_dimension_count(head_dim)
    if family == "gemma2":
        writer.add_sliding_window(4096)
        writer.add_attn_logit_softcapping(50.0)
        writer.add_final_logit_softcapping(30.0)
    if family == "gemma3":
        writer.add_sliding_window(512)
    if family in _SPM:
        tokens, types, scores, ids = _spm_vocab(family)
        writer.add_tokenizer_model("llama")
        writer.add_tokenizer_pre("default")
        writer.add_token_list(tokens)
        writer.add_token_types(types)
        writer.add_token_scores(scores)
        writer.add_unk_token_id(ids["unk"])
        if "pad" in ids:
            writer.add_pad_token_id(ids["pad"])
    else:
        tokens, types, merges, ids = _bpe_vocab(family)
        writer.add_tokenizer_model("gpt2")
        writer.add_tokenizer_pre(ids["pre"])
        writer.add_token_list(tokens)
        writer.add_token_types(types)
        writer.add_token_merges(merges)
    writer.add_bos_token_id(ids["bos"])
    writer.add_eos_token_id(ids["eos"])
    writer.add_chat_template("{% for m in messages %}<{{ m['role'] }}>{{ m['content'] }}\n{% endfor %}")
    vocab = len(tokens) - (lie or {}).get("rows_short", 0)
    cycle = iter(qtypes * 100)

    def k_blocks(rows: int, cols: int, qtype) -> np.ndarray:
        """Random K-quant super-blocks with small scales (gguf-py cannot quantize K-quants itself)."""
        block_size, type_size = gguf.GGML_QUANT_SIZES[qtype]
        raw = rng.integers(0, 256, size=(rows, cols // block_size, type_size), dtype=np.uint8)
        scale = np.frombuffer(np.float16(0.002 if qtype == T.Q6_K else 0.004).tobytes(), dtype=np.uint8)
        if qtype == T.Q6_K:  # d ends the block
            raw[..., -2:] = scale
        else:  # d, dmin lead the block
            raw[..., 0:2] = scale
            raw[..., 2:4] = scale
        return raw.reshape(rows, -1)

    def matrix(name: str, values: np.ndarray, qtype_name: str | None = None) -> None:
        qtype = T[qtype_name or next(cycle)]
        if qtype in (T.Q4_K, T.Q5_K, T.Q6_K):
            writer.add_tensor(name, k_blocks(*values.shape, qtype), raw_dtype=qtype)
        elif qtype == T.F32:
            writer.add_tensor(name, values)
        elif qtype == T.F16:
            writer.add_tensor(name, values.astype(np.float16))
        else:
            writer.add_tensor(name, quantize(values, qtype), raw_dtype=qtype)

    def normal(*shape: int, scale: float = 0.08) -> np.ndarray:
        return (rng.standard_normal(shape) * scale).astype(np.float32)

    def norm() -> np.ndarray:
        values = 1 + 0.1 * rng.standard_normal(hidden)
        return values.astype(np.float32)  # Gemma's file holds 1 + w: the same distribution either way

    if rope_factors is not None:
        writer.add_tensor("rope_factors_long.weight", np.asarray(rope_factors[0], dtype=np.float32))
        writer.add_tensor("rope_factors_short.weight", np.asarray(rope_factors[1], dtype=np.float32))
    matrix("token_embd.weight", normal(vocab, hidden, scale=0.5), "Q8_0")
    if not family.startswith("gemma"):
        matrix("output.weight", normal(vocab, hidden), output_type)
    writer.add_tensor("output_norm.weight", norm())
    permute = arch == "llama"
    for i in range(layers):
        prefix = f"blk.{i}"
        writer.add_tensor(f"{prefix}.attn_norm.weight", norm())
        writer.add_tensor(f"{prefix}.ffn_norm.weight", norm())
        q = normal(heads * head_dim, hidden)
        k = normal(kv_heads * head_dim, hidden)
        v = normal(kv_heads * head_dim, hidden)
        if family == "phi3":
            matrix(f"{prefix}.attn_qkv.weight", np.concatenate([q, k, v]))
            matrix(f"{prefix}.ffn_up.weight", normal(2 * inter, hidden))
        else:
            matrix(f"{prefix}.attn_q.weight", _permute(q, heads) if permute else q)
            matrix(f"{prefix}.attn_k.weight", _permute(k, kv_heads) if permute else k)
            matrix(f"{prefix}.attn_v.weight", v)
            matrix(f"{prefix}.ffn_gate.weight", normal(inter, hidden))
            matrix(f"{prefix}.ffn_up.weight", normal(inter, hidden))
        if family == "qwen2":
            for part, rows in (("q", heads), ("k", kv_heads), ("v", kv_heads)):
                writer.add_tensor(f"{prefix}.attn_{part}.bias", normal(rows * head_dim, scale=0.5))
        if family in ("qwen3", "gemma3"):
            writer.add_tensor(
                f"{prefix}.attn_q_norm.weight", (1 + 0.1 * rng.standard_normal(head_dim)).astype(np.float32)
            )
            writer.add_tensor(
                f"{prefix}.attn_k_norm.weight", (1 + 0.1 * rng.standard_normal(head_dim)).astype(np.float32)
            )
        if family.startswith("gemma"):
            writer.add_tensor(f"{prefix}.post_attention_norm.weight", norm())
            writer.add_tensor(f"{prefix}.post_ffw_norm.weight", norm())
        matrix(f"{prefix}.attn_output.weight", normal(hidden, heads * head_dim))
        # ffn_down's columns are the intermediate size (512): K-quant friendly too
        matrix(f"{prefix}.ffn_down.weight", normal(hidden, inter))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path
