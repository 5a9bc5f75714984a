"""LatestRunner: debounced, one at a time, only the newest request's result is delivered."""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QThreadPool

from linjat_editor.gui.workers import LatestRunner


def test_only_the_latest_result_arrives(qtbot):
    pool = QThreadPool()
    runner = LatestRunner(delay_ms=20, pool=pool)
    results: list[int] = []
    runner.finished.connect(results.append)
    calls: list[int] = []

    def job(i: int):
        def run():
            calls.append(i)
            time.sleep(0.05)
            return i
        return run

    for i in range(5):
        runner.request(job(i))
    qtbot.waitUntil(lambda: not runner.busy, timeout=3000)
    assert results == [4]
    assert calls == [4]  # debounce: the earlier requests never ran

    runner.request(job(10), immediate=True)
    qtbot.wait(10)  # job 10 is running now; 11 and 12 queue behind it and 12 wins
    runner.request(job(11), immediate=True)
    runner.request(job(12), immediate=True)
    qtbot.waitUntil(lambda: not runner.busy, timeout=3000)
    assert results == [4, 12]
    assert 11 not in calls
    pool.waitForDone()


def test_work_runs_off_the_gui_thread_and_errors_are_reported(qtbot):
    pool = QThreadPool()
    runner = LatestRunner(delay_ms=0, pool=pool)
    threads: list[threading.Thread] = []
    errors: list[str] = []
    runner.failed.connect(errors.append)

    def boom():
        threads.append(threading.current_thread())
        raise KeyError("no good")

    runner.request(boom)
    qtbot.waitUntil(lambda: bool(errors), timeout=3000)
    assert threads[0] is not threading.main_thread()
    assert errors == ["KeyError: 'no good'"]
    pool.waitForDone()
