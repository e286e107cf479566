"""A skirmish scenario: forces, weapons, terrain and rules numbers, read from YAML.

`tables/scenarios/torga_iv.yaml` is the default; a GM may write another file with the same
keys and play it with the same engine. Every mistake in a file is a `TableError` naming the
file, the key, the line and what was expected. A scenario also travels inside a saved game
(`to_dict` / `from_dict`), so an edited file never changes a game already under way.
"""

from __future__ import annotations

import functools
import itertools
from pathlib import Path
from typing import Any

import msgspec

from gmtool.rules.skirmish.geometry import (
    OBSTACLE,
    TERRAIN_KINDS,
    WALL,
    Board,
    TerrainPiece,
    point_in_piece,
)
from gmtool.rules.skirmish.scenario_parts import (
    FigureSpec,
    FireRule,
    HandToHandRule,
    MarginWounds,
    MovementRule,
    ScenarioOptions,
    Side,
    SoloRule,
    VictoryRule,
    Weapon,
)
from gmtool.rules.tables import Node, cached_table, load_table, load_yaml

DEFAULT_SCENARIO = "scenarios/torga_iv"

__all__ = [
    "DEFAULT_SCENARIO",
    "OBSTACLE",
    "TERRAIN_KINDS",
    "WALL",
    "FigureSpec",
    "FireRule",
    "HandToHandRule",
    "MarginWounds",
    "MovementRule",
    "Scenario",
    "ScenarioOptions",
    "Side",
    "SoloRule",
    "TerrainPiece",
    "VictoryRule",
    "Weapon",
    "load_scenario",
    "parse_scenario",
    "torga_iv",
]


class Scenario(msgspec.Struct, frozen=True, dict=True):
    name: str
    source: str
    width: float
    depth: float
    base_contact: float
    sides: tuple[Side, ...]
    movement: MovementRule
    range_bands: tuple[float, ...]
    fire: FireRule
    weapons: tuple[Weapon, ...]
    hand_to_hand: HandToHandRule
    forces: tuple[FigureSpec, ...]
    terrain: tuple[TerrainPiece, ...]
    victory: VictoryRule
    solo: SoloRule | None
    options: ScenarioOptions

    # -- lookups ----------------------------------------------------------------------------
    @functools.cached_property
    def _weapons(self) -> dict[str, Weapon]:
        return {w.id: w for w in self.weapons}

    @functools.cached_property
    def _sides(self) -> dict[str, Side]:
        return {s.id: s for s in self.sides}

    @functools.cached_property
    def roster_index(self) -> dict[str, int]:
        """Figure id -> its place in the roster (a game keeps its figures in this order)."""
        return {f.id: i for i, f in enumerate(self.forces)}

    def weapon(self, weapon_id: str) -> Weapon:
        return self._weapons[weapon_id]

    def side(self, side_id: str) -> Side:
        return self._sides[side_id]

    def other_side(self, side_id: str) -> str:
        return self.opponents[side_id]

    @functools.cached_property
    def most_action_points(self) -> int:
        """The most action points any figure has: the last tier a turn can have."""
        return max(f.action_points for f in self.forces)

    @functools.cached_property
    def opponents(self) -> dict[str, str]:
        """Each side's id -> the other side's (a lookup the simulation makes per action)."""
        first, second = self.sides
        return {first.id: second.id, second.id: first.id}

    @functools.cached_property
    def board(self) -> Board:
        """The terrain compiled for fast measuring (built once per scenario object)."""
        return Board(
            width=self.width,
            depth=self.depth,
            base_contact=self.base_contact,
            obstacle_cost=self.movement.obstacle_cost,
            cover_within=self.fire.cover_within,
            pieces=self.terrain,
        )

    # -- saving -----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The scenario in its own file format (so `from_dict` validates it the same way)."""

        def piece(p: TerrainPiece) -> dict[str, Any]:
            return {"id": p.id, "name": p.name, "kind": p.kind, p.shape: list(p.coords)}

        result: dict[str, Any] = {
            "name": self.name,
            "source": self.source,
            "table": {"width": self.width, "depth": self.depth, "base_contact": self.base_contact},
            "sides": {s.id: {"name": s.name, "move": s.move} for s in self.sides},
            "movement": {
                "wounded": self.movement.wounded,
                "obstacle_cost": self.movement.obstacle_cost,
            },
            "range_bands": list(self.range_bands),
            "fire_die": self.fire.die,
            "weapons": {
                w.id: {
                    "name": w.name,
                    "range_bands": list(w.range_bands),
                    "hit_on": list(w.hit_on),
                    "wounds": w.wounds,
                }
                for w in self.weapons
            },
            "fire_modifiers": {
                "aimed": self.fire.aimed,
                "target_in_open": self.fire.target_in_open,
                "shooter_wounded": self.fire.shooter_wounded,
            },
            "cover": {"within": self.fire.cover_within},
            "hand_to_hand": {
                "die": self.hand_to_hand.die,
                "wounded": self.hand_to_hand.wounded,
                "attacker_wounds": [
                    {"margin": m.margin, "wounds": m.wounds}
                    for m in self.hand_to_hand.attacker_wounds
                ],
                "defender_wounds": [
                    {"margin": m.margin, "wounds": m.wounds}
                    for m in self.hand_to_hand.defender_wounds
                ],
            },
            "forces": [
                {
                    "id": f.id,
                    "name": f.name,
                    "side": f.side,
                    "action_points": f.action_points,
                    "weapon": f.weapon,
                    "hand_to_hand": f.hand_to_hand,
                    "start": list(f.start),
                }
                for f in self.forces
            ],
            "terrain": [piece(p) for p in self.terrain],
            "victory": {
                "turn": self.victory.turn,
                "side": self.victory.side,
                "standing": self.victory.standing,
                "arrival": self.victory.arrival,
            },
            "options": {
                "wound_effects": self.options.wound_effects,
                "first_in_tier": self.options.first_in_tier,
                "automatic": list(self.options.automatic),
            },
        }
        if self.solo is not None:
            result["solo"] = {
                "side": self.solo.side,
                "die": self.solo.die,
                "move_first_up_to": self.solo.move_first_up_to,
            }
        return result

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Scenario:
        source = data.get("source", "saved scenario")
        return parse_scenario(Node(data, str(source), "", 1))


