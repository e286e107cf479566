"""The Battle tab's dialogs: firing a weapon, typing damage in, and the battle summary.

Choosing one thing from a list (a heading, a target, a battle) and yes/no questions use the
Stations tab's `ChoiceDialog` and `ConfirmDialog`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from gmtool.rules.armor import armor_table
from gmtool.rules.battle import AttackOption, BattleShip, fire_words
from gmtool.rules.hit_stations import hit_station_table, on_station_rule, place_name, places_aboard
from gmtool.rules.narrative import AttackSteps
from gmtool.rules.ship_damage import track_ids
from gmtool.rules.ships import ship_spec_table
from gmtool.tui.footer import KeyFooter


@dataclass(frozen=True)
class FireOrder:
    """The target, and whether the app rolls the weapon's damage (False: the GM types it)."""

    target: str
    roll_damage: bool


def damage_text(option: AttackOption) -> str:
    """The weapon's damage by degree: 'ordinary d6+1w, good d6+3w, amazing d4+2m'."""
    if not option.damage:
        return "no damage roll (you type it in)"
    return ", ".join(
        f"{degree} {option.damage[degree]}"
        for degree in ship_spec_table().damage_degrees
        if degree in option.damage
    )


def fire_hint(option: AttackOption) -> str:
    """What enter and t do in the attack dialog: enter rolls the damage only when the weapon
    has a damage roll; for a degree without one the GM types the damage in."""
    degrees = ship_spec_table().damage_degrees
    if not option.damage:
        return "enter fires; the weapon has no damage roll, so on a hit you type the damage in"
    missing = [d for d in degrees if d not in option.damage]
    hint = "enter fires and rolls the damage"
    if missing:
        hits = " or ".join(missing)
        article = "an" if hits[0] in "aeiou" else "a"
        hint += f" ({article} {hits} hit has no damage roll: you type it in)"
    return hint + "; t fires and you type the damage in"


def steps_text(steps: AttackSteps) -> str:
    """Every step modifier of an attack, the ones that add nothing too, and their sum."""
    return f"step {steps.total:+d} = " + ", ".join(f"{m.name} {m.step:+d}" for m in steps.modifiers)


def option_text(option: AttackOption) -> Text:
    """One weapon that can fire: who rolls what, each target's steps, and its damage; a ship
    hit earlier in the sub-phase says why it still fires as it was (simultaneous fire)."""
    text = Text.assemble(
        (f"{option.ship_name}: {option.weapon_name}", "bold"),
        f" (class {option.weapon_class}, {fire_words(option.mode)})\n",
        f"  {option.roller.rolls_text()}",
    )
    for target in option.targets:
        text.append(f"\n  at {target.name}: {steps_text(target.steps)}")
    if option.note:
        text.append(f"\n  {option.note}", style="italic")
    text.append(f"\n  damage: {damage_text(option)}", style="dim")
    return text


