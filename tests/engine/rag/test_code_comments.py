"""A source file's comments read as the prose they are (held-out 17's searchtools.js), and a line of facts set apart
by middle dots read fact by fact (held-out 17's recipe card: "One 900g (2lb) loaf tin · 170°C fan · 55-60 min")."""

from __future__ import annotations

from engine.rag.citations import segments
from engine.rag.code_comments import comment_over_code, comment_prose
from engine.rag.extractive import extract_answer
from engine.rag.grounding import source_segments, split_spans
from engine.rag.reading import reading
from engine.rag.sources import Source

JS = (
    "/**\n"
    " * Default splitQuery function. Can be overridden in ``sphinx.search`` with a\n"
    " * custom function per language.\n"
    " *\n"
    " * The regular expression works by splitting the string on consecutive characters\n"
    " * that are not Unicode letters, numbers, underscores, or emoji characters.\n"
    " */\n"
    'if (typeof splitQuery === "undefined") {\n'
    "  var splitQuery = (query) => query.split(/[^\\p{Letter}]+/gu)\n"
    "}\n"
    "\n"
    "      // stem the word\n"
    "      let word = stemmer.stemWord(queryTermLower);\n"
)
# held-out 19's Swift file: doc comments over the declarations they describe
SWIFT = (
    "enum SyncConstants {\n"
    "    /// How often to sync while the app is in the foreground, in seconds.\n"
    "    static let foregroundInterval: TimeInterval = 5 * 60\n"
    "    /// The largest attachment the server accepts. Bigger ones stay on this device\n"
    '    /// and are marked "Not synced".\n'
    "    static let maxAttachmentBytes = 50 * 1024 * 1024\n"
    "    static let requestTimeout: TimeInterval = 30 // seconds\n"
    "}\n"
)
MARKDOWN_LIST = "Build it with:\n* make all\n* make install\n\nThen run it.\n"


def _texts(source: Source) -> list[str]:
    return [sp.text for sp in split_spans(source)]


def test_a_block_comments_sentences_run_over_its_margin_stars_and_stop_at_the_code():
    src = Source(1, JS, "/src/searchtools.js", line_start=141, line_end=153)
    texts = _texts(src)
    assert " * custom function per language." in next(t for t in texts if t.startswith("Can be overridden"))
    # a doc comment's last sentence is read with the code under it, which it documents
    last = next(t for t in texts if "The regular expression" in t)
    assert 'emoji characters.\n */\nif (typeof splitQuery === "undefined") {' in last
    # a line comment is read with the code under it, which it explains
    assert any(t.startswith("// stem the word\n") and "stemmer.stemWord" in t for t in texts)
    assert [src.text[a:b] for a, b in source_segments(src)] == texts
    # read and shown as words, without the comment's marks, and never as a list's items
    readings = {reading(sp) for sp in split_spans(src)}
    assert "Can be overridden in ``sphinx.search`` with a custom function per language." in readings
    assert any(r.startswith("// stem the word") for r in readings)  # with its code: read as code
    # elsewhere a star opening a line is a bullet, as before
    doc = [MARKDOWN_LIST[a:b] for a, b in segments(MARKDOWN_LIST)]
    assert doc == ["Build it with:", "* make all", "* make install", "Then run it."]


def test_only_a_comment_reads_as_prose():
    assert (
        comment_prose("# Keep the last 30 days of logs\n# and no more")
        == "Keep the last 30 days of logs and no more"
    )
    assert comment_prose("-- colour scheme for the editor") == "colour scheme for the editor"
    assert comment_prose("/* a short note */") == "a short note"
    for code in ("#define MAX_WBITS 15", "let x = 1; // one", "*ptr = 0;", "#!/bin/sh", "--prefix=/usr"):
        assert comment_prose(code) is None, code


def test_a_comment_is_quoted_as_words():
    src = Source(1, JS, "/src/searchtools.js", line_start=141, line_end=153)
    answer = extract_answer("Can splitQuery be overridden per language?", (src,), None, max_sentences=1)
    # the doc comment's words, then the code under it, which the comment describes
    assert (
        "- Can be overridden in ``sphinx.search`` with a custom function per language. The regular"
        in answer.text
    )
    assert answer.text.endswith(
        'characters. `if (typeof splitQuery === "undefined") { var splitQuery = (query) => '
        "query.split(/[^\\p{Letter}]+/gu) }` [1]"
    )


