"""E-mail: single messages (``.eml``, Apple Mail ``.emlx``) and mailboxes (``.mbox``), through the standard
library's ``email`` and ``mailbox``.

Each message is one page (a mailbox: page N is its N-th message). The page starts with the headers that say
what the message is (Subject as a heading, From, To, Cc, Date) so they are searchable and cited, then the plain
text body (HTML bodies reduced to their visible text when there is no plain part), then each text attachment
under an "Attachment: name" heading. Lines are lines of that page text.
"""

from __future__ import annotations

import email
import email.policy
import logging
import mailbox
import os
import tempfile
from dataclasses import replace
from email.message import EmailMessage

from engine.index.document import Block, ExtractError, Page, paragraph_blocks
from engine.index.readers.html import extract_html

log = logging.getLogger(__name__)

HEADERS = ("From", "To", "Cc", "Date")
TEXT_ATTACHMENT_TYPES = ("text/plain", "text/markdown", "text/csv", "text/x-rst", "text/html")
MAX_MESSAGES = 100_000


def extract_eml(data: bytes, apple_mail: bool = False) -> Page:
    if apple_mail:  # .emlx: a byte count line, the RFC 822 message, then an Apple property list
        first, _, rest = data.partition(b"\n")
        if first.strip().isdigit():
            data = rest[: int(first.strip())]
    msg = email.message_from_bytes(data, policy=email.policy.default)
    if not msg.keys():
        raise ExtractError("The file is not an e-mail message (no headers).")
    page = message_page(msg, None)
    if page is None:
        raise ExtractError("The message has no text.")
    return page


def extract_mbox(data: bytes) -> tuple[Page, ...]:
    if not data.startswith(b"From "):
        raise ExtractError("The file is not an mbox mailbox (it does not start with a 'From ' line).")
    # mailbox needs a path; the bytes we hashed are the ones we parse, so parse a private copy
    fd, tmp = tempfile.mkstemp(suffix=".mbox")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        box = mailbox.mbox(tmp, factory=None, create=False)
        pages = []
        for number, key in enumerate(box.iterkeys(), 1):
            if number > MAX_MESSAGES:
                break
            raw = box.get_bytes(key)
            msg = email.message_from_bytes(raw, policy=email.policy.default)
            page = message_page(msg, number)
            if page is not None:
                pages.append(page)
        box.close()
    finally:
        os.unlink(tmp)
    if not pages:
        raise ExtractError("The mailbox has no messages with text.")
    return tuple(pages)


def message_page(msg: EmailMessage, number: int | None) -> Page | None:
    sections: list[tuple[str, int]] = []  # (text, heading level)
    subject = _header(msg, "Subject") or "(no subject)"
    sections.append((subject, 1))
    meta = [f"{h}: {_header(msg, h)}" for h in HEADERS if _header(msg, h)]
    if meta:
        sections.append(("\n".join(meta), 0))
    body = _body(msg)
    if body:
        sections.append((body, 0))
    for part in msg.iter_attachments() if msg.is_multipart() else ():
        name = part.get_filename() or ""
        if part.get_content_type() not in TEXT_ATTACHMENT_TYPES:
            continue
        text = _text_of(part)
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


def _header(msg: EmailMessage, name: str) -> str:
    try:
        value = msg.get(name)
    except Exception:  # noqa: BLE001 - a malformed header must not lose the message
        value = msg.get_all(name, failobj=[""])[0] if msg.get_all(name) else None
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
    except (LookupError, UnicodeError, ValueError, AssertionError):
        payload = part.get_payload(decode=True) or b""
        content = payload.decode("utf-8", errors="replace")
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
