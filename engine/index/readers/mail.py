"""E-mail: single messages (``.eml``, Apple Mail ``.emlx``) and mailboxes (``.mbox``), through the standard
library's ``email`` and ``mailbox``.

Each message is one page (a mailbox: page N is its N-th message). The page starts with the headers that say
what the message is (Subject as a heading, From, To, Cc, Date) so they are searchable and cited, then the plain
text body (HTML bodies reduced to their visible text when there is no plain part; a reply's quoted messages each
under its "On ... wrote:" line, without the "> " marks: engine.index.readers.replies), then each text attachment
under an "Attachment: name" heading (a CSV's rows each read under its header row: "Date: Sun 16 May 2027; Kick-off:
10:00; ..."). Lines are lines of that page text.

The standard library parses a header when it is asked for it, in time and memory that grow faster than the
header (200,000 encoded words in a Subject took 6 GB; 300,000 folded addresses, minutes). So every header is cut
to ``MAX_HEADER_CHARS`` before it is parsed, each parse checks the file's budgets first (``_BoundedPolicy``), and
a header the parser cannot read (comments nested thousands deep) is kept as its raw text.
"""

from __future__ import annotations

import email
import email.feedparser
import email.policy
import logging
import mailbox
import os
import tempfile
from dataclasses import replace
from email.message import EmailMessage

from engine.index.bounds import charge, no_check, short_reason
from engine.index.document import Block, ExtractError, Page, paragraph_blocks
from engine.index.readers.html import extract_html
from engine.index.readers.replies import reply_sections
from engine.index.tables import csv_cells, csv_header, labelled

log = logging.getLogger(__name__)

HEADERS = ("From", "To", "Cc", "Date")
TEXT_ATTACHMENT_TYPES = ("text/plain", "text/markdown", "text/csv", "text/x-rst", "text/html")
MAX_MESSAGES = 100_000
# A header longer than this is cut before it is parsed: parsing 8 KB takes at most ~0.3 s and tens of MB (an
# address list of ~400 recipients, a Subject of ~500 encoded words); real headers are far shorter.
MAX_HEADER_CHARS = 8192
# Parts inside parts: real mail nests a few levels (a forward of a reply with attachments). Deeper nesting costs
# the parser time for every line at every level, and at ~1,000 levels exhausts Python's recursion limit.
MAX_PART_DEPTH = 64
PART_BYTES = 2048  # what one parsed part holds (its message object, header list, payload list): charged
_FEED_BYTES = 1 << 20  # bytes fed to the parser between two budget checks
# 1: an HTML-only body's table rows, one line each (engine.index.readers.html); 2: a reply's quotes under their
# attribution lines, without their "> " marks (engine.index.readers.replies); 3: an HTML body's <summary>, <caption>
# or <legend> a block of its own; 4: a CSV attachment's rows read under its header row
READER_VERSION = 4


class _BoundedPolicy(email.policy.EmailPolicy):
    """``email.policy.default``, but a header is cut to ``MAX_HEADER_CHARS`` before it is parsed, every parse
    first calls ``check`` (the file's time budget and the user's cancel), and a header that cannot be parsed is
    its raw text, unfolded."""

    check = staticmethod(no_check)

    def header_fetch_parse(self, name, value):
        if hasattr(value, "name"):
            return value
        self.check()
        if len(value) > MAX_HEADER_CHARS:
            cut = value[:MAX_HEADER_CHARS]
            space = max(cut.rfind(" "), cut.rfind(","), cut.rfind("\n"))
            value = cut[:space] if space > MAX_HEADER_CHARS // 2 else cut
        try:
            return super().header_fetch_parse(name, value)
        except Exception:  # noqa: BLE001 - RecursionError (nested comments), and parser bugs
            return " ".join(value.split())


def _policy(check) -> _BoundedPolicy:
    return _BoundedPolicy(check=check)


class _BoundedParser(email.feedparser.BytesFeedParser):
    """The standard library's parser, refusing parts nested more than ``MAX_PART_DEPTH`` deep and charging each
    part to the file's memory budget as it is made."""

    def __init__(self, policy: _BoundedPolicy) -> None:
        super().__init__(policy=policy)
        self._check = policy.check

    def _new_message(self):
        if len(self._msgstack) >= MAX_PART_DEPTH:
            raise ExtractError(
                f"The message's parts are nested more than {MAX_PART_DEPTH} levels deep (parts inside parts); "
                "it was not read."
            )
        charge(self._check, PART_BYTES)
        return super()._new_message()


