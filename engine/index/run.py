"""The writer's side of an index run: the run's counts and the database, and the stages that need the database.

``IndexRun`` holds what one run has done (files indexed, skipped, moved...), applies each file's ``Prepared`` to
it, takes each file's vectors as they are embedded and commits them together every ``commit_seconds``: a file
finished since the last commit in one write, any other file being embedded as a part (``PartWrite``: a large file
is written as it is embedded), so a cancel keeps every embedded chunk and a kill loses at most the embedding of the
last ``commit_seconds``. The stages around the pipeline's concurrent ones: ``begin`` (close
interrupted runs, record this one), ``scan`` (walk the folders and read the index's records of them once, so
nothing else needs the database), ``finish`` (the last commit, the run's state) and ``summarize``.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from engine.core import IndexStoreError, ProgressEvent
from engine.index.extraction import file_type_for
from engine.index.prepare import Prepared
from engine.index.store import DocumentRecord, DocumentWrite, IndexStore, PartialRecord, PartWrite
from engine.index.summary import IndexSummary, OutsideLink, SkippedFile
from engine.index.walk import Found, dedupe, walk

log = logging.getLogger(__name__)


@dataclass
class _Open:
    """A file being embedded, on the writer's side: its vectors as they come back, until they are committed."""

    write: DocumentWrite  # the file's state and the chunks this run embeds (without vectors)
    total: int  # chunks the whole file has (those stored by an earlier run included)
    in_db: bool  # the index holds a partly indexed document of this version (an earlier run's, or a part)
    new: dict[int, np.ndarray] = field(default_factory=dict)  # index in write.chunks -> vector, not committed
    complete: bool = False  # every chunk is embedded


