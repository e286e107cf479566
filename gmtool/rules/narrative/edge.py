"""The edge: which side wins the contested check, and the tie-breakers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import msgspec

from gmtool.rules.checks import Degree
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative.table import narrative_table


class EdgeEntry(msgspec.Struct, frozen=True):
    """One side's edge check and what the tiebreakers look at.

    `largest_ship` is (class index, hull points) of the side's single largest ship.
    """

    degree: Degree
    largest_ship: tuple[int, int]
    ship_count: int

    def __post_init__(self) -> None:
        if self.ship_count < 1:
            raise RulesError("a side needs at least one ship to contest the edge")

    def to_dict(self) -> dict[str, Any]:
        return {
            "degree": self.degree.value,
            "largest_ship": list(self.largest_ship),
            "ship_count": self.ship_count,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EdgeEntry:
        try:
            index, hull = data["largest_ship"]
            return cls(Degree(data["degree"]), (int(index), int(hull)), int(data["ship_count"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise RulesError(f"cannot read an edge entry from {dict(data)!r}") from exc


EdgeWinner = Literal["a", "b", "reroll"]


class EdgeResult(msgspec.Struct, frozen=True):
    """Who has the edge ('a', 'b', or 'reroll') and what decided it."""

    winner: EdgeWinner
    decided_by: str  # "degree", a tiebreaker id, or "reroll"

    def to_dict(self) -> dict[str, str]:
        return {"winner": self.winner, "decided_by": self.decided_by}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EdgeResult:
        winner = data.get("winner")
        if winner not in ("a", "b", "reroll"):
            raise RulesError(f"edge winner must be 'a', 'b' or 'reroll', not {winner!r}")
        return cls(winner, str(data.get("decided_by", "")))


def resolve_edge(side_a: EdgeEntry, side_b: EdgeEntry) -> EdgeResult:
    """The better degree wins; ties go to the tiebreakers in table order, then a re-roll."""
    if side_a.degree.rank != side_b.degree.rank:
        return EdgeResult("a" if side_a.degree.rank < side_b.degree.rank else "b", "degree")
    for tiebreaker in narrative_table().edge_tiebreakers:
        if tiebreaker == "largest_ship_loses" and side_a.largest_ship != side_b.largest_ship:
            return EdgeResult("b" if side_a.largest_ship > side_b.largest_ship else "a", tiebreaker)
        if tiebreaker == "fewer_ships_wins" and side_a.ship_count != side_b.ship_count:
            return EdgeResult("a" if side_a.ship_count < side_b.ship_count else "b", tiebreaker)
    return EdgeResult("reroll", "reroll")
