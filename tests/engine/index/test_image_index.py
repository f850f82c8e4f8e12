"""Images found by meaning in the index: image vectors of a tiny random CLIP (real on-disk format, real loader)
stored next to the text chunks, computed only with an image model, kept valid across the migration, dropped with
their files, and fused into hybrid search."""

from __future__ import annotations

import sqlite3

import numpy as np
import pytest
from PIL import Image

from engine.core import IndexStoreError
from engine.encoders import load_image_text_embedder
from engine.index import IndexStore, index_paths, search
from engine.index.image_vectors import bind_image_model, has_image_table
from tests.engine.index.index_fakes import HashEmbedder
from tests.tiny_image_text import make_tiny_clip, make_tiny_siglip


@pytest.fixture(scope="module")
def clip(tmp_path_factory):
    folder = tmp_path_factory.mktemp("clip")
    make_tiny_clip(folder, seed=5)
    return load_image_text_embedder(folder)


def _library(root):
    root.mkdir()
    rng = np.random.default_rng(0)
    for name in ("sunset", "forest", "harbour"):
        pixels = rng.integers(0, 256, (48, 64, 3), dtype=np.uint8)
        Image.fromarray(pixels).save(root / f"{name}.png")
    (root / "notes.txt").write_text("A note about the red car parked by the house.\n", encoding="utf-8")
    return root


def _run(root, db, **kw):
    *_, summary = index_paths([root], db, HashEmbedder(), ocr=False, **kw)
    return summary


def test_no_image_model_no_cost(tmp_path):
    root = _library(tmp_path / "lib")
    summary = _run(root, tmp_path / "i.db")
    with IndexStore(tmp_path / "i.db") as store:
        assert not has_image_table(store)  # the migration never ran
        assert [d.path.endswith(".txt") for d in store.documents() if d.status == "indexed"] == [True]
    assert summary.error is None


def test_pictures_are_indexed_and_found_by_meaning(tmp_path, clip):
    root = _library(tmp_path / "lib")
    db = tmp_path / "i.db"
    _run(root, db)  # an index made without an image model: it stays valid and gains the table on the next run
    _run(root, db, image_embedder=clip)
    with IndexStore(db) as store:
        assert has_image_table(store) and store.meta("image_model") == clip.name
        assert store.check_consistency() == []
        rows = store._q("SELECT d.path, v.vector FROM image_vectors v JOIN chunks c ON c.id = v.chunk_id "
                        "JOIN documents d ON d.id = c.document_id ORDER BY d.path")  # fmt: skip
    paths = [p for p, _ in rows]
    assert [p.rsplit("/", 1)[-1] for p in paths] == ["forest.png", "harbour.png", "sunset.png"]
    stored = np.stack([np.frombuffer(v, np.float16).astype(np.float32) for _, v in rows])
    direct = clip.embed_images([Image.open(p) for p in paths])
    assert np.abs(stored - direct).max() < 2e-3  # float16 storage of the model's own vectors

    query = "a photo of the sky"
    hits = search(db, HashEmbedder(), query, k=10, image_embedder=clip)
    pictures = sorted((h for h in hits if h.image_rank is not None), key=lambda h: h.image_rank)
    assert len(pictures) == 3
    cos = direct @ clip.embed_texts([query])[0]
    assert [h.path for h in pictures] == [paths[i] for i in np.argsort(-cos)]
    assert abs(pictures[0].image_score - cos.max()) < 2e-3
    assert pictures[0].file_type == "image" and pictures[0].text == ""
    # without the image model the same search has no picture list at all
    assert all(h.image_rank is None for h in search(db, HashEmbedder(), query, k=10))

    # binding the same model again writes nothing (the vector caches stay valid)
    with IndexStore(db) as store:
        before = store.generation()
        bind_image_model(store, clip.name, clip.dim, clip.source)
        assert store.generation() == before and store.meta("image_source") == clip.source
    # a second run embeds nothing again; a picture removed takes its vector with it
    (root / "forest.png").unlink()
    _run(root, db, image_embedder=clip)
    with IndexStore(db) as store:
        assert store._q("SELECT count(*) FROM image_vectors")[0][0] == 2
        assert store.check_consistency() == []


def test_another_image_model_replaces_the_vectors(tmp_path, clip):
    root = _library(tmp_path / "lib")
    db = tmp_path / "i.db"
    _run(root, db, image_embedder=clip)
    make_tiny_siglip(tmp_path / "siglip")
    siglip = load_image_text_embedder(tmp_path / "siglip")
    _run(root, db, image_embedder=siglip)
    with IndexStore(db) as store:
        assert store.meta("image_model") == siglip.name
        dims = {len(v) // 2 for (v,) in store._q("SELECT vector FROM image_vectors")}
    assert dims == {siglip.dim}
    hits = search(db, HashEmbedder(), "a red car", k=10, image_embedder=siglip)
    assert sum(h.image_rank is not None for h in hits) == 3
    with pytest.raises(IndexStoreError, match="Search with that image model"):
        search(db, HashEmbedder(), "a red car", k=10, image_embedder=clip)


def test_older_index_files_open_and_old_readers_ignore_the_table(tmp_path, clip):
    root = _library(tmp_path / "lib")
    db = tmp_path / "i.db"
    _run(root, db, image_embedder=clip)
    # what an older Alcove does to the file: delete a document through the cascade its schema has
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute(
        "DELETE FROM chunks WHERE document_id = (SELECT id FROM documents WHERE path LIKE '%sunset.png')"
    )
    conn.commit()
    assert conn.execute("SELECT count(*) FROM image_vectors").fetchone()[0] == 2
    conn.close()
    with IndexStore(db, read_only=True) as store:
        assert store.document_count() == 4


def test_scanned_pdf_pages_get_picture_vectors_text_pages_do_not(tmp_path, clip):
    import pypdfium2 as pdfium

    from tests.engine.index.index_fakes import make_pdf
    from tests.engine.index.test_ocr import scanned_pdf

    root = tmp_path / "lib"
    root.mkdir()
    (root / "scan.pdf").write_bytes(scanned_pdf())
    (root / "typed.pdf").write_bytes(make_pdf([["A typed page about otters."], ["A second typed page."]]))
    db = tmp_path / "i.db"
    *_, summary = index_paths([root], db, HashEmbedder(), image_embedder=clip)
    assert summary.files_indexed == 2
    with IndexStore(db) as store:
        rows = store._q("SELECT d.path, c.page, c.ordinal, v.vector FROM image_vectors v JOIN chunks c ON "
                        "c.id = v.chunk_id JOIN documents d ON d.id = c.document_id ORDER BY c.page")  # fmt: skip
        assert store._q("SELECT count(*) FROM image_checked")[0][0] == 2  # neither PDF is opened again
    assert [(p.rsplit("/", 1)[-1], page) for p, page, _, _ in rows] == [("scan.pdf", 1), ("scan.pdf", 2)]
    doc = pdfium.PdfDocument(str(root / "scan.pdf"))
    side = max(clip.preprocessor.output_size)
    rendered = []
    for i in range(2):
        w, h = doc[i].get_size()
        rendered.append(doc[i].render(scale=2 * side / min(w, h)).to_pil())
    direct = clip.embed_images(rendered)
    stored = np.stack([np.frombuffer(v, np.float16).astype(np.float32) for *_, v in rows])
    assert np.abs(stored - direct).max() < 2e-3
    hits = search(db, HashEmbedder(), "otters", k=10, image_embedder=clip)
    assert {h.page for h in hits if h.image_rank is not None} == {1, 2}
