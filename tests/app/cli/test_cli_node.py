"""``alcove node`` and ``alcove generate --peer``: what the command line refuses before anything starts."""

from __future__ import annotations

import json

import pytest

from app.cli.main import main


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["generate", "--prompt", "hi", "--code", "ABCD2345", "--json"], "--code is used only with --peer"),
        (["generate", "--prompt", "hi", "--peer", "127.0.0.1:7470", "--json"], "--peer needs --code"),
        (
            ["generate", "--prompt", "hi", "--peer", "mac.local:7470", "--code", "ABCD2345", "--json"],
            "not an IP",
        ),
        (
            ["generate", "--prompt", "hi", "--peer", "127.0.0.1:0", "--code", "ABCD2345", "--json"],
            "HOST:PORT",
        ),
        (
            [
                "generate",
                "--prompt",
                "hi",
                "--peer",
                "127.0.0.1:7470",
                "--code",
                "ABCD2345",
                "--stop",
                "x",
                "--json",
            ],
            "does not take --stop yet",
        ),  # fmt: skip
        (["node", "--listen", "127.0.0.1", "--model", ".", "--json"], None),  # argparse: no --json for node
    ],
)
def test_usage_errors_are_one_line_and_exit_2(argv, says, capsys, tmp_path):
    code = main(argv)
    out = capsys.readouterr()
    assert code == 2
    if says:
        assert says in json.loads(out.out)["error"]


def test_node_refuses_an_address_beyond_the_local_network(capsys, tmp_path):
    (tmp_path / "config.json").write_text("{}")
    assert main(["node", "--listen", "0.0.0.0:7470", "--model", str(tmp_path)]) == 2
    assert "local-network" in capsys.readouterr().err


def test_node_needs_a_model_folder(capsys, tmp_path):
    assert main(["node", "--listen", "127.0.0.1:0", "--model", str(tmp_path)]) == 2
    assert "not a model folder" in capsys.readouterr().err
