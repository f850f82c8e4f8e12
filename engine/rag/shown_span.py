"""How a chosen sentence of a passage is shown: with what it needs around it to be read right.

A sentence ending with a colon is shown with the short piece it introduces (the setting or command after "add the
following option:"), or with the whole list it opens when that fits; a sentence of a list item with the rest of its
item (the "**Default:**" that follows an option's description); a sentence opening with a pronoun or a demonstrative
with the sentence before it (which says what "They" are, or "this period"); a sentence with a next one that qualifies it ("However, ..."); a prose
sentence that a displayed command or option cuts in two with that display ("Use" / "--disable-nls" / "if you
absolutely don't want to have messages handling code."); and a sentence of Python with its whole def when that is
short (its body often holds what its docstring does not say), or with the def's whole docstring. The extractive
answerer (engine.rag.extractive) chooses the sentences; this module only widens each to what is shown.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from engine.index import ATX_HEADING, RECORD_TYPES, is_taskpaper
from engine.rag.code_comments import comment_over_code, comment_prose
from engine.rag.grounding import Span, content_words
from engine.rag.sources import Source, read_type
from engine.rag.task_lists import taskpaper_item
from engine.rag.tuning import INTRO_EXTEND_CHARS, LIST_SHOW_CHARS, MIN_SENTENCE_WORDS, RECORD_SHOW_CHARS

# a sentence's end, with the quotes and brackets that close after it ('summary: "A 1952 set, restored."')
SENTENCE_END = re.compile(r"[.!?:;][\"'”’)\]]*$")
MARKDOWN_HEADING = re.compile(r"^#{2,6}\s+\S")
RULE = re.compile(r"^[=\-~^]{3,}$")
_LIST_ITEM = re.compile(r"\s*(?:[-*•]|\d+[.)])\s")
_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]*]*$")  # an item that ends as a sentence does
MAX_PHRASE_CHARS = (
    80  # a heading's list of phrases: each item at most this long (a recipe's line, not a paragraph)
)
# a task list's item: "- [ ] Price labels", "* [x] Book the pitch", Org's "- [-] ..." (engine.rag.reading.reading)
_TASK_ITEM = re.compile(r"\s*(?:[-*+]|\d+[.)])[ \t]+\[[ xX-]\][ \t]")
# a document's own bullet (not a number) at the start of a quoted sentence ("* autoconfiguration learned ...", "-
# Clarifications ..."): an extractive answer is a list already, and "- * text" reads as a stray star or a nested list
BULLET = re.compile(r"[ \t]*[-*+\u2022][ \t]+(?=\S)")
BLANK_LINE = re.compile(r"\n[ \t]*\n")
_PYTHON_SUFFIXES = (".py", ".pyi")  # the Python sources engine.index reads
_PYTHON_DEF = re.compile(r"^([ \t]*)(?:async[ \t]+)?(?:def|class)[ \t]+\w", re.MULTILINE)
# the rest of a def or class line (a signature may run over lines, with annotations) up to its docstring's quotes
_DOCSTRING_OPEN = re.compile(r"(?s:(.{0,300}?)):[ \t]*(?:#[^\n]*)?\n\s*[rRuU]?(\"\"\"|\'\'\')")
_HEADER_END = re.compile(r":[ \t]*(?:#[^\n]*)?\n")
_LINE = re.compile(r"(?<=\n)[^\n]*")  # each line after the first
# a sentence that leans on the one before it: it opens with a pronoun ("They will run ...") or, within its first words,
# a demonstrative ("After this period, the soft limit will be treated like a hard limit": the period is the "grace
# period" of the sentence before)
PRONOUN = re.compile(
    r"(?:It|Its|They|Their|This|These|That|Those|He|She)\b|[A-Z][a-z]*(?:[ \t]+[a-z]+)?[ \t]+(?:this|these|those|such)\b"
)
# words that carry on a sentence a displayed command cut: "Put the command" / "/sbin/agetty -w 2400 ttyS1" / "in the
# command field of the appropriate line in /etc/inittab ..." (``_run_on``)
_ELLIPSIS = re.compile(r"(?:\.{2,}|…)")
_CONTINUES = re.compile(r"(?:if|in|to|and|or|then|which|so|as|for|with|when|where|on|at|from|into|unless)\b")
# a sentence that qualifies the one before it (see _with_qualification): "However, ...", "Note that ..."
# (or gives its values: "(Valid values are ...)", a sentence in brackets after it)
# a line of a list read without item marks: one line (a blank line before it at most), then its text
_LINE_ITEM = re.compile(r"[ \t]*\n(?:[ \t]*\n)?[ \t]*()(\S[^\n]*?)[ \t]*(?=\n|$)")
_TERM_ITEM = re.compile(r"[\w.\-/]+(?:[ \t]+[\w.\-/]+){0,3}:[ \t]")  # "emerg: ...", "local0 to local7: ..."
_QUALIFIES = re.compile(
    r"(?:However|But|Nevertheless|Nonetheless|Instead|Otherwise|Except)\b|\((?=[A-Z])|Note(?:[ \t]+that\b|:)"
)
# a sentence that goes on from the one before it, naming it within its first words: "To prevent even this possibility
# you have to expire the account ...", "To work around these problems, ... set LC_COLLATE", "Such a file is created with
# the mkfifo command" (what to do about what the sentence before describes)
_GOES_ON = re.compile(r"Such\b|To[ \t]+[a-z]+(?:[ \t]+[a-z]+)?[ \t]+(?:this|these|those|such)\b")


def goes_on(text: str) -> bool:
    """The sentence carries on the one before it: it qualifies it (``_QUALIFIES``) or names it (``_GOES_ON``)."""
    return _QUALIFIES.match(text) is not None or _GOES_ON.match(text) is not None


# a time the sentence before names, referred back to: "If we have not heard from you by then we will close the claim",
# "After that you can still cancel at any time" (the date is in the sentence before)
_THEN = re.compile(
    r"(?i)\b(?:(?:by|until|till|before|since|after|from)[ \t]+then|(?:after|before|until|since)[ \t]+that|"
    r"by[ \t]+that[ \t]+(?:date|time|day|point))\b"
)


def leans_back(text: str) -> bool:
    """The sentence leans on the one before it: it opens with a pronoun (``PRONOUN``), names it (``_GOES_ON``), or
    refers back to the time it names (``_THEN``: "by then", "after that")."""
    return (
        PRONOUN.match(text) is not None or _GOES_ON.match(text) is not None or _THEN.search(text) is not None
    )


# a sentence cut short by the display it leads into: it ends on a word that a command or value follows ("You can test
# a build by running" / "make check", "so check which have been selected by" / "getOption(\"repos\")"), never a
# sentence's last word. Where the text keeps no indentation (a PDF's), this word tells a display from a heading.
LEADS_ON = re.compile(
    r"\b(?:by|running|using|use|run|type|typing|enter|entering|invoke|invoking|call|calling|with|via|as|to|is|are"
    r"|like|say)[ \t]*$"
)


# a sentence that sums up the list before it: "That is £7,395 ...", "In total: 14 hours", "Altogether £86."
_SUMS_UP = re.compile(
    r"(?i)\W*(?:(?:so |which )?that(?:'s|’s| is| makes| comes to)\b|(?:the |a |grand )?total(?: is\b|:)|"
    r"in total\b|altogether\b|all told\b)"
)


def shown_span(span: Span, pieces: Sequence[Span]) -> Span:
    """The span as shown. A sentence ending with a colon introduces what follows it (the setting to add, the
    command to run, a list of choices), and a list item belongs to the list its introduction (or the Markdown heading
    right over it) opens: "The solution is to either:" and its four items are shown together, when introduction and items fit in LIST_SHOW_CHARS (one
    option of four, shown alone, would read as the solution). Otherwise a sentence of a list item is shown with the
    rest of its item when that fits (``_whole_item``), a colon sentence with the next piece of its source when that
    is short (at most INTRO_EXTEND_CHARS). ``pieces``: the source's ``split_spans``."""
    block = _python_block(span) or _whole_record(span)
    if block is not None:
        return block
    if is_taskpaper(Path(span.source.path)):
        return taskpaper_item(span)
    if is_code(span.source) and comment_prose(span.source.text, span.start, span.end) is not None:
        # a source file's comment: its margin stars are no list's items; over code, the code it describes with it
        return _with_the_code_under(span, pieces)
    at = next((k for k, pc in enumerate(pieces) if pc.start == span.start and pc.end == span.end), None)
    if at is not None:
        # in source code (not Python's) a line's star is a block comment's margin, not a list's bullet
        margin = is_code(span.source) and not span.source.path.lower().endswith(_PYTHON_SUFFIXES)

        def item(k: int) -> bool:  # piece k is a list item in the same paragraph as the piece before it
            if margin and pieces[k].text.lstrip().startswith("*"):
                return False
            return bool(_LIST_ITEM.match(pieces[k].text)) and (
                joined(pieces[k - 1], pieces[k]) or _opened_above(pieces[k - 1], pieces[k])
            )

        intro = at
        while intro > 0 and item(intro):
            intro -= 1  # up the list to the piece before its first item

        def goes_on(
            k: int,
        ) -> bool:  # piece k is an item's next sentence (in its paragraph, no item mark, no rule)
            text = pieces[k].text
            return (
                not _LIST_ITEM.match(text)
                and not RULE.match(text.strip())
                and joined(pieces[k - 1], pieces[k])
            )

        last = intro
        while last + 1 < len(pieces) and (item(last + 1) or (last > intro and goes_on(last + 1))):
            last += 1  # down to its last item's last sentence (at or past ``at``: items and their sentences)
        opens = _introduces(pieces[intro]) and (
            pieces[intro].text.rstrip().endswith(":") or _phrases(pieces[intro + 1 : last + 1])
        )
        if opens and last > intro and pieces[last].end - pieces[intro].start <= LIST_SHOW_CHARS:
            # the sentence after the list that sums it up comes with it: "That is £7,395, plus the paint ..."
            after = pieces[last + 1] if last + 1 < len(pieces) else None
            if (
                after is not None
                and _SUMS_UP.match(after.text)
                and after.end - pieces[intro].start <= LIST_SHOW_CHARS + INTRO_EXTEND_CHARS
            ):
                last += 1
            return Span(span.source, pieces[intro].start, pieces[last].end)
        whole = None if margin else _whole_item(pieces, at)
        if whole is not None:
            return Span(span.source, *whole)
    listed = _line_list(span, pieces)
    if listed is not None:
        return listed
    if span.text.rstrip().endswith(":"):
        nxt = next_piece(pieces, span)
        if nxt is not None and nxt.end - nxt.start <= INTRO_EXTEND_CHARS:
            span = Span(span.source, span.start, nxt.end)
    return _run_on(_with_qualification(_with_antecedent(span, pieces, at), pieces), pieces)


