"""The Battle tab's quick enemy ship: a short form (name, class, hull points, acceleration,
crew quality, durability, weapons) that makes a ship for one battle, and its weapon dialog."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Input, Select, Static

from gmtool.rules.battle.config import battle_table
from gmtool.rules.checks import checks_table
from gmtool.rules.classes import class_ids
from gmtool.rules.errors import RulesError
from gmtool.rules.limits import MAX_HULL_POINTS, MAX_NAME_CHARS
from gmtool.rules.ship_damage import track_ids
from gmtool.rules.ships import ShipSpec, ship_spec_table
from gmtool.tui.action_table import TabAction
from gmtool.tui.dialogs import GmDialog
from gmtool.tui.dialogs.base import save_action
from gmtool.tui.footer import KeyFooter
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.crew.system_dialog import SystemDialog
from gmtool.tui.widgets.compact import choice, form_row, number_field
from gmtool.tui.widgets.number_field import NumberField
from gmtool.tui.widgets.text_field import TextField

QUICK_CLASS = "light"  # the class a quick ship starts as


def quick_hull_points(ship_class: str) -> str:
    """The quick enemy form's hull points for a class (tables/battle.yaml, quick_ship)."""
    return str(battle_table().quick_hull_points[ship_class])


def _weapon_text(weapon: dict[str, Any]) -> str:
    table = ship_spec_table()
    damage = weapon.get("damage") or {}
    figures = "/".join(str(damage.get(d, "-")) for d in table.damage_degrees)
    count = weapon.get("count", 1)
    kind = table.system_types.get(weapon["type"], weapon["type"])
    name = weapon.get("name") or kind
    parts = [f"{count} x {name}" if count != 1 else str(name), f"({kind}"]
    if weapon.get("firepower"):
        parts.append(table.firepower_names.get(weapon["firepower"], weapon["firepower"]))
    if weapon.get("arc"):
        parts.append(str(weapon["arc"]))
    return " ".join(parts) + f") {figures if damage else 'no damage roll'}"


class QuickShipScreen(GmDialog["ShipSpec | None"]):
    """The short form; blanks take the spec format's defaults. Returns a validated spec."""

    DEFAULT_CSS = tab_css(__file__, "setup_dialog.tcss")
    AUTO_FOCUS = "#quick-name"
    ACTIONS = (
        save_action("keep", "Keep ship", "Check the ship and keep it for the battle"),
        TabAction("ctrl+w", "add_weapon", "Add weapon", "Add a weapon to the ship",
                  priority=True),
        TabAction("ctrl+r", "remove_weapon", "Remove last weapon",
                  "Remove the weapon added last", priority=True),
    )  # fmt: skip

    def __init__(self) -> None:
        super().__init__()
        self.weapons: list[dict[str, Any]] = []
        self.hull_default = quick_hull_points(QUICK_CLASS)

    @on(Select.Changed, "#quick-class")
    def _class_changed(self, event: Select.Changed) -> None:
        """The hull points shown follow the class while they are the class's default."""
        hull = self.query_one("#quick-hull", Input)
        new_default = quick_hull_points(str(event.value))
        if hull.value.strip() in ("", self.hull_default):
            hull.value = new_default
        self.hull_default = new_default

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = "A quick enemy ship"
            name = TextField(
                "", placeholder="e.g. Raider Jackal", id="quick-name", limit=MAX_NAME_CHARS,
                compact=True,
            )  # fmt: skip
            ship_class = choice([(c, c) for c in class_ids()], QUICK_CLASS, "quick-class")
            yield form_row("Name", name, "Class", ship_class, classes="setup-line")
            crew = [(q, q) for q in checks_table().crew_quality]
            yield form_row(
                "Hull pts", number_field("quick-hull", 1, MAX_HULL_POINTS, self.hull_default),
                "Accel", number_field("quick-accel", 0, placeholder="class"),
                "Crew", choice(crew, ship_spec_table().crew_quality, "quick-crew"),
                classes="setup-line",
            )  # fmt: skip
            tracks: list[str | Widget] = ["Tracks"]
            for track in track_ids():
                tracks += [
                    track,
                    number_field(f"quick-{track}", 0, MAX_HULL_POINTS, placeholder="hull"),
                ]
            yield form_row(*tracks, classes="setup-line quick-tracks")
            yield Static("Weapons: none yet", id="quick-weapons", classes="setup-hint")
            yield Static(
                "The hull points follow the class until you type your own. Blank tracks come "
                "from the hull points (all four or none), a blank acceleration from the class. "
                "ctrl+w adds a weapon, ctrl+r removes the last.",
                classes="setup-hint",
            )
            yield Static("", id="quick-error", classes="setup-error")
        yield KeyFooter()

    def _show_weapons(self) -> None:
        text = "; ".join(_weapon_text(w) for w in self.weapons) or "none yet"
        self.query_one("#quick-weapons", Static).update(f"Weapons: {text}")

    def action_add_weapon(self) -> None:
        def added(system: dict[str, Any] | None) -> None:
            if system is not None:
                self.weapons.append(system)
                self._show_weapons()

        ship_class = str(self.query_one("#quick-class", Select).value)
        self.app.push_screen(QuickWeaponScreen(ship_class), added)

    def action_remove_weapon(self) -> None:
        if self.weapons:
            self.weapons.pop()
            self._show_weapons()

    def spec(self) -> ShipSpec:
        from gmtool.rules.battle import quick_ship_spec

        name = self.query_one("#quick-name", Input).value.strip()
        if not name:
            raise RulesError("the ship needs a name")
        # never a number typed wrong here: the save's check of the fields said so
        hull = self.query_one("#quick-hull", NumberField).number
        if hull is None:
            raise RulesError("type the hull points")
        tracks = {t: self.query_one(f"#quick-{t}", NumberField).number for t in track_ids()}
        given = {t: v for t, v in tracks.items() if v is not None}
        if given and len(given) != len(tracks):
            raise RulesError("give all four tracks, or none (they come from the hull points)")
        return quick_ship_spec(
            name,
            str(self.query_one("#quick-class", Select).value),
            hull,
            acceleration=self.query_one("#quick-accel", NumberField).number,
            crew_quality=str(self.query_one("#quick-crew", Select).value),
            durability=given or None,
            weapons=self.weapons,
        )

    def action_keep(self) -> None:
        try:
            self.dismiss(self.spec())
        except RulesError as exc:
            self.query_one("#quick-error", Static).update(f"Not kept: {exc}")


class QuickWeaponScreen(SystemDialog):
    """A weapon of a quick enemy ship: the system dialog with weapon types only, its damage
    filled from tables/battle.yaml (a cleared field is 'none': the GM types such hits in)."""

    ACTIONS = (save_action("submit", "Keep weapon", "Check the weapon and add it"),)

    def __init__(self, ship_class: str) -> None:
        damage = dict(battle_table().quick_weapon_damage)
        super().__init__(ship_class, {"type": "beam", "damage": damage})

    def on_mount(self) -> None:
        table = ship_spec_table()
        self.query_one(".form-title", Static).update("A weapon of the quick enemy ship")
        self.query_one(".form-hint", Static).update(
            "Blank count and hull points mean 1 and 0. Damage: dice and a track letter for "
            "each degree of hit; a blank field keeps none, and you type such a hit's damage "
            "in. Enter or ctrl+s keeps the weapon, Escape cancels."
        )
        self.query_one("#sys-type", Select).set_options(
            [
                (f"{name} ({type_id})", type_id)
                for type_id, name in table.system_types.items()
                if type_id in table.weapon_types
            ]
        )
        self.query_one("#sys-type", Select).value = "beam"
