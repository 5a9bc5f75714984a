"""``linjat bench --only first-start``: the first start after an install, with nothing compiled yet.

Runs ``linjat analyze LEVEL`` (a published expert level) and a short
``linjat generate`` as new processes, each with a fresh, empty numba cache
folder: how long until the answer (from the kernels' Python, while a
background process compiles them), how long that compile takes, and the same
command once it is done. Wall time, on whatever else this machine runs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: A published expert level (13 x 9): the analysis of a level the size designers make.
EXPERT = ["         ", "3..3..5..", ". ..5 ..2", ". 4....5.", "         ", "5..   .23", "  2.   5.", "4 . 2  4.",
          ". 3 . 4  ", " 5 43    ", "4   .2   ", "    4   4", "      52 "]
GENERATE = ["generate", "--size", "9x6", "--numbers", "10", "--iterations", "200", "--seed", "1"]


def _run(args: list[str], cache: Path) -> float:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "linjat_editor.cli", *args], env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode > 1:  # 1 is an answer (analyze: not a good level), not a failure
        raise RuntimeError(f"linjat {' '.join(args)}: {done.stderr.strip()[-300:]}")
    return time.perf_counter() - started


def _compile_seconds(cache: Path, started: float, limit: float = 900.0) -> float | None:
    """Seconds from ``started`` until the background compile in ``cache`` is done; None if none ran."""
    from linjat_editor.core.ready import background_compile
    from linjat_editor.core.jit.cache import sources_digest

    folder = cache / "numba" / sources_digest()
    if not (folder / background_compile.PID).exists():
        time.sleep(1.0)  # it may not have taken its lock yet
    if not (folder / background_compile.PID).exists():
        return None
    while background_compile.running(folder) and time.perf_counter() - started < limit:
        time.sleep(0.2)
    return time.perf_counter() - started


def first_start() -> dict[str, Any]:
    """Per command: seconds to the answer with an empty cache (``cold``), of the compile it starts, then cached (``warm``)."""
    from linjat_editor.core.jit import cache

    results: dict[str, Any] = {"shipped_kernels": cache.shipped_folder() is not None, "cpus": os.cpu_count()}
    with tempfile.TemporaryDirectory(prefix="linjat-first-start-") as folder:
        level = Path(folder) / "expert.json"
        level.write_text(json.dumps(EXPERT))
        for name, args in (("analyze", ["analyze", str(level)]), ("generate", GENERATE)):
            fresh = Path(folder) / f"cache-{name}"
            started = time.perf_counter()
            cold = _run(args, fresh)
            compiled = _compile_seconds(fresh, started)
            results[name] = {"cold_s": round(cold, 2), "compile_s": compiled and round(compiled, 1),
                             "warm_s": round(_run(args, fresh), 2)}
    return results


def render(results: dict[str, Any]) -> list[str]:
    shipped = " (the package ships compiled kernels)" if results["shipped_kernels"] else ""
    lines = [f"first start, empty cache, {results['cpus']} cpus{shipped}:"]
    for name, label in (("analyze", "linjat analyze (13x9 expert)"), ("generate", "linjat " + " ".join(GENERATE))):
        r = results[name]
        behind = (f", the background compile done {r['compile_s']:.0f} s after the start" if r.get("compile_s")
                  else "")
        lines.append(f"  {label}: answered in {r['cold_s']:.1f} s{behind}; then {r['warm_s']:.1f} s")
    return lines
