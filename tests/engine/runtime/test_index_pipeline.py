"""``Engine.index``: the pipeline run beside the engine thread gives what it gives run inline (``index_paths``),
keeps its crash-safety, cancel and progress, and a chat issued during a real index run answers before the run
ends."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import engine.index.workers as workers_module
from engine.core import FinalEvent, GenerateRequest, IndexRequest, ProgressEvent, TokenEvent
from engine.index import IndexStore, IndexSummary, index_paths
from eval.corpus_archive import ensure_corpus
from tests.engine.index import index_fakes
from tests.engine.index.index_fakes import HashEmbedder
from tests.engine.index.test_indexer_resume import RowDelayEmbedder, write_big
from tests.tiny_models import make_tiny_encoder

ROOT = Path(__file__).resolve().parents[3]


def make_tree(root: Path, n: int = 12) -> Path:
    return index_fakes.make_tree(root, n, filler="Filler words here. ", repeat=60, extras=True)


def run_engine(engine, paths, db, emb, **kw):
    events, summary = [], None
    for item in engine.index(IndexRequest(paths, db, embedder=emb, **kw)):
        if isinstance(item, IndexSummary):
            summary = item
        else:
            events.append(item)
    return summary, events


def run_inline(paths, db, emb, **kw):
    items = list(index_paths(paths, db, emb, **kw))
    return items[-1]


def _contents(db):
    with IndexStore(db) as store:
        assert store.check_consistency() == []
        docs = {d.path: (d.status, d.reason, d.n_chunks, d.content_hash) for d in store.documents()}
        ids, doc_ids, vectors = store.load_vectors()
        chunks = store._q(
            "SELECT d.path, c.ordinal, c.text FROM chunks c JOIN documents d ON d.id = c.document_id"
        )
    rows = sorted(chunks)
    return docs, rows, len(ids), np.sort(np.asarray(vectors, np.float32).sum(axis=1))


@pytest.mark.parametrize("extract_in", ["threads", "processes"])
def test_the_threaded_pipeline_indexes_exactly_what_an_inline_run_does(engine, tmp_path, extract_in):
    docs = make_tree(tmp_path)
    inline = run_inline([docs], tmp_path / "inline.sqlite3", HashEmbedder())
    pipe, events = run_engine(engine, [docs], tmp_path / "pipe.sqlite3", HashEmbedder(), extract_in=extract_in,
                              workers=2)  # fmt: skip
    for field in ("files_indexed", "files_unchanged", "files_removed", "chunks", "bytes_indexed",
                  "documents_total", "chunks_total", "cancelled", "error"):  # fmt: skip
        assert getattr(pipe, field) == getattr(inline, field), field
    assert sorted(pipe.files_skipped) == sorted(inline.files_skipped)
    assert sorted(pipe.notes) == sorted(inline.notes)
    a, b = _contents(tmp_path / "inline.sqlite3"), _contents(tmp_path / "pipe.sqlite3")
    assert a[0] == b[0] and a[1] == b[1] and a[2] == b[2]
    assert np.allclose(a[3], b[3], atol=1e-2)
    assert pipe.pipeline["extract_in"] == extract_in and pipe.pipeline["embed_units"] >= 1
    js = pipe.to_json()
    assert set(inline.to_json()) < set(js) and "pipeline" in js  # the summary's JSON shape only grew


def _vectors_by_chunk(db) -> dict:
    with IndexStore(db) as store:
        ids, _, vectors = store.load_vectors()
        where = dict(store._q("SELECT c.id, d.path || '#' || c.ordinal FROM chunks c "
                              "JOIN documents d ON d.id = c.document_id"))  # fmt: skip
    return {where[int(i)]: np.asarray(v, np.float32) for i, v in zip(ids, vectors, strict=True)}


@pytest.mark.parametrize("extract_in", ["threads", "processes"])
def test_chunks_tokenized_by_the_extraction_workers_get_the_inline_runs_vectors(engine, tmp_path, monkeypatch,
                                                                                extract_in):  # fmt: skip
    """A real (tiny, random) BERT embedder: the workers tokenize each file's chunks for it, the engine thread only
    runs the model, and every chunk's vector is the one an inline run stores."""
    from engine.encoders import DocumentEncoder, load_embedder

    make_tiny_encoder(tmp_path / "tiny-bert", "bert")
    docs = make_tree(tmp_path)
    inline = run_inline([docs], tmp_path / "inline.sqlite3", load_embedder(tmp_path / "tiny-bert"))
    encoded_on = []
    real_encode = DocumentEncoder.encode

    def spy(self, texts):  # a worker thread's calls can be seen (a process's cannot)
        encoded_on.append(threading.current_thread().name)
        return real_encode(self, texts)

    monkeypatch.setattr(DocumentEncoder, "encode", spy)
    pipe, _ = run_engine(engine, [docs], tmp_path / "pipe.sqlite3", load_embedder(tmp_path / "tiny-bert"),
                         extract_in=extract_in, workers=2)  # fmt: skip
    assert pipe.error is None and pipe.chunks == inline.chunks > 12
    assert pipe.pipeline["chunks_tokenized_by_workers"] == pipe.chunks
    if extract_in == "threads":
        assert encoded_on and all(name.startswith("alcove-extract") for name in encoded_on)
    else:
        assert not encoded_on  # tokenized in the worker processes, not here
    a, b = _vectors_by_chunk(tmp_path / "inline.sqlite3"), _vectors_by_chunk(tmp_path / "pipe.sqlite3")
    assert a.keys() == b.keys()
    assert max(float(np.abs(a[k] - b[k]).max()) for k in a) < 2e-3  # float16 storage, other batch shapes


