"""Encoders in MLX: BERT-family sentence embeddings, cross-encoder rerankers, ColBERT late interaction; CLIP/SigLIP
image-text embedders."""

from engine.encoders.colbert import LateEncoder, LateResult, load_late_encoder, maxsim
from engine.encoders.cross_encoder import CrossEncoder, load_cross_encoder
from engine.encoders.embedder import (
    DocumentEncoder,
    Embedder,
    EmbedResult,
    Encoded,
    default_embedder_path,
    load_embedder,
)
from engine.encoders.image_preprocess import ImagePreprocessor
from engine.encoders.image_text import ImageTextEmbedder, load_image_text_embedder

__all__ = [
    "CrossEncoder",
    "DocumentEncoder",
    "EmbedResult",
    "Embedder",
    "Encoded",
    "ImagePreprocessor",
    "ImageTextEmbedder",
    "LateEncoder",
    "LateResult",
    "default_embedder_path",
    "load_cross_encoder",
    "load_embedder",
    "load_image_text_embedder",
    "load_late_encoder",
    "maxsim",
]
