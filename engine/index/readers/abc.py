"""Tune books in ABC notation (``.abc``: what folk musicians keep and EasyABC, abcjs, Mandolin Cafe's and The Session's
collections write), read as a player reads a tune's heading and its notes, not as letter fields and bar lines.

A tune opens with ``X:`` (its number) and ``T:`` (its title, a second ``T:`` another name), then header fields: ``C:``
composer, ``O:`` origin, ``R:`` rhythm, ``M:`` metre, ``L:`` unit note length, ``Q:`` tempo, ``K:`` key (always
last), ``N:`` notes, ``S:`` source, ``Z:`` transcriber, ``H:`` history, ``B:`` book, ``D:`` recording, ``G:`` group;
then its music, ``w:`` lyrics under it and ``W:`` words after it. ``+:`` goes on with the field before, ``%`` starts a
comment, ``%%`` a directive. Read as text, an answer quoted "K:Dmix" and "R:reel" and the music's letters.

Here each tune is a record headed by its number and title: "Tune 3: The Silver Spear, a reel in D major, 4/4." then
a line a field in words ("Also called: The Silver Spire.", "Composer: ...", "The Silver Spear comes from Ireland.",
"Key: D Mixolydian (K:Dmix).", "Transcribed by: ...", "History: ..."), comments as prose, then its words; its music
last, on one line ("Music: |:DFA dAF|..."), which no question asks about. Every piece is anchored at the file line it
comes from. A file with no tune in it is read as its text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.index.document import Page, line_starts
from engine.index.readers.anchored import SENTENCE_END, AnchoredText, as_text

READER_VERSION = 2  # 2: a tune's origin said of it (held-out 32); 1: first
_FIELD = re.compile(r"([A-Za-z+]):\s?(.*)$")
_LABELS = {"C": "Composer", "O": "From", "A": "Area", "N": "Notes", "S": "Source", "Z": "Transcribed by",
           "H": "History", "B": "Book", "D": "Recording", "G": "Group", "F": "File", "I": "Instruction",
           "P": "Parts", "Q": "Tempo", "L": "Unit note length", "M": "Metre", "W": "Words", "w": "Lyrics",
           "r": "Remark"}  # fmt: skip
# the header fields read into the tune's first sentence, and those read as lines after it, in this order
_LINES = ("C", "O", "A", "B", "S", "D", "Z", "N", "H", "G", "P", "Q", "L", "I", "r")
_MODES = {"": "major", "maj": "major", "major": "major", "ion": "Ionian", "m": "minor", "min": "minor",
          "minor": "minor", "aeo": "Aeolian", "mix": "Mixolydian", "dor": "Dorian", "phr": "Phrygian",
          "lyd": "Lydian", "loc": "Locrian", "exp": "", "hp": "Highland pipes", "none": ""}  # fmt: skip
_KEY = re.compile(r"([A-Ga-g])([#b]?)\s*([A-Za-z]*)")


def _key(value: str) -> str:
    """ "Dmix" as "D Mixolydian", "Em" as "E minor", "Bb" as "B flat major", "HP" as "Highland pipes"."""
    value = value.split("%")[0].strip()
    if value.upper() == "HP":
        return "Highland pipes"
    found = _KEY.match(value)
    if not found or found.group(3)[:3].lower() not in _MODES:
        return value
    note = found.group(1).upper() + {"#": " sharp", "b": " flat"}.get(found.group(2), "")
    mode = _MODES[found.group(3)[:3].lower() if found.group(3) else ""]
    return f"{note} {mode}".strip()


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text if not text or SENTENCE_END.search(text) else text + "."


def read_abc(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of an ABC tune book in words (see the module's docstring)."""
    starts = line_starts(text)
    raw = text.split("\n")
    tunes: list[list[int]] = []  # each tune's line numbers (0-based), from its X: line
    for n, line in enumerate(raw):
        if n % 4096 == 0:
            check()
        if re.match(r"X:\s*\d*", line):
            tunes.append([n])
        elif tunes:
            tunes[-1].append(n)
    if not tunes:
        return as_text(text)
    w = AnchoredText()
    book = [n for n in range(tunes[0][0]) if raw[n].strip()]  # the file header: the book's own fields
    if book:
        _header(w, raw, starts, book)
    for k, lines in enumerate(tunes):
        if k % 256 == 0:
            check()
        _tune(w, raw, starts, lines)
    return w.page()


def _at(starts: list[int], n: int) -> tuple[int, int]:
    return (n + 1, starts[n] if n < len(starts) else 0)


