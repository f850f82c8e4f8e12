"""Convert a GGUF model file into an MLX-loadable Hugging Face style folder, once, cached.

The folder holds ``config.json``, ``generation_config.json``, ``model.safetensors`` (dequantized to the requested
float dtype), ``tokenizer.json``, ``tokenizer_config.json`` (with the chat template) and
``special_tokens_map.json``. It is written into a temporary folder beside the destination and renamed into place
at the end, so a killed import never leaves a folder that looks complete. No torch: ``gguf.quants`` dequantizes.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from engine.core import GGUFImportError, paths
from engine.models.gguf.arch import check_architecture, hf_config, hf_tensor_name, transform
from engine.models.gguf.reader import GGUFFile, TensorInfo, read_gguf
from engine.models.gguf.tokenizer import build_tokenizer

log = logging.getLogger(__name__)

FORMAT_VERSION = 1  # bump when the output changes, so old cached conversions are redone
MARKER = "alcove_gguf_import.json"
_DTYPES = {"float32": "F32", "float16": "F16", "bfloat16": "BF16"}
_ITEMSIZE = {"F32": 4, "F16": 2, "BF16": 2}


class _Cancel(Protocol):
    def is_set(self) -> bool: ...


ProgressCallback = Callable[[int, int, str], None]  # (tensors done, tensors total, tensor name)


def import_gguf(
    path: str | Path,
    out_dir: str | Path | None = None,
    *,
    dtype: str = "float32",
    cancel: _Cancel | None = None,
    on_progress: ProgressCallback | None = None,
) -> Path | None:
    """Convert ``path`` and return the model folder; returns at once when it was converted before.

    Without ``out_dir`` the folder is ``cache_dir()/models/<stem>-<key>``, the key depending on the file's name,
    size and modification time, the dtype and the converter version. Returns ``None`` when ``cancel`` was set
    (nothing is left behind). Raises :class:`GGUFImportError` with a user-facing message otherwise.
    """
    if dtype not in _DTYPES:
        raise GGUFImportError(f"Cannot import a GGUF model as {dtype!r}; choose one of {', '.join(_DTYPES)}.")
    source = Path(path).expanduser()
    if not source.is_file():
        raise GGUFImportError(f"There is no GGUF file at {source}. Check the path and try again.")
    key = _cache_key(source, dtype)
    target = Path(out_dir).expanduser() if out_dir is not None else default_output_dir(source, dtype)
    if is_complete(target, key):
        return target
    if target.exists() and any(target.iterdir()) and not (target / MARKER).exists():
        raise GGUFImportError(
            f"{target} already exists and is not a model Alcove converted; choose an empty or new folder."
        )

    started = time.perf_counter()
    gguf_file = read_gguf(source)
    plan = _plan(gguf_file)
    target.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale_temps(target)
    temp = target.parent / f".{target.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    try:
        temp.mkdir()
        done = _write_weights(
            gguf_file, plan, temp / "model.safetensors", _DTYPES[dtype], cancel, on_progress
        )
        if not done:
            shutil.rmtree(temp, ignore_errors=True)
            log.info("GGUF import of %s cancelled", source.name)
            return None
        _write_metadata_files(temp, plan, dtype)
        seconds = time.perf_counter() - started
        _write_json(temp / MARKER, {"key": key, "source": str(source), "dtype": dtype, "seconds": seconds})
        _move_into_place(temp, target, key)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise
    log.info("Imported %s (%s) into %s in %.1f s", source.name, plan["arch"], target, seconds)
    return target


def default_output_dir(source: str | Path, dtype: str = "float32") -> Path:
    source = Path(source).expanduser()
    return paths.cache_dir() / "models" / f"{source.stem}-{_cache_key(source, dtype)}"


def is_complete(folder: Path, key: str | None = None) -> bool:
    """A finished import (of this source, when ``key`` is given)."""
    try:
        marker = json.loads((folder / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    files = ("config.json", "model.safetensors", "tokenizer.json", "tokenizer_config.json")
    return (key is None or marker.get("key") == key) and all((folder / name).is_file() for name in files)


def _cache_key(source: Path, dtype: str) -> str:
    stat = source.stat()
    text = f"{source.name}|{stat.st_size}|{stat.st_mtime_ns}|{dtype}|v{FORMAT_VERSION}"
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _plan(gguf_file: GGUFFile) -> dict[str, Any]:
    """Everything decided before writing a byte: names, supported types, config and tokenizer."""
    from gguf.constants import GGMLQuantizationType
    from gguf.quants import _type_traits

    metadata = gguf_file.metadata
    arch = check_architecture(metadata)
    readable = {int(GGMLQuantizationType.F32), int(GGMLQuantizationType.F16)} | {int(t) for t in _type_traits}
    names: dict[str, TensorInfo] = {}
    rope_freqs = None
    for info in gguf_file.tensors:
        if info.ggml_type not in readable:
            type_name = GGMLQuantizationType(info.ggml_type).name
            raise GGUFImportError(
                f"Tensor {info.name} is stored as {type_name}, which Alcove cannot dequantize; use a file "
                "quantized as F16, BF16, Q8_0, Q4_0, Q4_1, Q5_0, Q5_1 or a K-quant (Q4_K_M, Q6_K...)."
            )
        hf_name = hf_tensor_name(arch, info.name)
        if hf_name is None:
            if info.name == "rope_freqs.weight":
                rope_freqs = _dequantize(gguf_file, info)
            continue
        names[hf_name] = info
    shapes = {info.name: info.shape for info in gguf_file.tensors}
    config = hf_config(arch, metadata, shapes, rope_freqs)
    tokenizer = build_tokenizer(metadata, arch)
    eos = list(tokenizer.eos_token_ids)
    config.update(
        bos_token_id=tokenizer.bos_token_id,
        eos_token_id=eos[0] if len(eos) == 1 else eos,
        pad_token_id=tokenizer.pad_token_id,
    )
    return {"arch": arch, "names": names, "config": config, "tokenizer": tokenizer}


def _dequantize(gguf_file: GGUFFile, info: TensorInfo) -> np.ndarray:
    from gguf.quants import dequantize

    raw = gguf_file.tensor_bytes(info)
    try:
        values = dequantize(raw, info.ggml_type)
    except (ValueError, NotImplementedError) as error:
        raise GGUFImportError(f"Tensor {info.name} could not be dequantized ({error}).") from None
    return np.asarray(values, dtype=np.float32).reshape(info.shape)


def _to_dtype(values: np.ndarray, code: str) -> np.ndarray:
    if code == "F32":
        return values
    if code == "F16":
        return values.astype(np.float16)
    # bfloat16: round to nearest even, keep NaNs quiet
    bits = np.ascontiguousarray(values, dtype=np.float32).view(np.uint32)
    rounded = (bits.astype(np.uint64) + 0x7FFF + ((bits >> 16) & 1)) >> 16
    out = rounded.astype(np.uint16)
    nan = np.isnan(values)
    if nan.any():
        out[nan] = ((bits[nan] >> 16) | 0x40).astype(np.uint16)
    return out


def _write_weights(
    gguf_file: GGUFFile,
    plan: dict[str, Any],
    target: Path,
    code: str,
    cancel: _Cancel | None,
    on_progress: ProgressCallback | None,
) -> bool:
    """Stream a safetensors file: header first (sizes are known), then one tensor at a time."""
    names: dict[str, TensorInfo] = plan["names"]
    order = sorted(names)
    header: dict[str, Any] = {"__metadata__": {"format": "mlx"}}
    offset = 0
    for name in order:
        shape = list(names[name].shape)
        size = int(np.prod(shape)) * _ITEMSIZE[code]
        header[name] = {"dtype": code, "shape": shape, "data_offsets": [offset, offset + size]}
        offset += size
    blob = json.dumps(header, separators=(",", ":")).encode()
    blob += b" " * (-len(blob) % 8)
    with target.open("wb") as handle:
        handle.write(len(blob).to_bytes(8, "little"))
        handle.write(blob)
        for index, name in enumerate(order):
            if cancel is not None and cancel.is_set():
                return False
            info = names[name]
            values = transform(plan["arch"], info.name, _dequantize(gguf_file, info), plan["config"])
            handle.write(np.ascontiguousarray(_to_dtype(values, code)).tobytes())
            if on_progress is not None:
                on_progress(index + 1, len(order), name)
    return True


def _write_metadata_files(folder: Path, plan: dict[str, Any], dtype: str) -> None:
    config = dict(plan["config"], torch_dtype=dtype)
    tokenizer = plan["tokenizer"]
    _write_json(folder / "config.json", config)
    generation = {
        key: config[key]
        for key in ("bos_token_id", "eos_token_id", "pad_token_id")
        if config[key] is not None
    }
    _write_json(folder / "generation_config.json", generation)
    (folder / "tokenizer.json").write_text(tokenizer.tokenizer_json, encoding="utf-8")
    _write_json(folder / "tokenizer_config.json", tokenizer.tokenizer_config)
    _write_json(folder / "special_tokens_map.json", tokenizer.special_tokens_map)


def _write_json(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _move_into_place(temp: Path, target: Path, key: str) -> None:
    old = None
    if target.exists():
        if not any(target.iterdir()):
            target.rmdir()
        else:  # an earlier import of another version of the file, replaced whole
            old = target.parent / f".{target.name}.old-{uuid.uuid4().hex[:8]}"
            os.rename(target, old)
    try:
        os.rename(temp, target)
    except OSError:
        if is_complete(target, key):  # another process finished the same import first
            shutil.rmtree(temp, ignore_errors=True)
        else:
            raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _remove_stale_temps(target: Path) -> None:
    """Remove what killed imports of this folder left behind (their process is gone)."""
    for leftover in target.parent.glob(f".{target.name}.tmp-*"):
        pid_text = leftover.name.rsplit(".tmp-", 1)[1].split("-")[0]
        if not (pid_text.isdigit() and _process_alive(int(pid_text))):
            shutil.rmtree(leftover, ignore_errors=True)
    for leftover in target.parent.glob(f".{target.name}.old-*"):
        shutil.rmtree(leftover, ignore_errors=True)


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
