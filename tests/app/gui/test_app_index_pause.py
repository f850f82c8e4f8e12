"""The indexing strip says when the run waits for a chat: the engine's scheduler state reaches the window."""

from __future__ import annotations

import threading


def test_indexing_pauses_while_interactive_work_holds_the_engine(qtbot, window, tmp_path):
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(60):
        (folder / f"note{i}.txt").write_text(f"Note {i}. " + "Plain words about gardens and bread. " * 80)
    window.index_paths([str(folder)])
    qtbot.waitUntil(lambda: window.index_panel.bar.maximum() > 0, timeout=60000)
    release = threading.Event()
    # Interactive work (as a chat is) takes the engine between two embedding batches; the run waits for it.
    window.bridge.engine._thread.submit(release.wait, 60)
    with qtbot.waitSignal(window.indexer.paused_changed, timeout=20000) as paused:
        pass
    assert paused.args == [True]
    assert "paused while you chat" in window.index_panel.title.text()
    qtbot.wait(100)  # let the layout give the longer title its width
    window.index_panel.grab().save(str(tmp_path / "index-paused.png"))
    with qtbot.waitSignal(window.indexer.paused_changed, timeout=20000) as resumed:
        release.set()
    assert resumed.args == [False]
    assert "paused" not in window.index_panel.title.text()
    with qtbot.waitSignal(window.indexer.finished, timeout=180000) as done:
        window.index_panel.cancel_button.click()
    assert done.args[0] is not None
