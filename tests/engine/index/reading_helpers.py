"""What the reader tests share: a file read through the indexer's entry point by its name, and where a page's words
are cited in the file."""

from __future__ import annotations

from pathlib import Path

from engine.index import extract, file_type_for


def read_named(name: str, data: str | bytes):
    """``data`` (text is encoded as UTF-8) read as the file ``name`` is, by its name's type."""
    path = Path(name)
    return extract(path, data.encode() if isinstance(data, str) else data, file_type_for(path))


def cited(page, needle: str) -> tuple[int, int]:
    """The file lines a citation of ``needle`` (the first place it stands in ``page``'s text) names."""
    at = page.text.index(needle)
    return page.line_range(at, at + len(needle))


def line_of(text: str, needle: str) -> int:
    """The first line of ``text`` (1-based) that holds ``needle``."""
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)
