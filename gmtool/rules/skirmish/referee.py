"""The referee's preview of a hand-to-hand attack: both modifiers, wounds included, and the
exact chance of every outcome, counted over every pair of faces of the two dice.

Fire needs no module of its own here: `fire.Shot` already carries the range, band, every
modifier and the exact chance (`Shot.odds`).
"""

from __future__ import annotations

from fractions import Fraction

import msgspec

from gmtool.rules.skirmish.combat import hand_to_hand
from gmtool.rules.skirmish.state import Figure, GameState

# Hand-to-hand modifier kinds.
SKILL = "hand_to_hand"  # the figure's own modifier (the scenario's forces)
WOUNDED = "wounded"  # the wound effect (only with the wound_effects option)


class MeleeOutcome(msgspec.Struct, frozen=True):
    """One result of the attack and its exact chance."""

    to_defender: int  # wounds the defender takes
    to_attacker: int  # wounds the attacker takes
    odds: Fraction


class MeleePreview(msgspec.Struct, frozen=True):
    attacker: str
    defender: str
    die: int
    attacker_modifiers: tuple[tuple[str, int], ...]  # (modifier kind, added to the roll)
    defender_modifiers: tuple[tuple[str, int], ...]
    outcomes: tuple[MeleeOutcome, ...]  # the defender's worst first, a draw, the attacker's

    @property
    def attacker_total(self) -> int:
        return sum(value for _kind, value in self.attacker_modifiers)

    @property
    def defender_total(self) -> int:
        return sum(value for _kind, value in self.defender_modifiers)


def melee_modifiers(state: GameState, fig: Figure) -> tuple[tuple[str, int], ...]:
    """What a figure adds to its hand-to-hand die: its own modifier and, wounded, the wound
    effect (when the game plays wound effects)."""
    rule = state.scenario.hand_to_hand
    mods = [(SKILL, fig.hand_to_hand)]
    if fig.wounds and state.options.wound_effects:
        mods.append((WOUNDED, rule.wounded))
    return tuple(mods)


def melee_preview(state: GameState, attacker_id: str, defender_id: str) -> MeleePreview:
    """Every outcome of this attack with its exact chance (the chances sum to one)."""
    attacker = state.figure(attacker_id)
    defender = state.figure(defender_id)
    rule = state.scenario.hand_to_hand
    attack_mods = melee_modifiers(state, attacker)
    defend_mods = melee_modifiers(state, defender)
    attack_bonus = sum(v for _k, v in attack_mods)
    defend_bonus = sum(v for _k, v in defend_mods)
    counts: dict[tuple[int, int], int] = {}
    for attack_roll in range(1, rule.die + 1):
        for defend_roll in range(1, rule.die + 1):
            result = hand_to_hand(attack_roll + attack_bonus, defend_roll + defend_bonus, rule)
            counts[result] = counts.get(result, 0) + 1
    total = rule.die * rule.die
    ordered = sorted(counts, key=lambda r: (-r[0], r[1]))
    return MeleePreview(
        attacker=attacker.id,
        defender=defender.id,
        die=rule.die,
        attacker_modifiers=attack_mods,
        defender_modifiers=defend_mods,
        outcomes=tuple(MeleeOutcome(d, a, Fraction(counts[(d, a)], total)) for d, a in ordered),
    )
