"""The Injuries tab's healing keys, driven like a GM on the demo campaign: t (the doctor's
treatment roll), r (rest days for one character or the whole party) and undo."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, Select, Static

from gmtool.actions.injuries import DamageRequest, deal_damage
from gmtool.store import injuries
from gmtool.store.party import load_party_state
from gmtool.tui.app import GmApp
from gmtool.tui.tabs.injuries.medical_dialog import WHOLE_PARTY, MedicalTreatmentDialog, RestDialog
from tests.tui.conftest import footer_keys
from tests.tui.drawn import done
from tests.tui.test_injuries_tab import LARGE, SMALL, saved, show_injuries, status_text


def hurt_ines(app: GmApp) -> None:
    """Captain Calloway (the first character) takes 6 wound (and 3 stun with it)."""
    deal_damage(app.campaign, DamageRequest("ines-calloway", "6", "wound", "console blast"))


async def open_treatment(app: GmApp, pilot: Pilot[Any]) -> MedicalTreatmentDialog:
    await show_injuries(app, pilot)
    await pilot.press("t")
    await done(pilot)
    dialog = app.screen
    assert isinstance(dialog, MedicalTreatmentDialog)
    return dialog


async def test_t_rolls_the_doctors_check_and_saves_what_it_did(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    hurt_ines(app)
    async with app.run_test(size=LARGE) as pilot:
        dialog = await open_treatment(app, pilot)
        assert {"ctrl+s", "escape"} <= footer_keys(app)  # Enter, ctrl+s or ctrl+r rolls
        # the patient is the highlighted character; the best medic is offered as the doctor
        assert dialog.query_one("#dialog-character", Select).value == "ines-calloway"
        assert dialog.query_one("#treat-doctor", Select).value == "priya-salo"
        skill = str(dialog.query_one("#treat-skill", Static).render())
        assert "Doctor Priya Salo rolls Medical Science—treatment 17 at +0" in skill
        await pilot.press("ctrl+r")
        await done(pilot)
        assert not isinstance(app.screen, MedicalTreatmentDialog)
        pane = app.ensure_tab_built("injuries")
        assert {"t", "r"} <= footer_keys(app)
        said = status_text(pane)  # type: ignore[arg-type]
        assert said.startswith("Treatment saved: Captain Ines Calloway, ")
    with saved(app.campaign.folder) as c:
        [treated, _damage] = injuries.history(c)
        [roll] = [r for r in c.roll_log() if r["id"] in treated["rolls"]]
    assert treated["kind"] == "treatment" and treated["cause"] == "treatment by Doctor Priya Salo"
    assert roll["for"] == "treatment of Captain Ines Calloway by Doctor Priya Salo"
    assert treated["detail"]["degree"] == roll["degree"]
    assert treated["summary"].startswith(roll["degree"].replace("_", " ").title())


async def test_a_doctor_without_the_skill_is_refused_in_the_dialog(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    hurt_ines(app)
    async with app.run_test(size=LARGE) as pilot:
        dialog = await open_treatment(app, pilot)
        dialog.query_one("#treat-doctor", Select).value = "dorran-vek"
        await done(pilot)
        skill = str(dialog.query_one("#treat-skill", Static).render())
        assert "Lieutenant Dorran Vek has neither Medical Science—treatment" in skill
        await pilot.press("ctrl+r")
        await done(pilot)
        assert isinstance(app.screen, MedicalTreatmentDialog)
        message = app.screen.query_one(".dialog-message", Static)
        assert message.has_class("error") and "Not saved" in str(message.render())
        dialog.query_one("#treat-doctor", Select).value = "priya-salo"
        dialog.query_one("#treat-step", Input).value = "two"
        await pilot.press("ctrl+r")
        await done(pilot)
        assert "Step: a whole number" in str(message.render())
        await pilot.press("escape")
        await pilot.pause()
    with saved(app.campaign.folder) as c:
        assert [e["kind"] for e in injuries.history(c)] == ["damage"]
        assert list(c.roll_log()) == []


async def test_r_rests_the_whole_party_and_ctrl_z_takes_it_all_back(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    hurt_ines(app)
    deal_damage(app.campaign, DamageRequest("jory-fenn", "4", "stun", "a brawl"))
    async with app.run_test(size=SMALL) as pilot:
        pane = await show_injuries(app, pilot)
        await pilot.press("r")
        await done(pilot)
        dialog = app.screen
        assert isinstance(dialog, RestDialog)
        dialog.query_one("#rest-who", Select).value = WHOLE_PARTY
        await pilot.press("backspace", "7", "ctrl+s")
        await done(pilot)
        assert not isinstance(app.screen, RestDialog)
        party = load_party_state(app.campaign)
        assert status_text(pane).startswith(f"Rest saved: {len(party.characters)} rested")
        assert party.character("ines-calloway").damage == {"stun": 0, "wound": 4, "mortal": 0}
        assert party.character("jory-fenn").damage["stun"] == 0
        await pilot.press("ctrl+z")
        await done(pilot)
        assert status_text(pane).startswith(f"Undone: {len(party.characters)} entries of one rest")
    with saved(app.campaign.folder) as c:
        party = load_party_state(c)
        assert party.character("ines-calloway").damage == {"stun": 3, "wound": 6, "mortal": 0}
        assert party.character("jory-fenn").damage["stun"] == 4


async def test_r_refuses_bad_days_and_saves_nothing(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    hurt_ines(app)
    async with app.run_test(size=SMALL) as pilot:
        await show_injuries(app, pilot)
        await pilot.press("r")
        await done(pilot)
        assert app.screen.query_one("#rest-who", Select).value == "ines-calloway"
        await pilot.press("backspace", *"0", "ctrl+s")
        await done(pilot)
        assert isinstance(app.screen, RestDialog)
        said = str(app.screen.query_one(".dialog-message").render())
        assert said == "Not saved: Days: at least 1 (this is 0)."
    with saved(app.campaign.folder) as c:
        assert [e["kind"] for e in injuries.history(c)] == ["damage"]


# -- snapshots ------------------------------------------------------------------------------


async def _treatment_open(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, GmApp)
    hurt_ines(app)
    await open_treatment(app, pilot)
    await pilot.wait_for_scheduled_animations()
    await done(pilot)


def test_snapshot_treatment_dialog_small(
    snap_compare: Any, app_factory: Callable[..., GmApp]
) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=SMALL, run_before=_treatment_open)


def test_snapshot_treatment_dialog_large(
    snap_compare: Any, app_factory: Callable[..., GmApp]
) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=LARGE, run_before=_treatment_open)


async def test_enter_saves_a_rest_and_a_refusal_goes_with_the_choice(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    hurt_ines(app)
    deal_damage(app.campaign, DamageRequest("jory-fenn", "12", "mortal", "a blast"))
    async with app.run_test(size=SMALL) as pilot:
        await show_injuries(app, pilot)
        await pilot.press("r")
        await done(pilot)
        dialog = app.screen
        assert isinstance(dialog, RestDialog)
        message = dialog.query_one(".dialog-message", Static)
        dialog.query_one("#rest-who", Select).value = "jory-fenn"
        await done(pilot)
        assert "Jory Fenn is dead" in str(message.render())
        dialog.query_one("#rest-who", Select).value = "ines-calloway"
        await done(pilot)
        assert "Jory" not in str(message.render())  # said of Jory, gone with the choice
        await pilot.press("backspace", "2", "enter")  # Enter in the days field saves
        await done(pilot)
        assert not isinstance(app.screen, RestDialog)
    with saved(app.campaign.folder) as c:
        assert [e["kind"] for e in injuries.history(c)].count("rest") == 1
