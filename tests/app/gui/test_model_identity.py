"""Model identity by content: a copy under another name, and Alcove's cached import of a GGUF, are the same model."""

from __future__ import annotations

import json
import shutil

from app.gui.model_identity import content_identity, same_model
from engine.models import smollm2_gguf_path
from engine.models.gguf.importer import MARKER, content_key
from tests.tiny_models import make_tiny_model


def test_copies_and_imports_are_the_same_model_and_other_weights_are_not(tmp_path, monkeypatch):
    # content_key remembers keys in the cache folder
    monkeypatch.setenv("ALCOVE_HOME", str(tmp_path / "home"))
    model = make_tiny_model(tmp_path / "SmolLM2", "llama", seed=1)
    copy = tmp_path / "cache" / "9d1f0c2e7a11"
    shutil.copytree(model, copy)
    cfg = json.loads((copy / "config.json").read_text())
    cfg.update(_name_or_path="someone/else", transformers_version="9.9")  # who saved it is not what it is
    (copy / "config.json").write_text(json.dumps(cfg))
    assert same_model(model, copy)

    other = make_tiny_model(tmp_path / "other", "llama", seed=2)  # same shapes, other weights
    assert not same_model(model, other)

    gguf = smollm2_gguf_path()
    imported = tmp_path / "models" / "SmolLM2.Q8_0-0123456789ab"
    shutil.copytree(model, imported)
    (imported / MARKER).write_text(json.dumps({"content": content_key(gguf), "source": str(gguf)}))
    assert same_model(gguf, imported) and not same_model(gguf, model)
    assert content_identity(tmp_path / "missing") is None
    assert content_identity(None) is None
