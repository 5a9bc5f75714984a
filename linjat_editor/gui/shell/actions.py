"""Menus, toolbar and keyboard shortcuts of the main window, in one place.

Every action has a shortcut, a tooltip that names it, and a status tip; the
Help ▸ Keyboard shortcuts list is built from these, so it never goes stale.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Protocol

import shiboken6
from PySide6.QtCore import QDir
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDialog, QMenu

from linjat_editor.core.scoring import TIERS
from linjat_editor.gui.commands import ReplaceLevelCommand, SetMetaCommand
from linjat_editor.gui.dialogs.colours import ColoursDialog
from linjat_editor.gui.dialogs.properties import PropertiesDialog
from linjat_editor.gui.dialogs.size_dialog import SizeDialog
from linjat_editor.gui.shell import edit_level
from linjat_editor.gui.shell.shell_window import ShellWindow

if TYPE_CHECKING:
    from linjat_editor.gui.shell.file_controller import FileController


class MenuWindow(ShellWindow, Protocol):
    """What the menus use of the main window: the shell's view and its file workflow."""

    files: FileController



def _action(window: MenuWindow, text: str, shortcut: str | QKeySequence.StandardKey | list, tip: str,
            slot: Callable[..., object] | None = None, checkable: bool = False) -> QAction:
    act = QAction(text, window.widget())
    keys = shortcut if isinstance(shortcut, list) else [shortcut]
    seqs = [QKeySequence(k) for k in keys]
    act.setShortcuts(seqs)
    label = text.replace("&", "").rstrip("…")
    shown = seqs[0].toString(QKeySequence.SequenceFormat.NativeText) if seqs else ""
    act.setToolTip(f"{tip} ({shown})" if shown else tip)
    act.setStatusTip(tip)
    act.setObjectName(label)
    act.setCheckable(checkable)
    if slot is not None:
        (act.toggled if checkable else act.triggered).connect(lambda *args: slot(*args[:1]) if checkable else slot())
    window.widget().addAction(act)  # shortcuts work even when menus are hidden
    return act


@dataclass
class Actions:
    """Every menu and toolbar action of the main window, by name (tests trigger them by name too)."""

    new: QAction
    open: QAction
    import_rows: QAction
    save: QAction
    save_as: QAction
    quit: QAction
    undo: QAction
    redo: QAction
    resize: QAction
    properties: QAction
    clear_dots: QAction
    clear_all: QAction
    fill: QAction
    fill_again: QAction
    polish: QAction
    fix_leaks: QAction
    random: list[QAction]  # one per tier, in TIERS order
    solution: QAction
    prev_step: QAction
    next_step: QAction
    first_step: QAction
    hint: QAction
    reanalyse: QAction
    playtest: QAction
    focus_board: QAction
    colours: QAction
    shortcuts: QAction
    guide: QAction
    # -- whole-level edits (edit_level.py)
    copy_level: QAction
    paste_level: QAction
    rotate: QAction
    mirror: QAction
    flip: QAction
    shift_up: QAction
    shift_down: QAction
    shift_left: QAction
    shift_right: QAction


