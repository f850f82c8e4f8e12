"""Can model D draft for model T? Checked on the whole tokenizer, not on vocab size.

A draft proposes token ids that the target verifies, so both must give every token the same id (the whole
vocabulary, added tokens included) and agree on the special tokens (BOS, EOS, pad, unk and the EOS ids generation
stops on). Chat templates may differ: the target's template formats the prompt and the draft only sees the token ids
(a difference is a note). The result is a frozen value with one sentence per difference, so the user learns what
differs, never just "no". ``engine.speculative.tokenizer_identity`` compares GGUF files and folders from their files
alone, before anything loads (the pickers and the automatic pairing use it).
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.models import list_local_models, model_identity
from engine.speculative.tokenizer_identity import TokenizerUnreadable, compare, signature, weight_bytes

log = logging.getLogger(__name__)

_SAMPLE_CHATS: tuple[tuple[dict[str, str], ...], ...] = (
    (
        {"role": "system", "content": "You are concise."},
        {"role": "user", "content": "Name a colour."},
        {"role": "assistant", "content": "Blue."},
        {"role": "user", "content": "Another one, please."},
    ),
    ({"role": "user", "content": "Hello there!"},),
)
_SPECIALS = ("bos_token", "eos_token", "pad_token", "unk_token")
_LABELS = {
    "bos_token": "beginning-of-sequence token",
    "eos_token": "end-of-sequence token",
    "pad_token": "padding token",
    "unk_token": "unknown token",
    "eos_token_ids": "set of end-of-sequence ids generation stops on",
}


@dataclass(frozen=True)
class DraftCompatibility:
    target: str
    draft: str
    compatible: bool
    differences: tuple[str, ...] = ()  # each a complete sentence; empty when compatible
    notes: tuple[str, ...] = ()  # harmless differences (e.g. padded embedding rows)

    @property
    def explanation(self) -> str:
        if self.compatible:
            extra = (" " + " ".join(self.notes)) if self.notes else ""
            return f"{self.draft} can draft for {self.target}: identical tokenizer.{extra}"
        return (
            f"{self.draft} cannot draft for {self.target}: "
            + " ".join(self.differences)
            + " Pick a draft model "
            "from the same family that shares the target's tokenizer (alcove models list shows which can draft)."
        )


@dataclass(frozen=True)
class DraftPair:
    target: str  # model folder
    draft: str  # a smaller model folder with an identical tokenizer


def _hf(tok: Any) -> Any:
    """The transformers tokenizer inside an mlx-lm TokenizerWrapper (a transformers tokenizer is returned as is)."""
    from mlx_lm.tokenizer_utils import TokenizerWrapper

    return tok._tokenizer if isinstance(tok, TokenizerWrapper) else tok


def _examples(items: list[str], limit: int = 3) -> str:
    shown = ", ".join(repr(t) for t in items[:limit])
    return shown + (", ..." if len(items) > limit else "")


def _vocab_differences(tv: dict[str, int], dv: dict[str, int]) -> list[str]:
    out = []
    only_t = sorted(set(tv) - set(dv), key=lambda t: tv[t])
    only_d = sorted(set(dv) - set(tv), key=lambda t: dv[t])
    moved = sorted((t for t in set(tv) & set(dv) if tv[t] != dv[t]), key=lambda t: tv[t])
    if len(tv) != len(dv):
        out.append(f"The target's vocabulary has {len(tv)} tokens and the draft's has {len(dv)}.")
    if moved:
        t = moved[0]
        out.append(
            f"{len(moved)} tokens map to different ids (e.g. {t!r} is {tv[t]} in the target and {dv[t]} in the draft)."
        )
    if only_t:
        out.append(f"{len(only_t)} tokens exist only in the target ({_examples(only_t)}).")
    if only_d:
        out.append(f"{len(only_d)} tokens exist only in the draft ({_examples(only_d)}).")
    return out


def _special_map(tok: Any) -> dict[str, tuple[str | None, int | None]]:
    hf = _hf(tok)
    out = {}
    for name in _SPECIALS:
        text = getattr(hf, name, None)
        text = str(text) if text is not None else None
        ident = getattr(hf, name + "_id", None)
        out[name] = (text, ident)
    eos = getattr(tok, "eos_token_ids", None)
    if isinstance(eos, int):
        eos = [eos]
    out["eos_token_ids"] = (json.dumps(sorted(int(i) for i in eos)) if eos else None, None)
    return out


def _ids(value: Any) -> list[int]:
    if value is None:
        return []
    return sorted(int(i) for i in (value if isinstance(value, list | tuple) else [value]))


def _special_differences(tok_t: Any, tok_d: Any) -> list[str]:
    st, sd = _special_map(tok_t), _special_map(tok_d)
    out = []
    for name in (*_SPECIALS, "eos_token_ids"):
        if st[name] != sd[name]:
            label = _LABELS[name]
            out.append(f"The {label} differs (target {_fmt(st[name])}, draft {_fmt(sd[name])}).")
    return out


def _fmt(value: tuple[str | None, int | None]) -> str:
    text, ident = value
    if text is None:
        return "none"
    return f"{text!r} = {ident}" if ident is not None else text


def render_chats(tok: Any) -> tuple[str, ...]:
    """The tokenizer's chat template applied to fixed sample conversations (an error is rendered as its type)."""
    hf = _hf(tok)
    if not getattr(hf, "chat_template", None):
        return ("<no chat template>",)
    out = []
    for chat in _SAMPLE_CHATS:
        try:
            text = hf.apply_chat_template([dict(m) for m in chat], tokenize=False, add_generation_prompt=True)
        except Exception as exc:  # noqa: BLE001 - templates raise anything (e.g. "system role not supported")
            text = f"<template error {type(exc).__name__}>"
        out.append(str(text))
    return tuple(out)


