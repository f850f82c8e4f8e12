"""Cyclic garbage is collected on the GUI thread only, never on the engine's or a worker's thread."""

from __future__ import annotations

import gc
import threading
import weakref


def test_cycles_are_collected_by_the_gui_thread_timer(qtbot, qapp):
    from app.gui_gc import collect_on_gui_thread

    collector = collect_on_gui_thread(qapp)
    assert collect_on_gui_thread(qapp) is collector and not gc.isenabled()
    seen_threads: list[str] = []

    class Cycle:
        def __del__(self) -> None:
            seen_threads.append(threading.current_thread().name)

    a, b = Cycle(), Cycle()
    a.other, b.other = b, a
    probe = weakref.ref(a)
    del a, b

    def allocate_on_a_worker() -> None:  # would trigger automatic collection here if it were enabled
        junk = [[i] for i in range(5 * gc.get_threshold()[0])]
        del junk

    worker = threading.Thread(target=allocate_on_a_worker, name="worker")
    worker.start()
    worker.join()
    assert probe() is not None  # nothing collected on the worker
    before = collector.collections
    # Young objects past the threshold: the next timer tick collects.
    alive = [[i] for i in range(2 * gc.get_threshold()[0])]
    qtbot.waitUntil(lambda: probe() is None, timeout=5000)
    del alive
    assert collector.collections > before
    assert seen_threads and set(seen_threads) == {threading.main_thread().name}
