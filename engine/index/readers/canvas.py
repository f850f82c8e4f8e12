"""Obsidian canvases (``.canvas``, JSON Canvas 1.0: what Obsidian's Canvas saves), read as the board reads: each group
with the cards inside it, then the arrows between cards, not as JSON.

A canvas is ``{"nodes": [...], "edges": [...]}``. A node has an ``id``, a place and size (``x``, ``y``, ``width``,
``height``) and a ``type``: ``text`` (Markdown in ``text``), ``file`` (a note or picture of the vault, ``file``),
``link`` (a web page, ``url``) or ``group`` (a labelled box, ``label``). A card belongs to a group by lying inside its
box. An edge joins ``fromNode`` to ``toNode``, with an optional ``label``. Read as JSON, an answer quotes
``"text": "## Solicitor\\n- [x] Send ID"``.

Here the cards in no group come first, then each group, its label ("Group: Money") and then its cards in reading
order (top to bottom, left to right). Each card is a record (a chunk of its own) whose first line names its group
("Money › Mortgage."), then its Markdown as its lines without the marks ("done: Send ID", "still to do: Book the
van"); a file card reads as "File: Notes/Budget.md", a link card as its address. Then each arrow as a
sentence naming both ends: "Solicitor → Mortgage offer: needs the survey first." Each piece is anchored at the
file's line of its node or edge, so a citation names the file's own lines. A file that is not such JSON is read as
its text (nothing is lost).
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Callable

from engine.index.document import Page, line_starts
from engine.index.readers.anchored import SENTENCE_END, AnchoredText, as_text

READER_VERSION = 2  # 1: this stop's first reading, before held-out 28 and 29 were reported
MAX_NODES = 20_000
MAX_GROUPS = 300  # groups read as groups; a card in none of them reads with the cards in no group
_TASK = re.compile(r"^\s*[-*+]\s+\[([ xX])\]\s+")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+")
_EMPHASIS = re.compile(r"(\*\*|__|\*|_|~~|==)(?=\S)(.+?)(?<=\S)\1")
_WIKILINK = re.compile(r"\[\[([^\]|#^]{1,300})(?:[#^][^\]|]{0,300})?(?:\|([^\]]{1,300}))?\]\]")
_TEXT_KEY = re.compile(r'"text"\s*:')
_MDLINK = re.compile(r"\[([^\]]{1,300})\]\(([^)\s]{1,2000})\)")


def _line_words(line: str) -> str:
    """A Markdown line in words: a task's box as "done:"/"still to do:", marks dropped, links as their words."""
    task = _TASK.match(line)
    if task:
        state = "done" if task[1].lower() == "x" else "still to do"
        line = f"{state}: {line[task.end() :]}"
    else:
        line = _HEADING.sub("", _BULLET.sub("", line))
    line = _WIKILINK.sub(lambda m: m[2] or m[1], line)
    line = _MDLINK.sub(lambda m: f"{m[1]} ({m[2]})", line)
    for _ in range(3):
        line = _EMPHASIS.sub(lambda m: m[2], line)
    return " ".join(line.split())


def _num(node: dict, key: str) -> float:
    try:
        return float(node.get(key) or 0)
    except (TypeError, ValueError):
        return 0.0


def _inside(card: dict, group: dict) -> bool:
    """The card's centre lies inside the group's box."""
    cx, cy = _num(card, "x") + _num(card, "width") / 2, _num(card, "y") + _num(card, "height") / 2
    gx, gy = _num(group, "x"), _num(group, "y")
    return gx <= cx <= gx + _num(group, "width") and gy <= cy <= gy + _num(group, "height")


def _title(node: dict) -> str:
    """What names a node in an arrow's sentence: a card's first line, a group's label, a file's name, a link."""
    kind = node.get("type")
    if kind == "group":
        return str(node.get("label") or "a group")
    if kind == "file":
        return str(node.get("file") or "a file").rsplit("/", 1)[-1]
    if kind == "link":
        return str(node.get("url") or "a link")
    for line in str(node.get("text") or "").split("\n"):
        words = _line_words(line)
        if words:
            return words[:80].rstrip(" .:")
    return "a card"


