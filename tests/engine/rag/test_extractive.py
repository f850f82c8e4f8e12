"""The extractive answerer: sentences scored with their passage's context; navigation and headings kept out."""

from __future__ import annotations

import re

import pytest

from engine.encoders import default_embedder_path, load_embedder
from engine.rag.extractive import extract_answer, not_an_answer, score_parts
from engine.rag.prompt import Source

FEATURES = (
    "Missing Features\n\nlibffi is missing a few features. We welcome patches to add support for these.\n\n"
    "Variadic closures.\n\nThere is no support for bit fields in structures.\n\nThe Go API is undocumented.\n"
)
OTHER = (
    "Structures\n\nA structure is laid out by the C compiler's rules. Each field has its own alignment.\n\n"
    "The size of a structure is rounded up to a multiple of its alignment.\n"
)


@pytest.fixture(scope="module")
def embedder():
    return load_embedder(default_embedder_path())


@pytest.mark.parametrize("line", ["Next: Memory Usage, Previous: What is libffi?, Up: libffi [Index]",
                                  "[pnpm]: https://pnpm.io", "2.7 Thread Safety", "Table of Contents",
                                  "An Overview of Valgrind", "-----", "## Supported package managers",
                                  "Debugging util-linux programs\n=============================",
                                  '"""distutils.command.build', "git-remote-persistent-https",
                                  "Zlib notes", "The xsltproc tool",
                                  "Closure Example (libffi: the portable foreign function interface library)",
                                  "File: bc.info,  Node: Math Library Functions,  Prev: Functions,  Up: Functions",
                                  "\x1f\nFile: sed.info,  Node: Joining lines,  Next: Centering lines,  Up: Examples",
                                  "* Menu:", "Tags: bike, spring.",
                                  "Saved from: https://support.harlowfinch.example/bm450/manual",
                                  "Support › Bread makers › BM450 › Online manual", "Home » Blog » Chillies",
                                  "© 2027 Gillbeck Hollow Camping Ltd"])  # fmt: skip
def test_navigation_link_definitions_and_headings_are_not_answers(line):
    assert not_an_answer(line)


@pytest.mark.parametrize("line", ["-fstack-protector-all", "40 bar", "Variadic closures.", "def translate(pat):",
                                  "There is no support for bit fields in structures.", "return x + 1", "# HSV: Hue, Saturation, Value",
                                  "zlib was written by Jean-loup Gailly and Mark Adler.", "60000-64999.",
                                  "Not supported.", "Use the -s option", "(Next uid/gid allocation: 64070.)",
                                  "Use the -s option (the default)", "File: notes.txt, the list of files to keep",
                                  "Tags: bike, spring. Before the ride: replace the chain.",
                                  "Saved from the fire: two chairs and a clock.", "Press MENU › then START",
                                  "Copyright 2004 Free Software Foundation, Inc."])  # fmt: skip
def test_answers_of_any_form_are_kept(line):
    assert not not_an_answer(line)


def test_each_sentence_carries_its_passages_cosine(embedder):
    sources = (Source(1, OTHER, "/d/structures.txt", line_start=1, line_end=5),
               Source(2, FEATURES, "/d/missing.txt", line_start=1, line_end=9))  # fmt: skip
    spans, cos, _kw, _prior, passage = score_parts("Does libffi support bit fields?", sources, embedder)
    by_source = {sp.source.n: p for sp, p in zip(spans, passage, strict=True)}
    assert set(by_source) == {1, 2} and by_source[2] > by_source[1]  # the page about libffi's features
    assert len({p for sp, p in zip(spans, passage, strict=True) if sp.source.n == 2}) == 1
    assert len(cos) == len(spans)


def test_a_heading_is_not_shown_when_sentences_answer(embedder):
    sources = (Source(1, "Thread Safety\n\n" + FEATURES, "/d/missing.txt", line_start=1, line_end=11),)
    ex = extract_answer("Does libffi support bit fields in structures?", sources, embedder, max_sentences=2)
    assert "There is no support for bit fields in structures." in [s.text for s in ex.sentences]
    assert all(not not_an_answer(s.text) for s in ex.sentences)


SSH_DNS = (
    "How to verify host keys using OpenSSH and DNS\n\n"
    "To enable the ssh client to verify host keys using DNS, you have to add the\n"
    "following option to the ssh configuration file ($HOME/.ssh/config or /etc/ssh/ssh_config):\n\n"
    "    VerifyHostKeyDNS yes\n\n"
    "Upon connection the client will try to look up the fingerprint RR using DNS.\n"
)


def test_a_sentence_ending_with_a_colon_is_shown_with_what_it_introduces(embedder):
    """ "... add the following option to the ssh configuration file:" answers nothing without the option that
    follows it (too short to be a sentence of its own): it is quoted with it, and the citation spans both."""
    sources = (Source(1, SSH_DNS, "/d/README.dns", line_start=1, line_end=8),)
    ex = extract_answer("What do I put in my ssh config so the client checks host keys against DNS?", sources,
                        embedder, max_sentences=2)  # fmt: skip
    intro = next(s for s in ex.sentences if "following option" in s.text)
    assert intro.text.endswith("ssh_config): VerifyHostKeyDNS yes") and "VerifyHostKeyDNS yes" in ex.text
    assert (intro.line_start, intro.line_end) == (3, 6) and intro.supported
    cite = ex.citations[0]
    assert "VerifyHostKeyDNS yes" in cite.quote and cite.quote in SSH_DNS
    assert sum("VerifyHostKeyDNS" in s.text for s in ex.sentences) == 1  # shown once


