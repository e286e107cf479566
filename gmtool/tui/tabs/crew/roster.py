"""The Crew tab's roster with each member's condition: fit, lightly or badly wounded, or
dead, and the battle that hurt them; f filters the roster by it.

`RosterConditions` is mixed into `CrewPane`; the standings come from
`actions.ships.standings_of` (the ship's condition keeps who is hurt).
"""

from __future__ import annotations

from collections.abc import Sequence

from gmtool.actions.ships import CrewStandings
from gmtool.rules.crew_casualties import CONDITIONS, MemberStanding
from gmtool.rules.roster import CrewMember

# f steps the roster through these: everyone, then the fit, the wounded (lightly or badly)
# and the dead.
CREW_FILTERS = ("all", "fit", "wounded", "dead")
FILTER_CONDITIONS = {
    "all": frozenset(CONDITIONS),
    "fit": frozenset({"fit"}),
    "wounded": frozenset({"lightly_wounded", "badly_wounded"}),
    "dead": frozenset({"dead"}),
}
CONDITION_STYLE = {
    "fit": "",
    "lightly_wounded": "yellow",
    "badly_wounded": "red",
    "dead": "bold red",
}


class RosterConditions:
    """Each roster member's condition for the Crew tab (mixed into CrewPane)."""

    standing: CrewStandings | None = None
    crew_filter: str = CREW_FILTERS[0]
    _by_member: dict[str, MemberStanding] = {}

    def set_standing(self, standing: CrewStandings | None) -> None:
        self.standing = standing
        self._by_member = {m.member.id: m for m in standing.members} if standing else {}

    def _standing_of(self, member_id: str) -> MemberStanding | None:
        return self._by_member.get(member_id)

    def _condition_cell(self, member_id: str) -> str:
        """ "fit", or "dead, Ambush": the condition and the battle that hurt them."""
        found = self._standing_of(member_id)
        return self._cell(found.condition, found.battle) if found else self._cell("fit", None)

    def _condition_cells(self, members: Sequence[CrewMember]) -> set[str]:
        """The different condition cells of `members`: a few, however big the crew."""
        by_member = self._by_member
        pairs = {
            (found.condition, found.battle) if (found := by_member.get(m.id)) else ("fit", None)
            for m in members
        }
        return {self._cell(condition, battle) for condition, battle in pairs}

    def _cell(self, condition: str, battle_id: str | None) -> str:
        word = condition.replace("_", " ")
        battle = self.standing.battle_name(battle_id) if self.standing is not None else ""
        return f"{word}, {battle}" if battle else word

    def _filtered(self, members: Sequence[CrewMember]) -> list[CrewMember]:
        wanted = FILTER_CONDITIONS[self.crew_filter]
        if self.crew_filter == "all":
            return list(members)
        return [
            m
            for m in members
            if (s := self._standing_of(m.id)) is not None and s.condition in wanted
        ]

    def _condition_style(self, member_id: str) -> str:
        found = self._standing_of(member_id)
        return CONDITION_STYLE.get(found.condition if found else "fit", "")

    def _counts_text(self) -> str:
        """ ": 80 fit, 10 lightly wounded, ..." once anyone is hurt."""
        if self.standing is None:
            return ""
        counts = self.standing.counts()
        if counts.get("fit", 0) == len(self.standing.members):
            return ""
        said = ", ".join(f"{n} {c.replace('_', ' ')}" for c, n in counts.items() if n)
        return f": {said} (f filters)"

    def _next_filter(self) -> str:
        return CREW_FILTERS[(CREW_FILTERS.index(self.crew_filter) + 1) % len(CREW_FILTERS)]
