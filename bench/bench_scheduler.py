"""Scheduler benchmark (JSON, everything side by side in one run on one engine).

1. Chat while indexing: TTFT and decode tok/s of the same chat request (the built-in ``default`` chat model) on an
   idle engine and while ``Engine.index`` indexes a real folder (eval/corpus, 411 files) with the real embedder
   (all-MiniLM-L6-v2); the same request sent while the old sequential indexer (``index_paths`` as one engine job)
   runs shows what the scheduler removed. ``last_unit_s`` is the background unit a chat may have to wait for.
2. Indexing throughput of the pipeline vs the sequential indexer on the same folder into fresh databases, idle and
   (pipeline) while chats run; how much of the embedding time extraction overlapped.
3. Model swap: peak MLX memory while swapping the chat model (the built-in model in float32 <-> float16, two
   different sizes), against the larger model's weights; active memory after unload vs before load.

Times are wall clock on whatever machine runs it (ours is shared: compare the ratios, not the absolute figures). The
cases of 1 and 2 run in palindromic order (idle chats, each indexer with and without chats, then the same backwards:
bench/abba.py), ``--rounds`` rounds, so none is always first or always timed on a quieter machine; ratios come of
the medians and per round (``*_paired``).

    .venv/bin/python bench/bench_scheduler.py [--folder eval/corpus] [--files 411] [--chats 3] [--max-tokens 32]
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path

from _common import ROOT, blas, chat_once, emit
from abba import abba

from engine import Engine
from engine.core import IndexRequest
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


def _thread(fn, result: dict) -> threading.Thread:
    """``fn`` on a thread of its own; an exception it raises is kept in ``result["error"]`` for ``_join``."""

    def target() -> None:
        try:
            fn()
        except BaseException as exc:  # noqa: BLE001 - re-raised on the calling thread by _join
            result["error"] = exc

    t = threading.Thread(target=target)
    t.start()
    return t


def _wait_for(started: threading.Event, t: threading.Thread, timeout: float = 600.0) -> None:
    """Until the run is under way, or over (a run that failed or ended early does not keep us waiting)."""
    deadline = time.monotonic() + timeout
    while not started.wait(0.2) and t.is_alive() and time.monotonic() < deadline:
        pass


def _join(t: threading.Thread, result: dict) -> None:
    t.join()
    if "error" in result:
        raise result["error"]


def index_with_pipeline(engine, files, db, chats: int, max_tokens: int, **opts) -> tuple[dict, list[dict]]:
    """One Engine.index run; with ``chats`` > 0, that many chats are sent one after another once embedding runs."""
    started = threading.Event()
    result: dict = {}

    def run() -> None:
        t0 = time.perf_counter()
        for item in engine.index(IndexRequest(tuple(files), str(db), **opts)):
            if isinstance(item, IndexSummary):
                result["summary"], result["seconds"] = item, time.perf_counter() - t0
            elif item.extra.get("chunks", 0) > 0:
                started.set()

    t = _thread(run, result)
    rows = []
    if chats:
        _wait_for(started, t)
        for _ in range(chats):
            if not t.is_alive():
                break
            row = chat_once(engine, PROMPT, max_tokens)
            row["last_unit_s"] = engine.scheduler_state().last_unit_s
            rows.append(row)
            time.sleep(0.5)
    _join(t, result)
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

    t = _thread(run, result)
    row = None
    if chat:
        _wait_for(started, t)
        time.sleep(2.0)  # as in the pipeline case: the run is well under way
        row = chat_once(engine, PROMPT, max_tokens)
    _join(t, result)
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
    """Indexing throughput only: sequential and pipeline runs in ABBA order, ``rounds`` rounds (fresh databases,
    nothing else running), so load that comes and goes on a shared machine falls on both alike."""
    dbs = itertools.count()
    run = abba({"seq": lambda: index_sequential(engine, files, tmp / f"ab-seq-{next(dbs)}.sqlite3", False, 0)[0],
                "pipe": lambda: index_with_pipeline(engine, files, tmp / f"ab-pipe-{next(dbs)}.sqlite3", 0, 0,
                                                    **opts)[0]}, rounds)  # fmt: skip

    def summary(rows: list[dict]) -> dict:
        cps = [r["chunks_per_s"] for r in rows]
        return {"chunks_per_s": {"min": min(cps), "median": statistics.median(cps), "max": max(cps)},
                "seconds": [r["seconds"] for r in rows], "chunks": rows[0]["chunks"],
                "pipeline": rows[0].get("pipeline")}  # fmt: skip

    out = {"rounds": rounds, **run.about(), "sequential": summary(run.results("seq")),
           "pipeline": summary(run.results("pipe"))}  # fmt: skip
    out["pipeline_vs_sequential_median"] = round(
        out["pipeline"]["chunks_per_s"]["median"] / out["sequential"]["chunks_per_s"]["median"], 3
    )
    out["pipeline_vs_sequential_per_round"] = [round(r, 3) for r in run.paired("pipe", "seq", "chunks_per_s")]
    return out


def merged(outs: list[dict]) -> dict:
    """One throughput figure over several runs: the first run's dict with the medians of the timed figures, and
    every run's chunks/s."""
    out = dict(outs[0])
    for key in ("seconds", "chunks_per_s", "files_per_s"):
        out[key] = round(statistics.median(o[key] for o in outs), 2)
    if "chats_finished_before_the_run" in out:
        out["chats_finished_before_the_run"] = sum(o["chats_finished_before_the_run"] for o in outs)
    out["runs"] = len(outs)
    out["chunks_per_s_runs"] = [o["chunks_per_s"] for o in outs]
    return out


