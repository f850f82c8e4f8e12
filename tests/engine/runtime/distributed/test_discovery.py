"""Bonjour for helpers: the record a helper advertises (never its code), parsed back; and, where multicast works on
loopback (it does on Linux CI), a helper advertised by one zeroconf instance found by another, and by
``alcove node --list``."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from engine.runtime.distributed.discovery import SERVICE_TYPE, Advertiser, browse, parse_info, service_info

ROOT = Path(__file__).resolve().parents[4]


def test_the_record_names_the_helper_its_address_and_models_and_parses_back():
    info = service_info("Studio", "192.168.1.20", 7470, ["Qwen2.5-32B-Instruct", "Qwen2.5-7B"])
    assert info.type == SERVICE_TYPE and info.name == f"Studio.{SERVICE_TYPE}" and info.port == 7470
    ad = parse_info(info)
    assert ad.address == "192.168.1.20:7470" and ad.name == "Studio"
    assert ad.models == ("Qwen2.5-32B-Instruct", "Qwen2.5-7B")
    assert all(b"code" not in k.lower() for k in info.properties)  # the pairing code is never advertised


def test_records_that_are_not_a_helper_we_can_pair_with_are_ignored():
    from zeroconf import ServiceInfo

    other = ServiceInfo(SERVICE_TYPE, f"Old.{SERVICE_TYPE}", addresses=[socket.inet_aton("10.0.0.5")], port=7470,
                        properties={"v": "0"})  # another protocol version  # fmt: skip
    assert parse_info(other) is None
    odd = service_info("../evil\n", "10.0.0.5", 7470, ["m" * 1000])
    ad = parse_info(odd)
    assert "\n" not in odd.name and "/" not in odd.name and len(ad.models[0]) == 200


def _multicast_on_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("127.0.0.1"))
        return True
    except OSError:
        return False


@pytest.mark.skipif(not _multicast_on_loopback(), reason="no multicast on loopback here")
def test_a_helper_advertised_on_loopback_is_found_by_browse_and_by_alcove_node_list():
    ad = Advertiser("Loopback helper", "127.0.0.1", 47470, ["tiny-qwen2"])
    try:
        found = browse(1.5, "127.0.0.1")
        listed = subprocess.run([sys.executable, "-m", "app.cli", "node", "--list", "--wait", "4",
                                 "--interface", "127.0.0.1", "--json"], cwd=ROOT, capture_output=True, text=True,
                                timeout=120)  # fmt: skip
    finally:
        ad.close()
    mine = [h for h in found if h.address == "127.0.0.1:47470"]
    assert mine and mine[0].name == "Loopback helper" and mine[0].models == ("tiny-qwen2",)
    assert listed.returncode == 0, listed.stderr
    helpers = json.loads(listed.stdout)["helpers"]
    assert {"name": "Loopback helper", "address": "127.0.0.1:47470", "models": ["tiny-qwen2"]} in helpers
