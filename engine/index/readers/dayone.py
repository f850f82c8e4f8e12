"""A Day One journal as Day One exports it to JSON (File › Export › JSON: a zip of ``Journal.json``, named after the
journal, beside ``photos/``), read as the journal reads in the app.

The file is one JSON object: ``metadata`` and ``entries``, each entry with its ``uuid``, its ``creationDate`` (ISO
time in UTC), the ``timeZone`` it was written in, its ``text`` (Markdown, with Day One's backslash escapes, "9\\.30",
and its pictures as ``![](dayone-moment://<id>)``), ``tags``, ``starred``, ``isPinned``, and what the phone knew:
``location`` (a place's name, its town, region and country) and ``weather`` (a description and degrees Celsius).
Read as code, an answer would quote ``"text" : "Collected the nuc from Tom\\.\\n\\n..."``.

Here each entry reads under its title (the page's trail; an entry without a heading is titled by its day): a line
of when and where it was written, in the entry's own time zone, as the app shows it ("Tuesday 4 May 2027 18:22 at
Cathedral Green, Exeter, England, United Kingdom. Partly cloudy, 14 °C."), its tags and stars on a line of their
own, then its paragraphs, list items and table rows, each a paragraph, without Markdown's marks (a picture is
"(a photo)"). Every paragraph is anchored at the line of the file that holds the entry's text, and the line of when
and where at the entry's date, so a citation names the export's own lines. The entries are parsed one at a time.
A file of another shape is read as code (``read_dayone`` is None for it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from datetime import datetime
from zoneinfo import ZoneInfo

from engine.index.document import Page, line_page, line_starts, source_place
from engine.index.readers.chatgpt import markdown_paragraphs
from engine.index.readers.messages import STAMP_DAY, stamp

READER_VERSION = (
    2  # 1: an entry under its title: when and where, its tags, its paragraphs; 2: a list one block
)
# an entry's trail as ``read_dayone`` writes it: "Bees arrived (journal entry, Tuesday 4 May 2027)", "Journal entry,
# Sunday 9 May 2027": the day it was written (engine.rag.outlines.entry_date shows it before a sentence of it)
JOURNAL_TRAIL = re.compile(rf"(?:\(journal entry, |^Journal entry, )({STAMP_DAY})\)?$")
# an entry's line of when and where as ``read_dayone`` writes it: "Saturday 8 May 2027 10:02 at Audlem Wharf, Audlem,
# England, United Kingdom; mostly sunny, 18 °C."
JOURNAL_LINE = re.compile(
    rf"(?m)^(?P<day>{STAMP_DAY})(?P<time> \d{{1,2}}:\d{{2}})?(?: at (?P<place>[^;\n]*?))?(?:; (?P<weather>[^\n]*?))?\.$"
)
_ENTRIES = re.compile(r'"entries"\s*:\s*\[')
# Day One's Markdown escapes ("9\.30", "\- not a list") and its media: "![](dayone-moment://3F2A...)",
# "![](dayone-moment:/video/...)"
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!<>|~=])")
_MOMENT = re.compile(r"!\[[^\]\n]*\]\(dayone-moment:/{1,2}(?:(video|audio|pdfAttachment)/)?[^)\s]*\)")
_MEDIA_WORDS = {None: "(a photo)", "video": "(a video)", "audio": "(an audio recording)",
                "pdfAttachment": "(a PDF)"}  # fmt: skip
_TITLE = re.compile(r"#{1,6}[ \t]+\S")
_TEXT_KEY = re.compile(r'(?<!\\)"text"\s*:')
_DATE_KEY = re.compile(r'(?<!\\)"creationDate"\s*:')


def read_dayone(text: str, check: Callable[[], None] = lambda: None) -> Page | None:
    """The page of a Day One journal's entries; None when ``text`` is not a Day One JSON export."""
    head = text[:8192].lstrip("\ufeff \r\n\t")
    if not head.startswith("{") or _ENTRIES.search(text[:65536]) is None or '"creationDate"' not in text:
        return None
    starts = line_starts(text)
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    trails: list[tuple[int, str]] = []
    count = 0
    for entry, (begin, end) in _entries(text):
        count += 1
        if count % 32 == 0:
            check()
        when = _when(entry)
        raw = entry.get("text") if isinstance(entry.get("text"), str) else ""
        body = _ESCAPE.sub(r"\1", _MOMENT.sub(lambda m: _MEDIA_WORDS[m.group(1)], raw))
        paragraphs = markdown_paragraphs(body)
        title = None
        first_line = body.lstrip().split("\n", 1)[0]
        if paragraphs and _TITLE.match(first_line):  # "# Bees arrived"; not a first line of "#bees" tags
            title = paragraphs.pop(0)
        day = f"{when:%A} {when.day} {when:%B %Y}" if when is not None else None
        trail = (
            f"{title} (journal entry, {day})"
            if title and day
            else title or f"Journal entry, {day or 'undated'}"
        )
        at_text = _TEXT_KEY.search(text, begin, end)
        at_date = _DATE_KEY.search(text, begin, end)
        text_place = [(0, *source_place(starts, at_text.start() if at_text else begin))]
        date_place = [(0, *source_place(starts, at_date.start() if at_date else begin))]
        first = len(lines)
        said = _when_and_where(entry, when)
        if said:
            lines.append((said, date_place))
        marks = _marks(entry)
        if marks:
            lines.append((marks, date_place))
        lines += [(p, text_place) for p in paragraphs]
        if len(lines) > first:
            trails.append((first, trail))
    if count == 0 or not lines:
        return None
    return line_page(lines, trails, sep="\n\n")


