"""SigLIP's text tokenizer from its SentencePiece model (``spiece.model``), as transformers' SiglipTokenizer does it:
the text canonicalised (lower-cased unless ``do_lower_case`` is false, punctuation removed, whitespace collapsed),
encoded after a word-start marker, and the end token appended. Google's SigLIP folders ship no tokenizer.json.
``sentencepiece`` comes with mlx-lm."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path
from typing import NamedTuple

from engine.core import ModelLoadError

_UNDERLINE = "\u2581"  # SentencePiece's word-start marker
_PUNCTUATION = str.maketrans("", "", string.punctuation)


class Encoding(NamedTuple):
    ids: list[int]


class SiglipTokenizer:
    """``encode_batch(texts)`` -> encodings with ``.ids`` (the end token last), like a ``tokenizers.Tokenizer``."""

    def __init__(
        self, model_file: Path, lowercase: bool = True, eos: str = "</s>", unk: str = "<unk>"
    ) -> None:
        import sentencepiece as spm

        self.sp = spm.SentencePieceProcessor()
        try:
            self.sp.Load(str(model_file))
        except (OSError, RuntimeError) as exc:
            raise ModelLoadError(f"The SentencePiece model {model_file} could not be read ({exc}).") from exc
        self.lowercase = lowercase
        self.eos_id = self.sp.piece_to_id(eos)
        self.unk = unk
        self.specials = {eos, unk, "<pad>"}
        self._unk_length = len(self.sp.encode(unk))

    def canonical(self, text: str) -> str:
        if self.lowercase:
            text = text.lower()
        return re.sub(r"\s+", " ", text.translate(_PUNCTUATION)).strip()

    def encode(self, text: str) -> Encoding:
        # transformers: the word-start marker first, then each piece encoded after the unknown token (dropped
        # again), so SentencePiece adds no prefix of its own
        text = self.canonical(_UNDERLINE + text.replace(_UNDERLINE, " "))
        pieces = self.sp.encode(self.unk + text, out_type=str)
        pieces = pieces[self._unk_length :] if len(pieces) >= self._unk_length else pieces
        if len(pieces) > 1 and pieces[0] == _UNDERLINE and pieces[1] in self.specials:
            pieces = pieces[1:]
        ids = [self.sp.piece_to_id(p) for p in pieces]
        if not ids or ids[-1] != self.eos_id:
            ids.append(self.eos_id)
        return Encoding(ids)

    def encode_batch(self, texts) -> list[Encoding]:
        return [self.encode(t) for t in texts]


def load_siglip_tokenizer(folder: Path) -> SiglipTokenizer:
    lowercase = True
    config = folder / "tokenizer_config.json"
    if config.is_file():
        try:
            lowercase = bool(json.loads(config.read_text(encoding="utf-8")).get("do_lower_case", True))
        except (OSError, ValueError) as exc:
            raise ModelLoadError(f"{config} could not be read as JSON ({exc}).") from exc
    return SiglipTokenizer(folder / "spiece.model", lowercase=lowercase)
