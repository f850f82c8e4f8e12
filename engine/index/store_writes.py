"""The index's write statements, inside a transaction the store opens: a document's chunks with their vectors
(``insert_chunks``), documents removed with everything that hangs off them (``delete_documents``), and the parts of a
partly indexed document (``write_parts``)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence

import numpy as np

from engine.index.schema import DocumentWrite, PartWrite, chunk_title, path_to_db


def insert_chunks(c: sqlite3.Connection, doc_id: int, w: DocumentWrite) -> None:
    """``w``'s chunks, their vectors and (by trigger) their FTS5 rows, for the document ``doc_id``."""
    if not w.chunks:
        return
    if w.vectors is None or len(w.vectors) != len(w.chunks):
        raise ValueError("every chunk needs exactly one vector")
    title = chunk_title(w.path)
    cids = [
        c.execute(
            "INSERT INTO chunks(document_id, ordinal, page, line_start, line_end, char_start, char_end,"
            " token_count, title, heading, text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (doc_id, ch.ordinal, ch.page, ch.line_start, ch.line_end, ch.char_start, ch.char_end,
             ch.token_count, title, ch.heading, ch.text),
        ).lastrowid
        for ch in w.chunks
    ]  # fmt: skip
    vecs = np.ascontiguousarray(w.vectors, dtype=np.float16)
    c.executemany(
        "INSERT INTO vectors(chunk_id, vector) VALUES (?, ?)",
        ((cid, vecs[i].tobytes()) for i, cid in enumerate(cids)),
    )


def delete_documents(c: sqlite3.Connection, paths: Sequence[str]) -> int:
    """Delete documents (stored paths) with their chunks, vectors and FTS rows (triggers and cascades); returns
    how many chunks went with them."""
    removed = 0
    for path in paths:
        row = c.execute("SELECT id, (SELECT count(*) FROM chunks WHERE document_id = documents.id) FROM documents "
                        "WHERE path = ?", (path,)).fetchone()  # fmt: skip
        if row is None:
            continue
        c.execute(
            "DELETE FROM vectors WHERE chunk_id IN (SELECT id FROM chunks WHERE document_id = ?)", (row[0],)
        )
        c.execute("DELETE FROM chunks WHERE document_id = ?", (row[0],))
        c.execute("DELETE FROM documents WHERE id = ?", (row[0],))  # partial_documents: ON DELETE CASCADE
        removed += row[1]
    return removed


def write_parts(c: sqlite3.Connection, parts: Sequence[PartWrite]) -> int:
    """Each part: a partly indexed document created (``fresh``) or found, its new chunks added, and on the last
    part the document made whole (its real timestamp and content hash, the partial row gone)."""
    removed = 0
    now = time.time()
    for part in parts:
        w, path = part.doc, path_to_db(part.doc.path)
        row = None
        if not part.fresh:
            row = c.execute(
                "SELECT d.id FROM documents d JOIN partial_documents p ON p.document_id = d.id "
                "WHERE d.path = ? AND p.content_hash = ?",
                (path, w.content_hash),
            ).fetchone()
        if row is None:  # a new version (or its document was removed while it was being indexed)
            removed += delete_documents(c, [path])
            doc_id = c.execute(
                "INSERT INTO documents(path, file_type, size, mtime_ns, content_hash, status, reason, n_chunks,"
                " chars, indexed_at) VALUES (?, ?, ?, -1, NULL, 'indexed', NULL, 0, ?, ?)",
                (path, w.file_type, w.size, w.chars, now),
            ).lastrowid  # fmt: skip
            c.execute(
                "INSERT INTO partial_documents(document_id, content_hash, mtime_ns, n_total) VALUES (?, ?, ?, ?)",
                (doc_id, w.content_hash, w.mtime_ns, part.n_total),
            )
        else:
            doc_id = row[0]
        insert_chunks(c, doc_id, w)
        c.execute("UPDATE documents SET n_chunks = n_chunks + ?, indexed_at = ? WHERE id = ?",
                  (len(w.chunks), now, doc_id))  # fmt: skip
        (stored,) = c.execute("SELECT n_chunks FROM documents WHERE id = ?", (doc_id,)).fetchone()
        # a document removed while it was being indexed lost chunks: it stays partly indexed, for the next run
        if part.complete and stored == part.n_total:
            c.execute(
                "UPDATE documents SET mtime_ns = ?, content_hash = ?, size = ? WHERE id = ?",
                (w.mtime_ns, w.content_hash, w.size, doc_id),
            )
            c.execute("DELETE FROM partial_documents WHERE document_id = ?", (doc_id,))
    return removed
