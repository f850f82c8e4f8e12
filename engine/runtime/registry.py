"""Which loader and which generation path a model uses, by role and by its config's ``model_type``."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine.core import GenerateRequest, ModelLoadError
from engine.diffusion import is_diffusion_config, load_diffusion, run_diffusion
from engine.encoders import default_embedder_path, load_cross_encoder, load_embedder
from engine.models import ModelInfo, hf_cached_repo_path, load_lm, read_config, resolve_model
from engine.speculative import generate_with_decoder, is_gemma4_assistant_config, load_gemma4_assistant


def _is_diffusion(config: dict) -> bool:
    return is_diffusion_config(config)


def load_for_role(spec: str, role: str, *, dtype: str | None = None, transform: str | None = None) -> Any:
    if role in ("chat", "draft"):
        resolved = resolve_model(spec)
        config = read_config(resolved.path)

        if is_gemma4_assistant_config(config):
            if role != "draft":
                raise ModelLoadError(
                    "A Gemma 4 assistant cannot chat on its own; load it as the draft model of its Gemma 4 model."
                )

            return load_gemma4_assistant(resolved, dtype=dtype, transform=transform)
        if _is_diffusion(config):
            if role == "draft":
                raise ModelLoadError("A diffusion model cannot be used as a draft model.")

            return load_diffusion(resolved, config, dtype=dtype, transform=transform)

        return load_lm(resolved, dtype=dtype, transform=transform)
    if role == "embedder":
        t0 = time.perf_counter()
        path = default_embedder_path() if spec in ("default", "", None) else _encoder_folder(spec)
        embedder = load_embedder(path, transform=transform)
        _INFO[id(embedder)] = _encoder_info(embedder, path, "embedder", time.perf_counter() - t0, transform)
        return embedder
    if role == "reranker":
        t0 = time.perf_counter()
        path = _encoder_folder(spec)
        reranker = load_cross_encoder(path, transform=transform)
        _INFO[id(reranker)] = _encoder_info(
            reranker, path, "cross-encoder", time.perf_counter() - t0, transform
        )
        return reranker
    raise ModelLoadError(f"Unknown model role {role!r}; use chat, draft, embedder or reranker.")


_INFO: dict[int, Any] = {}  # id(encoder object) -> ModelInfo (encoders carry no info of their own)


def _encoder_folder(spec: str) -> Path:
    path = Path(spec).expanduser()
    if path.is_dir():
        return path

    cached = hf_cached_repo_path(spec) if "/" in spec and not path.exists() else None
    if cached is not None:
        return cached
    raise ModelLoadError(f"The model folder {path} does not exist (and {spec!r} is not a cached repo id).")


def _encoder_info(obj: Any, path: Path, kind: str, seconds: float, transform: str | None = None):
    import mlx.core as mx  # noqa: F401 - only to make sure sizes below are MLX arrays
    from mlx.utils import tree_flatten

    module = next((getattr(obj, a) for a in ("encoder", "model") if hasattr(obj, a)), None)
    tree = getattr(module, "params", None)
    if tree is None and hasattr(module, "parameters"):
        tree = module.parameters()
    params = [(k, v) for k, v in tree_flatten(tree or {}) if hasattr(v, "nbytes")]
    return ModelInfo(
        name=str(getattr(obj, "name", Path(path).name)),
        path=str(path),
        source="folder",
        model_type=kind,
        kind=kind,
        parameters=int(sum(v.size for _, v in params)),
        dtype="float32",
        bytes=int(sum(v.nbytes for _, v in params)),
        load_time_s=seconds,
        transform_sha256=_transform_hash(module, transform),
    )


def _transform_hash(module: Any, transform: str | None) -> str | None:
    """The sha256 the transform produced (``load_encoder`` keeps it on the encoder)."""
    return getattr(module, "transform_sha256", None) if transform else None


def info_of(loaded: Any):
    """The ModelInfo of any loaded object (LMs and diffusion models carry it; encoders are looked up)."""
    info = getattr(loaded, "info", None)
    return info if info is not None else _INFO.get(id(loaded))


def generation_route(
    engine: Any, loaded: Any, req: GenerateRequest, cancel: threading.Event, submitted: float
) -> Iterator[Any]:
    kind = loaded.info.kind
    if kind == "diffusion":
        yield from run_diffusion(loaded, req, cancel=cancel, submitted_at=submitted)
        return
    if kind != "lm":
        raise ModelLoadError(f"The {req.role} model {loaded.info.name} cannot generate text.")

    draft = engine._models.get("draft")
    yield from generate_with_decoder(
        loaded, req, draft, cancel=cancel, store=engine.prompt_cache, submitted_at=submitted
    )
