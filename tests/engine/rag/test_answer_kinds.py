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
     ("How do I read a UTF-8 file?", ("setting",)), ("Can bzip2 keep my file?", ("setting",)),
     ("What does it print?", ()), ("What does pip check print when all is well?", ()),
     ("How much do I send, and when?", ("quantity", "time")),
     ("When I export a data frame for Excel, how do I keep the row names?", ("setting",)),
     ("When I take one row out of a matrix I get a vector. How do I keep it a matrix?", ("setting",)),
     ("When bc is built with readline, how many lines does it remember?", ("quantity",)),
     ("When is the fete, where is it held?", ("time",)),
     ("What's the latest I can drop the dog off?", ("time",)), ("What's the deadline for stock orders?", ("time",)),
     ("Which is the latest version?", ()), ("When the boiler is serviced, what time is it?", ("time",)),
     ("What's the longest I can put the start off for?", ("quantity",)), ("What is the best way in?", ()),
     ("What does the trip cost altogether?", ("total",)), ("How many did he replace in total?", ("quantity", "total")),
     ("What total did I put down to pay?", ("quantity", "total", "put down")), ("What's the total?", ("total",)),
     ("Which total is wrong?", ()), ("Which kind of permit did I tick?", ("put down",)),
     ("What date did I tell the council I moved?", ("time", "put down")), ("Did it rain?", ()),
     # a sum of money asked for by what it is, or by what it went up or down to
     ("What was the dealer's first offer for the works?", ("quantity",)), ("What is the excess?", ("quantity",)),
     ("What does the fee cover?", ()), ("What did the dealer increase his bid to?", ("quantity",)),
     ("How do I raise the limit to 10?", ("setting",))],
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
    assert kind_share(("setting",), "-k --keep Keep input files.") == 1.0
    # what a person put down: a label and its value on a line, a ticked box
    assert kind_share(("put down",), "Registration number: HD21 KXR; Colour: Silver") == 1.0
    assert kind_share(("put down",), "☒ (ticked) Resident permit, 12 months") == 1.0
    assert kind_share(("put down",), "The vehicle must be registered to you: see below.") == 0.0
    # a total labelled as one, or summed up as one
    assert kind_share(("total",), "Total to pay: £92.00") == 1.0
    assert kind_share(("total",), "As agreed, £35 a night: that’s £280 for the eight nights.") == 1.0
    assert (
        kind_share(("total",), "The bill comes to £40.") == 1.0
        and kind_share(("total",), "That's fine.") == 0.0
    )
    assert kind_share(("setting",), "Set FC_DEBUG=1024 to see them.") == 1.0
    assert kind_share(("setting",), "Ask the NHS by e-mail.") == 0.0  # an acronym is no setting
    # figures and times of day in words, as a story or a letter writes them; "one" alone is seldom a figure
    assert (
        kind_share(("quantity",), "“I have offered the council four hundred pounds for it,” he said.") == 1.0
    )
    assert kind_share(("quantity",), "Toby Wren was twelve years old that autumn.") == 1.0
    assert kind_share(("quantity",), "He took the one on the left, one of the keys.") == 0.0
    assert kind_share(("time",), "The clock said seventeen minutes past four.") == 1.0
    assert kind_share(("time",), "Be there at half past nine, or by ten o’clock.") == 1.0
    assert kind_share(("time",), "He was past caring.") == 0.0
    assert (
        kind_share(("time",), "Tell him the causeway's clear from twenty to ten.") == 1.0
    )  # the minutes bare
    assert kind_share(("time",), "We left at five past six.") == 1.0
    assert kind_share(("time",), "She read chapters seven to nine.") == 0.0


def test_an_options_description_is_lifted_by_its_name_above_it():
    """ "Can bzip2 leave my file?" in a manual: the description under "-k --keep" holds the option asked for."""
    text = (
        "Each original file is compressed, and its name is stored in the header.\n\n"
        "-k --keep\n    Keep (do not delete) each original file.\n"
    )
    src = Source(1, text, "/docs/bzip2.txt", None, 1, 4)
    got = extract_answer("Can bzip2 leave the original file?", [src], None, max_sentences=1)
    assert "Keep (do not delete)" in got.sentences[0].text
    # as an HTML manual's <dt> and <dd> read: the name a paragraph of its own above the description
    src = Source(1, text.replace("\n    Keep", "\n\nKeep"), "/docs/bzip2.txt", None, 1, 5)
    got = extract_answer("Can bzip2 leave the original file?", [src], None, max_sentences=1)
    assert got.sentences[0].text == "-k --keep Keep (do not delete) each original file."


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


def test_a_question_for_what_is_not_done_lifts_open_tasks():
    from engine.rag.answer_kinds import kind_share, wanted_kinds

    for q in ("What's still not ticked off on my packing list?", "What have I still to pack?",
              "Which jobs are outstanding?"):  # fmt: skip
        assert wanted_kinds(q) == ("open task",), q
    assert wanted_kinds("What did I pack for Lisbon?") == ()
    kinds = ("open task",)
    assert (
        kind_share(kinds, "(to do) Sun cream") == 1 and kind_share(kinds, "still to do: 3 rolls of tape") == 1
    )
    assert kind_share(kinds, "** TODO Book the van") == 1
    assert kind_share(kinds, "(done) Sun hat") == 0 and kind_share(kinds, "done: tickets") == 0


def test_a_question_for_a_total_lifts_the_row_that_names_one():
    """ "What does the trip cost altogether?": the table's "Total" row is what it asks for, not a payment's row."""
    text = "Payment: Deposit; Amount: £50\n\nPayment: Second payment; Amount: £120\n\nPayment: Total; Amount: £285\n"
    src = Source(1, text, "/docs/trip.txt", None, 1, 5)
    got = extract_answer("What does the trip payment cost altogether?", [src], None, max_sentences=1)
    assert "£285" in got.sentences[0].text
