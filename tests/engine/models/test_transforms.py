"""Runtime model transforms: each operation, every validation rule, determinism and untouched files on disk."""

from __future__ import annotations

import hashlib
import json
import shutil
import threading
from pathlib import Path

import mlx.core as mx
import numpy as np
import pytest
from mlx.utils import tree_flatten
from mlx_lm.models import llama

from engine.core.errors import ModelLoadError, TransformError
from engine.models.transforms import (
    apply_transforms,
    load_safetensors_folder,
    load_transform_spec,
    weights_hash,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "data" / "transforms"
CONFIG = {
    "model_type": "llama",
    "hidden_size": 32,
    "num_hidden_layers": 3,
    "intermediate_size": 48,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "rms_norm_eps": 1e-5,
    "vocab_size": 64,
    "rope_theta": 10000.0,
    "tie_word_embeddings": False,
}


def _np(a: mx.array) -> np.ndarray:
    return np.array(a.astype(mx.float32))


def _weights(seed: int = 0) -> dict[str, mx.array]:
    key = mx.random.key(seed)
    k = mx.random.split(key, 6)
    return {
        "model.embed_tokens.weight": mx.random.normal((8, 4), key=k[0]),
        "model.layers.0.mlp.up_proj.weight": mx.random.normal((6, 4), key=k[1]),
        "model.layers.0.self_attn.q_proj.weight": mx.random.normal((4, 4), key=k[2]).astype(mx.bfloat16),
        "model.layers.1.mlp.up_proj.weight": mx.random.normal((6, 4), key=k[3]),
        "model.layers.1.self_attn.q_proj.weight": mx.random.normal((4, 4), key=k[4]).astype(mx.bfloat16),
        "lm_head.weight": mx.random.normal((8, 4), key=k[5]).astype(mx.float16),
    }


def _no_other(path: str) -> dict[str, mx.array]:
    raise AssertionError(f"no other checkpoint expected, asked for {path}")


def _apply(yaml_text: str, weights=None, others=None, config=None):
    spec = load_transform_spec(yaml_text)
    weights = _weights() if weights is None else weights
    load = (lambda path: others[path]) if others is not None else _no_other
    return apply_transforms(weights, spec, load, config=config)


def _model(seed: int, layers: int = 3) -> llama.Model:
    mx.random.seed(seed)
    model = llama.Model(llama.ModelArgs.from_dict({**CONFIG, "num_hidden_layers": layers}))
    mx.eval(model.parameters())
    return model


def _save(model: llama.Model, folder: Path, config: dict | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    mx.save_safetensors(str(folder / "model.safetensors"), dict(tree_flatten(model.parameters())))
    (folder / "config.json").write_text(json.dumps(config or CONFIG))
    return folder


def _file_hashes(root: Path) -> dict[str, str]:
    return {
        str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(root.rglob("*")) if p.is_file()
    }


# ----------------------------------------------------------------------------------------------------- operations


def test_scale_changes_only_matched_and_keeps_dtype():
    w = _weights()
    r = _apply('operations:\n  - op: scale\n    pattern: "model.layers.*.mlp.*"\n    factor: 0.5\n', w)
    for name in ("model.layers.0.mlp.up_proj.weight", "model.layers.1.mlp.up_proj.weight"):
        np.testing.assert_array_equal(_np(r.weights[name]), _np(w[name]) * np.float32(0.5))
    for name in set(w) - {"model.layers.0.mlp.up_proj.weight", "model.layers.1.mlp.up_proj.weight"}:
        assert r.weights[name] is w[name]
    assert r.report[0].op == "scale" and r.report[0].matched == 2
    assert {n: a.dtype for n, a in r.weights.items()} == {n: a.dtype for n, a in w.items()}


def test_scale_bf16_is_computed_in_float32_and_rounded_once():
    w = _weights()
    name = "model.layers.0.self_attn.q_proj.weight"
    r = _apply(f"operations:\n  - op: scale\n    pattern: {name}\n    factor: 1.37\n", w)
    expected = (w[name].astype(mx.float32) * 1.37).astype(mx.bfloat16)
    assert r.weights[name].dtype == mx.bfloat16
    assert mx.array_equal(r.weights[name], expected).item()


def test_add_task_vector_with_base_and_factor():
    ours, fine, base = _weights(0), _weights(1), _weights(2)
    r = _apply(
        "operations:\n  - op: add\n    pattern: '*.mlp.*'\n    with: /ck/fine\n    base: /ck/base\n    factor: 0.25\n",
        ours,
        {"/ck/fine": fine, "/ck/base": base},
    )
    name = "model.layers.1.mlp.up_proj.weight"
    expected = _np(ours[name]) + (_np(fine[name]) - _np(base[name])) * np.float32(0.25)
    np.testing.assert_allclose(_np(r.weights[name]), expected, rtol=0, atol=1e-6)
    assert r.report[0].other == "/ck/fine"


def test_add_without_base_adds_the_tensor():
    ours, other = _weights(0), _weights(1)
    r = _apply("operations:\n  - op: add\n    pattern: lm_head.weight\n    with: /x\n", ours, {"/x": other})
    expected = (_np(ours["lm_head.weight"]) + _np(other["lm_head.weight"])).astype(np.float16)
    np.testing.assert_array_equal(np.array(r.weights["lm_head.weight"]), expected)


def test_interpolate_matches_numpy_reference_and_endpoints():
    ours, theirs = _weights(0), _weights(1)
    name = "model.layers.0.mlp.up_proj.weight"
    r = _apply(
        "operations:\n  - op: interpolate\n    pattern: '*'\n    with: /t\n    weight: 0.3\n",
        ours,
        {"/t": theirs},
    )
    expected = _np(ours[name]) * np.float32(0.7) + _np(theirs[name]) * np.float32(0.3)
    np.testing.assert_allclose(_np(r.weights[name]), expected, rtol=1e-6)
    assert r.report[0].matched == len(ours)
    one = _apply(
        "operations:\n  - op: interpolate\n    pattern: '*'\n    with: /t\n    weight: 1\n",
        ours,
        {"/t": theirs},
    )
    assert all(mx.array_equal(one.weights[n], theirs[n]).item() for n in ours)
    zero = _apply(
        "operations:\n  - op: interpolate\n    pattern: '*'\n    with: /t\n    weight: 0\n",
        ours,
        {"/t": theirs},
    )
    assert zero.sha256 == weights_hash(ours)


def test_replace_takes_theirs_and_casts_to_our_dtype():
    ours, theirs = _weights(0), _weights(1)
    theirs["lm_head.weight"] = theirs["lm_head.weight"].astype(mx.float32)
    r = _apply(
        "operations:\n  - op: replace\n    pattern: [lm_head.weight, '*q_proj*']\n    with: /t\n",
        ours,
        {"/t": theirs},
    )
    assert r.report[0].matched == 3
    assert r.weights["lm_head.weight"].dtype == mx.float16
    assert mx.array_equal(r.weights["lm_head.weight"], theirs["lm_head.weight"].astype(mx.float16)).item()
    assert r.weights["model.layers.0.mlp.up_proj.weight"] is ours["model.layers.0.mlp.up_proj.weight"]


def test_prune_zero_and_magnitude():
    w = _weights()
    r = _apply("operations:\n  - op: prune\n    pattern: 'model.layers.0.*'\n", w)
    assert all(not r.weights[n].any().item() for n in w if n.startswith("model.layers.0."))
    assert r.weights["model.layers.1.mlp.up_proj.weight"].any().item()

    name = "model.layers.1.mlp.up_proj.weight"  # 24 entries -> exactly 9 zeroed at fraction 0.375
    r = _apply(
        f"operations:\n  - op: prune\n    pattern: {name}\n    method: magnitude\n    fraction: 0.375\n", w
    )
    before, after = _np(w[name]).ravel(), _np(r.weights[name]).ravel()
    zeroed = after == 0
    assert zeroed.sum() == 9
    assert np.abs(before[zeroed]).max() <= np.abs(before[~zeroed]).min()
    np.testing.assert_array_equal(after[~zeroed], before[~zeroed])


def test_prune_magnitude_ties_are_deterministic():
    w = {"a": mx.array([1.0, -1.0, 1.0, 2.0, -1.0, 3.0])}
    r = _apply("operations:\n  - op: prune\n    pattern: a\n    method: magnitude\n    fraction: 0.5\n", w)
    np.testing.assert_array_equal(np.array(r.weights["a"]), [0.0, 0.0, 0.0, 2.0, -1.0, 3.0])


@pytest.mark.parametrize("fraction", [0.1, 0.5, 0.93, 1.0])
def test_prune_magnitude_equals_a_stable_sort_reference(fraction):
    # values rounded to bf16 and a few NaNs: many ties, where only the tie rule decides
    values = mx.random.normal((37, 29), key=mx.random.key(7)).astype(mx.bfloat16)
    values = mx.where(mx.random.uniform(shape=values.shape, key=mx.random.key(8)) < 0.02, mx.nan, values)
    w = {"w": values.astype(mx.bfloat16)}
    r = _apply(
        f"operations:\n  - op: prune\n    pattern: w\n    method: magnitude\n    fraction: {fraction}\n", w
    )
    flat = _np(values).ravel()
    k = int(np.floor(fraction * flat.size + 1e-9))
    expected = flat.copy()
    expected[np.argsort(np.abs(flat), kind="stable")[:k]] = 0
    np.testing.assert_array_equal(_np(r.weights["w"]).ravel(), expected)
    assert r.weights["w"].dtype == mx.bfloat16


def test_drop_layers_renumbers_and_updates_config():
    w = _weights()
    w["model.layers.2.mlp.up_proj.weight"] = mx.full((6, 4), 2.0)
    w["model.layers.2.self_attn.q_proj.weight"] = mx.full((4, 4), 2.0, dtype=mx.bfloat16)
    config = {**CONFIG, "layer_types": ["full_attention", "sliding_attention", "full_attention"]}
    r = _apply("operations:\n  - op: prune\n    drop_layers: [1]\n", w, config=config)
    assert r.dropped_layers == (1,) and r.num_hidden_layers == 2
    assert r.config["num_hidden_layers"] == 2 and r.config["layer_types"] == [
        "full_attention",
        "full_attention",
    ]
    assert config["num_hidden_layers"] == 3  # the caller's config is not modified
    assert r.weights["model.layers.1.mlp.up_proj.weight"] is w["model.layers.2.mlp.up_proj.weight"]
    assert not any(n.startswith("model.layers.2.") for n in r.weights)
    assert r.report[0].matched == 2


def test_drop_by_pattern_then_later_ops_see_new_names():
    w = _weights()
    yaml_text = (
        "operations:\n"
        "  - op: prune\n    method: drop\n    pattern: 'model.layers.0.*'\n"
        "  - op: scale\n    pattern: 'model.layers.0.mlp.*'\n    factor: 2\n"
        "  - op: prune\n    drop_layers: [0]\n"
    )
    with pytest.raises(TransformError, match="all 1 layers"):
        _apply(yaml_text, w, config={**CONFIG, "num_hidden_layers": 2})
    r = _apply(yaml_text.rsplit("  - op: prune", 1)[0], w, config={**CONFIG, "num_hidden_layers": 2})
    np.testing.assert_array_equal(
        _np(r.weights["model.layers.0.mlp.up_proj.weight"]), _np(w["model.layers.1.mlp.up_proj.weight"]) * 2
    )
    assert r.dropped_layers == (0,) and r.num_hidden_layers == 1


def test_cancel_returns_input_untouched():
    w = _weights()
    cancel = threading.Event()
    cancel.set()
    spec = load_transform_spec("operations:\n  - op: scale\n    pattern: '*'\n    factor: 0\n")
    r = apply_transforms(w, spec, _no_other, cancel=cancel)
    assert r.cancelled and all(r.weights[n] is w[n] for n in w)


# ------------------------------------------------------------------------------------------------------ validation


@pytest.mark.parametrize(
    ("yaml_text", "message"),
    [
        ("operations: []\n", "non-empty list"),
        ("ops:\n  - op: scale\n", "operations"),
        ("operations:\n  - {op: scale, pattern: '*', factor: 1}\nextra: 1\n", "unknown top-level keys"),
        ("operations:\n  - op: shrink\n    pattern: '*'\n", r"operation 1 \(shrink\): unknown op"),
        ("operations:\n  - op: scale\n    pattern: '*'\n    factor: 2\n    weight: 1\n", "unknown keys"),
        ("operations:\n  - op: scale\n    pattern: '*'\n", "'factor' is required"),
        ("operations:\n  - op: scale\n    pattern: '*'\n    factor: lots\n", "must be a number"),
        ("operations:\n  - op: scale\n    pattern: '*'\n    factor: .inf\n", "finite"),
        ("operations:\n  - op: scale\n    factor: 2\n", "'pattern' is required"),
        (
            "operations:\n  - op: interpolate\n    pattern: '*'\n    with: /x\n    weight: 1.5\n",
            "between 0 and 1",
        ),
        ("operations:\n  - op: interpolate\n    pattern: '*'\n    weight: 0.5\n", "'with' must name"),
        (
            "operations:\n  - op: prune\n    pattern: '*'\n    method: magnitude\n    fraction: -0.1\n",
            "between 0",
        ),
        ("operations:\n  - op: prune\n    pattern: '*'\n    method: magnitude\n", "'fraction' is required"),
        (
            "operations:\n  - op: prune\n    pattern: '*'\n    fraction: 0.5\n",
            "only applies to method: magnitude",
        ),
        ("operations:\n  - op: prune\n    pattern: '*'\n    method: shave\n", "unknown method"),
        ("operations:\n  - op: prune\n    pattern: '*'\n    drop_layers: [1]\n", "without 'pattern'"),
        ("operations:\n  - op: prune\n    drop_layers: [x]\n", "layer numbers"),
        ("operations:\n  - {op: scale, pattern: '*', factor: 1}\n  - [1, 2]\n", "operation 2"),
        ("operations: [\n", "not valid YAML"),
    ],
)
def test_spec_errors(yaml_text, message):
    with pytest.raises(TransformError, match=message):
        load_transform_spec(yaml_text)


def test_drop_layers_ranges_parse():
    spec = load_transform_spec("operations:\n  - op: prune\n    drop_layers: [5, '1-3', 2]\n")
    assert spec.operations[0].drop_layers == (1, 2, 3, 5) and spec.operations[0].method == "drop"


@pytest.mark.parametrize(
    ("yaml_text", "others", "message"),
    [
        ("  - op: scale\n    pattern: 'model.decoder.*'\n    factor: 2\n", None, "matches no parameter"),
        ("  - op: scale\n    pattern: ['*mlp*', nope]\n    factor: 2\n", None, "'nope' matches no parameter"),
        ("  - op: replace\n    pattern: '*'\n    with: /o\n", {"/o": {}}, "missing in /o"),
        (
            "  - op: interpolate\n    pattern: lm_head.weight\n    with: /o\n    weight: 0.5\n",
            "shape",
            "shape",
        ),
        ("  - op: add\n    pattern: lm_head.weight\n    with: /o\n", "int", "int32 .*quantized or integer"),
        ("  - op: add\n    pattern: lm_head.weight\n    with: /o\n    base: /b\n", "nobase", "missing in /b"),
        ("  - op: prune\n    drop_layers: [7]\n", None, "no layer 7"),
        (
            "  - op: prune\n    method: drop\n    pattern: '*.0.mlp.*'\n",
            None,
            "leaves model.layers.0.self_attn",
        ),
        ("  - op: prune\n    method: drop\n    pattern: 'lm_head.*'\n", None, "outside them"),
    ],
)
def test_weight_errors_name_the_operation_and_apply_nothing(yaml_text, others, message):
    w = _weights()
    before = weights_hash(w)
    if others == "shape":
        others = {"/o": {"lm_head.weight": mx.zeros((4, 8))}}
    elif others == "int":
        others = {"/o": {"lm_head.weight": mx.zeros((8, 4), dtype=mx.int32)}}
    elif others == "nobase":
        others = {"/o": _weights(1), "/b": {}}
    text = "operations:\n  - op: scale\n    pattern: '*'\n    factor: 0\n" + yaml_text
    with pytest.raises(TransformError, match=r"operation 2 \(\w+\): .*" + message):
        _apply(text, w, others, config={**CONFIG, "num_hidden_layers": 2})
    assert weights_hash(w) == before


def test_integer_and_quantized_tensors_cannot_be_scaled():
    w = {"ids": mx.arange(4), "x.weight": mx.ones((4, 4))}
    with pytest.raises(TransformError, match="ids is int32"):
        _apply("operations:\n  - op: scale\n    pattern: '*'\n    factor: 2\n", w)
    q, scales, biases = mx.quantize(mx.random.normal((8, 64), key=mx.random.key(0)), group_size=32, bits=4)
    w = {"lin.weight": q, "lin.scales": scales, "lin.biases": biases}
    with pytest.raises(TransformError, match="lin.scales belongs to the quantized layer lin"):
        _apply("operations:\n  - op: scale\n    pattern: '*.scales'\n    factor: 2\n", w)
    with pytest.raises(TransformError, match="uint32"):
        _apply("operations:\n  - op: prune\n    pattern: lin.weight\n", w)
    r = _apply("operations:\n  - op: replace\n    pattern: 'lin.*'\n    with: /q\n", w, {"/q": dict(w)})
    assert r.sha256 == weights_hash(w)  # replacing with the same quantization is allowed
    with pytest.raises(TransformError, match="uint32 here but float32"):
        _apply(
            "operations:\n  - op: replace\n    pattern: lin.weight\n    with: /q\n",
            w,
            {"/q": {"lin.weight": mx.zeros(q.shape)}},
        )


def test_loader_failure_is_a_transform_error_with_index():
    spec = load_transform_spec("operations:\n  - op: replace\n    pattern: '*'\n    with: /missing\n")

    def load(path):
        raise ModelLoadError(f"No model at {path}.")

    with pytest.raises(
        TransformError, match=r"operation 1 \(replace\): could not load .*No model at /missing"
    ):
        apply_transforms(_weights(), spec, load)


def test_dropping_layers_needs_a_sound_config():
    for config, message in [
        (None, "must pass the model's config"),
        ({**CONFIG, "model_type": "gemma3_text"}, "'gemma3_text' model cannot be removed"),
        ({**CONFIG, "num_hidden_layers": 5}, "config says 5 layers but the weights have 2"),
    ]:
        with pytest.raises(TransformError, match=message):
            _apply("operations:\n  - op: prune\n    drop_layers: [0]\n", config=config)


def test_relative_paths_resolve_against_the_yaml_folder(tmp_path):
    (tmp_path / "sub" / "other").mkdir(parents=True)
    path = tmp_path / "sub" / "t.yaml"
    path.write_text(
        "operations:\n  - op: add\n    pattern: '*'\n    with: other\n    base: org/model-name\n"
        "  - op: replace\n    pattern: '*'\n    with: ../weights.gguf\n"
    )
    spec = load_transform_spec(path)
    assert spec.source == str(path.resolve())
    assert spec.operations[0].other == str((tmp_path / "sub" / "other").resolve())
    assert spec.operations[0].base == "org/model-name"  # a repo id that is no local path stays as written
    assert spec.operations[1].other == str((tmp_path / "weights.gguf").resolve())
    with pytest.raises(TransformError, match="Cannot read the transform file"):
        load_transform_spec(tmp_path / "absent.yaml")


# -------------------------------------------------------------------------------------------- determinism, hashing


def test_hash_is_an_independent_sha256_and_order_free():
    w = {"b": mx.array([[1.0, 2.0]]), "a": mx.array([3], dtype=mx.int32)}
    h = hashlib.sha256()
    h.update(b"a\0int32\x001\x004\0" + np.array([3], np.int32).tobytes())
    h.update(b"b\0float32\x001,2\x008\0" + np.array([[1.0, 2.0]], np.float32).tobytes())
    assert weights_hash(w) == h.hexdigest()
    assert weights_hash(dict(reversed(list(w.items())))) == h.hexdigest()
    assert weights_hash({"b": mx.array([[1.0, 2.0]]).astype(mx.float16), "a": w["a"]}) != h.hexdigest()
    strided = mx.array([[1.0, 9.0, 2.0]])[:, ::2]  # a non-contiguous view hashes like its values
    assert weights_hash({"b": strided, "a": w["a"]}) == h.hexdigest()


def test_same_yaml_same_checkpoints_same_bits(tmp_path):
    ours, theirs = _save(_model(0), tmp_path / "ours"), _save(_model(1), tmp_path / "finetuned")
    shutil.copy(EXAMPLES / "merge.yaml", tmp_path)
    hashes = {
        apply_transforms(
            load_safetensors_folder(ours),
            load_transform_spec(tmp_path / "merge.yaml"),
            load_safetensors_folder,
        ).sha256
        for _ in range(2)
    }
    assert len(hashes) == 1
    assert load_transform_spec(tmp_path / "merge.yaml").operations[0].other == str(theirs.resolve())
    changed = load_transform_spec(
        (tmp_path / "merge.yaml").read_text().replace("0.3", "0.31").replace("finetuned", str(theirs))
    )
    assert (
        apply_transforms(load_safetensors_folder(ours), changed, load_safetensors_folder).sha256 not in hashes
    )


# ----------------------------------------------------------------------------------- a real tiny mlx-lm llama model


def _logits(model: llama.Model) -> mx.array:
    out = model(mx.array([[1, 5, 9, 2, 7]]))
    mx.eval(out)
    return out


def test_llama_scale_lm_head_to_zero_gives_zero_logits(tmp_path):
    folder = _save(_model(0), tmp_path / "m")
    before = _file_hashes(tmp_path)
    model = llama.Model(llama.ModelArgs.from_dict(CONFIG))
    weights = load_safetensors_folder(folder)
    model.load_weights(list(weights.items()))
    assert _logits(model).abs().max().item() > 0
    result = apply_transforms(
        dict(tree_flatten(model.parameters())),
        load_transform_spec("operations:\n  - op: scale\n    pattern: lm_head.weight\n    factor: 0\n"),
        _no_other,
    )
    model.load_weights(list(result.weights.items()))
    assert _logits(model).abs().max().item() == 0
    assert _file_hashes(tmp_path) == before


def test_llama_examples_apply_and_disk_is_unchanged(tmp_path):
    ours, fine, base = _model(0), _model(1), _model(2)
    _save(ours, tmp_path / "ours")
    _save(fine, tmp_path / "finetuned")
    _save(base, tmp_path / "base")
    for example in sorted(EXAMPLES.glob("*.yaml")):
        shutil.copy(example, tmp_path)
    before = _file_hashes(tmp_path)
    reference = _logits(ours)
    for name in ("scale_mlp", "task_vector", "merge"):
        result = apply_transforms(
            load_safetensors_folder(tmp_path / "ours"),
            load_transform_spec(tmp_path / f"{name}.yaml"),
            load_safetensors_folder,
        )
        model = llama.Model(llama.ModelArgs.from_dict(CONFIG))
        model.load_weights(list(result.weights.items()))  # strict: every name and shape still fits the model
        assert not mx.allclose(_logits(model), reference).item(), name
    # task vector with factor 0.8 equals ours + 0.8 * (fine - base), checked through the forward pass
    result = apply_transforms(
        load_safetensors_folder(tmp_path / "ours"),
        load_transform_spec(tmp_path / "merge.yaml"),
        load_safetensors_folder,
    )
    mixed = llama.Model(llama.ModelArgs.from_dict(CONFIG))
    fine_w = dict(tree_flatten(fine.parameters()))
    expected = {
        n: (a * 0.7 + fine_w[n] * 0.3) if n.startswith("model.layers.") else a
        for n, a in tree_flatten(ours.parameters())
    }
    expected["model.norm.weight"] = fine_w["model.norm.weight"]
    mixed.load_weights(list(expected.items()))
    merged = llama.Model(llama.ModelArgs.from_dict(CONFIG))
    merged.load_weights(list(result.weights.items()))
    np.testing.assert_allclose(_np(_logits(merged)), _np(_logits(mixed)), atol=1e-5)
    assert _file_hashes(tmp_path) == before


def test_llama_drop_layer_equals_the_model_without_it(tmp_path):
    original = _model(3)
    folder = _save(original, tmp_path / "m")
    shutil.copy(EXAMPLES / "prune.yaml", tmp_path)
    before = _file_hashes(tmp_path)
    config = json.loads((folder / "config.json").read_text())
    spec = load_transform_spec(
        (tmp_path / "prune.yaml")
        .read_text()
        .replace("fraction: 0.5", "fraction: 0.0")  # only the drop matters here
    )
    result = apply_transforms(load_safetensors_folder(folder), spec, _no_other, config=config)
    assert result.dropped_layers == (2,) and result.config["num_hidden_layers"] == 2
    smaller = llama.Model(llama.ModelArgs.from_dict(result.config))
    smaller.load_weights(list(result.weights.items()))
    reference = _model(3)
    reference.model.layers = reference.model.layers[:2]  # the same model with its last block removed by hand
    np.testing.assert_allclose(_np(_logits(smaller)), _np(_logits(reference)), atol=1e-6)
    assert not mx.allclose(_logits(smaller), _logits(original)).item()
    full = apply_transforms(
        load_safetensors_folder(folder),
        load_transform_spec(tmp_path / "prune.yaml"),
        _no_other,
        config=config,
    )
    assert (
        full.report[0].matched == 9 and full.num_hidden_layers == 2
    )  # 3 MLP matrices in each of the 3 layers
    assert _file_hashes(tmp_path) == before


def test_sharded_folder_loads_like_one_file(tmp_path):
    weights = dict(tree_flatten(_model(0).parameters()))
    names = sorted(weights)
    half = len(names) // 2
    shards = {
        "model-00001-of-00002.safetensors": names[:half],
        "model-00002-of-00002.safetensors": names[half:],
    }
    for file, part in shards.items():
        mx.save_safetensors(str(tmp_path / file), {n: weights[n] for n in part})
    index = {"weight_map": {n: f for f, part in shards.items() for n in part}}
    (tmp_path / "model.safetensors.index.json").write_text(json.dumps(index))
    assert weights_hash(load_safetensors_folder(tmp_path)) == weights_hash(weights)
    with pytest.raises(ModelLoadError, match="No .safetensors"):
        load_safetensors_folder(tmp_path / "empty")
