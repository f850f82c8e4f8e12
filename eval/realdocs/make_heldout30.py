"""Generate the private documents of the realdocs ``heldout30`` part under ``files/private30/``: a household's accounts
for January to June 2027 as a Beancount ledger (``Garside household 2027.beancount``: options, Org-mode headings,
``;`` comments, ``open``/``close``, transactions with ``*`` and ``!`` flags, metadata, tags and links, ``balance``,
``pad``, ``price``, ``note``, ``event``, ``document``, ``commodity`` and ``custom`` directives, a holding bought at a
cost), a short film as Final Draft 12 for Mac saves a screenplay (``Last Bus to Dunmere.fdx``: XML, a title page,
scene headings with scene properties, action, characters, parentheticals, dialogue, shots, a transition, styled text
runs, script notes, SmartType lists and the app's element settings) and a family's recipes as Paprika 3 for Mac exports
them (``Marchbank recipes.paprikarecipes``: a zip of ``<name>.paprikarecipe`` members, each a gzip-compressed JSON
recipe).

    python eval/realdocs/make_heldout30.py          # rewrite them; the output is the same on every run

The standard library only; fixed text, times and ids (a recipe's uid and hash are hashes of its name), so a rerun
gives the same bytes. Every weekday written next to a date is checked against the calendar; the ledger reads back as
transactions that balance, its balance assertions hold (the generator computes them and the credit card's monthly
payments) and each kind of directive is there; the screenplay reads back with ``xml.etree`` as laid out; the recipes
read back with ``zipfile``, ``gzip`` and ``json`` as laid out.
"""

from __future__ import annotations

import datetime as dt
import gzip
import hashlib
import io
import json
import re
import uuid
import xml.etree.ElementTree as ET
import zipfile
from decimal import Decimal
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout30 (the tests, check.py)
    import heldout30_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import check_weekdays
except ImportError:
    from eval.realdocs import heldout30_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private30"
YEAR = 2027
MONTH_NAMES = ["January", "February", "March", "April", "May", "June"]


# --- the ledger -----------------------------------------------------------------------------------------------------

POSTING = re.compile(
    r"^  ([A-Z][A-Za-z]+(?::[A-Z0-9][A-Za-z0-9-]*)+)(?:\s+(-?[\d.]+) ([A-Z][A-Z0-9]*)(.*))?$"
)
TXN = re.compile(r'^(\d{4}-\d\d-\d\d) ([*!]) (?:"[^"]*" )?"[^"]*"')
DIRECTIVE = re.compile(
    r"^(\d{4}-\d\d-\d\d) (balance|pad|open|close|note|event|price|document|commodity|custom) "
)


DATED_AMOUNT = re.compile(r"^(\d{4}-\d\d-\d\d (?:balance|price) \S+)\s+(-?[\d.]+) ([A-Z]+)$")


def align(text: str) -> str:
    """Posting lines aligned as bean-format aligns them: the number's last digit in column 52."""
    out = []
    for line in text.split("\n"):
        m = POSTING.match(line)
        d = DATED_AMOUNT.match(line)
        if m and m[2]:
            out.append(f"  {m[1]} ".ljust(52 - len(m[2])) + f"{m[2]} {m[3]}{m[4]}")
        elif d:
            out.append(f"{d[1]} ".ljust(52 - len(d[2])) + f"{d[2]} {d[3]}")
        else:
            out.append(line)
    return "\n".join(out)


def _txn(date: dt.date, flag: str, payee: str, narration: str, postings, meta=()) -> str:
    head = f"{date.isoformat()} {flag} " + (f'"{payee}" ' if payee else "") + f'"{narration}"'
    lines = [head] + [f"  {k}: {v}" for k, v in meta]
    for account, amount in postings:
        lines.append(f"  {account}" + (f"  {amount} GBP" if amount is not None else ""))
    return "\n".join(lines) + "\n"


def _weekday_before(date: dt.date) -> dt.date:
    while date.weekday() >= 5:
        date -= dt.timedelta(days=1)
    return date


