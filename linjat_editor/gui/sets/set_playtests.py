"""Playtesting with players from the set panel: the playtest page out, the testers' results back in.

File ▸ Export ▸ Playtest page… writes the set as the page (``io/playtest_page.py``);
Level set ▸ Import playtests… merges results files into the entries of the same
levels as one undoable step (``io/playtest_results.py``). A bad file is one
dialog line and changes nothing. Level set ▸ Fit time model to playtests… fits
the predicted-time model to the testers' times (never the designer's own plays)
and, if the designer adopts it, stores it in the set as one undoable step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from linjat_editor.core.analysis.solve_time import TimeModel, fit_time_model, sample_of

from PySide6.QtWidgets import QFileDialog, QMessageBox

from linjat_editor.gui.dialogs.file_names import with_extension
from linjat_editor.io.errors import FormatError
from linjat_editor.io.level_set import playtests_of

if TYPE_CHECKING:
    from linjat_editor.gui.sets.set_panel import SetPanel

#: Where a tester's results go on the designer's side.
IMPORT_HINT = "their results come back with Level set ▸ Import playtests…"


def export_page(panel: SetPanel, path: str) -> str:
    """Write the panel's set as a playtest page; the line the panel shows."""
    panel.export(path, "html")
    return f"Playtest page written to {path}: send it to your testers; {IMPORT_HINT}"


def export_page_dialog(panel: SetPanel) -> None:
    path, _ = QFileDialog.getSaveFileName(panel, "Export playtest page", "playtest.html", "Web page (*.html)")
    if not path:
        return
    try:
        panel.tell(export_page(panel, with_extension(path, ".html")))
    except (OSError, ValueError) as exc:
        QMessageBox.warning(panel, "Export playtest page", str(exc))


def import_results(panel: SetPanel, paths: list[str]) -> str:
    """Merge results files into the panel's set as one undo step; the lines to report.

    Raises :class:`FormatError` (one line) when any file is refused; the set is then unchanged.
    """
    from linjat_editor.io.playtest_results import merge_results, read_results

    results = [read_results(p) for p in paths]
    merge = merge_results(panel.level_set, results, set_name="this set")
    if merge.added:
        panel.apply(merge.level_set, f"Import {merge.added} playtest{'s' if merge.added != 1 else ''}")
    return "\n".join([merge.summary() + ".", *merge.changed])


def import_dialog(panel: SetPanel) -> None:
    paths, _ = QFileDialog.getOpenFileNames(panel, "Import playtests", "", "Playtest results (*.json);;All files (*)")
    if not paths:
        return
    try:
        report = import_results(panel, paths)
    except FormatError as exc:
        QMessageBox.warning(panel, "Import playtests", str(exc))
        return
    panel.tell(report)
    if "\n" in report:  # results left out: say so where it cannot be missed
        QMessageBox.information(panel, "Import playtests", report)


def fit_model(panel: SetPanel) -> TimeModel:
    """The time model fitted to the set's testers' playtests, over the solves the set checks found.

    ValueError (saying how many levels it had) with too few playtested levels.
    """
    samples = []
    for i, entry in enumerate(panel.level_set):
        check = panel.check_of(i)
        if check is not None and check.solved and check.layers:
            sample = sample_of(check.layers, playtests_of(entry))
            if sample is not None:
                samples.append(sample)
    return fit_time_model(samples)


def adopt(panel: SetPanel, model: TimeModel) -> None:
    """The set predicts with ``model`` from now on (one undo step)."""
    panel.apply(panel.level_set.with_meta(extra={**panel.level_set.extra, "time_model": model.to_json()}),
                "Adopt fitted time model")


def describe_fit(model: TimeModel) -> str:
    fit = model.fit
    return (f"Fitted on {fit['levels']} levels and {fit['playtests']} testers' playtests: on levels left out of "
            f"the fit its predictions were off by {fit['held_out_error']:.0%} (median).")


def fit_dialog(panel: SetPanel) -> None:
    try:
        model = fit_model(panel)
    except ValueError as exc:
        QMessageBox.information(panel, "Fit time model", f"{exc}. Import testers' results first ({IMPORT_HINT.split(' with ')[1]}).")
        return
    answer = QMessageBox.question(panel, "Fit time model", describe_fit(model) + "\n\nAdopt it for this set? "
                                  "The set list, the curve and CSV exports then predict with it.")
    if answer == QMessageBox.StandardButton.Yes:
        adopt(panel, model)
