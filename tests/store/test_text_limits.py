"""Text a GM types is saved with rolls, entries and sessions: past its limit it is refused
by the store with the limit named, and nothing is saved."""

from __future__ import annotations

import pytest

from gmtool.rules import limits
from gmtool.rules.errors import RulesError
from gmtool.store import Campaign
from gmtool.store.injuries import record_treatment
from gmtool.store.party import add_character
from tests.store.records_helpers import roll_entry

LONG = "x" * (limits.MAX_TEXT_CHARS + 1)


def test_a_roll_for_a_page_of_text_is_refused(campaign: Campaign) -> None:
    with pytest.raises(RulesError, match=rf"characters long; at most {limits.MAX_TEXT_CHARS:,}$"):
        campaign.record([roll_entry(**{"for": LONG})])
    assert list(campaign.roll_log()) == []
    campaign.record([roll_entry(**{"for": "x" * limits.MAX_TEXT_CHARS})])
    assert len(list(campaign.roll_log())) == 1


def test_a_long_session_title_is_refused(campaign: Campaign) -> None:
    with pytest.raises(RulesError, match=rf"characters long; at most {limits.MAX_NAME_CHARS:,}$"):
        campaign.start_session("t" * (limits.MAX_NAME_CHARS + 1))
    assert campaign.sessions() == []


def test_a_long_treatment_note_is_refused(campaign: Campaign) -> None:
    from gmtool.rules.characters import character_from_dict

    ines = character_from_dict(
        {
            "name": "Ines",
            "kind": "npc",
            "abilities": {
                "strength": 10,
                "dexterity": 10,
                "constitution": 10,
                "intelligence": 10,
                "will": 10,
                "personality": 10,
            },
        }
    )
    add_character(campaign, ines)
    with pytest.raises(RulesError, match=rf"characters long; at most {limits.MAX_TEXT_CHARS:,}$"):
        record_treatment(campaign, ines.id, "stun", 0, LONG, stabilize=True)
    assert list(campaign.injury_log.newest_first()) == []
