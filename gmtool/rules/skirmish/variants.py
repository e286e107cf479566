"""Variants of a scenario for the simulator: a setting changed by its dotted name.

A key names a setting as the scenario file spells it: `victory.turn`,
`weapons.energy_rifle.wounds`, `sides.federation.move`, `cover.within`,
`options.first_in_tier`; a figure by its id: `forces.worf.hand_to_hand`. A value is read as
YAML reads it (`12`, `2.5`, `false`, `jemhadar`, `[9, 8, 5, 5, 3]`). The changed scenario is
validated exactly as a file is, so a value the rules cannot take is refused with the file
check's own message; a key that names nothing is refused with the keys there are.
"""

from __future__ import annotations

import copy
from typing import Any

import yaml

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish.scenario import Scenario

# Values longer than this are refused before YAML reads them (a setting is a short thing).
MAX_VALUE_LENGTH = 200


def parse_setting(text: str) -> tuple[str, Any]:
    """`KEY=VALUE` into the dotted key and the value as YAML reads it."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise RulesError(f"a setting is KEY=VALUE, e.g. victory.turn=12 (got {text!r})")
    return key, parse_value(key, raw)


def parse_sweep(text: str) -> tuple[str, list[Any]]:
    """`KEY=V1,V2,...` into the dotted key and its values (at least one)."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise RulesError(f"a sweep is KEY=V1,V2,..., e.g. victory.turn=8,10,12 (got {text!r})")
    values = [parse_value(key, part) for part in raw.split(",")]
    if not values:
        raise RulesError(f"the sweep of {key} has no values")
    return key, values


def parse_value(key: str, raw: str) -> Any:
    raw = raw.strip()
    if not raw:
        raise RulesError(f"{key} needs a value")
    if len(raw) > MAX_VALUE_LENGTH:
        raise RulesError(f"the value for {key} is longer than {MAX_VALUE_LENGTH} characters")
    try:
        return yaml.safe_load(raw)
    except yaml.YAMLError:
        raise RulesError(f"the value for {key} does not read: {raw!r}") from None


def _step(node: Any, part: str, done: str) -> Any:
    """One level down a dotted key: a mapping's key, or a list's item by its id."""
    where = done or "the scenario"
    if isinstance(node, dict):
        if part not in node:
            choices = ", ".join(str(k) for k in node)
            raise RulesError(f"no setting {part!r} in {where}: expected one of {choices}")
        return node
    if isinstance(node, list):
        ids = [item.get("id") for item in node if isinstance(item, dict)]
        if part not in ids:
            raise RulesError(f"no {part!r} in {where}: expected one of {', '.join(map(str, ids))}")
        return node
    raise RulesError(f"{where} is a single value: it has no {part!r}")


def with_settings(scenario: Scenario, settings: list[tuple[str, Any]]) -> Scenario:
    """The scenario with each (dotted key, value) changed, validated as a file would be."""
    if not settings:
        return scenario
    data = copy.deepcopy(scenario.to_dict())
    for key, value in settings:
        parts = key.split(".")
        if any(not part for part in parts):
            raise RulesError(f"a setting's name is dotted words, e.g. victory.turn (got {key!r})")
        node: Any = data
        done = ""
        for index, part in enumerate(parts):
            _step(node, part, done)
            last = index == len(parts) - 1
            if isinstance(node, dict):
                if last:
                    if isinstance(node[part], (dict, list)) and not isinstance(
                        value, type(node[part])
                    ):
                        raise RulesError(f"{key} is a group of settings: set one of its keys")
                    node[part] = value
                else:
                    node = node[part]
            else:
                position = next(i for i, item in enumerate(node) if item.get("id") == part)
                if last:
                    raise RulesError(f"{key} is a figure: set one of its keys")
                node = node[position]
            done = f"{done}.{part}" if done else part
    data["source"] = f"{scenario.source} with {', '.join(f'{k}={v}' for k, v in settings)}"
    return Scenario.from_dict(data)