def test_incremental_and_resume_semantics_are_kept(engine, tmp_path):
    docs = make_tree(tmp_path)
    db = tmp_path / "i.sqlite3"
    emb = HashEmbedder()
    s1, _ = run_engine(engine, [docs], db, emb)
    assert s1.files_indexed == 14 and not s1.resumed
    embedded = emb.embedded
    s2, _ = run_engine(engine, [docs], db, emb)
    assert (s2.files_indexed, s2.files_unchanged, s2.chunks) == (0, 14, 0) and emb.embedded == embedded
    (docs / "note0.md").write_text("# Note 0\n\nCompletely new text about narwhals.\n")
    os.utime(docs / "note2.md")  # same bytes, new timestamp: unchanged by content hash
    (docs / "sub" / "note1.md").unlink()
    s3, _ = run_engine(engine, [], db, emb)
    assert (s3.files_indexed, s3.files_removed) == (1, 1) and s3.files_unchanged == 12
    with IndexStore(db) as store:
        assert store.document(str(docs / "note2.md")).status == "indexed"


def test_progress_counts_files_chunks_and_eta(engine, tmp_path):
    docs = make_tree(tmp_path)
    summary, events = run_engine(engine, [docs], tmp_path / "i.sqlite3", HashEmbedder(), request_id="r1")
    assert all(isinstance(e, ProgressEvent) and e.request_id == "r1" for e in events)
    index_events = [e for e in events if e.extra["phase"] == "index"]
    # every file the walker saw counts, the unsupported blob.bin too (it is counted by extension, not read)
    assert index_events[-1].total == 16 and max(e.done for e in index_events) == 16
    dones = [e.done for e in index_events]
    assert dones == sorted(dones)
    assert {e.extra["current_file"] for e in index_events} >= {str(docs / "code.py")}
    assert index_events[-1].extra["chunks"] == summary.chunks
    assert index_events[-1].extra["bytes_done"] == index_events[-1].extra["bytes_total"]
    assert all(e.eta_s is None or e.eta_s >= 0 for e in events)


