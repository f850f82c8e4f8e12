"""Settings › Models drafts (issue 36 item 7, issue 38 "Drafts"): the picker offers only models that can draft for the
chat model (decided from files before anything loads), a draft no longer used is unloaded, draft mode without a
draft decodes plainly as its note says (the note under the picker says "above"), MTP only for Gemma 4 models."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from PySide6.QtWidgets import QComboBox

from engine.core import FinalEvent, ModelRequest, Role
from tests.tiny_models import make_tiny_model

# The picture this test takes goes to docs/screenshots only when asked (ALCOVE_SHOTS=docs/screenshots): a test
# run leaves the working tree as it was.
SHOTS = Path(os.environ["ALCOVE_SHOTS"]) if os.environ.get("ALCOVE_SHOTS") else None


def _page(qtbot, window, known: list[str], chat: str, *, mode: str, draft: str = ""):
    s = window.settings
    s["models/known"] = known
    s["models/chat"] = chat
    s["models/draft"] = draft
    s["speculative/mode"] = mode
    window.open_settings()
    page = window.settings_dialog.models
    page.rescan()
    qtbot.waitUntil(lambda: page.scan_job is None and page.offers is not None, timeout=60000)
    return page


def _foreign(src: Path, dst: Path) -> Path:
    """The same tiny model with two token ids swapped: the same size of vocabulary, other meanings."""
    shutil.copytree(src, dst)
    data = json.loads((dst / "tokenizer.json").read_text())
    vocab = data["model"]["vocab"]
    a, b = sorted(vocab, key=vocab.get)[40:42]
    vocab[a], vocab[b] = vocab[b], vocab[a]
    (dst / "tokenizer.json").write_text(json.dumps(data))
    return dst


def test_the_draft_picker_offers_only_models_that_can_draft(qtbot, window, tmp_path):
    big = make_tiny_model(tmp_path / "big", "llama", seed=1, num_hidden_layers=3)
    small = make_tiny_model(tmp_path / "small", "llama", seed=2, num_hidden_layers=1)
    foreign = _foreign(small, tmp_path / "foreign")
    page = _page(
        qtbot, window, [str(big), str(small), str(foreign)], str(big), mode="draft", draft=str(foreign)
    )
    combo = page.pickers["draft"]
    offered = [combo.itemData(i) for i in range(combo.count())]
    assert offered == ["", str(small)], (
        offered
    )  # the built-in SmolLM2 / Gemma 3 and the foreign tokenizer: not offered
    assert window.settings["models/draft"] == ""  # the foreign draft chosen before is dropped, never loaded
    assert page.auto_draft == str(small)
    tip = page.draft_note.toolTip()
    assert "foreign" in tip and "different tokenizer" in tip and "ids stand for different tokens" in tip


def test_draft_mode_without_a_draft_decodes_plainly_as_the_note_above_says(qtbot, window, engine, tmp_path):
    chat = window.settings["models/chat"]
    page = _page(qtbot, window, [], chat, mode="draft")
    assert page.auto_draft == ""
    note, picker = page.draft_note, page.pickers["draft"]
    assert "plain decoding" in note.text()
    assert "below" not in note.text()
    window.settings_dialog.tabs.setCurrentWidget(page)
    window.settings_dialog.resize(900, 760)
    qtbot.waitUntil(lambda: page.isVisible() and note.height() > 0, timeout=5000)
    qtbot.wait(100)
    assert note.mapTo(page, note.rect().topLeft()).y() > picker.mapTo(page, picker.rect().bottomLeft()).y()
    shots = SHOTS or tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    window.settings_dialog.grab().save(str(shots / "settings-models-no-draft.png"))

    req = window.chat.build_request()
    assert req.speculative.mode == "off" and req.draft is None  # not a red error quoting command-line flags
    final = [e for e in engine.chat(req) if isinstance(e, FinalEvent)][0]
    assert final.error is None and final.finish_reason in ("stop", "length")


def test_mtp_is_offered_only_for_a_chat_model_that_has_an_assistant(qtbot, window):
    page = _page(qtbot, window, [], window.settings["models/chat"], mode="mtp")
    assert page.offers is not None and not page.offers.chat_is_gemma4
    text = page.draft_note.text()
    assert "only for Gemma 4" in text and "plain decoding" in text
    assert "the assistant head drafts" not in text
    mode = window.settings_dialog.findChild(QComboBox, "speculative/mode")
    item = mode.model().item(mode.findData("mtp"))
    assert not item.isEnabled() and "Gemma 4" in item.toolTip()
    req = window.chat.build_request()
    assert req.speculative.mode == "off"


def test_a_draft_no_longer_used_is_unloaded(qtbot, window, engine, tmp_path):
    big = make_tiny_model(tmp_path / "big", "llama", seed=1, num_hidden_layers=3)
    small = make_tiny_model(tmp_path / "small", "llama", seed=2, num_hidden_layers=1)
    page = _page(qtbot, window, [str(big), str(small)], str(big), mode="draft", draft=str(small))
    engine.ensure(ModelRequest(Role.DRAFT, str(small)))
    assert "draft" in engine.models()
    page._release_unused_draft()  # the draft in use stays
    qtbot.wait(300)
    assert "draft" in engine.models()
    window.settings["speculative/mode"] = "lookup"  # a mode without a draft model
    qtbot.waitUntil(lambda: "draft" not in engine.models(), timeout=20000)

    window.settings["speculative/mode"] = "draft"
    engine.ensure(ModelRequest(Role.DRAFT, str(small)))
    window.settings["models/draft"] = ""  # "None" chosen; the automatic pick is the same model: it stays
    qtbot.wait(300)
    assert "draft" in engine.models()
    other = make_tiny_model(tmp_path / "other", "llama", seed=3, num_hidden_layers=1)
    window.settings["models/draft"] = str(other)  # another draft chosen
    qtbot.waitUntil(lambda: "draft" not in engine.models(), timeout=20000)
