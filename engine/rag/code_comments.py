"""A source file's comments read as the prose they are: "/** ... */" blocks whose lines open with a margin star, and
runs of "//", "# " or "-- " lines. The star opening a block comment's line is its margin, not a list's bullet, so a
sentence wrapped over two of its lines is one sentence ("Can be overridden in ``sphinx.search`` with a" / " *
custom function per language."), and a comment is quoted without its marks, as words, not as code. A comment is a
piece of its own apart from the code around it, while a line comment is read with the code it is in ("// query
found in title" over "title: 15,").
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


def _is_comment(line: str) -> bool:
    m = _COMMENT_LINE.match(line)
    return m is not None and m.end() > len(line) - len(line.lstrip())


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
        cut = _COMMENT_LINE.match(line).end()
        if k == 0:
            cut = max(cut, start - first)
        words.append(_CLOSER.sub("", line[cut:]).strip())
    prose = " ".join(w for w in words if w)
    return prose if sum(c.isalpha() for c in prose) >= 3 else None


def comment_runs(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """``text[a:b]`` cut where a block comment's lines start after code or end before it."""
    cuts, pos = [], text.find("\n", a, b)
    while 0 <= pos < b:
        before = text[text.rfind("\n", 0, pos) + 1 : pos]  # the whole line, though the piece starts in it
        end = text.find("\n", pos + 1, b)
        after = text[pos + 1 : end if end >= 0 else b]
        # a block comment is read apart from the code around it; a line comment goes with the code it is in
        # ("// query found in title" over "title: 15,", "if (a === b) {" over "// same score: sort by title")
        if before.strip() and after.strip() and _is_comment(before) != _is_comment(after):
            if _BLOCK_LINE.match(after if _is_comment(after) else before):
                cuts.append(pos)
        pos = end
    starts, ends = [a, *(c + 1 for c in cuts)], [*cuts, b]
    return list(zip(starts, ends, strict=True))
