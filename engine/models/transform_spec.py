"""The runtime-transform YAML format: parsing and checks that need no weights (see engine.models.transforms)."""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from engine.core import TransformError

OPS = ("scale", "add", "prune", "replace", "interpolate")
PRUNE_METHODS = ("zero", "magnitude", "drop")
_OP_KEYS = {
    "scale": {"factor"},
    "add": {"with", "factor", "base"},
    "prune": {"method", "fraction", "drop_layers"},
    "replace": {"with"},
    "interpolate": {"with", "weight"},
}
_TOP_KEYS = {"operations", "description"}
_REPO_ID_RE = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+$")


@dataclass(frozen=True)
class Operation:
    """One validated YAML operation; ``index`` is 1-based as shown in messages."""

    index: int
    op: str
    patterns: tuple[str, ...] = ()
    factor: float | None = None
    other: str | None = None  # the resolved ``with:`` (absolute path, or a repo id as written)
    base: str | None = None
    weight: float | None = None
    method: str | None = None
    fraction: float | None = None
    drop_layers: tuple[int, ...] = ()

    def describe(self) -> str:
        if self.drop_layers:
            return "drop_layers " + ",".join(str(i) for i in self.drop_layers)
        return ", ".join(self.patterns)


@dataclass(frozen=True)
class TransformSpec:
    operations: tuple[Operation, ...]
    source: str  # the YAML file, or "<text>"
    description: str = ""


def load_transform_spec(path_or_text: str | os.PathLike[str]) -> TransformSpec:
    """Parse and check a transform YAML (a file path or the YAML text itself)."""
    text, source, base_dir = _read_source(path_or_text)
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        raise TransformError(f"The transform file {source} is not valid YAML: {err}") from err
    if not isinstance(data, dict) or "operations" not in data:
        raise TransformError(f"The transform file {source} must be a mapping with an 'operations' list.")
    unknown = sorted(set(map(str, data)) - _TOP_KEYS)
    if unknown:
        raise TransformError(
            f"The transform file {source} has unknown top-level keys {unknown}; allowed: operations, description."
        )
    raw_ops = data["operations"]
    if not isinstance(raw_ops, list) or not raw_ops:
        raise TransformError(f"In {source}, 'operations' must be a non-empty list of operations.")
    ops = tuple(_parse_op(i, raw, base_dir, source) for i, raw in enumerate(raw_ops, start=1))
    return TransformSpec(operations=ops, source=source, description=str(data.get("description") or ""))


def _read_source(path_or_text: str | os.PathLike[str]) -> tuple[str, str, Path | None]:
    is_path = isinstance(path_or_text, os.PathLike) or (
        "\n" not in path_or_text
        and (path_or_text.endswith((".yaml", ".yml")) or Path(path_or_text).expanduser().is_file())
    )
    if not is_path:
        return str(path_or_text), "<text>", None
    path = Path(path_or_text).expanduser().resolve()
    try:
        return path.read_text(encoding="utf-8"), str(path), path.parent
    except OSError as err:
        raise TransformError(f"Cannot read the transform file {path}: {err.strerror or err}.") from err


def operation_error(source: str, index: int, op: str, message: str) -> TransformError:
    return TransformError(f"{source}, operation {index} ({op}): {message}")


