"""Generative reranking by a real chat model against no reranking, on a labelled retrieval set (issue 36 item 6).

Indexes eval/corpus (reusing the index at --db), takes the hybrid top ``--depth`` for each query, scores every
passage with the chat model through the public ``Engine.rerank`` path (the Qwen3-Reranker yes/no recipe of
engine.rag.generative_rerank: log-odds of "yes" over "no") and reports, side by side on the same queries:

- ``none``: the search order (what ``ask`` does by default);
- ``rerank@D`` for D in 10 and ``--depth``: the first D hits reordered by the model's score (the scores of one pass
  serve both: each passage is scored on its own, so the top-10 order is the top-20 scores restricted to the top 10).

recall@5, recall@10, MRR@10, nDCG@10 (bench/retrieval_eval.py's definitions) and the model's cost per query (load
excluded). The recipe was fixed beforehand (nothing here was tuned on the set it reports). ``--limit N`` takes the
first N queries (the figures name the subset). Run it nice'd: it is minutes of CPU per model on this machine.

    nice .venv/bin/python bench/bench_rerank.py --model /path/to/qwen05-fp32 \
        --queries eval/queries_holdout3.jsonl --depth 20 [--limit 20]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from _common import ROOT, blas, emit, summary
from retrieval_eval import load_queries, metrics, relevant

from engine import Engine
from engine.core import Candidate, ModelRequest, RerankRequest, Role
from engine.encoders import default_embedder_path, load_embedder
from engine.index import IndexStore, IndexSummary, index_paths, search_many

EVAL = ROOT / "eval"


def candidates(hits) -> tuple[Candidate, ...]:
    return tuple(
        Candidate(text=h.text, path=h.path, line_start=h.line_start, line_end=h.line_end, score=h.score)
        for h in hits
    )


def reordered(hits: list, raw: list[float], depth: int) -> list:
    """The first ``depth`` hits best first by ``raw`` (ties keep the search order), then the rest unchanged."""
    top = sorted(range(min(depth, len(hits))), key=lambda i: (-raw[i], i))
    return [hits[i] for i in top] + hits[depth:]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True, help="chat model folder used as a generative reranker")
    ap.add_argument("--db", default=str(Path(tempfile.gettempdir()) / "alcove-eval-index.sqlite3"))
    ap.add_argument("--corpus", default=str(EVAL / "corpus"))
    ap.add_argument("--queries", default=str(EVAL / "queries_holdout3.jsonl"))
    ap.add_argument("--depth", type=int, default=20, help="hits the model scores per query")
    ap.add_argument("--limit", type=int, default=0, help="only the first N queries (0: all)")
    ap.add_argument("--dtype", default="float32")
    ap.add_argument(
        "--reuse", default=None, help="a previous run's JSON: its queries' scores are taken, not redone"
    )
    args = ap.parse_args()
    corpus = Path(args.corpus)
    queries = load_queries(Path(args.queries), corpus)
    if args.limit:
        queries = queries[: args.limit]

    embedder = load_embedder(default_embedder_path())
    summary_ = None
    for item in index_paths([corpus], args.db, embedder):
        if isinstance(item, IndexSummary):
            summary_ = item
    store = IndexStore(args.db, read_only=True)
    ideal = []
    for q in queries:
        chunks = store.chunks_for_document(q["abs_path"])
        ideal.append(sum(relevant(q["abs_path"], c.line_start, c.line_end, q) for c in chunks))
    results = search_many(store, embedder, [q["query"] for q in queries], k=args.depth, mode="hybrid")
    store.close()

    per_query = []
    reused = {}
    if args.reuse:
        prev = json.loads(Path(args.reuse).read_text())
        if prev["model_path"] == args.model and prev["depth"] == args.depth:
            reused = {p["id"]: p for p in prev["per_query"]}
    with Engine() as eng:
        t0 = time.perf_counter()
        info = eng.ensure(ModelRequest(Role.CHAT, args.model, dtype=args.dtype))
        load_s = time.perf_counter() - t0
        raws = []
        for q, hits in zip(queries, results, strict=True):
            if q["id"] in reused and len(reused[q["id"]]["raw"]) == len(hits):
                per_query.append(reused[q["id"]] | {"reused": True})
                raws.append(reused[q["id"]]["raw"])
                continue
            req = RerankRequest(
                q["query"], candidates(hits), model=ModelRequest(Role.CHAT, args.model, args.dtype)
            )
            t = time.perf_counter()
            res = eng.rerank(req)
            seconds = time.perf_counter() - t
            raw = [0.0] * len(hits)
            for it in res.items:
                raw[it.old_rank - 1] = it.raw_score
            raws.append(raw)
            first = [relevant(h.path, h.line_start, h.line_end, q) for h in hits]
            per_query.append({"id": q["id"], "seconds": round(seconds, 3), "passages": len(hits),
                              "truncated": res.truncated, "relevant_at": [i + 1 for i, r in enumerate(first) if r],
                              "raw": [round(v, 3) for v in raw]})  # fmt: skip
    rows = {"none": metrics([h[:10] for h in results], queries, ideal)}
    for d in sorted({10, args.depth}):
        rows[f"rerank@{d}"] = metrics([reordered(h, r, d)[:10] for h, r in zip(results, raws, strict=True)],
                                      queries, ideal)  # fmt: skip
    secs = [p["seconds"] for p in per_query]
    emit({
        "model": info.name, "model_path": args.model, "dtype": args.dtype, "parameters": info.parameters,
        "queries_file": str(Path(args.queries).relative_to(ROOT)) if Path(args.queries).is_absolute() else args.queries,
        "queries": len(queries), "subset": f"first {len(queries)} in file order", "depth": args.depth,
        "index": summary_.to_json() if summary_ else None, "blas": blas(), "load_s": round(load_s, 1),
        "metrics": {k: {m: round(v, 4) for m, v in row.items()} for k, row in rows.items()},
        "seconds_per_query": summary(secs), "seconds_per_passage": round(sum(secs) / max(1, sum(len(h) for h in results)), 3),
        "per_query": per_query,
    })  # fmt: skip


if __name__ == "__main__":
    main()
