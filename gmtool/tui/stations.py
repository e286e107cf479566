"""Stations tab: the party at battle stations on one ship, and the party's characters.

The board renders `gmtool.rules.stations.station_board` for the chosen ship; every key asks
an action of `gmtool.actions.party` (assign, move, task, posture, characters, party files),
which checks it and saves the whole party as one commit, so ctrl+z steps back one action and
a restart finds it all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from gmtool.actions import party as party_actions
from gmtool.actions.errors import ActionRefused
from gmtool.actions.party import StationChanged, place_name
from gmtool.rules.characters import Character, Party, character_table, skill_label
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import (
    Assignment,
    Occupant,
    StationBoard,
    StationLine,
    StationRoll,
    assignment_of,
    station_board,
    station_table,
)
from gmtool.store.errors import StoreError
from gmtool.store.party import campaign_ships, load_party_state
from gmtool.store.ships import ShipRecord
from gmtool.tui.character_form import CharacterForm, state_text
from gmtool.tui.dialogs import ChoiceDialog, ConfirmDialog
from gmtool.tui.dialogs.choice import TITLE_ROOM
from gmtool.tui.dialogs.file_path import FileDialog
from gmtool.tui.pane import GmPane

if TYPE_CHECKING:
    from gmtool.rules.battle.scores import ScoreChoice

HELP = """\
Put the party at battle stations before a fight. Pick a ship; the board shows its twelve
stations, who is at each, what each character does this round (**hands-on**: rolls the
station's check with their own skill; **leading**: a Leadership check that helps the team's
roll; **stand by**: adds nothing this round), the skill and the score and step that will be
rolled, and each character's posture for hazard rolls (**secure**: strapped in; **vulnerable**:
moving about). A station nobody takes rolls the crew check score of the ship's crew quality.
One station, one roll per round: when two characters could take the same roll, the better
one rolls and the other stands by (or leads). Off-station characters (brig, sickbay, away)
are listed under the stations.

The list on the right is the whole party: where each character is, **unassigned** ones
highlighted. Every change is saved at once; ctrl+z undoes the last one.

