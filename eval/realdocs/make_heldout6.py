"""Generate the private documents of the realdocs ``heldout6`` part under ``files/private6/``: a two-page energy
bill and a two-page letter from a dental practice (PDF, written by hand), a chapter of an MSc dissertation (LaTeX
source), a home server's ``docker-compose.yml`` and a photo importer's settings file (``.ini``), both commented, and
a year's maintenance log of a car (plain text).

    python eval/realdocs/make_heldout6.py          # rewrite them; the output is the same on every run

Standard library only. Everything is fixed text. The PDFs are PDF 1.4 written object by object: a catalog, a page
tree, the standard Type 1 fonts Helvetica and Helvetica-Bold (WinAnsiEncoding, no embedded font), a page object and
an uncompressed content stream per page (each piece of text placed with ``Td`` inside its own ``BT``/``ET``, so the
columns of a table line up), a fixed ``/Info`` dictionary, an xref table with the objects' byte offsets and a
trailer. Every weekday named next to a date is checked against the calendar when the files are written. The other
document of the part (libtasn1's manual, a Texinfo-made PDF) is copied unchanged from a Debian package, as
``documents.json`` records.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

OUT = Path(__file__).resolve().parent / "files" / "private6"

# --- PDF writing ------------------------------------------------------------------------------------------------------

# Advance widths (1/1000 em) of Helvetica's characters, from its AFM file; used to right-align and centre text.
HELVETICA = dict(
    zip(
        " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~£",
        (
            278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
            556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
            1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
            667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
            333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
            556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 556,
        ),
    )
)  # fmt: skip
# Helvetica-Bold's, for the characters that right-aligned bold text uses (totals and column headings)
HELVETICA_BOLD = (
    {c: 556 for c in "0123456789£acey"}
    | {c: 611 for c in "hnou"}
    | {c: 278 for c in " ,.il"}
    | {"f": 333, "t": 333, "r": 389, "m": 889, "A": 722, "M": 833, "P": 667}
)
PAGE_W, PAGE_H = 595, 842  # A4 in points


def text_width(text: str, font: str, size: float) -> float:
    widths = HELVETICA if font == "F1" else HELVETICA_BOLD
    return sum(widths[c] for c in text) * size / 1000


def pdf_string(text: str) -> bytes:
    raw = text.encode("cp1252")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


class Page:
    """The drawing of one page: text pieces (font F1 Helvetica, F2 Helvetica-Bold) and thin rules."""

    def __init__(self) -> None:
        self.ops: list[bytes] = []
        self.texts: list[str] = []  # what it says, for the weekday check

    def text(
        self, x: float, y: float, text: str, font: str = "F1", size: float = 10, align: str = "left"
    ) -> None:
        if align == "right":
            x -= text_width(text, font, size)
        elif align == "centre":
            x -= text_width(text, font, size) / 2
        self.texts.append(text)
        self.ops.append(b"BT /%s %g Tf %.2f %.2f Td %s Tj ET" % (font.encode(), size, x, y, pdf_string(text)))

    def rule(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.ops.append(b"0.5 w %.2f %.2f m %.2f %.2f l S" % (x1, y1, x2, y2))

    def stream(self) -> bytes:
        return b"\n".join(self.ops) + b"\n"


def write_pdf(path: Path, pages: list[Page], title: str, author: str, created: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pdf_bytes(pages, title, author, created, "make_heldout6.py"))


def pdf_bytes(
    pages, title: str, author: str, created: str, producer: str, size: tuple[int, int] = (PAGE_W, PAGE_H)
) -> bytes:
    """A PDF 1.4 file of ``pages`` (each with a ``stream()``; ``size`` the pages' width and height in points, A4
    unless given): objects 1 catalog, 2 page tree, 3-4 fonts, then a page and its content stream for each page, then
    the document information; an xref table of byte offsets; the trailer. make_heldout11.py writes its newsletter
    with it too, and make_heldout12.py its slides (16:9, 960 by 540 points)."""
    objects: dict[int, bytes] = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [%s] /Count %d >>"
        % (b" ".join(b"%d 0 R" % (5 + 2 * i) for i in range(len(pages))), len(pages)),
        3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        4: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    }
    for i, page in enumerate(pages):
        data = page.stream()
        objects[5 + 2 * i] = (
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> "
            b"/Contents %d 0 R >>" % (*size, 6 + 2 * i)
        )
        objects[6 + 2 * i] = b"<< /Length %d >>\nstream\n%sendstream" % (len(data), data)
    info = 5 + 2 * len(pages)
    objects[info] = b"<< /Title %s /Author %s /Producer (%s) /CreationDate (D:%s) >>" % (
        pdf_string(title),
        pdf_string(author),
        producer.encode(),
        created.encode(),
    )
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n%s\nendobj\n" % (number, objects[number])
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (info + 1)
    out += b"".join(b"%010d 00000 n \n" % offsets[n] for n in range(1, info + 1))
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        info + 1,
        info,
        xref,
    )
    return bytes(out)


class Flow:
    """Lays blocks down a page from the top: headings, paragraphs (lines broken by hand), tables, bullet lists."""

    LEFT, RIGHT = 56, 539

    def __init__(self, page: Page, top: float) -> None:
        self.page, self.y = page, top

    def gap(self, points: float) -> None:
        self.y -= points

    def heading(self, text: str, size: float = 11.5) -> None:
        self.y -= 8
        self.page.text(self.LEFT, self.y, text, "F2", size)
        self.y -= size + 5

    def para(self, lines: list[str], size: float = 10, x: float | None = None) -> None:
        for line in lines:
            self.page.text(self.LEFT if x is None else x, self.y, line, "F1", size)
            self.y -= size + 3.5
        self.y -= 4

    def row(self, cells: list[tuple[float, str, str]], font: str = "F1", size: float = 10) -> None:
        """One line of cells (x, text, align) on the same baseline."""
        for x, text, align in cells:
            if text:
                self.page.text(x, self.y, text, font, size, align)
        self.y -= size + 4

    def table(
        self, columns: list[tuple[float, str]], rows: list[tuple[str, ...]], bold_last: int = 0
    ) -> None:
        """``columns``: (x, align) of each column (x is the right edge of a right-aligned one); the first row is
        the header row, in bold, with a rule under it; the last ``bold_last`` rows are in bold (totals)."""
        for i, row in enumerate(rows):
            if i == 0 and not any(row):  # a table with no header row
                continue
            font = "F2" if i == 0 or i >= len(rows) - bold_last else "F1"
            self.row([(x, cell, align) for (x, align), cell in zip(columns, row)], font, 9.5)
            if i == 0:
                self.page.rule(self.LEFT, self.y + 10, self.RIGHT, self.y + 10)
        self.y -= 4

    def bullets(self, items: list[list[str]], size: float = 10) -> None:
        for lines in items:
            self.page.text(self.LEFT + 4, self.y, "-", "F1", size)
            self.para(lines, size, x=self.LEFT + 16)
            self.y += 2


def header(page: Page, pieces: list[tuple[float, str, str]]) -> None:
    """A running header, with a rule under it (drawn first, as a word processor does)."""
    for x, text, font in pieces:
        page.text(x, 806, text, font, 8.5)
    page.rule(Flow.LEFT, 799, Flow.RIGHT, 799)


def footer(page: Page, number: int, of: int, small_print: str) -> None:
    """A footer: a rule, small print and "Page N of M" (drawn last)."""
    page.rule(Flow.LEFT, 62, Flow.RIGHT, 62)
    page.text(Flow.LEFT, 50, small_print, "F1", 7.5)
    page.text(PAGE_W / 2, 34, f"Page {number} of {of}", "F1", 8.5, "centre")


# --- PDF: a quarterly energy bill -------------------------------------------------------------------------------------

BILL_HEADER = [
    (Flow.LEFT, "Brightwell Energy", "F2"),
    (230, "Account number 8830 4127 65", "F1"),
    (420, "Bill date 16 March 2027", "F1"),
]
BILL_SMALL_PRINT = "Brightwell Energy Ltd, 2 Quayside, Lincoln LN1 1AB. Registered in England and Wales, company number 09921473."
CHARGE_COLUMNS = [(Flow.LEFT, "left"), (250, "left"), (340, "left"), (Flow.RIGHT, "right")]
READING_COLUMNS = [(Flow.LEFT, "left"), (200, "left"), (290, "left")]


def bill_pages() -> list[Page]:
    one, two = Page(), Page()
    header(one, BILL_HEADER)
    header(two, BILL_HEADER)

    f = Flow(one, 772)
    f.page.text(Flow.LEFT, f.y, "Your energy bill", "F2", 17)
    f.gap(30)
    f.row([(Flow.LEFT, "Ms Priya Nair", "left"), (330, "Bill number BW-27-0348812", "left")])
    f.row([(Flow.LEFT, "14 Fennel Close", "left"), (330, "Electricity and gas, one account", "left")])
    f.row([(Flow.LEFT, "Harrowby", "left")])
    f.row([(Flow.LEFT, "Grantham NG31 7QT", "left")])
    f.gap(6)
    f.para(["This bill covers 14 December 2026 to 13 March 2027 (90 days)."])
    f.heading("Your account at a glance")
    f.table(
        [(Flow.LEFT, "left"), (Flow.RIGHT, "right")],
        [
            ("", ""),
            ("Balance on your last bill (13 December 2026), in credit", "£38.15"),
            ("Direct Debit payments received: 1 January, 1 February and 1 March, £142.00 each", "£426.00"),
            ("Electricity charges this period, including VAT (below)", "£320.11"),
            ("Gas charges this period, including VAT (page 2)", "£266.64"),
            ("Balance now, in debit: what you owe us", "£122.60"),
        ],
        bold_last=1,
    )
    f.para(
        [
            "You do not need to make a separate payment: we collect the balance through your monthly Direct Debit.",
            "Your Direct Debit goes up from £142.00 to £156.00 a month from 1 April 2027 (see page 2).",
        ]
    )
    f.heading("Electricity")
    f.para(["Meter E21K09876, supply number (MPAN) 12 0008 4417 3290"])
    f.table(
        READING_COLUMNS,
        [
            ("Reading date", "Reading", "Type of reading"),
            ("14 Dec 2026", "41,286", "Actual (read by our meter reader)"),
            ("13 Mar 2027", "42,318", "Actual (your reading, sent in the app)"),
        ],
    )
    f.gap(8)
    f.table(
        CHARGE_COLUMNS,
        [
            ("Charge", "Quantity", "Rate", "Amount"),
            ("Electricity used", "1,032 kWh", "24.86p per kWh", "£256.56"),
            ("Standing charge", "90 days", "53.68p per day", "£48.31"),
            ("Total before VAT", "", "", "£304.87"),
            ("VAT", "", "5%", "£15.24"),
            ("Electricity total", "", "", "£320.11"),
        ],
        bold_last=1,
    )

    f = Flow(two, 772)
    f.heading("Gas", 13)
    f.para(["Meter G4A00731, supply number (MPRN) 7390 2215 08"])
    f.table(
        READING_COLUMNS,
        [
            ("Reading date", "Reading", "Type of reading"),
            ("14 Dec 2026", "8,412", "Actual (read by our meter reader)"),
            ("13 Mar 2027", "8,745", "Estimated"),
        ],
    )
    f.gap(4)
    f.para(
        [
            "How we turned your gas reading into kWh: 333 cubic metres x 1.02264 (volume correction)",
            "x 39.5 (calorific value) / 3.6 = 3,736 kWh.",
        ]
    )
    f.table(
        CHARGE_COLUMNS,
        [
            ("Charge", "Quantity", "Rate", "Amount"),
            ("Gas used", "3,736 kWh", "6.04p per kWh", "£225.65"),
            ("Standing charge", "90 days", "31.43p per day", "£28.29"),
            ("Total before VAT", "", "", "£253.94"),
            ("VAT", "", "5%", "£12.70"),
            ("Gas total", "", "", "£266.64"),
        ],
        bold_last=1,
    )
    f.para(
        [
            "We estimated your latest gas reading. Send us a reading by 31 March 2027, in the app or at",
            "brightwell-energy.co.uk/read, and we will send you a corrected bill.",
        ]
    )
    f.heading("Your tariff")
    f.table(
        [(Flow.LEFT, "left"), (200, "left")],
        [
            ("", ""),
            ("Tariff", "Fixed Saver 18M v4, electricity and gas"),
            ("Prices fixed until", "31 October 2027"),
            ("Exit fee", "£50 for each fuel if you switch before the end date; none in its last 49 days"),
            ("How you pay", "Monthly Direct Debit, taken on the 1st of each month"),
        ],
    )
    f.heading("Your Direct Debit")
    f.para(
        [
            "We checked your payments against what we expect you to use over the next 12 months: 3,410 kWh of",
            "electricity and 11,870 kWh of gas. To cover that and the balance now, your Direct Debit goes up from",
            "£142.00 to £156.00 a month from 1 April 2027. If you think that is too high, call us before 25 March 2027.",
        ]
    )
    f.heading("Contact us")
    f.para(
        [
            "Questions about your bill: 0330 555 0182, Monday to Friday 8am to 8pm, Saturday 9am to 1pm.",
            "If you smell gas, leave the building and call the National Gas Emergency Service on 0800 111 999.",
            "Power cut: call 105. If we have not sorted out a complaint within 8 weeks, you can take it to the",
            "Energy Ombudsman.",
        ]
    )
    footer(one, 1, 2, BILL_SMALL_PRINT)
    footer(two, 2, 2, BILL_SMALL_PRINT)
    return [one, two]


# --- PDF: a letter from a dental practice -----------------------------------------------------------------------------

DENTAL_SMALL_PRINT = "Harbour Lane Dental Practice, 3 Harbour Lane, Whitstow, Devon EX39 4RL. Principal dentist Dr Fiona Leckie."


def dental_pages() -> list[Page]:
    one, two = Page(), Page()
    header(one, [(Flow.LEFT, "Harbour Lane Dental Practice", "F2"), (330, "Telephone 01632 960418", "F1")])
    header(
        two, [(Flow.LEFT, "Harbour Lane Dental Practice", "F2"), (330, "Patient reference HLD-20931", "F1")]
    )

    f = Flow(one, 770)
    f.row([(Flow.LEFT, "Mr Tomasz Wrobel", "left"), (380, "12 April 2027", "left")])
    f.row([(Flow.LEFT, "22 Sandpiper Row", "left"), (380, "Patient reference HLD-20931", "left")])
    f.row([(Flow.LEFT, "Whitstow EX39 4TT", "left")])
    f.gap(10)
    f.para(["Dear Mr Wrobel,"])
    f.heading("Changes to your dental care from 1 July 2027")
    f.para(
        [
            "After 31 years of NHS dentistry at Harbour Lane, we have decided to end our NHS contract for adult",
            "patients. Our last day of NHS treatment for adults is Wednesday 30 June 2027. From Thursday 1 July 2027",
            "we will see adult patients privately, either on one of our monthly care plans or paying for each visit.",
        ]
    )
    f.para(
        [
            "Children under 18 are not affected: they stay NHS patients at the practice, and their treatment",
            "remains free.",
        ]
    )
    f.para(
        [
            "If you are partway through an NHS course of treatment on 30 June, we will finish it at NHS charges,",
            "however long it takes.",
        ]
    )
    f.heading("Our care plans")
    f.table(
        [(Flow.LEFT, "left"), (235, "right"), (260, "left")],
        [
            ("Plan", "Monthly fee", "What it includes"),
            ("Essential", "£14.50", "2 check-ups and 1 hygienist visit a year, X-rays when needed"),
            ("Essential Plus", "£22.00", "2 check-ups and 2 hygienist visits a year, X-rays when needed,"),
            ("", "", "10% off all other treatment"),
            ("Complete", "£34.00", "As Essential Plus, and fillings, extractions and root canal"),
            ("", "", "treatment included; 20% off laboratory work"),
        ],
    )
    f.para(
        [
            "Every plan includes cover of up to £800 a year for emergency treatment after an accident, at home or",
            "abroad. Plans are paid by Direct Debit on the 1st of each month. There is no minimum term: to leave a",
            "plan, give us one month's notice in writing.",
        ]
    )
    f.heading("How to join")
    f.para(
        [
            "Fill in the enclosed form and post it back in the prepaid envelope, or join online at",
            "harbourlanedental.co.uk/join with your patient reference, HLD-20931, by Friday 28 May 2027.",
            "Patients who join by that date pay nothing for July: their first Direct Debit is taken on 1 August 2027.",
        ]
    )

    f = Flow(two, 772)
    f.heading("If you would rather pay for each visit")
    f.table(
        [(Flow.LEFT, "left"), (400, "right")],
        [
            ("Treatment", "Price"),
            ("Check-up (examination)", "£58.00"),
            ("Hygienist appointment, 30 minutes", "£65.00"),
            ("Small X-ray, each", "£18.00"),
            ("White filling", "from £140.00"),
            ("Emergency appointment for pain relief", "£85.00"),
        ],
    )
    f.para(
        [
            "If you do not join a plan or tell us otherwise by 28 May, we will keep you on our list as a patient who",
            "pays for each visit. If you would rather find another NHS dentist, NHS 111 or the NHS website can tell",
            "you which practices near you are taking patients; we will send your records to your new dentist if you",
            "ask us in writing.",
        ]
    )
    f.heading("Appointments from 1 July")
    f.bullets(
        [
            ["Please give us at least 48 hours' notice if you need to change or cancel an appointment."],
            [
                "If you miss an appointment, or cancel with less than 48 hours' notice, we will charge £30, or £60",
                "for a hygienist or treatment appointment of 45 minutes or longer.",
            ],
            [
                "If you miss two appointments in 12 months without telling us, we may ask you to leave your plan."
            ],
            ["Please arrive five minutes early so that we can check your medical history."],
        ]
    )
    f.heading("New opening hours from 1 July 2027")
    f.table(
        [(Flow.LEFT, "left"), (250, "left")],
        [
            ("", ""),
            ("Monday to Thursday", "8.00am to 6.00pm"),
            ("Friday", "8.00am to 2.00pm"),
            ("Saturday", "9.00am to 12.30pm, on the first and third Saturday of each month"),
        ],
    )
    f.para(["If you are in severe dental pain when we are closed, call NHS 111."])
    f.heading("Your next check-up")
    f.para(
        [
            "Your next check-up is already booked for Tuesday 20 July 2027 at 9.40am with Dr Samir Haddad. It will",
            "be your first private check-up; if you join a plan by 28 May, it is covered by your plan.",
        ]
    )
    f.para(
        [
            "If you have any questions, our practice manager, Adaeze Okonkwo, will be glad to talk them through:",
            "call 01632 960418 or call in at reception.",
        ]
    )
    f.gap(4)
    f.para(["Yours sincerely,"])
    f.gap(14)
    f.para(["Dr Fiona Leckie", "Principal dentist"])
    footer(one, 1, 2, DENTAL_SMALL_PRINT)
    footer(two, 2, 2, DENTAL_SMALL_PRINT)
    return [one, two]


# --- LaTeX: a chapter of an MSc dissertation --------------------------------------------------------------------------

CHAPTER = r"""% chapter3-methods.tex -- Chapter 3 of the MSc dissertation
% "Street trees and summer land surface temperature in Leicester"
% Hannah Lindqvist, MSc Environmental Data Science, 2022-23
% Included from thesis.tex with \include{chapter3-methods}; figures live in figures/ch3/.

