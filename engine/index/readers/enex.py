"""Evernote exports (``.enex``): the notes a person took out of Evernote, read as notes, not as XML.

Evernote writes an export as one XML file (``<en-export>``): a ``<note>`` per note with its ``<title>``, its
``<created>`` and ``<updated>`` times ("20270314T091500Z", UTC), its ``<tag>``s, ``<note-attributes>`` (the author,
the web page a clipped note came from, a reminder) and ``<resource>``s (attached files: their data in base64, a
``<file-name>``), and the note's text as ENML in ``<content>``, an XHTML document in a CDATA section. Read as code, an
answer would quote the CDATA, the tags and the ``<en-todo checked="true"/>`` marks. Here each note is:

- a heading, its title (a chunk never holds two notes: the next heading starts a new one);
- a paragraph of what Evernote knows of it: "Created Sun 14 Mar 2027, 09:15 UTC. Updated ... By Ann Lee. Tags:
  recipes, dinner. Clipped from https://...";
- its text as the HTML reader reads ENML (paragraphs, lists, table rows with cells apart by " | ", headings one level
  under the title), a checklist's boxes in words: "(done) Book the ferry", "(to do) Pack the tent";
- the names of its attached files ("Attachments: receipt.pdf, IMG_0412.jpg."), never their data.

Every piece keeps its file line through the page's anchors (a note's text, line by line, where the CDATA holds it), so
a citation names the lines of the export file. The XML is read by expat; a document type with an internal subset
(which could declare entities) is refused, Evernote's own (an external DTD, never fetched) is not. A file that does not
parse, or holds no note, is read as its text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from xml.parsers import expat

from engine.index.document import Block, ExtractError, Page
from engine.index.readers.anchored import AnchoredText, XmlRefused, as_text, day_words, walk_xml
from engine.index.readers.html import extract_html

READER_VERSION = 1
_FIELDS = ("title", "created", "updated", "content", "author", "source-url", "reminder-time", "source")
_TODO = re.compile(r"<en-todo\b([^>]*)/?>(?:\s*</en-todo>)?", re.I)
_CHECKED = re.compile(r"""\bchecked\s*=\s*["']?true""", re.I)
_MEDIA = re.compile(r"<en-media\b[^>]*/?>(?:\s*</en-media>)?", re.I)
_CRYPT = re.compile(r"<en-crypt\b[^>]*>.*?</en-crypt>", re.I | re.S)
_CDATA = "<![CDATA["
# a table cell whose text is one <div> (Evernote writes every cell so): the HTML reader would break the row at it
_CELL_DIV = re.compile(
    r"(<t[dh]\b[^>]*>)\s*<div\b[^>]*>((?:(?!<div\b|</?t[dh]\b).)*?)</div>\s*(</t[dh]>)", re.I | re.S
)


@dataclass
class _Note:
    fields: dict[str, tuple[str, int, int]] = field(default_factory=dict)  # name -> (text, line, char)
    tags: list[str] = field(default_factory=list)
    files: list[tuple[str, int, int]] = field(default_factory=list)  # (name, line, char)


def _parse(text: str, check: Callable[[], None]) -> list[_Note]:
    notes: list[_Note] = []
    current: list[_Note | None] = [None]
    resource: list[tuple[int, int] | None] = [None]  # where the open <resource> starts
    mime: list[str] = [""]

    def opened(name: str, _attrs: dict[str, str], where: tuple[int, int]) -> None:
        if name == "note":
            current[0] = _Note()
            notes.append(current[0])
        elif name == "resource":
            resource[0], mime[0] = where, ""

    def closed(name: str, parent: str, value: str, at: tuple[int, int]) -> None:
        note = current[0]
        if note is None:
            return
        value_s = value.strip()
        if name == "note":
            current[0] = None
        elif name == "resource":
            if resource[0] is not None and (not note.files or note.files[-1][1:] < resource[0]):
                # an attachment with no file name: what kind of file it is
                kind = mime[0].split("/")[0] if mime[0] else ""
                note.files.append((f"an unnamed {kind or 'file'}", *resource[0]))
            resource[0] = None
        elif name == "mime" and parent == "resource":
            mime[0] = value_s
        elif name == "file-name" and parent == "resource-attributes" and value_s and resource[0] is not None:
            note.files.append((value_s, *resource[0]))
        elif name == "tag" and parent == "note" and value_s:
            note.tags.append(value_s)
        elif name in _FIELDS and parent in ("note", "note-attributes") and value_s:
            note.fields.setdefault(name, (value if name == "content" else value_s, *at))

    walk_xml(text, check, opened, closed, external_doctype=True)
    return notes


def _when(value: str) -> str | None:
    """An ENEX time ("20270314T091500Z", UTC) in words: "Sun 14 Mar 2027, 09:15 UTC"; None when it is not one."""
    try:
        moment = datetime.strptime(value.strip(), "%Y%m%dT%H%M%SZ")
    except ValueError:
        return None
    return f"{day_words(moment)}, {moment:%H:%M} UTC"


