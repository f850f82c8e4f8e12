"""Generate the private documents of the realdocs ``heldout14`` part under ``files/private14/``: a campsite's
booking-confirmation page saved by Safari as a web archive (``.webarchive``: a binary property list whose
``WebMainResource`` holds the page's HTML and whose ``WebSubresources`` hold its stylesheet, logo and script), a
bread maker's online manual page saved by Chrome as "Webpage, Single File" (``.mhtml``: MIME ``multipart/related``
with the page's HTML in quoted-printable, its stylesheet and a PNG, each part with its ``Content-Location``) and a
primary school's talk to parents about a Year 6 residential trip as LibreOffice Impress writes it (``.odp``: a zip
whose first member is the uncompressed ``mimetype``, then ``content.xml`` with one ``draw:page`` a slide, text
boxes with paragraphs and lists, a slide with a table, speaker notes in ``presentation:notes``, ``styles.xml``,
``meta.xml``, ``settings.xml``, a thumbnail and ``META-INF/manifest.xml``).

    python eval/realdocs/make_heldout14.py          # rewrite them; the output is the same on every run

Standard library only. Everything is fixed text or computed from fixed text (the booking's price lines, total and
balance from the nightly prices, the balance's date from the arrival date, the trip's payments' total from its
instalments), so a rerun gives the same bytes. Every weekday written next to a date ("Friday 23 July 2027",
"Sat, 12 Jun 2027") is checked against the calendar, and each file is checked as its format when the files are
written: the web archive loads with plistlib and its page's tags nest; the MHTML parses with the standard
library's ``email`` as ``multipart/related``, its quoted-printable lines are at most 76 characters and decode to the
page again, every part has a ``Content-Location`` and the HTML part's is the ``Snapshot-Content-Location``; the
presentation's first member is an uncompressed ``mimetype``, its XML parts parse, its manifest lists every member
and it has nine slides. The other document of the part (IO::Compress's FAQ, ``FAQ.pod``) is copied unchanged from
a Debian package, as ``documents.json`` records.
"""

from __future__ import annotations

import datetime as dt
import email
import email.policy
import plistlib
import re
import struct
import zipfile
import zlib
from html.parser import HTMLParser
from io import BytesIO
from pathlib import Path
from xml.etree import ElementTree as ET
from xml.sax.saxutils import escape

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout14 (the tests)
    from make_heldout10 import write_files
except ImportError:
    from eval.realdocs.make_heldout10 import write_files

OUT = Path(__file__).resolve().parent / "files" / "private14"
YEAR = 2027
MONTHS = "January February March April May June July August September October November December".split()
DAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()

ARCHIVE_NAME = "Booking confirmed - Gillbeck Hollow Camping.webarchive"
MHTML_NAME = "BM450 Bread Maker - programmes and troubleshooting.mhtml"
ODP_NAME = "Year 6 residential - parents evening 2027.odp"


def png(width: int, height: int, pixel) -> bytes:
    """A small RGB PNG; ``pixel(x, y)`` gives each pixel's (r, g, b)."""
    raw = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def pounds(pence: int) -> str:
    return f"£{pence // 100}.{pence % 100:02d}"


def long_date(d: dt.date) -> str:
    return f"{DAYS[d.weekday()]} {d.day} {MONTHS[d.month - 1]} {d.year}"


# --- Safari web archive: a campsite's booking confirmation -----------------------------------------------------------

SITE = "https://www.gillbeckhollow.example"
PAGE_URL = f"{SITE}/booking/confirmed?ref=GBH-27-0418"
ARRIVAL = dt.date(2027, 7, 23)
NIGHTS = 3
BOOKED = dt.date(2027, 3, 12)
DEPOSIT = 5000  # pence
BALANCE_DAYS = 14  # the balance is taken this many days before arrival
PRICE_LINES = [  # (item, quantity as shown, units, unit price in pence, unit as shown)
    (
        "Riverside pitch with electric hook-up (2 adults included)",
        f"{NIGHTS} nights",
        NIGHTS,
        3400,
        "a night",
    ),
    ("Child, 5 to 15 years", f"2 × {NIGHTS} nights", 2 * NIGHTS, 450, "a night"),
    ("Dog", f"{NIGHTS} nights", NIGHTS, 300, "a night"),
    ("Firepit hire with one bag of logs", "1", 1, 1200, "each"),
]
TOTAL = sum(units * price for _, _, units, price, _ in PRICE_LINES)
BALANCE = TOTAL - DEPOSIT
DEPARTURE = ARRIVAL + dt.timedelta(days=NIGHTS)
BALANCE_DATE = ARRIVAL - dt.timedelta(days=BALANCE_DAYS)

SITE_CSS = """\
/* Gillbeck Hollow Camping: site styles v27.3 */
:root { --moss: #3d5a3a; --bracken: #b5652b; --paper: #fbf8f2; }
body { margin: 0; font: 16px/1.5 "Source Sans 3", Helvetica, Arial, sans-serif; color: #222; background: var(--paper); }
.site-header { background: var(--moss); color: #fff; padding: 12px 24px; }
.site-header img { vertical-align: middle; margin-right: 8px; }
.main-nav ul { list-style: none; margin: 0; padding: 0; display: flex; gap: 18px; }
.main-nav a { color: #fff; text-decoration: none; }
.cookie-banner { position: fixed; bottom: 0; left: 0; right: 0; background: #222; color: #eee; padding: 14px 24px; }
.cookie-banner button { margin-left: 8px; }
.layout { display: grid; grid-template-columns: 3fr 1fr; gap: 32px; max-width: 1100px; margin: 24px auto; }
.summary th { text-align: left; padding-right: 24px; }
.prices td.amount, .prices th.amount { text-align: right; }
.prices tr.total td { font-weight: 700; border-top: 2px solid var(--moss); }
details { border-bottom: 1px solid #ddd; padding: 8px 0; }
summary { cursor: pointer; font-weight: 600; }
.sidebar { background: #fff; border-left: 4px solid var(--bracken); padding: 16px; }
.site-footer { background: #2b2b2b; color: #ccc; font-size: 14px; padding: 18px 24px; }
"""

COOKIE_JS = """\
(function () {
  var banner = document.getElementById("cookie-banner");
  if (!banner) { return; }
  if (document.cookie.indexOf("ghc_consent=") !== -1) { banner.hidden = true; return; }
  function choose(value) {
    document.cookie = "ghc_consent=" + value + "; max-age=15552000; path=/; SameSite=Lax";
    banner.hidden = true;
  }
  document.getElementById("cookie-accept").addEventListener("click", function () { choose("all"); });
  document.getElementById("cookie-essential").addEventListener("click", function () { choose("essential"); });
})();
"""


def logo_png() -> bytes:
    """The campsite's logo: a green square with a white tent, 16 by 16 pixels."""

    def pixel(x: int, y: int) -> tuple[int, int, int]:
        tent = 4 <= y <= 12 and abs(x - 8) <= (y - 4) * 7 // 8
        return (255, 255, 255) if tent else (61, 90, 58)

    return png(16, 16, pixel)


