"""The skirmish table drawn in the terminal: terrain, figures, dropped weapons and a cursor.

A column is `scale` inches across and a row twice that (a terminal cell is about twice as
tall as wide), so the map keeps its shape; the scale is the finest that fits (1 inch a
column at 120x36, 2 at 80x24). The drawing is worked out from a `MapView`; the widget only
paints it.
"""

from __future__ import annotations

import functools
import math
import re

import msgspec
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from gmtool.rules.skirmish import GameState, Scenario
from gmtool.rules.skirmish.geometry import point_in_piece
from gmtool.rules.skirmish.scenario import TerrainPiece
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.torga.standing import fit_words
from gmtool.tui.widgets.steady import KeepsSize

# Scales tried, finest first: inches of table per column (a row is twice as many).
SCALES = (1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 6.0, 8.0)
# Distance between the faint grid dots on open ground (the fire table's band width), doubled
# on coarse maps so the dots stay sparse.
GRID_INCHES = 6.0


def grid_inches(scale: float) -> float:
    return GRID_INCHES if scale < 2 else 2 * GRID_INCHES


# Terrain glyphs: rock walls, the wreck (walls and wreckage named as part of a ship), other
# obstacles. A GM's scenario gets the same look from the words in its terrain names.
WRECK_WORDS = ("ship", "hull", "wing", "wreck", "nacelle", "plate", "debris", "hatch")
ROCK_WALL = ("█", Style(color="#808080"))
WRECK_WALL = ("▓", Style(color="#5f87af"))
ROCK_OBSTACLE = ("▒", Style(color="#af875f"))
WRECK_OBSTACLE = ("▒", Style(color="#5f87af"))
GRID_DOT = ("·", Style(color="#4e4e4e"))
OPEN = (" ", Style())
DROPPED = ("×", Style(color="#ffd700", bold=True))
SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
WOUND_STYLE = Style(color="#ffaf00", bold=True)
FIRE_LINE = ("·", Style(color="#ffd700", bold=True))
# Colours of the scenario's first and second side (the roster uses the same).
SIDE_COLOURS = ("#5fd7ff", "#ff5f5f")

Cell = tuple[str, Style]


def is_wreck(piece: TerrainPiece) -> bool:
    words = f"{piece.id} {piece.name}".lower()
    return any(word in words for word in WRECK_WORDS)


def choose_scale(width: float, depth: float, max_cols: int, max_rows: int) -> float:
    """The finest scale at which the table fits in max_cols x max_rows cells."""
    for scale in SCALES:
        cols, rows = grid_size(width, depth, scale)
        if cols <= max_cols and rows <= max_rows:
            return scale
    return SCALES[-1]


def grid_size(width: float, depth: float, scale: float) -> tuple[int, int]:
    return math.ceil(width / scale - 1e-9), math.ceil(depth / (2 * scale) - 1e-9)


@functools.lru_cache(maxsize=16)
def terrain_cells(
    terrain: tuple[TerrainPiece, ...], width: float, depth: float, scale: float
) -> tuple[tuple[Cell, ...], ...]:
    """Each cell's terrain glyph, judged on 3x3 points inside the cell: a wall where most of
    them are in a wall, an obstacle where any is in one (small rocks must not vanish)."""
    cols, rows = grid_size(width, depth, scale)
    walls = [p for p in terrain if p.blocks]
    obstacles = [p for p in terrain if not p.blocks]
    fractions = (1 / 6, 1 / 2, 5 / 6)
    grid_step = grid_inches(scale)
    grid: list[tuple[Cell, ...]] = []
    for row in range(rows):
        line: list[Cell] = []
        for col in range(cols):
            x0, y0 = col * scale, row * 2 * scale
            points = [
                (x0 + fx * scale, y0 + fy * 2 * scale) for fy in fractions for fx in fractions
            ]
            wall_hits: list[TerrainPiece] = []
            obstacle_hit: TerrainPiece | None = None
            for px, py in points:
                wall = next((p for p in walls if point_in_piece(p, px, py)), None)
                if wall is not None:
                    wall_hits.append(wall)
                elif obstacle_hit is None:
                    obstacle_hit = next((p for p in obstacles if point_in_piece(p, px, py)), None)
            if len(wall_hits) * 2 > len(points):
                wreck = sum(1 for p in wall_hits if is_wreck(p)) * 2 > len(wall_hits)
                line.append(WRECK_WALL if wreck else ROCK_WALL)
            elif obstacle_hit is not None:
                line.append(WRECK_OBSTACLE if is_wreck(obstacle_hit) else ROCK_OBSTACLE)
            elif _has_grid_point(x0, scale, grid_step) and _has_grid_point(
                y0, 2 * scale, grid_step
            ):
                line.append(GRID_DOT)
            else:
                line.append(OPEN)
        grid.append(tuple(line))
    return tuple(grid)


