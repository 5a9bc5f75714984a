"""The server tests' fixtures: a servers' folder per test (``linjat``) or per module (``served``)."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from .served import Linjat, servers_folder


@pytest.fixture(scope="session")
def compiled() -> None:
    """A server only loads kernels: compile them first if this run has not (once; a second when cached)."""
    from linjat_editor.core.ready import readiness, warmup

    warmup.prepare(readiness.SERVED_FAMILIES)


@pytest.fixture
def linjat(compiled: None, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Linjat]:
    cli = Linjat(tmp_path, servers_folder(request.node.name[:20].replace("[", "-").replace("]", "")))
    yield cli
    cli.stop()


@pytest.fixture(scope="module")
def served(compiled: None, tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[Linjat]:
    """One server for a module's comparisons."""
    cli = Linjat(tmp_path_factory.mktemp("served"), servers_folder(request.module.__name__.rsplit(".", 1)[-1][:20]))
    cli.start_server()
    yield cli
    cli.stop()
