"""Exact late-interaction (MaxSim) search over every chunk's token vectors.

The index's token vectors are loaded once (all chunks' tokens back to back, each chunk's offset kept) into float16
MLX blocks of whole chunks, each stored transposed ([dim, tokens], contiguous), and kept between searches, rebuilt
only when the index's generation changes, like the single-vector matrix (``vector_search``). A search scores every
query token against a block's tokens in one matrix product (on the CPU the block is cast to float32 first: MLX's
float16 products do not go through BLAS), takes each chunk's best token per query token (``np.maximum.reduceat``
over the chunk offsets) and sums over the query's tokens: ColBERT's score, as ``engine.encoders.maxsim`` computes
it. MLX work: engine thread only; the cache is per thread.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict

import numpy as np

from engine.core import IndexStoreError
from engine.index.token_vectors import late_model, load_token_vectors, read_token_vectors
from engine.index.vector_search import VectorHits

log = logging.getLogger(__name__)

_MAX_CACHED = 2  # databases whose token vectors stay in memory
BLOCK_TOKENS = 1 << 16  # document tokens scored per matrix product (32 MB of float32 at 128 dimensions)


class TokenMatrix:
    """Chunk ids, their document ids, token offsets and the float16 token vectors of one index, in MLX blocks."""

    def __init__(self, ids, doc_ids, offsets, vectors, generation: int = -1) -> None:
        import mlx.core as mx

        self.generation = generation
        self.ids = np.asarray(ids, np.int64)
        self.doc_ids = np.asarray(doc_ids, np.int64)
        self.offsets = np.asarray(offsets, np.int64)
        vectors = np.asarray(vectors, dtype=np.float16)
        self.dim = int(vectors.shape[1]) if vectors.ndim == 2 else 0
        self._gpu = mx.default_device() == mx.gpu
        self._blocks = []  # (first chunk, last chunk + 1, float16 [dim, tokens])
        for first, last in _blocks(self.offsets, BLOCK_TOKENS):
            block = mx.array(np.ascontiguousarray(vectors[self.offsets[first] : self.offsets[last]].T))
            mx.eval(block)
            self._blocks.append((first, last, block))

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def nbytes(self) -> int:
        blocks = sum(int(b.nbytes) for _, _, b in self._blocks)
        return blocks + int(self.offsets.nbytes + self.ids.nbytes + self.doc_ids.nbytes)

    def scores(self, queries: list[np.ndarray]) -> np.ndarray:
        """float32 [len(queries), n]: each query's ColBERT score against every chunk."""
        import mlx.core as mx

        q_off = np.zeros(len(queries) + 1, np.int64)
        np.cumsum([len(q) for q in queries], out=q_off[1:])
        if q_off[-1] == 0 or len(self.ids) == 0:
            return np.zeros((len(queries), len(self.ids)), np.float32)
        q = np.concatenate([np.asarray(x, np.float32).reshape(-1, self.dim) for x in queries])
        q = mx.array(q).astype(mx.float16 if self._gpu else mx.float32)
        starts = q_off[:-1][np.diff(q_off) > 0]
        out = np.zeros((len(queries), len(self.ids)), np.float32)
        has_tokens = np.diff(q_off) > 0
        for first, last, block in self._blocks:  # chunks [first, last)
            sims = q @ (block if self._gpu else block.astype(mx.float32))  # [query tokens, block tokens]
            sims = np.array(sims.astype(mx.float32))
            best = np.maximum.reduceat(sims, self.offsets[first:last] - self.offsets[first], axis=1)
            out[has_tokens, first:last] = np.add.reduceat(best, starts, axis=0)
        return out

    def search(
        self, queries: list[np.ndarray], k: int, allowed_docs: np.ndarray | None = None
    ) -> list[VectorHits]:
        """Top-``k`` chunks for each query's token vectors ([q_i, dim] float32, normalised); ``allowed_docs``
        filters by document."""
        empty = VectorHits(np.zeros(0, np.int64), np.zeros(0, np.float32), np.zeros(0, np.int64))
        if len(self.ids) == 0 or k <= 0:
            return [empty for _ in queries]
        for q in queries:
            if len(q) and np.asarray(q).shape[1] != self.dim:
                raise ValueError(
                    f"query token vectors have {np.asarray(q).shape[1]} dimensions, the index has {self.dim}"
                )
        scores = self.scores(queries)
        if allowed_docs is not None:
            scores[:, ~np.isin(self.doc_ids, allowed_docs)] = -np.inf
        out = []
        for row in scores:
            kk = min(k, len(row))
            top = np.argpartition(-row, kk - 1)[:kk] if kk < len(row) else np.arange(len(row))
            top = top[np.lexsort((self.ids[top], -row[top]))]  # best first, ties by chunk id
            top = top[np.isfinite(row[top])]
            out.append(VectorHits(self.ids[top], row[top].astype(np.float32), self.doc_ids[top]))
        return out


