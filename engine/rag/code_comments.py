"""A source file's comments read as the prose they are: "/** ... */" blocks whose lines open with a margin star, and
runs of "//", "# " or "-- " lines. The star opening a block comment's line is its margin, not a list's bullet, so a
sentence wrapped over two of its lines is one sentence ("Can be overridden in ``sphinx.search`` with a" / " *
custom function per language."), and a comment is quoted without its marks, as words, not as code. A comment written
over code (a line comment on lines of its own, a "/** ... */" doc comment) is read with the code under it, which it
describes ("// query found in title" over "title: 15,"), its last sentence and that code one piece; any other block
comment is a piece of its own apart from the code around it, and a comment after code on its line goes with that
code.
"""

from __future__ import annotations

import re
from functools import lru_cache

# a block comment: its opener at a line's start, every line after it opening with its margin star, its closer
# (its closer may end a line of words: "   Version 1.7  12 August 2012  Mark Adler */")
_BLOCK = re.compile(r"(?m)^[ \t]*/\*+[^\n]*\n((?:[ \t]*\*(?!/)[^\n]*\n)+)[^\n*]*\*+/")
# ... or the end of one, where a passage starts inside it (no opener before its margin lines)
_BLOCK_TAIL = re.compile(r"\A((?:[ \t]*\*(?!/)[^\n]*\n)+)[^\n*]*\*+/")
# a comment's line: its marks ("//", "# ", "-- ", "/**", " * ", " */") and then its words
# (an XML comment's "<!--" and "-->" too: a DTD's, an XML configuration's)
_COMMENT_LINE = re.compile(
    r"[ \t]*(?:/{2,}!?|#+(?=[ \t]|$)|--(?=[ \t]|$)|dnl(?=[ \t]|$)|/\*+|\*+/|\*(?=[ \t]|$)|<!--|-->|<#|#>)[ \t]?"
)
# ... and a Vim script's '"' (only in a text that is one: ``_is_vim``; a line opening '"' is a string elsewhere)
_VIM_COMMENT_LINE = re.compile(_COMMENT_LINE.pattern.replace("<!--|", r'"(?=[ \t]|$)|<!--|', 1))
_CLOSER = re.compile(r"[ \t]*(?:\*+/|-->|#>)[ \t]*$")
# a block comment's line: its opener, margin star or closer
_BLOCK_LINE = re.compile(r"[ \t]*(?:/\*|\*|<!--|-->|<#|#>)")


def comment_margins(text: str) -> set[int]:
    """The line ends of ``text`` followed by a block comment's margin star (inside "/* ... */"): no list item opens
    there."""
    out: set[int] = set()
    # a bare block comment's line that opens with a mark that is no bullet ("   -gz, .z, -z, _z, or .Z."), where the
    # text has block comments at all (any text comes here: an indented manual's "-v" lines are items)
    for start in (
        _bare_lines(text) if any(mark in text for mark in ("/*", "*/", "<!--", "-->", "<#", "#>")) else ()
    ):
        if start and re.match(r"[ \t]*[-*\u2022]\S", text[start : start + 80]):
            out.add(start - 1)
    if "*" not in text:
        return out
    for pattern in (_BLOCK, _BLOCK_TAIL):
        for m in pattern.finditer(text):
            start, end = m.span(1)
            pos = text.find("\n", max(start - 1, 0), end)
            while 0 <= pos < end:
                out.add(pos)
                pos = text.find("\n", pos + 1, end)
    return out


# a comment's line of marks alone: a banner box's top, bottom or blank line ("#+#####...", "#-####", "//======")
_MARKS_ONLY = re.compile(r"[ \t]*(?:#[#+\-=*~_]*|/{2,}[/=\-*~_]*|dnl[ \t]+[-=*~_]{3,})[ \t]*#?[ \t]*$")
# the right edge of a banner box ("# Description: check the network sockets ...   #")
_BOX_EDGE = re.compile(r"[ \t]+#+[ \t]*$")


