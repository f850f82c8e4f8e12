"""The panes at Mac sizes (issue 38): the source viewer opens in an 800x500 window without widening it and keeps
monospace lines unwrapped (a horizontal scroll bar instead); a long stats line wraps instead of clipping the reply;
rerank rows are measured again after a resize; search shows an honest relevance, not a normalised 1.000, and no
raw Markdown; a quoted (extractive) answer is not headed by the model's name; an inline [1] tints only the quote."""

from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtWidgets import QPlainTextEdit

from app.gui.chat_store import Message
from app.gui.message_widget import MessageWidget
from app.gui.search_pane import _HIT, plain_snippet, score_text

PDF = "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf"
LONG_STATS = {
    "ttft_s": 0.41,
    "decode_tokens_per_s": 31.7,
    "generated_tokens": 160,
    "prompt_tokens": 1234,
    "cached_tokens": 1100,
    "total_s": 6.0,
    "speculative": {
        "mode": "draft",
        "proposed": 150,
        "accepted": 97,
        "verifications": 40,
        "mean_accepted": 2.4,
        "forwards_per_token": 0.4,
    },  # fmt: skip
}


def _text_file(tmp_path):
    path = tmp_path / "licence.txt"  # hard-wrapped at 72 columns, like the licence texts
    path.write_text(
        "\n".join(f"{i:03d} " + "terms and conditions for use, reproduction, dist " for i in range(80))
    )
    return path


def test_opening_the_viewer_keeps_an_800px_window_800px_wide(qtbot, window, tmp_path):
    window.resize(800, 500)
    qtbot.waitUntil(lambda: window.width() == 800)
    path = _text_file(tmp_path)
    for pane in ("chat", "search", "rerank"):
        window.switch_to(pane)
        window.open_source({"path": str(path), "line_start": 10, "line_end": 26, "quote": "012 terms and"})
        qtbot.waitUntil(lambda: not window.viewer.loading, timeout=10000)
        qtbot.wait(100)
        sizes = window.split.sizes()
        assert window.width() == 800 and window.viewer.isVisible(), (pane, window.width(), sizes)
        if pane == "chat":  # the chat list gives way: the transcript keeps room to read
            assert not window.chat.sidebar.isVisible() and window.chat.scroll.viewport().width() >= 400
        window.open_source({"path": PDF, "page": 3, "quote": "Each application"})
        qtbot.waitUntil(lambda: not window.viewer.loading, timeout=30000)
        qtbot.wait(100)
        assert window.width() == 800, (pane, "pdf", window.width())
        window.viewer.close_viewer()
        qtbot.wait(50)
        assert window.width() == 800 and window.chat.sidebar.isVisible() == (pane == "chat")


def test_monospace_lines_scroll_instead_of_wrapping(qtbot, window, tmp_path):
    window.resize(800, 500)
    window.open_source({"path": str(_text_file(tmp_path)), "line_start": 10, "line_end": 10})
    qtbot.waitUntil(lambda: not window.viewer.loading, timeout=10000)
    view = window.viewer.text_view
    assert view.lineWrapMode() == QPlainTextEdit.LineWrapMode.NoWrap
    qtbot.waitUntil(lambda: view.horizontalScrollBar().maximum() > 0)  # the pane is narrower than a line
    assert view.document().lineCount() == view.document().blockCount()  # one row per line, none wrapped


def test_an_inline_citation_tints_the_quoted_words_not_the_whole_passage(qtbot, window, tmp_path):
    path = _text_file(tmp_path)
    quote = "012 terms and conditions for use, reproduction, dist"
    window.open_source(
        {"path": str(path), "line_start": 3, "line_end": 19, "quote": quote}
    )  # a 17-line chunk
    qtbot.waitUntil(lambda: not window.viewer.loading, timeout=10000)
    view = window.viewer.text_view
    assert view.cited_blocks() == [] and view.cited == (13, 13)
    a, b = view.quote_span()
    assert view.toPlainText()[a:b] == quote


def test_a_long_stats_line_wraps_inside_an_800px_window(qtbot, window):
    window.resize(800, 500)
    qtbot.waitUntil(lambda: window.width() == 800)
    meta = {"stats": LONG_STATS, "finish_reason": "length", "model": "SmolLM2-135M-Instruct"}
    conv = window.store.create_conversation("Stats")
    window.store.add_message(conv.id, "user", "Hello")
    window.store.add_message(conv.id, "assistant", "A reply. " * 40, meta)
    window.chat.open_conversation(conv.id)
    qtbot.wait(200)
    reply = window.chat._widgets[-1]
    viewport = window.chat.scroll.viewport()
    right = reply.mapTo(viewport, reply.rect().topRight()).x()
    assert right <= viewport.width(), (right, viewport.width(), reply.metrics_label.text())
    label = reply.metrics_label
    assert label.height() > label.fontMetrics().height() * 1.5  # wrapped onto a second line
    assert label.mapTo(viewport, label.rect().topRight()).x() <= viewport.width()


