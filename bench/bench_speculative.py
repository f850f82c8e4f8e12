"""Speculative decoding on SmolLM2-135M-Instruct (fp32): prompt lookup, draft models, the governor, vs mlx-lm.

Prints one JSON document. Every configuration runs on the same prompts, side by side, in palindromic order per
repeat (A B C ... C B A: bench/abba.py, so each runs twice a repeat and none is always first), and reports min/median
wall time over its runs, its wall ratio to plain decoding (of the medians, and per repeat), plus
hardware-independent figures: target forwards per generated token, acceptance rate and mean accepted prefix per
verification. Greedy outputs are checked against plain decoding.

  python bench/bench_speculative.py [--max-tokens 64] [--repeats 3] [--num-draft 4] [--draft-layers 10]

The slow-BLAS configuration (MLX's bundled reference BLAS, where a k-token forward costs ~k single forwards) runs in
a subprocess with ALCOVE_BLAS=off and compares ``auto`` against plain decoding there. Nothing passes or fails on time.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.abba import abba  # noqa: E402
from engine.core import blas_info, preload_blas  # noqa: E402

preload_blas()  # before mlx.core

PARAGRAPH = (
    "Our team met on tuesday to discus the new release. We agreed that the the installer should be smaller, that "
    "the documentation needs a new section on privacy, and that every setting should be explained in plain words. "
    "The release is planed for the end of next month, after two weeks of testing with volunteers."
)
FUNCTION = """def total_price(items, tax):
    total = 0
    for item in items:
        total = total + item["price"] * item["count"]
    total = total + total * tax
    return round(total, 2)
"""
PASSAGE = (
    "The Alcove app runs language models on your own computer. Nothing you type leaves the machine: the models, "
    "your documents and the search index are stored in a folder in your home directory. Alcove can answer "
    "questions about your files with citations, rerank search results, and chat. It needs a Mac with Apple "
    "silicon and at least 8 GB of memory; 16 GB is recommended for larger models."
)
TASKS = {
    "rewrite": f"Fix the spelling and grammar mistakes in this paragraph and return the corrected paragraph:\n\n{PARAGRAPH}",
    "edit_function": f"Rename the variable `total` to `amount` in this Python function and return the whole function:\n\n{FUNCTION}",
    "passage_qa": f"{PASSAGE}\n\nUsing the passage above, answer: where does Alcove store the models and documents, and what Mac does it need? Quote the passage.",
}


def truncated_copy(src: Path, dst: Path, layers: int) -> Path:
    """SmolLM2's first ``layers`` layers plus its embedding, final norm and (tied) head: an honest test draft."""
    import shutil

    import mlx.core as mx

    if (dst / "model.safetensors").exists():
        return dst
    dst.mkdir(parents=True, exist_ok=True)
    for f in src.iterdir():
        if f.is_file() and f.suffix != ".safetensors" and f.name != "config.json":
            shutil.copy(f, dst / f.name)
    config = json.loads((src / "config.json").read_text())
    config["num_hidden_layers"] = layers
    (dst / "config.json").write_text(json.dumps(config, indent=2))
    weights = {}
    for f in sorted(src.glob("*.safetensors")):
        weights.update(mx.load(str(f)))
    kept = {
        k: v for k, v in weights.items() if not k.startswith("model.layers.") or int(k.split(".")[2]) < layers
    }
    mx.save_safetensors(str(dst / "model.safetensors"), kept, metadata={"format": "mlx"})
    return dst


def encode(lm, text: str) -> list[int]:
    ids = lm.tokenizer.apply_chat_template([{"role": "user", "content": text}], add_generation_prompt=True)
    return list(ids["input_ids"] if isinstance(ids, dict) else ids)


