"""Mind maps from XMind (``.xmind``): each sheet read as the map reads, topic under topic, not as JSON.

An ``.xmind`` file is a zip. XMind 2020 and later (XMind Zen) keep the map in ``content.json``: a list of sheets,
each with a ``title``, a ``rootTopic`` and ``relationships``; a topic has a ``title``, ``children`` (``attached``
topics, ``detached`` floating ones, ``summary`` and ``callout`` topics), ``notes`` (``plain.content``), ``labels``,
``markers`` (``{"markerId": "task-done"}``, ``"priority-1"`` ...) and an ``href``. XMind 8 and earlier keep the same
in ``content.xml`` (``<sheet>``, ``<topic>``, ``<children><topics type="attached">``, ``<notes><plain>``,
``<labels>``, ``<marker-refs>``); XMind Zen writes a ``content.xml`` too, only to tell an old XMind to update, and
that one is not read.

Here each sheet is a page: its title as a heading, then its topics in the map's order, a topic with topics under it a
heading one level below its parent (so a chunk's trail names the branch: "Launch › Marketing"), a topic with none a
line: "Book the venue (done, priority 1, the top priority; labels: venue, deposit; link: https://...).", its notes under it. Floating
topics follow the map, then the relationships drawn between topics ("Suppliers → Budget: prices agreed"). A file
that holds neither map is an ExtractError that says so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any
from xml.etree import ElementTree

from engine.index.bounds import charge, open_zip
from engine.index.document import ExtractError, Page
from engine.index.readers.anchored import SENTENCE_END
from engine.index.readers.office import lines_page

READER_VERSION = 2  # 1: this stop's first reading, before held-out 28 and 29 were reported

MAX_DEPTH = 200  # topics under topics deeper than this are read at this depth (a hostile map cannot recurse)
_TASK = {"task-done": "done", "task-start": "not started", "task-oct": "1/8 done", "task-quarter": "a quarter done",
         "task-3oct": "3/8 done", "task-half": "half done", "task-5oct": "5/8 done", "task-3quar": "three quarters done",
         "task-7oct": "7/8 done", "task-pause": "paused"}  # fmt: skip
_XMIND8 = "urn:xmind:xmap:xmlns:content:2.0"


def _marks(markers: list[str]) -> list[str]:
    """Markers in words: "done", "priority 1", "flag (red)"."""
    out = []
    for m in markers:
        m = m.strip()
        if m in _TASK:
            out.append(_TASK[m])
        elif re.fullmatch(r"priority-\d", m):
            out.append("priority 1, the top priority" if m[-1] == "1" else f"priority {m[-1]}")
        elif re.fullmatch(r"(flag|star)-[a-z]+", m):
            kind, colour = m.split("-", 1)
            out.append(f"{kind} ({colour})")
    return out


def _topic_line(title: str, markers: list[str], labels: list[str], href: str) -> str:
    said = _marks(markers)
    extra = ", ".join(said)
    if labels:
        extra += ("; " if extra else "") + "labels: " + ", ".join(labels)
    if href:
        extra += ("; " if extra else "") + f"link: {href}"
    line = " ".join(title.split()) or "(untitled topic)"
    line = f"{line} ({extra})" if extra else line
    return line if SENTENCE_END.search(line) and not extra else line + "."


# a topic as the two formats share it: (title, markers, labels, href, notes, attached, detached, summaries)
_Topic = tuple[str, list[str], list[str], str, str, list[Any], list[Any], list[Any]]


def _json_topic(t: Any) -> _Topic:
    if not isinstance(t, dict):
        return ("", [], [], "", "", [], [], [])
    children = t.get("children") if isinstance(t.get("children"), dict) else {}
    notes = t.get("notes") if isinstance(t.get("notes"), dict) else {}
    plain = notes.get("plain") if isinstance(notes.get("plain"), dict) else {}
    markers = [m.get("markerId", "") for m in t.get("markers") or [] if isinstance(m, dict)]
    labels = [str(x) for x in t.get("labels") or [] if isinstance(x, str | int | float)]

    def listed(key: str) -> list[Any]:
        value = children.get(key)
        return value if isinstance(value, list) else []

    return (str(t.get("title") or ""), [str(m) for m in markers], labels, str(t.get("href") or ""),
            str(plain.get("content") or ""), listed("attached"), listed("detached") + listed("callout"),
            listed("summary"))  # fmt: skip


def _xml_topic(t: Any) -> _Topic:
    def q(name: str) -> str:
        return f"{{{_XMIND8}}}{name}"

    title = t.findtext(q("title")) or ""
    refs, tags = t.find(q("marker-refs")), t.find(q("labels"))
    markers = [m.get("marker-id", "") for m in (list(refs) if refs is not None else [])]
    labels = [x.text or "" for x in (list(tags) if tags is not None else [])]
    notes = t.find(q("notes"))
    plain = notes.findtext(q("plain")) if notes is not None else ""
    attached, detached, summary = [], [], []
    kids = t.find(q("children"))
    for group in kids.findall(q("topics")) if kids is not None else []:
        kind = group.get("type", "attached")
        into = {"attached": attached, "detached": detached, "summary": summary}.get(kind, detached)
        into += group.findall(q("topic"))
    href = t.get("{http://www.w3.org/1999/xlink}href", "")
    return (title, markers, labels, href, plain or "", attached, detached, summary)


def _walk(
    root: Any, read: Callable[[Any], _Topic], check: Callable[[], None]
) -> Iterator[tuple[str, int, bool]]:
    """(line, depth, a heading) for every topic in the map's order, each topic's note lines after it (depth -1);
    floating topics after the tree, each with its own topics. A topic is a heading where topics sit under it, or
    where a topic before it beside it was one (else it would read as that branch's last line: "Opening day" after
    the topics under "Classes"). Iterative, so a map nested thousands deep, or floating topics inside floating
    topics, read without recursion."""
    roots: list[tuple[Any, str]] = [(root, "")]
    seen = 0
    while roots:
        first, label = roots.pop(0)
        stack: list[tuple[_Topic, int, str, bool]] = [(read(first), 0, label, False)]
        while stack:
            topic, depth, prefix, after_branch = stack.pop()
            seen += 1
            if seen % 256 == 0:
                check()
            title, markers, labels, href, notes, attached, detached, summary = topic
            line = prefix + _topic_line(title, markers, labels, href)
            heading = bool(attached or summary) or after_branch
            yield (
                line[:-1] if heading and line.endswith(".") else line,
                depth,
                heading,
            )
            said = [" ".join(x.split()) for x in notes.replace("\r", "\n").split("\n") if x.strip()]
            for k, note in enumerate(said):
                yield (f"Note on {' '.join(title.split())}: {note}" if k == 0 else note), -1, False
            roots += [(d, "Floating topic: ") for d in detached]
            below = min(depth + 1, MAX_DEPTH)
            kids = [(read(s), "Summary: ") for s in summary] + [(read(c), "") for c in attached]
            branch, flags = False, []
            for kid, _ in kids:
                flags.append(branch)
                branch = branch or bool(kid[5] or kid[7])  # topics attached or summarised under it
            stack += [(k, below, p, f) for (k, p), f in reversed(list(zip(kids, flags, strict=True)))]


def _sheet_page(number: int, title: str, root: Any, relations: list[tuple[str, str, str]],
                read: Callable[[Any], _Topic], check: Callable[[], None]) -> Page | None:  # fmt: skip
    lines: list[tuple[str, int]] = [(" ".join(title.split()) or f"Sheet {number}", 1), ("", 0)]
    for line, depth, heading in _walk(root, read, check):
        level = 0 if depth < 0 or not heading else min(depth + 2, 6)
        lines.append((line, level))
        if level:  # a heading is a sentence of its own: a blank line under it
            lines.append(("", 0))
    for a, b, label in relations:
        lines.append((f"{a} → {b}" + (f": {label}" if label else "") + ".", 0))
    return lines_page(lines, number)


def extract_xmind(data: bytes, check: Callable[[], None]) -> tuple[Page, ...]:
    """A page for each sheet of an XMind map (see the module's docstring)."""
    zf = open_zip(data, "XMind")
    names = set(zf.namelist())
    pages: list[Page] = []
    if "content.json" in names:
        raw = zf.read("content.json")
        charge(check, 4 * len(raw))
        try:
            sheets = json.loads(raw)
        except (ValueError, RecursionError) as exc:
            raise ExtractError(f"The XMind map's content.json is damaged ({exc}).") from exc
        for n, sheet in enumerate(sheets if isinstance(sheets, list) else [], 1):
            if not isinstance(sheet, dict) or not isinstance(sheet.get("rootTopic"), dict):
                continue
            titles = _json_titles(sheet["rootTopic"])
            relations = [(titles.get(r.get("end1Id"), "?"), titles.get(r.get("end2Id"), "?"), str(r.get("title") or ""))
                         for r in sheet.get("relationships") or [] if isinstance(r, dict)]  # fmt: skip
            page = _sheet_page(
                n, str(sheet.get("title") or ""), sheet["rootTopic"], relations, _json_topic, check
            )
            if page is not None:
                pages.append(page)
    elif "content.xml" in names:
        raw = zf.read("content.xml")
        charge(check, 4 * len(raw))
        if re.search(rb"<!(DOCTYPE|ENTITY)", raw[:65536]):
            raise ExtractError("The XMind map's content.xml declares a document type; it was not read.")
        try:
            root = ElementTree.fromstring(raw)
        except ElementTree.ParseError as exc:
            raise ExtractError(f"The XMind map's content.xml is damaged ({exc}).") from exc
        for n, sheet in enumerate(root.findall(f"{{{_XMIND8}}}sheet"), 1):
            topic = sheet.find(f"{{{_XMIND8}}}topic")
            if topic is None:
                continue
            titles = {
                t.get("id"): t.findtext(f"{{{_XMIND8}}}title") or ""
                for t in sheet.iter(f"{{{_XMIND8}}}topic")
            }
            relations = [(titles.get(r.get("end1"), "?"), titles.get(r.get("end2"), "?"),
                          r.findtext(f"{{{_XMIND8}}}title") or "")
                         for r in sheet.iter(f"{{{_XMIND8}}}relationship")]  # fmt: skip
            title = sheet.findtext(f"{{{_XMIND8}}}title") or ""
            page = _sheet_page(n, title, topic, relations, _xml_topic, check)
            if page is not None:
                pages.append(page)
    if not pages:
        raise ExtractError("The XMind file holds no map Alcove can read (no sheet with a central topic).")
    return tuple(pages)


def _json_titles(root: dict) -> dict[Any, str]:
    """Each topic's title by id, for the relationships (iterative)."""
    out: dict[Any, str] = {}
    stack = [root]
    while stack:
        t = stack.pop()
        if not isinstance(t, dict):
            continue
        out[t.get("id")] = " ".join(str(t.get("title") or "").split())
        children = t.get("children") if isinstance(t.get("children"), dict) else {}
        for value in children.values():
            if isinstance(value, list):
                stack += value
    return out
