"""Alcove as a local model server: OpenAI-compatible HTTP on loopback over the in-process engine.

``options`` (settings, where it may listen) -> ``command`` (``alcove serve``) -> ``runner`` (binding, uvicorn) ->
``http`` (routes) -> ``protocol`` (OpenAI's wire format) and ``service`` (requests to the engine's typed API).

Names are imported on first use: ``alcove serve`` checks its command line before the HTTP stack and the engine's
runtime load (a bad value ends within a second, not after seconds of imports).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_WHERE = {
    "ApiError": "app.server.protocol",
    "BindRefused": "app.server.options",
    "ServerOptions": "app.server.options",
    "check_bind": "app.server.options",
    "is_loopback": "app.server.options",
    "normalise_origin": "app.server.options",
    "ModelService": "app.server.service",
    "RunningServer": "app.server.runner",
    "ThreadedServer": "app.server.runner",
    "build_app": "app.server.runner",
    "serve_forever": "app.server.runner",
}

if TYPE_CHECKING:
    from app.server.options import BindRefused, ServerOptions, check_bind, is_loopback, normalise_origin
    from app.server.protocol import ApiError
    from app.server.runner import RunningServer, ThreadedServer, build_app, serve_forever
    from app.server.service import ModelService


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'app.server' has no attribute {name!r}")
    return getattr(importlib.import_module(_WHERE[name]), name)


__all__ = [
    "ApiError",
    "BindRefused",
    "ModelService",
    "RunningServer",
    "ServerOptions",
    "ThreadedServer",
    "build_app",
    "check_bind",
    "is_loopback",
    "normalise_origin",
    "serve_forever",
]
