"""The HTTP boundary: what a request must be before any route sees it (an ASGI middleware around the routes).

The local server is a door into private files, and a web page in the user's browser can knock on it: a page may
send simple cross-origin requests (``text/plain`` or form bodies need no CORS preflight) and, through DNS rebinding,
requests whose ``Host`` names the attacker's domain while they reach 127.0.0.1. So every request, in order:

1. ``Host`` must name this server (127.0.0.1, localhost, [::1] or the configured host, with or without a port) on
   a loopback server or one without a key; else 421. (A remote server with a key skips this: its key guards it.)
2. An ``Origin`` must be the server's own or one the user allowed (``--allow-origin``); a request a browser marks
   ``Sec-Fetch-Site: cross-site``/``same-site`` without one is refused too; else 403. CORS headers are sent only to
   allowed origins; their preflight (``OPTIONS``) is answered here.
3. A POST body must be ``application/json`` (UTF-8); else 415.
4. The body is read here, before any route: at most ``max_body_bytes`` (413, from ``Content-Length`` before a byte
   is read), within ``body_timeout_s`` (408). The route then reads it from memory.

Refusals close the connection (``Connection: close``): the rest of a refused body is never waited for.
``parse_json`` is the one JSON reader of request bodies: depth checked before parsing, invalid UTF-8, lone
surrogates and NaN/Infinity refused with 400.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
from typing import Any

import numpy as np

from app.server.options import LOOPBACK_NAMES, ServerOptions, is_loopback, normalise_origin
from app.server.protocol import ApiError
from engine.core import AlcoveError

DEADLINE_KEY = "alcove.deadline"  # scope key: the loop time a request's work must end by (None: no limit)
ABORT_KEY = "alcove.abort"  # scope key: drops the connection at once (set by the runner's protocol)

_SLICE = 1 << 20
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
_TOKEN = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
_CORS_HEADERS = "Authorization, Content-Type, X-API-Key"


class Refusal(Exception):
    """A request answered by the boundary itself."""

    def __init__(self, status: int, message: str, code: str) -> None:
        super().__init__(message)
        self.status, self.message, self.code = status, message, code


def json_depth(raw: bytes, stop_above: int = 1 << 30) -> int:
    """How deeply ``raw``'s arrays and objects nest (brackets inside strings do not count). Linear, vectorised,
    in slices of 1 MiB (a few MiB of scratch for an 8 MiB body); exact for valid JSON, and for invalid JSON the
    parser refuses it anyway. Stops early once deeper than ``stop_above``."""
    depth = deepest = 0
    in_string = 0  # 1 inside a string at the slice's start
    run = 0  # backslashes that end the previous slice
    for start in range(0, len(raw), _SLICE):
        a = np.frombuffer(raw, np.uint8, count=min(_SLICE, len(raw) - start), offset=start)
        n = a.size
        quote = a == 34
        if run or b"\\" in raw[start : start + n]:  # drop the escaped quotes (odd backslash runs before them)
            idx = np.arange(n, dtype=np.int32)
            last = np.maximum.accumulate(np.where(a != 92, idx, -1))  # the last non-backslash at or before i
            before = np.empty(n, np.int32)  # backslashes just before i
            before[0] = run
            prev = last[:-1]
            before[1:] = np.where(prev >= 0, idx[:-1] - prev, idx[1:] + run)
            quote &= before % 2 == 0
            run = n - 1 - int(last[-1]) if last[-1] >= 0 else run + n
        parity = (np.cumsum(quote, dtype=np.int32) + in_string) & 1
        outside = parity == 0
        step = (outside & ((a == 91) | (a == 123))).astype(np.int32) - (outside & ((a == 93) | (a == 125)))
        levels = np.cumsum(step, dtype=np.int32) + depth
        deepest = max(deepest, int(levels.max()))
        depth, in_string = int(levels[-1]), int(parity[-1])
        if deepest > stop_above:
            break
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large for a number")
    return value


def parse_json(raw: bytes, max_depth: int) -> Any:
    """A request body as Python values; ApiError 400 for anything but strict, UTF-8, not-too-deep JSON."""
    if not raw.strip():
        raise ApiError(400, "The request body is empty; send a JSON object.", code="invalid_json")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ApiError(
            400, f"The request body is not valid UTF-8 (byte {exc.start}).", code="invalid_json"
        ) from exc
    if raw.count(b"[") + raw.count(b"{") > max_depth and json_depth(raw, max_depth) > max_depth:
        raise ApiError(400, f"The request body nests deeper than {max_depth} levels.", code="invalid_json")
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except (ValueError, RecursionError) as exc:
        raise ApiError(400, f"The request body is not valid JSON ({exc}).", code="invalid_json") from exc
    if _SURROGATE_ESCAPE.search(raw):  # "\ud800" parses into a str that cannot be encoded again
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ApiError(400, "The request body has a lone surrogate (\\ud800 to \\udfff) in a string.",
                           code="invalid_json") from exc  # fmt: skip
    return value


def _host_name(value: str) -> str | None:
    """The name part of a Host header ("[::1]:8765" -> "[::1]"), lower case; None when it is malformed."""
    v = value.strip().lower()
    if v.startswith("["):
        end = v.find("]")
        if end < 0:
            return None
        name, rest = v[: end + 1], v[end + 1 :]
    else:
        name, colon, port = v.partition(":")
        rest = colon + port
    if rest and not (rest[0] == ":" and rest[1:].isdigit() and len(rest) <= 6):
        return None
    return name or None


def _content_type_ok(value: str | None) -> bool:
    if value is None:
        return False
    media, *params = value.split(";")
    if media.strip().lower() != "application/json":
        return False
    for param in params:
        key, _, val = param.partition("=")
        if key.strip().lower() == "charset" and val.strip().strip('"').lower() not in ("utf-8", "utf8"):
            return False
    return True


class Boundary:
    """The ASGI middleware that applies the rules above, then hands the request (its body read) to ``app``."""

    def __init__(self, app: Any, options: ServerOptions) -> None:
        self.app = app
        self.state = getattr(app, "state", None)
        self.options = options
        host = options.host.strip("[]").lower()
        names = {n if ":" not in n else f"[{n}]" for n in (*LOOPBACK_NAMES, host)}
        self.hosts = frozenset(names)
        # A remote server with a key is reached by names we cannot know; its key guards it instead.
        self.check_host = is_loopback(options.host) or not options.api_key
        self.origins = frozenset(options.allow_origins)

    # -- the checks --------------------------------------------------------------------------------------------
    def _host_ok(self, hosts: list[str]) -> bool:
        return len(hosts) == 1 and _host_name(hosts[0]) in self.hosts

    def _origin_allowed(self, origin: str, scope: dict) -> bool:
        try:
            norm = normalise_origin(origin)
        except AlcoveError:
            return False  # "null" (a sandboxed frame, a file:// page), or garbage
        if norm in self.origins:
            return True
        port = (scope.get("server") or (None, None))[1]
        own = {f"http://{h}:{port}" for h in self.hosts} | (
            {f"http://{h}" for h in self.hosts} if port == 80 else set()
        )
        return norm in own

    # -- ASGI --------------------------------------------------------------------------------------------------
    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            origin = self._check(scope)
            if (
                scope["method"] == "OPTIONS"
                and origin is not None
                and _header(scope, b"access-control-request-method")
            ):
                await _preflight(send, origin, scope)
                return
            body = (
                await self._read_body(scope, receive) if scope["method"] in ("POST", "PUT", "PATCH") else None
            )
        except Refusal as r:
            await _refuse(send, r)
            return
        except _Gone:
            return
        loop = asyncio.get_running_loop()
        limit = self.options.request_timeout_s
        scope[DEADLINE_KEY] = loop.time() + limit if limit else None
        if body is not None:
            receive = _replay(body, receive)
        if origin is not None:
            send = _with_cors(send, origin)
        await self.app(scope, receive, send)

    def _check(self, scope: dict) -> str | None:
        """Refusal unless Host and Origin pass; the allowed Origin to answer with CORS headers, or None."""
        if self.check_host and not self._host_ok(_headers(scope, b"host")):
            raise Refusal(421, "This server answers only requests addressed to it (the Host header must name "
                               "127.0.0.1, localhost or [::1]).", "misdirected_request")  # fmt: skip
        origins = _headers(scope, b"origin")
        if origins:
            if len(origins) != 1 or not self._origin_allowed(origins[0], scope):
                raise Refusal(403, "Requests from web pages are refused unless their origin is allowed "
                                   "(alcove serve --allow-origin ORIGIN).", "forbidden_origin")  # fmt: skip
            return origins[0]
        if _header(scope, b"sec-fetch-site") in ("cross-site", "same-site"):
            raise Refusal(403, "Requests from other web sites are refused.", "forbidden_origin")
        return None

    async def _read_body(self, scope: dict, receive: Any) -> bytes:
        if scope["method"] == "POST" and not _content_type_ok(_header(scope, b"content-type")):
            raise Refusal(415, "Send the request body as JSON with 'Content-Type: application/json'.",
                          "unsupported_media_type")  # fmt: skip
        limit = self.options.max_body_bytes
        length = _header(scope, b"content-length")
        if length is not None:
            if not length.strip().isdigit():
                raise Refusal(400, "The Content-Length header is not a number.", "invalid_request")
            if int(length) > limit:
                raise Refusal(413, f"The request body is larger than {limit} bytes.", "body_too_large")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.options.body_timeout_s
        chunks: list[bytes] = []
        size = 0
        while True:
            left = deadline - loop.time()
            try:
                if left <= 0:
                    raise TimeoutError
                message = await asyncio.wait_for(receive(), left)
            except TimeoutError:
                raise Refusal(408, f"The request body did not arrive within {self.options.body_timeout_s:g} s.",
                              "request_timeout") from None  # fmt: skip
            if message["type"] == "http.disconnect":
                raise _Gone
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                raise Refusal(413, f"The request body is larger than {limit} bytes.", "body_too_large")
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


class _Gone(Exception):
    """The client disconnected before its request was read."""


def _headers(scope: dict, name: bytes) -> list[str]:
    return [v.decode("latin-1") for k, v in scope.get("headers", ()) if k.lower() == name]


def _header(scope: dict, name: bytes) -> str | None:
    found = _headers(scope, name)
    return found[0] if found else None


def _replay(body: bytes, receive: Any) -> Any:
    """A receive that gives the body read already, then the connection's own messages (its disconnect)."""
    given = False

    async def replay() -> dict:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def _with_cors(send: Any, origin: str) -> Any:
    async def cors(message: dict) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            headers += [(b"access-control-allow-origin", origin.encode("latin-1")), (b"vary", b"Origin")]
            message = {**message, "headers": headers}
        await send(message)

    return cors


