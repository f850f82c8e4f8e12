"""Drag-and-drop and Dock-drop indexing with the real indexer and the built-in embedder, then search in the pane."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QFileOpenEvent
from PySide6.QtWidgets import QApplication

from engine.core.paths import default_index_db

NOTES = {
    "lighthouse.md": "# Lighthouses\n\nThe Fresnel lens lets a lighthouse beam reach forty kilometres out to sea.\n",
    "bread.txt": "Sourdough bread rises because wild yeast and lactobacilli ferment the dough overnight.\n",
    "garden.txt": "Tomatoes need six hours of direct sun and deep watering twice a week in summer.\n",
}


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "notes"
    folder.mkdir()
    for name, text in NOTES.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def _mime(*paths: Path) -> QMimeData:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    return mime


def test_drop_folder_indexes_it_and_search_finds_its_text(qtbot, window, tmp_path):
    folder = _folder(tmp_path)
    mime = _mime(folder)
    enter = QDragEnterEvent(QPointF(50, 50).toPoint(), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)  # fmt: skip
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted() and window.overlay.isVisible()
    drop = QDropEvent(QPointF(50, 50), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier)  # fmt: skip
    progress = []
    window.indexer.progress.connect(lambda *a: progress.append(a))
    with qtbot.waitSignal(window.indexer.finished, timeout=120000) as done:
        QApplication.sendEvent(window, drop)
        assert not window.overlay.isVisible()
        assert window.index_panel.isVisible()
    summary = done.args[0]
    assert summary is not None and summary.files_indexed == 3 and not summary.cancelled
    assert progress and progress[-1][1] == 3
    assert not window.index_panel.isVisible()
    assert window.settings["index/folders"] == [str(folder)]
    assert default_index_db().exists() and window.index_label.text().startswith("Index ")
    assert "3 indexed" in window.status_text()

    window.switch_to("search")
    pane = window.search
    pane.query.setText("how does sourdough rise")
    pane.run_search()
    qtbot.waitUntil(lambda: pane.job is None, timeout=60000)
    assert pane.hits, pane.summary.text()
    assert Path(pane.hits[0].path).name == "bread.txt"
    assert pane.stack.currentWidget() is pane.results and pane.model.rowCount() == len(pane.hits)

    # keyword mode and a file-type filter that excludes the hit
    pane.mode.setCurrentIndex(pane.mode.findData("keyword"))
    pane.file_type.setCurrentText("PDF")
    pane.run_search()
    qtbot.waitUntil(lambda: pane.job is None, timeout=60000)
    assert pane.hits == [] and "No passages match" in pane.message.text()


def test_dock_drop_file_open_event_indexes(qtbot, qapp, window, tmp_path):
    folder = _folder(tmp_path)
    with qtbot.waitSignal(window.indexer.finished, timeout=120000) as done:
        QApplication.sendEvent(qapp, QFileOpenEvent(str(folder / "garden.txt")))
    assert done.args[0].files_indexed == 1


def test_cancel_indexing(qtbot, window, tmp_path):
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(60):
        (folder / f"note{i}.txt").write_text(f"Note {i}. " + "Plain words about gardens and bread. " * 80)
    window.index_paths([str(folder)])
    assert window.indexer.busy
    with qtbot.waitSignal(window.indexer.finished, timeout=120000) as done:
        qtbot.waitUntil(lambda: window.index_panel.bar.maximum() > 0, timeout=60000)
        window.index_panel.cancel_button.click()
    summary = done.args[0]
    assert summary.cancelled and summary.files_indexed < 60
    assert "cancelled" in window.status_text()
