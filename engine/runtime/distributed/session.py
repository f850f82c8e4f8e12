"""This Mac's side of a split model: pair with a helper, plan the split, start rank 0, generate.

Rank 0 runs in a child process (``engine.runtime.distributed.rank``) so that a fault on the link can never hang the
caller: a helper that quits closes the pairing channel (seen at once) and its rank's ring sockets; a link that goes
silent is caught by the per-token deadline. Either way the rank-0 process is stopped and the reply ends with a
DistributedError that says what happened. A new session pairs again from scratch.
"""

from __future__ import annotations

import json
import logging
import queue
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from engine.core import DistributedStats
from engine.models import model_identity
from engine.runtime.distributed.node import HEARTBEAT_S, free_port, start_rank
from engine.runtime.distributed.pairing import (
    Channel,
    DistributedError,
    client_handshake,
    derive_key,
    is_local_address,
    parse_address,
    ring_token,
)
from engine.runtime.distributed.plan import (
    Plan,
    folder_bytes,
    free_memory_bytes,
    pipeline_support,
    plan_pipeline,
    weight_sizes,
)

log = logging.getLogger("alcove.distributed.session")


class DistributedSession:
    """``pair()`` then ``make_plan()`` (show it) then ``start(plan)``, then ``generate()`` any number of times."""

    def __init__(self, peer: str, code: str, model: str | Path, *, step_timeout_s: float = 10.0,
                 load_timeout_s: float = 300.0, connect_timeout_s: float = 5.0, allow_public: bool = False):  # fmt: skip
        self.peer_host, self.peer_port = parse_address(peer, "--peer")
        if not allow_public and not is_local_address(self.peer_host):
            raise DistributedError(
                f"{self.peer_host} is not on this Mac or the local network: the conversation would cross it "
                "unencrypted. Pair with a helper on your network (or a Thunderbolt bridge), or pass "
                "--allow-public-peer if you mean it."
            )
        self.code = code
        self.model = Path(model)
        self.step_timeout_s = step_timeout_s
        self.load_timeout_s = load_timeout_s
        self.connect_timeout_s = connect_timeout_s
        self.config = json.loads((self.model / "config.json").read_text())
        self.chan: Channel | None = None
        self.rank0: subprocess.Popen | None = None
        self.plan: Plan | None = None
        self.stats: DistributedStats | None = None
        self._events: queue.Queue = queue.Queue()
        self._helper_free = 0

    # -- pairing and plan -------------------------------------------------------------------------------------
    def pair(self) -> None:
        why = pipeline_support(self.config)
        if why:
            raise DistributedError(why)
        key = derive_key(self.code)
        try:
            sock = socket.create_connection((self.peer_host, self.peer_port), timeout=self.connect_timeout_s)
        except OSError as exc:
            raise DistributedError(
                f"Cannot reach the helper at {self.peer_host}:{self.peer_port} ({exc})."
            ) from None
        sock.settimeout(self.connect_timeout_s * 2)
        self.chan = Channel(sock, role="client")
        try:
            client_handshake(self.chan, key)
            self.chan.send({"op": "info"})
            info = self.chan.recv()
        except (OSError, ConnectionError) as exc:
            self.close()
            raise DistributedError(f"The helper at {self.peer_host} dropped the pairing ({exc}).") from None
        except DistributedError:
            self.close()
            raise
        sock.settimeout(None)
        if "error" in info:
            self.close()
            raise DistributedError(f"The helper at {self.peer_host} refused: {info['error']}")
        self._helper_free = int(info["free_bytes"])

    def make_plan(self, free_bytes: list[int] | None = None) -> Plan:
        n_layers = int(self.config["num_hidden_layers"])
        sizes = weight_sizes(self.model, n_layers)
        free = free_bytes or [free_memory_bytes(), self._helper_free]
        self.plan = plan_pipeline(sizes, free, int(self.config["hidden_size"]))
        return self.plan

    # -- start --------------------------------------------------------------------------------------------------
    def start(self, plan: Plan | None = None) -> None:
        plan = plan or self.plan or self.make_plan()
        own = self.chan.sock.getsockname()[0]
        mine = f"{own}:{free_port(own)}"
        self.chan.send({"op": "open", "identity": model_identity(self.model), "name": self.model.name,
                        "size_bytes": folder_bytes(self.model), "split": list(plan.layers_per_rank),
                        "rank0_ring": mine})  # fmt: skip
        reply = self._recv_control(self.connect_timeout_s * 4)
        if "error" in reply:
            self.close()
            raise DistributedError(reply["error"])
        threading.Thread(target=self._watch_control, daemon=True).start()
        setup = {"rank": 0, "hosts": [[mine], [reply["helper_ring"]]], "model": str(self.model),
                 "split": list(plan.layers_per_rank), "token_self": ring_token(self.chan.session_key, 0).hex(),
                 "token_other": ring_token(self.chan.session_key, 1).hex()}  # fmt: skip
        self.rank0 = start_rank(setup)
        threading.Thread(target=self._watch_rank0, args=(self.rank0,), daemon=True).start()
        held = {0: None, 1: None}
        deadline = time.monotonic() + self.load_timeout_s
        while held[0] is None or held[1] is None:
            ev = self._next(deadline, "loading the model on both ranks")
            ready = ev.get("ready") and ev
            if ready:
                held[ready["rank"]] = ready["held_bytes"]
        self.stats = DistributedStats(plan.ranks, "ring", tuple(plan.layers_per_rank), tuple(plan.bytes_per_rank),
                                      plan.bytes_sent_per_token(), (held[0], held[1]))  # fmt: skip

    def _recv_control(self, timeout: float) -> dict:
        self.chan.sock.settimeout(timeout)
        try:
            return self.chan.recv()
        except (OSError, ConnectionError) as exc:
            self.close()
            raise DistributedError(f"The helper at {self.peer_host} went away ({exc}).") from None
        finally:
            if self.chan is not None:
                self.chan.sock.settimeout(None)

    def _watch_control(self) -> None:
        chan = self.chan
        chan.sock.settimeout(
            4 * HEARTBEAT_S
        )  # the helper's heartbeat: silence this long means the link is down
        try:
            while True:
                msg = chan.recv()
                inner = msg.get("rank1", msg)
                if "ready" in inner:
                    self._events.put({"ready": True, "rank": 1, "held_bytes": inner["held_bytes"]})
                elif "error" in inner:
                    self._events.put({"fault": f"the helper's rank failed: {inner['error']}"})
                elif "exited" in inner:
                    self._events.put({"fault": f"the helper's rank exited (status {inner['exited']})"})
        except TimeoutError:
            self._events.put({"fault": f"no word from the helper at {self.peer_host} for {4 * HEARTBEAT_S:.0f} s "
                                       "(the link is down or the helper froze)"})  # fmt: skip
        except (OSError, ConnectionError, ValueError) as exc:
            self._events.put({"fault": f"the helper at {self.peer_host} went away ({exc})"})

    def _watch_rank0(self, proc: subprocess.Popen) -> None:
        for line in proc.stdout:
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            if "error" in ev:
                self._events.put({"fault": f"rank 0 failed: {ev['error']}"})
            else:
                self._events.put(ev)
        self._events.put({"fault": f"rank 0 exited (status {proc.wait()})"})

    def _next(self, deadline: float, doing: str) -> dict:
        try:
            ev = self._events.get(timeout=max(deadline - time.monotonic(), 0.0))
        except queue.Empty:
            self.close()
            raise DistributedError(
                f"No progress from the split model while {doing}: the link to {self.peer_host} is down or "
                "stalled. It was stopped."
            ) from None
        if "fault" in ev:
            self.close()
            raise DistributedError(f"The split model stopped while {doing}: {ev['fault']}.")
        return ev

    # -- generate -----------------------------------------------------------------------------------------------
    def generate(
        self,
        prompt: list[int],
        max_tokens: int,
        eos: list[int] | tuple[int, ...] = (),
        sampling: dict | None = None,
        use_cache: bool = True,
    ) -> Iterator[int]:
        """Tokens as rank 0 picks them: greedy, or sampled with ``sampling`` ({temp, top_p, top_k, min_p, seed},
        mlx-lm's sampler). Both ranks reuse their caches for the prompt's prefix in common with the previous
        request's tokens when ``use_cache`` (``last_done["cached_tokens"]`` says how many). Raises
        DistributedError (within the step deadline) on a fault."""
        if self.rank0 is None:
            raise DistributedError(
                "The split model is not running (start() first, or it stopped after a fault)."
            )
        self.last_done: dict | None = None
        self.rank0.stdin.write(json.dumps({"op": "generate", "prompt": list(prompt), "max_tokens": max_tokens,
                                           "eos": list(eos), "sampling": sampling or {},
                                           "use_cache": use_cache}) + "\n")  # fmt: skip
        self.rank0.stdin.flush()
        deadline = time.monotonic() + self.load_timeout_s  # the first token includes the prompt's prefill
        finished = False
        try:
            while True:
                ev = self._next(deadline, "generating")
                if "token" in ev:
                    yield int(ev["token"])
                    deadline = time.monotonic() + self.step_timeout_s
                elif "done" in ev:
                    self.last_done = ev["done"]
                    finished = True
                    return
        except DistributedError:
            finished = True  # _next stopped everything
            raise
        finally:
            if not finished:
                self._cancel()

    def _cancel(self) -> None:
        """The caller stopped reading mid-reply: rank 0 stops at its next step (both ranks stay in lockstep) and
        what it had already sent is drained, so the next request starts clean."""
        if self.rank0 is None:
            return
        try:
            self.rank0.stdin.write(json.dumps({"op": "cancel"}) + "\n")
            self.rank0.stdin.flush()
        except OSError:
            self.close()
            return
        deadline = time.monotonic() + self.step_timeout_s
        try:
            while "done" not in (ev := self._next(deadline, "stopping the reply")):
                pass
            self.last_done = ev["done"]
        except DistributedError:
            log.warning("the split model did not stop cleanly; it was closed")

    def close(self) -> None:
        proc, self.rank0 = self.rank0, None
        if proc is not None:
            try:
                proc.stdin.write(json.dumps({"op": "quit"}) + "\n")
                proc.stdin.close()
            except OSError:
                pass
            try:
                proc.wait(timeout=3)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        chan, self.chan = self.chan, None
        if chan is not None:
            try:
                chan.send({"op": "close"})
            except (OSError, DistributedError):
                pass
            chan.close()