def test_cancel_by_request_id_keeps_what_is_done_and_a_rerun_finishes(engine, tmp_path):
    docs = make_tree(tmp_path, 20)
    db = tmp_path / "i.sqlite3"
    emb = HashEmbedder(delay_s=0.05)
    got = []
    request = IndexRequest([docs], db, embedder=emb, request_id="job1", commit_seconds=0, batch_chunks=2,
                           unit_seconds=0.01)  # fmt: skip
    for item in engine.index(request):
        got.append(item)
        if isinstance(item, ProgressEvent) and item.extra["chunks"] >= 6:
            assert engine.cancel("job1")
    summary = got[-1]
    assert isinstance(summary, IndexSummary) and summary.cancelled and summary.error is None
    assert 0 < summary.files_indexed + summary.files_partial < 22
    assert summary.chunks == emb.embedded  # every chunk embedded is kept, those of files not finished too
    with IndexStore(db) as store:
        assert store.check_consistency() == []
        stats = store.stats()
        assert stats.documents == summary.files_indexed + summary.files_partial == summary.documents_total
        assert stats.chunks == summary.chunks == summary.chunks_total
    again = HashEmbedder()
    s2, _ = run_engine(engine, [docs], db, again)
    assert s2.files_indexed + s2.files_unchanged == 22 and not s2.cancelled
    assert again.embedded == s2.chunks == s2.chunks_total - stats.chunks  # only the chunks still missing
    assert s2.files_partial == s2.documents_partial == 0


@pytest.mark.parametrize("extract_in", ["threads", "processes"])
def test_a_cancel_inside_a_large_file_keeps_its_embedded_chunks_and_the_rerun_embeds_the_rest(engine, tmp_path,
                                                                                             extract_in):  # fmt: skip
    """The threaded pipeline: a large file's chunks are written as they are embedded, a cancel keeps all of them,
    and the next run embeds only the chunks the file is missing."""
    docs = tmp_path / "docs"
    big = write_big(docs / "big.txt")
    (docs / "small.md").write_text("# Small\n\nA small note about walruses.\n")
    db = tmp_path / "i.sqlite3"
    emb = RowDelayEmbedder(0.004)
    request = IndexRequest([docs], db, embedder=emb, request_id="big1", commit_seconds=0.1, batch_chunks=8,
                           unit_seconds=0.05, extract_in=extract_in, workers=1)  # fmt: skip
    summary = None
    for item in engine.index(request):
        if isinstance(item, IndexSummary):
            summary = item
        elif item.extra["chunks"] >= 100:
            engine.cancel("big1")
    assert summary is not None and summary.cancelled and summary.error is None
    assert summary.files_partial == 1 and summary.chunks == emb.embedded >= 100
    with IndexStore(db) as store:
        assert store.check_consistency() == []
        stats = store.stats()
        assert (stats.chunks, stats.partial, stats.documents) == (summary.chunks, 1, summary.documents_total)
        [partial] = store.partial_documents().values()
    assert partial.path == str(big) and 100 <= len(partial.stored) < partial.n_total
    again = HashEmbedder()
    s2, _ = run_engine(engine, [docs], db, again, extract_in=extract_in)
    assert (s2.files_partial, s2.documents_partial, s2.chunks_removed) == (0, 0, 0)
    assert s2.chunks_resumed == len(partial.stored)
    assert again.embedded == s2.chunks == s2.chunks_total - stats.chunks  # only the chunks still missing
    fresh = run_inline([docs], tmp_path / "fresh.sqlite3", HashEmbedder())
    assert fresh.chunks == s2.chunks_total
    a, b = _contents(db), _contents(tmp_path / "fresh.sqlite3")
    assert a[0].keys() == b[0].keys() and a[1] == b[1] and np.allclose(a[3], b[3], atol=1e-2)


