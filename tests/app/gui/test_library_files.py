"""The Library window's files as Finder users expect them (issue 38): Space shows the selected file in Quick Look, a
context menu and buttons offer Reveal in Finder, the Type and Reason columns are not cut, and the commands are the
system's own (``qlmanage -p``, ``open -R`` on macOS; the default app and the folder elsewhere)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import Qt

from app.gui import open_location
from app.gui.library_view import LibraryDialog
from engine.index import ChunkRow, DocumentWrite, IndexStore

REASON = "Not read: the PDF is encrypted and Alcove has no password for it (open it in Preview to remove it)."


def _index(db: Path, root: Path) -> list[Path]:
    root.mkdir()
    files = [root / "Quarterly report.pdf", root / "slides.pptx", root / "notes.md"]
    for f in files:
        f.write_bytes(b"x")
    with IndexStore(db) as store:
        store.check_embedder("fake", 4)
        store.add_sources([str(root)])
        chunk = ChunkRow(0, None, 1, 1, 0, 5, 2, "", "hello")
        store.write_batch([
            DocumentWrite(str(files[0]), "pdf", 10, 1, None, "skipped", REASON),
            DocumentWrite(str(files[1]), "presentation", 10, 1, "h1", "indexed", None, (chunk,),
                          np.ones((1, 4), np.float16), 5),
            DocumentWrite(str(files[2]), "markdown", 10, 1, "h2", "indexed", None, (chunk,),
                          np.ones((1, 4), np.float16), 5),
        ])  # fmt: skip
    return files


def _dialog(qtbot, tmp_path):
    files = _index(tmp_path / "i.sqlite3", tmp_path / "docs")
    dialog = LibraryDialog(tmp_path / "i.sqlite3")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog, files


def _calls(monkeypatch):
    calls = []
    monkeypatch.setattr(open_location, "_spawn", lambda argv: calls.append(("spawn", argv)) or True)
    monkeypatch.setattr(open_location.QDesktopServices, "openUrl",
                        lambda url: calls.append(("url", url.toLocalFile())) or True)  # fmt: skip
    return calls


def test_space_is_quick_look_and_reveal_shows_the_file(qtbot, tmp_path, monkeypatch):
    dialog, files = _dialog(qtbot, tmp_path)
    calls = _calls(monkeypatch)
    table = dialog.table
    row = next(i for i, r in enumerate(dialog.model.rows) if r.path == str(files[1]))
    table.setFocus()
    table.setCurrentIndex(dialog.model.index(row, 0))
    assert dialog.reveal_button.isEnabled() and dialog.quick_look_button.isEnabled()
    qtbot.keyClick(table, Qt.Key.Key_Space)
    dialog.reveal_button.click()
    if open_location.sys.platform == "darwin":
        assert calls == [
            ("spawn", ["qlmanage", "-p", str(files[1])]),
            ("spawn", ["open", "-R", str(files[1])]),
        ]
    else:  # no Quick Look: the file in its default app; Reveal: the folder that holds it
        assert calls == [("url", str(files[1])), ("url", str(files[1].parent))]
    labels = [a.text() for a in dialog.file_actions.actions()]
    assert labels == ["Quick Look", "Open", open_location.REVEAL_LABEL]


def test_the_mac_commands_are_the_systems_own():
    assert open_location.quick_look_argv("/a b/c.pdf", "darwin") == ["qlmanage", "-p", "/a b/c.pdf"]
    assert open_location.reveal_argv("/a b/c.pdf", "darwin") == ["open", "-R", "/a b/c.pdf"]
    assert open_location.quick_look_argv("/a/c.pdf", "linux") is None
    assert open_location.reveal_argv("/a/c.pdf", "linux") is None


def test_type_and_reason_are_not_cut(qtbot, tmp_path):
    dialog, files = _dialog(qtbot, tmp_path)
    table, model = dialog.table, dialog.model
    fm = table.fontMetrics()
    for r in range(model.rowCount()):
        type_text = model.index(r, 2).data()
        assert fm.horizontalAdvance(type_text) <= table.columnWidth(2) - 8, (type_text, table.columnWidth(2))
    skipped = next(i for i, r in enumerate(model.rows) if r.path == str(files[0]))
    table.setCurrentIndex(model.index(skipped, 5))
    assert REASON in dialog.detail.text() and dialog.detail.wordWrap()  # the whole reason, wrapped
    assert model.index(skipped, 5).data(Qt.ItemDataRole.ToolTipRole) == REASON
