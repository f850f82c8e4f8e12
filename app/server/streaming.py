"""Streaming plumbing for the HTTP routes: a blocking engine iterator pumped into the event loop (``pump``), and a
server-sent event response raced against its client's disconnect, a full send buffer and the request's deadline
(``EventStream``). However a request ends, ``Ending`` tells the service once, cancelling the engine request unless it
ended well."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

from starlette.responses import Response

from app.server.boundary import ABORT_KEY, DEADLINE_KEY
from app.server.protocol import ApiError
from app.server.service import ModelService

log = logging.getLogger(__name__)

END = object()


class ClientGone(Exception):
    """The client disconnected while its request was being worked on (nothing can be sent any more)."""


async def disconnected(receive: Callable[[], Any]) -> None:
    """Return when the client has gone (ASGI ``http.disconnect``); body messages (already read) are skipped."""
    while (await receive())["type"] != "http.disconnect":
        pass


def deadline_error() -> ApiError:
    return ApiError(504, "The request ran past the server's time limit (alcove serve --request-timeout) and was "
                    "cancelled.", type="server_error", code="deadline_exceeded")  # fmt: skip


def forget(fut: asyncio.Future) -> None:
    """Let ``fut`` finish unobserved (its result or error is no one's now)."""
    fut.add_done_callback(lambda f: f.cancelled() or f.exception())


async def pump(make: Callable[[], Iterator[Any]]) -> AsyncIterator[Any]:
    """Iterate a blocking iterator (built by ``make`` in the worker thread) from the event loop."""
    loop = asyncio.get_running_loop()
    q: asyncio.Queue = asyncio.Queue()

    def work() -> None:
        try:
            for item in make():
                loop.call_soon_threadsafe(q.put_nowait, item)
        except BaseException as exc:  # noqa: BLE001 - errors cross to the loop as values
            loop.call_soon_threadsafe(q.put_nowait, exc)
        finally:
            loop.call_soon_threadsafe(q.put_nowait, END)

    # A thread of its own per stream: a stream lives as long as its request, and a shared pool (asyncio's default
    # has cpu_count + 4 threads) would make the ninth concurrent stream wait for one of the first eight to end.
    threading.Thread(target=work, name="alcove-server-stream", daemon=True).start()
    while True:
        item = await q.get()
        if item is END:
            return
        if isinstance(item, BaseException):
            raise item
        yield item


class Ending:
    """A request's end, told to the service exactly once: a request that did not end well is cancelled."""

    def __init__(self, service: ModelService, request_id: str) -> None:
        self.service, self.request_id = service, request_id
        self.ok = False
        self._told = False

    def __call__(self) -> None:
        if self._told:
            return
        self._told = True
        if not self.ok:
            self.service.cancel(self.request_id)
        self.service.end(self.ok)


class EventStream(Response):
    """Server-sent events from ``chunks``, raced against the client: a disconnect, or a send buffer that stays
    full for ``stall_s`` (a client that stopped reading), ends the stream at once and drops the connection; the
    deadline ends it with an error event. However it ends, ``ending`` cancels the engine request unless it ended
    well."""

    media_type = "text/event-stream"

    def __init__(self, chunks: AsyncIterator[str], *, ending: Ending, stall_s: float,
                 on_deadline: Callable[[], str]) -> None:  # fmt: skip
        self.chunks = chunks
        self.ending = ending
        self.stall_s = stall_s
        self.on_deadline = on_deadline
        self.status_code = 200
        self.background = None
        self.init_headers({"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        loop = asyncio.get_running_loop()
        deadline = scope.get(DEADLINE_KEY)
        gone = asyncio.ensure_future(disconnected(receive))
        step: asyncio.Future | None = None
        try:
            if not await self._send(send, gone, {"type": "http.response.start", "status": self.status_code,
                                                 "headers": self.raw_headers}):  # fmt: skip
                return self._drop(scope)
            chunks = aiter(self.chunks)
            while True:
                step = asyncio.ensure_future(anext(chunks))
                left = None if deadline is None else max(0.0, deadline - loop.time())
                await asyncio.wait({step, gone}, timeout=left, return_when=asyncio.FIRST_COMPLETED)
                if not step.done():  # the client left, or the deadline came, while the engine worked
                    step.cancel()
                    await asyncio.gather(step, return_exceptions=True)
                    if gone.done():
                        return self._drop(scope)
                    await self._send(send, gone, {"type": "http.response.body", "body": self.on_deadline().encode(),
                                                  "more_body": False})  # fmt: skip
                    return None
                try:
                    chunk = step.result()
                except StopAsyncIteration:
                    break
                message = {"type": "http.response.body", "body": chunk.encode("utf-8"), "more_body": True}
                if not await self._send(send, gone, message):
                    return self._drop(scope)
            await self._send(send, gone, {"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            gone.cancel()
            if step is not None and not step.done():
                step.cancel()
            with contextlib.suppress(Exception):
                await self.chunks.aclose()
            self.ending()  # (again: a stream that never started has not run its own finally)

    async def _send(self, send: Any, gone: asyncio.Future, message: dict) -> bool:
        """Send ``message``; False when the client left, or its buffer stayed full for ``stall_s``."""
        if gone.done():
            return False
        sending = asyncio.ensure_future(send(message))
        await asyncio.wait({sending, gone}, timeout=self.stall_s, return_when=asyncio.FIRST_COMPLETED)
        if sending.done():
            return sending.exception() is None
        sending.cancel()
        await asyncio.gather(sending, return_exceptions=True)
        log.info("server: a client read nothing for %.1f s; its stream is dropped", self.stall_s)
        return False

    @staticmethod
    def _drop(scope: dict) -> None:
        abort = scope.get(ABORT_KEY)
        if abort is not None:
            abort()  # close now: a close would wait for the full buffer to drain
