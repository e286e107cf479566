"""A battle's crew losses fall on named crew: the roll log says whom each draw hit, in
`gmtool log` and on the Dice & Log tab (the row under the cursor, shown whole)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from gmtool.tui.app import make_app
from tests.cli.helpers import run
from tests.tui.drawn import done

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def fought(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The demo with a battle played to its end: both ships lost crew."""
    path = str(tmp_path / "c")
    assert run(capsys, "init", "--demo", path, "--seed", "3")[0] == 0
    new = ("battle", "new", "T", "--ship", "meridian", "--enemy", "gorgon")
    assert run(capsys, *new, "--campaign", path)[0] == 0
    assert run(capsys, "battle", "next", "t", "--until", "end", "--campaign", path)[0] == 0
    return path


def _draws(capsys: pytest.CaptureFixture[str], path: str) -> list[dict[str, object]]:
    code, out, _ = run(capsys, "log", "--json", "--campaign", path)
    assert code == 0
    draws = [e for e in json.loads(out) if e.get("kind") == "draw"]
    assert draws, "the battle drew no named casualties"
    return draws


def test_gmtool_log_names_whom_each_draw_hit(
    capsys: pytest.CaptureFixture[str], fought: str
) -> None:
    draws = _draws(capsys, fought)
    code, out, _ = run(capsys, "log", "--campaign", fought)
    assert code == 0
    for draw in draws:
        line = next(x for x in out.splitlines() if x.startswith(f"#{draw['id']} "))
        names = draw["drawn"]
        assert isinstance(names, list) and names
        assert line.endswith(f"({', '.join(names)})"), line


async def test_the_log_tab_names_whom_the_draw_under_the_cursor_hit(
    capsys: pytest.CaptureFixture[str], fought: str
) -> None:
    draw = _draws(capsys, fought)[0]
    app = make_app(Path(fought))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")
        await done(pilot)  # the log built and read
        table = app.query_one("#roll-log", DataTable)
        table.focus()
        ids = [str(table.get_row_at(r)[0]).rstrip("*✓ ") for r in range(table.row_count)]
        table.move_cursor(row=ids.index(str(draw["id"])))
        await done(pilot)
        shown = str(app.query_one("#last-roll", Static).render())
        names = draw["drawn"]
        assert isinstance(names, list)
        assert f"-> drawn: {', '.join(names)}" in shown.replace("\n", " ")
