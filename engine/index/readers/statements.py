"""A bank's or a card's statement as OFX (``.ofx``, Quicken's ``.qfx``) or QIF (``.qif``), what a bank's "download
transactions" gives, read a transaction a line as a person reads a statement.

Read as text, an answer would quote the file's tags ("<TRNTYPE>DIRECTDEBIT <DTPOSTED>20270301 <TRNAMT>-985.40"), and
no sentence of it holds a date in words or an amount with its currency. Here the account opens the page ("Current
account 40441731874052 at bank 404417: statement from Monday 1 March 2027 to Wednesday 31 March 2027, in GBP."),
then each transaction is a line of its own: its day in words, the amount with its currency sign, which way the money
went and how, who it was paid to or came from, and the bank's memo ("Monday 1 March 2027: £985.40 paid to LEEWOOD BS
MORTGAGE by direct debit (MORTGAGE ACC 40021876)."); the closing balances follow ("Balance on Wednesday 31 March
2027: £3,557.93."). Every piece keeps the file line it comes from (``Page.anchors``), so a citation names the
transaction's lines in the file.

OFX 1 is SGML (a value's tag is never closed) and OFX 2 is XML (it is); both are read by one scan of the tags, with
the standard library. QIF is a record a few lines, a field's letter first ("D03/01/2027", "T-985.40", "PLEEWOOD BS"),
"^" after each; its dates put the day or the month first as the file's own dates show (a first number over 12), else
the month, as Quicken writes them; it names no currency. A file with no transaction or balance in it is read as its
text: nothing is lost.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from datetime import date

from engine.index.document import Page, line_page, line_starts, source_place
from engine.index.readers.anchored import as_text

READER_VERSION = 1  # 1: a transaction a line, in words
_TAG = re.compile(r"<(/?)([A-Za-z0-9.]+)>([^<\r\n]*)")
_SYMBOLS = {
    "GBP": "£",
    "USD": "$",
    "EUR": "€",
    "JPY": "¥",
    "AUD": "A$",
    "CAD": "C$",
    "NZD": "NZ$",
    "INR": "₹",
}
_ACCOUNTS = {"CHECKING": "Current account", "SAVINGS": "Savings account", "MONEYMRKT": "Money market account",
             "CREDITLINE": "Credit line", "CD": "Deposit account"}  # fmt: skip
# how money went out, by the transaction's type (OFX 1.02's TRNTYPE)
_OUT = {"DIRECTDEBIT": " by direct debit", "POS": " by card", "CHECK": " by cheque", "XFER": " by transfer",
        "REPEATPMT": " by standing order", "PAYMENT": " (a payment)"}  # fmt: skip
_IN = {"DIRECTDEP": " by direct deposit", "XFER": " by transfer", "DEP": " (a deposit)", "CASH": " in cash",
       "ATM": " (cash machine)", "CHECK": " by cheque"}  # fmt: skip
_EARNED = {"INT": "interest", "DIV": "a dividend"}
# QIF (Quicken's interchange format): a "!Type:" (or "!Account", "!Option:") line opens it; a record's lines each start
# with a field's letter, "^" ends it; the account types whose records are money in or out
_QIF_HEADER = re.compile(r"!(?:Type:|Account|Option:|Clear:)", re.IGNORECASE)
_QIF_MONEY_TYPES = ("bank", "cash", "ccard", "oth a", "oth l")
_QIF_DATE = re.compile(r"(\d{1,4})\s*[/.\-]\s*(\d{1,2})\s*(?:[/.\-]|')\s*(\d{1,4})")
_CHARGED = {"FEE": "a fee", "SRVCHG": "a service charge"}


def extract_statement(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The statement's page: each account's heading, its transactions a line each and its balances, anchored to the
    file's lines; the file's text when it holds none. A QIF file (``!Type:Bank`` ...) is read by ``_qif``."""
    starts = line_starts(text)
    if _QIF_HEADER.match(text.lstrip("\ufeff \r\n\t")):
        return _qif(text, starts, check)

    def where(offset: int) -> tuple[int, int]:
        return source_place(starts, offset)

    out = _Lines()
    fields: dict[str, tuple[str, int]] = {}  # the account's values: (value, offset of its tag)
    txn: dict[str, tuple[str, int]] | None = None
    balance: dict[str, tuple[str, int]] | None = None
    balance_tag = ""
    headed = False
    for n, m in enumerate(_TAG.finditer(text)):
        if n % 4096 == 4095:
            check()
        closing, name, value = m.group(1) == "/", m.group(2).upper(), html.unescape(m.group(3).strip())
        if name == "STMTTRN" and not closing:
            if txn is not None:  # an SGML file that leaves the aggregate open: the next one closes it
                out.add(_transaction(txn, fields), txn, where)
            if not headed:
                headed = _heading(out, fields, where)
            txn = {"": ("", m.start())}
        elif name == "STMTTRN" and closing and txn is not None:
            out.add(_transaction(txn, fields), txn, where)
            txn = None
        elif name in ("LEDGERBAL", "AVAILBAL") and not closing:
            if not headed:
                headed = _heading(out, fields, where)
            balance, balance_tag = {"": ("", m.start())}, name
        elif name in ("LEDGERBAL", "AVAILBAL") and closing and balance is not None:
            line = _balance(balance, balance_tag, fields)
            if line:
                out.add(line, balance, where)
            balance = None
        elif name in ("STMTRS", "CCSTMTRS") and not closing:  # a new account's statement: its own heading
            fields, headed = {"": ("", m.start())}, False
            fields["CARD"] = ("1", m.start()) if name == "CCSTMTRS" else ("", m.start())
        elif not closing and value:
            target = txn if txn is not None else balance if balance is not None else fields
            target.setdefault(name, (value, m.start()))
    if txn is not None:
        out.add(_transaction(txn, fields), txn, where)
    return out.page() if out.lines else as_text(text)