def install_actions(w: MenuWindow) -> Actions:
    """Create every action, the menus and the toolbar; return the actions by name."""
    doc = w.document
    a = Actions(
        # -- file
        new=_action(w, "&New level…", QKeySequence.StandardKey.New, "Start an empty level", w.files.new_level),
        open=_action(w, "&Open…", QKeySequence.StandardKey.Open, "Open a level file", w.files.open_file),
        import_rows=_action(w, "&Import rows…", "Ctrl+I", "Paste a level in the original text form",
                            w.files.import_rows),
        save=_action(w, "&Save", QKeySequence.StandardKey.Save, "Save the level", w.files.save),
        save_as=_action(w, "Save &as…", "Ctrl+Shift+S", "Save the level under a new name", w.files.save_as),
        quit=_action(w, "&Quit", "Ctrl+Q", "Close the editor", w.widget().close),
        # -- edit
        undo=_undo_action(w, redo=False),
        redo=_undo_action(w, redo=True),
        resize=_action(w, "Resi&ze grid…", "Ctrl+R", "Change the grid size (what falls outside is dropped)",
                       lambda: resize_grid(w)),
        properties=_action(w, "Level &properties…", "Ctrl+Shift+P", "Name, author, notes and player message",
                           lambda: edit_properties(w)),
        clear_dots=_action(w, "Clear &dots", "Ctrl+Alt+D", "Remove every unpinned dot",
                           lambda: doc.push(ReplaceLevelCommand(doc, doc.level.without_dots(), "Clear dots"))),
        clear_all=_action(w, "Clear &all", "Ctrl+Shift+Del", "Remove every number and dot",
                          lambda: doc.push(ReplaceLevelCommand(doc, doc.level.with_numbers(()).without_dots(False),
                                                               "Clear all"))),
        # -- generate
        fill=_action(w, "&Fill dots", "Ctrl+D", "Keep numbers and pinned dots; generate the other dots",
                     lambda: w.generator.fill_dots()),
        fill_again=_action(w, "Fill a&gain", "Ctrl+Shift+D", "Fill dots again with another seed",
                           lambda: w.generator.fill_dots(again=True)),
        polish=_action(w, "&Polish dots", "Ctrl+Alt+P", "Keep the numbers; move dots while the level gets harder "
                       "(by the analysis preset), keeping it unique and leak-free",
                       lambda: w.generator.polish_dots(w.analysis.preset_name)),
        fix_leaks=_action(w, "Fix &leaks", "Ctrl+L", "Add the fewest dots that remove every uniqueness leak",
                          w.generator.fix_leaks),
        random=[
            _action(w, f"New random {name} level", f"Ctrl+Alt+{i + 1}",
                    f"Generate a fresh {name} level ({_tier_size(name)})",
                    (lambda n=name: w.generator.new_random_level(n)))
            for i, name in enumerate(TIERS)
        ],
        # -- view / steps
        solution=_action(w, "Show &solution", "Ctrl+T", "Draw the solution lines", w.board.set_show_solution,
                         checkable=True),
        prev_step=_action(w, "&Previous step", "Alt+Left", "Show the previous solver step", w.steps.step_back),
        next_step=_action(w, "&Next step", "Alt+Right", "Show the next solver step", w.steps.step_forward),
        first_step=_action(w, "Steps: back to &start", "Alt+Home", "Hide the step overlay",
                           lambda: w.steps.set_position(0)),
        hint=_action(w, "&Hint", "Ctrl+H", "Show the next deduction on the current board", lambda: show_hint(w)),
        reanalyse=_action(w, "Re-&analyse", "F5", "Run the analysis again now", lambda: w.analysis.request(True)),
        playtest=_action(w, "&Playtest", "F6", "Play the level in the Play tab: drag lines with the mouse, "
                         "or arrows and Space", w.start_playtest),
        focus_board=_action(w, "Focus &board", "Esc", "Put the keyboard focus on the board", w.board.setFocus),
        colours=_action(w, "Board &colours…", "Ctrl+Shift+K", "Change the board colours (saved in the settings)",
                        lambda: edit_colours(w)),
        shortcuts=_action(w, "&Keyboard shortcuts", "F1", "List every shortcut", lambda: show_shortcuts(w)),
        guide=_action(w, "&User guide", "Shift+F1", "How to make a level, task by task, with pictures",
                      lambda: show_user_guide(w)),
        copy_level=_action(w, "&Copy level", "Ctrl+Shift+C", "Copy the board as rows text (one row a line)",
                           lambda: edit_level.copy_level(w)),
        paste_level=_action(w, "Paste le&vel", "Ctrl+Shift+V", "Open the rows text on the clipboard as a new level",
                            lambda: edit_level.paste_level(w, w.files.import_rows)),
        rotate=_action(w, "R&otate clockwise", "Ctrl+Alt+R", "Turn the grid a quarter clockwise (one undo step)",
                       lambda: edit_level.rotate(w)),
        mirror=_action(w, "&Mirror left to right", "Ctrl+Alt+M", "Swap the grid's left and right (one undo step)",
                       lambda: edit_level.mirror(w, True)),
        flip=_action(w, "Mirror &top to bottom", "Ctrl+Alt+F", "Swap the grid's top and bottom (one undo step)",
                     lambda: edit_level.mirror(w, False)),
        **{f"shift_{d}": _action(w, f"Shift {d}", f"Ctrl+Shift+{d.capitalize()}",
                                 f"Move every number and dot one cell {d} (one undo step)",
                                 (lambda d=d: edit_level.shift(w, d)))
           for d in edit_level.SHIFTS},
    )
    a.solution.setChecked(w.settings.show_solution)
    _menus(w, a)

    def generator_busy(busy: bool) -> None:
        for act in (a.fill, a.fill_again, a.polish, a.fix_leaks, *a.random):
            act.setEnabled(not busy)

    w.generator.busyChanged.connect(generator_busy)
    return a