def run_ours(lm, draft, ids, mode: str, k: int, max_tokens: int, adaptive: bool = True) -> dict:
    from engine.core import GenerateRequest, SpeculativeParams
    from engine.speculative import generate_with_decoder

    req = GenerateRequest(
        prompt_ids=tuple(ids),
        max_tokens=max_tokens,
        use_prompt_cache=False,
        speculative=SpeculativeParams(mode=mode, num_draft=k, adaptive=adaptive),
    )
    if draft is not None:
        draft.extra.clear()  # no draft cache carried over from the previous run: every run starts cold
    t0 = time.perf_counter()
    final = list(generate_with_decoder(lm, req, draft, submitted_at=t0))[-1]
    wall = time.perf_counter() - t0
    out = {"wall_s": wall, "tokens": list(final.token_ids), "prefill_s": final.stats.prefill_s}
    st = final.stats.speculative
    if st is not None:
        out["spec"] = {
            "mode": st.mode,
            "proposed": st.proposed,
            "accepted": st.accepted,
            "verifications": st.verifications,
            "target_forwards": st.target_forwards,
            "acceptance_rate": st.acceptance_rate,
            "mean_accepted": st.mean_accepted,
            "forwards_per_token": st.forwards_per_token,
            "gate_events": st.gate_events,
            "fallbacks": list(st.fallbacks),
        }
    return out


def run_mlx_lm(lm, draft, ids, k: int, max_tokens: int) -> dict:
    """mlx-lm's own speculative_generate_step, greedy, same prompt/target/draft/width; stops at EOS like ours."""
    import mlx.core as mx
    from mlx_lm.generate import speculative_generate_step

    t0 = time.perf_counter()
    tokens, drafted, verifications = [], 0, 0
    for tok, _, from_draft in speculative_generate_step(
        mx.array(ids), lm.model, draft.model, num_draft_tokens=k, max_tokens=max_tokens
    ):
        tok = int(tok)
        if from_draft:
            drafted += 1
        else:
            verifications += 1
        if tok in lm.eos_ids:
            break
        tokens.append(tok)
    wall = time.perf_counter() - t0
    if tokens and drafted and from_draft:  # the last verification ended at max_tokens before its own token
        verifications += 1
    return {
        "wall_s": wall,
        "tokens": tokens,
        "spec": {
            "accepted": drafted,
            "verifications": verifications,
            "mean_accepted": drafted / max(1, verifications),
            "forwards_per_token": verifications / max(1, len(tokens)),
        },
    }


def summarise(runs: list[dict], plain: list[dict] | None) -> dict:
    walls = [r["wall_s"] for r in runs]
    out = {
        "wall_min_s": round(min(walls), 3),
        "wall_median_s": round(statistics.median(walls), 3),
        "tokens": len(runs[0]["tokens"]),
    }
    if plain is not None:
        pm = statistics.median(r["wall_s"] for r in plain)
        out["wall_ratio_vs_plain_median"] = round(statistics.median(walls) / pm, 3)
        out["wall_ratio_vs_plain_min"] = round(min(walls) / min(r["wall_s"] for r in plain), 3)
        out["identical_to_plain"] = all(r["tokens"] == plain[0]["tokens"] for r in runs)
    spec = runs[-1].get("spec")
    if spec:
        out.update({k: (round(v, 3) if isinstance(v, float) else v) for k, v in spec.items()})
    return out


