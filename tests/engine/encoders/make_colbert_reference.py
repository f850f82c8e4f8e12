"""Writes tests/data/colbert_tiny/: tiny random ColBERT checkpoints saved by PyLate 1.6.0 itself, with PyLate's own
token vectors and MaxSim scores for them (reference.npz), which test_colbert.py compares with Alcove's encoder.

PyLate 1.6.0 pins sentence-transformers 5.3.0 (the project uses 6.2.0, which PyLate's Dense cannot load), so it is
not a test extra; it runs from a folder of its own, on the project's torch and transformers:

    pip install --no-deps --target /tmp/pylate pylate==1.6.0 sentence-transformers==5.3.0 datasets==5.2.0 \
        dill==0.4.1 multiprocess==0.70.19 pandas==3.1.1 pyarrow==26.0.1 xxhash==4.1.0 ujson==5.12.0
    PYTHONPATH=/tmp/pylate .venv/bin/python -m tests.engine.encoders.make_colbert_reference
"""

from __future__ import annotations

import json
import logging
import shutil
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "tests" / "data" / "colbert_tiny"
# name -> ColBERT constructor settings (saved by PyLate into config_sentence_transformers.json)
VARIANTS = {
    "default": {"query_length": 16, "document_length": 40},
    "no_expansion": {
        "query_length": 12,
        "document_length": 24,
        "do_query_expansion": False,
        "skiplist_words": ["the", ",", "zzznotatoken"],
    },  # fmt: skip
    "attend_expansion": {"query_length": 20, "document_length": 32, "attend_to_expansion_tokens": True},
}


def texts() -> tuple[list[str], list[str]]:
    lines = [
        s for s in (ROOT / "tests" / "data" / "sentences.txt").read_text(encoding="utf-8").splitlines() if s
    ]
    queries = [lines[0][:40], "  What is it?  ", lines[5], " ".join(lines[6:9]), "x"]
    docs = lines[10:22] + [" ".join(lines[22:30]), "!!! ... ,,, ?", "A. B, c; d: (e) [f] {g}", ""]
    return queries, [d for d in docs if d]


def write_reference(out: Path = OUT) -> None:
    """The checkpoints and PyLate's vectors and scores for them, in ``out``."""
    import pylate
    import torch
    from pylate import models, scores

    from tests.tiny_models import make_tiny_encoder

    assert pylate.__version__ == "1.6.0", pylate.__version__
    queries, docs = texts()
    shutil.rmtree(out, ignore_errors=True)
    base = out / "_base"
    make_tiny_encoder(base, "bert", vocab_size=300, max_positions=64, seed=3)
    arrays: dict[str, np.ndarray] = {}
    for i, (name, settings) in enumerate(VARIANTS.items()):
        torch.manual_seed(10 + i)
        model = models.ColBERT(model_name_or_path=str(base), device="cpu", **settings)
        model.save(str(out / name))
        (out / name / "README.md").unlink(missing_ok=True)
        model = models.ColBERT(model_name_or_path=str(out / name), device="cpu")  # as a user loads it
        q = model.encode(queries, is_query=True, batch_size=2)
        d = model.encode(docs, is_query=False, batch_size=3)
        pad = torch.nn.utils.rnn.pad_sequence
        queries_t = pad([torch.from_numpy(x) for x in q], batch_first=True)
        queries_mask = pad([torch.ones(len(x)) for x in q], batch_first=True)
        # One document at a time: colbert_scores counts a padded document token as a similarity of 0, which
        # would beat a query token whose every real similarity is negative.
        s = torch.cat([scores.colbert_scores(queries_t, torch.from_numpy(x)[None], queries_mask=queries_mask)
                       for x in d], dim=1)  # fmt: skip
        for j, x in enumerate(q):
            arrays[f"{name}/q{j}"] = x
        for j, x in enumerate(d):
            arrays[f"{name}/d{j}"] = x
        arrays[f"{name}/scores"] = s.numpy()
    shutil.rmtree(base)
    np.savez_compressed(out / "reference.npz", **arrays)
    (out / "texts.json").write_text(json.dumps({"queries": queries, "documents": docs}, indent=1) + "\n")
    logging.getLogger(__name__).info("wrote %s", out)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, stream=sys.stderr)
    write_reference()
