"""The Crew tab, driven like a GM: import, edit, regenerate, search, export, undo, restart."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, DataTable, Input, Select, Static, Tree
from textual.widgets.data_table import ColumnKey

from gmtool.actions import ships as ship_actions
from gmtool.rules import crew as crew_rules
from gmtool.rules.tables import tables_dir
from gmtool.store import Campaign, open_campaign
from gmtool.store import ships as ship_store
from gmtool.tui.app import GmApp
from gmtool.tui.dialogs import ConfirmDialog
from gmtool.tui.footer import KeyFooter
from gmtool.tui.tabs.crew import pane as crew_tab
from gmtool.tui.tabs.crew.dialogs import ExportDialog, ImportDialog
from gmtool.tui.tabs.crew.pane import CrewPane
from gmtool.tui.tabs.crew.ship_form import ShipFormScreen, flag_label
from gmtool.tui.tabs.crew.short_words import class_short, post_cell
from gmtool.tui.tabs.crew.system_dialog import FORM_WIDEST, TAB_SHOWN_BESIDE, SystemDialog
from tests.tui.conftest import footer_keys, open_dialog
from tests.tui.drawn import DrawnTerminal, done

SIZE = (120, 36)

GOOD_SPEC = """\
name: CSS Night Owl
class: small
hull_points: 60
crew_quality: green
systems:
  - {type: engine, hp: 6}
  - {type: beam, name: pulse laser, hp: 3}
"""

BAD_SPEC = """\
name: CSS Broken
class: light
hull_points: 100
systems:
  - {type: engine, count: 2}
  - {type: warp_core}
