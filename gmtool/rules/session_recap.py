"""A game session's recap in Markdown, worded from its typed facts (rules/session_facts.py).

Three cuts of the same facts: the GM's (everything), the players' (what their screen would
show: no enemy track or crew numbers, no GM notes, only the rolls the GM marked in front of
them, no report file, which names enemy scores) and the short one the app shows as
"Previously" when the next session starts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from gmtool.rules.checks import Degree
from gmtool.rules.session_facts import (
    BattleFact,
    Fact,
    GameFact,
    InjuryFact,
    RollFact,
    RollMark,
    SessionFacts,
    ShipChangeFact,
    ShipOutcome,
)

KIND_WORDS = {
    "hazard": "hurt",
    "damage": "hurt",
    "treatment": "treated",
    "rest": "rested",
    "recovery": "recovered after the battle",
}
CHANGE_WORDS = {
    "repair": "repaired",
    "crew_replaced": "took on new crew",
    "scrapped": "scrapped",
    "restored": "restored to service",
}
WHERE_WORDS = {"port": "in port", "sea": "at sea"}
DEGREE_WORDS = {"amazing": "Amazing success", "critical_failure": "Critical Failure"}
MARK_WORDS = {RollMark.PLAYERS: "marked", RollMark.GM: "marked, behind the screen"}
REASON_WORDS = {
    "held_out": "held out to the victory turn",
    "fell_short": "too few stood at the victory turn",
    "wiped_out": "the victory side was wiped out",
    "enemy_wiped_out": "the other side was wiped out",
    "enemy_wiped_out_too_few": "the other side was wiped out, but too few stood",
}
# How many lines each part of the short recap keeps.
SHORT_LINES = 3


def clock(time: str) -> str:
    """ "13:20" of an ISO time (its date and seconds left out)."""
    return time[11:16] if len(time) >= 16 else time


def day_and_clock(time: str) -> str:
    return time[:16].replace("T", " ")


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def tracks(values: Mapping[str, int], sign: str = "") -> str:
    return ", ".join(f"{sign}{n} {t}" for t, n in values.items() if n)


def enemy_condition(ship: ShipOutcome) -> str:
    """An enemy ship as the players saw it: its state in words, never its numbers."""
    if ship.fate == "operational":
        return "damaged" if ship.damaged else "undamaged"
    return ship.fate


def battle_ending(battle: BattleFact) -> str:
    rounds = plural(battle.rounds, "round")
    if not battle.finished:
        return f"still being fought in round {battle.rounds}"
    if battle.broke_off:
        names = " and ".join(battle.side_name(s) for s in battle.broke_off)
        return f"ended after {rounds}: {names} broke off"
    return f"ended after {rounds}"


def ship_line(ship: ShipOutcome, battle: BattleFact, players: bool) -> str:
    side = battle.side_name(ship.side)
    if players and not ship.ours:
        return f"{ship.name} ({side}): {enemy_condition(ship)}"
    losses = ship.losses
    marks = ", ".join(f"{ship.marked.get(t, 0)}/{n} {t}" for t, n in ship.points.items())
    crew = (
        f"crew losses {losses.get('total', 0)} of {ship.crew_total} "
        f"({losses.get('dead', 0)} dead, {losses.get('badly_wounded', 0)} badly, "
        f"{losses.get('lightly_wounded', 0)} lightly wounded)"
    )
    return f"{ship.name} ({side}): {ship.fate}; {marks}; {crew}"


def battle_lines(battle: BattleFact, players: bool) -> list[str]:
    sides = " against ".join(name for _, name in battle.sides)
    out = [f"### {battle.name}", "", f"{sides}: {battle_ending(battle)}."]
    if battle.report and not players:
        out.append(f"Report: `{battle.report}`.")
    out.append("")
    out += [f"- {ship_line(ship, battle, players)}" for ship in battle.ships]
    for hurt in battle.casualties:
        if players and not hurt.ours:
            continue
        parts = []
        if hurt.dead:
            parts.append("dead: " + ", ".join(hurt.dead))
        if hurt.badly_wounded:
            parts.append(f"{hurt.badly_wounded} badly wounded")
        if hurt.lightly_wounded:
            parts.append(f"{hurt.lightly_wounded} lightly wounded")
        if parts:
            out.append(f"- Casualties aboard {hurt.ship_name}: {'; '.join(parts)}.")
    return out


def injury_line(entry: InjuryFact) -> str:
    where = f" in {entry.battle}" if entry.battle else ""
    if entry.heals:
        back = tracks(entry.restored)
        words = KIND_WORDS.get(entry.kind, entry.kind)
        days = f" {plural(entry.days, 'day')}" if entry.kind == "rest" and entry.days else ""
        text = f"{entry.character} {words}{days}{where}"
        text += f": {back} back" if back else ""
        if entry.stabilized:
            text += ", stabilized"
    else:
        text = f"{entry.character} hurt{where}: {tracks(entry.marked, '+') or 'no harm'}"
    if entry.state != entry.state_before:
        text += f" ({entry.state.replace('_', ' ')})"
    return text


def change_line(change: ShipChangeFact) -> str:
    words = CHANGE_WORDS.get(change.kind, change.kind)
    text = f"{change.ship_name} {words}"
    if change.kind == "repair":
        where = WHERE_WORDS.get(change.where or "", change.where or "")
        text += f" {plural(change.days, 'day')} {where}".rstrip()
        text += f": {tracks({t: -n for t, n in change.marks.items()}) or 'nothing to mend'}"
        text += " mended"
    elif change.kind == "crew_replaced":
        text += f": {change.crew} aboard again"
    return f"{text}; {change.status.replace('_', ' ')}"


def game_line(game: GameFact) -> str:
    if game.winner is None:
        return f"{game.scenario} (game {game.game_id}): in play, turn {game.turn}"
    why = REASON_WORDS.get(game.reason or "", game.reason or "")
    count = f", {game.standing} standing of {game.needed} needed" if game.needed else ""
    won = f"{game.winner} won in turn {game.turn}"
    return f"{game.scenario} (game {game.game_id}): {won} ({why}{count})"


def degree_words(degree: str | None) -> str:
    """A check's degree as the GM reads it ("Amazing success", "Failure"); "" for dice."""
    if not degree:
        return ""
    if degree in DEGREE_WORDS:
        return DEGREE_WORDS[degree]
    try:
        return Degree(degree).label
    except ValueError:  # a degree this version does not know: as saved
        return degree


