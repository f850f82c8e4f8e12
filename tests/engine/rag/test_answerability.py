"""Whether the passages answer the question, not only share its topic (issue 37): a rare word the question needs that
no indexed passage holds ("Parquet", "logrotate") hedges the answer and names the word; a user's own common word for what the
documents call otherwise ("queued", "freezer") does not."""

from __future__ import annotations

import threading

import pytest

from engine.core import AskRequest
from engine.rag.abstain import absent_terms, common_words, hedges
from engine.rag.models import RagModels
from engine.rag.qa import ask
from engine.rag.results import AskResult
from engine.rag.tuning import (
    COVERAGE_HEDGE,
    PARAPHRASE_WORD_COSINE,
    SENTENCE_HEDGE,
    SOFT_DECLINE_MARGIN,
)
from tests.engine.rag.indexed import R_NOTES, indexed_folder


@pytest.fixture(scope="module")
def embedder():
    from engine.encoders import default_embedder_path, load_embedder

    return load_embedder(default_embedder_path())


def test_rare_words_no_passage_holds_are_absent_common_ones_are_not(embedder):
    common = common_words(embedder)
    assert common is not None and common("switch") and common("city") and not common("parquet")
    freq = {"parquet": 0, "logrotate": 0, "queued": 0, "freezer": 0, "xfs": 0, "frame": 12, "duckdb": 3}
    # "queued" and "freezer" are common words with an ending; "xfs" an acronym the documents may spell out; "duckdb"
    # is held by three chunks
    assert absent_terms(freq, common) == ("parquet", "logrotate")
    # a name of letters and digits nothing spells out ("lz4", "h265") is absent too; a time, a weight or "a4" is not
    names = {"lz4": 0, "h265": 0, "2pm": 0, "10kg": 0, "a4": 0, "ext4": 5}
    assert absent_terms(names, common) == ("lz4", "h265")
    assert hedges(None, ("parquet",)) and hedges(COVERAGE_HEDGE - 0.01) and not hedges(COVERAGE_HEDGE, ())


def test_an_answer_is_hedged_when_no_sentence_is_close_to_the_question():
    """The best sentence's cosine decides, measured; answered below the line decides only where it was not."""
    assert hedges(0.9, (), False, SENTENCE_HEDGE - 0.01) and not hedges(0.9, (), False, SENTENCE_HEDGE)
    assert not hedges(0.9, (), True, SENTENCE_HEDGE) and hedges(0.9, (), True, None)
    assert hedges(0.9, ("parquet",), False, 0.9) and hedges(COVERAGE_HEDGE - 0.01, (), False, 0.9)


@pytest.fixture(scope="module")
def r_notes(tmp_path_factory, embedder):
    return indexed_folder(tmp_path_factory.mktemp("rnotes"), R_NOTES, embedder)


def _ask(db, embedder, question: str) -> AskResult:
    models = RagModels(None, embedder, None, None)
    req = AskRequest(question, db=str(db), rewrite=False, answer="extractive")
    (res,) = [e for e in ask(models, req, threading.Event()) if isinstance(e, AskResult)]
    return res


def test_a_question_needing_a_word_no_document_holds_is_hedged_naming_it(r_notes, embedder):
    res = _ask(r_notes, embedder, "How do I save a data frame as a Parquet file?")
    assert not res.abstained and res.hedged and res.stats.absent_terms == ("parquet",)
    assert res.answer.startswith(
        "Your documents may not answer this directly: none of them mentions “parquet”."
    )
    assert list(res.to_json()["stats"]["absent_terms"]) == ["parquet"]
    plain = _ask(r_notes, embedder, "How do I save a data frame as a comma-separated file?")
    assert not plain.hedged and plain.stats.absent_terms == () and "write.csv()" in plain.answer


def test_an_absent_word_close_to_a_word_of_the_passages_is_a_paraphrase(embedder):
    """The user's own word for what a passage says ("unpack" beside "unzip", "uncompress") is not a missing term;
    a thing the documents lack ("brotli") is, however close the passage's topic. Without a measured line for the
    embedder nothing is taken as a paraphrase."""
    from engine.rag.abstain import paraphrased
    from engine.rag.sources import Source

    passage = Source(
        1, "gunzip can uncompress files and unzip an archive that holds a single member.", "/gz.txt"
    )
    assert paraphrased(("unpack", "brotli"), [passage], embedder, "all-MiniLM-L6-v2") == {"unpack"}
    assert paraphrased(("unpack",), [passage], embedder, "some-other-embedder") == set()
    assert paraphrased(("unpack",), [passage], None, "all-MiniLM-L6-v2") == set()


def test_a_paraphrased_question_is_not_hedged_for_its_own_word(r_notes, embedder, monkeypatch):
    question = "How do I store a data frame on disk as a file and reload it?"
    res = _ask(r_notes, embedder, question)
    assert "reload" not in res.stats.absent_terms and "write.csv()" in res.answer
    monkeypatch.delitem(PARAPHRASE_WORD_COSINE, "all-MiniLM-L6-v2")  # without the check: "reload" is absent
    assert "reload" in _ask(r_notes, embedder, question).stats.absent_terms


