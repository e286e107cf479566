"""A GM who presses every key on every tab cannot kill the app, whatever the campaign: an
empty one, one whose every kind of file is damaged, and a huge one (a ship of the largest
crew gmtool names, thousands of rolls, hundreds of injury entries). After each campaign the
app is still running and wrote no crash report."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gmtool.rules import limits
from gmtool.rules.dice import roll
from gmtool.rules.ships import ship_spec_from_dict
from gmtool.store import open_campaign
from gmtool.store.injuries import Context, record_damage, record_treatment
from gmtool.store.ships import add_ship
from gmtool.tui.app import GmApp
from gmtool.tui.tabs import TAB_CLASSES
from tests.conftest import TEST_SEED, fixed_clock
from tests.tui.drawn import done

SIZE = (80, 24)
# Keys that leave the app or open the system's own screens are not pressed, nor the Torga IV
# tab's simulation (a worker playing many games: slow by design, not by data).
NOT_PRESSED = {"ctrl+q", "ctrl+c", "f1", "question_mark", "ctrl+p"}
NOT_PRESSED_ON = {"torga": {"s"}}


def tab_keys(tab: Any) -> list[str]:
    """Every key the tab binds, once each (escape is pressed after each anyway)."""
    keys: list[str] = []
    for binding in tab.load().BINDINGS:
        key = binding.key if hasattr(binding, "key") else binding[0]
        for one in (k.strip() for k in key.split(",")):
            skipped = NOT_PRESSED | NOT_PRESSED_ON.get(tab.TAB_ID, set())
            if one not in skipped and one != "escape" and one not in keys:
                keys.append(one)
    return keys


def damage_everything(folder: Path) -> None:
    """One record of the wrong type in every kind of file the tabs read. (A damaged newest
    roll chunk refuses the whole campaign at open: the CLI tests show that.)"""

    def edit(file: str, change: Callable[[dict[str, Any]], None]) -> None:
        path = folder / file
        data = json.loads(path.read_text())
        change(data)
        path.write_text(json.dumps(data))

    edit("log/rolls-00000.json", lambda d: d["rolls"]["1"].update(total="seven"))  # sealed
    edit("log/injuries-00000.json", lambda d: d["entries"]["1"].update(before=[1]))
    edit("trackers/ships.json", lambda d: d["tracker"]["1"]["state"].update(ships={}))
    edit("trackers/party.json", lambda d: d["tracker"]["1"]["state"].update(characters=5))
    (folder / "rosters" / "kestrel.json").write_text("{ cut off")


def play_a_little(folder: Path, rolls: int = 1, injuries: int = 1) -> None:
    with open_campaign(folder, seed=TEST_SEED, clock=fixed_clock) as c:
        rng = c.rng()
        c.record([c.dice_entry(roll("3d6", rng), "cargo") for _ in range(rolls)])
        for _ in range(injuries // 2 + 1):
            record_damage(c, "ines-calloway", 1, "stun", Context(cause="a fall"))
            record_treatment(c, "ines-calloway", "stun", 1, "rest")


def make_huge(folder: Path) -> None:
    play_a_little(folder, rolls=1500, injuries=60)
    crowd = ship_spec_from_dict(
        {
            "name": "CSS Crowd",
            "class": "super-heavy",
            "hull_points": 2000,
            "passengers": 9000,
            "marines": 5000,
        }
    )
    with open_campaign(folder, seed=TEST_SEED, clock=fixed_clock) as c:
        add_ship(c, crowd)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("kind", ["empty", "damaged", "huge"])
async def test_every_key_on_every_tab_leaves_the_app_alive(
    app_factory: Callable[..., GmApp], tmp_path: Path, kind: str
) -> None:
    if kind == "empty":
        app = app_factory()
    else:
        folder = tmp_path / f"{kind}.campaign"
        app_factory(folder, demo=True).campaign.close()
        if kind == "damaged":
            play_a_little(folder, rolls=520)  # the first roll chunk sealed
            damage_everything(folder)
        else:
            make_huge(folder)
        app = app_factory(folder)
    folder = app.campaign.folder
    async with app.run_test(size=SIZE) as pilot:
        main = app.screen
        for tab in TAB_CLASSES:
            app.show_tab(tab.TAB_ID)
            await done(pilot)
            for key in tab_keys(tab):
                await pilot.press(key)
                await done(pilot)  # a dialog the key opens is open now, not a moment later
                if app.screen is not main:  # a dialog opened: close it
                    await pilot.press("escape")
            await pilot.press("tab", "down", "enter", "escape")
            await pilot.pause()
            assert app.is_running, f"the app stopped on the {tab.TITLE} tab"
        if kind == "huge":
            crew = app.ensure_tab_built("crew").crew
            assert crew is None or len(crew.roster.members) <= limits.MAX_TOTAL_CREW
    assert app.crash_report is None and app.return_code in (None, 0)
    assert list(folder.glob("crash-*.txt")) == []
