"""``alcove index --late-model`` and ``alcove search --mode late``: late interaction from the command line with a
tiny random ColBERT saved by PyLate (tests/data/colbert_tiny); the JSON ``late`` field of each result
(docs/CLI.md)."""

from __future__ import annotations

import json
from pathlib import Path

from app.cli.main import main

COLBERT = Path(__file__).resolve().parents[2] / "data" / "colbert_tiny" / "default"


def _library(tmp_path: Path) -> Path:
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "trains.txt").write_text("The night train leaves the station at eleven.\n", encoding="utf-8")
    (lib / "roses.txt").write_text("Water the roses every morning in spring.\n", encoding="utf-8")
    (lib / "pasta.txt").write_text("Boil the pasta for nine minutes.\n", encoding="utf-8")
    return lib


def test_index_and_search_by_late_interaction(tmp_path, capsys):
    lib, db = _library(tmp_path), str(tmp_path / "i.sqlite3")
    assert main(["index", str(lib), "--db", db, "--no-ocr", "--late-model", str(COLBERT), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["files_indexed"] == 3
    # the index recorded its late model: --mode late needs no --late-model, and loads no embedder
    assert main(["search", "night train", "--db", db, "--mode", "late", "--k", "2", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert [r["late"]["rank"] for r in results] == [1, 2]
    assert all(set(r["late"]) == {"rank", "score"} and r["score"] == r["late"]["score"] for r in results)
    # hybrid fuses the late list when the index has token vectors
    assert main(["search", "night train", "--db", db, "--k", "3", "--json"]) == 0
    fused = json.loads(capsys.readouterr().out)["results"]
    assert sorted(r["late"]["rank"] for r in fused) == [1, 2, 3] and all(r["image"] is None for r in fused)
    assert main(["search", "roses", "--db", db, "--mode", "late", "--late-model", str(COLBERT)]) == 0
    assert "tokens" not in capsys.readouterr().err


def test_late_search_without_token_vectors_is_refused(tmp_path, capsys):
    lib, db = _library(tmp_path), str(tmp_path / "i.sqlite3")
    assert main(["index", str(lib), "--db", db, "--no-ocr", "--json"]) == 0
    capsys.readouterr()
    assert main(["search", "roses", "--db", db, "--mode", "late"]) == 2
    assert "no token vectors" in capsys.readouterr().err
    assert main(["index", str(lib), "--db", db, "--late-model", str(tmp_path / "nope")]) == 2
    assert "--late-model" in capsys.readouterr().err


def test_hybrid_without_the_recorded_late_model_fuses_two_lists(tmp_path, capsys):
    import shutil

    model = tmp_path / "colbert"
    shutil.copytree(COLBERT, model)
    lib, db = _library(tmp_path), str(tmp_path / "i.sqlite3")
    assert main(["index", str(lib), "--db", db, "--no-ocr", "--late-model", str(model), "--json"]) == 0
    shutil.rmtree(model)  # the folder the index recorded is gone
    capsys.readouterr()
    assert main(["search", "night train", "--db", db, "--json"]) == 0
    assert all(r["late"] is None for r in json.loads(capsys.readouterr().out)["results"])
    assert main(["search", "night train", "--db", db, "--mode", "late"]) == 2
    assert "does not exist" in capsys.readouterr().err
