"""Every refusal the command line gives on bad input, in the GM's words: one line, exit 2,
no constant's name, nothing of Python's own (a traceback, a type's name), and nothing saved.
A battery of wrong, empty, huge and wrong-typed input over every command that writes."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from tests.cli.helpers import run

pytestmark = pytest.mark.timeout(60)

BAD: list[tuple[str, ...]] = [
    ("roll", ""),
    ("roll", "1d6", "--times", "0"),
    ("roll", "9" * 5000 + "d6"),
    ("roll", "1d6", "--for", "x\x1b[2J"),
    ("check", "0"),
    ("check", "12", "--step", "1000000"),
    ("check", "12", "--times", "99999999999999999999"),
    ("log", "--last", "-1"),
    ("battle", "new", "", "--ship", "meridian", "--enemy", "gorgon"),
    ("battle", "new", "X", "--ship", "nope", "--enemy", "gorgon"),
    ("battle", "new", "X" * 5000, "--ship", "meridian", "--enemy", "gorgon"),
    ("battle", "next", "nope"),
    ("battle", "next", "t", "--until", "round", "--json", "--until", "nope"),
    ("battle", "act", "t", "damage", "--target", "nobody", "--amount", "5", "--track", "wound"),
    ("battle", "act", "t", "damage", "--target", "gorgon", "--amount", "-5", "--track", "wound"),
    (
        "battle",
        "act",
        "t",
        "damage",
        "--target",
        "gorgon",
        "--amount",
        "99999999999999999999",
        "--track",
        "wound",
    ),
    ("battle", "act", "t", "damage", "--target", "gorgon", "--amount", "5", "--track", "x"),
    ("battle", "act", "t", "fire", "--ship", "meridian", "--weapon", "zzz", "--target", "gorgon"),
    ("battle", "undo", "nope"),
    ("battle", "auto", "t", "q"),
    ("heal", "rest", "--days", "0"),
    ("heal", "rest", "--days", "99999999999999999999"),
    ("ship", "show", "nope"),
    ("ship", "repair", "meridian", "--days", "0", "--where", "dock"),
    ("ship", "delete", "meridian"),
    ("session", "end"),
    ("session", "note", "no session is open"),
    ("session", "start", "X" * 5000),
    ("session", "show", "9"),
    ("session", "show", "first"),
    ("session", "report", "-1", "--players"),
]


def _saved(folder: Path) -> dict[str, str]:
    """Every campaign file's digest (the lock, the remembered tab and the backups taken
    at open aside: copies, not the campaign)."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
        and p.name not in {".lock", "view.state"}
        and "backups" not in p.relative_to(folder).parts
    }


def _names(folder: Path) -> dict[str, str]:
    """The campaign's characters' and ships' names by id (a refusal names them by name)."""
    from gmtool.store import open_campaign
    from gmtool.store.party import load_party_state
    from gmtool.store.ships import list_ships

    c = open_campaign(folder, create=False, readonly=True)
    try:
        names = {p.id: p.name for p in load_party_state(c).characters}
        return names | {r.id: r.name for r in list_ships(c)}
    finally:
        c.close()


@pytest.fixture(scope="module")
def battle_campaign(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from gmtool.cli import main

    folder = tmp_path_factory.mktemp("bad") / "c"
    assert main(["init", "--demo", str(folder)]) == 0
    new = ["battle", "new", "T", "--ship", "meridian", "--enemy", "gorgon"]
    assert main([*new, "--campaign", str(folder)]) == 0
    return folder


@pytest.mark.parametrize("args", BAD, ids=lambda a: " ".join(a)[:60])
def test_a_refusal_is_one_line_in_the_gms_words_and_saves_nothing(
    capsys: pytest.CaptureFixture[str], battle_campaign: Path, args: tuple[str, ...]
) -> None:
    capsys.readouterr()
    before = _saved(battle_campaign)
    code, _out, err = run(capsys, *args, "--campaign", str(battle_campaign))
    said = err.strip()
    assert code == 2, said
    assert len(said.splitlines()) == 1 and len(said) < 400, said
    for word in ("MAX_", "Traceback", "NoneType", "KeyError", "TypeError", "\x1b"):
        assert word not in said, said
    for record_id, name in _names(battle_campaign).items():  # a name, its id only beside it
        if record_id not in args and re.search(rf"(?<![\w-]){record_id}(?![\w-])", said):
            assert f"{name} ({record_id})" in said, said
    assert _saved(battle_campaign) == before
