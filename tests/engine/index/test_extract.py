"""Extraction keeps exact locations for every format."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.index.extraction import ExtractError, extract, file_type_for, looks_binary
from tests.engine.index.index_fakes import make_docx, make_pdf


def _texts(page):
    return [page.text[b.start : b.end] for b in page.blocks]


def test_plain_text_blocks_are_exact_spans_with_lines():
    src = "First para line one\nline two\n\n\n  Second para\n\nThird\n"
    doc = extract(Path("notes.txt"), src.encode())
    page = doc.pages[0]
    assert page.text == src
    assert _texts(page) == ["First para line one\nline two", "Second para", "Third"]
    b = page.blocks[1]
    assert page.locate(b.start) == (5, src.index("Second"))
    assert page.locate(page.blocks[2].start)[0] == 7


def test_html_text_wrapped_over_source_lines_locates_each_line():
    # one text node (a paragraph wrapped by the page's author) spans several file lines: a word on its third line
    # is located on that line, not the paragraph's first, so a citation names the line the reader looks for
    src = (
        "<html><body>\n<p>Valgrind is licensed under the GPL.  The\n"
        "   <code>valgrind/*.h</code> headers are\n"
        "distributed under a BSD-style license, so you may\n"
        "  include them in your code &amp; tests.</p>\n</body></html>\n"
    )
    page = extract(Path("intro.html"), src.encode()).pages[0]
    assert page.text.startswith(
        "Valgrind is licensed under the GPL. The valgrind/*.h headers are distributed"
    )
    for word, line in [("Valgrind", 2), ("The", 2), ("valgrind/", 3), ("headers", 3), ("distributed", 4),
                       ("include", 5), ("tests.", 5)]:  # fmt: skip
        assert page.locate(page.text.index(word))[0] == line, word
    for word in (
        "Valgrind",
        "valgrind/",
        "distributed",
        "include",
    ):  # a line's first word: its exact character
        char = page.locate(page.text.index(word))[1]
        assert src[char : char + len(word)] == word, word


def test_markdown_headings_ignore_code_fences_and_read_setext():
    src = "# Title\n\nIntro text.\n\n```\n# not a heading\n```\n\nSub\n---\n\nBody.\n\n## Deeper\n\nMore.\n"
    page = extract(Path("a.md"), src.encode()).pages[0]
    heads = [(page.text[b.start : b.end], b.heading_level) for b in page.blocks if b.heading_level]
    assert heads == [("# Title", 1), ("Sub\n---", 2), ("## Deeper", 2)]
    assert any("# not a heading" in t for t in _texts(page))


def test_rst_underlined_titles_get_levels_by_first_use():
    src = "Top\n===\n\nText.\n\nSection\n-------\n\nMore text.\n\nOther\n=====\n"
    page = extract(Path("a.rst"), src.encode()).pages[0]
    assert [b.heading_level for b in page.blocks] == [1, 0, 2, 0, 1]


ADOC = """= Lumen Guide
Ada Lee <ada@example.org>
:version: 2.3.1

// a comment line
Lumen renames photos by date.

== Install
[source,shell]
----
pip install lumen
== not a title
----
NOTE: Needs Python 3.10.

[IMPORTANT]
====
Back up your photos first.
----
rm -rf x
----
====

////
hidden comment
== nor this
////

