"""Engine vs raw mlx-lm, prompt-cache TTFT, and the optimised-BLAS effect. Prints JSON; never pass/fail.

    python bench/bench_engine.py [--runs 3] [--quick] [--section overhead,prompt_cache,blas]
    python bench/bench_engine.py --section none --model FOLDER [--model FOLDER] --runs 2 --new-tokens 16

* overhead: decode and prefill tokens/s of ``Engine.generate`` vs ``mlx_lm.stream_generate`` on the same weights
  (SmolLM2-135M in fp16, and a Qwen3-0.6B-shaped random model in fp32).
* prompt_cache: TTFT of turn 2 of a ~2,000-token conversation with vs without the prompt cache.
* blas: fp32 decode/prefill tokens/s with OpenBLAS vs the wheel's reference BLAS (each call in a fresh process).

Every comparison runs its two sides in ABBA order, ``--runs`` rounds (each side twice a round: bench/abba.py), and
gives each side's min/median and the ratio both of the medians and per round (``*_paired``).
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
from abba import abba  # noqa: E402


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

        def ours() -> dict:
            req = GenerateRequest(prompt_ids=tuple(ids), max_tokens=max_tokens, use_prompt_cache=False)
            t0 = time.perf_counter()
            first, last, n = _consumer_times(engine.generate(req), lambda e: isinstance(e, TokenEvent))
            return _rates(t0, first, last, n, len(ids))

        def theirs_run() -> dict:
            t0 = time.perf_counter()
            first = last = None
            n = 0
            for _resp in stream_generate(lm.model, lm.tokenizer, mx.array(ids), max_tokens=max_tokens):
                t = time.perf_counter()
                first = first or t
                last = t
                n += 1
            return _rates(t0, first, last, n, len(ids))

        # Both paths must generate max_tokens: random models may emit EOS, so ignore EOS on both sides. mlx-lm runs
        # on the engine thread: same thread, same stream discipline as the engine. A warm-up call of each side is
        # discarded; then ABBA rounds, so neither side always goes first on a machine whose load changes.
        run = abba({"engine": ours, "mlx_lm": lambda: engine.run(theirs_run)}, runs, warmup=1)
        out = {
            "model": label,
            "dtype": info.dtype,
            "params": info.parameters,
            "prompt_tokens": len(ids),
            "max_tokens": max_tokens,
            **run.about(),
        }
        for key in ("decode_tps", "prefill_tps"):
            out[f"engine_{key}"] = run.summary("engine", key)
            out[f"mlx_lm_{key}"] = run.summary("mlx_lm", key)
            ratio = run.ratio("engine", "mlx_lm", key)
            out[f"{key}_ratio_median"] = ratio["of_medians"]
            out[f"{key}_ratio_paired"] = summary(ratio["paired"])  # per ABBA round: the sides back to back
        out["tokens_generated"] = {
            "engine": [x["tokens"] for x in run.results("engine")],
            "mlx_lm": [x["tokens"] for x in run.results("mlx_lm")],
        }
        out["engine_overhead_pct_decode"] = 100.0 * (1.0 - out["decode_tps_ratio_median"])
        return out
    finally:
        engine.shutdown()


def prompt_cache(model_spec: str, runs: int, conversation_tokens: int = 2000) -> dict:
    """TTFT of turn 2 with the prompt cache (turn 1 answered just before, untimed) vs without, ABBA. Greedy: every
    turn 1 gives the same reply, so every call's turn 2 is the same prompt."""
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

        def final(req: GenerateRequest) -> FinalEvent:
            return [e for e in engine.generate(req) if isinstance(e, FinalEvent)][0]

        f1 = final(GenerateRequest(messages=turn1, max_tokens=24, use_prompt_cache=False))
        turn2 = turn1 + (
            {"role": "assistant", "content": f1.text},
            {"role": "user", "content": "And in one word?"},
        )

        def with_cache() -> FinalEvent:
            engine.run(engine.prompt_cache.clear)
            final(GenerateRequest(messages=turn1, max_tokens=24))  # fills the cache; not timed
            return final(GenerateRequest(messages=turn2, max_tokens=4))

        run = abba(
            {
                "with_cache": with_cache,
                "without_cache": lambda: final(
                    GenerateRequest(messages=turn2, max_tokens=4, use_prompt_cache=False)
                ),
            },
            runs,
        )
        ttft = lambda f: f.stats.ttft_s  # noqa: E731
        last = run.results("with_cache")[-1]
        ratio = run.ratio("without_cache", "with_cache", ttft)
        return {
            "conversation_tokens": last.stats.prompt_tokens,
            "cached_tokens": last.stats.cached_tokens,
            "tokens_per_paragraph": per,
            **run.about(),
            "ttft_with_cache_s": run.summary("with_cache", ttft),
            "ttft_without_cache_s": run.summary("without_cache", ttft),
            "speedup_median": ratio["of_medians"],
            "speedup_paired": summary(ratio["paired"]),
        }
    finally:
        engine.shutdown()


