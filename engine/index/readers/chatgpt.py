"""A ChatGPT data export's ``conversations.json`` (Settings › Data controls › Export data), read as the chats read.

The file is one JSON array of conversations, each with its title, its times (Unix seconds) and a ``mapping`` of
message nodes (id -> message, parent, children): a tree, because a reply regenerated or a question edited starts a
new branch beside the old one. What the chat shows is the branch that ends at the conversation's ``current_node``:
that branch is read, from its root down, and the others are not (a reply the user threw away is not what ChatGPT
"said"). The system prompt, hidden messages, tool calls and the model's reasoning are left out; a message's text
parts are read, a picture or a file in them named.

Each conversation reads under its title (the page's trail): each message opens with its time and who wrote it, as
a chat export's line does ("Saturday 6 March 2027 14:02 You: My kitchen mixer tap drips ..."), "You" for the
export's owner and "ChatGPT" for the assistant, and each paragraph of a reply is a paragraph of its own (a blank
line between), its Markdown marks taken off (``**bold**``, ``### headings``, ``[links](url)``), its lists and code
kept. Every paragraph of a message is anchored at the message's node in the file (the file is one line: a
citation names line 1 and the viewer opens at the message).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

from engine.index.document import Page, line_page, line_starts, source_place
from engine.index.readers.messages import local_time, stamp

READER_VERSION = (
    2  # 1: the kept branch of each conversation, a paragraph a block; 2: a list's items one block
)
MAX_BRANCH_MESSAGES = 100_000  # a branch longer than this is a loop in a damaged file: read to here
_SHOWN_ROLES = {"user": "You", "assistant": "ChatGPT"}
_TEXT_TYPES = ("text", "multimodal_text")
_BOLD = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_ITALIC = re.compile(r"(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])")
_HEADING = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+(.*?)[ \t#]*$")
_LINK = re.compile(r"\[([^\]\n]+)\]\((https?://[^)\s]+)\)")
_CODE_SPAN = re.compile(r"`([^`\n]+)`")
_LIST_ITEM = re.compile(r"(?:[-*+]|\d+[.)])[ \t]")
_FENCE = re.compile(r"^[ \t]*```")
_NODE = re.compile(r'"([^"\\]{1,200})":\s*\{\s*"id":\s*"\1"')
_TABLE_RULE = re.compile(r":?-{3,}:?|")
_THEMATIC_BREAK = re.compile(r"(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,}")


def read_chatgpt(text: str, check: Callable[[], None] = lambda: None) -> Page | None:
    """The page of a ChatGPT export's conversations; None when ``text`` is not one (read as code)."""
    head = text[:8192]
    if not head.lstrip("\ufeff \r\n\t").startswith("[") or '"mapping"' not in head:
        return None
    if '"current_node"' not in text:
        return None
    starts = line_starts(text)
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    trails: list[tuple[int, str]] = []
    count = 0
    closed: list[bool] = []
    for conversation, (begin, end) in _conversations(text, closed):
        count += 1
        if count % 16 == 0:
            check()
        title = " ".join(str(conversation.get("title") or "Untitled chat").split())
        first = len(lines)
        # where each node of the conversation's mapping is in the file (its id as the key of an object that opens
        # with that id): found once, whatever order the branch visits them in
        nodes = {m.group(1): m.start() for m in _NODE.finditer(text, begin, end)}
        for node_id, message in _branch(conversation):
            said = _said(message)
            if not said:
                continue
            place = source_place(starts, nodes.get(node_id, begin))
            who = _SHOWN_ROLES[message["author"]["role"]]
            when = local_time(message.get("create_time"))
            opening = f"{stamp(when)} {who}: " if when is not None else f"{who}: "
            for k, paragraph in enumerate(said):
                lines.append(((opening if k == 0 else "") + paragraph, [(0, *place)]))
        if len(lines) > first:
            started = local_time(conversation.get("create_time"))
            when = f", {started:%A} {started.day} {started:%B %Y}" if started is not None else ""
            trails.append((first, f"{title} (ChatGPT conversation{when})"))
    if (
        count == 0 or not lines or closed != [True]
    ):  # cut short, mixed or trailed: read as code, its text whole
        return None
    return line_page(lines, trails, sep="\n\n")


def _conversations(text: str, closed: list[bool]) -> Iterator[tuple[dict, tuple[int, int]]]:
    """Each conversation of the export's array with its (start, end) in ``text``, parsed one at a time (an export
    of thousands of chats is never held as objects at once); ``closed`` gets True once the array's end is reached
    with every element a conversation (not for an element of another shape, nor for an array cut short)."""
    decoder = json.JSONDecoder()
    i = text.find("[") + 1
    size = len(text)
    while True:
        while i < size and text[i] in " \t\r\n,":
            i += 1
        if i >= size:
            return
        if text[i] == "]":
            closed.append(not text[i + 1 :].strip())
            return
        try:
            value, end = decoder.raw_decode(text, i)
        except (json.JSONDecodeError, RecursionError):
            return
        if not isinstance(value, dict) or not isinstance(value.get("mapping"), dict):
            return
        yield value, (i, end)
        i = end


