"""What a reply says while it is being made (issue 38): the model's name and the live tok/s from the first token
(not "Thinking…" until the end), and a count with a Stop while passages are ranked, in a document answer and in
the Rerank pane. The real window over the real engine: a tiny llama, a tiny cross-encoder, the real MiniLM."""

from __future__ import annotations

import re
import time

import pytest
from PySide6.QtCore import Qt

from app.gui.rerank_pane import GENERATIVE_LABEL
from engine.core import ProgressEvent, TokenEvent
from engine.rag.generative_rerank import GenerativeReranker
from tests.tiny_models import make_tiny_cross_encoder

QUERY = "what compresses data"
LIVE = re.compile(r"(\d+\.\d tok/s|first token)  ·  \d+ tokens?$")


def test_the_footer_shows_the_model_and_live_tok_s_from_the_first_token(qtbot, window):
    window.settings["sampling/max_tokens"] = 1500
    window.settings["sampling/temperature"] = 0.0
    window.settings["sampling/repetition_penalty"] = 1.0  # the tiny model loops to max_tokens: a long stream
    seen: list[tuple[int, str, str]] = []
    window.chat.composer.edit.setPlainText("Tell me a long story")
    qtbot.keyClick(window.chat.composer.edit, Qt.Key.Key_Return)
    reply = window.chat._reply

    def look(ev) -> None:  # after the pane's own slot (connected first): what the user sees at this token
        if isinstance(ev, TokenEvent):
            seen.append((len(seen) + 1, reply.metrics_label.text(), reply.role_label.text()))

    window.chat.job.yielded.connect(look)
    # tokens come faster than the footer is rewritten (four times a second): wait for a few rewrites
    qtbot.waitUntil(lambda: len({f for _, f, _ in seen}) >= 4, timeout=60000)
    window.chat.stop()
    qtbot.waitUntil(lambda: not window.chat.busy, timeout=60000)
    name = window.chat.writer_name()
    assert name and name != "SmolLM2-135M (built-in)"  # the loaded model's own name
    n, footer, header = seen[0]
    assert name in footer and LIVE.search(footer) and "Thinking" not in footer, footer  # from the first token
    assert header == f"ALCOVE  ·  {name}"
    later = [f for _, f, _ in seen[1:]]
    assert any(re.search(r"\d+\.\d tok/s", f) for f in later), later[-1]  # a rate once tokens follow
    counts = [int(LIVE.search(f).group(0).split()[-2]) for f in later]
    assert counts == sorted(counts) and counts[-1] > 1  # the count climbs while it streams


@pytest.fixture(scope="module")
def tiny_reranker(tmp_path_factory):
    pytest.importorskip("torch")
    folder, _ = make_tiny_cross_encoder(tmp_path_factory.mktemp("tiny-rr"), QUERY, ["a", "b"])
    return str(folder)


