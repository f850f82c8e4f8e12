"""Word 97-2003 documents (engine.index.readers.worddoc) and Excel 97-2003 workbooks (office.extract_xls) through
the real extractor, on files LibreOffice 7.4 wrote (tests/data/office97/README.md): ``rules.doc`` from a DOCX python-docx made (a heading, paragraphs, a table, accents and
typographic quotes), ``notes.doc`` from ``notes.fodt`` (a footnote, a comment, a hyperlink field, a running header and
a footer with a page-number field), whose expected text is what antiword 0.37 shows of them, a paragraph a line, a
table a row a line, headers and footers left out; ``budget.xls``, read as its XLSX is; damaged files get a reason."""

import io
import struct
from pathlib import Path

import olefile
import pytest

from engine.index.document import ExtractError
from engine.index.extraction import extract

DATA = Path(__file__).resolve().parents[2] / "data" / "office97"


def _text(name: str) -> list[str]:
    path = DATA / name
    doc = extract(path, path.read_bytes())
    assert doc.file_type == "docx"  # stored as a DOCX is: its lines are paragraphs
    return doc.pages[0].text.split("\n")


def test_a_doc_reads_a_paragraph_a_line_and_a_table_a_row_a_line():
    assert _text("rules.doc") == [
        "Allotment society: rules for plot holders",
        "Every plot holder pays the annual rent of £42 by 31 March. Plots left uncultivated for three months may be "
        "re-let.",
        "Bonfires are allowed only between 1 October and 31 March, and never on Sundays.",
        "Plot size | Rent | Water",
        "Half plot | £24 | included",
        "Full plot | £42 | £6 extra",
        "Questions go to the secretary, Mrs Okafor, on 01632 960 555.",
        "Überprüfung der Wasserhähne: jährlich. Ça va – “quoted” text…",
    ]


def test_a_docs_footnotes_and_comments_follow_its_text_without_its_header_and_footer():
    lines = _text("notes.doc")
    assert lines == [
        "Minutes of the committee, 4 May 2027",
        "The boat shed roof will be repaired by Castle Roofing for £3,150, starting on Monday 14 June.",
        "Members can book the minibus on the club website.",  # a hyperlink field: its words, not its code
        "Next meeting: Tuesday 1 June at 19:30.",
        "Quote received on 28 April, valid for 60 days.",  # the footnote
        "Check the insurance covers drivers under 25.",  # the comment
    ]
    assert not any("confidential" in line or "Page" in line for line in lines)


