"""Scheduler benchmark (JSON, everything side by side in one run on one engine).

1. Chat while indexing: TTFT and decode tok/s of the same chat request (the built-in ``default`` chat model) on an
   idle engine and while ``Engine.index`` indexes a real folder (eval/corpus, 411 files) with the real embedder
   (all-MiniLM-L6-v2); the same request sent while the old sequential indexer (``index_paths`` as one engine job)
   runs shows what the scheduler removed. ``last_unit_s`` is the background unit a chat may have to wait for.
2. Indexing throughput of the pipeline vs the sequential indexer on the same folder into fresh databases, idle and
   (pipeline) while chats run; how much of the embedding time extraction overlapped.
3. Model swap: peak MLX memory while swapping the chat model (the built-in model in float32 <-> float16, two
   different sizes), against the larger model's weights; active memory after unload vs before load.

Times are wall clock on whatever machine runs it (ours is shared: compare the ratios, not the absolute figures).

    .venv/bin/python bench/bench_scheduler.py [--folder eval/corpus] [--files 411] [--chats 3] [--max-tokens 32]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path

from _common import ROOT, blas, chat_once, emit

from engine import Engine
from engine.index import IndexSummary, index_paths

PROMPT = (
    "You are a helpful assistant. Explain in two sentences why a lighthouse uses a Fresnel lens, "
    "and what the lens does to the beam of light compared with a plain glass lens."
)


def stats_of(rows: list[dict]) -> dict:
    out = {}
    for key in ("ttft_s", "queue_s", "decode_tokens_per_s"):
        vals = [r[key] for r in rows if r.get(key) is not None]
        out[key] = {"min": min(vals), "median": statistics.median(vals), "max": max(vals)} if vals else None
    out["runs"] = len(rows)
    return out


def files_of(folder: Path, n: int) -> list[str]:
    files = sorted(str(p) for p in folder.rglob("*") if p.is_file())
    return files[:n]


def throughput(summary: IndexSummary, seconds: float) -> dict:
    return {
        "seconds": round(seconds, 2),
        "files_indexed": summary.files_indexed,
        "chunks": summary.chunks,
        "chunks_per_s": round(summary.chunks / seconds, 2),
        "files_per_s": round(summary.files_indexed / seconds, 2),
        "pipeline": summary.pipeline,
    }


def index_with_pipeline(engine, files, db, chats: int, max_tokens: int, **opts) -> tuple[dict, list[dict]]:
    """One Engine.index run; with ``chats`` > 0, that many chats are sent one after another once embedding runs."""
    started = threading.Event()
    result: dict = {}

    def run() -> None:
        t0 = time.perf_counter()
        for item in engine.index(files, db, embedder="default", **opts):
            if isinstance(item, IndexSummary):
                result["summary"], result["seconds"] = item, time.perf_counter() - t0
            elif item.extra.get("chunks", 0) > 0:
                started.set()

    t = threading.Thread(target=run)
    t.start()
    rows = []
    if chats:
        started.wait(600)
        for _ in range(chats):
            if not t.is_alive():
                break
            row = chat_once(engine, PROMPT, max_tokens)
            row["last_unit_s"] = engine.scheduler_state().last_unit_s
            rows.append(row)
            time.sleep(0.5)
    t.join()
    out = throughput(result["summary"], result["seconds"])
    out["chats_finished_before_the_run"] = len(rows)
    return out, rows


def index_sequential(engine, files, db, chat: bool, max_tokens: int) -> tuple[dict, dict | None]:
    """Today's sequential indexer: the whole run is one engine job (``engine.stream(index_paths, ...)``)."""
    emb = engine.run(lambda: engine.model("embedder"))
    result: dict = {}
    started = threading.Event()

    def run() -> None:
        t0 = time.perf_counter()
        for item in engine.stream(index_paths, files, db, emb):
            started.set()
            if isinstance(item, IndexSummary):
                result["summary"], result["seconds"] = item, time.perf_counter() - t0

    t = threading.Thread(target=run)
    t.start()
    row = None
    if chat:
        started.wait(600)
        time.sleep(2.0)  # as in the pipeline case: the run is well under way
        row = chat_once(engine, PROMPT, max_tokens)
    t.join()
    return throughput(result["summary"], result["seconds"]), row


def swap_memory(engine: Engine) -> dict:
    engine.unload_model("chat")
    before = engine.memory()
    a = engine.load_model("default", dtype="float32")
    after_a = engine.memory()
    engine.reset_peak_memory()
    b = engine.load_model("default", dtype="float16")  # a different model (size) for the chat role: a swap
    peak_ab = engine.memory().peak_bytes
    engine.reset_peak_memory()
    a2 = engine.load_model("default", dtype="float32")
    peak_ba = engine.memory().peak_bytes
    engine.unload_model("chat")
    after_unload = engine.memory()
    larger = max(a.bytes, b.bytes)
    base = before.active_bytes
    return {
        "model_a": {"dtype": a.dtype, "bytes": a.bytes},
        "model_b": {"dtype": b.dtype, "bytes": b.bytes},
        "active_before_load": before.active_bytes,
        "active_with_a": after_a.active_bytes,
        "peak_swap_a_to_b": peak_ab,
        "peak_swap_b_to_a": peak_ba,
        "peak_over_larger_model": round(max(peak_ab - base, peak_ba - base) / larger, 3),
        "active_after_unload": after_unload.active_bytes,
        "after_unload_minus_before_load": after_unload.active_bytes - before.active_bytes,
        "reloaded_same_identity": a2.bytes == a.bytes,
    }


