"""The `gmtool` command: opens the TUI on a campaign, or runs a sub-command for scripts.

`gmtool [PATH]` opens a campaign (the demo campaign without PATH). Sub-commands share the
rules and store code with the TUI; bad input, and a campaign that cannot be created or opened,
gives one line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import sys
from collections.abc import Sequence

from gmtool import __version__
from gmtool.actions.errors import ActionRefused
from gmtool.rules.errors import RulesError
from gmtool.store.errors import StoreError, os_error_detail

# command name -> (module under gmtool.commands, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "roll": ("roll", "roll a dice expression such as 2d6+1 or d8w"),
    "check": ("check", "roll an ALTERNITY check against a score"),
    "log": ("log", "print a campaign's roll log"),
    "crew": ("crew", "print the crew manifest of a ship spec"),
    "skirmish": ("skirmish", "Torga IV skirmish tools (simulate)"),
    "init": ("init", "create a campaign (--demo: with the demo's ships and party)"),
    "battle": ("battle", "narrative battles: new, list, show, act, next, undo, redo"),
    "ship": ("ship", "a campaign ship's condition: show, repair, replace-crew, scrap, restore"),
    "heal": ("heal", "characters heal: a doctor's treatment roll, rest days, undo"),
    "session": ("session", "game sessions: start, end, list, show, report, note"),
    "doctor": ("doctor", "check that a campaign's files are whole and agree"),
    "serve": ("serve", "serve the players' read-only screen to a browser"),
    "player-view": ("player_view", "the players' read-only screen in this terminal"),
}


class UsageError(Exception):
    """Bad command-line input: printed as one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def _is_available(module: str) -> bool:
    return importlib.util.find_spec(f"gmtool.commands.{module}") is not None


def _available_commands() -> dict[str, tuple[str, str]]:
    return {name: each for name, each in COMMANDS.items() if _is_available(each[0])}


def build_parser(commands: dict[str, tuple[str, str]]) -> _Parser:
    parser = _Parser(
        prog="gmtool",
        description="Terminal campaign manager for ALTERNITY game masters.",
        epilog="commands: "
        + "; ".join(f"{name}: {text}" for name, (_, text) in commands.items())
        + ". Use 'gmtool COMMAND --help' for one.",
    )
    parser.add_argument("--version", action="version", version=f"gmtool {__version__}")
    parser.add_argument(
        "campaign", nargs="?", help="campaign folder to open (default: the demo campaign)"
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="seed for a new campaign's dice (for replays)"
    )
    return parser


def _refuse_command_typo(campaign: str | None, commands: dict[str, tuple[str, str]]) -> None:
    """`gmtool rol d6` must not quietly create a campaign folder named 'rol'."""
    if campaign is None or "/" in campaign or os.path.exists(campaign):
        return
    import difflib

    close = difflib.get_close_matches(campaign, list(commands), n=1)
    if close:
        raise UsageError(
            f"gmtool: no command {campaign!r} (did you mean '{close[0]}'?); to create a "
            f"campaign of that name, write ./{campaign}"
        )


def _say_unfinished() -> None:
    """An action whose files could not all be put in place after it was saved has happened
    all the same: say when it is finished instead of calling it failed."""
    journal = sys.modules.get("gmtool.store.journal")
    for each in journal.take_unfinished() if journal is not None else []:
        print(
            f"gmtool: saved; some of its files could not be put in place yet ({each.detail}); "
            f"gmtool finishes that when {each.folder} is next opened",
            file=sys.stderr,
        )


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        # a sub-command looks up only its own module: the others are found for the help
        if args_list and args_list[0] in COMMANDS and _is_available(COMMANDS[args_list[0]][0]):
            name = args_list[0]
            module = importlib.import_module(f"gmtool.commands.{COMMANDS[name][0]}")
            sub = _Parser(prog=f"gmtool {name}", description=COMMANDS[name][1])
            module.configure(sub)
            args = sub.parse_args(args_list[1:])
            result: int = module.run(args)
            _say_unfinished()
            return result
        commands = _available_commands()
        if args_list and not args_list[0].startswith("-"):
            _refuse_command_typo(args_list[0], commands)
        args = build_parser(commands).parse_args(args_list)
        from gmtool.commands.app import run_app

        return run_app(args.campaign, seed=args.seed)
    except UsageError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except (RulesError, StoreError, ActionRefused) as exc:
        print(f"gmtool: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `gmtool log | head`: the reader left; say nothing more, exit quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as exc:
        # The store says what it cannot do as a StoreError; this is the net for the rest.
        print(f"gmtool: {os_error_detail(exc)}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
