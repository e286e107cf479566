"""The rules card under the Torga IV tab's help (F1), written from the scenario in play so
a house-ruled copy shows its own numbers."""

from __future__ import annotations

from gmtool.rules.skirmish.scenario import Scenario
from gmtool.rules.skirmish.scenario_parts import MarginWounds
from gmtool.rules.skirmish.state import GameOptions


def _forces(scenario: Scenario) -> list[str]:
    lines = ["| figure | side | AP | weapon | hand-to-hand |", "|---|---|---|---|---|"]
    for spec in scenario.forces:
        side = scenario.side(spec.side).name
        weapon = scenario.weapon(spec.weapon).name
        lines.append(
            f"| {spec.name} | {side} | {spec.action_points} | {weapon} | {spec.hand_to_hand:+g} |"
        )
    return lines


def _fire_table(scenario: Scenario, options: GameOptions) -> list[str]:
    bands = scenario.range_bands
    heads = [f"{0 if i == 0 else bands[i - 1]:g}-{edge:g}" for i, edge in enumerate(bands)]
    lines = [
        f"| weapon | {' | '.join(heads)} | wounds |",
        "|---|" + "---|" * len(heads) + "---|",
    ]
    for weapon in scenario.weapons:
        if weapon.range_bands != bands:
            numbers = [
                f"{hit if hit is not None else '~'} (to {edge:g})"
                for edge, hit in zip(weapon.range_bands, weapon.hit_on, strict=True)
            ]
        else:
            numbers = ["~" if hit is None else str(hit) for hit in weapon.hit_on]
        wounds = options.weapon_wounds.get(weapon.id, weapon.wounds)
        lines.append(f"| {weapon.name} | {' | '.join(numbers)} | {wounds} |")
    return lines


def _margins(steps: tuple[MarginWounds, ...], who: str) -> str:
    return "; ".join(
        f"by {m.margin}+: {m.wounds} wound{'s' if m.wounds != 1 else ''} to the {who}"
        for m in steps
    )


def rules_card(scenario: Scenario, options: GameOptions | None = None) -> str:
    """The card in Markdown."""
    options = options or GameOptions.from_scenario(scenario)
    fire = scenario.fire
    h2h = scenario.hand_to_hand
    rule = scenario.victory
    victory_side = scenario.side(rule.side).name
    other = scenario.side(scenario.other_side(rule.side)).name
    moves = ", ".join(f"{side.name} {side.move:g} in" for side in scenario.sides)
    wounded = "on" if options.wound_effects else "off (wounds change nothing until a figure falls)"
    attacker = _margins(h2h.attacker_wounds, "defender")
    defender = _margins(h2h.defender_wounds, "attacker")
    arrival = f" ({rule.arrival} arrives)" if rule.arrival else ""
    sections = [
        f"## Rules card: {scenario.name}",
        f"From `{scenario.source}`. Action points are also the wounds a figure can take.",
        "### Forces",
        "\n".join(_forces(scenario)),
        "### Fire",
        f"Roll d{fire.die} plus the modifiers: a hit (and its wounds) when the total is at "
        "most the weapon's number for the range band. Ranges are read to a tenth of an inch; "
        "an edge belongs to the shorter band. `~`: no shot.",
        "\n".join(_fire_table(scenario, options)),
        "### Modifiers",
        f"- aimed shot {fire.aimed:+g} (an aim earlier this turn, lost if the figure "
        "moves; not with the last action point)\n"
        f"- target in the open {fire.target_in_open:+g} (no obstacle across the line "
        f"within {fire.cover_within:g} in of the target)\n"
        f"- shooter wounded {fire.shooter_wounded:+g}\n"
        f"- wound effects: {wounded}",
        "### Moves",
        f"{moves} per action point; wounded {scenario.movement.wounded:+g} in; "
        f"crossing an obstacle costs {scenario.movement.obstacle_cost:g} in; walls cannot "
        "be crossed.",
        "### Hand-to-hand",
        f"In base contact ({scenario.base_contact:g} in). Both roll d{h2h.die} plus their "
        f"modifier (wounded {h2h.wounded:+g}); only the attacker spends an action "
        f"point. Attacker higher {attacker}. Defender higher {defender}; otherwise a draw.",
        "### Victory",
        f"When turn {rule.turn} begins{arrival}, the {victory_side} win with {rule.standing} "
        f"or more figures standing, otherwise the {other} win. A side wiped out ends the "
        "game at once: the "
        f"{victory_side} wiped out lose; the {other} wiped out, the count decides as if "
        f"turn {rule.turn} had begun.",
    ]
    return "\n\n".join(sections)