def campsite_html() -> str:
    price_rows = "\n".join(
        f"      <tr><td>{escape(item)}</td><td>{shown}</td><td>{pounds(price)} {unit}</td>"
        f'<td class="amount">{pounds(units * price)}</td></tr>'
        for item, shown, units, price, unit in PRICE_LINES
    )
    return f"""\
<!DOCTYPE html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Booking confirmed – Gillbeck Hollow Camping</title>
  <link rel="stylesheet" href="{SITE}/assets/site.css?v=27.3">
  <link rel="icon" href="{SITE}/assets/logo-gillbeck.png">
  <script src="{SITE}/assets/cookie-consent.js" defer></script>
</head>
<body class="page-booking page-confirmed">
  <div id="cookie-banner" class="cookie-banner" role="dialog" aria-label="Cookies">
    <p>We use cookies to keep your details while you book and, if you agree, to count visits to our site.
    <button id="cookie-accept" type="button">Accept all cookies</button>
    <button id="cookie-essential" type="button">Essential cookies only</button>
    <a href="{SITE}/cookies">Cookie policy</a></p>
  </div>
  <header class="site-header">
    <a class="brand" href="{SITE}/"><img src="{SITE}/assets/logo-gillbeck.png" width="32" height="32" alt="">Gillbeck Hollow Camping</a>
    <p class="tagline">A family-run campsite in the Thornsby valley since 1974</p>
    <nav class="main-nav" aria-label="Main">
      <ul>
        <li><a href="{SITE}/">Home</a></li>
        <li><a href="{SITE}/pitches">Pitches</a></li>
        <li><a href="{SITE}/glamping-pods">Glamping pods</a></li>
        <li><a href="{SITE}/prices">Prices</a></li>
        <li><a href="{SITE}/facilities">Facilities</a></li>
        <li><a href="{SITE}/getting-here">Getting here</a></li>
        <li><a href="{SITE}/contact">Contact</a></li>
        <li><a href="{SITE}/my-booking" aria-current="page">My booking</a></li>
      </ul>
    </nav>
  </header>
  <div class="layout">
  <main id="content">
    <h1>Your booking is confirmed</h1>
    <p>Thank you, Rachel. Your booking reference is <strong>GBH-27-0418</strong>. We have emailed a copy of this page to r.okonkwo@postbox.example; please have the reference with you when you arrive.</p>
    <p class="booked-on">Booked on {long_date(BOOKED)} at 21:47.</p>

    <h2>Booking summary</h2>
    <table class="summary">
      <tr><th scope="row">Lead guest</th><td>Rachel Okonkwo</td></tr>
      <tr><th scope="row">Arrival</th><td>{long_date(ARRIVAL)}, from 2pm</td></tr>
      <tr><th scope="row">Departure</th><td>{long_date(DEPARTURE)}, by 11am</td></tr>
      <tr><th scope="row">Nights</th><td>{NIGHTS}</td></tr>
      <tr><th scope="row">Pitch</th><td>R14, riverside hardstanding with electric hook-up (16 amp)</td></tr>
      <tr><th scope="row">Party</th><td>2 adults, 2 children (aged 6 and 9), 1 dog</td></tr>
      <tr><th scope="row">Vehicles</th><td>1 car</td></tr>
      <tr><th scope="row">Tent</th><td>Family tent, up to 6 m by 4 m</td></tr>
    </table>

    <h2>Price</h2>
    <table class="prices">
      <thead><tr><th>Item</th><th>Quantity</th><th>Price</th><th class="amount">Amount</th></tr></thead>
      <tbody>
{price_rows}
      <tr class="total"><td>Total</td><td></td><td></td><td class="amount">{pounds(TOTAL)}</td></tr>
      <tr><td>Deposit paid on {BOOKED.day} {MONTHS[BOOKED.month - 1]} {BOOKED.year}</td><td></td><td></td><td class="amount">{pounds(DEPOSIT)}</td></tr>
      <tr class="total"><td>Balance to pay</td><td></td><td></td><td class="amount">{pounds(BALANCE)}</td></tr>
      </tbody>
    </table>
    <p>We will take the balance of {pounds(BALANCE)} from the card you paid the deposit with on {long_date(BALANCE_DATE)}, {BALANCE_DAYS} days before you arrive. You don't need to do anything.</p>

    <h2>Arriving</h2>
    <p>Check-in is from 2pm to 8pm at the reception barn at the top of the site. The last mile of the lane from the Thornsby road is single track with passing places: please drive slowly and give way to tractors.</p>
    <p>Your barrier code will be sent by text message to the mobile number on your booking at 9am on the day you arrive. If you will get here after 8pm, please ring the warden on 07700 900127 before you leave the main road, and we will leave your welcome pack in the box by the barn door.</p>
    <p>Sat nav: use the postcode CA12 5ZX, but turn off at the sign for Gillbeck Hollow, not at Low Gillbeck Farm, which is 400 metres before it.</p>

    <h2>Site rules</h2>
    <ul class="rules">
      <li>Quiet time is from 10:30pm to 7am.</li>
      <li>The barrier is closed to vehicles from 11pm to 7am; you can walk in and out at any time.</li>
      <li>The speed limit on site is 5 mph.</li>
      <li>Dogs must be on a lead at all times and are not allowed in the toilet blocks or the play area. The dog walk is the field beyond the footbridge.</li>
      <li>Barbecues must stand at least 30 cm off the grass. No disposable barbecues, please.</li>
      <li>Fires only in our hired firepits, and out by 11pm.</li>
      <li>One car per pitch. A second car parks in the top field at £5 a night.</li>
    </ul>

    <h2>Facilities and opening times</h2>
    <table class="facilities">
      <thead><tr><th>Facility</th><th>Open</th><th>Good to know</th></tr></thead>
      <tbody>
      <tr><td>Reception and shop</td><td>8am to 10am and 4pm to 7pm</td><td>Milk, bread, gas bottles (exchange only), ice packs frozen overnight for 50p</td></tr>
      <tr><td>Showers</td><td>All day</td><td>Free; hot water from 6am to 11pm</td></tr>
      <tr><td>Laundry room</td><td>7am to 9pm</td><td>Washing machine £4, tumble dryer £2; tokens from the shop</td></tr>
      <tr><td>Pizza van</td><td>Fridays and Saturdays, 5pm to 8:30pm</td><td>Order at the van; card payments only</td></tr>
      <tr><td>Washing-up room</td><td>All day</td><td>Hot water and drying racks</td></tr>
      </tbody>
    </table>

    <h2>Your questions</h2>
    <details>
      <summary>Can I change my dates?</summary>
      <p>Yes, free of charge up to 28 days before you arrive, if we have space. After that there is a £10 admin fee for each change.</p>
    </details>
    <details>
      <summary>What happens if I have to cancel?</summary>
      <p>If you cancel 28 days or more before you arrive, we refund everything you have paid except a £15 admin fee. Closer to your arrival we keep your deposit, and we refund the balance only if we can let your pitch to someone else.</p>
    </details>
    <details>
      <summary>Is there Wi-Fi and phone signal?</summary>
      <p>Mobile signal is weak in the valley; EE works best, near the play area. Free Wi-Fi reaches the reception barn and the first row of pitches only: the network is GillbeckGuest and the password is beckside27.</p>
    </details>
    <details>
      <summary>Can the children swim in the beck?</summary>
      <p>Paddling is fine at the shingle beach below the footbridge, where the water is shallow. Please don't swim after heavy rain, when the beck rises fast, and keep children in sight at all times: there is no lifeguard.</p>
    </details>
    <details>
      <summary>Will a gazebo fit on our pitch?</summary>
      <p>A gazebo up to 3 m by 3 m fits beside your tent on the riverside pitches. Please take it down if wind is forecast; the valley gets strong gusts.</p>
    </details>
    <details>
      <summary>Do you have electric car charging?</summary>
      <p>Not yet. The nearest public chargers are in the Thornsby village hall car park, 3 miles away: two 22 kW sockets.</p>
    </details>
  </main>
  <aside class="sidebar">
    <h3>Need help?</h3>
    <p>Reception: 01632 960418 (8am to 7pm)</p>
    <p>Warden, after 7pm and in emergencies: 07700 900127</p>
    <p><a href="mailto:hello@gillbeckhollow.example">hello@gillbeckhollow.example</a></p>
    <h3>Eggs and firewood</h3>
    <p>Fresh eggs from our hens are in the honesty box by the barn, £2.50 for six. Extra bags of logs are £7 from the shop.</p>
    <h3>Near us</h3>
    <ul>
      <li>The Packhorse Inn, a 10-minute walk over the fields: food from 12 to 9pm, dogs welcome in the bar.</li>
      <li>Bus 79 to Keswick from the village stop every two hours; the last bus back leaves Keswick at 6:10pm.</li>
      <li>Thornsby Force waterfall, 2 miles up the valley path.</li>
    </ul>
    <h3>Weather</h3>
    <p>Check the <a href="https://weather.example/thornsby">Thornsby valley forecast</a> before you set off.</p>
  </aside>
  </div>
  <footer class="site-footer">
    <p>Gillbeck Hollow Camping Ltd, Gillbeck Hollow, Thornsby, Cumbria CA12 5ZX. Registered in England and Wales, company number 04418265.</p>
    <p><a href="{SITE}/privacy">Privacy</a> · <a href="{SITE}/cookies">Cookies</a> · <a href="{SITE}/terms">Terms and conditions</a> · <a href="{SITE}/accessibility">Accessibility</a></p>
    <p>© 2027 Gillbeck Hollow Camping Ltd</p>
  </footer>
</body>
</html>
"""


