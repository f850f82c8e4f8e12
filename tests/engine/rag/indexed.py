"""A folder of documents indexed for real (the built-in embedder, hybrid search), for tests that answer from it."""

from __future__ import annotations

from pathlib import Path

from engine.encoders import default_embedder_path, load_embedder
from engine.index import IndexStore, IndexSummary, index_paths, search
from engine.rag import sources_from

# an R user's two notes: how to save a data frame (the answer to a CSV question) and a plotting tip
R_NOTES = {
    "data-import.txt": (
        "Saving data frames\n\n"
        "Use write.csv() to save a data frame as a comma-separated file, and read.csv() to load it again.\n"
        "The function saveRDS() saves a single R object to a file in R's own format; readRDS() reads it back.\n"
    ),
    "plots.txt": "Lattice plots such as xyplot() must be printed explicitly inside a function or a sourced script.\n",
}


def indexed_folder(root: Path, files: dict[str, str], embedder) -> Path:
    """The index (its database path) of a folder ``root/docs`` holding ``files`` (name -> text), made with
    ``embedder``; every file indexed."""
    docs = root / "docs"
    docs.mkdir()
    for name, text in files.items():
        (docs / name).write_text(text)
    db = root / "index.sqlite3"
    summary = [e for e in index_paths([docs], db, embedder) if isinstance(e, IndexSummary)][0]
    assert summary.files_indexed == len(files) and not summary.error
    return db


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
