"""Between battles the players' screen shows the players' recap of the newest session:
no enemy track numbers, no GM note, none of the GM's rolls; during a battle, none."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gmtool.actions import battles as battle_act
from gmtool.actions import journal
from gmtool.actions import sessions as session_act
from gmtool.actions.dice import roll_a_check
from gmtool.player.app import make_player_app
from gmtool.player.model import player_model
from gmtool.store import open_campaign
from gmtool.store.demo import seed_demo
from tests.conftest import TEST_SEED, fixed_clock
from tests.tui.drawn import done


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


def campaign_with_session(folder: Path, *, end_battle: bool) -> Path:
    c = open_campaign(folder, seed=TEST_SEED, clock=fixed_clock)
    seed_demo(c)
    session_act.start_session(c, "The ambush")
    battle = battle_act.new_battle(c, "Ambush", ["meridian"], ["vex"], "long").id
    battle_act.do_apply_damage(c, battle, "vex", 6, "wound", "a hit")
    if end_battle:
        battle_act.do_end_battle(c, battle)
    roll_a_check(c, 12, 0, "the GM's secret sweep")
    journal.add_note(c, "GM ONLY: the Vex is a decoy")
    c.close()
    return folder


def model_of(folder: Path) -> object:
    c = open_campaign(folder, create=False, readonly=True)
    try:
        return player_model(c)
    finally:
        c.close()


def test_between_battles_the_players_read_their_recap(tmp_path: Path) -> None:
    model = model_of(campaign_with_session(tmp_path / "c", end_battle=True))
    recap = model.recap  # type: ignore[attr-defined]
    assert recap is not None and recap.startswith("# The ambush (session 1)")
    assert "Marauder Vex (Enemy): damaged" in recap
    assert "/64" not in recap.split("Marauder Vex")[1].split("\n")[0]
    assert "GM ONLY" not in recap and "secret sweep" not in recap


def test_during_a_battle_there_is_no_recap(tmp_path: Path) -> None:
    model = model_of(campaign_with_session(tmp_path / "c", end_battle=False))
    assert model.recap is None  # type: ignore[attr-defined]


async def test_the_screen_shows_it(tmp_path: Path) -> None:
    folder = campaign_with_session(tmp_path / "c", end_battle=True)
    app = make_player_app(folder, poll=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await done(pilot)
        shown = str(app.query_one("#battle-recap").render())
        assert "The ambush (session 1)" in shown and "GM ONLY" not in shown
