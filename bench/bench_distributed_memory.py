"""What a user gains from a second Mac: the largest model that runs when each process may hold at most CAP bytes.

For qwen2 models of growing depth (random weights, hidden 1024; only memory is measured, the tokens need not make
sense), it runs the model in one process and split over two rank processes (Alcove's pairing, MLX's ring, mlx-lm's
pipeline, on loopback), decodes a few greedy tokens each way, checks they are the same, and reads each process's peak
resident memory (``VmHWM`` in /proc, Linux). The budget is checked, not imposed: a side "runs under the cap" when
every one of its processes peaked at or below it. The plan is also asked to split with CAP as each rank's free memory
and must accept exactly the models whose ranks fit.

    nice .venv/bin/python bench/bench_distributed_memory.py --cap-gb 1.0 --layers 4 8 12 16 [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PROMPT = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26]
TOKENS = 4


def peak_rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmHWM")


def make_model(folder: Path, layers: int) -> Path:
    """A qwen2 model of ``layers`` layers with random float32 weights (config + model.safetensors: all a rank
    process loads; no tokenizer is needed, the bench speaks in token ids)."""
    import mlx.core as mx
    from mlx.utils import tree_flatten
    from mlx_lm.models import qwen2

    config = {"model_type": "qwen2", "architectures": ["Qwen2ForCausalLM"], "hidden_size": 1024,
              "intermediate_size": 2816, "num_hidden_layers": layers, "num_attention_heads": 16,
              "num_key_value_heads": 4, "rms_norm_eps": 1e-6, "vocab_size": 32000, "rope_theta": 1000000.0,
              "max_position_embeddings": 4096, "tie_word_embeddings": True, "torch_dtype": "float32"}  # fmt: skip
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.json").write_text(json.dumps(config))
    mx.random.seed(layers)
    model = qwen2.Model(qwen2.ModelArgs.from_dict(config))
    params = {k: (mx.random.normal(v.shape, scale=0.05) if v.ndim >= 2 else v).astype(mx.float32)
              for k, v in tree_flatten(model.parameters())}  # fmt: skip
    mx.save_safetensors(str(folder / "model.safetensors"), params)
    return folder


def one_process(folder: str) -> None:
    """Child mode: load the whole model, prefill, decode greedily; print tokens and peak RSS as JSON."""
    from engine.core import preload_blas

    preload_blas()
    import mlx.core as mx
    from mlx_lm.models.cache import make_prompt_cache
    from mlx_lm.utils import load_model

    model, _ = load_model(Path(folder), strict=False)
    cache, x, out = make_prompt_cache(model), mx.array([PROMPT], dtype=mx.int32), []
    for _ in range(TOKENS):
        y = int(mx.argmax(model(x, cache=cache)[0, -1, :]).item())
        out.append(y)
        x = mx.array([[y]], dtype=mx.int32)
    print(json.dumps({"tokens": out, "peak_rss": peak_rss(os.getpid())}))


def split(folder: Path, cap: int) -> dict:
    from engine.runtime import DistributedError, DistributedSession, HelperNode, new_code

    code = new_code()
    node = HelperNode("127.0.0.1", 0, code, [folder])
    host, port = node.bind()
    threading.Thread(target=node.serve_forever, daemon=True).start()
    session = DistributedSession(f"{host}:{port}", code, folder, step_timeout_s=300, load_timeout_s=900)
    try:
        session.pair()
        try:
            session.make_plan([cap, cap])
            plan_accepts = True
        except DistributedError:
            plan_accepts = False
        plan = session.make_plan([10**12, 10**12])  # run it anyway (even split by bytes), to measure it
        session.start(plan)
        tokens = list(session.generate(PROMPT, TOKENS))
        ranks = [session.rank0.pid] + [p for p in _rank_children() if p != session.rank0.pid]
        peaks = [peak_rss(p) for p in ranks]
        return {"tokens": tokens, "peak_rss_per_rank": peaks, "plan_accepts_cap": plan_accepts,
                "layers_per_rank": list(plan.layers_per_rank), "plan_bytes_per_rank": list(plan.bytes_per_rank)}  # fmt: skip
    finally:
        session.close()
        node.close()


def _rank_children() -> list[int]:
    me, out = os.getpid(), []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmd = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == me and b"engine.runtime.distributed.rank" in cmd:
            out.append(int(stat.parent.name))
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cap-gb", type=float, default=1.0, help="each process's memory budget (checked)")
    ap.add_argument("--layers", type=int, nargs="+", default=[4, 8, 12, 16])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--one", default=None, help=argparse.SUPPRESS)  # child mode
    args = ap.parse_args()
    if args.one:
        one_process(args.one)
        return 0
    from engine.core import preload_blas

    preload_blas()  # before mlx.core (make_model), as the rank processes do
    cap = int(args.cap_gb * 1e9)
    rows = []
    with tempfile.TemporaryDirectory(prefix="alcove-bench-mem-") as tmp:
        for layers in args.layers:
            folder = make_model(Path(tmp) / f"qwen2-h1024-l{layers}", layers)
            weights = sum(f.stat().st_size for f in folder.glob("*.safetensors"))
            t0 = time.perf_counter()
            one = json.loads(subprocess.run([sys.executable, __file__, "--one", str(folder)], check=True,
                                            capture_output=True, text=True).stdout.strip().splitlines()[-1])  # fmt: skip
            two = split(folder, cap)
            rows.append({
                "layers": layers, "weights_bytes": weights, "same_tokens": one["tokens"] == two["tokens"],
                "one_process_peak_rss": one["peak_rss"], "one_process_fits": one["peak_rss"] <= cap,
                "two_ranks_peak_rss": two["peak_rss_per_rank"],
                "two_ranks_fit": max(two["peak_rss_per_rank"]) <= cap,
                "plan_accepts_cap": two["plan_accepts_cap"], "layers_per_rank": two["layers_per_rank"],
                "plan_bytes_per_rank": two["plan_bytes_per_rank"], "seconds": round(time.perf_counter() - t0, 1),
            })  # fmt: skip
            print(json.dumps(rows[-1]), file=sys.stderr)
            for f in folder.glob("*"):
                f.unlink()
    fits_one = [r["weights_bytes"] for r in rows if r["one_process_fits"]]
    fits_two = [r["weights_bytes"] for r in rows if r["two_ranks_fit"]]
    out = {"cap_bytes": cap, "rows": rows, "largest_one_process": max(fits_one, default=0),
           "largest_two_ranks": max(fits_two, default=0)}  # fmt: skip
    print(json.dumps(out, indent=None if args.json else 2))
    return 0 if all(r["same_tokens"] for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