| key | does |
|---|---|
| a | assign: on the board, choose who goes to this station; in the list, choose a place |
| m | move the highlighted character to a place you choose (on a crew row: choose who) |
| o | off station: brig, sickbay or away from the ship |
| p | posture: secure / vulnerable |
| l | leading / hands-on (from Command or Combat information: choose the team to lead) |
| u | unassign: take the character off their station |
| s | switch to the next ship |
| n | new character |
| e | edit the highlighted character (abilities, skills, damage) |
| x | delete the highlighted character (asks first) |
| i | import a party YAML file (characters and stations; nothing changes if it has a mistake) |
| ctrl+e | export the party as YAML |
| ctrl+z | undo the last change made here |
| tab | between the ship list, the board and the character list |
"""

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
    text = " ".join(words)
    return text if len(text) <= width else text[: width - 1] + "…"


def short_skill(skill_id: str | None) -> str:
    """'Space combat' for tactics-space_combat; a broad skill by its own name."""
    if skill_id is None:
        return ""
    skill = character_table().skill(skill_id)
    return skill.name


def score_text(score: int | None, step: int | None) -> str:
    if score is None or step is None:
        return ""
    return f"{score} {step:+d}"


def untitled(name: str) -> str:
    """A name without its title or rank: its last two words ('Captain Ines Calloway' ->
    'Ines Calloway'); a name of one or two words as it is ('Gunner Ox')."""
    words = name.split()
    return " ".join(words[-2:]) if len(words) > 2 else name


def fit_names(names: Sequence[str], width: int, whole: bool | None = None) -> list[str]:
    """Names for one column `width` cells wide, by one rule for every row: all whole when
    all fit; else every name without its title (so one row never drops a rank the next
    keeps), and one still too long ends in '…'. `whole` decides for a column that must
    read like another one (the Stations tab's board and list)."""
    if whole is None:
        whole = all(len(name) <= width for name in names)
    if whole:
        return list(names)
    shorter = [untitled(name) for name in names]
    return [n if len(n) <= width else n[: max(width - 1, 1)] + "…" for n in shorter]


def _with_text(cell: Any, text: str) -> Any:
    """The cell with `text` in it (a Text keeps its style)."""
    if isinstance(cell, Text):
        return cell if text == cell.plain else Text(text, style=cell.style)
    return text


def _cut_cell(cell: Any, width: int) -> Any:
    """Text cut to `width` with "…" (a skill or a station's note; the detail line has it)."""
    plain = cell.plain if isinstance(cell, Text) else str(cell)
    if len(plain) <= width:
        return cell
    cut = plain[: width - 1] + "…"
    return Text(cut, style=cell.style) if isinstance(cell, Text) else cut


def party_title(count: int, unassigned: int, width: int) -> str:
    """The party list's title in `width` cells: 'Party 8: 1 unassigned', shorter when that
    does not fit ('1 of 8 unassigned'); the label wraps what still does not."""
    if count == 0:
        return "Party: no one yet"
    if unassigned == 0:
        choices = [f"Party {count}: all placed", f"All {count} placed"]
    else:
        choices = [f"Party {count}: {unassigned} unassigned", f"{unassigned} of {count} unassigned"]
    return next((c for c in choices if len(c) <= width), choices[-1])


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
        return [
            ("Station", 20),
            ("Who", who),
            ("Task", 9),
            ("Skill", min(rest - who, 22)),
            ("Score", 6),
            ("Posture", 10),
        ]
    content = width - 2 - 2 * 5
    who = max(10, content - NARROW_STATION - 8 - 5 - 3)
    return [("Station", NARROW_STATION), ("Who", who), ("Task", 8), ("Score", 5), ("Posture", 3)]


@dataclass(frozen=True)
class BoardRow:
    """One row of the board: a character at a place, or the crew's roll at a station."""

    key: str
    place: str
    character_id: str | None
    cells: tuple[Any, ...]  # station, who, task, skill, score, posture
    detail: Text


def _roll_text(roll: StationRoll, names: dict[str, str], crew_score: int) -> str:
    from gmtool.rules.battle.scores import board_choice  # not at start-up: see _better_of

    if roll.roller is None:
        who = f"the crew rolls {roll.score} at {roll.step:+d}"
    else:
        skill = skill_label(roll.skill) if roll.skill else "?"
        who = f"{names[roll.roller]} rolls {skill} {roll.score} at {roll.step:+d}"
        choice = (
            board_choice(roll.roll, roll.skill, roll.score, roll.step, crew_score)
            if roll.skill
            else None
        )
        if choice is not None and choice.crew_better:
            who = (
                f"{names[roll.roller]} rolls the crew check {choice.crew_score} at "
                f"{choice.crew_step:+d} (better than {skill} {roll.score})"
            )
    if roll.led_by is not None:
        who += f", led by {names[roll.led_by]}"
    return who


def _station_summary(line: StationLine, names: dict[str, str], crew_score: int) -> Text:
    table = station_table()
    if line.roll is None:
        return Text.assemble((line.name, "bold"), f": {line.note}")
    roll_name = table.rolls[line.roll].name
    if not line.rolls:
        return Text.assemble((line.name, "bold"), f" ({roll_name.lower()}): {line.note}")
    rolls = "; ".join(_roll_text(r, names, crew_score) for r in line.rolls)
    return Text.assemble((line.name, "bold"), f" ({roll_name.lower()}): {rolls}.")


def _doing(occ: Occupant) -> str:
    """What a character does this round, in words: 'hands-on', 'leading the Sensors team'."""
    if occ.task == "leading" and occ.target not in (None, occ.station_id):
        return f"leading the {place_name(occ.target or '')} team"
    return TASK_TEXT[occ.task]


def _occupant_detail(occ: Occupant) -> str:
    task = TASK_TEXT[occ.task]
    parts = [f"{occ.name}: {task}"]
    if occ.task == "leading" and occ.target is not None and occ.target != occ.station_id:
        parts[0] += f" the {place_name(occ.target)} team"
    if occ.skill is not None and occ.score is not None and occ.step is not None:
        basis = " (broad skill)" if occ.basis == "broad" else ""
        parts.append(f"{skill_label(occ.skill)} {occ.score} at {occ.step:+d}{basis}")
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


def _choice_text(choice: ScoreChoice) -> str:
    """'in battle the better of System Operation—weapons 10 and the crew check 12: the
    crew check rolls'."""
    return f"in battle {choice.describe()}: {choice.rolls} rolls"


def board_rows(board: StationBoard, party: Party) -> list[BoardRow]:
    """The board as table rows: each station's characters, then its crew roll; off-station
    characters of the ship last. Where the battle rolls the better of a character's skill
    and the crew check, the Score is the one that rolls; the Skill says when it is the
    crew's, with the character's own beside it, and the detail line gives both."""
    names = {c.id: c.name for c in party.characters}
    rows: list[BoardRow] = []
    dim = "dim"
    for line in board.lines:
        summary = _station_summary(line, names, board.crew_score)
        first = True

        def station_cell(line: StationLine = line) -> Text:
            nonlocal first
            cell = Text(line.name if first else "", style="bold")
            first = False
            return cell

        for index, occ in enumerate(line.occupants):
            task = TASK_TEXT[occ.task]
            if occ.task == "leading" and occ.target not in (None, occ.station_id):
                task = f"leads {place_name(occ.target or '')}"
            style = "red" if occ.task == "out_of_action" else ""
            skill: Text | str = short_skill(occ.skill)
            if occ.skill is None and occ.note:
                skill = Text(occ.note, style=dim)
            score = score_text(occ.score, occ.step)
            choice = _better_of(board, occ)
            detail = _occupant_detail(occ)
            if choice is not None:
                detail += f"; {_choice_text(choice)}"
                if choice.crew_better:
                    score = score_text(choice.crew_score, choice.crew_step)
                    skill = Text(f"crew check (own {choice.skill_score})", style="italic")
            rows.append(
                BoardRow(
                    key=f"{line.station_id}:{index}",
                    place=line.station_id,
                    character_id=occ.character_id,
                    cells=(
                        station_cell(),
                        Text(occ.name, style=style),
                        Text(task, style=style),
                        skill,
                        score,
                        occ.posture,
                    ),
                    detail=Text.assemble(summary, "\n", detail),
                )
            )
        crew_rolls = [r for r in line.rolls if r.roller is None]
        for roll in crew_rolls:
            rows.append(
                BoardRow(
                    key=f"{line.station_id}:crew",
                    place=line.station_id,
                    character_id=None,
                    cells=(
                        station_cell(),
                        Text("crew", style="italic dim"),
                        Text("led" if roll.led_by else "", style=dim),
                        Text("crew check", style=dim),
                        score_text(roll.score, roll.step),
                        "",
                    ),
                    detail=summary,
                )
            )
        if not line.occupants and not crew_rolls:
            rows.append(
                BoardRow(
                    key=f"{line.station_id}:empty",
                    place=line.station_id,
                    character_id=None,
                    cells=(
                        station_cell(),
                        Text("—", style=dim),
                        "",
                        Text(line.note, style=dim),
                        "",
                        "",
                    ),
                    detail=summary,
                )
            )
    table = station_table()
    for assignment in board.off_station:
        place = table.off_station[assignment.place]
        name = names.get(assignment.character_id, assignment.character_id)
        hazard = "rolls for hazards aboard" if place.aboard else "not aboard: no hazard rolls"
        rows.append(
            BoardRow(
                key=f"off:{assignment.character_id}",
                place=assignment.place,
                character_id=assignment.character_id,
                cells=(Text(place.name, style="italic"), name, "", "", "", assignment.posture),
                detail=Text.assemble(
                    (place.name, "bold"), f": {name}, {assignment.posture}; {hazard}."
                ),
            )
        )
    return rows


# -- the tab --------------------------------------------------------------------------------


class _PaneKeys:
    """Forwards a key to the Stations pane, so the focused widget's footer shows it (and
    hides it when the pane says the key means nothing now)."""

    def _pane(self) -> StationsPane | None:
        ancestors = self.ancestors  # type: ignore[attr-defined]
        return next((a for a in ancestors if isinstance(a, StationsPane)), None)

    def action_pane(self, name: str) -> None:
        pane = self._pane()
        if pane is not None:
            getattr(pane, f"action_{name}")()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        pane = self._pane()
        if action == "pane" and parameters and pane is not None:
            return pane.check_action(str(parameters[0]), ())
        return True


class ProblemNote(Static, can_focus=True):
    """What stops the tab (the party does not read), in its main area; it takes the focus,
    so no key of the hidden board or list acts."""


class BoardTable(_PaneKeys, DataTable[Any]):
    """The station board; its footer shows the station keys."""

    BINDINGS = [
        Binding("a", "pane('assign')", "Assign"),
        Binding("m", "pane('move')", "Move"),
        Binding("p", "pane('posture')", "Posture"),
        Binding("l", "pane('lead')", "Lead"),
        Binding("o", "pane('off_station')", "Off"),
        Binding("u", "pane('unassign')", "Unassign"),
        Binding("ctrl+z", "pane('undo')", "Undo"),
        Binding("s", "pane('next_ship')", "Ship"),
    ]

    def on_resize(self) -> None:
        pane = next((a for a in self.ancestors if isinstance(a, StationsPane)), None)
        if pane is not None:
            pane.board_resized()


class PartyList(_PaneKeys, OptionList):
    """The party's characters; its footer shows the character keys."""

    BINDINGS = [
        Binding("n", "pane('new_character')", "New"),
        Binding("e", "pane('edit_character')", "Edit"),
        Binding("x", "pane('delete_character')", "Delete"),
        Binding("a", "pane('assign')", "Assign"),
        Binding("m", "pane('move')", "Move"),
        Binding("i", "pane('import')", "Import"),
        Binding("ctrl+e", "pane('export')", "Export"),
        Binding("ctrl+z", "pane('undo')", "Undo"),
    ]

    def on_resize(self) -> None:
        pane = next((a for a in self.ancestors if isinstance(a, StationsPane)), None)
        if pane is not None and pane.is_mounted:
            pane.party_resized()


PARTY_ACTIONS = frozenset(
    {
        "assign",
        "move",
        "off_station",
        "posture",
        "lead",
        "unassign",
        "next_ship",
        "new_character",
        "edit_character",
        "delete_character",
        "import",
        "export",
        "undo",
    }
)
"""The tab's actions that read or change the saved party: off while it cannot be read."""


def unreadable_party_text(problem: str) -> str:
    """What the tab says in its main area when the saved party does not read: the store's
    message (the file, why, and any good backup) and what the GM can do about it."""
    return (
        "The party cannot be read, so this tab changes nothing until it can: no new "
        "characters, no edits, no stations, no import and no undo (each would have to "
        "rewrite the party file).\n\n"
        f"{problem[0].upper()}{problem[1:]}\n\n"
        "What to do: close gmtool (ctrl+q), then copy the good backup over the file if one "
        "is named above, or mend the file by hand. Moving the file aside starts an empty "
        "party (i then imports a party YAML file, such as an export). The other tabs still "
        "work; this one reads the file again each time it is shown."
    )


class StationsPane(GmPane):
    TAB_ID = "stations"
    TITLE = "Stations"
    HELP = HELP
    PALETTE = [
        ("Assign to a station", "Put a character at a station of this ship", "action_assign"),
        ("Move a character", "Move a character to another station or ship", "action_move"),
        ("Off station", "Put a character in the brig, in sickbay or away", "action_off_station"),
        ("Toggle posture", "Secure (strapped in) or vulnerable", "action_posture"),
        ("Toggle leading / hands-on", "What the character does this round", "action_lead"),
        ("Unassign", "Take a character off their station", "action_unassign"),
        ("Next ship", "Show the next ship's stations", "action_next_ship"),
        ("New character", "Create a player character or NPC", "action_new_character"),
        ("Edit character", "Abilities, skills and damage", "action_edit_character"),
        ("Delete character", "Remove a character from the campaign", "action_delete_character"),
        ("Import party", "Read characters and stations from a YAML file", "action_import"),
        ("Export party", "Write characters and stations to a YAML file", "action_export"),
        ("Undo station change", "Undo the last change made in this tab", "action_undo"),
    ]
    # Every key works anywhere in the tab; the board and the list show theirs in the footer.
    BINDINGS = [
        Binding("a", "assign", "Assign", show=False),
        Binding("m", "move", "Move", show=False),
        Binding("o", "off_station", "Off station", show=False),
        Binding("p", "posture", "Posture", show=False),
        Binding("l", "lead", "Lead", show=False),
        Binding("u", "unassign", "Unassign", show=False),
        Binding("s", "next_ship", "Ship", show=False),
        Binding("n", "new_character", "New", show=False),
        Binding("e", "edit_character", "Edit", show=False),
        Binding("x", "delete_character", "Delete", show=False),
        Binding("i", "import", "Import", show=False),
        Binding("ctrl+e", "export", "Export", show=False),
        Binding("ctrl+z", "undo", "Undo", show=False),
    ]

    DEFAULT_CSS = """
    StationsPane #ship-row { height: 1; margin-bottom: 1; }
    StationsPane #ship-select { width: 44; }
    StationsPane #crew-info { padding-left: 2; color: $text-muted; width: 1fr; }
    StationsPane #stations-main { height: 1fr; }
    StationsPane #board { width: 1fr; height: 1fr; }
    StationsPane #party-side { width: 28; height: 1fr; padding-left: 1; }
    StationsPane #party-title { width: 100%; height: auto; color: $text-muted; }
    StationsPane #party-title.unassigned { color: $warning; }
    StationsPane #party-list { height: 1fr; border: none; padding: 0; }
    StationsPane #station-detail { height: 2; margin-top: 1; color: $text; }
    StationsPane #stations-status { height: auto; max-height: 3; color: $text-muted; }
    StationsPane #stations-status.error { color: $error; }
    StationsPane #party-problem {
        display: none; height: auto; max-height: 1fr; padding: 1 2; border: round $error;
    }
    StationsPane.-narrow #party-side { width: 21; }
    StationsPane.-narrow #ship-select { width: 34; }
    StationsPane.-narrow #station-detail { height: auto; max-height: 3; margin-top: 0; }
    """

    NARROW = 110  # below this width the side list is narrower

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.party = Party(())
        self.ships: list[ShipRecord] = []
        self.ship_id: str | None = None
        self.board: StationBoard | None = None
        self.rows: list[BoardRow] = []
        self._board_width = 0
        self._party_width = 0
        # whether the board and the list were drawn with every name whole
        self._board_names_whole = True
        self._list_names_whole = True
        # why the saved party (or the ships) cannot be read; None when they read
        self.party_problem: str | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="ship-row"):
            yield Label("Ship ", classes="field-label")
            yield Select[str]([], prompt="no ships", id="ship-select", compact=True)
            yield Label("", id="crew-info")
        with Horizontal(id="stations-main"):
            yield BoardTable(id="board", cursor_type="row", zebra_stripes=True)
            with Vertical(id="party-side"):
                yield Label("Characters", id="party-title")
                yield PartyList(id="party-list")
        yield ProblemNote("", id="party-problem")
        yield Static("", id="station-detail")
        yield Static(
            "a assigns, m moves, p posture, n new character; F1 for every key.",
            id="stations-status",
        )

    def on_mount(self) -> None:
        self.reload()

    def on_show(self) -> None:
        # Other tabs (ships, hazards, battles) may have changed the party or the ships.
        if self.is_mounted:
            self.reload()

    def on_resize(self) -> None:
        self.set_class(self.size.width < self.NARROW, "-narrow")

    def party_resized(self) -> None:
        width = self.query_one("#party-list", OptionList).size.width
        if width != self._party_width:
            self._party_width = width
            self._render_party()
            if self._names_whole() != self._board_names_whole:
                self._render_board()  # the names there follow the list's

    def board_resized(self) -> None:
        width = self.query_one("#board", DataTable).size.width
        if width != self._board_width:
            self._board_width = width
            self._render_board()
            if self._names_whole() != self._list_names_whole:
                self._render_party()

    def _names_whole(self) -> bool:
        """Whether the board and the list show every name whole: only when every name
        fits in both, so that the two never show one person differently."""
        who = dict(board_columns(self.query_one("#board", DataTable).size.width))["Who"]
        listed = (self.query_one("#party-list", OptionList).size.width or 26) - 2
        on_board = {r.character_id for r in self.rows if r.character_id is not None}
        return all(
            len(c.name) <= listed and (c.id not in on_board or len(c.name) <= who)
            for c in self.party.characters
        )

    def focus_default(self) -> None:
        if self.party_problem is not None:
            self.query_one("#party-problem", ProblemNote).focus()
        else:
            self.query_one("#board", DataTable).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # While the party does not read, no key that reads or writes it is offered.
        return not (self.party_problem is not None and action in PARTY_ACTIONS)

    def _refused(self) -> bool:
        """True (and says so) while the party cannot be read: nothing may touch it."""
        if self.party_problem is None:
            return False
        self._show("Not done: the party cannot be read (see above); nothing was changed.", True)
        return True

    # -- loading and rendering --------------------------------------------------------------
    def reload(self) -> None:
        try:
            self.party = load_party_state(self.campaign)
        except (RulesError, StoreError) as exc:
            self._set_problem(str(exc))
            return
        try:
            self.ships = campaign_ships(self.campaign)
        except (RulesError, StoreError) as exc:
            self._set_problem(f"the ships do not read: {exc}")
            return
        self._set_problem(None)
        ids = [s.id for s in self.ships]
        if self.ship_id not in ids:
            # Start on the ship most of the party is aboard (the first ship on a tie).
            aboard = [a.ship_id for a in self.party.assignments]
            self.ship_id = max(ids, key=lambda i: (aboard.count(i), -ids.index(i)), default=None)
        select = self.query_one("#ship-select", Select)
        with self.prevent(Select.Changed):
            select.set_options([(self._ship_label(s), s.id) for s in self.ships])
            if self.ship_id is not None:
                select.value = self.ship_id
        self._refresh_view()

    def _set_problem(self, problem: str | None) -> None:
        """Show the tab (None) or, in its place, why the party cannot be read."""
        was = self.party_problem
        self.party_problem = problem
        if problem is not None:
            self.party = Party(())
            self.board = None
            self.rows = []
            self.query_one("#party-problem", ProblemNote).update(
                Text(unreadable_party_text(problem))
            )
            self._show("The party cannot be read: the keys that change it are off.", error=True)
        for selector in ("#ship-row", "#stations-main", "#station-detail"):
            self.query_one(selector).display = problem is None
        self.query_one("#party-problem").display = problem is not None
        if problem is None and was is not None:
            self._show("The party reads again.")
        if (problem is None) != (was is None):
            self.refresh_bindings()
            focused = self.screen.focused
            if focused is not None and self in focused.ancestors:
                self.focus_default()  # the focused widget was just hidden or shown

    @staticmethod
    def _ship_label(ship: ShipRecord) -> str:
        enemy = ", enemy" if ship.side == "enemy" else ""
        return f"{ship.spec.name} ({ship.id}{enemy})"

    def _ship(self) -> ShipRecord | None:
        return next((s for s in self.ships if s.id == self.ship_id), None)

    def _refresh_view(self, follow: str | None = None) -> None:
        ship = self._ship()
        self.board = None
        if ship is not None:
            try:
                self.board = station_board(
                    ship.id,
                    ship.spec.crew_check_score,
                    self.party.characters,
                    self.party.assignments,
                )
            except RulesError as exc:
                self._show(f"Cannot show the stations: {exc}", error=True)
            quality = ship.spec.crew_quality
            self.query_one("#crew-info", Label).update(
                f"crew {quality}: crew check {ship.spec.crew_check_score}"
            )
        else:
            self.query_one("#crew-info", Label).update(
                "This campaign has no ships yet: add them first."
            )
        self._render_board()
        self._render_party()
        if follow is not None:
            self._cursor_to(follow)

    def _cursor_to(self, character_id: str) -> None:
        """Keep the board's cursor on a character the GM just moved (when on this ship)."""
        table = self.query_one("#board", DataTable)
        for index, row in enumerate(self.rows):
            if row.character_id == character_id:
                table.move_cursor(row=index, animate=False)
                return

    def _render_board(self) -> None:
        table = self.query_one("#board", DataTable)
        old_key = self._row().key if self.rows and table.row_count else None
        old_index = table.cursor_row
        self.rows = board_rows(self.board, self.party) if self.board is not None else []
        table.clear(columns=True)
        columns = board_columns(table.size.width)
        for label, width in columns:
            table.add_column(label, width=width)
        widths = dict(columns)
        narrow = len(columns) < len(BOARD_COLUMNS)
        # every character's name by the same rule: all whole, or all without their titles
        people = [r for r in self.rows if r.character_id is not None]
        plain = [c.plain if isinstance(c, Text) else str(c) for c in (r.cells[1] for r in people)]
        self._board_names_whole = self._names_whole()
        shown = fit_names(plain, widths["Who"], self._board_names_whole)
        fitted = dict(zip([r.key for r in people], shown, strict=True))
        for row in self.rows:
            place = row.cells[0]
            if isinstance(place, Text) and place.plain:
                place = Text(short_place(place.plain, widths["Station"]), style=place.style)
            task = row.cells[2]
            if isinstance(task, Text) and len(task.plain) > widths["Task"]:
                task = Text("leading", style=task.style)  # "leads Sensors": the detail says
            who = row.cells[1]
            if row.key in fitted:
                who = _with_text(who, fitted[row.key])
            cells = (place, who, task, *row.cells[3:])
            if not narrow:  # a station's note in the Skill column ends in "…" (the detail
                # line under the board has it whole)
                cells = (*cells[:3], _cut_cell(cells[3], widths["Skill"]), *cells[4:])
            if narrow:  # no Skill column; postures to three letters
                cells = (*cells[:3], cells[4], str(cells[5])[:3])
            table.add_row(*cells, key=row.key)
        keys = [r.key for r in self.rows]
        if old_key in keys:
            table.move_cursor(row=keys.index(old_key), animate=False)
        elif self.rows:
            table.move_cursor(row=min(old_index, len(self.rows) - 1), animate=False)
        self._show_detail()

    def _render_party(self) -> None:
        options = self.query_one("#party-list", OptionList)
        highlighted = self._list_character()
        options.clear_options()
        unassigned = 0
        width = (options.size.width or 26) - 2
        self._list_names_whole = self._names_whole()
        names = fit_names([c.name for c in self.party.characters], width, self._list_names_whole)
        for character, shown in zip(self.party.characters, names, strict=True):
            where = self._where(character, width - 2)
            if where.plain == "unassigned":
                unassigned += 1
            state = character.state
            name = Text(shown, style="bold" if where.plain != "unassigned" else "")
            if state != "ok":
                name.append("  ")
                name.append_text(state_text(state))
            options.add_option(Option(Text.assemble(name, "\n  ", where), id=character.id))
        if not self.party.characters:
            options.add_option(
                Option(Text("No characters yet: n creates one, i imports a party file.", "dim"))
            )
        ids = self.party.ids
        if ids:
            options.highlighted = ids.index(highlighted) if highlighted in ids else 0
        title = self.query_one("#party-title", Label)
        title.set_class(unassigned > 0, "unassigned")
        title.update(party_title(len(self.party.characters), unassigned, width + 2))

    def _where(self, character: Character, width: int | None = None) -> Text:
        """Where a character is; in `width` cells (the party list) the posture gives way
        first (the board shows it), then the place's long words."""
        assignment = assignment_of(self.party.assignments, character.id)
        if assignment is None:
            return Text("unassigned", style="bold yellow")
        place = place_name(assignment.place)
        if assignment.ship_id == self.ship_id:
            text = f"{place}, {assignment.posture}"
            if width is not None and len(text) > width:
                text = short_place(place, width)
            return Text(text)
        ship = next((s for s in self.ships if s.id == assignment.ship_id), None)
        ship_name = ship.spec.name if ship else f"{assignment.ship_id} (no such ship)"
        return Text(f"{ship_name}: {place}", style="dim")

    def _show(self, message: str | Text, error: bool = False) -> None:
        status = self.query_one("#stations-status", Static)
        status.set_class(error, "error")
        status.update(message)

    def _show_detail(self) -> None:
        detail = self.query_one("#station-detail", Static)
        detail.update(self._row().detail if self.rows else "")

    @on(DataTable.RowHighlighted, "#board")
    def _row_highlighted(self) -> None:
        self._show_detail()

    @on(Select.Changed, "#ship-select")
    def _ship_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.ship_id:
            self.ship_id = event.value
            self._refresh_view()

    @on(OptionList.OptionSelected, "#party-list")
    def _character_chosen(self, event: OptionList.OptionSelected) -> None:
        """Enter on a character: show them on the board (switching ship if needed)."""
        assignment = assignment_of(self.party.assignments, event.option.id or "")
        if assignment is None:
            self._show(
                f"{self._char_name(event.option.id or '')} is unassigned: a chooses a station."
            )
            return
        if assignment.ship_id != self.ship_id:
            self._set_ship(assignment.ship_id)
        for index, row in enumerate(self.rows):
            if row.character_id == assignment.character_id:
                self.query_one("#board", DataTable).move_cursor(row=index)
                break
        self.focus_default()

    # -- what the keys act on ---------------------------------------------------------------
    def _row(self) -> BoardRow:
        table = self.query_one("#board", DataTable)
        return self.rows[min(table.cursor_row, len(self.rows) - 1)]

    def _list_focused(self) -> bool:
        return self.screen.focused is self.query_one("#party-list", OptionList)

    def _list_character(self) -> str | None:
        options = self.query_one("#party-list", OptionList)
        if options.highlighted is None or options.option_count == 0:
            return None
        return options.get_option_at_index(options.highlighted).id

    def _selected_character(self) -> str | None:
        """The character the keys act on: the list's when it has focus, else the board's."""
        if self._list_focused():
            return self._list_character()
        return self._row().character_id if self.rows else None

    def _char_name(self, character_id: str) -> str:
        try:
            return self.party.character(character_id).name
        except RulesError:
            return character_id

    def _need_character(self, what: str) -> str | None:
        who = self._selected_character()
        if who is None:
            where = "in the character list" if self._list_focused() else "on the board"
            self._show(f"Nothing to {what}: highlight a character {where} first.", error=True)
        return who

    def _need_ship(self) -> str | None:
        if self.ship_id is None:
            self._show("No ship to put anyone on: the campaign has no ships yet.", error=True)
        return self.ship_id

    def _ship_name(self, ship_id: str) -> str:
        ship = next((s for s in self.ships if s.id == ship_id), None)
        return ship.spec.name if ship else ship_id

    def _set_ship(self, ship_id: str) -> None:
        self.ship_id = ship_id
        with self.prevent(Select.Changed):
            self.query_one("#ship-select", Select).value = ship_id
        self._refresh_view()

    # -- saving -----------------------------------------------------------------------------
    def _change(
        self, act: Callable[[], StationChanged], done: Callable[[StationChanged], str] | None = None
    ) -> bool:
        """Ask a station action and show what it did, or why it was refused (nothing saved).

        `done` says what was done, once saved (else the action's label)."""
        try:
            changed = act()
        except (RulesError, StoreError) as exc:
            self._show(f"Not changed: {exc}", error=True)
            return False
        self.party = changed.party
        self._refresh_view(follow=None if self._list_focused() else changed.character_id)
        label = changed.label
        said = done(changed) if done is not None else f"{label[0].upper()}{label[1:]}."
        self._show(f"{said} (ctrl+z undoes)")
        return True

    def _now(self, assignment: Assignment) -> str:
        """Where a character is, short: 'at Command', 'in sickbay', 'on CSS Tenacity, at
        Command' (the ship said only when it is not the one shown)."""
        place = place_name(assignment.place)
        words = f"at {place}" if assignment.station_id is not None else place[0].lower() + place[1:]
        if assignment.ship_id != self.ship_id:
            words = f"on {self._ship_name(assignment.ship_id)}, {words}"
        return words

    def _where_words(self, assignment: Assignment) -> str:
        """'at the Bridge station of CSS Meridian', 'in sickbay (CSS Meridian)'."""
        ship = self._ship_name(assignment.ship_id)
        if assignment.station_id is not None:
            return f"at the {place_name(assignment.place)} station of {ship}"
        place = place_name(assignment.place)
        return f"{place[0].lower()}{place[1:]} ({ship})"

    def _place_options(self, ship_id: str, off_only: bool = False) -> list[tuple[str, Text]]:
        table = station_table()
        options: list[tuple[str, Text]] = []
        board = self.board if self.board and self.board.ship_id == ship_id else None
        if not off_only:
            for station in table.stations.values():
                who = ""
                if board is not None:
                    names = [o.name for o in board.line(station.id).occupants]
                    who = ", ".join(names)
                options.append(
                    (station.id, Text.assemble(station.name, (f"  {who}" if who else "", "dim")))
                )
        for place in table.off_station.values():
            options.append((place.id, Text(place.name, style="italic")))
        return options

    def _character_options(self, place: str) -> list[tuple[str, Text]]:
        """The party for "who goes to `place`": the unassigned first, then the placed ones,
        each saying where they are now and that choosing them moves them here."""
        unplaced = [c for c in self.party.characters if self._where(c).plain == "unassigned"]
        placed = [c for c in self.party.characters if c not in unplaced]
        options = [(c.id, Text.assemble(c.name, "\n  ", self._where(c))) for c in unplaced]
        for character in placed:
            assignment = assignment_of(self.party.assignments, character.id)
            if assignment is None:
                continue
            now = self._now(assignment)
            here = assignment.ship_id == self.ship_id and assignment.place == place
            options.append(
                (
                    character.id,
                    Text.assemble(
                        character.name,
                        "\n  ",
                        (f"now {now}", "dim"),
                        (" · already here" if here else " · moves here", "dim italic"),
                    ),
                )
            )
        return options

    # -- station actions --------------------------------------------------------------------
    def action_assign(self) -> None:
        if self._refused():
            return
        self._place_or_pick(moving=False)

    def action_move(self) -> None:
        if self._refused():
            return
        self._place_or_pick(moving=True)

    def _place_or_pick(self, moving: bool) -> None:
        ship_id = self._need_ship()
        if ship_id is None:
            return
        if not self.party.characters:
            self._show("No characters yet: n creates one, i imports a party file.", error=True)
            return
        from_board_character = (
            moving and not self._list_focused() and self.rows and self._row().character_id
        )
        if self._list_focused() or from_board_character:
            who = self._selected_character()
            if who is None:
                return
            initial = self._row().place if self.rows and self._list_focused() else None
            current = assignment_of(self.party.assignments, who)
            # the list below is the places: the title asks which ('Where to put Captain
            # Rhea Vos?'), naming the ship when there is room
            title = f"Where to {'move' if moving else 'put'} {self._char_name(who)}?"
            if current is not None:  # a placed character can only move
                title = f"Where to move {self._char_name(who)}, now {self._now(current)}?"
            if len(title) + len(self._ship_name(ship_id)) + 3 <= TITLE_ROOM:
                title += f" ({self._ship_name(ship_id)})"

            def place_chosen(place: str | None) -> None:
                if place is not None:
                    self._put(who, ship_id, place, moving)

            self.app.push_screen(
                ChoiceDialog(title, self._place_options(ship_id), initial),
                place_chosen,
            )
            return
        if not self.rows:
            return
        place = self._row().place

        def character_chosen(who: str | None) -> None:
            if who is not None:
                self._put(who, ship_id, place, moving)

        self.app.push_screen(
            ChoiceDialog(
                f"Who goes to {place_name(place)}? ({self._ship_name(ship_id)})",
                self._character_options(place),
            ),
            character_chosen,
        )

    def _put(self, who: str, ship_id: str, place: str, moving: bool) -> None:
        """Put a character at a place: assign when unplaced, else move (the lists say so)."""
        name = self._char_name(who)
        where = f"{place_name(place)} ({self._ship_name(ship_id)})"
        current = assignment_of(self.party.assignments, who)
        if current is not None and (current.ship_id, current.place) == (ship_id, place):
            self._show(f"Not changed: {name} is already {self._where_words(current)}.")
            return
        campaign = self.campaign
        if current is None and not moving:
            self._change(lambda: party_actions.assign_station(campaign, who, ship_id, place))
            return
        said = f"Moved {name} to {where}."
        if current is not None:
            said = f"Moved {name} to {where}; was {self._now(current)}."
        self._change(
            lambda: party_actions.move_to_station(campaign, who, ship_id, place),
            done=lambda _changed: said,
        )

    def action_off_station(self) -> None:
        if self._refused():
            return
        who = self._need_character("send off station")
        if who is None:
            return
        current = assignment_of(self.party.assignments, who)
        ship_id = current.ship_id if current else self._need_ship()
        if ship_id is None:
            return

        def chosen(place: str | None) -> None:
            if place is not None:
                self._put(who, ship_id, place, moving=True)

        self.app.push_screen(
            ChoiceDialog(
                f"Where is {self._char_name(who)}? ({self._ship_name(ship_id)})",
                self._place_options(ship_id, off_only=True),
            ),
            chosen,
        )

    def action_posture(self) -> None:
        if self._refused():
            return
        who = self._need_character("change posture of")
        if who is None:
            return
        postures = list(station_table().postures)
        current = assignment_of(self.party.assignments, who)
        now = current.posture if current else postures[0]
        new = postures[(postures.index(now) + 1) % len(postures)]
        self._change(lambda: party_actions.set_station_posture(self.campaign, who, new))

    def action_lead(self) -> None:
        if self._refused():
            return
        who = self._need_character("lead with")
        if who is None:
            return
        current = assignment_of(self.party.assignments, who)
        if current is None or current.station_id is None:
            self._show(f"{self._char_name(who)} is at no station: only a station has a task.", True)
            return
        station = station_table().stations[current.station_id]
        if station.directs:
            self._choose_team(who, current)
            return
        occupant = self.board.occupant(who) if self.board else None
        doing = occupant.task if occupant is not None else current.task
        task = "leading" if doing == "hands_on" or current.task == "hands_on" else "hands_on"
        self._set_task(current, task, None)

    def _choose_team(self, who: str, current: Assignment) -> None:
        table = station_table()
        station = table.stations[current.station_id or ""]
        options: list[tuple[str, Text | str]] = [("auto", "Let the board choose (auto)")]
        if station.hands_on:
            options.append(("hands_on", f"Hands-on: {table.rolls[station.roll or ''].name}"))
        if station.leadable:
            options.append((f"lead:{station.id}", f"Lead the {station.name} team"))
        options += [
            (f"lead:{s}", f"Lead the {table.stations[s].name} team")
            for s in station.directs
            if table.stations[s].leadable
        ]
        initial = f"lead:{current.leads}" if current.leads else current.task

        def chosen(choice: str | None) -> None:
            if choice is None:
                return
            if choice.startswith("lead:"):
                target = choice.removeprefix("lead:")
                self._set_task(current, "leading", None if target == station.id else target)
            else:
                self._set_task(current, choice, None)

        self.app.push_screen(
            ChoiceDialog(
                f"What does {self._char_name(who)} do at {station.name}?", options, initial
            ),
            chosen,
        )

    def _set_task(self, current: Assignment, task: str, leads: str | None) -> None:
        who = current.character_id
        name = self._char_name(who)

        def done(changed: StationChanged) -> str:
            occupant = self.board.occupant(who) if self.board else None
            if task == "auto" and occupant is not None:
                return f"{name}: the board chooses ({_doing(occupant)} now)."
            if task == "hands_on":
                return f"{name} works hands-on."
            return f"{changed.label}."

        self._change(
            lambda: party_actions.set_task(self.campaign, who, task, leads),
            done=done,
        )

    def action_unassign(self) -> None:
        if self._refused():
            return
        who = self._need_character("unassign")
        if who is None:
            return
        self._change(lambda: party_actions.leave_station(self.campaign, who))

    def action_next_ship(self) -> None:
        if self._refused():
            return
        if not self.ships:
            self._show("The campaign has no ships yet.", error=True)
            return
        ids = [s.id for s in self.ships]
        index = ids.index(self.ship_id) if self.ship_id in ids else -1
        self._set_ship(ids[(index + 1) % len(ids)])
        self._show(f"Showing {self._ship_name(self.ship_id or '')}.")

    def action_undo(self) -> None:
        if self._refused():
            return
        try:
            undone = party_actions.undo(self.campaign)
        except ActionRefused:
            self._show("Nothing to undo here.", error=True)
            return
        except StoreError as exc:
            self._show(f"Not undone: {exc}", error=True)
            return
        self.reload()
        self._show(f"Undone: {undone.label}.")

    # -- character actions ------------------------------------------------------------------
    def _save_new(self, character: Character) -> Character:
        return party_actions.add_character(self.campaign, character).character

    def _save_edit(self, character: Character) -> Character:
        return party_actions.edit_character(self.campaign, character).character

    def action_new_character(self) -> None:
        if self._refused():
            return

        def done(character: Character | None) -> None:
            if character is None:
                return
            self.reload()
            self._select_in_list(character.id)
            self._show(f"{character.name} joins the party, unassigned: a puts them at a station.")

        self.app.push_screen(CharacterForm(self._save_new), done)

    def _select_in_list(self, character_id: str) -> None:
        options = self.query_one("#party-list", OptionList)
        ids = self.party.ids
        if character_id in ids:
            options.highlighted = ids.index(character_id)
            options.focus()

    def action_edit_character(self) -> None:
        if self._refused():
            return
        who = self._need_character("edit")
        if who is None:
            return
        character = self.party.character(who)

        def done(saved: Character | None) -> None:
            if saved is not None:
                self.reload()
                self._show(f"Saved {saved.name}. (ctrl+z undoes)")

        self.app.push_screen(CharacterForm(self._save_edit, character), done)

    def action_delete_character(self) -> None:
        if self._refused():
            return
        who = self._need_character("delete")
        if who is None:
            return
        name = self._char_name(who)

        def answered(yes: bool | None) -> None:
            if not yes:
                self._show(f"{name} was not deleted.")
                return
            try:
                party_actions.delete_character(self.campaign, who)
            except (RulesError, StoreError) as exc:
                self._show(f"Not deleted: {exc}", error=True)
                return
            self.reload()
            self._show(f"Deleted {name}. (ctrl+z undoes)")

        self.app.push_screen(
            ConfirmDialog(f"Delete {name} and their station from the campaign?"), answered
        )

    def action_import(self) -> None:
        if self._refused():
            return

        def run(path: Path, replace: bool) -> str:
            return party_actions.import_party(self.campaign, path, replace_party=replace).describe()

        self.app.push_screen(
            FileDialog(
                "Import a party YAML file",
                "",
                "Replace the whole party",
                "Enter imports. Characters in the file are added, or replace the character with "
                "the same id (tick the box to replace the whole party instead). A file with any "
                "mistake changes nothing.",
                run,
            ),
            self._file_done,
        )

    def action_export(self) -> None:
        if self._refused():
            return

        def run(path: Path, overwrite: bool) -> str:
            done = party_actions.export_party(self.campaign, path, overwrite=overwrite)
            return f"Exported {done.characters} characters to {done.path}."

        default = Path.cwd() / "party.yaml"
        self.app.push_screen(
            FileDialog(
                "Export the party as YAML",
                str(default),
                "Overwrite the file if it exists",
                "Enter writes the file: the characters and their battle stations.",
                run,
            ),
            self._file_done,
        )

    def _file_done(self, message: str | None) -> None:
        if message is not None:
            self.reload()
            self._show(message[0].upper() + message[1:])
