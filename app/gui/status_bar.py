"""Pieces of the window's status bar: labels that shorten at a word with "…" instead of being cut mid-word when the
window is narrow (800×500), the index's size as SQLite will hold it (the same number before and after a relaunch),
and the notification when a long job ends while the user is in another app."""

from __future__ import annotations

import logging
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QLabel, QSizePolicy, QWidget

from engine.index import IndexStore

log = logging.getLogger(__name__)


def elide_words(text: str, metrics: QFontMetrics, width: int) -> str:
    """``text`` if it fits in ``width`` pixels, else as many whole words as fit followed by "…" (a single word too
    long for the space is shortened inside it, the only way left)."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        candidate = " ".join(words).rstrip(" ·,;:.-") + "…"
        if metrics.horizontalAdvance(candidate) <= width:
            return candidate
    return metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)


class ElidedLabel(QLabel):
    """A one-line label that gives up space when the bar is narrow, shortening its text at a word boundary (the whole
    text stays in the tooltip). ``text()`` is the whole text."""

    def __init__(self, text: str = "", parent: QWidget | None = None, *, min_width: int = 48) -> None:
        super().__init__(parent)
        self._full = ""
        self.setMinimumWidth(min_width)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt API
        self._full = text or ""
        self._refit()
        self.updateGeometry()

    def text(self) -> str:
        return self._full

    def shown_text(self) -> str:
        return super().text()

    # Layouts ask these often: no call into Qt that returns nothing (each costs None a reference under PySide6
    # 6.12 on CPython 3.11, see the commit that added this), only ones that return values.
    def sizeHint(self):  # noqa: N802 - Qt API
        margins = self.contentsMargins()
        width = self.fontMetrics().horizontalAdvance(self._full) + margins.left() + margins.right() + 2
        return QSize(width, super().sizeHint().height())

    def minimumSizeHint(self):  # noqa: N802 - Qt API
        return QSize(self.minimumWidth(), super().minimumSizeHint().height())

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._refit()

    def _refit(self) -> None:
        margins = self.contentsMargins()
        room = max(0, self.width() - margins.left() - margins.right() - 2)
        shown = elide_words(self._full, self.fontMetrics(), room) if self.isVisible() else self._full
        if shown != super().text():
            super().setText(shown)
            if shown != self._full:
                self.setToolTip(self._full)


def index_size(db: Path) -> int:
    """The bytes the index takes as SQLite sees it: pages × page size, read through the write-ahead log. The same
    number while the app runs (the new pages still in the -wal file) and after a relaunch (checkpointed into the
    main file), where adding up the files on disk said 7.4 MB before and 3.1 MB after. 0 when there is none."""
    db = Path(db)
    if not db.is_file():
        return 0
    try:
        con = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True, timeout=0.2)
        try:
            pages = con.execute("PRAGMA page_count").fetchone()[0]
            size = con.execute("PRAGMA page_size").fetchone()[0]
        finally:
            con.close()
        return int(pages) * int(size)
    except sqlite3.Error as exc:  # locked for a moment, or not an index: the file's own size
        log.info("index size from the file (%s)", exc)
        return db.stat().st_size


def library_documents(db: Path) -> int:
    """Documents indexed in the library now (0: none, or no index yet)."""
    if not Path(db).is_file():
        return 0
    try:
        with IndexStore(Path(db), read_only=True) as store:
            return int(store.document_count("indexed"))
    except Exception as exc:  # noqa: BLE001 - a locked or damaged index reads as none here; a run says why
        log.info("cannot count the library's documents: %s", exc)
        return 0


def notify(window: QWidget, title: str, text: str) -> str:
    """Tell the user a long job ended. In the window's status bar it is the caller's notice; when Alcove is not the
    active app the Dock icon bounces (``QApplication.alert``) and a system notification is posted: on macOS through
    ``osascript``'s ``display notification`` (Notification Center), elsewhere ``notify-send`` when installed.
    Returns how it was delivered ("window", "alert", "system")."""
    if window.isActiveWindow():
        return "window"
    QApplication.alert(window, 0)
    argv: list[str] | None = None
    if sys.platform == "darwin":
        script = f"display notification {_applescript(text)} with title {_applescript(title)}"
        argv = ["osascript", "-e", script]
    elif shutil.which("notify-send"):
        argv = ["notify-send", "--app-name=Alcove", title, text]
    if argv is None:
        return "alert"
    try:
        subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # noqa: S603 - fixed argv
    except OSError as exc:
        log.info("no system notification: %s", exc)
        return "alert"
    return "system"


def _applescript(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
