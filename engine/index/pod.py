"""Perl's POD (``.pod`` files: a module's manual, a FAQ, perldoc's pages) as ``perldoc`` shows it.

POD (``perlpodspec``) is paragraphs apart by blank lines. A paragraph opening with "=" is a command: ``=head1`` to
``=head6`` a heading, ``=item`` a list item, ``=over``/``=back`` a list's bounds, ``=pod``/``=cut``/``=encoding``
markers, ``=begin FORMAT``...``=end FORMAT`` and ``=for FORMAT`` text for another formatter. An indented paragraph is
verbatim (code, shown as it is). In the others, formatting codes mark words: ``B<bold>``, ``C<code>``, ``I<italic>``,
``F<file>``, ``S<no break>``, ``L<text|target>`` links, ``E<gt>`` escapes, ``X<index>`` and ``Z<>`` marks; a code
may use more brackets, ``C<< $a->b >>``, so its words may hold ">". Read as plain text, a quoted sentence was
"Use the C<< ->close >> method, see L<IO::Compress::Gzip|IO::Compress::Gzip/close>" and a heading was "=head2 Foo".

Here the marks are blanked, character for character (a space each, line ends kept), so every line and character
keeps its place in the file and the words read as perldoc shows them: a link's text stays, its target goes; an
escape is its character. Each ``=headN`` is a heading of level N, so every chunk is embedded under its section, and
an item's term is marked "•" where "=item" stood, so its description is read under it ("Deflate (method 8): This is
the default compression").
"""

from __future__ import annotations

import html.entities
import re
from dataclasses import replace

from engine.index.document import Block
from engine.index.markup import with_headings

_COMMAND = re.compile(r"(?m)^=([a-zA-Z]\w*)(?:[ \t]+([^\n]*))?$")
_HEAD = re.compile(r"head([1-6])")
_CODE_OPEN = re.compile(r"([A-Z])(<+)")
# the commands whose text is shown (a heading's, an item's); the others are blanked whole
_SHOWN = frozenset({"head1", "head2", "head3", "head4", "head5", "head6", "item"})
_OTHER_FORMAT = frozenset({"begin", "for"})
_ESCAPES = {"lt": "<", "gt": ">", "verbar": "|", "sol": "/"}
ITEM_MARK = "•"  # where "=item" or its "*" stood: a list item's term (engine.rag.shown_span reads it as one)
# formatting codes nested deeper are left as written (a hostile file could nest thousands)
MAX_CODE_DEPTH = 50


def is_pod(text: str, named: bool = False) -> bool:
    """Whether ``text`` is a POD document: a ``.pod`` file (``named``) with a command paragraph, or a text whose
    first line is one (``=pod``, ``=head1``, ``=encoding``)."""
    if named:
        return _COMMAND.search(text) is not None
    return re.match(r"\s*=(?:pod|head1|encoding)\b", text) is not None and "\n=head" in text


def blank_pod(text: str) -> str:
    """``text`` with its command words, its formatting codes' letters and brackets, its links' targets and its
    index marks blanked; an escape written as its character. The same length, every line end where it was."""
    out = list(text)
    skip_until = None  # the =end that closes an =begin block for another formatter
    for start, end in _paragraphs(text):
        body = text[start:end]
        command = _COMMAND.match(body)
        name = command.group(1) if command else None
        if skip_until is not None:
            if name == "end" and (command.group(2) or "").split()[:1] == [skip_until]:
                skip_until = None
            _blank(out, start, end)
            continue
        if name is None:
            if body[:1] in " \t":  # a verbatim paragraph: shown as written
                continue
            _codes(text, out, start, end)
        elif name in _SHOWN:
            at = start + (command.start(2) if command.group(2) is not None else command.end())
            _blank(out, start, at)
            if name == "item":  # an item's term reads "• Deflate (method 8)", as perldoc lists it; "1." stays
                bullet = re.match(r"[*o\-](?=\s|$)", text[at:end])
                if bullet:
                    out[at] = ITEM_MARK
                elif command.group(2) is not None and not re.match(r"\d+\.?(?=\s|$)", text[at:end]):
                    out[at - 2] = ITEM_MARK
            _codes(text, out, at, end)
        elif name in _OTHER_FORMAT and not _shown_format(command.group(2) or ""):
            if name == "begin":
                skip_until = (command.group(2) or "").split()[0] if (command.group(2) or "").split() else ""
            _blank(out, start, end)
        elif name in _OTHER_FORMAT:  # "=begin text" / "=for text": shown as it is, its command line blanked
            _blank(out, start, start + command.end())
            if name == "begin":
                skip_until = None
        else:  # =pod, =cut, =over, =back, =encoding, =end...
            _blank(out, start, start + command.end())
            _codes(text, out, start + command.end(), end)
    return "".join(out)


def _paragraphs(text: str):
    """(start, end) of each paragraph: a run of lines with words on them, its last line end included."""
    start, pos = None, 0
    for line in text.split("\n"):
        stop = pos + len(line) + 1
        if line.strip():
            start = pos if start is None else start
        elif start is not None:
            yield start, pos
            start = None
        pos = stop
    if start is not None:
        yield start, min(pos, len(text))


