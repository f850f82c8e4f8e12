"""DiffusionGemma behind the engine's common load/generate API (engine thread only).

Loading routes here by ``model_type``; generation applies the chat template, maps the block-diffusion stream onto the
engine's events (CanvasEvent while a block settles, TokenEvents when it has, one FinalEvent) and counts the queue
wait into TTFT like any other request.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from mlx.utils import tree_flatten

from engine.core import (
    AlcoveError,
    CanvasEvent,
    FinalEvent,
    GenerateRequest,
    GenerationStats,
    ModelLoadError,
    TokenEvent,
)
from engine.diffusion.generate import BlockEvent, DiffusionGenConfig, DiffusionResult, diffusion_generate
from engine.diffusion.load import load_diffusion_model
from engine.generation import encode_request
from engine.models import ModelInfo, ResolvedModel, load_tokenizer, runtime_dtype

log = logging.getLogger(__name__)


@dataclass
class LoadedDiffusion:
    model: Any
    args: Any
    tokenizer: Any  # mlx-lm TokenizerWrapper
    config: dict
    info: ModelInfo
    gen_defaults: Any  # DiffusionGenConfig from the checkpoint's generation_config.json
    key: str = ""


def load_diffusion(
    resolved: ResolvedModel, config: dict, *, dtype: str | None = None, transform: str | None = None
) -> LoadedDiffusion:
    import mlx.core as mx

    if transform:
        raise ModelLoadError("Runtime transforms are not supported for diffusion models yet.")
    t0 = time.perf_counter()
    target = runtime_dtype(dtype, mx.float32, "gemma")
    model, args = load_diffusion_model(resolved.path, dtype=target)
    tokenizer = load_tokenizer(resolved.path, config.get("text_config") or config)
    params = tree_flatten(model.parameters())
    info = ModelInfo(
        name=resolved.name,
        path=str(resolved.path),
        source=resolved.source,
        model_type=str(config.get("model_type")),
        kind="diffusion",
        parameters=int(sum(v.size for _, v in params)),
        dtype=str(target).replace("mlx.core.", ""),
        bytes=int(sum(v.nbytes for _, v in params)),
        load_time_s=time.perf_counter() - t0,
    )
    return LoadedDiffusion(
        model, args, tokenizer, config, info, DiffusionGenConfig.from_checkpoint(resolved.path)
    )


def run_diffusion(
    loaded: LoadedDiffusion, req: GenerateRequest, *, cancel: threading.Event, submitted_at: float
) -> Iterator[Any]:

    started = time.perf_counter()
    queue_s = max(0.0, started - submitted_at)
    rid = req.request_id
    try:
        ids = encode_request(loaded, req)  # same prompt handling (chat template, raw text, ids) as AR models
        gen_config = loaded.gen_defaults.with_overrides(**(req.diffusion or {}))
        tok = loaded.tokenizer

        def decode(token_ids: list[int]) -> str:
            return tok.decode(token_ids, skip_special_tokens=False)

        result = None
        for ev in diffusion_generate(
            loaded.model,
            ids,
            max_tokens=req.max_tokens,
            gen_config=gen_config,
            cancel=cancel,
            request_id=rid,
            decode=decode,
            stop_strings=req.stop,
            seed=req.sampling.seed,
        ):
            if isinstance(ev, CanvasEvent):
                yield ev
            elif isinstance(ev, BlockEvent):
                for i, t in enumerate(ev.token_ids):
                    yield TokenEvent(rid, ev.text if i == 0 else "", t, False)
                if not ev.token_ids and ev.text:
                    yield TokenEvent(rid, ev.text, -1, False)
            elif isinstance(ev, DiffusionResult):
                result = ev
        assert result is not None
        stats = replace(
            result.stats,
            queue_s=queue_s,
            ttft_s=result.stats.ttft_s + (started - submitted_at) if result.tokens else 0.0,
            e2e_s=time.perf_counter() - submitted_at,
        )
        yield FinalEvent(rid, result.text, result.tokens, result.finish_reason, stats, None)
    except AlcoveError as exc:
        yield FinalEvent(rid, "", (), "error", GenerationStats(queue_s=queue_s), str(exc))
    except Exception as exc:  # noqa: BLE001 - failures become a final event
        log.exception("diffusion generation failed")
        yield FinalEvent(
            rid,
            "",
            (),
            "error",
            GenerationStats(queue_s=queue_s),
            f"Generation failed: {type(exc).__name__}: {exc}",
        )
