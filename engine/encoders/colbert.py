"""Late interaction (ColBERT) in MLX: a BERT trunk, a linear projection to per-token vectors, MaxSim scoring.

``load_late_encoder(path)`` reads a checkpoint in PyLate's on-disk format (a sentence-transformers folder whose
modules are a Transformer and PyLate's ``Dense``, with the ColBERT settings in config_sentence_transformers.json)
and does what PyLate's ``ColBERT.encode`` does: the text stripped and tokenized, cut to the query or document
length less one, the ``[Q]``/``[D]`` marker token inserted after ``[CLS]``; a query padded to its full length with
``[MASK]`` tokens (query expansion) that the other tokens do not attend to unless the model says so; every token's
state projected and L2-normalised; a document's padding and skiplist tokens (punctuation by default) dropped.
``maxsim`` scores a query against documents as ``colbert_scores`` does: for each query token its best document
token's similarity, summed.
"""

from __future__ import annotations

import logging
import string
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from engine.core import ModelLoadError
from engine.encoders.bert import (
    Encoder,
    default_batch_tokens,
    length_batches,
    load_encoder,
    load_safetensors,
    load_tokenizer,
)
from engine.models import read_json_file

log = logging.getLogger(__name__)

_DENSE_TYPES = ("Dense",)  # PyLate's Dense and sentence-transformers' Dense (identity activation only)


@dataclass(frozen=True)
class LateConfig:
    """The ColBERT settings PyLate saves (config_sentence_transformers.json), resolved to token ids."""

    query_prefix_id: int | None  # the [Q] marker inserted after [CLS]; None: no marker
    document_prefix_id: int | None
    query_length: int  # tokens of a query, marker and expansion included
    document_length: int  # at most this many tokens of a document, marker included
    do_query_expansion: bool  # pad queries to query_length with mask tokens, and keep them
    attend_to_expansion_tokens: bool
    skiplist_ids: frozenset[int]  # document tokens dropped (punctuation)
    expansion_id: int  # the mask token (PyLate pads with it)
    lowercase: bool = False  # sentence_bert_config.json's do_lower_case


@dataclass(frozen=True)
class LateResult:
    vectors: tuple[np.ndarray, ...]  # float32 [n_tokens_i, dim] per input, in input order, normalised
    cancelled: bool = False


@dataclass(frozen=True)
class _Row:
    ids: np.ndarray  # int32 token ids the model sees (marker and expansion included)
    attend: np.ndarray  # bool: the tokens the others attend to (the attention mask)
    keep: np.ndarray  # bool: the tokens whose vectors are returned


