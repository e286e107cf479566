"""The Battle tab's ship table: both fleets, a ship a row, laid out to fit the tab's width
(names cut only when they must be)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec
from msgspec.structs import replace
from rich.text import Text
from textual import events
from textual.widgets import DataTable

from gmtool.rules.battle import BattleShip, BattleState, likely_target
from gmtool.rules.crew_losses import casualties
from gmtool.rules.ship_damage import track_ids
from gmtool.tui.widgets.names import cut_name
from gmtool.tui.widgets.scaled_bar import scaled_bar

STATE_STYLE = {
    "operational": "green",
    "shaken": "yellow",
    "disabled": "dark_orange",
    "crippled": "red",
    "destroyed": "bold red",
    "escaped": "dim",
    "left": "dim",
    "abandoning": "magenta",
    "abandoned": "dim magenta",
}
TRACK_STYLE = {"stun": "yellow", "wound": "dark_orange", "mortal": "red", "critical": "magenta"}


def track_cell(marked: int, points: int, bar: int) -> Text:
    """'██▌ 68/80': the boxes marked as a scaled bar (bar 0: the numbers only)."""
    if bar <= 0 or points <= 0:
        return Text(f"{marked}/{points}")
    filled, empty = scaled_bar(marked, points, bar)
    return Text.assemble((filled, ""), (empty, "dim"), f" {marked}/{points}")


def losses_text(losses: dict[str, int], total: bool = True) -> str:
    """'82: 41/21/20' (casualties: dead / badly / lightly wounded), or '41/21/20'."""
    split = f"{losses['dead']}/{losses['badly_wounded']}/{losses['lightly_wounded']}"
    return f"{losses['total']}: {split}" if total else split


BAR = 3  # cells of a track's bar in the wide table
CLASS_SHORT = {"super-heavy": "s-heavy"}
STATE_WIDTH = max(len(s) for s in STATE_STYLE)  # 'operational'
TRACK_HEADINGS = {"stun": "Stun", "wound": "Wound", "mortal": "Mortal", "critical": "Crit"}
MIN_NAME = 8  # the ship column is never cut narrower than this
TABLE_ROWS = 7  # ships the table shows before it scrolls (its max-height less the heading)


class TableLayout(msgspec.Struct, frozen=True):
    """How the ship table fits its width: each column's (heading, width), whether it is
    wide (track bars, class column), whether casualties lead with the total, and the width
    names are cut to."""

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
    ships: Sequence[BattleShip], bar: int, show_class: bool, losses_total: bool, worst: bool = True
) -> TableLayout:
    """Columns wide enough for every cell the battle can come to (`worst`, so the layout
    holds however the damage grows), or for the cells as they stand now."""
    names = max((len(s.name) for s in ships), default=4)
    columns: list[tuple[str, int]] = [("", 1), ("Ship", max(names, 4))]
    if show_class:
        classes = [len(CLASS_SHORT.get(s.spec.ship_class, s.spec.ship_class)) for s in ships]
        columns.append(("Class", max([5, *classes])))
    columns.append(("State", STATE_WIDTH))
    for track in track_ids():
        # the longest a cell can get: every box marked ('240/240'), after its bar
        cells = [
            2 * len(str(s.damage.points[track])) + 1
            if worst
            else len(f"{s.damage.marked[track]}/{s.damage.points[track]}")
            for s in ships
        ]
        heading = TRACK_HEADINGS.get(track, track.title())
        columns.append((heading, max([len(heading), *cells]) + (bar + 1 if bar else 0)))
    heading = "Casualties (d/b/l)" if show_class else "Cas. d/b/l"
    losses = [
        casualties(s.crew_total, s.damage.points, s.damage.points) if worst else s.crew_losses
        for s in ships
    ]
    cells = [len(losses_text(lost, losses_total)) for lost in losses]
    columns.append((heading, max([len(heading), *cells])))
    return TableLayout(tuple(columns), bar, show_class, losses_total, max(names, 4))


def table_layout(ships: Sequence[BattleShip], width: int, wide: bool) -> TableLayout:
    """The fullest table that fits `width` cells, giving up in turn: the bars and class
    column, the casualties' total, room for the numbers to grow (big ships' four-digit
    tracks), and only then the ship names, all cut the same way."""
    tries = [(BAR, True, True, True), (0, True, True, True)] if wide else []
    tries += [(0, False, True, True), (0, False, False, True), (0, False, False, False)]
    for bar, show_class, total, worst in tries:
        layout = _layout(ships, bar, show_class, total, worst)
        if layout.width <= width:
            return layout
    over = layout.width - width
    name_width = max(layout.name_width - over, MIN_NAME)
    first, (ship, _width), *rest = layout.columns
    columns = (first, (ship, name_width), *rest)
    return replace(layout, columns=columns, name_width=name_width)


def ship_row(state: BattleState, ship: BattleShip, layout: TableLayout) -> list[Any]:
    fate = ship.fate
    cells: list[Any] = [
        Text(state.side(ship.side).id.upper(), style="bold"),
        Text(cut_name(ship.name, layout.name_width), style="strike dim" if ship.destroyed else ""),
    ]
    if layout.show_class:
        cells.append(CLASS_SHORT.get(ship.spec.ship_class, ship.spec.ship_class))
    cells.append(Text(fate, style=STATE_STYLE.get(fate, "")))
    for track in track_ids():
        cell = track_cell(ship.damage.marked[track], ship.damage.points[track], layout.bar)
        if ship.damage.marked[track]:
            cell.stylize(TRACK_STYLE[track], 0, layout.bar or len(cell))
        cells.append(cell)
    cells.append(losses_text(ship.crew_losses, layout.losses_total))
    return cells


def _moves_cursor(name: str) -> Callable[[ShipTable], None]:
    """DataTable's cursor action `name`, marking the cursor as moved by the GM."""

    def action(table: ShipTable) -> None:
        getattr(DataTable, f"action_{name}")(table)
        table.moved_by_gm = True

    return action


