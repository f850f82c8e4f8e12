"""The private document index: extraction, chunking, walking, the indexer, the SQLite store, vector/keyword/hybrid search."""

from engine.index.changes import refresh_roots, reindex_changes
from engine.index.chunking import chunk_document
from engine.index.extraction import extract
from engine.index.hybrid import RRF_K, VECTOR_WEIGHT, SearchHit, search, search_many
from engine.index.indexer import IndexSummary, index_paths
from engine.index.store import ChunkRow, DocumentWrite, IndexStore
from engine.index.vector_search import VectorMatrix
from engine.index.walk import SKIP_DIRS, walk

__all__ = [
    "ChunkRow",
    "DocumentWrite",
    "IndexStore",
    "IndexSummary",
    "RRF_K",
    "SKIP_DIRS",
    "SearchHit",
    "VECTOR_WEIGHT",
    "VectorMatrix",
    "chunk_document",
    "extract",
    "index_paths",
    "refresh_roots",
    "reindex_changes",
    "search",
    "search_many",
    "walk",
]
