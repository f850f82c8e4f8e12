"""Generative reranking with any loaded chat model (the Qwen3-Reranker recipe), usable without a cross-encoder.

Each (query, passage) pair becomes a yes/no relevance prompt; the score is the model's preference for "yes" over
"no" at the answer position: ``raw = logit(yes) - logit(no)`` and ``sigmoid(raw)`` = softmax over the two answers.
Case variants of the answers ("Yes"/"No") are pooled with logsumexp so small chat models that capitalise are read
correctly; for Qwen3-Reranker itself the variants add nothing.

The instruction and query come first, so all candidates share one prompt prefix: it is prefilled ONCE, and the
passages (with the short prompt suffix) are run in length-sorted mini-batches over copies of that prefix cache.
Only the answer position goes through the output head. Engine-thread only.
"""

from __future__ import annotations

import copy
import logging
import math
from dataclasses import dataclass

import mlx.core as mx

from engine.core import AlcoveError
from engine.generation import mlx_cache

log = logging.getLogger(__name__)

SYSTEM = (
    "Judge whether the Document meets the requirements based on the Query and the Instruct provided. "
    'Note that the answer can only be "yes" or "no".'
)
DEFAULT_INSTRUCTION = "Given a question, judge whether the document contains information that answers it"
_DOC_SLOT = "\x00ALCOVE_DOCUMENT\x00"
_YES, _NO = ("yes", "Yes", "YES"), ("no", "No", "NO")


class RerankError(AlcoveError):
    """A model cannot be used as a reranker (the message says why)."""


@dataclass(frozen=True)
class RelevanceScores:
    """The same shape as ``engine.encoders.cross_encoder.CrossEncoderScores``."""

    raw: tuple[float, ...]  # log-odds of "yes" over "no", per passage in input order
    sigmoid: tuple[float, ...]  # P(yes) with the two answers renormalised, in [0, 1]
    truncated: tuple[int, ...]  # indices of passages cut to fit max_passage_tokens
    cancelled: bool = False  # when True nothing was scored and the tuples are empty


def encode_text(tok, text: str) -> list[int]:
    """Token ids of template text (specials in it are parsed, none are added)."""
    hf = getattr(tok, "_tokenizer", tok)
    try:
        return list(hf.encode(text, add_special_tokens=False))
    except TypeError:
        return list(hf.encode(text))


def answer_ids(tok, words: tuple[str, ...]) -> list[int]:
    """Single-token spellings of an answer word; a vocabulary without any falls back to the first token of the
    first spelling (its probability bounds the word's from above, which is what one position can tell)."""
    ids = []
    for w in words:
        enc = encode_text(tok, w)
        if len(enc) == 1 and enc[0] not in ids:
            ids.append(enc[0])
    if not ids:
        enc = encode_text(tok, words[0])
        ids = enc[:1]
    return ids


