"""Generate the private documents of the realdocs ``heldout5`` part under ``files/private5/``: a sailing club's
safety briefing (ODT), a home insurer's letter about a claim (RTF), an analysis of electricity meter readings (a
Jupyter notebook) and a bathroom-refit quote comparison (Markdown with a table).

    python eval/realdocs/make_heldout5.py          # rewrite them; the output is the same on every run

Standard library only. Everything is fixed text; the ODT's zip members carry a fixed timestamp and its metadata
fixed dates, so a rerun gives the same bytes. The other documents of the part (two single-page HTML manuals, two
reStructuredText documents, a long Markdown document) are copied unchanged from Debian packages, as
``documents.json`` records.
"""

from __future__ import annotations

import datetime as dt
import json
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

OUT = Path(__file__).resolve().parent / "files" / "private5"
STAMP = dt.datetime(2027, 3, 20, 9, 0, 0)

# --- ODT: a sailing club's safety briefing ----------------------------------------------------------------------------

BRIEFING = [
    ("h1", "Ullswick Water Sailing Club: safety briefing for the 2027 season"),
    (
        "p",
        "For every member and visitor who sails, paddles or crews at the club. Read it before your first time on "
        "the water this season. Helen Marsh, Rear Commodore (Safety), also gives it in person at the fitting-out "
        "day on Saturday 3 April 2027, 10am in the clubhouse.",
    ),
    ("h2", "Before you go afloat"),
    (
        "list",
        [
            "Wear a buoyancy aid whenever you are on the water or on the pontoon, whatever your age or ability.",
            "Move your name tag from ASHORE to AFLOAT on the tally board by the slipway, and move it back as soon "
            "as you land. The safety boat crew count the tags at dusk.",
            "Look at the flag on the clubhouse mast (see the table below).",
            "Tell someone ashore roughly where you are going and when you expect to be back.",
            "Check your boat: bungs in, toe straps and tiller extension secure, a paddle on board.",
        ],
    ),
    ("h2", "Flags on the clubhouse mast"),
    (
        "table",
        [
            ("Flag", "Meaning"),
            ("Green", "Safety boat on the water; normal sailing for everyone."),
            (
                "Yellow",
                "Wind over 18 knots: only helms with RYA Level 3 or above, and no juniors sailing alone.",
            ),
            ("Red", "No sailing. Every boat stays ashore or comes in at once."),
            (
                "Blue",
                "Racing in progress: keep clear of the start line between the committee boat and the orange buoy.",
            ),
        ],
    ),
    ("h2", "Safety boat cover"),
    (
        "p",
        "The safety boat is on the water on Wednesday evenings from 6pm until sunset, and on Saturdays and Sundays "
        "from 10am to 5pm, from Saturday 3 April to Sunday 31 October. Outside those hours you may sail only if at "
        "least two boats go out together and each helm holds RYA Level 2 or above.",
    ),
    ("h2", "Cold water"),
    (
        "p",
        "The reservoir stays below 12°C until late May. Until Tuesday 1 June everyone afloat wears a wetsuit or a "
        "drysuit; shorts and a cagoule are not enough. Cold water shock passes in about a minute: float on your "
        "back, keep your face out of the water and breathe slowly before you try to swim or right the boat.",
    ),
    ("h2", "If you capsize"),
    (
        "p",
        "Stay with your boat: it floats, and it is far easier to see than a head in the water. If you cannot right "
        "it within five minutes, or you are hurt, sit on the hull if you can and raise one arm, waving it slowly "
        "from side to side. The safety boat crew treat that as a call for help and come to you first.",
    ),
    ("h2", "Emergencies ashore"),
    (
        "p",
        "The defibrillator hangs on the wall inside the clubhouse entrance, next to the changing rooms; the first "
        "aid kit and foil blankets are in the safety boat hut. In an emergency call 999, ask for an ambulance and "
        "give the club's postcode, CA10 2RP, and the gate code 4471 so the crew can get down the track.",
    ),
    ("h2", "Juniors"),
    (
        "p",
        "Juniors under 12 sail only while a parent or guardian stays at the club. Junior training runs on Sunday "
        "afternoons from 2pm to 4pm, in the club's Toppers and Picos.",
    ),
    ("p", "Questions about safety: Helen Marsh, 07700 900461, or safety@ullswickwater-sc.org.uk."),
]

ODF_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/" '
    'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"'
)


