"""The documented command lines and the real parsers agree, so the two cannot drift.

docs/CLI.md's synopsis: every command line shown there parses, every option shown exists (with the same choices),
and every option the parser has is shown. README.md's examples: every one parses as written. ``alcove serve`` is
checked against the server's own parser (``app.entry`` hands it to ``app.server.command``) when it has one."""

from __future__ import annotations

import argparse
import importlib
import re
import shlex
from pathlib import Path

import pytest

from app.cli.main import build_parser, main

ROOT = Path(__file__).resolve().parents[3]


def _sh_block(path: Path, heading: str) -> list[str]:
    """The ``alcove ...`` lines of the first ```sh block under ``heading`` (continuation lines joined)."""
    text = path.read_text(encoding="utf-8")
    assert heading in text, f"{path.name} has no section {heading!r}"
    block = text.split(heading, 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands: list[str] = []
    for line in block.splitlines():
        if line.startswith("alcove"):
            commands.append(line.strip())
        elif line.strip() and commands:
            commands[-1] += " " + line.strip()
    return commands


def _server_command():
    """The server's own command module, when ``alcove serve`` has one (else the command line's parser has it)."""
    try:
        module = importlib.import_module("app.server.command")
    except ImportError:
        return None
    return module if hasattr(module, "build_parser") else None


SERVER = _server_command()


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    out = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            out.update(action.choices)
    return out


def _resolve(words: list[str]) -> tuple[list[str], argparse.ArgumentParser]:
    """The subcommand path at the start of a documented line (``models list``) and its parser."""
    if words[:1] == ["serve"] and SERVER is not None:
        return ["serve"], SERVER.build_parser()
    parser, path = build_parser(), []
    for w in words:
        sub = _subparsers(parser)
        if w not in sub:
            break
        parser, path = sub[w], [*path, w]
    return path, parser


def _shown_options(line: str) -> dict[str, set[str] | None]:
    """--option -> the choices shown after it (``--mode a|b``), or None."""
    out: dict[str, set[str] | None] = {}
    for m in re.finditer(r"(--[a-z][a-z0-9-]*)(?:[ =]([A-Za-z0-9_.-]+(?:\|[A-Za-z0-9_.-]+)+))?", line):
        out[m.group(1)] = set(m.group(2).split("|")) if m.group(2) else out.get(m.group(1))
    return out


def _options(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return {s: a for a in parser._actions for s in a.option_strings if s.startswith("--") and s != "--help"}


COMMANDS = _sh_block(ROOT / "docs" / "CLI.md", "## Synopsis")
EXAMPLES = _sh_block(ROOT / "README.md", "## The `alcove` command")


def test_the_docs_show_every_subcommand():
    shown = {" ".join(_resolve(c.split()[1:])[0]) for c in COMMANDS}
    top = _subparsers(build_parser())
    expected = set()
    for name, sub in top.items():
        nested = _subparsers(sub)
        expected |= {f"{name} {n}" for n in nested} if nested else {name}
    assert expected <= shown, f"not in docs/CLI.md's synopsis: {sorted(expected - shown)}"


@pytest.mark.parametrize("line", COMMANDS, ids=lambda c: " ".join(c.split()[:3]))
def test_every_option_shown_exists_and_every_option_is_shown(line):
    path, parser = _resolve(line.split()[1:])
    if not path:  # `alcove --self-test` and friends: options of the top-level parser
        parser = build_parser()
    real = _options(parser)
    shown = _shown_options(line)
    unknown = sorted(set(shown) - set(real))
    assert not unknown, (
        f"docs/CLI.md shows {unknown} for 'alcove {' '.join(path)}', which the parser does not accept"
    )
    for opt, choices in shown.items():
        if choices is not None and real[opt].choices is not None:
            assert choices == set(real[opt].choices), (
                f"{opt}: docs/CLI.md shows {choices}, parser has {real[opt].choices}"
            )
    if path:
        hidden = {o for o, a in real.items() if a.help == argparse.SUPPRESS}
        missing = sorted(set(real) - set(shown) - hidden - {"--verbose"})
        assert not missing, f"'alcove {' '.join(path)}' accepts {missing}, which docs/CLI.md does not show"


def _help(path: list[str]) -> int:
    """Exit status of ``alcove PATH --help``, routed as ``app.entry`` routes it."""
    try:
        if path[:1] == ["serve"] and SERVER is not None:
            return int(SERVER.main(["--help"]) or 0)
        return int(main([*path, "--help"]) or 0)
    except SystemExit as done:
        return int(done.code or 0)


@pytest.mark.parametrize("line", COMMANDS, ids=lambda c: " ".join(c.split()[:3]))
def test_every_documented_command_has_working_help(line, capsys):
    path, _ = _resolve(line.split()[1:])
    assert _help(path) == 0
    assert "usage: alcove" in capsys.readouterr().out


def test_the_readme_has_examples():
    assert len(EXAMPLES) >= 5, "README.md's command-line section shows too few examples"


@pytest.mark.parametrize("line", EXAMPLES, ids=lambda c: " ".join(c.split()[:3]))
def test_every_readme_example_parses(line):
    words = shlex.split(line)[1:]
    path, parser = _resolve(words)
    assert path, f"README.md example {line!r} names no subcommand"
    real = _options(parser)
    unknown = sorted(set(_shown_options(line)) - set(real))
    assert not unknown, f"README.md example {line!r} uses {unknown}, which the parser does not accept"
    if path == ["serve"] and SERVER is not None:
        parser.parse_args(words[1:])
    else:
        build_parser().parse_args(words)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["generate", "--prompt", "x", "--temp", "-1"], "--temp"),
        (["generate", "--prompt", "x", "--top-p", "7"], "--top-p"),
        (["generate", "--prompt", "x", "--max-tokens", "-3"], "--max-tokens"),
        (["generate", "--prompt", "x", "--num-draft", "0"], "--num-draft"),
        (["generate", "--prompt", "x", "--speculative", "draft", "--model", "/nonexistent/model"], "model"),
        (["generate", "--prompt", "x", "--speculative", "mtp"], "--draft-model"),
        (["generate", "--prompt", "x", "--speculative", "dflash"], "--draft-model"),
        (["generate", "--prompt", "x", "--temp", "nan"], "--temp"),
        (["search", "q", "--k", "-5"], "--k"),
        (["search", "q", "--k", "0"], "--k"),
        (["ask", "q", "--k", "0"], "--k"),
        (["rerank", "q", "--db", "x.db", "--k", "0"], "--k"),
        (["bench", "--runs", "0"], "--runs"),
        (["index", "/nonexistent/alcove-test-path"], "Nothing to index"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_arguments_exit_2_before_any_model_loads(argv, message, capsys, monkeypatch):
    import engine.runtime

    def no_engine(*a, **k):
        raise AssertionError("an Engine was made for a command line that cannot run")

    monkeypatch.setattr(engine.runtime.Engine, "__init__", no_engine)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("alcove: ") and message in err and "Traceback" not in err


def test_bad_arguments_with_json_print_a_json_error(capsys):
    assert main(["search", "q", "--k", "-5", "--json"]) == 2
    assert capsys.readouterr().out.startswith('{"error": "argument --k: must be at least 1')


def test_index_with_some_paths_missing_is_a_normal_run(tmp_path, monkeypatch):
    """Only when nothing given exists is it a usage error; otherwise the missing ones are listed as skipped."""
    from app.cli import index

    (tmp_path / "a.txt").write_text("hello")
    args = build_parser().parse_args(["index", str(tmp_path / "a.txt"), str(tmp_path / "missing.txt")])
    index.check_index(args)  # no error
