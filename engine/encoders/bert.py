"""BERT-family text encoders (BertModel, XLM-RoBERTa) in MLX, loaded from Hugging Face safetensors.

The forward pass runs op by op over fp32 weights packed at load: q/k/v projections fused into one matmul (q already
scaled), every weight pre-transposed, so the hot loop is a handful of BLAS calls per layer; the elementwise parts
(engine.encoders.kernels) are compiled per input shape, and callers keep the number of shapes small by bucketing lengths.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from engine.core import ModelLoadError
from engine.encoders.kernels import activation, attention, exp_nonpositive
from engine.models import apply_transforms, load_transform_spec, read_json_file

log = logging.getLogger(__name__)

_ROBERTA_TYPES = ("xlm-roberta", "roberta", "camembert")
_SUPPORTED_TYPES = ("bert", *_ROBERTA_TYPES)
_ACTIVATIONS = ("gelu", "gelu_new", "gelu_pytorch_tanh", "gelu_fast", "relu", "silu", "swish")


@dataclass(frozen=True)
class EncoderConfig:
    model_type: str
    vocab_size: int
    hidden_size: int
    num_hidden_layers: int
    num_attention_heads: int
    intermediate_size: int
    max_position_embeddings: int
    type_vocab_size: int
    layer_norm_eps: float
    hidden_act: str
    pad_token_id: int

    @property
    def is_roberta(self) -> bool:
        return self.model_type in _ROBERTA_TYPES

    @property
    def max_tokens(self) -> int:
        """Longest input the position table allows (RoBERTa spends padding_idx + 1 slots before position 0)."""
        if self.is_roberta:
            return self.max_position_embeddings - self.pad_token_id - 1
        return self.max_position_embeddings


def read_config_json(folder: Path) -> dict:
    """A Hugging Face folder's config.json as a dict; a folder without one, or a damaged one, is a ModelLoadError."""
    path = folder / "config.json"
    if not path.is_file():
        raise ModelLoadError(
            f"The folder {folder} has no config.json, so it is not a Hugging Face model folder. "
            "Choose the folder that contains config.json and model.safetensors."
        )
    raw = read_json_file(path)
    if not isinstance(raw, dict):
        raise ModelLoadError(f"{path} does not hold a model configuration.")
    return raw


