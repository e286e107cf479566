"""The Battle tab's damage form names the hit's damage type (what armor stops) and, under the
optional rule "characters on station", the place struck (RULES.md section 5)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Select

from gmtool.store import injuries
from gmtool.store.battles import load_battle
from gmtool.tui.app import GmApp
from gmtool.tui.tabs.battle.attack_dialog import AttackScreen
from gmtool.tui.tabs.battle.damage_dialog import DamageScreen
from tests.rules.test_hit_stations import ABOARD, rule_on
from tests.tui.drawn import done
from tests.tui.test_battle_report_tab import _fought
from tests.tui.test_battle_tab import (
    BATTLE,
    LARGE,
    SMALL,
    battle_keys,
    move_to,
    open_battle_tab,
    plasma_gun_battle,
    settle,
    wait,
)

__all__ = ["rule_on"]  # the fixture, used by name


def hazard_rolls(app: GmApp, before: int) -> tuple[set[str], set[str], str]:
    """Who rolled a hazard since the history had `before` entries, the damage types of
    their injuries, and the battle's last step's text."""
    entries = injuries.history(app.campaign)
    new = entries[: len(entries) - before]
    text = load_battle(app.campaign, BATTLE).events[-1].text
    return {e["character"] for e in new}, {e["detail"]["damage_type"] for e in new}, text


# Keys from the points field: tab to the track, the Why field, the type, the place struck.
TO_TYPE = ("tab", "tab", "tab")
# From the points field: the ship list's first ship, the Meridian, and back to the points.
TO_MERIDIAN = ("shift+tab", "space", "home", "enter", "tab")


async def test_the_gm_names_the_type_and_the_place_struck(
    app_factory: Callable[..., GmApp], rule_on: Path
) -> None:
    app = _fought(app_factory)
    before = len(injuries.history(app.campaign))
    async with app.run_test(size=SMALL) as pilot:
        await open_battle_tab(app, pilot)
        await pilot.press("d")
        await settle(pilot, lambda: isinstance(app.screen, DamageScreen))
        await pilot.press(
            *TO_MERIDIAN, "6", *TO_TYPE, "space", "down", "enter"
        )  # high impact -> energy
        await pilot.press("tab", "space", *["down"] * 8, "enter")  # roll it -> Engineering
        await done(pilot)
        assert app.screen.query_one("#damage-type", Select).value == "energy"
        assert app.screen.query_one("#damage-place", Select).value == "engineering"
        await pilot.press("ctrl+s")
        await settle(pilot, lambda: not isinstance(app.screen, DamageScreen))
        await wait(pilot)
    rolled, types, text = hazard_rolls(app, before)
    assert rolled == {"halvard-rusk"}  # only the character in engineering
    assert "The hit strikes Engineering" in text
    assert types == {"energy"}


async def test_under_the_rule_the_place_is_rolled_unless_named(
    app_factory: Callable[..., GmApp], rule_on: Path
) -> None:
    app = _fought(app_factory)
    before = len(injuries.history(app.campaign))
    async with app.run_test(size=SMALL) as pilot:
        await open_battle_tab(app, pilot)
        await pilot.press("d")
        await settle(pilot, lambda: isinstance(app.screen, DamageScreen))
        place = app.screen.query_one("#damage-place", Select)
        assert not place.disabled and place.value == "roll"
        await pilot.press(*TO_MERIDIAN, "6", "ctrl+s")
        await settle(pilot, lambda: not isinstance(app.screen, DamageScreen))
        await wait(pilot)
    _, _, text = hazard_rolls(app, before)
    assert "The hit strikes " in text and "(1d20 " in text  # rolled on the table


async def test_with_the_rule_off_everyone_aboard_is_endangered(
    app_factory: Callable[..., GmApp],
) -> None:
    app = _fought(app_factory)
    before = len(injuries.history(app.campaign))
    async with app.run_test(size=SMALL) as pilot:
        await open_battle_tab(app, pilot)
        await pilot.press("d")
        await settle(pilot, lambda: isinstance(app.screen, DamageScreen))
        place = app.screen.query_one("#damage-place", Select)
        assert place.disabled and place.value == "everyone"
        assert app.screen.query_one("#damage-type", Select).value == "high_impact"
        await pilot.press(*TO_MERIDIAN, "6", "ctrl+s")
        await settle(pilot, lambda: not isinstance(app.screen, DamageScreen))
        await wait(pilot)
    rolled, types, text = hazard_rolls(app, before)
    assert rolled == ABOARD and "The hit strikes" not in text
    assert types == {"high_impact"}


async def test_a_hit_typed_in_defaults_to_the_weapons_damage_type(
    app_factory: Callable[..., GmApp],
) -> None:
    """A beam burns: after its hit the form offers energy, not the typed-in default."""
    app = app_factory(demo=True)
    plasma_gun_battle(app.campaign)
    async with app.run_test(size=LARGE) as pilot:
        pane = await open_battle_tab(app, pilot)
        await move_to(pilot, pane, "roll_attack", "plasma gun")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, AttackScreen))
        await pilot.press("enter")  # no damage roll: the GM types it in
        await settle(pilot, lambda: isinstance(app.screen, DamageScreen))
        assert app.screen.query_one("#damage-type", Select).value == "energy"


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x36"])
def test_snapshot_damage_form_characters_on_station(
    snap_compare, app_factory, rule_on: Path, size: tuple[int, int]
) -> None:
    app = _fought(app_factory)
    press = [*battle_keys(app), "d", "5", *TO_TYPE, "space", "down", "enter"]
    press += ["tab", "space", *["down"] * 8, "enter"]
    assert snap_compare(app, terminal_size=size, press=press)
