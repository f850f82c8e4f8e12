"""A model's identity by content: the same weights under two paths (or two environments) are one model.

For a GGUF file: its header and sampled tensor data (``gguf.importer.content_key``). For a model folder: its
config.json, the header of every safetensors file (names, dtypes, shapes, offsets), the files' sizes and sampled
tensor bytes. Reads a few MiB whatever the model's size; no MLX.
"""

from __future__ import annotations

import hashlib
import json
import struct
from pathlib import Path

from engine.core import ModelLoadError
from engine.models.gguf.importer import MARKER, content_key

_SAMPLES = 16
_SAMPLE_BYTES = 64 << 10
# config.json keys that differ between copies of one model (who saved it, with which library, as which dtype name):
# the weights' headers already say each tensor's dtype.
_VOLATILE = ("_name_or_path", "transformers_version", "torch_dtype", "dtype")


def _safetensors_digest(h, file: Path) -> None:
    size = file.stat().st_size
    with file.open("rb") as handle:
        raw = handle.read(8)
        (header_len,) = struct.unpack("<Q", raw) if len(raw) == 8 else (0,)
        header_len = min(header_len, size - 8) if size >= 8 else 0
        h.update(f"{file.name}|{size}|".encode())
        h.update(handle.read(header_len))
        start, span = 8 + header_len, max(size - 8 - header_len - _SAMPLE_BYTES, 0)
        for i in range(_SAMPLES + 1):
            handle.seek(start + span * i // _SAMPLES)
            h.update(handle.read(_SAMPLE_BYTES))


def model_identity(path: str | Path) -> str:
    """A hex digest equal for two models exactly when their weights and config are the same (by content)."""
    path = Path(path).expanduser()
    try:
        if path.is_file() and path.suffix.lower() == ".gguf":
            return "gguf:" + content_key(path)
        if not path.is_dir():
            raise ModelLoadError(f"{path} is neither a model folder nor a .gguf file.")
        marker = path / MARKER
        if marker.is_file():  # an import is its GGUF, whatever quantization it was written in
            data = json.loads(marker.read_text(encoding="utf-8"))
            if data.get("content"):
                return "gguf:" + str(data["content"])
        h = hashlib.sha256()
        config = path / "config.json"
        if config.is_file():
            cfg = json.loads(config.read_text(encoding="utf-8"))
            for key in _VOLATILE if isinstance(cfg, dict) else ():
                cfg.pop(key, None)
            h.update(json.dumps(cfg, sort_keys=True).encode())
        files = sorted(path.glob("*.safetensors"))
        if not files and not config.is_file():
            raise ModelLoadError(f"The folder {path} holds no model (no config.json, no .safetensors).")
        for file in files:
            _safetensors_digest(h, file)
        return "folder:" + h.hexdigest()
    except (OSError, ValueError) as error:
        raise ModelLoadError(f"Could not read {path} to identify the model ({error}).") from None