def read_config(folder: Path) -> tuple[EncoderConfig, dict]:
    """Parse ``config.json``; returns the typed encoder config and the raw dict (heads read more from it)."""
    raw = read_config_json(folder)
    model_type = str(raw.get("model_type", "")).replace("_", "-")
    if model_type not in _SUPPORTED_TYPES:
        raise ModelLoadError(
            f"The model in {folder} is of type '{raw.get('model_type')}', which Alcove cannot run as a text "
            f"encoder. Supported types: {', '.join(_SUPPORTED_TYPES)}."
        )
    act = raw.get("hidden_act", "gelu")
    if act not in _ACTIVATIONS:
        raise ModelLoadError(
            f"The model in {folder} uses the activation '{act}', which Alcove does not support."
        )
    if raw.get("position_embedding_type", "absolute") != "absolute":
        raise ModelLoadError(
            f"The model in {folder} uses '{raw['position_embedding_type']}' position embeddings; "
            "Alcove supports only absolute position embeddings."
        )
    try:
        cfg = EncoderConfig(
            model_type=model_type,
            vocab_size=int(raw["vocab_size"]),
            hidden_size=int(raw["hidden_size"]),
            num_hidden_layers=int(raw["num_hidden_layers"]),
            num_attention_heads=int(raw["num_attention_heads"]),
            intermediate_size=int(raw["intermediate_size"]),
            max_position_embeddings=int(raw["max_position_embeddings"]),
            type_vocab_size=int(raw.get("type_vocab_size", 2)),
            layer_norm_eps=float(raw.get("layer_norm_eps", 1e-12)),
            hidden_act=act,
            pad_token_id=int(
                raw["pad_token_id"]
                if raw.get("pad_token_id") is not None
                else (1 if model_type in _ROBERTA_TYPES else 0)
            ),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ModelLoadError(
            f"{folder / 'config.json'} lacks a required setting ({exc}). The model folder may be damaged."
        ) from exc
    return cfg, raw


def load_safetensors(folder: Path) -> dict:
    """All tensors of a folder's safetensors files (single or sharded), as fp32 MLX arrays."""
    import mlx.core as mx

    files = sorted(folder.glob("*.safetensors"))
    if not files:
        hint = (
            " It has only PyTorch .bin weights; re-save it with safetensors."
            if any(folder.glob("*.bin"))
            else ""
        )
        raise ModelLoadError(f"The folder {folder} has no .safetensors weights.{hint}")
    weights: dict = {}
    for f in files:
        try:
            loaded = mx.load(str(f))
        except Exception as exc:  # noqa: BLE001 - mlx raises plain RuntimeError/ValueError for bad files
            raise ModelLoadError(
                f"The weights file {f} could not be read ({exc}). It may be incomplete or damaged; download it again."
            ) from exc
        weights.update(loaded)
    return {
        k: (v.astype(mx.float32) if mx.issubdtype(v.dtype, mx.floating) else v) for k, v in weights.items()
    }


def strip_prefix(weights: dict, prefixes: tuple[str, ...] = ("bert.", "roberta.", "model.")) -> dict:
    """Drop the architecture prefix of encoder tensor names and old gamma/beta LayerNorm names."""
    out = {}
    for name, value in weights.items():
        for p in prefixes:
            if name.startswith(p):
                name = name[len(p) :]
                break
        if name.endswith(".gamma"):
            name = name[: -len("gamma")] + "weight"
        elif name.endswith(".beta"):
            name = name[: -len("beta")] + "bias"
        out[name] = value
    return out


class Encoder:
    """The transformer trunk: ``hidden(ids, type_ids, mask) -> [B, L, H]``, then a pooling or classifier head.

    The trunk runs op by op; only its long elementwise parts (the activation, the softmax's exp) are compiled, per
    input shape. Compiling the whole trunk was slower on the CPU: mx.compile then fuses the broadcasting ops (mask
    bias, row maximum) and the activation together with shared scalar inputs, and mlx runs such kernels as strided
    scalar loops, while its eager broadcasting ops and contiguous compiled kernels are vectorised (measured on
    all-MiniLM-L6-v2, 23 x 173 tokens: 276 ms a layer compiled whole, 211 ms like this; bench/bench_embed.py).
    On a GPU (Metal) the attention is mx.fast.scaled_dot_product_attention instead.
    """

    def __init__(self, cfg: EncoderConfig, weights: dict, source: Path) -> None:
        import mlx.core as mx

        self.cfg = cfg
        self._mx = mx
        self.params = _pack(cfg, weights, source)
        self.kernels = _Kernels(
            act=mx.compile(partial(activation, cfg.hidden_act)),
            exp=mx.compile(exp_nonpositive),
            fused_attention=mx.default_device() == mx.gpu,
        )

    def run(self, head: Callable, ids, type_ids, mask, extra=()):
        """``head(trunk(ids), mask, *extra)``; ``mask`` is None when no row is padded."""
        return head(_trunk(self.cfg, self.params, ids, type_ids, mask, self.kernels), mask, *extra)


@dataclass(frozen=True)
class _Kernels:
    act: Callable  # the activation, compiled (one fused contiguous kernel)
    exp: Callable  # encoder_math.exp_nonpositive, compiled
    fused_attention: bool  # mx.fast.scaled_dot_product_attention (GPU) instead of encoder_math.attention


def load_encoder(folder: Path, transform: str | None = None) -> tuple[Encoder, dict, dict]:
    """Load the trunk; returns (encoder, raw config dict, the remaining non-trunk tensors for heads).

    ``transform`` (a YAML file, see engine.models.transforms) edits the checkpoint's tensors, in their HF names without the
    ``bert.``/``roberta.`` prefix, before anything is packed; ``encoder.transform_sha256`` holds the result's hash.
    """
    cfg, raw = read_config(folder)
    weights = strip_prefix(load_safetensors(folder))
    digest = None
    if transform:
        result = apply_transforms(
            weights, load_transform_spec(transform), lambda other: strip_prefix(load_safetensors(Path(other)))
        )
        weights, digest = result.weights, result.sha256
    trunk_names = {k for k in weights if k.startswith(("embeddings.", "encoder."))}
    enc = Encoder(cfg, {k: weights[k] for k in trunk_names}, folder)
    enc.transform_sha256 = digest
    rest = {k: v for k, v in weights.items() if k not in trunk_names}
    return enc, raw, rest


def default_batch_tokens() -> int:
    """Padded tokens per encoder batch: 1,024 on the CPU, 4,096 on a GPU.

    On the CPU smaller batches are faster, as their activations and [B, heads, L, L] attention scores stay in cache
    (all-MiniLM-L6-v2 on 200 chunks of ~173 tokens: 17.5 chunks/s at 1,024 vs 14.9 at 4,096 with one BLAS thread,
    24.2 vs 20.4 with two); a GPU wants large batches to fill it.
    """
    import mlx.core as mx

    return 4096 if mx.default_device() == mx.gpu else 1024


def length_batches(lengths, max_tokens: int, max_batch: int) -> list:
    """Index arrays grouped by similar length (longest first), each under a padded-token budget.

    Sorting means each batch pads only to its own longest row, so little compute goes to padding.
    """
    import numpy as np

    order = np.argsort(-np.asarray(lengths), kind="stable")
    batches, start = [], 0
    while start < len(order):
        longest = int(lengths[order[start]])
        size = max(1, min(max_batch, max_tokens // max(longest, 1)))
        batches.append(order[start : start + size])
        start += size
    return batches


def pad_batch(encodings, rows, lengths, pad_id: int):
    """(ids, type_ids, mask-or-None) as int32/bool numpy arrays; mask is None when no row is padded."""
    import numpy as np

    L = int(lengths[rows].max())
    ids = np.full((len(rows), L), pad_id, np.int32)
    types = np.zeros((len(rows), L), np.int32)
    for r, i in enumerate(rows):
        e = encodings[i]
        ids[r, : lengths[i]] = e.ids
        types[r, : lengths[i]] = e.type_ids
    if bool((lengths[rows] == L).all()):
        return ids, types, None
    return ids, types, np.arange(L)[None, :] < lengths[rows][:, None]


# -- weights ---------------------------------------------------------------------------------------------
def _need(weights: dict, name: str, shape: tuple[int, ...], source: Path):
    w = weights.get(name)
    if w is None:
        raise ModelLoadError(
            f"The weights in {source} lack the tensor '{name}'. The folder does not hold a complete "
            "BERT/XLM-RoBERTa encoder; check that config.json and the weights belong together."
        )
    if tuple(w.shape) != shape:
        raise ModelLoadError(
            f"The tensor '{name}' in {source} has shape {tuple(w.shape)} but config.json implies {shape}. "
            "The weights and config.json do not belong together."
        )
    return w


def _pack(cfg: EncoderConfig, w: dict, source: Path) -> dict:
    import mlx.core as mx

    H, inter = cfg.hidden_size, cfg.intermediate_size
    if H % cfg.num_attention_heads:
        raise ModelLoadError(f"config.json in {source}: hidden_size is not divisible by num_attention_heads.")
    e = "embeddings."
    params = {
        "word": _need(w, e + "word_embeddings.weight", (cfg.vocab_size, H), source),
        "pos": _need(w, e + "position_embeddings.weight", (cfg.max_position_embeddings, H), source),
        "type": _need(w, e + "token_type_embeddings.weight", (cfg.type_vocab_size, H), source),
        "ln_w": _need(w, e + "LayerNorm.weight", (H,), source),
        "ln_b": _need(w, e + "LayerNorm.bias", (H,), source),
        "layers": [],
    }
    for i in range(cfg.num_hidden_layers):
        p = f"encoder.layer.{i}."
        a = p + "attention."

        def lin(name, out_dim, in_dim, p=p):
            return _need(w, p + name + ".weight", (out_dim, in_dim), source), _need(
                w, p + name + ".bias", (out_dim,), source
            )

        qw, qb = lin("attention.self.query", H, H)
        kw, kb = lin("attention.self.key", H, H)
        vw, vb = lin("attention.self.value", H, H)
        ow, ob = lin("attention.output.dense", H, H)
        iw, ib = lin("intermediate.dense", inter, H)
        dw, db = lin("output.dense", H, inter)
        scale = 1.0 / math.sqrt(H // cfg.num_attention_heads)  # the attention's 1/sqrt(d), folded into q
        qw, qb = qw * scale, qb * scale
        params["layers"].append(
            {
                # Pre-transposed and contiguous: x @ W with no transpose in the hot loop.
                "qkv_w": mx.contiguous(mx.concatenate([qw, kw, vw], axis=0).T),
                "qkv_b": mx.concatenate([qb, kb, vb]),
                "o_w": mx.contiguous(ow.T),
                "o_b": ob,
                "ln1_w": _need(w, a + "output.LayerNorm.weight", (H,), source),
                "ln1_b": _need(w, a + "output.LayerNorm.bias", (H,), source),
                "i_w": mx.contiguous(iw.T),
                "i_b": ib,
                "d_w": mx.contiguous(dw.T),
                "d_b": db,
                "ln2_w": _need(w, p + "output.LayerNorm.weight", (H,), source),
                "ln2_b": _need(w, p + "output.LayerNorm.bias", (H,), source),
            }
        )
    mx.eval(params)
    return params


# -- forward ---------------------------------------------------------------------------------------------
def position_ids(cfg: EncoderConfig, ids):
    """BERT: 0..L-1. RoBERTa (as transformers): padding_idx + 1 + running count of non-pad tokens; pads get padding_idx."""
    import mlx.core as mx

    if not cfg.is_roberta:
        return mx.arange(ids.shape[1])[None, :]
    keep = (ids != cfg.pad_token_id).astype(mx.int32)
    return mx.cumsum(keep, axis=1) * keep + cfg.pad_token_id


def _trunk(cfg: EncoderConfig, params: dict, ids, type_ids, mask, kernels: _Kernels):
    import mlx.core as mx

    B, L = ids.shape
    H, nh = cfg.hidden_size, cfg.num_attention_heads
    hd = H // nh
    eps = cfg.layer_norm_eps
    x = params["word"][ids] + params["pos"][position_ids(cfg, ids)] + params["type"][type_ids]
    x = mx.fast.layer_norm(x, params["ln_w"], params["ln_b"], eps)
    x = x.reshape(B * L, H)
    bias = keep = None
    if mask is not None:
        keep = mask[:, None, :, None].astype(x.dtype)
        bias = (keep.swapaxes(-1, -2) - 1.0) * 1e9
        # Inputs of broadcasting ops, computed first for mlx's fast path (see encoder_math.attention).
        mx.eval(bias, keep)
    for lp in params["layers"]:
        qkv = mx.addmm(lp["qkv_b"], x, lp["qkv_w"]).reshape(B, L, 3, nh, hd)  # q is pre-scaled (see _pack)
        if kernels.fused_attention:
            q, k, v = (qkv[:, :, i].transpose(0, 2, 1, 3) for i in range(3))
            a = mx.fast.scaled_dot_product_attention(q, k, v, scale=1.0, mask=bias)
        else:
            # Copied out once each, k already transposed: mlx's matmul would copy the strided views itself, slower.
            q = mx.contiguous(qkv[:, :, 0].transpose(0, 2, 1, 3))
            k_t = mx.contiguous(qkv[:, :, 1].transpose(0, 2, 3, 1))
            v = mx.contiguous(qkv[:, :, 2].transpose(0, 2, 1, 3))
            a = attention(q, k_t, v, bias, keep, kernels.exp)
        a = a.transpose(0, 2, 1, 3).reshape(B * L, H)
        x = mx.fast.layer_norm(x + mx.addmm(lp["o_b"], a, lp["o_w"]), lp["ln1_w"], lp["ln1_b"], eps)
        h = kernels.act(mx.addmm(lp["i_b"], x, lp["i_w"]))
        x = mx.fast.layer_norm(x + mx.addmm(lp["d_b"], h, lp["d_w"]), lp["ln2_w"], lp["ln2_b"], eps)
    return x.reshape(B, L, H)


# -- tokenizer -------------------------------------------------------------------------------------------
def load_tokenizer(folder: Path):
    """A ``tokenizers.Tokenizer`` with padding and truncation switched off (callers truncate explicitly).

    Uses tokenizer.json; a WordPiece vocab.txt alone (old BERT folders) is wrapped with the BERT normaliser.
    """
    from tokenizers import Tokenizer

    tj = folder / "tokenizer.json"
    if tj.is_file():
        try:
            tok = Tokenizer.from_file(str(tj))
        except Exception as exc:  # noqa: BLE001 - tokenizers raises a bare Exception for bad JSON
            raise ModelLoadError(f"{tj} could not be read ({exc}). The model folder may be damaged.") from exc
    elif (folder / "vocab.txt").is_file():
        from tokenizers.implementations import BertWordPieceTokenizer

        lower = True
        tc = folder / "tokenizer_config.json"
        if tc.is_file():
            lower = bool(json.loads(tc.read_text(encoding="utf-8")).get("do_lower_case", True))
        tok = BertWordPieceTokenizer(str(folder / "vocab.txt"), lowercase=lower)._tokenizer
    else:
        raise ModelLoadError(
            f"The folder {folder} has no tokenizer.json (or vocab.txt). Alcove needs the model's fast tokenizer; "
            "copy tokenizer.json next to config.json."
        )
    tok.no_padding()
    tok.no_truncation()
    return tok


def tokenizer_max_length(folder: Path) -> int | None:
    tc = folder / "tokenizer_config.json"
    if not tc.is_file():
        return None
    try:
        value = json.loads(tc.read_text(encoding="utf-8")).get("model_max_length")
    except (OSError, ValueError):
        return None
    return int(value) if isinstance(value, (int, float)) and value < 1_000_000 else None
