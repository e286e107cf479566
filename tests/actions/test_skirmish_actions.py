"""Torga IV through its actions, without a screen: each step one commit, refusals one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.actions import ActionRefused
from gmtool.actions import skirmish as game_actions
from gmtool.rules.skirmish import Action, torga_iv
from gmtool.rules.skirmish.engine import MOVE
from gmtool.store import Campaign
from gmtool.store.skirmish import AUTOMATIC, MANUAL, ROLL_SOURCE, SOLO, load_game
from gmtool.store.tracker import Tracker


def files(c: Campaign) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in c.folder.rglob("*.json") if "backups" not in p.parts}


def test_a_move_then_undo(campaign: Campaign) -> None:
    game = game_actions.start(campaign, torga_iv(), MANUAL).game
    played = game_actions.act(campaign, game, Action(MOVE, "sisko", x=27.0, y=33.0))
    assert played.game.state.figure("sisko").x == 27.0
    undone = game_actions.undo(campaign)
    assert undone is not None and undone.label == played.label
    back = load_game(campaign)
    assert back is not None and back.state.figure("sisko").x == game.state.figure("sisko").x


def test_a_refused_move_is_one_line_and_saves_nothing(campaign: Campaign) -> None:
    game = game_actions.start(campaign, torga_iv(), MANUAL).game
    before = files(campaign)
    with pytest.raises(ActionRefused):
        game_actions.act(campaign, game, Action(MOVE, "sisko", x=200.0, y=200.0))
    assert files(campaign) == before


def test_a_solo_step_that_fails_to_save_leaves_no_dice_behind(
    campaign: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = game_actions.start(campaign, torga_iv(), SOLO).game
    before = files(campaign)
    rolls_before = list(campaign.roll_log())

    def refused(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Tracker, "save", refused)  # the game is saved after its dice
    with pytest.raises(OSError):
        game_actions.play_rest_of_turn(campaign, game)
    monkeypatch.undo()
    assert files(campaign) == before
    assert list(campaign.roll_log()) == rolls_before


def test_the_app_plays_a_whole_turn_as_one_step(campaign: Campaign) -> None:
    game = game_actions.start(campaign, torga_iv(), AUTOMATIC).game
    played = game_actions.play_rest_of_turn(campaign, game)
    assert played.game.state.turn == game.state.turn + 1 or played.game.state.over
    assert [r for r in campaign.roll_log() if r.get("source") == ROLL_SOURCE]
    game_actions.undo(campaign)
    back = load_game(campaign)
    assert back is not None and back.state.turn == game.state.turn


def test_redo_brings_back_the_action_and_the_apps_reply_with_the_same_dice(
    campaign: Campaign,
) -> None:
    started = game_actions.start(campaign, torga_iv(), SOLO)
    played = game_actions.act(campaign, started.game, Action(MOVE, "sisko", x=27.0, y=33.0))
    replies = [line for line in played.lines if line.auto]
    assert replies, "in solo play the app answers the GM's move in the same step"
    rolls = list(campaign.roll_log())
    assert game_actions.history(campaign) == (played.label, None)

    undone = game_actions.undo(campaign)
    assert undone is not None and undone.label == played.label
    assert game_actions.history(campaign) == (started.label, played.label)
    assert all(r.get("undone") for r in campaign.roll_log() if r["id"] in undone.roll_ids)

    redone = game_actions.redo(campaign)
    assert redone is not None and redone.label == played.label
    back = load_game(campaign)
    assert back is not None
    assert back.state.to_dict() == played.game.state.to_dict()
    assert back.log == played.game.log  # the app's reply is back with the GM's move
    # the same dice, no longer marked undone, and none rolled again
    assert list(campaign.roll_log()) == rolls
    assert game_actions.history(campaign) == (played.label, None)
    assert game_actions.redo(campaign) is None


def test_a_new_action_after_an_undo_leaves_nothing_to_redo(campaign: Campaign) -> None:
    game = game_actions.start(campaign, torga_iv(), MANUAL).game
    game_actions.act(campaign, game, Action(MOVE, "sisko", x=27.0, y=33.0))
    game_actions.undo(campaign)
    again = load_game(campaign)
    assert again is not None
    game_actions.act(campaign, again, Action(MOVE, "sisko", x=26.0, y=33.0))
    assert game_actions.history(campaign)[1] is None
    assert game_actions.redo(campaign) is None
