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
