"""The macOS arm64 wheels of the pinned compiled dependencies, checked on Linux against packaging/bundle_config.py.

The wheels are what build_macos.sh installs on a Mac, so what they hold is what the spec can collect: libmlx and the
metallib beside it, the Qt cocoa and SVG plugins, the keyring macOS backend; the macOS version their tags and their
binaries (LC_BUILD_VERSION, the metallib header) require; the libraries their binaries link, found in the wheels.

Downloaded once (``pip download --platform macosx_<target>_arm64 --no-deps``, ~190 MB) into the pytest cache and
reused; only zip listings and file headers are read. Skipped, with the reason, when the registry cannot be reached.
"""

from __future__ import annotations

import ast
import posixpath
import re
import subprocess
import sys
import zipfile
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import bundle_config as cfg  # noqa: E402
import macho  # noqa: E402

sys.path.pop(0)

PLATFORM = f"macosx_{cfg.MACOS_TARGET.replace('.', '_')}_arm64"
MAC_ENV = {
    "sys_platform": "darwin",
    "platform_system": "Darwin",
    "platform_machine": "arm64",
    "os_name": "posix",
}
PURE_DISTS_TO_CHECK = ["keyring"]  # pure Python, but the module the spec adds on macOS only lives here
OFFLINE_SIGNS = (
    "NewConnectionError",
    "Max retries exceeded",
    "Temporary failure in name resolution",
    "Network is unreachable",
    "Connection refused",
    "ConnectTimeout",
    "ReadTimeout",
    "ProxyError",
    "No route to host",
)
_DATA_DIR = re.compile(r"^[^/]+\.data/(purelib|platlib)/")


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def app_closure() -> dict[str, tuple[str | None, list[str]]]:
    """The app's runtime dependencies on macOS: normalised name -> (version or None, wheel tags installed here).

    From the installed metadata with macOS markers; a macOS-only dependency (mlx-metal) is not installed here, so
    its version comes from its ``==`` pin."""
    seen: dict[str, tuple[str | None, list[str]]] = {}
    todo = [Requirement(r) for r in metadata.requires("alcove") or []]
    while todo:
        req = todo.pop()
        if req.marker is not None and not req.marker.evaluate({**MAC_ENV, "extra": ""}):
            continue
        name = _norm(req.name)
        if name in seen:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            pins = [s.version for s in req.specifier if s.operator == "=="]
            seen[name] = (pins[0] if pins else None, [])
            continue
        tags = [
            ln.split(":", 1)[1].strip()
            for ln in (dist.read_text("WHEEL") or "").splitlines()
            if ln[:4] == "Tag:"
        ]
        seen[name] = (dist.version, tags)
        todo += [Requirement(r) for r in dist.requires or []]
    return seen


@dataclass
class Wheel:
    path: Path
    dist: str
    tags: list[str]
    names: dict[str, str] = field(default_factory=dict)  # install path -> member name in the zip

    @property
    def zip(self) -> zipfile.ZipFile:
        return zipfile.ZipFile(self.path)


def _read_wheel(path: Path) -> Wheel:
    with zipfile.ZipFile(path) as z:
        members = z.namelist()
        wheel_file = next(n for n in members if n.endswith(".dist-info/WHEEL"))
        tags = [
            ln.split(":", 1)[1].strip() for ln in z.read(wheel_file).decode().splitlines() if ln[:4] == "Tag:"
        ]
    dist = _norm(path.name.split("-")[0])
    return Wheel(path, dist, tags, {_DATA_DIR.sub("", n): n for n in members if not n.endswith("/")})