def _introduces(piece: Span) -> bool:
    """``piece`` opens the list after it: a sentence ending with a colon, or a Markdown heading over the list
    ("## Pale ales and IPAs, per 30 litres of water" / "" / "- Gypsum 5 g" ...)."""
    text = piece.text.rstrip()
    if _LIST_ITEM.match(text):
        return False
    return text.endswith(":") or (
        not is_code(piece.source) and "\n" not in text and ATX_HEADING.match(text) is not None
    )


def section_heading(span: Span) -> str:
    """The heading of the section ``span`` is in: the last Markdown heading line above it in its passage, else the
    last heading of the passage's trail ("Title > Section"); "" for none. A source file's "# comment" is no heading."""
    source = span.source
    if not is_code(source):
        above = ATX_HEADING.findall(source.text, 0, span.start)
        if above:
            return above[-1]
    return source.heading.rsplit(" > ", 1)[-1] if source.heading else ""


def _phrases(items: Sequence[Span]) -> bool:
    """A heading's list is a list of phrases (a recipe's ingredients, "Gypsum 5 g", "Calcium chloride 2 g"): items too
    short to be answers on their own, shown with the heading that says what they are. Items that are sentences are a
    note's separate facts ("Release freeze for 2.4 is Friday 6 November."), each shown alone."""
    return all(
        _LIST_ITEM.match(it.text)
        and len(it.text) <= MAX_PHRASE_CHARS
        and not _SENTENCE_END.search(it.text.rstrip())
        for it in items
    )


