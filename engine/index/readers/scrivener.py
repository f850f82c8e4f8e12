"""Scrivener projects (``Name.scriv``, a folder macOS shows as one document), read as the binder shows them.

A Scrivener 3 project keeps its binder, the tree of the manuscript's folders and texts and of the research, as XML in
``Name.scrivx`` (``<BinderItem UUID="..." Type="DraftFolder|ResearchFolder|TrashFolder|Folder|Text">`` with its
``<Title>``, its ``<MetaData>``: label, status, whether it is compiled, and nested ``<Children>``), and each item's
words in ``Files/Data/<UUID>/``: ``content.rtf`` (the text), ``notes.rtf`` (the inspector's notes) and
``synopsis.txt`` (the index card). Scrivener 2 kept them as ``Files/Docs/<ID>.rtf``, ``<ID>_notes.rtf`` and
``<ID>_synopsis.txt``. Read file by file, every scene is a ``content.rtf`` with no title, and the binder is XML.

Here:

- the binder (``.scrivx``) reads as the project's outline, an item a line under the folders it sits in (the page's
  trail): "The lock at dawn (text; label: Scene; status: First Draft; not compiled)." for each item, anchored at its
  line of the file;
- an item's text, notes and synopsis read under its place in the binder ("Draft › Chapter 2 › The lock at dawn",
  "Notes on ...", "Synopsis of ..."), which ``binder_trail`` finds for a file in a project (the binder as it is when
  the file is read; an index run hashes the place with the file's bytes, so an item renamed or moved in the binder
  is read again: engine.index.prepare);
- Scrivener's own files in the project (its search index, which repeats every text, the binder's backups,
  snapshots, settings, the Quick Look preview) are not read: ``walk`` passes them by (``SCRIVENER_OWN``).

A binder that does not parse reads as its text; a file whose project has no readable binder reads with no trail.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from xml.parsers import expat

from engine.index.document import Page, line_page
from engine.index.readers.anchored import XmlRefused, as_text, walk_xml

READER_VERSION = 1
# what Scrivener keeps in a project beside the texts: never documents of the user's (the search index repeats every
# text; snapshots are old versions of one)
SCRIVENER_OWN = frozenset(
    {"Settings", "QuickLook", "Snapshots", "Icons", "search.indexes", "binder.autosave", "binder.backup",
     "writing.history", "styles.xml", "version.txt", "user.lock", "docs.checksum", "project.bookmarks"}
)  # fmt: skip
_KINDS = {"DraftFolder": "the manuscript", "ResearchFolder": "research", "TrashFolder": "deleted items",
          "Folder": "folder", "Text": "text", "PDF": "PDF", "Image": "image", "WebArchive": "web page",
          "Media": "media"}  # fmt: skip
_DATA_FILE = re.compile(r"(?:content\.rtf|notes\.rtf|synopsis\.txt)$")
_DOCS_FILE = re.compile(r"(\d+)(_notes\.rtf|_synopsis\.txt|\.rtf)$")
_END = re.compile(r"[.!?:;…][\"'’”)\]]*$")


@dataclass(frozen=True)
class BinderItem:
    uuid: str
    number: str  # Scrivener 2's ID
    title: str
    kind: str
    path: tuple[str, ...]  # the titles of the folders it sits in
    said: str  # what the binder says of it: its kind, label, status, compile mark
    where: tuple[int, int]  # its file line and character


def _project_at(parts: tuple[str, ...]) -> int | None:
    """The index in a path's ``parts`` of the Scrivener project it is in (the innermost ``X.scriv``), or None."""
    return next((i for i in range(len(parts) - 1, -1, -1) if parts[i].lower().endswith(".scriv")), None)


def scrivener_own(folder: str, name: str) -> bool:
    """Whether the entry ``name`` of ``folder`` is one of Scrivener's own files in a project (``SCRIVENER_OWN``, or
    anything in one of its own folders), never read: a walk passes it by."""
    if ".scriv" not in folder.lower():
        return False
    parts = Path(folder).parts
    project = _project_at(parts)
    return project is not None and (
        name in SCRIVENER_OWN or any(p in SCRIVENER_OWN for p in parts[project + 1 :])
    )


