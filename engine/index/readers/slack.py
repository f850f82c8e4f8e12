"""A Slack workspace's export (Slack's "Export data": a folder with ``users.json`` and ``channels.json`` and a folder
per channel of ``YYYY-MM-DD.json`` files, a day's messages each), read a message a line as a chat export's text is.

Read as code, an answer would quote a message's JSON: its keys, its rich-text blocks, its ``"ts"`` and the author's
user id ("U05K3Q6TF7G"). Here each message is a line, as Telegram's are (``engine.index.readers.messages``): its time
in words in the author's time zone, the author's name from the export's ``users.json``, the words with Slack's
markup read as the app shows it (``<@U05K3Q6TF7G>`` -> "@Ben Marsh", ``<https://x.org|the form>`` -> "the form
(https://x.org)", ``&amp;`` -> "&"), a file shared, the reactions and who gave them, and for a reply in a thread the
start of the message it answers. The conversation's name heads the page ("#rota (Slack channel)", "Direct messages:
Ben Marsh and Gwen Lloyd (Slack)": a full export's direct and group messages are in folders named by their ids,
titled from its ``dms.json`` and ``mpims.json``).

The day's file is parsed once, its messages one after another, so each message's place in the file is known and a
citation names its lines. ``users.json`` is read from the export's folder (the channel folder's parent), at most
once a minute per export. A file of another shape is read as code (``read_slack`` is None for it).
"""

from __future__ import annotations

import html
import json
import os
import re
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

from engine.index.bounds import read_regular_file
from engine.index.document import ExtractError, Page, line_starts, source_place
from engine.index.folder_cache import FolderCache
from engine.index.readers.messages import message_page, short_quote, stamp

READER_VERSION = 1  # 1: a message a line, names from users.json, conversations titled from the export's lists
USERS_READ_BYTES = 16 << 20  # a workspace's users.json (a large one is some MB); more is not read
USERS_TTL_S = 60.0
_DAY_FILE = re.compile(r"\d{4}-\d{2}-\d{2}\.json")
_TEXT_KEY = re.compile(r'"text"\s*:')
_MARKUP = re.compile(r"<([@#!])?([^<>|]*)(?:\|([^<>]*))?>")


def read_slack(text: str, path: Path, check: Callable[[], None] = lambda: None) -> Page | None:
    """The page of a Slack export's day file, a message a line; None when the file is not one (read as code)."""
    head = text[:4096]
    if (
        not _DAY_FILE.fullmatch(path.name)
        or not head.lstrip("\ufeff \r\n\t").startswith("[")
        or '"ts"' not in head
        or '"type"' not in head
    ):
        return None
    items = _elements(text, check)
    if not items or not all(isinstance(m, dict) and "ts" in m for m, _ in items):
        return None
    if not any(m.get("type") == "message" for m, _ in items):
        return None
    users, titles = _workspaces.get(str(path.parent.parent))
    starts = line_starts(text)
    by_ts = {str(m.get("ts")): m for m, _ in items}

    lines = []
    for n, (m, (begin, end)) in enumerate(items):
        if n % 4096 == 4095:
            check()
        t = _TEXT_KEY.search(text, begin, end)
        lines.append(
            (
                _line(m, users, by_ts, path.parent.name),
                source_place(starts, begin),
                source_place(starts, t.start()) if t else None,
            )
        )
    title = titles.get(path.parent.name, f"#{path.parent.name} (Slack channel)")
    return message_page(lines, [(0, title)])


def _elements(text: str, check: Callable[[], None]) -> list[tuple[object, tuple[int, int]]]:
    """The top-level array's elements with their (start, end) offsets in ``text``; [] if it is no JSON array."""
    decoder = json.JSONDecoder()
    i = text.find("[") + 1
    out: list[tuple[object, tuple[int, int]]] = []
    size = len(text)
    try:
        while True:
            while i < size and text[i] in " \t\r\n,":
                i += 1
            if i >= size:
                return []  # never closed
            if text[i] == "]":
                return out
            value, end = decoder.raw_decode(text, i)
            out.append((value, (i, end)))
            i = end
            if len(out) % 4096 == 0:
                check()
    except (json.JSONDecodeError, RecursionError):
        return []


def _read_json(folder: str, name: str) -> list:
    """One of the export's lists (``users.json``, ``channels.json`` ...); [] when it is missing or unreadable."""
    try:
        data, _ = read_regular_file(os.path.join(folder, name), USERS_READ_BYTES)
        value = json.loads(data.decode("utf-8", errors="replace"))
    except (OSError, ExtractError, ValueError, RecursionError):
        return []
    return [x for x in value if isinstance(x, dict)] if isinstance(value, list) else []


