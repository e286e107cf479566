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


def tab_css(anchor: str, name: str) -> str:
    """A `.tcss` file beside a module, for a class's DEFAULT_CSS: each tab's styles live in
    its package and are read when the tab is first imported, not at start-up."""
    from pathlib import Path

    return (Path(anchor).parent / name).read_text(encoding="utf-8")
