"""What kind of thing a question asks for, and whether a sentence holds one: "How many cycles per byte ...?" wants a
figure, "When is ...?" a time or date, "In what year ...?" a year, "Which option ...?" an option or setting name.
The extractive answer gives a sentence that holds what the question wants a small lift
(``engine.rag.tuning.ANSWER_KIND_WEIGHT``): "... in 1.2 CPU cycles per byte" over "Performance was measured in
number of CPU cycles per byte". Questions of no such kind (why, how do I, what is) are scored as before."""

from __future__ import annotations

import re

_QUANTITY = re.compile(
    r"(?i)\b(?:how (?:many|much|long|far|big|large|fast|often|old|high|deep|wide|heavy|warm|cold|hot|soon|late|"
    r"early)|what (?:percentage|proportion|share|fee|price|cost|rate|temperature|size|speed|limit|number|amount|"
    r"figure|total|default)|at what (?:speed|temperature|rate)|"
    # "What's the longest I can put it off for?", "What is the most ...?": a superlative asks for a figure
    r"what(?:'s|’s| is| was| are) the (?:longest|shortest|most|least|maximum|minimum|biggest|largest|smallest|"
    r"highest|lowest|furthest|farthest|fewest|oldest|youngest|heaviest|lightest))\b|"
    # "What was the dealer's first offer for the works?", "What is the excess on the policy?": a sum of money asked
    # for by what it is (not what it covers or includes) ...
    r"\bwhat(?:'s|’s| is| was| are| were| did| will)\b[^?]{0,40}?\b(?:offer|bid|price|fee|cost|fare|rent|salary|"
    r"wage|deposit|premium|excess|refund|fine|discount)s?\b(?![^?]*\b(?:cover|include|mean|say)s?\b)|"
    # ... or by what it went up or down to: "What did the dealer increase his bid to?"
    r"\b(?:increase|raise|put up|lower|reduce|cut|drop|bring down|go up|went up|come down|came down)(?:s|d|ed)?\b"
    r"[^?]{0,40}\bto\W*$"
)
# "when" asks only where it opens the question or a clause of it: not "What does it print when all is well?"
_TIME = re.compile(
    r"(?i)^\W*(?:when|by when)\b|\b(?:what time|what date|what day|which day|by when|how soon|until what time|"
    r"the (?:latest|earliest) (?:i|we|you|they)\b|deadline)\b|(?:,|\band)\s+when\b"
)
# ... but not an opening "when" that sets a condition for the question after it (not "When is ..."): "When I export a
# data frame, how do I ...?", "When bc is built with readline, how many lines ...?" (a "how many" still asks a figure)
_CONDITION = re.compile(
    r"(?i)^\W*when\b(?!\s+(?:is|are|was|were|do|does|did|will|would|can|could|should|shall|must|may|might|has|"
    r"have|had)\b)"
    r"[^?]*?[,.;]\s*(?:how|what|which|where|who|whom|whose|why|do|does|did|can|could|should|shall|"
    r"is|are|was|were|will|would|must|may|might)\b"
)
_YEAR = re.compile(r"(?i)\b(?:(?:what|which|in what) year|when was)\b")
_OPTION = re.compile(
    r"(?i)\b(?:which|what) (?:option|flag|switch|argument|setting|variable|command|parameter|directive|key)\b"
)

# "How do I ...?", "Can bzip2 ...?", "Is there a way to ...?": in a manual the answer is often an option or a setting
_HOW_TO = re.compile(
    r"(?i)\bhow (?:do|can|should) (?:i|we|you)\b|^\W*can\b|\bis there a way\b|"
    r"\bwhat (?:should|do) (?:i|we) (?:use|set|pass|run|add|put)\b"
)

# "What's still not ticked off on my packing list?", "What haven't we packed yet?": a task not done
_OPEN_TASK = re.compile(
    r"(?i)\b(?:not (?:yet )?(?:ticked|checked|crossed|done|finished|packed|booked|bought|sorted)|(?:still|left) to "
    r"(?:do|pack|book|buy)|still (?:need|have) to|(?:haven't|hasn't|have not|has not) (?:(?:i|we|you|they|he|she) )?(?:yet )?"
    r"(?:done|ticked|packed|booked|bought|sorted|got)|"
    r"outstanding|unticked|unchecked|open tasks?)\b"
)

# "What did the seeds cost altogether?", "... in total?", "What total did I put down?": a total asked for, which a
# document labels as one
_ALTOGETHER = re.compile(
    r"(?i)\b(?:altogether|all together|in total|in all|all told|overall|(?:what|the)(?:'s|’s| is| was)?(?: the)? "
    r"(?:total|sum))\b"
)