\chapter{Methods}
\label{ch:methods}

This chapter sets out how the relationship between tree canopy and summer land surface
temperature (LST) was measured across Leicester: the study area (Section~\ref{sec:area}),
the data (Section~\ref{sec:data}), how the sample of grid cells was drawn
(Section~\ref{sec:sampling}), the statistical model (Section~\ref{sec:model}), and the
ethical and practical limits of the approach (Sections~\ref{sec:ethics}
and~\ref{sec:limits}). Results follow in Chapter~\ref{ch:results}.

\section{Study area}
\label{sec:area}

The study area is the part of the City of Leicester inside the A563 outer ring road,
about 52\,km\textsuperscript{2}. The ring road was chosen rather than the city boundary
because the land outside it is mostly farmland and country park, where canopy and
temperature vary for reasons that have little to do with street trees.

Two kinds of land were removed before sampling:
\begin{itemize}
  \item open water, including the River Soar, the Grand Union Canal and the lakes of
        Abbey Park, because water has its own, much lower, surface temperature;
  \item the two largest parks, Abbey Park and Victoria Park, which hold large stands of
        mature trees unlike anything along a street.
\end{itemize}

\section{Data}
\label{sec:data}

\subsection{Satellite imagery}
\label{sec:landsat}

Land surface temperature came from Landsat Collection~2 Level-2 products (band ST\_B10),
which are delivered at 30\,m but measured by the thermal sensor at 100\,m. Scenes were
downloaded from USGS EarthExplorer. Only summer scenes (June to August) with less than
10\% cloud over the study area were used; six met that rule between 2019 and 2023
(Table~\ref{tab:scenes}). Every scene was taken at about 10:55 UTC, that is 11:55 local
time.

