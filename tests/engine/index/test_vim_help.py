"""Vim help files (engine.index.vim_help): tags, link bars and example marks blanked in place, sections' titles as
headings, every line where it was; read through the real text reader and chunked under their sections."""

from pathlib import Path

from engine.index.extraction import extract
from engine.index.vim_help import blank_help_marks, is_vim_help

HELP = """*garden.txt*\tFor Vim version 9.0.\tLast change: 2027 Mar 02

\t\t  GARDEN PLUGIN - by Ada Lovell

Keeping a planting diary in Vim.\t\t\t*garden* *garden-plugin*

1. Sowing\t\t|garden-sowing|
2. Watering\t\t|garden-watering|

==============================================================================
*1.1*\tSowing\t\t\t\t\t\t*garden-sowing* *:Sow*

To record a sowing, type: >

\t:Sow tomatoes 2027-03-14 ~
<
The date defaults to today. See |garden-watering| for the watering log.

SOWING OPTIONS ~

'gardenzone'\t\tthe hardiness zone, default 8. *'gardenzone'*

==============================================================================
*1.2*\tWatering\t\t\t\t\t*garden-watering*

Watering is logged with |:Water|.  The log keeps 90 days (see 2 * 45).

 vim:tw=78:ts=8:noet:ft=help:norl:
"""


def test_a_help_file_is_known_by_its_first_tag_or_its_modeline():
    assert is_vim_help(HELP)
    assert is_vim_help("Some plugin help.\n\n vim:tw=78:ft=help:norl:\n")
    assert not is_vim_help("*Note* this is a plain text note.\n") and not is_vim_help("Plain notes.\n")


def test_marks_are_blanked_in_place_and_the_words_kept():
    out = blank_help_marks(HELP)
    assert len(out) == len(HELP) and [len(x) for x in out.split("\n")] == [len(x) for x in HELP.split("\n")]
    assert "*" not in out.replace("2 * 45", "") and "|" not in out and " ~" not in out
    assert "type:  \n" in out and "\n \nThe date" in out  # the example's ">" and "<"
    assert "\t:Sow tomatoes 2027-03-14  \n" in out  # an example line's highlight mark
    assert (
        " ".join(out.split("\n")[-4].split())
        == "Watering is logged with :Water. The log keeps 90 days (see 2 * 45)."
    )


def test_sections_are_headings_and_lines_keep_their_numbers():
    page = extract(Path("garden.txt"), HELP.encode()).pages[0]
    heads = {
        " ".join(page.text[b.start : b.end].split()): b.heading_level for b in page.blocks if b.heading_level
    }
    assert heads == {"Sowing": 1, "SOWING OPTIONS": 2, "Watering": 1}
    texts = [" ".join(page.text[b.start : b.end].split()) for b in page.blocks]
    assert "The date defaults to today. See garden-watering for the watering log." in texts
    assert not any("vim:tw" in t for t in texts)  # the modeline is in no block
    at = page.text.index("The date defaults")
    assert page.locate(at)[0] == HELP[: HELP.index("The date defaults")].count("\n") + 1
