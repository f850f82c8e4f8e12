"""Alcove's server vs ``mlx_lm.server`` on the same model and machine, side by side in one run. Prints JSON; never
pass/fail.

    python bench/bench_server.py [--runs 3] [--max-tokens 32] [--levels 1,4,8]

* Both servers run as subprocesses on loopback ports with the built-in chat model's folder
  (``engine.models.default_chat_model_path()``, SmolLM2-135M-Instruct, fp32); mlx_lm's is started with the same
  Debian OpenBLAS preloaded that Alcove uses (without it mlx's reference BLAS would handicap it). Only one server is
  measured at a time (the other idles), in ABBA order at every level (``--runs`` rounds, each server twice a round:
  bench/abba.py).
* At 1, 4 and 8 concurrent clients each client streams one chat completion (temperature 0, ``max_tokens`` tokens,
  a distinct prompt per client and per run so no prompt cache answers for it): aggregate generated tokens/s (all
  completion tokens / wall time of the level) and TTFT p50/p95 (request sent -> first content chunk).
* CPU seconds per generated token of each server process (user + system, from /proc): what the work costs, a figure
  the machine's load does not move the way it moves wall time.
* Ratios: of the two medians, and the median of the per-round ratios (the two servers run back to back in each
  round, so a round's ratio sees nearly the same machine load); the load average after each level is printed with it.
* Overhead: one client through Alcove's HTTP server vs ``Engine.generate`` in this process over the same engine
  (wall and CPU seconds per request, ABBA).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import httpx  # noqa: E402
from _common import ROOT, blas, emit, summary  # noqa: E402
from abba import abba  # noqa: E402

from app.server import ServerOptions, ThreadedServer  # noqa: E402
from engine.core import GenerateRequest, TokenEvent  # noqa: E402
from engine.models import default_chat_model_path  # noqa: E402
from engine.runtime import Engine  # noqa: E402

TOPICS = ["the history of Paris", "how rivers form", "why the sky is blue", "the life of bees",
          "how bread is made", "the first computers", "volcanoes", "the moon landing", "how a bicycle works",
          "the oceans"]  # fmt: skip


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(cmd: list[str], url: str, name: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"{name} exited: {proc.stderr.read().decode()[-2000:]}")
        try:
            if httpx.get(url, timeout=2).status_code < 500:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    proc.kill()
    raise SystemExit(f"{name} did not start within 300 s")


def cpu_s(pid: int) -> float:
    """CPU seconds (user + system, all threads) a process has used: a cost figure the machine's load cannot move."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def messages(run: int, i: int) -> list[dict]:
    return [
        {"role": "user", "content": f"Request {run}.{i}: write a long essay about {TOPICS[i % len(TOPICS)]}."}
    ]


def one_stream(base: str, model: str, msgs: list[dict], max_tokens: int, out: dict) -> None:
    body = {"model": model, "messages": msgs, "max_tokens": max_tokens, "temperature": 0.0, "stream": True,
            "stream_options": {"include_usage": True}}  # fmt: skip
    t0 = time.perf_counter()
    first = None
    tokens = None
    chunks = 0
    with httpx.stream("POST", f"{base}/chat/completions", json=body, timeout=600) as r:
        r.raise_for_status()
        for line in r.iter_lines():
            if not line.startswith("data: ") or line == "data: [DONE]":
                continue
            obj = json.loads(line[6:])
            if obj.get("usage"):
                tokens = obj["usage"]["completion_tokens"]
            for ch in obj.get("choices") or []:
                if (ch.get("delta") or {}).get("content"):
                    chunks += 1
                    first = first or time.perf_counter()
    out.update(t0=t0, ttft=(first or time.perf_counter()) - t0, end=time.perf_counter(),
               tokens=tokens if tokens is not None else chunks)  # fmt: skip