def ledger_postings(text: str) -> list[tuple[str, str, Decimal, str]]:
    """Every posting of the ledger's transactions: (date, account, units, currency), an elided posting given the
    amount that balances its transaction (checked to be one at most, in GBP); a holding at a cost weighs units times
    cost. Asserts that each transaction balances."""
    out = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = TXN.match(lines[i])
        if not m:
            i += 1
            continue
        date, postings, i = m[1], [], i + 1
        while i < len(lines) and lines[i].startswith("  "):
            p = POSTING.match(lines[i])
            if p:
                postings.append(p)
            i += 1
        weight, elided = Decimal(0), []
        for p in postings:
            if not p[2]:
                elided.append(p[1])
                continue
            units = Decimal(p[2])
            out.append((date, p[1], units, p[3]))
            cost = re.search(r"\{([\d.]+) GBP\}", p[4])
            weight += units * Decimal(cost[1]) if cost else units
        assert len(postings) >= 2 and len(elided) <= 1, date
        if elided:
            out.append((date, elided[0], -weight, "GBP"))
        else:
            assert weight == 0, (date, weight)
    return out


def balance_of(postings, account: str, before: str, currency: str = "GBP") -> Decimal:
    """The account's balance at the start of day ``before`` (Beancount's balance assertion), opening included."""
    opening = dict(T.OPENING)
    total = Decimal(opening.get(account, "0")) if currency == "GBP" else Decimal(0)
    return total + sum(
        (u for d, a, u, c in postings if a == account and c == currency and d < before), Decimal(0)
    )


def _entries_without_card_payments() -> list[tuple[str, int, str]]:
    """(date, order, text) of every dated entry but the card payments and the balance assertions."""
    out = []
    for _key, day, months, flag, payee, narration, postings, meta in T.RECURRING:
        for m in months:
            out.append(
                (
                    dt.date(YEAR, m, day).isoformat(),
                    1,
                    _txn(dt.date(YEAR, m, day), flag, payee, narration, postings, meta),
                )
            )
    for m in range(1, 7):
        tamsin = _weekday_before(dt.date(YEAR, m, 25))
        rhys = _weekday_before(dt.date(YEAR, m, 28))
        employer = T.RHYS_EMPLOYER[max(k for k in T.RHYS_EMPLOYER if k <= m)]
        out.append(
            (
                tamsin.isoformat(),
                2,
                _txn(
                    tamsin,
                    "*",
                    "Brightwater Surveys Ltd",
                    "Salary - Tamsin",
                    [("Assets:Bank:AireVale:Joint", T.SALARY_TAMSIN), ("Income:Salary:Tamsin", None)],
                ),
            )
        )
        out.append(
            (
                tamsin.isoformat(),
                3,
                _txn(
                    tamsin,
                    "*",
                    "",
                    "Payday transfer to the bills pot",
                    [
                        ("Assets:Bank:AireVale:BillsPot", T.BILLS_POT_TRANSFER),
                        ("Assets:Bank:AireVale:Joint", None),
                    ],
                ),
            )
        )
        out.append(
            (
                rhys.isoformat(),
                2,
                _txn(
                    rhys,
                    "*",
                    employer,
                    "Salary - Rhys",
                    [("Assets:Bank:AireVale:Joint", T.SALARY_RHYS[m]), ("Income:Salary:Rhys", None)],
                ),
            )
        )
        energy = dt.date(YEAR, m, 12)
        out.append(
            (
                energy.isoformat(),
                1,
                _txn(
                    energy,
                    "*",
                    "Harbourlight Energy",
                    "Gas and electricity direct debit",
                    [("Expenses:Home:Energy", T.ENERGY[m]), ("Assets:Bank:AireVale:BillsPot", None)],
                ),
            )
        )
        if m in T.COUNCIL_TAX:
            day = dt.date(YEAR, m, 1)
            out.append(
                (
                    day.isoformat(),
                    1,
                    _txn(
                        day,
                        "*",
                        "Harrowfield Metropolitan Council",
                        "Council tax",
                        [
                            ("Expenses:Home:CouncilTax", T.COUNCIL_TAX[m]),
                            ("Assets:Bank:AireVale:BillsPot", None),
                        ],
                        [("reference", '"CT 40773519"')],
                    ),
                )
            )
        last = (dt.date(YEAR, m + 1, 1) if m < 12 else dt.date(YEAR + 1, 1, 1)) - dt.timedelta(days=1)
        out.append(
            (
                last.isoformat(),
                5,
                _txn(
                    last,
                    "*",
                    "Wragby Savings",
                    "Interest",
                    [("Assets:Bank:Wragby:Saver", T.SAVER_INTEREST[m]), ("Income:Interest", None)],
                ),
            )
        )
    for m, day, payee, narration, account, amount in T.SPENDING:
        d = dt.date(YEAR, m, day)
        out.append(
            (
                d.isoformat(),
                4,
                _txn(d, "*", payee, narration, [(account, amount), ("Liabilities:CreditCard:Corvid", None)]),
            )
        )
    for date, text in T.ONE_OFFS:
        out.append((date, 6, text))
    for date, price in T.VWRL_PRICES.items():
        out.append((date, 7, f"{date} price VWRL                            {price} GBP\n"))
    return out


