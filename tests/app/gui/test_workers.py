"""The GUI's worker pool (app.gui.workers) and the bridge over it: signal order, the result as the generator's return
value, errors and cancels as values, and no job <-> thread reference cycle (finished jobs die by reference counting,
with the cyclic collector switched off, on the GUI thread)."""

from __future__ import annotations

import gc
import threading
import weakref

import pytest
from PySide6.QtCore import QThreadPool

from app.gui.bridge import Bridge
from app.gui.workers import Job
from engine.core import AlcoveError, ChatRequest, FinalEvent, ModelRequest, RouteEvent, TokenEvent


@pytest.fixture
def pool():
    p = QThreadPool()
    yield p
    p.waitForDone(10000)


def _record(job: Job) -> list:
    seen: list = []
    job.started.connect(lambda: seen.append("started"))
    job.yielded.connect(lambda v: seen.append(("yielded", v)))
    job.returned.connect(lambda v: seen.append(("returned", v)))
    job.errored.connect(lambda e: seen.append(("errored", type(e).__name__)))
    job.aborted.connect(lambda: seen.append("aborted"))
    job.finished.connect(lambda: seen.append("finished"))
    return seen


def test_a_generator_job_yields_its_items_and_returns_its_return_value(qtbot, pool):
    def work():
        yield 1
        yield FinalEvent("r", "looks final but is just an item", (), "stop")
        return "the result"

    job = Job("gen", work)
    seen = _record(job)
    with qtbot.waitSignal(job.finished, timeout=10000):
        job.start(pool)
    assert seen[0] == "started" and seen[-1] == "finished"
    assert seen[1] == ("yielded", 1) and seen[2][0] == "yielded" and isinstance(seen[2][1], FinalEvent)
    assert seen[3] == ("returned", "the result") and len(seen) == 5
    assert job.result == "the result" and job.wait(1000) and not job.is_running()


def test_a_plain_function_job_returns_its_value(qtbot, pool):
    job = Job("plain", lambda: 42)
    seen = _record(job)
    with qtbot.waitSignal(job.finished, timeout=10000):
        job.start(pool)
    assert seen == ["started", ("returned", 42), "finished"]


def test_errors_arrive_as_values_with_the_traceback_formatted(qtbot, pool):
    def work():
        yield "partial"
        raise ValueError("boom")

    job = Job("bad", work)
    seen = _record(job)
    with qtbot.waitSignal(job.finished, timeout=10000):
        job.start(pool)
    assert seen == ["started", ("yielded", "partial"), ("errored", "ValueError"), "finished"]
    assert isinstance(job.error, ValueError) and "boom" in job.details and "Traceback" in job.details


def test_cancel_is_cooperative_and_still_returns_a_result(qtbot, pool):
    stop = threading.Event()
    running = threading.Event()

    def work():
        running.set()
        while not stop.wait(0.01):
            yield "tick"
        return "cancelled"

    job = Job("long", work, on_cancel=stop.set)
    seen = _record(job)
    job.start(pool)
    assert running.wait(5)
    with qtbot.waitSignal(job.finished, timeout=10000):
        job.cancel()
    assert job.cancelled and seen[-3:] == [("returned", "cancelled"), "aborted", "finished"]


class FakeEngine:
    """Just enough engine for the bridge's chat and model paths (no MLX)."""

    def __init__(self) -> None:
        self.cancelled: list[str] = []
        self.gate = threading.Event()
        self.infos: dict = {}
        self.loads: list[ModelRequest] = []

    def chat(self, request):
        def stream():
            yield RouteEvent(request.request_id, "single", "one reply")
            for word in ("Hello", " world"):
                yield TokenEvent(request.request_id, word, 0, False)
            self.gate.wait(5)
            yield FinalEvent(request.request_id, "Hello world", (0, 0), "stop")

        return stream()

    def cancel(self, request_id: str) -> bool:
        self.cancelled.append(request_id)
        self.gate.set()
        return True

    def cancel_all(self) -> None:
        self.gate.set()

    def ensure(self, request: ModelRequest):
        role = request.role.value
        if role not in self.infos or self.loads[-1] != request:  # as the engine: the same model is kept
            self.loads.append(request)
            self.infos[role] = object()
        return self.infos[role]

    def models(self) -> dict:
        return dict(self.infos)

    def memory(self) -> None:
        return None

    def shutdown(self) -> None:
        pass


