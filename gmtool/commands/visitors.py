"""The players' server: textual-serve, with every visit bounded, counted and ended.

textual-serve gives each browser a `gmtool player-view` process behind `/bin/sh -c` and asks
it to quit when the websocket closes, but trusts the rest: a process that does not quit is
waited on for ever, `ctrl+c` waits a minute for open pages, a closed terminal (SIGHUP) ends
the server and leaves every visitor behind, and nothing limits or reports the visits. Here:

- each visitor is started without a shell, in a session of its own, so it can be ended as a
  whole: asked to quit, then SIGTERM after `QUIT_SECONDS`, SIGKILL after `KILL_SECONDS`;
- the websocket's heartbeat (`HEARTBEAT_SECONDS`) closes a connection that stopped answering
  (a dropped network, a phone asleep), which ends its visitor like a closed tab;
- SIGINT, SIGTERM and SIGHUP stop the server, which closes every page and ends every visitor
  before it exits; whatever is still running when it exits is killed (`end_all`);
- at most `max_visitors` watch at once: one more gets a page that says the screen is full;
- each connect and drop is printed on the GM's terminal.

The visitor itself (`player.web_driver`) ends when its server is gone, for the one case no
server can handle: being killed outright.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import html
import logging
import os
import shlex
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from gmtool.player.web_driver import TEXTUAL_WEB_DRIVER

DEFAULT_MAX_VISITORS = 12
HEARTBEAT_SECONDS = 5.0  # a silent connection is closed after one and a half of these
QUIT_SECONDS = 3.0  # from "quit" to SIGTERM
KILL_SECONDS = 2.0  # from SIGTERM to SIGKILL
SHUTDOWN_SECONDS = 8.0  # the longest the server waits for open pages when it stops
PAGE_FOLDER = Path(__file__).parent / "serve_page"

Say = Callable[[str], None]


# The visitor whose task is running: textual-serve logs "Application failed to start" when a
# process ends before its first frame, which is no failure when the visit was ended first.
_visitor: contextvars.ContextVar[VisitorProcess | None] = contextvars.ContextVar(
    "gmtool_visitor", default=None
)


class _EndedIsNotFailed(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        visitor = _visitor.get()
        return visitor is None or not visitor.stopping


logging.getLogger("textual-serve").addFilter(_EndedIsNotFailed())


def _signal_group(pid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, sig)


class VisitorProcess(AppService):
    """One visitor's `gmtool player-view`: its own session, ended for sure on `stop`."""

    stopping = False

    async def start(self, width: int, height: int) -> None:
        token = _visitor.set(self)  # the reading task created here inherits it
        try:
            await super().start(width, height)
        finally:
            _visitor.reset(token)

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        environment = self._build_environment(width=width, height=height)
        environment["TEXTUAL_DRIVER"] = TEXTUAL_WEB_DRIVER  # PlayerApp picks its own
        self._process = process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
            start_new_session=True,
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    async def stop(self) -> None:
        """Ask the process to quit; end its session if it has not within a few seconds."""
        task, process = self._task, self._process
        if task is None or process is None:
            return
        self._task = None
        self.stopping = True
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        with contextlib.suppress(Exception):
            await self.send_meta({"type": "quit"})
        with contextlib.suppress(Exception):
            self.stdin.close()  # end of file: the visitor's own sign that the server left
        for sig, patience in ((None, QUIT_SECONDS), (signal.SIGTERM, KILL_SECONDS)):
            if sig is not None:
                _signal_group(process.pid, sig)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(process.wait()), patience)
                break
        else:
            _signal_group(process.pid, signal.SIGKILL)
            await process.wait()
        _signal_group(process.pid, signal.SIGKILL)  # anything it started, gone with it
        with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError, Exception):
            await asyncio.wait_for(task, QUIT_SECONDS)  # its last output, then end of file


async def _close(websocket: web.WebSocketResponse) -> None:
    await websocket.close()


class Visit(msgspec.Struct):
    number: int
    peer: str
    started: float
    websocket: web.WebSocketResponse
    process: VisitorProcess | None = None


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.0f} min"


