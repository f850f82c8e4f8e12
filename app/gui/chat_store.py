"""Conversations and their messages in the app's SQLite database (under data_dir); plain Python, no Qt.

Local SQLite reads/writes of a few rows take well under a millisecond, so the GUI thread calls this directly.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

_SCHEMA = """
CREATE TABLE IF NOT EXISTS conversations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    content TEXT NOT NULL,
    meta TEXT NOT NULL DEFAULT '{}',
    created REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_by_conversation ON messages(conversation_id, id);
"""

DEFAULT_TITLE = "New chat"


@dataclass(frozen=True)
class Conversation:
    id: int
    title: str
    created: float
    updated: float


@dataclass(frozen=True)
class Message:
    id: int
    conversation_id: int
    role: str  # user | assistant | system
    content: str
    meta: dict[str, Any] = field(default_factory=dict)  # stats, sources, draft spans, finish reason, error
    created: float = 0.0


class ChatStore:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(self.path))
        self._db.execute("PRAGMA foreign_keys = ON")
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.executescript(_SCHEMA)
        self._db.commit()

    def close(self) -> None:
        self._db.close()

    # -- conversations ---------------------------------------------------------------------------------
    def create_conversation(self, title: str = DEFAULT_TITLE) -> Conversation:
        """A new conversation. Sending again what failed (the same first message, every reply an error) replaces
        the failed conversation instead of leaving two of the same title; any other title already used gets a
        number ("Hello (2)")."""
        if title != DEFAULT_TITLE:
            for twin in self._titled(title):
                if self.failed_only(twin):
                    self.delete(twin)
            title = self.unique_title(title)
        now = time.time()
        cur = self._db.execute(
            "INSERT INTO conversations(title, created, updated) VALUES (?, ?, ?)", (title, now, now)
        )
        self._db.commit()
        return Conversation(int(cur.lastrowid), title, now, now)

    def conversation(self, conversation_id: int) -> Conversation | None:
        row = self._db.execute(
            "SELECT id, title, created, updated FROM conversations WHERE id = ?", (conversation_id,)
        ).fetchone()
        return Conversation(*row) if row else None

    def conversations(self, query: str = "") -> list[Conversation]:
        """Most recent first; ``query`` matches titles and message text (case-insensitive)."""
        if not query.strip():
            rows = self._db.execute(
                "SELECT id, title, created, updated FROM conversations ORDER BY updated DESC, id DESC"
            ).fetchall()
        else:
            like = "%" + query.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            rows = self._db.execute(
                "SELECT id, title, created, updated FROM conversations c WHERE title LIKE ? ESCAPE '\\' "
                "OR EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id "
                "AND m.content LIKE ? ESCAPE '\\') ORDER BY updated DESC, id DESC",
                (like, like),
            ).fetchall()
        return [Conversation(*r) for r in rows]

    def _titled(self, title: str, exclude: int = 0) -> list[int]:
        rows = self._db.execute("SELECT id FROM conversations WHERE title = ? AND id != ?", (title, exclude))
        return [int(r[0]) for r in rows.fetchall()]

    def unique_title(self, title: str, exclude: int = 0) -> str:
        """``title``, or ``title (2)``, ``(3)``... when another conversation has it."""
        if title == DEFAULT_TITLE or not self._titled(title, exclude):
            return title
        n = 2
        while self._titled(f"{title} ({n})", exclude):
            n += 1
        return f"{title} ({n})"

    def failed_only(self, conversation_id: int) -> bool:
        """One question whose every reply failed (an error, nothing written): nothing worth keeping twice."""
        msgs = self.messages(conversation_id)
        users = [m for m in msgs if m.role == "user"]
        replies = [m for m in msgs if m.role == "assistant"]
        return len(users) == 1 and all(m.meta.get("error") and not m.content.strip() for m in replies)

    def rename(self, conversation_id: int, title: str) -> None:
        title = " ".join(title.split()) or DEFAULT_TITLE
        title = self.unique_title(title, exclude=conversation_id)
        self._db.execute("UPDATE conversations SET title = ? WHERE id = ?", (title, conversation_id))
        self._db.commit()

    def delete(self, conversation_id: int) -> None:
        self._db.execute("DELETE FROM messages WHERE conversation_id = ?", (conversation_id,))
        self._db.execute("DELETE FROM conversations WHERE id = ?", (conversation_id,))
        self._db.commit()

    # -- messages --------------------------------------------------------------------------------------
    def messages(self, conversation_id: int) -> list[Message]:
        rows = self._db.execute(
            "SELECT id, conversation_id, role, content, meta, created FROM messages "
            "WHERE conversation_id = ? ORDER BY id",
            (conversation_id,),
        ).fetchall()
        return [Message(r[0], r[1], r[2], r[3], json.loads(r[4] or "{}"), r[5]) for r in rows]

    def add_message(
        self, conversation_id: int, role: str, content: str, meta: dict[str, Any] | None = None
    ) -> Message:
        now = time.time()
        meta = meta or {}
        cur = self._db.execute(
            "INSERT INTO messages(conversation_id, role, content, meta, created) VALUES (?, ?, ?, ?, ?)",
            (conversation_id, role, content, json.dumps(meta), now),
        )
        self._db.execute("UPDATE conversations SET updated = ? WHERE id = ?", (now, conversation_id))
        self._db.commit()
        return Message(int(cur.lastrowid), conversation_id, role, content, meta, now)

    def update_message(self, message_id: int, content: str, meta: dict[str, Any] | None = None) -> None:
        if meta is None:
            self._db.execute("UPDATE messages SET content = ? WHERE id = ?", (content, message_id))
        else:
            self._db.execute(
                "UPDATE messages SET content = ?, meta = ? WHERE id = ?",
                (content, json.dumps(meta), message_id),
            )
        self._db.commit()

    def delete_from(self, conversation_id: int, message_id: int) -> None:
        """Delete ``message_id`` and every later message of the conversation (edit-and-resend, regenerate)."""
        self._db.execute(
            "DELETE FROM messages WHERE conversation_id = ? AND id >= ?", (conversation_id, message_id)
        )
        self._db.commit()
