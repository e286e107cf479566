"""Regenerate the README's screenshots: the demo campaign at 120x36 with a few rolls made.

Run with `.venv/bin/python docs/make_screenshot.py NAME [KEYS...]`, e.g.
`docs/make_screenshot.py screenshot escape 3` (the Stations tab) or
`docs/make_screenshot.py torga escape 6 n enter` (a new Torga IV game).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from datetime import datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent


async def main(name: str, tab_keys: list[str]) -> None:
    with tempfile.TemporaryDirectory() as home:
        os.environ["GMTOOL_HOME"] = home
        from gmtool.tui.app import make_app

        app = make_app(None, seed=7, clock=lambda: datetime(2026, 12, 2, 20, 15))
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.press(*"2d6+1w", "enter", "tab", *"14", "tab", "+", "1", "enter")
            for key in tab_keys:
                await pilot.press(key)
            await pilot.pause(0.5)
            app.save_screenshot(str(HERE / f"{name}.svg"))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2:]))