def _parse(data: bytes, policy: _BoundedPolicy) -> EmailMessage:
    """``email.message_from_bytes``, fed a megabyte at a time with the budgets checked in between."""
    parser = _BoundedParser(policy)
    view = memoryview(data)
    try:
        for i in range(0, len(data), _FEED_BYTES):
            parser.feed(bytes(view[i : i + _FEED_BYTES]))
            policy.check()
        return parser.close()
    except RecursionError as exc:
        raise ExtractError("The message's parts are nested too deeply to read.") from exc


def parse_message(data: bytes, check=no_check) -> EmailMessage:
    """A MIME message parsed within the file's budgets (a saved web page's MHTML: engine.index.readers.webpages)."""
    return _parse(data, _policy(check))


def extract_eml(data: bytes, apple_mail: bool = False, check=no_check) -> Page:
    if apple_mail:  # .emlx: a byte count line, the RFC 822 message, then an Apple property list
        first, _, rest = data.partition(b"\n")
        count = first.strip()
        if count.isdigit() and len(count) <= 12:
            data = rest[: int(count)]
    msg = _parse(data, _policy(check))
    if not msg.keys():
        raise ExtractError("The file is not an e-mail message (no headers).")
    charge(check, 3 * len(data))  # the message's lines, parts and payloads
    try:
        page = message_page(msg, None, check)
    except RecursionError as exc:
        raise ExtractError("The message's parts are nested too deeply to read.") from exc
    if page is None:
        raise ExtractError("The message has no text.")
    return page


def extract_mbox(data: bytes, check=no_check) -> tuple[tuple[Page, ...], tuple[str, ...]]:
    """A page per message; a message that cannot be read is left out and counted in a note."""
    if not data.startswith(b"From "):
        raise ExtractError("The file is not an mbox mailbox (it does not start with a 'From ' line).")
    policy = _policy(check)
    notes, bad = [], []
    # mailbox needs a path; the bytes we hashed are the ones we parse, so parse a private copy
    fd, tmp = tempfile.mkstemp(suffix=".mbox")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        box = mailbox.mbox(tmp, factory=None, create=False)
        pages = []
        try:
            for number, key in enumerate(box.iterkeys(), 1):
                if number > MAX_MESSAGES:
                    notes.append(f"only the first {MAX_MESSAGES} messages were indexed")
                    break
                check()
                raw = box.get_bytes(key)
                charge(check, 3 * len(raw))
                try:
                    page = message_page(_parse(raw, policy), number, check)
                except (ExtractError, RecursionError) as exc:
                    bad.append(f"message {number}: {short_reason(exc)}")
                    continue
                if page is not None:
                    pages.append(page)
        finally:
            box.close()
    finally:
        os.unlink(tmp)
    if bad:
        notes.append(f"{len(bad)} message(s) could not be read and were left out ({bad[0]})")
    if not pages:
        raise ExtractError(f"The mailbox has no messages with text{f' ({bad[0]})' if bad else ''}.")
    return tuple(pages), tuple(notes)


