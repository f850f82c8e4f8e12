"""Generate the private documents of the realdocs ``heldout22`` part under ``files/private22/``: a cycling club's group
chat as Telegram Desktop exports it to JSON (``ChatExport_2027-04-07/result.json``: Telegram's own JSON writer, one
space an indentation level, message texts as a string or as a list of plain strings and entity objects, each with its
``text_entities``, service messages for the group's creation, a pin and an invitation, replies, edits, a forward, a
poll, links, a photo and a file left out of the export), a potter's notes as Joplin exports them to a "RAW - Joplin
Export Directory" (``Joplin RAW export/<id>.md``: notebooks, notes, tags and note-tag links, each item's title, body
and ``key: value`` properties as Joplin serialises them), and a phone's text messages as the Android app SMS Backup &
Restore writes them (``sms-20270402183015.xml``: SMS elements, then group MMS with their parts and addresses).

    python eval/realdocs/make_heldout22.py          # rewrite them; the output is the same on every run

Standard library only; everything is fixed text, so a rerun gives the same bytes. Every weekday written next to a date
is checked against the calendar; the chat's ``date`` (Europe/London local time) against its ``date_unixtime``, the
SMS ``date`` (UTC milliseconds) against ``readable_date`` (Europe/London), both by the United Kingdom's rule for
summer time (from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October) and, where the
system's time zone database is there, by ``zoneinfo``; replies and the pin point at earlier messages; the notes'
sums, the kiln's running costs and the wholesale prices against their figures. The other document of the part (the
Cargo Book's "Profiles" page as mdBook made it) is copied unchanged from the Rust toolchain's documentation, as
``documents.json`` records.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from xml.sax.saxutils import escape

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout22 (the tests, check.py)
    import heldout22_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import check_weekdays
except ImportError:
    from eval.realdocs import heldout22_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private22"
UTC = dt.UTC

# --- time: Europe/London ---------------------------------------------------------------------------------------------


def _last_sunday(year: int, month: int) -> dt.date:
    day = dt.date(year, month + 1, 1) - dt.timedelta(days=1)
    return day - dt.timedelta(days=(day.weekday() + 1) % 7)


def london_offset(utc: dt.datetime) -> dt.timedelta:
    """The UK's offset from UTC at ``utc`` (an aware UTC time): an hour of summer time from 01:00 UTC on the last
    Sunday of March to 01:00 UTC on the last Sunday of October."""
    start = dt.datetime.combine(_last_sunday(utc.year, 3), dt.time(1), UTC)
    end = dt.datetime.combine(_last_sunday(utc.year, 10), dt.time(1), UTC)
    return dt.timedelta(hours=1) if start <= utc < end else dt.timedelta(0)


def from_london(local: str) -> dt.datetime:
    """The UTC time of a Europe/London wall-clock time "2027-03-28 09:30:15[.542]"; refuses one that the clocks
    skip or pass twice."""
    naive = dt.datetime.fromisoformat(local)
    found = [
        naive.replace(tzinfo=UTC) - off
        for off in (dt.timedelta(0), dt.timedelta(hours=1))
        if london_offset(naive.replace(tzinfo=UTC) - off) == off
    ]
    assert len(found) == 1, local
    return found[0]


def to_london(utc: dt.datetime) -> dt.datetime:
    return (utc + london_offset(utc)).replace(tzinfo=None)


# --- the Telegram chat -----------------------------------------------------------------------------------------------


def tg_string(value: str) -> str:
    """A string as Telegram Desktop's export writes it (``SerializeString``): quotes, backslashes, newlines,
    carriage returns, tabs and the line and paragraph separators escaped, every other character as UTF-8."""
    out = []
    for ch in value:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 32:
            out.append(f"\\x{ord(ch):02X}")
        elif ch in "\u2028\u2029":
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def tg_object(pairs: list[tuple[str, str]], depth: int) -> str:
    """``SerializeObject``: an object opened where it stands, its keys ``depth + 1`` spaces in, closed ``depth``
    spaces in; a pair with no value is left out."""
    inner = ",".join(f"\n{' ' * (depth + 1)}{tg_string(k)}: {v}" for k, v in pairs if v != "")
    return "{" + inner + "\n" + " " * depth + "}"


def tg_array(items: list[str], depth: int) -> str:
    """``SerializeArray``: items ``depth + 1`` spaces in, the bracket closed ``depth`` spaces in."""
    return "[" + ",".join(f"\n{' ' * (depth + 1)}{item}" for item in items) + "\n" + " " * depth + "]"


ENTITY_EXTRA = {"text_link": "href", "mention_name": "user_id", "pre": "language"}


def tg_parts(text) -> list[tuple]:
    """A message's text as parts: ("plain", text) or (type, text[, extra])."""
    if isinstance(text, str):
        return [("plain", text)] if text else []
    return [("plain", p) if isinstance(p, str) else p for p in text]


