"""The Rerank pane: the generative reranker (the chat model judging yes/no relevance, the default) and a tiny random
BertForSequenceClassification cross-encoder; in both cases the new order must match transformers' own scores on
PyTorch (the independent reference)."""

from __future__ import annotations

import math
import os
from pathlib import Path
from types import SimpleNamespace

import pytest
from PySide6.QtCore import Qt

from app.gui.rerank_pane import GENERATIVE, GENERATIVE_LABEL, RETRIEVAL_LABEL, split_passages
from tests.tiny_models import make_tiny_cross_encoder

PASSAGES = [
    "Paris is the capital of France.",
    "Bread rises because yeast ferments sugar.",
    "The Fresnel lens focuses a lighthouse beam.",
    "Tomatoes need six hours of sun.",
    "Water boils at one hundred degrees Celsius at sea level.",
]
QUERY = "what is the capital of France"


@pytest.fixture(scope="module")
def tiny_reranker(tmp_path_factory):
    pytest.importorskip("torch")
    folder, reference = make_tiny_cross_encoder(tmp_path_factory.mktemp("tiny-reranker"), QUERY, PASSAGES)
    return str(folder), reference


def test_split_passages():
    assert split_passages("a b\nc\n\n\nd\n \ne") == ["a b c", "d", "e"]


def _generative_reference(folder: str, engine, query: str, passages: list[str]) -> list[float]:
    """transformers on PyTorch: one full forward per (query, passage) prompt, log-odds of the answer tokens at the
    last position (prompt ids as the engine builds them; the model forward is independent)."""
    torch = pytest.importorskip("torch")
    from transformers import AutoModelForCausalLM
    from transformers.utils import logging as hf_logging

    from engine.rag.generative_rerank import GenerativeReranker

    hf_logging.disable_progress_bar()  # its tqdm monitor thread would outlive the test

    def prompts():
        rr = GenerativeReranker(engine.model("chat"))
        return rr.yes_ids, rr.no_ids, [sum(rr.prompt_ids(query, p)[:2], []) for p in passages]

    yes_ids, no_ids, ids = engine.run(prompts)
    model = AutoModelForCausalLM.from_pretrained(folder, dtype=torch.float32).eval()
    out = []
    with torch.no_grad():
        for seq in ids:
            logits = model(torch.tensor([seq])).logits[0, -1]
            out.append(float(torch.logsumexp(logits[yes_ids], 0) - torch.logsumexp(logits[no_ids], 0)))
    return out


def test_the_default_is_the_retrieval_score_and_says_no_capable_reranker_is_installed(qtbot, window):
    pane = window.rerank
    window.switch_to("rerank")
    assert pane.reranker.currentText() == RETRIEVAL_LABEL and pane.reranker_spec() == ""
    hits = [SimpleNamespace(text=t, path=f"/d/{i}.txt", score=s, page=None, line_start=1, line_end=1)
            for i, (t, s) in enumerate(zip(PASSAGES, [0.2, 0.9, 0.5, 0.1, 0.3], strict=False))]  # fmt: skip
    pane.set_candidates(QUERY, hits)
    qtbot.mouseClick(pane.rerank_button, Qt.MouseButton.LeftButton)
    assert pane.job is None and pane.notice.isVisible() and "No capable reranker" in pane.notice.text()
    order = [1, 2, 4, 0, 3]
    assert [int(pane.table.item(r, 1).text().split()[0]) for r in range(5)] == [i + 1 for i in order]
    assert [float(pane.table.item(r, 2).text()) for r in range(5)] == [0.9, 0.5, 0.3, 0.2, 0.1]
    assert "Not reranked: no reranker is chosen" in pane.result_note.text()  # not "0 of 5 moved"
    assert "moved" not in pane.result_note.text()
    assert window.settings["models/reranker"] == ""
    pane.resize(900, 600)
    pane.grab().save(str(Path(os.environ.get("ALCOVE_SHOTS", "/tmp")) / "rerank-default.png"))


def test_generative_reranker_can_be_chosen_and_reorders_like_the_reference(
    qtbot, window, engine, tiny_chat_model
):
    pane = window.rerank
    window.switch_to("rerank")
    pane.reranker.setCurrentText(GENERATIVE_LABEL)
    assert pane.reranker_spec() == GENERATIVE and window.settings["models/reranker"] == ""
    assert pane.notice.isHidden()
    pane.query.setText(QUERY)
    pane.candidates.setPlainText("\n\n".join(PASSAGES))
    qtbot.mouseClick(pane.rerank_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: pane.job is None, timeout=60000)
    assert pane.table.rowCount() == 5, pane.result_note.text()
    reference = _generative_reference(tiny_chat_model, engine, QUERY, PASSAGES)
    order = sorted(range(5), key=lambda i: (-reference[i], i))
    assert order != list(range(5))  # the reranker really moves something
    assert [pane.table.item(r, 3).text() for r in range(5)] == [PASSAGES[i] for i in order]
    assert [int(pane.table.item(r, 0).text()) for r in range(5)] == [1, 2, 3, 4, 5]
    assert [int(pane.table.item(r, 1).text().split()[0]) for r in range(5)] == [i + 1 for i in order]
    for r, i in enumerate(order):
        assert float(pane.table.item(r, 2).text()) == pytest.approx(
            1 / (1 + math.exp(-reference[i])), abs=2e-3
        )
    assert "(generative)" in pane.result_note.text() and "moved" in pane.result_note.text()


def test_rerank_reorders_like_the_reference(qtbot, window, tiny_reranker):
    folder, reference = tiny_reranker
    # feed the passages worst-first by the reference so a correct reranker must move them
    worst_first = sorted(range(len(PASSAGES)), key=lambda i: reference[i])
    passages = [PASSAGES[i] for i in worst_first]
    pane = window.rerank
    window.switch_to("rerank")
    pane.query.setText(QUERY)
    pane.candidates.setPlainText("\n\n".join(passages))
    assert pane.count.text().strip() == "5 passages"
    pane.reranker.setEditText(folder)
    assert window.settings["models/reranker"] == folder
    qtbot.mouseClick(pane.rerank_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: pane.job is None, timeout=60000)
    assert pane.table.rowCount() == 5, pane.result_note.text()
    shown = [pane.table.item(r, 3).text() for r in range(5)]
    expected = sorted(PASSAGES, key=lambda p: -reference[PASSAGES.index(p)])
    assert shown == expected
    olds = [int(pane.table.item(r, 1).text().split()[0]) for r in range(5)]
    assert olds == [5, 4, 3, 2, 1]
    assert "↑4" in pane.table.item(0, 1).text()
    probs = [float(pane.table.item(r, 2).text()) for r in range(5)]
    assert probs == sorted(probs, reverse=True)
    assert "moved" in pane.result_note.text()


def test_rerank_without_candidates_says_so(qtbot, window):
    pane = window.rerank
    assert window.settings["models/reranker"] == ""
    pane.query.setText("q")
    pane.run_rerank()
    assert pane.job is None
    assert "Add at least one candidate" in pane.notice.text()


def test_reranker_choice_follows_settings(qtbot, window, tiny_reranker):
    folder, _ = tiny_reranker
    pane = window.rerank
    window.settings["models/reranker"] = folder
    assert pane.reranker_spec() == folder and pane.reranker.currentText() == Path(folder).name
    pane.reranker.setCurrentIndex(0)
    assert window.settings["models/reranker"] == "" and pane.reranker_spec() == ""
