"""The document index: ONE SQLite database (WAL) with sources, documents, chunks, float16 vectors and FTS5.

Every write is one transaction (``write_batch``): a document row, all its chunks, their vectors and their FTS5
entries appear together or not at all, so a crash (even SIGKILL) between batches leaves a consistent index and the
next run skips what was committed (content hashes). A large file's chunks may be written in parts as they are
embedded (``PartWrite``): until its last part it is a *partly indexed* document (searchable, marked in
``partial_documents``), and the next run embeds only the chunks it is missing. A database that is not an Alcove
index is never modified.
Use one ``IndexStore`` per thread (sqlite3 connections are not shared across threads).
"""

from __future__ import annotations

import json
import logging
import re
import sqlite3
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from engine.core import IndexStoreError
from engine.index.database import Database
from engine.index.schema import (  # noqa: F401 - re-exported: the store's public record types
    ChunkRecord,
    ChunkRow,
    DocumentRecord,
    DocumentWrite,
    IndexStats,
    PartialRecord,
    PartWrite,
    chunk_digest,
    chunk_title,
    display_path,
    path_from_db,
    path_to_db,
)
from engine.index.store_writes import delete_documents, insert_chunks, write_parts

log = logging.getLogger(__name__)


class IndexStore(Database):
    """The index's sources, runs, documents, chunks, vectors and keyword search over one ``Database``
    connection; raises IndexStoreError for anything that is not an Alcove index."""

    def check_embedder(self, name: str, dim: int) -> None:
        """Bind the index to one embedding model; a different model cannot add to it."""
        stored_name, stored_dim = self.meta("embedder"), self.meta("dim")
        if stored_name is None:
            self._transaction(
                lambda c: c.executemany(
                    "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
                    [("embedder", name), ("dim", str(dim))],
                )
            )
            return
        if stored_name != name or int(stored_dim or 0) != dim:
            raise IndexStoreError(
                f"The index {self.path} was built with the embedding model {stored_name} ({stored_dim} dimensions), "
                f"not {name} ({dim}). Use that model, or index into a new database file."
            )

    def embedder_name(self) -> str | None:
        return self.meta("embedder")

    def lock_for_indexing(self) -> None:
        """Take the indexing lock (``Database.lock_for_indexing``) and bring an index made by an earlier version up
        to date: the ``partial_documents`` table, which older versions ignore."""
        super().lock_for_indexing()
        if not self._has_partial_table():
            self._transaction(lambda c: c.execute(_PARTIAL_TABLE))
            self._partial_table = True

    def _has_partial_table(self) -> bool:
        if not getattr(self, "_partial_table", False):
            rows = self._q("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'partial_documents'")
            self._partial_table = bool(rows)
        return self._partial_table

    # -- sources and runs ------------------------------------------------------------------------------
    def add_sources(self, paths: Iterable[str]) -> None:
        now = time.time()
        rows = [(path_to_db(p), now) for p in paths]
        self._transaction(
            lambda c: c.executemany("INSERT OR IGNORE INTO sources(path, added_at) VALUES (?, ?)", rows)
        )

    def sources(self) -> list[str]:
        return [path_from_db(r[0]) for r in self._q("SELECT path FROM sources ORDER BY path")]

    def remove_source(self, path: str | Path) -> int:
        """Forget a source folder or file and everything indexed under it; returns documents removed."""
        path = str(Path(path).expanduser().absolute())
        paths = [r[0] for r in self._q(*_under(path))]  # stored form
        self._transaction(
            lambda c: (
                c.execute("DELETE FROM sources WHERE path = ?", (path_to_db(path),)),
                delete_documents(c, paths),
            )
        )
        return len(paths)

    def begin_run(self, paths: Sequence[str]) -> int:
        holder = []
        self._transaction(
            lambda c: holder.append(
                c.execute(
                    "INSERT INTO runs(started_at, state, paths) VALUES (?, 'running', ?)",
                    (time.time(), json.dumps(list(paths))),
                ).lastrowid
            )
        )
        return holder[0]

    def finish_run(self, run_id: int, state: str) -> None:
        self._transaction(
            lambda c: c.execute(
                "UPDATE runs SET state = ?, finished_at = ? WHERE id = ?", (state, time.time(), run_id)
            )
        )

    def interrupted_runs(self) -> list[tuple[int, list[str]]]:
        """Runs that never finished (the process was killed): (run id, paths)."""
        rows = self._q("SELECT id, paths FROM runs WHERE state = 'running' ORDER BY id")
        return [(r[0], json.loads(r[1])) for r in rows]

    def close_interrupted_runs(self) -> None:
        self._transaction(
            lambda c: c.execute("UPDATE runs SET state = 'interrupted' WHERE state = 'running'")
        )

    # -- documents ---------------------------------------------------------------------------------------
    def document(self, path: str) -> DocumentRecord | None:
        rows = self._q(f"SELECT {_DOC_COLS} FROM documents WHERE path = ?", (path_to_db(path),))
        return _doc(rows[0]) if rows else None

    def documents(self, under: str | None = None) -> list[DocumentRecord]:
        if under is None:
            rows = self._q(f"SELECT {_DOC_COLS} FROM documents ORDER BY path")
        else:
            sql, args = _under(under, cols=_DOC_COLS)
            rows = self._q(sql, args)
        return [_doc(r) for r in rows]

    def documents_page(self, offset: int, limit: int, status: str | None = None) -> list[DocumentRecord]:
        """Documents in path order, ``limit`` from ``offset`` (a lazy view pages through 100k files with this)."""
        where, args = ("WHERE status = ?", [status]) if status else ("", [])
        rows = self._q(
            f"SELECT {_DOC_COLS} FROM documents {where} ORDER BY path LIMIT ? OFFSET ?",
            (*args, limit, offset),
        )
        return [DocumentRecord(*r) for r in rows]

    def document_count(self, status: str | None = None) -> int:
        if status:
            return self._q("SELECT count(*) FROM documents WHERE status = ?", (status,))[0][0]
        return self._q("SELECT count(*) FROM documents")[0][0]

    def folder_counts(self) -> list[tuple[str, int, int, int]]:
        """(source folder, indexed files, skipped files, chunks) for every library folder."""
        out = []
        for source in self.sources():
            prefix = source.rstrip("/") + "/"
            row = self._q(
                "SELECT coalesce(sum(status = 'indexed'), 0), coalesce(sum(status = 'skipped'), 0), "
                "coalesce(sum(n_chunks), 0) FROM documents WHERE path = ? OR substr(path, 1, ?) = ?",
                (source, len(prefix), prefix),
            )[0]
            out.append((source, int(row[0]), int(row[1]), int(row[2])))
        return out

    def write_batch(
        self, writes: Sequence[DocumentWrite], deletes: Sequence[str] = (), parts: Sequence[PartWrite] = ()
    ) -> int:
        """Replace each written document, remove each deleted path and add each part of a partly indexed document,
        in ONE transaction; returns how many chunks it deleted (earlier versions replaced, documents removed)."""
        removed = []
        self._transaction(lambda c: removed.extend((self._write(c, writes, deletes), write_parts(c, parts))))
        return sum(n or 0 for n in removed)

    def _write(self, c: sqlite3.Connection, writes: Sequence[DocumentWrite], deletes: Sequence[str]) -> int:
        removed = delete_documents(c, [path_to_db(p) for p in deletes] + [path_to_db(w.path) for w in writes])
        now = time.time()
        for w in writes:
            doc_id = c.execute(
                "INSERT INTO documents(path, file_type, size, mtime_ns, content_hash, status, reason, n_chunks,"
                " chars, indexed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (path_to_db(w.path), w.file_type, w.size, w.mtime_ns, w.content_hash, w.status, w.reason, len(w.chunks),
                 w.chars, now),
            ).lastrowid  # fmt: skip
            insert_chunks(c, doc_id, w)
        return removed

    def partial_documents(self, under: str | None = None) -> dict[str, PartialRecord]:
        """The partly indexed documents (under a folder or file), each with a digest of every stored chunk."""
        if not self._has_partial_table():
            return {}
        sql = ("SELECT d.id, d.path, p.content_hash, p.n_total FROM partial_documents p "
               "JOIN documents d ON d.id = p.document_id")  # fmt: skip
        args: tuple = ()
        if under is not None:
            path = path_to_db(under.rstrip("/") or "/")
            prefix = path if path.endswith("/") else path + "/"
            sql += " WHERE d.path = ? OR substr(d.path, 1, ?) = ?"
            args = (path, len(prefix), prefix)
        out = {}
        for doc_id, path, digest, total in self._q(sql, args):
            stored = {o: chunk_digest(t) for o, t in self._q("SELECT ordinal, text FROM chunks WHERE document_id = ?",
                                                              (doc_id,))}  # fmt: skip
            out[path_from_db(path)] = PartialRecord(path_from_db(path), digest, total, stored)
        return out

    def move_document(self, old: str, new: str, size: int, mtime_ns: int) -> None:
        """A file moved or renamed with the same content: keep its chunks and vectors under the new path."""
        title = chunk_title(new)

        def move(c: sqlite3.Connection) -> None:
            delete_documents(c, [new])
            (doc_id,) = c.execute("SELECT id FROM documents WHERE path = ?", (old,)).fetchone()
            c.execute(
                "INSERT INTO chunks_fts(chunks_fts, rowid, text, heading, title) "
                "SELECT 'delete', id, text, heading, title FROM chunks WHERE document_id = ?",
                (doc_id,),
            )
            c.execute("UPDATE chunks SET title = ? WHERE document_id = ?", (title, doc_id))
            c.execute(
                "INSERT INTO chunks_fts(rowid, text, heading, title) "
                "SELECT id, text, heading, title FROM chunks WHERE document_id = ?",
                (doc_id,),
            )
            c.execute(
                "UPDATE documents SET path = ?, size = ?, mtime_ns = ? WHERE id = ?",
                (new, size, mtime_ns, doc_id),
            )

        self._transaction(move)

    def touch(self, path: str, size: int, mtime_ns: int) -> None:
        """The file's bytes are unchanged but its timestamp moved: remember the new one."""
        self._transaction(
            lambda c: c.execute(
                "UPDATE documents SET size = ?, mtime_ns = ? WHERE path = ?",
                (size, mtime_ns, path_to_db(path)),
            )
        )

    # -- reading chunks ------------------------------------------------------------------------------------
    def get_chunk(self, chunk_id: int) -> ChunkRecord | None:
        rows = self._q(
            f"SELECT {_CHUNK_COLS} FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.id = ?",
            (int(chunk_id),),
        )
        return _chunk(rows[0]) if rows else None

    def get_chunks(self, chunk_ids: Sequence[int]) -> dict[int, ChunkRecord]:
        out: dict[int, ChunkRecord] = {}
        ids = [int(i) for i in chunk_ids]
        for i in range(0, len(ids), 500):
            part = ids[i : i + 500]
            marks = ",".join("?" * len(part))
            for r in self._q(
                f"SELECT {_CHUNK_COLS} FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.id IN ({marks})",
                part,
            ):
                out[r[0]] = _chunk(r)
        return out

    def adjacent_chunks(
        self, chunk_ids: Sequence[int]
    ) -> dict[int, tuple[ChunkRecord | None, ChunkRecord, ChunkRecord | None]]:
        """For each of ``chunk_ids``: (the chunk just before it in its document, the chunk itself, the one just
        after it), None at an end; ids that are not stored are left out. One query for them all."""
        ids = list(dict.fromkeys(int(i) for i in chunk_ids))
        out: dict[int, tuple[ChunkRecord | None, ChunkRecord, ChunkRecord | None]] = {}
        for i in range(0, len(ids), 500):
            part = ids[i : i + 500]
            marks = ",".join("?" * len(part))
            rows = self._q(
                f"SELECT x.id, x.ordinal, {_CHUNK_COLS} FROM chunks x JOIN chunks c ON c.document_id = x.document_id"
                " AND c.ordinal BETWEEN x.ordinal - 1 AND x.ordinal + 1 JOIN documents d ON d.id = c.document_id"
                f" WHERE x.id IN ({marks})",
                part,
            )
            near: dict[int, list[ChunkRecord | None]] = {}
            for r in rows:
                rec = _chunk(r[2:])
                near.setdefault(r[0], [None, None, None])[rec.ordinal - r[1] + 1] = rec
            out.update((j, (v[0], v[1], v[2])) for j, v in near.items())
        return out

    def chunks_for_document(self, path: str | Path) -> list[ChunkRecord]:
        rows = self._q(
            f"SELECT {_CHUNK_COLS} FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = ? "
            "ORDER BY c.ordinal",
            (path_to_db(str(path)),),
        )
        return [_chunk(r) for r in rows]

    def load_vectors(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(chunk ids int64 [n], document ids int64 [n], vectors float16 [n, dim]) in chunk-id order."""
        rows = self._q(
            "SELECT v.chunk_id, c.document_id, v.vector FROM vectors v JOIN chunks c ON c.id = v.chunk_id ORDER BY v.chunk_id"
        )
        dim = int(self.meta("dim") or 0)
        return vector_arrays(rows, dim)

    def document_ids(
        self, folders: Sequence[str] | None = None, file_types: Sequence[str] | None = None
    ) -> np.ndarray:
        """Ids of indexed documents under any of ``folders`` and of any of ``file_types`` (None: no filter)."""
        sql = "SELECT id FROM documents WHERE status = 'indexed'"
        args: list = []
        if folders:
            parts = []
            for folder in folders:
                folder = path_to_db(str(Path(folder).expanduser().absolute()).rstrip("/"))
                parts.append("(path = ? OR substr(path, 1, ?) = ?)")
                args += [folder, len(folder) + 1, folder + "/"]
            sql += " AND (" + " OR ".join(parts) + ")"
        if file_types:
            types = [t.lower().lstrip(".") for t in file_types]
            sql += f" AND (file_type IN ({','.join('?' * len(types))})"
            # '%' and '_' in a type are literal characters, never LIKE wildcards
            sql += " OR " + " OR ".join("lower(path) LIKE ? ESCAPE '\\'" for _ in types) + ")"
            args += types + ["%." + re.sub(r"([\\%_])", r"\\\1", t) for t in types]
        return np.array([r[0] for r in self._q(sql, args)], dtype=np.int64)

    def keyword_search(
        self, match: str, limit: int, doc_ids: np.ndarray | None = None
    ) -> list[tuple[int, float]]:
        """(chunk id, bm25 score; higher is better) for an FTS5 MATCH expression."""
        sql = (
            "SELECT f.rowid, -bm25(chunks_fts, 1.0, 0.5, 0.5) AS score FROM chunks_fts f"
            + (" JOIN chunks c ON c.id = f.rowid" if doc_ids is not None else "")
            + " WHERE chunks_fts MATCH ?"
        )
        args: list = [match]
        if doc_ids is not None:
            if len(doc_ids) == 0:
                return []
            sql += " AND c.document_id IN (SELECT value FROM json_each(?))"
            args.append(json.dumps([int(d) for d in doc_ids]))
        sql += " ORDER BY bm25(chunks_fts, 1.0, 0.5, 0.5) LIMIT ?"
        args.append(int(limit))
        return [(r[0], float(r[1])) for r in self._q(sql, args)]

    def chunk_frequencies(self, terms: Sequence[str]) -> tuple[int, dict[str, int]]:
        """(the number of chunks, {term: how many chunks hold it}), each term matched as keyword search matches
        it (FTS5, Porter-stemmed)."""
        total = int(self._q("SELECT count(*) FROM chunks")[0][0])
        match = "SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?"
        counts = {
            t: int(self._q(match, ['"' + t.replace('"', '""') + '"'])[0][0]) for t in dict.fromkeys(terms)
        }
        return total, counts

    # -- health --------------------------------------------------------------------------------------------
    def stats(self) -> IndexStats:
        docs, size = self._q(
            "SELECT count(*), coalesce(sum(size), 0) FROM documents WHERE status = 'indexed'"
        )[0]
        skipped = self._q("SELECT count(*) FROM documents WHERE status = 'skipped'")[0][0]
        chunks = self._q("SELECT count(*) FROM chunks")[0][0]
        sources = self._q("SELECT count(*) FROM sources")[0][0]
        partial = self._q("SELECT count(*) FROM partial_documents")[0][0] if self._has_partial_table() else 0
        db_bytes = sum(p.stat().st_size for p in (self.path, Path(f"{self.path}-wal")) if p.exists())
        return IndexStats(docs, chunks, size, skipped, sources, db_bytes, partial)

    def check_consistency(self) -> list[str]:
        """Problems found (empty when the index is consistent): SQLite + FTS5 integrity and our invariants."""
        problems = [r[0] for r in self._q("PRAGMA integrity_check") if r[0] != "ok"]
        try:
            self._conn.execute("INSERT INTO chunks_fts(chunks_fts, rank) VALUES ('integrity-check', 1)")
        except sqlite3.Error as exc:
            problems.append(f"fts: {exc}")
        bad = self._q(
            "SELECT d.path, d.n_chunks, count(c.id) FROM documents d LEFT JOIN chunks c ON c.document_id = d.id "
            "GROUP BY d.id HAVING d.n_chunks != count(c.id)"
        )
        problems += [f"{p}: {n} chunks recorded, {m} stored" for p, n, m in bad]
        missing = self._q(
            "SELECT count(*) FROM chunks c LEFT JOIN vectors v ON v.chunk_id = c.id WHERE v.chunk_id IS NULL"
        )[0][0]
        if missing:
            problems.append(f"{missing} chunks without a vector")
        orphans = self._q(
            "SELECT count(*) FROM chunks c LEFT JOIN documents d ON d.id = c.document_id WHERE d.id IS NULL"
        )[0][0]
        if orphans:
            problems.append(f"{orphans} chunks without a document")
        if self._has_partial_table():
            bad = self._q(
                "SELECT d.path, d.n_chunks, p.n_total, d.content_hash IS NULL AND d.mtime_ns = -1 "
                "FROM partial_documents p LEFT JOIN documents d ON d.id = p.document_id"
            )
            for path, n, total, marked in bad:
                if path is None:
                    problems.append("a partial_documents row without a document")
                elif n > total or not marked:
                    problems.append(f"{path}: partly indexed, {n} of {total} chunks, marked {bool(marked)}")
        return problems


_DOC_COLS = "id, path, file_type, size, mtime_ns, content_hash, status, reason, n_chunks"
_CHUNK_COLS = (
    "c.id, d.path, d.file_type, c.ordinal, c.page, c.line_start, c.line_end, c.char_start, c.char_end, "
    "c.token_count, c.heading, c.text"
)


def _doc(row: tuple) -> DocumentRecord:
    return DocumentRecord(row[0], path_from_db(row[1]), *row[2:])


def _chunk(row: tuple) -> ChunkRecord:
    return ChunkRecord(*row[3:], id=row[0], path=path_from_db(row[1]), file_type=row[2])


def _under(path: str, cols: str = "path") -> tuple[str, tuple]:
    path = path_to_db(path.rstrip("/") or "/")
    prefix = path if path.endswith("/") else path + "/"
    return (
        f"SELECT {cols} FROM documents WHERE path = ? OR substr(path, 1, ?) = ? ORDER BY path",
        (path, len(prefix), prefix),
    )


_PARTIAL_TABLE = (
    "CREATE TABLE IF NOT EXISTS partial_documents(document_id INTEGER PRIMARY KEY REFERENCES documents(id) "
    "ON DELETE CASCADE, content_hash TEXT NOT NULL, mtime_ns INTEGER NOT NULL, n_total INTEGER NOT NULL)"
)


def vector_arrays(rows: list, dim: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(chunk ids, document ids, float16 vectors) from ``(chunk_id, document_id, vector blob)`` rows."""
    if not rows:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros((0, dim), np.float16)
    ids = np.fromiter((r[0] for r in rows), np.int64, len(rows))
    docs = np.fromiter((r[1] for r in rows), np.int64, len(rows))
    vecs = np.frombuffer(b"".join(r[2] for r in rows), dtype=np.float16).reshape(len(rows), -1)
    return ids, docs, vecs