def throughput_ab(engine: Engine, files: list[str], tmp: Path, rounds: int, **opts) -> dict:
    """Indexing throughput only: sequential and pipeline runs alternated ``rounds`` times, the order flipped each
    round (fresh databases, nothing else running), so load that comes and goes on a shared machine falls on both
    alike."""
    seq, pipe = [], []
    for i in range(rounds):
        # which goes first alternates (A B, B A, ...): a machine that speeds up or slows down over a round
        # favours neither
        for kind in ("seq", "pipe") if i % 2 == 0 else ("pipe", "seq"):
            db = tmp / f"ab-{kind}-{i}.sqlite3"
            if kind == "seq":
                seq.append(index_sequential(engine, files, db, False, 0)[0])
            else:
                pipe.append(index_with_pipeline(engine, files, db, 0, 0, **opts)[0])

    def summary(rows: list[dict]) -> dict:
        cps = [r["chunks_per_s"] for r in rows]
        return {"chunks_per_s": {"min": min(cps), "median": statistics.median(cps), "max": max(cps)},
                "seconds": [r["seconds"] for r in rows], "chunks": rows[0]["chunks"],
                "pipeline": rows[0].get("pipeline")}  # fmt: skip

    out = {"rounds": rounds, "sequential": summary(seq), "pipeline": summary(pipe)}
    out["pipeline_vs_sequential_median"] = round(
        out["pipeline"]["chunks_per_s"]["median"] / out["sequential"]["chunks_per_s"]["median"], 3
    )
    out["pipeline_vs_sequential_per_round"] = [
        round(p["chunks_per_s"] / s["chunks_per_s"], 3) for s, p in zip(seq, pipe, strict=True)
    ]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--folder", default=str(ROOT / "eval" / "corpus"))
    ap.add_argument("--files", type=int, default=411)
    ap.add_argument("--chats", type=int, default=3)
    ap.add_argument("--max-tokens", type=int, default=32)
    ap.add_argument("--extract-in", default="threads", choices=["threads", "processes", "both"])
    ap.add_argument("--skip-swap", action="store_true")
    ap.add_argument("--ab", type=int, default=0, metavar="N",
                    help="only the idle throughput A/B: sequential and pipeline alternated N times")  # fmt: skip
    args = ap.parse_args()
    files = files_of(Path(args.folder), args.files)
    out: dict = {
        "blas": blas(),
        "folder": args.folder,
        "files": len(files),
        "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
    }
    with Engine() as engine, tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        engine.load_model("default", role="embedder")
        if args.ab:
            out["throughput_ab"] = throughput_ab(engine, files, tmp, args.ab, extract_in=args.extract_in)
            out["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
            emit(out)
            return
        engine.load_model("default")
        chat_once(engine, PROMPT, 4)  # warm-up
        idle = [chat_once(engine, PROMPT, args.max_tokens) for _ in range(args.chats)]
        out["chat_idle"] = stats_of(idle)

        modes = ["threads", "processes"] if args.extract_in == "both" else [args.extract_in]
        for mode in modes:
            pipe_chat, rows = index_with_pipeline(engine, files, tmp / f"pipe-chat-{mode}.sqlite3", args.chats,
                                                  args.max_tokens, extract_in=mode)  # fmt: skip
            out[f"chat_while_indexing_{mode}"] = stats_of(rows)
            out[f"chat_while_indexing_{mode}"]["last_unit_s"] = [round(r["last_unit_s"], 3) for r in rows]
            out[f"index_pipeline_{mode}_while_chatting"] = pipe_chat
            pipe_idle, _ = index_with_pipeline(engine, files, tmp / f"pipe-idle-{mode}.sqlite3", 0, 0,
                                               extract_in=mode)  # fmt: skip
            out[f"index_pipeline_{mode}_idle"] = pipe_idle

        seq_idle, _ = index_sequential(engine, files, tmp / "seq-idle.sqlite3", False, 0)
        out["index_sequential_idle"] = seq_idle
        seq_chat, row = index_sequential(engine, files, tmp / "seq-chat.sqlite3", True, args.max_tokens)
        out["index_sequential_while_chatting"] = seq_chat
        out["chat_while_sequential_indexing"] = row

        idle_ttft = out["chat_idle"]["ttft_s"]["median"]
        idle_dec = out["chat_idle"]["decode_tokens_per_s"]["median"]
        ratios = {"pipeline_vs_sequential_idle_throughput": {}}
        for mode in modes:
            busy = out[f"chat_while_indexing_{mode}"]
            if busy["ttft_s"]:
                ratios[f"ttft_while_indexing_minus_idle_s_{mode}"] = round(
                    busy["ttft_s"]["median"] - idle_ttft, 3
                )
                ratios[f"decode_while_indexing_over_idle_{mode}"] = round(
                    busy["decode_tokens_per_s"]["median"] / idle_dec, 3
                )
            ratios["pipeline_vs_sequential_idle_throughput"][mode] = round(
                out[f"index_pipeline_{mode}_idle"]["chunks_per_s"] / seq_idle["chunks_per_s"], 3
            )
        if row:
            ratios["ttft_while_sequential_indexing_s"] = round(row["ttft_s"], 3)
        out["ratios"] = ratios
        if not args.skip_swap:
            engine.unload_model("embedder")
            out["swap"] = swap_memory(engine)
    emit(out)


if __name__ == "__main__":
    main()
