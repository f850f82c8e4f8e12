"""Engine vs raw mlx-lm, prompt-cache TTFT, and the optimised-BLAS effect. Prints JSON; never pass/fail.

    python bench/bench_engine.py [--runs 3] [--quick] [--section overhead,prompt_cache,blas]

* overhead: decode and prefill tokens/s of ``Engine.generate`` vs ``mlx_lm.stream_generate`` on the same weights,
  interleaved run by run (SmolLM2-135M in fp16, and a Qwen3-0.6B-shaped random model in fp32).
* prompt_cache: TTFT of turn 2 of a ~2,000-token conversation with vs without the prompt cache.
* blas: fp32 decode/prefill tokens/s with OpenBLAS vs the wheel's reference BLAS (each in a subprocess).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT, blas, emit, summary  # noqa: E402


def _consumer_times(events_iter, is_token):
    """Arrival times of tokens as a consumer sees them: (t_first, t_last, n)."""
    first = last = None
    n = 0
    for ev in events_iter:
        if is_token(ev):
            t = time.perf_counter()
            first = first or t
            last = t
            n += 1
    return first, last, n


def _rates(t0, first, last, n, prompt_tokens):
    return {
        "prefill_tps": prompt_tokens / (first - t0),
        "decode_tps": (n - 1) / (last - first) if n > 1 and last > first else 0.0,
        "ttft_s": first - t0,
        "tokens": n,
    }


def overhead(model_spec: str, label: str, dtype: str, runs: int, prompt_tokens: int, max_tokens: int) -> dict:
    import mlx.core as mx
    from mlx_lm import stream_generate

    from engine.core import GenerateRequest, TokenEvent
    from engine.runtime import Engine

    engine = Engine()
    try:
        info = engine.load_model(model_spec, dtype=dtype)
        lm = engine.run(lambda: engine.model("chat"))
        base = engine.run(lambda: lm.tokenizer.encode("The history of the city begins in antiquity. " * 4))
        ids = (base * (prompt_tokens // len(base) + 1))[:prompt_tokens]
        ours, theirs = [], []
        for r in range(runs + 1):  # the first round warms both paths up and is discarded
            req = GenerateRequest(prompt_ids=tuple(ids), max_tokens=max_tokens, use_prompt_cache=False)
            # Both paths must generate max_tokens: random models may emit EOS, so ignore EOS on both sides.
            t0 = time.perf_counter()
            first, last, n = _consumer_times(engine.generate(req), lambda e: isinstance(e, TokenEvent))
            o = _rates(t0, first, last, n, len(ids))

            def theirs_run():
                t0 = time.perf_counter()
                first = last = None
                n = 0
                for _resp in stream_generate(lm.model, lm.tokenizer, mx.array(ids), max_tokens=max_tokens):
                    t = time.perf_counter()
                    first = first or t
                    last = t
                    n += 1
                return _rates(t0, first, last, n, len(ids))

            t = engine.run(theirs_run)  # same thread, same stream discipline as the engine
            if r > 0:
                ours.append(o)
                theirs.append(t)
        out = {
            "model": label,
            "dtype": info.dtype,
            "params": info.parameters,
            "prompt_tokens": len(ids),
            "max_tokens": max_tokens,
        }
        for key in ("decode_tps", "prefill_tps"):
            a = [x[key] for x in ours]
            b = [x[key] for x in theirs]
            out[f"engine_{key}"] = summary(a)
            out[f"mlx_lm_{key}"] = summary(b)
            out[f"{key}_ratio_median"] = summary(a)["median"] / summary(b)["median"]
        out["tokens_generated"] = {
            "engine": [x["tokens"] for x in ours],
            "mlx_lm": [x["tokens"] for x in theirs],
        }
        out["engine_overhead_pct_decode"] = 100.0 * (1.0 - out["decode_tps_ratio_median"])
        return out
    finally:
        engine.shutdown()


def prompt_cache(model_spec: str, runs: int, conversation_tokens: int = 2000) -> dict:
    from engine.core import FinalEvent, GenerateRequest
    from engine.runtime import Engine

    paragraph = (
        "Alcove keeps an index of your own documents and answers questions about them with citations. "
        "Every chunk remembers its file, page and lines, so a citation opens the exact place. "
    )
    engine = Engine()
    try:
        engine.load_model(model_spec)
        tok = engine.run(lambda: engine.model("chat").tokenizer)
        per = len(tok.encode(paragraph))
        history = []
        while True:
            msgs = history + [
                {"role": "user", "content": paragraph * 6},
                {"role": "assistant", "content": paragraph * 4},
            ]
            if len(tok.apply_chat_template(msgs)) > conversation_tokens:
                break
            history = msgs
        turn1 = tuple(history + [{"role": "user", "content": "Summarise what Alcove does."}])
        warm, cold = [], []
        n_prompt = 0
        for _ in range(runs):
            engine.prompt_cache.clear() if hasattr(engine.prompt_cache, "clear") else None
            f1 = [
                e
                for e in engine.generate(GenerateRequest(messages=turn1, max_tokens=24))
                if isinstance(e, FinalEvent)
            ][0]
            turn2 = turn1 + (
                {"role": "assistant", "content": f1.text},
                {"role": "user", "content": "And in one word?"},
            )
            w = [
                e
                for e in engine.generate(GenerateRequest(messages=turn2, max_tokens=4))
                if isinstance(e, FinalEvent)
            ][0]
            c = [
                e
                for e in engine.generate(
                    GenerateRequest(messages=turn2, max_tokens=4, use_prompt_cache=False)
                )
                if isinstance(e, FinalEvent)
            ][0]
            warm.append(w.stats.ttft_s)
            cold.append(c.stats.ttft_s)
            n_prompt = w.stats.prompt_tokens
            cached = w.stats.cached_tokens
        return {
            "conversation_tokens": n_prompt,
            "cached_tokens": cached,
            "tokens_per_paragraph": per,
            "ttft_with_cache_s": summary(warm),
            "ttft_without_cache_s": summary(cold),
            "speedup_median": summary(cold)["median"] / summary(warm)["median"],
        }
    finally:
        engine.shutdown()


def blas_effect(folder: str, runs: int) -> dict:
    out = {}
    for label, env_blas in (("openblas", None), ("reference", "off")):
        env = dict(os.environ)
        if env_blas:
            env["ALCOVE_BLAS"] = env_blas
        code = (
            "import sys, json; sys.path.insert(0, 'bench'); from _common import blas; "
            f"from engine.runtime.benchmark import bench_engine; r = bench_engine({folder!r}, prompt_tokens=128, max_tokens=16, runs={runs}); "
            "r['blas'] = blas(); print(json.dumps(r))"
        )
        proc = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800
        )
        if proc.returncode != 0:
            out[label] = {"error": proc.stderr[-2000:]}
            continue
        out[label] = json.loads(proc.stdout.strip().splitlines()[-1])
    try:
        out["decode_speedup"] = (
            out["openblas"]["decode_tokens_per_s"]["median"]
            / out["reference"]["decode_tokens_per_s"]["median"]
        )
        out["prefill_speedup"] = (
            out["openblas"]["prefill_tokens_per_s"]["median"]
            / out["reference"]["prefill_tokens_per_s"]["median"]
        )
    except (KeyError, ZeroDivisionError):
        pass
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument(
        "--quick", action="store_true", help="smaller Qwen3-shaped model (4 layers) and fewer tokens"
    )
    ap.add_argument("--section", default="overhead,prompt_cache,blas")
    args = ap.parse_args()
    sections = set(args.section.split(","))
    from engine.models import default_chat_model_path
    from tests.tiny_models import make_qwen3_0_6b_shaped

    result = {"blas": blas(), "runs": args.runs}
    smol = str(default_chat_model_path())
    with tempfile.TemporaryDirectory() as tmp:
        qwen = str(
            make_qwen3_0_6b_shaped(Path(tmp) / "qwen3-0.6b-shaped", num_hidden_layers=4 if args.quick else 28)
        )
        if "overhead" in sections:
            result["overhead"] = [
                overhead(smol, "SmolLM2-135M-Instruct", "float16", args.runs, 256, 32 if args.quick else 64),
                overhead(
                    qwen, "Qwen3-0.6B-shaped (random)", "float32", args.runs, 256, 16 if args.quick else 32
                ),
            ]
        if "prompt_cache" in sections:
            result["prompt_cache"] = prompt_cache(smol, args.runs)
        if "blas" in sections:
            result["blas_effect"] = {"model": "Qwen3-0.6B-shaped fp32", **blas_effect(qwen, args.runs)}
    emit(result)


if __name__ == "__main__":
    main()