def test_rerank_rows_are_measured_again_after_a_resize(qtbot, window):
    pane = window.rerank
    window.switch_to("rerank")
    window.resize(1600, 1000)
    hits = [SimpleNamespace(text=("word " * 60) + str(i), path=f"/d/{i}.txt", score=1.0 - i / 10, page=None,
                            line_start=1, line_end=1) for i in range(4)]  # fmt: skip
    pane.set_candidates("query", hits)
    pane.run_rerank()  # the retrieval order (no reranker chosen)
    qtbot.wait(200)
    wide = pane.table.rowHeight(0)
    window.resize(800, 500)
    qtbot.waitUntil(lambda: pane.table.rowHeight(0) > wide, timeout=3000)
    narrow = pane.table.rowHeight(0)
    pane.table.resizeRowsToContents()
    assert pane.table.rowHeight(0) == narrow  # what a fresh measurement gives: no stale height


def test_search_shows_relevance_not_a_normalised_1_000_and_no_markdown(qtbot, window):
    pane = window.search
    window.switch_to("search")
    snippet = "``` python «install» ``` ### «Install» the **tool** with `pip`"
    hits = [SimpleNamespace(path="/d/readme.md", page=None, line_start=3, line_end=9, score=1.0, text=snippet,
                            snippet=snippet, vector_score=0.412, keyword_rank=2, keyword_score=3.1,
                            vector_rank=1)]  # fmt: skip
    pane.last_query, pane._asked_mode = "install", "hybrid"
    pane._show_hits(hits)
    index = pane.model.index(0, 0)
    assert index.data(_HIT) is hits[0]
    shown = pane.results.itemDelegate()._doc(index, 600).toPlainText()
    assert "1.000" not in shown and "meaning 0.41" in shown and "words #2" in shown
    assert "```" not in shown and "###" not in shown and "**" not in shown and "`" not in shown
    assert "Install the tool with pip" in shown
    assert "relative to this list" in score_text(hits[0], "hybrid")[1]
    assert (
        score_text(hits[0], "keyword")[0] == "words 1.0"
        and score_text(hits[0], "vector")[0] == "meaning 1.00"
    )
    assert plain_snippet("a > b ## c") == "a > b c"


def test_a_quoted_answer_is_not_headed_by_the_model(qtbot):
    meta = {
        "kind": "documents",
        "answer_kind": "extractive",
        "model": "SmolLM2-135M-Instruct",
        "citations": [],
    }
    quoted = MessageWidget(Message(1, 1, "assistant", "From your documents:\n- A sentence. [1]", meta))
    qtbot.addWidget(quoted)
    assert quoted.role_label.text() == "QUOTED FROM YOUR DOCUMENTS"
    written = MessageWidget(Message(2, 1, "assistant", "Paris [1].", {**meta, "answer_kind": "generative"}))
    qtbot.addWidget(written)
    assert written.role_label.text() == "ALCOVE  ·  SmolLM2-135M-Instruct"
    both = MessageWidget(Message(3, 1, "assistant", "x", {**meta, "answer_kind": "extractive+generative"}))
    qtbot.addWidget(both)
    assert both.role_label.text().startswith("QUOTED FROM YOUR DOCUMENTS  ·  THEN SmolLM2-135M-Instruct")


def test_an_inline_marker_opens_the_sentence_it_follows_not_the_chips_whole_stretch(qtbot):
    from PySide6.QtCore import QUrl

    text = "From your documents:\n\n- The first term applies. [1]\n- Seventeen lines below, the second. [1]"
    stretch = "The first term applies. " + "filler line. " * 15 + "Seventeen lines below, the second."
    meta = {"kind": "documents", "answer_kind": "extractive", "citations": [
        {"n": 1, "path": "/d/terms.txt", "line_start": 3, "line_end": 19, "quote": stretch}],
        "sentences": [
            {"text": "The first term applies.", "citation": 1, "evidence": "The first term applies.",
             "line_start": 3, "line_end": 3, "supported": True},
            {"text": "Seventeen lines below, the second.", "citation": 1, "line_start": 19, "line_end": 19,
             "evidence": "Seventeen lines below, the second.", "supported": True}]}  # fmt: skip
    widget = MessageWidget(Message(1, 1, "assistant", text, meta))
    qtbot.addWidget(widget)
    hrefs, block = [], widget.body.document().begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            href = it.fragment().charFormat().anchorHref()
            if href.startswith("#source-") and href not in hrefs:
                hrefs.append(href)
            it += 1
        block = block.next()
    assert widget.body.citation_anchors() == [1, 1] and len(hrefs) == 2
    opened = []
    widget.source_clicked.connect(opened.append)
    widget.body.anchorClicked.emit(QUrl(hrefs[1]))
    widget.body.anchorClicked.emit(QUrl(hrefs[0]))
    assert [(o["quote"], o["line_start"], o["line_end"]) for o in opened] == [
        ("Seventeen lines below, the second.", 19, 19), ("The first term applies.", 3, 3)]  # fmt: skip
    widget.body.anchorClicked.emit(QUrl("#source-1"))  # no place given: the chip's whole source
    assert opened[-1]["quote"] == stretch


