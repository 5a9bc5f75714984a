"""Reading a screenshot back: colours at board cells and ink inside a widget's area."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRect
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QWidget


def screenshot(root: QWidget) -> QImage:
    """The widget as the user sees it, one image pixel per widget pixel."""
    image = root.grab().toImage()
    ratio = image.devicePixelRatio()
    if ratio != 1:
        image = image.scaled(int(image.width() / ratio), int(image.height() / ratio))
    return image


def colour_at(image: QImage, root: QWidget, widget: QWidget, point: QPointF) -> QColor:
    """The screenshot's colour at ``point`` of ``widget`` (a child of ``root``)."""
    p = widget.mapTo(root, point.toPoint())
    return image.pixelColor(p)


def close(a: QColor, b: QColor, tolerance: int = 24) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3]))


def ink(image: QImage, root: QWidget, widget: QWidget, colour: QColor, area: QRect | None = None) -> int:
    """How many pixels of ``colour`` the screenshot has inside ``widget`` (or ``area`` of it)."""
    rect = area or widget.rect()
    top_left = widget.mapTo(root, rect.topLeft())
    count = 0
    for y in range(top_left.y(), top_left.y() + rect.height()):
        for x in range(top_left.x(), top_left.x() + rect.width()):
            if 0 <= x < image.width() and 0 <= y < image.height() and close(image.pixelColor(QPoint(x, y)), colour):
                count += 1
    return count


def marks(image: QImage, root: QWidget, widget: QWidget, area: QRect | None = None) -> int:
    """How many pixels inside ``widget`` (or ``area`` of it) differ from that area's most common colour."""
    rect = area or widget.rect()
    top_left = widget.mapTo(root, rect.topLeft())
    colours: dict[int, int] = {}
    pixels = []
    for y in range(top_left.y(), top_left.y() + rect.height()):
        for x in range(top_left.x(), top_left.x() + rect.width()):
            if 0 <= x < image.width() and 0 <= y < image.height():
                rgb = image.pixel(x, y)
                pixels.append(rgb)
                colours[rgb] = colours.get(rgb, 0) + 1
    if not pixels:
        return 0
    background = QColor.fromRgb(max(colours, key=colours.__getitem__))
    return sum(1 for rgb in pixels if not close(QColor.fromRgb(rgb), background, 60))
