"""``pip install`` without make: the wheel, installed into a fresh virtual environment outside the checkout, works.

Built from this checkout and installed with ``--no-deps`` into a new venv in a
temporary folder; its commands run from another folder, so nothing is found
by being beside the sources. The venv's dependencies (numpy, numba, PySide6,
platformdirs) come from the development venv through a ``.pth`` file rather
than from the index: downloading and unpacking them (some 400 MB) would cost
minutes and test pip, not us. A ``.pth`` line adds a folder to ``sys.path``
but runs none of that folder's own ``.pth`` files, so the development venv's
editable install of this checkout stays out; the test checks which copy ran.

The engine's kernels come from the usual user cache: the cache is keyed on a
kernel's path inside the package and the sources' content, so the installed
copy loads what the rest of the suite compiled (and this test stays cheap).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LEVEL = '["    ", "    ", ".  4", "    "]'  # solved by deduction: a 4 covering the dot


def _run(command: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    clean.update(env)
    return subprocess.run(command, cwd=cwd, env=clean, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh venv holding only our wheel; returns its bin folder."""
    tmp = tmp_path_factory.mktemp("wheel")
    # The test extra brings a setuptools that builds us; without it pip makes an isolated one (slower).
    import setuptools

    isolation = [] if int(setuptools.__version__.split(".")[0]) < 77 else ["--no-build-isolation"]
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--disable-pip-version-check",
                  *isolation, "--wheel-dir", str(tmp / "dist"), str(ROOT)], tmp)
    assert built.returncode == 0, built.stderr[-3000:]
    wheel = next((tmp / "dist").glob("linjat_editor-*.whl"))
    venv = tmp / "venv"
    made = _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp)
    assert made.returncode == 0, made.stderr
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    pip = _run([sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), "install", "--no-deps", "--quiet",
                "--disable-pip-version-check", str(wheel)], tmp)
    assert pip.returncode == 0, pip.stderr[-3000:]
    site = Path(_run([str(bin_dir / "python"), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                     tmp).stdout.strip())
    (site / "dev-dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    return bin_dir


def test_the_installed_commands_run_from_another_folder(installed, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "level.json").write_text(LEVEL)
    which = _run([str(installed / "python"), "-c", "import linjat_editor; print(linjat_editor.__file__)"], elsewhere)
    assert Path(which.stdout.strip()).is_relative_to(installed.parent), which.stdout + which.stderr
    usage = _run([str(installed / "linjat"), "--help"], elsewhere)
    assert usage.returncode == 0 and "solve" in usage.stdout, usage.stderr
    solved = _run([str(installed / "linjat"), "solve", "level.json"], elsewhere)
    assert solved.returncode == 0, solved.stdout + solved.stderr
    assert "solved" in solved.stdout.lower()
    shot = _run([str(installed / "linjat-editor"), "level.json", "--screenshot", "shot.png", "--size", "800x600"],
                elsewhere, QT_QPA_PLATFORM="offscreen")
    assert shot.returncode == 0 and "Traceback" not in shot.stderr, shot.stderr[-3000:]
    assert (elsewhere / "shot.png").stat().st_size > 10_000


def test_the_installed_package_finds_its_starter_set_and_icons(installed, tmp_path):
    check = ("from linjat_editor.gui.shell.first_start import starter_set_path; from linjat_editor.gui.shell.qt_app import app_icon;"
             "from PySide6.QtGui import QGuiApplication; app = QGuiApplication([]);"
             "print(starter_set_path(), len(app_icon().availableSizes()))")
    found = _run([str(installed / "python"), "-c", check], tmp_path, QT_QPA_PLATFORM="offscreen")
    assert found.returncode == 0, found.stderr[-2000:]
    path, sizes = found.stdout.split()
    assert Path(path).is_relative_to(installed.parent) and Path(path).is_file()
    assert int(sizes) >= 7  # 16 to 256 pixels


def test_the_installed_package_writes_the_playtest_page(installed, tmp_path):
    """The page's template is package data: the installed command finds it."""
    rows = json.loads(LEVEL)
    (tmp_path / "set.json").write_text(json.dumps({"format": "linjat-set", "version": 1, "levels": [{"rows": rows}]}))
    done = _run([str(installed / "linjat"), "export", "set.json", "-o", "page.html"], tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and '"height":4' in page
