"""The Dice & Log tab, driven like a GM: rolls land in the saved campaign and survive restart."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widgets import DataTable, Static

from gmtool.store import open_campaign
from gmtool.tui.app import GmApp


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
        await pilot.click("#purpose")
        await pilot.press(*"torpedo damage")
        await pilot.click("#dice-expr")
        await pilot.press(*"2d6+1w", "enter")
        await pilot.pause()
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
        await pilot.click("#check-score")
        await pilot.press("1", "4", "tab", "backspace", "+", "2", "enter")
        await pilot.pause()
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
        await pilot.press(*"2x6", "enter")
        await pilot.pause()
        status = app.query_one("#last-roll", Static)
        assert "Not rolled" in str(status.render())
        assert status.has_class("error")
        assert saved_rolls(app.campaign.folder) == []


async def test_undo_marks_last_roll_undone(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press(*"d20", "enter")
        await pilot.press("ctrl+z")
        await pilot.pause()
        rolls = saved_rolls(app.campaign.folder)
        assert len(rolls) == 1 and rolls[0]["undone"] is True
        status = app.query_one("#last-roll", Static)
        assert str(status.render()) == "Undone: roll #1 (1d20) is marked undone."
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert str(status.render()) == "Nothing to undo: no roll of this tab is left."
        assert status.has_class("error")


async def test_log_survives_restart_and_filters(
    app_factory: Callable[..., GmApp], tmp_path: Path
) -> None:
    app = app_factory()
    path = app.campaign.folder
    async with app.run_test(size=(120, 36)) as pilot:
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
        await pilot.pause()  # the log is built just after the first frame
        table = again.query_one("#roll-log", DataTable)
        assert table.row_count == 2
        await pilot.click("#log-filter")
        await pilot.press(*"shield")
        await pilot.pause()
        assert table.row_count == 1


async def test_help_opens_and_closes(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "HelpScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.__class__.__name__ != "HelpScreen"


def test_snapshot_dice_tab_large(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    press = [*"2d6+1w", "enter", "tab", *"14", "tab", "backspace", "+", "1", "enter", "escape"]
    assert snap_compare(app, terminal_size=(120, 36), press=press)


def test_snapshot_dice_tab_small(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    press = [*"d20", "enter", "tab", *"12", "enter"]
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
        await pilot.pause()
        assert "Ambush at Tolliver (session 1)" in app.sub_title
        await pilot.press(*"d6", "enter")
        await pilot.pause()
        assert saved_rolls(app.campaign.folder)[0]["session"] == 1
        await pilot.press("f2")
        await pilot.pause()
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
        await pilot.pause()
        table = app.query_one("#roll-log", DataTable)
        labels = [str(c.label) for c in table.ordered_columns]
        assert labels[-1] == "For"
        before_for = sum(c.get_render_width(table) for c in table.ordered_columns[:-1])
        assert before_for <= table.size.width
        # On the log, the row under the cursor is shown whole above it.
        await pilot.press("escape")
        await pilot.pause()
        assert table.has_focus
        shown = str(app.query_one("#last-roll", Static).render())
        assert LONG_PURPOSE in shown and "#1" in shown


def test_snapshot_long_purpose_small(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    _log_a_long_purpose_check(app)
    assert snap_compare(app, terminal_size=(80, 24), press=[*"d6", "enter", "escape", "down"])


async def test_a_check_with_many_dice_keeps_total_and_result_on_screen(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#check-score")
        await pilot.press(*"12", "tab", "ctrl+a", "ctrl+k", *"+100", "enter")
        await pilot.pause()
        [entry] = saved_rolls(app.campaign.folder)
        assert len(entry["dice"]) > 90
        table = app.query_one("#roll-log", DataTable)
        before_for = sum(c.get_render_width(table) for c in table.ordered_columns[:-1])
        assert before_for <= table.size.width
        await pilot.press("escape")
        await pilot.pause()
        shown = str(app.query_one("#last-roll", Static).render())
        assert str(entry["total"]) in shown and shown.count(" ") > 90  # every die, above


async def test_enter_in_for_goes_on_to_the_dice(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#purpose")
        await pilot.press(*"boarding", "enter")
        await pilot.pause()
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
