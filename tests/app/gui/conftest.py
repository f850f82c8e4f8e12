"""Fixtures for the GUI tests: the app's QApplication class, the real window over a real engine (with the local
server package handed in as app.entry does), and a failure instead of a modal error dialog nobody expected."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def qapp_cls():
    """The app's QApplication subclass, so Dock drops (QFileOpenEvent) are exercised for real."""
    from app.gui.main import _application_class

    return _application_class()


@pytest.fixture
def window(qtbot, qapp, engine, tiny_chat_model):
    """The real window over a real engine, chat model = the tiny llama."""
    from app import server
    from app.gui.main import build
    from app.gui.settings import Settings

    Settings()["models/chat"] = tiny_chat_model
    # Greedy: sampled at the default 0.7, the tiny model ends a reply at its first token about once in 200 (measured:
    # 5 of 1,000), and a test that needs a written reply fails by chance (test_app_chat covers that reply).
    Settings()["sampling/temperature"] = 0.0
    win = build(qapp, engine=engine, server=server)  # as app.entry hands it in
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
