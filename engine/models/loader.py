"""Loading autoregressive language models through mlx-lm's model classes (engine thread only)."""

from __future__ import annotations

import hashlib
import importlib
import json
import logging
import struct
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import mlx.core as mx
import mlx.nn as nn
from mlx.utils import tree_flatten

from engine.core import ModelLoadError
from engine.models.source import (
    ResolvedModel,
    check_config_fits_weights,
    read_config,
    resolve_model,
    weight_files,
)
from engine.models.transforms import apply_transforms, load_transform_spec

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ModelInfo:
    name: str
    path: str
    source: str
    model_type: str
    kind: str  # "lm" | "diffusion" | "embedder" | "cross-encoder"
    parameters: int
    dtype: str
    bytes: int
    load_time_s: float
    transform_sha256: str | None = None
    context_length: int | None = None


@dataclass
class LoadedLM:
    """An autoregressive model and its tokenizer (mlx-lm TokenizerWrapper). Engine-thread only."""

    model: Any
    tokenizer: Any
    config: dict
    info: ModelInfo
    key: str  # identity for the prompt cache
    eos_ids: frozenset[int] = field(default_factory=frozenset)
    extra: dict = field(default_factory=dict)


def runtime_dtype(requested: str | None, stored: mx.Dtype, model_type: str) -> mx.Dtype:
    if requested and requested != "auto":
        try:
            return getattr(mx, requested)
        except AttributeError as exc:
            raise ModelLoadError(f"Unknown dtype {requested!r}; use float32, float16 or bfloat16.") from exc
    if sys.platform == "darwin":
        # Metal: half precision is the fast path. Gemma overflows in float16, so it gets bfloat16.
        if stored == mx.float32:
            return mx.bfloat16 if model_type.startswith("gemma") else mx.float16
        return stored
    # Linux CPU: only fp32 matmuls go through the optimised BLAS.
    return mx.float32


def _model_classes(config: dict):
    """mlx-lm's model and args classes for ``config`` (its module is named after the remapped model_type)."""
    from mlx_lm.utils import MODEL_REMAPPING

    model_type = str(config.get("model_type", ""))
    module_name = MODEL_REMAPPING.get(model_type, model_type)
    try:
        module = importlib.import_module(f"mlx_lm.models.{module_name}")
    except ImportError as exc:
        raise ModelLoadError(
            f"Alcove cannot run model_type {model_type!r}: mlx-lm has no such architecture."
        ) from exc
    return module.Model, module.ModelArgs


def _quantize_like(model, config: dict, weights: dict[str, mx.array]) -> None:
    """Quantize the layers ``weights`` stores quantized, as mlx-lm's loader does: per-layer entries of
    ``config["quantization"]`` first, else the bits and group size read off the stored scales."""
    from mlx_lm.utils import infer_quant_config

    quant = config["quantization"]

    def predicate(path: str, module) -> bool | dict:
        if path in quant:
            return quant[path]
        if not hasattr(module, "to_quantized") or f"{path}.scales" not in weights:
            return False
        return infer_quant_config(path, module, weights)

    nn.quantize(
        model,
        group_size=quant["group_size"],
        bits=quant["bits"],
        mode=quant.get("mode", "affine"),
        class_predicate=predicate,
    )


def fits_in_memory(model_bytes: int, device_info: dict) -> str | None:
    """Why a model of ``model_bytes`` cannot run on a Metal device described by ``mx.device_info()``, or None.

    mlx-lm wires up to ``max_recommended_working_set_size``; past that the GPU pages weights in and out every token.
    """
    limit = device_info.get("max_recommended_working_set_size")
    if not limit or model_bytes <= limit:
        return None
    total = device_info.get("memory_size", 0)
    return (
        f"The model needs {model_bytes / 2**30:.1f} GiB but this Mac can give the GPU at most "
        f"{limit / 2**30:.1f} GiB of its {total / 2**30:.0f} GiB unified memory. Choose a smaller model or a "
        "more strongly quantized one (Settings > Models shows what fits)."
    )


def _prepare_metal(files: list[Path]) -> None:
    """Refuse a model that cannot fit and wire the recommended working set, as mlx-lm's generate does."""
    if not mx.metal.is_available():
        return
    info = mx.device_info()
    reason = fits_in_memory(sum(f.stat().st_size for f in files), info)
    if reason:
        raise ModelLoadError(reason)
    if info.get("max_recommended_working_set_size"):
        mx.set_wired_limit(info["max_recommended_working_set_size"])


