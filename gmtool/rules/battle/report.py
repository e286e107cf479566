"""The battle report: a Markdown account of one battle for the GM's campaign notes.

Built from the battle state and the typed facts of its events (`event_facts.py`: the hits,
the characters hurt, the range and headings after each step), so it reads the same at any
moment and never depends on the wording of the log. The sides, each round's range and
headings, its hits and its orders and tasks (`report_deeds.py`), every ship's end state and
crew losses, each character's injuries and treatments, and who did what. Treatments are
made outside the battle and come in as `Treatment`s. Crew losses are the figures of the
crew-loss rules, with the named casualties drawn from each campaign ship's roster when the
battle ended (`ShipCasualties`, kept with the battle).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from gmtool.rules.battle.event_facts import ShipHit
from gmtool.rules.battle.plans import edge_roller
from gmtool.rules.battle.report_deeds import deeds_of_round
from gmtool.rules.battle.state import CREW, BattleEvent, BattleState
from gmtool.rules.battle.steps import HAZARD_LINE
from gmtool.rules.battle.summary import BattleSummary, battle_summary
from gmtool.rules.crew_casualties import HURT, ShipCasualties
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import heading_name as heading_name  # the report's callers use it
from gmtool.rules.narrative import phase, range_name
from gmtool.rules.ship_damage import track_ids


class Treatment(msgspec.Struct, frozen=True):
    """Points given back to a character after (or during) the battle, from the injury
    history: `restored` points of `track`, `stabilized` when it stopped the dying."""

    character_id: str
    track: str
    restored: int
    stabilized: bool
    note: str


def words(state_id: str) -> str:
    """A state id as the GM reads it: `knocked_out` -> "knocked out"."""
    return state_id.replace("_", " ")


def battle_report(
    state: BattleState,
    treatments: Sequence[Treatment] = (),
    casualties: Sequence[ShipCasualties] = (),
) -> str:
    """The whole report as Markdown."""
    summary = battle_summary(state)
    lines = _heading(state, summary)
    lines += _sides(state)
    lines += _rounds(state)
    lines += _ships(summary)
    lines += _losses(summary, casualties)
    lines += _characters(state, summary, treatments)
    return "\n".join(lines).rstrip() + "\n"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _heading(state: BattleState, summary: BattleSummary) -> list[str]:
    status = "Ended" if state.finished else "In progress"
    where = f"{range_name(state.range).lower()} range"
    lines = [
        f"# Battle report: {state.name}",
        "",
        f"{status} after {_plural(state.round, 'round')}, at {where}. Battle `{state.id}`.",
    ]
    if summary.broke_off:
        names = " and ".join(summary.side_names[s] for s in summary.broke_off)
        lines.append(f"{names} broke off: the fleets disengaged.")
    return [*lines, ""]


def _at_command(state: BattleState, side_id: str) -> str | None:
    """Who rolls the side's edge at its stations as they stand, when no commander was
    chosen (None: the crew); a roll made this round does not count against them."""
    try:
        _, roller = edge_roller(replace(state, acted=()), side_id)
    except RulesError:  # no ship left that can act
        return None
    return None if roller == CREW else roller


def _sides(state: BattleState) -> list[str]:
    lines = ["## Sides", ""]
    names = {c.id: c.name for c in state.characters}
    for side in state.sides:
        flag = side.flagship or (side.ship_ids[0] if side.ship_ids else None)
        ships = (
            ", ".join(
                s.name + (" (flagship)" if s.id == flag else "") for s in state.ships_of(side.id)
            )
            or "no ships"
        )
        line = f"- **{side.name}** (side {side.id.upper()}): {ships}"
        commander = side.commander or _at_command(state, side.id)
        if commander is not None:
            line += f"; commanded by {names.get(commander, commander)}"
        lines.append(line)
    return [*lines, ""]


def _hit_line(state: BattleState, hit: ShipHit) -> str:
    marked = ", ".join(f"{n} {t}" for t, n in hit.marked.items()) or "nothing"
    ship = _ship_name(state, hit.ship_id)
    how = f"{hit.cause}"
    if hit.by_ship is not None:
        weapon = _weapon_name(state, hit.by_ship, hit.weapon)
        how = f"{_ship_name(state, hit.by_ship)}'s {weapon}, {hit.cause.lower()}"
    return f"- {how}: {ship} takes {hit.amount} {hit.track} (marks {marked}); {words(hit.fate)}"


def _ship_name(state: BattleState, ship_id: str) -> str:
    return next((s.name for s in state.ships if s.id == ship_id), ship_id)


def _weapon_name(state: BattleState, ship_id: str, mount: str | None) -> str:
    ship = next((s for s in state.ships if s.id == ship_id), None)
    found = next((m for m in ship.mounts() if m.key == mount), None) if ship else None
    return found.name if found else "weapon"


def _rounds(state: BattleState) -> list[str]:
    lines = ["## Rounds", ""]
    side_names = {s.id: s.name for s in state.sides}
    by_round: dict[int, list[BattleEvent]] = {}
    for event in state.events:
        by_round.setdefault(event.round, []).append(event)
    if not by_round:
        return [*lines, "Nothing has happened yet.", ""]
    for number, events in sorted(by_round.items()):
        lines += [f"### Round {number}", ""]
        ranges = [e.range for e in events if e.range is not None]
        if ranges:
            lines.append(f"Range: {range_name(ranges[-1]).lower()}.")
        headings = next((e.headings for e in reversed(events) if e.headings), {})
        if headings:
            said = ", ".join(
                f"{side_names.get(side, side)} {heading_name(h).lower()}"
                for side, h in sorted(headings.items())
            )
            lines.append(f"Headings: {said}.")
        hits = [hit for e in events for hit in e.hits]
        if hits:
            lines += ["", "Hits:"]
            lines += [_hit_line(state, hit) for hit in hits]
        else:
            lines.append("No hits.")
        deeds = deeds_of_round(events)
        if deeds:
            lines += ["", "Orders and tasks:", *deeds]
        lines.append("")
    return lines


def _ships(summary: BattleSummary) -> list[str]:
    tracks = track_ids()
    lines = [
        "## Ships at the end",
        "",
        "| Ship | Side | State | " + " | ".join(t.capitalize() for t in tracks) + " |",
        "|---|---|---|" + "---|" * len(tracks),
    ]
    for ship in summary.ships:
        marks = " | ".join(f"{ship.marked.get(t, 0)}/{ship.points.get(t, 0)}" for t in tracks)
        side = summary.side_names.get(ship.side, ship.side)
        lines.append(f"| {ship.name} | {side} | {words(ship.fate)} | {marks} |")
    return [*lines, ""]


def _losses(summary: BattleSummary, casualties: Sequence[ShipCasualties]) -> list[str]:
    lines = ["## Crew losses", ""]
    named = {c.ship_id: c for c in casualties}
    for ship in summary.ships:
        losses = ship.losses
        line = (
            f"- {ship.name}: {losses['total']} of {ship.crew_total} "
            f"({losses['dead']} dead, {losses['badly_wounded']} badly wounded, "
            f"{losses['lightly_wounded']} lightly wounded)"
        )
        if ship.evacuated or ship.trapped:
            line += f"; {ship.evacuated} got clear, {ship.trapped} trapped"
        lines.append(line)
        if ship.ship_id in named:
            lines += _named(named[ship.ship_id])
    return [*lines, ""]


def _named(ship: ShipCasualties) -> list[str]:
    """The ship's casualties by name, under its figures."""
    drawn = len(ship.members)
    wanted = sum(ship.wanted.values())
    lines = []
    if ship.weighted:
        places = ", ".join(f"{words(p)} {n}" for p, n in sorted(ship.weighted.items()))
        lines.append(
            f"  - Drawn from the {ship.pool} named crew aboard, weighted by the hits "
            f"on each place ({places})"
        )
    if drawn < wanted:
        lines.append(f"  - Only {drawn} of the {wanted} could be named: no more were aboard")
    for condition in HURT:
        people = ship.of(condition)
        if people:
            names = "; ".join(f"{p.titled_name} ({p.post_name})" for p in people)
            lines.append(f"  - {words(condition).capitalize()}: {names}")
    return lines


