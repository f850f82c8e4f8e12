"""Simplenote's export (``notes.json`` in the zip "Export notes" writes), read note by note as the app shows them.

The file is one object: ``activeNotes`` and ``trashedNotes``, each note with its ``content`` (its first line is its
title, then its text, Markdown where ``markdown`` is true), ``creationDate`` and ``lastModified`` (ISO times in UTC),
``tags``, ``pinned`` and a ``publicURL`` where it was published. Read as code, an answer quoted ``"content": "Bike
fit\\n\\nFrame 56 cm..."`` with its escapes.

Here each note starts a chunk under its title (the page's trail): a line of what it is ("Bike fit: a note made on
Monday 4 January 2027 (2027-01-04), changed Friday 5 March 2027; tags: bike, cycling; pinned." and "in the trash" for
a trashed one), then its paragraphs, list items and table rows, without Markdown's marks. Every line is anchored at
its note's keys in the file, so a citation names the file's lines. A file of another shape is read as code
(``read_simplenote`` is None for it).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.index.document import Page, joined_line, line_page, line_starts, source_place
from engine.index.readers.chatgpt import markdown_paragraphs
from engine.index.readers.json_spans import elements, members, skip
from engine.index.readers.messages import local_iso_time

READER_VERSION = 1


def is_simplenote(text: str) -> bool:
    head = text[:4096]
    return '"activeNotes"' in head or ('"trashedNotes"' in head and '"content"' in text)


def _day(value: object) -> str | None:
    when = local_iso_time(value)
    return f"{when:%A} {when.day} {when:%B %Y} ({when:%Y-%m-%d})" if when is not None else None


def read_simplenote(text: str, check: Callable[[], None] = lambda: None) -> Page | None:
    """The page of a Simplenote export's notes; None when ``text`` is not one."""
    if not is_simplenote(text):
        return None
    try:
        top = {k: a for k, _v, a, _e in members(text, skip(text, text.find("{")))}
        groups = [(key, list(elements(text, text.find("[", top[key]))))
                  for key in ("activeNotes", "trashedNotes") if key in top]  # fmt: skip
    except (ValueError, RecursionError, IndexError):
        return None
    starts = line_starts(text)
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    trails: list[tuple[int, str]] = []
    notes_at: list[int] = []
    for key, notes in groups:
        for n, (note, at, _end) in enumerate(notes):
            if n % 128 == 0:
                check()
            if not isinstance(note, dict) or not isinstance(note.get("content"), str):
                continue
            keys = {k: a for k, _v, a, _e in members(text, at)}
            content = note["content"].replace("\r\n", "\n")
            title, _, body = content.strip().partition("\n")
            title = " ".join(title.lstrip("#").split()) or "Untitled note"

            def place(name: str, keys=keys, at=at) -> tuple[int, int]:
                return source_place(starts, keys.get(name, at))

            said = [
                f"a note made on {_day(note.get('creationDate'))}"
                if _day(note.get("creationDate"))
                else "a note"
            ]
            changed = _day(note.get("lastModified"))
            if changed and changed != _day(note.get("creationDate")):
                said.append(f"changed {changed}")
            pieces = [(f"{title}: {', '.join(said)}", place("content"))]
            tags = [" ".join(t.split()) for t in note.get("tags") or [] if isinstance(t, str) and t.strip()]
            if tags:
                pieces.append((f"tags: {', '.join(tags)}", place("tags")))
            if note.get("pinned") is True:
                pieces.append(("pinned", place("pinned")))
            if key == "trashedNotes" or note.get("deleted") is True:
                pieces.append(("in the trash", place("content")))
            if isinstance(note.get("publicURL"), str) and note["publicURL"].strip():
                pieces.append((f"published at {note['publicURL'].strip()}", place("publicURL")))
            # "; " between the pieces: each piece's text but the last ends with ";" (joined_line puts the spaces)
            line = joined_line(
                [(f"{t};" if k < len(pieces) - 1 else f"{t}.", w) for k, (t, w) in enumerate(pieces)]
            )
            if line is None:
                continue
            trails.append((len(lines), title + (" (in the trash)" if key == "trashedNotes" else "")))
            notes_at.append(len(lines))
            lines.append(line)
            at_content = [(0, *place("content"))]
            lines += [(p, at_content) for p in markdown_paragraphs(body) if p.strip()]
    if not lines:
        return None
    return line_page(lines, trails, sep="\n\n", chunk_starts=set(notes_at))