def webarchive() -> bytes:
    """The page as Safari's File > Save As... > Web Archive keeps it: a binary property list."""
    sub = [
        {
            "WebResourceData": SITE_CSS.encode("utf-8"),
            "WebResourceMIMEType": "text/css",
            "WebResourceTextEncodingName": "UTF-8",
            "WebResourceURL": f"{SITE}/assets/site.css?v=27.3",
        },
        {
            "WebResourceData": logo_png(),
            "WebResourceMIMEType": "image/png",
            "WebResourceURL": f"{SITE}/assets/logo-gillbeck.png",
        },
        {
            "WebResourceData": COOKIE_JS.encode("utf-8"),
            "WebResourceMIMEType": "application/javascript",
            "WebResourceTextEncodingName": "UTF-8",
            "WebResourceURL": f"{SITE}/assets/cookie-consent.js",
        },
    ]
    archive = {
        "WebMainResource": {
            "WebResourceData": campsite_html().encode("utf-8"),
            "WebResourceFrameName": "",
            "WebResourceMIMEType": "text/html",
            "WebResourceTextEncodingName": "UTF-8",
            "WebResourceURL": PAGE_URL,
        },
        "WebSubresources": sub,
    }
    return plistlib.dumps(archive, fmt=plistlib.FMT_BINARY)


# --- Chrome MHTML: a bread maker's online manual page -----------------------------------------------------------------

HELP = "https://support.harlowfinch.example"
HELP_URL = f"{HELP}/bread-makers/bm450/manual/programmes-and-troubleshooting"
SAVED = "Sat, 12 Jun 2027 18:04:11 -0000"
BOUNDARY = "----MultipartBoundary--Hq3vN8cLr2TzY0aW6kP1sJ9dXe4uGf7bMo5iRtQyZ----"
PROGRAMMES = [  # (number, programme, 750 g, 1 kg, delay timer)
    (1, "Basic white", "2:55", "3:10", True),
    (2, "Wholemeal", "3:32", "3:40", True),
    (3, "French", "3:40", "3:50", True),
    (4, "Rapid", "1:55", "1:58", False),
    (5, "Sweet", "2:50", "2:55", True),
    (6, "Gluten free", "–", "2:20", True),
    (7, "Dough", "1:30", "1:30", True),
    (8, "Pizza dough", "0:45", "0:45", False),
    (9, "Jam", "1:05", "1:05", False),
    (10, "Bake only", "1:00", "1:00", False),
    (11, "Cake", "1:50", "1:50", False),
    (12, "Sourdough (with your own starter)", "4:30", "4:45", True),
]
DELAY_MAX_HOURS = 13
TIMER_EXAMPLE = ("9:30pm", "7am", "9:30")  # now, bread wanted at, what to set

HELP_CSS = """\
@charset "utf-8";
/* Harlow & Finch support centre */
body { margin: 0px; font-family: Lato, Arial, sans-serif; color: rgb(34, 34, 34); }
.hf-topbar { background: rgb(20, 51, 84); color: white; padding: 10px 32px; }
.hf-topbar a { color: white; margin-right: 20px; text-decoration: none; }
.breadcrumbs { font-size: 13px; color: rgb(102, 102, 102); margin: 16px 32px; }
.article { max-width: 760px; margin: 0px 32px; float: left; }
.article table { border-collapse: collapse; width: 100%; }
.article th, .article td { border: 1px solid rgb(204, 204, 204); padding: 6px 10px; text-align: left; }
.article details { margin: 8px 0px; }
.side { float: right; width: 280px; margin-right: 32px; background: rgb(242, 246, 250); padding: 16px; }
.hf-footer { clear: both; background: rgb(20, 51, 84); color: rgb(221, 221, 221); padding: 20px 32px; font-size: 13px; }
"""


def help_logo_png() -> bytes:
    """The maker's logo: white initials' bars on navy, 24 by 12 pixels."""

    def pixel(x: int, y: int) -> tuple[int, int, int]:
        bar = x in (3, 4, 9, 10, 14, 15) or (y == 5 and 3 <= x <= 10) or (y in (1, 2) and 14 <= x <= 20)
        return (255, 255, 255) if 1 <= y <= 10 and bar else (20, 51, 84)

    return png(24, 12, pixel)


