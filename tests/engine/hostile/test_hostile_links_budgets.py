"""Issue #19, the last two holes: links out of the library are listed (path, target, reason) and can be allowed one by
one; and a per-file memory budget on extraction, past which a file is skipped with a reason while the run goes on."""

from __future__ import annotations

import gzip
import json
import os
import random
import tracemalloc
from pathlib import Path

import pytest

from engine.index import IndexSummary, index_paths
from engine.index.bounds import BudgetExceeded, Deadline
from engine.index.prepare import prepare_file
from engine.index.store import IndexStore
from engine.index.walk import walk
from tests.engine.index.index_fakes import HashEmbedder

pytestmark = pytest.mark.timeout(180)

WORDS = (
    "harbour lighthouse tide keeper lantern storm gull pier rope anchor cliff wave salt beacon chart fog bell "
    "ferry dune shingle estuary current mooring buoy squall heron kelp reef"
).split()


def run(paths, db, **kw) -> IndexSummary:
    items = list(index_paths(paths, db, HashEmbedder(), **kw))
    assert isinstance(items[-1], IndexSummary)
    return items[-1]


def indexed_paths(db) -> list[str]:
    with IndexStore(db) as store:
        assert store.check_consistency() == []
        return sorted(d.path for d in store.documents() if d.status == "indexed")


def prose(n_words: int, seed: int = 0) -> str:
    rng = random.Random(seed)
    lines = []
    for i in range(0, n_words, 12):
        lines.append(" ".join(rng.choices(WORDS, k=12)) + ".")
        if i % 120 == 0:
            lines.append("")
    return "\n".join(lines) + "\n"


@pytest.fixture
def library(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "good.txt").write_text("A perfectly good file about lighthouses and tides.\n")
    outside = tmp_path / "elsewhere"
    (outside / "sub").mkdir(parents=True)
    (outside / "notes.txt").write_text("notes about the ferry timetable kept in another folder\n")
    (outside / "sub" / "deep.txt").write_text("a deeper note about estuary currents\n")
    (outside / "sub" / "again.txt").symlink_to(outside / "notes.txt")  # inside the allowed folder
    far = tmp_path / "far"
    far.mkdir()
    (far / "far.txt").write_text("far away: must stay out\n")
    (outside / "out.txt").symlink_to(far / "far.txt")  # leaves the allowed folder too
    (docs / "away").symlink_to(outside)
    (tmp_path / "single.txt").write_text("one outside file about a squall at the pier\n")
    (docs / "one.txt").symlink_to(tmp_path / "single.txt")
    return docs, outside, far


# -- links out of the library ----------------------------------------------------------------------------------


def test_links_leaving_the_library_are_listed_with_target_and_reason(library, tmp_path):
    docs, outside, _ = library
    s = run([docs], tmp_path / "i.sqlite3")
    links = {Path(k.path).name: k for k in s.links_outside}
    assert set(links) == {"away", "one.txt"}
    assert links["away"].target == str(outside) and links["one.txt"].target == str(tmp_path / "single.txt")
    assert "outside the folders you chose" in links["away"].reason and str(outside) in links["away"].reason
    assert {Path(x.path).name for x in s.files_skipped} >= {
        "away",
        "one.txt",
    }  # and still in the skipped list
    doc = s.to_json()
    assert json.loads(json.dumps(doc))["links_outside"] == [
        {"path": k.path, "target": k.target, "reason": k.reason} for k in s.links_outside
    ]
    assert indexed_paths(tmp_path / "i.sqlite3") == [str(docs / "good.txt")]


def test_an_allowed_link_is_indexed_under_the_path_the_user_gave_each_real_file_once(library, tmp_path):
    docs, outside, far = library
    db = tmp_path / "i.sqlite3"
    run([docs], db)
    s = run([docs], db, allow_links=[str(docs / "away"), str(docs / "one.txt")])
    assert s.error is None
    got = indexed_paths(db)
    assert got == sorted(
        [
            str(docs / "good.txt"),
            str(docs / "one.txt"),  # a file link: under the link's path
            str(docs / "away" / "notes.txt"),
            str(docs / "away" / "sub" / "deep.txt"),
        ]
    ), got
    r = {Path(x.path).name: x.reason for x in s.files_skipped}
    assert (
        "duplicate of" in r["again.txt"]
    )  # a link inside the allowed folder: followed, the file indexed once
    assert [Path(k.path).name for k in s.links_outside] == [
        "out.txt"
    ]  # leaving the allowed folder: still out
    assert not any(str(far) in p for p in got)
    # revoking the allowance takes the linked files out again on the next run
    s = run([docs], db)
    assert indexed_paths(db) == [str(docs / "good.txt")]
    assert {Path(k.path).name for k in s.links_outside} == {"away", "one.txt"}


def test_walk_never_follows_an_allowed_link_into_the_system(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "me").symlink_to("/proc/self")
    (found,) = list(walk(str(docs), allow_links=[str(docs / "me")]))
    assert "running system" in found.problem and found.outside == ""


# -- the per-file memory budget ----------------------------------------------------------------------------------


def test_deadline_charges_bytes_against_the_budget():
    check = Deadline(None, memory_bytes=1000)
    check.charge(600)
    with pytest.raises(BudgetExceeded, match="Too large to index.*per-file memory budget"):
        check.charge(600)


def test_a_file_past_the_memory_budget_is_skipped_with_a_reason_and_the_next_is_indexed(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a-big.txt").write_text(prose(400_000))  # ~3 MB: text + token offsets + chunks blow 4 MB
    (docs / "b-small.txt").write_text(prose(200, seed=1))
    db = tmp_path / "i.sqlite3"
    s = run([docs], db, file_memory_bytes=4 << 20)
    r = {Path(x.path).name: x.reason for x in s.files_skipped}
    assert "Too large to index" in r["a-big.txt"] and "4 MB" in r["a-big.txt"]
    assert indexed_paths(db) == [str(docs / "b-small.txt")] and s.files_indexed == 1 and s.error is None
    s = run([docs], db)  # with the default budget (1 GB) the same file is indexed: not remembered as bad
    assert s.files_indexed == 1 and indexed_paths(db) == [str(docs / "a-big.txt"), str(docs / "b-small.txt")]


def test_the_budget_stops_a_file_while_it_grows_not_after(tmp_path):
    """A .gz of 12 MB of prose (under the ratio and size caps) with an 8 MB budget: decompression stops at the
    budget, so what was allocated for it stays near the budget, never the whole 12 MB plus its decoded copies."""
    text = prose(2_000_000, seed=2).encode()
    assert len(text) > 11 << 20
    path = tmp_path / "notes.txt.gz"
    path.write_bytes(gzip.compress(text, 6))
    raw = path.stat().st_size
    opts = {"file_seconds": None, "file_memory_bytes": 8 << 20, "max_file_bytes": 64 << 20,
            "same_config": False, "config_tag": b"t", "chunk_tokens": 180, "overlap_tokens": 24}  # fmt: skip
    found = next(iter(walk(str(path))))
    tracemalloc.start()
    try:
        p = prepare_file(found, None, opts, HashEmbedder().tokenizer)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert p.kind == "skip" and "Too large to index" in p.reason
    assert peak < (8 << 20) + 2 * raw + (4 << 20), (
        peak,
        raw,
    )  # the budget, the raw bytes, one 1 MB piece, slack
    assert os.path.getsize(path) == raw
