"""OCR as background work: does a chat still answer promptly while a scanned PDF is OCRed? (JSON, side by side.)

One engine, the built-in chat model and embedder, and a scanned PDF made here (image-only pages of real sentences from
the eval corpus, rendered with Pillow's bundled font; RapidOCR reads them, on the CPU beside the engine thread). The
same chat request is timed:

- ``idle``: nothing else running;
- ``ocr_yields``: while ``Engine.index`` OCRs the PDF with OCR pausing between pages while interactive work runs
  (the default);
- ``ocr_runs_on``: the same run with ``ocr_yields=False`` (OCR keeps taking the CPU while the chat generates).

The three cases run in palindromic order (idle, ocr_yields, ocr_runs_on, ocr_runs_on, ocr_yields, idle: bench/abba.py),
``--rounds`` rounds, so none is always first or timed on a quieter machine. For each: median / min / max of TTFT and
decode tokens/s over its chats (``--chats`` a run), and the OCR runs' wall time and how many chats ended while OCR
ran; the ratios are of the medians and per round (``*_paired``). Times are wall clock on a shared machine: compare
within one run.

    .venv/bin/python bench/bench_ocr_yield.py [--pages 10] [--chats 3] [--max-tokens 24]
"""

from __future__ import annotations

import argparse
import io
import itertools
import re
import statistics
import tempfile
import threading
import time
from pathlib import Path

from _common import ROOT, blas, chat_once, emit
from abba import abba

from engine import Engine
from engine.core import IndexRequest
from engine.index import IndexSummary

PROMPT = "In two sentences: why does a lighthouse use a Fresnel lens?"


def sentences(n: int) -> list[str]:
    text = " ".join(
        p.read_text(errors="ignore") for p in sorted((ROOT / "eval" / "corpus").rglob("*.txt"))[:20]
    )
    found = [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if 30 <= len(s.strip()) <= 70]
    return [re.sub(r"\s+", " ", s) for s in found[:n]]


def scanned_pdf(pages: int, lines_per_page: int = 6) -> bytes:
    from PIL import Image, ImageDraw, ImageFont

    lines = sentences(pages * lines_per_page)
    font = ImageFont.load_default(size=30)
    images = []
    for p in range(pages):
        image = Image.new("RGB", (1100, 80 + lines_per_page * 64), "white")
        draw = ImageDraw.Draw(image)
        for i, line in enumerate(lines[p * lines_per_page : (p + 1) * lines_per_page]):
            draw.text((40, 40 + i * 64), line, fill="black", font=font)
        images.append(image)
    buf = io.BytesIO()
    images[0].save(buf, "PDF", resolution=150, save_all=True, append_images=images[1:])
    return buf.getvalue()


def stats_of(rows: list[dict]) -> dict:
    out: dict = {"runs": len(rows)}
    for key in ("ttft_s", "decode_tokens_per_s"):
        vals = [r[key] for r in rows if r.get(key) is not None]
        out[key] = {"min": round(min(vals), 3), "median": round(statistics.median(vals), 3),
                    "max": round(max(vals), 3)} if vals else None  # fmt: skip
    return out


def during_ocr(
    engine: Engine, pdf: Path, db: Path, chats: int, max_tokens: int, yields: bool, warmup: float
) -> dict:
    """One index run of the scanned PDF; ``chats`` chats sent one after another once OCR has had ``warmup``
    seconds to start (the recogniser loads its models and reads its first page: progress events come per file)."""
    result: dict = {}

    def run() -> None:
        t0 = time.perf_counter()
        for item in engine.index(IndexRequest((str(pdf),), str(db), ocr_yields=yields)):
            if isinstance(item, IndexSummary):
                result["summary"], result["seconds"] = item, time.perf_counter() - t0
        result["t_end"] = time.perf_counter()

    t = threading.Thread(target=run)
    t.start()
    time.sleep(warmup)
    rows = []
    for _ in range(chats):
        if not t.is_alive():
            break
        rows.append(chat_once(engine, PROMPT, max_tokens))
        time.sleep(0.3)
    t.join()
    s = result["summary"]
    return {"chats": rows, "chats_ended_before_the_ocr": sum(1 for r in rows if r["t1"] < result["t_end"]),
            "ocr_run_s": result["seconds"], "files_indexed": s.files_indexed, "notes": [n.reason for n in s.notes]}  # fmt: skip


