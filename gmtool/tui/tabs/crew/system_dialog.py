"""One line of a ship's systems list: its dialog (the ship form's, and the Battle tab's quick
weapon dialog), checked as a spec file's line would be, and the summary the list shows."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, Select, Static

from gmtool.rules.errors import TableError
from gmtool.rules.limits import MAX_CREW_COUNT, MAX_HULL_POINTS, MAX_NAME_CHARS, MAX_SYSTEM_COUNT
from gmtool.rules.ships import ship_spec_from_dict, ship_spec_table
from gmtool.rules.ships.parts import least_count
from gmtool.tui.dialogs import GmDialog
from gmtool.tui.dialogs.base import save_action
from gmtool.tui.footer import KeyFooter
from gmtool.tui.styles import tab_css
from gmtool.tui.widgets.compact import choice, form_row, number_field
from gmtool.tui.widgets.number_field import NumberField
from gmtool.tui.widgets.text_field import TextField

FORM_FILE = "the ship form"
FORM_CSS = tab_css(__file__, "form.tcss")
FORM_WIDEST = 110  # the ship form's max-width in form.tcss
# The fewest columns of the tab worth showing beside the ship form (a GM glancing at it).
TAB_SHOWN_BESIDE = 30


def int_or_text(text: str) -> int | str:
    """A number typed in a field; anything else goes to validation as typed, so the message
    says what was expected and what was got."""
    stripped = text.strip()
    try:
        return int(stripped)
    except ValueError:
        return stripped


def blank(value: int | None) -> str:
    return "" if value is None else str(value)


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


class SystemDialog(GmDialog["dict[str, Any] | None"]):
    """Add or edit one line of the systems list; checked before it goes back to the form."""

    SCOPED_CSS = False  # form.tcss names SystemDialog itself
    DEFAULT_CSS = FORM_CSS
    ACTIONS = (save_action("submit", "Keep system", "Check the system and put it in the list"),)

    def __init__(self, ship_class: str, system: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.ship_class = ship_class
        self.system = dict(system or {"type": "engine"})

    def compose(self) -> ComposeResult:
        table = ship_spec_table()
        s = self.system
        damage = s.get("damage") or {}
        types = [(f"{name} ({type_id})", type_id) for type_id, name in table.system_types.items()]
        name = TextField(str(s.get("name", "")), id="sys-name", limit=MAX_NAME_CHARS,
                         classes="wide", compact=True)  # fmt: skip
        least = least_count(s.get("type") in table.weapon_types)
        firepower = Select([(table.firepower_names[f], f) for f in table.firepowers],
                           value=s.get("firepower", Select.NULL), prompt="by class",
                           id="sys-firepower", compact=True)  # fmt: skip
        arc = Select([(a, a) for a in table.arcs], value=s.get("arc", Select.NULL),
                     prompt="default", id="sys-arc", compact=True)  # fmt: skip
        degrees: list[str | Widget] = ["Damage"]
        for degree in table.damage_degrees:
            value = str(damage.get(degree, ""))
            degrees += [degree, Input(value, id=f"sys-damage-{degree}", compact=True)]
        with VerticalScroll(id="system-box", can_focus=False):
            yield Static("A system of the ship", classes="form-title")
            yield form_row("Type", choice(types, s.get("type", "engine"), "sys-type"), "Name", name)
            yield form_row(
                "Count", number_field("sys-count", least, MAX_SYSTEM_COUNT, blank(s.get("count"))),
                "hull points each", number_field("sys-hp", 0, MAX_HULL_POINTS, blank(s.get("hp"))),
                "beds each", number_field("sys-beds", 0, MAX_CREW_COUNT, blank(s.get("beds"))),
            )  # fmt: skip
            yield form_row("Firepower", firepower, "Arc", arc)
            yield form_row(*degrees)
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
        count = self.query_one("#sys-count", NumberField)
        count.minimum = least_count(is_weapon)
        count.validate(count.value)
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
        if name := self.query_one("#sys-name", Input).value.strip():
            data["name"] = name
        for key in ("count", "hp", "beds"):
            field = self.query_one(f"#sys-{key}", Input)
            if field.value.strip() and not field.disabled:
                data[key] = int_or_text(field.value)
        if system_type in table.weapon_types:
            for key in ("firepower", "arc"):
                value = self.query_one(f"#sys-{key}", Select).value
                if value != Select.NULL:
                    data[key] = value
            damage = {
                degree: self.query_one(f"#sys-damage-{degree}", Input).value.strip()
                for degree in table.damage_degrees
            }
            if damage := {d: typed for d, typed in damage.items() if typed}:
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
