"""Prompt (KV) cache reuse across turns and conversations.

Each entry is a model's KV cache together with the exact token ids it holds. A new request takes the entry with the
longest common token prefix, trims the cache back to that prefix (an edited message diverges early) and prefills only
the rest. Entries are kept LRU within a byte budget. Engine-thread only.

With ``use_files(folder, budget)`` the store also keeps caches on disk (engine.generation.cache_files): after a reply
the cache it ended with is copied to host memory (``persist_pending``, run after the final event) and written beside
the engine thread; a request whose best in-memory match is shorter than a file's (after a relaunch: no match at all)
loads that file instead of prefilling.
"""

from __future__ import annotations

import copy
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import ModelLoadError
from engine.generation.cache_files import PromptCacheFiles, mlx_cache, model_identity, snapshot

log = logging.getLogger(__name__)

__all__ = ["CacheHit", "PromptCacheStore", "common_prefix", "fresh_cache", "mlx_cache"]


def common_prefix(a: list[int] | tuple[int, ...], b: list[int] | tuple[int, ...]) -> int:
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


def cache_nbytes(cache: list[Any]) -> int:
    total = 0
    for layer in cache:
        try:
            total += int(layer.nbytes)
        except Exception:  # noqa: BLE001 - caches without nbytes are counted as zero
            pass
    return total


@dataclass
class _Entry:
    model_key: str
    tokens: list[int]
    cache: list[Any]
    nbytes: int
    used: float = field(default_factory=time.monotonic)


@dataclass(frozen=True)
class CacheHit:
    cache: list[Any]
    cached_tokens: int  # tokens of the request already in ``cache``
    reason: str  # "hit", "disk", "miss", "untrimmable"


def fresh_cache(model: Any) -> CacheHit:
    """An empty KV cache for ``model`` (requests that opt out of the prompt cache)."""
    return CacheHit(mlx_cache().make_prompt_cache(model), 0, "off")