# -- reading ----------------------------------------------------------------------------------

_TOP_KEYS = frozenset(
    {
        "name",
        "source",
        "table",
        "sides",
        "movement",
        "range_bands",
        "fire_die",
        "weapons",
        "fire_modifiers",
        "cover",
        "hand_to_hand",
        "forces",
        "terrain",
        "victory",
        "solo",
        "options",
    }
)


def _ident(node: Node) -> str:
    text = node.str()
    if not text.replace("_", "").replace("-", "").isalnum():
        raise node.error("an id of letters, digits, - and _")
    return text


def _point(node: Node, scenario_size: tuple[float, float]) -> tuple[float, float]:
    items = node.list()
    if len(items) != 2:
        raise node.error("a point [x, y] in inches")
    x, y = items[0].number(), items[1].number()
    width, depth = scenario_size
    if not (0 <= x <= width and 0 <= y <= depth):
        raise node.error(f"a point on the table (x 0-{width:g}, y 0-{depth:g})", got=[x, y])
    return x, y


def _margins(node: Node) -> tuple[MarginWounds, ...]:
    result = []
    for item in node.list():
        item.only_keys({"margin", "wounds"})
        result.append(MarginWounds(item["margin"].int(minimum=1), item["wounds"].int(minimum=1)))
    margins = [m.margin for m in result]
    if margins != sorted(margins, reverse=True) or len(set(margins)) != len(margins):
        raise node.error("entries with different margins, largest first", got=margins)
    return tuple(result)