async def _preflight(send: Any, origin: str, scope: dict) -> None:
    """Answer an allowed origin's CORS preflight: GET and POST, the headers it asked for (tokens only)."""
    asked = [
        h.strip() for h in (_header(scope, b"access-control-request-headers") or "").split(",") if h.strip()
    ]
    allowed = ", ".join(h for h in asked if _TOKEN.match(h)) or _CORS_HEADERS
    headers = [
        (b"access-control-allow-origin", origin.encode("latin-1")),
        (b"access-control-allow-methods", b"GET, POST"),
        (b"access-control-allow-headers", allowed.encode("latin-1")),
        (b"access-control-max-age", b"600"),
        (b"vary", b"Origin"),
        (b"content-length", b"0"),
    ]
    if (_header(scope, b"access-control-request-private-network") or "").lower() == "true":
        headers.append((b"access-control-allow-private-network", b"true"))
    await send({"type": "http.response.start", "status": 204, "headers": headers})
    await send({"type": "http.response.body", "body": b"", "more_body": False})


async def _refuse(send: Any, refusal: Refusal) -> None:
    body = json.dumps(ApiError(refusal.status, refusal.message, code=refusal.code).body()).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),  # the rest of a refused request is never read
    ]
    await send({"type": "http.response.start", "status": refusal.status, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})
