"""The Injuries tab, driven like a GM on the demo campaign: hazards by hand, direct damage,
treatment, undo, filters and the bail-out helper, all found again after a restart."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import DataTable, Select, Static

from gmtool.rules.battle import BattleState
from gmtool.rules.battle.engine import apply_damage_manually
from gmtool.rules.characters import character_from_dict
from gmtool.store import Campaign, injuries, open_campaign
from gmtool.store.bailout import load_bailout
from gmtool.store.battles import create_battle, fleet_setup, load_battle, run_step
from gmtool.store.party import add_character, load_party_state
from gmtool.tui.action_table import key_label
from gmtool.tui.app import GmApp
from gmtool.tui.tabs.injuries.bailout_dialog import BailoutDialog
from gmtool.tui.tabs.injuries.hazard_dialog import HazardDialog
from gmtool.tui.tabs.injuries.injury_text import (
    cause_text,
    dice_text,
    entry_cells,
    entry_detail,
    fit_history_columns,
    marked_text,
    track_bar,
)
from gmtool.tui.tabs.injuries.pane import InjuriesPane
from gmtool.tui.tabs.injuries.treatment_dialog import DamageDialog, TreatmentDialog
from tests.tui.conftest import footer_keys
from tests.tui.drawn import done, footer_fitted
from tests.tui.test_stations_tab import damaged_party_campaign

LARGE = (120, 36)
SMALL = (80, 24)
MERIDIAN_CREW = [
    "ines-calloway",
    "dorran-vek",
    "tamsin-oyelaran",
    "halvard-rusk",
    "priya-salo",
    "bram-adeyemi",
]


@contextmanager
def saved(path: Path) -> Iterator[Campaign]:
    """The campaign as saved on disk, opened read-only beside the running app."""
    c = open_campaign(path, readonly=True)
    try:
        yield c
    finally:
        c.close()


def ambush_at_tarsus(app: GmApp) -> BattleState:
    """The demo's Meridian against the Gorgon and the Vex, set up as the Battle tab would."""
    return create_battle(
        app.campaign,
        "Ambush at Tarsus",
        fleet_setup(app.campaign, "Navy", ["meridian"]),
        fleet_setup(app.campaign, "Raiders", ["gorgon", "vex"]),
        "long",
    )


async def show_injuries(app: GmApp, pilot: Pilot[Any]) -> InjuriesPane:
    app.show_tab("injuries")
    await done(pilot)  # built, read and with the cursor: a pause may return before
    await footer_fitted(pilot)
    pane = app.ensure_tab_built("injuries")
    assert isinstance(pane, InjuriesPane)
    return pane


def status_text(pane: InjuriesPane) -> str:
    return str(pane.query_one("#injury-status", Static).render())


def dialog_message(app: GmApp) -> Static:
    return app.screen.query(".dialog-message").first(Static)


async def hazard_by_hand(app: GmApp, pilot: Pilot[Any], track: str = "critical") -> HazardDialog:
    """h on the first character (Captain Calloway, aboard the Meridian), then ctrl+r."""
    await pilot.press("h")
    await done(pilot)
    dialog = app.screen
    assert isinstance(dialog, HazardDialog)
    dialog.query_one("#hazard-track", Select).value = track
    await pilot.click("#hazard-cause")
    await pilot.press(*"plasma torpedo", "tab", *"Tolliver", "tab", "2")
    await pilot.press("ctrl+r")
    await pilot.pause()
    # the result message changes the dialog's height: let its new layout settle (on a busy
    # machine a snapshot taken at once could catch the Round field mid-resize)
    await pilot.wait_for_scheduled_animations()
    await done(pilot)
    return dialog


async def direct_damage(app: GmApp, pilot: Pilot[Any], amount: str, cause: str = "fall") -> None:
    await pilot.press("d")
    await done(pilot)
    assert isinstance(app.screen, DamageDialog)
    await pilot.press(*amount, "tab", "tab", *cause, "ctrl+s")
    await done(pilot)


# -- hazards by hand ----------------------------------------------------------------------


