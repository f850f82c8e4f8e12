"""Obsidian and Logseq ``[[wikilinks]]``, resolved to the linked note's title so a search finds a note by the titles of
the notes it links to.

``[[Note Name]]``, ``[[Note Name|alias]]``, ``[[Note#Heading]]`` and ``[[folder/Note]]`` become plain words: the
link's own text (its alias, or its target and heading) followed by the linked note's title in parentheses when the
title says something the link text does not ("alias (Linked Title)"). A note's title is its front matter
``title:``, else its first heading, else its file name. Links are resolved within the note's vault: the nearest
folder above it holding ``.obsidian`` or ``logseq`` (all its folders), else the note's own folder (its notes only); a link that names no note there
(or sits in a code fence) keeps its text unchanged.

The page's text changes only inside links and never across a line, so ``anchors`` (text offset, source line,
source character) at each link's start and end map every offset outside a link back to the file exactly (a
citation opens at the cited words), and one inside a link onto the link's own span. The vault's note names are listed once per vault and reused for ``VAULT_TTL_S``;
titles are cached by path, size and timestamp. A note whose linked titles change is re-read on its own next change
(its bytes did not change).
"""

from __future__ import annotations

import bisect
import os
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path

from engine.index.bounds import no_check, read_regular_file
from engine.index.document import ExtractError

VAULT_MARKERS = (".obsidian", "logseq")  # folders that make their parent a vault
NOTE_SUFFIXES = (".md", ".markdown", ".mdx")
VAULT_TTL_S = 10.0  # a vault's list of notes is reused this long (a burst of notes indexed lists it once)
MAX_VAULT_NOTES = 200_000  # past this many notes, the rest are not listed (link text is kept)
TITLE_READ_BYTES = 64 << 10  # the head of a linked note read for its title
_SKIP_DIRS = {".git", ".trash", ".obsidian", "node_modules", "__pycache__"}

FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?\n)?(---|\.\.\.)[ \t]*$", re.S | re.M)
FRONT_MATTER_TITLE = re.compile(r"^title:[ \t]*[\"']?(.*?)[\"']?[ \t]*$", re.M)
# a Markdown heading line, "## Yeast" (its text the group; not "#pale-ale", a tag); the rag side cuts and reads
# sections by it too
ATX_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(\S[^\n]*?)[ \t#]*$", re.M)
_FENCE = re.compile(r"^ {0,3}(```|~~~)", re.M)
# [[target#heading|alias]]: no brackets or newlines inside; an embed (![[...]]) is a link too
WIKILINK = re.compile(r"\[\[([^\[\]\n|#]*)(#[^\[\]\n|]*)?(?:\|([^\[\]\n]*))?\]\]")

_lock = threading.Lock()
_vaults: dict[str, tuple[float, dict[str, str]]] = {}
_titles: dict[tuple[str, int, int], str] = {}


def vault_of(note: Path) -> tuple[Path, bool]:
    """The vault folder a note belongs to — the nearest folder above it with ``.obsidian`` or ``logseq`` in it —
    and True; else the note's own folder and False (only its notes, not its subfolders', are listed: a loose note
    in a big Documents folder must not walk all of it)."""
    for folder in note.parents:
        if any((folder / m).is_dir() for m in VAULT_MARKERS):
            return folder, True
    return note.parent, False


def _list_notes(vault: str, recursive: bool = True) -> dict[str, str]:
    """Lower-cased note names and vault-relative paths (without suffix) -> the note's path; the shortest path
    wins a name shared by notes in two folders (as Obsidian resolves it)."""
    names: dict[str, str] = {}
    count = 0
    for folder, dirs, files in os.walk(vault):  # never follows links out of the vault
        dirs[:] = (
            sorted(d for d in dirs if not d.startswith(".") and d not in _SKIP_DIRS) if recursive else []
        )
        for name in sorted(files):
            stem, suffix = os.path.splitext(name)
            if suffix.lower() not in NOTE_SUFFIXES:
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(os.path.join(folder, stem), vault).replace(os.sep, "/").lower()
            names.setdefault(rel, path)
            key = stem.lower()
            if key not in names or len(path) < len(names[key]):
                names[key] = path
            count += 1
            if count >= MAX_VAULT_NOTES:
                return names
    return names


def _notes(vault: Path, recursive: bool) -> dict[str, str]:
    key = f"{vault}\0{recursive}"
    now = time.monotonic()
    with _lock:
        hit = _vaults.get(key)
        if hit is not None and now - hit[0] < VAULT_TTL_S:
            return hit[1]
    names = _list_notes(str(vault), recursive)
    with _lock:
        _vaults[key] = (now, names)
    return names


def note_title(text: str, fallback: str) -> str:
    """A note's title: front matter ``title:``, else its first heading (outside code fences), else ``fallback``."""
    front = FRONT_MATTER.match(text)
    start = 0
    if front:
        t = FRONT_MATTER_TITLE.search(text, 0, front.end())
        if t and t.group(1).strip():
            return _one_line(t.group(1))
        start = front.end()
    fences = [m.start() for m in _FENCE.finditer(text, start)]
    for m in ATX_HEADING.finditer(text, start):
        if bisect.bisect_right(fences, m.start()) % 2 == 0:  # an even number of fences before it: outside
            return _one_line(m.group(1))
    return fallback


def _one_line(s: str) -> str:
    return " ".join(s.split())[:200]


def _title_of(path: str) -> str:
    fallback = os.path.splitext(os.path.basename(path))[0]
    try:
        st = os.stat(path)
    except OSError:
        return fallback
    key = (path, st.st_size, st.st_mtime_ns)
    with _lock:
        if key in _titles:
            return _titles[key]
    try:
        data, _ = read_regular_file(path, TITLE_READ_BYTES)
        title = note_title(data[:TITLE_READ_BYTES].decode("utf-8", errors="replace"), fallback)
    except (OSError, ExtractError):  # an unreadable linked note (a FIFO, no permission): its file name
        title = fallback
    with _lock:
        if len(_titles) > 100_000:
            _titles.clear()
        _titles[key] = title
    return title


def fence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each fenced code block of a Markdown text (``` or ~~~), in order; an unclosed one runs to the
    end."""
    spans, opened = [], None
    for m in _FENCE.finditer(text):
        if opened is None:
            opened = m.start()
        else:
            spans.append((opened, m.end()))
            opened = None
    if opened is not None:
        spans.append((opened, len(text)))
    return spans


def resolve_wikilinks(
    text: str, note: Path, check: Callable[[], None] = no_check
) -> tuple[str, tuple[tuple[int, ...], ...]]:
    """``text`` (a note's Markdown) with each resolvable wikilink replaced by words naming the linked note, and the
    anchors that map the new text's offsets back to the file (empty when nothing changed)."""
    if "[[" not in text or not note.is_absolute():
        return text, ()
    fences = fence_spans(text)
    starts = [a for a, _ in fences]
    vault: Path | None = None
    names: dict[str, str] = {}
    out: list[str] = []
    anchors: list[tuple[int, ...]] = []
    src = pos = 0  # source offset copied up to; offset in the new text
    line = 1
    for n, m in enumerate(WIKILINK.finditer(text)):
        i = bisect.bisect_right(starts, m.start()) - 1
        if i >= 0 and m.start() < fences[i][1]:
            continue  # code: the brackets are the text
        target = m.group(1).strip()
        if target.lower().endswith(NOTE_SUFFIXES):
            target = os.path.splitext(target)[0]
        if not target:
            continue
        if vault is None:
            vault, recursive = vault_of(note)
            names = _notes(vault, recursive)
        found = names.get(target.lower().replace("\\", "/")) or names.get(target.rsplit("/", 1)[-1].lower())
        if found is None:
            continue  # unresolved: keep the link's text
        title = _title_of(found)
        heading = (m.group(2) or "")[1:].strip().lstrip("^")
        alias = (m.group(3) or "").strip()
        words = alias or (f"{target} > {heading}" if heading else target)
        if title.lower() not in words.lower():
            words = f"{words} ({title})"
        if not anchors:
            anchors.append((0, 1, 0))
        chunk = text[src : m.start()]
        out.append(chunk)
        line += chunk.count("\n")
        pos += len(chunk)
        anchors.append((pos, line, m.start(), len(words), m.end() - m.start()))
        out.append(words)
        pos += len(words)
        src = m.end()
        anchors.append((pos, line, src))
        if n % 256 == 255:
            check()
    if not anchors:
        return text, ()
    out.append(text[src:])
    return "".join(out), tuple(anchors)
