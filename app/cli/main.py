"""The headless ``alcove`` command line (``app.entry`` routes bare ``alcove`` to the window)."""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import sys
from typing import Any

from engine.core import preload_blas

_SUBCOMMAND_MODULES = ("app.cli.generate", "app.cli.models", "app.cli.index", "app.cli.rag", "app.cli.serve")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="alcove", description="Private language models, search and Q&A on your Mac."
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log engine details to stderr")
    parser.add_argument("--self-test", action="store_true", help="run the built-in self-test and exit (app)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError as exc:
            if exc.name != name:
                raise
            continue
        module.register(sub)
    return parser


def say(text: str = "", *, err: bool = False) -> None:
    """Write one line of user-facing output (the CLI is a user interface, not library logging)."""
    stream = sys.stderr if err else sys.stdout
    stream.write(f"{text}\n")
    stream.flush()


def emit_json(obj: Any) -> None:
    say(json.dumps(obj, ensure_ascii=False, default=str))


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    preload_blas()  # before anything imports mlx.core
    if args.command is None:
        # Bare ``alcove`` and ``--self-test`` are handled by ``app.entry`` (the installed executable).
        parser.print_help()
        return 0
    from engine.core import AlcoveError

    try:
        return int(args.handler(args) or 0)
    except AlcoveError as exc:
        if getattr(args, "json", False):
            emit_json({"error": str(exc)})
        else:
            say(f"alcove: {exc}", err=True)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `alcove models list | head`
        return 0


if __name__ == "__main__":
    sys.exit(main())
