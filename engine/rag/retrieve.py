"""Stage 1 of an ask, retrieve: the index's best passages for the standalone query (hybrid search when an embedder
is loaded, else keyword), or, for whole-document mode, the documents to read."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.core import AskRequest
from engine.index import IndexStore, search
from engine.rag.models import RagModels
from engine.rag.results import AskStats
from engine.rag.tuning import MAX_AUTO_DOCUMENTS, WHOLE_RETRIEVE_K


def open_index(db: str) -> IndexStore:
    return IndexStore(db, read_only=True)


def retrieve(models: RagModels, store: IndexStore, query: str, req: AskRequest, stats: AskStats
             ) -> tuple[list[Any], AskStats]:  # fmt: skip
    """The request's ``retrieve_k`` best passages, within its folders and file types."""
    t = time.perf_counter()
    hits = _search(models, store, query, req.retrieve_k, req.folders or None, req.file_types or None)
    return hits, replace(stats, retrieval_s=time.perf_counter() - t, retrieved=len(hits))


def choose_documents(models: RagModels, store: IndexStore, query: str, req: AskRequest) -> list[str]:
    """The documents to read whole: the ones the request names (or the indexed ones under its folders), else the
    first MAX_AUTO_DOCUMENTS files of the search results."""
    paths = documents_for(store, req.documents or None, req.folders or None)
    if paths:
        return paths
    out: list[str] = []
    for h in _search(models, store, query, WHOLE_RETRIEVE_K, None, None):
        if h.path not in out:
            out.append(h.path)
        if len(out) >= MAX_AUTO_DOCUMENTS:
            break
    return out


def documents_for(
    store: IndexStore, documents: Sequence[str] | None, folders: Sequence[str] | None
) -> list[str]:
    if documents:
        return [
            str(Path(d).expanduser().absolute()) if not store.document(str(d)) else str(d) for d in documents
        ]
    out: list[str] = []
    for folder in folders or ():
        out += [d.path for d in store.documents(under=str(Path(folder).expanduser().absolute()))
                if d.status == "indexed"]  # fmt: skip
    return out


def _search(models: RagModels, store: IndexStore, query: str, k: int, folders: Sequence[str] | None,
            file_types: Sequence[str] | None) -> list[Any]:  # fmt: skip
    mode = "hybrid" if models.embedder is not None else "keyword"
    return search(store, models.embedder, query, k=k, mode=mode, folders=folders, file_types=file_types)
