"""Notes as Joplin exports them ("RAW - Joplin Export Directory"): a folder of ``<32 hex digits>.md`` files, one per
note, notebook, tag or note-to-tag link. Each file holds the item's title on its first line, a blank line, the note's
Markdown body, a blank line, then the item's properties a line each, ``key: value``, ending with ``type_: N`` (1 a
note, 2 a notebook, 4 a resource, 5 a tag, 6 a note's tag).

Read as plain Markdown, the properties (``id:``, ``parent_id:``, ``latitude: 0.00000000``, ``encryption_cipher_text:``
...) are a paragraph of every note, searchable and quotable, and the title is a line of prose. Here the properties are
blanked (spaces, so every line keeps its number), except when the note was made and last changed, and the title is
the note's top heading, so every chunk of it is embedded under its title (a link to another item, "[Price list
2027](:/3e7d...)", reads as its words as any Markdown link does: engine.index.shortcodes). A notebook's or a tag's
file keeps its title alone; a note's tag link has nothing left to read.

What the export keeps in other items is read into the note, in place of two of its blanked property lines: its
notebook, with the notebooks above it ("Notebook: Studio › Glazes"), and its tags ("Tags: celadon, testing"), so a
note is found by the notebook and the tags it sits under in Joplin. The export's small items (notebooks, tags, tag
links) are listed once per folder and reused for ``EXPORT_TTL_S``; a note whose notebook is renamed is re-read on its
own next change.
"""

from __future__ import annotations

import os
import re

from engine.index.bounds import read_regular_file
from engine.index.document import ExtractError
from engine.index.folder_cache import FolderCache

EXPORT_TTL_S = (
    10.0  # an export folder's notebooks and tags are reused this long (a burst of notes lists them once)
)
ITEM_READ_BYTES = 16 << 10  # a notebook, tag or tag link is a short file; a longer item is a note (not read)
MAX_EXPORT_ITEMS = (
    200_000  # past this many files of a folder, the rest are not read (the note keeps no notebook)
)
MAX_NOTEBOOK_DEPTH = 8

# a property line: "parent_id: 0c7e...", "latitude: 0.00000000", "encryption_applied: 0", "source_url: "
_PROPERTY = re.compile(r"[a-z][a-z0-9_]*: ?[^\n]*")
_LAST = re.compile(r"type_: ?\d+")
_ID = re.compile(r"id: ?[0-9a-f]{32}")
_KEPT = ("created_time", "updated_time")  # when the note was made and last changed: worth finding


_ITEM_FILE = re.compile(r"[0-9a-f]{32}\.md")


def _item(text: str) -> tuple[int, str, dict[str, str]] | None:
    """(type, title, properties) of a Joplin item's text; None when it is none."""
    lines = text.rstrip().split("\n")
    if not lines or not _LAST.fullmatch(lines[-1].strip()):
        return None
    props: dict[str, str] = {}
    for line in reversed(lines):
        if not _PROPERTY.fullmatch(line.strip()):
            break
        key, _, value = line.strip().partition(":")
        props[key] = value.strip()
    first = lines[0].strip()
    kind = int(lines[-1].strip().partition(":")[2])
    return kind, ("" if first.split(":", 1)[0] in props else first), props


def _list_export(folder: str) -> dict[str, tuple[int, str, dict[str, str]]]:
    """The folder's notebooks (type 2), tags (5) and tag links (6) by id: (type, title, properties)."""
    items: dict[str, tuple[int, str, dict[str, str]]] = {}
    try:
        names = sorted(n for n in os.listdir(folder) if _ITEM_FILE.fullmatch(n))[:MAX_EXPORT_ITEMS]
    except OSError:
        return items
    for name in names:
        path = os.path.join(folder, name)
        try:
            if os.stat(path).st_size > ITEM_READ_BYTES:  # a note's body: no notebook, tag or link
                continue
            data, _ = read_regular_file(path, ITEM_READ_BYTES)
        except (OSError, ExtractError):
            continue
        item = _item(data.decode("utf-8", errors="replace"))
        if item is not None and item[0] in (2, 5, 6):
            items[name[:32]] = item
    return items


_exports = FolderCache(_list_export, EXPORT_TTL_S)


def note_context(folder: str, note_id: str, parent_id: str) -> tuple[str, str]:
    """The note's notebook path ("Studio › Glazes") and its tags ("celadon, testing"), each "" when the export in
    ``folder`` names none."""
    items = _exports.get(folder)
    chain: list[str] = []
    seen: set[str] = set()
    while parent_id and parent_id not in seen and len(chain) < MAX_NOTEBOOK_DEPTH:
        seen.add(parent_id)
        notebook = items.get(parent_id)
        if notebook is None or notebook[0] != 2:
            break
        chain.append(notebook[1])
        parent_id = notebook[2].get("parent_id", "")
    tags = sorted(
        {
            items[link[2]["tag_id"]][1]
            for link in items.values()
            if link[0] == 6
            and link[2].get("note_id") == note_id
            and items.get(link[2].get("tag_id", ""), (0,))[0] == 5
        }
    )
    return " › ".join(t for t in reversed(chain) if t), ", ".join(t for t in tags if t)


def joplin_item(text: str, folder: str | None = None) -> tuple[str, tuple[int, int] | None] | None:
    """``text`` (a ``.md`` file's) with a Joplin item's properties blanked, and where its title is (None: no title);
    None when the file is no Joplin item. A note of an export in ``folder`` names its notebook and tags there."""
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
    props = lines[start:end]
    out = lines[:start] + [
        line if line.split(":", 1)[0] in _KEPT else " " * len(line) for line in props
    ] + lines[end:]  # fmt: skip
    if folder is not None and lines[end - 1].strip() in ("type_: 1", "type_:1"):  # a note: its notebook, tags
        values = {k: v.strip() for k, _, v in (line.partition(":") for line in props)}
        notebook, tags = note_context(folder, values.get("id", ""), values.get("parent_id", ""))
        free = [start + i for i, line in enumerate(props) if line.split(":", 1)[0] not in _KEPT]
        for said in (f"Notebook: {notebook}" if notebook else "", f"Tags: {tags}" if tags else ""):
            if said and free:
                out[free.pop(0)] = said
    body = "\n".join(out)
    title = None
    if start and lines[0].strip() and not lines[0].lstrip().startswith(("#", "-", "*", "|", ">", "```")):
        title = (len(lines[0]) - len(lines[0].lstrip()), len(lines[0].rstrip()))
    return body, title