def _blocks(offsets: np.ndarray, tokens: int) -> list[tuple[int, int]]:
    """Runs of whole chunks of about ``tokens`` tokens each (a chunk longer than that is a block of its own)."""
    out, first, n = [], 0, len(offsets) - 1
    while first < n:
        last = int(np.searchsorted(offsets, offsets[first] + tokens, side="right")) - 1
        last = min(max(last, first + 1), n)
        out.append((first, last))
        first = last
    return out


_local = threading.local()


def _matrices() -> OrderedDict[str, TokenMatrix]:
    cache = getattr(_local, "matrices", None)
    if cache is None:
        cache = _local.matrices = OrderedDict()
    return cache


def token_matrix_for(store) -> TokenMatrix:
    """The cached token vectors of ``store`` (an IndexStore), reloaded only if the index changed since."""
    cache = _matrices()
    key, generation = str(store.path.resolve()), store.generation()
    cached = cache.get(key)
    if cached is not None and cached.generation == generation:
        cache.move_to_end(key)
        return cached
    cache.pop(key, None)  # free the stale one before loading the new one
    matrix = TokenMatrix(*load_token_vectors(store), generation)
    log.info("token vectors for %s: %d chunks, %.1f MB", key, len(matrix), matrix.nbytes / 1e6)
    cache[key] = matrix
    while len(cache) > _MAX_CACHED:
        cache.popitem(last=False)
    return matrix


def token_cache_bytes() -> int:
    return sum(m.nbytes for m in _matrices().values())


def forget_token_vectors(db_path=None) -> None:
    """Drop this thread's cached token vectors (all, or one database's)."""
    cache = _matrices()
    if db_path is None:
        cache.clear()
    else:
        from pathlib import Path

        cache.pop(str(Path(db_path).resolve()), None)


# Hybrid fusion with token vectors: the query's MaxSim to each chunk (min-max normalised like the other lists) counts
# this much on top of the fused score. Not tuned: no ColBERT checkpoint is available offline to tune it with; the
# same weight as the single-vector cosine's (hybrid.VECTOR_WEIGHT).
LATE_WEIGHT = 0.5


def late_lists(
    store, late_encoder, queries, depth: int, allowed, candidates=None
) -> list[list[tuple[int, float]]]:
    """For each query, (chunk id, MaxSim score) of its ``depth`` best chunks by late interaction, best first: an
    exact scan of every chunk's token vectors (``TokenMatrix``), whose cost grows with the index (bench_late.py).
    ``candidates`` (per query, chunk ids: hybrid's other lists) instead scores only those chunks, their token vectors
    read from the index: the same exact MaxSim for each, at a cost that does not grow with the index. Raises
    IndexStoreError when the index has no token vectors, or another model's."""
    bound = late_model(store)
    if bound is None:
        raise IndexStoreError(
            f"The index {store.path} has no token vectors for late-interaction search. Index it with a "
            "late-interaction (ColBERT) model first."
        )
    if late_encoder is None:
        raise IndexStoreError(
            f"Late-interaction search needs the index's late-interaction model ({bound[0]})."
        )
    if (late_encoder.name, late_encoder.dim) != bound:
        raise IndexStoreError(
            f"The index's token vectors were made by {bound[0]} ({bound[1]} dimensions), not by "
            f"{late_encoder.name} ({late_encoder.dim}). Search with that model, or index again with this one."
        )
    vectors = late_encoder.encode_queries(list(queries)).vectors
    if candidates is not None:
        return [_rescored(store, q, ids, depth) for q, ids in zip(vectors, candidates, strict=True)]
    found = token_matrix_for(store).search(list(vectors), depth, allowed)
    return [list(zip(h.chunk_ids.tolist(), h.scores.tolist(), strict=True)) for h in found]


def _rescored(store, query: np.ndarray, chunk_ids, depth: int) -> list[tuple[int, float]]:
    stored = read_token_vectors(store, chunk_ids)  # chunks without token vectors are left out
    ids = [i for i in dict.fromkeys(int(c) for c in chunk_ids) if i in stored]
    if not ids:
        return []
    # all candidates' tokens in one product, each chunk's best per query token by its offset: maxsim, batched
    starts = np.cumsum([0] + [len(stored[i]) for i in ids[:-1]])
    sims = np.asarray(query, np.float32) @ np.concatenate([stored[i] for i in ids]).astype(np.float32).T
    scores = np.maximum.reduceat(sims, starts, axis=1).sum(axis=0).tolist()
    return sorted(zip(ids, scores, strict=True), key=lambda t: (-t[1], t[0]))[:depth]


def fuse_late(late, rrf: int | None = None) -> dict[int, float]:
    """The late list's share of a fused score: LATE_WEIGHT x min-max MaxSim (score fusion), or 1 / (k + rank)."""
    if rrf is not None:
        return {cid: 1.0 / (rrf + r) for r, (cid, _) in enumerate(late, 1)}
    scores = [s for _, s in late]
    lo, hi = min(scores), max(scores)
    return {cid: LATE_WEIGHT * ((s - lo) / (hi - lo) if hi > lo else 1.0) for cid, s in late}
