"""Draft compatibility is judged on the whole tokenizer, with a sentence for every difference."""

from __future__ import annotations

import json
import shutil
from types import SimpleNamespace

import pytest

from engine.models.loader import load_lm
from engine.speculative.compat import (
    DraftCompatibility,
    check_folders,
    check_loaded,
    draft_candidates,
    drafts_for_models,
)
from tests.tiny_models import make_tiny_model


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    return make_tiny_model(tmp_path_factory.mktemp("compat") / "target", "llama", seed=1)


def variant(base, dst, *, tokenizer=None, tok_config=None, config=None):
    shutil.copytree(base, dst)
    if tokenizer:
        data = json.loads((dst / "tokenizer.json").read_text())
        tokenizer(data)
        (dst / "tokenizer.json").write_text(json.dumps(data))
    if tok_config:
        for name in ("tokenizer_config.json", "special_tokens_map.json"):
            data = json.loads((dst / name).read_text())
            tok_config(data)
            (dst / name).write_text(json.dumps(data))
    if config:
        data = json.loads((dst / "config.json").read_text())
        config(data)
        (dst / "config.json").write_text(json.dumps(data))
    return dst


def test_identical_tokenizer_is_compatible(base, tmp_path):
    other = variant(base, tmp_path / "same")
    res = check_folders(base, other)
    assert isinstance(res, DraftCompatibility) and res.compatible and res.differences == ()
    assert "can draft for" in res.explanation
    with pytest.raises(AttributeError):
        res.compatible = False  # frozen


def test_swapped_ids_are_found_and_named(base, tmp_path):
    def swap(data):
        vocab = data["model"]["vocab"]
        a, b = "Paris", "Rome"
        if a not in vocab:
            a, b = sorted(vocab, key=vocab.get)[100], sorted(vocab, key=vocab.get)[101]
        vocab[a], vocab[b] = vocab[b], vocab[a]

    res = check_folders(base, variant(base, tmp_path / "swapped", tokenizer=swap))
    assert not res.compatible
    text = res.explanation
    assert "2 tokens map to different ids" in text and "in the target and" in text
    assert "cannot draft for" in text and "same family" in text


def test_different_vocabulary_size(base, tmp_path):
    other = make_tiny_model(tmp_path / "bigger", "llama", seed=1, vocab_size=400)  # 80 extra tokens
    res = check_folders(base, other)
    assert not res.compatible
    assert "has 320 tokens and the draft's has 400" in res.explanation
    assert "80 tokens exist only in the draft" in res.explanation


def test_different_special_tokens(base, tmp_path):
    def eos(data):
        data["eos_token"] = "<|endoftext|>"

    res = check_folders(base, variant(base, tmp_path / "eos", tok_config=eos))
    assert not res.compatible
    assert any("end-of-sequence" in d and "differs" in d for d in res.differences)

    def pad(data):
        data["pad_token"] = "<|im_start|>"

    res = check_folders(base, variant(base, tmp_path / "pad", tok_config=pad))
    assert any("padding token differs" in d and "<|im_start|>" in d for d in res.differences)


def test_a_different_chat_template_is_only_a_note(base, tmp_path):
    # the target's template formats the prompt and the draft only sees token ids (Qwen2.5-Coder 0.5B vs 1.5B)
    def template(data):
        if "chat_template" in data:
            data["chat_template"] = data["chat_template"].replace(
                "'<|im_start|>' + message['role']", "'<|im_start|>'"
            )

    res = check_folders(base, variant(base, tmp_path / "tmpl", tok_config=template))
    assert res.compatible and not res.differences
    assert "chat templates render conversations differently" in res.notes[0]

    def none(data):
        data.pop("chat_template", None)

    res = check_folders(base, variant(base, tmp_path / "notmpl", tok_config=none))
    assert res.compatible and res.notes[0].startswith("Only the target has a chat template.")


def test_padded_output_layer_is_only_a_note(base, tmp_path):
    def pad(data):
        data["vocab_size"] = 384

    res = check_folders(base, variant(base, tmp_path / "padded", config=pad))
    assert res.compatible and "padding" in res.notes[0]


def test_loaded_models_and_cached_result(base, tmp_path):
    target = load_lm(str(base))
    draft = load_lm(str(make_tiny_model(tmp_path / "draft", "llama", seed=2, num_hidden_layers=1)))
    res = check_loaded(target, draft)
    assert res.compatible
    assert check_loaded(target, draft) is res  # cached on the draft per target
    other = load_lm(str(make_tiny_model(tmp_path / "other", "llama", seed=2, vocab_size=352)))
    res2 = check_loaded(target, other)
    assert not res2.compatible and "352" in res2.explanation


def test_which_local_models_can_draft_for_which(base, tmp_path):
    small = make_tiny_model(tmp_path / "small", "llama", seed=3, num_hidden_layers=1)
    other = make_tiny_model(tmp_path / "other", "llama", seed=3, vocab_size=400, num_hidden_layers=1)
    pairs = draft_candidates([base, small, other, tmp_path / "missing"])
    assert [(p.target, p.draft) for p in pairs] == [(str(base), str(small))]
    models = [
        SimpleNamespace(name="big", path=str(base), kind="chat", size_bytes=200),
        SimpleNamespace(name="small", path=str(small), kind="chat", size_bytes=100),
        SimpleNamespace(name="other", path=str(other), kind="chat", size_bytes=50),
        SimpleNamespace(name="embed", path=str(small), kind="embedder", size_bytes=10),
    ]
    assert drafts_for_models(models) == {"big": ["small"]}


def test_best_draft_is_the_smallest_compatible_local_model(base, tmp_path):
    from engine.speculative import best_draft

    target = variant(base, tmp_path / "target")
    same_weights = variant(
        base, tmp_path / "copy-of-target"
    )  # identical content under another path: not a draft
    small = make_tiny_model(tmp_path / "small", "llama", seed=2, num_hidden_layers=1)
    smaller = make_tiny_model(
        tmp_path / "smaller", "llama", seed=3, num_hidden_layers=1, intermediate_size=32
    )
    foreign = variant(
        small, tmp_path / "foreign", tokenizer=lambda d: d["model"]["vocab"].update({"zzz": 999})
    )
    assert (smaller / "model.safetensors").stat().st_size < (small / "model.safetensors").stat().st_size
    candidates = [target, same_weights, small, smaller, foreign]
    assert best_draft(target, candidates) == str(smaller)
    assert best_draft(target, [target, same_weights, foreign]) is None
    assert best_draft(smaller, candidates) is None  # nothing smaller than the smallest
    assert best_draft(tmp_path / "absent", candidates) is None