class GenerativeReranker:
    """Scores passages for a query with a causal LM (a ``LoadedLM``)."""

    kind = "generative"

    def __init__(
        self,
        lm,
        *,
        instruction: str = DEFAULT_INSTRUCTION,
        max_passage_tokens: int = 320,
        max_batch_tokens: int = 2048,
        max_batch_size: int = 16,
    ) -> None:
        self.lm = lm
        self.instruction = instruction
        self.max_passage_tokens = max_passage_tokens
        self.max_batch_tokens = max_batch_tokens
        self.max_batch_size = max_batch_size
        tok = lm.tokenizer
        self.yes_ids = answer_ids(tok, _YES)
        self.no_ids = answer_ids(tok, _NO)
        if not self.yes_ids or not self.no_ids or set(self.yes_ids) & set(self.no_ids):
            raise RerankError(
                f"The model {lm.info.name} has no single-token 'yes'/'no' answers, so it cannot rerank. "
                "Use a cross-encoder or another chat model."
            )
        self._prefix_text, self._suffix_text = self._template()
        self._suffix_ids = encode_text(tok, self._suffix_text)

    @property
    def name(self) -> str:
        return self.lm.info.name

    def _template(self) -> tuple[str, str]:
        """The prompt as (text before the document, text after it), with the query still a format field."""
        tok = self.lm.tokenizer
        user = "<Instruct>: {instruction}\n<Query>: {query}\n<Document>:" + _DOC_SLOT
        messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]
        if getattr(tok, "chat_template", None):
            text = tok.apply_chat_template(messages, add_generation_prompt=True, tokenize=False)
        else:
            text = f"{SYSTEM}\n\n{user}\n\nAnswer (yes or no):"
        if "<think>" in getattr(tok, "vocab", {}) and "<think>" not in text.split(_DOC_SLOT)[1]:
            text += "<think>\n\n</think>\n\n"  # Qwen3 thinking models answer after an empty think block
        before, after = text.split(_DOC_SLOT)
        return before, after

    def prompt_ids(self, query: str, passage: str) -> tuple[list[int], list[int], bool]:
        """(shared prefix ids, passage + suffix ids, truncated) for one pair."""
        tok = self.lm.tokenizer
        prefix = encode_text(tok, self._prefix_text.format(instruction=self.instruction, query=query))
        doc = encode_text(tok, " " + passage.strip())
        cut = len(doc) > self.max_passage_tokens
        return prefix, doc[: self.max_passage_tokens] + self._suffix_ids, cut

    # -- scoring ---------------------------------------------------------------------------------------
    def score(self, query: str, passages, cancel=None) -> RelevanceScores:
        passages = list(passages)
        n = len(passages)
        if n == 0:
            return RelevanceScores((), (), ())
        tok = self.lm.tokenizer
        prefix = encode_text(tok, self._prefix_text.format(instruction=self.instruction, query=query))
        tails, truncated = [], []
        for i, p in enumerate(passages):
            doc = encode_text(tok, " " + str(p).strip())
            if len(doc) > self.max_passage_tokens:
                truncated.append(i)
                doc = doc[: self.max_passage_tokens]
            tails.append(doc + self._suffix_ids)
        model = self.lm.model
        fast = fast_head(self.lm, prefix[:8] or [0])
        base = mlx_cache().make_prompt_cache(model)
        model(mx.array(prefix)[None], cache=base)
        mx.eval([c.state for c in base])
        batchable = all(type(c) is mlx_cache().KVCache for c in base)
        raw = [0.0] * n
        order = sorted(range(n), key=lambda i: len(tails[i]))
        for rows in self._batches(order, tails, batchable):
            if cancel is not None and cancel.is_set():
                return RelevanceScores((), (), (), cancelled=True)
            cache = _replicate(base, len(rows)) if batchable else copy.deepcopy(base)
            width = max(len(tails[i]) for i in rows)
            pad = tails[rows[0]][
                -1
            ]  # padding sits after each row's last token: causal attention never sees it
            ids = mx.array([tails[i] + [pad] * (width - len(tails[i])) for i in rows])
            last = mx.array([len(tails[i]) - 1 for i in rows])
            logits = self._answer_logits(ids, cache, last, fast).astype(mx.float32)
            yes = mx.logsumexp(logits[:, : len(self.yes_ids)], axis=-1)
            no = mx.logsumexp(logits[:, len(self.yes_ids) :], axis=-1)
            for i, v in zip(rows, (yes - no).tolist(), strict=True):
                raw[i] = float(v)
        sig = tuple(1.0 / (1.0 + math.exp(-v)) if v > -700 else 0.0 for v in raw)
        return RelevanceScores(tuple(raw), sig, tuple(truncated))

    def _batches(self, order: list[int], tails: list[list[int]], batchable: bool):
        if not batchable:
            for i in order:
                yield [i]
            return
        rows: list[int] = []
        for i in order:  # sorted by length: the last row of a batch is its widest
            if rows and (
                len(rows) >= self.max_batch_size or (len(rows) + 1) * len(tails[i]) > self.max_batch_tokens
            ):
                yield rows
                rows = []
            rows.append(i)
        if rows:
            yield rows

    def _answer_logits(self, ids: mx.array, cache, last: mx.array, fast: bool) -> mx.array:
        """Logits of the answer tokens (yes variants, then no variants) at each row's position ``last``."""
        return logits_at(self.lm.model, ids, last, fast, cache)[:, mx.array(self.yes_ids + self.no_ids)]


def logits_at(model, ids: mx.array, last: mx.array, fast: bool, cache=None) -> mx.array:
    """The logits at each row's position ``last`` of ``ids``; with ``fast`` (``fast_head``) only those positions go
    through the vocabulary projection."""
    rows = mx.arange(ids.shape[0])
    if fast:
        return output_head(model)(model.model(ids, cache=cache)[rows, last])
    return model(ids, cache=cache)[rows, last]


def fast_head(lm, ids: list[int]) -> bool:
    """Whether ``lm``'s model may project only the positions read (``probe_fast_head`` on ``ids``), probed once and
    kept with the loaded model."""
    fast = lm.extra.get("fast_head")
    if fast is None:
        fast = lm.extra["fast_head"] = probe_fast_head(lm.model, ids)
    return fast


def output_head(model):
    head = getattr(model, "lm_head", None)
    if head is not None:
        return head
    return model.model.embed_tokens.as_linear


def probe_fast_head(model, ids: list[int]) -> bool:
    """True when ``head(model.model(x))`` reproduces ``model(x)`` (no softcapping or other extras): then only the
    answer position needs the vocabulary projection."""
    try:
        x = mx.array(ids)[None]
        full = model(x)[0, -1]
        fast = output_head(model)(model.model(x))[0, -1]
        ok = bool(mx.allclose(full, fast, rtol=1e-4, atol=1e-4).item())
    except Exception:  # noqa: BLE001 - an unusual architecture: use the full forward
        ok = False
    log.debug("generative rerank: fast head %s", "on" if ok else "off")
    return ok


def _replicate(base: list, batch: int) -> list:
    """Fresh KV caches holding ``batch`` copies of the prefix in ``base`` (which stays untouched)."""
    out = []
    for c in base:
        keys, values = c.keys[..., : c.offset, :], c.values[..., : c.offset, :]
        new = mlx_cache().KVCache()
        new.state = (mx.repeat(keys, batch, axis=0), mx.repeat(values, batch, axis=0), c.offset)
        out.append(new)
    return out
