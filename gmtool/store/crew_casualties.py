"""A battle's named casualties: the draw made when it ended, ship by ship.

The ships' conditions keep who is hurt now (`ShipCondition.casualties`); this file,
`casualties/<battle id>.json`, keeps who fell in that battle, so the battle report names
them even after new hands have taken their places. It is written with the step that ends
the battle and removed when that step is undone; deleting the battle keeps it (like its
report). Bounded by one battle's crews.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from gmtool.rules.battle import BattleState
from gmtool.rules.battle.steps import ROLL_SOURCE
from gmtool.rules.crew_casualties import (
    HURT,
    Casualty,
    CasualtyDraw,
    NamedCasualty,
    ShipCasualties,
    aboard,
    capped,
    draw_casualties,
)
from gmtool.rules.errors import RulesError
from gmtool.rules.roll_records import DRAW_KIND, RollRecord
from gmtool.rules.roster import Roster
from gmtool.store.atomic import exists
from gmtool.store.battles import battle_id_check
from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError

CASUALTY_FOLDER = "casualties"
CONDITION_WORDS = {
    "dead": "dead",
    "badly_wounded": "badly wounded",
    "lightly_wounded": "lightly wounded",
}


def _db_name(battle_id: str) -> str:
    return f"{CASUALTY_FOLDER}/{battle_id_check(battle_id)}"


def struck_places(state: BattleState, ship_id: str) -> dict[str, int]:
    """Hits per place struck on a ship in this battle (only under "characters on station")."""
    return dict(
        Counter(h.place for e in state.events for h in e.hits if h.ship_id == ship_id and h.place)
    )


def draw_for(
    roster: Roster,
    casualties_before: Sequence[Casualty],
    figures: dict[str, int],
    aboard_count: int,
    struck: dict[str, int],
    rng: random.Random,
) -> CasualtyDraw:
    """The draw of one ship: its crew losses, cut to the people aboard (by the condition's
    count and by the named crew), fall on the named crew aboard."""
    pool = aboard(roster, casualties_before)
    return draw_casualties(pool, capped(figures, min(aboard_count, len(pool))), struck, rng)


def draw_records(ship_name: str, battle_name: str, draw: CasualtyDraw) -> list[RollRecord]:
    """The draw for the roll log: one entry of kind "draw" per kind of casualty, each pick a
    die of as many sides as the weight left (the crew aboard, when nothing weights the
    draw), `drawn` who each fell on, and `total` how many were drawn (the dice are not
    summed: a draw's numbers pick people, they add up to nothing)."""
    records: list[RollRecord] = []
    how = " weighted by the places struck" if draw.weighted else ""
    left = draw.pool
    for condition in HURT:
        picks = draw.of(condition)
        left -= len(picks)
        if not picks:
            continue
        records.append(
            {
                "kind": DRAW_KIND,
                "for": (
                    f"{CONDITION_WORDS[condition]} aboard {ship_name} in {battle_name}: "
                    f"{len(picks)} drawn from the named crew{how}"
                ),
                "source": ROLL_SOURCE,
                "expression": f"{len(picks)} of {left + len(picks)} aboard",
                "dice": [[p.sides, p.roll, 1] for p in picks],
                "modifier": 0,
                "total": len(picks),
                "track": None,
                "drawn": [p.member.titled_name for p in picks],
            }
        )
    return records


def save_battle_casualties(
    campaign: Campaign, battle_id: str, ships: Sequence[ShipCasualties]
) -> None:
    table = campaign.db(_db_name(battle_id)).table("ships")
    table.truncate()
    for ship in ships:
        table.insert(
            {
                "ship_id": ship.ship_id,
                "ship_name": ship.ship_name,
                "pool": ship.pool,
                "wanted": dict(ship.wanted),
                "weighted": dict(ship.weighted),
                "members": [
                    [m.member_id, m.rank_title, m.name, m.post_name, m.condition]
                    for m in ship.members
                ],
            }
        )


def forget_battle_casualties(campaign: Campaign, battle_id: str) -> bool:
    return campaign.remove_db(_db_name(battle_id))


def battle_casualties(campaign: Campaign, battle_id: str) -> tuple[ShipCasualties, ...]:
    """The named casualties of a battle's ending, ship by ship (none: not ended, or no
    campaign ship fought)."""
    path = campaign.folder / f"{_db_name(battle_id)}.json"
    if not exists(path):
        return ()
    found: list[ShipCasualties] = []
    for doc in campaign.db(_db_name(battle_id)).table("ships").all():
        try:
            members = tuple(NamedCasualty(*(str(v) for v in m)) for m in doc["members"])
            if any(m.condition not in HURT for m in members):
                raise RulesError("a casualty's condition is not dead, badly or lightly wounded")
            found.append(
                ShipCasualties(
                    str(doc["ship_id"]),
                    str(doc["ship_name"]),
                    int(doc["pool"]),
                    {str(k): int(v) for k, v in doc["wanted"].items()},
                    {str(k): int(v) for k, v in doc["weighted"].items()},
                    members,
                )
            )
        except (KeyError, TypeError, ValueError, RulesError) as exc:
            raise StoreError(f"{path}: a ship's casualties do not read ({exc})") from None
    return tuple(found)
