"""Indexing progress in the window (issue 38): two phases (reading files, then embedding passages) with their own
counts, a time left that settles instead of swinging 49 min → 13 → 9, the status bar never saying "Index empty"
during a run, a notification at the end, and a document question asked meanwhile told that files are still being
indexed."""

from __future__ import annotations

import threading
from pathlib import Path
from types import SimpleNamespace

from app.gui.dropzone.progress import IndexProgress, SettlingEta, format_left
from app.gui.status_center import NOTICE

NOTES = {
    "lighthouse.md": "# Lighthouses\n\nThe Fresnel lens lets a lighthouse beam reach forty kilometres out to sea.\n",
    "bread.txt": "Sourdough bread rises because wild yeast and lactobacilli ferment the dough overnight.\n",
    "garden.txt": "Tomatoes need six hours of direct sun and deep watering twice a week in summer.\n",
}


def _folder(tmp_path: Path, name: str = "notes") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    for file, text in NOTES.items():
        (folder / file).write_text(text, encoding="utf-8")
    (folder / "long.md").write_text("\n\n".join(f"Section {i}. " + "Keepers trimmed the wicks at dusk. " * 12
                                                for i in range(30)), encoding="utf-8")  # fmt: skip
    return folder


def _event(stage, files_done, files_total, chunks, chunks_total, eta=None):
    extra = {"stage": stage, "files_done": files_done, "files_total": files_total, "chunks": chunks,
             "chunks_total": chunks_total, "current_file": "/a/b.pdf", "phase": "index"}  # fmt: skip
    return SimpleNamespace(done=files_done, total=files_total, eta_s=eta, extra=extra)


def test_the_bar_counts_files_then_passages():
    reading = IndexProgress.from_event(_event("read", 40, 125, 900, 3000))
    assert reading.bar() == (40, 125) and reading.title() == "Reading files 40 of 125" and reading.step == 1
    assert "900 passages embedded" in reading.detail()
    embedding = IndexProgress.from_event(_event("embed", 125, 125, 3000, 9000))
    assert embedding.bar() == (3000, 9000) and embedding.step == 2  # not a full bar at "125 of 125"
    assert embedding.title() == "Embedding passages 3,000 of 9,000"


def test_the_estimate_waits_then_never_swings():
    """Raw estimates as the issue saw them (49 min, 13, 9, 5:24, 5:32 ...) on a run that takes about 9 minutes."""
    now = [0.0]
    eta = SettlingEta(clock=lambda: now[0])
    raw = [(2, 49 * 60), (6, 13 * 60), (10, 9 * 60), (20, 7 * 60), (30, 6.5 * 60), (40, 6 * 60), (50, 5.6 * 60),
           (60, 5.4 * 60), (70, 5.5 * 60), (90, 5.2 * 60), (120, 4.6 * 60), (180, 3.8 * 60), (240, 3.0 * 60),
           (300, 2.1 * 60), (360, 1.2 * 60)]  # fmt: skip
    shown = []
    for t, left in raw:
        now[0] = float(t)
        value = eta.update(IndexProgress("read", 1, 2, 0, 0, "", float(left)))
        shown.append((t, value))
    assert all(v is None for t, v in shown if t <= 10)  # 49 min, 13, 9: never shown
    values = [(t, v) for t, v in shown if v is not None]
    assert values and values[0][1] < 8 * 60
    for (t0, v0), (t1, v1) in zip(values, values[1:], strict=False):
        assert v1 <= v0 + 20, (t0, v0, t1, v1)  # never up by more than a few seconds
        assert v0 - v1 <= (t1 - t0) * 1.6 + 20, (t0, v0, t1, v1)  # and down about as fast as time passes


def test_the_embed_phase_estimates_from_passages_per_second():
    now = [0.0]
    eta = SettlingEta(clock=lambda: now[0], min_samples=3, min_elapsed_s=2.0)
    for step in range(12):  # 10 passages a second, 3,000 of 9,000 done at the start
        now[0] = float(step)
        left = eta.update(IndexProgress("embed", 125, 125, 3000 + 10 * step, 9000, "", None))
    assert left is not None and 500 <= left <= 700  # about 5,900 passages at 10 a second
    assert format_left(left) in ("About 10 min left", "About 11 min left", "About 9 min left")
    assert format_left(30) == "Less than a minute left" and format_left(4800) == "About 1 h 20 min left"


def _index_and_watch(qtbot, window, folder):
    stages, labels = [], []
    window.indexer.stage_progress.connect(lambda p: stages.append(p))
    window.indexer.stage_progress.connect(lambda _p: labels.append(window.index_label.text()))
    with qtbot.waitSignal(window.indexer.finished, timeout=180000) as done:
        window.index_paths([str(folder)])
        assert window.index_label.text().startswith("Indexing")
    return done.args[0], stages, labels


def test_a_run_shows_both_phases_and_never_index_empty(qtbot, window, tmp_path):
    assert not window.chat.composer.use_documents.isEnabled()
    summary, stages, labels = _index_and_watch(qtbot, window, _folder(tmp_path))
    assert summary is not None and summary.files_indexed == 4
    seen = [p.stage for p in stages]
    assert "read" in seen and "embed" in seen and seen.index("embed") > seen.index("read")
    last = stages[-1]
    assert last.chunks_done == last.chunks_total == summary.chunks
    assert all(text.startswith("Indexing") for text in labels)  # "Index empty" for the whole run before
    assert all(p.bar()[1] > 0 for p in stages if p.stage == "embed")
    qtbot.waitUntil(lambda: window.index_label.text().startswith("Index "), timeout=5000)
    assert window.chat.composer.use_documents.isEnabled()  # something to ask now
    assert window.last_notification in ("window", "alert", "system")


def test_a_document_question_during_indexing_says_files_are_still_being_indexed(
    qtbot, window, tmp_path, monkeypatch
):
    _index_and_watch(qtbot, window, _folder(tmp_path, "first"))
    from engine.encoders.embedder import Embedder

    gate, reached = threading.Event(), threading.Event()
    real = Embedder.embed_encoded

    def held(self, *args, **kwargs):
        reached.set()
        gate.wait(60)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Embedder, "embed_encoded", held)
    try:
        window.index_paths([str(_folder(tmp_path, "second"))])
        qtbot.waitUntil(reached.is_set, timeout=60000)
        box = window.chat.composer.use_documents
        box.setChecked(True)
        messages = []
        monkeypatch.setattr(window, "show_message", lambda text, level=0: messages.append((text, level)))
        window.chat.busy_changed.emit(True)  # what sending a question emits
        assert any("still being indexed" in t and level == NOTICE for t, level in messages), messages
    finally:
        gate.set()
    qtbot.waitUntil(lambda: not window.indexer.busy, timeout=120000)
