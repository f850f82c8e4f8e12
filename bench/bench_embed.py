"""Embedding throughput: Alcove's MLX encoder vs sentence-transformers on PyTorch CPU, same chunks, same model.

Chunks are real text (docstrings of this Python's standard library) cut to ~60-250 tokens of all-MiniLM-L6-v2.
The two engines run in ABBA order (bench/abba.py), ``--runs`` rounds of each twice, so a busy machine hurts both
alike and neither always goes first; the ratios are of the medians and per round (``ratio_paired``). Prints JSON;
never passes or fails on time.

    .venv/bin/python bench/bench_embed.py                 # OPENBLAS/torch threads 1 and 2, 3 ABBA rounds each
    .venv/bin/python bench/bench_embed.py --threads 2 --runs 5 --chunks 600
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import statistics
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from abba import abba  # noqa: E402


def _docstrings() -> list[str]:
    """Paragraphs of docstrings from the standard library's source, read with ast (nothing is imported)."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    paras: list[str] = []
    for path in sorted(stdlib.glob("*.py")) + sorted(stdlib.glob("*/*.py")):
        if any(part in ("test", "tests", "idlelib", "site-packages", "lib2to3") for part in path.parts):
            continue
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                doc = ast.get_docstring(node)
                if doc:
                    paras += [" ".join(p.split()) for p in doc.split("\n\n") if len(p.split()) >= 5]
    return paras


def real_chunks(tokenizer, n: int, lo: int = 60, hi: int = 250) -> list[str]:
    """Deterministic chunks of stdlib docstrings, each between lo and hi tokens."""
    chunks, cur, target = [], [], lo
    for i, p in enumerate(_docstrings()):
        cur.append(p)
        text = " ".join(cur)
        count = len(tokenizer.encode(text).ids)
        if count >= target:
            if count <= hi:
                chunks.append(text)
            cur = []
            target = lo + (i * 37) % (hi - lo)  # spread lengths over the whole range
        if len(chunks) >= n:
            break
    return chunks


def child(threads: int, runs: int, n: int, batch_size: int) -> dict:
    os.environ["OPENBLAS_NUM_THREADS"] = str(threads)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    sys.path.insert(0, str(ROOT))
    from engine.core import blas_info, preload_blas

    preload_blas()
    import numpy as np
    import torch
    from sentence_transformers import SentenceTransformer

    from engine.encoders import default_embedder_path, load_embedder

    torch.set_num_threads(threads)
    path = default_embedder_path()
    ours = load_embedder(path)
    st = SentenceTransformer(str(path), device="cpu")
    chunks = real_chunks(ours.tokenizer, n)
    tokens = [ours.count_tokens(c) for c in chunks]
    ours.embed(chunks[:64])  # warm up (compiles a few shapes)
    st.encode(chunks[:64], batch_size=batch_size)
    run = abba({"mlx": lambda: ours.embed(chunks),
                "sentence_transformers": lambda: st.encode(chunks, batch_size=batch_size, convert_to_numpy=True)},
               runs)  # fmt: skip
    mine, ref = run.results("mlx")[-1], run.results("sentence_transformers")[-1]
    t_ours, t_st = run.values("mlx"), run.values("sentence_transformers")
    cos = float((mine.vectors * ref).sum(1).min())

    def rate(ts):
        return {
            "best_chunks_per_s": round(len(chunks) / min(ts), 2),
            "median_chunks_per_s": round(len(chunks) / statistics.median(ts), 2),
            "min_s": round(min(ts), 3),
            "median_s": round(statistics.median(ts), 3),
        }

    paired = run.paired("sentence_transformers", "mlx")  # seconds: theirs over ours, a speed-up of ours
    info = blas_info()
    return {
        "threads": threads,
        "chunks": len(chunks),
        "tokens_min": min(tokens),
        "tokens_median": int(np.median(tokens)),
        "tokens_max": max(tokens),
        "truncated": len(mine.truncated),
        "runs": runs,
        **run.about(),
        "mlx": rate(t_ours),
        "sentence_transformers_torch_cpu": {
            **rate(t_st),
            "batch_size": batch_size,
            "torch": torch.__version__,
        },
        "ratio_best": round(min(t_st) / min(t_ours), 3),
        "ratio_median": round(statistics.median(t_st) / statistics.median(t_ours), 3),
        "ratio_paired": {
            "median": round(statistics.median(paired), 3),
            "min": round(min(paired), 3),
            "max": round(max(paired), 3),
        },  # fmt: skip
        "min_cosine_vs_reference": round(cos, 7),
        "blas": {"name": info.name, "path": info.path, "note": info.note},
        "load_average": os.getloadavg()[0],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--threads", type=int, nargs="*", default=[1, 2])
    ap.add_argument("--runs", type=int, default=3, help="ABBA rounds")
    ap.add_argument("--chunks", type=int, default=500)
    ap.add_argument("--batch-size", type=int, default=32, help="sentence-transformers batch size")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(args.threads[0], args.runs, args.chunks, args.batch_size)))
        return
    results = []
    for th in args.threads:
        # BLAS thread count is fixed when the library loads: one fresh process per setting.
        cmd = [sys.executable, __file__, "--child", "--threads", str(th), "--runs", str(args.runs)]
        cmd += ["--chunks", str(args.chunks), "--batch-size", str(args.batch_size)]
        env = {**os.environ, "OPENBLAS_NUM_THREADS": str(th)}
        out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
        results.append(json.loads(out.strip().splitlines()[-1]))
    print(json.dumps({"bench": "embed", "model": "all-MiniLM-L6-v2", "results": results}, indent=2))


if __name__ == "__main__":
    main()
