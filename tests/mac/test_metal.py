"""MLX on Metal: the GPU is there and used, and its results match the CPU's."""

import platform

import numpy as np
import pytest


def test_metal_device_is_present_and_used_for_a_matmul():
    import mlx.core as mx

    assert mx.metal.is_available()
    assert mx.default_device() == mx.gpu
    info = mx.device_info()
    assert info["architecture"].startswith("applegpu"), info
    rng = np.random.default_rng(0)
    a, b = (
        rng.standard_normal((256, 384)).astype(np.float32),
        rng.standard_normal((384, 128)).astype(np.float32),
    )
    gpu = mx.matmul(mx.array(a), mx.array(b), stream=mx.gpu)
    cpu = mx.matmul(mx.array(a), mx.array(b), stream=mx.cpu)
    mx.eval(gpu, cpu)
    np.testing.assert_allclose(np.array(gpu), np.array(cpu), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(np.array(cpu), a @ b, rtol=1e-4, atol=1e-4)


def test_encoder_sdpa_path_matches_the_cpu_path():
    """The encoders run attention as mx.fast.scaled_dot_product_attention on Metal and as encoder_math.attention on
    the CPU: the same tiny BERT trunk, padded batch, both paths."""
    import dataclasses
    from pathlib import Path

    import mlx.core as mx

    from engine.encoders.bert import Encoder, EncoderConfig

    cfg = EncoderConfig(
        model_type="bert", vocab_size=97, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
        intermediate_size=128, max_position_embeddings=64, type_vocab_size=2, layer_norm_eps=1e-12,
        hidden_act="gelu", pad_token_id=0,
    )  # fmt: skip
    rng = np.random.default_rng(1)
    H, inter = cfg.hidden_size, cfg.intermediate_size

    def w(*shape):
        return mx.array(rng.standard_normal(shape).astype(np.float32) * 0.1)

    weights = {
        "embeddings.word_embeddings.weight": w(cfg.vocab_size, H),
        "embeddings.position_embeddings.weight": w(cfg.max_position_embeddings, H),
        "embeddings.token_type_embeddings.weight": w(cfg.type_vocab_size, H),
        "embeddings.LayerNorm.weight": mx.ones((H,)),
        "embeddings.LayerNorm.bias": mx.zeros((H,)),
    }
    for i in range(cfg.num_hidden_layers):
        p = f"encoder.layer.{i}."
        for name, (o, n) in {
            "attention.self.query": (H, H), "attention.self.key": (H, H), "attention.self.value": (H, H),
            "attention.output.dense": (H, H), "intermediate.dense": (inter, H), "output.dense": (H, inter),
        }.items():  # fmt: skip
            weights[p + name + ".weight"], weights[p + name + ".bias"] = w(o, n), w(o)
        for ln in ("attention.output.LayerNorm", "output.LayerNorm"):
            weights[p + ln + ".weight"], weights[p + ln + ".bias"] = mx.ones((H,)), mx.zeros((H,))
    enc = Encoder(cfg, weights, Path("tiny-bert"))
    assert enc.kernels.fused_attention, "on Metal the encoder must take the SDPA path"
    lengths = [17, 9, 3]
    ids = np.zeros((3, 17), dtype=np.int32)
    for r, n in enumerate(lengths):
        ids[r, :n] = rng.integers(1, cfg.vocab_size, n)
    mask = mx.array((ids != 0).astype(np.int32))
    ids, types = mx.array(ids), mx.zeros(ids.shape, dtype=mx.int32)

    def trunk(h, _mask):
        return h

    fused = enc.run(trunk, ids, types, mask)
    enc.kernels = dataclasses.replace(enc.kernels, fused_attention=False)
    with mx.stream(mx.cpu):
        plain = enc.run(trunk, ids, types, mask)
    mx.eval(fused, plain)
    keep = np.array(mask).astype(bool)
    np.testing.assert_allclose(np.array(fused)[keep], np.array(plain)[keep], rtol=2e-4, atol=2e-4)


def test_loaded_model_sets_the_wired_memory_limit(tmp_path):
    """After a model is loaded, the engine keeps it resident: mx.set_wired_limit to the recommended working set
    (macOS 15+), as mlx-lm's generate.wired_limit does; unloading restores 0."""
    if tuple(int(x) for x in platform.mac_ver()[0].split(".")[:1]) < (15,):
        pytest.skip(f"wired memory limits need macOS 15 (this is {platform.mac_ver()[0]})")
    import mlx.core as mx

    from engine import Engine
    from tests.tiny_models import make_tiny_model

    def current_wired_limit() -> int:
        prev = mx.set_wired_limit(0)  # returns the previous limit: read it, then put it back
        mx.set_wired_limit(prev)
        return prev

    model = make_tiny_model(tmp_path / "llama", "llama")
    with Engine() as engine:
        assert engine.run(current_wired_limit) == 0
        engine.load_model(str(model), "chat")
        limit = engine.run(current_wired_limit)
        assert 0 < limit <= mx.device_info()["max_recommended_working_set_size"]
        engine.unload_model("chat")
        assert engine.run(current_wired_limit) == 0