\begin{table}[ht]
  \centering
  \caption{The six Landsat scenes used, with the day's highest air temperature at the
           Met Office station at Sutton Bonington.}
  \label{tab:scenes}
  \begin{tabular}{llrr}
    \toprule
    Date & Satellite & Cloud over area & Max air temp.\ (\textdegree C) \\
    \midrule
    2019-07-25 & Landsat 8 & 0.4\% & 34.1 \\
    2020-08-12 & Landsat 8 & 2.7\% & 31.6 \\
    2021-07-22 & Landsat 8 & 6.8\% & 29.3 \\
    2022-07-18 & Landsat 9 & 0.0\% & 37.8 \\
    2022-08-11 & Landsat 8 & 1.9\% & 32.4 \\
    2023-06-12 & Landsat 9 & 8.5\% & 28.9 \\
    \bottomrule
  \end{tabular}
\end{table}

\subsection{Tree canopy}
\label{sec:canopy}

Canopy came from the Environment Agency's National LIDAR Programme, flown over Leicester
in 2021: a 1\,m digital surface model minus the 1\,m terrain model gave a canopy height
model. A 1\,m pixel counts as canopy when it is at least 2.5\,m tall and falls outside
every building footprint of OS MasterMap Topography; the footprint mask stops roofs being
counted as trees. Canopy cover of a cell is the share of its pixels that are canopy.

