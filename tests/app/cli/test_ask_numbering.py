"""``alcove ask`` shows the cited sources numbered 1..k as the answer cites them, in its text and its JSON alike, and
names a PDF passage's page, in citations and in the closest passages of a declined question (issue 37)."""

from __future__ import annotations

import json
import re

import pytest

from app.cli.main import main
from engine.encoders import default_embedder_path, load_embedder
from engine.index import index_paths
from tests.engine.index.index_fakes import make_pdf

_MARKER = re.compile(r"\[(\d+(?:, \d+)*)\]")


@pytest.fixture(scope="module")
def harbour_index(tmp_path_factory):
    root = tmp_path_factory.mktemp("harbour")
    docs = root / "docs"
    docs.mkdir()
    (docs / "logbook.txt").write_text(
        "The lighthouse keeper's logbook lists the weather for each night of 1911.\n\n"
        "Storms closed the harbour for three days in March.\n"
    )
    (docs / "quay.txt").write_text("Fishing boats unload their catch at the north quay before dawn.\n")
    (docs / "guide.pdf").write_bytes(
        make_pdf(
            [
                ["Harbour guide", "Welcome to the harbour of Port Elm."],
                [
                    "Ferry times",
                    "The ferry leaves the harbour at seven in the morning.",
                    "On Sundays the ferry leaves at nine instead.",
                ],  # fmt: skip
                ["Harbour office", "The harbour master's office is open from eight to four."],
            ]
        )
    )
    list(index_paths([str(docs)], str(root / "index.sqlite3"), load_embedder(default_embedder_path())))
    return root / "index.sqlite3"


def _ask(db, question: str, *extra: str) -> list[str]:
    return ["ask", question, "--db", str(db), "--answer", "extractive", *extra]


def test_the_answer_and_its_sources_read_1_to_k_and_name_the_pdf_page(harbour_index, capsys):
    questions = ["When does the ferry leave on Sundays?", "When is the harbour master's office open?",
                 "Where do fishing boats unload their catch?"]  # fmt: skip
    for q in questions:
        assert main(_ask(harbour_index, q, "--json")) == 0
        out = json.loads(capsys.readouterr().out)
        k = len(out["citations"])
        shown = {int(n) for m in _MARKER.finditer(out["answer"]) for n in m.group(1).split(", ")}
        assert k and shown == set(range(1, k + 1)), (q, out["answer"])
        assert [c["n"] for c in out["citations"]] == list(range(1, k + 1))
        assert [p["n"] for p in out["closest"]] == list(range(1, len(out["closest"]) + 1))
        for c in out["citations"]:  # passage n is the one chip [n] opens
            assert out["closest"][c["n"] - 1]["path"] == c["path"]
    assert main(_ask(harbour_index, "When does the ferry leave on Sundays?")) == 0
    text = capsys.readouterr().out
    cited = [line for line in text.splitlines() if re.match(r"\[\d+\] ", line)]
    assert [int(line[1 : line.index("]")]) for line in cited] == list(range(1, len(cited) + 1))
    ferry = [line for line in cited if "guide.pdf" in line]
    assert ferry and " page 2 " in ferry[0], text


def test_the_closest_passages_of_a_declined_question_name_the_pdf_page(harbour_index, capsys):
    assert main(_ask(harbour_index, "When does the PORT-ELM-42 ferry leave?")) == 0
    text = capsys.readouterr().out
    assert "Closest passages:" in text
    pdf = [line for line in text.splitlines() if "guide.pdf" in line]
    assert pdf and all(re.search(r"guide\.pdf page \d+", line) for line in pdf), text
