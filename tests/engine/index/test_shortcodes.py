"""A static site's Markdown (engine.index.shortcodes): Hugo shortcodes and Liquid tags blanked in place, what the page
shows of them kept, every line where it was; read through the real text reader."""

from pathlib import Path

from engine.index.extraction import extract
from engine.index.shortcodes import blank_shortcodes

POST = """---
title: "Restoring a 1962 radio"
date: 2027-04-11T10:30:00+01:00
tags: ["radio"]
---

I bought the set at a car boot sale for £15.

{{< figure src="/img/front.jpg" caption="The case before cleaning" >}}

{{% notice tip %}}
Always discharge the smoothing capacitors before you touch the chassis.
{{% /notice %}}

The hum went away once I replaced the two electrolytics[^1].

{{< youtube dQw4w9WgXcQ >}}
{% include gallery.html images=page.gallery %}

```go-html-template
{{< figure src="x.jpg" >}}
```

[^1]: 32 µF at 350 V, from a specialist supplier.
"""


def test_shortcodes_are_blanked_in_place_and_what_the_page_shows_is_kept():
    out = blank_shortcodes(POST)
    assert len(out) == len(POST) and [len(x) for x in out.split("\n")] == [len(x) for x in POST.split("\n")]
    assert "{{" not in out.replace('{{< figure src="x.jpg" >}}', "") and "{%" not in out
    assert "The case before cleaning." in out  # the caption, a sentence of its own where it stood
    assert "Tip:" in out and "youtube" not in out and "gallery" not in out
    assert '{{< figure src="x.jpg" >}}' in out  # a fenced code block quotes it: untouched
    assert "\n      32 µF at 350 V" in out  # the footnote's label out, its text in place
    assert blank_shortcodes("no calls here {{ page.title }}") == "no calls here {{ page.title }}"
    quoted = "Link with `{% url 'home' %}` in a template."
    assert blank_shortcodes(quoted) == quoted


def test_a_hugo_post_reads_without_its_template_calls():
    doc = extract(Path("radio.md"), POST.encode())
    page = doc.pages[0]
    paragraphs = [" ".join(page.text[b.start : b.end].split()) for b in page.blocks]
    assert "Tip: Always discharge the smoothing capacitors before you touch the chassis." in paragraphs
    assert "The case before cleaning." in paragraphs
    assert not any("{{" in p and "x.jpg" not in p for p in paragraphs)
    tip = page.text.index("Always discharge")
    assert page.locate(tip)[0] == POST[: POST.index("Always discharge")].count("\n") + 1


def test_a_link_reads_as_its_words_and_a_web_address_stays():
    """Notion's, Bear's and Obsidian's exports link notes by file: the words stay, the URL-encoded path goes; a web
    address stays after its words (it may be what is asked); an image keeps its alt text only; nothing moves."""
    note = (
        "# Wedding planning\n\n"
        "See [Day timeline](Wedding%20planning%201f3a9c2e/Day%20timeline%208a4d2f6b.md) for the order of the day.\n"
        "Pay through [the form](https://forms.example.com/kit) by Friday.\n"
        "![](assets/brew-day.png)\n"
        "![The barn at dusk](assets/barn.jpg)\n"
        "Keep `[a](b.md)` as it is, and [[Water profile]] too.\n"
        "```\n[x](y.md)\n```\n"
    )
    out = blank_shortcodes(note)
    assert len(out) == len(note) and out.count("\n") == note.count("\n")
    lines = [" ".join(line.split()) for line in out.split("\n")]
    assert lines[2] == "See Day timeline for the order of the day."
    assert lines[3] == "Pay through the form https://forms.example.com/kit by Friday."
    assert lines[4] == "" and lines[5] == "The barn at dusk"
    assert lines[6] == "Keep `[a](b.md)` as it is, and [[Water profile]] too." and lines[8] == "[x](y.md)"
    page = extract(Path("Wedding planning 1f3a9c2e.md"), note.encode()).pages[0]
    assert "%20" not in page.text and "Day timeline" in page.text


def test_html_in_markdown_and_highlights_show_their_text_only():
    """Bear and Obsidian mark a highlight "==...==": the marks go. Notion writes a callout as "<aside> ... </aside>": the tags go, the words stay; a comment goes; an autolink keeps
    its address; a type's "Vec<String>" and code are left as they are."""
    note = (
        "<aside>\n🔇 The barn's licence: music stops at 23:45.\n\n</aside>\n"
        "<!-- draft:\nnot shown -->Mail <mailto:jo@example.com> or see <https://example.com/plan>.\n"
        "<details><summary>Rain plan</summary>The ceremony moves into the barn.</details>\n"
        "A Vec<String> holds them; `<aside>` is kept in code.\n"
        "Batch 11 came out ==far too bitter==, as if a == b.\n"
    )
    out = blank_shortcodes(note)
    assert len(out) == len(note) and out.count("\n") == note.count("\n")
    words = " ".join(out.split())
    assert words == (
        "🔇 The barn's licence: music stops at 23:45. Mail mailto:jo@example.com or see https://example.com/plan. "
        "Rain plan The ceremony moves into the barn. A Vec<String> holds them; `<aside>` is kept in code. "
        "Batch 11 came out far too bitter, as if a == b."
    )
