"""The server's settings and the rules about where it may listen and who may call it. Light on purpose: ``alcove
serve`` checks its command line with this module before it imports the HTTP stack or the engine's runtime."""

from __future__ import annotations

import ipaddress
import math
from dataclasses import dataclass
from urllib.parse import urlsplit

from engine.core import AlcoveError

MIN_REMOTE_KEY = 16  # non-blank characters a key needs before the server listens beyond loopback
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")  # what a Host header may name on a loopback server


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
    # -- the HTTP boundary ----------------------------------------------------------------------------------
    allow_origins: tuple[str, ...] = ()  # web origins (scheme://host[:port]) whose pages may call the server
    allow_model_paths: bool = False  # let callers name a model by a path on this machine
    max_body_bytes: int = 8 << 20  # a larger request body: 413
    max_json_depth: int = 64  # deeper nesting: 400
    header_timeout_s: float = 10.0  # from connecting (or the last response) to a request's complete headers
    body_timeout_s: float = 30.0  # from the headers to the body's last byte
    keep_alive_s: float = 5.0  # an idle connection between requests
    send_stall_s: float = (
        15.0  # a client that reads nothing for this long while its buffer is full is dropped
    )
    send_buffer_bytes: int = (
        256 << 10
    )  # the kernel's send buffer per connection (the server's own adds 64 KiB)
    request_timeout_s: float | None = (
        600.0  # a request's work, from its body to its last byte (None: no limit)
    )
    max_connections: int = 256  # open connections (and requests) beyond which a new request gets 503

    def __post_init__(self) -> None:
        origins = tuple(normalise_origin(o) for o in self.allow_origins)
        object.__setattr__(self, "allow_origins", origins)
        for name in ("max_body_bytes", "max_json_depth", "send_buffer_bytes", "max_connections"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise AlcoveError(f"The server option {name} must be a positive integer (got {value!r}).")
        for name in (
            "header_timeout_s",
            "body_timeout_s",
            "keep_alive_s",
            "send_stall_s",
            "request_timeout_s",
        ):
            value = getattr(self, name)
            if value is None and name == "request_timeout_s":
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not (0 < value < math.inf):
                raise AlcoveError(
                    f"The server option {name} must be a positive number of seconds (got {value!r})."
                )


class BindRefused(AlcoveError):
    """The address is not loopback and remote access was not explicitly allowed with a strong enough key."""


def normalise_origin(origin: str) -> str:
    """``scheme://host[:port]`` in lower case, as browsers send it in an Origin header; AlcoveError otherwise."""
    text = str(origin).strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        parts, port = None, None
    if (
        parts is None
        or parts.scheme.lower() not in ("http", "https")
        or not parts.hostname
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
        or parts.username is not None
    ):
        raise AlcoveError(
            f"{origin!r} is not a web origin: give scheme://host[:port], e.g. http://localhost:3000."
        )
    host = parts.hostname.lower()
    host = f"[{host}]" if ":" in host else host
    default = {"http": 80, "https": 443}[parts.scheme.lower()]
    return f"{parts.scheme.lower()}://{host}" + (f":{port}" if port is not None and port != default else "")


def is_loopback(host: str) -> bool:
    if host in ("localhost", "localhost.localdomain"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def key_problem(key: str | None) -> str | None:
    """Why ``key`` is too weak to guard a server other machines can reach, or None."""
    if not (key or "").strip():
        return "needs an API key (--api-key KEY) so strangers cannot use it"
    visible = sum(not c.isspace() for c in key)
    if visible < MIN_REMOTE_KEY:
        return (f"needs an API key of at least {MIN_REMOTE_KEY} non-blank characters (this one has {visible}); "
                "make one with: python3 -c 'import secrets; print(secrets.token_urlsafe(24))'")  # fmt: skip
    return None


def check_bind(options: ServerOptions) -> None:
    """Refuse anything but loopback unless ``allow_remote`` is set AND a strong API key is given."""
    if is_loopback(options.host):
        return
    if not options.allow_remote:
        raise BindRefused(
            f"Refusing to serve on {options.host}: only this Mac (127.0.0.1) is allowed by default. "
            "To serve other machines pass --allow-remote together with --api-key."
        )
    problem = key_problem(options.api_key)
    if problem:
        raise BindRefused(f"Serving on {options.host} {problem}.")
