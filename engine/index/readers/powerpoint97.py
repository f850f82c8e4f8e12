"""PowerPoint 97-2003 presentations (``.ppt``): a page per slide, read from the file's own records, as a ``.pptx`` is
read (``engine.index.readers.office.extract_pptx``): the slide's title a heading, its other text, then its notes.

A ``.ppt`` is an OLE compound file (olefile). Its ``Current User`` stream names where the last edit's
``UserEditAtom`` is in the ``PowerPoint Document`` stream; the edits, newest first, hold the persist directory
that maps an object's id to its place in the stream. The document's ``SlideListWithText`` (instance 0) lists the
slides in their order (a ``SlidePersistAtom`` each), each followed by the text PowerPoint keeps there for its
placeholders; each slide's own container holds its drawing, whose text boxes hold the rest of its text, and its
``SlideAtom`` names its notes' container. Text is a ``TextCharsAtom`` (UTF-16) or a ``TextBytesAtom`` (8-bit),
after a ``TextHeaderAtom`` that says whose it is (a title's, a body's ...); ``\\r`` ends a paragraph. Record types
and fields from Microsoft's [MS-PPT] specification.

PowerPoint 95 files and encrypted ones are refused with a reason.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Callable, Iterable, Iterator

from engine.index.bounds import no_check
from engine.index.document import ExtractError, Page
from engine.index.readers.office import lines_page

# a .ppt is stored as a PPTX is (file type "pptx"), whose reader has no version yet: a change here adds one
DOCUMENT, SLIDE, SLIDE_ATOM, NOTES, SLIDE_LIST, SLIDE_PERSIST = 0x03E8, 0x03EE, 0x03EF, 0x03F0, 0x0FF0, 0x03F3
TEXT_HEADER, TEXT_CHARS, TEXT_BYTES, USER_EDIT, PERSIST_DIRECTORY = 0x0F9F, 0x0FA0, 0x0FA8, 0x0FF5, 0x1772
CRYPT_SESSION = 0x2F14  # an encrypted file's CryptSession10Container
_TITLES = (0, 6)  # TextHeaderAtom.textType: a title's, a centred title's
_NOTES_TEXT = 2
_MAX_DEPTH = 32
_MAX_EDITS = 4096


def extract_ppt(data: bytes, check: Callable[[], None] = no_check) -> tuple[Page, ...]:
    """The presentation's pages, a slide each (its number in the show), with the text it holds."""
    import olefile

    if not olefile.isOleFile(io.BytesIO(data)):
        raise ExtractError("The PPT file is damaged or not a presentation (no OLE compound file).")
    try:
        with olefile.OleFileIO(io.BytesIO(data)) as ole:
            if not ole.exists("PowerPoint Document"):
                raise ExtractError(
                    "The PPT file holds no PowerPoint 97-2003 presentation (a PowerPoint 95 file is not read)."
                )
            stream = ole.openstream("PowerPoint Document").read()
            user = ole.openstream("Current User").read() if ole.exists("Current User") else b""
    except (OSError, ValueError) as exc:
        raise ExtractError(f"The PPT file is damaged ({exc}).") from exc
    try:
        pages = _pages(stream, user, check)
    except (struct.error, IndexError, KeyError) as exc:
        raise ExtractError(f"The PPT file is damaged ({exc}).") from exc
    if not pages:
        raise ExtractError("The presentation has no text.")
    return tuple(pages)


def _header(stream: bytes, at: int) -> tuple[int, int, int, int]:
    """(version, instance, type, length) of the record at ``at``."""
    ver_inst, kind, size = struct.unpack_from("<HHI", stream, at)
    return ver_inst & 0xF, ver_inst >> 4, kind, size


def _children(stream: bytes, at: int) -> Iterator[tuple[int, int, int, int]]:
    """The records inside the container at ``at``: (offset, instance, type, length) each."""
    _, _, _, size = _header(stream, at)
    pos, end = at + 8, min(len(stream), at + 8 + size)
    while pos + 8 <= end:
        _, instance, kind, length = _header(stream, pos)
        yield pos, instance, kind, length
        pos += 8 + length


def _persist(stream: bytes, user: bytes) -> tuple[dict[int, int], int]:
    """The persist directory (object id -> offset in the stream), newest edit first, and the document's id."""
    if len(user) < 20:
        raise ExtractError("The PPT file's Current User stream is missing or cut short.")
    (edit,) = struct.unpack_from("<I", user, 16)
    places: dict[int, int] = {}
    document = None
    seen = set()
    while edit and edit not in seen and len(seen) < _MAX_EDITS:
        seen.add(edit)
        _, _, kind, _ = _header(stream, edit)
        if kind != USER_EDIT:
            raise ExtractError("The PPT file's edit list is damaged.")
        last, directory, doc_id = struct.unpack_from("<III", stream, edit + 16)
        document = doc_id if document is None else document
        _, _, kind, length = _header(stream, directory)
        if kind != PERSIST_DIRECTORY:
            raise ExtractError("The PPT file's persist directory is damaged.")
        pos, end = directory + 8, directory + 8 + length
        while pos + 4 <= end:
            (entry,) = struct.unpack_from("<I", stream, pos)
            first, count = entry & 0xFFFFF, entry >> 20
            offsets = struct.unpack_from(f"<{count}I", stream, pos + 4)
            for i, offset in enumerate(offsets):
                places.setdefault(first + i, offset)  # a newer edit's place wins
            pos += 4 + 4 * count
        edit = last
    if document is None or document not in places:
        raise ExtractError("The PPT file names no document.")
    return places, document


