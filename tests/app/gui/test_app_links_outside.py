"""Settings > Library lists the symbolic links an index run did not follow (outside every library folder) with their
target and reason; ticking "Allow" persists through the typed settings and the next run indexes what the link
points to under the link's path; unticking takes it out again. The real window, engine and built-in embedder."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from app.gui.links_panel import merge_links_outside
from app.gui.settings import Settings
from engine.core.paths import default_index_db
from engine.index import IndexStore


def _indexed(db: Path) -> list[str]:
    with IndexStore(db, read_only=True) as store:
        return sorted(d.path for d in store.documents() if d.status == "indexed")


def _run(qtbot, window, folder: Path):
    with qtbot.waitSignal(window.indexer.finished, timeout=180000) as done:
        assert window.indexer.index([str(folder)])
    summary = done.args[0]
    assert summary is not None and summary.error is None
    return summary


def test_merge_keeps_allowed_links_and_drops_links_gone_from_the_folders_indexed():
    class Link:
        def __init__(self, path, target):
            self.path, self.target, self.reason = path, target, "outside"

    known = {"/lib/a": {"target": "/x"}, "/lib/b": {"target": "/y"}, "/other/c": {"target": "/z"}}
    merged = merge_links_outside(known, [Link("/lib/d", "/w")], ["/lib"], ["/lib/b"])
    assert merged == {"/lib/b": {"target": "/y"}, "/lib/d": {"target": "/w", "reason": "outside"},
                      "/other/c": {"target": "/z"}}  # fmt: skip


def test_links_outside_are_listed_and_allowed_per_link_in_settings(qtbot, window, tmp_path):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "harbour.txt").write_text("The harbour wall was rebuilt after the winter storms.\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "ferry.txt").write_text("The ferry to the island leaves at seven every morning.\n")
    (notes / "shared").symlink_to(elsewhere)
    (tmp_path / "tides.txt").write_text("Spring tides come twice a month, at new and full moon.\n")
    (notes / "tides.txt").symlink_to(tmp_path / "tides.txt")
    with qtbot.waitSignal(window.indexer.finished, timeout=180000) as done:
        window.settings["index/folders"] = [str(notes)]  # a new library folder is indexed at once
    summary = done.args[0]
    db = default_index_db()
    assert {Path(k.path).name for k in summary.links_outside} == {"shared", "tides.txt"}
    links = Settings()["index/links_outside"]  # persisted, with target and reason
    assert links[str(notes / "shared")]["target"] == str(elsewhere)
    assert "outside the folders you chose" in links[str(notes / "tides.txt")]["reason"]
    assert _indexed(db) == [str(notes / "harbour.txt")]

    window.open_settings()
    dialog = window.settings_dialog
    dialog.tabs.setCurrentIndex(3)  # Library
    panel = dialog.links
    qtbot.waitUntil(lambda: panel.table.isVisible(), timeout=5000)
    table = panel.table
    assert table.rowCount() == 2
    rows = {table.item(r, 1).text(): r for r in range(table.rowCount())}
    row = rows[str(notes / "shared")]
    assert table.item(row, 2).text() == str(elsewhere)
    assert table.item(row, 3).text() == "Outside your library"
    assert "Allow it in Settings" in table.item(row, 3).toolTip()  # the whole reason
    assert table.item(row, 0).checkState() == Qt.CheckState.Unchecked
    assert "2 links found, 0 allowed" in panel.note.text()

    table.item(row, 0).setCheckState(Qt.CheckState.Checked)  # what a click on the box does
    assert Settings()["index/allow_links"] == [str(notes / "shared")]
    assert "2 links found, 1 allowed" in panel.note.text()
    qtbot.wait(50)
    dialog.grab().save(str(tmp_path / "settings-links.png"))

    summary = _run(qtbot, window, notes)  # the next run follows the allowed link, under its own path
    assert [Path(k.path).name for k in summary.links_outside] == ["tides.txt"]
    assert _indexed(db) == [str(notes / "harbour.txt"), str(notes / "shared" / "ferry.txt")]
    assert set(Settings()["index/links_outside"]) == {str(notes / "shared"), str(notes / "tides.txt")}
    row = {table.item(r, 1).text(): r for r in range(table.rowCount())}[str(notes / "shared")]
    assert table.item(row, 0).checkState() == Qt.CheckState.Checked  # still listed, so it can be revoked

    table.item(row, 0).setCheckState(Qt.CheckState.Unchecked)
    assert Settings()["index/allow_links"] == []
    _run(qtbot, window, notes)
    assert _indexed(db) == [str(notes / "harbour.txt")]  # revoked: what it brought in is gone
