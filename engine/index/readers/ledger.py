"""A plain-text accounting ledger (Beancount's ``.beancount``/``.bean``, what Fava shows; Ledger's and hledger's
``.ledger``/``.hledger``) read an entry a line, as a person reads their books.

Read as text, a transaction is a line of a date, a flag and quoted strings over indented postings ("2026-03-04 *
"Octopus Energy" "Electricity, February"" then "  Expenses:Home:Energy  84.20 GBP" and "  Assets:Bank:Current"), so
no one sentence says who was paid, how much, from which account. Here each entry is a line of its own, its day in
words and as written: "4 March 2026 (2026-03-04): Octopus Energy, Electricity, February: 84.20 GBP to
Expenses:Home:Energy from Assets:Bank:Current." A posting left without an amount is the rest, as Beancount balances
it; a posting's cost and price are kept ("10 VWRL at 84.12 GBP each"); its metadata follow ("Receipt: ..."), then its
tags and links. The other directives read as sentences: an account opened or closed, a balance asserted, a pad, a
price, a note, an event, a document, a commodity. ``;`` comments between entries read as the prose they are;
Org-mode headings (``* Bank``, ``** Energy``), which Beancount files use as sections, head what follows (the page's
trail). Every piece is anchored at the file line it comes from, so a citation names the entry's own lines. Linear in
the file's size; a file with no entry in it is read as its text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from decimal import Decimal, InvalidOperation

from engine.index.document import Page, joined_line, line_page, line_starts
from engine.index.readers.anchored import MONTH_NAMES, SENTENCE_END, as_text

READER_VERSION = 3  # 3: hledger lower-case accounts; 2: a balance an assertion (held-out 30); 1: first
_DATE = r"(\d{4})[-/](\d{1,2})[-/](\d{1,2})"
_ENTRY = re.compile(_DATE + r"(?:=\S+)?\s+(.*)$")
_DIRECTIVE = re.compile(
    r"(open|close|balance|pad|price|note|event|document|commodity|query|custom)\b\s*(.*)$"
)
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_HEADING = re.compile(r"(\*+)\s+(\S.*)$")
# a metadata line ("receipt: ..."): its key's colon before a space, where an hledger account's ("expenses:food") is not
_META = re.compile(r"([a-z][A-Za-z0-9_-]*):(?=\s|$)\s*(.*)$")
_NUMBER = r"[-+]?\(?[£$€]?\s?-?[\d,]*\.?\d+\)?"
_AMOUNT = re.compile(r"(" + _NUMBER + r")\s*([A-Z][A-Z0-9'._-]{0,23})?")
_TAGS = re.compile(r"(?<!\S)([#^])([\w/.-]+)")
_OPTION = re.compile(r"(option|plugin|include)\s+(.*)$")


def _day(y: str, m: str, d: str) -> str:
    try:
        day = date(int(y), int(m), int(d))
    except ValueError:
        return f"{y}-{m}-{d}"
    return f"{day.day} {MONTH_NAMES[day.month - 1]} {day.year} ({day.isoformat()})"


def _strings(rest: str) -> tuple[list[str], str]:
    """The quoted strings of ``rest`` (unescaped) and what is left of it."""
    found = [m.group(1).replace('\\"', '"').replace("\\\\", "\\") for m in _STRING.finditer(rest)]
    return found, _STRING.sub(" ", rest)


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text if not text or SENTENCE_END.search(text) else text + "."


def _decimal(number: str) -> Decimal | None:
    s = number.replace(",", "").replace("£", "").replace("$", "").replace("€", "").replace(" ", "")
    negative = s.startswith("(") and s.endswith(")")
    try:
        value = Decimal(s.strip("()"))
    except InvalidOperation:
        return None
    return -value if negative else value


class _Posting:
    __slots__ = ("account", "amount", "currency", "extra", "line", "comment")

    def __init__(self, account: str, amount: str, currency: str, extra: str, line: int, comment: str) -> None:
        self.account, self.amount, self.currency, self.extra = account, amount, currency, extra
        self.line, self.comment = line, comment


def _posting(body: str, n: int) -> _Posting | None:
    """An indented posting line: "Expenses:Home:Energy  84.20 GBP", "Assets:Broker  10 VWRL {84.12 GBP}", a flag
    before it, a comment after it."""
    body, _, comment = body.partition(";")
    body = body.strip()
    if body[:1] in "!*" and body[1:2].isspace():
        body = body[1:].strip()
    found = re.match(r"(\S+(?: \S+)*?)(?:\s{2,}|\t+)(.*)$", body) or re.match(r"(\S+)()$", body)
    if found is None or ":" not in found.group(1):
        return None
    account, rest = found.group(1).strip("()[]"), found.group(2).strip()
    amount = currency = extra = ""
    if rest:
        m = _AMOUNT.match(rest)
        if m:
            amount, currency, extra = m.group(1).strip(), (m.group(2) or "").strip(), rest[m.end() :].strip()
        else:
            extra = rest
    return _Posting(account, amount, currency, extra, n, comment.strip())


def _cost(extra: str) -> str:
    """ "{84.12 GBP}" as "at 84.12 GBP each"; "@ 1.17 EUR" as "at 1.17 EUR each"; "@@ 50 GBP" as "for 50 GBP in all"."""
    said = []
    if (m := re.search(r"\{\{?\s*([^{}]*?)\s*\}\}?", extra)) and m.group(1):
        parts = [p.strip() for p in m.group(1).split(",") if p.strip()]
        if parts:
            said.append(("at a total cost of " if m.group(0).startswith("{{") else "at a cost of ") + parts[0]
                        + (" each" if not m.group(0).startswith("{{") else "")
                        + "".join(f", {p}" for p in parts[1:]))  # fmt: skip
    if m := re.search(r"@@\s*(\S+(?:\s+[A-Z][A-Z0-9'._-]*)?)", extra):
        said.append(f"for {m.group(1)} in all")
    elif m := re.search(r"@\s*(\S+(?:\s+[A-Z][A-Z0-9'._-]*)?)", extra):
        said.append(f"at {m.group(1)} each")
    return ", ".join(said)


def _money(p: _Posting, negate: bool = False) -> str:
    amount = p.amount
    if negate:
        amount = amount[1:] if amount.startswith("-") else amount
    said = " ".join(x for x in (amount, p.currency) if x)
    cost = _cost(p.extra)
    return f"{said} ({cost})" if cost and said else said


def _transfer(postings: list[_Posting]) -> str:
    """Where the money went: "84.20 GBP to Expenses:Home:Energy from Assets:Bank:Current"."""
    sums: dict[str, Decimal] = {}
    blank = [p for p in postings if not p.amount]
    for p in postings:
        value = _decimal(p.amount) if p.amount else None
        if p.amount and value is None:
            return "; ".join(f"{p.account} {_money(p)}".strip() for p in postings)
        if value is not None and not _cost(p.extra):
            sums[p.currency] = sums.get(p.currency, Decimal(0)) + value
    if (
        len(blank) == 1 and len(sums) == 1
    ):  # the one posting with no amount is the rest, as Beancount balances it
        currency, total = next(iter(sums.items()))
        blank[0].amount = str(-total)
        blank[0].currency = currency
    gains = [p for p in postings if p.amount and (_decimal(p.amount) or 0) > 0]
    losses = [p for p in postings if p.amount and (_decimal(p.amount) or 0) < 0]
    unknown = [p for p in postings if not p.amount]
    if len(losses) == 1 and gains and not unknown:
        to = " and ".join(f"{_money(p)} to {p.account}" for p in gains)
        return f"{to} from {losses[0].account}"
    said = [f"{_money(p)} to {p.account}" for p in gains]
    said += [f"{_money(p, negate=True)} from {p.account}" for p in losses]
    said += [p.account for p in unknown]
    return "; ".join(said)


def read_ledger(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of a Beancount or Ledger file in words (see the module's docstring)."""
    starts = line_starts(text)  # where each line starts: a piece of line n is anchored at (n + 1, starts[n])
    raw = text.split("\n")
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    trails: list[tuple[int, str]] = []
    section: list[str] = []
    entries = 0

    def emit(pieces: list[tuple[str, int]]) -> None:
        line = joined_line([(" ".join(piece.split()), (n + 1, starts[n])) for piece, n in pieces])
        if line is not None:
            lines.append(line)

    i = 0
    comment: list[tuple[str, int]] = []

    def flush_comment() -> None:
        if comment:
            emit([(_sentence(c) if k == len(comment) - 1 else c, n) for k, (c, n) in enumerate(comment)])
            comment.clear()

    while i < len(raw):
        if i % 2048 == 0:
            check()
        line = raw[i].rstrip("\r").lstrip("\ufeff")
        stripped = line.strip()
        if not stripped:
            flush_comment()
            i += 1
            continue
        if not line[:1].isspace() and stripped[:1] in ";#%|" and not _TAGS.match(stripped):
            said = stripped.lstrip(";#%|").strip()
            if said:
                comment.append((said, i))
            else:
                flush_comment()
            i += 1
            continue
        flush_comment()
        heading = _HEADING.match(stripped) if not line[:1].isspace() else None
        if heading:
            depth = len(heading.group(1))
            del section[depth - 1 :]
            section.append(" ".join(heading.group(2).split()))
            trails.append((len(lines), " › ".join(section)))
            emit([(_sentence(section[-1]), i)])
            i += 1
            continue
        # the entry's own indented lines: postings, metadata, comments
        j = i + 1
        while j < len(raw) and raw[j][:1].isspace() and raw[j].strip():
            j += 1
        body = list(range(i + 1, j))
        entry = _ENTRY.match(stripped)
        option = _OPTION.match(stripped)
        if entry:
            entries += 1
            _entry(entry, i, body, raw, emit)
        elif option:
            words, _ = _strings(option.group(2))
            if option.group(1) == "option" and len(words) >= 2:
                emit([(_sentence(f"{words[0].replace('_', ' ').capitalize()}: {words[1]}"), i)])
            elif option.group(1) == "include" and words:
                emit([(_sentence(f"Includes the file {words[0]}"), i)])
        else:
            emit([(stripped, i)] + [(raw[n].strip(), n) for n in body])
        i = j
    flush_comment()
    if not entries:
        return as_text(text)
    return line_page(lines, trails)