def _characters(
    state: BattleState, summary: BattleSummary, treatments: Sequence[Treatment]
) -> list[str]:
    lines = ["## Characters", ""]
    if not summary.characters:
        return [*lines, "No characters aboard.", ""]
    ship_names = {s.id: s.name for s in state.ships}
    for character in summary.characters:
        ship = "no station" if character.ship_id is None else ship_names[character.ship_id]
        lines.append(f"### {character.name} ({ship}): {words(character.state)}")
        lines.append("")
        hurts = [
            (event.round, hurt)
            for event in state.events
            for hurt in event.hurts
            if hurt.character_id == character.character_id
        ]
        for number, hurt in hurts:
            lines.append(
                f"- Hurt in round {number}: {hurt.amount} {hurt.track}, {words(hurt.state)}"
            )
        for treated in (t for t in treatments if t.character_id == character.character_id):
            what = f"{treated.restored} {treated.track} restored" if treated.restored else ""
            if treated.stabilized:
                what = f"{what}, stabilized" if what else "stabilized"
            note = f" ({treated.note})" if treated.note else ""
            lines.append(f"- Treated: {what or 'nothing restored'}{note}")
        if not hurts:
            lines.append("- Unhurt in this battle")
        deeds = [
            f"  - Round {e.round}, {phase(e.phase).name.lower()}: {line}"
            for e, line in _deeds(state, character.character_id, character.name)
        ]
        if deeds:
            lines += ["- Did:", *deeds]
        lines.append("")
    return lines


def _deeds(state: BattleState, character_id: str, name: str) -> list[tuple[BattleEvent, str]]:
    """Each step the character acted in, with the line of its text that names them. A step
    that only endangered them (a hazard roll) is not a deed: the injuries list says it."""
    found = []
    for event in state.events:
        if character_id not in event.characters:
            continue
        text = [ln.strip() for ln in event.text.splitlines() if ln.strip()]
        naming = [ln for ln in text if name in ln]
        mine = [ln for ln in naming if not ln.startswith(HAZARD_LINE)]
        if naming and not mine:
            continue
        found.append((event, (mine or text or [event.action])[0]))
    return found