# a Vim script's own lines: a function's start or end, a setting, a mapping, a command, an autocommand
_VIM_WORDS = re.compile(
    r"(?m)^[ \t]*(?:fu(?:n(?:ction)?)?!?[ \t]+[\w:#<>.]+\(|endf(?:unction)?\b|let[ \t]+[gsbwtlav]:|"
    r"[nvxoic]?(?:nore)?map[ \t]|com(?:mand)?!?[ \t]+\w|set(?:local)?[ \t]+\w|augroup[ \t]|au(?:tocmd)?!?[ \t]+\w)"
)
_VIM_COMMENTS = re.compile(r'(?m)^[ \t]*"(?:[ \t]|$)')


@lru_cache(maxsize=64)
def _is_vim(text: str) -> bool:
    """Whether ``text`` reads as a Vim script: comment lines opening '"' (three at least, or a third of its lines),
    where its own commands stand, or where such comments are most of its lines (a passage of a plugin's header)."""
    if '"' not in text:
        return False
    comments = len(_VIM_COMMENTS.findall(text))
    if comments < 2:
        return False
    lines = sum(1 for line in text.split("\n") if line.strip())
    return (comments >= 3 and _VIM_WORDS.search(text) is not None) or 2 * comments >= lines


def _marks(text: str) -> re.Pattern[str]:
    """The comment marks of ``text``'s language: a Vim script's '"' too where ``text`` is one."""
    return _VIM_COMMENT_LINE if _is_vim(text) else _COMMENT_LINE


def _is_comment(line: str, marks: re.Pattern[str] = _COMMENT_LINE) -> bool:
    m = marks.match(line)
    return (m is not None and m.end() > len(line) - len(line.lstrip())) or bool(
        line.strip() and _MARKS_ONLY.match(line)
    )


# what code holds and a comment's prose does not: statements' ends, blocks, assignments, line comments
_CODE_MARK = re.compile(r"[;{}=]|//|#|^[ \t]*\*", re.MULTILINE)
_PROSE_LINE = re.compile(r"[A-Za-z]{3,} [a-z]{2,} [a-z]{2,}")  # words in a row, as a sentence has them
# a line that reads as code, not prose: "score: result => {", "const x = result", "},", "free(buf);"
_CODE_LIKE = re.compile(r"[;{}]$|^[\]\[(){};,]+$|=>| = ")
# a block comment's opener at the start of a line ("/*", "/**", "/* Version history:")
_OPENER = re.compile(r"(?m)^[ \t]*/\*")
# an XML comment's opener at the start of a line, and the pairs of marks a block comment is held in
_XML_OPENER = re.compile(r"(?m)^[ \t]*<!--")
_XML_CLOSER = re.compile(r"(?m)-->[ \t]*$")
# PowerShell's "<# ... #>" (a script's comment-based help: ".SYNOPSIS", ".PARAMETER Name" and their prose)
_PS_OPENER = re.compile(r"(?m)^[ \t]*<#")
_PS_CLOSER = re.compile(r"(?m)^[ \t]*#>[ \t]*$")
_BLOCK_MARKS = (("/*", "*/", _OPENER), ("<!--", "-->", _XML_OPENER), ("<#", "#>", _PS_OPENER))