def test_a_line_of_facts_set_apart_by_middle_dots_is_read_fact_by_fact():
    card = (
        "## Banana Bread\n\n*One 900g (2lb) loaf tin · 170°C fan (190°C, gas mark 5) · 55–60 min*\n\n"
        "- 3 very ripe bananas\n\nThe product a · b of two vectors is a number.\n"
    )
    src = Source(1, card, "/notes/Recipes.md", line_start=1, line_end=7)
    texts = _texts(src)
    assert "*One 900g (2lb) loaf tin" in texts and "170°C fan (190°C, gas mark 5)" in texts
    assert "55–60 min*" in texts
    assert "The product a · b of two vectors is a number." in texts  # a sentence keeps its dots
    # in a picture's text a line is a window's row, cut already at its line ends: its dots stay
    shot = Source(1, "Coach D, seat 17 · aisle, at a table\n", "/shots/Screenshot.png")
    assert _texts(shot) == ["Coach D, seat 17 · aisle, at a table"]


def test_a_line_comment_goes_with_the_declaration_under_it_not_the_code_above():
    src = Source(1, SWIFT, "/src/Sync/SyncEngine.swift", line_start=1, line_end=8)
    texts = [t.strip() for t in _texts(src)]
    assert "enum SyncConstants {" in texts  # the code above the comment: a piece of its own
    assert any(t.startswith("/// How often to sync") and t.endswith("= 5 * 60") for t in texts)
    # a comment of two sentences: its last sentence with the declaration, its first a piece of its own
    assert "/// The largest attachment the server accepts." in texts
    assert any(t.startswith("Bigger ones stay") and "\n    static let maxAttachmentBytes = 50 * 1024 * 1024\n" in t
               for t in texts)  # fmt: skip
    # shown as the comment's words, then the code in backticks
    answer = extract_answer("How often does it sync while the app is open?", (src,), None, max_sentences=1)
    assert (
        "- How often to sync while the app is in the foreground, in seconds. "
        "`static let foregroundInterval: TimeInterval = 5 * 60` [1]" in answer.text
    )
    start = SWIFT.index("    /// How often")
    assert comment_over_code(SWIFT, start, SWIFT.index("5 * 60") + 6) == (
        "How often to sync while the app is in the foreground, in seconds.",
        SWIFT.index("    static let foregroundInterval"),
    )
    assert (
        comment_over_code(SWIFT, SWIFT.index("static let request"), len(SWIFT)) is None
    )  # code, then a comment
    plain = "/* not a doc comment */\nint x = 1;\n"
    assert comment_over_code(plain, 0, len(plain) - 1) is None  # a block comment that is no doc comment
    one = "/** The most products one user may track. */\nexport const MAX_TRACKED_ITEMS = 150;\n"
    src = Source(1, one, "/src/worker.ts", line_start=1, line_end=2)
    assert [t.strip() for t in _texts(src)] == [one.strip()]
    answer = extract_answer("How many products can I track?", (src,), None, max_sentences=1)
    assert (
        "- The most products one user may track. `export const MAX_TRACKED_ITEMS = 150;` [1]" in answer.text
    )


# held-out 20's service worker: a TSDoc comment whose first sentence says what the constant under it holds
TSDOC = (
    "/**\n"
    " * How often the periodic check runs, in minutes.\n"
    " *\n"
    " * @remarks Chrome fires an alarm at most once a minute for a packed\n"
    " * extension; we stay far above that to be polite to the shops.\n"
    " */\n"
    "export const CHECK_PERIOD_MINUTES = 180;\n"
    "\n"
    "/** Module notes. Nothing under this one but a blank line. */\n"
    "\n"
    "export const OTHER = 1;\n"
)


