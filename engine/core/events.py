"""What the engine streams back: frozen dataclasses, safe to hand across threads."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

FinishReason = Literal["stop", "length", "stop_string", "cancelled", "error"]


@dataclass(frozen=True)
class SpeculativeStats:
    mode: str = "off"  # off | lookup | draft | mtp | auto->(chosen)
    num_draft: int = 0  # current/maximum proposal width
    proposed: int = 0
    accepted: int = 0
    verifications: int = 0
    target_forwards: int = 0
    acceptance_rate: float = 0.0
    mean_accepted: float = 0.0  # mean accepted prefix per verification
    forwards_per_token: float = 0.0
    fallbacks: tuple[str, ...] = ()  # reasons drafting fell back to plain decoding
    gate_events: int = 0


@dataclass(frozen=True)
class DiffusionStats:
    canvas_length: int = 0
    blocks: int = 0
    steps_per_block: tuple[int, ...] = ()
    early_stops: int = 0
    forward_passes: int = 0
    output_tokens: int = 0
    tokens_per_forward: float = 0.0


@dataclass(frozen=True)
class DistributedStats:
    """Where a split model lives: ranks (0 is this Mac), layers and weight bytes per rank, payload bytes all ranks
    send per decoded token, and the bytes each rank's process really holds once loaded."""

    ranks: int = 1
    backend: str = "ring"
    layers_per_rank: tuple[int, ...] = ()
    bytes_per_rank: tuple[int, ...] = ()
    bytes_sent_per_token: int = 0
    held_bytes_per_rank: tuple[int, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}


@dataclass(frozen=True)
class GenerationStats:
    prompt_tokens: int = 0
    generated_tokens: int = 0
    cached_tokens: int = 0
    load_time_s: float = 0.0  # time spent loading the model for this request (0 when already loaded)
    queue_s: float = 0.0
    prefill_s: float = 0.0
    ttft_s: float = 0.0  # submit -> first token, includes queue wait and prefill
    itl_p50_s: float = 0.0
    itl_p95_s: float = 0.0
    e2e_s: float = 0.0
    prefill_tokens_per_s: float = 0.0
    decode_tokens_per_s: float = 0.0
    tokens_per_s: float = 0.0  # generated tokens / e2e
    peak_memory_bytes: int = 0
    speculative: SpeculativeStats | None = None
    diffusion: DiffusionStats | None = None
    distributed: DistributedStats | None = None  # a model split over machines (engine/runtime/distributed)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class TokenEvent:
    request_id: str
    text: str  # newly decodable text (may be "" while a UTF-8 sequence is incomplete)
    token_id: int
    from_draft: bool = False


@dataclass(frozen=True)
class CanvasEvent:
    """Diffusion: the current state of a block being denoised (masked positions shown as ``mask_text``)."""

    request_id: str
    block: int
    step: int
    text: str
    token_ids: tuple[int, ...]
    settled: tuple[bool, ...]


@dataclass(frozen=True)
class FinalEvent:
    request_id: str
    text: str
    token_ids: tuple[int, ...]
    finish_reason: FinishReason
    stats: GenerationStats = field(default_factory=GenerationStats)
    error: str | None = None


@dataclass(frozen=True)
class ProgressEvent:
    """Long-running jobs (indexing, whole-document Q&A, downloads)."""

    request_id: str
    done: int
    total: int
    message: str = ""
    eta_s: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class _NotReady:
    def __repr__(self) -> str:
        return "NOT_READY"


# Yielded by a background generator on the engine thread that has nothing to do yet (its input queue is empty):
# the scheduler parks it until new input wakes it, instead of letting it block the thread. Never delivered.
NOT_READY = _NotReady()


@dataclass(frozen=True)
class RouteEvent:
    """The first event of ``Engine.chat``: how the reply is decoded and why."""

    request_id: str
    decoding: str  # "single" | "speculative" | "batched"
    reason: str
