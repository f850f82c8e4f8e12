"""Pages and Keynote documents (iWork 2013 and later): their text, read from the archive's own objects.

Such a file is a zip of IWA files ("Index/Document.iwa", "Index/Slide-8060.iwa" ...). An IWA file is a run of
chunks, each a 4-byte header (0, then a 3-byte little-endian length) and a block of Snappy-compressed data; the
data is a run of archives, each a varint-prefixed ``TSP.ArchiveInfo`` (its object's identifier and, per message,
the message's type and length) and then those messages, Protocol Buffers without a schema of their own here. The
text of a text box, a document's body, a footnote or a presenter's note is a ``TSWP.StorageArchive`` (type 2001)
whose field 3 holds the text; paragraphs end with a newline and U+FFFC stands where an object (a picture, a slide
number) sits in the text. A Keynote file's slides are in the order of its show's slide tree (``KN.ShowArchive``,
type 2: field 3, its ``slideTree``, lists slide nodes, ``KN.SlideNodeArchive``, type 4, each naming its slide in
field 2 and its child nodes in field 1); each slide is a page, its title (the storage of its title placeholder,
``KN.PlaceholderArchive``, type 7, kind 2) as a heading, then its other text, then its presenter notes. A Pages
document is one page: its body, then its text boxes and footnotes; running headers are page furniture and are left
out. Tables' cells (held in table tiles, not text storages) are not read here; Numbers spreadsheets' tables are
(engine.index.readers.numbers).
Field numbers from the iWork message definitions that keynote-parser publishes (MIT); Snappy's block format from
its format description."""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable, Iterator

from engine.index.bounds import charge, no_check, open_zip
from engine.index.document import ExtractError, Page
from engine.index.readers.office import lines_page

STORAGE, SHOW, SLIDE_NODE, PLACEHOLDER = 2001, 2, 4, 7  # message types (TSP registry ids)
BODY, HEADER, FOOTNOTE, TEXTBOX, NOTE = 0, 1, 2, 3, 4  # TSWP.StorageArchive.KindType
TITLE_PLACEHOLDER = 2
MAX_IWA_BYTES = 256 * 1024 * 1024  # one IWA file decompressed: far past any document's text and objects
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\ufffc\ufeff]")
_BREAKS = re.compile(r"[\r\u2028\u2029]")


class IworkError(ExtractError):
    """An iWork file whose archive cannot be read."""


def extract_iwork(data: bytes, kind: str, check: Callable[[], None] = no_check) -> tuple[Page, ...]:
    """The pages of a Pages document (``kind`` "pages": one page) or a Keynote presentation ("keynote": a page a
    slide)."""
    what = "Pages" if kind == "pages" else "Keynote"
    if not data.startswith(b"PK"):  # "server.key": a private key, a licence key, never a presentation
        raise ExtractError(f"Not a {what} document: the file is not a zip archive, as {what} saves one.")
    zf = open_zip(data, what)
    with zf:
        names = set(zf.namelist())
        if any(n.endswith(".iwph") for n in names):
            raise ExtractError(f"The {what} document is protected by a password, so its text cannot be read.")
        if "Index/Document.iwa" not in names:
            if "index.xml" in names or "index.apxl" in names or "index.xml.gz" in names:
                raise ExtractError(f"The {what} document is in the iWork '09 format, which is not read.")
            raise ExtractError(
                f"The {what} file is damaged or not a {what} document (no Index/Document.iwa)."
            )
        try:
            if kind == "pages":
                pages = _pages_document(zf, check)
            else:
                pages = _keynote_slides(zf, names, check)
        except (IndexError, ValueError, zipfile.BadZipFile, OSError) as exc:
            raise IworkError(
                f"The {what} document's archive could not be read ({type(exc).__name__})."
            ) from exc
    if not pages:
        raise ExtractError(f"The {what} document has no text.")
    return tuple(pages)


def _pages_document(zf: zipfile.ZipFile, check) -> list[Page]:
    found = {BODY: [], TEXTBOX: [], FOOTNOTE: []}
    for _ident, kind, text in text_storages(iwa_objects(zf, "Index/Document.iwa", check)):
        if kind in found:
            found[kind].append(text)
    lines = [(p, 0) for kind in (BODY, TEXTBOX, FOOTNOTE) for text in found[kind] for p in paragraphs(text)]
    page = lines_page(lines)
    return [page] if page is not None else []


def _keynote_slides(zf: zipfile.ZipFile, names: set[str], check) -> list[Page]:
    slides: dict[int, list[tuple[int, int, bytes]]] = {}  # a slide's identifier: the objects of its file
    document = list(iwa_objects(zf, "Index/Document.iwa", check))
    for name in sorted(n for n in names if n.startswith("Index/Slide") and n.endswith(".iwa")):
        objects = list(iwa_objects(zf, name, check))
        if objects:
            slides[objects[0][0]] = objects  # a slide's file opens with the slide itself
    pages = []
    for number, slide in enumerate(_slide_order(document, slides), 1):
        objects = slides[slide]
        titles = {_title_storage(payload) for _i, t, payload in objects if t == PLACEHOLDER}
        lines, notes = [], []
        for ident, kind, text in text_storages(objects):
            said = paragraphs(text)
            if kind == NOTE:
                notes += said
            elif ident in titles:
                lines[:0] = [(" ".join(said), 2)] if said else []
            else:
                lines += [(p, 0) for p in said]
        if notes:
            lines += [("Notes", 3)] + [(p, 0) for p in notes]
        page = lines_page(lines, number)
        if page is not None:
            pages.append(page)
    return pages