def test_the_composer_hint_is_shown_whole_or_not_at_all(qtbot, window, tmp_path):
    hint = window.chat.composer.hint
    for width in (1180, 800):
        window.resize(width, 500)
        qtbot.wait(100)
        assert hint.isVisible() and hint.width() >= hint.sizeHint().width(), (width, hint.width())
    window.open_source({"path": str(_text_file(tmp_path)), "line_start": 1, "line_end": 1})
    qtbot.waitUntil(lambda: not window.viewer.loading, timeout=10000)
    qtbot.wait(100)
    assert hint.isHidden() or hint.width() >= hint.sizeHint().width(), hint.width()


def test_rerank_without_a_reranker_shows_what_search_found_not_1_000(qtbot, window):
    pane = window.rerank
    window.switch_to("rerank")
    hits = [SimpleNamespace(text=f"passage {i}", path=f"/d/{i}.txt", score=1.0 - i / 4, page=None, line_start=1,
                            line_end=1, vector_score=0.5 - i / 10, keyword_rank=i + 1) for i in range(3)]  # fmt: skip
    pane.set_candidates("query", hits)
    pane.run_rerank()
    assert pane.table.horizontalHeaderItem(2).text() == "Retrieval"
    assert [pane.table.item(r, 2).text() for r in range(3)] == [
        "meaning 0.50  ·  words #1", "meaning 0.40  ·  words #2", "meaning 0.30  ·  words #3"]  # fmt: skip
    assert "relative to this list" in pane.table.item(0, 2).toolTip()


def test_a_quoted_sentence_stays_one_bullet_whatever_it_starts_with(qtbot):
    """The licences' "9. BECAUSE THE PROGRAM…" and "15. Disclaimer of Warranty." read as nested numbered lists:
    an empty bullet with the sentence on the next line (a sentence across two bullets), or no bullet at all."""
    text = ("From your documents:\n\n- 9. BECAUSE THE PROGRAM IS LICENSED FREE OF CHARGE. [1]\n- NO WARRANTY [2]\n"
            "- 15. Disclaimer of Warranty. [3]\n- # Notes [4]\n- > a quote [5]\n\n* * *\n\nAfter a rule.")  # fmt: skip
    widget = MessageWidget(
        Message(1, 1, "assistant", text, {"kind": "documents", "answer_kind": "extractive"})
    )
    qtbot.addWidget(widget)
    doc = widget.body.document()
    items, block = [], doc.begin()
    while block.isValid():
        if block.textList() is not None:
            items.append((block.text(), block.textList().format().style()))
        block = block.next()
    assert [t for t, _ in items] == ["9. BECAUSE THE PROGRAM IS LICENSED FREE OF CHARGE. [1]", "NO WARRANTY [2]",
                                     "15. Disclaimer of Warranty. [3]", "# Notes [4]", "> a quote [5]"]  # fmt: skip
    assert len({style for _, style in items}) == 1  # one bulleted list: nothing nested, nothing numbered
    assert widget.body.citation_anchors() == [1, 2, 3, 4, 5] and "After a rule." in widget.body.toPlainText()


def test_a_search_result_has_quick_look_and_reveal(qtbot, window, tmp_path, monkeypatch):
    from PySide6.QtCore import Qt

    from app.gui import open_location

    calls = []
    monkeypatch.setattr(open_location, "_spawn", lambda argv: calls.append(("spawn", argv)) or True)
    monkeypatch.setattr(open_location.QDesktopServices, "openUrl",
                        lambda url: calls.append(("url", url.toLocalFile())) or True)  # fmt: skip
    path = _text_file(tmp_path)
    pane = window.search
    window.switch_to("search")
    pane.last_query = "terms"
    pane._show_hits([SimpleNamespace(path=str(path), page=None, line_start=1, line_end=2, score=0.5, text="terms",
                                     snippet="terms", vector_score=0.5, keyword_rank=1)])  # fmt: skip
    pane.results.setFocus()
    qtbot.keyClick(pane.results, Qt.Key.Key_Space)
    pane.file_actions.reveal_action.trigger()
    if open_location.sys.platform == "darwin":
        assert calls == [("spawn", ["qlmanage", "-p", str(path)]), ("spawn", ["open", "-R", str(path)])]
    else:  # no Quick Look here: the file in its default app; Reveal: its folder
        assert calls == [("url", str(path)), ("url", str(path.parent))]
    assert [a.text() for a in pane.file_actions.actions()] == [
        "Quick Look",
        "Open",
        open_location.REVEAL_LABEL,
    ]
