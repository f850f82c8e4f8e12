"""A plain-text reply as a person reads it: the new text, then each quoted message under the line that says whose it
is ("On Thu, 3 Jun 2027 at 10:02, Ann Lee <ann@example.org> wrote:"), without the quote marks.

Mail programs quote the message replied to with "> " at the start of each line, and "> > " a level deeper for the
message that one replied to. Read as it is, a sentence that runs over two quoted lines holds the marks ("Tickets
are £8 for adults and children > > go free."), and the line saying who wrote a quoted message runs into that
message's first sentence. Here the marks are taken off, each quoted stretch is a paragraph of its own, and each
attribution line is a heading over the stretch it introduces, so a passage of an older message carries whose it is
in its heading trail (engine.rag shows "Ann Lee wrote earlier (Thu, 3 Jun 2027 at 10:02): ..."). Where the writer
answers between quoted lines, their own text after a quote is under "<sender> replied:".

A body with no quoted line and no attribution is left as it is.
"""

from __future__ import annotations

import re

# "On Thu, 3 Jun 2027 at 10:02, Ann Lee <ann@example.org> wrote:" (Gmail, Apple Mail, Thunderbird), and the same line
# in German, French, Spanish, Italian, Dutch and the Scandinavian languages
ATTRIBUTION = re.compile(
    r"(?i)^(?:on\b.{4,300}?\bwrote|.{2,300}?\b(?:schrieb|a écrit|escribió|ha scritto|schreef|skrev)\b.{0,100}?)\s*:$"
)
# Outlook's line over the message it quotes with its own From/Sent/To/Subject lines, not with "> "
ORIGINAL = re.compile(r"(?i)^-{2,}\s*(?:original message|forwarded message)\s*-{2,}$")
REPLIED = " replied:"  # the heading over the writer's own text that follows a quote
_MARKS = re.compile(r"^(?:[ \t]*>)+")
MAX_ATTRIBUTION_CHARS = 400  # an attribution wrapped over two lines is joined up to this long


def _depth(line: str) -> tuple[int, str]:
    """How deep ``line`` is quoted and its text without the marks (and the one space after them)."""
    marks = _MARKS.match(line)
    if marks is None:
        return 0, line
    rest = line[marks.end() :]
    return marks.group(0).count(">"), rest[1:] if rest.startswith(" ") else rest


def _joined(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The lines with an attribution that a mail program wrapped ("On Thu, 3 Jun 2027 at 10:02, Ann Lee <" /
    "ann@example.org> wrote:") joined into one."""
    out: list[tuple[int, str]] = []
    k = 0
    while k < len(lines):
        depth, text = lines[k]
        if k + 1 < len(lines) and text.strip() and not ATTRIBUTION.match(text.strip()):
            nd, nt = lines[k + 1]
            both = f"{text.strip()} {nt.strip()}"
            if nd == depth and len(both) <= MAX_ATTRIBUTION_CHARS and ATTRIBUTION.match(both):
                out.append((depth, both))
                k += 2
                continue
        out.append((depth, text))
        k += 1
    return out


def reply_sections(body: str, sender: str = "") -> list[tuple[str, int]]:
    """``body`` as (text, heading level) sections: level 0 paragraphs of one quote depth each, level 2 the
    attribution lines over the quotes they introduce (and ``sender`` + " replied:" over the writer's text after a
    quote). ``[(body, 0)]`` for a body that quotes nothing."""
    lines = _joined([_depth(line) for line in body.split("\n")])
    if not any(depth for depth, _ in lines) and not any(
        ATTRIBUTION.match(t.strip()) or ORIGINAL.match(t.strip()) for _, t in lines
    ):
        return [(body, 0)]
    sections: list[tuple[str, int]] = []
    buffer: list[str] = []
    heads: dict[int, str] = {}  # depth -> the attribution over the quote at that depth
    depth_now, quoted_before, under = 0, False, 0  # under: the depth the last heading stands over

    def flush() -> None:
        text = "\n".join(buffer).strip("\n")
        if text.strip():
            sections.append((text, 0))
        buffer.clear()

    for depth, text in lines:
        line = text.strip()
        if depth != depth_now and line:
            flush()
            # into or back to a level: under its heading again (the writer's own text: under "<sender> replied:")
            head = (
                heads.get(depth)
                if depth
                else (f"{sender or 'The sender'}{REPLIED}" if quoted_before else None)
            )
            if head and under != depth:
                sections.append((head, 2))
                under = depth
            depth_now = depth
        quoted_before = quoted_before or depth > 0
        if ATTRIBUTION.match(line) or ORIGINAL.match(line):
            flush()
            sections.append((line, 2))
            # it introduces the quote one level deeper; Outlook's, the lines below it at its own level
            under = depth if ORIGINAL.match(line) else depth + 1
            heads[under] = line
            continue
        buffer.append(text if line else "")
    flush()
    return sections
