"""Titles are not answers (issue 37): a FAQ's numbered question ("7.14 What are valid names?", R's FAQ as a PDF)
and a side box's label and title ("SECURITY Restricting cron or atd", the Debian Administrator's Handbook) name a
topic; an extractive answer quotes the sentences under them."""

from __future__ import annotations

from engine.rag.extractive import extract_answer, not_an_answer
from engine.rag.sources import Source

FAQ = (
    "7.14 What are valid names?\n\n"
    "A syntactic name consists of letters, numbers, and the dot and underscore characters, and starts with either\n"
    "a letter or a dot not followed by a number.\n"
)
SIDEBAR = (
    "SECURITY Restricting cron or atd\n\n"
    "You can restrict access to cron by creating an explicit authorization file (whitelist) in /etc/cron.allow in\n"
    "which you indicate the only users authorized to schedule commands.\n"
)


def _first(question: str, text: str) -> str:
    src = Source(1, text, "/docs/manual.txt", None, 1, text.count("\n") + 1)
    return extract_answer(question, [src], max_sentences=1).sentences[0].text


def test_a_numbered_question_and_a_side_box_title_are_not_quoted_as_answers():
    for title in ("7.14 What are valid names?", "7.3 How can I clean up my workspace?", "SECURITY Restricting cron or atd",
                  "TIP Text shortcuts for cron", "BACK TO BASICS The named pipe, a persistent pipe"):  # fmt: skip
        assert not_an_answer(title), title
    assert _first("What are valid names? Which characters do they consist of?", FAQ).startswith(
        "A syntactic name consists"
    )
    assert _first("Restricting cron: which users are authorized to schedule commands?", SIDEBAR).startswith(
        "You can restrict access to cron"
    )


def test_sentences_that_look_alike_are_still_answers():
    for text in ("NOTE This must be set before the daemon starts.", "1. It is a tool.", "3 garlic cloves",
                 "SSH Port forwarding is a way to tunnel connections through a host.",
                 "ACAP ACAP Media Type Dataset Class ftp://ftp.ietf.org/internet-drafts/draft-ietf-acap-mediatype-01.txt"):  # fmt: skip
        assert not not_an_answer(text), text


def test_mail_headers_and_questions_are_not_answers():
    from engine.rag.extractive import not_an_answer

    assert not_an_answer("From: Helen Wu <helen.wu@example.com>\nTo: Book club <bookclub@lists.example.com>")
    assert not_an_answer("Re: December book?")
    assert not_an_answer("Why doesn't Memcheck find the array overruns in this program?")
    assert not not_an_answer("Meeting is the second Wednesday as usual, 9 December, 7:30.")
    assert not not_an_answer("From 2.8.4 through diffutils-2.9, it printed the old message.")


def test_a_slides_title_is_no_answer_where_the_passage_opens_the_slide():
    """A slide's page opens with its title ("Year 6 residential 2027"): judged a heading (scored down, never read on into)
    where the passage opens the slide; its bullets are answers, and so is the first line of a passage that starts
    inside a slide, or of another kind of file."""
    from engine.rag.grounding import split_spans
    from engine.rag.not_answers import form_texts

    slide = "Year 6 residential 2027\nTotal | £285\nThe total covers the coach, four nights' full board and the activities."

    def judged(path: str, char_start: int) -> list[bool]:
        spans = split_spans(Source(1, slide, path, 3, char_start=char_start))
        return [not_an_answer(t) for t in form_texts(spans, {1: spans})]

    assert judged("/docs/talk.odp", 0) == [True, False, False] == judged("/docs/talk.pptx", 0)
    assert judged("/docs/talk.odp", 120) == [False, False, False] and not any(judged("/docs/talk.txt", 0))


def test_a_time_stamp_alone_and_a_notes_labels_and_state_are_not_answers():
    # when a note was written or edited, as its heading shows it, says when, not what
    for line in ("13 Mar 2027, 17:52:18", "Friday 19 March 2027 18:03", "Mar 13, 2027, 5:52 PM", "2027-03-13 17:52",
                 "Labels: House, Trips", "Pinned. Edited Tuesday 2 March 2027 07:40."):  # fmt: skip
        assert not_an_answer(line), line
    for line in (
        "The party is on 13 Mar 2027.",
        "13 Mar 2027: boiler serviced",
        "Edited the photos on Friday.",
    ):
        assert not not_an_answer(line), line
