"""``alcove --self-test``: prove an installed or frozen Alcove works end to end, and print a JSON report.

Steps: frozen bundle check, Qt (a QApplication and a widget, offscreen unless QT_QPA_PLATFORM says otherwise, an
SVG icon drawn), preflight (models present and intact, metallib, keychain), the built-in chat model loaded and a
few tokens generated, the built-in embedder loaded, a small folder indexed and searched (hybrid) with the expected
file ranked first. Exit 0 when all pass; 1 with ``{"ok": false, "step": ..., "error": ...}`` and the same sentence
on stderr otherwise.

``--imports-only --modules-file FILE`` imports each listed module instead (packaging/verify_bundle.py uses it).
It runs on any install (a source checkout, a venv, the frozen app); inside a frozen app it also checks that every
module came from the bundle. ``--require-frozen`` fails when it is not a frozen app (the packaging checks use it).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

# Three small documents on distinct topics; the query must find the lighthouse one first.
DOCUMENTS = {
    "lighthouse.txt": (
        "The lighthouse keeper climbed the spiral stairs at dusk to light the lamp. Ships passing the rocky "
        "headland at night steer by its beam, and the foghorn sounds when the sea mist rolls in."
    ),
    "sourdough.md": (
        "# Sourdough\n\nFeed the starter with flour and water, let the dough rise overnight, then bake the loaf "
        "in a hot oven until the crust is dark and crackles as it cools."
    ),
    "orbits.txt": (
        "Planets move around the Sun on elliptical orbits. Kepler's laws relate the orbital period to the size "
        "of the ellipse, and a satellite's speed is highest at perigee."
    ),
}
QUERY = "a beacon that guides ships along the coast at night"
EXPECTED = "lighthouse.txt"
PROMPT = "What is the capital of France? Answer in one word."


class SelfTestFailure(Exception):
    def __init__(self, step: str, message: str) -> None:
        super().__init__(message)
        self.step = step


def _parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="alcove --self-test", description="Check that this Alcove install works."
    )
    p.add_argument(
        "--imports-only", action="store_true", help="only import the modules listed in --modules-file"
    )
    p.add_argument("--modules-file", type=Path, help="module names, one per line (with --imports-only)")
    p.add_argument("--chat-model", default="default", help="model to load for the generation check")
    p.add_argument("--embedder", default="default", help="embedding model for the index/search check")
    p.add_argument("--max-tokens", type=int, default=6)
    p.add_argument("--require-frozen", action="store_true", help="fail unless this is the built (frozen) app")
    p.add_argument(
        "--allow-source", action="store_true", help=argparse.SUPPRESS
    )  # the default now; kept for old scripts
    p.add_argument(
        "--skip-preflight", action="store_true", help="go straight to loading (to test load errors)"
    )
    return p.parse_args(argv)


def _resources_dir() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parents[2] / "resources"


# -- steps -------------------------------------------------------------------------------------------
def check_frozen(require_frozen: bool) -> dict[str, Any]:
    frozen = bool(getattr(sys, "frozen", False))
    if not frozen and require_frozen:
        raise SelfTestFailure(
            "frozen", "This is not the built app (sys.frozen is not set); --require-frozen."
        )
    out: dict[str, Any] = {"frozen": frozen, "executable": sys.executable}
    if frozen:
        out["bundle_dir"] = getattr(sys, "_MEIPASS", "")
        # A frozen app must not import its modules from a source checkout that happens to be nearby.
        import engine

        where = str(Path(engine.__file__).resolve())
        if not where.startswith(str(Path(sys._MEIPASS).resolve())):  # type: ignore[attr-defined]
            raise SelfTestFailure("frozen", f"engine was imported from {where}, outside the bundle.")
    return out


def check_qt() -> dict[str, Any]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6 import __version__ as pyside_version
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QIcon, QPixmap
    from PySide6.QtWidgets import QApplication, QLabel

    app = QApplication.instance() or QApplication(["alcove"])
    label = QLabel("Alcove self-test")
    icon_png = QPixmap(str(_resources_dir() / "icon.png"))
    svg = _resources_dir() / "icons" / "chat.svg"
    svg_ok = None
    if svg.is_file():
        svg_ok = not QIcon(str(svg)).pixmap(QSize(32, 32)).isNull()
        if not svg_ok:
            raise SelfTestFailure("qt", f"Qt could not draw the SVG icon {svg} (the svg plugin is missing).")
    if icon_png.isNull():
        raise SelfTestFailure("qt", f"Qt could not load the app icon {_resources_dir() / 'icon.png'}.")
    label.setPixmap(icon_png.scaled(64, 64))
    label.show()
    app.processEvents()
    shown = label.isVisible()
    label.close()
    if not shown:
        raise SelfTestFailure("qt", "Qt could not show a widget.")
    return {"platform": app.platformName(), "pyside6": pyside_version, "svg_icon": svg_ok}


def check_preflight() -> dict[str, Any]:
    from app.gui.preflight import run_preflight

    problems = run_preflight()
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise SelfTestFailure("preflight", " ".join(p.message for p in errors))
    return {"warnings": [f"{p.check}: {p.message}" for p in problems]}


def check_generation(engine, spec: str, max_tokens: int) -> dict[str, Any]:
    from engine.core import ChatRequest, FinalEvent, ModelRequest, Role, TokenEvent

    t0 = time.perf_counter()
    info = engine.ensure(ModelRequest(Role.CHAT, spec))
    load_s = time.perf_counter() - t0
    req = ChatRequest(messages=({"role": "user", "content": PROMPT},), max_tokens=max_tokens)
    tokens, final = 0, None
    for ev in engine.chat(req):
        if isinstance(ev, TokenEvent):
            tokens += 1
        elif isinstance(ev, FinalEvent):
            final = ev
    if final is None or final.finish_reason == "error":
        raise SelfTestFailure(
            "generate", (final.error if final else None) or "Generation ended without a result."
        )
    if tokens == 0 or not final.token_ids:
        raise SelfTestFailure("generate", "The chat model produced no tokens.")
    return {
        "model": info.name,
        "model_type": info.model_type,
        "dtype": info.dtype,
        "load_s": round(load_s, 2),
        "tokens": len(final.token_ids),
        "text": final.text,
        "finish_reason": final.finish_reason,
        "decode_tokens_per_s": round(final.stats.decode_tokens_per_s, 2),
    }


def check_index_and_search(engine, spec: str, workdir: Path) -> dict[str, Any]:
    from engine.core import IndexRequest, ModelRequest, Role, SearchMode, SearchRequest
    from engine.index import IndexSummary

    embedder = ModelRequest(Role.EMBEDDER, spec)
    t0 = time.perf_counter()
    info = engine.ensure(embedder)
    load_s = time.perf_counter() - t0
    docs = workdir / "docs"
    docs.mkdir()
    for name, text in DOCUMENTS.items():
        (docs / name).write_text(text + "\n", encoding="utf-8")
    db = workdir / "index.sqlite3"
    summary = None
    for ev in engine.index(IndexRequest(paths=(str(docs),), db=str(db), embedder=spec)):
        if isinstance(ev, IndexSummary):
            summary = ev
    if summary is None:
        raise SelfTestFailure("index", "Indexing ended without a summary.")
    if summary.error:
        raise SelfTestFailure("index", summary.error)
    if summary.files_indexed != len(DOCUMENTS):
        raise SelfTestFailure(
            "index", f"Indexed {summary.files_indexed} of {len(DOCUMENTS)} files: {summary.to_json()}"
        )
    hits = engine.search(SearchRequest(QUERY, str(db), k=3, mode=SearchMode.HYBRID, embedder=embedder))
    if not hits:
        raise SelfTestFailure("search", "The search found nothing in the folder just indexed.")
    if Path(hits[0].path).name != EXPECTED:
        raise SelfTestFailure(
            "search", f"Expected {EXPECTED} first, got {[Path(h.path).name for h in hits]}."
        )
    return {
        "embedder": info.name,
        "load_s": round(load_s, 2),
        "files_indexed": summary.files_indexed,
        "chunks": summary.chunks,
        "index_s": round(summary.seconds, 2),
        "query": QUERY,
        "top_hit": Path(hits[0].path).name,
        "top_score": round(float(hits[0].score), 4),
        "hits": [Path(h.path).name for h in hits],
    }


def check_imports(modules_file: Path | None) -> dict[str, Any]:
    if modules_file is None:
        raise SelfTestFailure(
            "imports", "--imports-only needs --modules-file FILE (one module name per line)."
        )
    names = [n.strip() for n in modules_file.read_text(encoding="utf-8").splitlines()]
    names = [n for n in names if n and not n.startswith("#")]
    failed = {}
    for name in names:
        try:
            importlib.import_module(name)
        except Exception as exc:  # noqa: BLE001 - report every failure, not just the first
            failed[name] = f"{type(exc).__name__}: {exc}"
    forbidden = sorted(n for n in ("torch", "sentence_transformers", "tensorflow", "jax") if n in sys.modules)
    if failed or forbidden:
        raise SelfTestFailure(
            "imports",
            f"{len(failed)} of {len(names)} modules failed to import: {failed}; forbidden: {forbidden}",
        )
    return {"imported": len(names)}


def _mlx_device() -> str:
    """The device MLX computes on ("Device(gpu, 0)" on a Mac with Metal), so the packaging check can prove Metal."""
    import mlx.core as mx

    return str(mx.default_device())


# -- driver ------------------------------------------------------------------------------------------
def run(args: argparse.Namespace) -> dict[str, Any]:
    report: dict[str, Any] = {"ok": False}
    t0 = time.perf_counter()
    step = "frozen"
    try:
        report["bundle"] = check_frozen(args.require_frozen)
        if args.imports_only:
            step = "imports"
            report["imports"] = check_imports(args.modules_file)
        else:
            step = "qt"
            report["qt"] = check_qt()
            if not args.skip_preflight:
                step = "preflight"
                report["preflight"] = check_preflight()
            step = "engine"
            from engine.core import blas_info
            from engine.runtime import Engine

            report["blas"] = blas_info().name
            report["device"] = _mlx_device()
            with Engine() as engine, tempfile.TemporaryDirectory(prefix="alcove-self-test-") as tmp:
                step = "generate"
                report["generate"] = check_generation(engine, args.chat_model, args.max_tokens)
                step = "index"
                report["index"] = check_index_and_search(engine, args.embedder, Path(tmp))
        report["ok"] = True
    except SelfTestFailure as exc:
        report.update(step=exc.step, error=str(exc))
    except Exception as exc:  # noqa: BLE001 - AlcoveError messages are user-facing; others get their type
        from engine.core import AlcoveError

        report.update(
            step=step, error=str(exc) if isinstance(exc, AlcoveError) else f"{type(exc).__name__}: {exc}"
        )
        if not isinstance(exc, AlcoveError):
            report["traceback"] = traceback.format_exc(limit=8)
    report["seconds"] = round(time.perf_counter() - t0, 2)
    return report


def main(argv: list[str] | None = None) -> int:
    args = _parse(list(sys.argv[1:] if argv is None else argv))
    report = run(args)
    sys.stdout.write(json.dumps(report, indent=2) + "\n")
    sys.stdout.flush()
    if not report["ok"]:
        sys.stderr.write(f"Alcove self-test failed at step '{report['step']}': {report['error']}\n")
        return 1
    return 0
