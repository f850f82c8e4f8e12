"""A sentence of a definition's description is shown from its term on: the option a question asks for ("How can
xargs run several commands at once?": ``--max-procs``) is the term a man page, an info manual, a reStructuredText
option list or an HTML manual's ``<dt>`` puts over the description, not a word of the description itself."""

from __future__ import annotations

import pytest

from engine.encoders import default_embedder_path, load_embedder
from engine.rag.extractive import extract_answer
from engine.rag.grounding import Span
from engine.rag.sources import Source
from engine.rag.terms import described, term_above, with_term

MAN = (
    "       -p, --interactive\n"
    "              Prompt the user about whether to run each command line and read a\n"
    "              line from the terminal.\n\n"
    "       -P max-procs, --max-procs=max-procs\n"
    "              Run up to max-procs processes at a time; the default is  1.   If\n"
    "              max-procs  is 0, xargs will run as many processes as possible at\n"
    "              a time.  Use the -n option or the -L option with -P.\n"
)
INFO = (
    "‘--sandbox’\n"
    "     In sandbox mode, ‘e/w/r’ commands are rejected - programs\n"
    "     containing them will be aborted without being run.  Sandbox mode\n"
    "     ensures ‘sed’ operates only on the input files designated on the\n"
    "     command line, and cannot run external programs.\n"
)
RST = (
    "``--force-reinstall``\n\n"
    "Doesn't affect resolution, but if the resolved result is the same as what is\n"
    "currently installed, uninstall and reinstall it rather than leaving the\n"
    "current version in place. This occurs even if ``--upgrade`` is not set.\n"
)
HTML_DT = "-k --keep\n\nKeep (don't delete) input files during compression or decompression.\n\n-s --small\n\nReduce memory usage.\n"


@pytest.fixture(scope="module")
def embedder():
    return load_embedder(default_embedder_path())


def _span(text: str, sentence: str, path: str) -> Span:
    start = text.index(sentence)
    return Span(Source(1, text, path), start, start + len(sentence))


@pytest.mark.parametrize(
    ("text", "sentence", "path", "term"),
    [
        (MAN, "If\n              max-procs  is 0, xargs will run as many processes as possible at\n              a time.",
         "/d/xargs.1.txt", "-P max-procs, --max-procs=max-procs"),
        (INFO, "Sandbox mode\n     ensures ‘sed’ operates only on the input files designated on the\n     command line, "
         "and cannot run external programs.", "/d/sed.info.txt", "‘--sandbox’"),
        (RST, "This occurs even if ``--upgrade`` is not set.", "/d/pip.rst", "``--force-reinstall``"),
        (HTML_DT, "Keep (don't delete) input files during compression or decompression.", "/d/bzip2.html",
         "-k --keep"),
    ],
)  # fmt: skip
def test_a_description_sentence_is_shown_from_its_term(text, sentence, path, term):
    shown = with_term(_span(text, sentence, path), 600)
    assert shown.text.startswith(term) and shown.text.endswith(sentence)


def test_no_term_no_change_and_the_limit_holds():
    prose = "Overview\n\nThe tool reads files. It writes more.\n"
    span = _span(prose, "It writes more.", "/d/p.txt")
    assert with_term(span, 600) == span, "a capitalised one-word heading is a title, not a term"
    indented_prose = "The tool reads files\n    and writes more. It stops.\n"
    span = _span(indented_prose, "It stops.", "/d/p.txt")
    assert with_term(span, 600) == span
    span = _span(MAN, "Use the -n option or the -L option with -P.", "/d/xargs.1.txt")
    assert with_term(span, 60) == span, "never longer than the limit"
    first = _span(HTML_DT, "Reduce memory usage.", "/d/bzip2.html")
    assert with_term(first, 600).text == "-s --small\n\nReduce memory usage."
    # a numbered section's heading over its first sentence (Texinfo's HTML): a title, though its number reads as a
    # release's ("3.4.3 Sep-19-2022" over its notes is one)
    manual = "1.1 Setting the Output Format\n\ntime uses a format string to determine which information to display.\n"
    span = _span(
        manual, "time uses a format string to determine which information to display.", "/d/time.html"
    )
    assert with_term(span, 600) == span
    notes = "3.4.3 Sep-19-2022\n\nfix a crash when the cache is full.\n"
    span = _span(notes, "fix a crash when the cache is full.", "/d/NEWS.txt")
    assert with_term(span, 600).text.startswith("3.4.3 Sep-19-2022")


