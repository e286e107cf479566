"""The Crew tab's roster with each member's condition (fit, wounded, dead, and the battle that
hurt them), which f filters it by; `RosterStandings` holds it for the ship shown."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from gmtool.actions.ships import CrewStandings
from gmtool.rules.crew_casualties import CONDITIONS, MemberStanding
from gmtool.rules.roster import CrewMember
from gmtool.tui.tabs.crew.short_words import post_cell

# f steps the roster through these: everyone, then the fit, the wounded (lightly or badly)
# and the dead.
CREW_FILTERS = ("all", "fit", "wounded", "dead")
FILTER_CONDITIONS = {
    "all": frozenset(CONDITIONS),
    "fit": frozenset({"fit"}),
    "wounded": frozenset({"lightly_wounded", "badly_wounded"}),
    "dead": frozenset({"dead"}),
}
POST_WIDTH = 24
"""The Post column's width before the roster is laid out."""
CONDITION_STYLE = {
    "fit": "",
    "lightly_wounded": "yellow",
    "badly_wounded": "red",
    "dead": "bold red",
}


def next_filter(crew_filter: str) -> str:
    return CREW_FILTERS[(CREW_FILTERS.index(crew_filter) + 1) % len(CREW_FILTERS)]


@dataclass(frozen=True)
class RosterStandings:
    """Each roster member's condition (None: the battles did not read, everyone is fit)."""

    standing: CrewStandings | None = None
    by_member: Mapping[str, MemberStanding] = field(default_factory=dict)

    @classmethod
    def of(cls, standing: CrewStandings | None) -> RosterStandings:
        by_member = {m.member.id: m for m in standing.members} if standing else {}
        return cls(standing, by_member)

    def _of(self, member_id: str) -> tuple[str, str | None]:
        found = self.by_member.get(member_id)
        return (found.condition, found.battle) if found else ("fit", None)

    def cell(self, member_id: str) -> tuple[str, str]:
        """("fit", ""), or ("dead, Ambush", "bold red"): the condition and the battle that hurt
        them, and the condition's style."""
        condition, battle = self._of(member_id)
        return self._cell(condition, battle), CONDITION_STYLE.get(condition, "")

    def cells(self, members: Iterable[CrewMember]) -> set[str]:
        """The different condition cells of `members`: a few, however big the crew."""
        return {self._cell(*pair) for pair in {self._of(m.id) for m in members}}

    def _cell(self, condition: str, battle_id: str | None) -> str:
        word = condition.replace("_", " ")
        battle = self.standing.battle_name(battle_id) if self.standing is not None else ""
        return f"{word}, {battle}" if battle else word

    def filtered(self, members: Sequence[CrewMember], crew_filter: str) -> list[CrewMember]:
        if crew_filter == "all":
            return list(members)
        wanted = FILTER_CONDITIONS[crew_filter]
        return [
            m
            for m in members
            if (s := self.by_member.get(m.id)) is not None and s.condition in wanted
        ]

    @cached_property
    def counts_text(self) -> str:
        """ ": 80 fit, 10 lightly wounded, ..." once anyone is hurt; counted once, as the keys
        on offer ask for it at every move of the cursor."""
        if self.standing is None:
            return ""
        counts = self.standing.counts()
        if counts.get("fit", 0) == len(self.standing.members):
            return ""
        said = ", ".join(f"{n} {c.replace('_', ' ')}" for c, n in counts.items() if n)
        return f": {said} (f filters)"


def roster_count_text(
    total: int, matching: int, shown: int, needle: str, crew_filter: str, counts: str
) -> str:
    """The line above the roster: how many crew, how many match the search and filter, and
    how many rows are shown so far (`counts`: RosterStandings.counts_text)."""
    needle = needle.strip()
    which = "" if crew_filter == "all" else f" {crew_filter}"
    if matching > shown and not (needle or which):
        return f"{total} crew{counts} ({shown} shown, more below)."
    if needle:
        return f"{matching} of {total} crew match {needle!r}{which and ' and are' + which}."
    if which:
        return f"{matching} of {total} crew are{which} (f: {next_filter(crew_filter)} next)."
    return f"{total} crew{counts}."


def post_width(longest: int, others: int, room: int, padding: int) -> int:
    """How wide the Post column can be so rank, name and department are never cut: what
    they leave of `room` (a post longer than that ends in "…"). Below 12 (80 columns) the
    post keeps 18 and the department is off to the right: the table scrolls sideways, and
    the manifest shows departments anyway. No room yet (not laid out): at most 24."""
    if not room:
        return min(longest, POST_WIDTH)
    left = room - others - 2 * padding
    return min(longest, left) if left >= 12 else min(longest, 18)


def department_width(widths: tuple[int, int, int], post: int, room: int, padding: int) -> int:
    """How wide the Department column can be beside the others with the Post column at
    `post`: whole where it fits, else what is left of `room` (its words shortened as a
    post's are), never narrower than its heading (the table then scrolls sideways)."""
    _longest_post, others, longest = widths
    if not room:
        return longest
    left = room - (others - longest) - post - 2 * padding
    return max(min(longest, left), len("Department"))


def column_widths(
    members: Sequence[CrewMember], conditions: Iterable[str], pad: int
) -> tuple[int, int, int]:
    """The longest post, the width the other columns take with their padding (`pad` a
    column; `conditions`, the members' different condition cells), and the longest
    department."""
    columns: tuple[tuple[str, Iterable[str]], ...] = (
        ("Rank", (m.rank_title for m in members)),
        ("Name", (m.name for m in members)),
        ("Department", (m.department_name for m in members)),
        ("Condition", conditions),
    )
    others = sum(max(len(heading), *map(len, cells), 0) + pad for heading, cells in columns)
    longest = max((len(m.post_name) for m in members), default=len("Post"))
    department = max((len(m.department_name) for m in members), default=len("Department"))
    return longest, others, max(department, len("Department"))


def roster_cells(
    member: CrewMember, standings: RosterStandings, widths: tuple[int, int]
) -> tuple[tuple[str, str], ...]:
    """One roster row as (text, style) cells: rank, name, condition, post and department
    (fitted to `widths`, their words shortened first)."""
    post_width, department_width = widths
    return (
        (member.rank_title, ""),
        (member.name, ""),
        standings.cell(member.id),
        (post_cell(member.post_name, post_width), ""),
        (post_cell(member.department_name, department_width), ""),
    )
