"""The ship form: add or edit a ship (class, hull points, crew, flags, counts and systems).

The form builds a spec dict in the file format and validates it with `ship_spec_from_dict`,
so a mistake reads exactly as it would for a spec file; an invalid form shows the message
and saves nothing. A blank optional field means the spec's default (acceleration and target
size from the class, durability from hull points), as a key left out of a file would.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Button, Checkbox, DataTable, Input, Label, Select, Static

from gmtool.rules.checks import checks_table
from gmtool.rules.classes import class_ids
from gmtool.rules.errors import TableError
from gmtool.rules.limits import MAX_CREW_COUNT, MAX_HULL_POINTS, MAX_NAME_CHARS, MAX_STEP
from gmtool.rules.ships import (
    COUNT_KEYS,
    FLAG_KEYS,
    TRACKS,
    ShipSpec,
    ship_spec_from_dict,
    ship_spec_table,
)
from gmtool.tui.action_table import TabAction, bindings
from gmtool.tui.dialogs import GmDialog
from gmtool.tui.dialogs.base import save_action
from gmtool.tui.footer import KeyFooter
from gmtool.tui.tabs.crew.system_dialog import (
    FORM_CSS,
    FORM_FILE,
    SystemDialog,
    int_or_text,
    system_summary,
)
from gmtool.tui.widgets.form_errors import show_refusal
from gmtool.tui.widgets.number_field import NumberField
from gmtool.tui.widgets.text_field import TextField

# The form's keys, and those of its systems list (letter keys work there: the list has the
# focus, not a text field).
FORM_ACTIONS = (
    save_action("save", "Save ship", "Check the form and save the ship"),
    TabAction("ctrl+t", "systems", "Systems list", "Put the cursor on the systems list"),
)
SYSTEM_ACTIONS = (
    TabAction("a", "add_system", "Add system", "Add a system in the system dialog"),
    TabAction("e", "edit_system", "Edit system", "Edit the selected system"),
    TabAction("x", "remove_system", "Remove system", "Remove the selected system", ("delete",)),
)

# Checks the ship the form holds and saves it: None when saved, else the refusal to show
# (the form stays open with it, so nothing typed is lost).
ShipSave = Callable[[ShipSpec], "str | None"]

FLAG_LABELS = {
    "carries_fuel": "carries fuel",
    "flagship": "flagship",
    "troop_ship": "troop ship",
    "political_officer": "political officer",
    "single_seat": "single seat",
}
COUNT_LABELS = {
    "passengers": "passengers",
    "embarked_craft": "embarked craft",
    "flight_crews": "flight crews",
    "marines": "marines",
    "psi_officers": "psi officers",
}


def flag_label(flag: str, value: bool) -> str:
    """A flag's checkbox label says yes or no in words, not only by the box's colour."""
    return f"{FLAG_LABELS[flag]}: {'yes' if value else 'no'}"


def _quality(text: str) -> int | str:
    value = int_or_text(text)
    return value.lower() if isinstance(value, str) else value


def spec_defaults(spec: ShipSpec) -> ShipSpec:
    """The spec with acceleration, durability and target size left to their defaults."""
    data = spec.to_dict()
    for key in ("acceleration", "durability", "target_size_step"):
        data.pop(key)
    return ship_spec_from_dict(data, file=FORM_FILE)


# -- the systems list -----------------------------------------------------------------------


class SystemsTable(DataTable[str]):
    """The form's systems; letter keys work here (the table has focus, not a text field)."""

    BINDINGS = bindings(SYSTEM_ACTIONS)  # type: ignore[assignment]

    class Request(Message):
        def __init__(self, what: str) -> None:
            super().__init__()
            self.what = what

    def action_add_system(self) -> None:
        self.post_message(self.Request("add"))

    def action_edit_system(self) -> None:
        self.post_message(self.Request("edit"))

    def action_remove_system(self) -> None:
        self.post_message(self.Request("remove"))


# -- the ship -------------------------------------------------------------------------------


