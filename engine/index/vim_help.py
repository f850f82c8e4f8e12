"""Vim's help files (``doc/*.txt``: the user manual, the reference, a plugin's help) as their reader sees them.

A help file marks its text for Vim's help viewer (``:help help-writing``): ``*tag*`` jump targets, most at a line's
right edge ("*21.1*  Suspend and resume    *suspend*"), ``|link|`` bars round a tag it links to, a line ending in
" >" before an example (indented, until a line opening with "<"), a column heading ending in " ~", a rule of "="
between sections and a modeline at the foot. Read as plain text, an answer quoted "CTRL-Z |suspend| *:st*" and a
section's title was a sentence glued to the one after it.

Here the marks are blanked, character for character (a space each, line ends kept), so every line and character
keeps its place in the file and the words are read as the viewer shows them: a link's name stays, a target's tag
goes. A section's title (the line after a rule, its number's tag blanked: "Suspend and resume") is a heading of
level 1 and a column heading one of level 2, so every chunk is embedded under its section.
"""

from __future__ import annotations

import re

from engine.index.document import Block
from engine.index.markup import with_headings

# the file's own tag opening its first line ("*usr_21.txt*  For Vim version 9.0."), or a help modeline at its foot
_FIRST_TAG = re.compile(r"\A\*[\w.+-]+\.txt\*[ \t]")
_MODELINE = re.compile(r"(?m)^\s*vim:(?:[^\n]*:)?\s*(?:ft|filetype)=help\b[^\n]*$")
_TAG = re.compile(r"(?<![^\s(])\*[^\s*|\"]+\*(?=\s|$|[).,])")
_LINK = re.compile(r"\|([^\s|]+)\|")
_EXAMPLE_OPEN = re.compile(r"(?m)(?<=\s)>$|^>$")
_EXAMPLE_CLOSE = re.compile(r"(?m)^<(?=\s|$)")
_COLUMN_HEADING = re.compile(r"(?m)^(\S[^\n]*?)[ \t]+~$")
_TILDE = re.compile(r"(?m)(?<=[ \t])~$")  # a line's highlight mark: a column heading's, an example line's
_RULE = re.compile(r"(?m)^[=\-]{20,}[ \t]*$")


def is_vim_help(text: str) -> bool:
    """Whether ``text`` is a Vim help file: its first line opens with the file's tag, or it has a help modeline."""
    return _FIRST_TAG.match(text) is not None or _MODELINE.search(text[-2000:]) is not None


def _spaces(m: re.Match) -> str:
    return " " * len(m.group(0))


def blank_help_marks(text: str) -> str:
    """``text`` with its tags, its links' bars, its examples' ">" and "<" and its lines' closing "~" (a column
    heading's, an example line's) blanked; the same length, every line end where it was."""
    text = _TAG.sub(_spaces, text)
    text = _LINK.sub(
        lambda m: "  " + m.group(1), text
    )  # spaces before: "with |:Water|." reads "with :Water."
    text = _EXAMPLE_OPEN.sub(" ", text)
    text = _EXAMPLE_CLOSE.sub(" ", text)
    return _TILDE.sub(" ", text)


def help_blocks(original: str, text: str) -> list[Block]:
    """Blocks of a help file's blanked ``text``: the line after each rule a section's title (level 1), each column
    heading (a line of ``original`` that ended in " ~") one of level 2, the rest paragraphs; the modeline in none."""
    heads: list[tuple[int, int, int]] = []
    for rule in _RULE.finditer(original):
        nxt = text.find("\n", rule.end())
        if nxt < 0:
            continue
        start, end = nxt + 1, text.find("\n", nxt + 1)
        end = len(text) if end < 0 else end
        if text[start:end].strip():
            heads.append((start, end, 1))
    heads += [(m.start(), m.end(1), 2) for m in _COLUMN_HEADING.finditer(original)]
    modeline = _MODELINE.search(original, max(0, len(original) - 2000))
    end = modeline.start() if modeline else None
    blocks = with_headings(text, sorted(heads), end=end)
    return [b for b in blocks if not _RULE.fullmatch(text[b.start : b.end].strip())]