def _parse_op(index: int, raw: Any, base_dir: Path | None, source: str) -> Operation:
    if not isinstance(raw, dict):
        raise operation_error(source, index, "?", "each operation must be a mapping with an 'op' key.")
    op = raw.get("op")
    if op not in OPS:
        raise operation_error(source, index, str(op), f"unknown op {op!r}; use one of {', '.join(OPS)}.")
    unknown = sorted(set(map(str, raw)) - {"op", "pattern"} - _OP_KEYS[op])
    if unknown:
        allowed = ", ".join(["op", "pattern", *sorted(_OP_KEYS[op])])
        raise operation_error(source, index, op, f"unknown keys {unknown}; allowed here: {allowed}.")

    def fail(message: str) -> TransformError:
        return operation_error(source, index, op, message)

    def number(
        key: str, default: float | None = None, lo: float | None = None, hi: float | None = None
    ) -> float:
        value = raw.get(key, default)
        if value is None:
            raise fail(f"'{key}' is required.")
        try:
            if isinstance(value, bool):
                raise ValueError
            value = float(value)
        except (TypeError, ValueError):
            raise fail(f"'{key}' must be a number, not {raw.get(key)!r}.") from None
        if not math.isfinite(value) or (lo is not None and value < lo) or (hi is not None and value > hi):
            rng = f" between {lo:g} and {hi:g}" if lo is not None and hi is not None else ""
            raise fail(f"'{key}' must be a finite number{rng}, not {raw.get(key)!r}.")
        return value

    def checkpoint(key: str, required: bool = True) -> str | None:
        value = raw.get(key)
        if value is None and not required:
            return None
        if not isinstance(value, str) or not value.strip():
            raise fail(f"'{key}' must name another checkpoint (a folder, a .gguf file or a cached repo id).")
        return _resolve_checkpoint(value.strip(), base_dir)

    patterns: tuple[str, ...] = ()
    if "pattern" in raw:
        pat = raw["pattern"]
        pats = [pat] if isinstance(pat, str) else pat
        if not isinstance(pats, list) or not pats or not all(isinstance(p, str) and p for p in pats):
            raise fail("'pattern' must be a glob string or a non-empty list of them.")
        patterns = tuple(pats)

    if op == "prune":
        method = raw.get("method", "drop" if "drop_layers" in raw else "zero")
        if method not in PRUNE_METHODS:
            raise fail(f"unknown method {method!r}; use one of {', '.join(PRUNE_METHODS)}.")
        drop = _parse_layers(raw["drop_layers"], fail) if "drop_layers" in raw else ()
        if drop and (method != "drop" or patterns):
            raise fail(
                "'drop_layers' removes whole layers; give it without 'pattern' (and with method: drop)."
            )
        if not drop and not patterns:
            raise fail("give a 'pattern' (or 'drop_layers' to remove whole layers).")
        if method == "magnitude":
            fraction = number("fraction", lo=0.0, hi=1.0)
        elif "fraction" in raw:
            raise fail("'fraction' only applies to method: magnitude.")
        else:
            fraction = None
        return Operation(index, op, patterns, method=method, fraction=fraction, drop_layers=drop)

    if not patterns:
        raise fail("'pattern' is required (use \"*\" for every parameter).")
    if op == "scale":
        return Operation(index, op, patterns, factor=number("factor"))
    if op == "add":
        return Operation(
            index,
            op,
            patterns,
            factor=number("factor", 1.0),
            other=checkpoint("with"),
            base=checkpoint("base", False),
        )
    if op == "replace":
        return Operation(index, op, patterns, other=checkpoint("with"))
    return Operation(index, op, patterns, other=checkpoint("with"), weight=number("weight", lo=0.0, hi=1.0))


def _parse_layers(value: Any, fail: Callable[[str], TransformError]) -> tuple[int, ...]:
    items = value if isinstance(value, list) else [value]
    out: set[int] = set()
    for item in items:
        if isinstance(item, int) and not isinstance(item, bool) and item >= 0:
            out.add(item)
        elif isinstance(item, str) and re.fullmatch(r"\s*\d+\s*-\s*\d+\s*", item):
            lo, hi = (int(x) for x in item.split("-"))
            if lo > hi:
                raise fail(f"layer range {item!r} is empty.")
            out.update(range(lo, hi + 1))
        else:
            raise fail(f"'drop_layers' takes layer numbers (from 0) and ranges like \"8-11\", not {item!r}.")
    if not out:
        raise fail("'drop_layers' is empty.")
    return tuple(sorted(out))


def _resolve_checkpoint(value: str, base_dir: Path | None) -> str:
    """Relative paths resolve against the YAML file's folder; a repo id (owner/name) that is no such path stays."""
    path = Path(value).expanduser()
    if path.is_absolute():
        return str(path.resolve())
    local = (base_dir or Path.cwd()) / path
    if not local.exists() and _REPO_ID_RE.match(value) and not value.endswith(".gguf"):
        return value
    return str(local.resolve())
