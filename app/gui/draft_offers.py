"""Which local models the draft picker offers for the chosen chat model, decided from files before anything loads.

A draft is offered only when it can draft: a smaller chat model (a folder or a GGUF file, built-ins included) whose
token list and merges equal the chat model's (``engine.speculative.check_locations``; chat templates may differ).
A Gemma 4 assistant (multi-token prediction) is offered only for a Gemma 4 chat model, a DFlash drafter only for a
chat model of the shape it was trained on (hidden size, vocabulary, layers). Everything else is listed in
``refused`` with the reason, for the note under the picker. Reads files only (no MLX): run it on a worker thread.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

from app.gui.model_catalog import DraftCheck, PickerModel
from app.gui.model_identity import content_identity
from engine.models import list_local_models

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class DraftOffers:
    checks: dict[
        str, DraftCheck
    ]  # spec -> compatible True (offered), False (refused, with reason), None (unknown)
    auto: str  # the smallest compatible local draft ("" when none)
    chat_is_gemma4: bool  # the chat model can use a Gemma 4 assistant (multi-token prediction)
    assistants: tuple[str, ...]  # specs of the local Gemma 4 assistants (offered only when chat_is_gemma4)

    def offered(self, spec: str) -> bool:
        """Only a model known to draft is offered: one whose tokenizer cannot be read before it loads is not (a
        wrong guess costs a long load, memory and an error, as gemma3-270m offered for SmolLM2 did)."""
        check = self.checks.get(spec)
        return check is not None and check.compatible is True

    @property
    def refused(self) -> list[DraftCheck]:
        return [c for c in self.checks.values() if c.compatible is not True]

    @property
    def can_draft(self) -> list[str]:
        return [s for s, c in self.checks.items() if c.compatible]


def model_location(
    spec: str, model: PickerModel | None = None, local: dict[str, str] | None = None
) -> str | None:
    """The folder or file holding a spec's weights (the built-in models' GGUF files included). ``local``: name ->
    path of the local models, when the caller has listed them already."""
    if model is not None and model.folder:
        return model.folder
    local = local if local is not None else local_paths()
    if spec in local:
        return local[spec]
    path = Path(spec).expanduser()
    return str(path) if path.exists() else None


def local_paths() -> dict[str, str]:
    return {m.name: m.path for m in list_local_models() if m.path}


def _config(location: str | None) -> dict:
    if not location or not Path(location).is_dir():
        return {}
    try:
        data = json.loads((Path(location) / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _is_gemma4(config: dict) -> bool:
    types = {str(config.get("model_type", ""))} | {
        str((config.get("text_config") or {}).get("model_type", ""))
    }
    return any(t.startswith("gemma4") and t != "gemma4_assistant" for t in types)


def _dflash_fit(chat: dict, drafter: dict) -> tuple[bool | None, str]:
    """Whether a DFlash drafter's config names the chat model's shape (the engine checks the loaded pair again)."""
    if not chat:
        return None, "the chat model's config cannot be read before it is loaded once"
    text = chat.get("text_config") if isinstance(chat.get("text_config"), dict) else chat
    want = (drafter.get("hidden_size"), drafter.get("vocab_size"), drafter.get("num_target_layers"))
    if want == (text.get("hidden_size"), text.get("vocab_size"), text.get("num_hidden_layers")):
        return True, "a DFlash drafter made for this chat model"
    return False, "a DFlash drafter for another model (hidden size, vocabulary or layers differ)"


def draft_offers(catalog: list[PickerModel], chat_spec: str) -> DraftOffers:
    """Every draft candidate's verdict for ``chat_spec`` and the automatic pick."""
    from engine.speculative import check_locations, is_dflash_config, is_gemma4_assistant_config, weight_bytes

    chat = next((m for m in catalog if m.spec == chat_spec), None)
    local = local_paths()
    chat_loc = model_location(chat_spec, chat, local)
    chat_gemma4 = _is_gemma4(_config(chat_loc))
    chat_id = content_identity(chat_loc)
    chat_size = weight_bytes(chat_loc) if chat_loc else 0
    checks: dict[str, DraftCheck] = {}
    assistants: list[str] = []
    best: tuple[int, str] | None = None
    for m in catalog:
        if m.kind not in ("chat", "gguf", "unknown") or m.spec in checks:
            continue
        loc = model_location(m.spec, m, local)
        if m.spec == chat_spec or (loc and chat_loc and Path(loc).resolve() == Path(chat_loc).resolve()):
            checks[m.spec] = DraftCheck(m.spec, False, "it is the chat model itself")
            continue
        if is_gemma4_assistant_config(_config(loc)):
            assistants.append(m.spec)
            ok = chat_gemma4
            checks[m.spec] = DraftCheck(
                m.spec, ok, "a Gemma 4 assistant" if ok else "it drafts only for Gemma 4"
            )
            continue
        if is_dflash_config(config := _config(loc)):
            checks[m.spec] = DraftCheck(m.spec, *_dflash_fit(_config(chat_loc), config))
            continue
        if chat_loc is None or loc is None:
            what = "the chat model's" if chat_loc is None else "its"
            checks[m.spec] = DraftCheck(
                m.spec, None, f"{what} tokenizer cannot be read before it is loaded once"
            )
            continue
        try:
            res = check_locations(chat_loc, loc)
        except Exception as exc:  # noqa: BLE001 - an unreadable tokenizer: told when it loads
            log.info("draft check %s -> %s: %s", m.spec, chat_spec, exc)
            checks[m.spec] = DraftCheck(m.spec, None, f"its tokenizer cannot be read ({exc})")
            continue
        size = weight_bytes(loc)
        if not res.compatible:
            why = res.differences[0].rstrip(".") if res.differences else "a different tokenizer"
            checks[m.spec] = DraftCheck(m.spec, False, f"a different tokenizer: {why}")
        elif chat_id is not None and content_identity(loc) == chat_id:
            checks[m.spec] = DraftCheck(m.spec, False, "the same weights as the chat model")
        elif chat_size and size >= chat_size:
            checks[m.spec] = DraftCheck(
                m.spec, False, "not smaller than the chat model, so it cannot speed it up"
            )
        else:
            checks[m.spec] = DraftCheck(m.spec, True, "the same tokenizer")
            if best is None or size < best[0]:
                best = (size, m.spec)
    return DraftOffers(checks, best[1] if best else "", chat_gemma4, tuple(assistants))


