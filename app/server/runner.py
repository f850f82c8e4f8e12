"""Binding and running the server: loopback unless asked otherwise (with a key), uvicorn on any asyncio loop."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
from typing import Any

import uvicorn

from app.server.http import Server
from app.server.options import BindRefused, ServerOptions, check_bind, is_loopback
from app.server.service import ModelService
from engine.core import AlcoveError

log = logging.getLogger(__name__)

__all__ = ["BindRefused", "RunningServer", "ThreadedServer", "bind_socket", "build_app", "check_bind",
           "is_loopback", "serve_forever"]  # fmt: skip


def build_app(engine: Any, options: ServerOptions):
    """The ASGI app and its ModelService (for tests and for embedding in other ASGI servers)."""
    service = ModelService(engine, options)
    return Server(service).app(), service


class _Uvicorn:
    """uvicorn's Server without its signal handlers (the window and the CLI own those)."""

    def __init__(self, app, options: ServerOptions, sock: socket.socket) -> None:
        class Quiet(uvicorn.Server):
            @contextlib.contextmanager
            def capture_signals(self):
                yield

        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off",
                                timeout_graceful_shutdown=2)  # fmt: skip
        self.server = Quiet(config)
        self.sock = sock

    async def serve(self) -> None:
        await self.server.serve(sockets=[self.sock])

    def stop(self) -> None:
        self.server.should_exit = True


def bind_socket(options: ServerOptions) -> socket.socket:
    """The listening socket, bound now, so a port in use is an error at once (not a log line later)."""
    check_bind(options)
    family = socket.AF_INET6 if ":" in options.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((options.host.strip("[]"), options.port))
    except OSError as exc:
        sock.close()
        raise AlcoveError(
            f"Cannot listen on {options.host}:{options.port} ({exc.strerror or exc}); "
            "is another server using that port? Pick another with --port."
        ) from exc
    sock.listen(128)
    sock.setblocking(False)
    return sock


class RunningServer:
    """A started server on the current asyncio loop (the Qt loop through qasync in the window). ``sock``: a socket
    ``bind_socket`` made already (``alcove serve`` binds before it loads a model), else one is bound now."""

    def __init__(self, engine: Any, options: ServerOptions, sock: socket.socket | None = None) -> None:
        self.options = options
        self.sock = sock if sock is not None else bind_socket(options)
        self.port = self.sock.getsockname()[1]
        self.app, self.service = build_app(engine, options)
        self._uv = _Uvicorn(self.app, options, self.sock)
        self.task: asyncio.Task | None = None

    @property
    def url(self) -> str:
        host = self.options.host if ":" not in self.options.host else f"[{self.options.host}]"
        return f"http://{host}:{self.port}/v1"

    def start(self) -> asyncio.Task:
        self.task = asyncio.ensure_future(self._uv.serve())
        return self.task

    async def stop(self) -> None:
        self._uv.stop()
        if self.task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        self.app.state.server.close()
        self.sock.close()


class ThreadedServer:
    """A server on its own thread and asyncio loop (tests, and a window whose loop is not asyncio's)."""

    def __init__(self, engine: Any, options: ServerOptions) -> None:
        ready = threading.Event()
        self.error: BaseException | None = None
        self.server: RunningServer | None = None

        async def main() -> None:
            try:
                self.server = RunningServer(engine, options)
            except BaseException as exc:  # noqa: BLE001 - reported to the caller below
                self.error = exc
                ready.set()
                return
            self.loop = asyncio.get_running_loop()
            task = self.server.start()
            ready.set()
            await task

        self.thread = threading.Thread(target=asyncio.run, args=(main(),), name="alcove-server", daemon=True)
        self.thread.start()
        ready.wait(60)
        if self.error is not None:
            raise self.error
        self.url, self.service, self.port = self.server.url, self.server.service, self.server.port

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.server._uv.stop)
        self.thread.join(15)
        self.server.app.state.server.close()
        self.server.sock.close()


def serve_forever(
    engine: Any, options: ServerOptions, on_ready=None, sock: socket.socket | None = None
) -> None:
    """Run until interrupted (``alcove serve``), on ``sock`` when given."""

    async def main() -> None:
        server = RunningServer(engine, options, sock)
        task = server.start()
        if on_ready is not None:
            on_ready(server)
        try:
            await task
        finally:
            await server.stop()

    asyncio.run(main())
