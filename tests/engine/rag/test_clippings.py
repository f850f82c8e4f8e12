"""Kindle clippings in an extractive answer: the text shown under its book and place, the "- Your ..." line not
shown on its own (engine.rag.clippings)."""

from engine.rag.extractive import extract_answer
from engine.rag.sources import Source

CLIPPINGS = (
    "The Patient Loaf (Marguerite Oyelaran)\n"
    "- Your Note on page 41 | Location 620 | Added on Sunday, 10 January 2027 21:20:47\n\n"
    "next loaf: try 72% hydration with the rye starter, and feed it at 10pm. Then bake it at 250 degrees.\n"
    "==========\n"
    "Harbour Lights (Tobias Wrenfield)\n"
    "- Your Highlight on page 12 | Location 171-173 | Added on Saturday, 23 January 2027 23:41:10\n\n"
    "The lighthouse on Skelmorra had been dark since the winter of 1953.\n"
    "==========\n"
    "Harbour Lights (Tobias Wrenfield)\n"
    "- Your Bookmark on page 112 | Location 1563 | Added on Friday, 29 January 2027 23:30:04\n\n\n"
    "==========\n"
)


def test_a_clipping_is_shown_with_its_book_and_place_and_its_line_of_place_is_no_answer():
    src = Source(1, CLIPPINGS, "/notes/My Clippings.txt", None, 1, 16)
    got = extract_answer("What hydration should I try for the next loaf, and when do I feed it?", [src], None)
    texts = [s.text for s in got.sentences]
    assert texts[0].startswith(
        "The Patient Loaf (Marguerite Oyelaran), note on page 41: next loaf: try 72%"
    ), texts
    assert not any(t.startswith(("- Your", "Your Note")) for t in texts), texts
    later = [t for t in texts if "250 degrees" in t]
    assert not later or not later[0].startswith("The Patient Loaf"), "the label is said once per clipping"
    got = extract_answer("How long had the lighthouse on Skelmorra been dark?", [src], None, max_sentences=1)
    assert got.sentences[0].text.startswith(
        "Harbour Lights (Tobias Wrenfield), highlight on page 12: The lighthouse"
    )


def test_a_bookmark_is_shown_by_its_line_under_its_book():
    src = Source(1, CLIPPINGS, "/notes/My Clippings.txt", None, 1, 21)
    got = extract_answer(
        "Which page of Harbour Lights did I leave a bookmark on?", [src], None, max_sentences=1
    )
    assert got.sentences[0].text.startswith("Harbour Lights (Tobias Wrenfield): Your Bookmark on page 112")


def test_other_text_gets_no_clipping_label():
    diary = "Monday\n- Standup | Room 2 | 09:30\n- Planning | Room 1 | 10:30\n\nBring the budget sheet.\n"
    src = Source(1, diary, "/notes/week.txt", None, 1, 5)
    got = extract_answer("Which room is the planning meeting in at 10:30?", [src], None, max_sentences=2)
    assert any("Room 1" in s.text for s in got.sentences), [s.text for s in got.sentences]
    assert not any(s.text.startswith("Monday,") for s in got.sentences)
    text = "Notes\n\n- an item | with a bar at 10:30\n\nThe boiler was serviced on 3 May.\n"
    src = Source(1, text, "/notes/n.txt", None, 1, 5)
    got = extract_answer("When was the boiler serviced?", [src], None, max_sentences=1)
    assert got.sentences[0].text == "The boiler was serviced on 3 May."