def read_canvas(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of a JSON canvas in words (see the module's docstring)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return as_text(text)
    if not isinstance(data, dict) or not isinstance(data.get("nodes"), list):
        return as_text(text)
    nodes = [n for n in data["nodes"][:MAX_NODES] if isinstance(n, dict) and isinstance(n.get("id"), str)]
    edges = [e for e in data.get("edges") or [] if isinstance(e, dict)][:MAX_NODES]
    if not nodes:
        return as_text(text)
    starts = line_starts(text)
    lines = _Lines(text, starts)
    groups = sorted(
        (n for n in nodes if n.get("type") == "group"), key=lambda g: (_num(g, "y"), _num(g, "x"))
    )[:MAX_GROUPS]  # each card is placed against each group: a hostile board's thousands are not
    # each card in the smallest group that holds it
    home: dict[str, list[dict]] = {g["id"]: [] for g in groups}
    loose: list[dict] = []
    for n, card in enumerate(sorted((n for n in nodes if n.get("type") != "group"),
                                    key=lambda c: (_num(c, "y"), _num(c, "x")))):  # fmt: skip
        if n % 256 == 0:
            check()
        holders = [g for g in groups if _inside(card, g)]
        if holders:
            smallest = min(holders, key=lambda g: _num(g, "width") * _num(g, "height"))
            home[smallest["id"]].append(card)
        else:
            loose.append(card)
    w = AnchoredText()
    for card in loose:
        w.open(_title(card))
        _card(w, card, lines, "")
    for group in groups:
        label = " ".join(str(group.get("label") or "").split()) or "Group"
        w.open(f"Group: {label}")
        w.sentence(f"Group: {label}", lines.of(group["id"]))
        for card in home[group["id"]]:
            w.open(f"{label} › {_title(card)}")
            _card(w, card, lines, label)
    by_id = {n["id"]: n for n in nodes}
    said = [e for e in edges if e.get("fromNode") in by_id and e.get("toNode") in by_id]
    if said:
        w.open("Arrows")
        for k, edge in enumerate(said):
            if k:
                w.line_break()
            a, b = _title(by_id[edge["fromNode"]]), _title(by_id[edge["toNode"]])
            arrow = (
                "—" if str(edge.get("toEnd", "arrow")) == "none" and edge.get("fromEnd") != "arrow" else "→"
            )
            label = " ".join(str(edge.get("label") or "").split())
            w.sentence(
                f"{a} {arrow} {b}" + (f": {label}" if label else ""), lines.of(str(edge.get("id", "")))
            )
    return w.page()


class _Lines:
    """Where each node or edge sits in the file: the line of its ``"id"`` (and of its ``"text"`` after it)."""

    def __init__(self, text: str, starts: list[int]) -> None:
        self.text, self.starts = text, starts
        self.ids = {m[1]: m.start() for m in re.finditer(r'"id"\s*:\s*"((?:[^"\\]|\\.){0,200})"', text)}

    def place(self, offset: int) -> tuple[int, int]:
        return bisect_right(self.starts, offset), offset

    def of(self, node_id: str) -> tuple[int, int] | None:
        at = self.ids.get(json.dumps(node_id)[1:-1])
        return self.place(at) if at is not None else None

    def text_of(self, node_id: str) -> tuple[int, int] | None:
        """The line of the node's ``"text"`` (a card's Markdown is one JSON string, on one line)."""
        at = self.ids.get(json.dumps(node_id)[1:-1])
        if at is None:
            return None
        m = _TEXT_KEY.search(self.text, at, at + 100_000)
        close = self.text.find("}", at)
        if m is None or (close >= 0 and m.start() > close):
            return self.place(at)
        return self.place(m.start())


def _card(w: AnchoredText, card: dict, lines: _Lines, group: str) -> None:
    """A card, a record (a chunk) of its own; its first line names its group ("Buying the cottage › Keys")."""
    kind = card.get("type")
    where = lines.of(card["id"])
    inside = f"{group} › " if group else ""
    if kind == "file":
        name = str(card.get("file") or "")
        sub = str(card.get("subpath") or "")
        w.next_line()
        w.sentence(f"{inside}File: {name}{sub}", where)
        return
    if kind == "link":
        w.next_line()
        w.sentence(f"{inside}Link: {card.get('url') or ''}", where)
        return
    at = lines.text_of(card["id"]) or where
    body = [_line_words(x) for x in str(card.get("text") or "").split("\n")]
    body = [x for x in body if x]
    for k, line in enumerate(body):
        w.next_line() if k == 0 else w.line_break()
        w.add(inside + line if k == 0 else line, at)  # every line of the card is on its JSON string's line
        if not SENTENCE_END.search(line):
            w.add(".", None)
