"""The Battle tab's set-up dialogs: a new battle (name, starting range, the two fleets and
their commanders), a quick enemy ship from a short form, and a ship read from a spec file.

The set-up dialog hands its choices to the tab's `create` function, which sets the battle up
through the store; a refused set-up (no ship on a side, a bad commander) shows its message in
the dialog and nothing is saved.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Select, SelectionList, Static

from gmtool.rules.battle.config import battle_table
from gmtool.rules.characters import Party
from gmtool.rules.checks import checks_table
from gmtool.rules.classes import class_ids
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import range_ids, range_name
from gmtool.rules.ship_damage import track_ids
from gmtool.rules.ships import ShipSpec, load_ship_spec, ship_spec_table
from gmtool.store.errors import StoreError
from gmtool.store.ships import ShipRecord
from gmtool.tui.footer import KeyFooter
from gmtool.tui.tabs.crew.system_dialog import SystemDialog

AUTO = "@auto"  # the commander: whoever is at the flagship's command station; the first ship
DEFAULT_RANGE = "long"
FIRST_SHIP = "the first ship"  # the flagship when the GM picks none


@dataclass(frozen=True)
class SetupChoice:
    """What the GM chose in the set-up dialog: campaign ships by id on each side, the quick
    or spec-file ships of side B as (id, spec), each side's commander (None: auto) and its
    flagship as a position among its ships, campaign ships first (None: the first)."""

    name: str
    starting_range: str
    side_a: str
    ships_a: tuple[str, ...]
    commander_a: str | None
    side_b: str
    ships_b: tuple[str, ...]
    extra_b: tuple[tuple[str, ShipSpec], ...]
    commander_b: str | None
    flagship_a: int | None = None
    flagship_b: int | None = None


SETUP_CSS = """
BattleSetupScreen, QuickShipScreen, SpecFileScreen { align: center middle; }
BattleSetupScreen > Vertical, QuickShipScreen > Vertical, SpecFileScreen > Vertical {
    width: 100%; max-width: 100; height: auto; max-height: 100%;
    border: thick $primary; background: $surface; padding: 0 1;
}
.setup-line { height: 1; margin-top: 1; }
.setup-line Label { padding: 0 1 0 0; color: $text-muted; }
.setup-line Label.first { width: 10; }
.setup-line .gap { padding: 0 1 0 2; }
.setup-line Input { width: 1fr; }
.setup-line Input.short { width: 7; }
.setup-line Select { width: 30; }
.setup-line Select.narrow { width: 16; }
BattleSetupScreen SelectionList { height: auto; max-height: 5; border: none; padding: 0; }
BattleSetupScreen .setup-chosen { color: $text-muted; padding-left: 1; width: 1fr; }
BattleSetupScreen .setup-flag-line { height: 1; }
BattleSetupScreen .setup-flag-line Label { padding: 0 1 0 2; color: $text-muted; }
BattleSetupScreen .setup-flag-line Select { width: 30; }
.setup-hint { color: $text-muted; height: auto; }
.setup-error { color: $error; height: auto; }
"""


def ship_label(spec: ShipSpec, note: str = "") -> str:
    extra = f", {note}" if note else ""
    return f"{spec.name} ({spec.ship_class}, accel {spec.acceleration}{extra})"


def chosen_text(names: list[str]) -> str:
    """The ships ticked for a side, in words."""
    return f"in: {', '.join(names)}" if names else "in: no ship yet (space ticks one)"


class BattleSetupScreen(ModalScreen[Any]):
    """Name, starting range, side A (the campaign's ships) and side B (enemies: the
    campaign's enemy ships, quick ships, ships from spec files), and commanders."""

    DEFAULT_CSS = SETUP_CSS
    BINDINGS = [
        Binding("ctrl+s", "create", "Start battle", priority=True),
        Binding("ctrl+n", "quick_ship", "Quick enemy", priority=True),
        Binding("ctrl+o", "spec_file", "Ship from file", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(
        self,
        ships: Sequence[ShipRecord],
        party: Party,
        default_name: str,
        create: Callable[[SetupChoice], Any],
    ) -> None:
        super().__init__()
        self.ships = list(ships)
        self.party = party
        self.default_name = default_name
        self.create = create
        self.extra: list[tuple[str, ShipSpec]] = []

    def compose(self) -> ComposeResult:
        ours = [s for s in self.ships if s.side == "campaign"]
        theirs = [s for s in self.ships if s.side != "campaign"]
        with Vertical() as box:
            box.border_title = "A new battle"
            with Horizontal(classes="setup-line"):
                yield Label("Name", classes="first")
                yield Input(self.default_name, id="setup-name", compact=True)
                yield Label("Range", classes="gap")
                yield Select(
                    [(range_name(r), r) for r in range_ids()],
                    value=DEFAULT_RANGE,
                    allow_blank=False,
                    id="setup-range",
                    classes="narrow",
                    compact=True,
                )
            # side, its heading, its default name, its ships, the note after each ship
            for side, fleet, ships, note in (
                ("a", "Our fleet", ours, ""),
                ("b", "Enemy", theirs, "enemy"),
            ):
                with Horizontal(classes="setup-line"):
                    yield Label(f"Side {side.upper()}", classes="first")
                    yield Input(fleet, id=f"setup-{side}-name", compact=True)
                    yield Label("commander", classes="gap")
                    yield Select(
                        [("at the flagship's command", AUTO)],
                        value=AUTO,
                        allow_blank=False,
                        id=f"setup-{side}-commander",
                        compact=True,
                    )
                yield SelectionList[str](
                    *[(ship_label(s.spec, note), s.id, False) for s in ships],
                    id=f"setup-{side}-ships",
                )
                with Horizontal(classes="setup-flag-line"):
                    yield Static(chosen_text([]), id=f"setup-{side}-chosen", classes="setup-chosen")
                    yield Label("flagship")
                    yield Select(
                        [(FIRST_SHIP, AUTO)],
                        value=AUTO,
                        allow_blank=False,
                        id=f"setup-{side}-flagship",
                        compact=True,
                    )
            yield Static(
                "space ticks a ship; ctrl+n adds a quick enemy ship, ctrl+o one from a spec "
                "file; ctrl+s starts the battle.",
                classes="setup-hint",
            )
            yield Static("", id="setup-error", classes="setup-error")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#setup-name", Input).focus()

    # -- commanders follow the ships picked ---------------------------------------------
    @on(SelectionList.SelectedChanged)
    def _ships_changed(self, event: SelectionList.SelectedChanged[str]) -> None:
        side = "a" if event.selection_list.id == "setup-a-ships" else "b"
        self._offer_commanders(side)
        self._show_chosen(side)
        self._offer_flagships(side)

    def _offer_flagships(self, side: str) -> None:
        """The flagship is one of the ships ticked (by name); the first unless the GM picks."""
        names = {s.id: s.spec.name for s in self.ships}
        names.update({f"extra:{n}": name for n, (name, _spec) in enumerate(self.extra)})
        picked = [str(i) for i in self.query_one(f"#setup-{side}-ships", SelectionList).selected]
        select = self.query_one(f"#setup-{side}-flagship", Select)
        current = select.value
        select.set_options([(FIRST_SHIP, AUTO), *[(names.get(k, k), k) for k in picked]])
        select.value = current if current in picked else AUTO

    def _show_chosen(self, side: str) -> None:
        """The ticks differ only by colour: say in words which ships are in."""
        names = {s.id: s.spec.name for s in self.ships}
        names.update({f"extra:{n}": name for n, (name, _spec) in enumerate(self.extra)})
        picked = self.query_one(f"#setup-{side}-ships", SelectionList).selected
        chosen = [names.get(str(i), str(i)) for i in picked]
        self.query_one(f"#setup-{side}-chosen", Static).update(chosen_text(chosen))

    def _offer_commanders(self, side: str) -> None:
        chosen = set(self.query_one(f"#setup-{side}-ships", SelectionList).selected)
        names = {c.id: c.name for c in self.party.characters}
        ships = {s.id: s.spec.name for s in self.ships}  # the GM sees names, never ids
        aboard = [
            (
                f"{names.get(a.character_id, a.character_id)} ({ships.get(a.ship_id, a.ship_id)})",
                a.character_id,
            )
            for a in self.party.assignments
            if a.ship_id in chosen and a.aboard
        ]
        select = self.query_one(f"#setup-{side}-commander", Select)
        current = select.value
        select.set_options([("at the flagship's command", AUTO), *aboard])
        select.value = current if current in {v for _, v in aboard} else AUTO

    # -- extra enemy ships ---------------------------------------------------------------
    def _add_extra(self, spec: ShipSpec | None) -> None:
        if spec is None:
            return
        key = f"extra:{len(self.extra)}"
        self.extra.append((spec.name, spec))
        ships = self.query_one("#setup-b-ships", SelectionList)
        ships.add_option((ship_label(spec, "this battle only"), key, True))
        self._show_chosen("b")
        self._offer_flagships("b")
        self._error("")

    def action_quick_ship(self) -> None:
        self.app.push_screen(QuickShipScreen(), self._add_extra)

    def action_spec_file(self) -> None:
        self.app.push_screen(SpecFileScreen(), self._add_extra)

    # -- done ----------------------------------------------------------------------------
    def _error(self, text: str) -> None:
        self.query_one("#setup-error", Static).update(text)

    def choice(self) -> SetupChoice:
        def commander(side: str) -> str | None:
            value = self.query_one(f"#setup-{side}-commander", Select).value
            return None if value == AUTO or value == Select.NULL else str(value)

        picked_a = [str(k) for k in self.query_one("#setup-a-ships", SelectionList).selected]
        picked_b = [str(k) for k in self.query_one("#setup-b-ships", SelectionList).selected]
        extra = tuple(
            self.extra[int(key.split(":", 1)[1])] for key in picked_b if key.startswith("extra:")
        )

        def flagship(side: str, picked: list[str]) -> int | None:
            """Its place among the side's ships as the battle lists them: campaign ships,
            then the ships made for this battle."""
            value = self.query_one(f"#setup-{side}-flagship", Select).value
            if value == AUTO or value == Select.NULL or value not in picked:
                return None
            order = [k for k in picked if not k.startswith("extra:")]
            order += [k for k in picked if k.startswith("extra:")]
            return order.index(str(value))

        return SetupChoice(
            name=self.query_one("#setup-name", Input).value.strip(),
            starting_range=str(self.query_one("#setup-range", Select).value),
            side_a=self.query_one("#setup-a-name", Input).value.strip(),
            ships_a=tuple(picked_a),
            commander_a=commander("a"),
            side_b=self.query_one("#setup-b-name", Input).value.strip(),
            ships_b=tuple(k for k in picked_b if not k.startswith("extra:")),
            extra_b=extra,
            commander_b=commander("b"),
            flagship_a=flagship("a", picked_a),
            flagship_b=flagship("b", picked_b),
        )

    def action_create(self) -> None:
        try:
            result = self.create(self.choice())
        except (RulesError, StoreError) as exc:
            self._error(f"Not set up: {exc}")
            return
        self.dismiss(result)

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_create()

    def action_cancel(self) -> None:
        self.dismiss(None)


# -- a quick enemy ship ---------------------------------------------------------------------


def _number(text: str, what: str) -> int | None:
    stripped = text.strip()
    if not stripped:
        return None
    try:
        return int(stripped)
    except ValueError:
        raise RulesError(f"{what} is a whole number, not {stripped!r}") from None


def quick_hull_points(ship_class: str) -> str:
    """The quick enemy form's hull points for a class (tables/battle.yaml, quick_ship)."""
    return str(battle_table().quick_hull_points[ship_class])


def _weapon_text(weapon: dict[str, Any]) -> str:
    damage = weapon.get("damage") or {}
    figures = "/".join(str(damage.get(d, "-")) for d in ship_spec_table().damage_degrees)
    count = weapon.get("count", 1)
    table = ship_spec_table()
    kind = table.system_types.get(weapon["type"], weapon["type"])
    name = weapon.get("name") or kind
    parts = [f"{count} x {name}" if count != 1 else str(name), f"({kind}"]
    if weapon.get("firepower"):
        parts.append(table.firepower_names.get(weapon["firepower"], weapon["firepower"]))
    if weapon.get("arc"):
        parts.append(str(weapon["arc"]))
    return " ".join(parts) + f") {figures if damage else 'no damage roll'}"


class QuickShipScreen(ModalScreen["ShipSpec | None"]):
    """The short form: name, class, hull points, acceleration, crew quality, durability and
    weapons; blanks take the spec format's defaults. Returns a validated spec."""

    DEFAULT_CSS = SETUP_CSS
    BINDINGS = [
        Binding("ctrl+s", "keep", "Keep ship", priority=True),
        Binding("ctrl+w", "add_weapon", "Add weapon", priority=True),
        Binding("ctrl+r", "remove_weapon", "Remove last weapon", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.weapons: list[dict[str, Any]] = []
        self.ship_class = "light"
        self.hull_default = quick_hull_points(self.ship_class)

    @on(Select.Changed, "#quick-class")
    def _class_changed(self, event: Select.Changed) -> None:
        """The hull points shown follow the class while they are the class's default."""
        self.ship_class = str(event.value)
        hull = self.query_one("#quick-hull", Input)
        new_default = quick_hull_points(self.ship_class)
        if hull.value.strip() in ("", self.hull_default):
            hull.value = new_default
        self.hull_default = new_default

    def compose(self) -> ComposeResult:
        qualities = list(checks_table().crew_quality)
        with Vertical() as box:
            box.border_title = "A quick enemy ship"
            with Horizontal(classes="setup-line"):
                yield Label("Name", classes="first")
                yield Input("", placeholder="e.g. Raider Jackal", id="quick-name", compact=True)
                yield Label("Class", classes="gap")
                yield Select(
                    [(c, c) for c in class_ids()],
                    value=self.ship_class,
                    allow_blank=False,
                    id="quick-class",
                    classes="narrow",
                    compact=True,
                )
            with Horizontal(classes="setup-line"):
                yield Label("Hull pts", classes="first")
                yield Input(self.hull_default, id="quick-hull", classes="short", compact=True)
                yield Label("Accel", classes="gap")
                yield Input(
                    "", placeholder="class", id="quick-accel", classes="short", compact=True
                )
                yield Label("Crew", classes="gap")
                yield Select(
                    [(q, q) for q in qualities],
                    value=ship_spec_table().crew_quality,
                    allow_blank=False,
                    id="quick-crew",
                    classes="narrow",
                    compact=True,
                )
            with Horizontal(classes="setup-line"):
                yield Label("Tracks", classes="first")
                for track in track_ids():
                    yield Label(track, classes="gap")
                    yield Input(
                        "", placeholder="hull", id=f"quick-{track}", classes="short", compact=True
                    )
            yield Static("Weapons: none yet", id="quick-weapons", classes="setup-hint")
            yield Static(
                "The hull points follow the class until you type your own. Blank tracks come "
                "from the hull points (all four or none), a blank acceleration from the class. "
                "ctrl+w adds a weapon, ctrl+r removes the last.",
                classes="setup-hint",
            )
            yield Static("", id="quick-error", classes="setup-error")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#quick-name", Input).focus()

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
        hull = _number(self.query_one("#quick-hull", Input).value, "hull points")
        if hull is None:
            raise RulesError("type the hull points")
        tracks = {
            t: _number(self.query_one(f"#quick-{t}", Input).value, f"the {t} track")
            for t in track_ids()
        }
        given = {t: v for t, v in tracks.items() if v is not None}
        if given and len(given) != len(tracks):
            raise RulesError("give all four tracks, or none (they come from the hull points)")
        return quick_ship_spec(
            name,
            str(self.query_one("#quick-class", Select).value),
            hull,
            acceleration=_number(self.query_one("#quick-accel", Input).value, "acceleration"),
            crew_quality=str(self.query_one("#quick-crew", Select).value),
            durability=given or None,
            weapons=self.weapons,
        )

    def action_keep(self) -> None:
        try:
            spec = self.spec()
        except RulesError as exc:
            self.query_one("#quick-error", Static).update(f"Not kept: {exc}")
            return
        self.dismiss(spec)

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_keep()

    def action_cancel(self) -> None:
        self.dismiss(None)


class QuickWeaponScreen(SystemDialog):
    """A weapon of a quick enemy ship: the ship form's system dialog, offering weapon types
    only, its damage fields filled with tables/battle.yaml's quick-ship damage (what is shown
    is kept; a cleared field shows 'none': no damage roll, the GM types such a hit in)."""

    BINDINGS = [
        Binding("ctrl+s", "submit", "Keep weapon", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]

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


class SpecFileScreen(ModalScreen["ShipSpec | None"]):
    """A ship spec YAML file, read and checked; a bad file says where and why."""

    DEFAULT_CSS = SETUP_CSS
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "A ship from a spec file"
            with Horizontal(classes="setup-line"):
                yield Label("File", classes="first")
                yield Input("", placeholder="path/to/ship.yaml", id="spec-path", compact=True)
            yield Static("Enter reads the file; escape cancels.", classes="setup-hint")
            yield Static("", id="spec-error", classes="setup-error")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#spec-path", Input).focus()

    @on(Input.Submitted)
    def _read(self) -> None:
        text = self.query_one("#spec-path", Input).value.strip()
        if not text:
            self.query_one("#spec-error", Static).update("Type the path of a ship spec file.")
            return
        try:
            spec = load_ship_spec(Path(text).expanduser())
        except RulesError as exc:
            self.query_one("#spec-error", Static).update(f"Not read: {exc}")
            return
        self.dismiss(spec)

    def action_cancel(self) -> None:
        self.dismiss(None)
