"""Measuring the table: distances, what a straight line crosses, where a figure may stand.

Terrain pieces (`TerrainPiece`, re-exported by the scenario) are rectangles and circles. A
line *crosses* a piece when some stretch of it runs through the piece's interior: running
along an edge or touching a corner does not count, so a figure may stand against a wall and
move along it. The `Board` keeps every
piece's bounding box in plain tuples so the simulation's hot path rejects most pieces with
four float comparisons, and it remembers lines of fire it has already judged (terrain never
moves, so the answer for two positions never changes).
"""

from __future__ import annotations

import heapq
import math
from collections import OrderedDict
from typing import Any

import msgspec

EPS = 1e-9
WALL = "wall"
OBSTACLE = "obstacle"
TERRAIN_KINDS = (WALL, OBSTACLE)

# line_of_fire results
BLOCKED = 0  # a wall lies across the line: no shot
COVER = 1  # an obstacle lies across the line: the target is not in the open
OPEN = 2  # nothing lies across the line

_FIRE_CACHE_LIMIT = 50_000
_PLAN_CACHE_LIMIT = 50_000
_FIELD_CACHE_LIMIT = 64
_COVER_CACHE_LIMIT = 20_000
# Where `Board.cover_spots` looks behind an obstacle: turned this many degrees from the line
# out of the shooter, and this share of the cover distance out from the obstacle's edge.
_COVER_TURNS = tuple(math.radians(a) for a in (0, 25, -25, 50, -50))
_COVER_DEPTHS = (0.25, 0.5, 0.75)
_SQRT2 = math.sqrt(2.0)
_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))

# A compiled piece: (west, north, east, south bounding box, is_circle, a, b, c, d, index),
# where a..d are x1, y1, x2, y2 for a rectangle or x, y, radius, radius squared for a circle.
_Compiled = tuple[float, float, float, float, bool, float, float, float, float, int]


class TerrainPiece(msgspec.Struct, frozen=True):
    """A rectangle (x1, y1, x2, y2) or a circle (x, y, radius), in inches."""

    id: str
    name: str
    kind: str  # WALL or OBSTACLE
    shape: str  # "rect" or "circle"
    coords: tuple[float, ...]

    @property
    def blocks(self) -> bool:
        return self.kind == WALL


def distance(ax: float, ay: float, bx: float, by: float) -> float:
    return math.hypot(bx - ax, by - ay)


def _segment_crosses_rect(
    x1: float, y1: float, x2: float, y2: float, rx1: float, ry1: float, rx2: float, ry2: float
) -> bool:
    """Liang-Barsky clipping against the open rectangle: a stretch of positive length inside."""
    dx = x2 - x1
    dy = y2 - y1
    t0 = 0.0
    t1 = 1.0
    for p, q in ((-dx, x1 - rx1), (dx, rx2 - x1), (-dy, y1 - ry1), (dy, ry2 - y1)):
        if p == 0.0:
            if q <= EPS:
                return False
            continue
        t = q / p
        if p < 0.0:
            if t > t0:
                t0 = t
        elif t < t1:
            t1 = t
        if t1 - t0 <= EPS:
            return False
    return True


def _segment_crosses_circle(
    x1: float, y1: float, x2: float, y2: float, cx: float, cy: float, r2: float
) -> bool:
    dx = x2 - x1
    dy = y2 - y1
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0.0 else ((cx - x1) * dx + (cy - y1) * dy) / length2
    if t < 0.0:
        t = 0.0
    elif t > 1.0:
        t = 1.0
    ex = x1 + t * dx - cx
    ey = y1 + t * dy - cy
    return ex * ex + ey * ey < r2 - EPS


def segment_crosses_piece(piece: TerrainPiece, x1: float, y1: float, x2: float, y2: float) -> bool:
    """Does the straight line from (x1, y1) to (x2, y2) run through the piece's interior?"""
    c = piece.coords
    if piece.shape == "circle":
        return _segment_crosses_circle(x1, y1, x2, y2, c[0], c[1], c[2] * c[2])
    return _segment_crosses_rect(x1, y1, x2, y2, c[0], c[1], c[2], c[3])


