"""The server's HTTP boundary under attack, on loopback: DNS rebinding and cross-origin requests from web pages,
bodies too large or too deep, slow and half-sent requests, clients that stop reading, clients that leave, and the
``model`` field used to probe the disk. Every loop is bounded; every socket has a timeout."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time

import httpx
import pytest

from app.server import ServerOptions, ThreadedServer, check_bind
from app.server.boundary import json_depth, parse_json
from app.server.command import main as serve_main
from app.server.models_gate import NOT_AVAILABLE
from app.server.options import BindRefused
from app.server.protocol import ApiError
from engine.core import FinalEvent, GenerationStats, RouteEvent, TokenEvent
from tests.app.server.conftest import batch_of

ALLOWED = "http://notes.example:3000"
LONG_PROMPT = "hi"  # the tiny model's greedy run from it goes the whole distance (no end-of-text)


@pytest.fixture(scope="module")
def guarded(engine, tiny_chat):
    """A server with short deadlines and small buffers, and one allowed web origin."""
    opts = ServerOptions(port=0, chat_model=str(tiny_chat), max_tokens=8, temperature=0.0, allow_origins=(ALLOWED,),
                         max_body_bytes=64 << 10, header_timeout_s=1.0, body_timeout_s=1.0, keep_alive_s=1.0,
                         send_stall_s=1.0, send_buffer_bytes=4096)  # fmt: skip
    srv = ThreadedServer(engine, opts)
    yield srv
    srv.stop()


def url(srv, path: str) -> str:
    return f"http://127.0.0.1:{srv.port}{path}"


def connect(srv, rcvbuf: int | None = None) -> socket.socket:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(10)
    s.connect(("127.0.0.1", srv.port))
    return s


def http_bytes(method: str, path: str, body: bytes = b"", **headers: str) -> bytes:
    head = {"Host": "127.0.0.1", "Content-Type": "application/json", "Content-Length": str(len(body))}
    head.update({k.replace("_", "-"): v for k, v in headers.items()})
    lines = [f"{method} {path} HTTP/1.1"] + [f"{k}: {v}" for k, v in head.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def closed_within(s: socket.socket, seconds: float) -> bool:
    """Whether the server closed ``s`` within ``seconds`` (whatever it sent first is read and dropped)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        s.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            if not s.recv(65536):
                return True
        except (ConnectionResetError, BrokenPipeError):
            return True
        except TimeoutError:
            return False
    return False


