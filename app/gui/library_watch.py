"""Watching the library folders all the way down with the platform's own service (FSEvents on macOS, inotify on
Linux) through watchdog: every change below a folder is collected, a burst is debounced into one batch (a
``git checkout`` of 5,000 files is one re-index, not 5,000), and ``changed`` carries the batch to the GUI thread.

Watchdog calls the handler on its own thread; that thread only records paths under a lock and pokes the GUI
thread once per burst, so a storm of events costs the window nothing but one queued signal.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal, Slot
from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

from engine.index import SKIP_DIRS

log = logging.getLogger(__name__)

DEBOUNCE_MS = 1500  # quiet time that ends a burst
MAX_DELAY_MS = 20000  # a burst that never goes quiet is still re-indexed this often


class _Collector(FileSystemEventHandler):
    def __init__(self, watcher: LibraryWatcher) -> None:
        self.watcher = watcher

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.event_type in ("opened", "closed_no_write"):
            return  # reads (inotify IN_OPEN / IN_CLOSE_NOWRITE) change nothing
        paths = [event.src_path, getattr(event, "dest_path", "")]
        self.watcher._record([os.fsdecode(p) for p in paths if p])


class LibraryWatcher(QObject):
    """Recursive watches on folders; ``changed(list[str])`` after each debounced burst of changes."""

    changed = Signal(list)
    _poke = Signal()

    def __init__(
        self, ignore: list[str] | None = None, debounce_ms: int = DEBOUNCE_MS, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.debounce_ms = debounce_ms
        self.ignore = [os.path.abspath(p) for p in ignore or []]  # e.g. the index database and its WAL
        self._lock = threading.Lock()
        self._pending: set[str] = set()
        self._poked = False
        self._first = self._last = 0.0
        self._observer = None
        self._watches: dict[str, object] = {}
        self._handler = _Collector(self)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._flush)
        self._poke.connect(self._start_timer)

    @property
    def folders(self) -> list[str]:
        return sorted(self._watches)

    def watch(self, folders: list[str]) -> None:
        """Watch exactly ``folders`` (those that exist), recursively."""
        want = {os.path.abspath(f) for f in folders if Path(f).is_dir()}
        if want and self._observer is None:
            self._observer = Observer()
            self._observer.daemon = True
            self._observer.start()
        for folder in set(self._watches) - want:
            self._observer.unschedule(self._watches.pop(folder))
        for folder in sorted(want - set(self._watches)):
            try:
                self._watches[folder] = self._observer.schedule(self._handler, folder, recursive=True)
            except OSError as exc:  # inotify watch limit, permission: say so, keep the others
                log.warning("cannot watch %s: %s", folder, exc)
        if not self._watches:
            self.stop()

    def stop(self) -> None:
        self._timer.stop()
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout=5)
            self._observer = None
        self._watches.clear()

    def _ignored(self, path: str) -> bool:
        if any(path == p or path.startswith(p + "-") for p in self.ignore):  # db, db-wal, db-shm
            return True
        return any(part.startswith(".") or part in SKIP_DIRS for part in Path(path).parts[1:])

    def _record(self, paths: list[str]) -> None:  # watchdog's thread
        paths = [p for p in paths if not self._ignored(p)]
        if not paths:
            return
        with self._lock:
            now = time.monotonic()
            if not self._pending:
                self._first = now
            self._pending.update(paths)
            self._last = now
            poke, self._poked = not self._poked, True
        if poke:
            self._poke.emit()

    @Slot()
    def _start_timer(self) -> None:
        self._timer.start(self.debounce_ms)

    @Slot()
    def _flush(self) -> None:
        with self._lock:
            now = time.monotonic()
            quiet_ms = (now - self._last) * 1000
            waited_ms = (now - self._first) * 1000
            if quiet_ms < self.debounce_ms and waited_ms < MAX_DELAY_MS:
                self._timer.start(int(self.debounce_ms - quiet_ms) + 1)
                return
            batch, self._pending, self._poked = sorted(self._pending), set(), False
        if batch:
            self.changed.emit(batch)
