"""A static site's Markdown source as its page reads: Hugo's shortcodes and Jekyll's Liquid tags out of the text.

A blog post kept as Hugo or Jekyll writes it holds template calls between its paragraphs: ``{{< figure
src="/img/front.jpg" caption="The case before cleaning." >}}``, ``{{% notice tip %}}`` ... ``{{% /notice %}}``,
``{{< youtube dQw4w9WgXcQ >}}``, ``{% include gallery.html %}``. Read as they are, an answer quotes them, and a
sentence after a notice's opening tag starts with "{{% notice tip %}}". Here each call is blanked, character for
character (a space each, line ends kept), so every line and character keeps its place in the file, except what the
page shows of it:

- a figure's or an image's ``caption``, ``title`` or ``alt`` text stays where it is, read as a sentence of its own;
- a notice's or an alert's kind opens it in words ("Tip:", "Warning:") where its tag was, so "Always discharge the
  capacitors ..." reads "Tip: Always discharge the capacitors ...".

A footnote definition's label (``[^1]:`` at a line's start) is blanked too: its text is the footnote. A link reads
as its words: ``[Day timeline](Wedding%20planning%201f3a.../Day%20timeline%208a4d....md)``, a link to another file of
the notes (Notion's, Bear's and Obsidian's exports write them), as "Day timeline" with the rest blanked; a link to a
web address keeps the address after its words ("the form https://forms.example.com/kit"), for it may be what is
asked; an image's alt text stays, its file name goes. HTML written into the Markdown shows its text only: a tag
(Notion's ``<aside>`` around a callout, ``<details>``, ``<br>``) and a comment are blanked, an autolink
``<https://...>`` keeps its address. A highlight's marks go ("==far too bitter==" reads "far too bitter"). Inside a fenced code block or an inline code span nothing is
touched (a post about Hugo, a Django tutorial, quote their own tags).
"""

from __future__ import annotations

import re

from engine.index.wikilinks import fence_spans

READER_VERSION = 4  # 1: a Markdown file's shortcodes, Liquid tags and footnote labels blanked; 2: a Joplin
# export's item properties blanked, its title its top heading (engine.index.joplin); 3: a Joplin note's notebook and
# tags; 4: a link's marks and a file link's target blanked, HTML tags, comments and
# highlight marks too

# a shortcode (Hugo: "{{< name ... >}}", "{{% name ... %}}", closing "{{< /name >}}") or a Liquid tag ("{% ... %}"),
# at most a few lines long; Liquid's output tags ("{{ page.title }}") are left as they are (they print a value)
_CALL = re.compile(
    r"\{\{<(?P<a>[^{}]{1,2000}?)>\}\}|\{\{%(?P<b>[^{}]{1,2000}?)%\}\}|\{%(?P<c>[^{}%]{1,2000}?)%\}"
)
_INSIDE = re.compile(r"\s*-?\s*(/?)\s*([\w.-]+)")
_SHOWN = re.compile(r"""\b(caption|title|alt)\s*=\s*(?:"([^"\n]{1,400})"|'([^'\n]{1,400})')""")
_NOTICES = frozenset(
    {"notice", "alert", "callout", "admonition", "hint", "note", "tip", "warning", "info", "danger"}
)
_KIND = re.compile(r"""^\s*(?:type\s*=\s*)?["']?(\w+)""")
_FOOTNOTE_LABEL = re.compile(r"^\[\^[^\]\s]{1,40}\]:", re.M)
# an inline link or image, "[words](target "title")": its words (no brackets inside), its target (one level of
# brackets inside: "Pasta_(dish)")
_LINK = re.compile(
    r"(!?)\[(?!\[)([^\[\]\n]{0,400})\]\(([^()\s]{0,2000}(?:\([^()\s]{0,200}\)[^()\s]{0,200})?)"
    r"(?:[ \t]+(?:\"[^\"\n]{0,400}\"|'[^'\n]{0,400}'))?\)"
)
_WEB = re.compile(r"(?i)(?:https?|ftp|mailto):")
# HTML in Markdown: a tag of the elements notes use ("<aside>", "</details>", '<img src="a.png" />'; not a type's
# "Vec<String>"), a comment; an autolink, "<https://example.com>", keeps its address
_HTML_TAG = re.compile(
    r"<!--.{0,2000}?-->|</?(?:aside|details|summary|div|span|p|br|hr|img|a|b|i|u|em|strong|sup|sub|mark|kbd|"
    r"small|s|del|ins|font|center|figure|figcaption|picture|source|video|audio|iframe|table|thead|tbody|tr|td|th|"
    r"ul|ol|li|dl|dt|dd|blockquote|section|h[1-6])(?:\s[^<>]{0,1000}?)?/?>",
    re.S | re.I,
)
_AUTOLINK = re.compile(r"<(?:https?|mailto):[^<>\s]{1,2000}>", re.I)
# a highlight, as Bear and Obsidian write it: "came out ==far too bitter==" (not "a == b")
_HIGHLIGHT = re.compile(r"(?<![=\w])==(?=[^\s=])([^=\n]{1,400}?)(?<=[^\s=])==(?![=\w])")