def test_the_extractive_answer_names_the_option(embedder):
    src = Source(1, MAN, "/docs/xargs.1.txt", None, 100, 108)
    ans = extract_answer(
        "Can xargs run as many processes as possible at once?", [src], embedder, max_sentences=1
    )
    assert "--max-procs" in ans.text
    assert ans.citations[0].line_start == 104  # the cited lines start at the term's line


def test_a_release_entry_of_a_news_list_is_a_term():
    news = ("    3.4.4 Oct-23-2022\n        Important aarch64 fixes.\n\n"
            "    3.4.3 Sep-19-2022\n        All struct args are passed by value.\n"
            "        Add support for Loongson's LoongArch64 architecture.\n")  # fmt: skip
    shown = with_term(
        _span(news, "Add support for Loongson's LoongArch64 architecture.", "/d/README.md"), 600
    )
    assert shown.text.startswith("3.4.3 Sep-19-2022")


def test_a_section_opening_with_a_demonstrative_is_shown_with_its_heading():
    md = ("### Trimmed: `small-icu` (English only) support\n\n"
          "In this configuration, only English data is included, but the full `Intl` APIs.\n\n"
          "### Build with full ICU\n\nThe full data is downloaded at build time.\n")  # fmt: skip
    shown = with_term(
        _span(md, "In this configuration, only English data is included", "/d/BUILDING.md"), 600
    )
    assert shown.text.startswith("### Trimmed: `small-icu`")
    plain = _span(md, "The full data is downloaded at build time.", "/d/BUILDING.md")
    assert with_term(plain, 600) == plain, "a sentence that does not lean on its heading is shown alone"


def test_the_heading_reads_without_its_marks_in_the_answer(embedder):
    md = ("### Trimmed: `small-icu` (English only) support\n\n"
          "In this configuration, only English data is included, but the full `Intl` APIs.\n")  # fmt: skip
    ans = extract_answer("Can I build Node with English-only ICU data?", [Source(1, md, "/d/BUILDING.md", None, 5, 7)],
                         embedder, max_sentences=1)  # fmt: skip
    assert "- Trimmed: `small-icu` (English only) support In this configuration" in ans.text
    assert ans.citations[0].quote.startswith("### Trimmed")  # the quote is the file's text


def test_a_console_command_is_no_term():
    rst = "To generate HTML documentation, invoke::\n\n   $ make html\n\nThen, point your browser to the index.\n"
    span = _span(rst, "Then, point your browser to the index.", "/d/README.rst")
    assert with_term(span, 600) == span


def test_a_bullet_is_no_term():
    notes = "- Buy milk\n\nThe shop closes at six on Sundays.\n"
    span = _span(notes, "The shop closes at six on Sundays.", "/d/notes.md")
    assert with_term(span, 600) == span


def test_a_line_over_lines_no_deeper_than_it_is_no_term():
    note = "todo\nBuy milk on the way home.\n"
    span = _span(note, "Buy milk on the way home.", "/d/notes.txt")
    assert with_term(span, 600) == span


TIMEOUT = (
    "OPTIONS\n"
    "       -k, --kill-after=DURATION\n"
    "              also send a KILL signal if COMMAND is still running\n"
    "              this long after the initial signal was sent\n\n"
    "       -s, --signal=SIGNAL\n"
    "              specify the signal to be sent on timeout;\n"
)
PDF_OPTIONS = (
    "--max-stackframe=<number> [default: 2000000]\n\n"
    "The maximum size of a stack frame. If the stack pointer moves by more than this amount then Valgrind will\n"
    "assume that the program is switching to a different stack.\n\n"
    "You may need to use this option if your program has large stack-allocated arrays.\n\n"
    "However, if your program allocates large structures on the stack, this heuristic will be fooled.\n"
)


