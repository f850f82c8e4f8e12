"""The macOS Keychain through keyring.backends.macOS, and Qt's cocoa platform plugin."""

import json
import os
import subprocess
import sys
import uuid


def test_keychain_round_trip():
    import keyring
    from keyring.backends import macOS

    backend = macOS.Keyring()
    service, user, secret = (
        f"Alcove-test-{uuid.uuid4().hex[:8]}",
        "huggingface-token",
        f"hf_{uuid.uuid4().hex}",
    )
    try:
        backend.set_password(service, user, secret)
        assert backend.get_password(service, user) == secret
    finally:
        backend.delete_password(service, user)
    assert backend.get_password(service, user) is None
    assert isinstance(backend, keyring.backend.KeyringBackend)


def test_app_picks_the_macos_keychain(monkeypatch):
    from app.gui import keychain  # inside the test: the module is macOS-only in use

    monkeypatch.setattr(keychain, "_chosen", False)
    monkeypatch.setattr(keychain, "SERVICE", f"Alcove-test-{uuid.uuid4().hex[:8]}")  # never the user's token
    assert keychain.use_system_keyring() == "keyring.backends.macOS.Keyring"
    keychain.set_token("hf_round_trip")
    try:
        assert keychain.get_token() == "hf_round_trip"
    finally:
        keychain.set_token(None)
    assert keychain.get_token() is None


def test_cocoa_platform_plugin_starts_and_draws_an_svg_icon():
    """In a fresh process (the test session runs Qt offscreen): QApplication on cocoa, and an SVG icon rendered."""
    code = """
import json
from PySide6.QtCore import QByteArray, QSize
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication
app = QApplication([])
svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="red"/></svg>'
ok = QSvgRenderer(QByteArray(svg)).isValid()
pm = QPixmap(); pm.loadFromData(svg, "SVG")
print(json.dumps({"platform": app.platformName(), "svg": ok and not pm.isNull(),
                  "screens": len(app.screens())}))
"""
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout.strip().splitlines()[-1])
    assert (
        report == {"platform": "cocoa", "svg": True, "screens": report["screens"]} and report["screens"] >= 1
    )
