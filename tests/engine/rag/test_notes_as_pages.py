"""A note as a web page shows it (Google Keep's Takeout HTML): its lines broken by ``<br>`` are facts of their own,
its checklist's one-word items are answers, its title line is none (issue 37, held-out 24's Keep notes)."""

from __future__ import annotations

from engine.rag.answer_kinds import wanted_kinds
from engine.rag.extractive import extract_answer
from engine.rag.grounding import split_spans
from engine.rag.reading import task_item
from engine.rag.sources import Source

# the Keep HTML reader's text: the <title>, the note's heading, then the content with <br> as line ends
HALLWAY = (
    "Hallway and stairs\n\n2 Mar 2027, 21:14:05\n\nHallway and stairs\n\n"
    "Walls: Dulux Heritage Pale Powder, 2 x 2.5 L, matt\nWoodwork: satinwood, pure brilliant white, 1 x 2.5 L\n"
    "Ceiling: leftover white from the kitchen\n\nI'll ring Pete about the tower\non Tuesday evening.\n"
)
PACKING = (
    "☐ Camping stove and 2 gas canisters\n\n☐ Windbreak\n\n☐ Suncream\n\n☑ Tent and footprint\n\n☑ Bike rack\n\n"
    "☑ Sleeping bags x4\n\n☑ Wellies for everyone"
)


def _texts(text: str, path: str) -> list[str]:
    return [sp.text for sp in split_spans(Source(1, text, path, None, 1, text.count("\n") + 1))]


def test_a_web_pages_br_lines_are_sentences_of_their_own_but_a_line_that_goes_on_reads_on():
    texts = _texts(HALLWAY, "/notes/Keep/Hallway and stairs.html")
    assert "Walls: Dulux Heritage Pale Powder, 2 x 2.5 L, matt" in texts
    assert "Woodwork: satinwood, pure brilliant white, 1 x 2.5 L" in texts
    assert "Ceiling: leftover white from the kitchen" in texts
    assert "I'll ring Pete about the tower\non Tuesday evening." in texts  # lower case: one sentence
    # a plain text file's line ends are a writer's wrapping: the same lines read as one run (no sentence end)
    assert not any(t.startswith("Woodwork") for t in _texts(HALLWAY, "/notes/hallway.txt"))


def test_a_checklists_items_of_one_word_are_answers_in_words():
    assert task_item("☐ Windbreak") and task_item("- [ ] Windbreak") and not task_item("Windbreak")
    assert wanted_kinds("What haven't we packed yet for the trip?") == ("open task",)
    assert wanted_kinds("Why haven't they replied?") == ()
    src = Source(1, PACKING, "/notes/Keep/Pembrokeshire camping - packing.json", None, 1, 1)
    answer = extract_answer("What haven't we packed yet for the Pembrokeshire trip?", [src], max_sentences=3)
    shown = [s.text for s in answer.sentences]
    assert sorted(shown) == ["still to do: Camping stove and 2 gas canisters", "still to do: Suncream",
                             "still to do: Windbreak"], shown  # fmt: skip


def test_a_line_that_only_names_its_file_is_no_answer():
    src = Source(1, HALLWAY, "/notes/Keep/Hallway and stairs.html", None, 1, HALLWAY.count("\n") + 1)
    answer = extract_answer("What paint is going on the hallway and stairs walls?", [src], max_sentences=5)
    assert answer.sentences and all(s.text.strip() != "Hallway and stairs" for s in answer.sentences)
    assert any("Pale Powder" in s.text for s in answer.sentences)


def test_furniture_is_shown_where_nothing_else_is():
    src = Source(1, "Hallway and stairs", "/notes/Keep/Hallway and stairs.html", None, 1, 1)
    answer = extract_answer("What is the hallway and stairs note?", [src], max_sentences=5)
    assert [s.text for s in answer.sentences] == ["Hallway and stairs"]
