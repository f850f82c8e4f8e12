"""The window's own parts at Mac standard (issue 38): the status bar at 800×500 shortens by words, never cut
mid-word; the toolbar keeps its height across a theme change; the dark "Use my documents" box is visible; the first
run shows a welcome with the model's loading and a drop target; one name per model; an empty library cannot be
asked; the index size is the same before and after a relaunch; a failed chat sent again leaves one title."""

from __future__ import annotations

import sqlite3

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel

from app.gui import style
from app.gui.chat_store import ChatStore
from app.gui.metrics import index_bytes
from app.gui.model_identity import display_name, info_name
from app.gui.status_bar import ElidedLabel, index_size
from app.gui.status_center import NOTICE
from app.gui.wait_status import model_name

LONG = ("Indexing finished: 125 indexed, 3 skipped; not read: 4 .png, 2 .zip. Library: 125 documents, 9,412 "
        "passages.")  # fmt: skip


def test_status_bar_at_800x500_shortens_by_words(qtbot, window):
    window.resize(800, 500)
    window.show_message(LONG, NOTICE)
    window.models_label.setText("SmolLM2-135M Instruct (built-in)  ·  all-MiniLM-L6-v2 (built-in)")
    qtbot.wait(50)
    bar = window.statusBar()
    labels = [w for w in bar.findChildren(QLabel) if w.isVisible() and w.text()]
    assert window.notice_label in labels and window.models_label in labels
    for label in labels:
        shown = label.shown_text() if isinstance(label, ElidedLabel) else label.text()
        room = label.contentsRect().width()
        assert label.fontMetrics().horizontalAdvance(shown) <= room + 1, (label.text(), shown, room)
        assert label.mapTo(window, label.rect().topRight()).x() <= window.width(), label.text()
        if shown != label.text():  # shortened: whole words, then "…"
            assert shown.endswith("…")
            kept = shown[:-1].split()
            whole = label.text().split()[: len(kept)]
            assert kept and whole[:-1] == kept[:-1] and whole[-1].rstrip(".,;:") == kept[-1], (
                shown,
                label.text(),
            )
    assert window.notice_label.toolTip() == LONG


def test_toolbar_height_stays_across_a_theme_change(qtbot, window):
    before = window.toolbar.height()
    window.settings["appearance/theme"] = "dark"
    qtbot.wait(50)
    assert window.toolbar.height() == before  # 66 -> 78 px before
    window.settings["appearance/theme"] = "light"
    qtbot.wait(50)
    assert window.toolbar.height() == before


def _contrast(widget) -> float:
    """The largest difference in lightness between the box's indicator area and the background beside it."""
    image = widget.grab().toImage()
    h = image.height()
    background = QColor(image.pixel(image.width() - 2, h // 2)).lightnessF()
    box = [QColor(image.pixel(x, y)).lightnessF() for x in range(0, min(20, image.width())) for y in range(h)]
    return max(abs(v - background) for v in box)


def test_dark_use_my_documents_box_is_visible(qtbot, window):
    window.settings["appearance/theme"] = "dark"
    qtbot.wait(50)
    box = window.chat.composer.use_documents
    box.setEnabled(True)
    box.setChecked(False)
    assert style.is_dark()
    assert _contrast(box) >= 0.25  # a near-invisible dark square before
    window.settings["appearance/theme"] = "light"


def test_first_run_welcome_shows_the_load_and_a_drop_target(qtbot, window):
    assert window.first_run()
    window.show_welcome()
    assert window.welcome.isVisible() and not window.stack.isVisible()
    assert window.welcome.drop.isVisible() and window.welcome.choose_button.isVisible()
    label, shown = window.welcome.model_label, []
    set_text = label.setText
    label.setText = lambda text: (shown.append(text), set_text(text))  # every line it showed, however fast
    window.start()
    qtbot.waitUntil(lambda: window.welcome.progress.isVisible(), timeout=30000)
    qtbot.waitUntil(lambda: "chat" in window.models, timeout=120000)
    assert any(t.startswith("Loading") for t in shown), shown  # a load from warm files may end within a frame
    qtbot.waitUntil(lambda: "ready" in window.welcome.model_label.text(), timeout=30000)
    assert window.welcome.progress.value() == window.welcome.progress.maximum()
    spec = window.settings["models/chat"]
    assert window.settings["models/load_seconds"].get(spec, 0) > 0  # the next load's bar fills toward this
    window.welcome.start_button.click()
    assert not window.welcome.isVisible() and window.stack.isVisible()
    assert window.settings["ui/welcomed"] and not window.first_run()


def test_empty_sidebar_says_so_instead_of_a_bare_header(qtbot, window):
    sidebar = window.chat.sidebar
    sidebar.refresh()
    assert sidebar.empty.isVisible() and "No chats yet" in sidebar.empty.text()


def test_one_name_per_model():
    assert display_name("default") == "SmolLM2-135M Instruct (built-in)"
    assert model_name("default") == display_name("default")  # the reply's wait line says the same

    class Info:
        name, source = "SmolLM2-135M-Instruct", "default"

    assert info_name(Info()) == display_name("default")  # the status bar, once loaded
    assert (
        display_name("gemma3-270m")
        == display_name("gemma-3-270m", source="default")
        == "Gemma 3 270M (built-in)"
    )
    assert display_name("default", role="embedder") == "all-MiniLM-L6-v2 (built-in)"
    assert display_name("/models/Qwen3-4B-4bit/") == "Qwen3-4B-4bit"
    assert display_name("/models/qwen.Q4_K_M.gguf") == "qwen.Q4_K_M"


def test_empty_library_cannot_be_asked(qtbot, window):
    box = window.chat.composer.use_documents
    assert not box.isEnabled()
    assert "library" in box.toolTip().lower()
    assert window.index_label.text() == "No documents yet"
    assert "danger" not in window.index_label.styleSheet()


def test_index_size_is_the_same_before_and_after_a_relaunch(tmp_path):
    db = tmp_path / "index.sqlite3"
    con = sqlite3.connect(db)
    con.execute("PRAGMA journal_mode = WAL")
    con.execute("PRAGMA wal_autocheckpoint = 0")
    con.execute("CREATE TABLE t (x BLOB)")
    con.executemany("INSERT INTO t VALUES (?)", [(b"x" * 4000,) for _ in range(500)])
    con.commit()
    running = index_size(db)
    on_disk_running = index_bytes(db)  # what the status bar added up before: main file + -wal + -shm
    con.close()  # the app quits: the log is checkpointed into the main file and removed
    relaunched = index_size(db)
    assert running == relaunched > 1_000_000
    assert on_disk_running != index_bytes(db)  # the sum of the files is what changed across the relaunch


def test_a_failed_chat_sent_again_leaves_one_title(tmp_path):
    store = ChatStore(tmp_path / "chats.sqlite3")
    failed = store.create_conversation("What does the contract say")
    store.add_message(failed.id, "user", "What does the contract say")
    store.add_message(
        failed.id, "assistant", "", {"error": "The model could not be loaded", "finish_reason": "error"}
    )
    again = store.create_conversation("What does the contract say")
    titles = [c.title for c in store.conversations()]
    assert titles == ["What does the contract say"] and store.conversation(failed.id) is None
    store.add_message(again.id, "user", "What does the contract say")
    store.add_message(again.id, "assistant", "It says …", {})
    third = store.create_conversation("What does the contract say")  # a kept answer is never replaced
    assert third.title == "What does the contract say (2)" and store.conversation(again.id) is not None
    store.close()
