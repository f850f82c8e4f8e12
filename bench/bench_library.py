"""Library-scale benchmark (JSON): a synthetic-but-realistic library of many small text files in nested folders.

The library is generated from real text: the sentences of the eval corpus (eval/corpus: Debian and Python docs)
recombined at random (seeded) into Markdown and text notes of 3-12 sentences, in folders three levels deep
(~100 files a folder). It is written to ``--out`` (default bench/out/library-N, ignored by git) once and reused.

Phases, each in its own process so each reports its own peak memory (ru_maxrss):
1. walk: ``engine.index`` walk + stat + read + BLAKE2b hash of every file, ``--runs`` times (files/s, min/median);
   the first run after writing the files is reported on its own (the OS page cache is warm either way: say so).
2. index: the full ``index_paths`` (walk, stat, hash, extract, chunk with the real MiniLM tokenizer, store in
   SQLite) with a FAST FAKE EMBEDDER (deterministic 384-d vectors from a hash, no model): what indexing costs apart
   from embedding. It runs on a worker thread, as on the app's engine thread, while a Qt event loop on the main
   thread ticks every 10 ms: the ticks' lateness (p50/p95/max) is the GUI event-loop figure. Then a re-index with
   nothing changed, and a re-index after 1% of the files were edited; the process's peak memory.
3. app: the real window (offscreen) with that library: resident memory with File > Show Library open, the time
   the view takes to show, and to scroll to the last file (rows are fetched lazily).
4. embed: the real MLX embedder (all-MiniLM-L6-v2) on a sample of the library's chunks: chunks/s, and the time
   the library's chunk count would take at that rate (embedding is reported separately, as it is what it is on
   this CPU).

    .venv/bin/python bench/bench_library.py [--files 100000] [--runs 3] [--embed-sample 256]

CI never runs this at scale; ``--files`` defaults to 10,000.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np
from _common import ROOT, blas, emit, summary

from engine.index import IndexSummary, chunk_document, extract, index_paths, walk

SENTENCE = re.compile(r"[A-Z][^.!?\n]{30,220}[.!?]")


def _sentences() -> list[str]:
    out: list[str] = []
    for path in sorted((ROOT / "eval" / "corpus").rglob("*")):
        if path.is_file():
            text = path.read_text(errors="replace")
            out.extend(" ".join(m.group(0).split()) for m in SENTENCE.finditer(text))
    return sorted(set(out))


def generate(folder: Path, files: int, seed: int = 7) -> dict:
    marker = folder / ".complete"
    if marker.exists() and json.loads(marker.read_text())["files"] == files:
        return json.loads(marker.read_text())
    shutil.rmtree(folder, ignore_errors=True)
    sentences = _sentences()
    rng = random.Random(seed)
    t0 = time.perf_counter()
    nbytes = 0
    for i in range(files):
        sub = folder / f"area{i % 10:02d}" / f"topic{(i // 10) % 10:02d}" / f"batch{i // 1000:03d}"
        if i < 1000 or i % 1000 < 100:
            sub.mkdir(parents=True, exist_ok=True)
        body = rng.sample(sentences, rng.randint(3, 12))
        if i % 3 == 0:
            text = f"# {body[0][:60]}\n\n" + "\n\n".join(
                " ".join(body[j : j + 3]) for j in range(1, len(body), 3)
            )
            name = f"note{i:06d}.md"
        else:
            text = "\n\n".join(" ".join(body[j : j + 4]) for j in range(0, len(body), 4))
            name = f"note{i:06d}.txt"
        data = (text + "\n").encode()
        (sub / name).write_bytes(data)
        nbytes += len(data)
    info = {
        "files": files,
        "bytes": nbytes,
        "sentences": len(sentences),
        "write_seconds": time.perf_counter() - t0,
    }
    marker.write_text(json.dumps(info))
    return info


class FastFakeEmbedder:
    """No model: a 384-d unit vector per text from its BLAKE2b hash. The tokenizer (chunking) is the real one."""

    name, dim, max_seq_length = "fake-384", 384, 256

    def __init__(self) -> None:
        from tokenizers import Tokenizer

        from engine.encoders import default_embedder_path

        self.tokenizer = Tokenizer.from_file(str(Path(default_embedder_path()) / "tokenizer.json"))
        self.tokenizer.no_truncation()
        self.tokenizer.no_padding()

    def embed(self, texts, kind="document", cancel=None):
        rows = []
        for t in texts:
            seed = int.from_bytes(hashlib.blake2b(t.encode(), digest_size=8).digest(), "little")
            v = np.random.default_rng(seed).standard_normal(self.dim).astype(np.float32)
            rows.append(v / np.linalg.norm(v))

        class Result:
            vectors = np.stack(rows)
            truncated = ()
            cancelled = False

        return Result()


def _maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB


def phase_walk(folder: Path, runs: int) -> dict:
    times = []
    n = 0
    for _ in range(runs):
        t0 = time.perf_counter()
        n = 0
        for found in walk(str(folder)):
            st = os.stat(found.path)
            with open(found.path, "rb") as f:
                hashlib.blake2b(f.read(), digest_size=16).hexdigest()
            n += st.st_size >= 0
        times.append(time.perf_counter() - t0)
    return {
        "files": n,
        "first_run_files_per_s": n / times[0],
        "files_per_s": summary([n / t for t in times]),
        "peak_rss_mb": _maxrss_mb(),
    }


def _index(folder: Path, db: Path, emb) -> tuple[IndexSummary, float]:
    t0 = time.perf_counter()
    s = None
    for item in index_paths([folder], db, emb):
        if isinstance(item, IndexSummary):
            s = item
    return s, time.perf_counter() - t0


def phase_index(folder: Path, work: Path) -> dict:
    emb = FastFakeEmbedder()
    db = work / "index.sqlite3"
    for p in work.glob("index.sqlite3*"):
        p.unlink()
    (cold, cold_s), gui = with_event_loop(lambda: _index(folder, db, emb))
    rss_after_cold = _maxrss_mb()
    same, same_s = _index(folder, db, emb)
    files = sorted(p for p in folder.rglob("note*") if p.is_file())
    rng = random.Random(11)
    changed = rng.sample(files, max(1, len(files) // 100))
    for p in changed:
        p.write_text(p.read_text() + "\nEdited: one more line about the river.\n")
    edit, edit_s = _index(folder, db, emb)
    for p in changed:  # restore, so the next run of the bench starts from the same library
        text = p.read_text()
        p.write_text(text[: text.rindex("\nEdited:")] + "\n")
    return {
        "embedder": "FAST FAKE (hash vectors, 384-d); the tokenizer and everything else are real",
        "cold": {"seconds": cold_s, "files_per_s": cold.files_indexed / cold_s, "files_indexed": cold.files_indexed,
                 "chunks": cold.chunks, "peak_rss_mb": rss_after_cold},
        "unchanged": {"seconds": same_s, "files_unchanged": same.files_unchanged},
        "one_percent_changed": {"seconds": edit_s, "files_changed": len(changed), "files_indexed": edit.files_indexed},
        "gui_event_loop": gui,
        "db_mb": sum(p.stat().st_size for p in work.glob("index.sqlite3*")) / 2**20,
        "peak_rss_mb": _maxrss_mb(),
    }  # fmt: skip


def with_event_loop(job) -> tuple[object, dict]:
    """Run ``job()`` on a worker thread (as the app's engine thread does) while a Qt event loop ticks every
    10 ms on this thread; returns the job's result and the ticks' lateness."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QCoreApplication, Qt, QTimer

    app = QCoreApplication.instance() or QCoreApplication([])
    samples: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        samples.append(max(0.0, (now - last[0]) * 1000 - 10))
        last[0] = now

    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(10)
    timer.timeout.connect(tick)
    result: list = []

    def work_thread() -> None:
        result.append(job())

    worker = threading.Thread(target=work_thread, name="bench-index")
    done = QTimer()  # polled on the GUI thread: a timer started from the worker would never fire
    done.setInterval(50)
    done.timeout.connect(lambda: None if worker.is_alive() else app.quit())
    timer.start()
    last[0] = time.perf_counter()
    worker.start()
    done.start()
    app.exec()
    worker.join()
    timer.stop()
    arr = np.array(samples)
    return result[0], {
        "while": "the cold index_paths (fake embedder) on a worker thread",
        "ticks": len(samples),
        "lateness_ms": {"p50": float(np.percentile(arr, 50)), "p95": float(np.percentile(arr, 95)),
                        "max": float(arr.max())},
    }  # fmt: skip


def phase_embed(folder: Path, sample: int) -> dict:
    from engine.encoders import default_embedder_path, load_embedder

    emb = load_embedder(default_embedder_path())
    files = sorted(p for p in folder.rglob("note*") if p.is_file())
    rng = random.Random(3)
    texts: list[str] = []
    for p in rng.sample(files, min(len(files), sample)):
        doc = extract(p, p.read_bytes())
        texts += [c.embedding_text() for c in chunk_document(doc, emb.tokenizer)]
    texts = texts[:sample]
    emb.embed(texts[:32])  # warm-up
    t0 = time.perf_counter()
    emb.embed(texts)
    secs = time.perf_counter() - t0
    return {"model": "all-MiniLM-L6-v2 (MLX, this CPU)", "chunks": len(texts), "seconds": secs,
            "chunks_per_s": len(texts) / secs}  # fmt: skip


def _rss_mb() -> float:
    with open("/proc/self/status") as f:  # Linux; the bench runs here
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def phase_app(work: Path) -> dict:
    """The real window (offscreen) over the library the index phase built: its resident memory before and after
    File > Show Library, how long the view takes to show its counts and first page, and to scroll to the last file
    (rows fetched lazily, 500 at a time). No model is loaded (the window's start() is not called): a chat model's
    weights come on top (SmolLM2-135M fp32: ~540 MB)."""
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    os.environ["ALCOVE_HOME"] = str(work / "app-home")
    from PySide6.QtWidgets import QApplication

    from app.main import _application_class, build
    from engine.core import default_index_db

    db = default_index_db()
    for p in work.glob("index.sqlite3*"):
        os.link(p, db.parent / p.name.replace("index.sqlite3", db.name))  # same file, no copy
    rss_imports = _rss_mb()
    app = _application_class()([])
    t0 = time.perf_counter()
    window = build(app)
    window.show()
    app.processEvents()
    window_s, rss_window = time.perf_counter() - t0, _rss_mb()
    t0 = time.perf_counter()
    window.show_library()
    app.processEvents()
    dialog = window.library_dialog
    show_s, rss_library = time.perf_counter() - t0, _rss_mb()
    model, table = dialog.model, dialog.table
    t0 = time.perf_counter()
    while model.canFetchMore(table.rootIndex()):
        model.fetchMore(table.rootIndex())
        table.scrollToBottom()
        app.processEvents()
    scroll_s, rss_scrolled = time.perf_counter() - t0, _rss_mb()
    rows = model.rowCount()
    dialog.close()
    window.close()
    window.bridge.shutdown()
    window.store.close()
    QApplication.processEvents()
    return {
        "documents": model.total, "rows_fetched": rows,
        "window_open_s": window_s, "library_view_show_s": show_s, "scroll_to_last_file_s": scroll_s,
        "rss_mb": {"after_imports": rss_imports, "window_open": rss_window, "library_view_shown": rss_library,
                   "every_row_fetched": rss_scrolled},
        "peak_rss_mb": _maxrss_mb(),
        "model_loaded": False,
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--files", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--embed-sample", type=int, default=256)
    ap.add_argument("--out", type=Path, default=None, help="where the library is generated (bench/out/...)")
    ap.add_argument("--phase", choices=["walk", "index", "app", "embed"], help=argparse.SUPPRESS)
    ap.add_argument("--work", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    folder = args.out or ROOT / "bench" / "out" / f"library-{args.files}"
    if args.phase:  # a child process: one phase, its JSON on stdout
        fn = {
            "walk": lambda: phase_walk(folder, args.runs),
            "index": lambda: phase_index(folder, args.work),
            "app": lambda: phase_app(args.work),
            "embed": lambda: phase_embed(folder, args.embed_sample),
        }
        sys.stdout.write(json.dumps(fn[args.phase]()) + "\n")  # fmt: skip
        return 0
    folder.parent.mkdir(parents=True, exist_ok=True)
    info = generate(folder, args.files)
    work = Path(tempfile.mkdtemp(prefix="alcove-library-"))
    out = {"library": {**info, "folder": str(folder)}, "blas": blas(), "cpus": os.cpu_count(),
           "page_cache": "warm (files written just before; caches are not dropped)"}  # fmt: skip
    try:
        for phase in ("walk", "index", "app", "embed"):
            cmd = [sys.executable, __file__, "--phase", phase, "--files", str(args.files), "--runs", str(args.runs),
                   "--embed-sample", str(args.embed_sample), "--out", str(folder), "--work", str(work)]  # fmt: skip
            t0 = time.perf_counter()
            done = subprocess.run(cmd, capture_output=True, text=True, check=False)
            if done.returncode:
                out[phase] = {"error": done.stderr[-2000:]}
            else:
                out[phase] = json.loads(done.stdout.strip().splitlines()[-1])
            out[phase]["phase_seconds"] = time.perf_counter() - t0
        idx, emb = out.get("index", {}), out.get("embed", {})
        if "cold" in idx and "chunks_per_s" in emb:
            out["embedding_the_library_s"] = idx["cold"]["chunks"] / emb["chunks_per_s"]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    emit(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
