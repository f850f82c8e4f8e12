"""Where a JSON document's values stand in its text: an object's members and an array's elements read in place, each
with its offsets, so a reader that writes a JSON export in words (a Trello board, a Messenger chat, a Roam graph)
anchors each piece at its own key, in a compact file or an indented one alike. Each value is parsed by the standard
library's decoder where it starts; nothing is read twice but the values a reader asks for again."""

from __future__ import annotations

import json
from collections.abc import Iterator

_DECODER = json.JSONDecoder()
_SPACE = " \t\r\n"


def skip(text: str, i: int, also: str = "") -> int:
    """The first offset at or after ``i`` that is neither white space nor one of ``also``."""
    while i < len(text) and (text[i] in _SPACE or text[i] in also):
        i += 1
    return i


def members(text: str, start: int) -> Iterator[tuple[str, object, int, int]]:
    """The members of the JSON object that opens at ``text[start]`` ("{"): (key, value, where the key starts, where
    the value ends), each read where it stands. Raises ValueError (a JSONDecodeError) where the text is no JSON."""
    i = skip(text, start + 1)
    while i < len(text) and text[i] != "}":
        at = i
        key, i = _DECODER.raw_decode(text, i)
        i = skip(text, i)
        if text[i : i + 1] != ":":
            raise ValueError("no colon after a key")
        i = skip(text, i + 1)
        value, end = _DECODER.raw_decode(text, i)
        yield str(key), value, at, end
        i = skip(text, end, ",")


def elements(text: str, start: int) -> Iterator[tuple[object, int, int]]:
    """The elements of the JSON array that opens at ``text[start]`` ("["): (value, start, end)."""
    i = skip(text, start + 1)
    while i < len(text) and text[i] != "]":
        value, end = _DECODER.raw_decode(text, i)
        yield value, i, end
        i = skip(text, end, ",")


def key_places(text: str, start: int) -> dict[str, int]:
    """Where each member's key of the object at ``start`` stands: {key: offset}."""
    return {k: at for k, _v, at, _e in members(text, start)}


def top_array(text: str, key: str) -> list[tuple[object, int, int]] | None:
    """The elements of the array the document's top object holds under ``key`` (GeoJSON's "features", a Whisper
    transcript's "segments"), each (value, start, end); None where the text is no such object or no JSON."""
    try:
        top = {k: at for k, _v, at, _e in members(text, skip(text, text.find("{")))}
        if key not in top or text.find("[", top[key]) < 0:
            return None
        return list(elements(text, text.find("[", top[key])))
    except (ValueError, RecursionError, IndexError):
        return None
