"""Huge files stay bounded (issue #19): chunking is linear in the size, a cancel lands within one second inside a
huge file, a file over its time budget is skipped with a reason, and files before it are already committed."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import pytest

from engine.index import IndexSummary, index_paths
from engine.index.bounds import BudgetExceeded, Deadline, ExtractCancelled
from engine.index.chunking import chunk_document
from engine.index.extraction import extract
from engine.index.readers import extract_html
from engine.index.store import IndexStore
from tests.engine.index.index_fakes import HashEmbedder, minilm_tokenizer

pytestmark = [pytest.mark.timeout(300), pytest.mark.slow]


def one_line(n_bytes: int, seed: int = 0) -> bytes:
    """``n_bytes`` of words on ONE line (no paragraph or line breaks at all)."""
    rng = random.Random(seed)
    words = ["".join(rng.choice("etaoinshrdlu") for _ in range(rng.randint(2, 9))) for _ in range(3000)]
    out, n = [], 0
    while n < n_bytes:
        w = rng.choice(words)
        out.append(w)
        n += len(w) + 1
    return " ".join(out).encode()[:n_bytes]


def cpu_seconds(fn) -> float:
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def test_chunking_4mb_of_one_line_costs_at_most_5x_1mb():
    tok = minilm_tokenizer()
    small, big = extract(Path("a.txt"), one_line(1 << 20)), extract(Path("b.txt"), one_line(4 << 20, 1))
    # CPU time (all threads), best of two for each: the 2-core machine is shared (the best of two against one run
    # measured 5.1x once, where linear is 4x and the quadratic chunker was 16x)
    t1 = min(cpu_seconds(lambda: chunk_document(small, tok)) for _ in range(2))
    out = []
    t4 = min(cpu_seconds(lambda: out.append(chunk_document(big, tok))) for _ in range(2))
    assert t4 <= 5 * t1, f"1 MB {t1:.2f} s, 4 MB {t4:.2f} s: chunking is not linear"  # quadratic was 16x
    chunks = out[0]
    assert chunks[-1].char_end == len(big.pages[0].text) and all(c.line_start == 1 for c in chunks)


def test_html_with_many_blocks_extracts_in_linear_time():
    def page(n):
        return (
            "<html><body>" + "".join(f"<p>paragraph {i} about tides</p>" for i in range(n)) + "</body></html>"
        )

    small, big = page(20_000), page(80_000)
    # best of two CPU times each, the pages built beforehand: one run of each measured 7.4x once on the shared
    # 2-core machine, where linear is 4x and a quadratic walk would be 16x
    t1 = min(cpu_seconds(lambda: extract_html(small)) for _ in range(2))
    t4 = min(cpu_seconds(lambda: extract_html(big)) for _ in range(2))
    assert t4 <= 6 * t1 + 0.05, (t1, t4)


def test_a_cancel_lands_within_one_second_inside_a_huge_file():
    tok = minilm_tokenizer()
    doc = extract(Path("huge.txt"), one_line(16 << 20))
    cancel = threading.Event()
    timer = threading.Timer(0.5, cancel.set)
    timer.start()
    t0 = time.perf_counter()
    with pytest.raises(ExtractCancelled):
        chunk_document(doc, tok, check=Deadline(None, cancel))
    after = time.perf_counter() - t0 - 0.5
    timer.cancel()
    assert after < 1.0, f"the cancel took {after:.2f} s to take effect"


def test_a_file_over_its_time_budget_is_skipped_and_the_run_goes_on(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a-small.txt").write_text("the small good file, indexed first\n")
    (docs / "b-huge.txt").write_bytes(one_line(4 << 20))
    (docs / "c-after.txt").write_text("a file after the huge one\n")
    items = list(index_paths([docs], tmp_path / "i.sqlite3", HashEmbedder(), file_seconds=0.3))
    s = items[-1]
    assert isinstance(s, IndexSummary)
    assert [(Path(x.path).name, "budget" in x.reason) for x in s.files_skipped] == [("b-huge.txt", True)]
    assert s.files_indexed == 2
    with pytest.raises(BudgetExceeded):
        Deadline(0.0)()


def test_cancel_inside_a_huge_file_keeps_the_files_before_it(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a-small.txt").write_text("the small good file before the huge one\n")
    (docs / "b-huge.txt").write_bytes(one_line(16 << 20))
    cancel = threading.Event()
    db = tmp_path / "i.sqlite3"
    gen = index_paths([docs], db, HashEmbedder(), cancel=cancel, commit_seconds=3600)
    t_cancel = None
    summary = None
    for item in gen:
        if isinstance(item, IndexSummary):
            summary = item
        elif t_cancel is None and item.extra.get("current_file", "").endswith("a-small.txt"):
            t_cancel = time.perf_counter() + 0.5
            threading.Timer(0.5, cancel.set).start()
    assert summary is not None and summary.cancelled
    assert time.perf_counter() - t_cancel < 1.5  # the cancel, then the final commit and summary
    with IndexStore(db) as store:  # committed before the huge file started, whatever commit_seconds says
        assert [Path(d.path).name for d in store.documents()] == ["a-small.txt"]