"""


@contextmanager
def saved(path: Path) -> Iterator[Campaign]:
    """The campaign as saved on disk, opened read-only beside the running app."""
    c = open_campaign(path, readonly=True)
    try:
        yield c
    finally:
        c.close()


def pane(app: GmApp) -> CrewPane:
    return app.query_one(CrewPane)


def status(app: GmApp) -> str:
    return str(app.query_one("#crew-status", Static).render())


def roster_names(app: GmApp) -> dict[str, str]:
    crew = pane(app).crew
    assert crew is not None
    return {m.id: m.name for m in crew.roster.members}


async def open_crew(app: GmApp, pilot: Pilot[None], ship_id: str | None = None) -> None:
    app.show_tab("crew")
    await done(pilot)
    if ship_id is not None:
        ids = [r.id for r in ship_store.list_ships(app.campaign)]
        table = app.query_one("#ship-list", DataTable)
        table.focus()
        table.move_cursor(row=ids.index(ship_id))
        await done(pilot)
        assert pane(app).ship_id == ship_id


async def open_ship_form(app: GmApp, pilot: Pilot[None]) -> ShipFormScreen:
    """n on the ships list: the ship form."""
    return await open_dialog(app, pilot, "n", ShipFormScreen)


async def type_into(pilot: Pilot[None], field: Input, text: str) -> None:
    """Type short text key by key; long text (paths, names) is pasted in one go."""
    field.focus()
    if len(text) > 8:
        field.value = text
        field.cursor_position = len(text)
        await pilot.pause()
    else:
        field.value = ""
        await pilot.press(*text)


async def import_file(app: GmApp, pilot: Pilot[None], path: Path) -> None:
    """i, the path, Enter."""
    await pilot.press("i")
    await done(pilot)
    assert isinstance(app.screen, ImportDialog)
    await type_into(pilot, app.screen.query_one("#import-path", Input), str(path))
    await pilot.press("enter")
    await done(pilot)


# -- import -----------------------------------------------------------------------------------


async def test_import_a_spec_file_and_find_it_saved(
    app_factory: Callable[..., GmApp], tmp_path: Path
) -> None:
    spec_file = tmp_path / "night-owl.yaml"
    spec_file.write_text(GOOD_SPEC, encoding="utf-8")
    app = app_factory()
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot)
        assert "No ships yet" in str(app.query_one("#ship-summary", Static).render())
        await import_file(app, pilot, spec_file)
        assert not isinstance(app.screen, ImportDialog)
        assert "Imported CSS Night Owl" in status(app)
        assert app.query_one("#ship-list", DataTable).row_count == 1
        summary = str(app.query_one("#ship-summary", Static).render())
        assert "CSS Night Owl" in summary and "small" in summary and "Total" in summary
        with saved(app.campaign.folder) as c:
            (record,) = ship_store.list_ships(c)
            assert record.id == "night-owl" and record.side == "campaign"
            crew = ship_store.ship_crew(c, "night-owl")
            assert len(crew.roster.members) == crew.manifest.total_crew > 0


async def test_import_as_an_enemy(app_factory: Callable[..., GmApp], tmp_path: Path) -> None:
    spec_file = tmp_path / "owl.yaml"
    spec_file.write_text(GOOD_SPEC, encoding="utf-8")
    app = app_factory()
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot)
        await pilot.press("i")
        await pilot.pause()
        app.screen.query_one("#import-side", Select).value = "enemy"
        await type_into(pilot, app.screen.query_one("#import-path", Input), str(spec_file))
        await pilot.press("enter")
        await pilot.pause()
        with saved(app.campaign.folder) as c:
            assert ship_store.get_ship(c, "owl").side == "enemy"
        assert "enemy" in str(app.query_one("#ship-summary", Static).render())


async def test_bad_spec_file_shows_one_message_and_imports_nothing(
    app_factory: Callable[..., GmApp], tmp_path: Path
) -> None:
    spec_file = tmp_path / "broken.yaml"
    spec_file.write_text(BAD_SPEC, encoding="utf-8")
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot)
        with saved(app.campaign.folder) as c:
            before = [r.to_dict() for r in ship_store.list_ships(c)]
        await import_file(app, pilot, spec_file)
        assert isinstance(app.screen, ImportDialog), "the dialog stays open to fix the path"
        message = str(app.screen.query_one("#import-error", Static).render())
        assert message.startswith("Not imported:")
        assert f"{spec_file}:6" in message  # file and line
        assert "CSS Broken" in message  # the ship
        assert "systems[1].type" in message  # the key
        assert "a system type" in message  # what was expected
        await pilot.press("escape")  # a path was typed: it asks first
        await pilot.pause()
        await pilot.press("y")
        await done(pilot)
        assert "Nothing imported" in status(app)
        with saved(app.campaign.folder) as c:
            assert [r.to_dict() for r in ship_store.list_ships(c)] == before
        assert not (app.campaign.folder / "rosters" / "broken.json").exists()


async def test_missing_file_is_named(app_factory: Callable[..., GmApp], tmp_path: Path) -> None:
    app = app_factory()
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot)
        await import_file(app, pilot, tmp_path / "nowhere.yaml")
        message = str(app.screen.query_one("#import-error", Static).render())
        assert "nowhere.yaml" in message and "a readable file" in message
        with saved(app.campaign.folder) as c:
            assert ship_store.list_ships(c) == []


# -- the form ---------------------------------------------------------------------------------


async def test_edit_adds_a_system_changes_the_manifest_and_keeps_names(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot, "kestrel")
        before_crew = pane(app).crew
        assert before_crew is not None
        before = roster_names(app)
        await pilot.press("e")
        await done(pilot)
        form = app.screen
        assert isinstance(form, ShipFormScreen)
        assert form.query_one("#form-name", Input).value == "CSS Kestrel"
        # a lab section, added in the systems list
        form.query_one("#form-systems", DataTable).focus()
        await pilot.press("a")
        await done(pilot)
        dialog = app.screen
        assert isinstance(dialog, SystemDialog)
        # its own footer; a weapon's blank damage says what it means ("none"), not an example
        assert {i.key for i in dialog.query_one(KeyFooter).items()} >= {"ctrl+s", "escape"}
        dialog.query_one("#sys-type", Select).value = "beam"
        await done(pilot)
        assert dialog.query_one("#sys-damage-ordinary", Input).placeholder == "none"
        dialog.query_one("#sys-type", Select).value = "lab_section"
        await pilot.pause()
        await type_into(pilot, dialog.query_one("#sys-count", Input), "2")
        await pilot.press("enter")
        await done(pilot)
        assert app.screen is form
        assert form.systems[-1] == {"type": "lab_section", "count": 2}
        # and more marines, typed in the form
        await type_into(pilot, form.query_one("#form-marines", Input), "6")
        await pilot.press("ctrl+s")
        await done(pilot)
        assert not isinstance(app.screen, ShipFormScreen)
        after_crew = pane(app).crew
        assert after_crew is not None
        assert after_crew.manifest.total_crew > before_crew.manifest.total_crew
        tree_text = " ".join(
            str(node.label) for node in app.query_one("#manifest-tree", Tree).root.children
        )
        assert str(after_crew.manifest.total_crew) in tree_text
        after = roster_names(app)
        kept = [mid for mid in before if mid in after]
        assert kept and all(after[mid] == before[mid] for mid in kept)
        assert "kept their names" in status(app)
        with saved(app.campaign.folder) as c:
            record = ship_store.get_ship(c, "kestrel")
            assert record.spec.marines == 6
            assert record.spec.count_of({"lab_section"}) == 2
            saved_names = {m.id: m.name for m in ship_store.ship_crew(c, "kestrel").roster.members}
            assert saved_names == after


async def test_a_number_field_keeps_what_was_typed_and_marks_it_at_once(
    app_factory: Callable[..., GmApp],
) -> None:
    """'1e400' typed as hull points stays '1e400' (it was saved as 1400), is marked at once,
    and the save says what the field needs, the cursor on it; nothing is saved."""
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot, "meridian")
        await pilot.press("e")
        await done(pilot)
        form = app.screen
        hull = form.query_one("#form-hull_points", Input)
        await type_into(pilot, hull, "1e400")
        assert hull.value == "1e400"
        assert hull.has_class("-invalid")  # marked as typed, before any save
        await pilot.press("ctrl+s")
        await done(pilot)
        assert app.screen is form and app.focused is hull and hull.value == "1e400"
        message = str(form.query_one("#form-error", Static).render())
        assert message == "Not saved: Hull points: a whole number, digits only (this is '1e400')."
        await type_into(pilot, hull, "400")
        assert not hull.has_class("-invalid")
        await pilot.press("escape", "y")
        await pilot.pause()
    with saved(app.campaign.folder) as c:
        assert ship_store.get_ship(c, "meridian").spec.hull_points != 1400


async def test_invalid_form_shows_the_message_and_saves_nothing(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot, "meridian")
        await pilot.press("e")
        await done(pilot)
        form = app.screen
        await type_into(pilot, form.query_one("#form-hull_points", Input), "0")
        await pilot.press("ctrl+s")
        await done(pilot)
        assert app.screen is form, "the form stays open"
        message = str(form.query_one("#form-error", Static).render())
        assert message == "Not saved: Hull points: at least 1 (this is 0)."
        assert app.focused is form.query_one("#form-hull_points", Input)  # the cursor on it
        assert any(n.message == message for n in app._notifications)  # seen at 80x24 too
        await type_into(pilot, form.query_one("#form-crew_quality", Input), "legendary")
        await type_into(pilot, form.query_one("#form-hull_points", Input), "400")
        await pilot.press("ctrl+s")
        await done(pilot)
        message = str(form.query_one("#form-error", Static).render())
        assert "Crew quality" in message and "green" in message
        await pilot.press("escape", "y")  # discard the typing (Escape asks first)
        await pilot.pause()
        with saved(app.campaign.folder) as c:
            assert ship_store.get_ship(c, "meridian").spec.hull_points == 400
            assert ship_store.ship_tracker(c).last_label() == "demo ships"


async def test_system_dialog_checks_its_line(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot, "kestrel")
        await pilot.press("e")
        await pilot.pause()
        app.screen.query_one("#form-systems", DataTable).focus()
        await pilot.press("a")
        await done(pilot)
        dialog = app.screen
        dialog.query_one("#sys-type", Select).value = "beam"
        await pilot.pause()
        await type_into(pilot, dialog.query_one("#sys-damage-ordinary", Input), "d6+1")
        await pilot.press("enter")
        await done(pilot)
        assert app.screen is dialog
        message = str(dialog.query_one("#sys-error", Static).render())
        assert "damage.ordinary" in message and "track letter" in message
        await pilot.press("escape", "y")  # discard the typing (Escape asks first)
        await done(pilot)
        assert isinstance(app.screen, ShipFormScreen)


async def test_new_ship_through_the_form(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot)
        form = await open_ship_form(app, pilot)
        await type_into(pilot, form.query_one("#form-name", Input), "CSS Wren")
        form.query_one("#form-class", Select).value = "medium"
        await type_into(pilot, form.query_one("#form-hull_points", Input), "300")
        await pilot.press("enter")  # Enter in a field saves the form
        await done(pilot)
        assert not isinstance(app.screen, ShipFormScreen)
        assert "Added CSS Wren" in status(app)
        with saved(app.campaign.folder) as c:
            (record,) = ship_store.list_ships(c)
            assert (record.id, record.spec.ship_class, record.spec.hull_points) == (
                "css-wren",
                "medium",
                300,
            )


async def test_the_new_ship_form_opens_again_blank(app_factory: Callable[..., GmApp]) -> None:
    """The blank ship form is kept between openings (building it was the slowest key of the
    tab): whatever was typed, refused, added as a system or saved the last time, n shows it
    blank again, and an untouched form closes without asking."""
    app = app_factory()
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot)
        form = await open_ship_form(app, pilot)
        blank = form.field_values()
        await type_into(pilot, form.query_one("#form-name", Input), "CSS Wren")
        form.query_one("#form-class", Select).value = "medium"
        form.query_one("#form-carries_fuel", Checkbox).value = True
        await type_into(pilot, form.query_one("#form-hull_points", Input), "0")
        form.systems.append({"type": "engine", "hp": 6})
        await pilot.press("ctrl+s")  # refused: hull points
        await done(pilot)
        assert str(form.query_one("#form-error", Static).render()).startswith("Not saved")
        await pilot.press("escape", "y")  # discard
        await done(pilot)
        assert not isinstance(app.screen, ShipFormScreen)

        await pilot.press("n")
        await done(pilot)
        assert app.screen is form  # the same form, kept
        assert form.field_values() == blank
        assert form.systems == [] and form.query_one("#form-systems", DataTable).row_count == 0
        assert str(form.query_one("#form-error", Static).render()) == ""
        assert str(form.query_one("#form-carries_fuel", Checkbox).label) == flag_label(
            "carries_fuel", False
        )
        assert app.focused is form.query_one("#form-name", Input)
        assert not form.unsaved_changes()
        await pilot.press("escape")  # untouched: closes at once
        await done(pilot)
        assert "No ship added" in status(app)

        await pilot.press("n")  # and a ship saved through it leaves it blank next time
        await pilot.pause()
        await type_into(pilot, form.query_one("#form-name", Input), "CSS Wren")
        await type_into(pilot, form.query_one("#form-hull_points", Input), "300")
        await pilot.press("enter")
        await done(pilot)
        assert "Added CSS Wren" in status(app)
        await pilot.press("n")
        await done(pilot)
        assert app.screen is form and form.field_values() == blank
        await type_into(pilot, form.query_one("#form-name", Input), "CSS Wren")
        await type_into(pilot, form.query_one("#form-hull_points", Input), "300")
        await pilot.press("enter")  # the second Wren is refused by the one saved
        await done(pilot)
        assert app.screen is form
        assert "CSS Wren" in str(form.query_one("#form-error", Static).render())
        with saved(app.campaign.folder) as c:
            assert [r.name for r in ship_store.list_ships(c)] == ["CSS Wren"]


# -- roster: regenerate, search, export ---------------------------------------------------------


async def test_regenerate_names_a_new_crew_and_undo_brings_the_old_one_back(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot, "gorgon")
        before = roster_names(app)
        await pilot.press("r")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)  # it asks first
        await pilot.press("y")
        await done(pilot)
        after = roster_names(app)
        assert after.keys() == before.keys() and after != before
        assert "Named a new crew" in status(app)
        with saved(app.campaign.folder) as c:
            assert ship_store.get_ship(c, "gorgon").regenerations == 1
        await pilot.press("ctrl+z")
        await done(pilot)
        assert roster_names(app) == before
        assert "Undone: regenerate the crew of Raider Gorgon" in status(app)
        with saved(app.campaign.folder) as c:
            assert ship_store.get_ship(c, "gorgon").regenerations == 0


async def test_the_regenerate_question_asked_again_names_the_ship_with_the_cursor_on_no(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot, "gorgon")
        first = await open_dialog(app, pilot, "r", ConfirmDialog)
        await pilot.press("right", "escape")  # the cursor moved to yes, then no answer
        await done(pilot)
        await open_crew(app, pilot, "kestrel")
        question = await open_dialog(app, pilot, "r", ConfirmDialog)
        assert question is first  # kept, asked anew
        words = " ".join(str(s.render()) for s in question.query(Static))
        assert "Kestrel" in words and "Gorgon" not in words
        assert question.focused is not None and question.focused.id == "confirm-no"
        await pilot.press("enter")  # on no: nothing changes
        await done(pilot)
        with saved(app.campaign.folder) as c:
            assert ship_store.get_ship(c, "kestrel").regenerations == 0


def test_the_ship_form_is_solid_until_the_tab_has_room_beside_it() -> None:
    """The width up to which the ship form covers the screen (its solid background) is the
    form's max-width in form.tcss and the tab's room beside it: the two are written apart,
    so they are held together."""
    css = (Path(crew_tab.__file__).parent / "form.tcss").read_text()
    form_box = css.split("}", 1)[0]
    assert "ShipFormScreen > #form-box" in form_box
    assert f"max-width: {FORM_WIDEST};" in form_box
    assert ShipFormScreen.HORIZONTAL_BREAKPOINTS == [
        (0, "-covers-tab"),
        (FORM_WIDEST + TAB_SHOWN_BESIDE, "-beside-tab"),
    ]


async def test_a_crew_just_saved_is_shown_without_reading_it_back(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The action returns the crew it saved: read back, 5,000 crew cost 10 ms a key."""
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot, "gorgon")
        before = roster_names(app)
        read_back: list[str] = []
        real_crew_of = ship_actions.crew_of

        def crew_of(campaign: Any, ship_id: str) -> Any:
            read_back.append(ship_id)
            return real_crew_of(campaign, ship_id)

        monkeypatch.setattr(ship_actions, "crew_of", crew_of)
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("y")
        await done(pilot)
        assert read_back == []
        pane = app.query_one(CrewPane)
        assert pane.crew is not None and pane.ship_id == "gorgon"
        with saved(app.campaign.folder) as c:
            assert ship_store.ship_crew(c, "gorgon").roster == pane.crew.roster
        assert roster_names(app) != before