def test_a_doc_comments_first_sentence_is_shown_on_to_the_code_it_describes():
    """ "How often the periodic check runs, in minutes." does not say how often; the constant under its comment
    does. The sentence is shown with the rest of the comment and that code, as the comment's last sentence is; a
    comment with a blank line under it describes no code, and its sentence is shown alone."""
    from engine.rag.shown_span import shown_span

    src = Source(1, TSDOC, "/src/background/service-worker.ts", line_start=1, line_end=11)
    pieces = split_spans(src)
    first = next(p for p in pieces if "How often the periodic" in p.text)
    assert shown_span(first, pieces).text.rstrip().endswith("export const CHECK_PERIOD_MINUTES = 180;")
    notes = next(p for p in pieces if "Module notes" in p.text)
    assert shown_span(notes, pieces) == notes
    answer = extract_answer("How often does the periodic price check run?", (src,), None, max_sentences=1)
    line = answer.text.splitlines()[-1]
    assert line.startswith("- How often the periodic check runs, in minutes.")
    assert line.endswith("`export const CHECK_PERIOD_MINUTES = 180;` [1]")


# zlib's gun.c (examples/gun.c): block comments written as plain indented prose, no margin stars
GUN = (
    "/* Version history:\n"
    "   1.1  21 Feb 2005  Decompress concatenated gzip streams\n"
    "                     Add -h option for command version and usage\n"
    "   1.2  20 Mar 2005  Add Unix compress (LZW) decompression\n"
    "                     Copy file attributes from input file to output file\n"
    " */\n"
    "\n"
    "/*\n"
    "   decompresses the data in the named gzip files.  The names must end in .gz,\n"
    "   -gz, .z, -z, _z, or .Z.  A memory allocation failure will abort the\n"
    "   command.\n"
    " */\n"
    "#include <stdio.h>          /* fprintf() */\n"
    "local int gunpipe(z_stream *strm, int infile);\n"
)


def test_a_block_comment_without_margin_stars_is_read_as_its_words():
    src = Source(1, GUN, "/src/gun.c", line_start=1, line_end=15)
    texts = _texts(src)
    assert "The names must end in .gz,\n   -gz, .z, -z, _z, or .Z." in texts  # wrapped prose reads on
    # a comment's list, each change indented under its version: items, not one run-on sentence
    assert "1.2  20 Mar 2005  Add Unix compress (LZW) decompression" in texts
    assert "Copy file attributes from input file to output file" in texts
    answer = extract_answer("Which endings must the file names have?", (src,), None, max_sentences=1)
    assert answer.text.startswith(
        "From your documents:\n\n- The names must end in .gz, -gz, .z, -z, _z, or .Z."
    )
    assert "`" not in answer.text.split("[1]")[0]  # words, not code in backticks
    code = extract_answer("What does gunpipe take?", (src,), None, max_sentences=1)
    assert "local int gunpipe(z_stream *strm, int infile);`" in code.text  # the code is still code


def test_a_passage_inside_a_long_block_comment_is_read_as_its_words():
    inside = (
        "listed files or stdin will be tested as gzip files for integrity (without\n"
        "   checking for a proper suffix), no output will be written, and no files\n"
        "   will be deleted.\n"
    )
    src = Source(1, inside, "/src/gun.c", line_start=33, line_end=35)
    answer = extract_answer("Does testing write any output?", (src,), None, max_sentences=1)
    assert "`" not in answer.text and "no output will be written" in answer.text
    # Python (or any code) that is not inside a comment stays code
    py = Source(1, "def f(x):\n    return x * 2\n", "/src/m.py", line_start=1, line_end=2)
    assert "`" in extract_answer("What does f return?", (py,), None, max_sentences=1).text


def test_an_indented_manuals_option_lines_are_still_items():
    """Only a text with block comments reads a bare line's "-x" as no bullet: a manual page's indented options stay
    items of their own."""
    from engine.rag.citations import segments

    man = (
        "       -v, --verbose\n              Display the name and percentage reduction for each file compressed.\n"
        "       -t, --test\n              Test. Check the compressed file integrity then quit.\n"
    )
    pieces = [man[a:b] for a, b in segments(man)]
    assert pieces[1].startswith("-t, --test")


