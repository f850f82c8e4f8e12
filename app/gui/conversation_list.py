"""The chat sidebar: search field, New Chat, the conversation list with rename / delete."""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from . import style
from .chat_store import ChatStore, Conversation

_ID = Qt.ItemDataRole.UserRole


class ConversationList(QFrame):
    selected = Signal(int)  # conversation id, or 0 when none is left
    new_requested = Signal()

    def __init__(self, store: ChatStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("Sidebar")
        self.store = store
        self.setMinimumWidth(200)
        self.setMaximumWidth(360)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 10, 0, 8)
        layout.setSpacing(8)
        top = QHBoxLayout()
        top.setContentsMargins(10, 0, 10, 0)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search chats")
        self.search.setClearButtonEnabled(True)
        style.set_icon(
            self.search.addAction(QIcon(), QLineEdit.ActionPosition.LeadingPosition), "search", "muted"
        )
        self.search.textChanged.connect(self.refresh)
        self.new_button = QToolButton()
        style.set_icon(self.new_button, "new")
        self.new_button.setToolTip("New chat (⌘N)")
        self.new_button.setAccessibleName("New chat")
        self.new_button.setAutoRaise(True)
        self.new_button.clicked.connect(self.new_requested)
        top.addWidget(self.search, 1)
        top.addWidget(self.new_button)
        layout.addLayout(top)
        header = QLabel("CHATS")
        header.setObjectName("SidebarHeader")
        layout.addWidget(header)
        self.list = QListWidget()
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._menu)
        self.list.currentItemChanged.connect(self._changed)
        self.list.itemDoubleClicked.connect(lambda item: self.rename(item.data(_ID)))
        layout.addWidget(self.list, 1)
        self.empty = QLabel("No chats match your search.")
        self.empty.setObjectName("EmptyState")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.empty.setContentsMargins(14, 6, 14, 0)
        self.empty.hide()
        layout.insertWidget(
            layout.indexOf(self.list), self.empty
        )  # under the header, where the first chat goes
        self._current = 0

    def current_id(self) -> int:
        return self._current

    @Slot()
    def refresh(self, *_args, select: int | None = None) -> None:
        want = self._current if select is None else select
        query = self.search.text()
        convs = self.store.conversations(query)
        self.list.blockSignals(True)
        self.list.clear()
        for conv in convs:
            item = QListWidgetItem(conv.title)
            item.setData(_ID, conv.id)
            item.setToolTip(f"{conv.title}\n{_when(conv)}")
            self.list.addItem(item)
            if conv.id == want:
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        searching = bool(query.strip())
        self.empty.setText(
            "No chats match your search."
            if searching
            else "No chats yet. Your conversations will be listed here."
        )
        self.empty.setVisible(not convs)  # never a bare "CHATS" header over an empty list
        self._current = want

    def select(self, conversation_id: int) -> None:
        self.refresh(select=conversation_id)
        self.selected.emit(conversation_id)

    @Slot(QListWidgetItem, QListWidgetItem)
    def _changed(self, item: QListWidgetItem | None, _prev) -> None:
        if item is None:
            return
        self._current = int(item.data(_ID))
        self.selected.emit(self._current)

    def _menu(self, pos) -> None:
        item = self.list.itemAt(pos)
        if item is None:
            return
        cid = int(item.data(_ID))
        menu = QMenu(self)
        menu.addAction("Rename…", lambda: self.rename(cid))
        menu.addSeparator()
        menu.addAction("Delete…", lambda: self.delete(cid))
        menu.exec(self.list.viewport().mapToGlobal(pos))

    def rename(self, conversation_id: int) -> None:
        conv = self.store.conversation(conversation_id)
        if conv is None:
            return
        title, ok = QInputDialog.getText(self, "Rename Chat", "Name:", QLineEdit.EchoMode.Normal, conv.title)
        if ok and title.strip():
            self.store.rename(conversation_id, title)
            self.refresh()

    def delete(self, conversation_id: int, *, confirm: bool = True) -> None:
        conv = self.store.conversation(conversation_id)
        if conv is None:
            return
        if confirm:
            answer = QMessageBox.question(
                self,
                "Delete Chat",
                f"Delete “{conv.title}”? This cannot be undone.",
                QMessageBox.StandardButton.Cancel | QMessageBox.StandardButton.Yes,
                QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.store.delete(conversation_id)
        remaining = self.store.conversations()
        next_id = remaining[0].id if remaining else 0
        if conversation_id == self._current:
            self.refresh(select=next_id)
            self.selected.emit(next_id)
        else:
            self.refresh()


def _when(conv: Conversation) -> str:
    return dt.datetime.fromtimestamp(conv.updated).strftime("%-d %b %Y, %H:%M")
