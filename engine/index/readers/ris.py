"""A reference library in RIS (``.ris``: what Zotero, EndNote, Mendeley, Papers and Bookends export) read as a person
reads a reference list: a paragraph per reference, anchored to the file's lines, as a BibTeX library is
(engine.index.readers.bibtex).

An RIS file is lines of a two-character tag, two spaces, a dash and a space, and a value: ``TY  - JOUR`` opens a
reference, ``ER  -`` ends it, and between them ``AU  - Smith, Jane`` (one line per author), ``TI  -`` the title, ``T2
-`` the journal or book, ``PY  - 2019`` or ``DA  - 2019/03/14/``, ``VL``, ``IS``, ``SP``/``EP`` the pages, ``PB``,
``CY``, ``DO``, ``UR``, ``KW`` (one line per keyword), ``AB`` the abstract, ``N1`` a note (HTML where Zotero wrote
it). A value may go on over the next lines. Read as text, a quoted sentence was "AU - Smith, Jane AU - O'Neill, P.".
Here a reference is written "Jane Smith and P. O'Neill (2019). Street trees and urban heat." then a line a field
("Journal: Urban Ecology, volume 12, issue 3, pages 45–67.", "Abstract: ...", "Keywords: ...", "Note: ..."), each
piece anchored at its own line of the file, the reference a record headed by its title. Linear in the file's size.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from engine.index.document import Page, line_starts
from engine.index.readers.anchored import MONTH_NAMES, AnchoredText, as_text

READER_VERSION = 2  # 1: this stop's first reading, before held-out 28 and 29 were reported
_TAG = re.compile(r"([A-Z][A-Z0-9])  -(?: (.*))?$")
_TAGS_HTML = re.compile(r"<[^<>]{0,300}>")
_KINDS = {
    "JOUR": "journal article", "JFULL": "journal article", "MGZN": "magazine article", "NEWS": "newspaper article",
    "BOOK": "book", "EDBOOK": "edited book", "CHAP": "book chapter", "THES": "thesis", "RPRT": "report",
    "CONF": "conference paper", "CPAPER": "conference paper", "ELEC": "web page", "WEB": "web page",
    "GEN": "reference", "DATA": "dataset", "PAT": "patent", "STAT": "statute", "CASE": "legal case",
    "UNPB": "unpublished work", "SOUND": "recording", "VIDEO": "video", "COMP": "software",
}  # fmt: skip
# the fields after the first line, in this order, with these labels (the others are not read)
_LABELS = {
    "T2": "In", "JO": "Journal", "JF": "Journal", "JA": "Journal", "T3": "Series", "ED": "Edited by",
    "A2": "Edited by", "PB": "Publisher", "CY": "Place", "ET": "Edition", "DO": "DOI", "SN": "ISBN/ISSN",
    "UR": "URL", "L1": "File", "LA": "Language", "DB": "Database", "AN": "Accession number", "CN": "Call number",
    "Y2": "Visited", "KW": "Keywords", "AB": "Abstract", "N2": "Abstract", "N1": "Note", "RN": "Note",
}  # fmt: skip


def _people(names: list[str]) -> str:
    """ "Smith, Jane" and "O'Neill, P." as "Jane Smith and P. O'Neill"; more than three: the first "and others"."""
    out = []
    for name in names:
        last, sep, first = name.partition(",")
        out.append(" ".join(f"{first.strip()} {last.strip()}".split()) if sep else " ".join(name.split()))
    if len(out) > 3:
        return ", ".join(out[:3]) + " and others"
    return out[0] if len(out) == 1 else ", ".join(out[:-1]) + " and " + out[-1]


def _date(value: str) -> str:
    """ "2019/03/14/" as "14 March 2019", "2019/03//" as "March 2019", "2019" as it is."""
    parts = [p.strip() for p in value.split("/")]
    year = parts[0] if parts and parts[0][:4].isdigit() else ""
    month = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() and 1 <= int(parts[1]) <= 12 else 0
    day = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() and 1 <= int(parts[2]) <= 31 else 0
    if not year:
        return value.strip()
    if month and day:
        return f"{day} {MONTH_NAMES[month - 1]} {year[:4]}"
    return f"{MONTH_NAMES[month - 1]} {year[:4]}" if month else year[:4]


def _clean(value: str) -> str:
    """A value as words: HTML (a Zotero note's "<p>") read, spaces made one."""
    if "<" in value:
        value = _TAGS_HTML.sub(" ", value)
    return " ".join(html.unescape(value).split())


def extract_ris(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of an RIS library in words (see the module's docstring); a file with no reference, its text."""
    parts: list[list[tuple[str, list[str], int]]] = []  # a value's lines kept apart until the end (linear)
    current: list[tuple[str, list[str], int]] | None = None
    for n, raw in enumerate(text.split("\n")):
        if n % 4096 == 0:
            check()
        line = raw.rstrip("\r").lstrip("\ufeff")
        m = _TAG.match(line)
        if m is None:
            if current and line.strip():  # a value going on over the next line
                current[-1][1].append(line.strip())
            continue
        tag, value = m[1], (m[2] or "").strip()
        if tag == "TY":
            current = [(tag, [value], n)]
            parts.append(current)
        elif tag == "ER":
            current = None
        elif current is not None:
            current.append((tag, [value], n))
    records = [[(tag, "\n".join(lines), at) for tag, lines, at in record] for record in parts]
    if not records:
        return as_text(text)
    starts = line_starts(text)
    w = AnchoredText()
    for k, record in enumerate(records):
        if k % 256 == 0:
            check()
        _reference(w, record, starts)
    return w.page()


def _reference(w: AnchoredText, record: list[tuple[str, str, int]], starts: list[int]) -> None:
    def at(line: int) -> tuple[int, int]:
        return (line + 1, starts[line] if line < len(starts) else 0)

    fields: dict[str, list[tuple[str, int]]] = {}
    for tag, value, line in record:
        if value:
            fields.setdefault(tag, []).append((value, line))

    def first(*tags: str) -> tuple[str, int] | None:
        return next((fields[t][0] for t in tags if t in fields), None)

    _, kind_tag, kind_line = record[0]
    title = first("TI", "T1", "CT", "BT")
    authors = [v for t in ("AU", "A1") for v, _ in fields.get(t, [])]
    when = first("PY", "Y1", "DA")
    year = _date(when[0])[-4:] if when else ""
    heading = _clean(title[0]) if title else _KINDS.get(kind_tag.upper(), "reference")
    w.open(heading)
    lead = []
    if authors:
        lead.append(_people([_clean(a) for a in authors]) + (f" ({year})" if year else ""))
    elif year:
        lead.append(f"({year})")
    said = ". ".join(x for x in (" ".join(lead), _clean(title[0]) if title else "") if x)
    w.sentence(said or heading, at(title[1] if title else kind_line))
    kind = _KINDS.get(kind_tag.upper())
    dated = first("DA")
    work = first("M3")  # the type of work: "PhD thesis", "Technical report"
    facts = [(f"A {kind}" if kind else "A reference") + (f" ({_clean(work[0])})" if work else "")]
    if dated and _date(dated[0]) != year:
        facts.append(f"dated {_date(dated[0])}")
    w.line_break()
    w.sentence(", ".join(x for x in facts if x) or "A reference", at(kind_line))
    venue = first("T2", "JO", "JF", "JA")
    numbers = [(f"volume {v[0]}", v[1]) for v in fields.get("VL", [])[:1]]
    numbers += [(f"issue {v[0]}", v[1]) for v in fields.get("IS", [])[:1]]
    sp, ep = first("SP"), first("EP")
    if sp:
        numbers.append((f"pages {sp[0]}–{ep[0]}" if ep else f"page {sp[0]}", sp[1]))
    if venue:
        w.line_break()
        label = "Journal" if kind_tag.upper() in ("JOUR", "JFULL", "MGZN", "NEWS") else "In"
        w.add(f"{label}: {_clean(venue[0])}", at(venue[1]))
        for words, line in numbers:
            w.add(f", {words}", at(line))
        w.add(".", None)
    elif numbers:
        w.line_break()
        w.sentence(", ".join(x for x, _ in numbers).capitalize(), at(numbers[0][1]))
    done = {"T2", "JO", "JF", "JA"} if venue else set()
    for tag, label in _LABELS.items():
        if tag in done or tag not in fields:
            continue
        values = fields[tag]
        if tag in ("KW", "ED", "A2"):
            shown = ", ".join(_clean(v) for v, _ in values)
            w.line_break()
            w.sentence(f"{label}: {shown}", at(values[0][1]))
            continue
        for value, line in values:
            if label == "Journal" and venue:
                continue
            w.line_break()
            w.sentence(f"{label}: {_clean(value)}", at(line))
        done.add(tag)
