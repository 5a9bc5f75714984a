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


def test_stop_all_cancels_every_worker_and_names_what_cannot_stop(qtbot):
    """Jobs that look at ``job.cancelled()`` end at once; one stuck in a kernel is reported, not waited on forever."""
    from linjat_editor.gui import workers

    polite, stuck = workers.Worker(), workers.Worker()
    release = threading.Event()

    def loop(job):
        while not job.cancelled():
            time.sleep(0.005)

    polite.start(loop)
    stuck.start(lambda job: release.wait(10))
    qtbot.waitUntil(lambda: polite.pool.activeThreadCount() and stuck.pool.activeThreadCount(), timeout=3000)
    assert not workers.stop_all(200)
    assert workers.running() == [stuck]
    release.set()
    assert stuck.wait(3000) and not workers.running()


def test_a_worker_reports_progress_result_and_drops_a_cancelled_job(qtbot):
    from linjat_editor.gui.workers import Worker

    worker = Worker()
    seen, results = [], []
    worker.progressed.connect(seen.append)
    worker.finished.connect(results.append)

    def count(job):
        for i in range(3):
            job.progress(i)
        return "done"

    worker.start(count)
    qtbot.waitUntil(lambda: not worker.busy, timeout=3000)
    assert seen == [0, 1, 2] and results == ["done"]
    gate = threading.Event()
    worker.start(lambda job: gate.wait(3) and "late")
    worker.cancel()
    gate.set()
    qtbot.waitUntil(lambda: not worker.busy, timeout=3000)
    assert results == ["done"]
