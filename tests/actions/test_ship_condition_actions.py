"""Campaign ships keep their condition from battle to battle: written back when a battle
ends, the start of the next one, repairs, new crew, scrap and restore, and undo of each."""

from __future__ import annotations

import math

import pytest

from gmtool.actions import ActionRefused
from gmtool.actions import battles as act
from gmtool.actions import ship_condition as cond
from gmtool.actions import ships as ship_act
from gmtool.rules.crew_losses import casualties
from gmtool.rules.ship_condition import repair_rules
from gmtool.store import Campaign
from gmtool.store import battles as stored
from gmtool.store.ships import get_ship


def _fight(c: Campaign, name: str, damage: list[tuple[int, str]]) -> str:
    """A battle in which the Meridian takes `damage` (typed in), then ends."""
    battle = act.new_battle(c, name, ["meridian"], ["vex"], "long").id
    for amount, track in damage:
        act.do_apply_damage(c, battle, "meridian", amount, track, "test hit")
    return battle


def test_a_damaged_ship_starts_the_next_battle_with_its_marks_and_fewer_crew(
    demo: Campaign,
) -> None:
    battle = _fight(demo, "First", [(5, "stun"), (6, "wound"), (2, "mortal"), (1, "critical")])
    ship = stored.load_battle(demo, battle).ship("meridian")
    losses, complement = ship.crew_losses, ship.crew_total
    done = act.do_end_battle(demo, battle)
    assert done.written_back == ("meridian", "vex")  # the enemy is a campaign ship too

    view = cond.show(demo, "meridian")
    assert view.marked == {"stun": 0, "wound": 6, "mortal": 2, "critical": 1}
    assert view.aboard == complement - losses["dead"] - losses["badly_wounded"] < complement
    assert view.history[-1].kind == "battle" and view.history[-1].battle == battle

    second = act.new_battle(demo, "Second", ["meridian"], ["gorgon"], "long")
    again = second.ship("meridian")
    assert again.damage.marked == view.marked
    assert again.crew_total == view.aboard
    assert all(n == 0 for n in again.hit_boxes.values())


def test_the_second_battle_adds_its_losses_to_the_first(demo: Campaign) -> None:
    act.do_end_battle(demo, _fight(demo, "First", [(8, "wound")]))
    first = cond.show(demo, "meridian")
    battle = _fight(demo, "Second", [(4, "mortal")])
    ship = stored.load_battle(demo, battle).ship("meridian")
    act.do_end_battle(demo, battle)
    second = cond.show(demo, "meridian")
    expected = casualties(first.aboard, ship.damage.points, {"mortal": 4})
    assert second.marked["wound"] == 8 and second.marked["mortal"] == 4
    assert second.dead == first.dead + expected["dead"]
    assert second.badly_wounded == first.badly_wounded + expected["badly_wounded"]


def test_undoing_the_end_takes_the_write_back_back(demo: Campaign) -> None:
    battle = _fight(demo, "First", [(6, "wound")])
    before = get_ship(demo, "meridian").condition
    act.do_end_battle(demo, battle)
    assert get_ship(demo, "meridian").condition != before
    undone = act.undo(demo, battle)
    assert undone.ships_restored and not undone.state.finished
    assert get_ship(demo, "meridian").condition == before
    # ending it again writes it back once more, and the ships' undo stack is as it was
    act.do_end_battle(demo, battle)
    assert cond.show(demo, "meridian").marked["wound"] == 6


def test_undoing_the_end_is_refused_while_a_later_ship_change_stands(demo: Campaign) -> None:
    battle = _fight(demo, "First", [(6, "wound")])
    act.do_end_battle(demo, battle)
    cond.repair(demo, "meridian", 1, "port")
    with pytest.raises(ActionRefused, match="changed after this battle ended"):
        act.undo(demo, battle)
    assert stored.load_battle(demo, battle).finished
    ship_act.undo(demo)  # the repair
    assert act.undo(demo, battle).ships_restored


def test_the_crew_tabs_undo_does_not_take_a_battles_end_back(demo: Campaign) -> None:
    act.do_end_battle(demo, _fight(demo, "First", [(6, "wound")]))
    with pytest.raises(ActionRefused, match=r"undo the battle.s last step"):
        ship_act.undo(demo)
    assert cond.show(demo, "meridian").marked["wound"] == 6


@pytest.mark.parametrize(("where", "days"), [("port", 1), ("port", 2), ("sea", 3)])
def test_a_repair_restores_points_at_the_tables_rates(
    demo: Campaign, where: str, days: int
) -> None:
    act.do_end_battle(demo, _fight(demo, "First", [(20, "wound"), (6, "mortal"), (2, "critical")]))
    before = cond.show(demo, "meridian")
    done = cond.repair(demo, "meridian", days, where)
    rates = repair_rules().percent_per_day[where]
    for track in ("wound", "mortal", "critical"):
        budget = math.ceil(before.points[track] * rates.get(track, 0) * days / 100)
        assert done.view.marked[track] == max(0, before.marked[track] - budget)
    assert done.event.kind == "repair" and done.event.days == days and done.event.where == where
    assert done.view.history[-1] == done.event
    ship_act.undo(demo)
    assert cond.show(demo, "meridian").marked == before.marked


