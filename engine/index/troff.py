"""A manual page in its troff source (``sources.list.5.gz``, ``crontab.5``, ``foo.1``: what ``/usr/share/man`` holds)
read as ``man`` shows it.

troff source is text lines and request lines. A request line opens with "." or "'": ``.SH NAME`` a section heading,
``.SS`` a subsection's, ``.TP`` an item whose tag is the next line, ``.IP tag`` an indented paragraph, ``.PP`` a new
paragraph, ``.RS``/``.RE`` a deeper indent, ``.nf``/``.fi`` and ``.EX``/``.EE`` lines shown as they are (examples),
``.B``, ``.I``, ``.BR``... words in a font (the ``XY`` forms alternate fonts with no space between their words:
``.BR apt (8)`` is "apt(8)"), ``.\\"`` a comment; anything else is a formatter's setting, a macro's definition or a
condition, never shown. In a line, escapes start with "\\": ``\\fB``/``\\fR`` change the font, ``\\-`` is a minus,
``\\(em`` an em dash, ``\\*(lq`` a string, ``\\&`` nothing.

Each source line becomes one line of the text (the page's lines are the file's), indented as ``man`` shows it: body
text 7 spaces in, an item's tag at the body's indent and its description 7 deeper, so a tag reads as the term of the
description under it (engine.rag.terms). Section and subsection names are headings; example lines are code blocks.
The reader is linear in the file's size; an escape or a macro it does not know is dropped, its words kept.
"""

from __future__ import annotations

import re
from dataclasses import replace

from engine.index.document import Block
from engine.index.markup import with_headings

BODY = 7  # the body's indent, and each level deeper, as man(1) lays a page out
# a man page's first request: its title (.TH), mdoc's date (.Dd), or pod2man's preamble; within this many lines
_HEAD_LINES = 300
_TITLE = re.compile(r"^[.'][ \t]*(?:TH|Dd|Dt)\b", re.M)
_REQUEST = re.compile(r"^[.'][ \t]*([^\s\\]*)[ \t]*(.*)$")
_ESCAPE = re.compile(
    r"\\(?:"
    r"f(?:\[[^\]\n]*\]|\(..|.)"  # font
    r"|s(?:[+-]?\d{1,2}|\(\d\d|\[[^\]\n]*\])"  # size
    r"|\*(?:\[[^\]\n]*\]|\(..|.)"  # string
    r"|n(?:\[[^\]\n]*\]|\(..|[+-]?.)"  # number register
    r"|\((..)"  # a special character, two letters
    r"|\[([^\]\n]*)\]"  # ... of any length
    r"|[hvwlLxXbDoNRSZ]'[^'\n]*'"  # motions, widths, lines, device codes
    r"|[kzYV](?:\[[^\]\n]*\]|\(..|.)"
    r"|[\"#].*"  # a comment to the line's end
    r"|(.)"  # one character: \- \e \& \| ...
    r")"
)
_SPECIAL = {
    "em": "—", "en": "–", "hy": "-", "bu": "•", "co": "©", "rg": "®", "tm": "™", "lq": "“", "rq": "”",
    "oq": "‘", "cq": "’", "aq": "'", "dq": '"', "ti": "~", "ha": "^", "rs": "\\", "ga": "`", "mu": "×",
    "de": "°", "->": "→", "<-": "←", ">=": "≥", "<=": "≤", "!=": "≠", "+-": "±", "sc": "§", "ps": "¶",
    "Fo": "«", "Fc": "»", "fo": "‹", "fc": "›", "at": "@", "sh": "#", "Do": "$", "ba": "|", "or": "|", "sl": "/",
    "lB": "[", "rB": "]", "lC": "{", "rC": "}", "la": "⟨", "ra": "⟩", "Eu": "€", "eu": "€", "Po": "£",
    "ct": "¢", "Ye": "¥", "ss": "ß", "pl": "+", "mi": "−", "eq": "=", "sq": "□", "dg": "†", "dd": "‡",
}  # fmt: skip
_ONE = {
    "-": "-",
    "e": "\\",
    "\\": "\\",
    ".": ".",
    " ": " ",
    "~": " ",
    "0": " ",
    "'": "'",
    "`": "`",
    "t": "\t",
}
_STRINGS = {"lq": "“", "rq": "”", "R": "®", "Tm": "™", "S": "", "Aq": "'", "Lq": "“", "Rq": "”"}
# macros whose arguments are shown: joined by spaces, or (alternating fonts) with no space between them
_SHOWN = frozenset({"B", "I", "SM", "SB", "OP", "SY", "Nm", "Ar", "Pa", "Cm", "Em", "Sy", "Li", "Ev", "Va", "Dv",
                    "Er", "Ic", "Ad", "An", "Lk", "Mt", "Ms", "Tn", "Ux", "Nd", "Dq", "Qq", "Sq", "Ql", "Pq"})  # fmt: skip