def roll_line(roll: RollFact, *, players: bool = False) -> str:
    """A roll worth remembering; the players' line leaves out the log's number and the mark."""
    degree = degree_words(roll.degree)
    purpose = roll.purpose or "no purpose given"
    text = f"{degree}: {purpose}" if degree else purpose
    text += f" ({roll.expression} = {roll.total})"
    if players:
        return text
    mark = f" [{MARK_WORDS[roll.mark]}]" if roll.mark else ""
    return f"#{roll.id} {text}{mark}"


def _section(title: str, lines: Iterable[str], short: bool) -> list[str]:
    items = list(lines)
    if not items:
        return []
    if short and len(items) > SHORT_LINES:
        items = [*items[:SHORT_LINES], f"and {len(items) - SHORT_LINES} more"]
    return ["", f"## {title}", "", *(f"- {line}" for line in items)]


def recap_markdown(session: SessionFacts, *, players: bool = False, short: bool = False) -> str:
    """The session's recap. `players`: only what the players may know; `short`: a line a
    battle and the first few of everything else (the app's "Previously")."""
    info = session.session
    out = [f"# {info.title} (session {info.id})", ""]
    ended = f", ended {day_and_clock(info.ended)}" if info.ended else ", still open"
    out.append(f"Started {day_and_clock(info.started)}{ended}.")
    if session.battles:
        if short:
            out += _section(
                "Battles",
                (f"{b.name}: {battle_ending(b)}" + _dead_words(b) for b in session.battles),
                short,
            )
        else:
            out += ["", "## Battles"]
            for battle in session.battles:
                out += ["", *battle_lines(battle, players)]
    out += _section("The party", (timed(e, injury_line(e)) for e in session.injuries), short)
    changes = [c for c in session.ship_changes if c.ours or not players]
    out += _section("Ships between battles", (timed(c, change_line(c)) for c in changes), short)
    out += _section("Torga IV", (game_line(g) for g in session.games), short)
    if players:
        shown = (r for r in session.rolls if r.for_players)
        out += _section("Rolls to remember", (roll_line(r, players=True) for r in shown), short)
    else:
        out += _section("Notable rolls", (timed(r, roll_line(r)) for r in session.rolls), short)
        out += _section("Notes", (timed(n, n.text) for n in session.notes), short)
        if session.gaps and not short:
            out += _section("Not read", session.gaps, short)
    if len(out) == 3:
        out += ["", "Nothing was recorded in this session."]
    return "\n".join(out) + "\n"


def _dead_words(battle: BattleFact) -> str:
    """The players' named dead of a battle in a line: the first few, then how many more
    (every name, the enemy's too, is in the full recap's casualties)."""
    dead = [name for c in battle.casualties if c.ours for name in c.dead]
    if not dead:
        return ""
    more = f", and {len(dead) - SHORT_LINES} more" if len(dead) > SHORT_LINES else ""
    return f"; dead: {', '.join(dead[:SHORT_LINES])}{more}"


def timed(fact: Fact, text: str) -> str:
    return f"{clock(fact.time)} {text}"


def fact_kind(fact: Fact) -> str:
    """The kind of a timeline fact, in a word: the journal's column before what it says."""
    if isinstance(fact, BattleFact):
        return "Battle"
    if isinstance(fact, InjuryFact):
        return "Healed" if fact.heals else "Hurt"
    if isinstance(fact, ShipChangeFact):
        return "Ship"
    if isinstance(fact, GameFact):
        return "Torga IV"
    if isinstance(fact, RollFact):
        return "Roll"
    return "Note"


# The widest kind word: the command line's timeline lines its texts up after it.
KIND_WIDTH = 8


def fact_text(fact: Fact) -> str:
    """What a fact of the timeline says, without its time or its kind (`fact_kind`)."""
    if isinstance(fact, BattleFact):
        return f"{fact.name}: {battle_ending(fact)}{_dead_words(fact)}"
    if isinstance(fact, InjuryFact):
        return injury_line(fact)
    if isinstance(fact, ShipChangeFact):
        return change_line(fact)
    if isinstance(fact, GameFact):
        return game_line(fact)
    if isinstance(fact, RollFact):
        return roll_line(fact)
    return fact.text


def timeline_lines(session: SessionFacts) -> list[str]:
    """The whole session, a line a fact: its time, its kind, what it says, in the order it
    happened."""
    return [
        f"{clock(fact.time)} {fact_kind(fact):<{KIND_WIDTH}} {fact_text(fact)}"
        for fact in session.timeline()
    ]