class IndexRun:
    """One run's state on the writer's thread (the only one that touches the store)."""

    def __init__(self, store: IndexStore, opts: dict, request_id: str, cancel, commit_seconds: float) -> None:
        self.store, self.opts, self.request_id, self.cancel = store, opts, request_id, cancel
        self.commit_seconds = commit_seconds
        self.t0 = time.perf_counter()
        self.run_id = 0
        self.resumed = False  # an earlier run had been interrupted (killed) and this one picks up after it
        self.indexed = self.unchanged = self.removed = self.chunks = self.bytes = self.moved = 0
        self.embedded = 0  # chunks embedded in this run (``chunks``: those written to the index)
        self.to_embed = 0  # chunks this run has to embed, as far as the files read so far tell
        self.chunks_removed = 0  # chunks deleted from the index (earlier versions replaced, files removed)
        self.chunks_resumed = 0  # chunks an earlier run stored for the files this run continues
        self.open: dict[str, _Open] = {}  # files whose vectors are coming back
        self.partial: set[str] = set()  # files left partly indexed, as things stand
        self.resumable: dict[str, PartialRecord] = {}  # partly indexed documents under the roots
        self.skipped: list[SkippedFile] = []
        self.notes: list[SkippedFile] = []
        self.unsupported: dict[str, int] = {}
        # indexed files gone from the folders being indexed, by content hash: a new path with the same content
        # is the same file moved or renamed (its chunks and vectors are kept); the rest are deleted at the end
        self.vanished: dict[str, str] = {}
        self.ready: list[DocumentWrite] = []
        self.deletes: list[str] = []
        self.last_commit = time.perf_counter()
        self.files_done = self.total = 0
        self.bytes_total = self.bytes_done = 0
        self.current = ""
        self.error: str | None = None
        self.cancelled = False
        self.roots: list[str] = []
        self.found: list[Found] = []
        self.known: dict[str, DocumentRecord] = {}  # the index's record of each file under the roots

    def progress(self, message: str, phase: str = "index") -> ProgressEvent:
        """``extra["stage"]``: "scan" (finding files), "read" (files still being read; embedding runs beside) or
        "embed" (every file read, passages still being embedded): a front end shows the two phases, read then
        embed, with the embed phase counted in chunks (``chunks`` of ``chunks_total``), not in files."""
        stage = "scan" if phase == "scan" else ("read" if self.files_done < self.total else "embed")
        elapsed = time.perf_counter() - self.t0
        eta = None
        if self.bytes_done > 0 and self.bytes_total > self.bytes_done and elapsed > 0.5:
            eta = (self.bytes_total - self.bytes_done) / (self.bytes_done / elapsed)
        return ProgressEvent(
            self.request_id,
            self.files_done,
            self.total,
            message,
            eta,
            {
                "phase": phase,
                "files_done": self.files_done,
                "files_total": self.total,
                "chunks": self.embedded,
                "chunks_total": self.to_embed,
                "stage": stage,
                "current_file": self.current,
                "files_skipped": len(self.skipped),
                "bytes_done": self.bytes_done,
                "bytes_total": self.bytes_total,
            },
        )

    def cancelled_now(self) -> bool:
        if self.cancel is not None and self.cancel.is_set():
            self.cancelled = True
        return self.cancelled

    def apply(self, p: Prepared) -> None:
        """Count what ``prepare_file`` decided and queue its writes (a file to embed is the embedder's now: its
        vectors are queued as they come back, ``add_embedded``). Raises IndexStoreError when a write fails."""
        self.bytes_done += p.bytes_read
        if p.kind == "cancelled":
            self.cancelled = True
        elif p.kind == "unsupported":
            self.count_unsupported(p.path)
        elif p.kind == "move":
            source = self.vanished.pop(p.digest, None)
            if source is None:  # two new copies of one moved file: the first took its vectors
                self.skipped.append(SkippedFile(p.path, "The same content as another file moved in this run; "
                                                "it will be indexed on the next run."))  # fmt: skip
                return
            self.commit(force=True)  # the moved document must not sit in an uncommitted batch
            self.store.move_document(source, p.path, *p.touch)
            self.moved += 1
        elif p.kind == "skip":
            self.skipped.append(SkippedFile(p.path, p.reason))
            if p.write is not None:
                self.ready.append(p.write)
            elif p.forget:
                self.deletes.append(p.path)
        elif p.kind == "unchanged":
            self.unchanged += 1
        elif p.kind == "touch":
            self.store.touch(p.path, *p.touch)
            self.unchanged += 1
        elif p.kind == "embed":
            self.notes.extend(SkippedFile(p.path, n) for n in p.notes)
            self.bytes += p.pending.write.size
            w = p.pending.write
            kept = int(w.extra.get("resumed", 0))  # chunks an earlier run stored (``resume_pending``)
            self.chunks_resumed += kept
            self.open[p.path] = _Open(w, kept + len(w.chunks), in_db=kept > 0, complete=not w.chunks)
            self.to_embed += len(w.chunks)
            if kept:
                self.partial.add(p.path)

    def add_embedded(self, rows: Sequence[tuple[str, Sequence[int], np.ndarray]], done: Sequence[str],
                     notes: Sequence[SkippedFile]) -> None:  # fmt: skip
        """Vectors that came back: (path, indices in its write's chunks, vectors) for each file with rows in the
        batch; the files whose every chunk is now embedded; notes on them. Queued for the next commit."""
        for path, indices, vectors in rows:
            self.embedded += len(indices)
            o = self.open.get(path)  # None: a write of it failed, the run is ending
            if o is not None:
                o.new.update(zip(indices, vectors, strict=True))
        for path in done:
            if path in self.open:
                self.open[path].complete = True
        self.notes.extend(notes)

    def count_unsupported(self, path: str) -> None:
        name = Path(path).name.lower()
        ext = Path(name).suffix or "(no extension)"
        if ext == ".gz" and Path(Path(name).stem).suffix:  # .tar.gz, .svg.gz: the inner type says what it is
            ext = Path(Path(name).stem).suffix + ext
        self.unsupported[ext] = self.unsupported.get(ext, 0) + 1

    def commit(self, force: bool) -> None:
        """Write what is queued in one transaction, at most every ``commit_seconds`` unless ``force``: deletions,
        skipped files, each file embedded since the last commit whole, and the vectors of every other file being
        embedded as a part (a file finished that had parts: its last part). A failed write (disk full) raises
        IndexStoreError; its files are reported as not saved."""
        if not force and time.perf_counter() - self.last_commit < self.commit_seconds:
            return
        if not (self.ready or self.deletes or any(o.new or o.complete for o in self.open.values())):
            return
        writes, deletes = self.ready, self.deletes
        self.ready, self.deletes = [], []
        parts: list[PartWrite] = []
        for path, o in list(self.open.items()):
            if o.complete and not o.in_db:  # embedded since the last commit: one ordinary write
                vectors = np.stack([o.new[i] for i in range(len(o.write.chunks))]) if o.write.chunks else None
                writes.append(replace(o.write, vectors=vectors))
                del self.open[path]
            elif o.new or o.complete:
                order = sorted(o.new)
                doc = replace(o.write, chunks=tuple(o.write.chunks[i] for i in order),
                              vectors=np.stack([o.new[i] for i in order]) if order else None)  # fmt: skip
                parts.append(PartWrite(doc, o.total, fresh=not o.in_db, complete=o.complete))
        try:
            removed = self.store.write_batch(writes, deletes, parts)
        except IndexStoreError as exc:
            self.error = str(exc)
            for path in [w.path for w in writes if w.status == "indexed"] + [p.doc.path for p in parts]:
                self.skipped.append(SkippedFile(path, f"Not saved: {exc}"))
                self.open.pop(path, None)
            raise
        self.removed += len(deletes)
        self.chunks_removed += removed
        done = [w for w in writes if w.status == "indexed"]
        self.indexed += len(done) + sum(p.complete for p in parts)
        self.chunks += sum(len(w.chunks) for w in done) + sum(len(p.doc.chunks) for p in parts)
        for p in parts:
            path = p.doc.path
            if p.complete:
                del self.open[path]
                self.partial.discard(path)
            else:
                o = self.open[path]
                o.in_db, o.new = True, {}
                self.partial.add(path)
        self.last_commit = time.perf_counter()