def bread_html() -> str:
    rows = "\n".join(
        f"<tr><td>{n}</td><td>{name}</td><td>{small}</td><td>{big}</td><td>{'Yes' if delay else 'No'}</td></tr>"
        for n, name, small, big, delay in PROGRAMMES
    )
    now, wanted, setting = TIMER_EXAMPLE
    return f"""\
<!DOCTYPE html><html lang="en-GB"><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>BM450 Bread Maker: programmes, delay timer and troubleshooting | Harlow &amp; Finch Support</title><link rel="stylesheet" type="text/css" href="{HELP}/static/css/support.4f1c2a.css"><link rel="canonical" href="{HELP_URL}"></head>
<body class="hf-support article-page"><div class="hf-topbar"><a href="{HELP}/"><img src="{HELP}/static/img/hf-logo.png" alt="Harlow &amp; Finch" width="48" height="24"></a><a href="https://www.harlowfinch.example/products">Products</a><a href="https://www.harlowfinch.example/recipes">Recipes</a><a href="{HELP}/manuals">Manuals</a><a href="{HELP}/register">Register your product</a><a href="https://www.harlowfinch.example/spares">Spare parts</a><a href="{HELP}/contact">Contact us</a><form class="search" action="{HELP}/search"><input type="search" name="q" placeholder="Search help articles" aria-label="Search help articles"></form></div>
<nav class="breadcrumbs" aria-label="Breadcrumb"><a href="{HELP}/">Support</a> › <a href="{HELP}/bread-makers">Bread makers</a> › <a href="{HELP}/bread-makers/bm450">BM450</a> › Online manual</nav>
<main class="article"><h1>BM450 Bread Maker: programmes, delay timer and troubleshooting</h1>
<p class="applies">Applies to: BM450 and BM450-S (stainless steel). Online manual version 3.2, updated Wednesday 14 April 2027.</p>
<p>This page is the online version of sections 5 to 9 of the printed instruction book. For the safety instructions and your first loaf, see <a href="{HELP}/bread-makers/bm450/manual/getting-started">Getting started with your BM450</a>.</p>
<h2 id="programmes">Choosing a programme</h2>
<p>Press MENU until the number of the programme you want shows on the display, then choose the loaf size (750 g or 1 kg) with LOAF and the crust colour (light, medium or dark) with CRUST. Press START/STOP to begin. The display counts down the time left.</p>
<table class="programmes"><thead><tr><th>No.</th><th>Programme</th><th>750 g loaf</th><th>1 kg loaf</th><th>Delay timer</th></tr></thead><tbody>
{rows}
</tbody></table>
<p>Times are in hours and minutes. The Gluten free programme makes 1 kg loaves only. After baking, programmes 1 to 6 and 12 keep the loaf warm for up to 60 minutes and beep every 10 minutes; take the bread out as soon as you can, or the crust goes soft.</p>
<h2 id="ingredients">Adding the ingredients</h2>
<p>Put the ingredients into the bread pan in this order, whatever order your recipe lists them in:</p>
<ol><li>Water or other liquids, at room temperature (about 20°C).</li><li>Butter or oil, the butter cut into small pieces.</li><li>Flour, covering the liquid completely.</li><li>Sugar and salt, in separate corners of the pan.</li><li>Yeast last of all, in a small hollow in the middle of the flour. It must not touch the liquid or the salt before the programme starts, especially when you use the delay timer.</li></ol>
<p>Use fast-action dried yeast. Fresh yeast, and the “active dry” yeast that has to be dissolved in water first, are not suitable for the BM450’s programmes.</p>
<h2 id="timer">Using the delay timer</h2>
<p>You can set the bread to be ready up to {DELAY_MAX_HOURS} hours later. Choose the programme, loaf size and crust, then press TIMER ▲ or ▼: each press moves the finish time on or back by 10 minutes. The display shows the time until the bread will be ready, not the time of day. For example, if it is {now} now and you want your bread at {wanted}, set {setting}.</p>
<p>Don’t use the delay timer for recipes with fresh milk, eggs, cheese, yoghurt or meat, which can go off in a warm pan overnight.</p>
<h2 id="dispenser">The fruit and nut dispenser</h2>
<p>On programmes 1, 2, 3, 5 and 12 the dispenser in the lid opens by itself during the second knead (about 40 minutes after you press START/STOP on the Basic white programme) and drops in what you have put in it. It takes up to 100 g of dried fruit, seeds or chopped nuts. Add chocolate chips, and very sticky fruit such as chopped dates, by hand when the machine beeps at that point instead, because they stick in the dispenser.</p>
<h2 id="power">If the power goes off</h2>
<p>The BM450 remembers where it was for up to 10 minutes. If the power comes back within 10 minutes, the programme carries on; after that it stops, and if the dough had already started to rise you will need to start again with fresh ingredients.</p>
<h2 id="messages">Messages on the display</h2>
<table class="messages"><thead><tr><th>Display</th><th>What it means</th><th>What to do</th></tr></thead><tbody>
<tr><td>E01</td><td>The bread pan is still too hot to start a new programme</td><td>Open the lid, unplug the machine and leave it to cool for 20 to 30 minutes</td></tr>
<tr><td>E02</td><td>The room is too cold (below 10°C)</td><td>Move the bread maker somewhere warmer</td></tr>
<tr><td>HHH</td><td>The temperature sensor has failed</td><td>Unplug the machine and contact our service team</td></tr>
<tr><td>EEE</td><td>The temperature sensor is disconnected</td><td>Unplug the machine and contact our service team</td></tr>
</tbody></table>
<h2 id="troubleshooting">Troubleshooting</h2>
<details><summary>The top of my loaf sank in the middle</summary><p>Too much yeast or too much water makes a loaf rise too fast and then sink. Next time use 1/4 teaspoon less yeast or 10 ml less water, and check that you chose the right loaf size.</p></details>
<details><summary>The loaf is small and heavy</summary><p>The yeast may be past its date, or it touched the salt. Check the date on the packet, keep the yeast and the salt apart, and weigh the flour rather than measuring it in cups.</p></details>
<details><summary>The kneading paddle stays stuck in the loaf</summary><p>Let the bread cool for 10 minutes, then lift the paddle out with the hook that came in the box. To stop it sticking, rub a little oil on the shaft before you add the ingredients.</p></details>
<details><summary>Can I put the bread pan in the dishwasher?</summary><p>No. Wash the pan and the paddle by hand in warm soapy water: a dishwasher damages the non-stick coating and the seal round the shaft.</p></details>
<details><summary>There is a burning smell the first time I use it</summary><p>That is normal: the heating element has a protective coating that burns off. Before your first loaf, run programme 10 (Bake only) empty for 10 minutes with the lid open.</p></details>
<p class="helpful">Was this page helpful? <button type="button">Yes</button> <button type="button">No</button></p></main>
<aside class="side"><h3>Your guarantee</h3><p>Your BM450 comes with a 2-year guarantee. Register it within 28 days of buying it and we extend the guarantee to 3 years.</p>
<h3>Spare parts</h3><ul><li>Kneading paddle (BM450-KP): £6.99</li><li>Bread pan with paddle (BM450-BP): £29.99</li><li>Measuring cup and spoon set (BM450-MS): £3.50</li><li>Paddle hook (BM450-PH): £1.99</li></ul>
<h3>Still need help?</h3><p>Call us on 01632 960772, Monday to Friday 8:30am to 5:30pm and Saturday 9am to 1pm. Please have the model number and the batch code from the label under the machine ready.</p>
<h3>Related articles</h3><ul><li><a href="{HELP}/bread-makers/bm450/manual/getting-started">Getting started with your BM450</a></li><li><a href="{HELP}/bread-makers/gluten-free-tips">Gluten-free baking tips</a></li><li><a href="{HELP}/bread-makers/bm450/recipe-book.pdf">BM450 recipe book (PDF)</a></li><li><a href="{HELP}/bread-makers/cleaning">Cleaning your bread maker</a></li></ul></aside>
<footer class="hf-footer"><p>Harlow &amp; Finch Appliances Ltd, 4 Canal Wharf, Leeds LS11 5ZZ. Registered in England, company number 07236418.</p><p><a href="https://www.harlowfinch.example/privacy">Privacy</a> | <a href="https://www.harlowfinch.example/cookies">Cookies</a> | <a href="https://www.harlowfinch.example/accessibility">Accessibility</a> | <a href="https://www.harlowfinch.example/modern-slavery">Modern slavery statement</a></p><p>© 2027 Harlow &amp; Finch Appliances Ltd</p></footer>
</body></html>"""


def quoted_printable(data: bytes) -> str:
    """Quoted-printable as Chrome's MHTML writer gives it: ``=`` and bytes outside printable ASCII as ``=XX``, a
    space or tab at a line's end encoded, lines of at most 76 characters with soft breaks (``=``), CRLF."""
    out = []
    for line in data.split(b"\n"):
        enc = []
        for i, b in enumerate(line):
            if (
                b == 0x3D
                or b > 0x7E
                or (b < 0x20 and b != 0x09)
                or (b in (0x20, 0x09) and i == len(line) - 1)
            ):
                enc.append(f"={b:02X}")
            else:
                enc.append(chr(b))
        cur = ""
        for piece in enc:
            if len(cur) + len(piece) > 75:
                out.append(cur + "=")
                cur = ""
            cur += piece
        out.append(cur)
    return "\r\n".join(out)


def base64_lines(data: bytes) -> str:
    import base64

    text = base64.b64encode(data).decode("ascii")
    return "\r\n".join(text[i : i + 76] for i in range(0, len(text), 76))


def mhtml() -> bytes:
    """The page as Chrome's "Save page as... Webpage, Single File" writes it."""
    head = (
        "From: <Saved by Blink>\r\n"
        f"Snapshot-Content-Location: {HELP_URL}\r\n"
        "Subject: BM450 Bread Maker: programmes, delay timer and troubleshooting | Harlow & Finch Support\r\n"
        f"Date: {SAVED}\r\n"
        "MIME-Version: 1.0\r\n"
        "Content-Type: multipart/related;\r\n"
        '\ttype="text/html";\r\n'
        f'\tboundary="{BOUNDARY}"\r\n'
        "\r\n\r\n"
    )
    parts = [
        (
            "text/html",
            "Content-ID: <frame-3C8E51A07B2D94F6E1A0C5D8B7F26E49@mhtml.blink>\r\n",
            "quoted-printable",
            HELP_URL,
            quoted_printable(bread_html().encode("utf-8")),
        ),
        (
            "text/css",
            "",
            "quoted-printable",
            f"{HELP}/static/css/support.4f1c2a.css",
            quoted_printable(HELP_CSS.encode("utf-8")),
        ),
        ("image/png", "", "base64", f"{HELP}/static/img/hf-logo.png", base64_lines(help_logo_png())),
    ]
    body = ""
    for ctype, cid, cte, location, payload in parts:
        body += (
            f"--{BOUNDARY}\r\n"
            f"Content-Type: {ctype}\r\n"
            f"{cid}"
            f"Content-Transfer-Encoding: {cte}\r\n"
            f"Content-Location: {location}\r\n"
            "\r\n"
            f"{payload}\r\n"
            "\r\n"
        )
    body += f"--{BOUNDARY}--\r\n"
    return (head + body).encode("ascii")


# --- LibreOffice Impress: a talk to parents about a Year 6 residential ------------------------------------------------

ODP_DATE = (2027, 1, 12, 16, 41, 26)  # the zip members' times: saved the afternoon before the talk
TALK = dt.date(2027, 1, 12)
TRIP = (dt.date(2027, 6, 14), dt.date(2027, 6, 18))
PAYMENTS = [  # (payment, pounds, due)
    ("Deposit (secures the place)", 50, dt.date(2027, 2, 5)),
    ("Second payment", 120, dt.date(2027, 3, 26)),
    ("Final payment", 115, dt.date(2027, 5, 14)),
]
TRIP_COST = sum(p for _, p, _ in PAYMENTS)


