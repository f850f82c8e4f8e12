"""EPUB, gzip, RTF, e-mail (eml, emlx, mbox), PPTX, XLSX, ODT and notebooks: each from a real file made here,
with the locations citations use (page = chapter / message / slide / sheet / cell; lines of the page text)."""

from __future__ import annotations

import gzip
import io
import json
import mailbox
import zipfile
from email.message import EmailMessage
from pathlib import Path

import pytest

from engine.index.bounds import open_zip, read_gzip
from engine.index.extraction import ExtractError, extract, file_type_for
from engine.index.readers.opendocument import extract_ods


def _blocks(page):
    return [(page.text[b.start : b.end], b.heading_level) for b in page.blocks]


def test_gzip_of_any_supported_type_is_read_as_that_type():
    md = "# Title\n\nSome words about otters.\n"
    doc = extract(Path("notes.md.gz"), gzip.compress(md.encode()))
    assert doc.file_type == "markdown" and doc.pages[0].text == md
    assert ("# Title", 1) in _blocks(doc.pages[0]) and "decompressed from gzip" in doc.notes
    # Debian's docs: changelog.Debian.gz, README.gz are text by their names
    assert file_type_for(Path("changelog.Debian.gz")) == "text" and file_type_for(Path("README.gz")) == "text"
    assert extract(Path("changelog.Debian.gz"), gzip.compress(b"pkg (1.0) unstable\n")).pages[0].text
    assert file_type_for(Path("x.tar.gz")) == "binary" and file_type_for(Path("x.svgz")) is None
    with pytest.raises(ExtractError, match="not gzip"):
        extract(Path("a.txt.gz"), b"plain text")


def test_decompression_bombs_are_refused():
    bomb = gzip.compress(b"\0" * (64 << 20))  # 64 MB of zeros in ~64 KB
    with pytest.raises(ExtractError, match="decompression bomb"):
        read_gzip(bomb, cap=32 << 20)
    with pytest.raises(ExtractError, match="decompression bomb"):
        extract(Path("a.txt.gz"), gzip.compress(b"a" * (300 << 20), compresslevel=1))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("content.xml", b" " * (40 << 20))
    with pytest.raises(ExtractError, match="decompression bomb"):
        open_zip(buf.getvalue(), "ODT", cap=16 << 20)
    with pytest.raises(ExtractError, match="decompression bomb"):  # the default limits catch it by ratio
        extract(Path("b.odt"), buf.getvalue())


def test_epub_chapters_are_pages_with_headings():
    from ebooklib import epub

    book = epub.EpubBook()
    book.set_identifier("id1")
    book.set_title("Otters")
    book.set_language("en")
    chapters = []
    for i, (head, body) in enumerate([("River otters", "They live in rivers."), ("Sea otters", "Kelp.")], 1):
        c = epub.EpubHtml(title=head, file_name=f"c{i}.xhtml", lang="en")
        c.content = f"<html><body><h1>{head}</h1><p>{body}</p></body></html>"
        book.add_item(c)
        chapters.append(c)
    book.toc = chapters
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    book.spine = chapters
    buf = io.BytesIO()
    epub.write_epub(buf, book)
    doc = extract(Path("otters.epub"), buf.getvalue())
    assert doc.file_type == "epub"
    assert [p.number for p in doc.pages] == [1, 2]
    assert _blocks(doc.pages[0]) == [("River otters", 1), ("They live in rivers.", 0)]
    assert _blocks(doc.pages[1])[0] == ("Sea otters", 1)
    with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as z:  # the chapter's XHTML as the book holds it
        [name] = [n for n in z.namelist() if n.endswith("c2.xhtml")]
        source = z.read(name).decode()
    assert "<title>" in source  # (ebooklib writes a <head>: lines above the text that a re-render would move)
    page = doc.pages[1]
    line, char = page.locate(page.text.index("Kelp"))
    assert "Kelp" in source.split("\n")[line - 1] and source[char : char + 4] == "Kelp", (line, char)
    with pytest.raises(ExtractError, match="EPUB"):
        extract(Path("bad.epub"), b"PK\x03\x04 not really")


