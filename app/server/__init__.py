"""Alcove as a local model server: OpenAI-compatible HTTP on loopback over the in-process engine."""

from app.server.protocol import ApiError
from app.server.runner import (
    BindRefused,
    RunningServer,
    ThreadedServer,
    build_app,
    check_bind,
    is_loopback,
    serve_forever,
)
from app.server.service import ModelService, ServerOptions

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
    "serve_forever",
]
