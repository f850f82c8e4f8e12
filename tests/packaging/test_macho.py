"""packaging/macho.py on hand-built headers (the wheel tests use it on real files, but need the registry)."""

import struct
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "packaging"))
import macho  # noqa: E402

sys.path.pop(0)


def _lc_str(cmd: int, text: str, extra: bytes = b"") -> bytes:
    name = text.encode() + b"\0"
    off = 12 + len(extra)
    size = (off + len(name) + 7) // 8 * 8
    return struct.pack("<III", cmd, size, off) + extra + name.ljust(size - off, b"\0")


def _thin(minos=(26, 2, 0)) -> bytes:
    v = (minos[0] << 16) | (minos[1] << 8) | minos[2]
    cmds = [
        struct.pack("<IIIIII", macho.LC_BUILD_VERSION, 24, macho.PLATFORM_MACOS, v, v, 0),
        _lc_str(macho.LC_LOAD_DYLIB, "@rpath/libmlx.dylib", struct.pack("<III", 2, 0, 0)),
        _lc_str(macho.LC_RPATH, "@loader_path/lib"),
    ]
    body = b"".join(cmds)
    return (
        struct.pack("<IiiIIIII", macho.MH_MAGIC_64, macho.CPU_TYPE_ARM64, 0, 6, len(cmds), len(body), 0, 0)
        + body
    )


def test_thin_macho():
    info = macho.parse_macho(_thin())
    assert info == macho.MachO("26.2", ("@rpath/libmlx.dylib",), ("@loader_path/lib",))
    assert macho.resolve_install_name(info.dylibs[0], "mlx", info.rpaths) == ["mlx/lib/libmlx.dylib"]
    assert macho.resolve_install_name("/usr/lib/libc++.1.dylib", "mlx", ()) == []


def test_universal_binary_arm64_slice(tmp_path):
    thin = _thin((14, 4, 0))
    fat = struct.pack(">II", macho.FAT_MAGIC, 2)
    fat += struct.pack(">iiIII", 0x01000007, 3, 4096, 64, 12)  # x86_64 first, as in universal2 wheels
    fat += struct.pack(">iiIII", macho.CPU_TYPE_ARM64, 0, 8192, len(thin), 14)
    data = fat.ljust(8192, b"\0") + thin
    assert macho.arm64_slice(data[:4096]) == (8192, len(thin))
    (tmp_path / "QtCore").write_bytes(data)
    assert macho.file_min_macos(tmp_path / "QtCore") == "14.4"
    (tmp_path / "elf.so").write_bytes(b"\x7fELF" + b"\0" * 60)
    assert macho.file_min_macos(tmp_path / "elf.so") is None


def test_metallib_header():
    # The first 16 bytes of mlx-metal 0.32.4's macosx_26_0 metallib.
    head = bytes.fromhex("4d544c42 0180 0200 0900 00 81 1a00 0200")
    assert macho.metallib_min_macos(head) == "26.2"
    assert macho.metallib_min_macos(head[:11] + b"\x82" + head[12:]) is None  # iOS
    with pytest.raises(ValueError):
        macho.metallib_min_macos(b"\0" * 16)