class ShipFormScreen(GmDialog["ShipSpec | None"]):
    """Add a ship (no spec given) or edit one; returns the validated spec, or None.

    With `save`, ctrl+s hands it the spec and closes only once it is saved: a refusal (a
    name another ship has) is shown in the form, which keeps what was typed. Escape on a
    form with changes (a field, or the systems list) asks before it closes."""

    SCOPED_CSS = False  # form.tcss names ShipFormScreen itself
    DEFAULT_CSS = FORM_CSS
    ACTIONS = FORM_ACTIONS

    def __init__(self, spec: ShipSpec | None = None, save: ShipSave | None = None) -> None:
        super().__init__()
        self.spec = spec
        self.saver = save
        if spec is None:
            self.systems: list[dict[str, Any]] = []
        else:
            self.systems = [dict(s) for s in spec.to_dict()["systems"]]
        self._systems_at_start = [dict(s) for s in self.systems]

    def unsaved_changes(self) -> bool:
        return super().unsaved_changes() or self.systems != self._systems_at_start

    def renew(self, save: ShipSave | None) -> None:
        """Make a kept new-ship form blank again before it is shown once more (the Crew tab
        keeps one: building this form is the slowest thing its n key did)."""
        if self.spec is not None:
            raise ValueError("only a new-ship form is kept to be shown again")
        self.saver = save
        self.systems = []
        self._systems_at_start = []
        self.restore_fields()
        self._fill_systems()
        self._error("")
        self.query_one("#form-body", VerticalScroll).scroll_home(animate=False)
        self.query_one("#form-name", Input).focus()

    # -- layout ------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        spec = self.spec
        defaults = spec_defaults(spec) if spec is not None else None

        def unless_default(value: int, default: int | None) -> str:
            return "" if default is None or value == default else str(value)

        title = f"Edit {spec.name}" if spec else "A new ship"
        with Vertical(id="form-box"):
            with VerticalScroll(id="form-body", can_focus=False):
                yield Static(title, classes="form-title")
                with Horizontal(classes="form-line"):
                    yield Label("Name", classes="first")
                    yield TextField(
                        spec.name if spec else "",
                        placeholder="CSS Example",
                        id="form-name",
                        limit=MAX_NAME_CHARS,
                        classes="wide",
                        compact=True,
                    )
                with Horizontal(classes="form-line"):
                    yield Label("Class", classes="first")
                    yield Select(
                        [(c, c) for c in class_ids()],
                        value=spec.ship_class if spec else "light",
                        allow_blank=False,
                        id="form-class",
                        compact=True,
                    )
                    yield Label("Hull points", classes="gap")
                    yield NumberField(
                        str(spec.hull_points) if spec else "",
                        placeholder="200",
                        id="form-hull_points",
                        minimum=1,
                        maximum=MAX_HULL_POINTS,
                        compact=True,
                    )
                with Horizontal(classes="form-line"):
                    yield Label("Crew quality", classes="first")
                    yield Input(
                        str(spec.crew_quality) if spec else "",
                        placeholder=ship_spec_table().crew_quality,
                        id="form-crew_quality",
                        classes="quality",
                        compact=True,
                    )
                    yield Label("Acceleration", classes="gap")
                    yield NumberField(
                        unless_default(spec.acceleration, defaults.acceleration)
                        if spec and defaults
                        else "",
                        placeholder="class",
                        id="form-acceleration",
                        minimum=0,
                        maximum=MAX_HULL_POINTS,
                        compact=True,
                    )
                    yield Label("Target size", classes="gap")
                    yield NumberField(
                        unless_default(spec.target_size_step, defaults.target_size_step)
                        if spec and defaults
                        else "",
                        placeholder="class",
                        id="form-target_size_step",
                        minimum=-MAX_STEP,
                        maximum=MAX_STEP,
                        compact=True,
                    )
                with Horizontal(classes="form-line"):
                    yield Label("Durability", classes="first")
                    for track in TRACKS:
                        value = ""
                        if spec and defaults:
                            value = unless_default(
                                getattr(spec.durability, track), getattr(defaults.durability, track)
                            )
                        yield Label(track, classes="gap")
                        yield NumberField(
                            value,
                            placeholder="auto",
                            id=f"form-{track}",
                            minimum=1,
                            maximum=MAX_HULL_POINTS,
                            compact=True,
                        )
                for label, flags in (("Flags", FLAG_KEYS[:3]), ("", FLAG_KEYS[3:])):
                    with Horizontal(classes="form-line"):
                        yield Label(label, classes="first")
                        for flag in flags:
                            on = bool(getattr(spec, flag)) if spec else False
                            yield Checkbox(
                                flag_label(flag, on), on, id=f"form-{flag}", compact=True
                            )
                for keys in (COUNT_KEYS[:3], COUNT_KEYS[3:]):
                    with Horizontal(classes="form-line"):
                        for index, key in enumerate(keys):
                            yield Label(COUNT_LABELS[key], classes="gap" if index else "first")
                            yield NumberField(
                                str(getattr(spec, key)) if spec else "",
                                placeholder="0",
                                id=f"form-{key}",
                                minimum=0,
                                maximum=MAX_CREW_COUNT,
                                compact=True,
                            )
                yield Static(
                    "Crew quality: "
                    + ", ".join(checks_table().crew_quality)
                    + " or a crew check score. Blank: the default (acceleration and target "
                    "size from the class, durability from hull points).",
                    classes="form-hint",
                )
                yield Static(
                    "Systems (ctrl+t): a add, e or Enter edit, x remove",
                    classes="form-title form-line",
                )
                systems = SystemsTable(id="form-systems", cursor_type="row", zebra_stripes=True)
                yield systems
                yield Static("", id="form-error", classes="form-error")
                with Horizontal(classes="form-buttons"):
                    yield Button("Save (ctrl+s)", id="form-save", variant="primary", compact=True)
                    yield Button("Add system (a)", id="form-add-system", compact=True)
                    yield Button("Cancel (esc)", id="form-cancel", compact=True)
            yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one("#form-systems", SystemsTable)
        table.add_columns("Type", "Name", "Count", "HP", "Beds / weapon")
        self._fill_systems()
        self.query_one("#form-name", Input).focus()

    def _fill_systems(self, cursor: int | None = None) -> None:
        table = self.query_one("#form-systems", SystemsTable)
        table.clear()
        for system in self.systems:
            table.add_row(*system_summary(system))
        if cursor is not None and self.systems:
            table.move_cursor(row=max(0, min(cursor, len(self.systems) - 1)))

    # -- systems -----------------------------------------------------------------------------
    @property
    def ship_class(self) -> str:
        return str(self.query_one("#form-class", Select).value)

    def action_systems(self) -> None:
        table = self.query_one("#form-systems", SystemsTable)
        table.focus()
        table.scroll_visible()

    def on_systems_table_request(self, message: SystemsTable.Request) -> None:
        if message.what == "add":
            self.add_system()
        elif message.what == "edit":
            self.edit_system()
        else:
            self.remove_system()

    @on(DataTable.RowSelected, "#form-systems")
    def _row_selected(self) -> None:
        self.edit_system()

    def add_system(self) -> None:
        def added(system: dict[str, Any] | None) -> None:
            if system is not None:
                self.systems.append(system)
                self._fill_systems(cursor=len(self.systems) - 1)
                self.query_one("#form-systems", SystemsTable).focus()

        self.app.push_screen(SystemDialog(self.ship_class), added)

    def edit_system(self) -> None:
        table = self.query_one("#form-systems", SystemsTable)
        if not self.systems:
            self._error("No system to edit: press a to add one.")
            return
        row = table.cursor_row

        def edited(system: dict[str, Any] | None) -> None:
            if system is not None:
                self.systems[row] = system
                self._fill_systems(cursor=row)
            table.focus()

        self.app.push_screen(SystemDialog(self.ship_class, self.systems[row]), edited)

    def remove_system(self) -> None:
        table = self.query_one("#form-systems", SystemsTable)
        if not self.systems:
            self._error("No system to remove.")
            return
        row = table.cursor_row
        self.systems.pop(row)
        self._fill_systems(cursor=row)

    @on(Checkbox.Changed)
    def _flag_changed(self, event: Checkbox.Changed) -> None:
        flag = (event.checkbox.id or "").removeprefix("form-")
        if flag in FLAG_LABELS:
            event.checkbox.label = flag_label(flag, event.value)

    @on(Button.Pressed, "#form-add-system")
    def _add_pressed(self) -> None:
        self.add_system()

    # -- the whole ship ----------------------------------------------------------------------
    def spec_dict(self) -> dict[str, Any]:
        """The form as a spec in the file format (blank optional fields left out)."""

        def text(field: str) -> str:
            return self.query_one(f"#form-{field}", Input).value.strip()

        data: dict[str, Any] = {"name": text("name"), "class": self.ship_class}
        if text("hull_points"):
            data["hull_points"] = int_or_text(text("hull_points"))
        if text("crew_quality"):
            data["crew_quality"] = _quality(text("crew_quality"))
        for key in ("acceleration", "target_size_step", *COUNT_KEYS):
            if text(key):
                data[key] = int_or_text(text(key))
        durability = {t: int_or_text(text(t)) for t in TRACKS if text(t)}
        if durability:
            data["durability"] = durability
        for flag in FLAG_KEYS:
            data[flag] = self.query_one(f"#form-{flag}", Checkbox).value
        data["systems"] = [dict(s) for s in self.systems]
        return data

    def _error(self, message: str) -> None:
        self.query_one("#form-error", Static).update(Text(message))

    def action_save(self) -> None:
        data = self.spec_dict()
        try:
            spec = ship_spec_from_dict(data, file=FORM_FILE)
        except TableError as exc:
            self._error(show_refusal(self, exc, "form-"))
            return
        if self.saver is not None:
            refused = self.saver(spec)
            if refused is not None:
                self._error(refused)
                self.query_one("#form-name", Input).focus()
                return
        self.dismiss(spec)

    @on(Input.Submitted)
    @on(Button.Pressed, "#form-save")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#form-cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()
