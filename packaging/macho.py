"""Read what macOS will check in a Mach-O file or a metallib, without a Mac: the minimum macOS it was built for and
the libraries it links. Used by verify_bundle.py (on the built .app) and by the tests (on the macOS wheels, on Linux).

Only the headers are parsed: the load commands of a Mach-O (the arm64 slice of a universal binary) and the fixed
header of a Metal library. Formats: <mach-o/loader.h>, <mach-o/fat.h>; the metallib header as documented by
YuAo/MetalLibraryArchive (magic ``MTLB``, target OS byte, OS version major/minor).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

MH_MAGIC_64 = 0xFEEDFACF
FAT_MAGIC, FAT_MAGIC_64 = 0xCAFEBABE, 0xCAFEBABF
CPU_TYPE_ARM64 = 0x0100000C
LC_REQ_DYLD = 0x80000000
LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, LC_REEXPORT_DYLIB = 0xC, 0x18 | LC_REQ_DYLD, 0x1F | LC_REQ_DYLD
LC_LAZY_LOAD_DYLIB, LC_LOAD_UPWARD_DYLIB = 0x20, 0x23 | LC_REQ_DYLD
LC_RPATH = 0x1C | LC_REQ_DYLD
LC_VERSION_MIN_MACOSX, LC_BUILD_VERSION = 0x24, 0x32
PLATFORM_MACOS = 1
_DYLIB_CMDS = {LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, LC_REEXPORT_DYLIB, LC_LAZY_LOAD_DYLIB, LC_LOAD_UPWARD_DYLIB}


class NotMachO(ValueError):
    """The bytes are not a 64-bit arm64 Mach-O (or a universal binary holding one)."""


@dataclass(frozen=True)
class MachO:
    min_macos: str | None  # LC_BUILD_VERSION / LC_VERSION_MIN_MACOSX, e.g. "14.0"
    dylibs: tuple[str, ...]  # install names it links, e.g. "@rpath/libmlx.dylib"
    rpaths: tuple[str, ...]  # LC_RPATH entries, e.g. "@loader_path/lib"


def arm64_slice(head: bytes) -> tuple[int, int] | None:
    """(offset, size) of the arm64 slice of a universal binary; None when ``head`` is a thin Mach-O."""
    magic = struct.unpack_from(">I", head, 0)[0]
    if magic not in (FAT_MAGIC, FAT_MAGIC_64):
        return None
    (count,) = struct.unpack_from(">I", head, 4)
    for i in range(count):
        if magic == FAT_MAGIC:
            cpu, _sub, off, size, _align = struct.unpack_from(">iiIII", head, 8 + 20 * i)
        else:
            cpu, _sub, off, size, _align, _res = struct.unpack_from(">iiQQII", head, 8 + 32 * i)
        if cpu == CPU_TYPE_ARM64:
            return off, size
    raise NotMachO("universal binary without an arm64 slice")


def header_size(head: bytes) -> int:
    """Bytes from the start of a thin Mach-O needed to read all its load commands."""
    if len(head) < 32 or struct.unpack_from("<I", head, 0)[0] != MH_MAGIC_64:
        raise NotMachO("not a 64-bit little-endian Mach-O")
    return 32 + struct.unpack_from("<I", head, 20)[0]


def _version(v: int) -> str:
    major, minor, patch = v >> 16, (v >> 8) & 0xFF, v & 0xFF
    return f"{major}.{minor}" + (f".{patch}" if patch else "")


def parse_macho(data: bytes) -> MachO:
    """Parse a thin arm64 Mach-O's header and load commands (``data`` holds at least ``header_size`` bytes)."""
    magic, cpu, _sub, _ftype, ncmds, sizeofcmds = struct.unpack_from("<IiiIII", data, 0)
    if magic != MH_MAGIC_64:
        raise NotMachO("not a 64-bit little-endian Mach-O")
    if cpu != CPU_TYPE_ARM64:
        raise NotMachO(f"CPU type {cpu:#x}, not arm64")
    if len(data) < 32 + sizeofcmds:
        raise ValueError(f"need {32 + sizeofcmds} bytes of the header, got {len(data)}")
    min_macos, dylibs, rpaths = None, [], []
    off = 32
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", data, off)
        if cmd == LC_BUILD_VERSION:
            platform, minos = struct.unpack_from("<II", data, off + 8)
            if platform == PLATFORM_MACOS:
                min_macos = _version(minos)
        elif cmd == LC_VERSION_MIN_MACOSX and min_macos is None:
            min_macos = _version(struct.unpack_from("<I", data, off + 8)[0])
        elif cmd in _DYLIB_CMDS or cmd == LC_RPATH:
            name_off = struct.unpack_from("<I", data, off + 8)[0]
            name = data[off + name_off : off + size].split(b"\0", 1)[0].decode()
            (rpaths if cmd == LC_RPATH else dylibs).append(name)
        off += size
    return MachO(min_macos, tuple(dylibs), tuple(rpaths))


def metallib_min_macos(head: bytes) -> str | None:
    """The macOS a Metal library was compiled for (``xcrun metal -mmacosx-version-min``), from its first 16 bytes;
    None when it targets another OS. A metallib for a newer macOS fails to load on an older one (jjang-ai/vmlx#120).
    """
    if head[:4] != b"MTLB":
        raise ValueError("not a Metal library (no MTLB magic)")
    os_type = head[11]
    major, minor = struct.unpack_from("<HH", head, 12)
    if os_type & 0x7F != 0x01:  # 0x81: macOS (0x82 iOS, 0x83 tvOS, ...)
        return None
    return f"{major}.{minor}"


def resolve_install_name(name: str, loader_dir: str, rpaths: tuple[str, ...]) -> list[str]:
    """Candidate paths (POSIX, relative like ``loader_dir``) for an install name, as dyld would try them.
    System libraries (/usr/lib, /System) come back as []: they are in macOS's shared cache, not in the bundle."""
    import posixpath

    def expand(p: str) -> str:
        for token in ("@loader_path", "@executable_path"):
            if p.startswith(token):
                return posixpath.normpath(posixpath.join(loader_dir, p[len(token) :].lstrip("/")))
        return p

    if name.startswith(("/usr/lib/", "/System/")):
        return []
    if name.startswith("@rpath/"):
        return [posixpath.normpath(posixpath.join(expand(r), name[len("@rpath/") :])) for r in rpaths]
    return [expand(name)]


def file_min_macos(path) -> str | None:
    """The minimum macOS of a Mach-O file on disk (its arm64 slice); None when it is not an arm64 Mach-O."""
    with open(path, "rb") as f:
        head = f.read(4096)
        try:
            fat = arm64_slice(head)
            if fat is not None:
                f.seek(fat[0])
                head = f.read(4096)
            need = header_size(head)
        except (NotMachO, struct.error):
            return None
        if need > len(head):
            head += f.read(need - len(head))
    try:
        return parse_macho(head).min_macos
    except NotMachO:
        return None
