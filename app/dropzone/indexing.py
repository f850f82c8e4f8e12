"""Indexing dropped or watched paths: one job at a time (later drops queue), progress with current file and ETA,
cancel, and a recursive watch on the library folders (app.library_watch) that re-indexes what changed below
them, one debounced batch at a time."""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from ..bridge import Bridge, Job
from ..library_watch import LibraryWatcher
from ..metrics import format_duration
from ..settings import Settings

log = logging.getLogger(__name__)


def summary_text(summary: Any) -> str:
    """One line from an engine.index.indexer.IndexSummary."""
    if summary is None:
        return "Indexing finished."
    parts = []
    for value, label in (
        (summary.files_indexed, "indexed"),
        (summary.files_unchanged, "unchanged"),
        (summary.files_removed, "removed"),
        (getattr(summary, "files_moved", 0), "moved"),
        (len(summary.files_skipped), "skipped"),
    ):
        if value:
            parts.append(f"{value} {label}")
    files = ", ".join(parts) if parts else "no files"
    unsupported = getattr(summary, "files_unsupported", None) or {}
    if unsupported:
        kinds = ", ".join(f"{n} {ext}" for ext, n in list(unsupported.items())[:4])
        more = len(unsupported) - 4
        files += f"; not read: {kinds}" + (f" and {more} more types" if more > 0 else "")
    if summary.error:
        return f"Indexing stopped early: {summary.error}"
    if summary.cancelled:
        return f"Indexing cancelled ({files}; what was done is kept)."
    total = (
        f" Library: {summary.documents_total} documents, {summary.chunks_total} passages."
        if summary.documents_total
        else ""
    )
    return f"Indexing finished: {files}.{total}"


