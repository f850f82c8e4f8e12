"""A folder of documents indexed for real (the built-in embedder, hybrid search), for tests that answer from it."""

from __future__ import annotations

from pathlib import Path

from engine.encoders import default_embedder_path, load_embedder
from engine.index import IndexStore, IndexSummary, index_paths, search
from engine.rag import sources_from


def indexed_sources(root: Path, name: str, text: str, query: str, k: int = 3):
    """(the sources of the top ``k`` hybrid hits for ``query``, the embedder) in an index of one file ``name``
    holding ``text``, made under ``root``."""
    (root / "docs").mkdir()
    (root / "docs" / name).write_text(text)
    embedder = load_embedder(default_embedder_path())
    db = root / "index.sqlite3"
    assert not [e for e in index_paths([root / "docs"], db, embedder) if isinstance(e, IndexSummary)][0].error
    store = IndexStore(db, read_only=True)
    hits = search(store, embedder, query, k=k, mode="hybrid")
    store.close()
    return sources_from(hits), embedder
