"""`gmtool heal`: characters heal, on the Injuries tab's actions.

    gmtool heal treat PATIENT --doctor ID [--procedure treatment|surgery] [--step N]
    gmtool heal rest --days N [--character ID ...]   (no --character: the whole party)
    gmtool heal undo | redo

Every sub-command takes --campaign PATH (default: the demo campaign) and --json. What the
rules refuse (a doctor without the skill, a dying character resting) is one line on stderr,
exit code 2. The numbers are tables/healing.yaml's.
"""

from __future__ import annotations

import argparse
from typing import Any, TypeVar

from gmtool.actions import history
from gmtool.actions.healing import (
    RestRequest,
    TreatmentRequest,
    procedures,
    rest_days,
    treat_by_roll,
)
from gmtool.actions.injuries import Redone, Undone
from gmtool.commands.campaign_commands import campaign_for, common_options, emit
from gmtool.store.injuries import InjuryEntry

D = TypeVar("D", Undone, Redone)


def configure(parser: argparse.ArgumentParser) -> None:
    common = common_options()
    subs = parser.add_subparsers(dest="heal_command", metavar="COMMAND", required=True)
    treat = subs.add_parser(
        "treat", help="the doctor rolls Medical Science for a patient", parents=[common]
    )
    treat.add_argument("patient", help="the patient's character id")
    treat.add_argument("--doctor", required=True, metavar="ID", help="the doctor's character id")
    treat.add_argument(
        "--procedure", choices=[p for p, _ in procedures()], default=procedures()[0][0]
    )
    treat.add_argument(
        "--step", type=int, default=0, metavar="N", help="situation step (a bonus is negative)"
    )
    rest = subs.add_parser("rest", help="days of natural healing", parents=[common])
    rest.add_argument("--days", type=int, required=True, metavar="N", help="days of rest")
    rest.add_argument(
        "--character",
        action="append",
        default=[],
        metavar="ID",
        help="who rests (repeatable; none: the whole party)",
    )
    subs.add_parser(
        "undo", help="take back the newest injury entry (a whole rest)", parents=[common]
    )
    subs.add_parser(
        "redo",
        help="do the last undo again (its entries come back as saved, nothing rolled again)",
        parents=[common],
    )


def _line(entry: InjuryEntry) -> str:
    return f"{entry['character_name']}: {entry['summary']}"


def _detail(result: history.Done | history.Refused, nothing: D) -> D:
    """What the undo or redo did (`nothing` when there was nothing to do: said, not an
    error); any other refusal raised."""
    if isinstance(result, history.Refused) and result.reason is history.Refusal.NOTHING:
        return nothing
    detail = history.done(result).detail
    assert isinstance(detail, type(nothing))
    return detail


def run(args: argparse.Namespace) -> int:
    command = args.heal_command
    with campaign_for(args, write=True, purpose="gmtool heal") as campaign:
        if command == "treat":
            request = TreatmentRequest(args.doctor, args.patient, args.procedure, args.step)
            entry = treat_by_roll(campaign, request)
            emit(args, entry, f"{entry['cause']}: {_line(entry)}")
        elif command == "rest":
            rested = rest_days(campaign, RestRequest(args.days, tuple(args.character)))
            lines = [_line(e) for e in rested.entries]
            lines += [f"not resting: {why}" for _, why in rested.skipped]
            data: dict[str, Any] = {
                "entries": list(rested.entries),
                "skipped": [{"character": c, "why": why} for c, why in rested.skipped],
            }
            emit(args, data, "\n".join(lines))
        elif command == "redo":
            redo_result = history.redo(campaign, history.INJURIES)
            redone = _detail(redo_result, Redone())
            lines = [f"redone: #{e['id']} {e['kind']} of {_line(e)}" for e in redone.entries]
            if redone.bailout is not None:
                lines.append("redone: the order to abandon ship")
            emit(
                args,
                {
                    "redone": [e["id"] for e in redone.entries],
                    "bailout": redone.bailout is not None,
                },
                "\n".join(lines) or "nothing to redo",
            )
        else:
            undone = _detail(history.undo(campaign, history.INJURIES), Undone())
            taken = list(undone.batch)
            emit(
                args,
                {"undone": [e["id"] for e in taken]},
                "\n".join(f"undone: #{e['id']} {e['kind']} of {_line(e)}" for e in taken)
                or "nothing to undo",
            )
    return 0
