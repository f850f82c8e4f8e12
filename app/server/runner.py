"""Binding and running the server: loopback unless asked otherwise (with a key), uvicorn on any asyncio loop, with
deadlines for slow clients (``_protocol``) and bounded buffers."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from app.server.boundary import ABORT_KEY
from app.server.http import Server
from app.server.options import BindRefused, ServerOptions, check_bind, is_loopback
from app.server.service import ModelService
from engine.core import AlcoveError

log = logging.getLogger(__name__)

_MAX_HEADER_BYTES = 16 << 10  # a request line and headers larger than this: 400 (h11's limit)
_WRITE_HIGH_WATER = 64 << 10  # asyncio's default: what the server buffers per connection before a send waits

__all__ = ["BindRefused", "RunningServer", "ThreadedServer", "bind_socket", "build_app", "check_bind",
           "is_loopback", "serve_forever"]  # fmt: skip


def build_app(engine: Any, options: ServerOptions):
    """The ASGI app and its ModelService (for tests and for embedding in other ASGI servers)."""
    service = ModelService(engine, options)
    return Server(service).app(), service


def _protocol(options: ServerOptions) -> type[H11Protocol]:
    """uvicorn's HTTP/1.1 protocol with the deadlines it lacks: a connection must deliver a request's headers
    within ``header_timeout_s`` of connecting (or of its last response), and its body within ``body_timeout_s``
    (plus a grace: the boundary answers 408 first), else it is closed; slow or half-sent requests are never held
    open. Each request's scope gets ``alcove.abort`` to drop its connection at once (a stalled stream)."""
    header_s, body_s = options.header_timeout_s, options.body_timeout_s + 2.0

    class Guarded(H11Protocol):
        _timer: asyncio.TimerHandle | None = None
        _seen: Any = None

        def connection_made(self, transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            transport.set_write_buffer_limits(high=min(_WRITE_HIGH_WATER, options.send_buffer_bytes))
            self._arm(header_s)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def handle_events(self) -> None:
            super().handle_events()
            cycle = self.cycle
            if cycle is None:
                return
            if cycle is not self._seen:  # a request's headers arrived: now its body has a deadline
                self._seen = cycle
                cycle.scope[ABORT_KEY] = self.transport.abort
                if cycle.more_body:
                    self._arm(body_s)
                else:
                    self._disarm()
            elif not cycle.more_body and self._timer is not None and not cycle.response_complete:
                self._disarm()

        def on_response_complete(self) -> None:
            if not self.transport.is_closing():
                self._arm(header_s)  # the next request's headers (before super(), which may start one)
            super().on_response_complete()

        def _arm(self, seconds: float) -> None:
            self._disarm()
            self._timer = self.loop.call_later(seconds, self._expired)

        def _disarm(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _expired(self) -> None:
            self._timer = None
            if not self.transport.is_closing():
                log.info("server: closing a connection that did not send its request in time")
                self.transport.abort()

    return Guarded


class _Uvicorn:
    """uvicorn's Server without its signal handlers (the window and the CLI own those), with the boundary's
    timeouts and limits."""

    def __init__(self, app, options: ServerOptions, sock: socket.socket) -> None:
        class Quiet(uvicorn.Server):
            @contextlib.contextmanager
            def capture_signals(self):
                yield

        config = uvicorn.Config(
            app, log_level="warning", access_log=False, lifespan="off", timeout_graceful_shutdown=2,
            http=_protocol(options), ws="none", timeout_keep_alive=options.keep_alive_s,
            limit_concurrency=options.max_connections, h11_max_incomplete_event_size=_MAX_HEADER_BYTES,
        )  # fmt: skip
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
    # Each accepted connection inherits a bounded send buffer: a client that stops reading holds at most this
    # much (plus the transport's 64 KiB) before its stream counts as stalled.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, options.send_buffer_bytes)
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
