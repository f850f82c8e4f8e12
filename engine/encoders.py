"""BERT-family text encoders (BertModel, XLM-RoBERTa) in MLX, loaded from Hugging Face safetensors.

The forward pass is one pure function over a flat tuple of fp32 weights, compiled with ``mx.compile`` once per
input shape: the caller keeps the number of shapes small by bucketing lengths. q/k/v projections are fused into
one matmul and every weight is pre-transposed at load, so the hot loop is a handful of BLAS calls per layer.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from engine.errors import ModelLoadError

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


def read_config(folder: Path) -> tuple[EncoderConfig, dict]:
    """Parse ``config.json``; returns the typed encoder config and the raw dict (heads read more from it)."""
    path = folder / "config.json"
    if not path.is_file():
        raise ModelLoadError(
            f"The folder {folder} has no config.json, so it is not a Hugging Face model folder. "
            "Choose the folder that contains config.json and model.safetensors."
        )
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ModelLoadError(
            f"{path} could not be read as JSON ({exc}). The model folder may be damaged."
        ) from exc
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
            f"{path} lacks a required setting ({exc}). The model folder may be damaged."
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
            act=mx.compile(partial(_act, cfg.hidden_act)),
            exp=mx.compile(_exp_nonpositive),
            fused_attention=mx.default_device() == mx.gpu,
        )

    def run(self, head: Callable, ids, type_ids, mask, extra=()):
        """``head(trunk(ids), mask, *extra)``; ``mask`` is None when no row is padded."""
        return head(_trunk(self.cfg, self.params, ids, type_ids, mask, self.kernels), mask, *extra)


@dataclass(frozen=True)
class _Kernels:
    act: Callable  # the activation, compiled (one fused contiguous kernel)
    exp: Callable  # _exp_nonpositive, compiled
    fused_attention: bool  # mx.fast.scaled_dot_product_attention (GPU) instead of the CPU path in _attention


def load_encoder(folder: Path, transform: str | None = None) -> tuple[Encoder, dict, dict]:
    """Load the trunk; returns (encoder, raw config dict, the remaining non-trunk tensors for heads).

    ``transform`` (a YAML file, see engine.transforms) edits the checkpoint's tensors, in their HF names without the
    ``bert.``/``roberta.`` prefix, before anything is packed; ``encoder.transform_sha256`` holds the result's hash.
    """
    cfg, raw = read_config(folder)
    weights = strip_prefix(load_safetensors(folder))
    digest = None
    if transform:
        from .transforms import apply_transforms, load_transform_spec

        result = apply_transforms(
            weights, load_transform_spec(transform), lambda other: strip_prefix(load_safetensors(Path(other)))
        )
        weights, digest = result.weights, result.sha256
    trunk_names = {k for k in weights if k.startswith(("embeddings.", "encoder."))}
    enc = Encoder(cfg, {k: weights[k] for k in trunk_names}, folder)
    enc.transform_sha256 = digest
    rest = {k: v for k, v in weights.items() if k not in trunk_names}
    return enc, raw, rest


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
# Elementwise work is what makes MLX's CPU backend slow here: its own erf/exp are scalar (~12-30 ns/element) and
# mx.compile fuses at most 11 ops deep into one kernel (mlx/compile.cpp: max_compile_depth), so a long Horner
# chain is cut into several kernels whose seams come out as strided loops. The functions below are mul/add/abs
# only, evaluated with Estrin's scheme (depth ~log of the degree) so each one fits a single contiguous kernel.
#
# erf(u) ~ u * P(u^2) / Q(u^2) on [-4, 4] (erf is +-1 in fp32 beyond): a rational least-squares fit made for
# Alcove (max abs error 5e-7 in fp32).
_ERF_P = (
    1.128378819189617,
    0.2061136191203273,
    0.05138600580578033,
    0.003965617879471426,
    0.00014822458318758448,
    -1.977515713894652e-06,
    1.9667930497445968e-08,
)
_ERF_Q = (1.0, 0.5159925972829877, 0.1175533399149268, 0.014880657606902926, 0.0010204739009662637)
# GELU(x) = x/2 + x/2 * erf(x/sqrt2). With c = clip(x, +-4 sqrt2) and z = c^2 (so u^2 = z/2), that is
# x/2 + x * c * G(z) / R(z) where G and R are P and Q with the 1/sqrt2 and the halving folded into the coefficients.
_GELU_CLIP = 4.0 * math.sqrt(2.0)
_GELU_G = tuple(c * 0.5**i * 0.5 / math.sqrt(2.0) for i, c in enumerate(_ERF_P))
_GELU_R = tuple(c * 0.5**i for i, c in enumerate(_ERF_Q))


def _estrin(coeffs: tuple[float, ...], z):
    """sum(coeffs[i] * z**i) by Estrin's scheme: pairs c0 + c1 z, then combined with z^2, z^4, ..."""
    terms = [
        z * coeffs[i + 1] + coeffs[i] if i + 1 < len(coeffs) else coeffs[i] for i in range(0, len(coeffs), 2)
    ]
    power = z * z
    while len(terms) > 1:
        pairs = range(0, len(terms), 2)
        terms = [terms[i] + power * terms[i + 1] if i + 1 < len(terms) else terms[i] for i in pairs]
        power = power * power
    return terms[0]


