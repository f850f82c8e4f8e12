"""Generate the private documents of the realdocs ``heldout3`` part (a tenancy agreement DOCX, a chess club's accounts
XLSX, a cottage-weekend mail thread .mbox, a garage's booking .eml, a local-history booklet EPUB) under ``files/``.

    python eval/realdocs/make_heldout3.py          # rewrite them; the output is the same on every run

Everything is fixed text; zip members get a fixed timestamp and the office files fixed document dates, so that a
rerun with the same library versions gives the same bytes. The other documents of the part (two GNU info manuals,
two package documents) are copied from Debian packages as ``documents.json`` records.
"""

from __future__ import annotations

import datetime as dt
import email.policy
import io
import mailbox
import re
import time
import zipfile
from email.message import EmailMessage
from pathlib import Path

FILES = Path(__file__).resolve().parent / "files"
STAMP = dt.datetime(2026, 12, 6, 9, 0, 0)


def normalise_zip(path: Path) -> None:
    """Rewrite a zip with every member dated STAMP (order and compression kept) and office dates fixed."""
    with zipfile.ZipFile(path) as z:
        members = [(i, z.read(i.filename)) for i in z.infolist()]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as out:
        for info, data in members:
            if info.filename == "docProps/core.xml":
                iso = STAMP.strftime("%Y-%m-%dT%H:%M:%SZ")
                data = re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*", rb"\g<1>" + iso.encode(), data)
            zi = zipfile.ZipInfo(info.filename, date_time=STAMP.timetuple()[:6])
            zi.compress_type = info.compress_type
            zi.external_attr = 0o644 << 16
            out.writestr(zi, data)
    path.write_bytes(buf.getvalue())


# --- DOCX: a tenancy agreement -------------------------------------------------------------------------------------

TENANCY_PARTIES = [
    ("Landlord", "Gareth Pryce, 4 Orchard Close, Whitby YO21 3HT"),
    ("Tenant", "Nadia Okafor"),
    ("Property", "Flat 2, 12 Quarry Road, Whitby YO22 4DE (second-floor flat, let unfurnished)"),
    ("Term", "12 months from 1 March 2026 to 28 February 2027"),
    ("Rent", "£875 per calendar month, due on the 1st of each month"),
    ("Deposit", "£1,009.61 (five weeks' rent)"),
    ("Deposit scheme", "Deposit Protection Service (custodial), certificate DPS-4471-2209"),
]

TENANCY_CLAUSES = [
    (
        "1. Rent",
        "The Tenant will pay the rent by standing order to the Landlord's account (sort code 40-11-62, account "
        "71559302). Rent paid more than 14 days late may be charged interest at 3% a year above the Bank of England "
        "base rate, as the Tenant Fees Act 2019 allows.",
    ),
    (
        "2. Deposit",
        "The Landlord will protect the deposit within 30 days of receiving it. It will be returned within 10 days "
        "of both parties agreeing how much is to be repaid after the tenancy ends. Deductions may only be made for "
        "unpaid rent, damage beyond fair wear and tear, or missing items listed on the inventory.",
    ),
    (
        "3. Ending the tenancy early",
        "Either party may end the tenancy before the end of the term by giving at least two months' notice in "
        "writing, but no such notice may expire before 31 August 2026, the end of the sixth month.",
    ),
    (
        "4. Use of the Property",
        "The Tenant will use the Property as a private home for one household only and will not sublet it or take "
        "in lodgers. Smoking and vaping are not permitted anywhere inside the Property or on the shared stairwell.",
    ),
    (
        "5. Pets",
        "No animals may be kept at the Property without the Landlord's written consent, which will not be "
        "unreasonably withheld. The Landlord has already consented to one indoor cat; a dog would need separate "
        "consent.",
    ),
    (
        "6. Decoration",
        "The Tenant may hang pictures using small picture hooks but must not paint, wallpaper, or drill into tiled "
        "surfaces without consent. Adhesive putty or strips that leave marks on painted walls count as damage.",
    ),
    (
        "7. Bills",
        "The Tenant pays for electricity, water and the TV licence, and pays council tax to North Yorkshire Council "
        "(band B). The flat is all-electric and has no gas supply.",
    ),
    (
        "8. Repairs and access",
        "The Landlord is responsible for the structure and exterior, the plumbing, the heating and the hot water "
        "cylinder. The Tenant must report any disrepair promptly. Except in an emergency the Landlord will give at "
        "least 24 hours' notice in writing before any visit and will only call between 9am and 7pm.",
    ),
    (
        "9. Bins and shared areas",
        "General waste is collected every Tuesday morning; the blue recycling bin is emptied every other Friday. "
        "Bicycles may be kept in the shed in the rear yard but not in the hallway.",
    ),
    (
        "10. Keys",
        "Two sets of front-door keys and one fob for the rear gate are provided. A lost fob is replaced at a cost "
        "of £25.",
    ),
]

