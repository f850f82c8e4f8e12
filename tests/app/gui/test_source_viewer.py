"""The source viewer on real files: text at the cited lines with the quote marked, HTML and DOCX as their extracted
text, a PDF page rendered with the quote boxed from its text layer, and honest notes when a file changed or is gone.
"""

from __future__ import annotations

import io
import sys

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices

from app.gui.source_viewer import SourceViewer, Target, ViewError, find_quote, load_text, render_page
from tests.engine.index.index_fakes import make_pdf

CODE = "".join(f"line {i}: filler text number {i}\n" for i in range(1, 41)).replace(
    "line 23: filler text number 23", "def bisect(a, x):\n    # Locate the insertion point for x in a"
)


@pytest.fixture
def viewer(qtbot):
    v = SourceViewer()
    qtbot.addWidget(v)
    v.resize(560, 600)
    v.show()
    return v


def test_text_opens_at_the_cited_lines_with_the_quote_marked(qtbot, viewer, tmp_path, monkeypatch):
    path = tmp_path / "py-bisect.py"
    path.write_text(CODE, encoding="utf-8")
    quote = "Locate the insertion point for x in a"
    assert viewer.show_source({"path": str(path), "line_start": 23, "line_end": 24, "quote": quote})
    view = viewer.text_view
    assert viewer.stack.currentWidget() is view and view.toPlainText() == CODE
    assert viewer.title.text() == "py-bisect.py" and viewer.where.text() == "lines 23–24"
    qtbot.waitUntil(lambda: view.first_visible_line() > 1)  # scrolled to the cited place, not the top
    cursor_line = view.textCursor().blockNumber() + 1
    assert cursor_line == 24  # the quote's line, within the cited 23-24
    # the quoted words are tinted, not every cited line (issue 38: "[1] tints a whole 17-line passage")
    assert view.cited_blocks() == [] and view.cited == (24, 24)
    a, b = view.quote_span()
    assert view.toPlainText()[a:b] == quote
    assert not viewer.note.isVisible()

    opened = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    if sys.platform != "darwin":
        viewer.reveal_button.click()
        assert opened == [QUrl.fromLocalFile(str(tmp_path))]
    viewer.open_button.click()
    assert opened[-1] == QUrl.fromLocalFile(str(path))


def test_a_changed_or_missing_file_is_said_so(viewer, tmp_path):
    path = tmp_path / "notes.md"
    path.write_text(
        "# Notes\n\nThe quote moved.\n\nIt now sits lower: the lighthouse beam is visible at sea.\n"
    )
    view = load_text(Target(str(path), None, 2, 2, "the lighthouse beam is visible at sea."))
    assert view.lines == (5, 5) and "now at line 5" in view.note
    gone = load_text(Target(str(path), None, 3, 3, "a sentence that was deleted from the notes"))
    assert gone.lines == (3, 3) and gone.quote is None and "not in the file any more" in gone.note
    assert not viewer.show_source({"path": str(tmp_path / "deleted.txt"), "line_start": 3})
    assert "no longer exists" in viewer.message.text() and not viewer.open_button.isEnabled()


def test_html_and_docx_show_their_extracted_text(viewer, tmp_path):
    import docx

    html = tmp_path / "page.html"
    html.write_text("<html><head><title>T</title><style>p{}</style></head><body>\n<h1>Lenses</h1>\n"
                    "<p>The Fresnel lens\nwas invented in 1822.</p>\n<p>Other text.</p>\n</body></html>\n")  # fmt: skip
    assert viewer.show_source({"path": str(html), "line_start": 4, "line_end": 5,
                               "quote": "The Fresnel lens was invented in 1822."})  # fmt: skip
    shown = viewer.text_view.toPlainText()
    assert "<p>" not in shown and "Fresnel" in shown and "visible text" in viewer.note.text()
    a, b = viewer.text_view.quote_span()
    assert " ".join(shown[a:b].split()) == "The Fresnel lens was invented in 1822."

    doc = docx.Document()
    for text in ("Title", "First paragraph.", "Yeast ferments the sugars in the dough.", "Last."):
        doc.add_paragraph(text)
    buf = io.BytesIO()
    doc.save(buf)
    path = tmp_path / "bread.docx"
    path.write_bytes(buf.getvalue())
    assert viewer.show_source({"path": str(path), "line_start": 3, "line_end": 3,
                               "quote": "Yeast ferments the sugars in the dough."})  # fmt: skip
    assert viewer.text_view.cited == (3, 3) and "paragraph per line" in viewer.note.text()


