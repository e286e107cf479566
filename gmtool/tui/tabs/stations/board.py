"""The station board as table rows: who is at each station, what they do, the check each
row rolls (`actions.station_rolls.row_check`: the Score shown is the check Enter rolls), and
how names and places are shortened to fit a narrow board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec
from rich.text import Text

from gmtool.actions.party import place_name
from gmtool.actions.station_rolls import StationCheck, row_check
from gmtool.rules.characters import Party, character_table, skill_label
from gmtool.rules.checks import checks_table
from gmtool.rules.stations import (
    Occupant,
    StationBoard,
    StationLine,
    StationRoll,
    station_table,
)
from gmtool.tui.widgets.names import cut_name

if TYPE_CHECKING:
    from gmtool.rules.battle.scores import ScoreChoice

TASK_TEXT = {
    "hands_on": "hands-on",
    "leading": "leading",
    "standing_by": "stand by",
    "out_of_action": "out",
}


# Shorter words for place names in narrow columns: how the table's names read at a glance.
SHORT_WORDS = {
    "information": "info",
    "defenses": "def.",
    "defences": "def.",
    "security": "sec.",
    "communications": "comms",
    "engineering": "eng.",
    "operations": "ops",
}


def short_place(name: str, width: int) -> str:
    """A station or place name in at most `width` cells: the name when it fits, else with
    "&" for "and", without "the", then with its long words shortened from the last
    ("Weapons & def.", "Combat info", "Internal sec."); cut with "…" only as a last resort."""
    if len(name) <= width:
        return name
    words = [w for w in name.replace(" and ", " & ").split() if w.lower() != "the"]
    for index in range(len(words) - 1, -1, -1):
        if len(" ".join(words)) <= width:
            break
        word = words[index]
        shorter = SHORT_WORDS.get(word.lower())
        if shorter is None and len(word) > 5:
            shorter = word[:4] + "."
        if shorter is not None:
            words[index] = shorter.capitalize() if word[0].isupper() else shorter
    return cut_name(" ".join(words), width)


def ladder_rung(step: int) -> int | None:
    """The rung a check at `step` is rolled at when the step is below the ladder (as
    `CheckResult.ladder_step` says of a rolled one); None when it is on the ladder."""
    lowest = checks_table().lowest_step
    return lowest if step < lowest else None


def score_text(score: int | None, step: int | None) -> str:
    """The Score cell: '12 +1'; a step below the ladder shows the rung rolled, marked
    ('12 -5*'; the detail line says why)."""
    if score is None or step is None:
        return ""
    rung = ladder_rung(step)
    return f"{score} {step:+d}" if rung is None else f"{score} {rung:+d}*"


def step_words(step: int) -> str:
    """'at +1'; 'at -7 (below the ladder: rolled at -5)'."""
    rung = ladder_rung(step)
    below = "" if rung is None else f" (below the ladder: rolled at {rung:+d})"
    return f"at {step:+d}{below}"


def with_text(cell: Any, text: str) -> Any:
    """The cell with `text` in it (a Text keeps its style)."""
    if isinstance(cell, Text):
        return cell if text == cell.plain else Text(text, style=cell.style)
    return text


def cut_cell(cell: Any, width: int) -> Any:
    """Text cut to `width` with "…" (a skill or a station's note; the detail line has it)."""
    return with_text(cell, cut_name(cell.plain if isinstance(cell, Text) else str(cell), width))


BOARD_COLUMNS = ("Station", "Who", "Task", "Skill", "Score", "Posture")
NARROW_STATION = 14  # "Communications", "Boarding party"; longer names are shortened


def board_columns(width: int) -> list[tuple[str, int]]:
    """Column widths that fit a board `width` cells wide (a narrow board drops Skill and
    shortens station names to NARROW_STATION)."""
    content = width - 2 - 2 * len(BOARD_COLUMNS)  # scrollbar, one cell of padding a side
    fixed = {"Station": 20, "Task": 9, "Score": 6, "Posture": 10}
    rest = content - sum(fixed.values())
    if rest >= 26:
        # Skill first up to 15 ("Infantry combat", "Space combat" whole), then Who.
        skill = min(22, max(15, rest * 2 // 5))
        who = min(22, rest - skill)
        widths = {**fixed, "Who": who, "Skill": min(rest - who, 22)}
        return [(name, widths[name]) for name in BOARD_COLUMNS]
    content = width - 2 - 2 * 5
    who = max(10, content - NARROW_STATION - 8 - 5 - 3)
    return [("Station", NARROW_STATION), ("Who", who), ("Task", 8), ("Score", 5), ("Posture", 3)]


class BoardRow(msgspec.Struct, frozen=True):
    """One row of the board: a character at a place, or the crew's roll at a station."""

    key: str
    place: str
    character_id: str | None
    cells: tuple[Any, ...]  # station, who, task, skill, score, posture
    detail: Text
    check: StationCheck | None = None  # what Enter rolls on this row (the Score shown)


def _roll_text(roll: StationRoll, names: dict[str, str], crew_score: int) -> str:
    from gmtool.rules.battle.scores import board_choice  # not at start-up: see _better_of

    if roll.roller is None:
        who = f"the crew rolls {roll.score} {step_words(roll.step)}"
    else:
        skill = skill_label(roll.skill) if roll.skill else "?"
        who = f"{names[roll.roller]} rolls {skill} {roll.score} {step_words(roll.step)}"
        choice = None
        if roll.skill:
            choice = board_choice(roll.roll, roll.skill, roll.score, roll.step, crew_score)
        if choice is not None and choice.crew_better:
            who = (
                f"{names[roll.roller]} rolls the crew check {choice.crew_score} at "
                f"{choice.crew_step:+d} (better than {skill} {roll.score})"
            )
    if roll.led_by is not None:
        who += f", led by {names[roll.led_by]}"
    return who


def _station_summary(line: StationLine, names: dict[str, str], crew_score: int) -> Text:
    if line.roll is None:
        return Text.assemble((line.name, "bold"), f": {line.note}")
    roll_name = station_table().rolls[line.roll].name
    said = line.note
    if line.rolls:
        said = "; ".join(_roll_text(r, names, crew_score) for r in line.rolls) + "."
    return Text.assemble((line.name, "bold"), f" ({roll_name.lower()}): {said}")


def led_team(occ: Occupant) -> str | None:
    """The other station whose team the character leads (None: their own, or no lead)."""
    if occ.task == "leading" and occ.target not in (None, occ.station_id):
        return place_name(occ.target or "")
    return None


def doing(occ: Occupant) -> str:
    """What a character does this round, in words: 'hands-on', 'leading the Sensors team'."""
    team = led_team(occ)
    return f"leading the {team} team" if team else TASK_TEXT[occ.task]


def _occupant_detail(occ: Occupant) -> str:
    parts = [f"{occ.name}: {doing(occ)}"]
    if occ.skill is not None and occ.score is not None and occ.step is not None:
        basis = " (broad skill)" if occ.basis == "broad" else ""
        parts.append(f"{skill_label(occ.skill)} {occ.score} {step_words(occ.step)}{basis}")
    parts.append(occ.posture)
    if occ.note:
        parts.append(occ.note)
    return ", ".join(parts)


def _better_of(board: StationBoard, occ: Occupant) -> ScoreChoice | None:
    """Where the battle rolls the better of the occupant's skill and the crew check (the
    weapons console, the helm, the sensors): both scores."""
    # imported here: the battle rules load when a board is drawn, not at start-up
    from gmtool.rules.battle.scores import board_choice

    for line in board.lines:
        for roll in line.rolls:
            if roll.roller == occ.character_id and roll.skill is not None:
                return board_choice(roll.roll, roll.skill, roll.score, roll.step, board.crew_score)
    return None


def _station_row(
    rows: list[BoardRow], line: StationLine, key: str, cells: tuple[Any, ...], detail: Text,
    who: str | None = None, check: StationCheck | None = None,
) -> None:  # fmt: skip
    """A row of the station on `line`, its name on the station's first row only."""
    station = line.station_id
    name = Text("" if rows and rows[-1].place == station else line.name, style="bold")
    rows.append(BoardRow(f"{station}:{key}", station, who, (name, *cells), detail, check))


def board_rows(board: StationBoard, party: Party) -> list[BoardRow]:
    """The board as table rows: each station's characters, then its crew roll; off-station
    characters of the ship last. Where the battle rolls the better of a character's skill
    and the crew check, the Score is the one that rolls; the Skill says when it is the
    crew's, with the character's own beside it, and the detail line gives both."""
    names = {c.id: c.name for c in party.characters}
    rows: list[BoardRow] = []
    for line in board.lines:
        summary = _station_summary(line, names, board.crew_score)
        for index, occ in enumerate(line.occupants):
            team = led_team(occ)
            task = f"leads {team}" if team else TASK_TEXT[occ.task]
            style = "red" if occ.task == "out_of_action" else ""
            skill: Text | str = (
                character_table().skill(occ.skill).name if occ.skill is not None else ""
            )
            if occ.skill is None and occ.note:
                skill = Text(occ.note, style="dim")
            check = row_check(board, line.station_id, occ.character_id)
            score = score_text(check.score, check.step) if check is not None else ""
            detail = _occupant_detail(occ)
            if (choice := _better_of(board, occ)) is not None:
                detail += f"; in battle {choice.describe()}: {choice.rolls} rolls"
            if check is not None and check.crew_check:
                skill = Text(f"crew check (own {check.own_score})", style="italic")
            who, doing_now = Text(occ.name, style=style), Text(task, style=style)
            cells: tuple[Any, ...] = (who, doing_now, skill, score, occ.posture)
            whole = Text.assemble(summary, "\n", detail)
            _station_row(rows, line, str(index), cells, whole, occ.character_id, check)
        crew_rolls = [r for r in line.rolls if r.roller is None]
        for roll in crew_rolls:
            led = Text("led" if roll.led_by else "", style="dim")
            crew, score = Text("crew", style="italic dim"), score_text(roll.score, roll.step)
            cells = (crew, led, Text("crew check", style="dim"), score, "")
            check = row_check(board, line.station_id, None)
            _station_row(rows, line, "crew", cells, summary, None, check)
        if not line.occupants and not crew_rolls:
            cells = (Text("—", style="dim"), "", Text(line.note, style="dim"), "", "")
            _station_row(rows, line, "empty", cells, summary)
    table = station_table()
    for assignment in board.off_station:
        place = table.off_station[assignment.place]
        name = names.get(assignment.character_id, assignment.character_id)
        hazard = "rolls for hazards aboard" if place.aboard else "not aboard: no hazard rolls"
        cells = (Text(place.name, style="italic"), name, "", "", "", assignment.posture)
        said = Text.assemble((place.name, "bold"), f": {name}, {assignment.posture}; {hazard}.")
        character = assignment.character_id
        rows.append(BoardRow(f"off:{character}", assignment.place, character, cells, said))
    return rows
