"""``alcove index`` (issue 35): Ctrl-C or SIGTERM inside a large file keeps every embedded chunk and exits 130 / 143
with ``"cancelled": true``; the text summary's counts agree with each other and with the index."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

import engine.runtime.engine as engine_module
from app.cli.index import summary_lines
from app.cli.main import main
from engine.core.requests import Role
from engine.index import IndexSummary, index_paths
from engine.index.store import IndexStore
from tests.engine.index.index_fakes import HashEmbedder, make_tree
from tests.engine.index.test_indexer_resume import write_big

ROOT = Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.timeout(60)

# ``alcove index`` in its own process, its embedder a fake that takes 4 ms a chunk and says how many it embedded
_CLI_SCRIPT = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, {root!r})
    import engine.runtime.engine as engine_module
    from tests.engine.index.test_indexer_resume import RowDelayEmbedder

    class Reporting(RowDelayEmbedder):
        def embed(self, texts, kind="document", cancel=None):
            result = super().embed(texts, kind, cancel)
            with open({report!r}, "a") as f:
                f.write(f"{{self.embedded}}\\n")
            return result

    from engine.core.requests import Role

    fake, real = Reporting(0.004), engine_module.Engine._role
    engine_module.Engine._role = lambda self, req: fake if req.role is Role.EMBEDDER else real(self, req)
    from app.cli.main import main
    sys.exit(main(["index", {docs!r}, "--db", {db!r}, "--json"]))
    """
)


def use_embedder(monkeypatch, fake) -> None:
    """Every embedder role the engine loads is ``fake``; the other roles load as they would."""
    real = engine_module.Engine._role
    monkeypatch.setattr(engine_module.Engine, "_role",
                        lambda self, req: fake if req.role is Role.EMBEDDER else real(self, req))  # fmt: skip


def _embedded(report: Path) -> int:
    try:
        return int(report.read_text().split()[-1])
    except (OSError, IndexError, ValueError):
        return 0


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_inside_a_large_file_exits_with_its_code_and_keeps_every_embedded_chunk(tmp_path, sig, code,
                                                                                           monkeypatch, capsys):  # fmt: skip
    docs = tmp_path / "docs"
    write_big(docs / "big.txt")
    db, report = tmp_path / "i.sqlite3", tmp_path / "embedded.txt"
    script = _CLI_SCRIPT.format(root=str(ROOT), docs=str(docs), db=str(db), report=str(report))
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        deadline = time.time() + 25
        while time.time() < deadline and proc.poll() is None and _embedded(report) < 60:
            time.sleep(0.02)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == code, err[-2000:]
    assert "every chunk embedded so far is kept" in err and "Traceback" not in err
    summary = json.loads(out)
    assert summary["cancelled"] is True and summary["error"] is None
    assert summary["files_partial"] == 1 and summary["documents_partial"] == 1
    assert summary["chunks"] == _embedded(report) >= 60  # every chunk embedded was written
    with IndexStore(db) as store:
        assert store.check_consistency() == []
        stats = store.stats()
        [partial] = store.partial_documents().values()
    assert (
        stats.chunks == summary["chunks"] == summary["chunks_total"] == len(partial.stored) < partial.n_total
    )

    # the same command again finishes the file, embedding only the chunks it is missing
    again = HashEmbedder()
    use_embedder(monkeypatch, again)
    assert main(["index", str(docs), "--db", str(db), "--json"]) == 0
    s2 = json.loads(capsys.readouterr().out)
    assert (s2["cancelled"], s2["files_indexed"], s2["files_partial"]) == (False, 1, 0)
    assert (
        s2["chunks_resumed"] == stats.chunks
        and again.embedded == s2["chunks"] == partial.n_total - stats.chunks
    )


def _numbers(line: str) -> list[int]:
    return [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", line)]


def test_the_text_summary_says_what_the_run_wrote_and_what_the_index_holds_without_contradiction(tmp_path,
                                                                                                 monkeypatch,
                                                                                                 capsys):  # fmt: skip
    docs = make_tree(tmp_path, 6, repeat=200)
    db = str(tmp_path / "i.sqlite3")
    use_embedder(monkeypatch, HashEmbedder())
    assert main(["index", str(docs), "--db", db]) == 0
    lines = capsys.readouterr().out.splitlines()
    with IndexStore(db) as store:
        first = store.stats()
    assert lines[0].startswith(f"Indexed 7 files ({first.chunks:,} chunks written), 0 unchanged, 0 removed")
    assert lines[-1] == f"The index now holds 7 documents and {first.chunks:,} chunks in all: {db}"

    (docs / "note0.md").write_text("# Note 0\n\nNarwhals now.\n")  # one chunk where there were several
    (docs / "sub" / "note1.md").unlink()
    assert main(["index", str(docs), "--db", db]) == 0
    lines = capsys.readouterr().out.splitlines()
    with IndexStore(db) as store:
        second = store.stats()
    written, deleted = _numbers(lines[0])[1:3]
    assert lines[0].startswith(f"Indexed 1 file (1 chunk written, {deleted:,} old ones deleted), 5 unchanged, "
                               "1 removed")  # fmt: skip
    assert written == 1 and second.chunks == first.chunks + written - deleted
    assert lines[-1] == f"The index now holds 6 documents and {second.chunks:,} chunks in all: {db}"


def test_the_text_summary_of_a_run_cancelled_inside_a_file(tmp_path):
    docs = tmp_path / "docs"
    write_big(docs / "big.txt", 600)
    db = tmp_path / "i.sqlite3"
    cancel = threading.Event()
    for item in index_paths([docs], db, HashEmbedder(), cancel=cancel, batch_chunks=8, commit_seconds=0):
        if isinstance(item, IndexSummary):
            summary = item
        elif item.extra["chunks"] >= 40:
            cancel.set()
    lines = summary_lines(summary, str(db))
    n = summary.chunks
    assert lines[0].startswith(f"Indexed 0 files and part of 1 more ({n:,} chunks written), 0 unchanged")
    assert "every chunk embedded so far is kept" in lines[-2]
    assert lines[-1] == f"The index now holds 1 document (1 partly indexed) and {n:,} chunks in all: {db}"
    with IndexStore(db) as store:
        assert store.stats().chunks == n
