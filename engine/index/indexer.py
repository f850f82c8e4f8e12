"""Index files and folders: extract, chunk, embed (MLX, engine thread) and store, incrementally and crash-safely.

``index_paths`` is a generator function: it yields ``ProgressEvent``s and finally one ``IndexSummary``. Run it on
the engine thread (``engine.stream(index_paths, ...)``). Files whose size and timestamp, or else content hash,
match the index are skipped; changed files are re-embedded; files gone from an indexed folder are removed.
Chunks of several files are embedded together in batches, and completed files are committed together in one
transaction every ``commit_seconds``: a run killed at any moment loses at most that much work, the index stays
consistent, and the next run resumes by skipping what was committed.
"""

from __future__ import annotations

import hashlib
import logging
import os
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from engine.core import IndexStoreError, ProgressEvent
from engine.index.chunking import Chunk, chunk_budget, chunk_document
from engine.index.extraction import ExtractError, extract, file_type_for, looks_binary
from engine.index.ocr import OcrOff
from engine.index.store import ChunkRow, DocumentWrite, IndexStore
from engine.index.walk import Found, dedupe, os_reason, walk

log = logging.getLogger(__name__)

DEFAULT_MAX_FILE_BYTES = 64 << 20
CHUNKER_VERSION = 1  # bump when extraction or chunking changes what a file turns into


@dataclass(frozen=True)
class SkippedFile:
    path: str
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
    files_moved: int = 0  # moved or renamed with the same content: chunks and vectors kept, nothing embedded
    # files the walker saw that Alcove does not read (images with OCR off are skipped, not here): {".ext": n}
    files_unsupported: dict[str, int] = field(default_factory=dict)

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
        }


@dataclass
class _Pending:
    """A file extracted and chunked, waiting for its vectors."""

    write: DocumentWrite
    chunks: list[Chunk]
    texts: list[str]
    vectors: list[np.ndarray] = field(default_factory=list)
    done: int = 0


