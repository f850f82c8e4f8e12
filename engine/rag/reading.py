"""What a candidate sentence of an answer says, as the embedder reads it and the answer shows it: a table row's cells
under their column names (engine.rag.table_rows), a source file's comment as its words (engine.rag.code_comments),
a word a rendered manual page hyphenated at a line's end whole again, and a task list's or checklist's box in words
("- [ ] Suncream" and "☐ Suncream" read "still to do: Suncream"), as a TaskPaper task and its tags ("- Fix the gate
@due(2027-06-14)" reads "still to do: Fix the gate (due Monday 14 June 2027)": engine.index.taskpaper)."""

from __future__ import annotations

import re
from pathlib import Path

from engine.index import is_taskpaper
from engine.rag.code_comments import comment_prose
from engine.rag.grounding import Span
from engine.rag.shown_span import is_code
from engine.rag.table_rows import row_reading
from engine.rag.task_lists import taskpaper_reading

# groff's hyphenation at a line's end: U+2010 (a word's own hyphen is "-")
_LINE_END_HYPHEN = re.compile(r"(?<=\w)\u2010\n[ \t]*(?=\w)")
# a task list's box (Markdown, Org): "- [ ] ...", "- [x] ...", Org's "[-]" (begun); a checklist's item as a reader
# writes it (engine.index.readers.keep): "☐ Suncream", "☑ Tent pegs"
_TASK_BOX = re.compile(r"(?m)^([ \t]*(?:(?:[-*+]|\d+[.)])[ \t]+)?)(?:\[([ xX-])\]|([☐☑☒]))[ \t]+")
_TASK_WORDS = {
    " ": "still to do: ",
    "x": "done: ",
    "-": "begun: ",
    "☐": "still to do: ",
    "☑": "done: ",
    "☒": "done: ",
}


def reading(span: Span) -> str:
    """What a sentence says: its text (a word a rendered manual page hyphenated at a line's end whole again: "com‐"
    / "pressed"; a task list's box in words, "- [ ] 3 rolls of bubble wrap" as "still to do: 3 rolls of bubble
    wrap"), or a table row's cells under their column names."""
    row = row_reading(span.source, span.start, span.end)
    if row is not None:
        return row
    prose = comment_prose(span.source.text, span.start, span.end) if is_code(span.source) else None
    if prose is not None:  # a source file's comment: its words, without its marks
        return prose
    text = _LINE_END_HYPHEN.sub("", span.text)
    if is_taskpaper(Path(span.source.path)):
        return taskpaper_reading(span, text)
    return _TASK_BOX.sub(lambda m: m.group(1) + _TASK_WORDS[(m.group(2) or m.group(3)).lower()], text)


def task_item(text: str) -> bool:
    """Whether ``text`` is a task list's or checklist's item ("- [ ] Suncream", "☐ Suncream"): a word or two is
    all such an item says, and all it needs to answer "what haven't we packed?"."""
    return _TASK_BOX.match(text) is not None
