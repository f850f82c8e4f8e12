"""Index files and folders: extract, chunk, embed (MLX, engine thread) and store, incrementally and crash-safely.

``index_paths`` is a generator function: it yields ``ProgressEvent``s and finally one ``IndexSummary``. Run it on
the engine thread (``engine.stream(index_paths, ...)``). Files whose size and timestamp, or else content hash,
match the index are skipped; changed files are re-embedded; files gone from an indexed folder are removed.
Chunks of several files are embedded together in batches, and completed files are committed together in one
transaction every ``commit_seconds``: a run killed at any moment loses at most that much work, the index stays
consistent, and the next run resumes by skipping what was committed.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from engine.core import IndexStoreError, ProgressEvent
from engine.index.bounds import (
    DEFAULT_FILE_MEMORY_BYTES,
    DEFAULT_FILE_SECONDS,
)
from engine.index.chunking import chunk_budget
from engine.index.extraction import file_type_for
from engine.index.prepare import DEFAULT_MAX_FILE_BYTES, Prepared, _Pending, prepare_file, take_rows
from engine.index.store import DocumentRecord, DocumentWrite, IndexStore
from engine.index.walk import Found, dedupe, walk

log = logging.getLogger(__name__)

BIG_FILE_BYTES = 1 << 20  # files this big are handled only after everything before them is committed
CHUNKER_VERSION = 1  # bump when extraction or chunking changes what a file turns into


@dataclass(frozen=True)
class SkippedFile:
    path: str
    reason: str


@dataclass(frozen=True)
class OutsideLink:
    """A symbolic link the walker did not follow because it leaves every library folder (allow it by its path)."""

    path: str  # the link, as found under the folder the user gave
    target: str  # where it points, resolved
    reason: str


@dataclass(frozen=True)
class IndexSummary:
    files_indexed: int  # new or changed files embedded in this run
    files_unchanged: int
    files_removed: int  # gone from an indexed folder (or now unreadable as text): removed from the index
    files_skipped: tuple[SkippedFile, ...]
    chunks: int  # chunks embedded in this run
    seconds: float
    bytes_indexed: int = 0
    cancelled: bool = False
    resumed: bool = False  # an earlier run had been interrupted (killed) and this one picked up after it
    error: str | None = None  # the run stopped early (disk full, read-only index...); what was done is kept
    notes: tuple[SkippedFile, ...] = ()  # indexed, with a remark (encoding guessed, chunks truncated...)
    documents_total: int = 0
    chunks_total: int = 0
    pipeline: dict[str, Any] | None = (
        None  # how the pipelined run spent its time (None: the sequential indexer)
    )
    files_moved: int = 0  # moved or renamed with the same content: chunks and vectors kept, nothing embedded
    # files the walker saw that Alcove does not read (images with OCR off are skipped, not here): {".ext": n}
    files_unsupported: dict[str, int] = field(default_factory=dict)
    links_outside: tuple[OutsideLink, ...] = ()  # also in files_skipped; listed so they can be allowed

    def to_json(self) -> dict[str, Any]:
        return {
            "files_indexed": self.files_indexed,
            "files_unchanged": self.files_unchanged,
            "files_skipped": [{"path": s.path, "reason": s.reason} for s in self.files_skipped],
            "chunks": self.chunks,
            "seconds": round(self.seconds, 3),
            "files_removed": self.files_removed,
            "bytes_indexed": self.bytes_indexed,
            "cancelled": self.cancelled,
            "resumed": self.resumed,
            "error": self.error,
            "notes": [{"path": s.path, "note": s.reason} for s in self.notes],
            "documents_total": self.documents_total,
            "chunks_total": self.chunks_total,
            "files_moved": self.files_moved,
            "files_unsupported": dict(self.files_unsupported),
            "links_outside": [
                {"path": k.path, "target": k.target, "reason": k.reason} for k in self.links_outside
            ],
            **({"pipeline": self.pipeline} if self.pipeline is not None else {}),
        }


class _Run:
    def __init__(self, store, embedder, request_id, cancel, opts) -> None:
        self.store, self.embedder, self.request_id, self.cancel = store, embedder, request_id, cancel
        self.opts = opts
        self.t0 = time.perf_counter()
        self.indexed = self.unchanged = self.removed = self.chunks = self.bytes = self.moved = 0
        self.skipped: list[SkippedFile] = []
        self.unsupported: dict[str, int] = {}
        # indexed files gone from the folders being indexed, by content hash: a new path with the same content
        # is the same file moved or renamed (its chunks and vectors are kept); the rest are deleted at the end
        self.vanished: dict[str, str] = {}
        self.notes: list[SkippedFile] = []
        self.pending: list[_Pending] = []
        self.ready: list[DocumentWrite] = []
        self.deletes: list[str] = []
        self.last_commit = time.perf_counter()
        self.files_done = 0
        self.total = 0
        self.bytes_total = 0
        self.bytes_done = 0
        self.current = ""
        self.error: str | None = None
        self.cancelled = False
        self.roots: list[str] = []
        self.found: list[Found] = []
        self.known: dict[str, DocumentRecord] = {}  # the index's record of each file under the roots

    # -- progress ------------------------------------------------------------------------------------------
    def progress(self, message: str, phase: str = "index") -> ProgressEvent:
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
                "chunks": self.chunks,
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

    # -- one file --------------------------------------------------------------------------------------------
    def handle(self, found: Found) -> None:
        self.current = found.path
        self.apply(
            prepare_file(
                found, self.store.document(found.path), self.opts, self.embedder.tokenizer, self.cancel
            )
        )

    def unsupported_file(self, path: str) -> None:
        name = Path(path).name.lower()
        ext = Path(name).suffix or "(no extension)"
        if ext == ".gz" and Path(Path(name).stem).suffix:  # .tar.gz, .svg.gz: the inner type says what it is
            ext = Path(Path(name).stem).suffix + ext
        self.unsupported[ext] = self.unsupported.get(ext, 0) + 1

    def apply(self, p: Prepared) -> None:
        """Count what ``prepare_file`` decided and queue its writes (the pipeline's writer does the same)."""
        self.bytes_done += p.bytes_read
        if p.kind == "cancelled":
            self.cancelled = True
        elif p.kind == "unsupported":
            self.unsupported_file(p.path)
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
            self.pending.append(p.pending)
            self.bytes += p.pending.write.size

    # -- embedding and committing ------------------------------------------------------------------------------
    def waiting(self) -> int:
        return sum(len(p.texts) - p.done for p in self.pending)

    def embed(self, force: bool) -> Iterator[ProgressEvent]:
        batch = self.opts["batch_chunks"]
        while self.pending and (self.waiting() >= batch or (force and self.waiting() > 0)):
            if self.cancelled_now():
                return
            take = take_rows(self.pending, batch)
            texts = [t for p, a, b in take for t in p.texts[a:b]]
            result = self.embedder.embed(texts, kind="document", cancel=self.cancel)
            if getattr(result, "cancelled", False):
                self.cancelled = True
                return
            vecs = np.asarray(result.vectors, dtype=np.float16)
            truncated = set(getattr(result, "truncated", ()) or ())
            pos = 0
            for p, a, b in take:
                p.vectors.append(vecs[pos : pos + (b - a)])
                cut = sum(1 for i in range(pos, pos + b - a) if i in truncated)
                if cut:
                    self.notes.append(SkippedFile(p.write.path, f"{cut} chunk(s) were longer than the model's "
                                                  f"{self.embedder.max_seq_length} tokens and were truncated for embedding"))  # fmt: skip
                p.done = b
                pos += b - a
            self.chunks += len(texts)
            finished = [p for p in self.pending if p.done == len(p.texts)]
            self.pending = [p for p in self.pending if p.done < len(p.texts)]
            for p in finished:
                w = p.write
                self.ready.append(DocumentWrite(w.path, w.file_type, w.size, w.mtime_ns, w.content_hash, w.status,
                                                None, w.chunks, np.concatenate(p.vectors), w.chars))  # fmt: skip
                self.indexed += 1
            yield self.progress(f"Embedded {self.chunks} chunks")

    def commit(self, force: bool) -> None:
        if not (self.ready or self.deletes):
            return
        if not force and time.perf_counter() - self.last_commit < self.opts["commit_seconds"]:
            return
        writes, deletes = self.ready, self.deletes
        self.ready, self.deletes = [], []
        try:
            self.store.write_batch(writes, deletes)
        except IndexStoreError as exc:
            self.error = str(exc)
            lost = [w for w in writes if w.status == "indexed"]
            self.indexed -= len(lost)
            self.chunks -= sum(len(w.chunks) for w in lost)
            for w in lost:
                self.skipped.append(SkippedFile(w.path, f"Not saved: {exc}"))
            raise
        self.removed += len(deletes)
        self.last_commit = time.perf_counter()


def index_paths(
    paths: Sequence[str | Path],
    db_path: str | Path,
    embedder,
    *,
    cancel=None,
    request_id: str = "",
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    chunk_tokens: int = 180,
    overlap_tokens: int = 24,
    batch_chunks: int = 64,
    commit_seconds: float = 2.0,
    allow_links: Sequence[str] = (),
    file_seconds: float | None = DEFAULT_FILE_SECONDS,
    ocr: bool = True,
    as_sources: bool = True,
    file_memory_bytes: int | None = DEFAULT_FILE_MEMORY_BYTES,
) -> Iterator[ProgressEvent | IndexSummary]:
    """Index ``paths`` (files and folders) into the database; yields progress, then one IndexSummary.

    With no paths, every source already in the index is refreshed. Raises IndexStoreError when the database is
    unusable before anything starts (not an Alcove index, read-only, another embedding model); a write failure
    mid-run (disk full) ends the run with ``summary.error`` set and everything committed before it kept.
    Another indexing run on the same database is refused (IndexStoreError) rather than run twice.

    Symbolic links that leave every library folder are not followed unless listed in ``allow_links``; a file
    whose extraction and chunking take more than ``file_seconds``, or hold more than ``file_memory_bytes`` of
    text and working data, is skipped with a reason and the run goes on.
    ``as_sources=False`` refreshes the paths without adding them to the library's sources (a watcher's
    re-index of a subfolder). ``ocr=False`` leaves images and scanned PDF pages unread (reported as skipped,
    read once OCR is on again). Files the walker finds of a type Alcove does not read are counted by extension
    in ``summary.files_unsupported``; an indexed file moved or renamed keeps its vectors (``files_moved``).
    """
    store = IndexStore(db_path)
    try:
        store.lock_for_indexing()
        yield from _index(store, paths, embedder, cancel, request_id, max_file_bytes, chunk_tokens,
                          overlap_tokens, batch_chunks, commit_seconds, allow_links, file_seconds, ocr,
                          as_sources, file_memory_bytes)  # fmt: skip
    finally:
        store.close()


def index_options(
    store, embedder, max_file_bytes, chunk_tokens, overlap_tokens, batch_chunks, commit_seconds,
    allow_links: Sequence[str] = (), file_seconds: float | None = DEFAULT_FILE_SECONDS, ocr: bool = True,
    as_sources: bool = True, file_memory_bytes: int | None = DEFAULT_FILE_MEMORY_BYTES,
):  # fmt: skip
    """The run's settings; checks the database belongs to this embedder (raises IndexStoreError)."""
    store.check_embedder(embedder.name, embedder.dim)
    opts = {
        "max_file_bytes": max_file_bytes,
        "chunk_tokens": chunk_budget(embedder.max_seq_length, chunk_tokens),
        "overlap_tokens": overlap_tokens,
        "batch_chunks": batch_chunks,
        "commit_seconds": commit_seconds,
        "allow_links": tuple(allow_links),
        "file_seconds": file_seconds,
        "file_memory_bytes": file_memory_bytes,
        "ocr": ocr,
        "as_sources": as_sources,
    }
    # The hash covers the chunking settings too: changing them re-chunks and re-embeds every file.
    tag = f"chunker-{CHUNKER_VERSION}:{opts['chunk_tokens']}:{overlap_tokens}"
    opts["config_tag"] = tag.encode()
    opts["tag"] = tag
    opts["same_config"] = store.meta("chunker") == tag
    return opts


def begin(run: _Run, store, paths) -> tuple[int, bool]:
    """Close interrupted runs and record this one; returns (run id, whether an earlier run was interrupted)."""
    interrupted = store.interrupted_runs()  # we hold the indexing lock: these runs' processes are gone
    if interrupted:
        store.close_interrupted_runs()
    roots = [os.path.abspath(os.path.expanduser(str(p))) for p in paths] or store.sources()
    if not roots and interrupted:
        roots = interrupted[-1][1]
    run.roots = roots
    return store.begin_run(roots), bool(interrupted)


def scan(run: _Run, store) -> Iterator[ProgressEvent]:
    """Find the files of ``run.roots`` (into ``run.found``); forget indexed files that are gone from them; keep the
    index's record of every file under them (``run.known``) so the files can be compared without the database."""
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


def summarize(run: _Run, store, resumed: bool, pipeline: dict | None = None) -> IndexSummary:
    stats = None
    try:
        stats = store.stats()
    except IndexStoreError:
        pass
    return IndexSummary(
        run.indexed,
        run.unchanged,
        run.removed,
        tuple(run.skipped),
        run.chunks,
        time.perf_counter() - run.t0,
        run.bytes,
        run.cancelled,
        resumed,
        run.error,
        tuple(run.notes),
        stats.documents if stats else 0,
        stats.chunks if stats else 0,
        pipeline,
        run.moved,
        dict(sorted(run.unsupported.items(), key=lambda kv: (-kv[1], kv[0]))),
        tuple(OutsideLink(f.path, f.outside, f.problem or "") for f in run.found if f.outside),
    )


def _index(store, paths, embedder, cancel, request_id, max_file_bytes, chunk_tokens, overlap_tokens,
           batch_chunks, commit_seconds, allow_links, file_seconds, ocr=True, as_sources=True,
           file_memory_bytes=DEFAULT_FILE_MEMORY_BYTES):  # fmt: skip
    opts = index_options(store, embedder, max_file_bytes, chunk_tokens, overlap_tokens, batch_chunks,
                         commit_seconds, allow_links, file_seconds, ocr, as_sources, file_memory_bytes)  # fmt: skip
    run = _Run(store, embedder, request_id, cancel, opts)
    run_id, resumed = begin(run, store, paths)
    yield from scan(run, store)

    # extract + chunk each file; embed in batches across files; commit every commit_seconds
    try:
        for f in run.found:
            if run.cancelled_now():
                break
            if _is_big(
                f, BIG_FILE_BYTES
            ):  # what is ready is saved first: a slow big file never holds it back
                yield from run.embed(force=True)
                run.commit(force=True)
            run.handle(f)
            run.files_done += 1
            yield run.progress(f"Indexing {Path(f.path).name}")
            yield from run.embed(force=False)
            run.commit(force=False)
        if not run.cancelled:
            yield from run.embed(force=True)
        if (
            not run.cancelled
        ):  # a cancelled run may not have reached their new paths yet: the next run decides
            run.deletes.extend(run.vanished.values())  # gone, and not moved within the library
        run.commit(force=True)  # on cancel: what is fully embedded is kept
        if not run.cancelled:
            store.set_meta("chunker", opts["tag"])
        store.finish_run(run_id, "cancelled" if run.cancelled else "done")
    except IndexStoreError as exc:
        run.error = run.error or str(exc)
        log.warning("index run stopped: %s", run.error)
        try:
            store.finish_run(run_id, "failed")
        except IndexStoreError:
            pass
    yield summarize(run, store, resumed)


def _is_big(f: Found, limit: int) -> bool:
    if f.problem:
        return False
    try:
        return os.stat(f.path).st_size >= limit
    except OSError:
        return False
