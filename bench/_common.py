"""Shared bits for benchmarks: repo on sys.path, BLAS preloaded before MLX, JSON output."""

from __future__ import annotations

import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from engine.core import blas_info, preload_blas  # noqa: E402
from eval.corpus_archive import ensure_corpus  # noqa: E402

preload_blas()
# The evaluation corpus is committed as one archive (its .py files are data, not modules of ours); every benchmark
# reads the unpacked eval/corpus/, made here once (and again when the archive changes).
ensure_corpus()


def summary(values: list[float]) -> dict:
    return {"min": min(values), "median": statistics.median(values), "max": max(values), "runs": len(values)}


def emit(obj: dict) -> None:
    sys.stdout.write(json.dumps(obj, indent=2, default=str) + "\n")
    sys.stdout.flush()


def blas() -> dict:
    info = blas_info()
    return {"name": info.name, "path": info.path, "openblas_threads": os.environ.get("OPENBLAS_NUM_THREADS")}