def _has_grid_point(start: float, size: float, step: float) -> bool:
    """Does [start, start + size) hold a multiple of `step`?"""
    first = math.ceil(start / step - 1e-9) * step
    return first < start + size - 1e-9


# -- figures --------------------------------------------------------------------------------


def short_name(name: str) -> str:
    """A figure's name for narrow places: its last word, or the last two when the last is a
    number ("Captain Benjamin Sisko" -> "Sisko", "Jem'Hadar soldier 3" -> "soldier 3")."""
    words = name.split()
    if len(words) >= 2 and words[-1].isdigit():
        return " ".join(words[-2:])
    return words[-1] if words else name


@functools.lru_cache(maxsize=16)
def figure_symbols(scenario: Scenario) -> dict[str, str]:
    """One character per figure, unique on the table, so figures are told apart without
    colour: the first side's capitals and digits (a name's number, else a letter of its short
    name), the second side's small letters (a name's number as a letter, 1 is a, else a
    letter of its short name)."""
    symbols: dict[str, str] = {}
    used: set[str] = set()
    first_side = scenario.sides[0].id
    for spec in scenario.forces:
        capitals = spec.side == first_side
        short = short_name(spec.name)
        number = re.search(r"(\d+)$", spec.name)
        letters: list[str] = []
        if number:
            n = int(number.group(1))
            if capitals and n < 10:
                letters.append(str(n))
            elif not capitals and 1 <= n <= 26:
                letters.append(chr(ord("a") + n - 1))
        letters += [c for c in short + spec.id if c.isalpha()]
        letters += list("abcdefghijklmnopqrstuvwxyz")
        if capitals:
            letters = [c.upper() for c in letters] + list("0123456789")
        else:
            letters = [c.lower() for c in letters]
        symbols[spec.id] = next((c for c in letters if c not in used), "?")
        used.add(symbols[spec.id])
    return symbols


def wound_marker(wounds: int) -> str:
    """A figure's wounds as a superscript beside its letter on the map (none unwounded)."""
    return "".join(SUPERSCRIPTS[int(d)] for d in str(wounds)) if wounds > 0 else ""


def side_style(scenario: Scenario, side: str) -> Style:
    index = next(i for i, s in enumerate(scenario.sides) if s.id == side)
    return Style(color=SIDE_COLOURS[index % len(SIDE_COLOURS)], bold=True)


class MapView(msgspec.Struct, frozen=True):
    """What to draw: the game and what the tab points at."""

    state: GameState
    selected: str | None = None  # the figure whose activation it is
    ready: frozenset[str] = frozenset()  # figures that may act now
    cursor: tuple[float, float] | None = None  # a move's destination
    cursor_ok: bool = True  # is that move allowed
    target: str | None = None  # the figure or dropped weapon picked
    targets: frozenset[str] = msgspec.field(default_factory=frozenset)  # the others open to pick
    fire_line: bool = False  # draw the line of fire from the selected figure to the target


