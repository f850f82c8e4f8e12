"""No silent crashes: every unexpected exception is logged to the log folder and shown in a dialog.

``sys.excepthook`` (which also receives qasync ``asyncSlot`` errors) and ``threading.excepthook`` both route to an
``ErrorReporter`` that shows a dialog on the GUI thread (a queued signal when raised elsewhere).
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
import threading
import traceback
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

log = logging.getLogger(__name__)
LOG_FILE_NAME = "alcove.log"


def setup_logging(folder: Path | None = None, level: int = logging.INFO) -> Path:
    """Log to a rotating file in the platformdirs log folder (~/Library/Logs/Alcove on macOS)."""
    if folder is None:
        from engine.core import log_dir

        folder = log_dir()
    path = Path(folder) / LOG_FILE_NAME
    root = logging.getLogger()
    if not any(getattr(h, "_alcove", False) for h in root.handlers):
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=2_000_000, backupCount=3, encoding="utf-8"
        )
        handler.setFormatter(
            logging.Formatter("%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s")
        )
        handler._alcove = True  # type: ignore[attr-defined]
        root.addHandler(handler)
    root.setLevel(level)
    return path


def show_error(parent: QWidget | None, title: str, message: str, details: str = "") -> None:
    """A native-looking alert: title in bold, the user-facing sentence below, the traceback folded away."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("Alcove")
    box.setText(title)
    box.setInformativeText(message)
    if details:
        box.setDetailedText(details)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.setWindowModality(Qt.WindowModality.WindowModal if parent else Qt.WindowModality.ApplicationModal)
    box.exec()


class ErrorReporter(QObject):
    """Receives exceptions from any thread and shows them one at a time on the GUI thread."""

    reported = Signal(str, str, str)  # title, message, details

    def __init__(self, log_path: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.log_path = log_path
        self._showing = False
        self._previous_hooks = (sys.excepthook, threading.excepthook)
        self.reported.connect(self._show, Qt.ConnectionType.QueuedConnection)

    def install(self) -> None:
        sys.excepthook = self._excepthook
        threading.excepthook = self._thread_hook

    def uninstall(self) -> None:
        sys.excepthook, threading.excepthook = self._previous_hooks

    def _excepthook(self, etype, value, tb) -> None:
        if issubclass(etype, KeyboardInterrupt):
            self._previous_hooks[0](etype, value, tb)
            return
        details = "".join(traceback.format_exception(etype, value, tb))
        log.error("unexpected exception:\n%s", details)
        self.report("Alcove ran into an unexpected problem", str(value) or etype.__name__, details)

    def _thread_hook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit:
            return
        self._excepthook(args.exc_type, args.exc_value, args.exc_traceback)

    def report(self, title: str, message: str, details: str = "") -> None:
        self.reported.emit(title, message, details)

    @Slot(str, str, str)
    def _show(self, title: str, message: str, details: str) -> None:
        if self._showing:  # never stack dialogs; the log has every error
            return
        self._showing = True
        try:
            if self.log_path is not None and details:
                message = f"{message}\n\nDetails were written to {self.log_path}."
            show_error(QApplication.activeWindow(), title, message, details)
        finally:
            self._showing = False
