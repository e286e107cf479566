"""Colours shared by the tabs, so a result reads the same wherever it is shown."""

from __future__ import annotations

from rich.text import Text

DEGREE_STYLE = {
    "amazing": "bold green",
    "good": "green",
    "ordinary": "cyan",
    "failure": "yellow",
    "critical_failure": "bold red",
}
"""The style of each degree of success of a check."""
STATE_STYLE = {"ok": "green", "knocked_out": "yellow", "dying": "bold red", "dead": "bold red"}


def state_text(state: str, words: str | None = None) -> Text:
    """A character's state ("knocked out"), or `words` about it, in the state's colour."""
    return Text(words or state.replace("_", " "), style=STATE_STYLE.get(state, ""))


def tab_css(anchor: str, name: str) -> str:
    """A `.tcss` file beside a module, for a class's DEFAULT_CSS: each tab's styles live in
    its package and are read when the tab is first imported, not at start-up."""
    from pathlib import Path

    return (Path(anchor).parent / name).read_text(encoding="utf-8")