def median_of_rows(key: str):
    """A figure of one call for abba: the median of ``key`` over the chats it ran (None when it ran none)."""

    def figure(result: dict) -> float | None:
        vals = [r[key] for r in result["chats"] if r.get(key) is not None]
        return statistics.median(vals) if vals else None

    return figure


def side_by_side(engine: Engine, files: list[str], tmp: Path, modes: list[str], args) -> dict:
    """Chats on an idle engine, chats while each indexer runs, and each indexer alone, all in palindromic order
    (``--rounds`` rounds, each case twice a round: bench/abba.py), so no case is timed on a quieter machine. Every
    call returns {"index": throughput or None, "chats": [chat_once rows]}."""
    dbs = itertools.count()

    def db(name: str) -> Path:
        return tmp / f"{name}-{next(dbs)}.sqlite3"

    def chats_idle() -> dict:
        return {
            "index": None,
            "chats": [chat_once(engine, PROMPT, args.max_tokens) for _ in range(args.chats)],
        }

    def pipeline(mode: str, chats: int):
        def call() -> dict:
            out, rows = index_with_pipeline(engine, files, db(f"pipe-{mode}-{chats}"), chats, args.max_tokens,
                                            extract_in=mode)  # fmt: skip
            return {"index": out, "chats": rows}

        return call

    def sequential(chat: bool):
        def call() -> dict:
            out, row = index_sequential(engine, files, db(f"seq-{chat}"), chat, args.max_tokens)
            return {"index": out, "chats": [row] if row else []}

        return call

    sides = {"chat_idle": chats_idle}
    for mode in modes:
        sides[f"pipeline_{mode}_while_chatting"] = pipeline(mode, args.chats)
        sides[f"pipeline_{mode}_idle"] = pipeline(mode, 0)
    sides["sequential_idle"] = sequential(False)
    sides["sequential_while_chatting"] = sequential(True)
    run = abba(sides, args.rounds)
    chats = {name: [r for res in run.results(name) for r in res["chats"]] for name in sides}
    index = {
        name: merged([res["index"] for res in run.results(name)]) for name in sides if name != "chat_idle"
    }

    out: dict = {"order": run.about(), "chat_idle": stats_of(chats["chat_idle"])}
    for mode in modes:
        busy = f"pipeline_{mode}_while_chatting"
        out[f"chat_while_indexing_{mode}"] = stats_of(chats[busy])
        out[f"chat_while_indexing_{mode}"]["last_unit_s"] = [round(r["last_unit_s"], 3) for r in chats[busy]]
        out[f"index_pipeline_{mode}_while_chatting"] = index[busy]
        out[f"index_pipeline_{mode}_idle"] = index[f"pipeline_{mode}_idle"]
    out["index_sequential_idle"] = index["sequential_idle"]
    out["index_sequential_while_chatting"] = index["sequential_while_chatting"]
    seq_rows = chats["sequential_while_chatting"]
    out["chat_while_sequential_indexing"] = seq_rows[-1] if seq_rows else None
    out["chat_while_sequential_indexing_all"] = stats_of(seq_rows)

    idle_ttft = out["chat_idle"]["ttft_s"]["median"]
    idle_dec = out["chat_idle"]["decode_tokens_per_s"]["median"]
    ratios: dict = {"pipeline_vs_sequential_idle_throughput": {},
                    "pipeline_vs_sequential_idle_throughput_paired": {}}  # fmt: skip
    decode = median_of_rows("decode_tokens_per_s")
    for mode in modes:
        busy = out[f"chat_while_indexing_{mode}"]
        if busy["ttft_s"]:
            ratios[f"ttft_while_indexing_minus_idle_s_{mode}"] = round(
                busy["ttft_s"]["median"] - idle_ttft, 3
            )
            ratios[f"decode_while_indexing_over_idle_{mode}"] = round(
                busy["decode_tokens_per_s"]["median"] / idle_dec, 3
            )
            paired = run.paired(f"pipeline_{mode}_while_chatting", "chat_idle", decode)
            if paired:
                ratios[f"decode_while_indexing_over_idle_{mode}_paired"] = round(statistics.median(paired), 3)
        ratios["pipeline_vs_sequential_idle_throughput"][mode] = round(
            out[f"index_pipeline_{mode}_idle"]["chunks_per_s"] / out["index_sequential_idle"]["chunks_per_s"],
            3,
        )
        cps = lambda res: res["index"]["chunks_per_s"]  # noqa: E731
        ratios["pipeline_vs_sequential_idle_throughput_paired"][mode] = round(
            statistics.median(run.paired(f"pipeline_{mode}_idle", "sequential_idle", cps)), 3
        )
    if seq_rows:
        ratios["ttft_while_sequential_indexing_s"] = round(
            statistics.median(r["ttft_s"] for r in seq_rows), 3
        )
    out["ratios"] = ratios
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
                    help="only the idle throughput: sequential and pipeline in ABBA order, N rounds")  # fmt: skip
    ap.add_argument("--rounds", type=int, default=1,
                    help="palindromic rounds of the side-by-side cases (each case twice a round)")  # fmt: skip
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
        modes = ["threads", "processes"] if args.extract_in == "both" else [args.extract_in]
        out.update(side_by_side(engine, files, tmp, modes, args))
        if not args.skip_swap:
            engine.unload_model("embedder")
            out["swap"] = swap_memory(engine)
    emit(out)


if __name__ == "__main__":
    main()