_JOINED = frozenset({"BR", "BI", "IB", "IR", "RB", "RI"})
_HEADINGS = {"SH": 1, "Sh": 1, "SS": 2, "Ss": 2}
_PARAGRAPH = frozenset({"PP", "LP", "P", "Pp", "Sp", "sp", "br", "HP", "PD"})
_NOFILL = frozenset({"nf", "EX", "Vb", "Bd"})
_FILL = frozenset({"fi", "EE", "Ve", "Ed"})
_SKIP_TO_DOTS = frozenset({"de", "de1", "am", "ig", "dei", "ami"})


def is_troff(text: str, named: bool = False) -> bool:
    """Whether ``text`` is a manual page's troff source: a title request (``.TH``, mdoc's ``.Dd``) within its first
    lines, and (unless the file is named as a man page, ``named``) its first line a request or a comment."""
    head = "\n".join(text.split("\n", _HEAD_LINES)[:_HEAD_LINES])
    if _TITLE.search(head) is None:
        return False
    return named or text.lstrip()[:1] in (".", "'")


def render_troff(text: str) -> tuple[str, list[tuple[int, int, int]], list[tuple[int, int]]]:
    """``text`` as ``man`` shows it, a line for each of its lines; with its headings ((start, end, level) in the
    rendered text) and its examples ((start, end) of each run of no-fill lines)."""
    strings = dict(_STRINGS)
    lines = text.split("\n")
    out: list[str] = []
    heads: list[tuple[int, int, int]] = []
    code: list[tuple[int, int]] = []
    pos = 0  # where the next rendered line starts
    depth = 0  # .RS levels
    tag_next = heading_next = 0  # the next text line is a tag (.TP) / a heading of this level (.SH alone)
    described = False  # lines are an item's description (indented one level deeper)
    nofill_at: int | None = None
    skip = False  # inside a macro's definition (.de ... ..) or an .ig block
    last_if = True  # the condition of the last .ie (its .el is the other branch)
    skip_block = 0  # inside a condition's block not taken (\{ ... \}): its depth

    def conditional(name: str, args: str) -> str | None:
        """A condition's line (.if, .ie, .el): the line it guards when the condition holds for a terminal (``n``,
        not ``t``), else None; a block not taken is skipped to its end."""
        nonlocal last_if, skip_block
        if name == "el":
            holds, rest = not last_if, args
        else:
            cond, _, rest = args.partition(" ")
            holds = cond not in ("t", "!n", "o", "!e") and not cond.startswith("!\\n(.g")
            if name == "ie":
                last_if = holds
        rest = rest.lstrip()
        if rest.startswith("\\{"):
            rest = rest[2:].lstrip()
            if rest.startswith("\\"):
                rest = rest[1:].lstrip()
            if not holds:
                skip_block = 0 if "\\}" in rest else 1
                return None
        return rest if holds and rest else None

    for raw in lines:
        shown = ""
        line = raw
        if skip_block:
            skip_block += raw.count("\\{") - raw.count("\\}")
            skip_block = max(0, skip_block)
            out.append("")
            pos += 1
            continue
        request = _REQUEST.match(line) if line[:1] in (".", "'") else None
        for _ in range(4):  # .if n .ds X y: the guarded request, as deep as a file may nest them
            if request is None or request.group(1) not in ("if", "ie", "el"):
                break
            guarded = conditional(request.group(1), request.group(2))
            line = (guarded or "").replace("\\}", "")
            request = _REQUEST.match(line) if line[:1] in (".", "'") else None
            if not line.strip():
                request = _REQUEST.match(".")
        if skip:
            skip = raw.strip() not in ("..", ".")
        elif request is not None:
            name, args = request.group(1), request.group(2)
            if name in _SKIP_TO_DOTS:
                skip = True
            elif name == "ds" and args.split():  # a string's definition: .ds lq \(lq
                key, _, value = args.partition(" ")
                strings[key] = _inline(value.lstrip('"'), strings)
            elif name in _HEADINGS:
                title = _inline(" ".join(_args(args)), strings).strip()
                depth, described, tag_next = 0, False, 0
                if title:
                    shown = title
                    heads.append((pos, pos + len(title), _HEADINGS[name]))
                else:
                    heading_next = _HEADINGS[name]
            elif name in _PARAGRAPH:
                described = False if name not in ("br", "sp", "Sp") else described
            elif name in ("TP", "TQ", "It", "Ip"):
                tag_next, described = 1, False
                if name in ("It", "Ip") and args.strip():
                    shown = " " * (BODY * (depth + 1)) + _inline(" ".join(_args(args)), strings).strip()
                    tag_next, described = 0, True
            elif name == "IP":
                tag = _inline(" ".join(_args(args)[:1]), strings).strip()
                if tag:
                    shown = " " * (BODY * (depth + 1)) + tag
                described = True
            elif name in ("RS", "Bl"):
                depth, described = depth + 1, False
            elif name in ("RE", "El"):
                depth, described = max(0, depth - 1), False
            elif name in _NOFILL:
                nofill_at = pos + 1 + len(shown)
            elif name in _FILL:
                if nofill_at is not None and pos > nofill_at:
                    code.append((nofill_at, pos))
                nofill_at = None
            elif name in _SHOWN or name in _JOINED or name in ("Fl", "Xr", "UE", "ME"):
                shown = _indented(_macro(name, _args(args), strings), depth, described, tag_next)
                if tag_next and shown.strip():
                    tag_next, described = 0, True
            # any other request (.TH, .ad, .if, .nr, .IX ...): a setting, shown as nothing
        elif heading_next and line.strip():
            shown = _inline(line, strings).strip()
            heads.append((pos, pos + len(shown), heading_next))
            heading_next = 0
        elif nofill_at is not None:
            shown = " " * (BODY * (depth + 1)) + _inline(line, strings).rstrip()
        else:
            words = _inline(line, strings).strip()
            shown = _indented(words, depth, described, tag_next) if words else ""
            if tag_next and words:
                tag_next, described = 0, True
        out.append(shown)
        pos += len(shown) + 1
    if nofill_at is not None and pos - 1 > nofill_at:
        code.append((nofill_at, pos - 1))
    return "\n".join(out), heads, code