@lru_cache(maxsize=64)
def _bare_lines(text: str) -> frozenset[int]:
    """Where the lines of ``text`` that a block comment holds without a margin star start: a C file's usage comment
    written as plain indented prose between "/*" and "*/" ("   decompresses the data in the named gzip files."),
    from the line after its opener to its closer's line; where a passage starts inside such a comment (a closer
    before any opener), its lines up to that closer too. Not code commented out (a third of its lines or more
    read as code: ending in ";", "{" or "}", only brackets, an assignment or an arrow)."""
    marks = [(o, c, opener) for o, c, opener in _BLOCK_MARKS if o in text or c in text]
    if not (_XML_OPENER.search(text) or _XML_CLOSER.search(text)):  # "i-->0" in C is no XML comment's end
        marks = [m for m in marks if m[0] != "<!--"]
    if not (
        _PS_OPENER.search(text) or _PS_CLOSER.search(text)
    ):  # R's "#> [1] 2" output is no help block's end
        marks = [m for m in marks if m[0] != "<#"]
    if not marks:
        # a passage that lies inside a long block comment holds neither; it is that comment's prose when no line
        # of it is code and every line after its first is indented, as the comment's lines are
        lines = text.split("\n")
        if (
            _CODE_MARK.search(text)
            or sum(bool(_PROSE_LINE.search(line)) for line in lines) < 2
            or not all(line[:1] in (" ", "\t") for line in lines[1:] if line.strip())
        ):
            return frozenset()
        return frozenset(m.start() for m in re.finditer(r"(?m)^(?=[ \t]*\S)", text))
    spans = []
    for opens, closes, opener in marks:
        first_close, first_open = text.find(closes), text.find(opens)
        if first_close >= 0 and (first_open < 0 or first_close < first_open):
            spans.append((-1, first_close))
        for m in opener.finditer(text):
            close = text.find(closes, m.end())
            spans.append((m.start(), len(text) if close < 0 else close))
    out: set[int] = set()
    for a, b in spans:
        inner = [
            line.strip() for line in text[max(a, 0) : b].split("\n")[1 if a >= 0 else 0 :] if line.strip()
        ]
        if inner and 3 * sum(_CODE_LIKE.search(line) is not None for line in inner) >= len(inner):
            continue  # code commented out ("score: result => {" ... "},"): still code, not a comment's words
        pos = text.find("\n", a, b) if a >= 0 else -1
        if a >= 0 and pos < 0:
            continue  # opened and closed on one line
        while pos < b:
            start = pos + 1
            if start >= b and start > 0:
                break
            line_end = text.find("\n", start)
            line = text[start : len(text) if line_end < 0 else line_end]
            if line.strip() and not _BLOCK_LINE.match(line):
                out.add(start)
            if line_end < 0:
                break
            pos = line_end
    return frozenset(out)


def is_comment_line(text: str, pos: int) -> bool:
    """Whether the line of ``text`` that holds ``pos`` is a comment's: its marks open it ("//", "# ", " * "), or a
    block comment holds it without them (``_bare_lines``)."""
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return _is_comment(text[start : len(text) if end < 0 else end], _marks(text)) or start in _bare_lines(
        text
    )


def comment_prose(text: str, start: int = 0, end: int | None = None) -> str | None:
    """The words of ``text[start:end]`` when every line it is on is a comment's (its first line judged whole,
    though it starts inside it: a comment's second sentence), without the comment's marks; else None."""
    end = len(text) if end is None else end
    first = text.rfind("\n", 0, start) + 1
    bare = _bare_lines(text)
    marks = _marks(text)
    words = []
    at = first
    for k, line in enumerate(text[first:end].split("\n")):
        line_start, at = at, at + len(line) + 1
        if not line.strip():
            continue
        if line_start in bare:  # a block comment's line without marks: its words after its indent
            cut = len(line) - len(line.lstrip())
        elif not _is_comment(line, marks):
            return None
        elif _MARKS_ONLY.match(line):
            continue  # a banner box's rule: no words
        else:
            cut = marks.match(line).end()
        if k == 0:
            cut = max(cut, start - first)
        rest = line[cut:]
        words.append(
            _CLOSER.sub("", _BOX_EDGE.sub("", rest) if line.lstrip().startswith("#") else rest).strip()
        )
    prose = " ".join(w for w in words if w)
    return prose if sum(c.isalpha() for c in prose) >= 3 else None


