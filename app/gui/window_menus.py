"""The menu bar a Mac user expects: File, Edit (Undo, Redo, Cut, Copy, Paste, Select All on whatever has the focus),
View, Window (Minimize ⌘M, Zoom, Bring All to Front) and Help (Alcove Help; macOS adds its search field to a menu
titled "Help" by itself). Settings… carries ``PreferencesRole`` so Qt moves it to the application menu on macOS;
every other action gets ``NoRole`` so none is moved there by a guess from its text.

Edit actions act on the focused widget, as AppKit sends them down the responder chain: a line edit, a text view,
a spin box's field, an editable combo box. They are enabled only when the focused widget can do them now.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from .style import resources_dir

log = logging.getLogger(__name__)
SK = QKeySequence.StandardKey
EDIT_ACTIONS = (  # (method on the widget, label, shortcut)
    ("undo", "Undo", SK.Undo),
    ("redo", "Redo", SK.Redo),
    (None, "", None),
    ("cut", "Cut", SK.Cut),
    ("copy", "Copy", SK.Copy),
    ("paste", "Paste", SK.Paste),
    ("selectAll", "Select All", SK.SelectAll),
)


def help_path() -> Path:
    """The help book shipped in resources/ (also inside the app bundle)."""
    return resources_dir() / "help" / "index.html"


def open_help() -> bool:
    path = help_path()
    if not path.is_file():
        log.warning("the help file is missing: %s", path)
        return False
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))


def edit_target(widget: QWidget | None) -> QWidget | None:
    """The text widget an Edit command acts on: the focused one, or the field inside a spin box or combo box."""
    if isinstance(widget, QAbstractSpinBox):
        return widget.findChild(QLineEdit)
    if isinstance(widget, QComboBox):
        return widget.lineEdit()
    if isinstance(widget, QLineEdit | QTextEdit | QPlainTextEdit):
        return widget
    return None


def can_do(widget: QWidget | None, name: str) -> bool:
    """Whether ``name`` (undo, cut, ...) does something on ``widget`` now."""
    w = edit_target(widget)
    if w is None:
        return False
    read_only = w.isReadOnly()
    if isinstance(w, QLineEdit):
        selected, has_text = w.hasSelectedText(), bool(w.text())
        undo, redo = w.isUndoAvailable(), w.isRedoAvailable()
    else:
        selected, has_text = w.textCursor().hasSelection(), not w.document().isEmpty()
        undo, redo = w.document().isUndoAvailable(), w.document().isRedoAvailable()
    if isinstance(w, QLineEdit) and w.echoMode() != QLineEdit.EchoMode.Normal and name in ("cut", "copy"):
        return False  # a password field never gives its text away
    return {
        "undo": undo and not read_only,
        "redo": redo and not read_only,
        "cut": selected and not read_only,
        "copy": selected,
        "paste": not read_only and bool(QApplication.clipboard().text()),
        "selectAll": has_text,
    }[name]


def run_edit(name: str) -> bool:
    """Undo, Redo, Cut... on the focused widget; False when there is nothing to act on."""
    w = edit_target(QApplication.focusWidget())
    if w is None or not can_do(w, name):
        return False
    getattr(w, name)()
    return True


def build_menus(win: QMainWindow) -> dict[str, QAction]:
    """Fill ``win``'s menu bar; returns the actions by name (for tests and the window's own use)."""
    bar = win.menuBar()
    acts: dict[str, QAction] = {}
    file = bar.addMenu("&File")
    acts["new_chat"] = file.addAction("New Chat", win._new_chat)
    acts["new_chat"].setShortcut(SK.New)
    file.addAction(win.add_action)
    acts["library"] = file.addAction("Show Library…", win.show_library)
    acts["library"].setShortcut(QKeySequence("Ctrl+Shift+L"))
    file.addSeparator()
    acts["close"] = file.addAction("Close Window", win.close)
    acts["close"].setShortcut(SK.Close)

    edit = bar.addMenu("&Edit")
    for method, label, key in EDIT_ACTIONS:
        if method is None:
            edit.addSeparator()
            continue
        act = edit.addAction(label, lambda m=method: run_edit(m))
        act.setShortcut(key)
        acts[method] = act
    edit.addSeparator()
    acts["stop"] = edit.addAction("Stop Generating", win.chat.stop)
    acts["stop"].setShortcut(QKeySequence("Ctrl+."))
    if sys.platform != "darwin":  # on macOS Settings… lives in the application menu (its role moves it there)
        edit.addSeparator()
    edit.addAction(win.preferences_action)
    edit.aboutToShow.connect(lambda: _update_edit(acts))
    edit.aboutToHide.connect(
        lambda: [acts[m].setEnabled(True) for m, _l, _k in EDIT_ACTIONS if m]
    )  # keys work

    view = bar.addMenu("&View")
    for act in win.pane_actions.actions():
        view.addAction(act)

    window = bar.addMenu("&Window")
    acts["minimize"] = window.addAction("Minimize", win.showMinimized)
    acts["minimize"].setShortcut(QKeySequence("Ctrl+M"))  # ⌘M on macOS
    acts["zoom"] = window.addAction("Zoom", lambda: toggle_zoom(win))
    window.addSeparator()
    acts["front"] = window.addAction("Bring All to Front", bring_all_to_front)

    help_menu = bar.addMenu("&Help")  # macOS puts its Help search field at the top of this menu
    acts["help"] = help_menu.addAction("Alcove Help", open_help)
    acts["help"].setShortcut(QKeySequence("Ctrl+?"))

    for act in win.findChildren(QAction):
        if act is not win.preferences_action and act.menuRole() == QAction.MenuRole.TextHeuristicRole:
            act.setMenuRole(QAction.MenuRole.NoRole)
    win.menus = {m.title().replace("&", ""): m for m in bar.findChildren(QMenu) if m.parent() is bar}
    return acts


def _update_edit(acts: dict[str, QAction]) -> None:
    focus = QApplication.focusWidget()
    for method, _label, _key in EDIT_ACTIONS:
        if method is not None:
            acts[method].setEnabled(can_do(focus, method))


def toggle_zoom(win: QWidget) -> None:
    """Zoom: between the user's size and the largest the screen allows (what the green button does)."""
    win.showNormal() if win.isMaximized() else win.showMaximized()


def bring_all_to_front() -> None:
    for w in QApplication.topLevelWidgets():
        if w.isVisible() and not w.isMinimized() and w.isWindow():
            w.raise_()
    active = QApplication.activeWindow()
    if active is not None:
        active.activateWindow()
