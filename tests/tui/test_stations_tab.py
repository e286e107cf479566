"""The Stations tab, driven like a GM: characters and stations land in the saved campaign."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList, Static

from gmtool.actions import party as party_actions
from gmtool.rules.characters import Party, character_from_dict
from gmtool.rules.ships import load_ship_spec
from gmtool.rules.stations import assign
from gmtool.store import open_campaign
from gmtool.store.demo import demo_data_dir, seed_demo
from gmtool.store.party import (
    add_character,
    load_party_state,
    party_tracker,
    save_assignments,
    update_character,
)
from gmtool.store.ships import add_ship
from gmtool.tui.app import GmApp
from gmtool.tui.dialogs import ChoiceDialog
from gmtool.tui.dialogs.file_path import FileDialog
from gmtool.tui.tabs.stations.board import board_columns, short_place
from gmtool.tui.tabs.stations.character_form import CharacterForm
from gmtool.tui.tabs.stations.pane import StationsPane
from gmtool.tui.tabs.stations.widgets import party_title
from gmtool.tui.widgets.names import fit_names
from tests.conftest import TEST_SEED, fixed_clock
from tests.tui.conftest import footer_keys
from tests.tui.drawn import done

LARGE = (120, 36)
SMALL = (80, 24)


def saved_party(path: Path) -> Party:
    c = open_campaign(path, readonly=True)
    try:
        return load_party_state(c)
    finally:
        c.close()


def saved_tracker(path: Path) -> tuple[object, str | None]:
    c = open_campaign(path, readonly=True)
    try:
        tracker = party_tracker(c)
        return tracker.load(), tracker.last_label()
    finally:
        c.close()


def one_ship_campaign(path: Path, people: Sequence[tuple[str, str | None]] = ()) -> Path:
    """A campaign with the Meridian (added through the ship store) and `people`: (name,
    station or None for unassigned) NPCs who can pilot and fire."""
    c = open_campaign(path, name="One ship", seed=TEST_SEED, clock=fixed_clock)
    try:
        add_ship(c, load_ship_spec(demo_data_dir() / "ships" / "meridian.yaml"), ship_id="meridian")
        for name, station in people:
            character = character_from_dict(
                {
                    "name": name,
                    "kind": "npc",
                    "abilities": {"constitution": 10, "personality": 9, "dexterity": 12},
                    "skills": {"vehicle_operation": 12, "system_operation": 12},
                }
            )
            party = add_character(c, character)
            if station is not None:
                ids = {"characters": party.ids, "ships": ["meridian"]}
                new = assign(party.assignments, character.id, "meridian", station, **ids)
                save_assignments(c, new, f"assign {name}")
    finally:
        c.close()
    return path


async def open_stations(app: GmApp, pilot: Pilot[None]) -> StationsPane:
    """Leave the first tab's field and press the Stations tab's number, as a GM would."""
    number = [t.TAB_ID for t in app.tabs].index("stations") + 1
    await pilot.press("escape", str(number))
    await done(pilot)  # the tab built, read and with the cursor
    pane = app.query_one(StationsPane)
    assert app.focused is app.query_one("#board")
    return pane


def board_text(app: GmApp) -> list[str]:
    table = app.query_one("#board", DataTable)
    return [" | ".join(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]


def status(app: GmApp) -> Static:
    return app.query_one("#stations-status", Static)


async def choose(pilot: Pilot[None], option_id: str) -> None:
    """Move the open list's cursor to `option_id` with the arrow keys and press enter."""
    screen = pilot.app.screen
    assert isinstance(screen, ChoiceDialog)
    options = screen.query_one(OptionList)
    target = [key for key, _ in screen.options].index(option_id)
    current = options.highlighted or 0
    key = "down" if target >= current else "up"
    await pilot.press(*[key] * abs(target - current), "enter")
    await done(pilot)


