"""A sentence from inside a reference (an RIS or BibTeX record too long to be shown whole) is shown after whose work
it is and when."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.encoders import default_embedder_path, load_embedder
from engine.index import extract, file_type_for
from engine.rag.extractive import extract_answer
from engine.rag.prompt import Source

RIS = (
    "TY  - JOUR\r\nTI  - Street tree canopy and pedestrian heat in three towns\r\nAU  - Okonedo, Adaeze\r\n"
    "AU  - Hartley, James R.\r\nT2  - Journal of Urban Microclimate\r\nPY  - 2021\r\n"
    "AB  - Street trees shade pavements. We walked fixed routes in Halmby and Carrow on 22 hot afternoons with a "
    "mobile station. Under continuous canopy the mean radiant temperature was 14.2 C lower than in open sun. "
    + " ".join(f"Street {k} was logged for {k + 20} minutes at a steady walking pace." for k in range(12))
    + "\r\n"
    "ER  - \r\n"
)


@pytest.fixture(scope="module")
def embedder():
    return load_embedder(default_embedder_path())


def _source(tmp_path: Path) -> Source:
    path = tmp_path / "library.ris"
    path.write_bytes(RIS.encode())
    page = extract(path, path.read_bytes(), file_type_for(path)).pages[0]
    return Source(1, page.text, str(path), line_start=1, line_end=9, heading=page.trails[0][1])


def test_an_abstract_s_sentence_is_shown_after_whose_work_it_is(tmp_path, embedder):
    answer = extract_answer(
        "Who walked routes in Halmby and Carrow on hot afternoons?", (_source(tmp_path),), embedder
    )
    shown = [line for line in answer.text.splitlines() if "We walked fixed routes" in line]
    assert shown and shown[0].startswith("- Adaeze Okonedo and James R. Hartley (2021): ")
    # the people and year are said once for a run of sentences from the reference, never before themselves
    assert answer.text.count("Adaeze Okonedo and James R. Hartley (2021)") == 1
