"""`make dist`: the PyInstaller spec builds a one-folder app that starts and draws the board.

Builds into a temporary folder (about a minute on an idle machine), then starts
the built program headless with ``--screenshot`` and a fresh numba cache
folder, so the kernels are compiled and cached inside the app. The screenshot
is checked for the board's pixels, not just for a file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from configparser import ConfigParser
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QImage

from linjat_editor.render.theme import Theme

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
ICONS = ROOT / "linjat_editor" / "resources" / "icons" / "hicolor"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)


def _pixels(path: Path) -> np.ndarray:
    """The image as a height x width x 3 array of RGB values."""
    image = QImage(str(path)).convertToFormat(QImage.Format.Format_RGB888)
    assert not image.isNull(), path
    raw = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine())
    return raw[:, : image.width() * 3].reshape(image.height(), image.width(), 3).copy()  # the QImage goes


def _share(pixels: np.ndarray, colour: str, tolerance: int = 12) -> float:
    rgb = np.array([int(colour[i: i + 2], 16) for i in (1, 3, 5)])
    return float((np.abs(pixels.astype(int) - rgb).max(axis=2) <= tolerance).mean())


def _board_box(pixels: np.ndarray, colour: str) -> tuple[int, int, int, int]:
    """Top, bottom, left, right of the board view: the only widget painted in the theme's
    ``background`` colour (the docks use the window palette), wherever the layout puts it."""
    c = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)])
    near = np.abs(pixels.astype(int) - c).max(axis=2) <= 2
    rows, cols = np.flatnonzero(near.sum(axis=1) > 20), np.flatnonzero(near.sum(axis=0) > 20)
    assert rows.size and cols.size, "no board view on screen"
    return int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1


@pytest.mark.dist  # about a minute; CI runs it (make test), -m "not dist" leaves it out
def test_bundle_builds_and_draws_the_board(tmp_path):
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("PyInstaller is missing: install the dist extra (make venv does)")
        pytest.skip("PyInstaller is not installed (pip install -e '.[dist]')")
    started = time.monotonic()
    build = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--distpath", str(tmp_path / "dist"), "--workpath", str(tmp_path / "build"),
         str(PACKAGING / "linjat-editor.spec")],
        cwd=ROOT, capture_output=True, text=True, timeout=1200)
    assert build.returncode == 0, build.stderr[-3000:]
    built = time.monotonic() - started
    app = tmp_path / "dist" / "linjat-editor"
    program = app / ("linjat-editor.exe" if os.name == "nt" else "linjat-editor")
    try:
        level = tmp_path / "level.json"
        level.write_text('["      ", "  .   ", " 3  . ", "      ", "  2   "]')
        shot = tmp_path / "shot.png"
        cache = tmp_path / "numba-cache"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "NUMBA_"))}
        env.update(QT_QPA_PLATFORM="offscreen", NUMBA_CACHE_DIR=str(cache),
                   LINJAT_EDITOR_CONFIG_DIR=str(tmp_path / "config"), LINJAT_EDITOR_DATA_DIR=str(tmp_path / "data"))
        started = time.monotonic()
        run = subprocess.run([str(program), str(level), "--screenshot", str(shot), "--size", "1000x700"],
                             cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
        ran = time.monotonic() - started
        assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr[-3000:]
        pixels = _pixels(shot)
        assert pixels.shape == (700, 1000, 3)
        theme = Theme()
        top, bottom, left, right = _board_box(pixels, theme.background)
        assert bottom - top > 150 and right - left > 150, "no board-sized grid in the window"
        board = pixels[top:bottom, left:right]
        assert _share(board, theme.cell, 3) > 0.3  # white cells
        assert _share(board, theme.grid, 40) > 0.005  # the grid lines between them (antialiased)
        assert _share(board, theme.number_fill) > 0.01  # the discs of the two numbers
        assert _share(pixels, theme.number_fill) < 0.5  # ... and not a black window
        # numba compiled the kernels into the per-user cache folder given, not into the app
        assert any(cache.rglob("*.nbi")), "no numba cache written"
        assert not any(app.rglob("*.nbi"))
        size_mb = sum(p.stat().st_size for p in app.rglob("*") if p.is_file() and not p.is_symlink()) / 2**20
        print(f"\nbundle: built in {built:.0f} s, {size_mb:.0f} MB; first start and screenshot {ran:.0f} s")
    finally:
        shutil.rmtree(tmp_path / "dist", ignore_errors=True)
        shutil.rmtree(tmp_path / "build", ignore_errors=True)


def test_desktop_entry_names_the_command_and_the_icon():
    entry = ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive
    entry.read(PACKAGING / "linjat-editor.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Exec"].split()[0] == "linjat-editor"
    assert desktop["Icon"] == "linjat-editor"
    assert (ICONS / "scalable" / "apps" / f"{desktop['Icon']}.svg").is_file()


def test_appstream_metainfo_points_at_the_desktop_entry():
    metainfo = next(PACKAGING.glob("*.metainfo.xml"))
    root = ET.parse(metainfo).getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert metainfo.name == f"{root.findtext('id')}.metainfo.xml"
    assert root.findtext("launchable") == "linjat-editor.desktop"
    assert (PACKAGING / root.findtext("launchable")).is_file()
    for tag in ("name", "summary", "metadata_license", "project_license"):
        assert (root.findtext(tag) or "").strip(), tag
    assert root.find("description/p") is not None
    if shutil.which("appstreamcli"):  # the reference validator, where the system has it
        check = subprocess.run(["appstreamcli", "validate", "--no-net", str(metainfo)], capture_output=True,
                               text=True, timeout=60)
        assert check.returncode == 0, check.stdout + check.stderr


@pytest.mark.parametrize("size", ICON_SIZES)
def test_icon_png_sizes_are_drawn(size):
    png = ICONS / f"{size}x{size}" / "apps" / "linjat-editor.png"
    pixels = _pixels(png)
    assert pixels.shape[:2] == (size, size)
    alpha = QImage(str(png)).convertToFormat(QImage.Format.Format_ARGB32)
    corner, middle = alpha.pixelColor(0, 0).alpha(), alpha.pixelColor(size // 2, size // 2).alpha()
    assert corner == 0 and middle == 255  # rounded, transparent corners around an opaque board
    assert _share(pixels, Theme().solution, 40) > 0.01  # the line is there at every size
