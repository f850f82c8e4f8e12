"""Settings as a Mac preferences window (issue 38): a toolbar of panes, centred; the window at each pane's own size,
never below it; diffusion settings only for a diffusion model; help for each speculative mode; pickers and fields
equally wide; the catalog marks built-in and installed models and never offers the built-in MiniLM; the offline
message in words, not an environment variable."""

from __future__ import annotations

import json
import threading

import pytest
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QLabel

from app.gui.downloads import DownloadError, download_model
from app.gui.model_catalog import catalog_row
from engine.models import load_catalog

PANE_KEYS = ("general", "models", "generation", "library", "server", "macs")


def _dialog(qtbot, window):
    window.open_settings()
    dialog = window.settings_dialog
    qtbot.waitUntil(
        lambda: dialog.models.scan_job is None and dialog.models.catalog_job is None, timeout=60000
    )
    return dialog


def _show(qtbot, dialog, index):
    dialog.tabs.setCurrentIndex(index)
    qtbot.wait(60)  # the pane's second fit, after its lazily filled parts laid out


def test_every_pane_gets_at_least_its_size_hint_and_small_panes_shrink(qtbot, window):
    """Opened at 620x533 below the Models pane's 515x681 hint; the same 533 px for a 270 px Server pane."""
    dialog = _dialog(qtbot, window)
    heights = {}
    for index, key in enumerate(PANE_KEYS):
        _show(qtbot, dialog, index)
        page = dialog.tabs.currentWidget()
        hint, least = page.sizeHint(), page.minimumSizeHint()
        assert page.width() >= hint.width() and page.height() >= hint.height() - 1, (key, page.size(), hint)
        assert page.height() >= least.height() and page.width() >= least.width(), (key, page.size(), least)
        assert dialog.height() <= dialog.toolbar.height() + hint.height() + 40, (key, dialog.size(), hint)
        assert dialog.minimumWidth() >= least.width(), key  # the user cannot squeeze it below either
        heights[key] = dialog.height()
    assert heights["server"] < heights["models"] - 150  # resized to each pane, as a Mac preferences window is


def test_pane_toolbar_is_centred_not_flush_left(qtbot, window):
    dialog = _dialog(qtbot, window)
    buttons = [dialog.toolbar.widgetForAction(a) for a in dialog.pane_actions.actions()]
    left = buttons[0].geometry().left()
    right = dialog.toolbar.width() - buttons[-1].geometry().right()
    assert left > 30 and abs(left - right) <= 24, (left, right)
    assert [b.text() for b in buttons] == ["General", "Models", "Generation", "Library", "Server", "Macs"]
    buttons[2].click()
    assert dialog.pane_key() == "generation" and dialog.windowTitle() == "Generation"


def test_diffusion_settings_only_for_a_diffusion_model(qtbot, window, tmp_path, no_unexpected_error_dialog):
    dialog = _dialog(qtbot, window)
    _show(qtbot, dialog, 2)
    steps = dialog.findChild(QAbstractSpinBox, "diffusion/steps")
    assert not steps.isVisibleTo(dialog)  # the tiny llama has no diffusion settings
    folder = tmp_path / "tiny-diffusion"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps({"model_type": "llada_diffusion"}), encoding="utf-8")
    window.settings["models/chat"] = str(folder)
    assert steps.isVisibleTo(dialog)
    assert dialog.findChild(QAbstractSpinBox, "diffusion/canvas_length").isVisibleTo(dialog)
    qtbot.waitUntil(lambda: not window.bridge.jobs(), timeout=30000)
    no_unexpected_error_dialog.clear()  # the folder has a config and no weights: its load fails, as expected


def test_help_text_follows_the_mode(qtbot, window):
    dialog = _dialog(qtbot, window)
    mode = dialog.findChild(QComboBox, "speculative/mode")
    texts = set()
    for i in range(mode.count()):
        mode.setCurrentIndex(i)
        texts.add(dialog.mode_help.text())
    assert len(texts) == mode.count()  # the same note for every mode before


def test_pickers_and_fields_are_equally_wide(qtbot, window):
    dialog = _dialog(qtbot, window)
    for index in (0, 2):
        _show(qtbot, dialog, index)
        page = dialog.tabs.currentWidget()
        fields = [
            w
            for w in page.findChildren(QComboBox) + page.findChildren(QAbstractSpinBox)
            if w.isVisibleTo(page)
        ]
        assert len({w.width() for w in fields}) == 1, {w.objectName(): w.width() for w in fields}
    _show(qtbot, dialog, 1)
    widths = {role: c.width() for role, c in dialog.models.pickers.items()}
    assert len(set(widths.values())) == 1, widths


def test_catalog_marks_built_in_and_installed_and_offers_neither():
    catalog = {m.repo: m for m in load_catalog().models}
    minilm = catalog_row(catalog["sentence-transformers/all-MiniLM-L6-v2"], True, False)
    assert minilm.state == "built-in" and not minilm.downloadable and "Built in" in minilm.cells[2]
    assert "(built-in)" in minilm.cells[0]
    installed = catalog_row(catalog["mlx-community/Qwen3-0.6B-4bit"], True, True)
    assert installed.state == "installed" and not installed.downloadable and "Installed" in installed.cells[2]
    fresh = catalog_row(catalog["mlx-community/Qwen3-0.6B-4bit"], True, False)
    assert fresh.downloadable and fresh.cells[2] == "Fits"


def test_catalog_rows_in_the_dialog_keep_good_for_whole(qtbot, window):
    dialog = _dialog(qtbot, window)
    _show(qtbot, dialog, 1)
    tree = dialog.models.recommended
    qtbot.waitUntil(lambda: tree.topLevelItemCount() > 0, timeout=30000)
    qtbot.wait(100)
    rows = {tree.topLevelItem(i).data(0, 256): tree.topLevelItem(i) for i in range(tree.topLevelItemCount())}
    minilm = rows["sentence-transformers/all-MiniLM-L6-v2"]
    tree.setCurrentItem(minilm)
    assert not dialog.models.get_button.isEnabled()  # the built-in model is never offered for download
    room = tree.header().sectionSize(3)
    metrics = tree.fontMetrics()
    for item in rows.values():
        assert item.data(3, 256).split() == item.text(3).split()  # every word of "Good for" is there
        for line in item.text(3).split("\n"):
            assert metrics.horizontalAdvance(line) <= room, (line, room)


def test_offline_message_is_in_words(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(DownloadError) as err:
        download_model("someone/some-model", token=None, progress=lambda d, t: None, cancel=threading.Event(),
                       cache_dir=tmp_path)  # fmt: skip
    assert "HF_HUB_OFFLINE" not in str(err.value) and "offline" in str(err.value)


def test_no_label_of_the_dialog_is_drawn_over_another(qtbot, window):
    """ "This Mac can give models…" and "Download Selected" were drawn over the catalog's rows."""
    dialog = _dialog(qtbot, window)
    _show(qtbot, dialog, 1)
    page = dialog.models
    tree = page.recommended
    tree_rect = tree.geometry().translated(tree.parentWidget().mapTo(page, tree.pos()) - tree.pos())
    for w in (page.fit_note, page.get_button):
        rect = w.geometry().translated(w.parentWidget().mapTo(page, w.pos()) - w.pos())
        assert not rect.intersects(tree_rect), (w, rect, tree_rect)
    note = next(w for w in page.findChildren(QLabel) if w is page.draft_note)
    assert note.height() >= note.heightForWidth(note.width()) - 1  # the note is not clipped over itself