def read_binder(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of a project's binder (``Name.scrivx``) in words; its text as it is when it is no binder."""
    try:
        items = binder_items(text, check)
    except (expat.ExpatError, XmlRefused, ValueError):
        return as_text(text)
    if not items:
        return as_text(text)
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    trails: list[tuple[int, str]] = []
    for item in items:
        trail = " › ".join(item.path)
        if not trails or trails[-1][1] != trail:
            trails.append((len(lines), trail))
        line = f"{item.title or 'Untitled'} ({item.said})"
        lines.append((line if _END.search(line) else line + ".", [(0, *item.where)]))
    return line_page(lines, trails, sep="\n\n")  # an item a paragraph: none reads on into the next


def binder_items(text: str, check: Callable[[], None] = lambda: None) -> list[BinderItem]:
    """Every item of a binder in its order, with the names its labels and statuses are given; [] for XML that is no
    Scrivener project."""
    stack: list[dict] = []
    found: list[dict] = []
    labels: dict[str, str] = {}
    statuses: dict[str, str] = {}
    root = [False]
    key = [""]  # the ID of the label or status being read

    def opened(name: str, attrs: dict[str, str], where: tuple[int, int]) -> None:
        if name == "ScrivenerProject":
            root[0] = True
        elif name == "BinderItem":
            item = {"uuid": attrs.get("UUID", ""), "id": attrs.get("ID", ""), "type": attrs.get("Type", ""),
                    "where": where, "path": tuple(_named(s) for s in stack), "meta": {}, "title": ""}  # fmt: skip
            stack.append(item)
            found.append(item)
        elif name in ("Label", "Status"):
            key[0] = attrs.get("ID", "")

    def closed(name: str, parent: str, value: str, where: tuple[int, int]) -> None:
        if name == "BinderItem":
            if stack:
                stack.pop()
        elif name == "Title" and parent == "BinderItem" and stack:
            stack[-1]["title"] = " ".join(value.split())
        elif parent == "MetaData" and stack:
            stack[-1]["meta"][name] = value.strip()
        elif name == "Label":
            labels[key[0]] = " ".join(value.split())
        elif name == "Status":
            statuses[key[0]] = " ".join(value.split())

    walk_xml(text, check, opened, closed)
    if not root[0]:
        return []
    items = []
    for f in found:
        meta = f["meta"]
        said = [_KINDS.get(f["type"], f["type"].lower() or "item")]
        label = labels.get(meta.get("LabelID", ""), "")
        status = statuses.get(meta.get("StatusID", ""), "")
        if label and meta.get("LabelID") != "-1":
            said.append(f"label: {label}")
        if status and meta.get("StatusID") != "-1":
            said.append(f"status: {status}")
        if meta.get("IncludeInCompile", "").lower() == "no" and f["type"] in ("Folder", "Text"):
            said.append("not compiled")
        items.append(
            BinderItem(f["uuid"], f["id"], f["title"], f["type"], f["path"], "; ".join(said), f["where"])
        )
    return items


def _named(item: dict) -> str:
    """A folder's title in the place of the items in it: the Trash says what it holds ("Trash (deleted)")."""
    return f"{item['title']} (deleted)" if item["type"] == "TrashFolder" else item["title"]


def binder_trail(path: Path) -> str | None:
    """The place in its project's binder of a file of a Scrivener project ("Draft › Chapter 2 › The lock at dawn",
    "Notes on ...", "Synopsis of ..."); None for a file that is no item's text, notes or synopsis."""
    parts = path.parts
    project = _project_at(parts)
    if project is None:
        return None
    root = Path(*parts[: project + 1])
    inner = parts[project + 1 :]
    key = None
    what = ""
    if len(inner) == 4 and inner[:2] == ("Files", "Data") and _DATA_FILE.fullmatch(inner[3]):
        key, what = ("uuid", inner[2]), inner[3]
    elif len(inner) == 3 and inner[:2] == ("Files", "Docs") and (m := _DOCS_FILE.fullmatch(inner[2])):
        key, what = (
            ("id", m.group(1)),
            {"_notes.rtf": "notes.rtf", "_synopsis.txt": "synopsis.txt"}.get(m.group(2), "content.rtf"),
        )
    if key is None:
        return None
    binder = next(iter(sorted(root.glob("*.scrivx"))), None)
    if binder is None:
        return None
    try:
        st = os.stat(binder)
    except OSError:
        return None
    titles = _titles(str(binder), st.st_mtime_ns, st.st_size)
    place = titles.get(key)
    if place is None:
        return None
    return {"notes.rtf": f"Notes on {place}", "synopsis.txt": f"Synopsis of {place}"}.get(what, place)


@functools.lru_cache(maxsize=8)
def _titles(binder: str, _mtime_ns: int, _size: int) -> dict[tuple[str, str], str]:
    """Each item's place in a binder by ("uuid", UUID) and ("id", ID); read again when the binder changes."""
    try:
        with open(binder, encoding="utf-8", errors="replace") as f:
            text = f.read(32 << 20)
        items = binder_items(text)
    except (OSError, expat.ExpatError, XmlRefused, ValueError, RecursionError):
        return {}
    out: dict[tuple[str, str], str] = {}
    for item in items:
        place = " › ".join((*item.path, item.title or "Untitled"))
        if item.uuid:
            out[("uuid", item.uuid)] = place
        if item.number:
            out[("id", item.number)] = place
    return out
