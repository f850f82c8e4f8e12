"""Generate the private documents of the realdocs ``heldout8`` part under ``files/private8/``: a blog post on
overwintering chilli plants as a browser's "Save Page As... (HTML only)" writes it (``.html``, with the site's menu,
cookie banner, sidebar, share buttons, reader comments and footer), a small Obsidian vault of four notes planning an
allotment year (``allotment-vault/*.md``: YAML front matter, wikilinks, callouts, task lists), a home photo-sync
tool's commented configuration (``.toml``), a family's nightly photo backup script (``.sh``) and a GPS track of a
day's hill walk with named waypoints (``.gpx``, GPX 1.1 XML).

    python eval/realdocs/make_heldout8.py          # rewrite them; the output is the same on every run

Standard library only. Everything is fixed text or computed from fixed text (the track's points and times are
interpolated between fixed waypoints), so a rerun gives the same bytes. Every weekday named next to a date is checked
against the calendar when the files are written. The other document of the part (fontconfig's user manual, a PDF
made from DocBook) is copied unchanged from a Debian package, as ``documents.json`` records.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from pathlib import Path

OUT = Path(__file__).resolve().parent / "files" / "private8"

# --- a saved web page (.html) ---------------------------------------------------------------------------------------

PAGE_URL = "https://thewindowsillgrower.example.co.uk/2027/10/overwintering-chillies-my-method/"

ARTICLE = [
    (
        "p",
        "Every October I have the same conversation with myself: do I let the chilli plants go on the compost "
        "heap, or do I bring them in for the winter? For the last four years the answer has been to bring them in, "
        "and this year I finally wrote down exactly what I do. Chillies are perennials in the places they come from, "
        "and a plant that has had a winter's rest starts the next season with a woody frame and a root system "
        "already in place.",
    ),
    ("p", "This is a long one, so make a cup of tea."),
    ("h2", "Why bother?"),
    (
        "p",
        "The short answer is an earlier crop. My overwintered plants gave their first ripe pods in the last week of "
        "June this year, roughly six weeks ahead of the plants I sowed from seed in February. They also tend to be "
        "bushier and more productive in their second year, and some of the slow varieties (Rocoto in particular) "
        "hardly have time to ripen anything in a British summer unless they get a head start.",
    ),
    (
        "p",
        "The long answer is that it is cheap, it takes up one windowsill, and it gives me something to fuss over "
        "in January.",
    ),
    ("h2", "Which plants to keep"),
    (
        "p",
        "Pick the healthiest plants, not the biggest. Anything with a stubborn aphid problem, soft stems or "
        "yellowing leaves is better composted. The Capsicum baccatum and pubescens types (Aji and Rocoto) overwinter "
        "much more reliably than the annuum types in my experience; the chinense types (Habanero, Scotch Bonnet) sit in "
        "between.",
    ),
    ("h2", "When to bring them in"),
    (
        "p",
        "Don't wait for the first frost. Once the night-time temperature outside drops below 10\u00b0C the plants "
        "stop doing anything useful, so that is my signal. This year that was Saturday 9 October 2027, which is a good "
        "fortnight earlier than usual, so keep an eye on the forecast rather than the calendar.",
    ),
    ("h2", "Step by step"),
    (
        "ol",
        [
            "Pick every pod that is left, ripe or not. Green ones are fine for cooking.",
            "Prune each plant back hard to a Y-shaped frame, leaving the main stems 10 to 15 cm long. It feels brutal. "
            "Do it anyway.",
            "Strip off any remaining leaves: they only give aphids somewhere to hide.",
            "Knock the plant out of its pot, tease off the old compost and trim the root ball by about a third.",
            "Repot into a 1-litre pot of fresh multipurpose compost with a couple of handfuls of perlite mixed in.",
            "Spray the stems with a weak soap solution (a teaspoon of plain washing-up liquid in a litre of water) "
            "and do it again a week later.",
        ],
    ),
    ("h2", "Where to keep them"),
    (
        "p",
        "You want them cool and bright but never frozen: somewhere between 10 and 15\u00b0C is ideal. Mine live on the "
        "windowsill of the landing, which is unheated and faces east. A warm living room is the worst place, because "
        "the plants try to grow in the poor light and go leggy and aphid-ridden.",
    ),
    ("h2", "Watering over winter"),
    (
        "p",
        "This is where most people go wrong. A dormant plant with no leaves uses almost no water, so I give each "
        "pot about 100 ml roughly every three weeks, and only when the top of the compost is completely dry. If in "
        "doubt, don't. No feed at all until spring.",
    ),
    ("h2", "Waking them up"),
    (
        "p",
        "In the last week of February the pots move into the heated propagator, or onto the south-facing kitchen "
        "windowsill if there is no room in it. New shoots usually appear after about three weeks. From March I feed "
        "every other watering with tomato feed at half strength, and in April they are potted on into 5-litre pots. "
        "They go outside to harden off from the middle of May, in the daytime only for the first ten days.",
    ),
    ("h2", "How last winter went"),
    (
        "table",
        [
            ("Variety", "Plants kept", "Survived", "Notes"),
            ("Aji Lemon Drop", "3", "3", "First ripe pods 24 June"),
            ("Rocoto", "2", "2", "Now in their third year"),
            ("Hungarian Hot Wax", "2", "2", "Cropped well but no earlier than seedlings"),
            ("Padr\u00f3n", "2", "0", "Both rotted at the base in January: overwatered"),
        ],
    ),
    (
        "p",
        "So seven of the nine came through, and the two losses were entirely my fault. The Hungarian Hot Wax were "
        "a disappointment: they survived but gave no earlier crop than seed-sown plants, so this year I am not keeping "
        "them.",
    ),
    ("h2", "What I'm trying this year"),
    (
        "p",
        "I have taken three cuttings from the Aji Lemon Drop as an insurance policy, rooted in a jar of water on "
        "the kitchen windowsill. I'll report back in spring on whether they were worth the bother.",
    ),
]

COMMENTS = [
    (
        "c-4012",
        "Gwen Ashby",
        "19 October 2027 at 8:42 pm",
        "Great write-up. I have never had the windowsill space, so mine go into the unheated garage, which has one "
        "small window and sits at about 6\u00b0C all winter. They drop every leaf but three of my four came through "
        "last year, so it can be done colder than you suggest.",
    ),
    (
        "c-4015",
        "Dev Raman",
        "21 October 2027 at 7:05 am",
        "The thing that finally sorted out fungus gnats for me was a 1 cm layer of horticultural grit on top of the "
        "compost. The flies can't lay their eggs in it and it keeps the stem base dry, which might have saved your "
        "Padr\u00f3ns too!",
    ),
    (
        "c-4016",
        "Tamsin (author)",
        "21 October 2027 at 9:30 pm",
        "@Dev Raman that's a brilliant idea, thank you. Grit is going on all of them this weekend.",
    ),
    (
        "c-4021",
        "Marguerite Lacey",
        "24 October 2027 at 3:17 pm",
        "Don't give up on Rocoto, they get better and better. Mine is now eleven years old and lives in a 20-litre "
        "pot; last summer it gave me 140 pods. I bring it into the porch every October.",
    ),
]

POPULAR = [
    ("Tomatoes on a north-facing balcony: a season's notes", "/2027/09/tomatoes-north-facing-balcony/"),
    ("How I make chilli jam (and why I add an apple)", "/2027/08/chilli-jam/"),
    ("Ten houseplants that survived my neglect", "/2027/03/ten-houseplants/"),
    ("Building a propagator from a fish tank", "/2027/02/fish-tank-propagator/"),
]
TAGS = [
    ("chillies", 14),
    ("overwintering", 3),
    ("windowsill", 22),
    ("tomatoes", 18),
    ("pests", 7),
    ("propagation", 9),
    ("recipes", 11),
    ("houseplants", 6),
]


def esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def saved_page() -> str:
    """The page as a browser's "Save Page As..., Web Page, HTML only" writes it: the markup as the site served it,
    links, stylesheets and scripts still pointing at the site."""
    art = []
    for what, body in ARTICLE:
        if what in ("p", "h2"):
            art.append(f"<{what}>{esc(body)}</{what}>")
        elif what == "ol":
            art.append("<ol>")
            art += [f"  <li>{esc(item)}</li>" for item in body]
            art.append("</ol>")
        elif what == "table":
            art.append('<figure class="wp-block-table"><table>')
            head, *rows = body
            art.append("<thead><tr>" + "".join(f"<th>{esc(c)}</th>" for c in head) + "</tr></thead>")
            art.append("<tbody>")
            art += ["<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>" for row in rows]
            art.append("</tbody>")
            art.append("</table></figure>")
    comments = []
    for cid, name, when, text in COMMENTS:
        reply = name.endswith("(author)")
        comments += [
            f'<li id="comment-{cid[2:]}" class="comment{" byuser bypostauthor depth-2" if reply else " depth-1"}">',
            f'  <article class="comment-body" id="div-comment-{cid[2:]}">',
            f'    <footer class="comment-meta"><div class="comment-author vcard"><b class="fn">{esc(name)}</b> '
            '<span class="says">says:</span></div>',
            f'    <div class="comment-metadata"><a href="{PAGE_URL}#comment-{cid[2:]}"><time>{when}</time></a>'
            "</div></footer>",
            f'    <div class="comment-content"><p>{esc(text)}</p></div>',
            f'    <div class="reply"><a rel="nofollow" class="comment-reply-link" href="{PAGE_URL}'
            f'?replytocom={cid[2:]}#respond">Reply</a></div>',
            "  </article>",
            "</li>",
        ]
    popular = [
        f'      <li><a href="https://thewindowsillgrower.example.co.uk{u}">{esc(t)}</a></li>'
        for t, u in POPULAR
    ]
    tags = [
        f'      <a href="https://thewindowsillgrower.example.co.uk/tag/{t}/" class="tag-cloud-link" '
        f'style="font-size: {8 + n // 2}pt;" aria-label="{t} ({n} items)">{t}</a>'
        for t, n in TAGS
    ]
    lines = [
        "<!DOCTYPE html>",
        '<html lang="en-GB"><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>Overwintering chillies: my method, step by step \u2013 The Windowsill Grower</title>",
        '<meta name="description" content="How I keep chilli plants through the winter for an earlier crop.">',
        '<link rel="stylesheet" id="sprout-style-css" href="https://thewindowsillgrower.example.co.uk/wp-content/'
        'themes/sprout/style.css?ver=2.3.1" media="all">',
        '<link rel="canonical" href="' + PAGE_URL + '">',
        '<script async="" src="https://stats.example.net/js/script.js" data-domain="thewindowsillgrower.example.co.uk">'
        "</script>",
        "</head>",
        '<body class="post-template-default single single-post postid-1187 single-format-standard">',
        '<div id="cookie-notice" role="dialog" aria-label="Cookie notice" class="cookie-notice-visible">',
        '  <div class="cookie-notice-container"><span id="cn-notice-text">We use cookies to count visits and to '
        "remember your comment details. Essential cookies are always on; analytics cookies only with your "
        "consent.</span>",
        '  <a href="#" id="cn-accept-cookie" class="cn-button">Accept all</a> <a href="#" id="cn-refuse-cookie" '
        'class="cn-button">Reject non-essential</a> <a href="https://thewindowsillgrower.example.co.uk/privacy/" '
        'class="cn-more-info">Privacy policy</a></div>',
        "</div>",
        '<header id="masthead" class="site-header">',
        '  <p class="site-title"><a href="https://thewindowsillgrower.example.co.uk/" rel="home">The Windowsill '
        "Grower</a></p>",
        '  <p class="site-description">Growing food in small spaces, one pot at a time</p>',
        '  <nav id="site-navigation" class="main-navigation" aria-label="Main menu"><ul id="primary-menu" '
        'class="menu">',
        '    <li class="menu-item"><a href="https://thewindowsillgrower.example.co.uk/">Home</a></li>',
        '    <li class="menu-item"><a href="https://thewindowsillgrower.example.co.uk/grow-guides/">Grow guides</a>'
        "</li>",
        '    <li class="menu-item"><a href="https://thewindowsillgrower.example.co.uk/recipes/">Recipes</a></li>',
        '    <li class="menu-item"><a href="https://thewindowsillgrower.example.co.uk/seed-swap/">Seed swap</a></li>',
        '    <li class="menu-item"><a href="https://thewindowsillgrower.example.co.uk/about/">About</a></li>',
        '    <li class="menu-item"><a href="https://thewindowsillgrower.example.co.uk/contact/">Contact</a></li>',
        "  </ul></nav>",
        "</header>",
        '<div id="content" class="site-content"><main id="main" class="site-main">',
        '<article id="post-1187" class="post-1187 post type-post status-publish category-grow-guides">',
        '<header class="entry-header"><h1 class="entry-title">Overwintering chillies: my method, step by step</h1>',
        '<div class="entry-meta"><span class="posted-on">Posted on <time class="entry-date published" '
        'datetime="2027-10-17T09:00:00+01:00">Sunday 17 October 2027</time></span> <span class="byline">by '
        '<span class="author vcard"><a class="url fn n" href="https://thewindowsillgrower.example.co.uk/author/'
        'tamsin/">Tamsin Okafor</a></span></span> <span class="reading-time">8 min read</span></div>',
        "</header>",
        '<div class="entry-content">',
        *art,
        "</div>",
        '<div class="share-buttons"><span class="share-label">Share this:</span>',
        f'  <a class="share-facebook" href="https://www.facebook.com/sharer/sharer.php?u={PAGE_URL}" '
        'target="_blank" rel="noopener">Facebook</a>',
        f'  <a class="share-pinterest" href="https://pinterest.com/pin/create/button/?url={PAGE_URL}" '
        'target="_blank" rel="noopener">Pinterest</a>',
        f'  <a class="share-whatsapp" href="https://wa.me/?text={PAGE_URL}" target="_blank" rel="noopener">'
        "WhatsApp</a>",
        f'  <a class="share-email" href="mailto:?subject=Overwintering%20chillies&amp;body={PAGE_URL}">Email</a>',
        "</div>",
        '<footer class="entry-footer"><span class="cat-links">Posted in <a href="https://thewindowsillgrower.'
        'example.co.uk/category/grow-guides/" rel="category tag">Grow guides</a></span> <span class="tags-links">'
        'Tagged <a href="https://thewindowsillgrower.example.co.uk/tag/chillies/" rel="tag">chillies</a>, '
        '<a href="https://thewindowsillgrower.example.co.uk/tag/overwintering/" rel="tag">overwintering</a>'
        "</span></footer>",
        "</article>",
        '<nav class="navigation post-navigation" aria-label="Posts"><div class="nav-links">',
        '  <div class="nav-previous"><a href="https://thewindowsillgrower.example.co.uk/2027/09/tomatoes-north-'
        'facing-balcony/" rel="prev">Previous: Tomatoes on a north-facing balcony</a></div>',
        "</div></nav>",
        '<div id="comments" class="comments-area">',
        f'<h2 class="comments-title">{len(COMMENTS)} thoughts on \u201cOverwintering chillies: my method, step by '
        "step\u201d</h2>",
        '<ol class="comment-list">',
        *comments,
        "</ol>",
        '<div id="respond" class="comment-respond"><h3 id="reply-title" class="comment-reply-title">Leave a '
        "comment</h3>",
        '<form action="https://thewindowsillgrower.example.co.uk/wp-comments-post.php" method="post" '
        'id="commentform" class="comment-form">',
        '<p class="comment-notes">Your email address will not be published. Required fields are marked *</p>',
        '<p class="comment-form-comment"><label for="comment">Comment *</label> <textarea id="comment" '
        'name="comment" cols="45" rows="8" required=""></textarea></p>',
        '<p class="comment-form-author"><label for="author">Name *</label> <input id="author" name="author" '
        'type="text" value="" size="30" required=""></p>',
        '<p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" '
        'value="Post Comment"></p>',
        "</form></div>",
        "</div>",
        "</main>",
        '<aside id="secondary" class="widget-area">',
        '  <section id="text-2" class="widget widget_text"><h2 class="widget-title">About me</h2>',
        '    <div class="textwidget"><p>I\'m Tamsin. I grow vegetables, herbs and far too many chillies in a '
        "second-floor flat with two windowsills and a balcony the size of a tea tray.</p></div>",
        "  </section>",
        '  <section id="popular-posts-3" class="widget widget_popular"><h2 class="widget-title">Popular posts</h2>',
        "    <ul>",
        *popular,
        "    </ul>",
        "  </section>",
        '  <section id="tag_cloud-2" class="widget widget_tag_cloud"><h2 class="widget-title">Tags</h2>',
        '    <div class="tagcloud">',
        *tags,
        "    </div>",
        "  </section>",
        '  <section id="newsletter-2" class="widget widget_newsletter"><h2 class="widget-title">Newsletter</h2>',
        "    <p>One e-mail a month with what to sow and what to do. No spam, unsubscribe any time.</p>",
        '    <form class="newsletter-form"><input type="email" placeholder="Your e-mail address"> '
        "<button>Subscribe</button></form>",
        "  </section>",
        "</aside>",
        "</div>",
        '<footer id="colophon" class="site-footer">',
        '  <div class="site-info">\u00a9 2027 The Windowsill Grower \u00b7 <a href="https://thewindowsillgrower.'
        'example.co.uk/privacy/">Privacy</a> \u00b7 <a href="https://thewindowsillgrower.example.co.uk/contact/">'
        "Contact</a> \u00b7 Theme: Sprout by Greenhouse Themes</div>",
        "</footer>",
        '<script src="https://thewindowsillgrower.example.co.uk/wp-content/themes/sprout/js/navigation.js?ver=2.3.1" '
        'id="sprout-navigation-js"></script>',
        "</body></html>",
    ]
    return "\n".join(lines) + "\n"


# --- an Obsidian vault (allotment-vault/*.md) ---------------------------------------------------------------------

VAULT = {
    "Plot 14 plan 2027.md": """\