# a Tcl script of our own: "#" comments over the procedures they describe
TCL = (
    "# backup.tcl --\n"
    "#\n"
    "#\tCopies the photo library to the NAS every night. Folders that have\n"
    "#\tnot changed since the last run are skipped.\n"
    "#\n"
    "proc ::backup::run {src dest} {\n"
    "    # The NAS is mounted read-only until the copy starts.\n"
    "    exec mount -o remount,rw $dest\n"
    "    file copy -force $src $dest\n"
    "}\n"
)


def test_a_tcl_script_is_code_and_its_comments_read_as_words():
    from pathlib import Path

    from engine.index import extract, file_type_for

    assert file_type_for(Path("backup.tcl")) == "code"
    assert extract(Path("/src/backup.tcl"), TCL.encode()).file_type == "code"
    src = Source(1, TCL, "/src/backup.tcl", line_start=1, line_end=10)
    readings = [reading(sp) for sp in split_spans(src)]
    # a procedure's header ("# backup.tcl --") is a piece of its own: the comment's blank line "#" parts them
    assert readings[:3] == [
        "backup.tcl --",
        "Copies the photo library to the NAS every night.",
        "Folders that have not changed since the last run are skipped.",
    ]


DTD = """<!-- This is the Document Type Definition for font configuration files -->
<!ELEMENT fontconfig (dir | cache)* >

<!--
    Define the per-user file that holds cache font information.

    If the filename begins with '~', it is replaced with the users
    home directory path.
-->
<!ELEMENT cache (#PCDATA)>
<!ATTLIST cache xml:space (default|preserve) 'preserve'>
"""


def test_an_xml_comment_is_read_as_its_words_and_its_declarations_stay_code():
    from pathlib import Path

    from engine.index import extract, file_type_for

    assert {file_type_for(Path(f"x.{e}")) for e in ("dtd", "xsd", "xsl", "xslt", "xml")} == {"code"}
    assert extract(Path("/d/fonts.dtd"), DTD.encode()).file_type == "code"
    src = Source(1, DTD, "/d/fonts.dtd", line_start=1, line_end=12)
    texts = _texts(src)
    # a comment's wrapped sentence reads on over its line; the closer is no part of it
    assert "If the filename begins with '~', it is replaced with the users\n    home directory path." in texts
    # a sentence wrapped onto a line indented otherwise (a tab under spaces) goes on in lower case: no new item
    qual = "<!--\n    if 'qual' is 'not_first', then the match succeeds only if any value other than\n    \tthe first matches.\n-->\n"
    wrapped = _texts(Source(1, qual, "/d/fonts.dtd", line_start=1, line_end=5))
    assert any(t.endswith("any value other than\n    \tthe first matches.") for t in wrapped), wrapped
    assert comment_prose(DTD, 0, DTD.index("\n")) == (
        "This is the Document Type Definition for font configuration files"
    )
    answer = extract_answer("What if the filename begins with a tilde?", (src,), None,
                            max_sentences=1)  # fmt: skip
    assert answer.text.startswith(
        "From your documents:\n\n- If the filename begins with '~', it is replaced with the users home directory path."
    ), answer.text
    code = extract_answer("Which attributes does the cache element take?", (src,), None, max_sentences=1)
    assert "`<!ATTLIST" in code.text or "`<!ELEMENT" in code.text  # the declarations are code
    # "-->" in C ("while (n-->0)") is no XML comment's end: the code before it stays code
    c = "int f(int n) {\n    while (n-->0) { g(n); }\n    return n;\n}\n"
    assert comment_prose(c, 0, len(c)) is None
    assert "`" in extract_answer("What does f return?", (Source(1, c, "/s/f.c", line_start=1, line_end=4),),
                                 None, max_sentences=1).text  # fmt: skip


PS1 = """<#
.Synopsis
Activate a Python virtual environment for the current PowerShell session.

.Parameter VenvDir
Path to the directory that contains the virtual environment to activate. The
default value for this is the parent of the directory that the Activate.ps1
script is located within.
#>
Param(
    [Parameter(Mandatory = $false)]
    [String]
    $VenvDir
)
# Determine the containing directory of this script
$VenvExecPath = Split-Path -Parent $MyInvocation.MyCommand.Definition
"""