TENANCY_CONTACTS = [
    ("Contact", "Name", "Telephone"),
    ("Landlord", "Gareth Pryce", "07700 900418"),
    ("Emergency plumber", "Esk Valley Plumbing", "01947 600233"),
    ("Electrician", "Harbour Electrical", "01947 600871"),
]


def make_docx(path: Path) -> None:
    import docx

    d = docx.Document()
    d.core_properties.author = "Gareth Pryce"
    d.core_properties.title = "Tenancy agreement, Flat 2, 12 Quarry Road"
    d.core_properties.created = d.core_properties.modified = STAMP
    d.core_properties.last_modified_by = "Gareth Pryce"
    d.core_properties.revision = 1
    d.add_heading("Assured Shorthold Tenancy Agreement", level=1)
    d.add_paragraph(
        "This agreement is made on 12 February 2026 between the Landlord and the Tenant named below, for the "
        "letting of the Property described below."
    )
    table = d.add_table(rows=0, cols=2)
    for k, v in TENANCY_PARTIES:
        cells = table.add_row().cells
        cells[0].text, cells[1].text = k, v
    for head, text in TENANCY_CLAUSES:
        d.add_heading(head, level=2)
        d.add_paragraph(text)
    d.add_heading("Useful numbers", level=2)
    table = d.add_table(rows=0, cols=3)
    for row in TENANCY_CONTACTS:
        cells = table.add_row().cells
        for c, v in zip(cells, row):
            c.text = v
    d.add_paragraph("Signed by the Landlord: ____________________   Date: ____________")
    d.add_paragraph("Signed by the Tenant: ____________________   Date: ____________")
    path.parent.mkdir(parents=True, exist_ok=True)
    d.save(str(path))
    normalise_zip(path)


# --- XLSX: a chess club's accounts -----------------------------------------------------------------------------------

INCOME = [
    ("Item", "Detail", "Amount (£)"),
    ("Adult subscriptions", "31 members at £42", 1302),
    ("Junior subscriptions", "12 juniors at £15", 180),
    ("Rapidplay entry fees", "Spring rapidplay, 64 entries", 1120),
    ("Raffle", "Christmas social", 146.75),
    ("Town council grant", "Towards junior coaching", 400),
    ("Bank interest", "", 3.87),
]
EXPENSES = [
    ("Date", "Item", "Paid to", "Amount (£)"),
    ("2026-09-03", "Hall hire, Thursday club nights (Sep-Dec)", "St Aidan's Church Hall", 544),
    ("2026-09-10", "County league registration", "North Yorkshire Chess Association", 85),
    ("2026-10-01", "6 digital clocks", "Chess & Bridge Ltd", 387.65),
    ("2026-11-20", "Public liability insurance", "Clubsafe Insurance", 96),
    ("2027-01-07", "Hall hire, Thursday club nights (Jan-Apr)", "St Aidan's Church Hall", 576),
    ("2027-03-14", "Spring rapidplay: venue and arbiter", "Whitby Pavilion", 460),
    ("2027-03-14", "Rapidplay prize fund", "Prizewinners (cash)", 520),
    ("2027-04-22", "Trophies and engraving", "Esk Trophies", 118.35),
    ("2027-05-06", "Junior coaching, 8 sessions", "Tom Hargreaves", 320),
]


