"""Shared bits for benchmarks: repo on sys.path, BLAS preloaded before MLX, JSON output."""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from engine.core import blas_info, preload_blas  # noqa: E402
from eval.corpus_archive import ensure_corpus  # noqa: E402

preload_blas()
from engine import Engine, FinalEvent, GenerateRequest, TokenEvent  # noqa: E402 - MLX after the BLAS preload

# The evaluation corpus is committed as one archive (its .py files are data, not modules of ours); every benchmark
# reads the unpacked eval/corpus/, made here once (and again when the archive changes).
ensure_corpus()


def load_chat_model(name: str):
    """A chat model by a chunked model's name ("qwen2.5-coder-1.5b-instruct": assembled and imported once) or by any
    model spec ("default", a folder, a .gguf file)."""
    from engine.models import CHUNKED_MODELS, import_chunked, load_lm, resolve_model

    folder = import_chunked(name) if name in CHUNKED_MODELS else name
    return load_lm(resolve_model(str(folder)))


def summary(values: list[float]) -> dict:
    return {"min": min(values), "median": statistics.median(values), "max": max(values), "runs": len(values)}


def emit(obj: dict) -> None:
    sys.stdout.write(json.dumps(obj, indent=2, default=str) + "\n")
    sys.stdout.flush()


def blas() -> dict:
    info = blas_info()
    return {"name": info.name, "path": info.path, "openblas_threads": os.environ.get("OPENBLAS_NUM_THREADS")}


def chat_once(engine: Engine, prompt: str, max_tokens: int) -> dict:
    """One chat request (no prompt cache) timed as a user sees it: TTFT from the engine's stats (from submission,
    queue wait included) and from this thread's wall clock, decode tok/s, and when it started and ended."""
    req = GenerateRequest(messages=({"role": "user", "content": prompt},), max_tokens=max_tokens,
                          use_prompt_cache=False)  # fmt: skip
    t0 = time.perf_counter()
    first = final = None
    for ev in engine.generate(req):
        if isinstance(ev, TokenEvent) and first is None:
            first = time.perf_counter() - t0
        if isinstance(ev, FinalEvent):
            final = ev
    assert final is not None and final.error is None, final
    return {
        "ttft_s": final.stats.ttft_s,
        "queue_s": final.stats.queue_s,
        "first_token_wall_s": first,
        "decode_tokens_per_s": final.stats.decode_tokens_per_s,
        "generated_tokens": final.stats.generated_tokens,
        "t0": t0,
        "t1": time.perf_counter(),
    }
