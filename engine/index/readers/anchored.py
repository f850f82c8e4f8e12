"""A page written in other words than its file's, piece by piece, each piece anchored at its place in the file.

The calendar, contacts and GPS-track readers write what a file holds as a person reads it ("Boiler service: Wed 17
Nov 2027, 8:00 to 12:00.") and keep, for every piece, the file line and character it comes from (``Page.anchors``),
so a citation names the file's lines. Paragraphs are records (an event, a card, a waypoint: ``Block.kind``
"record", each a chunk of its own) headed by their name (``Page.trails``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from xml.parsers import expat

from engine.index.document import Block, Page, line_starts

# the months in English, as these readers write a date in words (never the system's locale: the index is the same
# on every Mac)
MONTH_NAMES = tuple(
    "January February March April May June July August September October November December".split()
)
SENTENCE_END = re.compile(r"[.!?:;…][\"'’”)\]]*$")


def day_words(day: date) -> str:
    """A date as these readers write it: "Wed 17 Nov 2027"."""
    return f"{day:%a} {day.day} {day:%b %Y}"


def as_text(text: str) -> Page:
    """A file these readers find nothing in to write (no cue, event, card, waypoint or track), read as its text:
    nothing is lost."""
    return Page(text, (Block(0, len(text)),) if text.strip() else ())


class AnchoredText:
    """The page's text so far, its anchors, record blocks and trails."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0
        self.anchors: list[tuple[int, ...]] = []
        self.blocks: list[Block] = []
        self.trails: list[tuple[int, str]] = []
        self.para: int | None = None
        self.broken = False

    def add(self, text: str, at: tuple[int, int] | None) -> None:
        """Append ``text``; ``at``: the (file line, file character) it starts at, None to go on from the last."""
        if not text:
            return
        if self.broken:  # a line break asked for before this text (none when nothing followed it)
            self.broken = False
            self.parts.append("\n")
            self.size += 1
        if at is not None and (not self.anchors or self.anchors[-1][0] != self.size):
            self.anchors.append((self.size, *at))
        self.parts.append(text)
        self.size += len(text)

    def sentence(self, text: str, at: tuple[int, int] | None) -> None:
        """``text`` as a sentence: with a full stop when it ends with none."""
        self.add(text, at)
        if not SENTENCE_END.search(text.rstrip()):
            self.add(".", None)

    def line_break(self) -> None:
        """The next text starts a line of its own."""
        self.broken = True

    def next_line(self) -> None:
        """The next text starts a line of its own where the record open already holds text (none before its first)."""
        if self.para is not None and self.size > self.para:
            self.broken = True

    def open(self, heading: str) -> None:
        """Start a record (a paragraph of its own) headed by ``heading``."""
        self.close()
        self.broken = False
        if self.parts:
            self.add("\n\n", None)
        self.para = self.size
        self.trails.append((self.size, heading))

    def close(self) -> None:
        if self.para is not None and self.size > self.para:
            self.blocks.append(Block(self.para, self.size, kind="record"))
        self.para = None

    def page(self) -> Page:
        self.close()
        return Page(
            "".join(self.parts), tuple(self.blocks), anchors=tuple(self.anchors), trails=tuple(self.trails)
        )


class XmlRefused(Exception):
    """A document type declaration (it could declare entities): the file is not read as XML."""


def walk_xml(
    text: str,
    check: Callable[[], None],
    opened: Callable[[str, dict[str, str], tuple[int, int]], None],
    closed: Callable[[str, str, str, tuple[int, int]], None],
    external_doctype: bool = False,
) -> None:
    """Read ``text`` with expat, refusing a document type (``XmlRefused``; expat's own errors pass through):
    ``opened(name, attrs, (line, char))`` at each element's start and ``closed(name, parent, text, (line, char))`` at
    its end, names without their namespace prefix, ``text`` the character data since the last element started and
    ``(line, char)`` where that element started, in the file; ``check`` (the file's budgets, the user's cancel) every
    4,096 elements; ``external_doctype``: a document type that only names an external DTD (never fetched) is let
    through, one with an internal subset still refused. The GPS-track, feed and Evernote readers walk their files with
    it."""
    starts = line_starts(text)
    parser = expat.ParserCreate()
    stack: list[str] = []
    buffer: list[str] = []
    at = [(1, 0)]
    count = [0]

    def start(name: str, attrs: dict[str, str]) -> None:
        name = name.rsplit(":", 1)[-1]
        count[0] += 1
        if count[0] % 4096 == 0:
            check()
        line = parser.CurrentLineNumber
        where = (line, starts[min(line, len(starts)) - 1] + parser.CurrentColumnNumber)
        opened(name, attrs, where)
        stack.append(name)
        buffer.clear()
        at[0] = where

    def end(name: str) -> None:
        value = "".join(buffer)
        buffer.clear()
        if stack:
            stack.pop()
        closed(name.rsplit(":", 1)[-1], stack[-1] if stack else "", value, at[0])

    def doctype(_name, _system_id, _public_id, internal_subset) -> None:
        if internal_subset or not external_doctype:
            raise XmlRefused

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = buffer.append
    parser.StartDoctypeDeclHandler = doctype
    parser.Parse(text, True)
