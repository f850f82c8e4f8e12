"""What differs per architecture when turning a GGUF model into a Hugging Face / mlx-lm folder.

Families: ``llama`` (Llama 2/3, SmolLM, and the Mistral models, which llama.cpp also writes as ``llama``),
``qwen2`` (Qwen2/2.5, Qwen2.5-Coder), ``qwen3``, ``phi3`` (Phi-3/3.5 mini), ``gemma2`` and ``gemma3``.

- tensor names: llama.cpp's ``blk.N.attn_q`` -> ``model.layers.N.self_attn.q_proj`` (biases alike: Qwen2's q/k/v
  carry them); Phi-3 keeps its fused ``attn_qkv``/``ffn_up`` as HF's ``qkv_proj``/``gate_up_proj``;
- values: llama.cpp permutes the rows of llama's q/k projections for its interleaved RoPE (undone here; Qwen, Phi-3
  and Gemma use the NeoX layout and are stored unpermuted), and stores Gemma's RMSNorm weights with the +1 folded in
  (subtracted here);
- config.json: written the way mlx-lm 0.32 reads it (``rope_theta`` at the top level, Gemma's window and
  soft-capping settings, Phi-3's LongRoPE factors).
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from engine.core import GGUFImportError

SUPPORTED_ARCHITECTURES = ("llama", "qwen2", "qwen3", "phi3", "gemma2", "gemma3")

_COMMON = {
    "attn_q": "self_attn.q_proj",
    "attn_k": "self_attn.k_proj",
    "attn_v": "self_attn.v_proj",
    "attn_output": "self_attn.o_proj",
    "ffn_gate": "mlp.gate_proj",
    "ffn_up": "mlp.up_proj",
    "ffn_down": "mlp.down_proj",
    "attn_norm": "input_layernorm",
}
_QK_NORMS = {"attn_q_norm": "self_attn.q_norm", "attn_k_norm": "self_attn.k_norm"}
_GEMMA_NORMS = {
    "post_attention_norm": "post_attention_layernorm",
    "ffn_norm": "pre_feedforward_layernorm",
    "post_ffw_norm": "post_feedforward_layernorm",
}
_LLAMA_LIKE = {**_COMMON, "ffn_norm": "post_attention_layernorm"}
_BLOCK_NAMES = {
    "llama": _LLAMA_LIKE,
    "qwen2": _LLAMA_LIKE,
    "qwen3": {**_LLAMA_LIKE, **_QK_NORMS},
    "phi3": {
        "attn_qkv": "self_attn.qkv_proj",
        "attn_output": "self_attn.o_proj",
        "ffn_up": "mlp.gate_up_proj",
        "ffn_down": "mlp.down_proj",
        "attn_norm": "input_layernorm",
        "ffn_norm": "post_attention_layernorm",
    },
    "gemma2": {**_COMMON, **_GEMMA_NORMS},
    "gemma3": {**_COMMON, **_QK_NORMS, **_GEMMA_NORMS},
}
_GEMMAS = ("gemma2", "gemma3")
_TOP_NAMES = {"token_embd": "model.embed_tokens", "output_norm": "model.norm", "output": "lm_head"}
_BLOCK = re.compile(r"^blk\.(\d+)\.([a-z0-9_]+)\.(weight|bias)$")
_TOP = re.compile(r"^([a-z0-9_]+)\.(weight|bias)$")
# consumed into config.json, not weights
_CONFIG_ONLY = {"rope_freqs.weight", "rope_factors_long.weight", "rope_factors_short.weight"}


def check_architecture(metadata: dict[str, Any]) -> str:
    arch = metadata.get("general.architecture")
    if arch not in SUPPORTED_ARCHITECTURES:
        raise GGUFImportError(
            f"This GGUF file holds a {arch!r} model; Alcove can import {', '.join(SUPPORTED_ARCHITECTURES)} "
            "models from GGUF (Mistral files are 'llama'). Use an MLX or Hugging Face folder of this model "
            "instead."
        )
    return arch


def hf_tensor_name(arch: str, gguf_name: str) -> str | None:
    """The Hugging Face name of a GGUF tensor; ``None`` for tensors that only feed the config."""
    if gguf_name in _CONFIG_ONLY:
        return None
    if match := _BLOCK.match(gguf_name):
        layer, part, suffix = match.groups()
        if part in _BLOCK_NAMES[arch]:
            return f"model.layers.{layer}.{_BLOCK_NAMES[arch][part]}.{suffix}"
    elif (match := _TOP.match(gguf_name)) and match.group(1) in _TOP_NAMES:
        return f"{_TOP_NAMES[match.group(1)]}.{match.group(2)}"
    raise GGUFImportError(
        f"This GGUF file has a tensor Alcove does not know for a {arch} model ({gguf_name}); it may be a "
        "variant Alcove cannot import yet."
    )


def transform(arch: str, gguf_name: str, weights: np.ndarray, config: dict[str, Any]) -> np.ndarray:
    """Undo llama.cpp's storage conventions on one dequantized float32 tensor."""
    if arch == "llama" and gguf_name.endswith((".attn_q.weight", ".attn_k.weight")):
        heads = config["num_attention_heads"] if ".attn_q." in gguf_name else config["num_key_value_heads"]
        return _unpermute_rope_rows(weights, heads)
    if arch in _GEMMAS and gguf_name.endswith("norm.weight"):
        return weights - np.float32(1.0)
    return weights