def slides() -> list[dict]:
    """The talk: each slide's title, its body (("p", text) paragraphs, ("list", [items]) bullet lists,
    ("table", rows) a table) and its speaker notes (paragraphs)."""
    nights = (TRIP[1] - TRIP[0]).days
    words = {4: "four"}
    table = [("Payment", "Amount", "Due by")]
    table += [(name, f"£{amount}", long_date(due)) for name, amount, due in PAYMENTS]
    table.append(("Total", f"£{TRIP_COST}", ""))
    return [
        {
            "title": "Year 6 Residential 2027",
            "body": [
                ("p", "Brackenside Outdoor Centre, Coniston"),
                ("p", f"Parents’ information evening, {long_date(TALK)}, 6pm, school hall"),
                ("p", "Mr Daniel Price, Year 6 lead"),
            ],
            "notes": [
                "Welcome everyone and thank them for coming out on a cold night.",
                "Introduce the staff who are going: me, Miss Adeyemi, Mrs Clarke and Mr Hughes, with Mrs Patel and "
                "Mr Lowe, our teaching assistants.",
                "The slides will be emailed to all Year 6 parents tomorrow morning.",
            ],
        },
        {
            "title": "The week at a glance",
            "body": [
                (
                    "list",
                    [
                        f"{long_date(TRIP[0]).rsplit(' ', 1)[0]} to {long_date(TRIP[1])}: {words[nights]} nights away",
                        "58 children and 6 staff from school",
                        "The coach leaves school at 8:30am on Monday and is back at about 3:30pm on Friday",
                        "Rooms of 4 to 6 children with bunk beds; boys and girls on separate floors, with staff "
                        "rooms on each floor",
                    ],
                ),
            ],
            "notes": [
                "Please have the children on the playground by 8am on Monday so that we can load the cases and "
                "take the register before the coach goes.",
                "The journey takes about three hours, with one stop at Tebay services.",
                "On Friday the school office will text parents when the coach leaves the centre, so you know when "
                "to come and collect.",
            ],
        },
        {
            "title": "Cost and payments",
            "body": [
                ("table", table),
                (
                    "p",
                    "Pay on ParentPay. The total covers the coach, four nights’ full board, all the activities, "
                    "the instructors and the equipment.",
                ),
            ],
            "notes": [
                "If the cost is a worry, please speak to Mrs Begum in the school office, in confidence. The PTA "
                "fund can pay part of the cost, and we can spread the payments over more months. No child will "
                "miss out because of money.",
                f"The deposit cannot be refunded after {PAYMENTS[0][2].day} {MONTHS[PAYMENTS[0][2].month - 1]}, "
                "because that is when we pay the centre.",
            ],
        },
        {
            "title": "What they will do",
            "body": [
                (
                    "list",
                    [
                        "Canoeing and kayaking on Coniston Water",
                        "Ghyll scrambling up a mountain stream",
                        "Rock climbing and abseiling",
                        "Orienteering in Grizedale Forest",
                        "A night walk",
                        "A campfire with songs on the last night",
                    ],
                ),
            ],
            "notes": [
                "The centre provides wetsuits, helmets and buoyancy aids; the children just need old trainers "
                "that can get wet.",
                "The night walk is on Wednesday.",
                "If it is too windy to go on the lake, that group has a second climbing session instead.",
            ],
        },
        {
            "title": "What to pack",
            "body": [
                (
                    "list",
                    [
                        "Waterproof jacket and waterproof trousers (essential)",
                        "Two pairs of trainers: one old pair that will get wet",
                        "Walking boots if you have them (not essential)",
                        "A sleeping bag and a pillowcase: the centre provides a pillow and a fitted sheet",
                        "Torch, water bottle, sun cream and a sun hat",
                        "Everything labelled with your child’s name, please",
                    ],
                ),
                ("p", "Please don’t send mobile phones, tablets, smart watches, sweets or energy drinks."),
            ],
            "notes": [
                "Pocket money: up to £10 in a named envelope, handed in on Monday morning. It is only for the "
                "centre’s gift shop on Thursday afternoon.",
                "One suitcase or holdall each, plus a small day bag. Please check that your child can carry it.",
            ],
        },
        {
            "title": "Medicines, allergies and food",
            "body": [
                (
                    "list",
                    [
                        "Medical and dietary forms back by Friday 7 May 2027",
                        "Medicines in the original box with the pharmacy label, handed to Mrs Clarke on the "
                        "morning we leave",
                        "Inhalers: children keep their own and we carry a spare, so please send two",
                        "The centre caters for vegetarian, halal, gluten-free and nut-free diets",
                    ],
                ),
            ],
            "notes": [
                "Travel sickness: give the first tablet at home on Monday morning, and send the rest in the "
                "medicines bag, labelled, for the journey home.",
                "Children who get travel sick sit near the front of the coach.",
            ],
        },
        {
            "title": "Keeping in touch",
            "body": [
                (
                    "list",
                    [
                        "No phone calls home during the week: they make homesickness worse",
                        "Photos and a short update on the school blog every evening (the password is in your "
                        "letter)",
                        "In an emergency during the school day: the school office, 01632 960241",
                        "Out of school hours: the trip mobile, 07700 900318",
                    ],
                ),
            ],
            "notes": [
                "If you would like your child to have a letter from home, send it to the office in a sealed "
                "envelope with their name on it by Friday 11 June; we will hand them out on Wednesday evening.",
            ],
        },
        {
            "title": "A typical day",
            "body": [
                (
                    "list",
                    [
                        "7:30 Wake up",
                        "8:00 Breakfast",
                        "9:15 Morning activity",
                        "12:30 Lunch",
                        "1:30 Afternoon activity",
                        "5:30 Dinner",
                        "7:00 Evening activity",
                        "8:45 Lights out (9:30 on Thursday, the last night)",
                    ],
                ),
            ],
            "notes": [],
        },
        {
            "title": "Questions?",
            "body": [
                ("p", "Year 6 team: year6@ashbyfields.example"),
                ("p", "These slides and the kit list: school website > Year 6 > Residential"),
                ("p", "Thank you for coming!"),
            ],
            "notes": [
                "Remind parents that the consent forms are in the green pack and must be back by Friday 29 "
                "January 2027.",
            ],
        },
    ]


ODP_NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "draw": "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0",
    "fo": "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0",
    "xlink": "http://www.w3.org/1999/xlink",
    "dc": "http://purl.org/dc/elements/1.1/",
    "meta": "urn:oasis:names:tc:opendocument:xmlns:meta:1.0",
    "number": "urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0",
    "presentation": "urn:oasis:names:tc:opendocument:xmlns:presentation:1.0",
    "svg": "urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0",
    "smil": "urn:oasis:names:tc:opendocument:xmlns:smil-compatible:1.0",
    "anim": "urn:oasis:names:tc:opendocument:xmlns:animation:1.0",
    "config": "urn:oasis:names:tc:opendocument:xmlns:config:1.0",
    "loext": "urn:org:documentfoundation:names:experimental:office:xmlns:loext:1.0",
}
XMLNS = " ".join(f'xmlns:{k}="{v}"' for k, v in ODP_NS.items())


def t(text: str) -> str:
    return escape(text)


def frame(cls: str, style: str, box: tuple[str, str, str, str], inner: str) -> str:
    x, y, w, h = box
    return (
        f'<draw:frame presentation:style-name="{style}" draw:layer="layout" svg:width="{w}" svg:height="{h}" '
        f'svg:x="{x}" svg:y="{y}" presentation:class="{cls}"><draw:text-box>{inner}</draw:text-box></draw:frame>'
    )


