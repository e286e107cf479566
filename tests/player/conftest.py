"""A demo campaign with a battle under way, for the players' screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from gmtool.actions import battles as act
from gmtool.actions import skirmish as skirmish_actions
from gmtool.actions.battle_next import play_next
from gmtool.rules.skirmish.scenario import torga_iv
from gmtool.store import open_campaign
from gmtool.store.demo import ensure_demo_campaign
from gmtool.store.skirmish import SOLO
from tests.conftest import TEST_SEED, fixed_clock

BATTLE = "ambush"


def demo_with_battle(folder: Path, steps: int = 0, *, skirmish: bool = False) -> Path:
    """The demo campaign with the battle "Ambush" (Kestrel and Meridian against Gorgon and
    Vex, seed 3) and `steps` steps of it played with `battle next`."""
    ensure_demo_campaign(folder, seed=TEST_SEED)
    campaign = open_campaign(folder, create=False, clock=fixed_clock)
    try:
        act.new_battle(
            campaign, "Ambush", ["kestrel", "meridian"], ["gorgon", "vex"], "moderate", seed=3
        )
        for _ in range(steps):
            play_next(campaign, BATTLE)
        if skirmish:
            skirmish_actions.start(campaign, torga_iv(), SOLO)
    finally:
        campaign.close()
    return folder


@pytest.fixture
def battle_campaign(tmp_path: Path) -> Callable[..., Path]:
    def make(steps: int = 0, *, skirmish: bool = False) -> Path:
        return demo_with_battle(tmp_path / "players.campaign", steps, skirmish=skirmish)

    return make