class PromptCacheStore:
    def __init__(self, budget_bytes: int = 2 << 30, max_entries: int = 16) -> None:
        self.budget_bytes = budget_bytes
        self.max_entries = max_entries
        self._entries: list[_Entry] = []
        self.files: PromptCacheFiles | None = None
        self._identities: dict[str, str] = {}  # model_key -> model identity (content hash) for the files
        self._pending: list[tuple[str, list[int], list[Any]]] = []  # (identity, tokens, cache) to save
        self.disk_loads = 0
        self.last_persist_s = (
            0.0  # engine-thread time of the last copy for disk (what a reply costs after its end)
        )

    # -- the disk tier ------------------------------------------------------------------------------------------
    def use_files(self, folder: str | Path | None, budget_bytes: int = 4 << 30) -> None:
        """Keep caches in ``folder`` too, within ``budget_bytes`` (None or a zero budget: memory only)."""
        if self.files is not None:
            self.persist_pending()
            self.files.flush()
        if folder is None or budget_bytes <= 0:
            self.files = None
            self._pending.clear()
        elif self.files is not None and self.files.folder == Path(folder):
            self.files.budget_bytes = int(budget_bytes)
        else:
            self.files = PromptCacheFiles(folder, budget_bytes)

    def _identity(self, model_key: str, info: Any) -> str | None:
        if self.files is None or info is None:
            return None
        if model_key not in self._identities:
            try:
                self._identities[model_key] = model_identity(info)
            except (OSError, ModelLoadError) as exc:
                log.warning("prompt cache: no identity for %s (%s); not kept on disk", info.path, exc)
                self._identities[model_key] = ""
        return self._identities[model_key] or None

    def persist_pending(self) -> None:
        """Copy the caches of the latest replies to host memory and hand them to the writer. Called after a
        reply's final event (and before any other use of the store, so the copy sees each cache as it was)."""
        pending, self._pending = self._pending, []
        if self.files is None or not pending:
            return
        t0 = time.perf_counter()
        for identity, tokens, cache in pending:
            try:
                snap = snapshot(identity, tokens, cache, mlx_cache().can_trim_prompt_cache(cache))
            except Exception:  # noqa: BLE001 - a cache we cannot save only costs a later prefill
                log.warning("prompt cache: could not snapshot a cache for disk", exc_info=True)
                continue
            self.files.save(snap)
        self.last_persist_s = time.perf_counter() - t0

    def close(self, timeout: float = 30.0) -> None:
        """Save what is pending and wait for the writer (at shutdown)."""
        self.persist_pending()
        if self.files is not None and not self.files.flush(timeout):
            log.warning("prompt cache: files still being written after %.0fs", timeout)

    def _from_files(self, identity: str, model: Any, tokens: list[int], better_than: int) -> CacheHit | None:
        assert self.files is not None
        for keep, path, head in self.files.candidates(identity, tokens):
            keep = min(keep, len(tokens) - 1)
            if keep <= better_than:
                return None
            fresh = mlx_cache().make_prompt_cache(model)
            cache = self.files.load(path, head, fresh)
            if cache is None:
                continue
            excess = len(head.tokens) - keep
            if excess > 0:
                if (
                    not mlx_cache().can_trim_prompt_cache(cache)
                    or mlx_cache().trim_prompt_cache(cache, excess) != excess
                ):
                    continue
            self.disk_loads += 1
            return CacheHit(cache, keep, "disk")
        return None

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def nbytes(self) -> int:
        return sum(e.nbytes for e in self._entries)

    def take(self, model_key: str, model: Any, tokens: list[int], *, info: Any = None) -> CacheHit:
        """Remove and return the best usable cache for ``tokens`` (or a fresh one). ``info`` (the model's
        ModelInfo) lets the disk tier be consulted when it holds a longer prefix than memory does.

        At least one token is always left to prefill. An entry that would need trimming is usable only when its cache
        can be trimmed (sliding-window caches that have wrapped around cannot); for those, the snapshot taken at the
        end of the previous prompt (see ``snapshot``) is what a follow-up turn reuses.
        """
        self.persist_pending()
        best, best_keep, untrimmable = None, 0, False
        for entry in self._entries:
            if entry.model_key != model_key:
                continue
            keep = min(common_prefix(entry.tokens, tokens), len(tokens) - 1)
            if keep <= best_keep:
                continue
            if len(entry.tokens) > keep and not mlx_cache().can_trim_prompt_cache(entry.cache):
                untrimmable = True
                continue
            best, best_keep = entry, keep
        identity = self._identity(model_key, info)
        if identity is not None:
            from_disk = self._from_files(identity, model, tokens, best_keep)
            if from_disk is not None:
                return from_disk
        if best is None:
            return CacheHit(fresh_cache(model).cache, 0, "untrimmable" if untrimmable else "miss")
        self._entries.remove(best)
        excess = len(best.tokens) - best_keep
        if excess > 0 and mlx_cache().trim_prompt_cache(best.cache, excess) != excess:
            return CacheHit(fresh_cache(model).cache, 0, "untrimmable")
        return CacheHit(best.cache, best_keep, "hit")

    def snapshot(self, model_key: str, tokens: list[int], cache: list[Any], *, info: Any = None) -> None:
        """Keep a copy of an untrimmable cache as it is now (end of a prompt), for the next turn to extend."""
        if mlx_cache().can_trim_prompt_cache(cache) or not tokens:
            return
        self.put(model_key, tokens, copy.deepcopy(cache), info=info)

    def put(self, model_key: str, tokens: list[int], cache: list[Any], *, info: Any = None) -> None:
        """Keep ``cache`` (holding exactly ``tokens``); with ``info`` and files in use it is also saved to disk at
        the next ``persist_pending``."""
        if not tokens:
            return
        self._entries.append(_Entry(model_key, list(tokens), cache, cache_nbytes(cache)))
        identity = self._identity(model_key, info)
        if identity is not None:
            self._pending = [p for p in self._pending if p[2] is not cache] + [
                (identity, list(tokens), cache)
            ]
        self._evict()

    def _evict(self) -> None:
        self._entries.sort(key=lambda e: e.used)
        while self._entries and (len(self._entries) > self.max_entries or self.nbytes > self.budget_bytes):
            dropped = self._entries.pop(0)
            log.debug("prompt cache: evicted %d tokens (%d bytes)", len(dropped.tokens), dropped.nbytes)

    def drop_model(self, model_key: str) -> None:
        self.persist_pending()  # the model is going: save its latest caches first
        self._entries = [e for e in self._entries if e.model_key != model_key]
        self._identities.pop(model_key, None)

    def clear(self) -> None:
        self._pending.clear()
        self._entries.clear()