def _line_cells(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """Cells on the straight line from a to b, both ends left out."""
    (x0, y0), (x1, y1) = a, b
    steps = max(abs(x1 - x0), abs(y1 - y0))
    return [
        (round(x0 + (x1 - x0) * (i / steps)), round(y0 + (y1 - y0) * (i / steps)))
        for i in range(1, steps)
    ]


_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))
_WALL_GLYPHS = (ROCK_WALL[0], WRECK_WALL[0])


def _free_cell(
    cell: tuple[int, int], occupied: set[tuple[int, int]], grid: list[list[Cell]]
) -> tuple[int, int]:
    """The cell if it holds no figure and no wall, else the nearest neighbour that holds
    neither (else the cell after all): on a coarse map a figure beside a wall, drawn in the
    wall's cell, looks to stand inside the rock."""
    col, row = cell
    if cell not in occupied and grid[row][col][0] not in _WALL_GLYPHS:
        return cell
    for dc, dr in _NEIGHBOURS:
        c, r = col + dc, row + dr
        inside = 0 <= r < len(grid) and 0 <= c < len(grid[r])
        if inside and (c, r) not in occupied and grid[r][c][0] not in _WALL_GLYPHS:
            return c, r
    return cell


def draw(view: MapView, scale: float) -> list[list[Cell]]:
    """The map as rows of (glyph, style) cells."""
    state = view.state
    scenario = state.scenario
    cols, rows = grid_size(scenario.width, scenario.depth, scale)
    grid = [
        list(row) for row in terrain_cells(scenario.terrain, scenario.width, scenario.depth, scale)
    ]

    def at(x: float, y: float) -> tuple[int, int]:
        """The (column, row) of a point on the table."""
        return min(max(int(x / scale), 0), cols - 1), min(max(int(y / (2 * scale)), 0), rows - 1)

    for item in state.dropped:
        col, row = at(item.x, item.y)
        style = DROPPED[1]
        if item.id == view.target:
            style = style + Style(reverse=True)
        elif item.id in view.targets:
            style = style + Style(underline=True)
        grid[row][col] = (DROPPED[0], style)
    selected = state.figure(view.selected) if view.selected else None
    colour = "#5fd75f" if view.cursor_ok else "#ff5f5f"  # the move's cursor and its path
    if view.cursor is not None and selected is not None:
        start = at(selected.x, selected.y)
        end = at(*view.cursor)
        for col, row in _line_cells(start, end):
            grid[row][col] = ("·", Style(color=colour, bold=True))
    if view.fire_line and selected is not None and view.target is not None:
        target = state.figure(view.target)
        for col, row in _line_cells(at(selected.x, selected.y), at(target.x, target.y)):
            glyph = grid[row][col][0]
            # the line runs over open ground; terrain it crosses keeps its glyph, lit up
            lit = (glyph, Style(color="black", bgcolor="#ffd700"))
            grid[row][col] = FIRE_LINE if glyph in (" ", GRID_DOT[0]) else lit
    symbols = figure_symbols(scenario)

    # Figures drawn last, the one the tab points at first: where two would share a cell (on
    # a coarse map), the later one goes to the nearest free neighbouring cell.
    def rank(fig_id: str) -> int:
        if fig_id == view.selected:
            return 0
        if fig_id == view.target:
            return 1
        return 2 if fig_id in view.targets or fig_id in view.ready else 3

    occupied: set[tuple[int, int]] = set()
    wounded: list[tuple[int, int, str]] = []
    standing = sorted((f for f in state.figures if not f.fallen), key=lambda f: rank(f.id))
    for fig in standing:
        col, row = _free_cell(at(fig.x, fig.y), occupied, grid)
        occupied.add((col, row))
        style = side_style(scenario, fig.side)
        if fig.id == view.selected:
            style = style + Style(reverse=True)
        elif fig.id == view.target:
            style = style + Style(reverse=True, underline=True)
        elif fig.id in view.targets or fig.id in view.ready:
            style = style + Style(underline=True)
        grid[row][col] = (symbols[fig.id], style)
        marker = wound_marker(fig.wounds)
        if marker:
            wounded.append((col, row, marker))
    # A wound marker goes in the cell east of the figure, else west, where it is open ground.
    for col, row, marker in wounded:
        for beside in (col + 1, col - 1):
            open_ground = 0 <= beside < cols and grid[row][beside][0] in (" ", GRID_DOT[0])
            if open_ground and (beside, row) not in occupied:
                grid[row][beside] = (marker[-1], WOUND_STYLE)
                break
    if view.cursor is not None:
        col, row = at(*view.cursor)
        glyph = grid[row][col][0]
        if glyph in (" ", "·", GRID_DOT[0]):
            glyph = "+"
        grid[row][col] = (glyph, Style(color="black", bgcolor=colour, bold=True))
    return grid


