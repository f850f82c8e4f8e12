"""A TaskPaper list's items in an answer (engine.index.taskpaper reads the file): what a task says, "still to do: Fix
the gate (due Monday 14 June 2027)" for "- Fix the gate @due(2027-06-14)", and how much of the list is shown with it:
a task with the notes under it, a project with its first items, never one item run on into the next."""

from __future__ import annotations

import re
from pathlib import Path

from engine.index import TASKPAPER_TAG, TASKPAPER_TASK, is_taskpaper, taskpaper_project, taskpaper_task_words
from engine.rag.grounding import Span
from engine.rag.tuning import LIST_SHOW_CHARS

# the start of a TaskPaper task's line up to its words: its tabs and "- " (an answer's task opens after it)
_TASKPAPER_OPENING = re.compile(r"[ \t]*(?:- )?")


def _taskpaper_task(span: Span) -> bool:
    """Whether ``span`` opens a TaskPaper task: its line is a task ("- ...") and nothing of it comes before the span
    but the line's tabs and "- "."""
    text = span.source.text
    line = text.rfind("\n", 0, span.start) + 1
    return (
        TASKPAPER_TASK.match(text, line) is not None
        and _TASKPAPER_OPENING.fullmatch(text, line, span.start) is not None
    )


def taskpaper_reading(span: Span, text: str) -> str:
    """A TaskPaper item in words, line by line (a task read on into its note): a task done or still to do, its tags
    read out."""
    out = []
    for k, line in enumerate(text.split("\n")):
        task = _taskpaper_task(span) if k == 0 else TASKPAPER_TASK.match(line) is not None
        if not task and TASKPAPER_TAG.search(line) is None:
            out.append(line)
            continue
        words = taskpaper_task_words(_TASKPAPER_OPENING.sub("", line, count=1) if task else line, task)
        out.append(f"- {words}" if task and k else words)  # a task under a project shown with it: an item
    return "\n".join(out)


def taskpaper_task(span: Span) -> bool:
    """Whether ``span`` is a TaskPaper task ("- Net the brassicas"), an item as ``task_item``'s are."""
    return is_taskpaper(Path(span.source.path)) and _taskpaper_task(span)


def _indent(text: str, line: int) -> int:
    """How deep the line starting at ``line`` is indented (a tab as four spaces)."""
    end = text.find("\n", line)
    body = text[line : len(text) if end < 0 else end]
    return len(body[: len(body) - len(body.lstrip(" \t"))].expandtabs(4))


def taskpaper_item(span: Span) -> Span:
    """A TaskPaper item as shown: a task or a note with the notes under it (the lines indented deeper, up to the
    next item), a project with as many of its items as fit in LIST_SHOW_CHARS ("Allotment:" over "- Net the
    brassicas"); never an item run on into the next one, as a list item's sentences would be."""
    text = span.source.text
    line = text.rfind("\n", 0, span.start) + 1
    depth = _indent(text, line)
    line_end = text.find("\n", line)
    project = taskpaper_project(text[line : len(text) if line_end < 0 else line_end])
    end = span.end
    pos = text.find("\n", span.end)
    while 0 <= pos < len(text) - 1:
        nxt = pos + 1
        stop = text.find("\n", nxt)
        stop = len(text) if stop < 0 else stop
        body = text[nxt:stop].strip()
        if not body or _indent(text, nxt) <= depth:
            break
        if not project and (body.startswith("- ") or taskpaper_project(body)):
            break  # a task's subtask or project is an item of its own
        if project and stop - span.start > LIST_SHOW_CHARS:
            break  # a long project: as many of its first items as fit
        end = stop
        pos = stop
    return span if end == span.end else Span(span.source, span.start, len(text[:end].rstrip()))
