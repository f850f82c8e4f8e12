"""Word 97-2003 documents (``.doc``): their text, read from the file's own piece table.

A ``.doc`` file is an OLE compound file (read with olefile). Its ``WordDocument`` stream opens with the File
Information Block: its identifier (0xA5EC for Word 97 and later), its flags (encrypted; which of the ``0Table`` and
``1Table`` streams is the table stream) and, among its counts and offsets, how many characters the main text holds
(``ccpText``, then the footnotes', headers', comments', endnotes' and text boxes' counts) and where the table stream
keeps the piece table (``fcClx``/``lcbClx``). The piece table maps character positions to runs of the
``WordDocument`` stream, each either 8-bit (Windows-1252, "compressed") or UTF-16. The text's control characters
are read as Word shows them: a paragraph's end (``\\r``) a line, a table's cells (``\\x07``) joined with " | " a row a
line, a field's code left out and its result kept (``\\x13`` code ``\\x14`` result ``\\x15``), pictures and note marks
dropped. The main text comes first, then its footnotes, comments, endnotes and text boxes; running headers and footers
are page furniture and are left out. Field offsets from Microsoft's [MS-DOC] specification.

Word 6 and 95 files, and encrypted ones, are refused with a reason.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Callable

from engine.index.bounds import no_check
from engine.index.document import ExtractError, Page
from engine.index.readers.office import lines_page

# a .doc is stored as a DOCX is (file type "docx"): a change here bumps office.DOCUMENT_READER_VERSION
WORD97 = 0xA5EC
_FLAGS, _CCP_TEXT, _FC_CLX = 0x0A, 0x4C, 0x1A2
_ENCRYPTED, _TABLE_1 = 0x0100, 0x0200
_COMPRESSED = 0x40000000
# what the stories after the main text hold, in their order in the character positions: (FibRgLw97 offset, kept)
_STORIES = (
    (0x50, True),
    (0x54, False),
    (0x58, False),
    (0x5C, True),
    (0x60, True),
    (0x64, True),
    (0x68, False),
)
# characters that stand for something drawn or numbered: a picture, a drawn object, a note's or comment's mark
_DROPPED = dict.fromkeys(map(ord, "\x01\x02\x03\x04\x05\x08\x1f"), None) | {0x1E: "-", 0x0B: "\n", 0x0C: "\n"}


def extract_doc(data: bytes, check: Callable[[], None] = no_check) -> Page:
    """The document's text as one page, a paragraph a line (a table a row a line)."""
    import olefile

    if not olefile.isOleFile(io.BytesIO(data)):
        raise ExtractError("The DOC file is damaged or not a Word document (no OLE compound file).")
    try:
        with olefile.OleFileIO(io.BytesIO(data)) as ole:
            if not ole.exists("WordDocument"):
                raise ExtractError("The DOC file holds no Word document (no WordDocument stream).")
            word = ole.openstream("WordDocument").read()
            if len(word) < _FC_CLX + 8:
                raise ExtractError("The DOC file's document stream is cut short.")
            ident, flags = struct.unpack_from("<H", word, 0)[0], struct.unpack_from("<H", word, _FLAGS)[0]
            if ident != WORD97:
                raise ExtractError("The DOC file is from Word 6 or 95 (or older), which is not read; save it again "
                                   "as a newer .doc or .docx.")  # fmt: skip
            if flags & _ENCRYPTED:
                raise ExtractError("The DOC file is password-protected.")
            name = "1Table" if flags & _TABLE_1 else "0Table"
            if not ole.exists(name):
                raise ExtractError(f"The DOC file's table stream ({name}) is missing.")
            table = ole.openstream(name).read()
    except (OSError, ValueError, struct.error) as exc:
        raise ExtractError(f"The DOC file is damaged ({exc}).") from exc
    check()
    text = _text(word, table)
    counts = [struct.unpack_from("<i", word, _CCP_TEXT)[0]] + [
        struct.unpack_from("<i", word, o)[0] for o, _ in _STORIES
    ]
    stories, at = [], 0
    for count, kept in zip(counts, (True, *(k for _, k in _STORIES)), strict=True):
        count = max(0, count)
        if kept and count:
            stories.append(text[at : at + count])
        at += count
    lines: list[tuple[str, int]] = []
    for story in stories:
        lines += [(line, 0) for line in _lines(story)]
        check()
    page = lines_page(lines)
    if page is None:
        raise ExtractError("The DOC file has no text.")
    return page


def _text(word: bytes, table: bytes) -> str:
    """Every character the piece table names, in character-position order."""
    fc, size = struct.unpack_from("<II", word, _FC_CLX)
    clx = table[fc : fc + size]
    i = 0
    while i < len(clx) and clx[i] == 0x01:  # Prc: formatting the pieces share, not text
        i += 3 + struct.unpack_from("<h", clx, i + 1)[0]
    if i + 5 > len(clx) or clx[i] != 0x02:
        raise ExtractError("The DOC file's piece table is damaged.")
    (lcb,) = struct.unpack_from("<I", clx, i + 1)
    plc = clx[i + 5 : i + 5 + lcb]
    n = (len(plc) - 4) // 12
    if n <= 0:
        return ""
    cps = struct.unpack_from(f"<{n + 1}I", plc, 0)
    parts = []
    left = len(
        word
    )  # every character is a byte or two of the document stream: pieces that claim more overlap
    for k in range(n):
        (fc_piece,) = struct.unpack_from("<I", plc, 4 * (n + 1) + 8 * k + 2)
        count = max(0, cps[k + 1] - cps[k])
        left -= count
        if left < 0:
            raise ExtractError(
                "The DOC file's piece table is damaged (its pieces hold more text than the file)."
            )
        if fc_piece & _COMPRESSED:
            start = (fc_piece & ~_COMPRESSED) // 2
            parts.append(word[start : start + count].decode("cp1252", errors="replace"))
        else:
            parts.append(word[fc_piece : fc_piece + 2 * count].decode("utf-16-le", errors="replace"))
    return "".join(parts)


def _lines(story: str) -> list[str]:
    """A story's paragraphs as lines: fields by their results, a table's row its cells joined with " | "."""
    out, depth, shown = [], [], []
    for ch in story:  # a field: \x13 code \x14 result \x15, nested at will; only results are shown
        if ch == "\x13":
            depth.append(False)
        elif ch == "\x14" and depth:
            depth[-1] = True
        elif ch == "\x15" and depth:
            depth.pop()
        elif all(depth):
            shown.append(ch)
    text = "".join(shown).translate(_DROPPED)
    for paragraph in text.replace("\x07\x07", "\x07\r").split("\r"):
        if "\x07" in paragraph:  # a row's cells, each ended by \x07 (the row's own end mark ended the line)
            cells = [c.strip() for c in paragraph.split("\x07")]
            paragraph = " | ".join(c for c in cells if c)
        for line in paragraph.split("\n"):
            if line.strip():
                out.append(line.strip())
    return out
