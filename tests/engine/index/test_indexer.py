"""Indexing: incremental by content hash, progress and cancel, engine thread, and resume after SIGKILL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from engine.core.events import ProgressEvent
from engine.index import IndexSummary, index_paths
from engine.index.store import IndexStore
from tests.engine.index.index_fakes import HashEmbedder, kill_after_commits, make_tree

ROOT = Path(__file__).resolve().parents[3]


def run(paths, db, emb, **kw):
    events, summary = [], None
    for item in index_paths(paths, db, emb, **kw):
        if isinstance(item, IndexSummary):
            summary = item
        else:
            events.append(item)
    return summary, events


def test_incremental_unchanged_changed_deleted(tmp_path):
    docs = make_tree(tmp_path)
    db = tmp_path / "i.sqlite3"
    emb = HashEmbedder()
    s1, _ = run([docs], db, emb)
    assert (s1.files_indexed, s1.files_unchanged, s1.files_skipped) == (7, 0, ())
    assert s1.chunks > 0 and s1.documents_total == 7 and s1.chunks_total == s1.chunks
    embedded = emb.embedded

    s2, _ = run([docs], db, emb)
    assert (s2.files_indexed, s2.files_unchanged, s2.chunks) == (0, 7, 0)
    assert emb.embedded == embedded  # nothing re-embedded

    (docs / "note0.md").write_text("# Note 0\n\nCompletely new text about narwhals.\n")
    os.utime(docs / "note2.md")  # touched, same bytes: unchanged (content hash)
    (docs / "sub" / "note1.md").unlink()
    s3, _ = run([docs], db, emb)
    assert (s3.files_indexed, s3.files_unchanged, s3.files_removed) == (1, 5, 1)
    assert emb.embedded == embedded + s3.chunks
    with IndexStore(db) as store:
        assert store.document(str(docs / "sub" / "note1.md")) is None
        assert "narwhals" in store.chunks_for_document(str(docs / "note0.md"))[0].text
        assert store.keyword_search('"subject0"', 5) == []  # the old version's text is gone from FTS
        assert store.check_consistency() == []


def test_changing_chunk_settings_reembeds(tmp_path):
    docs = make_tree(tmp_path, 2)
    db = tmp_path / "i.sqlite3"
    run([docs], db, HashEmbedder())
    s, _ = run([docs], db, HashEmbedder(), chunk_tokens=40)
    assert s.files_indexed == 3 and s.files_unchanged == 0


def test_progress_events_count_files_chunks_and_current_file(tmp_path):
    docs = make_tree(tmp_path)
    summary, events = run([docs], tmp_path / "i.sqlite3", HashEmbedder(), batch_chunks=4, request_id="r1")
    assert all(isinstance(e, ProgressEvent) and e.request_id == "r1" for e in events)
    index_events = [e for e in events if e.extra["phase"] == "index"]
    assert index_events[-1].total == 7 and max(e.done for e in index_events) == 7
    dones = [e.done for e in index_events]
    assert dones == sorted(dones)
    assert {e.extra["current_file"] for e in index_events} >= {str(docs / "code.py")}
    assert index_events[-1].extra["chunks"] == summary.chunks
    assert all(e.eta_s is None or e.eta_s >= 0 for e in events)


def test_cancel_keeps_what_is_done_and_a_rerun_finishes(tmp_path):
    docs = make_tree(tmp_path, 10)
    db = tmp_path / "i.sqlite3"
    cancel = threading.Event()
    emb = HashEmbedder()
    got = []
    for item in index_paths([docs], db, emb, cancel=cancel, batch_chunks=2, commit_seconds=0):
        got.append(item)
        if isinstance(item, ProgressEvent) and item.done == 4:
            cancel.set()
    summary = got[-1]
    assert isinstance(summary, IndexSummary) and summary.cancelled
    assert 0 < summary.files_indexed < 11
    assert summary.chunks == emb.embedded  # every chunk embedded is kept, those of files not finished too
    with IndexStore(db) as store:
        assert store.check_consistency() == []
        stats = store.stats()
        assert stats.documents == summary.files_indexed + summary.files_partial == summary.documents_total
        assert stats.partial == summary.files_partial == summary.documents_partial
        assert stats.chunks == summary.chunks == summary.chunks_total
        in_parts = sum(len(r.stored) for r in store.partial_documents().values())
    embedded = emb.embedded
    s2, _ = run([docs], db, emb)
    assert s2.files_unchanged == summary.files_indexed and s2.files_indexed == 11 - summary.files_indexed
    assert s2.chunks_removed == 0 and s2.chunks_resumed == in_parts  # the partly indexed files continued
    assert emb.embedded - embedded == s2.chunks == s2.chunks_total - stats.chunks  # only what was missing
    assert s2.files_partial == s2.documents_partial == 0


def test_runs_on_the_engine_thread(tmp_path):
    from engine.runtime.scheduler import EngineThread

    docs = make_tree(tmp_path, 2)
    thread = EngineThread()
    try:
        items = list(thread.stream(index_paths, [docs], tmp_path / "i.sqlite3", HashEmbedder()))
    finally:
        thread.shutdown()
    assert isinstance(items[-1], IndexSummary) and items[-1].files_indexed == 3


def test_no_paths_refreshes_every_source(tmp_path):
    docs = make_tree(tmp_path, 2)
    db = tmp_path / "i.sqlite3"
    run([docs], db, HashEmbedder())
    (docs / "new.txt").write_text("a brand new file")
    s, _ = run([], db, HashEmbedder())
    assert s.files_indexed == 1 and s.files_unchanged == 3


_KILL_SCRIPT = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, {tests!r}); sys.path.insert(0, {root!r})
    from engine.core.blas import preload_blas
    preload_blas()
    from tests.engine.index.index_fakes import HashEmbedder
    from engine.index import index_paths
    for item in index_paths([{docs!r}], {db!r}, HashEmbedder(delay_s=0.25), batch_chunks=3, commit_seconds=0):
        pass
    """
)


