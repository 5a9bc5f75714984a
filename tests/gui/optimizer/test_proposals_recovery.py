"""The optimizer's proposals outlive the editor: autosaved with the pool, offered back on the next start.

An editor the session ended (logout, ``kill``) or a crash never asked whether
its pool could go; the next start offers it back, on the board of the level
it was run for, so a proposal can still be previewed and adopted.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from linjat_editor import core
from linjat_editor import io as lio
from linjat_editor.core.level import Level
from linjat_editor.gui.shell.main_window import MainWindow
from linjat_editor.gui.shell.recovery import PROPOSALS_FILE, PROPOSALS_META_FILE, scan_recovery
from linjat_editor.io.proposals_json import read_proposals_json

GUIDE = " ".join((Path(__file__).resolve().parents[3] / "docs" / "user-guide.md").read_text(encoding="utf-8").split())
RUN = Level.from_rows(["2  ", "   ", "  2"])
A = Level.from_rows(["2 .", "   ", "  2"])
B = Level.from_rows(["3  ", "   ", ". 2"])


def entry(level: Level, score: float) -> core.PoolEntry:
    return core.PoolEntry(level, core.solve(level).classification, score)


def run_gave(window: MainWindow, pool: list[core.PoolEntry]) -> None:
    """A run on the board's level reported ``pool`` (Start takes the run's reports; a new document had stopped them)."""
    window.optimizer._taking_pool = True
    window.optimizer._on_pool(pool)


def pooled(window: MainWindow, run: Level = RUN) -> list[core.PoolEntry]:
    """The board shows ``run`` and the optimizer's pool holds A and B for it, as after a run."""
    window.document.load(run, None, modified=True)
    pool = [entry(A, 7), entry(B, 5)]
    run_gave(window, pool)
    return pool


def signature(pool) -> list[tuple[object, float, list[list[int]]]]:
    return [(e.level.board_key(), float(e.score), e.classification.table().tolist()) for e in pool]


def ended(window: MainWindow) -> Path:
    """The editor ends as a session end ends it (the autosave written and left for the next start)."""
    folder = window.autosaver.folder
    window.autosaver.keep()
    return folder


def test_the_autosave_keeps_the_pool_and_lets_it_go_with_the_pool(window) -> None:
    pool = pooled(window)
    assert window.autosaver.save_now()
    folder = window.autosaver.folder
    saved = read_proposals_json((folder / PROPOSALS_FILE).read_text(encoding="utf-8"), PROPOSALS_FILE)
    assert saved.run == RUN
    assert [(p.level.board_key(), p.score, [list(r) for r in p.layers]) for p in saved.proposals] == signature(pool)
    assert (folder / PROPOSALS_META_FILE).exists()
    window.optimizer.forget()  # another level took the board: the pool is gone, and so is its autosave
    window.autosaver.save_now()
    assert not (folder / PROPOSALS_FILE).exists() and not (folder / PROPOSALS_META_FILE).exists()


def test_a_clean_quit_leaves_no_proposals_behind(window) -> None:
    pooled(window)
    window.autosaver.save_now()
    window.document.undo_stack.setClean()
    window.close()  # the fixture's prompts answer Discard, as the designer would have
    assert scan_recovery().found == []


