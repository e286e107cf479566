"""The standing line in words (tui.skirmish_standing): fits 80 columns, says the ending; in
the tab, the end reason of a game played out and the board locked."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from textual.widgets import Static

from gmtool.rules.skirmish import new_game, torga_iv
from gmtool.rules.skirmish.outcome import EndReason, ending, standing
from gmtool.rules.tables import tables_dir
from gmtool.store.skirmish import AUTOMATIC, MANUAL, skirmish_tracker
from gmtool.tui.app import GmApp
from gmtool.tui.tabs.torga.pane import SkirmishPane
from gmtool.tui.tabs.torga.standing import standing_text
from tests.rules.test_skirmish_outcome import fell, play_to_the_victory_turn
from tests.tui.conftest import footer_keys
from tests.tui.drawn import done
from tests.tui.test_skirmish_tab import open_tab, shown, start


def test_the_standing_line_in_words_at_80_columns() -> None:
    state, _ = new_game(torga_iv(), random.Random(0))
    fell(state, "worf", "dax", "obrien", "crewman_1")
    players = {"federation": "GM", "jemhadar": "app"}
    text = standing_text(standing(state), state.scenario, players, 80).plain
    first, second = text.split("\n")
    assert first == "Turn 1 of 10 · Federation to act (GM), action point 1"
    # the full wording is 89 characters: at 80 columns it says the same in fewer words
    assert (
        second == "Federation 3 standing, needs 4 at turn 10: cannot win now · Jem'Hadar 6 standing"
    )
    assert len(standing_text(standing(state), state.scenario, players, 78).plain) <= 2 * 78
    assert standing_text(standing(state), state.scenario, players, 78).plain.split("\n")[1] == (
        "Federation 3 standing, needs 4: cannot win now · Jem'Hadar 6 standing"
    )
    wide = standing_text(standing(state), state.scenario, players, 120).plain
    assert "the Defiant arrives when turn 10 begins" in wide.split("\n")[0]
    assert wide.split("\n")[1] == (
        "Federation 3 standing, needs 4 when turn 10 begins: cannot win now · Jem'Hadar 6 standing"
    )
    play_to_the_victory_turn(state)
    first, second = standing_text(standing(state), state.scenario, players, 80).plain.split("\n")
    assert first.startswith("Game over at turn 10: Jem'Hadar win · n starts a new game")
    assert len(first) <= 80
    assert second == "Turn 10 began with only 3 Federation standing (4 needed)."
    wide = standing_text(standing(state), state.scenario, players, 120).plain.split("\n")[1]
    assert wide == (
        "Turn 10 began with only 3 Federation standing (4 needed): the Defiant came too late."
    )


# -- in the tab ------------------------------------------------------------------------------


def _line(pane: SkirmishPane) -> list[str]:
    return shown(pane.query_one("#sk-standing", Static)).split("\n")


async def test_the_tab_says_how_the_game_ended_and_locks_the_board(
    app_factory: Callable[..., GmApp], tmp_path: Path
) -> None:
    # a copy of Torga IV in which the Defiant comes when turn 2 begins: the game is decided
    # by the count then, nobody being wiped out in one turn
    text = (tables_dir() / "scenarios" / "torga_iv.yaml").read_text(encoding="utf-8")
    quick = tmp_path / "quick.yaml"
    quick.write_text(text.replace("victory: {turn: 10,", "victory: {turn: 2,"), encoding="utf-8")
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, AUTOMATIC, quick)
        assert _line(pane)[0] == "Turn 1 of 2 · Federation to act (app), action point 1"
        await pilot.press("G")
        await done(pilot)
        assert pane.game is not None and pane.game.state.over
        end = ending(pane.game.state)
        assert end is not None and end.reason in (EndReason.HELD_OUT, EndReason.FELL_SHORT)
        first, second = _line(pane)
        winner = pane.game.state.scenario.side(end.winner).name
        assert first.startswith(f"Game over at turn 2: {winner} win · n starts a new game")
        assert second.startswith(f"Turn 2 began with {'only ' * (end.standing < 4)}{end.standing}")
        assert f"({end.needed} needed)" in second and len(second) <= 80
        # the board is locked: the footer offers a new game, the log and the odds, no moves
        keys = footer_keys(app)
        assert {"n", "r", "e", "ctrl+z"} <= keys
        assert not keys & {"f", "m", "a", "h", "p", "space", "g", "G", "tab", "o"}
        await pilot.press("f", "m", "space")  # nothing happens on a locked board
        await done(pilot)
        assert pane.game.state.over and _line(pane)[0] == first


async def test_below_the_count_the_line_says_so_whole_at_80x24(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, MANUAL)
        assert pane.game is not None
        data = pane.game.to_dict()
        for figure in data["game"]["figures"]:
            if figure["id"] in ("worf", "dax", "obrien", "crewman_1"):
                figure["wounds"], figure["fallen"] = figure["action_points"], True
        skirmish_tracker(pane.campaign).save(data, "four Federation figures fall")
        pane.load()
        await done(pilot)
        widget = pane.query_one("#sk-standing", Static)
        second = _line(pane)[1]
        assert second.startswith("Federation 3 standing, needs 4") and "cannot win now" in second
        assert len(second) <= widget.size.width and widget.region.height == 2


def test_with_no_game_the_tab_says_how_to_start_one_once() -> None:
    """The line under the map says what the map shows; the status line alone says n starts a
    game (the tab said it three times)."""
    from gmtool.tui.tabs.torga.view import loaded_words, standing_line

    under_map = str(standing_line(None, 80)).lower()
    assert "deployment" in under_map and "press n" not in under_map
    assert "press n" in loaded_words(None)
