"""`gmtool battle`: the Battle tab's battles from the command line, on the same actions.

    gmtool battle new NAME --ship ID_OR_SPEC... --enemy ID_OR_SPEC... [--range R] [--seed S]
                      [--flagship SHIP] [--enemy-flagship SHIP] [--commander CHARACTER]
                      [--enemy-commander CHARACTER]
    gmtool battle list | show ID | report ID | act ID ACTION [options] | next ID | undo ID

Every sub-command takes --campaign PATH (default: the demo campaign) and --json. A step that
does not fit the battle (wrong phase, no such ship) is one line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
from typing import Any

from gmtool.actions import battles as act
from gmtool.actions.battle_next import play_next
from gmtool.actions.battle_report import report_text
from gmtool.commands import battle_vocab
from gmtool.commands.campaign_commands import campaign_for, common_options, emit
from gmtool.rules.battle import BattleState, battle_summary
from gmtool.rules.battle.actions import current_step_label
from gmtool.rules.battle.report import heading_name
from gmtool.rules.narrative import phase, range_name, starting_range, starting_range_words
from gmtool.store import battles as stored


def configure(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = "actions for 'act':\n" + battle_vocab.vocabulary_text()
    common = common_options()
    subs = parser.add_subparsers(dest="battle_command", metavar="COMMAND", required=True)
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
        default=starting_range(),
        help=f"starting range category: {starting_range_words()}",
    )
    new.add_argument("--seed", type=int, default=None, help="the battle's own dice seed")
    subs.add_parser("list", help="list the campaign's battles", parents=[common])
    for name, text in (
        ("show", "round, phase, range, each ship's tracks and the steps so far"),
        ("report", "print the battle report (Markdown): rounds, hits, end states, losses"),
        ("next", "play the next step with the defaults a GM would accept"),
        ("undo", "take back the battle's last step"),
    ):
        sub = subs.add_parser(name, help=text, parents=[common])
        sub.add_argument("id", help="the battle's id")
    acting = subs.add_parser(
        "act",
        help="do one action of the Battle tab by name",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="actions:\n" + battle_vocab.vocabulary_text(),
    )
    acting.add_argument("id", help="the battle's id")
    battle_vocab.configure(acting, common)


def run(args: argparse.Namespace) -> int:
    command = args.battle_command
    write = command in ("new", "act", "next", "undo")
    with campaign_for(args, write=write, purpose="gmtool battle") as campaign:
        if command == "new":
            state = act.new_battle(
                campaign,
                args.name,
                args.ship,
                args.enemy,
                args.range,
                seed=args.seed,
                commanders=(args.commander, args.enemy_commander),
                flagships=(args.flagship, args.enemy_flagship),
            )
            emit(args, {"id": state.id}, state.id)
        elif command == "list":
            records = stored.list_battles(campaign)
            rows = [r.to_dict() for r in records]
            emit(args, rows, "\n".join(_list_line(r) for r in records) or "no battles yet")
        elif command == "show":
            state = stored.load_battle(campaign, args.id)
            emit(args, show_dict(state), show_text(state))
        elif command == "report":
            text = report_text(campaign, args.id)
            emit(args, {"id": args.id, "report": text}, text.rstrip("\n"))
        elif command == "undo":
            undone = act.undo(campaign, args.id)
            data = {
                "id": undone.battle_id,
                "undone": undone.label,
                "roll_ids": list(undone.roll_ids),
                "injury_ids": list(undone.injury_ids),
            }
            emit(args, data, f"undone: {undone.label}")
        else:
            done = (
                play_next(campaign, args.id)
                if command == "next"
                else battle_vocab.perform(campaign, args.id, args)
            )
            emit(args, step_dict(done), done.result.text)
    return 0


def _list_line(record: stored.BattleRecord) -> str:
    return f"{record.id}  {record.name}  {record.status}, round {record.round}"


def step_dict(done: act.StepDone) -> dict[str, Any]:
    return {
        "id": done.battle_id,
        "action": done.action,
        "label": done.label,
        "round": done.round,
        "phase": done.phase,
        "step": done.step,
        "finished": done.finished,
        "marks": [{"ship_id": m.ship_id, "track": m.track, "amount": m.amount} for m in done.marks],
        "cause": done.cause,
        "roll_ids": list(done.roll_ids),
        "injury_ids": list(done.injury_ids),
        "text": done.result.text,
    }


def show_dict(state: BattleState) -> dict[str, Any]:
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
            {"id": s.id, "name": s.name, "heading": s.heading, "declared": s.declared}
            for s in state.sides
        ],
        "ships": [s.to_dict() for s in summary.ships],
        "steps": [
            {"round": e.round, "phase": e.phase, "action": e.action, "text": e.text}
            for e in state.events
        ],
    }


def show_text(state: BattleState) -> str:
    data = show_dict(state)
    where = range_name(state.range).lower()
    lines = [f"{state.name} ({state.id}): {current_step_label(state)}; range {where}"]
    for side in data["sides"]:
        heading = heading_name(side["heading"]).lower() if side["declared"] else "no heading yet"
        edge = ", has the edge" if side["id"] == state.edge_winner else ""
        lines.append(f"side {side['id']} {side['name']}: {heading}{edge}")
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
