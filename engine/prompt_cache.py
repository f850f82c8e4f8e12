"""Prompt (KV) cache reuse across turns and conversations.

Each entry is a model's KV cache together with the exact token ids it holds. A new request takes the entry with the
longest common token prefix, trims the cache back to that prefix (an edited message diverges early) and prefills only
the rest. Entries are kept LRU within a byte budget. Engine-thread only.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any

from mlx_lm.models import cache as mlx_cache

log = logging.getLogger(__name__)


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
        """Remove and return the best cache for ``tokens`` (or a fresh one); at least one token is left to prefill."""
        best, best_len = None, 0
        for entry in self._entries:
            if entry.model_key != model_key:
                continue
            n = common_prefix(entry.tokens, tokens)
            if n > best_len:
                best, best_len = entry, n
        if best is None:
            return CacheHit(mlx_cache.make_prompt_cache(model), 0, "miss")
        self._entries.remove(best)
        keep = min(best_len, len(tokens) - 1)
        excess = len(best.tokens) - keep
        if excess > 0:
            if not mlx_cache.can_trim_prompt_cache(best.cache):
                log.info("prompt cache: entry cannot be trimmed by %d tokens; starting cold", excess)
                return CacheHit(mlx_cache.make_prompt_cache(model), 0, "untrimmable")
            trimmed = mlx_cache.trim_prompt_cache(best.cache, excess)
            if trimmed != excess:
                return CacheHit(mlx_cache.make_prompt_cache(model), 0, "untrimmable")
        return CacheHit(best.cache, keep, "hit")

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
