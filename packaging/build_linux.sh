#!/usr/bin/env bash
# Build the one-folder Linux app from packaging/alcove.spec and verify it.
#   packaging/build_linux.sh            -> dist/alcove/alcove
# Environment: PYTHON (default .venv/bin/python), DIST / WORK (output folders), ALCOVE_SKIP_SELF_TEST=1.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-.venv/bin/python}"
DIST="${DIST:-dist}"
WORK="${WORK:-build/pyinstaller}"

start=$(date +%s)
nice -n 5 "$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$DIST" --workpath "$WORK" packaging/alcove.spec
echo "build: $(( $(date +%s) - start )) s"

"$PYTHON" packaging/verify_bundle.py "$DIST/alcove"

if [ "${ALCOVE_SKIP_SELF_TEST:-0}" != "1" ]; then
    home="$(mktemp -d)"
    trap 'rm -rf "$home"' EXIT
    QT_QPA_PLATFORM=offscreen HF_HUB_OFFLINE=1 ALCOVE_HOME="$home" "$DIST/alcove/alcove" --self-test --require-frozen
fi
echo "ok: $DIST/alcove ($(du -sh "$DIST/alcove" | cut -f1))"
