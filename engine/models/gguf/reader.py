"""Read a GGUF file's metadata and tensor table, and map its tensor bytes without copying them.

``gguf.GGUFReader`` builds a Python object per element of every metadata array, which takes seconds for a
262k-token vocabulary; this reader parses numeric arrays with numpy and strings in one pass, and leaves the
dequantization itself to ``gguf.quants``. Format: https://github.com/ggml-org/ggml/blob/master/docs/gguf.md
"""

from __future__ import annotations

import math
import mmap
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from engine.core import GGUFImportError

_MAGIC = b"GGUF"
_DEFAULT_ALIGNMENT = 32

# value type -> (struct format, numpy dtype)
_SCALARS: dict[int, tuple[str, str]] = {
    0: ("<B", "<u1"),
    1: ("<b", "<i1"),
    2: ("<H", "<u2"),
    3: ("<h", "<i2"),
    4: ("<I", "<u4"),
    5: ("<i", "<i4"),
    6: ("<f", "<f4"),
    7: ("<?", "<u1"),
    10: ("<Q", "<u8"),
    11: ("<q", "<i8"),
    12: ("<d", "<f8"),
}
_STRING, _ARRAY, _BOOL = 8, 9, 7
_MAX_NESTING = 8  # arrays of arrays: real files nest at most 2 deep; a hostile header would recurse forever
_MAX_DIMS = 8  # ggml tensors have at most 4 dimensions


@dataclass(frozen=True)
class TensorInfo:
    name: str
    ggml_type: int
    shape: tuple[int, ...]  # numpy order (rows first): the reverse of GGUF's ``ne``
    offset: int  # absolute byte offset in the file
    nbytes: int


@dataclass(frozen=True)
class GGUFFile:
    path: Path
    version: int
    metadata: dict[str, Any]
    tensors: tuple[TensorInfo, ...]

    def tensor_bytes(self, info: TensorInfo) -> np.ndarray:
        """The tensor's raw bytes as ``(*rows, bytes_per_row)`` uint8, memory-mapped (read on access)."""
        # a plain ndarray view: numpy's memmap subclass costs a Python call on every slice gguf.quants takes
        blob = np.asarray(
            np.memmap(self.path, mode="r", dtype=np.uint8, offset=info.offset, shape=(info.nbytes,))
        )
        rows = info.shape[:-1]
        return blob.reshape(*rows, -1) if rows else blob


class _Cursor:
    def __init__(self, data: mmap.mmap, path: Path):
        self.data = data
        self.pos = 0
        self.path = path

    def need(self, n: int) -> None:
        if self.pos + n > len(self.data):
            raise GGUFImportError(
                f"{self.path.name} ends in the middle of its header: the file is truncated or damaged. "
                "Download it again."
            )

    def unpack(self, fmt: str) -> Any:
        size = struct.calcsize(fmt)
        self.need(size)
        (value,) = struct.unpack_from(fmt, self.data, self.pos)
        self.pos += size
        return value

    def string(self) -> str:
        length = self.unpack("<Q")
        self.need(length)
        raw = self.data[self.pos : self.pos + length]
        self.pos += length
        return raw.decode("utf-8", errors="replace")

    def damaged(self, what: str) -> GGUFImportError:
        return GGUFImportError(
            f"{self.path.name} has a damaged header ({what}); it is not a GGUF file Alcove can read."
        )

    def value(self, value_type: int, depth: int = 0) -> Any:
        if value_type in _SCALARS:
            value = self.unpack(_SCALARS[value_type][0])
            return bool(value) if value_type == _BOOL else value
        if value_type == _STRING:
            return self.string()
        if value_type == _ARRAY:
            if depth >= _MAX_NESTING:
                raise self.damaged(f"arrays nested more than {_MAX_NESTING} deep")
            element_type = self.unpack("<I")
            count = self.unpack("<Q")
            self.need(count)  # every element takes at least one byte: a huge count is a truncated file
            if element_type in _SCALARS:
                dtype = np.dtype(_SCALARS[element_type][1])
                self.need(count * dtype.itemsize)
                values = np.frombuffer(self.data, dtype=dtype, count=count, offset=self.pos)
                self.pos += count * dtype.itemsize
                return [bool(v) for v in values] if element_type == _BOOL else values.tolist()
            return [self.value(element_type, depth + 1) for _ in range(count)]
        raise GGUFImportError(
            f"{self.path.name} holds a metadata value of unknown type {value_type}: it is not a GGUF file "
            "this version of Alcove can read."
        )


