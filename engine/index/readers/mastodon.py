"""A Mastodon account's archive (``outbox.json``, from "Request your archive": ActivityStreams 2.0), read as the posts
read on the account's page, a post a message.

The file is an ``OrderedCollection`` whose ``orderedItems`` are activities: a ``Create`` of a ``Note`` (a post: its
``published`` time, its ``content`` as HTML with hashtag and mention links, a content warning in ``summary``, the post
it replies to in ``inReplyTo``, pictures in ``attachment`` with their alt text in ``name``, a poll as a ``Question``
with ``oneOf`` options and their votes) or an ``Announce`` (a boost of someone else's post). Read as code, an answer
quoted JSON keys and escaped HTML.

Here each post is a message a line as a chat's is, opening with when and who ("Saturday 6 March 2027 08:12 You: Two
avocets on the scrape at Blacktoft this morning! #birding"), in this computer's time zone; a content warning before
its text ("(content warning: a dead gull)"); a reply says it is one ("in reply to your post of Friday 5 March 2027
19:40"); a picture's alt text after it ("Picture: Two avocets ..."); a poll's options with their votes; its hashtags
named ("Hashtags: #birding."); a boost as "(boosted) https://...". Each piece is anchored at its own key in the file
(the time at "published", the words at "content", an alt text at its "name"), so a citation names its lines.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime

from engine.index.document import ExtractError, Page, joined_line, line_page, line_starts, source_place
from engine.index.readers.html import extract_html
from engine.index.readers.messages import local_iso_time, stamp

READER_VERSION = 3  # 3: compact JSON found in linear time; 2: each piece at its key, hashtags named; 1: first
_TAG = re.compile(r"<[a-zA-Z/!][^>]*>")
_ID = re.compile(r'"id"\s*:\s*"((?:[^"\\]|\\.){1,2000})"')


def _text(html: object) -> str:
    """A post's HTML as its words, its paragraphs and line breaks as spaces apart."""
    if not isinstance(html, str) or not html.strip():
        return ""
    value = (
        html.replace("<br>", "\n").replace("<br/>", "\n").replace("<br />", "\n").replace("</p>", "</p>\n")
    )
    if _TAG.search(value):
        try:
            value = extract_html(value).text
        except ExtractError:
            value = _TAG.sub(" ", value)
    return " ".join(value.split())


def read_mastodon(text: str, check: Callable[[], None] = lambda: None) -> Page | None:
    """The page of a Mastodon archive's outbox; None when ``text`` is not one (read as code)."""
    head = text[:4096]
    if '"orderedItems"' not in text[:65536] or "OrderedCollection" not in head:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    items = data.get("orderedItems") if isinstance(data, dict) else None
    if not isinstance(items, list) or not any(isinstance(i, dict) and i.get("type") in ("Create", "Announce")
                                              for i in items[:50]):  # fmt: skip
        return None
    starts = line_starts(text)
    posts: dict[
        str, datetime | None
    ] = {}  # the account's own posts by id: a reply to one of them names its time
    for item in items:
        obj = item.get("object") if isinstance(item, dict) else None
        if isinstance(obj, dict) and isinstance(obj.get("id"), str):
            posts[obj["id"]] = local_iso_time(obj.get("published") or item.get("published"))
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    # where each id stands in the file, found in one pass (compact or indented JSON alike): an item starts at its
    # id, and its pieces are looked for between it and the next item's, so the work stays linear in the file
    ids: dict[str, int] = {}
    for m in _ID.finditer(text):
        ids.setdefault(m.group(1), m.start())
    begins = []
    pos = 0
    for item in items:
        key = item.get("id") if isinstance(item, dict) else None
        at = ids.get(json.dumps(key)[1:-1], -1) if isinstance(key, str) else -1
        pos = at if at >= pos else pos
        begins.append(pos)
    ends = [len(text)] * len(begins)  # where the next item (one further on in the file) starts
    for k in range(len(begins) - 2, -1, -1):
        ends[k] = begins[k + 1] if begins[k + 1] > begins[k] else ends[k + 1]
    for k, item in enumerate(items):
        if k % 256 == 0:
            check()
        if not isinstance(item, dict):
            continue
        begin, end = begins[k], ends[k]
        pieces = _post(item, posts)
        if not pieces:
            continue
        line = joined_line(
            [
                (said, source_place(starts, _find(text, key, begin, end) if key else begin))
                for said, key in pieces
            ]
        )
        if line is not None:
            lines.append(line)
    if not lines:
        return None
    return line_page(lines, sep="\n\n")


