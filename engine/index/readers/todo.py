"""A todo.txt task list (Gina Trapani's format, as todo.txt-cli, Simpletask, SwiftoDo, Sleek and TodoTxtMac write
it: ``todo.txt`` and the ``done.txt`` its done tasks are archived to), read as the tasks read in such an app.

A task is a line: ``x`` and the day it was done for a done task, a priority ``(A)``, the day it was added, then its
words with ``+Project`` and ``@context`` tags and ``key:value`` extras (``due:2027-03-20``, ``t:2027-03-01`` the day
it shows from, ``rec:1w`` or ``rec:+2m`` how it repeats, ``pri:A`` a done task's priority). Read as plain text, the
lines ran into one paragraph and an answer quoted "(A) 2027-02-14 Ring the garage +Car @phone due:2027-03-20 x
2027-03-01 ..." as a sentence.

Here each task is a paragraph in words (a chunk of its own, as a calendar's event is), anchored at its own line of
the file: its words (tags' marks dropped, the tags at
its end named after it), then what the marks say: "Ring the garage about the MOT (project Car; context phone):
priority A; added Sunday 14 February 2027 (2027-02-14); due Saturday 20 March 2027 (2027-03-20)." A done task says
when: "done Monday 1 March 2027 (2027-03-01)". A file is read so only where its name says a task list (``todo.txt``,
``done.txt``, ``work.todo.txt``) and most of its lines are marked as tasks are (``is_todo_list``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from pathlib import Path

from engine.index.document import Page, line_page

READER_VERSION = 2  # 2: a task a chunk of its own; 1: a task a line

_DAY = r"\d{4}-\d{2}-\d{2}"
_TASK = re.compile(rf"^(?:(x) (?:({_DAY}) )?)?(?:\(([A-Z])\) )?(?:({_DAY}) )?(.*)$")
_MARKED = re.compile(rf"^(?:x {_DAY} |\([A-Z]\) |{_DAY} )|(?:^|\s)(?:[+@]\S|(?:due|t|rec):\S)")
_TAG = re.compile(r"(?<!\S)([+@])(\S+)")
_EXTRA = re.compile(r"(?<!\S)([A-Za-z][\w-]*):(?!//)(\S+)")
_REPEAT = re.compile(r"(\+)?(\d*)([dbwmy])")
_UNITS = {"d": "day", "b": "working day", "w": "week", "m": "month", "y": "year"}


def is_todo_name(path: Path) -> bool:
    """Whether ``path`` is named as a todo.txt list is: todo.txt, done.txt, "work.todo.txt", "todo-home.txt"."""
    name = path.name.lower()
    return name.endswith(".txt") and ("todo" in name or name == "done.txt")


def is_todo_list(path: Path, text: str) -> bool:
    """Whether ``text`` (the file ``path``) is a todo.txt list: so named, two tasks or more, and three lines in five or
    more marked as tasks are (done, a priority, a date, a tag or a due date)."""
    if not is_todo_name(path):
        return False
    lines = [line for line in text.split("\n", 5000)[:5000] if line.strip()]
    marked = sum(1 for line in lines if len(line) <= 1000 and _MARKED.search(line))
    return len(lines) >= 2 and 5 * marked >= 3 * len(lines)


def _day(value: str | None) -> str | None:
    if not value:
        return None
    try:
        day = date.fromisoformat(value)
    except ValueError:
        return value
    return f"{day:%A} {day.day} {day:%B %Y} ({value})"


def _repeat(value: str) -> str:
    m = _REPEAT.fullmatch(value)
    if m is None:
        return f"repeats: {value}"
    count = int(m.group(2) or 1)
    unit = _UNITS[m.group(3)]
    every = f"every {unit}" if count == 1 else f"every {count} {unit}s"
    return f"repeats {every}" + (" from its due date" if m.group(1) else " after it is done")


def task_words(line: str) -> str | None:
    """A task's line in words (see the module's docstring); None for a blank line."""
    m = _TASK.match(line.strip())
    if m is None or not line.strip():
        return None
    done, done_on, priority, added, rest = m.groups()
    extras: list[tuple[str, str]] = []

    def extra(found: re.Match) -> str:
        extras.append((found.group(1).lower(), found.group(2)))
        return ""

    rest = _EXTRA.sub(extra, rest)
    tags = [(mark, name) for mark, name in _TAG.findall(rest)]
    words = rest
    while True:  # the tags at the end are named after the words, those within read as words
        trimmed = re.sub(r"\s*(?<!\S)[+@]\S+\s*$", "", words)
        if trimmed == words or not trimmed.strip():
            break
        words = trimmed
    words = " ".join(_TAG.sub(r"\2", words).split())
    named = [f"project {n}" for mark, n in tags if mark == "+"] + [
        f"context {n}" for mark, n in tags if mark == "@"
    ]
    head = words + (f" ({'; '.join(dict.fromkeys(named))})" if named else "")
    said: list[str] = []
    if done:
        said.append(f"done {_day(done_on)}" if done_on else "done")
    values = dict(extras)
    priority = priority or values.pop("pri", None)
    if priority:
        said.append(f"priority {priority}")
    if added:
        said.append(f"added {_day(added)}")
    for key, value in extras:
        if key == "pri":
            continue
        if key == "due":
            said.append(f"due {_day(value)}")
        elif key == "t":
            said.append(f"not shown before {_day(value)}")
        elif key == "rec":
            said.append(_repeat(value))
        elif key == "h" and value == "1":
            said.append("hidden")
        else:
            said.append(f"{key}: {value}")
    if not head and not said:
        return None
    line = f"{head}: {'; '.join(said)}" if said else head
    return line if line.endswith((".", "!", "?")) else line + "."


def read_todo(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of a todo.txt list: a task a line in words, each anchored at its own line of the file."""
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    offset = 0
    for number, raw in enumerate(text.split("\n"), start=1):
        if number % 512 == 0:
            check()
        said = task_words(raw)
        if said:
            lines.append((said, [(0, number, offset + len(raw) - len(raw.lstrip()))]))
        offset += len(raw) + 1
    page = line_page(lines, sep="\n\n")
    # a task a chunk of its own, as a calendar's event is: found by its own words, not among sixty others'
    return replace(page, blocks=tuple(replace(b, kind="record") for b in page.blocks))