@pytest.mark.parametrize(
    ("text", "sentence", "term"),
    [
        (TIMEOUT, "this long after the initial signal was sent", "-k, --kill-after=DURATION"),
        (TIMEOUT, "specify the signal to be sent on timeout;", "-s, --signal=SIGNAL"),
        (PDF_OPTIONS, "However, if your program allocates large structures on the stack, this heuristic will be "
         "fooled.", "--max-stackframe=<number> [default: 2000000]"),
        (PDF_OPTIONS, "If the stack pointer moves by more than this amount then Valgrind will\nassume that the "
         "program is switching to a different stack.", "--max-stackframe=<number> [default: 2000000]"),
    ],
)  # fmt: skip
def test_a_description_sentence_shown_without_its_term_is_labelled_with_it(text, sentence, term):
    assert term_above(_span(text, sentence, "/d/manual.pdf")) == term


def test_no_label_where_the_term_is_shown_out_of_reach_or_unknown():
    # the sentence holds its term already
    assert (
        term_above(_span(TIMEOUT, "-k, --kill-after=DURATION\n              also send", "/d/t.txt")) is None
    )
    # an unindented option more than MAX_TERM_REACH paragraphs above is another entry's
    far = "--verbose\n\n" + "One paragraph.\n\n" * 4 + "The last sentence here.\n"
    assert term_above(_span(far, "The last sentence here.", "/d/m.pdf")) is None
    # a passage that starts inside a description: its first line lost its indent, so it is no term
    cut = (
        "-v, --verbose\n       diagnose to stderr\n\n       Upon timeout, send the TERM signal to COMMAND.\n"
    )
    assert term_above(_span(cut, "Upon timeout, send the TERM signal to COMMAND.", "/d/t.txt")) is None
    # a one-line paragraph that is no option is no term in an unindented text
    prose = "Summary\n\nThe tool reads files.\n"
    assert term_above(_span(prose, "The tool reads files.", "/d/p.pdf")) is None


def test_an_options_description_is_also_read_without_the_option_names():
    text = "       -g, --chgexit\n              Exit when the output of command changes.\n"
    span = _span(text, text.strip(), "/d/watch.1.txt")
    assert text[described(span) :].strip() == "Exit when the output of command changes."
    assert described(_span(MAN, "Prompt the user about whether", "/d/x.txt")) is None


def test_an_options_name_is_not_labelled_with_the_option_above_it():
    text = "--errors-for-leak-kinds=<set> [default: definite,possible]\n\n--leak-check-heuristics=<set> [default: all]\n"
    assert term_above(_span(text, "--leak-check-heuristics=<set> [default: all]", "/d/m.pdf")) is None


def test_an_answer_names_the_option_a_description_sentence_is_under(embedder):
    ans = extract_answer(
        "The program ignores the first signal. How do I make timeout kill it for sure?",
        [Source(1, TIMEOUT, "/d/timeout.1.txt")],
        embedder,
    )
    lines = [ln for ln in ans.text.split("\n") if "this long after the initial signal" in ln]
    assert len(lines) == 1 and lines[0].startswith(
        "- -k, --kill-after=DURATION"
    )  # shown with it, or labelled
    assert ans.text.count("--kill-after=DURATION") == 1  # said once


def test_a_sentence_paragraphs_below_its_option_is_labelled_with_it(embedder):
    ans = extract_answer(
        "My program allocates large structures on the stack and the heuristic is fooled. Which option helps?",
        [Source(1, PDF_OPTIONS, "/d/valgrind.pdf", page=30)],
        embedder,
    )
    lines = [ln for ln in ans.text.split("\n") if "allocates large structures" in ln]
    assert lines == [
        "- --max-stackframe=<number> [default: 2000000]: However, if your program allocates large structures on "
        "the stack, this heuristic will be fooled. [1]"
    ]
