"""Lines that answer nothing by their form: navigation, a link definition, an underline, a heading, an e-mail's
header lines, a question. The extractive answer scores them down (``NOT_ANSWER_PENALTY``) and never reads on into
one."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from engine.index import OUTLINE_STARS, file_type_for
from engine.rag.grounding import PARAGRAPH_LINE_TYPES, Span
from engine.rag.outlines import outline_heads
from engine.rag.screenplay import scene_heading
from engine.rag.shown_span import MARKDOWN_HEADING, RULE, SENTENCE_END, joined, next_piece

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
_ATX_HEADING = re.compile(r"^#{1,6}[ \t]+\S[^\n]*$")
_TITLE_WORDS = (
    8  # a DOCX's or ODT's line read as a title over the paragraph under it: at most this many words
)
_UNDER_TITLE_WORDS = 5  # ... over a sentence of at least this many
_SLIDE_TYPES = frozenset({"pptx", "odp", "keynote"})


# a mail's signature, under the "-- " line that opens it (RFC 3676's separator; shown on one line with it), and what a
# phone's mail program adds; a signature still answers what only it holds (a mobile number), as a penalty is no ban
# (the separator alone on its line: a SQL comment "-- The tools table" has words on it)
_SIGNATURE = re.compile(r"^--$")
_SENT_FROM = re.compile(r"(?i)^(?:sent from my|get outlook for)\b.{0,40}$")
# the tags a notes reader writes under a note's title (engine.index.readers.enex, engine.index.joplin) and a Joplin
# note's notebook: labels, not what the note says; a line of hashtags as Bear and Obsidian write them ("#brewing/batches
# #pale-ale")
_TAGS = re.compile(r"^(?:Tags|Notebook|Labels): [^.\n]{1,200}\.?$")
# a Google Keep note's state as engine.index.readers.keep writes it: "Pinned. Edited Tuesday 2 March 2027 07:40."
_NOTE_STATE = re.compile(
    r"^(?:(?:Pinned|Archived|In the bin)\.\s+)*Edited (?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day \d{1,2} [A-Z][a-z]+ "
    r"\d{4} \d{2}:\d{2}\.?$"
)
_HASHTAGS = re.compile(r"^#[^\s#][^\s]*(?:\s+#[^\s#][^\s]*)*$")
# a saved web page's furniture: the address it was saved from (engine.index.readers.webpages), its breadcrumb trail
# ("Support › Bread makers › BM450 › Online manual") and its copyright line
_SAVED_FROM = re.compile(r"^Saved from: \S+$")
_BREADCRUMB = re.compile(r"^[^›»\n]{1,60}(?:\s[›»]\s[^›»\n]{1,60}){2,}$")
# a line that is only a date and a time, as a note's heading shows when it was edited ("13 Mar 2027, 17:52:18",
# "Friday 19 March 2027 18:03", "Mar 13, 2027, 5:52 PM", "2027-03-13 17:52"): it says when, not what
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_CLOCK = r"(?:,?\s+(?:at\s+)?\d{1,2}[:.]\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?)?"
_STAMP_ONLY = re.compile(
    rf"^(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?"
    rf"(?:\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH},?\s+\d{{4}}|{_MONTH}\s+\d{{1,2}},?\s+\d{{4}}|\d{{4}}-\d{{2}}-\d{{2}}(?=[ T,]|$))"
    rf"{_CLOCK}\.?$",
    re.IGNORECASE,
)
_COPYRIGHT = re.compile(r"^(?:©|\(c\)|Copyright ©)\s*(?:\d{4}\b)?[^.\n]{0,100}\.?$", re.IGNORECASE)


def tag_line(text: str) -> bool:
    """A note's line of hashtags ("#brewing/batches #pale-ale"): how the note is filed, never a candidate answer."""
    return _HASHTAGS.match(text.strip()) is not None


