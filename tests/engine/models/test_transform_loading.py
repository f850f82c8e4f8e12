"""Transforms through the common loader (engine + CLI path), files on disk untouched."""

import hashlib

from engine.core.events import FinalEvent
from engine.core.requests import GenerateRequest


def _digest(folder):
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()
    }


def test_transform_applies_at_load_and_leaves_files_alone(engine, tiny_llama, tmp_path):
    before = _digest(tiny_llama)
    yaml_file = tmp_path / "t.yaml"
    yaml_file.write_text('operations:\n  - op: scale\n    pattern: "lm_head.weight"\n    factor: 0.0\n')
    info = engine.load_model(str(tiny_llama), transform=str(yaml_file))
    assert info.transform_sha256 and len(info.transform_sha256) == 64
    final = [
        e for e in engine.generate(GenerateRequest(prompt="hello", max_tokens=3)) if isinstance(e, FinalEvent)
    ][0]
    # zero logits everywhere: greedy picks token 0 every time
    assert set(final.token_ids) <= {0}
    info2 = engine.load_model(str(tiny_llama), transform=str(yaml_file))
    assert info2.transform_sha256 == info.transform_sha256
    assert _digest(tiny_llama) == before


def test_drop_layers_rebuilds_model(engine, tiny_llama, tmp_path):
    yaml_file = tmp_path / "drop.yaml"
    yaml_file.write_text("operations:\n  - op: prune\n    drop_layers: [1]\n")
    full = engine.load_model(str(tiny_llama))
    dropped = engine.load_model(str(tiny_llama), transform=str(yaml_file))
    assert dropped.parameters < full.parameters
    final = [
        e for e in engine.generate(GenerateRequest(prompt="hello", max_tokens=3)) if isinstance(e, FinalEvent)
    ][0]
    assert final.error is None
