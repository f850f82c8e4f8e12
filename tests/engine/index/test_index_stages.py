"""An index run's progress in two phases (issue 38): files are read, then passages embedded; the events say which
(``extra["stage"]``) and count passages to embed, so a front end never shows "125 of 125" with a full bar while the
last large file is still being embedded."""

from __future__ import annotations

from engine.core.events import ProgressEvent
from engine.index import IndexSummary, index_paths
from tests.engine.index.index_fakes import HashEmbedder, make_tree


def _run(paths, db, **kw):
    events, summary = [], None
    for item in index_paths(paths, db, HashEmbedder(), **kw):
        if isinstance(item, IndexSummary):
            summary = item
        elif isinstance(item, ProgressEvent):
            events.append(item)
    return summary, events


def test_stages_go_scan_read_embed_and_count_passages(tmp_path):
    docs = make_tree(tmp_path)
    big = docs / "big.md"  # the last file: many passages still to embed after every file is read
    big.write_text("\n\n".join(f"Paragraph {i} about lighthouses and their lenses, keepers and storms." * 6
                               for i in range(60)), encoding="utf-8")  # fmt: skip
    summary, events = _run([docs], tmp_path / "i.sqlite3", batch_chunks=4)
    stages = [e.extra["stage"] for e in events]
    order = {"scan": 0, "read": 1, "embed": 2}
    assert [order[s] for s in stages] == sorted(order[s] for s in stages)  # never back to an earlier phase
    assert stages[0] == "scan" and "read" in stages and "embed" in stages
    embed = [e for e in events if e.extra["stage"] == "embed"]
    assert all(e.extra["files_done"] == e.extra["files_total"] for e in embed)
    assert embed[0].extra["chunks"] < embed[0].extra["chunks_total"]  # all files read, passages still to go
    last = events[-1].extra
    assert last["chunks"] == last["chunks_total"] == summary.chunks
    totals = [e.extra["chunks_total"] for e in events]
    assert totals == sorted(totals)  # grows as files are read, never shrinks


def test_an_unchanged_rerun_has_nothing_to_embed(tmp_path):
    docs = make_tree(tmp_path, 2)
    db = tmp_path / "i.sqlite3"
    _run([docs], db)
    summary, events = _run([docs], db)
    assert summary.chunks == 0 and all(e.extra["chunks_total"] == 0 for e in events)