def test_a_damaged_or_foreign_doc_gets_a_reason():
    with pytest.raises(ExtractError, match="DOC file is damaged"):
        extract(Path("x.doc"), b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1 then nothing of a compound file" * 20)
    with pytest.raises(ExtractError, match="binary, not text"):
        extract(Path("x.doc"), b"\x00\x01\x02 neither OLE nor zip" * 20)
    data = (DATA / "rules.doc").read_bytes()
    with pytest.raises(ExtractError, match="damaged"):
        extract(Path("cut.doc"), data[: len(data) // 3])
    # a Word 6 file, and an encrypted one, by their File Information Block
    ole = olefile.OleFileIO(io.BytesIO(data))
    word = ole.openstream("WordDocument").read()
    ole.close()
    patched = bytearray(data)
    at = data.index(word[:64])
    struct.pack_into("<H", patched, at, 0xA5DC)  # Word 6's identifier
    with pytest.raises(ExtractError, match="Word 6 or 95"):
        extract(Path("old.doc"), bytes(patched))
    struct.pack_into("<H", patched, at, 0xA5EC)
    struct.pack_into("<H", patched, at + 0x0A, struct.unpack_from("<H", word, 0x0A)[0] | 0x0100)
    with pytest.raises(ExtractError, match="password"):
        extract(Path("locked.doc"), bytes(patched))


def test_an_xls_workbook_reads_as_an_xlsx_one_a_sheet_a_page_a_row_a_line():
    path = DATA / "budget.xls"
    doc = extract(path, path.read_bytes())
    assert doc.file_type == "xlsx" and doc.notes == ()
    assert [p.text.split("\n") for p in doc.pages] == [
        ["Budget 2027", "1: Month | Category | Budgeted | Spent | Paid on",
         "2: January | Utilities | 148 | 171.35 | 2027-01-14",
         "3: January | Groceries | 420 | 398.2 | 2027-01-31",
         "4: February | Utilities | 148 | Utilities"],  # the formula's value LibreOffice saved
        ["Notes", "1: Boiler service booked with Hearth & Home for 9 Feb", "2: True | #DIV/0!"],
    ]  # fmt: skip
    # the same rows as the XLSX reader gives the workbook it was made from (which holds no formula values)
    xlsx = DATA / "budget.xlsx"
    first = extract(xlsx, xlsx.read_bytes()).pages[0].text.split("\n")
    assert first[:4] == doc.pages[0].text.split("\n")[:4]


def test_an_xls_that_is_a_web_page_or_tab_separated_text_is_read_as_one():
    html = b"<html><body><table><tr><th>Date</th><th>Amount</th></tr><tr><td>01/03/2027</td><td>-985.40</td></tr></table>"
    doc = extract(Path("Statement.xls"), html)
    assert doc.file_type == "html" and "985.40" in doc.pages[0].text
    doc = extract(Path("export.xls"), b"Date\tPayee\tAmount\n01/03/2027\tLEEWOOD BS\t-985.40\n")
    assert doc.file_type == "csv" and "LEEWOOD BS" in doc.pages[0].text
    with pytest.raises(ExtractError, match="XLS file is damaged"):
        extract(Path("cut.xls"), (DATA / "budget.xls").read_bytes()[:3000])


def test_a_ppt_reads_a_slide_a_page_its_title_text_and_notes():
    path = DATA / "hall.ppt.gz"  # gzipped: LibreOffice's thumbnail is most of the file
    doc = extract(path, path.read_bytes())
    assert doc.file_type == "pptx"
    assert [(p.number, p.text.split("\n")) for p in doc.pages] == [
        (1, ["Village hall renovation", "Kickoff meeting, Tuesday 9 March 2027",
             "Budget: £48,000 agreed by the trustees", "Notes", "Remind everyone the grant deadline is 30 April."]),
        (2, ["Timetable", "Stage", "Dates", "Roof", "May to June", "Kitchen", "July"]),  # a table's cells in turn
        (3, ["Next steps", "Ask three builders for quotes", "Book the structural survey"]),
    ]  # fmt: skip
    # the same slides' text as the PPTX it was made from gives, titles first
    pptx = DATA / "hall.pptx"
    for old, new in zip(doc.pages, extract(pptx, pptx.read_bytes()).pages, strict=True):
        assert old.text.split("\n")[0] == new.text.split("\n")[0]


def test_an_old_office_name_on_another_format_reads_as_that_format():
    doc = extract(Path("letter.doc"), b"{\\rtf1\\ansi Dear Mrs Okafor,\\par the plot is yours.\\par}")
    assert doc.file_type == "rtf" and "the plot is yours" in doc.pages[0].text
    doc = extract(Path("report.doc"), b"<html><body><p>Minutes of the AGM</p></body></html>")
    assert doc.file_type == "html" and "Minutes of the AGM" in doc.pages[0].text
    with pytest.raises(ExtractError, match="PPT file is damaged"):
        extract(Path("deck.ppt"), b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1 not really" * 40)
    # an XLSX named .xls is read as the XLSX it is
    xlsx_bytes = (DATA / "budget.xlsx").read_bytes()
    assert extract(Path("budget.xls"), xlsx_bytes).pages[0].text.startswith("Budget 2027")


def test_a_piece_table_that_claims_more_text_than_the_file_holds_is_refused():
    # a hostile file: every piece of a long table points at the whole stream, so its text would be far larger than
    # the file; it is refused before any of it is built
    from engine.index.readers import worddoc

    word = bytearray(0x200)
    struct.pack_into("<II", word, worddoc._FC_CLX, 0, 5 + 4 * 1001 + 8 * 1000)
    plc = struct.pack("<1001I", *[k * 0x10000 for k in range(1001)]) + b"\0\0" + b"\0" * (8 * 1000 - 2)
    table = b"\x02" + struct.pack("<I", len(plc)) + plc
    with pytest.raises(ExtractError, match="piece table is damaged"):
        worddoc._text(bytes(word), table)


def test_a_slide_list_naming_one_slide_many_times_reads_it_once():
    import gzip

    from engine.index.readers import powerpoint97 as ppt

    data = gzip.decompress((DATA / "hall.ppt.gz").read_bytes())
    with olefile.OleFileIO(io.BytesIO(data)) as ole:
        stream = bytearray(ole.openstream("PowerPoint Document").read())
        user = ole.openstream("Current User").read()
    places, document = ppt._persist(bytes(stream), user)
    atoms = [pos for list_at, instance, kind, _ in ppt._children(bytes(stream), places[document])
             if kind == ppt.SLIDE_LIST and instance == 0
             for pos, _, child, _ in ppt._children(bytes(stream), list_at) if child == ppt.SLIDE_PERSIST]  # fmt: skip
    first = struct.unpack_from("<I", stream, atoms[0] + 8)[0]
    for at in atoms[1:]:  # every slide of the list names the first slide's container
        struct.pack_into("<I", stream, at + 8, first)
    pages = ppt._pages(bytes(stream), user, lambda: None)
    assert [p.number for p in pages] == [1] and pages[0].text.startswith("Village hall renovation")
