"""The ship form: add or edit a ship (class, hull points, crew, flags, counts and systems).

The form builds a spec dict in the file format and validates it with `ship_spec_from_dict`,
so a mistake reads exactly as it would for a spec file; an invalid form shows the message
and saves nothing. A blank optional field means the spec's default (acceleration and target
size from the class, durability from hull points), as a key left out of a file would.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, DataTable, Input, Label, Select, Static

from gmtool.rules.checks import checks_table
from gmtool.rules.classes import class_ids
from gmtool.rules.errors import TableError
from gmtool.rules.ships import (
    COUNT_KEYS,
    FLAG_KEYS,
    TRACKS,
    ShipSpec,
    ship_spec_from_dict,
    ship_spec_table,
)
from gmtool.tui.footer import KeyFooter
from gmtool.tui.widgets.form_errors import show_refusal

FORM_FILE = "the ship form"

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

FORM_CSS = """
ShipFormScreen, SystemDialog {
    align: center middle;
}
#form-box, #system-box {
    width: 100%;
    max-width: 110;
    height: 1fr;
    border: thick $primary;
    background: $surface;
    padding: 0 1;
}
#system-box {
    max-width: 84;
    height: auto;
    max-height: 100%;
}
.form-title {
    text-style: bold;
}
.form-line {
    height: 1;
    margin-top: 1;
}
.form-line Label {
    padding: 0 1 0 0;
    color: $text-muted;
}
.form-line Label.first {
    width: 13;
}
.form-line .gap {
    padding: 0 1 0 2;
}
.form-line Input {
    width: 6;
}
.form-line Input.quality {
    width: 12;
}
.form-line Input.wide {
    width: 1fr;
}
.form-line Select {
    width: 20;
}
.form-line Checkbox {
    margin-right: 2;
}
.form-hint {
    color: $text-muted;
}
#form-systems {
    height: auto;
    max-height: 14;
    margin-top: 1;
}
.form-error {
    color: $error;
    height: auto;
    margin-top: 1;
}
.form-buttons {
    height: auto;
    margin-top: 1;
}
.form-buttons Button {
    margin-right: 2;
}
"""


def flag_label(flag: str, value: bool) -> str:
    """A flag's checkbox label says yes or no in words, not only by the box's colour."""
    return f"{FLAG_LABELS[flag]}: {'yes' if value else 'no'}"


def _int_or_text(text: str) -> int | str:
    """A number typed in a field; anything else goes to validation as typed, so the message
    says what was expected and what was got."""
    stripped = text.strip()
    try:
        return int(stripped)
    except ValueError:
        return stripped


def _quality(text: str) -> int | str:
    value = _int_or_text(text)
    return value.lower() if isinstance(value, str) else value


def _blank(value: int | None) -> str:
    return "" if value is None else str(value)


def spec_defaults(spec: ShipSpec) -> ShipSpec:
    """The spec with acceleration, durability and target size left to their defaults."""
    data = spec.to_dict()
    for key in ("acceleration", "durability", "target_size_step"):
        data.pop(key)
    return ship_spec_from_dict(data, file=FORM_FILE)


def system_summary(system: dict[str, Any]) -> tuple[str, ...]:
    """A systems-table row: type, name, count, hp, and beds or the weapon's figures."""
    table = ship_spec_table()
    extra = ""
    if "beds" in system:
        extra = f"{system['beds']} beds each"
    elif system.get("type") in table.weapon_types:
        parts = [str(system.get(k, "")) for k in ("firepower", "arc") if system.get(k)]
        if system.get("firepower"):  # its words, not its id: "small craft"
            parts[0] = table.firepower_names.get(str(system["firepower"]), parts[0])
        damage = system.get("damage") or {}
        if damage:
            parts.append("/".join(str(damage.get(d, "-")) for d in table.damage_degrees))
        extra = " ".join(parts)
    return (
        table.system_types.get(str(system.get("type")), str(system.get("type"))),
        str(system.get("name", "")),
        str(system.get("count", "")),
        str(system.get("hp", "")),
        extra,
    )


# -- one system -----------------------------------------------------------------------------