def check_shapes(arch: str, config: dict[str, Any], shapes: dict[str, tuple[int, ...]], vocab: int) -> None:
    """Refuse a file whose metadata contradicts its tensors (a broken converter, a hand-edited or mixed-up file)
    before anything is written: the folder would otherwise fail to load, or load and compute garbage."""
    hidden, inter = config["hidden_size"], config["intermediate_size"]
    heads, kv = config["num_attention_heads"], config["num_key_value_heads"]
    layers = config["num_hidden_layers"]
    head_dim = config.get("head_dim") or hidden // max(heads, 1)
    if heads <= 0 or kv <= 0 or heads % kv:
        _contradiction(
            f"{heads} attention heads and {kv} key/value heads (heads must be a multiple of kv heads)"
        )
    found = {int(m.group(1)) for name in shapes if (m := _BLOCK.match(name))}
    if found != set(range(layers)):
        extra = sorted(found - set(range(layers)))
        missing = sorted(set(range(layers)) - found)
        _contradiction(
            f"block_count = {layers}, but the tensors hold layers {min(found, default=0)}..{max(found, default=-1)}"
            + (f" (missing {missing[:5]})" if missing else f" (extra {extra[:5]})")
        )
    expected = {"token_embd.weight": (config["vocab_size"], hidden), "output_norm.weight": (hidden,)}
    if "output.weight" in shapes:
        expected["output.weight"] = (config["vocab_size"], hidden)
    q, k = heads * head_dim, kv * head_dim
    block = {
        "attn_norm.weight": (hidden,),
        "attn_output.weight": (hidden, q),
        "ffn_down.weight": (hidden, inter),
        "attn_q.bias": (q,),
        "attn_k.bias": (k,),
        "attn_v.bias": (k,),
        "attn_q_norm.weight": (head_dim,),
        "attn_k_norm.weight": (head_dim,),
    }
    if arch == "phi3":
        block |= {"attn_qkv.weight": (q + 2 * k, hidden), "ffn_up.weight": (2 * inter, hidden)}
    else:
        block |= {
            "attn_q.weight": (q, hidden),
            "attn_k.weight": (k, hidden),
            "attn_v.weight": (k, hidden),
            "ffn_gate.weight": (inter, hidden),
            "ffn_up.weight": (inter, hidden),
        }
    for layer in range(layers):
        expected |= {f"blk.{layer}.{part}": shape for part, shape in block.items()}
    for name, shape in expected.items():
        if name in shapes and tuple(shapes[name]) != shape:
            _contradiction(
                f"{name} is {'x'.join(map(str, shapes[name]))} but the metadata (hidden {hidden}, "
                f"{heads}/{kv} heads of {head_dim}, feed-forward {inter}) makes it {'x'.join(map(str, shape))}"
            )
    for name in ("attn_norm.weight", "attn_output.weight", "ffn_down.weight"):
        if f"blk.0.{name}" not in shapes:
            _contradiction(f"the tensors lack blk.0.{name}, which every {arch} layer has")
    if vocab > config["vocab_size"]:
        _contradiction(
            f"the vocabulary has {vocab} tokens but the embedding only {config['vocab_size']} rows"
        )


def _contradiction(detail: str) -> None:
    raise GGUFImportError(
        f"This GGUF file's metadata contradicts its tensors: {detail}. The file is damaged or was written by a "
        "broken converter; download it again or convert it anew. Nothing was imported."
    )


def _unpermute_rope_rows(weights: np.ndarray, heads: int) -> np.ndarray:
    """llama.cpp stores each head's rows as (half, pair) pairs interleaved; HF keeps the two halves apart."""
    half = weights.shape[0] // heads // 2
    return weights.reshape(heads, half, 2, *weights.shape[1:]).swapaxes(1, 2).reshape(weights.shape)


