"""Prompt (KV) caches on disk, so a long conversation reopened after a relaunch prefills only its new message.

One file per cached token sequence, in mlx-lm's prompt-cache layout (``mlx_lm.models.cache.save_prompt_cache``: a
safetensors file, tensors ``"<layer>.<i>"``, metadata ``[user metadata, cache classes, scalars]`` flattened), so
``load_prompt_cache`` reads it back. Our metadata names the model by its identity (a hash of its config, tokenizer
and weight contents, never its path), the exact token ids, and a CRC-32 of the tensor bytes. A file is used only when
all of these check out against the request; anything else (corrupt, truncated, another model, another cache class,
a token count that does not match the cache) is skipped with a log line and deleted.

Threads: ``snapshot`` (MLX arrays -> host memory, one copy) runs on the engine thread after a reply; hashing,
writing, eviction and the directory index run on a short-lived writer thread. ``load`` runs on the engine thread on
a miss of the in-memory store. The folder is kept within a byte budget, least recently used files first.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import struct
import threading
import time
import zlib
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mlx.core as mx
import numpy as np
from mlx.utils import tree_flatten

from engine.models import model_identity as weights_identity

log = logging.getLogger(__name__)

FORMAT = "alcove-prompt-cache/1"
SUFFIX = ".safetensors"

_DTYPES = {
    mx.float32: ("F32", np.float32),
    mx.float16: ("F16", np.float16),
    mx.bfloat16: ("BF16", np.uint16),  # numpy has no bfloat16: the bits travel as uint16
    mx.int32: ("I32", np.int32),
    mx.int64: ("I64", np.int64),
    mx.uint32: ("U32", np.uint32),
    mx.uint16: ("U16", np.uint16),
    mx.uint8: ("U8", np.uint8),
    mx.int8: ("I8", np.int8),
    mx.bool_: ("BOOL", np.bool_),
}


def mlx_cache():
    """mlx-lm's KV-cache module, imported on first use: importing any part of mlx_lm imports its package, which
    pulls in transformers (~2.3 s measured with ``python -X importtime``); a search or an index run never needs it."""
    from mlx_lm.models import cache

    return cache


# -- model identity ---------------------------------------------------------------------------------------------
def model_identity(info: Any) -> str:
    """What a KV cache depends on: the model by content (``engine.models.model_identity``: config and weights), its
    tokenizer and chat template files, the dtype it runs in and its transforms. The same model copied elsewhere keeps
    its identity; a re-downloaded or converted one gets a new one."""
    h = hashlib.sha256(FORMAT.encode())
    for part in (info.model_type, info.dtype, info.transform_sha256 or "", weights_identity(info.path)):
        h.update(f"{part}|".encode())
    path = Path(info.path)
    for p in sorted(p for p in path.iterdir() if p.is_file()) if path.is_dir() else ():
        if (
            p.suffix in (".json", ".model", ".txt", ".jinja")
            and p.name != "config.json"
            and p.stat().st_size < 64 << 20
        ):
            h.update(p.name.encode())
            h.update(p.read_bytes())
    return h.hexdigest()[:32]


# -- the file format --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Snapshot:
    """A KV cache copied to host memory, ready to be written by another thread."""

    identity: str
    tokens: tuple[int, ...]
    tensors: dict[str, tuple[str, tuple[int, ...], np.ndarray]]  # name -> (safetensors dtype, shape, data)
    classes: tuple[str, ...]
    scalars: tuple[Any, ...]
    trimmable: bool

    @property
    def nbytes(self) -> int:
        return sum(a.nbytes for _, _, a in self.tensors.values())


def _host(a: mx.array) -> tuple[str, tuple[int, ...], np.ndarray]:
    if a.dtype not in _DTYPES:
        raise ValueError(f"a KV cache of dtype {a.dtype} cannot be saved")
    name, np_dtype = _DTYPES[a.dtype]
    data = np.array(a.view(mx.uint16) if a.dtype == mx.bfloat16 else a, copy=True)
    return name, tuple(a.shape), np.ascontiguousarray(data.astype(np_dtype, copy=False))


def snapshot(identity: str, tokens: list[int], cache: list[Any], trimmable: bool) -> Snapshot:
    """Copy ``cache`` (which holds exactly ``tokens``) to host memory. Engine thread; one memory copy."""
    states = []
    for layer in cache:
        state = layer.state
        if type(layer).__name__ == "KVCache" and layer.keys is not None:  # drop the unused preallocated tail
            state = (layer.keys[..., : layer.offset, :], layer.values[..., : layer.offset, :], layer.offset)
        states.append(state)
    scalars: list[Any] = [""]  # as in save_prompt_cache: non-empty, or tree_flatten would drop it
    tensors = {}
    for name, value in tree_flatten(states):
        if isinstance(value, mx.array):
            tensors[name] = _host(value)
        elif isinstance(value, bool | int | float):
            scalars.append((name, "scalar"))
            tensors[name] = _host(mx.array(value))
        elif isinstance(value, str):
            scalars.append((name, "string"))
            tensors[name] = _host(mx.array([ord(ch) for ch in value], dtype=mx.int32))
        elif value is None:
            scalars.append((name, "none"))
            tensors[name] = _host(mx.array([], dtype=mx.float32))
        else:
            raise ValueError(f"cache state {name} ({type(value).__name__}) is not serializable")
    return Snapshot(
        identity, tuple(tokens), tensors, tuple(type(c).__name__ for c in cache), tuple(scalars), trimmable
    )


def _write(path: Path, snap: Snapshot) -> None:
    crc, offset, entries = 0, 0, {}
    for name, (dtype, shape, data) in snap.tensors.items():
        entries[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [offset, offset + data.nbytes]}
        offset += data.nbytes
        crc = zlib.crc32(memoryview(data).cast("B"), crc)
    user = {
        "format": FORMAT,
        "model": snap.identity,
        "tokens": ",".join(map(str, snap.tokens)),
        "crc32": str(crc),
        "trimmable": "1" if snap.trimmable else "0",
    }
    entries["__metadata__"] = dict(tree_flatten([user, list(snap.classes), list(snap.scalars)]))
    header = json.dumps(entries, separators=(",", ":")).encode()
    header += b" " * (-len(header) % 8)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        with open(tmp, "wb") as f:
            f.write(struct.pack("<Q", len(header)))
            f.write(header)
            for _, _, data in snap.tensors.values():
                f.write(memoryview(data).cast("B"))
        os.replace(tmp, path)  # readers never see a half-written file under the real name
    finally:
        tmp.unlink(missing_ok=True)


@dataclass(frozen=True)
class _Header:
    tokens: tuple[int, ...]
    crc32: int
    data_start: int
    data_bytes: int


def _read_header(path: Path, identity: str) -> _Header:
    """Parse and check the header; raises ValueError with the reason a file is unusable."""
    size = path.stat().st_size
    with open(path, "rb") as f:
        raw = f.read(8)
        if len(raw) < 8:
            raise ValueError("truncated header")
        (n,) = struct.unpack("<Q", raw)
        if n > min(size - 8, 256 << 20):
            raise ValueError("bad header length")
        header = json.loads(f.read(n))
    meta = header.get("__metadata__") or {}
    if meta.get("0.format") != FORMAT:
        raise ValueError(f"not an {FORMAT} file")
    if meta.get("0.model") != identity:
        raise ValueError("made by another model")
    ends = [v["data_offsets"][1] for k, v in header.items() if k != "__metadata__"]
    data_bytes = max(ends, default=0)
    if 8 + n + data_bytes != size:
        raise ValueError(f"truncated ({size} bytes, header says {8 + n + data_bytes})")
    tokens = tuple(int(t) for t in meta["0.tokens"].split(",") if t)
    return _Header(tokens, int(meta["0.crc32"]), 8 + n, data_bytes)


def _crc_ok(path: Path, head: _Header) -> bool:
    crc = 0
    with open(path, "rb") as f:
        f.seek(head.data_start)
        while chunk := f.read(8 << 20):
            crc = zlib.crc32(chunk, crc)
    return crc == head.crc32


# -- the folder -------------------------------------------------------------------------------------------------
class PromptCacheFiles:
    """The on-disk tier of the prompt cache: a folder of cache files within ``budget_bytes``."""

    def __init__(self, folder: str | Path, budget_bytes: int) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.budget_bytes = int(budget_bytes)
        self._lock = threading.Lock()
        self._queue: deque[Snapshot] = deque()
        self._writer: threading.Thread | None = None
        self._idle = threading.Event()
        self._idle.set()
        self._index: dict[
            Path, tuple[float, int, _Header | None]
        ] = {}  # path -> (mtime, size, header or None)
        self.writes = 0
        self.skipped = 0  # files found unusable

    def _path(self, identity: str, tokens: tuple[int, ...]) -> Path:
        digest = hashlib.sha256(struct.pack(f"<{len(tokens)}q", *tokens)).hexdigest()[:16]
        return self.folder / f"{identity[:16]}-{len(tokens)}-{digest}{SUFFIX}"

    def _files(self, identity: str | None = None) -> list[Path]:
        pattern = f"{identity[:16]}-*{SUFFIX}" if identity else f"*{SUFFIX}"
        return [p for p in self.folder.glob(pattern) if not p.name.startswith(".")]

    def _header(self, path: Path, identity: str) -> _Header | None:
        try:
            st = path.stat()
            cached = self._index.get(path)
            if cached is not None and cached[:2] == (st.st_mtime, st.st_size):
                return cached[2]
            head = _read_header(path, identity)
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError, json.JSONDecodeError) as exc:
            self._discard(path, f"{exc}")
            return None
        self._index[path] = (st.st_mtime, st.st_size, head)
        return head

    def _discard(self, path: Path, why: str) -> None:
        log.warning("prompt cache file %s ignored and removed: %s", path.name, why)
        self.skipped += 1
        self._index.pop(path, None)
        try:
            path.unlink(missing_ok=True)
        except OSError:
            pass

    def candidates(self, identity: str, tokens: list[int]) -> list[tuple[int, Path, _Header]]:
        """Files of this model that share a prefix with ``tokens``: (common prefix, path, header), longest first."""
        out = []
        with self._lock:
            for path in self._files(identity):
                head = self._header(path, identity)
                if head is None:
                    continue
                n = min(len(head.tokens), len(tokens))
                keep = next((i for i in range(n) if head.tokens[i] != tokens[i]), n)
                if keep > 0:
                    out.append((keep, path, head))
        out.sort(key=lambda c: -c[0])
        return out

    def load(self, path: Path, head: _Header, fresh: list[Any]) -> list[Any] | None:
        """The cache in ``path`` if it checks out against ``head`` and the model's own cache layout (``fresh``, an
        empty cache of the model). Engine thread."""
        try:
            if not _crc_ok(path, head):
                raise ValueError("checksum mismatch (corrupt)")
            cache, _meta = mlx_cache().load_prompt_cache(str(path), return_metadata=True)
            want = [type(c).__name__ for c in fresh]
            got = [type(c).__name__ for c in cache]
            if got != want:
                raise ValueError(
                    f"cache classes {sorted(set(got))} do not match the model's {sorted(set(want))}"
                )
            for layer in cache:
                offset = getattr(layer, "offset", None)
                if isinstance(offset, int) and offset != len(head.tokens):
                    raise ValueError(f"a layer holds {offset} tokens, the file names {len(head.tokens)}")
            mx.eval([c.state for c in cache])
        except FileNotFoundError:
            return None
        except Exception as exc:  # noqa: BLE001 - a bad file is skipped, never trusted
            with self._lock:
                self._discard(path, f"{type(exc).__name__}: {exc}")
            return None
        try:
            os.utime(path)  # recently used: evicted last
        except OSError:
            pass
        log.info("prompt cache: loaded %d tokens from %s", len(head.tokens), path.name)
        return cache

    # -- writing (beside the engine thread) ------------------------------------------------------------------
    def save(self, snap: Snapshot) -> None:
        if snap.nbytes > self.budget_bytes:
            log.debug("prompt cache: %d bytes exceed the disk budget; not saved", snap.nbytes)
            return
        with self._lock:
            self._queue.append(snap)
            self._idle.clear()
            if self._writer is None:
                self._writer = threading.Thread(target=self._drain, name="alcove-cache-writer")
                self._writer.start()

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until every queued snapshot is written (True) or ``timeout`` passed."""
        return self._idle.wait(timeout)

    def _drain(self) -> None:  # writer thread: ends when the queue is empty
        while True:
            with self._lock:
                if not self._queue:
                    self._writer = None
                    self._idle.set()
                    return
                snap = self._queue.popleft()
            try:
                self._store(snap)
            except Exception:  # noqa: BLE001 - a failed write costs a cache file, nothing else
                log.warning("prompt cache: could not write a cache file", exc_info=True)

    def _store(self, snap: Snapshot) -> None:
        path = self._path(snap.identity, snap.tokens)
        t0 = time.perf_counter()
        _write(path, snap)
        with self._lock:
            self.writes += 1
            if snap.trimmable:  # a file holding a prefix of this one can only ever help less: drop it
                for other in self._files(snap.identity):
                    head = self._header(other, snap.identity) if other != path else None
                    if head is not None and len(head.tokens) < len(snap.tokens):
                        if snap.tokens[: len(head.tokens)] == head.tokens:
                            other.unlink(missing_ok=True)
                            self._index.pop(other, None)
            self._evict()
        log.debug("prompt cache: wrote %d tokens (%d bytes) in %.3fs", len(snap.tokens), snap.nbytes,
                  time.perf_counter() - t0)  # fmt: skip

    def _sized(self) -> list[tuple[float, int, Path]]:
        """(mtime, size, path) of each cache file; one another process removed since the listing is left out."""
        files = []
        for p in self._files():
            try:
                st = p.stat()
            except FileNotFoundError:
                continue
            files.append((st.st_mtime, st.st_size, p))
        return files

    def _evict(self) -> None:
        files = sorted(self._sized())
        total = sum(size for _, size, _ in files)
        while files and total > self.budget_bytes:
            _, size, p = files.pop(0)
            p.unlink(missing_ok=True)
            self._index.pop(p, None)
            total -= size
            log.debug("prompt cache: evicted %s (%d bytes)", p.name, size)

    def nbytes(self) -> int:
        return sum(size for _, size, _ in self._sized())