class LateEncoder:
    """Per-token vectors of queries and documents; the encode methods do MLX work (engine thread)."""

    def __init__(self, name: str, encoder: Encoder, tokenizer, cfg: LateConfig, projection: tuple,
                 max_batch_tokens: int | None = None, max_batch_size: int = 64) -> None:  # fmt: skip
        import mlx.core as mx

        self.name, self.encoder, self.cfg = name, encoder, cfg
        self.source = ""  # the folder it was loaded from (an index records it, to search with the same model)
        self.prune = True  # documents lose their skiplist tokens (PyLate's default); False keeps every token
        self.tokenizer = tokenizer
        self._cut = {}
        for kind, length in (("query", cfg.query_length), ("document", cfg.document_length)):
            marker = cfg.query_prefix_id if kind == "query" else cfg.document_prefix_id
            tok = _copy(tokenizer)
            tok.enable_truncation(max_length=length - (marker is not None))
            self._cut[kind] = tok
        weight, bias = projection
        self._w_t = mx.contiguous(weight.T)  # [hidden, dim]
        self._b = bias
        self.dim = int(weight.shape[0])
        self.max_batch_tokens = max_batch_tokens or default_batch_tokens()
        self.max_batch_size = max_batch_size
        self._skip = np.array(sorted(cfg.skiplist_ids), np.int64)

    # -- tokenizing (no MLX) ---------------------------------------------------------------------------
    def _rows(self, texts, kind: str, prune: bool) -> list[_Row]:
        cfg = self.cfg
        query = kind == "query"
        marker = cfg.query_prefix_id if query else cfg.document_prefix_id
        prepared = [t.strip().lower() if cfg.lowercase else t.strip() for t in texts]
        encs = self._cut[kind].encode_batch(prepared) if prepared else []
        rows = []
        for e in encs:
            ids = np.asarray(e.ids, np.int64)
            real = np.ones(len(ids), bool)
            if query and cfg.do_query_expansion:
                pad = cfg.query_length - (marker is not None) - len(ids)
                ids = np.concatenate([ids, np.full(pad, cfg.expansion_id, np.int64)])
                real = np.concatenate([real, np.full(pad, cfg.attend_to_expansion_tokens)])
            if marker is not None:
                ids = np.concatenate([ids[:1], [marker], ids[1:]])
                real = np.concatenate([real[:1], [True], real[1:]])
            if query:
                keep = np.ones(len(ids), bool) if cfg.do_query_expansion else real.copy()
            else:
                keep = real & ~np.isin(ids, self._skip) if prune else real.copy()
            rows.append(_Row(ids.astype(np.int32), real, keep))
        return rows

    def count_tokens(self, text: str, kind: str = "document", prune: bool | None = None) -> int:
        """Vectors ``text`` gets (after truncation, pruning and expansion)."""
        return int(self._rows([text], kind, self.prune if prune is None else prune)[0].keep.sum())

    # -- the model (engine thread) ----------------------------------------------------------------------
    def encode_queries(self, texts) -> LateResult:
        return self._encode(self._rows(list(texts), "query", prune=False), None)

    def encode_documents(self, texts, prune: bool | None = None, cancel=None) -> LateResult:
        """Each document's kept token vectors; ``prune``: drop skiplist tokens as PyLate does (None: ``self.prune``,
        True unless changed)."""
        return self._encode(
            self._rows(list(texts), "document", self.prune if prune is None else prune), cancel
        )

    def _encode(self, rows: list[_Row], cancel) -> LateResult:
        import mlx.core as mx

        out: list[np.ndarray | None] = [None] * len(rows)
        lengths = np.fromiter((len(r.ids) for r in rows), np.int64, len(rows))
        for batch in length_batches(lengths, self.max_batch_tokens, self.max_batch_size) if rows else []:
            if cancel is not None and cancel.is_set():
                return LateResult((), cancelled=True)
            L = int(lengths[batch].max())
            ids = np.zeros((len(batch), L), np.int32)
            attend = np.zeros((len(batch), L), bool)
            for r, i in enumerate(batch):
                ids[r, : lengths[i]] = rows[i].ids
                attend[r, : lengths[i]] = rows[i].attend
            mask = None if attend.all() else mx.array(attend)
            vecs = np.asarray(
                self.encoder.run(self._head, mx.array(ids), mx.zeros(ids.shape, mx.int32), mask)
            )
            for r, i in enumerate(batch):
                out[i] = vecs[r, : lengths[i]][rows[i].keep]
        return LateResult(tuple(v if v is not None else np.zeros((0, self.dim), np.float32) for v in out))

    def _head(self, hidden, mask):
        import mlx.core as mx

        v = hidden @ self._w_t
        if self._b is not None:
            v = v + self._b
        return v / mx.maximum(mx.sqrt((v * v).sum(axis=-1, keepdims=True)), 1e-12)


def maxsim(query: np.ndarray, documents) -> np.ndarray:
    """ColBERT scores of one query [q, dim] against each document [n_i, dim]: sum over query tokens of the best
    document token's dot product (an empty document scores 0)."""
    q = np.asarray(query, np.float32)
    return np.array(
        [float((q @ np.asarray(d, np.float32).T).max(axis=1).sum()) if len(d) else 0.0 for d in documents],
        np.float32,
    )


# -- loading ---------------------------------------------------------------------------------------------
def load_late_encoder(path: str | Path, *, name: str | None = None) -> LateEncoder:
    """Load a ColBERT checkpoint in PyLate's format (Transformer + Dense modules); ModelLoadError otherwise."""
    folder = Path(path).expanduser()
    if not folder.is_dir():
        raise ModelLoadError(f"The late-interaction model folder {folder} does not exist.")
    modules = read_json_file(folder / "modules.json")
    if not isinstance(modules, list):
        raise ModelLoadError(
            f"{folder} is not a ColBERT checkpoint in PyLate's format: it has no modules.json "
            "(a Transformer module followed by a Dense projection)."
        )
    trunk, dense = _modules(folder, modules)
    st = read_json_file(folder / "config_sentence_transformers.json") or {}
    if st.get("model_type", "ColBERT") != "ColBERT" and "query_prefix" not in st:
        raise ModelLoadError(
            f"{folder} is a sentence-transformers model of type '{st.get('model_type')}', not a ColBERT "
            "(late-interaction) checkpoint. Use it as the embedding model instead."
        )
    encoder, _, _ = load_encoder(trunk)
    tokenizer = load_tokenizer(trunk)
    projection = _projection(dense, encoder.cfg.hidden_size)
    cfg = _late_config(folder, trunk, st, tokenizer, encoder.cfg.max_tokens)
    name = name or (folder.name if folder.name not in ("model", "") else folder.parent.name)
    log.info("late encoder %s: dim=%d query_length=%d document_length=%d", name, int(projection[0].shape[0]),
             cfg.query_length, cfg.document_length)  # fmt: skip
    late = LateEncoder(name, encoder, tokenizer, cfg, projection)
    late.source = str(folder.resolve())
    return late


