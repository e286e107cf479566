"""Whole reads only: a read that meets a save under way is thrown away and tried again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from gmtool.actions.battle_next import play_next
from gmtool.player import reader
from gmtool.player.model import PlayerModel, player_model
from gmtool.store import Campaign, open_campaign
from gmtool.store.journal import JOURNAL_NAME
from tests.conftest import fixed_clock
from tests.player.conftest import BATTLE


def test_a_journal_means_try_again(battle_campaign: Callable[..., Path]) -> None:
    folder = battle_campaign()
    assert reader.read_whole(folder) is not None
    (folder / JOURNAL_NAME).write_text("{}")
    assert reader.read_whole(folder) is None


def test_a_save_during_the_read_is_not_shown(
    battle_campaign: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = battle_campaign()

    def read_while_the_gm_saves(campaign: Campaign) -> PlayerModel:
        model = player_model(campaign)  # the old battle, read in full
        gm = open_campaign(folder, create=False, clock=fixed_clock)
        try:
            play_next(gm, BATTLE)  # the GM saves a step meanwhile
        finally:
            gm.close()
        return model

    monkeypatch.setattr(reader, "player_model", read_while_the_gm_saves)
    assert reader.read_whole(folder) is None
    monkeypatch.setattr(reader, "player_model", player_model)
    reading = reader.read_whole(folder)
    assert reading is not None and reading.model.battle is not None
    assert any(e.kind == "edge" for e in reading.model.battle.log)


def test_the_fingerprint_moves_with_every_save(battle_campaign: Callable[..., Path]) -> None:
    folder = battle_campaign()
    before = reader.fingerprint(folder)
    assert before == reader.fingerprint(folder)
    gm = open_campaign(folder, create=False, clock=fixed_clock)
    try:
        play_next(gm, BATTLE)
    finally:
        gm.close()
    assert reader.fingerprint(folder) != before


def test_reading_writes_nothing(battle_campaign: Callable[..., Path]) -> None:
    folder = battle_campaign(3, skirmish=True)
    files = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    assert reader.read_whole(folder) is not None
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == files
