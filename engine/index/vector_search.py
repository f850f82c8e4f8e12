"""Exact vector search with MLX: one matrix product scores a whole batch of queries against every chunk.

Vectors are stored as float16 and normalised, so a dot product is the cosine similarity. The matrix is loaded
once and kept in memory between searches; it is rebuilt only when the index's generation (bumped by every write)
changes. Must run on the engine thread (it creates and evaluates MLX arrays). The cache is per thread, so each
engine thread (each ``Engine``) owns its own: the Engine frees it when the embedder is unloaded and at shutdown, and
counts it in ``Engine.memory()``; arrays made on one engine thread's stream never reach another.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

log = logging.getLogger(__name__)

_MAX_CACHED = 4  # databases whose matrices stay in memory


@dataclass(frozen=True)
class VectorHits:
    chunk_ids: np.ndarray  # int64 [k], best first
    scores: np.ndarray  # float32 [k]
    doc_ids: np.ndarray  # int64 [k]: each chunk's document


class VectorMatrix:
    """Chunk ids, their document ids and the MLX matrix of their vectors."""

    def __init__(
        self, ids: np.ndarray, doc_ids: np.ndarray, vectors: np.ndarray, generation: int = -1
    ) -> None:
        import mlx.core as mx

        self.generation = generation
        self.ids = np.asarray(ids, dtype=np.int64)
        self.doc_ids = np.asarray(doc_ids, dtype=np.int64)
        self.dim = int(vectors.shape[1]) if vectors.ndim == 2 else 0
        # float16 halves memory on Apple GPUs; the CPU backend multiplies fp32 through BLAS far faster.
        self.dtype = mx.float16 if mx.default_device().type == mx.DeviceType.gpu else mx.float32
        # Kept transposed ([dim, n], contiguous): ``queries @ matrix_t`` is a plain GEMM, measurably faster on
        # the CPU backend than multiplying by a transposed view.
        self.matrix_t = mx.array(np.ascontiguousarray(np.asarray(vectors).T)).astype(self.dtype)
        mx.eval(self.matrix_t)

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def nbytes(self) -> int:
        return int(self.matrix_t.nbytes)

    def search(self, queries: np.ndarray, k: int, allowed_docs: np.ndarray | None = None) -> list[VectorHits]:
        """Top-``k`` chunks for each query row (float32 [q, dim], normalised); ``allowed_docs`` filters."""
        import mlx.core as mx

        queries = np.atleast_2d(np.asarray(queries, dtype=np.float32))
        n = len(self.ids)
        if n == 0 or k <= 0:
            return [
                VectorHits(np.zeros(0, np.int64), np.zeros(0, np.float32), np.zeros(0, np.int64))
                for _ in queries
            ]
        if queries.shape[1] != self.dim:
            raise ValueError(f"query vectors have {queries.shape[1]} dimensions, the index has {self.dim}")
        # [q, n]: the whole batch of queries in one product
        scores = mx.array(queries).astype(self.dtype) @ self.matrix_t
        allowed = None
        if allowed_docs is not None:
            allowed = np.isin(self.doc_ids, allowed_docs)
            scores = mx.where(mx.array(allowed)[None, :], scores, mx.array(-np.inf, dtype=self.dtype))
        k = min(k, n)
        if k < n:
            top = mx.argpartition(-scores, kth=k - 1, axis=1)[:, :k]
            top_scores = mx.take_along_axis(scores, top, axis=1)
        else:
            top = mx.broadcast_to(mx.arange(n)[None, :], scores.shape)
            top_scores = scores
        order = mx.argsort(-top_scores, axis=1)
        top = mx.take_along_axis(top, order, axis=1)
        top_scores = mx.take_along_axis(top_scores, order, axis=1).astype(mx.float32)
        mx.eval(top, top_scores)
        rows, vals = np.array(top), np.array(top_scores)
        out = []
        for r, v in zip(rows, vals, strict=True):
            keep = np.isfinite(v)
            out.append(VectorHits(self.ids[r[keep]], v[keep], self.doc_ids[r[keep]]))
        return out


_local = threading.local()


def _matrices() -> OrderedDict[str, VectorMatrix]:
    cache = getattr(_local, "matrices", None)
    if cache is None:
        cache = _local.matrices = OrderedDict()
    return cache


def vector_cache_bytes() -> int:
    """Bytes of the vector matrices this thread keeps."""
    return sum(m.nbytes for m in _matrices().values())


def matrix_for(store) -> VectorMatrix:
    """The cached matrix of ``store`` (an IndexStore), reloaded only if the index changed since."""
    _cache = _matrices()
    key = str(store.path.resolve())
    generation = store.generation()
    cached = _cache.get(key)
    if cached is not None and cached.generation == generation:
        _cache.move_to_end(key)
        return cached
    _cache.pop(key, None)  # free the stale matrix before loading the new one
    ids, doc_ids, vectors = store.load_vectors()
    matrix = VectorMatrix(ids, doc_ids, vectors, generation)
    log.info("vector matrix for %s: %d chunks, %.1f MB", key, len(matrix), matrix.nbytes / 1e6)
    _cache[key] = matrix
    while len(_cache) > _MAX_CACHED:
        _cache.popitem(last=False)
    return matrix


def forget_vectors(db_path=None) -> None:
    """Drop this thread's cached matrices (all, or one database's)."""
    _cache = _matrices()
    if db_path is None:
        _cache.clear()
    else:
        from pathlib import Path

        _cache.pop(str(Path(db_path).resolve()), None)
