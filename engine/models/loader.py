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
    from mlx_lm.utils import _get_classes

    try:
        return _get_classes(config)
    except ValueError as exc:
        raise ModelLoadError(
            f"Alcove cannot run model_type {config.get('model_type')!r}: mlx-lm has no such architecture."
        ) from exc


def _load_weights(files: list[Path]) -> dict[str, mx.array]:
    weights: dict[str, mx.array] = {}
    for f in files:
        try:
            weights.update(mx.load(str(f)))
        except Exception as exc:  # noqa: BLE001 - MLX raises plain RuntimeError/ValueError
            raise ModelLoadError(f"The weights file {f} could not be read: {exc}.") from exc
    return weights


def _quantize_like(model, quant: dict, weights: dict[str, mx.array]) -> None:
    """Turn the layers the checkpoint stores quantized (those with ``.scales``) into quantized layers."""
    nn.quantize(
        model,
        group_size=quant["group_size"],
        bits=quant["bits"],
        mode=quant.get("mode", "affine"),
        class_predicate=lambda p, m: hasattr(m, "to_quantized") and f"{p}.scales" in weights,
    )


def build_model(folder: Path, config: dict, *, dtype: str | None = None, transform: str | None = None):
    """Instantiate the mlx-lm model for ``config`` and load (and optionally transform) its weights."""
    model_cls, args_cls = _model_classes(config)
    files = weight_files(folder)
    check_config_fits_weights(folder, config, files)  # before anything is allocated
    try:
        model = model_cls(args_cls.from_dict(config))
    except Exception as exc:  # noqa: BLE001
        raise ModelLoadError(
            f"The config in {folder} does not fit model_type {config['model_type']!r}: {exc}."
        ) from exc
    weights = _load_weights(files)
    if hasattr(model, "sanitize"):
        weights = model.sanitize(weights)
    quant = config.get("quantization")
    if quant:
        _quantize_like(model, quant, weights)
    transform_hash = None
    if transform:
        weights, transform_hash, new_config = apply_transform_file(weights, transform, config=config)
        if new_config is not None:  # layers were dropped: rebuild the module tree for the new depth
            config.clear()
            config.update(new_config)
            model = model_cls(args_cls.from_dict(config))
            if quant:
                _quantize_like(model, quant, weights)
    model.eval()
    stored = next((v.dtype for v in weights.values() if mx.issubdtype(v.dtype, mx.floating)), mx.float32)
    target = runtime_dtype(dtype, stored, config["model_type"])
    if not quant and target != stored:
        # Cast tensor by tensor, each source freed as soon as its copy exists: the peak stays at the larger of the
        # two copies of the model instead of both (a float32 checkpoint run in float16 peaked at 1.5x before).
        for k in list(weights):
            v = weights[k]
            if mx.issubdtype(v.dtype, mx.floating) and v.dtype != target:
                weights[k] = v.astype(target)
                del v
                mx.eval(weights[k])
    try:
        model.load_weights(list(weights.items()), strict=True)
    except ValueError as exc:
        raise ModelLoadError(f"The weights in {folder} do not match its config.json: {exc}.") from exc
    del weights
    if not quant:
        model.set_dtype(target)
    mx.eval(model.parameters())
    return model, target, transform_hash


def validate_lm(folder: Path, config: dict, *, transform: str | None = None) -> None:
    """Check a model folder without loading its weights: the architecture, the config, the tokenizer files, every
    weights file's header, and that each tensor the checkpoint stores has as many elements as the model built from
    the config expects (a wrong hidden size, head count or vocabulary is caught here, before the engine releases
    the model it has). Raises ModelLoadError."""
    model_cls, args_cls = _model_classes(config)
    try:
        # MLX arrays are lazy: building the module tree allocates no weights until something evaluates them.
        skeleton = model_cls(args_cls.from_dict(dict(config)))
    except Exception as exc:  # noqa: BLE001
        raise ModelLoadError(
            f"The config in {folder} does not fit model_type {config.get('model_type')!r}: {exc}."
        ) from exc
    files = weight_files(folder)
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


def load_lm(spec: str | ResolvedModel, *, dtype: str | None = None, transform: str | None = None) -> LoadedLM:
    t0 = time.perf_counter()
    resolved = spec if isinstance(spec, ResolvedModel) else resolve_model(spec)
    config = read_config(resolved.path)
    model, target, thash = build_model(resolved.path, config, dtype=dtype, transform=transform)
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