def a_title(text: str) -> bool:
    """Whether ``text`` (a ``form_texts`` form) is a heading: a short line over an underline, as a heading is
    written, or as ``form_texts`` writes one found by its place (in the passage's trail, a slide's title, a line
    that only names its file)."""
    lines = [ln for ln in text.strip().split("\n") if ln.strip()]
    return (
        len(lines) == 2
        and RULE.match(lines[1]) is not None
        and len(lines[0].split()) <= 8
        # a sentence over a separator ("==========" in Kindle clippings) is no heading
        and not lines[0].rstrip().endswith(".")
    )


# a chess move as a game's record writes it ("1.e4", "13...d5", "Nbd7?", "exd8=Q+", "O-O"), with its number or not
_CHESS_MOVE = re.compile(
    r"(?:\d{1,3}\.(?:\.\.)?)?(?:[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN])?|O-O(?:-O)?)[+#]?[!?]{0,2}[.,]?"
)


def chess_moves(text: str) -> bool:
    """Whether ``text`` is a run of chess moves ("Moves (26 moves): 1.e4 e5 2.Nf3 Nc6 ...", engine.index.readers.pgn):
    four moves at least, two thirds of its words. A game's record says nothing a question asks; its notes do."""
    words = text.split()
    moves = sum(bool(_CHESS_MOVE.fullmatch(w.strip("()"))) for w in words)
    return moves >= 4 and 3 * moves >= 2 * len(words)


def not_an_answer(text: str) -> bool:
    """Navigation, a link definition, an underline or a heading: a line that answers nothing by its form."""
    lines = [ln.strip() for ln in text.strip().split("\n") if ln.strip()]
    if not lines:
        return True
    if chess_moves(text):
        return True
    if all(_NAVIGATION.search(ln) for ln in lines):
        return True
    if all(_MAIL_HEADER.match(ln) for ln in lines):
        return True  # an e-mail's "From: ... To: ... Date: ..." lines say who wrote when, not what
    if (len(lines) > 1 and _SIGNATURE.match(lines[0])) or all(_SENT_FROM.match(ln) for ln in lines):
        return True  # a mail's signature ("-- Mark Ellison Treasurer, ...") or "Sent from my iPhone": who, not what
    if len(lines) == 1 and (_TAGS.match(lines[0]) or _NOTE_STATE.match(lines[0])):
        return True  # an exported note's "Tags: bike, spring.", a Keep note's "Labels: House", "Edited ..."
    if len(lines) == 1 and _STAMP_ONLY.match(lines[0]):
        return True  # a note's "13 Mar 2027, 17:52:18": when it was written, not what it says
    if len(lines) == 1 and any(p.match(lines[0]) for p in (_SAVED_FROM, _BREADCRUMB, _COPYRIGHT)):
        return True  # a saved page's address, breadcrumb trail or "© 2027 Gillbeck Hollow Camping Ltd"
    if _QUESTION.match(" ".join(lines)):
        return True  # a question asks, it does not answer: a FAQ's entry, a mail's "Re: December book?"
    if a_title(text):
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


