"""`gmtool serve`: the players' screen in the browser, with textual-serve.

textual-serve starts one `gmtool player-view` process for each browser that opens the page
and streams its screen over a websocket. It listens on loopback unless `--host` names
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
    """The shell command textual-serve runs for each visitor."""
    return (
        f"{shlex.quote(sys.executable)} -m gmtool player-view "
        f"--campaign {shlex.quote(str(folder.resolve()))}"
    )


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.port <= 65535:
        raise RulesError(f"--port must be from 1 to 65535, not {args.port}")
    folder = campaign_folder(args.campaign)
    url = address(args.host, args.port)
    if not is_loopback(args.host):
        print(
            f"gmtool serve: warning: listening on {args.host}: everyone on that network can "
            "open the players' screen and watch the game",
            file=sys.stderr,
        )

    from textual_serve.server import Server

    class PlayersServer(Server):
        async def on_startup(self, app: Any) -> None:
            print(f"gmtool serve: the players' screen of {folder} at {url}", flush=True)
            print("ctrl+c stops it", flush=True)

    server = PlayersServer(
        player_view_command(folder),
        host=args.host,
        port=args.port,
        title="gmtool: the players' screen",
        public_url=url.rstrip("/"),
    )
    server.serve()
    return 0
