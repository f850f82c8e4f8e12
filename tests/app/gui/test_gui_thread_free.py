"""The GUI thread never runs the calls known to hold it (or the GIL) for long while models load and a folder is
indexed (issue 38: event-loop lateness p95 < 50 ms, bench/bench_gui_latency.py): model loading and validation,
tokenizer construction, a full garbage collection, the indexing pipeline. Each is wrapped to note the thread that
called it; the real window loads, reloads and unloads models and indexes a folder."""

from __future__ import annotations

import gc
import threading

import pytest

import engine.encoders.embedder as embedder_module
import engine.index.pipeline as pipeline_module
import engine.models.loader as loader_module
import engine.runtime.engine as engine_runtime
import engine.runtime.roles as roles_module
from engine.core import ModelRequest, Role

BLOCKERS = (
    (roles_module, "load_for_role"),
    (roles_module, "validate_for_role"),
    (loader_module, "load_tokenizer"),
    (embedder_module, "load_tokenizer"),
    (embedder_module, "_copy_tokenizer"),
    (gc, "collect"),
    (engine_runtime, "index_pipeline"),
    (pipeline_module, "scan"),
)


class Watch:
    def __init__(self) -> None:
        self.calls: list[tuple[str, bool]] = []  # (name, on the GUI thread)
        self.on = False

    def wrap(self, module, name):
        real = getattr(module, name)

        def watched(*a, **kw):
            if self.on:
                self.calls.append((name, threading.current_thread() is threading.main_thread()))
            return real(*a, **kw)

        return watched

    def on_gui_thread(self) -> list[str]:
        return [name for name, gui in self.calls if gui]


@pytest.fixture
def watch(monkeypatch):
    w = Watch()
    for module, name in BLOCKERS:
        monkeypatch.setattr(module, name, w.wrap(module, name))
    return w


def test_the_watch_sees_a_blocker_called_on_the_gui_thread(watch):
    watch.on = True
    with pytest.raises(Exception):  # noqa: B017 - only the call's thread matters here
        loader_module.load_tokenizer(None, {})
    assert watch.on_gui_thread() == ["load_tokenizer"]


def test_loading_reloading_unloading_and_indexing_run_nothing_heavy_on_the_gui_thread(
    qtbot, watch, window, tmp_path
):
    watch.on = True
    bridge = window.bridge
    chat = window.settings["models/chat"]
    for request in (ModelRequest(Role.CHAT, chat), ModelRequest(Role.EMBEDDER, "default")):
        bridge.load_model(request)
    qtbot.waitUntil(lambda: not bridge.jobs(), timeout=120000)
    bridge.unload_model(Role.CHAT)
    bridge.unload_model(Role.EMBEDDER)
    qtbot.waitUntil(lambda: not bridge.jobs(), timeout=60000)
    bridge.load_model(ModelRequest(Role.CHAT, chat, reload=True))
    qtbot.waitUntil(lambda: not bridge.jobs(), timeout=120000)
    folder = tmp_path / "notes"
    folder.mkdir()
    for i in range(4):
        (folder / f"note-{i}.md").write_text(
            f"# Note {i}\n\nThe keeper lit lamp {i} at dusk.\n", encoding="utf-8"
        )
    with qtbot.waitSignal(window.indexer.finished, timeout=180000):
        window.index_paths([str(folder)])
    watch.on = False
    names = {name for name, _ in watch.calls}
    assert {
        "load_for_role",
        "validate_for_role",
        "index_pipeline",
        "scan",
    } <= names  # the watch saw the loads (the test can fail)
    assert watch.on_gui_thread() == [], watch.calls