def _indented(words: str, depth: int, described: bool, tag: int) -> str:
    if not words:
        return ""
    level = depth + 1 + (1 if described and not tag else 0)
    return " " * (BODY * level) + words


def _args(args: str) -> list[str]:
    """A request's arguments: words apart by spaces, a quoted one may hold spaces (``""`` in it is a quote)."""
    out, i, n = [], 0, len(args)
    while i < n:
        if args[i] in " \t":
            i += 1
        elif args[i] == '"':
            j, word = i + 1, []
            while j < n:
                if args[j] == '"' and args[j + 1 : j + 2] == '"':
                    word.append('"')
                    j += 2
                elif args[j] == '"':
                    break
                else:
                    word.append(args[j])
                    j += 1
            out.append("".join(word))
            i = j + 1
        else:
            j = i
            while j < n and args[j] not in " \t":
                j += 1
            out.append(args[i:j])
            i = j
    return out


def _macro(name: str, args: list[str], strings: dict[str, str]) -> str:
    words = [_inline(a, strings) for a in args]
    if name in _JOINED:
        return "".join(words)
    if name == "Fl":  # mdoc's flag: "-" before its name
        return " ".join("-" + w for w in words) if words else "-"
    if name == "Xr" and len(words) >= 2:  # mdoc's cross reference: name(section)
        return f"{words[0]}({words[1]})" + "".join(words[2:])
    if name in ("UE", "ME"):  # the end of a link: its trailing punctuation
        return "".join(words)
    return " ".join(words)


def _inline(line: str, strings: dict[str, str]) -> str:
    """A line's escapes as what they print; a trailing ``\\c`` joins nothing here (the line stays a line)."""

    def sub(m: re.Match) -> str:
        whole = m.group(0)
        if m.group(1) is not None:
            return _SPECIAL.get(m.group(1), "")
        if m.group(2) is not None:
            name = m.group(2)
            if re.fullmatch(r"u[0-9A-Fa-f]{4,6}", name):
                return chr(int(name[1:], 16)) if int(name[1:], 16) <= 0x10FFFF else ""
            return _SPECIAL.get(name, "")
        if whole[1:2] == "*":
            key = whole[2:]
            key = key[1:-1] if key.startswith("[") else key[1:] if key.startswith("(") else key
            return strings.get(key, "")
        if m.group(3) is not None:
            return _ONE.get(m.group(3), "")
        return ""

    return _ESCAPE.sub(sub, line)


def troff_blocks(text: str, heads: list[tuple[int, int, int]], code: list[tuple[int, int]]) -> list[Block]:
    """Blocks of a rendered manual page: its section names headings, its examples code, the rest paragraphs."""
    blocks = with_headings(text, heads)
    return [
        replace(b, kind="code") if not b.heading_level and any(a <= b.start < z for a, z in code) else b
        for b in blocks
    ]
