"""A BibTeX library (``.bib``: what JabRef, Zotero's and BibDesk's exports, and LaTeX users keep) read as a person
reads a reference list: a paragraph per entry, anchored to the file's lines.

An entry is ``@article{key, author = {...}, title = {...}, ...}``: fields of braced or quoted values, numbers, or
names of ``@string`` abbreviations joined with ``#``; ``@comment`` and ``@preamble`` and anything between entries
are no references. Read as text, a quoted sentence was ``title = {Street trees and {\\"U}rban heat},`` and an
author list "Smith, Jane and O'Neill, P.". Here an entry is written "Jane Smith and P. O'Neill (2019). Street
trees and Ürban heat." then a line a field ("Journal: ...", "Abstract: ...", "Keywords: ...", "File: ..."), each
piece anchored at its place in the file (engine.index.readers.anchored), the entry a record headed by its title.
LaTeX's accents, dashes and escapes are read as the characters they print. Linear in the file's size.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Callable

from engine.index.document import Page, line_starts, source_place
from engine.index.readers.anchored import MONTH_NAMES, AnchoredText, as_text

READER_VERSION = 1
MAX_ENTRIES = 50_000
_ENTRY = re.compile(r"@[ \t]*([A-Za-z]+)[ \t\r\n]*([{(])")
_FIELD = re.compile(r"[ \t\r\n,]*([A-Za-z][\w\-:.+]*)[ \t\r\n]*=[ \t\r\n]*")
_MONTHS = dict(zip("jan feb mar apr may jun jul aug sep oct nov dec".split(),
                   MONTH_NAMES,
                   strict=True))  # fmt: skip
_ACCENTS = {'"': "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303", "=": "\u0304",
            ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
            "r": "\u030a"}  # fmt: skip
_SYMBOLS = {"ss": "ß", "o": "ø", "O": "Ø", "aa": "å", "AA": "Å", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ",
            "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ", "textendash": "–", "textemdash": "—", "dag": "†",
            "textregistered": "®", "texttrademark": "™", "copyright": "©", "pounds": "£", "euro": "€",
            "ldots": "…", "dots": "…", "textdegree": "°", "textasciitilde": "~"}  # fmt: skip
_LATEX = re.compile(
    r"\\([\"'`^~=.])\s*(?:\{\\?([A-Za-z])\}|\\?([A-Za-z]))"  # \"u, \"{u}, \'{\i}
    r"|\\([uvHckr])\s*(?:\{\\?([A-Za-z])\}|[ \t]+([A-Za-z]))"  # \v{s}, \c c
    r"|\\([A-Za-z]+)\b\s?"  # \ss, \textit, \emph ...
    r"|\\([&%$#_{}\\ ])"  # escaped characters
    r"|---?|~"
)
# fields shown in this order after the entry's first line, with these labels; the others after them as named
_LABELS = {
    "journal": "Journal", "journaltitle": "Journal", "booktitle": "In", "editor": "Edited by", "series": "Series",
    "edition": "Edition", "volume": "Volume", "number": "Number", "issue": "Issue", "pages": "Pages",
    "publisher": "Publisher", "organization": "Organization", "institution": "Institution", "school": "School",
    "address": "Place", "location": "Place", "howpublished": "Published", "month": "Month", "date": "Date",
    "type": "Type", "chapter": "Chapter", "doi": "DOI", "isbn": "ISBN", "issn": "ISSN", "url": "URL",
    "urldate": "Visited", "eprint": "Eprint", "language": "Language", "keywords": "Keywords",
    "abstract": "Abstract", "note": "Note", "annote": "Annotation", "annotation": "Annotation",
    "comment": "Comment", "review": "Review", "file": "File", "groups": "Groups", "owner": "Owner",
    "timestamp": "Added", "creationdate": "Added", "modificationdate": "Modified", "readstatus": "Read status",
    "ranking": "Ranking", "priority": "Priority", "relevance": "Relevance", "qualityassured": "Quality assured",
    "printed": "Printed",
}  # fmt: skip
_FIRST_LINE = ("author", "year", "title")


def extract_bibtex(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of a BibTeX file's text: a paragraph per entry; the text itself when it holds no entry."""
    starts = line_starts(text)
    strings: dict[str, str] = {}
    w = AnchoredText()
    found = 0
    pos = 0
    while found < MAX_ENTRIES:
        m = _ENTRY.search(text, pos)
        if m is None:
            break
        kind = m.group(1).lower()
        close = "}" if m.group(2) == "{" else ")"
        end = _matching(text, m.end(), close)
        pos = end + 1
        if found % 256 == 0:
            check()
        if kind in ("comment", "preamble"):
            continue
        body_start = m.end()
        if kind == "string":
            for name, a, b in _fields(text, body_start, end):
                strings[name.lower()] = _latex(_value(text[a:b], strings))
            continue
        comma = text.find(",", body_start, end)
        key = text[body_start : comma if comma >= 0 else end].strip()
        fields = {name.lower(): (a, b) for name, a, b in _fields(text, comma + 1 if comma >= 0 else end, end)}
        _entry(w, text, starts, kind, key, fields, strings, m.start())
        found += 1
    if not found:
        return as_text(text)
    return w.page()


