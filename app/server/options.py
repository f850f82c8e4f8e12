"""The server's settings and the one rule about where it may listen. Light on purpose: ``alcove serve`` checks its
command line with this module before it imports the HTTP stack or the engine's runtime."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from engine.core import AlcoveError


@dataclass(frozen=True)
class ServerOptions:
    """The server's settings (plain values; the window and ``alcove serve`` fill them in)."""

    host: str = "127.0.0.1"
    port: int = 8765
    api_key: str | None = None
    allow_remote: bool = False
    chat_model: str = "default"  # what "default" means for chat, completions and rerank
    embedder: str = "default"
    draft: str | None = None  # speculative requests' draft model (None: whichever the engine has loaded)
    db: str | None = None  # the index for /v1/alcove/* and documents mode
    max_batch: int = 16
    max_waiting: int = 64  # requests queued for the batch beyond which the server answers 429
    max_inflight: int = 128  # open requests of any kind beyond which it answers 503
    max_tokens: int = 512
    temperature: float = 0.7
    speculative: str = "off"


class BindRefused(AlcoveError):
    """The address is not loopback and remote access was not explicitly allowed with a key."""


def is_loopback(host: str) -> bool:
    if host in ("localhost", "localhost.localdomain"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_bind(options: ServerOptions) -> None:
    """Refuse anything but loopback unless ``allow_remote`` is set AND a (non-blank) API key is given."""
    if is_loopback(options.host):
        return
    if not options.allow_remote:
        raise BindRefused(
            f"Refusing to serve on {options.host}: only this Mac (127.0.0.1) is allowed by default. "
            "To serve other machines pass --allow-remote together with --api-key."
        )
    if not (options.api_key or "").strip():
        raise BindRefused(
            f"Serving on {options.host} needs an API key (--api-key KEY) so strangers cannot use it."
        )
