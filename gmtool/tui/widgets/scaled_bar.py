"""Damage bars drawn to an eighth of a cell, so a short bar still tells 2 boxes of 80 from
30 (whole cells would draw 2 of 80 on three cells as a third). Any damage shows, and only a
full track fills the bar.
"""

from __future__ import annotations

EIGHTHS = " ▏▎▍▌▋▊▉"
FULL = "█"
EMPTY = "░"


def scaled_bar(marked: int, points: int, width: int) -> tuple[str, str]:
    """(filled, empty) of a bar `width` cells long for `marked` of `points` boxes: 2 of 80
    on 20 cells is half a cell."""
    if points <= 0 or width <= 0:
        return "", ""
    total = width * 8
    eighths = (marked * total * 2 + points) // (points * 2)  # rounded to the nearest
    if marked > 0:
        eighths = max(eighths, 1)
    if marked < points:
        eighths = min(eighths, total - 1)
    eighths = max(0, min(total, eighths))
    full, part = divmod(eighths, 8)
    filled = FULL * full + (EIGHTHS[part] if part else "")
    return filled, EMPTY * (width - len(filled))
