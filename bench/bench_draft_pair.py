"""The real draft pair (issue 36 item 3): Qwen2.5-Coder-0.5B-Instruct drafting for Qwen2.5-Coder-1.5B-Instruct.

Both models are the real GGUF files imported to float32 folders (``--target`` / ``--draft``). The pair is found the
way the app finds it: ``best_draft(target, [draft])`` on whole-tokenizer identity (token list and merges read from
the files; the chat templates differ and are reported as a note: the target's template formats the prompt, the
draft only sees the token ids). Then, on copy-heavy, answer-from-a-passage, prose and code prompts, side by side in
palindromic order (bench/abba.py), greedy:

- ``plain``: our plain decoding;
- ``draft``: our draft-model decoding under the governor (what the app runs), with what the governor decided
  (gates, fallbacks, the label of the mode it ended in);
- ``draft_fixed``: the same, the proposal width fixed at ``--num-draft`` and no governor;
- ``mlx_lm``: mlx-lm's own speculative decoding (``speculative_generate_step``, what ``mlx_lm.generate`` runs with
  ``draft_model=``) on the same loaded pair, dtype, prompt ids and width.

Per task: tokens, acceptance (accepted / proposed), mean accepted prefix per verification, target forwards per
generated token, wall time and its ratio to plain (median, min, paired per round), and whether the output is
token-identical to plain decoding. One JSON document on stdout.

    OPENBLAS_NUM_THREADS=1 nice .venv/bin/python bench/bench_draft_pair.py \
        --target /path/qwen2.5-coder-1.5b-f32 --draft /path/qwen2.5-coder-0.5b-f32 --max-tokens 32 --repeats 1
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.abba import abba  # noqa: E402
from bench.bench_speculative import FUNCTION, PARAGRAPH, PASSAGE, run_mlx_lm, run_ours, summarise, totals  # noqa: E402
from engine.core import blas_info  # noqa: E402 - bench_speculative preloaded the BLAS before MLX

TASKS = {
    "copy_rewrite": f"Fix the spelling and grammar mistakes in this paragraph and return the corrected paragraph:\n\n{PARAGRAPH}",
    "copy_code_edit": f"Rename the variable `total` to `amount` in this Python function and return the whole function:\n\n{FUNCTION}",
    "passage_qa": f"{PASSAGE}\n\nUsing the passage above, answer: where does Alcove store the models and documents, and what Mac does it need?",
    "prose": "In one short paragraph, explain to a new programmer why version control is useful.",
    "code": "Write a Python function is_palindrome(text) that ignores case, spaces and punctuation. Only the code.",
}  # fmt: skip


def encode(lm, text: str) -> list[int]:
    """The TARGET's chat template formats the prompt; the draft is given these same ids."""
    ids = lm.tokenizer.apply_chat_template([{"role": "user", "content": text}], add_generation_prompt=True)
    return list(ids["input_ids"] if isinstance(ids, dict) else ids)


def pairing(target: str, draft: str) -> dict:
    from engine.speculative import best_draft, check_locations

    t0 = time.perf_counter()
    chosen = best_draft(target, [draft])
    res = check_locations(target, draft)
    return {"best_draft_for_target": chosen, "compatible": res.compatible, "differences": list(res.differences),
            "notes": list(res.notes), "seconds": round(time.perf_counter() - t0, 2)}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", required=True)
    ap.add_argument("--draft", required=True)
    ap.add_argument("--max-tokens", type=int, default=32)
    ap.add_argument(
        "--repeats", type=int, default=1, help="palindromic rounds (each config runs twice a round)"
    )
    ap.add_argument("--num-draft", type=int, default=4)
    ap.add_argument("--tasks", nargs="*", default=list(TASKS))
    ap.add_argument("--configs", nargs="*", default=["plain", "draft", "draft_fixed", "mlx_lm"])
    args = ap.parse_args()
    import mlx.core as mx

    from engine.models import load_lm

    report = {"target": args.target, "draft": args.draft, "pairing": pairing(args.target, args.draft),
              "mlx": mx.__version__, "blas": blas_info().name,
              "openblas_threads": os.environ.get("OPENBLAS_NUM_THREADS", "default"),
              "max_tokens": args.max_tokens, "repeats": args.repeats, "num_draft": args.num_draft}  # fmt: skip
    t0 = time.perf_counter()
    lm, draft = load_lm(args.target), load_lm(args.draft)
    report["load_s"] = round(time.perf_counter() - t0, 1)
    report["dtypes"] = {"target": lm.info.dtype, "draft": draft.info.dtype}
    k, n = args.num_draft, args.max_tokens
    runners = {
        "plain": lambda ids: run_ours(lm, None, ids, "off", k, n),
        "draft": lambda ids: run_ours(lm, draft, ids, "draft", k, n),
        "draft_fixed": lambda ids: run_ours(lm, draft, ids, "draft", k, n, adaptive=False),
        "mlx_lm": lambda ids: run_mlx_lm(lm, draft, ids, k, n),
    }
    results = {}
    for task in args.tasks:
        ids = encode(lm, TASKS[task])
        runners["plain"](ids[:8])  # warm-up (kernels, first allocation)
        run = abba({c: functools.partial(runners[c], ids) for c in args.configs}, args.repeats)
        plain = run.results("plain")
        row = {"prompt_tokens": len(ids), "order": run.about()}
        for c in args.configs:
            row[c] = summarise(run.results(c), None if c == "plain" else plain)
            spec = run.results(c)[-1].get("spec") or {}
            if spec.get("proposed"):
                row[c]["acceptance"] = round(spec["accepted"] / spec["proposed"], 3)
            if c != "plain":
                row[c]["wall_ratio_vs_plain_paired"] = round(
                    statistics.median(run.paired(c, "plain", "wall_s")), 3
                )
        row["plain_text"] = lm.tokenizer.decode(plain[0]["tokens"])
        results[task] = row
        print(
            f"[bench_draft_pair] {task}: " + json.dumps(row), file=sys.stderr, flush=True
        )  # partial results
    report["results"] = results
    report["totals"] = totals(results, args.configs)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
