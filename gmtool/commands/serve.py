"""`gmtool serve`: the players' screen in the browser, with textual-serve.

textual-serve starts one `gmtool player-view` process for each browser that opens the page
and streams its screen over a websocket; `commands/visitors.py` bounds the visits
(`--max-visitors`), prints each connect and drop, and ends every visitor's process when its
connection ends and when the server stops. It listens on loopback unless `--host` names
another address; then everyone who can reach that address can watch, and it says so.
"""

from __future__ import annotations

import argparse
import ipaddress
import shlex
import sys
from pathlib import Path
from typing import Any

from gmtool.commands.player_view import campaign_folder
from gmtool.rules.errors import RulesError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
MAX_VISITORS_LIMIT = 100  # each visitor is a process: more would take the GM's laptop


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--campaign", default=None, metavar="PATH", help="campaign folder (default: the demo)"
    )
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (default 8000)")
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help="address to listen on (default 127.0.0.1, this machine only)",
    )
    parser.add_argument(
        "--max-visitors",
        type=int,
        default=None,
        metavar="N",
        help="at most N browsers watch at once; one more is told the screen is full (default 12)",
    )


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def address(host: str, port: int) -> str:
    """The address to open in a browser."""
    shown = host
    if host in ("0.0.0.0", "::", ""):
        import socket

        shown = socket.gethostname()
    elif ":" in host:
        shown = f"[{host}]"
    return f"http://{shown}:{port}/"


def player_view_command(folder: Path) -> str:
    """The command each visitor runs (split into words and started without a shell)."""
    return (
        f"{shlex.quote(sys.executable)} -m gmtool player-view "
        f"--campaign {shlex.quote(str(folder.resolve()))}"
    )


def run(args: argparse.Namespace) -> int:
    from gmtool.commands.visitors import DEFAULT_MAX_VISITORS, PlayersServer

    if not 1 <= args.port <= 65535:
        raise RulesError(f"--port must be from 1 to 65535, not {args.port}")
    limit = DEFAULT_MAX_VISITORS if args.max_visitors is None else args.max_visitors
    if not 1 <= limit <= MAX_VISITORS_LIMIT:
        raise RulesError(f"--max-visitors must be from 1 to {MAX_VISITORS_LIMIT}, not {limit}")
    folder = campaign_folder(args.campaign)
    url = address(args.host, args.port)
    if not is_loopback(args.host):
        print(
            f"gmtool serve: warning: listening on {args.host}: everyone on that network can "
            "open the players' screen and watch the game",
            file=sys.stderr,
        )

    class Players(PlayersServer):
        async def on_startup(self, app: Any) -> None:
            print(f"gmtool serve: the players' screen of {folder} at {url}", flush=True)
            most = "1 visitor" if limit == 1 else f"{limit} visitors"
            print(f"at most {most} at once; ctrl+c stops it", flush=True)

    server = Players(
        player_view_command(folder),
        host=args.host,
        port=args.port,
        title="gmtool: the players' screen",
        public_url=url.rstrip("/"),
        max_visitors=limit,
        say=lambda line: print(line, flush=True),
    )
    server.serve()
    return 0
