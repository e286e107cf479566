"""`gmtool serve` and `gmtool player-view` on the command line (the server itself runs in
tests/player/test_browser.py)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import pytest

from gmtool.commands import serve
from gmtool.store.demo import ensure_demo_campaign
from tests.cli.helpers import run


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Records the server gmtool serve would start, instead of starting it."""
    calls: list[dict[str, Any]] = []

    def fake_serve(self: Any, debug: bool = False) -> None:
        calls.append(
            {
                "command": self.command,
                "host": self.host,
                "port": self.port,
                "url": self.public_url,
                "max_visitors": self.max_visitors,
            }
        )

    monkeypatch.setattr("gmtool.commands.visitors.PlayersServer.serve", fake_serve)
    return calls


def test_loopback_by_default_without_a_warning(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, started: list[dict[str, Any]]
) -> None:
    ensure_demo_campaign(tmp_path / "c", seed=1)
    code, _, err = run(capsys, "serve", "--campaign", str(tmp_path / "c"))
    assert code == 0 and err == ""
    (call,) = started
    assert (call["host"], call["port"], call["url"]) == ("127.0.0.1", 8000, "http://127.0.0.1:8000")
    words = shlex.split(call["command"])
    assert words[1:4] == ["-m", "gmtool", "player-view"]
    assert words[-1] == str((tmp_path / "c").resolve())
    assert call["max_visitors"] == 12


def test_max_visitors_is_a_setting_with_bounds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, started: list[dict[str, Any]]
) -> None:
    ensure_demo_campaign(tmp_path / "c", seed=1)
    code, _, _ = run(capsys, "serve", "--campaign", str(tmp_path / "c"), "--max-visitors", "3")
    assert code == 0 and started[-1]["max_visitors"] == 3
    for wrong in ("0", "101"):
        code, _, err = run(
            capsys, "serve", "--campaign", str(tmp_path / "c"), "--max-visitors", wrong
        )
        assert code == 2 and "--max-visitors must be from 1 to 100" in err
    assert len(started) == 1


def test_another_host_warns_that_the_network_can_watch(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, started: list[dict[str, Any]]
) -> None:
    ensure_demo_campaign(tmp_path / "c", seed=1)
    code, _, err = run(
        capsys, "serve", "--campaign", str(tmp_path / "c"), "--host", "0.0.0.0", "--port", "8123"
    )
    assert code == 0
    assert "warning" in err and "0.0.0.0" in err and "everyone on that network" in err
    assert started[0]["host"] == "0.0.0.0" and started[0]["port"] == 8123


def test_bad_port_and_missing_campaign_are_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, started: list[dict[str, Any]]
) -> None:
    ensure_demo_campaign(tmp_path / "c", seed=1)
    code, _, err = run(capsys, "serve", "--campaign", str(tmp_path / "c"), "--port", "0")
    assert code == 2 and "--port" in err
    code, _, err = run(capsys, "serve", "--campaign", str(tmp_path / "none"))
    assert code == 2 and "is not a campaign" in err
    code, _, err = run(capsys, "player-view", "--campaign", str(tmp_path / "none"))
    assert code == 2 and "is not a campaign" in err
    assert not started
    assert not (tmp_path / "none").exists()


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("localhost", True),
        ("::1", True),
        ("0.0.0.0", False),
        ("10.1.2.3", False),
    ],
)
def test_loopback_hosts(host: str, loopback: bool) -> None:
    assert serve.is_loopback(host) is loopback
