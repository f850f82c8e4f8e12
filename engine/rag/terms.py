"""A definition list's terms, seen from one of their description's sentences: an option over its description ("-k,
--keep" over "Keep (don't delete) input files"), a name or a release on a line of its own, a POD item's term ("•
Deflate (method 8)"). The extractive answerer (engine.rag.extractive) reads a description without its term for its
cosine (``described``), shows a sentence from its term (``with_term``) or labels it with the term (``term_above``).
"""

from __future__ import annotations

import re

from engine.index import POD_ITEM_MARK
from engine.rag.grounding import Span, content_words
from engine.rag.shown_span import BLANK_LINE, PRONOUN, SENTENCE_END
from engine.rag.sources import Source

# an entry of a definition list: its term, a short line of its own (an option "-k --keep", "‘--sandbox’",
# "``--force-reinstall``", a name "compdb", a release "3.4.3 Sep-19-2022"), over its description, indented under it
# or as the next paragraph
_TERM_MARK = re.compile(r"--?\w|[‘`'\"%@]|v?\d+(?:\.\d+)+\b|[a-z_][\w.\-/:]*$|\w*[_\d./:\-]\w*$")
# a Markdown heading's marks ("### "), before its text
ATX_MARKS = re.compile(r"#{1,6}[ \t]+(?=\S)")
MAX_TERM_CHARS = 60
MAX_TERM_WORDS = 6


def _is_term(line: str) -> bool:
    text = line.strip()
    return (
        0 < len(text) <= MAX_TERM_CHARS
        and len(text.split()) <= MAX_TERM_WORDS
        and not SENTENCE_END.search(text)
        and _TERM_MARK.match(text) is not None
        and _SECTION.match(text) is None
    )


# a numbered section's heading, "1.6 Running the time Command", "9.10. Backup" (a manual's, as Texinfo's HTML and
# DocBook write them): no term of a definition, though its number reads as a release's ("3.4.3 Sep-19-2022")
_SECTION = re.compile(r"\d+(?:\.\d+)+\.?[ \t]+[A-Z][a-z]+(?:[ \t]+[\w’'()/-]+)*$")


# a POD item's term, "• Deflate (method 8)" where "=item *" stood (engine.index.pod), over its description
_POD_ITEM = re.compile(r"[ \t]*" + re.escape(POD_ITEM_MARK) + r"[ \t]+(?=\S)")


def _pod_item(source: Source, line: str) -> bool:
    return (
        source.path.lower().endswith(".pod")
        and _POD_ITEM.match(line) is not None
        and len(line.strip()) <= MAX_TERM_CHARS + 2
        and not SENTENCE_END.search(line.strip())
    )


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def described(span: Span) -> int | None:
    """Where the description starts in ``span`` when it opens with a definition's term on a line of its own: "-g,
    --chgexit" over "Exit when the output of command changes." (a man page's, an info manual's or a PDF manual's
    option list); None otherwise. The term's option names say little to an embedder, so the description is also
    read without them (engine.rag.extractive.score_parts)."""
    text = span.source.text
    line_end = text.find("\n", span.start, span.end)
    if line_end < 0 or not _is_term(text[span.start : line_end]):
        return None
    start = line_end + 1
    while start < span.end and text[start].isspace():
        start += 1
    return start if len(content_words(text[start : span.end])) >= 3 else None


_OPTION_TERM = re.compile(r"[‘`'\"]?--?[A-Za-z]")
MAX_TERM_REACH = 3  # paragraphs from an unindented option's term down to a sentence of its description


def term_above(span: Span) -> str | None:
    """The term of the definition entry ``span`` is a sentence of, when the sentence is shown without it: the
    option over a description indented under it (a man page, an info manual: the first line above that is
    indented less), or, where nothing is indented (a PDF manual), an option on a one-line paragraph of its own at
    most MAX_TERM_REACH paragraphs above. The answer shows it as the sentence's label ("-k, --kill-after=DURATION:
    this long after the initial signal was sent"): the option a question asks for is the term. None when there is
    no such term or the sentence holds it."""
    text = span.source.text
    if _is_term(span.text.split("\n", 1)[0]):
        return None  # a term of its own (the next option's name)
    first = text.rfind("\n", 0, span.start) + 1
    end = text.find("\n", first)
    indent = _indent(text[first : end if end >= 0 else len(text)])
    pos, paragraphs, gap = first, 0, False
    while pos > 0:
        start = text.rfind("\n", 0, pos - 1) + 1
        line, pos = text[start : pos - 1], start
        if not line.strip():
            gap = True
            continue
        paragraphs += gap
        blank_below, gap = gap, False
        if indent > 0:
            if _indent(line) < indent:  # not a passage's first line: it lost its indent with the chunk's cut
                return _label(line, span) if start > 0 and _is_term(line) else None
            continue
        if paragraphs > MAX_TERM_REACH:
            return None
        if blank_below and (
            (_is_term(line) and _OPTION_TERM.match(line) is not None) or _pod_item(span.source, line)
        ):
            above = text[text.rfind("\n", 0, max(0, start - 1)) + 1 : start]
            if start == 0 or not above.strip():
                return _label(line, span)
    return None


def _label(term: str, span: Span) -> str | None:
    label = " ".join(_POD_ITEM.sub("", term).split())
    return None if label in " ".join(span.text.split()) else label


def with_term(span: Span, limit: int) -> Span:
    """``span`` (a sentence of a definition's description, as shown) from its term on: "-P max-procs,
    --max-procs=max-procs Run up to max-procs processes at a time; ... If max-procs is 0, ..." (the option a
    question asks for is the term, not the description), when the whole is at most ``limit`` characters; else as
    it is. The term is the first line of the sentence's paragraph when the lines after it down to the sentence are
    indented deeper (a man page's or an info manual's option list), or a one-line paragraph of its own just before
    the sentence's paragraph (reStructuredText, an HTML manual's ``<dt>``); also a Markdown heading right above a
    sentence that opens its section pointing back to it ("### Trimmed: `small-icu` (English only) support" over "In
    this configuration, only English data is included")."""
    text = span.source.text
    para = _paragraph_start(text, span.start)
    line_end = text.find("\n", para)
    term = None
    if 0 <= line_end < span.start:  # the sentence lies below the paragraph's first line
        first = text[para:line_end]
        below = text[line_end + 1 : span.end].split("\n")  # down to the sentence's own lines
        if _is_term(first) and all(_indent(ln) > _indent(first) for ln in below if ln.strip()):
            term = para + _indent(first)
    if term is None and para > 0:  # else the paragraph before, when it is one line, may be the term
        prev_end = para
        while prev_end > 0 and text[prev_end - 1].isspace():
            prev_end -= 1
        prev = _paragraph_start(text, prev_end)
        line = text[prev:prev_end]
        leans = span.start == para and PRONOUN.match(span.text) is not None  # "In this configuration, ..."
        # a term, or the heading a demonstrative opening its section points to
        if "\n" not in line and (_is_term(line) or (leans and ATX_MARKS.match(line.strip()) is not None)):
            term = prev + _indent(line)
    if term is None or term >= span.start or span.end - term > limit:
        return span
    return Span(span.source, term, span.end)


def _paragraph_start(text: str, pos: int) -> int:
    """Where the paragraph holding ``text[pos]`` starts: after the last blank line before ``pos``."""
    start = 0
    for m in BLANK_LINE.finditer(text, 0, pos):
        start = m.end()
    while start < pos and text[start] == "\n":
        start += 1
    return start