def hf_config(
    arch: str,
    metadata: dict[str, Any],
    tensor_shapes: dict[str, tuple[int, ...]],
    rope_freqs: np.ndarray | None,
    rope_factors: tuple[np.ndarray, np.ndarray] | None = None,
) -> dict[str, Any]:
    """config.json contents (without the tokenizer ids, which the caller adds). ``rope_factors``: Phi-3's
    LongRoPE (long, short) factor tensors, when the file has them."""

    def get(key: str, default: Any = None) -> Any:
        return metadata.get(f"{arch}.{key}", default)

    def need(key: str) -> Any:
        value = get(key)
        if value is None:
            raise GGUFImportError(f"This GGUF file lacks {arch}.{key}, which Alcove needs to import it.")
        return value

    heads = int(need("attention.head_count"))
    embed_shape = tensor_shapes.get("token_embd.weight")
    if embed_shape is None:
        raise GGUFImportError("This GGUF file has no token embedding tensor (token_embd.weight).")
    hidden = int(need("embedding_length"))
    config: dict[str, Any] = {
        "hidden_size": hidden,
        "num_hidden_layers": int(need("block_count")),
        "intermediate_size": int(need("feed_forward_length")),
        "num_attention_heads": heads,
        "num_key_value_heads": int(get("attention.head_count_kv", heads)),
        "rms_norm_eps": float(need("attention.layer_norm_rms_epsilon")),
        "vocab_size": int(embed_shape[0]),
        "max_position_embeddings": int(get("context_length", 4096)),
        "tie_word_embeddings": "output.weight" not in tensor_shapes,
    }
    scaling = _rope_scaling(metadata, arch, rope_freqs, float(get("rope.freq_base", 10000.0)))
    if arch in ("llama", "qwen2", "qwen3"):
        config.update(_llama_like(arch, get, hidden, heads, tensor_shapes))
    elif arch == "phi3":
        config.update(_phi3(get, hidden, heads, config["num_hidden_layers"]))
        if rope_factors is not None:
            # mlx-lm rotates by the long factors at every length, as llama.cpp does once its context window
            # exceeds the original one; transformers takes the short ones for sequences within the original context
            scaling = {
                "type": "longrope",
                "rope_type": "longrope",
                "long_factor": [float(x) for x in rope_factors[0]],
                "short_factor": [float(x) for x in rope_factors[1]],
            }
    else:
        config.update(_gemma(arch, get, hidden, heads, config["num_hidden_layers"]))
    config["rope_scaling"] = scaling
    return config