def _terrain_piece(node: Node, size: tuple[float, float]) -> TerrainPiece:
    node.only_keys({"id", "name", "kind", "rect", "circle"}, what="terrain piece")
    piece_id = _ident(node["id"])
    name = node.get("name", piece_id).str()
    kind = node["kind"].choice(TERRAIN_KINDS)
    shapes = [s for s in ("rect", "circle") if node.has(s)]
    if len(shapes) != 1:
        raise node.error("exactly one of rect: [x1, y1, x2, y2] or circle: [x, y, radius]")
    shape = shapes[0]
    values = node[shape].list()
    numbers = tuple(v.number() for v in values)
    width, depth = size
    if shape == "rect":
        if len(numbers) != 4:
            raise node[shape].error("[west x, north y, east x, south y]")
        x1, y1, x2, y2 = numbers
        if not (x1 < x2 and y1 < y2):
            raise node[shape].error("west x < east x and north y < south y", got=list(numbers))
        if x1 < 0 or y1 < 0 or x2 > width or y2 > depth:
            raise node[shape].error("a rectangle on the table", got=list(numbers))
    else:
        if len(numbers) != 3:
            raise node[shape].error("[x, y, radius]")
        if numbers[2] <= 0:
            raise node[shape].error("a radius above 0", got=numbers[2])
    return TerrainPiece(piece_id, name, kind, shape, numbers)


def parse_scenario(root: Node) -> Scenario:
    """Validate a scenario mapping (from a file or a saved game) into a `Scenario`."""
    root.only_keys(_TOP_KEYS, what="scenario")
    name = root["name"].str()
    source = root.get("source", root.file).str()

    table = root["table"]
    table.only_keys({"width", "depth", "base_contact"}, what="table")
    width = table["width"].number(minimum=1)
    depth = table["depth"].number(minimum=1)
    base_contact = table.get("base_contact", 1.0).number(minimum=0)
    size = (width, depth)

    sides_node = root["sides"]
    sides = []
    for side_id, node in sides_node.items():
        node.only_keys({"name", "move"}, what=f"side {side_id}")
        sides.append(Side(str(side_id), node["name"].str(), node["move"].number(minimum=0)))
    if len(sides) != 2:
        raise sides_node.error("exactly two sides", got=[s.id for s in sides])
    side_ids = [s.id for s in sides]

    movement_node = root["movement"]
    movement_node.only_keys({"wounded", "obstacle_cost"}, what="movement")
    movement = MovementRule(
        movement_node.get("wounded", 0).number(),
        movement_node.get("obstacle_cost", 0).number(minimum=0),
    )

    fire_die = root["fire_die"].int(minimum=2)
    default_bands = _bands(root["range_bands"])
    weapons = []
    for weapon_id, node in root["weapons"].items():
        node.only_keys({"name", "range_bands", "hit_on", "wounds"}, what=f"weapon {weapon_id}")
        bands = _bands(node["range_bands"]) if node.has("range_bands") else default_bands
        hit_node = node["hit_on"]
        hit_on = tuple(
            None if item.value is None else item.int(minimum=0) for item in hit_node.list()
        )
        if len(hit_on) != len(bands):
            raise hit_node.error(f"one number (or ~) for each of the {len(bands)} range bands")
        weapons.append(
            Weapon(
                _ident(Node(weapon_id, node.file, node.path, node.line)),
                node.get("name", str(weapon_id)).str(),
                bands,
                hit_on,
                node["wounds"].int(minimum=1),
            )
        )
    weapon_ids = {w.id for w in weapons}
    if not weapons:
        raise root["weapons"].error("at least one weapon")

    mods = root["fire_modifiers"]
    mods.only_keys({"aimed", "target_in_open", "shooter_wounded"}, what="fire modifiers")
    cover = root.get("cover", {})
    cover.only_keys({"within"}, what="cover")
    within = cover.get("within", 2.0)
    cover_within = within.number(minimum=0)
    if cover_within > max(width, depth):
        raise within.error(f"inches from 0 to the table's {max(width, depth):g}")
    fire = FireRule(
        fire_die,
        mods["aimed"].int(),
        mods["target_in_open"].int(),
        mods["shooter_wounded"].int(),
        cover_within,
    )

    h2h = root["hand_to_hand"]
    h2h.only_keys({"die", "wounded", "attacker_wounds", "defender_wounds"}, what="hand-to-hand")
    hand_to_hand = HandToHandRule(
        h2h["die"].int(minimum=2),
        h2h.get("wounded", 0).int(),
        _margins(h2h["attacker_wounds"]),
        _margins(h2h["defender_wounds"]),
    )

    terrain = tuple(_terrain_piece(n, size) for n in root["terrain"].list())
    seen: set[str] = set()
    for node, piece in zip(root["terrain"].list(), terrain, strict=True):
        if piece.id in seen:
            raise node["id"].error("an id used once in terrain")
        seen.add(piece.id)

    forces: list[FigureSpec] = []
    for node in root["forces"].list():
        node.only_keys(
            {"id", "name", "side", "action_points", "weapon", "hand_to_hand", "start"},
            what="figure",
        )
        spec = FigureSpec(
            _ident(node["id"]),
            node["name"].str(),
            node["side"].choice(side_ids),
            node["action_points"].int(minimum=1, maximum=9),
            node["weapon"].choice(sorted(weapon_ids)),
            node.get("hand_to_hand", 0).int(),
            _point(node["start"], size),
        )
        if any(f.id == spec.id for f in forces):
            raise node["id"].error("a figure id used once")
        _check_start(node["start"], spec, forces, terrain, base_contact)
        forces.append(spec)
    for side in side_ids:
        if not any(f.side == side for f in forces):
            raise root["forces"].error(f"at least one figure on side {side}")

    victory_node = root["victory"]
    victory_node.only_keys({"turn", "side", "standing", "arrival"}, what="victory")
    victory_side = victory_node["side"].choice(side_ids)
    victory = VictoryRule(
        victory_node["turn"].int(minimum=2),
        victory_side,
        victory_node["standing"].int(
            minimum=1, maximum=sum(1 for f in forces if f.side == victory_side)
        ),
        victory_node.get("arrival", "").str(nonempty=False),
    )

    solo: SoloRule | None = None
    if root.has("solo"):
        solo_node = root["solo"]
        solo_node.only_keys({"side", "die", "move_first_up_to"}, what="solo play")
        die = solo_node["die"].int(minimum=2)
        solo = SoloRule(
            solo_node["side"].choice(side_ids),
            die,
            solo_node["move_first_up_to"].int(minimum=0, maximum=die),
        )

    options_node = root.get("options", {})
    options_node.only_keys({"wound_effects", "first_in_tier", "automatic"}, what="options")
    automatic_nodes = options_node.get("automatic", []).list()
    automatic = tuple(n.choice(side_ids) for n in automatic_nodes)
    if len(set(automatic)) != len(automatic):
        raise options_node["automatic"].error("each side at most once")
    options = ScenarioOptions(
        options_node.get("wound_effects", True).bool(),
        options_node.get("first_in_tier", side_ids[0]).choice(side_ids),
        automatic,
    )

    return Scenario(
        name=name,
        source=source,
        width=width,
        depth=depth,
        base_contact=base_contact,
        sides=tuple(sides),
        movement=movement,
        range_bands=default_bands,
        fire=fire,
        weapons=tuple(weapons),
        hand_to_hand=hand_to_hand,
        forces=tuple(forces),
        terrain=terrain,
        victory=victory,
        solo=solo,
        options=options,
    )


