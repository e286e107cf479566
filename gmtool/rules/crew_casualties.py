"""Named casualties: the crew-loss figures drawn from a ship's named roster, each member's
condition kept between battles, and how the hurt come back (tables/casualties.yaml).

The crew-loss rules (`crew_losses.py`) count; this module says who. A draw is a sequence of
die rolls down the roster (each pick a d(total weight left)), so the dice in the roll log
decide it exactly. Under the optional rule "Characters on Station" the crew at the places a
hit struck weigh more. A ship keeps only its hurt members (`Casualty`); everyone else on the
roster is fit.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import msgspec
from msgspec.structs import replace

from gmtool.rules.errors import RulesError
from gmtool.rules.stations import station_table
from gmtool.rules.tables import cached_table, load_table

if TYPE_CHECKING:  # a ship's saved condition reads casualties without the crew's tables
    from gmtool.rules.roster import CrewMember, Roster

FIT = "fit"
HURT = ("dead", "badly_wounded", "lightly_wounded")  # the order of a draw
CONDITIONS = (FIT, "lightly_wounded", "badly_wounded", "dead")  # the order of a filter
NOT_ABOARD = ("dead", "badly_wounded")
NO_PLACE = "none"


class CasualtyRules(msgspec.Struct, frozen=True):
    struck_place_weight: int
    department_places: dict[str, str | None]
    post_places: dict[str, str | None]
    recovery_days: dict[str, int]  # lightly_wounded, badly_wounded


@cached_table
def casualty_rules() -> CasualtyRules:
    root = load_table("casualties")
    root.only_keys({"struck_place_weight", "crew_places", "recovery_days"}, what="casualties")
    places = [*station_table().places, NO_PLACE]
    node = root["crew_places"]
    node.only_keys({"departments", "posts"}, what="crew_places")
    from gmtool.rules.crew import crew_table

    table = crew_table()
    departments = node["departments"]
    departments.only_keys({d.id for d in table.departments}, what="departments")
    posts = node.get("posts", {})
    posts.only_keys({p.id for d in table.departments for p in d.posts}, what="posts")
    recovery = root["recovery_days"]
    recovery.only_keys({"lightly_wounded", "badly_wounded"}, what="recovery_days")

    def place(value: Any) -> str | None:
        chosen: str = value.choice(places)
        return None if chosen == NO_PLACE else chosen

    return CasualtyRules(
        struck_place_weight=root["struck_place_weight"].int(0, 1000),
        department_places={d.id: place(departments[d.id]) for d in table.departments},
        post_places={str(k): place(v) for k, v in posts.items()},
        recovery_days={k: recovery[k].int(1, 3650) for k in ("lightly_wounded", "badly_wounded")},
    )


def place_of(member: CrewMember) -> str | None:
    """The station or place where a crew member stands in battle (None: anywhere)."""
    rules = casualty_rules()
    if member.post_id in rules.post_places:
        return rules.post_places[member.post_id]
    return rules.department_places.get(member.department)


# -- a member's condition ---------------------------------------------------------------------


class Casualty(msgspec.Struct, frozen=True):
    """A named crew member hurt or killed: who (roster id and name, so a renamed place is not
    taken for them), how, in which battle, and the days of care received since."""

    member_id: str
    name: str
    condition: str  # one of HURT
    battle: str | None = None
    care_days: int = 0

    def to_list(self) -> list[Any]:
        return [self.member_id, self.name, self.condition, self.battle, self.care_days]

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> Casualty:
        try:
            member_id, name, condition, battle, care_days = data
        except (TypeError, ValueError):
            raise RulesError(
                f"a saved casualty is [id, name, condition, battle, days]: {data!r}"
            ) from None
        if condition not in HURT:
            raise RulesError(f"a casualty is {', '.join(HURT)}, not {condition!r}")
        return cls(
            str(member_id),
            str(name),
            str(condition),
            None if battle is None else str(battle),
            int(care_days),
        )


def is_member(casualty: Casualty, member: CrewMember) -> bool:
    return casualty.member_id == member.id and casualty.name == member.name


def casualty_map(roster: Roster, casualties: Iterable[Casualty]) -> dict[str, Casualty]:
    """The casualties still on the roster, by member id (a place given a new name since is
    somebody else)."""
    names = {m.id: m.name for m in roster.members}
    return {c.member_id: c for c in casualties if names.get(c.member_id) == c.name}


def aboard(roster: Roster, casualties: Iterable[Casualty]) -> tuple[CrewMember, ...]:
    """The named crew aboard: everyone but the dead and the badly wounded."""
    hurt = casualty_map(roster, casualties)
    return tuple(
        m for m in roster.members if m.id not in hurt or hurt[m.id].condition not in NOT_ABOARD
    )


class MemberStanding(msgspec.Struct, frozen=True):
    """A roster member with their condition and the battle that hurt them (None: fit)."""

    member: CrewMember
    condition: str
    battle: str | None = None


def standings(roster: Roster, casualties: Iterable[Casualty]) -> tuple[MemberStanding, ...]:
    hurt = casualty_map(roster, casualties)
    return tuple(
        MemberStanding(m, hurt[m.id].condition, hurt[m.id].battle)
        if m.id in hurt
        else MemberStanding(m, FIT)
        for m in roster.members
    )


# -- the draw ---------------------------------------------------------------------------------


class Pick(msgspec.Struct, frozen=True):
    """One pick of a draw: the die (`sides`: the total weight left), its roll, who it fell
    on and as what."""

    sides: int
    roll: int
    member: CrewMember
    condition: str


class CasualtyDraw(msgspec.Struct, frozen=True):
    """Who the crew losses fell on. `wanted` the figures asked for, `picks` in draw order
    (the dead first); `pool` the crew aboard it was drawn from; `weighted` the places struck
    and their hits, when the on-station rule weighted the draw."""

    pool: int
    wanted: dict[str, int]
    picks: tuple[Pick, ...]
    weighted: dict[str, int]

    def counts(self) -> dict[str, int]:
        return {c: sum(1 for p in self.picks if p.condition == c) for c in HURT}

    def of(self, condition: str) -> tuple[Pick, ...]:
        return tuple(p for p in self.picks if p.condition == condition)


def capped(figures: Mapping[str, int], aboard_count: int) -> dict[str, int]:
    """The figures cut to the people aboard, the dead kept first, then the badly wounded."""
    left = max(0, aboard_count)
    out: dict[str, int] = {}
    for condition in HURT:
        wanted = figures.get(condition, 0)
        if isinstance(wanted, bool) or not isinstance(wanted, int) or wanted < 0:
            raise RulesError(f"{condition} must be a whole number of at least 0")
        out[condition] = min(wanted, left)
        left -= out[condition]
    return out


class _Weights:
    """A Fenwick tree over the members' weights: find the member a roll lands on and take
    them out in O(log n), so a 20,000-crew draw stays quick."""

    def __init__(self, weights: Sequence[int]) -> None:
        self.size = len(weights)
        self.tree = [0] * (self.size + 1)
        for index, weight in enumerate(weights):
            self.add(index, weight)
        self.total = sum(weights)
        self.step = 1 << self.size.bit_length()

    def add(self, index: int, amount: int) -> None:
        i = index + 1
        while i <= self.size:
            self.tree[i] += amount
            i += i & -i

    def find(self, roll: int) -> int:
        """The index whose span of numbers holds `roll` (1 ... total)."""
        position, left = 0, roll
        step = self.step
        while step:
            nxt = position + step
            if nxt <= self.size and self.tree[nxt] < left:
                position = nxt
                left -= self.tree[nxt]
            step >>= 1
        return position


def member_weight(member: CrewMember, struck: Mapping[str, int]) -> int:
    place = place_of(member)
    hits = struck.get(place, 0) if place is not None else 0
    return 1 + casualty_rules().struck_place_weight * hits


def draw_casualties(
    crew_aboard: Sequence[CrewMember],
    figures: Mapping[str, int],
    struck: Mapping[str, int],
    rng: random.Random,
) -> CasualtyDraw:
    """Draw the dead, badly and lightly wounded (in that order) from `crew_aboard`, each
    pick a roll of d(total weight left) counted through the crew in roster order. `struck`
    counts the hits per place (empty: no weighting). Figures beyond the crew are cut."""
    wanted = capped(figures, len(crew_aboard))
    weights = [member_weight(m, struck) for m in crew_aboard]
    tree = _Weights(weights)
    total = tree.total
    picks: list[Pick] = []
    for condition in HURT:
        for _ in range(wanted[condition]):
            roll = rng.randint(1, total)
            index = tree.find(roll)
            picks.append(Pick(total, roll, crew_aboard[index], condition))
            tree.add(index, -weights[index])
            total -= weights[index]
    return CasualtyDraw(
        len(crew_aboard), wanted, tuple(picks), {k: v for k, v in struck.items() if v}
    )


def hurt_in_battle(
    casualties: Iterable[Casualty], draw: CasualtyDraw, battle: str
) -> tuple[Casualty, ...]:
    """The ship's casualties after a draw: those drawn take their new condition (a lightly
    wounded hand hurt again is as the draw says), everyone else's stays."""
    drawn = {p.member.id: p for p in draw.picks}
    kept = [c for c in casualties if c.member_id not in drawn]
    new = [Casualty(p.member.id, p.member.name, p.condition, battle) for p in draw.picks]
    return (*kept, *new)


