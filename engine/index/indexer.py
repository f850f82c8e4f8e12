"""``index_paths``: the indexing pipeline run inline, every stage on the calling thread.

For callers that hold no engine thread to share (tests, benchmarks, the self-test) or that run on it themselves
(``engine.stream(index_paths, ...)``): the same stages, results and crash-safety as ``Engine.index``, with no
extraction workers and no background jobs; chunks are embedded in batches of ``batch_chunks``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from engine.core import ProgressEvent
from engine.index.options import IndexOptions
from engine.index.pipeline import index_pipeline
from engine.index.summary import IndexSummary

INLINE = IndexOptions(
    batch_chunks=64, unit_seconds=None
)  # no chat waits for an inline batch: keep them whole


def index_paths(
    paths: Sequence[str | Path],
    db_path: str | Path,
    embedder,
    *,
    cancel=None,
    request_id: str = "",
    **options: Any,
) -> Iterator[ProgressEvent | IndexSummary]:
    """Index ``paths`` (files and folders; none: every source already in the index) into the database, inline;
    yields progress, then one IndexSummary (its ``pipeline`` timings None). ``options``: ``IndexOptions`` fields
    (``batch_chunks``, ``commit_seconds``, ``ocr``, ``allow_links``, ``as_sources``, ``file_seconds``...).

    Raises IndexStoreError when the database is unusable before anything starts (not an Alcove index, read-only,
    another embedding model) or another run is indexing it; a write failure mid-run (disk full) ends the run with
    ``summary.error`` set and everything committed before it kept.
    """
    return index_pipeline(paths, db_path, embedder, None, cancel=cancel, request_id=request_id, options=INLINE,
                          **options)  # fmt: skip