TESTING = (
    "Zstandard CI testing is split up into three sections: short, medium, and long tests.\n\n"
    "Short Tests\n-----------\nShort tests run on CircleCI for new commits on every branch and pull request.\n\n"
    "Long Tests\n----------\nLong tests run on all commits to `release` branch, on TravisCI.\n"
)


def test_a_sentence_under_a_heading_underline_reads_as_written(embedder):
    """The underline of "Short Tests" used to open the next sentence ("----------- Short tests run on ..."), and
    the loop guard read the run of dashes as a loop and dropped the sentence that answers."""
    sources = (Source(1, TESTING, "/d/TESTING.md", line_start=1, line_end=9),)
    ex = extract_answer("Where do the zstd short tests run?", sources, embedder, max_sentences=3)
    shown = [s.text for s in ex.sentences]
    assert "Short tests run on CircleCI for new commits on every branch and pull request." in shown
    assert not any(t.startswith("-") or "Short Tests" == t for t in shown)
    hit = next(s for s in ex.sentences if "CircleCI" in s.text)
    assert (hit.line_start, hit.line_end) == (5, 5)


PROCPS = (
    "ipv6 sysctl keys\n----------------\n"
    "However if you make your own kernel then you may make ipv6 a module and\n"
    "get a race condition between the netbase and procps startup scripts.\n\n"
    "The solution is to either:\n"
    " - Not put ipv6 keys into /etc/sysctl.d/* or /etc/sysctl.conf\n"
    " - Compile the ipv6 module into the kernel\n"
    " - Load the module early by putting ipv6 into /etc/modules\n\n"
    "pgrep\n-----\npgrep is a new program.\n"
)


def test_a_list_is_shown_whole_with_the_sentence_that_introduces_it(embedder):
    """One option of an "either:" list, shown alone, reads as the solution: the whole short list is shown with its
    introduction (and its citation spans it); the underlined heading above is not shown."""
    sources = (Source(1, PROCPS, "/d/README.Debian", line_start=1, line_end=14),)
    ex = extract_answer("How can the race between netbase and procps over ipv6 sysctl keys be avoided?", sources,
                        embedder, max_sentences=2)  # fmt: skip
    shown = next(s for s in ex.sentences if "solution" in s.text)
    assert shown.text.startswith("The solution is to either: - Not put ipv6 keys")
    assert shown.text.endswith("- Load the module early by putting ipv6 into /etc/modules")
    assert (shown.line_start, shown.line_end) == (6, 9)
    assert sum("Compile the ipv6 module" in s.text for s in ex.sentences) == 1  # the list once, not per item
    assert "ipv6 sysctl keys" not in [s.text for s in ex.sentences]  # outranked: judged a heading


GLAZES = (
    "## Tidepool blue\n\nThe same base as the celadon, but leave out the iron and add:\n\n"
    "- cobalt carbonate 0.5% (5 g)\n- rutile 4% (40 g)\n- bentonite 2% (20 g)\n\n"
    "Breaks brown over edges and throwing lines.\n"
)
FAIR = (
    "## Checklist\n\n- [x] Book the pitch\n- [ ] Price labels for everything\n- [ ] Charge the card reader\n"
    "- [ ] Float: 80 pounds in coins\n- [x] Business cards\n- [ ] Tablecloth, clamps and the shelf unit\n"
    "- [ ] Flask and lunch for the fair\n\n## Stock\n\nForty mugs, twenty bowls.\n"
)


def test_a_markdown_list_after_a_blank_line_is_shown_with_its_introduction(embedder):
    """Markdown puts a blank line between a list and the sentence whose colon opens it: the list is still shown
    whole with it ("add:" and all three materials, not the first alone)."""
    ex = extract_answer("What do I add to the celadon base to make the Tidepool blue?",
                        (Source(1, GLAZES, "/n/glazes.md", line_start=1, line_end=9),), embedder)  # fmt: skip
    shown = next(s for s in ex.sentences if "leave out the iron" in s.text)
    assert shown.text.endswith("add: - cobalt carbonate 0.5% (5 g) - rutile 4% (40 g) - bentonite 2% (20 g)")
    assert (shown.line_start, shown.line_end) == (3, 7)


def test_two_items_of_one_list_are_shown_with_the_items_between_them(embedder):
    """Open boxes of a checklist chosen apart are shown as one stretch of the list, the boxes between included:
    no open task is left out between two that are shown."""
    ex = extract_answer("Which jobs on the fair checklist are still open?",
                        (Source(1, FAIR, "/n/fair.md", line_start=1, line_end=14),), embedder)  # fmt: skip
    tasks = [s.text for s in ex.sentences if "still to do" in s.text]
    assert len(tasks) == 1 and "Charge the card reader" in tasks[0] and "Float" in tasks[0]
    assert "Forty mugs" not in tasks[0]  # the list ends at its paragraph