def _undo_action(w: MenuWindow, redo: bool) -> QAction:
    """The undo group's Undo or Redo (the level's, or the set's while the focus is in the set panel),
    whose text names the step ("Undo Set number 5 at…")."""
    stack, parent = w.undo_group, w.widget()
    if redo:
        act = stack.createRedoAction(parent, "&Redo")
        act.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        act.setToolTip("Redo (Ctrl+Shift+Z)")
    else:
        act = stack.createUndoAction(parent, "&Undo")
        act.setShortcuts([QKeySequence("Ctrl+Z")])
        act.setToolTip("Undo the last edit (Ctrl+Z)")
    parent.addAction(act)
    return act


def _menus(w: MenuWindow, a: Actions) -> None:
    bar = w.widget().menuBar()
    file_menu = bar.addMenu("&File")
    file_menu.addActions([a.new, a.open])
    w.recent_menu = QMenu("Open &recent", w.widget())
    file_menu.addMenu(w.recent_menu)
    file_menu.addActions([a.import_rows])
    file_menu.addSeparator()
    file_menu.addActions([a.save, a.save_as])
    file_menu.addSeparator()
    file_menu.addAction(a.quit)
    w.files.recentChanged.connect(lambda paths: _fill_recent(w, paths))
    _fill_recent(w, w.settings.recent_files())
    edit = bar.addMenu("&Edit")
    edit.addActions([a.undo, a.redo])
    edit.addSeparator()
    edit.addActions([a.resize, a.clear_dots, a.clear_all])
    edit.addSeparator()
    edit.addActions([a.copy_level, a.paste_level])
    grid = edit.addMenu("&Grid")  # rotate, mirror, shift: the level moves, the puzzle stays the same
    grid.addActions([a.rotate, a.mirror, a.flip])
    grid.addSeparator()
    grid.addActions([a.shift_up, a.shift_down, a.shift_left, a.shift_right])
    edit.addSeparator()
    edit.addAction(a.properties)
    gen = bar.addMenu("&Generate")
    gen.addActions([a.fill, a.fill_again, a.polish, a.fix_leaks])
    gen.addSeparator()
    group = QActionGroup(w.widget())
    for act in a.random:
        group.addAction(act)
        gen.addAction(act)
    view = bar.addMenu("&View")
    view.addAction(a.solution)
    view.addSeparator()
    view.addActions([a.prev_step, a.next_step, a.first_step, a.hint, a.reanalyse, a.playtest, a.focus_board])
    view.addSeparator()
    view.addAction(a.colours)
    view.addSeparator()
    for dock in (w.analysis_dock, w.steps_dock, w.history_dock):
        view.addAction(dock.toggleViewAction())
    w.view_menu = view  # add_dock() appends later docks here
    bar.addMenu("&Help").addActions([a.guide, a.shortcuts])
    tools = w.widget().addToolBar("Main")
    tools.setObjectName("toolbar-main")
    tools.addActions([a.new, a.open, a.save])
    tools.addSeparator()
    tools.addActions(_fixed_undo_buttons(w))
    tools.addSeparator()
    tools.addActions([a.fill, a.fill_again, a.polish, a.fix_leaks])
    tools.addSeparator()
    tools.addActions([a.solution, a.hint, a.playtest])


