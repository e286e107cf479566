"""Colours shared by the tabs, so a result reads the same wherever it is shown."""

from __future__ import annotations

DEGREE_STYLE = {
    "amazing": "bold green",
    "good": "green",
    "ordinary": "cyan",
    "failure": "yellow",
    "critical_failure": "bold red",
}
"""The style of each degree of success of a check."""
