"""BERT-family encoders in MLX: sentence embeddings and cross-encoder rerankers."""

from engine.encoders.cross_encoder import CrossEncoder, load_cross_encoder
from engine.encoders.embedder import DocumentEncoder, Embedder, Encoded, default_embedder_path, load_embedder

__all__ = [
    "CrossEncoder",
    "DocumentEncoder",
    "Embedder",
    "Encoded",
    "default_embedder_path",
    "load_cross_encoder",
    "load_embedder",
]
