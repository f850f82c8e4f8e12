"""DiffusionGemma hyper-parameters, read from a Hugging Face ``config.json`` (model_type ``diffusion_gemma``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import ModelLoadError

DIFFUSION_MODEL_TYPES = ("diffusion_gemma",)
_DEFAULT_ROPE = {
    "sliding_attention": {"rope_type": "default", "rope_theta": 10_000.0},
    "full_attention": {"rope_type": "proportional", "partial_rotary_factor": 0.25, "rope_theta": 1_000_000.0},
}


def is_diffusion_config(config: dict) -> bool:
    """True for a block-diffusion checkpoint this engine runs through ``diffusion_generate``."""
    return config.get("model_type") in DIFFUSION_MODEL_TYPES


@dataclass(frozen=True)
class LayerSpec:
    sliding: bool
    head_dim: int
    num_kv_heads: int
    rope_type: str  # "default" | "proportional"
    rope_theta: float
    partial_rotary_factor: float


@dataclass(frozen=True)
class DiffusionGemmaArgs:
    vocab_size: int
    hidden_size: int
    intermediate_size: int
    num_attention_heads: int
    layers: tuple[LayerSpec, ...]
    sliding_window: int  # effective window (halved + 1 when every encoder layer is bidirectional)
    bidirectional_encoder: bool  # use_bidirectional_attention == "all"
    rms_norm_eps: float
    final_logit_softcapping: float | None
    num_experts: int
    top_k_experts: int
    moe_intermediate_size: int
    hidden_activation: str
    attention_bias: bool
    canvas_length: int
    eos_token_ids: tuple[int, ...]
    pad_token_id: int | None
    bos_token_id: int | None

    @property
    def num_hidden_layers(self) -> int:
        return len(self.layers)

    @classmethod
    def from_hf_config(cls, config: dict[str, Any]) -> DiffusionGemmaArgs:
        if not is_diffusion_config(config):
            raise ModelLoadError(
                f"This checkpoint's model type is {config.get('model_type')!r}, not a DiffusionGemma model; "
                "load it with the ordinary text-generation loader."
            )
        if config.get("tie_word_embeddings", True) is False:
            raise ModelLoadError(
                "This DiffusionGemma checkpoint keeps separate encoder and decoder weights (tie_word_embeddings=false), "
                "which Alcove does not support yet; use a checkpoint with tied weights."
            )
        tc = dict(config.get("text_config") or {})
        try:
            n_layers = int(tc.get("num_hidden_layers", 30))
            if (
                not tc.get("num_experts")
                or not tc.get("top_k_experts")
                or not tc.get("moe_intermediate_size")
            ):
                raise ModelLoadError(
                    "This DiffusionGemma config has no mixture-of-experts settings (num_experts, top_k_experts, "
                    "moe_intermediate_size); every DiffusionGemma layer needs them. The checkpoint is incomplete."
                )
            layer_types = list(tc.get("layer_types") or [])
            if not layer_types:
                layer_types = [
                    "sliding_attention" if (i + 1) % 6 else "full_attention" for i in range(n_layers)
                ]
            layer_types[-1] = "full_attention"  # the reference forces this too
            rope = {**_DEFAULT_ROPE, **(tc.get("rope_parameters") or {})}
            head_dim = int(tc.get("head_dim", 256))
            kv_heads = int(tc.get("num_key_value_heads", 4))
            per_layer = {int(k): v for k, v in (tc.get("per_layer_config") or {}).items()}
            if not per_layer:  # raw checkpoint config: derive the full-attention overrides like the reference
                override = {"head_dim": int(tc.get("global_head_dim", 512))}
                if tc.get("num_global_key_value_heads") is not None:
                    override["num_key_value_heads"] = int(tc["num_global_key_value_heads"])
                per_layer = {i: override for i, t in enumerate(layer_types) if t == "full_attention"}
            specs = []
            for i, t in enumerate(layer_types):
                o = per_layer.get(i, {})
                r = rope[t]
                specs.append(
                    LayerSpec(
                        sliding=t == "sliding_attention",
                        head_dim=int(o.get("head_dim", head_dim)),
                        num_kv_heads=int(o.get("num_key_value_heads", kv_heads)),
                        rope_type=str(r.get("rope_type", "default")),
                        rope_theta=float(r["rope_theta"]),
                        partial_rotary_factor=float(r.get("partial_rotary_factor", 1.0)),
                    )
                )
            bidirectional = tc.get("use_bidirectional_attention") == "all"
            window = int(tc.get("sliding_window", 512))
            if bidirectional:
                window = (
                    window // 2 + 1
                )  # the reference's convention (exclusive bounds), applied on every load
            eos = tc.get("eos_token_id", 1)
            eos_ids = tuple(
                int(e) for e in (eos if isinstance(eos, list) else [eos] if eos is not None else [])
            )
            softcap = tc.get("final_logit_softcapping", 30.0)
            return cls(
                vocab_size=int(tc.get("vocab_size", 262_144)),
                hidden_size=int(tc.get("hidden_size", 2304)),
                intermediate_size=int(tc.get("intermediate_size", 9216)),
                num_attention_heads=int(tc.get("num_attention_heads", 8)),
                layers=tuple(specs),
                sliding_window=window,
                bidirectional_encoder=bidirectional,
                rms_norm_eps=float(tc.get("rms_norm_eps", 1e-6)),
                final_logit_softcapping=None if softcap is None else float(softcap),
                num_experts=int(tc["num_experts"]),
                top_k_experts=int(tc["top_k_experts"]),
                moe_intermediate_size=int(tc["moe_intermediate_size"]),
                hidden_activation=str(tc.get("hidden_activation", "gelu_pytorch_tanh")),
                attention_bias=bool(tc.get("attention_bias", False)),
                canvas_length=int(config.get("canvas_length") or 256),
                eos_token_ids=eos_ids,
                pad_token_id=tc.get("pad_token_id", 0),
                bos_token_id=tc.get("bos_token_id", 2),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ModelLoadError(
                f"The DiffusionGemma config.json could not be understood ({exc}); the checkpoint may be damaged."
            ) from exc