def _opened_above(intro: Span, first: Span) -> bool:
    """``first`` (a list item) is the first item of the list ``intro`` opens (``_introduces``), one blank line between
    them, as Markdown writes a list ("... leave out the iron and add:" / "" / "- cobalt carbonate 0.5% (5 g)")."""
    if intro.source is not first.source or not _introduces(intro):
        return False
    return (
        len(BLANK_LINE.findall(intro.source.text, intro.end, first.start)) == 1
        and not intro.source.text[intro.end : first.start].strip()
    )


def _line_list(span: Span, pieces: Sequence[Span]) -> Span | None:
    """A list without item marks (an HTML list read as one line per item) shown with the sentence that introduces
    it: "Here is the list in decreasing order:" and its lines "emerg: ...", "alert: ...", one a line with at most a
    blank line between, each naming its term first, as many whole lines as fit in LIST_SHOW_CHARS (at least two); also from the sentence before such an introduction ("Each message is also
    associated with a priority level." / "Here is the list in decreasing order:"), which names what the list is
    about. None when ``span`` neither is nor directly precedes such an introduction."""
    intro = span
    if not span.text.rstrip().endswith(":"):
        nxt = next_piece(pieces, span)
        if (
            nxt is None
            or not nxt.text.rstrip().endswith(":")
            or not joined(span, nxt)
            or len(nxt.text) > INTRO_EXTEND_CHARS
        ):
            return None
        intro = nxt
    end, count, whole = _line_items(span.source.text, intro.end, span.start)
    if not whole and intro is not span:
        # the sentence before the introduction leaves no room for the whole list: the list whole, without it
        alone = _line_items(span.source.text, intro.end, intro.start)
        if alone[1] > count:
            return Span(span.source, intro.start, alone[0]) if alone[1] >= 2 else None
    return Span(span.source, span.start, end) if count >= 2 else None


