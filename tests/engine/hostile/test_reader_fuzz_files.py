"""Hostile and good files for the reader attack tests (issue 35) and ``bench/bench_hostile.py``: each builder returns
the bytes of one file, made here from nothing but the standard library and the readers' own libraries.

``GOOD`` are small valid files of every format a reader handles (also the seeds the fuzz test mutates);
``HOSTILE`` are the files that crashed the whole index run or ran past a per-file budget, each under the name it
is indexed as. The tests below only check that every builder builds.
"""

from __future__ import annotations

import gzip
import io
import json
import re
import struct
import zipfile
import zlib
from collections.abc import Callable
from email.message import EmailMessage

# -- good files ----------------------------------------------------------------------------------------------------


def odt(body: str, kind: str = "text") -> bytes:
    """An OpenDocument file: ``body`` inside ``office:text`` (or ``office:spreadsheet`` for ``kind="spreadsheet"``)."""
    ns = (
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"'
    )
    content = f'<?xml version="1.0"?><office:document-content {ns}><office:body><office:{kind}>{body}'
    content += f"</office:{kind}></office:body></office:document-content>"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("mimetype", f"application/vnd.oasis.opendocument.{kind}")
        zf.writestr("content.xml", content)
    return buf.getvalue()


def ods(rows: str) -> bytes:
    return odt(f'<table:table table:name="Counts">{rows}</table:table>', "spreadsheet")


def good_ods() -> bytes:
    return ods(
        "<table:table-row><table:table-cell><text:p>river</text:p></table:table-cell>"
        "<table:table-cell><text:p>otters</text:p></table:table-cell></table:table-row>"
        "<table:table-row><table:table-cell><text:p>Tay</text:p></table:table-cell><table:table-cell "
        'office:value-type="float" office:value="12"><text:p>12</text:p></table:table-cell></table:table-row>'
    )


def good_odt() -> bytes:
    return odt(
        '<text:h text:outline-level="1">Otter survey</text:h>'
        '<text:p>Twelve otters<text:s text:c="2"/>were counted on the Tay.</text:p>'
    )


def good_pptx() -> bytes:
    from pptx import Presentation

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "Beavers"
    slide.placeholders[1].text_frame.text = "They build dams on small rivers."
    buf = io.BytesIO()
    prs.save(buf)
    return buf.getvalue()


def good_xlsx() -> bytes:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Counts"
    sheet.append(["river", "otters", "seen"])
    sheet.append(["Tay", 12, "dawn"])
    sheet.append(["Spey", 7.5, "dusk"])
    buf = io.BytesIO()
    book.save(buf)
    return buf.getvalue()


def good_epub() -> bytes:
    from ebooklib import epub

    book = epub.EpubBook()
    book.set_identifier("id1")
    book.set_title("Otters")
    book.set_language("en")
    chapter = epub.EpubHtml(title="River otters", file_name="c1.xhtml", lang="en")
    chapter.content = (
        "<html><body><h1>River otters</h1><p>They live in rivers and eat fish.</p></body></html>"
    )
    book.add_item(chapter)
    book.toc = [chapter]
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    book.spine = [chapter]
    buf = io.BytesIO()
    epub.write_epub(buf, book)
    return buf.getvalue()


def message(subject: str = "Otter survey", body: str = "Counted twelve otters at dawn.") -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "Ada <ada@example.org>"
    msg["To"] = "bob@example.org"
    msg["Subject"] = subject
    msg["Date"] = "Tue, 01 Dec 2026 10:00:00 +0000"
    msg.set_content(body)
    return msg


def good_eml() -> bytes:
    return message().as_bytes()


def good_mbox() -> bytes:
    out = b""
    for i in range(2):
        out += b"From ada@example.org Tue Dec  1 10:00:00 2026\n"
        out += message(f"Message {i}", f"Body number {i} about herons.").as_bytes() + b"\n"
    return out


