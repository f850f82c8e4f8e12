"""``alcove bench``: prefill and decode speed of a model through the engine, min/median over runs.

One side only (no comparison is made here); bench/bench_engine.py calls it in fresh processes, OpenBLAS and the
reference BLAS in ABBA order, with ``warmup=1``."""

from __future__ import annotations

import statistics

from engine.core import FinalEvent, GenerateRequest, blas_info
from engine.runtime.engine import Engine


def bench_engine(
    model: str, *, prompt_tokens: int = 256, max_tokens: int = 64, runs: int = 3, warmup: int = 0
) -> dict:
    """``runs`` timed requests after ``warmup`` discarded ones (first-call allocations and kernel set-up)."""
    prefill, decode, ttft = [], [], []
    with Engine() as engine:
        info = engine.load_model(model)
        vocab_probe = engine.run(
            lambda: engine.model("chat").tokenizer.encode("The quick brown fox jumps over the lazy dog. ")
        )
        ids = (vocab_probe * (prompt_tokens // max(1, len(vocab_probe)) + 1))[:prompt_tokens]
        for i in range(warmup + runs):
            req = GenerateRequest(prompt_ids=tuple(ids), max_tokens=max_tokens, use_prompt_cache=False)
            final = [e for e in engine.generate(req) if isinstance(e, FinalEvent)][0]
            if i < warmup:
                continue
            prefill.append(final.stats.prefill_tokens_per_s)
            decode.append(final.stats.decode_tokens_per_s)
            ttft.append(final.stats.ttft_s)
    return {
        "model": info.name,
        "dtype": info.dtype,
        "blas": blas_info().name,
        "prompt_tokens": prompt_tokens,
        "max_tokens": max_tokens,
        "runs": runs,
        "prefill_tokens_per_s": {"min": min(prefill), "median": statistics.median(prefill)},
        "decode_tokens_per_s": {"min": min(decode), "median": statistics.median(decode)},
        "ttft_s": {"min": min(ttft), "median": statistics.median(ttft)},
    }
