#!/usr/bin/env bash
# Build Alcove.app on an Apple-silicon Mac: icon, PyInstaller, verify, sign, self-test, notarise, DMG.
#
#   packaging/build_macos.sh
#
# Environment:
#   PYTHON             interpreter with `pip install -e ".[package]"` and the model packages (default .venv/bin/python)
#   SIGN_IDENTITY      "Developer ID Application: Name (TEAMID)"; unset = ad-hoc signature (local testing only:
#                      Keychain "Always Allow" will not stick, Gatekeeper will refuse the app on other Macs)
#   NOTARY_PROFILE     a `xcrun notarytool store-credentials` profile name, or instead
#   APPLE_ID, APPLE_TEAM_ID, APPLE_APP_PASSWORD   (an app-specific password)
#   ALCOVE_BUNDLE_ID   CFBundleIdentifier (default org.alcove.Alcove); ALCOVE_BUNDLE_GEMMA3=1 ships Gemma 3 too
#   ALCOVE_MACOS_TARGET  macOS whose mlx wheels go in (default bundle_config.MACOS_TARGET); KEEP_MLX=1 keeps the
#                      installed ones (pip installs the newest the build Mac allows: a macOS 26 build needs 26.2)
#   SKIP_DMG=1, SKIP_SELF_TEST=1
# Runs under macOS's /bin/bash 3.2: no bash 4 features; an empty array is expanded as ${a[@]+"${a[@]}"} (set -u).
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(uname -s)" = Darwin ] || { echo "build_macos.sh must run on macOS (use packaging/build_linux.sh here)" >&2; exit 2; }
[ "$(uname -m)" = arm64 ] || echo "warning: not an arm64 Mac; MLX needs Apple silicon" >&2

PYTHON="${PYTHON:-.venv/bin/python}"
APP="dist/Alcove.app"
VERSION="$("$PYTHON" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')"
DMG="dist/Alcove-$VERSION.dmg"
ENTITLEMENTS="packaging/entitlements.plist"
IDENTITY="${SIGN_IDENTITY:--}"
step() { printf '\n== %s\n' "$*"; }
tmp_home=""
trap '[ -z "$tmp_home" ] || rm -rf "$tmp_home"' EXIT

if [ "${KEEP_MLX:-0}" != "1" ]; then
    TARGET="${ALCOVE_MACOS_TARGET:-$("$PYTHON" -c 'import sys; sys.path.insert(0, "packaging"); import bundle_config as c; print(c.MACOS_TARGET)')}"
    step "mlx wheels for macOS $TARGET"
    MLX_VERSION="$("$PYTHON" -c 'from importlib.metadata import version; print(version("mlx"))')"
    wheels="build/mlx-wheels-$TARGET"
    rm -rf "$wheels"
    "$PYTHON" -m pip download -q --no-deps --only-binary=:all: --platform "macosx_${TARGET/./_}_arm64" -d "$wheels" \
        "mlx==$MLX_VERSION" "mlx-metal==$MLX_VERSION"
    "$PYTHON" -m pip install -q --no-deps --force-reinstall "$wheels"/*.whl
fi
echo "LSMinimumSystemVersion will be $("$PYTHON" -c 'import sys; sys.path.insert(0, "packaging"); import bundle_config as c; print(c.minimum_macos_version())')"

step "icon"
rm -rf build/Alcove.iconset && mkdir -p build
"$PYTHON" packaging/make_icon.py --iconset build/Alcove.iconset
iconutil -c icns build/Alcove.iconset -o build/Alcove.icns
export ALCOVE_ICNS="$PWD/build/Alcove.icns"

step "pyinstaller"
start=$(date +%s)
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller \
    packaging/alcove.spec
echo "build: $(( $(date +%s) - start )) s"

step "verify bundle (metallib beside every libmlx, no torch, imports, Info.plist)"
"$PYTHON" packaging/verify_bundle.py "$APP"

step "sign ($IDENTITY)"
[ "$IDENTITY" = "-" ] && echo "warning: ad-hoc signature; set SIGN_IDENTITY for a release" >&2
ts=(--timestamp)
if [ "$IDENTITY" = "-" ]; then ts=(); fi
# Inside out: every nested Mach-O first, then the app with the hardened runtime and its entitlements.
find "$APP/Contents" -type f \( -name '*.dylib' -o -name '*.so' -o -perm -u+x \) -print0 |
    while IFS= read -r -d '' f; do
        case "$(file -b "$f")" in  # not `file | grep -q`: with pipefail, grep's early exit can fail the pipe
            *Mach-O*) codesign --force --options runtime ${ts[@]+"${ts[@]}"} --entitlements "$ENTITLEMENTS" \
                --sign "$IDENTITY" "$f" ;;
            *) ;;
        esac
    done
codesign --force --deep --options runtime ${ts[@]+"${ts[@]}"} --entitlements "$ENTITLEMENTS" --sign "$IDENTITY" "$APP"
codesign --verify --deep --strict --verbose=2 "$APP"

if [ "${SKIP_SELF_TEST:-0}" != "1" ]; then
    step "self-test of the signed app (Metal, metallib, Keychain backend, models)"
    tmp_home="$(mktemp -d)"
    ALCOVE_HOME="$tmp_home" HF_HUB_OFFLINE=1 "$APP/Contents/MacOS/alcove" --self-test --require-frozen | tee dist/self-test.json
    "$PYTHON" packaging/check_self_test.py dist/self-test.json --metal
fi

notarise() {  # $1: a .zip or .dmg
    if [ -n "${NOTARY_PROFILE:-}" ]; then
        xcrun notarytool submit "$1" --keychain-profile "$NOTARY_PROFILE" --wait
    else
        xcrun notarytool submit "$1" --apple-id "$APPLE_ID" --team-id "$APPLE_TEAM_ID" \
            --password "$APPLE_APP_PASSWORD" --wait
    fi
}
CAN_NOTARISE=0
if [ "$IDENTITY" != "-" ] && { [ -n "${NOTARY_PROFILE:-}" ] ||
    { [ -n "${APPLE_ID:-}" ] && [ -n "${APPLE_TEAM_ID:-}" ] && [ -n "${APPLE_APP_PASSWORD:-}" ]; }; }; then
    CAN_NOTARISE=1
fi

if [ "$CAN_NOTARISE" = 1 ]; then
    step "notarise the app"
    ditto -c -k --keepParent "$APP" dist/Alcove-notarise.zip
    notarise dist/Alcove-notarise.zip
    xcrun stapler staple "$APP"
    rm -f dist/Alcove-notarise.zip
    spctl --assess --type execute --verbose=4 "$APP"
else
    echo "not notarised: set SIGN_IDENTITY and NOTARY_PROFILE (or APPLE_ID/APPLE_TEAM_ID/APPLE_APP_PASSWORD)"
fi

if [ "${SKIP_DMG:-0}" != "1" ]; then
    step "disk image"
    "$PYTHON" -c 'import dmgbuild' 2>/dev/null || { echo "pip install dmgbuild" >&2; exit 1; }
    rm -f "$DMG"
    "$PYTHON" -m dmgbuild -s packaging/dmg_settings.py -D app="$APP" "Alcove" "$DMG"
    codesign --force ${ts[@]+"${ts[@]}"} --sign "$IDENTITY" "$DMG"
    if [ "$CAN_NOTARISE" = 1 ]; then
        notarise "$DMG"
        xcrun stapler staple "$DMG"
    fi
    echo "disk image: $DMG ($(du -h "$DMG" | cut -f1))"
fi
echo "app: $APP ($(du -sh "$APP" | cut -f1))"