def wait_until(cond, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(0.02)
    return cond()


# -- browsers: DNS rebinding, cross-origin simple requests, CORS ----------------------------------------------
def test_dns_rebinding_is_misdirected_and_reveals_nothing(docs):
    search = {"query": "capital of France", "k": 3}
    assert "Paris" in httpx.post(url(docs, "/v1/alcove/search"), json=search, timeout=60).text  # the document
    for host in ("evil.example", f"evil.example:{docs.port}", "127.0.0.1.evil.example", "localhost.evil.example",
                 f"127.0.0.1:{docs.port}@evil.example", ""):  # fmt: skip
        for method, path, body in (("POST", "/v1/alcove/search", search), ("GET", "/v1/models", None),
                                   ("POST", "/v1/alcove/ask", {"question": "capital of France?"})):  # fmt: skip
            r = httpx.request(method, url(docs, path), json=body, timeout=30,
                              headers={"Host": host, "Origin": f"http://{host or 'evil.example'}"})  # fmt: skip
            assert r.status_code == 421, (host, path, r.text)
            assert r.json()["error"]["code"] == "misdirected_request"
            assert "Paris" not in r.text and "france" not in r.text.lower()
            assert not any(k.lower().startswith("access-control-") for k in r.headers)
    # the right names, with or without a port, pass; a foreign origin on them does not
    for host in ("127.0.0.1", f"127.0.0.1:{docs.port}", "localhost", f"LOCALHOST:{docs.port}", "[::1]",
                 f"[::1]:{docs.port}"):  # fmt: skip
        assert httpx.get(url(docs, "/health"), headers={"Host": host}, timeout=30).status_code == 200, host
    r = httpx.post(url(docs, "/v1/alcove/search"), json=search, timeout=30,
                   headers={"Origin": "http://evil.example"})  # fmt: skip
    assert r.status_code == 403 and "Paris" not in r.text and r.json()["error"]["code"] == "forbidden_origin"


def test_cross_origin_simple_requests_are_refused(docs, live):
    search = json.dumps({"query": "capital of France", "k": 3})
    chat = {"model": "default", "messages": [{"role": "user", "content": "hi"}], "max_tokens": 2}
    cases = [
        # what a page's fetch()/form sends without a preflight: text/plain, form bodies, no-cors requests
        (docs, "/v1/alcove/search", search, {"Content-Type": "text/plain", "Origin": "http://evil.example"}, 403),
        (docs, "/v1/alcove/search", search, {"Content-Type": "text/plain;charset=UTF-8"}, 415),
        (docs, "/v1/alcove/search", search, {"Content-Type": "application/json", "Origin": "null"}, 403),
        (docs, "/v1/alcove/search", search, {"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, 403),
        (live, "/v1/chat/completions", "model=default&messages=hi",
         {"Content-Type": "application/x-www-form-urlencoded"}, 415),
        (live, "/v1/chat/completions", json.dumps(chat), {"Content-Type": "multipart/form-data; boundary=x"}, 415),
        (live, "/v1/chat/completions", json.dumps(chat), {}, 415),  # no Content-Type at all
        (live, "/v1/chat/completions", json.dumps(chat), {"Content-Type": "application/json; charset=latin-1"}, 415),
    ]  # fmt: skip
    for srv, path, body, headers, status in cases:
        r = httpx.post(url(srv, path), content=body.encode(), headers=headers, timeout=30)
        assert r.status_code == status, (path, headers, r.text)
        assert "Paris" not in r.text and r.headers.get("connection") == "close"
        assert "access-control-allow-origin" not in r.headers
    ok = httpx.post(url(live, "/v1/chat/completions"), content=json.dumps(chat).encode(), timeout=60,
                    headers={"Content-Type": "application/json; charset=utf-8"})  # fmt: skip
    assert ok.status_code == 200


def test_cors_only_for_allowed_origins(guarded):
    preflight = {
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, authorization",
    }
    r = httpx.options(
        url(guarded, "/v1/chat/completions"), headers={"Origin": ALLOWED, **preflight}, timeout=30
    )
    assert r.status_code == 204
    assert r.headers["access-control-allow-origin"] == ALLOWED
    assert "POST" in r.headers["access-control-allow-methods"]
    assert "authorization" in r.headers["access-control-allow-headers"].lower()
    r = httpx.options(url(guarded, "/v1/chat/completions"), headers={"Origin": "http://evil.example", **preflight},
                      timeout=30)  # fmt: skip
    assert r.status_code == 403 and "access-control-allow-origin" not in r.headers
    r = httpx.get(url(guarded, "/v1/models"), headers={"Origin": ALLOWED}, timeout=30)
    assert r.status_code == 200 and r.headers["access-control-allow-origin"] == ALLOWED
    r = httpx.get(
        url(guarded, "/v1/models"), timeout=30
    )  # no Origin: no CORS headers at all (off by default)
    assert r.status_code == 200 and not any(k.lower().startswith("access-control-") for k in r.headers)
    for other in ("http://notes.example", "https://notes.example:3000", "http://notes.example:3001"):
        assert httpx.get(url(guarded, "/health"), headers={"Origin": other}, timeout=30).status_code == 403


# -- bodies ------------------------------------------------------------------------------------------------
def test_body_too_large_is_413_before_it_is_read(guarded):
    big = json.dumps({"model": "default", "prompt": "x" * (70 << 10)}).encode()
    r = httpx.post(url(guarded, "/v1/completions"), content=big, headers={"Content-Type": "application/json"},
                   timeout=30)  # fmt: skip
    assert r.status_code == 413 and r.json()["error"]["code"] == "body_too_large"

    def chunks():  # no Content-Length (chunked): counted as it arrives
        for i in range(0, len(big), 8192):
            yield big[i : i + 8192]

    r = httpx.post(url(guarded, "/v1/completions"), content=chunks(), headers={"Content-Type": "application/json"},
                   timeout=30)  # fmt: skip
    assert r.status_code == 413
    # A Content-Length of 1 GiB is refused at once, with no byte of the body sent.
    with contextlib.closing(connect(guarded)) as s:
        s.sendall(http_bytes("POST", "/v1/completions", Content_Length=str(1 << 30)))
        head = s.recv(4096)
        assert head.startswith(b"HTTP/1.1 413")


@pytest.mark.parametrize(
    ("raw", "what"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nests deeper"),
        (b'{"model": "default", "prompt": ' + b"[" * 65 + b"1" + b"]" * 65 + b"}", "nests deeper"),
        (b'{"model": "default", "prompt": "\\ud800"}', "lone surrogate"),
        (b'{"model": "default", "prompt": "\\udfff and \\ud83d"}', "lone surrogate"),
        (b'{"model": "default", "prompt": "caf\xe9"}', "not valid UTF-8"),
        (b'{"model": "default", "prompt": "x", "temperature": NaN}', "not valid JSON"),
        (b'{"model": "default", "prompt": "x", "top_p": 1e999}', "not valid JSON"),
        (b'{"model": "default", "prompt": "x", "seed": ' + b"9" * 5000 + b"}", "not valid JSON"),
        (b"", "empty"),
    ],
)
def test_bad_json_is_400_not_500(live, raw, what):
    for path in (
        "/v1/completions",
        "/v1/chat/completions",
        "/v1/embeddings",
        "/v1/rerank",
        "/v1/alcove/search",
    ):
        r = httpx.post(url(live, path), content=raw, headers={"Content-Type": "application/json"}, timeout=30)
        assert r.status_code == 400, (path, r.text)
        assert what in r.json()["error"]["message"]
    assert httpx.get(url(live, "/health"), timeout=30).status_code == 200


def test_json_depth_ignores_brackets_in_strings():
    assert json_depth(b'{"a": "[[[[{{{{", "b": ["\\"[", {"c": "\\\\"}]}') == 3
    deep_text = json.dumps({"model": "default", "prompt": "[" * 5000}).encode()
    assert parse_json(deep_text, 64)["prompt"] == "[" * 5000  # a prompt full of brackets is not deep
    with pytest.raises(ApiError):
        parse_json(b"[" * 65 + b"]" * 65, 64)
    assert parse_json(b"[" * 64 + b"]" * 64, 64)


# -- slow clients --------------------------------------------------------------------------------------------
def test_half_sent_requests_are_closed_within_the_timeouts(guarded):
    opened: list[socket.socket] = []
    try:
        for i in range(60):  # headers that never end, a body that never comes, nothing at all
            s = connect(guarded)
            if i % 3 == 0:
                s.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            elif i % 3 == 1:
                s.sendall(http_bytes("POST", "/v1/completions", b'{"model"', Content_Length="100"))
            opened.append(s)
        trickle = connect(guarded)  # a header byte every 0.2 s: bytes keep coming, the headers never complete
        opened.append(trickle)
        t0 = time.monotonic()
        closed = False
        for _ in range(25):  # at most 5 s
            try:
                trickle.sendall(b"X")
            except OSError:
                closed = True
            if closed or closed_within(trickle, 0.2):
                closed = True
                break
        assert closed and time.monotonic() - t0 < 4  # the 1 s header deadline held although bytes kept coming
        # Meanwhile the server answers others.
        assert httpx.get(url(guarded, "/health"), timeout=10).status_code == 200
        t0 = time.monotonic()
        assert all(closed_within(s, 6 - (time.monotonic() - t0)) for s in opened)
        assert time.monotonic() - t0 < 6  # header and body timeouts of 1 s (+2 s grace), not forever
    finally:
        for s in opened:
            s.close()


def test_half_sent_body_gets_408(guarded):
    with contextlib.closing(connect(guarded)) as s:
        s.sendall(http_bytes("POST", "/v1/completions", b'{"model": "default"', Content_Length="200"))
        s.settimeout(8)
        head = s.recv(4096)
        assert head.startswith(b"HTTP/1.1 408"), head
        assert closed_within(s, 3)


def test_idle_keep_alive_connection_is_closed(guarded):
    with contextlib.closing(connect(guarded)) as s:
        s.sendall(http_bytes("GET", "/health"))
        assert s.recv(4096).startswith(b"HTTP/1.1 200")
        assert closed_within(s, 4)


def test_a_reader_that_stops_reading_is_dropped_and_does_not_stall_others(guarded, engine):
    batch = batch_of(engine)
    cancelled = batch.finished["cancelled"]
    body = json.dumps({"model": "default", "prompt": LONG_PROMPT, "max_tokens": 1500, "temperature": 0,
                       "stream": True}).encode()  # fmt: skip
    engine.set_batch_limits(2, 64)  # two streams fill the batch: the third request waits for a slot
    stuck: list[socket.socket] = []
    try:
        for _ in range(2):
            s = connect(guarded, rcvbuf=1024)
            s.sendall(http_bytes("POST", "/v1/completions", body))
            stuck.append(s)  # and never read
        assert wait_until(lambda: engine.decoding_in_batch() >= 1, 20)
        t0 = time.monotonic()
        r = httpx.post(url(guarded, "/v1/completions"), timeout=30,
                       json={"model": "default", "prompt": "The capital of France is", "max_tokens": 4})  # fmt: skip
        waited = time.monotonic() - t0
        assert r.status_code == 200 and r.json()["choices"][0]["text"] is not None
        # The stalled streams were cancelled (not run to 1500 tokens), and their connections dropped.
        assert wait_until(lambda: batch.finished["cancelled"] >= cancelled + 2, 10)
        assert waited < 15
        for s in stuck:
            assert closed_within(s, 5)
    finally:
        engine.set_batch_limits(16, 64)
        for s in stuck:
            s.close()


# -- clients that leave ---------------------------------------------------------------------------------------
def _idle(engine) -> bool:
    return engine.decoding_in_batch() == 0 and engine.scheduler_state().running == ""


def test_disconnect_cancels_a_long_non_streaming_chat(live, engine):
    batch = batch_of(engine)
    cancelled = batch.finished["cancelled"]
    body = json.dumps({"model": "default", "messages": [{"role": "user", "content": LONG_PROMPT}],
                       "max_tokens": 1900, "temperature": 0}).encode()  # fmt: skip
    with contextlib.closing(connect(live)) as s:
        s.sendall(http_bytes("POST", "/v1/chat/completions", body))
        assert wait_until(lambda: engine.decoding_in_batch() >= 1, 20)
        steps = batch.steps
    t0 = time.monotonic()
    assert wait_until(lambda: batch.finished["cancelled"] >= cancelled + 1, 10)
    assert wait_until(lambda: _idle(engine), 10), engine.scheduler_state()
    assert time.monotonic() - t0 < 10
    assert batch.steps - steps < 1900


def test_disconnect_cancels_a_long_rerank(live, engine):
    docs = [f"Document {i} talks about the weather in town number {i}." for i in range(3000)]
    body = json.dumps({"model": "default", "query": "rain", "documents": docs}).encode()
    started = engine.scheduler_state().interactive_jobs
    with contextlib.closing(connect(live)) as s:
        s.sendall(http_bytes("POST", "/v1/rerank", body))
        assert wait_until(lambda: engine.scheduler_state().running != "" or
                          engine.scheduler_state().interactive_jobs > started, 20)  # fmt: skip
        time.sleep(0.3)
    t0 = time.monotonic()
    assert wait_until(lambda: _idle(engine), 15), engine.scheduler_state()
    assert time.monotonic() - t0 < 15


class SlowEngine:
    """The real engine, but chat replies that trickle a token every 50 ms (at most 400) until cancelled."""

    def __init__(self, engine) -> None:
        self._engine = engine
        self.cancelled: list[str] = []
        self._stops: dict[str, threading.Event] = {}

    def __getattr__(self, name):
        return getattr(self._engine, name)

    def chat(self, request):
        rid = request.request_id
        stop = self._stops.setdefault(rid, threading.Event())

        def events():
            yield RouteEvent(rid, "batched", "slow test engine")
            for _ in range(400):
                if stop.wait(0.05):
                    yield FinalEvent(rid, "", (), "cancelled", GenerationStats())
                    return
                yield TokenEvent(rid, "x", 1)
            yield FinalEvent(rid, "x" * 400, (1,) * 400, "length", GenerationStats())

        return events()

    def cancel(self, request_id: str) -> bool:
        self.cancelled.append(request_id)
        self._stops.setdefault(request_id, threading.Event()).set()
        return True


def test_request_deadline_cancels_streaming_and_not(engine, tiny_chat):
    slow = SlowEngine(engine)
    opts = ServerOptions(port=0, chat_model=str(tiny_chat), request_timeout_s=1.0)
    srv = ThreadedServer(slow, opts)
    try:
        body = {"model": "default", "prompt": "x", "max_tokens": 400}
        t0 = time.monotonic()
        r = httpx.post(url(srv, "/v1/completions"), json=body, timeout=30)
        assert r.status_code == 504 and r.json()["error"]["code"] == "deadline_exceeded"
        assert time.monotonic() - t0 < 8 and len(set(slow.cancelled)) == 1
        with httpx.stream(
            "POST", url(srv, "/v1/completions"), json={**body, "stream": True}, timeout=30
        ) as r:
            lines = [line for line in r.iter_lines() if line.startswith("data: ")]
        assert lines[-1] == "data: [DONE]"
        assert json.loads(lines[-2][6:])["error"]["code"] == "deadline_exceeded"
        assert wait_until(lambda: len(set(slow.cancelled)) == 2, 5)
        assert wait_until(lambda: srv.service.counters.active == 0, 5)
    finally:
        srv.stop()


def test_streaming_disconnect_while_waiting_cancels(engine, tiny_chat):
    slow = SlowEngine(engine)
    srv = ThreadedServer(slow, ServerOptions(port=0, chat_model=str(tiny_chat)))
    try:
        for stream in (True, False):
            before = len(set(slow.cancelled))
            body = json.dumps(
                {"model": "default", "prompt": "x", "max_tokens": 400, "stream": stream}
            ).encode()
            with contextlib.closing(connect(srv)) as s:
                s.sendall(http_bytes("POST", "/v1/completions", body))
                assert wait_until(lambda: srv.service.counters.active == 1, 10)
                time.sleep(0.2)
            gone = wait_until(lambda n=before + 1: len(set(slow.cancelled)) == n, 5)
            assert gone, stream  # long before 400 tokens x 50 ms
            assert wait_until(lambda: srv.service.counters.active == 0, 5)
    finally:
        srv.stop()


# -- models by name only ---------------------------------------------------------------------------------------
def test_model_names_cannot_probe_the_disk(live, tiny_chat, tmp_path):
    (tmp_path / "a-file.txt").write_text("secret")
    (tmp_path / "no-config").mkdir()
    names = [str(tmp_path / "a-file.txt"), str(tmp_path / "no-config"), str(tmp_path / "nothing-here"),
             str(tiny_chat), "/etc/passwd", "../../../../etc", "~", "no-such-model", "x" * 5000]  # fmt: skip
    routes = {
        "/v1/chat/completions": lambda m: {"model": m, "messages": [{"role": "user", "content": "hi"}]},
        "/v1/completions": lambda m: {"model": m, "prompt": "hi"},
        "/v1/embeddings": lambda m: {"model": m, "input": "hi"},
        "/v1/rerank": lambda m: {"model": m, "query": "q", "documents": ["a"]},
        "/v1/alcove/ask": lambda m: {"model": m, "question": "q?"},
    }
    for path, make in routes.items():
        replies = set()
        for name in names:
            r = httpx.post(url(live, path), json=make(name), timeout=30)
            replies.add((r.status_code, r.content))
        assert len(replies) == 1, (path, replies)  # one reply, whatever exists on disk
        status, content = replies.pop()
        assert status == 404 and json.loads(content)["error"]["message"] == NOT_AVAILABLE
    ids = [m["id"] for m in httpx.get(url(live, "/v1/models"), timeout=30).json()["data"]]
    assert "default" in ids


def test_model_paths_only_when_allowed(engine, tiny_chat):
    srv = ThreadedServer(engine, ServerOptions(port=0, chat_model=str(tiny_chat), allow_model_paths=True,
                                               max_tokens=4, temperature=0.0))  # fmt: skip
    try:
        r = httpx.post(
            url(srv, "/v1/completions"), json={"model": str(tiny_chat), "prompt": "hi"}, timeout=60
        )
        assert r.status_code == 200, r.text
    finally:
        srv.stop()


# -- keys --------------------------------------------------------------------------------------------------
def test_remote_keys_need_sixteen_non_blank_characters(capsys):
    for weak in ("k", "short-key", "x" * 15, " " * 40, "a b c d e f g h i j k l m n o"):
        with pytest.raises(BindRefused, match="API key"):
            check_bind(ServerOptions(host="0.0.0.0", allow_remote=True, api_key=weak))
    check_bind(ServerOptions(host="0.0.0.0", allow_remote=True, api_key="x" * 16))
    check_bind(ServerOptions(api_key="short"))  # loopback: any key is more than none
    assert serve_main(["--host", "0.0.0.0", "--allow-remote", "--api-key", "fifteen-chars!!"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("alcove: ") and "16 non-blank characters" in err
    assert serve_main(["--allow-origin", "not an origin"]) == 2
    assert "--allow-origin" in capsys.readouterr().err
