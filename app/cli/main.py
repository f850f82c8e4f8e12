"""The headless ``alcove`` command line (``app.entry`` routes bare ``alcove`` to the window and ``alcove serve`` to
the server). Each subcommand builds one engine request and prints its result.

Start-up is kept short: the parser knows every subcommand by name and help from ``SUBCOMMANDS`` alone and imports
only the module of the subcommand that runs (the GGUF importer, say, costs nothing to ``alcove search``).
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from collections.abc import Iterable

from app.cli.args import Parser, UsageError
from app.cli.output import emit_json, say
from app.common import keep_torch_out
from engine.core import AlcoveError

# name, the module that fills in its parser (its PARSERS[name]) and runs it, the help line. ``serve`` is the
# server's own command (app.entry hands it to app.server.command): listed here so that ``alcove --help`` shows it.
SUBCOMMANDS: tuple[tuple[str, str | None, str], ...] = (
    ("generate", "app.cli.generate", "generate text with a model"),
    ("bench", "app.cli.generate", "measure generation speed of a model through the engine"),
    ("models", "app.cli.models", "list, import (GGUF) and remove local models"),
    ("index", "app.cli.index", "index files and folders for search (incremental, resumable)"),
    ("search", "app.cli.index", "search the index"),
    ("rerank", "app.cli.rag", "rerank candidate passages for a query"),
    ("ask", "app.cli.rag", "answer a question from your indexed documents, with citations"),
    ("serve", None, "serve models to other programs (OpenAI-compatible HTTP on 127.0.0.1)"),
    ("node", "app.cli.node", "lend this Mac's memory to a paired Mac (one model split over both)"),
)


def build_parser(commands: Iterable[str] | None = None) -> argparse.ArgumentParser:
    """The parser; the subcommands in ``commands`` get their full parsers (their modules are imported), the others
    only their name and help. None: every subcommand in full (documentation and tests)."""
    full = None if commands is None else set(commands)
    parser = Parser(prog="alcove", description="Private language models, search and Q&A on your Mac.")
    parser.add_argument("-v", "--verbose", action="store_true", help="log engine details to stderr")
    parser.add_argument("--self-test", action="store_true", help="run the built-in self-test and exit (app)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name, module, help_line in SUBCOMMANDS:
        elsewhere = (
            "the server's own command: 'alcove serve --help' lists its options" if module is None else None
        )
        p = sub.add_parser(name, help=help_line, description=elsewhere)
        if module is not None and (full is None or name in full):
            importlib.import_module(module).PARSERS[name](p)
    return parser


SERVED_ELSEWHERE = (
    "'serve' is the server's own command: run 'alcove serve ...' with serve as the first word "
    "(see 'alcove serve --help')."
)


def _command_word(argv: list[str]) -> str | None:
    """The subcommand named on the command line (the top-level options take no values)."""
    return next((a for a in argv if not a.startswith("-")), None)


def _fail(exc: AlcoveError, as_json: bool) -> int:
    if as_json:
        emit_json({"error": str(exc)})
    else:
        say(f"alcove: {exc}", err=True)
    return 2


def main(argv: list[str] | None = None) -> int:
    # Only a process started to run this command hides torch: a program (or a test) calling main() in-process
    # with other arguments keeps its own imports.
    own = argv is None or list(argv) == sys.argv[1:]
    argv = list(sys.argv[1:] if argv is None else argv)
    if own:
        keep_torch_out()
    as_json = "--json" in argv
    try:
        command = _command_word(argv)
        if command == "serve" and "-h" not in argv and "--help" not in argv:
            raise UsageError(SERVED_ELSEWHERE)
        parser = build_parser([command] if command else [])
        args = parser.parse_args(argv)
        _check_text_arguments(args)
        validate = getattr(args, "validate", None)
        if validate is not None:
            validate(args)  # what the values name (files, indexes, models), before any engine starts
    except AlcoveError as exc:  # a UsageError, or what a check of a named file or model found
        return _fail(exc, as_json)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    if args.command is None:
        # Bare ``alcove`` and ``--self-test`` are handled by ``app.entry`` (the installed executable).
        parser.print_help()
        return 0
    try:
        return int(args.handler(args) or 0)
    except AlcoveError as exc:
        return _fail(exc, as_json)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `alcove models list | head`
        return 0
    except Exception as exc:  # noqa: BLE001 - no input may end in a traceback; the details go to the log
        logging.getLogger("alcove").info("unexpected error", exc_info=True)
        _fail(
            AlcoveError(
                f"unexpected error ({type(exc).__name__}: {exc}). Run with -v for details and report it."
            ),
            as_json,
        )
        return 1


# Arguments that are text to search or answer (not paths, which may be any bytes).
_TEXT_ARGUMENTS = ("query", "question", "prompt", "system")


def _check_text_arguments(args) -> None:
    for name in _TEXT_ARGUMENTS:
        value = getattr(args, name, None)
        if isinstance(value, str) and any("\udc80" <= c <= "\udcff" for c in value):
            raise UsageError(
                f"The {name} is not valid UTF-8 text (it holds bytes that are not characters in any "
                "encoding Alcove can read). Check your terminal's encoding and type it again."
            )


if __name__ == "__main__":
    sys.exit(main())
