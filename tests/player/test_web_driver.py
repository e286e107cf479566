"""`gmtool player-view` as textual-serve runs it (the web driver on pipes) ends on its own
when its server is gone: stdin at end of file, stdout closed. textual's own web driver kept
running in both cases, orphaned, for as long as the machine was on."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.player.serving import wait_for

ENVIRONMENT = {
    "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",  # as textual-serve sets it
    "COLUMNS": "100",
    "ROWS": "30",
}


def _start(folder: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "gmtool", "player-view", "--campaign", str(folder)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=dict(os.environ, **ENVIRONMENT),
    )


def _started(process: subprocess.Popen[bytes]) -> None:
    """Read up to the app's first frame, so it is past its start-up."""
    assert process.stdout is not None
    seen = b""
    while b"__GANGLION__" not in seen or b"Range" not in seen:
        chunk = os.read(process.stdout.fileno(), 65536)
        assert chunk, "the player view ended before its first frame"
        seen += chunk


@pytest.mark.parametrize("closed", ["stdin", "stdout"])
def test_the_view_ends_when_its_server_is_gone(
    battle_campaign: Callable[..., Path], closed: str
) -> None:
    folder = battle_campaign()
    process = _start(folder)
    try:
        _started(process)
        pipe = process.stdin if closed == "stdin" else process.stdout
        assert pipe is not None
        pipe.close()
        if closed == "stdout":  # a save makes the view draw, into the closed pipe
            os.utime(folder / "campaign.json")
        wait_for(lambda: process.poll() is not None)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
    assert process.returncode == 0


def test_a_visit_dropped_before_the_view_started_loads_nothing(
    battle_campaign: Callable[..., Path],
) -> None:
    """The server hung up before the view was up: it exits at once, never drawing."""
    done = subprocess.run(
        [sys.executable, "-m", "gmtool", "player-view", "--campaign", str(battle_campaign())],
        input=b"",  # stdin closed from the start
        capture_output=True,
        env=dict(os.environ, **ENVIRONMENT),
        timeout=60,
    )
    assert done.returncode == 0
    assert b"__GANGLION__" not in done.stdout
