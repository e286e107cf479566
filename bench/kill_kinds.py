"""The writers the kill benches kill: every command of `gmtool` that saves, and the crew and
Torga IV actions that have no command, each as a cycle a writer process runs over and over.

A cycle undoes what it does (an act, then its undo), so it can run for as long as the kills
go on without running into the rules' refusals (a destroyed ship, a battle over). A step is
a `gmtool` command line ({c}: the campaign, {b}: the battle) or `py:NAME`, one of the
actions `run_py` knows. `prepare` builds the campaign every cycle starts from.
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from pathlib import Path

from gmtool.cli import main as gmtool

BATTLE = "kill-test"
PATIENT = "ines-calloway"
DOCTOR = "priya-salo"


@dataclass(frozen=True)
class Kind:
    """A row of the table: a name, and the cycle of steps its writer runs."""

    name: str
    steps: tuple[str, ...]


def _act(*words: str) -> str:
    return " ".join(("battle", "act", "{b}", *words))


KINDS: tuple[Kind, ...] = (
    Kind("roll", ("roll 3d6 --times 3",)),
    Kind("check", ("check 12 --times 3",)),
    Kind("battle new", ("battle new Patrol --ship tenacity --enemy gorgon",)),
    Kind(
        "battle act/undo",
        (
            _act("damage --target meridian --amount 3 --track critical"),
            "battle undo {b}",
            _act("damage --target vex --amount 5 --track wound"),
            "battle undo {b}",
        ),
    ),
    Kind("battle act end", (_act("end"), "battle undo {b}")),
    Kind("battle next", ("battle next {b}", "battle next {b}", "battle undo {b} --round")),
    Kind(
        "heal",
        (
            "heal rest --days 1",
            f"heal treat {PATIENT} --doctor {DOCTOR}",
            "heal undo",
            "heal redo",
            "heal undo",
            "heal undo",
        ),
    ),
    Kind(
        "ship condition",
        (
            "ship repair meridian --days 1 --where port",
            "ship undo",
            "ship replace-crew meridian",
            "ship undo",
            "ship scrap kestrel",
            "ship restore kestrel",
            "ship undo",
            "ship undo",
        ),
    ),
    Kind("ship delete", ("ship delete kestrel --force", "ship undo", "ship redo", "ship undo")),
    Kind("crew", ("py:regenerate", "ship undo")),
    Kind("skirmish", ("py:skirmish-start", "py:skirmish-play", "py:skirmish-play")),
)


def quiet(*args: str) -> tuple[int, str]:
    """`gmtool ARGS` in this process: (exit code, what it printed)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = gmtool(list(args))
    return code, out.getvalue()


def prepare(folder: Path) -> None:
    """The campaign every writer starts from: the demo, a battle with Meridian hurt in it,
    her crew hurt by an ended battle (for repairs and new hands), a wounded patient."""
    path = str(folder)
    steps = [
        ("init", path, "--demo", "--seed", "1"),
        ("battle", "new", "Scratch", "--ship", "meridian", "--enemy", "vex", "--seed", "2"),
        ("battle", "act", "scratch", "damage", "--target", "meridian", "--amount", "6",
         "--track", "critical"),
        ("battle", "act", "scratch", "end"),
        ("battle", "new", "Kill test", "--ship", "meridian", "--enemy", "vex", "--seed", "3"),
    ]  # fmt: skip
    for step in steps:
        campaign = () if step[0] == "init" else ("--campaign", path)
        code, out = quiet(*step, *campaign)
        if code != 0:
            raise RuntimeError(f"gmtool {' '.join(step)}: {out.strip()}")
    _hurt(folder)


def _hurt(folder: Path) -> None:
    from gmtool.actions.injuries import DamageRequest, deal_damage
    from gmtool.store import open_campaign

    campaign = open_campaign(folder, create=False, purpose="kill bench set-up")
    try:
        deal_damage(campaign, DamageRequest(PATIENT, "12", "wound", "set-up"))
    finally:
        campaign.close()


def run_py(folder: Path, name: str) -> None:
    """One of the writers without a command, as the app runs it (one commit)."""
    from gmtool.store import open_campaign

    campaign = open_campaign(folder, create=False, purpose=f"kill bench {name}")
    try:
        if name == "regenerate":
            from gmtool.actions.ships import regenerate_crew

            regenerate_crew(campaign, "meridian")
        elif name == "skirmish-start":
            from gmtool.actions import skirmish
            from gmtool.rules.skirmish import torga_iv
            from gmtool.store.skirmish import AUTOMATIC

            skirmish.start(campaign, torga_iv(), AUTOMATIC)
        elif name == "skirmish-play":
            from gmtool.actions import skirmish
            from gmtool.store.skirmish import load_game

            game = load_game(campaign)
            if game is None:
                raise RuntimeError("no game")
            skirmish.let_the_app_play(campaign, game)
        else:
            raise ValueError(name)
    finally:
        campaign.close()
