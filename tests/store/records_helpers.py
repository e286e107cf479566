"""Whole saved records for store tests: the shapes the store checks when it reads a file."""

from __future__ import annotations

from typing import Any

from tests.conftest import FIXED_TIME


def roll_entry(**fields: Any) -> dict[str, Any]:
    """A roll as the rules make it, before the campaign stamps it (id, time, action)."""
    return {
        "kind": "dice",
        "for": "helm",
        "source": "dice",
        "expression": "2d6",
        "dice": [[6, 3, 1], [6, 4, 1]],
        "modifier": 0,
        "total": 7,
        "track": None,
        **fields,
    }


def saved_roll(entry_id: int, **fields: Any) -> dict[str, Any]:
    """A roll as the roll log holds it."""
    return roll_entry(
        id=entry_id, time=FIXED_TIME.isoformat(), action=entry_id, session=None, **fields
    )


def injury_entry(**fields: Any) -> dict[str, Any]:
    """A direct-damage entry of the injury history (before its id)."""
    tracks = {"stun": 0, "wound": 0, "mortal": 0}
    return {
        "kind": "damage",
        "character": "ines",
        "character_name": "Ines",
        "time": FIXED_TIME.isoformat(),
        "session": None,
        "battle": None,
        "round": None,
        "ship": None,
        "ship_name": None,
        "cause": "fall",
        "undone": False,
        "before": tracks,
        "after": dict(tracks, wound=2),
        "marked": dict(tracks, wound=2),
        "state_before": "ok",
        "state": "ok",
        "summary": "2 wound",
        **fields,
    }


def battle_entry(**fields: Any) -> dict[str, Any]:
    """A battle's record in the list of battles (before its id)."""
    return {
        "battle": "ambush",
        "name": "Ambush at Tarsus",
        "status": "active",
        "created": FIXED_TIME.isoformat(),
        "session": None,
        "round": 1,
        **fields,
    }


def ship_doc(ship_id: str = "meridian") -> dict[str, Any]:
    """A campaign ship as trackers/ships.json keeps it, the demo's spec (read as the rules
    read it when the file is backed up)."""
    from gmtool.rules.ships import load_ship_spec
    from gmtool.store.demo import demo_data_dir

    spec = load_ship_spec(demo_data_dir() / "ships" / f"{ship_id}.yaml")
    return {"id": ship_id, "side": "campaign", "spec": spec.to_dict()}


def battle_state(name: str = "Ambush") -> dict[str, Any]:
    """A battle's saved state (trackers/battles/<id>.json) at its start, with no crew aboard."""
    from gmtool.rules.battle import FleetSetup, new_battle
    from gmtool.rules.ships import load_ship_spec
    from gmtool.store.demo import demo_data_dir

    def side(side_name: str, folder: str, ship: str) -> FleetSetup:
        return FleetSetup(
            side_name, ((ship, load_ship_spec(demo_data_dir() / folder / f"{ship}.yaml")),)
        )

    state = new_battle(
        name, side("Navy", "ships", "meridian"), side("Raiders", "enemies", "vex"), "long", (), ()
    )
    return state.to_dict()