def test_pdf_opens_at_the_page_rendered_with_the_quote_boxed(qtbot, viewer, tmp_path):
    path = tmp_path / "lenses.pdf"
    path.write_bytes(make_pdf([["Page one text."], ["Lighthouses.", "The Fresnel lens was invented in 1822.",
                                                    "It focuses light into a beam."]]))  # fmt: skip
    page = render_page(str(path), 2, "The Fresnel lens was invented in 1822.")
    assert (page.page, page.pages) == (2, 2) and page.width == 1224 and len(page.quote_boxes) == 1
    x, y, w, h = page.quote_boxes[0]
    assert 72 * 2 - 6 < x < 72 * 2 + 2 and 0 < y < 160 and w > 300 and 20 < h < 40  # the second line, 2 px/pt
    row = page.rgb[int(y + h / 2) * page.stride : int(y + h / 2 + 1) * page.stride]
    assert min(row) < 128  # black text under the box: a real render

    assert viewer.show_source(
        {"path": str(path), "page": 2, "quote": "The Fresnel lens was invented in 1822."}
    )
    assert viewer.stack.currentWidget() is viewer.pdf_view and viewer.page_label.text() == "Page 2 of 2"
    img = viewer.pdf_view.image()
    bx, by, bw, bh = (int(v) for v in page.quote_boxes[0])
    tinted = img.pixelColor(bx + 2, by + 2)
    assert tinted.blue() < tinted.red() - 40  # the yellow highlight is drawn over the page
    assert (
        not viewer.prev_page.isHidden() and viewer.prev_page.isEnabled() and not viewer.next_page.isEnabled()
    )
    viewer.go_to_page(-1)
    assert viewer.page_label.text() == "Page 1 of 2" and not viewer.pdf_view.rendered.quote_boxes
    missing = render_page(str(path), 2, "a sentence not on the page at all anywhere")
    assert not missing.quote_boxes and "could not be found" in missing.note


def test_find_quote_ignores_white_space_and_picks_the_nearest():
    text = "alpha beta\ngamma delta\n\nalpha  beta gamma delta\n"
    assert find_quote(text, "alpha beta gamma delta") == (0, 22)
    assert find_quote(text, "alpha beta gamma delta", near=30) == (24, 47)
    assert find_quote(text, "nothing like it") is None


def test_a_note_with_resolved_wikilinks_opens_at_the_cited_lines_with_its_quote(tmp_path):
    vault = tmp_path / "vault"
    (vault / ".obsidian").mkdir(parents=True)
    (vault / "Sea Otters.md").write_text('---\ntitle: "Sea Otters of California"\n---\nThey float.\n')
    note = vault / "otters.md"
    note.write_text("# Otters\n\nIntro line.\n\nThey share the coast with [[Sea Otters]] and eat crabs.\n")
    view = load_text(
        Target(str(note), None, 5, 5, "They share the coast with Sea Otters (Sea Otters of California)")
    )
    assert view.lines == (5, 5) and view.quote is not None
    assert view.text[view.quote[0] :].startswith(
        "They share the coast with Sea Otters (Sea Otters of California)"
    )
    assert view.text.count("\n") == note.read_text().count("\n")  # no line moved
    assert "Wiki links" in view.note


def test_a_spreadsheet_citation_shows_its_own_sheet(tmp_path):
    import openpyxl

    book = openpyxl.Workbook()
    book.active.title = "Events"
    book.active.append(["Event", "Net"])
    book.active.append(["Quiz night", 629.6])
    other = book.create_sheet("Summary")
    other.append(["Takings", 13700.35])
    other.append(["Card fee rate", "1.69%"])
    path = tmp_path / "pta.xlsx"
    book.save(path)
    view = load_text(Target(str(path), 2, 3, 3, "Card fee rate | 1.69%"))
    assert view.text.startswith("Summary") and "Quiz night" not in view.text  # the cited sheet, not the first
    assert view.quote is not None


def test_a_chat_export_is_shown_wrapped_and_code_is_not():
    from app.gui.source_viewer.locate import TextView
    from app.gui.source_viewer.viewer import wraps

    chat = "".join(
        f"[23/08/2027, 19:0{i}:11] Jo Hartley: message number {i} about the party\n" for i in range(8)
    )
    assert wraps(TextView(chat, "text", None, None))  # its messages are prose, however long
    code = "".join(f"print({i})\n" for i in range(8))
    assert not wraps(TextView(code, "code", None, None))
    assert not wraps(TextView("A short note.\nAnother line.\n", "text", None, None))
    clipping = "A Book (An Author)\n- Your Highlight on page 3 | Location 40-41 | Added on Monday, 3 May 2027 09:14:02\n\n{}\n==========\n"
    clippings = "".join(clipping.format(f"Highlight {i}, a sentence of a page.") for i in range(4))
    assert wraps(TextView(clippings, "text", None, None))  # a Kindle's highlights, one to a line


