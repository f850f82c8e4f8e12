"""The metrics line's tooltip says what the chat model's check of an answer judged (engine.rag.answer_check)."""

from __future__ import annotations

from app.gui.answer_meta import rag_parts


def _meta(**rag):
    return {"kind": "documents", "citations": [{"n": 1}], "rag": {"query": "q", "retrieved": 3, **rag}}


def test_the_tooltip_says_what_the_model_judged_and_at_which_line():
    ((label, tip),) = rag_parts(_meta(model_check=1.2, model_check_line=0.45))
    assert label == "1 source cited" and "judged that the answer answers it (+1.20, line +0.45)" in tip
    ((_, tip),) = rag_parts(_meta(model_check=-0.3, model_check_line=0.45))
    assert "may not answer it" in tip
    ((_, tip),) = rag_parts(_meta(model_check=None, model_check_line=None))
    assert "chat model" not in tip
