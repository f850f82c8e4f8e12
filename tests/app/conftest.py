"""Fixtures for the GUI tests: a fresh ALCOVE_HOME and in-memory keychain per test, a tiny real-architecture chat
model, the real window over a real engine, and a check that no worker or engine thread outlives its test."""

from __future__ import annotations

import threading

import keyring
import pytest
from keyring.backend import KeyringBackend

from tests.tiny_models import make_tiny_model


class MemoryKeyring(KeyringBackend):
    priority = 1

    def __init__(self) -> None:
        super().__init__()
        self.passwords: dict[tuple[str, str], str] = {}

    def get_password(self, service, username):
        return self.passwords.get((service, username))

    def set_password(self, service, username, password):
        self.passwords[(service, username)] = password

    def delete_password(self, service, username):
        from keyring.errors import PasswordDeleteError

        if (service, username) not in self.passwords:
            raise PasswordDeleteError(username)
        del self.passwords[(service, username)]


@pytest.fixture(autouse=True)
def alcove_home(tmp_path, monkeypatch):
    home = tmp_path / "alcove-home"
    home.mkdir()
    monkeypatch.setenv("ALCOVE_HOME", str(home))
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hf-cache"))
    backend = MemoryKeyring()
    previous = keyring.get_keyring()
    keyring.set_keyring(backend)
    yield home
    keyring.set_keyring(previous)


def _python_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if not isinstance(t, threading._DummyThread) and t.is_alive()}


@pytest.fixture(autouse=True)
def no_threads_left():
    """Fails a test that leaves an engine thread, a worker QThread or any Python thread running."""
    before = _python_threads()
    yield
    import time

    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and _python_threads() - before:
        time.sleep(0.05)
    left = _python_threads() - before
    assert not left, f"threads left running: {[t.name for t in left]}"


@pytest.fixture(scope="session")
def qapp_cls():
    """The app's QApplication subclass, so Dock drops (QFileOpenEvent) are exercised for real."""
    from app.main import _application_class

    return _application_class()


@pytest.fixture(scope="session")
def tiny_chat_model(tmp_path_factory):
    return str(make_tiny_model(tmp_path_factory.mktemp("tiny-llama"), "llama"))


@pytest.fixture
def engine():
    from engine.runtime.engine import Engine

    eng = Engine()
    yield eng
    eng.shutdown()


@pytest.fixture
def window(qtbot, qapp, engine, tiny_chat_model):
    """The real window over a real engine, chat model = the tiny llama."""
    from app.main import build
    from app.settings import Settings

    Settings()["models/chat"] = tiny_chat_model
    win = build(qapp, engine=engine)
    qtbot.addWidget(win)
    win.show()
    yield win
    win.close()
    for job in win.bridge.jobs():
        job.cancel()
    qtbot.waitUntil(lambda: not win.bridge.jobs(), timeout=20000)
    win.bridge.shutdown()
    assert all(not j.is_running() for j in win.bridge.jobs())
    win.store.close()


@pytest.fixture(autouse=True)
def no_unexpected_error_dialog(monkeypatch):
    """An error dialog nobody expected fails the test with its text, instead of blocking the suite on a modal
    QMessageBox that no one will click. Tests that expect a dialog patch QMessageBox.exec themselves."""
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []

    def exec_(box):
        if box.icon() in (QMessageBox.Icon.Warning, QMessageBox.Icon.Critical):
            shown.append(f"{box.text()}: {box.informativeText()}\n{box.detailedText()}")
        return 0

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    yield shown
    if shown:
        pytest.fail("an error dialog was shown:\n" + "\n".join(shown))


@pytest.fixture
def citing_model_writes_answers(monkeypatch):
    """The tiny citing model always says "... [1].", so it fails the capability probes and ``ask`` would answer
    extractively; tests about a model-written answer let it write."""
    from engine.rag import Capability

    monkeypatch.setattr("engine.rag.qa.check_capability", lambda *a, **k: Capability(True, 2, 2, ()))
