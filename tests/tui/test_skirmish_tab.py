"""The Torga IV tab, driven like a GM: games played by key, saved after every action, resumed
after a restart, undone; the simulation in a worker; the map at both terminal sizes."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from gmtool.rules.skirmish import SimulationSummary, new_game, shots, simulate, torga_iv
from gmtool.rules.tables import tables_dir
from gmtool.store import open_campaign
from gmtool.store.skirmish import (
    AUTOMATIC,
    MANUAL,
    ROLL_SOURCE,
    SOLO,
    game_options,
    load_game,
    skirmish_tracker,
)
from gmtool.tui.app import GmApp
from gmtool.tui.footer import KeyFooter
from gmtool.tui.tabs import TAB_CLASSES
from gmtool.tui.tabs.torga.chart import SimulationPanel, bar, chart_text, progress_text
from gmtool.tui.tabs.torga.log import GameLog, log_text
from gmtool.tui.tabs.torga.map import (
    MapView,
    choose_scale,
    draw,
    figure_symbols,
    grid_size,
    legend,
    short_name,
)
from gmtool.tui.tabs.torga.new_game import NewGameScreen
from gmtool.tui.tabs.torga.pane import TAB_ID, SkirmishPane
from gmtool.tui.tabs.torga.view import MOVING, PICKING, parse_point
from tests.tui.conftest import footer_keys
from tests.tui.drawn import done

MODE_INDEX = {SOLO: 0, MANUAL: 1, AUTOMATIC: 2}


async def open_tab(app: GmApp, pilot: Pilot) -> SkirmishPane:
    app.show_tab(TAB_ID)
    await done(pilot)  # the tab built, read and with the cursor
    pane = app.ensure_tab_built(TAB_ID)
    assert isinstance(pane, SkirmishPane)
    return pane


async def start(pilot: Pilot, mode: str, scenario_file: Path | None = None) -> None:
    """n, choose who plays (and a file), enter."""
    await pilot.press("n")
    await done(pilot)
    assert isinstance(pilot.app.screen, NewGameScreen)
    for _ in range(MODE_INDEX[mode]):
        await pilot.press("down")
    if scenario_file is None:
        await pilot.press("enter")
    else:
        await pilot.press("tab")
        pilot.app.screen.query_one("#ng-file", Input).value = str(scenario_file)
        await pilot.press("enter")
    await done(pilot)


def status(pane: SkirmishPane) -> Static:
    return pane.query_one("#sk-status", Static)


def shown(widget: Static) -> str:
    return str(widget.render())


def saved_game(path: Path):
    c = open_campaign(path, readonly=True)
    try:
        return load_game(c), [e for e in c.roll_log() if e.get("source") == ROLL_SOURCE]
    finally:
        c.close()


def test_the_tab_comes_sixth_before_the_journal() -> None:
    assert (TAB_CLASSES[5].module, TAB_CLASSES[5].cls) == (
        "gmtool.tui.tabs.torga.pane",
        "SkirmishPane",
    )
    assert TAB_CLASSES[-1].module.startswith("gmtool.tui.tabs.journal")


def test_every_palette_entry_and_key_is_an_action() -> None:
    for _title, _help, action in SkirmishPane.palette_commands():
        assert callable(getattr(SkirmishPane, f"action_{action.split('(')[0]}")), action
    for binding in SkirmishPane.BINDINGS:
        action = binding.action.split("(")[0]
        assert callable(getattr(SkirmishPane, f"action_{action}")), action
    keys = SkirmishPane.keys_help()
    for key in ("n", "f", "m", "a", "h", "p", "space", "g", "ctrl+z", "ctrl+y", "s", "tab"):
        assert f"| {key}" in keys, key


# -- a whole game ---------------------------------------------------------------------------


async def test_full_game_quit_mid_game_resume_and_finish(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    path = app.campaign.folder
    async with app.run_test(size=(120, 36)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, AUTOMATIC)
        assert pane.game is not None and pane.game.mode == AUTOMATIC
        # a manual move first: three inches east with the cursor
        await pilot.press("m", "right", "right", "right")
        await done(pilot)
        assert pane.mode == MOVING and "allowed" in shown(pane.query_one("#sk-action", Static))
        await pilot.press("enter")
        await done(pilot)
        assert pane.game.state.figure("sisko").x == 27.0
        for _ in range(25):
            await pilot.press("g")
        await done(pilot)
        middle = pane.game.to_dict()
        assert not pane.game.state.over
        log_lines = len(pane.query_one("#sk-log", GameLog).lines)
    saved, _rolls = saved_game(path)
    assert saved is not None and saved.to_dict() == middle

    again = app_factory(path)
    async with again.run_test(size=(120, 36)) as pilot:
        pane = await open_tab(again, pilot)
        assert pane.game is not None and pane.game.to_dict() == middle
        assert "resumed" in shown(status(pane))
        assert len(pane.query_one("#sk-log", GameLog).lines) == log_lines
        # two more activations one by one, then the rest turn by turn (G)
        await pilot.press("g", "g")
        presses = 0
        while not pane.game.state.over:
            turn = pane.game.state.turn
            await pilot.press("G")
            presses += 1
            assert presses < 12
            assert pane.game.state.turn > turn or pane.game.state.over
            assert "Automatic play to the end of turn" in shown(status(pane))
        await done(pilot)
        line = shown(pane.query_one("#sk-standing", Static))
        winner = pane.game.state.scenario.side(pane.game.state.winner).name
        assert f"{winner} win" in line and "n starts a new game" in line
        # the board is locked: no key plays, and the footer's n says it starts again
        keys = footer_keys(again)
        assert not keys & {"f", "m", "a", "h", "p", "space", "g", "G", "tab"}
        footer = again.screen.query_one(KeyFooter)
        assert [i.description for i in footer.items() if i.key == "n"] == ["New game: start again"]
        ended = pane.game.to_dict()
        await pilot.press("g", "f", "space")
        await done(pilot)
        assert pane.game.to_dict() == ended
    saved, rolls = saved_game(path)
    assert saved is not None and saved.state.over and saved.log[-1].kind == "victory"
    assert rolls and all(r["kind"] == "dice" for r in rolls)


async def test_manual_moves_typed_and_fire_at_a_target(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    path = app.campaign.folder
    async with app.run_test(size=(120, 36)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, MANUAL)
        assert pane.game is not None and pane.selected == "sisko"
        # typed destination: the figure's position is offered, typing replaces it
        await pilot.press("m", "t")
        await pilot.press(*"26,34")
        await done(pilot)
        assert pane.cursor == (26.0, 34.0)
        assert "2.2 in" in shown(pane.query_one("#sk-action", Static))
        await pilot.press("enter")
        await done(pilot)
        assert (pane.game.state.figure("sisko").x, pane.game.state.figure("sisko").y) == (26, 34)
        assert pane.mode != MOVING
        # let the automatic players close in until the acting figure has a shot
        await pilot.press("G")
        presses = 0
        while not shots(pane.game.state, pane.selected):
            await pilot.press("g")
            presses += 1
            assert presses < 200 and not pane.game.state.over
        shooter = pane.game.state.figure(pane.selected)
        await pilot.press("f")
        await done(pilot)
        assert pane.mode == PICKING
        panel = shown(pane.query_one("#sk-action", Static))
        first = shots(pane.game.state, shooter.id)[0]
        assert f"d10 ≤ {first.needed}: {round(first.chance * 100)}% to hit" in panel
        rolls_before = len(saved_game(path)[1])
        await pilot.press("enter")
        await done(pilot)
    saved, rolls = saved_game(path)
    assert saved is not None
    fire = next(line for line in saved.log if line.kind == "fire" and shooter.name in line.text)
    assert len(rolls) == rolls_before + 1 and rolls[0]["for"] == fire.text


async def test_hand_to_hand_and_picking_up_a_weapon(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    path = app.campaign.folder
    async with app.run_test(size=(120, 36)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, MANUAL)
        # The GM sets the table by hand: the First in base contact with Sisko, a dropped
        # energy rifle at Worf's feet (saved, then read back as after a restart).
        data = pane.game.to_dict()
        figures = {f["id"]: f for f in data["game"]["figures"]}
        figures["first"]["x"], figures["first"]["y"] = 25.0, 33.0
        data["game"]["dropped"] = [{"id": "w1", "weapon": "energy_rifle", "x": 24.5, "y": 36.5}]
        data["game"]["next_drop"] = 2
        skirmish_tracker(app.campaign).save(data, "set the table")
        pane.load()
        await pilot.pause()
        rolls_before = len(saved_game(path)[1])
        await pilot.press("h")
        await done(pilot)
        assert pane.mode == PICKING and "Sisko d10 +1 against First d10 +2" in shown(
            pane.query_one("#sk-action", Static)
        )
        await pilot.press("enter")
        await done(pilot)
        saved, rolls = saved_game(path)
        assert len(rolls) == rolls_before + 2
        assert rolls[1]["for"].endswith("(attacker's die)")
        assert rolls[0]["for"].endswith("(defender's die)")
        assert any(line.kind == "hand_to_hand" for line in saved.log)
        # the Jem'Hadar hold, then Worf picks up the rifle
        await pilot.press("space")
        await done(pilot)
        assert pane.selected == "worf"
        await pilot.press("p")
        await done(pilot)
        assert "energy rifle" in shown(pane.query_one("#sk-action", Static))
        await pilot.press("enter")
        await done(pilot)
        assert pane.game.state.figure("worf").weapon == "energy_rifle"
        assert [d.weapon for d in pane.game.state.dropped] == ["phaser_rifle"]


async def test_refusals_say_why_and_save_nothing(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    path = app.campaign.folder
    async with app.run_test(size=(120, 36)) as pilot:
        pane = await open_tab(app, pilot)
        # With no game, the keys that need one are not offered, and pressed they say why.
        assert {"n", "s", "v"} <= footer_keys(app) and "f" not in footer_keys(app)
        await pilot.press("f")
        await done(pilot)
        assert pane.state is None and shown(status(pane)) == "No game in play: n starts one."
        await start(pilot, MANUAL)
        before = saved_game(path)
        await pilot.press("m", "t", *"80,10", "enter")
        await done(pilot)
        assert "Not moved: that is off the table" in shown(status(pane))
        await pilot.press("escape", "escape")
        await done(pilot)
        assert pane.mode != MOVING
        # nobody in range, in contact or near a dropped weapon: f, h, p are not offered,
        # and pressed they say why and pick nothing
        assert not {"f", "h", "p"} & footer_keys(app)
        for key in ("f", "h", "p"):
            await pilot.press(key)
            await done(pilot)
            assert pane.mode != PICKING
            assert "cannot" in shown(status(pane)) and status(pane).has_class("error")
        assert saved_game(path) == before


async def test_undo_steps_back_one_action_at_a_time(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    path = app.campaign.folder
    async with app.run_test(size=(120, 36)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, SOLO)
        await pilot.press("space")  # Sisko holds; the Jem'Hadar answer at once
        await done(pilot)
        assert pane.game is not None
        assert any(line.auto for line in pane.game.log)
        assert pane.game.state.side_to_act == "federation"
        held = saved_game(path)
        await pilot.press("ctrl+z")
        await done(pilot)
        assert "Undone: Captain Benjamin Sisko holds" in shown(status(pane))
        assert pane.game.state.figure("sisko").spent == 0
        _, rolls = saved_game(path)
        assert len(rolls) == len(held[1])  # the dice stay in the log ...
        assert all(not r.get("undone") for r in rolls)  # (the hold rolled none)
        await pilot.press("ctrl+z")
        await done(pilot)
        assert pane.game is None
        assert "No game" in shown(pane.query_one("#sk-standing", Static))
        _, rolls = saved_game(path)
        assert rolls and all(r["undone"] for r in rolls)  # ... the solo order die undone
        # nothing left to take back: ctrl+z is no longer offered, and pressed it says so
        assert "ctrl+z" not in footer_keys(app)
        await pilot.press("ctrl+z")
        await done(pilot)
        assert shown(status(pane)) == "Nothing to undo here." and pane.game is None


async def test_a_bad_scenario_file_gives_the_message_and_changes_nothing(
    app_factory: Callable[..., GmApp], tmp_path: Path
) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("name: [unclosed\n", encoding="utf-8")
    app = app_factory()
    path = app.campaign.folder
    async with app.run_test(size=(120, 36)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, MANUAL)
        before = saved_game(path)
        await start(pilot, SOLO, scenario_file=bad)
        assert isinstance(app.screen, NewGameScreen)
        error = shown(app.screen.query_one("#ng-error", Static))
        assert "Not started" in error and "broken.yaml" in error
        await pilot.press("escape", "y")  # a file was typed: Escape asks first
        await done(pilot)
        assert not isinstance(app.screen, NewGameScreen)
        assert "unchanged" in shown(status(pane))
        assert saved_game(path) == before
        assert pane.game is not None and pane.game.mode == MANUAL


async def test_a_second_scenario_file_plays_in_the_same_tracker(
    app_factory: Callable[..., GmApp], tmp_path: Path
) -> None:
    text = (tables_dir() / "scenarios" / "torga_iv.yaml").read_text(encoding="utf-8")
    copy = tmp_path / "canyon.yaml"
    copy.write_text(
        text.replace('name: "Torga IV: the crashed ship"', 'name: "The canyon"').replace(
            "start: [24, 33]", "start: [30, 33]"
        ),
        encoding="utf-8",
    )
    app = app_factory()
    async with app.run_test(size=(120, 36)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, SOLO, scenario_file=copy)
        assert pane.game is not None and pane.game.scenario.name == "The canyon"
        assert pane.game.state.figure("sisko").x == 30
        assert pane.query_one("#sk-map").border_title == "The canyon"
        assert "New game: The canyon" in shown(status(pane))


async def test_simulation_runs_in_a_worker_and_draws_its_chart(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(120, 36)) as pilot:
        pane = await open_tab(app, pilot)
        pane.simulation_games = 60
        await pilot.press("s")
        worker = pane.query_one(SimulationPanel).worker
        assert worker is not None and worker._thread_worker
        await app.workers.wait_for_complete()
        await done(pilot)
        chart = pane.query_one("#sk-sim")
        assert chart.summary is not None and chart.summary.games == 60
        assert "Balance: 60 games" in str(chart.render())
        assert "Simulation done" in shown(status(pane))
        # the game goes on: the tab still answers keys, and v brings the roster back
        await pilot.press("v")
        await done(pilot)
        assert pane.query_one("#sk-side").current == "sk-table"


async def test_side_panel_views_and_log_paging(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, AUTOMATIC)
        await pilot.press("G")
        await pilot.pause()
        roster = pane.query_one("#sk-roster-box")
        side = pane.query_one("#sk-side")
        log = pane.query_one("#sk-log", GameLog)
        assert roster.display and side.current == "sk-table"
        await pilot.press("v")  # the log alone: room for it at 80x24
        await done(pilot)
        assert not roster.display and log.size.height > 10
        newest = str(log.render())
        await pilot.press("pageup")
        await done(pilot)
        assert log.back > 0 and "more below (pgdn)" in str(log.render())
        await pilot.press("pagedown")
        await done(pilot)
        assert log.back == 0 and str(log.render()) == newest
        await pilot.press("v")
        await done(pilot)
        assert side.current == "sk-sim"
        await pilot.press("v")
        await done(pilot)
        assert side.current == "sk-table" and roster.display


# -- pieces ---------------------------------------------------------------------------------


def test_points_parse_as_x_comma_y() -> None:
    assert parse_point("27, 31.5") == (27.0, 31.5)
    assert parse_point("27 31") == (27.0, 31.0)
    assert parse_point("27") is None and parse_point("a,b") is None


def test_map_scale_fits_both_terminal_sizes() -> None:
    # the tab leaves 44 columns and 12 rows for the rest (see SkirmishMap.reserve)
    assert choose_scale(72, 48, 120 - 44, 36 - 12) == 1.0
    assert choose_scale(72, 48, 80 - 44, 24 - 12) == 2.0
    assert grid_size(72, 48, 1.0) == (72, 24) and grid_size(72, 48, 2.0) == (36, 12)


def test_map_draws_terrain_and_figures_where_they_stand() -> None:
    scenario = torga_iv()
    state = new_game(scenario, random.Random(0), game_options(scenario, MANUAL))[0]
    grid = draw(MapView(state, "sisko", frozenset({"sisko", "worf"})), 1.0)
    assert len(grid) == 24 and len(grid[0]) == 72
    assert grid[0][10][0] == "█"  # north rock wall
    assert grid[12][10][0] == "▓"  # the ship's hull
    assert grid[5][40][0] == "▒"  # a boulder at (40, 10)
    sisko = grid[int(33 / 2)][24]
    assert sisko[0] == "S" and sisko[1].reverse
    worf = grid[int(36.5 / 2)][24]
    assert worf[0] == "W" and worf[1].underline and not worf[1].reverse


def test_figures_are_told_apart_without_colour() -> None:
    scenario = torga_iv()
    symbols = figure_symbols(scenario)
    # one glyph per figure over the whole table: crewman 1 and soldier 1 differ
    assert len(set(symbols.values())) == len(scenario.forces)
    assert (symbols["crewman_1"], symbols["soldier_1"], symbols["first"]) == ("1", "a", "f")
    assert symbols["sisko"] == "S" and symbols["soldier_5"] == "e"
    state = new_game(scenario, random.Random(0), game_options(scenario, MANUAL))[0]
    state.figure("crewman_1").wounds = 1
    state.figure("soldier_1").wounds = 1
    plain = ["".join(glyph for glyph, _style in row) for row in draw(MapView(state), 1.0)]
    # the wound marker beside the figure, in the cell east of it (open ground there)
    assert plain[int(5 / 2)][24:26] == "1¹" and plain[int(12 / 2)][69:71] == "a¹"


def test_figures_sharing_a_cell_are_both_drawn() -> None:
    scenario = torga_iv()
    state = new_game(scenario, random.Random(0), game_options(scenario, MANUAL))[0]
    worf = state.figure("worf")
    worf.x, worf.y = 24.5, 33.5  # the same 2x4 inch cell as Sisko at (24, 33)
    glyphs = "".join(g for row in draw(MapView(state, "sisko"), 2.0) for g, _ in row)
    assert "S" in glyphs and "W" in glyphs


def test_move_cursor_and_line_are_drawn() -> None:
    scenario = torga_iv()
    state = new_game(scenario, random.Random(0), game_options(scenario, MANUAL))[0]
    grid = draw(MapView(state, "sisko", cursor=(30.0, 33.0), cursor_ok=False), 1.0)
    row = grid[16]
    assert row[30][1].bgcolor is not None and row[27][0] == "·"


def test_short_names() -> None:
    assert short_name("Captain Benjamin Sisko") == "Sisko"
    assert short_name("Jem'Hadar soldier 3") == "soldier 3"


def test_log_lines_show_who_played_them() -> None:
    from gmtool.store.skirmish import LogLine

    assert log_text(LogLine("move", "First moves.", True)).plain.startswith("▸ ")
    assert log_text(LogLine("move", "Sisko moves.")).plain.startswith("• ")
    assert "Turn 2" in log_text(LogLine("turn", "Turn 2 begins.")).plain


def test_chart_draws_rates_intervals_and_standing() -> None:
    summary: SimulationSummary = simulate(torga_iv(), 40, 3)
    text = chart_text(summary, 44, needed=4).plain
    assert "Balance: 40 games" in text
    assert f"{summary.win_rate(0):.1%}" in text and "95%:" in text
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 44
    # the whole chart fits the 15 rows the panel has at 80x24
    assert len(chart_text(summary, 38, needed=4).plain.splitlines()) <= 15
    standing_rows = [line for line in lines if line[:2].strip().isdigit() and "│" not in line]
    assert len(standing_rows) >= len(summary.standing_distribution)
    assert bar(0.5, 10) == "█████" and bar(1 / 16, 8) == "▌" and bar(0.0, 5) == ""
    assert "20/40" in progress_text(20, 40, 30).plain


# -- snapshots ------------------------------------------------------------------------------


async def _solo_game_with_a_move_planned(pilot: Pilot) -> None:
    app = pilot.app
    assert isinstance(app, GmApp)
    await open_tab(app, pilot)
    await start(pilot, SOLO)
    await pilot.press("space", "m", "right", "right", "up")
    await done(pilot)


def test_snapshot_torga_tab_large(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    assert snap_compare(app, terminal_size=(120, 36), run_before=_solo_game_with_a_move_planned)


def test_snapshot_torga_tab_small(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    assert snap_compare(app, terminal_size=(80, 24), run_before=_solo_game_with_a_move_planned)


async def _automatic_game_played_out(pilot: Pilot) -> None:
    app = pilot.app
    assert isinstance(app, GmApp)
    pane = await open_tab(app, pilot)
    await start(pilot, AUTOMATIC)
    while pane.game is not None and not pane.game.state.over:
        await pilot.press("G")
    await done(pilot)


def test_snapshot_torga_game_over_large(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    assert snap_compare(app, terminal_size=(120, 36), run_before=_automatic_game_played_out)


def test_snapshot_torga_game_over_small(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    assert snap_compare(app, terminal_size=(80, 24), run_before=_automatic_game_played_out)


@pytest.mark.parametrize("width", range(20, 101))
def test_the_map_key_is_the_fullest_that_fits_never_cut(width: int) -> None:
    scenario = torga_iv()
    key = legend(scenario, 1.0, width)
    shortest = legend(scenario, 1.0, 0)
    assert len(key) <= width or key == shortest
    assert "cell 1x2 in" in legend(scenario, 1.0, 100)  # all of it where there is room


@pytest.mark.parametrize("scale", [1.0, 2.0, 3.0])
def test_a_figure_beside_a_wall_is_never_drawn_inside_it(scale: float) -> None:
    """Each standing figure set just outside each wall's left and right edges: on a map
    coarse enough that its cell is the wall's, it is drawn beside the wall, not in it."""
    from msgspec.structs import replace as copy

    from gmtool.rules.skirmish.geometry import WALL
    from gmtool.tui.tabs.torga.map import ROCK_WALL, WRECK_WALL, terrain_cells

    state, _ = new_game(torga_iv(), random.Random(1))
    scenario = state.scenario
    walls = [p for p in scenario.terrain if p.kind == WALL and p.shape == "rect"]
    terrain = terrain_cells(scenario.terrain, scenario.width, scenario.depth, scale)
    figure = next(f for f in state.figures if not f.fallen)
    for piece in walls:
        x1, y1, x2, y2 = piece.coords
        spots = [(x, y) for x in (x1 - 0.3, x2 + 0.3) for y in (y1 + 1, (y1 + y2) / 2, y2 - 1)]
        for x, y in spots:
            if not scenario.board.on_table(x, y) or scenario.board.piece_at(x, y) is not None:
                continue  # off the table, or in terrain: nowhere a figure stands
            moved = copy(figure, x=x, y=y)
            others = tuple(moved if f.id == figure.id else f for f in state.figures)
            grid = draw(MapView(copy(state, figures=others)), scale)
            symbol = figure_symbols(state.scenario)[figure.id]
            places = [
                (r, c) for r, row in enumerate(grid) for c, cell in enumerate(row)
                if cell[0] == symbol
            ]  # fmt: skip
            assert len(places) == 1, (piece.id, x, y)
            (row, col), *_ = places
            under = terrain[row][col][0]
            assert under not in (ROCK_WALL[0], WRECK_WALL[0]), (piece.id, x, y, scale)
