"""The message composer: a growing text box (Return sends, Shift+Return adds a line), Send/Stop, the
"Use my documents" switch and the edit-and-resend banner."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from . import style


class _Edit(QPlainTextEdit):
    submit = Signal()
    escape = Signal()

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt API
        key, mods = event.key(), event.modifiers()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not mods & Qt.KeyboardModifier.ShiftModifier:
            self.submit.emit()
            return
        if key == Qt.Key.Key_Escape:
            self.escape.emit()
            return
        super().keyPressEvent(event)


class Composer(QFrame):
    send_requested = Signal(str)
    stop_requested = Signal()
    edit_cancelled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("Composer")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(20, 10, 20, 12)
        outer.setSpacing(6)
        self.banner = QLabel()
        self.banner.setObjectName("EditingBanner")
        self.banner.hide()
        outer.addWidget(self.banner)
        box = QFrame()
        box.setObjectName("ComposerBox")
        row = QHBoxLayout(box)
        row.setContentsMargins(12, 6, 6, 6)
        row.setSpacing(8)
        self.edit = _Edit()
        self.edit.setObjectName("ComposerEdit")
        self.edit.setPlaceholderText("Message Alcove")
        self.edit.setFrameShape(QFrame.Shape.NoFrame)
        self.edit.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.edit.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.edit.setTabChangesFocus(True)
        self.edit.submit.connect(self._submit)
        self.edit.escape.connect(self.cancel_edit)
        self.edit.textChanged.connect(self._grow)
        row.addWidget(self.edit, 1)
        self.send_button = QToolButton()
        self.send_button.setObjectName("SendButton")
        style.set_icon(self.send_button, "send", "#ffffff")
        self.send_button.setToolTip("Send (Return)")
        self.send_button.setAccessibleName("Send")
        self.send_button.clicked.connect(self._submit)
        self.stop_button = QToolButton()
        self.stop_button.setObjectName("StopButton")
        style.set_icon(self.stop_button, "stop", "base")
        self.stop_button.setToolTip("Stop generating (⌘.)")
        self.stop_button.setAccessibleName("Stop")
        self.stop_button.clicked.connect(self.stop_requested)
        self.stop_button.hide()
        row.addWidget(self.send_button, 0, Qt.AlignmentFlag.AlignBottom)
        row.addWidget(self.stop_button, 0, Qt.AlignmentFlag.AlignBottom)
        outer.addWidget(box)
        options = QHBoxLayout()
        options.setContentsMargins(4, 0, 4, 0)
        self.use_documents = QCheckBox("Use my documents")
        self.use_documents.setToolTip("Answer from your indexed files, with numbered sources")
        options.addWidget(self.use_documents)
        self.hint = QLabel("Return to send  ·  Shift+Return for a new line")
        self.hint.setObjectName("Muted")
        # The hint gives way when the window is narrow (the source viewer open at 800 px): it never widens it.
        self.hint.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.hint.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        options.addWidget(self.hint, 1)
        outer.addLayout(options)
        self.editing_id: int | None = None
        self._busy = False
        self._grow()
        self._sync()
        self.edit.textChanged.connect(self._sync)

    def text(self) -> str:
        return self.edit.toPlainText()

    def set_text(self, text: str) -> None:
        self.edit.setPlainText(text)
        self.edit.moveCursor(self.edit.textCursor().MoveOperation.End)

    def set_busy(self, busy: bool) -> None:
        self._busy = busy
        self.send_button.setVisible(not busy)
        self.stop_button.setVisible(busy)
        self._sync()

    def begin_edit(self, message_id: int, text: str) -> None:
        self.editing_id = message_id
        self.set_text(text)
        self.banner.setText("Editing a message: sending replaces it and everything after it.  Esc cancels.")
        self.banner.show()
        self.edit.setFocus()

    @Slot()
    def cancel_edit(self) -> None:
        if self.editing_id is None:
            return
        self.editing_id = None
        self.banner.hide()
        self.edit.clear()
        self.edit_cancelled.emit()

    def end_edit(self) -> None:
        self.editing_id = None
        self.banner.hide()

    @Slot()
    def _submit(self) -> None:
        text = self.text().strip()
        if not text or self._busy:
            return
        self.send_requested.emit(text)

    @Slot()
    def _sync(self) -> None:
        self.send_button.setEnabled(bool(self.text().strip()) and not self._busy)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        room = self.width() - self.use_documents.sizeHint().width() - 60
        self.hint.setVisible(room >= self.hint.sizeHint().width())

    @Slot()
    def _grow(self) -> None:
        lines = max(1, min(8, int(self.edit.document().size().height())))
        metrics = self.edit.fontMetrics()
        self.edit.setFixedHeight(lines * metrics.lineSpacing() + 12)
