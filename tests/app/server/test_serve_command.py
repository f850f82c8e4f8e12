"""``alcove serve`` checks every value before anything loads: a bad one ends as ``alcove: <what is wrong>`` on
stderr with exit status 2, at once (no model, no engine, not even the HTTP stack for the values it can check
alone)."""

from __future__ import annotations

import json
import resource
import socket
import sqlite3
import subprocess
import sys
import time

import pytest

from app.server.command import build_parser, main, options_from


@pytest.fixture
def no_engine(monkeypatch):
    """Fails the test if the command starts an engine (it would load a model next)."""

    def refuse(*args, **kwargs):
        raise AssertionError("the engine was started before every value was checked")

    monkeypatch.setattr("engine.runtime.Engine", refuse)


def test_bad_port_from_the_installed_command_ends_at_once():
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "app.entry", "serve", "--port", "99999"], capture_output=True,
                          text=True, timeout=60)  # fmt: skip
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("alcove: ") and "--port" in done.stderr and "65535" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    # Well within a second of CPU: nothing heavy was imported, no model loaded (33 s before). The wall-clock
    # bound is looser only because other tests may share the machine.
    assert cpu < 1.0, f"{cpu:.2f} s of CPU"
    assert wall < 10, f"{wall:.1f} s"


def _sqlite_file(path):
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE notes (body TEXT)")
    con.commit()
    con.close()
    return path


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--port", "99999"], "--port: must be from 0 to 65535"),
        (["--port", "http"], "--port: 'http' is not an integer"),
        (["--max-batch", "0"], "--max-batch: must be at least 1"),
        (["--db", "{tmp}"], "is a folder, not an index file"),
        (["--db", "/etc/passwd"], "is not an Alcove index"),
        (["--db", "{tmp}/missing.sqlite3"], "there is no index at"),
        (["--db", "{sqlite}"], "is a database but not an Alcove index"),
        (["--speculative", "draft"], "--speculative draft needs a draft model: pass --draft-model"),
        (["--speculative", "mtp"], "--speculative mtp needs a draft model"),
        (["--speculative", "dflash"], "--speculative dflash needs a draft model"),
        (["--host", "0.0.0.0", "--allow-remote", "--api-key", "   "], "--api-key is blank"),
        (["--host", "0.0.0.0"], "Refusing to serve on 0.0.0.0"),
        (["--model", "{tmp}/no-such-model"], "--model: The model folder"),
        (["--speculative", "draft", "--draft-model", "{tmp}/nothing.gguf"], "--draft-model: the GGUF file"),
        (["--embedder", "{tmp}/no-embedder"], "--embedder: the model folder"),
        (["--peer", "127.0.0.1:9"], "--peer HOST:PORT and --code CODE go together"),
        (["--continue-locally"], "--peer HOST:PORT and --code CODE go together"),
        (["--peer", "nope", "--code", "AB12"], "--peer 'nope' is not HOST:PORT"),
    ],
)
def test_bad_values_end_before_anything_loads(argv, said, tmp_path, capsys, no_engine):
    sqlite = _sqlite_file(tmp_path / "other.sqlite3")
    argv = [a.format(tmp=tmp_path, sqlite=sqlite) for a in argv]
    assert main(argv) == 2
    out = capsys.readouterr()
    assert out.err.startswith("alcove: ") and said in out.err, out.err
    assert out.err.count("\n") == 1 and out.out == ""


def test_blank_key_from_the_environment_is_no_key(monkeypatch, capsys, no_engine):
    monkeypatch.setenv("ALCOVE_API_KEY", "  ")
    assert main(["--host", "0.0.0.0", "--allow-remote"]) == 2
    assert "needs an API key" in capsys.readouterr().err


def test_json_errors_go_to_stdout_too(capsys, no_engine):
    assert main(["--port", "-1", "--json"]) == 2
    out = capsys.readouterr()
    assert out.err.startswith("alcove: argument --port") and json.loads(out.out)["error"].startswith(
        "argument --port"
    )


def test_a_port_in_use_ends_before_the_engine_starts(capsys, no_engine):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert main(["--port", str(port), "--no-preload"]) == 2
    assert f"alcove: Cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err


def test_good_values_become_the_servers_options(docs, tiny_chat, monkeypatch):
    monkeypatch.setenv("ALCOVE_API_KEY", "from-env")
    args = build_parser().parse_args(["--db", str(docs.db), "--model", str(tiny_chat), "--port", "0",
                                      "--speculative", "draft", "--draft-model", str(tiny_chat),
                                      "--max-queue", "0"])  # fmt: skip
    opts = options_from(args)
    assert opts.db == str(docs.db) and opts.chat_model == str(tiny_chat) and opts.draft == str(tiny_chat)
    assert opts.api_key == "from-env" and opts.port == 0 and opts.max_waiting == 0 and opts.max_batch == 16


def test_help(capsys):
    assert main(["--help"]) == 0
    assert "--draft-model" in capsys.readouterr().out
