"""DFlash block drafting vs plain decoding on tiny random-weight pairs (fp32): forwards per token and wall time.

Prints one JSON document. Two pairs in the reference's on-disk format (tests/engine/speculative/dflash_fixtures.py):
``tiny`` (the test pair: a 4-layer Qwen3 target of hidden size 64 and 12 tokens, a 2-layer drafter) and ``small``
(an 8-layer Qwen3 target of hidden size 512 and 2,048 tokens, a 2-layer drafter of the same width), so a forward
costs something. Per pair three sides run side by side in palindromic order (bench/abba.py): plain decoding,
``dflash`` always drafting (``adaptive`` off: the raw cost of a block) and ``dflash`` under the governor. Greedy by
default (every DFlash output is then checked token for token against plain decoding); ``--temp 1`` samples instead.
The drafters' weights are random, so their proposals are rarely accepted: these figures are the machinery's cost,
not a trained drafter's speed-up (the reference's own figures for real pairs are in docs/BENCHMARKS.md, labelled as
theirs). Nothing passes or fails on time.

  python bench/bench_dflash.py [--max-tokens 64] [--rounds 3] [--num-draft 15] [--pairs tiny,small] [--temp 0]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.abba import abba  # noqa: E402
from engine.core import blas_info, preload_blas  # noqa: E402

preload_blas()  # before mlx.core

PROMPTS = ([3, 1, 4, 1, 5, 9, 2, 6], [2, 7, 1, 8, 2, 8, 1, 8, 2, 8], [1, 4, 1, 4, 2, 1, 3, 5])


def build(root: Path, pair: str):
    from engine.models import load_lm
    from engine.speculative import load_dflash
    from tests.engine.speculative.dflash_fixtures import build_drafter, build_target
    from tests.tiny_models import make_tiny_model

    if pair == "tiny":
        target_dir, drafter_dir = build_target(root / "target"), build_drafter(root / "drafter")
    else:
        target_dir = make_tiny_model(
            root / "target",
            "qwen3",
            vocab_size=2048,
            hidden_size=512,
            intermediate_size=1536,
            num_hidden_layers=8,
            num_attention_heads=8,
            num_key_value_heads=4,
            head_dim=64,
        )
        drafter_dir = build_drafter(
            root / "drafter",
            hidden_size=512,
            intermediate_size=1536,
            num_attention_heads=8,
            num_key_value_heads=4,
            head_dim=64,
            vocab_size=2048,
            num_target_layers=8,
            block_size=16,
            dflash_config={"mask_token_id": 2047, "target_layer_ids": [1, 5]},
        )
    lm = load_lm(str(target_dir))
    lm.eos_ids = frozenset()  # random weights: every run generates max_tokens
    return lm, load_dflash(str(drafter_dir))


def run(lm, drafter, ids, mode: str, k: int, max_tokens: int, adaptive: bool, temp: float) -> dict:
    from engine.core import GenerateRequest, SamplingParams, SpeculativeParams
    from engine.speculative import generate_with_decoder

    req = GenerateRequest(
        prompt_ids=tuple(ids),
        max_tokens=max_tokens,
        use_prompt_cache=False,
        sampling=SamplingParams(temperature=temp, seed=0),
        speculative=SpeculativeParams(mode=mode, num_draft=k, adaptive=adaptive),
    )
    t0 = time.perf_counter()
    final = list(generate_with_decoder(lm, req, drafter if mode != "off" else None, submitted_at=t0))[-1]
    wall = time.perf_counter() - t0
    out = {"wall_s": wall, "tokens": list(final.token_ids), "tps": len(final.token_ids) / wall}
    st = final.stats.speculative
    if st is not None:
        out |= {
            "forwards_per_token": st.forwards_per_token,
            "acceptance_rate": st.acceptance_rate,
            "mean_accepted": st.mean_accepted,
            "verifications": st.verifications,
            "gate_events": st.gate_events,
        }
    else:
        out["forwards_per_token"] = 1.0
    return out


def bench_pair(pair: str, args) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        lm, drafter = build(Path(tmp), pair)
        sides = {
            "plain": ("off", False),
            "dflash_always": ("dflash", False),
            "dflash_governed": ("dflash", True),
        }
        calls = {
            name: (
                lambda m=mode, a=adaptive: [
                    run(lm, drafter, p, m, args.num_draft, args.max_tokens, a, args.temp) for p in PROMPTS
                ]
            )
            for name, (mode, adaptive) in sides.items()
        }
        result = abba(calls, rounds=args.rounds, warmup=1)
    plain_tokens = [r["tokens"] for r in result.results("plain")[0]]
    out = {"pair": pair}
    for name in sides:
        runs = result.results(name)
        if args.temp == 0:
            assert all([r["tokens"] for r in rs] == plain_tokens for rs in runs), f"{name} differs from plain"
        last = runs[-1]
        out[name] = {
            "wall_s": result.summary(name),
            "tokens_per_s": sum(len(r["tokens"]) for r in last) / sum(r["wall_s"] for r in last),
            "forwards_per_token": sum(r["forwards_per_token"] for r in last) / len(last),
            "acceptance_rate": sum(r.get("acceptance_rate", 0.0) for r in last) / len(last),
            "mean_accepted": sum(r.get("mean_accepted", 0.0) for r in last) / len(last),
        }
        if name != "plain":
            ratio = result.ratio(name, "plain")
            out[name]["wall_vs_plain"] = {k: v for k, v in ratio.items() if k != "paired"}
    out["greedy_identical_to_plain"] = True if args.temp == 0 else None
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-tokens", type=int, default=64)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument(
        "--num-draft", type=int, default=15, help="longest block beyond its first token (15: 16 in all)"
    )
    ap.add_argument("--pairs", default="tiny,small")
    ap.add_argument(
        "--temp", type=float, default=0.0, help="0: greedy, outputs checked against plain decoding"
    )
    args = ap.parse_args()
    report = {
        "what": "DFlash vs plain, greedy, fp32, random-weight pairs (the machinery's cost, not a trained speed-up)",
        "blas": blas_info().name,
        "max_tokens": args.max_tokens,
        "temperature": args.temp,
        "prompts": len(PROMPTS),
        "rounds": args.rounds,
        "num_draft": args.num_draft,
        "pairs": [bench_pair(p, args) for p in args.pairs.split(",")],
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
