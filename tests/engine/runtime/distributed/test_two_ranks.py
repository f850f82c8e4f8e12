"""One tiny model split over two processes on loopback (CPU) through MLX's ring backend and mlx-lm's pipeline:
the same greedy tokens as one process, each rank holding its share, refusals in words, and a helper that quits
mid-reply ending the reply with a clear error within seconds."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.runtime.distributed.pairing import DistributedError, HandshakeRefused
from tests.engine.runtime.distributed.helper_process import (
    CODE,
    ROOT,
    NodeProcess,
    make_qwen2,
    ring_unavailable,
    single_process_greedy,
)

pytestmark = pytest.mark.slow

_why = ring_unavailable()
if _why:
    pytest.skip(_why, allow_module_level=True)


def _qwen2(folder: Path, seed: int) -> Path:
    return make_qwen2(folder, seed)


@pytest.fixture(scope="module")
def model_a(tmp_path_factory):
    return _qwen2(tmp_path_factory.mktemp("qwen2a"), seed=1)


@pytest.fixture(scope="module")
def model_b(tmp_path_factory):
    return _qwen2(tmp_path_factory.mktemp("qwen2b"), seed=2)


@pytest.fixture(scope="module")
def node(model_a, tmp_path_factory):
    n = NodeProcess([model_a], tmp_path_factory.mktemp("node") / "node.log")
    yield n
    n.stop()


def _single_process_greedy(folder: Path, prompt: list[int], n: int) -> list[int]:
    return single_process_greedy(folder, prompt, n)


def _single_process_sampled(folder: Path, prompt: list[int], n: int, sampling: dict) -> list[int]:
    import mlx.core as mx
    from mlx_lm.generate import generate_step
    from mlx_lm.sample_utils import make_sampler
    from mlx_lm.utils import load_model

    model, _ = load_model(folder)
    mx.random.seed(sampling["seed"])
    sampler = make_sampler(sampling["temp"], sampling["top_p"], sampling["min_p"], top_k=sampling["top_k"])
    return [int(tok) for tok, _ in generate_step(mx.array(prompt), model, max_tokens=n, sampler=sampler)]


def _session(node, folder, **kw):
    from engine.runtime.distributed.session import DistributedSession

    return DistributedSession(node.address, kw.pop("code", CODE), folder, **kw)


def test_split_over_two_ranks_decodes_the_same_greedy_tokens_as_one_process(node, model_a):
    prompts = [[5, 6, 7, 8, 9], [40, 41, 2, 17]]
    expected = [_single_process_greedy(model_a, p, 12) for p in prompts]
    assert expected[0] != expected[1]  # the check can tell two replies apart
    s = _session(node, model_a, step_timeout_s=60)
    try:
        s.pair()
        plan = s.make_plan()
        assert plan.layers_per_rank == (2, 2) or sum(plan.layers_per_rank) == 4
        s.start(plan)
        got = [list(s.generate(p, 12)) for p in prompts]
        stream = s.generate(prompts[1], 10_000)
        first = [next(stream) for _ in range(3)]
        stream.close()  # the caller stops reading mid-reply (Stop): rank 0 cancels, leftovers are drained
        assert s.last_done["cancelled"] and first == expected[1][:3]
        again = list(s.generate(prompts[0], 12))  # the next request in the same session starts clean
        sampling = {"temp": 0.9, "top_p": 0.95, "top_k": 50, "min_p": 0.0, "seed": 3}
        sampled = list(s.generate(prompts[1], 12, sampling=sampling))
        stats = s.stats.as_json()
    finally:
        s.close()
    assert got == expected and again == expected[0]
    # rank 0 samples as mlx-lm's generate_step does, with the same seed: the same tokens as one process
    assert sampled == _single_process_sampled(model_a, prompts[1], 12, sampling) != expected[1]
    assert (
        stats["ranks"] == 2
        and stats["backend"] == "ring"
        and stats["layers_per_rank"] == list(plan.layers_per_rank)
    )
    # each rank holds its share (its layers plus the shared embeddings, norm and head), as planned
    for held, planned in zip(stats["held_bytes_per_rank"], stats["bytes_per_rank"], strict=True):
        assert abs(held - planned) <= 0.01 * planned
    assert stats["bytes_sent_per_token"] == (1 + 2) * 64 * 4 + 2 * 8  # hidden 64, float32


def test_the_helper_pairs_again_after_a_session_and_names_a_model_it_lacks(node, model_b):
    s = _session(node, model_b)
    try:
        s.pair()
        with pytest.raises(DistributedError) as err:
            s.start(s.make_plan())
    finally:
        s.close()
    size = sum(f.stat().st_size for f in model_b.glob("*.safetensors"))
    assert f"does not have the model {model_b.name!r} ({size / 1e9:.2f} GB)" in str(err.value)


def test_a_wrong_code_is_refused_and_the_helper_logs_it(node, model_a):
    s = _session(node, model_a, code="WRONG-CODE-1")
    with pytest.raises(HandshakeRefused, match="wrong pairing code"):
        s.pair()
    s.close()
    deadline = time.monotonic() + 10
    while "wrong code from 127.0.0.1" not in node.log_path.read_text() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert "pairing refused: wrong code from 127.0.0.1" in node.log_path.read_text()


@pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="finds the helper's rank process through /proc"
)
def test_the_helper_quitting_mid_reply_ends_the_reply_with_a_clear_error_within_seconds(model_a, tmp_path):
    helper = NodeProcess([model_a], tmp_path / "node.log")
    s = _session(helper, model_a, step_timeout_s=60)
    try:
        s.pair()
        s.start()
        ranks = helper.children()
        assert ranks, "the helper runs its rank in a child process"
        tokens = s.generate([5, 6, 7], 1_000_000)  # far longer than the test waits
        for _ in range(5):
            next(tokens)
        killed = time.monotonic()
        os.kill(helper.proc.pid, signal.SIGKILL)
        with pytest.raises(DistributedError) as err:
            for _ in tokens:
                pass
        took = time.monotonic() - killed
    finally:
        s.close()
        helper.stop()
    assert took < 10, f"the reply took {took:.1f} s to end"
    assert "went away" in str(err.value) or "rank 0 failed" in str(err.value)
    assert "127.0.0.1" in str(err.value) or "connection to a peer was lost" in str(err.value)
    # the helper's rank does not outlive it (its stdin closed): nothing keeps the ring port open
    deadline = time.monotonic() + 10
    while (
        any(Path(f"/proc/{p}").exists() and "Z" not in _state(p) for p in ranks)
        and time.monotonic() < deadline
    ):
        time.sleep(0.2)
    assert not any(Path(f"/proc/{p}").exists() and "Z" not in _state(p) for p in ranks)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


def test_alcove_generate_peer_prints_the_plan_and_matches_the_engine_in_one_process(node, model_a):
    def run(*extra):
        args = [sys.executable, "-m", "app.cli", "generate", "--model", str(model_a), "--prompt", "hello world",
                "--max-tokens", "10", "--json", *extra]  # fmt: skip
        done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout.strip().splitlines()[-1]), done.stderr

    split, shown = run("--peer", node.address, "--code", CODE.lower())
    alone, _ = run()
    assert split["token_ids"] == alone["token_ids"] and split["text"] == alone["text"]
    assert "rank 0 (this Mac): layers 2-3 (2)" in shown and "rank 1 (helper 1): layers 0-1 (2)" in shown
    d = split["stats"]["distributed"]
    assert d["ranks"] == 2 and d["backend"] == "ring" and d["layers_per_rank"] == [2, 2]
    assert d["bytes_sent_per_token"] > 0 and len(d["bytes_per_rank"]) == 2


def test_the_helper_refuses_a_ring_toward_any_address_but_the_paired_one(node, model_a, caplog):
    import socket

    from engine.models import model_identity
    from engine.runtime.distributed.pairing import Channel, client_handshake, derive_key

    host, port = node.address.rsplit(":", 1)
    chan = Channel(socket.create_connection((host, int(port)), timeout=30), role="client")
    try:
        client_handshake(chan, derive_key(CODE))
        chan.send({"op": "open", "identity": model_identity(model_a), "name": model_a.name, "size_bytes": 1,
                   "split": [2, 2], "rank0_ring": "10.9.8.7:45000"})  # fmt: skip
        reply = chan.recv()
    finally:
        chan.close()
    assert "must connect to the paired address 127.0.0.1, not 10.9.8.7" in reply["error"]


def test_a_ring_peer_that_cannot_prove_the_session_is_refused_before_any_model_data(model_a):
    """MLX's ring accepts whoever connects first; the ranks' first exchange proves the session, bound to rank."""
    import json as _json
    import socket

    from engine.runtime.distributed.pairing import ring_token

    def port():
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return s.getsockname()[1]

    hosts = [[f"127.0.0.1:{port()}"], [f"127.0.0.1:{port()}"]]
    real, stranger = b"r" * 32, b"s" * 32  # the stranger holds another session's key
    procs = []
    for rank, key in ((0, real), (1, stranger)):
        setup = {"rank": rank, "hosts": hosts, "model": str(model_a), "split": [2, 2],
                 "token_self": ring_token(key, rank).hex(), "token_other": ring_token(key, 1 - rank).hex()}  # fmt: skip
        p = subprocess.Popen([sys.executable, "-m", "engine.runtime.distributed.rank"], cwd=ROOT,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)  # fmt: skip
        p.stdin.write(_json.dumps(setup) + "\n")
        p.stdin.flush()
        procs.append(p)
    try:
        lines = [p.stdout.readline() for p in procs]
    finally:
        for p in procs:
            p.stdin.close()
            p.wait(30)
    for line in lines:
        assert "did not prove the pairing session" in _json.loads(line)["error"]


@pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="finds the helper's rank process through /proc"
)
def test_a_link_that_goes_silent_ends_the_reply_at_the_step_deadline(model_a, tmp_path):
    """No reset, no EOF (a cable pulled): the helper's rank is frozen, the pairing channel stays open."""
    helper = NodeProcess([model_a], tmp_path / "node.log")
    s = _session(helper, model_a, step_timeout_s=4)
    ranks: list[int] = []
    try:
        s.pair()
        s.start()
        ranks = helper.children()
        tokens = s.generate([5, 6, 7], 1_000_000)
        for _ in range(3):
            next(tokens)
        for pid in ranks:
            os.kill(pid, signal.SIGSTOP)
        frozen = time.monotonic()
        with pytest.raises(DistributedError, match="down or stalled") as err:
            for _ in tokens:
                pass
        took = time.monotonic() - frozen
        assert s.rank0 is None  # rank 0 was stopped with the reply
    finally:
        for pid in ranks:
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                pass
        s.close()
        helper.stop()
    assert took < 10, f"the reply took {took:.1f} s to end: {err.value}"


def test_a_helper_that_goes_silent_is_noticed_by_its_missing_heartbeat(model_a, tmp_path):
    """The helper process frozen (its rank still runs): no heartbeat on the pairing channel for 8 s ends the reply,
    even with a step deadline far longer (as during a long prefill, when no token flows)."""
    helper = NodeProcess([model_a], tmp_path / "node.log")
    s = _session(helper, model_a, step_timeout_s=120)
    try:
        s.pair()
        s.start()
        tokens = s.generate([5, 6, 7], 1_000_000)
        next(tokens)
        os.kill(helper.proc.pid, signal.SIGSTOP)
        frozen = time.monotonic()
        with pytest.raises(DistributedError, match="no word from the helper at 127.0.0.1") as err:
            for _ in tokens:
                pass
        took = time.monotonic() - frozen
    finally:
        try:
            os.kill(helper.proc.pid, signal.SIGCONT)
        except ProcessLookupError:
            pass
        s.close()
        helper.stop()
    assert took < 15, f"the reply took {took:.1f} s to end: {err.value}"
