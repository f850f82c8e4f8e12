"""A plain-text document laid out in pages: form feeds between pages, and on every page a running header and a
footer with the page number (an RFC, a manual printed to text, a document typed for a line printer).

Read as it is, the header ("Greenway Housing Co-op    House Rules    March 2027") is a paragraph that shares the
document's title words with every question, and the footer ("Smith    [Page 3]") another. Here they are found as a
PDF's are (engine.index.readers.pdf_text): the first or last line of a page that repeats at that edge on most pages,
alike but for a page number at its start or end, or that is a page number alone. They are blanked in the page text,
character for character (a space each, line ends kept), so they are in no paragraph and no chunk reads them, while
every line and character keeps its place in the file; the viewer still shows the file as it is.
"""

from __future__ import annotations

import re
from collections import defaultdict

MIN_PAGES = 3  # a text with fewer pages has no running header to find
_DIGITS = re.compile(r"\d+")
_ROMAN = re.compile(r"(?i)\b[ivxlc]+\b")
# a page number alone: "3", "- 3 -", "Page 3", "[Page 3]", "Page 3 of 6", "iv"
_EDGE_NUMBER = re.compile(r"^\W*(\d+)\b|\b(\d+)\W*$")
_PAGE_NUMBER = re.compile(r"(?i)^[\s\-\[(]*(?:page\s+)?(?:\d+|[ivxlc]+)(?:\s+of\s+\d+)?[\s\-\])]*$")


def _mask(line: str) -> str:
    return _ROMAN.sub("#", _DIGITS.sub("#", " ".join(line.split())))


def _running(lines: set[str], members: list[tuple[int, str, tuple[int, int]]]) -> bool:
    """Whether lines alike but for their digits are a running header or footer: all the same ("House Rules    March
    2027"), or the same but for a number at their start or end that goes up with the page ("Smith    [Page 3]"); not
    "Section 3 opens here" at the top of page 3 (a body's line, numbered)."""
    if len(lines) == 1:
        return True
    offsets = set()
    for p, line, _ in members:
        number = _EDGE_NUMBER.search(line)
        if number is None:
            return False
        offsets.add(int(number.group(1) or number.group(2)) - p)
    return len(offsets) == 1


def furniture_lines(text: str) -> list[tuple[int, int]]:
    """The (start, end) character spans of the running headers, footers and page numbers of ``text``'s pages (split
    at form feeds); empty for a text of fewer than MIN_PAGES pages or with none."""
    if text.count("\f") < MIN_PAGES - 1:
        return []
    pages: list[list[tuple[int, int]]] = []  # each page's non-blank lines
    pos = 0
    for page in text.split("\f"):
        lines, at = [], pos
        for line in page.split("\n"):
            if line.strip():
                lines.append((at, at + len(line)))
            at += len(line) + 1
        pages.append(lines)
        pos += len(page) + 1
    groups: dict[tuple[str, str], list[tuple[int, str, tuple[int, int]]]] = defaultdict(list)
    found = []
    for p, lines in enumerate(pages):
        # a page's first and last lines; its body's other lines are no header
        for where, (a, b) in (("top", lines[0]), ("bottom", lines[-1])) if len(lines) > 1 else ():
            if _PAGE_NUMBER.match(text[a:b]):
                found.append((a, b))
            else:
                groups[(where, _mask(text[a:b]))].append((p, text[a:b], (a, b)))
    need = max(2, min(MIN_PAGES, len(pages) - 1))
    for members in groups.values():
        if len(members) >= need and _running({line for _, line, _ in members}, members):
            found.extend(span for _, _, span in members)
    return sorted(set(found))


def blank_furniture(text: str) -> str:
    """``text`` with its pages' furniture (``furniture_lines``) and form feeds as spaces, the same length."""
    spans = furniture_lines(text)
    if not spans:
        return text
    chars = list(text)
    for a, b in spans:
        chars[a:b] = " " * (b - a)
    return "".join(chars).replace("\f", " ")
