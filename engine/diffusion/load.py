"""Load a Hugging Face DiffusionGemma checkpoint (config.json + safetensors, sharded or not) into MLX, and quantize it."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

import mlx.core as mx
import mlx.nn as nn

from engine.core import ModelLoadError
from engine.diffusion.args import DiffusionGemmaArgs
from engine.diffusion.model import DiffusionGemma

log = logging.getLogger(__name__)

_DECODER = "model.decoder."
_ENCODER_LAYERS = re.compile(r"^model\.encoder\.language_model\.layers\.(\d+)\.(.+)$")
_EXPERTS = re.compile(r"^(layers\.\d+\.experts\.(?:gate_up_proj|down_proj))$")
# Vision tower and its projection: Alcove runs DiffusionGemma as a text model.
_SKIPPED = ("model.encoder.vision_tower.", "model.encoder.embed_vision.")


def _map_name(name: str) -> str | None:
    """HF tensor name -> MLX parameter path; None for tensors we do not use (tied copies, vision)."""
    if name.startswith(_SKIPPED) or name == "lm_head.weight":
        return None  # lm_head is tied to the decoder embedding
    m = _ENCODER_LAYERS.match(name)
    if m:
        # The encoder shares every layer weight with the decoder; only its layer_scalar buffer is its own.
        return f"layers.{m.group(1)}.encoder_layer_scalar" if m.group(2) == "layer_scalar" else None
    if name.startswith("model.encoder.language_model."):
        return None  # tied embed/norm copies
    if not name.startswith(_DECODER):
        return None
    path = name[len(_DECODER) :]
    if _EXPERTS.match(path):
        path += ".weight"
    return path


def _encoder_fallback(name: str) -> str | None:
    """Where an encoder copy should go when the checkpoint stored the encoder side of a tied weight."""
    m = _ENCODER_LAYERS.match(name)
    if m and m.group(2) != "layer_scalar":
        path = f"layers.{m.group(1)}.{m.group(2)}"
        return path + ".weight" if _EXPERTS.match(path) else path
    rest = name.removeprefix("model.encoder.language_model.")
    return rest if rest in ("embed_tokens.weight", "norm.weight") else None


def _shards(path: Path) -> list[Path]:
    index = path / "model.safetensors.index.json"
    if index.exists():
        weight_map = json.loads(index.read_text())["weight_map"]
        return [path / f for f in sorted(set(weight_map.values()))]
    single = path / "model.safetensors"
    if single.exists():
        return [single]
    found = sorted(path.glob("*.safetensors"))
    if not found:
        raise ModelLoadError(
            f"No .safetensors weights were found in {path}; download the complete checkpoint."
        )
    return found


def load_diffusion_model(
    path: str | Path, *, dtype: mx.Dtype | None = None
) -> tuple[DiffusionGemma, DiffusionGemmaArgs]:
    """Build the MLX model from a checkpoint folder. ``dtype`` casts floating weights (float32 is fastest on
    Linux CPUs; the checkpoint's own dtype otherwise)."""
    path = Path(path)
    try:
        config = json.loads((path / "config.json").read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise ModelLoadError(
            f"Could not read {path / 'config.json'} ({exc}); is this a model folder?"
        ) from exc
    args = DiffusionGemmaArgs.from_hf_config(config)
    model = DiffusionGemma(args)
    expected = {k for k, _ in _flatten(model.parameters())}

    weights: dict[str, mx.array] = {}
    fallbacks: dict[str, mx.array] = {}
    skipped = 0
    for shard in _shards(path):
        try:
            tensors = mx.load(str(shard))
        except (OSError, RuntimeError, ValueError) as exc:
            raise ModelLoadError(
                f"Could not read weights from {shard} ({exc}); the file may be damaged."
            ) from exc
        for name, value in tensors.items():
            target = _map_name(name)
            if target is None:
                alt = _encoder_fallback(name)
                if alt is not None:
                    fallbacks[alt] = value
                else:
                    skipped += 1
                continue
            weights[target] = value
    for key, value in fallbacks.items():
        weights.setdefault(key, value)
    # The encoder's layer_scalar defaults to the decoder's when a checkpoint does not store it separately.
    for i in range(args.num_hidden_layers):
        if f"layers.{i}.encoder_layer_scalar" not in weights and f"layers.{i}.layer_scalar" in weights:
            weights[f"layers.{i}.encoder_layer_scalar"] = weights[f"layers.{i}.layer_scalar"]

    missing = sorted(expected - weights.keys())
    if missing:
        raise ModelLoadError(
            f"The checkpoint in {path} lacks {len(missing)} weights this DiffusionGemma config needs "
            f"(first: {missing[0]}); it is incomplete or for a different model."
        )
    extra = sorted(weights.keys() - expected)
    if extra:
        log.warning("DiffusionGemma: ignoring %d unexpected tensors (first: %s)", len(extra), extra[0])
    items = []
    for k in sorted(expected):
        v = weights[k]
        if dtype is not None and mx.issubdtype(v.dtype, mx.floating):
            v = v.astype(dtype)
        items.append((k, v))
    model.load_weights(items, strict=True)
    mx.eval(model.parameters())
    log.info(
        "DiffusionGemma: loaded %d tensors from %s (%d vision/tied copies skipped)", len(items), path, skipped
    )
    return model, args


def _flatten(tree, prefix: str = ""):
    if isinstance(tree, dict):
        for k, v in tree.items():
            yield from _flatten(v, f"{prefix}{k}.")
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from _flatten(v, f"{prefix}{i}.")
    else:
        yield prefix[:-1], tree


def quantize_diffusion_model(
    model: DiffusionGemma, bits: int = 4, group_size: int = 64, *, quantize_embedding: bool = True
) -> DiffusionGemma:
    """Quantize in place with ``mlx.nn.quantize``: every linear layer and the expert stacks; the tied embedding too
    unless ``quantize_embedding`` is False. Routers stay in full precision (their top-k choice is sensitive).
    Layers whose input width is not a multiple of ``group_size`` are left as they are."""

    def predicate(path: str, module: nn.Module) -> bool:
        if not hasattr(module, "to_quantized") or path.endswith("router.proj"):
            return False
        if isinstance(module, nn.Embedding) and not quantize_embedding:
            return False
        weight = module.get("weight")
        return weight is not None and weight.shape[-1] % group_size == 0

    nn.quantize(model, group_size=group_size, bits=bits, class_predicate=predicate)
    mx.eval(model.parameters())
    return model
