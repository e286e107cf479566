"""The Battle tab's damage form: damage the GM types in (a ram, a blast, a hit rolled at the
table, a weapon with no damage roll) on a ship, with its track, cause, damage type and the
place aboard it struck."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Select, Static

from gmtool.rules.armor import armor_table
from gmtool.rules.battle import BattleShip, BattleState
from gmtool.rules.hit_stations import hit_station_table, on_station_rule, place_name, places_aboard
from gmtool.rules.limits import MAX_HULL_POINTS
from gmtool.rules.ship_damage import track_ids
from gmtool.tui.dialogs import GmDialog
from gmtool.tui.dialogs.base import save_action
from gmtool.tui.footer import KeyFooter
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.battle.requests import ApplyDamage
from gmtool.tui.widgets.compact import choice, form_row, note_field, number_field
from gmtool.tui.widgets.number_field import NumberField

# Side A holds the campaign's ships, side B its enemies (the set-up dialog fills them so).
SIDE_WORDS = {"a": "ours", "b": "enemy"}


def ship_choice(ship: BattleShip) -> str:
    """A ship as the damage form lists it: 'Raider Gorgon (enemy, side B), operational'."""
    side = f"{SIDE_WORDS.get(ship.side, 'side')}, side {ship.side.upper()}"
    return f"{ship.name} ({side}), {ship.fate}"


ROLL_PLACE = "roll"  # the place-struck choice that rolls it on tables/hit_stations.yaml
RULE_OFF = "everyone"  # the one choice while the optional rule is off


def place_choices() -> list[tuple[str, str]]:
    """(label, id) of what a hit may strike under "characters on station": rolled first,
    then every station and place aboard; one choice saying so while the rule is off."""
    if not on_station_rule():
        return [("everyone aboard (rule off)", RULE_OFF)]
    die = hit_station_table().die.canonical()
    rolled = [(f"roll it ({die})", ROLL_PLACE)]
    return rolled + [(place_name(p), p) for p in places_aboard()]


class DamageScreen(GmDialog["ApplyDamage | None"]):
    """Damage the GM types in; under the optional rule "characters on station", also the
    place aboard it struck (or roll it)."""

    DEFAULT_CSS = tab_css(__file__, "damage_dialog.tcss")
    AUTO_FOCUS = "#damage-amount"
    ACTIONS = (save_action("apply", "Apply damage", "Apply the damage typed to the ship"),)

    def __init__(
        self, state: BattleState, ship_id: str | None, note: str, damage_type: str | None
    ) -> None:
        """The ships not destroyed, `ship_id` first chosen; `damage_type`: the type of the
        weapon that hit, when known; else the type of damage no weapon caused
        (tables/armor.yaml)."""
        super().__init__()
        self.damage_type = damage_type or armor_table().other_damage_type
        self.state = state
        self.ships = [s for s in state.ships if not s.destroyed]
        self.ship_id = next((s.id for s in self.ships if s.id == ship_id), self.ships[0].id)
        self.note = note

    def target_text(self, ship_id: str) -> tuple[str, bool]:
        """The line naming the ship the damage goes to, and whether it is one of ours."""
        ship = self.state.ship(ship_id)
        fleet = self.state.side(ship.side).name
        side = f"side {ship.side.upper()}" + (f", {fleet}" if fleet else "")
        ours = SIDE_WORDS.get(ship.side) == "ours"
        whose = "one of our own ships" if ours else "an enemy ship"
        return f"Damage to {ship.name}: {whose} ({side}), {ship.fate}.", ours

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = "Type damage in"
            ships = [(ship_choice(s), s.id) for s in self.ships]
            yield form_row("Ship", choice(ships, self.ship_id, "damage-ship"), classes="line")
            text, ours = self.target_text(self.ship_id)
            yield Static(text, id="damage-target", classes="ours" if ours else "")
            yield form_row(
                "Points", number_field("damage-amount", 1, MAX_HULL_POINTS),
                "track", choice([(t, t) for t in track_ids()], "wound", "damage-track"),
                classes="line",
            )  # fmt: skip
            hint = "ram, blast, a hit rolled at the table"
            yield form_row(
                "Why", note_field("damage-note", hint, self.note, classes=None), classes="line"
            )
            kinds = [(name, key) for key, name in armor_table().damage_types.items()]
            places = place_choices()
            struck = choice(places, places[0][1], "damage-place", disabled=not on_station_rule())
            yield form_row(
                "Type",
                choice(kinds, self.damage_type, "damage-type"),
                "struck",
                struck,
                classes="line",
            )
            yield Static(
                "Extra damage rolls over 2 for 1 onto the next track; the type is what armor "
                "stops. Enter or ctrl+s applies.",
                classes="hint",
            )
            yield Static("", id="damage-error", classes="error")
        yield KeyFooter()

    @on(Select.Changed, "#damage-ship")
    def _ship_changed(self, event: Select.Changed) -> None:
        text, ours = self.target_text(str(event.value))
        target = self.query_one("#damage-target", Static)
        target.update(text)
        target.set_class(ours, "ours")

    def action_apply(self) -> None:
        field = self.query_one("#damage-amount", NumberField)
        amount = field.number  # never wrong here: the save's check said so
        if amount is None:
            self.query_one("#damage-error", Static).update(
                f"Not applied: type the points, a whole number from 1 to {MAX_HULL_POINTS:,}"
            )
            field.focus()
            return
        place = str(self.query_one("#damage-place", Select).value)
        self.dismiss(
            ApplyDamage(
                str(self.query_one("#damage-ship", Select).value),
                amount,
                str(self.query_one("#damage-track", Select).value),
                self.query_one("#damage-note", Input).value.strip(),
                str(self.query_one("#damage-type", Select).value),
                None if place in (ROLL_PLACE, RULE_OFF) else place,
            )
        )
