"""Late interaction in the index: token vectors of a tiny random ColBERT (saved by PyLate, loaded through the real
loader) stored in their own table only when a late model is chosen, kept valid across the migration, dropped with
their chunks, searched exactly by MaxSim (``--mode late``) and fused into hybrid search."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest

from engine.core import IndexStoreError
from engine.encoders import load_late_encoder, maxsim
from engine.index import IndexStore, index_paths, search
from engine.index.late_search import BLOCK_TOKENS, TokenMatrix
from engine.index.token_vectors import has_token_table, load_token_vectors, token_stats
from tests.engine.index.index_fakes import HashEmbedder

COLBERT = Path(__file__).resolve().parents[2] / "data" / "colbert_tiny"
NOTES = {
    "weather.txt": "The weather today is sunny with a light breeze from the west.",
    "cooking.txt": "Boil the pasta for nine minutes, then add the tomato sauce and basil.",
    "trains.txt": "The night train leaves the station at eleven and arrives before dawn.",
    "garden.txt": "Water the roses every morning; the tulips need less water in spring.",
}


@pytest.fixture(scope="module")
def late():
    return load_late_encoder(COLBERT / "default")


def _library(root: Path) -> Path:
    root.mkdir()
    for name, text in NOTES.items():
        (root / name).write_text(text + "\n", encoding="utf-8")
    return root


def _run(root, db, **kw):
    *_, summary = index_paths([root], db, HashEmbedder(), ocr=False, **kw)
    assert summary.error is None
    return summary


def test_no_late_model_no_cost(tmp_path):
    _run(_library(tmp_path / "lib"), tmp_path / "i.db")
    with IndexStore(tmp_path / "i.db") as store:
        assert not has_token_table(store)  # the migration never ran
    with pytest.raises(IndexStoreError, match="no token vectors"):
        search(tmp_path / "i.db", None, "sunny weather", mode="late")
    # hybrid search with a late model asked for, on an index without token vectors: as before
    plain = search(tmp_path / "i.db", HashEmbedder(), "sunny weather", k=4)
    assert all(h.late_rank is None for h in plain) and plain


def test_token_vectors_are_stored_and_searched_exactly(tmp_path, late):
    root = _library(tmp_path / "lib")
    db = tmp_path / "i.db"
    _run(root, db)  # an index made without a late model stays valid and gains the table on the next run
    _run(root, db, late_encoder=late)
    with IndexStore(db) as store:
        assert has_token_table(store) and store.meta("late_model") == late.name
        assert store.check_consistency() == []
        ids, docs, offsets, flat = load_token_vectors(store)
        chunks = store.get_chunks(ids.tolist())
        n_chunks, n_tokens, blob_bytes = token_stats(store)
    assert len(ids) == len(NOTES) == n_chunks and flat.dtype == np.float16 and flat.shape[1] == 128
    assert blob_bytes == n_tokens * 128 * 2 == flat.nbytes
    texts = [f"{Path(c.path).name}\n{c.text}" for c in (chunks[i] for i in ids.tolist())]
    direct = late.encode_documents(texts).vectors
    assert [len(v) for v in direct] == np.diff(offsets).tolist()  # pruned: punctuation dropped
    assert np.abs(flat.astype(np.float32) - np.concatenate(direct)).max() < 2e-3  # float16 of the model's own

    query = "when does the night train leave"
    hits = search(db, None, query, k=3, mode="late", late_encoder=late)
    q = late.encode_queries([query]).vectors[0]
    want = maxsim(q, [flat[offsets[i] : offsets[i + 1]] for i in range(len(ids))])
    order = np.argsort(-want, kind="stable")[:3]
    assert [h.chunk_id for h in hits] == ids[order].tolist()
    np.testing.assert_allclose([h.score for h in hits], want[order], rtol=1e-5)
    assert [h.late_rank for h in hits] == [1, 2, 3] and hits[0].vector_rank is None
    # hybrid fuses a third list: the other lists' candidates by MaxSim (the same scores); without the late model it
    # is the two-list hybrid
    fused = search(db, HashEmbedder(), query, k=4, late_encoder=late)
    assert sorted(h.late_rank for h in fused) == [1, 2, 3, 4]
    exact = dict(zip(ids.tolist(), want.tolist(), strict=True))
    np.testing.assert_allclose([h.late_score for h in fused], [exact[h.chunk_id] for h in fused], rtol=1e-5)
    assert [h.chunk_id for h in sorted(fused, key=lambda h: h.late_rank)][:3] == [h.chunk_id for h in hits]
    assert all(h.late_rank is None for h in search(db, HashEmbedder(), query, k=4))
    # a filter keeps to its documents
    only = search(db, None, query, k=4, mode="late", late_encoder=late, folders=[str(root / "garden.txt")])
    assert [Path(h.path).name for h in only] == ["garden.txt"]

    # a second run encodes nothing again; a changed file is encoded again, a removed one takes its rows along
    (root / "cooking.txt").unlink()
    (root / "weather.txt").write_text("Rain all week, and a cold wind.\n", encoding="utf-8")
    _run(root, db, late_encoder=late)
    with IndexStore(db) as store:
        assert token_stats(store)[0] == 3 and store.check_consistency() == []
        weather = [c for c in store.chunks_for_document(str(root / "weather.txt"))]
        assert store._q("SELECT count(*) FROM token_vectors WHERE chunk_id = ?", (weather[0].id,))[0][0] == 1


def test_another_late_model_replaces_the_vectors_and_is_checked_at_search(tmp_path, late):
    root = _library(tmp_path / "lib")
    db = tmp_path / "i.db"
    _run(root, db, late_encoder=late)
    other = load_late_encoder(COLBERT / "no_expansion")
    _run(root, db, late_encoder=other)
    with IndexStore(db) as store:
        assert store.meta("late_model") == other.name == "no_expansion" and token_stats(store)[0] == len(
            NOTES
        )
    with pytest.raises(IndexStoreError, match="Search with that model"):
        search(db, None, "roses", mode="late", late_encoder=late)
    with pytest.raises(IndexStoreError, match="needs the index's late-interaction model"):
        search(db, None, "roses", mode="late")


def test_older_index_files_open_and_old_readers_cascade(tmp_path, late):
    root = _library(tmp_path / "lib")
    db = tmp_path / "i.db"
    _run(root, db, late_encoder=late)
    conn = sqlite3.connect(db)  # what an older Alcove does: delete a document's chunks through its schema
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute(
        "DELETE FROM chunks WHERE document_id = (SELECT id FROM documents WHERE path LIKE '%trains.txt')"
    )
    conn.commit()
    assert conn.execute("SELECT count(*) FROM token_vectors").fetchone()[0] == len(NOTES) - 1
    conn.close()
    with IndexStore(db, read_only=True) as store:
        assert token_stats(store)[0] == len(NOTES) - 1


def test_maxsim_over_blocks_matches_the_direct_sum():
    rng = np.random.default_rng(0)
    lengths = rng.integers(1, 40, 300)
    lengths[5] = BLOCK_TOKENS + 3  # a chunk longer than a block is a block of its own
    offsets = np.concatenate([[0], np.cumsum(lengths)])
    flat = rng.standard_normal((offsets[-1], 16)).astype(np.float16)
    matrix = TokenMatrix(np.arange(300) + 7, np.arange(300) // 3, offsets, flat)
    queries = [rng.standard_normal((n, 16)).astype(np.float32) for n in (5, 0, 9)]
    got = matrix.scores(queries)
    docs = [flat[offsets[i] : offsets[i + 1]] for i in range(300)]
    for row, q in zip(got, queries, strict=True):
        np.testing.assert_allclose(row, maxsim(q, docs) if len(q) else 0.0, rtol=2e-5, atol=2e-4)
    hits = matrix.search(queries[:1], k=5, allowed_docs=np.array([2, 4]))[0]
    assert set(hits.doc_ids.tolist()) <= {2, 4} and len(hits.chunk_ids) == 5
