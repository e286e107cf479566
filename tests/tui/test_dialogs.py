"""The one dialog base: Enter confirms the focused choice, Escape cancels, a changed form
asks before it loses what was typed."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Input

from gmtool.tui.dialogs import ChoiceDialog, ConfirmDialog, GmDialog
from tests.tui.drawn import done


class NameForm(GmDialog[str | None]):
    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Input("Kira", id="name")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)


class Host(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.results: list[object] = []

    def answer(self, result: object) -> None:
        self.results.append(result)


async def test_escape_on_an_untouched_form_closes_at_once() -> None:
    app = Host()
    async with app.run_test() as pilot:
        app.push_screen(NameForm(), app.answer)
        await pilot.pause()
        await pilot.press("escape")
        await done(pilot)
        assert app.results == [None] and not isinstance(app.screen, GmDialog)


async def test_escape_on_a_changed_form_asks_and_keeps_it() -> None:
    app = Host()
    async with app.run_test() as pilot:
        app.push_screen(NameForm(), app.answer)
        await pilot.pause()
        await pilot.press("x")  # typed over the name
        await pilot.press("escape")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("enter")  # the safe answer has the focus: keep editing
        await done(pilot)
        assert isinstance(app.screen, NameForm) and app.results == []
        assert app.screen.query_one(Input).value == "x"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")  # discard
        await done(pilot)
        assert app.results == [None] and not isinstance(app.screen, GmDialog)


async def test_enter_presses_the_focused_answer() -> None:
    app = Host()
    async with app.run_test() as pilot:
        app.push_screen(ConfirmDialog("Go?"), app.answer)
        await pilot.pause()
        await pilot.press("enter")  # yes has the focus
        app.push_screen(ConfirmDialog("Delete for good?", danger=True), app.answer)
        await pilot.pause()
        await pilot.press("enter")  # no has the focus
        app.push_screen(ConfirmDialog("Delete for good?", danger=True), app.answer)
        await pilot.pause()
        await pilot.press("left", "enter")  # moved to yes
        app.push_screen(ConfirmDialog("Go?"), app.answer)
        await pilot.pause()
        await pilot.press("escape")
        await done(pilot)
        assert app.results == [True, False, True, False]


async def test_a_choice_returns_the_highlighted_entry_or_none() -> None:
    app = Host()
    async with app.run_test() as pilot:
        options = [("helm", "Helm"), ("weapons", "Weapons"), ("sensors", "Sensors")]
        app.push_screen(ChoiceDialog("Where?", options, initial="weapons"), app.answer)
        await pilot.pause()
        await pilot.press("down", "enter")
        app.push_screen(ChoiceDialog("Where?", options), app.answer)
        await pilot.pause()
        await pilot.press("down", "escape")  # moving the highlight is not typing: no question
        await done(pilot)
        assert app.results == ["sensors", None]