def _find(text: str, key: str, begin: int, end: int) -> int:
    """Where ``key`` is in ``text[begin:end]``, as written or with its non-ASCII characters escaped; ``begin`` when
    it is in neither."""
    found = text.find(key, begin, end)
    if found < 0:
        escaped = key.encode("ascii", "backslashreplace").decode().replace("\\x", "\\u00")
        found = text.find(escaped, begin, end) if escaped != key else -1
    return found if found >= 0 else begin


def _json_key(name: str, value: object = None) -> str:
    """The text a key is written as in Mastodon's JSON, or a string value (compact JSON writes no space after a
    key's colon, an indented one does)."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return f'"{name}":'


def _post(item: dict, posts: dict[str, datetime | None]) -> list[tuple[str, str]]:
    """A post's pieces, each with the key it is anchored at in the file: its opening at its "published" line, its
    words at its "content", a picture's alt text at its "name"."""
    when = local_iso_time(item.get("published"))
    obj = item.get("object")
    if item.get("type") == "Announce":
        target = obj if isinstance(obj, str) else (obj.get("id") if isinstance(obj, dict) else "")
        opening = f"{stamp(when)} You: " if when is not None else "You: "
        return [(f"{opening}(boosted) {target}", _json_key("published"))] if target else []
    if item.get("type") != "Create" or not isinstance(obj, dict):
        return []
    when = local_iso_time(obj.get("published")) or when
    pieces: list[tuple[str, str]] = [
        (f"{stamp(when)} You:" if when is not None else "You:", _json_key("published"))
    ]
    warning = obj.get("summary")
    if isinstance(warning, str) and warning.strip():
        pieces.append((f"(content warning: {' '.join(warning.split())})", _json_key("summary")))
    replied = obj.get("inReplyTo")
    if isinstance(replied, str) and replied:
        earlier = posts.get(replied)
        said = f"(in reply to your post of {stamp(earlier)})" if earlier else f"(in reply to {replied})"
        pieces.append((said, _json_key("inReplyTo")))
    body = _text(obj.get("content"))
    if body:
        pieces.append((body, _json_key("content")))
    options = obj.get("oneOf") or obj.get("anyOf")
    if isinstance(options, list) and options:
        votes = []
        for option in options:
            if isinstance(option, dict) and isinstance(option.get("name"), str):
                replies = option.get("replies")
                count = replies.get("totalItems") if isinstance(replies, dict) else None
                votes.append(f"{option['name']}" + (f" ({count} votes)" if isinstance(count, int) else ""))
        if votes:
            pieces.append((f"Poll: {'; '.join(votes)}.", _json_key("oneOf" if obj.get("oneOf") else "anyOf")))
    attachments = obj.get("attachment")
    if isinstance(attachments, list):
        for a in attachments:
            if not isinstance(a, dict):
                continue
            kind = str(a.get("mediaType") or "")
            label = (
                "Picture"
                if kind.startswith("image")
                else "Video"
                if kind.startswith("video")
                else "Attachment"
            )
            alt = a.get("name")
            if isinstance(alt, str) and alt.strip():
                pieces.append((f"{label}: {' '.join(alt.split())}", _json_key("name", alt)))
            else:
                pieces.append((f"({label})", _json_key("attachment")))
    tags = [t.get("name") for t in obj.get("tag") or [] if isinstance(t, dict) and t.get("type") == "Hashtag"]
    tags = [t if t.startswith("#") else f"#{t}" for t in tags if isinstance(t, str) and t.strip()]
    if tags:
        pieces.append((f"Hashtags: {', '.join(dict.fromkeys(tags))}.", _json_key("tag")))
    return pieces if len(pieces) > 1 else []
