"""The campaign's battles: each narrative battle saved whole after every step, and their list.

Each battle's `BattleState` lives in its own tracker, `trackers/battles/<battle id>.json`:
every step the GM takes (`run_step`) saves the new state with the step's label and its saved
rolls, so ctrl+z (`undo_step`) puts the state before it back and marks those rolls undone.
The list of battles (id, name, status, round, when and in which game session they were set
up, the summary of a finished one) is a chunked log, `log/battles-NNNNN.json` (histories.py):
a campaign's battles only ever grow, and each step rewrites just the chunk holding its own
battle's record. `battles.json` remembers which battle the Battle tab has open.

A battle set up by mistake or for practice can be deleted (`delete_battle`): its record is
marked `deleted` and leaves the list, and its tracker and events files are removed. Its rolls
and injury entries stay; its id stays taken (a new battle never gets it), so the injury
entries that name it are never mistaken for another battle's.

The battle's events (the log, every step with its dice) only ever grow, and the tracker keeps
a copy of the state for every undo step, so they are kept apart: the tracker's state holds
everything but the events and their count, and `battles/<battle id>.json` holds the events of
the newest state. A state restored by undo reads the first `event_count` of them.

A step whose hits endanger characters aboard saves their hazard rolls through
`store.injuries.record_hazards` (the Injuries tab shows them); the ids of the injury entries a
step made are saved with its state, and undoing the step undoes exactly those entries.
The party's characters are the truth about damage: before every step the battle's copies are
brought up to date from the party (a treatment given in the Injuries tab between two steps
counts).

The list of battles, one battle's files, setting a battle up and its steps each have a
module in this package; this one re-exports them, so callers import from
`gmtool.store.battles`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from gmtool.rules.battle.steps import ROLL_SOURCE
    from gmtool.store.battles.index import (
        ACTIVE,
        DELETED,
        FINISHED,
        INDEX_FILE,
        INDEX_TABLE,
        SETUP_LABEL,
        BattleRecord,
        battle_id_check,
        battle_names,
        get_battle_record,
        list_battles,
        new_battle_id,
        open_battle_id,
        set_open_battle,
    )
    from gmtool.store.battles.saved import (
        EVENT_COUNT,
        EVENTS_PREFIX,
        STEP_INJURIES,
        TRACKER_PREFIX,
        BattleFilesMissing,
        battle_files,
        battle_tracker,
        delete_battle,
        live_battle,
        load_battle,
        read_events,
        step_entries,
    )
    from gmtool.store.battles.setup import create_battle, fleet_setup
    from gmtool.store.battles.steps import (
        RedoneStep,
        StepOutcome,
        UndoneStep,
        battle_rng,
        can_undo,
        keep_undone,
        redo_check,
        redo_step,
        run_step,
        station_tag,
        step_label,
        undo_step,
    )


__all__ = [
    "ACTIVE",
    "DELETED",
    "EVENTS_PREFIX",
    "EVENT_COUNT",
    "FINISHED",
    "INDEX_FILE",
    "INDEX_TABLE",
    "ROLL_SOURCE",
    "SETUP_LABEL",
    "STEP_INJURIES",
    "TRACKER_PREFIX",
    "BattleFilesMissing",
    "BattleRecord",
    "RedoneStep",
    "StepOutcome",
    "UndoneStep",
    "battle_files",
    "battle_id_check",
    "battle_names",
    "battle_rng",
    "battle_tracker",
    "can_undo",
    "create_battle",
    "delete_battle",
    "fleet_setup",
    "get_battle_record",
    "keep_undone",
    "list_battles",
    "live_battle",
    "load_battle",
    "new_battle_id",
    "open_battle_id",
    "read_events",
    "redo_check",
    "redo_step",
    "run_step",
    "set_open_battle",
    "station_tag",
    "step_entries",
    "step_label",
    "undo_step",
]

if not TYPE_CHECKING:  # the names above, each imported on first use (rules/lazy.py)
    __getattr__ = lazy_exports(__name__)