def _branch(conversation: dict) -> list[tuple[str, dict]]:
    """(node id, message) from the root down to the conversation's current node (the branch the chat shows); where
    the current node is missing, down the last child at each step (the newest reply)."""
    mapping = conversation["mapping"]
    node_id = conversation.get("current_node")
    path: list[str] = []
    seen: set[str] = set()
    if isinstance(node_id, str) and node_id in mapping:
        while isinstance(node_id, str) and node_id in mapping and node_id not in seen:
            seen.add(node_id)
            path.append(node_id)
            if len(path) > MAX_BRANCH_MESSAGES:
                break
            node_id = (mapping[node_id] or {}).get("parent")
        path.reverse()
    else:
        root = next((k for k, v in mapping.items() if isinstance(v, dict) and not v.get("parent")), None)
        node_id = root
        while (
            isinstance(node_id, str)
            and node_id in mapping
            and node_id not in seen
            and len(path) < MAX_BRANCH_MESSAGES
        ):
            seen.add(node_id)
            path.append(node_id)
            children = (mapping[node_id] or {}).get("children") or []
            node_id = children[-1] if children else None
    out = []
    for k in path:
        node = mapping[k]
        message = node.get("message") if isinstance(node, dict) else None
        if isinstance(message, dict):
            out.append((k, message))
    return out


def _said(message: dict) -> list[str]:
    """A shown message's paragraphs; [] for one the chat does not show (system, tool, hidden, reasoning)."""
    author = message.get("author")
    role = author.get("role") if isinstance(author, dict) else None
    if role not in _SHOWN_ROLES:
        return []
    metadata = message.get("metadata") if isinstance(message.get("metadata"), dict) else {}
    if metadata.get("is_visually_hidden_from_conversation") or message.get("recipient") not in (None, "all"):
        return []
    content = message.get("content") if isinstance(message.get("content"), dict) else {}
    if content.get("content_type") not in _TEXT_TYPES:
        return []
    parts: list[str] = []
    for part in content.get("parts") or ():
        if isinstance(part, str):
            parts.append(part)
        elif isinstance(part, dict):  # a picture or a file the message holds
            kind = str(part.get("content_type") or "")
            parts.append("(a picture)" if "image" in kind else "(an attachment)")
    return markdown_paragraphs("\n\n".join(parts))


def markdown_paragraphs(text: str) -> list[str]:
    """Markdown's paragraphs, headings and table rows, each a paragraph, without its marks; a list's items a line each
    in one paragraph ("- survey £475\n- engine service £285": the list a sentence ending with a colon opens is
    shown whole with it); a fenced code block one paragraph, its lines kept."""
    out: list[str] = []
    block: list[str] = []
    code: list[str] | None = None
    items = False  # the last paragraph is a list's items

    def flush() -> None:
        if block:
            out.append(" ".join(" ".join(block).split()))
            block.clear()

    for raw in text.replace("\r\n", "\n").split("\n"):
        if code is not None:
            if _FENCE.match(raw):
                out.append("\n".join(code).strip("\n") or "(code)")
                code = None
            else:
                code.append(raw.rstrip())
            continue
        if _FENCE.match(raw):
            flush()
            code = []
            items = False
            continue
        line = raw.strip()
        if not line:
            flush()
            continue
        if _THEMATIC_BREAK.fullmatch(line):  # "---" between a reply's parts
            flush()
            items = False
            continue
        if line.startswith("|"):  # a table's row, its own paragraph; the rule under its header row dropped
            flush()
            items = False
            cells = [_plain(c.strip()) for c in line.strip("|").split("|")]
            if not all(_TABLE_RULE.fullmatch(c) for c in cells):
                out.append(" | ".join(c for c in cells))
            continue
        heading = _HEADING.match(line)
        if heading:  # a heading: its own paragraph
            flush()
            out.append(_plain(heading.group(1)))
            items = False
            continue
        if _LIST_ITEM.match(line):  # a list item: its own line, the list's items one paragraph
            flush()
            if items and out:
                out[-1] += "\n" + " ".join(_plain(line).split())
            else:
                out.append(" ".join(_plain(line).split()))
            items = True
            continue
        items = False
        block.append(_plain(line))
    flush()
    if code:
        out.append("\n".join(code).strip("\n"))
    return [p for p in out if p.strip()]


def _plain(line: str) -> str:
    line = _LINK.sub(
        lambda m: f"{m.group(1)} ({m.group(2)})" if m.group(1) != m.group(2) else m.group(2), line
    )
    line = _BOLD.sub(r"\2", line)
    line = _ITALIC.sub(r"\1", line)
    return _CODE_SPAN.sub(r"\1", line)