async def test_hazard_by_hand_is_saved_and_found_after_restart(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    path = app.campaign.folder
    async with app.run_test(size=LARGE) as pilot:
        pane = await show_injuries(app, pilot)
        await pilot.press("h")
        await done(pilot)
        dialog = app.screen
        assert isinstance(dialog, HazardDialog)
        # the ship of the highlighted character, and everyone aboard it, with their postures
        assert dialog.query_one("#hazard-ship", Select).value == "meridian"
        assert dialog.query_one("#hazard-class", Select).value == "medium"
        assert [c for c, chosen in dialog.chosen.items() if chosen] == MERIDIAN_CREW
        assert dialog.postures["priya-salo"] == "vulnerable"
        assert dialog.postures["ines-calloway"] == "secure"
        await pilot.press("escape")
        await done(pilot)
        rolled = await hazard_by_hand(app, pilot)
        assert "Saved" in str(rolled.query_one("#hazard-message", Static).render())
        assert set(rolled.results) == set(MERIDIAN_CREW)
        await pilot.press("escape")
        await done(pilot)
        assert pane.query_one("#injury-history", DataTable).row_count == len(MERIDIAN_CREW)
        assert "Hazards saved: 6 rolls" in status_text(pane)

    with saved(path) as c:
        entries = injuries.history(c)
        party = load_party_state(c)
        logged = {r["id"]: r for r in c.roll_log()}
    assert [e["character"] for e in reversed(entries)] == MERIDIAN_CREW
    assert all(e["kind"] == "hazard" and e["track"] == "critical" for e in entries)
    assert all(e["battle"] == "Tolliver" and e["round"] == 2 for e in entries)
    assert all(e["cause"] == "plasma torpedo" and e["ship_name"] == "CSS Meridian" for e in entries)
    hurt = [e for e in entries if any(e["marked"].values())]
    assert hurt, "the fixed seed should hurt someone on a critical hit"
    for entry in entries:
        assert party.character(entry["character"]).damage == entry["after"]
        assert all(logged[r]["source"] == "injuries" for r in entry["rolls"])
        assert logged[entry["rolls"][0]]["dice"][0][1] == entry["detail"]["hazard_roll"]
    victim = hurt[0]
    sizes = party.character(victim["character"]).tracks

    again = app_factory(path=path)
    async with again.run_test(size=LARGE) as pilot:
        pane = await show_injuries(again, pilot)
        history_table = pane.query_one("#injury-history", DataTable)
        assert history_table.row_count == len(MERIDIAN_CREW)
        characters = pane.query_one("#injury-characters", DataTable)
        row = characters.get_row(victim["character"])
        track = next(t for t in ("mortal", "wound", "stun") if victim["after"][t])
        column = ["stun", "wound", "mortal"].index(track) + 2
        assert f"{victim['after'][track]}/{sizes[track]}" in str(row[column])
        # the newest entry's every die is in the detail line
        detail = str(pane.query_one("#injury-detail", Static).render())
        assert f"hazard d20 {entries[0]['detail']['hazard_roll']}" in detail


async def test_hazard_needs_someone_ticked(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await show_injuries(app, pilot)
        await pilot.press("h")
        await done(pilot)
        dialog = app.screen
        assert isinstance(dialog, HazardDialog)
        dialog.query_one("#hazard-ship", Select).value = "-"  # no ship: nobody is ticked
        await done(pilot)
        assert not any(dialog.chosen.values())
        assert dialog.query_one("#hazard-class", Select).disabled is False
        await pilot.press("ctrl+r")
        await done(pilot)
        message = dialog.query_one("#hazard-message", Static)
        assert message.has_class("error") and "nobody is ticked" in str(message.render())
        # tick Jory Fenn (the last row) by hand, make him secure, and roll for a small ship
        dialog.query_one("#hazard-class", Select).value = "small"
        table = dialog.query_one("#hazard-characters", DataTable)
        table.focus()
        table.move_cursor(row=table.row_count - 1)
        await pilot.press("space", "p", "ctrl+r")
        await done(pilot)
        assert dialog.postures["jory-fenn"] == "secure"
        assert list(dialog.results) == ["jory-fenn"]
        await pilot.press("escape")
        await pilot.pause()
    with saved(app.campaign.folder) as c:
        [entry] = injuries.history(c)
    assert entry["character"] == "jory-fenn" and entry["posture"] == "secure"
    assert entry["ship"] is None and entry["detail"]["ship_class"] == "small"


async def test_bad_round_rolls_nothing(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await show_injuries(app, pilot)
        await pilot.press("h")
        await pilot.pause()
        await pilot.click("#hazard-round")
        await pilot.press(*"two", "ctrl+r")
        await done(pilot)
        message = app.screen.query_one("#hazard-message", Static)
        assert message.has_class("error") and "Round" in str(message.render())
    with saved(app.campaign.folder) as c:
        assert injuries.history(c) == []
        assert list(c.roll_log()) == []


# -- damage, treatment, undo ----------------------------------------------------------------


async def test_direct_damage_then_healing_by_ruling(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    path = app.campaign.folder
    async with app.run_test(size=LARGE) as pilot:
        pane = await show_injuries(app, pilot)
        await direct_damage(app, pilot, "6", "console blast")
        assert "Damage saved" in status_text(pane)
        await pilot.press("g")
        await done(pilot)
        dialog = app.screen
        assert isinstance(dialog, TreatmentDialog)
        assert dialog.query_one("#treat-track", Select).value == "wound"  # the worst one hurt
        await pilot.press("3", "tab", "tab", *"first aid", "ctrl+s")
        await done(pilot)
        assert not isinstance(app.screen, TreatmentDialog)
        assert "Treatment saved" in status_text(pane)
    with saved(path) as c:
        ines = load_party_state(c).character("ines-calloway")
        entries = injuries.history(c)
    # 6 wound deal 3 secondary stun; treatment gives 3 wound back
    assert ines.damage == {"stun": 3, "wound": 3, "mortal": 0}
    assert [e["kind"] for e in entries] == ["treatment", "damage"]
    assert entries[0]["cause"] == "first aid" and entries[0]["detail"]["restored"] == 3


async def test_damage_dice_are_rolled_and_logged(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await show_injuries(app, pilot)
        await direct_damage(app, pilot, "2d4+1w")
    with saved(app.campaign.folder) as c:
        [entry] = injuries.history(c)
        [roll] = list(c.roll_log())
    assert roll["expression"] == "2d4+1w" and roll["source"] == "injuries"
    assert entry["rolls"] == [roll["id"]] and entry["detail"]["amount"] == roll["total"]
    assert dice_text(entry).startswith("2d4+1w [")


async def test_bad_damage_kind_saves_nothing(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await show_injuries(app, pilot)
        await direct_damage(app, pilot, "d6s")  # kind says wound: they must agree
        assert isinstance(app.screen, DamageDialog)
        message = dialog_message(app)
        assert message.has_class("error") and "Kind" in str(message.render())
    with saved(app.campaign.folder) as c:
        assert injuries.history(c) == [] and list(c.roll_log()) == []


async def test_bad_healing_points_change_nothing(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await show_injuries(app, pilot)
        await direct_damage(app, pilot, "4")
        await pilot.press("g")
        await pilot.pause()
        await pilot.press(*"abc", "ctrl+s")
        await done(pilot)
        assert isinstance(app.screen, TreatmentDialog)
        message = dialog_message(app)
        assert message.has_class("error") and "'abc'" in str(message.render())
        await pilot.press("backspace", "backspace", "backspace", *"9", "ctrl+s")
        await done(pilot)
        assert isinstance(app.screen, TreatmentDialog)
        assert "at most 4" in str(dialog_message(app).render())
        await pilot.press("escape")
        await pilot.pause()
    with saved(app.campaign.folder) as c:
        assert [e["kind"] for e in injuries.history(c)] == ["damage"]
        assert load_party_state(c).character("ines-calloway").damage["wound"] == 4


async def test_undo_takes_back_the_last_entry(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        pane = await show_injuries(app, pilot)
        await direct_damage(app, pilot, "4", "first")
        await direct_damage(app, pilot, "2", "second")
        await pilot.press("ctrl+z")
        await done(pilot)
        assert "Undone: #2 damage" in status_text(pane)
        history_table = pane.query_one("#injury-history", DataTable)
        assert "undone" in str(history_table.get_row("2")[7])
        with saved(app.campaign.folder) as c:
            assert load_party_state(c).character("ines-calloway").damage["wound"] == 4
        await pilot.press("ctrl+z")
        await done(pilot)
        assert "Undone: #1 damage" in status_text(pane)
        assert "ctrl+z" not in footer_keys(app)  # nothing left: not offered, and says so
        await pilot.press("ctrl+z")
        await done(pilot)
        assert status_text(pane) == "Nothing to undo on this tab."
    with saved(app.campaign.folder) as c:
        entries = injuries.history(c)
        assert load_party_state(c).character("ines-calloway").damage == {
            "stun": 0,
            "wound": 0,
            "mortal": 0,
        }
    assert [(e["cause"], e["undone"]) for e in entries] == [("second", True), ("first", True)]


# -- filters --------------------------------------------------------------------------------


async def test_filters_by_character_battle_and_session(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        pane = await show_injuries(app, pilot)
        await direct_damage(app, pilot, "1", "before the session")
        app.campaign.start_session("Night two")
        await hazard_by_hand(app, pilot, track="wound")
        await pilot.press("escape")
        await done(pilot)
        history_table = pane.query_one("#injury-history", DataTable)
        assert history_table.row_count == 7
        pane.query_one("#filter-battle", Select).value = "Tolliver"
        await done(pilot)
        assert history_table.row_count == 6
        await pilot.press("a")
        await pilot.pause()
        pane.query_one("#filter-session", Select).value = 1
        await done(pilot)
        assert history_table.row_count == 6
        # enter on a character shows only theirs: what happened to Ines last session
        pane.focus_default()
        await pilot.press("enter")
        await done(pilot)
        assert pane.query_one("#filter-character", Select).value == "ines-calloway"
        assert history_table.row_count == 1
        await pilot.press("a")
        await done(pilot)
        assert history_table.row_count == 7
        await pilot.press("f")
        await done(pilot)
        assert app.focused is pane.query_one("#filter-character", Select)


def shown_lines(table: DataTable[Any]) -> list[str]:
    """The table's lines as they are drawn on screen now (header first)."""
    return [table.render_line(y).text for y in range(table.size.height)]


async def three_hazards(app: GmApp, pilot: Pilot[Any]) -> None:
    for _ in range(3):
        await hazard_by_hand(app, pilot)
        await pilot.press("escape")
        await pilot.pause()


async def test_filtering_and_resizing_keep_the_columns_readable(
    app_factory: Callable[..., GmApp],
) -> None:
    """Columns used to be drawn at their labels' widths ("Chi", "1" for #16) after a filter
    was chosen or the screen resized, until something else redrew the table."""
    app = app_factory(demo=True)
    async with app.run_test(size=SMALL) as pilot:
        pane = await show_injuries(app, pilot)
        await three_hazards(app, pilot)
        # f, enter, Chief Engineer Halvard Rusk (the fourth name), enter: as a GM does
        await pilot.press("f", "enter", "down", "down", "down", "down", "enter")
        await done(pilot)
        assert pane.query_one("#filter-character", Select).value == "halvard-rusk"
        history_table = pane.query_one("#injury-history", DataTable)
        lines = shown_lines(history_table)
        # at 80 columns: who, what, marked, state and dice; the detail line has the rest
        assert lines[0].split() == ["#", "Who", "What", "Marked", "State", "Dice"]
        assert lines[1].split()[:3] == ["16", "Halvard", "Rusk"]  # his title gives way
        assert "hazard: plasma" in lines[1] and "d20 15>6" in lines[1]
        assert [line.split()[0] for line in lines[1:4]] == ["16", "10", "4"]

        await pilot.press("f", "enter", "home", "enter")  # back to everyone
        await done(pilot)
        lines = shown_lines(history_table)
        assert lines[1].split()[:3] == ["18", "Bram", "Adeyemi"]
        assert history_table.virtual_size.width <= history_table.size.width

        await pilot.resize_terminal(*LARGE)
        await done(pilot)
        characters = shown_lines(pane.query_one("#injury-characters", DataTable))
        assert characters[1].split()[:4] == ["Captain", "Ines", "Calloway", "ok"]
        assert "Chief Engineer Halvard Rusk" in characters[4]
        assert "0/10" in characters[1] and "0/5" in characters[1]
        lines = shown_lines(history_table)
        header = ["#", "Ses", "Battle", "Who", "What", "Marked", "s/w/m", "State", "Dice"]
        assert lines[0].split() == header
        assert lines[3].split()[:5] == ["16", "—", "Tolliver", "r2", "Halvard"]
        assert history_table.virtual_size.width <= history_table.size.width


async def test_history_columns_fit_120_columns_and_typed_in_damage_says_the_hit(
    app_factory: Callable[..., GmApp],
) -> None:
    """At 120 columns the Dice column was cut at the screen's edge ("d20 2≤"), and hazards
    from damage typed in on the Battle tab read "hazard: damage typed in"."""
    app = app_factory(demo=True)
    battle = ambush_at_tarsus(app)
    note = "CSS Gorgon's laser turret"
    run_step(app.campaign, battle.id, apply_damage_manually, "meridian", 30, "mortal", note=note)
    async with app.run_test(size=LARGE) as pilot:
        pane = await show_injuries(app, pilot)
        table = pane.query_one("#injury-history", DataTable)
        assert table.virtual_size.width <= table.size.width  # nothing past the edge
        lines = shown_lines(table)
        assert lines[0].split()[-1] == "Dice"
        for line in lines[1 : table.row_count + 1]:
            assert "d20 " in line, line
            assert "damage typed in" not in line, line
            # what the ship took (or the GM's note, once the battle store keeps it)
            assert "hazard: mortal hit" in line or f"hazard: {note[:8]}" in line, line
        detail = str(pane.query_one("#injury-detail", Static).render())
        assert "Ambush at Tarsus" in detail and "d20" in detail  # the whole entry below
        assert "typed in on the Battle tab" in detail or note in detail

        await pilot.resize_terminal(*SMALL)  # and at 80 columns, after a resize
        await done(pilot)
        assert table.virtual_size.width <= table.size.width
        assert shown_lines(table)[0].split()[-1] == "Dice"


def test_history_columns_give_way_in_order() -> None:
    natural = {
        "id": 2,
        "session": 3,
        "battle": 19,
        "who": 21,
        "what": 23,
        "marked": 7,
        "tracks": 13,
        "state": 11,
        "dice": 42,
        "ship": 12,
        "when": 11,
    }
    assert fit_history_columns(natural, 200) == natural  # room for all: as they are
    at_120 = fit_history_columns(natural, 116)
    assert list(at_120) == [k for k in natural if k not in ("when", "ship")]
    assert sum(w + 2 for w in at_120.values()) <= 116
    assert at_120["battle"] == 12 and at_120["dice"] >= 16 and at_120["who"] >= 16
    at_80 = fit_history_columns(natural, 76)
    assert list(at_80) == ["id", "who", "what", "marked", "state", "dice"]
    assert sum(w + 2 for w in at_80.values()) <= 76
    tiny = fit_history_columns(natural, 50)  # below every minimum: still fits
    assert sum(w + 2 for w in tiny.values()) <= 50


def test_typed_in_damage_is_said_as_the_hit_or_the_gm_note() -> None:
    hazard = {"kind": "hazard", "cause": "damage typed in", "track": "mortal"}
    assert cause_text(hazard) == "mortal hit"
    assert cause_text(hazard, long=True) == "a mortal hit to the ship, typed in on the Battle tab"
    with_note = {**hazard, "cause": "damage typed in: a ram by the Vex"}
    assert cause_text(with_note) == "a ram by the Vex"
    assert str(entry_cells(with_note)[4]) == "hazard: a ram by the Vex"
    assert cause_text({"kind": "hazard", "cause": "plasma torpedo"}) == "plasma torpedo"
    assert "(a mortal hit to the ship, typed in on the Battle tab)" in str(entry_detail(hazard))


async def test_a_saved_entry_is_highlighted_in_view(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SMALL) as pilot:
        pane = await show_injuries(app, pilot)
        await three_hazards(app, pilot)
        history_table = pane.query_one("#injury-history", DataTable)
        history_table.move_cursor(row=history_table.row_count - 1)  # the oldest, far below
        await pilot.pause()
        await direct_damage(app, pilot, "3", "console blast")
        assert history_table.cursor_row == 0
        assert pane.highlighted_entry() is not None
        assert pane.highlighted_entry()["cause"] == "console blast"  # type: ignore[index]
        assert shown_lines(history_table)[1].split()[0] == "19"  # on screen, at the top
        await pilot.press("g", "1", "ctrl+s")
        await done(pilot)
        assert shown_lines(history_table)[1].split()[:4] == ["20", "Ines", "Calloway", "treatment"]
        assert pane.highlighted_entry()["kind"] == "treatment"  # type: ignore[index]
        # a new entry the filters hide: said so, and a shows it
        pane.query_one("#filter-character", Select).value = "jory-fenn"
        await pilot.pause()
        await direct_damage(app, pilot, "1")
        shown = pane.query_one("#injury-status", Static).render_line(0).text
        assert shown.strip().startswith(
            "Damage saved as #21, hidden by the filters (a shows all): Captain Ines"
        )


async def test_every_character_shows_at_80x24(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SMALL) as pilot:
        pane = await show_injuries(app, pilot)
        await three_hazards(app, pilot)
        table = pane.query_one("#injury-characters", DataTable)
        names = [c.name for c in pane.party.characters]
        assert len(names) == 8
        lines = shown_lines(table)
        assert len(lines) == 9 and "Jory Fenn" in lines[8]
        history_table = pane.query_one("#injury-history", DataTable)
        assert history_table.size.height >= 5  # the header, three entries, the scrollbar


async def test_a_bigger_party_scrolls_with_the_cursor_in_view(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    for name in ("Ensign Kaito Brandt", "Yeoman Lisle Oduya"):
        add_character(
            app.campaign,
            character_from_dict(
                {
                    "name": name,
                    "kind": "npc",
                    "abilities": {"constitution": 9, "personality": 9},
                }
            ),
        )
    async with app.run_test(size=SMALL) as pilot:
        pane = await show_injuries(app, pilot)
        table = pane.query_one("#injury-characters", DataTable)
        assert table.size.height == 9  # the history keeps its rows
        await pilot.press(*["down"] * 9)
        await pilot.pause()
        # at 80 columns names lose their titles, all alike, as on the Stations tab
        assert " Lisle Oduya " in "".join(shown_lines(table))
        await pilot.press("d", *"2", "ctrl+s")
        await done(pilot)
        assert pane.highlighted_character_id() == "yeoman-lisle-oduya"
        assert " Lisle Oduya " in "".join(shown_lines(table))


async def test_the_who_list_opens_wide_enough_for_names(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SMALL) as pilot:
        pane = await show_injuries(app, pilot)
        await pilot.press("f", "enter")
        await pilot.pause()
        select = pane.query_one("#filter-character", Select)
        overlay = select.query_one("SelectOverlay")
        longest = max(len(c.name) for c in pane.party.characters)
        assert overlay.region.width >= longest
        assert overlay.region.right <= SMALL[0]
        drawn = [overlay.render_line(y).text for y in range(overlay.size.height)]
        assert any("Chief Engineer Halvard Rusk" in line for line in drawn)
        assert not any(line.strip().startswith("Calloway") for line in drawn)  # no wrapping
        # the other two filters still show their whole "every ..." at 80 columns
        for selector, text in (
            ("#filter-battle", "every battle"),
            ("#filter-session", "every session"),
        ):
            label = pane.query_one(selector, Select).query_one("SelectCurrent #label")
            assert text in label.render_line(0).text


# -- bail-out ---------------------------------------------------------------------------------


async def test_bailout_survivors_are_the_crew_left_after_a_battle(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    battle = ambush_at_tarsus(app)
    run_step(app.campaign, battle.id, apply_damage_manually, "meridian", 6, "wound")
    ship = load_battle(app.campaign, battle.id).ship("meridian")
    losses = ship.crew_losses
    assert losses["dead"] > 0
    async with app.run_test(size=SMALL) as pilot:
        await show_injuries(app, pilot)
        await pilot.press("b")
        await done(pilot)
        dialog = app.screen
        assert isinstance(dialog, BailoutDialog)
        survivors = ship.crew_total - losses["dead"]
        assert dialog.query_one("#bailout-survivors").value == str(survivors)  # type: ignore[attr-defined]
        source = str(dialog.query_one("#bailout-source", Static).render())
        assert f"{ship.crew_total} crew − {losses['dead']} dead in Ambush at Tarsus" in source
        assert f"= {survivors}" in source
        # a ship no battle has touched keeps its whole crew, and says so
        dialog.query_one("#bailout-ship", Select).value = "tenacity"
        await done(pilot)
        source = str(dialog.query_one("#bailout-source", Static).render())
        assert "the whole crew" in source and "no battle" in source


async def test_bailout_rolled_once_kept_and_undone(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    path = app.campaign.folder
    async with app.run_test(size=LARGE) as pilot:
        pane = await show_injuries(app, pilot)
        await pilot.press("b")
        await done(pilot)
        dialog = app.screen
        assert isinstance(dialog, BailoutDialog)
        survivors = dialog.query_one("#bailout-survivors")
        assert survivors.value.isdigit()  # type: ignore[attr-defined]
        await pilot.press(*"x", "ctrl+r")
        await done(pilot)
        message = dialog.query_one("#bailout-message", Static)
        assert message.has_class("error") and "Survivors" in str(message.render())
        with saved(path) as c:
            assert load_bailout(c) is None and list(c.roll_log()) == []
        survivors.value = "100"  # type: ignore[attr-defined]
        await pilot.press("ctrl+r")
        await pilot.pause()
        rounds = dialog.query_one("#bailout-rounds", DataTable)
        with saved(path) as c:
            record = load_bailout(c)
            rolls = list(c.roll_log())
        assert record is not None
        assert record.ship_id == "meridian" and record.bailout.survivors == 100
        assert rounds.row_count == record.bailout.rounds
        assert {r["source"] for r in rolls} == {"injuries"}
        assert [r["for"].split(":")[0] for r in reversed(rolls)] == ["bail-out time", "bail-out"]
        cleared = sum(int(str(rounds.get_row_at(i)[1])) for i in range(rounds.row_count))
        assert cleared + record.bailout.trapped == 100
        await pilot.press("escape")
        await done(pilot)
        assert "Bail-out ordered" in status_text(pane)

    again = app_factory(path=path)
    async with again.run_test(size=LARGE) as pilot:
        pane = await show_injuries(again, pilot)
        await pilot.press("b")
        await done(pilot)
        rounds = again.screen.query_one("#bailout-rounds", DataTable)
        assert rounds.row_count == record.bailout.rounds  # the same order, not rolled again
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await done(pilot)
        assert "Undone: the order to abandon CSS Meridian" in status_text(pane)
    with saved(path) as c:
        assert load_bailout(c) is None
        assert all(r.get("undone") for r in c.roll_log())


async def test_undo_takes_the_newest_of_injury_and_bailout(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await show_injuries(app, pilot)
        await pilot.press("b", "ctrl+r", "escape")
        await pilot.pause()
        await direct_damage(app, pilot, "3")
        await pilot.press("ctrl+z")  # the damage came last
        await pilot.pause()
        with saved(app.campaign.folder) as c:
            assert load_bailout(c) is not None
            assert injuries.history(c)[0]["undone"] is True
        await pilot.press("ctrl+z")
        await pilot.pause()
        with saved(app.campaign.folder) as c:
            assert load_bailout(c) is None


# -- how entries read -------------------------------------------------------------------------


def test_track_bar_fills_in_proportion_to_an_eighth_of_a_cell() -> None:
    assert str(track_bar("stun", 0, 10)) == "░░░░░░░░ 0/10"
    assert str(track_bar("stun", 4, 10)) == "███▎░░░░ 4/10"
    assert str(track_bar("wound", 1, 20)) == "▍░░░░░░░ 1/20"
    assert str(track_bar("wound", 19, 20)) == "███████▋ 19/20"  # full only when full
    assert str(track_bar("mortal", 5, 5)) == "████████ 5/5"
    # small fractions stay small: 2 of 80 on three cells is a sliver, not a third
    assert str(track_bar("wound", 2, 80, 3)) == "▏░░ 2/80"
    assert str(track_bar("wound", 1, 400, 8)) == "▏░░░░░░░ 1/400"  # any damage shows
    assert str(track_bar("wound", 30, 80, 3)) == "█▏░ 30/80"


def test_entry_cells_dim_undone_and_show_changes() -> None:
    entry = {
        "id": 3,
        "kind": "treatment",
        "character": "dax",
        "character_name": "Jadra Dax",
        "cause": "surgery",
        "session": 2,
        "battle": None,
        "round": None,
        "before": {"stun": 0, "wound": 4, "mortal": 2},
        "after": {"stun": 0, "wound": 4, "mortal": 1},
        "stabilized_before": False,
        "stabilized_after": True,
        "state_before": "dying",
        "state": "knocked_out",
        "undone": False,
    }
    cells = [str(c) for c in entry_cells(entry)]
    assert cells[:8] == [
        "3",
        "2",
        "—",
        "Jadra Dax",
        "treatment: surgery",
        "-1m, stabilized",
        "0/4/2 → 0/4/1",
        "dying → knocked out",
    ]
    assert marked_text(entry) == "-1m, stabilized"
    in_battle = {**entry, "battle": "ambush-at-tarsus", "round": 2}
    names = {"ambush-at-tarsus": "Ambush at Tarsus"}
    assert str(entry_cells(in_battle, battle_names=names)[2]) == "Ambush at Tarsus r2"
    assert str(entry_cells(in_battle)[2]) == "ambush-at-tarsus r2"  # typed by hand: as is
    undone = entry_cells({**entry, "undone": True})
    assert str(undone[7]) == "undone" and "strike" in str(undone[0].style)


async def test_an_unreadable_party_says_so_and_refuses_hazards_treatment_and_damage(
    app_factory: Callable[..., GmApp], tmp_path: Path
) -> None:
    """With party.json damaged the tab showed an empty character table, and h opened the
    hazard dialog as if the party had no one aboard."""
    party_file, _whole = damaged_party_campaign(tmp_path / "damaged.campaign")
    damaged = party_file.read_bytes()
    app = app_factory(path=party_file.parent.parent)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("escape", str([t.TAB_ID for t in app.tabs].index("injuries") + 1))
        await done(pilot)
        pane = app.query_one(InjuriesPane)
        assert not {"h", "t", "r", "d", "b", "ctrl+z"} & footer_keys(app)
        for key in ("h", "t", "r", "g", "d", "b", "ctrl+z"):
            await pilot.press(key)
            await done(pilot)
            assert app.screen is app.screen_stack[0], key
        problem = pane.query_one("#injury-party-problem", Static)
        assert problem.display and problem.region.height > 0
        assert not pane.query_one("#injury-characters").display
        said = " ".join(str(problem.render()).split())
        assert said.startswith("The party cannot be read")
        assert f"{party_file} is damaged" in said and "What to do: close gmtool" in said
        shown = [problem.render_line(y).text for y in range(problem.size.height)]
        assert any("cannot be read" in line for line in shown)  # on screen at 80x24
        assert "f" in footer_keys(app)  # the filters and the history still work
        pane.action_hazard()  # as the palette does
        await done(pilot)
        assert app.screen is app.screen_stack[0]
        assert "cannot be read" in status_text(pane)
    assert party_file.read_bytes() == damaged


# -- snapshots ------------------------------------------------------------------------------


def _injuries_keys(app: GmApp) -> list[str]:
    return ["escape", str([t.TAB_ID for t in app.tabs].index("injuries") + 1)]


async def _after_a_hazard(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, GmApp)
    await show_injuries(app, pilot)
    await hazard_by_hand(app, pilot)
    await pilot.press("escape")
    await done(pilot)


def test_snapshot_injuries_tab_large(snap_compare: Any, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=LARGE, run_before=_after_a_hazard)


def test_snapshot_injuries_tab_small(snap_compare: Any, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=SMALL, run_before=_after_a_hazard)


def test_snapshot_hazard_dialog(snap_compare: Any, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)

    async def rolled(pilot: Pilot[Any]) -> None:
        await show_injuries(app, pilot)
        await hazard_by_hand(app, pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=rolled)


def test_snapshot_empty_tab_keys(snap_compare: Any, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=LARGE, press=_injuries_keys(app))


# -- the tab in the app ------------------------------------------------------------------------


async def test_entries_from_elsewhere_show_when_the_tab_is_shown(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        pane = await show_injuries(app, pilot)
        app.show_tab("dice")
        await done(pilot)  # the Injuries tab hidden before the entry is recorded
        # as the Battle tab does: straight through the store, with no roll
        injuries.record_damage(app.campaign, "jory-fenn", 3, "stun", injuries.Context("a brawl"))
        app.show_tab("injuries")
        await done(pilot)  # the tab reads again once shown: a pause may return before
        assert pane.query_one("#injury-history", DataTable).row_count == 1
        row = pane.query_one("#injury-characters", DataTable).get_row("jory-fenn")
        assert "3/10" in str(row[2])


async def test_help_and_palette_name_every_action(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SMALL) as pilot:
        await show_injuries(app, pilot)
        await pilot.press("f1")
        await done(pilot)
        assert app.screen.__class__.__name__ == "HelpScreen"
        assert getattr(app.screen, "help_title", "") == "Injuries"
        await pilot.press("escape")
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        help_keys = InjuriesPane.keys_help()
        for entry in InjuriesPane.ACTIONS:
            assert f"Injuries: {entry.name}" in titles
            assert callable(getattr(app.ensure_tab_built("injuries"), entry.method))
            assert f"| {entry.key_display or key_label(entry.key)} |" in help_keys
        assert "| key |" not in InjuriesPane.HELP  # the keys come from the table alone


async def test_battle_filter_names_the_battle_tab_battles(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    battle = ambush_at_tarsus(app)
    injuries.record_damage(
        app.campaign, "dorran-vek", 2, "stun", injuries.Context("a blast", battle=battle.id)
    )
    async with app.run_test(size=LARGE) as pilot:
        pane = await show_injuries(app, pilot)
        select = pane.query_one("#filter-battle", Select)
        assert ("Ambush at Tarsus", battle.id) in [(str(p), v) for p, v in select._options]
        select.value = battle.id
        await done(pilot)
        assert pane.query_one("#injury-history", DataTable).row_count == 1
