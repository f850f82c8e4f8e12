"""Fuzz the GGUF header parser (issue #19): random and mutated headers end in a GGUFImportError, never another
exception (RecursionError, ZeroDivisionError, ValueError...), a hang or a huge allocation."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.cli.main import main
from engine.core import GGUFImportError
from engine.models.gguf.reader import GGUFFile, read_gguf

pytestmark = pytest.mark.timeout(300)


def _s(text: str) -> bytes:
    raw = text.encode()
    return struct.pack("<Q", len(raw)) + raw


def _kv(key: str, vtype: int, payload: bytes) -> bytes:
    return _s(key) + struct.pack("<I", vtype) + payload


def header(*, alignment: bytes | None = None, extra_kv: list[bytes] = (), dims=(32, 2), n_dims=None) -> bytes:
    """A valid GGUF v3 file: a few typical metadata values (strings, arrays, a nested array) and one F32 tensor."""
    kvs = [
        _kv("general.architecture", 8, _s("llama")),
        _kv("llama.block_count", 4, struct.pack("<I", 1)),
        _kv("tokenizer.ggml.tokens", 9, struct.pack("<IQ", 8, 3) + _s("<s>") + _s("a") + _s("b")),
        _kv("tokenizer.ggml.scores", 9, struct.pack("<IQ", 6, 3) + struct.pack("<3f", 0.0, -1.0, -2.0)),
        _kv("test.nested", 9, struct.pack("<IQ", 9, 1) + struct.pack("<IQ", 4, 2) + struct.pack("<2I", 7, 8)),
    ]
    kvs.append(alignment if alignment is not None else _kv("general.alignment", 4, struct.pack("<I", 32)))
    kvs += list(extra_kv)
    n = len(dims) if n_dims is None else n_dims
    tensor = _s("token_embd.weight") + struct.pack("<I", n) + b"".join(struct.pack("<Q", d) for d in dims)
    tensor += struct.pack("<IQ", 0, 0)  # F32, offset 0
    body = b"GGUF" + struct.pack("<IQQ", 3, 1, len(kvs)) + b"".join(kvs) + tensor
    body += b"\0" * (-len(body) % 32)
    return body + b"\0" * (4 * 32 * 2)


def parse(tmp: Path, data: bytes) -> GGUFFile | None:
    path = tmp / "f.gguf"
    path.write_bytes(data)
    try:
        return read_gguf(path)
    except GGUFImportError:
        return None


def test_the_valid_header_parses(tmp_path):
    f = parse(tmp_path, header())
    assert f is not None and f.metadata["test.nested"] == [[7, 8]] and f.tensors[0].shape == (2, 32)


@pytest.mark.parametrize(
    "data, why",
    [
        (
            header(alignment=_kv("general.alignment", 4, struct.pack("<I", 0))),
            "alignment",
        ),  # ZeroDivisionError
        (header(alignment=_kv("general.alignment", 8, _s("thirty-two"))), "alignment"),  # ValueError
        (header(alignment=_kv("general.alignment", 11, struct.pack("<q", -32))), "alignment"),
        (header(extra_kv=[_kv("deep", 9, struct.pack("<IQ", 9, 1) * 5000)]), "nested"),  # RecursionError
        (header(extra_kv=[_kv("huge", 9, struct.pack("<IQ", 8, 1 << 62))]), "truncated"),
        (header(extra_kv=[_kv("bad", 99, b"")]), "unknown type"),
        (header(dims=(1 << 40, 1 << 40)), "truncated"),  # numpy's product used to wrap around
        (header(dims=(1 << 63, 4)), "truncated"),
        (header(dims=(32,) * 3, n_dims=1 << 31), "dimensions"),
        (header()[:100], "truncated"),
        (b"GGUF" + struct.pack("<I", 99), "version"),
        (b"GGUF", "truncated"),
    ],
)
def test_known_malformed_headers_get_clear_errors(tmp_path, data, why):
    path = tmp_path / "bad.gguf"
    path.write_bytes(data)
    with pytest.raises(GGUFImportError, match=why):
        read_gguf(path)


def test_a_malformed_gguf_on_the_command_line_is_an_alcove_error(tmp_path, capsys):
    path = tmp_path / "bad.gguf"
    path.write_bytes(header(alignment=_kv("general.alignment", 4, struct.pack("<I", 0))))
    assert main(["models", "import", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("alcove: ") and "Traceback" not in err


_VALID = header()


@settings(
    max_examples=400,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    flips=st.lists(st.tuples(st.integers(0, len(_VALID) - 1), st.integers(0, 255)), min_size=1, max_size=8),
    cut=st.one_of(st.none(), st.integers(4, len(_VALID))),
)
def test_mutated_headers_parse_or_fail_cleanly(tmp_path, flips, cut):
    data = bytearray(_VALID)
    for pos, value in flips:
        data[pos] = value
    data[:4] = b"GGUF"
    parse(tmp_path, bytes(data[:cut] if cut else data))  # anything but GGUFImportError fails the test


@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.binary(min_size=0, max_size=400))
def test_random_headers_parse_or_fail_cleanly(tmp_path, tail):
    parse(tmp_path, b"GGUF" + struct.pack("<I", 3) + tail)