def ledger_entries() -> list[tuple[str, int, str]]:
    """Every dated entry of the months, with the card payments (on the 5th, the card's balance after the 28th of the
    month before, paid in full from the joint account) and the balance assertions, in date order."""
    entries = _entries_without_card_payments()
    for m in range(2, 7):
        postings = ledger_postings("\n".join(align(e[2]) for e in entries))
        owed = -balance_of(
            postings,
            "Liabilities:CreditCard:Corvid",
            (dt.date(YEAR, m - 1, 28) + dt.timedelta(days=1)).isoformat(),
        )
        d = dt.date(YEAR, m, 5)
        text = _txn(
            d,
            "*",
            "Corvid Card Services",
            f"Card statement, {MONTH_NAMES[m - 2]}",
            [("Liabilities:CreditCard:Corvid", f"{owed:.2f}"), ("Assets:Bank:AireVale:Joint", None)],
        )
        entries.append((d.isoformat(), 1, text))
    postings = ledger_postings("\n".join(align(e[2]) for e in entries))
    for date, account in T.BALANCES:
        amount = balance_of(postings, account, date)
        entries.append((date, 0, f"{date} balance {account}   {amount:.2f} GBP\n"))
    return sorted(entries, key=lambda e: (e[0], e[1]))


def ledger_text() -> str:
    """The ledger as its owner keeps it: the header, the accounts under Org-mode headings, the opening balances, then
    a heading a month (the half-year's closing assertions under June)."""
    parts = [T.LEDGER_HEAD, "* Accounts\n\n"]
    for heading, accounts, comment in T.ACCOUNT_SECTIONS:
        parts.append(f"{heading}\n")
        if comment:
            parts.append(comment + "\n")
        for account, currencies, note in accounts:
            line = f"2015-06-01 open {account}".ljust(52) + f" {currencies}"
            parts.append(line + (f"  ; {note}" if note else "") + "\n")
        parts.append("\n")
    parts.append(T.OLD_CARD_COMMENT + "\n")
    parts.append(f"2019-03-14 open {T.OLD_CARD}".ljust(52) + " GBP\n")
    parts.append("2015-06-01 open Equity:Opening-Balances\n\n")
    parts.append("** Commodities\n" + T.COMMODITY + "\n")
    parts.append("* Opening balances\n;; Balances as the bank statements gave them on 31 December 2026.\n")
    for account, _ in T.OPENING:
        parts.append(f"2026-12-31 pad {account} Equity:Opening-Balances\n")
    parts.append("\n")
    for account, amount in T.OPENING:
        parts.append(f"2027-01-01 balance {account}   {amount} GBP\n")
    parts.append("\n")
    entries = ledger_entries()
    for m in range(1, 7):
        parts.append(f"* {YEAR}-{m:02d} {MONTH_NAMES[m - 1]}\n\n")
        month = [e for e in entries if e[0].startswith(f"{YEAR}-{m:02d}")]
        parts.append("\n".join(e[2] for e in month) + "\n")
    parts.append("** Half-year check\n;; Balances on the morning of 1 July, from the statements.\n")
    parts.append("".join(e[2] for e in entries if e[0].startswith(f"{YEAR}-07")))
    return align("".join(parts))


