"""Rebuild a Hugging Face ``tokenizer.json`` (and its config) from the vocabulary a GGUF file carries.

Two tokenizer models occur in practice:
- ``gpt2``: byte-level BPE with explicit merges (SmolLM2, Llama 3, Qwen...). The pre-tokenizer split depends on
  ``tokenizer.ggml.pre``, as in llama.cpp.
- ``llama``: SentencePiece-style BPE with byte fallback (Llama 2, Mistral, Gemma). The file usually has no merges;
  they are derived from the vocabulary, ranked by token score (Gemma: by file order).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import GGUFImportError

# llama.cpp token types
_CONTROL, _USER_DEFINED = 3, 4

_GPT2_SPLIT = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
_LLAMA3_SPLIT = (
    r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}"
    r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"
)
_QWEN2_SPLIT = (
    r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}"
    r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"
)
_TEKKEN_SPLIT = (  # Mistral's Tekken (Mistral Nemo, Small 3, Pixtral): llama.cpp's LLAMA_VOCAB_PRE_TYPE_TEKKEN
    r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+"
    r"|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*"
    r"|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+"
)
# tokenizer.ggml.pre -> (split regex, digits one by one first, ignore_merges); None regex = GPT-2's own
_BPE_PRE: dict[str, tuple[str | None, bool, bool]] = {
    "default": (None, False, False),
    "gpt-2": (None, False, False),
    "gpt2": (None, False, False),
    "smollm": (None, True, False),
    "starcoder": (None, True, False),
    "refact": (None, True, False),
    "llama3": (_LLAMA3_SPLIT, False, True),
    "llama-v3": (_LLAMA3_SPLIT, False, True),
    "llama-bpe": (_LLAMA3_SPLIT, False, True),
    "smaug-bpe": (_LLAMA3_SPLIT, False, False),
    "falcon3": (_LLAMA3_SPLIT, False, False),
    "qwen2": (_QWEN2_SPLIT, False, False),
    "tekken": (_TEKKEN_SPLIT, False, False),
    "deepseek-r1-qwen": (_QWEN2_SPLIT, False, False),
}
_GEMMA_ARCHS = {"gemma", "gemma2", "gemma3"}


@dataclass(frozen=True)
class TokenizerFiles:
    tokenizer_json: str
    tokenizer_config: dict[str, Any]
    special_tokens_map: dict[str, str]
    bos_token_id: int | None
    eos_token_ids: tuple[int, ...]
    pad_token_id: int | None


def build_tokenizer(metadata: dict[str, Any], architecture: str) -> TokenizerFiles:
    """``tokenizer.json`` text plus the matching ``tokenizer_config.json`` contents."""
    model_type = metadata.get("tokenizer.ggml.model")
    tokens: list[str] | None = metadata.get("tokenizer.ggml.tokens")
    if not tokens:
        raise GGUFImportError(
            "This GGUF file has no vocabulary (tokenizer.ggml.tokens), so it cannot be used."
        )
    token_types = metadata.get("tokenizer.ggml.token_type") or [1] * len(tokens)
    if model_type == "gpt2":
        spec = _byte_level_bpe(metadata, tokens)
        add_bos_default = False
    elif model_type == "llama":
        spec = _sentencepiece_bpe(
            metadata, tokens, gemma=architecture in _GEMMA_ARCHS, prepend=architecture == "phi3"
        )
        add_bos_default = True
    else:
        raise GGUFImportError(
            f"This GGUF file uses a {model_type!r} tokenizer; Alcove can import 'gpt2' (byte-level BPE) and "
            "'llama' (SentencePiece) tokenizers."
        )

    def token_at(key: str) -> tuple[int | None, str | None]:
        index = metadata.get(f"tokenizer.ggml.{key}")
        if index is None or not 0 <= int(index) < len(tokens):
            return None, None
        return int(index), tokens[int(index)]

    bos_id, bos = token_at("bos_token_id")
    eos_id, eos = token_at("eos_token_id")
    _, unk = token_at("unknown_token_id")
    pad_id, pad = token_at("padding_token_id")
    add_bos = bool(metadata.get("tokenizer.ggml.add_bos_token", add_bos_default)) and bos is not None
    add_eos = bool(metadata.get("tokenizer.ggml.add_eos_token", False)) and eos is not None

    spelled = spec["spelled"]
    # Control tokens are special; user-defined ones (e.g. <think>) are plain added tokens. Both are matched whole
    # in raw text, as llama.cpp does. A control token written outside the byte alphabet is a llama.cpp mislabel.
    added = [
        {
            "id": index,
            "content": token,
            "single_word": False,
            "lstrip": False,
            "rstrip": False,
            "normalized": False,
            "special": kind == _CONTROL,
        }
        for index, (token, kind) in enumerate(zip(tokens, token_types))
        if (kind == _CONTROL and (spelled is None or set(token) <= spelled))
        or (kind == _USER_DEFINED and token in spec["vocab"])
    ]
    single = ([{"SpecialToken": {"id": bos, "type_id": 0}}] if add_bos else []) + [
        {"Sequence": {"id": "A", "type_id": 0}}
    ]
    single += [{"SpecialToken": {"id": eos, "type_id": 0}}] if add_eos else []
    pair = single + ([{"SpecialToken": {"id": bos, "type_id": 1}}] if add_bos else [])
    pair += [{"Sequence": {"id": "B", "type_id": 1}}]
    pair += [{"SpecialToken": {"id": eos, "type_id": 1}}] if add_eos else []
    specials = {}
    if add_bos:
        specials[bos] = {"id": bos, "ids": [bos_id], "tokens": [bos]}
    if add_eos:
        specials[eos] = {"id": eos, "ids": [eos_id], "tokens": [eos]}
    post_processor = {
        "type": "TemplateProcessing",
        "single": single,
        "pair": pair,
        "special_tokens": specials,
    }
    if spec["byte_level"]:
        post_processor = {
            "type": "Sequence",
            "processors": [
                {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False, "use_regex": False},
                post_processor,
            ],
        }
    document = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": spec["normalizer"],
        "pre_tokenizer": spec["pre_tokenizer"],
        "post_processor": post_processor,
        "decoder": spec["decoder"],
        "model": spec["model"],
    }
    text = json.dumps(document, ensure_ascii=False)

    eos_ids = _end_of_generation_ids(metadata, tokens, eos_id)
    special_map = {
        name: value
        for name, value in (("bos_token", bos), ("eos_token", eos), ("unk_token", unk), ("pad_token", pad))
        if value is not None
    }
    config: dict[str, Any] = {
        "tokenizer_class": "PreTrainedTokenizerFast",
        "add_bos_token": add_bos,
        "add_eos_token": add_eos,
        "clean_up_tokenization_spaces": False,
        "model_max_length": int(metadata.get(f"{architecture}.context_length", 0)) or 131072,
        **special_map,
    }
    template = metadata.get("tokenizer.chat_template")
    if template:
        config["chat_template"] = template
    return TokenizerFiles(
        tokenizer_json=text,
        tokenizer_config=config,
        special_tokens_map=special_map,
        bos_token_id=bos_id,
        eos_token_ids=eos_ids,
        pad_token_id=pad_id,
    )


def _end_of_generation_ids(
    metadata: dict[str, Any], tokens: Sequence[str], eos_id: int | None
) -> tuple[int, ...]:
    """EOS plus the end-of-turn tokens llama.cpp also stops on."""
    ids = [eos_id] if eos_id is not None else []
    for key in ("eot_token_id", "eom_token_id"):
        value = metadata.get(f"tokenizer.ggml.{key}")
        if value is not None:
            ids.append(int(value))
    for text in ("<end_of_turn>", "<|eot_id|>", "<|im_end|>", "<|end|>"):
        if text in tokens:
            ids.append(tokens.index(text))
    return tuple(dict.fromkeys(ids))


def _bytes_to_unicode() -> dict[int, str]:
    """GPT-2's reversible byte -> printable character table."""
    printable = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1))
    printable += list(range(ord("®"), ord("ÿ") + 1))
    chars = list(printable)
    extra = 0
    for byte in range(256):
        if byte not in printable:
            printable.append(byte)
            chars.append(256 + extra)
            extra += 1
    return {byte: chr(char) for byte, char in zip(printable, chars)}


