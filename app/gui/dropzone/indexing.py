"""Indexing dropped or watched paths: one job at a time (later drops queue), progress with current file and ETA,
cancel, and a recursive watch on the library folders (app.gui.library_watch) that re-indexes what changed below
them, one debounced batch at a time.

Indexing runs through ``Engine.index``: background work on the engine's scheduler, so a chat or a search sent while
a folder indexes runs between two embedding batches. While interactive work holds the engine, ``paused_changed``
says so (read from ``Engine.scheduler_state()``, a lock-guarded snapshot that is cheap to read on the GUI thread)."""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from engine.core import IndexRequest
from engine.index import refresh_roots

from ..bridge import Bridge, Job
from ..library_watch import LibraryWatcher
from ..links_panel import merge_links_outside
from ..settings import Settings
from ..status_bar import ElidedLabel
from .progress import IndexProgress, SettlingEta

log = logging.getLogger(__name__)
PAUSE_POLL_MS = 250  # how often the scheduler's state is read while a run is going


def _count(n: int, word: str) -> str:
    return f"{n:,} {word}" + ("" if n == 1 else "s")


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
        f" Library: {_count(summary.documents_total, 'document')}, {_count(summary.chunks_total, 'passage')}."
        if summary.documents_total
        else ""
    )
    return f"Indexing finished: {files}.{total}"


