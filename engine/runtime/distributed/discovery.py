"""Bonjour (multicast DNS, ``zeroconf``) for helpers: ``alcove node`` advertises itself as ``_alcove._tcp.local.``
and the first Mac lists what it finds, so the user picks a helper instead of typing its address.

What is advertised, in the clear, to the local network: the helper's name, address and pairing port, and the names
of the model folders it offers. Never the pairing code. Finding a helper grants nothing: pairing still needs the
code the helper shows. zeroconf is imported on first use (only node and discovery code need it).
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from dataclasses import dataclass

from engine.runtime.distributed.pairing import is_local_address

log = logging.getLogger("alcove.distributed.discovery")

SERVICE_TYPE = "_alcove._tcp.local."
PROTOCOL_VERSION = "1"
_TXT_MAX = 200  # bytes of one TXT string (the DNS limit is 255 with its key)


@dataclass(frozen=True)
class HelperAd:
    """One helper as advertised: ``address`` is what ``--peer`` takes."""

    name: str
    host: str
    port: int
    models: tuple[str, ...]
    version: str

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"


def _instance(name: str) -> str:
    clean = "".join(c if c.isalnum() or c in " -_()" else "-" for c in name).strip()[:60] or "Alcove helper"
    return f"{clean}.{SERVICE_TYPE}"


def service_info(name: str, host: str, port: int, models: list[str] | tuple[str, ...]):
    """The zeroconf ServiceInfo for a helper listening on ``host:port`` (an IPv4 address)."""
    from zeroconf import ServiceInfo  # deferred: only node and discovery code need zeroconf

    props = {"v": PROTOCOL_VERSION, "name": name[:_TXT_MAX]}
    for i, model in enumerate(models[:8]):
        props[f"m{i}"] = model[:_TXT_MAX]
    server = (
        "".join(c if c.isalnum() or c == "-" else "-" for c in socket.gethostname().split(".")[0]) or "alcove"
    )
    return ServiceInfo(SERVICE_TYPE, _instance(name), addresses=[socket.inet_aton(host)], port=port,
                       properties=props, server=f"{server}.local.")  # fmt: skip


def parse_info(info) -> HelperAd | None:
    """A helper from a resolved ServiceInfo, or None when it is not one we can pair with (no IPv4 address, another
    protocol version, a malformed record)."""
    try:
        props = {k.decode(): (v or b"").decode() for k, v in (info.properties or {}).items()}
        addresses = info.parsed_addresses()
        ipv4 = [a for a in addresses if "." in a]
        if props.get("v") != PROTOCOL_VERSION or not ipv4 or not info.port:
            return None
        models = tuple(props[k] for k in sorted(p for p in props if p[:1] == "m" and p[1:].isdigit()))
        name = props.get("name") or info.name.removesuffix("." + SERVICE_TYPE)
        return HelperAd(name, ipv4[0], int(info.port), models, props["v"])
    except (UnicodeDecodeError, ValueError, AttributeError):
        return None


def _interfaces(host: str | None):
    from zeroconf import InterfaceChoice

    return [host] if host and host not in ("0.0.0.0", "") else InterfaceChoice.All


class Advertiser:
    """A helper's Bonjour record, registered while the helper listens. ``close()`` withdraws it."""

    def __init__(self, name: str, host: str, port: int, models: list[str] | tuple[str, ...]) -> None:
        from zeroconf import IPVersion, Zeroconf

        self.info = service_info(name, host if host != "0.0.0.0" else _primary_ipv4(), port, models)
        self._zc = Zeroconf(interfaces=_interfaces(host), ip_version=IPVersion.V4Only)
        self._zc.register_service(self.info, allow_name_change=True)
        log.info("advertised as %r on %s:%d", self.info.name, host, port)

    def close(self) -> None:
        try:
            self._zc.unregister_service(self.info)
        finally:
            self._zc.close()


def browse(wait_s: float = 2.0, interface: str | None = None) -> list[HelperAd]:
    """Helpers advertised on the local network (or on ``interface`` only), collected for ``wait_s`` seconds."""
    from zeroconf import IPVersion, ServiceBrowser, Zeroconf

    zc = Zeroconf(interfaces=_interfaces(interface), ip_version=IPVersion.V4Only)
    names: list[str] = []
    lock = threading.Lock()

    class Listener:
        def add_service(self, zc, type_, name):
            with lock:
                names.append(name)

        def update_service(self, zc, type_, name):
            pass

        def remove_service(self, zc, type_, name):
            pass

    browser = ServiceBrowser(zc, SERVICE_TYPE, Listener())
    try:
        time.sleep(wait_s)
        found: dict[str, HelperAd] = {}
        with lock:
            pending = list(dict.fromkeys(names))
        for name in pending:
            info = zc.get_service_info(SERVICE_TYPE, name, timeout=1500)
            ad = parse_info(info) if info is not None else None
            if ad is not None:
                found[ad.address] = ad
        return sorted(found.values(), key=lambda a: (a.name, a.address))
    finally:
        browser.cancel()
        zc.close()


def local_address() -> str:
    """Where a helper on this machine listens by default: its local-network address, else loopback (no local
    network: only this machine could pair)."""
    ip = _primary_ipv4()
    return ip if ip != "127.0.0.1" and is_local_address(ip) else "127.0.0.1"


def _primary_ipv4() -> str:
    """This machine's address on the local network (the one a default route would use); no packet is sent."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed; connect() on UDP only picks the interface
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"