def make_xlsx(path: Path) -> None:
    import openpyxl

    total_in = round(sum(r[2] for r in INCOME[1:]), 2)
    total_out = round(sum(r[3] for r in EXPENSES[1:]), 2)
    opening = 1874.12
    wb = openpyxl.Workbook()
    wb.properties.creator = "Ruth Ellery"
    wb.properties.title = "Kestrel Chess Club accounts 2026-27"
    wb.properties.created = wb.properties.modified = STAMP
    ws = wb.active
    ws.title = "Income"
    ws.append(["Kestrel Chess Club - income, season 2026-27"])
    ws.append([])
    for r in INCOME:
        ws.append(list(r))
    ws.append([])
    ws.append(["Total income", "", total_in])
    ws = wb.create_sheet("Expenses")
    ws.append(["Kestrel Chess Club - expenses, season 2026-27"])
    ws.append([])
    for r in EXPENSES:
        ws.append(list(r))
    ws.append([])
    ws.append(["Total expenses", "", "", total_out])
    ws = wb.create_sheet("Summary")
    ws.append(["Kestrel Chess Club - summary, season 2026-27"])
    ws.append([])
    ws.append(["Bank balance at 1 September 2026", opening])
    ws.append(["Income", total_in])
    ws.append(["Expenses", total_out])
    ws.append(["Surplus for the season", round(total_in - total_out, 2)])
    ws.append(["Bank balance at 31 August 2027", round(opening + total_in - total_out, 2)])
    ws.append([])
    ws.append(["Adult subscription from next season", "£45 (agreed at the AGM on 4 June 2027)"])
    ws.append(["Treasurer", "Ruth Ellery"])
    path.parent.mkdir(parents=True, exist_ok=True)
    wb.save(str(path))
    normalise_zip(path)


# --- mail: a cottage-weekend thread (.mbox) and a garage's booking (.eml) --------------------------------------------

GROUP = "Peak weekend <peak-weekend@lists.example.org>"
THREAD = [
    (
        "Owen Blake <owen.blake@example.org>",
        "Cottage for the April weekend",
        "Tue, 09 Feb 2027 19:42:00 +0000",
        "Hi all,\n\n"
        "I've found somewhere for the weekend of Friday 16 to Sunday 18 April: Nether Barn, just outside Hope.\n"
        "It sleeps 8 (we're 7), has a wood burner and a hot tub, and there's parking for 3 cars.\n\n"
        "It's £640 for the two nights. The owner wants £160 up front to hold it and the rest four weeks\n"
        "before we arrive. Check-in is from 4pm on the Friday and we have to be out by 10am on the Sunday.\n\n"
        "Shout if you're in and I'll ask Dev to book it (he's got the club card with the cashback).\n\n"
        "Owen\n",
    ),
    (
        "Chloe Marsh <chloe.marsh@example.org>",
        "Re: Cottage for the April weekend",
        "Tue, 09 Feb 2027 21:05:00 +0000",
        "I'm in! I can't get away from work early on the Friday, so I'll come by train and get into Hope\n"
        "station at about 8pm. Could someone pick me up? It's a 10-minute drive.\n\n"
        "Walk idea for the Saturday: the Great Ridge - Castleton up to Mam Tor and along to Lose Hill,\n"
        "about 9.5 km, then the pub in Castleton.\n\n"
        "And a gentle reminder that I'm vegetarian :)\n\n"
        "Chloe\n",
    ),
    (
        "Dev Raman <dev.raman@example.org>",
        "Re: Cottage for the April weekend",
        "Thu, 25 Feb 2027 12:30:00 +0000",
        "Booked - I've paid the £160 deposit.\n\n"
        "Everyone please transfer me £92 by Friday 12 March so I can pay the balance on time. That's a\n"
        "little over a seventh each; the extra goes on firewood and breakfast things.\n\n"
        "Cars: Owen has room for 3, I'll take 2 and most of the gear, and I'll collect Chloe from the\n"
        "station on the Friday evening.\n\n"
        "Food: I'll cook a big chilli on the Saturday night (a bean one for Chloe). Friday is fish and\n"
        "chips from Hope when we arrive.\n\n"
        "Dev\n",
    ),
    (
        "Owen Blake <owen.blake@example.org>",
        "Re: Cottage for the April weekend - change of plan",
        "Wed, 14 Apr 2027 18:15:00 +0000",
        "Two changes for this weekend:\n\n"
        "1. The forecast for Saturday is gales on the tops, so we're swapping the walks round. Saturday is\n"
        "   now the low-level loop around Ladybower Reservoir (about 13 km, mostly on tracks). We'll do\n"
        "   Mam Tor on Sunday morning if it has calmed down.\n"
        "2. The owner rang: the hot tub is broken and won't be fixed in time, so she's taking £35 off\n"
        "   the balance. Dev will send each of us £5 back.\n\n"
        "See you Friday,\nOwen\n",
    ),
]

