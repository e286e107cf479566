"""Hidden means hidden: what `player_model` lets through, checked against the GM's battle."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import msgspec
import pytest

from gmtool.player import picture
from gmtool.player.model import EnemyShip, PlayerModel, player_model
from gmtool.player.text import battle_text, enemy_text, entry_text, log_text, party_table
from gmtool.store import open_campaign
from gmtool.store.battles import load_battle
from gmtool.store.party import load_party_state
from tests.player.conftest import BATTLE, demo_with_battle

# 25 steps in: the beam and projectile fire of round 1 is done; Gorgon's salvo rack and Vex's
# plasma torpedo fire in later steps, so the players have not seen them.
STEPS = 25
UNSEEN = ("salvo rack", "plasma torpedo")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return demo_with_battle(tmp_path_factory.mktemp("played") / "c", STEPS)


def read(folder: Path) -> tuple[PlayerModel, object, object]:
    campaign = open_campaign(folder, create=False, readonly=True)
    try:
        return player_model(campaign), load_battle(campaign, BATTLE), load_party_state(campaign)
    finally:
        campaign.close()


def values(item: object) -> Iterator[object]:
    """Every value inside the model, however deep."""
    if isinstance(item, msgspec.Struct):
        for f in msgspec.structs.fields(item):
            yield from values(getattr(item, f.name))
    elif isinstance(item, dict):
        for key, value in item.items():
            yield key
            yield from values(value)
    elif isinstance(item, tuple | list):
        for value in item:
            yield from values(value)
    else:
        yield item


def test_enemy_numbers_notes_and_unseen_weapons_never_reach_the_model(played: Path) -> None:
    model, state, party = read(played)
    assert model.battle is not None
    # What the GM has behind the screen, so the test below means something:
    gorgon = state.ship("gorgon")  # type: ignore[attr-defined]
    assert sum(gorgon.damage.marked.values()) > 0
    gm_weapons = {m.system.label for s in state.ships for m in s.weapons()}  # type: ignore[attr-defined]
    assert set(UNSEEN) <= gm_weapons
    notes = [c.notes for c in party.characters if c.notes]  # type: ignore[attr-defined]
    assert notes

    # An enemy ship carries words only: no number of any kind.
    assert {f.name for f in msgspec.structs.fields(EnemyShip)} == {
        "name",
        "ship_class",
        "condition",
        "weapons",
    }
    assert [e.condition for e in model.battle.enemies] == ["damaged", "undamaged"]
    strings = [v for v in values(model) if isinstance(v, str)]
    for word in (*UNSEEN, *notes):
        assert not any(word in s for s in strings), word
    # Hits on the enemy in the log carry no points; the enemy's lines and log lines about
    # it show no digits (a weapon's "#1" aside).
    enemy_names = {e.name for e in model.battle.enemies}
    for entry in model.battle.log:
        if entry.kind == "hit" and entry.target in enemy_names:
            assert entry.amount is None and entry.track is None
            assert not re.search(r"\d", entry_text(entry))
    for enemy in model.battle.enemies:
        assert not re.search(r"\d", re.sub(r"#\d+", "", enemy_text(enemy).plain))
        # and the picture for the table draws the same words, no more
        assert not re.search(r"\d", re.sub(r"#\d+", "", picture.enemy_block(enemy).plain))
    drawn = picture.fleets(model.battle, 90).plain + picture.range_ladder(model.battle).plain
    for word in (*UNSEEN, *notes):
        assert word not in drawn, word


def test_the_log_is_rebuilt_never_quoted(played: Path) -> None:
    model, state, _ = read(played)
    assert model.battle is not None
    shown = log_text(model.battle.log).plain
    gm_text = "\n".join(e.text for e in state.events)  # type: ignore[attr-defined]
    assert "crew rolls" in gm_text and "takes" in gm_text
    assert "rolls" not in shown and "d20" not in shown
    assert "Raider Gorgon is hit: damaged." in shown
    assert "CSS Meridian fires at Raider Gorgon: a hit." in shown


def test_the_players_own_ships_show_tracks_and_losses(played: Path) -> None:
    model, state, _ = read(played)
    assert model.battle is not None
    kestrel = state.ship("kestrel")  # type: ignore[attr-defined]
    mine = {s.name: s for s in model.battle.ships}
    shown = mine["CSS Kestrel"]
    assert shown.marked["wound"] == kestrel.damage.marked.get("wound", 0) > 0
    assert shown.crew_losses == kestrel.crew_losses
    text = battle_text(model.battle).plain
    assert f"wound {shown.marked['wound']}/24" in text
    assert "Round 1 · Attack phase" in text


def test_weapons_show_once_fired(played: Path, tmp_path: Path) -> None:
    first = demo_with_battle(tmp_path / "fresh")
    model, _, _ = read(played)
    assert model.battle is not None
    seen = {e.name: e.weapons for e in model.battle.enemies}
    assert seen["Raider Gorgon"] == ("pulse laser #1", "pulse laser #2")
    start, _, _ = read(first)
    assert start.battle is not None
    assert [e.weapons for e in start.battle.enemies] == [(), ()]


def test_the_party_shows_stations_and_condition(battle_campaign: Callable[..., Path]) -> None:
    model, _, party = read(battle_campaign())
    names = [m.name for m in model.party]
    assert names == [c.name for c in party.characters]  # type: ignore[attr-defined]
    calloway = next(m for m in model.party if m.name.endswith("Calloway"))
    assert (calloway.place, calloway.ship, calloway.state) == ("Command", "CSS Meridian", "ok")
    from rich.console import Console

    console = Console(width=120, record=True)
    console.print(party_table(model.party))
    assert "Command on CSS Meridian" in console.export_text()


def test_no_battle_no_game(tmp_path: Path) -> None:
    from gmtool.store.demo import ensure_demo_campaign

    ensure_demo_campaign(tmp_path / "c", seed=1)
    campaign = open_campaign(tmp_path / "c", create=False, readonly=True)
    try:
        model = player_model(campaign)
    finally:
        campaign.close()
    assert model.battle is None and model.skirmish is None and model.party
