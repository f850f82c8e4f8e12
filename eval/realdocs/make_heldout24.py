"""Generate the private documents of the realdocs ``heldout24`` part under ``files/private24/``: a small bookshop's
Slack workspace as Slack's "Export data" gives it for a free workspace (``<workspace> Slack export <from> - <to>/``:
``users.json``, ``channels.json``, ``integration_logs.json`` and a folder a public channel of ``YYYY-MM-DD.json``
files, one a day with messages, each a JSON array of message objects with ``ts``, ``user``, ``text`` in Slack's
markup (``<@U...>`` mentions, ``<#C...|name>`` channel links, ``<url|text>`` links, ``:emoji:`` codes), rich-text
``blocks``, ``user_profile``, threads (``thread_ts``, ``reply_count``, ``replies``), ``reactions``, ``edited``,
``files`` and ``channel_join`` messages; written as Slack writes them: four spaces an indentation level, ``/``
escaped as ``\\/``, characters other than ASCII as ``\\uXXXX``, no newline at the end), a family's Google Keep notes as
Google Takeout exports them (``Takeout/Keep/``: a note's ``<title>.json``, one line, and ``<title>.html``, an XHTML
page, for each note, text notes and checklists, labels, pinned, archived and trashed notes, timestamps in
microseconds; ``Labels.txt``), and the family's joint current account statement for March 2027 as the building
society's "Money (OFX)" download (OFX 1.02: the SGML header, then ``<OFX>`` with a sign-on response and a bank
statement of ``STMTTRN`` records, an element a line, leaf elements unclosed, CRLF line ends).

    python eval/realdocs/make_heldout24.py          # rewrite them; the output is the same on every run

Standard library only; everything is fixed text and fixed times, so a rerun gives the same bytes. Every weekday
written next to a date is checked against the calendar; each Slack message's ``ts`` against its day file and its
thread; the statement's balance against its opening balance and its transactions.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
import uuid
from pathlib import Path

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout24 (the tests, check.py)
    import heldout24_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import check_weekdays
except ImportError:
    from eval.realdocs import heldout24_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private24"
UTC = dt.UTC


def _epoch(when: str) -> int:
    return int(dt.datetime.strptime(when, "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC).timestamp())


# --- Slack ------------------------------------------------------------------------------------------------------------


def slack_json(value) -> str:
    """JSON as Slack's export writes it (PHP's JSON_PRETTY_PRINT): four spaces an indentation level, ``": "``,
    characters other than ASCII as ``\\uXXXX``, ``/`` as ``\\/``, no newline at the end."""
    return json.dumps(value, indent=4, ensure_ascii=True).replace("/", "\\/")


def _ts(key: str) -> str:
    """A message's ``ts``: its second, then six digits that keep messages of one second apart (Slack's own)."""
    i = next(n for n, m in enumerate(T.MESSAGES) if m[0] == key)
    return f"{_epoch(T.MESSAGES[i][2])}.{(i * 37 + 100) % 1000000:06d}"


def _uid(who: str) -> str:
    return T.USERS[who][0]


def _profile(who: str) -> dict:
    uid, name, real, display, _, avatar, _, _ = T.USERS[who]
    return {
        "avatar_hash": avatar,
        "image_72": f"https://secure.gravatar.com/avatar/{avatar[1:]}.jpg?s=72&d=https%3A%2F%2Fa.slack-edge.com"
        "%2Fdf10d%2Fimg%2Favatars%2Fava_0001-72.png",
        "first_name": real.split()[0],
        "real_name": real,
        "display_name": display,
        "team": T.TEAM,
        "name": name,
        "is_restricted": False,
        "is_ultra_restricted": False,
    }


_MARKUP = re.compile(
    r"<@(U\w+)>|<#(C\w+)\|([^>]*)>|<(https?://[^|>]+)\|([^>]*)>|:([a-z0-9_+-]+):|\*([^*]+)\*"
)


def rich_text(text: str) -> list[dict]:
    """The message's ``blocks``: one ``rich_text`` block whose section holds the text's pieces as Slack's clients
    send them (text, user, channel, link, emoji, bold text)."""
    out: list[dict] = []
    at = 0
    for m in _MARKUP.finditer(text):
        if m.start() > at:
            out.append({"type": "text", "text": text[at : m.start()]})
        if m[1]:
            out.append({"type": "user", "user_id": m[1]})
        elif m[2]:
            out.append({"type": "channel", "channel_id": m[2]})
        elif m[4]:
            out.append({"type": "link", "url": m[4], "text": m[5]})
        elif m[6]:
            out.append({"type": "emoji", "name": m[6]})
        else:
            out.append({"type": "text", "text": m[7], "style": {"bold": True}})
        at = m.end()
    if at < len(text):
        out.append({"type": "text", "text": text[at:]})
    return out


def _block_id(key: str) -> str:
    return uuid.uuid5(uuid.NAMESPACE_URL, f"slack-block/{key}").hex[:4].replace("0", "X")


def _file(key: str, who: str, when: str, spec) -> dict:
    name, mimetype, filetype, pretty, size = spec
    fid = "F05" + uuid.uuid5(uuid.NAMESPACE_URL, f"slack-file/{key}").hex[:8].upper()
    slug = name.lower().replace(" ", "_")
    return {
        "id": fid,
        "created": _epoch(when),
        "timestamp": _epoch(when),
        "name": name,
        "title": name,
        "mimetype": mimetype,
        "filetype": filetype,
        "pretty_type": pretty,
        "user": _uid(who),
        "user_team": T.TEAM,
        "editable": False,
        "size": size,
        "mode": "hosted",
        "is_external": False,
        "external_type": "",
        "is_public": True,
        "public_url_shared": False,
        "display_as_bot": False,
        "username": "",
        "url_private": f"https://files.slack.com/files-pri/{T.TEAM}-{fid}/{slug}",
        "url_private_download": f"https://files.slack.com/files-pri/{T.TEAM}-{fid}/download/{slug}",
        "permalink": f"https://larchandquill.slack.com/files/{_uid(who)}/{fid}/{slug}",
        "permalink_public": f"https://slack-files.com/{T.TEAM}-{fid}-{fid[3:].lower()}",
        "is_starred": False,
        "has_rich_preview": False,
        "file_access": "visible",
    }


def message(key: str) -> dict:
    """A message object as the export writes it."""
    _, channel, when, who, text, extra = next(m for m in T.MESSAGES if m[0] == key)
    if extra.get("join"):
        return {
            "type": "message",
            "subtype": "channel_join",
            "ts": _ts(key),
            "user": _uid(who),
            "text": f"<@{_uid(who)}> has joined the channel",
        }
    msg: dict = {}
    if "file" not in extra:
        msg["client_msg_id"] = str(uuid.uuid5(uuid.NAMESPACE_URL, f"slack-msg/{key}"))
    msg |= {"type": "message", "text": text}
    if "file" in extra:
        msg["files"] = [_file(key, who, when, extra["file"])]
        msg["upload"] = False
    msg |= {"user": _uid(who), "ts": _ts(key)}
    if "edited" in extra:
        msg["edited"] = {"user": _uid(who), "ts": f"{_epoch(extra['edited'])}.000000"}
    msg["blocks"] = [
        {
            "type": "rich_text",
            "block_id": _block_id(key),
            "elements": [{"type": "rich_text_section", "elements": rich_text(text)}],
        }
    ]
    if "file" in extra:
        msg["display_as_bot"] = False
    msg |= {"team": T.TEAM, "user_team": T.TEAM, "source_team": T.TEAM, "user_profile": _profile(who)}
    replies = [m for m in T.MESSAGES if m[5].get("thread") == key]
    if "thread" in extra:
        parent = next(m for m in T.MESSAGES if m[0] == extra["thread"])
        msg["thread_ts"] = _ts(parent[0])
        msg["parent_user_id"] = _uid(parent[3])
    elif replies:
        msg |= {
            "thread_ts": _ts(key),
            "reply_count": len(replies),
            "reply_users_count": len({r[3] for r in replies}),
            "latest_reply": _ts(replies[-1][0]),
            "reply_users": list(dict.fromkeys(_uid(r[3]) for r in replies)),
            "replies": [{"user": _uid(r[3]), "ts": _ts(r[0])} for r in replies],
            "is_locked": False,
            "subscribed": False,
        }
    if "reactions" in extra:
        msg["reactions"] = [
            {"name": name, "users": [_uid(u) for u in users], "count": len(users)}
            for name, users in extra["reactions"]
        ]
    return msg


def slack_files() -> dict[str, str]:
    users = []
    for who, (uid, name, real, display, title, avatar, colour, mail) in T.USERS.items():
        users.append(
            {
                "id": uid,
                "team_id": T.TEAM,
                "name": name,
                "deleted": False,
                "color": colour,
                "real_name": real,
                "tz": "Europe/London",
                "tz_label": "Greenwich Mean Time",
                "tz_offset": 0,
                "profile": {
                    "title": title,
                    "phone": "",
                    "skype": "",
                    "real_name": real,
                    "real_name_normalized": real,
                    "display_name": display,
                    "display_name_normalized": display,
                    "fields": None,
                    "status_text": "",
                    "status_emoji": "",
                    "status_emoji_display_info": [],
                    "status_expiration": 0,
                    "avatar_hash": avatar,
                    "email": mail,
                    "first_name": real.split()[0],
                    "last_name": real.split()[1],
                    "image_24": _profile(who)["image_72"].replace("s=72", "s=24").replace("-72", "-24"),
                    "image_72": _profile(who)["image_72"],
                    "status_text_canonical": "",
                    "team": T.TEAM,
                },
                "is_admin": who in ("ruth", "tomasz"),
                "is_owner": who == "ruth",
                "is_primary_owner": who == "ruth",
                "is_restricted": False,
                "is_ultra_restricted": False,
                "is_bot": False,
                "is_app_user": False,
                "updated": _epoch(T.CHANNELS["general"][3]) + 3600 * (1 + list(T.USERS).index(who)),
                "is_email_confirmed": True,
                "who_can_share_contact_card": "EVERYONE",
            }
        )
    channels = []
    for name, (cid, purpose, topic, created) in T.CHANNELS.items():
        channels.append(
            {
                "id": cid,
                "name": name,
                "created": _epoch(created),
                "creator": _uid("ruth"),
                "is_archived": False,
                "is_general": name == "general",
                "members": [u[0] for u in T.USERS.values()],
                "topic": {
                    "value": topic,
                    "creator": _uid("ruth") if topic else "",
                    "last_set": _epoch(created) if topic else 0,
                },
                "purpose": {"value": purpose, "creator": _uid("ruth"), "last_set": _epoch(created)},
            }
        )
    logs = [
        {
            "service_id": "B05K2R4GD7Q",
            "service_type": "Google Drive",
            "user_id": _uid("ruth"),
            "user_name": T.USERS["ruth"][1],
            "date": str(_epoch(T.DRIVE_ADDED)),
            "change_type": "added",
            "scope": "incoming-webhook",
        }
    ]
    files = {
        "users.json": slack_json(users),
        "channels.json": slack_json(channels),
        "integration_logs.json": slack_json(logs),
    }
    days: dict[str, list[str]] = {}
    for key, channel, when, *_ in T.MESSAGES:
        days.setdefault(f"{channel}/{when[:10]}.json", []).append(key)
    for path, keys in sorted(days.items()):
        files[path] = slack_json(sorted((message(k) for k in keys), key=lambda m: float(m["ts"])))
    return {f"{T.SLACK_FOLDER}/{k}": v for k, v in files.items()}


def check_slack(files: dict[str, str]) -> int:
    """Every message is in its channel's file of its UTC day, in ts order; replies point at an earlier message of
    the same channel, which lists them; mentions and channel links name the workspace's users and channels; the
    text is ASCII with ``\\/`` for every slash, as Slack writes it. Returns how many weekdays were checked."""
    users = {u[0] for u in T.USERS.values()}
    channels = {c[0]: n for n, c in T.CHANNELS.items()}
    n = 0
    for path, text in files.items():
        assert text.isascii() and "/" not in text.replace("\\/", "") and not text.endswith("\n"), path
        data = json.loads(text)
        if not re.search(r"/\d{4}-\d\d-\d\d\.json$", path):
            continue
        day = path[-15:-5]
        channel = path.split("/")[-2]
        stamps = [float(m["ts"]) for m in data]
        assert stamps == sorted(stamps) and len(set(stamps)) == len(stamps)
        for m in data:
            when = dt.datetime.fromtimestamp(float(m["ts"]), UTC)
            assert when.date().isoformat() == day and when < dt.datetime(2027, 3, 28, 1, tzinfo=UTC)
            assert m["user"] in users
            for uid in re.findall(r"<@(U\w+)>", m["text"]):
                assert uid in users
            for cid, name in re.findall(r"<#(C\w+)\|([^>]*)>", m["text"]):
                assert channels[cid] == name
            if "thread_ts" in m and m["thread_ts"] != m["ts"]:
                parent = next(p for p in T.MESSAGES if _ts(p[0]) == m["thread_ts"])
                assert parent[1] == channel and float(m["thread_ts"]) < float(m["ts"])
                assert {"user": m["user"], "ts": m["ts"]} in message(parent[0])["replies"]
            if "edited" in m:
                assert float(m["edited"]["ts"]) > float(m["ts"])
            for r in m.get("reactions", []):
                assert r["count"] == len(r["users"]) and set(r["users"]) <= users
            n += check_weekdays(m["text"])
    assert sum(1 for p in files if p.endswith("/users.json")) == 1
    return n


# --- Google Keep ------------------------------------------------------------------------------------------------------

KEEP_STYLE = """\
body {
  background: #fff;
  margin: 0;
  padding: 0;
}
.note {
  background-color: #fff;
  border: 1px solid #ccc;
  border-radius: 2px;
  box-shadow: 0 1px 2px rgba(0, 0, 0, 0.12);
  box-sizing: border-box;
  font-family: 'Roboto Condensed', arial, sans-serif;
  font-size: 14px;
  margin: 20px auto;
  max-width: 600px;
  padding: 16px;
  position: relative;
}
.note .heading {
  color: rgba(0, 0, 0, 0.54);
  font-size: 12px;
  margin-bottom: 8px;
}
.note .meta-icons {
  float: right;
}
.note .meta-icons > span {
  display: inline-block;
  height: 20px;
  margin-left: 8px;
  opacity: 0.54;
  width: 20px;
}
.note .title {
  font-size: 17px;
  font-weight: bold;
  line-height: 23px;
  margin-bottom: 8px;
}
.note .content {
  font-size: 14px;
  line-height: 19px;
  white-space: pre-wrap;
  word-wrap: break-word;
}
.note .listitem {
  display: flex;
  margin: 4px 0;
}
.note .listitem .bullet {
  flex-shrink: 0;
  margin-right: 8px;
}
.note .listitem.checked .text {
  color: rgba(0, 0, 0, 0.54);
  text-decoration: line-through;
}
.note .chips {
  margin-top: 12px;
}
.note .chip {
  background-color: rgba(0, 0, 0, 0.08);
  border-radius: 2px;
  display: inline-block;
  font-size: 11px;
  margin: 4px 4px 0 0;
  padding: 3px 6px;
}
.DEFAULT { background-color: #fff; }
.RED { background-color: #f28b82; }
.ORANGE { background-color: #fbbc04; }
.YELLOW { background-color: #fff475; }
.GREEN { background-color: #ccff90; }
.TEAL { background-color: #a7ffeb; }
.BLUE { background-color: #cbf0f8; }
.CERULEAN { background-color: #aecbfa; }
.PURPLE { background-color: #d7aefb; }
.PINK { background-color: #fdcfe8; }
.BROWN { background-color: #e6c9a8; }
.GRAY { background-color: #e8eaed; }
"""
ICONS = {
    "pinned": ("Note pinned", "M16 9V4h1c.55 0 1-.45 1-1s-.45-1-1-1H7c-.55 0-1 .45-1 1s.45 1 1 1h1v5c0 1.66-1.34 3-3 3v2h5.97v7l1 1 1-1v-7H19v-2c-1.66 0-3-1.34-3-3z"),
    "archived": ("Note archived", "M20.54 5.23l-1.39-1.68C18.88 3.21 18.47 3 18 3H6c-.47 0-.88.21-1.16.55L3.46 5.23C3.17 5.57 3 6.02 3 6.5V19c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V6.5c0-.48-.17-.93-.46-1.27zM12 17.5L6.5 12H10v-2h4v2h3.5L12 17.5zM5.12 5l.81-1h12l.96 1H5.12z"),
    "trashed": ("Note in trash", "M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z"),
}  # fmt: skip


def _usec(when: str) -> int:
    """Microseconds since the epoch, with a fixed fraction of a second from the time's digits (as Keep keeps)."""
    return _epoch(when) * 1_000_000 + int(re.sub(r"\D", "", when)[-6:]) * 7 % 1_000_000


def _shown(when: str) -> str:
    """A time as the Takeout page shows it (the account's locale, en-GB): "2 Mar 2027, 21:14:05"."""
    t = dt.datetime.strptime(when, "%Y-%m-%d %H:%M:%S")
    return f"{t.day} {t:%b %Y, %H:%M:%S}"


def _para(line: str) -> str:
    style = "line-height:1.38;margin-top:0.0pt;margin-bottom:0.0pt;"
    return f'<p dir="ltr" style="{style}"><span>{html.escape(line, quote=False)}</span></p>'


def keep_json(note) -> str:
    """A note's .json: one line, as Takeout writes it (no spaces, characters other than ASCII as they are)."""
    title, created, edited, colour, pinned, archived, trashed, labels, body = note
    data: dict = {
        "color": colour,
        "isTrashed": trashed,
        "isPinned": pinned,
        "isArchived": archived,
    }
    if isinstance(body, str):
        data["textContent"] = body
    else:
        data["listContent"] = [
            {"textHtml": _para(item), "text": item, "isChecked": ticked} for item, ticked in body
        ]
    data |= {"title": title, "userEditedTimestampUsec": _usec(edited), "createdTimestampUsec": _usec(created)}
    if isinstance(body, str):
        data["textContentHtml"] = "".join(_para(line) if line else "<br>" for line in body.split("\n"))
    if labels:
        data["labels"] = [{"name": label} for label in labels]
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def keep_html(note) -> str:
    """A note's .html: the XHTML page Takeout writes, its content on one line (``<br>`` between a text note's
    lines) and a checklist's items three lines each."""
    title, created, edited, colour, pinned, archived, trashed, labels, body = note
    icons = [k for k, on in (("pinned", pinned), ("archived", archived), ("trashed", trashed)) if on]
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" '
        '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">',
        '<html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="Content-Type" '
        'content="text/html; charset=UTF-8"/><title>' + html.escape(title, quote=False) + "</title>",
        '<style type="text/css">',
        KEEP_STYLE.rstrip("\n"),
        "</style></head>",
        f'<body><div class="note {colour}"><div class="heading"><div class="meta-icons">',
    ]
    for icon in icons:
        label, path = ICONS[icon]
        out.append(
            f'<span class="{icon}" title="{label}"><svg xmlns="http://www.w3.org/2000/svg" width="24" '
            f'height="24" viewBox="0 0 24 24"><path fill="#000" d="{path}"/></svg></span>'
        )
    out += [
        "</div>",
        f"{_shown(edited)}</div>",
        f'<div class="title">{html.escape(title, quote=False)}</div>',
        "",
    ]
    if isinstance(body, str):
        out.append(
            '<div class="content">'
            + "<br>".join(html.escape(x, quote=False) for x in body.split("\n"))
            + "</div>"
        )
    else:
        items = []
        for item, ticked in body:
            items.append(
                f'<div class="listitem{" checked" if ticked else ""}"><span class="bullet">'
                f"{'&#9745;' if ticked else '&#9744;'}</span>\n"
                f'<span class="text">{html.escape(item, quote=False)}</span>\n'
            )
        out.append('<div class="content">' + "</div>".join(items) + "</div></div>")
    out += ["", ""]
    if labels:
        chips = "".join(
            f'<span class="chip label"><span class="label-name">{html.escape(x, quote=False)}</span></span>'
            for x in labels
        )
        out.append(f'<div class="chips">{chips}</div>')
    out.append("</div></body></html>")
    return "\n".join(out)


def keep_files() -> dict[str, str]:
    files = {}
    for note in T.NOTES:
        files[f"{note[0]}.json"] = keep_json(note)
        files[f"{note[0]}.html"] = keep_html(note)
    files["Labels.txt"] = "".join(f"{label}\n" for label in T.LABELS)
    return {f"{T.KEEP_FOLDER}/{k}": v for k, v in files.items()}


def check_keep(files: dict[str, str]) -> int:
    """Each note has its .json (one line) and .html (the same title, text and items); times are before the export;
    a checklist's ticked items follow its unticked ones (Keep's default); labels are the account's."""
    n = 0
    for note in T.NOTES:
        title, created, edited, _, _, _, _, labels, body = note
        data = json.loads(files[f"{T.KEEP_FOLDER}/{title}.json"])
        page = files[f"{T.KEEP_FOLDER}/{title}.html"]
        assert "\n" not in files[f"{T.KEEP_FOLDER}/{title}.json"] and data["title"] == title
        assert created < edited < T.KEEP_EXPORTED and set(labels) <= set(T.LABELS)
        assert data["createdTimestampUsec"] // 1_000_000 == _epoch(created)
        if isinstance(body, str):
            assert data["textContent"] == body and html.escape(body.split("\n")[0], quote=False) in page
            n += check_weekdays(body)
        else:
            ticks = [t for _, t in body]
            assert ticks == sorted(ticks) and [i["text"] for i in data["listContent"]] == [i for i, _ in body]
            assert page.count('class="listitem') == len(body)
    return n


# --- the bank statement -----------------------------------------------------------------------------------------------


def _amount(value: float) -> str:
    return f"{value:.2f}"


def ofx_lines() -> list[str]:
    sort_code, account, kind = T.OFX_BANK
    balance = round(T.OFX_OPENING + sum(t[2] for t in T.TRANSACTIONS), 2)
    out = [
        "OFXHEADER:100",
        "DATA:OFXSGML",
        "VERSION:102",
        "SECURITY:NONE",
        "ENCODING:USASCII",
        "CHARSET:1252",
        "COMPRESSION:NONE",
        "OLDFILEUID:NONE",
        "NEWFILEUID:NONE",
        "",
        "<OFX>",
        "<SIGNONMSGSRSV1>",
        "<SONRS>",
        "<STATUS>",
        "<CODE>0",
        "<SEVERITY>INFO",
        "</STATUS>",
        f"<DTSERVER>{T.OFX_SERVER}",
        "<LANGUAGE>ENG",
        "</SONRS>",
        "</SIGNONMSGSRSV1>",
        "<BANKMSGSRSV1>",
        "<STMTTRNRS>",
        "<TRNUID>1",
        "<STATUS>",
        "<CODE>0",
        "<SEVERITY>INFO",
        "</STATUS>",
        "<STMTRS>",
        "<CURDEF>GBP",
        "<BANKACCTFROM>",
        f"<BANKID>{sort_code}",
        f"<ACCTID>{sort_code}{account}",
        f"<ACCTTYPE>{kind}",
        "</BANKACCTFROM>",
        "<BANKTRANLIST>",
        f"<DTSTART>{T.TRANSACTIONS[0][0]}",
        f"<DTEND>{T.TRANSACTIONS[-1][0]}",
    ]
    seq: dict[str, int] = {}
    for date, kind, amount, name, memo in T.TRANSACTIONS:
        seq[date] = seq.get(date, 0) + 1
        out += [
            "<STMTTRN>",
            f"<TRNTYPE>{kind}",
            f"<DTPOSTED>{date}",
            f"<TRNAMT>{_amount(amount)}",
            f"<FITID>{date}{account[-4:]}{seq[date]:03d}",
            f"<NAME>{html.escape(name, quote=False)}",
            f"<MEMO>{html.escape(memo, quote=False)}",
            "</STMTTRN>",
        ]
    out += [
        "</BANKTRANLIST>",
        "<LEDGERBAL>",
        f"<BALAMT>{_amount(balance)}",
        f"<DTASOF>{T.TRANSACTIONS[-1][0]}",
        "</LEDGERBAL>",
        "<AVAILBAL>",
        f"<BALAMT>{_amount(balance + 500)}",  # the arranged overdraft of £500 on top
        f"<DTASOF>{T.TRANSACTIONS[-1][0]}",
        "</AVAILBAL>",
        "</STMTRS>",
        "</STMTTRNRS>",
        "</BANKMSGSRSV1>",
        "</OFX>",
    ]
    return out


def ofx_text() -> str:
    return "\r\n".join(ofx_lines()) + "\r\n"


def check_ofx(text: str) -> None:
    """The header is OFX 1.02's; every transaction's name fits OFX's 32 characters and its date is in the
    statement's range, in order; the ledger balance is the opening balance and the transactions; every tag is one
    OFX knows, aggregates opened and closed in order."""
    lines = text.split("\r\n")
    assert lines[:3] == ["OFXHEADER:100", "DATA:OFXSGML", "VERSION:102"] and text.isascii()
    dates = [t[0] for t in T.TRANSACTIONS]
    assert dates == sorted(dates) and all(len(t[3]) <= 32 for t in T.TRANSACTIONS)
    balance = round(T.OFX_OPENING + sum(t[2] for t in T.TRANSACTIONS), 2)
    assert f"<LEDGERBAL>\r\n<BALAMT>{balance:.2f}\r\n" in text
    stack = []
    for line in lines[lines.index("<OFX>") :]:
        if line.startswith("</"):
            assert stack.pop() == line[2:-1]
        elif line.startswith("<") and line.endswith(">"):
            stack.append(line[1:-1])
    assert stack == [] and text.count("<STMTTRN>") == len(T.TRANSACTIONS)


# --- all of it --------------------------------------------------------------------------------------------------------


def files() -> dict[str, bytes]:
    made = {k: v.encode("utf-8") for k, v in slack_files().items()}
    made |= {k: v.encode("utf-8") for k, v in keep_files().items()}
    made[T.OFX_NAME] = ofx_text().encode("ascii")
    return made


def check(made: dict[str, bytes]) -> int:
    n = check_slack({k: v.decode("utf-8") for k, v in made.items() if k.startswith(T.SLACK_FOLDER)})
    n += check_keep({k: v.decode("utf-8") for k, v in made.items() if k.startswith(T.KEEP_FOLDER)})
    check_ofx(made[T.OFX_NAME].decode("ascii"))
    return n


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