def test_rtf():
    rtf = r"{\rtf1\ansi{\fonttbl\f0 Helvetica;}\f0\pard Hello {\b bold} otters.\par Second paragraph.\par}"
    page = extract(Path("a.rtf"), rtf.encode()).pages[0]
    assert [t for t, _ in _blocks(page)] == ["Hello bold otters.", "Second paragraph."]
    assert page.locate(page.blocks[1].start)[0] == 2
    with pytest.raises(ExtractError, match="not RTF"):
        extract(Path("a.rtf"), b"just text")


def test_a_textedit_rtf_reads_its_paragraphs_but_not_its_pictures_names():
    """TextEdit (an .rtfd bundle's TXT.rtf) ends a paragraph with a backslash at the line's end and places a picture
    as a NeXTGraphic attachment: the picture's file name is no word of the text, and its paragraph stays (empty)."""
    rtf = (
        "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n{\\fonttbl\\f0\\fswiss Helvetica;}\n"
        "\\pard\\f0\\b\\fs28 \\cf0 Plant care while we're away\\\n"
        "{{\\NeXTGraphic fern.png \\width2000 \\height1500 \\appleattachmentpadding0 \\appleaqc\n}\u00ac}"
        "\\b0\\fs24 \\\nWater the fern on Tuesday \\'96 half a jug.\\\n}"
    )
    text = extract(Path("Plants.rtfd/TXT.rtf"), rtf.encode("latin-1")).pages[0].text
    assert text.split("\n")[:3] == [
        "Plant care while we're away",
        "",
        "Water the fern on Tuesday – half a jug.",
    ]
    assert "fern.png" not in text and "¬" not in text


def _message(subject: str, body: str, attach: str | None = None) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "Ada <ada@example.org>"
    msg["To"] = "bob@example.org"
    msg["Subject"] = subject
    msg["Date"] = "Tue, 01 Dec 2026 10:00:00 +0000"
    msg.set_content(body)
    if attach:
        msg.add_attachment(attach, subtype="plain", filename="notes.txt")
        msg.add_attachment(b"\x89PNG....", maintype="image", subtype="png", filename="pic.png")
    return msg


def test_eml_headers_body_and_text_attachments():
    msg = _message("Otter survey", "Counted twelve otters.\n\nAll well.", attach="Attached count sheet.")
    page = extract(Path("m.eml"), msg.as_bytes()).pages[0]
    blocks = _blocks(page)
    assert blocks[0] == ("Otter survey", 1)
    assert "From: Ada <ada@example.org>" in blocks[1][0] and "Date:" in blocks[1][0]
    assert ("Counted twelve otters.", 0) in blocks and ("All well.", 0) in blocks
    assert ("Attachment: notes.txt", 2) in blocks and ("Attached count sheet.", 0) in blocks
    assert "PNG" not in page.text


def test_a_csv_attachments_rows_are_read_under_its_header():
    """A fixture list sent as a CSV attachment: each row says which value is what ("Half-time fruit: Campbells"), so
    a passage of rows without the header row still reads; a CSV with no header row is left as it is."""
    msg = _message("Fixtures", "The fixtures are in the attached spreadsheet.")
    table = (
        "Date,Kick-off,Opponent,Half-time fruit,Notes\n"
        "Sun 11 Apr 2027,10:00,Hatherley Colts,Ahmeds,\n"
        'Sun 16 May 2027,10:00,Marsh Green Juniors,Campbells,"PHOTO DAY, clean kit"\n'
    )
    msg.add_attachment(table, subtype="csv", filename="fixtures.csv")
    msg.add_attachment("2027-01,148.00\n2027-02,171.35\n", subtype="csv", filename="readings.csv")
    text = extract(Path("f.eml"), msg.as_bytes()).pages[0].text
    assert "Date,Kick-off,Opponent,Half-time fruit,Notes" in text  # the header row as it is
    assert (
        "Date: Sun 16 May 2027; Kick-off: 10:00; Opponent: Marsh Green Juniors; Half-time fruit: Campbells; "
        "Notes: PHOTO DAY, clean kit" in text
    )
    assert (
        "Date: Sun 11 Apr 2027; Kick-off: 10:00; Opponent: Hatherley Colts; Half-time fruit: Ahmeds\n" in text
    )
    assert "2027-01,148.00\n2027-02,171.35" in text  # no header row: bare rows


