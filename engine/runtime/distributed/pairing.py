"""The pairing channel between this Mac (rank 0) and a helper: a short code becomes a key, every session starts with
a challenge-response over fresh nonces from both sides, and every message after it carries an HMAC and a sequence
number. MLX's ring transport has no authentication of its own; this channel decides who may open a ring at all.

Handshake (the helper speaks first, so a stranger who connects learns nothing it could test codes against):

    helper -> client   {"nonce": ns}
    client -> helper   {"nonce": nc, "proof": HMAC(K, "client" | ns | nc)}
    helper -> client   {"proof": HMAC(K, "helper" | ns | nc)}        (or a refusal, logged)

K = PBKDF2-HMAC-SHA256(code, fixed salt). The session key is HMAC(K, "session" | ns | nc). A recorded client proof
is bound to the helper's nonce of that session, so replaying it fails; a client nonce seen before is refused and
logged as a replay. Nothing is encrypted: see docs/DISTRIBUTED.md for what crosses the link in the clear.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import logging
import secrets
import socket
import struct
import threading
import time
from collections import OrderedDict

from engine.core import AlcoveError

log = logging.getLogger("alcove.distributed")

_SALT = b"alcove-pair-v1"
_ITERATIONS = 200_000
_NONCE_BYTES = 32
_MAX_FRAME = 1 << 20
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O, 1/I: read aloud from another screen


class DistributedError(AlcoveError):
    """Pairing refused, the helper unreachable or gone, a plan that cannot run: said in words."""


class HandshakeRefused(DistributedError):
    """The other side did not prove it knows the code (or replayed an old proof)."""


def new_code(length: int = 8) -> str:
    """A fresh pairing code to show on the helper: ``length`` characters of a 32-letter alphabet (5 bits each)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def normalize_code(code: str) -> str:
    cleaned = "".join(c for c in code.upper() if not c.isspace() and c != "-")
    if len(cleaned) < 6:
        raise DistributedError(
            "The pairing code is too short: use the code the helper shows (at least 6 characters)."
        )
    return cleaned


def derive_key(code: str) -> bytes:
    """The pairing key for ``code`` (spaces, dashes and case ignored)."""
    return hashlib.pbkdf2_hmac("sha256", normalize_code(code).encode(), _SALT, _ITERATIONS)


def _mac(key: bytes, *parts: bytes) -> bytes:
    return hmac.new(key, b"|".join(parts), hashlib.sha256).digest()


