"""A large file is committed in parts as it is embedded (issue 35): a cancel keeps every embedded chunk, a SIGKILL
loses at most the last commit's worth, the next run continues inside the file and embeds only what is missing, and
the summary's counts agree with the index's."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from engine.index import IndexSummary, index_paths
from engine.index.store import IndexStore
from tests.engine.index.index_fakes import HashEmbedder

ROOT = Path(__file__).resolve().parents[3]
WORDS = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu".split()

pytestmark = pytest.mark.timeout(60)


def write_big(path: Path, lines: int = 1200, salt: str = "") -> Path:
    """A text file of distinct lines: about 270 chunks of 180 tokens for 1,200 lines."""
    path.parent.mkdir(parents=True, exist_ok=True)
    rows = [f"Line {i}{salt}: " + " ".join(WORDS[(i * 7 + k) % 12] + str(i % 97) for k in range(12))
            for i in range(lines)]  # fmt: skip
    path.write_text("\n".join(rows))
    return path


class RowDelayEmbedder(HashEmbedder):
    """HashEmbedder taking ``row_s`` per chunk, as a real embedder does (``delay_s`` is per call): the threaded
    pipeline sizes its units by time, so a cancel lands inside a large file whatever the unit size."""

    def __init__(self, row_s: float) -> None:
        super().__init__()
        self.row_s = row_s

    def embed(self, texts, kind="document", cancel=None):
        time.sleep(self.row_s * len(texts))
        return super().embed(texts, kind, cancel)


def run(paths, db, emb, **kw) -> IndexSummary:
    items = list(index_paths(paths, db, emb, **kw))
    assert isinstance(items[-1], IndexSummary)
    return items[-1]


def contents(db) -> dict[tuple[str, int], tuple[str, np.ndarray]]:
    """(path, ordinal) -> (text, vector) of every stored chunk."""
    with IndexStore(db) as store:
        assert store.check_consistency() == []
        ids, _, vectors = store.load_vectors()
        rows = {r[0]: r[1:] for r in store._q("SELECT c.id, d.path, c.ordinal, c.text FROM chunks c "
                                               "JOIN documents d ON d.id = c.document_id")}  # fmt: skip
    return {(rows[int(i)][0], rows[int(i)][1]): (rows[int(i)][2], np.asarray(v, np.float32))
            for i, v in zip(ids, vectors, strict=True)}  # fmt: skip


def assert_same_index(a, b) -> None:
    ca, cb = contents(a), contents(b)
    assert ca.keys() == cb.keys()
    assert all(ca[k][0] == cb[k][0] and np.allclose(ca[k][1], cb[k][1], atol=1e-3) for k in ca)


def assert_counts_agree(summary: IndexSummary, db, chunks_before: int) -> None:
    """What the summary says the index holds is what it holds, and the run's chunks add up to it."""
    with IndexStore(db) as store:
        stats = store.stats()
    assert (summary.documents_total, summary.chunks_total, summary.documents_partial) == (
        stats.documents, stats.chunks, stats.partial)  # fmt: skip
    assert summary.chunks_total == chunks_before + summary.chunks - summary.chunks_removed


def cancel_mid_file(docs, db, emb, at_chunks: int, **kw) -> tuple[IndexSummary, bool]:
    """Index ``docs`` inline and cancel once ``at_chunks`` chunks are embedded; whether a read-only look at the
    database then saw the large file's chunks already committed (before the file was done)."""
    cancel = threading.Event()
    committed_mid_file = False
    summary = None
    for item in index_paths([docs], db, emb, cancel=cancel, batch_chunks=8, **kw):
        if isinstance(item, IndexSummary):
            summary = item
        elif not cancel.is_set() and item.extra["chunks"] >= at_chunks:
            with IndexStore(db, read_only=True) as ro:
                stats = ro.stats()
                committed_mid_file = stats.partial == 1 and stats.chunks > 0
            cancel.set()
    assert summary is not None
    return summary, committed_mid_file