def form_texts(spans: Sequence[Span], pieces: dict[int, Sequence[Span]]) -> list[str]:
    """The text ``not_an_answer`` judges each span by: its own, with the underline that follows it on the next line
    ("ipv6 sysctl keys" over "----------------" is a heading, though the underline is a piece of its own), or over
    "===" where the span is a heading by its place (in the passage's heading trail, an outline's heading, a DOCX's or
    ODT's title line, a Markdown "# " line). ``pieces``: each source's ``split_spans`` by source number."""
    out = []
    for sp in spans:
        own = pieces[sp.source.n]
        nxt = next_piece(own, sp)
        under = nxt is not None and RULE.match(nxt.text) is not None and joined(sp, nxt)
        if under:
            out.append(f"{sp.text}\n{nxt.text}")
        elif _in_trail(sp.text, sp.source.heading) or _file_title(sp):
            # the index found this line to be a heading of the passage ("# Zlib notes" in a text file, "NO WARRANTY"
            # over a section): a title, whatever its form
            out.append(f"{sp.text.strip().lstrip('#').strip()}\n===")
        elif OUTLINE_STARS.match(sp.text.strip()) and sp.start in outline_heads(sp.source):
            # an outline's heading, "* Noteworthy changes in release 3.7 (2018-12-31) [stable]"
            out.append(f"{OUTLINE_STARS.sub('', sp.text.strip())}\n===")
        elif (place := scene_heading(sp)) is not None:
            # a screenplay's scene heading: its place (a year in it still a figure), shown before the scene's sentences
            out.append(f"{place}\n===")
        elif _slide_title(sp):
            # a slide's title, its page's first line ("Year 6 Residential 2027", "Cost and payments")
            out.append(f"{sp.text.strip()}\n===")
        elif _line_title(sp, nxt):
            # a DOCX's or ODT's heading: a short line over a paragraph ("Before you go afloat" over "Wear a
            # buoyancy aid whenever ...")
            out.append(f"{sp.text.strip()}\n===")
        elif _ATX_HEADING.match(sp.text.strip()) and file_type_for(Path(sp.source.path)) == "markdown":
            # "# Shared MIME Info" in a Markdown file is the heading "Shared MIME Info" over "===" (elsewhere a
            # "# " line may be a comment, so ``not_an_answer`` alone only takes "## " and deeper as headings)
            out.append(f"{sp.text.strip().lstrip('#').strip()}\n===")
        else:
            out.append(sp.text)
    return out


def _slide_title(sp: Span) -> bool:
    """Whether ``sp`` is a slide's title: the whole first line of a passage that opens its slide (PPTX, ODP: the
    reader writes the title frame's text first, as the slide's heading)."""
    text = sp.source.text
    if sp.source.char_start != 0 or file_type_for(Path(sp.source.path)) not in _SLIDE_TYPES:
        return False
    line_end = text.find("\n", sp.end)
    line_end = len(text) if line_end < 0 else line_end
    return (
        not text[: sp.start].strip()
        and "\n" not in text[sp.start : sp.end]
        and not text[sp.end : line_end].strip()
    )


def _line_title(sp: Span, nxt: Span | None) -> bool:
    """Whether ``sp``, in a document read a paragraph a line (``PARAGRAPH_LINE_TYPES``), is a title over the paragraph
    on the next line: a line of at most _TITLE_WORDS words with no sentence end and no table cells, over a sentence
    of _UNDER_TITLE_WORDS words or more that ends as one. A list's items ("Passport" over "Phone charger")
    are no titles: the line under them is no sentence."""
    text = sp.text.strip()
    if (
        nxt is None
        or file_type_for(Path(sp.source.path)) not in PARAGRAPH_LINE_TYPES
        or "\n" in text
        or " | " in text
        or not text[:1].isupper()
        or SENTENCE_END.search(text)
        or len(text.split()) > _TITLE_WORDS
    ):
        return False
    between = sp.source.text[sp.end : nxt.start]
    after = nxt.text.strip()
    return (
        between.count("\n") == 1
        and not between.strip()
        and len(after.split()) >= _UNDER_TITLE_WORDS
        and SENTENCE_END.search(after) is not None
    )


def _file_title(sp: Span) -> bool:
    """Whether ``sp`` is a line that only names its file ("Pembrokeshire camping - packing" in
    "Pembrokeshire camping - packing.html", a note's title as a web page shows it): a title, no answer."""
    bare = " ".join(sp.text.split())
    return (
        bool(bare)
        and "\n" not in sp.text.strip()
        and bare.casefold() == " ".join(Path(sp.source.path).stem.split()).casefold()
    )


def _in_trail(text: str, trail: str | None) -> bool:
    """Whether ``text`` (a piece of one line) is one of the headings of the passage's trail ("A > B > C")."""
    bare = " ".join(OUTLINE_STARS.sub("", text.strip().lstrip("#").strip()).split())
    if not bare or "\n" in text.strip() or not trail:
        return False
    return bare.casefold() in {" ".join(h.split()).casefold() for h in trail.split(" > ")}