@pytest.fixture
def bridge(qtbot):
    b = Bridge(FakeEngine())
    yield b
    b.shutdown()


def test_chat_returns_the_final_event_as_the_result(qtbot, bridge):
    bridge.engine.gate.set()
    job = bridge.chat(ChatRequest(prompt="hi", request_id="g1"))
    seen = _record(job)
    with qtbot.waitSignal(job.finished, timeout=10000):
        pass
    items = [v for kind, v in (s for s in seen if isinstance(s, tuple)) if kind == "yielded"]
    assert isinstance(items[0], RouteEvent)  # how the reply is decoded, first
    assert [t.text for t in items[1:]] == ["Hello", " world"]
    assert isinstance(job.result, FinalEvent) and job.result.text == "Hello world"


def test_model_loading_is_said_only_when_a_model_may_load(qtbot, bridge):
    bridge.engine.gate.set()
    said: list[tuple[str, str]] = []
    bridge.model_loading.connect(lambda role, spec: said.append((role, spec)))
    request = ChatRequest(prompt="hi", request_id="g4", model=ModelRequest("chat", "tiny"))
    for rid in ("g4", "g5"):
        job = bridge.chat(ChatRequest(prompt="hi", request_id=rid, model=request.model))
        with qtbot.waitSignal(job.finished, timeout=10000):
            pass
    assert said == [("chat", "tiny"), ("chat", "")]  # the second reply found the model shown: no "Loading…"
    assert bridge.engine.loads == [request.model]
    job = bridge.load_model(ModelRequest("chat", "tiny", transform="t.yaml"))  # another model: it may load
    with qtbot.waitSignal(job.finished, timeout=10000):
        pass
    assert said[2:] == [("chat", "tiny"), ("chat", "")]


def test_a_stop_pressed_before_the_request_starts_is_not_lost(qtbot, bridge):
    loading = threading.Event()
    release = threading.Event()

    def slow_ensure(request):  # stands in for a model load that is still running
        loading.set()
        release.wait(5)

    bridge._ensure = slow_ensure
    job = bridge.chat(ChatRequest(prompt="hi", request_id="g2", model=ModelRequest("chat", "tiny")))
    qtbot.waitUntil(loading.is_set, timeout=5000)
    job.cancel()
    with qtbot.waitSignal(job.finished, timeout=10000):
        release.set()
    assert job.result.finish_reason == "cancelled"


def test_finished_jobs_are_freed_without_the_cyclic_collector(qtbot, bridge):
    """A job/thread reference cycle would keep these alive until a collection (on whatever thread ran it)."""

    def failing():
        raise AlcoveError("expected")

    def unexpected():
        raise RuntimeError("also expected")

    bridge.engine.gate.set()
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        jobs = [
            bridge.call("plain", lambda: 1),
            bridge.call("error", failing),
            bridge.call("crash", unexpected),
            bridge.load_model(ModelRequest("embedder", "default")),
            bridge.chat(ChatRequest(prompt="hi", request_id="g3")),
        ]
        refs = [weakref.ref(j) for j in jobs]
        signal_refs = [weakref.ref(j.signals) for j in jobs]
        del jobs
        qtbot.waitUntil(lambda: not bridge.jobs(), timeout=10000)
        qtbot.wait(50)  # let queued signals (and the pool threads' last frames) drain
        alive = [r() for r in refs + signal_refs if r() is not None]
        assert not alive, f"still alive without gc: {alive}"
    finally:
        if was_enabled:
            gc.enable()
