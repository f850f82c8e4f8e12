"""Bad GGUF input: metadata that contradicts the tensors, an unsupported family, a truncated file. Each is a clear
error before anything is written, and nothing half-imported is left in the cache."""

from __future__ import annotations

import pytest

from engine.core.errors import GGUFImportError
from engine.models.gguf.importer import import_gguf
from tests.tiny_gguf import write_tiny_gguf


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("ALCOVE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _nothing_left(home) -> bool:
    models = home / "cache" / "models"
    return not models.exists() or not any(models.iterdir())


@pytest.mark.parametrize(
    ("family", "lie", "words"),
    [
        ("qwen2", {"head_count": 8}, ["blk.0.attn_", "8/2 heads"]),
        ("qwen2", {"head_count_kv": 1}, ["blk.0.attn_", "4/1 heads"]),
        ("llama", {"embedding_length": 512}, ["token_embd.weight is"]),
        ("qwen3", {"feed_forward_length": 1024}, ["blk.0.ffn_", "feed-forward 1024"]),
        ("phi3", {"feed_forward_length": 384}, ["blk.0.ffn_", "feed-forward 384"]),
        ("gemma2", {"block_count": 3}, ["block_count = 3", "missing [2]"]),
        ("qwen2", {"block_count": 1}, ["block_count = 1", "extra [1]"]),
        ("qwen2", {"head_count": 3, "head_count_kv": 2}, ["multiple of kv heads"]),
        ("qwen2", {"rows_short": 10}, ["vocabulary has", "rows"]),
    ],
)
def test_metadata_that_contradicts_the_tensors_is_refused(home, tmp_path, family, lie, words):
    path = write_tiny_gguf(tmp_path / f"liar-{family}.gguf", family, lie=lie)
    with pytest.raises(GGUFImportError) as error:
        import_gguf(path, quantization="float32")
    message = str(error.value)
    assert "metadata contradicts its tensors" in message and "download it again" in message
    for word in words:
        assert word in message, (word, message)
    assert _nothing_left(home)


def test_an_honest_file_of_each_kind_passes_the_check(home, tmp_path):
    """The check must not refuse the files the lies above were made from."""
    for family in ("qwen2", "llama", "qwen3", "phi3", "gemma2"):
        assert import_gguf(write_tiny_gguf(tmp_path / f"{family}.gguf", family), quantization="float32")


@pytest.mark.parametrize("keep", [0.3, 0.9])
def test_a_truncated_file_is_refused_and_leaves_nothing(home, tmp_path, keep):
    whole = write_tiny_gguf(tmp_path / "whole.gguf", "qwen2").read_bytes()
    cut = tmp_path / "cut.gguf"
    cut.write_bytes(whole[: int(len(whole) * keep)])
    with pytest.raises(GGUFImportError):
        import_gguf(cut, quantization="keep")
    assert _nothing_left(home)
