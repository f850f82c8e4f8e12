"""Block diffusion with DiffusionGemma: the model, its config, loading, canvas-by-canvas generation."""

from engine.diffusion.args import DiffusionGemmaArgs, LayerSpec, is_diffusion_config
from engine.diffusion.generate import DiffusionGenConfig, diffusion_generate
from engine.diffusion.model import DiffusionGemma
from engine.diffusion.runtime import load_diffusion, run_diffusion

__all__ = [
    "DiffusionGemma",
    "DiffusionGemmaArgs",
    "DiffusionGenConfig",
    "LayerSpec",
    "diffusion_generate",
    "is_diffusion_config",
    "load_diffusion",
    "run_diffusion",
]