def test_emlx_and_mbox(tmp_path):
    raw = _message("Apple mail", "Body from Mail.app.").as_bytes()
    emlx = f"{len(raw)}\n".encode() + raw + b'<?xml version="1.0"?><plist><dict></dict></plist>'
    page = extract(Path("1.emlx"), emlx).pages[0]
    assert "Body from Mail.app." in page.text and "plist" not in page.text
    box = mailbox.mbox(tmp_path / "in.mbox")
    for i in range(3):
        box.add(_message(f"Message {i}", f"Body number {i}."))
    box.close()
    doc = extract(Path("in.mbox"), (tmp_path / "in.mbox").read_bytes())
    assert [p.number for p in doc.pages] == [1, 2, 3]
    assert "Body number 2." in doc.pages[2].text and _blocks(doc.pages[2])[0] == ("Message 2", 1)
    with pytest.raises(ExtractError, match="mbox"):
        extract(Path("x.mbox"), b"hello")


def test_pptx_slides_are_pages():
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    for title, bullet in (("Otters", "They hold hands."), ("Beavers", "They build dams.")):
        slide = prs.slides.add_slide(prs.slide_layouts[1])
        slide.shapes.title.text = title
        slide.placeholders[1].text_frame.text = bullet
        slide.notes_slide.notes_text_frame.text = f"Speaker note on {title.lower()}."
    table = prs.slides[1].shapes.add_table(2, 2, Inches(1), Inches(5), Inches(4), Inches(1)).table
    table.cell(0, 0).text, table.cell(0, 1).text = "kind", "count"
    buf = io.BytesIO()
    prs.save(buf)
    doc = extract(Path("deck.pptx"), buf.getvalue())
    assert doc.file_type == "pptx" and [p.number for p in doc.pages] == [1, 2]
    blocks = _blocks(doc.pages[1])
    assert blocks[0] == ("Beavers", 2) and ("They build dams.", 0) in blocks
    assert ("kind | count", 0) in blocks and ("Speaker note on beavers.", 0) in blocks


def test_xlsx_sheets_are_pages_rows_are_lines():
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Counts"
    sheet.append(["river", "otters"])
    sheet.append(["Tay", 12])
    sheet.append([None, None])
    sheet.append(["Spey", 7.0])
    book.create_sheet("Empty")
    other = book.create_sheet("Notes")
    other["B3"] = "seen at dawn"
    buf = io.BytesIO()
    book.save(buf)
    doc = extract(Path("c.xlsx"), buf.getvalue())
    assert [p.number for p in doc.pages] == [1, 3]  # the empty sheet has no page; numbers stay the sheet's
    page = doc.pages[0]
    # the header row is a heading under the sheet's name (every chunk of the sheet carries it)
    assert _blocks(page) == [("Counts", 2), ("1: river | otters", 3), ("2: Tay | 12", 0), ("4: Spey | 7", 0)]
    assert page.locate(page.text.index("4: Spey"))[0] == 4
    assert _blocks(doc.pages[1])[1] == ("3:  | seen at dawn", 0)


def _odt(content_body: str) -> bytes:
    ns = (
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/"'
    )
    content = f'<?xml version="1.0"?><office:document-content {ns}><office:body><office:text>{content_body}'
    content += "</office:text></office:body></office:document-content>"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        zf.writestr("content.xml", content)
    return buf.getvalue()