def _clip_symmetric(x, bound: float):
    """clip(x, -bound, bound) as (|x + b| - |x - b|) / 2: mlx's minimum/maximum test for NaN per element, which
    stops the compiler vectorising the kernel; abs does not. Inside the bound the result is off by at most an ulp
    of ``bound``, which the callers multiply by x (so the error scales with x)."""
    import mlx.core as mx

    return (mx.abs(x + bound) - mx.abs(x - bound)) * 0.5


def _gelu_erf(x):
    """Exact (erf) GELU within 2e-6 absolute of float64, as one fused vectorisable kernel."""
    c = _clip_symmetric(x, _GELU_CLIP)
    z = c * c
    return x * 0.5 + (x * c) * _estrin(_GELU_G, z) / _estrin(_GELU_R, z)


# exp(x) for x <= 0 is r(w) ** 32 with w = |x + 32| + x, which is 2x + 32 on [-32, 0] and -32 below (so the result
# is exp(max(x, -32)) without mlx's NaN-testing maximum). r(w) = exp(w / 64 - 1/2) on w in [-32, 32]: a
# least-squares fit in u = w / 64 on [-1/2, 1/2] (relative error 1.2e-9) made for Alcove, scaled to take w.
# In fp32 the whole thing is within 7e-6 relative of exp; weights below e^-32 of the row maximum come out as
# e^-32 (< 1.3e-14 of the maximum's weight).
_EXP_U = (
    0.6065306592505674,
    0.6065306594817672,
    0.30326538897408,
    0.10108845559336913,
    0.025270929308260626,
    0.005054245042295734,
    0.0008499550772760194,
    0.00012128689134546927,
)
_EXP_W = tuple(c / 64.0**i for i, c in enumerate(_EXP_U))


def _kernel_break(x):
    """``x`` as it is, but mx.compile starts a new fused kernel here: a reshape is not elementwise.

    Used where mlx would otherwise split a long elementwise graph itself (past its fusion depth) at a seam that it
    runs as a strided, scalar loop, or fuse a broadcasting op into a long kernel and make all of it strided.
    """
    other = (1, -1) if x.ndim != 2 or x.shape[0] != 1 else (-1,)
    return x.reshape(other).reshape(x.shape)


def _exp_nonpositive(x):
    import mlx.core as mx

    p = _kernel_break(_estrin(_EXP_W, mx.abs(x + 32.0) + x))
    for _ in range(5):
        p = p * p
    return p


def _attention(q, k_t, v, bias, keep, exp=_exp_nonpositive):
    """softmax(q k_t + bias) v for pre-scaled q and transposed k, on the CPU. ``bias`` [B, 1, 1, L] is 0 for tokens and -1e9 for
    padding, ``keep`` [B, 1, L, 1] is 1 for tokens and 0 for padding; both None when no row is padded.

    The softmax denominator comes out of the value product: v gets a column of ones (zeroed with the value rows of
    padded keys), so ``e @ [v | 1]`` holds both the weighted sum and the sum of the weights, and no reduction or
    [L, L] division is needed. Padded keys add exactly nothing.
    """
    import mlx.core as mx

    s = q @ k_t
    if bias is not None:
        s = s + bias
    m = s.max(axis=-1, keepdims=True)
    # Evaluated here on purpose: mlx picks its fast row-broadcast loop for s - m only when m is already computed;
    # left lazy, the subtraction runs ~15x slower (41 vs 2.5 ms on [23, 12, 173, 173]).
    mx.eval(m)
    e = exp(s - m)
    ones = mx.ones((*v.shape[:-1], 1), dtype=v.dtype)
    if keep is not None:
        v, ones = v * keep, ones * keep
    o = e @ mx.concatenate([v, ones], axis=-1)
    return o[..., :-1] / o[..., -1:]


def _act(name: str, x):
    import mlx.core as mx
    import mlx.nn as nn

    if name == "gelu":
        return _gelu_erf(x)
    if name in ("gelu_new", "gelu_pytorch_tanh", "gelu_fast"):
        return nn.gelu_approx(x)
    if name == "relu":
        return mx.maximum(x, 0.0)
    return x * mx.sigmoid(x)


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
        mx.eval(bias, keep)  # inputs of broadcasting ops: computed first for mlx's fast path (see _attention)
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
            a = _attention(q, k_t, v, bias, keep, kernels.exp)
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
