"""What a question asks for (engine.rag.answer_kinds) and the lift it gives a sentence that holds it."""

import pytest

from engine.rag.answer_kinds import kind_share, wanted_kinds
from engine.rag.extractive import extract_answer
from engine.rag.sources import Source


@pytest.mark.parametrize(
    ("question", "kinds"),
    [("How many cycles per byte does it take?", ("quantity",)), ("When is the seed swap?", ("time",)),
     ("In what year was it published?", ("year",)), ("Which option turns colour on?", ("option",)),
     ("How much is it, and by when?", ("quantity", "time")), ("Why is the loop slow?", ()),
     ("How do I read a UTF-8 file?", ()), ("What does pip check print when all is well?", ()),
     ("How much do I send, and when?", ("quantity", "time")),
     ("When I export a data frame for Excel, how do I keep the row names?", ()),
     ("When I take one row out of a matrix I get a vector. How do I keep it a matrix?", ()),
     ("When bc is built with readline, how many lines does it remember?", ("quantity",)),
     ("When is the fete, where is it held?", ("time",)), ("When the boiler is serviced, what time is it?", ("time",))],
)  # fmt: skip
def test_the_kind_a_question_asks_for(question, kinds):
    assert wanted_kinds(question) == kinds


def test_a_sentence_holds_the_kind_or_not():
    assert kind_share(("quantity",), "It runs in 1.2 CPU cycles per byte.") == 1.0
    assert kind_share(("quantity",), "Performance was measured in CPU cycles per byte.") == 0.0
    assert kind_share(("time",), "Doors open at 7:30 on Friday.") == 1.0
    assert kind_share(("time",), "Doors open early.") == 0.0
    assert kind_share(("year",), "It was published by Sarwate in 1988.") == 1.0
    assert kind_share(("option",), "Use --track-origins=yes to see where.") == 1.0
    assert kind_share(("quantity", "time"), "It costs £92.") == 0.5
    assert kind_share((), "anything") == 0.0


def test_the_sentence_with_the_figure_wins_when_the_question_asks_how_many():
    """Without an embedder the keyword score decides: both sentences hold "cycles per byte"; the one with the
    figure is shown first when the question asks "how many"."""
    text = (
        "Performance was measured in CPU cycles per byte on every machine.\n\n"
        "The new method needs 1.2 CPU cycles per byte on every machine.\n"
    )
    src = Source(1, text, "/docs/crc.txt", None, 1, 3)
    got = extract_answer("How many CPU cycles per byte on every machine?", [src], None, max_sentences=1)
    assert "1.2" in got.sentences[0].text
    plain = extract_answer("Are CPU cycles per byte measured on every machine?", [src], None, max_sentences=1)
    assert plain.sentences[0].text.startswith("Performance")
