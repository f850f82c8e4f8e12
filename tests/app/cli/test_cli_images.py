"""``alcove index --image-model`` and ``alcove search --image-model``: pictures found by meaning from the command
line, with a tiny random CLIP in the real on-disk format; the JSON ``image`` field of each result (docs/CLI.md)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PIL import Image

from app.cli.main import main
from tests.tiny_image_text import make_tiny_clip


def test_index_and_search_pictures_from_the_command_line(tmp_path, capsys):
    clip = tmp_path / "clip"
    make_tiny_clip(clip, seed=4)
    lib = tmp_path / "lib"
    lib.mkdir()
    rng = np.random.default_rng(2)
    for name in ("dune", "glacier"):
        Image.fromarray(rng.integers(0, 256, (36, 50, 3), dtype=np.uint8)).save(lib / f"{name}.png")
    (lib / "a.txt").write_text("Notes on a glacier walk.\n", encoding="utf-8")
    db = str(tmp_path / "i.sqlite3")
    assert main(["index", str(lib), "--db", db, "--no-ocr", "--image-model", str(clip), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["files_indexed"] == 3
    argv = ["search", "glacier", "--db", db, "--k", "5", "--image-model", str(clip), "--json"]
    assert main(argv) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    pictures = [r for r in results if r["image"] is not None]
    assert sorted(r["image"]["rank"] for r in pictures) == [1, 2]
    assert all(set(r["image"]) == {"rank", "score"} and r["path"].endswith(".png") for r in pictures)
    assert main(argv[:-1]) == 0
    assert "picture #1" in capsys.readouterr().out
    assert main(["search", "glacier", "--db", db, "--json"]) == 0  # the index's own image model, by default
    assert any(r["image"] for r in json.loads(capsys.readouterr().out)["results"])


@pytest.mark.parametrize("command", ["index", "search"])
def test_a_missing_image_model_is_a_usage_error(tmp_path, capsys, command):
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "a.txt").write_text("x\n", encoding="utf-8")
    db = str(tmp_path / "i.sqlite3")
    if command == "search":
        assert main(["index", str(lib), "--db", db, "--json"]) == 0
    target = [str(lib)] if command == "index" else ["query"]
    capsys.readouterr()
    assert main([command, *target, "--db", db, "--image-model", str(tmp_path / "nope")]) == 2
    assert "--image-model" in capsys.readouterr().err
