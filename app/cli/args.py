"""Argument checking for the ``alcove`` command: every value is checked while parsing (here) or just after it
(``app.cli.validate``: what a value names), before any model loads, and a bad one ends as
``alcove: <what is wrong>`` with exit status 2 (never a traceback)."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from pathlib import Path

from engine.core import AlcoveError, default_index_db


class UsageError(AlcoveError):
    """A command line that cannot run: a bad value, a missing or conflicting option."""


class Parser(argparse.ArgumentParser):
    """argparse, but its errors become UsageError so ``main`` prints them the same way as every other error."""

    def error(self, message: str):  # argparse's hook; never returns
        raise UsageError(f"{message} (see '{self.prog} --help')")


def _number(kind: type, text: str) -> float | int:
    try:
        value = kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not {'an integer' if kind is int else 'a number'}"
        ) from None
    if isinstance(value, float) and not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
    return value


def int_at_least(low: int) -> Callable[[str], int]:
    def check(text: str) -> int:
        value = _number(int, text)
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low} (got {value})")
        return value

    check.__name__ = f"integer >= {low}"
    return check


def float_in(low: float, high: float | None = None, *, low_open: bool = False) -> Callable[[str], float]:
    def check(text: str) -> float:
        value = _number(float, text)
        too_low = value <= low if low_open else value < low
        if too_low or (high is not None and value > high):
            left = "(" if low_open else "["
            right = f"{high:g}]" if high is not None else "inf)"
            raise argparse.ArgumentTypeError(f"must be in {left}{low:g}, {right} (got {text})")
        return value

    check.__name__ = "number"
    return check


positive_int = int_at_least(1)
non_negative_int = int_at_least(0)

DTYPES = ("auto", "float32", "float16", "bfloat16")


def dtype_name(text: str) -> str:
    """A weight dtype the loader knows (engine.models.runtime_dtype), checked before any model loads."""
    if text not in DTYPES:
        raise argparse.ArgumentTypeError(f"{text!r} is not one of {', '.join(DTYPES)}")
    return text


dtype_name.__name__ = "dtype"


def db_path(args: argparse.Namespace) -> str:
    """The index database: ``--db`` made absolute (relative to the current folder), or the app's own index."""
    return str(Path(args.db).expanduser().absolute()) if args.db else str(default_index_db())