def bench(configs: list[str], args) -> dict:
    from engine.core import cache_dir
    from engine.models import default_chat_model_path, load_lm

    target_dir = Path(default_chat_model_path())
    lm = load_lm(str(target_dir))
    drafts = {}
    if any("trunc" in c for c in configs):
        tdir = truncated_copy(
            target_dir, cache_dir() / "bench" / f"smollm2-first{args.draft_layers}", args.draft_layers
        )
        drafts["trunc"] = load_lm(str(tdir))
    if any("self" in c for c in configs):
        drafts["self"] = load_lm(str(target_dir))
    k = args.num_draft
    runners = {
        "plain": lambda ids: run_ours(lm, None, ids, "off", k, args.max_tokens),
        "lookup": lambda ids: run_ours(lm, None, ids, "lookup", k, args.max_tokens),
        "lookup_fixed": lambda ids: run_ours(lm, None, ids, "lookup", k, args.max_tokens, adaptive=False),
        "auto": lambda ids: run_ours(lm, None, ids, "auto", k, args.max_tokens),
        "draft_trunc": lambda ids: run_ours(lm, drafts["trunc"], ids, "draft", k, args.max_tokens),
        "draft_trunc_fixed": lambda ids: run_ours(
            lm, drafts["trunc"], ids, "draft", k, args.max_tokens, False
        ),
        "draft_self": lambda ids: run_ours(lm, drafts["self"], ids, "draft", k, args.max_tokens),
        "draft_self_fixed": lambda ids: run_ours(lm, drafts["self"], ids, "draft", k, args.max_tokens, False),
        "mlx_lm_trunc": lambda ids: run_mlx_lm(lm, drafts["trunc"], ids, k, args.max_tokens),
        "mlx_lm_self": lambda ids: run_mlx_lm(lm, drafts["self"], ids, k, args.max_tokens),
    }
    results = {}
    for task in args.tasks:
        ids = encode(lm, TASKS[task])
        runners["plain"](ids)  # warm-up
        # palindromic rounds (plain lookup ... mlx_lm_self mlx_lm_self ... lookup plain): load changes on the
        # machine hit every configuration alike, and none is always first
        run = abba({c: functools.partial(runners[c], ids) for c in configs}, args.repeats)
        print(f"[bench_speculative] {task}: done", file=sys.stderr, flush=True)
        plain = run.results("plain") if "plain" in configs else None
        results[task] = {"prompt_tokens": len(ids), "order": run.about()} | {
            c: summarise(run.results(c), None if c == "plain" else plain) for c in configs
        }
        if plain is not None:
            for c in [c for c in configs if c != "plain"]:
                paired = run.paired(c, "plain", "wall_s")  # per round: the configurations back to back
                results[task][c]["wall_ratio_vs_plain_paired"] = round(statistics.median(paired), 3)
    return results


def totals(results: dict, configs: list[str]) -> dict:
    """Sums over tasks: wall ratio of summed median walls, forwards per token over all tokens."""
    out = {}
    plain = sum(r["plain"]["wall_median_s"] for r in results.values())
    for c in configs:
        wall = sum(r[c]["wall_median_s"] for r in results.values())
        entry = {"wall_ratio_vs_plain_median": round(wall / plain, 3)}
        acc = [r[c] for r in results.values() if "verifications" in r[c]]
        if acc:
            ver = sum(a["verifications"] for a in acc)
            entry["mean_accepted"] = round(sum(a["accepted"] for a in acc) / max(1, ver), 3)
            entry["forwards_per_token"] = round(
                sum(a["forwards_per_token"] * a["tokens"] for a in acc)
                / max(1, sum(a["tokens"] for a in acc)),
                3,
            )
        out[c] = entry
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-tokens", type=int, default=64)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--num-draft", type=int, default=4)
    ap.add_argument("--draft-layers", type=int, default=10)
    ap.add_argument("--tasks", nargs="*", default=list(TASKS))
    ap.add_argument("--configs", nargs="*", default=None)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--no-slow", action="store_true", help="skip the slow-BLAS subprocess")
    args = ap.parse_args()
    import mlx.core as mx

    fast_configs = args.configs or [
        "plain",
        "lookup",
        "auto",
        "draft_trunc",
        "draft_self_fixed",
        "mlx_lm_trunc",
        "mlx_lm_self",
    ]
    if args.child:
        configs = args.configs or ["plain", "auto", "lookup_fixed"]
        res = bench(configs, args)
        print(json.dumps({"results": res, "totals": totals(res, configs)}))
        return
    report = {
        "model": "SmolLM2-135M-Instruct (fp32, from the built-in GGUF)",
        "mlx": mx.__version__,
        "blas": blas_info().name,
        "openblas_threads": os.environ.get("OPENBLAS_NUM_THREADS", "default"),
        "max_tokens": args.max_tokens,
        "repeats": args.repeats,
        "num_draft": args.num_draft,
        "draft_layers": args.draft_layers,
    }
    res = bench(fast_configs, args)
    report["fast_blas"] = {"results": res, "totals": totals(res, fast_configs)}
    if not args.no_slow:
        env = dict(os.environ, ALCOVE_BLAS="off")
        cmd = [sys.executable, __file__, "--child", "--max-tokens", str(args.max_tokens), "--repeats"]
        cmd += [str(args.repeats), "--num-draft", str(args.num_draft), "--tasks", *args.tasks]
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        if proc.returncode == 0:
            report["slow_blas"] = json.loads(proc.stdout.strip().splitlines()[-1])
        else:
            report["slow_blas"] = {"error": proc.stderr[-2000:]}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
