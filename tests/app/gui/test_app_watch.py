"""Library folders are watched all the way down (watchdog: inotify here, FSEvents on macOS): an edit, a new file,
a rename and a deletion deep below a library folder are re-indexed within seconds, a burst is one pass."""

from __future__ import annotations

import os
import time
from pathlib import Path

from engine.core.paths import default_index_db
from engine.index import IndexStore


def _names() -> set[str]:
    with IndexStore(default_index_db(), read_only=True) as store:
        return {Path(d.path).name for d in store.documents() if d.status == "indexed"}


def test_changes_deep_below_a_library_folder_are_reindexed(qtbot, window, tmp_path):
    lib = tmp_path / "vault"
    deep = lib / "projects" / "2026" / "notes"
    deep.mkdir(parents=True)
    (deep / "otters.md").write_text("# Otters\n\nOtters hold hands while they sleep.\n")
    (deep / "beavers.md").write_text("# Beavers\n\nBeavers build dams from branches.\n")
    with qtbot.waitSignal(window.indexer.finished, timeout=120000) as done:
        window.index_paths([str(lib)])
    assert done.args[0].files_indexed == 2
    qtbot.waitUntil(lambda: window.indexer.watcher.folders == [str(lib)], timeout=5000)

    batches = []
    window.indexer.watcher.changed.connect(batches.append)
    t0 = time.monotonic()
    with qtbot.waitSignal(window.indexer.finished, timeout=60000) as done:
        (deep / "otters.md").write_text("# Otters\n\nOtters eat crabs and sea urchins.\n")  # an edit
        (deep / "voles.md").write_text("# Voles\n\nWater voles live in burrows.\n")  # a new file
        os.rename(deep / "beavers.md", deep / "castor.md")  # a rename: vectors kept
        for i in range(200):  # a burst (a sync or a checkout): still one batch
            (deep / f"burst{i}.txt").write_text(f"Burst file {i} about river banks.\n")
    seconds = time.monotonic() - t0
    s = done.args[0]
    assert len(batches) == 1, [len(b) for b in batches]
    assert (s.files_indexed, s.files_moved) == (202, 1), s
    assert seconds < 30
    names = _names()
    assert {"otters.md", "voles.md", "castor.md"} <= names and "beavers.md" not in names

    with qtbot.waitSignal(window.indexer.finished, timeout=60000) as done:
        for i in range(200):
            (deep / f"burst{i}.txt").unlink()  # deletions
    assert done.args[0].files_removed == 200
    assert "burst0.txt" not in _names()

    window.settings["index/watch"] = False  # the switch turns watching off
    assert window.indexer.watcher.folders == []


def test_ocr_switch_in_settings_reaches_the_indexer(qtbot, window, tmp_path):
    from PySide6.QtWidgets import QCheckBox

    window.open_settings()
    dialog = window.settings_dialog
    dialog.tabs.setCurrentIndex(3)
    box = dialog.findChild(QCheckBox, "index/ocr")
    assert box is not None and box.isChecked()
    dialog.grab().save(str(tmp_path / "settings-library.png"))
    box.setChecked(False)
    assert window.settings["index/ocr"] is False
    calls = []
    engine = window.bridge.engine
    real = engine.index
    engine.index = lambda request: calls.append({"ocr": request.ocr}) or real(request)
    (tmp_path / "n.txt").write_text("A note.\n")
    with qtbot.waitSignal(window.indexer.finished, timeout=60000):
        window.index_paths([str(tmp_path / "n.txt")])
    assert calls == [{"ocr": False}]
