"""Plain-text outlines in a passage (a GNU NEWS file, an Org file: engine.index.outline_headings): where their
headings are, so a heading is never quoted as an answer, and the release an entry is under, shown before it."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from engine.index import (
    DAILY_NOTE,
    JOURNAL_LINE,
    JOURNAL_TRAIL,
    STAMP_DAY,
    file_type_for,
    is_outline,
    markdown_blocks,
    outline_headings,
)
from engine.rag.grounding import Span
from engine.rag.sources import Source

_VERSION_OR_DATE = re.compile(r"\b\d+\.\d+(?:\.\d+)*\b|\b\d{4}-\d{2}-\d{2}\b")


@lru_cache(maxsize=256)
def outline_heads(source: Source) -> dict[int, tuple[int, str]]:
    """Where a plain-text passage's outline headings start: their level and title; none unless the passage is part
    of an outline (engine.index.outline_headings): one with a heading trail (in a plain-text file only an outline's
    headings make one), Emacs's mode line or headings of two depths ("* ..." over "** ..."), or an Org file's."""
    path = Path(source.path)
    if file_type_for(path) != "text":
        return {}
    org = path.suffix.lower() == ".org"
    heads = {a: (level, title) for a, _, level, title in outline_headings(source.text, org)}
    levels = {level for level, _ in heads.values()}
    if source.heading or is_outline(path, source.text) or {1, 2} <= levels:
        return heads
    return {}


def release_of(span: Span) -> str | None:
    """The release a plain-text outline's entry is under (a GNU NEWS file: "Noteworthy changes in release 3.7
    (2018-12-31) [stable]" over "diff --color now produces output compatible with less -R."), shown before it: an
    entry says what changed, its release says when. The outline's last top-level heading above the sentence in the
    passage, else the first of the passage's heading trail; None unless it names a version or a date the sentence
    does not."""
    source = span.source
    heads = outline_heads(source)
    if not heads:
        return None
    above = [title for start, (level, title) in heads.items() if level == 1 and start < span.start]
    if above:
        label = above[-1].strip()
    elif source.heading:
        label = source.heading.split(" > ")[0].strip()
    else:
        return None
    found = _VERSION_OR_DATE.search(label)
    if found is None or found.group(0) in span.text:
        return None
    return label


# a date as headings write it: "Thursday, 27 May 2027", "27 May 2027", "May 27, 2027", "2027-05-27"
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?"
_WRITTEN_DATE = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}\s+\d{{4}}\b|\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}\b"
    r"|\b\d{4}-\d{2}-\d{2}\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=256)
def markdown_heads(source: Source) -> tuple[tuple[int, str], ...]:
    """Where a Markdown passage's headings start (ATX and setext, outside code fences, as the index found them:
    engine.index.markdown_blocks), and their titles without their marks."""
    text = source.text
    return tuple(
        (b.start, text[b.start : b.end].split("\n")[0].strip().strip("#").strip())
        for b in markdown_blocks(text)
        if b.heading_level
    )


def _journal_entry(span: Span) -> str | None:
    """A Day One entry's sentence's label: when and where its entry was written, from the entry's line of when and
    where above it in the passage ("Saturday 8 May 2027 10:02 at Audlem Wharf, Audlem; mostly sunny, 18 °C": the
    place's name and town, not its region and country), else the day in the passage's trail (the passage starts
    inside the entry), or the day of the Roam daily page the passage is on; None for a passage of no journal, or a
    sentence that says its day itself."""
    trail = JOURNAL_TRAIL.search((span.source.heading or "").split(" > ")[-1].strip())
    if trail is None:  # a Roam daily page's block, under its trail however deep (engine.index.readers.roam)
        daily = DAILY_NOTE.search(span.source.heading or "")
        return daily.group(1) if daily is not None and daily.group(1) not in span.text else None
    above = list(JOURNAL_LINE.finditer(span.source.text, 0, span.start))
    if not above:
        return trail.group(1) if trail.group(1) not in span.text else None
    line = above[-1]
    if line.group("day") in span.text:
        return None
    label = line.group("day") + (line.group("time") or "")
    if line.group("place"):
        label += " at " + ", ".join(line.group("place").split(", ")[:2])
    return label + (f"; {line.group('weather')}" if line.group("weather") else "")


_DAY_AND_TIME = re.compile(rf"{STAMP_DAY}(?: \d{{1,2}}:\d{{2}})?")


def said_before(label: str, shown: str) -> bool:
    """Whether the sentence ``shown`` just before from the same passage said ``label`` (an ``entry_date``) already:
    the label itself, or the day and time a journal entry's label opens with (its line of when and where)."""
    day = _DAY_AND_TIME.match(label)
    return label in shown or (day is not None and day.group(0) in shown)


def entry_date(span: Span) -> str | None:
    """The dated heading a Markdown entry is under (a journal's "# Thursday, 27 May 2027" over "Hygienist at
    Whiteladies Dental: scale and polish, £58."; a Day One entry's day), shown before it: the entry says what
    happened, its heading when.
    The last heading above the sentence in the passage, else the last of the passage's heading trail; None unless
    that heading holds a date the sentence does not."""
    source = span.source
    if Path(source.path).suffix.lower() == ".json":
        return _journal_entry(span)
    if file_type_for(Path(source.path)) != "markdown":
        return None
    above = [title for start, title in markdown_heads(source) if start < span.start]
    label = above[-1] if above else (source.heading or "").split(" > ")[-1].strip()
    found = _WRITTEN_DATE.search(label)
    if not label or found is None or found.group(0) in span.text or len(label) > 80:
        return None
    return label
