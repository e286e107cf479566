"""Snapshots of the Stations tab's main states and every dialog it opens, at 80x24 and
120x36, on the demo campaign with the test seed."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from gmtool.tui.app import GmApp
from tests.tui.drawn import done

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 36), id="120x36")]


def _open(app: GmApp) -> list[str]:
    return ["escape", str([t.TAB_ID for t in app.tabs].index("stations") + 1)]


# What the GM presses after opening the tab: each a state or a dialog of the tab.
STATES = {
    "board_rolled": ["enter"],  # a roll's result on the status line
    "party_list": ["tab"],
    "new_character_form": ["n"],
    "assign_who": ["down", "down", "down", "a"],  # a crew row: who goes there
    "assign_where": ["tab", "a"],  # a character in the list: where to
    "delete_asks": ["tab", "x"],
    "undo_asks": ["ctrl+z"],  # the demo's last step was not made here
    "import_file": ["tab", "i"],
    "export_file": ["tab", "ctrl+e"],
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("state", list(STATES))
def test_snapshot_stations_states(
    snap_compare,
    app_factory: Callable[..., GmApp],
    state: str,
    size: tuple[int, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir("/")  # the export dialog offers a file in the folder gmtool runs in
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=size, press=[*_open(app), *STATES[state]])


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_skill_type_ahead(
    snap_compare, app_factory: Callable[..., GmApp], size: tuple[int, int]
) -> None:
    app = app_factory(demo=True)

    async def type_skill(pilot: Pilot[None]) -> None:
        await pilot.press(*_open(app), "n")
        await pilot.pause()
        await pilot.click("#skill-choice")
        await pilot.press(*"space c")  # the field suggests "Space combat (Tactics)"
        await done(pilot)

    assert snap_compare(app, terminal_size=size, run_before=type_skill)
