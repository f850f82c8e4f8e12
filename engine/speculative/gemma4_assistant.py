"""The Gemma 4 assistant (multi-token-prediction drafter) in MLX, its loader and its pairing check.

A Gemma 4 assistant (``Gemma4AssistantForCausalLM`` in transformers) is a small stack of gemma4_text decoder layers
with no K/V projections of its own: every layer cross-attends to the TARGET's keys and values (those of the target's
last full-attention and last sliding-attention cache layers) from one query at a constant position, the position of
the last token the target has seen. Its input is concat(target input embedding of that token, target final hidden
state), projected down by ``pre_projection``; its outputs are logits over the target's vocabulary (the tied
embedding, or a centroid-masked subset of it when ``use_ordered_embeddings``) and, through ``post_projection``, the
hidden state fed to its next drafting step. The decoder layers are mlx-lm's gemma4_text classes; only the wiring is
ours. Engine-thread only; nothing here runs at import time.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import mlx.core as mx
import mlx.nn as nn

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

ASSISTANT_MODEL_TYPE = "gemma4_assistant"
LAYER_TYPES = ("full_attention", "sliding_attention")


def is_gemma4_assistant_config(config: dict) -> bool:
    return isinstance(config, dict) and config.get("model_type") == ASSISTANT_MODEL_TYPE


def text_model_args(text_config: dict, *, all_kv_shared: bool = False):
    """mlx-lm gemma4_text ModelArgs for a transformers Gemma4TextConfig dict.

    transformers 5.2x writes the full-attention head size as ``per_layer_config`` overrides instead of
    ``global_head_dim`` (which mlx-lm reads, defaulting to 512 like transformers): fold it back.
    """
    from mlx_lm.models.gemma4_text import ModelArgs

    cfg = dict(text_config)
    per_layer = cfg.get("per_layer_config")
    if isinstance(per_layer, dict) and "global_head_dim" not in cfg:
        # an override is written only where a full-attention layer differs from the defaults
        types = cfg.get("layer_types") or []
        full = [
            dict(v) for k, v in per_layer.items() if int(k) < len(types) and types[int(k)] == "full_attention"
        ]
        over = full[0] if full else {}
        cfg["global_head_dim"] = over.get("head_dim", cfg.get("head_dim", 256))
        if "num_key_value_heads" in over:
            cfg.setdefault("num_global_key_value_heads", over["num_key_value_heads"])
    if all_kv_shared:
        cfg["num_kv_shared_layers"] = cfg["num_hidden_layers"]
        cfg["use_double_wide_mlp"] = False
    return ModelArgs.from_dict(cfg)


@dataclass(frozen=True)
class AssistantConfig:
    backbone_hidden_size: int
    use_ordered_embeddings: bool
    num_centroids: int
    centroid_intermediate_top_k: int
    tie_word_embeddings: bool
    text: Any  # mlx_lm.models.gemma4_text.ModelArgs

    @classmethod
    def from_dict(cls, config: dict) -> AssistantConfig:
        text = config.get("text_config")
        if not isinstance(text, dict):
            raise ModelLoadError("The Gemma 4 assistant's config.json has no text_config.")
        problems = []
        if text.get("hidden_size_per_layer_input", 0):
            problems.append("hidden_size_per_layer_input must be 0")
        if text.get("enable_moe_block", False):
            problems.append("enable_moe_block must be false")
        if text.get("use_double_wide_mlp", False):
            problems.append("use_double_wide_mlp must be false")
        shared = text.get("num_kv_shared_layers") or text.get("num_hidden_layers")
        if shared != text.get("num_hidden_layers"):
            problems.append(
                "every layer must share the target's K/V (num_kv_shared_layers = num_hidden_layers)"
            )
        if problems:
            raise ModelLoadError("This Gemma 4 assistant's config is not valid: " + "; ".join(problems) + ".")
        args = text_model_args(text, all_kv_shared=True)
        out = cls(
            backbone_hidden_size=int(config.get("backbone_hidden_size", 1536)),
            use_ordered_embeddings=bool(config.get("use_ordered_embeddings", False)),
            num_centroids=int(config.get("num_centroids", 2048)),
            centroid_intermediate_top_k=int(config.get("centroid_intermediate_top_k", 32)),
            tie_word_embeddings=bool(
                config.get("tie_word_embeddings", text.get("tie_word_embeddings", True))
            ),
            text=args,
        )
        if out.use_ordered_embeddings and (
            args.vocab_size % out.num_centroids
            or not 0 < out.centroid_intermediate_top_k <= out.num_centroids
        ):
            raise ModelLoadError(
                f"This Gemma 4 assistant's ordered embedding is not valid: {args.vocab_size} tokens do not split "
                f"evenly into {out.num_centroids} centroids, or top-k {out.centroid_intermediate_top_k} is out of range."
            )
        return out


class MaskedEmbedder(nn.Module):
    """Logits for the tokens of the top-k centroids only; every other token gets (smallest selected logit - 1)."""

    def __init__(self, cfg: AssistantConfig):
        super().__init__()
        self.top_k = cfg.centroid_intermediate_top_k
        self.num_centroids = cfg.num_centroids
        self.vocab_size = cfg.text.vocab_size
        self.per_centroid = self.vocab_size // self.num_centroids
        self.centroids = nn.Linear(cfg.text.hidden_size, self.num_centroids, bias=False)
        self.token_ordering = mx.zeros((self.vocab_size,), dtype=mx.int32)

    def __call__(self, h: mx.array, table: mx.array) -> mx.array:
        batch, length, dim = h.shape
        scores = self.centroids(h)
        # the order of the chosen centroids does not matter: their logits are scattered to token positions
        top = mx.argpartition(-scores, kth=self.top_k - 1, axis=-1)[..., : self.top_k]
        groups = self.token_ordering.astype(mx.int32).reshape(self.num_centroids, self.per_centroid)
        chosen = groups[top].reshape(batch, length, -1)  # [B, L, top_k * per_centroid] token ids
        rows = table[chosen]  # [B, L, n, D]
        picked = (h[..., None, :] @ rows.swapaxes(-1, -2))[..., 0, :]
        fill = mx.min(picked) - 1.0
        out = mx.broadcast_to(fill.astype(h.dtype), (batch, length, self.vocab_size))
        return mx.put_along_axis(out, chosen, picked.astype(h.dtype), axis=-1)


class _Body(nn.Module):
    def __init__(self, args: Any):
        super().__init__()
        from mlx_lm.models.gemma4_text import DecoderLayer

        self.embed_tokens = nn.Embedding(args.vocab_size, args.hidden_size)
        self.layers = [DecoderLayer(args, layer_idx=i) for i in range(args.num_hidden_layers)]
        self.norm = nn.RMSNorm(args.hidden_size, eps=args.rms_norm_eps)


class Gemma4Assistant(nn.Module):
    def __init__(self, cfg: AssistantConfig):
        super().__init__()
        self.cfg = cfg
        args = cfg.text
        self.model = _Body(args)
        self.pre_projection = nn.Linear(2 * cfg.backbone_hidden_size, args.hidden_size, bias=False)
        self.post_projection = nn.Linear(args.hidden_size, cfg.backbone_hidden_size, bias=False)
        if not cfg.tie_word_embeddings:
            self.lm_head = nn.Linear(args.hidden_size, args.vocab_size, bias=False)
        if cfg.use_ordered_embeddings:
            self.masked_embedding = MaskedEmbedder(cfg)

    @property
    def layer_types(self) -> tuple[str, ...]:
        return tuple(layer.layer_type for layer in self.model.layers)

    def __call__(
        self, inputs_embeds: mx.array, shared_kv: dict[str, tuple[mx.array, mx.array]], position: int
    ) -> tuple[mx.array, mx.array]:
        """[B, L, 2 * backbone] inputs, the target's K/V per layer type ([B, kv_heads, S, head_dim], oldest first)
        and the position of the last seen token -> (logits [B, L, V], projected hidden state [B, L, backbone])."""
        kv = dict(shared_kv)
        window = self.cfg.text.sliding_window
        if "sliding_attention" in kv and kv["sliding_attention"][0].shape[-2] > window + 1:
            # transformers' bidirectional sliding mask lets one query see kv entries within distance <= window
            k, v = kv["sliding_attention"]
            kv["sliding_attention"] = (k[..., -(window + 1) :, :], v[..., -(window + 1) :, :])
        h = self.pre_projection(inputs_embeds)
        for layer in self.model.layers:
            h, _, _ = layer(h, None, None, shared_kv=kv[layer.layer_type], offset=position)
        h = self.model.norm(h)
        projected = self.post_projection(h)
        table = self.lm_head.weight if not self.cfg.tie_word_embeddings else self.model.embed_tokens.weight
        if self.cfg.use_ordered_embeddings:
            logits = self.masked_embedding(h, table)
        elif self.cfg.tie_word_embeddings:
            logits = self.model.embed_tokens.as_linear(h)
        else:
            logits = self.lm_head(h)
        return logits, projected


@dataclass
class LoadedAssistant:
    """A loaded Gemma 4 assistant. It has no tokenizer: it drafts in its target's vocabulary. Engine-thread only."""

    model: Gemma4Assistant
    config: dict
    cfg: AssistantConfig
    info: ModelInfo
    key: str
    tokenizer: Any = None
    extra: dict = field(default_factory=dict)


