"""The window while a draft model loads: GUI-thread gaps with and without the draft sharing the chat model's tokenizer.

A QTimer ticks every 10 ms on the Qt thread (offscreen) while ``Bridge.load_model`` loads ``--draft`` as the draft
beside the loaded ``--chat`` model, as the window does before a drafted reply. Each gap between ticks is how long the
window could not repaint or take a click. ``shared``: the engine as it is (a draft whose files hold the chat model's
tokenizer reuses the loaded one); ``own``: the draft loads its own tokenizer (the previous behaviour, by patching
``RoleSlots._chat_tokenizer_for``). Runs alternate A B B A (bench/abba.py); each run unloads the draft first.

    QT_QPA_PLATFORM=offscreen OPENBLAS_NUM_THREADS=1 nice .venv/bin/python bench/bench_draft_load.py \
        --chat QWEN_1.5B_OR_A_COPY --draft QWEN_0.5B [--rounds 1]
"""

from __future__ import annotations

import argparse
import importlib
import os
import time

from _common import blas, emit
from abba import abba

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--chat", required=True)
    ap.add_argument("--draft", required=True)
    ap.add_argument("--rounds", type=int, default=1)
    args = ap.parse_args()
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    # the bench swaps the engine's tokenizer sharing off and on, so it reaches into the module on purpose
    roles = importlib.import_module("engine.runtime.roles")
    from app.gui.bridge import Bridge
    from engine import Engine
    from engine.core import ModelRequest, Role

    app = QApplication.instance() or QApplication([])
    eng = Engine()
    bridge = Bridge(eng)
    eng.ensure(ModelRequest(Role.CHAT, args.chat))
    real = roles.RoleSlots._chat_tokenizer_for
    gaps: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(tick)
    timer.start()

    def load(share: bool) -> dict:
        eng.unload(Role.DRAFT)
        roles.RoleSlots._chat_tokenizer_for = real if share else (lambda self, where: None)
        for _ in range(20):
            app.processEvents()
            time.sleep(0.01)
        gaps.clear()
        last[0] = t0 = time.perf_counter()
        job = bridge.load_model(ModelRequest(Role.DRAFT, args.draft))
        done: list[float] = []
        job.finished.connect(lambda: done.append(time.perf_counter() - t0))
        while not done and time.perf_counter() - t0 < 600:
            app.processEvents()
            time.sleep(0.002)
        g = sorted(gaps)
        return {"load_s": round(done[0], 2) if done else None, "max_gap_s": round(g[-1], 3),
                "p95_gap_ms": round(g[int(0.95 * (len(g) - 1))] * 1000, 1), "gaps_over_100ms": sum(x > 0.1 for x in g)}  # fmt: skip

    run = abba({"shared": lambda: load(True), "own": lambda: load(False)}, args.rounds)
    roles.RoleSlots._chat_tokenizer_for = real
    report = {"chat": args.chat, "draft": args.draft, "blas": blas(), "order": run.about()}
    for name in ("shared", "own"):
        rows = run.results(name)
        report[name] = {"runs": rows, "max_gap_s": max(r["max_gap_s"] for r in rows),
                        "median_load_s": sorted(r["load_s"] for r in rows)[len(rows) // 2]}  # fmt: skip
    bridge.shutdown()
    eng.shutdown()
    emit(report)


if __name__ == "__main__":
    main()