CHANGES = (
    "Hi all,\n\nTwo changes for this weekend:\n\n"
    "1. The forecast for Saturday is gales on the tops, so we're swapping the walks round. Saturday is now the "
    "low-level loop around Ladybower Reservoir (about 13 km, mostly on tracks). We'll do Mam Tor on Sunday morning "
    "if it has calmed down.\n"
    "2. The cottage owner has asked us to park on the lane, not the drive, because the drive is being resurfaced on "
    "Friday and the tarmac needs two full days before a car can go on it; there is room for three cars by the gate "
    "and the rest can use the village hall car park, which is free at weekends.\n\nSee you Friday!\n"
)


def test_a_long_list_item_is_shown_whole_not_cut_after_its_first_sentence(embedder):
    """An item of more than one sentence is one item: where the whole list is too long to show, the item is shown
    with all its sentences, not the list's introduction and the item's first sentence."""
    ex = extract_answer("Which walk are we doing on Saturday?",
                        (Source(1, CHANGES, "/m/cottage.eml", line_start=1, line_end=10),), embedder,
                        max_sentences=1)  # fmt: skip
    shown = next(s.text for s in ex.sentences if "gales" in s.text)
    assert "Ladybower" in shown and "calmed down" in shown


RELNOTES = (
    "GIT v1.5.1.2 Release Notes\n==========================\n\nFixes since v1.5.1.1\n--------------------\n\n"
    "* Bugfixes\n\n"
    "  - An earlier update to command line integer parameter parser was\n"
    "    botched and made 'update-index --cacheinfo' completely useless.\n\n"
    "  - Converted remaining mentions of update-index on Porcelain\n    documents to git-add/git-rm.\n"
)


def test_a_quoted_list_item_is_shown_without_its_own_bullet(embedder):
    """The answer is a Markdown list already: a release note's own "- " shown inside it read "- - An earlier
    update ...". The sentence, its offsets and its lines start after the document's bullet."""
    sources = (Source(1, RELNOTES, "/d/RelNotes/1.5.1.2.txt", line_start=1, line_end=13),)
    ex = extract_answer("Which update-index option was made useless in Git 1.5.1.2?", sources, embedder)
    hit = next(s for s in ex.sentences if "--cacheinfo" in s.text)
    assert hit.text.startswith("An earlier update to command line integer parameter parser")
    assert "- - " not in ex.text and "- * " not in ex.text
    assert ex.text[hit.start : hit.end] == hit.text
    assert (hit.line_start, hit.line_end) == (9, 10)


