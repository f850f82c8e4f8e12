"""Whether two model specs are the same model by content, whatever they are called: a repo in the HF cache, a folder
the user added, a GGUF file, or Alcove's own cached import of that GGUF (a hash-named folder). The identity is a
hash of the config (volatile keys dropped) and of the weight files (whole files up to 64 MB, else their size and
three 1 MiB samples); an imported GGUF folder takes the identity of the GGUF it was converted from. Reads files
only: run it on a worker thread."""

from __future__ import annotations

import hashlib
import json
import logging
from functools import lru_cache
from pathlib import Path

log = logging.getLogger(__name__)

WEIGHT_SUFFIXES = (".safetensors", ".gguf", ".npz", ".bin")
WHOLE_FILE_BYTES = 64_000_000
SAMPLE_BYTES = 1 << 20
IMPORT_MARKER = "alcove_gguf_import.json"  # written by engine.models.gguf's importer beside a converted model
_VOLATILE = ("_name_or_path", "transformers_version", "torch_dtype", "dtype", "quantization_config")


def file_digest(path: Path) -> str:
    st = path.stat()
    return _file_digest(str(path), st.st_size, st.st_mtime_ns)


@lru_cache(maxsize=256)
def _file_digest(path: str, size: int, _mtime_ns: int) -> str:
    h = hashlib.sha256(str(size).encode())
    with open(path, "rb") as f:
        if size <= WHOLE_FILE_BYTES:
            for block in iter(lambda: f.read(SAMPLE_BYTES), b""):
                h.update(block)
        else:
            for offset in (0, size // 2, max(0, size - SAMPLE_BYTES)):
                f.seek(offset)
                h.update(f.read(SAMPLE_BYTES))
    return h.hexdigest()


def content_identity(location: str | Path | None) -> str | None:
    """The identity of the model at ``location`` (a folder or a .gguf file); None when it cannot be read."""
    if not location:
        return None
    path = Path(location).expanduser()
    try:
        if path.is_file():
            return "file:" + file_digest(path)
        if not path.is_dir():
            return None
        marker = path / IMPORT_MARKER
        if marker.is_file():
            source = Path(json.loads(marker.read_text(encoding="utf-8")).get("source") or "")
            if source.is_file():
                return "file:" + file_digest(source)
        h = hashlib.sha256()
        config = path / "config.json"
        if config.is_file():
            cfg = json.loads(config.read_text(encoding="utf-8"))
            for key in _VOLATILE:
                cfg.pop(key, None)
            h.update(json.dumps(cfg, sort_keys=True).encode())
        weights = sorted(p for p in path.iterdir() if p.suffix in WEIGHT_SUFFIXES and p.is_file())
        if not weights:
            return None
        for p in weights:  # names differ between copies; the bytes do not
            h.update(file_digest(p).encode())
        return "dir:" + h.hexdigest()
    except (OSError, ValueError) as exc:
        log.info("cannot read %s to identify it: %s", path, exc)
        return None


def same_model(a: str | Path | None, b: str | Path | None) -> bool:
    ia, ib = content_identity(a), content_identity(b)
    return ia is not None and ia == ib
