"""Convert a GGUF model file into an MLX-loadable Hugging Face style folder, once, cached.

The folder holds ``config.json``, ``generation_config.json``, ``model.safetensors``, ``tokenizer.json``,
``tokenizer_config.json`` (with the chat template) and ``special_tokens_map.json``. The weights are either kept
quantized (``keep``: GGUF blocks become MLX affine-quantized weights, see ``quantized.py``, at about the GGUF's size)
or dequantized to a float dtype. ``keep`` is the default on macOS; on Linux the default is float32 because MLX's CPU
quantized matmuls are ~20x slower than its fp32 ones (a 135M model: 4 s per token in 4-bit vs 0.2 s).

The folder is written into a temporary folder beside the destination and renamed into place at the end, so a killed
import never leaves a folder that looks complete. The cache is keyed by the file's content (its header and a sample
of its tensor data), so one file installed in several places is imported once. No torch: ``gguf.quants`` reads.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from engine.core import GGUFImportError, paths
from engine.models.gguf.arch import check_architecture, check_shapes, hf_config, hf_tensor_name, transform
from engine.models.gguf.quantized import GROUP, QuantizedTensor, exact_types, fallback_bits, to_mlx
from engine.models.gguf.reader import GGUFFile, TensorInfo, read_gguf
from engine.models.gguf.tokenizer import build_tokenizer

log = logging.getLogger(__name__)

FORMAT_VERSION = 2  # bump when the output changes, so old cached conversions are redone
KEEP_FORMAT_VERSION = 3  # kept-quantized output: 3 = Q6_K as 6 bits
MARKER = "alcove_gguf_import.json"
_DTYPES = {"float32": "F32", "float16": "F16", "bfloat16": "BF16"}
QUANTIZATIONS = ("keep", *_DTYPES)
_ITEMSIZE = {"F32": 4, "F16": 2, "BF16": 2, "U32": 4}
_SAMPLES = 64  # tensor-data samples hashed into the content key
_SAMPLE_BYTES = 64 << 10
_Q6_K = 14  # GGMLQuantizationType.Q6_K
_CONTENT_MEMO: dict[str, str] = {}  # "path|size|mtime_ns" -> content key, this process


def default_quantization() -> str:
    """``keep`` on macOS (Metal's quantized matmuls are the fast path); float32 on Linux, where MLX's CPU
    quantized matmuls are ~20x slower than fp32 through BLAS."""
    return "keep" if sys.platform == "darwin" else "float32"


class _Cancel(Protocol):
    def is_set(self) -> bool: ...


ProgressCallback = Callable[[int, int, str], None]  # (tensors done, tensors total, tensor name)


def import_gguf(
    path: str | Path,
    out_dir: str | Path | None = None,
    *,
    quantization: str | None = None,
    dtype: str | None = None,
    cancel: _Cancel | None = None,
    on_progress: ProgressCallback | None = None,
) -> Path | None:
    """Convert ``path`` and return the model folder; returns at once when it was converted before.

    ``quantization`` is ``keep`` (MLX quantized weights) or a float dtype; ``None`` is
    :func:`default_quantization`. ``dtype`` is the older name of the float choices. Without ``out_dir`` the folder
    is ``cache_dir()/models/<stem>-<key>``, the key depending on the file's content, the quantization and the
    converter version. Returns ``None`` when ``cancel`` was set (nothing is left behind). Raises
    :class:`GGUFImportError` with a user-facing message otherwise.
    """
    quantization = quantization or dtype or default_quantization()
    if quantization not in QUANTIZATIONS:
        raise GGUFImportError(
            f"Cannot import a GGUF model as {quantization!r}; choose one of {', '.join(QUANTIZATIONS)}."
        )
    source = Path(path).expanduser()
    if not source.is_file():
        raise GGUFImportError(f"There is no GGUF file at {source}. Check the path and try again.")
    content = content_key(source)
    key = _cache_key(content, quantization)
    target = Path(out_dir).expanduser() if out_dir is not None else _cached_or_new(source, key)
    if is_complete(target, key):
        _remember_source(target, source)
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
        report = _write_weights(
            gguf_file, plan, temp / "model.safetensors", quantization, cancel, on_progress
        )
        if report is None:
            shutil.rmtree(temp, ignore_errors=True)
            log.info("GGUF import of %s cancelled", source.name)
            return None
        _write_metadata_files(temp, plan, quantization, report)
        seconds = time.perf_counter() - started
        marker = {
            "key": key,
            "content": content,
            "source": str(source),
            "sources": [str(source)],
            "quantization": quantization,
            "dtype": quantization,
            "gguf_bytes": source.stat().st_size,
            "weights_bytes": (temp / "model.safetensors").stat().st_size,
            "seconds": seconds,
            "requantized": report["requantized"],
        }
        _write_json(temp / MARKER, marker)
        _move_into_place(temp, target, key)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise
    if report["requantized"]:
        log.warning(
            "%s: %d tensors have no exact MLX layout (%s) and were re-quantized (Q6_K: 6 bits, others: 8)",
            source.name,
            len(report["requantized"]),
            ", ".join(sorted({t for t in report["requantized"].values()})),
        )
    log.info(
        "Imported %s (%s, %s) into %s in %.1f s", source.name, plan["arch"], quantization, target, seconds
    )
    return target


def default_output_dir(source: str | Path, quantization: str | None = None) -> Path:
    source = Path(source).expanduser()
    return _cached_or_new(source, _cache_key(content_key(source), quantization or default_quantization()))


def _cached_or_new(source: Path, key: str) -> Path:
    """The import of this content (under whatever file name it was first imported), else a new folder."""
    root = paths.cache_dir() / "models"
    for folder in sorted(root.glob(f"*-{key}")) if root.is_dir() else ():
        if is_complete(folder, key):
            return folder
    return root / f"{source.stem}-{key}"


def _remember_source(folder: Path, source: Path) -> None:
    """Add ``source`` to the import's list of files it came from (best effort: the import is valid without)."""
    try:
        marker = json.loads((folder / MARKER).read_text(encoding="utf-8"))
        sources = [s for s in marker.get("sources", [marker.get("source")]) if s and Path(s).is_file()]
        if str(source) not in sources:
            marker["sources"] = [*sources, str(source)]
            marker["source"] = str(source)
            _write_json(folder / MARKER, marker)
    except (OSError, ValueError):
        log.debug("could not update %s", folder / MARKER, exc_info=True)


def content_key(source: str | Path) -> str:
    """Identity of a GGUF file by content: a hash of its header (metadata and tensor table with offsets), its
    size and 64 evenly spaced 64 KiB samples of its tensor data. Independent of the file's name, place and mtime;
    a fine-tune with the same shapes changes the sampled weights. Reads about 4 MiB, once per file version: the
    result is remembered by path, size and mtime (in this process and in ``cache_dir()/gguf-content-keys.json``)."""
    source = Path(source).expanduser()
    try:
        stat = source.stat()
    except OSError as error:
        raise GGUFImportError(f"{source} could not be read ({error}).") from None
    memo_key = f"{source.resolve()}|{stat.st_size}|{stat.st_mtime_ns}"
    if memo_key in _CONTENT_MEMO:
        return _CONTENT_MEMO[memo_key]
    memo_file = paths.cache_dir() / "gguf-content-keys.json"
    try:
        memo = json.loads(memo_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        memo = {}
    if isinstance(memo, dict) and isinstance(memo.get(memo_key), str):
        _CONTENT_MEMO[memo_key] = memo[memo_key]
        return memo[memo_key]
    digest = _hash_content(source)
    _CONTENT_MEMO[memo_key] = digest
    try:  # best effort: a later process skips reading the file again while it is unchanged
        memo = memo if isinstance(memo, dict) else {}
        memo[memo_key] = digest
        memo_file.parent.mkdir(parents=True, exist_ok=True)
        temp = memo_file.with_name(f".{memo_file.name}.{os.getpid()}-{uuid.uuid4().hex[:6]}")
        temp.write_text(json.dumps(memo), encoding="utf-8")
        os.replace(temp, memo_file)
    except OSError:
        log.debug("could not save %s", memo_file, exc_info=True)
    return digest


def _hash_content(source: Path) -> str:
    try:
        size = source.stat().st_size
        gguf_file = read_gguf(source)
    except OSError as error:
        raise GGUFImportError(f"{source} could not be read ({error}).") from None
    data_start = min((t.offset for t in gguf_file.tensors), default=size)
    h = hashlib.sha256(f"gguf|{size}|".encode())
    with source.open("rb") as handle:
        h.update(handle.read(data_start))
        span = max(size - data_start - _SAMPLE_BYTES, 0)
        for i in range(_SAMPLES + 1):
            handle.seek(data_start + span * i // _SAMPLES)
            h.update(handle.read(_SAMPLE_BYTES))
    return h.hexdigest()


def is_complete(folder: Path, key: str | None = None) -> bool:
    """A finished import (of this source, when ``key`` is given)."""
    try:
        marker = json.loads((folder / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    files = ("config.json", "model.safetensors", "tokenizer.json", "tokenizer_config.json")
    return (key is None or marker.get("key") == key) and all((folder / name).is_file() for name in files)


def _cache_key(content: str, quantization: str) -> str:
    version = KEEP_FORMAT_VERSION if quantization == "keep" else FORMAT_VERSION
    text = f"{content}|{quantization}|v{version}"
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _plan(gguf_file: GGUFFile) -> dict[str, Any]:
    """Everything decided before writing a byte: names, supported types, config and tokenizer."""
    from gguf.constants import GGMLQuantizationType
    from gguf.quants import _type_traits

    metadata = gguf_file.metadata
    arch = check_architecture(metadata)
    readable = {int(GGMLQuantizationType.F32), int(GGMLQuantizationType.F16)} | {int(t) for t in _type_traits}
    names: dict[str, TensorInfo] = {}
    config_only: dict[str, np.ndarray] = {}
    for info in gguf_file.tensors:
        if info.ggml_type not in readable:
            type_name = GGMLQuantizationType(info.ggml_type).name
            raise GGUFImportError(
                f"Tensor {info.name} is stored as {type_name}, which Alcove cannot dequantize; use a file "
                "quantized as F16, BF16, Q8_0, Q4_0, Q4_1, Q5_0, Q5_1 or a K-quant (Q4_K_M, Q6_K...)."
            )
        hf_name = hf_tensor_name(arch, info.name)
        if hf_name is None:
            config_only[info.name] = _dequantize(gguf_file, info)
            continue
        names[hf_name] = info
    shapes = {info.name: info.shape for info in gguf_file.tensors}
    rope_freqs = config_only.get("rope_freqs.weight")
    long = config_only.get("rope_factors_long.weight")
    short = config_only.get("rope_factors_short.weight", long)
    config = hf_config(arch, metadata, shapes, rope_freqs, None if long is None else (long, short))
    check_shapes(arch, config, shapes, len(metadata.get("tokenizer.ggml.tokens") or ()))
    tokenizer = build_tokenizer(metadata, arch)
    eos = list(tokenizer.eos_token_ids)
    config.update(
        bos_token_id=tokenizer.bos_token_id,
        eos_token_id=eos[0] if len(eos) == 1 else eos,
        pad_token_id=tokenizer.pad_token_id,
    )
    bits = {name: _bits_for(info) for name, info in names.items() if _quantizable(info, name)}
    return {"arch": arch, "names": names, "config": config, "tokenizer": tokenizer, "bits": bits}


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
    if code != "BF16":
        raise ValueError(f"no float conversion to {code}")
    # bfloat16: round to nearest even, keep NaNs quiet
    bits = np.ascontiguousarray(values, dtype=np.float32).view(np.uint32)
    rounded = (bits.astype(np.uint64) + 0x7FFF + ((bits >> 16) & 1)) >> 16
    out = rounded.astype(np.uint16)
    nan = np.isnan(values)
    if nan.any():
        out[nan] = ((bits[nan] >> 16) | 0x40).astype(np.uint16)
    return out


def _quantizable(info: TensorInfo, hf_name: str) -> bool:
    """A 2-D matrix stored block-quantized whose rows split into MLX groups of 32 (Linear and Embedding weights)."""
    from gguf.constants import GGMLQuantizationType as T

    floats = {int(T.F32), int(T.F16), int(T.BF16)}
    return (
        len(info.shape) == 2
        and hf_name.endswith(".weight")
        and info.shape[1] % GROUP == 0
        and info.ggml_type not in floats
    )


def _quantized(gguf_file: GGUFFile, plan: dict[str, Any], info: TensorInfo) -> QuantizedTensor:
    reference = None if info.ggml_type in exact_types() | {_Q6_K} else _dequantize(gguf_file, info)
    q = to_mlx(info.ggml_type, gguf_file.tensor_bytes(info), info.shape, reference)
    arch, config = plan["arch"], plan["config"]
    # llama.cpp's row permutation moves whole rows: the same on codes, scales and biases
    return QuantizedTensor(
        transform(arch, info.name, q.weight, config),
        transform(arch, info.name, q.scales, config),
        transform(arch, info.name, q.biases, config),
        q.bits,
        q.exact,
    )


def _layout(plan: dict[str, Any], quantization: str) -> list[tuple[str, str, str, list[int]]]:
    """(hf tensor name, part, safetensors dtype, shape) in file order; part is "float" or weight/scales/biases."""
    names: dict[str, TensorInfo] = plan["names"]
    float_code = "F16" if quantization == "keep" else _DTYPES[quantization]
    out = []
    for name in sorted(names):
        info = names[name]
        if quantization == "keep" and _quantizable(info, name):
            rows, cols = info.shape
            bits = plan["bits"][name]
            module = name[: -len(".weight")]
            out.append((name, "weight", "U32", [rows, cols * bits // 32]))
            out.append((f"{module}.scales", "scales", float_code, [rows, cols // GROUP]))
            out.append((f"{module}.biases", "biases", float_code, [rows, cols // GROUP]))
        else:
            out.append((name, "float", float_code, list(info.shape)))
    return out


def _write_weights(
    gguf_file: GGUFFile,
    plan: dict[str, Any],
    target: Path,
    quantization: str,
    cancel: _Cancel | None,
    on_progress: ProgressCallback | None,
) -> dict[str, Any] | None:
    """Stream a safetensors file: header first (sizes are known), then one tensor at a time. ``None``: cancelled."""
    names: dict[str, TensorInfo] = plan["names"]
    layout = _layout(plan, quantization)
    header: dict[str, Any] = {"__metadata__": {"format": "mlx"}}
    offset = 0
    for key, _part, code, shape in layout:
        size = int(np.prod(shape)) * _ITEMSIZE[code]
        header[key] = {"dtype": code, "shape": shape, "data_offsets": [offset, offset + size]}
        offset += size
    blob = json.dumps(header, separators=(",", ":")).encode()
    blob += b" " * (-len(blob) % 8)
    requantized: dict[str, str] = {}
    order = sorted(names)
    with target.open("wb") as handle:
        handle.write(len(blob).to_bytes(8, "little"))
        handle.write(blob)
        entries = iter(layout)
        for index, name in enumerate(order):
            if cancel is not None and cancel.is_set():
                return None
            info = names[name]
            _key, part, code, _shape = next(entries)
            if part == "float":
                values = transform(plan["arch"], info.name, _dequantize(gguf_file, info), plan["config"])
                handle.write(np.ascontiguousarray(_to_dtype(values, code)).tobytes())
            else:
                q = _quantized(gguf_file, plan, info)
                if not q.exact:
                    requantized[name] = _type_name(info.ggml_type)
                handle.write(np.ascontiguousarray(q.weight, dtype="<u4").tobytes())
                for values in (q.scales, q.biases):
                    _key, _part, part_code, _shape = next(entries)
                    handle.write(np.ascontiguousarray(_to_dtype(values, part_code)).tobytes())
            if on_progress is not None:
                on_progress(index + 1, len(order), name)
    return {"requantized": requantized}


def _type_name(ggml_type: int) -> str:
    from gguf.constants import GGMLQuantizationType

    return GGMLQuantizationType(ggml_type).name


def _bits_for(info: TensorInfo) -> int:
    return fallback_bits(info.ggml_type)


def _quantization_config(plan: dict[str, Any]) -> dict[str, Any]:
    """mlx-lm's config.json ``quantization``: defaults (the commonest bits) plus an entry per quantized layer."""
    per_layer = {name[: -len(".weight")]: bits for name, bits in plan["bits"].items()}
    counts = {b: list(per_layer.values()).count(b) for b in set(per_layer.values())}
    default = max(counts, key=lambda b: (counts[b], -b)) if counts else 4
    quant: dict[str, Any] = {"group_size": GROUP, "bits": default, "mode": "affine"}
    for module, bits in sorted(per_layer.items()):
        quant[module] = {"group_size": GROUP, "bits": bits, "mode": "affine"}
    return quant


def _write_metadata_files(folder: Path, plan: dict[str, Any], quantization: str, report: dict) -> None:
    config = dict(plan["config"], torch_dtype="float16" if quantization == "keep" else quantization)
    if quantization == "keep" and plan["bits"]:
        config["quantization"] = _quantization_config(plan)
        config["quantization_config"] = config["quantization"]
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


def gguf_tensor_types(path: str | Path) -> dict[str, str]:
    """Hugging Face tensor name -> the GGUF storage type it has in ``path`` (e.g. ``Q4_K``), for reports."""
    gguf_file = read_gguf(Path(path).expanduser())
    arch = check_architecture(gguf_file.metadata)
    out = {}
    for info in gguf_file.tensors:
        hf = hf_tensor_name(arch, info.name)
        if hf is not None:
            out[hf] = _type_name(info.ggml_type)
    return out
