"""Kindle clippings in an answer: a highlight or note is shown with the book and place it is from ("The Patient Loaf
(Marguerite Oyelaran), note on page 41: next loaf: try 72% hydration ..."), as a NEWS entry is with its release; the
"- Your Note on page 41 | Location 620 | Added on ..." line that says so is no answer of its own
(engine.index.markup.clipping_blocks reads the file a clipping at a time)."""

from __future__ import annotations

import re

from engine.index import CLIPPING_END, CLIPPING_META
from engine.rag.grounding import Span

# "Note on page 41" of "- Your Note on page 41 | ..."
_WHAT = re.compile(r"^-[ \t]+(?:Your[ \t]+)?([^|\n]*?)[ \t]*\|")


def clipping_furniture(span: Span) -> bool:
    """Whether ``span`` is what the label of a clipping's text says, no answer of its own: the book's title line over
    a "- Your Highlight on page 12 | Location 180-183 | Added on ..." line, or that line itself where text follows
    it (a bookmark's line, with nothing under it, is the answer to where the bookmark is). Asked of every candidate
    sentence: the passage is split into lines only for a line that looks like one of these."""
    own = span.text.strip()
    if "\n" in own:
        return False
    text = span.source.text
    end = text.find("\n", span.end)
    below = text[end + 1 :].split("\n", 2)[:2] if end >= 0 else []
    if CLIPPING_META.match(own):
        if not _is_meta(own, text[: span.start].split("\n")[:-1], below):
            return False
        after = next((x.strip() for x in text[end + 1 :].split("\n") if x.strip()), "") if end >= 0 else ""
        return bool(after) and not CLIPPING_END.match(after)
    if below and CLIPPING_META.match(below[0].strip()):
        return _is_meta(below[0], [*text[: span.start].split("\n")[:-1], own], below[1:])
    return False


def _is_meta(line: str, above: list[str], below: list[str]) -> bool:
    """Whether ``line`` is a clipping's "- Your ..." line as a Kindle writes it: right under the book's title (or
    first in the passage) and over a blank line."""
    if CLIPPING_META.match(line.strip()) is None or (below and below[0].strip()):
        return False
    if not above:
        return True
    title = above[-1].strip()
    return bool(title) and not title.startswith("-") and not CLIPPING_END.match(title)


def clipping_label(span: Span) -> str | None:
    """The book and place of the clipping ``span`` is the text of ("<title>, highlight on page 12"), or the book of a
    bookmark's "- Your Bookmark on page 112 | ..." line: the clipping's title line, right over its "- Your ..." line,
    found above the span in its passage (the passage's heading trail names the book when it starts at that line);
    None for any other text, and for a later sentence of a clipping (its first was shown with the label)."""
    text = span.source.text
    lines = text[: span.start].split("\n")
    lead = lines.pop().strip()  # the span's line before it: nothing, or the "-" an answer's bullet took off
    if lead not in ("", "-"):
        return None
    own = f"{lead} {span.text.strip()}".strip()
    if "\n" not in own and _is_meta(own, lines, text[span.end :].split("\n")[1:]):
        return _title(lines, span)
    for i in range(len(lines) - 1, -1, -1):
        line = lines[i].strip()
        if not line:
            continue
        if not _is_meta(line, lines[:i], [*lines[i + 1 :], own]):
            return None  # a paragraph before it: the span is not a clipping's first line
        title = _title(lines[:i], span)
        if title is None:
            return None
        what = _WHAT.match(line)
        place = what.group(1).strip() if what else ""
        place = place[:1].lower() + place[1:]
        return f"{title}, {place}" if place else title
    return None


def _title(lines: list[str], span: Span) -> str | None:
    """The book's title: the line right over a clipping's "- Your ..." line (``lines``: those above it), or, where
    the passage starts at that line, the last heading of its trail; None when a blank line or an entry's end is
    over it (no clipping: a list item that happens to end in a time)."""
    if not lines:
        return (span.source.heading or "").split(" > ")[-1].strip() or None
    title = lines[-1].strip()
    return None if not title or CLIPPING_END.match(title) else title
