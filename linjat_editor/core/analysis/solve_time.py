"""A predicted solving time: a linear model over the solve's steps (their kinds, widths and depth).

The solve is a list of layers, each of one kind and some width (how many
numbers it advanced). The model says

    seconds = base + sum over layers of (per_layer[kind] + narrow / width)

so a deeper solve costs more, a layer of a harder kind costs more, and a
narrow layer (one move to find among few) costs more than a wide one, as the
original's author reasoned. Every coefficient is at least 0. The shipped
coefficients (``resources/solve_time.json``) are a first guess, not measured
on players; a set's playtests fit its own (:func:`fit_time_model`,
``linjat calibrate SET --from-playtests``).

>>> model = shipped_time_model()
>>> model.predict([("cover", 1), ("cant_fit", 2)]) > model.predict([("cover", 1)])
True
"""

from __future__ import annotations

import functools
import json
import math
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

from ..kinds import Kind

SHIPPED = Path(__file__).resolve().parent.parent.parent / "resources" / "solve_time.json"

#: The kinds a solve's layers can be, in the model's order (the classification's keys).
KINDS = tuple(k.key for k in Kind)
#: The model's coefficients, in the order of :func:`features`.
NAMES = ("base", *(f"per_layer.{k}" for k in KINDS), "narrow")
#: Fewer playtested levels than this fit nothing a designer should trust.
MIN_LEVELS = 5


#: A solve's layers as (kind key, width) pairs: what the model reads.
Layers = Sequence[tuple[str, int]]


def layers_of(steps: Sequence[Any]) -> list[tuple[str, int]]:
    """(kind key, width) of each layer, from the solver's layers or steps, their JSON, or pairs.

    >>> layers_of([{"kind": "cover", "width": 2}, ("cant_fit", 1)])
    [('cover', 2), ('cant_fit', 1)]
    """
    out = []
    for s in steps:
        if isinstance(s, Mapping):
            kind, width = s["kind"], s["width"]
        elif isinstance(s, (tuple, list)):
            kind, width = s
        else:
            kind, width = s.kind, s.width
        out.append((kind.key if isinstance(kind, Kind) else Kind.from_key(str(kind)).key, int(width)))
    return out


def features(layers: Layers) -> list[float]:
    """The model's inputs for one level: 1, the layers of each kind, and the sum of 1 / width."""
    counts = dict.fromkeys(KINDS, 0.0)
    narrow = 0.0
    for kind, width in layers:
        counts[kind] += 1.0
        narrow += 1.0 / max(int(width), 1)
    return [1.0, *counts.values(), narrow]