async def test_a_new_crew_keeps_the_manifest_and_its_cursor(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same manifest (a new crew for the same spec) is not put in the tree again: the
    cursor stays on its post, and a 5,000-crew ship's tree is not laid out again."""
    filled: list[object] = []
    real_fill = crew_tab.fill_manifest_tree

    def fill(tree: Tree[str], manifest: Any, ranks: bool = True) -> None:
        filled.append(manifest)
        real_fill(tree, manifest, ranks)

    monkeypatch.setattr(crew_tab, "fill_manifest_tree", fill)
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot, "tenacity")
        await pilot.press("enter", "down", "down", "down", "escape")
        await done(pilot)
        tree = app.query_one("#manifest-tree", Tree)
        cursor = tree.cursor_line
        assert cursor > 0
        filled.clear()
        await pilot.press("r", "y")
        await done(pilot)
        assert "Named a new crew" in status(app)
        assert filled == [] and tree.cursor_line == cursor
        await pilot.press("up")  # another ship, another manifest
        await done(pilot)
        assert len(filled) == 1 and pane(app).ship_id != "tenacity"


@pytest.fixture
def house_rule_deckhands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Crew rules that differ from the ones a campaign's rosters were saved under: one
    deckhand per 30 hull points (as a gmtool update or a GM's house rule would)."""
    folder = tmp_path / "tables"
    shutil.copytree(tables_dir(), folder)
    crew_yaml = folder / "crew.yaml"
    old = "        count: {per: 40, of: hull_points}\n      cargo_handlers:"
    text = crew_yaml.read_text(encoding="utf-8")
    assert old in text
    crew_yaml.write_text(text.replace(old, old.replace("40", "30")), encoding="utf-8")
    monkeypatch.setenv("GMTOOL_TABLES", str(folder))
    crew_rules.crew_table.cache_clear()
    yield
    monkeypatch.delenv("GMTOOL_TABLES")
    crew_rules.crew_table.cache_clear()


async def test_a_crew_the_rules_changed_is_kept_marked_and_regenerated_on_request(
    app_factory: Callable[..., GmApp], request: pytest.FixtureRequest
) -> None:
    app = app_factory(demo=True)  # rosters saved under the shipped rules
    with saved(app.campaign.folder) as c:
        saved_total = ship_store.ship_manifest(c, "kestrel").total_crew
    request.getfixturevalue("house_rule_deckhands")
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot, "kestrel")
        crew = pane(app).crew
        assert crew is not None and crew.manifest.total_crew == saved_total  # kept
        table = app.query_one("#ship-list", DataTable)
        assert str(table.get_cell("kestrel", table.ordered_columns[2].key)).endswith("*")
        assert f"saved roster has {saved_total}" in status(app)
        await pilot.press("r", "n")
        await done(pilot)
        assert pane(app).crew is not None and roster_names(app)  # nothing changed
        with saved(app.campaign.folder) as c:
            assert ship_store.get_ship(c, "kestrel").regenerations == 0
        await pilot.press("r")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "the saved roster has" in " ".join(str(s.render()) for s in app.screen.query(Static))
        await pilot.press("y")
        await done(pilot)
        crew = pane(app).crew
        assert crew is not None and crew.manifest.total_crew == saved_total + 1  # 4 deckhands
        assert not str(table.get_cell("kestrel", table.ordered_columns[2].key)).endswith("*")
        await open_crew(app, pilot, "meridian")  # another changed ship is still marked
        assert "The crew rules now give CSS Meridian" in status(app)


