"""The SQLite index: schema, transactions, FTS5, vectors, caches, and refusing databases that are not ours."""

from __future__ import annotations

import hashlib
import sqlite3

import numpy as np
import pytest

from engine.core.errors import IndexStoreError
from engine.index.store import ChunkRow, DocumentWrite, IndexStore
from engine.index.vector_search import VectorMatrix, matrix_for


def _write(path: str, texts: list[str], dim: int = 8, seed: int = 0) -> DocumentWrite:
    rng = np.random.default_rng(seed)
    rows = tuple(
        ChunkRow(i, None, i * 2 + 1, i * 2 + 2, i * 10, i * 10 + 9, 5, "Head", t) for i, t in enumerate(texts)
    )
    vecs = rng.standard_normal((len(texts), dim)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    return DocumentWrite(path, "text", 100, 1, "h" + path, "indexed", None, rows, vecs.astype(np.float16), 50)


@pytest.fixture
def store(tmp_path):
    s = IndexStore(tmp_path / "i.sqlite3")
    s.check_embedder("test", 8)
    yield s
    s.close()


def test_new_index_is_wal_and_round_trips_chunks(store):
    assert store._q("PRAGMA journal_mode")[0][0] == "wal"
    store.write_batch([_write("/d/a.txt", ["alpha walrus", "beta"]), _write("/d/b.md", ["gamma"])])
    st = store.stats()
    assert (st.documents, st.chunks, st.bytes) == (2, 3, 200)
    chunks = store.chunks_for_document("/d/a.txt")
    assert [c.text for c in chunks] == ["alpha walrus", "beta"]
    assert (chunks[1].line_start, chunks[1].line_end, chunks[1].char_start, chunks[1].char_end) == (
        3,
        4,
        10,
        19,
    )
    assert store.get_chunk(chunks[0].id).path == "/d/a.txt"
    assert store.keyword_search('"walrus"', 5)[0][0] == chunks[0].id
    assert store.check_consistency() == []


def test_replacing_and_deleting_keeps_fts_and_vectors_in_step(store):
    store.write_batch([_write("/d/a.txt", ["old walrus text"])])
    store.write_batch([_write("/d/a.txt", ["new narwhal text"])])
    assert store.keyword_search('"walrus"', 5) == []
    assert len(store.keyword_search('"narwhal"', 5)) == 1
    ids, docs, vecs = store.load_vectors()
    assert len(ids) == 1 and vecs.dtype == np.float16 and vecs.shape == (1, 8)
    store.write_batch([], deletes=["/d/a.txt"])
    assert store.stats().chunks == 0 and store.keyword_search('"narwhal"', 5) == []
    assert store.check_consistency() == []


def test_a_failed_batch_leaves_nothing_behind(store):
    store.write_batch([_write("/d/keep.txt", ["kept"])])
    bad = _write("/d/bad.txt", ["x", "y"])
    bad = DocumentWrite(
        bad.path, "text", 1, 1, "h", "indexed", None, bad.chunks, bad.vectors[:1], 1
    )  # 2 chunks, 1 vector
    with pytest.raises(ValueError):
        store.write_batch([_write("/d/other.txt", ["other"]), bad])
    assert [d.path for d in store.documents()] == ["/d/keep.txt"]
    assert store.check_consistency() == []


def test_generation_invalidates_the_cached_matrix(store):
    store.write_batch([_write("/d/a.txt", ["one", "two"])])
    m1 = matrix_for(store)
    assert matrix_for(store) is m1 and len(m1) == 2  # kept between searches
    store.write_batch([_write("/d/b.txt", ["three"])])
    m2 = matrix_for(store)
    assert m2 is not m1 and len(m2) == 3


def test_vector_search_is_exact_and_batched():
    rng = np.random.default_rng(1)
    vecs = rng.standard_normal((500, 16)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    ids = np.arange(1000, 1500)
    m = VectorMatrix(ids, ids // 10, vecs.astype(np.float16))
    q = vecs[[3, 77, 400]] + 0.01
    hits = m.search(q, 5)
    expected = np.argsort(-(q @ vecs.astype(np.float16).astype(np.float32).T), axis=1)[:, :5]
    for h, e in zip(hits, expected, strict=True):
        assert list(h.chunk_ids) == list(ids[e])
        assert np.all(np.diff(h.scores) <= 1e-6)
    filtered = m.search(q[:1], 5, allowed_docs=np.array([110, 111]))[0]  # rows 100..119 only
    assert set(filtered.chunk_ids) <= set(range(1100, 1120)) and len(filtered.chunk_ids) == 5
    assert len(m.search(q[:1], 50, allowed_docs=np.array([110]))[0].chunk_ids) == 10


def test_sources_filters_and_remove_source(store, tmp_path):
    store.add_sources(["/d", "/e"])
    store.write_batch([_write("/d/a.txt", ["a"]), _write("/d/sub/b.pdf", ["b"]), _write("/e/c.txt", ["c"]),
                       _write("/dd/x.txt", ["x"])])  # fmt: skip
    assert store.sources() == ["/d", "/e"]
    assert len(store.document_ids(folders=["/d"])) == 2  # not /dd
    assert len(store.document_ids(file_types=["pdf"])) == 1
    assert store.remove_source("/d") == 2
    assert store.sources() == ["/e"] and sorted(d.path for d in store.documents()) == [
        "/dd/x.txt",
        "/e/c.txt",
    ]


def _digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_foreign_sqlite_database_is_refused_and_untouched(tmp_path):
    path = tmp_path / "photos.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE photos(id INTEGER PRIMARY KEY, name TEXT)")
    con.execute("INSERT INTO photos(name) VALUES ('cat.jpg')")
    con.commit()
    con.close()
    before = _digest(path)
    with pytest.raises(IndexStoreError, match="not an Alcove index"):
        IndexStore(path)
    assert _digest(path) == before
    assert not (tmp_path / "photos.db-wal").exists()


def test_a_file_that_is_not_a_database_is_refused_and_untouched(tmp_path):
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"These are my notes, not a database. " * 200)
    before = _digest(path)
    with pytest.raises(IndexStoreError, match="not an Alcove index"):
        IndexStore(path)
    assert _digest(path) == before


def test_another_embedding_model_cannot_add_to_an_index(store):
    with pytest.raises(IndexStoreError, match="embedding model test"):
        store.check_embedder("other-model", 384)


def test_read_only_index_reports_clearly(tmp_path):
    path = tmp_path / "i.sqlite3"
    IndexStore(path).close()
    ro = IndexStore(path, read_only=True)
    assert ro.stats().documents == 0
    with pytest.raises(IndexStoreError, match="read-only"):
        ro.write_batch([_write("/d/a.txt", ["a"])])
    ro.close()
    with pytest.raises(IndexStoreError, match="no index"):
        IndexStore(tmp_path / "missing.sqlite3", read_only=True)
