"""What happened in one game session, as typed facts: the session journal's timeline.

The store gathers these from what is already saved (the battle list and each battle's state,
the named casualties, the injury history, the ships' undo steps, the Torga IV tracker, the
roll log and the GM's notes); the Journal tab, the recap and `gmtool session` word them.
Nothing here reads a file or parses saved words.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

# The players' fleet is side a of every battle (`gmtool battle new --ship`), as on their screen.
PLAYERS_SIDE = "a"
# Degrees of a check that make a roll worth remembering.
NOTABLE_DEGREES = ("amazing", "critical_failure")
# Kinds of injury entry that heal (the others hurt).
HEALING_KINDS = ("treatment", "rest", "recovery")


class RollMark(StrEnum):
    """A roll the GM marked to remember: in front of the players (their recap lists it) or
    behind the screen (the GM's recap alone)."""

    PLAYERS = "players"
    GM = "gm"


class SessionInfo(msgspec.Struct, frozen=True):
    """A game session as saved: `ended` is None while it is open."""

    id: int
    title: str
    started: str  # ISO time
    ended: str | None


class ShipOutcome(msgspec.Struct, frozen=True):
    """One ship at the end (or the latest step) of a battle."""

    name: str
    side: str
    fate: str  # operational ... destroyed, escaped, abandoning, abandoned
    points: dict[str, int]
    marked: dict[str, int]
    crew_total: int
    losses: dict[str, int]  # total, dead, badly_wounded, lightly_wounded

    @property
    def ours(self) -> bool:
        return self.side == PLAYERS_SIDE

    @property
    def damaged(self) -> bool:
        return any(self.marked.values())


class CrewCasualties(msgspec.Struct, frozen=True):
    """A campaign ship's named crew hurt when a battle ended."""

    ship_name: str
    side: str
    dead: tuple[str, ...]  # "Crewman Tolan (sensors)"
    badly_wounded: int
    lightly_wounded: int

    @property
    def ours(self) -> bool:
        return self.side == PLAYERS_SIDE


class BattleFact(msgspec.Struct, frozen=True):
    """A battle set up in the session: its sides, rounds, how it ended and its report."""

    battle_id: str
    name: str
    time: str  # when it was set up
    sides: tuple[tuple[str, str], ...]  # (side id, name)
    rounds: int
    finished: bool
    broke_off: tuple[str, ...]  # side ids whose heading disengaged the fleets
    ships: tuple[ShipOutcome, ...]
    casualties: tuple[CrewCasualties, ...]
    report: str | None  # the report's path inside the campaign, when one is saved

    def side_name(self, side: str) -> str:
        return dict(self.sides).get(side, side)


class InjuryFact(msgspec.Struct, frozen=True):
    """An entry of the injury history: a character hurt (hazard, damage) or healed."""

    id: int
    time: str
    kind: str  # hazard, damage, treatment, rest, recovery
    character: str
    battle: str | None  # the battle's name
    marked: dict[str, int]  # boxes marked per track (hurt)
    restored: dict[str, int]  # boxes given back per track (healed)
    state_before: str
    state: str
    stabilized: bool  # a treatment that stabilized a dying character
    days: int = 0  # a rest's days

    @property
    def heals(self) -> bool:
        return self.kind in HEALING_KINDS


class ShipChangeFact(msgspec.Struct, frozen=True):
    """A campaign ship changed between battles: repaired, new crew, scrapped, restored."""

    time: str
    ship_name: str
    side: str
    kind: str  # repair, crew_replaced, scrapped, restored
    status: str  # the ship's status after it
    marks: dict[str, int]  # change per track (negative: repaired)
    crew: int  # change in crew aboard
    days: int
    where: str | None

    @property
    def ours(self) -> bool:
        return self.side == PLAYERS_SIDE


class GameFact(msgspec.Struct, frozen=True):
    """A Torga IV game played in the session and, if it ended, how."""

    game_id: str
    time: str  # its newest step in the session
    scenario: str
    turn: int
    winner: str | None  # the winning side's name
    reason: str | None  # rules.skirmish.outcome.EndReason value
    standing: int | None
    needed: int | None


class RollFact(msgspec.Struct, frozen=True):
    """A notable roll: an Amazing success, a Critical Failure, or one the GM marked."""

    id: int
    time: str
    source: str
    purpose: str
    expression: str
    total: int
    degree: str | None
    mark: RollMark | None = None

    @property
    def for_players(self) -> bool:
        """Marked in front of the players: the one kind of roll their recap lists."""
        return self.mark is RollMark.PLAYERS


class NoteFact(msgspec.Struct, frozen=True):
    """A note the GM typed at the table."""

    id: int
    time: str
    text: str
    edited: str | None = None


class SessionFacts(msgspec.Struct, frozen=True):
    """Everything the journal knows of one session; `rolls_made` counts every live roll."""

    session: SessionInfo
    battles: tuple[BattleFact, ...] = ()
    injuries: tuple[InjuryFact, ...] = ()
    ship_changes: tuple[ShipChangeFact, ...] = ()
    games: tuple[GameFact, ...] = ()
    rolls: tuple[RollFact, ...] = ()
    notes: tuple[NoteFact, ...] = ()
    rolls_made: int = 0
    gaps: tuple[str, ...] = ()  # what could not be read, said not hidden

    def timeline(self) -> list[Fact]:
        """Every fact in the order it happened (by time, then kind)."""
        facts: list[Fact] = [
            *self.battles,
            *self.injuries,
            *self.ship_changes,
            *self.games,
            *self.rolls,
            *self.notes,
        ]
        return sorted(facts, key=lambda f: f.time)


Fact = BattleFact | InjuryFact | ShipChangeFact | GameFact | RollFact | NoteFact
