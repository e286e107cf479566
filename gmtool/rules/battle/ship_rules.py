"""The two settings of tables/battle.yaml that a battle ship's own state reads: whether an
abandoning ship can still act, and whether repairs give crew losses back.

Its own loader, so that reading a saved battle (`gmtool battle show`) does not validate the
whole battle table, which needs the character, crew and station tables too; config.py's
`battle_table` takes its two fields from here, so both always agree.
"""

from __future__ import annotations

import msgspec

from gmtool.rules.tables import cached_table, load_table


class ShipRules(msgspec.Struct, frozen=True):
    abandoning_ship_can_act: bool
    repairs_restore_crew: bool


@cached_table
def ship_rules() -> ShipRules:
    root = load_table("battle")
    return ShipRules(
        abandoning_ship_can_act=root["abandoning_ship_can_act"].bool(),
        repairs_restore_crew=root["repairs_restore_crew"].bool(),
    )
