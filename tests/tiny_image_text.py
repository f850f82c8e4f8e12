"""Tiny random CLIPModel / SiglipModel folders saved by transformers in the real on-disk format (config.json,
model.safetensors, preprocessor_config.json) with a small word-level tokenizer.json, for tests and benchmarks."""

from __future__ import annotations

from pathlib import Path

WORDS = (
    "a photo of the cat dog red blue green car tree house sky sea page scan text invoice receipt map chart "
    "person face mountain river city night day sun moon flower bird book table chair window door road"
).split()


def tiny_tokenizer_json(vocab_size: int, bos: int | None, eos: int, pad: int) -> str:
    """A lower-casing word-level tokenizer: [bos] words [eos]; unknown words map to id 0."""
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors

    vocab = {"<unk>": 0, "<pad>": pad}
    for i, w in enumerate(WORDS):
        vocab[w] = 2 + i
    specials = {eos: "<|endoftext|>"} | ({bos: "<|startoftext|>"} if bos is not None else {})
    for i, s in specials.items():
        vocab[s] = i
    assert max(vocab.values()) < vocab_size and len(set(vocab.values())) == len(vocab)
    tok = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    tok.normalizer = normalizers.Lowercase()
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    single = ("<|startoftext|> " if bos is not None else "") + "$A <|endoftext|>"
    tok.post_processor = processors.TemplateProcessing(
        single=single, special_tokens=[(s, i) for i, s in specials.items()]
    )
    return tok.to_str()


def make_tiny_clip(folder: Path, *, seed: int = 0, hidden: int = 32, layers: int = 2, heads: int = 4,
                   image_size: int = 32, patch: int = 8, projection: int = 24, eos_token_id: int = 98,
                   intermediate: int | None = None, text_hidden: int | None = None,
                   text_heads: int | None = None):  # fmt: skip
    """A random CLIPModel saved to ``folder``; returns the torch model (eval mode)."""
    import torch
    from transformers import CLIPConfig, CLIPModel
    from transformers.models.clip.image_processing_pil_clip import CLIPImageProcessorPil

    torch.manual_seed(seed)
    th = text_hidden or hidden
    text_inter = 4 * th if text_hidden else intermediate or 2 * th
    text = dict(vocab_size=99, hidden_size=th, intermediate_size=text_inter, num_hidden_layers=layers,
                num_attention_heads=text_heads or heads, max_position_embeddings=16, eos_token_id=eos_token_id,
                bos_token_id=97, pad_token_id=1)  # fmt: skip
    vision = dict(hidden_size=hidden, intermediate_size=intermediate or 2 * hidden, num_hidden_layers=layers,
                  num_attention_heads=heads, image_size=image_size, patch_size=patch)  # fmt: skip
    model = CLIPModel(CLIPConfig(text_config=text, vision_config=vision, projection_dim=projection)).eval()
    _randomise(model, seed)
    _save(model, folder)
    CLIPImageProcessorPil(size={"shortest_edge": image_size},
                          crop_size={"height": image_size, "width": image_size}).save_pretrained(folder)  # fmt: skip
    (folder / "tokenizer.json").write_text(tiny_tokenizer_json(99, 97, 98, 1), encoding="utf-8")
    return model


def make_tiny_siglip(folder: Path, *, seed: int = 0, hidden: int = 32, layers: int = 2, heads: int = 4,
                     image_size: int = 32, patch: int = 8):  # fmt: skip
    """A random SiglipModel saved to ``folder``; returns the torch model (eval mode)."""
    import torch
    from transformers import SiglipConfig, SiglipModel
    from transformers.models.siglip.image_processing_pil_siglip import SiglipImageProcessorPil

    torch.manual_seed(seed)
    text = dict(vocab_size=99, hidden_size=hidden, intermediate_size=2 * hidden, num_hidden_layers=layers,
                num_attention_heads=heads, max_position_embeddings=16, eos_token_id=98, pad_token_id=1)  # fmt: skip
    vision = dict(hidden_size=hidden, intermediate_size=2 * hidden, num_hidden_layers=layers,
                  num_attention_heads=heads, image_size=image_size, patch_size=patch)  # fmt: skip
    model = SiglipModel(SiglipConfig(text_config=text, vision_config=vision)).eval()
    _randomise(model, seed)
    _save(model, folder)
    SiglipImageProcessorPil(size={"height": image_size, "width": image_size}).save_pretrained(folder)
    (folder / "tokenizer.json").write_text(tiny_tokenizer_json(99, None, 98, 1), encoding="utf-8")
    return model


def _save(model, folder: Path) -> None:
    """save_pretrained without its progress bar (tqdm's monitor thread would outlive a test that checks threads)."""
    from transformers.utils import logging as hf_logging

    folder.mkdir(parents=True, exist_ok=True)
    was = hf_logging.is_progress_bar_enabled()
    hf_logging.disable_progress_bar()
    try:
        model.save_pretrained(folder, safe_serialization=True)
    finally:
        if was:
            hf_logging.enable_progress_bar()


def _randomise(model, seed: int) -> None:
    """Every parameter random (LayerNorms and biases too, which init leaves at 1 and 0), so each one is tested."""
    import torch

    g = torch.Generator().manual_seed(seed + 1)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if name.endswith("logit_scale") or name.endswith("logit_bias"):
                continue
            base = 1.0 if ("norm" in name or "layrnorm" in name) and name.endswith("weight") else 0.0
            p.copy_(base + 0.2 * torch.randn(p.shape, generator=g))
