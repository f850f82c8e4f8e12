"""102 operations at once on one Engine and one database (issue #19's concurrency attack, re-run): index runs that
collide, cancels, searches, removals and edits of indexed files, and two `alcove index` processes on the same file.
Every operation ends as a result or a clear error (never a traceback, never a hang), and the database stays
consistent and complete: a last run afterwards indexes every file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor, wait
from pathlib import Path

import pytest

from engine import Engine
from engine.core import AlcoveError, IndexRequest
from engine.index import IndexStore, IndexSummary, search
from tests.engine.index.index_fakes import HashEmbedder, make_tree

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]
ROOT = Path(__file__).resolve().parents[3]


def test_102_concurrent_operations_end_cleanly_and_leave_a_consistent_index(tmp_path):
    docs = make_tree(tmp_path, 12, repeat=20)
    db = tmp_path / "lib.sqlite3"
    emb = HashEmbedder(delay_s=0.002)
    outcomes: list[str] = []
    lock = threading.Lock()

    def note(kind: str) -> None:
        with lock:
            outcomes.append(kind)

    with Engine() as engine:
        first = list(engine.index(IndexRequest([str(docs)], db, embedder=emb)))[
            -1
        ]  # the library exists before the storm
        assert first.files_indexed >= 12

        def index(i: int) -> None:
            rid = f"run-{i}"
            try:
                items = list(engine.index(IndexRequest([str(docs)], db, embedder=emb, request_id=rid)))
                assert isinstance(items[-1], IndexSummary)
                note("indexed" if not items[-1].cancelled else "cancelled")
            except AlcoveError as exc:  # the database is another run's now: said so, nothing lost
                assert "another Alcove indexing run" in str(exc), exc
                note("refused")

        def cancel(i: int) -> None:
            engine.cancel(f"run-{i}")
            note("cancel")

        def find(q: str) -> None:
            try:
                hits = engine.run(search, db, emb, q, k=3)
                assert isinstance(hits, list)
                note("searched")
            except AlcoveError as exc:  # e.g. no index yet: a clear error
                assert str(exc)
                note("search-error")

        def meddle(i: int) -> None:
            (note_file,) = docs.rglob(f"note{i}.md")
            if i % 2:
                note_file.write_text(f"# Note {i}, edited\nRewritten while indexing. " * 5)
            else:
                note_file.unlink(missing_ok=True)
            note("meddled")

        def cli() -> None:
            env = {**os.environ, "ALCOVE_HOME": str(tmp_path / "home")}
            proc = subprocess.run(
                [sys.executable, "-m", "app.cli", "index", str(docs), "--db", str(db), "--json"],
                cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
            )  # fmt: skip
            assert "Traceback" not in proc.stderr, proc.stderr
            # another embedder than the library's, or the database busy: refused with a reason, exit 2
            assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
            assert json.loads(proc.stdout)["error"], proc.stdout  # --json: the error is in the JSON
            note("cli-refused")

        jobs = [(index, i) for i in range(30)] + [(cancel, i) for i in range(0, 30, 3)]
        jobs += [(find, q) for q in ["lighthouse", "note", "", "   ", "\udcff", "x" * 5000] * 9]  # 54
        jobs += [(meddle, i) for i in range(6)]
        with ThreadPoolExecutor(max_workers=24) as pool:
            futures = [pool.submit(fn, arg) for fn, arg in jobs]
            futures += [pool.submit(cli) for _ in range(2)]
            done, not_done = wait(futures, timeout=480)
            assert not not_done, f"{len(not_done)} operations still running"
            for f in done:
                f.result()  # an assertion inside an operation fails here
        assert len(outcomes) == 102
        assert outcomes.count("indexed") + outcomes.count("cancelled") >= 1  # one run had the database
        assert outcomes.count("searched") + outcomes.count("search-error") == 54
        assert outcomes.count("cli-refused") == 2

        final = list(engine.index(IndexRequest([str(docs)], db, embedder=emb)))[-1]
        assert final.error is None and not final.cancelled
    with IndexStore(db) as store:
        assert store.check_consistency() == []
        indexed = {Path(d.path).name for d in store.documents() if d.status == "indexed"}
    on_disk = {p.name for p in docs.rglob("*") if p.is_file() and p.suffix in (".md", ".py")}
    assert on_disk <= indexed, on_disk - indexed
    assert not any(f"note{i}.md" in indexed for i in (0, 2, 4))  # deleted during the storm: gone
