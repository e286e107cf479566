"""The battle as a picture for the table: bars to scale, losses that add up, words for every
step, large type, a ladder with both fleets on it, and still nothing hidden shown."""

from __future__ import annotations

import re

import pytest

from gmtool.player import picture
from gmtool.player.big_type import big_text, big_width
from gmtool.player.model import BattleView, OwnShip
from gmtool.player.text import crew_losses_words, order_words
from gmtool.tui.widgets.scaled_bar import scaled_bar
from tests.player.conftest import demo_with_battle
from tests.player.test_model import STEPS, UNSEEN, read


@pytest.fixture(scope="module")
def battle(tmp_path_factory: pytest.TempPathFactory) -> BattleView:
    folder = demo_with_battle(tmp_path_factory.mktemp("picture") / "c", STEPS)
    model, _, _ = read(folder)
    assert model.battle is not None
    return model.battle


@pytest.mark.parametrize(
    ("marked", "points", "width", "filled"),
    [
        (2, 80, 20, "▌"),  # half a cell: 2 of 80 is a fortieth, not a third
        (0, 80, 20, ""),
        (40, 80, 20, "█" * 10),
        (80, 80, 20, "█" * 20),
        (1, 400, 20, "▏"),  # any damage shows, as the least a bar can draw
        (79, 80, 3, "██▉"),  # not full before the track is
    ],
)
def test_bars_are_drawn_to_scale(marked: int, points: int, width: int, filled: str) -> None:
    drawn, empty = scaled_bar(marked, points, width)
    assert drawn == filled
    assert len(drawn) + len(empty) == width


def _ship(losses: dict[str, int]) -> OwnShip:
    return OwnShip("CSS Meridian", "medium", {"wound": 80}, {"wound": 2}, "operational", 259,
                   losses, ())  # fmt: skip


def test_crew_losses_add_up() -> None:
    words = crew_losses_words(
        _ship({"total": 4, "dead": 2, "badly_wounded": 1, "lightly_wounded": 1})
    )
    assert words == "crew lost 4 of 259: 2 dead, 1 badly wounded, 1 lightly wounded"
    numbers = [int(n) for n in re.findall(r"\d+", words.split(":")[1])]
    assert sum(numbers) == 4
    assert crew_losses_words(_ship({"total": 0})) == "crew lost 0 of 259"


def test_every_step_is_said_in_words() -> None:
    assert order_words("end_battle", "CSS Meridian") == "The battle is over."
    assert order_words("withdraw", "Marauder Vex") == "Marauder Vex withdraws from the battle."
    assert "_" not in order_words("something_new", "CSS Kestrel")


def test_large_type_is_three_rows_of_half_blocks() -> None:
    rows = big_text("Round 12").plain.split("\n")
    assert len(rows) == 3
    assert max(len(r) for r in rows) == big_width("Round 12")
    assert set("".join(rows)) <= set("█▀▄ ")


def test_the_headline_fits_a_phone_and_a_tv(battle: BattleView) -> None:
    tv = picture.headline(battle, 140).plain.split("\n")
    phone = picture.headline(battle, 44).plain.split("\n")
    assert len(tv) == 4 and len(phone) == 7  # side by side, or stacked; then the step
    assert all(len(line) <= 44 for line in phone)
    assert "Attack phase" in tv[-1]


@pytest.mark.parametrize("width", range(30, 141, 5))
def test_the_headline_never_runs_past_the_width(battle: BattleView, width: int) -> None:
    """Large type that runs past the edge wraps into garbage: it must fit, whatever the
    width (down to a narrow phone, where the phase falls back to plain capitals)."""
    lines = picture.headline(battle, width).plain.split("\n")
    assert all(len(line) <= width for line in lines), (width, lines)


def test_the_ladder_places_both_fleets(battle: BattleView) -> None:
    lines = picture.range_ladder(battle).plain.split("\n")
    assert lines[0] == "Range  MODERATE "
    (rung,) = [line for line in lines if "◆" in line]
    assert rung.strip().startswith("Moderate") and "Raider Gorgon, Marauder Vex" in rung
    assert lines[-1].endswith("▲ Our fleet")
    narrow = picture.range_ladder(battle, width=30).plain
    assert "◆ Enemy" in narrow and all(len(line) <= 30 for line in narrow.split("\n"))


def test_the_picture_shows_nothing_hidden(battle: BattleView) -> None:
    """The same promise as the model's: enemies in words, unseen weapons unnamed."""
    shown = "\n".join(
        part.plain
        for part in (
            picture.headline(battle, 140),
            picture.edge_and_headings(battle),
            picture.range_ladder(battle),
            picture.fleets(battle, 90),
        )
    )
    for word in UNSEEN:
        assert word not in shown
    enemy_part = shown.split("\nEnemy\n", 1)[1]
    assert "DAMAGED" in enemy_part and "UNDAMAGED" in enemy_part
    assert not re.search(r"\d", re.sub(r"#\d+", "", enemy_part))
    assert "crew lost" in shown and "wound" in shown
