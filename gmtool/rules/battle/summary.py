"""The battle summary: what each ship suffered, the crew it lost, and what each character did.

Read off the battle state (damage, crew losses, bail-outs) and its events (the characters who
took part in each), so it can be shown at any moment, not only when the battle ends.
"""

from __future__ import annotations

from typing import Any

import msgspec

from gmtool.rules.battle.state import BattleState
from gmtool.rules.narrative import phase, range_name


class ShipSummary(msgspec.Struct, frozen=True):
    ship_id: str
    name: str
    side: str
    fate: str  # operational ... destroyed, escaped, abandoning, abandoned
    points: dict[str, int]
    marked: dict[str, int]
    crew_total: int
    losses: dict[str, int]  # total, dead, badly_wounded, lightly_wounded
    evacuated: int
    trapped: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "ship_id": self.ship_id,
            "name": self.name,
            "side": self.side,
            "fate": self.fate,
            "points": dict(self.points),
            "marked": dict(self.marked),
            "crew_total": self.crew_total,
            "losses": dict(self.losses),
            "evacuated": self.evacuated,
            "trapped": self.trapped,
        }


class CharacterSummary(msgspec.Struct, frozen=True):
    character_id: str
    name: str
    ship_id: str | None  # None: no station aboard any of the battle's ships now
    state: str
    damage_before: dict[str, int]
    damage_after: dict[str, int]
    deeds: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "character_id": self.character_id,
            "name": self.name,
            "ship_id": self.ship_id,
            "state": self.state,
            "damage_before": dict(self.damage_before),
            "damage_after": dict(self.damage_after),
            "deeds": list(self.deeds),
        }


class BattleSummary(msgspec.Struct, frozen=True):
    battle_id: str
    name: str
    rounds: int
    range: str
    finished: bool
    broke_off: tuple[str, ...]  # the sides whose heading took the fleets to disengaged
    ships: tuple[ShipSummary, ...]
    characters: tuple[CharacterSummary, ...]
    side_names: dict[str, str]

    def to_dict(self) -> dict[str, Any]:
        return {
            "battle_id": self.battle_id,
            "name": self.name,
            "rounds": self.rounds,
            "range": self.range,
            "finished": self.finished,
            "broke_off": list(self.broke_off),
            "ships": [s.to_dict() for s in self.ships],
            "characters": [c.to_dict() for c in self.characters],
        }

    def text(self) -> str:
        """The summary as plain lines, for the log or a print-out."""
        status = "ended" if self.finished else "in progress"
        lines = [
            f"{self.name}: {status} after {self.rounds} round{'s' if self.rounds != 1 else ''}, "
            f"at {range_name(self.range).lower()} range."
        ]
        if self.broke_off:
            names = " and ".join(self.side_names[s] for s in self.broke_off)
            lines.append(f"  {names} broke off: the fleets disengaged.")
        for ship in self.ships:
            marks = ", ".join(f"{ship.marked[t]}/{ship.points[t]} {t}" for t in ship.points)
            losses = ship.losses
            line = (
                f"  {ship.name} ({ship.side.upper()}): {ship.fate}; {marks}; crew losses "
                f"{losses['total']} of {ship.crew_total} ({losses['dead']} dead, "
                f"{losses['badly_wounded']} badly, {losses['lightly_wounded']} lightly wounded)"
            )
            if ship.evacuated or ship.trapped:
                line += f"; {ship.evacuated} got clear, {ship.trapped} trapped"
            lines.append(line)
        for character in self.characters:
            lines.append(f"  {character.name}: {character.state.replace('_', ' ')}")
            lines += [f"    {deed}" for deed in character.deeds]
        return "\n".join(lines)


def _deed(text: str, name: str) -> str:
    """The line of an event's text about this character (its first line otherwise)."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    for line in lines:
        if name in line:
            return line
    return lines[0] if lines else ""


def battle_summary(state: BattleState) -> BattleSummary:
    ships = tuple(
        ShipSummary(
            ship_id=ship.id,
            name=ship.name,
            side=ship.side,
            fate=ship.fate,
            points=dict(ship.damage.points),
            marked=dict(ship.damage.marked),
            crew_total=ship.crew_total,
            losses=ship.crew_losses,
            evacuated=ship.evacuated,
            trapped=ship.bailout.trapped if ship.bailout else 0,
        )
        for ship in state.ships
    )
    characters: list[CharacterSummary] = []
    for character in state.characters:
        deeds = tuple(
            f"round {event.round}, {phase(event.phase).name.lower()}: "
            f"{_deed(event.text, character.name)}"
            for event in state.events
            if character.id in event.characters
        )
        characters.append(
            CharacterSummary(
                character_id=character.id,
                name=character.name,
                ship_id=_last_ship(state, character.id),
                state=character.state,
                damage_before=dict(state.start_damage.get(character.id, {})),
                damage_after=dict(character.damage),
                deeds=deeds,
            )
        )
    return BattleSummary(
        battle_id=state.id,
        name=state.name,
        rounds=state.round,
        range=state.range,
        finished=state.finished,
        broke_off=tuple(s.id for s in state.sides if s.broke_off),
        ships=ships,
        characters=tuple(characters),
        side_names={s.id: s.name for s in state.sides},
    )


def _last_ship(state: BattleState, character_id: str) -> str | None:
    """The ship the character is aboard, else the last ship a step of theirs named (one who
    left, or whose ship left the battle), else None."""
    for assignment in state.assignments:
        if assignment.character_id == character_id:
            return assignment.ship_id
    for event in reversed(state.events):
        if character_id in event.characters and event.ships:
            return event.ships[0]
    return None
