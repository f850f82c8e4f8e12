"""A chat's or a phone's messages as a person reads them: Telegram Desktop's JSON export of a chat or of a whole
account (``result.json``: every chat under its own title) and the XML backups of SMS Backup & Restore (Android:
``sms-*.xml`` with its MMS, ``calls-*.xml``).

Read as code, an answer would quote JSON keys and XML attributes ("date_unixtime", ``body="..."``). Here every
message is a line of its own, as a chat export's text reads: a time stamp, who wrote it, what it says ("Sunday 14
March 2027 09:30 Ann Rowe: Ride's on for Sunday, meet at the café at 8."), with what a reader needs beside the words: whom a reply
answers (after the message's words: '(In reply to Tom: "...")'), who a forwarded message is from, a poll's question and its answers with their votes,
a photo or a file left out, the group's events ("Ann pinned a message: ..."); a phone's message names its way and the
other side ("From Dr Lee's surgery (07700 900123): ...", "To Mum: ..."), a call its kind and length. The lines are
blocks of their own, as a chat export's text lines are (``engine.index.document.entry_blocks``), and each keeps its
file line through the page's anchors, so a citation names the message's lines in the file.

The JSON is read with the standard library; each message's place is found from its ``"id"`` in the text. The XML is
read by expat with no document type (``walk_xml``). A file of neither shape is read as code (``read_messages`` is
None for it: the JSON is parsed once, its shape tested on what was parsed).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime
from xml.parsers import expat

from engine.index.document import Page, line_page, line_starts, source_place
from engine.index.readers.anchored import XmlRefused, as_text, walk_xml

# 2: a reply's note after the message's words; 3: it quotes one sentence; 4: the day in words; 5: a whole account's
# export; 6: the day and the month in full
READER_VERSION = 6
# the first element of an SMS Backup & Restore file: its messages or its calls
_XML_ROOT = re.compile(r"\A(?:\ufeff)?\s*(?:<\?[^>]*\?>\s*|<!--.*?-->\s*)*<(smses|calls)\b", re.S)
# where a message object of a Telegram export starts: "{" then its "id" (the writer puts it first)
_MESSAGE_START = re.compile(r'\{\s*"id"\s*:\s*(-?\d+)\s*,')
_TEXT_KEY = re.compile(r'"text"\s*:')
# a chat's list of messages: a key, never a message's words (a string's quotes inside one are escaped)
_MESSAGES_KEY = re.compile(r'"messages"\s*:\s*\[')
_QUOTE_CHARS = 80  # a reply names the start of the message it answers, up to this
_SENTENCE_END = re.compile(r"[.!?…]+[\"'’”)\]]*(?=\s)")  # the end of a message's first sentence
_CALL_KINDS = {"1": "Incoming call from", "2": "Outgoing call to", "3": "Missed call from", "4": "Voicemail from",
               "5": "Rejected call from", "6": "Blocked call from"}  # fmt: skip
_READABLE_DATES = ("%d %b %Y %H:%M:%S", "%b %d, %Y %I:%M:%S %p", "%d %b %Y %I:%M:%S %p", "%d/%m/%Y %H:%M:%S",
                   "%m/%d/%Y %I:%M:%S %p", "%Y-%m-%d %H:%M:%S")  # fmt: skip
_MMS_FROM = "137"  # an MMS address's type: the sender (151 a recipient)


def read_messages(text: str, suffix: str, check: Callable[[], None] = lambda: None) -> Page | None:
    """The page of a chat export's (``.json``) or a phone backup's (``.xml``) messages, a line each, anchored to the
    file's lines; None when the file is neither (it is read as code). A backup whose XML does not parse is read as
    its text. The JSON is parsed once: the test of its shape is the reading."""
    if suffix == ".xml":
        if _XML_ROOT.match(text[:4096]) is None:
            return None
        try:
            lines = _phone(text, check)
        except (expat.ExpatError, XmlRefused, ValueError):
            return as_text(text)
        return message_page(lines) if lines else as_text(text)
    # a chat's export names its type near the top; an account's export has its "chats" further down
    if (
        suffix != ".json"
        or '"messages"' not in text
        or ('"type"' not in text[:4096] and '"chats"' not in text)
    ):
        return None
    chats = _telegram(text)
    if chats is None:
        return None
    lines: list[tuple[str, tuple[int, int], tuple[int, int] | None]] = []
    titles: list[tuple[int, str]] = []  # (the chat's first line, its title)
    starts = line_starts(text)
    regions = [m.end() for m in _MESSAGES_KEY.finditer(text)]  # a chat's each, in the file's order
    if len(regions) != len(chats):
        regions = [0] * len(
            chats
        )  # a "messages" key elsewhere: each chat's messages are looked for everywhere
    for i, chat in enumerate(chats):  # the chats in the file's order, as their "messages" keys are
        name = chat.get("name")
        if not (isinstance(name, str) and name):
            name = "Saved Messages" if chat.get("type") == "saved_messages" else "A chat"
        titles.append((len(lines), f"{name} (chat)"))
        begin = regions[i]
        end = regions[i + 1] if i + 1 < len(regions) and regions[i + 1] > begin else len(text)
        lines += _chat_lines(text, starts, (begin, end), chat, check)
    return message_page(lines, titles) if lines else as_text(text)


def message_page(
    lines: list[tuple[str, tuple[int, int], tuple[int, int] | None]], titles: list[tuple[int, str]] = ()
) -> Page:
    """(line, where it starts in the file, where its words are in the file) -> a page of those lines, a message a
    block (a short backup too: no share of stamped lines is asked for); ``titles``: (the line a chat starts at, its
    title), the page's trails."""
    out = []
    for line, at, words in lines:
        line = " ".join(line.split())
        marks = [(0, *at)]
        head = line.find(": ", 17)  # the words after "stamp who: "
        if words is not None and head > 0 and words[0] != at[0]:
            marks.append((head + 2, *words))
        out.append((line, marks))
    return line_page(out, titles)


