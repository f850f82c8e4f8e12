"""The command line is a thin adapter over the engine's typed API (issue 34): it imports only the subcommand that
runs, hides torch from its own process, builds one request per command (an extractive answer never loads the chat
model), and prints the same JSON shapes as before."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import engine.runtime.engine as engine_module
from app.cli.main import SUBCOMMANDS, build_parser, main
from engine.encoders import default_embedder_path, load_embedder
from engine.index import index_paths

ROOT = Path(__file__).resolve().parents[3]


def _run_python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_the_cli_reaches_the_engine_only_through_its_api():
    """No closures run on the engine thread, no model handles, no engine internals: requests and results only."""
    banned_calls = {"run", "stream", "model", "load_model", "unload_model"}
    bad = []
    for path in sorted((ROOT / "app" / "cli").glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner = node.func.value
                if node.func.attr in banned_calls and isinstance(owner, ast.Name) and owner.id == "engine":
                    bad.append(f"{path.name}:{node.lineno} engine.{node.func.attr}(")
            if isinstance(node, ast.ImportFrom) and node.module and node.module.count(".") > 1:
                if node.module.startswith("engine."):
                    bad.append(f"{path.name}:{node.lineno} from {node.module}")  # a module inside a package
            if isinstance(node, ast.ImportFrom) and node.module in ("engine.index", "engine.rag"):
                internals = {a.name for a in node.names} - {"IndexStore", "IndexSummary", "is_blank_query",
                                                            "AskResult", "RerankResult", "RerankedItem"}  # fmt: skip
                bad += [f"{path.name}:{node.lineno} {node.module}.{n}" for n in sorted(internals)]
    assert not (ROOT / "app" / "cli" / "serve.py").exists()
    assert not bad, "\n".join(bad)


def test_help_lists_every_subcommand_serve_included(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for name, _, help_line in SUBCOMMANDS:
        assert name in out and help_line[:30] in out


def test_only_the_subcommand_that_runs_is_imported():
    code = (
        "import sys\n"
        "from app.cli.main import main\n"
        "try:\n    main(['search', '--help'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('app.')))\n"
        "print('app.server' in sys.modules, 'PySide6' in sys.modules, 'gguf' in sys.modules)"
    )
    done = _run_python(code)
    assert done.returncode == 0, done.stderr
    *_, modules, heavy = done.stdout.strip().splitlines()
    loaded = set(ast.literal_eval(modules))
    assert "app.cli.index" in loaded
    assert not loaded & {"app.cli.generate", "app.cli.models", "app.cli.rag"}
    assert heavy == "False False False"


def test_help_imports_no_subcommand():
    code = (
        "import sys\n"
        "from app.cli.main import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('app.cli.', 'engine.runtime', 'mlx'))))"
    )
    done = _run_python(code)
    assert done.returncode == 0, done.stderr
    assert ast.literal_eval(done.stdout.strip().splitlines()[-1]) == [
        "app.cli.args",
        "app.cli.main",
        "app.cli.output",
    ]


def test_build_parser_without_names_has_every_subcommand_in_full():
    parser = build_parser()
    args = parser.parse_args(["ask", "why?", "--answer", "extractive", "--rerank", "none"])
    assert (args.answer, args.rerank, args.handler.__name__) == ("extractive", "none", "run_ask")

    # --check reaches the request (auto by default); an unknown one is argparse's error
    from app.cli.rag import ask_request

    assert args.check == "auto" and ask_request(args).check == "auto"
    checked = parser.parse_args(["ask", "why?", "--check", "model"])
    assert ask_request(checked).check == "model"
    from app.cli.args import UsageError

    with pytest.raises(UsageError, match="invalid choice: 'oracle'"):
        parser.parse_args(["ask", "why?", "--check", "oracle"])


@pytest.fixture(scope="module")
def minilm_index(tmp_path_factory):
    """A small index built with the built-in embedder (what ``alcove ask`` and ``search`` load by default)."""
    root = tmp_path_factory.mktemp("minilm")
    docs = root / "docs"
    docs.mkdir()
    (docs / "tides.txt").write_text(
        "The tides rise and fall twice a day. The moon's pull on the oceans makes the tides.\n\n"
        "Spring tides come at full and new moon, when the sun and the moon pull together.\n"
    )
    (docs / "ferry.txt").write_text(
        "The ferry leaves the harbour at seven in the morning and returns at six.\n"
    )
    list(index_paths([str(docs)], str(root / "index.sqlite3"), load_embedder(default_embedder_path())))
    return root / "index.sqlite3"


def test_an_extractive_ask_never_loads_a_chat_model(minilm_index, monkeypatch, capsys):
    loaded = []
    real = engine_module.Engine.shutdown

    def shutdown(self):  # what the command's engine held at its end
        loaded.append(sorted(self.models()))
        real(self)

    monkeypatch.setattr(engine_module.Engine, "shutdown", shutdown)
    argv = [
        "ask",
        "When does the ferry leave?",
        "--db",
        str(minilm_index),
        "--answer",
        "extractive",
        "--json",
    ]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert loaded == [["embedder"]]
    assert out["answer_kind"] == "extractive" and "ferry.txt" in json.dumps(out["citations"])


def test_search_and_rerank_print_the_same_json_shapes(minilm_index, tmp_path, capsys):
    assert main(["search", "ferry harbour", "--db", str(minilm_index), "--k", "2", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert results and set(results[0]) == {"path", "page", "line_start", "line_end", "score", "text", "snippet",
                                           "heading", "char_start", "char_end", "chunk_id", "image", "late"}  # fmt: skip
    assert results[0]["image"] is None  # no image model: no picture list
    assert main(["rerank", "ferry", "--db", str(minilm_index), "--k", "2", "--json"]) == 0
    out = capsys.readouterr()
    ranked = json.loads(out.out)
    assert set(ranked) == {"items", "model", "kind", "truncated", "seconds", "cancelled"}
    assert ranked["kind"] == "retrieval" and "no capable reranker" in out.err
    assert set(ranked["items"][0]) == {"old_rank", "new_rank", "score", "raw_score", "text", "path", "page",
                                       "line_start", "line_end", "chunk_id", "retrieval_score", "heading",
                                       "truncated"}  # fmt: skip


def test_search_by_type_takes_a_type_or_an_extension_and_names_a_wrong_one(minilm_index, capsys):
    """``--type text`` and ``--type txt`` find the same; ``--type md`` (Markdown) finds none here; a name that is no
    type nor extension Alcove reads is refused by the engine (exit 2), the types listed: a typo matched nothing."""
    found = {}
    for name in ("text", "txt", ".TXT", "md"):
        assert main(["search", "ferry", "--db", str(minilm_index), "--type", name, "--k", "3", "--json"]) == 0
        found[name] = [r["path"] for r in json.loads(capsys.readouterr().out)["results"]]
    assert found["text"] and found["text"] == found["txt"] == found[".TXT"] and found["md"] == []
    assert main(["search", "ferry", "--db", str(minilm_index), "--type", "xyz", "--json"]) == 2
    err = json.loads(capsys.readouterr().out)["error"]  # with --json, the error is the JSON's
    assert "'xyz' is no file type" in err and "markdown" in err and "webarchive" in err


def test_ask_in_its_own_process_imports_no_torch(minilm_index):
    """transformers 5 reads no USE_TORCH; the command hides torch itself (app.common.keep_torch_out)."""
    argv = [
        "ask",
        "When does the ferry leave?",
        "--db",
        str(minilm_index),
        "--answer",
        "extractive",
        "--json",
    ]
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "app.cli", *argv], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    imported = {
        line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time")
    }
    assert "torch" not in imported and "mlx_lm" not in imported  # nor the chat model's loader
    assert json.loads(done.stdout)["answer_kind"] == "extractive"


def test_keep_torch_out_hides_torch_from_transformers():
    code = (
        "from app.common import keep_torch_out\n"
        "keep_torch_out()\n"
        "import importlib.util, sys\n"
        "from transformers.utils import is_torch_available\n"
        "print(importlib.util.find_spec('torch'), is_torch_available(), 'torch' in sys.modules and "
        "sys.modules['torch'] is not None)"
    )
    done = _run_python(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["None", "False", "False"]
    assert "PyTorch was not found" not in done.stderr  # transformers' advice is silenced too