def tg_text(text, objects: bool, depth: int = 3) -> str:
    """``SerializeText``: as ``text``, one plain part is a string and any other text a list of plain strings and
    entity objects; as ``text_entities`` (``objects``), a list of objects, plain parts too. Written at the nesting
    of a message's fields (3: the file's object, its messages, the message)."""
    parts = tg_parts(text)
    if not parts:
        return "[]" if objects else '""'
    if not objects and len(parts) == 1 and parts[0][0] == "plain":
        return tg_string(parts[0][1])
    items = []
    for kind, body, *extra in parts:
        if kind == "plain" and not objects:
            items.append(tg_string(body))
            continue
        pairs = [("type", tg_string(kind)), ("text", tg_string(body))]
        if extra:
            value = extra[0]
            pairs.append((ENTITY_EXTRA[kind], str(value) if isinstance(value, int) else tg_string(value)))
        items.append(tg_object(pairs, depth + 1))
    return tg_array(items, depth)


def tg_plain(text) -> str:
    return "".join(part[1] for part in tg_parts(text))


def message_ids() -> list[int]:
    """The messages' ids: a basic group's ids are the account's, so other chats' messages fall between them."""
    ids, n = [], T.FIRST_MESSAGE_ID
    for i in range(len(T.MESSAGES)):
        ids.append(n)
        n += 1 + (i * 7 + 3) % 13
    return ids


def _person(key: str) -> tuple[str, str]:
    name, number = T.PEOPLE[key]
    return tg_string(name), tg_string(f"user{number}")


def tg_message(i: int, ids: list[int], keys: dict[str, int]) -> str:
    when, who, text, extra = T.MESSAGES[i]
    utc = from_london(when)
    pairs = [
        ("id", str(ids[i])),
        ("type", tg_string("service" if "action" in extra else "message")),
        ("date", tg_string(when.replace(" ", "T"))),
        ("date_unixtime", tg_string(str(int(utc.timestamp())))),
    ]
    if "edited" in extra:
        edited = extra["edited"]
        pairs += [
            ("edited", tg_string(edited.replace(" ", "T"))),
            ("edited_unixtime", tg_string(str(int(from_london(edited).timestamp())))),
        ]
    name, uid = _person(who)
    if "action" in extra:
        action, *args = extra["action"]
        pairs += [("actor", name), ("actor_id", uid), ("action", tg_string(action))]
        if action == "create_group":
            title, members = args
            pairs += [("title", tg_string(title)), ("members", tg_array([_person(m)[0] for m in members], 3))]
        elif action == "invite_members":
            pairs.append(("members", tg_array([_person(m)[0] for m in args[0]], 3)))
        elif action == "pin_message":
            pairs.append(("message_id", str(keys[args[0]])))
    else:
        pairs += [("from", name), ("from_id", uid)]
        if "forwarded" in extra:
            pairs.append(("forwarded_from", tg_string(extra["forwarded"])))
        if "reply" in extra:
            pairs.append(("reply_to_message_id", str(keys[extra["reply"]])))
        if "photo" in extra:
            size, width, height = extra["photo"]
            pairs += [
                ("photo", tg_string(T.NOT_INCLUDED)),
                ("photo_file_size", str(size)),
                ("width", str(width)),
                ("height", str(height)),
            ]
        if "file" in extra:
            file_name, size, mime = extra["file"]
            pairs += [
                ("file", tg_string(T.NOT_INCLUDED)),
                ("file_name", tg_string(file_name)),
                ("file_size", str(size)),
                ("mime_type", tg_string(mime)),
            ]
        if "poll" in extra:
            question, closed, answers = extra["poll"]
            rows = [
                tg_object(
                    [("text", tg_string(a)), ("voters", str(v)), ("chosen", "true" if mine else "false")], 5
                )
                for a, v, mine in answers
            ]
            pairs.append(
                (
                    "poll",
                    tg_object(
                        [
                            ("question", tg_string(question)),
                            ("closed", "true" if closed else "false"),
                            ("total_voters", str(sum(v for _, v, _ in answers))),
                            ("answers", tg_array(rows, 4)),
                        ],
                        3,
                    ),
                )
            )
    pairs += [("text", tg_text(text, False)), ("text_entities", tg_text(text, True))]
    return tg_object(pairs, 2)


