"""Anki decks (``.apkg``, a shared deck or "Export > Anki Deck Package"; ``.colpkg``, a whole collection): each note
read as a card reads, not as a database.

Such a file is a zip holding the collection, an SQLite database: ``collection.anki2`` (the format every Anki reads,
written when "Support older Anki versions" is ticked), ``collection.anki21`` (Anki 2.1's own) or
``collection.anki21b`` (Anki 2.1.50 and later: the same compressed with Zstandard; a dummy ``collection.anki2`` beside
it holds one note asking to update Anki). In the database a note's fields are one column, ``notes.flds``, joined by
the character 0x1f, in the order of its note type's fields; the note types (their names and fields' names) and the
decks are JSON in ``col.models`` and ``col.decks`` (schema 11) or rows of the tables ``notetypes``, ``fields`` and
``decks`` (schema 18); a card (``cards.did``) puts its note in a deck. A field's text is HTML, with cloze deletions
("{{c1::Canberra::city}}") and sounds ("[sound:ciao.mp3]").

Here each note is a page, numbered in the order of the notes' ids (the order they were added): its deck and note type
as a heading, a sentence of its own ("Deck: Italian, subdeck: Verbs, Basic"), then its fields. A card of two short
fields is one line, its question and answer together ("andare — to go."; the fields' names after it where they are not
Front and Back), so a quoted sentence holds both; longer fields are a line each, with the field's name. A cloze's
hidden text reads in place ("The capital of Australia is Canberra."). Then its tags. Pictures and sounds are named,
never read. A database that cannot be read is an ExtractError that says why.
"""

from __future__ import annotations

import html
import json
import re
import sqlite3
from collections.abc import Callable
from html.parser import HTMLParser

from engine.index.bounds import MAX_DECOMPRESSED_BYTES, charge, open_zip
from engine.index.document import ExtractError, Page
from engine.index.readers.office import lines_page

READER_VERSION = 2  # 1: this stop's first reading, before held-out 28 and 29 were reported

_CLOZE = re.compile(r"\{\{c\d{1,3}::(.*?)(?:::[^}]{0,300})?\}\}", re.S)
_SOUND = re.compile(r"\[sound:([^\]\n]{1,300})\]")
_BREAKS = {
    "br",
    "div",
    "p",
    "li",
    "tr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "table",
    "blockquote",
}
_UPDATE = "please update to the latest anki version"
SHORT_CARD = 200  # characters: a two-field card this short reads as one line


class _Text(HTMLParser):
    """A field's HTML as text: block tags break lines, a picture named, scripts and styles dropped."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skip += 1
        elif tag in _BREAKS:
            self.out.append("\n")
        elif tag == "img":
            src = dict(attrs).get("src") or ""
            if src:
                self.out.append(f" (picture: {src}) ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skip = max(0, self.skip - 1)
        elif tag in _BREAKS:
            self.out.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.out.append(data)


def field_text(value: str) -> str:
    """A field as words: HTML read, clozes' hidden text in place, sounds named, spaces made one per line."""
    value = _CLOZE.sub(lambda m: m.group(1), value)
    value = _SOUND.sub(lambda m: f" (sound: {m.group(1)}) ", value)
    parser = _Text()
    parser.feed(value)
    parser.close()
    text = html.unescape("".join(parser.out)).replace("\xa0", " ")
    lines = [" ".join(line.split()) for line in text.split("\n")]
    return "\n".join(line for line in lines if line)


def _database(data: bytes, check: Callable[[], None]) -> sqlite3.Connection:
    """The collection's database, opened in memory from the zip (the newest one Alcove can read)."""
    zf = open_zip(data, "Anki deck", cap=MAX_DECOMPRESSED_BYTES)
    names = set(zf.namelist())
    for name in ("collection.anki21", "collection.anki2"):
        if name not in names:
            continue
        raw = zf.read(name)
        charge(check, len(raw))
        con = sqlite3.connect(":memory:")
        try:
            con.deserialize(raw)
            con.execute("SELECT count(*) FROM notes").fetchone()
        except sqlite3.DatabaseError as exc:
            con.close()
            raise ExtractError(f"The Anki deck's collection is damaged ({exc}).") from exc
        if "collection.anki21b" in names and _only_update_note(con):
            con.close()
            break
        return con
    if "collection.anki21b" in names:
        raise ExtractError(
            "The Anki deck was exported in Anki 2.1.50's compressed format, which Alcove cannot read yet: export it "
            "again with \u201cSupport older Anki versions\u201d ticked."
        )
    raise ExtractError("The file is not an Anki deck: it holds no collection.anki2 or collection.anki21.")


def _only_update_note(con: sqlite3.Connection) -> bool:
    rows = con.execute("SELECT flds FROM notes LIMIT 2").fetchall()
    return len(rows) <= 1 and all(_UPDATE in str(r[0]).lower() for r in rows)


