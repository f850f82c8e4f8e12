"""Runtime model transforms: reproducible weight edits from a YAML file, applied while a model loads.

The checkpoint on disk is never written. A spec is validated completely (names, shapes, dtypes, ranges, the other
checkpoints) before any tensor is touched, and the result carries a sha256 over the final weights so that a run can
be reproduced and compared. The YAML format itself lives in engine.models.transform_spec.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import math
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import mlx.core as mx
import numpy as np

from engine.core import ModelLoadError, TransformError
from engine.models.transform_spec import Operation, TransformSpec, load_transform_spec, operation_error

__all__ = [
    "OpReport",
    "Operation",
    "TransformResult",
    "TransformSpec",
    "apply_transforms",
    "load_safetensors_folder",
    "load_transform_spec",
    "weights_hash",
]

# mlx-lm (and our BERT encoder) build every decoder layer of these model types identically, so removing layers and
# renumbering the rest is sound; other types decide a layer's kind from its index (gemma3's sliding-window period,
# hybrid attention/SSM stacks, dense-then-MoE ...), and renumbering would silently change what a layer does.
DROPPABLE_MODEL_TYPES = frozenset(
    {"llama", "mistral", "qwen2", "qwen3", "phi3", "gemma", "granite", "olmo2", "starcoder2", "bert"}
)
_LAYER_RE = re.compile(r"^(?P<prefix>(?:.+\.)?(?:layers|layer|h|blocks))\.(?P<idx>\d+)\.(?P<rest>.+)$")

LoadOther = Callable[[str], Mapping[str, mx.array]]


@dataclass(frozen=True)
class OpReport:
    index: int
    op: str
    pattern: str
    matched: int  # parameters the operation changed (or removed, for dropped layers)
    other: str | None = None


@dataclass(frozen=True)
class TransformResult:
    weights: dict[str, mx.array]
    sha256: str
    report: tuple[OpReport, ...]
    dropped_layers: tuple[int, ...] = ()  # original indices of removed decoder layers
    num_hidden_layers: int | None = None  # the new layer count when layers were dropped
    config: dict[str, Any] | None = None  # an updated copy of the given config when layers were dropped
    cancelled: bool = False  # then ``weights`` is the input, untouched


# -------------------------------------------------------------------------------------------------------- validation


@dataclass
class _Step:
    op: Operation
    names: tuple[str, ...] = ()  # parameters changed (current naming at this step)
    # drop: old name -> new name, or None if removed
    renames: dict[str, str | None] = field(default_factory=dict)
    dropped: tuple[int, ...] = ()  # original indices of the layers this step removes


@dataclass
class _Plan:
    steps: list[_Step]
    others: dict[str, Mapping[str, mx.array]]
    dropped: tuple[int, ...] = ()
    num_hidden_layers: int | None = None
    config: dict[str, Any] | None = None


def _is_float(dtype: mx.Dtype) -> bool:
    return mx.issubdtype(dtype, mx.floating)


def _dtype_name(dtype: mx.Dtype) -> str:
    return str(dtype).removeprefix("mlx.core.")


def _short(names: list[str], limit: int = 4) -> str:
    more = f" and {len(names) - limit} more" if len(names) > limit else ""
    return ", ".join(names[:limit]) + more


def _plan(
    weights: Mapping[str, mx.array],
    spec: TransformSpec,
    load_other: LoadOther,
    config: Mapping[str, Any] | None,
) -> _Plan:
    table = {name: (tuple(a.shape), a.dtype) for name, a in weights.items()}
    plan = _Plan(steps=[], others={})
    origin: dict[str, list[int]] = {}  # layer container -> original index of each current layer
    for op in spec.operations:

        def fail(message: str, op: Operation = op) -> TransformError:
            return operation_error(spec.source, op.index, op.op, message)

        if op.op == "prune" and op.method == "drop":
            step = _plan_drop(op, table, origin, config if plan.config is None else plan.config, fail, plan)
            plan.steps.append(step)
            continue
        names = _match(op, table, fail)
        if op.op != "replace":
            for name in names:
                _check_arithmetic(name, table, fail)
        for key in (op.other, op.base):
            if key is not None:
                other = _load(key, plan.others, load_other, fail)
                _check_other(op, key, names, table, other, fail)
        plan.steps.append(_Step(op, names))
    return plan


def _match(op: Operation, table: Mapping[str, Any], fail: Callable[[str], TransformError]) -> tuple[str, ...]:
    matched: set[str] = set()
    for pattern in op.patterns:
        hits = [name for name in table if fnmatch.fnmatchcase(name, pattern)]
        if not hits:
            example = _short(sorted(table), 3)
            raise fail(f"pattern {pattern!r} matches no parameter (names look like: {example}).")
        matched.update(hits)
    return tuple(sorted(matched))


def _check_arithmetic(name: str, table: Mapping[str, Any], fail: Callable[[str], TransformError]) -> None:
    _, dtype = table[name]
    if not _is_float(dtype):
        raise fail(
            f"parameter {name} is {_dtype_name(dtype)} (quantized or integer), which cannot be scaled, added, "
            "mixed or pruned; load an unquantized (float) checkpoint, transform it, then quantize."
        )
    stem, _, leaf = name.rpartition(".")
    sibling = table.get(f"{stem}.weight")
    if leaf in ("scales", "biases") and sibling is not None and not _is_float(sibling[1]):
        raise fail(
            f"parameter {name} belongs to the quantized layer {stem}; transforms need an unquantized (float) "
            "checkpoint: transform it first, then quantize."
        )


def _load(
    key: str,
    cache: dict[str, Mapping[str, mx.array]],
    load_other: LoadOther,
    fail: Callable[[str], TransformError],
) -> Mapping[str, mx.array]:
    if key not in cache:
        try:
            other = load_other(key)
        except Exception as err:  # the loader's own message is the useful part
            raise fail(f"could not load the checkpoint {key}: {err}") from err
        if not isinstance(other, Mapping):
            raise fail(
                f"loading {key} gave {type(other).__name__}, not a mapping of parameter names to arrays."
            )
        cache[key] = other
    return cache[key]


def _check_other(
    op: Operation,
    key: str,
    names: tuple[str, ...],
    table: Mapping[str, Any],
    other: Mapping[str, mx.array],
    fail: Callable[[str], TransformError],
) -> None:
    missing = [name for name in names if name not in other]
    if missing:
        raise fail(f"{len(missing)} matched parameters are missing in {key}: {_short(missing)}.")
    for name in names:
        shape, dtype = table[name]
        theirs = other[name]
        if tuple(theirs.shape) != shape:
            raise fail(f"{name} has shape {list(shape)} here but {list(theirs.shape)} in {key}.")
        if _is_float(dtype) and not _is_float(theirs.dtype):
            raise fail(
                f"{name} is {_dtype_name(theirs.dtype)} (quantized or integer) in {key}; use a float checkpoint."
            )
        if not _is_float(dtype) and theirs.dtype != dtype:
            raise fail(f"{name} is {_dtype_name(dtype)} here but {_dtype_name(theirs.dtype)} in {key}.")


def _plan_drop(
    op: Operation,
    table: dict[str, tuple[tuple[int, ...], mx.Dtype]],
    origin: dict[str, list[int]],
    config: Mapping[str, Any] | None,
    fail: Callable[[str], TransformError],
    plan: _Plan,
) -> _Step:
    layers: dict[str, dict[int, list[str]]] = {}
    for name in table:
        m = _LAYER_RE.match(name)
        if m:
            layers.setdefault(m["prefix"], {}).setdefault(int(m["idx"]), []).append(name)
    if op.drop_layers:
        if len(layers) != 1:
            found = ", ".join(sorted(layers)) or "none"
            raise fail(
                f"cannot tell which layer list to drop from (found: {found}); use method: drop with a pattern "
                'such as "model.layers.3.*" instead.'
            )
        prefix = next(iter(layers))
        drop = set(op.drop_layers)
    else:
        names = _match(op, table, fail)
        outside = [n for n in names if not _LAYER_RE.match(n)]
        if outside:
            raise fail(
                f"method: drop removes whole layers, but the pattern matches {_short(outside)} outside them."
            )
        prefixes = {_LAYER_RE.match(n)["prefix"] for n in names}  # type: ignore[index]
        if len(prefixes) > 1:
            raise fail(
                f"the pattern matches layers of several lists ({', '.join(sorted(prefixes))}); drop one."
            )
        prefix = prefixes.pop()
        drop = {int(_LAYER_RE.match(n)["idx"]) for n in names}  # type: ignore[index]
        for idx in sorted(drop):
            partial = sorted(set(layers[prefix][idx]) - set(names))
            if partial:
                raise fail(
                    f"method: drop removes whole layers, but the pattern leaves {_short(partial)} of layer {idx}; "
                    f'use a pattern like "{prefix}.{idx}.*", or method: zero to zero only some parameters.'
                )
    count = len(layers[prefix])
    if sorted(layers[prefix]) != list(range(count)):
        raise fail(
            f"the layers under {prefix} are not numbered 0..{count - 1}, so they cannot be renumbered."
        )
    beyond = sorted(i for i in drop if i >= count)
    if beyond:
        raise fail(
            f"the model has {count} layers (0-{count - 1}); there is no layer {_short([str(i) for i in beyond])}."
        )
    if len(drop) == count:
        raise fail(f"this would remove all {count} layers; keep at least one.")
    new_config = _dropped_config(config, count, drop, fail)
    keep = [i for i in range(count) if i not in drop]
    order = origin.setdefault(prefix, list(range(count)))
    dropped = tuple(order[i] for i in sorted(drop))
    origin[prefix] = [order[i] for i in keep]
    renames: dict[str, str | None] = {}
    for idx, names_in_layer in layers[prefix].items():
        for name in names_in_layer:
            rest = name[len(f"{prefix}.{idx}.") :]
            renames[name] = None if idx in drop else f"{prefix}.{keep.index(idx)}.{rest}"
    # the table keeps the model's own order, with renamed layers in place
    items = [(renames.get(n, n), v) for n, v in table.items() if renames.get(n, n) is not None]
    table.clear()
    table.update(items)  # type: ignore[arg-type]
    plan.dropped = tuple(sorted(plan.dropped + dropped))
    plan.num_hidden_layers = len(keep)
    plan.config = new_config
    removed = tuple(n for n, new in renames.items() if new is None)
    return _Step(op, removed, renames, dropped)


def _dropped_config(
    config: Mapping[str, Any] | None, count: int, drop: set[int], fail: Callable[[str], TransformError]
) -> dict[str, Any]:
    if config is None:
        raise fail("removing layers changes the model's shape; the loader must pass the model's config.")
    model_type = config.get("model_type")
    if model_type not in DROPPABLE_MODEL_TYPES:
        raise fail(
            f"layers of a {model_type!r} model cannot be removed: its layers differ by position, so renumbering "
            "them would change what they do. Zero their parameters with method: zero instead."
        )
    if config.get("num_hidden_layers") != count:
        raise fail(f"the config says {config.get('num_hidden_layers')} layers but the weights have {count}.")
    new = json.loads(json.dumps(config))  # a deep copy of plain JSON data
    new["num_hidden_layers"] = count - len(drop)
    if isinstance(new.get("layer_types"), list) and len(new["layer_types"]) == count:
        new["layer_types"] = [t for i, t in enumerate(new["layer_types"]) if i not in drop]
    return new


# ------------------------------------------------------------------------------------------------------- application


def apply_transforms(
    weights: Mapping[str, mx.array],
    spec: TransformSpec,
    load_other: LoadOther,
    *,
    config: Mapping[str, Any] | None = None,
    cancel: Any = None,
) -> TransformResult:
    """Validate ``spec`` against ``weights`` (and the other checkpoints), then apply it; the input is not modified.

    ``load_other`` resolves a ``with:``/``base:`` value into weights in the model's own parameter naming. ``config``
    (the model's config.json) is needed only when layers are dropped; the result then carries the updated copy to
    build the model with. A set ``cancel`` ends with ``cancelled=True`` and the input weights untouched.
    """
    plan = _plan(weights, spec, load_other, config)
    last_use = {key: i for i, step in enumerate(plan.steps) for key in (step.op.other, step.op.base) if key}
    out = dict(weights)
    reports = []
    # On the CPU stream every op is a separate IEEE float32 operation (no fused kernels), so the result is bit-identical
    # wherever it runs.
    with mx.stream(mx.cpu):
        for i, step in enumerate(plan.steps):
            op = step.op
            if step.renames:
                out = {
                    step.renames.get(n, n): a for n, a in out.items() if step.renames.get(n, n) is not None
                }
            else:
                theirs = plan.others.get(op.other) if op.other else None
                base = plan.others.get(op.base) if op.base else None
                for name in step.names:
                    if cancel is not None and cancel.is_set():
                        return TransformResult(dict(weights), "", tuple(reports), cancelled=True)
                    out[name] = _apply_one(
                        op, out[name], theirs[name] if theirs else None, base[name] if base else None
                    )
                    mx.eval(out[name])
            reports.append(OpReport(op.index, op.op, op.describe(), len(step.names), op.other))
            for key, last in last_use.items():
                if last == i:
                    plan.others.pop(key, None)  # free another checkpoint as soon as no later step needs it
    return TransformResult(
        weights=out,
        sha256=weights_hash(out),
        report=tuple(reports),
        dropped_layers=plan.dropped,
        num_hidden_layers=plan.num_hidden_layers,
        config=plan.config,
    )


def _apply_one(op: Operation, w: mx.array, theirs: mx.array | None, base: mx.array | None) -> mx.array:
    dtype = w.dtype
    math_dtype = mx.float64 if dtype == mx.float64 else mx.float32
    if op.op == "replace":
        assert theirs is not None
        return theirs if theirs.dtype == dtype else theirs.astype(dtype)
    if op.op == "prune":
        if op.method == "zero":
            return mx.zeros_like(w)
        return _prune_magnitude(w, op.fraction or 0.0)
    ours = w.astype(math_dtype)
    if op.op == "scale":
        result = ours * op.factor
    elif op.op == "add":
        assert theirs is not None
        delta = theirs.astype(math_dtype)
        if base is not None:
            delta = delta - base.astype(math_dtype)
        result = ours + delta * op.factor
    else:  # interpolate
        assert theirs is not None and op.weight is not None
        result = ours * (1.0 - op.weight) + theirs.astype(math_dtype) * op.weight
    return result.astype(dtype)


def _prune_magnitude(w: mx.array, fraction: float) -> mx.array:
    """Zero exactly floor(fraction * size) entries of smallest |w|; ties go to the lower flat index (stable sort)."""
    size = w.size
    k = int(math.floor(fraction * size + 1e-9))
    if k == 0:
        return w
    magnitude = np.abs(np.array(w.astype(mx.float32))).reshape(-1)
    # the k-th smallest value by selection (linear time), then ties at it in flat-index order: the same entries a
    # stable sort would pick, whatever algorithm numpy uses
    threshold = np.partition(magnitude, k - 1)[k - 1]
    if np.isnan(threshold):  # NaN sorts last: everything else goes, then NaNs in index order
        mask, ties = ~np.isnan(magnitude), np.flatnonzero(np.isnan(magnitude))
    else:
        mask, ties = magnitude < threshold, np.flatnonzero(magnitude == threshold)
    mask[ties[: k - int(mask.sum())]] = True
    return mx.where(mx.array(mask.reshape(w.shape)), mx.array(0, dtype=w.dtype), w)


def weights_hash(weights: Mapping[str, mx.array]) -> str:
    """sha256 over the sorted parameter names, each with its dtype, shape and raw little-endian bytes."""
    h = hashlib.sha256()
    for name in sorted(weights):
        array = weights[name]
        mx.eval(array)
        view = memoryview(array)
        header = f"{name}\0{_dtype_name(array.dtype)}\0{','.join(map(str, array.shape))}\0{view.nbytes}\0"
        h.update(header.encode("utf-8"))
        h.update(view if view.c_contiguous else bytes(view))
    return h.hexdigest()


def load_safetensors_folder(path: str | os.PathLike[str]) -> dict[str, mx.array]:
    """Load a .safetensors file or a model folder (sharded through model.safetensors.index.json or not).

    Names are the checkpoint's own; a model whose loader renames (mlx-lm ``sanitize``) needs that applied after.
    """
    root = Path(path).expanduser()
    if root.is_file():
        files = [root]
    elif (root / "model.safetensors.index.json").is_file():
        try:
            index = json.loads((root / "model.safetensors.index.json").read_text(encoding="utf-8"))
            files = [root / f for f in sorted(set(index["weight_map"].values()))]
        except (OSError, ValueError, KeyError, AttributeError) as err:
            raise ModelLoadError(
                f"The shard index in {root} is unreadable ({err}); re-download the model."
            ) from err
    else:
        files = sorted(root.glob("model*.safetensors")) or sorted(root.glob("*.safetensors"))
    if not files:
        raise ModelLoadError(
            f"No .safetensors weights were found in {root}; point to a model folder or file."
        )
    weights: dict[str, mx.array] = {}
    for file in files:
        try:
            shard = mx.load(str(file))
        except (OSError, RuntimeError, ValueError) as err:
            raise ModelLoadError(f"Cannot read the weights file {file}: {err}.") from err
        clash = sorted(set(shard) & set(weights))
        if clash:
            raise ModelLoadError(
                f"The weights file {file} repeats parameters ({_short(clash)}); the folder is broken."
            )
        weights.update(shard)  # type: ignore[arg-type]
    return weights
