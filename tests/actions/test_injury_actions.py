"""Injuries by hand and bail-out, through their actions, without a screen: each one commit."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.actions import ActionRefused
from gmtool.actions.bailout import order_bailout
from gmtool.actions.injuries import (
    DamageRequest,
    HazardRequest,
    TreatmentRequest,
    deal_damage,
    roll_hazard_by_hand,
    treat,
    undo_newest,
)
from gmtool.store import Campaign
from gmtool.store.bailout import load_bailout
from gmtool.store.party import load_party_state


def files(c: Campaign) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in c.folder.rglob("*.json") if "backups" not in p.parts}


def crew(c: Campaign) -> list[str]:
    return [ch.id for ch in load_party_state(c).characters]


def test_hazards_by_hand_save_rolls_damage_and_history_together(demo: Campaign) -> None:
    who = crew(demo)[:3]
    request = HazardRequest("heavy", "mortal", tuple((w, "vulnerable") for w in who), "a hit")
    entries = roll_hazard_by_hand(demo, request)
    assert [e["character"] for e in entries] == who
    rolls = {r["id"] for r in demo.roll_log()}
    assert all(set(e["rolls"]) <= rolls for e in entries)


def test_hazards_that_fail_half_way_save_nothing(
    demo: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = files(demo)
    request = HazardRequest("heavy", "mortal", tuple((w, "vulnerable") for w in crew(demo)), "x")

    def refused(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    # the history is appended last, after the rolls and the party are written
    monkeypatch.setattr(demo.injury_log, "append", refused)
    with pytest.raises(OSError):
        roll_hazard_by_hand(demo, request)
    monkeypatch.undo()
    assert files(demo) == before
    assert list(demo.roll_log()) == []


def test_nobody_ticked_is_refused(demo: Campaign) -> None:
    with pytest.raises(ActionRefused, match="at least one character"):
        roll_hazard_by_hand(demo, HazardRequest("heavy", "wound", (), "x"))


def test_damage_then_treatment_then_undo_in_order(demo: Campaign) -> None:
    who = crew(demo)[0]
    hurt = deal_damage(demo, DamageRequest(who, "2d4", "wound", "a console blast"))
    assert hurt["rolls"] and hurt["marked"]["wound"] >= 2
    treated = treat(demo, TreatmentRequest(who, "wound", 1, "first aid"))
    assert treated["kind"] == "treatment"
    assert undo_newest(demo).entry["id"] == treated["id"]  # type: ignore[index]
    assert undo_newest(demo).entry["id"] == hurt["id"]  # type: ignore[index]
    assert load_party_state(demo).character(who).damage.get("wound", 0) == 0


@pytest.mark.parametrize(
    ("amount", "kind", "why"),
    [("", "wound", "type the points"), ("0", "wound", "at least 1"), ("d6+1m", "wound", "agree")],
)
def test_bad_damage_is_refused_before_anything_is_rolled(
    demo: Campaign, amount: str, kind: str, why: str
) -> None:
    before = files(demo)
    with pytest.raises(ActionRefused, match=why):
        deal_damage(demo, DamageRequest(crew(demo)[0], amount, kind, "x"))
    assert files(demo) == before


def test_undo_takes_back_a_bail_out_ordered_after_the_last_injury(demo: Campaign) -> None:
    deal_damage(demo, DamageRequest(crew(demo)[0], "3", "stun", "a fall"))
    order = order_bailout(demo, "medium", 120, ship_name="CSS Meridian")
    assert load_bailout(demo) == order
    undone = undo_newest(demo)
    assert undone.bailout == order and undone.entry is None
    assert load_bailout(demo) is None
    assert all(r.get("undone") for r in demo.roll_log() if r["id"] in order.rolls)
