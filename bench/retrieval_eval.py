"""Retrieval quality on the committed labelled set (eval/corpus + eval/queries.jsonl) with the real MLX embedder.

Indexes eval/corpus (incrementally: a second run reuses the index), runs every query in vector, keyword and
hybrid mode (the default score fusion, and RRF), and prints JSON: recall@5, recall@10, MRR@10 and nDCG@10 per
mode, plus with --sweep the fusion settings around the defaults (vector weight, RRF k, candidate depth) so the
chosen defaults can be checked honestly. eval/queries_holdout.jsonl holds questions written later from the
documents alone (held out at first, read while retrieval was tuned since), and so does eval/queries_holdout2.jsonl
(stop 32: it chose the keyword-lead rule after one report). eval/queries_holdout3.jsonl is the held-out retrieval
set, on passages no tuning set labels: run it with --queries eval/queries_holdout3.jsonl.

A result is relevant when it comes from the labelled file and its lines overlap the labelled passage (the lines of
the query's unique quote, or its explicit line range). nDCG uses binary gains; the ideal ranking holds every
chunk of the index that overlaps the passage (at most 10).

    .venv/bin/python bench/retrieval_eval.py [--db PATH] [--sweep]
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import tempfile
import time
from pathlib import Path

from _common import ROOT, blas, emit
from abba import abba

from engine.encoders import default_embedder_path, load_embedder
from engine.index import (
    KEYWORD_LEAD,
    RRF_K,
    SAME_FILE_SPREAD,
    VECTOR_WEIGHT,
    IndexStore,
    IndexSummary,
    index_paths,
    search_many,
)

EVAL = ROOT / "eval"


def load_queries(path: Path, corpus: Path) -> list[dict]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        q = json.loads(line)
        file = corpus / q["path"]
        text = file.read_text(encoding="utf-8", errors="replace").replace("\r\n", "\n")
        if "quote" in q:
            at = text.find(q["quote"])
            if at < 0 or text.find(q["quote"], at + 1) >= 0:
                raise SystemExit(f"query {q['id']}: quote must occur exactly once in {q['path']}")
            q["line_start"] = text.count("\n", 0, at) + 1
            q["line_end"] = text.count("\n", 0, at + len(q["quote"])) + 1
        q["abs_path"] = str(file.resolve())
        out.append(q)
    return out


def relevant(hit_path: str, ls: int, le: int, q: dict) -> bool:
    return hit_path == q["abs_path"] and ls <= q["line_end"] and le >= q["line_start"]


def metrics(results: list[list], queries: list[dict], ideal: list[int]) -> dict:
    r5 = r10 = mrr = ndcg = 0.0
    for hits, q, n_ideal in zip(results, queries, ideal, strict=True):
        rel = [relevant(h.path, h.line_start, h.line_end, q) for h in hits[:10]]
        r5 += any(rel[:5])
        r10 += any(rel)
        first = next((i for i, r in enumerate(rel) if r), None)
        mrr += 0.0 if first is None else 1.0 / (first + 1)
        dcg = sum(1.0 / math.log2(i + 2) for i, r in enumerate(rel) if r)
        idcg = sum(1.0 / math.log2(i + 2) for i in range(max(1, min(10, n_ideal))))
        ndcg += dcg / idcg
    n = len(queries)
    return {"recall@5": r5 / n, "recall@10": r10 / n, "mrr@10": mrr / n, "ndcg@10": ndcg / n}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default=str(Path(tempfile.gettempdir()) / "alcove-eval-index.sqlite3"))
    ap.add_argument("--corpus", default=str(EVAL / "corpus"))
    ap.add_argument("--queries", default=str(EVAL / "queries.jsonl"))
    ap.add_argument("--sweep", action="store_true", help="also try other fusion weights, RRF k and depths")
    args = ap.parse_args()
    corpus = Path(args.corpus)
    queries = load_queries(Path(args.queries), corpus)

    embedder = load_embedder(default_embedder_path())
    t0 = time.perf_counter()
    summary = None
    for item in index_paths([corpus], args.db, embedder):
        if isinstance(item, IndexSummary):
            summary = item
    index_s = time.perf_counter() - t0

    store = IndexStore(args.db, read_only=True)
    ideal = []
    for q in queries:
        chunks = store.chunks_for_document(q["abs_path"])
        ideal.append(sum(relevant(q["abs_path"], c.line_start, c.line_end, q) for c in chunks))
    texts = [q["query"] for q in queries]
    report: dict = {
        "corpus": {"files": store.stats().documents, "chunks": store.stats().chunks, "queries": len(queries)},
        "index": summary.to_json() if summary else None,
        "index_seconds": round(index_s, 1),
        "embedder": embedder.name,
        "blas": blas(),
        "modes": {},
    }
    runs = {
        "vector": {"mode": "vector"},
        "keyword": {"mode": "keyword"},
        "hybrid": {"mode": "hybrid"},
        "hybrid_rrf": {"mode": "hybrid", "fusion": "rrf"},
    }
    # after a warm-up pass, every mode searches all queries twice, the modes in palindromic order (vector keyword
    # hybrid hybrid_rrf hybrid_rrf hybrid keyword vector: bench/abba.py), so their times are side by side; the
    # results do not change from pass to pass
    timed = abba({name: functools.partial(search_many, store, embedder, texts, k=10, **kw) for name, kw in runs.items()},
                 1, warmup=1)  # fmt: skip
    report["modes_order"] = timed.about()
    for name in runs:
        results = timed.results(name)[-1]
        m = metrics(results, queries, ideal)
        m["seconds_for_all_queries"] = round(timed.median(name), 3)
        m["seconds_for_all_queries_min"] = round(timed.summary(name)["min"], 3)
        report["modes"][name] = m
        if name != "keyword":  # per-query misses help write better labels and find weak spots
            report.setdefault("misses", {})[name] = [
                q["id"] for q, hits in zip(queries, results, strict=True)
                if not any(relevant(h.path, h.line_start, h.line_end, q) for h in hits)
            ]  # fmt: skip
    report["hybrid_settings"] = {
        "fusion": "score (min-max normalised, convex combination)",
        "vector_weight": VECTOR_WEIGHT,
        "rrf_k": RRF_K,
        "depth": "max(50, k)",
        "same_file_spread": SAME_FILE_SPREAD,
        "keyword_lead": KEYWORD_LEAD,
    }
    if args.sweep:
        sweep = []
        for depth in (20, 50, 100):
            for weight in (0.3, 0.4, 0.5, 0.6, 0.7):
                results = search_many(
                    store, embedder, texts, k=10, mode="hybrid", vector_weight=weight, depth=depth
                )
                sweep.append(
                    {
                        "fusion": "score",
                        "vector_weight": weight,
                        "depth": depth,
                        **metrics(results, queries, ideal),
                    }
                )
            for rrf_k in (10, 30, 60, 100):
                results = search_many(
                    store, embedder, texts, k=10, mode="hybrid", fusion="rrf", rrf_k=rrf_k, depth=depth
                )
                sweep.append(
                    {"fusion": "rrf", "rrf_k": rrf_k, "depth": depth, **metrics(results, queries, ideal)}
                )
        report["hybrid_sweep"] = sweep
    store.close()
    emit(report)


if __name__ == "__main__":
    main()
