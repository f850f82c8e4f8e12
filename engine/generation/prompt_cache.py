"""Prompt (KV) cache reuse across turns and conversations.

Each entry is a model's KV cache together with the exact token ids it holds. A new request takes the entry with the
longest common token prefix, trims the cache back to that prefix (an edited message diverges early) and prefills only
the rest. Entries are kept LRU within a byte budget. Engine-thread only.
"""

from __future__ import annotations

import copy
import logging
import time
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)


def mlx_cache():
    """mlx-lm's KV-cache module, imported on first use: importing any part of mlx_lm imports its package, which
    pulls in transformers (~2.3 s measured with ``python -X importtime``); a search or an index run never needs it."""
    from mlx_lm.models import cache

    return cache


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
    reason: str  # "hit", "miss", "untrimmable"


def fresh_cache(model: Any) -> CacheHit:
    """An empty KV cache for ``model`` (requests that opt out of the prompt cache)."""
    return CacheHit(mlx_cache().make_prompt_cache(model), 0, "off")


class PromptCacheStore:
    def __init__(self, budget_bytes: int = 2 << 30, max_entries: int = 16) -> None:
        self.budget_bytes = budget_bytes
        self.max_entries = max_entries
        self._entries: list[_Entry] = []

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def nbytes(self) -> int:
        return sum(e.nbytes for e in self._entries)

    def take(self, model_key: str, model: Any, tokens: list[int]) -> CacheHit:
        """Remove and return the best usable cache for ``tokens`` (or a fresh one).

        At least one token is always left to prefill. An entry that would need trimming is usable only when its cache
        can be trimmed (sliding-window caches that have wrapped around cannot); for those, the snapshot taken at the
        end of the previous prompt (see ``snapshot``) is what a follow-up turn reuses.
        """
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
        if best is None:
            return CacheHit(fresh_cache(model).cache, 0, "untrimmable" if untrimmable else "miss")
        self._entries.remove(best)
        excess = len(best.tokens) - best_keep
        if excess > 0 and mlx_cache().trim_prompt_cache(best.cache, excess) != excess:
            return CacheHit(fresh_cache(model).cache, 0, "untrimmable")
        return CacheHit(best.cache, best_keep, "hit")

    def snapshot(self, model_key: str, tokens: list[int], cache: list[Any]) -> None:
        """Keep a copy of an untrimmable cache as it is now (end of a prompt), for the next turn to extend."""
        if mlx_cache().can_trim_prompt_cache(cache) or not tokens:
            return
        self.put(model_key, tokens, copy.deepcopy(cache))

    def put(self, model_key: str, tokens: list[int], cache: list[Any]) -> None:
        if not tokens:
            return
        self._entries.append(_Entry(model_key, list(tokens), cache, cache_nbytes(cache)))
        self._evict()

    def _evict(self) -> None:
        self._entries.sort(key=lambda e: e.used)
        while self._entries and (len(self._entries) > self.max_entries or self.nbytes > self.budget_bytes):
            dropped = self._entries.pop(0)
            log.debug("prompt cache: evicted %d tokens (%d bytes)", len(dropped.tokens), dropped.nbytes)

    def drop_model(self, model_key: str) -> None:
        self._entries = [e for e in self._entries if e.model_key != model_key]

    def clear(self) -> None:
        self._entries.clear()
