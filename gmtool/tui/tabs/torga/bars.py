"""The bars of the balance charts: Unicode blocks to an eighth of a cell, and a win-rate
track with its 95% interval shaded (the simulation's chart and the sweep's share them)."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from gmtool.tui.widgets.scaled_bar import EIGHTHS, FULL

INTERVAL = "▒"  # the part of a win-rate bar inside the 95% interval
TRACK = "░"
MUTED = Style(color="#808080")


def bar(fraction: float, width: int) -> str:
    """A bar `fraction` of `width` cells long, to an eighth of a cell."""
    fraction = min(max(fraction, 0.0), 1.0)
    eighths = round(fraction * width * 8)
    full, part = divmod(eighths, 8)
    text = FULL * full + (EIGHTHS[part] if part else "")
    return text[:width]


def rate_bar(rate: float, low: float, high: float, width: int) -> Text:
    """A 0-100% track: solid up to the interval's low end, shaded across it, light after."""
    low_cells = round(low * width)
    high_cells = max(round(high * width), low_cells + 1) if high > low else low_cells
    high_cells = min(high_cells, width)
    text = Text()
    text.append(FULL * low_cells)
    text.append(INTERVAL * (high_cells - low_cells))
    text.append(TRACK * (width - high_cells), MUTED)
    return text
