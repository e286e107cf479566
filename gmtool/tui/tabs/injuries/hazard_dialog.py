"""The Hazard dialog: a hazard roll by hand, for a GM who resolves a ship battle their own way.
ctrl+r rolls Table 3-1 for each character ticked, the feat check and Table 3-2 injury for the
endangered, and saves it all at once; again, for another hit."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Input, Select, Static

from gmtool.actions.errors import StoreError
from gmtool.actions.injuries import HazardRequest
from gmtool.actions.reads.injuries import InjuryEntry
from gmtool.actions.reads.ships import ShipRecord
from gmtool.rules.armor import armor_table
from gmtool.rules.characters import Character, Party
from gmtool.rules.classes import class_ids
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import default_posture, hazard_table
from gmtool.rules.stations import aboard, assignment_of, station_table
from gmtool.tui.action_table import TabAction, bindings
from gmtool.tui.dialogs.base import GmDialog, save_action
from gmtool.tui.footer import KeyFooter
from gmtool.tui.styles import DEGREE_STYLE, tab_css
from gmtool.tui.tabs.injuries.form_fields import NO_SHIP, ship_chosen, ship_class_row, ship_options
from gmtool.tui.tabs.injuries.history_view import highlighted_key
from gmtool.tui.tabs.injuries.injury_text import character_state_text, marked_text
from gmtool.tui.widgets.compact import choice, form_row, note_field, number_field
from gmtool.tui.widgets.names import fit_names
from gmtool.tui.widgets.number_field import NumberField

DEFAULT_TRACK = "wound"
UNKNOWN_WEAPON = "-"
UNKNOWN_WEAPON_TEXT = "not known"
NARROW_BELOW = 100  # terminal columns: below this, names without their titles
NARROW_NAME = 16


# Rolls and saves; raises RulesError or StoreError to refuse (the dialog shows why).
RollHazard = Callable[[HazardRequest], list[InjuryEntry]]


class HazardFormStart(msgspec.Struct, frozen=True):
    """What a hazard form opens on, new or kept and made new again: the ships and party to
    choose from, what rolls and saves, and the fields it fills in first."""

    ships: Sequence[ShipRecord]
    party: Party
    roll: RollHazard
    ship_id: str | None = None
    battle: str = ""
    round_text: str = ""


def result_text(entry: InjuryEntry) -> Text:
    """One character's result in the dialog's list: safe, unhurt, or the injury and state."""
    detail = entry.get("detail") or {}
    if not detail.get("endangered"):
        return Text(f"safe (d20 {detail.get('hazard_roll')})", style="green")
    degree = str(detail.get("degree") or "")
    words = degree.replace("_", " ")
    if not detail.get("injury"):
        return Text.assemble("unhurt (", (words, DEGREE_STYLE.get(degree, "")), ")")
    return Text.assemble(
        (marked_text(entry), "bold"),
        " (",
        (words, DEGREE_STYLE.get(degree, "")),
        f", {detail['injury']} {detail.get('injury_total')})",
    )


class HazardCharacters(DataTable[Any]):
    """Who rolls: space ticks a character, p switches their posture (the dialog's actions)."""

    BINDINGS = bindings(  # type: ignore[assignment]
        (
            TabAction("space", "screen.tick", "Tick", "Tick or untick the highlighted character"),
            TabAction(
                "p", "screen.posture", "Posture", "Switch the highlighted character's posture"
            ),
        )
    )


class HazardDialog(GmDialog[list[InjuryEntry]]):
    """Saves while open; returns every entry saved. Ticks and postures count as changes for
    Escape's question."""

    DEFAULT_CSS = tab_css(__file__, "hazard_dialog.tcss")

    ACTIONS = (
        save_action("roll", "Roll", "Roll the hazard for the characters ticked", ("ctrl+r",)),
    )

    def __init__(self, start: HazardFormStart) -> None:
        super().__init__()
        self._start(start)

    def cancel_result(self) -> list[InjuryEntry]:
        return self.saved

    def _start(self, start: HazardFormStart) -> None:
        self.ships = {s.id: s for s in start.ships}
        self.party = start.party
        self.start = start
        self._roll = start.roll
        self._ship_id = start.ship_id if start.ship_id in self.ships else None
        self.chosen: dict[str, bool] = {c.id: False for c in start.party.characters}
        self.postures: dict[str, str] = {}
        self.saved: list[InjuryEntry] = []
        self.results: dict[str, InjuryEntry] = {}
        self._ticks_at_start: tuple[dict[str, bool], dict[str, str]] | None = None

    def renew(self, start: HazardFormStart) -> None:
        """Make the kept form what a new one from `start` would be, before it is shown again."""
        self._start(start)
        # set quietly: their change handlers would fill the list again, twice (new choices
        # pick the first ship before this one)
        with self.prevent(Select.Changed):
            ship = self.query_one("#hazard-ship", Select)
            ship.set_options(ship_options(self.ships))
            ship.value = self._ship_id or NO_SHIP
            class_select = self.query_one("#hazard-class", Select)
            class_select.value = self._start_class()
            class_select.disabled = self._ship_id is not None
            self.query_one("#hazard-track", Select).value = self._default_track()
            self.query_one("#hazard-type", Select).value = armor_table().other_damage_type
            weapon = self.query_one("#hazard-weapon", Select)
            weapon.set_options(self.weapon_choices())
            weapon.value = UNKNOWN_WEAPON
            self.query_one("#hazard-cause", Input).value = ""
            self.query_one("#hazard-battle", Input).value = start.battle
            self.query_one("#hazard-round", Input).value = start.round_text
        self.query_one(HazardCharacters).clear()
        self.query_one("#hazard-detail", Static).update("")
        self._fill()
        self.remember_fields()

    # -- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        tracks = [(t, t) for t in hazard_table().track_severity]
        track = choice(
            tracks, self._default_track(), "hazard-track",
            "the most severe track the hit marked on the ship",
        )  # fmt: skip
        types = [(name, key) for key, name in armor_table().damage_types.items()]
        damage_type = choice(
            types, armor_table().other_damage_type, "hazard-type",
            "the damage type of the weapon that hit: what armor protects against",
        )  # fmt: skip
        cause = note_field("hazard-cause", "what hit the ship", classes="")
        battle = Input(self.start.battle, placeholder="optional", id="hazard-battle", compact=True)
        round_number = number_field("hazard-round", 1, None, self.start.round_text, "—")
        weapon = choice(
            self.weapon_choices(), UNKNOWN_WEAPON, "hazard-weapon",
            "the weapon that hit, when known: its damage type is the injury's",
        )  # fmt: skip
        with Vertical(id="hazard-box", classes="dialog-box") as box:
            box.border_title = "Hazard roll"
            yield ship_class_row(self.ships, self._ship_id, self._start_class(), "hazard")
            yield form_row("Track", track, "Type", damage_type, "Cause", cause)
            yield form_row("Battle", battle, "Round", round_number, "Hit by", weapon)
            yield HazardCharacters(id="hazard-characters", cursor_type="row")
            yield Static(id="hazard-message")
            yield Static(id="hazard-detail")
        yield KeyFooter()

    def _start_class(self) -> str:
        return self.ships[self._ship_id].spec.ship_class if self._ship_id else class_ids()[0]

    @staticmethod
    def _default_track() -> str:
        tracks = hazard_table().track_severity
        return DEFAULT_TRACK if DEFAULT_TRACK in tracks else tracks[0]

    def weapon_choices(self) -> list[tuple[str, str]]:
        """The Hit by list: not known, then every weapon of the campaign's ships and enemies
        ('Raider Gorgon: salvo rack')."""
        found = [(UNKNOWN_WEAPON_TEXT, UNKNOWN_WEAPON)]
        for ship in self.ships.values():
            for index, system in enumerate(ship.spec.systems):
                if system.damage_type is not None:
                    found.append((f"{ship.spec.name}: {system.name}", f"{ship.id}/{index}"))
        return found

    def on_mount(self) -> None:
        table = self.query_one(HazardCharacters)
        table.add_column("Roll", key="roll", width=4)
        table.add_column("Character", key="name")
        table.add_column("Posture", key="posture", width=10)
        table.add_column("State", key="state")
        table.add_column("Result", key="result")
        self._fill()

    def _fill(self) -> None:
        """The party's rows, ticked and with postures from the ship; the cursor on the ship."""
        table = self.query_one(HazardCharacters)
        names = [c.name for c in self.party.characters]
        if self.app.size.width < NARROW_BELOW:  # room for the result: names lose their titles
            names = fit_names(names, NARROW_NAME)
        for character, name in zip(self.party.characters, names, strict=True):
            table.add_row("", name, "", "", "", key=character.id)
        self._prefill(self._ship_id)
        self._message(
            "space ticks who rolls, p switches posture; ctrl+r rolls and saves; escape closes."
        )
        self.query_one("#hazard-ship", Select).focus()

    @on(Select.Changed, "#hazard-weapon")
    def _weapon_changed(self, event: Select.Changed) -> None:
        """A weapon named: its damage type is the injury's, and it is the cause if none is
        typed."""
        if event.value == UNKNOWN_WEAPON:
            return
        ship_id, _, index = str(event.value).rpartition("/")
        ship = self.ships[ship_id]
        system = ship.spec.systems[int(index)]
        if system.damage_type is not None:
            self.query_one("#hazard-type", Select).value = system.damage_type
        cause = self.query_one("#hazard-cause", Input)
        if not cause.value.strip():
            cause.value = f"{ship.spec.name}'s {system.name}"

    # -- who rolls --------------------------------------------------------------------------
    def _prefill(self, ship_id: str | None) -> None:
        """Tick the living characters aboard the ship, with their postures."""
        assignments = self.party.assignments
        on_ship = {a.character_id for a in aboard(assignments, ship_id)} if ship_id else set()
        for character in self.party.characters:
            assignment = assignment_of(assignments, character.id)
            # At no station: "anyone aboard at no station" (tables/stations.yaml).
            posture = assignment.posture if assignment is not None else default_posture(None)
            self.postures[character.id] = posture
            self.chosen[character.id] = character.id in on_ship and character.state != "dead"
        self._refresh_rows()

    def _refresh_rows(self) -> None:
        table = self.query_one(HazardCharacters)
        for character in self.party.characters:
            key = character.id
            table.update_cell(key, "roll", Text("[x]" if self.chosen[key] else "[ ]"))
            table.update_cell(key, "posture", self.postures[key])
            table.update_cell(key, "state", character_state_text(character), update_width=True)
            result = self.results.get(key)
            table.update_cell(
                key, "result", result_text(result) if result else "", update_width=True
            )

    def _highlighted(self) -> Character | None:
        return self.party.find(highlighted_key(self.query_one(HazardCharacters)))

    def action_tick(self) -> None:
        character = self._highlighted()
        if character is None:
            return
        if character.state == "dead" and not self.chosen[character.id]:
            self._message(f"{character.name} is dead: the dead roll no hazards.", error=True)
            return
        self.chosen[character.id] = not self.chosen[character.id]
        self._refresh_rows()

    def action_posture(self) -> None:
        character = self._highlighted()
        if character is None:
            return
        postures = list(station_table().postures)
        now = self.postures[character.id]
        self.postures[character.id] = postures[(postures.index(now) + 1) % len(postures)]
        self._refresh_rows()

    @on(Select.Changed, "#hazard-ship")
    def _ship_changed(self, event: Select.Changed) -> None:
        ship_id = ship_chosen(event.value, self.ships, self.query_one("#hazard-class", Select))
        if ship_id != self._ship_id:
            self._ship_id = ship_id
            self._prefill(ship_id)

    # -- rolling ----------------------------------------------------------------------------
    def _message(self, text: str | Text, *, error: bool = False, done: bool = False) -> None:
        message = self.query_one("#hazard-message", Static)
        message.set_class(error, "error")
        message.set_class(done, "done")
        message.update(text)

    def request(self) -> HazardRequest:
        ship = self.ships.get(self._ship_id) if self._ship_id else None
        ship_class = self.query_one("#hazard-class", Select).value
        track = self.query_one("#hazard-track", Select).value
        damage_type = self.query_one("#hazard-type", Select).value
        if not isinstance(ship_class, str) or not isinstance(track, str):
            raise ValueError("choose a ship or a class, and the track the hit marked")
        round_ = self.query_one("#hazard-round", NumberField).number
        characters = tuple(
            (c.id, self.postures[c.id]) for c in self.party.characters if self.chosen[c.id]
        )
        if not characters:
            raise ValueError("nobody is ticked: space ticks the highlighted character")
        cause = self.query_one("#hazard-cause", Input).value.strip()
        battle = self.query_one("#hazard-battle", Input).value.strip()
        return HazardRequest(
            ship_class=ship_class,  # a ship's own, once chosen
            track=track,
            characters=characters,
            cause=cause or f"{track} damage",
            ship_id=ship.id if ship else None,
            ship_name=ship.spec.name if ship else None,
            battle=battle or None,
            round=round_,
            damage_type=str(damage_type),
        )

    def action_roll(self) -> None:
        try:
            request = self.request()
            entries = self._roll(request)
        except (ValueError, RulesError, StoreError) as exc:
            self._message(f"Not rolled: {exc}", error=True)
            return
        self.saved.extend(entries)
        self.results = {e["character"]: e for e in entries}
        hurt = [e for e in entries if any((e.get("marked") or {}).values())]
        endangered = [e for e in entries if (e.get("detail") or {}).get("endangered")]
        self._reload_party()
        hits = "another hit" if len(self.saved) > len(entries) else "the hit"
        where = request.ship_name or f"a {request.ship_class} ship"
        self._message(
            f"Saved: {hits} on {where} ({request.track}) rolled for {len(entries)}: "
            f"{len(endangered)} endangered, {len(hurt)} hurt. ctrl+r rolls another hit; "
            "escape closes.",
            done=True,
        )
        self._show_highlighted_result()
        self.remember_fields()  # rolled and saved: the form as it is now is not lost work

    def _reload_party(self) -> None:
        """The party as the rolls left it, for the next hit: the dead are unticked."""
        characters = []
        for character in self.party.characters:
            entry = self.results.get(character.id)
            if entry is not None:
                stable = bool(entry.get("stabilized_after"))
                character = character.with_damage(entry["after"], stable)
            if character.state == "dead":
                self.chosen[character.id] = False
            characters.append(character)
        self.party = Party(tuple(characters), self.party.assignments)
        self._refresh_rows()

    @on(DataTable.RowHighlighted, "#hazard-characters")
    def _show_highlighted_result(self) -> None:
        """The highlighted character's injury in words, once rolled."""
        character = self._highlighted()
        entry = self.results.get(character.id) if character else None
        self.query_one("#hazard-detail", Static).update(
            Text(str(entry.get("summary", "")), style="dim") if entry else ""
        )

    # -- closing ----------------------------------------------------------------------------
    def remember_fields(self) -> None:
        super().remember_fields()
        self._ticks_at_start = (dict(self.chosen), dict(self.postures))

    def unsaved_changes(self) -> bool:
        start = self._ticks_at_start
        return super().unsaved_changes() or (
            start is not None and start != (self.chosen, self.postures)
        )