def _llama_like(arch: str, get, hidden: int, heads: int, tensor_shapes) -> dict[str, Any]:
    head_dim = int(get("attention.key_length", get("rope.dimension_count", hidden // heads)))
    out: dict[str, Any] = {
        "head_dim": head_dim,
        "rope_theta": float(get("rope.freq_base", 10000.0 if arch == "llama" else 1_000_000.0)),
        "hidden_act": "silu",
    }
    if arch == "llama":
        return out | {
            "model_type": "llama",
            "architectures": ["LlamaForCausalLM"],
            "attention_bias": "blk.0.attn_q.bias" in tensor_shapes,
            "mlp_bias": "blk.0.ffn_up.bias" in tensor_shapes,
        }
    if arch == "qwen2":
        if "blk.0.attn_q.bias" not in tensor_shapes:  # mlx-lm's and HF's qwen2 always have q/k/v biases
            raise GGUFImportError(
                "This qwen2 GGUF file has no attention biases (blk.0.attn_q.bias), which every Qwen2 model has; "
                "the file is damaged or mislabelled."
            )
        return out | {
            "model_type": "qwen2",
            "architectures": ["Qwen2ForCausalLM"],
            "use_sliding_window": False,
        }
    return out | {"model_type": "qwen3", "architectures": ["Qwen3ForCausalLM"], "attention_bias": False}


def _phi3(get, hidden: int, heads: int, layers: int) -> dict[str, Any]:
    head_dim = hidden // heads
    rotary = int(get("rope.dimension_count", head_dim))
    window = get("attention.sliding_window")
    return {
        "model_type": "phi3",
        "architectures": ["Phi3ForCausalLM"],
        "rope_theta": float(get("rope.freq_base", 10000.0)),
        "partial_rotary_factor": rotary / head_dim,
        "original_max_position_embeddings": int(
            get("rope.scaling.original_context_length", get("context_length", 4096))
        ),
        "hidden_act": "silu",
        "sliding_window": int(window) if window else None,
        "attention_bias": False,
    }


def _gemma(arch: str, get, hidden: int, heads: int, layers: int) -> dict[str, Any]:
    head_dim = int(get("attention.key_length", 256))
    if arch == "gemma2":
        # llama.cpp: Gemma 2 27B scales queries by hidden/heads, the others by head_dim; layers alternate
        # local (sliding window) and global attention, local first
        scalar = hidden // heads if (layers, hidden) == (46, 4608) else head_dim
        return {
            "model_type": "gemma2",
            "architectures": ["Gemma2ForCausalLM"],
            "head_dim": head_dim,
            "rope_theta": float(get("rope.freq_base", 10_000.0)),
            "query_pre_attn_scalar": scalar,
            "sliding_window": int(get("attention.sliding_window", 4096)),
            "layer_types": ["sliding_attention" if i % 2 == 0 else "full_attention" for i in range(layers)],
            "hidden_activation": "gelu_pytorch_tanh",
            "attn_logit_softcapping": float(get("attn_logit_softcapping", 50.0)),
            "final_logit_softcapping": float(get("final_logit_softcapping", 30.0)),
            "tie_word_embeddings": True,
        }
    pattern = 6  # llama.cpp hard-codes Gemma 3's five local layers per global one
    # llama.cpp: the 27B model scales queries by hidden/heads, the others by head_dim
    scalar = hidden // heads if (layers, hidden) == (62, 5376) else head_dim
    return {
        "model_type": "gemma3_text",
        "architectures": ["Gemma3ForCausalLM"],
        "head_dim": head_dim,
        "rope_theta": float(get("rope.freq_base", 1_000_000.0)),
        "rope_local_base_freq": 10_000.0,
        "query_pre_attn_scalar": scalar,
        "sliding_window": int(get("attention.sliding_window", 512)),
        "sliding_window_pattern": pattern,
        "layer_types": [
            "full_attention" if (i + 1) % pattern == 0 else "sliding_attention" for i in range(layers)
        ],
        "hidden_activation": "gelu_pytorch_tanh",
        "final_logit_softcapping": None,
        "attn_logit_softcapping": None,
    }


def _rope_scaling(
    metadata: dict[str, Any], arch: str, rope_freqs: np.ndarray | None, base: float
) -> dict[str, Any] | None:
    kind = metadata.get(f"{arch}.rope.scaling.type")
    factor = metadata.get(f"{arch}.rope.scaling.factor")
    if rope_freqs is not None:
        return _llama3_scaling_from_freqs(rope_freqs, base, metadata, arch)
    if kind in (None, "none") or not factor or float(factor) == 1.0:
        return None
    if kind == "linear":
        return {"type": "linear", "rope_type": "linear", "factor": float(factor)}
    if kind == "yarn":  # Qwen2.5's long-context setting
        # without the key llama.cpp and transformers take the training context; mlx-lm would assume 4096
        original = metadata.get(f"{arch}.rope.scaling.original_context_length") or metadata.get(
            f"{arch}.context_length"
        )
        scaling = {"type": "yarn", "rope_type": "yarn", "factor": float(factor)}
        if original:
            scaling["original_max_position_embeddings"] = int(original)
        return scaling
    raise GGUFImportError(f"This GGUF file uses {kind!r} RoPE scaling, which Alcove cannot import yet.")


def _llama3_scaling_from_freqs(
    rope_freqs: np.ndarray, base: float, metadata: dict[str, Any], arch: str
) -> dict[str, Any]:
    """Llama 3.1+ files store the RoPE frequency divisors as a tensor; find the llama3 settings that made it."""
    dim = rope_freqs.shape[0] * 2
    factor = float(rope_freqs.max())
    for low, high, original in ((1.0, 4.0, 8192), (1.0, 4.0, 4096), (1.0, 8.0, 8192)):
        if np.allclose(_llama3_divisors(dim, base, factor, low, high, original), rope_freqs, rtol=1e-4):
            return {
                "rope_type": "llama3",
                "factor": factor,
                "low_freq_factor": low,
                "high_freq_factor": high,
                "original_max_position_embeddings": original,
            }
    raise GGUFImportError(
        "This GGUF file stores RoPE frequencies (rope_freqs) that Alcove cannot match to a known scaling."
    )


def _llama3_divisors(
    dim: int, base: float, factor: float, low: float, high: float, original: int
) -> np.ndarray:
    inv_freq = 1.0 / base ** (np.arange(0, dim, 2, dtype=np.float64) / dim)
    wavelen = 2 * np.pi / inv_freq
    low_wavelen, high_wavelen = original / low, original / high
    smooth = (original / wavelen - low) / (high - low)
    divisors = np.where(wavelen < high_wavelen, 1.0, np.where(wavelen > low_wavelen, factor, 0.0))
    middle = (wavelen >= high_wavelen) & (wavelen <= low_wavelen)
    divisors[middle] = 1.0 / ((1 - smooth[middle]) / factor + smooth[middle])
    return divisors
