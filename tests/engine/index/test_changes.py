"""The watcher's engine entry: bursts collapse into one pass; edits, new files, deletions anywhere below a library
folder are picked up; a move or rename keeps its vectors (nothing re-embedded)."""

from __future__ import annotations

import os
from pathlib import Path

from engine.index import IndexStore, IndexSummary, index_paths, refresh_roots, reindex_changes
from tests.engine.index.index_fakes import HashEmbedder


def _last(gen) -> IndexSummary:
    return [x for x in gen if isinstance(x, IndexSummary)][-1]


def _library(tmp_path: Path, n: int = 6) -> Path:
    lib = tmp_path / "lib"
    for i in range(n):
        d = lib / f"a{i % 3}" / "deep" / "deeper"
        d.mkdir(parents=True, exist_ok=True)
        (d / f"n{i}.md").write_text(f"# Note {i}\n\nOtter note number {i} about subject{i}.\n")
    return lib


def test_refresh_roots_collapses_bursts(tmp_path):
    lib = _library(tmp_path)
    a0 = lib / "a0" / "deep" / "deeper"
    changed = [a0 / "n0.md", a0 / "gone.md", lib / "a0" / "deep", lib / "a1" / "deep" / "deeper" / "n1.md"]
    assert refresh_roots(map(str, changed), [str(lib)]) == [
        str(lib / "a0" / "deep"),
        str(lib / "a1" / "deep" / "deeper"),
    ]
    # a deleted folder: its nearest existing parent; outside the library: ignored
    assert refresh_roots([str(lib / "a2" / "removed" / "x.md"), "/elsewhere/y.md"], [str(lib)]) == [
        str(lib / "a2")
    ]
    # a checkout of 5,000 files in many folders: one pass over the library folder
    many = [str(lib / f"d{i}" / f"f{i}.txt") for i in range(5000)]
    assert refresh_roots(many, [str(lib)]) == [str(lib)]


def test_reindex_changes_edits_deletes_adds_and_moves_keep_vectors(tmp_path):
    lib = _library(tmp_path)
    db = tmp_path / "i.sqlite3"
    emb = HashEmbedder()
    s = _last(index_paths([lib], db, emb))
    assert s.files_indexed == 6
    deep = lib / "a0" / "deep" / "deeper"
    (deep / "n0.md").write_text("# Note 0\n\nEdited: now about beavers.\n")
    (deep / "n3.md").unlink()
    (deep / "new.md").write_text("# New\n\nA brand new note about voles.\n")
    moved_from = lib / "a1" / "deep" / "deeper" / "n1.md"
    moved_to = lib / "a2" / "deep" / "renamed.md"
    with IndexStore(db, read_only=True) as store:
        before = {c.text for c in store.chunks_for_document(str(moved_from))}
    os.rename(moved_from, moved_to)
    embedded = emb.embedded
    changed = [deep / "n0.md", deep / "n3.md", deep / "new.md", moved_from, moved_to]
    s = _last(reindex_changes(map(str, changed), [str(lib)], db, emb))
    assert (s.files_indexed, s.files_removed, s.files_moved) == (2, 1, 1), s
    # the two new/edited one-chunk notes are embedded; the moved note is not
    assert emb.embedded - embedded == 2
    with IndexStore(db) as store:
        paths = {Path(d.path).name for d in store.documents()}
        assert {c.text for c in store.chunks_for_document(str(moved_to))} == before
        assert store.sources() == [str(lib)]  # subfolders refreshed, not added as library folders
        assert store.check_consistency() == []
        moved_chunks = {c.id for c in store.chunks_for_document(str(moved_to))}
        assert {
            cid for cid, _ in store.keyword_search("title:renamed", 5)
        } == moved_chunks  # FTS title updated
        assert store.keyword_search("title:n1", 5) == []
    assert "n3.md" not in paths and "n1.md" not in paths and {"new.md", "renamed.md", "n0.md"} <= paths
    assert _last(reindex_changes(["/not/in/library.md"], [str(lib)], db, emb)).files_indexed == 0
