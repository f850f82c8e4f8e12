"""Late interaction (ColBERT) encoder: parity with PyLate 1.6.0 on tiny random checkpoints that PyLate saved itself
(tests/data/colbert_tiny, made by make_colbert_reference.py), loaded through Alcove's loader; errors for
checkpoints it cannot run."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from engine.core.errors import ModelLoadError
from engine.encoders.colbert import load_late_encoder, maxsim

DATA = Path(__file__).resolve().parents[2] / "data" / "colbert_tiny"
VARIANTS = ("default", "no_expansion", "attend_expansion")


def _reference(folder: Path):
    texts = json.loads((folder / "texts.json").read_text(encoding="utf-8"))
    with np.load(folder / "reference.npz") as z:
        arrays = {k: z[k] for k in z.files}
    return texts["queries"], texts["documents"], arrays


@pytest.fixture(scope="module")
def reference():
    return _reference(DATA)


@pytest.mark.parametrize("variant", VARIANTS)
def test_token_vectors_and_scores_match_pylate(reference, variant):
    _check_against(DATA, reference, variant)


@pytest.mark.reference
@pytest.mark.skipif(
    importlib.util.find_spec("pylate") is None,
    reason="PyLate is not installed (see make_colbert_reference.py)",
)
def test_live_pylate(tmp_path):
    """With PyLate 1.6.0 importable (make_colbert_reference.py says how): fresh checkpoints, PyLate's own output."""
    from tests.engine.encoders.make_colbert_reference import write_reference

    write_reference(tmp_path / "ref")
    for variant in VARIANTS:
        _check_against(tmp_path / "ref", _reference(tmp_path / "ref"), variant)


def _check_against(folder: Path, reference, variant: str) -> None:
    queries, docs, ref = reference
    enc = load_late_encoder(folder / variant)
    enc.max_batch_tokens = 60  # several length buckets: the input order must be restored
    q = enc.encode_queries(queries).vectors
    d = enc.encode_documents(docs).vectors
    assert len(q) == len(queries) and len(d) == len(docs)
    for j, vecs in enumerate(q):
        want = ref[f"{variant}/q{j}"]
        assert vecs.shape == want.shape, (j, vecs.shape, want.shape)
        assert np.abs(vecs - want).max() < 2e-5
    for j, vecs in enumerate(d):
        want = ref[f"{variant}/d{j}"]
        assert vecs.shape == want.shape, (j, vecs.shape, want.shape)
        assert np.abs(vecs - want).max() < 2e-5
    scores = np.stack([maxsim(x, d) for x in q])
    np.testing.assert_allclose(scores, ref[f"{variant}/scores"], atol=1e-4)
    assert enc.dim == 128 and all(np.allclose(np.linalg.norm(v, axis=1), 1, atol=1e-5) for v in d if len(v))


def test_settings_read_from_the_checkpoint():
    default, plain = load_late_encoder(DATA / "default"), load_late_encoder(DATA / "no_expansion")
    assert (
        default.cfg.query_length == 16
        and default.cfg.document_length == 40
        and default.cfg.do_query_expansion
    )
    assert all(
        len(v) == 16 for v in default.encode_queries(["a", "a longer query about the weather"]).vectors
    )
    assert not plain.cfg.do_query_expansion and plain.cfg.document_length == 24
    # "the" is a skiplist word there, and a word missing from the vocabulary stands for [UNK] (as in PyLate)
    assert plain.tokenizer.token_to_id("the") in plain.cfg.skiplist_ids
    assert plain.tokenizer.token_to_id("[UNK]") in plain.cfg.skiplist_ids


def test_pruning_is_optional():
    enc = load_late_encoder(DATA / "default")
    text = "The weather, today: sunny (and warm)!"
    pruned, full = (
        enc.encode_documents([text]).vectors[0],
        enc.encode_documents([text], prune=False).vectors[0],
    )
    assert len(pruned) < len(full) == enc.count_tokens(text, prune=False)
    assert len(pruned) == enc.count_tokens(text)
    assert maxsim(full[:3], [pruned])[0] == pytest.approx(
        3.0, abs=1e-5
    )  # [CLS], [D] and the first word are kept


def test_cancel_is_a_result():
    import threading

    ev = threading.Event()
    ev.set()
    assert load_late_encoder(DATA / "default").encode_documents(["a", "b"], cancel=ev).cancelled


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "m"
    shutil.copytree(DATA / "default", folder)
    return folder


def test_a_plain_embedder_is_refused(tmp_path):
    folder = _copy(tmp_path)
    (folder / "modules.json").write_text(json.dumps([
        {"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
        {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
    ]))  # fmt: skip
    with pytest.raises(ModelLoadError, match="Transformer followed by one Dense"):
        load_late_encoder(folder)
    (folder / "modules.json").unlink()
    with pytest.raises(ModelLoadError, match="no modules.json"):
        load_late_encoder(folder)


def test_incompatible_projection_and_markers_are_refused(tmp_path):
    from safetensors.numpy import save_file

    folder = _copy(tmp_path)
    save_file(
        {"linear.weight": np.zeros((128, 48), np.float32)}, str(folder / "1_Dense" / "model.safetensors")
    )
    with pytest.raises(ModelLoadError, match="hidden size is 32"):
        load_late_encoder(folder)
    folder = _copy(tmp_path / "b")
    cfg = json.loads((folder / "1_Dense" / "config.json").read_text())
    (folder / "1_Dense" / "config.json").write_text(
        json.dumps(cfg | {"activation_function": "torch.nn.Tanh"})
    )
    with pytest.raises(ModelLoadError, match="activation 'Tanh'"):
        load_late_encoder(folder)
    folder = _copy(tmp_path / "c")
    st = json.loads((folder / "config_sentence_transformers.json").read_text())
    (folder / "config_sentence_transformers.json").write_text(json.dumps(st | {"query_prefix": "[unused0]"}))
    with pytest.raises(ModelLoadError, match="not a token of its tokenizer"):
        load_late_encoder(folder)
    with pytest.raises(ModelLoadError, match="does not exist"):
        load_late_encoder(tmp_path / "nowhere")
