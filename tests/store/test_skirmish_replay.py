"""A skirmish game's replay file: one line per saved step, cut back after an undo, read back
step by step, and the whole log exported as Markdown."""

from __future__ import annotations

import pytest

from gmtool.rules.skirmish import torga_iv
from gmtool.store import Campaign
from gmtool.store.skirmish import (
    AUTOMATIC,
    LOG_LIMIT,
    load_game,
    orphan_replays,
    play_automatic,
    play_rest_of_turn,
    start_game,
    undo_game,
)
from gmtool.store.skirmish_replay import REPLAY_FOLDER, export_game, game_steps, replay_path


def test_every_saved_step_is_replayed_in_order(campaign: Campaign) -> None:
    game = start_game(campaign, torga_iv(), AUTOMATIC).game
    assert game.game_id == "1"
    labels = ["New game"]
    states = [game.state.to_dict()]
    while not game.state.over:
        played = play_rest_of_turn(campaign, game)
        game = played.game
        labels.append(played.label)
        states.append(game.state.to_dict())
    steps = game_steps(campaign, game)
    assert len(steps) == len(labels)
    assert steps[0].label.startswith("New game") and steps[0].state.turn == 1
    assert [s.label for s in steps[1:]] == labels[1:]
    assert [s.state.to_dict() for s in steps] == states
    assert steps[-1].state.over and steps[-1].lines[-1][0] == "victory"


def test_an_undone_step_leaves_the_replay_and_the_next_one_replaces_it(
    campaign: Campaign,
) -> None:
    game = start_game(campaign, torga_iv(), AUTOMATIC).game
    game = play_automatic(campaign, game).game
    kept = game.replay_bytes
    game = play_automatic(campaign, game).game
    assert replay_path(campaign, game.game_id).stat().st_size > kept
    undo_game(campaign)
    game = load_game(campaign)
    assert game is not None and game.replay_bytes == kept
    assert len(game_steps(campaign, game)) == 2  # the undone step is not replayed
    game = play_automatic(campaign, game).game
    assert len(game_steps(campaign, game)) == 3
    assert replay_path(campaign, game.game_id).stat().st_size == game.replay_bytes


def test_a_new_game_has_its_own_replay_and_undo_brings_the_old_one_back(
    campaign: Campaign,
) -> None:
    first = play_automatic(campaign, start_game(campaign, torga_iv(), AUTOMATIC).game).game
    second = start_game(campaign, torga_iv(), AUTOMATIC).game
    assert second.game_id == "2" and len(game_steps(campaign, second)) == 1
    undo_game(campaign)
    back = load_game(campaign)
    assert back is not None and back.game_id == first.game_id
    assert len(game_steps(campaign, back)) == 2


def test_the_whole_log_is_exported_as_markdown(campaign: Campaign) -> None:
    game = start_game(campaign, torga_iv(), AUTOMATIC).game
    while not game.state.over:
        game = play_rest_of_turn(campaign, game).game
    path = export_game(campaign, game)
    assert path == campaign.folder / "exports" / "skirmish-1.md"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Torga IV: the crashed ship\n")
    assert "## Turn 1 begins." in text and "## Turn 2 begins." in text
    assert "Ended at turn" in text
    bullets = [line for line in text.splitlines() if line.startswith("- ")]
    events = [
        line
        for step in game_steps(campaign, game)
        for line in step.lines
        if line[0] not in ("turn", "victory")
    ]
    # every event of the game is a line, not only the tab's last LOG_LIMIT lines
    assert len(bullets) == len(events) and len(game.log) <= LOG_LIMIT


def test_a_start_cut_short_leaves_no_replay(
    campaign: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33, item 8: the first step's replay file is saved with the start's commit, so a
    start killed before it (here: its tracker save fails) leaves no file nothing names."""
    from gmtool.actions import skirmish as act
    from gmtool.store.tracker import Tracker

    def killed(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Tracker, "save", killed)
    with pytest.raises(KeyboardInterrupt):
        act.start(campaign, torga_iv(), AUTOMATIC)
    assert not (campaign.folder / REPLAY_FOLDER).exists() or not any(
        (campaign.folder / REPLAY_FOLDER).iterdir()
    )
    monkeypatch.undo()
    game = act.start(campaign, torga_iv(), AUTOMATIC).game
    assert replay_path(campaign, game.game_id).stat().st_size == game.replay_bytes
    assert orphan_replays(campaign) == []


def test_orphan_replays_are_those_no_game_names(campaign: Campaign) -> None:
    first = start_game(campaign, torga_iv(), AUTOMATIC).game
    second = start_game(campaign, torga_iv(), AUTOMATIC).game  # undo brings the first back
    stray = campaign.folder / REPLAY_FOLDER / "skirmish-9.jsonl"
    stray.write_text("{}\n")
    assert orphan_replays(campaign) == [stray]
    assert {first.game_id, second.game_id} == {"1", "2"}


def test_two_steps_in_one_action_both_reach_the_new_replay(campaign: Campaign) -> None:
    with campaign.transaction():
        game = start_game(campaign, torga_iv(), AUTOMATIC).game
        game = play_automatic(campaign, game).game
    assert replay_path(campaign, game.game_id).stat().st_size == game.replay_bytes
    assert len(game_steps(campaign, game)) == 2


def test_a_game_pushed_out_of_the_undo_window_takes_its_replay_with_it(
    campaign: Campaign,
) -> None:
    """Issue 33: many games started in a row left replays nothing names (doctor: dirty)."""
    from gmtool.actions import skirmish as game_actions
    from gmtool.rules.skirmish import torga_iv
    from gmtool.store.doctor import examine
    from gmtool.store.skirmish import AUTOMATIC, UNDO_DEPTH

    for _ in range(UNDO_DEPTH + 2):
        game_actions.start(campaign, torga_iv(), AUTOMATIC)
    assert examine(campaign) == []
    assert len(list((campaign.folder / "replays").glob("*.jsonl"))) == UNDO_DEPTH + 1
