"""A list introduced by a sentence is shown whole (issue 37): when the sentence before its introduction leaves no
room for every item, the introduction and all its items are shown; a passage whose chunk ends inside a list of
";"-ended items takes the rest of the list from the chunk after it, up to the item that ends with a full stop."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from engine.rag.grounding import split_spans
from engine.rag.sentence_bounds import _extended
from engine.rag.shown_span import shown_span
from engine.rag.sources import Source

ITEMS = (
    "emerg: “Help!” There is an emergency, the system is probably unusable. \n\n"
    "alert: hurry up, any delay can be dangerous, action must be taken immediately; \n\n"
)
REST = (
    "crit: conditions are critical; \n\n"
    "err: error; \n\n"
    "warn: warning (potential error); \n\n"
    "notice: conditions are normal, but the message is important; \n\n"
    "info: informative message; \n\n"
    "debug: debugging message.\n\n"
)
INTRO = "Each message is also associated with a priority level. Here is the list in decreasing order: \n\n"
AFTER = "The syntax of the configuration file is detailed in its manual page.\n"


def test_the_whole_list_is_shown_from_its_introduction_when_the_sentence_before_leaves_no_room():
    text = "local0 to local7: reserved for local use. \n\n" + INTRO + ITEMS + REST + AFTER
    src = Source(1, text, "/docs/syslog.html", None, 1, text.count("\n") + 1)
    pieces = split_spans(src)
    lead = next(p for p in pieces if p.text.startswith("Each message is also associated"))
    shown = shown_span(lead, pieces).text
    assert shown.startswith("Here is the list in decreasing order:")
    assert "emerg:" in shown and shown.rstrip().endswith("debug: debugging message.")
    assert "syntax of the configuration" not in shown


@dataclass(frozen=True)
class _Hit:
    text: str
    line_start: int | None = None
    line_end: int | None = None


def _rec(text: str) -> SimpleNamespace:
    return SimpleNamespace(
        file_type="text", char_start=0, char_end=len(text), text=text, path="/docs/s.txt", id=1
    )


def test_a_passage_that_ends_inside_a_list_takes_the_rest_of_the_list_from_the_next_chunk():
    passage = INTRO + ITEMS.rstrip()
    out = _extended(_Hit(passage), _rec(passage), "", "\n\n" + REST + AFTER)
    assert out.text.startswith(INTRO.strip()) and out.text.endswith("debug: debugging message.")
    assert "syntax" not in out.text


def test_a_passage_is_not_extended_past_a_finished_sentence_or_into_prose():
    done = INTRO + ITEMS.split("\n\n")[0]  # ends with the first item's full stop
    assert _extended(_Hit(done), _rec(done), "", "\n\n" + REST).text == done
    passage = INTRO + ITEMS.rstrip()
    prose = "\n\nThe rest of this section describes the configuration file and its selectors.\n"
    assert _extended(_Hit(passage), _rec(passage), "", prose).text == passage