def check_ledger(text: str) -> None:
    """The ledger reads back as transactions that balance (``ledger_postings``); every balance assertion holds
    against the postings before its day, the opening pads included; 60 to 120 transactions; each kind of directive,
    both flags, tags, links and metadata are there; every posting's account is opened, and none after it is closed."""
    postings = ledger_postings(text)
    lines = text.split("\n")
    assert 60 <= sum(bool(TXN.match(x)) for x in lines) <= 120
    opened = {m[1] for m in re.finditer(r"^\d{4}-\d\d-\d\d open (\S+)", text, flags=re.M)}
    closed = {m[2]: m[1] for m in re.finditer(r"^(\d{4}-\d\d-\d\d) close (\S+)", text, flags=re.M)}
    for date, account, _, _ in postings:
        assert account in opened and date <= closed.get(account, "9999"), (date, account)
    n = 0
    for m in re.finditer(r"^(\d{4}-\d\d-\d\d) balance (\S+)\s+(-?[\d.]+) GBP$", text, flags=re.M):
        assert balance_of(postings, m[2], m[1]) == Decimal(m[3]), m[0]
        n += 1
    assert n >= 15
    kinds = {m[2] for x in lines if (m := DIRECTIVE.match(x))}
    assert kinds == {
        "balance",
        "pad",
        "open",
        "close",
        "note",
        "event",
        "price",
        "document",
        "commodity",
        "custom",
    }
    assert (
        re.search(r"^\d{4}-\d\d-\d\d ! ", text, flags=re.M)
        and " #lakes-may27" in text
        and " ^brandelhow-barn" in text
    )
    assert "{108.42 GBP}" in text and '  invoice: "' in text and '  receipt: "' in text
    assert text.startswith(";; -*- mode: beancount") and text.endswith("\n") and "\t" not in text


# --- the screenplay -------------------------------------------------------------------------------------------------


def _runs(text) -> list[tuple[str, str]]:
    return [("", text)] if isinstance(text, str) else list(text)


def _text_lines(runs, indent: str) -> list[str]:
    out = []
    for style, text in runs:
        attr = f" Style={quoteattr(style)}" if style else ""
        out.append(f"{indent}<Text{attr}>{escape(text)}</Text>")
    return out


ELEMENTS = [  # (type, font style, left indent, right indent, first indent, space before, alignment, next type)
    ("General", "", "1.50", "7.50", "0.00", "0", "Left", "General"),
    ("Scene Heading", "AllCaps", "1.50", "7.50", "0.00", "24", "Left", "Action"),
    ("Action", "", "1.50", "7.50", "0.00", "12", "Left", "Action"),
    ("Character", "AllCaps", "3.50", "7.25", "0.00", "12", "Left", "Dialogue"),
    ("Parenthetical", "", "3.00", "5.50", "-0.10", "0", "Left", "Dialogue"),
    ("Dialogue", "", "2.50", "6.00", "0.00", "0", "Left", "Action"),
    ("Transition", "AllCaps", "5.50", "7.10", "0.00", "12", "Right", "Scene Heading"),
    ("Shot", "AllCaps", "1.50", "7.50", "0.00", "24", "Left", "Action"),
]


def _scene_length(paragraphs) -> str:
    eighths = max(1, round(sum(len("".join(t for _, t in _runs(p[1]))) for p in paragraphs) / 110))
    whole, part = divmod(eighths, 8)
    return " ".join(x for x in ((str(whole) if whole else ""), (f"{part}/8" if part else "")) if x)


