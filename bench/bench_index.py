"""Index benchmark (JSON): end-to-end indexing throughput of a real folder, and search latency at scale.

1. Indexing: ``index_paths`` over a real folder (default: eval/corpus/debian/python3-pip, pip's own docs) into a
   fresh database with the real MLX embedder, ``--runs`` times; MB/s, files/s, chunks/s, and the share of time
   spent embedding vs extracting/chunking/storing (embedding time is measured around ``Embedder.embed``).
2. Search latency: exact MLX vector search over synthetic normalised 384-d vectors at 10k, 100k and 1M chunks
   (p50/p95 of single queries, and of a batch of 16 queries in one matrix product), and the full hybrid
   ``search()`` (SQLite + FTS5 + MLX + snippets) on a real 100k-chunk database with synthetic text; query
   embedding with the real model is timed separately. MLX and the numpy reference run in ABBA order query by query,
   and the three search modes in palindromic order (bench/abba.py), so no side is timed on a quieter machine.

    .venv/bin/python bench/bench_index.py [--folder PATH] [--runs 3] [--scales 10000,100000,1000000]
"""

from __future__ import annotations

import argparse
import itertools
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np
from _common import ROOT, blas, emit, summary
from abba import Abba, abba

from engine.encoders import default_embedder_path, load_embedder
from engine.index import IndexSummary, index_paths


