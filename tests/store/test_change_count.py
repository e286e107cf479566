"""`Campaign.change_count`: every save, removal and rolled-back action of this process moves
it, so a screen that read the campaign at one count can trust what it shows while it stays."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.actions import dice as dice_actions
from gmtool.store import open_campaign
from gmtool.store.atomic import atomic_write_bytes, remove_file


def test_saves_removals_and_rollbacks_move_the_count(tmp_path: Path) -> None:
    campaign = open_campaign(tmp_path / "c.campaign", seed=1)
    try:
        start = campaign.change_count
        assert campaign.change_count == start  # reading moves nothing
        dice_actions.roll_dice(campaign, "d6", "a roll", source="test")
        after_roll = campaign.change_count
        assert after_roll > start

        extra = campaign.folder / "extra.json"
        atomic_write_bytes(extra, b"{}")
        assert campaign.change_count > after_roll
        before_removal = campaign.change_count
        assert remove_file(extra)
        assert campaign.change_count > before_removal

        before_abort = campaign.change_count
        with pytest.raises(RuntimeError), campaign.transaction():
            raise RuntimeError("the action fails: nothing saved, caches dropped")
        assert campaign.change_count > before_abort
    finally:
        campaign.close()
