"""The private document index: extraction, chunking, walking, the indexer, the SQLite store, vector/keyword/hybrid search."""

from engine.index.hybrid import (
    EXACT_BONUS,
    RRF_K,
    VECTOR_WEIGHT,
    SearchHit,
    is_blank_query,
    search,
    search_many,
)
from engine.index.indexer import IndexSummary, index_paths
from engine.index.store import ChunkRow, DocumentWrite, IndexStore
from engine.index.vector_search import VectorMatrix

__all__ = [
    "ChunkRow",
    "EXACT_BONUS",
    "DocumentWrite",
    "IndexStore",
    "IndexSummary",
    "RRF_K",
    "SearchHit",
    "VECTOR_WEIGHT",
    "VectorMatrix",
    "index_paths",
    "is_blank_query",
    "search",
    "search_many",
]