class SystemDialog(ModalScreen["dict[str, Any] | None"]):
    """Add or edit one line of the systems list; checked before it goes back to the form."""

    SCOPED_CSS = False  # the rules below style the screen itself
    DEFAULT_CSS = FORM_CSS
    BINDINGS = [
        Binding("ctrl+s", "submit", "Keep system"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, ship_class: str, system: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.ship_class = ship_class
        self.system = dict(system or {"type": "engine"})

    def compose(self) -> ComposeResult:
        table = ship_spec_table()
        s = self.system
        damage = s.get("damage") or {}
        with VerticalScroll(id="system-box"):
            yield Static("A system of the ship", classes="form-title")
            with Horizontal(classes="form-line"):
                yield Label("Type", classes="first")
                yield Select(
                    [
                        (f"{name} ({type_id})", type_id)
                        for type_id, name in table.system_types.items()
                    ],
                    value=s.get("type", "engine"),
                    allow_blank=False,
                    id="sys-type",
                    compact=True,
                )
                yield Label("Name", classes="gap")
                yield Input(str(s.get("name", "")), id="sys-name", classes="wide", compact=True)
            with Horizontal(classes="form-line"):
                yield Label("Count", classes="first")
                yield Input(_blank(s.get("count")), id="sys-count", type="integer", compact=True)
                yield Label("hull points each", classes="gap")
                yield Input(_blank(s.get("hp")), id="sys-hp", type="integer", compact=True)
                yield Label("beds each", classes="gap")
                yield Input(_blank(s.get("beds")), id="sys-beds", type="integer", compact=True)
            with Horizontal(classes="form-line"):
                yield Label("Firepower", classes="first")
                yield Select(
                    [(table.firepower_names[f], f) for f in table.firepowers],
                    value=s.get("firepower", Select.NULL),
                    prompt="by class",
                    id="sys-firepower",
                    compact=True,
                )
                yield Label("Arc", classes="gap")
                yield Select(
                    [(a, a) for a in table.arcs],
                    value=s.get("arc", Select.NULL),
                    prompt="default",
                    id="sys-arc",
                    compact=True,
                )
            with Horizontal(classes="form-line"):
                yield Label("Damage", classes="first")
                for degree in table.damage_degrees:
                    yield Label(degree, classes="gap")
                    yield Input(
                        str(damage.get(degree, "")), id=f"sys-damage-{degree}", compact=True
                    )
            yield Static(
                "Blank count and hull points mean 1 and 0. Beds are for sick bays; firepower, "
                "arc and damage (dice and a track letter, such as d6+1w; blank: none) for "
                "weapons. Enter or ctrl+s keeps the system, Escape cancels.",
                classes="form-hint",
            )
            yield Static("", id="sys-error", classes="form-error")
        yield KeyFooter()  # its own keys, not the ship form's showing through

    def on_mount(self) -> None:
        self._enable_fields()
        self.query_one("#sys-type", Select).focus()

    @on(Select.Changed, "#sys-type")
    def _enable_fields(self) -> None:
        """Only weapons have firepower, arc and damage; only sick bays have beds."""
        table = ship_spec_table()
        system_type = str(self.query_one("#sys-type", Select).value)
        is_weapon = system_type in table.weapon_types
        beds = self.query_one("#sys-beds", Input)
        beds.disabled = system_type not in table.systems_with_beds
        beds.placeholder = "" if beds.disabled else "0"
        self.query_one("#sys-firepower", Select).disabled = not is_weapon
        self.query_one("#sys-arc", Select).disabled = not is_weapon
        for degree in table.damage_degrees:
            damage = self.query_one(f"#sys-damage-{degree}", Input)
            damage.disabled = not is_weapon
            # what a blank field means, not an example that looks typed and is not kept
            damage.placeholder = "none" if is_weapon else ""

    def system_dict(self) -> dict[str, Any]:
        """The system as typed, in the spec format (blank fields left out)."""
        table = ship_spec_table()
        system_type = str(self.query_one("#sys-type", Select).value)
        data: dict[str, Any] = {"type": system_type}
        name = self.query_one("#sys-name", Input).value.strip()
        if name:
            data["name"] = name
        for key in ("count", "hp", "beds"):
            field = self.query_one(f"#sys-{key}", Input)
            if field.value.strip() and not field.disabled:
                data[key] = _int_or_text(field.value)
        if system_type in table.weapon_types:
            for key in ("firepower", "arc"):
                value = self.query_one(f"#sys-{key}", Select).value
                if value != Select.NULL:
                    data[key] = value
            damage = {
                degree: self.query_one(f"#sys-damage-{degree}", Input).value.strip()
                for degree in table.damage_degrees
            }
            damage = {k: v for k, v in damage.items() if v}
            if damage:
                data["damage"] = damage
        return {**data, **self._kept(system_type)}

    def _kept(self, system_type: str) -> dict[str, Any]:
        """What the spec had that the form does not show (a system's power, a weapon's damage
        type, an energy screen's flag): kept while the type still allows it, so editing a
        system never drops them."""
        table = ship_spec_table()
        allowed = {
            "power": True,
            "damage_type": system_type in table.weapon_types,
            "energy_screen": system_type in table.energy_screen_types,
        }
        return {k: self.system[k] for k, ok in allowed.items() if ok and k in self.system}

    @on(Input.Submitted)
    def action_submit(self) -> None:
        system = self.system_dict()
        probe = {"name": "system check", "class": self.ship_class, "hull_points": 1}
        try:
            ship_spec_from_dict({**probe, "systems": [system]}, file=FORM_FILE)
        except TableError as exc:
            key = exc.key.removeprefix("systems[0].").removeprefix("systems[0]")
            got = "" if exc.got is None else f", got {exc.got!r}"
            where = f"{key}: " if key else ""
            self.query_one("#sys-error", Static).update(
                f"Not kept: {where}expected {exc.expected}{got}"
            )
            return
        self.dismiss(system)

    def action_cancel(self) -> None:
        self.dismiss(None)


# -- the systems list -----------------------------------------------------------------------


class SystemsTable(DataTable[str]):
    """The form's systems; letter keys work here (the table has focus, not a text field)."""

    BINDINGS = [
        Binding("a", "add_system", "Add system"),
        Binding("e", "edit_system", "Edit system"),
        Binding("x,delete", "remove_system", "Remove system"),
    ]

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


class ShipFormScreen(ModalScreen["ShipSpec | None"]):
    """Add a ship (no spec given) or edit one; returns the validated spec, or None."""

    SCOPED_CSS = False  # the rules below style the screen itself
    DEFAULT_CSS = FORM_CSS
    BINDINGS = [
        Binding("ctrl+s", "save", "Save ship"),
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+t", "systems", "Systems list"),
    ]

    def __init__(self, spec: ShipSpec | None = None) -> None:
        super().__init__()
        self.spec = spec
        if spec is None:
            self.systems: list[dict[str, Any]] = []
        else:
            self.systems = [dict(s) for s in spec.to_dict()["systems"]]

    # -- layout ------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        spec = self.spec
        defaults = spec_defaults(spec) if spec is not None else None

        def unless_default(value: int, default: int | None) -> str:
            return "" if default is None or value == default else str(value)

        title = f"Edit {spec.name}" if spec else "A new ship"
        with Vertical(id="form-box"):
            with VerticalScroll(id="form-body"):
                yield Static(title, classes="form-title")
                with Horizontal(classes="form-line"):
                    yield Label("Name", classes="first")
                    yield Input(
                        spec.name if spec else "",
                        placeholder="CSS Example",
                        id="form-name",
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
                    yield Input(
                        str(spec.hull_points) if spec else "",
                        placeholder="200",
                        id="form-hull_points",
                        type="integer",
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
                    yield Input(
                        unless_default(spec.acceleration, defaults.acceleration)
                        if spec and defaults
                        else "",
                        placeholder="class",
                        id="form-acceleration",
                        type="integer",
                        compact=True,
                    )
                    yield Label("Target size", classes="gap")
                    yield Input(
                        unless_default(spec.target_size_step, defaults.target_size_step)
                        if spec and defaults
                        else "",
                        placeholder="class",
                        id="form-target_size_step",
                        type="integer",
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
                        yield Input(
                            value,
                            placeholder="auto",
                            id=f"form-{track}",
                            type="integer",
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
                            yield Input(
                                str(getattr(spec, key)) if spec else "",
                                placeholder="0",
                                id=f"form-{key}",
                                type="integer",
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
            data["hull_points"] = _int_or_text(text("hull_points"))
        if text("crew_quality"):
            data["crew_quality"] = _quality(text("crew_quality"))
        for key in ("acceleration", "target_size_step", *COUNT_KEYS):
            if text(key):
                data[key] = _int_or_text(text(key))
        durability = {t: _int_or_text(text(t)) for t in TRACKS if text(t)}
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
        self.dismiss(spec)

    @on(Input.Submitted)
    @on(Button.Pressed, "#form-save")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#form-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
