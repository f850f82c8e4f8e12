"""The pairing channel: the code proves itself both ways, wrong codes, strangers and replays are refused and logged,
and frames after the handshake cannot be altered, dropped or replayed."""

from __future__ import annotations

import json
import logging
import socket
import struct
import threading

import pytest

from engine.runtime.distributed.pairing import (
    Channel,
    DistributedError,
    HandshakeRefused,
    ReplayGuard,
    client_handshake,
    derive_key,
    helper_handshake,
    is_local_address,
    new_code,
    normalize_code,
    parse_address,
    ring_token,
)

KEY = derive_key("ABCD-2345")


def _pair(client_key: bytes, helper_key: bytes = KEY, guard: ReplayGuard | None = None):
    """Run both handshakes over a socketpair; returns (client channel, helper channel, helper error, client error)."""
    a, b = socket.socketpair()
    a.settimeout(10)
    b.settimeout(10)
    client, helper = Channel(a, role="client"), Channel(b, role="helper")
    errors: dict[str, Exception] = {}

    def run_helper():
        try:
            helper_handshake(helper, helper_key, guard or ReplayGuard())
        except Exception as exc:  # noqa: BLE001
            errors["helper"] = exc

    t = threading.Thread(target=run_helper)
    t.start()
    try:
        client_handshake(client, client_key)
    except Exception as exc:  # noqa: BLE001
        errors["client"] = exc
    t.join(10)
    return client, helper, errors.get("helper"), errors.get("client")


@pytest.fixture(autouse=True)
def _socketpair_peer(monkeypatch):
    # a socketpair (AF_UNIX) has no IP peer name: the guard keys on this one
    monkeypatch.setattr(Channel, "peer_host", property(lambda self: "192.168.1.20"))


def test_the_right_code_pairs_and_both_sides_share_one_session_key():
    client, helper, herr, cerr = _pair(derive_key("abcd 2345"))  # case, spaces and dashes ignored
    assert herr is None and cerr is None
    assert client.session_key == helper.session_key and len(client.session_key) == 32
    client.send({"op": "info"})
    assert helper.recv() == {"op": "info"}
    helper.send({"free_bytes": 5})
    assert client.recv() == {"free_bytes": 5}


def test_a_wrong_code_is_refused_and_logged(caplog):
    caplog.set_level(logging.WARNING, logger="alcove.distributed")
    client, helper, herr, cerr = _pair(derive_key("WRONG-CODE"))
    assert isinstance(herr, HandshakeRefused)
    assert isinstance(cerr, HandshakeRefused) and "wrong pairing code" in str(cerr)
    assert helper.session_key is None and client.session_key is None
    assert any("wrong code from 192.168.1.20" in r.getMessage() for r in caplog.records)


def test_a_helper_that_does_not_know_the_code_is_caught_by_the_client():
    a, b = socket.socketpair()
    a.settimeout(10)
    b.settimeout(10)
    client = Channel(a, role="client")

    def impostor():  # greets, reads the client's proof, answers with a made-up proof
        fake = Channel(b, role="helper")
        fake._send_raw({"nonce": "11" * 32})
        fake._recv_raw()
        fake._send_raw({"proof": "22" * 32})

    t = threading.Thread(target=impostor)
    t.start()
    with pytest.raises(HandshakeRefused, match="could not prove it knows the code"):
        client_handshake(client, KEY)
    t.join(10)
    assert client.session_key is None


def _record_client_proof() -> tuple[dict, ReplayGuard]:
    """A genuine handshake, with the client's message as an eavesdropper on the LAN would record it."""
    guard = ReplayGuard()
    recorded: dict = {}
    original = Channel._send_raw

    def spy(self, obj):
        if self.role == "client":
            recorded.update(obj)
        original(self, obj)

    Channel._send_raw = spy
    try:
        _, _, herr, cerr = _pair(KEY, guard=guard)
    finally:
        Channel._send_raw = original
    assert herr is None and cerr is None and "proof" in recorded
    return recorded, guard