def slide_xml(n: int, s: dict) -> str:
    first = n == 1
    out = [
        f'<draw:page draw:name="page{n}" draw:style-name="dp1" draw:master-page-name="Default" '
        f'presentation:presentation-page-layout-name="{"AL1T19" if first else "AL2T1"}">'
    ]
    out.append(
        frame(
            "title",
            "pr1",
            ("1.4cm", "4.2cm" if first else "0.628cm", "25.199cm", "2.629cm"),
            f'<text:p text:style-name="P1">{t(s["title"])}</text:p>',
        )
    )
    inner, table_xml = "", ""
    for kind, value in s["body"]:
        if kind == "p":
            inner += f'<text:p text:style-name="P2">{t(value)}</text:p>'
        elif kind == "list":
            items = "".join(
                f'<text:list-item><text:p text:style-name="P3">{t(i)}</text:p></text:list-item>'
                for i in value
            )
            inner += f'<text:list text:style-name="L1">{items}</text:list>'
        elif kind == "table":
            cols = len(value[0])
            rows = "".join(
                '<table:table-row table:style-name="ro1" table:default-cell-style-name="ce1">'
                + "".join(
                    f'<table:table-cell table:style-name="{"ce2" if r == 0 else "ce1"}"'
                    + (f"><text:p>{t(c)}</text:p>" if c else ">")
                    + "</table:table-cell>"
                    for c in row
                )
                + "</table:table-row>"
                for r, row in enumerate(value)
            )
            table_xml = (
                '<draw:frame draw:style-name="gr2" draw:layer="layout" svg:width="22.5cm" svg:height="5.2cm" '
                'svg:x="2.75cm" svg:y="3.9cm"><table:table table:template-name="default" '
                'table:use-first-row-styles="true" table:use-banding-rows-styles="true">'
                + "".join(f'<table:table-column table:style-name="co{k}"/>' for k in range(1, cols + 1))
                + rows
                + "</table:table></draw:frame>"
            )
    if table_xml:
        out.append(table_xml)
        out.append(frame("outline", "pr2", ("2.75cm", "10.1cm", "22.5cm", "3.2cm"), inner))
    elif first:
        out.append(frame("subtitle", "pr3", ("1.4cm", "7.3cm", "25.199cm", "5.2cm"), inner))
    else:
        out.append(frame("outline", "pr2", ("1.4cm", "3.685cm", "25.199cm", "9.134cm"), inner))
    notes = "".join(f'<text:p text:style-name="P4">{t(p)}</text:p>' for p in s["notes"])
    out.append(
        '<presentation:notes draw:style-name="dp2"><draw:page-thumbnail draw:style-name="gr1" draw:layer="layout" '
        f'svg:width="13.968cm" svg:height="7.857cm" svg:x="3.516cm" svg:y="2.657cm" draw:page-number="{n}" '
        'presentation:class="page"/>'
        + (
            frame("notes", "pr4", ("2.1cm", "11.314cm", "16.799cm", "13.364cm"), notes)
            if notes
            else '<draw:frame presentation:style-name="pr4" draw:layer="layout" svg:width="16.799cm" '
            'svg:height="13.364cm" svg:x="2.1cm" svg:y="11.314cm" presentation:class="notes" '
            'presentation:placeholder="true"><draw:text-box/></draw:frame>'
        )
        + "</presentation:notes>"
    )
    out.append("</draw:page>")
    return "".join(out)


def odp_content() -> str:
    pages = "".join(slide_xml(n, s) for n, s in enumerate(slides(), 1))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<office:document-content {XMLNS} office:version="1.3"><office:scripts/>'
        '<office:font-face-decls><style:font-face style:name="Liberation Sans" '
        'svg:font-family="&apos;Liberation Sans&apos;" style:font-family-generic="roman" '
        'style:font-pitch="variable"/></office:font-face-decls><office:automatic-styles>'
        '<style:style style:name="dp1" style:family="drawing-page"><style:drawing-page-properties '
        'presentation:background-visible="true" presentation:background-objects-visible="true" '
        'presentation:display-footer="true" presentation:display-page-number="false" '
        'presentation:display-date-time="false"/></style:style>'
        '<style:style style:name="dp2" style:family="drawing-page"><style:drawing-page-properties '
        'presentation:display-header="true" presentation:display-footer="true" '
        'presentation:display-page-number="false" presentation:display-date-time="true"/></style:style>'
        '<style:style style:name="gr1" style:family="graphic"><style:graphic-properties '
        'draw:extrude="false" draw:textarea-vertical-align="middle"/></style:style>'
        '<style:style style:name="gr2" style:family="graphic"><style:graphic-properties draw:stroke="none" '
        'draw:fill="none"/></style:style>'
        '<style:style style:name="pr1" style:family="presentation" style:parent-style-name="Default-title">'
        '<style:graphic-properties draw:fill-color="#ffffff"/></style:style>'
        '<style:style style:name="pr2" style:family="presentation" style:parent-style-name="Default-outline1">'
        '<style:graphic-properties draw:fill-color="#ffffff"/></style:style>'
        '<style:style style:name="pr3" style:family="presentation" style:parent-style-name="Default-subtitle">'
        '<style:graphic-properties draw:fill-color="#ffffff"/></style:style>'
        '<style:style style:name="pr4" style:family="presentation" style:parent-style-name="Default-notes">'
        '<style:graphic-properties draw:fill-color="#ffffff"/></style:style>'
        '<style:style style:name="co1" style:family="table-column"><style:table-column-properties '
        'style:column-width="9.5cm"/></style:style>'
        '<style:style style:name="co2" style:family="table-column"><style:table-column-properties '
        'style:column-width="4.5cm"/></style:style>'
        '<style:style style:name="co3" style:family="table-column"><style:table-column-properties '
        'style:column-width="8.5cm"/></style:style>'
        '<style:style style:name="ro1" style:family="table-row"><style:table-row-properties '
        'style:row-height="1.04cm"/></style:style>'
        '<style:style style:name="ce1" style:family="table-cell"><style:graphic-properties '
        'draw:fill="solid" draw:fill-color="#e8f0e6"/><style:paragraph-properties fo:border="0.03pt solid #ffffff"/>'
        '<style:text-properties fo:font-size="18pt"/></style:style>'
        '<style:style style:name="ce2" style:family="table-cell"><style:graphic-properties '
        'draw:fill="solid" draw:fill-color="#3d6b35"/><style:text-properties fo:color="#ffffff" '
        'fo:font-size="18pt" fo:font-weight="bold"/></style:style>'
        '<style:style style:name="P1" style:family="paragraph"><style:text-properties fo:font-size="36pt" '
        'fo:color="#2f5728"/></style:style>'
        '<style:style style:name="P2" style:family="paragraph"><style:paragraph-properties '
        'fo:margin-left="0cm" fo:text-indent="0cm"/></style:style>'
        '<style:style style:name="P3" style:family="paragraph"><style:paragraph-properties '
        'fo:margin-left="0.9cm" fo:text-indent="-0.9cm"/></style:style>'
        '<style:style style:name="P4" style:family="paragraph"><style:text-properties fo:font-size="12pt"/>'
        "</style:style>"
        '<text:list-style style:name="L1"><text:list-level-style-bullet text:level="1" text:bullet-char="●">'
        '<style:list-level-properties text:space-before="0.3cm" text:min-label-width="0.9cm"/>'
        '<style:text-properties fo:font-family="OpenSymbol" style:use-window-font-color="true" '
        'fo:font-size="45%"/></text:list-level-style-bullet></text:list-style>'
        "</office:automatic-styles><office:body><office:presentation>"
        + pages
        + '<presentation:settings presentation:mouse-visible="false"/>'
        "</office:presentation></office:body></office:document-content>\n"
    )


