"""A warm server loads, before it forks, every kernel a served command runs: its children load none from disk.

A kernel a child loads itself costs every command that runs it a few
milliseconds, again and again (``first_level``'s mutation kernel once did,
in every ``generate``). Checked as the server does it, in a process of its
own: load the served families, then run each served verb in process and see
which kernels gained compiled code.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .served import TUTORIAL

SCRIPT = r"""
import contextlib, io, json, sys
from numba.core.dispatcher import Dispatcher
from linjat_editor.cli import command
from linjat_editor.core.ready import readiness

readiness.ready(readiness.SERVED_FAMILIES, load=True).begin().run()


def kernels():
    found = {}
    for name, module in list(sys.modules.items()):
        if name.startswith("linjat_editor.core") and module is not None:
            for value in vars(module).values():
                if isinstance(value, Dispatcher):
                    found[value.py_func.__module__ + "." + value.py_func.__name__] = len(value.overloads)
    return found


before = kernels()
gained = {}
for argv in json.loads(sys.argv[1]):
    with contextlib.redirect_stdout(io.StringIO()):
        status = command.main(argv)
    assert status == 0, (argv, status)
    now = kernels()
    gained[" ".join(argv[:1] + argv[-2:])] = sorted(k for k, v in now.items() if v > before.get(k, 0))
    before = now
print(json.dumps(gained))
"""


def test_no_served_command_loads_a_kernel_the_server_did_not(compiled: None, tmp_path: Path) -> None:
    level = tmp_path / "level.json"
    level.write_text(TUTORIAL)
    small = ["--size", "9x6", "--numbers", "8", "--iterations", "30", "--seed", "3"]
    verbs = [
        ["generate", *small, "--workers", "1"],
        ["generate", "--size", "13x9", "--numbers", "26", "--iterations", "30", "--seed", "3", "--workers", "2"],
        ["solve", str(level)], ["count", str(level)], ["analyze", str(level)],
        ["fill", str(level), "--seed", "1"], ["optimize", str(level), "--relax-tier-rule", "--iterations", "30", "--seed", "1"],
    ]
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(verbs)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == {" ".join(v[:1] + v[-2:]): [] for v in verbs}