# "What registration did I give?", "Which permit did I tick?", "What did I write down about ...?": what the person
# put down themselves, which a form, a record or a note holds as a label and its value
_PUT_DOWN = re.compile(
    r"(?i)\bdid (?:i|we) (?:give|put|write|enter|fill|tick|choose|select|pick|say|tell|note|ask for|answer|mark)\b"
)

# a figure, in digits or in words as a story or a letter writes it ("twelve years old", "four hundred pounds"); not
# "one" on its own, which is seldom a figure ("one of the keys", "the one on the left")
_NUMBER_WORDS = (
    r"two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|"
    r"eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
)
_FIGURE = re.compile(rf"\d|(?i:\b(?:{_NUMBER_WORDS}|(?:one|a) (?:hundred|thousand|million)|hundred|thousand|million|"
                     r"dozen)\b)")  # fmt: skip
# a label and its value on a line of their own ("Registration number: HD21 KXR", "Note: ..."), a ticked box
_A_VALUE = re.compile(r"(?m)^\s*(?:[A-Z][\w'’()/&,-]*(?:[ \t]+[\w'’()/&,-]+){0,5}:[ \t]+\S|[☒◉])")
# ... or sums up as one: "£35 a night: that's £280 for the eight nights", "it comes to £92"
_A_TOTAL = re.compile(
    r"(?i)\b(?:total(?:s|led|ling)?|altogether|all told|grand total|sum|(?:comes?|came) to)\b|"
    r"\bthat(?:'s|’s| is| makes)\s+[£$€]?\d"
)
_WHEN = re.compile(
    r"(?i)\b(?:\d{1,2}[:.]\d{2}|\d{1,2}\s?(?:am|pm|a\.m\.|p\.m\.)|noon|midnight|(?:mon|tues|wednes|thurs|fri|satur|"
    r"sun)day|january|february|march|april|june|july|august|september|october|november|december|"
    r"(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?\s+\d|\d{4}-\d\d-\d\d|\d{1,2}/\d{1,2}(?:/\d{2,4})?|"
    r"(?:19|20)\d\d|\d+\s*(?:days?|weeks?|months?|years?|hours?|minutes?)|"
    # a time of day in words: "seventeen minutes past four", "half past nine", "ten o'clock", "twenty to ten"
    rf"o['’]clock|(?:half|quarter|(?:{_NUMBER_WORDS}|one) minutes?|five|ten|twenty|twenty-five) (?:past|to) "
    rf"(?:one|{_NUMBER_WORDS}|noon|midnight))\b"
)
_A_YEAR = re.compile(r"\b(?:1[6-9]\d\d|20\d\d)\b")
_NAMED_SETTING = re.compile(r"(?<![\w-])(?:--?[A-Za-z][\w-]*|[A-Z][A-Z0-9_]{2,}|\w+=)")

# an option as a manual writes it, an environment variable with an underscore, a setting with its value; not an
# acronym ("NHS", "CSV"), which a how-to question does not ask for
_SETTING = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b\w+=")

# a task not done as the readers write it: an exported note's "(to do) ...", a task list's "- [ ] ..." read as "still
# to do: ..." (engine.rag.reading.reading), an Org heading's "TODO"
_A_TASK_OPEN = re.compile(r"^\s*(?:\(to do\)|(?:(?:[-*+]|\d+[.)])\s+)?still to do:|\*+\s+TODO\b|TODO\b)")

_ASKS = {"quantity": _QUANTITY, "time": _TIME, "year": _YEAR, "option": _OPTION, "setting": _HOW_TO,
         "open task": _OPEN_TASK, "total": _ALTOGETHER, "put down": _PUT_DOWN}  # fmt: skip
_HOLDS = {"quantity": _FIGURE, "time": _WHEN, "year": _A_YEAR, "option": _NAMED_SETTING, "setting": _SETTING,
          "open task": _A_TASK_OPEN, "total": _A_TOTAL, "put down": _A_VALUE}  # fmt: skip


def wanted_kinds(question: str) -> tuple[str, ...]:
    """The kinds of answer ``question`` asks for ("quantity", "time", "year", "option", "setting": a how-to question,
    "open task": a task not done yet); empty for other questions."""
    kinds = tuple(kind for kind, asks in _ASKS.items() if asks.search(question))
    if "option" in kinds:  # an option asked for by name holds the how-to's setting already
        kinds = tuple(k for k in kinds if k != "setting")
    if (
        "time" in kinds
        and _CONDITION.search(question)
        and not _TIME.search(re.sub(r"(?i)^\W*when\b", "", question))
    ):
        kinds = tuple(k for k in kinds if k != "time")
    return kinds


def kind_share(kinds: tuple[str, ...], text: str) -> float:
    """The share of ``kinds`` that ``text`` holds one of (0 when none is asked)."""
    if not kinds:
        return 0.0
    return sum(_HOLDS[k].search(text) is not None for k in kinds) / len(kinds)
