"""How the markup of a text file becomes blocks: Markdown's and AsciiDoc's headings and fences, reStructuredText's
underlined titles, an Emacs outline's stars (Org, GNU NEWS), a manual page's sections. The page's text stays the
file's own; only the blocks (headings with their level, paragraphs) are found here, for ``engine.index.extraction``."""

from __future__ import annotations

import bisect
import re
from pathlib import Path

from engine.index.document import Block, add_span, line_starts, paragraph_blocks
from engine.index.wikilinks import FRONT_MATTER, FRONT_MATTER_TITLE, fence_spans

_MD_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+\S.*$", re.M)
_MD_SETEXT = re.compile(r"^( {0,3}\S[^\n]*)\n {0,3}(=|-)\2{2,}[ \t]*$", re.M)


def markdown_blocks(text: str, title: tuple[int, int] | None = None) -> list[Block]:
    """ATX and setext headings (outside code fences) become heading blocks; the rest are paragraphs.

    YAML front matter (Obsidian, Logseq, Jekyll, Hugo) holds no headings (its closing ``---`` is no setext
    underline) and stays searchable text; its ``title:`` value is the note's top heading, so every chunk of the
    note is embedded under its title. Tags are indexed as the words they are; ``[[wikilinks]]`` were resolved to
    the linked notes' titles before (``engine.index.wikilinks``). ``title``: where a note's title line is when the
    file gives it by its place (a Joplin item's first line: ``engine.index.joplin``), the note's top heading."""
    fenced: list[tuple[int, int]] = []
    top = title
    title: list[tuple[int, int, int]] = [(*top, 1)] if top else []
    front = FRONT_MATTER.match(text)
    if front:
        fenced.append((0, front.end()))
        t = FRONT_MATTER_TITLE.search(text, 0, front.end())
        if t and t.group(1).strip():
            title.append((t.start(1), t.end(1), 1))
    fenced += fence_spans(text)
    spans = [(m.start(), m.end(), len(m.group(1))) for m in _MD_HEADING.finditer(text)]
    spans += [(m.start(), m.end(), 1 if m.group(2) == "=" else 2) for m in _MD_SETEXT.finditer(text)]
    fence_starts = [a for a, _ in fenced]  # sorted, disjoint: one binary search per heading, not a scan

    def in_fence(pos: int) -> bool:
        i = bisect.bisect_right(fence_starts, pos) - 1
        return i >= 0 and pos < fenced[i][1]

    spans = [s for s in spans if not in_fence(s[0])]
    return with_headings(text, sorted(title + spans))


_OUTLINE_MODE = re.compile(r"-\*-.*?\b(?:outline|org)\b.*?-\*-", re.IGNORECASE)  # Emacs's mode line
OUTLINE_STARS = re.compile(r"^\*{1,6}[ \t]+")  # an outline heading's stars ("** Bug fixes")
_OUTLINE_HEADING = re.compile(r"^(\*{1,6})[ \t]+(\S[^\n]*?)[ \t]*$", re.M)
_ENTRY_END = re.compile(r"[.!?:;,]['\"”’)\]]*$")
# a manual page rendered as text (`man -P cat ls | col -b`): its header and footer name the page on both sides
MAN_HEADER = re.compile(r"(\S+)\((\w+)\)[ \t]{2,}\S[^\n]*?[ \t]{2,}\1\(\2\)[ \t]*(?:\n|$)")
_MAN_FOOTER = re.compile(r"^[^\n]*?[ \t]{2,}\S+\(\w+\)[ \t]*$")
_MAN_SECTION = re.compile(
    r"^[A-Z][A-Z0-9]*(?:[ \t][A-Z0-9][A-Z0-9]*)*[ \t]*$", re.M
)  # "OPTIONS", "EXIT STATUS"


def is_outline(path: Path, text: str) -> bool:
    """An Emacs outline: an Org file, or a text file whose first line names outline or Org mode (GNU NEWS files:
    "GNU diffutils NEWS    -*- outline -*-")."""
    first = text[: text.find("\n")] if "\n" in text else text
    return path.suffix.lower() == ".org" or _OUTLINE_MODE.search(first[:200]) is not None


