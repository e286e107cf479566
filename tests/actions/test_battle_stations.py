"""Stations stay live: a battle follows the campaign's stations at every roll; the Battle
tab's station orders (move, take over, leave) are logged and undone with the party; the edge
goes to the flagship or the commander the GM chose."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.actions import ActionRefused
from gmtool.actions import battle_stations as orders
from gmtool.actions import battles as act
from gmtool.actions import party as party_actions
from gmtool.rules.battle import BattleEvent
from gmtool.store import Campaign
from gmtool.store import battles as stored
from gmtool.store.party import load_party_state


def _battle(c: Campaign, **kwargs: object) -> str:
    return act.new_battle(c, "Ambush", ["meridian"], ["gorgon", "vex"], "long", **kwargs).id


def _edge_line(event: BattleEvent, side: str) -> str:
    """The edge check's line for one side ('edge for Our fleet: ... rolls ...')."""
    return next(ln for ln in event.text.splitlines() if ln.startswith(f"edge for {side}:"))


def _place(c: Campaign, character_id: str) -> tuple[str, str]:
    found = next(a for a in load_party_state(c).assignments if a.character_id == character_id)
    return found.ship_id, found.place


def test_a_move_on_the_stations_tab_changes_the_next_rolls_roller(demo: Campaign) -> None:
    battle = _battle(demo)
    party_actions.move_to_station(demo, "ines-calloway", "meridian", "sickbay")
    done = act.do_roll_edge(demo, battle)
    moved, edge = done.state.events[-2:]
    assert moved.action == "stations" and moved.text.startswith("Stations changed since")
    assert "Captain Ines Calloway moves from the Command to sickbay (CSS Meridian)" in moved.text
    assert edge.action == "roll_edge" and "ines-calloway" not in edge.characters
    assert "CSS Meridian crew rolls" in _edge_line(edge, "Our fleet")
    saved = stored.load_battle(demo, battle)
    assert saved.assignment("ines-calloway").place == "sickbay"  # the step records whom it used


def test_take_over_a_post_moves_the_roller_and_is_logged(demo: Campaign) -> None:
    battle = _battle(demo)
    done = orders.take_over(demo, battle, "dorran-vek", "ines-calloway")
    assert done.action == "stations"
    assert done.result.text == (
        "Lieutenant Dorran Vek takes over the Command of CSS Meridian from Captain Ines "
        "Calloway, who goes to the Bridge."
    )
    assert _place(demo, "dorran-vek") == ("meridian", "command")
    assert _place(demo, "ines-calloway") == ("meridian", "bridge")
    edge = act.do_roll_edge(demo, battle).state.events[-1]
    assert edge.characters == ("dorran-vek",)
    assert "Lieutenant Dorran Vek rolls" in _edge_line(edge, "Our fleet")


def test_undo_takes_a_station_order_back_in_the_battle_and_the_party(demo: Campaign) -> None:
    battle = _battle(demo)
    before = stored.load_battle(demo, battle)
    orders.take_over(demo, battle, "dorran-vek", "ines-calloway")
    undone = act.undo(demo, battle)
    assert undone.stations_restored
    assert _place(demo, "dorran-vek") == ("meridian", "bridge")
    assert stored.load_battle(demo, battle) == before
    assert stored.live_battle(demo, battle) == before  # nothing left to follow


def test_undo_is_refused_while_a_later_station_change_stands(demo: Campaign) -> None:
    battle = _battle(demo)
    orders.leave_ship(demo, battle, "priya-salo")
    party_actions.set_station_posture(demo, "halvard-rusk", "vulnerable")
    with pytest.raises(ActionRefused, match="stations were changed after this step"):
        act.undo(demo, battle)
    assert _place(demo, "priya-salo") == ("meridian", "away")
    party_actions.undo(demo)
    assert act.undo(demo, battle).stations_restored
    assert _place(demo, "priya-salo") == ("meridian", "sickbay")


