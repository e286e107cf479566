"""`gmtool crew SHIP.yaml`: plain text, JSON, Markdown and CSV, and one-line errors."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from gmtool.cli import main
from gmtool.rules.crew import crew_manifest
from gmtool.rules.ships import load_ship_spec

DEMO_SHIPS = Path(__file__).resolve().parents[2] / "campaigns" / "demo" / "ships"
KESTREL = DEMO_SHIPS / "kestrel.yaml"
TENACITY = DEMO_SHIPS / "tenacity.yaml"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["crew", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_plain_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(KESTREL))
    assert code == 0 and err == ""
    m = crew_manifest(load_ship_spec(KESTREL))
    lines = out.splitlines()
    assert lines[0] == "Crew manifest: CSS Kestrel (light)"
    assert "BASIC CREW" in lines and "SUPPORT CREW" in lines
    assert any(line.split() == ["Helm", "operators", "enlisted", "3"] for line in lines)
    assert lines[-1].split() == ["Total", "crew", str(m.total_crew)]
    assert any(line.split() == ["Basic", "officers", str(m.basic_officers)] for line in lines)


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(KESTREL), "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {
        "ship",
        "class",
        "departments",
        "basic_crew",
        "basic_officers",
        "support_crew",
        "total_crew",
    }
    assert (data["ship"], data["class"]) == ("CSS Kestrel", "light")
    for department in data["departments"]:
        assert set(department) == {"id", "name", "section", "posts", "total"}
        assert department["section"] in ("basic", "support")
        assert department["total"] == sum(p["count"] for p in department["posts"])
        for post in department["posts"]:
            assert set(post) == {"id", "name", "rank", "count"}
            assert post["rank"] in ("officer", "petty_officer", "enlisted")
    ids = [d["id"] for d in data["departments"]]
    # The Kestrel has weapons but no craft, labs, marines or admiral.
    assert "weapons" in ids
    assert not {"flight", "science", "troops", "flag"} & set(ids)
    assert data["total_crew"] == data["basic_crew"] + data["support_crew"]
    assert data == crew_manifest(load_ship_spec(KESTREL)).to_json_dict()


def test_json_of_a_ship_with_every_department(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, str(TENACITY), "--json")
    ids = [d["id"] for d in json.loads(out)["departments"]]
    assert ids == [
        "deck",
        "engineering",
        "navigation",
        "operations",
        "auxiliary",
        "weapons",
        "flight",
        "science",
        "troops",
        "medical",
        "service",
        "supply",
        "administration",
        "flag",
        "command",
    ]


def test_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(KESTREL), "--markdown")
    assert code == 0
    assert out.startswith("# Crew manifest: CSS Kestrel\n")
    assert "## Basic crew" in out and "## Support crew" in out
    assert "| Captain | officer | 1 |" in out
    total = crew_manifest(load_ship_spec(KESTREL)).total_crew
    assert f"| Total crew | {total} |" in out


def test_csv(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(KESTREL), "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert sum(int(r["count"]) for r in rows) == crew_manifest(load_ship_spec(KESTREL)).total_crew
    captain = next(r for r in rows if r["post_id"] == "captain")
    assert captain == {
        "section": "support",
        "department_id": "command",
        "department": "Command",
        "post_id": "captain",
        "post": "Captain",
        "rank": "officer",
        "count": "1",
    }


def test_formats_are_exclusive(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(KESTREL), "--json", "--csv")
    assert code == 2
    assert out == ""
    assert "not allowed with" in err


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "name: Bad\nclass: light\nhull_points: 40\nsystems:\n  - {type: engien}\n",
            ["bad.yaml:5", "(Bad)", "systems[0].type", "did you mean 'engine'"],
        ),
        (
            "name: Bad\nclass: light\nhull_points: 40\nsystems:\n  - {type: engine, count: -2}\n",
            ["bad.yaml:5", "(Bad)", "systems[0].count", "a whole number of at least 0"],
        ),
        ("name: Bad\nclass: medum\nhull_points: 40\n", ["bad.yaml:2", "did you mean 'medium'"]),
        ("name: Bad\nclass: light\n", ["bad.yaml", "(Bad)", "'hull_points'"]),
        ("name: Bad\nclass: [light\n", ["bad.yaml:", "expected valid YAML"]),
    ],
)
def test_bad_spec_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, expected: list[str]
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    for flag in ([], ["--json"]):
        code, out, err = run(capsys, str(path), *flag)
        assert code == 2
        assert out == ""
        assert err.count("\n") == 1
        for part in expected:
            assert part in err


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(tmp_path / "absent.yaml"))
    assert code == 2
    assert out == ""
    assert "absent.yaml" in err and err.count("\n") == 1


def test_help_describes_the_spec_format_from_the_tables(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from gmtool.rules.ships import ship_spec_table

    with pytest.raises(SystemExit) as done:
        main(["crew", "--help"])
    assert done.value.code == 0
    out = " ".join(capsys.readouterr().out.split())  # the help is wrapped: read it unwrapped
    assert "ship spec format:" in out and "Required: name, class" in out
    for system_type in ship_spec_table().system_types:
        assert system_type in out
    assert "firepower (small_craft, light, medium, heavy, super-heavy)" in out
