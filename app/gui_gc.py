"""Python's cyclic garbage collector, run on the GUI thread only.

Automatic collection runs on whichever thread happens to allocate when a threshold is crossed: often the engine or a
bridge worker thread. If that collection frees the last reference to a Qt widget or object caught in a reference
cycle, Qt destroys it from the wrong thread, and the process can crash (seen as segfaults "Garbage-collecting" on a
worker thread in the GUI tests). So the window turns automatic collection off and a timer on the GUI thread
collects instead, the generations the thresholds ask for (the approach of pyqtgraph's GarbageCollector and calibre).
Reference counting, which frees almost everything, is unaffected.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer


class GuiThreadCollector(QObject):
    """Turns automatic collection off; collects from a GUI-thread timer every ``interval_ms``."""

    def __init__(self, interval_ms: int = 1000, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.threshold = gc.get_threshold()
        self.collections = 0
        gc.disable()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        self.timer.start(interval_ms)

    def check(self) -> None:
        """Collect the oldest generation whose count passed its threshold, as automatic collection would."""
        counts = gc.get_count()
        if counts[0] <= self.threshold[0]:
            return
        generation = 0
        if counts[1] > self.threshold[1]:
            generation = 2 if counts[2] > self.threshold[2] else 1
        gc.collect(generation)
        self.collections += 1

    def stop(self) -> None:
        self.timer.stop()
        gc.enable()


_collector: GuiThreadCollector | None = None


def collect_on_gui_thread(app: QObject) -> GuiThreadCollector:
    """Install the collector once per process (parented to the application); returns it."""
    global _collector
    if _collector is None:
        _collector = GuiThreadCollector(parent=app)
    return _collector
