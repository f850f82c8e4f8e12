"""Mind maps of Freeplane and FreeMind (``.mm``: XML, ``<map version="freeplane 1.9.13">``), read as the map reads,
not as XML.

A map is nested ``<node>`` elements: each with its words in ``TEXT`` (line breaks as ``&#xa;``) or, for formatted
words, a ``<richcontent TYPE="NODE">`` of HTML; a note as ``<richcontent TYPE="NOTE">`` and details as ``TYPE="DETAILS"``
(HTML, or Markdown text in newer files); a ``LINK``; ``<attribute NAME="cost" VALUE="£45"/>`` rows; ``<icon
BUILTIN="button_ok"/>`` marks (a tick, a cross, a priority); ``<arrowlink DESTINATION="ID_..."/>`` arrows to other
nodes, some labelled. The map's styles sit in a ``<hook NAME="MapStyle">`` and are not read. Read as code, an answer
quoted ``<node TEXT="Ferry to Mull" ID="ID_1043" CREATED=...``.

Here the map's centre comes first, as its title, then every node a line in the map's order, under the branch it sits
in (the page's trail, "Travel › Ferries", the map's centre being its title): its words, then the branch it sits
under and what it carries, "Ferry to Mull (under Ferries; link: https://...; cost: £45; done; arrow to Tobermory
hotel)", and its note's and details' paragraphs each a line under it. Every line is anchored at its own element in the file (a note's paragraph at its ``<p>``), so a citation names
the file's own lines. The XML is read by expat with no document type (a ``<!DOCTYPE>``, which could declare
entities, is refused); a file that does not parse, or holds no map, is read as its text (nothing is lost).
``.mm`` also names Objective-C++ source: only a file that opens with ``<map`` is read as a map (``is_mind_map``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from xml.parsers import expat

from engine.index.document import Page, line_page, line_starts
from engine.index.readers.anchored import XmlRefused, as_text

READER_VERSION = 2  # 2: a node names the branch it is under, trails without the map's centre

_MAP = re.compile(r"\A\ufeff?\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*<map[\s>]", re.S)
_BLOCK = frozenset({"p", "div", "li", "br", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "pre", "blockquote", "ul",
                    "ol", "table", "body"})  # fmt: skip
# Freeplane's and FreeMind's built-in icons that say something in words
_ICONS = {"button_ok": "done", "button_cancel": "cancelled", "yes": "important", "help": "a question",
          "messagebox_warning": "a warning", "idea": "an idea", "flag": "flagged", "stop-sign": "stopped",
          "closed": "closed", "prepare": "in progress", "hourglass": "waiting", "calendar": "a date",
          "bookmark": "bookmarked", "attach": "an attachment", "password": "private"}  # fmt: skip
_PRIORITY = re.compile(r"full-(\d)")
_END = re.compile(r"[.!?:;…][\"'’”)\]]*$")


def is_mind_map(text: str) -> bool:
    """Whether ``text`` is a Freeplane or FreeMind map (it opens with ``<map``), not Objective-C++ source."""
    return _MAP.match(text[:4096]) is not None


@dataclass
class _Node:
    depth: int
    where: tuple[int, int]
    attrs: dict[str, str]
    words: str = ""
    rows: list[str] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)
    arrows: list[tuple[str, str]] = field(default_factory=list)
    notes: list[tuple[str, tuple[int, int]]] = field(default_factory=list)


def read_freeplane(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of a Freeplane or FreeMind map in words (see the module's docstring)."""
    try:
        nodes = _nodes(text, check)
    except (expat.ExpatError, XmlRefused, ValueError):
        return as_text(text)
    if not nodes:
        return as_text(text)
    by_id = {n.attrs.get("ID"): n for n in nodes if n.attrs.get("ID")}
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    trails: list[tuple[int, str]] = []
    path: list[str] = []
    title = _words(nodes[0])
    for n, node in enumerate(nodes):
        if n % 256 == 0:
            check()
        words = _words(node)
        del path[node.depth :]
        trail = (
            " › ".join(p for p in path[1:] if p) or title
        )  # the map's centre is the title, not every trail's
        parent = path[-1] if len(path) > 1 else ""
        path.append(words)
        extras = [f"under {parent}"] if parent else []
        link = node.attrs.get("LINK", "").strip()
        if link:
            extras.append(f"link: {link}")
        extras += node.rows + node.marks
        for target, label in node.arrows:
            other = by_id.get(target)
            if other is not None and _words(other):
                extras.append(f"arrow to {_words(other)}" + (f": {label}" if label else ""))
        line = words + (f" ({'; '.join(extras)})" if extras else "")
        if not line:
            continue
        if lines:
            lines.append(("", []))  # a node and its note a paragraph: none reads on into the next node
        if not trails or trails[-1][1] != trail:
            trails.append((len(lines), trail))
        lines.append((line if _END.search(line) else line + ".", [(0, *node.where)]))
        if node.notes and words:
            trails.append((len(lines), " › ".join(p for p in path[1:] if p) or title))
        lines += [(said, [(0, *at)]) for said, at in node.notes]
    return line_page(lines, trails) if lines else as_text(text)


