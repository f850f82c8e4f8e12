"""A Google Keep note as Google Takeout exports it (``Takeout/Keep/<title>.json``, beside its ``.html``), read as the
note reads in Keep: its title, its text or its checklist (ticked items "☑", the rest "☐"), its labels, whether it is
pinned, archived or in the bin, and when it was last edited.

Read as code, an answer would quote the note's one line of JSON (``"isChecked":true}],"title":"Weekly shop",
"userEditedTimestampUsec":...``). The file is one line, so every line of the page cites line 1. A file of another
shape is read as code (``read_keep`` is None for it).
"""

from __future__ import annotations

import json
from datetime import datetime

from engine.index.document import Page, line_page
from engine.index.readers.messages import local_time, stamp

READER_VERSION = 2  # 1: a note in words; 2: its title is the page's trail (a heading, no answer)
_KEYS = ('"userEditedTimestampUsec"', '"createdTimestampUsec"')


def read_keep(text: str) -> Page | None:
    """The note's page; None when ``text`` is not a Keep note's JSON."""
    head = text[:8192]
    if not head.lstrip("\ufeff \r\n\t").startswith("{") or not any(k in text for k in _KEYS):
        return None
    if '"textContent"' not in text and '"listContent"' not in text:
        return None
    try:
        note = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(note, dict):
        return None
    lines: list[str] = []
    title = str(note.get("title") or "").strip()
    if title:
        lines.append(title)
    body = str(note.get("textContent") or "")
    lines += [line.strip() for line in body.splitlines() if line.strip()]
    for item in note.get("listContent") or ():
        if isinstance(item, dict) and str(item.get("text") or "").strip():
            lines.append(("☑ " if item.get("isChecked") else "☐ ") + str(item["text"]).strip())
    for item in note.get("attachments") or ():
        if isinstance(item, dict) and item.get("filePath"):
            lines.append(f"(an attachment: {item['filePath']})")
    labels = [str(x.get("name")) for x in note.get("labels") or () if isinstance(x, dict) and x.get("name")]
    if labels:
        lines.append("Labels: " + ", ".join(labels))
    state = [label for key, label in (("isPinned", "Pinned"), ("isArchived", "Archived"), ("isTrashed", "In the bin"))
             if note.get(key) is True]  # fmt: skip
    edited = _when(note.get("userEditedTimestampUsec"))
    if edited is not None:
        lines.append(". ".join([*state, "Edited " + stamp(edited)]) + ".")
    elif state:
        lines.append(". ".join(state) + ".")
    if not lines:
        return None
    # a line a paragraph, as Keep shows a note's lines and a checklist's items: none read on into the next; every
    # line of the page is on the file's one line; the title is the page's heading trail (every passage of the
    # note is read under it, and it is no answer)
    return line_page([(line, [(0, 1, 0)]) for line in lines], [(0, title)] if title else (), sep="\n\n")


def _when(usec: object) -> datetime | None:
    """A Takeout time stamp (microseconds since 1970) in this computer's time zone; None for none or one out of
    range."""
    if not isinstance(usec, int | float) or isinstance(usec, bool) or usec <= 0:
        return None
    return local_time(usec / 1e6)