def merged(calls: list[dict]) -> dict:
    """The chats of every OCR run of one case pooled; the runs' own figures summed or listed."""
    out = stats_of([r for c in calls for r in c["chats"]])
    out["chats_ended_before_the_ocr"] = sum(c["chats_ended_before_the_ocr"] for c in calls)
    out["ocr_run_s"] = round(statistics.median(c["ocr_run_s"] for c in calls), 2)
    out["ocr_run_s_runs"] = [round(c["ocr_run_s"], 2) for c in calls]
    out["files_indexed"] = calls[-1]["files_indexed"]
    out["notes"] = calls[-1]["notes"]
    return out


def median_of_chats(key: str):
    """A figure of one call for abba: the median of ``key`` over its chats (None when it ran none)."""

    def figure(call: dict) -> float | None:
        vals = [r[key] for r in call["chats"] if r.get(key) is not None]
        return statistics.median(vals) if vals else None

    return figure


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pages", type=int, default=10)
    ap.add_argument("--chats", type=int, default=3)
    ap.add_argument("--max-tokens", type=int, default=24)
    ap.add_argument("--warmup", type=float, default=4.0, help="seconds of OCR before the first chat")
    ap.add_argument("--rounds", type=int, default=1, help="palindromic rounds (each case twice a round)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp, Engine() as engine:
        pdf = Path(tmp) / "scan.pdf"
        pdf.write_bytes(scanned_pdf(args.pages))
        engine.load_model("default")
        chat_once(engine, PROMPT, 4)  # warm-up
        dbs = itertools.count()

        def case(yields: bool):
            return lambda: during_ocr(engine, pdf, Path(tmp) / f"ocr-{next(dbs)}.sqlite3", args.chats,
                                      args.max_tokens, yields, args.warmup)  # fmt: skip

        # idle ocr_yields ocr_runs_on ocr_runs_on ocr_yields idle, --rounds times: no case always first or last
        run = abba({"idle": lambda: {"chats": [chat_once(engine, PROMPT, args.max_tokens) for _ in range(args.chats)]},
                    "ocr_yields": case(True), "ocr_runs_on": case(False)}, args.rounds)  # fmt: skip
        runs = {name: merged(run.results(name)) for name in ("ocr_yields", "ocr_runs_on")}
        ttft, decode = median_of_chats("ttft_s"), median_of_chats("decode_tokens_per_s")
        paired_ttft = run.paired("ocr_runs_on", "ocr_yields", ttft)
        paired_decode = run.paired("ocr_yields", "ocr_runs_on", decode)
        emit({
            "bench": "ocr_yield",
            "blas": blas(),
            "pages": args.pages,
            "chats": args.chats,
            "max_tokens": args.max_tokens,
            "warmup_s": args.warmup,
            **run.about(),
            "idle": stats_of([r for c in run.results("idle") for r in c["chats"]]),
            **runs,
            "ttft_ratio_runs_on_vs_yields": round(runs["ocr_runs_on"]["ttft_s"]["median"]
                                                  / runs["ocr_yields"]["ttft_s"]["median"], 2),
            "decode_ratio_yields_vs_runs_on": round(runs["ocr_yields"]["decode_tokens_per_s"]["median"]
                                                    / runs["ocr_runs_on"]["decode_tokens_per_s"]["median"], 2),
            "ttft_ratio_runs_on_vs_yields_paired": round(statistics.median(paired_ttft), 2) if paired_ttft else None,
            "decode_ratio_yields_vs_runs_on_paired": round(statistics.median(paired_decode), 2) if paired_decode
            else None,
        })  # fmt: skip


if __name__ == "__main__":
    main()
