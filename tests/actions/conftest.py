"""Fixtures of the action tests: no fsync (the durability is the store tests' concern, and
it makes every commit slow). The demo campaign (`demo`) is tests/conftest.py's."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda _fd: None)
