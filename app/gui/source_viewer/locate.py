"""Where a cited passage sits in the text the viewer shows (pure functions, no Qt).

Text, Markdown and code are shown as the file itself, so a citation's lines are the file's lines (a note's
resolved ``[[wikilinks]]`` read as the linked titles, as indexed; no line moves). HTML is shown as
its visible text (the index's extraction; its lines refer to the page source, mapped through the extraction's
anchors) and DOCX as its paragraphs, one per line (a DOCX "line" is a paragraph number). The quote is then found
in that text, ignoring differences in white space, and the occurrence nearest the cited lines wins. A quote that is
no longer there (the file changed after indexing) is said so, never silently dropped."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.index import ANCHORED_TYPES, IMAGE_EXTENSIONS, TROFF_NOTE, ExtractError, extract, file_type_for

MAX_VIEW_BYTES = 50_000_000
_SPACE = re.compile(r"\s+")


class ViewError(Exception):
    """The document cannot be shown; the message says why, in words for the user."""


@dataclass(frozen=True)
class Target:
    """A place to show: a file, its page (PDF) or lines, and the quoted passage."""

    path: str
    page: int | None = None
    line_start: int | None = None
    line_end: int | None = None
    quote: str = ""

    @classmethod
    def of(cls, source: dict[str, Any] | Any) -> Target:
        get = source.get if isinstance(source, dict) else lambda k, d=None: getattr(source, k, d)
        quote = get("quote") or get("text") or ""
        page, start, end = get("page"), get("line_start"), get("line_end")
        return cls(str(get("path", "") or ""), int(page) if page else None, int(start) if start else None,
                   int(end) if end else (int(start) if start else None), " ".join(str(quote).split()))  # fmt: skip

    @property
    def is_pdf(self) -> bool:
        return Path(self.path).suffix.lower() == ".pdf"

    @property
    def is_picture(self) -> bool:  # shown as it looks, the quote marked where OCR reads it
        return Path(self.path).suffix.lower() in IMAGE_EXTENSIONS


@dataclass(frozen=True)
class TextView:
    text: str
    kind: str  # text | markdown | code | csv | rst | html | docx
    lines: tuple[int, int] | None  # 1-based lines of ``text`` to highlight
    quote: tuple[int, int] | None  # character span of the quoted passage in ``text``
    note: str = ""  # said above the text: how it is shown, or that the quote was not found


def _normalised(text: str) -> tuple[str, list[int]]:
    """``text`` with every run of white space as one space, and each kept character's index in ``text``."""
    out, where, last_space = [], [], True
    for i, ch in enumerate(text):
        if ch.isspace():
            if not last_space:
                out.append(" ")
                where.append(i)
            last_space = True
        else:
            out.append(ch)
            where.append(i)
            last_space = False
    return "".join(out), where


def find_quote(text: str, quote: str, near: int = 0) -> tuple[int, int] | None:
    """(start, end) of ``quote`` in ``text`` ignoring white space and case, the occurrence nearest ``near``; when
    the whole quote is not there, its longest opening of at least six words that is."""
    quote = _SPACE.sub(" ", quote).strip()
    if not quote:
        return None
    norm, where = _normalised(text)
    hay = norm.lower()
    if len(hay) != len(norm):  # lower() changed the length (rare scripts): match case-sensitively
        hay = norm
    words = quote.split(" ")
    for n in range(len(words), min(len(words), 6) - 1, -1):
        needle = " ".join(words[:n])
        needle = needle.lower() if hay is not norm else needle
        hits = [m.start() for m in re.finditer(re.escape(needle), hay)]
        if hits:
            best = min(hits, key=lambda h: abs(where[h] - near))
            return where[best], where[best + len(needle) - 1] + 1
    return None


def line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, max(0, offset)) + 1


def line_offset(text: str, line: int) -> int:
    """Character offset where 1-based ``line`` begins (the end of the text past the last line)."""
    pos = 0
    for _ in range(max(0, line - 1)):
        nxt = text.find("\n", pos)
        if nxt < 0:
            return len(text)
        pos = nxt + 1
    return pos


def _html_lines(page: Any, start: int, end: int) -> tuple[int, int] | None:
    """The visible-text lines of source lines ``start``..``end`` (through the extraction's anchors)."""
    anchors = page.anchors
    if not anchors:
        return None
    inside = [a[0] for a in anchors if start <= a[1] <= end]
    if inside:  # every anchor of those lines (a reader may write them in another order than the file's)
        return line_of(page.text, min(inside)), line_of(page.text, max(inside))
    lines = [a[1] for a in anchors]
    i = min(len(anchors) - 1, bisect.bisect_left(lines, start))
    return line_of(page.text, anchors[i][0]), line_of(page.text, anchors[i][0])


