"""Records of the wrong type are damage, not tracebacks: `gmtool log` and `gmtool roll`
refuse a campaign whose roll log or meta holds one, naming the file, the record, the field
and the newest good backup, and leave every file as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gmtool.cli import main
from gmtool.store import CampaignCorrupt, open_campaign
from tests.store.records_helpers import roll_entry


def rolled_campaign(folder: Path) -> None:
    with open_campaign(folder) as c:
        c.record([roll_entry()])
        c.record([roll_entry(total=9)])
    open_campaign(folder).close()  # a second open takes the backups


def every_file(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def damage(folder: Path, file: str, table: str, doc: str, **fields: Any) -> None:
    path = folder / file
    data = json.loads(path.read_text())
    for key, value in fields.items():
        if value is ...:
            del data[table][doc][key]
        else:
            data[table][doc][key] = value
    path.write_text(json.dumps(data))


ROLL_DAMAGE: list[tuple[str, dict[str, Any], str]] = [
    ("id as text", {"id": "2"}, "field id: expected `int`, got `str`"),
    ("huge id", {"id": 10**30}, "field id"),
    ("no time", {"time": ...}, "field time: missing"),
    ("dice as text", {"dice": "6,3"}, "field dice"),
    ("total true", {"total": True}, "field total: expected `int`, got `bool`"),
    ("die not a triple", {"dice": [[6, 3]]}, "field dice"),
]


@pytest.mark.parametrize(("what", "fields", "said"), ROLL_DAMAGE, ids=[d[0] for d in ROLL_DAMAGE])
@pytest.mark.parametrize("command", [["log"], ["roll", "d6"]])
def test_a_bad_roll_record_refuses_the_campaign(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: list[str],
    what: str,
    fields: dict[str, Any],
    said: str,
) -> None:
    folder = tmp_path / "c"
    rolled_campaign(folder)
    damage(folder, "log/rolls-00000.json", "rolls", "2", **fields)
    before = every_file(folder)
    assert main([*command, "--campaign", str(folder)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "rolls-00000.json is damaged (record 2 of table 'rolls': " in err
    assert said in err
    assert "newest good backup is" in err and "backups" in err
    assert every_file(folder) == before


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"seed": "abc"}, "field seed: expected `int`, got `str`"),
        ({"seed": -1}, "field seed"),
        ({"name": ["x"]}, "field name"),
    ],
)
def test_a_bad_meta_record_refuses_the_campaign(
    tmp_path: Path, fields: dict[str, Any], said: str
) -> None:
    folder = tmp_path / "c"
    rolled_campaign(folder)
    damage(folder, "campaign.json", "meta", "1", **fields)
    before = every_file(folder)
    with pytest.raises(CampaignCorrupt) as info:
        open_campaign(folder)
    assert info.value.file == str(folder / "campaign.json")
    assert "record 1 of table 'meta'" in info.value.reason and said in info.value.reason
    assert info.value.backup is not None
    assert every_file(folder) == before


def test_a_bad_session_record_refuses_the_campaign(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    with open_campaign(folder) as c:
        c.start_session("One")
    damage(folder, "campaign.json", "sessions", "1", started=...)
    with pytest.raises(
        CampaignCorrupt, match=r"record 1 of table 'sessions': field started: missing"
    ):
        open_campaign(folder, readonly=True)
