"""`gmtool [PATH]`: the command that opens the TUI."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest

from gmtool.commands.app import run_app
from gmtool.commands.collector import GC_THRESHOLDS
from gmtool.tui.app import GmApp


@pytest.fixture(autouse=True)
def _collector_restored() -> Any:
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    gc.enable()


def test_collection_is_paused_until_the_first_frame(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seen: dict[str, Any] = {}

    def first_frame_then_quit(self: GmApp, *args: Any, **kwargs: Any) -> None:
        seen["paused while starting"] = not gc.isenabled()
        for hook in self.first_frame_hooks:
            hook()
        seen["running after the first frame"] = gc.isenabled()
        seen["frozen"] = gc.get_freeze_count() > 0
        seen["collected less often"] = gc.get_threshold() == GC_THRESHOLDS
        seen["tabs frozen as built, whole heap when idle"] = (
            gc.freeze in self.tab_built_hooks and bool(self.idle_hooks)
        )
        self.campaign.close()

    monkeypatch.setattr(GmApp, "run", first_frame_then_quit)
    assert run_app(str(tmp_path / "table.campaign")) == 0
    assert seen == {
        "paused while starting": True,
        "running after the first frame": True,
        "frozen": True,
        "collected less often": True,
        "tabs frozen as built, whole heap when idle": True,
    }
    assert gc.isenabled()


def test_collection_resumes_when_the_campaign_cannot_open(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "broken.campaign"
    folder.mkdir()
    (folder / "campaign.json").write_text("{ not json")
    assert run_app(str(folder)) == 2
    assert "campaign.json" in capsys.readouterr().err
    assert gc.isenabled()
