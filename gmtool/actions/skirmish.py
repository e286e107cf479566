"""Torga IV actions: start a game, play an action, let the app play, change the settings,
undo, redo. Each is one commit: the dice in the roll log and the game in its tracker are saved
together or not at all (the replay file is appended beside them; its saved length is kept
in the tracker, so a step that was not committed is never replayed).
"""

from __future__ import annotations

from pathlib import Path

from gmtool.actions.errors import refusals
from gmtool.rules.skirmish import Action, GameOptions, Scenario
from gmtool.store import skirmish as stored
from gmtool.store.campaign import Campaign
from gmtool.store.records import EngineState
from gmtool.store.skirmish import SKIRMISH_TRACKER, UNDO_DEPTH, Played, SkirmishGame
from gmtool.store.skirmish_replay import export_game
from gmtool.store.tracker import Tracker, UndoneAction


def start(campaign: Campaign, scenario: Scenario, mode: str) -> Played:
    """Deploy a new game (replacing any game in play; undo brings it back)."""
    with refusals(), campaign.transaction():
        return stored.start_game(campaign, scenario, mode)


def act(campaign: Campaign, game: SkirmishGame, action: Action) -> Played:
    """Play one action of a figure (and, in solo play, the app's reply)."""
    with refusals(), campaign.transaction():
        return stored.play(campaign, game, action)


def let_the_app_play(campaign: Campaign, game: SkirmishGame) -> Played:
    """The automatic player takes the activation now due, for either side."""
    with refusals(), campaign.transaction():
        return stored.play_automatic(campaign, game)


def play_rest_of_turn(campaign: Campaign, game: SkirmishGame) -> Played:
    """The automatic players take every activation left this turn, as one step."""
    with refusals(), campaign.transaction():
        return stored.play_rest_of_turn(campaign, game)


def change_settings(campaign: Campaign, game: SkirmishGame, options: GameOptions) -> Played:
    with refusals(), campaign.transaction():
        return stored.change_settings(campaign, game, options)


def export_log(campaign: Campaign, game: SkirmishGame) -> Path:
    """Write the game's whole log as Markdown under the campaign's exports/; its path."""
    with refusals(), campaign.transaction():
        return export_game(campaign, game)


def undo(campaign: Campaign) -> UndoneAction[EngineState] | None:
    """Step back one saved action (its rolls are marked undone); None: nothing to undo."""
    with refusals(), campaign.transaction():
        return stored.undo_game(campaign)


def redo(campaign: Campaign) -> UndoneAction[EngineState] | None:
    """Do the last undone action again, as it was saved: the GM's action and, in solo play,
    the app's reply (one step), with their dice unmarked, never rolled again; its replay
    steps are still in the game's file, counted again by the state's saved length. None:
    nothing was undone since the last action."""
    with refusals(), campaign.transaction():
        return Tracker[EngineState](campaign, SKIRMISH_TRACKER, depth=UNDO_DEPTH).redo()


def history(campaign: Campaign) -> tuple[str | None, str | None]:
    """(what undo would take back, what redo would do again): labels, None for nothing."""
    with refusals():
        tracker = Tracker[EngineState](campaign, SKIRMISH_TRACKER, depth=UNDO_DEPTH)
        record = tracker.record()
    undo, redo = record["undo"], record.get("redo", [])
    return (undo[-1]["label"] if undo else None, redo[-1]["label"] if redo else None)
