"""The indexer: a pipeline in which extraction overlaps embedding, and chat never waits for it.

``index_pipeline`` is what ``Engine.index`` runs, beside the engine thread; ``index_paths`` (indexer.py) runs the
same stages inline, on the calling thread. It yields progress, then one ``IndexSummary``. The stages:

1. ``begin`` and ``scan`` (run.py): the writer records the run, walks the folders and reads the index's records of
   them once, so nothing else needs the database;
2. ``feed``: ``prepare_file`` (stat, hash, read, extract, chunk: all the CPU and I/O work that is not MLX) and the
   chunks tokenized for the embedder (``Embedder.document_encoder``), on a pool of extraction workers, in order, a
   few files ahead; each file to embed goes on a bounded queue;
3. ``embed_units``: on the engine thread, a background job takes chunks from that queue in groups (64 to 512
   chunks, about ``GROUP_SECONDS`` of embedding), sorts each group by token length and embeds one batch of it per
   unit (only the model runs there: ``Embedder.embed_encoded``), the batch sized so that a unit takes about
   ``unit_seconds`` (so a chat waits at most that long; at least one of the embedder's own length batches); with
   nothing queued it yields ``NOT_READY`` and is parked until the feeder wakes it;
4. ``write``: the writer counts every file, takes each batch's vectors, commits them together every
   ``commit_seconds`` and yields progress;
5. ``finish`` and ``summarize`` (run.py): the last commit, the run's state, the summary (with ``pipeline``
   timings when the run was threaded).

Inline (no runner), ``run_inline`` takes the stages in turn on the calling thread, file by file: extract a file,
write it, embed once ``batch_chunks`` chunks are queued (and all that is queued before a big file, so a slow big
file never holds back what is ready); the embedding job's units run on an ``InlineRunner``, pausing whenever a
commit is due (``embed_inline``).

Incremental (files whose size and timestamp, or else content hash, match the index are skipped; files gone from an
indexed folder are removed; a moved file keeps its vectors) and crash-safe: every embedded chunk goes to the writer
as soon as its batch is done, and the writer commits them together every ``commit_seconds`` in one transaction
(finished files whole, a file still being embedded as a part of a *partly indexed* document), so a run killed at
any moment loses at most the last ``commit_seconds`` of embedding, the index stays consistent and the next run
resumes, inside a large file too (``resume_pending``: only the chunks it is missing are embedded). A cancel keeps
every embedded chunk; a write failure ends the run with ``summary.error``.
"""

from __future__ import annotations

import bisect
import logging
import os
import queue
import threading
import time
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Future
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from engine.core import NOT_READY, IndexStoreError, ProgressEvent
from engine.index.groups import GROUP_CHUNKS, GROUP_MAX, GROUP_SECONDS, MAX_BATCH, MIN_BATCH, Group
from engine.index.image_vectors import image_options, image_pass
from engine.index.options import IndexOptions, file_options
from engine.index.prepare import Pending, Prepared
from engine.index.run import IndexRun, begin, finish, scan, summarize
from engine.index.runners import BackgroundRunner, InlineRunner, interactive_idle_gate
from engine.index.store import IndexStore, PartialRecord, chunk_digest
from engine.index.summary import IndexSummary
from engine.index.timeline import Timeline, overlap, span_length
from engine.index.token_vectors import late_pass
from engine.index.walk import Found
from engine.index.workers import default_workers, document_encoder, make_pool, timed_prepare

log = logging.getLogger(__name__)

BIG_FILE_BYTES = 1 << 20  # inline, files this big are read only after everything before them is committed
_END = object()


