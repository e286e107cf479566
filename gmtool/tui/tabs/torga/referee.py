"""The referee's words before a shot or a hand-to-hand attack, from the rules' typed
previews: every modifier and the exact chance of each outcome, worded to fit the action
panel's width, not cut."""

from __future__ import annotations

from fractions import Fraction

from gmtool.rules.skirmish.fire import (
    AIMED,
    MODIFIER_WORDS,
    SHOOTER_WOUNDED,
    TARGET_IN_OPEN,
    Shot,
)
from gmtool.rules.skirmish.referee import WOUNDED, MeleePreview
from gmtool.rules.skirmish.state import GameState
from gmtool.tui.tabs.torga.map import short_name
from gmtool.tui.tabs.torga.standing import fit_words

SHORT_MODIFIER_WORDS = {AIMED: "aimed", TARGET_IN_OPEN: "open", SHOOTER_WOUNDED: "wounded"}


def percent(odds: Fraction) -> str:
    """An exact chance as a percentage: whole when it is whole, else to one decimal."""
    value = odds * 100
    if value.denominator == 1:
        return f"{value.numerator}%"
    return f"{float(value):.1f}%"


def _wounds(n: int) -> str:
    return f"{n} wound" if n == 1 else f"{n} wounds"


def fire_choice(shot: Shot, state: GameState) -> str:
    """A target in the list of choices: its short name and the chance to hit."""
    return f"{short_name(state.figure(shot.target).name)} {percent(shot.odds)}"


def fire_details(shot: Shot, state: GameState, width: int) -> str:
    """Range, band, the weapon's number, every modifier, the number needed and the chance."""
    weapon = state.scenario.weapon(shot.weapon).name
    target = state.figure(shot.target).name
    long_mods = "".join(f", {MODIFIER_WORDS[k]} {v:+d}" for k, v in shot.modifiers)
    short_mods = "".join(f", {SHORT_MODIFIER_WORDS[k]} {v:+d}" for k, v in shot.modifiers)
    cover = f", in cover ({shot.cover})" if shot.cover else ""
    short_cover = ", cover" if shot.cover else ""
    rng = f"{shot.range_inches:.1f} in"
    roll = f"d{shot.die} ≤ {shot.needed}: {percent(shot.odds)} to hit"
    return fit_words(
        [
            f"{target}: {rng} ({shot.band_label}), {weapon} {shot.hit_on}{long_mods}{cover}"
            f" → {roll}, {_wounds(shot.wounds)}",
            f"{short_name(target)}: {rng} ({shot.band_label}), {weapon} {shot.hit_on}"
            f"{long_mods}{cover} → {roll}",
            f"{rng} ({shot.band_label}), {weapon} {shot.hit_on}{short_mods}{short_cover} → {roll}",
            f"{rng} ({shot.band_label}) {shot.hit_on}{short_mods}{short_cover} → {roll}",
        ],
        width,
    )


def _modifiers(mods: tuple[tuple[str, int], ...]) -> str:
    total = sum(v for _k, v in mods)
    if len(mods) == 1:
        return f"{total:+d}"
    parts = ", ".join(f"wounded {v:+d}" if k == WOUNDED else f"{v:+d}" for k, v in mods)
    return f"{parts} = {total:+d}"


def melee_lines(preview: MeleePreview, state: GameState, width: int) -> tuple[str, str]:
    """(both modifiers, every outcome with its exact chance)."""
    attacker = short_name(state.figure(preview.attacker).name)
    defender = short_name(state.figure(preview.defender).name)
    die = f"d{preview.die}"
    mods = (
        f"{attacker} {die} {_modifiers(preview.attacker_modifiers)} against "
        f"{defender} {die} {_modifiers(preview.defender_modifiers)}"
    )
    long_parts: list[str] = []
    short_parts: list[str] = []
    for outcome in preview.outcomes:
        chance = percent(outcome.odds)
        hurt = defender if outcome.to_defender else attacker
        wounds = outcome.to_defender or outcome.to_attacker
        long_parts.append(
            f"{hurt} takes {_wounds(wounds)} {chance}" if wounds else f"draw {chance}"
        )
        short_parts.append(f"{hurt} -{wounds} {chance}" if wounds else f"draw {chance}")
    outcomes = fit_words([" · ".join(long_parts), " · ".join(short_parts)], width)
    return mods, outcomes
