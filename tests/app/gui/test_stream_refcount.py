"""A streamed reply emits a Qt signal per token: emitting must not eat references to Python's singletons.

PySide6 6.12.0 (on Python 3.11, where True and None are not immortal) returns ``True`` from ``SignalInstance.emit``
without a reference of its own: every emit takes one reference from ``True``, and a receiving ``@Slot`` sometimes
one from ``None``. Once either count reaches zero the process aborts ("Fatal Python error: bool_dealloc" /
"none_dealloc"): bench/bench_gui_latency.py died that way while indexing after a few thousand emits. PySide6 6.11.0
does not do it (measured side by side: 0 of 100 emits)."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal, Slot


class _Source(QObject):
    item = Signal(object)


class _Sink(QObject):
    @Slot(object)
    def take(self, _item: object) -> None:
        pass


def test_emitting_keeps_true_and_none_referenced(qtbot):
    source, sink = _Source(), _Sink()
    source.item.connect(sink.take)
    source.item.emit(("warm", "up"))
    true_before, none_before = sys.getrefcount(True), sys.getrefcount(None)
    for i in range(200):
        source.item.emit(("token", i))
    lost_true = true_before - sys.getrefcount(True)
    lost_none = none_before - sys.getrefcount(None)
    assert lost_true <= 0 and lost_none <= 0, (lost_true, lost_none)
