"""The session journal's whole walk, pressed like a GM on the demo at 80x24: F2 starts a
session, a battle is set up and played to its end, a wound is treated in the Injuries tab, a
roll is marked, ctrl+j adds a note, F2 ends the session; the Journal tab then shows the
battle, the treatment, the marked roll and the note, and F2 again shows "Previously"."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import DataTable, Input

from gmtool.actions import journal
from gmtool.actions.injuries import DamageRequest, deal_damage
from gmtool.store.battles import list_battles, load_battle
from gmtool.tui.app import GmApp
from gmtool.tui.tabs.battle.setup_dialog import BattleSetupScreen
from gmtool.tui.tabs.injuries.medical_dialog import MedicalTreatmentDialog as TreatDialog
from gmtool.tui.tabs.journal.dialogs import NoteDialog, RecapDialog
from gmtool.tui.tabs.journal.pane import JournalPane
from tests.tui.drawn import done
from tests.tui.test_battle_tab import SMALL, open_battle_tab, settle

PATIENT_ROW = 3  # Halvard Rusk in the demo party's roster


def rows(app: GmApp) -> list[tuple[str, str]]:
    """The Journal timeline's rows: (kind, what it says)."""
    table = app.query_one("#journal-timeline", DataTable)
    return [
        (str(table.get_row_at(n)[1]), str(table.get_row_at(n)[2])) for n in range(table.row_count)
    ]


async def test_a_session_from_f2_to_f2_lands_whole_in_the_journal(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("f2")  # a session: its title asked, Enter starts it
        await settle(pilot, lambda: isinstance(app.screen.focused, Input))
        await pilot.press("enter")
        await settle(pilot, lambda: app.campaign.current_session is not None)

        pane = await open_battle_tab(app, pilot)
        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, BattleSetupScreen))
        await pilot.press("tab", "tab", "space", "down", "down", "enter")  # gmtool plays both
        await pilot.press("tab", "tab", "tab", "down", "space")  # side A: the Meridian
        await pilot.press("tab", "tab", "tab", "tab", "space")  # side B: the Gorgon
        await pilot.press("ctrl+s")
        await settle(pilot, lambda: pane.battle is not None)
        (record,) = list_battles(app.campaign)
        await pilot.press("space")  # gmtool plays both sides on to the end
        await settle(pilot, lambda: load_battle(app.campaign, record.id).finished)

        deal_damage(app.campaign, DamageRequest("halvard-rusk", "4", "wound", "a console"))
        await pilot.press("5")
        await done(pilot)  # the Injuries tab built and read: the damage dealt just now shown
        roster = app.query_one("#injury-characters", DataTable)
        roster.focus()
        roster.move_cursor(row=PATIENT_ROW)
        await pilot.press("t")
        await settle(pilot, lambda: isinstance(app.screen, TreatDialog))
        await pilot.press("ctrl+r")
        await settle(pilot, lambda: not isinstance(app.screen, TreatDialog))

        await pilot.press("1")  # the Dice & Log tab: the newest roll, the treatment's, marked
        await settle(pilot, lambda: app.query_one("#roll-log", DataTable).has_focus)
        await pilot.press("m")
        await done(pilot)

        await pilot.press("ctrl+j")
        await settle(pilot, lambda: isinstance(app.screen, NoteDialog))
        app.screen.query_one(Input).value = "GM ONLY: the Gorgon's captain got away"
        await pilot.press("enter")
        await settle(pilot, lambda: not isinstance(app.screen, NoteDialog))
        await pilot.press("f2")  # the session ends
        await settle(pilot, lambda: app.campaign.current_session is None)

        await pilot.press("7")
        await settle(pilot, lambda: app.query_one(JournalPane).session_id == 1)
        shown = rows(app)
        kinds = {kind for kind, _ in shown}
        assert {"Battle", "Healed", "Roll", "Note"} <= kinds, shown
        assert any(k == "Battle" and text.startswith(f"{record.name}: ended") for k, text in shown)
        assert any(k == "Healed" and "Halvard Rusk treated" in text for k, text in shown)
        assert any(k == "Roll" and text.endswith("[marked]") for k, text in shown)
        assert ("Note", "GM ONLY: the Gorgon's captain got away") in shown

        players = journal.recap(app.campaign, 1, players=True)
        assert "GM ONLY" not in players and "## Rolls to remember" in players
        assert "Raider Gorgon (Enemy): " in players and "/20 stun" not in players

        await pilot.press("f2")  # the next session opens on "Previously"
        await settle(pilot, lambda: isinstance(app.screen.focused, Input))
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, RecapDialog))
        assert isinstance(app.screen, RecapDialog)
        assert app.screen.text.startswith("# Session 1 (session 1)")
        assert f"{record.name}: ended" in app.screen.text