=== Options
"""


def test_asciidoc_titles_are_headings_and_delimited_blocks_stand_apart():
    assert file_type_for(Path("guide.adoc")) == file_type_for(Path("g.asciidoc")) == "asciidoc"
    doc = extract(Path("guide.adoc"), ADOC.encode())
    page = doc.pages[0]
    assert doc.file_type == "asciidoc" and page.text == ADOC  # every line keeps its number
    assert [(page.text[b.start : b.end], b.heading_level) for b in page.blocks] == [
        ("= Lumen Guide", 1),
        ("Ada Lee <ada@example.org>\n:version: 2.3.1", 0),
        ("Lumen renames photos by date.", 0),  # the comment line is in no block
        ("== Install", 2),
        ("pip install lumen\n== not a title", 0),  # a listing: no title inside; its fences in no block
        ("NOTE: Needs Python 3.10.", 0),  # the prose after a listing is not glued to it
        ("Back up your photos first.", 0),  # an admonition's example block and the listing inside it
        ("rm -rf x", 0),
        ("=== Options", 3),  # the comment block is in no block
    ]
    # a listing never closed runs to the end, and nothing in it is a title
    page = extract(Path("a.adoc"), b"Intro.\n\n----\n== code\n").pages[0]
    assert [b.heading_level for b in page.blocks] == [0, 0]


def test_html_visible_text_maps_back_to_source_lines():
    src = (
        "<html><head><title>T</title><style>p {color: red}</style></head>\n<body>\n<h1>Big &amp; bold</h1>\n"
        "<p>First\n   paragraph here.</p>\n<script>var x = 'hidden';</script>\n<p>Second <b>one</b></p>\n</body></html>"
    )
    page = extract(Path("a.html"), src.encode()).pages[0]
    texts = _texts(page)
    assert texts == ["T", "Big & bold", "First paragraph here.", "Second one"]  # the <title> is kept
    assert [b.heading_level for b in page.blocks] == [0, 1, 0, 0]
    assert "hidden" not in page.text and "color" not in page.text
    line, char = page.locate(page.blocks[2].start)
    assert line == 4 and src[char:].startswith("First")
    line, char = page.locate(page.blocks[3].start)
    assert line == 7 and src[char:].startswith("Second")


def test_a_headings_permalink_mark_is_not_part_of_it():
    """Sphinx and MkDocs end each heading with a link to itself whose text is "¶"; read, "Versions¶" headed every
    chunk of its section. A link's words, and a mark that is no permalink's, stay."""
    src = (
        '<h2>Versions<a class="headerlink" href="#versions" title="Permalink">¶</a></h2>\n'
        '<h3>Notes<a href="#notes">§</a></h3>\n<p>See <a href="#versions">Versions</a> and the ¶ sign.</p>'
    )
    page = extract(Path("p.html"), src.encode()).pages[0]
    assert _texts(page) == ["Versions", "Notes", "See Versions and the ¶ sign."]


def test_pdf_pages_are_numbered():
    data = make_pdf([["Alpha page text", "more alpha"], [], ["Gamma is on page three"]])
    doc = extract(Path("a.pdf"), data)
    assert doc.file_type == "pdf"
    assert [p.number for p in doc.pages] == [1, 3]  # an empty page has no text and no blocks
    assert "Gamma is on page three" in doc.pages[1].text


def test_docx_headings_and_paragraph_numbers(tmp_path):
    path = tmp_path / "a.docx"
    make_docx(path, [("Report", 1), ("The first paragraph.", 0), ("Details", 2), ("Second paragraph.", 0)])
    page = extract(path, path.read_bytes()).pages[0]
    assert [(page.text[b.start : b.end], b.heading_level) for b in page.blocks] == [
        ("Report", 1), ("The first paragraph.", 0), ("Details", 2), ("Second paragraph.", 0),
    ]  # fmt: skip
    assert page.locate(page.blocks[3].start)[0] == 4  # a "line" is a paragraph number


def test_csv_rows_are_blocks_with_their_line_numbers():
    src = "name,city\nAda,London\nGrace,Arlington\n"
    page = extract(Path("a.csv"), src.encode()).pages[0]
    assert _texts(page) == ["name,city", "Ada,London", "Grace,Arlington"]
    assert page.locate(page.blocks[2].start)[0] == 3


@pytest.mark.parametrize(
    ("encoding", "text"),
    [("latin-1", "Café crème brûlée, façade naïve, über alles.\n" * 20), ("utf-16", "Grüße aus Köln — ça va?\n" * 10),
     ("cp1252", "“Smart quotes” – and a euro sign € in Windows text.\n" * 20)],
)  # fmt: skip
def test_any_text_encoding(encoding, text):
    doc = extract(Path("x.txt"), text.encode(encoding))
    assert doc.pages[0].text == text
    assert doc.encoding is not None and doc.notes


def test_binary_detection_and_types():
    assert looks_binary(b"\x00\x01\x02ELF" * 100)
    assert not looks_binary("plain text é".encode())
    assert file_type_for(Path("x.PNG")) == "image" and file_type_for(Path("x.ZIP")) == "binary"
    assert file_type_for(Path("README")) == "text"
    assert file_type_for(Path("a.py")) == "code" and file_type_for(Path("weird.xyz")) is None
    with pytest.raises(ExtractError, match="binary"):
        extract(Path("fake.txt"), b"\x7fELF\x00\x00\x00" + bytes(range(256)) * 10)
    with pytest.raises(ExtractError, match="empty"):
        extract(Path("e.md"), b"")


MAN = (
    "WATCH(1)                         User Commands                        WATCH(1)\n\n"
    "NAME\n       watch - execute a program periodically, showing output fullscreen\n\n"
    "DESCRIPTION\n       watch runs command repeatedly, displaying its output and errors (the\n"
    "       first screenfull).\n\n"
    "EXIT STATUS\n       0      Success.\n\n"
    "procps-ng                         2021-04-24                          WATCH(1)\n"
)


def test_a_manual_page_as_text_has_sections_and_no_header_or_footer_in_any_block():
    page = extract(Path("watch.1.txt"), MAN.encode()).pages[0]
    heads = [page.text[b.start : b.end] for b in page.blocks if b.heading_level]
    assert heads == ["NAME", "DESCRIPTION", "EXIT STATUS"]
    texts = _texts(page)
    assert not any("WATCH(1)" in t for t in texts), "the header and the footer are furniture"
    assert page.text == MAN, "the text keeps every line, so line numbers hold"
    plain = extract(Path("notes.txt"), b"NOTES\n\n  Buy milk.\n").pages[0]
    assert not any(b.heading_level for b in plain.blocks), "only a manual page's sections are headings"


CHAT = (
    "[23/08/2027, 19:02:11] Grandad's 80th: \u200eMessages and calls are end-to-end encrypted.\n"
    "[23/08/2027, 19:03:40] Jo Hartley: Right, you lot! Dad turns 80 on Thursday 16th September\n"
    "[23/08/2027, 19:04:02] Linda Marsh: Oh lovely!! Count us in\n"
    "[23/08/2027, 19:05:17] Kev Hartley: Shopping list\n"
    "Burgers 40\n"
    "Chicken thighs 5kg\n"
    "[23/08/2027, 19:06:00] Sophie Marsh: <Media omitted>\n"
    "[23/08/2027, 19:07:30] Jo Hartley: actually let's make it 2pm not 1pm\n"
)


@pytest.mark.parametrize(
    "text",
    [CHAT, CHAT.replace("[", "").replace("] ", " - "),  # WhatsApp on iOS, and on Android
     "\n".join(f"2027-04-{d:02d} 02:07:28 INFO [prune] kept {d} snapshots" for d in range(1, 9)) + "\n"],
)  # fmt: skip
def test_a_chat_exports_messages_and_a_logs_entries_are_a_block_each(text):
    page = extract(Path("WhatsApp Chat with Family.txt"), text.encode()).pages[0]
    entries = _texts(page)
    assert len(entries) == len([ln for ln in text.split("\n") if ln[:1] in "[0123456789" and ln.strip()])
    shopping = [e for e in entries if "Shopping list" in e]
    assert not shopping or shopping[0].endswith("Chicken thighs 5kg")  # a message's lines stay with it


def test_a_chat_exports_messages_are_sentences_of_their_own():
    from engine.rag.citations import segments

    said = [CHAT[a:b] for a, b in segments(CHAT)]
    assert all(s.count("/2027, ") <= 1 for s in said), said  # no sentence runs on into the next message
    assert "[23/08/2027, 19:07:30] Jo Hartley: actually let's make it 2pm not 1pm" in said


def test_prose_with_a_few_dates_is_read_as_paragraphs():
    text = "Notes\n\n12/03/2027 14:00 dentist\n\nThe rest of the notes are prose.\nMore prose here.\n\nAnd more.\n"
    page = extract(Path("notes.txt"), text.encode()).pages[0]
    assert "The rest of the notes are prose.\nMore prose here." in _texts(page)
