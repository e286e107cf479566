"""One undo/redo history for every tab (actions/history.py): each kind of step is undone and
redone through the same two calls, across a restart, a new step ends the redo, and a
refusal says why in words that name no tab, no key and no id."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gmtool.actions import battles as battle_actions
from gmtool.actions import history
from gmtool.actions import party as party_actions
from gmtool.actions import ships as ship_actions
from gmtool.actions.injuries import DamageRequest, deal_damage
from gmtool.rules.ships import ShipSpec, load_ship_spec
from gmtool.store import Campaign
from gmtool.store.demo import demo_data_dir, seed_demo
from gmtool.store.doctor import examine
from gmtool.store.injuries import history as injury_history
from gmtool.store.party import load_party_state
from gmtool.store.ships import list_ships

Opener = Callable[..., Campaign]
GORGON = demo_data_dir() / "enemies" / "gorgon.yaml"
# What a refusal must not name: a tab, a key, an id.
TAB_OR_KEY = re.compile(r"\b([Tt]ab|Stations|Injuries|Crew|Torga|Dice)\b|ctrl\+|#\d|\(\w\)")


@pytest.fixture
def reopen(campaign_path: Path, open_test_campaign: Opener) -> Iterator[Callable[[], Campaign]]:
    """The demo campaign, and a way to close it and open it again (a restart)."""
    opened = [open_test_campaign(campaign_path)]
    seed_demo(opened[0])

    def restart() -> Campaign:
        opened[-1].close()
        opened.append(open_test_campaign(campaign_path))
        return opened[-1]

    yield restart
    opened[-1].close()


def _done(result: history.Done | history.Refused) -> history.Done:
    assert isinstance(result, history.Done), result
    return result


def _battle(c: Campaign) -> str:
    return battle_actions.new_battle(c, "Ambush", ["meridian"], ["gorgon", "vex"], "long").id


def test_a_party_change_is_redone_after_a_restart(reopen: Callable[[], Campaign]) -> None:
    c = reopen()
    party_actions.set_station_posture(c, "priya-salo", "secure")
    assert _done(history.undo(c, history.PARTY)).label == "Doctor Priya Salo secure"
    c = reopen()
    redone = _done(history.redo(c, history.PARTY))
    assert redone.redo and redone.label == "Doctor Priya Salo secure"
    assert isinstance(redone.detail, party_actions.PartyUndone)
    assert examine(c) == []


def test_a_ship_change_is_redone_with_its_roster_after_a_restart(
    reopen: Callable[[], Campaign],
) -> None:
    c = reopen()
    spec = ShipSpec.from_dict(dict(load_ship_spec(GORGON).to_dict(), name="Raider Gorgon II"))
    added = ship_actions.add_ship(c, spec, "enemy")
    roster = ship_actions.crew_of(c, added.ship_id).roster
    assert _done(history.undo(c, history.SHIPS)).label == f"add {added.name}"
    assert not (c.folder / "rosters" / f"{added.ship_id}.json").exists()
    c = reopen()
    assert _done(history.redo(c, history.SHIPS)).label == f"add {added.name}"
    crew = ship_actions.crew_of(c, added.ship_id)
    assert not crew.rebuilt and crew.roster == roster  # the kept version, not named again
    assert not (c.folder / "trackers" / "ships-redo.json").exists()
    assert examine(c) == []


def test_an_injury_is_redone_after_a_restart(reopen: Callable[[], Campaign]) -> None:
    c = reopen()
    who = load_party_state(c).characters[0]
    hurt = deal_damage(c, DamageRequest(who.id, "2", "stun", "a fall"))
    undone = _done(history.undo(c, history.INJURIES))
    assert undone.label == f"damage of {who.name}"
    c = reopen()
    redone = _done(history.redo(c, history.INJURIES))
    assert redone.label == f"damage of {who.name}"
    assert not injury_history(c)[0].get("undone")
    assert load_party_state(c).character(who.id).damage == hurt["after"]
    assert not (c.folder / "injury-redo.json").exists()
    assert examine(c) == []


def test_a_battle_step_is_redone_with_its_events_after_a_restart(
    reopen: Callable[[], Campaign],
) -> None:
    c = reopen()
    battle = _battle(c)
    done = battle_actions.do_roll_edge(c, battle)
    events = len(done.state.events)
    undone = _done(history.undo(c, history.battle(battle)))
    assert undone.label == done.label
    c = reopen()
    redone = _done(history.redo(c, history.battle(battle)))
    assert redone.label == done.label and redone.rolls == undone.rolls
    assert isinstance(redone.detail, battle_actions.StepRedone)
    assert len(redone.detail.state.events) == events
    assert not (c.folder / "trackers" / "battle-redo").exists()
    assert examine(c) == []


@pytest.mark.parametrize("kind", ["party", "ships", "injuries", "battle"])
def test_a_new_step_after_the_undo_leaves_nothing_to_redo(
    reopen: Callable[[], Campaign], kind: str
) -> None:
    c = reopen()
    scope = {"party": history.PARTY, "ships": history.SHIPS, "injuries": history.INJURIES}.get(kind)
    who = load_party_state(c).characters[0].id
    if kind == "party":
        party_actions.set_station_posture(c, "priya-salo", "secure")
        history.undo(c, history.PARTY)
        party_actions.set_station_posture(c, "priya-salo", "secure")
    elif kind == "ships":
        ship_actions.delete_ship(c, "vex")
        history.undo(c, history.SHIPS)
        ship_actions.delete_ship(c, "gorgon")
    elif kind == "injuries":
        deal_damage(c, DamageRequest(who, "2", "stun", "a fall"))
        history.undo(c, history.INJURIES)
        deal_damage(c, DamageRequest(who, "1", "stun", "a slip"))
    else:
        battle = _battle(c)
        battle_actions.do_roll_edge(c, battle)
        history.undo(c, history.battle(battle))
        battle_actions.do_roll_edge(c, battle)
        scope = history.battle(battle)
    assert scope is not None
    refused = history.redo(c, scope)
    assert isinstance(refused, history.Refused)
    assert refused.reason is history.Refusal.NOTHING and refused.redo
    assert refused.text == "nothing to redo: nothing was taken back since the last change"


def test_nothing_to_undo_or_redo_is_said_without_tabs_keys_or_ids(
    campaign_path: Path, open_test_campaign: Opener
) -> None:
    c = open_test_campaign(campaign_path)  # no demo: no step anywhere
    try:
        scopes = [history.PARTY, history.SHIPS, history.INJURIES, history.SKIRMISH, history.DICE]
        for scope in scopes:
            for result in (history.undo(c, scope), history.redo(c, scope)):
                assert isinstance(result, history.Refused), scope
                assert result.reason is history.Refusal.NOTHING
                assert result.text.startswith("nothing to"), result.text
                assert not TAB_OR_KEY.search(result.text), result.text
    finally:
        c.close()


def test_a_step_that_hurt_characters_is_refused_in_words(reopen: Callable[[], Campaign]) -> None:
    c = reopen()
    battle = _battle(c)
    battle_actions.do_apply_damage(c, battle, "meridian", 6, "wound")
    _done(history.undo(c, history.battle(battle)))
    refused = history.redo(c, history.battle(battle))
    assert isinstance(refused, history.Refused)
    assert refused.reason is history.Refusal.NOT_REDONE
    assert refused.why is not None and refused.why.value == "hurt-characters"
    assert refused.text == "not redone: the step hurt characters; play it again instead"
    assert not TAB_OR_KEY.search(refused.text)
    assert [s.id for s in list_ships(c)]  # nothing else changed


def test_a_party_step_made_by_an_injury_is_refused_until_the_injury_is_undone(
    reopen: Callable[[], Campaign],
) -> None:
    c = reopen()
    who = load_party_state(c).characters[0]
    deal_damage(c, DamageRequest(who.id, "2", "stun", "a fall"))
    refused = history.undo(c, history.PARTY)
    assert isinstance(refused, history.Refused)
    assert refused.reason is history.Refusal.INJURIES_FIRST
    assert "take it back with the injuries" in refused.text
    assert not TAB_OR_KEY.search(refused.text)
    _done(history.undo(c, history.INJURIES))
    assert load_party_state(c).character(who.id).damage.get("stun", 0) == 0
