"""Start-up to first frame: gmtool on the demo campaign against a bare Textual app with the
same number of tabs, each run in a fresh process, median of several interleaved runs.

"First frame" is the same moment for both: the first time the app hands a rendered screen
to its (headless) driver; the process exits right there. Both sides run from bytecode, as an
installed gmtool and Textual would (a PYTHONPYCACHEPREFIX and a GMTOOL_CACHE in a temporary
folder, written by a first unmeasured run), whatever PYTHONDONTWRITEBYTECODE says here:
compiling gmtool's sources on every run is not start-up a GM ever waits for.
Target (issue 30): gmtool at most 1.2x."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 11
TARGET = 1.2

FIRST_FRAME_EXIT = """
import os
from textual.app import App as _App
_display = _App._display
def _first_frame(self, screen, renderable):
    _display(self, screen, renderable)
    if renderable is not None:
        os._exit(0)
_App._display = _first_frame
"""

BARE = (
    FIRST_FRAME_EXIT
    + """
import sys, time
from textual.app import App
from textual.widgets import Footer, Header, TabbedContent, TabPane, Static
TABS = int(sys.argv[1])
class Bare(App):
    def compose(self):
        yield Header()
        with TabbedContent():
            for n in range(TABS):
                with TabPane(f"Tab {n}"):
                    yield Static(f"tab {n}")
        yield Footer()
Bare().run(headless=True, size=(120, 36))
"""
)

# gmtool runs through its real entry point, the `gmtool` command's main(), so whatever the
# command does at start-up is measured; only the terminal is swapped for a headless one.
GMTOOL = (
    FIRST_FRAME_EXIT
    + """
import sys
_run = _App.run
_App.run = lambda self, **kwargs: _run(self, headless=True, size=(120, 36))
from gmtool.cli import main
main(sys.argv[1:])
"""
)


def timed(code: str, *args: str, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code, *args], check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def main() -> int:
    from gmtool.tui.tabs import TAB_CLASSES

    tabs = len(TAB_CLASSES)
    with tempfile.TemporaryDirectory() as folder:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["GMTOOL_HOME"] = str(Path(folder) / "home")
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "pyc")
        env["GMTOOL_CACHE"] = str(Path(folder) / "cache")
        # not measured: creates the demo campaign and writes both sides' bytecode
        timed(GMTOOL, env=env)
        timed(BARE, str(tabs), env=env)
        bare_times, our_times = [], []
        for _ in range(RUNS):  # interleaved, so drift in the machine's load hits both alike
            bare_times.append(timed(BARE, str(tabs), env=env))
            our_times.append(timed(GMTOOL, env=env))
        bare = statistics.median(bare_times)
        ours = statistics.median(our_times)
    print(f"bare Textual app with {tabs} tabs: {bare * 1000:.0f} ms to first frame (median)")
    print(f"gmtool on the demo campaign:      {ours * 1000:.0f} ms to first frame (median)")
    verdict = "ok" if ours / bare <= TARGET else "over"
    print(f"ratio: {ours / bare:.2f}x (target <= {TARGET}x: {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
