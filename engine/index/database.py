"""The connection under the document index (``engine.index.store.IndexStore``): opening or creating the SQLite
database without touching a foreign file, the one-indexer-at-a-time lock, queries, transactions that bump the
index generation, and the meta table.
"""

from __future__ import annotations

import fcntl
import os
import re
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Self

from engine.core import IndexStoreError
from engine.index.schema import APP_ID, SCHEMA, SCHEMA_VERSION, translate_error


class Database:
    """One connection to an index database: opened (or created) and checked, the indexing lock, queries,
    transactions and the meta table. Raises IndexStoreError for anything that is not an Alcove index."""

    def __init__(self, db_path: str | Path, *, read_only: bool = False) -> None:
        self.path = Path(db_path).expanduser().absolute()  # relative names are relative to the cwd, now
        self.read_only = read_only
        self._run_lock: int | None = None
        try:
            self._conn = self._open()
        except sqlite3.Error as exc:
            raise translate_error(exc, self.path) from exc

    def _open(self) -> sqlite3.Connection:
        if self.read_only:
            if not self.path.exists():
                raise IndexStoreError(f"There is no index at {self.path}. Index some files first.")
            conn = sqlite3.connect(
                f"{self.path.as_uri()}?mode=ro", uri=True, isolation_level=None, timeout=30
            )
        else:
            if self.path.is_dir():
                raise IndexStoreError(f"{self.path} is a folder, not an index file. Choose a file name.")
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(str(self.path), isolation_level=None, timeout=30)
        try:
            self._validate_or_create(conn)
        except BaseException:
            conn.close()
            raise
        return conn

    def _validate_or_create(self, conn: sqlite3.Connection) -> None:
        # Read before writing anything: a foreign database or file must stay untouched.
        tables = {
            r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")
        }
        if not tables:
            if self.read_only:
                raise IndexStoreError(f"{self.path} is an empty database, not an Alcove index.")
            tables = self._create(conn)
        if tables:
            app = None
            if "meta" in tables:
                row = conn.execute("SELECT value FROM meta WHERE key = 'app'").fetchone()
                app = row[0] if row else None
            if app != APP_ID:
                raise IndexStoreError(
                    f"{self.path} is a database but not an Alcove index. Choose another file; "
                    "Alcove will not change it."
                )
            version = int(conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0])
            if version > SCHEMA_VERSION:
                raise IndexStoreError(
                    f"The index {self.path} was made by a newer version of Alcove (format {version}). "
                    "Update Alcove or choose another index file."
                )
            if not self.read_only:
                _wal(conn)
        conn.execute("PRAGMA synchronous=NORMAL")  # with WAL: durable against process crashes, fast commits
        conn.execute("PRAGMA foreign_keys=ON")

    def _create(self, conn: sqlite3.Connection) -> set[str]:
        """Create the schema in one IMMEDIATE transaction. Every statement is IF NOT EXISTS / OR IGNORE: when two
        processes create one index at the same instant, the second one's script changes nothing, and both
        succeed (a plain CREATE failed with "table meta already exists")."""
        meta = (
            "INSERT OR IGNORE INTO meta(key, value) VALUES "
            f"('app', '{APP_ID}'), ('schema_version', '{SCHEMA_VERSION}'), ('generation', '0');"
        )
        schema = re.sub(r"CREATE (TABLE|INDEX|VIRTUAL TABLE|TRIGGER) ", r"CREATE \1 IF NOT EXISTS ", SCHEMA)
        try:
            conn.executescript("BEGIN IMMEDIATE;\n" + schema + meta + "\nCOMMIT;")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        _wal(conn)
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}

    def lock_for_indexing(self) -> None:
        """Take this index's indexing lock for as long as the store is open: one indexer at a time, so a second
        one neither embeds the same files nor mistakes the first one's live run for an interrupted one."""
        if self._run_lock is not None:
            return
        lock_path = f"{self.path}-indexing.lock"
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise IndexStoreError(
                f"The index {self.path} cannot be locked for indexing ({exc.strerror})."
            ) from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "another process"
            os.close(fd)
            raise IndexStoreError(
                f"The index {self.path} is being updated by another Alcove indexing run (process {holder}). "
                "Wait for it to finish, or cancel it, then index again."
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        self._run_lock = fd

    # -- plumbing --------------------------------------------------------------------------------------
    def close(self) -> None:
        conn, self._conn = getattr(self, "_conn", None), None
        if conn is not None:
            conn.close()
        lock, self._run_lock = getattr(self, "_run_lock", None), None
        if lock is not None:
            os.close(lock)  # releases the flock

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _q(self, sql: str, args: Sequence = ()) -> list[tuple]:
        if self._conn is None:
            raise IndexStoreError("The index has been closed.")
        try:
            return self._conn.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            raise translate_error(exc, self.path) from exc

    def _transaction(self, fn) -> None:
        """Run ``fn(conn)`` in one IMMEDIATE transaction that also bumps the index generation."""
        conn = self._conn
        if conn is None:
            raise IndexStoreError("The index has been closed.")
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                fn(conn)
                conn.execute("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation'")
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise translate_error(exc, self.path) from exc

    # -- meta ------------------------------------------------------------------------------------------
    def generation(self) -> int:
        """Bumped by every write; vector caches compare it to know they are stale."""
        return int(self._q("SELECT value FROM meta WHERE key = 'generation'")[0][0])

    def meta(self, key: str) -> str | None:
        row = self._q("SELECT value FROM meta WHERE key = ?", (key,))
        return row[0][0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        self._transaction(
            lambda c: c.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))
        )


def _wal(conn: sqlite3.Connection) -> None:
    """Switch to WAL. Two processes opening a new index at once: SQLite may answer this pragma "database is
    locked" at once, without waiting out the busy timeout, while the other holds its lock; it is retried."""
    for attempt in range(50):
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if attempt == 49 or not any(w in str(exc).lower() for w in ("locked", "busy")):
                raise
            time.sleep(0.1)
