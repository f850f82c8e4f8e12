"""Hostile command lines and model folders (issue #19): every one ends in ``alcove: ...`` (exit 2), no traceback,
and an absurd config is refused before anything is built."""

from __future__ import annotations

import json
import os
import shutil
import time

import pytest

from app.cli.main import main
from engine.core import ModelLoadError
from engine.index import index_paths
from engine.index.store import IndexStore
from engine.models.loader import load_lm
from tests.engine.index.index_fakes import HashEmbedder
from tests.tiny_models import make_tiny_model

pytestmark = pytest.mark.timeout(300)


@pytest.fixture
def rel_db(tmp_path, monkeypatch):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "tides.txt").write_text("The tides rise and fall twice a day.\n")
    monkeypatch.chdir(tmp_path)
    list(index_paths(["docs"], "rel.sqlite3", HashEmbedder()))
    return "rel.sqlite3"


def test_a_relative_db_works_for_search_and_read_only_opens(rel_db, capsys):
    assert main(["search", "tides", "--db", rel_db, "--mode", "keyword", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["results"][0]["path"].endswith("docs/tides.txt")
    with IndexStore(
        rel_db, read_only=True
    ) as store:  # what search/ask/rerank open (Path.as_uri used to fail)
        assert store.stats().documents == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["search", "tides\udcff", "--mode", "hybrid"],
        ["search", "\udcc3\udca9t\udce9", "--mode", "vector"],
        ["search", "tides\udcff", "--mode", "keyword"],
        ["ask", "why do tides\udcfe rise?"],
        ["rerank", "tides\udcff", "--candidates", "c.jsonl"],
    ],
)
def test_a_query_that_is_not_utf8_is_a_clear_error(rel_db, capsys, argv):
    assert (
        main([*argv, "--db" if argv[0] != "rerank" else "--k", rel_db if argv[0] != "rerank" else "5"]) == 2
    )
    err = capsys.readouterr().err
    assert err.startswith("alcove: ") and "not valid UTF-8" in err and "Traceback" not in err


def test_a_path_that_is_not_utf8_is_shown_with_replacement_characters(tmp_path, capsys, monkeypatch):
    docs = tmp_path / "docs"
    docs.mkdir()
    with open(os.fsencode(docs) + b"/m\xe9moire.txt", "wb") as f:
        f.write(b"souvenirs of the harbour\n")
    db = str(tmp_path / "i.sqlite3")
    list(index_paths([str(docs)], db, HashEmbedder()))
    assert main(["search", "harbour", "--db", db, "--mode", "keyword", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["results"][0]["path"].endswith("docs/m\ufffdmoire.txt")
    assert main(["search", "harbour", "--db", db, "--mode", "keyword"]) == 0
    assert "m\ufffdmoire.txt" in capsys.readouterr().out


@pytest.mark.parametrize(
    "key, value, why",
    [
        ("num_hidden_layers", 10_000_000, "weights hold 2 layers"),
        ("num_hidden_layers", 64, "weights hold 2 layers"),
        ("hidden_size", 8192, "embedding weights"),
        ("num_attention_heads", -4, "not a sensible size"),
        ("vocab_size", "lots", "not a sensible size"),
        ("intermediate_size", 1 << 40, "not a sensible size"),
    ],
)
def test_an_absurd_config_is_refused_before_anything_is_built(tmp_path_factory, key, value, why):
    folder = make_tiny_model(tmp_path_factory.mktemp("m"), "llama")
    cfg = json.loads((folder / "config.json").read_text())
    (folder / "config.json").write_text(json.dumps({**cfg, key: value}))
    t0 = time.perf_counter()
    with pytest.raises(ModelLoadError, match=why):
        load_lm(str(folder))
    assert time.perf_counter() - t0 < 2.0  # 10M layers used to allocate 15.6 GB for 152 s
    shutil.rmtree(folder)


def test_an_absurd_config_on_the_command_line_is_an_alcove_error(tmp_path, capsys):
    folder = make_tiny_model(tmp_path / "m", "llama")
    cfg = json.loads((folder / "config.json").read_text())
    (folder / "config.json").write_text(json.dumps({**cfg, "num_hidden_layers": 10_000_000}))
    assert main(["generate", "--model", str(folder), "--prompt", "hi", "--max-tokens", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("alcove: ") and "num_hidden_layers" in err and "Traceback" not in err


def test_index_lists_links_outside_and_allow_link_follows_one(tmp_path, capsys):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "tides.txt").write_text("The tides rise and fall twice a day.\n")
    away = tmp_path / "away"
    away.mkdir()
    (away / "ferry.txt").write_text("The ferry leaves the harbour at seven.\n")
    (docs / "shared").symlink_to(away)
    db = str(tmp_path / "i.sqlite3")
    assert main(["index", str(docs), "--db", db, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["links_outside"] == [
        {"path": str(docs / "shared"), "target": str(away), "reason": out["links_outside"][0]["reason"]}
    ]
    assert "--allow-link" in out["links_outside"][0]["reason"]
    assert main(["index", str(docs), "--db", db]) == 0  # the text summary says how to allow it
    assert "allow one with --allow-link PATH" in capsys.readouterr().out
    assert main(["index", str(docs), "--db", db, "--json", "--allow-link", str(docs / "shared")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["links_outside"] == [] and out["files_indexed"] == 1
    with IndexStore(db) as store:
        assert sorted(d.path for d in store.documents()) == [
            str(docs / "shared" / "ferry.txt"),
            str(docs / "tides.txt"),
        ]
    assert main(["index", str(docs), "--db", db, "--allow-link", str(docs / "tides.txt")]) == 2
    assert "not a symbolic link" in capsys.readouterr().err