def _tables(con: sqlite3.Connection) -> set[str]:
    return {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _note_types(con: sqlite3.Connection, tables: set[str]) -> dict[int, tuple[str, list[str]]]:
    """Each note type's name and its fields' names, by id."""
    out: dict[int, tuple[str, list[str]]] = {}
    if "notetypes" in tables and "fields" in tables:  # schema 18
        names = {int(i): str(n) for i, n in con.execute("SELECT id, name FROM notetypes")}
        fields: dict[int, list[tuple[int, str]]] = {}
        for ntid, ord_, name in con.execute("SELECT ntid, ord, name FROM fields"):
            fields.setdefault(int(ntid), []).append((int(ord_), str(name)))
        for i, name in names.items():
            out[i] = (name, [n for _, n in sorted(fields.get(i, []))])
        if out:
            return out
    for key, model in _col_json(con, tables, "models").items():
        if not isinstance(model, dict):
            continue
        flds = sorted(
            (f for f in model.get("flds", []) if isinstance(f, dict)), key=lambda f: f.get("ord", 0)
        )
        try:
            out[int(key)] = (str(model.get("name", "")), [str(f.get("name", "")) for f in flds])
        except ValueError:
            continue
    return out


def _col_json(con: sqlite3.Connection, tables: set[str], column: str) -> dict:
    """Schema 11's JSON column of ``col`` ("models", "decks") as a dict; empty where it is missing or damaged."""
    row = con.execute(f"SELECT {column} FROM col LIMIT 1").fetchone() if "col" in tables else None
    try:
        value = json.loads(row[0]) if row and row[0] else {}
    except (TypeError, ValueError):
        value = {}
    return value if isinstance(value, dict) else {}


def _decks(con: sqlite3.Connection, tables: set[str]) -> dict[int, str]:
    """Each deck's name by id, its levels apart by " › " ("Italian › Verbs")."""
    out: dict[int, str] = {}
    if "decks" in tables:  # schema 18: the levels apart by 0x1f
        for i, name in con.execute("SELECT id, name FROM decks"):
            out[int(i)] = " › ".join(str(name).split("\x1f"))
        if out:
            return out
    for key, deck in _col_json(con, tables, "decks").items():
        if isinstance(deck, dict):
            try:
                out[int(key)] = " › ".join(str(deck.get("name", "")).split("::"))
            except ValueError:
                continue
    return out


def extract_apkg(data: bytes, check: Callable[[], None]) -> tuple[Page, ...]:
    """A page for each note of an Anki deck (see the module's docstring)."""
    con = _database(data, check)
    try:
        tables = _tables(con)
        types, decks = _note_types(con, tables), _decks(con, tables)
        deck_of: dict[int, int] = {}
        if "cards" in tables:
            for nid, did in con.execute("SELECT nid, did FROM cards ORDER BY ord"):
                deck_of.setdefault(int(nid), int(did))
        pages: list[Page] = []
        rows = con.execute("SELECT id, mid, tags, flds FROM notes ORDER BY id")
        for n, (nid, mid, tags, flds) in enumerate(rows, 1):
            if n % 128 == 0:
                check()
            page = _note_page(n, types.get(int(mid)), decks.get(deck_of.get(int(nid), -1), ""), str(tags or ""),
                              str(flds or ""))  # fmt: skip
            if page is not None:
                charge(check, 2 * len(page.text))
                pages.append(page)
    except sqlite3.DatabaseError as exc:
        raise ExtractError(f"The Anki deck's collection is damaged ({exc}).") from exc
    finally:
        con.close()
    if not pages:
        raise ExtractError("The Anki deck holds no notes.")
    return tuple(pages)


def _note_page(
    number: int, kind: tuple[str, list[str]] | None, deck: str, tags: str, flds: str
) -> Page | None:
    type_name, names = kind or ("", [])
    values = [field_text(v) for v in flds.split("\x1f")]
    named = [(names[i] if i < len(names) else f"Field {i + 1}", v) for i, v in enumerate(values) if v]
    if not named:
        return None
    heading = ", ".join(x for x in (_deck_words(deck), type_name) if x) or "Anki note"
    lines: list[tuple[str, int]] = [(heading, 2), ("", 0)]  # the heading a sentence of its own
    rest = named
    if "cloze" in type_name.lower():
        lines += [(_sentence(line), 0) for line in named[0][1].split("\n")]
        rest = named[1:]
    elif len(named) >= 2 and len(named[0][1] + named[1][1]) <= SHORT_CARD:
        (n1, v1), (n2, v2) = named[:2]
        named_by = "" if (n1, n2) == ("Front", "Back") else f" ({n1} — {n2})"
        lines.append((_sentence(f"{_joined(v1)} — {_joined(v2)}{named_by}"), 0))
        rest = named[2:]
    for name, value in rest:
        parts = value.split("\n")
        lines.append((_sentence(f"{name}: {parts[0]}"), 0))
        lines += [(_sentence(p), 0) for p in parts[1:]]
    words = tags.split()
    if words:
        lines.append((f"Tags: {', '.join(words)}.", 0))
    return lines_page(lines, number)


def _deck_words(deck: str) -> str:
    """A deck as Anki names it: "Deck: Italian, subdeck: Verbs" for "Italian › Verbs"."""
    top, sep, rest = deck.partition(" › ")
    return (f"Deck: {top}, subdeck: {rest}" if sep else f"Deck: {top}") if top else ""


def _joined(value: str) -> str:
    """A short field's lines as one: "to eat; Io mangio = I eat"."""
    return "; ".join(value.split("\n"))


def _sentence(text: str) -> str:
    return text if re.search(r"[.!?:;…\"'’”]$", text) else text + "."