def _words(node: _Node) -> str:
    return " ".join(node.words.split())


def _nodes(text: str, check: Callable[[], None]) -> list[_Node]:
    """The map's nodes in its order, each with its words, attributes, marks, arrows and note paragraphs."""
    if not is_mind_map(text):
        return []
    starts = line_starts(text)
    parser = expat.ParserCreate()
    nodes: list[_Node] = []
    stack: list[_Node] = []  # the nodes open
    hooks = [0]  # depth inside a <hook> (the map's styles): nothing there is read
    rich: list = []  # [kind, paragraphs, current words, where the paragraph started] while in a <richcontent>
    count = [0]

    def where() -> tuple[int, int]:
        line = parser.CurrentLineNumber
        return line, starts[min(line, len(starts)) - 1] + parser.CurrentColumnNumber

    def flush() -> None:
        said = " ".join("".join(rich[2]).split())
        if said:
            rich[1].append((said, rich[3]))
        rich[2] = []
        rich[3] = None

    def start(name: str, attrs: dict[str, str]) -> None:
        count[0] += 1
        if count[0] % 4096 == 0:
            check()
        if hooks[0] or name == "hook":
            hooks[0] += name == "hook"
            return
        if rich:
            if name.lower() in _BLOCK:
                flush()
            if rich[3] is None:
                rich[3] = where()
            return
        if name == "node":
            node = _Node(len(stack), where(), dict(attrs), words=attrs.get("TEXT", ""))
            nodes.append(node)
            stack.append(node)
        elif name == "richcontent" and stack:
            rich[:] = [attrs.get("TYPE", "NODE").upper(), [], [], None]
        elif name == "attribute" and stack and attrs.get("NAME"):
            value = " ".join(attrs.get("VALUE", "").split())
            stack[-1].rows.append(f"{' '.join(attrs['NAME'].split())}: {value}" if value else attrs["NAME"])
        elif name == "icon" and stack:
            icon = attrs.get("BUILTIN", "")
            priority = _PRIORITY.fullmatch(icon)
            mark = f"priority {priority.group(1)}" if priority else _ICONS.get(icon)
            if mark and mark not in stack[-1].marks:
                stack[-1].marks.append(mark)
        elif name == "arrowlink" and stack and attrs.get("DESTINATION"):
            label = attrs.get("MIDDLE_LABEL") or attrs.get("SOURCE_LABEL") or attrs.get("TARGET_LABEL") or ""
            stack[-1].arrows.append((attrs["DESTINATION"], " ".join(label.split())))

    def end(name: str) -> None:
        if hooks[0]:
            hooks[0] -= name == "hook"
            return
        if rich and name == "richcontent":
            flush()
            kind, paragraphs = rich[0], rich[1]
            rich.clear()
            if not stack:
                return
            if kind == "NODE":
                stack[-1].words = " ".join(p for p, _at in paragraphs)
            else:
                stack[-1].notes += paragraphs
            return
        if rich:
            if name.lower() in _BLOCK:
                flush()
            return
        if name == "node" and stack:
            stack.pop()

    def data(chunk: str) -> None:
        if rich:
            if rich[3] is None and chunk.strip():
                rich[3] = where()
            rich[2].append(chunk)

    def doctype(*_args) -> None:
        raise XmlRefused

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    parser.StartDoctypeDeclHandler = doctype
    parser.Parse(text, True)
    return nodes