def _entries(text: str) -> Iterator[tuple[dict, tuple[int, int]]]:
    """Each entry of the export's ``entries`` array with its (start, end) in ``text``, parsed one at a time; stops at
    the array's end or at an element that is no entry (a file cut short reads the entries before the cut)."""
    found = _ENTRIES.search(text)
    if found is None:
        return
    decoder = json.JSONDecoder()
    i = found.end()
    size = len(text)
    while True:
        while i < size and text[i] in " \t\r\n,":
            i += 1
        if i >= size or text[i] == "]":
            return
        try:
            value, end = decoder.raw_decode(text, i)
        except (json.JSONDecodeError, RecursionError):
            return
        if not isinstance(value, dict) or "creationDate" not in value:
            return
        yield value, (i, end)
        i = end


def _when(entry: dict) -> datetime | None:
    """When the entry was written, in the time zone it was written in (the app shows it so), else this computer's;
    None for no date or one that does not parse."""
    raw = entry.get("creationDate")
    if not isinstance(raw, str):
        return None
    try:
        moment = datetime.fromisoformat(raw.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        return moment
    zone = entry.get("timeZone")
    if isinstance(zone, str) and zone.strip():
        try:
            return moment.astimezone(ZoneInfo(zone.strip()))
        except (ValueError, KeyError, OSError):
            pass
    return moment.astimezone()


def _when_and_where(entry: dict, when: datetime | None) -> str:
    """ "Tuesday 4 May 2027 18:22 at Cathedral Green, Exeter, England, United Kingdom; partly cloudy, 14 °C." (what
    the entry's date, place and weather say; an all-day entry without its time)."""
    said = ""
    if when is not None:
        said = f"{when:%A} {when.day} {when:%B %Y}" if entry.get("isAllDay") is True else stamp(when)
    place = entry.get("location") if isinstance(entry.get("location"), dict) else {}
    names: list[str] = []
    for key in ("placeName", "localityName", "administrativeArea", "country"):
        value = place.get(key)
        if isinstance(value, str) and value.strip() and value.strip() not in names:
            names.append(value.strip())
    if names:
        said = f"{said} at {', '.join(names)}" if said else "At " + ", ".join(names)
    weather = entry.get("weather") if isinstance(entry.get("weather"), dict) else {}
    sky = weather.get("conditionsDescription")
    degrees = weather.get("temperatureCelsius")
    told = [sky.strip().lower()] if isinstance(sky, str) and sky.strip() else []
    if isinstance(degrees, int | float) and not isinstance(degrees, bool):
        told.append(f"{round(degrees)} °C")
    if told:  # one sentence: the weather is the day's, never read apart from it
        said = f"{said}; {', '.join(told)}" if said else ", ".join(told).capitalize()
    return f"{said}." if said else ""


def _marks(entry: dict) -> str:
    """ "Tags: bees, hive inspection. Starred. Pinned." for an entry filed so; empty for one that is not."""
    listed = entry.get("tags")
    tags = [t.strip() for t in listed if isinstance(t, str) and t.strip()] if isinstance(listed, list) else []
    said = [f"Tags: {', '.join(dict.fromkeys(tags))}."] if tags else []
    said += [
        label for key, label in (("starred", "Starred."), ("isPinned", "Pinned.")) if entry.get(key) is True
    ]
    return " ".join(said)
