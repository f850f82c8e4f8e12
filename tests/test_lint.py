"""Style and architecture gates run with the tests: ruff (lint + format) and the import-linter contracts."""

import ast
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _tool(name: str) -> str:
    path = BIN / name
    return str(path) if path.exists() else (shutil.which(name) or name)


def test_ruff_lint():
    r = subprocess.run([_tool("ruff"), "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_ruff_format():
    r = subprocess.run([_tool("ruff"), "format", "--check", "."], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_import_contracts():
    r = subprocess.run([_tool("lint-imports")], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def _imports(path: Path):
    """(line, module, names) of every import in a file."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module, [a.name for a in node.names]
        elif isinstance(node, ast.Import):
            for a in node.names:
                yield node.lineno, a.name, []


def _py(*folders: str) -> list[Path]:
    return [p for f in folders for p in (ROOT / f).rglob("*.py")]


def test_front_ends_use_the_public_api():
    """The window, the CLI and the benchmarks import ``engine`` or a subpackage's public names, never a module."""
    bad = [
        f"{p.relative_to(ROOT)}:{line} {mod}"
        for p in _py("app", "bench")
        for line, mod, _ in _imports(p)
        if mod.startswith("engine.") and mod.count(".") > 1
    ]
    assert not bad, "import these from the subpackage instead:\n" + "\n".join(bad)


def test_subpackages_import_each_other_only_through_their_public_names():
    bad = []
    for p in _py("engine"):
        rel = p.relative_to(ROOT / "engine").parts
        own = rel[0] if len(rel) > 1 else None
        for line, mod, _ in _imports(p):
            parts = mod.split(".")
            if parts[0] == "engine" and len(parts) > 2 and parts[1] != own and p.name != "__init__.py":
                bad.append(f"{p.relative_to(ROOT)}:{line} {mod}")
    assert not bad, "\n".join(bad)


def test_no_imports_inside_functions_of_our_own_packages():
    """Imports of engine/app modules sit at the top of modules: an import hidden in a function hides a cycle.
    Third-party imports may be deferred for start-up time; each such place says why in a comment."""
    bad = []
    for p in _py("engine", "app/cli"):
        tree = ast.parse(p.read_text())
        for fn in ast.walk(tree):
            lazy_front_door = p.name == "__init__.py" and getattr(fn, "name", "") == "__getattr__"
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef) and not lazy_front_door:
                for node in ast.walk(fn):
                    mod = getattr(node, "module", None) if isinstance(node, ast.ImportFrom) else None
                    names = [a.name for a in node.names] if isinstance(node, ast.Import) else [mod or ""]
                    if any(n.split(".")[0] in ("engine", "app") for n in names):
                        bad.append(f"{p.relative_to(ROOT)}:{node.lineno}")
    assert not bad, "\n".join(bad)


def test_front_ends_never_run_closures_on_the_engine_thread():
    """The window, the CLI and the server speak the Engine's typed API only: no ``run``/``stream`` of their own
    functions on the engine thread, no ``model(role)`` objects handed out of it, no untyped ``load_model``."""
    bad = []
    for p in _py("app"):
        for node in ast.walk(ast.parse(p.read_text(), str(p))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner = ast.unparse(node.func.value)
                if "engine" in owner.lower() and node.func.attr in (
                    "run",
                    "stream",
                    "model",
                    "load_model",
                    "loaded",
                ):
                    bad.append(f"{p.relative_to(ROOT)}:{node.lineno} {ast.unparse(node.func)}")
    assert not bad, (
        "use the Engine's typed methods (chat, ask, search, rerank, embed, index, ensure):\n" + "\n".join(bad)
    )


def test_the_front_ends_are_packages_that_never_import_each_other():
    """app/ holds the three front ends, their shared Qt-free services and the composition root, nothing flat."""
    flat = sorted(p.name for p in (ROOT / "app").glob("*.py") if p.name not in ("__init__.py", "entry.py"))
    assert not flat, f"put these in app/gui, app/cli, app/server or app/common: {flat}"
    for front in ("gui", "cli", "server", "common"):
        others = {"gui", "cli", "server"} - {front}
        for p in _py(f"app/{front}"):
            for line, mod, _ in _imports(p):
                parts = mod.split(".")
                assert not (parts[0] == "app" and len(parts) > 1 and parts[1] in others), (
                    f"{p}:{line} imports {mod}"
                )