def _slide_order(document: list[tuple[int, int, bytes]], slides: dict[int, list]) -> list[int]:
    """The slides in the show's order (its slide tree, children after their parent); slides the tree does not
    name (or all, when the tree cannot be found) after them in the order of their identifiers."""
    nodes = {ident: payload for ident, t, payload in document if t == SLIDE_NODE}
    roots = []
    for _ident, t, payload in document:
        if t == SHOW:
            for tree in fields(payload, 3):
                roots += [reference(ref) for ref in fields(tree, 2)]
    order, seen = [], set()

    def visit(node: int | None, depth: int) -> None:
        if node is None or node in seen or node not in nodes or depth > 64:
            return
        seen.add(node)
        slide = next((reference(ref) for ref in fields(nodes[node], 2)), None)
        if slide in slides and slide not in order:
            order.append(slide)
        for child in fields(nodes[node], 1):
            visit(reference(child), depth + 1)

    for root in roots:
        visit(root, 0)
    return order + sorted(set(slides) - set(order))


def _title_storage(placeholder: bytes) -> int | None:
    """The storage a title placeholder owns (field 1, its shape; field 4 of that, its storage); None otherwise."""
    if next(fields(placeholder, 2, varint=True), 0) != TITLE_PLACEHOLDER:
        return None
    for shape in fields(placeholder, 1):
        for ref in fields(shape, 4):
            return reference(ref)
    return None


def paragraphs(text: str) -> list[str]:
    text = _CONTROL.sub("", _BREAKS.sub("\n", text))
    return [p for p in (" ".join(line.split()) for line in text.split("\n")) if p]


def text_storages(objects) -> Iterator[tuple[int, int, str]]:
    """(identifier, kind, text) of each text storage among ``objects``, in the file's order."""
    for ident, message_type, payload in objects:
        if message_type == STORAGE:
            kind = next(fields(payload, 1, varint=True), TEXTBOX)
            text = "".join(bytes(v).decode("utf-8", "replace") for v in fields(payload, 3))
            if text.strip():
                yield ident, kind, text


def iwa_objects(zf: zipfile.ZipFile, name: str, check) -> Iterator[tuple[int, int, bytes]]:
    """(object identifier, message type, message) of every message in the IWA file ``name``."""
    data = _inflate(zf.read(name), check)
    pos = 0
    while pos < len(data):
        size, pos = _varint(data, pos)
        info, pos = data[pos : pos + size], pos + size
        ident = next(fields(info, 1, varint=True), 0)
        for message in fields(info, 2):
            message_type = next(fields(message, 1, varint=True), 0)
            length = next(fields(message, 3, varint=True), 0)
            yield ident, message_type, data[pos : pos + length]
            pos += length


def _inflate(raw: bytes, check) -> bytes:
    """An IWA file's data: its chunks' Snappy blocks, decompressed one after another."""
    out = bytearray()
    pos = 0
    while pos < len(raw):
        if raw[pos] != 0 or pos + 4 > len(raw):
            raise ValueError("not an IWA chunk")
        size = int.from_bytes(raw[pos + 1 : pos + 4], "little")
        block = raw[pos + 4 : pos + 4 + size]
        pos += 4 + size
        want, _ = _varint(block, 0)
        if len(out) + want > MAX_IWA_BYTES:
            raise ValueError("an IWA file past the size limit")
        charge(check, want)
        out += _unsnappy(block)
    return bytes(out)


def _unsnappy(block: bytes) -> bytearray:
    """Snappy's block format: the decompressed length, then literals and copies of what was already written."""
    want, pos = _varint(block, 0)
    out = bytearray()
    while pos < len(block):
        tag = block[pos]
        pos += 1
        if tag & 3 == 0:  # a literal: its length in the tag, or in the 1-4 bytes after it
            size = tag >> 2
            if size >= 60:
                extra = size - 59
                size = int.from_bytes(block[pos : pos + extra], "little")
                pos += extra
            out += block[pos : pos + size + 1]
            pos += size + 1
            continue
        if tag & 3 == 1:
            size, offset = ((tag >> 2) & 7) + 4, ((tag >> 5) << 8) | block[pos]
            pos += 1
        else:
            width = 2 if tag & 3 == 2 else 4
            size, offset = (tag >> 2) + 1, int.from_bytes(block[pos : pos + width], "little")
            pos += width
        if not 0 < offset <= len(out) or len(out) + size > want:
            raise ValueError("a Snappy copy outside the data")
        start = len(out) - offset
        if offset >= size:
            out += out[start : start + size]
        else:  # a copy that overlaps itself repeats the last ``offset`` bytes
            for i in range(size):
                out.append(out[start + i])
    if len(out) != want:
        raise ValueError("a Snappy block of the wrong length")
    return out


def _varint(data: bytes, pos: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80 or shift > 63:
            return value, pos


def fields(message: bytes, field: int, varint: bool = False) -> Iterator:
    """The values of ``field`` in a Protocol Buffers message: varints, or length-delimited bytes."""
    pos = 0
    while pos < len(message):
        key, pos = _varint(message, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _varint(message, pos)
        elif wire == 2:
            size, pos = _varint(message, pos)
            value, pos = message[pos : pos + size], pos + size
        elif wire in (1, 5):
            width = 8 if wire == 1 else 4
            value, pos = message[pos : pos + width], pos + width
        else:
            raise ValueError(f"protobuf wire type {wire}")
        if number == field and (wire == 0) == varint:
            yield value


def reference(ref: bytes) -> int | None:
    """A ``TSP.Reference``'s identifier (field 1)."""
    return next(fields(ref, 1, varint=True), None)
