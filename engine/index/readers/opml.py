"""Outlines in OPML (``.opml``: what OmniOutliner, Bike, Dynalist, WorkFlowy, Logseq and MindNode export, and what a
podcast app exports its subscriptions as), read as the outline reads, not as XML.

An OPML file is a ``<head>`` (the outline's title, owner and dates) and a ``<body>`` of nested ``<outline>``
elements, each with its words in a ``text`` attribute, a note in ``_note`` (line breaks as ``&#10;``), a done mark in
``_status="checked"`` or ``_complete="true"``, and, for a feed or a link, ``type`` with ``xmlUrl`` or ``url``. Read as
text, an answer quotes ``<outline text="Book the hall" _note="...">``.

Here the title comes first ("Village fete 2027, by Sam Price, created Mon 3 May 2027."), then every item is a line of
its own in the outline's order ("Book the hall (done).", "Ring the council (still to do)." where its box is not ticked),
each line of its note a line under it (an item and its note a paragraph), a feed as its name
and address. Every line reads under the items it sits in (the page's trail: "Stalls › Cakes"), and is anchored at
the file's line of its element, so a citation names the file's own lines. The XML is read by expat with no document
type (a ``<!DOCTYPE>``, which could declare entities, is refused); a file that does not parse, or holds no outline,
is read as its text (nothing is lost).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from email.utils import parsedate_to_datetime
from xml.parsers import expat

from engine.index.document import Page, line_page, line_starts
from engine.index.readers.anchored import XmlRefused, as_text, day_words, walk_xml

READER_VERSION = 1

_TAG = re.compile(r"<[^>]{0,400}>")
_DONE = {"checked", "done", "complete", "completed"}
_END = re.compile(r"[.!?:;…][\"'’”)\]]*$")


def _words(value: str) -> str:
    """An attribute's words: tags some outliners write into ``text`` ("<b>Hall</b>") dropped, spaces made one."""
    return " ".join(_TAG.sub("", value).split())


def _day(value: str) -> str:
    """An RFC 822 date as "Mon 3 May 2027"; the text as it is when it is no such date."""
    try:
        return day_words(parsedate_to_datetime(value).date())
    except (TypeError, ValueError, IndexError):
        return value.strip()


def read_opml(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of an OPML outline in words (see the module's docstring)."""
    try:
        return _read(text, check)
    except (expat.ExpatError, XmlRefused, ValueError):
        return as_text(text)


def _read(text: str, check: Callable[[], None]) -> Page:
    starts = line_starts(text)
    head: dict[str, str] = {}
    head_at: list[tuple[int, int]] = []
    items: list[tuple[int, dict[str, str], tuple[int, int]]] = []  # (depth, attributes, where)
    depth = [0]
    seen_opml = [False]

    def opened(name: str, attrs: dict[str, str], where: tuple[int, int]) -> None:
        if name == "opml":
            seen_opml[0] = True
        if name == "outline":
            depth[0] += 1
            items.append((depth[0], attrs, where))
        elif name == "head" and not head_at:
            head_at.append(where)

    def closed(name: str, parent: str, value: str, where: tuple[int, int]) -> None:
        if name == "outline":
            depth[0] -= 1
        elif parent == "head" and value.strip():
            head[name] = " ".join(value.split())

    walk_xml(text, check, opened, closed)
    if not seen_opml[0] or not items:
        return as_text(text)
    del starts
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    trails: list[tuple[int, str]] = []
    title = head.get("title", "")
    said = [title] if title else []
    if head.get("ownerName"):
        said.append(f"by {head['ownerName']}")
    for key, word in (("dateCreated", "created"), ("dateModified", "modified")):
        if head.get(key):
            said.append(f"{word} {_day(head[key])}")
    if said:
        line = ", ".join(said)
        lines.append((line if _END.search(line) else line + ".", [(0, *head_at[0])] if head_at else []))
    path: list[str] = []
    for n, (level, attrs, where) in enumerate(items):
        if n % 256 == 0:
            check()
        words = _words(attrs.get("text") or attrs.get("title") or "")
        del path[level - 1 :]
        trail = " › ".join(p for p in path if p) or title
        path.append(words)
        done = (attrs.get("_status", "").lower() in _DONE) or attrs.get("_complete", "").lower() == "true"
        link = attrs.get("xmlUrl") or attrs.get("url") or attrs.get("htmlUrl") or ""
        line = words
        if link and attrs.get("type", "").lower() in ("rss", "atom", "link", "include", "") and words:
            line = f"{words} ({'feed' if attrs.get('xmlUrl') else 'link'}: {link.strip()})"
        if done and line:
            line = f"{line} (done)"
        elif attrs.get("_status", "").lower() == "unchecked" and line:  # a box not ticked
            line = f"{line} (still to do)"
        anchor = [(0, *where)]
        if lines:
            lines.append(("", []))  # an item and its note a paragraph: none reads on into the next item
        if line:
            if not lines or trail != (trails[-1][1] if trails else None):
                trails.append((len(lines), trail))
            lines.append((line if _END.search(line) else line + ".", anchor))
        note = [_words(t) for t in (attrs.get("_note") or "").replace("\r", "\n").split("\n")]
        if any(note) and words:  # a note reads under its item
            trails.append((len(lines), " › ".join(p for p in path if p)))
        lines += [(t, anchor) for t in note if t]
    if not lines:
        return as_text(text)
    return line_page(lines, trails)