# Columns of the bottom border the key cannot use: its corners and the rule either side.
LEGEND_EDGES = 4


def legend(scenario: Scenario, scale: float, width: int) -> str:
    """The map's key for its bottom border, the fullest that fits in `width` columns: a key
    cut off mid-word tells the GM nothing."""
    cell = f"cell {scale:g}x{2 * scale:g} in"
    cost = f"{scenario.movement.obstacle_cost:+g} in"
    grid = f"{grid_inches(scale):g} in"
    keys = [
        f"█ rock  ▓ wreck  ▒ cover {cost}  × weapon  ¹ wounds  · {grid}  {cell}",
        f"█ rock  ▓ wreck  ▒ cover {cost}  × weapon  ¹ wounds  · {grid}",
        f"█rock ▓wreck ▒cover {cost} ×weapon ¹wounds ·{grid}",
        "█rock ▓wreck ▒cover ×weapon ¹wounds",
        "█rock ▓wreck ▒cover ×weapon",
        "█rock ▓wreck ▒cover",
    ]
    return fit_words(keys, width)


class SkirmishMap(KeepsSize, Widget, can_focus=True):
    """The table, sized to the finest scale the terminal leaves room for."""

    DEFAULT_CSS = tab_css(__file__, "map.tcss")

    def __init__(self, *, reserve: tuple[int, int] = (44, 12), **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.view: MapView | None = None
        self.reserve = reserve  # columns and rows the rest of the tab needs

    @property
    def scale(self) -> float:
        if self.view is None:
            return SCALES[0]
        scenario = self.view.state.scenario
        screen = self.app.size
        max_cols = max(screen.width - self.reserve[0], 8)
        max_rows = max(screen.height - self.reserve[1], 4)
        return choose_scale(scenario.width, scenario.depth, max_cols, max_rows)

    def _grid_size(self) -> tuple[int, int]:
        if self.view is None:
            return 10, 3
        scenario = self.view.state.scenario
        return grid_size(scenario.width, scenario.depth, self.scale)

    @property
    def wanted_height(self) -> int:
        """Rows the map takes with its border, at the scale the terminal allows."""
        return self._grid_size()[1] + 2

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self._grid_size()[0]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._grid_size()[1]

    def show(self, view: MapView) -> None:
        """Draw this view; a new layout only when the map's size changes."""
        size = self._grid_size() if self.view is not None else None
        self.view = view
        self.border_title = view.state.scenario.name
        self._set_legend()
        self.refresh(layout=self._grid_size() != size)

    def _set_legend(self) -> None:
        if self.view is not None:
            room = self._grid_size()[0] - LEGEND_EDGES
            self.border_subtitle = legend(self.view.state.scenario, self.scale, room)

    def on_resize(self) -> None:
        self._set_legend()

    def render(self) -> Text:
        if self.view is None:
            return Text("no game")
        rows = draw(self.view, self.scale)
        return Text("\n", no_wrap=True, overflow="crop").join(Text.assemble(*row) for row in rows)
