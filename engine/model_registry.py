"""Which loader and which generation path a model uses, by role and by its config's ``model_type``."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

from .errors import ModelLoadError
from .model_source import read_config, resolve_model
from .requests import GenerateRequest


def _is_diffusion(config: dict) -> bool:
    try:
        from .diffusion_gemma import is_diffusion_config
    except ImportError:
        return False
    return is_diffusion_config(config)


def load_for_role(spec: str, role: str, *, dtype: str | None = None, transform: str | None = None) -> Any:
    if role in ("chat", "draft"):
        resolved = resolve_model(spec)
        config = read_config(resolved.path)
        if _is_diffusion(config):
            if role == "draft":
                raise ModelLoadError("A diffusion model cannot be used as a draft model.")
            from .diffusion_runtime import load_diffusion

            return load_diffusion(resolved, config, dtype=dtype, transform=transform)
        from .loader import load_lm

        return load_lm(resolved, dtype=dtype, transform=transform)
    if role == "embedder":
        from .embedder import load_embedder

        return load_embedder(spec if spec != "default" else None)
    if role == "reranker":
        from .cross_encoder import load_cross_encoder

        return load_cross_encoder(spec)
    raise ModelLoadError(f"Unknown model role {role!r}; use chat, draft, embedder or reranker.")


def generation_route(
    engine: Any, loaded: Any, req: GenerateRequest, cancel: threading.Event, submitted: float
) -> Iterator[Any]:
    kind = loaded.info.kind
    if kind == "diffusion":
        from .diffusion_runtime import run_diffusion

        yield from run_diffusion(loaded, req, cancel=cancel, submitted_at=submitted)
        return
    if kind != "lm":
        raise ModelLoadError(f"The {req.role} model {loaded.info.name} cannot generate text.")
    from .generate import run_generation

    factory, draft = None, None
    if req.speculative.mode != "off":
        try:
            from .speculative import make_decoder_factory
        except ImportError:
            make_decoder_factory = None
        if make_decoder_factory is not None:
            draft = engine._models.get("draft")
            factory = make_decoder_factory(req, loaded, draft)
    yield from run_generation(
        loaded,
        req,
        cancel=cancel,
        store=engine.prompt_cache,
        submitted_at=submitted,
        decoder_factory=factory,
        draft=draft,
    )
