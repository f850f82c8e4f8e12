"""Whole-tokenizer identity of two models read from their files, before anything loads: GGUF files and folders alike.

A draft proposes token ids that the target verifies, so both must give every id the same token and split text the
same way: the token list (id -> string, specials included) and, for BPE, the merge list must be identical. A GGUF
file carries them in its metadata (``tokenizer.ggml.tokens``, ``tokenizer.ggml.merges``), a folder in its
``tokenizer.json``; both spell byte-level BPE tokens with the GPT-2 byte alphabet and SentencePiece ones with
"▁", so the two can be compared without importing either. Trailing ``[PADn]`` rows that llama.cpp adds to fill the
embedding matrix (token type UNUSED; folders converted from GGUF keep them as plain vocabulary entries) are not
tokens and are dropped from both.

The chat template is NOT part of the identity: the target's template formats the prompt and the draft only ever
sees the resulting token ids, so a template difference (Qwen2.5-Coder 0.5B vs 1.5B: a different default system
prompt) changes nothing the draft is given. It is reported as a note. End-of-sequence ids that differ are a note too:
the target decides where a reply stops.

Reading a 151k-token GGUF's metadata takes about a second; signatures are cached by (path, size, mtime).
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path

from engine.models import read_gguf

log = logging.getLogger(__name__)

_PAD = re.compile(r"^\[PAD\d+\]$|^<\|?PAD_?\d*\|?>$")
_UNUSED = 5  # llama.cpp token type


class TokenizerUnreadable(Exception):
    """The location has no tokenizer this module can read without loading (the message says why)."""


@dataclass(frozen=True)
class TokenizerSignature:
    location: str
    source: str  # "gguf" or "tokenizer.json"
    kind: str  # "bpe", "sentencepiece", "wordpiece", ... (GGUF's tokenizer.ggml.model or tokenizer.json's model type)
    tokens: tuple[str, ...] = field(repr=False)
    merges_digest: str | None  # None: the tokenizer has no merge list (SentencePiece unigram, WordPiece)
    eos_ids: tuple[int, ...]
    chat_template: str | None = field(repr=False)

    @property
    def identity(self) -> str:
        """Equal for tokenizers that give every text the same ids (token list + merges)."""
        h = hashlib.sha256(self.kind.encode())
        h.update(json.dumps(self.tokens).encode())
        h.update((self.merges_digest or "").encode())
        return h.hexdigest()


@dataclass(frozen=True)
class Comparison:
    compatible: bool
    differences: tuple[str, ...]  # each a complete sentence
    notes: tuple[str, ...]


_CACHE: dict[tuple[str, int, int], TokenizerSignature] = {}
_LOCK = threading.Lock()


def signature(location: str | Path) -> TokenizerSignature:
    """The tokenizer of a GGUF file or a model folder (tokenizer.json), read without loading the model."""
    path = Path(location).expanduser()
    try:
        st = path.stat() if path.is_file() else (path / "tokenizer.json").stat()
    except OSError as exc:
        raise TokenizerUnreadable(f"{path} has no tokenizer.json or GGUF file to read.") from exc
    key = (str(path.resolve()), st.st_size, st.st_mtime_ns)
    with _LOCK:
        hit = _CACHE.get(key)
    if hit is not None:
        return hit
    sig = _from_gguf(path) if path.is_file() else _from_tokenizer_json(path)
    with _LOCK:
        _CACHE[key] = sig
    return sig


def _digest(merges) -> str | None:
    if not merges:
        return None
    h = hashlib.sha256()
    for m in merges:
        h.update((m if isinstance(m, str) else " ".join(m)).encode())
        h.update(b"\n")
    return h.hexdigest()


def _from_gguf(path: Path) -> TokenizerSignature:
    if path.suffix.lower() != ".gguf":
        raise TokenizerUnreadable(f"{path.name} is neither a GGUF file nor a model folder.")
    meta = read_gguf(path).metadata
    tokens = [str(t) for t in meta.get("tokenizer.ggml.tokens") or ()]
    if not tokens:
        raise TokenizerUnreadable(f"{path.name} holds no tokenizer (no tokenizer.ggml.tokens).")
    types = list(meta.get("tokenizer.ggml.token_type") or ())
    while tokens and _PAD.match(tokens[-1]) and (not types or int(types[len(tokens) - 1]) == _UNUSED):
        tokens.pop()
    model = str(meta.get("tokenizer.ggml.model", ""))
    kind = {"gpt2": "bpe", "llama": "sentencepiece", "bert": "wordpiece"}.get(model, model)
    eos = meta.get("tokenizer.ggml.eos_token_id")
    return TokenizerSignature(
        str(path), "gguf", kind, tuple(tokens), _digest(meta.get("tokenizer.ggml.merges")),
        () if eos is None else (int(eos),), meta.get("tokenizer.chat_template"),
    )  # fmt: skip


def _from_tokenizer_json(folder: Path) -> TokenizerSignature:
    try:
        data = json.loads((folder / "tokenizer.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise TokenizerUnreadable(f"{folder.name}/tokenizer.json cannot be read ({exc}).") from exc
    model = data.get("model") or {}
    vocab = model.get("vocab")
    by_id: dict[int, str] = {}
    if isinstance(vocab, dict):
        by_id = {int(i): str(t) for t, i in vocab.items()}
    elif isinstance(vocab, list):  # Unigram: [[piece, score], ...]
        by_id = {i: str(p[0]) for i, p in enumerate(vocab)}
    for added in data.get("added_tokens") or ():
        by_id[int(added["id"])] = str(added["content"])
    if not by_id:
        raise TokenizerUnreadable(f"{folder.name}/tokenizer.json has no vocabulary.")
    size = max(by_id) + 1
    while size > 1 and _PAD.match(
        by_id.get(size - 1, "")
    ):  # llama.cpp's padding rows, kept by some converters
        size -= 1
    tokens = tuple(by_id.get(i, f"\x00missing{i}") for i in range(size))
    mtype = str(model.get("type", "")).lower()
    byte_level = "ByteLevel" in json.dumps(data.get("pre_tokenizer") or data.get("decoder") or {})
    kind = {"bpe": "bpe" if byte_level else "sentencepiece", "unigram": "unigram", "wordpiece": "wordpiece"}
    cfg = _json(folder / "tokenizer_config.json")
    template = cfg.get("chat_template")
    if template is None and (folder / "chat_template.jinja").is_file():
        template = (folder / "chat_template.jinja").read_text(encoding="utf-8")
    eos = _json(folder / "generation_config.json").get(
        "eos_token_id", _json(folder / "config.json").get("eos_token_id")
    )
    eos_ids = tuple(sorted(int(i) for i in (eos if isinstance(eos, list) else [] if eos is None else [eos])))
    return TokenizerSignature(str(folder), "tokenizer.json", kind.get(mtype, mtype), tokens,
                              _digest(model.get("merges")), eos_ids, template)  # fmt: skip


def _json(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def compare(target: TokenizerSignature, draft: TokenizerSignature) -> Comparison:
    """Whether ``draft`` can draft for ``target``: one sentence per difference, notes for harmless ones."""
    diffs: list[str] = []
    notes: list[str] = []
    tt, dt = target.tokens, draft.tokens
    if target.kind != draft.kind:
        diffs.append(
            f"The target's tokenizer is {target.kind or 'unknown'} and the draft's {draft.kind or 'unknown'}."
        )
    if len(tt) != len(dt):
        diffs.append(f"The target's vocabulary has {len(tt)} tokens and the draft's has {len(dt)}.")
    moved = [i for i in range(min(len(tt), len(dt))) if tt[i] != dt[i]]
    if moved:
        i = moved[0]
        diffs.append(f"{len(moved)} ids stand for different tokens (e.g. id {i} is {tt[i]!r} in the target and "
                     f"{dt[i]!r} in the draft).")  # fmt: skip
    if not diffs and target.merges_digest != draft.merges_digest and target.kind == "bpe":
        diffs.append("The merge lists differ, so the same text would be split into different tokens.")
    if target.chat_template != draft.chat_template:
        notes.append("The chat templates differ; the chat model's template formats the prompt and the draft only "
                     "sees its token ids, so this does not matter.")  # fmt: skip
    if target.eos_ids and draft.eos_ids and target.eos_ids != draft.eos_ids:
        notes.append(f"The end-of-sequence ids differ (target {list(target.eos_ids)}, draft {list(draft.eos_ids)}); "
                     "the chat model decides where a reply ends.")  # fmt: skip
    return Comparison(not diffs, tuple(diffs), tuple(notes))


def weight_bytes(location: str | Path) -> int:
    """Bytes of weights: a GGUF file's size, or a folder's safetensors (0 when unreadable)."""
    path = Path(location)
    try:
        if path.is_file():
            return path.stat().st_size
        return sum(f.stat().st_size for f in path.glob("*.safetensors"))
    except OSError:
        return 0


def _file_digest(path: Path) -> str | None:
    try:
        with path.open("rb") as f:
            return hashlib.file_digest(f, "sha256").hexdigest()  # hashing big blocks releases the GIL
    except OSError:
        return None


def same_tokenizer(a: str | Path, b: str | Path) -> bool:
    """Whether two models' files hold the same tokenizer: byte-identical tokenizer.json files (hashed without
    holding the GIL for long), else the same token list and merges (``signature``). Unreadable: False."""
    pa, pb = Path(a), Path(b)
    ta, tb = pa / "tokenizer.json", pb / "tokenizer.json"
    if ta.is_file() and tb.is_file():
        da = _file_digest(ta)
        if da is not None and da == _file_digest(tb):
            return True
    try:
        return signature(pa).identity == signature(pb).identity
    except Exception as exc:  # noqa: BLE001 - unreadable or damaged: not known to be the same
        log.info("same_tokenizer(%s, %s): %s", pa, pb, exc)
        return False
