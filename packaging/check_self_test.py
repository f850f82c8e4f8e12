"""Check the JSON report of a frozen app's ``--self-test`` (build_macos.sh and the macOS CI workflow).

    dist/Alcove.app/Contents/MacOS/alcove --self-test > report.json; python packaging/check_self_test.py report.json --metal

Fails (exit 1) unless the report is ok, the built-in model generated text and the index found its document; with
``--metal``, MLX ran on Metal: ``blas`` is "metal/accelerate" and ``device`` (when the report has it) is the GPU.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def problems(report: dict, metal: bool) -> list[str]:
    out = []
    if report.get("ok") is not True:
        out.append(f"self-test failed at {report.get('step')}: {report.get('error')}")
    if not (report.get("generate") or {}).get("text", "").strip():
        out.append("the built-in model generated no text")
    if not (report.get("index") or {}).get("top_hit"):
        out.append("the index search found nothing")
    if metal:
        if report.get("blas") != "metal/accelerate":
            out.append(f"blas is {report.get('blas')!r}, not metal/accelerate")
        device = report.get("device")
        if device is None:
            out.append("the report has no 'device' (app/gui/self_test.py reports mx.default_device())")
        elif "gpu" not in str(device).lower():
            out.append(f"MLX ran on {device}, not on the Metal GPU")
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("report", type=Path)
    p.add_argument("--metal", action="store_true", help="require MLX on Metal (macOS)")
    args = p.parse_args(argv)
    text = args.report.read_text(encoding="utf-8")
    try:
        report = json.loads(text[text.index("{") :])
    except ValueError:
        print(f"check_self_test: no JSON report in {args.report}", file=sys.stderr)
        return 1
    found = problems(report, args.metal)
    for line in found:
        print(f"check_self_test: {line}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