def level(base: str, model: str, clients: int, run: int, max_tokens: int, pid: int | None = None) -> dict:
    outs = [{} for _ in range(clients)]
    cpu0 = cpu_s(pid) if pid else 0.0
    threads = [threading.Thread(target=one_stream, args=(base, model, messages(run, i), max_tokens, outs[i]))
               for i in range(clients)]  # fmt: skip
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = max(o["end"] for o in outs) - t0
    tokens = sum(o["tokens"] for o in outs)
    cpu = (cpu_s(pid) - cpu0) if pid else 0.0
    return {"tokens": tokens, "wall_s": wall, "tok_s": tokens / wall, "ttft": [o["ttft"] for o in outs],
            "cpu_s_per_token": cpu / tokens if tokens else 0.0}  # fmt: skip


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    k = (len(values) - 1) * q / 100
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def overhead(folder: str, runs: int, max_tokens: int) -> dict:
    """One client: the HTTP server vs ``Engine.generate``, in THIS process over the same engine and model, ABBA;
    wall seconds and CPU seconds (all threads: HTTP, JSON, SSE, the batch loop) per request."""
    engine = Engine()
    server = None
    try:
        engine.load_model(folder)
        server = ThreadedServer(engine, ServerOptions(port=0, chat_model=folder))

        def one(who: str):
            requests = itertools.count()  # the k-th call of each side: the same new prompt, never cached

            def call() -> dict:
                msgs = messages(1000 + next(requests), 0)
                c0, t0 = time.process_time(), time.perf_counter()
                if who == "engine":
                    req = GenerateRequest(messages=tuple(msgs), max_tokens=max_tokens, use_prompt_cache=False)
                    n = sum(1 for ev in engine.generate(req) if isinstance(ev, TokenEvent))
                else:
                    out: dict = {}
                    one_stream(server.url, "default", msgs, max_tokens, out)
                    n = out["tokens"]
                return {"wall": time.perf_counter() - t0, "cpu": time.process_time() - c0, "tokens": n}

            return call

        run = abba({"engine": one("engine"), "server": one("server")}, runs)
        sides = run.sides
        wall = {k: run.values(k, "wall") for k in sides}
        med = {k: run.median(k, "wall") for k in sides}
        cmed = {k: run.median(k, "cpu") for k in sides}
        return {
            **run.about(),
            "wall_s": {k: run.summary(k, "wall") for k in sides},
            "cpu_s": {k: run.summary(k, "cpu") for k in sides},
            "tokens": {k: [int(t) for t in run.values(k, "tokens")] for k in sides},
            "overhead_wall_median": med["server"] / med["engine"] - 1.0,
            "overhead_wall_min": min(wall["server"]) / min(wall["engine"]) - 1.0,
            "overhead_cpu_median": cmed["server"] / cmed["engine"] - 1.0,
            # per ABBA round (the two back to back): server / engine - 1
            "overhead_wall_paired": summary([r - 1.0 for r in run.paired("server", "engine", "wall")]),
            "overhead_cpu_paired": summary([r - 1.0 for r in run.paired("server", "engine", "cpu")]),
        }
    finally:
        if server is not None:
            server.stop()
        engine.shutdown()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3, help="ABBA rounds")
    ap.add_argument("--max-tokens", type=int, default=32)
    ap.add_argument("--levels", default="1,4,8")
    ap.add_argument("--skip-overhead", action="store_true")
    args = ap.parse_args()
    folder = str(default_chat_model_path())
    levels = [int(x) for x in args.levels.split(",")]
    pa, pb = free_port(), free_port()
    py = sys.executable
    alcove = start([py, "-m", "app.entry", "serve", "--port", str(pa), "--max-batch", "16"],
                   f"http://127.0.0.1:{pa}/health", "alcove serve")  # fmt: skip
    mlx_code = ("import sys; from engine.core import preload_blas; preload_blas(); from mlx_lm.server import main; "
                f"sys.argv = ['mlx_lm.server', '--model', {folder!r}, '--host', '127.0.0.1', '--port', '{pb}', "
                "'--log-level', 'WARNING']; main()")  # fmt: skip
    mlx = start([py, "-c", mlx_code], f"http://127.0.0.1:{pb}/v1/models", "mlx_lm.server")
    pids = {"alcove": alcove.pid, "mlx_lm": mlx.pid}
    servers = {
        "alcove": (f"http://127.0.0.1:{pa}/v1", "default"),
        "mlx_lm": (f"http://127.0.0.1:{pb}/v1", folder),
    }
    result: dict = {"model": folder, "max_tokens": args.max_tokens, "runs": args.runs, "blas": blas(),
                    "load_average": os.getloadavg(), "levels": {}}  # fmt: skip
    try:
        for base, model in servers.values():  # warm-up: first-request compilation, caches
            level(base, model, 2, -1, 4)

        def level_side(name: str, clients: int):
            base, model = servers[name]
            # the k-th call of each server gets the same new prompts, never cached before
            calls = itertools.count()
            return lambda: level(
                base, model, clients, next(calls) * 100 + clients, args.max_tokens, pids[name]
            )

        for c in levels:
            run = abba({name: level_side(name, c) for name in servers}, args.runs)
            rows = {name: run.results(name) for name in servers}
            entry = {}
            for name, rs in rows.items():
                ttft = [t for r in rs for t in r["ttft"]]
                entry[name] = {"tok_s": summary([r["tok_s"] for r in rs]), "ttft_p50_s": pct(ttft, 50),
                               "ttft_p95_s": pct(ttft, 95), "tokens": [r["tokens"] for r in rs],
                               "cpu_s_per_token": summary([r["cpu_s_per_token"] for r in rs])}  # fmt: skip
            entry["alcove_vs_mlx_lm_tok_s_median"] = (
                entry["alcove"]["tok_s"]["median"] / entry["mlx_lm"]["tok_s"]["median"]
            )
            entry["alcove_vs_mlx_lm_cpu_per_token_median"] = (
                entry["alcove"]["cpu_s_per_token"]["median"] / entry["mlx_lm"]["cpu_s_per_token"]["median"]
            )
            # Each ABBA round measures the two servers back to back: the ratio within a round sees (nearly) the same
            # load, so its median is steadier than the ratio of the two medians on a machine whose load swings.
            entry["alcove_vs_mlx_lm_tok_s_paired"] = summary(run.paired("alcove", "mlx_lm", "tok_s"))
            entry["order"] = run.about()
            entry["load_average_after"] = os.getloadavg()
            result["levels"][str(c)] = entry
            emit({"progress": c, "entry": entry})
        if "1" in result["levels"] and str(max(levels)) in result["levels"]:
            for name in servers:
                result[f"{name}_scaling_{max(levels)}_vs_1"] = (
                    result["levels"][str(max(levels))][name]["tok_s"]["median"]
                    / result["levels"]["1"][name]["tok_s"]["median"]
                )
        if not args.skip_overhead:
            mlx.terminate()
            mlx.wait(30)
            alcove.terminate()
            alcove.wait(30)
            result["overhead"] = overhead(folder, args.runs, args.max_tokens)
        result["load_average_end"] = os.getloadavg()
    finally:
        for proc in (alcove, mlx):
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(30)
                except subprocess.TimeoutExpired:
                    proc.kill()
    emit(result)


if __name__ == "__main__":
    main()
