"""The headless ``alcove`` command line (``app.entry`` routes bare ``alcove`` to the window)."""

from __future__ import annotations

import argparse
import logging
import sys

from app.cli import generate, index, models, rag, serve
from app.cli.args import Parser, UsageError
from app.cli.output import emit_json, say
from engine.core import AlcoveError

SUBCOMMANDS = (generate, models, index, rag, serve)  # each registers its subcommands


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="alcove", description="Private language models, search and Q&A on your Mac.")
    parser.add_argument("-v", "--verbose", action="store_true", help="log engine details to stderr")
    parser.add_argument("--self-test", action="store_true", help="run the built-in self-test and exit (app)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for module in SUBCOMMANDS:
        module.register(sub)
    return parser


def _fail(exc: AlcoveError, as_json: bool) -> int:
    if as_json:
        emit_json({"error": str(exc)})
    else:
        say(f"alcove: {exc}", err=True)
    return 2


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in argv
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        validate = getattr(args, "validate", None)
        if validate is not None:
            validate(args)  # cross-option checks, before any model loads
    except UsageError as exc:
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
        _check_text_arguments(args)
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
            raise AlcoveError(
                f"The {name} is not valid UTF-8 text (it holds bytes that are not characters in any "
                "encoding Alcove can read). Check your terminal's encoding and type it again."
            )


if __name__ == "__main__":
    sys.exit(main())