_IGNORED = ("rotary_emb", ".self_attn.k_proj", ".self_attn.v_proj", ".self_attn.k_norm", ".self_attn.v_norm")


def _sanitize(weights: dict[str, mx.array], cfg: AssistantConfig) -> dict[str, mx.array]:
    out = {k: v for k, v in weights.items() if not any(s in k for s in _IGNORED)}
    if cfg.tie_word_embeddings:
        out.pop("lm_head.weight", None)
    if "masked_embedding.token_ordering" in out:
        out["masked_embedding.token_ordering"] = out["masked_embedding.token_ordering"].astype(mx.int32)
    return out


def load_gemma4_assistant(
    spec: str | Path | ResolvedModel, *, dtype: str | None = None, transform: str | None = None
) -> LoadedAssistant:
    """Load a Gemma 4 assistant checkpoint folder (config.json with model_type gemma4_assistant + safetensors)."""
    t0 = time.perf_counter()
    resolved = spec if isinstance(spec, ResolvedModel) else resolve_model(str(spec))
    config = read_config(resolved.path)
    if not is_gemma4_assistant_config(config):
        raise ModelLoadError(
            f"{resolved.name} is a {config.get('model_type')!r} model, not a Gemma 4 assistant (gemma4_assistant)."
        )
    if config.get("quantization"):
        raise ModelLoadError(
            f"{resolved.name} is a quantized Gemma 4 assistant; Alcove loads assistants in float precision only. "
            "Use the original (bfloat16) assistant checkpoint."
        )
    cfg = AssistantConfig.from_dict(config)
    model = Gemma4Assistant(cfg)
    weights = read_weights(resolved.path)
    weights = _sanitize(weights, cfg)
    thash = None
    if transform:
        weights, thash, new_config = apply_transform_file(weights, transform, config=config)
        if new_config is not None:
            raise ModelLoadError(
                "Dropping layers of a Gemma 4 assistant is not supported; prune weights instead."
            )
    info, key = set_weights(model, weights, resolved, dtype=dtype, model_type=ASSISTANT_MODEL_TYPE, kind="mtp-assistant",
                            dtype_family=ASSISTANT_MODEL_TYPE, started=t0, transform_sha256=thash)  # fmt: skip
    log.info("loaded Gemma 4 assistant %s (%d params, %s)", info.name, info.parameters, info.dtype)
    return LoadedAssistant(model, config, cfg, info, key)