def odt_content() -> str:
    body = []
    for kind, value in BRIEFING:
        if kind in ("h1", "h2"):
            level = kind[1]
            body.append(
                f'<text:h text:style-name="Heading_20_{level}" text:outline-level="{level}">{escape(value)}</text:h>'
            )
        elif kind == "p":
            body.append(f'<text:p text:style-name="Text_20_body">{escape(value)}</text:p>')
        elif kind == "list":
            items = "".join(
                f'<text:list-item><text:p text:style-name="List_20_Bullet">{escape(v)}</text:p></text:list-item>'
                for v in value
            )
            body.append(f'<text:list text:style-name="L1">{items}</text:list>')
        elif kind == "table":
            rows = []
            for i, row in enumerate(value):
                cells = "".join(
                    '<table:table-cell office:value-type="string">'
                    f'<text:p text:style-name="Table_20_Contents">{escape(c)}</text:p></table:table-cell>'
                    for c in row
                )
                rows.append(
                    f"<table:table-header-rows><table:table-row>{cells}</table:table-row></table:table-header-rows>"
                    if i == 0
                    else f"<table:table-row>{cells}</table:table-row>"
                )
            body.append(
                '<table:table table:name="Flags"><table:table-column table:number-columns-repeated="2"/>'
                + "".join(rows)
                + "</table:table>"
            )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<office:document-content {ODF_NS} office:version="1.3">'
        "<office:automatic-styles>"
        '<text:list-style style:name="L1"><text:list-level-style-bullet text:level="1" text:bullet-char="•"/>'
        "</text:list-style></office:automatic-styles>"
        "<office:body><office:text>\n"
        + "\n".join(body)
        + "\n</office:text></office:body></office:document-content>\n"
    )


def odt_styles() -> str:
    styles = "".join(
        f'<style:style style:name="{name}" style:family="paragraph">'
        f'<style:text-properties fo:font-size="{size}"{bold}/></style:style>'
        for name, size, bold in (
            ("Text_20_body", "11pt", ""),
            ("Heading_20_1", "16pt", ' fo:font-weight="bold"'),
            ("Heading_20_2", "13pt", ' fo:font-weight="bold"'),
            ("List_20_Bullet", "11pt", ""),
            ("Table_20_Contents", "10pt", ""),
        )
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<office:document-styles {ODF_NS} office:version="1.3"><office:styles>{styles}</office:styles>'
        "</office:document-styles>\n"
    )


def odt_meta() -> str:
    when = STAMP.strftime("%Y-%m-%dT%H:%M:%S")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<office:document-meta {ODF_NS} office:version="1.3"><office:meta>'
        "<dc:title>Safety briefing 2027</dc:title><meta:initial-creator>Helen Marsh</meta:initial-creator>"
        f"<meta:creation-date>{when}</meta:creation-date><dc:date>{when}</dc:date>"
        "</office:meta></office:document-meta>\n"
    )


MANIFEST = """<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">
 <manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>
 <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
 <manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>
 <manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>
</manifest:manifest>
"""