def index_pipeline(
    paths: Sequence[str | Path],
    db_path: str | Path,
    embedder,
    runner: BackgroundRunner | None,
    *,
    cancel=None,
    request_id: str = "",
    options: IndexOptions | None = None,
    image_embedder=None,
    late_encoder=None,
    **overrides: Any,
) -> Iterator[ProgressEvent | IndexSummary]:
    """Index ``paths`` (files and folders; none: every source already in the index) into the database; yields
    progress, then one IndexSummary.

    ``runner`` is the engine thread (``background`` + ``wake``), or None to run every stage inline on the calling
    thread. ``options`` (``IndexOptions``), with ``overrides`` by field name (``batch_chunks=2``...), tune the run.
    Raises IndexStoreError when the database is unusable before anything starts (not an Alcove index, read-only,
    another embedding model, another run indexing it); an exception in an extractor or in the embedder ends the
    run (what was embedded is committed, the run is recorded as failed) and is re-raised here. When ``runner`` has
    an ``interactive_idle`` Event (the engine's scheduler does), OCR in the extraction threads pauses between pages
    while it is clear (a chat generating, a search): OCR is not MLX and runs beside the engine thread, but it would
    take the CPU (and the Neural Engine) from the interactive work. ``ocr_yields=False`` lets OCR run on
    regardless (``bench/bench_ocr_yield.py`` compares the two). ``image_embedder`` (an image-text model; None: no
    cost): pictures are indexed by what they show too, their vectors computed after the text (``image_vectors``).
    ``late_encoder`` (a ColBERT model; None: no cost): every chunk's token vectors too, after the text
    (``token_vectors.late_pass``).
    """
    options = replace(options or IndexOptions(), **overrides)
    store = IndexStore(db_path)
    try:
        store.lock_for_indexing()  # one indexer per database (another process's run is refused, not doubled)
        opts = file_options(store, embedder, options)
        if image_embedder is not None:
            opts = image_options(store, opts, image_embedder)
        run = IndexRun(store, opts, request_id, cancel, options.commit_seconds)
        begin(run, paths)
        yield from scan(run)
        for item in _Pipeline(run, embedder, runner, options).index():
            if isinstance(item, IndexSummary) and image_embedder is not None and not item.error:
                yield from image_pass(
                    store, image_embedder, runner or InlineRunner(), _Halt(cancel), request_id
                )
            if isinstance(item, IndexSummary) and late_encoder is not None and not item.error:
                yield from late_pass(store, late_encoder, runner or InlineRunner(), _Halt(cancel), request_id)
            yield item
    finally:
        store.close()


class _Halt:
    """Set when the user cancels or the run must stop (a write or embedding failure); ``is_set`` as an Event."""

    def __init__(self, cancel) -> None:
        self.cancel, self.stop = cancel, threading.Event()

    def is_set(self) -> bool:
        return self.stop.is_set() or (self.cancel is not None and self.cancel.is_set())


def resume_pending(p: Pending, record: PartialRecord | None) -> Pending:
    """The chunks of a file still to embed: all of them, unless an earlier run left this version of the file
    partly indexed (``record``: the same content hash, and each stored chunk's text the new chunk's at its
    ordinal); then only the chunks missing, the write's ``extra["resumed"]`` saying how many are stored."""
    w = p.write
    if record is None or record.content_hash != w.content_hash or record.n_total != len(w.chunks):
        return p
    missing = [i for i, ch in enumerate(w.chunks) if ch.ordinal not in record.stored]
    kept = len(w.chunks) - len(missing)
    stored = record.stored
    same = all(stored[ch.ordinal] == chunk_digest(ch.text) for ch in w.chunks if ch.ordinal in stored)
    if not same or kept != len(stored):  # not the chunks this run makes: all embedded again
        return p
    write = replace(w, chunks=tuple(w.chunks[i] for i in missing), extra={**w.extra, "resumed": kept})
    encoded = p.encoded.take(missing) if p.encoded is not None and missing else None
    return Pending(write, [p.chunks[i] for i in missing], [p.texts[i] for i in missing], encoded=encoded)


def _rows_by_file(group: Group, rows: list[int]) -> list[tuple[str, list[int], np.ndarray]]:
    """The rows just embedded, by file: (path, indices in its write's chunks, their vectors)."""
    assert group.vectors is not None
    starts, pos = [], 0
    for _, a, b in group.take:
        starts.append(pos)
        pos += b - a
    by_file: dict[int, tuple[str, list[int], list[int]]] = {}
    for r in rows:
        k = bisect.bisect_right(starts, r) - 1
        p, a, _ = group.take[k]
        _, indices, at = by_file.setdefault(id(p), (p.write.path, [], []))
        indices.append(a + r - starts[k])
        at.append(r)
    return [(path, indices, group.vectors[at]) for path, indices, at in by_file.values()]


def _is_big(f: Found) -> bool:
    if f.problem:
        return False
    try:
        return os.stat(f.path).st_size >= BIG_FILE_BYTES
    except OSError:
        return False


