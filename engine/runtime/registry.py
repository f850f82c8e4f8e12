"""Which loader and which generation path a model uses, by role and by its config's ``model_type``."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import GenerateRequest, ModelLoadError
from engine.diffusion import is_diffusion_config, load_diffusion, run_diffusion
from engine.encoders import (
    default_embedder_path,
    load_cross_encoder,
    load_embedder,
    load_image_text_embedder,
    load_late_encoder,
)
from engine.models import (
    ModelInfo,
    hf_cached_repo_path,
    load_lm,
    read_config,
    resolve_model,
    validate_lm,
    weight_files,
)
from engine.speculative import (
    generate_with_decoder,
    is_dflash_config,
    is_gemma4_assistant_config,
    load_dflash,
    load_gemma4_assistant,
)


def _is_diffusion(config: dict) -> bool:
    return is_diffusion_config(config)


@dataclass(frozen=True)
class ModelIdentity:
    """What makes two loads the same load: the role, the resolved folder, the dtype and the transform file."""

    role: str
    spec: str = field(compare=False)  # two names of one folder are one model
    path: str
    dtype: str | None
    transform: str | None
    transform_mtime_ns: int | None
    files: tuple[tuple[str, int, int], ...] = ()  # name, size, mtime of the folder's config and weights


def identify(spec: str, role: str, *, dtype: str | None = None, transform: str | None = None):
    """(identity, where) for a load request; ``where`` is what ``load_for_role`` loads from (resolved once)."""
    if role in ("chat", "draft"):
        where: Any = resolve_model(spec)
        path = where.path
    elif role == "embedder":
        where = path = default_embedder_path() if spec in ("default", "", None) else _encoder_folder(spec)
    elif role in ("reranker", "image", "late"):
        where = path = _encoder_folder(spec)
    else:
        raise ModelLoadError(
            f"Unknown model role {role!r}; use chat, draft, embedder, reranker, image or late."
        )
    mtime = None
    if transform:
        try:
            mtime = Path(transform).stat().st_mtime_ns
        except OSError:
            mtime = None
    folder = Path(path).resolve()
    return ModelIdentity(role, str(spec), str(folder), dtype, transform, mtime, fingerprint(folder)), where


def fingerprint(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """A changed, added or removed config or weights file makes the same folder a different model."""
    out = []
    for pattern in (
        "config.json",
        "*.safetensors",
        "*.safetensors.index.json",
        "*/config.json",
        "*/*.safetensors",
    ):
        for f in sorted(folder.glob(pattern)):
            try:
                st = f.stat()
            except OSError:
                continue
            out.append((str(f.relative_to(folder)), st.st_size, st.st_mtime_ns))
    return tuple(out)


def _lm_kind(config: dict, role: str) -> str:
    """ "assistant" (a Gemma 4 MTP drafter), "dflash" (a DFlash block drafter), "diffusion" or "lm" for a chat or
    draft model; refuses a kind that cannot play ``role``."""
    if is_gemma4_assistant_config(config):
        if role != "draft":
            raise ModelLoadError(
                "A Gemma 4 assistant cannot chat on its own; load it as the draft model of its Gemma 4 model."
            )
        return "assistant"
    if is_dflash_config(config):
        if role != "draft":
            raise ModelLoadError(
                "A DFlash drafter cannot chat on its own; load it as the draft model of the chat model it was "
                "trained for."
            )
        return "dflash"
    if _is_diffusion(config):
        if role == "draft":
            raise ModelLoadError("A diffusion model cannot be used as a draft model.")
        return "diffusion"
    return "lm"


def validate_for_role(where: Any, role: str, *, transform: str | None = None) -> None:
    """Files, config and shapes of what ``load_for_role`` would load, checked without loading any weights."""
    if role in ("chat", "draft"):
        config = read_config(where.path)
        if _lm_kind(config, role) == "lm":
            validate_lm(where.path, config, transform=transform)
        else:
            weight_files(where.path)
        return
    folder = Path(where)
    if not folder.is_dir():
        raise ModelLoadError(f"The {role} model folder {folder} does not exist.")
    inner = folder
    if not (folder / "config.json").exists():  # sentence-transformers keeps the encoder in a subfolder
        inner = next((p.parent for p in sorted(folder.glob("*/config.json"))), folder)
    try:
        json.loads((inner / "config.json").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ModelLoadError(f"The {role} model in {folder} has no readable config.json: {exc}.") from exc
    weight_files(inner)


def load_for_role(
    where: Any, role: str, *, dtype: str | None = None, transform: str | None = None, tokenizer: Any = None
):
    """Load what ``identify`` resolved; returns (loaded object, ModelInfo). ``tokenizer``: a loaded tokenizer
    identical to the model's (a draft sharing its chat model's), used instead of loading one."""
    if role in ("chat", "draft"):
        config = read_config(where.path)
        kind = _lm_kind(config, role)
        if kind == "assistant":
            loaded = load_gemma4_assistant(where, dtype=dtype, transform=transform)
        elif kind == "dflash":
            loaded = load_dflash(where, dtype=dtype, transform=transform)
        elif kind == "diffusion":
            loaded = load_diffusion(where, config, dtype=dtype, transform=transform)
        else:
            loaded = load_lm(where, dtype=dtype, transform=transform, tokenizer=tokenizer)
        return loaded, loaded.info
    t0 = time.perf_counter()
    if role == "embedder":
        embedder = load_embedder(where, transform=transform)
        return embedder, _encoder_info(embedder, where, "embedder", time.perf_counter() - t0, transform)
    if role == "reranker":
        reranker = load_cross_encoder(where, transform=transform)
        return reranker, _encoder_info(reranker, where, "cross-encoder", time.perf_counter() - t0, transform)
    if role == "image":
        images = load_image_text_embedder(where)
        kind = f"image-text ({images.cfg.family})"
        return images, _encoder_info(images, where, kind, time.perf_counter() - t0)
    if role == "late":
        late = load_late_encoder(where)
        return late, _encoder_info(late, where, "late interaction (ColBERT)", time.perf_counter() - t0)
    raise ModelLoadError(f"Unknown model role {role!r}; use chat, draft, embedder, reranker, image or late.")


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

    module = next((getattr(obj, a) for a in ("encoder", "model") if hasattr(obj, a)), obj)
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


def generation_route(
    engine: Any, loaded: Any, req: GenerateRequest, cancel: threading.Event, submitted: float
) -> Iterator[Any]:
    kind = loaded.info.kind
    if kind == "diffusion":
        yield from run_diffusion(loaded, req, cancel=cancel, submitted_at=submitted)
        return
    if kind != "lm":
        raise ModelLoadError(f"The {req.role} model {loaded.info.name} cannot generate text.")

    draft = engine.loaded("draft") if req.speculative.mode != "off" else None
    yield from generate_with_decoder(
        loaded, req, draft, cancel=cancel, store=engine.prompt_cache, submitted_at=submitted
    )