def is_local_address(host: str) -> bool:
    """Loopback, private (RFC 1918 / ULA) or link-local: the local network a helper may listen on by default.
    Not the wildcard (0.0.0.0, ::), which listens on every interface, the public ones included."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    if ip.is_unspecified:
        return False
    return ip.is_loopback or ip.is_private or ip.is_link_local


def parse_address(text: str, what: str, *, any_port: bool = False) -> tuple[str, int]:
    """``HOST:PORT`` with a numeric IP; port 0 (any free port) only where ``any_port``."""
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not (0 if any_port else 1) <= int(port) < 65536:
        raise DistributedError(
            f"{what} must be HOST:PORT with a numeric IP address, e.g. 192.168.1.20:7470 ({text!r})."
        )
    host = host.strip("[]")
    try:
        ipaddress.ip_address(host)
    except ValueError:
        raise DistributedError(
            f"{what}: {host!r} is not an IP address (MLX's ring backend needs addresses, not names)."
        ) from None
    return host, int(port)


class Channel:
    """Length-prefixed JSON frames over a connected socket; after ``authenticate`` each frame carries an HMAC over
    its direction, sequence number and body, and a frame out of sequence or with a wrong HMAC ends the session."""

    def __init__(self, sock: socket.socket, *, role: str):
        self.sock = sock
        self.role = role  # "client" | "helper"
        self.session_key: bytes | None = None
        self._sent = 0
        self._received = 0
        self._send_lock = threading.Lock()

    @property
    def peer_host(self) -> str:
        return self.sock.getpeername()[0]

    def _send_raw(self, obj: dict) -> None:
        data = json.dumps(obj, separators=(",", ":"), sort_keys=True).encode()
        self.sock.sendall(struct.pack(">I", len(data)) + data)

    def _recv_exact(self, n: int) -> bytes:
        chunks = []
        while n:
            chunk = self.sock.recv(n)
            if not chunk:
                raise ConnectionError("the other side closed the connection")
            chunks.append(chunk)
            n -= len(chunk)
        return b"".join(chunks)

    def _recv_raw(self) -> dict:
        (size,) = struct.unpack(">I", self._recv_exact(4))
        if size > _MAX_FRAME:
            raise ConnectionError(f"a frame of {size} bytes (more than {_MAX_FRAME})")
        try:
            obj = json.loads(self._recv_exact(size))
        except ValueError:
            raise ConnectionError("a frame that is not JSON") from None
        if not isinstance(obj, dict):
            raise ConnectionError("a frame that is not a JSON object")
        return obj

    def send(self, body: dict) -> None:
        if self.session_key is None:
            raise DistributedError("send before the handshake")
        canon = json.dumps(body, separators=(",", ":"), sort_keys=True).encode()
        with self._send_lock:
            self._sent += 1
            mac = _mac(self.session_key, self.role.encode(), str(self._sent).encode(), canon).hex()
            self._send_raw({"seq": self._sent, "body": body, "mac": mac})

    def recv(self) -> dict:
        if self.session_key is None:
            raise DistributedError("recv before the handshake")
        frame = self._recv_raw()
        other = b"helper" if self.role == "client" else b"client"
        body, seq, mac = frame.get("body"), frame.get("seq"), frame.get("mac")
        if not isinstance(body, dict) or seq != self._received + 1 or not isinstance(mac, str):
            raise ConnectionError("a frame out of sequence")
        canon = json.dumps(body, separators=(",", ":"), sort_keys=True).encode()
        if not hmac.compare_digest(_mac(self.session_key, other, str(seq).encode(), canon).hex(), mac):
            raise ConnectionError("a frame with a wrong HMAC")
        self._received = seq
        return body

    def close(self) -> None:
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


class ReplayGuard:
    """Client nonces seen recently (a bounded, time-limited set) and failed attempts per address."""

    def __init__(self, keep: int = 4096, lockout_after: int = 5, lockout_s: float = 30.0):
        self._seen: OrderedDict[bytes, float] = OrderedDict()
        self._keep = keep
        self._failures: dict[str, list[float]] = {}
        self.lockout_after = lockout_after
        self.lockout_s = lockout_s

    def seen(self, nonce: bytes) -> bool:
        if nonce in self._seen:
            return True
        self._seen[nonce] = time.monotonic()
        while len(self._seen) > self._keep:
            self._seen.popitem(last=False)
        return False

    def locked_out(self, host: str) -> bool:
        now = time.monotonic()
        recent = [t for t in self._failures.get(host, []) if now - t < self.lockout_s]
        self._failures[host] = recent
        return len(recent) >= self.lockout_after

    def failed(self, host: str) -> None:
        self._failures.setdefault(host, []).append(time.monotonic())


def helper_handshake(chan: Channel, key: bytes, guard: ReplayGuard) -> None:
    """The helper's side: challenge, check the client's proof, prove itself. Raises HandshakeRefused (logged)."""
    host = chan.peer_host
    if guard.locked_out(host):
        log.warning(
            "pairing refused: %s failed %d times in %.0f s", host, guard.lockout_after, guard.lockout_s
        )
        chan._send_raw({"refused": "too many wrong codes from this address; wait and try again"})
        raise HandshakeRefused(f"{host} is locked out after repeated wrong codes")
    ns = secrets.token_bytes(_NONCE_BYTES)
    chan._send_raw({"nonce": ns.hex()})
    msg = chan._recv_raw()
    try:
        nc = bytes.fromhex(msg["nonce"])
        proof = bytes.fromhex(msg["proof"])
    except (KeyError, TypeError, ValueError):
        guard.failed(host)
        log.warning("pairing refused: malformed handshake from %s", host)
        raise HandshakeRefused(f"malformed handshake from {host}") from None
    if len(nc) != _NONCE_BYTES:
        guard.failed(host)
        log.warning("pairing refused: malformed nonce from %s", host)
        raise HandshakeRefused(f"malformed nonce from {host}")
    if guard.seen(nc):
        guard.failed(host)
        log.warning("pairing refused: replayed handshake from %s", host)
        chan._send_raw({"refused": "replayed handshake"})
        raise HandshakeRefused(f"replayed handshake from {host}")
    if not hmac.compare_digest(_mac(key, b"client", ns, nc), proof):
        guard.failed(host)
        log.warning("pairing refused: wrong code from %s", host)
        chan._send_raw({"refused": "wrong pairing code"})
        raise HandshakeRefused(f"wrong code from {host}")
    chan._send_raw({"proof": _mac(key, b"helper", ns, nc).hex()})
    chan.session_key = _mac(key, b"session", ns, nc)
    log.info("paired with %s", host)


def client_handshake(chan: Channel, key: bytes) -> None:
    """The client's side: answer the helper's challenge and check that the helper knows the code too."""
    msg = chan._recv_raw()
    if "refused" in msg:
        raise HandshakeRefused(f"The helper refused to pair: {msg['refused']}.")
    try:
        ns = bytes.fromhex(msg["nonce"])
    except (KeyError, TypeError, ValueError):
        raise HandshakeRefused("The helper's greeting is not an Alcove handshake.") from None
    nc = secrets.token_bytes(_NONCE_BYTES)
    chan._send_raw({"nonce": nc.hex(), "proof": _mac(key, b"client", ns, nc).hex()})
    reply = chan._recv_raw()
    if "refused" in reply:
        raise HandshakeRefused(
            f"The helper refused to pair: {reply['refused']}. Check the code the helper shows."
        )
    try:
        proof = bytes.fromhex(reply["proof"])
    except (KeyError, TypeError, ValueError):
        raise HandshakeRefused("The helper's answer is not an Alcove handshake.") from None
    if not hmac.compare_digest(_mac(key, b"helper", ns, nc), proof):
        raise HandshakeRefused(
            "The helper could not prove it knows the code: it is not the helper you paired with."
        )
    chan.session_key = _mac(key, b"session", ns, nc)


def ring_token(session_key: bytes, rank: int) -> bytes:
    """What rank ``rank`` sends through the ring right after it connects: proof that the ring's other end is the
    paired session (MLX's ring accepts whoever connects first). Bound to the rank, so reflecting it fails."""
    return _mac(session_key, b"ring", str(rank).encode())
