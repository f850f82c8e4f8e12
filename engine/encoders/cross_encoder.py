"""Cross-encoder rerankers in MLX: BertForSequenceClassification (ms-marco-MiniLM style) and
XLMRobertaForSequenceClassification (bge-reranker style), loaded from Hugging Face folders.

Each (query, passage) pair is encoded as one sequence with token_type_ids; long passages are cut
("only_second") and reported by index. Pairs are scored in length buckets like the embedder.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from engine.core import ModelLoadError
from engine.encoders.bert import (
    Encoder,
    default_batch_tokens,
    length_batches,
    load_encoder,
    load_tokenizer,
    pad_batch,
    tokenizer_max_length,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class CrossEncoderScores:
    raw: tuple[float, ...]  # the relevance logit per passage, in input order
    sigmoid: tuple[float, ...]  # sigmoid(raw), in [0, 1]
    truncated: tuple[int, ...]  # indices of passages cut to fit max_length
    cancelled: bool = False  # when True nothing was scored and the tuples are empty


class CrossEncoder:
    """Scores passages against a query; methods do MLX work and must run on the engine thread."""

    def __init__(
        self,
        name: str,
        encoder: Encoder,
        tokenizer,
        head: tuple,
        head_kind: str,
        max_length: int,
        max_batch_tokens: int | None = None,
        max_batch_size: int = 32,
    ) -> None:
        self.name = name
        self.encoder = encoder
        self.tokenizer = tokenizer
        self.max_length = max_length
        self.max_batch_tokens = max_batch_tokens or default_batch_tokens()
        self.max_batch_size = max_batch_size
        self._head_weights = head
        self.head_kind = head_kind  # "bert" (pooler + classifier) or "roberta" (classifier.dense + out_proj)
        self._pairs = _copy_tokenizer(tokenizer)
        self._pairs.enable_truncation(max_length=max_length, strategy="only_second")
        self._longest = _copy_tokenizer(tokenizer)
        self._longest.enable_truncation(max_length=max_length, strategy="longest_first")

    def score(self, query: str, passages: list[str] | tuple[str, ...], cancel=None) -> CrossEncoderScores:
        import mlx.core as mx

        n = len(passages)
        if n == 0:
            return CrossEncoderScores((), (), ())
        try:
            encs = self._pairs.encode_batch([(query, p) for p in passages])
        except Exception:  # noqa: BLE001 - the query alone is too long for only_second: cut both
            log.info("rerank: query longer than %d tokens; truncating query and passages", self.max_length)
            encs = self._longest.encode_batch([(query, p) for p in passages])
        lengths = np.fromiter((len(e.ids) for e in encs), dtype=np.int64, count=n)
        truncated = tuple(i for i, e in enumerate(encs) if e.overflowing)
        raw = np.empty(n, np.float32)
        pad = self.encoder.cfg.pad_token_id
        for rows in length_batches(lengths, self.max_batch_tokens, self.max_batch_size):
            if cancel is not None and cancel.is_set():
                return CrossEncoderScores((), (), (), cancelled=True)
            ids, types, mask = pad_batch(encs, rows, lengths, pad)
            logits = self.encoder.run(
                _classify,
                mx.array(ids),
                mx.array(types),
                None if mask is None else mx.array(mask),
                self._head_weights,
            )
            raw[rows] = np.asarray(logits)
        sig = 1.0 / (1.0 + np.exp(-raw.astype(np.float64)))
        return CrossEncoderScores(tuple(float(x) for x in raw), tuple(float(x) for x in sig), truncated)


def _classify(hidden, mask, w1, b1, w2, b2):
    """Both heads: tanh(dense(first token)) -> linear. BERT's first dense is its pooler; XLM-R's is classifier.dense.

    With two labels the relevance logit is logit[1] - logit[0] (so its sigmoid is the softmax of label 1).
    """
    import mlx.core as mx

    x = mx.tanh(mx.addmm(b1, hidden[:, 0], w1.T))
    logits = mx.addmm(b2, x, w2.T)
    return logits[:, 0] if logits.shape[1] == 1 else logits[:, 1] - logits[:, 0]


def load_cross_encoder(
    path: str | Path, *, name: str | None = None, transform: str | None = None
) -> CrossEncoder:
    folder = Path(path).expanduser()
    if not folder.is_dir():
        raise ModelLoadError(
            f"The reranker model folder {folder} does not exist. Choose an existing model folder."
        )
    encoder, raw, rest = load_encoder(folder, transform)
    H = encoder.cfg.hidden_size
    if encoder.cfg.is_roberta:
        kind, names = "xlmr", ("classifier.dense", "classifier.out_proj")
    else:
        kind, names = "bert", ("pooler.dense", "classifier")
    head = []
    for nm in names:
        w, b = rest.get(nm + ".weight"), rest.get(nm + ".bias")
        if w is None or b is None:
            raise ModelLoadError(
                f"The model in {folder} has no '{nm}' weights, so it is not a sequence-classification "
                "(cross-encoder) model. Choose a reranker such as ms-marco-MiniLM or bge-reranker."
            )
        head += [w, b]
    labels = head[2].shape[0]
    if head[0].shape != (H, H) or head[2].shape[1] != H or labels not in (1, 2):
        raise ModelLoadError(
            f"The classifier in {folder} has {labels} labels or unexpected shapes; Alcove reranks with one-label "
            "(or two-label) cross-encoders."
        )
    tokenizer = load_tokenizer(folder)
    max_len = min(tokenizer_max_length(folder) or encoder.cfg.max_tokens, encoder.cfg.max_tokens)
    return CrossEncoder(name or folder.name, encoder, tokenizer, tuple(head), kind, max_len)


def _copy_tokenizer(tok):
    from tokenizers import Tokenizer

    return Tokenizer.from_str(tok.to_str())