async def go_to_row(app: GmApp, pilot: Pilot[None], key: str) -> None:
    table = app.query_one("#board", DataTable)
    target = table.get_row_index(key)
    steps = target - table.cursor_row
    await pilot.press(*["down" if steps > 0 else "up"] * abs(steps))
    await done(pilot)
    assert table.cursor_row == target


def damaged_party_campaign(path: Path) -> tuple[Path, bytes]:
    """The demo campaign with `trackers/party.json` cut in half, as a torn copy leaves it:
    the file and what it held whole."""
    c = open_campaign(path, name="Damaged", seed=TEST_SEED, clock=fixed_clock)
    try:
        seed_demo(c)
    finally:
        c.close()
    party_file = path / "trackers" / "party.json"
    data = party_file.read_bytes()
    party_file.write_bytes(data[: len(data) // 2])
    return party_file, data


PARTY_KEYS = ("n", "e", "x", "a", "m", "p", "l", "o", "u", "i", "ctrl+z")


# -- the whole round trip -------------------------------------------------------------------


async def test_create_assign_posture_and_restart(
    app_factory: Callable[..., GmApp], tmp_path: Path
) -> None:
    path = one_ship_campaign(tmp_path / "one.campaign")
    app = app_factory(path=path)
    async with app.run_test(size=LARGE) as pilot:
        await open_stations(app, pilot)
        await pilot.press("n")
        await done(pilot)
        assert isinstance(app.screen, CharacterForm)
        await pilot.press(*"Mara Voss")
        await pilot.click("#char-player")
        await pilot.press(*"Sam")
        await pilot.click("#ability-constitution")
        await pilot.press(*"11")
        await pilot.click("#ability-personality")
        await pilot.press(*"9")
        await pilot.click("#ability-dexterity")
        await pilot.press(*"13")
        # a skill: type the start of the specialty; Enter takes the suggestion shown
        await pilot.click("#skill-choice")
        await pilot.press(*"spacec")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*"16", "enter")
        await done(pilot)
        assert app.screen.skills == {"vehicle_operation-spacecraft": 16}
        await pilot.press("ctrl+s")
        await done(pilot)
        assert not isinstance(app.screen, CharacterForm)

        # the new character is highlighted in the list; a: choose the bridge
        assert app.focused is app.query_one("#party-list")
        await pilot.press("a")
        await pilot.pause()
        await choose(pilot, "bridge")
        await pilot.press("p")
        await done(pilot)
        assert "Mara Voss | hands-on | Spacecraft | 16 +0 | vulnerable" in board_text(app)[1]

    party = saved_party(path)
    mara = party.character("mara-voss")
    assert (mara.player, mara.abilities["constitution"], mara.tracks["mortal"]) == ("Sam", 11, 6)
    assert [(a.place, a.posture) for a in party.assignments] == [("bridge", "vulnerable")]

    again = app_factory(path=path)
    async with again.run_test(size=LARGE) as pilot:
        await open_stations(again, pilot)
        assert "Mara Voss | hands-on | Spacecraft | 16 +0 | vulnerable" in board_text(again)[1]
        side = again.query_one("#party-list", OptionList).get_option_at_index(0)
        assert "Bridge, vulnerable" in str(side.prompt)
        assert "all placed" in str(again.query_one("#party-title").render())


# -- stations -------------------------------------------------------------------------------


async def test_demo_board_shows_scores_tasks_and_the_crew(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        pane = await open_stations(app, pilot)
        assert pane.ship_id == "meridian"  # most of the party is aboard her
        rows = board_text(app)
        assert rows[0].startswith("Command | Ines Calloway | hands-on | Space combat")
        assert "crew | " in rows[3] and "12 +0" in rows[3]  # Computers: the trained crew
        assert any("In sickbay | Priya Salo | " in r for r in rows)  # the rank gives way
        assert any("Boarding party | Bram Adeyemi | leading | Infantry combat" in r for r in rows)
        assert "Tactics—space combat 15 at +0" in str(
            app.query_one("#station-detail", Static).render()
        )
        await pilot.press("s")
        await done(pilot)
        assert pane.ship_id == "tenacity"
        assert board_text(app)[0].startswith("Command | Ysolde Marrak")


async def test_the_assign_list_says_where_people_are_and_moves_them(
    app_factory: Callable[..., GmApp],
) -> None:
    """Choosing someone already placed used to be refused with ids ("dorran-vek is already at
    Bridge on meridian"); the list now says where each one is, and choosing moves them."""
    app = app_factory(demo=True)
    path = app.campaign.folder
    async with app.run_test(size=LARGE) as pilot:
        await open_stations(app, pilot)
        await go_to_row(app, pilot, "combat_information:empty")
        await pilot.press("a")
        await done(pilot)
        screen = app.screen
        assert isinstance(screen, ChoiceDialog)
        options = {key: str(label) for key, label in screen.options}
        assert options["ines-calloway"] == "Captain Ines Calloway\n  now at Command · moves here"
        assert "now on CSS Tenacity, at Command · moves here" in options["ysolde-marrak"]
        assert "now in sickbay · moves here" in options["priya-salo"]
        await choose(pilot, "ines-calloway")
        message = str(status(app).render())
        assert not status(app).has_class("error")
        assert message == (
            "Moved Captain Ines Calloway to Combat information (CSS Meridian); was at Command. "
            "(ctrl+z undoes)"
        )
        ines = saved_party(path).assignments[0]
        assert (ines.ship_id, ines.place) == ("meridian", "combat_information")

        # choosing someone for the station they are already at changes nothing, in names
        before = saved_tracker(path)
        await go_to_row(app, pilot, "bridge:0")
        await pilot.press("a")
        await done(pilot)
        screen = app.screen
        assert isinstance(screen, ChoiceDialog)
        assert "already here" in str(dict(screen.options)["dorran-vek"])
        await choose(pilot, "dorran-vek")
        assert str(status(app).render()) == (
            "Not changed: Lieutenant Dorran Vek is already at the Bridge station of CSS Meridian."
        )
        assert saved_tracker(path) == before


async def test_refusals_name_people_and_ships(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        pane = await open_stations(app, pilot)
        # the action refuses in names: the tab shows its words as they are
        assert not pane._change(
            lambda: party_actions.assign_station(app.campaign, "dorran-vek", "meridian", "command")
        )
        assert str(status(app).render()) == (
            "Not changed: Lieutenant Dorran Vek is already at Bridge on CSS Meridian: a character "
            "is at one station at most (move them instead)"
        )
        # a on a placed character in the list offers a move, saying from where
        await pilot.press("tab", "a")
        await done(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        assert app.screen.title_text == "Where to move Captain Ines Calloway, now at Command?"


async def test_move_posture_lead_and_undo(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    path = app.campaign.folder
    async with app.run_test(size=LARGE) as pilot:
        await open_stations(app, pilot)
        await pilot.press("p")  # Ines, at Command
        await done(pilot)
        assert saved_party(path).assignments[0].posture == "vulnerable"

        await pilot.press("m")
        await pilot.pause()
        await choose(pilot, "combat_information")
        await pilot.press("l")  # from Combat information: choose the team she leads
        await pilot.pause()
        await choose(pilot, "lead:sensors")
        ines = saved_party(path).assignments[0]
        assert (ines.place, ines.task, ines.leads) == ("combat_information", "leading", "sensors")
        assert "led" in board_text(app)[5]  # the Sensors crew roll is led

        await pilot.press("ctrl+z", "ctrl+z")
        await done(pilot)
        ines = saved_party(path).assignments[0]
        assert (ines.place, ines.posture, ines.task) == ("command", "vulnerable", "auto")
        assert "Undone: move Captain Ines Calloway" in str(status(app).render())
        await pilot.press("ctrl+z")
        await done(pilot)
        assert saved_party(path).assignments[0].posture == "secure"


def status_lines(app: GmApp) -> list[str]:
    """The status line as drawn on screen (every line it has room for)."""
    widget = status(app)
    return [widget.render_line(y).text.strip() for y in range(widget.size.height)]


async def test_a_refused_lead_shows_only_the_refusal_and_saves_nothing(
    app_factory: Callable[..., GmApp],
) -> None:
    """Asked to lead without the skill, a character used to be saved as "leading the Sensors
    team" while the board had them stand by."""
    app = app_factory(demo=True)
    path = app.campaign.folder
    async with app.run_test(size=SMALL) as pilot:
        await open_stations(app, pilot)
        await go_to_row(app, pilot, "off:priya-salo")  # the doctor: no Leadership
        await pilot.press("m")
        await pilot.pause()
        await choose(pilot, "command")
        before = saved_tracker(path)
        await pilot.press("l")
        await pilot.pause()
        await choose(pilot, "lead:sensors")
        assert status(app).has_class("error")
        refusal = (
            "Not changed: Doctor Priya Salo cannot lead the Sensors team: no Leadership—command "
            "skill."
        )
        assert str(status(app).render()) == refusal
        assert " ".join(" ".join(status_lines(app)).split()) == refusal  # whole at 80x24
        assert saved_tracker(path) == before
        priya = next(a for a in saved_party(path).assignments if a.character_id == "priya-salo")
        assert (priya.task, priya.leads) == ("auto", None)

        # what she can do is saved, and said as the board has it
        await pilot.press("l")
        await pilot.pause()
        await choose(pilot, "auto")
        assert str(status(app).render()).startswith("Doctor Priya Salo: the board chooses")


async def test_a_roll_someone_better_takes_is_refused(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    path = app.campaign.folder
    async with app.run_test(size=LARGE) as pilot:
        await open_stations(app, pilot)
        await go_to_row(app, pilot, "bridge:0")  # Dorran at the Bridge
        await pilot.press("m")
        await pilot.pause()
        await choose(pilot, "command")
        before = saved_tracker(path)
        await pilot.press("l")
        await pilot.pause()
        await choose(pilot, "hands_on")
        message = str(status(app).render())
        assert message.startswith("Not changed: "), message
        assert "already takes the Command roll" in message
        assert saved_tracker(path) == before


async def test_off_station_and_unassign_show_who_is_unassigned(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    path = app.campaign.folder
    async with app.run_test(size=LARGE) as pilot:
        await open_stations(app, pilot)
        await go_to_row(app, pilot, "bridge:0")  # Dorran Vek
        await pilot.press("o")
        await pilot.pause()
        await choose(pilot, "sickbay")
        dorran = saved_party(path).assignments[1]
        assert (dorran.place, dorran.posture) == ("sickbay", "vulnerable")
        await go_to_row(app, pilot, "off:dorran-vek")
        await pilot.press("u")
        await done(pilot)
        assert "dorran-vek" not in {a.character_id for a in saved_party(path).assignments}
        title = app.query_one("#party-title")
        assert "1 unassigned" in str(title.render()) and title.has_class("unassigned")


async def test_changes_made_elsewhere_show_when_the_tab_is_shown_again(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await open_stations(app, pilot)
        await pilot.press("1")  # away to the Dice & Log tab
        await done(pilot)
        # another tab (hazards, the battle) hurts a character through the party store
        ines = load_party_state(app.campaign).character("ines-calloway")
        hurt = ines.with_damage({"stun": ines.tracks["stun"]}, stabilized=False)
        update_character(app.campaign, hurt, "hazard: Ines knocked out")
        await open_stations(app, pilot)
        assert "Command | Ines Calloway | out" in board_text(app)[0]


async def test_an_unreadable_party_says_so_and_changes_nothing(
    app_factory: Callable[..., GmApp], tmp_path: Path
) -> None:
    """With party.json damaged the tab used to say "No characters yet: n creates one" beside
    the error, and n opened the new-character form."""
    party_file, whole = damaged_party_campaign(tmp_path / "damaged.campaign")
    damaged = party_file.read_bytes()
    app = app_factory(path=party_file.parent.parent)
    async with app.run_test(size=SMALL) as pilot:
        number = [t.TAB_ID for t in app.tabs].index("stations") + 1
        await pilot.press("escape", str(number))
        await done(pilot)
        pane = app.query_one(StationsPane)
        # every key that changes the party is off: not in the footer, and does nothing
        assert not set(PARTY_KEYS) & footer_keys(app)
        for key in PARTY_KEYS:
            await pilot.press(key)
            await done(pilot)
            assert app.screen is app.screen_stack[0], key
        problem = pane.query_one("#party-problem", Static)
        assert problem.display and problem.region.height > 0
        said = " ".join(str(problem.render()).split())
        assert said.startswith("The party cannot be read")
        assert f"{party_file} is damaged" in said
        assert "No good backup of it was found" in said
        assert "What to do: close gmtool" in said
        for hidden in ("#stations-main", "#ship-row", "#station-detail"):
            assert not pane.query_one(hidden).display
        on_screen = " ".join(
            pane.query_one(w).render_line(y).text
            for w in ("#party-problem", "#stations-status")
            for y in range(pane.query_one(w).size.height)
        )
        assert "No characters" not in on_screen and "no ships" not in on_screen
        # the palette calls the actions directly: they refuse too
        pane.action_new_character()
        pane.action_import()
        pane.action_undo()
        await done(pilot)
        assert app.screen is app.screen_stack[0]
        assert status(app).has_class("error")
        assert "cannot be read" in str(status(app).render())
        assert party_file.read_bytes() == damaged

        # the GM mends the file: the tab reads it again when shown, and the keys come back
        party_file.write_bytes(whole)
        await pilot.press("1")
        await open_stations(app, pilot)
        assert not pane.query_one("#party-problem").display
        assert board_text(app)[0].startswith("Command | Ines Calloway")
        assert set(PARTY_KEYS) - {"n", "e", "x", "i"} <= footer_keys(app)  # the board's keys


# -- characters -----------------------------------------------------------------------------


async def test_editor_refuses_bad_values_and_saves_nothing(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    path = app.campaign.folder
    before = saved_tracker(path)
    async with app.run_test(size=LARGE) as pilot:
        await open_stations(app, pilot)
        await pilot.press("e")  # Ines, highlighted on the board
        await done(pilot)
        form = app.screen
        assert isinstance(form, CharacterForm)
        await pilot.click("#skill-choice")
        await pilot.press(*"leadership", "enter")
        await pilot.pause()
        await pilot.press("ctrl+u", *"31", "enter")
        await done(pilot)
        error = form.query_one("#form-error", Static)
        assert error.has_class("error")
        assert "from 1 to 30, not 31" in str(error.render())
        assert form.skills["leadership"] == 13
        await pilot.press("ctrl+u")  # a score out of bounds left there would stop the save

        await pilot.click("#ability-constitution")
        await pilot.press("end", "backspace", "backspace", "ctrl+s")
        await done(pilot)
        assert app.screen is form  # still open
        assert str(error.render()) == (
            "Not saved. Constitution: type a score from 1 to 20 (every character needs one)."
        )
        assert app.focused is form.query_one("#ability-constitution")
        await pilot.press("escape")  # the form was changed: it asks, and y discards
        await pilot.pause()
        await pilot.press("y")
        await done(pilot)
        assert not isinstance(app.screen, CharacterForm)
    assert saved_tracker(path) == before


async def test_the_editor_says_what_to_fix_at_the_top(app_factory: Callable[..., GmApp]) -> None:
    """A save error used to read "key 'name' expected a non-empty text value, got ''": it is
    now in the GM's words, at the top of the form where 80x24 shows it, the cursor in the
    field to fix."""
    app = app_factory(demo=True)
    path = app.campaign.folder
    before = saved_tracker(path)
    async with app.run_test(size=SMALL) as pilot:
        await open_stations(app, pilot)
        await pilot.press("e")
        await done(pilot)
        form = app.screen
        assert isinstance(form, CharacterForm)
        await pilot.press("ctrl+u", "ctrl+s")  # the name, emptied
        await done(pilot)
        error = form.query_one("#form-error", Static)
        assert str(error.render()) == "Not saved. Name: type the character's name."
        assert error.has_class("error")
        assert app.focused is form.query_one("#char-name")
        body = form.query_one("#character-body")
        assert form.query_one("#character-box").region.y < error.region.y < body.region.y
        assert error.region.bottom <= SMALL[1]

        await pilot.press(*"Ines")
        await pilot.click("#damage-stun")
        await pilot.press("end", "backspace", *"12", "ctrl+s")
        await done(pilot)
        assert str(error.render()) == (
            "Not saved. Damage, stun: a whole number from 0 to 10 (the stun track holds 10), "
            "not 12."
        )
        assert app.focused is form.query_one("#damage-stun")
        await pilot.press("escape")
        await done(pilot)
    assert saved_tracker(path) == before


async def test_editing_damage_shows_state_and_saves(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    path = app.campaign.folder
    async with app.run_test(size=LARGE) as pilot:
        await open_stations(app, pilot)
        await pilot.press("e")
        await pilot.pause()
        await pilot.click("#damage-mortal")
        await pilot.press("end", "backspace", "2")
        await done(pilot)
        assert "dying" in str(app.screen.query_one("#durability", Static).render())
        await pilot.press("ctrl+s")
        await done(pilot)
        assert "Command | Ines Calloway | out" in board_text(app)[0]
    assert saved_party(path).character("ines-calloway").damage["mortal"] == 2


async def test_delete_asks_first_and_undo_brings_back(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    path = app.campaign.folder
    async with app.run_test(size=LARGE) as pilot:
        await open_stations(app, pilot)
        await pilot.press("tab")  # to the character list: Ines first
        await done(pilot)
        assert app.focused is app.query_one("#party-list")
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("n")
        await done(pilot)
        assert app.screen is app.screen_stack[0]
        assert "ines-calloway" in saved_party(path).ids
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("y")
        await done(pilot)
        party = saved_party(path)
        assert "ines-calloway" not in party.ids
        assert "ines-calloway" not in {a.character_id for a in party.assignments}
        await pilot.press("ctrl+z")
        await done(pilot)
        assert saved_party(path).ids[0] == "ines-calloway"


async def test_bad_import_changes_nothing_and_good_import_adds(
    app_factory: Callable[..., GmApp], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the GM types a path relative to where gmtool runs
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "characters:\n"
        "  - name: Oren Tal\n"
        "    kind: npc\n"
        "    abilities: {constitution: 9, personality: 8}\n"
        "assignments:\n"
        "  - {character: oren-tal, ship: meridian, station: galley}\n",
        encoding="utf-8",
    )
    good = tmp_path / "good.yaml"
    good.write_text(bad.read_text(encoding="utf-8").replace("galley", "sensors"), "utf-8")
    app = app_factory(demo=True)
    path = app.campaign.folder
    before = saved_tracker(path)
    async with app.run_test(size=LARGE) as pilot:
        await open_stations(app, pilot)
        app.query_one("#party-list").focus()  # the party files are the list's keys
        await pilot.pause()
        await pilot.press("i")
        await done(pilot)
        dialog = app.screen
        assert isinstance(dialog, FileDialog)
        await pilot.press(*"bad.yaml", "enter")
        await done(pilot)
        assert app.screen is dialog
        shown = str(dialog.query_one("#file-status", Static).render())
        assert "Nothing changed" in shown and "bad.yaml:6" in shown and "galley" in shown
        assert saved_tracker(path) == before

        await pilot.press("ctrl+u", *"good.yaml", "enter")
        await done(pilot)
        assert not isinstance(app.screen, FileDialog)
        assert "imported 1 character" in str(status(app).render()).lower()
    party = saved_party(path)
    assert party.ids[-1] == "oren-tal"
    assert party.assignments[-1].place == "sensors"


async def test_export_writes_a_party_file(
    app_factory: Callable[..., GmApp], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "out.yaml"
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await open_stations(app, pilot)
        app.query_one("#party-list").focus()
        await pilot.pause()
        await pilot.press("ctrl+e")
        await done(pilot)
        assert app.screen.query_one("#file-path").value == str(tmp_path / "party.yaml")
        await pilot.press("ctrl+u", *"out.yaml", "enter")
        await done(pilot)
        assert "Exported 8 characters" in str(status(app).render())
    from gmtool.rules.characters import load_party

    assert load_party(out).ids == saved_party(app.campaign.folder).ids


async def test_help_lists_every_key(app_factory: Callable[..., GmApp]) -> None:
    keys = ["a", "m", "o", "p", "l", "u", "s", "n", "e", "x", "i", "ctrl+e", "ctrl+z", "ctrl+y"]
    help_text = "\n\n".join((StationsPane.HELP, StationsPane.keys_help()))
    for key in [*keys, "Enter"]:
        assert f"| {key} |" in help_text
    assert "| key |" not in StationsPane.HELP  # the key table is built, not written
    bound = {b.key for b in StationsPane.BINDINGS}
    assert {*keys, "enter"} == bound
    palette = StationsPane.palette_commands()
    assert all(hasattr(StationsPane, f"action_{action}") for _, _, action in palette)
    assert len(palette) == len(keys) + 1


def test_board_columns_fit_the_width() -> None:
    for width in (54, 60, 88, 120):
        columns = board_columns(width)
        assert sum(w + 2 for _, w in columns) + 2 <= width
    assert [name for name, _ in board_columns(54)] == ["Station", "Who", "Task", "Score", "Posture"]
    assert "Skill" in [name for name, _ in board_columns(88)]


def test_long_station_names_are_shortened_not_cut() -> None:
    assert short_place("Command", 14) == "Command"
    assert short_place("Communications", 14) == "Communications"
    assert short_place("Combat information", 14) == "Combat info"
    assert short_place("Weapons and defenses", 14) == "Weapons & def."
    assert short_place("Internal security", 14) == "Internal sec."
    assert short_place("Away from the ship", 14) == "Away from ship"


async def test_stations_and_people_read_whole_at_80_columns(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SMALL) as pilot:
        await open_stations(app, pilot)
        table = app.query_one("#board", DataTable)
        drawn = [table.render_line(y).text for y in range(table.size.height)]
        stations = [line[:17].strip() for line in drawn[1:]]
        for name in ("Combat info", "Communications", "Weapons & def.", "Engineering"):
            assert name in stations
        assert any("Tamsin Oyelaran  hands-on" in line for line in drawn)
        await pilot.press(*["down"] * 12)
        drawn = [table.render_line(y).text for y in range(table.size.height)]
        assert any(line[:17].strip() == "Internal sec." for line in drawn)
        # the party list: where each one is, on one line
        side = app.query_one("#party-list", OptionList)
        places = [str(side.get_option_at_index(i).prompt).split("\n")[1].strip() for i in range(3)]
        assert places == ["Command, secure", "Bridge, secure", "Weapons & def."]


async def test_the_party_title_and_the_place_list_read_whole_at_80_columns(
    app_factory: Callable[..., GmApp], tmp_path: Path
) -> None:
    """The list's title was cut ("Party 1: 1 unassigne"), and the place list's title read
    "Assign Captain Rhea Vos to (CSS Meridian)", as if the station were missing."""
    path = one_ship_campaign(tmp_path / "one.campaign", [("Captain Rhea Vos", None)])
    app = app_factory(path=path)
    async with app.run_test(size=SMALL) as pilot:
        await open_stations(app, pilot)
        title = app.query_one("#party-title")
        assert [title.render_line(y).text.strip() for y in range(title.size.height)] == [
            "1 of 1 unassigned"
        ]
        assert title.region.right <= app.query_one("#party-list").region.right
        await pilot.press("tab", "a")
        await done(pilot)
        screen = app.screen
        assert isinstance(screen, ChoiceDialog)
        assert screen.title_text == "Where to put Captain Rhea Vos? (CSS Meridian)"
        await choose(pilot, "bridge")
        assert str(title.render()) == "Party 1: all placed"
        # her name does not fit the board's Who (15 cells): the list, which has room, shows
        # it as the board does, not "Captain Rhea Vos" beside "Rhea Vos"
        assert "Bridge | Rhea Vos | hands-on" in board_text(app)[1]
        side = app.query_one("#party-list", OptionList)
        assert str(side.get_option_at_index(0).prompt).split("\n")[0] == "Rhea Vos"
        await pilot.resize_terminal(*LARGE)  # room on both: whole on both
        await done(pilot)
        assert "Bridge | Captain Rhea Vos | hands-on" in board_text(app)[1]
        assert str(side.get_option_at_index(0).prompt).startswith("Captain Rhea Vos\n")


def test_the_party_title_fits_its_width() -> None:
    assert party_title(8, 1, 27) == "Party 8: 1 unassigned"
    assert party_title(8, 1, 20) == "1 of 8 unassigned"
    assert party_title(12, 12, 20) == "12 of 12 unassigned"
    assert party_title(8, 0, 20) == "Party 8: all placed"
    assert party_title(0, 0, 20) == "Party: no one yet"


def test_names_in_a_column_are_shortened_by_one_rule() -> None:
    names = ["Pilot Officer Mira Tek", "Pilot Kal Dorn", "Gunner Ox"]
    assert fit_names(names, 22) == names  # all fit: all whole
    # one does not fit: every name drops its title, not only the long one
    assert fit_names(names, 15) == ["Mira Tek", "Kal Dorn", "Gunner Ox"]
    assert fit_names(["Chief Engineer Halvard Rusk", "Jory Fenn"], 10) == [
        "Halvard R…",
        "Jory Fenn",
    ]


async def test_board_and_list_shorten_every_name_alike_at_80_columns(
    app_factory: Callable[..., GmApp], tmp_path: Path
) -> None:
    """At 80 columns the board showed "Mira Tek" for Pilot Officer Mira Tek but "Pilot Kal
    Dorn" a row below: each name was shortened only when it alone did not fit."""
    people = [
        ("Pilot Officer Mira Tek", "bridge"),
        ("Pilot Kal Dorn", "bridge"),
        ("Gunner Ox", "weapons_and_defenses"),
    ]
    path = one_ship_campaign(tmp_path / "one.campaign", people)
    app = app_factory(path=path)
    async with app.run_test(size=SMALL) as pilot:
        await open_stations(app, pilot)
        table = app.query_one("#board", DataTable)
        who = [str(table.get_row_at(i)[1]) for i in range(table.row_count)]
        assert [w for w in who if w not in ("crew", "—")] == ["Mira Tek", "Kal Dorn", "Gunner Ox"]
        side = app.query_one("#party-list", OptionList)
        listed = [str(side.get_option_at_index(i).prompt).split("\n")[0] for i in range(3)]
        assert listed == ["Mira Tek", "Kal Dorn", "Gunner Ox"]
        await pilot.resize_terminal(160, 36)  # Who 22 wide: every name fits, all whole
        await done(pilot)
        who = [str(table.get_row_at(i)[1]) for i in range(table.row_count)]
        assert [w for w in who if w not in ("crew", "—")] == [n for n, _ in people]


# -- snapshots ------------------------------------------------------------------------------


def _stations_keys(app: GmApp) -> list[str]:
    return ["escape", str([t.TAB_ID for t in app.tabs].index("stations") + 1)]


def test_snapshot_stations_tab_large(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=LARGE, press=[*_stations_keys(app), "down", "down"])


def test_snapshot_stations_tab_small(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=SMALL, press=_stations_keys(app))


def test_snapshot_character_editor(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=SMALL, press=[*_stations_keys(app), "e"])
