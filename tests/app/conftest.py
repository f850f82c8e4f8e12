"""Fixtures for the front ends' tests (tests/app/gui, tests/app/cli): a fresh ALCOVE_HOME and in-memory keychain per
test, a tiny real-architecture chat model, a real engine, and a check that no worker or engine thread outlives its
test. Qt-free: the window's fixtures are in tests/app/gui/conftest.py."""

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
def tiny_chat_model(tmp_path_factory):
    return str(make_tiny_model(tmp_path_factory.mktemp("tiny-llama"), "llama"))


@pytest.fixture
def engine():
    from engine.runtime.engine import Engine

    eng = Engine()
    yield eng
    eng.shutdown()
