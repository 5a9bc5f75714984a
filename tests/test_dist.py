"""`make dist`: the app archive, unpacked anywhere, starts with its engine compiled in; install.sh puts it in the menu.

The build (packaging/build_dist.py) runs PyInstaller and compiles every kernel
for a generic CPU, so it is slow: the test is marked ``dist``, left out of the
default run and run by CI as a step of its own (.ci/run). It keeps PyInstaller's
work folder and the compiled kernels in ``build/test-dist/``, so a second run
only repeats what changed. The archive is unpacked into a new folder and started
with an empty home, XDG folders and numba cache: nothing may be compiled (the
cache stays empty) and the screenshot must show the board.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
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
MIME_TYPES = ("application/x-linjat-level", "application/x-linjat-set")


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


def _fresh_user(tmp: Path) -> dict[str, str]:
    """A user who never ran the app: empty home, XDG folders and numba cache, Qt offscreen."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "NUMBA_", "XDG_", "LINJAT_"))}
    folders = {"HOME": "home", "XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data", "XDG_CACHE_HOME": "cache",
               "XDG_STATE_HOME": "state", "NUMBA_CACHE_DIR": "numba"}
    for key, name in folders.items():
        (tmp / name).mkdir()
        env[key] = str(tmp / name)
    env["QT_QPA_PLATFORM"] = "offscreen"
    return env


