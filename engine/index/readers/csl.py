"""A reference library as CSL JSON (what Zotero, Mendeley, Paperpile and pandoc's citeproc read and write: a ``.json``
array of items), read a reference a record as an RIS or BibTeX library is (engine.index.readers.ris).

An item has its ``type`` ("article-journal", "book", "chapter", "thesis" ...), ``title``, ``author`` and ``editor``
(``family`` and ``given``, or a ``literal`` name), ``issued`` (``date-parts``: [[2019, 3, 14]]), ``container-title``
(the journal or book), ``volume``, ``issue``, ``page``, ``publisher`` and ``publisher-place``, ``DOI``, ``URL``,
``ISBN``, ``abstract``, ``note`` (the user's own), ``keyword`` and ``accessed``. Read as code, an answer quoted
``"family": "Okonedo", "given": "Adaeze"``.

Here a reference is written "Adaeze Okonedo and James R. Hartley (2021). Street tree canopy and pavement heat." then
a line a field ("A journal article, dated 14 March 2021.", "Journal: Urban Climate, volume 12, issue 3, pages 45–67.",
"DOI: ...", "Abstract: ...", "Note: ..."), each anchored at its own key in the file, the reference a record headed by
its title (engine.rag.references shows a later sentence of it after whose work it is). A file of another shape is
read as code (``read_csl`` is None for it).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from engine.index.document import Page, line_starts, source_place
from engine.index.readers.anchored import MONTH_NAMES, AnchoredText
from engine.index.readers.json_spans import elements, members, skip

READER_VERSION = 1

_KINDS = {"article-journal": "journal article", "article-magazine": "magazine article",
          "article-newspaper": "newspaper article", "article": "article", "book": "book", "chapter": "book chapter",
          "thesis": "thesis", "report": "report", "webpage": "web page", "post-weblog": "blog post",
          "paper-conference": "conference paper", "dataset": "dataset", "software": "software", "patent": "patent",
          "manuscript": "manuscript", "entry-encyclopedia": "encyclopedia entry", "motion_picture": "film"}  # fmt: skip
_TAGS = re.compile(r"<[^<>]{0,300}>")
# the fields after the first lines, in this order, with these labels
_LABELS = (("editor", "Edited by"), ("publisher", "Publisher"), ("publisher-place", "Place"), ("edition", "Edition"),
           ("DOI", "DOI"), ("ISBN", "ISBN"), ("ISSN", "ISSN"), ("URL", "URL"), ("language", "Language"),
           ("accessed", "Visited"), ("keyword", "Keywords"), ("abstract", "Abstract"), ("note", "Note"))  # fmt: skip


def is_csl(text: str) -> bool:
    head = text[:65536].lstrip("\ufeff \t\r\n")
    return (
        head.startswith("[")
        and '"type"' in head
        and '"title"' in head
        and ('"issued"' in head or '"author"' in head)
    )


def _clean(value: object) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str):
        return ""
    return " ".join(html.unescape(_TAGS.sub(" ", value)).split())


def _people(value: object) -> str:
    names = []
    for person in value if isinstance(value, list) else ():
        if isinstance(person, dict):
            name = _clean(person.get("literal")) or " ".join(
                x for x in (_clean(person.get("given")), _clean(person.get("family"))) if x
            )
            if name:
                names.append(name)
    if len(names) > 1:
        return ", ".join(names[:-1]) + " and " + names[-1]
    return names[0] if names else ""


def _date(value: object) -> tuple[str, str]:
    """(the year, the date in words: "14 March 2021", "March 2021", "2021") of a CSL date; ("", "") for none."""
    parts = value.get("date-parts") if isinstance(value, dict) else None
    first = parts[0] if isinstance(parts, list) and parts and isinstance(parts[0], list) else []
    numbers = [int(x) for x in first[:3] if isinstance(x, (int, str)) and str(x).lstrip("-").isdigit()]
    if not numbers:
        raw = _clean(value.get("raw") or value.get("literal")) if isinstance(value, dict) else ""
        return (raw[:4] if raw[:4].isdigit() else "", raw)
    year = str(numbers[0])
    if len(numbers) >= 2 and 1 <= numbers[1] <= 12:
        month = MONTH_NAMES[numbers[1] - 1]
        return year, (f"{numbers[2]} {month} {year}" if len(numbers) == 3 else f"{month} {year}")
    return year, year


def read_csl(text: str, check: Callable[[], None] = lambda: None) -> Page | None:
    """The page of a CSL JSON library in words; None when ``text`` is not one."""
    if not is_csl(text):
        return None
    try:
        items = list(elements(text, skip(text, text.find("["))))
    except (ValueError, RecursionError, IndexError):
        return None
    refs = [
        (item, at)
        for item, at, _e in items
        if isinstance(item, dict) and ("title" in item and "type" in item)
    ]
    if not refs or len(refs) < len(items) // 2:
        return None
    starts = line_starts(text)
    w = AnchoredText()
    for n, (item, at) in enumerate(refs):
        if n % 128 == 0:
            check()
        keys = {k: a for k, _v, a, _e in members(text, at)}
        _reference(w, item, keys, at, starts)
    return w.page()


def _reference(w: AnchoredText, item: dict, keys: dict[str, int], at: int, starts: list[int]) -> None:
    def place(key: str) -> tuple[int, int]:
        return source_place(starts, keys.get(key, at))

    title = _clean(item.get("title"))
    kind = _KINDS.get(str(item.get("type")), "reference")
    w.open(title or kind)
    people = _people(item.get("author"))
    year, dated = _date(item.get("issued"))
    lead = people + (f" ({year})" if year else "") if people else (f"({year})" if year else "")
    w.sentence(". ".join(x for x in (lead, title) if x) or kind, place("author" if people else "title"))
    w.line_break()
    facts = f"A {kind}" + (f", dated {dated}" if dated and dated != year else "")
    w.sentence(facts, place("type"))
    venue = _clean(item.get("container-title"))
    numbers = [(f"volume {_clean(item['volume'])}", "volume")] if _clean(item.get("volume")) else []
    numbers += [(f"issue {_clean(item['issue'])}", "issue")] if _clean(item.get("issue")) else []
    page = _clean(item.get("page"))
    if page:
        numbers.append((f"pages {page.replace('-', '–')}" if "-" in page else f"page {page}", "page"))
    if venue or numbers:
        w.line_break()
        label = "Journal" if str(item.get("type", "")).startswith("article") else "In"
        if venue:
            w.add(f"{label}: {venue}", place("container-title"))
            for words, key in numbers:
                w.add(f", {words}", place(key))
        else:
            w.add(", ".join(x for x, _ in numbers).capitalize(), place(numbers[0][1]))
        w.add(".", None)
    for key, label in _LABELS:
        value = item.get(key)
        if key == "editor":
            said = _people(value)
        elif key == "accessed":
            said = _date(value)[1]
        elif isinstance(value, list):
            said = ", ".join(_clean(v) for v in value if _clean(v))
        else:
            said = _clean(value)
        if said:
            w.line_break()
            w.sentence(f"{label}: {said}", place(key))