def release_wired_memory() -> None:
    """Give the wired memory back once no model is loaded (mlx-lm's ``wired_limit`` restores it the same way)."""
    if mx.metal.is_available():
        mx.set_wired_limit(0)


def build_model(folder: Path, config: dict, *, dtype: str | None = None, transform: str | None = None):
    """Build the mlx-lm model for ``config`` through mlx-lm's own loader (every quantization config it reads:
    per-layer bits, group sizes, AWQ/GPTQ, mxfp4...), with Alcove's checks and messages in front.

    ``config`` is updated in place with what mlx-lm resolved (e.g. the quantization it read off a legacy config).
    """
    from mlx_lm.utils import load_model

    model_cls, args_cls = _model_classes(config)
    files = weight_files(folder)  # present, complete, not truncated
    if not all(f.name.startswith("model") for f in files):
        raise ModelLoadError(
            f"The weights in {folder} are not named model*.safetensors ({files[0].name}); rename them or "
            "re-export the model with mlx-lm."
        )
    check_config_fits_weights(folder, config, files)  # before anything is allocated
    _prepare_metal(files)
    try:
        args_cls.from_dict(config)
    except Exception as exc:  # noqa: BLE001 - dataclass construction raises TypeError/KeyError/ValueError
        raise ModelLoadError(
            f"The config in {folder} does not fit model_type {config['model_type']!r}: {exc}."
        ) from exc
    try:
        # lazy: weights stay memory-mapped until the dtype is settled, so a cast never holds two copies
        model, resolved = load_model(folder, lazy=True, model_config=config)
    except Exception as exc:  # noqa: BLE001 - mlx-lm raises ValueError/KeyError/RuntimeError for bad checkpoints
        raise ModelLoadError(f"The weights in {folder} do not match its config.json: {exc}.") from exc
    config.update(resolved)
    quantized = config.get("quantization") is not None
    transform_hash = None
    if transform:
        weights = dict(tree_flatten(model.parameters()))
        weights, transform_hash, new_config = apply_transform_file(weights, transform, config=config)
        if new_config is not None:  # layers were dropped: rebuild the module tree for the new depth
            config.clear()
            config.update(new_config)
            model = model_cls(args_cls.from_dict(config))
            if quantized:
                _quantize_like(model, config, weights)
            model.eval()
        try:
            model.load_weights(list(weights.items()), strict=True)
        except ValueError as exc:
            raise ModelLoadError(f"The transformed weights do not fit the model: {exc}.") from exc
    stored = next(
        (v.dtype for _, v in tree_flatten(model.parameters()) if mx.issubdtype(v.dtype, mx.floating)),
        mx.float32,
    )
    model_type = config["model_type"]
    target = runtime_dtype(dtype, stored, model_type)
    if not quantized:
        model.set_dtype(target)
    elif (dtype and dtype != "auto") or (stored == mx.float16 and model_type.startswith("gemma")):
        # quantized: the float parts (scales, biases, norms) follow an explicit dtype; Gemma's activations overflow
        # float16, so its fp16 scales become bfloat16 (float32 on Linux)
        target = runtime_dtype(dtype, mx.float32, model_type)
        model.set_dtype(target)
    else:
        target = stored
    mx.eval(model.parameters())
    return model, target, transform_hash


def validate_lm(folder: Path, config: dict, *, transform: str | None = None) -> None:
    """Check a model folder without loading its weights: the architecture, the config, the tokenizer files, every
    weights file's header, and that each tensor the checkpoint stores has as many elements as the model built from
    the config expects (a wrong hidden size, head count or vocabulary is caught here, before the engine releases
    the model it has). Raises ModelLoadError."""
    model_cls, args_cls = _model_classes(config)
    files = weight_files(folder)
    check_config_fits_weights(
        folder, config, files
    )  # an absurd config (10M layers) is refused before it is built
    try:
        # MLX arrays are lazy: building the module tree allocates no weights until something evaluates them.
        skeleton = model_cls(args_cls.from_dict(dict(config)))
    except Exception as exc:  # noqa: BLE001
        raise ModelLoadError(
            f"The config in {folder} does not fit model_type {config.get('model_type')!r}: {exc}."
        ) from exc
    if not (folder / "tokenizer.json").exists() and not (folder / "tokenizer.model").exists():
        raise ModelLoadError(
            f"The model folder {folder} has no tokenizer (tokenizer.json or tokenizer.model)."
        )
    if transform or config.get("quantization"):
        return  # transforms and quantized layers change shapes on purpose; the full load checks them
    expected = {k: v.size for k, v in tree_flatten(skeleton.parameters())}
    for f in files:
        for name, shape in safetensors_shapes(f).items():
            want = expected.get(name)
            have = 1
            for d in shape:
                have *= int(d)
            if want is not None and want != have:
                raise ModelLoadError(
                    f"The weights in {folder} do not match its config.json: {name} has shape {list(shape)} "
                    f"({have} values) but the config asks for {want}."
                )