class IndexController(QObject):
    started = Signal()
    progress = Signal(int, int, str, float)  # done, total, current file, eta seconds (-1 unknown)
    stage_progress = Signal(object)  # IndexProgress: the phase (read, then embed) with its own counts
    finished = Signal(object)  # IndexSummary, or None after an error
    available_changed = Signal(bool)
    paused_changed = Signal(bool)  # True while the run waits because a chat or search holds the engine

    def __init__(
        self, bridge: Bridge, settings: Settings, db_path: Path, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.bridge, self.settings, self.db_path = bridge, settings, Path(db_path)
        self.job: Job | None = None
        self.queue: list[tuple[str, list[str]]] = []  # ("index" | "changes", paths)
        self.last_summary: Any = None
        self._roots: list[str] = []  # the folders of the running job (links under them are re-listed)
        self._t0 = 0.0
        self.watcher = LibraryWatcher(ignore=[str(self.db_path)], parent=self)
        self.watcher.changed.connect(self.reindex_changes)
        self.paused = False
        self._pause_poll = QTimer(self)
        self._pause_poll.setInterval(PAUSE_POLL_MS)
        self._pause_poll.timeout.connect(self._poll_paused)
        settings.changed.connect(self._setting_changed)
        self._sync_watch()

    @property
    def busy(self) -> bool:
        return self.job is not None

    def index(self, paths: list[str]) -> bool:
        """Index ``paths`` now, or after the running job. Returns False when indexing is not available."""
        paths = [str(Path(p)) for p in paths if p]
        if not paths:
            return False
        if self.job is not None:
            if (
                "index",
                paths,
            ) not in self.queue:  # asked twice while waiting: one run (settings are read then)
                self.queue.append(("index", paths))
            return True
        self._t0 = time.monotonic()
        self._roots = [os.path.abspath(os.path.expanduser(p)) for p in paths]  # as Engine.index has them
        self.job = self._start(paths)
        self._connect_job()
        return True

    @Slot(list)
    def reindex_changes(self, changed: list[str]) -> bool:
        """A watcher's batch of changed paths: re-index (or remove) them, after the running job."""
        if not changed:
            return False
        if self.job is not None:
            if self.queue and self.queue[-1][0] == "changes":  # batches waiting behind a long job: one pass
                self.queue[-1] = ("changes", sorted({*self.queue[-1][1], *changed}))
            else:
                self.queue.append(("changes", list(changed)))
            return True
        roots = refresh_roots(changed, self.settings["index/folders"])
        if not roots:  # nothing below a library folder changed
            return False
        self._t0 = time.monotonic()
        self._roots = []  # a watcher's pass refreshes subfolders: it adds links it finds, drops none
        # Refreshes those folders (Engine.index: background work); the library keeps its sources.
        self.job = self._start(roots, as_sources=False)
        self._connect_job()
        return True

    def _connect_job(self) -> None:
        self.job.yielded.connect(self._on_progress)
        self.job.returned.connect(self._on_summary)
        self.job.errored.connect(lambda _e: self.finished.emit(None))
        self.job.finished.connect(self._on_finished)
        self._pause_poll.start()
        self.started.emit()

    def _start(self, paths: list[str], *, as_sources: bool = True) -> Job:
        """One ``Engine.index`` run (the pipeline: extraction beside the engine thread, embedding as background
        units) on a bridge worker; cancelled by its request id like a generation."""
        s = self.settings  # read now, into plain values: the engine knows no settings
        request = IndexRequest(paths=tuple(paths), db=str(self.db_path), embedder=s["models/embedder"] or "default",
                               ocr=bool(s["index/ocr"]), allow_links=tuple(s["index/allow_links"]),
                               as_sources=as_sources, image_model=s["models/image"] or None)  # fmt: skip
        return self.bridge.index(request)

    @Slot()
    def _poll_paused(self) -> None:
        try:
            paused = self.bridge.background_paused()
        except Exception:  # noqa: BLE001 - an engine without a scheduler (a test double) is never paused
            paused = False
        if paused != self.paused:
            self.paused = paused
            self.paused_changed.emit(paused)

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
        self.stage_progress.emit(IndexProgress.from_event(ev))

    @Slot(object)
    def _on_summary(self, summary: Any) -> None:
        self.last_summary = summary
        found = getattr(summary, "links_outside", None)
        if summary is not None and found is not None and not summary.cancelled and not summary.error:
            known = self.settings["index/links_outside"]
            merged = merge_links_outside(known, found, self._roots, self.settings["index/allow_links"])
            if merged != known:
                self.settings["index/links_outside"] = merged
        self.finished.emit(summary)

    @Slot()
    def _on_finished(self) -> None:
        self.job = None
        self._pause_poll.stop()
        if self.paused:
            self.paused = False
            self.paused_changed.emit(False)
        while (
            self.queue and self.job is None
        ):  # a watcher's batch with nothing left to refresh starts nothing
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
    """The strip above the status bar while indexing: the phase (1 of 2: reading files, 2 of 2: embedding passages)
    with its own count and bar, the file being read, the time left once it has settled, Cancel."""

    def __init__(self, controller: IndexController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("IndexPanel")
        self.controller = controller
        row = QHBoxLayout(self)
        row.setContentsMargins(16, 8, 12, 8)
        row.setSpacing(12)
        self.step = QLabel()
        self.step.setObjectName("Muted")
        # The title and the estimate shorten at a word, and the bar narrows, so the strip fits an 800-px window
        # (it asked for 814 px and held a window that was made 800 px wide at 923).
        self.title = ElidedLabel("Indexing", min_width=110)
        self.title.setObjectName("PaneTitle")
        self.bar = QProgressBar()
        self.bar.setTextVisible(False)
        self.bar.setMinimumWidth(60)
        self.bar.setMaximumWidth(200)
        self.bar.setFixedHeight(8)
        self.current = QLabel()
        self.current.setObjectName("Muted")
        self.current.setMinimumWidth(60)
        self.eta = ElidedLabel(min_width=60)
        self.estimate = SettlingEta()
        self.eta.setObjectName("Muted")
        self.eta.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(controller.cancel)
        for w in (self.step, self.title):
            row.addWidget(w)
        row.addWidget(self.bar, 1)  # 200 px when there is room, down to 60 in an 800-px window
        row.addWidget(self.current, 1)
        row.addWidget(self.eta)
        row.addWidget(self.cancel_button)
        controller.started.connect(self._started)
        controller.stage_progress.connect(self._progress)
        controller.finished.connect(lambda _s: self.hide())
        controller.paused_changed.connect(self._paused)
        self.last: IndexProgress | None = None
        self.hide()

    @Slot()
    def _started(self) -> None:
        self.bar.setRange(0, 0)  # busy until the first progress event tells us the total
        self.step.setText("")
        self.title.setText("Indexing")
        self.current.setText("Preparing…")
        self.eta.setText("")
        self.estimate.reset()
        self.last = None
        self.show()

    @Slot(object)
    def _progress(self, p: IndexProgress) -> None:
        self.last = p
        value, maximum = p.bar()
        self.bar.setRange(0, maximum)
        self.bar.setValue(value)
        self.step.setText("" if p.stage == "scan" else f"Step {p.step} of 2")
        self.title.setText(self._title())
        text = Path(p.current).name if p.stage == "read" and p.current else p.detail()
        if p.stage == "read" and p.detail():
            text = f"{text} · {p.detail()}" if text else p.detail()
        metrics = self.current.fontMetrics()
        self.current.setText(
            metrics.elidedText(text, Qt.TextElideMode.ElideMiddle, max(60, self.current.width()))
        )
        self.current.setToolTip(p.current)
        self.eta.setText(self.estimate.text(p) if p.stage != "scan" else "")

    def _title(self) -> str:
        title = self.last.title() if self.last is not None else "Indexing"
        return f"{title} (paused while you chat)" if self.controller.paused else title

    @Slot(bool)
    def _paused(self, _paused: bool) -> None:
        self.title.setText(self._title())
