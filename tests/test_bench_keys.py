"""The key-latency bench still drives the app: one session on the demo campaign, each key
pressed once, gives a row for every key it prints (timings are the bench's to show, not
this test's to judge)."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "bench_keys.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_keys", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_one_session_on_the_demo_times_every_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "fsync", lambda _fd: None)  # timings are not judged here
    bench = load_bench()
    demo = bench.build_demo(tmp_path / "demo.campaign")
    timings = bench.run(demo, sessions=1, repeats=1, size=(120, 36))
    labels = [*bench.FIRST_OPENS, *bench.KEYS]
    assert set(timings.rows) == set(labels)
    for label in labels:
        assert all(wall > 0 for wall, _cpu in timings.rows[label]), label
    assert len(timings.rows["Dice: enter (roll 2d6+1w)"]) == 1