def _matching(text: str, start: int, close: str) -> int:
    """Where the entry opened before ``start`` closes (braces nested; for "(" the ")" at depth 0); the text's end
    when it never does."""
    depth = 0
    for i in range(start, len(text)):
        ch = text[i]
        if ch == "{":
            depth += 1
        elif ch == "}":
            if depth == 0 and close == "}":
                return i
            depth = max(0, depth - 1)
        elif ch == ")" and close == ")" and depth == 0:
            return i
        elif ch == "@" and depth == 0 and (i == 0 or text[i - 1] == "\n"):
            return i - 1  # an entry never closed: the next one starts here
    return len(text)


def _fields(text: str, pos: int, end: int):
    """(name, value start, value end) of each ``name = value`` in ``text[pos:end]``."""
    while pos < end:
        m = _FIELD.match(text, pos, end)
        if m is None:
            nxt = text.find(",", pos + 1, end)
            if nxt < 0:
                return
            pos = nxt
            continue
        a = i = m.end()
        depth, quoted = 0, False
        while i < end:
            ch = text[i]
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth = max(0, depth - 1)
            elif ch == '"' and depth == 0 and text[i - 1 : i] != "\\":
                quoted = not quoted
            elif ch == "," and depth == 0 and not quoted:
                break
            i += 1
        yield m.group(1), a, i
        pos = i


def _value(raw: str, strings: dict[str, str]) -> str:
    """A field's value: its parts joined (``#``), braces and quotes off, abbreviations spelt out."""
    parts, depth, cur, quoted = [], 0, [], False
    for ch in raw:
        if ch == "#" and depth == 0 and not quoted:
            parts.append("".join(cur))
            cur = []
            continue
        if ch == '"' and depth == 0:
            quoted = not quoted
        depth += ch == "{"
        depth -= ch == "}" and depth > 0
        cur.append(ch)
    parts.append("".join(cur))
    out = []
    for p in (p.strip() for p in parts):
        if p[:1] in ("{", '"') and p[-1:] in ("}", '"'):
            out.append(p[1:-1])
        elif p.lower() in strings:
            out.append(strings[p.lower()])
        elif p.lower() in _MONTHS:
            out.append(_MONTHS[p.lower()])
        else:
            out.append(p)
    return "".join(out)


def _latex(text: str) -> str:
    """LaTeX's accents, symbols, dashes and escapes as the characters they print; braces and commands' names off."""

    def sub(m: re.Match) -> str:
        if m.group(1):
            letter = m.group(2) or m.group(3)
            return unicodedata.normalize(
                "NFC", {"i": "i", "j": "j"}.get(letter, letter) + _ACCENTS[m.group(1)]
            )
        if m.group(4):
            letter = m.group(5) or m.group(6)
            return unicodedata.normalize("NFC", letter + _ACCENTS[m.group(4)])
        if m.group(7):
            return _SYMBOLS.get(m.group(7), "")
        if m.group(8):
            return m.group(8)
        return {"--": "–", "---": "—", "~": " "}[m.group(0)]

    return " ".join(_LATEX.sub(sub, text).replace("{", "").replace("}", "").split())