def fdx_text() -> str:
    """The screenplay as Final Draft 12 for Mac saves it: the XML declaration, ``<FinalDraft DocumentType="Script"
    Template="No" Version="5">``, ``<Content>`` of paragraphs (a scene heading numbered, with its ``SceneProperties``;
    a script note inside the paragraph it is on), ``<TitlePage>``, ``<ElementSettings>``, ``<PageLayout>``,
    ``<SmartType>`` and the window and text state; two-space indents, CRLF-free."""
    notes = {(s, p): (author, text) for s, p, author, text in T.SCRIPT_NOTES}
    out = [
        '<?xml version="1.0" encoding="UTF-8" standalone="no" ?>',
        '<FinalDraft DocumentType="Script" Template="No" Version="5">',
        "",
        "  <Content>",
    ]
    page = 1.0
    note_id = 0
    for number, (heading, title, summary, paragraphs) in enumerate(T.SCENES, 1):
        length = _scene_length(paragraphs)
        out.append(f'    <Paragraph Number="{number}" Type="Scene Heading">')
        title_attr = f" Title={quoteattr(title)}" if title else ' Title=""'
        if summary:
            out.append(f'      <SceneProperties Length="{length}" Page="{int(page)}"{title_attr}>')
            out.append("        <Summary>")
            out.append(
                '          <Paragraph Alignment="Left" FirstIndent="0.00" Leading="Regular" LeftIndent="0.00" RightIndent="1.39" SpaceBefore="0" Spacing="1" StartsNewPage="No">'
            )
            out.append(f"            <Text>{escape(summary)}</Text>")
            out.append("          </Paragraph>")
            out.append("        </Summary>")
            out.append("      </SceneProperties>")
        else:
            out.append(f'      <SceneProperties Length="{length}" Page="{int(page)}"{title_attr}/>')
        out.append(f"      <Text>{escape(heading)}</Text>")
        out.append("    </Paragraph>")
        for index, (kind, text) in enumerate(paragraphs):
            out.append(f"    <Paragraph Type={quoteattr(kind)}>")
            if (number, index) in notes:
                note_id += 1
                author, note = notes[(number, index)]
                out.append(
                    f'      <ScriptNote Color="#FFFFFFFF8080" ID="{note_id}" Position="0" Writer={quoteattr(author)}>'
                )
                out.append(
                    '        <Paragraph Alignment="Left" FirstIndent="0.00" Leading="Regular" LeftIndent="0.00" RightIndent="1.39" SpaceBefore="0" Spacing="1" StartsNewPage="No">'
                )
                out.append(f"          <Text>{escape(note)}</Text>")
                out.append("        </Paragraph>")
                out.append("      </ScriptNote>")
            out += _text_lines(_runs(text), "      ")
            out.append("    </Paragraph>")
        page += len(paragraphs) / 14
    out.append("  </Content>")
    out.append("")
    out.append("  <TitlePage>")
    out.append(
        '    <HeaderAndFooter FooterFirstPage="Yes" FooterVisible="No" HeaderFirstPage="No" HeaderVisible="No" StartingPage="1"/>'
    )
    out.append("    <Content>")
    for alignment, text in T.TITLE_PAGE:
        out.append(
            f'      <Paragraph Alignment="{alignment}" FirstIndent="0.00" Leading="Regular" LeftIndent="1.00" RightIndent="7.50" SpaceBefore="0" Spacing="1" StartsNewPage="No">'
        )
        out.append(f"        <Text>{escape(text)}</Text>" if text else "        <Text></Text>")
        out.append("      </Paragraph>")
    out.append("    </Content>")
    out.append("  </TitlePage>")
    out.append("")
    for kind, style, left, right, first, before, alignment, nxt in ELEMENTS:
        out.append(f"  <ElementSettings Type={quoteattr(kind)}>")
        out.append(
            f'    <FontSpec AdornmentStyle="0" Background="#FFFFFFFFFFFF" Color="#000000000000" Font="Courier Final Draft" RevisionID="0" Size="12" Style="{style}"/>'
        )
        out.append(
            f'    <ParagraphSpec Alignment="{alignment}" FirstIndent="{first}" Leading="Regular" LeftIndent="{left}" RightIndent="{right}" SpaceBefore="{before}" Spacing="1" StartsNewPage="No"/>'
        )
        out.append(
            f'    <Behavior PaginateAs="{kind}" ReturnKey="{nxt}" Shortcut="{ELEMENTS.index((kind, style, left, right, first, before, alignment, nxt))}"/>'
        )
        out.append("  </ElementSettings>")
    out.append("")
    out.append(
        '  <PageLayout BackgroundColor="#FFFFFFFFFFFF" BottomMargin="72" BreakDialogueAndActionAtSentences="Yes" DocumentLeading="Normal" FooterMargin="36" ForegroundColor="#000000000000" HeaderMargin="36" InvisiblesColor="#808080808080" TopMargin="72" UsesSmartQuotes="Yes">'
    )
    out.append(
        '    <AutoCastList AddParentheses="Yes" AutomaticallyGenerate="Yes" CastListElement="Cast List"/>'
    )
    out.append("  </PageLayout>")
    out.append("")
    characters = sorted({p[1].split(" (")[0] for s in T.SCENES for p in s[3] if p[0] == "Character"})
    out.append("  <SmartType>")
    out.append("    <Characters>")
    out += [f"      <Character>{escape(c)}</Character>" for c in characters]
    out.append("    </Characters>")
    out.append("    <Extensions>")
    out += [f"      <Extension>{x}</Extension>" for x in ("V.O.", "O.S.", "O.C.", "CONT'D")]
    out.append("    </Extensions>")
    out.append("    <SceneIntros>")
    out += [f"      <SceneIntro>{x}</SceneIntro>" for x in ("INT", "EXT", "INT./EXT", "EXT./INT")]
    out.append("    </SceneIntros>")
    locations = sorted({re.sub(r"^(?:INT|EXT)\. | - [A-Z ]+$", "", s[0]) for s in T.SCENES})
    out.append("    <Locations>")
    out += [f"      <Location>{escape(x)}</Location>" for x in locations]
    out.append("    </Locations>")
    out.append("    <TimesOfDay>")
    out += [
        f"      <TimeOfDay>{x}</TimeOfDay>"
        for x in ("DAY", "NIGHT", "DAWN", "DUSK", "CONTINUOUS", "LATER", "MOVING", "STATIONARY")
    ]
    out.append("    </TimesOfDay>")
    out.append("    <Transitions>")
    out += [
        f"      <Transition>{x}</Transition>"
        for x in ("CUT TO:", "DISSOLVE TO:", "FADE IN:", "FADE OUT.", "SMASH CUT TO:")
    ]
    out.append("    </Transitions>")
    out.append("  </SmartType>")
    out.append("")
    out.append("  <MoresAndContinueds>")
    out.append(
        '    <FontSpec AdornmentStyle="0" Background="#FFFFFFFFFFFF" Color="#000000000000" Font="Courier Final Draft" RevisionID="0" Size="12" Style=""/>'
    )
    out.append(
        '    <DialogueBreaks AutomaticCharacterContinueds="Yes" BottomOfPage="Yes" DialogueBottom="(MORE)" DialogueTop="(CONT\'D)" TopOfNext="Yes"/>'
    )
    out.append(
        '    <SceneBreaks ContinuedNumber="No" SceneBottom="(CONTINUED)" SceneBottomOfPage="No" SceneTop="CONTINUED:" SceneTopOfNext="No"/>'
    )
    out.append("  </MoresAndContinueds>")
    out.append("")
    out.append('  <WindowState Height="1012" Left="212" Mode="Normal" Top="38" Width="1220"/>')
    out.append('  <TextState Scaling="100" Selection="0,0" ShowInvisibles="No"/>')
    out.append("</FinalDraft>")
    return "\n".join(out) + "\n"


