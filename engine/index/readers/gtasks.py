"""Google Tasks as Google Takeout exports them (``Takeout/Tasks/Tasks.json``), read as the lists read in the app.

The file is one object of ``kind`` "tasks#taskLists" whose ``items`` are the lists, each with its ``title`` and its
own ``items``: tasks, each with its ``title``, ``notes``, ``status`` ("needsAction" or "completed"), the ``due`` day
(a date: midnight UTC stands for the day itself), when it was ``completed``, its ``parent`` (a subtask's task) and
``position``, and ``links`` (an e-mail it was made from). Read as code, an answer quoted ``"status": "needsAction"``.

Here each list reads under its title, each task a paragraph of its own (a chunk, as a calendar's event is), in the
list's order with its subtasks after it: "Book the photographer (Wedding): not done yet; due Friday 19 March 2027
(2027-03-19); its subtasks: Ask Priya for names; Compare prices." then its notes, and a subtask says whose it is
("Compare prices, a subtask of Book the photographer (Wedding): done on Monday 1 March 2027 at 18:22."). Every piece
is anchored at its own key in the file, so a citation names the file's lines. A file of another shape is read as
code (``read_gtasks`` is None for it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import date

from engine.index.document import Page, joined_line, line_page, line_starts, source_place
from engine.index.readers.json_spans import elements, members, skip
from engine.index.readers.messages import local_iso_time

READER_VERSION = 1

_KIND = re.compile(r'"kind"\s*:\s*"tasks#taskLists"')
_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def is_gtasks(text: str) -> bool:
    return _KIND.search(text[:4096]) is not None


def _day(value: object) -> str | None:
    """A task's due date (the day itself, whatever the time zone): "Friday 19 March 2027 (2027-03-19)"."""
    m = _DAY.match(value) if isinstance(value, str) else None
    if m is None:
        return None
    try:
        day = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return None
    return f"{day:%A} {day.day} {day:%B %Y} ({day.isoformat()})"


def _moment(value: object) -> str | None:
    """When something happened, in this computer's time zone: "Monday 1 March 2027 at 18:22 (2027-03-01)"."""
    when = local_iso_time(value)
    if when is None:
        return None
    return f"{when:%A} {when.day} {when:%B %Y} at {when:%H:%M} ({when:%Y-%m-%d})"


def _words(value: object) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def read_gtasks(text: str, check: Callable[[], None] = lambda: None) -> Page | None:
    """The page of a Google Tasks export; None when ``text`` is not one."""
    if not is_gtasks(text):
        return None
    try:
        return _read(text, check)
    except (ValueError, RecursionError, IndexError):
        return None


def _read(text: str, check: Callable[[], None]) -> Page | None:
    top = {k: a for k, _v, a, _e in members(text, skip(text, text.find("{")))}
    if "items" not in top:
        return None
    starts = line_starts(text)
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    trails: list[tuple[int, str]] = []
    for task_list, at, _end in elements(text, text.find("[", top["items"])):
        check()
        if not isinstance(task_list, dict):
            continue
        keys = {k: a for k, _v, a, _e in members(text, at)}
        name = _words(task_list.get("title")) or "Tasks"
        tasks = []
        if "items" in keys:
            for task, t_at, _e in elements(text, text.find("[", keys["items"])):
                if isinstance(task, dict) and _words(task.get("title")):
                    tasks.append((task, {k: a for k, _v, a, _e2 in members(text, t_at)}, t_at))
        trails.append((len(lines), name))
        lines.append(
            (
                f"The task list {name}: {len(tasks)} tasks.",
                [(0, *source_place(starts, keys.get("title", at)))],
            )
        )
        by_id = {t.get("id"): t for t, _k, _a in tasks if isinstance(t.get("id"), str)}
        kids: dict[object, list] = {}
        for item in tasks:
            kids.setdefault(item[0].get("parent") if item[0].get("parent") in by_id else None, []).append(
                item
            )
        for group in kids.values():
            group.sort(key=lambda x: str(x[0].get("position") or ""))
        order: list[tuple[dict, dict, int]] = []
        todo = list(reversed(kids.get(None, [])))
        seen: set[int] = set()
        while todo:  # a task, then its subtasks
            item = todo.pop()
            if id(item) in seen:
                continue
            seen.add(id(item))
            order.append(item)
            todo += reversed(kids.get(item[0].get("id"), []))
        for n, (task, t_keys, t_at) in enumerate(order):
            if n % 128 == 0:
                check()
            lines.append(_task(task, t_keys, t_at, name, by_id, kids, starts))
    if not lines:
        return None
    page = line_page(lines, trails, sep="\n\n")
    # a task a chunk of its own: found by its own words, not among a list's hundred others'
    return replace(page, blocks=tuple(replace(b, kind="record") for b in page.blocks))


def _task(task, keys, at, list_name, by_id, kids, starts) -> tuple[str, list[tuple[int, int, int]]]:
    """A task's paragraph: what it is and its state on a line, then its notes and links."""

    def place(key: str) -> tuple[int, int]:
        return source_place(starts, keys.get(key, at))

    title = _words(task["title"])
    parent = by_id.get(task.get("parent"))
    head = (f"{title}, a subtask of {_words(parent.get('title'))} ({list_name})" if parent is not None
            else f"{title} ({list_name})")  # fmt: skip
    said = []
    done = task.get("status") == "completed"
    finished = _moment(task.get("completed"))
    said.append(f"done on {finished}" if done and finished else "done" if done else "not done yet")
    due = _day(task.get("due"))
    if due:
        said.append(f"due {due}")
    subtasks = [_words(t.get("title")) for t, _k, _a in kids.get(task.get("id"), [])]
    if subtasks:
        said.append("its subtasks: " + "; ".join(subtasks))
    pieces = [(f"{head}: {'; '.join(said)}.", place("title"))]
    notes = task.get("notes")
    if isinstance(notes, str) and notes.strip():
        pieces.append(
            ("\n".join(" ".join(p.split()) for p in notes.split("\n") if p.strip()), place("notes"))
        )
    for link in task.get("links") or []:
        if isinstance(link, dict) and (link.get("link") or link.get("description")):
            words = " — ".join(x for x in (_words(link.get("description")), _words(link.get("link"))) if x)
            pieces.append((f"(made from {link.get('type', 'a link')}: {words})", place("links")))
    line = joined_line(pieces)
    return line if line is not None else (head, [(0, *place("title"))])