def test_odt_headings_paragraphs_tables():
    body = (
        '<text:h text:outline-level="2">Field notes</text:h>'
        '<text:p>Otters<text:s text:c="2"/>play <text:span>in</text:span> water.</text:p>'
        "<table:table><table:table-row><table:table-cell><text:p>a</text:p></table:table-cell>"
        "<table:table-cell><text:p>b</text:p></table:table-cell></table:table-row></table:table>"
    )
    page = extract(Path("n.odt"), _odt(body)).pages[0]
    assert _blocks(page) == [("Field notes", 2), ("Otters  play in water.", 0), ("a | b", 0)]
    with pytest.raises(ExtractError, match="content.xml"):
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as zf:
            zf.writestr("other.xml", "x")
        extract(Path("n.odt"), buf.getvalue())


def test_odt_footnotes_follow_their_paragraph_without_the_mark():
    body = (
        '<text:p>The hall holds 120 people.<text:note text:note-class="footnote"><text:note-citation>1'
        "</text:note-citation><text:note-body><text:p>Seated at tables: 80.</text:p></text:note-body></text:note>"
        "</text:p><text:p>Next paragraph.</text:p>"
    )
    page = extract(Path("n.odt"), _odt(body)).pages[0]
    assert _blocks(page) == [("The hall holds 120 people. Seated at tables: 80.", 0), ("Next paragraph.", 0)]


_WNS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
_RNS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def _docx_with_notes(body: str, footnotes: str | None, comments: str | None = None) -> bytes:
    """A DOCX written part by part (python-docx writes neither notes, comments nor tracked changes)."""
    rels = '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    rels += (
        f'<Relationship Id="rId1" Type="{_RNS}/officeDocument" Target="word/document.xml"/></Relationships>'
    )
    doc_rels = '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    if footnotes is not None:
        doc_rels += f'<Relationship Id="rId5" Type="{_RNS}/footnotes" Target="footnotes.xml"/>'
    if comments is not None:
        doc_rels += f'<Relationship Id="rId6" Type="{_RNS}/comments" Target="comments.xml"/>'
    doc_rels += "</Relationships>"
    wml = "application/vnd.openxmlformats-officedocument.wordprocessingml"
    types = '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    types += (
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    )
    types += '<Default Extension="xml" ContentType="application/xml"/>'
    types += f'<Override PartName="/word/document.xml" ContentType="{wml}.document.main+xml"/>'
    types += f'<Override PartName="/word/footnotes.xml" ContentType="{wml}.footnotes+xml"/>'
    types += f'<Override PartName="/word/comments.xml" ContentType="{wml}.comments+xml"/></Types>'
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("[Content_Types].xml", types)
        zf.writestr("_rels/.rels", rels)
        zf.writestr("word/_rels/document.xml.rels", doc_rels)
        zf.writestr("word/document.xml", f"<w:document {_WNS}><w:body>{body}</w:body></w:document>")
        if footnotes is not None:
            zf.writestr("word/footnotes.xml", f"<w:footnotes {_WNS}>{footnotes}</w:footnotes>")
        if comments is not None:
            zf.writestr("word/comments.xml", f"<w:comments {_WNS}>{comments}</w:comments>")
    return buf.getvalue()


