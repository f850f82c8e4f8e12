"""The extractive answer's sentences read as answers (issue 37's failure classes, on small passages written like the
real documents they were seen in: R's FAQ as a PDF, the Debian Administrator's Handbook as HTML):
- the sentence after console output is a sentence of its own, never glued to the output;
- a sentence that leans on the one before it with a demonstrative ("After this period") is shown with it;
- a list introduced by a sentence ("Here is the list in decreasing order:") is shown with its introduction, also when
  its items carry no marks (an HTML list read one item a line);
- a sentence in brackets that completes the one before it ("(Valid values are ...)") is shown with it;
- a sentence is never shown cut: a long one is shown whole, one the passage cuts off is marked "…"."""

from __future__ import annotations

import pytest

from engine.rag.citations import segments
from engine.rag.extractive import extract_answer
from engine.rag.grounding import split_spans
from engine.rag.shown_span import shown_span
from engine.rag.sources import Source

R_FAQ = (
    "7.31 Why doesn't R think these numbers are equal?\n\n"
    "The only numbers that can be represented exactly in R's numeric type are integers and fractions\n"
    "whose denominator is a power of 2. All other numbers are internally rounded.\n\n"
    "R> a <- sqrt(2)\n"
    "R> a * a == 2\n"
    "[1] FALSE\n"
    "R> print(a * a, digits = 18)\n"
    "[1] 2.00000000000000044\n"
    "The function all.equal() compares two objects using a numeric tolerance of\n"
    ".Machine$double.eps ^ 0.5. If you want much greater accuracy than this you will need\n"
    "to consider error propagation carefully.\n"
)
QUOTAS = (
    "A “soft” limit can be temporarily exceeded; the user will simply be warned that they are exceeding the quota. "
    "A “hard” limit can never be exceeded. With the edquota -t command, you can define a maximum authorized “grace "
    "period” within which a soft limit may be exceeded. After this period, the soft limit will be treated like a hard "
    "limit, and the user will have to reduce their disk space usage to within this limit.\n"
)
SYSLOG = (
    "local0 to local7: reserved for local use. \n\n"
    "Each message is also associated with a priority level. Here is the list in decreasing order: \n\n"
    "emerg: “Help!” There is an emergency, the system is probably unusable. \n\n"
    "alert: hurry up, any delay can be dangerous, action must be taken immediately; \n\n"
    "crit: conditions are critical; \n\n"
    "err: error; \n\n"
    "warn: warning (potential error); \n\n"
    "The selector is a semicolon-separated list of subsystem.priority pairs.\n"
)


def _source(text: str, n: int = 1, path: str = "/docs/manual.txt") -> Source:
    return Source(n, text, path, None, 1, text.count("\n") + 1)


def _shown(question: str, *texts: str, embedder=None, k: int = 5) -> list[str]:
    """The shown sentences of the extractive answer, best first as the list shows them (without their markers)."""
    ex = extract_answer(question, [_source(t, i) for i, t in enumerate(texts, 1)], embedder, max_sentences=k)
    return [s.text for s in ex.sentences]


def test_the_sentence_after_console_output_is_its_own():
    pieces = [R_FAQ[a:b] for a, b in segments(R_FAQ)]
    assert any(p.startswith("The function all.equal() compares two objects") for p in pieces), pieces
    assert any(p.startswith("R> a <- sqrt(2)") and p.endswith("2.00000000000000044") for p in pieces)
    shown = _shown("What tolerance does all.equal() use when it compares numbers?", R_FAQ, k=1)
    assert (
        shown[0].startswith("The function all.equal() compares") and ".Machine$double.eps ^ 0.5" in shown[0]
    )


def test_prose_lines_and_prompts_in_prose_are_not_cut():
    text = "It uses the\nDebian packages of the system and the\nThe next line here is prose too."
    assert len(segments(text)) == 1  # no console line before the capital: a wrapped sentence stays whole


def test_a_sentence_leaning_on_this_period_is_shown_with_the_one_before():
    src = _source(QUOTAS)
    pieces = split_spans(src)
    after = next(p for p in pieces if p.text.startswith("After this period"))
    shown = shown_span(after, pieces).text
    assert shown.startswith("With the edquota -t command") and "After this period" in shown


def test_a_list_is_shown_with_the_sentences_that_introduce_it():
    src = _source(SYSLOG)
    pieces = split_spans(src)
    lead = next(p for p in pieces if p.text.startswith("Each message is also associated"))
    shown = shown_span(lead, pieces).text
    assert "Here is the list in decreasing order:" in shown and "emerg:" in shown and "alert:" in shown
    intro = next(p for p in pieces if p.text.startswith("Here is the list"))
    assert "crit: conditions are critical;" in shown_span(intro, pieces).text
    assert "selector" not in shown  # the paragraph after the list is not an item


def test_a_sentence_in_brackets_that_gives_the_values_is_shown_with_its_sentence():
    text = (
        "The compression level is set with the -l option. (Valid values are 1 to 9; the default is 6.) "
        "Higher levels are slower.\n"
    )
    pieces = split_spans(_source(text))
    first = next(p for p in pieces if p.text.startswith("The compression level"))
    assert shown_span(first, pieces).text.endswith("(Valid values are 1 to 9; the default is 6.)")


