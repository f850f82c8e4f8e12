"""The translucent "Drop to add to your library" sheet shown while files are dragged over the window."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from .. import style


def local_paths(mime: QMimeData) -> list[str]:
    """Local files and folders in a drag (remote URLs are ignored)."""
    if not mime.hasUrls():
        return []
    return [u.toLocalFile() for u in mime.urls() if u.isLocalFile() and u.toLocalFile()]


class DropOverlay(QFrame):
    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("DropOverlay")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        lay = QVBoxLayout(self)
        lay.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.icon = QLabel()
        self.icon.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title = QLabel("Drop to add to your library")
        self.title.setObjectName("DropTitle")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.note = QLabel("Files and folders are indexed on this Mac so you can search and chat with them.")
        self.note.setObjectName("EmptyState")
        self.note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(self.icon)
        lay.addWidget(self.title)
        lay.addWidget(self.note)
        self.hide()

    def show_for(self, count: int) -> None:
        self.icon.setPixmap(style.icon("drop", "accent", 48).pixmap(48, 48))
        what = "item" if count == 1 else "items"
        self.title.setText(f"Drop {count} {what} to add to your library")
        parent = self.parentWidget()
        self.setGeometry(parent.rect().adjusted(16, 16, -16, -16))
        self.raise_()
        self.show()
