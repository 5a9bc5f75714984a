"""The Dask path's control flow (progress, cancel, results in job order) against a stand-in client.

The real cluster test is in test_batch.py and needs the optional ``dask`` extra;
this one runs everywhere, with jobs computed in-process by a tiny fake.
"""

from __future__ import annotations

import sys
import types
from collections import namedtuple

import pytest

from linjat_editor.batch import batch_generate

DoneNotDone = namedtuple("DoneNotDone", "done not_done")


class FakeFuture:
    def __init__(self, fn, arg):
        self.fn, self.arg, self.value, self.cancelled = fn, arg, None, False

    def result(self):
        return self.value


class FakeClient:
    instances: list = []

    def __init__(self, address, timeout=None):
        self.address, self.cancelled = address, []
        FakeClient.instances.append(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def map(self, fn, jobs, pure=True):
        assert pure is False  # equal arguments must not be merged into one task
        return [FakeFuture(fn, j) for j in jobs]

    def cancel(self, futures):
        self.cancelled += futures


def fake_wait(futures, timeout=None, return_when="ALL_COMPLETED"):
    fut = futures[0]  # finish one per call, like FIRST_COMPLETED
    fut.value = fut.fn(fut.arg)
    return DoneNotDone({fut}, set(futures[1:]))


@pytest.fixture
def fake_dask(monkeypatch):
    dask = types.ModuleType("dask")
    distributed = types.ModuleType("dask.distributed")
    distributed.Client, distributed.wait = FakeClient, fake_wait
    dask.distributed = distributed
    monkeypatch.setitem(sys.modules, "dask", dask)
    monkeypatch.setitem(sys.modules, "dask.distributed", distributed)
    FakeClient.instances.clear()


def test_runs_every_job_with_progress(fake_dask):
    seen = []
    result = batch_generate("easy", 3, iterations=30, seed=9, scheduler="tcp://127.0.0.1:8786", progress=seen.append)
    assert FakeClient.instances[0].address == "tcp://127.0.0.1:8786"
    assert [e.level.name for e in result.level_set] == ["Easy 1", "Easy 2", "Easy 3"]
    assert [p.done for p in seen] == [1, 2, 3] and not result.cancelled
    local = batch_generate("easy", 3, iterations=30, seed=9, workers=1)
    assert [e.level.rows() for e in local.level_set] == [e.level.rows() for e in result.level_set]


def test_cancel_cancels_the_rest(fake_dask):
    result = batch_generate("easy", 4, iterations=30, seed=9, scheduler="tcp://x:1",
                            should_stop=lambda: True)
    assert result.cancelled and len(result.level_set) == 1
    assert len(FakeClient.instances[0].cancelled) == 3


def test_missing_dask_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    with pytest.raises(RuntimeError, match=r"linjat-editor\[dask\]"):
        batch_generate("easy", 1, iterations=10, scheduler="tcp://x:1")
