"""The cost of splitting one model over two processes on this machine (loopback, CPU): decode and prefill tok/s of
one process vs two ranks (MLX ring + mlx-lm pipeline, through Alcove's pairing and rank processes), A B B A, and the
bytes the ranks send per token. Both sides run the same greedy loop on the same prompt and must give the same tokens.

    nice .venv/bin/python bench/bench_distributed.py --model FOLDER [--prompt-tokens 64] [--max-tokens 32]
        [--rounds 2] [--json]

The single-process side runs in this process; the split side is a DistributedSession (rank 0 in a child process)
paired over loopback with a HelperNode in this process (rank 1 in another child). On one machine both ranks share
its cores, so the split can only cost here: the figure is the link's and the lockstep's overhead, not a speed-up.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.abba import abba  # noqa: E402
from engine.core import preload_blas  # noqa: E402

preload_blas()  # before mlx.core, as the rank processes do (engine/__init__)

import mlx.core as mx  # noqa: E402
from mlx_lm.models.cache import make_prompt_cache  # noqa: E402
from mlx_lm.utils import load_model  # noqa: E402

from engine.runtime import DistributedSession, HelperNode, new_code  # noqa: E402


def single_process(model, prompt: list[int], max_tokens: int) -> dict:
    """The rank loop's arithmetic without the ring: prefill, then argmax decode with a KV cache."""
    cache = make_prompt_cache(model)
    x = mx.array([prompt], dtype=mx.int32)
    t0 = time.perf_counter()
    tokens, t_first = [], None
    for _ in range(max_tokens):
        y = int(mx.argmax(model(x, cache=cache)[0, -1, :]).item())
        if t_first is None:
            t_first = time.perf_counter()
        tokens.append(y)
        x = mx.array([[y]], dtype=mx.int32)
    t1 = time.perf_counter()
    return _figures(tokens, len(prompt), t_first - t0, t1 - t_first)


def split(session: DistributedSession, prompt: list[int], max_tokens: int) -> dict:
    tokens = list(
        session.generate(prompt, max_tokens, use_cache=False)
    )  # each round prefills the whole prompt
    done = session.last_done
    return _figures(tokens, len(prompt), done["prefill_s"], done["decode_s"])


def _figures(tokens, n_prompt, prefill_s, decode_s) -> dict:
    return {"tokens": tokens, "prefill_tps": n_prompt / prefill_s, "decode_tps": (len(tokens) - 1) / decode_s}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True, help="a pipeline-capable model folder (qwen2, ...)")
    ap.add_argument("--prompt-tokens", type=int, default=64)
    ap.add_argument("--max-tokens", type=int, default=32)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    folder = Path(args.model)
    config = json.loads((folder / "config.json").read_text())
    prompt = [int(t) for t in mx.random.randint(100, config["vocab_size"] - 100, (args.prompt_tokens,),
                                                key=mx.random.key(7)).tolist()]  # fmt: skip

    code = new_code()
    node = HelperNode("127.0.0.1", 0, code, [folder])
    host, port = node.bind()
    threading.Thread(target=node.serve_forever, daemon=True).start()
    session = DistributedSession(f"{host}:{port}", code, folder, step_timeout_s=120, load_timeout_s=900)
    t0 = time.perf_counter()
    session.pair()
    plan = session.make_plan()
    session.start(plan)
    split_start_s = time.perf_counter() - t0
    model, _ = load_model(folder)
    try:
        run = abba(
            {"single": lambda: single_process(model, prompt, args.max_tokens),
             "split": lambda: split(session, prompt, args.max_tokens)},
            rounds=args.rounds, warmup=1,
        )  # fmt: skip
    finally:
        session.close()
    same = all(r["tokens"] == run.results("single")[0]["tokens"] for s in run.sides for r in run.results(s))
    out = {
        "model": folder.name,
        "model_type": config["model_type"],
        "layers": config["num_hidden_layers"],
        "prompt_tokens": args.prompt_tokens,
        "max_tokens": args.max_tokens,
        "rounds": args.rounds,
        "same_tokens": same,
        "plan": plan.as_json(),
        "held_bytes_per_rank": list(session.stats.held_bytes_per_rank),
        "single_process_bytes": sum(f.stat().st_size for f in folder.glob("*.safetensors")),
        "split_start_s": round(split_start_s, 1),
        "decode_tps": {s: run.summary(s, "decode_tps") for s in run.sides},
        "prefill_tps": {s: run.summary(s, "prefill_tps") for s in run.sides},
        "decode_split_over_single": run.ratio("split", "single", "decode_tps"),
        "prefill_split_over_single": run.ratio("split", "single", "prefill_tps"),
        "bytes_sent_per_token": plan.bytes_sent_per_token(),
        "bytes_sent_per_token_note": "payload of the collectives by their shapes (hidden state sends, all_gather, "
        "step broadcast); TCP/IP headers not counted",
    }
    print(json.dumps(out, indent=None if args.json else 2))
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
