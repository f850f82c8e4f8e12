"""Settings persist, apply at once, keep the token out of the settings file; downloads report progress, cancel,
and fail with a sentence when offline."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtGui import QAction, QKeySequence

from app.gui.downloads import DownloadError, download_model
from app.gui.settings import OPTIONS, Settings
from engine.core.requests import GenerateRequest


def test_settings_persist_with_types(qtbot, alcove_home):
    s = Settings()
    changes = []
    s.changed.connect(lambda k, v: changes.append((k, v)))
    s["sampling/temperature"] = 0.3
    s["speculative/mode"] = "lookup"
    s["index/folders"] = ["/tmp/a"]
    s["index/watch"] = False
    s["sampling/max_tokens"] = 10**9  # clamped to the declared maximum
    assert changes[0] == ("sampling/temperature", 0.3)
    again = Settings()  # a fresh QSettings over the same file
    assert again["sampling/temperature"] == 0.3 and isinstance(again["sampling/temperature"], float)
    assert again["speculative/mode"] == "lookup"
    assert again["index/folders"] == ["/tmp/a"]
    assert again["index/watch"] is False
    assert again["sampling/max_tokens"] == OPTIONS["sampling/max_tokens"].maximum
    with pytest.raises(ValueError):
        s["speculative/mode"] = "sometimes"
    assert (alcove_home / "settings.ini").exists()


def test_token_goes_to_the_keychain_only(qtbot, alcove_home):
    s = Settings()
    s.set_hf_token("hf_secret_value")
    assert Settings.hf_token() == "hf_secret_value"
    assert (
        "hf_secret_value" not in (alcove_home / "settings.ini").read_text()
        if (alcove_home / "settings.ini").exists()
        else True
    )
    s.set_hf_token(None)
    assert Settings.hf_token() is None


def test_dialog_changes_apply_to_the_next_request(qtbot, window):
    window.open_settings()
    dialog = window.settings_dialog
    assert dialog.isVisible()
    from PySide6.QtWidgets import QComboBox, QDoubleSpinBox, QSpinBox

    dialog.findChild(QDoubleSpinBox, "sampling/temperature").setValue(0.25)
    dialog.findChild(QSpinBox, "speculative/num_draft").setValue(6)
    mode = dialog.findChild(QComboBox, "speculative/mode")
    mode.setCurrentIndex(mode.findData("lookup"))
    req = window.chat.build_request()
    assert isinstance(req, GenerateRequest)
    assert req.sampling.temperature == 0.25
    assert req.speculative.mode == "lookup" and req.speculative.num_draft == 6
    assert Settings()["sampling/temperature"] == 0.25  # persisted


def test_menu_roles_and_preferences_shortcut(qtbot, window):
    assert window.preferences_action.menuRole() == QAction.MenuRole.PreferencesRole
    assert window.preferences_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Preferences)
    others = [a for a in window.findChildren(QAction) if a is not window.preferences_action and a.text()]
    assert others and all(a.menuRole() == QAction.MenuRole.NoRole for a in others), [
        (a.text(), a.menuRole()) for a in others if a.menuRole() != QAction.MenuRole.NoRole
    ]


def test_models_page_lists_local_models_and_greys_nothing_silently(qtbot, window):
    window.open_settings()
    page = window.settings_dialog.models
    qtbot.waitUntil(lambda: page.scan_job is None and page.pickers["chat"].count() > 0, timeout=60000)
    chat = page.pickers["chat"]
    assert chat.findData("default") >= 0
    assert chat.currentData() == window.settings["models/chat"]
    assert page.pickers["draft"].itemText(0) == "None"


def test_download_offline_fails_with_a_sentence(monkeypatch, tmp_path):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(DownloadError, match="offline"):
        download_model("someone/some-model", token=None, progress=lambda d, t: None, cancel=threading.Event(),
                       cache_dir=tmp_path)  # fmt: skip


# Progress, cancel, resume, integrity, gated and offline downloads: tests/app/gui/test_downloads.py (loopback hub).


def test_download_ui_shows_failure_offline(qtbot, window, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    window.open_settings()
    page = window.settings_dialog.models
    page.repo.setText("someone/some-model")
    page.start_download()
    assert page.cancel_button.isVisibleTo(page) and not page.download_button.isVisibleTo(page)
    qtbot.waitUntil(lambda: page.download_job is None, timeout=30000)
    assert "offline" in page.download_status.text()
    assert page.download_button.isVisibleTo(page) and not page.progress.isVisibleTo(page)


def test_transform_setting_reloads_the_chat_model_with_it(qtbot, window, tmp_path):
    """The Settings field applies a YAML transform to the chat model without a restart."""
    yaml_file = tmp_path / "zero_head.yaml"
    yaml_file.write_text('operations:\n  - op: scale\n    pattern: "lm_head.weight"\n    factor: 0.0\n')
    window.settings["models/transform"] = str(yaml_file)
    window.bridge.load_model(window.settings.model("chat"))  # what the first message does
    qtbot.waitUntil(
        lambda: (
            (window.bridge.engine.models().get("chat") or None) is not None
            and window.bridge.engine.models()["chat"].transform_sha256 is not None
        ),
        timeout=60_000,
    )
    window.settings["models/transform"] = ""
    chat = lambda: window.bridge.engine.models().get("chat")  # noqa: E731 - absent while the model is swapped
    qtbot.waitUntil(lambda: chat() is not None and chat().transform_sha256 is None, timeout=60_000)