def test_docx_reads_a_reviewers_comments_after_the_paragraph_they_are_made_on():
    body = (
        "<w:p><w:commentRangeStart w:id='0'/><w:r><w:t>Either party may end this agreement with 30 days' notice."
        "</w:t></w:r><w:commentRangeEnd w:id='0'/><w:r><w:commentReference w:id='0'/></w:r></w:p>"
        "<w:p><w:r><w:t>Payment is due within 14 days.</w:t></w:r></w:p>"
        "<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Deposit</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>500</w:t></w:r>"
        "<w:r><w:commentReference w:id='1'/></w:r></w:p></w:tc></w:tr></w:tbl>"
    )
    comments = (
        "<w:comment w:id='0' w:author='Priya Shah' w:initials='PS'><w:p><w:r><w:annotationRef/></w:r>"
        "<w:r><w:t>Can we make this 60 days?</w:t></w:r></w:p><w:p><w:r><w:t>Clients need time.</w:t></w:r></w:p>"
        "</w:comment><w:comment w:id='1'><w:p><w:r><w:t>Check with finance.</w:t></w:r></w:p></w:comment>"
        "<w:comment w:id='7' w:author='Tom'><w:p><w:r><w:t>Never anchored.</w:t></w:r></w:p></w:comment>"
    )
    page = extract(Path("draft.docx"), _docx_with_notes(body, None, comments)).pages[0]
    assert page.text.split("\n") == [
        "Either party may end this agreement with 30 days' notice.",
        "Priya Shah commented: Can we make this 60 days? Clients need time.",
        "Payment is due within 14 days.",
        "Deposit | 500",
        "A comment: Check with finance.",
    ]
    # a comment is cited at its paragraph's line, as the paragraph is
    assert page.locate(page.text.index("Priya"))[0] == 1 and page.locate(page.text.index("A comment"))[0] == 3
    # a comment referenced over and over is read once; a comments part that cannot be parsed loses only comments
    again = body.replace("<w:commentReference w:id='0'/>", "<w:commentReference w:id='0'/>" * 3000)
    assert extract(Path("d.docx"), _docx_with_notes(again, None, comments)).pages[0].text.count("Priya") == 1
    broken = extract(Path("d.docx"), _docx_with_notes(body, None, "<w:comment w:id='0'><w:p>")).pages[0]
    assert broken.text.split("\n")[:2] == [
        "Either party may end this agreement with 30 days' notice.",
        "Payment is due within 14 days.",
    ]


def test_docx_reads_footnotes_and_tracked_changes_as_the_document_now_reads():
    body = (
        "<w:p><w:r><w:t>The panels cost </w:t></w:r>"
        "<w:del w:id='1' w:author='A'><w:r><w:delText>4,100 pounds</w:delText></w:r></w:del>"
        "<w:ins w:id='2' w:author='A'><w:r><w:t>4,350 pounds</w:t></w:r></w:ins>"
        "<w:r><w:t>.</w:t></w:r><w:r><w:footnoteReference w:id='2'/></w:r></w:p>"
        "<w:p><w:moveFrom w:id='3' w:author='A'><w:r><w:t>Moved words. </w:t></w:r></w:moveFrom>"
        "<w:r><w:t>Second paragraph.</w:t></w:r></w:p>"
        "<w:p><w:r><w:t>Third paragraph. </w:t></w:r>"
        "<w:moveTo w:id='4' w:author='A'><w:r><w:t>Moved words.</w:t></w:r></w:moveTo></w:p>"
    )
    notes = (
        "<w:footnote w:type='separator' w:id='-1'><w:p><w:r><w:separator/></w:r></w:p></w:footnote>"
        "<w:footnote w:id='2'><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t> Including VAT at 5%.</w:t></w:r></w:p>"
        "</w:footnote>"
    )
    page = extract(Path("r.docx"), _docx_with_notes(body, notes)).pages[0]
    assert _blocks(page) == [
        ("The panels cost 4,350 pounds. Including VAT at 5%.", 0),
        ("Second paragraph.", 0),
        ("Third paragraph. Moved words.", 0),
    ]
    # a note cited again is read once: a hostile file cannot multiply a long note by citing it over and over
    again = body.replace("<w:footnoteReference w:id='2'/>", "<w:footnoteReference w:id='2'/>" * 5000)
    page = extract(Path("r.docx"), _docx_with_notes(again, notes)).pages[0]
    assert page.text.count("Including VAT") == 1
    # a notes part that cannot be parsed loses the notes, not the body
    page = extract(Path("r.docx"), _docx_with_notes(body, "<w:footnote w:id='2'><w:p>")).pages[0]
    assert _blocks(page)[0] == ("The panels cost 4,350 pounds.", 0)


