"""The private document index: extraction, chunking, walking, the indexer, the SQLite store, vector/keyword/hybrid search."""

from engine.index.changes import refresh_roots, reindex_changes
from engine.index.chunking import Chunk, chunk_document
from engine.index.document import ExtractError
from engine.index.extraction import extract, file_type_for
from engine.index.hybrid import (
    EXACT_BONUS,
    KEYWORD_LEAD,
    RRF_K,
    SAME_FILE_SPREAD,
    VECTOR_WEIGHT,
    SearchHit,
    is_blank_query,
    query_identifiers,
    query_terms,
    search,
    search_many,
    term_pattern,
)
from engine.index.indexer import IndexSummary, OutsideLink, index_paths
from engine.index.pipeline import index_pipeline
from engine.index.schema import display_path
from engine.index.store import ChunkRow, DocumentWrite, IndexStore
from engine.index.vector_search import VectorMatrix, forget_vectors, vector_cache_bytes
from engine.index.walk import SKIP_DIRS, walk

__all__ = [
    "Chunk",
    "ChunkRow",
    "EXACT_BONUS",
    "DocumentWrite",
    "ExtractError",
    "IndexStore",
    "IndexSummary",
    "KEYWORD_LEAD",
    "OutsideLink",
    "RRF_K",
    "SAME_FILE_SPREAD",
    "SKIP_DIRS",
    "SearchHit",
    "VECTOR_WEIGHT",
    "VectorMatrix",
    "chunk_document",
    "display_path",
    "extract",
    "file_type_for",
    "forget_vectors",
    "index_paths",
    "index_pipeline",
    "is_blank_query",
    "query_identifiers",
    "query_terms",
    "refresh_roots",
    "reindex_changes",
    "search",
    "search_many",
    "term_pattern",
    "vector_cache_bytes",
    "walk",
]