def fdx_paragraphs(text: str) -> list[tuple[int, int, str, str]]:
    """The body's paragraphs as lines of the file: (first line, last line, type, text of its runs), 1-based, a scene
    heading's summary and a script note's text after its own runs."""
    lines = text.split("\n")
    out = []
    start = None
    for i, line in enumerate(lines, 1):
        if line.startswith("    <Paragraph ") and start is None:
            start = i
        elif line == "    </Paragraph>" and start is not None:
            element = ET.fromstring("\n".join(lines[start - 1 : i]))
            runs = "".join(t.text or "" for t in element.findall("Text"))
            extra = [t.text or "" for t in element.iter("Text") if t not in element.findall("Text")]
            out.append((start, i, element.get("Type"), "\n".join([runs, *extra])))
            start = None
    return out


def check_fdx(text: str) -> None:
    """The screenplay reads back with ``xml.etree`` as laid out: scenes numbered 1..N in order with their headings,
    titles and summaries, every paragraph's type and runs, the script notes, the title page; 15 to 30 scenes."""
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == "FinalDraft" and root.get("DocumentType") == "Script" and root.get("Version") == "5"
    body = root.find("Content").findall("Paragraph")
    expected = []
    for number, (heading, _title, _summary, paragraphs) in enumerate(T.SCENES, 1):
        expected.append(("Scene Heading", str(number), heading))
        expected += [(kind, None, "".join(t for _, t in _runs(x))) for kind, x in paragraphs]
    read = [(p.get("Type"), p.get("Number"), "".join(t.text or "" for t in p.findall("Text"))) for p in body]
    assert read == expected, next((a, b) for a, b in zip(read, expected) if a != b)
    assert 15 <= len(T.SCENES) <= 30
    props = [p.find("SceneProperties") for p in body if p.get("Type") == "Scene Heading"]
    assert [x.get("Title") for x in props] == [s[1] for s in T.SCENES]
    assert len(root.findall(".//ScriptNote")) == len(T.SCRIPT_NOTES) >= 3
    assert any(len(p.findall("Text")) > 1 for p in body) and {"Shot", "Transition", "Parenthetical"} <= {
        x[0] for x in read
    }
    title = ["".join(t.text or "" for t in p.findall("Text")) for p in root.find("TitlePage/Content")]
    assert title == [t for _, t in T.TITLE_PAGE]
    assert len(fdx_paragraphs(text)) == len(body)


# --- the recipes ----------------------------------------------------------------------------------------------------