def _line_items(text: str, after: int, start: int) -> tuple[int, int, bool]:
    """Where the lines of a list without item marks that begins at ``after`` end, how many there are, and whether
    that is the whole list: as many whole lines as fit in LIST_SHOW_CHARS from ``start``."""
    end, count, pos = after, 0, after
    for m in _LINE_ITEM.finditer(text, after):
        if m.start() != pos or len(m.group(2)) > INTRO_EXTEND_CHARS:
            break
        if not _TERM_ITEM.match(m.group(2)) or m.group(2).rstrip().endswith(":"):
            break  # an item names its term first ("emerg: ..."): not a displayed setting, nor the prose after it
        if m.end() - start > LIST_SHOW_CHARS:
            return end, count, False
        end, count, pos = m.end(), count + 1, m.end()
    return end, count, True


def _run_on(span: Span, pieces: Sequence[Span]) -> Span:
    """A prose sentence that a displayed command or option cuts in two is shown whole. "Use" / "--disable-nls" / "if you
    absolutely don't want to have messages handling code." (blank lines between, the option indented): a span that
    opens with a word that continues a sentence (``_CONTINUES``) takes back the display before it and the lead-in
    before that when it ends no sentence (an ellipsis between, "... and ping will work again.", is part of the
    sentence). "... by adding the line below to the system vimrc" / "let g:skip_defaults_vim = 1": a span that ends
    without punctuation takes the display after it. A display (``_display``) is a short piece set apart by a blank
    line and indented deeper than the sentence's first line. Not in source code; up to LIST_SHOW_CHARS in all."""
    if is_code(span.source):
        return span
    start, end = span.start, span.end
    text = span.text.strip()
    if _CONTINUES.match(text) and SENTENCE_END.search(text):
        before = [pc for pc in pieces if pc.end <= start]
        opens = span
        while before and _ELLIPSIS.fullmatch(before[-1].text.strip()) and joined(before[-1], span):
            # "... and ping will work again." opens with an ellipsis, the display before that
            opens = Span(span.source, before.pop().start, end)
        if before and _display(before[-1], opens) and end - before[-1].start <= LIST_SHOW_CHARS:
            start = before[-1].start
            lead = before[-2] if len(before) > 1 else None
            t = lead.text.strip() if lead is not None else ""
            if (
                t
                and not SENTENCE_END.search(t)
                and not MARKDOWN_HEADING.match(t)
                and len(t) <= INTRO_EXTEND_CHARS
                and end - lead.start <= LIST_SHOW_CHARS
            ):
                start = lead.start
    if text[-1:].isalnum():
        nxt = next_piece(pieces, span)
        if nxt is not None and _display(nxt, span) and nxt.end - start <= LIST_SHOW_CHARS:
            end = nxt.end
    return span if (start, end) == (span.start, span.end) else Span(span.source, start, end)


def _display(piece: Span, span: Span) -> bool:
    """``piece`` is a displayed command, option or line of code next to ``span``: a blank line between them, the
    piece starting its own line indented deeper than the line ``span`` starts on (or, after a span that leads on
    into it, ``LEADS_ON``, at any indentation: a PDF's text keeps none), short, ending no sentence, and neither a
    list item nor a rule."""
    text = piece.source.text
    t = piece.text.strip()
    a, b = sorted((piece, span), key=lambda sp: sp.start)
    if not t or joined(a, b) or len(t) > INTRO_EXTEND_CHARS or SENTENCE_END.search(t):
        return False
    if _LIST_ITEM.match(piece.text) or RULE.match(t):
        return False
    lead = text[text.rfind("\n", 0, piece.start) + 1 : piece.start]
    if lead.strip():
        return False
    if piece.start > span.start and LEADS_ON.search(span.text):
        return True
    line = text[text.rfind("\n", 0, span.start) + 1 : span.start]
    own = len(line) - len(line.lstrip())
    return len(lead) > own