@dataclass(frozen=True)
class TimeModel:
    """Coefficients (``NAMES`` order) and where they came from; ``fit`` says how well they fitted, if fitted."""

    coefficients: tuple[float, ...]
    source: str = "shipped"
    fit: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)

    def predict(self, steps: Sequence[Any]) -> float:
        """Predicted seconds to solve a level whose solve has these layers (anything :func:`layers_of` reads)."""
        return float(sum(c * x for c, x in zip(self.coefficients, features(layers_of(steps)))))

    def time_for(self, steps: Sequence[Any], solved: bool) -> float | None:
        """``predict``, for a level deduction solves in at least one step; None otherwise.

        An unsolved level has no solve to time, and one solved in no step (an
        empty board) has nothing to solve: the model's constant term is no
        prediction for it.

        >>> shipped_time_model().time_for([], True) is None
        True
        """
        return self.predict(steps) if solved and len(steps) else None

    def to_json(self) -> dict[str, Any]:
        return {"format": 1, "source": self.source, "coefficients": dict(zip(NAMES, self.coefficients)),
                "fit": dict(self.fit)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TimeModel:
        """A model from its JSON; ValueError (one line) for anything that is not one."""
        coefs = data.get("coefficients") if isinstance(data, Mapping) else None
        if not isinstance(coefs, Mapping):
            raise ValueError('a time model needs "coefficients"')
        values = []
        for name in NAMES:
            v = coefs.get(name, 0.0)
            if not isinstance(v, (int, float)) or isinstance(v, bool) or not math.isfinite(v) or v < 0:
                raise ValueError(f"time model coefficient {name} must be a number of at least 0")
            values.append(float(v))
        fit = data.get("fit") or {}
        return cls(tuple(values), str(data.get("source", "")), fit if isinstance(fit, Mapping) else {})


def clock(seconds: float) -> str:
    """Seconds as m:ss, the way times are shown everywhere.

    >>> clock(125.4)
    '2:05'
    """
    s = int(round(seconds))
    return f"{s // 60}:{s % 60:02d}"


@functools.lru_cache(maxsize=1)
def shipped_time_model() -> TimeModel:
    """The model the editor predicts with until a set adopts its own."""
    return TimeModel.from_json(json.loads(SHIPPED.read_text(encoding="utf-8")))


def model_of(extra: Mapping[str, Any] | None) -> TimeModel:
    """A set's adopted model (its ``extra["time_model"]``), else the shipped one."""
    data = (extra or {}).get("time_model")
    if isinstance(data, Mapping):
        try:
            return TimeModel.from_json(data)
        except ValueError:
            pass
    return shipped_time_model()


# -- fitting -------------------------------------------------------------------


def _nnls(a: np.ndarray, b: np.ndarray, iterations: int = 200) -> np.ndarray:
    """Least squares with every coefficient at least 0 (Lawson and Hanson's active set)."""
    n = a.shape[1]
    x = np.zeros(n)
    passive = np.zeros(n, bool)
    for _ in range(iterations):
        w = a.T @ (b - a @ x)
        if passive.all() or w[~passive].max(initial=0.0) <= 1e-10:
            break
        passive[np.argmax(np.where(passive, -np.inf, w))] = True
        while True:
            z = np.zeros(n)
            z[passive] = np.linalg.lstsq(a[:, passive], b, rcond=None)[0]
            if (z[passive] > 0).all():
                x = z
                break
            neg = passive & (z <= 0)
            alpha = np.min(x[neg] / (x[neg] - z[neg]))
            x = x + alpha * (z - x)
            passive &= x > 1e-12
    return x


@dataclass(frozen=True)
class Sample:
    """One playtested level: its solve's layers ((kind, width) pairs) and the solving times testers took."""

    layers: tuple[tuple[str, int], ...]
    seconds: tuple[float, ...]

    @property
    def median(self) -> float:
        return float(np.median(self.seconds))


def from_players(playtest: Mapping[str, Any]) -> bool:
    """Whether a playtest record came from a tester's playtest page (play mode's records, the designer's own, do not)."""
    return playtest.get("source") == "page"


def sample_of(steps: Sequence[Any], playtests: Sequence[Mapping[str, Any]],
              include_own: bool = False) -> Sample | None:
    """A level's solved playtest times (the players', and the designer's own only if asked); None without any."""
    times = tuple(float(p["seconds"]) for p in playtests
                  if p.get("solved") and isinstance(p.get("seconds"), (int, float)) and p["seconds"] > 0
                  and (include_own or from_players(p)))
    return Sample(tuple(layers_of(steps)), times) if times else None


def _fit(samples: Sequence[Sample], ridge: float = 1e-3) -> np.ndarray:
    """Coefficients minimising the relative error against each level's median time (a little ridge keeps
    coefficients of kinds the samples never use at 0)."""
    a = np.array([features(s.layers) for s in samples])
    t = np.array([s.median for s in samples])
    rows = a / t[:, None]  # relative error: a 10 s level weighs as much as a 10 min one
    ones = np.ones(len(samples))
    rows = np.vstack([rows, math.sqrt(ridge) * np.eye(a.shape[1])])
    target = np.concatenate([ones, np.zeros(a.shape[1])])
    return _nnls(rows, target)


def relative_error(model: TimeModel, samples: Sequence[Sample]) -> float:
    """Median of |predicted - measured| / measured over the samples' median times."""
    return float(np.median([abs(model.predict(s.layers) - s.median) / s.median for s in samples]))


def fit_time_model(samples: Sequence[Sample], seed: int = 0, folds: int = 5) -> TimeModel:
    """Fit the model to playtested levels; its ``fit`` holds the held-out error and how much was used.

    The held-out error is k-fold cross-validation over levels: each level's time
    predicted by a model fitted without it. Fewer than :data:`MIN_LEVELS`
    levels: ValueError saying so.
    """
    samples = [s for s in samples if s.seconds and s.median > 0]
    if len(samples) < MIN_LEVELS:
        raise ValueError(f"not enough playtests to fit the time model: {len(samples)} level(s) with solved "
                         f"playtests, at least {MIN_LEVELS} needed")
    order = list(range(len(samples)))
    random.Random(seed).shuffle(order)
    k = min(folds, len(samples))
    errors = []
    for f in range(k):
        held = [samples[i] for i in order[f::k]]
        kept = [samples[i] for i in order if i not in order[f::k]]
        part = TimeModel(tuple(_fit(kept)))
        errors += [abs(part.predict(s.layers) - s.median) / s.median for s in held]
    coefficients = tuple(float(c) for c in _fit(samples))
    fit = {"levels": len(samples), "playtests": sum(len(s.seconds) for s in samples),
           "held_out_error": float(np.median(errors)), "folds": k}
    return TimeModel(coefficients, "fitted from playtests", fit)
