"""The rules cards under the Battle and Crew tabs' help (F1): which reading of the disputed
rules (RULES.md sections 2, 3 and 5, third reading) the tables in use give."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gmtool.rules import crew as crew_rules
from gmtool.rules import hit_stations
from gmtool.rules.battle import config as battle_config
from gmtool.rules.tables import tables_dir
from gmtool.tui.app import GmApp
from gmtool.tui.dialogs.help import HelpScreen
from gmtool.tui.tabs.battle import rules_card as battle_card
from gmtool.tui.tabs.crew import rules_card as crew_card
from tests.tui.drawn import done


@pytest.fixture
def house(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the tables that GMTOOL_TABLES points at; the caches cleared around."""
    folder = tmp_path / "tables"
    shutil.copytree(tables_dir(), folder)
    monkeypatch.setenv("GMTOOL_TABLES", str(folder))
    caches = (
        crew_rules.crew_table,
        hit_stations.hit_station_table,
        battle_config.battle_table,
    )
    for cache in caches:
        cache.cache_clear()
    yield folder
    monkeypatch.undo()
    for cache in caches:
        cache.cache_clear()


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_the_battle_card_names_each_reading_of_the_shipped_tables() -> None:
    card = battle_card.readings_card()
    assert "| Starting range | Contact unless the GM picks another |" in card
    assert "a sensor check not made counts as failed: the ship's weapons fire at +2" in card
    assert "a gunner serves the battery" in card
    assert "from a crippled or destroyed ship, while anyone is alive aboard" in card
    assert "the Nth full round after the round of the order" in card
    assert "light 1d4" in card and "small same round" in card
    assert "off: every character aboard rolls Table 3-1" in card


def test_the_battle_card_follows_house_ruled_tables(house: Path) -> None:
    _edit(house / "battle.yaml", "  not_rolled: failure\n", "  not_rolled: 0\n")
    _edit(house / "hit_stations.yaml", "\nenabled: false\n", "\nenabled: true\n")
    card = battle_card.readings_card()
    assert "a ship that made no sensor check fires at +0" in card
    assert "the characters at the place struck are endangered outright" in card
    _edit(house / "hit_stations.yaml", "endangered_outright: true", "endangered_outright: false")
    hit_stations.hit_station_table.cache_clear()
    assert "only the characters at the place struck roll Table 3-1" in (battle_card.readings_card())


def test_the_crew_card_reads_the_cargo_handlers_off_the_crew_rules(house: Path) -> None:
    assert "one handler per autocargo system and none for its bays and holds" in (
        crew_card.readings_card()
    )
    _edit(house / "crew.yaml", ", unless_has: [autocargo]}", "}")
    crew_rules.crew_table.cache_clear()
    assert "an autocargo system, a bay and a hold has 4 cargo handlers" in (
        crew_card.readings_card()
    )


async def test_f1_on_the_battle_and_crew_tabs_shows_the_cards(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=(120, 36)) as pilot:
        for tab, rule in (("battle", "Starting range"), ("crew", "Cargo handlers")):
            app.show_tab(tab)
            await done(pilot)
            await pilot.press("f1")
            await done(pilot)
            assert isinstance(app.screen, HelpScreen)
            assert "## Rules card: readings in use" in app.screen.help_text
            assert f"| {rule} |" in app.screen.help_text
            await pilot.press("escape")
            await pilot.pause()