@pytest.fixture(scope="module")
def wheels(request) -> dict[str, Wheel]:
    closure = app_closure()
    pins = {d: closure[d][0] for d in cfg.MACOS_WHEEL_DISTS + PURE_DISTS_TO_CHECK if d in closure}
    missing = sorted(set(cfg.MACOS_WHEEL_DISTS) - set(pins))
    assert not missing, f"bundle_config.MACOS_WHEEL_DISTS names dists the app does not depend on: {missing}"
    cache = Path(request.config.cache.mkdir("alcove-macos-wheels")) / PLATFORM
    cache.mkdir(parents=True, exist_ok=True)

    def cached() -> dict[str, Wheel]:
        found = {}
        for p in cache.glob("*.whl"):
            name, version = p.name.split("-")[:2]
            if pins.get(_norm(name)) == version:
                found[_norm(name)] = p
        return {d: _read_wheel(p) for d, p in found.items()}

    have = cached()
    todo = [f"{d}=={v}" for d, v in sorted(pins.items()) if d not in have]
    if todo:
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--platform", PLATFORM,
               "--python-version", f"{sys.version_info.major}.{sys.version_info.minor}", "--implementation", "cp",
               "--retries", "1", "--timeout", "20", "--disable-pip-version-check", "-d", str(cache), *todo]  # fmt: skip
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
        if proc.returncode != 0:
            out = proc.stdout + proc.stderr
            if any(sign in out for sign in OFFLINE_SIGNS):
                pytest.skip(
                    f"the package registry cannot be reached (pip download failed: {out.strip()[-300:]})"
                )
            pytest.fail(f"pip download of the macOS wheels failed:\n{out[-3000:]}")
        have = cached()
    assert set(have) == set(pins), f"not downloaded: {sorted(set(pins) - set(have))}"
    return have


def _installed_files(wheels: dict[str, Wheel]) -> dict[str, Wheel]:
    return {name: w for w in wheels.values() for name in w.names}


def _read_head(w: Wheel, name: str, n: int) -> bytes:
    with w.zip as z, z.open(w.names[name]) as f:
        return f.read(n)


def read_macho(w: Wheel, name: str) -> macho.MachO:
    """Parse a Mach-O inside a wheel, decompressing only up to the end of its (arm64 slice's) load commands."""
    with w.zip as z, z.open(w.names[name]) as f:
        head = f.read(4096)
        fat = macho.arm64_slice(head)
        if fat is not None:
            off = fat[0]
            if off >= len(head):
                remaining = off - len(head)
                while remaining:
                    remaining -= len(f.read(min(remaining, 1 << 20)))
                head = f.read(4096)
            else:
                head = head[off:] + f.read(4096)
        need = macho.header_size(head)
        if need > len(head):
            head += f.read(need - len(head))
    return macho.parse_macho(head)


# -- no download needed ----------------------------------------------------------------------------------------


def test_every_compiled_dependency_is_listed():
    """A new compiled dependency must be added to MACOS_WHEEL_DISTS (else its macOS wheel goes unchecked)."""
    closure = app_closure()
    compiled = {
        d for d, (_v, tags) in closure.items() if tags and not all(t.endswith("-none-any") for t in tags)
    }
    compiled |= {
        d for d, (_v, tags) in closure.items() if not tags
    }  # macOS-only: not installed here (mlx-metal)
    assert sorted(compiled) == sorted(cfg.MACOS_WHEEL_DISTS)


# -- against the downloaded wheels -----------------------------------------------------------------------------


def test_wheels_are_for_apple_silicon(wheels):
    for w in wheels.values():
        plats = {t.split("-")[-1] for t in w.tags}
        assert any(p.endswith(("_arm64", "_universal2")) or p == "any" for p in plats), (w.path.name, plats)