class _TokenEmbedder(HashEmbedder):
    """A fake embedder with a document encoder, as the real one: the extraction workers tokenize its chunks (the
    MiniLM tokenizer) and the model step (``embed_encoded``) turns token ids into a vector, so a row handed the
    wrong encoding gets the wrong vector. Counts the rows it embeds."""

    def __init__(self, row_s: float = 0.0) -> None:
        super().__init__()
        self.row_s, self.rows = row_s, 0

    def document_encoder(self, kind="document"):
        from engine.encoders.embedder import DocumentEncoder

        return DocumentEncoder(self.tokenizer.to_str(), self.max_seq_length, "", True, kind)

    def embed_encoded(self, encoded, cancel=None):
        time.sleep(self.row_s * len(encoded))
        self.rows += len(encoded)
        vecs = np.zeros((len(encoded), self.dim), np.float32)
        for i, row in enumerate(encoded.rows):
            np.add.at(vecs[i], (np.asarray(row.ids) * 7919) % self.dim, 1.0)
        vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
        lengths = tuple(len(r.ids) for r in encoded.rows)
        return index_fakes.FakeEmbedResult(vecs, lengths, encoded.truncated)


@pytest.mark.parametrize("extract_in", ["threads", "processes"])
def test_a_file_continued_with_the_workers_tokenization_gets_a_clean_runs_vectors(
    engine, tmp_path, extract_in
):
    """Chunks tokenized by the extraction workers (as the real embedder's are): the rerun hands the model only
    the encodings of the chunks missing, and every vector is the one a clean run stores."""
    docs = tmp_path / "docs"
    write_big(docs / "big.txt", 600)
    db = tmp_path / "i.sqlite3"
    slow = _TokenEmbedder(row_s=0.004)
    request = IndexRequest([docs], db, embedder=slow, request_id="tok1", commit_seconds=0.1, batch_chunks=8,
                           unit_seconds=0.05, workers=1, extract_in=extract_in)  # fmt: skip
    summary = None
    for item in engine.index(request):
        if isinstance(item, IndexSummary):
            summary = item
        elif item.extra["chunks"] >= 40:
            engine.cancel("tok1")
    assert summary.cancelled and summary.files_partial == 1 and summary.chunks == slow.rows >= 40
    assert slow.calls == 0  # every row went through the workers' tokenization
    again = _TokenEmbedder()
    s2, _ = run_engine(engine, [docs], db, again, extract_in=extract_in)
    assert s2.files_indexed == 1 and s2.chunks_resumed == summary.chunks
    assert again.rows == s2.chunks == s2.chunks_total - summary.chunks
    assert s2.pipeline["chunks_tokenized_by_workers"] == s2.chunks
    run_inline([docs], tmp_path / "fresh.sqlite3", _TokenEmbedder())
    a, b = _vectors_by_chunk(db), _vectors_by_chunk(tmp_path / "fresh.sqlite3")
    assert a.keys() == b.keys()
    assert max(float(np.abs(a[k] - b[k]).max()) for k in a) < 2e-3  # float16 storage


def test_an_extractor_crash_ends_the_run_and_keeps_an_index_that_resumes(engine, tmp_path, monkeypatch):
    docs = make_tree(tmp_path)
    db = tmp_path / "i.sqlite3"
    real = workers_module.prepare_file

    def flaky(found, *a):
        if found.path.endswith("note7.md"):
            raise RuntimeError("extractor bug")
        return real(found, *a)

    monkeypatch.setattr(workers_module, "prepare_file", flaky)
    with pytest.raises(RuntimeError, match="extractor bug"):
        run_engine(engine, [docs], db, HashEmbedder(), commit_seconds=0)
    with IndexStore(db) as store:
        assert store.check_consistency() == []
        assert store.interrupted_runs() == []  # the run is recorded as failed, not left running
    monkeypatch.setattr(workers_module, "prepare_file", real)
    s, _ = run_engine(engine, [docs], db, HashEmbedder())
    assert s.files_indexed + s.files_unchanged == 14


