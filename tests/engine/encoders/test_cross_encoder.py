"""MLX cross-encoders vs transformers on tiny random BertForSequenceClassification / XLMRobertaForSequenceClassification
saved in the real on-disk format, with real (trained here) tokenizers."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pytest

from engine.core.errors import ModelLoadError
from engine.encoders.cross_encoder import load_cross_encoder
from tests.tiny_models import make_tiny_encoder, write_encoder_tokenizer

SENTENCES = [
    s
    for s in (Path(__file__).resolve().parents[3] / "tests" / "data" / "sentences.txt")
    .read_text(encoding="utf-8")
    .splitlines()
    if s
]
MAX_POS = 96


def make_tiny_reranker(folder: Path, arch: str, num_labels: int = 1, seed: int = 0):
    return make_tiny_encoder(
        folder, arch, num_labels=num_labels, vocab_size=400, max_positions=MAX_POS, seed=seed
    )


def reference_logits(model, folder: Path, query: str, passages, max_len: int) -> np.ndarray:
    """transformers on one padded batch, pairs encoded by the same tokenizer with only_second truncation."""
    import torch
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tok.enable_truncation(max_len, strategy="only_second")
    encs = tok.encode_batch([(query, p) for p in passages])
    L = max(len(e.ids) for e in encs)
    pad = model.config.pad_token_id
    ids = torch.full((len(encs), L), pad, dtype=torch.long)
    types = torch.zeros((len(encs), L), dtype=torch.long)
    mask = torch.zeros((len(encs), L), dtype=torch.long)
    for r, e in enumerate(encs):
        n = len(e.ids)
        ids[r, :n], types[r, :n], mask[r, :n] = torch.tensor(e.ids), torch.tensor(e.type_ids), 1
    kwargs = {"token_type_ids": types} if model.config.model_type == "bert" else {}
    with torch.no_grad():
        logits = model(input_ids=ids, attention_mask=mask, **kwargs).logits.numpy()
    return logits[:, 0] if logits.shape[1] == 1 else logits[:, 1] - logits[:, 0]


@pytest.mark.reference
@pytest.mark.parametrize("arch", ["bert", "xlm-roberta"])
def test_tiny_reranker_matches_transformers(tmp_path, arch):
    model = make_tiny_reranker(tmp_path / "r", arch)
    ce = load_cross_encoder(tmp_path / "r")
    assert ce.max_length == MAX_POS
    ce.max_batch_tokens = 300  # several length buckets: order must be restored
    query = "How do I serialize an object to JSON?"
    passages = SENTENCES[:30] + [" ".join(SENTENCES[30:40])]
    got = ce.score(query, passages)
    ref = reference_logits(model, tmp_path / "r", query, passages, MAX_POS)
    assert np.abs(np.array(got.raw) - ref).max() < 1e-4
    assert np.allclose(got.sigmoid, 1 / (1 + np.exp(-ref)), atol=1e-5)
    assert len(passages) - 1 in got.truncated
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(tmp_path / "r" / "tokenizer.json"))
    full = [len(tok.encode(query, p).ids) for p in passages]
    assert got.truncated == tuple(i for i, n in enumerate(full) if n > MAX_POS)
    # token_type_ids matter for BERT: the second segment is typed 1
    if arch == "bert":
        assert ce._pairs.encode(query, "x").type_ids[-1] == 1


@pytest.mark.reference
def test_two_label_head(tmp_path):
    model = make_tiny_reranker(tmp_path / "r2", "bert", num_labels=2, seed=2)
    ce = load_cross_encoder(tmp_path / "r2")
    passages = SENTENCES[50:58]
    got = ce.score("regular expressions", passages)
    ref = reference_logits(model, tmp_path / "r2", "regular expressions", passages, MAX_POS)
    assert np.abs(np.array(got.raw) - ref).max() < 1e-4


def test_empty_cancel_and_long_query(tmp_path):
    make_tiny_reranker(tmp_path / "r", "bert")
    ce = load_cross_encoder(tmp_path / "r")
    assert ce.score("q", []) == ce.score("q", ()) and ce.score("q", []).raw == ()
    ev = threading.Event()
    ev.set()
    assert ce.score("q", SENTENCES[:3], cancel=ev).cancelled
    long_query = " ".join(SENTENCES[:20])
    res = ce.score(long_query, SENTENCES[:3])  # only_second cannot fit: falls back to cutting both, reported
    assert res.truncated == (0, 1, 2) and len(res.raw) == 3 and all(np.isfinite(res.raw))


def test_errors(tmp_path):
    with pytest.raises(ModelLoadError, match="does not exist"):
        load_cross_encoder(tmp_path / "missing")
    from transformers import BertConfig, BertModel

    # a plain encoder (no classifier head) is refused with a clear reason
    folder = tmp_path / "enc"
    BertModel(
        BertConfig(
            vocab_size=400, hidden_size=32, num_hidden_layers=1, num_attention_heads=4, intermediate_size=64
        ),
        add_pooling_layer=False,
    ).save_pretrained(folder)
    write_encoder_tokenizer(folder, "bert", 400)
    with pytest.raises(ModelLoadError, match="sequence-classification"):
        load_cross_encoder(folder)
    (folder / "config.json").write_text("{not json")
    with pytest.raises(ModelLoadError, match="JSON"):
        load_cross_encoder(folder)
