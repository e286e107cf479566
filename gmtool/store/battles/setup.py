"""Setting a battle up: its sides from the campaign's ships, its first state saved and listed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gmtool.rules.battle import BattleState, FleetSetup, new_battle
from gmtool.rules.battle.state import DEFAULT_AUTO
from gmtool.rules.limits import MAX_NAME_CHARS, checked_text
from gmtool.rules.ships import ShipSpec
from gmtool.store.battles.index import (
    ACTIVE,
    SETUP_LABEL,
    BattleRecord,
    all_entries,
    battle_id_check,
    new_battle_id,
    slug,
    write_opened,
)
from gmtool.store.battles.saved import save_state
from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError
from gmtool.store.ids import unique_id
from gmtool.store.party import load_party_state
from gmtool.store.ships import get_ship, list_ships


def fleet_setup(
    campaign: Campaign,
    name: str,
    ship_ids: Iterable[str],
    extra: Iterable[tuple[str, ShipSpec]] = (),
    commander: str | None = None,
) -> FleetSetup:
    """A side for `create_battle`: the campaign's ships by id (with their conditions), then
    ships made for this battle only (a quick enemy, a spec file) as (id, spec); an id already
    taken gets -2, -3, ..."""
    records = [get_ship(campaign, i) for i in ship_ids]
    ships: list[tuple[str, ShipSpec]] = [(r.id, r.spec) for r in records]
    taken = {i for i, _ in ships} | {r.id for r in list_ships(campaign)}
    for wanted, spec in extra:
        candidate = unique_id(slug(wanted), taken)
        taken.add(candidate)
        ships.append((candidate, spec))
    conditions = tuple((r.id, r.condition) for r in records)
    return FleetSetup(name, tuple(ships), commander, conditions)


def create_battle(
    campaign: Campaign,
    name: str,
    side_a: FleetSetup,
    side_b: FleetSetup,
    starting_range: str,
    *,
    battle_id: str | None = None,
    seed: int | None = None,
    auto: Sequence[str] = DEFAULT_AUTO,
) -> BattleState:
    """Set up a battle with the party's characters at their stations aboard its ships, save
    it as the battle's first state, list it in the index and open it. With a `seed`, the
    battle's dice come from it (and the roll ids) instead of the campaign's seed, so the same
    battle can be played again roll for roll."""
    checked_text("the battle's name", name, MAX_NAME_CHARS)
    for fleet in (side_a, side_b):
        checked_text("a side's name", fleet.name, MAX_NAME_CHARS)
    party = load_party_state(campaign)
    wanted = battle_id or new_battle_id(campaign, name)
    for _, record, gone in all_entries(campaign):
        if record.id == wanted:
            if gone:
                raise StoreError(
                    f"campaign {campaign.name} had a battle {wanted!r}, since deleted: its "
                    "injury entries keep the id, so a new battle cannot take it"
                )
            raise StoreError(f"campaign {campaign.name} already has a battle {wanted!r}")
    state = new_battle(
        name,
        side_a,
        side_b,
        starting_range,
        party.assignments,
        party.characters,
        battle_id=battle_id_check(wanted),
        auto=auto,
    )
    session = campaign.current_session
    record = BattleRecord(
        id=state.id,
        name=state.name,
        status=ACTIVE,
        created=campaign.clock().isoformat(),
        session=session["id"] if session else None,
        round=state.round,
        seed=seed,
    )
    save_state(campaign, state, SETUP_LABEL)
    entry = dict(record.to_dict(), battle=record.id)
    del entry["id"]  # the battle list numbers its entries; the battle's id is `battle`
    campaign.battle_list.append([entry])
    write_opened(campaign, state.id)
    return state