def load_text(target: Target) -> TextView:
    """The text to show for ``target`` (not a PDF) with its cited lines and quote. Raises ViewError."""
    path = Path(target.path)
    if not path.is_file():
        raise ViewError(f"{path.name or 'The file'} no longer exists at {path.parent}.")
    if path.stat().st_size > MAX_VIEW_BYTES:
        raise ViewError(f"{path.name} is too large to show here ({path.stat().st_size // 1_000_000} MB).")
    try:
        doc = extract(path, path.read_bytes(), file_type_for(path))
    except ExtractError as exc:
        raise ViewError(f"{path.name} cannot be shown: {exc}") from exc
    except OSError as exc:
        raise ViewError(f"{path.name} cannot be read: {exc.strerror or exc}.") from exc
    # a sheet, a slide, a chapter, a message: the cited one (its lines are that page's)
    page = next((p for p in doc.pages if target.page is not None and p.number == target.page), doc.pages[0])
    text, kind = page.text, doc.file_type
    note = {"html": "The page's visible text, as Alcove indexed it.",
            "docx": "The document's text, one paragraph per line, as Alcove indexed it.",
            "pages": "The document's text, one paragraph per line, as Alcove indexed it (its tables are not read).",
            "keynote": "The slide's text, one paragraph per line, then its presenter notes, as Alcove indexed it.",
            "subtitles": "What is said, without the cues' numbers and times, as Alcove indexed it.",
            "calendar": "The events as Alcove reads them, one paragraph each.",
            "contacts": "The contact cards as Alcove reads them, one paragraph each.",
            "gpx": "The track's description, waypoints and summary as Alcove reads them.",
            "feed": "The feed's channel and items, a paragraph each, as Alcove reads them.",
            "messages": "The messages as Alcove reads them: each opens with when it was written and who wrote it.",
            "evernote": "The notes as Alcove reads them: each one's title, dates and tags, then its text.",
            "webarchive": "The saved page's visible text, then the address it was saved from.",
            "mhtml": "The saved page's visible text, then the address it was saved from.",
            "bibtex": "The references as Alcove reads them: each entry's people, year and title, then its fields.",
            "screenplay": "The script as Alcove reads it: each scene's heading, its action, and each speech with who "
                          "says it.",
            "outline": "The outline as Alcove reads it: an item a paragraph, its note under it.",
            "scrivener": "The project's binder as Alcove reads it: each folder and text with its label and status.",
            "bookmarks": "The bookmarks as Alcove reads them: each folder with its bookmarks, their addresses and when "
                         "they were added.",
            "canvas": "The canvas as Alcove reads it: each group with its cards, then the arrows between cards.",
            "ris": "The references as Alcove reads them: each one's people, year and title, then its fields.",
            "csl": "The references as Alcove reads them: each one's people, year and title, then its fields.",
            "health": "The Health export as Alcove reads it: a day at a time, each measurement, workout, night's sleep "
                      "and the activity rings in words.",
            "gedcom": "The family tree as Alcove reads it: each person's life, parents, marriages and notes in "
                      "sentences, then each family and source.",
            "flashcards": "The Anki note as Alcove reads it: its deck and note type, its fields, its tags.",
            "mindmap": "The mind map's sheet as Alcove reads it: each topic under its branch, with its markers, "
                       "labels and notes.",
            "todo": "The task list as Alcove reads it: a task a line, its dates, priority, projects and contexts in "
                    "words.",
            "copyright": "The copyright file as Alcove reads it: which files each holder and licence covers, then each "
                         "licence's text.",
            "ledger": "The ledger as Alcove reads it: each entry a line, its day in words, who was paid, how much and "
                      "between which accounts.",
            "recipes": "The recipe as Alcove reads it: its facts, then its ingredients, directions and notes.",
            "chess": "The games as Alcove reads them: who played whom, when and the result, then the moves with each "
                     "note after the move it is about.",
            "kml": "The map as Alcove reads it: each place under its layer, with its description and data.",
            "geojson": "The places as Alcove reads them: each one's name and address, when it was saved, your note "
                       "and where it is.",
            "tcx": "The workouts as Alcove reads them: each one summed up, its notes, then each lap.",
            "abc": "The tunes as Alcove reads them: each one's title, key, rhythm and notes, then its music."
            }.get(kind, "")  # fmt: skip
    if TROFF_NOTE in doc.notes:  # a manual page's troff source: its lines as man shows them, wrapped
        kind, note = "man", "The manual page as man shows it, a line for each line of its source."
    if (
        kind == "markdown" and page.anchors
    ):  # resolved [[wikilinks]]: the lines are the file's, the links read
        note = "[[Wiki links]] are shown with the titles of the notes they link to, as Alcove indexed them."
    lines = None
    if target.line_start:
        end = target.line_end or target.line_start
        lines = (
            _html_lines(page, target.line_start, end)
            if kind in ANCHORED_TYPES and page.anchors
            else (target.line_start, end)
        )
    n_lines = text.count("\n") + 1
    if lines is not None and lines[0] > n_lines:
        note = (note + " " if note else "") + (
            f"The file now has {n_lines} lines; the cited lines {lines[0]}–{lines[1]} are gone (it changed since "
            "it was indexed)."
        )
        lines = None
    near = line_offset(text, lines[0]) if lines else 0
    quote = find_quote(text, target.quote, near) if target.quote else None
    if target.quote and quote is None:
        note = (note + " " if note else "") + (
            "The quoted passage is not in the file any more (it changed since it was indexed)."
        )
    elif quote is not None:
        q_lines = (line_of(text, quote[0]), line_of(text, quote[1] - 1))
        if lines is None or q_lines[0] > lines[1] or q_lines[1] < lines[0]:
            if lines is not None:
                note = (note + " " if note else "") + (
                    f"The file changed since it was indexed: the quote is now at line {q_lines[0]}."
                )
            lines = q_lines
    return TextView(text, kind, lines, quote, note.strip())