def test_bundle_files_are_where_the_spec_collects_them(wheels):
    files = _installed_files(wheels)
    missing = [f for f in cfg.MACOS_BUNDLE_FILES if f not in files]
    assert not missing, f"not in the macOS wheels: {missing}"
    # The spec collects mlx's dynamic libraries with collect_dynamic_libs("mlx") and the metallib with
    # package_dir("mlx").rglob("mlx.metallib"): both must be inside the mlx package, the metallib beside libmlx.
    libmlx = sorted(f for f in files if f.startswith("mlx/") and posixpath.basename(f).startswith("libmlx"))
    metallibs = sorted(f for f in files if f.startswith("mlx/") and f.endswith("/mlx.metallib"))
    assert libmlx == ["mlx/lib/libmlx.dylib"] and metallibs == ["mlx/lib/mlx.metallib"]
    assert files["mlx/lib/mlx.metallib"].dist == "mlx-metal"


def _module_paths(module: str) -> list[str]:
    base = module.replace(".", "/")
    return [f"{base}.py", f"{base}/__init__.py"]


def _has_module(files: dict[str, Wheel], module: str) -> bool:
    if any(p in files for p in _module_paths(module)):
        return True
    prefix = module.replace(".", "/") + "/"
    if any(f.startswith(prefix) and f.endswith(".py") for f in files):
        return True  # a namespace package (mlx has no __init__.py)
    pkg, _, last = module.rpartition(".")
    folder = pkg.replace(".", "/") + "/" if pkg else ""
    ext = re.compile(re.escape(folder + last) + r"(\.cpython-\d+-darwin|\.abi3)?\.so$")
    return any(ext.match(f) for f in files)


def test_required_modules_are_in_the_wheels(wheels):
    """Every module the spec adds or verify_bundle requires, from a package these wheels provide, is in them
    (an extension module as a darwin .so)."""
    files = _installed_files(wheels)
    tops = {f.split("/")[0].removesuffix(".py") for f in files}
    wanted = cfg.MLX_MODULES + cfg.REQUIRED_MODULES + cfg.MACOS_REQUIRED_MODULES
    checked = [m for m in wanted if m.split(".")[0] in tops]
    assert {"mlx.core", "PySide6.QtCore", "PySide6.QtSvg", "keyring.backends.macOS"} <= set(checked)
    missing = [m for m in checked if not _has_module(files, m)]
    assert not missing, f"not in the macOS wheels: {missing}"


def test_macos_backend_imports_only_what_exists(wheels):
    """keyring.backends.macOS swallows a failed ``from . import api`` (the backend then fails later, inside the
    app), so check every import of the macOS-only modules resolves: stdlib, or a module in the wheels."""
    files = _installed_files(wheels)
    problems = []
    for module in cfg.MACOS_REQUIRED_MODULES:
        path = next(p for p in _module_paths(module) if p in files)
        package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
        tree = ast.parse(_read_head(files[path], path, 1 << 20).decode())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
                targets = [t for t in targets if _has_module(files, t)] or [base]
            else:
                continue
            for t in targets:
                if t.split(".")[0] in sys.stdlib_module_names or _has_module(files, t):
                    continue
                problems.append(f"{module}: import {t}")
    assert not problems, problems


def _is_binary_name(name: str) -> bool:
    if name.endswith((".so", ".dylib")):
        return True
    return ".framework/Versions/" in name and "." not in posixpath.basename(name)


@pytest.fixture(scope="module")
def binary_versions(wheels) -> dict[str, str | None]:
    """Minimum macOS of every Mach-O in the wheels (install path -> version)."""
    out = {}
    for w in wheels.values():
        for name in w.names:
            if _is_binary_name(name):
                try:
                    out[name] = read_macho(w, name).min_macos
                except macho.NotMachO:
                    continue
    return out


def test_wheels_are_tagged_for_the_target_platform(wheels):
    """pip chose, for every compiled dependency, a wheel tagged for at most MACOS_TARGET, and mlx's for exactly it."""
    for d, w in wheels.items():
        v = cfg.macos_version_from_tags(w.tags)
        assert v is None or cfg.version_tuple(v) <= cfg.version_tuple(cfg.MACOS_TARGET), (d, w.tags)
    assert cfg.macos_version_from_tags(wheels["mlx"].tags) == cfg.MACOS_TARGET
    assert cfg.macos_version_from_tags(wheels["mlx-metal"].tags) == cfg.MACOS_TARGET


