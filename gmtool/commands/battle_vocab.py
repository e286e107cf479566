"""The words of `gmtool battle act`: every action the Battle tab offers, by name.

Each entry names the action function (`module.function` under gmtool/actions/) and the
options it takes; `configure` builds one argparse sub-command per entry, so `gmtool battle act
--help` and each `gmtool battle act NAME --help` list exactly what exists. The functions are
named, not imported: only `perform` imports the one it calls, so `gmtool battle show` and
`list` do not load every battle action to build their parser.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from gmtool.actions.battle_step import StepDone
    from gmtool.store.campaign import Campaign


class Option(msgspec.Struct, frozen=True):
    flag: str  # --ship
    dest: str  # the action function's parameter
    help: str
    kind: type = str
    required: bool = False
    switch: bool = False  # a flag without a value (store_true)


class Word(msgspec.Struct, frozen=True):
    name: str
    help: str
    run: str  # the action: module.function under gmtool/actions/
    options: tuple[Option, ...] = ()

    def action(self) -> Callable[..., StepDone]:
        module, function = self.run.rsplit(".", 1)
        found: Callable[..., StepDone] = getattr(
            importlib.import_module(f"gmtool.actions.{module}"), function
        )
        return found


SHIP = Option("--ship", "ship_id", "the acting ship's id", required=True)
TARGET = Option("--target", "target", "the target ship's id", required=True)
SIDE = Option("--side", "side", "the side: a or b", required=True)
BY = Option("--by", "by", "the character rolling (default: who the stations name)")

VOCABULARY: tuple[Word, ...] = (
    Word(
        "edge",
        "roll the edge (initiative) for the round",
        "battles.do_roll_edge",
        (
            Option("--by-a", "by_a", "who rolls for side a (a commander)"),
            Option("--by-b", "by_b", "who rolls for side b"),
        ),
    ),
    Word(
        "commander",
        "name the commander who rolls a side's edge",
        "battles.do_set_commander",
        (SIDE, Option("--character", "character_id", "the character's id (none: stations)")),
    ),
    Word("power", "roll power distribution for a ship", "battles.do_set_power", (SHIP, BY)),
    Word("sensors", "roll a ship's sensor check", "battles.do_roll_sensors", (SHIP, BY)),
    Word(
        "heading",
        "declare a side's heading: close, hold or open",
        "battles.do_declare_heading",
        (
            SIDE,
            Option("--heading", "heading", "close, hold or open", required=True),
            Option("--arc", "held_arc", "for hold: the arc turned toward the enemy"),
        ),
    ),
    Word("movement", "update the range once both sides declared", "battles.do_resolve_movement"),
    Word(
        "fire",
        "fire a weapon mount at a ship",
        "battles.do_fire",
        (
            SHIP,
            Option("--weapon", "weapon", "the weapon mount's key", required=True),
            TARGET,
            Option("--no-damage-roll", "roll_damage", "a hit is typed in, not rolled", switch=True),
        ),
    ),
    Word(
        "damage",
        "type in damage to a ship",
        "battles.do_apply_damage",
        (
            TARGET,
            Option("--amount", "amount", "points of damage", int, required=True),
            Option("--track", "track", "stun, wound, mortal or critical", required=True),
            Option("--note", "note", "why (kept in the log and the injury history)"),
            Option(
                "--damage-type",
                "damage_type",
                "low_impact, high_impact or energy: what the characters' armor stops "
                "(default: the type of damage no weapon caused, tables/armor.yaml)",
            ),
            Option(
                "--place",
                "hit_place",
                "the station or place struck, under the optional rule 'characters on "
                "station' (default: rolled on tables/hit_stations.yaml)",
            ),
        ),
    ),
    Word(
        "gunner",
        "put a character on a weapon mount",
        "battles.do_assign_gunner",
        (
            SHIP,
            Option("--weapon", "weapon", "the weapon mount's key", required=True),
            Option("--character", "character_id", "the gunner (none: the crew)"),
        ),
    ),
    Word(
        "knock-out",
        "knock a ship's system out",
        "battles.do_knock_out_system",
        (SHIP, Option("--system", "system", "the system's key", required=True)),
    ),
    Word(
        "lead",
        "a leader's check for their team",
        "battles.do_roll_leadership",
        (Option("--character", "character_id", "the leader", required=True),),
    ),
    Word(
        "repair",
        "roll a repair on a ship",
        "battles.do_roll_repair",
        (
            SHIP,
            BY,
            Option("--track", "track", "the track to repair (default stun)"),
            Option("--system", "system", "a system to bring back on line instead"),
        ),
    ),
    Word(
        "ram",
        "ram an enemy ship",
        "battles.do_ram",
        (SHIP, TARGET, BY, Option("--avoid-by", "avoid_by", "who rolls the target's avoidance")),
    ),
    Word(
        "board",
        "board an enemy ship",
        "battles.do_board",
        (
            SHIP,
            TARGET,
            Option("--method", "method", "the boarding method", required=True),
            Option(
                "--leader",
                "leader_choice",
                "the boarding leader's choice: own (a bonus to the boarders' check, the "
                "default) or enemy (a penalty to the defenders')",
            ),
            Option("--defender", "defender_leader_choice", "the defending leader's: own or enemy"),
        ),
    ),
    Word(
        "self-destruct",
        "a ship destroys itself",
        "battles.do_self_destruct",
        (
            SHIP,
            Option("--characters-go-down", "characters_go_down", "with her people", switch=True),
        ),
    ),
    Word(
        "abandon",
        "abandon a ship",
        "battles.do_abandon_ship",
        (SHIP, Option("--trapped-percent", "trapped_percent", "crew trapped aboard", int)),
    ),
    Word(
        "leave",
        "a character leaves their ship (in the campaign's stations too)",
        "battles.do_leave_ship",
        (Option("--character", "character_id", "who leaves", required=True),),
    ),
    Word(
        "move",
        "move a character to a station of a ship in the battle (from the next roll)",
        "battle_stations.move_to_station",
        (
            Option("--character", "character_id", "who moves", required=True),
            Option("--ship", "ship_id", "the ship's id", required=True),
            Option("--station", "place", "a station or place: bridge, sickbay, ...", required=True),
        ),
    ),
    Word(
        "take-over",
        "a character takes over another's post aboard their ship (the two trade places)",
        "battle_stations.take_over",
        (
            Option("--character", "character_id", "who takes over", required=True),
            Option("--from", "occupant_id", "who held the post", required=True),
        ),
    ),
    Word("withdraw", "a side withdraws from a disengaged battle", "battles.do_withdraw", (SIDE,)),
    Word("advance", "go on to the next step of the round", "battles.do_advance"),
    Word(
        "end",
        "end the battle",
        "battles.do_end_battle",
        (Option("--note", "note", "why it ended"),),
    ),
)

BY_NAME = {word.name: word for word in VOCABULARY}


def configure(parser: argparse.ArgumentParser, parent: argparse.ArgumentParser) -> None:
    """One sub-command per word under `gmtool battle act ID`."""
    words = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    for word in VOCABULARY:
        sub = words.add_parser(word.name, help=word.help, description=word.help, parents=[parent])
        for option in word.options:
            if option.switch:
                sub.add_argument(
                    option.flag, dest=option.dest, action="store_true", help=option.help
                )
            else:
                sub.add_argument(
                    option.flag,
                    dest=option.dest,
                    type=option.kind,
                    required=option.required,
                    help=option.help,
                )


def perform(campaign: Campaign, battle_id: str, args: argparse.Namespace) -> StepDone:
    word = BY_NAME[args.action]
    run = word.action()
    params = inspect.signature(run).parameters
    kwargs: dict[str, Any] = {}
    for option in word.options:
        value = getattr(args, option.dest)
        if option.dest == "roll_damage":  # --no-damage-roll: the switch says the opposite
            value = not value
        if value is None and params[option.dest].default is not inspect.Parameter.empty:
            continue  # not given: the action's own default
        kwargs[option.dest] = value
    return run(campaign, battle_id, **kwargs)


def vocabulary_text() -> str:
    return "\n".join(f"  {w.name:<14} {w.help}" for w in VOCABULARY)
