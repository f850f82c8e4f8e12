"""A blank search says so inline, under the search box, and keeps the results already shown."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from app.gui.search_pane import BLANK_QUERY_NOTE
from engine.core.paths import default_index_db
from engine.encoders import default_embedder_path, load_embedder
from engine.index import IndexSummary, index_paths

SHOT = Path("/tmp/i14-search-blank-query.png")


def test_a_blank_query_shows_an_inline_message_and_searches_nothing(qtbot, window, tmp_path):
    docs = tmp_path / "notes"
    docs.mkdir()
    (docs / "bread.txt").write_text(
        "Sourdough bread rises because wild yeast ferments the dough overnight.\n"
    )
    (docs / "garden.txt").write_text("Tomatoes need six hours of direct sun and deep watering in summer.\n")
    summary = [e for e in index_paths([docs], default_index_db(), load_embedder(default_embedder_path()))
               if isinstance(e, IndexSummary)][0]  # fmt: skip
    assert not summary.error
    window.resize(1100, 640)
    window.switch_to("search")
    pane = window.search
    pane.refresh_state()
    assert not pane.notice.isVisible()

    pane.query.setText("why does sourdough rise")
    pane.run_search()
    qtbot.waitUntil(lambda: pane.job is None, timeout=60000)
    assert pane.hits and Path(pane.hits[0].path).name == "bread.txt"
    shown = list(pane.hits)

    searches = []
    real = pane.bridge.search
    pane.bridge.search = lambda *a, **k: searches.append(a) or real(*a, **k)
    for blank in ("", "   ", "\t \n"):
        pane.query.setText(blank)
        qtbot.keyClick(pane.query, Qt.Key.Key_Return)
        assert pane.notice.isVisible() and pane.notice.text() == BLANK_QUERY_NOTE
        assert pane.job is None and not searches  # nothing was searched
        assert pane.hits == shown and pane.stack.currentWidget() is pane.results  # nothing shown was lost
    window.grab().save(str(SHOT))

    qtbot.keyClicks(pane.query, "yeast")  # typing clears the message
    assert not pane.notice.isVisible()
    qtbot.keyClick(pane.query, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: pane.job is None, timeout=60000)
    assert len(searches) == 1 and not pane.notice.isVisible()