# -- between battles --------------------------------------------------------------------------


class Recovery(msgspec.Struct, frozen=True):
    casualties: tuple[Casualty, ...]
    back: dict[str, int]  # by condition: lightly_wounded and badly_wounded now fit


def recovered(casualties: Iterable[Casualty], days: int) -> Recovery:
    """`days` of care for the wounded: those who reach the table's days are fit again."""
    needed = casualty_rules().recovery_days
    kept: list[Casualty] = []
    back = {"lightly_wounded": 0, "badly_wounded": 0}
    for casualty in casualties:
        if casualty.condition not in back:
            kept.append(casualty)
            continue
        cared = replace(casualty, care_days=casualty.care_days + days)
        if cared.care_days >= needed[casualty.condition]:
            back[casualty.condition] += 1
        else:
            kept.append(cared)
    return Recovery(tuple(kept), back)


def wounded_count(casualties: Iterable[Casualty]) -> int:
    return sum(1 for c in casualties if c.condition != "dead")


# -- a battle's named casualties --------------------------------------------------------------


class NamedCasualty(msgspec.Struct, frozen=True):
    """One of a battle's casualties as the report names them (kept with the battle, so the
    names stay when new hands later take their places)."""

    member_id: str
    rank_title: str
    name: str
    post_name: str
    condition: str

    @property
    def titled_name(self) -> str:
        return f"{self.rank_title} {self.name}"


class ShipCasualties(msgspec.Struct, frozen=True):
    """Who a ship's crew losses in one battle fell on, and the draw's figures."""

    ship_id: str
    ship_name: str
    pool: int
    wanted: dict[str, int]
    weighted: dict[str, int]
    members: tuple[NamedCasualty, ...]

    def of(self, condition: str) -> tuple[NamedCasualty, ...]:
        return tuple(m for m in self.members if m.condition == condition)


def ship_casualties(ship_id: str, ship_name: str, draw: CasualtyDraw) -> ShipCasualties:
    members = tuple(
        NamedCasualty(
            p.member.id, p.member.rank_title, p.member.name, p.member.post_name, p.condition
        )
        for p in draw.picks
    )
    return ShipCasualties(
        ship_id, ship_name, draw.pool, dict(draw.wanted), dict(draw.weighted), members
    )