def draft_note(mode: str, draft_label: str, chosen: bool, *, chat_label: str = "the chat model",
               offers: DraftOffers | None = None) -> str:  # fmt: skip
    """What the draft picker (the row above this note) does under the speculative mode chosen in Generation."""
    if mode == "off":
        return "Speculative decoding is off (Generation › Speculative decoding); no draft model is loaded."
    if mode == "lookup":
        return "Speculative decoding uses prompt lookup, which needs no draft model; none is loaded."
    usable = offers.can_draft if offers is not None else []
    if mode == "dflash":
        if not chosen:
            return "No DFlash drafter is chosen above, so replies use plain decoding."
        return f"DFlash: {draft_label} proposes a block of tokens from the chat model's own hidden states."
    if mode == "mtp":
        if offers is not None and not offers.chat_is_gemma4:
            return (f"Gemma 4 assistant (MTP) drafts only for Gemma 4 models; {chat_label} has no such assistant, "
                    "so replies use plain decoding. Choose Prompt lookup or Automatic in Generation.")  # fmt: skip
        if not chosen:
            return "No Gemma 4 assistant is chosen above, so replies use plain decoding."
        return (
            f"Gemma 4 assistant (MTP): {draft_label} proposes tokens from the chat model's own hidden states."
        )
    if not chosen:
        if mode == "auto":
            return "Automatic: prompt lookup now; choose a draft model above to let it draft with one when that pays."
        if offers is not None and not usable:
            return (f"Draft model mode is on, but no local model can draft for {chat_label} (a draft is a smaller "
                    "model with the same tokenizer), so replies use plain decoding.")  # fmt: skip
        return ("Draft model mode is on but no draft model is chosen, so replies use plain decoding. Choose one "
                "above: it lists only the models that can draft for this chat model.")  # fmt: skip
    lead = "Draft model mode" if mode == "draft" else "Automatic"
    return (f"{lead}: {draft_label} proposes tokens for the chat model to verify; it is loaded beside the chat "
            "model and uses memory of its own. Only models with the chat model's tokenizer are offered.")  # fmt: skip