def point_in_piece(piece: TerrainPiece, x: float, y: float) -> bool:
    """Is the point inside the piece (its edge is outside)?"""
    c = piece.coords
    if piece.shape == "circle":
        return (x - c[0]) ** 2 + (y - c[1]) ** 2 < c[2] * c[2] - EPS
    return c[0] + EPS < x < c[2] - EPS and c[1] + EPS < y < c[3] - EPS


def distance_to_piece(piece: TerrainPiece, x: float, y: float) -> float:
    """Distance from a point to the nearest point of the piece (0 inside)."""
    c = piece.coords
    if piece.shape == "circle":
        return max(0.0, math.hypot(x - c[0], y - c[1]) - c[2])
    dx = max(c[0] - x, 0.0, x - c[2])
    dy = max(c[1] - y, 0.0, y - c[3])
    return math.hypot(dx, dy)


def _edge_along(piece: TerrainPiece, ux: float, uy: float) -> float:
    """How far the piece's edge lies from its centre in the direction (ux, uy)."""
    c = piece.coords
    if piece.shape == "circle":
        return c[2]
    half_w = (c[2] - c[0]) / 2
    half_h = (c[3] - c[1]) / 2
    across = half_w / abs(ux) if abs(ux) > EPS else math.inf
    down = half_h / abs(uy) if abs(uy) > EPS else math.inf
    return min(across, down)


def _compile(piece: TerrainPiece, index: int) -> _Compiled:
    c = piece.coords
    if piece.shape == "circle":
        x, y, r = c
        return (x - r, y - r, x + r, y + r, True, x, y, r, r * r, index)
    x1, y1, x2, y2 = c
    return (x1, y1, x2, y2, False, x1, y1, x2, y2, index)


def _crossed(compiled: list[_Compiled], x1: float, y1: float, x2: float, y2: float) -> list[int]:
    """Indexes of the compiled pieces the segment runs through."""
    if x1 < x2:
        sx1, sx2 = x1, x2
    else:
        sx1, sx2 = x2, x1
    if y1 < y2:
        sy1, sy2 = y1, y2
    else:
        sy1, sy2 = y2, y1
    hits: list[int] = []
    for bx1, by1, bx2, by2, is_circle, a, b, c, d, index in compiled:
        if bx1 >= sx2 or bx2 <= sx1 or by1 >= sy2 or by2 <= sy1:
            continue
        if is_circle:
            if _segment_crosses_circle(x1, y1, x2, y2, a, b, d):
                hits.append(index)
        elif _segment_crosses_rect(x1, y1, x2, y2, a, b, c, d):
            hits.append(index)
    return hits


