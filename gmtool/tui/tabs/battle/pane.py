"""Battle tab: a narrative space battle played round by round through the sequence of play.

The tab renders the battle the store keeps (`gmtool.store.battles`): where the round is, both
fleets with their damage tracks and crew losses, what the GM can do now
(`gmtool.rules.battle.available_actions`), the weapons that can fire with every step
modifier, and the battle's log with its dice. Every action goes through `run_step`, which
rolls with the campaign's generator, logs the rolls, saves the battle and the hazards of the
characters aboard; ctrl+z takes the last step back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rich.markup import escape
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from gmtool.actions import ActionRefused, battle_stations
from gmtool.actions import battles as battle_actions
from gmtool.actions.battle_report import save_report
from gmtool.actions.battles import StepDone
from gmtool.rules.battle import (
    CREW,
    ActionInfo,
    AttackOption,
    BattleShip,
    BattleState,
    abandon_ship,
    advance,
    advance_blocker,
    assign_gunner,
    attack_options,
    available_actions,
    battle_summary,
    board,
    boarding_name,
    declare_heading,
    drifting,
    end_battle,
    heading_outcomes,
    knock_out_system,
    likely_target,
    no_fire_reason,
    ram,
    ram_preview,
    resolve_movement,
    roll_attack,
    roll_edge,
    roll_leadership,
    roll_repair,
    roll_sensors,
    self_destruct,
    set_commander,
    set_power,
    withdraw,
)
from gmtool.rules.battle.power import power_notes
from gmtool.rules.battle.state import BattleEvent
from gmtool.rules.crew_losses import casualties
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import arcs_for_heading, hold_arc_choices, phase, range_name
from gmtool.rules.ship_damage import track_ids
from gmtool.store.battles import (
    BattleFilesMissing,
    BattleRecord,
    StepOutcome,
    battle_tracker,
    can_undo,
    fleet_setup,
    get_battle_record,
    list_battles,
    live_battle,
    open_battle_id,
    set_open_battle,
)
from gmtool.store.errors import StoreError
from gmtool.store.party import load_party_state
from gmtool.store.ships import list_ships
from gmtool.tui.battle_dialogs import (
    AttackScreen,
    DamageEntry,
    DamageScreen,
    FireOrder,
    SummaryScreen,
    option_text,
)
from gmtool.tui.battle_report import ReportScreen
from gmtool.tui.battle_setup import BattleSetupScreen, SetupChoice
from gmtool.tui.battle_stations import (
    leave_order,
    move_order,
    take_over_order,
    undone_text,
    written_back_text,
)
from gmtool.tui.dialogs import ChoiceDialog, ConfirmDialog
from gmtool.tui.order_dialogs import BoardOrder, BoardScreen, RamScreen
from gmtool.tui.pane import GmPane
from gmtool.tui.styles import DEGREE_STYLE

ALWAYS_BEARING = {"all", "turret"}  # arcs_for_heading lists these with every heading
LOG_EVENTS = 80  # events shown in the log (all are saved)
WIDE_WIDTH = 100  # narrower: the track columns drop their bars, the class column goes
SHORT_HEIGHT = 28  # lower: no blank lines between the parts
TABLE_ROWS = 7  # ships the table shows before it scrolls (its max-height less the heading)

HELP = """\
Play a narrative space battle round by round. The top line says where the round is (the
phase of the sequence of play and its step); the table shows both fleets: each ship's state,
its stun / wound / mortal / critical tracks (boxes marked of the track's points) and its crew
losses live (casualties: dead / badly / lightly wounded). **Actions now** lists what the GM
can do at this point; the panel beside it shows the weapons that can fire now with the score
that will be rolled and every step modifier, or what the highlighted action does. The log
below has every step of the battle with its dice, newest first.

Every roll goes to the campaign's roll log; hazard rolls of characters aboard a ship that
marks damage go to the injury history (the Injuries tab). The battle is saved after every
step: quit at any moment and it reopens exactly there. ctrl+z takes the last step back, its
rolls marked undone and any injuries it did given back.

Set-up (n): a name, the starting range, side A (the campaign's ships) and side B (its enemy
ships, quick enemy ships from a short form, or ships from spec files), and who commands
each side (default: whoever is at the flagship's command station), and each side's flagship
(whose crew rolls the edge when nobody commands; default its first ship). Who is where comes
from the station assignments (Stations tab) at every step: a move there, or with m, t or l
here, takes effect at the next roll and is logged. ctrl+z takes a move made here back on the
Stations tab too.

Abandon ship (special orders): the bail-out takes its rounds; the crew still aboard fire
nothing but defend against boarders and can still blow her up. Once everyone who could leave
has left she is a hulk: no heading, no orders, boarded without a fight. A fleet with no ship
that can act drifts (it declares no heading and counts as holding); a fleet with no ship left
in the fight (destroyed, escaped or abandoned) ends the battle at the next edge (e).
tables/battle.yaml has these decisions.

Special orders: ramming opens a dialog that shows the ram check, the target's check to avoid
it and the damage each ship takes if it lands (by the other ship's class, tables/battle.yaml);
enter rams. Boarding opens a dialog with each side's boarding strength (troops fit to fight,
characters at the station) and what outnumbering gives; l switches our leader between a bonus
to our check and a penalty to theirs, d the defending leader's; enter boards. Transporter
boarding needs a transporter on line and someone to send, and stops at an energy screen that
is up: such an order is listed greyed, with the reason.

Delete (x): a battle set up by mistake or for practice leaves the campaign's list, with its
saved steps. It cannot be undone. What happened at the table stays: its rolls in the roll log,
the injuries it did on the characters and in the injury history; take the battle's steps back
with ctrl+z first if they should not count.

| key | does |
|---|---|
| enter | do the highlighted action (a dialog asks for any choice: heading, target, track) |
| space, ctrl+n | go on to the next step of the sequence of play (says what is still to do) |
| a | attack: fire a weapon that can fire now (enter rolls damage, t lets you type it) |
| d | type damage in (ram, blast, a hit rolled at the table): on the ship you moved to in the |
|   | table, else the ship just hit, else an enemy; the form names the ship's side |
| g | put a character at a weapon (or give it back to the crew) |
| k | knock a system of the highlighted ship out |
| c | set who commands a side (rolls the edge; nobody: the flagship's command station) |
| m | move a character to a station of a ship in the battle (the Stations tab follows) |
| t | take over a post: a character trades places with its holder aboard one ship |
| l | a character leaves the ship (escape pod, airlock, shuttle) |
| ctrl+z | undo the last step of the battle |
| e | end the battle (the summary is shown and saved) |
| s | show the battle summary: damage, crew losses, what each character did |
| n | set up a new battle |
| o | open another battle of the campaign |
| x | delete the open battle (asks first; no undo: its rolls and injuries stay) |
| tab | between the actions, the ships and the log |

Once a battle is over only s, ctrl+z (takes the ending back), x, n and o are offered.
"""

STATE_STYLE = {
    "operational": "green",
    "shaken": "yellow",
    "disabled": "dark_orange",
    "crippled": "red",
    "destroyed": "bold red",
    "escaped": "dim",
    "abandoning": "magenta",
    "abandoned": "dim magenta",
}
TRACK_STYLE = {"stun": "yellow", "wound": "dark_orange", "mortal": "red", "critical": "magenta"}
HEADING_WORDS = {"close": "closing", "hold": "holding", "open": "opening"}
CONFIRM = {
    "self_destruct": "Blow up {ship}? Enemy ships very close or close are caught in the blast.",
    "abandon_ship": "Order the crew of {ship} to abandon ship?",
    "withdraw": "{side} withdraws from the battle?",
}


# -- what the tab shows ---------------------------------------------------------------------


def track_cell(marked: int, points: int, bar: int) -> Text:
    """'███░ 68/80': the boxes marked as a short bar (bar 0: the numbers only)."""
    if bar <= 0 or points <= 0:
        return Text(f"{marked}/{points}")
    filled = round(bar * marked / points)
    if marked and not filled:
        filled = 1
    if marked < points and filled == bar:
        filled = bar - 1
    return Text.assemble(("█" * filled, ""), ("░" * (bar - filled), "dim"), f" {marked}/{points}")


def losses_text(losses: dict[str, int], total: bool = True) -> str:
    """'82: 41/21/20' (casualties: dead / badly / lightly wounded), or '41/21/20'."""
    split = f"{losses['dead']}/{losses['badly_wounded']}/{losses['lightly_wounded']}"
    return f"{losses['total']}: {split}" if total else split


def losses_cell(ship: BattleShip, total: bool = True) -> str:
    return losses_text(ship.crew_losses, total)


def fit_name(name: str, width: int) -> str:
    """A ship's name as the table shows it: whole when it fits, else its start and '…', so
    it still reads as the name used everywhere else."""
    if len(name) <= width:
        return name
    return name[: max(width - 1, 1)] + "…"


BAR = 3  # cells of a track's bar in the wide table
CLASS_SHORT = {"super-heavy": "s-heavy"}
STATE_WIDTH = max(len(s) for s in STATE_STYLE)  # 'operational'
TRACK_HEADINGS = {"stun": "Stun", "wound": "Wound", "mortal": "Mortal", "critical": "Crit"}
MIN_NAME = 8  # the ship column is never cut narrower than this


@dataclass(frozen=True)
class TableLayout:
    """How the ship table fits the width it has: (heading, width) of each column, whether
    the tracks have bars and the class column shows (wide), whether the casualties column
    leads with the total, and the width a ship's name is cut to (only when it must be)."""

    columns: tuple[tuple[str, int], ...]
    bar: int
    show_class: bool
    losses_total: bool
    name_width: int

    @property
    def width(self) -> int:
        """Cells the table needs: every column plus its padding of 1 either side."""
        return sum(width + 2 for _, width in self.columns)


def _layout(
    ships: Sequence[BattleShip], bar: int, show_class: bool, losses_total: bool
) -> TableLayout:
    names = max((len(s.name) for s in ships), default=4)
    columns: list[tuple[str, int]] = [("", 1), ("Ship", max(names, 4))]
    if show_class:
        classes = [len(CLASS_SHORT.get(s.spec.ship_class, s.spec.ship_class)) for s in ships]
        columns.append(("Class", max([5, *classes])))
    columns.append(("State", STATE_WIDTH))
    for track in track_ids():
        # the longest a cell can get: every box marked ('240/240'), after its bar
        cells = [2 * len(str(s.damage.points[track])) + 1 for s in ships]
        heading = TRACK_HEADINGS.get(track, track.title())
        columns.append((heading, max([len(heading), *cells]) + (bar + 1 if bar else 0)))
    heading = "Casualties (d/b/l)" if show_class else "Cas. d/b/l"
    worst = [
        len(losses_text(casualties(s.crew_total, s.damage.points, s.damage.points), losses_total))
        for s in ships
    ]
    columns.append((heading, max([len(heading), *worst])))
    return TableLayout(tuple(columns), bar, show_class, losses_total, max(names, 4))


def table_layout(ships: Sequence[BattleShip], width: int, wide: bool) -> TableLayout:
    """The fullest table that fits `width` cells: wide, with bars and the class column, when
    there is room; else the numbers only, then the casualties without their total (the sum of
    the three), and only then ship names cut short, every one the same way."""
    tries = [(BAR, True, True), (0, True, True)] if wide else []
    tries += [(0, False, True), (0, False, False)]
    for bar, show_class, total in tries:
        layout = _layout(ships, bar, show_class, total)
        if layout.width <= width:
            return layout
    over = layout.width - width
    name_width = max(layout.name_width - over, MIN_NAME)
    columns = tuple(
        (label, name_width) if index == 1 else (label, size)
        for index, (label, size) in enumerate(layout.columns)
    )
    return replace(layout, columns=columns, name_width=name_width)


def ship_row(state: BattleState, ship: BattleShip, layout: TableLayout) -> list[Any]:
    fate = ship.fate
    cells: list[Any] = [
        Text(state.side(ship.side).id.upper(), style="bold"),
        Text(fit_name(ship.name, layout.name_width), style="strike dim" if ship.destroyed else ""),
    ]
    if layout.show_class:
        cells.append(CLASS_SHORT.get(ship.spec.ship_class, ship.spec.ship_class))
    cells.append(Text(fate, style=STATE_STYLE.get(fate, "")))
    for track in track_ids():
        cell = track_cell(ship.damage.marked[track], ship.damage.points[track], layout.bar)
        if ship.damage.marked[track]:
            cell.stylize(TRACK_STYLE[track], 0, layout.bar or len(cell))
        cells.append(cell)
    cells.append(losses_cell(ship, layout.losses_total))
    return cells


def step_words(state: BattleState) -> str:
    """The step and who acts in it: 'heading: Raiders first (no edge)'."""
    current = phase(state.phase)
    step = next((s for s in current.steps if s.id == state.step), None)
    if state.phase == "edge":
        if state.edge_winner is None:
            return "roll the edge"
        return f"{state.side(state.edge_winner).name} has the edge"
    if state.step == "opposing_declaration" and state.opposing_side:
        return f"heading: {state.side(state.opposing_side).name} first (no edge)"
    if state.step == "edge_declaration" and state.edge_winner:
        return f"heading: {state.side(state.edge_winner).name} second (edge)"
    return step.name if step is not None else ""


def header_text(state: BattleState) -> Text:
    if state.finished:
        line = Text.assemble(
            (state.name, "bold"),
            f" · over after round {state.round} · s shows the summary, ctrl+z reopens it",
        )
    else:
        line = Text.assemble(
            (state.name, "bold"),
            " · ",
            (f"Round {state.round}", "bold"),
            " · ",
            (phase(state.phase).name, "bold cyan"),
        )
        words = step_words(state)
        if words:
            line.append(f" · {words}")
    sides = []
    for side in state.sides:
        heading = heading_words(state, side.id)
        edge = ", edge" if state.edge_winner == side.id else ""
        sides.append(f"{side.id.upper()} {side.name}: {heading}{edge}")
    line.append(f"\nRange {range_name(state.range).lower()} · " + " · ".join(sides))
    return line


def heading_words(state: BattleState, side_id: str) -> str:
    """A side's heading as the header shows it: the one declared this round ('holding,
    port arc'), 'drifting' for a fleet with no ship that can act, else 'no heading yet' (last
    round's heading is not this round's)."""
    side = state.side(side_id)
    if not any(s.in_battle for s in state.ships_of(side_id)):
        return "no ship left"
    if drifting(state, side_id):
        return "drifting"
    if not side.declared or side.heading is None:
        return "no heading declared" if state.finished else "no heading yet"
    words = HEADING_WORDS.get(side.heading, side.heading)
    if side.heading == "hold" and side.held_arc:
        words += f", {side.held_arc} arc"
    return words


def roll_line(roll: dict[str, Any]) -> Text:
    """One die roll of the log: what for, the dice, the total and the result."""
    dice = " ".join(("-" if sign < 0 else "") + str(value) for _s, value, sign in roll["dice"])
    if roll.get("modifier"):
        dice += f" {roll['modifier']:+d}"
    text = Text(f"    ⚄ {roll.get('for', '')}: {roll.get('expression', '')} [{dice}] = ")
    text.append(str(roll.get("total", "")))
    if roll.get("kind") == "check":
        degree = str(roll.get("degree", ""))
        text.append(f" {degree.replace('_', ' ')}", style=DEGREE_STYLE.get(degree, ""))
    elif roll.get("track"):
        text.append(f" {roll['track']}")
    text.stylize("dim")
    return text


def event_text(event: BattleEvent) -> Text:
    name = phase(event.phase).name
    text = Text.assemble((f"R{event.round} {name}", "bold"), " ")
    if event.action == "advance" and "\n" not in event.text:
        text.append(event.text, style="dim")  # only the step changed
        return text
    lines = event.text.splitlines() or [event.action]
    text.append(lines[0])
    for line in lines[1:]:
        text.append(f"\n  {line}")
    for roll in event.rolls:
        if roll.get("kind") == "check" and f"{roll.get('for')}:" in event.text:
            continue  # the text already shows this check's dice
        text.append("\n")
        text.append_text(roll_line(roll))
    return text


def log_text(state: BattleState) -> Text:
    events = list(state.events)[-LOG_EVENTS:]
    text = Text()
    for index, event in enumerate(reversed(events)):
        if index:
            text.append("\n")
        text.append_text(event_text(event))
    return text


def short_label(info: ActionInfo) -> str:
    """The label for the list: a weapon's class and range are in the panel beside it."""
    return info.short or info.label


def action_style(info: ActionInfo) -> str:
    if info.refused:
        return "dim"  # greyed: the note says why
    if info.action == "advance":
        return "bold cyan"
    if info.action in ("end_battle", "apply_damage_manually", "withdraw"):
        return "dim"
    return ""


def delete_question(record: BattleRecord, readable: bool = True) -> str:
    """What x asks before a battle is deleted: which one, and what stays. `readable`: the
    battle opens (else its files are gone and ctrl+z cannot take its steps back)."""
    stays = (
        "Its rolls stay in the roll log and the injuries it did stay on the characters "
        "(and in the injury history)"
    )
    if readable:
        stays += ": ctrl+z inside the battle takes those back first, if they should not count."
    else:
        stays += "; its saved steps are gone already, so ctrl+z cannot take them back."
    return (
        f"Delete the battle {record.name} ({record.status}, round {record.round})? "
        f"This cannot be undone.\n\n{stays}"
    )


# -- the tab --------------------------------------------------------------------------------


class ActionList(OptionList):
    """The actions the GM can take now; enter takes the highlighted one."""

    BINDINGS = [Binding("enter", "select", "Do it")]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # With no battle open the list is empty: no "Do it" in the footer.
        return self.option_count > 0 if action == "select" else True


class ShipTable(DataTable[Any]):
    """Both fleets, a ship a row. `moved_by_gm` says the GM has moved the cursor (keys or
    mouse) since the battle was shown: the ship under it is then the one they mean."""

    moved_by_gm = False

    def _moved(self) -> None:
        self.moved_by_gm = True

    def action_cursor_up(self) -> None:
        super().action_cursor_up()
        self._moved()

    def action_cursor_down(self) -> None:
        super().action_cursor_down()
        self._moved()

    def action_page_up(self) -> None:
        super().action_page_up()
        self._moved()

    def action_page_down(self) -> None:
        super().action_page_down()
        self._moved()

    def action_scroll_top(self) -> None:
        super().action_scroll_top()
        self._moved()

    def action_scroll_bottom(self) -> None:
        super().action_scroll_bottom()
        self._moved()

    async def _on_click(self, event: events.Click) -> None:
        await super()._on_click(event)
        self._moved()


class BattlePane(GmPane):
    TAB_ID = "battle"
    TITLE = "Battle"
    HELP = HELP
    PALETTE = [
        ("New battle", "Set up a battle: name, range, fleets, commanders", "action_new_battle"),
        ("Open battle", "Open another battle of this campaign", "action_open_battle"),
        ("Next step", "Go on to the next step of the sequence of play", "action_advance"),
        ("Attack", "Fire a weapon that can fire now", "action_attack"),
        ("Type damage in", "Damage to a ship from a ram, a blast or the table", "action_damage"),
        ("Assign a gunner", "Put a character at a weapon", "action_gunner"),
        ("Knock out a system", "Mark a system of a ship knocked out", "action_knock_out"),
        ("Set commander", "Who commands a side (rolls the edge)", "action_commander"),
        ("Move to a station", "Move a character to a station of a ship", "action_move_station"),
        ("Take over a post", "A character takes over another's post", "action_take_over"),
        ("Leave the ship", "A character gets off their ship", "action_leave_ship"),
        ("Undo battle step", "Take back the last step of the battle", "action_undo"),
        ("End battle", "End the battle and see its summary", "action_end"),
        ("Battle summary", "Damage, crew losses and what each character did", "action_summary"),
        (
            "Battle report",
            "Save and show the battle's Markdown report (rounds, hits, losses, injuries)",
            "action_report",
        ),
        (
            "Delete battle",
            "Delete the open battle from the campaign (asks first; cannot be undone)",
            "action_delete_battle",
        ),
    ]
    BINDINGS = [
        Binding("space", "advance", "Next step"),
        Binding("ctrl+n", "advance", "Next step", show=False),
        Binding("a", "attack", "Attack"),
        Binding("d", "damage", "Damage"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("e", "end", "End"),
        Binding("s", "summary", "Summary"),
        Binding("r", "report", "Report"),
        Binding("n", "new_battle", "New"),
        Binding("o", "open_battle", "Open"),
        Binding("x", "delete_battle", "Delete"),
        Binding("g", "gunner", "Gunner", show=False),
        Binding("k", "knock_out", "Knock out", show=False),
        Binding("c", "commander", "Commander", show=False),
        Binding("m", "move_station", "Move"),
        Binding("t", "take_over", "Take over"),
        Binding("l", "leave_ship", "Leave ship", show=False),
        # Once the battle is over the keys above are hidden; pressed anyway, they say why.
        Binding("space,ctrl+n,a,d,e,g,k,c,m,t,l", "battle_over", show=False),
    ]
    DEFAULT_CSS = """
    BattlePane #battle-header { height: 2; }
    BattlePane #battle-ships { height: auto; max-height: 8; margin-top: 1; overflow-x: hidden; }
    BattlePane #battle-middle { margin-top: 1; height: auto; max-height: 45%; min-height: 3; }
    BattlePane #battle-actions { width: 3fr; height: auto; max-height: 100%; border: none; }
    BattlePane #battle-detail-box { width: 4fr; height: auto; max-height: 100%; padding-left: 1; }
    BattlePane #battle-detail { height: auto; }
    BattlePane #battle-status { height: auto; max-height: 3; margin-top: 1; color: $text; }
    BattlePane #battle-status.error { color: $error; }
    BattlePane #battle-log-box { height: 1fr; min-height: 3; border-top: solid $primary; }
    BattlePane #battle-log { height: auto; }
    BattlePane.short #battle-ships, BattlePane.short #battle-middle,
    BattlePane.short #battle-status { margin-top: 0; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.battle_id: str | None = None
        self.battle: BattleState | None = None
        self.now: list[ActionInfo] = []
        self.wide = True
        self.ship_layout = table_layout((), 80, False)
        self._rendered_width = 0  # the pane's width when the table was last laid out
        self._table_battle: str | None = None  # the battle the table's cursor belongs to
        # what the footer shows now: (a battle reads, a battle is open, it is over)
        self._keys_for_open_battle: tuple[bool, bool, bool] | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="battle-header")
        yield ShipTable(id="battle-ships", cursor_type="row", zebra_stripes=True)
        with Horizontal(id="battle-middle"):
            yield ActionList(id="battle-actions")
            with VerticalScroll(id="battle-detail-box"):
                yield Static("", id="battle-detail")
        yield Static("", id="battle-status")
        with VerticalScroll(id="battle-log-box"):
            yield Static("", id="battle-log")

    def on_mount(self) -> None:
        try:
            self.battle_id = open_battle_id(self.campaign)
        except StoreError as exc:
            self._status(f"The battles do not read: {exc}", error=True)
            self.battle_id = None
        self.reload()

    def on_show(self) -> None:
        # another tab may have changed the characters (treatment) or the ships
        if self.is_mounted and self.battle_id is not None:
            self.reload(keep_status=True)

    def focus_default(self) -> None:
        self.query_one("#battle-actions", ActionList).focus()

    # Keys that play a battle on: hidden once it is over, which leaves s (summary), r, ctrl+z
    # (takes the ending back), x, n and o.
    PLAY_ACTIONS = frozenset(
        {
            "advance",
            "attack",
            "damage",
            "end",
            "gunner",
            "knock_out",
            "commander",
            "move_station",
            "take_over",
            "leave_ship",
        }
    )
    # Keys that only mean something in a battle (the playing keys and those that look back):
    # hidden from the footer while none is open, so an empty tab offers just n (new) and o.
    BATTLE_ONLY_ACTIONS = PLAY_ACTIONS | {"undo", "summary", "report", "delete_battle"}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "delete_battle":
            # also a battle that is open but does not read (its files gone): x removes it
            return self.battle_id is not None
        if action in self.BATTLE_ONLY_ACTIONS:
            if self.battle is None:
                return False
            return not (self.battle.finished and action in self.PLAY_ACTIONS)
        if action == "battle_over":
            return self.battle is not None and self.battle.finished
        return True

    def action_battle_over(self) -> None:
        self.need_open_battle()  # says the battle is over, and what s and ctrl+z do

    # -- rendering ------------------------------------------------------------------------
    def reload(self, keep_status: bool = False) -> None:
        """Read the open battle from the store and show it."""
        self.battle = None
        if self.battle_id is not None:
            try:
                self.battle = live_battle(self.campaign, self.battle_id)
            except BattleFilesMissing as exc:
                files = "file" if len(exc.missing) == 1 else "files"
                are = "is" if len(exc.missing) == 1 else "are"
                self._status(
                    f"{self._battle_name(exc.battle_id)} cannot open: its saved {files} "
                    f"{', '.join(exc.missing)} {are} missing. x deletes it from the list "
                    "(backups/ may hold copies).",
                    error=True,
                )
                keep_status = True
            except (StoreError, RulesError) as exc:
                name = self._battle_name(self.battle_id)
                self._status(f"{name} does not read: {exc}", error=True)
                keep_status = True
        self.render_state()
        if not keep_status:
            self._status(self._idle_status())

    def _battle_name(self, battle_id: str) -> str:
        """'The battle Ambush at Tarsus': its name from the campaign's list, for messages
        (the id only when the list does not read)."""
        try:
            return f"The battle {get_battle_record(self.campaign, battle_id).name}"
        except StoreError:
            return f"The battle {battle_id!r}"

    def _idle_status(self) -> str:
        if self.battle is None:
            return "No battle open: n sets one up, o opens one of the campaign's battles."
        if self.battle.finished:
            return "The battle is over: s shows the summary; ctrl+z takes the ending back."
        blocker = advance_blocker(self.battle)
        what = f"space: {blocker}" if blocker else "space goes on to the next step"
        return f"enter does the highlighted action; {what}."

    def on_resize(self) -> None:
        self.set_class(self.size.height < SHORT_HEIGHT, "short")
        self.wide = self.size.width >= WIDE_WIDTH
        if self.size.width != self._rendered_width:
            self.fill_table()  # only the table depends on the width: the rest stays put

    def _table_width(self, ships: int) -> int:
        """Cells the ship table has for its columns: the pane's width less its padding, less
        a scroll bar when the ships do not all fit."""
        table = self.query_one("#battle-ships", ShipTable)
        width = self.size.width or self.app.size.width
        width -= self.styles.padding.width
        if ships > TABLE_ROWS:
            width -= table.styles.scrollbar_size_vertical
        return width

    def fill_table(self) -> None:
        """Lay the ship table out for the width the pane has and fill it; the cursor stays
        on the ship the GM moved to (a new battle starts without one)."""
        state = self.battle
        table = self.query_one("#battle-ships", ShipTable)
        self._rendered_width = self.size.width
        ships = state.ships if state is not None else ()
        picked = self._ship_under_cursor() if table.moved_by_gm else None
        if state is None or state.id != self._table_battle:
            table.moved_by_gm = False  # another battle: the GM has not picked a ship in it
            picked = None
        self._table_battle = state.id if state is not None else None
        self.ship_layout = table_layout(ships, self._table_width(len(ships)), self.wide)
        columns = list(self.ship_layout.columns)
        if [(str(c.label), c.width) for c in table.columns.values()] != columns:
            table.clear(columns=True)
            for label, width in columns:
                table.add_column(label, width=width)
        else:
            table.clear()
        table.display = state is not None
        if state is None:
            return
        for ship in state.ships:
            table.add_row(*ship_row(state, ship, self.ship_layout), key=ship.id)
        if picked is not None:
            table.move_cursor(row=[s.id for s in state.ships].index(picked), scroll=False)

    def render_state(self) -> None:
        state = self.battle
        header = self.query_one("#battle-header", Static)
        actions = self.query_one("#battle-actions", ActionList)
        self.fill_table()
        actions.clear_options()
        self.now = []
        keys = (state is not None, self.battle_id is not None, bool(state and state.finished))
        if self._keys_for_open_battle != keys:
            self._keys_for_open_battle = keys
            self.refresh_bindings()
            actions.refresh_bindings()
        if state is None:
            header.update(
                Text.assemble(("No battle open", "bold"), "\nn: set up a new battle · o: open one")
            )
            self.query_one("#battle-detail", Static).update("")
            self.query_one("#battle-log", Static).update("")
            return
        header.update(header_text(state))
        self.now = available_actions(state)
        actions.add_options(
            [
                Option(Text(short_label(info), style=action_style(info)), id=str(index))
                for index, info in enumerate(self.now)
            ]
        )
        if self.now:
            actions.highlighted = 0
        self.show_detail()
        self.query_one("#battle-log", Static).update(log_text(state))
        # the newest entry is at the top: keep it in sight after every step
        self.query_one("#battle-log-box", VerticalScroll).scroll_home(animate=False)

    def highlighted_action(self) -> ActionInfo | None:
        index = self.query_one("#battle-actions", ActionList).highlighted
        if index is None or not 0 <= index < len(self.now):
            return None
        return self.now[index]

    @on(OptionList.OptionHighlighted, "#battle-actions")
    def show_detail(self) -> None:
        detail = self.query_one("#battle-detail", Static)
        state = self.battle
        if state is None:
            detail.update("")
            return
        info = self.highlighted_action()
        text = self._detail_text(state, info)
        asking = info.ship_id if info is not None and info.action == "set_power" else None
        notes = power_notes(state.ships, asking)
        if notes:  # what power gates this round: why a weapon cannot fire, a screen is down
            if text.plain:
                text.append("\n")
            text.append("Power: ", style="bold")
            text.append("\n".join(notes))
        detail.update(text)

    def _detail_text(self, state: BattleState, info: ActionInfo | None) -> Text:
        """The highlighted weapon, else every weapon that can fire, else the action."""
        options = attack_options(state)
        if info is not None and info.action == "roll_attack":
            option = self._option_for(info)
            if option is not None:
                return option_text(option)
        if options:
            text = Text("Weapons that can fire now (a fires one):\n", style="bold")
            for index, option in enumerate(options):
                if index:
                    text.append("\n")
                text.append_text(option_text(option))
            return text
        if info is None:
            return Text("")
        text = Text.assemble((info.label, "bold"))
        if info.note:
            text.append(f"\n{info.note}")
        if info.action == "advance" and not info.note:
            text.append("\nspace or enter goes on")
        return text

    def _status(self, text: str | Text, error: bool = False) -> None:
        status = self.query_one("#battle-status", Static)
        status.set_class(error, "error")
        status.update(text)

    def damage_target(self) -> str | None:
        """The ship d puts damage on unless the GM picks another: the one they moved to in
        the ships table, else the likely target (the ship just hit, else an enemy of the side
        of the highlighted action, or of side A)."""
        state = self.battle
        if state is None:
            return None
        if self.query_one("#battle-ships", ShipTable).moved_by_gm:
            return self._ship_under_cursor()
        info = self.highlighted_action()
        return likely_target(state, info.side if info is not None else None)

    def _ship_under_cursor(self) -> str | None:
        table = self.query_one("#battle-ships", ShipTable)
        if self.battle is None or table.row_count == 0:
            return None
        return self.battle.ships[min(table.cursor_row, len(self.battle.ships) - 1)].id

    # -- doing a step ---------------------------------------------------------------------
    def do_step(self, fn: Any, *args: Any, **kwargs: Any) -> StepOutcome | None:
        """Run one engine action through the store; a refusal shows why and saves nothing."""
        return self.do_action(battle_actions.run, fn, *args, **kwargs)

    def do_action(
        self, action: Callable[..., StepDone], *args: Any, **kwargs: Any
    ) -> StepOutcome | None:
        """Run one battle action (`action(campaign, battle id, ...)` returning a StepDone)
        on the open battle and show it; a refusal shows why and saves nothing."""
        if self.battle_id is None:
            self._status("No battle open: n sets one up, o opens one.", error=True)
            return None
        try:
            done = action(self.campaign, self.battle_id, *args, **kwargs)
        except (RulesError, StoreError, ActionRefused) as exc:
            self._status(f"Not done: {exc}", error=True)
            return None
        outcome = done.outcome
        self.battle = outcome.state
        self.render_state()
        text = self._outcome_text(outcome)
        if done.report is not None:
            where = done.report.relative_to(self.campaign.folder)
            text.append(f"\nBattle report saved as {where} (r shows it).", style="bold")
        if done.written_back:
            text.append(f"\n{written_back_text(done)}", style="bold")
        self._status(text)
        return outcome

    def show_status(self, text: str | Text, error: bool = False) -> None:
        self._status(text, error)

    def _outcome_text(self, outcome: StepOutcome) -> Text:
        lines = [ln for line in outcome.result.headline for ln in line.splitlines()]
        shown = lines if len(lines) <= 2 else [lines[0], "… " + lines[-1]]
        text = Text("\n".join(shown))
        if outcome.injuries:
            hurt = sum(1 for e in outcome.injuries if any(e.get("marked", {}).values()))
            text.append(
                f"\n{len(outcome.injuries)} hazard roll{'s' if len(outcome.injuries) != 1 else ''}"
                f" for characters aboard, {hurt} hurt (in the Injuries tab).",
                style="bold",
            )
        return text

    def need_battle(self) -> BattleState | None:
        if self.battle is None:
            self._status("No battle open: n sets one up, o opens one.", error=True)
            return None
        return self.battle

    def need_open_battle(self) -> BattleState | None:
        """The battle, if it can still be played on (else why not, in the status line)."""
        state = self.need_battle()
        if state is not None and state.finished:
            self._status(
                f"{state.name} is over (it ended in round {state.round}): s shows its "
                "summary; ctrl+z takes the ending back.",
                error=True,
            )
            return None
        return state

    @on(OptionList.OptionSelected, "#battle-actions")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        info = self.highlighted_action()
        if info is not None:
            self.perform(info)

    @work(exclusive=True, group="battle-dialog")
    async def perform(self, info: ActionInfo) -> None:
        """Do one action of the list, asking for any choice it needs."""
        state = self.need_battle()
        if state is None:
            return
        action = info.action
        if action == "roll_edge":
            self.do_step(roll_edge)
        elif action == "set_power":
            self.do_step(set_power, info.ship_id, by=info.character_id)
        elif action == "roll_sensors":
            self.do_step(roll_sensors, info.ship_id)
        elif action == "declare_heading":
            await self._declare(info)
        elif action == "resolve_movement":
            self.do_step(resolve_movement)
        elif action == "roll_attack":
            option = self._option_for(info)
            if option is not None:
                await self._fire(option)
        elif action == "roll_repair":
            await self._repair(info)
        elif action == "roll_leadership":
            self.do_step(roll_leadership, info.character_id)
        elif info.refused:
            self._status(f"Not now: {info.refused}.", error=True)
        elif action == "ram":
            await self._ram(info)
        elif action == "board":
            await self._board(info)
        elif action == "self_destruct":
            await self._self_destruct(info)
        elif action in ("abandon_ship", "withdraw"):
            ship = state.ship(info.ship_id).name if info.ship_id else ""
            side = state.side(info.side).name if info.side else ""
            question = CONFIRM[action].format(ship=ship, side=side)
            if await self.app.push_screen_wait(ConfirmDialog(question)):
                if action == "abandon_ship":
                    self.do_step(abandon_ship, info.ship_id)
                else:
                    self.do_step(withdraw, info.side)
        elif action == "leave_ship":  # a move in the campaign's stations: the battle follows
            self.do_action(battle_stations.leave_ship, info.character_id)
        elif action == "advance":
            self.action_advance()
        elif action == "apply_damage_manually":
            await self._damage()
        elif action == "end_battle":
            await self._end()
        else:
            self._status(f"The tab cannot do {action!r} yet.", error=True)

    # -- choices --------------------------------------------------------------------------
    async def _choose_ship(self, title: str, ship_ids: tuple[str, ...]) -> str | None:
        state = self.battle
        assert state is not None
        if len(ship_ids) == 1:
            return ship_ids[0]
        options = [(s, f"{state.ship(s).name} ({state.ship(s).fate})") for s in ship_ids]
        choice: str | None = await self.app.push_screen_wait(ChoiceDialog(title, options))
        return choice

    async def _declare(self, info: ActionInfo) -> None:
        assert self.battle is not None and info.side is not None
        fleet = self.battle.side(info.side)
        outcomes = heading_outcomes(self.battle, info.side)
        options: list[tuple[str, str]] = []
        for heading in info.choices:
            outcome = f"; range: {outcomes[heading]}" if heading in outcomes else ""
            if heading == "hold":
                for arc in hold_arc_choices():
                    options.append((f"hold:{arc}", f"hold, {arc} arc toward the enemy{outcome}"))
                continue
            arcs = ", ".join(sorted(arcs_for_heading(heading) - ALWAYS_BEARING))
            options.append((heading, f"{heading}: the {arcs} arc bears (turrets always){outcome}"))
        initial = None
        if fleet.declared and fleet.heading is not None:
            initial = fleet.heading if fleet.heading != "hold" else f"hold:{fleet.held_arc}"
        where = range_name(self.battle.range).lower()
        choice = await self.app.push_screen_wait(
            ChoiceDialog(
                f"Heading of {fleet.name} ({where} range)",
                options,
                initial,
            )
        )
        if choice is None:
            return
        heading, _, arc = choice.partition(":")
        self.do_step(declare_heading, info.side, heading, arc or None)

    def _option_for(self, info: ActionInfo) -> AttackOption | None:
        """The attack option behind a 'Fire ...' action (the list follows its order)."""
        assert self.battle is not None
        fire = [a for a in self.now if a.action == "roll_attack"]
        options = attack_options(self.battle)
        if len(fire) != len(options) or info not in fire:
            return None
        return options[fire.index(info)]

    async def _fire(self, option: AttackOption) -> None:
        order: FireOrder | None = await self.app.push_screen_wait(AttackScreen(option))
        if order is None:
            return
        outcome = self.do_step(
            roll_attack,
            (option.ship_id, option.weapon),
            order.target,
            roll_damage=order.roll_damage,
        )
        if outcome is not None and order.target in outcome.result.damage_to_type_in:
            ship = outcome.state.ship(option.ship_id)
            await self._damage(
                order.target,
                note=f"{option.ship_name}'s {option.weapon_name}",
                damage_type=ship.mount(option.weapon).system.damage_type,
            )

    def _after_manual(self, outcome: StepOutcome | None) -> None:
        if outcome is not None and outcome.result.damage_to_type_in:
            self._status(
                Text.assemble(self._outcome_text(outcome), ("\nd types the damage in.", "bold"))
            )

    async def _repair(self, info: ActionInfo) -> None:
        assert self.battle is not None and info.ship_id is not None
        ship = self.battle.ship(info.ship_id)
        names = {m.key: m.name for m in ship.mounts()}
        options = [
            (c, f"{c} damage ({ship.damage.marked[c]} marked)" if c in track_ids() else names[c])
            for c in info.choices
        ]
        choice = options[0][0] if len(options) == 1 else None
        if choice is None:
            choice = await self.app.push_screen_wait(ChoiceDialog(f"{info.label}: what?", options))
        if choice is None:
            return
        by = info.character_id if info.character_id is not None else CREW
        if choice in track_ids():
            self.do_step(roll_repair, info.ship_id, by=by, track=choice)
        else:
            self.do_step(roll_repair, info.ship_id, by=by, track=None, system=choice)

    async def _ram(self, info: ActionInfo) -> None:
        """Pick the target, see what the ram will roll (checks and damage), enter rams."""
        state = self.battle
        assert state is not None and info.ship_id is not None
        target = await self._choose_ship("Ram which ship?", info.choices)
        if target is None:
            return
        try:
            preview = ram_preview(state, info.ship_id, target)
        except RulesError as exc:
            self._status(f"Not done: {exc}", error=True)
            return
        if await self.app.push_screen_wait(RamScreen(state, preview)):
            self._after_manual(self.do_step(ram, info.ship_id, target))

    async def _board(self, info: ActionInfo) -> None:
        """The boarding dialog: target, both sides' strength, the leaders' choices."""
        state = self.battle
        assert state is not None and info.ship_id is not None and info.method is not None
        method = boarding_name(info.method)
        order: BoardOrder | None = await self.app.push_screen_wait(
            BoardScreen(state, info.ship_id, method, info.choices)
        )
        if order is not None:
            self.do_step(
                board,
                info.ship_id,
                order.target,
                info.method,
                leader_choice=order.leader_choice,
                defender_leader_choice=order.defender_leader_choice,
            )

    async def _self_destruct(self, info: ActionInfo) -> None:
        state = self.battle
        assert state is not None and info.ship_id is not None
        ship = state.ship(info.ship_id)
        aboard = [
            state.character(a.character_id).name
            for a in state.aboard(ship.id)
            if state.character(a.character_id).state != "dead"
        ]
        question = CONFIRM["self_destruct"].format(ship=ship.name)
        if aboard:
            question += f"\n{', '.join(aboard)} still aboard go down with her."
        if await self.app.push_screen_wait(ConfirmDialog(question)):
            self._after_manual(self.do_step(self_destruct, ship.id, characters_go_down=True))

    async def _damage(
        self, ship_id: str | None = None, note: str = "", damage_type: str | None = None
    ) -> None:
        """The damage form; `damage_type` is the type of the weapon that hit, when known."""
        state = self.need_open_battle()
        if state is None:
            return
        ships = [s for s in state.ships if not s.destroyed]
        if not ships:
            self._status("Every ship is destroyed: there is nothing left to damage.", error=True)
            return
        names = {side.id: side.name for side in state.sides}
        entry: DamageEntry | None = await self.app.push_screen_wait(
            DamageScreen(
                ships,
                ship_id or self.damage_target(),
                note=note,
                side_names=names,
                damage_type=damage_type,
            )
        )
        if entry is not None:
            self.do_action(
                battle_actions.do_apply_damage,
                entry.ship_id,
                entry.amount,
                entry.track,
                entry.note,
                damage_type=entry.damage_type,
                hit_place=entry.hit_place,
            )

    async def _end(self) -> None:
        state = self.need_open_battle()
        if state is None:
            return
        if not await self.app.push_screen_wait(
            ConfirmDialog(f"End {state.name} now, in round {state.round}?")
        ):
            return
        outcome = self.do_step(end_battle)
        if outcome is not None:
            self.app.push_screen(
                SummaryScreen(
                    f"{outcome.state.name}: summary", battle_summary(outcome.state).text()
                )
            )

    # -- keys -----------------------------------------------------------------------------
    def action_advance(self) -> None:
        state = self.need_open_battle()
        if state is None:
            return
        blocker = advance_blocker(state)
        if blocker is not None:
            self._status(f"Not yet: {blocker}.", error=True)
            return
        self.do_step(advance)

    @work(exclusive=True, group="battle-dialog")
    async def action_attack(self) -> None:
        state = self.need_open_battle()
        if state is None:
            return
        info = self.highlighted_action()
        if info is not None and info.action == "roll_attack":
            option = self._option_for(info)
            if option is not None:
                await self._fire(option)
                return
        options = attack_options(state)
        if not options:
            self._status(f"No weapon can fire now: {no_fire_reason(state)}.", error=True)
            return
        option = options[0]
        if len(options) > 1:
            choices = [
                (str(i), f"{o.ship_name}: {o.weapon_name} ({o.roller.name} rolls {o.score})")
                for i, o in enumerate(options)
            ]
            picked = await self.app.push_screen_wait(ChoiceDialog("Fire which weapon?", choices))
            if picked is None:
                return
            option = options[int(picked)]
        await self._fire(option)

    @work(exclusive=True, group="battle-dialog")
    async def action_damage(self) -> None:
        await self._damage()

    @work(exclusive=True, group="battle-dialog")
    async def action_end(self) -> None:
        await self._end()

    def action_summary(self) -> None:
        state = self.need_battle()
        if state is None:
            return
        self.app.push_screen(SummaryScreen(f"{state.name}: summary", battle_summary(state).text()))

    def action_report(self) -> None:
        """Save the report as the battle stands now and show it."""
        state = self.need_battle()
        if state is None:
            return
        try:
            saved = save_report(self.campaign, state.id)
        except (RulesError, StoreError, ActionRefused) as exc:
            self._status(f"No report: {exc}", error=True)
            return
        where = str(saved.path.relative_to(self.campaign.folder))
        self.app.push_screen(ReportScreen(f"{state.name}: battle report", saved.text, where))

    def action_undo(self) -> None:
        if self.battle_id is None:
            self._status("No battle open: nothing to undo.", error=True)
            return
        try:
            if not can_undo(self.campaign, self.battle_id):
                last = battle_tracker(self.campaign, self.battle_id).last_label()
                why = "only the battle's set-up is left" if last else "no older step is kept"
                self._status(f"Nothing to undo: {why}.", error=True)
                return
            undone = battle_actions.undo(self.campaign, self.battle_id)
        except (StoreError, RulesError, ActionRefused) as exc:
            self._status(f"Not undone: {exc}", error=True)
            return
        self.reload(keep_status=True)
        rolls = len(undone.roll_ids)
        text = f"Undone: {undone.label} ({rolls} roll{'s' if rolls != 1 else ''} marked undone"
        if undone.injury_ids:
            text += f", {len(undone.injury_ids)} injury entries given back"
        self._status(" ".join(filter(None, (text + ").", undone_text(undone)))))

    @work(exclusive=True, group="battle-dialog")
    async def action_new_battle(self) -> None:
        campaign = self.campaign
        try:
            ships = list_ships(campaign)
            party = load_party_state(campaign)
            number = len(list_battles(campaign)) + 1
        except (StoreError, RulesError) as exc:
            self._status(f"Cannot set up a battle: {exc}", error=True)
            return

        def create(choice: SetupChoice) -> BattleState:
            side_a = fleet_setup(campaign, choice.side_a, choice.ships_a, (), choice.commander_a)
            side_b = fleet_setup(
                campaign, choice.side_b, choice.ships_b, choice.extra_b, choice.commander_b
            )
            if choice.flagship_a is not None:
                side_a = replace(side_a, flagship=side_a.ships[choice.flagship_a][0])
            if choice.flagship_b is not None:
                side_b = replace(side_b, flagship=side_b.ships[choice.flagship_b][0])
            return battle_actions.set_up(
                campaign, choice.name, side_a, side_b, choice.starting_range
            )

        state: BattleState | None = await self.app.push_screen_wait(
            BattleSetupScreen(ships, party, f"Battle {number}", create)
        )
        if state is None:
            return
        self.battle_id = state.id
        self.reload(keep_status=True)
        self._status(f"{state.name} is set up: round 1 begins with the edge (enter rolls it).")
        self.focus_default()

    @work(exclusive=True, group="battle-dialog")
    async def action_open_battle(self) -> None:
        try:
            battles = list_battles(self.campaign)
        except StoreError as exc:
            self._status(f"The battles do not read: {exc}", error=True)
            return
        if not battles:
            self._status("The campaign has no battle yet: n sets one up.", error=True)
            return
        options = [
            (
                b.id,
                f"{b.name}: {b.status}, round {b.round}"
                + (f", session {b.session}" if b.session else ""),
            )
            for b in battles
        ]
        choice = await self.app.push_screen_wait(
            ChoiceDialog("Open which battle?", options, self.battle_id)
        )
        if choice is None:
            return
        try:
            set_open_battle(self.campaign, choice)
        except StoreError as exc:
            self._status(f"Not opened: {exc}", error=True)
            return
        self.battle_id = choice
        self.reload()
        self.focus_default()

    @work(exclusive=True, group="battle-dialog")
    async def action_delete_battle(self) -> None:
        battle_id = self.battle_id
        if battle_id is None:
            self._status("No battle open: nothing to delete (o opens one).", error=True)
            return
        try:
            record = get_battle_record(self.campaign, battle_id)
        except StoreError as exc:
            self._status(f"Not deleted: {exc}", error=True)
            return
        if not await self.app.push_screen_wait(
            ConfirmDialog(escape(delete_question(record, self.battle is not None)), danger=True)
        ):
            self._status(f"Not deleted: {record.name} stays as it was.")
            return
        try:
            battle_actions.delete(self.campaign, battle_id)
        except (StoreError, ActionRefused) as exc:
            self._status(f"Not deleted: {exc}", error=True)
            return
        self.battle_id = None
        self.reload(keep_status=True)
        self._status(
            f"Deleted {record.name} ({record.status}, round {record.round}); no battle open. "
            "Its rolls stay in the roll log, its injuries on the characters."
        )

    @work(exclusive=True, group="battle-dialog")
    async def action_gunner(self) -> None:
        state = self.need_open_battle()
        if state is None:
            return
        ship_id = self._ship_under_cursor()
        assert ship_id is not None
        ship = state.ship(ship_id)
        weapons = ship.weapons()
        if not weapons:
            self._status(f"{ship.name} has no weapon (move the cursor in the ship table).", True)
            return
        names = {c.id: c.name for c in state.characters}
        weapon = await self.app.push_screen_wait(
            ChoiceDialog(
                f"Which weapon of {ship.name}?",
                [
                    (m.key, f"{m.name}: {names.get(ship.gunners.get(m.key, ''), 'the crew')}")
                    for m in weapons
                ],
            )
        )
        if weapon is None:
            return
        people = [(CREW, "the crew")] + [
            (a.character_id, names[a.character_id]) for a in state.aboard(ship.id)
        ]
        who = await self.app.push_screen_wait(ChoiceDialog("Who fires it?", people))
        if who is not None:
            self.do_step(assign_gunner, ship.id, weapon, None if who == CREW else who)

    @work(exclusive=True, group="battle-dialog")
    async def action_knock_out(self) -> None:
        state = self.need_open_battle()
        if state is None:
            return
        ship_id = self._ship_under_cursor()
        assert ship_id is not None
        ship = state.ship(ship_id)
        systems = [(m.key, m.name) for m in ship.mounts() if m.key not in ship.systems_out]
        system = await self.app.push_screen_wait(
            ChoiceDialog(f"Knock out which system of {ship.name}?", systems)
        )
        if system is not None:
            self.do_step(knock_out_system, ship.id, system)

    @work(exclusive=True, group="battle-dialog")
    async def action_commander(self) -> None:
        state = self.need_open_battle()
        if state is None:
            return
        side = await self.app.push_screen_wait(
            ChoiceDialog(
                "Set the commander of which side?",
                [(s.id, f"{s.id.upper()} {s.name}") for s in state.sides],
            )
        )
        if side is None:
            return
        fleet = state.side(side)
        people = [(CREW, "nobody: the flagship's command station, else her crew")] + [
            (a.character_id, state.character(a.character_id).name)
            for a in state.assignments
            if a.ship_id in fleet.ship_ids and a.aboard
        ]
        who = await self.app.push_screen_wait(
            ChoiceDialog(f"Who commands {fleet.name}?", people, fleet.commander)
        )
        if who is not None:
            self.do_step(set_commander, side, None if who == CREW else who)

    @work(exclusive=True, group="battle-dialog")
    async def action_move_station(self) -> None:
        await move_order(self)

    @work(exclusive=True, group="battle-dialog")
    async def action_take_over(self) -> None:
        await take_over_order(self)

    @work(exclusive=True, group="battle-dialog")
    async def action_leave_ship(self) -> None:
        await leave_order(self)


__all__ = [
    "BattlePane",
    "TableLayout",
    "fit_name",
    "header_text",
    "log_text",
    "ship_row",
    "table_layout",
    "track_cell",
]