def _bands(node: Node) -> tuple[float, ...]:
    edges = tuple(item.number() for item in node.list())
    if not edges or edges[0] <= 0 or any(b <= a for a, b in itertools.pairwise(edges)):
        raise node.error("band edges in inches, above 0 and rising", got=list(edges))
    return edges


def _check_start(
    node: Node,
    spec: FigureSpec,
    placed: list[FigureSpec],
    terrain: tuple[TerrainPiece, ...],
    base_contact: float,
) -> None:
    x, y = spec.start
    for piece in terrain:
        if point_in_piece(piece, x, y):
            raise node.error(f"a start clear of terrain (inside {piece.id})", got=[x, y])
    for other in placed:
        ox, oy = other.start
        if (ox - x) ** 2 + (oy - y) ** 2 < base_contact * base_contact - 1e-9:
            raise node.error(f"a start at least {base_contact:g} in from {other.id}'s", got=[x, y])


def load_scenario(path: str | Path | None = None) -> Scenario:
    """The scenario in `path`, or the Torga IV table when no path is given."""
    if path is None:
        return torga_iv()
    return parse_scenario(load_yaml(path))


@cached_table
def torga_iv() -> Scenario:
    """The default scenario, `tables/scenarios/torga_iv.yaml` (loaded once per process)."""
    return parse_scenario(load_table(DEFAULT_SCENARIO))