@pytest.mark.parametrize(
    ("days", "where", "why"),
    [(0, "port", "from 1 to"), (10**9, "port", "from 1 to"), (1, "dock", "in port or at sea")],
)
def test_bad_repairs_are_refused(demo: Campaign, days: int, where: str, why: str) -> None:
    act.do_end_battle(demo, _fight(demo, "First", [(6, "wound")]))
    with pytest.raises(ActionRefused, match=why):
        cond.repair(demo, "meridian", days, where)


def test_an_undamaged_ship_has_nothing_to_repair(demo: Campaign) -> None:
    with pytest.raises(ActionRefused, match="no damage to repair"):
        cond.repair(demo, "kestrel", 1, "port")
    with pytest.raises(ActionRefused, match="no ship with the id"):
        cond.repair(demo, "nowhere", 1, "port")


def test_replacing_crew_fills_the_ship_and_undo_takes_it_back(demo: Campaign) -> None:
    act.do_end_battle(demo, _fight(demo, "First", [(10, "mortal")]))
    hurt = cond.show(demo, "meridian")
    assert hurt.aboard < hurt.complement
    done = cond.replace_crew(demo, "meridian")
    assert done.view.aboard == hurt.complement
    assert done.event.crew == hurt.complement - hurt.aboard
    with pytest.raises(ActionRefused, match="whole crew aboard"):
        cond.replace_crew(demo, "meridian")
    ship_act.undo(demo)
    assert cond.show(demo, "meridian").aboard == hurt.aboard


def test_a_destroyed_ship_is_refused_until_restored(demo: Campaign) -> None:
    points = get_ship(demo, "meridian").spec.durability.to_dict()
    act.do_end_battle(demo, _fight(demo, "Last stand", [(points["critical"], "critical")]))
    view = cond.show(demo, "meridian")
    assert view.status == "destroyed" and view.lost == "destroyed"
    with pytest.raises(ActionRefused, match=r"CSS Meridian is destroyed: restore it"):
        act.new_battle(demo, "Again", ["meridian"], ["vex"], "long")
    with pytest.raises(ActionRefused, match="restore it before"):
        cond.repair(demo, "meridian", 5, "port")
    done = cond.restore(demo, "meridian")
    assert done.view.status == "operational" and done.view.aboard == done.view.complement
    assert act.new_battle(demo, "Again", ["meridian"], ["vex"], "long").ship("meridian")
    # undo of the restore (after deleting nothing: the battle is its own tracker)
    ship_act.undo(demo)
    assert cond.show(demo, "meridian").lost == "destroyed"


def test_scrap_and_restore_are_logged_and_undoable(demo: Campaign) -> None:
    done = cond.scrap(demo, "kestrel")
    assert done.view.status == "scrapped" and done.event.kind == "scrapped"
    with pytest.raises(ActionRefused, match="is scrapped: restore it"):
        act.new_battle(demo, "Patrol", ["kestrel"], ["vex"], "long")
    with pytest.raises(ActionRefused, match="already scrapped"):
        cond.scrap(demo, "kestrel")
    ship_act.undo(demo)
    assert cond.show(demo, "kestrel").status == "operational"
    with pytest.raises(ActionRefused, match="not lost"):
        cond.restore(demo, "kestrel")


def test_an_old_campaigns_ship_without_a_condition_is_undamaged(demo: Campaign) -> None:
    from gmtool.store.ships import ship_tracker

    tracker = ship_tracker(demo)
    state = tracker.load()
    assert state is not None
    for ship in state["ships"]:
        del ship["condition"]
    state["version"] = 1
    tracker.save(state, "as an older gmtool saved it")
    view = cond.show(demo, "meridian")
    assert view.status == "operational" and view.aboard == view.complement
    assert not any(view.marked.values()) and view.history == ()


def test_a_deleted_battles_end_can_be_undone_from_the_ships(demo: Campaign) -> None:
    battle = _fight(demo, "First", [(6, "wound")])
    act.do_end_battle(demo, battle)
    act.delete(demo, battle)
    undone = ship_act.undo(demo)  # no battle left to undo it from: the Crew tab may
    assert undone.label == "end of First"
    assert cond.show(demo, "meridian").marked["wound"] == 0


def test_carried_damage_is_not_counted_again_when_repairs_restore_crew(
    demo: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    from msgspec.structs import replace

    from gmtool.rules.battle import ship_state

    table = replace(ship_state.ship_rules(), repairs_restore_crew=True)
    monkeypatch.setattr(ship_state, "ship_rules", lambda: table)
    act.do_end_battle(demo, _fight(demo, "First", [(20, "wound")]))
    aboard = cond.show(demo, "meridian").aboard
    battle = _fight(demo, "Second", [(5, "wound")])
    ship = stored.load_battle(demo, battle).ship("meridian")
    assert ship.start_marks == {"wound": 20}
    assert ship.crew_losses == casualties(aboard, ship.damage.points, {"wound": 5})