def test_a_powershell_script_s_help_block_is_read_as_its_words():
    from pathlib import Path

    from engine.index import file_type_for

    assert {file_type_for(Path(f"Activate.{e}")) for e in ("ps1", "psm1", "psd1")} == {"code"}
    src = Source(1, PS1, "/venv/bin/Activate.ps1", line_start=1, line_end=17)
    readings = [reading(sp) for sp in split_spans(src)]
    # the help block's prose reads over its lines as words, without "<#", apart from the code under it
    assert ".Synopsis Activate a Python virtual environment for the current PowerShell session." in readings
    assert ("The default value for this is the parent of the directory that the Activate.ps1 script is located "
            "within.") in readings  # fmt: skip
    assert not any("<#" in r for r in readings) and readings.index("#>") < len(readings) - 1
    assert comment_prose(PS1, PS1.index("Activate a"), PS1.index("session.") + 8) == (
        "Activate a Python virtual environment for the current PowerShell session."
    )


def test_an_r_console_line_is_no_powershell_help_block():
    """R Markdown's output lines ("#> [1] 2") hold "#>", but no line opens "<#" or is "#>" alone: the lines before
    them stay code, not a help block's prose."""
    text = "x <- c(1, 2)\nmean(x)\n#> [1] 1.5\n"
    from engine.rag.code_comments import is_comment_line

    assert not is_comment_line(text, 0) and not is_comment_line(text, text.index("mean"))
    src = Source(1, text, "/r/notes.R", line_start=1, line_end=3)
    assert "x <- c(1, 2) mean(x)" not in " ".join(reading(sp) for sp in split_spans(src))


VIM = """" Function to left and right align text.
"
" Justify() will left and right align a line by filling in an
" appropriate amount of spaces.
"
" If not specified, the value of the 'textwidth' option is used.
function! Justify(...)
    let s:tw = &tw
    " a line wider than the width is left as it is
    if s:len > s:tw
        return
    endif
endfunction
nmap _j :%call Justify('tw',4)<CR>
"""


def test_a_vim_script_s_comments_read_as_their_words():
    """Held-out 28's justify.vim: '"' opens a Vim script's comment, so its prose is quoted as words, without the
    marks, a sentence over its lines; a line opening '"' is a string in any other language and stays code."""
    from pathlib import Path

    from engine.index import extract, file_type_for

    assert file_type_for(Path("justify.vim")) == "code"
    assert extract(Path("/v/justify.vim"), VIM.encode()).file_type == "code"
    src = Source(1, VIM, "/v/justify.vim", line_start=1, line_end=15)
    readings = [reading(sp) for sp in split_spans(src)]
    assert "Function to left and right align text." in readings
    assert (
        "Justify() will left and right align a line by filling in an appropriate amount of spaces."
        in readings
    )
    assert not any(r.startswith('"') for r in readings if "align" in r)
    start = VIM.index("If not")
    assert comment_prose(VIM, start, VIM.index("used.") + 5) == (
        "If not specified, the value of the 'textwidth' option is used."
    )
    # elsewhere a line opening '"' is a string: JSON's keys, Python's strings joined over lines
    py = 'message = (\n    "Your library is ready;"\n    " open it from the sidebar."\n)\n'
    assert comment_prose(py, py.index('" open'), len(py)) is None
    json_text = '{\n  "name": "Justify",\n  " spaced": 1\n}\n'
    assert comment_prose(json_text, json_text.index('" spaced'), len(json_text) - 2) is None


DEFS = """#
# /etc/login.defs - Configuration control definitions for the login package.
#
# Max number of login retries if password is bad. This will most likely be
# overriden by PAM.
#
LOGIN_RETRIES\t\t5
#
# If not specified, a cost factor of 5 will be used.
# The value must be within the 1-11 range.
#
#YESCRYPT_COST_FACTOR 5
"""