---
tags:
  - allotment
  - planning
created: 2027-01-09
aliases:
  - Plot plan
  - Plot 14
---
# Plot 14 plan 2027

Half plot (125 m²) at Hollins Lane Allotments, taken over from Mr Pryce in autumn 2025. Rent is £48 a year, paid to \
the site treasurer by 1 March. The gate padlock code is 4180 (changed in January; the old one no longer works).

> [!note] Site rules
> The committee walks the site in the first week of June and again in the first week of September. At least three \
quarters of the plot must be under cultivation at each walk, or you get a warning letter. Bonfires only between \
1 November and 31 March, and never at weekends.

## Beds (four-year rotation)

| Bed | 2026 | 2027 |
|---|---|---|
| A | potatoes | legumes (broad beans, runner beans) |
| B | legumes | brassicas (purple sprouting, kale, cabbages) |
| C | brassicas | roots and onions (parsnips, carrots, beetroot, onions) |
| D | roots and onions | potatoes (Charlotte and Sarpo Mira) |

The asparagus bed along the west fence and the fruit (two gooseberries, a row of autumn raspberries) stay where \
they are.

What goes where, and when, is in [[Sowing calendar]]; the seeds are on [[Seed order 2027|this year's seed order]]. \
The shed and the water supply have a note of their own: [[Shed and water butts]].

## Jobs before spring

- [x] Cut back the autumn raspberries to the ground
- [x] Spread the council green-waste compost on beds B and C (ordered 3 tonnes, arrived Saturday 20 February 2027)
- [ ] Lift and divide the rhubarb crown
- [ ] Put the netting frame up over bed B before the pigeons find the brassicas
- [ ] Replace the broken cold-frame lid (see [[Shed and water butts#Repairs|repairs list]])
""",
    "Seed order 2027.md": """\
---
tags:
  - allotment
  - seeds
created: 2027-01-16
aliases:
  - seed order
---
# Seed order 2027

Back to [[Plot 14 plan 2027|the plot plan]].

Most of it from Haddon Seeds (free postage over £20), the potatoes from the site shop, which is open on Sunday \
mornings from 10 till 12 between February and May.

| What | Variety | Supplier | Cost |
|---|---|---|---|
| Broad bean | Aquadulce Claudia | Haddon Seeds | £3.25 |
| Runner bean | Firestorm | Haddon Seeds | £3.95 |
| Parsnip | Gladiator F1 | Haddon Seeds | £3.60 |
| Carrot | Flyaway F1 | Haddon Seeds | £3.80 |
| Beetroot | Boltardy | Haddon Seeds | £2.45 |
| Kale | Nero di Toscana | Haddon Seeds | £2.75 |
| Purple sprouting broccoli | Rudolph | Haddon Seeds | £3.10 |
| Onion sets | Sturon (500 g) | Haddon Seeds | £4.20 |
| Seed potatoes | Charlotte (2 kg) | site shop | £4.50 |
| Seed potatoes | Sarpo Mira (2 kg) | site shop | £5.00 |

Total £36.60: £27.10 to Haddon Seeds, £9.50 at the site shop.

> [!warning] Onion sets come separately
> Haddon send onion sets in March, not with the rest of the order, so don't panic when the parcel turns up without \
them.

- [x] Order placed with Haddon Seeds (order number HS-20714)
- [x] Charlotte potatoes bought, chitting on the spare-room windowsill
- [ ] Sarpo Mira: the shop had sold out, ask again when they restock
- [ ] Swap spare kale seed with Irene on plot 9 for some of her leek seedlings
""",
    "Shed and water butts.md": """\
---
tags:
  - allotment
  - shed
created: 2027-01-23
aliases: []
---
# Shed and water butts

The shed is 6 x 4 ft, shiplap, probably twenty years old. The key is on the blue fob; the spare is with Irene on \
plot 9.

## Water

The site taps are turned off from the end of October to the start of April, so over winter everything comes from \
the butts. There are four 210-litre butts, two on each side of the shed, linked at the bottom so they fill together \
from the shed gutter. That is 840 litres when full.

> [!tip] Don't water the leaves
> A watering can from the butts holds 10 litres, so one full set of butts is 84 cans. In a dry spell, water the \
roots in the evening, not the leaves in the sun.

## Repairs

- [x] Re-felt the shed roof (done Saturday 13 March 2027 with Jonah; 1 roll of felt, £32 from the builders' \
merchant)
- [ ] New hasp and staple for the door, the old screws pull out of the frame
- [ ] Cold frame: replace the lid with twin-wall polycarbonate (60 x 120 cm sheet, about £25)
- [ ] Gutter on the back edge of the roof leaks at the join, reseal it before the autumn rain

Linked from [[Plot 14 plan 2027]].
""",
    "Sowing calendar.md": """\
---
tags:
  - allotment
  - calendar
created: 2027-02-06
aliases:
  - sowing plan
---
# Sowing calendar

For [[Plot 14 plan 2027|Plot 14]] in 2027. Dates are for our site, which is a frost pocket: the last frost is usually \
around 10 May, a week or two later than in town.

## Indoors (spare-room windowsill and propagator)

- Purple sprouting broccoli and kale: mid-April, in modules, planted out at the end of May under the netting
- Runner beans: early May, one seed per 9 cm pot, planted out after the last frost (not before 20 May)

## Direct on the plot

- Broad beans: Aquadulce Claudia can go in in November for an early crop, but this year they go in in March
- Onion sets: as soon as they arrive in March, 10 cm apart in rows 30 cm apart
- Parsnips: not before late April, when the soil has warmed up; sow three seeds every 15 cm and thin to one
- Carrots: from mid-May in short rows every three weeks, under enviromesh against carrot fly
- Beetroot: from late April, every four weeks until July

## Potatoes

- Charlotte (second early): plant in the first week of April, 30 cm apart in rows 60 cm apart; lift from mid-July
- Sarpo Mira (maincrop, blight resistant): plant mid-April, 40 cm apart in rows 75 cm apart; lift in September

> [!note]
> Earth up the potatoes when the shoots are about 20 cm tall, and cover them with fleece if a late frost is \
forecast.
""",
}


# --- a photo-sync tool's configuration (.toml) --------------------------------------------------------------------

TOML = """\
# photoferry.toml: settings for photoferry, which copies the family's phone photos to the NAS
# and from there to the off-site copy at Grandma's.
#
# Lines starting with # are comments. A setting that is left out takes the default given in its
# comment. photoferry re-reads this file when it changes; no need to restart it.

[general]
library = "/volume1/photos/library"       # where the sorted photos end up
staging = "/volume1/photos/incoming"      # where files from the phones land before sorting
timezone = "Europe/London"                # used for folder names when a photo has no time zone
log_level = "info"                        # debug, info, warn or error (default: info)

[sorting]
# Folder layout inside the library (default: "{year}/{month}", e.g. 2027/06).
# Tokens: {year}, {month}, {day}, {device}. Ours gives e.g. 2027/2027-06.
pattern = "{year}/{year}-{month}"
# Photos with no date in their EXIF go to this folder instead of being guessed from the file time.
undated_folder = "_undated"
# Two files with the same checksum are the same photo; the second one is skipped, not deleted.
skip_duplicates = true
# Screenshots and WhatsApp forwards are kept out of the library (they go to their own folder).
exclude_patterns = ["Screenshot_*", "IMG-*-WA*"]
excluded_folder = "_not-photos"

[schedule]
# How often the NAS looks for new files on the phones, in minutes (default: 60).
scan_interval = 30
# No syncing between these hours (24-hour clock, local time), so the broadband is free for evening TV.
quiet_hours = { start = "18:00", end = "22:30" }
# Run the off-site copy once a night at this time.
offsite_at = "02:15"

[transfer]
# Upload limit for the off-site copy, in KiB per second (0 = no limit). Grandma's line is slow.
max_upload_kib = 400
retries = 5                 # attempts per file before giving up until the next night
retry_wait_s = 90           # seconds between attempts
verify_checksums = true     # read each file back after copying and compare (slower, safer)

[thumbnails]
enabled = true
sizes = [256, 1024]         # longest edge in pixels
jpeg_quality = 82           # 1-100 (default: 85)

[trash]
# Deleted photos are kept in the library's .trash folder this many days before they go for good.
keep_days = 45

# --- the phones -----------------------------------------------------------------------------------------------
# One [[device]] table per phone. "owner" is used in notifications; "folder" is where the phone's
# sync app puts the files inside the staging folder.

[[device]]
name = "anna-pixel"
owner = "Anna"
folder = "anna"
include_videos = true
max_video_minutes = 10      # longer videos stay on the phone (default: no limit)

[[device]]
name = "tom-iphone"
owner = "Tom"
folder = "tom"
include_videos = true
convert_heic = true         # keep the HEIC and add a JPEG copy for the TV's photo app

[[device]]
name = "rosie-old-phone"
owner = "Rosie"
folder = "rosie"
include_videos = false      # her old phone's videos are too big for its sync app
enabled = false             # paused while the phone is being repaired

# --- where copies go --------------------------------------------------------------------------------------
# One [[destination]] table per copy, besides the library itself.

[[destination]]
name = "usb-drive"
path = "/volumeUSB1/usbshare/photo-copy"
kind = "local"
when = "after-each-scan"

[[destination]]
name = "grandma-offsite"
host = "grandma-nas.tail-scale.example"   # reached over the VPN
path = "/volume1/backup/okafor-photos"
kind = "ssh"
port = 2222
when = "nightly"                          # at [schedule].offsite_at
encrypt = true                            # files are encrypted before they leave the house

# --- notifications -----------------------------------------------------------------------------------------

[notify]
email = "tom.okafor@example.co.uk"
# Send a message when a device has not synced for this many days (default: 7).
stale_device_days = 5
# A weekly summary every Sunday morning.
weekly_summary = true
"""


# --- a backup script (.sh) ----------------------------------------------------------------------------------------

SCRIPT = r"""#!/usr/bin/env bash
#
# photo-backup.sh: nightly snapshot of the family photo library to the backup disk.
#
# Runs from cron on the NAS at 01:30:
#   30 1 * * * /volume1/scripts/photo-backup.sh >/dev/null 2>&1
#
# Each run makes a hard-linked snapshot with rsync --link-dest, so unchanged photos take no
# extra space, then thins out old snapshots: all of the last KEEP_DAILY nights, one per week
# for KEEP_WEEKLY weeks, one per month for KEEP_MONTHLY months. Written by Tom, March 2027;
# last changed Saturday 10 April 2027 (the free-space check).

set -euo pipefail

# --- settings -------------------------------------------------------------------------------

SRC="/volume1/photos/library/"          # trailing slash: copy the contents, not the folder
DEST="/volumeUSB2/usbshare/snapshots"   # one folder per night in here, named by date
LOG="/volume1/scripts/logs/photo-backup.log"
LOCK="/tmp/photo-backup.lock"

KEEP_DAILY=7        # nightly snapshots kept in full
KEEP_WEEKLY=5       # then the Sunday snapshot of each week for this many weeks
KEEP_MONTHLY=12     # then the snapshot of the 1st of each month for this many months

MIN_FREE_GB=50      # refuse to start if the backup disk has less free space than this
MAIL_TO="tom.okafor@example.co.uk"   # gets a message when a run fails (not when it succeeds)

# Not worth backing up: thumbnails (photoferry rebuilds them), the trash and partial uploads.
EXCLUDES=(--exclude ".thumbnails/" --exclude ".trash/" --exclude "*.part")

DRY_RUN=0
VERBOSE=0
FORCE=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-n] [-v] [-f] [-h]

Make tonight's snapshot of $SRC under $DEST and prune old ones.

  -n   dry run: show what would be copied and deleted, change nothing
  -v   verbose: list every file copied
  -f   force: run even if a snapshot for today already exists (it is replaced)
  -h   show this help

Exit status: 0 on success, 1 on a failed copy, 2 on bad options,
3 if the disk is too full, 75 if another run is still going.
EOF
}

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" >>"$LOG"
}

fail() {
    log "FAILED: $*"
    printf 'The photo backup on %s failed:\n\n%s\n\nSee %s for details.\n' \
        "$(hostname)" "$*" "$LOG" | mail -s "Photo backup FAILED" "$MAIL_TO"
    exit 1
}

check_space() {
    local free_gb
    free_gb=$(df -BG --output=avail "$DEST" | tail -n 1 | tr -dc '0-9')
    if (( free_gb < MIN_FREE_GB )); then
        log "only ${free_gb} GB free on the backup disk (need ${MIN_FREE_GB}), not starting"
        printf 'Backup disk nearly full: %s GB free.\n' "$free_gb" | mail -s "Photo backup: disk full" "$MAIL_TO"
        exit 3
    fi
}

snapshot() {
    local today latest
    today=$(date +%F)
    latest=$(ls -1d "$DEST"/20??-??-?? 2>/dev/null | tail -n 1 || true)
    if [[ -d "$DEST/$today" && $FORCE -eq 0 ]]; then
        log "a snapshot for $today already exists, nothing to do (use -f to replace it)"
        exit 0
    fi
    local opts=(-a --delete "${EXCLUDES[@]}")
    (( DRY_RUN )) && opts+=(--dry-run)
    (( VERBOSE )) && opts+=(-v)
    [[ -n "$latest" ]] && opts+=(--link-dest "$latest")
    rsync "${opts[@]}" "$SRC" "$DEST/$today.partial" >>"$LOG" 2>&1 || fail "rsync exited with status $?"
    (( DRY_RUN )) || mv "$DEST/$today.partial" "$DEST/$today"
    log "snapshot $today done"
}

keep() {
    # Print the snapshots to keep, newest first: the last KEEP_DAILY, then Sundays, then 1sts of months.
    local all=("$@") n=0 weeks=0 months=0 d
    for d in "${all[@]}"; do
        n=$((n + 1))
        if (( n <= KEEP_DAILY )); then echo "$d"; continue; fi
        if [[ $(date -d "$d" +%u) -eq 7 ]] && (( weeks < KEEP_WEEKLY )); then
            weeks=$((weeks + 1)); echo "$d"; continue
        fi
        if [[ $(date -d "$d" +%d) == 01 ]] && (( months < KEEP_MONTHLY )); then
            months=$((months + 1)); echo "$d"
        fi
    done
}

prune() {
    local snaps keepers d
    mapfile -t snaps < <(ls -1 "$DEST" | grep -E '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' | sort -r)
    keepers=$(keep "${snaps[@]}")
    for d in "${snaps[@]}"; do
        if ! grep -qx "$d" <<<"$keepers"; then
            log "removing old snapshot $d"
            (( DRY_RUN )) || rm -rf -- "${DEST:?}/$d"
        fi
    done
}

# --- main -----------------------------------------------------------------------------------

while getopts "nvfh" opt; do
    case $opt in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

# Only one run at a time: a second run while the first is still copying exits straight away.
exec 9>"$LOCK"
if ! flock -n 9; then
    log "another backup is still running, giving up"
    exit 75
fi

[[ -d "$DEST" ]] || fail "backup disk not mounted at $DEST"
check_space
log "starting (dry run: $DRY_RUN)"
snapshot
prune
log "finished"
"""


# --- a GPS track of a walk (.gpx) --------------------------------------------------------------------------------

WAYPOINTS = [
    # name, lat, lon, elevation (m), minutes after the start, symbol, description
    (
        "Bowden Bridge car park",
        53.37415,
        -1.89652,
        243,
        0,
        "Parking Area",
        "Council car park by the river, pay and display: \u00a36.50 all day, card or the PayByPhone app only. "
        "Toilets open 8am to 6pm. Full by 9.30 on a sunny Saturday, so get there early.",
    ),
    (
        "Kinder Reservoir gate",
        53.38213,
        -1.88131,
        305,
        25,
        "Gate",
        "Start of the climb. Keep the reservoir on your left; the path up William Clough starts at the far end.",
    ),
    (
        "William Clough stream crossing",
        53.39128,
        -1.87302,
        392,
        60,
        "Crossing",
        "Stepping stones. Easy today but Priya says they are under water after heavy rain; the footbridge is "
        "200 m further up on the right.",
    ),
    (
        "Kinder Edge path junction",
        53.39752,
        -1.86121,
        570,
        105,
        "Trail Head",
        "Top of the clough. Turn right along the edge path; the Pennine Way goes left here.",
    ),
    (
        "Kinder Downfall",
        53.38861,
        -1.87224,
        600,
        140,
        "Waterfall",
        "Lunch stop, sheltered behind the rocks on the south side. Hardly any water coming over today. Sam's "
        "thermometer said 11 degrees in the wind.",
    ),
    (
        "Kinder Low trig point",
        53.37794,
        -1.87498,
        633,
        175,
        "Summit",
        "Highest point of the day, 633 m. Trig pillar on a boulder, views to Manchester. Group photo here.",
    ),
    (
        "Edale Cross",
        53.37093,
        -1.86433,
        530,
        205,
        "Monument",
        "Old waymarked stone cross. Took the path down to the right towards Coldwell Clough.",
    ),
    (
        "Broken stile by the sheep field",
        53.36851,
        -1.87947,
        412,
        230,
        "Danger Area",
        "Top step of the stile has gone: climb over carefully. Ewes with lambs in this field, dogs on the lead.",
    ),
    (
        "The Sett Valley tea room",
        53.37198,
        -1.89143,
        265,
        265,
        "Restaurant",
        "Tea and cake at the end. Shuts at 5pm; the lemon drizzle was \u00a33.20 a slice.",
    ),
    ("Bowden Bridge car park (end)", 53.37409, -1.89661, 243, 280, "Flag, Blue", "Back at the car."),
]
START = dt.datetime(2027, 5, 15, 8, 52, 10, tzinfo=dt.UTC)  # 09:52:10 local (BST)


def gpx() -> str:
    """A GPX 1.1 file as a phone app exports it: metadata, the named waypoints, then the track, with a point every
    five minutes between each pair of waypoints (positions and heights interpolated)."""

    def t(minutes: float) -> str:
        return (START + dt.timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M:%SZ")

    out = [
        '<?xml version="1.0" encoding="UTF-8" standalone="no" ?>',
        '<gpx xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        'version="1.1" creator="TrailNotes 6.4 for Android" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 '
        'http://www.topografix.com/GPX/1/1/gpx.xsd">',
        "  <metadata>",
        "    <name>Kinder Scout circuit from Hayfield</name>",
        "    <desc>Saturday 15 May 2027 with Sam and Priya. Anticlockwise from Bowden Bridge: William Clough, the "
        "Kinder edge path to Kinder Downfall and Kinder Low, down by Edale Cross. 14.6 km, 4 h 40 min including "
        "stops, 520 m of ascent. Dry, windy on the top, boggy after Edale Cross.</desc>",
        "    <author><name>Priya Venkatesan</name></author>",
        f"    <time>{t(0)}</time>",
        '    <bounds minlat="53.36851" minlon="-1.89661" maxlat="53.39752" maxlon="-1.86121"/>',
        "  </metadata>",
    ]
    for name, lat, lon, ele, minutes, sym, desc in WAYPOINTS:
        out += [
            f'  <wpt lat="{lat:.5f}" lon="{lon:.5f}">',
            f"    <ele>{ele}</ele>",
            f"    <time>{t(minutes)}</time>",
            f"    <name>{name}</name>",
            f"    <desc>{desc}</desc>",
            f"    <sym>{sym}</sym>",
            "  </wpt>",
        ]
    out += [
        "  <trk>",
        "    <name>Kinder Scout circuit from Hayfield</name>",
        "    <type>hiking</type>",
        "    <trkseg>",
    ]
    for (_, la0, lo0, e0, m0, *_), (_, la1, lo1, e1, m1, *_) in zip(WAYPOINTS, WAYPOINTS[1:]):
        steps = max(1, math.ceil((m1 - m0) / 5))
        for i in range(steps):
            f = i / steps
            wobble = math.sin((m0 + i) * 1.7) * 0.00018  # paths are never straight
            out += [
                f'      <trkpt lat="{la0 + (la1 - la0) * f + wobble:.6f}" lon="{lo0 + (lo1 - lo0) * f - wobble:.6f}">'
                f"<ele>{e0 + (e1 - e0) * f:.1f}</ele><time>{t(m0 + (m1 - m0) * f)}</time></trkpt>"
            ]
    _, la, lo, e, m, *_ = WAYPOINTS[-1]
    out += [
        f'      <trkpt lat="{la:.6f}" lon="{lo:.6f}"><ele>{e:.1f}</ele><time>{t(m)}</time></trkpt>',
        "    </trkseg>",
        "  </trk>",
        "</gpx>",
    ]
    return "\n".join(out) + "\n"


# --- writing them -------------------------------------------------------------------------------------------------

MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
WEEKDAY_DATE = re.compile(
    r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\.? +(\d{1,2}) +(" + "|".join(MONTHS) + r")[a-z]* +(\d{4})\b"
)


def check_weekdays(text: str) -> int:
    """Every weekday written before a date is that date's weekday; returns how many were checked."""
    n = 0
    for m in WEEKDAY_DATE.finditer(text):
        day = dt.date(int(m[4]), MONTHS.index(m[3]) + 1, int(m[2]))
        if day.strftime("%a") != m[1]:
            raise SystemExit(f"{m[0]!r}: that day is a {day.strftime('%A')}")
        n += 1
    return n


def files() -> dict[str, str]:
    """The part's private documents by their path under ``files/private8/``."""
    made = {
        "overwintering-chillies-the-windowsill-grower.html": saved_page(),
        "photoferry.toml": TOML,
        "photo-backup.sh": SCRIPT,
        "kinder-scout-2027-05-15.gpx": gpx(),
    }
    made.update({f"allotment-vault/{name}": text for name, text in VAULT.items()})
    return made


def main() -> None:
    made = files()
    for text in made.values():
        check_weekdays(text)
    for name, text in made.items():
        path = OUT / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))


if __name__ == "__main__":
    main()
