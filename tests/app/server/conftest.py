"""A real server (uvicorn on an ephemeral loopback port, its own thread and loop) over a real engine with a tiny
real-architecture chat model and the real MiniLM embedder."""

from __future__ import annotations

import threading
import time

import pytest

from app.server import ServerOptions, ThreadedServer
from engine.core import IndexRequest, ModelRequest, Role
from engine.runtime import Engine
from tests.tiny_models import make_tiny_model


def _threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if not isinstance(t, threading._DummyThread) and t.is_alive()
            and not t.name.startswith("alcove-server_")}  # fmt: skip


@pytest.fixture
def no_threads_left():
    """The front ends' check that a test leaves no thread running, but for the session servers' worker pool
    (its threads, named alcove-server_N, start on demand and wait for the next request)."""
    before = _threads()
    yield
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and _threads() - before:
        time.sleep(0.05)
    left = _threads() - before
    assert not left, f"threads left running: {[t.name for t in left]}"


def batch_of(engine):
    """The engine's shared batch (an engine internal: its counters show what was decoded together)."""
    return engine._shared._batch()


@pytest.fixture(scope="session")
def tiny_chat(tmp_path_factory):
    return make_tiny_model(tmp_path_factory.mktemp("llama"), "llama")


@pytest.fixture(scope="session")
def engine(tiny_chat):
    eng = Engine()
    eng.ensure(ModelRequest(Role.CHAT, str(tiny_chat)))
    eng.ensure(ModelRequest(Role.EMBEDDER, "default"))  # the server's own spelling: never loaded twice
    yield eng
    eng.shutdown()


@pytest.fixture(scope="session")
def live(engine, tiny_chat):
    srv = ThreadedServer(
        engine, ServerOptions(port=0, chat_model=str(tiny_chat), max_tokens=24, temperature=0.0)
    )
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def keyed(engine, tiny_chat):
    opts = ServerOptions(port=0, chat_model=str(tiny_chat), api_key="s3cret", max_tokens=8, temperature=0.0)
    srv = ThreadedServer(engine, opts)
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def docs(engine, tiny_chat, tmp_path_factory):
    """A server whose document routes read a small real index (MiniLM embeddings)."""
    folder = tmp_path_factory.mktemp("docs")
    (folder / "france.md").write_text(
        "# France\n\nThe capital of France is Paris. Paris lies on the Seine.\n"
    )
    (folder / "water.md").write_text("# Water\n\nWater boils at one hundred degrees Celsius at sea level.\n")
    (folder / "code.py").write_text("def add(a, b):\n    return a + b\n")
    db = tmp_path_factory.mktemp("db") / "index.sqlite3"
    list(engine.index(IndexRequest((str(folder),), str(db), embedder="default", ocr=False)))
    opts = ServerOptions(port=0, chat_model=str(tiny_chat), db=str(db), max_tokens=16, temperature=0.0)
    srv = ThreadedServer(engine, opts)
    srv.db = db
    yield srv
    srv.stop()
