"""The window keeps conversations' prompt caches on disk (Settings > General), in the app's cache folder."""

from __future__ import annotations

from PySide6.QtCore import Qt

from engine.core.paths import cache_dir


def test_a_reply_leaves_its_prompt_cache_on_disk_and_the_setting_turns_it_off(qtbot, window):
    store = window.bridge.engine.prompt_cache
    folder = cache_dir() / "prompt-cache"
    qtbot.waitUntil(lambda: store.files is not None, timeout=20000)
    assert store.files.folder == folder and store.files.budget_bytes == int(4.0 * 1e9)
    window.settings["sampling/max_tokens"] = 8
    window.chat.composer.edit.setPlainText("Remember this conversation")
    qtbot.keyClick(window.chat.composer.edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.chat.busy, timeout=60000)
    qtbot.waitUntil(lambda: bool(list(folder.glob("*.safetensors"))), timeout=20000)
    window.settings["cache/prompt_disk_gb"] = 0.5
    qtbot.waitUntil(
        lambda: store.files is not None and store.files.budget_bytes == int(0.5 * 1e9), timeout=20000
    )
    window.settings["cache/persist_prompts"] = False
    qtbot.waitUntil(lambda: store.files is None, timeout=20000)
