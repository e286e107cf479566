"""Application limits: how much input gmtool accepts before it refuses, in one place.

Not game numbers (a GM house-rules those in tables/): these stop a typo, a runaway script or
a hostile file from freezing the app or bloating every later save. Every refusal names its
limit, so a GM who truly needs more knows which number to raise.
"""

from __future__ import annotations

from typing import Final

# -- dice and checks ---------------------------------------------------------------------------
MAX_DICE: Final = 100
"""Dice in one expression."""
MAX_SIDES: Final = 1000
"""Sides of one die."""
MAX_MODIFIER: Final = 10_000
"""A flat modifier such as the 5 of 2d6+5."""
MAX_TIMES: Final = 10_000
"""Rolls of one `--times`."""
MAX_EXPRESSION_CHARS: Final = 200
"""Characters of a dice expression."""
MAX_STEP: Final = 100
"""Steps of a check, either way: past the step ladder each step adds a d20 (about as many
dice as MAX_DICE at the top)."""

# -- text the GM types -------------------------------------------------------------------------
MAX_TEXT_CHARS: Final = 500
"""A purpose (`--for`), a note, a cause, a title: saved with every roll or entry."""
MAX_NAME_CHARS: Final = 120
"""A name of a ship, a character, a battle, a campaign."""

# -- YAML files (ship specs, tables, scenarios, party files) -----------------------------------
MAX_YAML_BYTES: Final = 500_000
"""A YAML file's size: the biggest table shipped is about 16 kB."""
MAX_YAML_NODES: Final = 20_000
"""Values in one YAML file, aliases counted each time they are used (a 'billion laughs'
file expands without end)."""
MAX_YAML_DEPTH: Final = 50
"""Levels of nesting in a YAML file."""
MAX_NUMBER_DIGITS: Final = 30
"""Digits of a number in a YAML file."""

# -- ship specs --------------------------------------------------------------------------------
MAX_HULL_POINTS: Final = 100_000
"""Hull points of one ship: a super-heavy ship of the rules has a few thousand."""
MAX_SYSTEM_COUNT: Final = 1000
"""Systems of one kind on a ship (cargo bays, weapons, ...)."""
MAX_SYSTEMS: Final = 500
"""Entries in a ship spec's systems list."""
MAX_CREW_COUNT: Final = 10_000
"""People given by count in a spec (marines, passengers, ...)."""
MAX_TOTAL_CREW: Final = 20_000
"""A ship's whole crew: every member is named, saved and listed; a roster of this size is
named in about 0.1 s. The same as the roster members a ship keeps saved (store/ships.py)."""

MAX_REPAIR_DAYS: Final = 3650
"""Days of one repair between battles: ten years in dock mends anything."""

# -- saved records -----------------------------------------------------------------------------
MAX_RECORD_ID: Final = 2**53
"""A saved record's id (as far as JSON numbers stay exact)."""
MAX_SEED: Final = 2**63 - 1
"""A campaign's dice seed."""

MAX_PLAY_ON_STEPS: Final = 2000
"""Steps one play-on call plays at most (a five-round battle is about 130): past it, play on
stops with a refusal naming it, every step played so far saved."""
MAX_EDGE_REROLLS: Final = 20
"""Edge ties in a row play-on re-rolls before it stops (a tie changes nothing but the log)."""


# Control characters a text may hold: line breaks and tabs. Any other (an escape sequence
# pasted into a name) would reach the GM's terminal when the text is printed.
ALLOWED_CONTROLS = frozenset("\n\t")


def number_words(value: int) -> str:
    """A number refused, as a message quotes it: in full with thousands marked, or by its
    length when it is too long to read ("a number of 4,000 digits")."""
    try:
        digits = len(str(abs(value)))
    except ValueError:  # past Python's limit on the digits of a number turned to text
        return "a number too long to write out"
    return f"{value:,}" if digits <= MAX_NUMBER_DIGITS else f"a number of {digits:,} digits"


def control_character(text: str) -> str | None:
    """The first control character in `text` other than a line break or a tab, or None."""
    for char in text:
        if (char < " " or "\x7f" <= char <= "\x9f") and char not in ALLOWED_CONTROLS:
            return char
    return None


def checked_text(what: str, text: str, limit: int = MAX_TEXT_CHARS) -> str:
    """`text` when it is at most `limit` characters and holds no control character but line
    breaks and tabs; else RulesError naming `what` and why (a pasted page in a purpose would be
    saved with every roll, forever; an escape sequence in a name would clear the screen of
    whoever prints it)."""
    from gmtool.rules.errors import RulesError

    if len(text) > limit:
        raise RulesError(f"{what} is {len(text):,} characters long; at most {limit:,}")
    found = control_character(text)
    if found is not None:
        raise RulesError(f"{what} holds a control character (U+{ord(found):04X}): type plain text")
    return text