GARAGE = (
    "Esk Motors Service Desk <service@eskmotors.example.co.uk>",
    "Sam Whitlock <sam.whitlock@example.org>",
    "Your booking: MOT and interim service, Monday 15 February",
    "Mon, 08 Feb 2027 10:24:00 +0000",
    "Dear Mr Whitlock,\n\n"
    "Thank you for booking with Esk Motors. Here are the details of your appointment.\n\n"
    "Vehicle: Skoda Fabia, registration YK19 LRN\n"
    "Work: MOT test and interim service\n"
    "Drop-off: Monday 15 February 2027 at 8:15am\n"
    "Ready for collection: from 4:30pm the same day (we will text you)\n\n"
    "Prices:\n"
    "  Interim service ................. £189.00\n"
    "  MOT test ........................ £54.85 (the maximum fee)\n"
    "  Brake fluid change (recommended, due every 2 years) ... £45.00\n\n"
    "We won't do the brake fluid change or any repair the MOT turns up without ringing you first.\n\n"
    "We have no courtesy cars that week, but we can drop you home or at work for free if it's within\n"
    "3 miles of the garage.\n\n"
    "Please leave the locking wheel nut key in the glovebox, and the service book if you have one.\n\n"
    "If you need to cancel, please give us at least 24 hours' notice; otherwise we charge a £30\n"
    "late-cancellation fee.\n\n"
    "Kind regards,\nJo Barker\nService Desk, Esk Motors, Whitby Road, Sleights\n",
)


def _message(frm: str, to: str, subject: str, date: str, body: str, msg_id: str, reply_to: str | None):
    m = EmailMessage(policy=email.policy.default)
    m["From"], m["To"], m["Subject"], m["Date"], m["Message-ID"] = frm, to, subject, date, msg_id
    if reply_to:
        m["In-Reply-To"] = m["References"] = reply_to
    m.set_content(body)
    return m


