"""A sentence of a quoted message in an answer: shown with whose message it is and when it was written ("Ann Lee
wrote earlier (Thu, 3 Jun 2027 at 10:02): The summer barbecue is on Saturday 19 June ..."). A reply quotes the
messages before it, and a plan changed on the way is in both: the label says which text is the older one
(engine.index.readers.replies puts each quote under its "On ... wrote:" line)."""

from __future__ import annotations

import re
from pathlib import Path

from engine.index import MESSAGE_OPENING, REPLY_ATTRIBUTION, REPLY_ORIGINAL, REPLY_REPLIED
from engine.rag.grounding import Span

MAIL_SUFFIXES = frozenset({".eml", ".emlx", ".mbox"})
# "On <when>, <name> <address> wrote:": the name is what follows the last comma before the address
_ON_WROTE = re.compile(r"(?i)^on\s+(?P<when>.+),\s*(?P<who>[^,<>]+?)\s*(?:<[^<>]*>)?\s+wrote:$")


def quoted_label(span: Span) -> str | None:
    """Whose earlier message ``span`` is a sentence of, in a mail message's page: the attribution line nearest
    above it in its passage, or, when there is none, the last of the passage's heading trail. None for the
    message's own text (above the first quote, or under "<sender> replied:") and for any other file."""
    source = span.source
    if source.file_type == "messages":
        return _message_voice(span)
    if Path(source.path).suffix.lower() not in MAIL_SUFFIXES:
        return None
    head = next(
        (line.strip() for line in reversed(source.text[: span.start].split("\n")) if _is_head(line.strip())),
        None,
    )
    if head is None and source.heading:
        last = source.heading.split(" > ")[-1].strip()
        head = last if _is_head(last) else None
    if head is None or head.endswith(REPLY_REPLIED):
        return None
    if REPLY_ORIGINAL.match(head):
        return "From an earlier message"
    named = _ON_WROTE.match(head)
    if named:
        return f"{named.group('who').strip()} wrote earlier ({named.group('when').strip()})"
    return head.rstrip(":").strip()


def _message_voice(span: Span) -> str | None:
    """Who wrote the message a sentence of a chat's page is from, and when ("ChatGPT (Saturday 20 February 2027
    08:13)"): the stamped line the sentence's message opens with, the nearest above it in its passage (a ChatGPT
    reply's later paragraph, a long message's second sentence). None for a sentence that opens its message (its own
    line shows who and when) or when the passage does not hold the message's opening."""
    text = span.source.text
    start = text.rfind("\n", 0, span.start) + 1  # the sentence's line, then each line above it
    while True:
        m = MESSAGE_OPENING.match(text, start)
        if m:
            if m.end() >= span.start:
                return None  # the sentence opens its message: "Saturday ... You: ..." shows who and when
            return f"{m.group('who')} ({m.group('when')})"
        if start == 0:
            return None
        start = text.rfind("\n", 0, start - 1) + 1


def attribution_line(span: Span) -> bool:
    """Whether ``span`` is a mail message's "On ... wrote:" line (or Outlook's "-----Original Message-----", or the
    "<sender> replied:" over the writer's own text): it says whose the text below is, and answers nothing."""
    own = span.text.strip()
    return "\n" not in own and Path(span.source.path).suffix.lower() in MAIL_SUFFIXES and _is_head(own)


# a chat message's note on the message it answers, as engine.index.readers.messages writes it after the words: a
# piece of its own ('(In reply to Tom Gallagher: "Is there parking near the bandstand?")', after an emoji or none)
_REPLY_NOTE = re.compile(r'[^\w(]*\(In reply to [^:\n]{1,80}: "[^\n]*"\)')


def reply_note(span: Span) -> bool:
    """Whether ``span`` is only a chat message's note on whom it answers: it quotes another message, whose own line
    is the candidate, and answers nothing."""
    return _REPLY_NOTE.fullmatch(span.text.strip()) is not None


def _is_head(line: str) -> bool:
    return bool(REPLY_ATTRIBUTION.match(line) or REPLY_ORIGINAL.match(line)) or line.endswith(REPLY_REPLIED)