def make_odt(path: Path) -> None:
    members = [
        ("mimetype", "application/vnd.oasis.opendocument.text", zipfile.ZIP_STORED),
        ("content.xml", odt_content(), zipfile.ZIP_DEFLATED),
        ("styles.xml", odt_styles(), zipfile.ZIP_DEFLATED),
        ("meta.xml", odt_meta(), zipfile.ZIP_DEFLATED),
        ("META-INF/manifest.xml", MANIFEST, zipfile.ZIP_DEFLATED),
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as z:
        for name, text, compress in members:
            info = zipfile.ZipInfo(name, date_time=STAMP.timetuple()[:6])
            info.compress_type = compress
            info.external_attr = 0o644 << 16
            z.writestr(info, text.encode("utf-8"))


# --- RTF: a home insurer's letter about a claim -----------------------------------------------------------------------

LETTER = [
    ("b", "Meridian Mutual Home Insurance"),
    ("p", "Home Claims Team, PO Box 7710, Leeds LS1 9QZ"),
    ("p", "Telephone 0330 010 4477 (Monday to Friday, 8am to 6pm)"),
    ("p", ""),
    ("p", "Mr Daniel Adeyemi and Mrs Grace Adeyemi"),
    ("p", "9 Linnet Close"),
    ("p", "Harrogate HG2 7SD"),
    ("p", ""),
    ("p", "Monday 14 June 2027"),
    ("p", ""),
    ("p", "Policy number: MMH-2290-4471-K"),
    ("p", "Claim number: CL-27-118043"),
    ("p", ""),
    ("p", "Dear Mr and Mrs Adeyemi,"),
    ("p", ""),
    ("b", "Escape of water in your kitchen on Friday 28 May 2027"),
    (
        "p",
        "Thank you for reporting the leak from the pipe under your kitchen sink, and for letting our loss "
        "adjuster, Priya Raman, visit on Thursday 3 June. I am pleased to confirm that your claim is accepted under "
        "the buildings and contents sections of your policy.",
    ),
    ("b", "What we will pay for"),
    ("p", "- Lifting and replacing the kitchen floor (vinyl on plywood, about 14 square metres)."),
    (
        "p",
        "- Replacing the three base units under and beside the sink, and the section of worktop above them.",
    ),
    (
        "p",
        "- Drying the floor and walls. Drydale Restoration will bring two dehumidifiers on Wednesday 16 June and "
        "expect to leave them running for about 10 days.",
    ),
    (
        "p",
        "- The electricity the dehumidifiers use, at a flat £3.50 for each day they run. Claim this on the enclosed "
        "form once they have been collected.",
    ),
    ("p", "- The plumber's emergency call-out on 28 May (£95), when you send us the invoice."),
    ("b", "What we will not pay for"),
    (
        "p",
        "- Repairing or replacing the pipe joint that failed. Your policy covers the damage caused by water "
        "escaping, not the worn part it escaped from (policy booklet, page 12, 'What is not covered').",
    ),
    ("p", "- The dishwasher, which Priya found working and undamaged."),
    ("b", "Our offer and your excess"),
    (
        "p",
        "The agreed cost of the repairs is £4,860.00. Your policy has an excess of £350 for escape of water "
        "claims (the standard £100 excess plus a further £250 for escape of water), so we will pay £4,510.00. "
        "We can pay this into your bank account, or we can pay our approved contractor, Nidd Valley Kitchens, "
        "directly, in which case you pay them the £350 excess yourselves.",
    ),
    ("b", "What we need from you, and by when"),
    (
        "p",
        "Please reply by Wednesday 14 July 2027 to tell us how you would like to be paid, and send photographs of "
        "the damaged units with the plumber's invoice. If we have not heard from you by then we will close the "
        "claim, but we will reopen it if you contact us within 12 months.",
    ),
    (
        "p",
        "While the work is done you can go on living in the house, so this claim does not include alternative "
        "accommodation.",
    ),
    ("b", "If you are unhappy with our decision"),
    (
        "p",
        "Please tell us first, by phone or by replying to this letter. If we cannot settle your complaint, you can "
        "refer it to the Financial Ombudsman Service within six months of our final response.",
    ),
    ("p", ""),
    ("p", "Yours sincerely,"),
    ("p", ""),
    ("p", "Sarah Whitlock"),
    ("p", "Claims Handler, Home Claims Team"),
    ("p", ""),
    ("p", "Enclosed: dehumidifier electricity claim form; payment choice form"),
]


def rtf_escape(text: str) -> str:
    out = []
    for ch in text:
        if ch in "\\{}":
            out.append("\\" + ch)
        elif ord(ch) < 128:
            out.append(ch)
        else:
            try:
                out.append(f"\\'{ch.encode('cp1252')[0]:02x}")
            except UnicodeEncodeError:
                out.append(f"\\u{ord(ch)}?")
    return "".join(out)


def make_rtf(path: Path) -> None:
    lines = [
        r"{\rtf1\ansi\ansicpg1252\deff0",
        r"{\fonttbl{\f0\fswiss\fcharset0 Arial;}}",
        r"{\colortbl ;\red31\green56\blue100;}",
        r"{\info{\title Claim CL-27-118043}{\author Sarah Whitlock}{\creatim\yr2027\mo6\dy14\hr9\min30}}",
        r"\viewkind4\uc1\pard\sa120\f0\fs22",
    ]
    for kind, text in LETTER:
        if kind == "b":
            lines.append(r"{\b\cf1 " + rtf_escape(text) + r"}\par")
        else:
            lines.append(rtf_escape(text) + r"\par")
    lines.append("}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("ascii"))


# --- Jupyter notebook: electricity meter readings ---------------------------------------------------------------------


def md(cell_id: str, text: str) -> dict:
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": text.splitlines(keepends=True)}


def code(cell_id: str, n: int, text: str, stdout: str | None = None, result: str | None = None) -> dict:
    outputs = []
    if stdout is not None:
        outputs.append({"name": "stdout", "output_type": "stream", "text": stdout.splitlines(keepends=True)})
    if result is not None:
        outputs.append(
            {
                "data": {"text/plain": result.splitlines(keepends=True)},
                "execution_count": n,
                "metadata": {},
                "output_type": "execute_result",
            }
        )
    return {
        "cell_type": "code",
        "execution_count": n,
        "id": cell_id,
        "metadata": {},
        "outputs": outputs,
        "source": text.splitlines(keepends=True),
    }


CELLS = [
    md(
        "a1f0c2d1",
        "# Electricity at 14 Mill Lane, winter 2026/27\n"
        "\n"
        "Meter readings from the smart meter's in-home display, taken first thing on the 1st of each month, plus "
        "the half-hourly data downloaded from the supplier's website. The heat pump was commissioned on Saturday "
        "14 November 2026, so this is its first winter.\n"
        "\n"
        "Tariff all winter: flat rate **24.50p per kWh**, standing charge **53.35p per day** (both including VAT).",
    ),
    code(
        "b2e1d3f4",
        1,
        "import pandas as pd\n"
        "\n"
        "readings = pd.Series(\n"
        "    [18204, 18502, 18911, 19487, 20099, 20634, 21078],\n"
        "    index=pd.to_datetime(\n"
        '        ["2026-10-01", "2026-11-01", "2026-12-01", "2027-01-01",\n'
        '         "2027-02-01", "2027-03-01", "2027-04-01"]\n'
        "    ),\n"
        '    name="meter_kwh",\n'
        ")\n"
        "readings",
        result="2026-10-01    18204\n"
        "2026-11-01    18502\n"
        "2026-12-01    18911\n"
        "2027-01-01    19487\n"
        "2027-02-01    20099\n"
        "2027-03-01    20634\n"
        "2027-04-01    21078\n"
        "Name: meter_kwh, dtype: int64",
    ),
    code(
        "c3f2e4a5",
        2,
        "use = readings.diff().dropna().astype(int)\n"
        "use.index = readings.index[:-1]  # each reading closes the month before it\n"
        "for month, kwh in use.items():\n"
        '    print(f"{month:%b %Y}  {kwh:4d} kWh  {kwh / month.days_in_month:5.1f} kWh/day")\n'
        'print(f"Total     {use.sum():5d} kWh")',
        stdout="Oct 2026   298 kWh    9.6 kWh/day\n"
        "Nov 2026   409 kWh   13.6 kWh/day\n"
        "Dec 2026   576 kWh   18.6 kWh/day\n"
        "Jan 2027   612 kWh   19.7 kWh/day\n"
        "Feb 2027   535 kWh   19.1 kWh/day\n"
        "Mar 2027   444 kWh   14.3 kWh/day\n"
        "Total      2874 kWh\n",
    ),
    md(
        "d4a3f5b6",
        "## The winter peak\n"
        "\n"
        "January was the worst month: 612 kWh, almost 20 kWh a day, during the cold spell in the second and third "
        "weeks. October (298 kWh) is the nearest thing to a month without heating, so roughly half of January's "
        "use was the heat pump. Usage per day fell back in March as the days warmed up.",
    ),
    code(
        "e5b4a6c7",
        3,
        "unit_rate = 0.2450       # £ per kWh\n"
        "standing = 0.5335        # £ per day\n"
        "days = (readings.index[-1] - readings.index[0]).days\n"
        "energy = use.sum() * unit_rate\n"
        'print(f"Energy:          {use.sum()} kWh x 24.50p = £{energy:.2f}")\n'
        'print(f"Standing charge: {days} days x 53.35p = £{days * standing:.2f}")\n'
        'print(f"Total Oct-Mar:   £{energy + days * standing:.2f}")',
        stdout="Energy:          2874 kWh x 24.50p = £704.13\n"
        "Standing charge: 182 days x 53.35p = £97.10\n"
        "Total Oct-Mar:   £801.23\n",
    ),
    code(
        "f6c5b7d8",
        4,
        'hh = pd.read_csv("halfhourly_2026-10_2027-03.csv", parse_dates=["start"], index_col="start")\n'
        'night = hh.between_time("00:30", "04:00")["kwh"]\n'
        "base_w = night.median() * 2 * 1000\n"
        'print(f"Baseload (median 00:30-04:30 half-hour): {night.median():.3f} kWh = {base_w:.0f} W")\n'
        'print(f"A year of baseload: {base_w * 8.76:,.0f} kWh, about £{base_w * 8.76 * unit_rate:,.0f}")',
        stdout="Baseload (median 00:30-04:30 half-hour): 0.106 kWh = 212 W\n"
        "A year of baseload: 1,857 kWh, about £455\n",
    ),
    code(
        "a7d6c8e9",
        5,
        'night_share = hh.between_time("00:30", "07:00")["kwh"].sum() / hh["kwh"].sum()\n'
        "night_rate, day_rate = 0.0950, 0.2790   # the supplier's off-peak tariff\n"
        "\n"
        "def offpeak(share):\n"
        "    total = use.sum()\n"
        "    return total * share * night_rate + total * (1 - share) * day_rate\n"
        "\n"
        'print(f"Night share of use: {night_share:.0%}")\n'
        'print(f"Flat tariff:        £{energy:.2f}")\n'
        'print(f"Off-peak tariff:    £{offpeak(night_share):.2f}  (saving £{energy - offpeak(night_share):.2f})")\n'
        'print(f"With 40% at night:  £{offpeak(0.40):.2f}  (saving £{energy - offpeak(0.40):.2f})")',
        stdout="Night share of use: 31%\n"
        "Flat tariff:        £704.13\n"
        "Off-peak tariff:    £637.91  (saving £66.22)\n"
        "With 40% at night:  £590.32  (saving £113.81)\n",
    ),
    md(
        "b8e7d9fa",
        "## Conclusions\n"
        "\n"
        "1. Move to the off-peak tariff (9.50p at night, 27.90p by day, same standing charge). On this winter's "
        "use it would have saved about £66, and more if we shift load into the night.\n"
        "2. Put the immersion heater on a timer for 01:00-04:00 so more of our use falls in the cheap hours; at 40% "
        "overnight the saving goes up to about £114.\n"
        "3. The baseload of 212 W is high for a house where everything is off at night. First suspect: the old "
        "chest freezer in the garage. The plug-in monitor measured it at 1.4 kWh a day, as much as the fridge "
        "freezer and the router together.\n"
        "4. Read the meter again on 1 July and redo the tariff sums with summer data.",
    ),
]


def make_notebook(path: Path) -> None:
    nb = {
        "cells": CELLS,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python", "version": "3.11.2"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


# --- Markdown notes: bathroom refit quotes ----------------------------------------------------------------------------

QUOTES = """\
# Bathroom refit: the three quotes

27 Tenter Street, first-floor bathroom (2.1 m x 2.6 m). What we asked for: a walk-in shower where the bath is now,
new toilet and basin, tiles floor to ceiling round the shower, an extractor fan and a heated towel rail.

Visits: Castlegate Bathrooms on Saturday 6 February, R. Okafor & Son on Wednesday 10 February, Blue Tap Plumbing on
Saturday 13 February 2027.

| Firm | Quote (inc. VAT) | Deposit | Earliest start | Time on site | Guarantee | Notes |
|---|---|---|---|---|---|---|
| Castlegate Bathrooms | £9,840 | 25% when booking | Monday 12 April | 8 working days | 5 years on workmanship | Supplies everything; tiles from their showroom only |
| R. Okafor & Son | £8,350 | £500 | Monday 8 March | 10 working days | 2 years | We buy the suite and tiles ourselves (about £2,100) |
| Blue Tap Plumbing | £7,980 | none, pay in full when finished | Monday 10 May | 7 working days | 1 year | No electrics: the fan and towel rail need our own electrician |

## Sums

- Okafor plus the suite and tiles we would buy: £8,350 + about £2,100 = about £10,450.
- Blue Tap plus an electrician: Lewis Hart quoted £420 for wiring the fan and the towel rail, certificate
  included, so £8,400 in all.
- Castlegate: £9,840 with nothing extra to buy.

## Things we checked

- Castlegate's 25% deposit (£2,460) is protected: they are TrustMark registered.
- Lewis Hart is Part P registered and sends the electrical certificate to the council himself.
- Mr Okafor pointed out that a shower room fan must extract at least 15 litres a second; Blue Tap's spec says
  their fan does 21.
- Nobody will move the radiator; it stays under the window.

## Decision (Wednesday 17 February)

We are going with Blue Tap Plumbing and Lewis Hart: the cheapest all in (£8,400), good reviews from Sam next door,
and nothing to pay until the job is done. The work starts on Monday 10 May; for the 7 days we use the downstairs
loo and the showers at the leisure centre. Booked by email on 17 February. Jo orders the towel rail (chrome,
500 x 1200 mm) by the end of March; Blue Tap order the tray and the glass screen.
"""


def main() -> None:
    make_odt(OUT / "sailing-club-safety-briefing-2027.odt")
    make_rtf(OUT / "insurer-letter-claim-CL-27-118043.rtf")
    make_notebook(OUT / "electricity-winter-2026-27.ipynb")
    (OUT / "bathroom-refit-quotes.md").write_text(QUOTES, encoding="utf-8")


if __name__ == "__main__":
    main()
