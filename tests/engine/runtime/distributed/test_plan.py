"""The split plan: layers in proportion to free memory, each rank's bytes, refusals in words."""

from __future__ import annotations

import json

import pytest

from engine.runtime.distributed.pairing import DistributedError
from engine.runtime.distributed.plan import (
    WeightSizes,
    free_memory_bytes,
    pipeline_support,
    plan_pipeline,
    weight_sizes,
)

GB = 10**9


def _sizes(n_layers=8, layer=GB, shared=GB // 2):
    return WeightSizes(tuple([layer] * n_layers), shared, 2)


def test_equal_memory_splits_evenly_and_rank0_runs_the_last_layers():
    plan = plan_pipeline(_sizes(), [16 * GB, 16 * GB], hidden_size=4096)
    assert plan.layers_per_rank == (4, 4)
    # mlx-lm's convention: the helper (rank 1) runs the first layers, this Mac (rank 0) the last and samples
    assert plan.layer_ranges == ((4, 8), (0, 4))
    assert plan.bytes_per_rank == (GB // 2 + 4 * GB, GB // 2 + 4 * GB)


def test_layers_follow_free_memory():
    plan = plan_pipeline(_sizes(n_layers=12), [30 * GB, 10 * GB], hidden_size=4096)
    assert plan.layers_per_rank == (9, 3)
    assert sum(plan.layers_per_rank) == 12
    plan = plan_pipeline(_sizes(n_layers=12), [10 * GB, 30 * GB], hidden_size=4096)
    assert plan.layers_per_rank == (3, 9)
    assert plan.layer_ranges == ((9, 12), (0, 9))


def test_uneven_layer_sizes_are_split_by_bytes_not_count():
    sizes = WeightSizes((4 * GB, GB, GB, GB, GB), 0, 2)  # one fat first layer
    plan = plan_pipeline(sizes, [10 * GB, 10 * GB], hidden_size=1024)
    assert plan.layers_per_rank == (4, 1) and plan.bytes_per_rank == (4 * GB, 4 * GB)


def test_every_rank_gets_at_least_one_layer():
    plan = plan_pipeline(_sizes(n_layers=4, layer=10, shared=0), [10**12, 10**6], hidden_size=64)
    assert min(plan.layers_per_rank) >= 1 and sum(plan.layers_per_rank) == 4


def test_a_model_that_does_not_fit_is_refused_before_loading():
    with pytest.raises(DistributedError, match="does not fit"):
        plan_pipeline(_sizes(n_layers=8), [4 * GB, 4 * GB], hidden_size=4096)
    with pytest.raises(DistributedError, match="not enough even for the embeddings"):
        plan_pipeline(_sizes(shared=6 * GB), [64 * GB, 5 * GB], hidden_size=4096)
    with pytest.raises(DistributedError, match="fewer than the 2 machines"):
        plan_pipeline(_sizes(n_layers=1), [64 * GB, 64 * GB], hidden_size=4096)


def test_a_model_two_machines_hold_that_one_cannot():
    sizes = _sizes(n_layers=32, layer=GB, shared=GB)  # 33 GB
    with pytest.raises(DistributedError):
        plan_pipeline(sizes, [24 * GB], hidden_size=4096)
    plan = plan_pipeline(sizes, [24 * GB, 24 * GB], hidden_size=4096)
    assert all(b <= 24 * GB * 0.9 for b in plan.bytes_per_rank)


def test_bytes_sent_per_token_counts_the_hidden_states_crossing_the_link():
    plan = plan_pipeline(_sizes(), [16 * GB, 16 * GB], hidden_size=4096)
    h = 4096 * 2  # bfloat16 activations
    assert plan.bytes_sent_per_token() == h + 2 * h + 2 * 8
    shown = plan.describe()
    assert "rank 0 (this Mac): layers 4-7 (4)" in shown and "rank 1 (helper 1): layers 0-3 (4)" in shown
    assert plan.as_json()["bytes_sent_per_token"] == plan.bytes_sent_per_token()


@pytest.fixture(scope="module")
def tiny_qwen2(tmp_path_factory):
    from tests.tiny_models import make_tiny_model

    return make_tiny_model(tmp_path_factory.mktemp("qwen2"), "llama", model_type="qwen2",
                           architectures=["Qwen2ForCausalLM"], num_hidden_layers=4)  # fmt: skip


def test_weight_sizes_read_from_the_safetensors_headers(tiny_qwen2):
    import mlx.core as mx

    weights = mx.load(str(tiny_qwen2 / "model.safetensors"))
    sizes = weight_sizes(tiny_qwen2, 4)
    for i in range(4):
        assert sizes.layer_bytes[i] == sum(v.nbytes for k, v in weights.items() if f"layers.{i}." in k)
    assert sizes.shared_bytes == sum(v.nbytes for k, v in weights.items() if ".layers." not in k)
    assert sizes.activation_itemsize == 4  # float32 here


def test_which_families_mlx_lm_can_split_by_layers(tiny_qwen2):
    assert pipeline_support(json.loads((tiny_qwen2 / "config.json").read_text())) is None
    why = pipeline_support({"model_type": "llama"})
    assert why is not None and "tensor parallelism" in why and "qwen2" in why
    assert "no model class" in pipeline_support({"model_type": "no-such-family"})


def test_free_memory_is_a_plausible_figure():
    assert 10**7 < free_memory_bytes() < 10**14


def test_after_a_fault_the_user_learns_whether_the_model_fits_here_alone(tiny_qwen2):
    from engine.runtime.distributed import fits_here

    size = sum(f.stat().st_size for f in tiny_qwen2.glob("*.safetensors"))
    assert fits_here(tiny_qwen2, free=10**10)[0]
    assert not fits_here(tiny_qwen2, free=size)[0]  # within 90% of free memory, as the plan's headroom
    assert f"{size / 1e9:.2f} GB, 0.00 GB free" in fits_here(tiny_qwen2, free=1000)[1]


def test_a_helper_beyond_the_local_network_is_refused_unless_asked(tiny_qwen2):
    from engine.runtime.distributed import DistributedError, DistributedSession

    with pytest.raises(DistributedError, match="not on this Mac or the local network"):
        DistributedSession("8.8.8.8:7470", "ABCD2345", tiny_qwen2)  # refused before any connection
    for local in ("127.0.0.1:7470", "192.168.1.20:7470", "169.254.3.4:7470", "10.0.0.2:7470"):
        DistributedSession(local, "ABCD2345", tiny_qwen2)
    DistributedSession("8.8.8.8:7470", "ABCD2345", tiny_qwen2, allow_public=True)
