"""A battle goes on whatever happens to the campaign around it: a ship deleted mid-battle
leaves it with her people, a character taken off a station has left that post, a side with no
ship left is beaten, and `doctor` names an open battle that could not end."""

from __future__ import annotations

import pytest

from gmtool.actions import battles as act
from gmtool.actions import party as party_actions
from gmtool.actions import ships as ship_actions
from gmtool.actions.battle_next import play_on
from gmtool.actions.battle_report import report_text
from gmtool.rules.battle import battle_summary, departures
from gmtool.rules.errors import RulesError
from gmtool.store import Campaign
from gmtool.store import battles as stored
from gmtool.store.doctor import examine
from gmtool.store.ships import list_ships


def _battle(c: Campaign, ships: list[str]) -> str:
    battle = act.new_battle(c, "Ambush", ships, ["gorgon"], "moderate", auto=("a", "b")).id
    play_on(c, battle, "round")
    return battle


def test_deleting_a_ship_in_an_open_battle_is_refused_and_changes_nothing(demo: Campaign) -> None:
    battle = _battle(demo, ["meridian", "kestrel"])
    before = stored.load_battle(demo, battle)
    with pytest.raises(ship_actions.ShipInBattle, match="open battle Ambush") as refused:
        ship_actions.delete_ship(demo, "meridian", take_off_stations=True)
    assert refused.value.battles == ("Ambush",)
    assert "meridian" in {r.id for r in list_ships(demo)}
    assert stored.load_battle(demo, battle) == before


def test_a_deleted_ship_leaves_the_battle_with_her_people_and_it_ends(demo: Campaign) -> None:
    battle = _battle(demo, ["meridian", "kestrel"])
    aboard = {a.character_id for a in stored.load_battle(demo, battle).aboard("meridian")}
    assert aboard  # the demo's party is at the Meridian's stations
    gone = ship_actions.delete_ship(demo, "meridian", take_off_stations=True, leave_battles=True)
    assert gone.left_battles == ("Ambush",)
    state = stored.load_battle(demo, battle)
    left = state.ship("meridian")
    assert left.left and left.fate == "left" and not left.in_battle
    assert state.events[-1].action == departures.SHIP_LEFT
    assert set(state.events[-1].characters) == aboard
    assert not any(a.ship_id == "meridian" for a in state.assignments)
    played = play_on(demo, battle, "end")
    assert played.finished and played.stopped == "end"
    report = report_text(demo, battle)
    assert "CSS Meridian leaves the battle" in report
    assert "| CSS Meridian | Our fleet | left |" in report
    assert examine(demo) == []


def test_a_side_whose_only_ship_is_deleted_is_beaten(demo: Campaign) -> None:
    battle = _battle(demo, ["meridian"])
    ship_actions.delete_ship(demo, "meridian", take_off_stations=True, leave_battles=True)
    played = play_on(demo, battle, "end")
    assert played.finished
    # the battle ended at the next edge: no more rounds were fought without her
    assert played.round <= stored.load_battle(demo, battle).events[-2].round + 1
    assert examine(demo) == []


def test_a_character_taken_off_their_station_has_left_that_post(demo: Campaign) -> None:
    battle = _battle(demo, ["meridian"])
    state = stored.load_battle(demo, battle)
    who = state.aboard("meridian")[0].character_id
    party_actions.leave_station(demo, who)
    played = play_on(demo, battle, "end")
    assert played.finished
    summary = {
        c.character_id: c for c in battle_summary(stored.load_battle(demo, battle)).characters
    }
    # they keep the battle's copy and the ship they last served aboard
    assert summary[who].ship_id == "meridian"
    assert examine(demo) == []


def test_doctor_names_an_open_battle_that_could_not_end(
    demo: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    battle = _battle(demo, ["meridian"])
    assert examine(demo) == []

    def cannot_end(state: object, note: str = "") -> object:
        raise RulesError("no station for Ayla Kress")

    monkeypatch.setattr("gmtool.rules.battle.end_battle", cannot_end)
    found = examine(demo)
    assert [p.file for p in found] == [f"battle {battle}"]
    assert "the open battle Ambush could not end: no station for Ayla Kress" in found[0].what


@pytest.mark.parametrize("ship", ["gorgon", "meridian"])
@pytest.mark.parametrize("steps", range(0, 24, 2))
def test_a_ship_deleted_at_any_step_never_sticks_the_battle(
    demo: Campaign, ship: str, steps: int
) -> None:
    """Whichever side loses its only ship, and at whatever step of the first rounds (a
    heading half declared, a fire phase under way), the battle plays on to its end."""
    battle = act.new_battle(demo, "Ambush", ["meridian"], ["gorgon"], "moderate", auto=("b",)).id
    for _ in range(steps):
        if play_on(demo, battle, "step").finished:
            break
    ship_actions.delete_ship(demo, ship, take_off_stations=True, leave_battles=True)
    played = play_on(demo, battle, "end")
    assert played.finished and played.stopped == "end"
    assert examine(demo) == []
