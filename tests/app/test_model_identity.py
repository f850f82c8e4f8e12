"""Model identity by content: a copy under another name, and Alcove's cached import of a GGUF, are the same model."""

from __future__ import annotations

import json
import shutil

from app.model_identity import IMPORT_MARKER, content_identity, same_model


def test_copies_and_imports_are_the_same_model_and_other_weights_are_not(tmp_path):
    model = tmp_path / "SmolLM2"
    model.mkdir()
    (model / "config.json").write_text(json.dumps({"model_type": "llama", "hidden_size": 64,
                                                   "_name_or_path": "a"}))  # fmt: skip
    (model / "model.safetensors").write_bytes(b"weights" * 1000)
    copy = tmp_path / "cache" / "9d1f0c2e7a11"
    shutil.copytree(model, copy)
    (copy / "config.json").write_text(
        json.dumps({"model_type": "llama", "hidden_size": 64, "_name_or_path": "b"})
    )
    assert same_model(model, copy)

    other = tmp_path / "other"
    shutil.copytree(model, other)
    (other / "model.safetensors").write_bytes(b"weightz" * 1000)
    assert not same_model(model, other)

    gguf = tmp_path / "SmolLM2.Q4_1.gguf"
    gguf.write_bytes(b"GGUF" + b"\0" * 4000)
    imported = tmp_path / "models" / "SmolLM2.Q4_1-0123456789ab"
    imported.mkdir(parents=True)
    (imported / "config.json").write_text("{}")
    (imported / "model.safetensors").write_bytes(b"converted")
    (imported / IMPORT_MARKER).write_text(json.dumps({"key": "k", "source": str(gguf)}))
    assert same_model(gguf, imported) and not same_model(gguf, model)
    assert content_identity(tmp_path / "missing") is None