def _texts(stream: bytes, at: int, depth: int = 0) -> Iterator[tuple[int, str]]:
    """(text type, text) of every text record under the container at ``at``, in the file's order."""
    return _text_records(stream, _children(stream, at), depth)


def _text_records(
    stream: bytes, records: Iterable[tuple[int, int, int, int]], depth: int = 0
) -> Iterator[tuple[int, str]]:
    """(text type, text) of the text records among ``records`` ((offset, instance, type, length) each), and of those
    in the containers among them: a ``TextHeaderAtom`` says whose the text after it is."""
    kind_of_text = 1
    for pos, _, kind, length in records:
        if kind == TEXT_HEADER:
            (kind_of_text,) = struct.unpack_from("<I", stream, pos + 8)
        elif kind == TEXT_CHARS:
            yield kind_of_text, stream[pos + 8 : pos + 8 + length].decode("utf-16-le", errors="replace")
        elif kind == TEXT_BYTES:
            yield kind_of_text, stream[pos + 8 : pos + 8 + length].decode("cp1252", errors="replace")
        elif _header(stream, pos)[0] == 0xF and depth < _MAX_DEPTH:  # a container: its records in turn
            yield from _texts(stream, pos, depth + 1)


def _pages(stream: bytes, user: bytes, check: Callable[[], None]) -> list[Page]:
    places, document = _persist(stream, user)
    doc_at = places[document]
    if _header(stream, doc_at)[2] != DOCUMENT:
        raise ExtractError("The PPT file's document record is damaged.")
    if any(kind == CRYPT_SESSION for _, _, kind, _ in _children(stream, doc_at)):
        raise ExtractError("The PPT file is password-protected.")
    # (a slide's persist id, the text records the list keeps for it)
    slides: list[tuple[int, list[tuple[int, int, int, int]]]] = []
    notes_ids: dict[int, int] = {}  # a notes slide's id -> its persist id (the notes' list, instance 2)
    for pos, instance, kind, _ in _children(stream, doc_at):
        if kind != SLIDE_LIST or instance not in (0, 2):
            continue
        for record in _children(stream, pos):
            child, _, child_kind, _ = record
            if child_kind == SLIDE_PERSIST and instance == 2:
                persist_id, _, _, notes_id = struct.unpack_from("<IIII", stream, child + 8)
                notes_ids[notes_id] = persist_id
            elif child_kind == SLIDE_PERSIST:
                slides.append((struct.unpack_from("<I", stream, child + 8)[0], []))
            elif slides and instance == 0 and child_kind in (TEXT_HEADER, TEXT_CHARS, TEXT_BYTES):
                slides[-1][1].append(record)
    pages = []
    read: set[int] = (
        set()
    )  # containers read: a damaged or hostile list naming one slide many times reads it once
    for number, (persist_id, listed) in enumerate(slides, 1):
        check()
        texts = list(_text_records(stream, listed))
        slide_at = places.get(persist_id)
        notes: list[str] = []
        if slide_at is not None and slide_at not in read and _header(stream, slide_at)[2] == SLIDE:
            read.add(slide_at)
            texts += list(_texts(stream, slide_at))
            notes_at = _notes(stream, slide_at, places, notes_ids)
            if notes_at is not None and notes_at not in read:
                read.add(notes_at)
                notes = [t for kind, t in _texts(stream, notes_at) if kind == _NOTES_TEXT]
        lines: list[tuple[str, int]] = []
        for kind, text in sorted(texts, key=lambda kt: kt[0] not in _TITLES):  # the title first
            paragraphs = [p.strip() for p in text.replace("\x0b", "\r").split("\r") if p.strip()]
            if kind in _TITLES and paragraphs and not any(level for _, level in lines):
                lines.append((" ".join(paragraphs), 2))
            else:
                lines += [(p, 0) for p in paragraphs]
        paragraphs = [p.strip() for t in notes for p in t.replace("\x0b", "\r").split("\r") if p.strip()]
        if paragraphs:
            lines.append(("Notes", 3))
            lines += [(p, 0) for p in paragraphs]
        page = lines_page([(t.replace("\ufffc", "").strip(), level) for t, level in lines], number)
        if page is not None:
            pages.append(page)
    return pages


def _notes(stream: bytes, slide_at: int, places: dict[int, int], notes_ids: dict[int, int]) -> int | None:
    """Where the slide's notes' container is (its ``SlideAtom``'s ``notesIdRef``, a notes slide's id in the notes'
    list), None when it has none."""
    for pos, _, kind, length in _children(stream, slide_at):
        if kind == SLIDE_ATOM and length >= 24:
            (notes_id,) = struct.unpack_from("<I", stream, pos + 8 + 16)
            at = places.get(notes_ids.get(notes_id, -1)) if notes_id else None
            return at if at is not None and _header(stream, at)[2] == NOTES else None
    return None