def chat_keys() -> dict[str, int]:
    ids = message_ids()
    return {m[3]["key"]: ids[i] for i, m in enumerate(T.MESSAGES) if "key" in m[3]}


def chat_json() -> str:
    """result.json of a single chat's export: the chat's name, type and id, then its messages."""
    ids, keys = message_ids(), chat_keys()
    messages = ",".join("\n  " + tg_message(i, ids, keys) for i in range(len(T.MESSAGES)))
    return (
        "{\n"
        f' "name": {tg_string(T.CHAT_NAME)},\n'
        ' "type": "private_group",\n'
        f' "id": {T.CHAT_ID},\n'
        f' "messages": [{messages}\n'
        " ]\n"
        "}"
    )


# --- the Joplin export -----------------------------------------------------------------------------------------------


def _ms(stamp: str) -> int:
    return round(dt.datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp() * 1000)


def joplin_item(title: str | None, body: str | None, props: list[tuple[str, object]]) -> str:
    """An item as Joplin's ``BaseItem.serialize`` writes it: the title, the body and the "key: value" lines, joined
    by a blank line, nothing after the last property."""
    parts = [] if title is None else [title]
    if body:
        parts.append(body)
    parts.append("\n".join(f"{k}: {v}" for k, v in props))
    return "\n\n".join(parts)


def joplin_files() -> dict[str, str]:
    """The export's files by name: ``<id>.md`` for each notebook, note, tag and note-tag link."""
    out = {}
    for title, fid, created, updated in T.NOTEBOOKS.values():
        out[f"{fid}.md"] = joplin_item(
            title,
            None,
            [
                ("id", fid),
                ("created_time", created),
                ("updated_time", updated),
                ("user_created_time", created),
                ("user_updated_time", updated),
                ("encryption_cipher_text", ""),
                ("encryption_applied", 0),
                ("parent_id", ""),
                ("is_shared", 0),
                ("share_id", ""),
                ("master_key_id", ""),
                ("icon", ""),
                ("user_data", ""),
                ("deleted_time", 0),
                ("type_", 2),
            ],
        )
    for title, book, nid, created, updated, _tags, body in T.NOTES.values():
        out[f"{nid}.md"] = joplin_item(
            title,
            body.rstrip("\n"),
            [
                ("id", nid),
                ("parent_id", T.NOTEBOOKS[book][1]),
                ("created_time", created),
                ("updated_time", updated),
                ("is_conflict", 0),
                ("latitude", T.LATITUDE),
                ("longitude", T.LONGITUDE),
                ("altitude", "0.0000"),
                ("author", ""),
                ("source_url", ""),
                ("is_todo", 0),
                ("todo_due", 0),
                ("todo_completed", 0),
                ("source", "joplin-desktop"),
                ("source_application", "net.cozic.joplin-desktop"),
                ("application_data", ""),
                ("order", _ms(created)),
                ("user_created_time", created),
                ("user_updated_time", updated),
                ("encryption_cipher_text", ""),
                ("encryption_applied", 0),
                ("markup_language", 1),
                ("is_shared", 0),
                ("share_id", ""),
                ("conflict_original_id", ""),
                ("master_key_id", ""),
                ("user_data", ""),
                ("deleted_time", 0),
                ("type_", 1),
            ],
        )
    for title, tid, created in T.TAGS.values():
        out[f"{tid}.md"] = joplin_item(
            title,
            None,
            [
                ("id", tid),
                ("created_time", created),
                ("updated_time", created),
                ("user_created_time", created),
                ("user_updated_time", created),
                ("encryption_cipher_text", ""),
                ("encryption_applied", 0),
                ("is_shared", 0),
                ("parent_id", ""),
                ("type_", 5),
            ],
        )
    for lid, note, tag, created in T.NOTE_TAGS:
        out[f"{lid}.md"] = joplin_item(
            None,
            None,
            [
                ("id", lid),
                ("note_id", T.NOTES[note][2]),
                ("tag_id", T.TAGS[tag][1]),
                ("created_time", created),
                ("updated_time", created),
                ("user_created_time", created),
                ("user_updated_time", created),
                ("encryption_cipher_text", ""),
                ("encryption_applied", 0),
                ("is_shared", 0),
                ("type_", 6),
            ],
        )
    return out


