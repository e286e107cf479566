"""The Battle tab at 80x24 and 120x36: every dialog of the tab at both sizes (those not
already taken in test_battle_tab and the order/report modules), and the small terminal's
layout: a footer of at most two rows and a log that keeps its rows in every phase."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gmtool.rules.battle import roll_edge
from gmtool.store.battles import run_step
from gmtool.tui.app import GmApp
from gmtool.tui.footer import KeyFooter, wrap_items
from tests.tui.test_battle_tab import (
    BATTLE,
    LARGE,
    SMALL,
    battle_keys,
    demo_battle,
    open_battle_tab,
    to_phase,
    wait,
)

SIZES = pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x36"])
PHASES = [
    ("edge", None),
    ("movement", "opposing_declaration"),
    ("attack", "beam_and_projectile"),
    ("repair", None),
    ("special_orders", None),
]


def _battle_app(app_factory: Callable[..., GmApp], phase: str | None = "edge") -> GmApp:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    if phase is not None and phase != "edge":
        to_phase(app.campaign, phase, None if phase != "attack" else "beam_and_projectile")
    return app


@pytest.mark.parametrize(("phase", "step"), PHASES)
async def test_at_80x24_the_footer_keeps_to_two_rows_and_the_log_to_four(
    app_factory: Callable[..., GmApp], phase: str, step: str | None
) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    to_phase(app.campaign, phase, step, fire=True)
    async with app.run_test(size=SMALL) as pilot:
        await open_battle_tab(app, pilot)
        await wait(pilot)
        footer = app.screen.query_one(KeyFooter)
        assert len(wrap_items(footer.items(), SMALL[0])) <= 2
        log = app.screen.query_one("#battle-log-box")
        assert log.content_region.height >= 4, (phase, log.content_region)
        # after an undo the footer offers ctrl+y too, still in two rows
        await pilot.press("ctrl+z")
        await wait(pilot)
        assert len(wrap_items(footer.items(), SMALL[0])) <= 2


@SIZES
def test_snapshot_set_up_dialog_both_sizes(snap_compare, app_factory, size) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=size, press=[*battle_keys(app), "n"])


@SIZES
def test_snapshot_quick_enemy_form(snap_compare, app_factory, size) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=size, press=[*battle_keys(app), "n", "ctrl+n"])


@SIZES
def test_snapshot_quick_weapon_dialog(snap_compare, app_factory, size) -> None:
    app = app_factory(demo=True)
    keys = [*battle_keys(app), "n", "ctrl+n", "ctrl+w"]
    assert snap_compare(app, terminal_size=size, press=keys)


@SIZES
def test_snapshot_spec_file_dialog(snap_compare, app_factory, size) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=size, press=[*battle_keys(app), "n", "ctrl+o"])


@SIZES
def test_snapshot_attack_dialog_both_sizes(snap_compare, app_factory, size) -> None:
    app = _battle_app(app_factory, "attack")
    assert snap_compare(app, terminal_size=size, press=[*battle_keys(app), "enter"])


@SIZES
def test_snapshot_summary_both_sizes(snap_compare, app_factory, size) -> None:
    app = _battle_app(app_factory, "special_orders")
    assert snap_compare(app, terminal_size=size, press=[*battle_keys(app), "s"])


@SIZES
def test_snapshot_heading_choice(snap_compare, app_factory, size) -> None:
    app = _battle_app(app_factory)
    run_step(app.campaign, BATTLE, roll_edge)
    to_phase(app.campaign, "movement", "opposing_declaration")
    assert snap_compare(app, terminal_size=size, press=[*battle_keys(app), "enter"])


@SIZES
def test_snapshot_delete_question(snap_compare, app_factory, size) -> None:
    app = _battle_app(app_factory)
    assert snap_compare(app, terminal_size=size, press=[*battle_keys(app), "x"])


@SIZES
def test_snapshot_open_battle_choice(snap_compare, app_factory, size) -> None:
    app = _battle_app(app_factory)
    assert snap_compare(app, terminal_size=size, press=[*battle_keys(app), "o"])


@SIZES
def test_snapshot_move_order(snap_compare, app_factory, size) -> None:
    app = _battle_app(app_factory)
    assert snap_compare(app, terminal_size=size, press=[*battle_keys(app), "m"])


@SIZES
def test_snapshot_after_undo_offers_redo(snap_compare, app_factory, size) -> None:
    app = _battle_app(app_factory)
    run_step(app.campaign, BATTLE, roll_edge)
    assert snap_compare(app, terminal_size=size, press=[*battle_keys(app), "ctrl+z"])


def test_snapshot_no_battle_large(snap_compare, app_factory) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=LARGE, press=battle_keys(app))


def test_snapshot_special_orders_small(snap_compare, app_factory) -> None:
    app = _battle_app(app_factory, "special_orders")
    assert snap_compare(app, terminal_size=SMALL, press=battle_keys(app))