class _Lines:
    """The page's lines, each with its anchors: (offset in the line, file line, file character)."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, list[tuple[int, int, int]]]] = []
        self.trails: list[tuple[int, str]] = []

    def add(self, line: str, record: dict[str, tuple[str, int]], where, trail: str | None = None) -> None:
        """``line`` anchored at its record's start, and each of the record's values at the place it is quoted."""
        if trail is not None:
            self.trails.append((len(self.lines), trail))
        anchors = [(0, *where(record[""][1]))]
        for key, (value, at) in record.items():
            i = line.find(_shown(key, value)) if key else -1
            if i > 0:
                anchors.append((i, *where(at)))
        self.lines.append((line, sorted(set(anchors))))

    def page(self) -> Page:
        return line_page(self.lines, self.trails)


def _shown(key: str, value: str) -> str:
    """How a value is quoted in its line (an amount and a date are written otherwise: anchored by the line's
    start)."""
    return value if key in ("NAME", "MEMO", "PAYEE", "CHECKNUM") else "\0"


def _day(value: str) -> date | None:
    """An OFX date ("20270301", "20270301120000.000[0:GMT]") as a date; None if it is not one."""
    m = re.match(r"(\d{4})(\d{2})(\d{2})", value)
    if not m:
        return None
    try:
        return date(int(m[1]), int(m[2]), int(m[3]))
    except ValueError:
        return None


def day_words(value: str) -> str:
    """A statement's date in words, as a person asks for it: "Monday 1 March 2027" (the value as it is when it is
    no date)."""
    day = _day(value)
    return f"{day:%A} {day.day} {day:%B %Y}" if day else value


def money(value: str, currency: str) -> str | None:
    """An amount as a statement prints it, without its sign: "£1,234.50", "1,234.50 CHF"; None if it is none."""
    raw = value.replace(" ", "")
    if "," in raw and "." not in raw:  # a decimal comma ("-985,40")
        raw = raw.replace(",", ".")
    try:
        amount = abs(float(raw.replace(",", "")))
    except ValueError:
        return None
    shown = f"{amount:,.2f}"
    symbol = _SYMBOLS.get(currency.upper())
    return f"{symbol}{shown}" if symbol else f"{shown} {currency}".rstrip()


def _heading(out: _Lines, fields: dict[str, tuple[str, int]], where) -> bool:
    """The account's line, before its first transaction or balance: which account, the statement's dates and its
    currency."""
    card = fields.get("CARD", ("", 0))[0] == "1"
    kind = "Credit card" if card else _ACCOUNTS.get(fields.get("ACCTTYPE", ("", 0))[0].upper(), "Account")
    account = fields.get("ACCTID", ("", 0))[0]
    bank = fields.get("BANKID", ("", 0))[0]
    line = kind + (f" {account}" if account else "") + (f" at bank {bank}" if bank else "")
    span = [day_words(fields[k][0]) for k in ("DTSTART", "DTEND") if k in fields]
    if len(span) == 2:
        line += f": statement from {span[0]} to {span[1]}"
    currency = fields.get("CURDEF", ("", 0))[0]
    line += f", in {currency}." if currency else "."
    record = {"": ("", fields.get("", ("", 0))[1]), **{k: v for k, v in fields.items() if k}}
    trail = f"{kind} {account}".strip() if account else kind
    out.add(line, record, where, trail=f"{trail} (statement)")
    return True


def _transaction(txn: dict[str, tuple[str, int]], fields: dict[str, tuple[str, int]]) -> str:
    """A transaction in words: "Monday 1 March 2027: £985.40 paid to LEEWOOD BS MORTGAGE by direct debit
    (MORTGAGE ACC 40021876)."."""

    def get(key: str) -> str:
        return txn.get(key, ("", 0))[0]

    currency = get("CURRENCY") or get("CURSYM") or fields.get("CURDEF", ("", 0))[0]
    amount_text = get("TRNAMT")
    amount = money(amount_text, currency) if amount_text else None
    kind, name, memo = get("TRNTYPE").upper(), get("NAME") or get("PAYEE"), get("MEMO")
    out = amount_text.strip().startswith("-")
    day = day_words(get("DTPOSTED")) if get("DTPOSTED") else ""
    if amount is None:
        words = (name or memo or kind.lower() or "A transaction") + (
            f" ({amount_text})" if amount_text else ""
        )
    elif kind in _EARNED and not out:
        words = f"{amount} {_EARNED[kind]} paid in" + (
            f" by {name}" if name and _EARNED[kind] not in name.lower() else ""
        )
    elif kind in _CHARGED and out:
        words = f"{amount} charged as {_CHARGED[kind]}" + (f" by {name}" if name else "")
    elif out and kind == "ATM":
        words = f"{amount} cash taken out" + (f" at {name}" if name else "")
    elif out and kind == "POS" and name:  # a card payment in a shop: money spent there
        words = f"{amount} spent at {name} by card"
    elif out:
        how = _OUT.get(kind, "")
        if kind == "CHECK" and get("CHECKNUM"):
            how += f" {get('CHECKNUM')}"
        words = f"{amount} paid to {name}{how}" if name else f"{amount} paid out{how}"
    else:
        how = _IN.get(kind, "")
        words = f"{amount} received from {name}{how}" if name else f"{amount} paid in{how}"
    if memo and memo != name:
        words += f" ({memo})"
    return f"{day}: {words}." if day else f"{words}."