def test_metallib_is_built_for_the_target_macos(wheels):
    files = _installed_files(wheels)
    head = _read_head(files["mlx/lib/mlx.metallib"], "mlx/lib/mlx.metallib", 16)
    assert macho.metallib_min_macos(head) == cfg.MACOS_TARGET


def test_minimum_macos_version_covers_every_binary(wheels, binary_versions, monkeypatch, capsys):
    """LSMinimumSystemVersion (bundle_config.minimum_macos_version, as the spec computes it on a Mac with these
    wheels installed) is at least what every Mach-O and the metallib were built for: the app must not promise to
    run on a macOS where dyld or Metal would refuse its files."""
    files = _installed_files(wheels)
    metallib = macho.metallib_min_macos(_read_head(files["mlx/lib/mlx.metallib"], "mlx/lib/mlx.metallib", 16))
    tags = {d: w.tags for d, w in wheels.items()}
    monkeypatch.setattr(cfg, "wheel_tags", lambda dist: tags.get(dist, []))
    monkeypatch.setattr(cfg, "installed_binary_versions", lambda: [*binary_versions.values(), metallib])
    minimum = cfg.minimum_macos_version()
    newest = cfg.newest_version(binary_versions.values())
    by_version: dict[str, int] = {}
    for v in binary_versions.values():
        by_version[v or "none"] = by_version.get(v or "none", 0) + 1
    above_tag = sorted(
        n
        for n, v in binary_versions.items()
        if v and cfg.version_tuple(v) > cfg.version_tuple(cfg.MACOS_TARGET)
    )
    with capsys.disabled():
        print(
            f"\nmacOS wheels ({PLATFORM}): {len(binary_versions)} Mach-O files, minimum macOS by file count "
            f"{dict(sorted(by_version.items()))}; metallib {metallib}; LSMinimumSystemVersion {minimum}; "
            f"newer than the target: {len(above_tag)} (e.g. {above_tag[:3]})"
        )
    assert None not in binary_versions.values(), [n for n, v in binary_versions.items() if v is None]
    assert minimum == cfg.newest_version([newest, metallib, cfg.MACOS_TARGET])
    for name, v in binary_versions.items():
        assert cfg.version_tuple(v) <= cfg.version_tuple(minimum), name


def _macho_roots(files: dict[str, Wheel]) -> list[str]:
    roots = [f for f in cfg.MACOS_BUNDLE_FILES if f.endswith(".dylib")]
    roots += [f for f in files if f.startswith("mlx/") and f.endswith((".so", ".dylib"))]
    roots += [f for f in files if re.fullmatch(r"PySide6/Qt(Core|Gui|Widgets|Svg)\.abi3\.so", f)]
    return sorted(set(roots))


def test_binaries_link_only_what_the_wheels_hold(wheels):
    """From libmlx, mlx.core, the Qt modules and plugins the app uses, every library they load (followed through
    @rpath and @loader_path inside the wheels, as dyld would) is in the wheels or is a system library."""
    files = _installed_files(wheels)
    todo, seen, problems = _macho_roots(files), set(), []
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        info = read_macho(files[name], name)
        for dep in info.dylibs:
            candidates = macho.resolve_install_name(dep, posixpath.dirname(name), info.rpaths)
            if not candidates:
                continue  # /usr/lib or /System: in macOS itself
            hit = next((c for c in candidates if c in files), None)
            if hit is None:
                problems.append(f"{name} links {dep}, not found in the wheels (tried {candidates})")
            else:
                todo.append(hit)
    assert not problems, "\n".join(problems)
    assert {"mlx/lib/libmlx.dylib", "PySide6/Qt/lib/QtGui.framework/Versions/A/QtGui"} <= seen, sorted(seen)
