"""The players' screen in words: rendered from the typed `PlayerModel`, nothing parsed back."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from gmtool.player.model import BattleView, EnemyShip, OwnShip, PartyMember
from gmtool.player.public_log import PublicEntry
from gmtool.rules.battle.report import heading_name, words
from gmtool.rules.narrative import phase, range_name

# How bad a state looks: the colour of a ship's or character's condition.
SEVERITY = {
    "undamaged": "green",
    "operational": "green",
    "ok": "green",
    "damaged": "yellow",
    "shaken": "yellow",
    "knocked_out": "yellow",
    "disabled": "dark_orange",
    "abandoning": "dark_orange",
    "dying": "red",
    "crippled": "red",
    "destroyed": "bold red",
    "dead": "bold red",
    "abandoned": "red",
    "escaped": "cyan",
    "left": "cyan",
}


def phase_label(phase_id: str, step: str | None) -> str:
    current = phase(phase_id)
    if step is None:
        return f"{current.name} phase"
    named = next((s.name for s in current.steps if s.id == step), step)
    return f"{current.name} phase ({named})"


def condition(word: str) -> Text:
    return Text(words(word), style=SEVERITY.get(word, ""))


def battle_header(battle: BattleView) -> Text:
    """Two lines: the battle, round and phase; the range, headings and edge."""
    where = (
        f"over after round {battle.round}"
        if battle.finished
        else f"Round {battle.round} · {phase_label(battle.phase, battle.step)}"
    )
    text = Text(f"{battle.name} · ", style="bold")
    text.append(where, style="bold")
    text.append(f"\nRange {range_name(battle.range).lower()}")
    for side in battle.sides:
        heading = heading_name(side.heading).lower() if side.heading else "no heading yet"
        text.append(f" · {side.name}: {heading}")
        if side.has_edge:
            text.append(", has the edge", style="bold")
    return text


def tracks_line(points: dict[str, int], marked: dict[str, int]) -> str:
    return "  ".join(f"{t} {marked.get(t, 0)}/{n}" for t, n in points.items())


def crew_losses_words(ship: OwnShip) -> str:
    """'crew lost 14 of 98: 7 dead, 4 badly wounded, 3 lightly wounded': the parts add up."""
    losses = ship.crew_losses
    lost = losses.get("total", 0)
    text = f"crew lost {lost} of {ship.crew_total}"
    parts = [
        f"{losses.get(kind, 0)} {label}"
        for kind, label in (
            ("dead", "dead"),
            ("badly_wounded", "badly wounded"),
            ("lightly_wounded", "lightly wounded"),
        )
        if losses.get(kind, 0)
    ]
    return f"{text}: {', '.join(parts)}" if parts else text


def own_ship_text(ship: OwnShip) -> Text:
    text = Text(f" {ship.name}", style="bold cyan")
    text.append(f", {ship.ship_class}: ")
    text.append_text(condition(ship.fate))
    text.append(f" · {crew_losses_words(ship)}")
    text.append(f"\n   {tracks_line(ship.points, ship.marked)}")
    if ship.systems_out:
        text.append(f"\n   out: {', '.join(ship.systems_out)}", style="dark_orange")
    return text


def enemy_text(ship: EnemyShip) -> Text:
    text = Text(f" {ship.name}", style="bold red")
    text.append(f", {ship.ship_class}: ")
    text.append_text(condition(ship.condition))
    if ship.weapons:
        text.append(f" · seen firing: {', '.join(ship.weapons)}")
    return text


def battle_text(battle: BattleView) -> Text:
    """The header, the players' ships and the enemy, one block."""
    text = battle_header(battle)
    text.append("\nOur ships", style="underline")
    for ship in battle.ships:
        text.append("\n")
        text.append_text(own_ship_text(ship))
    text.append("\nEnemy", style="underline")
    for enemy in battle.enemies:
        text.append("\n")
        text.append_text(enemy_text(enemy))
    return text


def entry_text(entry: PublicEntry) -> str:
    """One line of the players' log."""
    kind = entry.kind
    if kind == "phase":
        return f"— {phase_label(entry.phase, entry.step)}"
    if kind == "begin":
        return "The battle begins."
    if kind == "edge":
        return f"{entry.side} has the edge."
    if kind == "heading":
        heading = heading_name(entry.heading).lower() if entry.heading else "a heading"
        return f"{entry.side} declares {heading}."
    if kind == "range":
        return f"The range is {range_name(entry.range).lower()}." if entry.range else ""
    if kind == "attack":
        return f"{entry.ship} fires at {entry.target}: {'a hit' if entry.hit else 'a miss'}."
    if kind == "hit":
        if entry.ours:
            return f"{entry.target} takes {entry.amount} {entry.track}."
        return f"{entry.target} is hit: {words(entry.condition or '')}."
    if kind == "hurt":
        state = words(entry.condition or "")
        return f"{entry.character} is hurt: {entry.amount} {entry.track}, {state}."
    return order_words(entry.action or "", entry.ship or "")


# A ship's step in the players' words ("{ship}" is its name).
ORDER_WORDS = {
    "end_battle": "The battle is over.",
    "set_power": "{ship} shifts its power.",
    "roll_sensors": "{ship} sweeps with its sensors.",
    "roll_repair": "{ship}'s crew makes repairs.",
    "roll_leadership": "{ship}'s commander rallies the crew.",
    "set_commander": "{ship} has a new commander.",
    "apply_damage_manually": "{ship} takes damage.",
    "ram": "{ship} rams!",
    "board": "{ship} sends a boarding party across.",
    "self_destruct": "{ship} self-destructs!",
    "abandon_ship": "{ship}'s crew abandons ship.",
    "withdraw": "{ship} withdraws from the battle.",
}


def order_words(action: str, ship: str) -> str:
    """A ship's step as a sentence, never an action id."""
    sentence = ORDER_WORDS.get(action)
    if sentence is None:
        return f"{ship} orders: {words(action)}."
    return sentence.format(ship=ship)


def log_text(entries: tuple[PublicEntry, ...]) -> Text:
    if not entries:
        return Text("Nothing yet this round.", style="dim")
    return Text("\n".join(line for e in entries if (line := entry_text(e))))


def party_table(members: tuple[PartyMember, ...]) -> Table:
    """Who is where and how they are, one row a character."""
    table = Table(expand=True, box=None, pad_edge=False, header_style="bold")
    table.add_column("Character", ratio=3)
    table.add_column("Station", ratio=3)
    table.add_column("Condition", ratio=2)
    table.add_column("Stun", justify="right")
    table.add_column("Wound", justify="right")
    table.add_column("Mortal", justify="right")
    for m in members:
        where = f"{m.place} on {m.ship}" if m.place and m.ship else (m.place or "not posted")
        state = condition(m.state)
        if m.treated:
            state.append(", treated", style="cyan")
        who = m.name if not m.player else f"{m.name} ({m.player})"
        cells = [f"{m.damage.get(t, 0)}/{m.tracks[t]}" for t in ("stun", "wound", "mortal")]
        table.add_row(who, where, state, *cells)
    return table