PAPRIKA_STAMP = (2027, 3, 21, 20, 14, 6)


def recipe_json(index: int, recipe: dict) -> dict:
    """A recipe as Paprika 3 exports it: its fields, with the uid (an upper-case UUID made from its name), a hash
    (SHA-256 of its fields), no photo, the time it was added."""
    uid = str(uuid.UUID(hashlib.md5(f"marchbank/{recipe['name']}".encode()).hexdigest())).upper()
    created = dt.datetime(2025, 9, 6, 19, 2, 40) + dt.timedelta(
        days=23 * index, minutes=37 * index, seconds=11 * index
    )
    data = {
        "uid": uid,
        "name": recipe["name"],
        "directions": recipe["directions"],
        "servings": recipe["servings"],
        "rating": recipe["rating"],
        "difficulty": recipe["difficulty"],
        "ingredients": recipe["ingredients"],
        "notes": recipe["notes"],
        "created": created.strftime("%Y-%m-%d %H:%M:%S"),
        "image_url": None,
        "cook_time": recipe["cook_time"],
        "prep_time": recipe["prep_time"],
        "source": recipe["source"],
        "source_url": recipe["source_url"],
        "photo_hash": None,
        "photo": None,
        "photo_large": None,
        "scale": None,
        "description": recipe["description"],
        "total_time": recipe["total_time"],
        "nutritional_info": recipe["nutritional_info"],
        "categories": recipe["categories"],
        "photo_data": None,
        "photos": [],
    }
    data["hash"] = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest().upper()
    return data


def paprika_member_name(recipe: dict) -> str:
    """A member's name: the recipe's name, a "/" or ":" as "-", and ``.paprikarecipe``."""
    return re.sub(r"[/:]", "-", recipe["name"]) + ".paprikarecipe"


def paprikarecipes() -> bytes:
    """The export: a zip (stored, as Paprika writes it: the members are already compressed) of one member a recipe,
    each the gzip of its JSON (no file name, modification time 0)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for index, recipe in enumerate(T.RECIPES):
            info = zipfile.ZipInfo(paprika_member_name(recipe), PAPRIKA_STAMP)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            body = json.dumps(recipe_json(index, recipe), ensure_ascii=False, separators=(",", ":")).encode(
                "utf-8"
            )
            z.writestr(info, gzip.compress(body, compresslevel=9, mtime=0))
    return out.getvalue()


def check_paprika(data: bytes) -> None:
    """The export reads back with ``zipfile``, ``gzip`` and ``json``: a member a recipe in order, each a gzip of a JSON
    object with every field laid out and Paprika's other keys; 10 to 16 recipes, unique uids, ratings 0 to 5."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = z.namelist()
        read = [json.loads(gzip.decompress(z.read(n))) for n in names]
    assert names == [paprika_member_name(r) for r in T.RECIPES] and 10 <= len(names) <= 16
    for got, laid in zip(read, T.RECIPES):
        assert {k: got[k] for k in laid} == laid
        assert {"uid", "hash", "created", "photo_data", "photo_hash", "image_url", "scale"} <= set(got)
        assert 0 <= got["rating"] <= 5 and isinstance(got["categories"], list)
    assert len({r["uid"] for r in read}) == len(read)


# --- all ------------------------------------------------------------------------------------------------------------


def check_texts() -> int:
    """Every weekday written next to a date in the three documents is the calendar's."""
    words = [t for _, t in T.ONE_OFFS] + [t for _, t in T.TITLE_PAGE]
    words += ["".join(t for _, t in _runs(p[1])) for s in T.SCENES for p in s[3]] + [
        n[3] for n in T.SCRIPT_NOTES
    ]
    words += [str(v) for r in T.RECIPES for v in r.values()]
    return check_weekdays("\n".join(words))


def files() -> dict[str, bytes]:
    """The ledger, the screenplay and the recipes, by their path under ``files/private30``."""
    return {
        T.LEDGER_NAME: ledger_text().encode("utf-8"),
        T.FDX_NAME: fdx_text().encode("utf-8"),
        T.PAPRIKA_NAME: paprikarecipes(),
    }


def check(made: dict[str, bytes]) -> int:
    n = check_texts()
    check_ledger(made[T.LEDGER_NAME].decode("utf-8"))
    check_fdx(made[T.FDX_NAME].decode("utf-8"))
    check_paprika(made[T.PAPRIKA_NAME])
    return n


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