async def test_roster_view_and_search(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(crew_tab, "ROSTER_PAGE", 1000)  # every row at once
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot, "meridian")
        crew = pane(app).crew
        assert crew is not None
        await pilot.press("R")
        await done(pilot)
        table = app.query_one("#roster-table", DataTable)
        assert table.row_count == crew.manifest.total_crew
        await pilot.press("slash")
        await done(pilot)
        assert app.query_one("#roster-search", Input).has_focus
        await pilot.press(*"helm")
        await done(pilot)
        helm = crew.manifest.count("helm_operators")
        assert 0 < table.row_count < crew.manifest.total_crew
        assert table.row_count >= helm
        count_line = str(app.query_one("#roster-count", Static).render())
        assert f"{table.row_count} of {crew.manifest.total_crew} crew match 'helm'" in count_line
        someone = crew.roster.members[-1]
        await type_into(pilot, app.query_one("#roster-search", Input), someone.name)
        await done(pilot)
        names = [str(table.get_row_at(i)[1]) for i in range(table.row_count)]
        assert someone.name in names
        await pilot.press("escape")
        await done(pilot)
        assert app.query_one("#roster-table", DataTable).has_focus
        await pilot.press("m")
        await done(pilot)
        assert app.query_one("#manifest-tree", Tree).has_focus