def read_gguf(path: str | Path) -> GGUFFile:
    """Parse the header, metadata and tensor table; tensor data stays on disk."""
    path = Path(path)
    if not path.is_file():
        raise GGUFImportError(f"There is no GGUF file at {path}. Check the path and try again.")
    size = path.stat().st_size
    with path.open("rb") as handle:
        if handle.read(4) != _MAGIC:
            raise GGUFImportError(
                f"{path.name} is not a GGUF file (it does not start with the GGUF signature). "
                "Choose a .gguf model file, as downloaded from LM Studio, Ollama or Hugging Face."
            )
    with path.open("rb") as handle, mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data:
        try:
            return _parse(path, size, data)
        except GGUFImportError:
            raise
        except (ValueError, TypeError, OverflowError, RecursionError, MemoryError, struct.error) as exc:
            raise GGUFImportError(
                f"{path.name} has a damaged header ({type(exc).__name__}: {exc}); it is not a GGUF file Alcove "
                "can read."
            ) from exc


def _parse(path: Path, size: int, data: mmap.mmap) -> GGUFFile:
    cur = _Cursor(data, path)
    cur.pos = 4
    version = cur.unpack("<I")
    if version not in (2, 3):
        raise GGUFImportError(f"{path.name} is GGUF version {version}; Alcove reads versions 2 and 3.")
    tensor_count = cur.unpack("<Q")
    kv_count = cur.unpack("<Q")
    metadata: dict[str, Any] = {}
    for _ in range(kv_count):
        key = cur.string()
        metadata[key] = cur.value(cur.unpack("<I"))

    from gguf.constants import GGML_QUANT_SIZES, GGMLQuantizationType

    raw_infos = []
    for _ in range(tensor_count):
        name = cur.string()
        n_dims = cur.unpack("<I")
        if n_dims > _MAX_DIMS:
            raise cur.damaged(f"tensor {name} claims {n_dims} dimensions")
        dims = [cur.unpack("<Q") for _ in range(n_dims)]
        ggml_type = cur.unpack("<I")
        offset = cur.unpack("<Q")
        raw_infos.append((name, dims, ggml_type, offset))

    alignment = metadata.get("general.alignment", _DEFAULT_ALIGNMENT)
    if isinstance(alignment, bool) or not isinstance(alignment, int) or not 1 <= alignment <= 1 << 20:
        raise cur.damaged(f"general.alignment is {alignment!r}, not a positive whole number of bytes")
    data_start = (cur.pos + alignment - 1) // alignment * alignment
    tensors = []
    for name, dims, ggml_type, offset in raw_infos:
        try:
            block_size, type_size = GGML_QUANT_SIZES[GGMLQuantizationType(ggml_type)]
        except (ValueError, KeyError):
            raise GGUFImportError(
                f"Tensor {name} in {path.name} has ggml type {ggml_type}, which Alcove does not know. "
                "Use a file quantized with a common type (F16, Q8_0, Q4_K_M...)."
            ) from None
        n_elements = math.prod(dims)  # Python ints: numpy's int64 product wraps around on hostile shapes
        nbytes = n_elements // block_size * type_size
        shape = tuple(reversed(dims))
        start = data_start + offset
        if start + nbytes > size:
            raise GGUFImportError(
                f"{path.name} is truncated: tensor {name} runs past the end of the file "
                f"({size:,} bytes). Download it again."
            )
        if shape and shape[-1] % block_size:
            raise GGUFImportError(f"Tensor {name} in {path.name} has a row length that is not whole blocks.")
        tensors.append(TensorInfo(name, ggml_type, shape, start, nbytes))
    return GGUFFile(path=path, version=version, metadata=metadata, tensors=tuple(tensors))
