"""Dialogs at 80x24 that no tab's snapshots show: a note near its length limit says so, and
the footer says Enter saves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from gmtool.tui.app import GmApp
from gmtool.tui.dialogs import ChoiceDialog
from gmtool.tui.tabs.journal.dialogs import NoteDialog, RecapDialog
from tests.tui.drawn import done

SMALL = (80, 24)
NOTE = "Kress took the bridge while the captain slept; " * 10  # 470 characters


async def _note_near_its_limit(pilot: Pilot[Any]) -> None:
    pilot.app.push_screen(NoteDialog("New note (Enter saves, Esc cancels):", NOTE))
    await pilot.pause()
    await pilot.press("end", *"the end.")
    await done(pilot)


def test_snapshot_note_dialog_near_its_limit(
    snap_compare: Any, app_factory: Callable[..., GmApp]
) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=SMALL, run_before=_note_near_its_limit)


RECAP = "\n".join(
    [
        "# Session 2: Ambush at Tarsus",
        "",
        "- The Meridian and the Kestrel met two raiders off Tarsus.",
        "- Bram Adeyemi was hurt on the gun deck; Priya Salo stabilized him.",
        "- The Raider Gorgon struck its colours in round 3.",
    ]
)


async def _recap(pilot: Pilot[Any]) -> None:
    pilot.app.push_screen(RecapDialog("Session 2 recap (Escape closes)", RECAP))
    await done(pilot)


def test_snapshot_recap_dialog(snap_compare: Any, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=SMALL, run_before=_recap)


async def _choice(pilot: Pilot[Any]) -> None:
    places = [("bridge", "Bridge"), ("engineering", "Engineering"), ("guns", "Gun deck")]
    pilot.app.push_screen(ChoiceDialog("Where does Halvard Rusk go?", places, "engineering"))
    await done(pilot)


def test_snapshot_choice_dialog(snap_compare: Any, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=SMALL, run_before=_choice)
