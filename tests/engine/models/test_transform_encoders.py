"""Runtime transforms through the common loader for embedding and reranker models; files on disk untouched."""

import hashlib

import numpy as np
import pytest


def _digest(folder):
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def test_embedder_transform(engine, tmp_path):
    from engine.encoders.embedder import default_embedder_path

    folder = default_embedder_path()
    before = _digest(folder)
    plain_info = engine.load_model("default", role="embedder")
    plain = engine.run(lambda: engine.model("embedder").embed(["privacy on your Mac"]).vectors)
    yaml_file = tmp_path / "t.yaml"
    yaml_file.write_text(
        'operations:\n  - op: scale\n    pattern: "encoder.layer.5.output.dense.weight"\n    factor: 0.0\n'
    )
    info = engine.load_model("default", role="embedder", transform=str(yaml_file))
    edited = engine.run(lambda: engine.model("embedder").embed(["privacy on your Mac"]).vectors)
    assert plain_info.transform_sha256 is None and len(info.transform_sha256) == 64
    assert not np.allclose(plain, edited, atol=1e-4)
    again = engine.load_model("default", role="embedder", transform=str(yaml_file))
    assert again.transform_sha256 == info.transform_sha256
    assert _digest(folder) == before


def test_bad_encoder_transform_is_a_clear_error(engine, tmp_path):
    from engine.core.errors import TransformError

    yaml_file = tmp_path / "bad.yaml"
    yaml_file.write_text('operations:\n  - op: scale\n    pattern: "no.such.*"\n    factor: 2.0\n')
    with pytest.raises(TransformError, match="no.such"):
        engine.load_model("default", role="embedder", transform=str(yaml_file))
