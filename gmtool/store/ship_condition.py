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
from gmtool.rules.errors import RulesError
from gmtool.rules.ship_condition import ShipCondition, after_battle
from gmtool.store.campaign import Campaign
from gmtool.store.ships import list_ships, save_conditions, ship_tracker

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
    ships); returns the new conditions by ship id (empty: no campaign ship fought)."""
    records = {r.id: r for r in list_ships(campaign)}
    changed: dict[str, ShipCondition] = {}
    for ship in state.ships:
        record = records.get(ship.id)
        if record is None:
            continue
        changed[ship.id] = after_battle(
            record.condition,
            ship.damage.points,
            ship.damage.marked,
            ship.crew_losses,
            ship.fate,
            crew_manifest(record.spec).total_crew,
            battle=state.id,
            round=state.round,
        )
    if changed:
        save_conditions(campaign, changed, f"end of {state.name}", tag=battle_tag(state.id))
    return changed


def take_back(campaign: Campaign, battle_id: str) -> bool:
    """Undo the ships' step a battle's ending wrote; False when it wrote none (no campaign
    ship, or the step has left the undo window). Refused while later ship changes stand."""
    tracker = ship_tracker(campaign)
    steps = tracker.tags()
    tag = battle_tag(battle_id)
    found = [i for i, (_, t) in enumerate(steps) if t == tag]
    if not found:
        return False
    later = [label for label, _ in steps[found[-1] + 1 :]]
    if later:
        raise RulesError(
            f"the ships were changed after this battle ended ({', '.join(later)}): undo "
            "those in the Crew tab first"
        )
    tracker.undo()
    return True
