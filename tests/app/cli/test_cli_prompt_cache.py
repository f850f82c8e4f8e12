"""`alcove generate` keeps its prompt caches on disk (in the app's folder), so a second run whose prompt starts the
same way prefills only the rest, with the same output; ``--prompt-cache-gb 0`` keeps nothing."""

from __future__ import annotations

import json

from app.cli.main import main
from tests.tiny_models import make_tiny_model


def _run(capsys, argv):
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_a_second_run_reuses_the_first_runs_cache_from_disk(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ALCOVE_HOME", str(tmp_path / "home"))
    model = make_tiny_model(tmp_path / "m", "llama", seed=4)
    system = "You answer questions about the Alcove handbook. " * 12
    argv = ["generate", "--model", str(model), "--chat", "--system", system, "--max-tokens", "6", "--json"]
    first = _run(capsys, [*argv, "--prompt", "What is a library folder?"])
    assert first["stats"]["cached_tokens"] == 0
    assert list((tmp_path / "home" / "cache" / "prompt-cache").rglob("*.safetensors"))
    second = _run(capsys, [*argv, "--prompt", "What is a library folder?"])
    assert second["stats"]["cached_tokens"] >= first["stats"]["prompt_tokens"] // 2
    assert second["token_ids"] == first["token_ids"]  # the cache changes the cost, never the reply
    other = _run(capsys, [*argv, "--prompt", "How do I index my notes?"])  # the system prompt is shared
    assert other["stats"]["cached_tokens"] > 0


def test_zero_gb_keeps_nothing_on_disk(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ALCOVE_HOME", str(tmp_path / "home"))
    model = make_tiny_model(tmp_path / "m", "llama", seed=4)
    argv = ["generate", "--model", str(model), "--prompt", "Hello there", "--max-tokens", "4", "--json"]
    _run(capsys, [*argv, "--prompt-cache-gb", "0"])
    again = _run(capsys, [*argv, "--prompt-cache-gb", "0"])
    assert again["stats"]["cached_tokens"] == 0
    assert not list((tmp_path / "home").rglob("*.safetensors"))
