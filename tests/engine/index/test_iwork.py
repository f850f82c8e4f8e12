"""Pages and Keynote documents (engine.index.readers.iwork): real Keynote files made by Keynote
(tests/data/iwork), and Pages archives written here from the iWork message definitions, read through the real
extraction path; hostile and foreign files get a reason, never a crash."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from engine.index.extraction import ExtractError, extract, file_type_for
from engine.index.readers import iwork

DATA = Path(__file__).resolve().parents[2] / "data" / "iwork"


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        out.append((n & 0x7F) | (0x80 if n > 0x7F else 0))
        n >>= 7
        if not n:
            return bytes(out)


def _field(number: int, value: int | bytes) -> bytes:
    if isinstance(value, int):
        return _varint(number << 3) + _varint(value)
    return _varint(number << 3 | 2) + _varint(len(value)) + value


def _iwa(objects: list[tuple[int, int, bytes]], chunk: int = 1 << 16) -> bytes:
    """An IWA file of ``objects`` (identifier, type, message), its data cut into Snappy blocks of literals."""
    data = b""
    for ident, message_type, payload in objects:
        info = _field(1, ident) + _field(2, _field(1, message_type) + _field(3, len(payload)))
        data += _varint(len(info)) + info + payload
    out = b""
    for start in range(0, len(data), chunk):
        piece = data[start : start + chunk]
        block = _varint(len(piece))
        for at in range(0, len(piece), 60):  # literals of up to 60 bytes: the length in the tag
            lit = piece[at : at + 60]
            block += bytes([(len(lit) - 1) << 2]) + lit
        out += b"\x00" + len(block).to_bytes(3, "little") + block
    return out


def _storage(ident: int, kind: int, text: str) -> tuple[int, int, bytes]:
    return ident, iwork.STORAGE, _field(1, kind) + _field(3, text.encode())


def _zip(members: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return buf.getvalue()


def _pages(objects, **extra) -> bytes:
    return _zip({"Index/Document.iwa": _iwa(objects), "preview.jpg": b"\xff\xd8", **extra})


def test_a_keynote_presentation_made_by_keynote_is_read_a_page_a_slide():
    doc = extract(DATA / "simple-oneslide.key", (DATA / "simple-oneslide.key").read_bytes())
    assert doc.file_type == "keynote" and len(doc.pages) == 1
    page = doc.pages[0]
    assert page.number == 1 and page.text == "Example Presentation\nThis is a subtitle."
    assert [b.heading_level for b in page.blocks] == [2, 0]  # the title placeholder's text is the heading
    assert "\ufffc" not in page.text  # the slide-number placeholder's object mark is no text


def test_a_text_box_of_several_paragraphs_is_a_line_each():
    with zipfile.ZipFile(DATA / "simple-oneslide.key") as zf:
        document = zf.read("Index/Document.iwa")
    slide = (DATA / "multiline-oneslide.iwa").read_bytes()
    data = _zip({"Index/Document.iwa": document, "Index/Slide-8060.iwa": slide})
    (page,) = extract(Path("talk.key"), data).pages
    assert page.text.split("\n") == ["Example Presentation", "This is a multi-line text box with styles.",
                                     "This line should be bolded entirely."]  # fmt: skip


def test_an_iwa_file_of_several_snappy_chunks_decodes_to_whole_messages():
    raw = (DATA / "multi-chunk.iwa").read_bytes()
    assert raw[0] == 0 and len(raw) > 1 << 15
    data = iwork._inflate(raw, lambda: None)
    assert len(data) > 65536  # more than one chunk's worth: Snappy blocks hold at most 64 KiB each
    objects = list(
        iwork.iwa_objects(zipfile.ZipFile(io.BytesIO(_zip({"x.iwa": raw}))), "x.iwa", lambda: None)
    )
    assert len(objects) == 300 and all(
        t for _i, t, _p in objects
    )  # a stylesheet's: 98 paragraph styles (2022)
    assert sum(t == 2022 for _i, t, _p in objects) == 98
    assert sum(len(p) for _i, _t, p in objects) < len(data)  # each message whole, within the data


def test_slides_are_read_in_the_shows_order_with_their_notes():
    def slide(ident: int, title: str, body: str, note: str = "") -> bytes:
        shape = _field(4, _field(1, ident + 1))  # the placeholder's shape owns storage ident + 1
        objects = [(ident, 5, b""), (ident + 2, iwork.PLACEHOLDER, _field(1, shape) + _field(2, 2)),
                   _storage(ident + 3, iwork.TEXTBOX, body), _storage(ident + 1, iwork.TEXTBOX, title)]  # fmt: skip
        if note:
            objects.append(_storage(ident + 4, iwork.NOTE, note))
        return _iwa(objects)

    # the show's tree: node 900 (slide 300), then node 901 (slide 100) with a child node 902 (slide 200)
    tree = _field(2, _field(1, 900)) + _field(2, _field(1, 901))
    document = _iwa([(1, iwork.SHOW, _field(3, tree)), (900, iwork.SLIDE_NODE, _field(2, _field(1, 300))),
                     (901, iwork.SLIDE_NODE, _field(2, _field(1, 100)) + _field(1, _field(1, 902))),
                     (902, iwork.SLIDE_NODE, _field(2, _field(1, 200)))])  # fmt: skip
    data = _zip({"Index/Document.iwa": document, "Index/Slide-100.iwa": slide(100, "Budget", "Roof: 320 pounds"),
                 "Index/Slide-200.iwa": slide(200, "Timeline", "Vote on 9 March", "Say the date twice."),
                 "Index/Slide-300.iwa": slide(300, "Agenda", "Welcome"),
                 "Index/MasterSlide-50.iwa": slide(50, "Title Text", "Body Level One")})  # fmt: skip
    pages = extract(Path("Residents meeting.key"), data).pages
    assert [p.text.split("\n")[0] for p in pages] == [
        "Agenda",
        "Budget",
        "Timeline",
    ]  # no master's sample text
    assert [p.number for p in pages] == [1, 2, 3]
    assert pages[2].text == "Timeline\nVote on 9 March\nNotes\nSay the date twice."


def test_a_pages_document_is_its_body_then_text_boxes_and_footnotes_without_running_headers():
    body = "Tenancy notes\nThe rent is 950 pounds a month,\u2028due on the 1st.\ufffc\n\nThe deposit is held by the DPS."
    data = _pages([_storage(10, iwork.HEADER, "14 Orchard Rise - page header"),
                   _storage(11, iwork.FOOTNOTE, "Deposit Protection Service."), _storage(12, iwork.BODY, body),
                   _storage(13, iwork.TEXTBOX, "Keys: 3 sets")])  # fmt: skip
    assert file_type_for(Path("Tenancy.pages")) == "pages"
    doc = extract(Path("Tenancy.pages"), data)
    (page,) = doc.pages
    assert page.number is None
    assert page.text.split("\n") == ["Tenancy notes", "The rent is 950 pounds a month,", "due on the 1st.",
                                     "The deposit is held by the DPS.", "Keys: 3 sets",
                                     "Deposit Protection Service."]  # fmt: skip
    assert page.locate(page.text.index("The deposit"))[0] == 4  # a line a paragraph, as a DOCX's


def test_a_long_document_spans_many_chunks():
    paragraphs = [f"Paragraph {i} says the boiler was serviced on day {i}." for i in range(3000)]
    data = _pages([_storage(10, iwork.BODY, "\n".join(paragraphs))])
    assert (
        len(iwork._inflate(zipfile.ZipFile(io.BytesIO(data)).read("Index/Document.iwa"), lambda: None))
        > 1 << 17
    )
    (page,) = extract(Path("Log.pages"), data).pages
    assert page.text.split("\n") == paragraphs


@pytest.mark.parametrize(
    ("name", "data", "reason"),
    [
        ("server.key", b"-----BEGIN PRIVATE KEY-----\nMIIEvQ...\n-----END PRIVATE KEY-----\n", "not a zip"),
        ("Old.pages", _zip({"index.xml": b"<sl:document/>"}), "iWork '09"),
        ("Secret.pages", _zip({"Index/Document.iwa": b"\x00\x01\x00\x00x", ".iwph": b"hint"}), "password"),
        ("Other.key", _zip({"word/document.xml": b"<w/>"}), "no Index/Document.iwa"),
        (
            "Cut.pages",
            _zip({"Index/Document.iwa": _iwa([_storage(1, 0, "Hello there")])[:-9]}),
            "could not be read",
        ),
        ("Junk.pages", _zip({"Index/Document.iwa": b"\x07not snappy"}), "could not be read"),
        ("Empty.pages", _pages([_storage(1, iwork.HEADER, "Only a header")]), "no text"),
        ("Broken.key", b"PK\x03\x04 not really a zip", "damaged"),
    ],
)
def test_foreign_damaged_and_locked_files_get_a_reason(name, data, reason):
    with pytest.raises(ExtractError, match=reason):
        extract(Path(name), data)


def test_a_snappy_block_that_claims_more_than_the_limit_is_refused(monkeypatch):
    monkeypatch.setattr(iwork, "MAX_IWA_BYTES", 1000)
    data = _pages([_storage(1, iwork.BODY, "x" * 2000)])
    with pytest.raises(ExtractError, match="could not be read"):
        extract(Path("Big.pages"), data)
    bad_copy = b"\x00\x05\x00\x00" + _varint(10) + bytes([1 | (5 << 2)]) + b"\x09"  # a copy before any data
    with pytest.raises(ValueError, match="outside"):
        iwork._inflate(bad_copy, lambda: None)