class _Pipeline:
    """One run through stages 2 to 5, and what they share: the queues between them, the halt, the timings."""

    def __init__(
        self, run: IndexRun, embedder, runner: BackgroundRunner | None, options: IndexOptions
    ) -> None:
        self.run, self.embedder, self.options = run, embedder, options
        self.inline = runner is None
        self.units = InlineRunner() if runner is None else None
        self.runner: BackgroundRunner = self.units if runner is None else runner
        self.workers = 1 if self.inline else (options.workers or default_workers())
        self.halt = _Halt(run.cancel)
        # inline, the queue is emptied by this thread once a batch is in it: it must never be full
        self.to_embed: queue.Queue = queue.Queue(maxsize=0 if self.inline else max(1, options.queued_files))
        self.inbox: queue.Queue = queue.Queue()  # (what, value) from the other stages to the writer
        self.embed_finished = threading.Event()
        self.extracting, self.embedding = Timeline(), Timeline()
        self.batches: list[int] = []
        self.tokenized_beside = 0  # chunks tokenized by the extraction workers (the engine ran the model)
        self.fed = self.embedded_all = False
        self.failure: BaseException | None = None
        self.write_failed = False
        self.commit_due = False  # inline: the embedding job paused for a commit
        self.read_of: dict[str, int] = {}  # bytes read of the files waiting for vectors (counted when done)

    def index(self) -> Iterator[ProgressEvent | IndexSummary]:
        run = self.run
        t_start = time.perf_counter()
        job = self.runner.background(self.embed_units, label=f"index {run.request_id}: embedding batch")
        job.add_done_callback(self.embed_done)
        yield from (self.run_inline() if self.inline else self.run_threaded())
        wall = time.perf_counter() - t_start
        run.cancelled_now()
        failed = self.failure is not None or self.write_failed
        finish(run, "failed" if failed else "cancelled" if run.cancelled else "done", not self.write_failed)
        if self.failure is not None:
            raise self.failure
        yield summarize(run, None if self.inline else self.timings(wall))

    # -- the two ways through the stages ---------------------------------------------------------------------
    def run_threaded(self) -> Iterator[ProgressEvent]:
        """Extraction on a feeder thread and its pool, embedding on the runner; the writer here."""
        name = f"alcove-index-feed-{self.run.request_id}"
        feeder = threading.Thread(target=self.feed, name=name, daemon=True)
        feeder.start()
        wait = max(0.05, min(self.options.commit_seconds, 0.5))
        while not (self.fed and self.embedded_all):
            try:
                what, value = self.inbox.get(timeout=wait)
            except queue.Empty:
                what, value = "", None
            yield from self.write(what, value, commit=False)
            yield from self.write_waiting()  # and all that came meanwhile, then a commit if one is due
        feeder.join()

    def run_inline(self) -> Iterator[ProgressEvent]:
        """Every stage on this thread, file by file (see the module's docstring)."""
        run = self.run
        tokenizer, encoder = self.embedder.tokenizer, document_encoder(self.embedder)
        queued = 0  # chunks queued for embedding since the embedder last ran
        for f in run.found:
            if self.halt.is_set():
                break
            if _is_big(f):  # what is ready is saved first: a slow big file never holds it back
                yield from self.embed_inline()
                queued = 0
                self.commit(force=True)
            try:
                p, _, _ = timed_prepare(
                    f, run.known.get(f.path), run.opts, tokenizer, run.cancel, None, encoder
                )
            except BaseException as exc:  # noqa: BLE001 - a crashing extractor ends the run, re-raised at its end
                self.failure = exc
                self.halt.stop.set()
                break
            self.hand_on(p)
            queued += len(p.pending.texts) if p.kind == "embed" else 0
            if queued >= self.options.batch_chunks:
                yield from self.embed_inline()
                queued = 0
            yield from self.write_waiting()
        self.put_to_embed(_END)
        yield from self.embed_inline()
        self.inbox.put(("fed", None))
        yield from self.write_waiting()

    def embed_inline(self) -> Iterator[ProgressEvent]:
        """Inline: embed what is queued, writing (and committing, every ``commit_seconds``) on the way: the
        embedding job pauses when a commit is due (``commit_due``), so a big file's chunks are committed in parts
        as they are embedded."""
        assert self.units is not None
        while True:
            self.commit_due = False
            self.units.run_ready()
            yield from self.write_waiting()
            if not self.commit_due:
                return

    # -- stage 2: extraction -----------------------------------------------------------------------------------
    def feed(self) -> None:
        """On the feeder thread: extract in order, ``2 * workers`` files ahead (threads or processes), handing
        each file on (``hand_on``)."""
        run, threads = self.run, self.options.extract_in == "threads"
        # threads notice a cancel inside a huge file; a process cannot share the event (its budget still holds)
        stop = run.cancel if threads else None
        gate = interactive_idle_gate(self.runner) if threads and self.options.ocr_yields else None
        window: deque[tuple[Found, Future]] = deque()
        files = iter(run.found)
        pool = None
        try:
            pool, tokenizer, encoder = make_pool(self.options.extract_in, self.workers, self.embedder.tokenizer,
                                                 document_encoder(self.embedder))  # fmt: skip

            def submit_next() -> bool:
                f = next(files, None)
                if f is None:
                    return False
                args = (f, run.known.get(f.path), run.opts, tokenizer, stop, gate, encoder)
                window.append((f, pool.submit(timed_prepare, *args)))
                return True

            for _ in range(2 * self.workers):
                if not submit_next():
                    break
            while window and not self.halt.is_set():
                _, fut = window.popleft()
                p, t0, t1 = fut.result()
                self.extracting.add(t0, t1)
                submit_next()
                self.hand_on(p)
        except BaseException as exc:  # noqa: BLE001 - a crashing extractor ends the run, reported to the caller
            self.inbox.put(("failed", exc))
        finally:
            for _, fut in window:
                fut.cancel()
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
            self.put_to_embed(_END)
            self.inbox.put(("fed", None))

    def hand_on(self, p: Prepared) -> None:
        """A prepared file to the writer and, when it has chunks to embed, to the embedder (a file an earlier run
        left partly indexed: only the chunks it is missing, ``resume_pending``)."""
        if p.kind == "embed":
            p = replace(p, pending=resume_pending(p.pending, self.run.resumable.get(p.path)))
        self.inbox.put(("prepared", p))  # before its vectors can come back: the writer counts it first
        if p.kind == "embed" and p.pending.texts:
            self.put_to_embed(p.pending)

    def put_to_embed(self, item: Any) -> None:
        while not self.embed_finished.is_set():
            try:
                self.to_embed.put(item, timeout=0.1)
            except queue.Full:
                continue
            self.runner.wake()
            return

    # -- stage 3: embedding ------------------------------------------------------------------------------------
    def embed_units(self) -> Iterator[Any]:
        """On the engine thread: one embedding batch per ``next()``; NOT_READY while nothing is queued.

        Chunks are taken in groups (``groups.Group``: what is queued, in file order, sized by ``GROUP_*``) and each
        group is embedded in length-sorted batches, one batch a unit: rows of similar length pad little, while a
        chat waits for one batch at most. A file gets its vectors as soon as all its rows in the group are done."""
        embedder, halt, unit_seconds = self.embedder, self.halt, self.options.unit_seconds
        pending: list[Pending] = []
        end = False
        # A batch holds at least the rows that fill the embedder's token budget at the longest row's length
        # (``next_rows``): ~5 chunks of 180 tokens on the CPU (1024 tokens), ~20 on Metal (4096).
        budget = int(getattr(embedder, "max_batch_tokens", 0) or 0)
        batch = max(MIN_BATCH, min(MAX_BATCH, self.options.batch_chunks))
        group_chunks = GROUP_CHUNKS
        group: Group | None = None
        while not halt.is_set():
            if group is None:
                want = max(group_chunks, batch)
                waiting = sum(len(p.texts) - p.done for p in pending)
                while not end and waiting < want:
                    try:
                        item = self.to_embed.get_nowait()
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
            # A cancel lands between units, never inside one: the unit under way (about ``unit_seconds``) is kept.
            # A failure elsewhere stops it at once (its vectors would not be written).
            result = group.embed(embedder, rows, halt.stop)
            t1 = time.perf_counter()
            if getattr(result, "cancelled", False):
                return
            self.embedding.add(t0, t1)
            self.batches.append(len(rows))
            self.tokenized_beside += len(rows) if group.encoded is not None else 0
            group.fill(rows, result)
            fresh = _rows_by_file(group, rows)  # each row goes to the writer now, not when its file is done
            per_chunk = max((t1 - t0) / len(rows), 1e-6)
            if unit_seconds is not None:  # the next batch: what this device embeds in about unit_seconds
                batch = max(MIN_BATCH, min(MAX_BATCH, round((batch + unit_seconds / per_chunk) / 2)))
            group_chunks = max(GROUP_CHUNKS, min(GROUP_MAX, round(GROUP_SECONDS / per_chunk)))
            notes = group.hand_out_ready(embedder.max_seq_length)  # files whose rows are all done
            done = [p.write.path for p in pending if p.done == len(p.texts)]
            for p in pending:
                p.vectors.clear()  # the writer holds them (``fresh``)
            pending = [p for p in pending if p.done < len(p.texts)]
            self.inbox.put(("embedded", (fresh, done, notes)))
            if group.complete:
                group = None
            yield len(rows)
            if self.inline and time.perf_counter() - self.run.last_commit >= self.options.commit_seconds:
                self.commit_due = True  # inline: the writer commits, then on (``embed_inline``)
                yield NOT_READY

    def embed_done(self, fut: Future) -> None:
        self.embed_finished.set()
        self.inbox.put(("embed-done", fut))

    # -- stage 4: the writer -----------------------------------------------------------------------------------
    def write(self, what: str, value: Any, commit: bool = True) -> Iterator[ProgressEvent]:
        """Count one message from the other stages, yield progress, commit what is due (unless ``commit`` is
        False: more messages are waiting)."""
        run = self.run
        if what == "prepared":
            yield from self.write_prepared(value)
        elif what == "embedded":
            rows, done, notes = value
            run.add_embedded(rows, done, notes)
            run.bytes_done += sum(self.read_of.pop(path, 0) for path in done)
            yield run.progress(f"Embedded {run.embedded} chunks")
        elif what == "failed":
            self.failure = self.failure or value
            self.halt.stop.set()
        elif what == "fed":
            self.fed = True
        elif what == "embed-done":
            self.embedded_all = True
            exc = value.exception()
            if exc is not None:
                self.failure = self.failure or exc
                self.halt.stop.set()
        if commit:
            self.commit(force=False)

    def write_prepared(self, p: Prepared) -> Iterator[ProgressEvent]:
        run = self.run
        run.current = p.path
        if p.kind == "embed" and p.pending.texts:
            self.read_of[p.path] = p.bytes_read
            p = Prepared("embed", p.path, pending=p.pending, notes=p.notes)  # its bytes count when embedded
        if p.kind == "touch" and self.write_failed:
            p = Prepared("unchanged", p.path, bytes_read=p.bytes_read)
        try:
            run.apply(p)
        except IndexStoreError as exc:  # touch() failed: the database is unusable now
            self.write_failed, run.error = True, run.error or str(exc)
            self.halt.stop.set()
        run.files_done += 1
        yield run.progress(f"Indexing {Path(p.path).name}")

    def write_waiting(self) -> Iterator[ProgressEvent]:
        """Write every message the other stages have left, then commit what is due: a commit takes all of them
        (one after the first would leave the rest a whole ``commit_seconds`` more)."""
        while True:
            try:
                what, value = self.inbox.get_nowait()
            except queue.Empty:
                break
            yield from self.write(what, value, commit=False)
        self.commit(force=False)

    def commit(self, force: bool) -> None:
        if self.write_failed:
            return
        try:
            self.run.commit(force)
        except IndexStoreError:  # the run ends; its error is in the summary
            self.write_failed = True
            self.halt.stop.set()

    # -- stage 5: the pipeline's timings for the summary ---------------------------------------------------------
    def timings(self, wall: float) -> dict[str, Any]:
        ex, em = self.extracting.union(), self.embedding.union()
        both = overlap(ex, em)
        return {
            "extract_in": self.options.extract_in,
            "workers": self.workers,
            "pipeline_s": round(wall, 3),
            "extract_busy_s": round(span_length(ex), 3),
            "embed_busy_s": round(span_length(em), 3),
            "overlap_s": round(both, 3),
            "embed_overlapped": round(both / span_length(em), 3) if em else 0.0,
            "embed_units": len(self.batches),
            "chunks_tokenized_by_workers": self.tokenized_beside,
            "batch_chunks_median": int(np.median(self.batches)) if self.batches else 0,
            "batch_chunks_max": max(self.batches) if self.batches else 0,
        }