def _with_the_code_under(span: Span, pieces: Sequence[Span]) -> Span:
    """A sentence of a comment written over code (engine.rag.code_comments.with_the_code_under), shown on to the
    code under the comment: "How often the periodic check runs, in minutes." says what ``CHECK_PERIOD_MINUTES =
    180`` holds, not the figure. Only within the comment's lines (no blank line before the code) and LIST_SHOW_CHARS
    in all; any other sentence as it is."""
    text = span.source.text
    for pc in pieces:
        if pc.start < span.end:
            continue
        if "\n\n" in text[span.end : pc.start] or pc.end - span.start > LIST_SHOW_CHARS:
            return span
        if comment_prose(text, pc.start, pc.end) is not None:
            continue  # the comment's next sentence
        over = comment_over_code(text, span.start, pc.end)
        return Span(span.source, span.start, pc.end) if over is not None else span
    return span


def _with_antecedent(span: Span, pieces: Sequence[Span], at: int | None) -> Span:
    """A sentence that opens with a pronoun, or names the sentence before it (``_GOES_ON``), is shown with that
    sentence of its paragraph, which says what the pronoun is ("Nonetheless you can run programs with Nulgrind. They
    will run roughly 5 times more slowly than normal"), as score_parts read it. Up to LIST_SHOW_CHARS in all;
    ``at``: the span's index in ``pieces``."""
    if not at or not leans_back(span.text):
        return span
    prev = pieces[at - 1]
    if (
        not joined(prev, span)
        or RULE.match(prev.text)
        or len(content_words(prev.text)) < MIN_SENTENCE_WORDS
        or span.end - prev.start > LIST_SHOW_CHARS
    ):
        return span
    return Span(span.source, prev.start, span.end)


def _with_qualification(span: Span, pieces: Sequence[Span]) -> Span:
    """The span with the next sentence of its paragraph when that one qualifies it ("libffi does not have direct
    support for arrays or unions." and "However, they can be emulated using structures."): shown alone, the first
    would say the opposite of its source; or when it is a sentence in brackets that completes it ("... sets the
    default." and "(Valid values are 1, 2 and 4.)"); or when it goes on from it (``_GOES_ON``: "The user might still
    be able to access the system using an SSH key." and "To prevent even this possibility you have to expire the
    account as well ..."): a user describes the problem, and the remedy follows it. Up to LIST_SHOW_CHARS in all."""
    nxt = next_piece(pieces, span)
    if (
        nxt is not None
        and goes_on(nxt.text)
        and joined(span, nxt)
        and nxt.end - span.start <= LIST_SHOW_CHARS
    ):
        return Span(span.source, span.start, nxt.end)
    return span


def _whole_item(pieces: Sequence[Span], at: int) -> tuple[int, int] | None:
    """Where the list item holding piece ``at`` starts and ends, when it runs over more than that piece and fits in
    LIST_SHOW_CHARS: the item's sentences up to the next item or blank line ("* `maxKeys` {number} Specifies the
    maximum number of keys to parse. Specify `0` to remove key counting limitations. **Default:** `1000`.", not its
    first sentence without the default, nor "**Default:** `1000`." alone). None outside a list item."""
    first = at
    while not _LIST_ITEM.match(pieces[first].text):
        if first == 0 or not joined(pieces[first - 1], pieces[first]):
            return None  # the paragraph's start, and no item marker on the way
        first -= 1
    last = at
    while (
        last + 1 < len(pieces)
        and not _LIST_ITEM.match(pieces[last + 1].text)
        and joined(pieces[last], pieces[last + 1])
    ):
        last += 1
    if last == first or pieces[last].end - pieces[first].start > LIST_SHOW_CHARS:
        return None
    return pieces[first].start, pieces[last].end


