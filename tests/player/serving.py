"""`gmtool serve` as a real server for the tests: started in a session of its own, its
visitors found by their campaign's path, and their CPU and memory read from /proc.

GMTOOL_TEST_PORTS ("8800-8899") keeps the tests' ports in a range where a shared machine
needs it; without it the kernel picks a free port.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

START_PATIENCE = 90.0  # seconds for the server to print its address on two slow cores
GONE_PATIENCE = 20.0  # a generous bound: the visitors end within a few seconds


def gmtool(*args: str, cwd: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "gmtool", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


def battle_campaign(tmp_path: Path) -> Path:
    """The demo campaign with the battle "Ambush" set up, made by the CLI."""
    campaign = tmp_path / "table.campaign"
    gmtool("init", str(campaign), "--demo", "--seed", "7", cwd=tmp_path)
    new = ["battle", "new", "Ambush", "--ship", "kestrel", "meridian", "--enemy", "gorgon"]
    gmtool(*new, "vex", "--seed", "3", "--campaign", str(campaign), cwd=tmp_path)
    return campaign


def free_port() -> int:
    wanted = os.environ.get("GMTOOL_TEST_PORTS")
    candidates = [0]
    if wanted:
        low, high = (int(p) for p in wanted.split("-"))
        candidates = list(range(low, high + 1))
    for port in candidates:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            found: int = s.getsockname()[1]
            return found
    raise RuntimeError(f"no free port in {wanted}")


@dataclass
class Served:
    url: str
    campaign: Path
    server: subprocess.Popen[bytes]
    log: Path

    @property
    def ws_url(self) -> str:
        return self.url + "ws?width=100&height=30"

    def output(self) -> str:
        return self.log.read_text()

    def output_saying(self, pattern: str, times: int) -> str:
        """The output once `pattern` (a regular expression) is in it `times` times or more:
        the server says a visitor left once it notices, a moment after its process ended."""
        wait_for(lambda: len(re.findall(pattern, self.output())) >= times)
        return self.output()


@contextmanager
def serving(tmp_path: Path, campaign: Path, *options: str) -> Iterator[Served]:
    """`gmtool serve` on a free loopback port; killed with everything it started after."""
    port = free_port()
    log_path = tmp_path / f"serve-{port}.log"
    with log_path.open("w") as log:
        command = [sys.executable, "-m", "gmtool", "serve", "--campaign", str(campaign)]
        server = subprocess.Popen(
            [*command, "--port", str(port), *options],
            cwd=tmp_path,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        served = Served(f"http://127.0.0.1:{port}/", campaign, server, log_path)
        try:
            deadline = time.monotonic() + START_PATIENCE
            while served.url not in served.output():
                assert server.poll() is None, served.output()
                assert time.monotonic() < deadline, "gmtool serve did not print its address"
                time.sleep(0.1)
            yield served
        finally:
            stop(server)
            for pid in visitor_pids(campaign):  # none should be left; never leave one
                os.kill(pid, signal.SIGKILL)


def stop(server: subprocess.Popen[bytes]) -> None:
    if server.poll() is None:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=GONE_PATIENCE)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def visitor_pids(campaign: Path) -> list[int]:
    """Every running `gmtool player-view` of this campaign (its path is the test's own)."""
    needle = f"player-view --campaign {campaign.resolve()}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:  # a process may end between the listing and the reading
            words = (entry / "cmdline").read_bytes().split(b"\0")
            running = (entry / "stat").read_text().rsplit(") ", 1)[1][0] != "Z"
        except (OSError, IndexError):
            continue
        if needle in b" ".join(words) and running:
            found.append(int(entry.name))
    return found


def wait_for(condition: Callable[[], bool], patience: float = GONE_PATIENCE) -> float:
    """Seconds until `condition()` held; fails after `patience`."""
    started = time.monotonic()
    while not condition():
        assert time.monotonic() - started < patience, f"not within {patience} s"
        time.sleep(0.1)
    return time.monotonic() - started


def cpu_seconds(pid: int) -> float:
    """User and system time the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")
