"""Campaign ships' conditions: a battle's end written back into them, and taken back.

The conditions live in the ships' tracker (`trackers/ships.json`, store/ships.py). A battle's
ending writes every campaign ship in it as one undo step of that tracker, tagged with the
battle, inside the same commit as the battle's last step. Undoing that step takes the tagged
step back; if the GM changed the ships since (a repair), the undo is refused until those
changes are undone, so neither tracker ever gives back the other's work.
"""

from __future__ import annotations

from gmtool.rules.battle import BattleState
from gmtool.rules.crew import crew_manifest
from gmtool.rules.crew_casualties import ShipCasualties, ship_casualties
from gmtool.rules.errors import RulesError
from gmtool.rules.roll_records import RollRecord
from gmtool.rules.ship_condition import ShipCondition, after_battle
from gmtool.store.campaign import Campaign
from gmtool.store.crew_casualties import (
    draw_for,
    draw_records,
    forget_battle_casualties,
    save_battle_casualties,
    struck_places,
)
from gmtool.store.ships import list_ships, save_conditions, ship_crew, ship_tracker

TAG_PREFIX = "battle:"


def battle_tag(battle_id: str) -> str:
    return f"{TAG_PREFIX}{battle_id}"


def last_battle_end(campaign: Campaign) -> str | None:
    """The battle whose ending is the ships' last undo step, if it is one."""
    steps = ship_tracker(campaign).tags()
    tag = steps[-1][1] if steps else None
    return tag.removeprefix(TAG_PREFIX) if tag and tag.startswith(TAG_PREFIX) else None


def write_back(campaign: Campaign, state: BattleState) -> dict[str, ShipCondition]:
    """Write a finished battle's end state into its campaign ships (one undo step of the
    ships); returns the new conditions by ship id (empty: no campaign ship fought).

    Each ship's crew losses are drawn from its named crew aboard with the campaign's dice
    (logged, and marked undone with the step), the ships' conditions keep who is hurt, and
    the battle keeps the names (`casualties/<battle id>.json`) for its report."""
    records = {r.id: r for r in list_ships(campaign)}
    changed: dict[str, ShipCondition] = {}
    named: list[ShipCasualties] = []
    rolls: list[RollRecord] = []
    rng = campaign.rng()
    for ship in state.ships:
        record = records.get(ship.id)
        if record is None:
            continue
        complement = crew_manifest(record.spec).total_crew
        draw = draw_for(
            ship_crew(campaign, ship.id).roster,
            record.condition.casualties,
            ship.crew_losses,
            record.condition.crew_aboard(complement),
            struck_places(state, ship.id),
            rng,
        )
        changed[ship.id] = after_battle(
            record.condition,
            ship.damage.points,
            ship.damage.marked,
            ship.crew_losses,
            ship.fate,
            complement,
            battle=state.id,
            round=state.round,
            draw=draw,
        )
        named.append(ship_casualties(ship.id, ship.name, draw))
        rolls += draw_records(ship.name, state.name, draw)
    if changed:
        saved = campaign.record(rolls)
        label = f"end of {state.name}"
        save_conditions(campaign, changed, label, tag=battle_tag(state.id), rolls=saved)
        save_battle_casualties(campaign, state.id, named)
    return changed


def take_back(campaign: Campaign, battle_id: str) -> bool:
    """Undo the ships' step a battle's ending wrote; False when it wrote none (no campaign
    ship, or the step has left the undo window). Refused while later ship changes stand."""
    tracker = ship_tracker(campaign)
    later = tracker.labels_after(battle_tag(battle_id))
    if later is None:
        return False
    if later:
        raise RulesError(
            f"the ships were changed after this battle ended ({', '.join(later)}): undo "
            "those changes first"
        )
    tracker.undo()  # marks the draw's dice undone
    forget_battle_casualties(campaign, battle_id)
    return True