class TimedEmbedder:
    """Forwards to the real embedder and adds up the seconds spent in ``embed``."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.seconds = 0.0

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def embed(self, texts, kind="document", cancel=None):
        t = time.perf_counter()
        try:
            return self.inner.embed(texts, kind=kind, cancel=cancel)
        finally:
            self.seconds += time.perf_counter() - t


def bench_indexing(folder: Path, embedder, runs: int) -> dict:
    files = [p for p in folder.rglob("*") if p.is_file()]
    nbytes = sum(p.stat().st_size for p in files)
    results = []
    for _ in range(runs):
        tmp = Path(tempfile.mkdtemp())
        try:
            timed = TimedEmbedder(embedder)
            t0 = time.perf_counter()
            s = None
            for item in index_paths([folder], tmp / "bench.sqlite3", timed):
                if isinstance(item, IndexSummary):
                    s = item
            total = time.perf_counter() - t0
            results.append((total, timed.seconds, s))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    totals = [r[0] for r in results]
    s = results[0][2]
    med = sorted(totals)[len(totals) // 2]
    embed_med = sorted(r[1] for r in results)[len(results) // 2]
    return {
        "folder": str(folder),
        "files": len(files),
        "mb": round(nbytes / 1e6, 3),
        "files_indexed": s.files_indexed,
        "files_skipped": len(s.files_skipped),
        "chunks": s.chunks,
        "seconds": summary(totals),
        "mb_per_s": round(nbytes / 1e6 / med, 4),
        "files_per_s": round(len(files) / med, 3),
        "chunks_per_s": round(s.chunks / med, 2),
        "embedding_share": round(embed_med / med, 3),
        "non_embedding_mb_per_s": round(nbytes / 1e6 / max(1e-9, med - embed_med), 2),
    }


def _percentiles(samples: list[float]) -> dict:
    a = np.array(samples) * 1000
    return {"p50_ms": round(float(np.percentile(a, 50)), 3), "p95_ms": round(float(np.percentile(a, 95)), 3),
            "min_ms": round(float(a.min()), 3), "n": len(a)}  # fmt: skip


def _unit(rng, n, dim):
    v = rng.standard_normal((n, dim), dtype=np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    return v


def _mlx_vs_numpy(m, q: np.ndarray) -> Abba:
    """Side by side: the same exact search in numpy (OpenBLAS sgemv + argpartition) on the same machine, the two in
    ABBA order query by query (each side searches every query once, its k-th call the k-th query)."""
    import mlx.core as mx

    ref = np.ascontiguousarray(np.array(m.matrix_t.astype(mx.float32)).T)

    def numpy_search(v) -> None:
        scores = ref @ v
        top = np.argpartition(-scores, 9)[:10]
        top[np.argsort(-scores[top])]

    m.search(q[:1], 10)  # warm-up
    numpy_search(q[0])
    next_mlx, next_numpy = itertools.count(), itertools.count()
    return abba({"mlx": lambda: m.search(q[next(next_mlx)][None], 10),
                 "numpy": lambda: numpy_search(q[next(next_numpy)])}, len(q) // 2)  # fmt: skip


def bench_vector_scales(scales: list[int], dim: int, queries: int = 60) -> list[dict]:

    from engine.index import VectorMatrix

    rng = np.random.default_rng(0)
    out = []
    for n in scales:
        vecs = np.empty((n, dim), np.float16)
        for i in range(0, n, 100_000):
            vecs[i : i + 100_000] = _unit(rng, min(100_000, n - i), dim)
        t = time.perf_counter()
        m = VectorMatrix(np.arange(n), np.arange(n) // 20, vecs)
        load_s = time.perf_counter() - t
        del vecs
        q = _unit(rng, queries, dim)
        run = _mlx_vs_numpy(m, q)
        single, numpy_single = run.values("mlx"), run.values("numpy")
        batch = []
        for i in range(0, queries - 15, 16):
            t = time.perf_counter()
            m.search(q[i : i + 16], 10)
            batch.append(time.perf_counter() - t)
        filt = []
        allowed = np.arange(0, n // 20, 2)  # half of the documents
        for i in range(min(queries, 20)):
            t = time.perf_counter()
            m.search(q[i : i + 1], 10, allowed_docs=allowed)
            filt.append(time.perf_counter() - t)
        out.append({
            "chunks": n, "matrix_mb": round(m.nbytes / 1e6, 1), "dtype": str(m.dtype), "build_s": round(load_s, 2),
            "single_query": _percentiles(single), "batch_of_16": _percentiles(batch),
            "batch_of_16_per_query_ms": round(float(np.median(batch)) * 1000 / 16, 3),
            "single_query_with_folder_filter": _percentiles(filt),
            "numpy_reference_single_query": _percentiles(numpy_single),
            "mlx_over_numpy_p50": round(float(np.median(single) / np.median(numpy_single)), 2),
            "mlx_over_numpy_paired": round(float(np.median(run.paired("mlx", "numpy"))), 2),
            "mlx_vs_numpy_order": run.about(),
        })  # fmt: skip
        del m
    return out


def bench_full_search(n: int, embedder, dim: int) -> dict:
    """hybrid/vector/keyword ``search()`` on a real n-chunk database (synthetic text and vectors)."""
    from engine.index import ChunkRow, DocumentWrite, IndexStore, search

    words = (ROOT / "eval" / "corpus" / "python" / "fnmatch.py").read_text().split()
    words += (ROOT / "eval" / "corpus" / "python" / "colorsys.py").read_text().split()
    rng = np.random.default_rng(1)
    tmp = Path(tempfile.mkdtemp())
    try:
        store = IndexStore(tmp / "big.sqlite3")
        store.check_embedder(embedder.name, dim)
        per_doc = 50
        t = time.perf_counter()
        batch = []
        for d in range(n // per_doc):
            rows = tuple(
                ChunkRow(
                    i, None, i + 1, i + 1, i * 100, i * 100 + 99, 60, "", " ".join(rng.choice(words, 60))
                )
                for i in range(per_doc)
            )
            batch.append(DocumentWrite(f"/bench/d{d // 100}/f{d}.txt", "text", 5000, 1, str(d), "indexed", None,
                                       rows, _unit(rng, per_doc, dim).astype(np.float16), 5000))  # fmt: skip
            if len(batch) == 100:
                store.write_batch(batch)
                batch = []
        if batch:
            store.write_batch(batch)
        build_s = time.perf_counter() - t
        queries = ["match file names with shell patterns", "convert rgb to hsv colour", "translate pattern regex",
                   "hue saturation lightness", "case sensitive filename matching"]  # fmt: skip
        result = {"chunks": n, "db_build_s": round(build_s, 1)}
        qv = [embedder.embed([q], kind="query") for q in queries]  # warm the embedder
        t_embed = []
        for q in queries * 4:
            t = time.perf_counter()
            embedder.embed([q], kind="query")
            t_embed.append(time.perf_counter() - t)
        result["query_embedding"] = _percentiles(t_embed)
        del qv
        modes = ("vector", "keyword", "hybrid")
        for mode in modes:
            search(store, embedder, queries[0], k=10, mode=mode)  # loads and caches the matrix

        def one(mode: str):  # each mode counts its own calls: the k-th call of every mode, the same query
            calls = itertools.count()
            return lambda: search(store, embedder, queries[next(calls) % len(queries)], k=10, mode=mode)

        # the modes in palindromic order (vector keyword hybrid hybrid keyword vector), 10 rounds: 20 calls each
        run = abba({mode: one(mode) for mode in modes}, 2 * len(queries))
        for mode in modes:
            result[mode] = _percentiles(run.values(mode))
        result["modes_order"] = run.about()
        store.close()
        return result
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--folder", default=str(ROOT / "eval" / "corpus" / "debian" / "python3-pip"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--scales", default="10000,100000,1000000")
    ap.add_argument("--full-search-chunks", type=int, default=100_000)
    ap.add_argument("--skip-indexing", action="store_true")
    args = ap.parse_args()
    embedder = load_embedder(default_embedder_path())
    report: dict = {"embedder": embedder.name, "blas": blas()}
    if not args.skip_indexing:
        report["indexing"] = bench_indexing(Path(args.folder), embedder, args.runs)
    report["vector_search"] = bench_vector_scales([int(s) for s in args.scales.split(",") if s], embedder.dim)
    if args.full_search_chunks:
        report["full_search"] = bench_full_search(args.full_search_chunks, embedder, embedder.dim)
    emit(report)


if __name__ == "__main__":
    main()