def _byte_level_bpe(metadata: dict[str, Any], tokens: list[str]) -> dict[str, Any]:
    spelling = _bytes_to_unicode()
    alphabet = set(spelling.values())
    vocab: dict[str, int] = {}
    for index, token in enumerate(tokens):
        if not set(token) <= alphabet:
            token = "".join(spelling[b] for b in token.encode("utf-8"))
        vocab.setdefault(token, index)
    merges = [merge.split(" ") for merge in metadata.get("tokenizer.ggml.merges") or []]
    if any(len(pair) != 2 for pair in merges):
        raise GGUFImportError("This GGUF file's BPE merges are malformed (a merge is not two tokens).")
    pre = metadata.get("tokenizer.ggml.pre", "default")
    split, digits, ignore_merges = _BPE_PRE.get(pre, (None, False, False))
    if split is None:
        steps = [{"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}]
    else:
        steps = [
            {"type": "Split", "pattern": {"Regex": split}, "behavior": "Isolated", "invert": False},
            {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False},
        ]
    if digits:
        steps.insert(0, {"type": "Digits", "individual_digits": True})
    return {
        "byte_level": True,
        "spelled": alphabet,
        "vocab": vocab,
        "normalizer": None,
        "pre_tokenizer": steps[0] if len(steps) == 1 else {"type": "Sequence", "pretokenizers": steps},
        "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
        "model": {
            "type": "BPE",
            "dropout": None,
            "unk_token": None,
            "continuing_subword_prefix": "",
            "end_of_word_suffix": "",
            "fuse_unk": False,
            "byte_fallback": False,
            "ignore_merges": ignore_merges,
            "vocab": vocab,
            "merges": merges,
        },
    }


def _sentencepiece_bpe(
    metadata: dict[str, Any], tokens: list[str], *, gemma: bool, prepend: bool = False
) -> dict[str, Any]:
    """``prepend``: Phi-3's form (its own tokenizer.json): the prefix "▁" and the space replacement are a
    normalizer and there is no pre-tokenizer, so a text that starts with spaces keeps one "▁" more than with
    ``Metaspace`` (what Llama/Mistral files get, as transformers' GGUF conversion does)."""
    if gemma:
        # Gemma files store whitespace-only tokens as real spaces; the model's vocabulary spells them "▁".
        tokens = ["▁" * len(t) if " " in t and not t.strip() else t for t in tokens]
    vocab: dict[str, int] = {}
    for index, token in enumerate(tokens):
        vocab.setdefault(token, index)
    if metadata.get("tokenizer.ggml.merges"):
        merges = [merge.split(" ") for merge in metadata["tokenizer.ggml.merges"]]
    else:
        # Gemma's scores do not follow its merge order; its file order does.
        ranks = (
            [-i for i in range(len(tokens))] if gemma else list(metadata.get("tokenizer.ggml.scores") or [])
        )
        if len(ranks) != len(tokens):
            raise GGUFImportError(
                "This GGUF file's SentencePiece vocabulary has no scores to rank merges by."
            )
        merges = _merges_from_vocab(tokens, vocab, ranks)
    unk_index = metadata.get("tokenizer.ggml.unknown_token_id")
    unk = tokens[int(unk_index)] if unk_index is not None and 0 <= int(unk_index) < len(tokens) else None
    decoder_steps: list[dict[str, Any]] = [
        {"type": "Replace", "pattern": {"String": "▁"}, "content": " "},
        {"type": "ByteFallback"},
        {"type": "Fuse"},
    ]
    if gemma:
        normalizer = {"type": "Replace", "pattern": {"String": " "}, "content": "▁"}
        pre_tokenizer = {
            "type": "Split",
            "pattern": {"String": " "},
            "behavior": "MergedWithPrevious",
            "invert": False,
        }
    elif prepend:
        normalizer = {
            "type": "Sequence",
            "normalizers": [
                {"type": "Prepend", "prepend": "▁"},
                {"type": "Replace", "pattern": {"String": " "}, "content": "▁"},
            ],
        }
        pre_tokenizer = None
        decoder_steps.append({"type": "Strip", "content": " ", "start": 1, "stop": 0})
    else:
        prefix = bool(metadata.get("tokenizer.ggml.add_space_prefix", True))
        normalizer = None
        pre_tokenizer = {
            "type": "Metaspace",
            "replacement": "▁",
            "prepend_scheme": "first" if prefix else "never",
            "split": False,
        }
        if prefix:
            decoder_steps.append({"type": "Strip", "content": " ", "start": 1, "stop": 0})
    return {
        "byte_level": False,
        "spelled": None,
        "vocab": vocab,
        "normalizer": normalizer,
        "pre_tokenizer": pre_tokenizer,
        "decoder": {"type": "Sequence", "decoders": decoder_steps},
        "model": {
            "type": "BPE",
            "dropout": None,
            "unk_token": unk,
            "continuing_subword_prefix": None,
            "end_of_word_suffix": None,
            "fuse_unk": True,
            "byte_fallback": True,
            "ignore_merges": False,
            "vocab": vocab,
            "merges": merges,
        },
    }


def _merges_from_vocab(tokens: list[str], vocab: dict[str, int], ranks: Sequence[float]) -> list[list[str]]:
    """Every split of a token into two vocabulary tokens is a merge; better-ranked tokens merge first.

    Ties keep a fixed order (longer left piece first, then longer right piece, then token and vocabulary order)
    so the result is deterministic and matches the SentencePiece extractors of ``tokenizers``/``transformers``.
    """
    import numpy as np

    lefts: list[str] = []
    rights: list[str] = []
    token_ranks: list[float] = []
    lookup = vocab.get
    for token, rank in zip(tokens, ranks):
        if len(token) < 2:
            continue
        local = [
            (lookup(token[:cut]), lookup(token[cut:]), cut)
            for cut in range(1, len(token))
            if token[:cut] in vocab and token[cut:] in vocab
        ]
        if len(local) > 1:
            local.sort()
        for _, _, cut in local:
            lefts.append(token[:cut])
            rights.append(token[cut:])
            token_ranks.append(rank)
    left_len = np.fromiter(map(len, lefts), dtype=np.int64, count=len(lefts))
    right_len = np.fromiter(map(len, rights), dtype=np.int64, count=len(rights))
    # np.lexsort is stable; the last key is the primary one
    order = np.lexsort((-right_len, -left_len, -np.asarray(token_ranks, dtype=np.float64)))
    return [[lefts[i], rights[i]] for i in order.tolist()]