ODP_STYLES = f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document-styles {XMLNS} office:version="1.3"><office:font-face-decls><style:font-face style:name="Liberation Sans" svg:font-family="&apos;Liberation Sans&apos;" style:font-family-generic="roman" style:font-pitch="variable"/></office:font-face-decls><office:styles><draw:marker draw:name="Arrow" svg:viewBox="0 0 20 30" svg:d="M10 0l-10 30h20z"/><style:default-style style:family="graphic"><style:graphic-properties svg:stroke-color="#3465a4" draw:fill-color="#729fcf"/><style:paragraph-properties style:text-autospace="ideograph-alpha" style:writing-mode="lr-tb"/><style:text-properties style:font-name="Liberation Sans" fo:font-size="24pt" fo:language="en" fo:country="GB"/></style:default-style><style:style style:name="standard" style:family="graphic"><style:graphic-properties draw:stroke="solid" draw:fill="solid"/><style:text-properties style:font-name="Liberation Sans" fo:font-size="18pt"/></style:style></office:styles><office:automatic-styles><style:page-layout style:name="PM1"><style:page-layout-properties fo:margin-top="0cm" fo:margin-bottom="0cm" fo:margin-left="0cm" fo:margin-right="0cm" fo:page-width="28cm" fo:page-height="15.75cm" style:print-orientation="landscape"/></style:page-layout><style:page-layout style:name="PM2"><style:page-layout-properties fo:margin-top="0cm" fo:margin-bottom="0cm" fo:margin-left="0cm" fo:margin-right="0cm" fo:page-width="21cm" fo:page-height="29.7cm" style:print-orientation="portrait"/></style:page-layout><style:style style:name="Mdp1" style:family="drawing-page"><style:drawing-page-properties draw:background-size="full" draw:fill="solid" draw:fill-color="#ffffff"/></style:style><style:style style:name="Default-title" style:family="presentation"><style:graphic-properties draw:stroke="none" draw:fill="none" draw:textarea-vertical-align="middle"/><style:text-properties fo:font-size="40pt" fo:font-weight="bold"/></style:style><style:style style:name="Default-subtitle" style:family="presentation"><style:graphic-properties draw:stroke="none" draw:fill="none" draw:textarea-vertical-align="middle"/><style:paragraph-properties fo:text-align="center"/><style:text-properties fo:font-size="24pt"/></style:style><style:style style:name="Default-outline1" style:family="presentation"><style:graphic-properties draw:stroke="none" draw:fill="none"/><style:paragraph-properties fo:margin-top="0.5cm" fo:margin-bottom="0cm"/><style:text-properties fo:font-size="26pt"/></style:style><style:style style:name="Default-notes" style:family="presentation"><style:graphic-properties draw:stroke="none" draw:fill="none"/><style:text-properties fo:font-size="20pt"/></style:style></office:automatic-styles><office:master-styles><draw:layer-set><draw:layer draw:name="layout"/><draw:layer draw:name="background"/><draw:layer draw:name="backgroundobjects"/><draw:layer draw:name="controls"/><draw:layer draw:name="measurelines"/></draw:layer-set><style:master-page style:name="Default" style:page-layout-name="PM1" draw:style-name="Mdp1"><draw:frame presentation:style-name="Default-title" draw:layer="backgroundobjects" svg:width="25.199cm" svg:height="2.629cm" svg:x="1.4cm" svg:y="0.628cm" presentation:class="title" presentation:placeholder="true"><draw:text-box/></draw:frame><draw:frame presentation:style-name="Default-outline1" draw:layer="backgroundobjects" svg:width="25.199cm" svg:height="9.134cm" svg:x="1.4cm" svg:y="3.685cm" presentation:class="outline" presentation:placeholder="true"><draw:text-box/></draw:frame><draw:frame draw:layer="backgroundobjects" svg:width="8.869cm" svg:height="1.085cm" svg:x="9.566cm" svg:y="14.348cm" presentation:class="footer"><draw:text-box><text:p>Ashby Fields Primary School</text:p></draw:text-box></draw:frame><presentation:notes style:page-layout-name="PM2"><draw:page-thumbnail presentation:style-name="Default-title" draw:layer="backgroundobjects" svg:width="13.968cm" svg:height="7.857cm" svg:x="3.516cm" svg:y="2.657cm" presentation:class="page"/><draw:frame presentation:style-name="Default-notes" draw:layer="backgroundobjects" svg:width="16.799cm" svg:height="13.364cm" svg:x="2.1cm" svg:y="11.314cm" presentation:class="notes" presentation:placeholder="true"><draw:text-box/></draw:frame></presentation:notes></style:master-page></office:master-styles></office:document-styles>
"""

ODP_META = f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document-meta {XMLNS} office:version="1.3"><office:meta><meta:creation-date>2027-01-06T19:12:40.227000000</meta:creation-date><dc:date>2027-01-12T16:41:25.614000000</dc:date><meta:editing-duration>PT2H17M3S</meta:editing-duration><meta:editing-cycles>11</meta:editing-cycles><meta:generator>LibreOffice/7.6.4.1$Linux_X86_64 LibreOffice_project/60$Build-1</meta:generator><dc:title>Year 6 Residential 2027</dc:title><meta:initial-creator>Daniel Price</meta:initial-creator><dc:creator>Daniel Price</dc:creator><meta:document-statistic meta:object-count="38"/></office:meta></office:document-meta>
"""

ODP_SETTINGS = f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document-settings {XMLNS} office:version="1.3"><office:settings><config:config-item-set config:name="ooo:view-settings"><config:config-item config:name="VisibleAreaTop" config:type="int">-423</config:config-item><config:config-item config:name="VisibleAreaLeft" config:type="int">-635</config:config-item><config:config-item config:name="VisibleAreaWidth" config:type="int">29270</config:config-item><config:config-item config:name="VisibleAreaHeight" config:type="int">16596</config:config-item></config:config-item-set><config:config-item-set config:name="ooo:configuration-settings"><config:config-item config:name="PageNumberFormat" config:type="int">4</config:config-item><config:config-item config:name="IsPrintNotes" config:type="boolean">false</config:config-item></config:config-item-set></office:settings></office:document-settings>
"""

ODP_MANIFEST = """<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">
 <manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="application/vnd.oasis.opendocument.presentation"/>
 <manifest:file-entry manifest:full-path="Thumbnails/thumbnail.png" manifest:media-type="image/png"/>
 <manifest:file-entry manifest:full-path="settings.xml" manifest:media-type="text/xml"/>
 <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
 <manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>
 <manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>
</manifest:manifest>
"""


def thumbnail_png() -> bytes:
    """The first slide's thumbnail as LibreOffice keeps it (a small 16:9 picture: white, a green title bar)."""

    def pixel(x: int, y: int) -> tuple[int, int, int]:
        return (47, 87, 40) if 10 <= y <= 15 and 6 <= x <= 57 else (255, 255, 255)

    return png(64, 36, pixel)


def odp() -> bytes:
    members = [
        ("mimetype", b"application/vnd.oasis.opendocument.presentation", zipfile.ZIP_STORED),
        ("content.xml", odp_content().encode("utf-8"), zipfile.ZIP_DEFLATED),
        ("styles.xml", ODP_STYLES.encode("utf-8"), zipfile.ZIP_DEFLATED),
        ("meta.xml", ODP_META.encode("utf-8"), zipfile.ZIP_DEFLATED),
        ("Thumbnails/thumbnail.png", thumbnail_png(), zipfile.ZIP_DEFLATED),
        ("settings.xml", ODP_SETTINGS.encode("utf-8"), zipfile.ZIP_DEFLATED),
        ("META-INF/manifest.xml", ODP_MANIFEST.encode("utf-8"), zipfile.ZIP_DEFLATED),
    ]
    buf = BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data, compress in members:
            info = zipfile.ZipInfo(name, date_time=ODP_DATE)
            info.compress_type = compress
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return buf.getvalue()


# --- checks ------------------------------------------------------------------------------------------------------

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Nesting(HTMLParser):
    """Checks that the page's tags nest (void elements aside) and collects its visible text, one block a line."""

    BLOCKS = {
        "p",
        "div",
        "br",
        "tr",
        "td",
        "th",
        "li",
        "ul",
        "ol",
        "table",
        "h1",
        "h2",
        "h3",
        "summary",
        "details",
    }
    HIDDEN = {"head", "style", "script", "title"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs) -> None:
        if tag not in VOID:
            self.stack.append(tag)
        if tag in self.HIDDEN:
            self.hidden += 1
        elif tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag) -> None:
        if not self.stack or self.stack.pop() != tag:
            raise SystemExit(f"html: </{tag}> closes no open <{tag}>")
        if tag in self.HIDDEN:
            self.hidden -= 1
        elif tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data) -> None:
        if not self.hidden:
            self.parts.append(data)


def check_html(src: str) -> str:
    """The tags nest and all are closed; returns the page's visible text."""
    parser = _Nesting()
    parser.feed(src)
    parser.close()
    if parser.stack:
        raise SystemExit(f"html: unclosed {parser.stack}")
    lines = (" ".join(line.split()) for line in "".join(parser.parts).split("\n"))
    return "\n".join(line for line in lines if line)