def _shown_format(arg: str) -> bool:
    words = arg.split()
    return bool(words) and words[0].lstrip(":") in ("text", "plaintext")


def _blank(out: list[str], start: int, end: int) -> None:
    for i in range(start, end):
        if out[i] != "\n":
            out[i] = " "


def _codes(text: str, out: list[str], start: int, end: int) -> None:
    """Blank the formatting codes' marks in ``text[start:end]``, in one pass: open codes on a stack, a ">" closing the
    innermost single-bracket one, whitespace and as many ">" as it opened with closing a multi-bracket one. A code
    never closed ("A<B" in a sentence) is left as written; codes nested deeper than ``MAX_CODE_DEPTH`` are text."""
    stack: list[tuple[str, int, int, int]] = []  # (letter, where it opens, where its words start, brackets)
    closed: list[tuple[str, int, int, int, int]] = []  # innermost first, as they close
    i = start
    while i < end:
        ch = text[i]
        if stack and stack[-1][3] > 1:  # inside C<< ... >>: only its own closing ends it
            if ch in " \t\n":
                j = i
                while j < end and text[j] in " \t\n":
                    j += 1
                brackets = stack[-1][3]
                if text.startswith(">" * brackets, j) and j + brackets <= end:
                    letter, at, inner, _ = stack.pop()
                    closed.append((letter, at, inner, i, j + brackets))
                    i = j + brackets
                else:
                    i = j
                continue
        elif stack and ch == ">":
            letter, at, inner, _ = stack.pop()
            closed.append((letter, at, inner, i, i + 1))
            i += 1
            continue
        m = _CODE_OPEN.match(text, i, end) if ch.isupper() and len(stack) < MAX_CODE_DEPTH else None
        if m is None:
            i += 1
            continue
        brackets = len(m.group(2))
        if brackets > 1 and m.end() < end and text[m.end()] in " \t\n":
            stack.append((m.group(1), i, m.end() + 1, brackets))
            i = m.end() + 1
        else:  # one bracket (or "C<<x" with no space: a code of one bracket and a "<" in its words)
            stack.append((m.group(1), i, i + 2, 1))
            i += 2
    for letter, at, inner, close, stop in closed:
        _blank(out, at, inner)
        _blank(out, close, stop)
        _shown_code(text, out, letter, inner, close)
        if (
            "\n" not in text[at:stop]
        ):  # its words at the span's end, the blanks before: "see L<perlpod>." reads
            shown = " ".join("".join(out[at:stop]).split())  # "see perlpod.", not "see perlpod ."
            out[at:stop] = [" "] * (stop - at - len(shown)) + list(shown)


def _shown_code(text: str, out: list[str], letter: str, inner: int, close: int) -> None:
    """What a code shows of its words ``text[inner:close]``: X and Z nothing, E its character, L its text."""
    if letter in "XZ":
        _blank(out, inner, close)
    elif letter == "E":
        name = text[inner:close].strip()
        char = _escape(name)
        if char is not None and close > inner:
            _blank(out, inner, close)
            out[inner] = char
    elif letter == "L":
        bar = _top_level_bar(text, inner, close)
        if bar is not None:  # L<text|target>: the text
            _blank(out, bar, close)


def _escape(name: str) -> str | None:
    if name in _ESCAPES:
        return _ESCAPES[name]
    try:
        if name[:2].lower() == "0x":
            return chr(int(name[2:], 16))
        if name[:1] == "0" and len(name) > 1:
            return chr(int(name, 8))
        if name.isdigit():
            return chr(int(name))
    except (ValueError, OverflowError):
        return None
    char = html.entities.html5.get(name + ";")
    return char if char is not None and len(char) == 1 else None


def _top_level_bar(text: str, start: int, end: int) -> int | None:
    depth = 0
    for i in range(start, end):
        if text[i] == "<":
            depth += 1
        elif text[i] == ">":
            depth = max(0, depth - 1)
        elif text[i] == "|" and not depth:
            return i
    return None


def pod_blocks(original: str, text: str) -> list[Block]:
    """Blocks of a POD document's blanked ``text``: each ``=headN`` paragraph a heading of level N (from
    ``original``), the rest paragraphs."""
    heads = []
    for m in _COMMAND.finditer(original):
        head = _HEAD.fullmatch(m.group(1))
        if head and m.group(2) is not None and text[m.start(2) : m.end(2)].strip():
            heads.append((m.start(2), m.end(2), int(head.group(1))))
    blocks = with_headings(text, heads)
    # a verbatim paragraph (indented in the file) is code, never glued into a sentence
    return [
        replace(b, kind="code") if not b.heading_level and _verbatim(original, b.start) else b for b in blocks
    ]


def _verbatim(original: str, at: int) -> bool:
    line = original.rfind("\n", 0, at) + 1
    return original[line : line + 1] in (" ", "\t")