def good_ipynb() -> bytes:
    nb = {
        "cells": [
            {"cell_type": "markdown", "source": ["# Analysis\n", "Otter counts by river."]},
            {
                "cell_type": "code",
                "source": "print(12)",
                "outputs": [{"output_type": "stream", "text": ["12\n"]}],
            },
        ],
        "nbformat": 4,
    }
    return json.dumps(nb).encode()


def good_rtf() -> bytes:
    return rb"{\rtf1\ansi{\fonttbl\f0 Helvetica;}\f0\pard Hello {\b bold} otters.\par Second paragraph.\par}"


def good_gz() -> bytes:
    return gzip.compress(b"Notes about kingfishers nesting in river banks.\n")


def png(width: int, height: int, rows: Callable[[int], bytes] | None = None) -> bytes:
    """A greyscale PNG; ``rows(y)`` gives row y's pixels (default: white)."""
    raw = b"".join(b"\x00" + (rows(y) if rows else b"\xff" * width) for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def good_png() -> bytes:
    return png(64, 64, lambda y: bytes((x * 4 + y) % 256 for x in range(64)))


def pdf(pages: list[tuple[float, float, str]], image: tuple[int, int, bytes] | None = None) -> bytes:
    """A PDF of (width pt, height pt, content stream) pages; Helvetica is resource F1, and ``image`` (width,
    height, 8-bit grey pixels), when given, is XObject Im1 of every page."""
    objects: list[bytes] = [b"", b"", b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    xobject = ""
    if image is not None:
        iw, ih, pixels = image
        packed = zlib.compress(pixels)
        objects.append(
            b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 "
            b"/Filter /FlateDecode /Length %d >>\nstream\n" % (iw, ih, len(packed)) + packed + b"\nendstream"
        )
        xobject = f"/XObject << /Im1 {len(objects)} 0 R >> "
    kids = []
    for w, h, ops in pages:
        stream = ops.encode("latin-1")
        kids.append(len(objects) + 1)
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {w} {h}] /Resources << /Font << /F1 3 0 R >> {xobject}>> "
            f"/Contents {len(objects) + 2} 0 R >>".encode()
        )
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = (
        f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>".encode()
    )
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for num, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % num + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def words_image(text: str, width: int = 1200, height: int = 200) -> tuple[int, int, bytes]:
    """``text`` drawn black on white, as (width, height, grey pixels): a scan, with no text layer."""
    from PIL import Image, ImageDraw, ImageFont

    image = Image.new("L", (width, height), 255)
    ImageDraw.Draw(image).text((20, 40), text, fill=0, font=ImageFont.load_default(size=100))
    return width, height, image.tobytes()


def good_pdf() -> bytes:
    return pdf([(612, 792, "BT /F1 12 Tf 72 720 Td (Herons wade in shallow water.) Tj ET")])


GOOD: dict[str, Callable[[], bytes]] = {
    "good.txt": lambda: b"A perfectly good file about lighthouses and tides.\n",
    "good.odt": good_odt,
    "good.pptx": good_pptx,
    "good.xlsx": good_xlsx,
    "good.ods": good_ods,
    "good.epub": good_epub,
    "good.eml": good_eml,
    "good.mbox": good_mbox,
    "good.ipynb": good_ipynb,
    "good.rtf": good_rtf,
    "good.txt.gz": good_gz,
    "good.png": good_png,
    "good.pdf": good_pdf,
}

# -- hostile files -------------------------------------------------------------------------------------------------


def _rezip(data: bytes, member: str, edit: Callable[[str], str]) -> bytes:
    """``data`` (a zip) with ``member``'s XML passed through ``edit``."""
    src = zipfile.ZipFile(io.BytesIO(data))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            body = src.read(info)
            if info.filename == member:
                body = edit(body.decode()).encode()
            out.writestr(info.filename, body)
    return buf.getvalue()


def odt_spaces(count: str) -> bytes:
    return odt(f'<text:p>Otters<text:s text:c="{count}"/>swim.</text:p><text:p>More text here.</text:p>')