def test_leave_ship_takes_a_character_off_in_the_campaign(demo: Campaign) -> None:
    battle = _battle(demo)
    done = act.do_leave_ship(demo, battle, "tamsin-oyelaran")
    assert done.result.text == "Ensign Tamsin Oyelaran gets clear of CSS Meridian."
    assert _place(demo, "tamsin-oyelaran") == ("meridian", "away")
    state = stored.live_battle(demo, battle)
    assert not state.assignment("tamsin-oyelaran").aboard
    assert "tamsin-oyelaran" not in state.ship("meridian").gunners.values()
    with pytest.raises(ActionRefused, match="is not aboard CSS Meridian"):
        act.do_leave_ship(demo, battle, "tamsin-oyelaran")


def test_move_to_a_station_brings_a_character_aboard(demo: Campaign) -> None:
    battle = _battle(demo)
    done = orders.move_to_station(demo, battle, "ysolde-marrak", "meridian", "bridge")
    assert "Commodore Ysolde Marrak comes aboard CSS Meridian: the Bridge" in done.result.text
    state = stored.live_battle(demo, battle)
    assert state.assignment("ysolde-marrak").ship_id == "meridian"
    assert state.start_damage["ysolde-marrak"] == dict(state.character("ysolde-marrak").damage)


def test_station_orders_name_what_they_refuse(demo: Campaign, tmp_path: Path) -> None:
    spec = tmp_path / "jackal.yaml"
    spec.write_text("name: Raider Jackal\nclass: light\nhull_points: 40\n")
    other = act.new_battle(demo, "Spec", ["meridian"], [str(spec)], "long").id
    with pytest.raises(ActionRefused, match="Raider Jackal fights in this battle only"):
        orders.move_to_station(demo, other, "dorran-vek", "raider-jackal", "bridge")
    battle = _battle(demo)
    with pytest.raises(ActionRefused, match="no ship 'tenacity' in this battle"):
        orders.move_to_station(demo, battle, "dorran-vek", "tenacity", "bridge")
    with pytest.raises(
        ActionRefused, match=r"Doctor Priya Salo is not at a post on CSS Meridian \(sickbay\)"
    ):
        orders.take_over(demo, battle, "dorran-vek", "priya-salo")
    with pytest.raises(ActionRefused, match="not aboard CSS Meridian: move them aboard first"):
        orders.take_over(demo, battle, "ysolde-marrak", "ines-calloway")
    assert len(stored.load_battle(demo, battle).events) == 1  # nothing saved


def test_the_edge_is_rolled_by_the_flagship(demo: Campaign) -> None:
    battle = _battle(demo, flagships=(None, "Marauder Vex"))
    state = stored.load_battle(demo, battle)
    assert (state.side("a").flagship, state.side("b").flagship) == ("meridian", "vex")
    edge = act.do_roll_edge(demo, battle).state.events[-1]
    assert "Marauder Vex crew rolls" in _edge_line(edge, "Enemy")
    with pytest.raises(ActionRefused, match="the flagship 'kestrel' is not a ship of Enemy"):
        _battle(demo, flagships=(None, "kestrel"))


def test_the_edge_is_rolled_by_the_commander_the_gm_chose(demo: Campaign) -> None:
    party_actions.move_to_station(demo, "dorran-vek", "meridian", "command")
    battle = _battle(demo, commanders=("dorran-vek", None))
    assert stored.load_battle(demo, battle).side("a").commander == "dorran-vek"
    edge = act.do_roll_edge(demo, battle).state.events[-1]
    assert "Lieutenant Dorran Vek rolls" in _edge_line(edge, "Our fleet")
    # without a choice the first at the flagship's command station rolls: the captain
    other = act.new_battle(demo, "Second", ["meridian"], ["gorgon"], "long").id
    edge = act.do_roll_edge(demo, other).state.events[-1]
    assert "Captain Ines Calloway rolls" in _edge_line(edge, "Our fleet")
