"""`pip install .` must carry the YAML tables and the demo seed files inside the package."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    return next(out.glob("gmtool-*.whl"))


def test_wheel_carries_tables_and_demo(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for table in (ROOT / "tables").rglob("*.yaml"):
        rel = table.relative_to(ROOT / "tables").as_posix()
        assert f"gmtool/_data/tables/{rel}" in names
    assert any(n.startswith("gmtool/_data/demo/") for n in names)
    assert "gmtool/tui/gmtool.tcss" in names


def test_installed_package_runs_from_anywhere(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = dict(os.environ, PYTHONPATH=str(site), GMTOOL_HOME=str(tmp_path / "home"))
    env.pop("GMTOOL_TABLES", None)
    result = subprocess.run(
        [sys.executable, "-m", "gmtool", "check", "12", "--seed", "3", "--json"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert '"degree"' in result.stdout
    probe = subprocess.run(
        [sys.executable, "-c", "from gmtool.rules.tables import tables_dir; print(tables_dir())"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert probe.stdout.strip().startswith(str(site))
