"""What the ``alcove`` command writes: user-facing lines and JSON (the CLI is an interface, not library logging)."""

from __future__ import annotations

import json
import sys
from typing import Any


def say(text: str = "", *, err: bool = False) -> None:
    """Write one line of user-facing output."""
    stream = sys.stderr if err else sys.stdout
    # a file name that is not UTF-8 arrives as lone surrogates: shown with replacement characters, never a crash
    text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    stream.write(f"{text}\n")
    stream.flush()


def emit_json(obj: Any) -> None:
    say(json.dumps(obj, ensure_ascii=False, default=str))