class ShipTable(DataTable[Any]):
    """Both fleets, a ship a row. `moved_by_gm`: the GM moved the cursor since the battle
    was shown, so the ship under it is the one they mean."""

    moved_by_gm = False
    fit = TableLayout((), 0, False, True, MIN_NAME)  # how the columns fit the width
    shown_battle: str | None = None  # the battle the cursor belongs to

    def show(self, state: BattleState | None, width: int, wide: bool) -> None:
        """Lay the table out for `width` cells and fill it; the cursor stays on the ship the
        GM moved to."""
        ships = state.ships if state is not None else ()
        picked = self.ship_under_cursor(state) if self.moved_by_gm else None
        if state is None or state.id != self.shown_battle:
            self.moved_by_gm = False  # another battle: the GM has not picked a ship in it
        self.shown_battle = state.id if state is not None else None
        if len(ships) > TABLE_ROWS:
            width -= self.styles.scrollbar_size_vertical
        self.fit = table_layout(ships, width, wide)
        columns = list(self.fit.columns)
        if [(str(c.label), c.width) for c in self.columns.values()] != columns:
            self.clear(columns=True)
            for label, size in columns:
                self.add_column(label, width=size)
        else:
            self.clear()
        self.display = state is not None
        if state is None:
            return
        for ship in state.ships:
            self.add_row(*ship_row(state, ship, self.fit), key=ship.id)
        if picked is not None:
            self.move_cursor(row=[s.id for s in state.ships].index(picked), scroll=False)

    def damage_target(self, state: BattleState | None) -> str | None:
        """The ship d and k act on: the one the GM moved to, else the likely target (the
        ship just hit, else the enemy flagship)."""
        if state is None:
            return None
        if self.moved_by_gm:
            return self.ship_under_cursor(state)
        gm_sides = [s.id for s in state.sides if s.id not in state.auto]
        return likely_target(state, gm_sides[0] if gm_sides else None)

    def ship_under_cursor(self, state: BattleState | None) -> str | None:
        """The ship of the row under the cursor, by row key."""
        if state is None or self.row_count == 0 or self.shown_battle != state.id:
            return None
        key = self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value
        return key if key in {s.id for s in state.ships} else None

    # the keys that move the cursor: after one, the ship under it is the GM's pick
    action_cursor_up = _moves_cursor("cursor_up")
    action_cursor_down = _moves_cursor("cursor_down")
    action_page_up = _moves_cursor("page_up")
    action_page_down = _moves_cursor("page_down")
    action_scroll_top = _moves_cursor("scroll_top")
    action_scroll_bottom = _moves_cursor("scroll_bottom")

    def on_click(self, _event: events.Click) -> None:
        self.moved_by_gm = True  # (DataTable's own handler moves the cursor after this one)
