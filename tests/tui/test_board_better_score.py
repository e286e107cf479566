"""The Stations board shows both scores where the battle rolls the better of a character's
skill and the crew check (RULES.md section 3: the weapons console, the helm, the sensors),
and which one rolls."""

from __future__ import annotations

from gmtool.rules.stations import station_board
from gmtool.store import Campaign
from gmtool.store.demo import seed_demo
from gmtool.store.party import load_party_state
from gmtool.tui.tabs.stations.board import board_rows

GUNNER = "tamsin-oyelaran"  # System Operation--weapons 15 at the Meridian's weapons console
ENGINEER = "halvard-rusk"  # engineering: his own roll, whatever the crew's


def rows(campaign: Campaign, crew_score: int) -> dict[str, tuple[str, str, str]]:
    """Each character's (Skill cell, Score cell, detail line) on the Meridian's board."""
    party = load_party_state(campaign)
    board = station_board("meridian", crew_score, party.characters, party.assignments)
    found = {}
    for row in board_rows(board, party):
        if row.character_id is not None:
            skill, score = row.cells[3], row.cells[4]
            found[row.character_id] = (str(skill), str(score), row.detail.plain)
    return found


def test_a_better_character_rolls_and_both_scores_show(campaign: Campaign) -> None:
    seed_demo(campaign)
    skill, score, detail = rows(campaign, 12)[GUNNER]
    assert (skill, score) == ("Weapons", "15 +0")
    assert (
        "in battle the better of System Operation—weapons 15 and the crew check 12: "
        "System Operation—weapons rolls" in detail
    )


def test_a_better_crew_check_rolls_and_the_board_says_so(campaign: Campaign) -> None:
    seed_demo(campaign)
    skill, score, detail = rows(campaign, 17)[GUNNER]
    assert (skill, score) == ("crew check (own 15)", "17 +0")
    assert (
        "Tamsin Oyelaran rolls the crew check 17 at +0 (better than System Operation—weapons 15)"
        in detail
    )
    assert (
        "the better of System Operation—weapons 15 and the crew check 17: the crew check rolls"
        in detail
    )


def test_a_roll_the_skill_does_not_replace_is_the_characters_own(campaign: Campaign) -> None:
    seed_demo(campaign)
    skill, score, detail = rows(campaign, 19)[ENGINEER]
    assert "crew check" not in skill and "better of" not in detail
    assert not score.startswith("19")