class AttackScreen(ModalScreen["FireOrder | None"]):
    """Fire one weapon: pick the target (each with every step modifier of the attack);
    enter rolls the attack and the damage, t rolls the attack and leaves the damage to the
    GM."""

    DEFAULT_CSS = """
    AttackScreen { align: center middle; }
    AttackScreen > Vertical {
        width: 90; max-width: 100%; height: auto; max-height: 100%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    AttackScreen OptionList { height: auto; max-height: 10; }
    AttackScreen .hint { color: $text-muted; }
    """
    BINDINGS = [
        Binding("enter", "fire(True)", "Fire, roll damage", priority=True),
        # a weapon without a damage roll: enter fires and the GM types the damage in
        Binding("enter", "fire(False)", "Fire, type damage", priority=True),
        Binding("t", "fire(False)", "Fire, type damage"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, option: AttackOption) -> None:
        super().__init__()
        self.option = option

    def compose(self) -> ComposeResult:
        option = self.option
        note = f"\n{option.note}." if option.note else ""
        with Vertical() as box:
            box.border_title = f"Fire {option.ship_name}'s {option.weapon_name}"
            yield Static(
                f"Class {option.weapon_class} weapon, {fire_words(option.mode)}; "
                f"{option.roller.rolls_text()}.\nDamage: {damage_text(option)}.{note}"
            )
            yield OptionList(
                *[Option(f"{t.name}: {steps_text(t.steps)}", id=t.ship_id) for t in option.targets]
            )
            yield Static(fire_hint(option), classes="hint")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "fire" and parameters == (True,):
            return bool(self.option.damage)  # nothing to roll: enter types the damage in
        return True

    def action_fire(self, roll_damage: bool) -> None:
        options = self.query_one(OptionList)
        if options.highlighted is None:
            return
        target = options.get_option_at_index(options.highlighted).id
        assert target is not None
        self.dismiss(FireOrder(target, roll_damage))

    def action_cancel(self) -> None:
        self.dismiss(None)


# Side A holds the campaign's ships, side B its enemies (the set-up dialog fills them so).
SIDE_WORDS = {"a": "ours", "b": "enemy"}


def ship_choice(ship: BattleShip) -> str:
    """A ship as the damage form lists it: 'Raider Gorgon (enemy, side B), operational'."""
    side = f"{SIDE_WORDS.get(ship.side, 'side')}, side {ship.side.upper()}"
    return f"{ship.name} ({side}), {ship.fate}"


@dataclass(frozen=True)
class DamageEntry:
    ship_id: str
    amount: int
    track: str
    note: str
    damage_type: str  # what the characters' armor protects against (tables/armor.yaml)
    hit_place: str | None = None  # the place struck ("characters on station"); None: rolled


ROLL_PLACE = "roll"  # the place-struck choice that rolls it on tables/hit_stations.yaml
RULE_OFF = "everyone"  # the one choice while the optional rule is off


def damage_type_choices() -> list[tuple[str, str]]:
    """(label, id) of each damage type: 'energy', 'high impact'."""
    return [(name, key) for key, name in armor_table().damage_types.items()]


def place_choices() -> list[tuple[str, str]]:
    """(label, id) of what a hit may strike under "characters on station": rolled first,
    then every station and place aboard; one choice saying so while the rule is off."""
    if not on_station_rule():
        return [("everyone aboard (rule off)", RULE_OFF)]
    die = hit_station_table().die.canonical()
    rolled = [(f"roll it ({die})", ROLL_PLACE)]
    return rolled + [(place_name(p), p) for p in places_aboard()]


class DamageScreen(ModalScreen["DamageEntry | None"]):
    """Damage the GM types in: which ship, how many points, on which track, why, its damage
    type (what the characters' armor stops) and, under the optional rule "characters on
    station", the station or place it struck (or roll it)."""

    DEFAULT_CSS = """
    DamageScreen { align: center middle; }
    DamageScreen > Vertical {
        width: 76; max-width: 100%; height: auto;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    DamageScreen .line { height: 1; margin-top: 1; }
    DamageScreen Label { width: 8; color: $text-muted; }
    DamageScreen Label.gap { width: auto; padding: 0 1 0 2; }
    DamageScreen Select { width: 1fr; }
    DamageScreen Select.track { width: 14; }
    DamageScreen Select.kind { width: 16; }
    DamageScreen Input { width: 1fr; }
    DamageScreen Input.amount { width: 8; }
    DamageScreen .hint { color: $text-muted; margin-top: 1; }
    DamageScreen .error { color: $error; height: auto; }
    DamageScreen #damage-target { height: auto; margin-top: 1; text-style: bold; }
    DamageScreen #damage-target.ours { color: $warning; }
    """
    BINDINGS = [
        Binding("ctrl+s", "apply", "Apply damage", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(
        self,
        ships: Sequence[BattleShip],
        ship_id: str | None = None,
        track: str = "wound",
        note: str = "",
        side_names: Mapping[str, str] | None = None,
        damage_type: str | None = None,
    ) -> None:
        """`damage_type`: the type of the weapon that hit, when known; else the type of
        damage no weapon caused (tables/armor.yaml)."""
        super().__init__()
        self.damage_type = damage_type or armor_table().other_damage_type
        self.ships = list(ships)
        self.ship_id: str = (
            ship_id if ship_id is not None and any(s.id == ship_id for s in ships) else ships[0].id
        )
        self.track = track
        self.note = note
        self.side_names = dict(side_names or {})

    def target_text(self, ship_id: str) -> tuple[str, bool]:
        """The line naming the ship the damage goes to, and whether it is one of ours."""
        ship = next(s for s in self.ships if s.id == ship_id)
        fleet = self.side_names.get(ship.side)
        side = f"side {ship.side.upper()}" + (f", {fleet}" if fleet else "")
        ours = SIDE_WORDS.get(ship.side) == "ours"
        whose = "one of our own ships" if ours else "an enemy ship"
        return f"Damage to {ship.name}: {whose} ({side}), {ship.fate}.", ours

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Type damage in"
            with Horizontal(classes="line"):
                yield Label("Ship")
                yield Select(
                    [(ship_choice(s), s.id) for s in self.ships],
                    value=self.ship_id,
                    allow_blank=False,
                    id="damage-ship",
                    compact=True,
                )
            text, ours = self.target_text(self.ship_id)
            yield Static(text, id="damage-target", classes="ours" if ours else "")
            with Horizontal(classes="line"):
                yield Label("Points")
                yield Input("", id="damage-amount", classes="amount", compact=True)
                yield Label("track", classes="gap")
                yield Select(
                    [(t, t) for t in track_ids()],
                    value=self.track,
                    allow_blank=False,
                    id="damage-track",
                    classes="track",
                    compact=True,
                )
            with Horizontal(classes="line"):
                yield Label("Why")
                # compact: a bordered Input is three lines high and showed nothing in the
                # form's one-line rows
                yield Input(
                    self.note,
                    placeholder="ram, blast, a hit rolled at the table",
                    id="damage-note",
                    compact=True,
                )
            with Horizontal(classes="line"):
                yield Label("Type")
                yield Select(
                    damage_type_choices(),
                    value=self.damage_type,
                    allow_blank=False,
                    id="damage-type",
                    classes="kind",
                    compact=True,
                )
                yield Label("struck", classes="gap")
                places = place_choices()
                yield Select(
                    places,
                    value=places[0][1],
                    allow_blank=False,
                    id="damage-place",
                    compact=True,
                    disabled=not on_station_rule(),
                )
            yield Static(
                "Extra damage rolls over 2 for 1 onto the next track; the type is what armor "
                "stops. Enter or ctrl+s applies.",
                classes="hint",
            )
            yield Static("", id="damage-error", classes="error")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#damage-amount", Input).focus()

    @on(Select.Changed, "#damage-ship")
    def _ship_changed(self, event: Select.Changed) -> None:
        text, ours = self.target_text(str(event.value))
        target = self.query_one("#damage-target", Static)
        target.update(text)
        target.set_class(ours, "ours")

    @on(Input.Submitted)
    def action_apply(self) -> None:
        text = self.query_one("#damage-amount", Input).value.strip()
        try:
            amount = int(text)
        except ValueError:
            amount = -1
        if amount < 1:
            self.query_one("#damage-error", Static).update(
                f"Not applied: the points are a whole number of at least 1, not {text!r}"
            )
            self.query_one("#damage-amount", Input).focus()
            return
        place = str(self.query_one("#damage-place", Select).value)
        self.dismiss(
            DamageEntry(
                str(self.query_one("#damage-ship", Select).value),
                amount,
                str(self.query_one("#damage-track", Select).value),
                self.query_one("#damage-note", Input).value.strip(),
                str(self.query_one("#damage-type", Select).value),
                None if place in (ROLL_PLACE, RULE_OFF) else place,
            )
        )

    def action_cancel(self) -> None:
        self.dismiss(None)


class SummaryScreen(ModalScreen[None]):
    """The battle summary: each ship's damage and crew losses, what each character did."""

    DEFAULT_CSS = """
    SummaryScreen { align: center middle; }
    SummaryScreen > Vertical {
        width: 100%; max-width: 110; height: 100%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    SummaryScreen VerticalScroll { height: 1fr; }
    """
    BINDINGS = [
        Binding("escape,enter,s", "close", "Close"),
    ]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_text
            with VerticalScroll(id="summary-scroll"):
                yield Static(Text(self.text), id="summary-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#summary-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = [
    "AttackScreen",
    "DamageEntry",
    "DamageScreen",
    "FireOrder",
    "SummaryScreen",
    "damage_text",
    "fire_hint",
    "option_text",
    "ship_choice",
    "steps_text",
]
