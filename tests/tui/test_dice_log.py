"""The Dice & Log tab, driven like a GM: rolls land in the saved campaign and survive restart."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Static

from gmtool.store import open_campaign
from gmtool.tui.app import GmApp
from tests.tui.drawn import done, settled


def saved_rolls(path: Path) -> list[dict]:
    c = open_campaign(path, readonly=True)
    try:
        return list(c.roll_log())
    finally:
        c.close()


async def test_dice_roll_is_saved_with_its_purpose(
    app_factory: Callable[..., GmApp], tmp_path: Path
) -> None:
    app = app_factory()
    path = app.campaign.folder
    async with app.run_test(size=(120, 36)) as pilot:
        await done(pilot)  # the tab's fields are built just after the first frame
        await pilot.click("#purpose")
        await pilot.press(*"torpedo damage")
        await pilot.click("#dice-expr")
        await pilot.press(*"2d6+1w", "enter")
        await done(pilot)
        shown = str(app.query_one("#last-roll", Static).render())
        assert "2d6+1w" in shown
        rolls = saved_rolls(path)
        assert len(rolls) == 1
        assert rolls[0]["for"] == "torpedo damage"
        assert rolls[0]["track"] == "wound"
        assert rolls[0]["total"] == sum(v for _, v, _ in rolls[0]["dice"]) + 1
        assert app.query_one("#roll-log", DataTable).row_count == 1


async def test_check_is_saved_with_degree(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(120, 36)) as pilot:
        await settled(pilot)  # started: the log takes the cursor as it is built
        await pilot.click("#check-score")
        await pilot.press("1", "4", "tab", "backspace", "+", "2", "enter")
        await done(pilot)
        rolls = saved_rolls(app.campaign.folder)
        assert rolls[0]["kind"] == "check"
        assert rolls[0]["score"] == 14 and rolls[0]["step"] == 2
        assert rolls[0]["degree"] in {"amazing", "good", "ordinary", "failure", "critical_failure"}
        shown = str(app.query_one("#last-roll", Static).render())
        label = rolls[0]["degree"].replace("_", " ").title()
        assert shown.startswith("Check score 14 step +2") and shown.endswith(f"-> {label}")


async def test_bad_expression_says_why_and_saves_nothing(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("d", *"2x6", "enter")
        await done(pilot)
        status = app.query_one("#last-roll", Static)
        assert "Not rolled" in str(status.render())
        assert status.has_class("error")
        assert saved_rolls(app.campaign.folder) == []


async def test_undo_marks_last_roll_undone(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("d", *"d20", "enter")
        await pilot.press("ctrl+z")
        await done(pilot)
        rolls = saved_rolls(app.campaign.folder)
        assert len(rolls) == 1 and rolls[0]["undone"] is True
        status = app.query_one("#last-roll", Static)
        total = rolls[0]["total"]
        assert str(status.render()) == (
            f"Undone: roll #1, 1d20 = {total}, is marked undone (ctrl+y brings it back)."
        )
        await pilot.press("ctrl+z")
        await done(pilot)
        assert str(status.render()) == "Nothing to undo: no roll of this tab is left."
        assert status.has_class("error")


async def test_log_survives_restart_and_filters(
    app_factory: Callable[..., GmApp], tmp_path: Path
) -> None:
    app = app_factory()
    path = app.campaign.folder
    async with app.run_test(size=(120, 36)) as pilot:
        await done(pilot)  # the tab's fields are built just after the first frame
        await pilot.click("#purpose")
        await pilot.press(*"shields")
        await pilot.click("#dice-expr")
        await pilot.press(*"d6", "enter")
        await pilot.click("#purpose")
        await pilot.press("ctrl+a", "ctrl+k", *"hull")
        await pilot.click("#dice-expr")
        await pilot.press("ctrl+a", "ctrl+k", *"d8", "enter")
        await pilot.pause()
    again = app_factory(path=path)
    async with again.run_test(size=(120, 36)) as pilot:
        for _ in range(50):  # the log is built just after the first frame: a busy machine
            await pilot.pause()  # may take a few refreshes more
            if again.query("#roll-log") and again.query_one("#roll-log", DataTable).row_count:
                break
        table = again.query_one("#roll-log", DataTable)
        assert table.row_count == 2
        await pilot.click("#log-filter")
        await pilot.press(*"shield")
        await done(pilot)
        assert table.row_count == 1


async def test_help_opens_and_closes(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await done(pilot)
        assert app.screen.__class__.__name__ == "HelpScreen"
        await pilot.press("escape")
        await done(pilot)
        assert app.screen.__class__.__name__ != "HelpScreen"


def test_snapshot_dice_tab_large(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    press = ["d", *"2d6+1w", "enter", "tab", *"14", "tab", "backspace", "+", "1", "enter"]
    press.append("escape")
    assert snap_compare(app, terminal_size=(120, 36), press=press)


def test_snapshot_dice_tab_small(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    press = ["d", *"d20", "enter", "tab", *"12", "enter"]
    assert snap_compare(app, terminal_size=(80, 24), press=press)


def test_snapshot_help(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    assert snap_compare(app, terminal_size=(80, 24), press=["f1"])


async def test_f2_starts_and_ends_a_session(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press(*"Ambush at Tolliver", "enter")
        await done(pilot)
        assert "Ambush at Tolliver (session 1)" in app.sub_title
        await pilot.press("d", *"d6", "enter")
        await done(pilot)
        assert saved_rolls(app.campaign.folder)[0]["session"] == 1
        await pilot.press("f2")
        await done(pilot)
        assert app.campaign.current_session is None
        assert "session" not in app.sub_title


LONG_PURPOSE = "Hazard: Kestrel, bridge console, Lt. Hadrian Okonkwo-Vasquez, Personality feat"


def _log_a_long_purpose_check(app: GmApp) -> None:
    from gmtool.rules.checks import roll_check

    campaign = app.campaign
    check = roll_check(12, 1, campaign.rng())
    campaign.record([campaign.check_entry(check, LONG_PURPOSE, source="battle")])


async def test_a_long_purpose_leaves_total_and_result_on_screen_at_80_columns(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    _log_a_long_purpose_check(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await done(pilot)
        table = app.query_one("#roll-log", DataTable)
        labels = [str(c.label) for c in table.ordered_columns]
        assert labels[-1] == "For"
        before_for = sum(c.get_render_width(table) for c in table.ordered_columns[:-1])
        assert before_for <= table.size.width
        # On the log, the row under the cursor is shown whole above it.
        await pilot.press("escape")
        await done(pilot)
        assert table.has_focus
        shown = str(app.query_one("#last-roll", Static).render())
        assert LONG_PURPOSE in shown and "#1" in shown


def test_snapshot_long_purpose_small(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    _log_a_long_purpose_check(app)
    press = ["d", *"d6", "enter", "escape", "down"]
    assert snap_compare(app, terminal_size=(80, 24), press=press)


async def test_a_check_with_many_dice_keeps_total_and_result_on_screen(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await done(pilot)  # the tab's fields are built just after the first frame
        await pilot.click("#check-score")
        await pilot.press(*"12", "tab", "ctrl+a", "ctrl+k", *"+100", "enter")
        await done(pilot)
        [entry] = saved_rolls(app.campaign.folder)
        assert len(entry["dice"]) > 90
        table = app.query_one("#roll-log", DataTable)
        before_for = sum(c.get_render_width(table) for c in table.ordered_columns[:-1])
        assert before_for <= table.size.width
        await pilot.press("escape")
        await done(pilot)
        shown = str(app.query_one("#last-roll", Static).render())
        assert str(entry["total"]) in shown and shown.count(" ") > 90  # every die, above


async def test_enter_in_for_goes_on_to_the_dice(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await done(pilot)  # the tab's fields are built just after the first frame
        await pilot.click("#purpose")
        await pilot.press(*"boarding", "enter")
        await done(pilot)
        assert app.focused is not None and app.focused.id == "dice-expr"


async def test_the_session_dialog_is_read_whole_at_80_columns(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        question = app.screen.query_one("#session-question", Static)
        lines = [
            "".join(s.text for s in question.render_line(y)).strip()
            for y in range(question.size.height)
        ]
        assert " ".join(lines).endswith("Esc cancels):")


async def test_tab_keys_work_from_start_up(app_factory: Callable[..., GmApp]) -> None:
    """The cursor starts in the log, not in a field that would take the digits."""
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        await pilot.press("3")
        await done(pilot)
        assert app.current_tab().tab_id == "stations"
        await pilot.press("1")
        await done(pilot)
        assert app.current_tab().tab_id == "dice"
        assert saved_rolls(app.campaign.folder) == []


async def test_field_keys_are_shown_outside_the_fields_and_typed_inside(
    app_factory: Callable[..., GmApp],
) -> None:
    from tests.tui.conftest import footer_keys

    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await done(pilot)
        assert {"d", "c", "f", "slash", "ctrl+z", "ctrl+y"} <= footer_keys(app)
        await pilot.press("c")
        await done(pilot)
        assert app.focused is not None and app.focused.id == "check-score"
        assert not {"d", "c", "f", "slash"} & footer_keys(app)
        assert "escape" in footer_keys(app)
        await pilot.press("escape", "slash", *"dc")
        await done(pilot)
        assert app.query_one("#log-filter", Input).value == "dc"


async def test_redo_brings_the_undone_roll_back_as_rolled(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("d", *"3d6", "enter", "ctrl+z")
        await done(pilot)
        [before] = saved_rolls(app.campaign.folder)
        assert before["undone"] is True
        await pilot.press("ctrl+y")
        await done(pilot)
        [after] = saved_rolls(app.campaign.folder)
        assert after["undone"] is False and after["dice"] == before["dice"]
        status = str(app.query_one("#last-roll", Static).render())
        assert status == f"Redone: roll #1, 3d6 = {after['total']}, is back."
        await pilot.press("ctrl+y")
        await done(pilot)
        assert "Nothing to redo" in str(app.query_one("#last-roll", Static).render())
        await pilot.press("ctrl+z", "enter")  # a new roll after an undo: nothing to redo
        await pilot.pause()
        await pilot.press("ctrl+y")
        await done(pilot)
        assert "Nothing to redo" in str(app.query_one("#last-roll", Static).render())


async def test_undo_of_a_roll_out_of_sight_asks_first(
    app_factory: Callable[..., GmApp],
) -> None:
    """A roll made before the app was opened, or filtered out of the log, is named and
    asked about; n keeps it."""
    from gmtool.actions import dice as dice_actions
    from gmtool.tui.dialogs import ConfirmDialog

    app = app_factory()
    dice_actions.roll_dice(app.campaign, "2d8", "an old roll")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+z")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "Undo roll #1, 2d8 = " in app.screen.question
        assert "an old roll" in app.screen.question
        await pilot.press("n")
        await done(pilot)
        assert not saved_rolls(app.campaign.folder)[0].get("undone")
        await pilot.press("ctrl+z")
        await pilot.pause()
        await pilot.press("y")
        await done(pilot)
        assert saved_rolls(app.campaign.folder)[0]["undone"] is True


async def test_a_step_below_the_ladder_is_said(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("c", *"12", "tab", "ctrl+a", "ctrl+k", *"-9", "enter")
        await done(pilot)
        shown = str(app.query_one("#last-roll", Static).render())
        assert "step -9, below the ladder: rolled at -5" in shown


async def test_a_long_log_shows_a_page_and_the_next_at_its_end(
    app_factory: Callable[..., GmApp],
) -> None:
    from gmtool.actions import dice as dice_actions
    from gmtool.tui.tabs.dice.roll_log import PAGE_ROWS

    app = app_factory()
    for number in range(PAGE_ROWS + 30):
        dice_actions.roll_dice(app.campaign, "d6", f"roll {number}", source="test")
    async with app.run_test(size=(80, 24)) as pilot:
        await done(pilot)
        table = app.query_one("#roll-log", DataTable)
        assert table.row_count == PAGE_ROWS
        assert table.has_focus
        await pilot.press("ctrl+end")
        await done(pilot)
        assert table.row_count == PAGE_ROWS + 30
        await pilot.press("slash", *"roll 1", "escape")  # roll 1, roll 10-19, ...
        await done(pilot)
        matching = [n for n in range(PAGE_ROWS + 30) if str(n).startswith("1")]
        assert table.row_count == min(len(matching), PAGE_ROWS)


async def test_a_tall_screen_is_filled_before_the_next_page(
    app_factory: Callable[..., GmApp],
) -> None:
    """A page is PAGE_ROWS rows, or as many as the log shows on a taller screen."""
    from gmtool.actions import dice as dice_actions
    from gmtool.tui.tabs.dice.roll_log import PAGE_ROWS

    app = app_factory()
    for number in range(PAGE_ROWS + 40):
        dice_actions.roll_dice(app.campaign, "d6", f"roll {number}", source="test")
    async with app.run_test(size=(100, PAGE_ROWS + 30)) as pilot:
        await settled(pilot)  # the log is built just after the first frame
        table = app.query_one("#roll-log", DataTable)
        assert table.size.height > PAGE_ROWS
        assert table.row_count >= table.size.height  # at start-up
        await pilot.press("d", *"d6", "enter")  # and after a roll
        await settled(pilot)
        assert table.size.height > PAGE_ROWS
        assert table.row_count >= table.size.height


async def test_m_marks_the_roll_under_the_cursor_and_ctrl_z_takes_it_back(
    app_factory: Callable[..., GmApp],
) -> None:
    from gmtool.actions.dice import roll_dice

    app = app_factory()
    path = app.campaign.folder
    roll_dice(app.campaign, "2d6", "Kira's jump")
    roll_dice(app.campaign, "d20", "the ambush")

    def marks() -> list[object]:  # newest first: roll #2, roll #1
        return [r.get("marked") for r in saved_rolls(path)]

    async with app.run_test(size=(80, 24)) as pilot:
        await done(pilot)
        table = app.query_one("#roll-log", DataTable)
        assert table.has_focus and table.cursor_row == 0  # the newest roll: #2
        await pilot.press("m")
        await done(pilot)
        assert marks() == ["players", None]
        assert str(table.get_cell_at((0, 0))) == "2*"
        assert str(app.query_one("#last-roll", Static).render()).endswith("(marked)")
        await pilot.press("down", "m")
        await done(pilot)
        assert marks() == ["players", "players"]
        await pilot.press("m")  # again: behind the screen
        await done(pilot)
        assert marks() == ["players", "gm"]
        await pilot.press("ctrl+z")
        await done(pilot)
        assert marks() == ["players", "players"]
        await pilot.press("ctrl+y")
        await done(pilot)
        assert marks() == ["players", "gm"]
        await pilot.press("m")  # once more: the mark comes off
        await done(pilot)
        assert marks() == ["players", None]
        await pilot.press(*["ctrl+z"] * 4)  # every mark of the sitting back
        await done(pilot)
        assert marks() == [None, None]
        assert not any(r.get("undone") for r in saved_rolls(path))


async def test_the_log_being_filled_leaves_the_cursor_where_the_gm_put_it(
    app_factory: Callable[..., GmApp],
) -> None:
    """The roll log says it is ready after a field may already have the cursor (a click or a
    key while the app starts): the log takes the cursor only when nothing of the tab has it."""
    from gmtool.tui.tabs.dice.roll_log import RollLogTable

    app = app_factory(demo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        field = app.query_one("#purpose", Input)
        field.focus()
        await settled(pilot)
        app.query_one(RollLogTable).post_message(RollLogTable.Ready())
        await settled(pilot)
        assert app.focused is field


async def test_keys_typed_at_start_up_wait_for_the_tab_past_the_safety_wait(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a busy machine the first frame, and with it the tab's first try at the cursor,
    can come later than the key hold's safety wait (here a millisecond): the keys typed
    meanwhile wait for the tab (the tab bar has the cursor until then, and a d there is
    lost), and none is lost."""
    from gmtool.tui import key_hold

    monkeypatch.setattr(key_hold, "HOLD_AT_MOST", 0.001)
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d", *"d6", "enter")
        await done(pilot)
        [entry] = saved_rolls(app.campaign.folder)
        assert entry["expression"] == "1d6"
