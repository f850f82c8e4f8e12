"""Indexing as a pipeline beside the engine thread: extraction overlaps embedding, and chat never waits for it.

``index_pipeline`` is what ``Engine.index`` runs. Its generator (the writer) owns the SQLite store; the stages:

1. the writer walks the folders and reads the index's records of them once (``scan``), so nothing else needs the
   database;
2. a feeder thread runs ``prepare_file`` (stat, hash, read, extract, chunk: all the CPU and I/O work that is not
   MLX) and then tokenizes the chunks for the embedder (``Embedder.document_encoder``) on a pool of extraction
   workers, in order, a few files ahead, and puts each file to embed on a bounded queue;
3. on the engine thread, a background job takes chunks from that queue in groups (64 to 512 chunks, about
   ``GROUP_SECONDS`` of embedding), sorts each group by token length and embeds one batch of it per unit (only the
   model runs there: ``Embedder.embed_encoded``), the batch sized so that a unit takes about ``unit_seconds`` (so a
   chat waits at most that long; at least one of the embedder's own length batches); with nothing queued it yields
   ``NOT_READY`` and is parked until the feeder wakes it;
4. the writer counts every file, commits finished files together every ``commit_seconds`` and yields progress,
   then one ``IndexSummary`` (the same as ``index_paths``, plus ``pipeline`` timings).

Incremental and crash-safe exactly as ``index_paths`` (one transaction per commit; a killed run resumes), cancel
keeps what is fully embedded, a write failure ends the run with ``summary.error``.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from engine.core import NOT_READY, IndexStoreError, ProgressEvent
from engine.index.bounds import DEFAULT_FILE_MEMORY_BYTES, DEFAULT_FILE_SECONDS
from engine.index.groups import GROUP_CHUNKS, GROUP_MAX, GROUP_SECONDS, MAX_BATCH, MIN_BATCH, Group
from engine.index.indexer import IndexSummary, _Run, begin, index_options, scan, summarize
from engine.index.prepare import DEFAULT_MAX_FILE_BYTES, Prepared, _Pending, prepare_file
from engine.index.store import DocumentWrite, IndexStore

log = logging.getLogger(__name__)

_END = object()


class BackgroundRunner(Protocol):
    """The engine thread as the pipeline needs it (``engine.runtime``'s scheduler)."""

    def background(
        self, gen_fn: Callable[..., Iterator[Any]], *args: Any, label: str = "", **kwargs: Any
    ) -> Future: ...

    def wake(self) -> None: ...

    # optional: an Event set while no interactive work runs or waits (OCR pauses while it is clear)


def interactive_idle_gate(runner) -> threading.Event | None:
    """The runner's gate that background-only work (OCR) waits on between slices, when it has one."""
    return getattr(runner, "interactive_idle", None)


class _Halt:
    """Set when the user cancels or the run must stop (a write or embedding failure); ``is_set`` as an Event."""

    def __init__(self, cancel) -> None:
        self.cancel, self.stop = cancel, threading.Event()

    def is_set(self) -> bool:
        return self.stop.is_set() or (self.cancel is not None and self.cancel.is_set())


class _Timeline:
    """Busy intervals of one stage, to measure how much extraction overlaps embedding."""

    def __init__(self) -> None:
        self.spans: list[tuple[float, float]] = []
        self._lock = threading.Lock()

    def add(self, t0: float, t1: float) -> None:
        with self._lock:
            self.spans.append((t0, t1))

    def union(self) -> list[tuple[float, float]]:
        out: list[list[float]] = []
        for a, b in sorted(self.spans):
            if out and a <= out[-1][1]:
                out[-1][1] = max(out[-1][1], b)
            else:
                out.append([a, b])
        return [(a, b) for a, b in out]


def _length(spans: list[tuple[float, float]]) -> float:
    return sum(b - a for a, b in spans)


def _intersection(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> float:
    i = j = 0
    total = 0.0
    while i < len(a) and j < len(b):
        lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if hi > lo:
            total += hi - lo
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return total


# -- extraction workers ----------------------------------------------------------------------------------------
# In a worker process: the embedder's tokenizer (for chunking) and its document encoder, sent once by the pool
# initializer.
_worker_tokenizer = None
_worker_encoder = None


def _init_process(tokenizer_json: str, encoder) -> None:
    from tokenizers import Tokenizer  # deferred: only worker processes need to rebuild the tokenizer

    global _worker_tokenizer, _worker_encoder
    _worker_tokenizer = Tokenizer.from_str(tokenizer_json)
    _worker_encoder = encoder


def _timed_prepare(found, old, opts, tokenizer, cancel=None, gate=None, encoder=None
                   ) -> tuple[Prepared, float, float]:  # fmt: skip
    """prepare_file, then (when the embedder offers it) the chunks tokenized for the embedder: on this worker, so
    the engine thread only runs the model."""
    t0 = time.perf_counter()
    in_process = tokenizer is None
    p = prepare_file(found, old, opts, _worker_tokenizer if in_process else tokenizer, cancel, gate)
    encoder = _worker_encoder if in_process else encoder
    if p.kind == "embed" and encoder is not None:
        p.pending.encoded = encoder.encode(p.pending.texts)
    return p, t0, time.perf_counter()


def _make_pool(kind: str, workers: int, tokenizer, encoder) -> tuple[Executor, Any, Any]:
    """The extraction pool, and the tokenizer and encoder to send with each file (None: a worker process has its
    own, sent once)."""
    if kind == "processes":
        # spawn, never fork: the parent runs MLX and Metal threads, which a forked child must not inherit.
        pool = ProcessPoolExecutor(workers, mp_context=get_context("spawn"), initializer=_init_process,
                                   initargs=(tokenizer.to_str(), encoder))  # fmt: skip
        return pool, None, None
    if kind != "threads":
        raise ValueError(f"extraction workers are 'threads' or 'processes', not {kind!r}")
    return ThreadPoolExecutor(workers, thread_name_prefix="alcove-extract"), tokenizer, encoder


def default_workers() -> int:
    return max(1, min(4, (os.cpu_count() or 2) - 1))


# -- the pipeline ------------------------------------------------------------------------------------------------
def index_pipeline(
    paths: Sequence[str | Path],
    db_path: str | Path,
    embedder,
    runner: BackgroundRunner,
    *,
    cancel=None,
    request_id: str = "",
    workers: int | None = None,
    extract_in: str = "threads",
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    chunk_tokens: int = 180,
    overlap_tokens: int = 24,
    batch_chunks: int = 8,
    commit_seconds: float = 2.0,
    unit_seconds: float = 0.15,
    queued_files: int = 32,
    allow_links: Sequence[str] = (),
    file_seconds: float | None = DEFAULT_FILE_SECONDS,
    ocr: bool = True,
    as_sources: bool = True,
    file_memory_bytes: int | None = DEFAULT_FILE_MEMORY_BYTES,
    ocr_yields: bool = True,
) -> Iterator[ProgressEvent | IndexSummary]:
    """Index ``paths`` through the pipeline; yields progress, then one IndexSummary (see ``index_paths``).

    ``runner`` is the engine thread (``background`` + ``wake``); ``batch_chunks`` is only the first unit's size,
    later units adapt to ``unit_seconds``. Raises IndexStoreError when the database is unusable before anything
    starts; an exception on the engine thread or in an extractor ends the run (what was embedded is committed) and
    is re-raised here. When ``runner`` has an ``interactive_idle`` Event (the engine's scheduler does), OCR in the
    extraction threads pauses between pages while it is clear (a chat generating, a search): OCR is not MLX and
    runs beside the engine thread, but it would take the CPU (and the Neural Engine) from the interactive work.
    ``ocr_yields=False`` lets OCR run on regardless (``bench/bench_ocr_yield.py`` compares the two).
    """
    store = IndexStore(db_path)
    try:
        store.lock_for_indexing()  # one indexer per database (another process's run is refused, not doubled)
        yield from _pipeline(store, paths, embedder, runner, cancel, request_id, workers or default_workers(),
                             extract_in, max_file_bytes, chunk_tokens, overlap_tokens, batch_chunks,
                             commit_seconds, unit_seconds, queued_files, allow_links, file_seconds, ocr,
                             as_sources, file_memory_bytes, ocr_yields)  # fmt: skip
    finally:
        store.close()


def _pipeline(store, paths, embedder, runner, cancel, request_id, workers, extract_in, max_file_bytes,
              chunk_tokens, overlap_tokens, batch_chunks, commit_seconds, unit_seconds, queued_files,
              allow_links, file_seconds, ocr, as_sources, file_memory_bytes, ocr_yields):  # fmt: skip
    opts = index_options(store, embedder, max_file_bytes, chunk_tokens, overlap_tokens, batch_chunks,
                         commit_seconds, allow_links, file_seconds, ocr, as_sources, file_memory_bytes)  # fmt: skip
    run = _Run(store, embedder, request_id, cancel, opts)
    run_id, resumed = begin(run, store, paths)
    yield from scan(run, store)

    halt = _Halt(cancel)
    to_embed: queue.Queue = queue.Queue(maxsize=max(1, queued_files))
    inbox: queue.Queue = queue.Queue()
    embed_finished = threading.Event()
    extracting, embedding = _Timeline(), _Timeline()
    batches: list[int] = []
    tokenized_beside = [0]  # chunks the extraction workers tokenized (the engine thread only ran the model)

    def put_to_embed(item: Any) -> None:
        while not embed_finished.is_set():
            try:
                to_embed.put(item, timeout=0.1)
            except queue.Full:
                continue
            runner.wake()
            return

    def feed() -> None:
        """Extract in order, ``2 * workers`` files ahead (threads or processes), feeding the embedder."""
        make_encoder = getattr(embedder, "document_encoder", None)  # the test fakes tokenize on their own
        encoder = make_encoder("document") if make_encoder is not None else None
        pool, tokenizer, encoder = _make_pool(extract_in, workers, embedder.tokenizer, encoder)
        window: deque[tuple[Any, Future]] = deque()
        files = iter(run.found)
        try:

            def submit_next() -> bool:
                f = next(files, None)
                if f is None:
                    return False
                # threads notice a cancel inside a huge file; a process cannot share the event (its budget still holds)
                stop = cancel if extract_in == "threads" else None
                gate = interactive_idle_gate(runner) if extract_in == "threads" and ocr_yields else None
                window.append(
                    (
                        f,
                        pool.submit(
                            _timed_prepare, f, run.known.get(f.path), opts, tokenizer, stop, gate, encoder
                        ),
                    )
                )
                return True

            for _ in range(2 * workers):
                if not submit_next():
                    break
            while window and not halt.is_set():
                f, fut = window.popleft()
                p, t0, t1 = fut.result()
                extracting.add(t0, t1)
                submit_next()
                inbox.put(("prepared", p))  # before its vectors can come back: the writer counts it first
                if p.kind == "embed":
                    put_to_embed(p.pending)
        except BaseException as exc:  # noqa: BLE001 - a crashing extractor ends the run, reported to the caller
            inbox.put(("failed", exc))
        finally:
            for _, fut in window:
                fut.cancel()
            pool.shutdown(wait=True, cancel_futures=True)
            put_to_embed(_END)
            inbox.put(("fed", None))

    def embed_units() -> Iterator[Any]:
        """Engine thread: one embedding batch per ``next()``; NOT_READY while nothing is queued.

        Chunks are taken in groups (``groups.Group``: what is queued, in file order, sized by ``GROUP_*``) and each group is
        embedded in length-sorted batches, one batch a unit: rows of similar length pad little, as in the
        sequential indexer's batches of 64, while a chat waits for one batch at most. A file gets its vectors as
        soon as all its rows in the group are done."""
        pending: list[_Pending] = []
        end = False
        # A batch holds at least the rows that fill the embedder's token budget at the longest row's length
        # (``next_rows``): ~5 chunks of 180 tokens on the CPU (1024 tokens), ~20 on Metal (4096).
        budget = int(getattr(embedder, "max_batch_tokens", 0) or 0)
        batch = max(MIN_BATCH, min(MAX_BATCH, batch_chunks))
        group_chunks = GROUP_CHUNKS
        group: Group | None = None
        while not halt.is_set():
            if group is None:
                want = max(group_chunks, batch)
                waiting = sum(len(p.texts) - p.done for p in pending)
                while not end and waiting < want:
                    try:
                        item = to_embed.get_nowait()
                    except queue.Empty:
                        break
                    if item is _END:
                        end = True
                    else:
                        pending.append(item)
                        waiting += len(item.texts)
                if waiting == 0:
                    if end:
                        return
                    yield NOT_READY
                    continue
                group = Group.take(pending, want)
            rows = group.next_rows(batch, budget)
            t0 = time.perf_counter()
            result = group.embed(embedder, rows, halt)
            t1 = time.perf_counter()
            if getattr(result, "cancelled", False):
                return
            embedding.add(t0, t1)
            batches.append(len(rows))
            tokenized_beside[0] += len(rows) if group.encoded is not None else 0
            group.fill(rows, result)
            # The next batch: as many chunks as this device embeds in about unit_seconds (smoothed).
            per_chunk = max((t1 - t0) / len(rows), 1e-6)
            batch = max(MIN_BATCH, min(MAX_BATCH, round((batch + unit_seconds / per_chunk) / 2)))
            group_chunks = max(GROUP_CHUNKS, min(GROUP_MAX, round(GROUP_SECONDS / per_chunk)))
            notes = group.hand_out_ready(embedder.max_seq_length)  # files whose rows are all done
            done = [p for p in pending if p.done == len(p.texts)]
            pending = [p for p in pending if p.done < len(p.texts)]
            writes = [DocumentWrite(w.path, w.file_type, w.size, w.mtime_ns, w.content_hash, w.status, None,
                                    w.chunks, np.concatenate(p.vectors), w.chars)
                      for p in done for w in (p.write,)]  # fmt: skip
            inbox.put(("embedded", (writes, notes, len(rows))))
            if group.complete:
                group = None
            yield len(rows)

    def embed_done(fut: Future) -> None:
        embed_finished.set()
        inbox.put(("embed-done", fut))

    t_start = time.perf_counter()
    feeder = threading.Thread(target=feed, name=f"alcove-index-feed-{request_id}", daemon=True)
    unit_job = runner.background(embed_units, label=f"index {request_id}: embedding batch")
    unit_job.add_done_callback(embed_done)
    feeder.start()

    fed = embedded_done = False
    failure: BaseException | None = None
    write_failed = False
    read_of: dict[
        str, int
    ] = {}  # bytes read of files waiting for their vectors (counted for the ETA when done)
    while not (fed and embedded_done):
        try:
            kind, value = inbox.get(timeout=max(0.05, min(commit_seconds, 0.5)))
        except queue.Empty:
            kind, value = "", None
        if kind == "prepared":
            p: Prepared = value
            run.current = p.path
            if p.kind == "embed":
                read_of[p.path] = p.bytes_read
                p = Prepared(
                    "embed", p.path, pending=p.pending, notes=p.notes
                )  # its bytes count when embedded
            if p.kind == "touch" and write_failed:
                p = Prepared("unchanged", p.path, bytes_read=p.bytes_read)
            try:
                run.apply(p)
            except IndexStoreError as exc:  # touch() failed: the database is unusable now
                write_failed, run.error = True, run.error or str(exc)
                halt.stop.set()
            run.pending.clear()  # the engine side owns the files waiting for vectors
            run.files_done += 1
            yield run.progress(f"Indexing {Path(p.path).name}")
        elif kind == "embedded":
            writes, notes, n = value
            run.notes.extend(notes)
            run.ready.extend(writes)
            run.indexed += len(writes)
            run.chunks += n
            run.bytes_done += sum(read_of.pop(w.path, 0) for w in writes)
            yield run.progress(f"Embedded {run.chunks} chunks")
        elif kind == "failed":
            failure = failure or value
            halt.stop.set()
        elif kind == "fed":
            fed = True
        elif kind == "embed-done":
            embedded_done = True
            exc = value.exception()
            if exc is not None:
                failure = failure or exc
                halt.stop.set()
        if not write_failed:
            try:
                run.commit(force=False)
            except IndexStoreError:
                write_failed = True
                halt.stop.set()
    feeder.join()
    run.cancelled_now()
    wall = time.perf_counter() - t_start

    state = "failed" if (failure is not None or write_failed) else ("cancelled" if run.cancelled else "done")
    try:
        if not write_failed:
            if state == "done":
                run.deletes.extend(run.vanished.values())  # gone, and not moved within the library
            run.commit(force=True)  # on cancel or failure: what is fully embedded is kept
        if state == "done":
            store.set_meta("chunker", opts["tag"])
        store.finish_run(run_id, state)
    except IndexStoreError as exc:
        run.error = run.error or str(exc)
        try:
            store.finish_run(run_id, "failed")
        except IndexStoreError:
            pass
    if run.error:
        log.warning("index run stopped: %s", run.error)
    if failure is not None:
        raise failure
    ex, em = extracting.union(), embedding.union()
    both = _intersection(ex, em)
    yield summarize(run, store, resumed, {
        "extract_in": extract_in,
        "workers": workers,
        "pipeline_s": round(wall, 3),
        "extract_busy_s": round(_length(ex), 3),
        "embed_busy_s": round(_length(em), 3),
        "overlap_s": round(both, 3),
        "embed_overlapped": round(both / _length(em), 3) if em else 0.0,
        "embed_units": len(batches),
        "chunks_tokenized_by_workers": tokenized_beside[0],
        "batch_chunks_median": int(np.median(batches)) if batches else 0,
        "batch_chunks_max": max(batches) if batches else 0,
    })  # fmt: skip
