"""A tiny llama (real architecture, real on-disk format) whose greedy reply to any chat prompt is a fixed answer with a
citation marker, e.g. ``Adler [1].``. The document Q&A tests need a model that cites: a random tiny model never
writes ``[n]``, and the real default model is too slow for GUI tests. Everything around the model (retrieval, the
generative reranker, prompt building, streaming, citation mapping, the GUI) runs for real.

How: every attention output and MLP down projection is zero, so the last hidden state is the current token's
embedding and the model is a bigram table; the output head maps each token of the chain (the chat template's last
token, then the answer's tokens) to the next one, and the answer's last token to end-of-turn.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from tests.tiny_models import make_tiny_model


def make_citing_model(folder: Path, answer: str = "Adler [1].") -> Path:
    import mlx.core as mx
    from tokenizers import Tokenizer

    folder = make_tiny_model(Path(folder), "llama", seed=1)
    tok = Tokenizer.from_file(str(folder / "tokenizer.json"))
    eos = json.loads((folder / "config.json").read_text())["eos_token_id"]
    chain = [tok.encode("<|im_start|>assistant\n").ids[-1], *tok.encode(answer).ids, eos]
    if len(set(chain)) != len(chain):
        raise ValueError(f"a bigram chain needs distinct tokens; {answer!r} repeats one")
    weights = {k: np.array(v) for k, v in mx.load(str(folder / "model.safetensors")).items()}
    for name in weights:
        if name.endswith(("self_attn.o_proj.weight", "mlp.down_proj.weight")):
            weights[name] = np.zeros_like(weights[name])
    weights["model.norm.weight"] = np.ones_like(weights["model.norm.weight"])
    emb = weights["model.embed_tokens.weight"]
    head = np.random.default_rng(1).normal(0.0, 0.01, emb.shape).astype(np.float32)
    for a, b in zip(chain, chain[1:]):
        head[b] += 4.0 * emb[a] / np.linalg.norm(emb[a])  # logit ~ 4 * sqrt(hidden) for the next token
    weights["lm_head.weight"] = head
    mx.save_safetensors(
        str(folder / "model.safetensors"),
        {k: mx.array(v) for k, v in weights.items()},
        metadata={"format": "mlx"},
    )
    return folder
