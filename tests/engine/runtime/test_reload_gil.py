"""Loading a model again holds the GIL as little as it can: the window's event loop runs on the GIL too (issue 38,
bench/bench_gui_latency.py). Reloading the same folder reuses its tokenizers; unloading skips the full garbage
collection when the weights were given back without it."""

from __future__ import annotations

import gc
import os
import shutil

import numpy as np

import engine.encoders.embedder as embedder_module
import engine.models.loader as loader_module
from engine.core import EmbedRequest, ModelRequest, Role
from engine.encoders import default_embedder_path


def _counting(monkeypatch, module, name):
    calls = []
    real = getattr(module, name)

    def counted(*a, **kw):
        calls.append(a)
        return real(*a, **kw)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_reloading_a_chat_model_reuses_its_tokenizer_until_its_files_change(
    engine, tiny_llama, tmp_path, monkeypatch
):
    folder = tmp_path / "m"
    shutil.copytree(tiny_llama, folder)
    loads = _counting(monkeypatch, loader_module, "load_tokenizer")
    engine.load_model(str(folder))
    engine.unload_model("chat")
    engine.load_model(str(folder))
    engine.ensure(ModelRequest(Role.CHAT, str(folder), reload=True))
    assert len(loads) == 1  # the first load only
    tj = folder / "tokenizer.json"
    tj.write_text(tj.read_text(encoding="utf-8"), encoding="utf-8")
    os.utime(tj, ns=(tj.stat().st_atime_ns, tj.stat().st_mtime_ns + 10**9))
    engine.unload_model("chat")
    engine.load_model(str(folder))
    assert len(loads) == 2  # a changed tokenizer file is read again


def test_unloading_frees_the_weights_without_a_full_collection(engine, tiny_llama, monkeypatch):
    engine.load_model(str(tiny_llama))
    collections = _counting(monkeypatch, gc, "collect")
    before = engine.memory().active_bytes
    assert engine.unload_model("chat") is True
    assert collections == []
    assert engine.memory().active_bytes < before  # the weights went back all the same


def test_reloading_the_embedder_reuses_its_tokenizers(engine, monkeypatch):
    reads = _counting(monkeypatch, embedder_module, "load_tokenizer")
    copies = _counting(monkeypatch, embedder_module, "_copy_tokenizer")
    embedder_module._KEPT.clear()
    path = str(default_embedder_path())
    engine.ensure(ModelRequest(Role.EMBEDDER, path))
    first = np.asarray(
        engine.embed(EmbedRequest(("a river",), embedder=ModelRequest(Role.EMBEDDER, path))).vectors
    )
    engine.unload_model("embedder")
    engine.ensure(ModelRequest(Role.EMBEDDER, path))
    assert (len(reads), len(copies)) == (1, 1)
    again = engine.embed(EmbedRequest(("a river",), embedder=ModelRequest(Role.EMBEDDER, path)))
    assert np.allclose(np.asarray(again.vectors), first)  # the same vectors from the kept tokenizers
