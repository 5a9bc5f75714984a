"""The optimizer's settings: preset or custom weights, what to aim for, the canon (1s, the tier's technique rule),
iterations, seed, cores, numbers kept fixed."""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QGridLayout, QGroupBox,
                               QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QSpinBox, QWidget)

from linjat_editor.core.kinds import SOLVING, Kind
from linjat_editor.core.level import Cell, Level
from linjat_editor.core.limits import default_workers
from linjat_editor.core.scoring import TIERS, Weights

if TYPE_CHECKING:
    from linjat_editor.core.objective import Objective

PRESET_NAMES = tuple(TIERS)  # the engine's tier table, easiest first
SOLVING_KEYS = tuple(kind.key for kind in SOLVING)  # the aims that are lessons


def _weight_name(key: str) -> str:
    """A weight's name for people: a kind's own name ("can't fit"), else the key in words."""
    kind = next((k for k in Kind if k.key == key), None)
    return kind.label.removesuffix(" (leak)") if kind is not None else key.replace("_", " ")


class SettingsForm(QWidget):
    """Reads back as :meth:`weights`, :meth:`iterations`, :meth:`seed`, :attr:`cores`, :meth:`fixed_cells`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._weight_names = [f.name for f in fields(Weights)]
        self._size = (9, 6)
        self.preset = QComboBox(self)
        self.preset.addItem("by size", "auto")  # the tier whose grid fits the board, as the analysis uses
        for name in (*PRESET_NAMES, "custom"):
            self.preset.addItem(name, name)
        self.preset.setToolTip("Weight preset of a tier, or your own weights.\n"
                               "'by size' picks the tier whose grid fits the board, as the analysis and generate do.")
        self.iterations = QSpinBox(self, minimum=10, maximum=5_000_000, singleStep=1000, value=10_000)
        self.iterations.setGroupSeparatorShown(True)
        self.iterations.setToolTip("Iterations for this session (the original used 10,000-50,000 per level)")
        self.seed = QSpinBox(self, minimum=0, maximum=2_000_000_000, value=0)
        self.seed.setSpecialValueText("random")
        self.seed.setToolTip("Random seed: the same seed, settings and cores give the same run (0 = random)")
        # One pool per core, sharing the pool's ten places: about half the wait on two cores for levels that score
        # as one pool's, easy's a little lower (its niches want a whole run's iterations; docs/dev/search-experiments.md,
        # 2026-11-28); all cores unless the designer keeps one free.
        cores = default_workers()
        self.cores = QSpinBox(self, minimum=1, maximum=cores, value=cores)
        self.cores.setAccessibleName("Cores")
        self.cores.setToolTip("Cores the search runs on, one pool each; the pools share the ten places (easy: "
                              "each keeps one level per niche) and pass their best levels on.\nFewer cores leave "
                              "the others free; a seed gives the same run only on the same number of cores.")
        self.weight_boxes: dict[str, QDoubleSpinBox] = {}
        box = self.weights_box = QGroupBox("Weights", self)
        grid = QGridLayout(box)
        for i, name in enumerate(self._weight_names):
            spin = QDoubleSpinBox(box, minimum=-1000, maximum=1000, decimals=1)
            spin.setAccessibleName(f"weight {name}")
            self.weight_boxes[name] = spin
            grid.addWidget(QLabel(_weight_name(name), box), i // 2, (i % 2) * 2)
            grid.addWidget(spin, i // 2, (i % 2) * 2 + 1)
        # What the search aims for: the highest score (as always), a lesson on one kind, or a target.
        self.aim = QComboBox(self)
        self.aim.setAccessibleName("Aim")
        self.aim.addItem("Highest score", "climb")
        for kind in SOLVING:
            self.aim.addItem(f"Teach: {kind.label}", kind.key)
        self.aim.addItem("Target percentile", "percentile")
        self.aim.addItem("Target score", "score")
        self.aim.setToolTip("Highest score: climb the weights' score.\n"
                            "Teach: a lesson that needs this technique (stuck without it) and uses only the ones "
                            "before it.\nTarget: the level closest to a tier percentile (as the analysis shows it) "
                            "or to a score.")
        self.target = QDoubleSpinBox(self, minimum=-10_000, maximum=10_000, decimals=1, value=50)
        self.target.setAccessibleName("Target")
        # The game's canon, kept unless the designer lets it go on purpose.
        self.allow_ones = QCheckBox("Allow 1s", self)
        self.allow_ones.setToolTip("Let the search make 1s. A 1's line is just its own cell, already done;\n"
                                   "the original game never publishes one, so by default no level gets one.")
        self.relax_rule = QCheckBox("Relax tier rule", self)
        self.relax_rule.setToolTip("Relax the tier's technique rule: keep levels that break it (easy and medium: cover and "
                                   "can't fit only;\nhard: needs a square, no dependency or one of), e.g. an easy "
                                   "level that needs a square.")
        self.fixed = QListWidget(self)
        # Three rows, then it scrolls: the canon's row above takes the height a laptop-sized window lacks.
        self.fixed.setMaximumHeight(64)
        self.fixed.setToolTip("Ticked numbers keep their place and value")
        self.fixed.setAccessibleName("Numbers kept fixed")
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("Preset", self.preset)
        form.addRow(box)
        form.addRow("Aim", self.aim)
        form.addRow("Target", self.target)
        canon = QHBoxLayout()
        canon.addWidget(self.allow_ones)
        canon.addWidget(self.relax_rule)
        canon.addStretch(1)
        form.addRow(canon)
        self._form = form
        form.addRow("Iterations", self.iterations)
        seed_row = QHBoxLayout()  # one row for both: a laptop-sized window lacks the height of two
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(QLabel("Cores", self))
        seed_row.addWidget(self.cores)
        form.addRow("Seed", seed_row)
        form.addRow("Keep fixed", self.fixed)
        # Tab goes down the form as it reads (by default it followed the order the boxes were made in).
        chain = [self.preset, *self.weight_boxes.values(), self.aim, self.target, self.allow_ones, self.relax_rule,
                 self.iterations, self.seed, self.cores, self.fixed]
        for before, after in zip(chain, chain[1:]):
            QWidget.setTabOrder(before, after)
        self.preset.currentIndexChanged.connect(self._preset_changed)
        self.aim.currentIndexChanged.connect(self._aim_changed)
        self._aim_changed()
        self._show_auto()
        self._preset_changed()

    @property
    def preset_name(self) -> str:
        """The chosen preset, "by size" resolved for the board, or "custom"."""
        from linjat_editor.core.scoring import preset_for_size

        choice = str(self.preset.currentData())
        return preset_for_size(*self._size) if choice == "auto" else choice

    def _show_auto(self) -> None:
        from linjat_editor.core.scoring import preset_for_size

        self.preset.setItemText(0, f"by size ({preset_for_size(*self._size)})")

    def _preset_changed(self, *_: object) -> None:
        from linjat_editor.core import PRESETS

        name = self.preset_name
        custom = name == "custom"
        for key, spin in self.weight_boxes.items():
            spin.setEnabled(custom)
            if not custom:
                spin.setValue(float(getattr(PRESETS[name], key)))
        # Shown only for custom weights: with a preset they are fixed, and the dock needs the room.
        self.weights_box.setVisible(custom)
        if not custom:
            shown = ", ".join(f"{_weight_name(k)} {getattr(PRESETS[name], k):g}" for k in self.weight_boxes)
            self.preset.setToolTip(f"Weights of the {name} preset: {shown}")

    def weights(self) -> Weights:
        from linjat_editor.core import PRESETS

        name = self.preset_name
        if name != "custom":
            return PRESETS[name]
        return Weights(**{k: spin.value() for k, spin in self.weight_boxes.items()})

    def _aim_changed(self, *_: object) -> None:
        """The target box only for a target; a percentile lies between 0 and 100."""
        aim = str(self.aim.currentData())
        targeted = aim in ("percentile", "score")
        self.target.setVisible(targeted)
        label = self._form.labelForField(self.target)
        if label is not None:
            label.setVisible(targeted)
        if aim == "percentile":
            self.target.setRange(0, 100)
            self.target.setSuffix(" %")
        else:
            self.target.setRange(-10_000, 10_000)
            self.target.setSuffix("")

    def goal(self) -> Objective:
        """What the optimizer aims for (the weights to climb, a lesson or a target), within the canon: no 1s
        unless allowed, a preset's technique rule unless relaxed."""
        from linjat_editor.core.objective import canon

        tier = None if self.preset_name == "custom" or str(self.aim.currentData()) in SOLVING_KEYS else self.preset_name
        return canon(self._aim(), tier, self.relax_rule.isChecked(), self.allow_ones.isChecked())

    def _aim(self) -> Weights | Objective:
        from linjat_editor.core.kinds import Kind
        from linjat_editor.core.objective import lesson, toward_percentile, toward_score

        aim = str(self.aim.currentData())
        if aim == "climb":
            return self.weights()
        if aim == "percentile":
            tier = self.preset_name if self.preset_name != "custom" else "expert"
            return toward_percentile(tier, self.target.value())
        if aim == "score":
            return toward_score(self.weights(), self.target.value())
        return lesson(Kind.from_key(aim))

    def seed_value(self) -> int | None:
        return self.seed.value() or None

    def set_level(self, level: Level) -> None:
        """List the level's numbers for "keep fixed" (ticks kept for cells that still hold a number)."""
        if level.size != self._size:
            self._size = level.size
            self._show_auto()
            self._preset_changed()
        kept = set(self.fixed_cells())
        self.fixed.clear()
        for n in level.numbers:
            item = QListWidgetItem(f"{n.value} at row {n.row + 1}, column {n.col + 1}")
            item.setData(Qt.ItemDataRole.UserRole, (n.row, n.col))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if n.cell in kept else Qt.CheckState.Unchecked)
            self.fixed.addItem(item)

    def fixed_cells(self) -> frozenset[Cell]:
        out = set()
        for i in range(self.fixed.count()):
            item = self.fixed.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                out.add(tuple(item.data(Qt.ItemDataRole.UserRole)))
        return frozenset(out)

    def set_fixed(self, cells: set[Cell] | frozenset[Cell]) -> None:
        for i in range(self.fixed.count()):
            item = self.fixed.item(i)
            on = tuple(item.data(Qt.ItemDataRole.UserRole)) in cells
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