@pytest.fixture
def big_library(qtbot, window, tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    for i in range(24):
        lines = [
            f"Note {i}.{j}: the library number {i * 10 + j} compresses data with deflate." for j in range(6)
        ]
        (folder / f"note{i:02d}.txt").write_text("\n\n".join(lines) + "\n", encoding="utf-8")
    with qtbot.waitSignal(window.indexer.finished, timeout=180000):
        window.index_paths([str(folder)])
    window.chat.composer.use_documents.setChecked(True)
    return folder


def test_a_document_answer_counts_the_passages_it_ranks_with_a_stop(
    qtbot, window, big_library, tiny_reranker
):
    window.settings["models/reranker"] = tiny_reranker
    states: list[tuple[int, int, bool, str, bool]] = []
    window.chat.composer.edit.setPlainText("Which library compresses data with deflate?")
    qtbot.keyClick(window.chat.composer.edit, Qt.Key.Key_Return)
    reply = window.chat._reply

    def look(ev) -> None:
        if isinstance(ev, ProgressEvent) and ev.extra.get("phase") == "rank":
            bar = reply.progress
            states.append((ev.done, ev.total, bar.isVisible(), bar.label.text(), bar.cancel.isVisible()))

    window.chat.job.yielded.connect(look)
    qtbot.waitUntil(lambda: not window.chat.busy, timeout=120000)
    assert len(states) >= 3, states  # 0 of N, then a step at a time
    total = states[0][1]
    assert total >= 8 and [s[0] for s in states] == sorted(s[0] for s in states) and states[-1][0] == total
    for done, _, visible, label, stop in states:
        ok = (
            visible and stop and label.endswith(f"{done} of {total}") and label.startswith("Ranking passages")
        )
        assert ok, states
    assert reply.progress.isHidden()  # gone once the answer is shown
    meta = window.chat._widgets[-1].message.meta
    assert meta["rag"]["reranker"] and meta["rag"]["reranked"] == total


def test_the_rerank_pane_counts_and_stops(qtbot, window, monkeypatch):
    real = GenerativeReranker.score

    def slow(self, *args, **kwargs):  # the real scores, each step a little slower: a Stop lands mid-way
        time.sleep(0.15)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(GenerativeReranker, "score", slow)
    pane = window.rerank
    window.switch_to("rerank")
    pane.reranker.setCurrentText(GENERATIVE_LABEL)
    pane.query.setText("what is the capital of France")
    passages = [f"Passage {i}: town {i} lies on river {i % 7} and has {i} bridges." for i in range(120)]
    pane.candidates.setPlainText("\n\n".join(passages))
    states: list[tuple[int, bool, str, bool]] = []

    def look(ev) -> None:
        if isinstance(ev, ProgressEvent):
            states.append(
                (ev.done, pane.progress.isVisible(), pane.result_note.text(), pane.stop_button.isVisible())
            )
            if ev.done >= 24 and len(states) == 3:  # two steps scored: Stop
                qtbot.mouseClick(pane.stop_button, Qt.MouseButton.LeftButton)

    qtbot.mouseClick(pane.rerank_button, Qt.MouseButton.LeftButton)
    assert pane.stop_button.isVisible() and not pane.rerank_button.isEnabled()
    pane.job.yielded.connect(look)
    qtbot.waitUntil(lambda: pane.job is None, timeout=120000)
    assert [s[0] for s in states[:3]] == [0, 12, 24], states
    for done, visible, note, stop in states[1:3]:
        assert visible and stop and f"Scored {done} of 120 passages" in note
    assert len(states) < 11  # stopped before the last of its ten steps
    assert "Stopped before scoring" in pane.result_note.text() and pane.stop_button.isHidden()
    assert [int(pane.table.item(r, 1).text().split()[0]) for r in range(3)] == [
        1,
        2,
        3,
    ]  # the order unchanged


def test_without_a_reranker_the_answer_never_says_it_is_ranking(qtbot, window, big_library):
    """Issue 38: "Ranking 50 passages…" stood on screen for 37 s of checking passages and the chat model, with
    no reranker at all (SmolLM2 is too small to rerank). Each step now says what it is doing."""
    shown: list[tuple[str, str]] = []
    window.chat.composer.edit.setPlainText("Which library compresses data with deflate?")
    qtbot.keyClick(window.chat.composer.edit, Qt.Key.Key_Return)
    reply = window.chat._reply

    def look(ev) -> None:
        if isinstance(ev, ProgressEvent):
            shown.append((ev.extra.get("phase"), reply.metrics_label.text()))

    window.chat.job.yielded.connect(look)
    qtbot.waitUntil(lambda: not window.chat.busy, timeout=120000)
    phases = [p for p, _ in shown]
    assert "rerank" not in phases and "rank" not in phases and not any("Ranking" in t for _, t in shown), (
        shown
    )
    assert phases[:3] == ["rewrite", "retrieve", "check"] and "capability" in phases, phases
    assert dict(shown)["check"].startswith("Checking the passages…")
