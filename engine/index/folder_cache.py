"""What a reader lists of an export's folder once for a burst of its files: a Joplin export's notebooks and tags, a
Slack export's people and channels. Each folder's listing is kept ``ttl_s`` seconds (a change to the folder is seen
after that); past ``MAX_FOLDERS`` folders the cache starts again. Thread-safe: extraction runs on several threads.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Generic, TypeVar

MAX_FOLDERS = 64

T = TypeVar("T")


class FolderCache(Generic[T]):
    """``read(folder)``'s result by folder, reused for ``ttl_s`` seconds."""

    def __init__(self, read: Callable[[str], T], ttl_s: float) -> None:
        self._read = read
        self._ttl_s = ttl_s
        self._lock = threading.Lock()
        self._items: dict[str, tuple[float, T]] = {}

    def get(self, folder: str) -> T:
        now = time.monotonic()
        with self._lock:
            hit = self._items.get(folder)
            if hit is not None and now - hit[0] < self._ttl_s:
                return hit[1]
        found = self._read(folder)  # outside the lock: a slow folder holds up no other
        with self._lock:
            if len(self._items) >= MAX_FOLDERS:
                self._items.clear()
            self._items[folder] = (now, found)
        return found

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
