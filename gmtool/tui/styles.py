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
    """The text of a `.tcss` file beside a module (`tab_css(__file__, "battle.tcss")`), for
    a class's DEFAULT_CSS: each tab keeps its styles in its own package, read when the tab
    is first imported, not at start-up."""
    from pathlib import Path

    return (Path(anchor).parent / name).read_text(encoding="utf-8")
