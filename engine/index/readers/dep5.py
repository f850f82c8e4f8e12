"""Debian's machine-readable copyright files (DEP-5, ``debian/copyright`` and ``/usr/share/doc/<package>/copyright``
written in the copyright-format 1.0), read as their fields say, not as a run of "Field: value" lines.

The file is stanzas of fields separated by blank lines: a header (``Format``, ``Upstream-Name``,
``Upstream-Contact``, ``Source``, a ``Comment``), then ``Files`` stanzas (which files, ``Copyright`` holders a line
each, the ``License`` they are under, a ``Comment``) and stand-alone ``License`` stanzas holding a licence's text. A
field's value goes on in lines that open with a space, and a line of a space and a full stop is a blank line within
it. Read as plain text, a stanza's fields ran into one sentence ("Files: src/* Copyright: 2009 Lasse Collin License:
PD") and a licence's text kept its dots.

Here each stanza reads in words, under its trail ("Files src/liblzma/*", "Licence GPL-2+"): "Files src/liblzma/*:
copyright 2009 Lasse Collin; origin Doxygen 1.4.7; licence PD." then its comment's and its licence text's paragraphs,
each a line (a Files stanza one paragraph, a licence's text a paragraph a line); the
header as the upstream's name, contact and source. Every piece is anchored at the file's line it comes from, so a
citation names the file's own lines. A file is read so only where it says the format (its first field a ``Format``
naming copyright-format, ``is_dep5``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.index.document import Page, line_page

READER_VERSION = 2  # 2: a Files stanza one paragraph, its one-line fields (Origin) with its files

_FORMAT = re.compile(r"\A\ufeff?(?:Format|Format-Specification):\s*\S*copyright-format", re.I)
_FIELD = re.compile(r"([A-Za-z][A-Za-z0-9-]*):[ \t]?(.*)$")
# the fields a Files stanza says apart from its files' line (the others, of one line, are said with them)
_SAID_APART = frozenset({"files", "copyright", "license", "comment", "disclaimer", "format"})
_NAMES = {"upstream-name": "Upstream name", "upstream-contact": "Upstream contact", "source": "Source",
          "disclaimer": "Disclaimer", "files-excluded": "Files left out of the source"}  # fmt: skip


def is_dep5(text: str) -> bool:
    """Whether ``text`` is a machine-readable copyright file (its first line a ``Format`` naming the format)."""
    return _FORMAT.match(text.lstrip("\n")[:400]) is not None


def _stanzas(text: str) -> list[list[tuple[str, list[tuple[str, int]]]]]:
    """The file's stanzas, each a list of (field, its lines with their line numbers): the first line's value, then
    each continuation line without its leading space ("." a blank line, as "")."""
    stanzas: list[list[tuple[str, list[tuple[str, int]]]]] = []
    fields: list[tuple[str, list[tuple[str, int]]]] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            if fields:
                stanzas.append(fields)
                fields = []
            continue
        if line[0] in " \t" and fields:
            value = line.strip()
            fields[-1][1].append(("" if value == "." else value, number))
            continue
        m = _FIELD.match(line)
        if m is None or line.startswith("#"):
            continue
        fields.append((m.group(1), [(m.group(2).strip(), number)]))
    if fields:
        stanzas.append(fields)
    return stanzas


def _paragraphs(lines: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """A field's continuation lines as paragraphs (a blank line, "." in the file, ends one), each with its first line:
    a list's items ("* ...", "- ...", "1. ...") a paragraph each."""
    out: list[tuple[str, int]] = []
    words: list[str] = []
    first = 0
    for value, number in lines:
        starts_item = re.match(r"(?:[*-]|\d+[.)])\s", value) is not None
        if (not value or starts_item) and words:
            out.append((" ".join(words), first))
            words = []
        if value:
            if not words:
                first = number
            words.append(value)
    if words:
        out.append((" ".join(words), first))
    return out


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?", ":")) else text + "."


def read_dep5(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of a machine-readable copyright file in words (see the module's docstring)."""
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    trails: list[tuple[int, str]] = []
    starts = [0]
    for line in text.split("\n"):
        starts.append(starts[-1] + len(line) + 1)

    def at(number: int) -> list[tuple[int, int, int]]:
        return [(0, number, starts[number - 1])]

    for n, fields in enumerate(_stanzas(text)):
        if n % 64 == 0:
            check()
        values = {name.lower(): value for name, value in fields}
        first_line = fields[0][1][0][1]
        said: list[tuple[str, list[tuple[int, int, int]]]] = []  # this stanza's lines
        if "files" in values:
            files = " ".join(v for v, _n in values["files"] if v)
            trails.append((len(lines), f"Files {files}"))
            if files.split()[0] in ("debian/*", "debian/"):
                files += " (the Debian packaging)"
            parts = []
            holders = [v for v, _n in values.get("copyright", []) if v]
            if holders:
                parts.append("copyright " + "; ".join(holders))
            for (
                name,
                value,
            ) in fields:  # a field of one line of its own (Origin, Upstream): said with the files
                key = name.lower()
                if key not in _SAID_APART and len(value) == 1 and value[0][0]:
                    parts.append(f"{key.replace('-', ' ')} {value[0][0]}")
            licence = values.get("license", [("", 0)])[0][0]
            if licence:
                parts.append(f"licence {licence}")
            said.append(
                (_sentence(f"Files {files}" + (": " + "; ".join(parts) if parts else "")), at(first_line))
            )
        elif "license" in values and n > 0:
            licence = values["license"][0][0]
            trails.append((len(lines), f"Licence {licence}"))
            lines.append((f"The licence {licence}:", at(values["license"][0][1])))
        else:  # the header
            trails.append((len(lines), "Copyright file"))
            for name, value in fields:
                label = _NAMES.get(name.lower())
                words = " ".join(v for v, _n in value if v)
                if label and words:
                    lines.append((_sentence(f"{label}: {words}"), at(value[0][1])))
        for name, value in fields:
            key = name.lower()
            if key in ("files", "copyright", "format") or key in _NAMES:
                continue
            if "files" in values and key not in _SAID_APART and len(value) == 1:
                continue  # said with the files
            body = value[1:] if key == "license" else value
            label = "Comment: " if key == "comment" else ""
            for k, (words, number) in enumerate(_paragraphs(body)):
                said.append((_sentence(f"{label if k == 0 else ''}{words}"), at(number)))
        if (
            "files" in values and said
        ):  # a Files stanza one paragraph: who and what, then its comment and licence
            text_of, marks, size = [], [], 0
            for words, mark in said:
                marks += [(size + i, ln, ch) for i, ln, ch in mark]
                text_of.append(words)
                size += len(words) + 1
            lines.append(("\n".join(text_of), marks))
        else:
            lines += said
    return line_page(lines, trails)