def test_an_ended_editor_offers_its_proposals_on_the_level_file_they_were_for(window, next_start, tmp_path) -> None:
    assert ("or the session ends (logout, shutdown) with the editor open, the next start offers the work back" in GUIDE
            and "return to the optimizer's pool on the level they were run for: its file, if the file still holds "
                "that level" in GUIDE and "Preview and Adopt work on them as after a run" in GUIDE)
    path = tmp_path / "tutorial.json"
    lio.write_level(RUN, path)
    window.document.load(lio.read_level(path), path)  # saved: only the proposals are unsaved work
    pool = [entry(A, 7), entry(B, 5)]
    run_gave(window, pool)
    folder = ended(window)
    fresh, asked, told = next_start()
    assert len(asked) == 1 and asked[0].startswith("An editor closed with 2 optimizer proposals for tutorial.json "
                                                   "(autosaved ")
    assert told == []
    doc, panel = fresh.document, fresh.optimizer
    assert doc.path == path and not doc.modified and doc.level.same_board(RUN)  # the file itself, nothing unsaved
    assert signature(panel.pool) == signature(pool) and panel.pool_view.count() == 2
    assert panel.pool_view.item(0).text().startswith("#1 score 7")
    assert panel.buttons["adopt"].isEnabled() and panel.pool_view.isEnabled()
    assert panel.info.text().startswith("2 proposals recovered from an editor that closed")
    assert panel.info.text().endswith("Start runs afresh (it asks first).")
    assert "**Start** asks, then replaces them with a new run" in GUIDE
    panel.pool_view.setCurrentRow(1)
    assert fresh.board.previewing and fresh.board.level.same_board(B)
    panel.buttons["adopt"].click()
    assert doc.level.same_board(B) and doc.modified
    doc.undo_stack.undo()
    assert doc.level.same_board(RUN) and not doc.modified
    # the proposals moved into the new editor's autosave; the ended editor's copy is gone
    assert not folder.exists()
    assert (fresh.autosaver.folder / PROPOSALS_FILE).exists()
    # Start replaces them with a new run, as the panel says, once the designer discards them: the pool and
    # its autosave go (the fixture answers Discard; test_preview_in_window asks for real)
    panel.start()
    assert panel.pool == [] and panel.pool_view.count() == 0 and panel.run_level.same_board(RUN)
    panel.stop()
    fresh.autosaver.save_now()
    assert not (fresh.autosaver.folder / PROPOSALS_FILE).exists()
    fresh.autosaver.discard()


def test_proposals_and_the_unsaved_level_come_back_together(window, next_start) -> None:
    pool = pooled(window)  # a level never saved, its pool beside it
    ended(window)
    fresh, asked, told = next_start()
    assert len(asked) == 1 and "unsaved changes to an unsaved level; it also kept 2 optimizer proposals for an " \
                               "unsaved level" in asked[0]
    assert fresh.document.level.same_board(RUN) and fresh.document.modified and fresh.document.path is None
    assert signature(fresh.optimizer.pool) == signature(pool) and fresh.optimizer.buttons["adopt"].isEnabled()
    fresh.autosaver.discard()


def test_a_file_changed_since_is_never_the_proposals_board(window, next_start, tmp_path) -> None:
    """The file now holds another level: the run's level comes back as a new, unsaved level, never under the file's
    name (a save would overwrite what the file holds now)."""
    assert "else the level as a new, unsaved one (never under a file that now holds another)" in GUIDE
    path = tmp_path / "tutorial.json"
    lio.write_level(RUN, path)
    window.document.load(lio.read_level(path), path)
    run_gave(window, [entry(A, 7), entry(B, 5)])
    ended(window)
    newer = Level.from_rows(["4  ", "   ", "   "])
    lio.write_level(newer, path)
    fresh, asked, told = next_start()
    assert told == [f"{path} holds another level now: the level the optimizer's proposals were for is on the board "
                    "as a new, unsaved level."]
    assert fresh.document.path is None and fresh.document.modified and fresh.document.level.same_board(RUN)
    assert lio.read_level(path).same_board(newer)  # untouched
    assert fresh.optimizer.buttons["adopt"].isEnabled()
    fresh.autosaver.discard()


def test_proposals_for_a_level_edited_since_say_so_and_adopt_waits(window, next_start) -> None:
    pooled(window)
    from linjat_editor.gui.commands import SetNumberCommand

    window.document.push(SetNumberCommand(window.document, 1, 1, 3))  # edited after the run started
    ended(window)
    fresh, asked, told = next_start()
    panel = fresh.optimizer
    assert not fresh.document.level.same_board(RUN) and len(panel.pool) == 2
    assert not panel.buttons["adopt"].isEnabled() and not panel.pool_view.isEnabled()
    assert panel.info.text().startswith("These recovered proposals are for the level as it was when their run started")
    fresh.autosaver.discard()


@pytest.mark.parametrize("damage", ["{", '{"format": "linjat-proposals", "version": 1, "for": 3, "proposals": []}'])
def test_damaged_proposals_are_set_aside_and_told(window, next_start, damage: str) -> None:
    pooled(window)
    folder = ended(window)
    (folder / PROPOSALS_FILE).write_text(damage, encoding="utf-8")
    fresh, asked, told = next_start()
    assert asked == [] and len(told) == 1 and "set aside" in told[0]
    assert fresh.optimizer.pool == []
    fresh.autosaver.discard()
