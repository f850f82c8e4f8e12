"""A researcher's, a planner's and a browser's files: an RIS reference library read a reference a record (its people,
year and title, then its fields), an Obsidian canvas read a group at a time with its cards and then its arrows, and a
browser's exported bookmarks read a folder at a time, each bookmark with its address and the day it was added. Each
is made here in its real on-disk form and read through the indexer's own entry point; citations name the file's
lines."""

from __future__ import annotations

import json

from engine.index import extract, file_type_for
from engine.index.options import reader_tag
from tests.engine.index.reading_helpers import cited as _cited
from tests.engine.index.reading_helpers import line_of as _line_of
from tests.engine.index.reading_helpers import read_named as _read

RIS = (
    "TY  - JOUR\r\nAU  - Okafor, Ngozi\r\nAU  - Marsh, T.\r\nTI  - Street trees and urban heat in Leeds\r\n"
    "T2  - Urban Ecology\r\nPY  - 2019\r\nDA  - 2019/03/14/\r\nVL  - 12\r\nIS  - 3\r\nSP  - 45\r\nEP  - 67\r\n"
    "DO  - 10.1000/ue.2019.12\r\nKW  - urban heat\r\nKW  - trees\r\n"
    "AB  - We measured 14 streets; canopy cut surface\r\n temperature by 3.1 C.\r\n"
    "N1  - <p>Good for chapter 2 &amp; the methods.</p>\r\nER  - \r\n"
    "TY  - BOOK\r\nAU  - Hale, Ruth\r\nTI  - Cities in Summer\r\nPB  - Northern Press\r\nCY  - York\r\nPY  - 2021\r\n"
    "ER  - \r\n"
)


def test_an_ris_library_reads_a_reference_a_record_cited_at_its_lines():
    doc = _read("thesis.ris", RIS)
    assert doc.file_type == "ris"
    page = doc.pages[0]
    text = page.text
    assert "Ngozi Okafor and T. Marsh (2019). Street trees and urban heat in Leeds." in text
    assert "A journal article, dated 14 March 2019." in text
    thesis = _read(
        "t.ris",
        "TY  - THES\nAU  - Gale, A.\nTI  - Shade\nM3  - PhD thesis\nPB  - University of York\nER  - \n",
    )
    assert "A thesis (PhD thesis)." in thesis.pages[0].text
    assert "Journal: Urban Ecology, volume 12, issue 3, pages 45–67." in text
    assert "Keywords: urban heat, trees." in text
    assert (
        "Abstract: We measured 14 streets; canopy cut surface temperature by 3.1 C." in text
    )  # a value going on
    assert "Note: Good for chapter 2 & the methods." in text  # Zotero's HTML note read
    assert "Ruth Hale (2021). Cities in Summer." in text and "Publisher: Northern Press." in text
    assert "AU  -" not in text and "ER  -" not in text
    assert _cited(page, "Urban Ecology")[0] == _line_of(RIS, "T2  - Urban")
    assert _cited(page, "Good for chapter 2")[0] == _line_of(RIS, "N1  -")
    assert _cited(page, "Cities in Summer")[0] == _line_of(RIS, "TI  - Cities")
    assert [t for _, t in page.trails] == ["Street trees and urban heat in Leeds", "Cities in Summer"]
    plain = _read("notes.ris", "Not a reference list at all.\n")
    assert plain.pages[0].text.startswith("Not a reference list")


CANVAS = """{
\t"nodes":[
\t\t{"id":"g1","type":"group","x":0,"y":0,"width":600,"height":400,"label":"Money"},
\t\t{"id":"a1","type":"text","text":"## Mortgage\\n- [x] Offer from **Leeds BS**\\n- [ ] Send the survey to [[Solicitor|Jo Pike]]","x":20,"y":20,"width":250,"height":120},
\t\t{"id":"a2","type":"file","file":"Notes/Budget.md","x":300,"y":20,"width":250,"height":60},
\t\t{"id":"a3","type":"link","url":"https://example.com/stamp-duty","x":20,"y":200,"width":250,"height":60},
\t\t{"id":"b1","type":"text","text":"Removal van booked for 3 May","x":700,"y":0,"width":250,"height":60}
\t],
\t"edges":[
\t\t{"id":"e1","fromNode":"a1","fromSide":"right","toNode":"b1","toSide":"left","label":"only after exchange"}
\t]
}
"""