\subsection{Other explanatory variables}
\label{sec:covariates}

Canopy is not the only thing that cools or warms a cell. The model therefore also
includes, for each cell:
\begin{itemize}
  \item impervious surface fraction (roads, pavements, car parks and roofs), from OS
        MasterMap Topography;
  \item mean building height, from the same LIDAR surfaces;
  \item distance from the cell's centre to the nearest open water, in metres;
  \item mean elevation above sea level, from the LIDAR terrain model.
\end{itemize}
Grass and other low vegetation were deliberately left out: they are strongly negatively
correlated with impervious fraction (\(r = -0.91\)), and including both made the model
unstable.

\section{Sampling design}
\label{sec:sampling}

The study area was divided into a regular grid of 250\,m by 250\,m cells, aligned with
the British National Grid; 1,186 cells lay at least half inside it. Cells with more than
20\% water or park (Section~\ref{sec:area}) were dropped, leaving 1,031.
From these, 240 cells were drawn at random, stratified by canopy cover: the cells were
ranked by canopy cover and split into five quintiles, and 48 cells were drawn from each.
Stratifying in this way makes sure that the leafiest and the barest streets are both
well represented, which a simple random sample of a mostly low-canopy city would not.

\section{Statistical analysis}
\label{sec:model}

Mean LST of each sampled cell in each scene was modelled with a linear mixed-effects
model, with a random intercept for the scene to absorb the differences in weather
between days:
\begin{equation}
  \mathrm{LST}_{ij} = \beta_0 + \beta_1\,\mathrm{canopy}_i + \beta_2\,\mathrm{impervious}_i
    + \beta_3\,\mathrm{height}_i + \beta_4\,\mathrm{water}_i + \beta_5\,\mathrm{elev}_i
    + u_j + \varepsilon_{ij},