def test_a_list_too_long_to_show_whole_leaves_its_items_alone():
    from engine.rag.grounding import split_spans
    from engine.rag.shown_span import LIST_SHOW_CHARS, shown_span

    items = "".join(f" - option {i}: {'x' * 60}\n" for i in range(LIST_SHOW_CHARS // 60 + 2))
    src = Source(1, "Choose one of:\n" + items, "/d/list.txt", line_start=1, line_end=12)
    pieces = split_spans(src)
    item = next(pc for pc in pieces if "option 3" in pc.text)
    assert shown_span(item, pieces) == item


STAT = '''"""Constants/functions for interpreting results of os.stat() and os.lstat()."""

class Modes:
    """The modes."""

    def S_IMODE(mode):
        """Return the portion of the file's mode that can be
        set by os.chmod().
        """
        return mode & 0o7777

    def check_metadata(self, strict: bool = False) -> None:
        """Ensures that all required elements of meta-data are supplied.

        Required fields:
            name, version, URL

        Warns if any are missing.
        """
        metadata = self.distribution.metadata
        missing = []
        for attr in ("name", "version", "url"):
            if not getattr(metadata, attr, None):
                missing.append(attr)
        if missing:
            self.warn("missing required meta-data: %s" % ", ".join(missing))
        if strict and missing:
            raise ValueError("missing required meta-data, and the check is strict about it")
'''


def _piece(src, needle):
    from engine.rag.grounding import split_spans

    pieces = split_spans(src)
    return next(pc for pc in pieces if needle in pc.text), pieces


@pytest.mark.parametrize("needle", ["def S_IMODE", "return mode & 0o7777"])
def test_a_short_python_function_is_shown_whole(needle):
    """The docstring of ``S_IMODE`` does not say the mask; its body does: a def that fits LIST_SHOW_CHARS is shown
    whole from either piece (the innermost block, not its class)."""
    from engine.rag.shown_span import shown_span

    src = Source(1, STAT, "/py/stat.py", line_start=1, line_end=STAT.count("\n"))
    piece, pieces = _piece(src, needle)
    shown = shown_span(piece, pieces).text
    assert shown.startswith("def S_IMODE(mode):") and shown.endswith("return mode & 0o7777")


def test_a_long_python_function_is_shown_with_its_whole_docstring():
    from engine.rag.shown_span import LIST_SHOW_CHARS, shown_span

    src = Source(1, STAT, "/py/stat.py", line_start=1, line_end=STAT.count("\n"))
    piece, pieces = _piece(src, "def check_metadata")
    shown = shown_span(piece, pieces).text
    assert STAT.index("def check_metadata") + LIST_SHOW_CHARS < STAT.index(
        "raise ValueError"
    )  # too long whole
    assert "name, version, URL" in shown and shown.endswith('Warns if any are missing.\n        """')
    body, _ = _piece(src, "missing.append")  # a body line past the docstring is not pulled up to it
    assert shown_span(body, pieces).start == body.start


def test_code_in_other_languages_is_not_reshaped():
    from engine.rag.shown_span import shown_span

    src = Source(1, STAT, "/c/stat.txt", line_start=1, line_end=STAT.count("\n"))
    piece, pieces = _piece(src, "return mode & 0o7777")
    assert shown_span(piece, pieces) == piece


CODE = 'class Pool:\n    """A pool."""\n\n    def __init__(self, *args, **kw):\n        """Make a pool of `n` workers."""\n        self.n = kw.get("n", 4)\n'


def test_quoted_code_is_a_code_span_and_the_offsets_still_point_at_it():
    """Quoted code is wrapped as a Markdown code span (the window renders answers as Markdown: "__init__" would turn
    bold, "*args" italic); the sentence offsets and the citation marker still point at the text and the "[n]"."""
    from engine.rag.extractive import _code_ticks

    sources = (
        Source(1, CODE, "/py/pool.py", line_start=1, line_end=6),
        Source(2, FEATURES, "/d/features.txt"),
    )
    ex = extract_answer("How many workers does a Pool make?", sources, None)
    code = next(s for s in ex.sentences if "__init__" in s.text)
    assert f"- ``{code.text}`` [1]" in ex.text  # the docstring's backticks: two around it
    prose = next(s for s in ex.sentences if s.citation == 2)
    assert f"- {prose.text} [2]" in ex.text  # prose is left as written
    for s in ex.sentences:
        assert ex.text[s.start : s.end] == s.text
    for c in ex.citations:
        assert ex.text[c.marker_start : c.marker_end] == f"[{c.n}]"
    assert _code_ticks("`x`") == ("`` ", " ``") and _code_ticks("x") == ("`", "`")


def test_a_long_def_without_a_docstring_does_not_borrow_a_nested_one():
    from engine.rag.shown_span import LIST_SHOW_CHARS, shown_span

    # the nested def's docstring lies within reach of the search for outer's; outer, whole, is too long to show
    tail = "".join(
        f"    x{i} = compute({i}, 'a value long enough to make this function long')\n" for i in range(6)
    )
    text = f'def outer(a):  # Outer.\n    y = 1\n    def inner():\n        """Inner\'s docstring."""\n        return 1\n{tail}'
    assert len(text) > LIST_SHOW_CHARS
    src = Source(1, text, "/py/nested.py", line_start=1)
    piece, pieces = _piece(src, "def outer")
    assert piece.text == "def outer(a):  # Outer."
    assert shown_span(piece, pieces) == piece


QUERYSTRING = """### `querystring.parse(str[, sep[, eq[, options]]])`

* `options` {Object}
  * `decodeURIComponent` {Function} The function to use when decoding
    percent-encoded characters in the query string. **Default:**
    `querystring.unescape()`.
  * `maxKeys` {number} Specifies the maximum number of keys to parse.
    Specify `0` to remove key counting limitations. **Default:** `1000`.

The `querystring.parse()` method parses a URL query string (`str`) into a
collection of key and value pairs.
"""


@pytest.mark.parametrize("needle", ["Specifies the maximum", "Specify `0`", "**Default:** `1000`"])
def test_a_sentence_of_a_list_item_is_shown_with_the_rest_of_its_item(needle):
    """ "Specifies the maximum number of keys to parse." alone lacks the default, and "**Default:** `1000`." alone
    says nothing of what it is the default of: each of the item's sentences shows the whole item, and only it (not
    the item before it, nor the paragraph after the list)."""
    from engine.rag.shown_span import shown_span

    src = Source(1, QUERYSTRING, "/d/querystring.md", line_start=1, line_end=QUERYSTRING.count("\n"))
    piece, pieces = _piece(src, needle)
    shown = shown_span(piece, pieces).text
    assert shown.startswith("* `maxKeys` {number} Specifies") and shown.endswith("**Default:** `1000`.")
    after, _ = _piece(src, "The `querystring.parse()` method parses")
    assert shown_span(after, pieces) == after  # a paragraph, not an item: alone as before


def test_an_item_too_long_to_show_whole_is_shown_as_its_sentence():
    from engine.rag.shown_span import LIST_SHOW_CHARS, shown_span

    long_item = "* `maxKeys` {number} The limit. " + " ".join(
        ["More words here."] * (LIST_SHOW_CHARS // 16 + 2)
    )
    src = Source(1, long_item + "\n", "/d/long.md", line_start=1, line_end=1)
    piece, pieces = _piece(src, "The limit.")
    assert shown_span(piece, pieces) == piece


LINECACHE = '''"""Cache lines from Python source files."""


def getline(filename, lineno, module_globals=None):
    """Get a line for a Python source file from the cache.
    Update the cache if it doesn't contain an entry for this file already."""

    lines = getlines(filename, module_globals)
    if 1 <= lineno <= len(lines):
        return lines[lineno - 1]
    return ''


def getlines(filename, module_globals=None):
    """Get the lines for a Python source file from the cache.
    Update the cache if it doesn't contain an entry for this file already."""

    return updatecache(filename, module_globals)
'''


def test_two_python_functions_with_like_docstrings_are_not_duplicates(embedder):
    """getline's and getlines's docstrings share nearly all their words, but they are two functions: the answer to
    "fetch one line" must be able to show both, while a sentence repeated in two files is still shown once."""
    from engine.rag.copies import word_overlap as _jaccard
    from engine.rag.grounding import content_words
    from engine.rag.shown_span import shown_span
    from engine.rag.tuning import DUPLICATE_JACCARD

    sources = (Source(1, LINECACHE, "/py/linecache.py", line_start=1, line_end=18),)
    (one, pieces), (two, _) = (_piece(sources[0], f"def {name}(") for name in ("getline", "getlines"))
    one, two = (content_words(shown_span(x, pieces).text) for x in (one, two))  # each def shown whole
    assert _jaccard(one, two) >= DUPLICATE_JACCARD  # near-duplicates by their words
    ex = extract_answer("fetch one line of a Python source file from a cache", sources, embedder)
    shown = " ".join(s.text for s in ex.sentences)
    assert "def getline(filename, lineno" in shown and "def getlines(filename, module_globals" in shown
    twice = (Source(1, FEATURES, "/d/a.txt", line_start=1, line_end=8),
             Source(2, FEATURES, "/d/b.txt", line_start=1, line_end=8))  # fmt: skip
    ex = extract_answer("Is there support for bit fields in structures?", twice, embedder)
    assert sum("bit fields" in s.text for s in ex.sentences) == 1


ARRAYS = (
    "2.3.4.1 Arrays\n\nlibffi does not have direct support for arrays or unions.\n"
    "However, they can be emulated using structures.\n\nTo emulate an array, simply create an ffi_type.\n\n"
    "Enums are passed as integers.\n\nHowever, an enum of another size needs care.\n"
)


def test_a_sentence_is_shown_with_the_however_that_qualifies_it():
    """ "libffi does not have direct support for arrays or unions." alone says the opposite of its source, which goes
    on "However, they can be emulated using structures.": the two are shown together; a "However" that opens the
    next paragraph is not pulled up."""
    from engine.rag.shown_span import shown_span

    src = Source(1, ARRAYS, "/d/arrays.txt", line_start=1, line_end=ARRAYS.count("\n"))
    piece, pieces = _piece(src, "does not have direct support")
    assert shown_span(piece, pieces).text == (
        "libffi does not have direct support for arrays or unions.\nHowever, they can be emulated using structures."
    )
    enums, _ = _piece(src, "Enums are passed")
    assert shown_span(enums, pieces) == enums


NULGRIND = (
    "Nulgrind is the simplest possible Valgrind tool. It performs no instrumentation or analysis of a program, just\n"
    "runs it normally. It is mainly of use for Valgrind's developers for debugging and regression testing.\n\n"
    "Nonetheless you can run programs with Nulgrind. They will run roughly 5 times more slowly than normal, for no\n"
    "useful effect.\n\nThey say nothing more.\n"
)


def test_a_sentence_opening_with_a_pronoun_is_read_and_shown_with_the_one_before_it(embedder):
    """ "They will run roughly 5 times more slowly" does not say what runs slowly; the sentence before it does. It is
    scored with that sentence too (never below its own cosine) and shown with it, within its paragraph only."""
    from engine.rag.shown_span import shown_span

    src = Source(1, NULGRIND, "/d/nulgrind.txt", line_start=1, line_end=NULGRIND.count("\n"))
    q = "How much slower does a program run under Nulgrind?"
    spans, cos, *_ = score_parts(q, (src,), embedder)
    alone = score_parts(q, (Source(1, NULGRIND[NULGRIND.index("They will") :], "/d/n.txt"),), embedder)[1][0]
    they = next(i for i, sp in enumerate(spans) if sp.text.startswith("They will"))
    assert cos[they] > alone + 0.05  # read with "Nonetheless you can run programs with Nulgrind."
    _, pieces = _piece(src, "They will")
    shown = shown_span(spans[they], pieces).text
    assert shown.startswith("Nonetheless you can run programs with Nulgrind. They will run roughly 5 times")
    last, _ = _piece(src, "They say nothing more.")
    assert shown_span(last, pieces) == last  # a paragraph of its own: nothing before it to borrow
    ex = extract_answer(q, (src,), embedder)
    assert any("roughly 5 times" in s.text and "Nonetheless" in s.text for s in ex.sentences)


CLAIM = (
    "What we need from you, and by when\n"
    "Please reply by Wednesday 14 July 2027 to tell us how you would like to be paid. If we have not heard from you "
    "by then we will close the claim, but we will reopen it if you contact us within 12 months.\n"
)


def test_a_sentence_that_refers_back_to_a_time_is_shown_with_the_one_that_names_it(embedder):
    """ "If we have not heard from you by then we will close the claim" does not say when; the sentence before it
    does ("by then", "after that": engine.rag.shown_span.leans_back), and they are shown together. In an RTF letter
    a paragraph is a line (TextEdit's heading "What we need from you, and by when" has no full stop): the heading is
    not read into the sentence under it."""
    from engine.rag.shown_span import leans_back, shown_span

    assert leans_back("After that you can still cancel at any time.")
    assert leans_back("Until then, keep the dehumidifiers running.")
    assert not leans_back("Make sure that the claim form is signed.")
    src = Source(1, CLAIM, "/d/claim-letter.rtf", line_start=1, line_end=2)
    then, pieces = _piece(src, "If we have not heard")
    assert shown_span(then, pieces).text.startswith("Please reply by Wednesday 14 July 2027")
    reply, _ = _piece(src, "Please reply")
    assert reply.text.startswith("Please reply")  # not "What we need from you, and by when Please reply ..."
    ex = extract_answer("By what date do I have to get back to the insurer?", (src,), embedder)
    assert any("14 July 2027" in s.text for s in ex.sentences)


GETTEXT = (
    "The configure script provides a non-standard option. It is also\navailable in other packages.\nUse\n\n"
    "        --disable-nls\n\nif you absolutely don't want to have messages handling code.  You will\nalways get "
    "the original messages.\n\nb) Explicitly opt out of defaults.vim by adding the line below to\n   the system vimrc"
    "\n\n  let g:skip_defaults_vim = 1\n\nModeline support disabled by default\n"
    "------------------------------------\n\nAll the options\n\nSee the manual for them.\n"
)


def test_a_sentence_cut_in_two_by_a_displayed_option_is_shown_whole():
    """ "if you absolutely don't want to have messages handling code." does not say which option; the short pieces
    before it that end no sentence ("Use", "--disable-nls") do. "... by adding the line below to the system vimrc"
    is shown with the line it points at. A heading is not extended by its underline nor by the prose after it, and
    in source code nothing is joined."""
    from engine.rag.shown_span import shown_span

    src = Source(1, GETTEXT, "/d/README", line_start=1, line_end=GETTEXT.count("\n"))
    tail, pieces = _piece(src, "if you absolutely")
    shown = " ".join(shown_span(tail, pieces).text.split())
    assert shown == "Use --disable-nls if you absolutely don't want to have messages handling code."
    vim, _ = _piece(src, "Explicitly opt out")
    assert shown_span(vim, pieces).text.endswith("the system vimrc\n\n  let g:skip_defaults_vim = 1")
    for needle in ("Modeline support", "All the options", "You will"):
        piece, _ = _piece(src, needle)
        assert shown_span(piece, pieces) == piece, needle
    # a PDF keeps no indentation: a sentence ending on a word that leads on ("by running") takes the display after
    # it all the same; a heading (no such word) does not take the line after it
    pdf = "Checking the build\n\nYou can test a build by running\n\nmake check\n\nChecking it\n\nmake html\n"
    src2 = Source(1, pdf, "/d/R-admin.pdf", page=8)
    run, pieces2 = _piece(src2, "You can test")
    assert shown_span(run, pieces2).text == "You can test a build by running\n\nmake check"
    head, _ = _piece(src2, "Checking it")
    assert shown_span(head, pieces2) == head
    code = Source(1, GETTEXT, "/d/readme.c", line_start=1, line_end=GETTEXT.count("\n"))
    tail, pieces = _piece(code, "if you absolutely")
    assert shown_span(tail, pieces) == tail


POPEN = (
    "class Popen(object):\n    method = 'fork'\n\n    def __init__(self, process_obj):\n        self.returncode = None\n"
    "        self._launch(process_obj)\n\n    def poll(self, flag=os.WNOHANG):\n        return self.returncode\n\n"
    "    def terminate(self):\n        self._send_signal(signal.SIGTERM)\n\n    def kill(self):\n"
    "        self._send_signal(signal.SIGKILL)\n"
)


def test_a_sentence_that_defines_the_name_the_question_gives_scores_higher():
    """ "terminate()" in the question names a function: the sentence that defines it ("def terminate(self):") gets
    NAMED_WEIGHT more keyword score; sentences that merely share words do not."""
    from engine.rag.extractive import NAMED_WEIGHT

    src = Source(1, POPEN, "/py/popen_fork.py", line_start=1, line_end=POPEN.count("\n"))
    named = score_parts("Which signal does terminate() send to the child?", (src,))
    plain = score_parts("Which signal does terminate send to the child?", (src,))
    spans = named[0]
    for i, sp in enumerate(spans):
        gain = named[2][i] - plain[2][i]
        assert gain == pytest.approx(NAMED_WEIGHT if "def terminate" in sp.text else 0.0), sp.text


def test_a_decorated_def_and_a_plain_def_of_another_name_are_not_duplicates():
    """imghdr's ``@rule def _gif(h)`` and email's ``def test_gif(h, f)`` share their docstring and body; they are two
    functions all the same (the decorator line first does not hide the def), while one def in two files is one."""
    from engine.rag.copies import says_again as _duplicate
    from engine.rag.copies import word_overlap as _jaccard
    from engine.rag.grounding import Span, content_words
    from engine.rag.tuning import DUPLICATE_JACCARD

    body = (
        '    """GIF (\'87 and \'89 variants)"""\n    # the header\'s first six bytes name the version\n'
        "    if h[:6] in (b'GIF87a', b'GIF89a'):\n        return 'gif'\n"
    )
    a = Source(1, "@rule\ndef _gif(h):\n" + body, "/py/imghdr.py", line_start=1, line_end=5)
    b = Source(2, "def test_gif(h, f):\n" + body, "/py/email/mime/image.py", line_start=1, line_end=4)
    c = Source(3, "@rule\ndef _gif(h):\n" + body, "/py/copy/imghdr.py", line_start=1, line_end=5)
    sa, sb, sc = (Span(s, 0, len(s.text)) for s in (a, b, c))
    # alike by their words
    assert _jaccard(content_words(sa.text), content_words(sb.text)) >= DUPLICATE_JACCARD
    assert not _duplicate(sa, content_words(sa.text), sb)
    assert _duplicate(sa, content_words(sa.text), sc)


def test_a_top_level_markdown_heading_is_not_an_answer_but_a_code_comment_is_kept():
    """ "# Shared MIME Info" opens a Markdown file as its title; "# Start with ..." in Python is a comment that may
    answer. Both are judged by the text ``form_texts`` gives ``not_an_answer``."""
    from engine.rag.grounding import split_spans
    from engine.rag.not_answers import form_texts

    md = Source(
        1, "# Shared MIME Info\n\nThe package holds the MIME database.\n", "/d/README.md", line_start=1
    )
    py = Source(2, "# Start with loading from the tzdata package\n\nx = 1\n", "/d/tz.py", line_start=1)
    pieces = {s.n: split_spans(s) for s in (md, py)}
    heads = [pieces[1][0], pieces[2][0]]
    assert [not_an_answer(t) for t in form_texts(heads, pieces)] == [True, False]


def test_a_line_the_index_found_to_be_a_heading_is_not_an_answer():
    """ "Zlib notes" in a text file, "NO WARRANTY" over a licence's section: the chunk's heading trail names them, so
    they are titles, not sentences to quote; the same words inside a sentence are kept."""
    from engine.rag.grounding import split_spans
    from engine.rag.not_answers import form_texts

    notes = Source(1, "# Zlib notes\n\nThe library was written by Jean-loup Gailly.\n", "/d/zlib.txt",
                   line_start=1, heading="Zlib notes")  # fmt: skip
    gpl = Source(2, "NO WARRANTY\n\nThere is no warranty for the program.\n", "/d/GPL-2", line_start=1,
                 heading="GNU GENERAL PUBLIC LICENSE > NO WARRANTY")  # fmt: skip
    pieces = {s.n: split_spans(s) for s in (notes, gpl)}
    spans = [sp for n in (1, 2) for sp in pieces[n]]
    judged = dict(
        zip((sp.text.strip() for sp in spans), (not_an_answer(t) for t in form_texts(spans, pieces)))
    )
    assert judged["# Zlib notes"] and judged["NO WARRANTY"]
    assert not judged["The library was written by Jean-loup Gailly."]
    assert not judged["There is no warranty for the program."]


def test_a_passage_is_read_with_its_heading_trail(embedder):
    """The passage cosine reads a passage as the index embedded it, under its heading trail: two passages with the
    same text, one under "libffi > Missing Features", are told apart by it."""
    text = "Variadic closures.\n\nThere is no support for bit fields in structures.\n"
    sources = (Source(1, text, "/d/a.txt", line_start=1, line_end=3),
               Source(2, text, "/d/b.txt", line_start=1, line_end=3, heading="libffi > Missing Features"))  # fmt: skip
    spans, _cos, _kw, _prior, passage = score_parts("Which features is libffi missing?", sources, embedder)
    by_source = {sp.source.n: p for sp, p in zip(spans, passage, strict=True)}
    assert by_source[2] > by_source[1]


def test_a_sentence_two_sources_hold_word_for_word_cites_both(embedder):
    """The same sentence in two copies of a page (line breaks differ) is shown once, with a chip for each copy;
    two retrieved chunks of one file that overlap hold it once, and are not cited twice for the same lines."""
    a = "Libexslt\n\nMuch of the initial work on the library was done by Thomas Broyer.\n"
    b = "Reference Manual\n\nMuch of the initial work on the\nlibrary was done by Thomas Broyer.\n"
    sources = (Source(1, a, "/d/html/EXSLT/index.html", line_start=1, line_end=3),
               Source(2, b, "/d/gtk-doc/libexslt/index.html", line_start=1, line_end=4),
               Source(3, a, "/d/html/EXSLT/index.html", line_start=1, line_end=3))  # fmt: skip
    ex = extract_answer("Who did the initial work on libexslt?", sources, embedder, max_sentences=1)
    line = next(x for x in ex.text.split("\n") if "Thomas Broyer" in x)
    assert ex.text.count("Thomas Broyer") == 1 and line.endswith("[1, 2]")
    cited = {c.n: c for c in ex.citations}
    assert set(cited) == {1, 2} and (cited[2].line_start, cited[2].line_end) == (3, 4)
    assert "Thomas Broyer" in cited[2].quote
    assert ex.text[cited[2].marker_start : cited[2].marker_end] == "[1, 2]"


def test_a_line_every_source_holds_is_a_header_and_cites_no_copies(embedder):
    """ "Release 3.19.0 11 Apr 2022" heads every page of a manual: shown, it names its own source only."""
    head = "Valgrind Release 3.19.0 11 Apr 2022\n\n"
    sources = tuple(Source(n, head + f"Page {n} of the Valgrind manual covers topic {n}.\n", f"/d/v{n}.html",
                           line_start=1, line_end=3) for n in range(1, 5))  # fmt: skip
    ex = extract_answer("Which Valgrind release is this manual for?", sources, embedder)
    line = next(x for x in ex.text.split("\n") if "Release 3.19.0" in x)
    assert re.search(r" \[\d\]$", line), line  # one source's marker, not "[1, 2, 3, 4]"


def test_a_sentence_opened_by_an_ellipsis_after_a_displayed_command_is_shown_with_it():
    """ "... and ping will work again." follows the command it is about, with an ellipsis first: shown alone it
    gives no command; with the display before it, it does."""
    from engine.rag.shown_span import shown_span

    text = ("Now set the missing capability:\n\n  $ sudo setcap cap_net_raw+ep /bin/ping\n\n"
            "... and ping will work again.\n")  # fmt: skip
    src = Source(1, text, "/d/README.Debian", line_start=1, line_end=5)
    piece, pieces = _piece(src, "and ping will")
    shown = " ".join(shown_span(piece, pieces).text.split())
    assert shown == "$ sudo setcap cap_net_raw+ep /bin/ping ... and ping will work again."


def test_a_document_read_a_paragraph_a_line_has_no_sentence_over_a_line_end():
    """A DOCX's lines are its paragraphs: a heading, a list item or a layout cell's bullet without a full stop is a
    piece of its own, not glued to the next line; plain text still reads a wrapped sentence over its line end."""
    from engine.rag.grounding import source_segments, split_spans

    text = "Experience\n2021 – present | Senior Engineer\nLead a team of six (£38m)\nDrone surveys cut time by 40%"
    docx = Source(1, text, "/d/cv.docx", line_start=1, line_end=4)
    assert [pc.text for pc in split_spans(docx)] == text.split("\n")
    assert [text[a:b] for a, b in source_segments(docx)] == text.split("\n")
    wrapped = Source(
        2, "The dough needs a long\ncold proof of 14 hours.", "/d/notes.txt", line_start=1, line_end=2
    )
    assert len(split_spans(wrapped)) == 1


def test_a_docx_title_over_its_paragraph_is_no_answer_a_list_item_is():
    from engine.rag.grounding import split_spans
    from engine.rag.not_answers import form_texts

    text = ("Before you go afloat\nWear a buoyancy aid whenever you are on the water or the pontoon.\n"
            "Pack\nPassport\nPhone charger\nTowels")  # fmt: skip
    src = Source(1, text, "/d/safety.odt", line_start=1, line_end=6)
    pieces = split_spans(src)
    forms = dict(zip([p.text for p in pieces], form_texts(pieces, {1: pieces}), strict=True))
    assert not_an_answer(forms["Before you go afloat"])
    assert all(forms[x] == x for x in ("Pack", "Passport", "Phone charger", "Towels"))  # no title over a list
    plain = Source(1, text, "/d/safety.txt", line_start=1, line_end=6)  # a text file's lines may be wrapped
    pieces = split_spans(plain)
    assert not any(f.endswith("\n===") for f in form_texts(pieces, {1: pieces}))


def test_a_markdown_passage_s_front_matter_is_read_a_line_a_piece():
    from engine.rag.grounding import split_spans

    text = ('title: "Restoring a radio"\ndate: 2027-02-21T19:05:00Z\ntags: ["radio"]\n---\n\n'
            "I bought the set at a car boot sale\nfor £18 in March.")  # fmt: skip
    pieces = [p.text for p in split_spans(Source(1, text, "/d/post.md", line_start=2, line_end=8))]
    assert pieces[:3] == ['title: "Restoring a radio"', "date: 2027-02-21T19:05:00Z", 'tags: ["radio"]']
    assert (
        "I bought the set at a car boot sale\nfor £18 in March." in pieces
    )  # the body's wrapped lines are one


def test_a_pictures_short_lines_end_their_pieces_and_wrapped_prose_reads_on():
    from engine.rag.grounding import source_segments, split_spans

    text = (
        "Booking confirmed\nTotal paid 70.30\nPayment Visa ending 4417\n"
        "You can change them before the outward train leaves for a 10 admin fee plus any\n"
        "difference in fare. They cannot be refunded."
    )
    shot = Source(1, text, "/lib/Screenshot 2027-03-04 at 21.17.42.png")
    pieces = [p.text for p in split_spans(shot)]
    assert pieces[:3] == ["Booking confirmed", "Total paid 70.30", "Payment Visa ending 4417"]
    assert "leaves for a 10 admin fee plus any\ndifference in fare." in pieces[3]
    assert [shot.text[a:b] for a, b in source_segments(shot)][:3] == pieces[:3]
    # the same text in a plain file is prose: its lines are not cut
    assert "Booking confirmed\nTotal paid 70.30" in split_spans(Source(1, text, "/lib/notes.txt"))[0].text


def test_a_list_item_in_lower_case_is_shown_whole(embedder):
    """A list item's words open after its bullet: "- find someone to feed the cat" is no sentence cut short ("…")."""
    text = ("# Holiday\n\nWe go on Saturday. Bring the maps.\n\n- pay the campsite balance by July\n"
            "- find someone to feed the cat\n- buy gas for the stove\n\nThe ferry leaves at nine.\n")  # fmt: skip
    ex = extract_answer(
        "Who will feed the cat?", (Source(1, text, "/n/h.md", line_start=1, line_end=9),), embedder
    )
    assert "find someone to feed the cat" in [s.text for s in ex.sentences]
    assert "…" not in ex.text