def _balance(balance: dict[str, tuple[str, int]], tag: str, fields: dict[str, tuple[str, int]]) -> str:
    """A closing balance in words: "Balance on Wednesday 31 March 2027: £3,557.93." ("overdrawn" below zero)."""
    value = balance.get("BALAMT", ("", 0))[0]
    amount = money(value, fields.get("CURDEF", ("", 0))[0]) if value else None
    if amount is None:
        return ""
    what = "Available balance" if tag == "AVAILBAL" else "Balance"
    when = balance.get("DTASOF", ("", 0))[0]
    line = f"{what} on {day_words(when)}: {amount}" if when else f"{what}: {amount}"
    return line + (" overdrawn." if value.strip().startswith("-") else ".")


def _qif(text: str, starts: list[int], check: Callable[[], None]) -> Page:
    """A QIF file's bank, cash and card records a line each, as an OFX file's are (no currency: QIF names none)."""

    def where(offset: int) -> tuple[int, int]:
        return source_place(starts, offset)

    records: list[dict[str, tuple[str, int]]] = []
    kind, record, offset = "", {}, 0
    for n, line in enumerate(
        text.split("\n")
    ):  # the lines ``starts`` counts (splitlines breaks at \f, \x1c ...)
        if n % 4096 == 4095:
            check()
        field, value = line[:1], line[1:].strip()
        if field == "!":
            kind = value.split(":", 1)[1].strip().lower() if value.lower().startswith("type:") else ""
        elif field == "^":
            if record and kind in _QIF_MONEY_TYPES:
                records.append(record)
            record = {}
        elif field and value and kind in _QIF_MONEY_TYPES:
            record.setdefault("", ("", offset))
            record.setdefault(field.upper(), (value, offset))
        offset += len(line) + 1
    day_first = _day_first([r["D"][0] for r in records if "D" in r])
    out = _Lines()
    for r in records:
        day = _qif_day(r.get("D", ("", 0))[0], day_first)
        txn = {"": r[""], "TRNAMT": r.get("T") or r.get("U") or ("", 0), "NAME": r.get("P", ("", 0)),
               "MEMO": r.get("M", ("", 0)), "CHECKNUM": r.get("N", ("", 0)),
               "TRNTYPE": ("CHECK" if r.get("N", ("", 0))[0].isdigit() else "", 0),
               "DTPOSTED": (f"{day:%Y%m%d}" if day else "", 0)}  # fmt: skip
        line = _transaction({k: v for k, v in txn.items() if k == "" or v[0]}, {})
        category = r.get("L", ("", 0))[0].strip("[]")
        if category:  # in the memo's brackets, or brackets of its own
            line = (
                line[:-2] + f"; category {category})."
                if line.endswith(").")
                else line[:-1] + f" (category {category})."
            )
        out.add(line, {k: v for k, v in txn.items() if k == "" or v[0]}, where)
    return out.page() if out.lines else as_text(text)


def _day_first(values: list[str]) -> bool:
    """Whether a QIF file's dates put the day first (01/03/2027 for 1 March): a first number over 12 says so, a second
    one over 12 says not; where none does, the month comes first, as Quicken writes it."""
    for value in values:
        m = _QIF_DATE.search(value)
        if m and len(m[1]) <= 2:
            if int(m[1]) > 12:
                return True
            if int(m[2]) > 12:
                return False
    return False


def _qif_day(value: str, day_first: bool) -> date | None:
    """A QIF date ("3/ 1'27", "03/01/2027", "01.03.2027", "2027-03-01") as a date; None if it is not one."""
    m = _QIF_DATE.search(value)
    if not m:
        return None
    a, b, c = int(m[1]), int(m[2]), int(m[3])
    if len(m[1]) == 4:
        year, month, day = a, b, c
    else:
        day, month = (a, b) if day_first else (b, a)
        year = c + (2000 if c < 70 else 1900) if c < 100 else c
    try:
        return date(year, month, day)
    except ValueError:
        return None
