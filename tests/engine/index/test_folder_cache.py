"""engine.index.folder_cache: an export folder's listing read once for a burst of its files, again after its time."""

from __future__ import annotations

import threading

from engine.index import folder_cache
from engine.index.folder_cache import FolderCache


def test_a_folder_is_read_once_within_its_time_and_again_after(monkeypatch):
    reads: list[str] = []
    clock = [100.0]
    monkeypatch.setattr(folder_cache.time, "monotonic", lambda: clock[0])
    cache = FolderCache(lambda folder: reads.append(folder) or f"items of {folder}", ttl_s=10.0)
    assert cache.get("/a") == "items of /a"
    clock[0] += 9.0
    assert cache.get("/a") == "items of /a"
    assert cache.get("/b") == "items of /b"
    assert reads == ["/a", "/b"]
    clock[0] += 1.5  # /a is 10.5 s old: read again (a renamed notebook is seen)
    assert cache.get("/a") == "items of /a"
    assert reads == ["/a", "/b", "/a"]


def test_past_its_size_the_cache_starts_again():
    reads: list[str] = []
    cache = FolderCache(lambda folder: reads.append(folder) or len(reads), ttl_s=60.0)
    for i in range(folder_cache.MAX_FOLDERS + 1):
        cache.get(f"/f{i}")
    assert cache.get(f"/f{folder_cache.MAX_FOLDERS}") == folder_cache.MAX_FOLDERS + 1  # kept
    assert (
        cache.get("/f0") == folder_cache.MAX_FOLDERS + 2
    )  # dropped when the cache started again: read again


def test_threads_share_one_cache():
    reads: list[str] = []
    cache = FolderCache(lambda folder: reads.append(folder) or folder.upper(), ttl_s=60.0)
    cache.get("/x")
    results: list[str] = []
    threads = [threading.Thread(target=lambda: results.append(cache.get("/x"))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == ["/X"] * 8 and reads == ["/x"]
