"""`gmtool battle`: the Battle tab's battles from the command line, on the same actions.

    gmtool battle new NAME --ship ID_OR_SPEC... --enemy ID_OR_SPEC... [--range R] [--seed S]
                      [--flagship SHIP] [--enemy-flagship SHIP] [--commander CHARACTER]
                      [--enemy-commander CHARACTER]
                      [--auto a|b|both|none]
    gmtool battle list | show ID | report ID | act ID ACTION [options]
    gmtool battle next ID [--until step|decision|round|end] | undo ID [--round] | redo ID
    gmtool battle auto ID a|b|both|none

Every sub-command takes --campaign PATH (default: the demo campaign) and --json. A step that
does not fit the battle (wrong phase, no such ship) is one line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gmtool.commands.battle_play import AUTO_WORDS, UNTIL_WORDS
from gmtool.commands.battle_play import step_dict as step_dict  # where it was: callers use it
from gmtool.commands.campaign_commands import campaign_for, common_options, emit

if TYPE_CHECKING:
    from gmtool.rules.battle import BattleState
    from gmtool.store.battles import BattleRecord

SIDE_CHOICES = ", ".join(AUTO_WORDS)


def _epilog() -> str:
    import textwrap

    from gmtool.commands import battle_vocab
    from gmtool.rules.battle.autopilot_help import AUTOPILOT_HELP

    return (
        "actions for 'act':\n"
        + battle_vocab.vocabulary_text()
        + "\n\n"
        + "\n".join(textwrap.fill(line, 88, subsequent_indent="  ") for line in AUTOPILOT_HELP)
        + "\n"
        + textwrap.fill(
            "`next --until decision` plays on to the first decision of a side the GM plays: "
            "its heading, a target, a special order worth giving, damage to type in.",
            88,
        )
    )


# The help's epilog is written when the help is shown, not for every `gmtool battle` call:
# the parser holds this placeholder, which _Help replaces with `_epilog()`.
_EPILOG = "(the epilog of `gmtool battle --help`)"


class _Help(argparse.RawDescriptionHelpFormatter):
    def add_text(self, text: str | None) -> None:
        super().add_text(_epilog() if text is _EPILOG else text)


def _configured_later(base: type[argparse.ArgumentParser]) -> type[argparse.ArgumentParser]:
    """A parser class like `base` (the same errors) whose `later` callable adds its arguments
    the first time it parses or shows its help, so that only `gmtool battle act` builds the
    parsers of every action (and loads their vocabulary)."""

    class Later(base):  # type: ignore[valid-type,misc]
        def __init__(
            self,
            *args: Any,
            later: Callable[[argparse.ArgumentParser], None] | None = None,
            **kwargs: Any,
        ) -> None:
            super().__init__(*args, **kwargs)
            self._later = later

        def _ready(self) -> None:
            later, self._later = self._later, None
            if later is not None:
                later(self)

        def parse_known_args(self, *args: Any, **kwargs: Any) -> Any:
            self._ready()
            return super().parse_known_args(*args, **kwargs)

        def format_usage(self) -> str:
            self._ready()
            return str(super().format_usage())

        def format_help(self) -> str:
            self._ready()
            return str(super().format_help())

    return Later


def _configure_act(acting: argparse.ArgumentParser, common: argparse.ArgumentParser) -> None:
    from gmtool.commands import battle_vocab

    acting.epilog = "actions:\n" + battle_vocab.vocabulary_text()
    acting.add_argument("id", help="the battle's id")
    battle_vocab.configure(acting, common)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = _Help
    parser.epilog = _EPILOG
    common = common_options()
    subs = parser.add_subparsers(
        dest="battle_command",
        metavar="COMMAND",
        required=True,
        parser_class=_configured_later(type(parser)),
    )
    new = subs.add_parser("new", help="set up a battle", parents=[common])
    new.add_argument("name", help="the battle's name")
    for flag, side in (("--ship", "side a"), ("--enemy", "side b")):
        new.add_argument(
            flag,
            action="extend",
            nargs="+",
            default=[],
            metavar="ID_OR_SPEC",
            help=f"{side}: campaign ship ids or ship spec files (--ship a b, or --ship a --ship b)",
        )
    for flag, side in (("--flagship", "side a"), ("--enemy-flagship", "side b")):
        new.add_argument(
            flag,
            default=None,
            metavar="SHIP",
            help=f"{side}'s flagship, whose crew rolls the edge: ship id, name or spec file "
            "(default: the side's first ship)",
        )
    for flag, side in (("--commander", "side a"), ("--enemy-commander", "side b")):
        new.add_argument(
            flag,
            default=None,
            metavar="CHARACTER",
            help=f"the character id commanding {side} (rolls its edge; default: whoever is at "
            "the flagship's command station)",
        )
    new.add_argument(
        "--range",
        default=None,
        help="starting range category (default: starting_range in tables/narrative.yaml, the "
        "chapter's open-space encounter); closer for an ambush, a ship coming out of hiding or "
        "an approach to a planet or station; disengaged for fleets that have not found each "
        "other yet",
    )
    new.add_argument("--seed", type=int, default=None, help="the battle's own dice seed")
    new.add_argument(
        "--auto",
        default="b",
        choices=list(AUTO_WORDS),
        help="the sides gmtool plays: a, b, both or none (default: b, the enemy)",
    )
    subs.add_parser("list", help="list the campaign's battles", parents=[common])
    for name, text in (
        ("show", "round, phase, range, each ship's tracks and the steps so far"),
        ("report", "print the battle report (Markdown): rounds, hits, end states, losses"),
        ("next", "play on with the defaults a GM would accept (one step, or --until)"),
        ("undo", "take back the battle's last step (--round: the whole round)"),
        ("redo", "do the step the last undo took back again, as saved (nothing rolled again)"),
        ("auto", "say which sides gmtool plays from now on: a, b, both or none"),
    ):
        sub = subs.add_parser(name, help=text, parents=[common])
        sub.add_argument("id", help="the battle's id")
        if name == "next":
            sub.add_argument(
                "--until",
                default="step",
                choices=UNTIL_WORDS,
                help="step: one step (the default); decision: on to the next decision of a "
                "side the GM plays; round: to the end of the round; end: to the end of the "
                "battle (round and end take the defaults for every side)",
            )
        elif name == "undo":
            sub.add_argument(
                "--round",
                action="store_true",
                help="take back every step of the round (at a round's start: the round before)",
            )
        elif name == "auto":
            sub.add_argument("sides", choices=list(AUTO_WORDS), help=f"one of {SIDE_CHOICES}")
    subs.add_parser(
        "act",
        help="do one action of the Battle tab by name",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        later=lambda acting: _configure_act(acting, common),
    )


def run(args: argparse.Namespace) -> int:
    """Each sub-command imports only what it uses (`battle show` loads no battle action)."""
    command = args.battle_command
    write = command in ("new", "act", "next", "undo", "redo", "auto")
    with campaign_for(args, write=write, purpose="gmtool battle") as campaign:
        if command == "new":
            from gmtool.actions import battles as act
            from gmtool.rules.narrative import starting_range

            state = act.new_battle(
                campaign,
                args.name,
                args.ship,
                args.enemy,
                args.range or starting_range(),
                seed=args.seed,
                commanders=(args.commander, args.enemy_commander),
                flagships=(args.flagship, args.enemy_flagship),
                auto=AUTO_WORDS[args.auto],
            )
            emit(args, {"id": state.id}, state.id)
        elif command == "list":
            from gmtool.store.battles import list_battles

            records = list_battles(campaign)
            rows = [r.to_dict() for r in records]
            emit(args, rows, "\n".join(_list_line(r) for r in records) or "no battles yet")
        elif command == "show":
            from gmtool.store.battles import load_battle

            state = load_battle(campaign, args.id)
            emit(args, show_dict(state), show_text(state))
        elif command == "report":
            from gmtool.actions.battle_report import report_text

            text = report_text(campaign, args.id)
            emit(args, {"id": args.id, "report": text}, text.rstrip("\n"))
        elif command == "undo" and args.round:
            from gmtool.commands.battle_play import run_undo_round

            run_undo_round(args, campaign)
        elif command == "undo":
            from gmtool.actions import battles as act
            from gmtool.actions import history

            undone = history.done(history.undo(campaign, history.battle(args.id))).detail
            assert isinstance(undone, act.StepUndone)
            data = {
                "id": undone.battle_id,
                "undone": undone.label,
                "roll_ids": list(undone.roll_ids),
                "injury_ids": list(undone.injury_ids),
            }
            emit(args, data, f"undone: {undone.label}")
        elif command == "redo":
            from gmtool.actions import battles as act
            from gmtool.actions import history

            redone = history.done(history.redo(campaign, history.battle(args.id))).detail
            assert isinstance(redone, act.StepRedone)
            data = {
                "id": redone.battle_id,
                "redone": redone.label,
                "roll_ids": list(redone.roll_ids),
            }
            emit(args, data, f"redone: {redone.label}")
        elif command == "next":
            from gmtool.commands.battle_play import run_next

            run_next(args, campaign)
        elif command == "auto":
            from gmtool.commands.battle_play import run_auto

            run_auto(args, campaign)
        else:
            from gmtool.commands import battle_vocab

            done = battle_vocab.perform(campaign, args.id, args)
            emit(args, step_dict(done), done.result.text)
    return 0


def _list_line(record: BattleRecord) -> str:
    return f"{record.id}  {record.name}  {record.status}, round {record.round}"


def show_dict(state: BattleState) -> dict[str, Any]:
    from gmtool.rules.battle.summary import battle_summary

    summary = battle_summary(state)
    return {
        "id": state.id,
        "name": state.name,
        "round": state.round,
        "phase": state.phase,
        "step": state.step,
        "range": state.range,
        "finished": state.finished,
        "edge": state.edge_winner,
        "sides": [
            {
                "id": s.id,
                "name": s.name,
                "heading": s.heading,
                "declared": s.declared,
                "played_by": "gmtool" if s.id in state.auto else "gm",
            }
            for s in state.sides
        ],
        "auto": list(state.auto),
        "ships": [s.to_dict() for s in summary.ships],
        "steps": [
            {"round": e.round, "phase": e.phase, "action": e.action, "text": e.text}
            for e in state.events
        ],
    }


def show_text(state: BattleState) -> str:
    from gmtool.rules.battle.actions.info import current_step_label
    from gmtool.rules.narrative import heading_name, phase, range_name

    data = show_dict(state)
    where = range_name(state.range).lower()
    lines = [f"{state.name} ({state.id}): {current_step_label(state)}; range {where}"]
    for side in data["sides"]:
        heading = heading_name(side["heading"]).lower() if side["declared"] else "no heading yet"
        edge = ", has the edge" if side["id"] == state.edge_winner else ""
        who = "gmtool plays it" if side["played_by"] == "gmtool" else "the GM plays it"
        lines.append(f"side {side['id']} {side['name']} ({who}): {heading}{edge}")
    for ship in data["ships"]:
        tracks = " ".join(f"{t} {ship['marked'].get(t, 0)}/{p}" for t, p in ship["points"].items())
        losses = ship["losses"].get("total", 0)
        lines.append(
            f"  {ship['ship_id']} ({ship['side']}) {ship['name']}: {ship['fate']}; {tracks}; "
            f"crew lost {losses} of {ship['crew_total']}"
        )
    lines.append(f"{len(state.events)} steps so far")
    lines += [
        f"  r{e.round} {phase(e.phase).name.lower()}: {(e.text.splitlines() or [e.action])[0]}"
        for e in state.events
    ]
    return "\n".join(lines)
