"""What the GM's terminal shows after each key is the screen as it is: the frames a key draws
(some widgets skip a refill: tui/widgets/steady.py) leave no old cells behind. A snapshot cannot see
this (it renders the screen afresh), so every frame is applied to a model terminal and,
once the key settled, compared cell by cell with the screen rendered from scratch."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from gmtool.tui.app import GmApp

from .drawn import DrawnTerminal, settled

# A GM's walk over every tab: cursor moves, views, dialogs opened and closed, a save and its
# undo, a battle set up and stepped, a Torga IV game started, the help and the palette.
WALK: tuple[str, ...] = (
    "escape", "2", "down", "down", "R", "down", "m", "escape", "n", "escape", "r", "escape",
    "3", "down", "p", "ctrl+z", "m", "escape",
    "4", "n", "ctrl+u", *"Walk", "tab", "tab", "tab", "tab", "tab", "down", "space",
    "tab", "tab", "tab", "tab", "space", "down", "space", "ctrl+s", "enter", "space",
    "5", "h", "escape", "d", "escape",
    "6", "n", "enter", "space", "ctrl+z",
    "f1", "escape", "1", "2", "3", "4", "5", "6",
)  # fmt: skip


async def _settled(pilot: Pilot[None]) -> None:
    await pilot.wait_for_scheduled_animations()
    await settled(pilot)


@pytest.mark.parametrize("size", [(120, 36), (80, 24)])
async def test_the_terminal_shows_the_screen_after_every_key(
    app_factory: Callable[..., GmApp], size: tuple[int, int]
) -> None:
    app = app_factory(demo=True)
    terminal = DrawnTerminal(app)
    async with app.run_test(size=size) as pilot:
        app.animation_level = "none"
        await _settled(pilot)
        for number, key in enumerate(WALK):
            frames = terminal.frames
            await pilot.press(key)
            await _settled(pilot)
            stale = terminal.stale_cells()
            assert not stale, (
                f"after key {number} ({key!r}, {terminal.frames - frames} frame(s)), "
                f"{len(stale)} cell(s) show old content, first: {stale[:3]}\n{terminal.text()}"
            )
        assert terminal.frames > len(WALK) // 2  # the walk drew: the check saw frames


async def test_a_frame_left_out_is_seen(app_factory: Callable[..., GmApp]) -> None:
    """The check itself: a screen changed but never drawn shows as stale cells."""
    app = app_factory(demo=True)
    terminal = DrawnTerminal(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settled(pilot)
        assert not terminal.stale_cells()
        app._display = lambda screen, renderable: None  # type: ignore[method-assign]
        await pilot.press("2")  # the Crew tab, never drawn
        await _settled(pilot)
        assert terminal.stale_cells()