def outline_headings(text: str, org: bool) -> list[tuple[int, int, int, str]]:
    """(start, end, level, title) of an outline's headings: lines that open with stars, one per level. In an Org
    file every such line; in a text outline (a GNU NEWS file) only one that ends with no sentence mark and stands
    over a blank line ("* Noteworthy changes in release 3.7 (2018-12-31) [stable]", "** Bug fixes"): its older
    releases list their entries as "* New diff3 option --strip-trailing-cr." under "User-visible changes in
    version 2.8.6:"."""
    out = []
    for m in _OUTLINE_HEADING.finditer(text):
        if not org:
            after = text[m.end() : m.end() + 2]
            if _ENTRY_END.search(m.group(2)) or not (after in ("", "\n") or after.startswith("\n\n")):
                continue
        out.append((m.start(), m.end(), len(m.group(1)), m.group(2)))
    return out


def outline_blocks(text: str, org: bool) -> list[Block]:
    """An outline's headings (``outline_headings``) become heading blocks, so every chunk is embedded under its
    release and section; the rest are paragraphs."""
    return with_headings(text, [(a, b, level) for a, b, level, _ in outline_headings(text, org)])


def man_blocks(text: str) -> list[Block]:
    """A manual page rendered as text: its sections' names ("DESCRIPTION", "EXIT STATUS") at the left margin are
    headings, so every chunk is embedded under its section and no sentence opens with one; the header ("WATCH(1)
    User Commands WATCH(1)") and the footer ("procps-ng 2021-04-24 WATCH(1)") are the page's furniture, in no
    block (still in the text, so every line keeps its number)."""
    head = MAN_HEADER.match(text.lstrip("\n"))
    lo = len(text) - len(text.lstrip("\n")) + (head.end() if head else 0)
    body = text.rstrip()
    last = body.rfind("\n") + 1
    hi = last if last > lo and _MAN_FOOTER.match(body[last:].rstrip()) else len(text)
    sections = [(m.start(), m.end(), 1) for m in _MAN_SECTION.finditer(text, lo, hi)]
    blocks = with_headings(text[:hi], sections)
    return [b for b in blocks if b.start >= lo]


_RST_UNDERLINE = re.compile(r"^([^\n]*\S[^\n]*)\n([=\-~^\"'`#*+:.])\2{2,}[ \t]*$", re.M)


def rst_blocks(text: str) -> list[Block]:
    """Section titles underlined with a repeated punctuation character become headings (level by first use)."""
    levels: dict[str, int] = {}
    spans = []
    for m in _RST_UNDERLINE.finditer(text):
        title, underline = m.group(0).split("\n", 1)
        if len(underline.rstrip()) < len(title.strip()):
            continue  # an underline shorter than its title is not a title
        level = levels.setdefault(m.group(2), min(6, len(levels) + 1))
        spans.append((m.start(), m.end(), level))
    return with_headings(text, spans)


ASCIIDOC_READER_VERSION = 1  # 1: AsciiDoc read with its titles and delimited blocks (it was sniffed as text)
# AsciiDoc: a section title ("== Install"; "= Title" is the document's), a delimited block's fence (listing
# "----", literal "....", example "====", sidebar "****", quote "____", open "--", passthrough "++++", comment
# "////", table "|==="), a block's attribute line ("[source,shell]", "[IMPORTANT]", "[cols=\"1,3\"]") and a
# line comment
_ADOC_TITLE = re.compile(r"^(={1,6})[ \t]+\S[^\n]*$", re.M)
_ADOC_FENCE = re.compile(
    r"^(-{4,}|\.{4,}|={4,}|\*{4,}|_{4,}|\+{4,}|/{4,}|--|\|={3,}|`{3,}[\w+-]*)[ \t]*$", re.M
)
_ADOC_FURNITURE = re.compile(r"^(?:\[[^\]\n]*\]|//(?!/)[^\n]*)[ \t]*$", re.M)


def _adoc_verbatim(fence: str) -> bool:
    """A listing, literal, passthrough or fenced block: its lines are the file's own, no markup inside."""
    return fence[0] in "-.+`" and fence != "--"