def _blank(s: str) -> str:
    return re.sub(r"[^\n]", " ", s)


def _link(match: re.Match) -> str:
    """A link as its words: the marks blanked, a web address kept after them, any other target blanked; the blanks
    before the words, so no space is left before a full stop after the link."""
    whole, words, target = match.group(0), match.group(2), match.group(3)
    kept = f"{words} {target}" if _WEB.match(target) and not match.group(1) else words
    return " " * (len(whole) - len(kept)) + kept


def _kept(match: re.Match) -> str:
    """A call's characters as spaces, but for what the page shows of it in its own place."""
    whole = match.group(0)
    out = list(_blank(whole))
    group = next(g for g in ("a", "b", "c") if match.group(g) is not None)
    inner = match.group(group)
    head = _INSIDE.match(inner)
    if head is None:
        return "".join(out)
    closing, name = bool(head.group(1)), head.group(2).lower()
    params = inner[head.end() :]
    params_at = match.start(group) - match.start() + head.end()
    if closing:
        return "".join(out)
    shown = list(_SHOWN.finditer(params or ""))
    for m in shown:
        value = 2 if m.group(2) is not None else 3
        a, b = m.start(value) + params_at, m.end(value) + params_at
        out[a:b] = whole[a:b]
        if whole[a:b].rstrip()[-1:] not in (".", "!", "?", ":", ""):
            out[b] = "."  # the closing quote's place: the caption reads as a sentence of its own
    if name in _NOTICES and not shown:
        kind = _KIND.match(params or "")
        word = (
            kind.group(1) if kind and name in ("notice", "alert", "callout", "admonition") else name
        ).capitalize()
        label = f"{word}:"
        if len(label) <= len(whole) and "\n" not in whole[: len(label)]:
            out[: len(label)] = label
    return "".join(out)


def blank_shortcodes(text: str) -> str:
    """``text`` (a Markdown file's) with its shortcodes, Liquid tags, footnote labels, links' marks and HTML tags
    blanked as the module says; the same length, every line end where it was."""
    if not any(mark in text for mark in ("{{", "{%", "[", "<", "==")):
        return text
    fences = fence_spans(text)

    def outside(a: int) -> bool:
        """Not in a fenced block, nor in an inline code span (an odd count of backticks before it on its line)."""
        line_start = text.rfind("\n", 0, a) + 1
        return not any(s <= a < e for s, e in fences) and text.count("`", line_start, a) % 2 == 0

    parts: list[str] = []
    last = 0
    found = [*_CALL.finditer(text), *_FOOTNOTE_LABEL.finditer(text), *_LINK.finditer(text)]
    if "<" in text:
        found += [*_HTML_TAG.finditer(text), *_AUTOLINK.finditer(text)]
    if "==" in text:
        found += list(_HIGHLIGHT.finditer(text))
    for m in sorted(found, key=lambda m: m.start()):
        if m.start() < last or not outside(m.start()):
            continue
        parts.append(text[last : m.start()])
        whole = m.group(0)
        if m.re in (_FOOTNOTE_LABEL, _HTML_TAG):
            parts.append(_blank(whole))
        elif m.re is _AUTOLINK:
            parts.append(f"  {whole[1:-1]}")
        elif m.re is _HIGHLIGHT:
            parts.append(f"    {m.group(1)}")
        else:
            parts.append(_link(m) if m.re is _LINK else _kept(m))
        last = m.end()
    parts.append(text[last:])
    return "".join(parts)
