"""A real server (uvicorn on an ephemeral loopback port, its own thread and loop) over a real engine with a tiny
real-architecture chat model and the real MiniLM embedder."""

from __future__ import annotations

import pytest

from app.server import ServerOptions, ThreadedServer
from engine.encoders import default_embedder_path
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