def check_webarchive(data: bytes) -> str:
    if not data.startswith(b"bplist00"):
        raise SystemExit("webarchive: not a binary property list")
    archive = plistlib.loads(data)
    main = archive["WebMainResource"]
    keys = {"WebResourceData", "WebResourceFrameName", "WebResourceMIMEType", "WebResourceTextEncodingName"}
    if not keys | {"WebResourceURL"} <= set(main) or main["WebResourceMIMEType"] != "text/html":
        raise SystemExit("webarchive: the main resource lacks keys")
    subs = archive["WebSubresources"]
    if [s["WebResourceMIMEType"] for s in subs] != ["text/css", "image/png", "application/javascript"]:
        raise SystemExit("webarchive: the subresources are not a stylesheet, a PNG and a script")
    src = main["WebResourceData"].decode(main["WebResourceTextEncodingName"])
    for s in subs:
        if s["WebResourceURL"].split("?")[0].rsplit("/", 1)[-1] not in src:
            raise SystemExit(f"webarchive: the page does not use {s['WebResourceURL']}")
    if not subs[1]["WebResourceData"].startswith(b"\x89PNG\r\n\x1a\n"):
        raise SystemExit("webarchive: the logo is not a PNG")
    if TOTAL != 15000 or BALANCE != 10000 or BALANCE_DATE != dt.date(2027, 7, 9):
        raise SystemExit("webarchive: the price no longer adds up to the text")
    text = check_html(src)
    for needed in (pounds(TOTAL), f"Balance to pay {pounds(BALANCE)}", long_date(DEPARTURE)):
        if needed not in " ".join(text.split()):
            raise SystemExit(f"webarchive: {needed!r} is not on the page")
    return text


def check_mhtml(data: bytes) -> str:
    if data.replace(b"\r\n", b"").count(b"\n") or data.count(b"\r") != data.count(b"\r\n"):
        raise SystemExit("mhtml: a line does not end in CRLF")
    msg = email.message_from_bytes(data, policy=email.policy.default)
    if msg.get_content_type() != "multipart/related" or msg.get_param("type") != "text/html":
        raise SystemExit("mhtml: not multipart/related with type text/html")
    parts = list(msg.iter_parts())
    if [p.get_content_type() for p in parts] != ["text/html", "text/css", "image/png"]:
        raise SystemExit("mhtml: the parts are not the page, its stylesheet and its logo")
    if (
        any(not p["Content-Location"] for p in parts)
        or parts[0]["Content-Location"] != msg["Snapshot-Content-Location"]
    ):
        raise SystemExit("mhtml: a part lacks its Content-Location")
    html_part = parts[0]
    if html_part["Content-Transfer-Encoding"] != "quoted-printable":
        raise SystemExit("mhtml: the page is not quoted-printable")
    chunks = data.split(f"--{BOUNDARY}".encode())
    encoded = chunks[1].split(b"\r\n\r\n", 1)[1]  # the page's part, after its headers
    if (
        max(len(line) for line in encoded.split(b"\r\n")) > 76
        or b"=\r\n" not in encoded
        or b"=3D" not in encoded
    ):
        raise SystemExit("mhtml: the quoted-printable lines are not as Chrome writes them")
    src = html_part.get_payload(decode=True).decode("utf-8")
    # a hard line break is CRLF in the encoded text; the blank line before the boundary ends the part
    if src.replace("\r\n", "\n").removesuffix("\n") != bread_html():
        raise SystemExit("mhtml: the page does not decode to what was written")
    if parts[1].get_payload(decode=True).decode("utf-8").replace("\r\n", "\n").removesuffix("\n") != HELP_CSS:
        raise SystemExit("mhtml: the stylesheet does not decode to what was written")
    if parts[2].get_payload(decode=True) != help_logo_png():
        raise SystemExit("mhtml: the logo does not decode to what was written")
    hours, minutes = map(int, TIMER_EXAMPLE[2].split(":"))
    start = dt.datetime(2027, 6, 1, 21, 30)
    if start + dt.timedelta(hours=hours, minutes=minutes) != dt.datetime(2027, 6, 2, 7, 0):
        raise SystemExit("mhtml: the timer example does not come to 7am")
    if hours > DELAY_MAX_HOURS:
        raise SystemExit("mhtml: the timer example is longer than the longest delay")
    return f"Date: {msg['Date']}\n" + check_html(src)


def odp_slide_texts(data: bytes) -> list[str]:
    """Each slide's text (its frames' paragraphs, a table row a line with cells joined by " | ", then its notes)."""
    with zipfile.ZipFile(BytesIO(data)) as z:
        root = ET.fromstring(z.read("content.xml"))
    tx, tb, dr = f"{{{ODP_NS['text']}}}", f"{{{ODP_NS['table']}}}", f"{{{ODP_NS['draw']}}}"
    out = []
    for page in root.iter(f"{dr}page"):
        lines: list[str] = []

        def walk(node, lines: list[str]) -> None:
            for child in node:
                if child.tag == f"{tx}p":
                    lines.append("".join(child.itertext()))
                elif child.tag == f"{tb}table-row":
                    lines.append(" | ".join("".join(c.itertext()) for c in child))
                else:
                    walk(child, lines)

        walk(page, lines)
        out.append("\n".join(lines))
    return out


def check_odp(data: bytes) -> str:
    with zipfile.ZipFile(BytesIO(data)) as z:
        first = z.infolist()[0]
        if first.filename != "mimetype" or first.compress_type != zipfile.ZIP_STORED or first.extra:
            raise SystemExit("odp: it does not start with an uncompressed mimetype")
        if z.read("mimetype") != b"application/vnd.oasis.opendocument.presentation":
            raise SystemExit("odp: the mimetype is wrong")
        names = z.namelist()
        for name in names:
            if name.endswith(".xml"):
                ET.fromstring(z.read(name))
        manifest = ET.fromstring(z.read("META-INF/manifest.xml"))
        listed = {e.get("{urn:oasis:names:tc:opendocument:xmlns:manifest:1.0}full-path") for e in manifest}
        if listed != (set(names) - {"mimetype", "META-INF/manifest.xml"}) | {"/"}:
            raise SystemExit(f"odp: the manifest lists {sorted(listed)}, the zip holds {names}")
        content = ET.fromstring(z.read("content.xml"))
    pres = content.find(f"{{{ODP_NS['office']}}}body/{{{ODP_NS['office']}}}presentation")
    pages = pres.findall(f"{{{ODP_NS['draw']}}}page")
    if len(pages) != 9 or len(slides()) != 9:
        raise SystemExit("odp: the talk should have nine slides")
    notes = [pg.find(f"{{{ODP_NS['presentation']}}}notes") for pg in pages]
    if any(n is None for n in notes):
        raise SystemExit("odp: a slide has no notes page")
    tables = [pg for pg in pages if pg.find(f".//{{{ODP_NS['table']}}}table") is not None]
    if len(tables) != 1:
        raise SystemExit("odp: one slide should hold the table")
    if TRIP_COST != 285 or (TRIP[1] - TRIP[0]).days != 4:
        raise SystemExit("odp: the payments no longer add up to the text")
    dues = [due for *_, due in PAYMENTS]
    if dues != sorted(dues) or not TALK < dues[0] or not dues[-1] < TRIP[0]:
        raise SystemExit("odp: the payments are not due in order between the talk and the trip")
    return "\n".join(odp_slide_texts(data))


WEEKDAY_DATE = re.compile(
    r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\s+(\d{1,2})\s+("
    + "|".join(m[:3] for m in MONTHS)
    + r")[a-z]*\b(?:\s+(\d{4}))?"
)


def check_weekdays(text: str) -> int:
    """Every weekday written next to a date ("Friday 23 July 2027", "Sat, 12 Jun 2027"; a date without a year is
    in 2027) is that date's weekday; returns how many were checked."""
    n = 0
    for m in WEEKDAY_DATE.finditer(text):
        month = next(i for i, name in enumerate(MONTHS, 1) if name.startswith(m[3]))
        date = dt.date(int(m[4] or YEAR), month, int(m[2]))
        if DAYS[date.weekday()][:3] != m[1]:
            raise SystemExit(f"{m[0]!r}: {date} is a {DAYS[date.weekday()]}")
        n += 1
    return n


def files() -> dict[str, bytes]:
    return {ARCHIVE_NAME: webarchive(), MHTML_NAME: mhtml(), ODP_NAME: odp()}


def check(made: dict[str, bytes]) -> int:
    texts = [check_webarchive(made[ARCHIVE_NAME]), check_mhtml(made[MHTML_NAME]), check_odp(made[ODP_NAME])]
    return sum(check_weekdays(t) for t in texts)


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