def pptx_bad_offset() -> bytes:
    def edit(xml: str) -> str:
        xml = re.sub(r'<a:off x="\d+" y="\d+"/>', '<a:off x="abc" y="-zz"/>', xml)
        if "<a:off" not in xml:  # placeholders inherit their place: give the body one that is wrong
            xml = xml.replace(
                "<p:spPr/>", '<p:spPr><a:xfrm><a:off x="abc" y="1"/><a:ext cx="1" cy="1"/></a:xfrm></p:spPr>'
            )
        return xml

    return _rezip(good_pptx(), "ppt/slides/slide1.xml", edit)


def _xlsx_cell(cell: str) -> Callable[[], bytes]:
    """The good workbook with its first row's first cell replaced by ``cell`` (raw sheet XML)."""

    def edit(xml: str) -> str:
        return re.sub(r'<c r="A1"[^>]*>.*?</c>', cell, xml, count=1)

    return lambda: _rezip(good_xlsx(), "xl/worksheets/sheet1.xml", edit)


def eml_nested_parts(depth: int = 3000) -> bytes:
    head = b"From: ada@example.org\r\nTo: bob@example.org\r\nSubject: nested\r\nMIME-Version: 1.0\r\n"
    parts = [head]
    for i in range(depth):
        parts.append(b'Content-Type: multipart/mixed; boundary="b%d"\r\n\r\n--b%d\r\n' % (i, i))
    parts.append(b"Content-Type: text/plain\r\n\r\ninnermost words\r\n")
    for i in reversed(range(depth)):
        parts.append(b"--b%d--\r\n" % i)
    return b"".join(parts)


def eml_deep_comments(depth: int = 5000) -> bytes:
    return (
        b"From: ada@example.org " + b"(" * depth + b"x" + b")" * depth + b"\r\n"
        b"To: bob@example.org\r\nSubject: comments\r\n\r\nThe body of a message with deep comments.\r\n"
    )


def eml_encoded_words(count: int = 200_000) -> bytes:
    words = b" ".join(b"=?utf-8?q?w%d?=" % (i % 10) for i in range(count))
    return b"From: ada@example.org\r\nSubject: " + words + b"\r\n\r\nA body under a long subject.\r\n"


def eml_folded_addresses(count: int = 300_000) -> bytes:
    addrs = b",\r\n ".join(b"u%d@example.org" % i for i in range(count))
    return b"From: ada@example.org\r\nTo: " + addrs + b"\r\nSubject: many\r\n\r\nA body for many readers.\r\n"


def ipynb_deep_json(depth: int = 100_000) -> bytes:
    return b'{"cells": ' + b"[" * depth + b"]" * depth + b', "nbformat": 4}'


def ipynb_odd_outputs() -> bytes:
    nb = {
        "cells": [
            {"cell_type": "code", "source": "x", "outputs": [{"data": ["not", "a", "dict"]}]},
            {"cell_type": "code", "source": "y", "outputs": 5},
            {
                "cell_type": "code",
                "source": {"a": 1},
                "outputs": [{"text": {"b": 2}}, {"data": {"text/plain": 7}}],
            },
            {"cell_type": ["markdown"], "source": None},
        ],
    }
    return json.dumps(nb).encode()


def gz_empty_members(count: int = 400_000) -> bytes:
    empty = gzip.compress(b"", mtime=0)
    return gzip.compress(b"Words before the empty members.\n", mtime=0) + empty * count


def png_strip() -> bytes:
    return png(32, 1_800_000, lambda y: b"\xff" * 32)


def pdf_huge_scanned_page() -> bytes:
    """A 200 x 200 inch page with no text layer, only a scan of two words across it: read by OCR."""
    return pdf([(14400, 14400, "q 14000 0 0 2333 200 6000 cm /Im1 Do Q")], words_image("HERON SURVEY"))