class _Run:
    def __init__(self, store, embedder, request_id, cancel, opts) -> None:
        self.store, self.embedder, self.request_id, self.cancel = store, embedder, request_id, cancel
        self.opts = opts
        self.t0 = time.perf_counter()
        self.indexed = self.unchanged = self.removed = self.chunks = self.bytes = self.moved = 0
        self.skipped: list[SkippedFile] = []
        self.unsupported: dict[str, int] = {}
        self.notes: list[SkippedFile] = []
        self.pending: list[_Pending] = []
        self.ready: list[DocumentWrite] = []
        self.deletes: list[str] = []
        # indexed files gone from the folders being indexed, by content hash: a new path with the same content
        # is the same file moved or renamed (its chunks and vectors are kept); the rest are deleted at the end
        self.vanished: dict[str, str] = {}
        self.last_commit = time.perf_counter()
        self.files_done = 0
        self.total = 0
        self.bytes_total = 0
        self.bytes_done = 0
        self.current = ""
        self.error: str | None = None
        self.cancelled = False

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
    def skip(self, path: str, reason: str, *, forget: bool = False, stat: os.stat_result | None = None,
             content_hash: str | None = None) -> None:  # fmt: skip
        """Report a skipped file; ``forget`` drops what the index held for it (its content is unusable now)."""
        self.skipped.append(SkippedFile(path, reason))
        if stat is not None:  # remembered, so an unchanged bad file is not read again
            self.ready.append(
                DocumentWrite(path, file_type_for(Path(path)) or "unknown", stat.st_size, stat.st_mtime_ns,
                              content_hash, "skipped", reason)
            )  # fmt: skip
        elif forget and self.store.document(path) is not None:
            self.deletes.append(path)

    def unsupported_file(self, path: str) -> None:
        name = Path(path).name.lower()
        ext = Path(name).suffix or "(no extension)"
        if ext == ".gz" and Path(Path(name).stem).suffix:  # .tar.gz, .svg.gz: the inner type says what it is
            ext = Path(Path(name).stem).suffix + ext
        self.unsupported[ext] = self.unsupported.get(ext, 0) + 1

    def handle(self, found: Found) -> None:
        path = found.path
        self.current = path
        if found.problem:  # a duplicate indexed by an earlier run is dropped: its first path holds the text
            self.skip(path, found.problem, forget=found.duplicate)
            return
        try:
            st = os.stat(path)
        except OSError as exc:
            self.skip(path, os_reason(exc, "file"), forget=isinstance(exc, FileNotFoundError))
            return
        ftype = file_type_for(Path(path))
        if ftype == "binary" and not found.explicit:
            self.unsupported_file(path)
            return
        if ftype == "image" and not self.opts["ocr"]:  # not even read: a photo library is gigabytes
            self.skipped.append(SkippedFile(path, "An image: its text is read by OCR, which is turned off."))
            return
        old = self.store.document(path)
        same_stat = old is not None and old.size == st.st_size and old.mtime_ns == st.st_mtime_ns
        if same_stat and self.opts["same_config"]:
            if old.status == "skipped":
                self.skipped.append(SkippedFile(path, old.reason or "skipped"))
            else:
                self.unchanged += 1
            return
        limit = self.opts["max_file_bytes"]
        if st.st_size > limit:
            self.skip(
                path, f"The file is {_size(st.st_size)}, over the {_size(limit)} limit for indexing.", stat=st
            )
            return
        if st.st_size == 0:
            self.skip(path, "The file is empty (0 bytes).", stat=st)
            return
        try:
            with open(path, "rb") as f:
                data = f.read(limit + 1)
        except OSError as exc:
            self.skip(path, os_reason(exc, "file"), forget=isinstance(exc, FileNotFoundError))
            return
        self.bytes_done += len(data)
        digest = hashlib.blake2b(data + self.opts["config_tag"], digest_size=16).hexdigest()
        if old is not None and old.content_hash == digest and old.status == "indexed":
            self.store.touch(path, st.st_size, st.st_mtime_ns)
            self.unchanged += 1
            return
        if old is None and digest in self.vanished:
            self.commit(force=True)  # the moved document must not sit in an uncommitted batch
            self.store.move_document(self.vanished.pop(digest), path, st.st_size, st.st_mtime_ns)
            self.moved += 1
            return
        if ftype is None and not found.explicit and _looks_binary_head(data):
            self.unsupported_file(path)  # an unknown kind of binary file found in a folder: counted, not read
            return
        try:
            doc = extract(Path(path), data, ftype, ocr=self.opts["ocr"])
        except OcrOff as exc:  # not remembered: turning OCR on reads it on the next run
            self.skipped.append(SkippedFile(path, str(exc)))
            return
        except ExtractError as exc:
            self.skip(path, str(exc), stat=st, content_hash=digest)
            return
        chunks = chunk_document(doc, self.embedder.tokenizer, max_tokens=self.opts["chunk_tokens"],
                                overlap_tokens=self.opts["overlap_tokens"])  # fmt: skip
        # The bytes we read must be the file as it is now: otherwise they mix two versions.
        try:
            st2 = os.stat(path)
        except FileNotFoundError:
            self.skip(path, "The file vanished while being indexed.", forget=True)
            return
        if len(data) != st.st_size or (st2.st_size, st2.st_mtime_ns) != (st.st_size, st.st_mtime_ns):
            self.skip(
                path, "The file changed while it was being indexed; it will be indexed on the next run."
            )
            return
        if not chunks:
            self.skip(path, "The file has no text to index.", stat=st, content_hash=digest)
            return
        for note in doc.notes:
            self.notes.append(SkippedFile(path, note))
        title = Path(path).name
        texts = [f"{title} > {c.heading}\n{c.text}" if c.heading else f"{title}\n{c.text}" for c in chunks]
        rows = tuple(
            ChunkRow(c.ordinal, c.page, c.line_start, c.line_end, c.char_start, c.char_end, c.token_count,
                     c.heading, c.text)
            for c in chunks
        )  # fmt: skip
        write = DocumentWrite(path, doc.file_type, st.st_size, st.st_mtime_ns, digest, "indexed", None, rows,
                              None, doc.chars)  # fmt: skip
        self.pending.append(_Pending(write, chunks, texts))
        self.bytes += st.st_size

    # -- embedding and committing ------------------------------------------------------------------------------
    def waiting(self) -> int:
        return sum(len(p.texts) - p.done for p in self.pending)

    def embed(self, force: bool) -> Iterator[ProgressEvent]:
        batch = self.opts["batch_chunks"]
        while self.pending and (self.waiting() >= batch or (force and self.waiting() > 0)):
            if self.cancelled_now():
                return
            take: list[tuple[_Pending, int, int]] = []
            room = batch
            for p in self.pending:
                n = min(room, len(p.texts) - p.done)
                if n > 0:
                    take.append((p, p.done, p.done + n))
                    room -= n
                if room == 0:
                    break
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
    ocr: bool = True,
    as_sources: bool = True,
) -> Iterator[ProgressEvent | IndexSummary]:
    """Index ``paths`` (files and folders) into the database; yields progress, then one IndexSummary.

    With no paths, every source already in the index is refreshed. Raises IndexStoreError when the database is
    unusable before anything starts (not an Alcove index, read-only, another embedding model); a write failure
    mid-run (disk full) ends the run with ``summary.error`` set and everything committed before it kept.
    ``as_sources=False`` refreshes the paths without adding them to the library's sources (a watcher's
    re-index of a subfolder). ``ocr=False`` leaves images and scanned PDF pages unread (reported as skipped,
    read once OCR is on again). Files the walker finds of a type Alcove does not read are counted by extension
    in ``summary.files_unsupported``.
    """
    store = IndexStore(db_path)
    try:
        yield from _index(store, paths, embedder, cancel, request_id, max_file_bytes, chunk_tokens,
                          overlap_tokens, batch_chunks, commit_seconds, ocr, as_sources)  # fmt: skip
    finally:
        store.close()


