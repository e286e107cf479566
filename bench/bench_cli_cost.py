"""What one command-line call costs: `gmtool battle show/list/next` and `gmtool doctor`
against `python -c "import yaml, msgspec, tinydb"` (the libraries any call needs), each in a
fresh process, median of several interleaved runs, with the ratio; and a whole battle played
by `gmtool battle next X --until end` in one process.

Bytecode and parsed tables are cached for both sides as an installed gmtool would have them
(a PYTHONPYCACHEPREFIX and a GMTOOL_CACHE in the temporary folder, written by a first
unmeasured run), whatever PYTHONDONTWRITEBYTECODE says here. Target (issue 29): each of the
four within 2.5x of the imports.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 9
TARGET = 2.5
BASE = ("-c", "import yaml, msgspec, tinydb")


def main() -> int:
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as folder:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "pyc")
        env["GMTOOL_CACHE"] = str(Path(folder) / "cache")
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH")]))
        campaign = str(Path(folder) / "verge")

        def call(*args: str) -> float:
            start = time.perf_counter()
            subprocess.run([sys.executable, *args], check=True, capture_output=True, env=env)
            return time.perf_counter() - start

        def gmtool(*words: str) -> tuple[str, ...]:
            return ("-m", "gmtool", *words, "--campaign", campaign)

        call("-m", "gmtool", "init", "--demo", campaign)
        for name in ("shown", "played"):
            call(*gmtool("battle", "new", name, "--ship", "meridian", "--enemy", "gorgon",
                         "--auto", "both"))  # fmt: skip
        call(*gmtool("battle", "next", "shown", "--until", "round"))
        commands = {
            "battle show": gmtool("battle", "show", "shown"),
            "battle list": gmtool("battle", "list"),
            "doctor": gmtool("doctor"),
            "battle next (one step)": gmtool("battle", "next", "played"),
        }
        call(*BASE)  # bytecode written, not measured
        for words in commands.values():
            call(*words)
        times: dict[str, list[float]] = {"imports": [], **{k: [] for k in commands}}
        for _ in range(RUNS):  # interleaved, so the machine's load hits all alike
            times["imports"].append(call(*BASE))
            for name, words in commands.items():
                times[name].append(call(*words))
        base = statistics.median(times["imports"])
        print(f"python -c 'import yaml, msgspec, tinydb': {base * 1000:.0f} ms (median of {RUNS})")
        for name in commands:
            median = statistics.median(times[name])
            ratio = median / base
            verdict = "ok" if ratio <= TARGET else "over"
            print(
                f"gmtool {name}: {median * 1000:.0f} ms, {ratio:.2f}x "
                f"(target <= {TARGET}x: {verdict})"
            )
        call(*gmtool("battle", "new", "whole", "--ship", "meridian", "--enemy", "gorgon",
                     "--auto", "both"))  # fmt: skip
        start = time.perf_counter()
        out = subprocess.run(
            [sys.executable, *gmtool("battle", "next", "whole", "--until", "end", "--json")],
            check=True,
            capture_output=True,
            env=env,
            text=True,
        ).stdout
        took = time.perf_counter() - start
        played = json.loads(out)
        print(
            f"gmtool battle next whole --until end: {len(played['steps'])} steps, "
            f"{played['round']} rounds, in {took:.2f} s (one process)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