def _read_workspace(folder: str) -> tuple[dict[str, tuple[str, float | None]], dict[str, str]]:
    """The export's people by user id, (the name Slack shows, their time zone's offset in seconds or None), and each
    conversation's title by the name of its folder: a channel's "#name", a direct message's folder (its id) "Direct
    messages: Ben Marsh and Gwen Lloyd", a group message's folder (its name) "Group messages: ...". A channel of the
    day file's folder name is titled "#name" when the export does not list it."""
    people: dict[str, tuple[str, float | None]] = {}
    for p in _read_json(folder, "users.json"):
        if not isinstance(p.get("id"), str):
            continue
        profile = p.get("profile") if isinstance(p.get("profile"), dict) else {}
        name = p.get("real_name") or profile.get("real_name") or profile.get("display_name") or p.get("name")
        offset = p.get("tz_offset")
        people[p["id"]] = (str(name or p["id"]), float(offset) if isinstance(offset, int | float) else None)

    def names(members: object) -> str:
        shown = [people[m][0] if m in people else str(m) for m in members or () if isinstance(m, str)]
        return (
            shown[0]
            if len(shown) == 1
            else ", ".join(shown[:-1]) + f" and {shown[-1]}"
            if shown
            else "someone"
        )

    titles: dict[str, str] = {}
    for c in _read_json(folder, "channels.json"):
        if isinstance(c.get("name"), str):
            titles[c["name"]] = f"#{c['name']} (Slack channel)"
    for c in _read_json(folder, "groups.json"):
        if isinstance(c.get("name"), str):
            titles[c["name"]] = f"#{c['name']} (private Slack channel)"
    for c in _read_json(folder, "dms.json"):
        if isinstance(c.get("id"), str):
            titles[c["id"]] = f"Direct messages: {names(c.get('members'))} (Slack)"
    for c in _read_json(folder, "mpims.json"):
        if isinstance(c.get("name"), str):
            titles[c["name"]] = f"Group messages: {names(c.get('members'))} (Slack)"
    return people, titles


_workspaces = FolderCache(_read_workspace, USERS_TTL_S)


def _name(user: object, m: dict, users: dict[str, tuple[str, float | None]]) -> str:
    if isinstance(user, str) and user in users:
        return users[user][0]
    profile = m.get("user_profile") if isinstance(m.get("user_profile"), dict) else {}
    return str(profile.get("real_name") or m.get("username") or user or "Someone")


def _when(m: dict, users: dict[str, tuple[str, float | None]]) -> str:
    """The message's time in its author's time zone (the export's ``tz_offset``), else this computer's."""
    offset = users.get(str(m.get("user")), ("", None))[1]
    try:
        ts = float(str(m.get("ts")))
        if offset is None:
            return stamp(datetime.fromtimestamp(ts))
        return stamp(datetime.fromtimestamp(ts, timezone(timedelta(seconds=offset))).replace(tzinfo=None))
    except (ValueError, OverflowError, OSError):  # no time, or one out of range: as the file writes it
        return str(m.get("ts"))


def words(text: str, users: dict[str, tuple[str, float | None]]) -> str:
    """Slack's markup as the app shows it: mentions by name, channels by #name, links by their words and address,
    HTML's three escapes undone."""

    def shown(m: re.Match) -> str:
        sigil, target, label = m.group(1), m.group(2), m.group(3)
        if sigil == "@":
            return "@" + (users[target][0] if target in users else label or target)
        if sigil == "#":
            return "#" + (label or target)
        if sigil == "!":
            return "@" + (label.lstrip("@") if label else target.split("^")[0])
        address = target.removeprefix("mailto:")
        return f"{label} ({address})" if label and label != address else address

    return html.unescape(_MARKUP.sub(shown, text))


def _line(m: dict, users: dict[str, tuple[str, float | None]], by_ts: dict[str, dict], channel: str) -> str:
    when = _when(m, users)
    who = _name(m.get("user"), m, users)
    kind = m.get("subtype")
    if kind in ("channel_join", "channel_leave"):
        return f"{when} {who} {'joined' if kind == 'channel_join' else 'left'} #{channel}."
    body = words(str(m.get("text") or ""), users)
    files = [f for f in m.get("files") or () if isinstance(f, dict)]
    if files:
        body += " " + " ".join(f"(a file: {f.get('title') or f.get('name') or 'untitled'})" for f in files)
    reactions = [r for r in m.get("reactions") or () if isinstance(r, dict)]
    if reactions:
        body += (
            " (Reactions: "
            + "; ".join(
                f":{r.get('name', '')}: from " + ", ".join(_name(u, {}, users) for u in r.get("users") or ())
                for r in reactions
            )
            + ")"
        )
    parent = by_ts.get(str(m.get("thread_ts"))) if m.get("thread_ts") != m.get("ts") else None
    if parent is not None:
        quote = short_quote(words(str(parent.get("text") or ""), users))
        body += f' (In reply to {_name(parent.get("user"), parent, users)}: "{quote}")'
    elif m.get("thread_ts") and m.get("thread_ts") != m.get("ts"):
        body += " (a reply in a thread)"
    return f"{when} {who}: {body.strip()}"
