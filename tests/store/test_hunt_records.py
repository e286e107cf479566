"""Tests that hunt the campaign's saved records: one value anywhere in one file of a played
campaign (rolls, injuries, battles, ships, party, rosters, the campaign's meta) replaced by
any JSON value. Every reader must then give what it read or a clean refusal (StoreError or
RulesError), never another exception; a file refused as damaged is left byte for byte as it
was, and opening the campaign for writing changes nothing of it."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmtool.actions.bailout import order_bailout
from gmtool.actions.skirmish import start
from gmtool.rules.dice import roll
from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish.scenario import load_scenario
from gmtool.store import Campaign, CampaignCorrupt, StoreError, open_campaign
from gmtool.store.bailout import load_bailout
from gmtool.store.battles import (
    create_battle,
    fleet_setup,
    list_battles,
    load_battle,
    open_battle_id,
)
from gmtool.store.demo import ensure_demo_campaign
from gmtool.store.injuries import Context, history, record_damage
from gmtool.store.party import load_party_state
from gmtool.store.ships import list_ships, ship_crew
from gmtool.store.skirmish import load_game

JSON = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.sampled_from([0, -1, 2**53 + 1, 2**63, 10**30]),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=20),
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
FILES = [
    "campaign.json",
    "log/rolls-00000.json",
    "log/injuries-00000.json",
    "log/battles-00000.json",
    "trackers/ships.json",
    "trackers/party.json",
    "rosters/kestrel.json",
    "trackers/skirmish.json",
    "trackers/bailout.json",
    "trackers/battles/ambush.json",
    "battles/ambush.json",
    "battles.json",
]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo campaign after a little play: rolls, a wound, a battle set up."""
    folder = tmp_path_factory.mktemp("hunt") / "played.campaign"
    ensure_demo_campaign(folder, seed=5)
    with open_campaign(folder) as c:
        c.record([c.dice_entry(roll("2d6", c.rng()), "cargo")])
        record_damage(c, "ines-calloway", 3, "wound", Context(cause="fall"))
        create_battle(
            c,
            "Ambush",
            fleet_setup(c, "Navy", ["meridian"]),
            fleet_setup(c, "Raiders", ["gorgon"]),
            "long",
        )
    start(c_skirmish := open_campaign(folder), load_scenario(), "solo")
    order_bailout(c_skirmish, "light", 12)
    c_skirmish.close()
    return folder


def _paths(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*path, key)
            yield from _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield (*path, index)
            yield from _paths(value, (*path, index))


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy: Any = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = _set(data[path[0]], path[1:], value)
    return copy


def _readers(c: Campaign) -> list[Callable[[], object]]:
    return [
        lambda: list(c.roll_log()),
        lambda: c.sessions(),
        lambda: history(c),
        lambda: list_battles(c),
        lambda: load_party_state(c),
        lambda: [ship_crew(c, s.id) for s in list_ships(c)],
        lambda: load_game(c),
        lambda: load_bailout(c),
        lambda: [load_battle(c, b.id) for b in list_battles(c)],
        lambda: open_battle_id(c),
    ]


def _read_all(folder: Path, **kwargs: Any) -> list[Exception]:
    """Open the campaign and run every reader; the refusals they gave."""
    refusals: list[Exception] = []
    try:
        c = open_campaign(folder, **kwargs)
    except (StoreError, RulesError) as exc:
        return [exc]
    with c:
        for read in _readers(c):
            try:
                read()
            except (StoreError, RulesError) as exc:
                refusals.append(exc)
        refusals.extend(c.damaged_files())
    return refusals


def test_the_played_campaign_reads_whole(played: Path, tmp_path: Path) -> None:
    """The hunt's starting point is good: every refusal below comes from the change."""
    shutil.copytree(played, tmp_path / "c")
    assert _read_all(tmp_path / "c", readonly=True) == []
    with open_campaign(tmp_path / "c", readonly=True) as c:
        assert len(list(c.roll_log())) >= 1 and len(history(c)) == 1
        assert len(list_battles(c)) == 1 and len(list_ships(c)) == 5


@settings(
    max_examples=int(os.environ.get("HUNT_EXAMPLES", "40")),
    deadline=5000,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.sampled_from(FILES), st.data(), JSON)
def test_any_value_anywhere_in_a_saved_file_reads_or_is_refused(
    played: Path, tmp_path_factory: pytest.TempPathFactory, file: str, data: Any, value: Any
) -> None:
    folder = tmp_path_factory.mktemp("example") / "c"
    shutil.copytree(played, folder)
    target = folder / file
    original = json.loads(target.read_text(encoding="utf-8"))
    path = data.draw(st.sampled_from(list(_paths(original))), label="path")
    target.write_text(json.dumps(_set(original, path, value)), encoding="utf-8")
    written = target.read_bytes()
    refusals = _read_all(folder, readonly=True)
    refusals += _read_all(folder)  # for writing: backups are taken, nothing is rewritten
    for refusal in refusals:
        assert str(refusal) and "\n" not in str(refusal)
    if any(isinstance(r, CampaignCorrupt) and r.file == str(target) for r in refusals):
        assert target.read_bytes() == written
