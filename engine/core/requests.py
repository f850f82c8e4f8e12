"""What callers ask the engine for: frozen, plain-valued requests (the engine never reads settings)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.core.params import SamplingParams


def new_request_id() -> str:
    return uuid.uuid4().hex[:12]


@dataclass(frozen=True)
class SpeculativeParams:
    mode: str = "off"  # off | lookup | draft | mtp | auto
    num_draft: int = 4  # maximum proposal length
    ngram_min: int = 2
    ngram_max: int = 4
    adaptive: bool = True  # governor: adapt width to acceptance, gate when slower than plain


@dataclass(frozen=True)
class GenerateRequest:
    prompt: str | None = None  # raw text (no chat template)
    messages: tuple[dict[str, str], ...] | None = None  # chat turns; the model's chat template is applied
    prompt_ids: tuple[int, ...] | None = None
    max_tokens: int = 256
    sampling: SamplingParams = field(default_factory=SamplingParams)
    stop: tuple[str, ...] = ()
    speculative: SpeculativeParams = field(default_factory=SpeculativeParams)
    use_prompt_cache: bool = True
    add_generation_prompt: bool = True
    prefill_chunk: int = 512
    diffusion: dict[str, Any] | None = None  # overrides of a diffusion model's generation config
    role: str = "chat"
    request_id: str = field(default_factory=new_request_id)


# -- the engine's use cases: one frozen request per method of ``Engine`` ------------------------------------------
# Modes are StrEnums: a request built with a string that is not a mode fails where it is built, not deep in a run.


class Role(StrEnum):
    """What a loaded model is for. One model per role; a role loads only when a request needs it."""

    CHAT = "chat"
    DRAFT = "draft"
    EMBEDDER = "embedder"
    RERANKER = "reranker"
    IMAGE = "image"  # an image-text model (CLIP, SigLIP): pictures found by what they show
    LATE = "late"  # a late-interaction (ColBERT) model: per-token vectors, MaxSim search


class SearchMode(StrEnum):
    KEYWORD = "keyword"  # BM25 over the chunks (no embedder loaded)
    VECTOR = "vector"
    HYBRID = "hybrid"  # both, fused (and the late list, when the index has token vectors)
    LATE = "late"  # ColBERT MaxSim over the index's token vectors (an index built with a late model)


class Fusion(StrEnum):
    SCORE = "score"
    RRF = "rrf"


class AnswerMode(StrEnum):
    AUTO = "auto"  # the model's measured route, else it writes when it passes the capability check
    GENERATIVE = "generative"  # the chat model always writes; unsupported sentences are marked
    EXTRACTIVE = "extractive"  # the sources' own best sentences; the chat model is never loaded


class RerankPolicy(StrEnum):
    AUTO = (
        "auto"  # the request's cross-encoder, else the search order (a chat model only when it is a reranker)
    )
    GENERATIVE = "generative"  # the request's cross-encoder, else the chat model whatever its size
    NONE = "none"  # the search order


class AskScope(StrEnum):
    AUTO = "auto"  # whole documents for aggregate questions (or named documents), else the top passages
    TOP_K = "top-k"
    WHOLE = "whole"


class Grounding(StrEnum):
    OFFLINE = "offline"  # word overlap, the embedder, numbers, negations, names
    MODEL = "model"  # also the chat model's yes/no judgment of each supported sentence


class AnswerCheck(StrEnum):
    """Who decides whether an answer is introduced as possibly not answering the question (``AskResult.hedged``)."""

    AUTO = "auto"  # the chat model where its judgement was measured (engine.rag.answer_check), else the words
    WORDS = "words"  # the question's words and the embedder only: the chat model is never loaded for it
    MODEL = "model"  # the chat model judges (loaded if it is not): at its measured line, else at even odds


class EmbedKind(StrEnum):
    DOCUMENT = "document"
    QUERY = "query"


def _enum(cls: type[StrEnum], value: Any, field_name: str) -> StrEnum:
    try:
        return cls(value)
    except ValueError:
        choices = ", ".join(m.value for m in cls)
        raise ValueError(f"{field_name} must be one of {choices}, not {value!r}.") from None


@dataclass(frozen=True)
class ModelRequest:
    """A model for a role: a spec (catalog name, folder, Hugging Face id, "default") and how to run it."""

    role: Role
    spec: str
    dtype: str | None = None
    transform: str | None = None  # a weight-transform YAML file
    reload: bool = False  # load again even when the same model is loaded

    def __post_init__(self) -> None:
        object.__setattr__(self, "role", _enum(Role, self.role, "role"))
        if not isinstance(self.spec, str) or not self.spec.strip():
            raise ValueError(f"No {self.role.value} model is named.")


def _model(role: Role, value: ModelRequest | str | None) -> ModelRequest | None:
    if value is None or isinstance(value, ModelRequest):
        return value
    return ModelRequest(role, value)


@dataclass(frozen=True)
class ChatRequest(GenerateRequest):
    """A reply from the chat model. ``model``/``draft``: loaded first when they are not (None: what is loaded).
    ``shared``: other requests may be decoding at once (a server): plain decoding then joins the engine's
    continuous batch, and speculative decoding runs only while nothing else decodes."""

    model: ModelRequest | None = None
    draft: ModelRequest | None = None
    shared: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "model", _model(Role.CHAT, self.model))
        object.__setattr__(self, "draft", _model(Role.DRAFT, self.draft))


@dataclass(frozen=True)
class Candidate:
    """A passage to rerank, with where it came from (all optional but the text)."""

    text: str
    path: str = ""
    page: int | None = None
    line_start: int | None = None
    line_end: int | None = None
    chunk_id: int | None = None
    score: float | None = None  # the retrieval score, kept for display
    heading: str = ""


@dataclass(frozen=True)
class SearchRequest:
    query: str
    db: str
    k: int = 10
    mode: SearchMode = SearchMode.HYBRID
    fusion: Fusion = Fusion.SCORE
    folders: tuple[str, ...] = ()
    file_types: tuple[str, ...] = ()
    embedder: ModelRequest | None = None  # None: the default embedder (not loaded for keyword search)
    image_model: ModelRequest | None = None  # hybrid: the pictures' model (None: the index's, if any)
    # late and hybrid modes: the late-interaction model (None: the one the index's token vectors were made with)
    late_model: ModelRequest | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "db", str(self.db))
        object.__setattr__(self, "late_model", _model(Role.LATE, self.late_model))
        object.__setattr__(self, "image_model", _model(Role.IMAGE, self.image_model))
        object.__setattr__(self, "mode", _enum(SearchMode, self.mode, "mode"))
        object.__setattr__(self, "fusion", _enum(Fusion, self.fusion, "fusion"))
        object.__setattr__(self, "folders", tuple(self.folders or ()))
        object.__setattr__(self, "file_types", tuple(self.file_types or ()))
        object.__setattr__(self, "embedder", _model(Role.EMBEDDER, self.embedder))
        if self.k < 1:
            raise ValueError("k must be at least 1.")


@dataclass(frozen=True)
class RerankRequest:
    """Score ``candidates`` against ``query``. ``model``: a cross-encoder folder, or a chat model used
    generatively (yes/no relevance), as a spec or a ModelRequest (its role is the engine's to decide; its dtype and
    transform are kept); None: the loaded reranker, else the loaded chat model."""

    query: str
    candidates: tuple[Candidate, ...]
    model: ModelRequest | str | None = None
    top_k: int | None = None
    request_id: str = field(default_factory=new_request_id)

    def __post_init__(self) -> None:
        cands = tuple(c if isinstance(c, Candidate) else Candidate(str(c)) for c in self.candidates)
        object.__setattr__(self, "candidates", cands)


@dataclass(frozen=True)
class EmbedRequest:
    texts: tuple[str, ...]
    kind: EmbedKind = EmbedKind.DOCUMENT
    embedder: ModelRequest | None = None  # None: the default embedder

    def __post_init__(self) -> None:
        object.__setattr__(self, "texts", tuple(self.texts))
        object.__setattr__(self, "kind", _enum(EmbedKind, self.kind, "kind"))
        object.__setattr__(self, "embedder", _model(Role.EMBEDDER, self.embedder))


@dataclass(frozen=True)
class AskRequest:
    """A question about the indexed documents. Each model loads only when the answer needs it: an extractive
    answer never loads ``chat``; ``reranker`` (a cross-encoder) loads only when reranking runs."""

    question: str
    db: str
    chat: ModelRequest | None = None  # None: the loaded chat model (an error only if one is needed)
    embedder: ModelRequest | None = None  # None: the default embedder
    reranker: ModelRequest | None = None  # a cross-encoder; None: the policy decides without one
    rerank: RerankPolicy = RerankPolicy.AUTO
    answer: AnswerMode = AnswerMode.AUTO
    scope: AskScope = AskScope.AUTO
    grounding: Grounding = Grounding.OFFLINE
    check: AnswerCheck = AnswerCheck.AUTO  # who judges whether the answer answers (hedged or not)
    history: tuple[dict[str, str], ...] = ()  # earlier turns as chat messages (follow-ups are rewritten)
    k: int = 5  # passages given to the answer
    retrieve_k: int = 50  # search results considered
    rerank_k: int | None = None  # search results reranked (None: all retrieved)
    documents: tuple[str, ...] = ()  # whole-document mode over these files
    folders: tuple[str, ...] = ()
    file_types: tuple[str, ...] = ()
    rewrite: bool = True  # rewrite follow-ups with the chat model
    max_tokens: int = 256
    sampling: SamplingParams | None = None  # None: greedy
    request_id: str = field(default_factory=new_request_id)

    def __post_init__(self) -> None:
        object.__setattr__(self, "db", str(self.db))
        for name, cls in (("rerank", RerankPolicy), ("answer", AnswerMode), ("scope", AskScope),
                          ("grounding", Grounding), ("check", AnswerCheck)):  # fmt: skip
            object.__setattr__(self, name, _enum(cls, getattr(self, name), name))
        object.__setattr__(self, "chat", _model(Role.CHAT, self.chat))
        object.__setattr__(self, "embedder", _model(Role.EMBEDDER, self.embedder))
        object.__setattr__(self, "reranker", _model(Role.RERANKER, self.reranker))
        for name in ("history", "documents", "folders", "file_types"):
            object.__setattr__(self, name, tuple(getattr(self, name) or ()))
        if self.k < 1 or self.retrieve_k < 1 or self.max_tokens < 1:
            raise ValueError("k, retrieve_k and max_tokens must be at least 1.")


@dataclass(frozen=True)
class IndexRequest:
    """Index files and folders into ``db`` (background work). ``embedder``: a model spec ("default"), or an
    embedder object already built (benchmarks and tests). None in a tuning field: the indexer's default."""

    paths: tuple[str, ...]
    db: str
    embedder: Any = "default"
    request_id: str = field(default_factory=new_request_id)
    ocr: bool = True
    image_model: Any = None  # an image-text model spec (or object): pictures get vectors too; None: no cost
    # a late-interaction (ColBERT) model spec, or a LateEncoder: chunks get token vectors too; None: no cost
    late_model: Any = None
    allow_links: tuple[str, ...] = ()  # folders outside the indexed ones that links may lead into
    as_sources: bool = True  # the given paths become the library's sources (watched, listed)
    ocr_yields: bool = True  # OCR pauses while interactive work runs
    workers: int | None = None
    extract_in: str | None = None  # "threads" | "processes"
    max_file_bytes: int | None = None
    file_seconds: float | None = None
    file_memory_bytes: int | None = None
    chunk_tokens: int | None = None
    overlap_tokens: int | None = None
    batch_chunks: int | None = None
    commit_seconds: float | None = None
    unit_seconds: float | None = None
    queued_files: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "paths", tuple(str(p) for p in self.paths))
        object.__setattr__(self, "db", str(self.db))
        object.__setattr__(self, "allow_links", tuple(str(p) for p in self.allow_links))

    def pipeline_options(self) -> dict[str, Any]:
        """The tuning fields that are set, by the pipeline's parameter names."""
        names = ("workers", "extract_in", "max_file_bytes", "file_seconds", "file_memory_bytes", "chunk_tokens",
                 "overlap_tokens", "batch_chunks", "commit_seconds", "unit_seconds", "queued_files")  # fmt: skip
        out = {n: getattr(self, n) for n in names if getattr(self, n) is not None}
        return out | {"ocr": self.ocr, "allow_links": self.allow_links, "as_sources": self.as_sources,
                      "ocr_yields": self.ocr_yields}  # fmt: skip


@dataclass(frozen=True)
class PairRequest:
    """Run the chat model split over this Mac (rank 0) and the helper at ``peer`` (``alcove node``), paired with
    the ``code`` it shows. ``model``: a model folder (the same weights must be on the helper). ``fallback_local``:
    after a fault, when pairing again fails and the model fits here, the next replies run on this Mac alone."""

    peer: str
    code: str
    model: str
    fallback_local: bool = False
    step_timeout_s: float = 10.0
    allow_public_peer: bool = False  # a helper beyond the local network (the link is not encrypted)
