"""One found file, prepared for the index beside the engine thread (no MLX, no database writes): stat, compare with
the index's record, read, hash, extract and chunk, within the file's time and memory budgets. ``prepare_file`` is
what the pipeline runs per file, on its extraction workers (threads or processes) or, in an inline run, on the
calling thread. What it decides is a ``Prepared``; the writer applies it to the run (``IndexRun.apply``).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from engine.index.bounds import (
    DEFAULT_FILE_MEMORY_BYTES,
    DEFAULT_FILE_SECONDS,
    BudgetExceeded,
    Deadline,
    ExtractCancelled,
    read_regular_file,
    short_reason,
)
from engine.index.chunking import Chunk, chunk_document
from engine.index.document import Extracted
from engine.index.extraction import ExtractError, extract, file_type_for, looks_binary
from engine.index.options import reader_tag
from engine.index.readers import NoTextFound, OcrOff
from engine.index.readers.scrivener import binder_trail
from engine.index.schema import chunk_title
from engine.index.store import ChunkRow, DocumentRecord, DocumentWrite
from engine.index.walk import Found, os_reason


@dataclass
class Pending:
    """A file extracted and chunked, waiting for its vectors."""

    write: DocumentWrite
    chunks: list[Chunk]
    texts: list[str]
    vectors: list[np.ndarray] = field(default_factory=list)
    done: int = 0
    encoded: Any = None  # the texts tokenized for the embedder by the extraction worker, if it did


@dataclass(frozen=True)
class Prepared:
    """What one found file turned into, decided beside the engine thread (no MLX, no database writes)."""

    kind: str  # "skip" | "unchanged" | "touch" | "embed" | "ignore" | "cancelled" | "unsupported" | "move"
    path: str
    reason: str = ""
    write: DocumentWrite | None = (
        None  # a skipped file remembered, so an unchanged bad file is not read again
    )
    forget: bool = False  # drop what the index holds for the path (its content is unusable now)
    touch: tuple[int, int] = (0, 0)  # size, mtime_ns: same bytes, new timestamp
    pending: Pending | None = None  # extracted and chunked, waiting for its vectors
    notes: tuple[str, ...] = ()
    bytes_read: int = 0
    digest: str = ""  # the content hash ("move": the indexed document that moved here has it)


def prepare_file(
    found: Found, old: DocumentRecord | None, opts: dict, tokenizer, cancel=None, gate=None
) -> Prepared:
    """Stat, compare with the index's record, read, hash, extract and chunk one file, within its time and memory
    budgets (``opts["file_seconds"]``, ``opts["file_memory_bytes"]``) and noticing ``cancel`` even inside a huge
    file. ``gate``: an Event clear while interactive work runs; OCR waits for it between pages."""
    path = found.path
    if found.problem:  # a duplicate indexed by an earlier run is dropped: its first path holds the text
        # so is a link that leaves the library now (its allowance revoked)
        return Prepared(
            "skip", path, found.problem, forget=(found.duplicate or bool(found.outside)) and old is not None
        )
    try:
        st = os.stat(path)
    except OSError as exc:
        return Prepared("skip", path, os_reason(exc, "file"),
                        forget=isinstance(exc, FileNotFoundError) and old is not None)  # fmt: skip
    ftype = file_type_for(Path(path))
    if ftype == "binary" and not found.explicit:
        return Prepared("unsupported", path)
    # not even read (a photo library is gigabytes), unless an image model finds pictures by what they show
    if ftype == "image" and not opts.get("ocr", True) and not opts.get("images"):
        return Prepared("skip", path, "An image: its text is read by OCR, which is turned off.")
    same_stat = old is not None and old.size == st.st_size and old.mtime_ns == st.st_mtime_ns
    # a Scrivener scene reads under its place in the project's binder: renamed or moved there, it reads again
    # (its place is hashed with its bytes; an unchanged one is only touched)
    place = binder_trail(Path(path)) if ".scriv" in path.lower() else None
    if same_stat and opts["same_config"] and place is None:
        if old.status == "skipped":
            return Prepared("skip", path, old.reason or "skipped")
        return Prepared("unchanged", path)
    limit = opts["max_file_bytes"]
    if st.st_size > limit:
        reason = f"The file is {_size(st.st_size)}, over the {_size(limit)} limit for indexing."
        return Prepared("skip", path, reason, _skipped(path, st, None, reason))
    if st.st_size == 0:
        return Prepared("skip", path, "The file is empty (0 bytes).",
                        _skipped(path, st, None, "The file is empty (0 bytes)."))  # fmt: skip
    check = Deadline(opts.get("file_seconds", DEFAULT_FILE_SECONDS), cancel,
                     memory_bytes=opts.get("file_memory_bytes", DEFAULT_FILE_MEMORY_BYTES), gate=gate)  # fmt: skip
    try:  # regular files only, opened non-blocking: a FIFO swapped in after the stat never blocks
        data, _ = read_regular_file(path, limit, check)
    except ExtractCancelled:  # cancelled while a big file was being read
        return Prepared("cancelled", path)
    except ExtractError as exc:
        return Prepared("skip", path, str(exc))
    except OSError as exc:
        return Prepared("skip", path, os_reason(exc, "file"),
                        forget=isinstance(exc, FileNotFoundError) and old is not None)  # fmt: skip
    read = len(data)
    name = Path(path)
    suffix = Path(name.stem).suffix if name.suffix.lower() == ".gz" else name.suffix  # "x.json.gz": ".json"
    # a file of a name of no known type is read as text (or, by what it holds, as code): the text reader's version
    digest = hashlib.blake2b(
        data + opts["config_tag"] + reader_tag(ftype or "text", suffix) + (place or "").encode(),
        digest_size=16,
    ).hexdigest()
    if old is not None and old.content_hash == digest and old.status == "indexed":
        return Prepared("touch", path, touch=(st.st_size, st.st_mtime_ns), bytes_read=read)
    if old is None and digest in opts.get(
        "vanished", ()
    ):  # an indexed file moved or renamed: keep its vectors
        return Prepared("move", path, touch=(st.st_size, st.st_mtime_ns), bytes_read=read, digest=digest)
    if ftype is None and not found.explicit and _looks_binary_head(data):
        # an unknown kind of binary file found in a folder: counted, not read
        return Prepared("unsupported", path, bytes_read=read)
    try:
        try:
            doc = extract(Path(path), data, ftype, check, ocr=opts.get("ocr", True))
        except (NoTextFound, OcrOff):
            if not (ftype == "image" and opts.get("images")):
                raise
            doc = None  # a picture without text, found by what it shows: one empty chunk carries its vector
        chunks = [] if doc is None else chunk_document(doc, tokenizer, max_tokens=opts["chunk_tokens"],
                                                        overlap_tokens=opts["overlap_tokens"], check=check)  # fmt: skip
    except ExtractCancelled:
        return Prepared("cancelled", path, bytes_read=read)
    except OcrOff as exc:  # not remembered: turning OCR on reads it on the next run
        return Prepared("skip", path, str(exc), bytes_read=read)
    except BudgetExceeded as exc:  # a time or memory budget: not remembered (the budget may change)
        return Prepared("skip", path, str(exc), bytes_read=read)
    except ExtractError as exc:
        return Prepared("skip", path, str(exc), _skipped(path, st, digest, str(exc)), bytes_read=read)
    except MemoryError:  # chunking a huge text: not remembered (with more memory free it may be read)
        return Prepared("skip", path, "Reading it ran out of memory; it was skipped so the rest of the run could "
                        "go on.", bytes_read=read)  # fmt: skip
    except Exception as exc:  # noqa: BLE001 - whatever one file does to the chunker, the run goes on
        reason = f"The file could not be read ({short_reason(exc)})."
        return Prepared("skip", path, reason, _skipped(path, st, digest, reason), bytes_read=read)
    # The bytes we read must be the file as it is now: otherwise they mix two versions.
    try:
        st2 = os.stat(path)
    except FileNotFoundError:
        return Prepared("skip", path, "The file vanished while being indexed.", forget=old is not None,
                        bytes_read=read)  # fmt: skip
    if read != st.st_size or (st2.st_size, st2.st_mtime_ns) != (st.st_size, st.st_mtime_ns):
        reason = "The file changed while it was being indexed; it will be indexed on the next run."
        return Prepared("skip", path, reason, bytes_read=read)
    if doc is None:
        chunks = [Chunk(0, "", "", None, 1, 1, 0, 0, 0)]
        doc = Extracted("image", ())
    if not chunks:
        reason = "The file has no text to index."
        return Prepared("skip", path, reason, _skipped(path, st, digest, reason), bytes_read=read)
    title = chunk_title(path)  # a name that is not UTF-8 cannot go to the tokenizer as it is
    texts = [f"{title} > {c.heading}\n{c.text}" if c.heading else f"{title}\n{c.text}" for c in chunks]
    rows = tuple(
        ChunkRow(c.ordinal, c.page, c.line_start, c.line_end, c.char_start, c.char_end, c.token_count,
                 c.heading, c.text)
        for c in chunks
    )  # fmt: skip
    write = DocumentWrite(path, doc.file_type, st.st_size, st.st_mtime_ns, digest, "indexed", None, rows,
                          None, doc.chars)  # fmt: skip
    return Prepared(
        "embed", path, pending=Pending(write, chunks, texts), notes=tuple(doc.notes), bytes_read=read
    )


def _skipped(path: str, st: os.stat_result, digest: str | None, reason: str) -> DocumentWrite:
    return DocumentWrite(path, file_type_for(Path(path)) or "unknown", st.st_size, st.st_mtime_ns, digest,
                         "skipped", reason)  # fmt: skip


def _looks_binary_head(data: bytes) -> bool:

    return looks_binary(data)


def _size(n: int) -> str:
    for unit in ("bytes", "KB", "MB", "GB", "TB"):
        if n < 1024 or unit == "TB":
            return f"{n:.0f} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} bytes"
