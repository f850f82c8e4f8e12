"""Debian's machine-readable copyright files (DEP-5, ``debian/copyright`` and ``/usr/share/doc/<package>/copyright``
written in the copyright-format 1.0), read as their fields say, not as a run of "Field: value" lines.

The file is stanzas of fields separated by blank lines: a header (``Format``, ``Upstream-Name``,
``Upstream-Contact``, ``Source``, a ``Comment``), then ``Files`` stanzas (which files, ``Copyright`` holders a line
each, the ``License`` they are under, a ``Comment``) and stand-alone ``License`` stanzas holding a licence's text. A
field's value goes on in lines that open with a space, and a line of a space and a full stop is a blank line within
it. Read as plain text, a stanza's fields ran into one sentence ("Files: src/* Copyright: 2009 Lasse Collin License:
PD") and a licence's text kept its dots.

Here each stanza reads in words, under its trail ("Files src/liblzma/*", "Licence GPL-2+"): "Files src/liblzma/*:
copyright 2009 Lasse Collin; licence PD." then its comment's and its licence text's paragraphs, each a line; the
header as the upstream's name, contact and source. Every piece is anchored at the file's line it comes from, so a
citation names the file's own lines. A file is read so only where it says the format (its first field a ``Format``
naming copyright-format, ``is_dep5``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.index.document import Page, line_page

READER_VERSION = 1

_FORMAT = re.compile(r"\A\ufeff?(?:Format|Format-Specification):\s*\S*copyright-format", re.I)
_FIELD = re.compile(r"([A-Za-z][A-Za-z0-9-]*):[ \t]?(.*)$")
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
        if "files" in values:
            files = " ".join(v for v, _n in values["files"] if v)
            trails.append((len(lines), f"Files {files}"))
            said = [f"Files {files}"]
            holders = [v for v, _n in values.get("copyright", []) if v]
            if holders:
                said.append("copyright " + "; ".join(holders))
            licence = values.get("license", [("", 0)])[0][0]
            if licence:
                said.append(f"licence {licence}")
            lines.append((_sentence(": ".join(said[:1]) + (": " + "; ".join(said[1:]) if said[1:] else "")),
                          at(first_line)))  # fmt: skip
        elif "license" in values and n > 0:
            licence = values["license"][0][0]
            trails.append((len(lines), f"Licence {licence}"))
            lines.append((f"The licence {licence}:", at(values["license"][0][1])))
        else:  # the header
            trails.append((len(lines), "Copyright file"))
            for name, value in fields:
                label = _NAMES.get(name.lower())
                said = " ".join(v for v, _n in value if v)
                if label and said:
                    lines.append((_sentence(f"{label}: {said}"), at(value[0][1])))
        for name, value in fields:
            key = name.lower()
            if key in ("files", "copyright") or key in _NAMES or key == "format":
                continue
            body = value[1:] if key == "license" else value
            if key == "license" and "files" in values and not body:
                continue
            label = "Comment: " if key == "comment" else ""
            for k, (said, number) in enumerate(_paragraphs(body)):
                lines.append((_sentence(f"{label if k == 0 else ''}{said}"), at(number)))
    return line_page(lines, trails)
