"""The standing line under the map: the turn against the victory turn, who acts, who stands,
what the victory side needs, and why the game ended once it has.

Written from `rules.skirmish.outcome.Standing` (typed values, never the log's words), in
words that shorten on a narrow screen instead of being cut.
"""

from __future__ import annotations

from rich.text import Text

from gmtool.rules.skirmish.outcome import Ending, EndReason, Standing
from gmtool.rules.skirmish.scenario import Scenario


def fit_words(choices: list[str], width: int) -> str:
    """The first of the wordings that fits the width (the last one whatever its length)."""
    return next((text for text in choices if len(text) <= width), choices[-1])


def ending_text(ending: Ending, scenario: Scenario, width: int = 80) -> str:
    """Why the game ended, in a sentence that fits the width."""
    rule = scenario.victory
    mine = scenario.side(rule.side).name
    theirs = scenario.side(scenario.other_side(rule.side)).name
    arrival = rule.arrival or "the end"
    count = f"{ending.standing} {mine} standing ({ending.needed} needed)"
    if ending.reason in (EndReason.HELD_OUT, EndReason.FELL_SHORT):
        held = ending.reason == EndReason.HELD_OUT
        began = f"Turn {rule.turn} began with {'' if held else 'only '}{count}"
        came = "in time" if held else "too late"
        return fit_words([f"{began}: {arrival} came {came}.", f"{began}."], width)
    if ending.reason == EndReason.WIPED_OUT:
        return f"Every {mine} figure has fallen (turn {ending.turn})."
    verdict = "enough" if ending.reason == EndReason.ENEMY_WIPED_OUT else "too few"
    fallen, tail = f"Every {theirs} figure has fallen", f"{count}: {verdict}."
    wordings = [f"{fallen} (turn {ending.turn}), with {tail}", f"{fallen}, with {tail}"]
    return fit_words([*wordings, f"{theirs} wiped out; {tail}"], width)


def standing_text(
    line: Standing, scenario: Scenario, players: dict[str, str], width: int = 80
) -> Text:
    """The two lines. `players` names who plays each side ("GM" or "app")."""
    names = {side.id: side.name for side in scenario.sides}
    if line.ending is not None:
        winner = names[line.ending.winner]
        over = f"Game over at turn {line.ending.turn}: {winner} win · n starts a new game"
        short = f"Game over: {winner} win · n new game"
        first = fit_words([f"{over}, ctrl+z takes back the last action", over, short], width)
        text = Text(first, style="bold reverse")
        text.append("\n")
        text.append(ending_text(line.ending, scenario, width), style="bold")
        return text
    turn = f"Turn {line.turn} of {line.victory_turn}"
    acting = ""
    if line.side_to_act is not None:
        who = players.get(line.side_to_act, "GM")
        acting = f"{names[line.side_to_act]} to act ({who}), action point {line.tier}"
    arrival, now = scenario.victory.arrival, f"{turn} · {acting}"
    arrives = f"{now} · {arrival} arrives when turn {line.victory_turn} begins"
    first = fit_words([arrives, now] if arrival else [now], width)
    mine = names[line.victory_side]
    lost = "" if line.can_still_win else ": cannot win now"
    others = ", ".join(f"{names[s]} {n} standing" for s, n in line.counts if s != line.victory_side)
    needs = f"{mine} {line.standing} standing, needs {line.needed}"
    whens = (f" when turn {line.victory_turn} begins", f" at turn {line.victory_turn}", "")
    second = fit_words([f"{needs}{when}{lost} · {others}" for when in whens], width)
    text = Text(first, style="bold")
    text.append("\n")
    text.append(second, style="" if line.can_still_win else "bold")
    return text
