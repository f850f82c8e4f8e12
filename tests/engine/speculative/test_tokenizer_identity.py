"""Draft pairing from the files alone: GGUF token lists and merges against folders' tokenizer.json, nothing loaded."""

from __future__ import annotations

import json
import shutil

import gguf
import pytest

from engine.speculative import best_draft, check_locations
from engine.speculative.tokenizer_identity import TokenizerUnreadable, compare, signature
from tests.tiny_models import make_tiny_model


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return make_tiny_model(tmp_path_factory.mktemp("ident") / "target", "llama", seed=1)


def write_gguf(path, tokens, merges, *, template="{{ messages }}", pad=0, eos=None, weight_bytes=0):
    """A GGUF holding only tokenizer metadata (llama.cpp's layout, ``pad`` [PADn] rows at the end) and one tensor."""
    import numpy as np

    w = gguf.GGUFWriter(str(path), "llama")
    toks = list(tokens) + [f"[PAD{len(tokens) + i}]" for i in range(pad)]
    w.add_tokenizer_model("gpt2")
    w.add_token_list(toks)
    w.add_token_types([1] * len(tokens) + [5] * pad)
    w.add_token_merges(list(merges))
    w.add_eos_token_id(len(tokens) - 1 if eos is None else eos)
    w.add_chat_template(template)
    w.add_tensor("token_embd.weight", np.zeros((max(1, weight_bytes // 4),), dtype=np.float32))
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    return path


def vocab_of(folder):
    data = json.loads((folder / "tokenizer.json").read_text())
    by_id = {i: t for t, i in data["model"]["vocab"].items()}
    for a in data.get("added_tokens") or ():
        by_id[a["id"]] = a["content"]
    merges = [m if isinstance(m, str) else " ".join(m) for m in data["model"].get("merges") or ()]
    return [by_id[i] for i in range(max(by_id) + 1)], merges


def test_a_gguf_with_the_folders_tokens_and_merges_can_draft_padding_rows_aside(folder, tmp_path):
    tokens, merges = vocab_of(folder)
    g = write_gguf(tmp_path / "same.gguf", tokens, merges, pad=7, template="another template")
    res = check_locations(folder, g)
    assert res.compatible, res.differences
    assert any("chat templates differ" in n for n in res.notes)
    assert signature(g).identity == signature(folder).identity


def test_a_gguf_whose_ids_mean_other_tokens_cannot_draft(folder, tmp_path):
    tokens, merges = vocab_of(folder)
    swapped = list(tokens)
    swapped[10], swapped[11] = swapped[11], swapped[10]
    res = check_locations(folder, write_gguf(tmp_path / "swapped.gguf", swapped, merges))
    assert not res.compatible
    assert "2 ids stand for different tokens" in res.differences[0] and "id 10" in res.differences[0]
    fewer = check_locations(folder, write_gguf(tmp_path / "fewer.gguf", tokens[:-3], merges))
    assert not fewer.compatible and f"has {len(tokens)} tokens" in fewer.differences[0]


def test_other_merges_mean_other_splits(folder, tmp_path):
    tokens, merges = vocab_of(folder)
    assert merges, "the tiny tokenizer is BPE with merges"
    res = check_locations(folder, write_gguf(tmp_path / "m.gguf", tokens, merges[:-1]))
    assert not res.compatible and "merge lists differ" in res.differences[0]


def test_best_draft_pairs_gguf_files_by_tokenizer_and_size(folder, tmp_path):
    tokens, merges = vocab_of(folder)
    big = write_gguf(tmp_path / "big.gguf", tokens, merges, weight_bytes=400_000)
    small = write_gguf(tmp_path / "small.gguf", tokens, merges, weight_bytes=40_000, template="other")
    foreign = write_gguf(tmp_path / "foreign.gguf", tokens[:-1] + ["zzz"], merges, weight_bytes=4_000)
    assert best_draft(big, [big, small, foreign, folder]) in (str(small), str(folder))
    assert best_draft(big, [big, foreign]) is None
    assert best_draft(small, [big]) is None  # a draft is smaller than its target


def test_unreadable_locations_say_why(tmp_path):
    with pytest.raises(TokenizerUnreadable):
        signature(tmp_path / "absent")
    (tmp_path / "notes.txt").write_text("hi")
    with pytest.raises(TokenizerUnreadable, match="neither a GGUF file"):
        signature(tmp_path / "notes.txt")


def test_a_cached_signature_is_read_again_when_the_file_changes(folder, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(folder, copy)
    first = signature(copy)
    data = json.loads((copy / "tokenizer.json").read_text())
    data["added_tokens"].append({"id": len(first.tokens), "content": "<new>", "special": True})
    (copy / "tokenizer.json").write_text(json.dumps(data))
    assert len(signature(copy).tokens) == len(first.tokens) + 1
    assert not compare(first, signature(copy)).compatible


def test_the_built_in_gemma3_cannot_draft_for_smollm2_and_that_is_known_before_loading():
    # issue 36: gemma3-270m was offered as SmolLM2's draft, loaded for 65 s and failed; the files say so in seconds
    from engine.models.builtin import gemma3_cached_path, smollm2_gguf_path

    smol = smollm2_gguf_path()
    gemma = gemma3_cached_path()
    if not gemma.is_file():
        pytest.skip("the Gemma 3 GGUF is assembled on first use")
    res = check_locations(smol, gemma)
    assert not res.compatible
    assert "49152 tokens" in res.differences[0] or "sentencepiece" in res.differences[0]
    assert best_draft(gemma, [smol]) is None and best_draft(smol, [gemma]) is None


def test_padding_rows_kept_as_vocabulary_by_a_converter_are_not_tokens(folder, tmp_path):
    # transformers' GGUF conversion writes llama.cpp's [PADn] rows into tokenizer.json's vocabulary (the real Qwen)
    padded = tmp_path / "padded"
    shutil.copytree(folder, padded)
    data = json.loads((padded / "tokenizer.json").read_text())
    n = len(signature(folder).tokens)
    data["model"]["vocab"].update({f"[PAD{n + i}]": n + i for i in range(5)})
    (padded / "tokenizer.json").write_text(json.dumps(data))
    tokens, merges = vocab_of(folder)
    assert check_locations(padded, write_gguf(tmp_path / "g.gguf", tokens, merges, pad=5)).compatible
    assert signature(padded).identity == signature(folder).identity