async def test_a_search_that_matches_nobody_shows_an_empty_roster(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot, "meridian")
        await pilot.press("slash", *"zzqx")
        await pilot.pause()
        assert app.is_running
        assert app.query_one("#roster-table", DataTable).row_count == 0
        assert "0 of" in str(app.query_one("#roster-count", Static).render())
        await pilot.press("backspace", "backspace", "backspace", "backspace")
        await done(pilot)
        assert app.query_one("#roster-table", DataTable).row_count > 0


async def test_a_big_roster_shows_its_first_rows_and_the_search_narrows_it(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(crew_tab, "ROSTER_PAGE", 10)
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot, "tenacity")
        await pilot.press("R")
        await done(pilot)
        table = app.query_one("#roster-table", DataTable)
        page = max(10, table.size.height)  # a page fills the table's height at least
        assert 10 < page < 717
        assert table.row_count == page
        # the Tenacity's 717 (RULES.md section 2, third reading: one cargo handler)
        assert f"717 crew ({page} shown, more below)" in str(
            app.query_one("#roster-count", Static).render()
        )
        table.focus()
        await pilot.press("ctrl+end")  # the cursor on the last row: the next page below it
        await done(pilot)
        assert table.row_count == 2 * page
        await pilot.press("ctrl+end")
        await done(pilot)
        assert table.row_count == 3 * page
        await pilot.press("slash", *"chap")
        await done(pilot)
        assert 0 < table.row_count < 10
        assert "Chaplain" in [str(table.get_row_at(i)[3]) for i in range(table.row_count)]


def roster_pages_filled(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that gets the row count each time the roster is filled with a page."""
    pages: list[int] = []
    real_page = CrewPane._add_roster_page

    def page(pane: CrewPane, table: DataTable[object]) -> None:
        pages.append(table.row_count)
        real_page(pane, table)

    monkeypatch.setattr(CrewPane, "_add_roster_page", page)
    return pages


@pytest.mark.parametrize("size", [(120, 36), (80, 24)])
async def test_the_roster_is_filled_once_to_the_width_it_is_laid_out_at(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    pages = roster_pages_filled(monkeypatch)
    app = app_factory(demo=True)
    async with app.run_test(size=size) as pilot:
        await open_crew(app, pilot, "tenacity")
        await pilot.press("R")
        await pilot.pause()
        await pilot.pause()
        pane = app.query_one(CrewPane)
        table = app.query_one("#roster-table", DataTable)
        members = pane._roster_members
        laid_out = pane._post_width_in(members, table.scrollable_content_region.width)
        assert table.columns[ColumnKey("post")].width == laid_out
        assert table.row_count >= table.size.height  # the view is full
        if size == (120, 36):  # wide, nothing moves as the roster takes the cursor
            assert pages == [0], "filled once, before it was drawn: not drawn, then again"


async def test_the_roster_is_filled_again_only_when_its_width_changes(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A taller terminal (or the footer taking a line less) refills nothing while the rows
    already fill the view; a wider one fits the post column to the new width."""
    pages = roster_pages_filled(monkeypatch)
    app = app_factory(demo=True)
    async with app.run_test(size=(120, 30)) as pilot:
        await open_crew(app, pilot, "tenacity")
        await pilot.press("R")
        await pilot.pause()
        await pilot.pause()
        table = app.query_one("#roster-table", DataTable)
        filled = len(pages)
        await pilot.resize_terminal(120, 32)
        await done(pilot)
        assert len(pages) == filled, "a change of height alone refilled the roster"
        assert table.row_count >= table.size.height  # the view is still full
        await pilot.resize_terminal(150, 32)
        await done(pilot)
        assert len(pages) > filled, "a new width is not fitted"
        pane = app.query_one(CrewPane)
        room = table.scrollable_content_region.width
        laid_out = pane._post_width_in(pane._roster_members, room)
        assert table.columns[ColumnKey("post")].width == laid_out


async def test_the_roster_measures_its_columns_once_whatever_room_it_is_given(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 80x24 the roster is filled to the room it is expected to get, then measured again
    once laid out (the ships list put aside, it is wider): the crew's cells are read once,
    a tenth of a second for 5,000 crew."""
    measured: list[int] = []
    real = CrewPane._condition_cells

    def condition_cells(pane: CrewPane, members: Any) -> set[str]:
        measured.append(len(members))
        return real(pane, members)

    monkeypatch.setattr(CrewPane, "_condition_cells", condition_cells)
    rooms: list[int] = []
    real_width_in = CrewPane._post_width_in

    def post_width_in(pane: CrewPane, members: Any, room: int) -> int:
        rooms.append(room)
        return real_width_in(pane, members, room)

    monkeypatch.setattr(CrewPane, "_post_width_in", post_width_in)
    app = app_factory(demo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_crew(app, pilot, "tenacity")
        measured.clear()
        await pilot.press("R")
        await done(pilot)
        table = app.query_one("#roster-table", DataTable)
        assert rooms and rooms[-1] == table.scrollable_content_region.width  # laid out
        assert len(measured) == 1
        await pilot.press("slash", "a")  # a search: other rows, measured
        await done(pilot)
        assert len(measured) == 2 and measured[1] < measured[0]


def tree_refreshes(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """From now on, whether each refresh of a tree asks for a layout."""
    layouts: list[bool] = []
    real_refresh = Tree.refresh

    def refresh(widget: Tree[str], *regions: object, **options: bool) -> Tree[str]:
        layouts.append(options.get("layout", False))
        return real_refresh(widget, *regions, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(Tree, "refresh", refresh)
    return layouts


async def test_the_manifest_gives_up_the_cursor_without_laying_itself_out_again(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Escape from the manifest restyles it (its cursor line no longer highlighted) and no
    more: Textual's Tree forgot its lines and laid itself out again, the whole manifest."""
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot, "tenacity")
        await pilot.press("enter")  # to the manifest
        await done(pilot)
        tree = app.query_one("#manifest-tree", Tree)
        assert tree.has_focus
        cursor_y = tree.cursor_line - round(tree.scroll_y)
        focused_line = tree.render_line(cursor_y)
        layouts = tree_refreshes(monkeypatch)
        await pilot.press("escape")
        await done(pilot)
        assert not tree.has_focus
        assert layouts and not any(layouts)  # drawn again, not laid out again
        assert tree.render_line(cursor_y) != focused_line  # in its unfocused colours


@pytest.mark.parametrize("size, lays_out", [((120, 30), False), ((100, 36), True)])
async def test_the_manifest_made_taller_or_shorter_keeps_its_lines(
    app_factory: Callable[..., GmApp],
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int],
    lays_out: bool,
) -> None:
    """A new height alone (the status above taking a row more, a shorter terminal) leaves
    the manifest's lines as drawn by the layout that resized it; Textual's Tree forgot them
    and laid itself out again, a frame more. A new width still lays it out again."""
    app = app_factory(demo=True)
    terminal = DrawnTerminal(app)
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot, "tenacity")
        tree = app.query_one("#manifest-tree", Tree)
        before = tree.size
        layouts = tree_refreshes(monkeypatch)
        await pilot.resize_terminal(*size)
        for _ in range(3):
            await done(pilot)
        assert tree.size != before and (tree.size.width == before.width) is not lays_out
        assert any(layouts) is lays_out
        assert not terminal.stale_cells()


