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
19:40"); a picture's alt text after it ("Picture: Two avocets ..."); a poll's options with their votes; a boost as
"You boosted https://...". Each post is anchored at its object in the file, so a citation names its lines.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime

from engine.index.document import ExtractError, Page, line_page, line_starts, source_place
from engine.index.readers.html import extract_html
from engine.index.readers.messages import stamp

READER_VERSION = 1
_TAG = re.compile(r"<[a-zA-Z/!][^>]*>")


def _when(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment.astimezone() if moment.tzinfo else moment


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
            posts[obj["id"]] = _when(obj.get("published") or item.get("published"))
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    pos = 0
    for k, item in enumerate(items):
        if k % 256 == 0:
            check()
        if not isinstance(item, dict):
            continue
        obj = item.get("object")
        key = obj.get("id") if isinstance(obj, dict) else item.get("id")
        found = text.find(json.dumps(key)[1:-1], pos) if isinstance(key, str) and key else -1
        if found >= 0:
            pos = found
        place = source_place(starts, found if found >= 0 else pos)
        said = _post(item, posts)
        if said:
            lines.append((said, [(0, *place)]))
    if not lines:
        return None
    return line_page(lines, sep="\n\n")


def _post(item: dict, posts: dict[str, datetime | None]) -> str:
    when = _when(item.get("published"))
    opening = f"{stamp(when)} You: " if when is not None else "You: "
    obj = item.get("object")
    if item.get("type") == "Announce":
        target = obj if isinstance(obj, str) else (obj.get("id") if isinstance(obj, dict) else "")
        return f"{opening}(boosted) {target}" if target else ""
    if item.get("type") != "Create" or not isinstance(obj, dict):
        return ""
    when = _when(obj.get("published")) or when
    opening = f"{stamp(when)} You: " if when is not None else "You: "
    bits: list[str] = []
    warning = obj.get("summary")
    if isinstance(warning, str) and warning.strip():
        bits.append(f"(content warning: {' '.join(warning.split())})")
    replied = obj.get("inReplyTo")
    if isinstance(replied, str) and replied:
        earlier = posts.get(replied)
        bits.append(f"(in reply to your post of {stamp(earlier)})" if earlier else f"(in reply to {replied})")
    body = _text(obj.get("content"))
    if body:
        bits.append(body)
    options = obj.get("oneOf") or obj.get("anyOf")
    if isinstance(options, list) and options:
        votes = []
        for option in options:
            if isinstance(option, dict) and isinstance(option.get("name"), str):
                count = (
                    option.get("replies", {}).get("totalItems")
                    if isinstance(option.get("replies"), dict)
                    else None
                )
                votes.append(f"{option['name']}" + (f" ({count} votes)" if isinstance(count, int) else ""))
        if votes:
            bits.append(f"Poll: {'; '.join(votes)}.")
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
            bits.append(
                f"{label}: {' '.join(alt.split())}" if isinstance(alt, str) and alt.strip() else f"({label})"
            )
    return opening + " ".join(bits) if bits else ""
