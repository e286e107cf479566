"""`gmtool ship`: a campaign ship's condition between battles, on the Crew tab's actions.

    gmtool ship show ID | repair ID --days N --where port|sea | replace-crew ID
    gmtool ship scrap ID | restore ID | delete ID [--force] | undo | redo

Every sub-command takes --campaign PATH (default: the demo campaign) and --json. A change
the rules refuse (a destroyed ship repaired, zero days) is one line on stderr, exit code 2.
"""

from __future__ import annotations

import argparse
from typing import Any

from gmtool.actions import history
from gmtool.actions import ship_condition as act
from gmtool.actions import ships as ship_actions
from gmtool.actions.errors import ActionRefused
from gmtool.commands.campaign_commands import campaign_for, common_options, emit
from gmtool.rules.condition_text import event_text, tracks_text
from gmtool.rules.ship_condition import WHERE, ConditionEvent

CHANGES = {
    "replace-crew": ("new hands for the dead and badly wounded", act.replace_crew),
    "scrap": ("take the ship out of service (restore brings it back)", act.scrap),
    "restore": ("bring a destroyed, abandoned or scrapped ship back, rebuilt", act.restore),
}


def configure(parser: argparse.ArgumentParser) -> None:
    common = common_options()
    subs = parser.add_subparsers(dest="ship_command", metavar="COMMAND", required=True)
    show = subs.add_parser("show", help="tracks, crew aboard, status, history", parents=[common])
    show.add_argument("id", help="the ship's id")
    repair = subs.add_parser(
        "repair", help="repair for some days (rates: tables/repairs.yaml)", parents=[common]
    )
    repair.add_argument("id", help="the ship's id")
    repair.add_argument("--days", type=int, required=True, metavar="N", help="days of work")
    repair.add_argument("--where", choices=WHERE, required=True, help="in port or at sea")
    for name, (text, _) in CHANGES.items():
        sub = subs.add_parser(name, help=text, parents=[common])
        sub.add_argument("id", help="the ship's id")
    delete = subs.add_parser(
        "delete",
        help="take the ship off the campaign's list (undo brings her back with her crew)",
        parents=[common],
    )
    delete.add_argument("id", help="the ship's id")
    delete.add_argument(
        "--force",
        action="store_true",
        help="delete her even while she fights in an open battle (she leaves it, with "
        "everyone aboard) or has characters at her stations (they are taken off)",
    )
    subs.add_parser("undo", help="take back the last change to the ships", parents=[common])
    subs.add_parser("redo", help="do the last undone change to the ships again", parents=[common])


def run(args: argparse.Namespace) -> int:
    command = args.ship_command
    with campaign_for(args, write=command != "show", purpose="gmtool ship") as campaign:
        if command == "show":
            view = act.show(campaign, args.id)
            emit(args, view_dict(view), view_text(view))
        elif command == "delete":
            try:
                gone = ship_actions.delete_ship(
                    campaign, args.id, take_off_stations=args.force, leave_battles=args.force
                )
            except (ship_actions.ShipInBattle, ship_actions.CharactersAboard) as exc:
                raise ActionRefused(f"{exc} (--force deletes her all the same)") from None
            data: dict[str, Any] = {
                "deleted": gone.ship_id,
                "name": gone.name,
                "unassigned": list(gone.unassigned),
                "left_battles": list(gone.left_battles),
            }
            text = f"deleted {gone.name}"
            if gone.unassigned:
                text += f"; off their stations: {', '.join(gone.unassigned)}"
            if gone.left_battles:
                text += f"; she left the battle {', '.join(gone.left_battles)}"
            emit(args, data, text + " (gmtool ship undo brings her back)")
        elif command == "undo":
            undone = history.done(history.undo(campaign, history.SHIPS))
            emit(args, {"undone": undone.label}, f"undone: {undone.label}")
        elif command == "redo":
            redone = history.done(history.redo(campaign, history.SHIPS))
            emit(args, {"redone": redone.label}, f"redone: {redone.label}")
        else:
            if command == "repair":
                changed = act.repair(campaign, args.id, args.days, args.where)
            else:
                changed = CHANGES[command][1](campaign, args.id)
            data = {"ship": view_dict(changed.view), "event": changed.event.to_dict()}
            text = f"{changed.view.name}: {event_text(changed.event)}\n{view_text(changed.view)}"
            emit(args, data, text)
    return 0


def _event_dict(event: ConditionEvent) -> dict[str, Any]:
    return dict(event.to_dict(), text=event_text(event))


def view_dict(view: act.ConditionView) -> dict[str, Any]:
    return {
        "id": view.ship_id,
        "name": view.name,
        "side": view.side,
        "status": view.status,
        "lost": view.lost,
        "points": view.points,
        "marked": view.marked,
        "complement": view.complement,
        "aboard": view.aboard,
        "dead": view.dead,
        "badly_wounded": view.badly_wounded,
        "history": [_event_dict(e) for e in view.history],
    }


def view_text(view: act.ConditionView) -> str:
    lines = [
        f"{view.name} ({view.ship_id}, {view.side}): {view.status}",
        f"  tracks: {tracks_text(view.points, view.marked)}",
        f"  crew aboard {view.aboard} of {view.complement} "
        f"({view.dead} dead, {view.badly_wounded} badly wounded)",
    ]
    lines += [f"  - {event_text(e)}" for e in view.history] or ["  no history yet"]
    return "\n".join(lines)