def test_a_kindle_clippings_file_reads_an_entry_per_clipping_under_its_book():
    src = (
        "\ufeffThe Quiet Orchard (Mara Ellison)\r\n- Your Highlight on page 12 | Location 180-183 | Added on "
        "Monday, 3 May 2027 09:14:02\r\n\r\nPear trees want a sheltered wall and patience.\r\n==========\r\n"
        "Salt Roads (J. Okoro)\r\n- Your Note on page 14 | Location 201 | Added on Tuesday, 4 May 2027 "
        "21:03:44\r\n\r\ntry this on the south fence\r\n==========\r\n"
    )
    page = extract(Path("My Clippings.txt"), src.encode()).pages[0]
    blocks = _blocks(page)
    assert [b for b in blocks if b[1]] == [
        ("The Quiet Orchard (Mara Ellison)", 2),
        ("Salt Roads (J. Okoro)", 2),
    ]
    assert ("Pear trees want a sheltered wall and patience.", 0) in blocks
    assert not any("=====" in t for t, _ in blocks), "the separators are in no block"
    assert page.locate(page.text.index("try this"))[0] == 9
    # one separator line does not make a text file a clippings file
    one = extract(Path("n.txt"), b"Title\n- a | b\n\ntext\n==========\nmore\n").pages[0]
    assert not any(level for _, level in _blocks(one))


def test_notebook_cells_are_pages():
    nb = {
        "cells": [
            {"cell_type": "markdown", "source": ["# Analysis\n", "Otter counts by river."]},
            {
                "cell_type": "code",
                "source": "print(12)",
                "outputs": [{"output_type": "stream", "text": ["12\n"]}],
            },
            {"cell_type": "code", "source": [], "outputs": []},
        ],
        "nbformat": 4,
    }
    doc = extract(Path("a.ipynb"), json.dumps(nb).encode())
    assert [p.number for p in doc.pages] == [1, 2]
    assert _blocks(doc.pages[0]) == [("# Analysis", 1), ("Otter counts by river.", 0)]
    assert _blocks(doc.pages[1]) == [("print(12)", 0), ("12", 0)]
    with pytest.raises(ExtractError, match="notebook"):
        extract(Path("a.ipynb"), b"{not json")


def test_markdown_vault_front_matter_is_text_and_its_title_a_heading():
    src = '---\ntitle: "River Otters"\ntags: [mammals, rivers]\n---\n\nSee [[Sea Otters|the other note]].\n\n## Diet\n\nFish. #wildlife\n'
    page = extract(Path("otters.md"), src.encode()).pages[0]
    heads = [(t, level) for t, level in _blocks(page) if level]
    assert heads == [("River Otters", 1), ("## Diet", 2)]  # no setext heading from the closing ---
    assert any("tags: [mammals, rivers]" in t for t, _ in _blocks(page))
    assert page.text == src  # locations are still the file's own


def _ods(tables: str) -> bytes:
    ns = " ".join(
        f'xmlns:{p}="urn:oasis:names:tc:opendocument:xmlns:{u}:1.0"'
        for p, u in (("office", "office"), ("text", "text"), ("table", "table"))
    )
    content = f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ns} office:version="1.3">'
    content += f"<office:body><office:spreadsheet>{tables}</office:spreadsheet></office:body></office:document-content>"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        zf.writestr("content.xml", content)
    return buf.getvalue()


def _cell(text: str = "", attrs: str = "") -> str:
    body = "".join(f"<text:p>{p}</text:p>" for p in text.split("\n")) if text else ""
    return f"<table:table-cell {attrs}>{body}</table:table-cell>"