def test_a_database_of_another_embedder_is_refused_before_anything_starts(engine, tmp_path):
    from engine.core import IndexStoreError

    docs = make_tree(tmp_path, 2)
    db = tmp_path / "i.sqlite3"
    run_engine(engine, [docs], db, HashEmbedder(dim=64))
    with pytest.raises(IndexStoreError):
        run_engine(engine, [docs], db, HashEmbedder(dim=32, name="other"))


@pytest.mark.slow
def test_a_chat_issued_during_a_real_index_run_answers_before_the_run_finishes(engine, tiny_llama, tmp_path):
    """The real embedder (all-MiniLM-L6-v2) on real files, and a chat sent once embedding has started."""
    engine.load_model(str(tiny_llama))
    corpus = ensure_corpus() / "python"  # a clean clone has only the archive
    files = sorted(p for p in corpus.rglob("*") if p.is_file())[:40]
    assert len(files) == 40
    first_batch = threading.Event()
    times: dict[str, float] = {}
    summary: list = []

    def index_run():
        for item in engine.index(IndexRequest([str(f) for f in files], tmp_path / "i.sqlite3")):
            if isinstance(item, ProgressEvent) and item.extra["chunks"] > 0:
                first_batch.set()
            if isinstance(item, IndexSummary):
                times["index_done"] = time.perf_counter()
                summary.append(item)

    t = threading.Thread(target=index_run)
    t.start()
    assert first_batch.wait(300)
    state = engine.scheduler_state()
    assert state.background_jobs == 1  # the embedding job is alive (running, queued or parked)
    t0 = time.perf_counter()
    final = None
    for ev in engine.generate(GenerateRequest(prompt="Tell me about walruses", max_tokens=8)):
        if isinstance(ev, TokenEvent) and "first_token" not in times:
            times["first_token"] = time.perf_counter()
        if isinstance(ev, FinalEvent):
            final = ev
    t.join(600)
    assert final is not None and final.error is None and final.stats.generated_tokens > 0
    assert summary and summary[0].error is None and summary[0].files_indexed > 30
    assert times["first_token"] < times["index_done"], times
    # it waited for at most the unit that was running (units aim at 0.15 s; a loaded machine gets slack)
    assert final.stats.queue_s < 3.0 and times["first_token"] - t0 < 10.0


_KILL_SCRIPT = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, {root!r})
    from engine.core import IndexRequest
    from engine.runtime import Engine
    from tests.engine.index.index_fakes import HashEmbedder
    with Engine() as engine:
        request = IndexRequest([{docs!r}], {db!r}, embedder=HashEmbedder(delay_s=0.25), batch_chunks=3,
                               unit_seconds=0.01, commit_seconds=0)
        for item in engine.index(request):
            pass
    """
)


@pytest.mark.slow
def test_sigkill_mid_pipeline_leaves_a_consistent_index_that_resumes(engine, tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    for i in range(41):
        (docs / f"note{i}.md").write_text(f"# Note {i}\n\nAbout subject{i}.\n\n" + "Filler words. " * 40)
    db = tmp_path / "i.sqlite3"
    proc = subprocess.Popen([sys.executable, "-c", _KILL_SCRIPT.format(root=str(ROOT), docs=str(docs), db=str(db))],
                            stderr=subprocess.PIPE)  # fmt: skip
    err = index_fakes.kill_after_commits(proc, db)
    assert proc.returncode == -signal.SIGKILL, err.decode()[-2000:]
    with IndexStore(db) as store:
        assert store.check_consistency() == []
        stats = store.stats()
        assert 5 <= stats.documents < 41
        done = stats.documents - stats.partial  # whole; a partly indexed file is finished by the next run
        assert store.interrupted_runs()
    summary, _ = run_engine(engine, [docs], db, HashEmbedder())
    assert summary.resumed
    assert summary.files_unchanged == done and summary.files_indexed == 41 - done
    with IndexStore(db) as store:
        assert store.stats().documents == 41 and store.check_consistency() == []