def _people(names: str) -> str:
    """ "Smith, Jane and O'Neill, P." as "Jane Smith and P. O'Neill"; "and others" as "et al."."""
    people = [p.strip() for p in re.split(r"\s+and\s+", names) if p.strip()]
    shown = []
    for p in people:
        if p.lower() == "others":
            shown.append("et al.")
            continue
        bits = [b.strip() for b in p.split(",")]
        shown.append(" ".join(bits[1:][::-1] + bits[:1]) if len(bits) > 1 else p)
    if len(shown) > 1 and shown[-1] == "et al.":
        return ", ".join(shown[:-1]) + " et al."
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def _entry(w: AnchoredText, text: str, starts: list[int], kind: str, key: str,
           fields: dict[str, tuple[int, int]], strings: dict[str, str], at: int) -> None:  # fmt: skip
    def where(offset: int) -> tuple[int, int]:
        return source_place(starts, offset)

    def value(name: str) -> str:
        a, b = fields[name]
        return _latex(_value(text[a:b], strings))

    title = value("title") if "title" in fields else ""
    w.open(title or key or kind)
    people = _people(value("author")) if "author" in fields else ""
    year = value("year") if "year" in fields else ""
    first = people + (f" ({year})" if year else "")
    head = fields.get("author") or fields.get("title") or fields.get("year")
    w.add((first + ". " if first else "") + (title or key), where(head[0] if head else at))
    if not (title or key).rstrip().endswith((".", "?", "!")):
        w.add(".", None)
    w.line_break()
    w.add(f"{kind.capitalize()}, citation key {key}.", where(at))
    names = [n for n in _LABELS if n in fields] + [
        n for n in fields if n not in _LABELS and n not in _FIRST_LINE
    ]
    for name in names:
        shown = value(name)
        if name in ("file",):
            shown = "; ".join(_file_path(f) for f in shown.split(";") if f.strip())
        elif name == "editor":
            shown = _people(shown)
        if not shown:
            continue
        label = _LABELS.get(name, name.capitalize())
        w.line_break()
        a, b = fields[name]
        _anchored(w, f"{label}: ", shown, text, starts, a, b)


def _anchored(w: AnchoredText, label: str, shown: str, text: str, starts: list[int], a: int, b: int) -> None:
    """``label`` then ``shown`` (the field's value as read), a long value piece by piece at the file lines its words
    are on, so a citation of a sentence of an abstract names that sentence's lines."""
    first = _line_of(starts, a)
    last = _line_of(starts, max(a, b - 1))
    if first == last:
        w.add(label + shown, (first, a))
    else:
        w.add(label, (first, a))
        words = shown.split()
        k = 0
        for line in range(
            first, last + 1
        ):  # the value's words, in the order of the file's lines they come from
            lo = a if line == first else starts[line - 1]
            hi = b if line == last else starts[line]
            n = len(_latex(_value(text[lo:hi], {})).split()) if line != last else len(words) - k
            piece = " ".join(words[k : k + n])
            if piece:
                w.add((" " if k else "") + piece, (line, lo))
            k += n
            if k >= len(words):
                break
    if not shown.rstrip().endswith((".", "?", "!")):
        w.add(".", None)


def _file_path(field: str) -> str:
    """JabRef's and Zotero's ``file`` field ("Description:path/to.pdf:PDF"): the path."""
    bits = field.split(":")
    if len(bits) >= 3:
        return ":".join(bits[1:-1]).strip() or field.strip()
    return field.strip()


def _line_of(starts: list[int], offset: int) -> int:
    return bisect_right(starts, offset)