def _bench_engine_child(folder: str, env_blas: str | None) -> dict:
    """One run of ``bench_engine`` (after one discarded warm-up run) in a fresh process: the BLAS is chosen when
    the process loads MLX."""
    env = dict(os.environ)
    if env_blas:
        env["ALCOVE_BLAS"] = env_blas
    code = (
        "import sys, json; sys.path.insert(0, 'bench'); from _common import blas; "
        "from engine.runtime import bench_engine; "
        f"r = bench_engine({folder!r}, prompt_tokens=128, max_tokens=16, runs=1, warmup=1); "
        "r['blas'] = blas(); print(json.dumps(r))"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=1800)  # fmt: skip
    if proc.returncode != 0:
        return {"error": proc.stderr[-2000:]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def blas_effect(folder: str, runs: int) -> dict:
    """fp32 decode/prefill with OpenBLAS vs the wheel's reference BLAS: one process per call, ABBA rounds."""
    run = abba({"openblas": lambda: _bench_engine_child(folder, None),
                "reference": lambda: _bench_engine_child(folder, "off")}, runs)  # fmt: skip
    out: dict = {**run.about()}
    for label in run.sides:
        results = run.results(label)
        failed = [r for r in results if "error" in r]
        if failed:
            out[label] = failed[0]
            continue
        # bench_engine's own shape, its figures taken over every call of this side
        out[label] = {k: v for k, v in results[0].items() if not isinstance(v, dict) or k == "blas"}
        out[label]["runs"] = len(results)
        for key in ("prefill_tokens_per_s", "decode_tokens_per_s", "ttft_s"):
            out[label][key] = run.summary(label, lambda r, key=key: r[key]["median"])
    if not any("error" in out[label] for label in run.sides):
        for key, name in (
            ("decode_tokens_per_s", "decode_speedup"),
            ("prefill_tokens_per_s", "prefill_speedup"),
        ):
            ratio = run.ratio("openblas", "reference", lambda r, key=key: r[key]["median"])
            out[name] = ratio["of_medians"]
            out[f"{name}_paired"] = summary(ratio["paired"])
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3, help="ABBA rounds per comparison")
    ap.add_argument(
        "--quick", action="store_true", help="smaller Qwen3-shaped model (4 layers) and fewer tokens"
    )
    ap.add_argument("--section", default="overhead,prompt_cache,blas")
    ap.add_argument(
        "--model",
        action="append",
        default=[],
        help="time this model folder too (overhead only, float32; repeatable), e.g. a real Qwen import",
    )
    ap.add_argument("--prompt-tokens", type=int, default=256)
    ap.add_argument("--new-tokens", type=int, default=16, help="new tokens per call for --model folders")
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
        for folder in args.model:  # real models: the same comparison, float32 (the fast dtype here)
            result.setdefault("overhead", []).append(
                overhead(folder, Path(folder).name, "float32", args.runs, args.prompt_tokens, args.new_tokens)
            )
        if "prompt_cache" in sections:
            result["prompt_cache"] = prompt_cache(smol, args.runs)
        if "blas" in sections:
            result["blas_effect"] = {"model": "Qwen3-0.6B-shaped fp32", **blas_effect(qwen, args.runs)}
    emit(result)


if __name__ == "__main__":
    main()
