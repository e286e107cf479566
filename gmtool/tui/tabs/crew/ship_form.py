"""The ship form: add or edit a ship. It builds a spec in the file format and checks it with
`ship_spec_from_dict`, so a mistake reads as it would for a spec file; a blank optional field
means the default, as a key left out of a file would."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Checkbox, DataTable, Input, Select, Static

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
from gmtool.tui.dialogs import GmDialog, write_line
from gmtool.tui.dialogs.base import save_action
from gmtool.tui.footer import KeyFooter
from gmtool.tui.tabs.crew.system_dialog import (
    FORM_CSS,
    FORM_FILE,
    FORM_WIDEST,
    TAB_SHOWN_BESIDE,
    SystemDialog,
    int_or_text,
    system_summary,
)
from gmtool.tui.widgets.compact import choice, form_row, number_field
from gmtool.tui.widgets.form_errors import show_refusal
from gmtool.tui.widgets.text_field import TextField

# The form's keys, and its systems list's (letters work there: no text field has the focus).
FORM_ACTIONS = (
    save_action("save", "Save ship", "Check the form and save the ship"),
    TabAction("ctrl+t", "systems", "Systems list", "Put the cursor on the systems list"),
)
SYSTEM_ACTIONS = (
    TabAction("a", "screen.add_system", "Add system", "Add a system in the system dialog"),
    TabAction("e", "screen.edit_system", "Edit system", "Edit the selected system"),
    TabAction(
        "x", "screen.remove_system", "Remove system", "Remove the selected system", ("delete",)
    ),
)

# Saves the ship the form holds: None when saved, else the refusal the form shows.
ShipSave = Callable[[ShipSpec], "str | None"]


def words(key: str) -> str:
    """A spec key as the form labels it: `carries_fuel`, "carries fuel"."""
    return key.replace("_", " ")


def flag_label(flag: str, value: bool) -> str:
    """A flag's checkbox label says yes or no in words, not only by the box's colour."""
    return f"{words(flag)}: {'yes' if value else 'no'}"


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
    """The form's systems, where letter keys run the form's actions."""

    BINDINGS = bindings(SYSTEM_ACTIONS)  # type: ignore[assignment]


# -- the ship -------------------------------------------------------------------------------


class ShipFormScreen(GmDialog["ShipSpec | None"]):
    """Add a ship (no spec given) or edit one; returns the checked spec, or None. With `save`,
    it closes only once saved: a refusal (a name another ship has) keeps what was typed."""

    SCOPED_CSS = False  # form.tcss names ShipFormScreen itself
    DEFAULT_CSS = FORM_CSS
    ACTIONS = FORM_ACTIONS
    # Until the screen is wider than the form (form.tcss) by TAB_SHOWN_BESIDE columns, its
    # background is solid: a strip of the tab dimmed beside it tells the GM nothing and
    # costs every frame of the form a blend of the whole tab behind.
    HORIZONTAL_BREAKPOINTS = [(0, "-covers-tab"), (FORM_WIDEST + TAB_SHOWN_BESIDE, "-beside-tab")]

    def __init__(self, spec: ShipSpec | None = None, save: ShipSave | None = None) -> None:
        super().__init__()
        self.spec = spec
        self.saver = save
        self.systems: list[dict[str, Any]] = (
            [dict(s) for s in spec.to_dict()["systems"]] if spec else []
        )
        self._systems_at_start = [dict(s) for s in self.systems]

    def unsaved_changes(self) -> bool:
        return super().unsaved_changes() or self.systems != self._systems_at_start

    def renew(self, save: ShipSave | None) -> None:
        """Make the kept new-ship form blank before it is shown again (kept because building
        it is the slowest part of n)."""
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

        def number(key: str, least: int, most: int, blank: str, defaulted: bool = False) -> Widget:
            """The field of a (dotted) key: blank for a new ship, and where `defaulted` and
            the spec gives the default."""
            value = "" if spec is None else str(attrgetter(key)(spec))
            if defaulted and defaults is not None and value == str(attrgetter(key)(defaults)):
                value = ""
            return number_field(f"form-{key.rpartition('.')[2]}", least, most, value, blank)

        name = TextField(spec.name if spec else "", placeholder="CSS Example", id="form-name",
                         limit=MAX_NAME_CHARS, classes="wide", compact=True)  # fmt: skip
        classes = choice([(c, c) for c in class_ids()], spec.ship_class if spec else "light",
                         "form-class")  # fmt: skip
        quality = Input(str(spec.crew_quality) if spec else "", id="form-crew_quality",
                        placeholder=ship_spec_table().crew_quality, classes="quality",
                        compact=True)  # fmt: skip
        hull = number("hull_points", 1, MAX_HULL_POINTS, "200")
        acceleration = number("acceleration", 0, MAX_HULL_POINTS, "class", defaulted=True)
        size = number("target_size_step", -MAX_STEP, MAX_STEP, "class", defaulted=True)
        durability: list[str | Widget] = ["Durability"]
        for track in TRACKS:
            durability += [track, number(f"durability.{track}", 1, MAX_HULL_POINTS, "auto", True)]
        with Vertical(id="form-box"):
            with VerticalScroll(id="form-body", can_focus=False):
                yield Static(f"Edit {spec.name}" if spec else "A new ship", classes="form-title")
                yield form_row("Name", name)
                yield form_row("Class", classes, "Hull points", hull)
                yield form_row(
                    "Crew quality", quality, "Acceleration", acceleration, "Target size", size
                )
                yield form_row(*durability)
                for label, flags in (("Flags", FLAG_KEYS[:3]), ("", FLAG_KEYS[3:])):
                    ticked = {f: bool(spec and getattr(spec, f)) for f in flags}
                    boxes = [
                        Checkbox(flag_label(f, on), on, id=f"form-{f}", compact=True)
                        for f, on in ticked.items()
                    ]
                    yield form_row(label, *boxes)
                for keys in (COUNT_KEYS[:3], COUNT_KEYS[3:]):
                    counts: list[str | Widget] = []
                    for key in keys:
                        counts += [words(key), number(key, 0, MAX_CREW_COUNT, "0")]
                    yield form_row(*counts)
                yield Static(
                    "Crew quality: "
                    + ", ".join(checks_table().crew_quality)
                    + " or a crew check score. Blank: the default (acceleration and target "
                    "size from the class, durability from hull points).",
                    classes="form-hint",
                )
                yield Static(
                    "Systems (ctrl+t): a add, e or Enter edit, x remove",
                    classes="form-title form-row",
                )
                yield SystemsTable(id="form-systems", cursor_type="row", zebra_stripes=True)
                yield Static("", id="form-error", classes="form-error")
                with Horizontal(classes="form-buttons"):
                    yield Button("Save (ctrl+s)", id="form-save", variant="primary", compact=True)
                    yield Button("Add system (a)", id="form-add-system", compact=True)
                    yield Button("Cancel (esc)", compact=True, action="screen.cancel")
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

    @on(Button.Pressed, "#form-add-system")
    def action_add_system(self) -> None:
        def added(system: dict[str, Any] | None) -> None:
            if system is not None:
                self.systems.append(system)
                self._fill_systems(cursor=len(self.systems) - 1)
                self.query_one("#form-systems", SystemsTable).focus()

        self.app.push_screen(SystemDialog(self.ship_class), added)

    def _system_row(self, none: str) -> int | None:
        """The row of the systems list's cursor; None (and `none` said) when it is empty."""
        if not self.systems:
            self._error(none)
            return None
        return self.query_one("#form-systems", SystemsTable).cursor_row

    @on(DataTable.RowSelected, "#form-systems")
    def action_edit_system(self) -> None:
        if (row := self._system_row("No system to edit: press a to add one.")) is None:
            return
        table = self.query_one("#form-systems", SystemsTable)

        def edited(system: dict[str, Any] | None) -> None:
            if system is not None:
                self.systems[row] = system
                self._fill_systems(cursor=row)
            table.focus()

        self.app.push_screen(SystemDialog(self.ship_class, self.systems[row]), edited)

    def action_remove_system(self) -> None:
        if (row := self._system_row("No system to remove.")) is not None:
            self.systems.pop(row)
            self._fill_systems(cursor=row)

    @on(Checkbox.Changed)
    def _flag_changed(self, event: Checkbox.Changed) -> None:
        flag = (event.checkbox.id or "").removeprefix("form-")
        if flag in FLAG_KEYS:
            event.checkbox.label = flag_label(flag, event.value)

    # -- the whole ship ----------------------------------------------------------------------
    def spec_dict(self) -> dict[str, Any]:
        """The form as a spec in the file format (blank optional fields left out)."""

        def text(field: str) -> str:
            return self.query_one(f"#form-{field}", Input).value.strip()

        data: dict[str, Any] = {"name": text("name"), "class": self.ship_class}
        for key in ("hull_points", "crew_quality", "acceleration", "target_size_step", *COUNT_KEYS):
            if typed := text(key):
                data[key] = _quality(typed) if key == "crew_quality" else int_or_text(typed)
        if durability := {t: int_or_text(text(t)) for t in TRACKS if text(t)}:
            data["durability"] = durability
        for flag in FLAG_KEYS:
            data[flag] = self.query_one(f"#form-{flag}", Checkbox).value
        data["systems"] = [dict(s) for s in self.systems]
        return data

    def _error(self, message: str) -> None:
        write_line(self.query_one("#form-error", Static), message)

    @on(Button.Pressed, "#form-save")
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
