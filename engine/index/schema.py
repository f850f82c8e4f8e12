"""The index database's schema, its record types and the translation of SQLite errors into user-facing ones."""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from engine.core import IndexStoreError

APP_ID = "alcove-index"
SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sources(id INTEGER PRIMARY KEY, path TEXT UNIQUE NOT NULL, added_at REAL NOT NULL);
CREATE TABLE documents(
    id INTEGER PRIMARY KEY,
    path TEXT UNIQUE NOT NULL,
    file_type TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    content_hash TEXT,
    status TEXT NOT NULL CHECK (status IN ('indexed', 'skipped')),
    reason TEXT,
    n_chunks INTEGER NOT NULL DEFAULT 0,
    chars INTEGER NOT NULL DEFAULT 0,
    indexed_at REAL NOT NULL
);
CREATE TABLE chunks(
    id INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL,
    page INTEGER,
    line_start INTEGER NOT NULL,
    line_end INTEGER NOT NULL,
    char_start INTEGER NOT NULL,
    char_end INTEGER NOT NULL,
    token_count INTEGER NOT NULL,
    title TEXT NOT NULL,
    heading TEXT NOT NULL,
    text TEXT NOT NULL
);
CREATE INDEX chunks_document ON chunks(document_id);
CREATE TABLE vectors(
    chunk_id INTEGER PRIMARY KEY REFERENCES chunks(id) ON DELETE CASCADE,
    vector BLOB NOT NULL
);
-- A file whose chunks are written as they are embedded, before the whole file is: its documents row has mtime_ns -1
-- and no content_hash (so any indexer, an older one too, reads the file again); this row says which version of the
-- file the stored chunks belong to, so the next run embeds only the chunks that are missing. Created on demand in
-- an index made before it existed (``IndexStore.lock_for_indexing``); older versions of Alcove ignore it.
CREATE TABLE partial_documents(
    document_id INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
    content_hash TEXT NOT NULL,
    mtime_ns INTEGER NOT NULL,
    n_total INTEGER NOT NULL
);
CREATE TABLE runs(
    id INTEGER PRIMARY KEY, started_at REAL NOT NULL, finished_at REAL, state TEXT NOT NULL, paths TEXT NOT NULL
);
CREATE VIRTUAL TABLE chunks_fts USING fts5(
    text, heading, title, content='chunks', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, text, heading, title) VALUES (new.id, new.text, new.heading, new.title);
END;
CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, text, heading, title)
    VALUES ('delete', old.id, old.text, old.heading, old.title);
END;
"""

# Late interaction (ColBERT) token vectors, one row a chunk: ``n_tokens`` float16 vectors of the index's late model,
# normalised, as one blob. A migration step of its own, not part of SCHEMA: created only when a run indexes with a
# late-interaction model (``engine.index.token_vectors.bind_late_model``), so an index made before it, or indexed
# without such a model, is untouched and valid; older versions of Alcove ignore the table, and its rows go with
# their chunks (ON DELETE CASCADE).
TOKEN_VECTORS_TABLE = (
    "CREATE TABLE IF NOT EXISTS token_vectors(chunk_id INTEGER PRIMARY KEY REFERENCES chunks(id) ON DELETE CASCADE, "
    "n_tokens INTEGER NOT NULL, vectors BLOB NOT NULL)"
)


@dataclass(frozen=True)
class IndexStats:
    documents: int  # indexed documents
    chunks: int
    bytes: int  # size of the indexed files
    skipped: int  # files recorded as skipped (with a reason)
    sources: int
    db_bytes: int  # the database file (+ WAL) on disk
    partial: int = 0  # of the indexed documents, those partly indexed (a run stopped inside them)


@dataclass(frozen=True)
class DocumentRecord:
    id: int
    path: str
    file_type: str
    size: int
    mtime_ns: int
    content_hash: str | None
    status: str  # indexed | skipped
    reason: str | None
    n_chunks: int


@dataclass(frozen=True)
class PartialRecord:
    """A partly indexed document: the version of the file its stored chunks belong to, and what is stored."""

    path: str
    content_hash: str
    n_total: int  # chunks the whole file has
    stored: dict[int, str]  # ordinal -> a digest of the stored chunk's text (``chunk_digest``)


def chunk_digest(text: str) -> str:
    """A short digest of a chunk's text: a partly indexed file's stored chunks are compared with the new ones."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


@dataclass(frozen=True)
class ChunkRow:
    """A chunk to store (the indexer's output)."""

    ordinal: int
    page: int | None
    line_start: int
    line_end: int
    char_start: int
    char_end: int
    token_count: int
    heading: str
    text: str


