"""The Models pane grows with what fills in after it is shown (issue 38): opened straight to Models, the catalog and
"This Mac can give models…" arrive from a scan later, and they were drawn over the catalog's rows (the window kept
the size it had before they came; the screenshot of Settings › Models showed it)."""

from __future__ import annotations


def _rect_in(page, w):
    return w.geometry().translated(w.parentWidget().mapTo(page, w.pos()) - w.pos())


def test_the_models_pane_grows_when_its_catalog_fills_in(qtbot, window):
    window.open_settings()
    dialog = window.settings_dialog
    dialog.tabs.setCurrentIndex(1)  # shown before the scan and the catalog are in
    qtbot.waitUntil(
        lambda: dialog.models.scan_job is None and dialog.models.catalog_job is None, timeout=60000
    )
    page = dialog.models
    page.fit_note.setText(
        "This Mac can give models about 19.0 GB (its memory minus room for macOS and apps). " * 3
    )
    qtbot.wait(150)
    assert page.height() >= page.minimumSizeHint().height(), (page.size(), page.minimumSizeHint())
    tree = _rect_in(page, page.recommended)
    for w in (page.fit_note, page.get_button):
        assert not _rect_in(page, w).intersects(tree), (w, _rect_in(page, w), tree)
    assert page.fit_note.height() >= page.fit_note.heightForWidth(page.fit_note.width()) - 1


def test_a_pane_taller_than_the_window_scrolls_instead_of_overlapping(qtbot, window, monkeypatch):
    """A screen shorter than the Models pane (a 13-inch MacBook with the Dock shown; the offscreen screen in the
    catalog test): the window is held below the pane's minimum, and the pane scrolls, its parts apart."""
    window.open_settings()
    dialog = window.settings_dialog
    dialog.tabs.setCurrentIndex(1)
    qtbot.waitUntil(
        lambda: dialog.models.scan_job is None and dialog.models.catalog_job is None, timeout=60000
    )
    page = dialog.models
    qtbot.wait(100)
    monkeypatch.setattr(dialog, "fit_to_pane", lambda: None)  # as if the screen held no more than 420 px
    dialog.setMinimumSize(200, 200)
    dialog.resize(dialog.width(), 420)
    qtbot.wait(150)
    assert page.height() >= page.minimumSizeHint().height(), (page.size(), page.minimumSizeHint())
    assert dialog.scroller.verticalScrollBar().maximum() > 0
    tree = _rect_in(page, page.recommended)
    for w in (page.fit_note, page.get_button):
        assert not _rect_in(page, w).intersects(tree), (w, _rect_in(page, w), tree)