async def test_export_manifest_and_roster(
    app_factory: Callable[..., GmApp], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot, "kestrel")
        await pilot.press("enter", "ctrl+e")  # export is a key of the manifest or roster
        await done(pilot)
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        assert dialog.query_one("#export-path", Input).value == "kestrel-manifest.md"
        await pilot.press("enter")
        await done(pilot)
        manifest_md = (tmp_path / "kestrel-manifest.md").read_text(encoding="utf-8")
        assert manifest_md.startswith("# Crew manifest: CSS Kestrel")
        assert "Exported the manifest" in status(app)
        # the roster as CSV: the offered file name follows the choices
        await pilot.press("R", "ctrl+e")
        await done(pilot)
        dialog = app.screen
        assert dialog.query_one("#export-what", Select).value == "roster"
        dialog.query_one("#export-format", Select).value = "csv"
        await done(pilot)
        assert dialog.query_one("#export-path", Input).value == "kestrel-roster.csv"
        dialog.query_one("#export-path", Input).focus()
        await pilot.press("enter")
        await done(pilot)
        lines = (tmp_path / "kestrel-roster.csv").read_text(encoding="utf-8").splitlines()
        crew = pane(app).crew
        assert crew is not None
        assert lines[0].startswith("id,rank_title,name")
        assert len(lines) == 1 + crew.manifest.total_crew
        # a path that cannot be written says so, and the dialog stays open to fix it
        await pilot.press("ctrl+e")
        await done(pilot)
        dialog = app.screen
        await type_into(pilot, dialog.query_one("#export-path", Input), "no/such/dir/x.md")
        await pilot.press("enter")
        await done(pilot)
        assert app.screen is dialog
        shown = str(dialog.query_one("#export-error", Static).render())
        assert "Not exported" in shown and "no/such/dir/x.md" in shown
        await type_into(pilot, dialog.query_one("#export-path", Input), "x.md")
        await pilot.press("enter")
        await done(pilot)
        assert app.screen is not dialog and (tmp_path / "x.md").exists()


# -- delete, undo, restart ----------------------------------------------------------------------


async def test_delete_asks_first_and_undo_brings_the_ship_back(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot, "vex")
        names = roster_names(app)
        await pilot.press("x")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        with saved(app.campaign.folder) as c:
            assert "vex" in [r.id for r in ship_store.list_ships(c)]
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("y")
        await done(pilot)
        assert "Deleted Marauder Vex" in status(app)
        with saved(app.campaign.folder) as c:
            assert "vex" not in [r.id for r in ship_store.list_ships(c)]
        await pilot.press("ctrl+z")
        await pilot.pause()
        with saved(app.campaign.folder) as c:
            assert "vex" in [r.id for r in ship_store.list_ships(c)]
        await open_crew(app, pilot, "vex")
        assert roster_names(app) == names
        # the demo's own set-up is not undone: ctrl+z is no longer offered
        assert "ctrl+z" not in footer_keys(app)
        await pilot.press("ctrl+z")
        await done(pilot)
        assert app.query_one("#ship-list", DataTable).row_count == 5


async def test_with_nothing_to_undo_or_edit_those_keys_are_not_offered(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot)
        keys = footer_keys(app)
        assert "n" in keys and not keys & {"ctrl+z", "ctrl+y", "e", "x", "r"}
        await pilot.press("ctrl+z", "e")
        await done(pilot)
        assert not isinstance(app.screen, ShipFormScreen)


