"""One ask embeds each text once (engine.rag.embed_memo): the question at retrieval, the gate and the answer, the
sentences the gate and the answer both read; the vectors are the embedder's own."""

from __future__ import annotations

import threading
from collections import Counter

import numpy as np
import pytest

from engine.core import AskRequest
from engine.rag.embed_memo import AskEmbeddings
from engine.rag.models import RagModels
from engine.rag.qa import ask
from engine.rag.results import AskResult


@pytest.fixture(scope="module")
def embedder():
    from engine.encoders import default_embedder_path, load_embedder

    return load_embedder(default_embedder_path())


class Counting:
    """The real embedder, counting every text it embeds by (kind, text)."""

    def __init__(self, embedder) -> None:
        self.embedder, self.seen = embedder, Counter()

    def __getattr__(self, name):
        return getattr(self.embedder, name)

    def embed(self, texts, kind="document", cancel=None):
        self.seen.update((kind, t) for t in texts)
        return self.embedder.embed(texts, kind=kind, cancel=cancel)


def test_a_text_is_embedded_once_and_its_vector_is_the_embedders(embedder):
    memo = AskEmbeddings(embedder)
    first = memo.embed(["The boiler is serviced in May.", "Bins go out on Tuesday."])
    again = memo.embed(["Bins go out on Tuesday.", "The gate code is 4471."])
    assert (memo.embedded, memo.reused) == (3, 1)
    assert np.array_equal(first.vectors[1], again.vectors[0])
    direct = embedder.embed(["The gate code is 4471."]).vectors[0]
    assert np.allclose(again.vectors[1], direct, atol=1e-5)
    q = memo.embed(["Bins go out on Tuesday."], kind="query")  # a query's vector is another than a document's
    assert memo.embedded == 4 and q.vectors.shape == (1, embedder.dim)
    assert memo.embed([]).vectors.shape == (0, embedder.dim) and memo.name == embedder.name
    cancel = threading.Event()
    cancel.set()
    assert (
        memo.embed(["Never embedded."], cancel=cancel).cancelled
        and ("document", "Never embedded.") not in memo._memo
    )


def test_an_ask_embeds_no_text_twice(tmp_path, embedder):
    from engine.index import IndexSummary, index_paths

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "house.txt").write_text(
        "House notes\n\nThe boiler is serviced every May by Acorn Heating. The engineer needs the loft hatch open.\n"
        "Bins go out on Tuesday night. Recycling is collected every other week.\n"
    )
    db = tmp_path / "index.sqlite3"
    assert [e for e in index_paths([docs], db, embedder) if isinstance(e, IndexSummary)][0].files_indexed == 1
    counting = Counting(embedder)
    req = AskRequest("When is the boiler serviced?", db=str(db), rewrite=False, answer="extractive")
    (res,) = [
        e
        for e in ask(RagModels(None, counting, None, None), req, threading.Event())
        if isinstance(e, AskResult)
    ]
    assert "May" in res.answer
    assert counting.seen and max(counting.seen.values()) == 1, counting.seen.most_common(3)
    assert counting.seen[("query", "When is the boiler serviced?")] == 1