def _template_differences(tok_t: Any, tok_d: Any) -> list[str]:
    rt, rd = render_chats(tok_t), render_chats(tok_d)
    if rt == rd:
        return []
    if rt == ("<no chat template>",) or rd == ("<no chat template>",):
        who = "target" if rd == ("<no chat template>",) else "draft"
        return [f"Only the {who} has a chat template."]
    for a, b in zip(rt, rd, strict=False):
        if a != b:
            i = next((j for j, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
            return [
                "The chat templates render conversations differently "
                f"(target {a[max(0, i - 10) : i + 20]!r} vs draft {b[max(0, i - 10) : i + 20]!r})."
            ]
    return ["The chat templates render conversations differently."]


def check_tokenizers(
    tok_t: Any,
    tok_d: Any,
    *,
    target: str = "the target",
    draft: str = "the draft",
    target_config: dict | None = None,
    draft_config: dict | None = None,
) -> DraftCompatibility:
    """Compare two tokenizers (mlx-lm TokenizerWrapper or transformers tokenizers)."""
    diffs = _vocab_differences(dict(_hf(tok_t).get_vocab()), dict(_hf(tok_d).get_vocab()))
    diffs += _special_differences(tok_t, tok_d)
    notes = [
        f"{d} The chat model's template formats the prompt; the draft only sees its token ids."
        for d in _template_differences(tok_t, tok_d)
    ]
    et, ed = _ids((target_config or {}).get("eos_token_id")), _ids((draft_config or {}).get("eos_token_id"))
    if target_config is not None and draft_config is not None and et != ed:
        diffs.append(
            f"The models stop on different end-of-sequence ids (target {et or 'none'}, draft {ed or 'none'})."
        )
    vt = (target_config or {}).get("vocab_size")
    vd = (draft_config or {}).get("vocab_size")
    if not diffs and vt and vd and vt != vd:
        notes.append(
            f"The output layers differ in padding ({vt} vs {vd} rows); ids beyond the vocabulary are unused."
        )
    return DraftCompatibility(target, draft, not diffs, tuple(diffs), tuple(notes))


def check_loaded(target: Any, draft: Any) -> DraftCompatibility:
    """Compare two loaded models (engine.models.loader.LoadedLM); the result is cached on the draft per target."""
    key = ("alcove.draft_compat", target.key)
    cached = draft.extra.get(key)
    if cached is None:
        cached = check_tokenizers(
            target.tokenizer,
            draft.tokenizer,
            target=target.info.name,
            draft=draft.info.name,
            target_config=target.config,
            draft_config=draft.config,
        )
        draft.extra[key] = cached
    return cached


def load_tokenizer(folder: Path) -> Any:
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(str(folder))


def check_folders(target_dir: str | Path, draft_dir: str | Path) -> DraftCompatibility:
    """Compare two model folders by their tokenizer files and config.json (no weights are loaded)."""
    t, d = Path(target_dir), Path(draft_dir)
    return check_tokenizers(
        load_tokenizer(t),
        load_tokenizer(d),
        target=t.name,
        draft=d.name,
        target_config=_read_json(t / "config.json"),
        draft_config=_read_json(d / "config.json"),
    )


def _read_json(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}


def tokenizer_fingerprint(tok: Any) -> str:
    """A hash of everything ``check_tokenizers`` compares: equal fingerprints mean compatible."""
    h = hashlib.sha256()
    h.update(json.dumps(sorted(dict(_hf(tok).get_vocab()).items())).encode())
    h.update(json.dumps(sorted(_special_map(tok).items())).encode())
    return h.hexdigest()


def _weight_bytes(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.glob("*.safetensors"))


def draft_candidates(
    folders: Iterable[str | Path], *, sizes: dict[str, int] | None = None
) -> list[DraftPair]:
    """Every (target, draft) pair among local model folders where the draft is smaller and fully compatible.

    Size is ``sizes[str(folder)]`` when given, else the folder's safetensors bytes. Folders whose tokenizer cannot be
    read are skipped (logged).
    """
    prints: list[tuple[Path, str, int]] = []
    for folder in folders:
        path = Path(folder)
        try:
            fp = tokenizer_fingerprint(load_tokenizer(path))
        except Exception as exc:  # noqa: BLE001 - an unreadable folder simply drafts for nothing
            log.info("draft candidates: skipping %s (%s)", path, exc)
            continue
        size = sizes.get(str(folder)) if sizes else None
        prints.append((path, fp, size if size is not None else _weight_bytes(path)))
    pairs = []
    for tpath, tfp, tsize in prints:
        for dpath, dfp, dsize in prints:
            if dpath != tpath and dfp == tfp and dsize < tsize:
                pairs.append(DraftPair(str(tpath), str(dpath)))
    return pairs


def drafts_for_models(models: Iterable[Any]) -> dict[str, list[str]]:
    """For ``alcove models list``: target name -> names of smaller local models that can draft for it.

    ``models`` are ``engine.models.catalog.LocalModel`` values (name, path, kind, size_bytes); only chat models count.
    """
    chat = [m for m in models if getattr(m, "kind", "chat") == "chat"]
    by_path = {str(Path(m.path)): m for m in chat}
    sizes = {str(Path(m.path)): int(getattr(m, "size_bytes", 0) or 0) for m in chat}
    table: dict[str, list[str]] = {}
    for pair in draft_candidates(by_path, sizes=sizes):
        table.setdefault(by_path[pair.target].name, []).append(by_path[pair.draft].name)
    return table


def _signature_or_none(location: Path):
    try:
        return signature(location)
    except (TokenizerUnreadable, OSError, ValueError) as exc:
        log.info("draft candidates: no tokenizer read from %s (%s)", location, exc)
        return None
    except Exception as exc:  # noqa: BLE001 - a damaged file (GGUFImportError and the like) drafts for nothing
        log.info("draft candidates: skipping %s (%s)", location, exc)
        return None


def check_locations(target: str | Path, draft: str | Path) -> DraftCompatibility:
    """Can the model at ``draft`` draft for the one at ``target``? GGUF files and folders, read from their files
    (tokens and merges, engine.speculative.tokenizer_identity); folders without tokenizer.json fall back to the
    transformers tokenizers (``check_folders``). Raises when a tokenizer cannot be read at all."""
    t, d = Path(target), Path(draft)
    st, sd = _signature_or_none(t), _signature_or_none(d)
    if st is None or sd is None:
        if t.is_dir() and d.is_dir():
            return check_folders(t, d)
        signature(t if st is None else d)  # raises with the reason
    assert st is not None and sd is not None
    res = compare(st, sd)
    return DraftCompatibility(t.name, d.name, res.compatible, res.differences, res.notes)


def best_draft(target_dir: str | Path, candidates: Iterable[str | Path]) -> str | None:
    """The smallest local model that can draft for ``target_dir`` (the same tokens and merges, fewer weight bytes,
    not the same weights under another path), or None. GGUF files and folders alike; reads tokenizers only."""
    target = Path(target_dir)
    sig = _signature_or_none(target)
    if sig is None:
        return None
    try:
        target_id = model_identity(target)
    except Exception as exc:  # noqa: BLE001 - a target that cannot be read gets no automatic draft
        log.info("no automatic draft for %s (%s)", target, exc)
        return None
    target_size = weight_bytes(target)
    best: tuple[int, str] | None = None
    for cand in candidates:
        path = Path(cand)
        if (
            not ((path / "config.json").is_file() or path.suffix.lower() == ".gguf")
            or path.resolve() == target.resolve()
        ):
            continue
        size = weight_bytes(path)
        if not size or size >= target_size or (best is not None and size >= best[0]):
            continue
        other = _signature_or_none(path)
        if other is None or other.identity != sig.identity:
            continue
        try:
            if model_identity(path) == target_id:
                continue
        except Exception as exc:  # noqa: BLE001 - an unreadable model drafts for nothing
            log.info("draft candidates: skipping %s (%s)", path, exc)
            continue
        best = (size, str(path))
    return best[1] if best else None


def local_draft_folders() -> list[str]:
    """Folders and GGUF files of the local chat models (downloads, imports, built-ins) that could be drafts."""
    return [m.path for m in list_local_models() if m.kind == "chat" and m.path and Path(m.path).exists()]