async def test_restart_finds_ships_edits_and_names(
    app_factory: Callable[..., GmApp], tmp_path: Path
) -> None:
    spec_file = tmp_path / "night-owl.yaml"
    spec_file.write_text(GOOD_SPEC, encoding="utf-8")
    app = app_factory(demo=True)
    path = app.campaign.folder
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot)
        await import_file(app, pilot, spec_file)
        await open_crew(app, pilot, "tenacity")
        await pilot.press("r", "y")
        await pilot.pause()
        tenacity = roster_names(app)
    again = app_factory(path=path)
    async with again.run_test(size=SIZE) as pilot:
        await open_crew(again, pilot, "tenacity")
        assert roster_names(again) == tenacity
        ids = [r.id for r in ship_store.list_ships(again.campaign)]
        assert ids == ["kestrel", "meridian", "tenacity", "gorgon", "vex", "night-owl"]
        assert again.query_one("#ship-list", DataTable).row_count == 6
        await pilot.press("ctrl+z")  # undo survives the restart too
        await done(pilot)
        assert roster_names(again) != tenacity


async def test_help_and_palette_list_the_crew_keys(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot)
        await pilot.press("f1")
        await done(pilot)
        assert app.screen.__class__.__name__ == "HelpScreen"
        await pilot.press("escape")
        keys = {b.key for b in CrewPane.BINDINGS}
        wanted = {"n", "e", "i", "x", "r", "m", "R", "slash", "ctrl+e", "ctrl+z", "ctrl+y"}
        assert wanted <= keys
        for _title, _help, action in CrewPane.palette_commands():
            assert callable(getattr(pane(app), "action_" + action))


# -- snapshots ----------------------------------------------------------------------------------


async def _show_crew(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, GmApp)
    app.show_tab("crew")
    await done(pilot)  # the footer follows the ship's condition keys a refresh later


def test_snapshot_crew_manifest_large(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=(120, 36), run_before=_show_crew, press=["down"])


def test_snapshot_crew_roster_large(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=(120, 36), run_before=_show_crew, press=["R"])


def test_snapshot_crew_small(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_show_crew)


def test_snapshot_ship_form(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=(120, 36), run_before=_show_crew, press=["e"])


