"""A chat exported by Telegram Desktop in its default format, HTML (``messages.html``, ``messages2.html`` ... beside
``css/``, ``js/`` and ``photos/``), read as the chat reads, a message a line, as its JSON export is
(engine.index.readers.messages).

Each message is a ``<div class="message default clearfix" id="message1234">``: its time in the title of its ``<div
class="pull_right date details" title="04.03.2027 21:12:33 UTC+00:00">``, its sender in ``<div class="from_name">``
(left out of a ``joined`` message, which is the sender before's), its words in ``<div class="text">`` (``<br>`` line
breaks, links, bold), a reply's ``<div class="reply_to details">`` pointing at ``#go_to_message1230``, a picture or a
file in ``<div class="media_wrap">``; a ``message service`` div is a day's heading or an event. Read as a web page,
an answer quoted the times and names run into the words ("21:12 Ann Rowe Ride's on ...").

Here every message is a line, "Thursday 4 March 2027 21:12 Ann Rowe: Ride's on for Sunday.", in this computer's time
zone, with what it answers ('(In reply to Tom: "Are we still on…")'), a photo as "(a photo)"; an event as its words;
the days' headings are not read (each line says its day). Every line is anchored at its message's div in the file,
so a citation names the message's lines. A page of another shape is read as a web page (``read_telegram_html`` is
None for it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from html.parser import HTMLParser

from engine.index.document import Page, line_starts
from engine.index.readers.messages import message_page, short_quote, stamp

READER_VERSION = 1

_MESSAGE = re.compile(r'<div class="message default clearfix(?: joined)?" id="message-?\d+"')
_WHEN = re.compile(r"(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})(?: UTC([+-])(\d{2}):(\d{2}))?")
_DAY_HEADING = re.compile(r"^\d{1,2} [A-Z][a-z]+ \d{4}$")
_BLOCK = frozenset({"br", "p", "div", "li", "blockquote", "pre"})


def is_telegram_html(text: str) -> bool:
    return _MESSAGE.search(text[:200000]) is not None and "from_name" in text


def _when(title: str) -> datetime | None:
    m = _WHEN.search(title or "")
    if m is None:
        return None
    d, mo, y, hh, mm, ss = (int(x) for x in m.groups()[:6])
    try:
        moment = datetime(y, mo, d, hh, mm, ss)
    except ValueError:
        return None
    if m.group(7):
        offset = timedelta(hours=int(m.group(8)), minutes=int(m.group(9)))
        moment = moment.replace(tzinfo=timezone(offset if m.group(7) == "+" else -offset)).astimezone()
    return moment


class _Reader(HTMLParser):
    """The export's messages: each a dict of its id, where it starts, when, who, words, reply and media."""

    def __init__(self, check: Callable[[], None]) -> None:
        super().__init__(convert_charrefs=True)
        self.check = check
        self.messages: list[dict] = []
        self.depth = 0  # <div> depth
        self.message: dict | None = None
        self.message_depth = 0
        self.part: tuple[str, int] | None = None  # (what the text being read is, the div depth it ends at)
        self.words: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        classes = a.get("class", "").split()
        if tag == "div":
            self.depth += 1
            if "message" in classes and ("default" in classes or "service" in classes):
                if len(self.messages) % 256 == 0:
                    self.check()
                self.message = {"id": a.get("id", ""), "at": self.getpos(), "joined": "joined" in classes,
                                "service": "service" in classes, "words": "", "who": "", "when": None,
                                "reply": "", "media": []}  # fmt: skip
                self.messages.append(self.message)
                self.message_depth = self.depth
            elif self.message is not None:
                if "date" in classes and "details" in classes and a.get("title"):
                    self.message["when"] = _when(a["title"])
                for name in ("from_name", "text", "reply_to", "body"):
                    if name in classes and self.part is None and (name != "body" or self.message["service"]):
                        self.part = (name, self.depth)
                        self.words = []
                        if name == "text":
                            self.message.pop("words_at", None)  # set at its first words (handle_data)
                if "media_wrap" in classes:
                    self.message["media"].append("(a file)")
        elif self.message is not None:
            if tag == "a" and self.part is not None and self.part[0] == "reply_to":
                self.message["reply"] = a.get("href", "").rsplit("go_to_", 1)[-1]
            elif tag == "a" and "photo_wrap" in a.get("class", ""):
                self.message["media"][-1:] = ["(a photo)"]
            elif tag == "a" and "video_file_wrap" in a.get("class", ""):
                self.message["media"][-1:] = ["(a video)"]
            elif tag in _BLOCK and self.part is not None:
                self.words.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag != "div":
            return
        if self.part is not None and self.depth == self.part[1] and self.message is not None:
            said = " ".join(
                " ".join(line.split()) for line in "".join(self.words).split("\n") if line.strip()
            )
            key = {"from_name": "who", "text": "words", "reply_to": "reply_words", "body": "words"}[
                self.part[0]
            ]
            self.message[key] = said
            self.part = None
        if self.message is not None and self.depth == self.message_depth:
            self.message = None
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.part is not None:
            self.words.append(data)
            if (
                self.part[0] == "text"
                and self.message is not None
                and "words_at" not in self.message
                and data.strip()
            ):
                line, col = self.getpos()
                lead = data[: len(data) - len(data.lstrip())]
                if "\n" in lead:  # the words start on a line below the tag
                    line, col = line + lead.count("\n"), len(lead) - lead.rfind("\n") - 1
                else:
                    col += len(lead)
                self.message["words_at"] = (line, col)


def read_telegram_html(text: str, check: Callable[[], None] = lambda: None) -> Page | None:
    """The page of a Telegram Desktop HTML export's messages; None when ``text`` is no such export."""
    if not is_telegram_html(text):
        return None
    reader = _Reader(check)
    reader.feed(text)
    reader.close()
    starts = line_starts(text)
    by_id: dict[str, dict] = {}
    lines: list[tuple[str, tuple[int, int], tuple[int, int] | None]] = []
    who, when = "", None
    for m in reader.messages:
        by_id[m["id"]] = m
        if m["service"]:
            said = m["words"]
            if said and not _DAY_HEADING.match(said):
                line, col = m["at"]
                lines.append(
                    ((f"{stamp(when)} " if when else "") + said, (line, starts[line - 1] + col), None)
                )
            continue
        who = m["who"] or (who if m["joined"] else "") or "Someone"
        m["who"] = who
        when = m["when"] or when
        body = " ".join(x for x in (m["words"], *m["media"]) if x)
        if not body:
            continue
        replied = by_id.get(m["reply"])
        if replied is not None:
            excerpt = short_quote(replied["words"] or " ".join(replied["media"]))
            body += f' (In reply to {replied["who"] or "a message"}: "{excerpt}")'
        line, col = m["at"]
        words_at = m.get("words_at")
        lines.append(
            (
                f"{stamp(when) if when else 'Undated'} {who}: {body}",
                (line, starts[line - 1] + col),
                (words_at[0], starts[words_at[0] - 1] + words_at[1]) if words_at else None,
            )
        )
    return message_page(lines) if lines else None
