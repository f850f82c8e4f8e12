"""DFlash block drafters in MLX: the model, its loader and its pairing check.

A DFlash drafter (``DFlashDraftModel``, arXiv:2602.06036) drafts a whole block in one forward. Its input is the
block ``[last token, mask, mask, ...]`` embedded with the TARGET's input embedding; every layer attends to the block
itself (bidirectionally in full-attention layers unless the config says ``is_causal``; causally within a window in
``sliding_attention`` layers, as the reference reads them) and to keys and values projected from the target's
hidden states of all earlier positions: the outputs of the target layers named by ``target_layer_ids``, concatenated
and projected down by ``fc`` + ``hidden_norm``. Those context keys/values depend only on the projected target hidden
states, so they are cached per layer and grow by the accepted positions only. The block's hidden states go through
the target's output head (times ``output_multiplier``, soft-capped when configured) to give one distribution per
masked position. The checkpoint format is the reference's (PyPI ``dflash``): a Qwen3-style config.json with
``architectures: ["DFlashDraftModel"]``, ``num_target_layers``, ``block_size`` and ``dflash_config``
(``target_layer_ids``, ``mask_token_id``), and safetensors named ``layers.N.*``, ``fc``, ``hidden_norm``, ``norm``.
Engine-thread only; nothing here runs at import time.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import mlx.core as mx
import mlx.nn as nn
from mlx.utils import tree_flatten

from engine.core import IncompatibleDraftError, ModelLoadError
from engine.models import (
    ModelInfo,
    ResolvedModel,
    apply_transform_file,
    read_config,
    resolve_model,
)
from engine.speculative.drafter_files import read_weights, set_weights

log = logging.getLogger(__name__)

DFLASH_MODEL_TYPE = "dflash"
DFLASH_KIND = "dflash-drafter"
_ARCHITECTURES = ("DFlashDraftModel", "DFlash2DraftModel")


def is_dflash_config(config: dict) -> bool:
    if not isinstance(config, dict):
        return False
    archs = config.get("architectures") or []
    return any(a in _ARCHITECTURES for a in archs) or isinstance(config.get("dflash_config"), dict)


def default_target_layer_ids(num_target_layers: int, num_draft_layers: int) -> list[int]:
    """Target layers spread evenly from the second to the fourth-last (the paper's default when a checkpoint names
    none); one draft layer reads the middle one."""
    if num_draft_layers == 1:
        return [num_target_layers // 2]
    start, end = 1, num_target_layers - 3
    return [round(start + i * (end - start) / (num_draft_layers - 1)) for i in range(num_draft_layers)]


@dataclass(frozen=True)
class DFlashConfig:
    hidden_size: int
    num_hidden_layers: int
    num_attention_heads: int
    num_key_value_heads: int
    head_dim: int
    intermediate_size: int
    vocab_size: int
    rms_norm_eps: float
    rope_theta: float
    rope_scaling: dict | None
    max_position_embeddings: int
    attention_bias: bool
    block_size: int
    num_target_layers: int
    target_layer_ids: tuple[int, ...]
    mask_token_id: int
    layer_types: tuple[str, ...]
    sliding_window: int | None
    is_causal: bool | None  # None: causal in sliding layers only
    input_embedding_scale: float
    output_multiplier: float
    final_logit_softcapping: float | None

    @classmethod
    def from_dict(cls, config: dict) -> DFlashConfig:
        """The reference's reading of a checkpoint config: ``dflash_config`` entries override top-level ones."""
        name = "This DFlash drafter"
        if "DFlash2DraftModel" in (config.get("architectures") or []):
            raise ModelLoadError(
                f"{name} is a DFlash 2 drafter (candidate selector and dynamic convolutions); Alcove runs DFlash "
                "(version 1) drafters only."
            )
        extra = config.get("dflash_config") or {}

        def value(key: str, default: Any = None) -> Any:
            return extra.get(key, config.get(key, default))

        required = (
            "hidden_size",
            "num_hidden_layers",
            "num_attention_heads",
            "intermediate_size",
            "vocab_size",
            "num_target_layers",
        )
        missing = [k for k in required if config.get(k) is None]
        if value("mask_token_id") is None:
            missing.append("dflash_config.mask_token_id")
        if missing:
            raise ModelLoadError(f"{name}'s config.json lacks {', '.join(missing)}.")
        layers = int(config["num_hidden_layers"])
        layer_types = tuple(config.get("layer_types") or ["full_attention"] * layers)
        unknown = sorted(set(layer_types) - {"full_attention", "sliding_attention"})
        if unknown or len(layer_types) != layers:
            raise ModelLoadError(
                f"{name}'s layer_types ({', '.join(unknown) or len(layer_types)}) are not one of full_attention and "
                f"sliding_attention per layer ({layers} layers)."
            )
        window = config.get("sliding_window")
        if "sliding_attention" in layer_types and not (isinstance(window, int) and window > 0):
            raise ModelLoadError(f"{name} has sliding_attention layers but no positive sliding_window.")
        heads = int(config["num_attention_heads"])
        rope = config.get("rope_scaling") or config.get("rope_parameters") or None
        theta = config.get("rope_theta", (rope or {}).get("rope_theta", 10000.0))
        if rope is not None and rope.get("rope_type", rope.get("type", "default")) == "default":
            rope = None
        causal = config.get("is_causal")
        softcap = value("final_logit_softcapping")
        target_layers = int(config["num_target_layers"])
        return cls(
            hidden_size=int(config["hidden_size"]),
            num_hidden_layers=layers,
            num_attention_heads=heads,
            num_key_value_heads=int(config.get("num_key_value_heads") or heads),
            head_dim=int(config.get("head_dim") or int(config["hidden_size"]) // heads),
            intermediate_size=int(config["intermediate_size"]),
            vocab_size=int(config["vocab_size"]),
            rms_norm_eps=float(config.get("rms_norm_eps", 1e-6)),
            rope_theta=float(theta),
            rope_scaling=rope,
            max_position_embeddings=int(config.get("max_position_embeddings", 32768)),
            attention_bias=bool(config.get("attention_bias", False)),
            block_size=int(value("block_size", 16)),
            num_target_layers=target_layers,
            target_layer_ids=tuple(
                int(i) for i in value("target_layer_ids") or default_target_layer_ids(target_layers, layers)
            ),
            mask_token_id=int(value("mask_token_id")),
            layer_types=layer_types,
            sliding_window=int(window) if window else None,
            is_causal=bool(causal) if causal is not None else None,
            input_embedding_scale=float(value("input_embedding_scale", 1.0)),
            output_multiplier=float(value("output_multiplier", 1.0)),
            final_logit_softcapping=float(softcap) if softcap else None,
        )


class _Attention(nn.Module):
    def __init__(self, cfg: DFlashConfig, layer_type: str) -> None:
        super().__init__()
        sliding = layer_type == "sliding_attention"
        self.window = cfg.sliding_window if sliding else None
        self.causal = sliding if cfg.is_causal is None else cfg.is_causal
        h, d = cfg.hidden_size, cfg.head_dim
        self.n_heads, self.n_kv_heads, self.head_dim = cfg.num_attention_heads, cfg.num_key_value_heads, d
        self.q_proj = nn.Linear(h, self.n_heads * d, bias=cfg.attention_bias)
        self.k_proj = nn.Linear(h, self.n_kv_heads * d, bias=cfg.attention_bias)
        self.v_proj = nn.Linear(h, self.n_kv_heads * d, bias=cfg.attention_bias)
        self.o_proj = nn.Linear(self.n_heads * d, h, bias=cfg.attention_bias)
        self.q_norm = nn.RMSNorm(d, eps=cfg.rms_norm_eps)
        self.k_norm = nn.RMSNorm(d, eps=cfg.rms_norm_eps)
        from mlx_lm.models.rope_utils import initialize_rope

        self.rope = initialize_rope(
            d,
            base=cfg.rope_theta,
            traditional=False,
            scaling_config=cfg.rope_scaling,
            max_position_embeddings=cfg.max_position_embeddings,
        )

    def _kv(self, x: mx.array, position: int) -> tuple[mx.array, mx.array]:
        b, n, _ = x.shape
        k = self.k_norm(self.k_proj(x).reshape(b, n, self.n_kv_heads, -1)).transpose(0, 2, 1, 3)
        v = self.v_proj(x).reshape(b, n, self.n_kv_heads, -1).transpose(0, 2, 1, 3)
        return self.rope(k, offset=position), v

    def context_kv(self, ctx: mx.array, position: int) -> tuple[mx.array, mx.array]:
        """Keys (normed, rotated from ``position``) and values of projected target hidden states [B, S, H]."""
        return self._kv(ctx, position)

    def _mask(self, s: int, n: int) -> mx.array | None:
        """Which of ``s`` context keys (the positions just before the block) and ``n`` block keys each block query
        sees."""
        if not self.causal and self.window is None:
            return None
        key = mx.arange(s + n)[None, :]
        query = s + mx.arange(n)[:, None]
        visible = mx.ones((n, s + n), dtype=mx.bool_)
        if self.causal:
            visible = visible & (key <= query)
        if self.window is not None:
            visible = visible & (query - key < self.window)
            if not self.causal:
                visible = visible & (key - query < self.window)
        return visible

    def __call__(self, x: mx.array, ctx_k: mx.array, ctx_v: mx.array, position: int) -> mx.array:
        b, n, _ = x.shape
        q = self.q_norm(self.q_proj(x).reshape(b, n, self.n_heads, -1)).transpose(0, 2, 1, 3)
        q = self.rope(q, offset=position)
        k, v = self._kv(x, position)
        keys = mx.concatenate([ctx_k, k], axis=2)
        values = mx.concatenate([ctx_v, v], axis=2)
        mask = self._mask(ctx_k.shape[2], n)
        out = mx.fast.scaled_dot_product_attention(q, keys, values, scale=self.head_dim**-0.5, mask=mask)
        return self.o_proj(out.transpose(0, 2, 1, 3).reshape(b, n, -1))


class _MLP(nn.Module):
    def __init__(self, cfg: DFlashConfig) -> None:
        super().__init__()
        self.gate_proj = nn.Linear(cfg.hidden_size, cfg.intermediate_size, bias=False)
        self.up_proj = nn.Linear(cfg.hidden_size, cfg.intermediate_size, bias=False)
        self.down_proj = nn.Linear(cfg.intermediate_size, cfg.hidden_size, bias=False)

    def __call__(self, x: mx.array) -> mx.array:
        return self.down_proj(nn.silu(self.gate_proj(x)) * self.up_proj(x))


class _Layer(nn.Module):
    def __init__(self, cfg: DFlashConfig, layer_type: str) -> None:
        super().__init__()
        self.self_attn = _Attention(cfg, layer_type)
        self.mlp = _MLP(cfg)
        self.input_layernorm = nn.RMSNorm(cfg.hidden_size, eps=cfg.rms_norm_eps)
        self.post_attention_layernorm = nn.RMSNorm(cfg.hidden_size, eps=cfg.rms_norm_eps)

    def __call__(self, x, ctx_k, ctx_v, position: int) -> mx.array:
        h = x + self.self_attn(self.input_layernorm(x), ctx_k, ctx_v, position)
        return h + self.mlp(self.post_attention_layernorm(h))


class DFlashDrafter(nn.Module):
    """The drafter's own weights; the embedding and the output head are the target's (see ``DFlashTarget``)."""

    def __init__(self, cfg: DFlashConfig) -> None:
        super().__init__()
        self.cfg = cfg
        self.layers = [_Layer(cfg, t) for t in cfg.layer_types]
        self.fc = nn.Linear(len(cfg.target_layer_ids) * cfg.hidden_size, cfg.hidden_size, bias=False)
        self.hidden_norm = nn.RMSNorm(cfg.hidden_size, eps=cfg.rms_norm_eps)
        self.norm = nn.RMSNorm(cfg.hidden_size, eps=cfg.rms_norm_eps)

    def context(self, target_hidden: mx.array, position: int) -> list[tuple[mx.array, mx.array]]:
        """Per-layer context keys/values for target hidden states [B, S, len(ids) * H] starting at ``position``."""
        ctx = self.hidden_norm(self.fc(target_hidden))
        return [layer.self_attn.context_kv(ctx, position) for layer in self.layers]

    def __call__(self, noise: mx.array, context: list[tuple[mx.array, mx.array]], position: int) -> mx.array:
        """Normed hidden states [B, L, H] of the block embedded as ``noise`` whose first entry is at ``position``;
        ``context[i]`` holds layer i's keys/values of every earlier position."""
        h = noise
        for layer, (k, v) in zip(self.layers, context, strict=True):
            h = layer(h, k, v, position)
        return self.norm(h)

    def logits(self, hidden: mx.array, head: Any) -> mx.array:
        out = head(hidden)
        if self.cfg.output_multiplier != 1.0:
            out = out * self.cfg.output_multiplier
        cap = self.cfg.final_logit_softcapping
        if cap:
            out = mx.tanh(out / cap) * cap
        return out


@dataclass
class LoadedDFlash:
    """A loaded DFlash drafter. It has no tokenizer, embedding or head: it drafts in its target's vocabulary."""

    model: DFlashDrafter
    config: dict
    cfg: DFlashConfig
    info: ModelInfo
    key: str
    tokenizer: Any = None
    extra: dict = field(default_factory=dict)


def load_dflash(
    spec: str | Path | ResolvedModel, *, dtype: str | None = None, transform: str | None = None
) -> LoadedDFlash:
    """Load a DFlash drafter folder (the reference's config.json + safetensors)."""
    t0 = time.perf_counter()
    resolved = spec if isinstance(spec, ResolvedModel) else resolve_model(str(spec))
    config = read_config(resolved.path)
    if not is_dflash_config(config):
        raise ModelLoadError(f"{resolved.name} is not a DFlash drafter (no DFlashDraftModel architecture).")
    if config.get("quantization"):
        raise ModelLoadError(
            f"{resolved.name} is a quantized DFlash drafter; Alcove loads drafters in float precision only."
        )
    cfg = DFlashConfig.from_dict(config)
    model = DFlashDrafter(cfg)
    weights = read_weights(resolved.path)
    weights = {k: v for k, v in weights.items() if "rotary_emb" not in k}
    thash = None
    if transform:
        weights, thash, new_config = apply_transform_file(weights, transform, config=config)
        if new_config is not None:
            raise ModelLoadError("Dropping layers of a DFlash drafter is not supported.")
    expected = dict(tree_flatten(model.parameters()))
    missing = sorted(set(expected) - set(weights))
    unknown = sorted(set(weights) - set(expected))
    if missing or unknown:
        parts = []
        if missing:
            parts.append(f"missing tensors {', '.join(missing[:6])}{' ...' if len(missing) > 6 else ''}")
        if unknown:
            parts.append(f"unexpected tensors {', '.join(unknown[:6])}{' ...' if len(unknown) > 6 else ''}")
        raise ModelLoadError(
            f"The DFlash drafter {resolved.name} does not match its config.json: {'; '.join(parts)}."
        )
    info, key = set_weights(model, weights, resolved, dtype=dtype, model_type=DFLASH_MODEL_TYPE, kind=DFLASH_KIND,
                            dtype_family="qwen3", started=t0, transform_sha256=thash)  # fmt: skip
    log.info("loaded DFlash drafter %s (%d params, %s)", info.name, info.parameters, info.dtype)
    return LoadedDFlash(model, config, cfg, info, key)


# -- pairing -----------------------------------------------------------------------------------------------------
def target_parts(model: Any) -> tuple[Any, Any] | None:
    """(the inner model holding ``embed_tokens`` and ``layers``, the outer model with the output head) of an mlx-lm
    target, or None when its layers cannot be read."""
    for outer in (model, getattr(model, "language_model", None)):
        inner = getattr(outer, "model", None)
        if (
            inner is not None
            and hasattr(inner, "embed_tokens")
            and isinstance(getattr(inner, "layers", None), list)
        ):
            return inner, outer
    return None


def _target_dims(target: Any) -> tuple[int | None, int | None]:
    cfg = getattr(target, "config", None) or {}
    text = cfg.get("text_config") if isinstance(cfg.get("text_config"), dict) else {}
    hidden = cfg.get("hidden_size") or text.get("hidden_size")
    vocab = cfg.get("vocab_size") or text.get("vocab_size")
    return (int(hidden) if hidden else None), (int(vocab) if vocab else None)


def pairing_problems(target: Any, drafter: LoadedDFlash) -> list[str]:
    """Why ``drafter`` cannot draft for ``target`` (a LoadedLM), one sentence each; empty when it can."""
    name = getattr(getattr(target, "info", None), "name", "the chat model")
    parts = target_parts(getattr(target, "model", target))
    if parts is None:
        mt = getattr(getattr(target, "info", None), "model_type", "another")
        return [f"{name} is a {mt} model whose layers a DFlash drafter cannot read."]
    cfg, out = drafter.cfg, []
    hidden, vocab = _target_dims(target)
    n_layers = len(parts[0].layers)
    if hidden is not None and hidden != cfg.hidden_size:
        out.append(
            f"The drafter was trained for a target of hidden size {cfg.hidden_size}, but {name} has {hidden}."
        )
    if vocab is not None and vocab != cfg.vocab_size:
        out.append(f"The drafter's vocabulary has {cfg.vocab_size} tokens, {name}'s has {vocab}.")
    if vocab is not None and not 0 <= cfg.mask_token_id < vocab:
        out.append(f"The drafter's mask token {cfg.mask_token_id} is outside {name}'s vocabulary of {vocab}.")
    if n_layers != cfg.num_target_layers:
        out.append(
            f"The drafter was trained on a target of {cfg.num_target_layers} layers, but {name} has {n_layers}."
        )
    bad = [i for i in cfg.target_layer_ids if not 0 <= i < n_layers]
    if bad:
        out.append(f"The drafter reads target layers {bad}, which {name} does not have.")
    return out


def check_pairing(target: Any, drafter: LoadedDFlash) -> None:
    problems = pairing_problems(target, drafter)
    if problems:
        raise IncompatibleDraftError(
            f"The DFlash drafter {drafter.info.name} cannot draft for {getattr(target.info, 'name', 'this model')}: "
            + " ".join(problems)
            + " Load the DFlash drafter released for this exact model."
        )