def test_the_quote_is_tinted_at_its_words_after_emoji(viewer, tmp_path):
    path = tmp_path / "chat.txt"
    path.write_text("Party! 🎉🎂 see you there 😂\nBring the cake at 10:15 please.\n", encoding="utf-8")
    assert viewer.show_source(
        {"path": str(path), "line_start": 2, "line_end": 2, "quote": "the cake at 10:15"}
    )
    # Qt counts an emoji as two places: the tint is on the quote's words, not three places before them
    tinted = [s.cursor.selectedText() for s in viewer.text_view.extraSelections() if s.cursor.hasSelection()]
    assert tinted == ["the cake at 10:15"]


def test_a_gzipped_pdf_opens_at_its_page_with_the_quote_boxed(tmp_path):
    import gzip

    path = tmp_path / "manual.pdf.gz"  # as Debian ships its manuals; the index reads it as the PDF inside
    path.write_bytes(
        gzip.compress(make_pdf([["Page one text."], ["The Fresnel lens was invented in 1822."]]))
    )
    page = render_page(str(path), 2, "The Fresnel lens was invented in 1822.")
    assert (page.page, page.pages) == (2, 2) and len(page.quote_boxes) == 1
    path.write_bytes(b"not gzip at all")
    with pytest.raises(ViewError, match="cannot be opened"):
        render_page(str(path), 1)


def test_a_feed_saved_as_xml_is_shown_in_words_at_the_cited_item(tmp_path):
    """A podcast's feed saved as .xml opens as the index read it: the channel and its items in words, the cited
    item's lines (the file's) mapped onto that text and its quote found, not the escaped XML."""
    from tests.engine.index.test_feeds import RSS

    path = tmp_path / "mend-feed.xml"
    path.write_text(RSS)
    lines = RSS.split("\n")
    first = next(i for i, x in enumerate(lines, 1) if "The toaster" in x)
    view = load_text(Target(str(path), None, first, first + 8, "Guest: Tom Reyes from the repair café."))
    assert view.kind == "feed" and "&lt;" not in view.text and "as Alcove reads them" in view.note
    assert view.quote is not None and view.text[view.quote[0] :].startswith("Guest: Tom Reyes")
    shown = view.text.split("\n")[view.lines[0] - 1 : view.lines[1]]
    assert any(line.startswith("Ep 3: The toaster") for line in shown), shown


def test_an_evernote_export_is_shown_as_notes_at_the_cited_lines(tmp_path):
    """An .enex opens as the index read it: each note's title, dates and text, the cited lines (the export file's)
    mapped onto that text and the quote found, not the CDATA and ENML tags."""
    from tests.engine.index.test_enex import ENEX

    path = tmp_path / "Notes.enex"
    path.write_text(ENEX)
    line = next(i for i, x in enumerate(ENEX.split("\n"), 1) if "A long cold proof" in x)
    view = load_text(Target(str(path), None, line, line, "A long cold proof of 14 hours in the fridge"))
    assert view.kind == "evernote" and "CDATA" not in view.text and "<p>" not in view.text
    assert "as Alcove reads them" in view.note
    assert view.quote is not None and view.text[view.quote[0] :].startswith("A long cold proof")
    shown = view.text.split("\n")[view.lines[0] - 1 : view.lines[1]]
    assert any("A long cold proof" in x for x in shown), shown


def test_a_screenplay_is_shown_as_alcove_reads_it_at_the_cited_speech(tmp_path):
    """A Fountain script opens as the index read it: a speech one line with who says it, at the cited lines of the
    file (a speech over its cue's and its dialogue's lines), the quote found in it."""
    from tests.engine.index.test_writing_apps import SCRIPT

    path = tmp_path / "Last Ferry.fountain"
    path.write_text(SCRIPT)
    view = load_text(Target(str(path), None, 18, 20, "Twenty past. He's late again."))
    assert view.kind == "screenplay" and "who says it" in view.note
    assert view.quote is not None and "MAGGIE: (to herself) Twenty past." in view.text
    shown = view.text.split("\n")[view.lines[0] - 1 : view.lines[1]]
    assert any(line.startswith("MAGGIE: (to herself) Twenty past.") for line in shown), shown