# -- pairing -----------------------------------------------------------------------------------------------------
def find_gemma4_text(model: Any) -> Any | None:
    """The mlx-lm gemma4_text ``Model`` inside a target (itself, or the language model of a gemma4 checkpoint)."""
    from mlx_lm.models import gemma4_text

    for candidate in (model, getattr(model, "language_model", None)):
        if isinstance(candidate, gemma4_text.Model):
            return candidate
    return None


def producer_layers(text_model: Any) -> dict[str, int]:
    """Index of the target's last cache-owning layer of each attention type (the K/V an assistant reads)."""
    args = text_model.args
    owners = args.num_hidden_layers - args.num_kv_shared_layers
    found: dict[str, int] = {}
    for i in range(owners):
        found[args.layer_types[i]] = i
    return found


def _rope_key(args: Any, layer_type: str) -> tuple:
    p = (args.rope_parameters or {}).get(layer_type, {})
    return (
        p.get("rope_type", "default"),
        float(p.get("rope_theta", 10000.0)),
        float(p.get("partial_rotary_factor", 1.0)),
    )


def pairing_problems(target: Any, assistant: LoadedAssistant) -> list[str]:
    """Why ``assistant`` cannot draft for ``target`` (a LoadedLM), one sentence each; empty when it can."""
    text = find_gemma4_text(getattr(target, "model", target))
    name = getattr(getattr(target, "info", None), "name", "the chat model")
    if text is None:
        mt = getattr(getattr(target, "info", None), "model_type", "another")
        return [f"{name} is a {mt} model, and a Gemma 4 assistant drafts only for Gemma 4 models."]
    t, a, cfg = text.args, assistant.cfg.text, assistant.cfg
    out = []
    if cfg.backbone_hidden_size != t.hidden_size:
        out.append(
            f"The assistant was trained for a target of hidden size {cfg.backbone_hidden_size}, but {name} has "
            f"{t.hidden_size}."
        )
    if a.vocab_size != t.vocab_size:
        out.append(f"The assistant's vocabulary has {a.vocab_size} tokens, {name}'s has {t.vocab_size}.")
    producers = producer_layers(text)
    for layer_type in sorted(set(assistant.model.layer_types)):
        if layer_type not in producers:
            out.append(
                f"{name} has no {layer_type.replace('_', ' ')} layers whose keys and values the assistant reads."
            )
            continue
        attn = text.layers[producers[layer_type]].self_attn
        mine = next(
            layer.self_attn for layer in assistant.model.model.layers if layer.layer_type == layer_type
        )
        if mine.head_dim != attn.head_dim:
            out.append(
                f"The assistant's {layer_type.replace('_', ' ')} heads have {mine.head_dim} dimensions, "
                f"{name}'s keys have {attn.head_dim}."
            )
        elif mine.n_heads % attn.n_kv_heads:
            out.append(
                f"The assistant's {mine.n_heads} {layer_type.replace('_', ' ')} query heads cannot be grouped over "
                f"{name}'s {attn.n_kv_heads} key/value heads."
            )
        if _rope_key(a, layer_type) != _rope_key(t, layer_type):
            out.append(
                f"The assistant's rotary position settings for {layer_type.replace('_', ' ')} differ from {name}'s."
            )
    return out


def check_pairing(target: Any, assistant: LoadedAssistant) -> None:
    problems = pairing_problems(target, assistant)
    if problems:
        raise IncompatibleDraftError(
            f"The Gemma 4 assistant {assistant.info.name} cannot draft for {getattr(target.info, 'name', 'this model')}: "
            + " ".join(problems)
            + " Load the assistant checkpoint released with this exact model."
        )
