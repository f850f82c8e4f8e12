"""What callers ask the engine for: frozen, plain-valued requests (the engine never reads settings)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
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