def _python_block(span: Span) -> Span | None:
    """The smallest Python ``def`` or ``class`` of the span's passage that holds the span, whole, when it fits in
    LIST_SHOW_CHARS: "def S_IMODE(mode): \"\"\"Return the portion of the file's mode that can be set by
    os.chmod().\"\"\" return mode & 0o7777", not its docstring without the line that answers. A block runs to the
    next line indented no deeper than its ``def`` (a signature's closing bracket aside) or to the passage's end.
    None elsewhere (other languages, a block longer than that)."""
    if not span.source.path.lower().endswith(_PYTHON_SUFFIXES):
        return None
    text = span.source.text
    best = None
    for m in _PYTHON_DEF.finditer(text):
        if m.start() > span.start:
            break
        indent = len(m.group(1))
        end = len(text)
        for line in _LINE.finditer(text, m.end()):
            body = line.group()
            if (
                body.strip()
                and len(body) - len(body.lstrip()) <= indent
                and not body.lstrip().startswith((")", "]"))
            ):
                end = line.start()
                break
        while end > m.start() and text[end - 1].isspace():
            end -= 1
        start = m.start() + indent
        if span.end > end:
            continue
        if end - start > LIST_SHOW_CHARS:
            # too long whole: its signature and docstring, when the span lies in them; no docstring when the
            # header ended before the quotes found (they open a nested def's docstring)
            doc = _DOCSTRING_OPEN.match(text, m.end())
            if doc and _HEADER_END.search(text, m.end(), doc.end(1)):
                doc = None
            close = text.find(doc.group(2), doc.end()) if doc else -1
            end = close + 3 if close >= 0 else len(text) + 1
            if span.end > end:
                continue
        if end - start <= LIST_SHOW_CHARS:
            best = (start, end)  # later matches are nested deeper: the innermost that fits wins
    return Span(span.source, *best) if best else None


def _whole_record(span: Span) -> Span | None:
    """In a file read a record a paragraph (``RECORD_TYPES``: a calendar's event, a contact's card, a GPS track's
    waypoint), the whole record the span is in, when it fits in RECORD_SHOW_CHARS: "Bring goggles, a swim hat and a
    £1 coin." says nothing without "Maya swimming (Stage 5): Sat 11 Sep 2027, 9:30 to 10:00.", nor "They have our
    spare key." without "Ann and Clive Pearson.". None elsewhere."""
    if read_type(span.source) not in RECORD_TYPES:
        return None
    text = span.source.text
    breaks = [m.end() for m in BLANK_LINE.finditer(text, 0, span.start)]
    start = breaks[-1] if breaks else 0
    m = BLANK_LINE.search(text, span.end)
    end = m.start() if m else len(text.rstrip())
    if end - start > RECORD_SHOW_CHARS or (start, end) == (span.start, span.end):
        return None
    return Span(span.source, start, end)


def next_piece(pieces: Sequence[Span], span: Span) -> Span | None:
    """The first of ``pieces`` (a source's ``split_spans``) after ``span``, or None."""
    return next((pc for pc in pieces if pc.start >= span.end), None)


def joined(a: Span, b: Span) -> bool:
    """``b`` follows ``a`` in the same paragraph (no blank line between them)."""
    return a.source is b.source and BLANK_LINE.search(a.source.text, a.end, b.start) is None


def is_code(source: Source) -> bool:
    """Whether ``source`` was read as source code (``engine.rag.sources.read_type``)."""
    return read_type(source) == "code"


def one_list(a: Span, b: Span, pieces: Sequence[Span]) -> Span | None:
    """``a`` and ``b`` (two tasks of a task list shown from one source, "- [ ] ...") with what lies between them when
    it is all items of one list (in one paragraph), and the stretch fits in LIST_SHOW_CHARS: two unticked boxes of a
    checklist chosen apart are shown with those between them ("What have I still not done?"), not as two items with a
    gap. Other lists' items stay apart: a note's bullets are separate facts, and those between two chosen ones are
    often about something else. None otherwise; never in source code."""
    if (
        a.source is not b.source
        or is_code(a.source)
        or not (_TASK_ITEM.match(a.text) and _TASK_ITEM.match(b.text))
    ):
        return None
    lo, hi = min(a.start, b.start), max(a.end, b.end)
    if hi - lo > LIST_SHOW_CHARS:
        return None
    inside = [pc for pc in pieces if pc.end > lo and pc.start < hi]
    if sum(bool(_LIST_ITEM.match(pc.text)) for pc in inside) < 2:
        return None
    if any(not joined(prev, pc) for prev, pc in zip(inside, inside[1:])):
        return None
    return Span(a.source, lo, hi)
