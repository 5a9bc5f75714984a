"""The editor's main window: the board in the middle, docks around it.

Hook for other GUI parts (playtest, sets, optimizer): ``window.document`` is
the open :class:`Document`; add a dock with one line::

    window.add_dock(MyPanel(window.document), Qt.DockWidgetArea.RightDockWidgetArea, "My panel")

and push a :class:`~linjat_editor.gui.commands.ReplaceLevelCommand` on
``window.document`` to change the level undoably (e.g. adopt from the optimizer).
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QKeySequence, QResizeEvent, QShortcut, QUndoGroup
from PySide6.QtWidgets import (QAbstractButton, QAbstractScrollArea, QDockWidget, QFrame, QLabel, QMainWindow, QMenu,
                               QMessageBox,
                               QProgressBar, QPushButton, QScrollArea, QWidget)

from linjat_editor.core.level import Level
from linjat_editor.core.ready.warmup import Progress
from linjat_editor.gui.shell.actions import install_actions
from linjat_editor.gui.analysis.analysis_panel import AnalysisPanel
from linjat_editor.gui.board.board_view import BoardView
from linjat_editor.gui.board.document import Document
from linjat_editor.gui.shell.file_controller import FileController
from linjat_editor.gui.board.generator_controller import GeneratorController
from linjat_editor.gui.shell.history import HistoryPanel, UndoRouter
from linjat_editor.gui.board.overlay_controller import OverlayController
from linjat_editor.gui.shell.recovery import Autosaver
from linjat_editor.gui.shell.settings import Settings
from linjat_editor.gui.analysis.step_panel import StepPanel
from linjat_editor.gui import workers
from linjat_editor.gui.screen_room import TITLE_BAR_ALLOWANCE
from linjat_editor.render.theme import Theme

APP_TITLE = "Linjat Editor"
#: Saved dock layouts of another version are ignored: version 2 moved Play to the full-height side.
LAYOUT_VERSION = 2
#: How long closing waits for background jobs to notice their cancel (they check between chunks).
SHUTDOWN_WAIT_MS = 1000


class MainWindow(QMainWindow):
    """Board, analysis, steps and undo history around one :class:`Document`.

    What the docks, menus and file workflow use of it is :class:`~linjat_editor.gui.editor_window.EditorWindow`.
    """

    recent_menu: QMenu  # File ▸ Open recent, filled by actions.py
    view_menu: QMenu | None = None  # View menu; add_dock() lists docks added later here
    set_menu: QMenu  # Level set menu, added by sets/set_dock.py
    export_menu: QMenu  # File ▸ Export, added by sets/set_dock.py
    session_ending = False  # set by gui.shell.session_end: close without asking, keep the autosave

    def __init__(self, level: Level | None = None, settings: Settings | None = None,
                 parent: QWidget | None = None, autosave: bool = True) -> None:
        super().__init__(parent)
        self.settings = settings or Settings()
        self.theme = Theme.from_json(self.settings.colours)
        self.document = Document(level or Level(9, 6), parent=self)
        self.board = BoardView(self.document, self.theme)
        self.setCentralWidget(self.board)
        self.analysis = AnalysisPanel(self.document, self.settings.preset, self.theme)
        self.steps = StepPanel()
        # One Undo for the level and the set: the stack of the one the focus is in (shell/history.py).
        self.undo_group = QUndoGroup(self)
        self.undo_router = UndoRouter(self.undo_group, self.document.undo_stack, self)
        self.history_panel = HistoryPanel(self.document)
        self.history = self.history_panel.level_view
        self.analysis_dock = self.add_dock(self.analysis, Qt.DockWidgetArea.RightDockWidgetArea, "Analysis")
        self.steps_dock = self.add_dock(self.steps, Qt.DockWidgetArea.BottomDockWidgetArea, "Steps")
        self.history_dock = self.add_dock(self.history_panel, Qt.DockWidgetArea.LeftDockWidgetArea, "History")
        self.overlays = OverlayController(self.board)
        self.files = FileController(self)
        self.generator = GeneratorController(self.document, self)
        self.autosaver = Autosaver(self.document, parent=self) if autosave else None
        self.engine_ready = True  # see warm_up_engine
        self.engine_compiling = False  # a first start's compile is under way (the status bar shows it)
        self._engine_text = ""
        self._install_busy_indicator()
        self._install_verdict_badge()
        self._connect()
        self.acts = install_actions(self)
        self._install_panels()
        if self.autosaver is not None:
            self.autosaver.watch_set(self.set_panel)  # a killed editor offers the set back too
            self.autosaver.watch_proposals(self.optimizer)  # and the optimizer's pool
        self.board.set_show_solution(self.settings.show_solution)
        problem = self.autosaver.problem if self.autosaver is not None else None
        self.statusBar().showMessage(problem or "Ready")  # an unusable data folder is said at once
        # The side docks take the full height (analysis, optimizer and play need it); the
        # steps strip sits under the board only.
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.resize(1280, 860)
        # The left dock holds the set panel's buttons two to a row (one to a row would push its curve away).
        self.resizeDocks([self.analysis_dock, self.history_dock], [370, 310], Qt.Orientation.Horizontal)
        self.resizeDocks([self.steps_dock], [155], Qt.Orientation.Vertical)
        self._docks_for_width = self.width()  # the window width the side docks' widths were chosen for
        self._rescale_pending = False
        self._restore_layout()
        self._fit_to_screen()
        self._docks_for_width = self.width()  # a restored layout's docks fit its restored window
        self._update_title()
        self.board.setFocus()

    def widget(self) -> QMainWindow:
        """Itself, as the Qt parent of dialogs, menus and actions (``EditorWindow.widget``)."""
        return self

    # -- the hook for other panels ---------------------------------------------------

    def add_dock(self, widget: QWidget, area: Qt.DockWidgetArea = Qt.DockWidgetArea.RightDockWidgetArea,
                 title: str | None = None) -> QDockWidget:
        """Put ``widget`` in a dock (named for saveState) and list it in the View menu.

        Panels are wrapped in a scroll area, so no panel's minimum size can make
        the window taller than a laptop screen, and their own shortcuts are made
        local to the panel, so a panel's Ctrl+Z never collides with the editor's.
        """
        _localise_shortcuts(widget)
        title = title or widget.windowTitle() or widget.accessibleName() or type(widget).__name__
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{title.lower().replace(' ', '-')}")
        scrolls = isinstance(widget, QAbstractScrollArea) or getattr(widget, "scrolls_itself", False)
        dock.setWidget(widget if scrolls else _scrolled(widget))
        self.addDockWidget(area, dock)
        number = len(self.findChildren(QDockWidget))  # this dock's place, counted, not kept beside the docks
        toggle = dock.toggleViewAction()
        if number <= 9:  # every dock gets a shortcut: Alt+1, Alt+2, ...
            toggle.setShortcut(f"Alt+{number}")
            toggle.setToolTip(f"Show or hide the {title} panel (Alt+{number})")
        self.addAction(toggle)
        view_menu = self.view_menu
        if view_menu is not None:  # docks added after the menus still get a toggle
            view_menu.addAction(toggle)
        return dock

    def _install_panels(self) -> None:
        """Docks from the other GUI packages: one line each (they use ``document`` and ``add_dock``)."""
        from linjat_editor.gui.optimizer.optimizer_dock import install_optimizer
        from linjat_editor.gui.play.play_dock import install_play_mode
        from linjat_editor.gui.sets.set_dock import install_set_panel

        # Play sits with Analysis and Optimizer: the full height there shows a whole level and
        # its buttons (in the bottom strip it opened 155 px tall, two rows of nine).
        self.play = install_play_mode(self, Qt.DockWidgetArea.RightDockWidgetArea)
        play_dock = self.findChild(QDockWidget, "dock-play")
        if play_dock is not None:
            play_dock.visibilityChanged.connect(self._playing)
        self.set_panel = install_set_panel(self)
        # The steps view shows where the set's testers paused on the level being edited.
        self.steps.playtests_for = self.set_panel.playtests_for
        self.set_panel.setChanged.connect(lambda _: self.steps.set_result(self.analysis.result))
        self._add_set_history()
        self.optimizer = install_optimizer(self)
        self.files.replace_guards.append(self.optimizer.confirm_drop)  # its proposals are asked about too
        self.optimizer.previewRequested.connect(  # after the board took it: one pool level previewed, then another
            lambda _level: self.analysis.set_preview(self.board.level if self.board.previewing else None))
        self._tabify("dock-analysis", "dock-optimizer")
        self._tabify("dock-optimizer", "dock-play")
        self.analysis_dock.raise_()
        self._tabify("dock-history", "dock-level-set")  # tabs: visible, but the board keeps its room

    def _add_set_history(self) -> None:
        """The set's undo steps in History and under Edit ▸ Undo (while the focus is in the set panel)."""
        panel = self.set_panel
        set_view = self.history_panel.add_set(panel.undo_stack)
        dock = self.findChild(QDockWidget, "dock-level-set")
        self.undo_router.add_set(panel.undo_stack, *(w for w in (dock, set_view) if w is not None))

        def name_start() -> None:
            self.history_panel.name_set_start(panel.origin)

        panel.documentChanged.connect(name_start)
        name_start()

    def start_playtest(self) -> None:
        """Bring the Play tab to the front with the board's level, keyboard ready."""
        dock = self.findChild(QDockWidget, "dock-play")
        if dock is not None:
            dock.show()
            dock.raise_()
            self.play.board.setFocus()

    def _playing(self, on: bool) -> None:
        """While the Play tab is in view the board shows only the puzzle and the steps keep their answers."""
        self.board.set_puzzle_only(on)
        self.steps.set_hidden(on)

    def _tabify(self, first: str, second: str) -> None:
        """Stack two docks as tabs (the first stays in front) if both exist."""
        a, b = self.findChild(QDockWidget, first), self.findChild(QDockWidget, second)
        if a is not None and b is not None:
            self.tabifyDockWidget(a, b)
            a.raise_()

    # -- wiring ---------------------------------------------------------------------

    def _connect(self) -> None:
        doc = self.document
        doc.modifiedChanged.connect(self._update_title)
        doc.pathChanged.connect(self._update_title)
        doc.levelChanged.connect(self._update_title)  # an untitled level shows its name
        self.analysis.resultChanged.connect(self.overlays.set_result)
        self.analysis.resultChanged.connect(self.steps.set_result)
        self.analysis.leakSelected.connect(self.overlays.set_leak)
        # A preview (an optimizer pool level) is what the Analysis panel reports on while it shows.
        self.board.previewChanged.connect(lambda shown: self.analysis.set_preview(self.board.level if shown else None))
        self.analysis.fixLeaksRequested.connect(self.generator.fix_leaks)
        self.analysis.presetChanged.connect(lambda name: setattr(self.settings, "preset", name))
        doc.reset.connect(lambda: self.steps.set_position(0))  # a new document starts at its first step
        self.steps.stepChanged.connect(self.overlays.set_step)
        self.steps.stepChanged.connect(self._announce_step)
        self.generator.message.connect(self.show_info)
        self.board.refused.connect(lambda why: self.show_info("Number does not fit", why))
        self.generator.busyChanged.connect(self._on_generator_busy)
        self.generator.progress.connect(lambda text: self.statusBar().showMessage(text))
        self.generator.applied.connect(lambda text: self.statusBar().showMessage(text, 4000))
        if self.autosaver is not None:
            self.autosaver.failed.connect(lambda text: self.statusBar().showMessage(text, 8000))

    def warm_up_engine(self) -> None:
        """Make the engine's kernels ready in the background; on a first start the status bar says how far it is.

        Nothing waits for it: every engine action works from the start (on a
        first start as the kernels' slower Python, ``gui/engine_warmup.py``).
        """
        from linjat_editor.gui import engine_warmup

        self.engine_ready = False
        readiness = engine_warmup.begin()
        first = self.engine_compiling = readiness.behind
        self._warmup = workers.Worker(self)
        self._warmup.progressed.connect(self._engine_progress)
        self._warmup.finished.connect(self._engine_ready)
        self._warmup.failed.connect(lambda text: self._engine_ready(None, text))
        self._warmup.start(lambda job: engine_warmup.warm_up(readiness, job))
        if first:
            self._engine_text = engine_warmup.FIRST_START
            self.busy_bar.setRange(0, 0)  # no count yet: a moving bar
            self.busy_bar.show()
            self.statusBar().showMessage(self._engine_text)

    def _engine_progress(self, progress: Progress) -> None:
        """A family of kernels is ready: while a first start compiles, the bar and the status bar say how far it is."""
        if not self.engine_compiling:
            return  # only loading: over before it is worth a word
        self.busy_bar.setRange(0, progress.total)
        self.busy_bar.setValue(progress.done)
        self.busy_bar.show()
        text = progress.text()
        self._engine_text = text[0].upper() + text[1:]
        if not self.generator.busy:  # the generator's own message stays while it runs
            self.statusBar().showMessage(self._engine_text)

    def _engine_ready(self, seconds: object = None, error: str = "") -> None:
        self.engine_ready = True
        self.engine_compiling = False
        self.busy_bar.setRange(0, 0)  # back to the moving bar of the generator's runs
        self.busy_bar.setVisible(self.generator.busy)
        if error:
            self.statusBar().showMessage(f"The engine failed to start: {error}", 15000)
        else:
            self.statusBar().showMessage("Engine ready", 4000)

    def _install_busy_indicator(self) -> None:
        """A busy bar and a Cancel button at the right of the status bar, shown while a job runs."""
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)  # no end known: a moving bar
        self.busy_bar.setMaximumWidth(140)
        self.busy_bar.setAccessibleName("Working")
        self.busy_bar.setTextVisible(False)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop the running fill or generation; the board stays as it is")
        self.cancel_button.clicked.connect(self.generator.cancel)
        for widget in (self.busy_bar, self.cancel_button):
            widget.hide()
            self.statusBar().addPermanentWidget(widget)

    def _install_verdict_badge(self) -> None:
        """The verdict once more, at the left of the status bar: in view whichever tab covers the Analysis panel."""
        self.verdict_badge = QLabel(self.analysis.verdict.text())
        self.verdict_badge.setObjectName("status-verdict")
        self.verdict_badge.setAccessibleName("Verdict (status bar)")
        self.verdict_badge.setMaximumWidth(560)  # a long reason is cut here and read whole in the tooltip or panel
        self.statusBar().insertPermanentWidget(0, self.verdict_badge)  # before the busy bar

        def show(text: str, good: bool) -> None:
            colour = self.theme.step_done if good else self.theme.step_short
            self.verdict_badge.setText(text)
            self.verdict_badge.setToolTip(text)
            self.verdict_badge.setStyleSheet(f"QLabel {{ font-weight: bold; color: {colour}; padding: 0 6px; }}")

        self.analysis.verdictChanged.connect(show)

    def _on_generator_busy(self, busy: bool) -> None:
        self.cancel_button.setVisible(busy)
        self.busy_bar.setVisible(busy or self.engine_compiling)
        if busy:
            self.statusBar().showMessage("Generating… (the board stays editable; an edit drops the result)")
        elif self.engine_compiling:
            self.statusBar().showMessage(self._engine_text)  # the compile's progress again
        else:
            self.statusBar().clearMessage()

    def _announce_step(self, step: object) -> None:
        if step is not None and self.steps_dock.visibleRegion().isEmpty():  # else the Steps panel says it
            self.statusBar().showMessage(getattr(step, "message", ""), 8000)

    def _update_title(self, *_: object) -> None:
        mark = "*" if self.document.modified else ""
        self.setWindowTitle(f"{self.document.display_name()}{mark} \u2014 {APP_TITLE}")

    # -- messages (tests replace these to avoid modal boxes) -----------------------

    def show_error(self, title: str, text: str) -> None:
        QMessageBox.warning(self, title, text)

    def show_info(self, title: str, text: str) -> None:
        """Non-blocking notice (generator results arrive while the user keeps working)."""
        box = QMessageBox(QMessageBox.Icon.Information, title, text, QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.last_message = (title, text)
        self.statusBar().showMessage(f"{title}: {text}", 8000)

    # -- settings and closing --------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        """New board colours: redraw now, remember in the settings."""
        self.theme = theme
        self.board.set_theme(theme)
        self.analysis.theme = theme
        self.settings.colours = theme.to_json()

    def _restore_layout(self) -> None:
        geometry, state = self.settings.geometry, self.settings.state
        if geometry:
            self.restoreGeometry(QByteArray.fromBase64(geometry.encode()))
        if state:
            self.restoreState(QByteArray.fromBase64(state.encode()), LAYOUT_VERSION)

    def _fit_to_screen(self) -> None:
        """Keep the whole window on the screen it opens on: a size restored from (or meant for) a bigger
        screen would put the status bar and the docks' tabs past its bottom edge."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None or QGuiApplication.platformName() == "offscreen":
            return  # no real screen (--screenshot, tests): the size asked for is the size drawn
        avail = screen.availableGeometry()
        frame = self.frameGeometry().size() - self.geometry().size()
        # Before a window manager has framed the window its title bar is unknown: leave room for one.
        extra_w, extra_h = frame.width(), frame.height() if frame.height() > 0 else TITLE_BAR_ALLOWANCE
        width, height = min(self.width(), avail.width() - extra_w), min(self.height(), avail.height() - extra_h)
        if (width, height) != (self.width(), self.height()):
            self.resize(width, height)
        x = min(max(self.x(), avail.left()), avail.right() + 1 - width - extra_w)
        y = min(max(self.y(), avail.top()), avail.bottom() + 1 - height - extra_h)
        if (x, y) != (self.x(), self.y()):
            self.move(x, y)

    def save_settings(self) -> None:
        self.settings.geometry = bytes(self.saveGeometry().toBase64().data()).decode()
        self.settings.state = bytes(self.saveState(LAYOUT_VERSION).toBase64().data()).decode()
        self.settings.preset = self.analysis.preset_choice
        self.settings.show_solution = self.board.show_solution
        self.settings.colours = self.theme.to_json()
        try:
            self.settings.save()
        except OSError as exc:
            self.statusBar().showMessage(f"Could not save settings: {exc}", 8000)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The side docks keep their share of the width, so a bigger window widens them too."""
        super().resizeEvent(event)
        if not self._rescale_pending:  # once the layout has run at the new size
            self._rescale_pending = True
            QTimer.singleShot(0, self, lambda: self._rescale_docks())

    def _rescale_docks(self) -> None:
        self._rescale_pending = False
        if not self.isVisible():
            return  # hidden docks have no width yet: scaled when the window shows
        old, new = self._docks_for_width, self.width()
        self._docks_for_width = new
        if old <= 0 or new == old:
            return
        side = [d for d in self.findChildren(QDockWidget) if d.isVisible() and not d.isFloating()
                and self.dockWidgetArea(d) in (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)]
        if side:
            self.resizeDocks(side, [max(1, round(d.width() * new / old)) for d in side], Qt.Orientation.Horizontal)

    def closeEvent(self, event: QCloseEvent) -> None:
        from linjat_editor.gui.optimizer.optimizer_panel import QUITTING  # loaded with the dock already

        # When the session ends (SIGTERM, logout) nobody answers a question: the autosave keeps the work.
        if not self.session_ending and not (self.files.maybe_save() and self.set_panel.confirm_drop()
                                            and self.optimizer.confirm_drop(QUITTING)):
            event.ignore()
            return
        self.save_settings()
        if self.autosaver is not None and not self.session_ending:
            self.autosaver.discard()
        # The one place background work ends: optimizer, analysis, fill, set checks, batches.
        self.work_stopped = workers.stop_all(SHUTDOWN_WAIT_MS)
        event.accept()


def _scrolled(widget: QWidget) -> QScrollArea:
    """Wrap a tall panel so a small dock scrolls instead of squashing it."""
    area = QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    # Never narrower than the panel's narrowest layout: it scrolls down, never sideways.
    area.setMinimumWidth(widget.minimumSizeHint().width() + area.verticalScrollBar().sizeHint().width())
    area.setWindowTitle(widget.accessibleName())
    area.setAccessibleName(widget.accessibleName())
    return area


def _localise_shortcuts(panel: QWidget) -> None:
    """Make a panel's shortcuts act only while the focus is inside it.

    Window-wide shortcuts in two places (say, the editor's and the play
    panel's Ctrl+Z) are ambiguous to Qt, and then neither fires.
    """
    local = Qt.ShortcutContext.WidgetWithChildrenShortcut
    for act in panel.findChildren(QAction):
        if act.shortcutContext() == Qt.ShortcutContext.WindowShortcut and not act.shortcut().isEmpty():
            act.setShortcutContext(local)
    for button in panel.findChildren(QAbstractButton):
        seq = button.shortcut()
        if seq.isEmpty():
            continue
        button.setShortcut(QKeySequence())  # a button's own shortcut is always window-wide
        shortcut = QShortcut(seq, panel, button.animateClick)  # active while focus is in the panel
        shortcut.setContext(local)
        shortcut.setObjectName(f"local-shortcut-{button.text()}")
