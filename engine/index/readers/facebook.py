"""A Messenger or Instagram conversation from Meta's "Download your information" (JSON: ``messages/inbox/<chat>/
message_1.json``, ``message_2.json`` ...), read as the chat reads, a message a line.

The file is one object: the chat's ``participants`` and ``title`` and its ``messages``, newest first, each with its
``sender_name``, ``timestamp_ms``, ``content`` and what came with it: ``photos``, ``videos``, ``audio_files`` and
``files``, a ``share`` (a link and its text), ``reactions`` (an emoji and who), ``sticker``, a call's
``call_duration``. Meta writes every character outside ASCII as its UTF-8 bytes, each escaped as a Latin-1 code point
("’" as ``\\u00e2\\u0080\\u0099``), so a plain JSON reading shows "Iâ€™ll"; read as code, an answer quoted keys and
escapes.

Here the chat's title and participants come first, then each message, oldest first, a line opening with when and who
("Saturday 6 March 2027 08:12 Bethan Hughes: I’ll book the cottage, £640 for the weekend."), then what came with it
("(2 photos)", "(shared: https://... — Cottage in Abersoch)", "(reactions: ❤ Nia Evans, 😂 Tom Price)", "(a call,
12 min 5 s)"). The escaped text is read back as the UTF-8 it stands for. Every line is anchored at its message in the
file, its words at their "content" key, so a citation names the file's lines. A file of another shape is read as
code (``read_facebook`` is None for it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from engine.index.document import Page, line_starts, source_place
from engine.index.readers.json_spans import elements, members, skip
from engine.index.readers.messages import message_page, stamp

READER_VERSION = 1

_MOJIBAKE = re.compile(r"[\x80-\xff]")


def fixed(value: object) -> str:
    """A string as Meta's export means it: its Latin-1 escaped UTF-8 bytes read back as UTF-8 (a string that is not
    so escaped, or not valid UTF-8 so read, as it is); "" for no string."""
    if not isinstance(value, str):
        return ""
    if _MOJIBAKE.search(value) is None:
        return value
    try:
        return value.encode("latin-1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return value


def is_messenger(text: str) -> bool:
    head = text[:65536]
    return '"participants"' in head and '"sender_name"' in head and '"timestamp_ms"' in head


def read_facebook(text: str, check: Callable[[], None] = lambda: None) -> Page | None:
    """The page of a Messenger or Instagram conversation's JSON; None when ``text`` is not one."""
    if not is_messenger(text):
        return None
    start = skip(text, text.find("{"))
    try:
        chat = {k: (v, a) for k, v, a, _e in members(text, start)}
        if not isinstance(chat.get("messages", (None,))[0], list):
            return None
        found = list(elements(text, text.find("[", chat["messages"][1])))
    except (ValueError, RecursionError, IndexError):
        return None
    starts = line_starts(text)
    title = fixed(chat.get("title", ("",))[0]) or "A chat"
    lines: list[tuple[str, tuple[int, int], tuple[int, int] | None]] = []
    people = [fixed(p.get("name")) for p in chat.get("participants", ([], 0))[0] if isinstance(p, dict)]
    people = [p for p in people if p]
    if people:
        lines.append((f"{title}: a chat between {', '.join(people)}.", source_place(starts, chat["participants"][1]),
                      None))  # fmt: skip
    messages = [(m, at) for m, at, _end in found if isinstance(m, dict) and "timestamp_ms" in m]
    messages.sort(key=lambda x: x[0]["timestamp_ms"] if isinstance(x[0]["timestamp_ms"], (int, float)) else 0)
    for n, (m, at) in enumerate(messages):
        if n % 1024 == 0:
            check()
        when = m.get("timestamp_ms")
        moment = None
        if isinstance(when, (int, float)) and not isinstance(when, bool):
            try:
                moment = datetime.fromtimestamp(when / 1000)
            except (ValueError, OverflowError, OSError):
                moment = None
        said = " ".join(fixed(m.get("content")).split())
        extras = _extras(m)
        if not said and not extras:
            continue
        who = fixed(m.get("sender_name")) or "Someone"
        body = " ".join(x for x in (said, *extras) if x)
        keys = {k: a for k, _v, a, _e in members(text, at)}
        words = source_place(starts, keys["content"]) if "content" in keys else None
        lines.append(
            (f"{stamp(moment) if moment else 'Undated'} {who}: {body}", source_place(starts, at), words)
        )
    if len(lines) <= (1 if people else 0):
        return None
    return message_page(lines, [(0, f"{title} (chat)")])


def _extras(m: dict) -> list[str]:
    """What came with a message, in words: its pictures, a shared link, a sticker, a call, the reactions to it."""
    out = []
    for key, one, many in (("photos", "a photo", "photos"), ("videos", "a video", "videos"),
                           ("audio_files", "a voice message", "voice messages"), ("gifs", "a GIF", "GIFs"),
                           ("files", "a file", "files")):  # fmt: skip
        items = m.get(key)
        if isinstance(items, list) and items:
            out.append(f"({one})" if len(items) == 1 else f"({len(items)} {many})")
    if isinstance(m.get("sticker"), dict):
        out.append("(a sticker)")
    share = m.get("share")
    if isinstance(share, dict):
        link, words = fixed(share.get("link")).strip(), " ".join(fixed(share.get("share_text")).split())
        if link or words:
            out.append("(shared: " + " — ".join(x for x in (link, words) if x) + ")")
    seconds = m.get("call_duration")
    if isinstance(seconds, int) and not isinstance(seconds, bool):
        length = f"{seconds // 60} min {seconds % 60} s" if seconds >= 60 else f"{seconds} s"
        out.append(f"(a call, {length})" if seconds else "(a missed call)")
    reactions = m.get("reactions")
    if isinstance(reactions, list):
        said = [
            f"{fixed(r.get('reaction'))} {fixed(r.get('actor'))}".strip()
            for r in reactions
            if isinstance(r, dict)
        ]
        said = [s for s in said if s]
        if said:
            out.append(f"(reactions: {', '.join(said)})")
    return out
