"""Property-based fuzzing of the format readers (issue 35): malformed ODT, PPTX, XLSX, DOCX, EPUB, EML, MBOX, IPYNB,
RTF, gzip, PNG and PDF files, made by mutating small valid ones, indexed through the real pipeline. Every file ends
indexed or skipped with a reason, beside a good file that is indexed; no exception leaves the run, and each run is
bounded in time.

Mutations are byte flips, inserted tokens that matter to the format (numbers too large, entities, encoded words,
brackets, boundaries, PDF operators), deletions, duplications and truncation, and ones that know the syntax: an
attribute's value or an element's text replaced by a value that broke a reader ("abc" or "²" where a number
belongs, 5,000 digits, a date that is none), an e-mail header's value by nested comments or thousands of encoded
words, a message wrapped in many multiparts, a notebook's node by a value of the wrong type or one nested deeper
than the parser's recursion limit. Zip-based documents are mutated
inside their members (then zipped again, so the XML is what is attacked), gzip inside or outside, PNG chunks get
their CRCs fixed after the mutation (so the decoder reads the mutated header instead of refusing its checksum).

Examples are derandomized (the same every run); ``ALCOVE_FUZZ_EXAMPLES=500 ALCOVE_FUZZ_RANDOM=1`` explores more.
"""

from __future__ import annotations

import copy
import gzip
import io
import json
import os
import re
import struct
import tempfile
import time
import zipfile
import zlib
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.index.readers import ocr as ocr_module
from tests.engine.hostile.test_reader_fuzz import FakeRecogniser, outcomes, run
from tests.engine.hostile.test_reader_fuzz_files import GOOD
from tests.engine.index.index_fakes import make_docx

pytestmark = pytest.mark.timeout(900)

EXAMPLES = int(os.environ.get("ALCOVE_FUZZ_EXAMPLES", "25"))
SECONDS_PER_FILE = 20.0


def _good_docx() -> bytes:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "g.docx"
        make_docx(path, [("Kingfishers", 1), ("They nest in river banks.", 0)])
        return path.read_bytes()


SEEDS = {
    "odt": GOOD["good.odt"],
    "pptx": GOOD["good.pptx"],
    "xlsx": GOOD["good.xlsx"],
    "docx": _good_docx,
    "epub": GOOD["good.epub"],
    "eml": GOOD["good.eml"],
    "mbox": GOOD["good.mbox"],
    "ipynb": GOOD["good.ipynb"],
    "rtf": GOOD["good.rtf"],
    "txt.gz": GOOD["good.txt.gz"],
    "png": GOOD["good.png"],
    "pdf": GOOD["good.pdf"],
}
_SEED_BYTES: dict[str, bytes] = {}


def seed(fmt: str) -> bytes:
    if fmt not in _SEED_BYTES:
        _SEED_BYTES[fmt] = SEEDS[fmt]()
    return _SEED_BYTES[fmt]


TOKENS = [
    b"<", b">", b"/>", b"</a>", b"&", b"&amp;", b"&undefined;", b"&#0;", b"&#x110000;", b'"', b"'", b"=", b"{", b"}",
    b"[", b"]", b"\\", b"\x00", b"\xff\xfe", b"\xc0\xaf", b"-1", b"0", b"99999999999999999999999", b"9" * 5000,
    b"1e308", b"-1e308", b"NaN", b"\xc2\xb2", b"\r\n", b"\n\n", b"=?utf-8?q?", b"=?x?b?", b"?=", b"(" * 200,
    b")", b"--", b'boundary="b"', b"\r\n--b\r\n", b"Content-Type: multipart/mixed; ", b"Content-Type: message/rfc822",
    b"charset=unknown-8bit", b"Content-Transfer-Encoding: base64", b"{\\rtf1", b"\\par", b"\\u-32768?",
    b"\\bin99999 ", b"{\\*\\", b" obj", b"endobj", b"stream\n", b"endstream", b"/Length 99999999",
    b"/MediaBox [0 0 1e30 1e30]", b"/MediaBox [0 0 -5 0]", b"/Kids [1 0 R]", b"/Parent 2 0 R", b"xref",
    b"IHDR", b"IDAT", b'text:c="', b'outline-level="', b' x="', b' y="', b'r="A', b't="s"', b't="d"', b't="b"',
    b't="n"', b"<v>", b"</v>", b'"outputs": ', b'"cells": ', b'"source": ', b'"data": ', b"null", b"true",
    b"[" * 300, b"\x1f\x8b\x08\x00", b"From ", b"\nFrom x\n",
]  # fmt: skip