@dataclass(frozen=True)
class ChunkRecord(ChunkRow):
    """A stored chunk: what was written (``ChunkRow``), with its id and its document's path and type."""

    id: int
    path: str
    file_type: str


@dataclass(frozen=True)
class DocumentWrite:
    """One file's new state: indexed with chunks and vectors, or skipped with a reason."""

    path: str
    file_type: str
    size: int
    mtime_ns: int
    content_hash: str | None
    status: str
    reason: str | None = None
    chunks: tuple[ChunkRow, ...] = ()
    vectors: np.ndarray | None = None  # [n_chunks, dim] float16
    chars: int = 0
    extra: dict = field(default_factory=dict)


@dataclass(frozen=True)
class PartWrite:
    """Chunks of one file written before the whole file is embedded (``IndexStore.write_batch``).

    ``doc``: the file's state (its ``content_hash`` is the version the chunks belong to), with the chunks to add
    now and their vectors. ``fresh``: replace whatever the index holds for the path first (the first part of a new
    version); otherwise the chunks are added to the partly indexed document. ``complete``: the last part; the
    document is whole afterwards (``n_total`` chunks) and looks like any other."""

    doc: DocumentWrite
    n_total: int
    fresh: bool
    complete: bool


# Paths are stored as text, but a file name need not be valid UTF-8: Python hands such bytes over as lone
# surrogates (PEP 383), which SQLite cannot store. Each surrogate becomes ESC + a private-use character and ESC
# itself is doubled, so the mapping is reversible and the identity on every name that is valid Unicode without
# U+FFFF (a noncharacter). It maps character by character, so prefixes stay prefixes (folder filters work).
_ESC = "\uffff"
_TO_DB = re.compile("[\ud800-\udfff\uffff]")
_FROM_DB = re.compile("\uffff(.)", re.S)


def path_to_db(path: str) -> str:
    """The stored form of a path as the OS gave it (any bytes)."""
    return _TO_DB.sub(_escape, path) if _TO_DB.search(path) else path


def path_from_db(text: str) -> str:
    """The path as the OS knows it (``os.fsencode`` gives back the exact bytes)."""
    return _FROM_DB.sub(_unescape, text) if _ESC in text else text


# Surrogates that stand for no byte (PEP 383 gives only U+DC80..U+DCFF): no OS returns them, but a caller may.
_NOT_A_BYTE = re.compile("[\ud800-\udc7f\udd00-\udfff]")


def chunk_title(path: str) -> str:
    """The title a document's chunks carry (embedded and searched with them): its file's name, but a Scrivener
    project's for the files inside it (every scene is a ``content.rtf``; its place in the binder is the chunk's
    heading: engine.index.readers.scrivener)."""
    parts = Path(path).parts
    for part in reversed(parts[:-1]):
        if part.lower().endswith(".scriv") and len(part) > 6:
            return display_path(part[:-6])
    return display_path(Path(path).name)


def display_path(path: str) -> str:
    """A path for people: bytes that are not UTF-8 shown as U+FFFD replacement characters."""
    if not _TO_DB.search(path):
        return path
    return os.fsencode(_NOT_A_BYTE.sub("\ufffd", path)).decode("utf-8", errors="replace")


def _escape(m: re.Match) -> str:
    c = m.group(0)
    return _ESC + _ESC if c == _ESC else _ESC + chr(0xE000 + ord(c) - 0xD800)


def _unescape(m: re.Match) -> str:
    c = m.group(1)
    return _ESC if c == _ESC else chr(0xD800 + ord(c) - 0xE000)


def translate_error(exc: sqlite3.Error, db_path: Path | str) -> IndexStoreError:
    """A user-facing IndexStoreError for a sqlite error."""
    msg = str(exc).lower()
    if "full" in msg:
        text = (
            f"The disk holding the index {db_path} is full. Free some space and index again; "
            "everything indexed before this point was kept."
        )
    elif "readonly" in msg or "read-only" in msg or "read only" in msg:
        text = (
            f"The index database {db_path} is read-only. Check the file's permissions or choose a writable "
            "location for the index."
        )
    elif "not a database" in msg or "malformed" in msg or "file is encrypted" in msg:
        text = (
            f"{db_path} is not an Alcove index (it is not a readable SQLite database). Choose another file; "
            "Alcove will not overwrite it."
        )
    elif "locked" in msg or "busy" in msg:
        text = f"The index database {db_path} is in use by another program. Close it and try again."
    elif "unable to open" in msg:
        text = f"The index database {db_path} cannot be opened. Check that its folder exists and is writable."
    else:
        text = f"The index database {db_path} reported an error: {exc}."
    return IndexStoreError(text)
