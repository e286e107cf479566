"""The skirmish store: the game in play as one undoable tracker state, every die in the log."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish import (
    Action,
    Event,
    automatic_player,
    load_scenario,
    new_game,
    ready_figures,
    shots,
    torga_iv,
)
from gmtool.rules.skirmish.engine import FIRE, HAND_TO_HAND, HOLD, MOVE
from gmtool.rules.tables import tables_dir
from gmtool.store import Campaign, StoreError
from gmtool.store.skirmish import (
    AUTOMATIC,
    LOG_LIMIT,
    MANUAL,
    ROLL_SOURCE,
    SOLO,
    UNDO_DEPTH,
    LogLine,
    SkirmishGame,
    action_label,
    automatic_sides,
    game_options,
    load_game,
    play,
    play_automatic,
    play_rest_of_turn,
    roll_entries,
    skirmish_tracker,
    solo_side,
    start_game,
    undo_game,
)
from gmtool.store.tracker import Tracker


def skirmish_rolls(campaign: Campaign) -> list[dict]:
    return [e for e in campaign.roll_log() if e.get("source") == ROLL_SOURCE]


def reopened(path: Path, opener: Callable[..., Campaign]) -> SkirmishGame | None:
    c = opener(path, readonly=True)
    try:
        return load_game(c)
    finally:
        c.close()


# -- options --------------------------------------------------------------------------------


def test_modes_name_the_automatic_sides() -> None:
    scenario = torga_iv()
    assert solo_side(scenario) == "jemhadar"
    assert automatic_sides(scenario, SOLO) == ("jemhadar",)
    assert automatic_sides(scenario, MANUAL) == ()
    assert set(automatic_sides(scenario, AUTOMATIC)) == {"federation", "jemhadar"}
    options = game_options(scenario, MANUAL)
    assert options.automatic == () and options.wound_effects == scenario.options.wound_effects
    with pytest.raises(RulesError, match="unknown mode"):
        automatic_sides(scenario, "spectator")


# -- starting and saving --------------------------------------------------------------------


def test_new_game_is_saved_and_reads_back_the_same(
    campaign: Campaign, open_test_campaign: Callable[..., Campaign]
) -> None:
    played = start_game(campaign, torga_iv(), SOLO)
    game = played.game
    assert game.mode == SOLO and not game.state.over
    assert [line.kind for line in game.log][:2] == ["turn", "solo_order"]
    assert skirmish_tracker(campaign).last_label() == played.label
    assert "New game" in played.label
    folder = campaign.folder
    campaign.close()
    again = reopened(folder, open_test_campaign)
    assert again is not None
    assert again.to_dict() == game.to_dict()
    assert json.loads(json.dumps(again.to_dict())) == game.to_dict()


def test_the_solo_order_die_goes_to_the_roll_log(campaign: Campaign) -> None:
    played = start_game(campaign, torga_iv(), SOLO)
    rolls = skirmish_rolls(campaign)
    assert len(rolls) == 1 and played.rolls[0]["id"] == rolls[0]["id"]
    entry = rolls[0]
    order = next(line for line in played.lines if line.kind == "solo_order")
    assert entry["kind"] == "dice" and entry["expression"] == "1d6"
    assert entry["for"] == order.text
    sides, value, sign = entry["dice"][0]
    assert (sides, sign) == (6, 1) and entry["total"] == value
    assert f"d6 {value}:" in order.text


def test_two_player_game_rolls_nothing_at_the_start(campaign: Campaign) -> None:
    start_game(campaign, torga_iv(), MANUAL)
    assert skirmish_rolls(campaign) == []


# -- playing --------------------------------------------------------------------------------


def test_a_move_is_one_undo_step(campaign: Campaign) -> None:
    game = start_game(campaign, torga_iv(), MANUAL).game
    played = play(campaign, game, Action(MOVE, "sisko", x=27.0, y=33.0))
    assert played.game.state.figure("sisko").x == 27.0
    assert played.label == "Captain Benjamin Sisko moves to (27.0, 33.0)"
    assert load_game(campaign) == played.game
    undone = undo_game(campaign)
    assert undone is not None and undone.label == played.label
    back = load_game(campaign)
    assert back is not None and back.state.figure("sisko").x == 24.0
    assert back.to_dict() == game.to_dict()


def test_a_refused_action_saves_and_rolls_nothing(campaign: Campaign) -> None:
    game = start_game(campaign, torga_iv(), MANUAL).game
    before = skirmish_tracker(campaign).load()
    rolls_before = list(campaign.roll_log())
    with pytest.raises(RulesError, match="cannot move there"):
        play(campaign, game, Action(MOVE, "sisko", x=60.0, y=33.0))
    with pytest.raises(RulesError, match="not Jem'Hadar's activation"):
        play(campaign, game, Action(HOLD, "first"))
    assert skirmish_tracker(campaign).load() == before
    assert list(campaign.roll_log()) == rolls_before


def test_solo_play_answers_with_the_automatic_side_in_the_same_step(campaign: Campaign) -> None:
    game = start_game(campaign, torga_iv(), SOLO).game
    assert game.state.side_to_act == "federation"
    played = play(campaign, game, Action(HOLD, "sisko"))
    state = played.game.state
    assert state.side_to_act == "federation" or state.over
    assert played.lines[0].auto is False
    assert any(line.auto and line.kind == MOVE for line in played.lines)
    assert "Jem'Hadar 1 activation" in played.label
    # One undo takes back both the GM's hold and the app's reply.
    undo_game(campaign)
    assert load_game(campaign) == game


def test_both_automatic_plays_one_activation_per_request(campaign: Campaign) -> None:
    game = start_game(campaign, torga_iv(), AUTOMATIC).game
    played = play_automatic(campaign, game)
    acted = [line for line in played.lines if line.kind not in ("turn", "solo_order")]
    assert len(acted) == 1 and acted[0].auto
    assert played.game.state.side_to_act == "jemhadar"
    assert played.label.endswith("(automatic)")


def test_a_whole_automatic_game_logs_every_die(campaign: Campaign) -> None:
    game = start_game(campaign, torga_iv(), AUTOMATIC).game
    dice_in_events = 0
    steps = 0
    while not game.state.over:
        played = play_automatic(campaign, game)
        game = played.game
        steps += 1
        assert steps < 1000
    assert game.state.winner in {"federation", "jemhadar"}
    assert game.log[-1].kind == "victory"
    assert len(game.log) <= LOG_LIMIT
    # every die of every event is one roll-log entry, fire dice are d10s
    rolls = skirmish_rolls(campaign)
    fire_rolls = [r for r in rolls if r["expression"] == "1d10"]
    assert fire_rolls and all(1 <= r["total"] <= 10 for r in fire_rolls)
    dice_in_events = sum(len(r["dice"]) for r in rolls)
    assert dice_in_events == len(rolls)
    with pytest.raises(RulesError, match="game is over"):
        play_automatic(campaign, game)


def test_the_rest_of_a_turn_is_one_undo_step(campaign: Campaign) -> None:
    game = start_game(campaign, torga_iv(), SOLO).game
    played = play_rest_of_turn(campaign, game)
    assert played.game.state.turn == 2 or played.game.state.over
    acted = [line for line in played.lines if line.kind in (MOVE, FIRE, HOLD, "aim")]
    assert len(acted) >= len(torga_iv().forces)
    assert all(line.auto for line in played.lines)
    assert played.label.startswith("Automatic play to the end of turn 1")
    undo_game(campaign)
    assert load_game(campaign) == game


def test_fire_roll_entry_carries_the_shot(campaign: Campaign) -> None:
    game = start_game(campaign, torga_iv(), MANUAL).game
    # Let the automatic players close in until the acting figure has a shot.
    while not game.state.over:
        fig = ready_figures(game.state)[0]
        found = shots(game.state, fig.id)
        if found:
            break
        game = play_automatic(campaign, game).game
    shot = found[0]
    played = play(campaign, game, Action(FIRE, fig.id, shot.target))
    fire_line = next(line for line in played.lines if line.kind == FIRE)
    entry = played.rolls[0]
    assert entry["for"] == fire_line.text and entry["expression"] == "1d10"
    assert f"rolled {entry['total']}:" in fire_line.text
    assert fig.name in entry["for"]


def test_hand_to_hand_rolls_two_dice_named_by_role() -> None:
    event = Event(HAND_TO_HAND, "Worf attacks First hand-to-hand.", "worf", "first", (7, 3))
    entries = roll_entries(torga_iv(), [event, Event(HOLD, "Dax holds.", "dax")])
    assert [e["total"] for e in entries] == [7, 3]
    assert entries[0]["for"].endswith("(attacker's die)")
    assert entries[1]["for"].endswith("(defender's die)")
    assert all(e["expression"] == "1d10" and e["source"] == ROLL_SOURCE for e in entries)


def test_an_event_with_unknown_dice_is_refused() -> None:
    with pytest.raises(StoreError, match="cannot name"):
        roll_entries(torga_iv(), [Event("earthquake", "The ground shakes.", rolls=(4,))])
    with pytest.raises(StoreError, match="rolled 1 dice, expected 2"):
        roll_entries(torga_iv(), [Event(HAND_TO_HAND, "x", "worf", "first", (4,))])


def test_a_failed_save_leaves_its_rolls_undone(
    campaign: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_save(*_args: object, **_kwargs: object) -> None:
        raise StoreError("disk full")

    monkeypatch.setattr(Tracker, "save", broken_save)
    with pytest.raises(StoreError, match="disk full"):
        start_game(campaign, torga_iv(), SOLO)
    rolls = skirmish_rolls(campaign)
    assert len(rolls) == 1 and rolls[0]["undone"] is True


def test_undo_marks_the_actions_dice_undone(campaign: Campaign) -> None:
    game = start_game(campaign, torga_iv(), AUTOMATIC).game
    while not any(r["expression"] == "1d10" for r in skirmish_rolls(campaign)):
        played = play_automatic(campaign, game)
        game = played.game
    ids = [r["id"] for r in played.rolls]
    undone = undo_game(campaign)
    assert undone is not None and undone.roll_ids == ids
    by_id = {r["id"]: r for r in campaign.roll_log()}
    assert all(by_id[i]["undone"] for i in ids)


def test_action_labels_name_figures_and_targets() -> None:
    state = new_game(torga_iv(), random.Random(1), game_options(torga_iv(), MANUAL))[0]
    assert (
        action_label(state, Action(FIRE, "worf", "first"))
        == "Lt Cmdr Worf fires at Jem'Hadar First"
    )
    assert "hand-to-hand" in action_label(state, Action(HAND_TO_HAND, "worf", "first"))
    assert action_label(state, Action(HOLD, "dax")) == "Lt Jadzia Dax holds"


# -- other scenarios and damaged files --------------------------------------------------------


def test_a_gm_scenario_travels_inside_the_saved_game(campaign: Campaign, tmp_path: Path) -> None:
    text = (tables_dir() / "scenarios" / "torga_iv.yaml").read_text(encoding="utf-8")
    copy = tmp_path / "night_raid.yaml"
    copy.write_text(text.replace('name: "Torga IV: the crashed ship"', 'name: "Night raid"'))
    start_game(campaign, load_scenario(copy), MANUAL)
    copy.write_text("this file is gone: [")
    again = load_game(campaign)
    assert again is not None and again.scenario.name == "Night raid"
    assert again.scenario.source == str(copy)


def test_a_damaged_saved_game_is_reported_and_left_alone(campaign: Campaign) -> None:
    game = start_game(campaign, torga_iv(), MANUAL).game
    broken = game.to_dict()
    broken["game"]["figures"] = broken["game"]["figures"][:3]
    skirmish_tracker(campaign).save(broken, "damaged by hand")
    with pytest.raises(StoreError, match=r"trackers/skirmish.json: the saved skirmish"):
        load_game(campaign)
    assert skirmish_tracker(campaign).load() == broken


def test_undo_goes_back_a_bounded_number_of_actions(campaign: Campaign) -> None:
    game = start_game(campaign, torga_iv(), AUTOMATIC).game
    for _ in range(UNDO_DEPTH + 5):
        game = play_automatic(campaign, game).game
    steps = 0
    while undo_game(campaign) is not None:
        steps += 1
    assert steps == UNDO_DEPTH
    assert load_game(campaign) is not None  # the oldest kept state, not an empty campaign


def test_log_lines_round_trip() -> None:
    line = LogLine(FIRE, "Sisko fires.", True)
    assert LogLine.from_list(json.loads(json.dumps(line.to_list()))) == line


def test_no_game_reads_as_none(campaign: Campaign) -> None:
    assert load_game(campaign) is None
    assert undo_game(campaign) is None


def test_the_automatic_player_matches_the_store(campaign: Campaign) -> None:
    """g plays what the rules' automatic player chooses (no second opinion in the store)."""
    game = start_game(campaign, torga_iv(), AUTOMATIC).game
    expected = automatic_player(game.state)
    played = play_automatic(campaign, game)
    assert played.label.startswith(action_label(game.state, expected))