FULL_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body {{ background: #0c181f; color: #eee; font: 1.4em sans-serif; margin: 10%; }}</style>
</head><body>
<h1>The players' screen is full</h1>
<p>The GM's laptop shows the game on {limit} at once, and all {count} are watching. Try again
when someone closes theirs, or watch with a neighbour.</p>
</body></html>
"""


class PlayersServer(Server):
    """textual-serve's server with the visits bounded, reported and always ended."""

    def __init__(
        self,
        command: str,
        *,
        max_visitors: int = DEFAULT_MAX_VISITORS,
        say: Say = print,
        **kwargs: Any,
    ) -> None:
        super().__init__(command, templates_path=PAGE_FOLDER, **kwargs)
        self.max_visitors = max_visitors
        self.say = say
        self.visits: dict[int, Visit] = {}
        self.visitor_pids: set[int] = set()  # every visitor started and not yet seen ended
        self._numbered = 0

    def full(self) -> bool:
        return len(self.visits) >= self.max_visitors

    def full_page(self) -> web.Response:
        limit = "one screen" if self.max_visitors == 1 else f"{self.max_visitors} screens"
        text = FULL_PAGE.format(title=html.escape(self.title), count=len(self.visits), limit=limit)
        return web.Response(text=text, content_type="text/html", status=503)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
        if self.full():
            return self.full_page()
        response: web.StreamResponse = await super().handle_index(request)
        return response

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
        if self.full():
            return self.full_page()
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT_SECONDS)
        await websocket.prepare(request)
        self._numbered += 1
        visit = Visit(self._numbered, request.remote or "?", time.monotonic(), websocket)
        self.visits[visit.number] = visit
        self.say(
            f"gmtool serve: visitor {visit.number} connected from {visit.peer} "
            f"({len(self.visits)} of at most {self.max_visitors} watching)"
        )
        try:
            await self._visit(request, visit)
        except Exception as error:  # one visitor's trouble never stops the server
            self.say(f"gmtool serve: visitor {visit.number}: {error}")
        finally:
            with contextlib.suppress(Exception):
                await websocket.close()
            await self._end(visit)
        return websocket

    async def _visit(self, request: web.Request, visit: Visit) -> None:
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        visit.process = process = VisitorProcess(
            self.command,
            write_bytes=visit.websocket.send_bytes,
            write_str=visit.websocket.send_str,
            close=lambda: _close(visit.websocket),
            download_manager=self.download_manager,
            debug=self.debug,
        )
        await process.start(width, height)
        if process.pid is not None:
            self.visitor_pids.add(process.pid)
        async for message in visit.websocket:
            if message.type != WSMsgType.TEXT:
                continue
            envelope = message.json()
            if not isinstance(envelope, list) or not envelope:
                continue
            kind = envelope[0]
            if kind == "stdin":
                await process.send_bytes(str(envelope[1]).encode("utf-8"))
            elif kind == "resize":
                await process.set_terminal_size(envelope[1]["width"], envelope[1]["height"])
            elif kind == "ping":
                await visit.websocket.send_json(["pong", envelope[1]])
            elif kind == "blur":
                await process.blur()
            elif kind == "focus":
                await process.focus()

    async def _end(self, visit: Visit) -> None:
        """End the visitor's process (shielded: a cancelled handler still ends it)."""
        if self.visits.pop(visit.number, None) is None:
            return
        process = visit.process
        if process is not None:
            await asyncio.shield(process.stop())
            if process.pid is not None:
                self.visitor_pids.discard(process.pid)
        self.say(
            f"gmtool serve: visitor {visit.number} left after "
            f"{_duration(time.monotonic() - visit.started)} ({len(self.visits)} watching)"
        )

    async def on_shutdown(self, app: web.Application) -> None:
        """The server stops: close every page and end every visitor, all at once."""
        visits = list(self.visits.values())
        if visits:
            self.say(f"gmtool serve: stopping, ending {len(visits)} visitor(s)")
        for visit in visits:
            with contextlib.suppress(Exception):
                await visit.websocket.close(code=1001, message=b"the server is stopping")
        await asyncio.gather(*(self._end(v) for v in visits), return_exceptions=True)

    def end_all(self) -> None:
        """Last resort as the server exits: kill any visitor still running."""
        for pid in list(self.visitor_pids):
            _signal_group(pid, signal.SIGKILL)
        self.visitor_pids.clear()

    def serve(self, debug: bool = False) -> None:
        """Like textual-serve's, with SIGHUP (the terminal closed) stopping it too, a short
        wait for open pages, no access log, and every visitor ended on the way out."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            loop.add_signal_handler(sig, self.request_exit)
        try:
            web.run_app(
                self._make_app(),
                host=self.host,
                port=self.port,
                handle_signals=False,
                loop=loop,
                print=lambda *args: None,
                access_log=None,
                shutdown_timeout=SHUTDOWN_SECONDS,
            )
        finally:
            self.end_all()