def test_a_docx_laid_out_in_a_table_opens_at_the_cited_rows_text_lines(tmp_path):
    """A CV's layout table reads a paragraph a text line, each at its row's number: the cited row (line 3) shows
    as all of its text lines."""
    from tests.engine.index.test_formats_rich import _cv_docx

    path = tmp_path / "cv.docx"
    path.write_bytes(_cv_docx())
    view = load_text(Target(str(path), None, 3, 3, "Drone surveys"))
    assert view.kind == "docx" and view.lines == (3, 5)
    assert view.text.split("\n")[4] == "Drone surveys" and view.quote is not None


def test_a_saved_web_page_opens_as_its_visible_text_at_the_quote(tmp_path):
    """A .webarchive (a binary property list) and an .mhtml (quoted-printable MIME) open as the page the user saw,
    the quoted words found in it; neither has lines of its own."""
    from app.gui.source_viewer.viewer import wraps
    from tests.engine.index.test_saved_pages import PAGE, _mhtml, _webarchive

    for name, data in (("Booking.webarchive", _webarchive(PAGE.encode())), ("Booking.mhtml", _mhtml(PAGE))):
        path = tmp_path / name
        path.write_bytes(data)
        view = load_text(Target(str(path), None, None, None, "Arrive 20 minutes early for the safety talk"))
        assert view.kind == path.suffix[1:] and "saved page's visible text" in view.note
        assert "bplist" not in view.text and "=3D" not in view.text and "<p>" not in view.text
        assert view.quote is not None and view.text[view.quote[0] :].startswith("Arrive 20 minutes early")
        assert wraps(view)  # a paragraph a line: wrapped to the pane, so the quote is in sight


def test_a_man_pages_troff_source_is_shown_as_man_shows_it_wrapped(tmp_path):
    import gzip

    from app.gui.source_viewer.viewer import wraps
    from tests.engine.index.test_troff import PAGE

    path = tmp_path / "tides.conf.5.gz"
    path.write_bytes(gzip.compress(PAGE.encode()))
    line = PAGE.split("\n").index(".B port") + 2  # the item's description, a line of the file
    view = load_text(Target(str(path), None, line, line, "The harbour whose tides are printed"))
    assert view.kind == "man" and "as man shows it" in view.note and wraps(view)
    assert "\\f" not in view.text and view.lines == (line, line)
    assert view.text.split("\n")[line - 1].strip().startswith("The harbour whose tides are printed")


def test_a_filled_in_forms_values_are_drawn_and_its_answers_label_marked():
    """The form's answers are drawn on the page; a quoted answer ("Vehicle registration: AB12 CDE; ...", in no text
    layer: a field's value) marks its printed label."""
    import tempfile

    from tests.engine.index.test_pdf_forms import _form_pdf

    with tempfile.TemporaryDirectory() as d:
        filled, empty = f"{d}/filled.pdf", f"{d}/empty.pdf"
        open(filled, "wb").write(_form_pdf())
        open(empty, "wb").write(_form_pdf(fields_filled=False))
        page = render_page(filled, 1, "Vehicle registration: AB12 CDE; Colour: Dark blue")
        assert len(page.quote_boxes) == 1 and "not marked" not in page.note
        assert page.rgb != render_page(empty, 1).rgb  # the values are drawn


def test_a_family_tree_and_an_anki_note_open_as_alcove_reads_them(qtbot, viewer, tmp_path):
    """A GEDCOM tree opens in sentences at the cited person's line (not its tagged lines); an Anki deck opens at the
    cited note's page, its card one line."""
    from tests.engine.index.test_trees_cards_maps import TREE, _apkg

    path = tmp_path / "Thornton family.ged"
    path.write_text(TREE)
    line = next(i for i, x in enumerate(TREE.split("\n"), 1) if "12 MAR 1891" in x)
    view = load_text(Target(str(path), None, line, line, "born on 12 March 1891"))
    assert view.kind == "gedcom" and "each person's life" in view.note and "2 DATE" not in view.text
    assert view.quote is not None and view.text[view.quote[0] :].startswith("born on 12 March 1891")
    assert viewer.show_source({"path": str(path), "line_start": line, "line_end": line,
                               "quote": "born on 12 March 1891"})  # fmt: skip
    deck = tmp_path / "Italian.apkg"
    deck.write_bytes(_apkg([("Italian::Verbs", "Basic", ["andare", "to go"], "verbs")]))
    card = load_text(Target(str(deck), 1, None, None, "andare — to go"))
    assert (
        card.kind == "flashcards"
        and "andare — to go." in card.text
        and "Deck: Italian, subdeck: Verbs" in card.text
    )
