"""Generate the private documents of the realdocs ``heldout4`` part (a household budget CSV, a village-hall
renovation kickoff PPTX, a residents' association's minutes DOCX) under ``files/``.

    python eval/realdocs/make_heldout4.py          # rewrite them; the output is the same on every run

Everything is fixed text; zip members get a fixed timestamp and the office files fixed document dates, so that a
rerun with the same library versions gives the same bytes. The other documents of the part (three Python standard
library modules, GNU diffutils' NEWS) are copied from Debian packages as ``documents.json`` records.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from pathlib import Path

from make_heldout3 import normalise_zip

FILES = Path(__file__).resolve().parent / "files"
STAMP = dt.datetime(2026, 12, 6, 9, 0, 0)

# --- CSV: a household budget ------------------------------------------------------------------------------------------

BUDGET = [
    ("month", "category", "payee", "budgeted_gbp", "spent_gbp", "note"),
    ("2027-01", "Housing", "Harbourside Building Society", "912.40", "912.40", "mortgage, fixed until 2029"),
    ("2027-01", "Utilities", "Northern Energy", "148.00", "171.35", "cold snap; meter read 14 Jan"),
    ("2027-01", "Utilities", "Yorkshire Water", "41.00", "41.00", ""),
    ("2027-01", "Groceries", "various", "420.00", "398.62", ""),
    (
        "2027-01",
        "Transport",
        "Esk Valley Railway",
        "86.00",
        "86.00",
        "monthly season ticket (Whitby-Middlesbrough)",
    ),
    ("2027-01", "Childcare", "Little Acorns Nursery", "640.00", "640.00", "3 days a week"),
    ("2027-01", "Insurance", "Clearwater Home Insurance", "27.15", "27.15", "buildings and contents"),
    ("2027-01", "Leisure", "Whitby Leisure Centre", "38.50", "38.50", "family swim pass"),
    ("2027-01", "Savings", "holiday pot", "150.00", "150.00", "for Pembrokeshire in August"),
    ("2027-02", "Housing", "Harbourside Building Society", "912.40", "912.40", "mortgage, fixed until 2029"),
    ("2027-02", "Utilities", "Northern Energy", "148.00", "159.80", ""),
    ("2027-02", "Utilities", "Yorkshire Water", "41.00", "41.00", ""),
    ("2027-02", "Groceries", "various", "420.00", "436.19", "Sophie's birthday party food"),
    (
        "2027-02",
        "Transport",
        "Esk Valley Railway",
        "86.00",
        "86.00",
        "monthly season ticket (Whitby-Middlesbrough)",
    ),
    ("2027-02", "Transport", "Esk Motors", "0.00", "243.85", "MOT, service and brake fluid"),
    ("2027-02", "Childcare", "Little Acorns Nursery", "640.00", "586.00", "nursery shut for half term week"),
    ("2027-02", "Insurance", "Clearwater Home Insurance", "27.15", "27.15", "buildings and contents"),
    ("2027-02", "Leisure", "Whitby Leisure Centre", "38.50", "38.50", "family swim pass"),
    ("2027-02", "Savings", "holiday pot", "150.00", "75.00", "halved this month to cover the car"),
    ("2027-03", "Housing", "Harbourside Building Society", "912.40", "912.40", "mortgage, fixed until 2029"),
    ("2027-03", "Utilities", "Northern Energy", "148.00", "132.10", ""),
    ("2027-03", "Utilities", "Yorkshire Water", "41.00", "41.00", ""),
    ("2027-03", "Groceries", "various", "420.00", "405.77", ""),
    (
        "2027-03",
        "Transport",
        "Esk Valley Railway",
        "86.00",
        "86.00",
        "monthly season ticket (Whitby-Middlesbrough)",
    ),
    ("2027-03", "Childcare", "Little Acorns Nursery", "640.00", "640.00", "3 days a week"),
    ("2027-03", "Insurance", "Clearwater Home Insurance", "27.15", "27.15", "buildings and contents"),
    (
        "2027-03",
        "Leisure",
        "Whitby Leisure Centre",
        "38.50",
        "0.00",
        "pass cancelled, pool closed for retiling",
    ),
    ("2027-03", "Gifts", "Harrison & Daughters", "60.00", "54.99", "Mum's 70th: engraved photo frame"),
    ("2027-03", "Savings", "holiday pot", "150.00", "225.00", "catch-up for February"),
]


def make_csv(path: Path) -> None:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(BUDGET)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(buf.getvalue(), encoding="utf-8")


# --- PPTX: a village hall renovation kickoff --------------------------------------------------------------------------

SLIDES = [
    (
        "Sandsend Village Hall: renovation kickoff",
        ["Trustees' meeting, Wednesday 13 January 2027", "Presented by Marion Tate, project lead"],
        "Welcome everyone; apologies from Keith (away).",
    ),
    (
        "Why we are doing this",
        [
            "The roof leaks over the stage in heavy rain",
            "Heating is a 1987 oil boiler that failed twice last winter",
            "No step-free access to the toilets",
            "Bookings fell from 310 hours in 2024 to 205 hours in 2026",
        ],
        None,
    ),
    (
        "What the work includes",
        [
            "Re-roof the main hall in natural slate",
            "Replace the oil boiler with two air-source heat pumps",
            "New accessible toilet and baby-changing room",
            "LED lighting throughout",
            "Not included: the car park (phase 2, after 2028)",
        ],
        None,
    ),
    (
        "Budget",
        None,
        "The contingency is about 10% of the building costs, rounded up, as the architect advised.",
    ),
    (
        "Funding",
        [
            "National Lottery Community Fund: £60,000 applied for, decision expected in April",
            "Parish council: £15,000 agreed",
            "Hall reserves: £18,500",
            "Local fundraising target: £12,000 (barn dance, sponsored swim, 'buy a slate' at £10 each)",
        ],
        None,
    ),
    (
        "Timeline",
        [
            "Planning application: submitted 2 February",
            "Contractor chosen by tender: end of April",
            "Hall closed for works: 1 June to 30 September 2027",
            "Reopening: harvest supper on Saturday 9 October",
        ],
        "Regular users (Pilates, toddler group, WI) to be offered the school hall while we are closed.",
    ),
    (
        "Who does what",
        [
            "Marion Tate: project lead, contractor liaison",
            "Dan Whitaker: treasurer, grant claims",
            "Priya Shah: fundraising and publicity",
            "Next meeting: 10 February, 7.30pm, in the committee room",
        ],
        None,
    ),
]

BUDGET_TABLE = [
    ("Item", "Estimate"),
    ("Roof (slate, insulation, gutters)", "£48,000"),
    ("Heat pumps and radiators", "£31,500"),
    ("Accessible toilet", "£14,200"),
    ("LED lighting", "£4,800"),
    ("Architect and fees", "£9,500"),
    ("Contingency", "£10,000"),
    ("Total", "£118,000"),
]


def make_pptx(path: Path) -> None:
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    prs.core_properties.author = "Marion Tate"
    prs.core_properties.title = "Sandsend Village Hall renovation kickoff"
    prs.core_properties.created = prs.core_properties.modified = STAMP
    prs.core_properties.last_modified_by = "Marion Tate"
    prs.core_properties.revision = 1
    for i, (title, bullets, notes) in enumerate(SLIDES):
        if i == 0:
            slide = prs.slides.add_slide(prs.slide_layouts[0])
            slide.shapes.title.text = title
            slide.placeholders[1].text = "\n".join(bullets)
        elif bullets is None:
            slide = prs.slides.add_slide(prs.slide_layouts[5])
            slide.shapes.title.text = title
            shape = slide.shapes.add_table(len(BUDGET_TABLE), 2, Inches(1), Inches(1.6), Inches(8), Inches(4))
            for r, row in enumerate(BUDGET_TABLE):
                for c, v in enumerate(row):
                    shape.table.cell(r, c).text = v
        else:
            slide = prs.slides.add_slide(prs.slide_layouts[1])
            slide.shapes.title.text = title
            slide.placeholders[1].text = "\n".join(bullets)
        if notes:
            slide.notes_slide.notes_text_frame.text = notes
    path.parent.mkdir(parents=True, exist_ok=True)
    prs.save(str(path))
    normalise_zip(path)


# --- DOCX: a residents' association's minutes --------------------------------------------------------------------------

MINUTES = [
    (
        "h",
        "Present: Alan Reeve (chair), Fiona Gill (secretary), Imran Qureshi (treasurer), 14 residents. "
        "Apologies: Bev Lister, Tom and Sue Hardy.",
    ),
    ("H", "1. Minutes of the last meeting"),
    ("p", "The minutes of the meeting of 9 September 2026 were agreed as a correct record."),
    ("H", "2. Parking on Ropery Lane"),
    (
        "p",
        "Residents again reported vans parked on the pavement outside numbers 20 to 34, forcing pushchairs and "
        "wheelchairs into the road. Councillor Mehta, attending as a guest, said the highways team will survey the "
        "street in January; double yellow lines at the junction with Cliff Street would need a traffic order, which "
        "usually takes about nine months.",
    ),
    ("p", "Action: Fiona to write to the highways team supporting the survey (by 30 November)."),
    ("H", "3. Treasurer's report"),
    ("p", "Imran reported the balance below. Subscriptions stay at £6 per household per year."),
    ("t", None),
    ("H", "4. Christmas lights and carols"),
    (
        "p",
        "The lights switch-on will be on Saturday 5 December at 5pm on the green, followed by carols led by the "
        "Ropery Singers. Mulled apple juice and mince pies will be free; donations go to the food bank.",
    ),
    ("H", "5. Community litter pick"),
    (
        "p",
        "The next litter pick is on Sunday 17 January, meeting at 10am by the bus shelter. The council lends "
        "grabbers, hoops and hi-vis vests; children must be with an adult.",
    ),
    ("H", "6. Any other business"),
    (
        "p",
        "Several residents asked about the empty shop at 2 Cliff Street. Alan said the owner hopes to open a "
        "bakery there in the spring, subject to planning.",
    ),
    ("p", "Date of next meeting: Tuesday 12 January 2027, 7pm, St Hilda's church room."),
]

ACCOUNTS = [
    ("Item", "Amount"),
    ("Balance at 1 September", "£1,246.30"),
    ("Subscriptions received", "£372.00"),
    ("Donation from the Ship Inn quiz night", "£185.00"),
    ("Hire of church room (3 meetings)", "-£45.00"),
    ("Balance at 31 October", "£1,758.30"),
]


def make_docx(path: Path) -> None:
    import docx

    d = docx.Document()
    d.core_properties.author = "Fiona Gill"
    d.core_properties.title = "Ropery Lane Residents' Association minutes, 10 November 2026"
    d.core_properties.created = d.core_properties.modified = STAMP
    d.core_properties.last_modified_by = "Fiona Gill"
    d.core_properties.revision = 1
    d.add_heading("Ropery Lane Residents' Association: minutes of the meeting of 10 November 2026", level=1)
    for kind, text in MINUTES:
        if kind == "H":
            d.add_heading(text, level=2)
        elif kind == "t":
            table = d.add_table(rows=0, cols=2)
            for row in ACCOUNTS:
                cells = table.add_row().cells
                cells[0].text, cells[1].text = row
        else:
            d.add_paragraph(text)
    path.parent.mkdir(parents=True, exist_ok=True)
    d.save(str(path))
    normalise_zip(path)


def main() -> None:
    make_csv(FILES / "data" / "household-budget-2027-q1.csv")
    make_pptx(FILES / "office3" / "village-hall-renovation-kickoff.pptx")
    make_docx(FILES / "office3" / "residents-association-minutes-2026-11.docx")


if __name__ == "__main__":
    main()
