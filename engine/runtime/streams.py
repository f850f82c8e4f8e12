"""Small stream helpers the engine's front door uses: an event put before a stream, and a queue drained as one."""

from __future__ import annotations

import queue
from collections.abc import Iterator
from typing import Any

from engine.runtime.scheduler import _Raised

DONE_ITEM = object()  # put on a queue last: the stream read by ``drain_until`` ends there


def after(first: Any, stream: Iterator[Any]) -> Iterator[Any]:
    """``first``, then every item of ``stream``."""
    yield first
    yield from stream


def drain_until(out: queue.Queue) -> Iterator[Any]:
    """The queue's items until DONE_ITEM; a ``_Raised`` item is raised here."""
    while True:
        item = out.get()
        if item is DONE_ITEM:
            return
        if isinstance(item, _Raised):
            raise item.exc
        yield item
