"""The Injuries tab's hazard dialog names the hit's damage type (RULES.md section 5): the
weapon that hit gives it when the GM names one, and a character's armor protects by type."""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace
from textual.widgets import Input, Select

from gmtool.actions.party import edit_character
from gmtool.rules.armor import Armor
from gmtool.store import injuries
from gmtool.store.party import load_party_state
from gmtool.tui.app import GmApp
from gmtool.tui.tabs.injuries.hazard_dialog import HazardDialog
from tests.tui.drawn import done
from tests.tui.test_injuries_tab import LARGE, show_injuries

WEARER = "bram-adeyemi"  # vulnerable with the boarding party: the seed hurts him


def armored(app: GmApp) -> None:
    """The wearer's vest stops energy only."""
    character = load_party_state(app.campaign).character(WEARER)
    vest = Armor("energy vest", {"energy": "d4+1"}, "ordinary")
    edit_character(app.campaign, replace(character, armor=vest))


async def roll_critical(app: GmApp, pilot: object, weapon: str | None) -> HazardDialog:
    """h, a critical hit on the Meridian by `weapon` (its label) or none named, ctrl+r."""
    await pilot.press("h")  # type: ignore[attr-defined]
    await done(pilot)  # type: ignore[attr-defined]
    dialog = app.screen
    assert isinstance(dialog, HazardDialog)
    assert dialog.query_one("#hazard-type", Select).value == "high_impact"  # none named yet
    dialog.query_one("#hazard-track", Select).value = "critical"
    if weapon is not None:
        choice = next(v for label, v in dialog.weapon_choices() if label == weapon)
        dialog.query_one("#hazard-weapon", Select).value = choice
    await pilot.pause()  # type: ignore[attr-defined]
    await pilot.press("ctrl+r")  # type: ignore[attr-defined]
    await done(pilot)  # type: ignore[attr-defined]
    return dialog


async def test_the_weapon_named_gives_the_type_and_armor_stops_it(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    armored(app)
    async with app.run_test(size=LARGE) as pilot:
        await show_injuries(app, pilot)
        dialog = await roll_critical(app, pilot, "Raider Gorgon: pulse laser")
        assert dialog.query_one("#hazard-type", Select).value == "energy"  # a beam burns
        assert dialog.query_one("#hazard-cause", Input).value == "Raider Gorgon's pulse laser"
    entries = injuries.history(app.campaign)
    assert entries and {e["detail"]["damage_type"] for e in entries} == {"energy"}
    worn = next(e for e in entries if e["character"] == WEARER)["detail"]
    assert worn["injury"], "the campaign's seed hurts the wearer on a critical hit"
    assert worn["armor"]["damage_type"] == "energy" and worn["armor"]["protection"] == "d4+1"
    assert worn["armor"]["stopped"] >= 1  # d4+1 stops at least 1 of the injury


async def test_armor_without_protection_against_the_type_stops_nothing(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    armored(app)
    async with app.run_test(size=LARGE) as pilot:
        await show_injuries(app, pilot)
        await roll_critical(app, pilot, None)  # no weapon named: high impact
    entries = injuries.history(app.campaign)
    assert {e["detail"]["damage_type"] for e in entries} == {"high_impact"}
    worn = next(e for e in entries if e["character"] == WEARER)["detail"]
    assert worn["injury"] and worn["armor"]["protection"] is None
    assert worn["armor"]["stopped"] == 0