class IndexController(QObject):
    started = Signal()
    progress = Signal(int, int, str, float)  # done, total, current file, eta seconds (-1 unknown)
    finished = Signal(object)  # IndexSummary, or None after an error
    available_changed = Signal(bool)

    def __init__(
        self, bridge: Bridge, settings: Settings, db_path: Path, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.bridge, self.settings, self.db_path = bridge, settings, Path(db_path)
        self.job: Job | None = None
        self.queue: list[tuple[str, list[str]]] = []  # ("index" | "changes", paths)
        self.last_summary: Any = None
        self._t0 = 0.0
        self.watcher = LibraryWatcher(ignore=[str(self.db_path)], parent=self)
        self.watcher.changed.connect(self.reindex_changes)
        settings.changed.connect(self._setting_changed)
        self._sync_watch()

    @staticmethod
    def available() -> bool:
        return Bridge.capabilities()["index"]

    @property
    def busy(self) -> bool:
        return self.job is not None

    def index(self, paths: list[str]) -> bool:
        """Index ``paths`` now, or after the running job. Returns False when indexing is not available."""
        paths = [str(Path(p)) for p in paths if p]
        if not paths:
            return False
        if not self.available():
            log.info("indexing requested but engine.index.indexer is not available")
            return False
        if self.job is not None:
            self.queue.append(("index", paths))
            return True
        self._t0 = time.monotonic()
        self.job = self.bridge.index(
            paths, self.db_path, self.settings["models/embedder"], ocr=self.settings["index/ocr"]
        )
        self._connect_job()
        return True

    @Slot(list)
    def reindex_changes(self, changed: list[str]) -> bool:
        """A watcher's batch of changed paths: re-index (or remove) them, after the running job."""
        if not changed or not self.available():
            return False
        if self.job is not None:
            if self.queue and self.queue[-1][0] == "changes":  # batches waiting behind a long job: one pass
                self.queue[-1] = ("changes", sorted({*self.queue[-1][1], *changed}))
            else:
                self.queue.append(("changes", list(changed)))
            return True
        self._t0 = time.monotonic()
        self.job = self.bridge.reindex_changes(
            changed, self.settings["index/folders"], self.db_path, self.settings["models/embedder"],
            ocr=self.settings["index/ocr"],
        )  # fmt: skip
        self._connect_job()
        return True

    def _connect_job(self) -> None:
        self.job.yielded.connect(self._on_progress)
        self.job.returned.connect(self._on_summary)
        self.job.errored.connect(lambda _e: self.finished.emit(None))
        self.job.finished.connect(self._on_finished)
        self.started.emit()

    def reindex_all(self) -> bool:
        folders = self.settings["index/folders"]
        return self.index(folders) if folders else False

    @Slot()
    def cancel(self) -> None:
        self.queue.clear()
        if self.job is not None:
            self.job.cancel()

    @Slot(object)
    def _on_progress(self, ev: Any) -> None:
        done, total = int(getattr(ev, "done", 0)), int(getattr(ev, "total", 0))
        extra = getattr(ev, "extra", {}) or {}
        current = str(extra.get("current_file") or getattr(ev, "message", "") or "")
        eta = getattr(ev, "eta_s", None)
        if eta is None and done > 0 and total > done:
            elapsed = time.monotonic() - self._t0
            eta = elapsed / done * (total - done)
        self.progress.emit(done, total, current, -1.0 if eta is None else float(eta))

    @Slot(object)
    def _on_summary(self, summary: Any) -> None:
        self.last_summary = summary
        self.finished.emit(summary)

    @Slot()
    def _on_finished(self) -> None:
        self.job = None
        if self.queue:
            kind, paths = self.queue.pop(0)
            (self.reindex_changes if kind == "changes" else self.index)(paths)

    # -- watching the index folders -------------------------------------------------------------------
    def _sync_watch(self) -> None:
        self.watcher.watch(list(self.settings["index/folders"]) if self.settings["index/watch"] else [])

    def shutdown(self) -> None:
        """Stop watching (the window is closing)."""
        self.watcher.stop()

    @Slot(str, object)
    def _setting_changed(self, key: str, _value: Any) -> None:
        if key in ("index/folders", "index/watch"):
            self._sync_watch()


class IndexPanel(QFrame):
    """The strip above the status bar while indexing: progress bar, current file, ETA, Cancel."""

    def __init__(self, controller: IndexController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("IndexPanel")
        self.controller = controller
        row = QHBoxLayout(self)
        row.setContentsMargins(16, 8, 12, 8)
        row.setSpacing(12)
        self.title = QLabel("Indexing")
        self.title.setObjectName("PaneTitle")
        self.bar = QProgressBar()
        self.bar.setTextVisible(False)
        self.bar.setFixedWidth(220)
        self.bar.setFixedHeight(8)
        self.current = QLabel()
        self.current.setObjectName("Muted")
        self.current.setMinimumWidth(120)
        self.eta = QLabel()
        self.eta.setObjectName("Muted")
        self.eta.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(controller.cancel)
        row.addWidget(self.title)
        row.addWidget(self.bar)
        row.addWidget(self.current, 1)
        row.addWidget(self.eta)
        row.addWidget(self.cancel_button)
        controller.started.connect(self._started)
        controller.progress.connect(self._progress)
        controller.finished.connect(lambda _s: self.hide())
        self.hide()

    @Slot()
    def _started(self) -> None:
        self.bar.setRange(0, 0)  # busy until the first progress event tells us the total
        self.current.setText("Preparing…")
        self.eta.setText("")
        self.show()

    @Slot(int, int, str, float)
    def _progress(self, done: int, total: int, current: str, eta: float) -> None:
        if total > 0:
            self.bar.setRange(0, total)
            self.bar.setValue(min(done, total))
            self.title.setText(f"Indexing {done} of {total}")
        name = Path(current).name if current else ""
        metrics = self.current.fontMetrics()
        self.current.setText(
            metrics.elidedText(name, Qt.TextElideMode.ElideMiddle, max(120, self.current.width()))
        )
        self.current.setToolTip(current)
        self.eta.setText(f"About {format_duration(eta)} left" if eta >= 0 else "")