HOSTILE: dict[str, Callable[[], bytes]] = {
    # crashed the whole run
    "spaces-letters.odt": lambda: odt_spaces("abc"),
    "spaces-superscript.odt": lambda: odt_spaces("\u00b2"),
    "spaces-overflow.odt": lambda: odt_spaces("9" * 30),
    "spaces-digits.odt": lambda: odt_spaces("9" * 5000),
    "heading-level.odt": lambda: odt(
        '<text:h text:outline-level="\u00b2">Head</text:h><text:p>Body text.</text:p>'
    ),
    "bad-offset.pptx": pptx_bad_offset,
    "bad-number.xlsx": _xlsx_cell('<c r="A1"><v>abc</v></c>'),
    "bad-date.xlsx": _xlsx_cell('<c r="A1" t="d"><v>not-a-date</v></c>'),
    "bad-bool.xlsx": _xlsx_cell('<c r="A1" t="b"><v>maybe</v></c>'),
    "shared-string-range.xlsx": _xlsx_cell('<c r="A1" t="s"><v>999</v></c>'),
    "entity.xlsx": _xlsx_cell('<c r="A1" t="inlineStr"><is><t>&undefined;</t></is></c>'),
    "entity.ods": lambda: ods(
        "<table:table-row><table:table-cell><text:p>&undefined;</text:p></table:table-cell></table:table-row>"
    ),
    "nested-parts.eml": eml_nested_parts,
    "deep-comments.eml": eml_deep_comments,
    "deep-json.ipynb": ipynb_deep_json,
    "odd-outputs.ipynb": ipynb_odd_outputs,
    "strip.png": png_strip,
    "huge-scan.pdf": pdf_huge_scanned_page,
    # ran past a per-file budget
    "spaces-huge.odt": lambda: odt_spaces("1500000000"),
    "repeats-huge.ods": lambda: ods(
        '<table:table-row table:number-rows-repeated="999999999"><table:table-cell '
        'table:number-columns-repeated="999999999"><text:p>otter</text:p></table:table-cell></table:table-row>'
    ),
    "encoded-words.eml": eml_encoded_words,
    "folded-addresses.eml": eml_folded_addresses,
    "empty-members.txt.gz": gz_empty_members,
}

# What each hostile file must end as: None, indexed (what it holds is readable: the bad part left out or capped);
# else skipped, with this in its reason.
EXPECTED: dict[str, str | None] = {
    "spaces-letters.odt": None,  # a space count that is no number counts as one space
    "spaces-superscript.odt": None,
    "spaces-overflow.odt": None,
    "spaces-digits.odt": None,
    "heading-level.odt": None,
    "bad-offset.pptx": None,  # a shape placed at "abc" sorts first
    "bad-number.xlsx": "workbook could not be read",  # openpyxl stops at the cell: no rows before it
    "bad-date.xlsx": "workbook could not be read",
    "bad-bool.xlsx": "workbook could not be read",
    "shared-string-range.xlsx": "workbook could not be read",
    "entity.xlsx": "workbook could not be read",
    "entity.ods": "not valid XML",
    "nested-parts.eml": "nested more than",
    "deep-comments.eml": None,  # the From header kept as its raw text
    "deep-json.ipynb": "nested too deeply",
    "odd-outputs.ipynb": None,
    "strip.png": "too long and narrow",
    "huge-scan.pdf": None,  # read at a lower resolution, noted
    "spaces-huge.odt": None,  # 1.5 billion spaces capped at MAX_SPACES
    "repeats-huge.ods": None,  # a billion rows of a billion cells: each read MAX_REPEATS times, noted
    "encoded-words.eml": None,  # the Subject cut at MAX_HEADER_CHARS before it is parsed
    "folded-addresses.eml": None,
    "empty-members.txt.gz": None,
}


def test_every_builder_builds():
    assert set(EXPECTED) == set(HOSTILE)
    for name, build in {**GOOD, **HOSTILE}.items():
        if name not in ("strip.png",):  # 60 MB of rows to compress: built by the tests that use it
            assert build(), name
