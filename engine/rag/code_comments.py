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

# a block comment: its opener at a line's start, every line after it opening with its margin star, its closer
_BLOCK = re.compile(r"(?m)^[ \t]*/\*+[^\n]*\n((?:[ \t]*\*(?!/)[^\n]*\n)+)[ \t]*\*+/")
# ... or the end of one, where a passage starts inside it (no opener before its margin lines)
_BLOCK_TAIL = re.compile(r"\A((?:[ \t]*\*(?!/)[^\n]*\n)+)[ \t]*\*+/")
# a comment's line: its marks ("//", "# ", "-- ", "/**", " * ", " */") and then its words
_COMMENT_LINE = re.compile(r"[ \t]*(?:/{2,}!?|#+(?=[ \t]|$)|--(?=[ \t]|$)|/\*+|\*+/|\*(?=[ \t]|$))[ \t]?")
_CLOSER = re.compile(r"[ \t]*\*+/[ \t]*$")
_BLOCK_LINE = re.compile(r"[ \t]*(?:/\*|\*)")  # a block comment's line: its opener, margin star or closer


def comment_margins(text: str) -> set[int]:
    """The line ends of ``text`` followed by a block comment's margin star (inside "/* ... */"): no list item opens
    there."""
    if "*" not in text:
        return set()
    out: set[int] = set()
    for pattern in (_BLOCK, _BLOCK_TAIL):
        for m in pattern.finditer(text):
            start, end = m.span(1)
            pos = text.find("\n", max(start - 1, 0), end)
            while 0 <= pos < end:
                out.add(pos)
                pos = text.find("\n", pos + 1, end)
    return out


# a comment's line of marks alone: a banner box's top, bottom or blank line ("#+#####...", "#-####", "//======")
_MARKS_ONLY = re.compile(r"[ \t]*(?:#[#+\-=*~_]*|/{2,}[/=\-*~_]*)[ \t]*#?[ \t]*$")
# the right edge of a banner box ("# Description: check the network sockets ...   #")
_BOX_EDGE = re.compile(r"[ \t]+#+[ \t]*$")


def _is_comment(line: str) -> bool:
    m = _COMMENT_LINE.match(line)
    return (m is not None and m.end() > len(line) - len(line.lstrip())) or bool(
        line.strip() and _MARKS_ONLY.match(line)
    )


def comment_prose(text: str, start: int = 0, end: int | None = None) -> str | None:
    """The words of ``text[start:end]`` when every line it is on is a comment's (its first line judged whole,
    though it starts inside it: a comment's second sentence), without the comment's marks; else None."""
    end = len(text) if end is None else end
    first = text.rfind("\n", 0, start) + 1
    words = []
    for k, line in enumerate(text[first:end].split("\n")):
        if not line.strip():
            continue
        if not _is_comment(line):
            return None
        if _MARKS_ONLY.match(line):
            continue  # a banner box's rule: no words
        cut = _COMMENT_LINE.match(line).end()
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
        if before.strip() and after.strip() and _is_comment(before) != _is_comment(after):
            if _BLOCK_LINE.match(after if _is_comment(after) else before) or _is_comment(after):
                cuts.append(pos)
        pos = end
    starts, ends = [a, *(c + 1 for c in cuts)], [*cuts, b]
    return list(zip(starts, ends, strict=True))


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
            line_comments = all(_is_comment(line) and not _BLOCK_LINE.match(line) for line in lines)
            stop = text.find("\n", a)
            if (
                between.count("\n") == 1
                and not between.strip()
                and (line_comments or _ends_doc_block(text, pb))
                and not _is_comment(text[a : stop if stop >= 0 else len(text)])
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
        if line.strip() and not _is_comment(line):
            break
        pos = stop + 1
    if pos <= first or pos >= end or _BLOCK_LINE.match(text[pos:end]):
        return None
    block = any(_BLOCK_LINE.match(line) for line in text[first:pos].split("\n"))
    if block and not _ends_doc_block(text, pos - 1):
        return None  # a block comment over code is read so only when it is a doc comment
    prose = comment_prose(text, start, pos - 1)
    return (prose, pos) if prose is not None else None