def _replay(recorded: dict, guard: ReplayGuard) -> Exception | None:
    a, b = socket.socketpair()
    a.settimeout(10)
    b.settimeout(10)
    helper = Channel(b, role="helper")
    result: dict = {}

    def run_helper():
        try:
            helper_handshake(helper, KEY, guard)
        except Exception as exc:  # noqa: BLE001
            result["err"] = exc

    t = threading.Thread(target=run_helper)
    t.start()
    attacker = Channel(a, role="client")
    attacker._recv_raw()  # the helper's fresh nonce, ignored
    attacker._send_raw(recorded)
    reply = attacker._recv_raw()
    t.join(10)
    assert "proof" not in reply and helper.session_key is None
    return result.get("err")


def test_a_replayed_handshake_is_refused_and_logged_as_a_replay(caplog):
    caplog.set_level(logging.WARNING, logger="alcove.distributed")
    recorded, guard = _record_client_proof()
    err = _replay(recorded, guard)
    assert isinstance(err, HandshakeRefused) and "replayed" in str(err)
    assert any("replayed handshake" in r.getMessage() for r in caplog.records)


def test_a_replayed_proof_fails_even_on_a_helper_that_never_saw_its_nonce():
    # a restarted helper has an empty replay memory: the proof is still bound to the old session's helper nonce
    recorded, _ = _record_client_proof()
    err = _replay(recorded, ReplayGuard())
    assert isinstance(err, HandshakeRefused) and "wrong code" in str(err)


def test_repeated_wrong_codes_lock_the_address_out(caplog):
    caplog.set_level(logging.WARNING, logger="alcove.distributed")
    guard = ReplayGuard(lockout_after=3, lockout_s=60)
    for _ in range(3):
        _pair(derive_key("WRONG-CODE"), guard=guard)
    _, _, herr, cerr = _pair(KEY, guard=guard)  # even the right code, until the lockout ends
    assert isinstance(herr, HandshakeRefused) and "locked out" in str(herr)
    assert isinstance(cerr, HandshakeRefused) and "too many wrong codes" in str(cerr)


def test_frames_after_the_handshake_cannot_be_altered_or_replayed():
    client, helper, _, _ = _pair(KEY)
    client.send({"op": "open", "split": [2, 2]})
    assert helper.recv()["split"] == [2, 2]
    # an altered frame: same seq and mac, different body
    body = {"op": "open", "split": [1, 3]}
    mac = "00" * 32
    data = json.dumps({"seq": 2, "body": body, "mac": mac}).encode()
    client.sock.sendall(struct.pack(">I", len(data)) + data)
    with pytest.raises(ConnectionError, match="wrong HMAC"):
        helper.recv()


def test_a_frame_out_of_sequence_is_refused():
    client, helper, _, _ = _pair(KEY)
    client.send({"op": "info"})
    helper.recv()
    client._sent = 5  # as if frames 2..5 were dropped on the way
    client.send({"op": "info"})
    with pytest.raises(ConnectionError, match="out of sequence"):
        helper.recv()


def test_ring_tokens_are_bound_to_session_and_rank():
    assert ring_token(b"k" * 32, 0) != ring_token(b"k" * 32, 1)
    assert ring_token(b"k" * 32, 0) != ring_token(b"j" * 32, 0)


def test_codes_and_addresses():
    code = new_code()
    assert len(code) == 8 and normalize_code(code.lower()) == code
    with pytest.raises(DistributedError, match="too short"):
        derive_key("123")
    assert is_local_address("127.0.0.1") and is_local_address("192.168.1.4") and is_local_address("10.0.0.2")
    assert is_local_address("169.254.3.1") and is_local_address("fe80::1")
    assert not is_local_address("8.8.8.8") and not is_local_address("mac-mini.local")
    assert not is_local_address("0.0.0.0") and not is_local_address("::")  # every interface: not by default
    assert parse_address("192.168.1.20:7470", "--peer") == ("192.168.1.20", 7470)
    for bad in ("mac-mini.local:7470", "192.168.1.20", "192.168.1.20:99999", ":80"):
        with pytest.raises(DistributedError):
            parse_address(bad, "--peer")


def test_a_helper_refuses_to_listen_beyond_the_local_network(tmp_path):
    from engine.runtime.distributed.node import HelperNode

    with pytest.raises(DistributedError, match="local-network"):
        HelperNode("8.8.8.8", 7470, "ABCD2345", [tmp_path])
    with pytest.raises(DistributedError, match="local-network"):
        HelperNode("0.0.0.0", 7470, "ABCD2345", [tmp_path])
    HelperNode("127.0.0.1", 0, "ABCD2345", [tmp_path])  # loopback is fine