# Values that have broken readers: numbers that are not, too large, negative, superscript digits, dates that are
# none, entities, empty; put in place of an attribute's value or an element's text (XML inside the zip formats,
# PDF dictionaries, HTML chapters).
VALUES = [
    b"abc", b"\xc2\xb2", b"-1", b"-99999999999", b"9" * 30, b"9" * 5000, b"1e308", b"NaN", b"", b" ", b"&undefined;",
    b"0x10", b"1.5", b"2026-13-45T99:99:99", b"TRUE", b"150000000", b"\x00", b"<", b"&#x110000;",
]  # fmt: skip
# Header values that have broken the e-mail reader: nested comments, many encoded words, long address lists,
# broken parameters and encodings.
HEADER_VALUES = [
    b"(" * 3000 + b"x" + b")" * 3000,
    b" ".join(b"=?utf-8?q?w%d?=" % i for i in range(3000)),
    b",\r\n ".join(b"u%d@example.org" % i for i in range(3000)),
    b'multipart/mixed; boundary="', b"multipart/mixed", b"message/rfc822", b"text/plain; charset=x-unknown-8",
    b"text/html; charset=utf-7", b"base64", b"quoted-printable", b"=?utf-8?b?!!!?=", b"=?unknown?q?x?=", b"<>",
    b'"unterminated', b"a@", b"@", b"Tue, 99 Foo 99999 99:99:99 +9999", b'attachment; filename*=x\'\'%ff%fe',
]  # fmt: skip
_ATTR = re.compile(rb'="[^"]{0,200}"')
_TEXT = re.compile(rb">[^<]{1,200}<")
_HEADER = re.compile(rb"^([A-Za-z-]{2,40}): [^\r\n]*", re.M)

MUTATION = st.tuples(
    st.sampled_from(
        ["flip", "insert", "token", "delete", "dup", "truncate", "attr", "text", "header", "nest"]
    ),
    st.floats(0, 1),
    st.integers(0, 255),
    st.integers(1, 64),
    st.binary(min_size=1, max_size=16),
)


def _nth(pattern: re.Pattern, data: bytes, where: float):
    found = list(pattern.finditer(data))
    return found[min(len(found) - 1, int(where * len(found)))] if found else None


def mutate(data: bytes, mutations) -> bytes:
    out = bytearray(data)
    for op, where, byte, size, blob in mutations:
        pos = min(len(out), int(where * len(out)))
        if op == "flip" and out:
            out[min(pos, len(out) - 1)] = byte
        elif op == "insert":
            out[pos:pos] = blob
        elif op == "token":
            out[pos:pos] = TOKENS[byte % len(TOKENS)]
        elif op == "delete":
            del out[pos : pos + size]
        elif op == "dup":
            out[pos:pos] = out[pos : pos + size * 16]
        elif op == "truncate":
            del out[max(1, pos) :]
        elif op in ("attr", "text"):
            m = _nth(_ATTR if op == "attr" else _TEXT, bytes(out), where)
            if m:
                out[m.start() + 2 - (op == "text") : m.end() - 1] = VALUES[byte % len(VALUES)]
        elif op == "header":
            m = _nth(_HEADER, bytes(out), where)
            if m:
                out[m.end(1) + 2 : m.end()] = HEADER_VALUES[byte % len(HEADER_VALUES)]
        elif op == "nest" and _HEADER.match(bytes(out)):  # the message inside ``size`` multiparts
            head = b"".join(
                b'Content-Type: multipart/mixed; boundary="n%d"\r\n\r\n--n%d\r\n' % (i, i)
                for i in range(size)
            )
            tail = b"".join(b"\r\n--n%d--\r\n" % i for i in reversed(range(size)))
            out = bytearray(b"Subject: nested\r\n" + head + bytes(out) + tail)
    return bytes(out)


DEEP = "@@deep@@"  # written as 3,000 nested lists once the document is text (json cannot write them itself)
JSON_VALUES = [
    None,
    5,
    -1,
    1e308,
    "text",
    [],
    {},
    [1, "a", None],
    {"text/plain": 7},
    {"data": ["x"]},
    DEEP,
    DEEP,
]


def _nodes(node, out: list, depth: int = 0) -> list:
    """(parent, key) of every node down to depth 12."""
    if depth <= 12:
        keys = list(node) if isinstance(node, dict) else range(len(node)) if isinstance(node, list) else ()
        for key in keys:
            out.append((node, key))
            _nodes(node[key], out, depth + 1)
    return out