def _same_lines(pattern: re.Pattern, text: str, words: Callable[[re.Match], str]) -> str:
    """``text`` with each match of ``pattern`` replaced by ``words(match)`` and as many line breaks as it held, so
    every line after it keeps its number."""
    return pattern.sub(lambda m: words(m) + "\n" * m.group().count("\n"), text)


def _enml(value: str) -> str:
    """A note's ENML with Evernote's own elements in words: a checklist's boxes, no media marks, encrypted text named;
    a table cell's one <div> unwrapped, so its row stays a row."""
    value = _same_lines(_TODO, value, lambda m: "(done) " if _CHECKED.search(m.group(1)) else "(to do) ")
    value = _same_lines(_MEDIA, value, lambda m: "")
    value = _same_lines(_CELL_DIV, value, lambda m: m.group(1) + m.group(2).replace("\n", " ") + m.group(3))
    return _same_lines(_CRYPT, value, lambda m: " (encrypted text) ")


class _Writer(AnchoredText):
    """The page's text, blocks and anchors, note by note: paragraphs and headings, not the records of the other
    readers in words."""

    def block(self, pieces: list[tuple[str, tuple[int, int] | None]], level: int = 0) -> None:
        """A paragraph (or a heading of ``level``) of ``pieces``, after a blank line."""
        pieces = [(t, at) for t, at in pieces if t]
        if not pieces:
            return
        if self.parts:
            self.add("\n\n", None)
        start = self.size
        for piece, at in pieces:
            self.add(piece, at)
        self.blocks.append(Block(start, self.size, level))

    def html(self, page: Page, line: int, char: int) -> None:
        """A note's text as the HTML reader read it, its lines moved to where its CDATA starts in the file."""
        if self.parts:
            self.add("\n\n", None)
        base = self.size
        self.parts.append(page.text)
        self.size += len(page.text)
        self.anchors += [(base + off, line + a_line - 1, char + a_char, *rest)
                         for off, a_line, a_char, *rest in page.anchors]  # fmt: skip
        for b in page.blocks:
            level = min(6, b.heading_level + 1) if b.heading_level else 0
            self.blocks.append(Block(base + b.start, base + b.end, level, b.kind))


def _in_cdata(text: str, value: str, line: int, char: int) -> tuple[str, int, int] | None:
    """A note's ENML as its CDATA section holds it (``value`` less the white space around the section) and where
    that starts in the file: (ENML, line, char); None when the ENML is not in a CDATA section (escaped, its
    characters differ from the file's)."""
    i = text.find(_CDATA, char, char + 4096)
    if i < 0:
        return None
    start = i + len(_CDATA)
    probe = text[start : start + 256].split("]]>", 1)[0]
    at = value.find(probe) if probe else -1
    if at < 0 or not value[:at].isspace() and at:
        return None
    return value[at:], line + text.count("\n", char, start), start


def _write_note(w: _Writer, text: str, note: _Note, check: Callable[[], None]) -> None:
    f = note.fields
    title = f.get("title")
    w.block([(title[0] if title else "Untitled note", title[1:] if title else None)], level=1)
    facts: list[tuple[str, tuple[int, int] | None]] = []
    for name, label in (("created", "Created"), ("updated", "Updated"), ("reminder-time", "Reminder")):
        if name in f and (words := _when(f[name][0])):
            facts.append((f"{label} {words}.", f[name][1:]))
    if "author" in f:
        facts.append((f"By {f['author'][0].rstrip('.')}.", f["author"][1:]))
    if note.tags:
        facts.append((f"Tags: {', '.join(dict.fromkeys(note.tags))}.", None))
    if "source-url" in f:
        facts.append((f"Clipped from {f['source-url'][0]}", f["source-url"][1:]))
    w.block([(piece if i == 0 else " " + piece, at) for i, (piece, at) in enumerate(facts)])
    if "content" in f:
        value, line, char = f["content"]
        check()
        held = _in_cdata(text, value, line, char)
        try:
            page = extract_html(_enml(held[0] if held else value), check, title=False)
        except ExtractError:
            page = None  # a note with no text: its title and dates still say it is there
        if page is not None and held is not None:
            w.html(page, held[1], held[2])
        elif page is not None:  # escaped ENML: every piece at the <content> element
            w.html(Page(page.text, page.blocks, anchors=((0, 1, 0, len(page.text), 1),)), line, char)
    if note.files:
        names = ", ".join(dict.fromkeys(name for name, _, _ in note.files))
        w.block([(f"Attachments: {names}.", note.files[0][1:])])


def extract_enex(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of an Evernote export: each note a heading, its dates and tags, its text and its attachments' names,
    anchored to the file's lines; the text itself when it does not parse or holds no note."""
    try:
        notes = _parse(text, check)
    except (expat.ExpatError, XmlRefused, ValueError):
        return as_text(text)
    if not notes:
        return as_text(text)
    w = _Writer()
    for note in notes:
        check()
        _write_note(w, text, note, check)
    return w.page()
