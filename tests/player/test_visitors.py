"""A table night against a real `gmtool serve`: visitors that drop, go silent, come back,
crowd in, and a server that is stopped every way a GM's laptop stops it. Every visitor's
process must end within a few seconds (polled with a generous bound), none left behind.

The websocket clients are aiohttp's, which textual-serve already depends on.
"""

from __future__ import annotations

import asyncio
import re
import shutil
import signal
import time
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import aiohttp
import pytest

from tests.player.serving import (
    Served,
    battle_campaign,
    cpu_seconds,
    rss_kib,
    serving,
    visitor_pids,
    wait_for,
)

WebSocket = aiohttp.ClientWebSocketResponse
ROUNDS = 20
VISITORS = 10
# every tenth round the visitors see their screen before they drop: two rounds of ten whole
# starts, the costly part, are enough for that path; the other rounds drop while starting
WATCHED_EVERY = 10
IDLE_SECONDS = 6.0  # the awake visitor's CPU is counted over this long (5% of it: 300 ms)
MEMORY_SLACK_KIB = 8 * 1024  # the server's growth allowed over all the rounds


@pytest.fixture(scope="module")
def _table_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("table-template")


@pytest.fixture
def campaign(tmp_path: Path, _table_template: Path) -> Path:
    """The battle campaign the CLI made, made once per worker (inside a test, where the
    quiet environment holds) and copied to a path of the test's own, by which its visitors
    are found."""
    made = _table_template / "table.campaign"
    if not (made / "campaign.json").exists():
        battle_campaign(_table_template)
    copy = tmp_path / made.name
    shutil.copytree(made, copy, ignore=shutil.ignore_patterns(".lock"))
    return copy


def no_visitors(campaign: Path) -> bool:
    return not visitor_pids(campaign)


async def connect(
    session: aiohttp.ClientSession, served: Served
) -> aiohttp.ClientWebSocketResponse:
    return await session.ws_connect(served.ws_url, autoping=True)


def drop(ws: aiohttp.ClientWebSocketResponse) -> None:
    """Go away without a goodbye: the connection cut, as a killed browser leaves it."""
    connection = ws._response.connection  # the socket under the websocket
    assert connection is not None and connection.transport is not None
    connection.transport.abort()


async def first_frame(ws: aiohttp.ClientWebSocketResponse) -> None:
    """Wait for the visitor's battle screen to arrive (bytes of terminal output)."""
    seen = b""
    while b"Range" not in seen:
        message = await asyncio.wait_for(ws.receive(), 60)
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
        if message.type == aiohttp.WSMsgType.BINARY:
            seen += message.data


def test_ten_visitors_dropped_twenty_times_leave_nothing(tmp_path: Path, campaign: Path) -> None:
    """Most rounds drop while the visitors start (a page opened and thrown away), every
    fifth once they show the battle; the server's memory stays flat."""

    async def rounds(served: Served) -> tuple[int, int, list[int]]:
        async with aiohttp.ClientSession() as session:
            before = 0
            for number in range(ROUNDS + 1):
                sockets = [await connect(session, served) for _ in range(VISITORS)]
                # each connection started its own process (seen once it has exec'd)
                await asyncio.to_thread(wait_for, lambda: len(visitor_pids(campaign)) == VISITORS)
                if number % WATCHED_EVERY == WATCHED_EVERY - 1:  # these watched a while first
                    await asyncio.gather(*(first_frame(ws) for ws in sockets))
                for ws in sockets:
                    drop(ws)
                await asyncio.to_thread(wait_for, lambda: no_visitors(campaign))
                if number == 0:  # the first round warms the server up (imports, caches)
                    before = rss_kib(served.server.pid)
            return before, rss_kib(served.server.pid), visitor_pids(campaign)

    total = (ROUNDS + 1) * VISITORS
    with serving(tmp_path, campaign) as served:
        before, after, left = asyncio.run(rounds(served))
        output = served.output_saying(r"visitor \d+ left after", total)
    figures = f"{ROUNDS} rounds of {VISITORS}: server {before} KiB before, {after} KiB after"
    (tmp_path / "figures.txt").write_text(f"{figures}; {len(left)} visitors left\n")
    assert left == []
    assert after - before < MEMORY_SLACK_KIB, figures
    assert len(re.findall(r"visitor \d+ connected from 127\.0\.0\.1", output)) == total
    assert len(re.findall(r"visitor \d+ left after", output)) == total