# --- the SMS backup --------------------------------------------------------------------------------------------------


def xml_attr(value: str) -> str:
    """An attribute's value as Android's XmlSerializer (KXmlSerializer) writes it between double quotes: &, <, > and
    " as entities, a newline, carriage return or tab as a character reference, a character outside the Basic
    Multilingual Plane (an emoji) as one character reference, anything else as UTF-8."""
    out = []
    for ch in value:
        if ch in "\n\r\t":
            out.append(f"&#{ord(ch)};")
        elif ch == '"':
            out.append("&quot;")
        elif ch in "&<>":
            out.append(escape(ch))
        elif ord(ch) > 0xFFFF:
            out.append(f"&#{ord(ch)};")
        else:
            out.append(ch)
    return "".join(out)


def readable(utc: dt.datetime) -> str:
    """readable_date for an en_GB phone: "8 Feb 2027 10:02:17" in the phone's time (Europe/London)."""
    local = to_london(utc)
    return f"{local.day} {local:%b %Y %H:%M:%S}"


def _element(name: str, attrs: list[tuple[str, str]], indent: int, close: bool = True) -> str:
    body = " ".join(f'{k}="{xml_attr(v)}"' for k, v in attrs)
    return f"{' ' * indent}<{name} {body}{' />' if close else '>'}"


