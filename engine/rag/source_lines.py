"""File lines of a stretch of a passage whose text is not the file's own characters (HTML: the visible text).

For plain formats a passage's text IS the file's characters, so counting its newlines from the chunk's first line
gives the file line. An HTML chunk holds the page's visible text (a feed's, a calendar's or a track's chunk their
text in words), and its first and last lines were mapped to the file's lines through the extraction's anchors
(engine.index) at indexing time: counting the visible text's newlines from there lands on the wrong line (tags,
blank source lines). Here the page is extracted again (those formats only, and any .xml or .json file, which may
hold a feed or messages: milliseconds, the last few files remembered) and the stretch is located through the same anchors, so a
citation names the source lines that the window's viewer maps back to the visible text. Where the file changed
since it was indexed (its visible text no longer holds the chunk) the answer is None and the caller counts
newlines as before.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from pathlib import Path

from engine.core import AlcoveError
from engine.index import ANCHORED_TYPES, extract, file_type_for, is_todo_name

log = logging.getLogger(__name__)

_MAX_BYTES = 8 << 20
_MEMO: OrderedDict[tuple, object] = OrderedDict()  # (path, size, mtime) -> Page | None, the last few files
_MEMO_SIZE = 16


def _page(path: str):
    p = Path(path)
    try:
        st = p.stat()
    except OSError:
        return None
    key = (path, st.st_size, st.st_mtime_ns)
    if key in _MEMO:
        _MEMO.move_to_end(key)
        return _MEMO[key]
    page = None
    if st.st_size <= _MAX_BYTES and _maybe_anchored(p):
        try:
            doc = extract(p, p.read_bytes())
            one = len(doc.pages) == 1 and doc.file_type in ANCHORED_TYPES
            page = doc.pages[0] if one and doc.pages[0].anchors else None
        except (OSError, AlcoveError) as error:
            log.debug("no line map for %s: %s", path, error)
    _MEMO[key] = page
    while len(_MEMO) > _MEMO_SIZE:
        _MEMO.popitem(last=False)
    return page


def _maybe_anchored(path: Path) -> bool:
    """Whether the index may have read ``path`` in other words than its own: its type's reader does, or it is an
    ``.xml`` or ``.json`` file, which may hold a feed or messages read in words (engine.index.readers.feeds,
    engine.index.readers.messages) or be code, an ``.mm`` file (a mind map or Objective-C++), a todo.txt list or a Debian copyright file."""
    return (
        file_type_for(path) in ANCHORED_TYPES
        or path.suffix.lower() in (".xml", ".json", ".mm")  # a Freeplane map is an .mm file in words
        or is_todo_name(path)  # a todo.txt list (engine.index.readers.todo)
        or path.name.lower()
        == "copyright"  # Debian's machine-readable copyright file (engine.index.readers.dep5)
    )


def _visible_offset(page, text: str, char_start: int | None) -> int | None:
    """Where the chunk's text begins in the page's visible text: its occurrence whose source character is
    closest to the indexed ``char_start`` (a chunk's offsets are the source file's characters)."""
    best, at = None, page.text.find(text)
    while at >= 0:
        if char_start is None:
            return at
        gap = abs(page.locate(at)[1] - char_start)
        if best is None or gap < best[0]:
            best = (gap, at)
        at = page.text.find(text, at + 1)
    return best[1] if best else None


def mapped_lines(
    path: str, char_start: int | None, text: str, start: int, end: int
) -> tuple[int, int] | None:
    """(first, last) file line of ``text[start:end]``, ``text`` being a chunk of ``path`` that starts at source
    character ``char_start``; None when the file's format needs no map or the file no longer holds the chunk."""
    if not path or not text or not _maybe_anchored(Path(path)):
        return None
    page = _page(path)
    base = _visible_offset(page, text, char_start) if page is not None else None
    if base is None:
        return None
    return page.line_range(base + start, base + max(start + 1, end))
