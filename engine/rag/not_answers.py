"""Lines that answer nothing by their form: navigation, a link definition, an underline, a heading, an e-mail's
header lines, a question. The extractive answer scores them down (``NOT_ANSWER_PENALTY``) and never reads on into
one."""

from __future__ import annotations

import re

from engine.rag.shown_span import MARKDOWN_HEADING, RULE, SENTENCE_END

# navigation: "Next:", a link definition, a rule, and an info manual's node header and menu
# ("File: sed.info,  Node: Joining lines,  Next: ...", "* Menu:")
_NAVIGATION = re.compile(
    r"^(?:next|previous|prev|up):|^\[[^\]]+\]:\s*\S+$|^[=\-~^*#]{3,}$|^File: [^,\s]+,\s+Node: |^\* Menu:",
    re.IGNORECASE,
)
# the header lines engine.index.readers.mail writes; a question (a FAQ's, a mail subject's "Re: December book?")
_MAIL_HEADER = re.compile(r"^(?:From|To|Cc|Date|Subject): ")
_QUESTION = re.compile(r"^(?:(?:Re|Fwd?): )*[^?]{0,200}\?[\"'”’)]*$", re.IGNORECASE)
_CODE_OR_DATA = re.compile(r"[(){}\[\]<>=_`@/\\'\"0-9]")
_SECTION_NUMBER = re.compile(r"^\d+(?:\.\d+)*\.?\s+")
_NAME_ONLY = re.compile(
    r"^(?=.*[A-Za-z])(?:[rRuU]?\"\"\"|\'\'\'|#+)?[ \t]*[A-Za-z_][\w.\-/]*[ \t]*(?:\"\"\"|\'\'\')?$"
)
_UNDERLINE = re.compile(r"\s+[=\-~^]{3,}$")
_NUMBERED_QUESTION = re.compile(r"^\d+(?:\.\d+)+\.?\s+[A-Z][^\n]*\?$")
_LABELLED_TITLE = re.compile(r"^[A-Z]{2,}(?:\s+[A-Z]{2,})*\s+[A-Z][a-z]")  # a label in capitals, then a title
_TITLE_NOTE = re.compile(r"^(.*?)\s+\([^()]*\)$")  # a heading and the note in brackets after it
SMALL_WORDS = frozenset("a an and as at by for from in of on or the to with".split())


# a mail's signature, under the "-- " line that opens it (RFC 3676's separator; shown on one line with it), and what a
# phone's mail program adds; a signature still answers what only it holds (a mobile number), as a penalty is no ban
# (the separator alone on its line: a SQL comment "-- The tools table" has words on it)
_SIGNATURE = re.compile(r"^--$")
_SENT_FROM = re.compile(r"(?i)^(?:sent from my|get outlook for)\b.{0,40}$")
# the tags a notes reader writes under a note's title (engine.index.readers.enex): labels, not what the note says
_TAGS = re.compile(r"^Tags: [^.\n]{1,200}\.$")


def not_an_answer(text: str) -> bool:
    """Navigation, a link definition, an underline or a heading: a line that answers nothing by its form."""
    lines = [ln.strip() for ln in text.strip().split("\n") if ln.strip()]
    if not lines:
        return True
    if all(_NAVIGATION.search(ln) for ln in lines):
        return True
    if all(_MAIL_HEADER.match(ln) for ln in lines):
        return True  # an e-mail's "From: ... To: ... Date: ..." lines say who wrote when, not what
    if (len(lines) > 1 and _SIGNATURE.match(lines[0])) or all(_SENT_FROM.match(ln) for ln in lines):
        return True  # a mail's signature ("-- Mark Ellison Treasurer, ...") or "Sent from my iPhone": who, not what
    if len(lines) == 1 and _TAGS.match(lines[0]):
        return True  # an exported note's "Tags: bike, spring."
    if _QUESTION.match(" ".join(lines)):
        return True  # a question asks, it does not answer: a FAQ's entry, a mail's "Re: December book?"
    if len(lines) == 2 and RULE.match(lines[1]) and len(lines[0].split()) <= 8:
        return True  # a heading underlined on the next line: "Debugging util-linux programs\n====="
    if len(lines) > 1:
        return False
    if _NAME_ONLY.match(lines[0]):  # a title that is one name: '"""distutils.command.build', "git-helper"
        return True
    if MARKDOWN_HEADING.match(lines[0]):  # "## Supported package managers" ("# x" may be a code comment)
        return True
    if _NUMBERED_QUESTION.match(lines[0]) and len(lines[0].split()) <= 16:
        return True  # a FAQ's numbered question: "7.14 What are valid names?"
    if (
        _LABELLED_TITLE.match(lines[0])
        and len(lines[0].split()) <= 10
        and not SENTENCE_END.search(lines[0])
        and not _CODE_OR_DATA.search(lines[0])  # a reference: "ACAP Media Type Dataset Class ftp://..."
    ):
        return True  # a side box's label and title: "SECURITY Restricting cron or atd", "TIP Text shortcuts for cron"
    line = _UNDERLINE.sub("", _SECTION_NUMBER.sub("", lines[0]))  # "2.7 Thread Safety", "Title\n====="
    titled = _TITLE_NOTE.match(line)  # a page's title: "Closure Example (libffi: the portable ... library)"
    if titled and titled.group(1).strip():
        line = titled.group(1)
    words = line.split()
    return (
        2 <= len(words) <= 8
        and words[0][0].isupper()
        and not SENTENCE_END.search(line)
        and not _CODE_OR_DATA.search(line)
        and (len(words) <= 3 or all(w[0].isupper() or w.lower() in SMALL_WORDS for w in words[1:]))
    )