def asciidoc_blocks(text: str) -> list[Block]:
    """AsciiDoc (Asciidoctor's syntax): section titles are headings (``==`` level 2, the document title ``=``
    level 1); a delimited block (a listing, a table, an admonition's example block) is read apart from the prose
    around it, its fences and a block's attribute line in no block (still in the text, so lines keep their
    numbers); comment blocks and comment lines are in no block; nothing inside a listing or literal is a title."""
    cuts: list[
        tuple[int, int]
    ] = []  # spans in no block: fence lines, attribute and comment lines, comment blocks
    verbatim: list[
        tuple[int, int]
    ] = []  # listings, literals, passthroughs: no titles or attribute lines inside
    stack: list[tuple[int, int, str]] = []
    for m in _ADOC_FENCE.finditer(text):
        mark = m.group(1)
        if stack and (mark == stack[-1][2] or (mark == "```" and stack[-1][2].startswith("```"))):
            start, _, opened = stack.pop()
            if opened.startswith("////"):
                cuts.append((start, m.end()))
            else:
                cuts.append((m.start(), m.end()))
                if _adoc_verbatim(opened):
                    verbatim.append((start, m.end()))
        elif not stack or not (_adoc_verbatim(stack[-1][2]) or stack[-1][2].startswith("////")):
            stack.append((m.start(), m.end(), mark))
            cuts.append((m.start(), m.end()))
    for start, _end, opened in stack:  # a block never closed runs to the end of the file
        if opened.startswith("////"):
            cuts.append((start, len(text)))
        elif _adoc_verbatim(opened):
            verbatim.append((start, len(text)))

    def inside(pos: int) -> bool:
        return any(a < pos < b for a, b in verbatim)

    cuts += [(m.start(), m.end()) for m in _ADOC_FURNITURE.finditer(text) if not inside(m.start())]
    titles = [
        (m.start(), m.end(), len(m.group(1))) for m in _ADOC_TITLE.finditer(text) if not inside(m.start())
    ]
    blocks: list[Block] = []
    pos = 0
    for start, end in sorted(cuts):
        if start >= pos:
            blocks.extend(with_headings(text, [t for t in titles if pos <= t[0] < start], pos, start))
        pos = max(pos, end)
    blocks.extend(with_headings(text, [t for t in titles if t[0] >= pos], pos))
    return blocks


def with_headings(
    text: str, headings: list[tuple[int, int, int]], pos: int = 0, end: int | None = None
) -> list[Block]:
    """Blocks of ``text[pos:end]``: each of ``headings`` ((start, end, level), sorted) a heading block, the text
    between them paragraphs (the Markdown, outline, manual-page, reStructuredText and Vim help readers' blocks)."""
    blocks: list[Block] = []
    for start, stop, level in headings:
        if start < pos:
            continue
        blocks.extend(paragraph_blocks(text, pos, start))
        add_span(blocks, text, start, stop, level)
        pos = stop
    blocks.extend(paragraph_blocks(text, pos, len(text) if end is None else end))
    return blocks


# Kindle's "My Clippings.txt": entries end with a line of ten "=", each a book's title line, a line saying what it is
# and when it was added (a highlight, a note, a bookmark: fields apart by "|", a time last), a blank line, the text
CLIPPING_END = re.compile(r"^\ufeff?={10}[ \t]*$")
# "- Your Highlight on page 12 | Location 180-183 | Added on Monday, 3 May 2027 09:14:02", as any Kindle writes it
CLIPPING_META = re.compile(
    r"^-[ \t]+\S[^\n|]*\|[^\n]*\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]*[AaPp]\.?[Mm]\.?)?[ \t]*$"
)


def is_clippings(text: str) -> bool:
    """Whether ``text`` is a Kindle clippings file (``clipping_blocks`` reads it a clipping at a time)."""
    return clipping_blocks(text) is not None


def clipping_blocks(text: str) -> list[Block] | None:
    """A Kindle clippings file's entries, or None when ``text`` is not one (fewer than two entries): each entry's
    book a heading (level 2: a chunk is embedded under the book it quotes), its "Your Highlight on page 12 |
    Location ..." line a paragraph, its text another. The "==========" lines end entries and are in no block.
    Read as paragraphs, an entry's text ran on into the separator and the next book's title."""
    lines = text.split("\n")
    ends = [i for i, ln in enumerate(lines) if CLIPPING_END.match(ln)]
    if len(ends) < 2:
        return None
    starts = line_starts(text)
    blocks: list[Block] = []
    entries = 0
    first = 0
    for end in [*ends, len(lines)]:
        filled = [i for i in range(first, end) if lines[i].strip()]
        if len(filled) >= 2 and CLIPPING_META.match(lines[filled[1]].strip()):
            entries += 1
            add_span(blocks, text, starts[filled[0]], starts[filled[0]] + len(lines[filled[0]]), 2)
            add_span(blocks, text, starts[filled[1]], starts[filled[1]] + len(lines[filled[1]]))
            if len(filled) > 2:
                add_span(blocks, text, starts[filled[2]], starts[filled[-1]] + len(lines[filled[-1]]))
        elif filled:
            blocks += paragraph_blocks(text, starts[filled[0]], starts[filled[-1]] + len(lines[filled[-1]]))
        first = end + 1
    return blocks if entries >= 2 else None