\end{equation}
for cell \(i\) and scene \(j\), \(u_j \sim N(0, \sigma_u^2)\). The model was fitted in
R~4.3.1 with the \texttt{lme4} package (version 1.1-34), by restricted maximum
likelihood; \(p\)-values use the Satterthwaite approximation from \texttt{lmerTest}.
Effects are called significant at the 5\% level.

Neighbouring cells are not independent. Moran's \(I\) of the residuals, with each cell's
8 nearest neighbours as weights (\texttt{spdep}), was used to check for spatial
autocorrelation; where it was significant, the model was refitted with an exponential
spatial correlation structure in \texttt{glmmTMB}. The model's predictive skill was
checked by 10-fold cross-validation, holding out whole cells rather than cell-scenes.

\section{Ethics and data management}
\label{sec:ethics}

The project uses only open data about places and involves no people, so it was
classed as low risk by the School's ethics committee (approval reference ENV-2023-117).
All data were kept on the university's research file store, with the code in a private
GitLab repository; both will be deposited in the university's data repository under a
CC BY 4.0 licence when the dissertation is examined. Landsat data are in the public
domain; LIDAR and OS MasterMap data are used under the Open Government Licence and the
university's Digimap licence respectively.

\section{Limitations}
\label{sec:limits}

Three limitations shape how the results can be read. First, Landsat passes over at
about midday, before the hottest part of the afternoon, so the cooling found here is
likely to understate the afternoon effect. Second, canopy was mapped once, in 2021,
while the scenes span 2019 to 2023; trees felled or planted in those years are
misclassified. Third, LST is the temperature of surfaces, not of the air people breathe:
a cool tree crown above a hot pavement says little about how a pedestrian feels, which
is why Chapter~\ref{ch:discussion} compares the results with the air temperatures
recorded by the twelve street-level loggers described in Appendix~B.
"""


# --- Configuration: a home server's docker-compose.yml ----------------------------------------------------------------

COMPOSE = """\
# docker-compose.yml for "larder", the home server in the cupboard under the stairs
# (Intel N100 mini PC, Debian 12, 16 GB RAM; 2 TB SSD for the system, 8 TB USB disk mounted at /srv).
#
# Start or update everything:   docker compose pull && docker compose up -d
# Logs of one service:          docker compose logs -f jellyfin
#
# Secrets are NOT in this file: they live in ./secrets/ (chmod 600, not in the git repo).
# The server's fixed address on the LAN is 192.168.1.20 (reserved in the router's DHCP settings).
# Caddy runs on the host itself, not in Docker, and holds ports 80 and 443.

name: larder

services:
  # --- Jellyfin: films, TV and music for the TV and phones ------------------------------------
  jellyfin:
    image: jellyfin/jellyfin:10.9.11
    container_name: jellyfin
    # unless-stopped: comes back after a crash or a reboot, but stays down if I stop it myself.
    restart: unless-stopped
    ports:
      - "8096:8096"   # web interface and the apps: http://192.168.1.20:8096
    volumes:
      - ./jellyfin/config:/config
      - ./jellyfin/cache:/cache
      # The media library is mounted read-only (:ro) so Jellyfin can never delete or rename a file.
      - /srv/media:/media:ro
    devices:
      # The N100's integrated GPU, for hardware transcoding (Intel Quick Sync, VA-API).
      - /dev/dri/renderD128:/dev/dri/renderD128
    environment:
      - TZ=Europe/London

  # --- Pi-hole: DNS for the whole house, blocks adverts and trackers ----------------------------
  pihole:
    image: pihole/pihole:2024.07.0
    container_name: pihole
    # always: restarts even after I stop it by hand, once the Docker daemon restarts.
    # Without DNS nothing in the house works, so this one must always come back.
    restart: always
    ports:
      - "53:53/tcp"
      - "53:53/udp"
      - "8081:80/tcp"   # admin page: http://192.168.1.20:8081/admin (port 80 is taken by Caddy)
    volumes:
      - ./pihole/etc-pihole:/etc/pihole
      - ./pihole/etc-dnsmasq.d:/etc/dnsmasq.d
    environment:
      - TZ=Europe/London
      - WEBPASSWORD_FILE=/run/secrets/pihole_password
      - FTLCONF_LOCAL_IPV4=192.168.1.20
      # Upstream DNS servers: Quad9, with its filtered, DNSSEC-validating resolvers.
      - PIHOLE_DNS_=9.9.9.9;149.112.112.112
    secrets:
      - pihole_password

  # --- Nextcloud and its database: files, calendars and contacts --------------------------------
  nextcloud:
    image: nextcloud:29-apache
    container_name: nextcloud
    restart: unless-stopped
    depends_on:
      - nextcloud-db
    ports:
      - "8080:80"   # reached from outside through Caddy at https://cloud.larder.home.arpa
    volumes:
      - ./nextcloud/html:/var/www/html
      # Everyone's files go on the big disk, not the SSD.
      - /srv/nextcloud-data:/var/www/html/data
    environment:
      - MYSQL_HOST=nextcloud-db
      - MYSQL_DATABASE=nextcloud
      - MYSQL_USER=nextcloud
      - MYSQL_PASSWORD_FILE=/run/secrets/nextcloud_db_password
      # Uploads of up to 16 GB (phone videos); the default is 512 MB.
      - PHP_UPLOAD_LIMIT=16G
    secrets:
      - nextcloud_db_password

  nextcloud-db:
    image: mariadb:10.11
    container_name: nextcloud-db
    restart: unless-stopped
    # No ports: only Nextcloud talks to the database, over the compose network.
    command: --transaction-isolation=READ-COMMITTED --log-bin=binlog --binlog-format=ROW
    volumes:
      - ./nextcloud/db:/var/lib/mysql
    environment:
      - MYSQL_ROOT_PASSWORD_FILE=/run/secrets/nextcloud_db_root_password
      - MYSQL_PASSWORD_FILE=/run/secrets/nextcloud_db_password
      - MYSQL_DATABASE=nextcloud
      - MYSQL_USER=nextcloud
    secrets:
      - nextcloud_db_root_password
      - nextcloud_db_password

  # --- Uptime Kuma: tells my phone when something above goes down ----------------------------
  uptime-kuma:
    image: louislam/uptime-kuma:1.23.13
    container_name: uptime-kuma
    restart: unless-stopped
    ports:
      - "3001:3001"
    volumes:
      - ./uptime-kuma:/app/data

  # --- Watchtower: keeps the images above up to date -----------------------------------------
  watchtower:
    image: containrrr/watchtower:1.7.1
    container_name: watchtower
    restart: unless-stopped
    volumes:
      - /var/run/docker.sock:/var/run/docker.sock
    environment:
      - TZ=Europe/London
      # Six-field cron (seconds first): every Sunday at 04:00, when nobody is watching anything.
      - WATCHTOWER_SCHEDULE=0 0 4 * * 0
      # Delete the old image after updating, or the SSD fills up.
      - WATCHTOWER_CLEANUP=true
    # Nextcloud and its database are updated by hand, after reading the release notes:
    # a major Nextcloud upgrade has to go one version at a time.
    command: jellyfin pihole uptime-kuma

