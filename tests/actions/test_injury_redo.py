"""ctrl+y on the Injuries tab, through its action: the last undo done again, one commit;
nothing redone once something new was saved."""

from __future__ import annotations

import pytest

from gmtool.actions.bailout import order_bailout
from gmtool.actions.errors import RedoRefused
from gmtool.actions.healing import RestRequest, rest_days
from gmtool.actions.injuries import (
    DamageRequest,
    can_redo,
    deal_damage,
    newest_to_undo,
    redo,
    undo_newest,
)
from gmtool.store import Campaign
from gmtool.store.bailout import load_bailout
from gmtool.store.injuries import history
from gmtool.store.party import load_party_state


def damage_of(c: Campaign, who: str) -> dict[str, int]:
    return dict(load_party_state(c).character(who).damage)


def crew(c: Campaign) -> list[str]:
    return [ch.id for ch in load_party_state(c).characters]


def test_redo_gives_back_the_damage_its_dice_and_the_entry(demo: Campaign) -> None:
    who = crew(demo)[0]
    hurt = deal_damage(demo, DamageRequest(who, "2d4", "wound", "a console blast"))
    after = damage_of(demo, who)
    assert not can_redo(demo)
    undo_newest(demo)
    assert can_redo(demo)
    redone = redo(demo)
    assert [e["id"] for e in redone.entries] == [hurt["id"]]
    assert damage_of(demo, who) == after
    assert not history(demo)[0].get("undone")
    rolls = {r["id"]: r for r in demo.roll_log()}
    assert not any(rolls[i].get("undone") for i in hurt["rolls"])
    assert not can_redo(demo)
    with pytest.raises(RedoRefused, match="nothing to redo"):
        redo(demo)


def test_redo_walks_back_up_in_order(demo: Campaign) -> None:
    who = crew(demo)[0]
    first = deal_damage(demo, DamageRequest(who, "2", "stun", "a fall"))
    second = deal_damage(demo, DamageRequest(who, "3", "stun", "a fall"))
    undo_newest(demo)
    undo_newest(demo)
    assert redo(demo).entries[0]["id"] == first["id"]
    assert redo(demo).entries[0]["id"] == second["id"]
    assert damage_of(demo, who)["stun"] == 5


def test_a_party_rest_undone_as_one_is_redone_as_one(demo: Campaign) -> None:
    for who in crew(demo)[:3]:
        deal_damage(demo, DamageRequest(who, "4", "stun", "a fall"))
    rested = rest_days(demo, RestRequest(1))
    healed = {who: damage_of(demo, who) for who in crew(demo)}
    assert len(newest_to_undo(demo).batch) == len(rested.entries) > 1
    assert len(undo_newest(demo).batch) == len(rested.entries)
    redone = redo(demo)
    assert sorted(e["id"] for e in redone.entries) == sorted(e["id"] for e in rested.entries)
    assert {who: damage_of(demo, who) for who in crew(demo)} == healed


def test_something_new_after_the_undo_ends_the_redo(demo: Campaign) -> None:
    who = crew(demo)[0]
    deal_damage(demo, DamageRequest(who, "2", "stun", "a fall"))
    undo_newest(demo)
    deal_damage(demo, DamageRequest(who, "1", "stun", "a slip"))
    assert not can_redo(demo)
    with pytest.raises(RedoRefused, match="nothing to redo"):
        redo(demo)
    assert damage_of(demo, who)["stun"] == 1


def test_a_bail_out_undone_is_ordered_again_with_the_same_dice(demo: Campaign) -> None:
    deal_damage(demo, DamageRequest(crew(demo)[0], "3", "stun", "a fall"))
    order = order_bailout(demo, "medium", 120, ship_name="CSS Meridian")
    undo_newest(demo)  # the order
    undo_newest(demo)  # the damage
    assert redo(demo).entries  # the damage first: it was undone last
    assert redo(demo).bailout == order
    assert load_bailout(demo) == order
    assert not any(r.get("undone") for r in demo.roll_log() if r["id"] in order.rolls)


def test_a_new_order_after_an_undone_injury_ends_the_redo(demo: Campaign) -> None:
    deal_damage(demo, DamageRequest(crew(demo)[0], "3", "stun", "a fall"))
    undo_newest(demo)
    order_bailout(demo, "medium", 120)
    assert not can_redo(demo)


def test_an_undone_order_then_a_new_injury_is_not_redone(demo: Campaign) -> None:
    order_bailout(demo, "medium", 120)
    undo_newest(demo)
    hurt = deal_damage(demo, DamageRequest(crew(demo)[0], "3", "stun", "a fall"))
    undo_newest(demo)
    assert redo(demo).entries[0]["id"] == hurt["id"]
    assert not can_redo(demo)
    assert load_bailout(demo) is None
