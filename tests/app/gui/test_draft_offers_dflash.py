"""Settings › Models offers a DFlash drafter only for the chat model whose shape it was trained on (from files, before
anything loads), and the note under the picker says what the DFlash mode does."""

from __future__ import annotations

from app.gui.draft_offers import draft_note, draft_offers
from app.gui.model_catalog import PickerModel
from tests.engine.speculative.dflash_fixtures import build_drafter, build_target


def test_a_dflash_drafter_is_offered_only_for_its_target(tmp_path):
    target = build_target(tmp_path / "target")
    mine = build_drafter(tmp_path / "mine")
    other = build_drafter(tmp_path / "other", num_target_layers=6)
    catalog = [PickerModel(str(p), p.name, "chat", str(p)) for p in (target, mine, other)]
    offers = draft_offers(catalog, str(target))
    assert offers.offered(str(mine)) and not offers.offered(str(other))
    assert "another model" in offers.checks[str(other)].reason
    gguf_chat = draft_offers(catalog + [PickerModel("x.gguf", "x", "gguf", None)], "x.gguf")
    assert gguf_chat.checks[str(mine)].compatible is None  # decided when it loads


def test_the_dflash_note():
    assert "plain decoding" in draft_note("dflash", "", False)
    assert "block of tokens" in draft_note("dflash", "Qwen3-8B-DFlash", True)