def test_a_cancel_mid_file_keeps_every_embedded_chunk_and_the_rerun_embeds_only_the_rest(tmp_path):
    docs = tmp_path / "docs"
    big = write_big(docs / "big.txt")
    db = tmp_path / "i.sqlite3"
    emb = HashEmbedder(delay_s=0.02)
    summary, committed_mid_file = cancel_mid_file(docs, db, emb, 100, commit_seconds=0.05)
    assert committed_mid_file  # parts were committed while the file was still being embedded
    assert summary.cancelled and summary.error is None
    assert (summary.files_indexed, summary.files_partial, summary.documents_partial) == (0, 1, 1)
    assert summary.chunks == emb.embedded >= 100  # nothing embedded was lost
    assert_counts_agree(summary, db, 0)
    with IndexStore(db) as store:
        doc = store.document(str(big))
        assert doc.status == "indexed" and doc.n_chunks == summary.chunks
        assert doc.content_hash is None and doc.mtime_ns == -1  # marked partly indexed, for any indexer
        [partial] = store.partial_documents().values()
        assert partial.path == str(big) and len(partial.stored) == summary.chunks < partial.n_total
        assert store.keyword_search('"line"', 3)  # what is stored is searchable already

    again = HashEmbedder()
    s2 = run([docs], db, again)
    assert (s2.files_indexed, s2.files_partial, s2.documents_partial, s2.cancelled) == (1, 0, 0, False)
    assert s2.chunks_resumed == summary.chunks and s2.chunks_removed == 0
    assert again.embedded == s2.chunks == partial.n_total - summary.chunks  # only the chunks still missing
    assert_counts_agree(s2, db, summary.chunks)
    with IndexStore(db) as store:
        doc = store.document(str(big))
        assert doc.content_hash and doc.mtime_ns == big.stat().st_mtime_ns and doc.n_chunks == partial.n_total
        assert store.partial_documents() == {}
    run([docs], tmp_path / "fresh.sqlite3", HashEmbedder())
    assert_same_index(db, tmp_path / "fresh.sqlite3")  # the continued index is the one a clean run makes
    s3 = run([docs], db, again)
    assert (s3.files_indexed, s3.files_unchanged, s3.chunks) == (0, 1, 0)


def test_a_partly_indexed_file_that_changed_is_embedded_again_from_the_start(tmp_path):
    docs = tmp_path / "docs"
    big = write_big(docs / "big.txt")
    db = tmp_path / "i.sqlite3"
    summary, _ = cancel_mid_file(docs, db, HashEmbedder(delay_s=0.01), 60, commit_seconds=0)
    assert summary.files_partial == 1 and summary.chunks >= 60
    write_big(big, salt="b")  # another version: its chunks are not the stored ones
    again = HashEmbedder()
    s2 = run([docs], db, again)
    assert s2.files_indexed == 1 and s2.chunks_resumed == 0
    assert s2.chunks_removed == summary.chunks and again.embedded == s2.chunks == s2.chunks_total
    assert_counts_agree(s2, db, summary.chunks)
    run([docs], tmp_path / "fresh.sqlite3", HashEmbedder())
    assert_same_index(db, tmp_path / "fresh.sqlite3")


def test_the_summary_counts_agree_with_the_index_through_edits_removals_and_a_cancel(tmp_path):
    docs = tmp_path / "docs"
    for i in range(6):
        (docs / f"note{i}.md").parent.mkdir(parents=True, exist_ok=True)
        (docs / f"note{i}.md").write_text(
            f"# Note {i}\n\nAbout walruses {i}.\n\n" + f"Filler {i} words. " * 150
        )
    write_big(docs / "zbig.txt", 600)
    db = tmp_path / "i.sqlite3"
    s1, _ = cancel_mid_file(docs, db, HashEmbedder(delay_s=0.01), 60, commit_seconds=0)
    assert s1.cancelled and s1.files_partial >= 1
    assert_counts_agree(s1, db, 0)
    before = s1.chunks_total
    (docs / "note0.md").write_text("# Note 0\n\nNarwhals now.\n")  # fewer chunks than before
    (docs / "note1.md").unlink()
    s2 = run([docs], db, HashEmbedder())
    assert s2.files_removed == 1 and s2.chunks_removed > 0 and s2.documents_partial == 0
    assert_counts_agree(s2, db, before)
    s3 = run([docs], db, HashEmbedder())
    assert (s3.chunks, s3.chunks_removed) == (0, 0)
    assert_counts_agree(s3, db, s2.chunks_total)


def test_an_index_made_before_partial_documents_existed_is_brought_up_to_date(tmp_path):
    docs = tmp_path / "docs"
    write_big(docs / "big.txt", 300)
    db = tmp_path / "i.sqlite3"
    run([docs / "big.txt"], db, HashEmbedder())
    with IndexStore(db) as store:
        store._transaction(lambda c: c.execute("DROP TABLE partial_documents"))
    with IndexStore(db, read_only=True) as ro:  # readers of an older index see no partly indexed documents
        assert ro.stats().partial == 0 and ro.partial_documents() == {}
    write_big(docs / "big.txt", 300, salt="c")
    summary, _ = cancel_mid_file(docs, db, HashEmbedder(delay_s=0.01), 20, commit_seconds=0)
    assert summary.files_partial == 1 and summary.error is None
    with IndexStore(db) as store:
        assert store.check_consistency() == [] and store.stats().partial == 1
    s2 = run([docs], db, HashEmbedder())
    assert s2.files_indexed == 1 and s2.chunks_resumed == summary.chunks