def local_time(seconds: object) -> datetime | None:
    """Unix seconds (an export's time stamp) in this computer's time zone; None for no number or one out of range."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        return None
    try:
        return datetime.fromtimestamp(seconds)
    except (ValueError, OverflowError, OSError):
        return None


def local_iso_time(value: object) -> datetime | None:
    """An ISO 8601 time an export wrote ("2027-03-05T19:40:00.000Z") in this computer's time zone (one without a zone
    as it is); None for no string or one that is no such time."""
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment.astimezone() if moment.tzinfo else moment


# a day as ``stamp`` writes it, "Saturday 20 February 2027" (the readers that write days in words: a chat's, a
# journal's)
STAMP_DAY = r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day \d{1,2} [A-Z][a-z]+ \d{4}"
# a message's line as ``stamp`` and a reader open it, "Saturday 20 February 2027 08:13 You: ": when, then who
# (or, in a recording's transcript, a time into it: "12:34 Dr Patel: ", engine.index.readers.whisper)
OPENING = re.compile(
    rf"(?P<when>{STAMP_DAY} \d{{1,2}}:\d{{2}}|(?:\d{{1,2}}:)?\d{{1,2}}:\d{{2}}) (?P<who>[^:\n]{{1,60}}): "
)


def stamp(when: datetime) -> str:
    """A message's time as a line of these readers opens with it: the day in words, as a person says it and asks
    for it ("on Sunday, 14 March"), and the time: "Sunday 14 March 2027 09:30": the words a question
    names it by ("February", "Sunday"), as keyword search matches them."""
    return f"{when:%A} {when.day} {when:%B %Y} {when:%H:%M}"


# -- Telegram Desktop's JSON export ------------------------------------------------------------------------------


def _telegram(text: str) -> list[dict] | None:
    """The export's chats: the one chat of a chat's export, or every chat (and every left chat) of a whole account's
    export (``"chats": {"list": [...]}``, beside the account's contacts and settings); None for JSON of another
    shape."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    if "messages" in data:
        return [data] if _is_chat(data) else None
    chats = []
    for key in (k for k in data if k in ("chats", "left_chats")):  # in the file's order
        listed = data[key]
        if isinstance(listed, dict) and isinstance(listed.get("list"), list):
            chats += [
                c for c in listed["list"] if isinstance(c, dict) and isinstance(c.get("messages"), list)
            ]
    if not chats or not all(_is_chat(c) or not c["messages"] for c in chats):
        return None
    return chats if any(c["messages"] for c in chats) else None


def _is_chat(data: dict) -> bool:
    """A chat of Telegram's export: its first messages are messages or events, each with its date."""
    messages = data.get("messages")
    if not isinstance(messages, list) or not messages:
        return False
    return all(
        isinstance(m, dict) and m.get("type") in ("message", "service") and "date" in m for m in messages[:20]
    )


def _words(value) -> str:
    """A message's text: a string, or a list of strings and entities ({"type": "link", "text": ...})."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "".join(
            p if isinstance(p, str) else str(p.get("text", "")) for p in value if isinstance(p, str | dict)
        )
    return ""


def _stamp(value) -> str:
    """ "2027-03-14T09:30:12" -> "Sunday 14 March 2027 09:30"."""
    try:
        return stamp(datetime.fromisoformat(str(value)))
    except ValueError:
        return str(value)


def _media(m: dict) -> str:
    """What a message holds beside its words, in words."""
    out = []
    poll = m.get("poll")
    if isinstance(poll, dict):
        answers = [a for a in poll.get("answers", []) if isinstance(a, dict)]
        votes = ", ".join(
            f"{a.get('text', '')} ({a.get('voters', 0)} vote{'' if a.get('voters') == 1 else 's'})"
            for a in answers
        )
        state = " (closed)" if poll.get("closed") else ""
        out.append(f"Poll{state}: {poll.get('question', '')} Answers: {votes}.")
    if "photo" in m:
        out.append("(a photo)")
    kind = m.get("media_type")
    if kind:
        out.append(
            f"({str(kind).replace('_', ' ')}{': ' + str(m['file_name']) if m.get('file_name') else ''})"
        )
    elif "file" in m:
        out.append(f"(a file{': ' + str(m['file_name']) if m.get('file_name') else ''})")
    where = m.get("location_information")
    if isinstance(where, dict):
        out.append(f"(a location: {where.get('latitude')}, {where.get('longitude')})")
    contact = m.get("contact_information")
    if isinstance(contact, dict):
        name = " ".join(str(contact.get(k, "")) for k in ("first_name", "last_name")).strip()
        out.append(f"(a contact: {name} {contact.get('phone_number', '')})".replace("  ", " "))
    return " ".join(out)


_ACTIONS = {"create_group": "created the group", "migrate_from_group": "made the group a supergroup",
            "pin_message": "pinned a message", "invite_members": "added", "remove_members": "removed",
            "join_group_by_link": "joined by the group's link", "edit_group_title": "renamed the group",
            "edit_group_photo": "changed the group's photo", "delete_group_photo": "removed the group's photo",
            "phone_call": "called", "group_call": "started a call", "invite_to_group_call": "invited to a call"}  # fmt: skip


def _service(m: dict) -> str:
    """A group's event in words: "Ann pinned a message", "Ann added Tom, Ben", "Ann renamed the group (Riders)"."""
    who = str(m.get("actor") or "Someone")
    action = _ACTIONS.get(str(m.get("action", "")), str(m.get("action", "")).replace("_", " "))
    members = m.get("members")
    title = m.get("title")
    said = f"{who} {action}"
    if title:
        said += f" {title}"
    if isinstance(members, list) and members:
        said += (
            f" with {', '.join(str(x) for x in members)}"
            if title
            else f" {', '.join(str(x) for x in members)}"
        )
    return said + "."


def _chat_lines(
    text: str, starts: list[int], region: tuple[int, int], chat: dict, check: Callable[[], None]
) -> list[tuple[str, tuple[int, int], tuple[int, int] | None]]:
    """A chat's lines; its messages are found in the file between ``region``'s offsets (its "messages" list: a
    message's id is its chat's own)."""
    places: dict[int, int] = {}
    for match in _MESSAGE_START.finditer(text, *region):
        places.setdefault(int(match.group(1)), match.start())
    by_id = {m.get("id"): m for m in chat["messages"] if isinstance(m, dict)}

    lines = []
    for i, m in enumerate(chat["messages"]):
        if i % 4096 == 4095:
            check()
        if not isinstance(m, dict):
            continue
        at = places.get(m.get("id")) if isinstance(m.get("id"), int) else None
        start = source_place(starts, at) if at is not None else (1, 0)
        words_at = None
        if at is not None:
            t = _TEXT_KEY.search(text, at)
            if (
                t is not None
                and (nxt := _MESSAGE_START.search(text, at + 1, region[1])) is not None
                and t.start() > nxt.start()
            ):
                t = None
            words_at = source_place(starts, t.start()) if t is not None else None
        when = _stamp(m.get("date", ""))
        if m.get("type") == "service":
            pinned = by_id.get(m.get("message_id"))
            said = _service(m)
            if pinned is not None:
                said = said.rstrip(".") + f': "{short_quote(_words(pinned.get("text")))}"'
            lines.append((f"{when} {said}", start, words_at))
            continue
        who = str(m.get("from") or m.get("author") or "Unknown")
        # the message's own words first, so its sentences read as written; whom it answers after them
        forwarded = f"(forwarded from {m['forwarded_from']})" if m.get("forwarded_from") else ""
        body = " ".join(x for x in (forwarded, _words(m.get("text")), _media(m)) if x)
        reply = by_id.get(m.get("reply_to_message_id"))
        if reply is not None:
            excerpt = short_quote(_words(reply.get("text")) or _media(reply))
            body += f' (In reply to {reply.get("from") or "a message"}: "{excerpt}")'
        lines.append((f"{when} {who}: {body}", start, words_at))
    return lines


def short_quote(text: str) -> str:
    """The start of a message, as a reply's note quotes it: its first sentence up to _QUOTE_CHARS, cut at a word
    with "…" where it goes on, so the note holds no sentence's end but its own ("Is there parking near the
    bandstand?", "Hi everyone…")."""
    text = " ".join(text.split())
    first = _SENTENCE_END.search(text)
    if first is not None and first.end() < len(text):
        text, cut = text[: first.start()], True
    else:
        cut = False
    if len(text) > _QUOTE_CHARS:
        text, cut = text[: _QUOTE_CHARS - 1].rsplit(" ", 1)[0], True
    return text.rstrip(" ,;:–-") + "…" if cut else text


# -- SMS Backup & Restore's XML ----------------------------------------------------------------------------------


def _when(attrs: dict[str, str]) -> str:
    """A message's or a call's local time, "Sunday 14 March 2027 09:30": its ``readable_date`` as the phone wrote it, else its
    ``date`` (milliseconds since 1970) in this computer's time zone."""
    readable = attrs.get("readable_date", "").strip()
    for form in _READABLE_DATES:
        try:
            return stamp(datetime.strptime(readable, form))
        except ValueError:
            continue
    try:
        return stamp(datetime.fromtimestamp(int(attrs.get("date", "")) / 1000))
    except (ValueError, OverflowError, OSError):
        return readable or "undated"


def _other(attrs: dict[str, str], address: str | None = None) -> str:
    """The other side: "Dr Lee's surgery (07700 900123)", or the number alone when the phone knew no name."""
    number = (address if address is not None else attrs.get("address", "")).strip()
    name = attrs.get("contact_name", "").strip()
    if not name or name in ("(Unknown)", "null"):
        return number or "an unknown number"
    return f"{name} ({number})" if number and number != "null" else name


def _duration(seconds: str) -> str:
    try:
        s = int(seconds)
    except ValueError:
        return ""
    return f", {s // 60} min {s % 60} s" if s >= 60 else f", {s} s" if s else ""


def _phone(text: str, check: Callable[[], None]):
    lines: list[tuple[str, tuple[int, int], tuple[int, int] | None]] = []
    mms: list[dict] = []  # the MMS being read: its attributes, place, text parts and addresses

    def opened(name: str, attrs: dict[str, str], at: tuple[int, int]) -> None:
        if name == "sms":
            way = "From" if attrs.get("type") == "1" else "To" if attrs.get("type") == "2" else "With"
            body = attrs.get("body", "")
            subject = attrs.get("subject", "")
            subject = f"{subject}: " if subject and subject != "null" else ""
            lines.append((f"{_when(attrs)} {way} {_other(attrs)}: {subject}{body}", at, None))
        elif name == "call":
            kind = _CALL_KINDS.get(attrs.get("type", ""), "Call with")
            length = _duration(attrs.get("duration", "0")) if attrs.get("type") in ("1", "2") else ""
            lines.append(
                (f"{_when(attrs)} {kind} {_other(attrs, attrs.get('number', ''))}{length}.", at, None)
            )
        elif name == "mms":
            mms.append({"attrs": attrs, "at": at, "texts": [], "from": None, "files": []})
        elif name == "part" and mms:
            kind = attrs.get("ct", "")
            if kind == "text/plain" and attrs.get("text", "") not in ("", "null"):
                mms[-1]["texts"].append((attrs["text"], at))
            elif kind not in ("application/smil", "text/plain"):
                mms[-1]["files"].append(kind.split("/")[0])
        elif name == "addr" and mms and attrs.get("type") == _MMS_FROM:
            mms[-1]["from"] = attrs.get("address", "")

    def closed(name: str, _parent: str, _text: str, _at: tuple[int, int]) -> None:
        if name != "mms" or not mms:
            return
        m = mms.pop()
        attrs = m["attrs"]
        sent = attrs.get("msg_box") == "2"
        group = "," in attrs.get("address", "") or "~" in attrs.get("address", "")
        if sent:
            head = f"To {_other(attrs)}"
        elif group and m["from"]:
            head = f"From {m['from']} in a group with {attrs.get('contact_name', '').strip() or attrs.get('address')}"
        else:
            head = f"From {_other(attrs, m['from'])}"
        said = " ".join(t for t, _ in m["texts"])
        files = " ".join(f"(a {f})" for f in m["files"] if f in ("image", "video", "audio"))
        words_at = m["texts"][0][1] if m["texts"] else None
        lines.append((f"{_when(attrs)} {head}: {' '.join(x for x in (said, files) if x)}", m["at"], words_at))

    walk_xml(text, check, opened, closed)
    return lines