@pytest.mark.dist  # minutes: CI runs it as a step of its own (.ci/run); pytest -m dist
def test_the_unpacked_archive_starts_without_compiling_and_installs(tmp_path):
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("PyInstaller is missing: install the dist extra (make venv does)")
        pytest.skip("PyInstaller is not installed (pip install -e '.[dist]')")
    started = time.monotonic()
    build = subprocess.run([sys.executable, str(PACKAGING / "build_dist.py"), "--dist", str(tmp_path / "dist"),
                            "--work", str(ROOT / "build" / "test-dist")], cwd=ROOT, capture_output=True, text=True,
                           timeout=3000)
    assert build.returncode == 0, build.stderr[-3000:]
    built = time.monotonic() - started
    archive = next((tmp_path / "dist").glob("linjat-editor-*-linux-*.tar.gz"))
    with tarfile.open(archive) as tar:
        tar.extractall(tmp_path / "unpacked", filter="tar")
    shutil.rmtree(tmp_path / "dist")
    app = tmp_path / "unpacked" / "linjat-editor"
    assert (app / "linjat").is_symlink() and os.access(app / "linjat-editor", os.X_OK)
    user = tmp_path / "user"
    user.mkdir()
    env = _fresh_user(user)
    level = tmp_path / "level.json"
    level.write_text('["      ", "  .   ", " 3  . ", "      ", "  2   "]')
    (tmp_path / "solved.json").write_text('["    ", "    ", ".  4", "    "]')
    shot = tmp_path / "shot.png"
    started = time.monotonic()
    run = subprocess.run([str(app / "linjat-editor"), str(level), "--screenshot", str(shot), "--size", "1000x700"],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    ran = time.monotonic() - started
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr[-3000:]
    started = time.monotonic()
    solved = subprocess.run([str(app / "linjat"), "solve", "solved.json"], cwd=tmp_path, env=env, capture_output=True,
                            text=True, timeout=600)
    solve_s = time.monotonic() - started
    assert solved.returncode == 0 and "solved" in solved.stdout.lower(), solved.stdout + solved.stderr
    # The shipped kernels served both: nothing compiled, nothing written to the user's cache.
    assert not any(p.suffix in (".nbi", ".nbc") for p in (user / "numba").rglob("*"))
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
    _install_and_uninstall(app, env)
    size_mb = sum(p.stat().st_size for p in app.rglob("*") if p.is_file() and not p.is_symlink()) / 2**20
    print(f"\napp: built in {built:.0f} s, {size_mb:.0f} MB, archive {archive.name}; first start and screenshot "
          f"{ran:.1f} s, linjat solve {solve_s:.1f} s (empty cache)")


def _install_and_uninstall(app: Path, env: dict[str, str]) -> None:
    data, home = Path(env["XDG_DATA_HOME"]), Path(env["HOME"])
    done = subprocess.run(["sh", str(app / "install.sh")], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    entry = ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive
    entry.read(data / "applications" / "linjat-editor.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Exec"] == f'"{app.resolve()}/linjat-editor" %f'
    assert set(desktop["MimeType"].strip(";").split(";")) == set(MIME_TYPES)
    assert (data / "mime" / "packages" / "linjat-editor-mime.xml").is_file()
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / "linjat-editor.svg").is_file()
    assert (home / ".local" / "bin" / "linjat").resolve() == (app / "linjat-editor").resolve()
    gone = subprocess.run(["sh", str(app / "uninstall.sh")], env=env, capture_output=True, text=True, timeout=120)
    assert gone.returncode == 0, gone.stderr
    assert not (data / "applications" / "linjat-editor.desktop").exists()
    assert not (home / ".local" / "bin" / "linjat").exists()
    assert not list((data / "icons").rglob("linjat-editor.*"))


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


def test_the_file_types_named_by_the_desktop_entry_and_appstream_are_defined_in_packaging():
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    defined = {t.get("type") for t in ET.parse(PACKAGING / "linjat-editor-mime.xml").getroot().findall("m:mime-type", ns)}
    entry = ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(PACKAGING / "linjat-editor.desktop", encoding="utf-8")
    named = set(entry["Desktop Entry"]["MimeType"].strip(";").split(";"))
    provided = {m.text for m in ET.parse(next(PACKAGING.glob("*.metainfo.xml"))).getroot().findall("provides/mediatype")}
    assert defined == named == provided == set(MIME_TYPES)


@pytest.mark.skipif(not shutil.which("update-mime-database") or not shutil.which("gio"), reason="no shared-mime-info tools")
def test_level_and_set_files_are_told_apart_from_other_json(tmp_path):
    (tmp_path / "mime" / "packages").mkdir(parents=True)
    shutil.copy(PACKAGING / "linjat-editor-mime.xml", tmp_path / "mime" / "packages")
    subprocess.run(["update-mime-database", str(tmp_path / "mime")], capture_output=True, check=True, timeout=60)
    from linjat_editor.core.level import Level
    from linjat_editor.io import write_level, write_set
    from linjat_editor.io.level_set import LevelSet, SetEntry

    level = Level.from_rows(["3..", "   "])
    write_level(level, tmp_path / "a.json")
    write_set(LevelSet(entries=(SetEntry(level), SetEntry(level))), tmp_path / "b.json")
    (tmp_path / "c.json").write_text('{"format": "something else"}')
    env = {**os.environ, "XDG_DATA_DIRS": f"{tmp_path}:/usr/share", "XDG_DATA_HOME": str(tmp_path / "none")}

    def kind(name: str) -> str:
        info = subprocess.run(["gio", "info", "-a", "standard::content-type", str(tmp_path / name)], env=env,
                              capture_output=True, text=True, timeout=60)
        return info.stdout.rsplit(":", 1)[-1].strip()

    assert (kind("a.json"), kind("b.json"), kind("c.json")) == (*MIME_TYPES, "application/json")


@pytest.mark.parametrize("size", ICON_SIZES)
def test_icon_png_sizes_are_drawn(size):
    png = ICONS / f"{size}x{size}" / "apps" / "linjat-editor.png"
    pixels = _pixels(png)
    assert pixels.shape[:2] == (size, size)
    alpha = QImage(str(png)).convertToFormat(QImage.Format.Format_ARGB32)
    corner, middle = alpha.pixelColor(0, 0).alpha(), alpha.pixelColor(size // 2, size // 2).alpha()
    assert corner == 0 and middle == 255  # rounded, transparent corners around an opaque board
    assert _share(pixels, Theme().solution, 40) > 0.01  # the line is there at every size
