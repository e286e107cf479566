"""`gmtool session`: game sessions and their journal, on the same actions as F2 and the
Journal tab.

    gmtool session start [TITLE]     open a game session (rolls, injuries, battles record it)
    gmtool session end               close it
    gmtool session list              every session, newest first
    gmtool session show N            session N's timeline, a line a fact
    gmtool session report N [--players]   its recap in Markdown (the players' cut)
    gmtool session note TEXT         a timestamped note in the open session

Every sub-command takes --campaign PATH (default: the demo campaign) and --json. Bad input is
one line on stderr, exit code 2, and nothing is saved.
"""

from __future__ import annotations

import argparse

from msgspec import to_builtins as asdict  # nested Structs to plain JSON values

from gmtool.actions import journal
from gmtool.actions import sessions as session_actions
from gmtool.commands.campaign_commands import campaign_for, common_options, emit


def configure(parser: argparse.ArgumentParser) -> None:
    common = common_options()
    subs = parser.add_subparsers(dest="session_command", metavar="COMMAND", required=True)
    start = subs.add_parser("start", help="open a game session", parents=[common])
    start.add_argument("title", nargs="?", default="", help='its title (default "Session N")')
    subs.add_parser("end", help="close the open game session", parents=[common])
    subs.add_parser("list", help="every game session, newest first", parents=[common])
    show = subs.add_parser("show", help="a session's timeline", parents=[common])
    show.add_argument("number", type=int, help="the session's number")
    report = subs.add_parser("report", help="a session's recap in Markdown", parents=[common])
    report.add_argument("number", type=int, help="the session's number")
    report.add_argument(
        "--players",
        action="store_true",
        help="the players' recap: no enemy numbers or GM notes; only rolls marked for them",
    )
    note = subs.add_parser("note", help="a note in the open session", parents=[common])
    note.add_argument("text", help="the note")


def _session_line(session: session_actions.GameSession) -> str:
    when = session.started[:16].replace("T", " ")
    state = "open" if session.ended is None else f"ended {session.ended[:16].replace('T', ' ')}"
    return f"{session.id:>3}  {session.title}  (started {when}, {state})"


def run(args: argparse.Namespace) -> int:
    command = args.session_command
    write = command in ("start", "end", "note")
    with campaign_for(args, write=write, purpose=f"gmtool session {command}") as campaign:
        if command == "start":
            started = session_actions.start_session(campaign, args.title)
            emit(args, asdict(started), f"{started.title} (session {started.id}) started")
        elif command == "end":
            ended = session_actions.end_session(campaign)
            emit(args, asdict(ended), f"{ended.title} (session {ended.id}) ended")
        elif command == "list":
            found = journal.sessions(campaign)
            emit(
                args,
                [asdict(s) for s in found],
                "\n".join(_session_line(s) for s in found) or "no game session yet",
            )
        elif command == "show":
            from gmtool.rules.session_recap import timeline_lines

            facts = journal.session_facts(campaign, args.number)
            info = facts.session
            lines = [f"{info.title} (session {info.id})", *timeline_lines(facts)]
            emit(args, asdict(facts), "\n".join(lines))
        elif command == "report":
            text = journal.recap(campaign, args.number, players=args.players)
            emit(args, {"session": args.number, "players": args.players, "markdown": text}, text)
        else:
            added = journal.add_note(campaign, args.text)
            emit(
                args,
                {"session": added.session_id, **asdict(added.note)},
                f"note {added.note.id} added to session {added.session_id}",
            )
    return 0
