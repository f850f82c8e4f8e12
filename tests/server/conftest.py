"""A real server (uvicorn on an ephemeral loopback port, its own thread and loop) over a real engine with a tiny
real-architecture chat model and the real MiniLM embedder."""

from __future__ import annotations

import pytest

from app.server import ServerOptions, ThreadedServer
from engine.encoders import default_embedder_path
from engine.index import index_paths
from engine.runtime import Engine
from tests.tiny_models import make_tiny_model


@pytest.fixture(scope="session")
def tiny_chat(tmp_path_factory):
    return make_tiny_model(tmp_path_factory.mktemp("llama"), "llama")


@pytest.fixture(scope="session")
def engine(tiny_chat):
    eng = Engine()
    eng.load_model(str(tiny_chat))
    eng.load_model(str(default_embedder_path()), role="embedder")
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
    list(engine.stream(lambda: index_paths([folder], db, engine.model("embedder"))))
    opts = ServerOptions(port=0, chat_model=str(tiny_chat), db=str(db), max_tokens=16, temperature=0.0)
    srv = ThreadedServer(engine, opts)
    srv.db = db
    yield srv
    srv.stop()
