"""The helper (``alcove node``): lends this machine's memory to one paired Mac at a time.

It listens for the pairing channel only (loopback or the local network unless told otherwise), proves the code
both ways, and only then starts a rank process whose ring port is fresh for that session and whose ring peer must
be the paired address. The rank exits when the session ends (the channel closes) and the port with it.
"""

from __future__ import annotations

import json
import logging
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from engine.models import model_identity
from engine.runtime.distributed.pairing import (
    Channel,
    DistributedError,
    HandshakeRefused,
    ReplayGuard,
    derive_key,
    helper_handshake,
    is_local_address,
    parse_address,
    ring_token,
)
from engine.runtime.distributed.plan import folder_bytes, free_memory_bytes

log = logging.getLogger("alcove.distributed.node")
HANDSHAKE_TIMEOUT_S = 10.0
SESSION_WAIT_S = 10.0
ACCEPT_POLL_S = 0.5  # how soon serve_forever sees close()
HEARTBEAT_S = 2.0  # the helper says it is alive this often while its rank runs (the session waits 4x this)


def rank_command() -> list[str]:
    return [sys.executable, "-m", "engine.runtime.distributed.rank"]


def start_rank(setup: dict) -> subprocess.Popen:
    """A rank process, given its setup on stdin; its stderr goes to the log (MLX's ring repeats each socket
    error ten times: those lines are debug detail, the session reports the fault in words)."""
    proc = subprocess.Popen(
        rank_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    threading.Thread(target=_log_stderr, args=(proc, setup["rank"]), daemon=True).start()
    proc.stdin.write(json.dumps(setup) + "\n")
    proc.stdin.flush()
    return proc


def _log_stderr(proc: subprocess.Popen, rank: int) -> None:
    for line in proc.stderr:
        line = line.rstrip()
        if line:
            log.log(logging.DEBUG if line.startswith("[ring]") else logging.INFO, "rank %d: %s", rank, line)


def free_port(host: str) -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


@dataclass
class HelperNode:
    host: str
    port: int
    code: str
    models: list[Path]
    allow_public: bool = False
    guard: ReplayGuard = field(default_factory=ReplayGuard)

    def __post_init__(self):
        if not self.allow_public and not is_local_address(self.host):
            raise DistributedError(
                f"{self.host} is not a loopback or local-network address: a helper listens only on this Mac or the "
                "local network unless --allow-public is given (the ring link is not encrypted)."
            )
        self.key = derive_key(self.code)
        self._identities: dict[str, Path] | None = None
        self._busy = threading.Lock()
        self._sock: socket.socket | None = None
        self._live: set[Channel] = set()  # the pairing channels open now

    def identities(self) -> dict[str, Path]:
        if self._identities is None:
            self._identities = {model_identity(m): Path(m) for m in self.models}
        return self._identities

    def bind(self) -> tuple[str, int]:
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind((self.host, self.port))
        self._sock.listen(4)
        return self._sock.getsockname()[:2]

    def serve_forever(self) -> None:
        """Accept pairings until ``close()``."""
        if self._sock is None:
            self.bind()
        sock = self._sock
        sock.settimeout(ACCEPT_POLL_S)  # close() from another thread cannot wake a blocked accept everywhere
        while self._sock is not None:
            try:
                conn, addr = sock.accept()
            except TimeoutError:
                continue
            except OSError:
                if self._sock is None:
                    return
                raise
            threading.Thread(target=self._connection, args=(conn,), daemon=True).start()

    def close(self) -> None:
        """Stop lending: no new pairing, and the sessions open now end (their ranks stop)."""
        sock, self._sock = self._sock, None
        if sock is not None:
            try:
                sock.shutdown(
                    socket.SHUT_RDWR
                )  # stops listening at once (Linux); close() alone waits for accept
            except OSError:
                pass
            sock.close()
        for chan in list(self._live):
            chan.close()

    def _connection(self, conn: socket.socket) -> None:
        chan = Channel(conn, role="helper")
        self._live.add(chan)
        try:
            conn.settimeout(HANDSHAKE_TIMEOUT_S)
            helper_handshake(chan, self.key, self.guard)
            conn.settimeout(None)
            # a session that just closed may still be stopping its rank: wait for it a little, not for ever
            if not self._busy.acquire(timeout=SESSION_WAIT_S):
                chan.send({"error": "This helper is already lending its memory to another session."})
                return
            try:
                self._session(chan)
            finally:
                self._busy.release()
        except HandshakeRefused:
            pass  # logged by the handshake
        except (OSError, ConnectionError, ValueError) as exc:
            log.info("session with %s ended: %s", _peer(conn), exc)
        finally:
            self._live.discard(chan)
            chan.close()

    def _session(self, chan: Channel) -> None:
        peer = chan.peer_host
        worker = None
        try:
            while True:
                msg = chan.recv()
                op = msg.get("op")
                if op == "info":
                    chan.send({"free_bytes": free_memory_bytes(), "backend": "ring"})
                elif op == "open" and worker is None:
                    worker = self._open(chan, msg, peer)
                elif op == "close":
                    return
                else:
                    chan.send({"error": f"unexpected request {op!r}"})
        finally:
            if worker is not None:
                _stop(worker)
            log.info("session with %s closed", peer)

    def _open(self, chan: Channel, msg: dict, peer: str) -> subprocess.Popen | None:
        folder = self.identities().get(str(msg.get("identity")))
        if folder is None:
            size = int(msg.get("size_bytes") or 0)
            chan.send({"error": f"This helper does not have the model {msg.get('name')!r} ({size / 1e9:.2f} GB). "
                                "Copy the same weights to the helper and start it with --model pointing at them."})  # fmt: skip
            return None
        ring_host, ring_port = parse_address(str(msg.get("rank0_ring")), "rank 0's ring address")
        if ring_host != peer:
            log.warning("refused a ring to %s asked by paired %s", ring_host, peer)
            chan.send({"error": f"The ring must connect to the paired address {peer}, not {ring_host}."})
            return None
        own = chan.sock.getsockname()[0]
        mine = f"{own}:{free_port(own)}"
        setup = {
            "rank": 1,
            "hosts": [[f"{ring_host}:{ring_port}"], [mine]],
            "model": str(folder),
            "split": [int(s) for s in msg["split"]],
            "token_self": ring_token(chan.session_key, 1).hex(),
            "token_other": ring_token(chan.session_key, 0).hex(),
        }
        worker = start_rank(setup)
        chan.send({"helper_ring": mine, "model_bytes": folder_bytes(folder)})
        threading.Thread(target=_relay, args=(worker, chan), daemon=True).start()
        threading.Thread(target=_heartbeat, args=(worker, chan), daemon=True).start()
        log.info("rank 1 started for %s (ring %s)", peer, mine)
        return worker


def _relay(worker: subprocess.Popen, chan: Channel) -> None:
    """The rank's ready/error lines to the paired client."""
    for line in worker.stdout:
        try:
            chan.send({"rank1": json.loads(line)})
        except (OSError, ValueError):
            return
    try:
        chan.send({"rank1": {"exited": worker.wait()}})
    except OSError:
        pass


def _heartbeat(worker: subprocess.Popen, chan: Channel) -> None:
    """Proof of life on the pairing channel, so that a link gone silent is seen within seconds even while both
    ranks sit in a long prefill (when no token flows)."""
    while worker.poll() is None:
        time.sleep(HEARTBEAT_S)
        try:
            chan.send({"alive": True})
        except (OSError, DistributedError):
            return


def _stop(worker: subprocess.Popen) -> None:
    try:
        worker.stdin.close()
    except OSError:
        pass
    try:
        worker.wait(timeout=3)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait()


def _peer(conn: socket.socket) -> str:
    try:
        return conn.getpeername()[0]
    except OSError:
        return "?"
