"""DiffusionGemma through the engine's common load/generate API: routing by model_type, events, stop, cancel."""

import json

import pytest

from engine.core.events import CanvasEvent, FinalEvent, TokenEvent
from engine.core.params import SamplingParams
from engine.core.requests import GenerateRequest
from tests.tiny_models import write_tokenizer

pytest.importorskip("torch")


@pytest.fixture(scope="module")
def diffusion_folder(tmp_path_factory):
    from tests.engine.diffusion.diffusion_reference import make_reference

    folder = tmp_path_factory.mktemp("dgemma")
    make_reference(folder, "dense", vocab_size=320, canvas_length=6)
    n = write_tokenizer(folder)
    cfg = json.loads((folder / "config.json").read_text())
    assert n <= cfg["text_config"]["vocab_size"]
    return folder


def test_engine_routes_diffusion_and_streams_canvases(engine, diffusion_folder):
    info = engine.load_model(str(diffusion_folder))
    assert info.kind == "diffusion"
    # seeded, as in the cancel test below: unseeded, the random model now and then ended its reply at once (no
    # token, so no time to first token to compare with the queue time)
    req = GenerateRequest(
        messages=({"role": "user", "content": "hello"},),
        max_tokens=10,
        sampling=SamplingParams(seed=2),
        diffusion={"max_denoising_steps": 4},
    )
    events = list(engine.generate(req))
    final = events[-1]
    assert isinstance(final, FinalEvent) and final.error is None, final.error
    canvases = [e for e in events if isinstance(e, CanvasEvent)]
    tokens = [e for e in events if isinstance(e, TokenEvent)]
    assert canvases and all(len(c.token_ids) == 6 for c in canvases)
    assert [t.token_id for t in tokens] == list(final.token_ids)
    d = final.stats.diffusion
    assert d.canvas_length == 6 and d.forward_passes >= d.blocks >= 1
    assert d.output_tokens == len(final.token_ids) <= 10
    assert final.token_ids and final.stats.ttft_s >= final.stats.queue_s


def test_diffusion_cancel_between_steps(engine, diffusion_folder):
    engine.load_model(str(diffusion_folder))
    # Seeded: unseeded, the random model sometimes ended its reply by itself (end-of-sequence in block 1) before the
    # cancel was seen. With seed 2 it runs 176 tokens (~30 blocks) before it would stop.
    req = GenerateRequest(
        prompt="hello",
        max_tokens=200,
        sampling=SamplingParams(seed=2),
        diffusion={"max_denoising_steps": 8, "adaptive_stopping": False},
    )
    events = []
    for ev in engine.generate(req):
        events.append(ev)
        if isinstance(ev, CanvasEvent) and ev.block == 1:
            engine.cancel(req.request_id)
    final = events[-1]
    assert final.finish_reason == "cancelled"
    assert final.stats.diffusion is None or final.stats.diffusion.blocks <= 2


def test_bad_diffusion_setting_is_a_clear_error(engine, diffusion_folder):
    engine.load_model(str(diffusion_folder))
    final = list(engine.generate(GenerateRequest(prompt="x", diffusion={"max_denoising_steps": 0})))[-1]
    assert final.finish_reason == "error" and "denoising steps" in final.error
