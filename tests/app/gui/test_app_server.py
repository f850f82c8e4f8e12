"""Settings → Server: the switch starts a loopback server over the window's engine, the address copies, the key
lives in the Keychain and is enforced, the status bar counts served requests, and switching off stops it."""

from __future__ import annotations

import socket

import httpx
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QCheckBox, QLineEdit

from app.gui.keychain import get_server_key
from app.gui.server_panel import ServerPage, ServerStatus
from engine.core import ModelRequest, Role


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_switch_address_key_and_status(qtbot, window, engine, tiny_chat_model, tmp_path):
    engine.ensure(ModelRequest(Role.CHAT, tiny_chat_model))
    window.settings["server/port"] = free_port()
    window.open_settings()
    dialog = window.settings_dialog
    page = dialog.findChild(ServerPage)
    dialog.tabs.setCurrentWidget(page)
    switch = dialog.findChild(QCheckBox, "server/enabled")
    assert not switch.isChecked() and window.server.url == ""
    try:
        switch.setChecked(True)
        qtbot.waitUntil(lambda: bool(window.server.url), timeout=20000)
        url = window.server.url
        assert url == f"http://127.0.0.1:{window.settings['server/port']}/v1"
        assert dialog.findChild(QLineEdit, "ServerAddress").text() == url
        page.copy.click()
        assert QGuiApplication.clipboard().text() == url
        body = {"model": "default", "messages": [{"role": "user", "content": "hi"}], "max_tokens": 4}
        r = httpx.post(f"{url}/chat/completions", json=body, timeout=60)
        assert r.status_code == 200, r.text
        status = window.statusBar().findChild(ServerStatus)
        qtbot.waitUntil(lambda: "1 served" in status.text(), timeout=5000)
        qtbot.wait(100)  # let the status bar lay the longer label out before the screenshot
        dialog.grab().save(str(tmp_path / "settings-server.png"))
        window.grab().save(str(tmp_path / "window-serving.png"))

        page.key.setText("k3y")
        page.save_key.click()
        assert get_server_key() == "k3y"
        qtbot.waitUntil(lambda: bool(window.server.url), timeout=20000)
        assert httpx.post(f"{url}/chat/completions", json=body, timeout=60).status_code == 401
        ok = httpx.post(
            f"{url}/chat/completions", json=body, headers={"Authorization": "Bearer k3y"}, timeout=60
        )
        assert ok.status_code == 200
        window.settings.raw_store().sync()
        assert "k3y" not in open(window.settings.raw_store().fileName()).read()  # the keychain only
    finally:
        switch.setChecked(False)
    assert window.server.url == "" and not status.isVisible()
    try:
        httpx.get(f"{url}/models", timeout=2)
        raise AssertionError("the server still answers after being switched off")
    except httpx.ConnectError:
        pass


def test_allowed_web_pages_and_model_paths_reach_the_server(qtbot, window, engine, tiny_chat_model):
    """The page's two boundary settings: an allowed origin's page may call the server, another's gets 403; a bad
    origin is named and not saved; model paths stay refused until the box is ticked."""
    engine.ensure(ModelRequest(Role.CHAT, tiny_chat_model))
    window.settings["server/port"] = free_port()
    window.open_settings()
    page = window.settings_dialog.findChild(ServerPage)
    origins = page.findChild(QLineEdit, "server/allow_origins")
    paths = page.findChild(QCheckBox, "server/allow_model_paths")
    assert origins.text() == "" and not paths.isChecked()

    origins.setText("localhost:3000")  # no scheme: not an origin
    origins.editingFinished.emit()
    assert "not a web origin" in page.state.text() and window.settings["server/allow_origins"] == []
    origins.setText("HTTP://LocalHost:3000, https://notes.example")
    origins.editingFinished.emit()
    assert window.settings["server/allow_origins"] == ["http://localhost:3000", "https://notes.example"]
    assert origins.text() == "http://localhost:3000, https://notes.example"

    window.settings["server/enabled"] = True
    try:
        qtbot.waitUntil(lambda: bool(window.server.url), timeout=20000)
        url = window.server.url
        asked = {"model": "default", "messages": [{"role": "user", "content": "hi"}], "max_tokens": 2}

        def post(origin: str | None, body=asked):
            headers = {"Origin": origin} if origin else {}
            return httpx.post(f"{url}/chat/completions", json=body, headers=headers, timeout=60)

        assert post("http://localhost:3000").status_code == 200
        assert post("http://evil.example").status_code == 403
        by_path = dict(asked, model=str(tiny_chat_model))
        assert post(None, by_path).status_code == 404  # a path is not a listed model
        paths.setChecked(True)  # the server restarts with the new setting
        qtbot.waitUntil(lambda: bool(window.server.url), timeout=20000)
        assert post(None, by_path).status_code == 200
    finally:
        window.settings["server/enabled"] = False