def sms_line(when: str, who: str, kind: int, body: str) -> str:
    utc = from_london(when)
    ms = round(utc.timestamp() * 1000)
    address, name = T.CONTACTS[who]
    sent = 0 if kind == 2 else (ms // 1000 - 2) * 1000  # the service centre's time stamp, in whole seconds
    return _element(
        "sms",
        [
            ("protocol", "0"),
            ("address", address),
            ("date", str(ms)),
            ("type", str(kind)),
            ("subject", "null"),
            ("body", body),
            ("toa", "null"),
            ("sc_toa", "null"),
            ("service_center", T.SERVICE_CENTRE if kind == 1 else "null"),
            ("read", "1"),
            ("status", "-1"),
            ("locked", "0"),
            ("date_sent", str(sent)),
            ("sub_id", "1"),
            ("readable_date", readable(utc)),
            ("contact_name", name),
        ],
        2,
    )


SMIL = (
    '<smil><head><layout><root-layout/><region id="Text" top="0" left="0" height="100%" width="100%"/></layout>'
    '</head><body><par dur="5000ms"><text src="text_0.txt" region="Text"/></par></body></smil>'
)


def mms_lines(n: int, when: str, sender: str | None, to: list[str], text: str) -> list[str]:
    """A group message as SMS Backup & Restore writes an MMS: its attributes (the MMS columns of Android's
    provider: date in milliseconds, date_sent in seconds, msg_box 1 inbox / 2 sent, m_type 132 retrieved / 128
    sent), its parts (a SMIL layout for a received one, the text) and its addresses (137 from, 151 to)."""
    utc = from_london(when)
    ms = round(utc.timestamp() * 1000)
    received = sender is not None
    others = ([sender] if received else []) + [p for p in to if p != sender]
    address = "~".join(T.CONTACTS[p][0] for p in others)
    names = ", ".join(T.CONTACTS[p][1] for p in others)
    attrs = [
        ("date", str(ms)),
        ("rr", "129"),
        ("sub", "null"),
        ("ct_t", "application/vnd.wap.multipart.related"),
        ("read_status", "null"),
        ("seen", "1"),
        ("msg_box", "1" if received else "2"),
        ("address", address),
        ("sub_cs", "null"),
        ("resp_st", "null" if received else "128"),
        ("retr_st", "null"),
        ("d_tm", "null"),
        ("text_only", "1"),
        ("exp", "null" if received else "604800"),
        ("locked", "0"),
        ("m_id", f"m{ms // 1000:x}{n:02d}"),
        ("st", "null"),
        ("retr_txt_cs", "null"),
        ("retr_txt", "null"),
        ("creator", "com.google.android.apps.messaging"),
        ("date_sent", str(ms // 1000 - 3) if received else "0"),
        ("read", "1"),
        ("m_size", "null" if received else str(len(text.encode("utf-8")) + 388)),
        ("rpt_a", "null"),
        ("ct_cls", "null"),
        ("pri", "129"),
        ("sub_id", "1"),
        ("tr_id", f"T{ms // 1000:x}{n}"),
        ("resp_txt", "null"),
        ("ct_l", "null"),
        ("m_cls", "personal"),
        ("d_rpt", "129"),
        ("v", "18"),
        ("_id", str(1187 + n)),
        ("m_type", "132" if received else "128"),
        ("readable_date", readable(utc)),
        ("contact_name", names),
    ]
    part = [
        ("name", "null"),
        ("chset", "106"),
        ("cd", "null"),
        ("fn", "null"),
        ("cid", "<text_0>"),
        ("cl", "text_0.txt"),
        ("ctt_s", "null"),
        ("ctt_t", "null"),
        ("text", text),
    ]
    parts = []
    if received:
        parts.append(
            _element(
                "part",
                [
                    ("seq", "-1"),
                    ("ct", "application/smil"),
                    ("name", "null"),
                    ("chset", "null"),
                    ("cd", "null"),
                    ("fn", "null"),
                    ("cid", "<smil>"),
                    ("cl", "smil.xml"),
                    ("ctt_s", "null"),
                    ("ctt_t", "null"),
                    ("text", SMIL),
                ],
                6,
            )
        )
    parts.append(_element("part", [("seq", "0"), ("ct", "text/plain"), *part], 6))
    frm = T.CONTACTS[sender][0] if received else T.OWN_NUMBER
    addrs = [(frm, "137")] + [(T.CONTACTS[p][0] if p else T.OWN_NUMBER, "151") for p in to]
    if received:
        addrs.append((T.OWN_NUMBER, "151"))
    return [
        _element("mms", attrs, 2, close=False),
        "    <parts>",
        *parts,
        "    </parts>",
        "    <addrs>",
        *(_element("addr", [("address", a), ("type", t), ("charset", "106")], 6) for a, t in addrs),
        "    </addrs>",
        "  </mms>",
    ]


def sms_xml() -> str:
    backup = from_london(T.BACKUP_TIME)
    local = to_london(backup)
    lines = [
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
        f"<!--File Created By SMS Backup & Restore v{T.SMS_APP_VERSION} on {local:%d/%m/%Y %H:%M:%S}-->",
        "<!--",
        "",
        "To view this file in a more readable format, visit https://synctech.com.au/view-backup/",
        "",
        "-->",
        f'<smses count="{len(T.SMS) + len(T.MMS)}" backup_set="{T.BACKUP_SET}" '
        f'backup_date="{round(backup.timestamp() * 1000)}" type="full">',
        *(sms_line(*m) for m in T.SMS),
    ]
    for n, m in enumerate(T.MMS):
        lines += mms_lines(n, *m)
    lines.append("</smses>")
    return "\n".join(lines)


# --- checks ----------------------------------------------------------------------------------------------------------


def _zone():
    try:
        from zoneinfo import ZoneInfo

        return ZoneInfo("Europe/London")
    except Exception:  # noqa: BLE001 - no time zone database here: the UK rule above is the check
        return None


def check_times() -> int:
    """The UK rule against the system's time zone database where there is one (both ways, for every time
    written); the messages in order; summer time starts within both documents. Returns the times checked."""
    zone = _zone()
    stamps = [m[0] for m in T.MESSAGES] + [e for m in T.MESSAGES for k, e in m[3].items() if k == "edited"]
    stamps += [m[0] for m in T.SMS] + [m[0] for m in T.MMS] + [T.BACKUP_TIME]
    for s in stamps:
        utc = from_london(s)
        assert to_london(utc) == dt.datetime.fromisoformat(s)
        if zone is not None:
            assert dt.datetime.fromisoformat(s).replace(tzinfo=zone).astimezone(UTC) == utc, s
    for seq in ([m[0] for m in T.MESSAGES], [m[0] for m in T.SMS], [m[0] for m in T.MMS]):
        assert seq == sorted(seq)
    bst = dt.datetime(2027, 3, 28, 1, tzinfo=UTC)
    for seq in ([m[0] for m in T.MESSAGES], [m[0] for m in T.SMS]):
        assert from_london(seq[0]) < bst < from_london(seq[-1])
    assert _last_sunday(2027, 3) == dt.date(2027, 3, 28) and _last_sunday(2027, 10) == dt.date(2027, 10, 31)
    return len(stamps)


def check_chat(text: str) -> int:
    """The export parses; its messages are those written, in order, each with its date matching its unix time in
    Europe/London; a reply or a pin points at an earlier message; text_entities spell the text; every weekday
    beside a date is right. Returns the weekdays checked."""
    data = json.loads(text)
    assert list(data) == ["name", "type", "id", "messages"] and data["type"] == "private_group"
    messages = data["messages"]
    assert len(messages) == len(T.MESSAGES) and 80 <= len(messages) <= 150
    seen = set()
    for m, (when, _who, written, extra) in zip(messages, T.MESSAGES):
        assert m["date"] == when.replace(" ", "T")
        utc = dt.datetime.fromtimestamp(int(m["date_unixtime"]), UTC)
        assert to_london(utc) == dt.datetime.fromisoformat(when)
        for key in ("reply_to_message_id", "message_id"):
            if key in m:
                assert m[key] in seen, m["id"]
        if "edited" in m:
            assert int(m["edited_unixtime"]) > int(m["date_unixtime"])
        seen.add(m["id"])
        text_of = (
            m["text"]
            if isinstance(m["text"], str)
            else "".join(p if isinstance(p, str) else p["text"] for p in m["text"])
        )
        assert text_of == "".join(e["text"] for e in m["text_entities"]) == tg_plain(written)
        assert ("action" in m) == (m["type"] == "service") == ("action" in extra)
    kinds = {e["type"] for m in messages for e in m["text_entities"]}
    assert kinds >= {"plain", "bold", "link", "phone", "mention", "hashtag"}
    assert sum("poll" in m for m in messages) == 1 and any("forwarded_from" in m for m in messages)
    assert {m.get("action") for m in messages} >= {"create_group", "pin_message", "invite_members"}
    return sum(check_weekdays(tg_plain(m[2])) for m in T.MESSAGES)


def check_notes(files: dict[str, str]) -> int:
    """Each item's file is named after its id and ends with its type; the notes' parents are notebooks, the
    note-tag links' notes and tags exist; the glaze batches add up, the kiln's running costs follow from its meter,
    the wholesale prices are 55% of retail and the café's order adds up. Returns the weekdays checked."""
    types = {}
    for name, text in files.items():
        assert re.fullmatch(r"[0-9a-f]{32}\.md", name) and not text.endswith("\n")
        props = dict(re.findall(r"^([a-z_]+): (.*)$", text.split("\n\n")[-1], re.M))
        assert props["id"] == name[:-3]
        types[props["id"]] = (int(props["type_"]), props.get("parent_id"))
    parents = {parent for kind, parent in types.values() if kind == 1}
    assert parents <= {i for i, (kind, _) in types.items() if kind == 2} and len(parents) == len(T.NOTEBOOKS)
    counts = [kind for kind, _ in types.values()]
    assert [counts.count(k) for k in (1, 2, 5, 6)] == [
        len(T.NOTES),
        len(T.NOTEBOOKS),
        len(T.TAGS),
        len(T.NOTE_TAGS),
    ]
    for _, note, tag, _ in T.NOTE_TAGS:
        assert types[T.NOTES[note][2]][0] == 1 and types[T.TAGS[tag][1]][0] == 5
    assert {(n, t) for _, n, t, _ in T.NOTE_TAGS} == {(n, t) for n, note in T.NOTES.items() for t in note[5]}
    # the celadon's batch, the kiln's costs, the prices, the café's order
    glazes = T.NOTES["glazes"][6]
    grams = [
        int(g) for g in re.findall(r"^\| (?:Potash|Silica|Whiting|China|Talc)[^|]*\| (\d+) \|$", glazes, re.M)
    ]
    assert len(grams) == 5 and sum(grams) == 1000 and "**Total** | **1000**" in glazes
    for pct, grams_ in re.findall(r"(\d+(?:\.\d+)?)% \((\d+) g\)", glazes):
        assert round(float(pct) * 10) == int(grams_)
    kiln = T.NOTES["kiln"][6]
    assert "31 kWh" in kiln and f"£{31 * 27.4 / 100:.2f}" in kiln and f"£{24 * 27.4 / 100:.2f}" in kiln
    prices = re.findall(r"^\| [^|]+ \| [^|]+ \| £(\d+) \| £(\d+) \|$", T.NOTES["prices"][6], re.M)
    assert len(prices) == 8 and all(int(w) == int(float(r) * 0.55 + 0.5) for r, w in prices)
    larder = T.NOTES["larder"][6]
    rows = re.findall(r"\| (\d+) \| £(\d+)\.00 \| £(\d+)\.00 \|", larder)
    assert all(int(q) * int(each) == int(total) for q, each, total in rows)
    whole = sum(int(t) for *_, t in rows)
    assert f"**£{whole}.00**" in larder and f"(£{whole // 2}.00)" in larder
    wholesale = dict(
        re.findall(r"^\| (Mug|Side plate) \| [^|]+ \| £\d+ \| £(\d+) \|$", T.NOTES["prices"][6], re.M)
    )
    assert (
        f"£{wholesale['Mug']}.00" in larder and f"£{wholesale['Side plate']}.00" in larder
    )  # the café's prices
    return sum(check_weekdays(text) for text in files.values())


def check_sms(text: str) -> int:
    """The backup parses as XML; its count is its messages'; each SMS's readable_date is its date in Europe/London
    and its body what was written; each MMS has its text part and a from address; every weekday beside a date is
    right. Returns the weekdays checked."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(text.encode("utf-8"))
    smses, mmses = root.findall("sms"), root.findall("mms")
    assert int(root.get("count")) == len(smses) + len(mmses) and 60 <= len(smses) + len(mmses) <= 120
    for e, (when, who, kind, body) in zip(smses, T.SMS):
        utc = dt.datetime.fromtimestamp(int(e.get("date")) / 1000, UTC)
        assert e.get("readable_date") == readable(utc) and to_london(utc) == dt.datetime.fromisoformat(when)
        assert e.get("body") == body and e.get("type") == str(kind) and e.get("address") == T.CONTACTS[who][0]
    for e, (_when, _sender, _to, body) in zip(mmses, T.MMS):
        texts = [p.get("text") for p in e.iter("part") if p.get("ct") == "text/plain"]
        assert texts == [body] and [a.get("type") for a in e.iter("addr")].count("137") == 1
    # an emoji as a character reference, a symbol of the Basic Multilingual Plane as UTF-8
    assert "&#128514;" in text and "\u2705" in text
    return sum(check_weekdays(m[3]) for m in T.SMS) + sum(check_weekdays(m[3]) for m in T.MMS)


def files() -> dict[str, bytes]:
    made = {f"{T.CHAT_FOLDER}/result.json": chat_json().encode("utf-8")}
    made |= {f"{T.JOPLIN_FOLDER}/{name}": text.encode("utf-8") for name, text in joplin_files().items()}
    made[T.SMS_NAME] = sms_xml().encode("utf-8")
    return made


def check(made: dict[str, bytes]) -> int:
    n = check_times()
    n += check_chat(made[f"{T.CHAT_FOLDER}/result.json"].decode("utf-8"))
    n += check_notes(
        {k.split("/", 1)[1]: v.decode("utf-8") for k, v in made.items() if k.startswith(T.JOPLIN_FOLDER)}
    )
    n += check_sms(made[T.SMS_NAME].decode("utf-8"))
    return n


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