def message_page(msg: EmailMessage, number: int | None, check=no_check) -> Page | None:
    sections: list[tuple[str, int]] = []  # (text, heading level)
    subject = _header(msg, "Subject") or "(no subject)"
    sections.append((subject, 1))
    meta = [f"{h}: {v}" for h in HEADERS if (v := _header(msg, h))]
    if meta:
        sections.append(("\n".join(meta), 0))
    body = _body(msg)
    if body:  # a reply's quoted messages under whose they are, without their "> " marks (readers.replies)
        sections.extend(reply_sections(body.replace("\r\n", "\n").replace("\r", "\n"), _sender(msg)))
    for part in _attachments(msg):
        check()
        try:
            name = part.get_filename() or ""
            if part.get_content_type() not in TEXT_ATTACHMENT_TYPES:
                continue
            text = _table_text(_text_of(part), name, part.get_content_type())
        except Exception as exc:  # noqa: BLE001 - one unreadable attachment must not lose the message
            log.debug("attachment left out: %s", exc)
            continue
        if text.strip():
            sections.append((f"Attachment: {name or part.get_content_type()}", 2))
            sections.append((text, 0))
    if len(sections) < 2 or not any(level == 0 and t.strip() for t, level in sections):
        return None
    text_parts, blocks, pos = [], [], 0
    for t, level in sections:
        t = t.replace("\r\n", "\n").replace("\r", "\n").strip("\n")
        if level:
            t = t.replace("\n", " ")
            blocks.append(Block(pos, pos + len(t), level))
        else:
            blocks.extend(replace(b, start=b.start + pos, end=b.end + pos) for b in paragraph_blocks(t))
        text_parts.append(t)
        pos += len(t) + 2
    text = "\n\n".join(text_parts)
    blocks = [b for b in blocks if text[b.start : b.end].strip()]
    return Page(text, tuple(blocks), number=number)


def _table_text(text: str, name: str, content_type: str) -> str:
    """A CSV or TSV attachment's text with each row after its header row read under it ("Date: Sun 16 May 2027;
    Kick-off: 10:00; ...; Half-time fruit: Campbells"): in a message's page a passage of bare rows does not say which
    value is what, nor hold the header. The header line is kept; a table with no header row, and any other
    attachment, as it is."""
    lower = name.lower()
    if content_type != "text/csv" and not lower.endswith((".csv", ".tsv")):
        return text
    delimiter = (
        "\t" if lower.endswith(".tsv") or ("\t" in text and "," not in text.split("\n", 1)[0]) else ","
    )
    flat = text.replace("\r\n", "\n").replace("\r", "\n")
    head = csv_header(flat, delimiter)  # the first non-blank line, when it reads as a header
    if head is None:
        return text
    header = csv_cells(flat[head[0] : head[1]], delimiter)
    rest = flat[head[1] + 1 :].split("\n") if head[1] < len(flat) else []
    rows = [labelled(header, csv_cells(line, delimiter)) if line.strip() else line for line in rest]
    return "\n".join([flat[: head[1]], *rows])


def _sender(msg: EmailMessage) -> str:
    """The From header's name ("Ann Lee" of "Ann Lee <ann@example.org>"), else its address, at most 200 characters.
    Read off the header's text, not by the address parser: a From of comments nested thousands deep (a hostile
    file) would exhaust its recursion."""
    sender = _header(msg, "From")
    name = sender.split("<", 1)[0].strip().strip('"').strip()
    return (name or sender.strip("<> "))[:200]


def _attachments(msg: EmailMessage) -> list:
    if not msg.is_multipart():
        return []
    try:
        return list(msg.iter_attachments())
    except Exception as exc:  # noqa: BLE001 - a part structure the library cannot walk: the body alone
        log.debug("attachments left out: %s", exc)
        return []


def _header(msg: EmailMessage, name: str) -> str:
    try:
        value = msg.get(name)
    except Exception:  # noqa: BLE001 - a malformed header must not lose the message: its raw text then
        value = next((v for k, v in msg.raw_items() if k.lower() == name.lower()), None)
        value = value[:MAX_HEADER_CHARS] if isinstance(value, str) else None
    return " ".join(str(value).split()) if value else ""


def _body(msg: EmailMessage) -> str:
    try:
        part = msg.get_body(preferencelist=("plain", "html"))
    except Exception:  # noqa: BLE001
        part = None
    if part is None:
        if msg.is_multipart():
            return ""
        part = msg
    return _text_of(part)


def _text_of(part) -> str:
    try:
        content = part.get_content()
    except Exception:  # noqa: BLE001 - an unknown charset, a bad transfer encoding, a parser bug: the raw text
        payload = part.get_payload(decode=True)
        content = payload.decode("utf-8", errors="replace") if isinstance(payload, bytes) else ""
    if isinstance(content, bytes):
        content = content.decode("utf-8", errors="replace")
    if not isinstance(content, str):
        return ""
    if part.get_content_type() == "text/html":
        try:
            return extract_html(content).text
        except ExtractError:
            return ""
    return content
