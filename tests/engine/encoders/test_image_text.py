"""The MLX image-text embedder (CLIP, SigLIP): parity with transformers' CLIPModel and SiglipModel on tiny random
models saved in the real on-disk format (image and text embeddings), preprocessing parity with transformers' PIL
image processors, and clear errors for checkpoints it cannot run."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from engine.core.errors import ModelLoadError
from engine.encoders.image_text import load_image_text_embedder
from tests.tiny_image_text import make_tiny_clip, make_tiny_siglip

TEXTS = [
    "a photo of a cat",
    "red car",
    "the sky at night over the sea",
    "",
    "scan of an invoice receipt " * 6,
]


@pytest.fixture(scope="module")
def clip(tmp_path_factory):
    folder = tmp_path_factory.mktemp("clip")
    return make_tiny_clip(folder), folder


@pytest.fixture(scope="module")
def siglip(tmp_path_factory):
    folder = tmp_path_factory.mktemp("siglip")
    return make_tiny_siglip(folder), folder


def _images(n: int, seed: int = 0):
    from PIL import Image

    rng = np.random.default_rng(seed)
    sizes = [(40, 56), (71, 33), (32, 32), (20, 90), (17, 12)][
        :n
    ]  # wide, tall, exact, thin, smaller than the crop
    return [Image.fromarray(rng.integers(0, 256, (h, w, 3), dtype=np.uint8)) for h, w in sizes]


def _normalised(t) -> np.ndarray:
    import torch

    t = getattr(t, "pooler_output", t)
    return torch.nn.functional.normalize(t, dim=-1).numpy()


def _reference_pixels(family: str, folder: Path, images) -> np.ndarray:
    from transformers.models.clip.image_processing_pil_clip import CLIPImageProcessorPil
    from transformers.models.siglip.image_processing_pil_siglip import SiglipImageProcessorPil

    cls = CLIPImageProcessorPil if family == "clip" else SiglipImageProcessorPil
    proc = cls.from_pretrained(str(folder))
    return np.asarray(proc(images=images, return_tensors="np")["pixel_values"], np.float32)


@pytest.mark.parametrize("family", ["clip", "siglip"])
def test_preprocessing_matches_transformers(family, clip, siglip):
    _, folder = clip if family == "clip" else siglip
    emb = load_image_text_embedder(folder)
    images = _images(5)
    ours = np.stack([emb.preprocessor(im) for im in images])
    ref = _reference_pixels(family, folder, images)
    assert ours.shape == ref.shape == (5, 3, 32, 32)
    assert np.abs(ours - ref).max() < 1e-5


@pytest.mark.parametrize("family", ["clip", "siglip"])
def test_image_and_text_embeddings_match_transformers(family, clip, siglip):
    import torch

    model, folder = clip if family == "clip" else siglip
    emb = load_image_text_embedder(folder)
    images = _images(5, seed=1)
    pixels = _reference_pixels(family, folder, images)
    ours = emb.embed_images(images)
    with torch.no_grad():
        ref = _normalised(model.get_image_features(pixel_values=torch.tensor(pixels)))
    assert ours.shape == (5, emb.dim) and ours.dtype == np.float32
    assert np.abs(ours - ref).max() < 2e-5
    texts = emb.embed_texts(TEXTS)
    ids = emb.token_ids(TEXTS)
    assert all(len(r) <= emb.cfg.max_text_tokens for r in ids)
    if family == "siglip":  # padded to its whole context, as SigLIP was trained
        assert {len(r) for r in ids} == {emb.cfg.max_text_tokens}
    with torch.no_grad():
        ref = np.concatenate([_normalised(model.get_text_features(input_ids=torch.tensor(r[None].astype(np.int64))))
                              for r in ids])  # fmt: skip
    assert np.abs(texts - ref).max() < 2e-5
    # the batched image path gives each image what it gets alone
    emb.max_batch_images = 2
    assert np.abs(emb.embed_images(images) - ours).max() < 1e-6


def test_clip_text_is_pooled_at_the_end_token_not_the_last_position(clip):
    """The pooled token is the first end token: a text cut to the context keeps its end token; ids after it would
    not matter (causal), and the old-config rule (eos id 2) pools at the highest id, as transformers does."""
    import torch

    model, folder = clip
    emb = load_image_text_embedder(folder)
    long_text = " ".join(["cat"] * 40)
    (ids,) = emb.token_ids([long_text])
    assert len(ids) == emb.cfg.max_text_tokens and ids[-1] == emb.cfg.eos_token_id
    with torch.no_grad():
        ref = _normalised(model.get_text_features(input_ids=torch.tensor(ids[None].astype(np.int64))))
    assert np.abs(emb.embed_texts([long_text]) - ref).max() < 2e-5


def test_legacy_eos_id_two_pools_at_the_highest_id(tmp_path):
    import torch

    model = make_tiny_clip(tmp_path, eos_token_id=2, seed=3)
    emb = load_image_text_embedder(tmp_path)
    ids = np.array([[97, 5, 9, 98]], np.int32)
    import mlx.core as mx

    ours = np.asarray(emb._text_features(mx.array(ids)))
    with torch.no_grad():
        ref = model.get_text_features(input_ids=torch.tensor(ids.astype(np.int64)))
    ref = getattr(ref, "pooler_output", ref).numpy()
    assert np.abs(ours - ref).max() < 2e-5


def test_incompatible_checkpoints_are_refused_clearly(tmp_path, clip):
    _, folder = clip
    bert = tmp_path / "bert"
    bert.mkdir()
    (bert / "config.json").write_text(json.dumps({"model_type": "bert", "architectures": ["BertModel"]}))
    with pytest.raises(ModelLoadError, match="not an image-text model.*CLIPModel or SiglipModel"):
        load_image_text_embedder(bert)
    tower = tmp_path / "tower"
    tower.mkdir()
    (tower / "config.json").write_text(json.dumps({"model_type": "clip_vision_model"}))
    with pytest.raises(ModelLoadError, match="not an image-text model"):
        load_image_text_embedder(tower)
    half = tmp_path / "half"
    shutil.copytree(folder, half)
    cfg = json.loads((half / "config.json").read_text())
    cfg.pop("text_config")
    cfg["model_type"] = "clip"
    (half / "config.json").write_text(json.dumps(cfg))
    with pytest.raises(ModelLoadError, match="vision_config and text_config"):
        load_image_text_embedder(half)
    wrong = tmp_path / "wrong"
    shutil.copytree(folder, wrong)
    cfg = json.loads((wrong / "config.json").read_text())
    cfg["vision_config"]["hidden_size"] = 48
    (wrong / "config.json").write_text(json.dumps(cfg))
    with pytest.raises(ModelLoadError, match="do not belong together"):
        load_image_text_embedder(wrong)
    with pytest.raises(ModelLoadError, match="does not exist"):
        load_image_text_embedder(tmp_path / "nowhere")


def _tiny_spiece(folder: Path) -> Path:
    """A small SentencePiece unigram model trained here (ids as Google's SigLIP: pad 0, end 1, unknown 2)."""
    import io

    import sentencepiece as spm

    from tests.tiny_image_text import WORDS

    rng = np.random.default_rng(0)
    sents = [
        " ".join(rng.choice(WORDS, 6)) + ", and " + str(rng.choice(WORDS)).capitalize() + "!"
        for _ in range(400)
    ]
    buf = io.BytesIO()
    spm.SentencePieceTrainer.train(sentence_iterator=iter(sents), model_writer=buf, vocab_size=80,
                                   model_type="unigram", pad_id=0, eos_id=1, unk_id=2, bos_id=-1,
                                   add_dummy_prefix=False, character_coverage=1.0, minloglevel=2)  # fmt: skip
    (folder / "spiece.model").write_bytes(buf.getvalue())
    return folder / "spiece.model"


def test_siglip_sentencepiece_folder_tokenizes_and_embeds_as_transformers(tmp_path):
    """Google's SigLIP folders have spiece.model and no tokenizer.json: ids as transformers' SiglipTokenizer gives
    them (lower-cased, punctuation dropped, the end token last), padded to the context, embedded the same."""
    import torch
    from transformers import SiglipTokenizer

    model = make_tiny_siglip(tmp_path, seed=7)
    (tmp_path / "tokenizer.json").unlink()
    ref_tok = SiglipTokenizer(vocab_file=str(_tiny_spiece(tmp_path)))
    emb = load_image_text_embedder(tmp_path)
    texts = ["A photo of a cat.", "  Red car,   blue SKY!! ", "", "unknownword xyz sea", "\u2581sea\u2581moon",
             " ".join(["river"] * 30)]  # fmt: skip
    ref = ref_tok(texts, padding="max_length", max_length=emb.cfg.max_text_tokens, truncation=True).input_ids
    ours = emb.token_ids(texts)
    assert [list(r) for r in ours[:5]] == [list(r) for r in ref[:5]]
    assert list(ours[5][-1:]) == [ref_tok.eos_token_id]  # cut to the context, the end token kept (as CLIP)
    with torch.no_grad():
        want = _normalised(model.get_text_features(input_ids=torch.tensor(np.stack(ours).astype(np.int64))))
    assert np.abs(emb.embed_texts(texts) - want).max() < 2e-5


def test_the_catalog_offers_the_real_checkpoints_as_optional_image_models():
    from engine.models import load_catalog

    found = {m.repo: m for m in load_catalog().models if m.kind == "image-text"}
    assert set(found) == {"openai/clip-vit-base-patch32", "google/siglip-base-patch16-224"}
    assert {m.family for m in found.values()} == {"clip", "siglip"}


def test_a_local_clip_or_siglip_folder_is_an_image_text_model_not_a_chat_model():
    from engine.models.catalog import _kind

    assert _kind({"model_type": "clip", "architectures": ["CLIPModel"]}) == "image-text"
    assert _kind({"model_type": "siglip"}) == "image-text"
    assert _kind({"model_type": "llama"}) == "chat"


@pytest.mark.parametrize("name", ["quick_gelu", "gelu_pytorch_tanh", "gelu"])
def test_the_compiled_activations_match_their_definitions(name):
    import math

    import mlx.core as mx

    from engine.encoders.image_towers import activation

    x = np.concatenate([np.linspace(-60, 60, 4001), np.linspace(-3, 3, 2001)]).astype(np.float32)
    got = np.asarray(activation(name, mx.array(x))).astype(np.float64)
    z = x.astype(np.float64)
    if name == "quick_gelu":
        want = z / (1 + np.exp(-1.702 * z))
    elif name == "gelu":
        want = 0.5 * z * (1 + np.vectorize(math.erf)(z / math.sqrt(2)))
    else:
        want = 0.5 * z * (1 + np.tanh(math.sqrt(2 / math.pi) * (z + 0.044715 * z**3)))
    assert np.all(np.abs(got - want) <= 1e-5 * np.maximum(1.0, np.abs(want)))