secrets:
  pihole_password:
    file: ./secrets/pihole_password.txt
  nextcloud_db_password:
    file: ./secrets/nextcloud_db_password.txt
  nextcloud_db_root_password:
    file: ./secrets/nextcloud_db_root_password.txt
"""


# --- Configuration: a photo importer's settings -----------------------------------------------------------------------

SHOEBOX = """\
; Shoebox 3 settings for Maggie's laptop
; ~/.config/shoebox/shoebox.ini -- Shoebox reads this when it starts; quit it before editing.
; Lines starting with ; are comments. Sizes in pixels, times in 24-hour clock.

[library]
; Where imported photos and videos end up, and how the folders under it are named.
root = /home/maggie/Pictures/Shoebox
; {year}/{year}-{month}-{day}: one folder per year, one folder per day inside it.
folder_pattern = {year}/{year}-{month}-{day}
; Rename files to the time they were taken, e.g. 20260814_153012.jpg; off keeps the camera's names.
rename_by_date = on

[import]
; Look for new photos on any card or phone that is plugged in.
watch_removable = on
; Camera RAW files are imported next to their JPEGs but hidden in the grid.
hide_raw_pairs = on
; How a duplicate is recognised: name (same file name), or checksum (same contents,
; compared by SHA-256, so a renamed copy is still caught). Duplicates are skipped.
duplicates = checksum
; Delete photos from the card after a successful import: never, ask, or always.
delete_after_import = ask

[backup]
; A copy of the whole library on the NAS in the hall (the share must be mounted first).
target = /mnt/diskstation/photo-backup
; Run the backup every night at this time, if the laptop is awake and on mains power.
run_at = 02:30
on_battery = off
; Older versions of a changed or deleted file are kept in .versions/ on the NAS.
; How many versions of each file to keep; the oldest goes first.
keep_versions = 12
; Send an email when a backup fails two nights running.
alert_email = maggie.dunmore@example.net

[export]
; Long side, in pixels, of the copies exported for email or the family chat.
max_size = 2048
jpeg_quality = 85
; Where GPS position is removed: never, exported (only the copies you export or share),
; or all (also the originals in the library). Exported copies of photos of the house
; should not say where it is.
strip_location = exported

[display]
; light, dark, or system (follow the desktop).
theme = system
; Thumbnail size in the grid: 160, 256 or 320.
thumbnail_size = 256
; Faces: group photos by the people in them. Everything is worked out on this laptop;
; nothing is sent anywhere.
face_grouping = on
"""


# --- Plain text: a year's log of a car ---------------------------------------------------------------------------------

CAR_LOG = """\
OCTAVIA LOG 2026
Skoda Octavia Estate 1.6 TDI SE, 2015, reg. FY15 KXR, colour Moon White. Kept by Ian Pryce, Grantham.
Bought Oct 2023 at 76,180 miles. Fuel lines: brim the tank every time, so mpg = miles since last fill / gallons.
Garage: Bridge Street Autos (Dev and Marcus), 01476 550 318. MOT: Kestrel MOT Centre (test only, no repairs).