def begin(run: IndexRun, paths: Sequence[str | Path]) -> None:
    """Close interrupted runs and record this one (``run.run_id``; ``run.resumed`` when one was interrupted). With
    no paths, every source already in the index is refreshed."""
    store = run.store
    interrupted = store.interrupted_runs()  # we hold the indexing lock: these runs' processes are gone
    if interrupted:
        store.close_interrupted_runs()
    roots = [os.path.abspath(os.path.expanduser(str(p))) for p in paths] or store.sources()
    if not roots and interrupted:
        roots = interrupted[-1][1]
    run.roots = roots
    run.run_id, run.resumed = store.begin_run(roots), bool(interrupted)


def scan(run: IndexRun) -> Iterator[ProgressEvent]:
    """Find the files of ``run.roots`` (into ``run.found``); forget indexed files that are gone from them; keep the
    index's record of every file under them (``run.known``) so the files can be compared without the database."""
    store = run.store
    yield run.progress("Looking for files", "scan")
    found: list[Found] = []
    library = list(dict.fromkeys(run.roots + store.sources()))
    for root in run.roots:
        for f in walk(root, library, run.opts["allow_links"]):
            found.append(f)
            if len(found) % 1000 == 0:
                yield run.progress(f"Found {len(found)} files", "scan")
                if run.cancelled_now():
                    break
        if run.cancelled:
            break
        # files indexed through a link to a folder that is not followed any more (its allowance revoked)
        unfollowed = tuple(f.path.rstrip("/") + "/" for f in found if f.outside)
        run.resumable.update(store.partial_documents(under=root))
        for doc in store.documents(under=root):
            run.known[doc.path] = doc
            if unfollowed and doc.path.startswith(unfollowed):
                run.deletes.append(doc.path)
            elif not os.path.lexists(doc.path):
                if doc.status == "indexed" and doc.content_hash and doc.content_hash not in run.vanished:
                    run.vanished[doc.content_hash] = doc.path
                else:
                    run.deletes.append(doc.path)
    run.found = dedupe(found)
    run.opts["vanished"] = frozenset(run.vanished)  # read by prepare_file (threads or processes)
    existing_roots = [r for r in run.roots if os.path.exists(r)]
    if existing_roots and run.opts.get("as_sources", True):
        store.add_sources(existing_roots)
    run.total = len(run.found)
    for f in run.found:
        if not f.problem and file_type_for(Path(f.path)) != "binary":
            try:
                run.bytes_total += min(os.stat(f.path).st_size, run.opts["max_file_bytes"])
            except OSError:
                pass


def finish(run: IndexRun, state: str, can_write: bool) -> None:
    """The last commit (on cancel or failure: what is fully embedded is kept) and the run's final ``state``
    ("done", "cancelled", "failed"). ``can_write=False``: a write already failed, nothing more is written."""
    store = run.store
    try:
        if can_write:
            if (
                state == "done"
            ):  # a cancelled run may not have reached their new paths yet: the next run decides
                run.deletes.extend(run.vanished.values())  # gone, and not moved within the library
            run.commit(force=True)
        if state == "done":
            store.set_meta("chunker", run.opts["tag"])
        store.finish_run(run.run_id, state)
    except IndexStoreError as exc:
        run.error = run.error or str(exc)
        try:
            store.finish_run(run.run_id, "failed")
        except IndexStoreError:
            pass
    if run.error:
        log.warning("index run stopped: %s", run.error)


def summarize(run: IndexRun, pipeline: dict | None = None) -> IndexSummary:
    stats = None
    try:
        stats = run.store.stats()
    except IndexStoreError:
        pass
    return IndexSummary(
        files_indexed=run.indexed,
        files_unchanged=run.unchanged,
        files_removed=run.removed,
        files_skipped=tuple(run.skipped),
        chunks=run.chunks,
        seconds=time.perf_counter() - run.t0,
        bytes_indexed=run.bytes,
        cancelled=run.cancelled,
        resumed=run.resumed,
        error=run.error,
        notes=tuple(run.notes),
        documents_total=stats.documents if stats else 0,
        chunks_total=stats.chunks if stats else 0,
        pipeline=pipeline,
        files_moved=run.moved,
        files_unsupported=dict(sorted(run.unsupported.items(), key=lambda kv: (-kv[1], kv[0]))),
        links_outside=tuple(OutsideLink(f.path, f.outside, f.problem or "") for f in run.found if f.outside),
        files_partial=len(run.partial),
        chunks_removed=run.chunks_removed,
        chunks_resumed=run.chunks_resumed,
        documents_partial=stats.partial if stats else 0,
    )