def test_a_sentence_that_goes_on_from_the_shown_one_is_shown_with_it():
    """A user describes the problem; the document describes it too, then the remedy in a sentence that names it
    ("this possibility", "these problems", "Such a file"). A sentence that only follows is not taken, nor one in
    the next paragraph."""
    text = (
        "Locking only prevents password-based logins. The user might still be able to access the system using an SSH "
        "key. To prevent even this possibility you have to expire the account as well using usermod -e 1 user. "
        "Groups are kept in /etc/group.\n\nA named pipe blocks the writer. Such a file is created with mkfifo.\n\n"
        "The editor starts quickly. Its menus are on the left.\n\nThe log is rotated.\n\nTo avoid this, set keep.\n"
    )
    pieces = split_spans(_source(text))

    def shown(start):
        return shown_span(next(p for p in pieces if p.text.startswith(start)), pieces).text

    assert shown("The user might").endswith("using usermod -e 1 user.")
    assert shown("A named pipe").endswith("created with mkfifo.")
    assert shown("To prevent").startswith("The user might")  # read with what "this possibility" is
    assert shown("To prevent").endswith("-e 1 user.")  # not extended to the unrelated sentence after it
    assert shown("The editor starts") == "The editor starts quickly."
    assert shown("The log is rotated") == "The log is rotated."  # a paragraph of its own


def test_a_long_sentence_is_shown_whole_and_a_cut_one_is_marked():
    long = (
        "Sweave and knitr documents are processed in two steps, first by the R code chunks being evaluated and\n"
        + "their output woven into the LaTeX source, after which the resulting file is handed to the\n" * 3
        + "TeX engine, which should take a document class that loads the Sweave style file.\n"
    )
    assert len(long) > 300  # split_spans cuts it into pieces for scoring
    shown = _shown("Which TeX engine step should take a document class?", long, k=1)
    assert shown[0].startswith("Sweave and knitr") and shown[0].endswith("Sweave style file.")
    cut = "The installer asks for a mirror. Each mirror is checked, and the fastest one is kept, which should take a"
    ex = extract_answer("Is each mirror checked for the fastest one?", [_source(cut)], max_sentences=1)
    assert ex.text.rstrip().endswith("… [1]") and "which should take a" in ex.text


@pytest.fixture(scope="module")
def embedder():
    from engine.encoders import default_embedder_path, load_embedder

    return load_embedder(default_embedder_path())


def test_a_question_in_other_words_gets_the_sentence_that_answers_it(embedder):
    """ "How long may a user stay over their soft quota" names no word of "grace period": "After this period, the
    soft limit will be treated like a hard limit" is read (and shown) with the sentence before it, which does."""
    shown = _shown("How long may a user stay over their soft quota, and where is that set?", QUOTAS,
                   embedder=embedder, k=2)  # fmt: skip
    assert any(s.startswith("With the edquota -t command") and "After this period" in s for s in shown), shown


def test_the_best_sentences_read_on_into_the_next_sentence_of_their_paragraph(embedder):
    """The best sentence often names the thing and the next gives the value; a list's next item, a question and a
    sentence past the paragraph are not read on into."""
    text = (
        "When this option is selected, bc has one more special variable. This special variable, HISTORY is the "
        "number of lines of history retained. For GNU readline, a value of -1 means that an unlimited number of "
        "history lines are retained.\n\nSetting HISTORY to 0 turns history off. Is that wise?\n"
    )
    src = Source(1, text, "/docs/bc.txt", None, 1, 3)
    ans = extract_answer(
        "What lines of history does bc keep by default?", [src], embedder, max_sentences=1
    )  # not "how many": a sentence with a figure would be lifted past the one that names HISTORY (answer_kinds)
    assert ans.sentences[0].text.endswith(
        "HISTORY is the number of lines of history retained. For GNU readline, a "
        "value of -1 means that an unlimited number of history lines are retained."
    )
    assert (ans.citations[0].line_start, ans.citations[0].line_end) == (1, 1)
    ans = extract_answer("Can I turn bc's history off?", [src], embedder, max_sentences=1)
    assert ans.sentences[0].text == "Setting HISTORY to 0 turns history off.", (
        "a question is not read on into"
    )
    notes = Source(
        2, "- Ship the 2.4 release on Friday.\n- Dark mode icons: Dana's set wins.\n", "/d/n.md", None, 1, 2
    )
    ans = extract_answer("When does 2.4 ship?", [notes], embedder, max_sentences=1)
    assert ans.sentences[0].text == "Ship the 2.4 release on Friday."


def test_a_next_sentence_that_ends_with_a_colon_comes_with_what_it_introduces(embedder):
    """Read on into "The easiest way is to use autoreconf::", the answer is the command after it."""
    text = (
        "If the source has been checked out from a Git repository, the ./configure script has to be generated "
        "first. The easiest way is to use autoreconf::\n\n    autoreconf -i\n\nTo run the test suite, invoke::\n"
    )
    src = Source(1, text, "/docs/README.rst", None, 1, 7)
    ans = extract_answer(
        "I cloned it from git and there is no configure script. What do I run first?", [src], embedder,
        max_sentences=1,
    )  # fmt: skip
    assert ans.sentences[0].text.endswith("The easiest way is to use autoreconf:: autoreconf -i"), (
        ans.sentences
    )
    assert (ans.citations[0].line_start, ans.citations[0].line_end) == (1, 3)