def test_ods_sheets_are_pages_rows_are_lines_as_calc_writes_them():
    # as LibreOffice Calc saves a sheet: a merged title cell (covered cells after it), a header row among the
    # header rows, values shown as formatted, an empty row, repeated cells and rows, a comment, and the million
    # empty rows Calc writes to the sheet's end
    title = _cell("Summer fair 2027", 'table:number-columns-spanned="3"') + "<table:covered-table-cell/>" * 2
    header = _cell("Stall") + _cell("Date") + _cell("Takings")
    rows = [
        _cell("Tombola")
        + _cell("Sat 12 Jun 2027", 'office:value-type="date" office:date-value="2027-06-12"')
        + _cell("£1,250.00", 'office:value-type="currency" office:currency="GBP" office:value="1250"'),
        _cell("Cakes")
        + _cell("", 'table:number-columns-repeated="1"')
        + _cell("", 'office:value-type="float" office:value="312.5"'),
        _cell("Raffle\nsecond line")
        + "<table:table-cell><office:annotation><text:p>ask Jo</text:p></office:annotation><text:p>n/a</text:p>"
        "</table:table-cell>",
    ]
    sheet = (
        '<table:table table:name="Stalls"><table:table-column table:number-columns-repeated="3"/>'
        f"<table:table-row>{title}</table:table-row>"
        f"<table:table-header-rows><table:table-row>{header}</table:table-row></table:table-header-rows>"
        f"<table:table-row>{rows[0]}</table:table-row>"
        '<table:table-row table:number-rows-repeated="2">' + _cell("", 'table:number-columns-repeated="1024"')
        + "</table:table-row>"
        f"<table:table-row-group><table:table-row>{rows[1]}</table:table-row>"
        f'<table:table-row table:number-rows-repeated="2">{rows[2]}</table:table-row></table:table-row-group>'
        '<table:table-row table:number-rows-repeated="1048570">'
        + _cell("", 'table:number-columns-repeated="1024"') + "</table:table-row></table:table>"
    )  # fmt: skip
    empty = (
        '<table:table table:name="Empty"><table:table-row><table:table-cell/></table:table-row></table:table>'
    )
    notes = (
        '<table:table table:name="Notes"><table:table-row>'
        + _cell("", 'table:number-columns-repeated="2"') + _cell("seen at dawn") + "</table:table-row>"
        "<table:table-row>" + _cell("", 'table:number-columns-repeated="999999999"') + _cell("lost")
        + "</table:table-row></table:table>"
    )  # fmt: skip
    doc = extract(Path("fair.ods"), _ods(sheet + empty + notes))
    assert doc.file_type == "ods" and [p.number for p in doc.pages] == [1, 3]
    page = doc.pages[0]
    assert _blocks(page) == [
        ("Stalls", 2),
        ("1: Summer fair 2027", 3),
        ("2: Stall | Date | Takings", 3),
        ("3: Tombola | Sat 12 Jun 2027 | £1,250.00", 0),
        ("6: Cakes |  | 312.5", 0),  # no paragraph: the cell's value
        ("7: Raffle second line | n/a", 0),  # the comment left out
        ("8: Raffle second line | n/a", 0),
    ]
    assert page.locate(page.text.index("6: Cakes"))[0] == 5
    # a billion empty cells stand for at most a sheet's columns (16,384): a value after them is past the last
    assert _blocks(doc.pages[1]) == [("Notes", 2), ("1:  |  | seen at dawn", 0)]


def test_a_damaged_ods_is_a_clear_error():
    with pytest.raises(ExtractError, match="not valid XML"):
        extract_ods(_ods("<table:table><table:table-row>"))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
    with pytest.raises(ExtractError, match="no content.xml"):
        extract_ods(buf.getvalue())
    with pytest.raises(ExtractError, match="no values"):
        extract_ods(_ods('<table:table table:name="A"/>'))


def test_an_ods_row_repeated_past_the_cap_is_read_that_many_times_and_noted():
    from engine.index.readers.opendocument import MAX_REPEATS

    row = '<table:table-row table:number-rows-repeated="5000">' + _cell("same") + "</table:table-row>"
    pages, notes = extract_ods(_ods(f'<table:table table:name="A">{row}{row}</table:table>'))
    lines = pages[0].text.split("\n")
    assert len(lines) == 1 + 2 * MAX_REPEATS and lines[-1] == f"{5000 + MAX_REPEATS}: same"
    assert notes == ("sheet 'A': row 1, repeated 5000 times, was read 1000 times",
                     "sheet 'A': row 5001, repeated 5000 times, was read 1000 times")  # fmt: skip