def _mutate_json(data: bytes, picks: list[tuple[float, int]]) -> bytes:
    """Some node of the document (a cell, its source, its outputs, an output's data) replaced by a value of the
    wrong type, or one nested deeper than the parser's recursion limit."""
    doc = json.loads(data)
    for where, byte in picks:
        nodes = _nodes(doc, [])
        if nodes:
            parent, key = nodes[min(len(nodes) - 1, int(where * len(nodes)))]
            parent[key] = copy.deepcopy(JSON_VALUES[byte % len(JSON_VALUES)])
    return json.dumps(doc).replace(f'"{DEEP}"', "[" * 3000 + "]" * 3000).encode()


# The members that hold a document's text: mutated three times in four (the rest: any member)
_CONTENT = re.compile(r"content\.xml|slides/slide\d|worksheets/sheet\d|sharedStrings|word/document|\.x?html$")


def _rezip(data: bytes, member_pick: int, mutations) -> bytes:
    src = zipfile.ZipFile(io.BytesIO(data))
    infos = src.infolist()
    content = [i for i in infos if _CONTENT.search(i.filename)]
    pool = content if content and member_pick % 4 else infos
    target = pool[member_pick // 4 % len(pool)].filename
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
        for info in infos:
            body = src.read(info)
            out.writestr(info.filename, mutate(body, mutations) if info.filename == target else body)
    return buf.getvalue()


def _fix_png_crcs(data: bytes) -> bytes:
    """Recompute every chunk's CRC the mutation broke, as far as the chunk structure still parses."""
    out = bytearray(data)
    pos = 8
    while pos + 12 <= len(out):
        (length,) = struct.unpack(">I", out[pos : pos + 4])
        end = pos + 8 + length
        if end + 4 > len(out):
            break
        out[end : end + 4] = struct.pack(">I", zlib.crc32(bytes(out[pos + 4 : end])))
        pos = end + 4
    return bytes(out)


@st.composite
def malformed(draw, fmt: str) -> bytes:
    data = seed(fmt)
    mutations = draw(st.lists(MUTATION, min_size=1, max_size=6))
    inside = draw(st.booleans())
    if fmt in ("odt", "pptx", "xlsx", "docx", "epub") and inside:
        return _rezip(data, draw(st.integers(0, 64)), mutations)
    if fmt == "txt.gz" and inside:
        return gzip.compress(mutate(gzip.decompress(data), mutations), mtime=0)
    if fmt == "png":
        return _fix_png_crcs(mutate(data, mutations)) if inside else mutate(data, mutations)
    if fmt == "ipynb" and inside:
        return _mutate_json(
            data, draw(st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255)), min_size=1, max_size=3))
        )
    return mutate(data, mutations)


def fuzz_settings():
    return settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=not os.environ.get("ALCOVE_FUZZ_RANDOM"),
        database=None,
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
        ],
    )


@pytest.mark.filterwarnings(
    "ignore::UserWarning"
)  # openpyxl and ebooklib warn about the damage they read past
@pytest.mark.parametrize("fmt", sorted(SEEDS))
def test_malformed_files_end_indexed_or_skipped_never_ending_the_run(fmt):
    @fuzz_settings()
    @given(st.lists(malformed(fmt), min_size=1, max_size=4))
    def check(files: list[bytes]) -> None:
        with tempfile.TemporaryDirectory() as tmp, mock.patch.object(ocr_module, "_engine", FakeRecogniser):
            docs = Path(tmp) / "docs"
            docs.mkdir()
            names = [f"m{i}.{fmt}" for i in range(len(files))]
            for name, data in zip(names, files, strict=True):
                (docs / name).write_bytes(data)
            (docs / "zz-good.txt").write_text("A good file beside the malformed ones, about herons.\n")
            db = Path(tmp) / "i.sqlite3"
            t0 = time.monotonic()
            summary = run([docs], db)
            seconds = time.monotonic() - t0
            assert summary.error is None and not summary.cancelled
            got = outcomes(summary, db)
            assert got.get("zz-good.txt") == "indexed"
            for name in names:
                assert name in got, (name, got)
                assert got[name] == "indexed" or len(got[name].strip()) > 10, (name, got[name])
            assert seconds < SECONDS_PER_FILE * (len(files) + 1), seconds

    check()
