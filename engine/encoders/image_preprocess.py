"""An image-text model's image preprocessing, as the Hugging Face image processor does it: RGB, resize (the shortest
edge, or to a fixed height and width), centre crop, rescale to [0, 1], normalise by mean and std.

Plain data read from ``preprocessor_config.json`` (Pillow and numpy, no MLX): it runs beside the engine thread, on
the index's extraction workers, and pickles into a worker process.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from engine.core import ModelLoadError
from engine.models import read_json_file

_CLIP_MEAN = (0.48145466, 0.4578275, 0.40821073)
_CLIP_STD = (0.26862954, 0.26130258, 0.27577711)
_RESAMPLE_NAMES = {0: "NEAREST", 1: "LANCZOS", 2: "BILINEAR", 3: "BICUBIC", 4: "BOX", 5: "HAMMING"}


@dataclass(frozen=True)
class ImagePreprocessor:
    """What ``preprocessor_config.json`` asks for. ``shortest_edge``: resize so the shorter side has this many pixels
    (aspect kept, the longer side truncated as transformers does); else resize to ``height`` x ``width``."""

    shortest_edge: int | None
    height: int
    width: int
    crop: tuple[int, int] | None  # (height, width) of the centre crop; None: no crop
    mean: tuple[float, float, float]
    std: tuple[float, float, float]
    rescale: float = 1 / 255
    resample: int = 3  # PIL.Image.Resampling.BICUBIC

    @property
    def output_size(self) -> tuple[int, int]:
        return self.crop if self.crop is not None else (self.height, self.width)

    def __call__(self, image) -> np.ndarray:
        """float32 [3, H, W] for a PIL image (any mode) or encoded image bytes."""
        from PIL import Image

        if isinstance(image, (bytes, bytearray)):
            image = Image.open(io.BytesIO(image))
        image = image.convert("RGB")
        if self.shortest_edge is not None:
            size = _shortest_edge_size(image.height, image.width, self.shortest_edge)
        else:
            size = (self.height, self.width)
        image = image.resize((size[1], size[0]), resample=Image.Resampling(self.resample))
        pixels = np.asarray(image)  # [H, W, 3] uint8
        if self.crop is not None:
            pixels = _centre_crop(pixels, *self.crop)
        out = pixels.astype(np.float64) * self.rescale
        out = (out.astype(np.float32) - np.asarray(self.mean, np.float32)) / np.asarray(self.std, np.float32)
        return np.ascontiguousarray(out.transpose(2, 0, 1), dtype=np.float32)


def _shortest_edge_size(height: int, width: int, edge: int) -> tuple[int, int]:
    """transformers' get_resize_output_image_size(default_to_square=False): the long side is truncated, not rounded."""
    short, long = (width, height) if width <= height else (height, width)
    new_long = int(edge * long / short)
    return (new_long, edge) if width <= height else (edge, new_long)


def _centre_crop(pixels: np.ndarray, height: int, width: int) -> np.ndarray:
    """transformers' center_crop: the top-left corner at (H - h) // 2; an image smaller than the crop is padded with
    zeros around it first (ceil of half the shortfall on top and left)."""
    h, w = pixels.shape[:2]
    if h < height or w < width:
        nh, nw = max(h, height), max(w, width)
        top, left = -(-(nh - h) // 2), -(-(nw - w) // 2)
        padded = np.zeros((nh, nw, pixels.shape[2]), pixels.dtype)
        padded[top : top + h, left : left + w] = pixels
        pixels, h, w = padded, nh, nw
    top, left = (h - height) // 2, (w - width) // 2
    return pixels[top : top + height, left : left + width]


def read_preprocessor(folder: Path, image_size: int, family: str) -> ImagePreprocessor:
    """The folder's ``preprocessor_config.json``, or the family's defaults at the vision tower's image size (CLIP:
    shortest edge + centre crop, OpenAI's mean and std; SigLIP: a square resize, mean and std 0.5)."""
    path = folder / "preprocessor_config.json"
    raw = read_json_file(path) or {}
    if not isinstance(raw, dict):
        raise ModelLoadError(f"{path} does not hold an image processor configuration.")
    clip = family == "clip"
    size = raw.get(
        "size", {"shortest_edge": image_size} if clip else {"height": image_size, "width": image_size}
    )
    if isinstance(size, int):
        size = {"shortest_edge": size} if clip else {"height": size, "width": size}
    crop = None
    if raw.get("do_center_crop", clip):
        c = raw.get("crop_size", {"height": image_size, "width": image_size})
        crop = (int(c), int(c)) if isinstance(c, int) else (int(c["height"]), int(c["width"]))
    edge = size.get("shortest_edge")
    height = int(size.get("height", edge or image_size))
    width = int(size.get("width", edge or image_size))
    mean = tuple(raw.get("image_mean", _CLIP_MEAN if clip else (0.5, 0.5, 0.5)))
    std = tuple(raw.get("image_std", _CLIP_STD if clip else (0.5, 0.5, 0.5)))
    resample = int(raw.get("resample", 3))
    if resample not in _RESAMPLE_NAMES or len(mean) != 3 or len(std) != 3:
        raise ModelLoadError(f"{path}: unsupported resampling or mean/std ({resample}, {mean}, {std}).")
    rescale = float(raw.get("rescale_factor", 1 / 255)) if raw.get("do_rescale", True) else 1.0
    if not raw.get("do_normalize", True):
        mean, std = (0.0, 0.0, 0.0), (1.0, 1.0, 1.0)
    pre = ImagePreprocessor(int(edge) if edge else None, height, width, crop, mean, std, rescale, resample)  # type: ignore[arg-type]
    if pre.output_size != (image_size, image_size):
        raise ModelLoadError(
            f"The image preprocessing in {folder} makes {pre.output_size[0]}x{pre.output_size[1]} images, but the "
            f"vision tower takes {image_size}x{image_size}. preprocessor_config.json and config.json do not match."
        )
    return pre
