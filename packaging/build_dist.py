"""``make dist``: the one-folder app with its engine compiled in, and the archive to hand out.

1. PyInstaller builds ``dist/linjat-editor/`` from ``linjat-editor.spec``; a link
   ``linjat`` beside ``linjat-editor`` starts the same program as the command line.
2. Every kernel is compiled for a generic x86-64 CPU (``NUMBA_CPU_NAME=generic``:
   runs on any x86-64) into ``build/kernels-generic/`` (kept between builds: the
   folder is per version of the kernel sources) and copied into the app's
   ``linjat_editor/core/kernels/shipped/``, where the app looks first
   (``core/jit/locator.py``), wherever it is unpacked.
3. ``share/`` (desktop entry, AppStream metadata, file types, icons), ``install.sh``,
   ``uninstall.sh`` and the LICENSE go in the folder, and the folder into
   ``dist/linjat-editor-VERSION-linux-x86_64.tar.gz``.

    python packaging/build_dist.py [--dist DIR] [--work DIR]
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
NAME = "linjat-editor"


def version() -> str:
    namespace: dict[str, str] = {}
    exec((ROOT / "linjat_editor" / "__init__.py").read_text(), namespace)
    return namespace["__version__"]


def build_app(dist: Path, work: Path) -> Path:
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN", "--distpath", str(dist),
                    "--workpath", str(work / "pyinstaller"), str(PACKAGING / f"{NAME}.spec")], cwd=ROOT, check=True)
    app = dist / NAME
    (app / "linjat").symlink_to(NAME)  # the entry script runs the command line when started as `linjat`
    strip_llvm(app)
    return app


def strip_llvm(app: Path) -> None:
    """llvmlite's library without its debugging symbols (its dynamic symbols stay): 171 MB becomes 152 MB.

    Only this one: stripping every library breaks numpy's OpenBLAS (see the spec).
    """
    if shutil.which("strip"):
        for library in app.rglob("libllvmlite.so"):
            subprocess.run(["strip", "--strip-unneeded", str(library)], check=True)


def compile_kernels(app: Path, work: Path) -> Path:
    """Every kernel family, compiled for a generic x86-64 CPU, copied into the app; returns the folder."""
    cache = work / "kernels-generic"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "NUMBA_"))}
    env.update(NUMBA_CPU_NAME="generic", NUMBA_CACHE_DIR=str(cache), PYTHONPATH=str(ROOT))
    code = ("from linjat_editor.core.ready.warmup import prepare; from linjat_editor.core.jit.cache import sources_digest;"
            "prepare(); print(sources_digest())")
    digest = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True, capture_output=True,
                            text=True).stdout.split()[-1]
    package = next(app.rglob("linjat_editor/core/kernels/__init__.py")).parent
    shipped = package / "shipped" / digest
    shutil.copytree(cache / "numba" / digest, shipped)
    return shipped


def add_files(app: Path) -> None:
    share = app / "share"
    icons = ROOT / "linjat_editor" / "resources" / "icons" / "hicolor"
    for source, folder in [(PACKAGING / f"{NAME}.desktop", "applications"), (PACKAGING / f"{NAME}-mime.xml", "mime/packages"),
                           *[(p, "metainfo") for p in PACKAGING.glob("*.metainfo.xml")]]:
        (share / folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(source, share / folder)
    shutil.copytree(icons, share / "icons" / "hicolor")
    for script in ("install.sh", "uninstall.sh"):
        shutil.copy(PACKAGING / script, app / script)
        (app / script).chmod(0o755)
    shutil.copy(ROOT / "LICENSE", app / "LICENSE")


def archive(app: Path, dist: Path) -> Path:
    machine = platform.machine().lower() or "x86_64"
    target = dist / f"{NAME}-{version()}-{platform.system().lower()}-{machine}.tar.gz"
    with tarfile.open(target, "w:gz", compresslevel=6) as tar:
        tar.add(app, arcname=NAME)  # links stay links
    return target


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 2**20


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--work", type=Path, default=ROOT / "build")
    parser.add_argument("--no-archive", action="store_true", help="leave out the tar.gz (tests)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    app = build_app(args.dist, args.work)
    shipped = compile_kernels(app, args.work)
    add_files(app)
    print(f"{app}: {size_mb(app):.0f} MB, of which compiled kernels {size_mb(shipped):.1f} MB")
    if not args.no_archive:
        target = archive(app, args.dist)
        print(f"{target}: {target.stat().st_size / 2**20:.0f} MB")
    print(f"built in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