class Board:
    """A scenario's table and terrain, compiled for measuring (`Scenario.board` builds it from
    the scenario's numbers, so measuring needs no scenario type)."""

    def __init__(
        self,
        *,
        width: float,
        depth: float,
        base_contact: float,
        obstacle_cost: float,
        cover_within: float,
        pieces: tuple[TerrainPiece, ...],
    ) -> None:
        self.width = width
        self.depth = depth
        self.base_contact = base_contact
        # Two bases overlap when their centres are closer than this, squared.
        self.spacing2 = base_contact * base_contact - EPS
        self.obstacle_cost = obstacle_cost
        self.cover_within = cover_within
        self.pieces = pieces
        self._walls = [_compile(p, i) for i, p in enumerate(self.pieces) if p.blocks]
        self._obstacles = [_compile(p, i) for i, p in enumerate(self.pieces) if not p.blocks]
        self._all = self._walls + self._obstacles
        self._fire_cache: dict[tuple[float, float, float, float], int] = {}
        self._fields: OrderedDict[tuple[float, float], list[float]] = OrderedDict()
        self._grid: tuple[int, int, list[list[tuple[int, float]]]] | None = None
        # Plans the automatic players made on this table (they depend on terrain alone).
        self.plans: dict[tuple[float, ...], Any] = {}
        # Shots judged on this table: (shooter x, y, target x, y, weapon) -> what fire.py
        # makes of range, band and line of fire.
        self.sights: dict[tuple[float, float, float, float, str], Any] = {}
        self._cover: dict[tuple[float, float], tuple[tuple[float, float], ...]] = {}

    def remember_sight(self, key: tuple[float, float, float, float, str], sight: Any) -> None:
        if len(self.sights) >= _FIRE_CACHE_LIMIT:
            self.sights.clear()
        self.sights[key] = sight

    def remember_plan(self, key: tuple[float, ...], plan: Any) -> None:
        if len(self.plans) >= _PLAN_CACHE_LIMIT:
            self.plans.clear()
        self.plans[key] = plan

    def on_table(self, x: float, y: float) -> bool:
        return 0.0 <= x <= self.width and 0.0 <= y <= self.depth

    def piece_at(self, x: float, y: float) -> TerrainPiece | None:
        """The terrain piece a point lies inside, if any (same test as `point_in_piece`)."""
        for bx1, by1, bx2, by2, is_circle, a, b, _c, d, index in self._all:
            if x <= bx1 + EPS or x >= bx2 - EPS or y <= by1 + EPS or y >= by2 - EPS:
                continue
            if not is_circle or (x - a) * (x - a) + (y - b) * (y - b) < d - EPS:
                return self.pieces[index]
        return None

    def walls_crossed(self, x1: float, y1: float, x2: float, y2: float) -> list[TerrainPiece]:
        return [self.pieces[i] for i in _crossed(self._walls, x1, y1, x2, y2)]

    def obstacles_crossed(self, x1: float, y1: float, x2: float, y2: float) -> list[TerrainPiece]:
        return [self.pieces[i] for i in _crossed(self._obstacles, x1, y1, x2, y2)]

    def move_cost(self, x1: float, y1: float, x2: float, y2: float) -> float | None:
        """Inches a straight move costs (length plus obstacles), or None if a wall blocks it."""
        if _crossed(self._walls, x1, y1, x2, y2):
            return None
        crossed = len(_crossed(self._obstacles, x1, y1, x2, y2))
        return math.hypot(x2 - x1, y2 - y1) + crossed * self.obstacle_cost

    def line_of_fire(self, sx: float, sy: float, tx: float, ty: float) -> int:
        """BLOCKED, COVER or OPEN for a shot from (sx, sy) at (tx, ty).

        An obstacle across the line counts as cover only if it lies within the scenario's
        `cover.within` of the target: a rock in front of the shooter, or halfway, hides
        nothing of a target standing in the open.
        """
        key = (sx, sy, tx, ty)
        cached = self._fire_cache.get(key)
        if cached is not None:
            return cached
        if _crossed(self._walls, sx, sy, tx, ty):
            result = BLOCKED
        else:
            result = OPEN
            for index in _crossed(self._obstacles, sx, sy, tx, ty):
                if distance_to_piece(self.pieces[index], tx, ty) <= self.cover_within + EPS:
                    result = COVER
                    break
        if len(self._fire_cache) >= _FIRE_CACHE_LIMIT:
            self._fire_cache.clear()
        self._fire_cache[key] = result
        return result

    def cover_between(self, sx: float, sy: float, tx: float, ty: float) -> TerrainPiece | None:
        """The obstacle that gives the target cover from this shooter, if any (for reports)."""
        for piece in self.obstacles_crossed(sx, sy, tx, ty):
            if distance_to_piece(piece, tx, ty) <= self.cover_within + EPS:
                return piece
        return None

    def cover_spots(self, sx: float, sy: float) -> tuple[tuple[float, float], ...]:
        """Places where a figure would be in cover from a shooter at (sx, sy): a few on the
        far side of each obstacle, close enough to it to count. Terrain alone decides them,
        so they are kept per shooter's place."""
        key = (sx, sy)
        known = self._cover.get(key)
        if known is not None:
            return known
        spots: list[tuple[float, float]] = []
        for piece in self.pieces:
            if piece.blocks:
                continue
            c = piece.coords
            if piece.shape == "circle":
                cx, cy = c[0], c[1]
            else:
                cx, cy = (c[0] + c[2]) / 2, (c[1] + c[3]) / 2
            dx = cx - sx
            dy = cy - sy
            dist = math.hypot(dx, dy)
            if dist <= EPS:
                continue
            for turn in _COVER_TURNS:
                ux = (dx * math.cos(turn) - dy * math.sin(turn)) / dist
                uy = (dx * math.sin(turn) + dy * math.cos(turn)) / dist
                edge = _edge_along(piece, ux, uy)
                for depth in _COVER_DEPTHS:
                    out = edge + depth * self.cover_within
                    x = cx + ux * out
                    y = cy + uy * out
                    if not self.on_table(x, y) or self.piece_at(x, y) is not None:
                        continue
                    if self.line_of_fire(sx, sy, x, y) == COVER:
                        spots.append((x, y))
        found = tuple(spots)
        if len(self._cover) >= _COVER_CACHE_LIMIT:
            self._cover.clear()
        self._cover[key] = found
        return found

    # -- walking distances ---------------------------------------------------------------------
    # A grid of 1-inch cells over the table, for finding a way around walls. Cells whose
    # centre lies in a wall are closed; stepping into an obstacle costs its crossing price.

    def _walk_grid(self) -> tuple[int, int, list[list[tuple[int, float]]]]:
        if self._grid is not None:
            return self._grid
        cols = max(1, math.ceil(self.width))
        rows = max(1, math.ceil(self.depth))
        closed = [False] * (cols * rows)
        inside: list[int] = [-1] * (cols * rows)
        for row in range(rows):
            for col in range(cols):
                piece = self.piece_at(col + 0.5, row + 0.5)
                if piece is not None:
                    i = row * cols + col
                    if piece.blocks:
                        closed[i] = True
                    else:
                        inside[i] = self.pieces.index(piece)
        steps: list[list[tuple[int, float]]] = []
        for row in range(rows):
            for col in range(cols):
                here: list[tuple[int, float]] = []
                for dc, dr in _NEIGHBOURS:
                    c2, r2 = col + dc, row + dr
                    if not (0 <= c2 < cols and 0 <= r2 < rows):
                        continue
                    j = r2 * cols + c2
                    if closed[j]:
                        continue
                    if dc and dr and (closed[row * cols + c2] or closed[r2 * cols + col]):
                        continue  # no squeezing diagonally past a wall's corner
                    cost = _SQRT2 if dc and dr else 1.0
                    entering = inside[j]
                    if entering >= 0 and inside[row * cols + col] != entering:
                        cost += self.obstacle_cost
                    here.append((j, cost))
                steps.append(here)
        self._grid = (cols, rows, steps)
        return self._grid

    def walking_field(self, gx: float, gy: float) -> list[float]:
        """Walking distance (inches, on the grid) from every cell to the point (gx, gy).

        Remembered per point: in a simulation the holding side never moves, so each of its
        figures costs one search per process.
        """
        key = (gx, gy)
        field = self._fields.get(key)
        if field is not None:
            self._fields.move_to_end(key)
            return field
        cols, rows, steps = self._walk_grid()
        field = [math.inf] * (cols * rows)
        start = self.cell(gx, gy)
        field[start] = 0.0
        queue = [(0.0, start)]
        pop = heapq.heappop
        push = heapq.heappush
        while queue:
            dist, i = pop(queue)
            if dist > field[i]:
                continue
            for j, cost in steps[i]:
                new = dist + cost
                if new < field[j]:
                    field[j] = new
                    push(queue, (new, j))
        self._fields[key] = field
        if len(self._fields) > _FIELD_CACHE_LIMIT:
            self._fields.popitem(last=False)
        return field

    def cell(self, x: float, y: float) -> int:
        """Index of the grid cell holding the point."""
        cols, rows, _ = self._walk_grid()
        col = min(cols - 1, max(0, int(x)))
        row = min(rows - 1, max(0, int(y)))
        return row * cols + col

    def wall_between(self, x1: float, y1: float, x2: float, y2: float) -> bool:
        return bool(_crossed(self._walls, x1, y1, x2, y2))
