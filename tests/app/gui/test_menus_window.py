"""The menus a Mac user expects (issue 38): Edit (Undo, Redo, Cut, Copy, Paste, Select All on the focused widget,
standard shortcuts), Window (Minimize ⌘M, Zoom, Bring All to Front), Help (Alcove Help opens the help book); and no
text anywhere in the window shows a stray "&" as a mnemonic ("Q&A" drawn as "QA" with an underlined A)."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractButton, QApplication, QGroupBox, QMenu, QTabBar

from app.gui import window_menus

SK = QKeySequence.StandardKey
# a lone "&" inside a word ("Q&A") or before a space ("Rock & Roll"): Qt takes it as a mnemonic and hides it
STRAY = re.compile(r"(?<=[^\s&])&(?!&)|(?<!&)&(?=\s|$)")


def _texts(widget_root) -> list[tuple[str, str]]:
    """(where, text) of every text Qt may read a mnemonic in: buttons, group boxes, tab bars, menus."""
    out = []
    for w in QApplication.allWidgets():
        if isinstance(w, QAbstractButton) and w.text():
            out.append((type(w).__name__, w.text()))
        elif isinstance(w, QGroupBox):
            out.append(("QGroupBox", w.title()))
        elif isinstance(w, QTabBar):
            out += [("QTabBar", w.tabText(i)) for i in range(w.count())]
        elif isinstance(w, QMenu):
            out.append(("QMenu", w.title()))
            out += [("QAction", a.text()) for a in w.actions() if a.text()]
    return out


def test_no_stray_mnemonic_in_any_widget_text(qtbot, window):
    window.open_settings()
    dialog = window.settings_dialog
    qtbot.waitUntil(
        lambda: dialog.models.catalog_job is None and dialog.models.scan_job is None, timeout=60000
    )
    for i in range(dialog.tabs.count()):
        dialog.tabs.setCurrentIndex(i)
    window.show_library()
    window.show_welcome()
    texts = _texts(window)
    assert any("Q&&A" in t for _w, t in texts)  # the catalog's title is among what was read
    stray = [(w, t) for w, t in texts if STRAY.search(t)]
    assert not stray, stray


def test_the_mnemonic_check_catches_q_and_a():
    assert STRAY.search("Recommended for document Q&A")
    assert STRAY.search("Rock & Roll")
    assert not STRAY.search("Recommended for document Q&&A")
    assert not STRAY.search("&File")


def test_menu_bar_has_the_mac_menus(qtbot, window):
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert titles == ["File", "Edit", "View", "Window", "Help"]
    acts = window.menu_actions
    for name, key in (("undo", SK.Undo), ("redo", SK.Redo), ("cut", SK.Cut), ("copy", SK.Copy),
                      ("paste", SK.Paste), ("selectAll", SK.SelectAll)):  # fmt: skip
        assert acts[name].shortcut() == QKeySequence(key), name
    assert acts["minimize"].shortcut() == QKeySequence("Ctrl+M")
    edit = window.menus["Edit"]
    assert [a.text() for a in edit.actions()[:7]] == [
        "Undo",
        "Redo",
        "",
        "Cut",
        "Copy",
        "Paste",
        "Select All",
    ]
    assert [a.text() for a in window.menus["Window"].actions() if a.text()] == [
        "Minimize",
        "Zoom",
        "Bring All to Front",
    ]
    assert [a.text() for a in window.menus["Help"].actions()] == ["Alcove Help"]


def test_edit_actions_act_on_the_focused_text_field(qtbot, window):
    window.activateWindow()
    edit = window.chat.composer.edit
    edit.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is edit, timeout=5000)
    edit.setPlainText("")
    qtbot.keyClicks(edit, "hello world")
    acts = window.menu_actions
    acts["selectAll"].trigger()
    assert edit.textCursor().selectedText() == "hello world"
    acts["cut"].trigger()
    assert edit.toPlainText() == "" and QApplication.clipboard().text() == "hello world"
    acts["paste"].trigger()
    acts["paste"].trigger()
    assert edit.toPlainText() == "hello worldhello world"
    acts["undo"].trigger()
    assert edit.toPlainText() == "hello world"
    acts["redo"].trigger()
    assert edit.toPlainText() == "hello worldhello world"
    # a line edit (the chats' search field) too, and the menu's state follows what the widget can do
    field = window.chat.sidebar.search
    field.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is field, timeout=5000)
    field.setText("notes")
    acts["selectAll"].trigger()
    acts["copy"].trigger()
    assert QApplication.clipboard().text() == "notes"
    window.menus["Edit"].aboutToShow.emit()
    assert acts["copy"].isEnabled() and acts["cut"].isEnabled()
    field.deselect()
    window.menus["Edit"].aboutToShow.emit()
    assert not acts["copy"].isEnabled() and not acts["cut"].isEnabled()
    window.menus["Edit"].aboutToHide.emit()
    assert acts["copy"].isEnabled()  # the shortcut works again once the menu is closed


def test_window_menu_minimizes_zooms_and_raises(qtbot, window):
    acts = window.menu_actions
    acts["zoom"].trigger()
    assert window.isMaximized()
    acts["zoom"].trigger()
    assert not window.isMaximized()
    acts["front"].trigger()  # raises every window; nothing to assert offscreen beyond not failing
    acts["minimize"].trigger()
    qtbot.waitUntil(window.isMinimized, timeout=3000)
    window.showNormal()


def test_help_opens_the_help_book(qtbot, window, monkeypatch):
    opened = []
    monkeypatch.setattr(window_menus.QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    window.menu_actions["help"].trigger()
    assert len(opened) == 1 and opened[0].isLocalFile()
    path = Path(opened[0].toLocalFile())
    assert path.is_file() and "Alcove Help" in path.read_text(encoding="utf-8")


def test_settings_keeps_its_preferences_role(qtbot, window):
    from PySide6.QtGui import QAction

    assert window.preferences_action.menuRole() == QAction.MenuRole.PreferencesRole
    roles = {a.menuRole() for a in window.menu_actions.values()}
    assert roles == {
        QAction.MenuRole.NoRole
    }  # nothing moved to the application menu by a guess from its text