_KILL_SCRIPT = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, {root!r})
    from engine.core.blas import preload_blas
    preload_blas()
    from engine.index import index_paths
    from tests.engine.index.index_fakes import HashEmbedder

    class Reporting(HashEmbedder):  # says how many chunks it has embedded after every batch
        def embed(self, texts, kind="document", cancel=None):
            result = super().embed(texts, kind, cancel)
            with open({report!r}, "a") as f:
                f.write(f"{{self.embedded}}\\n")
            return result

    for item in index_paths([{docs!r}], {db!r}, Reporting(delay_s={delay}), batch_chunks={batch},
                            commit_seconds={commit}):
        pass
    """
)


def test_a_sigkill_mid_file_loses_at_most_one_commit_and_the_rerun_continues_inside_the_file(tmp_path):
    docs = tmp_path / "docs"
    write_big(docs / "big.txt")
    db, report = tmp_path / "i.sqlite3", tmp_path / "embedded.txt"
    delay, batch, commit = 0.04, 8, 0.25
    script = _KILL_SCRIPT.format(root=str(ROOT), docs=str(docs), db=str(db), report=str(report), delay=delay,
                                 batch=batch, commit=commit)  # fmt: skip
    proc = subprocess.Popen([sys.executable, "-c", script], stderr=subprocess.PIPE)
    stored = 0
    deadline = time.time() + 25
    try:
        while time.time() < deadline and proc.poll() is None and stored < 80:
            time.sleep(0.05)
            if db.exists():
                try:
                    with IndexStore(db, read_only=True) as ro:
                        stored = ro.stats().chunks
                except Exception:  # noqa: BLE001 - the database may be mid-creation
                    continue
    finally:
        proc.send_signal(signal.SIGKILL)
        _, err = proc.communicate(timeout=10)
    assert proc.returncode == -signal.SIGKILL, err.decode()[-2000:]
    embedded = int(report.read_text().split()[-1])
    with IndexStore(db) as store:
        assert store.check_consistency() == []
        stored = store.stats().chunks
        [partial] = store.partial_documents().values()
    assert 80 <= stored < partial.n_total
    # lost: what the last commit window embedded (a batch takes at least ``delay``), and the batch under way
    assert embedded - stored <= (int(commit / delay) + 2) * batch, (embedded, stored)
    again = HashEmbedder()
    s2 = run([docs], db, again)
    assert s2.resumed and s2.files_indexed == 1 and s2.chunks_resumed == stored
    assert again.embedded == s2.chunks == partial.n_total - stored
    run([docs], tmp_path / "fresh.sqlite3", HashEmbedder())
    assert_same_index(db, tmp_path / "fresh.sqlite3")


def test_parts_of_a_document_removed_while_it_is_being_indexed_leave_it_partly_indexed(tmp_path):
    """The store alone: a part whose document was removed meanwhile (its folder taken out of the library) starts
    it again rather than failing; a last part that cannot make it whole leaves it partly indexed."""
    from engine.index.store import ChunkRow, DocumentWrite, PartWrite

    def part(ordinals, *, fresh=False, complete=False):
        rows = tuple(ChunkRow(o, None, o, o, 0, 1, 1, "", f"chunk {o}") for o in ordinals)
        doc = DocumentWrite(
            "/d/big.txt", "text", 10, 5, "h1", "indexed", None, rows, np.ones((len(rows), 4)), 10
        )
        return PartWrite(doc, 6, fresh=fresh, complete=complete)

    with IndexStore(tmp_path / "i.sqlite3") as store:
        store.lock_for_indexing()
        store.add_sources(["/d"])
        assert store.write_batch([], [], [part([0, 1], fresh=True)]) == 0
        assert store.write_batch([], [], [part([2, 3])]) == 0
        assert store.stats().chunks == 4 and store.stats().partial == 1
        assert store.remove_source("/d") == 1
        store.write_batch([], [], [part([4, 5], complete=True)])
        assert store.check_consistency() == []
        [rec] = store.partial_documents().values()
        assert (
            sorted(rec.stored) == [4, 5] and rec.n_total == 6 and store.document("/d/big.txt").n_chunks == 2
        )
        assert store.write_batch([], ["/d/big.txt"]) == 2 and store.stats().partial == 0