def _modules(folder: Path, modules: list) -> tuple[Path, Path]:
    kinds = [(str(m.get("type", "")).rsplit(".", 1)[-1], folder / m.get("path", "")) for m in
             sorted(modules, key=lambda m: m.get("idx", 0))]  # fmt: skip
    names = [k for k, _ in kinds]
    if len(kinds) != 2 or names[0] != "Transformer" or names[1] not in _DENSE_TYPES:
        raise ModelLoadError(
            f"The model in {folder} has the modules {names}; a ColBERT checkpoint Alcove can run has a Transformer "
            "followed by one Dense projection (PyLate's format). Stanford ColBERT folders without modules.json "
            "must be converted with PyLate first."
        )
    return kinds[0][1], kinds[1][1]


def _projection(dense: Path, hidden: int) -> tuple:
    cfg = read_json_file(dense / "config.json") or {}
    act = str(cfg.get("activation_function", "torch.nn.modules.linear.Identity")).rsplit(".", 1)[-1]
    if act != "Identity" or cfg.get("use_residual"):
        raise ModelLoadError(
            f"The projection in {dense} uses activation '{act}'{' with a residual' if cfg.get('use_residual') else ''}; "
            "Alcove supports ColBERT's plain linear projection only."
        )
    weights = load_safetensors(dense)
    w = weights.get("linear.weight")
    if w is None or w.ndim != 2 or int(w.shape[1]) != hidden:
        shape = None if w is None else tuple(w.shape)
        raise ModelLoadError(
            f"The projection in {dense} has linear.weight of shape {shape}; the encoder's hidden size is {hidden}. "
            "The projection and the encoder do not belong together."
        )
    b = weights.get("linear.bias")
    if b is not None and tuple(b.shape) != (int(w.shape[0]),):
        raise ModelLoadError(
            f"The projection in {dense} has a bias of shape {tuple(b.shape)}, not ({w.shape[0]},)."
        )
    return w, b


def _late_config(folder: Path, trunk: Path, st: dict, tokenizer, limit: int) -> LateConfig:
    tok_cfg = read_json_file(trunk / "tokenizer_config.json") or {}
    unk = _token_id(tokenizer, str(tok_cfg.get("unk_token") or "[UNK]"), None)

    def marker(key: str, default: str) -> int | None:
        text = st.get(key, default)
        if text == "":
            return None
        found = _token_id(tokenizer, text, None)
        if found is None:
            raise ModelLoadError(
                f"The {key.replace('_', ' ')} '{text}' of {folder} is not a token of its tokenizer. The checkpoint "
                "was not saved by PyLate (which adds the marker tokens), or its tokenizer.json is not its own."
            )
        return found

    mask_token = tok_cfg.get("mask_token") or "[MASK]"
    expansion = _token_id(tokenizer, str(mask_token), None)
    if expansion is None:
        raise ModelLoadError(
            f"The tokenizer of {folder} has no mask token ({mask_token}) for query expansion."
        )
    words = st.get("skiplist_words")
    words = list(string.punctuation) if words is None else words
    skip = {i for i in (_token_id(tokenizer, str(w), unk) for w in words) if i is not None}
    q_len, d_len = int(st.get("query_length") or 32), int(st.get("document_length") or 180)
    if q_len > limit or d_len > limit:
        log.info("late encoder: lengths %d/%d cut to the encoder's %d positions", q_len, d_len, limit)
    expand = bool(st.get("do_query_expansion", True))
    sb = (
        read_json_file(trunk / "sentence_bert_config.json")
        or read_json_file(folder / "sentence_bert_config.json")
        or {}
    )
    return LateConfig(
        query_prefix_id=marker("query_prefix", "[Q] "),
        document_prefix_id=marker("document_prefix", "[D] "),
        query_length=min(q_len, limit),
        document_length=min(d_len, limit),
        do_query_expansion=expand,
        attend_to_expansion_tokens=expand and bool(st.get("attend_to_expansion_tokens", False)),
        skiplist_ids=frozenset(skip),
        expansion_id=expansion,
        lowercase=bool(sb.get("do_lower_case", False)),
    )


def _token_id(tokenizer, token: str, default: int | None) -> int | None:
    """As transformers' ``convert_tokens_to_ids``: the vocabulary's (or an added token's) id, else ``default``."""
    found = tokenizer.token_to_id(token)
    return default if found is None else int(found)


def _copy(tok):
    from tokenizers import Tokenizer

    return Tokenizer.from_str(tok.to_str())
