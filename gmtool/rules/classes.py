"""Ship classes (small ... super-heavy): their order, class number and target size step."""

from __future__ import annotations

import msgspec

from gmtool.rules.errors import RulesError
from gmtool.rules.tables import cached_table, load_table


class ShipClass(msgspec.Struct, frozen=True):
    id: str
    number: int  # small 1 ... super-heavy 5: "plus 1 per class" counts it
    target_size_step: int


@cached_table
def ship_classes() -> dict[str, ShipClass]:
    """Classes in table order (smallest first), keyed by id."""
    root = load_table("classes")
    result: dict[str, ShipClass] = {}
    for name, node in root["classes"].items():
        node.only_keys({"number", "target_size_step"}, what=str(name))
        result[str(name)] = ShipClass(
            str(name), node["number"].int(minimum=1), node["target_size_step"].int()
        )
    numbers = [c.number for c in result.values()]
    if numbers != sorted(numbers) or len(set(numbers)) != len(numbers):
        raise root["classes"].error("classes listed smallest first with rising numbers")
    return result


def ship_class(class_id: str) -> ShipClass:
    classes = ship_classes()
    if class_id not in classes:
        raise RulesError(f"unknown ship class {class_id!r}: expected one of {', '.join(classes)}")
    return classes[class_id]


def class_ids() -> tuple[str, ...]:
    return tuple(ship_classes())