def test_a_silent_visitor_is_ended_and_an_idle_one_costs_little(
    tmp_path: Path, campaign: Path
) -> None:
    """A phone asleep answers nothing: the heartbeat closes its connection and its process
    ends. The awake one, idle meanwhile, uses next to nothing: under 5% of a core, a bound
    a spinning visitor (most of a core) cannot meet even on a busy machine, where CPU time
    is counted less exactly (quiet, it measures about 0.5%: the figure is written out)."""

    async def visit(served: Served) -> tuple[float, float]:
        async with aiohttp.ClientSession() as session:
            awake = await connect(session, served)
            await first_frame(awake)
            (idle,) = visitor_pids(campaign)
            asleep = await session.ws_connect(served.ws_url, autoping=False)
            await first_frame(asleep)  # then never reads again, never answers a ping
            assert len(visitor_pids(campaign)) == 2
            reader = asyncio.create_task(_read_all(awake))
            await asyncio.sleep(2)  # the awake one settles after the other's start
            used, measured = cpu_seconds(idle), time.monotonic()
            gone = await asyncio.to_thread(wait_for, lambda: visitor_pids(campaign) == [idle])
            await asyncio.sleep(max(0.0, IDLE_SECONDS - (time.monotonic() - measured)))
            share = (cpu_seconds(idle) - used) / (time.monotonic() - measured)
            reader.cancel()
            drop(awake)
            return gone, share

    with serving(tmp_path, campaign) as served:
        gone, share = asyncio.run(visit(served))
        wait_for(lambda: no_visitors(campaign))
        output = served.output_saying("left after", 2)
    (tmp_path / "figures.txt").write_text(
        f"silent visitor gone in {gone:.1f} s; idle {share:.2%}\n"
    )
    assert share < 0.05, f"an idle visitor used {share:.1%} of a core"
    assert output.count("left after") == 2


async def _read_all(ws: aiohttp.ClientWebSocketResponse) -> None:
    async for _ in ws:
        pass


def test_a_full_table_gets_a_page_that_says_so(tmp_path: Path, campaign: Path) -> None:
    async def crowd(served: Served) -> tuple[int, str, int, int]:
        async with aiohttp.ClientSession() as session:
            sockets = [await connect(session, served) for _ in range(2)]
            async with session.get(served.url) as page:
                full_status, full_text = page.status, await page.text()
            async with session.get(served.ws_url) as refused:
                refused_status = refused.status
            drop(sockets[0])
            await asyncio.to_thread(wait_for, lambda: len(visitor_pids(campaign)) == 1)
            async with session.get(served.url) as again:
                again_status = again.status
            drop(sockets[1])
            return full_status, full_text, refused_status, again_status

    with serving(tmp_path, campaign, "--max-visitors", "2") as served:
        full_status, full_text, refused_status, again_status = asyncio.run(crowd(served))
        wait_for(lambda: no_visitors(campaign))
        output = served.output()
    assert full_status == 503 and "The players' screen is full" in full_text
    assert "on 2 screens at once, and all 2 are watching" in full_text
    assert refused_status == 503
    assert again_status == 200
    assert "at most 2 visitors at once" in output
    assert "(2 of at most 2 watching)" in output


def _hosts(text: str) -> set[str]:
    """Every host a text names: an address with a scheme, or one starting with //."""
    return set(re.findall(r"(?:https?:|wss?:)?//([\w.:\[\]-]+)", text))


def test_the_page_and_every_file_it_loads_name_no_outside_host(
    tmp_path: Path, campaign: Path
) -> None:
    """The table's network may have no internet: the page, its script, its styles and its
    fonts all come from the GM's machine, and none of their text names another host."""

    async def page(served: Served) -> tuple[str, dict[str, tuple[int, str, bytes]]]:
        files: dict[str, tuple[int, str, bytes]] = {}
        async with aiohttp.ClientSession() as session:
            async with session.get(served.url) as response:
                text = await response.text()
            named = re.findall(r"""(?:src|href)="([^"]+)"|url\("?([^")]+)"?\)""", text)
            for address in {a or b for a, b in named}:
                async with session.get(urljoin(served.url, address)) as response:
                    files[address] = (
                        response.status,
                        response.content_type,
                        await response.read(),
                    )
        return text, files

    with serving(tmp_path, campaign) as served:
        text, files = asyncio.run(page(served))
    here = served.url.split("/")[2]
    assert _hosts(text) == {here}
    assert "fonts.googleapis" not in text and "@font-face" in text
    assert {address.rsplit(".", 1)[-1] for address in files} >= {"js", "ttf", "png"}
    for address, (status, kind, body) in files.items():
        assert status == 200, address
        assert urlsplit(urljoin(served.url, address)).netloc == here, address
        if kind.startswith("text/") or kind.endswith(("javascript", "css")):
            assert _hosts(body.decode("utf-8", "replace")) <= {here}, address


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGKILL])
def test_stopping_the_server_ends_every_visitor(
    tmp_path: Path, campaign: Path, how: signal.Signals
) -> None:
    """ctrl+c, kill, the terminal closed, or killed outright: no visitor outlives it."""

    async def watch(served: Served) -> None:
        async with aiohttp.ClientSession() as session:
            sockets = [await connect(session, served) for _ in range(3)]
            for ws in sockets:
                await first_frame(ws)
            assert len(visitor_pids(campaign)) == 3
            served.server.send_signal(how)
            await asyncio.to_thread(wait_for, lambda: no_visitors(campaign))
            await asyncio.to_thread(wait_for, lambda: served.server.poll() is not None)

    with serving(tmp_path, campaign) as served:
        asyncio.run(watch(served))
        output = served.output()
    if how != signal.SIGKILL:
        assert "stopping, ending 3 visitor(s)" in output
        assert output.count("left after") == 3