Sat 3 Jan 2026
  Odometer 87,431 at the start of the year (last fill of 2025 was at 87,412 on New Year's Eve).
  Tyre pressures from the sticker inside the fuel flap, normal load: front 2.3 bar (33 psi),
  rear 2.1 bar (30 psi). Fully loaded (holiday, tip runs): front 2.5 bar, rear 2.9 bar.
  Tyres: Michelin Primacy 4, 205/55 R16 91V all round. Fronts fitted Oct 2024, rears Mar 2025.
  Locking wheel nut key is in the glovebox, in the blue pouch with the handbook.

Fri 9 Jan 2026  FUEL  odo 87,905  41.8 L at 142.9p = £59.73  Tesco, Lincoln Road  (493 miles, 53.6 mpg)

Sat 17 Jan 2026
  Wipers smearing. New front blades from Halfords: Bosch Aerotwin A297S (the pair, 600 mm driver's side
  and 450 mm passenger's side), £27.99. They click straight onto the arms; old ones in the recycling.

Sat 24 Jan 2026  FUEL  odo 88,402  43.5 L at 141.9p = £61.73  Tesco, Lincoln Road  (497 miles, 51.9 mpg)

Sat 7 Feb 2026  FUEL  odo 88,871  42.9 L at 143.9p = £61.73  Shell, Barrowby  (469 miles, 49.7 mpg)

Tue 10 Feb 2026
  Would not start at 7am: -6 C overnight, dashboard flickered, starter clicked and gave up.
  Gareth next door jump-started it from his Berlingo. Drove to work the long way to charge it.
  The battery is the original one from 2015, so it has done well.

Thu 12 Feb 2026
  New battery at Bridge Street Autos: Varta E44 (77 Ah, 780 A, an EFB battery, made for start-stop).
  £148 fitted, including coding the new battery to the car so the start-stop and charging work properly.
  Dev says the old one tested at 41% health. Odometer 89,020.

Sat 21 Feb 2026  FUEL  odo 89,350  42.1 L at 144.9p = £61.00  Tesco, Lincoln Road  (479 miles, 51.7 mpg)

Sat 7 Mar 2026
  Topped up screenwash (5 L of concentrate mixed 1:1). Coolant level between the marks, no leaks.
  Oil on the dipstick just above the middle; no top-up needed.

Sun 8 Mar 2026  FUEL  odo 89,866  44.6 L at 144.9p = £64.63  Tesco, Lincoln Road  (516 miles, 52.6 mpg)

Sat 21 Mar 2026  FUEL  odo 90,351  41.7 L at 146.9p = £61.26  Asda, Grantham  (485 miles, 52.9 mpg)

Thu 2 Apr 2026
  Annual service at Bridge Street Autos, odometer 90,702. Fixed-interval service (the car is set to
  fixed intervals, not LongLife): oil and oil filter, air filter, pollen filter, fuel filter.
  Oil: Castrol Edge 5W-30 LL, VW 507.00 spec, 4.3 litres with the filter. Keep 1 litre of the same in the
  boot; do NOT top up with any oil that is not 507.00 (the DPF does not like it).
  Total £236.50. Service book stamped. Next service due at 100,700 miles or 2 Apr 2027, whichever first.
  Marcus mentioned the rear brake discs are getting a lip; fine for now, look again at the MOT.

Sat 4 Apr 2026  FUEL  odo 90,855  43.2 L at 147.9p = £63.89  Tesco, Lincoln Road  (504 miles, 53.0 mpg)

Sat 18 Apr 2026  FUEL  odo 91,330  40.8 L at 148.9p = £60.75  Tesco, Lincoln Road  (475 miles, 52.9 mpg)

Mon 20 Apr 2026
  MOT at Kestrel MOT Centre, odometer 91,372. PASS, £54.85. Certificate valid until 19 Apr 2027.
  Advisories:
    - Nearside front tyre worn close to the legal limit (2.1 mm)
    - Offside front tyre worn close to the legal limit (2.3 mm)
    - Rear brake discs worn, pitted or scored, but not seriously weakened
    - Slight oil misting from the sump gasket (not dripping)
  To do: two front tyres soon; rear discs and pads before winter; keep an eye on the sump.

Fri 1 May 2026  FUEL  odo 91,799  40.3 L at 147.9p = £59.60  Asda, Grantham  (469 miles, 52.9 mpg)

Sat 2 May 2026
  Two new front tyres at Tyre Barn, Dysart Road: Michelin Primacy 4 205/55 R16 91V again (stayed with the
  same tyre as the rears). £214 for the pair, fitted, balanced, new valves and disposal of the old ones.
  Rears measured 4.6 mm, so no need to swap front to back. Odometer 91,826. Pressures set to 2.3 / 2.1.

Sat 23 May 2026
  Scotland trip: Grantham to Glencoe for the week, the four of us and the roof box.
  Pressures up to the loaded figures (2.5 front / 2.9 rear) before leaving. Roof box costs about 3 mpg.

Sat 23 May 2026  FUEL  odo 92,312  41.6 L at 146.9p = £61.11  Tesco, Lincoln Road  (513 miles, 56.1 mpg)

Sun 24 May 2026  FUEL  odo 92,801  35.6 L at 156.9p = £55.86  BP, Gretna Green services  (489 miles, 62.4 mpg)
  Best tank ever: A1 and M6 at a steady 65-70 with cruise control, roof box and all.

Wed 27 May 2026
  Single-track road past Kinlochleven: a stone chip in the windscreen, bottom left, outside the wipers'
  sweep. Smaller than a 5p coin. Photo taken for the insurer.

Fri 29 May 2026  FUEL  odo 93,253  36.2 L at 154.9p = £56.07  Morrisons, Fort William  (452 miles, 56.8 mpg)

Sun 31 May 2026  FUEL  odo 93,746  37.9 L at 151.9p = £57.57  Asda, Boroughbridge  (493 miles, 59.1 mpg)
  Home at 6pm. Whole trip about 1,530 miles from Grantham and back. Pressures back to normal (2.3 / 2.1).

Sat 13 Jun 2026  FUEL  odo 94,120  30.9 L at 145.9p = £45.08  Tesco, Lincoln Road  (374 miles, 55.0 mpg)

Mon 15 Jun 2026
  Windscreen chip repaired on the driveway by the insurer's glass people (Autoglaze). Free: a repair
  does not touch the no-claims discount and there is no excess for a repair, only for a new screen.

Sat 27 Jun 2026  FUEL  odo 94,598  40.1 L at 145.9p = £58.51  Tesco, Lincoln Road  (478 miles, 54.2 mpg)

Sat 11 Jul 2026
  Air con blowing barely cool. Regas at Kestrel (they do air con as well as MOTs): R134a, 525 g, with dye
  to find any leak. £69. Cold again. If it warms up within a month there is a leak; look for the dye.

Sat 11 Jul 2026  FUEL  odo 95,061  39.5 L at 144.9p = £57.24  Shell, Barrowby  (463 miles, 53.3 mpg)

Sat 25 Jul 2026  FUEL  odo 95,520  38.7 L at 143.9p = £55.69  Tesco, Lincoln Road  (459 miles, 53.9 mpg)

Sat 8 Aug 2026  FUEL  odo 95,988  39.6 L at 143.9p = £56.98  Tesco, Lincoln Road  (468 miles, 53.7 mpg)

Sat 15 Aug 2026
  Air con still cold a month on: no leak. Went through the folder of old invoices from the previous owner.
  Cambelt kit and water pump were done at 74,900 miles on Wed 6 Sep 2023 by Lincoln Skoda (invoice in
  the folder). Skoda's interval for this engine: 140,000 miles or 5 years, whichever comes first. So the
  next one is due by Sep 2028 at the latest; at our mileage the 5 years will come first.
  Bridge Street quoted £495 for the cambelt, tensioner and water pump when it is due.

Sat 22 Aug 2026  FUEL  odo 96,455  39.9 L at 142.9p = £57.02  Asda, Grantham  (467 miles, 53.2 mpg)

Sat 5 Sep 2026  FUEL  odo 96,920  39.8 L at 142.9p = £56.87  Tesco, Lincoln Road  (465 miles, 53.1 mpg)

Sat 19 Sep 2026  FUEL  odo 97,384  40.2 L at 143.9p = £57.85  Tesco, Lincoln Road  (464 miles, 52.5 mpg)

Thu 24 Sep 2026
  Insurance renewed with Coppergate Insurance: £412.70 for the year (was £388.20), paid in full.
  Compulsory excess £250 plus voluntary excess £100, so £350 for any claim. Windscreen replacement
  excess £115; repairs free (see 15 Jun). Both of us named drivers; 9 years' no-claims discount protected.
  Policy number CGI-MTR-5514902. Renewal date 30 Sep each year.

Sat 3 Oct 2026  FUEL  odo 97,850  41.3 L at 144.9p = £59.84  Tesco, Lincoln Road  (466 miles, 51.3 mpg)

Sat 17 Oct 2026
  Rear brake discs and pads at Bridge Street Autos (the MOT advisory): Brembo discs, Mintex pads, £189.
  Odometer 98,290. Dev showed me the old discs: a deep lip and rust on the inner faces.
  The handbrake had to be wound back with the diagnostic laptop (electric parking brake).

Sat 17 Oct 2026  FUEL  odo 98,302  41.0 L at 145.9p = £59.82  Shell, Barrowby  (452 miles, 50.1 mpg)

Sat 31 Oct 2026  FUEL  odo 98,739  40.9 L at 146.9p = £60.08  Tesco, Lincoln Road  (437 miles, 48.6 mpg)

Tue 3 Nov 2026
  Engine management light came on, amber, on the A46 near Newark. No loss of power, no smoke.
  Read it at home with the cheap OBD reader from the glovebox: fault code P0401, "Exhaust Gas
  Recirculation Flow Insufficient Detected". Cleared it; it came back after 20 miles.

Mon 9 Nov 2026
  Bridge Street Autos took the EGR valve off and cleaned it (carbon-caked, as Dev expected for a car that
  does mostly short runs in winter). £95. Light off since. Odometer 99,041.
  Dev's advice: a 30-minute run on the A1 every couple of weeks to keep the DPF and EGR clean.

Sat 14 Nov 2026  FUEL  odo 99,170  41.4 L at 147.9p = £61.23  Tesco, Lincoln Road  (431 miles, 47.3 mpg)

Sat 28 Nov 2026
  Winter check. Coolant protects to -34 C (tested with the hydrometer). New rear wiper blade, Bosch H301
  (300 mm), £11.49. De-icer and the scraper back in the door pocket. Sump gasket: still only misting.

Sat 28 Nov 2026  FUEL  odo 99,585  40.7 L at 148.9p = £60.60  Asda, Grantham  (415 miles, 46.4 mpg)

Sat 12 Dec 2026  FUEL  odo 99,990  41.1 L at 147.9p = £60.79  Tesco, Lincoln Road  (405 miles, 44.8 mpg)

Sun 13 Dec 2026
  100,000 miles, on the A1 just north of Colsterworth, on the way back from Mum's. Photo of the dash.

Thu 31 Dec 2026
  Year summary. Odometer 100,294, so 12,882 miles this year (including the Scotland trip).
  Fuel: 27 fills, 1,087.3 litres, £1,592.53; average 52.6 mpg over the fills.
  Maintenance and repairs: £1,045.83 (wipers, battery, service, MOT, front tyres, air con, rear brakes,
  EGR clean, rear wiper). Insurance £412.70 on top.
  Coming up in 2027: service by 2 Apr 2027, MOT by 19 Apr 2027. Save for the cambelt (£495) in 2028.
"""


# --- writing them -----------------------------------------------------------------------------------------------------

MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
WEEKDAY_DATE = re.compile(
    r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\.? +(\d{1,2}) +(" + "|".join(MONTHS) + r")[a-z]* +(\d{4})\b"
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


def main() -> None:
    bill, letter = bill_pages(), dental_pages()
    texts = {
        "msc-chapter3-methods.tex": CHAPTER,
        "docker-compose.yml": COMPOSE,
        "shoebox.ini": SHOEBOX,
        "octavia-log-2026.txt": CAR_LOG,
    }
    for pages in (bill, letter):
        check_weekdays("\n".join(t for page in pages for t in page.texts))
    for text in texts.values():
        check_weekdays(text)
    write_pdf(
        OUT / "energy-bill-2027-03.pdf", bill, "Your energy bill", "Brightwell Energy", "20270316083000Z"
    )
    write_pdf(
        OUT / "dentist-letter-2027-04.pdf",
        letter,
        "Changes to your dental care from 1 July 2027",
        "Harbour Lane Dental Practice",
        "20270412101500Z",
    )
    for name, text in texts.items():
        (OUT / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
