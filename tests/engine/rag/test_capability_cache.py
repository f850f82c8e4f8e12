"""The capability check's verdict is saved on disk by model content: a second process (a second `alcove ask`)
does not run the probes again."""

from __future__ import annotations

import json
import shutil
import threading

import engine.rag.capability as capability
from app.cli.main import main
from engine.encoders import default_embedder_path, load_embedder
from engine.generation.prompt_cache import PromptCacheStore
from engine.index import IndexSummary, index_paths
from engine.models.loader import load_lm
from engine.rag.capability import CACHE_NAME, check_capability, verdict_key


def _counting(monkeypatch):
    calls = []
    real = capability.run_generation

    def counted(*a, **k):
        calls.append(1)
        yield from real(*a, **k)

    monkeypatch.setattr(capability, "run_generation", counted)
    return calls


def test_the_second_load_reads_the_saved_verdict_and_runs_no_probe(tiny_llama, monkeypatch,
                                                                    _capability_cache_in_tmp):  # fmt: skip
    calls = _counting(monkeypatch)
    first = check_capability(load_lm(str(tiny_llama)), PromptCacheStore(1 << 28))
    assert len(calls) == len(capability.PROBES)
    saved = json.loads((_capability_cache_in_tmp / CACHE_NAME).read_text())
    assert list(saved) == [verdict_key(load_lm(str(tiny_llama)))]
    again = load_lm(str(tiny_llama))  # a fresh load, as a second CLI call makes: nothing kept in lm.extra
    assert "rag_capability" not in again.extra
    second = check_capability(again, PromptCacheStore(1 << 28))
    assert len(calls) == len(capability.PROBES)  # no probe generated a token the second time
    assert second == first and again.extra["rag_capability"] == first


def test_the_same_weights_elsewhere_share_the_verdict_and_other_weights_do_not(tiny_llama, tiny_qwen3,
                                                                               tmp_path, monkeypatch):  # fmt: skip
    calls = _counting(monkeypatch)
    check_capability(load_lm(str(tiny_llama)), PromptCacheStore(1 << 28))
    copy = shutil.copytree(tiny_llama, tmp_path / "moved-llama")
    check_capability(load_lm(str(copy)), PromptCacheStore(1 << 28))
    assert len(calls) == len(capability.PROBES)  # identity by content, not by path
    check_capability(load_lm(str(tiny_qwen3)), PromptCacheStore(1 << 28))
    assert len(calls) == 2 * len(capability.PROBES)


def test_a_damaged_cache_file_is_ignored_and_rewritten(tiny_llama, monkeypatch, _capability_cache_in_tmp):
    _capability_cache_in_tmp.mkdir(parents=True)
    (_capability_cache_in_tmp / CACHE_NAME).write_text("{not json")
    calls = _counting(monkeypatch)
    cap = check_capability(load_lm(str(tiny_llama)), PromptCacheStore(1 << 28))
    assert len(calls) == len(capability.PROBES) and cap.probes == len(capability.PROBES)
    assert json.loads((_capability_cache_in_tmp / CACHE_NAME).read_text())  # valid again


def test_a_cancelled_check_is_not_saved(tiny_llama, _capability_cache_in_tmp):
    stop = threading.Event()
    stop.set()
    cap = check_capability(load_lm(str(tiny_llama)), PromptCacheStore(1 << 28), cancel=stop)
    assert not cap.capable and not (_capability_cache_in_tmp / CACHE_NAME).exists()


def test_the_second_alcove_ask_does_not_rerun_the_check(tiny_llama, tmp_path, monkeypatch, capsys,
                                                        _capability_cache_in_tmp):  # fmt: skip
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "zlib.txt").write_text("zlib was written by Jean-loup Gailly and Mark Adler in 1995.\n")
    db = tmp_path / "index.sqlite3"
    summary = [e for e in index_paths([docs], db, load_embedder(default_embedder_path()))
               if isinstance(e, IndexSummary)][0]  # fmt: skip
    assert not summary.error
    calls = _counting(monkeypatch)
    argv = ["ask", "Who wrote zlib?", "--db", str(db), "--model", str(tiny_llama), "--json"]
    outs = []
    for _ in range(2):  # two CLI calls: each loads the model afresh, as two processes would
        assert main(argv) == 0
        outs.append(json.loads(capsys.readouterr().out))
    assert len(calls) == len(capability.PROBES)  # only the first call ran the probes
    assert [o["stats"]["capable"] for o in outs] == [False, False]
    assert [o["answer_kind"] for o in outs] == ["extractive", "extractive"]


def test_a_model_with_a_measured_route_gets_it_without_the_probes(monkeypatch):
    """``--answer auto`` follows the measured default route of a model whose answers were measured (the real
    Qwen2.5-Coder 1.5B passes the probes but answers better extractively); any other model goes by the check."""
    import threading
    from types import SimpleNamespace

    from engine.core import AnswerMode
    from engine.rag import qa
    from engine.rag.capability import Capability, measured_route
    from engine.rag.models import RagModels
    from engine.rag.results import AskStats

    def named(name):
        return SimpleNamespace(info=SimpleNamespace(name=name), extra={})

    assert measured_route(named("qwen2.5-coder-1.5b-instruct-q4_k_m-1ea0c45c2de8")) == "extractive"
    assert measured_route(named("Qwen2.5-Coder-1.5B-Instruct-Q8_0")) == "extractive"
    assert measured_route(named("SmolLM2-135M-Instruct.Q4_1")) is None

    def probes(*_a, **_k):
        raise AssertionError("the probes ran for a measured model")

    monkeypatch.setattr(qa, "check_capability", probes)
    models = RagModels(named("qwen2.5-coder-1.5b-instruct-x"), None, None, None)
    mode, stats = qa._answer_mode(models, AskStats(), threading.Event())
    assert mode is AnswerMode.EXTRACTIVE and stats.answer_rule == "measured" and stats.capable is None
    monkeypatch.setattr(qa, "check_capability", lambda *_a, **_k: Capability(True, 2, 2, ("", "")))
    mode, stats = qa._answer_mode(
        RagModels(named("some-7b"), None, None, None), AskStats(), threading.Event()
    )
    assert mode is AnswerMode.GENERATIVE and stats.answer_rule == "capability" and stats.capable is True