def _fixed_undo_buttons(w: MenuWindow) -> list[QAction]:
    """Toolbar Undo/Redo with fixed labels: the stack's own actions say "Undo Set number 5 at…",
    and a label that grows pushes every later button sideways. The full text is in the tooltip."""
    stack = w.undo_group  # the level's or the set's stack, as Edit ▸ Undo
    undo, redo = QAction("Undo", w.widget()), QAction("Redo", w.widget())
    undo.setObjectName("toolbar-undo")
    redo.setObjectName("toolbar-redo")
    undo.triggered.connect(stack.undo)
    redo.triggered.connect(stack.redo)

    def refresh(*_: object) -> None:
        if not shiboken6.isValid(stack) or not shiboken6.isValid(undo):
            return  # the window is being torn down
        undo.setEnabled(stack.canUndo())
        redo.setEnabled(stack.canRedo())
        undo.setToolTip(f"Undo {stack.undoText()} (Ctrl+Z)" if stack.canUndo() else "Nothing to undo")
        redo.setToolTip(f"Redo {stack.redoText()} (Ctrl+Shift+Z)" if stack.canRedo() else "Nothing to redo")

    for signal in (stack.indexChanged, stack.cleanChanged, stack.activeStackChanged):
        signal.connect(refresh)
    refresh()
    return [undo, redo]


def _fill_recent(w: MenuWindow, paths: list[str]) -> None:
    menu = w.recent_menu
    menu.clear()
    for i, path in enumerate(paths):
        act = menu.addAction(f"&{i + 1} {QDir.toNativeSeparators(path)}" if i < 9 else path)
        act.setToolTip(path)
        act.triggered.connect(lambda _=False, p=path: w.files.open_file(p))
    menu.setEnabled(bool(paths))


def _tier_size(name: str) -> str:
    tier = TIERS[name]
    return f"{tier.height}×{tier.width}"


def resize_grid(w: MenuWindow) -> None:
    level = w.document.level
    dialog = SizeDialog("Resize grid", level.height, level.width,
                        note="Numbers and dots outside the new size are dropped.", parent=w.widget())
    if dialog.exec() == QDialog.DialogCode.Accepted:
        h, c = dialog.size()
        w.document.push(ReplaceLevelCommand(w.document, level.resized(h, c), f"Resize to {h}×{c}"))


def edit_colours(w: MenuWindow) -> None:
    dialog = ColoursDialog(w.theme, w.widget())
    if dialog.exec() == QDialog.DialogCode.Accepted:
        w.set_theme(dialog.theme)


def edit_properties(w: MenuWindow) -> None:
    dialog = PropertiesDialog(w.document.level, w.widget())
    if dialog.exec() == QDialog.DialogCode.Accepted:
        w.document.push(SetMetaCommand(w.document, **dialog.fields()))


def show_hint(w: MenuWindow) -> None:
    """Advance the step view to the next deduction and say it."""
    if w.steps.hidden:
        w.statusBar().showMessage("No hints while you play the level", 5000)
        return
    w.steps_dock.show()
    w.steps_dock.raise_()
    was_at_end = w.steps.at_end
    step = w.steps.show_hint()
    if was_at_end:
        w.statusBar().showMessage(w.steps.end_text(), 5000)
    elif step is None:
        w.statusBar().showMessage("No hint: the analysis has no further step for this board", 5000)


def show_user_guide(w: MenuWindow) -> None:
    """Open the guide in its own window (one at a time), or say where it should have been."""
    from linjat_editor.gui.dialogs.user_guide import UserGuide, guide_path

    path = guide_path()
    if path is None:
        w.show_error("User guide", "The user guide is not part of this installation (docs/user-guide.md).")
        return
    guide = w.widget().findChild(UserGuide)
    if guide is None:
        guide = UserGuide(path, w.widget())
    guide.show()
    guide.raise_()


def show_shortcuts(w: MenuWindow) -> None:
    from linjat_editor.gui.dialogs.shortcuts import show_shortcuts as show

    show(w.widget())
