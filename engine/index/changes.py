"""Re-index what changed: the plain entry a file watcher calls (no Qt), with bursts collapsed into one pass.

A watcher reports paths (files edited, created, deleted, moved; folders created or removed) below the library's
folders. ``refresh_roots`` turns any number of them into a few folders to refresh: each path's nearest existing
folder inside its library folder, folders inside another one dropped, and past ``max_roots`` folders the library
folders themselves — a ``git checkout`` of 5,000 files is one pass. ``reindex_changes`` runs that pass with
``index_paths`` (the pipeline, inline): edited and new files are indexed, deleted ones removed, moved ones keep their
vectors (same content hash), unchanged ones are skipped by their size and timestamp.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from engine.core import ProgressEvent
from engine.index.indexer import index_paths
from engine.index.summary import IndexSummary

MAX_ROOTS = 32


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def refresh_roots(changed: Iterable[str], library: Sequence[str], max_roots: int = MAX_ROOTS) -> list[str]:
    """The folders to refresh for ``changed`` paths below the ``library`` folders (paths outside are ignored)."""
    folders = [os.path.abspath(os.path.expanduser(str(f))) for f in library]
    roots: set[str] = set()
    owners: set[str] = set()
    for raw in changed:
        path = os.path.abspath(str(raw))
        owner = max((f for f in folders if _inside(path, f)), key=len, default=None)
        if owner is None:
            continue
        owners.add(owner)
        here = path
        while here != owner and not os.path.isdir(here):
            here = os.path.dirname(here)
        roots.add(here)
    kept: list[str] = []
    for root in sorted(roots, key=lambda r: (r.count(os.sep), r)):
        if not any(_inside(root, k) for k in kept):
            kept.append(root)
    if len(kept) > max_roots:
        return sorted(owners)
    return sorted(kept)


def reindex_changes(
    changed: Iterable[str],
    library: Sequence[str],
    db_path: str | Path,
    embedder,
    *,
    cancel=None,
    request_id: str = "",
    ocr: bool = True,
    allow_links: Sequence[str] = (),
) -> Iterator[ProgressEvent | IndexSummary]:
    """Refresh the folders the ``changed`` paths are in (one ``index_paths`` pass); yields progress, then one
    IndexSummary (an empty one when no path was below a library folder)."""
    roots = refresh_roots(changed, library)
    if not roots:
        yield IndexSummary(0, 0, 0, (), 0, 0.0)
        return
    yield from index_paths(
        roots,
        db_path,
        embedder,
        cancel=cancel,
        request_id=request_id,
        ocr=ocr,
        as_sources=False,
        allow_links=allow_links,
    )
