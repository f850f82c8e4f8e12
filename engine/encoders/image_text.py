"""Image-text embedders of the CLIP and SigLIP families in MLX: a ViT vision tower and a text tower that put
images and text queries in one space, loaded from a Hugging Face ``CLIPModel`` / ``SiglipModel`` folder
(config.json + model.safetensors + tokenizer.json + preprocessor_config.json).

CLIP: class token, pre-LayerNorm, post-LayerNorm of the class token, bias-free projections; a causal text tower
pooled at the first end-of-text token (or, in old configs whose eos id is 2, the highest id). SigLIP: no class
token, a multi-head attention pooling head over the patches; a bidirectional text tower fed padded to its full
length and pooled at the last position, then a linear head. Vectors come out L2-normalised (cosine = dot).
Every method that runs the model does MLX work: engine thread only. Preprocessing (``ImagePreprocessor``) does not.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from engine.core import ModelLoadError
from engine.encoders.bert import load_safetensors, load_tokenizer, read_config_json
from engine.encoders.image_preprocess import ImagePreprocessor, read_preprocessor
from engine.encoders.image_towers import TowerConfig, pack_tower, pool_map_head, run_tower
from engine.encoders.siglip_tokenizer import load_siglip_tokenizer

log = logging.getLogger(__name__)

_FAMILIES = {"clip": "clip", "siglip": "siglip"}
_ARCHITECTURES = {"CLIPModel": "clip", "SiglipModel": "siglip"}


@dataclass(frozen=True)
class ImageTextConfig:
    family: str  # clip | siglip
    vision: TowerConfig
    text: TowerConfig
    image_size: int
    patch_size: int
    vocab_size: int
    max_text_tokens: int
    eos_token_id: int
    pad_token_id: int
    dim: int  # the shared space


class ImageTextEmbedder:
    """Embeds images (preprocessed pixels) and texts into one space; MLX work, engine thread only."""

    def __init__(self, name: str, cfg: ImageTextConfig, params: dict, tokenizer, preprocessor: ImagePreprocessor,
                 max_batch_images: int = 16) -> None:  # fmt: skip
        self.name, self.cfg, self.params = name, cfg, params
        self.tokenizer = tokenizer
        self.preprocessor = preprocessor
        self.max_batch_images = max_batch_images
        self.source = ""  # the folder it was loaded from (an index records it)

    @property
    def dim(self) -> int:
        return self.cfg.dim

    def embed_pixels(self, pixels: np.ndarray, cancel=None) -> np.ndarray:
        """float32 [n, dim] normalised vectors for preprocessed images (float32 [n, 3, H, W])."""
        import mlx.core as mx

        pixels = np.asarray(pixels, np.float32)
        size = self.cfg.image_size
        if pixels.ndim != 4 or pixels.shape[1:] != (3, size, size):
            raise ValueError(f"pixels must be [n, 3, {size}, {size}], not {list(pixels.shape)}")
        out = np.empty((len(pixels), self.dim), np.float32)
        for start in range(0, len(pixels), self.max_batch_images):
            if cancel is not None and cancel.is_set():
                return out[:start]
            v = self._image_features(mx.array(pixels[start : start + self.max_batch_images]))
            out[start : start + len(v)] = np.asarray(_normalised(v))
        return out

    def embed_images(self, images) -> np.ndarray:
        """Vectors for PIL images or encoded image bytes (preprocessed here)."""
        return self.embed_pixels(np.stack([self.preprocessor(im) for im in images]))

    def embed_texts(self, texts) -> np.ndarray:
        """float32 [n, dim] normalised vectors for text queries."""
        import mlx.core as mx

        texts = list(texts)
        if not texts:
            return np.zeros((0, self.dim), np.float32)
        rows = self.token_ids(texts)
        out = np.empty((len(rows), self.dim), np.float32)
        for i, ids in enumerate(rows):  # one row a call: no padding (CLIP) and queries are few
            out[i] = np.asarray(_normalised(self._text_features(mx.array(ids[None, :]))))[0]
        return out

    def token_ids(self, texts: list[str]) -> list[np.ndarray]:
        """What the text tower sees: CLIP's tokens cut to its context (the end token kept last); SigLIP's
        padded with the pad id to the full context, as it was trained."""
        cfg, limit = self.cfg, self.cfg.max_text_tokens
        rows = []
        for enc in self.tokenizer.encode_batch(texts):
            ids = list(enc.ids)
            if len(ids) > limit:
                ids = ids[: limit - 1] + [ids[-1]]
            if cfg.family == "siglip":
                ids = ids + [cfg.pad_token_id] * (limit - len(ids))
            rows.append(np.asarray(ids, np.int32))
        return rows

    # -- the towers ----------------------------------------------------------------------------------------
    def _image_features(self, pixels):
        import mlx.core as mx

        cfg, p = self.cfg, self.params["vision"]
        B, ps = pixels.shape[0], cfg.patch_size
        g = cfg.image_size // ps
        # The patch convolution (stride = kernel) as one matmul over the patches, channels first as the kernel.
        patches = (
            pixels.reshape(B, 3, g, ps, g, ps).transpose(0, 2, 4, 1, 3, 5).reshape(B * g * g, 3 * ps * ps)
        )
        x = (patches @ p["patch_w"]).reshape(B, g * g, -1)
        if "patch_b" in p:
            x = x + p["patch_b"]
        if cfg.family == "clip":
            cls = mx.broadcast_to(p["class"], (B, 1, x.shape[-1]))
            x = mx.concatenate([cls, x], axis=1)
        x = x + p["pos"]
        if cfg.family == "clip":
            x = mx.fast.layer_norm(x, p["pre_ln_w"], p["pre_ln_b"], cfg.vision.eps)
        x = run_tower(cfg.vision, p["layers"], x, causal=False)
        if cfg.family == "clip":
            pooled = mx.fast.layer_norm(x[:, 0], p["post_ln_w"], p["post_ln_b"], cfg.vision.eps)
            return pooled @ p["proj"]
        x = mx.fast.layer_norm(x, p["post_ln_w"], p["post_ln_b"], cfg.vision.eps)
        return pool_map_head(cfg.vision, p["head"], x)

    def _text_features(self, ids):
        import mlx.core as mx

        cfg, p = self.cfg, self.params["text"]
        L = ids.shape[1]
        x = p["tok"][ids] + p["pos"][:L]
        x = run_tower(cfg.text, p["layers"], x, causal=cfg.family == "clip")
        x = mx.fast.layer_norm(x, p["final_ln_w"], p["final_ln_b"], cfg.text.eps)
        if cfg.family == "siglip":
            return x[:, -1] @ p["head_w"] + p["head_b"]
        if cfg.eos_token_id == 2:  # as transformers: configs from before its fix pool at the highest id
            at = mx.argmax(ids, axis=-1)
        else:
            at = mx.argmax((ids == cfg.eos_token_id).astype(mx.int32), axis=-1)
        pooled = mx.take_along_axis(x, at[:, None, None], axis=1)[:, 0]
        return pooled @ p["proj"]


def _normalised(v):
    import mlx.core as mx

    return v / mx.maximum(mx.sqrt((v * v).sum(axis=-1, keepdims=True)), 1e-12)


# -- loading ---------------------------------------------------------------------------------------------------
def load_image_text_embedder(path: str | Path, *, name: str | None = None) -> ImageTextEmbedder:
    """Load a Hugging Face CLIPModel or SiglipModel folder; ModelLoadError says what is missing or incompatible."""
    folder = Path(path).expanduser()
    if not folder.is_dir():
        raise ModelLoadError(
            f"The image model folder {folder} does not exist. Choose an existing model folder."
        )
    raw = read_config_json(folder)
    cfg = read_image_text_config(raw, folder)
    weights = load_safetensors(folder)
    params = {
        "vision": pack_vision(cfg, weights, folder),
        "text": pack_text(cfg, weights, folder),
    }
    import mlx.core as mx

    mx.eval(params)
    if (
        cfg.family == "siglip"
        and not (folder / "tokenizer.json").is_file()
        and (folder / "spiece.model").is_file()
    ):
        tokenizer = load_siglip_tokenizer(folder)
    else:
        tokenizer = load_tokenizer(folder)
    pre = read_preprocessor(folder, cfg.image_size, cfg.family)
    name = name or (folder.name if folder.name not in ("model", "") else folder.parent.name)
    log.info("image-text model %s: %s, dim=%d, image %d px, patch %d", name, cfg.family, cfg.dim, cfg.image_size,
             cfg.patch_size)  # fmt: skip
    embedder = ImageTextEmbedder(name, cfg, params, tokenizer, pre)
    embedder.source = str(folder.resolve())
    return embedder


def read_image_text_config(raw: dict, folder: Path) -> ImageTextConfig:
    model_type = str(raw.get("model_type", ""))
    archs = raw.get("architectures") or []
    family = _FAMILIES.get(model_type) or next(
        (_ARCHITECTURES[a] for a in archs if a in _ARCHITECTURES), None
    )
    if family is None:
        raise ModelLoadError(
            f"The model in {folder} is of type '{model_type or 'unknown'}' ({', '.join(archs) or 'no architecture'}), "
            "not an image-text model Alcove can run. Choose a CLIPModel or SiglipModel folder (for example "
            "openai/clip-vit-base-patch32 or google/siglip-base-patch16-224)."
        )
    v, t = raw.get("vision_config"), raw.get("text_config")
    if not isinstance(v, dict) or not isinstance(t, dict):
        raise ModelLoadError(
            f"config.json in {folder} has no vision_config and text_config: it is one tower of a {family} model, "
            "not the whole model. Alcove needs both towers (the folder of the full model)."
        )
    clip = family == "clip"
    defaults = (1e-5, "quick_gelu") if clip else (1e-6, "gelu_pytorch_tanh")
    try:
        vision = _tower(v, defaults)
        text = _tower(t, defaults)
        text_dim = (
            int(raw.get("projection_dim", 512)) if clip else int(t.get("projection_size") or text.hidden)
        )
        image_dim = int(raw.get("projection_dim", 512)) if clip else vision.hidden
        cfg = ImageTextConfig(
            family=family,
            vision=vision,
            text=text,
            image_size=int(v.get("image_size", 224)),
            patch_size=int(v.get("patch_size", 32 if clip else 16)),
            vocab_size=int(t.get("vocab_size", 49408 if clip else 32000)),
            max_text_tokens=int(t.get("max_position_embeddings", 77 if clip else 64)),
            eos_token_id=int(t.get("eos_token_id", 49407 if clip else 1)),
            pad_token_id=int(t.get("pad_token_id", 1)),
            dim=image_dim,
        )
    except (TypeError, ValueError) as exc:
        raise ModelLoadError(f"config.json in {folder} has a malformed setting ({exc}).") from exc
    if text_dim != image_dim:
        raise ModelLoadError(
            f"The model in {folder} puts images in {image_dim} dimensions and text in {text_dim}: its towers do not "
            "share one space, so text cannot find images with it."
        )
    if cfg.image_size % cfg.patch_size:
        raise ModelLoadError(f"config.json in {folder}: image_size is not a multiple of patch_size.")
    if not clip and not v.get("vision_use_head", True):
        raise ModelLoadError(f"The SigLIP model in {folder} has no pooling head (vision_use_head is false).")
    return cfg


def _tower(c: dict, defaults: tuple[float, str]) -> TowerConfig:
    act = str(c.get("hidden_act", defaults[1]))
    if act not in ("quick_gelu", "gelu", "gelu_pytorch_tanh", "gelu_new", "gelu_fast"):
        raise ModelLoadError(f"The activation '{act}' of this image-text model is not supported.")
    hidden, heads = int(c.get("hidden_size", 768)), int(c.get("num_attention_heads", 12))
    if hidden % heads:
        raise ModelLoadError("hidden_size is not divisible by num_attention_heads in this image-text model.")
    return TowerConfig(hidden, int(c.get("intermediate_size", 3072)), int(c.get("num_hidden_layers", 12)), heads,
                       float(c.get("layer_norm_eps", defaults[0])), act)  # fmt: skip


def pack_vision(cfg: ImageTextConfig, w: dict, folder: Path) -> dict:
    import mlx.core as mx

    H, ps, pre = cfg.vision.hidden, cfg.patch_size, "vision_model."
    n = (cfg.image_size // ps) ** 2 + (1 if cfg.family == "clip" else 0)
    need = _needer(w, folder)
    p = {
        "patch_w": mx.contiguous(
            need(pre + "embeddings.patch_embedding.weight", (H, 3, ps, ps)).reshape(H, -1).T
        ),
        "pos": need(pre + "embeddings.position_embedding.weight", (n, H)),
        "post_ln_w": need(pre + "post_layernorm.weight", (H,)),
        "post_ln_b": need(pre + "post_layernorm.bias", (H,)),
        "layers": pack_tower(cfg.vision, need, pre + "encoder.layers."),
    }
    if cfg.family == "clip":
        p["class"] = need(pre + "embeddings.class_embedding", (H,))
        p["pre_ln_w"] = need(pre + "pre_layrnorm.weight", (H,))
        p["pre_ln_b"] = need(pre + "pre_layrnorm.bias", (H,))
        p["proj"] = mx.contiguous(need("visual_projection.weight", (cfg.dim, H)).T)
    else:
        p["patch_b"] = need(pre + "embeddings.patch_embedding.bias", (H,))
        h = pre + "head."
        inter = cfg.vision.intermediate
        p["head"] = {
            "probe": need(h + "probe", (1, 1, H)),
            "in_w": mx.contiguous(need(h + "attention.in_proj_weight", (3 * H, H)).T),
            "in_b": need(h + "attention.in_proj_bias", (3 * H,)),
            "out_w": mx.contiguous(need(h + "attention.out_proj.weight", (H, H)).T),
            "out_b": need(h + "attention.out_proj.bias", (H,)),
            "ln_w": need(h + "layernorm.weight", (H,)),
            "ln_b": need(h + "layernorm.bias", (H,)),
            "fc1_w": mx.contiguous(need(h + "mlp.fc1.weight", (inter, H)).T),
            "fc1_b": need(h + "mlp.fc1.bias", (inter,)),
            "fc2_w": mx.contiguous(need(h + "mlp.fc2.weight", (H, inter)).T),
            "fc2_b": need(h + "mlp.fc2.bias", (H,)),
        }
    return p


def pack_text(cfg: ImageTextConfig, w: dict, folder: Path) -> dict:
    import mlx.core as mx

    H, pre = cfg.text.hidden, "text_model."
    need = _needer(w, folder)
    p = {
        "tok": need(pre + "embeddings.token_embedding.weight", (cfg.vocab_size, H)),
        "pos": need(pre + "embeddings.position_embedding.weight", (cfg.max_text_tokens, H)),
        "final_ln_w": need(pre + "final_layer_norm.weight", (H,)),
        "final_ln_b": need(pre + "final_layer_norm.bias", (H,)),
        "layers": pack_tower(cfg.text, need, pre + "encoder.layers."),
    }
    if cfg.family == "clip":
        p["proj"] = mx.contiguous(need("text_projection.weight", (cfg.dim, H)).T)
    else:
        p["head_w"] = mx.contiguous(need(pre + "head.weight", (cfg.dim, H)).T)
        p["head_b"] = need(pre + "head.bias", (cfg.dim,))
    return p


def _needer(weights: dict, folder: Path):
    def need(name: str, shape: tuple[int, ...]):
        t = weights.get(name)
        if t is None:
            raise ModelLoadError(
                f"The weights in {folder} lack the tensor '{name}'. The folder does not hold a complete CLIP/SigLIP "
                "model (both towers); check that config.json and the weights belong together."
            )
        if tuple(t.shape) != shape:
            raise ModelLoadError(
                f"The tensor '{name}' in {folder} has shape {tuple(t.shape)} but config.json implies {shape}. "
                "The weights and config.json do not belong together."
            )
        return t

    return need
