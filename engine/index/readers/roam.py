"""A Roam Research graph as Roam exports it to JSON (All Pages › Export All › JSON), read as its pages read, not as
JSON.

The file is an array of pages, each with its ``title`` and its ``children``: blocks, each with its words in
``string``, its ``uid``, its own ``children`` (the outline nests), and a ``heading`` level for a heading block. The
words carry Roam's marks: ``[[Page links]]``, ``#tags`` and ``#[[long tags]]``, ``((uid))`` references to another
block, ``{{[[TODO]]}}`` and ``{{[[DONE]]}}`` tasks, ``**bold**``, ``__italic__``, ``^^highlights^^``, and ``key::
value`` attributes. Read as code, an answer quoted ``"string": "{{[[TODO]]}} Ring [[Mr Patel]] about ((ab12CdE9x))"``.

Here each page reads under its title (a daily page's, "March 3rd, 2027", with its day in words, shown before a
sentence of it in an answer), each block a
paragraph under the blocks it sits in (the page's trail: "Seed order › Tomatoes", a heading's or a short parent's
words), without the marks: a link or a tag as its words (the tags at its end named after them, "(tag: veg)"), a reference as the words of the block it points at (in
quotes), a task as "To do:" or "Done:", an attribute as "key: value". Every block is anchored at its own "string" in
the file, so a citation names the file's lines. A file of another shape is read as code (``read_roam`` is None).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from engine.index.document import Page, line_page, line_starts, source_place
from engine.index.readers.json_spans import elements, members, skip
from engine.index.readers.messages import STAMP_DAY

READER_VERSION = 3  # 3: a page starts a chunk; 2: a daily page's day said as a daily note's (DAILY_NOTE)
# a daily page's trail as ``read_roam`` writes it: "February 27th, 2027 (daily note, Saturday 27 February 2027)"
DAILY_NOTE = re.compile(rf"\(daily note, ({STAMP_DAY})\)")

MAX_DEPTH = 64  # blocks nested deeper read at this depth (a hostile file cannot recurse)
_TRAIL_CHARS = 60  # a parent block longer than this is no heading of its children's trail
_TASK = re.compile(r"\{\{\s*\[\[(TODO|DONE)\]\]\s*\}\}\s*")
_REF = re.compile(r"\(\(([\w-]{6,16})\)\)")
_TAG = re.compile(r"#\[\[([^\]\n]+)\]\]|(?<![\w#])#([\w/-]+)")
_LAST_TAG = re.compile(r"\s#\[\[([^\]\n]+)\]\]\s*$|\s#([\w/-]+)\s*$")
_LINK = re.compile(r"\[\[([^\[\]\n]+)\]\]")
_ALIAS = re.compile(r"\[([^\]\n]+)\]\(\[\[[^\]\n]+\]\]\)")  # [words](((uid))) or [words]([[Page]])
_MARKS = re.compile(r"\*\*(.+?)\*\*|__(.+?)__|\^\^(.+?)\^\^|~~(.+?)~~")
_ATTRIBUTE = re.compile(r"^([^:\n]{1,60})::\s*")
_EMBED = re.compile(r"\{\{\s*\[?\[?(?:embed|query|table|kanban|word-count|POMO)[^}]*\}\}")
_DAILY = re.compile(r"(January|February|March|April|May|June|July|August|September|October|November|December) "
                    r"(\d{1,2})(?:st|nd|rd|th), (\d{4})")  # fmt: skip
_MONTHS = ("January February March April May June July August September October November December").split()


def is_roam(text: str) -> bool:
    head = text[:65536].lstrip("\ufeff \t\r\n")
    return head.startswith("[") and '"title"' in head and '"string"' in head and '"uid"' in head


def words_of(value: str, refs: dict[str, str]) -> str:
    """A block's words without Roam's marks (see the module's docstring); ``refs``: each block's words by uid."""
    said = _TASK.sub(lambda m: "To do: " if m.group(1) == "TODO" else "Done: ", value)
    said = _EMBED.sub("", said)
    said = _REF.sub(lambda m: f"“{_plain(refs[m.group(1)])}”" if m.group(1) in refs else "(a block)", said)
    said = _ALIAS.sub(r"\1", said)
    tags = []
    while (last := _LAST_TAG.search(said)) is not None and said[: last.start()].strip():
        tags.insert(0, last.group(1) or last.group(2))  # the tags at the end named after the words
        said = said[: last.start()]
    said = _TAG.sub(lambda m: m.group(1) or m.group(2), said)
    if tags:
        said = (
            f"{said.rstrip()} (tags: {', '.join(tags)})"
            if len(tags) > 1
            else f"{said.rstrip()} (tag: {tags[0]})"
        )
    said = _LINK.sub(r"\1", said)
    said = _MARKS.sub(lambda m: next(g for g in m.groups() if g is not None), said)
    said = _ATTRIBUTE.sub(r"\1: ", said)
    return " ".join(said.split())


def _deeper(kids: list, refs: dict[str, str]) -> list[str]:
    """The words of blocks nested deeper than MAX_DEPTH, in the outline's order."""
    out, todo = [], list(reversed(kids))
    while todo:
        block = todo.pop()
        if isinstance(block, dict):
            if isinstance(block.get("string"), str) and block["string"].strip():
                out.append(words_of(block["string"], refs))
            if isinstance(block.get("children"), list):
                todo += reversed(block["children"])
    return out


def _plain(value: str) -> str:
    """A referenced block's words, its own references left as they are (no chain of them is followed)."""
    return words_of(value, {})


def _title(value: str) -> str:
    """A page's title; a daily page's with its day in words: "March 3rd, 2027 (daily note, Wednesday 3 March 2027)"
    (engine.rag.outlines.entry_date shows that day before a sentence of the page: DAILY_NOTE)."""
    m = _DAILY.fullmatch(value.strip())
    if m is None:
        return value.strip()
    try:
        day = date(int(m.group(3)), _MONTHS.index(m.group(1)) + 1, int(m.group(2)))
    except ValueError:
        return value.strip()
    return f"{value.strip()} (daily note, {day:%A} {day.day} {day:%B %Y})"


def read_roam(text: str, check: Callable[[], None] = lambda: None) -> Page | None:
    """The page of a Roam graph's JSON export; None when ``text`` is not one."""
    if not is_roam(text):
        return None
    try:
        pages = list(elements(text, skip(text, text.find("["))))
    except (ValueError, RecursionError, IndexError):
        return None
    if not pages or not all(isinstance(p, dict) and "title" in p for p, _a, _e in pages[:20]):
        return None
    refs: dict[str, str] = {}  # every block's words by uid, for the references
    stack = [p.get("children") for p, _a, _e in pages]
    while stack:
        kids = stack.pop()
        for block in kids if isinstance(kids, list) else ():
            if isinstance(block, dict):
                if isinstance(block.get("uid"), str) and isinstance(block.get("string"), str):
                    refs[block["uid"]] = block["string"]
                stack.append(block.get("children"))
    try:
        return _read(text, pages, refs, check)
    except (ValueError, RecursionError, IndexError):
        return None


def _read(text: str, pages: list, refs: dict[str, str], check: Callable[[], None]) -> Page | None:
    starts = line_starts(text)
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    trails: list[tuple[int, str]] = []
    pages_at: list[int] = []
    for page, at, _end in pages:
        check()
        if not isinstance(page, dict) or not isinstance(page.get("title"), str):
            continue
        title = _title(page["title"])
        keys = {k: a for k, _v, a, _e in members(text, at)}
        trails.append((len(lines), title))
        pages_at.append(len(lines))
        lines.append((title if title.endswith((".", "?", "!")) else title + ".",
                      [(0, *source_place(starts, keys.get("title", at)))]))  # fmt: skip
        if "children" not in keys:
            continue
        # depth first, as the outline reads: a block, the blocks under it, then the block after it
        walk = [(elements(text, text.find("[", keys["children"])), [title])]
        while walk:
            found = next(walk[-1][0], None)
            if found is None:
                walk.pop()
                continue
            block, b_at, _e = found
            above = walk[-1][1]
            if not isinstance(block, dict):
                continue
            check()
            b_keys = {k: a for k, _v, a, _e2 in members(text, b_at)}
            said = words_of(block["string"], refs) if isinstance(block.get("string"), str) else ""
            place = [(0, *source_place(starts, b_keys.get("string", b_at)))]
            trail = " › ".join(above)
            if said:
                if trail != (trails[-1][1] if trails else None):
                    trails.append((len(lines), trail))
                lines.append((said, place))
            kids = block.get("children")
            if not (isinstance(kids, list) and kids and "children" in b_keys):
                continue
            head = said if said and (block.get("heading") or len(said) <= _TRAIL_CHARS) else ""
            under = [*above, head.rstrip(":")] if head else above
            if len(walk) < MAX_DEPTH:
                walk.append((elements(text, text.find("[", b_keys["children"])), under))
            else:  # deeper than a person nests: the words under it read here, anchored at it
                lines += [(w, place) for w in _deeper(kids, refs)]
    # a page starts a chunk: none runs on from the page before (a daily page's blocks are under its day)
    return line_page(lines, trails, sep="\n\n", chunk_starts=set(pages_at)) if lines else None
