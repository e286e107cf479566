"""The battle as a picture for the table: what a player across the room reads at a glance.

The round and phase in large type (`big_type`), who has the edge and each side's heading,
the range as a ladder with both fleets placed on it, each of the players' ships with its
tracks as bars drawn to scale, and each enemy ship's condition as one coloured word. Drawn
from the typed `BattleView` only, so it shows nothing the model hides: an enemy is a name,
a class, a condition word and the weapons it has shown.
"""

from __future__ import annotations

import textwrap

from rich.text import Text

from gmtool.player.big_type import big_text, big_width
from gmtool.player.model import BattleView, EnemyShip, OwnShip
from gmtool.player.text import SEVERITY, crew_losses_words, phase_label
from gmtool.rules.battle.report import heading_name, words
from gmtool.rules.narrative import phase
from gmtool.rules.narrative.table import narrative_table
from gmtool.tui.widgets.scaled_bar import scaled_bar

TRACK_STYLE = {"stun": "yellow", "wound": "dark_orange", "mortal": "red", "critical": "magenta"}
HEADING_MARK = {"close": "▶◀ closing", "hold": "■ holding", "open": "◀▶ opening"}


def headline(battle: BattleView, width: int) -> Text:
    """The round and the phase, three rows tall; side by side when there is room."""
    if battle.finished:
        over = big_text("Battle over", style="bold red")
        over.no_wrap, over.overflow = True, "crop"
        return over
    round_words = f"Round {battle.round}"
    phase_words = phase(battle.phase).name
    text = Text(no_wrap=True, overflow="crop")  # large type wrapped is large type garbled
    together = f"{round_words}  {phase_words}"
    if big_width(together) <= width:
        text.append_text(big_text(together, style="bold"))
    else:
        text.append_text(big_text(round_words, style="bold"))
        text.append("\n")
        if big_width(phase_words) <= width:
            text.append_text(big_text(phase_words, style="bold cyan"))
        else:
            text.append(phase_words.upper(), style="bold cyan")
    if battle.step is not None:  # in small type, wrapped here since the block does not wrap
        for line in textwrap.wrap(phase_label(battle.phase, battle.step), max(width, 10)):
            text.append("\n")
            text.append(line, style="cyan")
    return text


def edge_and_headings(battle: BattleView) -> Text:
    """Who has the edge, then each side's heading (arrows: toward or away from the other)."""
    text = Text()
    holder = next((s for s in battle.sides if s.has_edge), None)
    if holder is None:
        text.append("Edge: not rolled yet", style="dim")
    else:
        text.append("Edge: ", style="bold")
        text.append(f" {holder.name} ", style="bold black on yellow")
    for side in battle.sides:
        text.append("\n")
        text.append(f"{side.name}: ", style="bold cyan" if side.ours else "bold red")
        if side.heading is None:
            text.append("no heading yet", style="dim")
        else:
            mark = HEADING_MARK.get(side.heading, heading_name(side.heading).lower())
            text.append(mark, style="bold")
    return text


def range_ladder(battle: BattleView, width: int = 80) -> Text:
    """The range categories top (disengaged) to bottom (very close), the enemy on the
    current rung, the players' fleet at the foot of the ladder. The enemy is named ship by
    ship where that fits on the rung, else by its side's name."""
    ranges = narrative_table().ranges
    label_width = max(len(r.name) for r in ranges)
    ours = next((s.name for s in battle.sides if s.ours), "Our fleet")
    theirs = ", ".join(e.name for e in battle.enemies)
    if not theirs or label_width + 6 + len(theirs) > width:
        theirs = next((s.name for s in battle.sides if not s.ours), "Enemy")
    text = Text()
    text.append("Range ", style="bold")
    current = next((r.name for r in ranges if r.id == battle.range), battle.range)
    text.append(f" {current.upper()} ", style="bold black on cyan")
    for rung in ranges:
        here = rung.id == battle.range
        text.append("\n")
        text.append(f"{rung.name:>{label_width}} ", style="bold" if here else "dim")
        if here:
            text.append("╟──◆ ", style="bold red")
            text.append(theirs, style="bold red")
        else:
            text.append("╢", style="dim")
    text.append("\n")
    text.append(" " * label_width + " ╨──▲ ", style="bold cyan")
    text.append(ours, style="bold cyan")
    return text


def own_ship_block(ship: OwnShip, width: int) -> Text:
    """The ship's name and state, its crew losses, and one bar a track."""
    text = Text()
    text.append(ship.name, style="bold cyan")
    text.append(f" ({ship.ship_class}) ")
    text.append(f" {words(ship.fate).upper()} ", style=f"bold reverse {_colour(ship.fate)}")
    text.append(f"\n  {crew_losses_words(ship)}")
    numbers = [f"{ship.marked.get(t, 0)}/{n}" for t, n in ship.points.items()]
    number_width = max((len(n) for n in numbers), default=0)
    name_width = max((len(t) for t in ship.points), default=0)
    bar = max(8, min(40, width - name_width - number_width - 6))
    for (track, points), number in zip(ship.points.items(), numbers, strict=True):
        filled, empty = scaled_bar(ship.marked.get(track, 0), points, bar)
        text.append(f"\n  {track:<{name_width}} ")
        text.append(filled, style=TRACK_STYLE.get(track, ""))
        text.append(empty, style="dim")
        text.append(f" {number:>{number_width}}")
    if ship.systems_out:
        text.append(f"\n  out: {', '.join(ship.systems_out)}", style="dark_orange")
    return text


def enemy_block(ship: EnemyShip) -> Text:
    """Name and class, the condition as one coloured word, the weapons it has shown."""
    text = Text()
    text.append(ship.name, style="bold red")
    text.append(f" ({ship.ship_class}) ")
    text.append(
        f" {words(ship.condition).upper()} ", style=f"bold reverse {_colour(ship.condition)}"
    )
    if ship.weapons:
        text.append(f"\n  seen firing: {', '.join(ship.weapons)}")
    return text


def _colour(state: str) -> str:
    return SEVERITY.get(state, "white").replace("bold ", "")


def fleets(battle: BattleView, width: int) -> Text:
    """Our ships, then the enemy's, one block each."""
    text = Text()
    text.append("Our ships", style="bold underline")
    for ship in battle.ships:
        text.append("\n")
        text.append_text(own_ship_block(ship, width))
    text.append("\n\n")
    text.append("Enemy", style="bold underline")
    for enemy in battle.enemies:
        text.append("\n")
        text.append_text(enemy_block(enemy))
    return text