def test_a_configuration_file_under_a_name_of_its_own_reads_its_comments_as_words(tmp_path):
    """Held-out 30's login.defs (and adduser.conf): a name Alcove does not know, "#" comments over settings. Read as
    code, a comment is quoted as its words, with the setting under it; a text of prose is still text."""
    from pathlib import Path

    from engine.index import extract, file_type_for
    from engine.index.extraction import is_comment_config

    assert file_type_for(Path("login.defs")) is None
    assert extract(Path("/etc/login.defs"), DEFS.encode()).file_type == "code"
    assert not is_comment_config("# Notes\nBought milk and eggs at the market today.\nThen home.\n# end\n\n")
    assert not is_comment_config(
        "# Shopping\n# Monday\n# Tuesday\nBought milk and eggs at the market.\n# end\n"
    )
    udev = '# Udev rules for device-mapper devices.\n#\n# These rules create a DM control node.\n\nKERNEL=="device-mapper", NAME="mapper/control"\nSUBSYSTEM!="block", GOTO="dm_end"\n'
    assert is_comment_config(udev)
    assert not is_comment_config("#!/bin/sh\n# a\n# b\n")  # too short to tell
    # debconf.conf's stanzas of "Key: value" fields under their comments
    debconf = "# World-readable.\n# It accepts everything but passwords.\nName: config\nDriver: File\n\n# Passwords.\n"
    assert is_comment_config(debconf)
    src = Source(1, DEFS, "/etc/login.defs", line_start=1, line_end=12, file_type="code")
    readings = [reading(sp) for sp in split_spans(src)]
    assert "If not specified, a cost factor of 5 will be used." in " ".join(readings)
    assert not any(r.startswith("# ") for r in readings)
    # its paragraphs are parted by its "#" lines as by blank ones: each comment with the setting under it a block
    page = extract(Path("/etc/login.defs"), DEFS.encode()).pages[0]
    assert [page.text[b.start : b.end].split("\n")[0] for b in page.blocks] == [
        "# /etc/login.defs - Configuration control definitions for the login package.",
        "# Max number of login retries if password is bad. This will most likely be",
        "# If not specified, a cost factor of 5 will be used.",
    ]
    assert page.text[page.blocks[1].start : page.blocks[1].end].endswith("LOGIN_RETRIES\t\t5")
    from engine.index.extraction import comment_paragraphs

    # a "#" line before a blank one ends no paragraph's words
    text = "# a\n# b\n#\n\n# c\nX=1\n"
    assert [text[b.start : b.end] for b in comment_paragraphs(text)] == ["# a\n# b", "# c\nX=1"]


M4 = """dnl PKG_CHECK_VAR(VARIABLE, MODULE, CONFIG-VARIABLE,
dnl [ACTION-IF-FOUND], [ACTION-IF-NOT-FOUND])
dnl -------------------------------------------
dnl Since: 0.28
dnl
dnl Retrieves the value of the pkg-config variable for the given module.
AC_DEFUN([PKG_CHECK_VAR],
[AC_REQUIRE([PKG_PROG_PKG_CONFIG])dnl
"""


def test_an_m4_file_is_code_and_its_dnl_comments_read_as_words():
    """Held-out 32's pkg.m4: "dnl" opens an m4 comment; its banner rule is no words, its blank "dnl" parts
    paragraphs."""
    from pathlib import Path

    from engine.index import file_type_for

    assert file_type_for(Path("pkg.m4")) == "code"
    src = Source(1, M4, "/usr/share/aclocal/pkg.m4", line_start=1, line_end=8)
    readings = [reading(sp) for sp in split_spans(src)]
    # the comment's words without "dnl" or its rule; its last sentence goes with the macro under it, as a "#"
    # comment's does with the code it describes
    assert readings[0] == (
        "PKG_CHECK_VAR(VARIABLE, MODULE, CONFIG-VARIABLE, [ACTION-IF-FOUND], [ACTION-IF-NOT-FOUND]) Since: 0.28"
    )
    assert readings[1].startswith(
        "dnl Retrieves the value of the pkg-config variable for the given module.\nAC_DEFUN"
    )
    assert comment_prose(M4, M4.index("Retrieves"), M4.index("module.") + 7) == (
        "Retrieves the value of the pkg-config variable for the given module."
    )