def _header(w: AnchoredText, raw: list[str], starts: list[int], lines: list[int]) -> None:
    w.open("Tune book")
    for n in lines:
        line = raw[n].rstrip("\r")
        if line.startswith("%%") or line.lower().startswith("%abc"):
            continue  # a directive, the ABC version
        said = line.lstrip("%").strip() if line.startswith("%") else line.strip()
        field = _FIELD.match(said) if not line.startswith("%") else None
        if field and field.group(1) in _LABELS:
            said = f"{_LABELS[field.group(1)]}: {field.group(2)}"
        if said:
            w.next_line()
            w.sentence(said, _at(starts, n))
    w.close()


def _tune(w: AnchoredText, raw: list[str], starts: list[int], lines: list[int]) -> None:
    fields: list[tuple[str, str, int]] = []  # (field, value, line) of the header and the W: words
    comments: list[tuple[str, int]] = []
    music: list[int] = []
    in_header = True
    for n in lines:
        line = raw[n].rstrip("\r")
        stripped = line.strip()
        if not stripped or stripped.startswith("%%"):
            continue
        if stripped.startswith("%"):
            said = stripped.lstrip("%").strip()
            if said:
                comments.append((said, n))
            continue
        field = _FIELD.match(stripped) if len(stripped) > 1 and stripped[1] == ":" else None
        if field and (in_header or field.group(1) in "WwNHr+"):
            name, value = field.group(1), field.group(2).split(" %")[0].strip()
            if (name == "+" or (name in "HN" and fields[-1:] and fields[-1][0] == name)) and fields:
                # "+:" goes on with the field before; so does a second H: or N: line in a row (one history)
                fields[-1] = (fields[-1][0], f"{fields[-1][1]} {value}", fields[-1][2])
            elif name != "+":
                fields.append((name, value, n))
            if name == "K":
                in_header = False
            continue
        if in_header and fields and fields[-1][0] in "HN" and not field:
            fields[-1] = (
                fields[-1][0],
                f"{fields[-1][1]} {stripped}",
                fields[-1][2],
            )  # H: goes on over lines
            continue
        music.append(n)
    got: dict[str, list[tuple[str, int]]] = {}
    for name, value, n in fields:
        got.setdefault(name, []).append((value, n))
    number = got.get("X", [("", lines[0])])[0][0].strip()
    titles = [v for v, _ in got.get("T", []) if v]
    title = titles[0] if titles else "Untitled tune"
    w.open(f"Tune {number}: {title}" if number else title)
    lead = f"Tune {number}: {title}" if number else title
    rhythm = got.get("R", [("", 0)])[0][0]
    key = got.get("K", [("", 0)])[0][0]
    metre = got.get("M", [("", 0)])[0][0]
    what = []
    if rhythm:
        article = "an" if rhythm[:1].lower() in "aeiou" else "a"
        what.append(f"{article} {rhythm.lower()}")
    if key and _key(key):
        what.append(f"in {_key(key)}" if what else f"in the key of {_key(key)}")
    said = lead + (", " + " ".join(what) if what else "") + (f", {metre}" if metre else "")
    first = got.get("T", [("", lines[0])])[0][1]
    w.sentence(said, _at(starts, first))
    if len(titles) > 1:
        w.line_break()
        w.sentence(f"Also called: {', '.join(titles[1:])}", _at(starts, got["T"][1][1]))
    if key:
        w.line_break()
        w.sentence(f"Key: {_key(key)} (K:{key})", _at(starts, got["K"][0][1]))
    if rhythm:
        w.line_break()
        w.sentence(f"Rhythm: {rhythm}", _at(starts, got["R"][0][1]))
    for name in _LINES:
        for value, n in got.get(name, []):
            if value:
                w.line_break()
                if name == "O":  # where the tune comes from, said of the tune
                    w.sentence(f"{title} comes from {value}", _at(starts, n))
                else:
                    w.sentence(f"{_LABELS[name]}: {value}", _at(starts, n))
    for said, n in comments:
        w.line_break()
        w.sentence(said, _at(starts, n))
    words = got.get("W", [])
    if words:
        w.line_break()
        w.add("Words: ", _at(starts, words[0][1]))
        for k, (value, n) in enumerate(words):
            if value:
                w.add((" / " if k else "") + value, _at(starts, n))
        if not SENTENCE_END.search(words[-1][0] or "."):
            w.add(".", None)
    if music:
        w.line_break()
        body = " ".join(raw[n].strip() for n in music)
        w.sentence(
            f"Music: {body}", _at(starts, lines[-1])
        )  # at the tune's last line: after every other anchor
    w.close()