def test_a_canvas_reads_each_group_with_its_cards_then_its_arrows():
    doc = _read("Moving house.canvas", CANVAS)
    assert doc.file_type == "canvas"
    page = doc.pages[0]
    lines = page.text.splitlines()
    # a card in no group first; then the group with the cards inside its box, in reading order, each card a
    # paragraph (a chunk) of its own whose first line names its group
    assert [x for x in lines if x][:7] == ["Removal van booked for 3 May.", "Group: Money.", "Money › Mortgage.",
                                           "done: Offer from Leeds BS.", "still to do: Send the survey to Jo Pike.",
                                           "Money › File: Notes/Budget.md.",
                                           "Money › Link: https://example.com/stamp-duty."]  # fmt: skip
    assert "\n\nMoney › File: Notes/Budget.md." in page.text
    assert "Mortgage → Removal van booked for 3 May: only after exchange." in lines
    assert _cited(page, "Jo Pike")[0] == _line_of(CANVAS, '"id":"a1"')  # the card's JSON line
    assert _cited(page, "only after exchange")[0] == _line_of(CANVAS, '"id":"e1"')
    assert '"text"' not in page.text
    assert json.loads(CANVAS)  # the fixture is the JSON Obsidian writes
    assert "not json" in _read("broken.canvas", "not json {").pages[0].text


BOOKMARKS = """<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file. -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3 ADD_DATE="1700000000">Favorites</H3>
    <DL><p>
        <DT><A HREF="https://www.bbc.co.uk/weather" ADD_DATE="1700000000">BBC Weather</A>
    </DL><p>
    <DT><H3>House</H3>
    <DL><p>
        <DT><H3>Garden</H3>
        <DL><p>
            <DT><A HREF="https://example.com/heaters" ADD_DATE="1805097600" TAGS="garden,winter">Greenhouse heaters compared</A>
            <DD>Paraffin is cheapest to run but needs venting &amp; a frost stat.
        </DL><p>
        <DT><A HREF="https://example.com/boiler" ADD_DATE="13370000000000000">Boiler manual</A>
    </DL><p>
</DL><p>
"""


def test_exported_bookmarks_read_a_folder_at_a_time_with_addresses_and_days():
    doc = _read("bookmarks.html", BOOKMARKS)
    assert doc.file_type == "bookmarks"
    page = doc.pages[0]
    text = page.text
    assert "Folder: Bookmarks › House › Garden." in text
    assert ("Greenhouse heaters compared: https://example.com/heaters (folder: House › Garden; added Monday 15 March "
            "2027; tags: garden, winter).") in text  # fmt: skip
    assert "Paraffin is cheapest to run but needs venting & a frost stat." in text
    # a WebKit time (microseconds since 1601) read as the day it is
    assert (
        "Boiler manual: https://example.com/boiler (folder: House; added Thursday 5 September 2024)." in text
    )
    assert _cited(page, "Paraffin")[0] == _line_of(BOOKMARKS, "<DD>Paraffin")
    assert _cited(page, "heaters compared")[0] == _line_of(BOOKMARKS, "heaters compared")
    assert [t for _, t in page.trails][:2] == ["Bookmarks › Favorites", "Bookmarks › House › Garden"]
    # an ordinary web page is still read as one; a bookmarks file's reader version is its content hash's
    assert _read("page.html", "<html><body><p>Hello there.</p></body></html>").file_type == "html"
    assert b"bookmarks" in reader_tag("html", ".html")


def test_a_bookmark_s_sentence_is_cited_at_its_own_line(tmp_path):
    from engine.rag.citations import quote_lines
    from engine.rag.sources import Source

    path = tmp_path / "bookmarks.html"
    path.write_text(BOOKMARKS)
    page = extract(path, path.read_bytes(), file_type_for(path)).pages[0]
    src = Source(1, page.text, str(path), line_start=1, line_end=len(BOOKMARKS.splitlines()), char_start=0)
    at = page.text.index("Paraffin")
    # the page is read again and the stretch found through its anchors (not by counting the text's newlines)
    assert quote_lines(src, at, at + 8) == (_line_of(BOOKMARKS, "<DD>Paraffin"),) * 2


def test_hostile_libraries_and_boards_read_in_linear_time():
    import time

    t = time.perf_counter()
    long_value = "TY  - JOUR\nAB  - start\n" + "and more words\n" * 200_000 + "ER  - \n"
    page = _read("long.ris", long_value).pages[0]
    assert "Abstract: start and more words" in page.text
    nodes = [{"id": f"g{k}", "type": "group", "x": 0, "y": k, "width": 10, "height": 10, "label": f"G{k}"}
             for k in range(5000)]  # fmt: skip
    nodes += [{"id": f"c{k}", "type": "text", "text": f"card {k}", "x": 1, "y": k, "width": 2, "height": 2}
              for k in range(5000)]  # fmt: skip
    board = _read("big.canvas", json.dumps({"nodes": nodes, "edges": []})).pages[0]
    assert "card 4999." in board.text and "G0 › card 0." in board.text
    assert time.perf_counter() - t < 20


def test_bookmarks_nested_without_end_read_in_linear_time():
    import time

    deep = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n" + "<DT><H3>F</H3>\n<DL><p>\n" * 20_000
    deep += '<DT><A HREF="https://example.com/x">X</A>\n' * 20_000
    t = time.perf_counter()
    page = _read("deep.html", deep).pages[0]
    assert "X: https://example.com/x" in page.text and time.perf_counter() - t < 20
    # the folder path stops at its deepest level read
    assert max(line.count("F › ") for line in page.text.splitlines()) <= 64
