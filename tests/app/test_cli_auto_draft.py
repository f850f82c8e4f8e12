"""`alcove generate --speculative auto` with no --draft-model drafts with the smallest compatible local model."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from tests.tiny_models import make_tiny_model


def _into_hf_cache(folder: Path, repo_id: str) -> Path:
    repo = Path(os.environ["HF_HUB_CACHE"]) / ("models--" + repo_id.replace("/", "--"))
    snap = repo / "snapshots" / "0123456789abcdef0123456789abcdef01234567"
    shutil.copytree(folder, snap)
    (repo / "refs").mkdir(parents=True)
    (repo / "refs" / "main").write_text(snap.name)
    return snap


def test_auto_speculative_picks_the_smallest_compatible_draft(tmp_path, capsys):
    from app.cli.main import main

    target = make_tiny_model(tmp_path / "target", "llama", seed=1)
    small = _into_hf_cache(
        make_tiny_model(tmp_path / "small", "llama", seed=2, num_hidden_layers=1), "acme/small"
    )
    other = make_tiny_model(tmp_path / "other", "qwen3", seed=3, num_hidden_layers=1, hidden_size=32)
    tokenizer = json.loads((other / "tokenizer.json").read_text())
    tokenizer["model"]["vocab"]["zzz-only-here"] = 999  # smaller still, but another tokenizer: not a draft
    (other / "tokenizer.json").write_text(json.dumps(tokenizer))
    assert (other / "model.safetensors").stat().st_size < (small / "model.safetensors").stat().st_size
    _into_hf_cache(other, "acme/other")
    argv = ["generate", "--model", str(target), "--prompt", "Hello", "--max-tokens", "4", "--json"]
    assert main([*argv, "--speculative", "auto"]) == 0
    out = capsys.readouterr()
    result = json.loads(out.out)
    assert result["draft_model"] == str(small)
    assert "drafting with" in out.err
    assert main(argv) == 0  # speculative off: no draft is looked for
    assert json.loads(capsys.readouterr().out)["draft_model"] is None
