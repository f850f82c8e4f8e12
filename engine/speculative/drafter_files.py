"""Loading a drafter checkpoint that has no tokenizer of its own (the Gemma 4 assistant, DFlash): its safetensors
read with clear errors, then the weights set strictly, cast to the run's dtype and described by a ModelInfo."""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

import mlx.core as mx
import mlx.nn as nn
from mlx.utils import tree_flatten

from engine.core import ModelLoadError
from engine.models import ModelInfo, ResolvedModel, runtime_dtype, weight_files


def read_weights(folder: str | Path) -> dict[str, mx.array]:
    """Every tensor of the folder's safetensors files; a file MLX cannot read is a ModelLoadError naming it."""
    weights: dict[str, mx.array] = {}
    for f in weight_files(folder):
        try:
            weights.update(mx.load(str(f)))
        except Exception as exc:  # noqa: BLE001 - MLX raises plain RuntimeError/ValueError
            raise ModelLoadError(f"The weights file {f} could not be read: {exc}.") from exc
    return weights


def set_weights(model: nn.Module, weights: dict[str, mx.array], resolved: ResolvedModel, *, dtype: str | None,
                model_type: str, kind: str, dtype_family: str, started: float,
                transform_sha256: str | None) -> tuple[ModelInfo, str]:  # fmt: skip
    """Load ``weights`` into ``model`` strictly, cast it (floating parameters only) to the dtype a ``dtype_family``
    model runs in and evaluate it; its ModelInfo and a key naming the folder."""
    model.eval()
    try:
        model.load_weights(list(weights.items()), strict=True)
    except ValueError as exc:
        raise ModelLoadError(f"The weights in {resolved.path} do not match its config.json: {exc}.") from exc
    stored = next((v.dtype for v in weights.values() if mx.issubdtype(v.dtype, mx.floating)), mx.float32)
    target = runtime_dtype(dtype, stored, dtype_family)
    model.set_dtype(target)
    mx.eval(model.parameters())
    params = tree_flatten(model.parameters())
    info = ModelInfo(
        name=resolved.name,
        path=str(resolved.path),
        source=resolved.source,
        model_type=model_type,
        kind=kind,
        parameters=int(sum(v.size for _, v in params)),
        dtype=str(target).replace("mlx.core.", ""),
        bytes=int(sum(v.nbytes for _, v in params)),
        load_time_s=time.perf_counter() - started,
        transform_sha256=transform_sha256,
    )
    return info, hashlib.sha1(str(Path(resolved.path).resolve()).encode()).hexdigest()[:16]
