"""The referee in the Torga IV tab: previews with their percentages before a shot and a
hand-to-hand attack, the line of fire on the map, cover from near the target only, and the
aim refused with the last action point. The GM sets the table by hand (saved, read back)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from textual.widgets import Static

from gmtool.rules.skirmish import hand_to_hand, torga_iv
from gmtool.store.skirmish import MANUAL, skirmish_tracker
from gmtool.tui.app import GmApp
from gmtool.tui.tabs.torga.map import FIRE_LINE, SkirmishMap, draw
from gmtool.tui.tabs.torga.pane import PICKING, SkirmishPane
from tests.tui.conftest import footer_keys
from tests.tui.drawn import done
from tests.tui.test_skirmish_tab import open_tab, saved_game, shown, start


def set_table(pane: SkirmishPane, **places: Any) -> None:
    """Move figures (id=(x, y) or (x, y, wounds)) and save, as a GM setting up a situation."""
    assert pane.game is not None
    data = pane.game.to_dict()
    figures = {f["id"]: f for f in data["game"]["figures"]}
    for fid, place in places.items():
        figures[fid]["x"], figures[fid]["y"] = float(place[0]), float(place[1])
        if len(place) > 2:
            figures[fid]["wounds"] = place[2]
    skirmish_tracker(pane.campaign).save(data, "set the table")
    pane.load()


def panel(pane: SkirmishPane) -> str:
    return shown(pane.query_one("#sk-action", Static))


async def test_fire_preview_shows_range_band_modifiers_chance_and_the_line(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(120, 36)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, MANUAL)
        # Sisko 14.6 in from soldier 5 in the open: phaser rifle 12-18 is 6, open -1: d10 ≤ 7
        set_table(pane, sisko=(36.0, 37.0), soldier_5=(50.5, 38.5))
        await pilot.pause()
        await pilot.press("f")
        await done(pilot)
        assert pane.mode == PICKING
        text = panel(pane)
        assert "soldier 5 70%" in text
        assert (
            "14.6 in (12-18 in), phaser rifle 6, target in the open -1 → d10 ≤ 7: 70% to hit"
            in text
        )
        # the line of fire runs across the map between the two figures
        view = pane.query_one("#sk-map", SkirmishMap).view
        assert view is not None and view.fire_line
        glyphs = "".join(glyph for row in draw(view, 1.0) for glyph, _style in row)
        assert glyphs.count(FIRE_LINE[0]) >= 10


async def test_cover_counts_only_near_the_target_and_at_80_columns_nothing_is_cut(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, MANUAL)
        # the boulder at (40, 38) right in front of Sisko: soldier 5 far behind it is in the open
        set_table(pane, sisko=(38.0, 38.0), soldier_5=(50.0, 38.0))
        await pilot.pause()
        await pilot.press("f")
        await done(pilot)
        assert "open -1" in panel(pane) and "cover" not in panel(pane)
        await pilot.press("escape")
        # soldier 5 crouched just behind the boulder (1.5 in from it): in cover
        set_table(pane, sisko=(30.0, 38.0), soldier_5=(43.0, 38.0))
        await pilot.pause()
        await pilot.press("f")
        await done(pilot)
        lines = panel(pane).split("\n")
        assert "cover" in lines[1] and "open" not in lines[1]
        assert "13.0 in (12-18 in)" in lines[1] and "d10 ≤ 6: 60% to hit" in lines[1]
        assert all(len(line) <= 80 for line in lines)


async def test_hand_to_hand_preview_counts_wounds_and_gives_every_chance(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(120, 36)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, MANUAL)
        # Sisko (+1, wounded -2) against soldier 5 (+1): the margin is (a - d) - 2:
        # by 4+ 10/100, by 1-3 18/100, draw 36/100, soldier 5 by 4+ 36/100
        set_table(pane, sisko=(50.0, 38.5, 1), soldier_5=(50.9, 38.5))
        await pilot.pause()
        await pilot.press("h")
        await done(pilot)
        text = panel(pane)
        assert "Sisko d10 +1, wounded -2 = -1 against soldier 5 d10 +1" in text
        # every one of the hundred pairs of dice, through the scenario's table
        rule = torga_iv().hand_to_hand
        faces = range(1, rule.die + 1)
        outcomes = Counter(hand_to_hand(a + 1 - 2, d + 1, rule) for a in faces for d in faces)
        assert sum(outcomes.values()) == 100
        assert (
            f"soldier 5 takes 2 wounds {outcomes[2, 0]}% · soldier 5 takes 1 wound "
            f"{outcomes[1, 0]}% · draw {outcomes[0, 0]}% · Sisko takes 1 wound {outcomes[0, 1]}%"
        ) in text
        assert (outcomes[2, 0], outcomes[1, 0], outcomes[0, 0], outcomes[0, 1]) == (10, 18, 36, 36)


async def test_aim_with_the_last_action_point_is_refused(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    path = app.campaign.folder
    async with app.run_test(size=(120, 36)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, MANUAL)
        assert "may aim" in panel(pane)  # Sisko, with all three action points
        # the figures hold in roster order until O'Brien (2 AP) is to act in tier 2
        while not (pane.game.state.tier == 2 and pane.selected == "obrien"):
            await pilot.press("space")
            await done(pilot)
        assert "O'Brien" in panel(pane) and "may aim" not in panel(pane)
        before = saved_game(path)[0]
        assert "a" not in footer_keys(app)  # aiming is not offered ...
        await pilot.press("a")  # ... and does nothing
        await done(pilot)
        after = saved_game(path)[0]
        assert before is not None and after is not None
        assert after.to_dict() == before.to_dict()


async def _fire_preview(pilot) -> None:  # type: ignore[no-untyped-def]
    app = pilot.app
    pane = await open_tab(app, pilot)
    await start(pilot, MANUAL)
    # Worf, wounded, fires at soldier 5 crouched behind the boulder (Sisko and the First hold)
    set_table(pane, worf=(30.0, 38.0, 1), soldier_5=(43.0, 38.0))
    await pilot.pause()
    await pilot.press("space", "space", "f")
    await done(pilot)


def test_snapshot_fire_preview_large(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    assert snap_compare(app_factory(), terminal_size=(120, 36), run_before=_fire_preview)


def test_snapshot_fire_preview_small(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    assert snap_compare(app_factory(), terminal_size=(80, 24), run_before=_fire_preview)
