"""The engine thread as a scheduler: interactive work first, background work in units, timeouts, shutdown."""

from __future__ import annotations

import threading
import time
from concurrent.futures import CancelledError

import pytest

from engine.core import NOT_READY
from engine.runtime.scheduler import (
    EngineClosedError,
    EngineThread,
    EngineTimeoutError,
    WrongThreadError,
    assert_engine_thread,
)


@pytest.fixture
def thread():
    t = EngineThread(name="test-engine")
    yield t
    t.shutdown()


def _units(log: list, n: int, seconds: float, started: threading.Event | None = None):
    for i in range(n):
        if started is not None and i == 1:
            started.set()
        time.sleep(seconds)
        log.append(("bg", i))
        yield i
    return "done"


def test_interactive_work_overtakes_queued_background_units(thread):
    log: list = []
    started = threading.Event()
    bg = thread.background(_units, log, 20, 0.03, started, label="index: embedding batch")
    assert started.wait(10)
    t0 = time.perf_counter()
    units_before = len(log)
    thread.call(log.append, ("chat", None))
    waited = time.perf_counter() - t0
    assert bg.result(30) == "done"
    chat = next(i for i, e in enumerate(log) if e[0] == "chat")
    # the chat waited only for the unit that was running when it came, not for the 17 queued after it
    assert chat - units_before <= 1, log
    assert waited < 1.0  # one 30 ms unit, with room for a loaded machine
    assert [e[1] for e in log if e[0] == "bg"] == list(range(20))


def test_a_running_interactive_job_is_never_interrupted_by_background_units(thread):
    log: list = []
    gate = threading.Event()

    def chat():
        gate.set()
        for i in range(5):
            time.sleep(0.02)
            log.append(("tok", i))
            yield i

    tokens = thread.stream(chat)
    assert gate.wait(10)
    bg = thread.background(_units, log, 3, 0.001)
    assert list(tokens) == [0, 1, 2, 3, 4]
    bg.result(10)
    assert [e[0] for e in log] == ["tok"] * 5 + ["bg"] * 3


def test_background_units_interleave_round_robin(thread):
    log: list = []

    def job(name):
        for i in range(3):
            log.append((name, i))
            yield

    block = threading.Event()
    thread.submit(block.wait)  # hold the thread until both jobs are queued
    a, b = thread.background(job, "a"), thread.background(job, "b")
    block.set()
    a.result(10), b.result(10)
    assert log == [("a", 0), ("b", 0), ("a", 1), ("b", 1), ("a", 2), ("b", 2)]


def test_a_parked_background_job_waits_for_wake_without_spinning(thread):
    box: list = []
    ready = threading.Event()

    def job():
        polls = 0
        while not box:
            polls += 1
            yield NOT_READY
        return polls

    fut = thread.background(job)
    time.sleep(0.3)
    assert thread.state().background_units == 0  # parked polls are not units
    box.append(1)
    ready.set()
    thread.wake()
    polls = fut.result(5)
    assert 1 <= polls < 30  # parked: retried on wake() or a 50 ms poll, never in a busy loop


def test_call_timeout_says_what_the_engine_is_busy_with_and_withdraws_the_job(thread):
    release = threading.Event()

    def long_index_unit():
        release.wait(10)

    thread.submit_call(long_index_unit, label="index r1: embedding batch")
    ran = threading.Event()
    with pytest.raises(EngineTimeoutError, match=r"index r1: embedding batch.*withdrawn"):
        thread.call(ran.set, timeout=0.2)
    release.set()
    thread.call(lambda: None, timeout=10)
    assert not ran.is_set()  # withdrawn before it started: it never runs


def test_errors_cross_the_thread_as_values(thread):
    def boom():
        raise ValueError("bad input")

    with pytest.raises(ValueError, match="bad input"):
        thread.call(boom)

    def bg():
        yield 1
        raise RuntimeError("unit failed")

    with pytest.raises(RuntimeError, match="unit failed"):
        thread.background(bg).result(10)

    def stream():
        yield "a"
        raise KeyError("late")

    it = thread.stream(stream)
    assert next(it) == "a"
    with pytest.raises(KeyError):
        next(it)
    assert thread.call(lambda: 42) == 42  # still serving


def test_shutdown_with_queued_work_resolves_everything_and_later_submits_fail_fast():
    thread = EngineThread(name="test-shutdown")
    release = threading.Event()
    running = threading.Event()

    def busy():
        running.set()
        release.wait(10)
        return "finished"

    first = thread.submit(busy)
    assert running.wait(10)
    queued = [thread.submit(lambda: 1) for _ in range(3)]
    stream = thread.stream(lambda: iter([1, 2]))
    closed_gens = []

    def bg():
        try:
            while True:
                yield
        finally:
            closed_gens.append(threading.current_thread().name)

    bg_fut = thread.background(bg)
    stopper = threading.Thread(target=thread.shutdown)
    stopper.start()
    time.sleep(0.1)
    with pytest.raises(EngineClosedError):
        thread.submit(lambda: 2)  # fails at once, never a future that hangs
    release.set()
    stopper.join(10)
    assert first.result(1) == "finished"  # the running job finishes
    for fut in queued:
        with pytest.raises(EngineClosedError):
            fut.result(1)
    with pytest.raises(EngineClosedError):
        list(stream)
    with pytest.raises((EngineClosedError, CancelledError)):
        bg_fut.result(1)
    assert not thread.alive


def test_shutdown_closes_a_started_background_job_on_the_engine_thread():
    thread = EngineThread(name="test-close")
    where: list = []
    step = threading.Event()

    def bg():
        try:
            while True:
                step.set()
                time.sleep(0.01)
                yield
        finally:
            where.append(threading.current_thread().name)

    fut = thread.background(bg)
    assert step.wait(10)
    thread.shutdown()
    with pytest.raises(EngineClosedError):
        fut.result(5)
    assert where == ["test-close"]


def test_assert_engine_thread(thread):
    with pytest.raises(WrongThreadError, match="must run on the engine thread"):
        assert_engine_thread("the thing")
    thread.call(assert_engine_thread, "the thing")  # fine there


def test_state_shows_what_runs_and_what_waits(thread):
    release = threading.Event()
    started = threading.Event()

    def unit():
        started.set()
        release.wait(10)
        yield

    thread.background(unit, label="index r9: embedding batch")
    assert started.wait(10)
    fut = thread.submit_call(lambda: "answer", label="generate abc")
    time.sleep(0.05)
    st = thread.state()
    assert st.running == "index r9: embedding batch" and st.running_priority == "background"
    assert st.interactive_queued == 1
    (q,) = st.queued
    assert q.label == "generate abc" and q.waiting_for == "index r9: embedding batch" and q.waited_s > 0
    release.set()
    assert fut.result(10) == "answer"
    js = thread.state().to_json()
    assert js["interactive_queued"] == 0 and js["closed"] is False


def test_background_paused_while_interactive_work_runs(thread):
    gate, release = threading.Event(), threading.Event()

    def chat():
        gate.set()
        release.wait(10)
        yield "tok"

    it = thread.stream(chat)
    assert gate.wait(10)
    bg = thread.background(_units, [], 2, 0.0)
    time.sleep(0.05)
    st = thread.state()
    assert st.background_paused and st.background_jobs == 1 and st.running_priority == "interactive"
    release.set()
    assert list(it) == ["tok"]
    bg.result(10)
    assert not thread.state().background_paused
