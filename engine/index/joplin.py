"""Notes as Joplin exports them ("RAW - Joplin Export Directory"): a folder of ``<32 hex digits>.md`` files, one per
note, notebook, tag or note-to-tag link. Each file holds the item's title on its first line, a blank line, the note's
Markdown body, a blank line, then the item's properties a line each, ``key: value``, ending with ``type_: N`` (1 a
note, 2 a notebook, 4 a resource, 5 a tag, 6 a note's tag).

Read as plain Markdown, the properties (``id:``, ``parent_id:``, ``latitude: 0.00000000``, ``encryption_cipher_text:``
...) are a paragraph of every note, searchable and quotable, and the title is a line of prose. Here the properties are
blanked (spaces, so every line keeps its number), except when the note was made and last changed, and the title is
the note's top heading, so every chunk of it is embedded under its title; a link to another item keeps its words
("see Price list 2027"), its ``(:/id)`` target blanked. A notebook's or a tag's file keeps its
title alone; a note's tag link has nothing left to read.
"""

from __future__ import annotations

import re

# a property line: "parent_id: 0c7e...", "latitude: 0.00000000", "encryption_applied: 0", "source_url: "
_PROPERTY = re.compile(r"[a-z][a-z0-9_]*: ?[^\n]*")
_LAST = re.compile(r"type_: ?\d+")
_ID = re.compile(r"id: ?[0-9a-f]{32}")
_KEPT = ("created_time", "updated_time")  # when the note was made and last changed: worth finding
# a link to another note or a resource, "[Price list 2027](:/3e7d...)": its words stay, its target is blanked
_ITEM_LINK = re.compile(r"(!?\[)([^\]\n]*)(\]\(:/[0-9a-f]{32}(?:#[^)\s]*)?\))")


def joplin_item(text: str) -> tuple[str, tuple[int, int] | None] | None:
    """``text`` (a ``.md`` file's) with a Joplin item's properties blanked, and where its title is (None: no title);
    None when the file is no Joplin item."""
    lines = text.split("\n")
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    if not end or not _LAST.fullmatch(lines[end - 1].strip()):
        return None
    start = end - 1
    while start and _PROPERTY.fullmatch(lines[start - 1]):
        start -= 1
    if start and lines[start - 1].strip():  # the properties follow a blank line, or open the file
        return None
    if not any(_ID.fullmatch(line) for line in lines[start:end]):
        return None
    out = lines[:start] + [
        line if line.split(":", 1)[0] in _KEPT else " " * len(line) for line in lines[start:end]
    ] + lines[end:]  # fmt: skip
    body = _ITEM_LINK.sub(
        lambda m: " " * len(m.group(1)) + m.group(2) + " " * len(m.group(3)), "\n".join(out)
    )
    title = None
    if start and lines[0].strip() and not lines[0].lstrip().startswith(("#", "-", "*", "|", ">", "```")):
        title = (len(lines[0]) - len(lines[0].lstrip()), len(lines[0].rstrip()))
    return body, title