def make_mbox(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    box = mailbox.mbox(str(path))
    first = None
    for i, (frm, subject, date, body) in enumerate(THREAD, 1):
        mid = f"<peak{i}@example.org>"
        m = mailbox.mboxMessage(_message(frm, GROUP, subject, date, body, mid, first))
        m.set_from("MAILER-DAEMON", time.gmtime(1796547600 + i * 60))
        box.add(m)
        first = first or mid
    box.flush()
    box.close()


def make_eml(path: Path) -> None:
    frm, to, subject, date, body = GARAGE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(
        bytes(_message(frm, to, subject, date, body, "<booking-50318@eskmotors.example.co.uk>", None))
    )


# --- EPUB: a local-history booklet -----------------------------------------------------------------------------------

CHAPTERS = [
    (
        "intro",
        "Introduction",
        [
            "Ashcombe Brook rises on Haddon Moor and runs for seven miles down to the River Orle. For most of its "
            "length it falls steeply, and for at least four hundred years people have used that fall to drive "
            "machinery.",
            "At the height of the brook's working life, in the 1840s, it turned eleven waterwheels between the "
            "moor and the river: corn mills, a fulling mill, a paper mill and a bark mill for the tannery.",
            "This booklet was put together by members of the Ashcombe Local History Society from parish records, "
            "newspaper reports, census returns and the memories of older residents. We have concentrated on the "
            "mills in and around the village itself.",
        ],
    ),
    (
        "corn-mill",
        "Townsend Corn Mill",
        [
            "Townsend Mill was built in 1792 by Josiah Hext, who leased the site from the lord of the manor for "
            "ninety-nine years. Its overshot wheel, eighteen feet across, was fed by a leat taken off the brook "
            "half a mile upstream.",
            "The mill ground wheat and barley for the village and the surrounding farms. Grinding for flour stopped "
            "in 1931, when the last miller, William Pook, retired; the mill then ground animal feed until the "
            "wheel was taken out for scrap in 1942.",
            "The building stood empty for many years and was converted into four flats in 1988. One of its French "
            "burr millstones was saved and now stands outside the village hall.",
        ],
    ),
    (
        "woollen-mill",
        "Hext's Woollen Mill",
        [
            "Lower down, at Brookside, the Hext family ran a fulling mill where locally woven serge was beaten and "
            "washed to thicken it. In 1820 the family added carding and spinning machinery and it became a woollen "
            "mill in the full sense.",
            "It was the largest employer in the parish for most of the nineteenth century (46 people in the 1851 "
            "census, many of them women and children).",
            "On the night of 3 March 1879 a fire that started in the drying loft destroyed the mill. The Hexts did "
            "not rebuild it as a woollen mill; the lower floor was repaired and used as a sawmill until 1955.",
        ],
    ),
    (
        "flood",
        "The Great Flood of 1868",
        [
            "After three weeks of heavy rain, the earth dam of the mill pond at Combe Head gave way in the early "
            "hours of 22 November 1868. The water that had been held back for the upper mills poured down the "
            "valley in a single wave.",
            "Houses in Bridge Street were flooded to a depth of five feet, the footbridge by the church was carried "
            "away, and two people, a carter and his young son, were drowned.",
            "A relief fund raised £312 for the families who had lost their homes and belongings. The dam was "
            "rebuilt the following summer with a stone spillway, which is still there today.",
        ],
    ),
    (
        "visiting",
        "Visiting Today",
        [
            "The old mill pond at Combe Head is now a nature reserve run by the Ashcombe Conservation Trust, open "
            "from dawn to dusk. Kingfishers and dippers are often seen along the brook.",
            "A circular walk of two and a half miles follows the line of the old leat from the village hall car "
            "park to Combe Head and back along the brook, passing Townsend Mill and the ruins at Brookside.",
            "The Society's archive of photographs, maps and documents is kept in the village library and is open "
            "to anyone on the first Saturday of each month, from 10am until noon.",
        ],
    ),
]


def make_epub(path: Path) -> None:
    from ebooklib import epub

    book = epub.EpubBook()
    book.set_identifier("urn:uuid:3b8e2f0c-6a41-4d57-8f0e-9c2d71a4b5e3")
    book.set_title("The Mills of Ashcombe Brook")
    book.set_language("en")
    book.add_author("Eleanor Marsh")
    items = []
    for name, title, paras in CHAPTERS:
        ch = epub.EpubHtml(title=title, file_name=f"{name}.xhtml", lang="en")
        ch.content = f"<h1>{title}</h1>\n" + "\n".join(f"<p>{p}</p>" for p in paras) + "\n"
        book.add_item(ch)
        items.append(ch)
    book.toc = items
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    book.spine = items
    path.parent.mkdir(parents=True, exist_ok=True)
    epub.write_epub(str(path), book, {"mtime": STAMP})
    normalise_zip(path)


def main() -> None:
    make_docx(FILES / "office2" / "tenancy-agreement-quarry-road.docx")
    make_xlsx(FILES / "office2" / "kestrel-chess-club-accounts-2026-27.xlsx")
    make_mbox(FILES / "mail2" / "peak-cottage-weekend.mbox")
    make_eml(FILES / "mail2" / "2027-02-08-car-service-booking.eml")
    make_epub(FILES / "epub2" / "mills-of-ashcombe-brook.epub")


if __name__ == "__main__":
    main()
