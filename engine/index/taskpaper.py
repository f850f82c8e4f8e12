"""TaskPaper documents (``.taskpaper``): the plain-text task lists of TaskPaper, OmniFocus's TaskPaper export and the
editors that follow the format, read as the lists they are.

The format is a line per item, nested by tabs: a project is a line that ends with a colon ("Garden:", tags may
follow it), a task a line that opens with "- ", and any other line a note (on the project or task above it). Tags
follow an item's words: ``@flag``, ``@due(2027-06-14)``, ``@done(2027-05-02)``, ``@context(phone)``; a task tagged
``@done`` is done, any other still to do. Read as plain text, a project's tasks ran into one paragraph and an answer
quoted "Fix the gate @due(2027-06-14) - Call the plumber @done(2027-05-02)" as one sentence. Here a project is a
heading (one level deeper for each tab), each task a block of its own and a note's lines a paragraph; the text stays
the file's own, so every line keeps its number. An answer reads a task in words (``task_words``): "still to do: Fix
the gate (due Monday 14 June 2027)", "done: Call the plumber (on Sunday 2 May 2027)".
"""

from __future__ import annotations

import re
from datetime import date, datetime
from pathlib import Path

from engine.index.document import Block, add_span

TASKPAPER_SUFFIXES = (".taskpaper",)
TASKPAPER_READER_VERSION = 1  # 1: projects as headings, a task a block (it was one paragraph of plain text)
# a tag as TaskPaper writes it: "@flag", "@due(2027-06-14)", "@context(phone)"
TAG = re.compile(r"(?<!\S)@([A-Za-z_][\w.-]*)(?:\(([^()\n]*)\))?")
_TAGS_AT_END = re.compile(r"(?:[ \t]+@[A-Za-z_][\w.-]*(?:\([^()\n]*\))?)*[ \t]*$")
TASK = re.compile(r"[ \t]*- ")  # a task's line: its tabs and "- "
_ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2}))?")
# how a tag reads: "due Monday 14 June 2027", "flagged", "context: phone"; the rest as "name: value" or the name
_TAG_WORDS = {"due": "due", "start": "starts", "defer": "deferred to", "today": "today", "flag": "flagged",
              "flagged": "flagged", "waiting": "waiting", "priority": "priority", "search": "search"}  # fmt: skip


def is_taskpaper(path: Path) -> bool:
    """Whether ``path`` names a TaskPaper document (by its name: a TaskPaper list in a ``.txt`` reads as text)."""
    return path.suffix.lower() in TASKPAPER_SUFFIXES


def is_project(line: str) -> bool:
    """A project's line: it ends with a colon, tags after it aside, and is no task ("Garden:", "Kitchen: @flag")."""
    if TASK.match(line):
        return False
    words = _TAGS_AT_END.sub("", line)
    return words.endswith(":") and len(words.strip()) > 1


def taskpaper_blocks(text: str) -> list[Block]:
    """A project a heading (level 1 at the margin, one deeper for each tab or four spaces before it), a task a block
    of its own, the lines of a note in a row one paragraph (a blank line or an item ends it)."""
    blocks: list[Block] = []
    pos = 0
    note: tuple[int, int] | None = None  # the note being read: (start, end)
    for line in text.split("\n"):
        start, end = pos, pos + len(line)
        pos = end + 1
        if not line.strip() or is_project(line) or TASK.match(line):
            if note is not None:
                add_span(blocks, text, *note)
                note = None
        if not line.strip():
            continue
        if is_project(line):
            indent = line[: len(line) - len(line.lstrip())].expandtabs(4)
            add_span(blocks, text, start, end, min(6, 1 + len(indent) // 4))
        elif TASK.match(line):
            add_span(blocks, text, start, end)
        else:
            note = (note[0] if note is not None else start, end)
    if note is not None:
        add_span(blocks, text, *note)
    return blocks


def _day(value: str) -> str:
    """An ISO date (and time) in words: "Monday 14 June 2027", "Monday 14 June 2027 10:30"; any other value as it
    is ("next week")."""
    m = _ISO_DAY.fullmatch(value.strip())
    if m is None:
        return value.strip()
    y, mo, d, hh, mm = m.groups()
    try:
        day = date(int(y), int(mo), int(d))
        when = datetime(day.year, day.month, day.day, int(hh), int(mm)) if hh is not None else None
    except ValueError:
        return value.strip()
    words = f"{day:%A} {day.day} {day:%B %Y}"
    return f"{words} {when:%H:%M}" if when is not None else words


def task_words(text: str, task: bool) -> str:
    """A TaskPaper item's words (``text`` without its "- "): its tags read out after it ("(due Monday 14 June 2027;
    flagged)"), and, for a task (``task``), whether it is done: "done: Call the plumber (on Sunday 2 May 2027)",
    "still to do: Fix the gate (due Monday 14 June 2027)"."""
    tags = list(TAG.finditer(text))
    if not tags and not task:
        return text
    done: str | None = None
    said: list[str] = []
    for m in tags:
        name, value = m.group(1), m.group(2)
        key = name.lower()
        if key == "done":
            done = f"on {_day(value)}" if value and value.strip() else ""
            continue
        label = _TAG_WORDS.get(key, name)
        if value is None or not value.strip():
            said.append(label)
        elif key in ("due", "start", "defer"):
            said.append(f"{label} {_day(value)}")
        else:
            said.append(f"{label}: {value.strip()}")
    words = " ".join(TAG.sub(" ", text).split())
    if done is not None and not task:  # a project or a note marked done says so in its words
        said.insert(0, f"done {done}".strip())
    elif done:
        said.insert(0, done)
    shown = f"{words} ({'; '.join(said)})" if said else words
    if not task:
        return shown
    return ("done: " if done is not None else "still to do: ") + shown