@pytest.mark.slow
def test_sigkill_mid_run_leaves_a_consistent_index_that_resumes(tmp_path):
    docs = make_tree(tmp_path, 40)
    db = tmp_path / "i.sqlite3"
    script = _KILL_SCRIPT.format(tests=str(Path(__file__).parent), root=str(ROOT), docs=str(docs), db=str(db))
    proc = subprocess.Popen([sys.executable, "-c", script], stderr=subprocess.PIPE)
    err = kill_after_commits(proc, db)
    assert proc.returncode == -signal.SIGKILL, err.decode()[-2000:]
    with IndexStore(db) as store:
        assert store.check_consistency() == []
        stats = store.stats()
        assert 5 <= stats.documents < 41
        done = stats.documents - stats.partial  # whole; a partly indexed file is finished by the next run
        assert store.interrupted_runs()  # the killed run is known
    emb = HashEmbedder()
    summary, _ = run([docs], db, emb)
    assert summary.resumed
    assert summary.files_unchanged == done and summary.files_indexed == 41 - done
    with IndexStore(db) as store:
        assert store.stats().documents == 41 and store.check_consistency() == []
        assert store.interrupted_runs() == []
    fresh, _ = run([docs], tmp_path / "fresh.sqlite3", HashEmbedder())
    with IndexStore(db) as a, IndexStore(tmp_path / "fresh.sqlite3") as b:
        assert a.stats().chunks == b.stats().chunks  # the resumed index equals a clean one


def test_symlinked_duplicate_is_indexed_once(tmp_path):
    docs = tmp_path / "licenses"
    docs.mkdir()
    (docs / "GPL-3").write_text("The GNU General Public License is a free, copyleft license.\n" * 5)
    (docs / "MIT").write_text("Permission is hereby granted, free of charge, to any person.\n" * 5)
    (docs / "GPL").symlink_to("GPL-3")  # sorts first, yet the real path is the one kept
    db = tmp_path / "i.sqlite3"
    s, _ = run([docs, docs / "MIT"], db, HashEmbedder())  # MIT twice too: a folder and a file inside it
    assert s.files_indexed == 2
    # the real file is kept under its own path; the link is the duplicate (issue #19)
    assert [(x.path, x.reason) for x in s.files_skipped] == [
        (str(docs / "GPL"), f"duplicate of {docs / 'GPL-3'} (symlink)")
    ]
    with IndexStore(db) as store:
        assert store.document(str(docs / "GPL-3")).status == "indexed"
        assert store.document(str(docs / "GPL")) is None
        assert store.check_consistency() == []
    s2, _ = run([docs], db, HashEmbedder())
    assert (s2.files_indexed, s2.files_unchanged) == (0, 2)
    assert [x.reason for x in s2.files_skipped] == [f"duplicate of {docs / 'GPL-3'} (symlink)"]


def test_a_duplicate_indexed_by_an_earlier_run_is_dropped(tmp_path):
    docs = tmp_path / "licenses"
    docs.mkdir()
    (docs / "GPL-3").write_text("The GNU General Public License is a free, copyleft license.\n" * 5)
    db = tmp_path / "i.sqlite3"
    run([docs], db, HashEmbedder())
    (docs / "GPL").symlink_to("GPL-3")
    s, _ = run([docs], db, HashEmbedder())  # the real file stays; the new link is reported as its duplicate
    assert (s.files_indexed, s.files_unchanged, len(s.files_skipped)) == (0, 1, 1)
    with IndexStore(db) as store:
        assert [d.path for d in store.documents()] == [str(docs / "GPL-3")]
        assert store.check_consistency() == []


def test_an_embedder_crash_ends_an_inline_run_and_keeps_an_index_that_resumes(tmp_path):
    class Flaky(HashEmbedder):
        def embed(self, texts, kind="document", cancel=None):
            if self.calls == 2:
                raise RuntimeError("embedder bug")
            return super().embed(texts, kind, cancel)

    docs = make_tree(tmp_path, 10)
    db = tmp_path / "i.sqlite3"
    with pytest.raises(RuntimeError, match="embedder bug"):
        run([docs], db, Flaky(), batch_chunks=2, commit_seconds=0)
    with IndexStore(db) as store:
        assert store.check_consistency() == []
        assert store.interrupted_runs() == []  # recorded as failed, not left running
        kept = store.stats().documents
    assert kept >= 1  # what was embedded before the crash was committed
    s, _ = run([docs], db, HashEmbedder())
    assert s.files_unchanged == kept and s.files_indexed == 11 - kept and s.pipeline is None
