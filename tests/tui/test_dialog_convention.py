"""One convention for every dialog: keys from an action table, Enter saves from any field
(a closed choice list too), ctrl+s anywhere, a refused field keeps everything typed and
gets the cursor, a refusal about a choice goes when the choice changes."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static

import gmtool.tui
from gmtool.tui.action_table import bindings
from gmtool.tui.dialogs import ConfirmDialog, GmDialog, write_line
from gmtool.tui.dialogs.base import save_action
from gmtool.tui.widgets.number_field import NumberField
from gmtool.tui.widgets.text_field import TextField
from tests.tui.drawn import done


def every_dialog_class() -> list[type[GmDialog[Any]]]:
    for module in pkgutil.walk_packages(gmtool.tui.__path__, "gmtool.tui."):
        importlib.import_module(module.name)
    found: list[type[GmDialog[Any]]] = []
    todo: list[type[GmDialog[Any]]] = [GmDialog]
    while todo:
        cls = todo.pop()
        if cls.__module__.startswith("gmtool."):  # not a test's own dialog
            found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def hand_written_bindings(cls: type[Any]) -> bool:
    """True when a class declares key bindings that its action table did not make."""
    own = cls.__dict__.get("BINDINGS")
    if own is None:
        return False
    return own != bindings(cls.__dict__.get("ACTIONS", ()))


def test_every_dialogs_keys_come_from_its_action_table() -> None:
    dialogs = every_dialog_class()
    assert len(dialogs) > 25  # every tab's dialogs were found
    assert [cls.__qualname__ for cls in dialogs if hand_written_bindings(cls)] == []


def test_a_hand_written_binding_is_caught() -> None:
    class Planted(GmDialog[None]):
        pass

    Planted.BINDINGS = [("x", "cancel", "Close")]  # set after the class was made
    assert hand_written_bindings(Planted)


HINT = "Enter saves, Escape cancels."


class Form(GmDialog[dict[str, Any] | None]):
    ACTIONS = (save_action("keep", "Keep", "Keep the form"),)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            with Horizontal():
                yield Label("Who")
                yield Select(
                    [("the whole party", "all"), ("Bram", "bram")],
                    value="all",
                    allow_blank=False,
                    id="who",
                )
            with Horizontal():
                yield Label("Days")
                yield NumberField("1", id="days", minimum=1, maximum=100)
            with Horizontal():
                yield Label("Note")
                yield TextField("", id="note", limit=20)
            yield Button("Cancel", id="cancel")
            yield Static(HINT, classes="dialog-message")

    def action_keep(self) -> None:
        self.dismiss(
            {
                "who": self.query_one("#who", Select).value,
                "days": self.query_one("#days", NumberField).number,
                "note": self.query_one("#note", TextField).value,
            }
        )

    def on_button_pressed(self) -> None:
        self.dismiss(None)


class Host(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.results: list[object] = []

    def on_mount(self) -> None:
        self.push_screen(Form(), self.results.append)


async def test_enter_saves_from_a_number_field() -> None:
    app = Host()
    async with app.run_test() as pilot:
        app.screen.query_one("#days").focus()
        await pilot.press("backspace", "3", "enter")
        await done(pilot)
        assert app.results == [{"who": "all", "days": 3, "note": ""}]


async def test_enter_saves_from_a_closed_choice_list_and_space_opens_it() -> None:
    app = Host()
    async with app.run_test() as pilot:
        who = app.screen.query_one("#who", Select)
        who.focus()
        await pilot.press("space")
        await done(pilot)
        assert who.expanded and app.results == []
        await pilot.press("down", "enter")  # Enter in the open list chooses
        await done(pilot)
        assert not who.expanded and who.value == "bram" and app.results == []
        await pilot.press("enter")  # on the closed list: saves
        await done(pilot)
        assert app.results == [{"who": "bram", "days": 1, "note": ""}]


async def test_enter_on_a_button_presses_it() -> None:
    app = Host()
    async with app.run_test() as pilot:
        app.screen.query_one("#cancel").focus()
        await pilot.press("enter")
        await done(pilot)
        assert app.results == [None]


async def test_a_refused_field_keeps_all_typed_and_gets_the_cursor() -> None:
    app = Host()
    async with app.run_test() as pilot:
        form = app.screen
        form.query_one("#note").focus()
        await pilot.press(*"on watch")
        form.query_one("#days").focus()
        await pilot.press("backspace", *"99999999999999999999")
        form.query_one("#note").focus()
        await pilot.press("ctrl+s")
        await done(pilot)
        assert app.results == [] and app.screen is form
        days = form.query_one("#days", NumberField)
        assert form.focused is days and days.value == "99999999999999999999"
        assert form.query_one("#note", Input).value == "on watch"
        said = str(form.query_one(".dialog-message", Static).content)
        assert said == "Not saved: Days: at most 100 (this is 99,999,999,999,999,999,999)."


async def test_a_long_text_says_its_length_then_refuses_in_words() -> None:
    app = Host()
    async with app.run_test() as pilot:
        form = app.screen
        form.query_one("#note").focus()
        await pilot.press(*"x" * 19)
        await done(pilot)
        line = form.query_one(".dialog-message", Static)
        assert str(line.content) == "Note: 19 of 20 characters"
        await pilot.press("y", "y", "enter")
        await done(pilot)
        assert app.results == []
        assert str(line.content) == "Not saved: Note: at most 20 characters (this is 21)."


async def test_a_refusal_goes_when_a_choice_changes() -> None:
    app = Host()
    async with app.run_test() as pilot:
        form = app.screen
        form.query_one("#days").focus()
        await pilot.press("backspace", "0", "enter")
        await done(pilot)
        line = form.query_one(".dialog-message", Static)
        assert str(line.content) == "Not saved: Days: at least 1 (this is 0)."
        assert line.has_class("error")
        form.query_one("#who", Select).value = "bram"
        await done(pilot)
        assert str(line.content) == HINT and not line.has_class("error")  # the hint is back


async def test_escape_asks_once_something_changed() -> None:
    app = Host()
    async with app.run_test() as pilot:
        app.screen.query_one("#note").focus()
        await pilot.press("a", "escape")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog) and app.results == []


async def test_a_message_line_is_written_only_when_its_words_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A written line asks for a layout: after a kept dialog's first frame, one more whole
    frame of it. The same words leave the line alone; new words go in as written, brackets
    and all (a refusal may quote what the GM typed)."""
    written: list[object] = []
    real_update = Static.update

    def update(line: Static, *args: Any, **options: Any) -> None:
        written.append(args[0])
        real_update(line, *args, **options)

    class OneLine(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("", id="line")

    app = OneLine()
    async with app.run_test():
        line = app.query_one("#line", Static)
        monkeypatch.setattr(Static, "update", update)
        write_line(line, "")
        assert written == []
        write_line(line, "Not read: [bold] is no file")
        assert len(written) == 1 and str(line.content) == "Not read: [bold] is no file"
        write_line(line, "Not read: [bold] is no file")
        assert len(written) == 1