async def test_a_new_ship_with_blank_fields_names_the_field(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_crew(app, pilot, "meridian")
        await pilot.press("n")
        await done(pilot)
        form = app.screen
        await type_into(pilot, form.query_one("#form-name", Input), "CSS Harrow")
        await pilot.press("ctrl+s")
        await done(pilot)
        message = str(form.query_one("#form-error", Static).render())
        assert message == "Not saved: Hull points: fill this in."
        assert app.focused is form.query_one("#form-hull_points", Input)


def test_refusals_read_as_the_form_says_them() -> None:
    from gmtool.rules.errors import TableError
    from gmtool.tui.widgets.form_errors import field_key, refusal_text

    missing = TableError("the ship form", "hull_points", "this key to be present")
    assert refusal_text(missing, "Hull points") == "Not saved: Hull points: fill this in."
    low = TableError("the ship form", "durability.stun", "a whole number of at least 1", got=0)
    assert field_key(low) == "stun"
    assert refusal_text(low, "stun") == (
        "Not saved: stun: needs a whole number of at least 1 (not 0)."
    )
    assert field_key(TableError("f", "systems[2]", "a mapping")) == "systems"


@pytest.mark.parametrize("size", [(120, 36), (80, 24)], ids=["large", "small"])
async def test_roster_columns_fit_the_width(
    app_factory: Callable[..., GmApp], size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual.widgets.data_table import ColumnKey

    monkeypatch.setattr(crew_tab, "ROSTER_PAGE", 1000)  # every row, every post
    app = app_factory(demo=True)
    async with app.run_test(size=size) as pilot:
        await open_crew(app, pilot, "tenacity")
        await pilot.press("R")
        await pilot.pause()
        table = app.query_one("#roster-table", DataTable)
        post_width = table.columns[ColumnKey("post")].width
        posts = [str(table.get_row_at(i)[3]) for i in range(table.row_count)]
        assert all(len(p) <= post_width for p in posts)
        # a long post is shortened in the crew's own words, never cut mid-word
        assert not any(p.endswith("…") for p in posts)
        if size == (120, 36):  # rank, name, condition and post are never cut
            used = sum(c.get_render_width(table) for c in table.ordered_columns[:4])
            assert used <= table.scrollable_content_region.width
        else:  # too narrow for all four: the post keeps 18 ("First lieutenant" whole)
            assert post_width == 18 and "First lieutenant" in posts
            assert {"Cmd master chief", "Intel officer", "Chief MAA"} <= set(posts)


async def test_the_ships_list_at_80_columns_shows_each_class_short_with_a_key(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_crew(app, pilot, "kestrel")
        table = app.query_one("#ship-list", DataTable)
        classes = [str(table.get_row_at(i)[3]) for i in range(table.row_count)]
        assert classes == ["lt", "med", "hvy", "lt", "med"]
        used = sum(c.get_render_width(table) for c in table.ordered_columns)
        assert used <= table.scrollable_content_region.width  # no column cut
        help_text = app.query_one(CrewPane).help_text()
        assert "lt light" in help_text and "POs petty officers" in help_text


def test_a_post_is_shortened_word_by_word_and_cut_only_past_every_short_word() -> None:
    assert post_cell("Captain", 18) == "Captain"
    assert post_cell("Administration petty officers", 18) == "Administration POs"
    assert post_cell("Administration petty officers", 12) == "Admin POs"
    assert post_cell("Damage control officer", 18) == "DC officer"
    assert post_cell("Command master chief", 12) == "Cmd master …"
    assert class_short("super-heavy") == "shv" and class_short("house class") == "house class"


def first_pass_demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A demo campaign saved by a gmtool of the first reading of the crew rules, where the
    operations petty officers counted the specialists too (1 per 3 of electronics techs,
    comp techs, op specialists and intelligence specialists)."""
    from gmtool.store.demo import DEMO_NAME, seed_demo
    from tests.conftest import TEST_SEED, fixed_clock

    folder = tmp_path / "first-pass-tables"
    shutil.copytree(tables_dir(), folder)
    crew_yaml = folder / "crew.yaml"
    new = "count: {per: 3, of_posts: [electronics_techs, comp_techs]}"
    old = (
        "count: {per: 3, of_posts: [electronics_techs, comp_techs, op_specialists,"
        " intelligence_specialists]}"
    )
    text = crew_yaml.read_text(encoding="utf-8")
    assert new in text
    crew_yaml.write_text(text.replace(new, old), encoding="utf-8")
    target = tmp_path / "demo.campaign"
    with monkeypatch.context() as m:
        m.setenv("GMTOOL_TABLES", str(folder))
        crew_rules.crew_table.cache_clear()
        c = open_campaign(target, name=DEMO_NAME, seed=TEST_SEED, clock=fixed_clock)
        seed_demo(c)
        c.close()
    crew_rules.crew_table.cache_clear()
    return target


async def test_a_demo_roster_saved_under_the_first_reading_is_kept_until_regenerated(
    app_factory: Callable[..., GmApp], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """RULES.md section 2, second pass: a campaign's saved roster does not silently change.
    The CSS Kestrel (light, 120 hull points) was saved with 4 operations petty officers
    (ceil((2 + 3 + 5) / 3)), so 2 operations officers and 101 crew in all; today's rules
    give 2 petty officers (ceil((2 + 3) / 3)), 1 officer and 98 crew (the worked example in
    tests/cli/test_crew_json_by_hand.py)."""
    app = app_factory(first_pass_demo(tmp_path, monkeypatch), demo=True)
    with saved(app.campaign.folder) as c:
        names_before = {m.id: m.name for m in ship_store.ship_crew(c, "kestrel").roster.members}
    async with app.run_test(size=SIZE) as pilot:
        await open_crew(app, pilot, "kestrel")
        crew = pane(app).crew
        assert crew is not None
        assert crew.manifest.count("operations_petty_officers") == 4
        assert crew.manifest.total_crew == 101 and roster_names(app) == names_before
        table = app.query_one("#ship-list", DataTable)
        assert str(table.get_cell("kestrel", table.ordered_columns[2].key)).endswith("*")
        assert "The crew rules now give CSS Kestrel 98 crew" in status(app)
        assert "saved roster has 101" in status(app)
        await pilot.press("r")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "Today's crew rules give 98 crew; the saved roster has 101" in " ".join(
            str(s.render()) for s in app.screen.query(Static)
        )
        await pilot.press("y")
        await done(pilot)
        crew = pane(app).crew
        assert crew is not None and crew.manifest.total_crew == 98
        assert crew.manifest.count("operations_petty_officers") == 2
        assert crew.manifest.count("operations_officers") == 1
        assert len(crew.roster.members) == 98
        assert not str(table.get_cell("kestrel", table.ordered_columns[2].key)).endswith("*")
    with saved(app.campaign.folder) as c:
        assert ship_store.get_ship(c, "kestrel").regenerations == 1


async def test_the_roster_is_a_list_a_gm_knows(app_factory: Callable[..., GmApp]) -> None:
    """End goes to the last member (bringing in every page), Home to the first; the count
    above follows what is shown; Tab from the search lands on the roster, never on the
    views' tab bar (m and R switch those)."""
    app = app_factory(demo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_crew(app, pilot, "tenacity")
        await pilot.press("R")
        await pilot.pause()
        table = app.query_one("#roster-table", DataTable)
        count = app.query_one("#roster-count", Static)
        total = len(ship_store.ship_crew(app.campaign, "tenacity").roster.members)
        assert table.row_count < total and "shown, more below" in str(count.render())
        table.focus()
        first_page = table.row_count
        table.move_cursor(row=first_page - 1)  # paging down past the rows shown
        await done(pilot)
        assert table.row_count > first_page
        assert f"({table.row_count} shown, more below)" in str(count.render())
        await pilot.press("end")
        await done(pilot)
        assert table.row_count == total and table.cursor_row == total - 1
        assert str(count.render()) == f"{total} crew."
        await pilot.press("home")
        await done(pilot)
        assert table.cursor_row == 0
        await pilot.press("slash")
        await pilot.pause()
        await pilot.press("tab")
        await done(pilot)
        assert app.focused is table


async def test_the_kept_ship_form_shown_again_keeps_its_empty_error_line(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """n shows the kept form made new; an error line already empty is left alone (written
    again, it lays the form out once more, a second whole frame of the form)."""
    app = app_factory(demo=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await open_crew(app, pilot)
        form = await open_ship_form(app, pilot)
        await pilot.press("escape")
        await done(pilot)
        written: list[object] = []
        real_update = Static.update

        def update(widget: Static, *args: Any, **options: Any) -> None:
            if widget.id == "form-error":
                written.append(args)
            real_update(widget, *args, **options)

        monkeypatch.setattr(Static, "update", update)
        assert await open_ship_form(app, pilot) is form
        assert written == []
        await pilot.press("ctrl+s")  # no name: refused, the error line says so
        await done(pilot)
        assert len(written) == 1 and str(form.query_one("#form-error", Static).content)
        await pilot.press("escape")
        await done(pilot)
        if isinstance(app.screen, ConfirmDialog):
            await pilot.press("y")
            await done(pilot)
        assert await open_ship_form(app, pilot) is form
        assert str(form.query_one("#form-error", Static).content) == ""  # made new