def _index(store, paths, embedder, cancel, request_id, max_file_bytes, chunk_tokens, overlap_tokens,
           batch_chunks, commit_seconds, ocr=True, as_sources=True):  # fmt: skip
    store.check_embedder(embedder.name, embedder.dim)
    opts = {
        "max_file_bytes": max_file_bytes,
        "chunk_tokens": chunk_budget(embedder.max_seq_length, chunk_tokens),
        "overlap_tokens": overlap_tokens,
        "batch_chunks": batch_chunks,
        "commit_seconds": commit_seconds,
        "ocr": ocr,
    }
    # The hash covers the chunking settings too: changing them re-chunks and re-embeds every file.
    tag = f"chunker-{CHUNKER_VERSION}:{opts['chunk_tokens']}:{overlap_tokens}"
    opts["config_tag"] = tag.encode()
    opts["same_config"] = store.meta("chunker") == tag
    run = _Run(store, embedder, request_id, cancel, opts)
    interrupted = store.interrupted_runs()
    if interrupted:
        store.close_interrupted_runs()
    roots = [os.path.abspath(os.path.expanduser(str(p))) for p in paths] or store.sources()
    if not roots and interrupted:
        roots = interrupted[-1][1]
    run_id = store.begin_run(roots)
    yield run.progress("Looking for files", "scan")

    # 1. find the files; forget indexed files that are gone from the folders being indexed
    found: list[Found] = []
    for root in roots:
        for f in walk(root):
            found.append(f)
            if len(found) % 1000 == 0:
                yield run.progress(f"Found {len(found)} files", "scan")
                if run.cancelled_now():
                    break
        if run.cancelled:
            break
        for doc in store.documents(under=root):
            if not os.path.lexists(doc.path):
                if doc.status == "indexed" and doc.content_hash and doc.content_hash not in run.vanished:
                    run.vanished[doc.content_hash] = doc.path
                else:
                    run.deletes.append(doc.path)
    found = dedupe(found)
    existing_roots = [r for r in roots if os.path.exists(r)]
    if existing_roots and as_sources:
        store.add_sources(existing_roots)
    run.total = len(found)
    for f in found:
        if not f.problem and file_type_for(Path(f.path)) != "binary":
            try:
                run.bytes_total += min(os.stat(f.path).st_size, max_file_bytes)
            except OSError:
                pass

    # 2. extract + chunk each file; embed in batches across files; commit every commit_seconds
    try:
        for f in found:
            if run.cancelled_now():
                break
            run.handle(f)
            run.files_done += 1
            yield run.progress(f"Indexing {Path(f.path).name}")
            yield from run.embed(force=False)
            run.commit(force=False)
        if not run.cancelled:
            yield from run.embed(force=True)
        run.deletes.extend(run.vanished.values())  # gone, and not moved within the library
        run.commit(force=True)  # on cancel: what is fully embedded is kept
        if not run.cancelled:
            store.set_meta("chunker", tag)
        store.finish_run(run_id, "cancelled" if run.cancelled else "done")
    except IndexStoreError as exc:
        run.error = run.error or str(exc)
        log.warning("index run stopped: %s", run.error)
        try:
            store.finish_run(run_id, "failed")
        except IndexStoreError:
            pass
    stats = None
    try:
        stats = store.stats()
    except IndexStoreError:
        pass
    yield IndexSummary(
        run.indexed,
        run.unchanged,
        run.removed,
        tuple(run.skipped),
        run.chunks,
        time.perf_counter() - run.t0,
        run.bytes,
        run.cancelled,
        bool(interrupted),
        run.error,
        tuple(run.notes),
        stats.documents if stats else 0,
        stats.chunks if stats else 0,
        run.moved,
        dict(sorted(run.unsupported.items(), key=lambda kv: (-kv[1], kv[0]))),
    )


def _looks_binary_head(data: bytes) -> bool:

    return looks_binary(data)


def _size(n: int) -> str:
    for unit in ("bytes", "KB", "MB", "GB", "TB"):
        if n < 1024 or unit == "TB":
            return f"{n:.0f} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} bytes"
