"""Late interaction (ColBERT) token vectors kept in the index's SQLite file beside the single vectors.

One row a chunk in ``token_vectors`` (schema.TOKEN_VECTORS_TABLE): its kept token vectors, float16, normalised, as
one blob ([n_tokens, dim] row-major). The table is a migration step of its own: created when a run first indexes
with a late-interaction model (``bind_late_model``), so an index without one pays nothing and an index made before
stays valid. The meta keys ``late_model`` and ``late_dim`` name the model (``late_source``: the folder it was loaded
from, so a search can load the same one); a run with another model drops the old token vectors (derived data) and
encodes every chunk again.

The vectors are computed after a run's text pass (``late_pass``): the chunks still missing token vectors are read
back from the index and encoded one batch per background unit on the engine thread, so a run that was stopped, or
chunks written by a version of Alcove without late interaction, are caught up by the next run.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import numpy as np

from engine.core import ProgressEvent
from engine.index.runners import run_unit
from engine.index.schema import TOKEN_VECTORS_TABLE
from engine.index.store import IndexStore

log = logging.getLogger(__name__)

BATCH_CHUNKS = 16  # chunks encoded per background unit (a unit stays well under a second on a laptop CPU)


def has_token_table(store) -> bool:
    return bool(store._q("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'token_vectors'"))


def late_model(store) -> tuple[str, int] | None:
    """(model name, dimensions) of the index's token vectors; None when it has none."""
    if not has_token_table(store) or store.meta("late_model") is None:
        return None
    return str(store.meta("late_model")), int(store.meta("late_dim") or 0)


def late_source(db) -> str | None:
    """The folder of the late-interaction model an index's token vectors were made with (None: it has none)."""
    with IndexStore(db, read_only=True) as store:
        return store.meta("late_source") if late_model(store) is not None else None


def bind_late_model(store, name: str, dim: int, source: str = "") -> None:
    """The migration step (the table, once) and the index bound to ``name``; another model's vectors are dropped."""
    old = late_model(store)
    if old == (name, dim) and store.meta("late_source") == source:
        return  # bound already: no write

    def migrate(c) -> None:
        c.execute(TOKEN_VECTORS_TABLE)
        if old is not None and old != (name, dim):
            log.info("token vectors of %s dropped: the index now uses %s", old[0], name)
            c.execute("DELETE FROM token_vectors")
        c.executemany("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
                      [("late_model", name), ("late_dim", str(dim)), ("late_source", source)])  # fmt: skip

    store._transaction(migrate)


def missing_chunks(store) -> list[tuple[int, str]]:
    """(chunk id, the text the encoder reads) of every chunk without token vectors, in id order. The text is what
    the single-vector embedder reads too: the file's name and heading trail, then the chunk."""
    rows = store._q(
        "SELECT c.id, c.title, c.heading, c.text FROM chunks c LEFT JOIN token_vectors t ON t.chunk_id = c.id "
        "WHERE t.chunk_id IS NULL ORDER BY c.id"
    )
    return [(int(cid), f"{title} > {heading}\n{text}" if heading else f"{title}\n{text}")
            for cid, title, heading, text in rows]  # fmt: skip


def write_token_vectors(store, chunk_ids, vectors) -> None:
    """Each chunk's token vectors ([n_i, dim]) as float16; a chunk deleted meanwhile (its file changed) is skipped."""
    rows = []
    for cid, v in zip(chunk_ids, vectors, strict=True):
        v16 = np.ascontiguousarray(v, dtype=np.float16)
        rows.append((int(cid), int(len(v16)), v16.tobytes(), int(cid)))
    store._transaction(
        lambda c: c.executemany(
            "INSERT OR REPLACE INTO token_vectors(chunk_id, n_tokens, vectors) SELECT ?, ?, ? WHERE EXISTS "
            "(SELECT 1 FROM chunks WHERE id = ?)",
            rows,
        )
    )


def load_token_vectors(store) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(chunk ids int64 [n], document ids int64 [n], token offsets int64 [n + 1], float16 vectors [T, dim]) of every
    chunk with at least one token vector, in chunk-id order; empty when the index has none."""
    bound = late_model(store)
    dim = bound[1] if bound else 0
    rows = []
    if bound is not None:
        rows = store._q(
            "SELECT t.chunk_id, c.document_id, t.n_tokens, t.vectors FROM token_vectors t "
            "JOIN chunks c ON c.id = t.chunk_id WHERE t.n_tokens > 0 ORDER BY t.chunk_id"
        )
    n = len(rows)
    ids = np.fromiter((r[0] for r in rows), np.int64, n)
    docs = np.fromiter((r[1] for r in rows), np.int64, n)
    offsets = np.zeros(n + 1, np.int64)
    np.cumsum(np.fromiter((r[2] for r in rows), np.int64, n), out=offsets[1:])
    flat = np.frombuffer(b"".join(r[3] for r in rows), dtype=np.float16).reshape(-1, dim) if n else None
    return ids, docs, offsets, flat if flat is not None else np.zeros((0, dim), np.float16)


def read_token_vectors(store, chunk_ids) -> dict[int, np.ndarray]:
    """chunk id -> its float16 token vectors [n, dim], for those of ``chunk_ids`` that have some."""
    bound = late_model(store)
    if bound is None or not len(chunk_ids):
        return {}
    rows = store._q(
        "SELECT chunk_id, vectors FROM token_vectors WHERE n_tokens > 0 AND chunk_id IN (SELECT value FROM json_each(?))",
        (json.dumps([int(c) for c in chunk_ids]),),
    )
    return {int(cid): np.frombuffer(blob, np.float16).reshape(-1, bound[1]) for cid, blob in rows}


def token_stats(store) -> tuple[int, int, int]:
    """(chunks with token vectors, token vectors, bytes of their blobs)."""
    if not has_token_table(store):
        return 0, 0, 0
    row = store._q(
        "SELECT count(*), coalesce(sum(n_tokens), 0), coalesce(sum(length(vectors)), 0) FROM token_vectors"
    )
    return int(row[0][0]), int(row[0][1]), int(row[0][2])


def late_pass(store, late_encoder, runner, halt, request_id: str = "") -> Iterator[ProgressEvent]:
    """Encode every chunk that has no token vectors yet; yields progress. ``runner``: the engine thread
    (``background``), or an ``InlineRunner``. Stops between batches on ``halt`` (what was written stays). The
    encoder's ``prune`` says whether punctuation tokens are dropped."""
    bind_late_model(store, late_encoder.name, late_encoder.dim, getattr(late_encoder, "source", ""))
    todo = missing_chunks(store)
    done = 0
    for start in range(0, len(todo), BATCH_CHUNKS):
        if halt.is_set():
            break
        part = todo[start : start + BATCH_CHUNKS]
        texts = [t for _, t in part]
        result = run_unit(runner, late_encoder.encode_documents, texts, f"index {request_id}: token vectors")
        write_token_vectors(store, [cid for cid, _ in part], result.vectors)
        done += len(part)
        yield ProgressEvent(request_id, done, len(todo), f"Token vectors for {done} of {len(todo)} chunks",
                            extra={"phase": "late"})  # fmt: skip
