"""Render the app icon from resources/icon.svg: resources/icon.png (1024 px) and, with --icns, an .iconset
folder that ``iconutil -c icns`` turns into Alcove.icns on macOS.

    python packaging/make_icon.py                      # refresh resources/icon.png
    python packaging/make_icon.py --iconset build/Alcove.iconset
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "resources" / "icon.svg"
PNG = ROOT / "resources" / "icon.png"
# The names iconutil expects in an .iconset folder, and their pixel sizes.
ICONSET = {
    "icon_16x16.png": 16,
    "icon_16x16@2x.png": 32,
    "icon_32x32.png": 32,
    "icon_32x32@2x.png": 64,
    "icon_128x128.png": 128,
    "icon_128x128@2x.png": 256,
    "icon_256x256.png": 256,
    "icon_256x256@2x.png": 512,
    "icon_512x512.png": 512,
    "icon_512x512@2x.png": 1024,
}


def render(svg: Path, size: int, out: Path) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg} is not a valid SVG file")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    out.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(out), "PNG"):
        raise SystemExit(f"could not write {out}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--svg", type=Path, default=SVG)
    parser.add_argument("--png", type=Path, default=PNG)
    parser.add_argument("--iconset", type=Path, help="also write an .iconset folder for iconutil")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 - keeps Qt's font/image setup alive
    render(args.svg, 1024, args.png)
    print(f"wrote {args.png}")
    if args.iconset:
        for name, size in ICONSET.items():
            render(args.svg, size, args.iconset / name)
        print(f"wrote {args.iconset} ({len(ICONSET)} sizes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