def _extras(body: list[int], raw: list[str]) -> tuple[list[tuple[str, int]], list[int]]:
    """An entry's metadata ("Receipt: ...") and comments as pieces, and its other lines (postings)."""
    pieces, rest = [], []
    for n in body:
        s = raw[n].strip()
        if s.startswith((";", "#", "%")):
            said = s.lstrip(";#%").strip()
            if said:
                pieces.append((f"({_sentence(said)[:-1] if said.endswith('.') else said})", n))
            continue
        meta = _META.match(s)
        if meta and not re.match(r"[A-Z]", s):
            values, left = _strings(meta.group(2))
            value = values[0] if values else left.strip()
            pieces.append(
                (_sentence(f"{meta.group(1).replace('_', ' ').replace('-', ' ').capitalize()}: {value}"), n)
            )
            continue
        rest.append(n)
    return pieces, rest


def _entry(entry: re.Match[str], i: int, body: list[int], raw: list[str], emit) -> None:
    day = _day(entry.group(1), entry.group(2), entry.group(3))
    rest = entry.group(4).split(";", 1)[0].strip() if '"' not in entry.group(4) else entry.group(4)
    directive = _DIRECTIVE.match(rest)
    extras, others = _extras(body, raw)
    if directive is None:  # a transaction: "* "Payee" "Narration" #tag ^link", or Ledger's "* Payee"
        flag = rest[:1] if rest[:1] in "*!" else ("" if not rest.startswith("txn") else "*")
        rest = rest[3:] if rest.startswith("txn") else rest[1:] if flag else rest
        if not flag and rest[:2] in (
            "* ",
            "! ",
        ):  # Ledger: "2026/03/04 * Payee", code "(1042)" after the flag
            flag, rest = rest[0], rest[2:]
        words, left = _strings(rest)
        tags = _TAGS.findall(left)
        left = _TAGS.sub(" ", left)
        left = re.sub(r"^\s*\([^)]*\)", " ", left)  # Ledger's code "(1042)"
        if not words:  # Ledger: the payee is the rest of the line, a comment after ";"
            words = [left.split(";", 1)[0].strip()] if left.split(";", 1)[0].strip() else []
        postings = []
        for n in others:
            p = _posting(raw[n], n)
            if p is not None:
                postings.append(p)
            else:
                extras.append((_sentence(raw[n].strip()), n))
        what = ", ".join(w.strip() for w in words if w.strip())
        head = f"{day}: {what}" if what else day
        if flag == "!":
            head += " (flagged)"
        pieces: list[tuple[str, int]] = [(head + (":" if postings else "."), i)]
        if postings:
            said = _transfer(postings)
            pieces.append((_sentence(said), postings[0].line))
            pieces += [(f"({p.comment})", p.line) for p in postings if p.comment]
        pieces += extras
        named = [("Tag " if mark == "#" else "Link ") + name for mark, name in tags]
        if named:
            pieces.append((_sentence(", ".join(named)), i))
        emit(pieces)
        return
    kind, args = directive.group(1), directive.group(2)
    words, left = _strings(args)
    tokens = left.split()
    if kind == "open":
        said = f"{day}: opened the account {tokens[0] if tokens else ''}"
        if len(tokens) > 1:
            said += f" ({', '.join(c for t in tokens[1:] for c in t.split(',') if c)})"
    elif kind == "close":
        said = f"{day}: closed the account {' '.join(tokens[:1])}"
    elif kind == "balance":
        # Beancount checks a balance at the start of its day, before that day's entries
        said = f"{day}: balance assertion, {' '.join(tokens[:1])} held {' '.join(tokens[1:])} at the start of the day"
    elif kind == "pad":
        said = f"{day}: {' '.join(tokens[:1])} padded from {' '.join(tokens[1:2])}"
    elif kind == "price":
        said = f"{day}: the price of {' '.join(tokens[:1])} was {' '.join(tokens[1:])}"
    elif kind == "note":
        said = f"{day}: a note on {' '.join(tokens[:1])}: {' '.join(words)}"
    elif kind == "event":
        said = f"{day}: event, {words[0]}: {' '.join(words[1:])}" if words else f"{day}: event"
    elif kind == "document":
        said = f"{day}: a document for {' '.join(tokens[:1])}: {' '.join(words)}"
    elif kind == "commodity":
        said = f"{day}: the commodity {' '.join(tokens[:1])}"
    else:
        said = f"{day}: {kind} {' '.join(words)} {' '.join(tokens)}"
    pieces = [(_sentence(said), i), *extras]
    pieces += [(_sentence(raw[n].strip()), n) for n in others]
    emit(pieces)