def test_just_below_the_line_the_answer_is_shown_hedged(r_notes, embedder):
    """Below the cosine line a question is declined, unless the cosine is within SOFT_DECLINE_MARGIN of the line:
    then the answer is shown, hedged (personal notes asked in the user's own words sit just below the line). Far
    below the line it is still declined."""
    from engine.rag.abstain import AbstainPolicy

    question = "How do I save a data frame as a comma-separated file?"
    models = RagModels(None, embedder, None, None)
    req = AskRequest(question, db=str(r_notes), rewrite=False, answer="extractive")

    def asked(line: float) -> AskResult:
        events = ask(models, req, threading.Event(), policy=AbstainPolicy("cosine", line))
        return [e for e in events if isinstance(e, AskResult)][0]

    plain = asked(0.0)
    assert not plain.hedged and "write.csv()" in plain.answer
    near = asked(plain.stats.evidence + SOFT_DECLINE_MARGIN / 2)
    assert not near.abstained and near.stats.below_line and "write.csv()" in near.answer
    # hedged or not as its best sentence is close to the question, whatever the line (SENTENCE_HEDGE)
    assert near.hedged is (near.stats.best_sentence_cosine < SENTENCE_HEDGE) is plain.hedged
    intro = "Your documents may not answer this directly." if near.hedged else "From your documents:"
    assert near.answer.startswith(intro)
    far = asked(plain.stats.evidence + SOFT_DECLINE_MARGIN * 2)
    assert far.abstained and not far.stats.below_line


def test_an_age_or_a_size_with_a_number_is_no_name_the_documents_must_hold():
    from engine.rag.abstain import named_terms

    assert named_terms("How much is a ticket for my 15-year-old?") == []
    assert named_terms("Is a 3-bedroom house or a 2.5-inch drive cheaper on x86-64?") == ["x86-64"]


def _below_the_line(tmp_path, embedder, name: str, text: str, question: str):
    """``text`` indexed as ``name``; the best piece's cosine to ``question`` (a row or a sentence of the top
    passages: engine.rag.abstain.best_piece_cosine), which must be well above the best passage's (the soft
    decline, within SOFT_DECLINE_MARGIN of the line, then cannot be what answers), and ``asked(line)``: the
    question asked with the cosine line at ``line``."""
    from engine.index import IndexStore, index_paths, search
    from engine.rag.abstain import AbstainPolicy, best_piece_cosine

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / name).write_text(text)
    db = tmp_path / "i.sqlite3"
    for _ in index_paths([tmp_path / "docs"], db, embedder):
        pass
    models = RagModels(None, embedder, None, None)
    req = AskRequest(question, db=str(db), rewrite=False, answer="extractive")

    def asked(line: float) -> AskResult:
        events = ask(models, req, threading.Event(), policy=AbstainPolicy("cosine", line))
        return [e for e in events if isinstance(e, AskResult)][0]

    with IndexStore(db, read_only=True) as store:
        piece = best_piece_cosine(question, search(store, embedder, question, k=5), embedder)
    chunk = asked(0.0).stats.evidence
    assert piece > chunk + SOFT_DECLINE_MARGIN + 0.02, (piece, chunk)
    return piece, asked


def test_far_below_the_line_a_table_row_as_close_as_the_line_is_shown_hedged(tmp_path, embedder):
    """A table's passage embeds many rows at once, far from a question about one of them; its best row, read under
    its header, as close to the question as the line asks of a passage gets the answer shown, hedged."""
    names = ["Ava Stone", "Ben Okafor", "Colin Thwaite", "Dora Vance", "Eli Marsh", "Fay Lund", "Gus Pryce"]
    clubs = ["Mendip AC", "Avon Valley Runners", "Wyvern Harriers", "unattached"]
    rows = ["pos,name,club,chip_time,notes"] + [
        f"{i + 1},{n},{clubs[i % 4]},00:{36 + i}:{10 + i}," for i, n in enumerate(names)
    ]
    question = "What was Colin Thwaite's chip time?"
    row, asked = _below_the_line(tmp_path, embedder, "results.csv", "\n".join(rows) + "\n", question)
    shown = asked(row - 0.01)
    assert not shown.abstained and "00:38:12" in shown.answer
    assert shown.hedged is (row < SENTENCE_HEDGE) and shown.stats.best_sentence_cosine == pytest.approx(
        row, abs=1e-4
    )
    assert "name: Colin Thwaite" in shown.answer
    assert asked(row + 0.02).abstained


def test_far_below_the_line_a_sentence_as_close_as_the_line_is_shown_hedged(tmp_path, embedder):
    """A meeting's passage holds many speakers' turns, far from a question about one of them; its best sentence as
    close to the question as the line asks of a passage gets the answer shown, hedged."""
    turns = [
        "Rosa Halden: Right, let's start with the stock count for the spring catalogue.",
        "Aisha Bello: The newsletter template is done and the banner images are in the shared folder.",
        "Tom Greaves: I've checked the courier rates again and nothing has changed since March.",
        "Marek Novak: I wouldn't go live on the 14th, I need a full week to test the refunds properly.",
        "Rosa Halden: Fine. The next item is the office plants and who waters them in August.",
        "Aisha Bello: I can do the plants if someone takes the post on Fridays.",
    ]
    question = "Why didn't Marek want to go live on the 14th?"
    piece, asked = _below_the_line(tmp_path, embedder, "sync.txt", " ".join(turns) + "\n", question)
    shown = asked(piece - 0.01)
    assert not shown.abstained and "full week" in shown.answer
    assert piece >= SENTENCE_HEDGE and not shown.hedged  # Marek's own sentence says it: no caveat
    assert asked(piece + 0.02).abstained
