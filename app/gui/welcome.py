"""The first-run welcome: what Alcove is, the chat model loading with its progress (instead of a bare "Loading…"
for the 20-48 s a first load can take), and a drop target for a folder of documents. It shows until the user
starts chatting; a later launch goes straight to the chat.

The load's progress is honest: the engine does not report a load's fraction, so the bar fills toward the time
this model's last load took on this Mac (remembered in ``models/load_seconds``) and stays indeterminate, with the
seconds elapsed, for a model never loaded here."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from . import style
from .metrics import format_duration
from .model_identity import display_name

TICK_MS = 250


def load_fraction(elapsed: float, expected: float | None) -> float | None:
    """How far a load is, from the time it took last time: None when unknown; never 1 before it has ended."""
    if not expected or expected <= 0:
        return None
    return min(0.95, elapsed / expected)


class WelcomeView(QWidget):
    """The welcome page: model loading, a drop target, Start Chatting."""

    start_chatting = Signal()
    choose_folder = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("Welcome")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self._since = 0.0
        self._expected: float | None = None
        self._spec = ""
        outer = QVBoxLayout(self)
        outer.setContentsMargins(32, 12, 32, 12)  # fits an 800x500 window with the status bar
        outer.addStretch(1)
        column = QVBoxLayout()
        column.setSpacing(10)
        title = QLabel("Welcome to Alcove")
        title.setObjectName("WelcomeTitle")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lead = QLabel(
            "Chat with a language model that runs entirely on this Mac, and ask about your own documents."
        )
        lead.setObjectName("EmptyState")
        lead.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lead.setWordWrap(True)
        column.addWidget(title)
        column.addWidget(lead)
        column.addSpacing(10)

        self.model_label = QLabel()
        self.model_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.model_label.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setObjectName("WelcomeProgress")
        self.progress.setTextVisible(False)
        self.progress.setFixedHeight(6)
        self.progress.setRange(0, 1000)
        self.load_status = QLabel()
        self.load_status.setObjectName("Muted")
        self.load_status.setAlignment(Qt.AlignmentFlag.AlignCenter)
        column.addWidget(self.model_label)
        column.addWidget(self.progress)
        column.addWidget(self.load_status)
        column.addSpacing(14)

        self.drop = QFrame()
        self.drop.setObjectName("WelcomeDrop")
        self.drop.setMinimumHeight(150)
        drop_col = QVBoxLayout(self.drop)
        drop_col.setContentsMargins(20, 16, 20, 16)
        drop_col.setSpacing(6)
        icon = QLabel()
        icon.setPixmap(style.icon("drop", "accent", 36).pixmap(36, 36))
        icon.setAlignment(Qt.AlignmentFlag.AlignCenter)
        drop_title = QLabel("Drop a folder of documents here")
        drop_title.setObjectName("PaneTitle")
        drop_title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        drop_note = QLabel(
            "Alcove reads it and makes it searchable, so you can ask about it. Nothing leaves this Mac."
        )
        drop_note.setObjectName("Muted")
        drop_note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        drop_note.setWordWrap(True)
        self.choose_button = QPushButton("Choose Folder…")
        self.choose_button.clicked.connect(self.choose_folder)
        choose_row = QHBoxLayout()
        choose_row.addStretch(1)
        choose_row.addWidget(self.choose_button)
        choose_row.addStretch(1)
        for w in (icon, drop_title, drop_note):
            drop_col.addWidget(w)
        drop_col.addLayout(choose_row)
        column.addWidget(self.drop)
        column.addSpacing(10)

        self.start_button = QPushButton("Start Chatting")
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.start_chatting)
        start_row = QHBoxLayout()
        start_row.addStretch(1)
        start_row.addWidget(self.start_button)
        start_row.addStretch(1)
        column.addLayout(start_row)

        holder = QHBoxLayout()
        holder.addStretch(1)
        box = QWidget()
        box.setLayout(column)
        box.setMaximumWidth(560)
        holder.addWidget(box, 10)
        holder.addStretch(1)
        outer.addLayout(holder)
        outer.addStretch(1)
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)
        self.set_idle("default")

    def set_idle(self, spec: str) -> None:
        self._spec = spec
        self.model_label.setText(f"Chat model: <b>{display_name(spec)}</b>")
        self.progress.hide()
        self.load_status.setText("It loads when you send your first message.")

    @Slot(str, object)
    def loading(self, spec: str, expected_s: float | None) -> None:
        """A load of ``spec`` began; ``expected_s``: how long its last load here took (None: never loaded)."""
        self._spec, self._expected, self._since = spec, expected_s, time.monotonic()
        self.model_label.setText(f"Loading <b>{display_name(spec)}</b>")
        self.progress.show()
        self._tick()
        self._timer.start()

    @Slot(object)
    def loaded(self, info: object | None) -> None:
        self._timer.stop()
        self.progress.setRange(0, 1000)
        self.progress.setValue(1000)
        seconds = getattr(info, "load_time_s", None)
        took = f" in {format_duration(seconds)}" if seconds else ""
        self.model_label.setText(f"<b>{display_name(self._spec)}</b> is ready")
        self.load_status.setText(f"Loaded{took}. Start chatting, or drop documents here first.")

    @Slot(str)
    def failed(self, why: str) -> None:
        self._timer.stop()
        self.progress.hide()
        self.model_label.setText(f"<b>{display_name(self._spec)}</b> could not be loaded")
        self.load_status.setText(why)

    def _tick(self) -> None:
        elapsed = time.monotonic() - self._since
        fraction = load_fraction(elapsed, self._expected)
        if fraction is None:
            self.progress.setRange(0, 0)  # busy: no measure of this load yet
            self.load_status.setText(f"First load on this Mac · {format_duration(elapsed)}")
        else:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(1000 * fraction))
            left = max(0.0, (self._expected or 0) - elapsed)
            self.load_status.setText(f"About {format_duration(left)} left" if left >= 1 else "Almost ready…")
