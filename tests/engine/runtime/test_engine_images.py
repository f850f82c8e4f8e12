"""The Engine's typed API for pictures found by meaning: ``IndexRequest.image_model`` and
``SearchRequest.image_model`` load a (tiny random, real-format) CLIP as the ``image`` role on the engine thread."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from engine import Engine
from engine.core import IndexRequest, ModelRequest, Role, SearchRequest
from engine.core.errors import ModelLoadError
from tests.tiny_image_text import make_tiny_clip


def test_index_and_search_with_an_image_model(tmp_path):
    clip = tmp_path / "clip"
    make_tiny_clip(clip, seed=2)
    lib = tmp_path / "lib"
    lib.mkdir()
    rng = np.random.default_rng(1)
    for name in ("beach", "kitchen"):
        Image.fromarray(rng.integers(0, 256, (40, 40, 3), dtype=np.uint8)).save(lib / f"{name}.jpg")
    (lib / "notes.md").write_text("# Trip\nWe walked on the beach at sunset.\n", encoding="utf-8")
    db = tmp_path / "i.sqlite3"
    with Engine() as eng:
        summary = list(eng.index(IndexRequest([str(lib)], db, ocr=False, image_model=str(clip))))[-1]
        assert summary.files_indexed == 3
        assert eng.models()["image"].kind.startswith("image-text")
        hits = eng.search(SearchRequest("a photo of the sea", db, k=5, image_model=str(clip)))
        pictures = [h for h in hits if h.image_rank is not None]
        assert sorted(h.image_rank for h in pictures) == [1, 2]
        assert all(h.file_type == "image" and -1.0 <= h.image_score <= 1.0 for h in pictures)
        held = eng.memory().vector_cache_bytes  # the text and the picture matrices it searched
        # keyword search never loads or uses the image model
        assert all(h.image_rank is None for h in eng.search(SearchRequest("beach", db, k=5, mode="keyword",
                                                                          image_model=str(clip))))  # fmt: skip
        assert eng.unload(Role.IMAGE) and "image" not in eng.models()  # its picture matrices go with it
        assert eng.memory().vector_cache_bytes < held  # they were counted in the engine's memory
        # a search that names no image model uses the one the index's pictures were made with
        hits = eng.search(SearchRequest("a photo of the sea", db, k=5))
        assert sorted(h.image_rank for h in hits if h.image_rank is not None) == [1, 2]
    req = SearchRequest("q", db, image_model=str(clip))
    assert req.image_model == ModelRequest(Role.IMAGE, str(clip))


def test_an_incompatible_image_model_is_refused_with_a_reason(tmp_path):
    from tests.tiny_models import make_tiny_encoder

    bert = tmp_path / "bert"
    make_tiny_encoder(bert, "bert", vocab_size=300, max_positions=64, seed=0)
    with Engine() as eng, pytest.raises(ModelLoadError, match="not an image-text model"):
        eng.ensure(ModelRequest(Role.IMAGE, str(bert)))