def safetensors_shapes(file: Path) -> dict[str, tuple[int, ...]]:
    """Tensor name -> shape from a safetensors header (``weight_files`` has already checked the header)."""
    with open(file, "rb") as fh:
        (hlen,) = struct.unpack("<Q", fh.read(8))
        header = json.loads(fh.read(hlen))
    return {k: tuple(v.get("shape", ())) for k, v in header.items() if k != "__metadata__"}


def apply_transform_file(weights: dict[str, mx.array], transform: str, *, config: dict | None = None):
    """Apply a YAML transform to loaded weights; returns (weights, sha256, new config or None)."""

    spec = load_transform_spec(transform)

    def load_other(spec_path: str) -> dict[str, mx.array]:
        other = resolve_model(spec_path)
        other_cfg = read_config(other.path)
        other_model, _, _ = build_model(other.path, other_cfg, dtype="float32")
        return dict(tree_flatten(other_model.parameters()))

    result = apply_transforms(weights, spec, load_other, config=config)
    log.info("applied transform %s: sha256 %s", transform, result.sha256)
    return result.weights, result.sha256, result.config


def load_tokenizer(folder: Path, config: dict):
    from mlx_lm.tokenizer_utils import load as load_tokenizer

    if not (folder / "tokenizer.json").exists() and not (folder / "tokenizer.model").exists():
        raise ModelLoadError(
            f"The model folder {folder} has no tokenizer (tokenizer.json or tokenizer.model)."
        )
    eos = config.get("eos_token_id")
    eos_ids = [eos] if isinstance(eos, int) else list(eos or [])
    try:
        return load_tokenizer(folder, eos_token_ids=eos_ids or None)
    except Exception as exc:  # noqa: BLE001
        raise ModelLoadError(f"The tokenizer in {folder} could not be loaded: {exc}.") from exc


def model_key(path: Path, transform: str | None) -> str:
    h = hashlib.sha1(str(path.resolve()).encode())
    if transform:
        h.update(Path(transform).read_bytes() if Path(transform).exists() else transform.encode())
    return h.hexdigest()[:16]


def load_lm(
    spec: str | ResolvedModel,
    *,
    dtype: str | None = None,
    transform: str | None = None,
    tokenizer: Any = None,
) -> LoadedLM:
    """``tokenizer``: an already loaded tokenizer known to be identical to the folder's (a draft sharing its chat
    model's: engine.speculative.tokenizer_identity), used instead of loading it again."""
    t0 = time.perf_counter()
    resolved = spec if isinstance(spec, ResolvedModel) else resolve_model(spec)
    config = read_config(resolved.path)
    model, target, thash = build_model(resolved.path, config, dtype=dtype, transform=transform)
    if tokenizer is None:
        tokenizer = load_tokenizer(resolved.path, config)
    params = sum(v.size for _, v in tree_flatten(model.parameters()))
    nbytes = sum(v.nbytes for _, v in tree_flatten(model.parameters()))
    info = ModelInfo(
        name=resolved.name,
        path=str(resolved.path),
        source=resolved.source,
        model_type=config["model_type"],
        kind="lm",
        parameters=int(params),
        dtype=str(target).replace("mlx.core.", ""),
        bytes=int(nbytes),
        load_time_s=time.perf_counter() - t0,
        transform_sha256=thash,
        context_length=config.get("max_position_embeddings"),
    )
    eos_ids = frozenset(int(i) for i in (tokenizer.eos_token_ids or ()))
    log.info(
        "loaded %s (%s, %d params, %s) in %.2fs",
        info.name,
        info.model_type,
        params,
        info.dtype,
        info.load_time_s,
    )
    return LoadedLM(model, tokenizer, config, info, model_key(resolved.path, transform), eos_ids)


def model_module(config: dict):
    model_cls, _ = _model_classes(config)
    return importlib.import_module(model_cls.__module__)