def comment_runs(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """``text[a:b]`` cut where a block comment's lines start after code or end before it."""
    cuts, pos = [], text.find("\n", a, b)
    while 0 <= pos < b:
        before = text[text.rfind("\n", 0, pos) + 1 : pos]  # the whole line, though the piece starts in it
        end = text.find("\n", pos + 1, b)
        after = text[pos + 1 : end if end >= 0 else b]
        # a block comment is read apart from the code around it; a line comment on lines of its own goes with the
        # code under it, which it describes ("// query found in title" over "title: 15,", "/// How often to sync
        # ..." over "static let foregroundInterval = 5 * 60"), not with the code above it
        before_is, after_is = is_comment_line(text, pos - 1 if pos else 0), is_comment_line(text, pos + 1)
        if before.strip() and after.strip() and before_is != after_is:
            bare_side = (pos + 1 if after_is else text.rfind("\n", 0, pos) + 1) in _bare_lines(text)
            if bare_side or _BLOCK_LINE.match(after if after_is else before) or after_is:
                cuts.append(pos)
        pos = end
    starts, ends = [a, *(c + 1 for c in cuts)], [*cuts, b]
    return list(zip(starts, ends, strict=True))


# a comment's blank line: its mark alone ("#", "//", " *", "--"), as a blank line between two paragraphs of prose
_BLANK_COMMENT = re.compile(r"[ \t]*(?:#|/{2,3}|\*|--|dnl)[ \t]*$")
_VIM_BLANK_COMMENT = re.compile(r'[ \t]*(?:#|/{2,3}|\*|--|dnl|")[ \t]*$')


def comment_paragraphs(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """``text[a:b]`` cut at each blank line of a comment (its mark alone) that comment lines stand on both sides of:
    a comment's paragraphs, as prose's blank lines part them. A Tcl procedure's header ("# ::tm::path --") is not
    read into the description under it, nor a paragraph that ends without a full stop into the next."""
    out, pos = [], a
    blank = _VIM_BLANK_COMMENT if _is_vim(text) else _BLANK_COMMENT
    nl = text.find("\n", a, b)
    while 0 <= nl < b - 1:
        end = text.find("\n", nl + 1)
        end = len(text) if end < 0 else end
        line = text[nl + 1 : end]
        if (
            end < b
            and blank.match(line)
            and is_comment_line(text, nl - 1 if nl else 0)
            and is_comment_line(text, end + 1)
        ):
            if text[pos:nl].strip():
                out.append((pos, len(text[:nl].rstrip())))
            pos = end + 1
        nl = text.find("\n", nl + 1, b)
    return [*out, (pos, b)] if text[pos:b].strip() else out


_SENTENCE_DONE = re.compile(r"[.!?:;][\"'’”)\]]*[ \t]*$")


def comment_items(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """``text[a:b]`` cut at each line end inside a block comment written without marks (``_bare_lines``) where the
    next line's words start at another column: such a comment's list ("1.2  20 Mar 2005  Add Unix compress (LZW)
    decompression" under "1.1  21 Feb 2005 ...", each change indented under its version) is items, not one run-on
    sentence; its wrapped prose keeps its column and reads on, as does a sentence wrapped onto a line indented
    otherwise that goes on in lower case. Comments with marks ("//", "#", " * ") are left as
    they were: a banner box's or a hanging indent's columns say nothing of items."""
    bare = _bare_lines(text)
    if not bare:
        return [(a, b)]
    out, pos = [], a
    nl = text.find("\n", a, b)
    while 0 <= nl < b - 1:
        prev_start = text.rfind("\n", 0, nl) + 1
        nxt_end = text.find("\n", nl + 1)
        prev, nxt = text[prev_start:nl], text[nl + 1 : len(text) if nxt_end < 0 else nxt_end]
        if (
            prev.strip()
            and nxt.strip()
            and prev_start in bare
            and nl + 1 in bare
            and None
            not in (cols := (_words_column(text, prev_start, prev), _words_column(text, nl + 1, nxt)))
            and cols[0] != cols[1]
            # a sentence wrapped onto a line indented otherwise reads on: "... any value other than" over
            # "\tthe first matches."
            and not (nxt.lstrip()[:1].islower() and not _SENTENCE_DONE.search(prev))
        ):
            if text[pos:nl].strip():
                out.append((pos, len(text[:nl].rstrip())))
            pos = nl + 1
            while pos < b and text[pos] in " \t":
                pos += 1
        nl = text.find("\n", nl + 1, b)
    return [*out, (pos, b)] if text[pos:b].strip() else out


def _words_column(text: str, start: int, line: str) -> int | None:
    """Where a comment line's words start: after its marks, or after its indent where a block comment holds it
    bare; None for a line of marks alone (" *", " */")."""
    if start == 0:
        return None  # a passage's first line may start inside its line: its column is not known
    if start in _bare_lines(text):
        return len(line) - len(line.lstrip())
    m = _marks(text).match(line)
    rest = line[m.end() :] if m else line
    if not rest.strip() or _CLOSER.fullmatch(rest) or rest.strip() == "*/":
        return None
    return len(line) - len(rest.lstrip())


def with_the_code_under(text: str, pieces: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``pieces`` of source code, a piece of line comments joined to the piece of code on the line under it: the
    comment's last sentence and the declaration it describes are one piece ("How often to sync while the app is in
    the foreground, in seconds." / "static let foregroundInterval: TimeInterval = 5 * 60"), so the value is quoted
    with what it is; so is a doc comment's ("/** ... */", which JSDoc, TSDoc, Javadoc and Doxygen write over what
    they document). Any other block comment stays a piece of its own (a C header's may follow its declaration)."""
    out: list[tuple[int, int]] = []
    for a, b in pieces:
        if out:
            pa, pb = out[-1]
            lines = [line for line in text[text.rfind("\n", 0, pa) + 1 : pb].split("\n") if line.strip()]
            between = text[pb:a]
            marks = _marks(text)
            line_comments = all(_is_comment(line, marks) and not _BLOCK_LINE.match(line) for line in lines)
            if (
                between.count("\n") == 1
                and not between.strip()
                and (line_comments or _ends_doc_block(text, pb))
                and not is_comment_line(text, a)
            ):
                # a doc comment's closer cut from its last sentence ("/** The most items tracked. */"): that
                # sentence is the one joined to the code
                if (
                    len(out) > 1
                    and not any(c.isalpha() for c in text[pa:pb])
                    and not text[out[-2][1] : pa].strip()
                ):
                    pa = out.pop(-2)[0]
                out[-1] = (pa, b)
                continue
        out.append((a, b))
    return out


def _ends_doc_block(text: str, end: int) -> bool:
    """Whether ``text[:end]`` ends with the closer of a doc comment ("/** ... */")."""
    close = len(text[:end].rstrip()) - 2
    if close < 0 or text[close : close + 2] != "*/":
        return False
    opener = text.rfind("/*", 0, close)
    return opener >= 0 and text.startswith("/**", opener) and "*/" not in text[opener + 3 : close]


def comment_over_code(text: str, start: int, end: int) -> tuple[str, int] | None:
    """The words of the comment that opens ``text[start:end]`` (its first line judged whole: line comments, or a doc
    comment's end) and where the code under it starts, when the span is a comment over code
    (``with_the_code_under``); None otherwise."""
    first = text.rfind("\n", 0, start) + 1
    pos = first
    while pos < end:
        stop = text.find("\n", pos, end)
        stop = end if stop < 0 else stop
        line = text[pos:stop]
        if line.strip() and not is_comment_line(text, pos):
            break
        pos = stop + 1
    if pos <= first or pos >= end or _BLOCK_LINE.match(text[pos:end]):
        return None
    block = any(_BLOCK_LINE.match(line) for line in text[first:pos].split("\n")) or any(
        first <= at < pos for at in _bare_lines(text)
    )
    if block and not _ends_doc_block(text, pos - 1):
        return None  # a block comment over code is read so only when it is a doc comment
    prose = comment_prose(text, start, pos - 1)
    return (prose, pos) if prose is not None else None