def _cv_docx() -> bytes:
    """A CV laid out as most are: a two-column table, dates beside each job and its bullet points; skills in a
    table of two columns with no header row."""
    import docx

    d = docx.Document()
    d.add_paragraph("Priya Raman", style="Title")
    d.add_paragraph("Experience", style="Heading 1")
    jobs = d.add_table(rows=0, cols=2)
    for when, title, bullets in [
        (
            "2021 – present",
            "Senior Engineer, Severn Estuary Partnership",
            ["Lead a team of six (£38m)", "Drone surveys"],
        ),
        ("2016 – 2021", "Project Engineer, Halcrow Marsh Ltd", ["Culvert repairs for 14 bridges"]),
    ]:
        cells = jobs.add_row().cells
        cells[0].text, cells[1].text = when, title
        for b in bullets:
            cells[1].add_paragraph(b, style="List Bullet")
    cells = jobs.add_row().cells  # a title and its employer as two plain paragraphs, then a sentence
    cells[0].text, cells[1].text = "2012 – 2016", "MEng Civil Engineering"
    cells[1].add_paragraph("University of Bath")
    cells[1].add_paragraph("First class. Thesis on scour at bridge piers.")
    skills = d.add_table(rows=2, cols=2)
    skills.cell(0, 0).text, skills.cell(0, 1).text = "Software", "AutoCAD Civil 3D, HEC-RAS, Python"
    skills.cell(1, 0).text, skills.cell(1, 1).text = "Languages", "English, Tamil"
    d.add_paragraph("References available on request.")
    out = io.BytesIO()
    d.save(out)
    return out.getvalue()


def test_a_docx_table_used_for_layout_reads_a_paragraph_a_line_at_its_row_number():
    page = extract(Path("cv.docx"), _cv_docx()).pages[0]
    lines = page.text.split("\n")
    assert lines[2:6] == ["2021 – present | Senior Engineer, Severn Estuary Partnership",
                          "Lead a team of six (£38m)", "Drone surveys",
                          "2016 – 2021 | Project Engineer, Halcrow Marsh Ltd"]  # fmt: skip
    assert "Software | AutoCAD Civil 3D, HEC-RAS, Python" in lines  # no paragraphs in its cells: a row a line
    # a cell's leading paragraphs that are no sentences and no list items are its head, in the row's line
    assert lines[7:9] == ["2012 – 2016 | MEng Civil Engineering, University of Bath",
                          "First class. Thesis on scour at bridge piers."]  # fmt: skip
    # every text line keeps the number of its paragraph or row, as before: the first job's row is line 3 in all
    numbers = [page.locate(page.text.index(x))[0] for x in lines if x]
    assert numbers == [1, 2, 3, 3, 3, 4, 4, 5, 5, 6, 7, 8]
    assert page.line_range(page.text.index("Lead a team"), page.text.index("Drone surveys") + 5) == (3, 3)
    # with no layout table the page has no anchors (its lines are its text's)
    plain = extract(Path("p.docx"), _docx_with_notes("<w:p><w:r><w:t>One.</w:t></w:r></w:p>", None)).pages[0]
    assert plain.anchors == ()


def test_odt_reads_as_it_now_reads_with_comments_on_lines_of_their_own():
    body = (
        "<text:tracked-changes><text:changed-region text:id='ct1'><text:deletion><office:change-info>"
        "<dc:creator>Priya Shah</dc:creator><dc:date>2027-01-05T10:00:00</dc:date></office:change-info>"
        "<text:p>950 pounds</text:p></text:deletion></text:changed-region></text:tracked-changes>"
        "<text:p>The rent is <text:change text:change-id='ct1'/>975 pounds a month.</text:p>"
        "<text:p>Either party may end it with <office:annotation><dc:creator>Priya Shah</dc:creator>"
        "<dc:date>2027-01-05T10:02:00</dc:date><text:p>Can we make this 60 days?</text:p></office:annotation>"
        "30 days' notice.<office:annotation-end/></text:p>"
        "<text:p>Keys are returned to the agent.<office:annotation><text:p>Which agent?</text:p>"
        "</office:annotation></text:p>"
    )
    page = extract(Path("lease.odt"), _odt(body)).pages[0]
    assert page.text.split("\n") == [
        "The rent is 975 pounds a month.",
        "Either party may end it with 30 days' notice.",
        "Priya Shah commented: Can we make this 60 days?",
        "Keys are returned to the agent.",
        "A comment: Which agent?",
    ]
