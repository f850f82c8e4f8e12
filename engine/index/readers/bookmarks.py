"""A browser's bookmarks (``bookmarks.html``: the Netscape bookmark file that Safari's "Export Bookmarks", Firefox,
Chrome and Pocket write), read as a list of bookmarks in their folders, not as a web page.

The file is HTML of its own kind (``<!DOCTYPE NETSCAPE-Bookmark-file-1>``): nested ``<DL><p>`` lists of ``<DT><H3
ADD_DATE="...">Folder</H3>`` folders and ``<DT><A HREF="..." ADD_DATE="..." TAGS="...">Title</A>`` bookmarks, a
bookmark's description (or Safari's Reading List preview) in a ``<DD>`` after it. Read as a web page, a bookmark is its
title alone: where it points, when it was added and its folder are in attributes nobody sees.

Here each folder is a record headed by its path ("Bookmarks › House › Garden"); each bookmark a sentence with its
address, the day it was added and its tags ("Greenhouse heaters compared: https://example.com/heaters (added Sunday 14
March 2027; tags: garden, winter)."), its description on the line under it. Each piece is anchored at the file's line
of its tag. A file with no bookmark is read as a web page.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from datetime import UTC, datetime
from html.parser import HTMLParser

from engine.index.document import Page, line_starts
from engine.index.readers.anchored import AnchoredText

READER_VERSION = 2  # 1: this stop's first reading, before held-out 28 and 29 were reported
_SIGNATURE = re.compile(r"\s*(?:<!--.*?-->\s*)?<!DOCTYPE\s+NETSCAPE-Bookmark-file", re.I | re.S)
MAX_DEPTH = 64


def is_bookmarks(text: str) -> bool:
    """Whether an HTML file is a Netscape bookmark file (its document type, at its start)."""
    return _SIGNATURE.match(text[:4096].lstrip("\ufeff")) is not None


def _day(stamp: str) -> str:
    """ADD_DATE as "Sunday 14 March 2027": Unix seconds as the exports write it, milliseconds, or a WebKit time
    (microseconds since 1601, as Chrome keeps its own)."""
    try:
        value = int(stamp.strip())
    except ValueError:
        return ""
    if value > 10**14:
        value = value // 1_000_000 - 11_644_473_600
    elif value > 10**11:
        value //= 1000
    try:
        when = datetime.fromtimestamp(value, UTC)
    except (OverflowError, OSError, ValueError):
        return ""
    return f"{when:%A} {when.day} {when:%B %Y}"


class _Reader(HTMLParser):
    def __init__(self, check: Callable[[], None]) -> None:
        super().__init__(convert_charrefs=True)
        self.check = check
        self.items: list[tuple[str, tuple[str, ...], dict[str, str], str, tuple[int, int]]] = []
        self.path: list[str] = []
        self.pending: str | None = None  # a folder's name, until its <DL> opens
        self.tag: str | None = None  # "h3", "a" or "dd": whose text is being read
        self.attrs: dict[str, str] = {}
        self.buf: list[str] = []
        self.at = (1, 0)
        self.title = ""
        self.seen = 0
        self.deeper = 0  # lists opened below MAX_DEPTH

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.seen += 1
        if self.seen % 512 == 0:
            self.check()
        if tag in ("dt", "dd", "dl", "h3", "a", "h1") and self.tag == "dd":
            self._end()
        if tag in ("h3", "a", "dd", "h1", "title"):
            self._end()
            self.tag, self.attrs, self.buf, self.at = (
                tag,
                {k.lower(): v or "" for k, v in attrs},
                [],
                self.getpos(),
            )
        elif tag == "dl":
            opens = self.pending is not None or bool(self.path or self.items or self.deeper)
            if opens and len(self.path) >= MAX_DEPTH:
                self.deeper += (
                    1  # folders deeper than this read as the deepest one (a hostile file's nesting)
                )
            elif self.pending is not None:
                self.path.append(self.pending)
            elif opens:
                self.path.append("")  # a list with no folder name: a level all the same
            self.pending = None

    def handle_endtag(self, tag: str) -> None:
        if tag in ("h3", "a", "h1", "title") and self.tag == tag:
            self._end()
        elif tag == "dl":
            if self.tag == "dd":
                self._end()
            if self.deeper:
                self.deeper -= 1
            elif self.path:
                self.path.pop()

    def handle_data(self, data: str) -> None:
        if self.tag is not None:
            self.buf.append(data)

    def _end(self) -> None:
        if self.tag is None:
            return
        words = " ".join(html.unescape("".join(self.buf)).split())
        if self.tag == "h3":
            self.pending = words or "Folder"
            self.items.append(("folder", self._trail(self.pending), self.attrs, words, self.at))
        elif self.tag == "a":
            self.items.append(("bookmark", self._trail(), self.attrs, words, self.at))
        elif self.tag == "dd" and words:
            self.items.append(("note", self._trail(), self.attrs, words, self.at))
        elif self.tag in ("h1", "title") and words and not self.title:
            self.title = words
        self.tag = None

    def _trail(self, last: str | None = None) -> tuple[str, ...]:
        return tuple(p for p in (*self.path, *([last] if last else [])) if p)


def read_bookmarks(text: str, check: Callable[[], None] = lambda: None) -> Page | None:
    """The page of a bookmark file in words (see the module's docstring); None when it holds no bookmark."""
    reader = _Reader(check)
    reader.feed(text)
    reader.close()
    reader._end()
    if not any(kind == "bookmark" for kind, *_ in reader.items):
        return None
    starts = line_starts(text)
    root = reader.title or "Bookmarks"
    w = AnchoredText()
    trail: tuple[str, ...] | None = None
    last_bookmark = False
    for kind, path, attrs, words, (line, col) in reader.items:
        at = (line, starts[line - 1] + col if line - 1 < len(starts) else 0)
        if kind == "folder":
            continue
        if path != trail:
            trail = path
            heading = " › ".join((root, *path))
            w.open(heading)
            w.sentence(f"Folder: {heading}", at)
            last_bookmark = False
        if kind == "note":
            if last_bookmark:
                w.line_break()
                w.sentence(words, at)
            continue
        w.line_break()
        said = words or attrs.get("href", "") or "A bookmark"
        href = attrs.get("href", "")
        if href and href != said and not href.startswith(("data:", "javascript:")):
            said = f"{said.rstrip(':')}: {href}"
        extra = []
        day = _day(attrs.get("add_date", "")) if attrs.get("add_date") else ""
        if path:  # which folder holds it, in its own sentence: "Which folder is ... in?"
            extra.append(f"folder: {' › '.join(path)}")
        if day:
            extra.append(f"added {day}")
        tags = ", ".join(t.strip() for t in attrs.get("tags", "").split(",") if t.strip())
        if tags:
            extra.append(f"tags: {tags}")
        if attrs.get("shortcuturl"):
            extra.append(f"keyword: {attrs['shortcuturl']}")
        line_text = f"{said} ({'; '.join(extra)})" if extra else said
        w.sentence(line_text, at)
        last_bookmark = True
    return w.page()
