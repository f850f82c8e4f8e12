import json
import shutil

import pytest

from engine.core.errors import ModelLoadError
from engine.models.source import normalise_config, resolve_model


def test_missing_folder(engine, tmp_path):
    with pytest.raises(ModelLoadError, match="does not exist"):
        engine.load_model(str(tmp_path / "nope"))


def test_folder_without_config(engine, tmp_path):
    with pytest.raises(ModelLoadError, match="no config.json"):
        engine.load_model(str(tmp_path))


def test_corrupt_safetensors(engine, tiny_llama, tmp_path):
    bad = tmp_path / "bad"
    shutil.copytree(tiny_llama, bad)
    data = (bad / "model.safetensors").read_bytes()
    (bad / "model.safetensors").write_bytes(data[: len(data) // 2])
    with pytest.raises(ModelLoadError, match="corrupt or incomplete"):
        engine.load_model(str(bad))
    (bad / "model.safetensors").write_bytes(b"\x00" * 100)
    with pytest.raises(ModelLoadError, match="corrupt or incomplete"):
        engine.load_model(str(bad))


def test_unknown_model_type(engine, tiny_llama, tmp_path):
    bad = tmp_path / "unknown"
    shutil.copytree(tiny_llama, bad)
    cfg = json.loads((bad / "config.json").read_text())
    cfg["model_type"] = "no_such_arch"
    (bad / "config.json").write_text(json.dumps(cfg))
    with pytest.raises(ModelLoadError, match="no_such_arch"):
        engine.load_model(str(bad))


def test_weights_not_matching_config(engine, tiny_llama, tmp_path):
    bad = tmp_path / "mismatch"
    shutil.copytree(tiny_llama, bad)
    cfg = json.loads((bad / "config.json").read_text())
    cfg["hidden_size"] = 128
    (bad / "config.json").write_text(json.dumps(cfg))
    with pytest.raises(ModelLoadError):
        engine.load_model(str(bad))


def test_sharded_folder_loads(engine, tiny_llama, tmp_path):
    import mlx.core as mx

    sharded = tmp_path / "sharded"
    shutil.copytree(tiny_llama, sharded)
    weights = mx.load(str(sharded / "model.safetensors"))
    (sharded / "model.safetensors").unlink()
    names = sorted(weights)
    half = len(names) // 2
    shards = {
        "model-00001-of-00002.safetensors": names[:half],
        "model-00002-of-00002.safetensors": names[half:],
    }
    for fname, keys in shards.items():
        mx.save_safetensors(str(sharded / fname), {k: weights[k] for k in keys})
    index = {"weight_map": {k: f for f, ks in shards.items() for k in ks}}
    (sharded / "model.safetensors.index.json").write_text(json.dumps(index))
    info = engine.load_model(str(sharded))
    assert info.parameters > 0
    (sharded / "model-00002-of-00002.safetensors").unlink()
    with pytest.raises(ModelLoadError, match="missing weight shards"):
        engine.load_model(str(sharded))


def test_rope_parameters_are_normalised():
    cfg = normalise_config(
        {"model_type": "llama", "rope_parameters": {"rope_theta": 500000.0, "rope_type": "default"}}
    )
    assert cfg["rope_theta"] == 500000.0 and "rope_scaling" not in cfg
    cfg = normalise_config(
        {"model_type": "llama", "rope_parameters": {"rope_theta": 1e4, "rope_type": "llama3", "factor": 8.0}}
    )
    assert cfg["rope_theta"] == 1e4 and cfg["rope_scaling"]["rope_type"] == "llama3"
    cfg = normalise_config(
        {
            "model_type": "gemma3_text",
            "rope_parameters": {
                "full_attention": {"rope_theta": 1e6, "rope_type": "default"},
                "sliding_attention": {"rope_theta": 1e4, "rope_type": "default"},
            },
        }
    )
    assert cfg["rope_theta"] == 1e6 and cfg["rope_local_base_freq"] == 1e4


def test_rope_parameters_folder_generates_like_top_level(engine, tiny_llama, tmp_path):
    nested = tmp_path / "nested"
    shutil.copytree(tiny_llama, nested)
    cfg = json.loads((nested / "config.json").read_text())
    theta = cfg.pop("rope_theta")
    cfg["rope_parameters"] = {"rope_theta": theta * 50, "rope_type": "default"}
    (nested / "config.json").write_text(json.dumps(cfg))
    flat = tmp_path / "flat"
    shutil.copytree(tiny_llama, flat)
    cfg2 = json.loads((flat / "config.json").read_text())
    cfg2["rope_theta"] = theta * 50
    (flat / "config.json").write_text(json.dumps(cfg2))
    from engine.core.events import FinalEvent
    from engine.core.requests import GenerateRequest

    outs = []
    for folder in (nested, flat):
        engine.load_model(str(folder))
        evs = list(
            engine.generate(
                GenerateRequest(prompt="The capital of France is " * 8, max_tokens=12, use_prompt_cache=False)
            )
        )
        assert isinstance(evs[-1], FinalEvent)
        outs.append(evs[-1].token_ids)
    assert outs[0] == outs[1]


def test_repo_id_from_hf_cache(tmp_path, monkeypatch, tiny_llama):
    hub = tmp_path / "hub"
    snap = hub / "models--acme--tiny" / "snapshots" / "abc123"
    shutil.copytree(tiny_llama, snap)
    (hub / "models--acme--tiny" / "refs").mkdir(parents=True)
    (hub / "models--acme--tiny" / "refs" / "main").write_text("abc123")
    monkeypatch.setenv("HF_HUB_CACHE", str(hub))
    r = resolve_model("acme/tiny")
    assert r.path == snap and r.source == "hf-cache"
    with pytest.raises(ModelLoadError, match="not in the local Hugging Face cache"):
        resolve_model("acme/missing")


def test_quantized_checkpoint_loads_like_mlx_lm(engine, tiny_llama, tmp_path):
    """A 4-bit MLX checkpoint (mlx-lm's own quantize + save) gives the same greedy tokens as mlx-lm's loader."""
    from mlx_lm import load, stream_generate
    from mlx_lm.utils import quantize_model, save_model

    from engine.core.events import FinalEvent
    from engine.core.requests import GenerateRequest

    model, tok = load(str(tiny_llama))
    config = json.loads((tiny_llama / "config.json").read_text())
    model, qconfig = quantize_model(model, config, group_size=32, bits=4)
    out = tmp_path / "q4"
    save_model(out, model)
    (out / "config.json").write_text(json.dumps(qconfig))
    for name in ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"):
        shutil.copy(tiny_llama / name, out / name)
    info = engine.load_model(str(out))
    assert info.parameters > 0
    ids = tok.encode("The capital of France is")
    final = [
        e
        for e in engine.generate(GenerateRequest(prompt_ids=tuple(ids), max_tokens=8, use_prompt_cache=False))
        if isinstance(e, FinalEvent)
    ][0]
    qmodel, qtok = load(str(out))
    ref = [r.token for r in stream_generate(qmodel, qtok, ids, max_tokens=8)]
    assert list(final.token_ids) == ref[: len(final.token_ids)]


def _quantized_copy(source, out, **quantize_args):
    """A checkpoint written by mlx-lm's own quantize_model + save_model (the reference writer)."""
    from mlx_lm import load
    from mlx_lm.utils import quantize_model, save_model

    model, _ = load(str(source))
    config = json.loads((source / "config.json").read_text())
    model, qconfig = quantize_model(model, config, **quantize_args)
    save_model(out, model)
    (out / "config.json").write_text(json.dumps(qconfig))
    for name in ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"):
        shutil.copy(source / name, out / name)
    return out, qconfig


def _greedy_matches_mlx_lm(engine, folder):
    from mlx_lm import load, stream_generate

    from engine.core.events import FinalEvent
    from engine.core.requests import GenerateRequest

    engine.load_model(str(folder))
    ref_model, ref_tok = load(str(folder))
    ids = ref_tok.encode("The capital of France is")
    final = [
        e
        for e in engine.generate(
            GenerateRequest(prompt_ids=tuple(ids), max_tokens=10, use_prompt_cache=False)
        )
        if isinstance(e, FinalEvent)
    ][0]
    ref = [r.token for r in stream_generate(ref_model, ref_tok, ids, max_tokens=10)]
    assert len(final.token_ids) >= 5
    assert list(final.token_ids) == ref[: len(final.token_ids)]


def test_mixed_precision_checkpoint_loads_like_mlx_lm(engine, tiny_llama, tmp_path):
    """Per-layer bits and group sizes (mlx-lm's quant_predicate) load, token for token as mlx_lm.load."""

    def predicate(path, module):
        if path.endswith("mlp.down_proj"):
            return {"group_size": 32, "bits": 8}
        if ".layers.0." in path:
            return {"group_size": 64, "bits": 6}
        return True

    out, qconfig = _quantized_copy(
        tiny_llama, tmp_path / "mixed", group_size=32, bits=4, quant_predicate=predicate
    )
    overrides = {k: v for k, v in qconfig["quantization"].items() if isinstance(v, dict)}
    assert {v["bits"] for v in overrides.values()} == {6, 8}  # the checkpoint really is mixed
    _greedy_matches_mlx_lm(engine, out)


def test_8bit_checkpoint_loads_like_mlx_lm(engine, tiny_qwen3, tmp_path):
    out, _ = _quantized_copy(tiny_qwen3, tmp_path / "q8", group_size=64, bits=8)
    _greedy_matches_mlx_lm(engine, out)


def test_fits_in_memory_names_the_sizes():
    from engine.models.loader import fits_in_memory

    info = {"max_recommended_working_set_size": 12 * 2**30, "memory_size": 16 * 2**30}
    assert fits_in_memory(4 * 2**30, info) is None
    reason = fits_in_memory(20 * 2**30, info)
    assert "20.0 GiB" in reason and "12.0 GiB" in reason and "16 GiB" in reason
    assert fits_in_memory(20 * 2**30, {}) is None  # not a Metal device: nothing to check
