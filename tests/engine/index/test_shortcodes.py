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
