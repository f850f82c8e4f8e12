"""Hand a document to the system: its default application (a PDF at its page, ``#page=N``, honoured by Preview, Skim
and browsers), Quick Look, or the file manager with the file selected. Inside Alcove, sources open in
app.gui.source_viewer.

Wherever a file is listed (the Library window, search results), ``install_file_actions(view, path_of)`` gives the
view what Finder users expect: Space toggles Quick Look of the selected file, and a context menu offers Quick Look,
Open, and Reveal in Finder ("Show in Folder" elsewhere). On macOS Quick Look is ``qlmanage -p FILE`` (the Quick
Look panel without Finder) and Reveal is ``open -R FILE`` (Finder, the file selected); on Linux the file opens in its
default application (there is no system-wide Quick Look) and the folder that holds it opens in the file manager
(``xdg-open`` through QDesktopServices).
"""

from __future__ import annotations

import logging
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, QUrl
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QMenu

log = logging.getLogger(__name__)
REVEAL_LABEL = "Reveal in Finder" if sys.platform == "darwin" else "Show in Folder"
QUICK_LOOK_LABEL = "Quick Look"


def location_url(path: str, page: int | None = None) -> QUrl:
    url = QUrl.fromLocalFile(str(path))
    if page and Path(path).suffix.lower() == ".pdf":
        url.setFragment(f"page={int(page)}")
    return url


def open_in_default_app(path: str, page: int | None = None) -> bool:
    """The system's default application for the file (Preview, TextEdit, ...), at the page for a PDF."""
    if not path or not Path(path).exists():
        return False
    return QDesktopServices.openUrl(location_url(path, page))


def reveal_argv(path: str, platform: str = sys.platform) -> list[str] | None:
    """The command that shows ``path`` selected in the file manager; None: open its folder instead."""
    return ["open", "-R", str(path)] if platform == "darwin" else None


def quick_look_argv(path: str, platform: str = sys.platform) -> list[str] | None:
    """The command that previews ``path`` in Quick Look; None: no Quick Look here (open it instead)."""
    return ["qlmanage", "-p", str(path)] if platform == "darwin" else None


def _spawn(argv: list[str]) -> bool:
    try:
        subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # noqa: S603 - fixed argv
    except OSError as exc:
        log.warning("%s failed: %s", argv[0], exc)
        return False
    return True


def reveal_in_file_manager(path: str) -> bool:
    """Finder with the file selected (``open -R``); elsewhere the folder that holds it."""
    if not path or not Path(path).exists():
        return False
    argv = reveal_argv(path)
    if argv is not None:
        return _spawn(argv)
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(Path(path).parent)))


def quick_look(path: str) -> bool:
    """Quick Look of the file (``qlmanage -p``); elsewhere the file in its default application."""
    if not path or not Path(path).exists():
        return False
    argv = quick_look_argv(path)
    if argv is not None:
        return _spawn(argv)
    return open_in_default_app(path)


class FileActions(QObject):
    """Quick Look (Space), Open and Reveal for the file under a list or table's current row. Keep the returned
    object: it is parented to the view and lives as long as it does."""

    def __init__(self, view: QAbstractItemView, path_of: Callable[[QModelIndex], str | None]) -> None:
        super().__init__(view)
        self.view, self.path_of = view, path_of
        self.quick_look_action = QAction(QUICK_LOOK_LABEL, view)
        self.quick_look_action.setShortcut(QKeySequence(Qt.Key.Key_Space))
        self.quick_look_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.quick_look_action.triggered.connect(lambda: quick_look(self.current_path() or ""))
        self.open_action = QAction("Open", view)
        self.open_action.triggered.connect(lambda: open_in_default_app(self.current_path() or ""))
        self.reveal_action = QAction(REVEAL_LABEL, view)
        self.reveal_action.setShortcut(
            QKeySequence("Ctrl+Shift+R")
        )  # ⇧⌘R, as in Xcode and Safari's downloads
        self.reveal_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.reveal_action.triggered.connect(lambda: reveal_in_file_manager(self.current_path() or ""))
        for act in self.actions():
            act.setMenuRole(QAction.MenuRole.NoRole)
            view.addAction(act)
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._menu)
        view.installEventFilter(self)

    def actions(self) -> list[QAction]:
        return [self.quick_look_action, self.open_action, self.reveal_action]

    def current_path(self) -> str | None:
        index = self.view.currentIndex()
        return self.path_of(index) if index.isValid() else None

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        """Space in the view is Quick Look (a table would otherwise use it to select)."""
        if obj is self.view and event.type() == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_Space:
            if not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
                path = self.current_path()
                if path:
                    quick_look(path)
                    return True
        return super().eventFilter(obj, event)

    def _menu(self, pos) -> None:
        index = self.view.indexAt(pos)
        if not index.isValid():
            return
        self.view.setCurrentIndex(index)
        menu = QMenu(self.view)
        for act in self.actions():
            menu.addAction(act)
        menu.exec(self.view.viewport().mapToGlobal(pos))


def install_file_actions(
    view: QAbstractItemView, path_of: Callable[[QModelIndex], str | None]
) -> FileActions:
    """Space for Quick Look, and Quick Look / Open / Reveal in Finder in the context menu of ``view``; ``path_of``
    gives the file of a row (None: the row is not a file)."""
    return FileActions(view, path_of)
