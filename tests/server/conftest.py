"""A real server (uvicorn on an ephemeral loopback port, its own thread and loop) over a real engine with a tiny
real-architecture chat model and the real MiniLM embedder."""

from __future__ import annotations

import asyncio
import threading

import pytest

from app.server import RunningServer, ServerOptions
from engine.encoders import default_embedder_path
from engine.runtime import Engine
from tests.tiny_models import make_tiny_model


@pytest.fixture(scope="session")
def tiny_chat(tmp_path_factory):
    return make_tiny_model(tmp_path_factory.mktemp("llama"), "llama")


class Live:
    def __init__(self, engine, options):
        self.engine, self.options = engine, options
        ready = threading.Event()
        self.error = None

        def run():
            async def main():
                try:
                    self.server = RunningServer(engine, options)
                except Exception as exc:  # noqa: BLE001
                    self.error = exc
                    ready.set()
                    return
                self.loop = asyncio.get_running_loop()
                task = self.server.start()
                ready.set()
                await task

            asyncio.run(main())

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert ready.wait(30)
        if self.error:
            raise self.error
        self.url = self.server.url
        self.service = self.server.service

    def stop(self):
        self.loop.call_soon_threadsafe(self.server._uv.stop)
        self.thread.join(15)


@pytest.fixture(scope="session")
def engine(tiny_chat):
    eng = Engine()
    eng.load_model(str(tiny_chat))
    eng.load_model(str(default_embedder_path()), role="embedder")
    yield eng
    eng.shutdown()


@pytest.fixture(scope="session")
def live(engine, tiny_chat):
    srv = Live(engine, ServerOptions(port=0, chat_model=str(tiny_chat), max_tokens=24, temperature=0.0))
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def keyed(engine, tiny_chat):
    srv = Live(engine, ServerOptions(port=0, chat_model=str(tiny_chat), api_key="s3cret", max_tokens=8,
                                     temperature=0.0))  # fmt: skip
    yield srv
    srv.stop()
