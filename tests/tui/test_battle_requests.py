"""The Battle tab carries out each typed request with the action the CLI calls, so the
actions' typed refusals reach the status line: a boarding the rules refuse comes back as
`BoardRefused` with its reason, not as the engine's bare error, and nothing is saved."""

from __future__ import annotations

import inspect
from typing import get_args

import pytest

from gmtool.actions import battles as act
from gmtool.rules.battle.boarding import NO_SYSTEM
from gmtool.store import Campaign
from gmtool.store import battles as stored
from gmtool.tui.tabs.battle import requests as rq
from tests.actions.test_special_order_actions import battle


def test_a_boarding_request_is_refused_with_its_typed_reason(demo: Campaign) -> None:
    state = battle(demo, ["gorgon"])
    request = rq.Board("gorgon", "meridian", "transporter", "own", "own")
    with pytest.raises(act.BoardRefused) as refused:
        rq.carry_out(demo, state.id, request)
    assert refused.value.refusal.kind == NO_SYSTEM
    assert stored.load_battle(demo, state.id) == state


def test_a_request_is_one_step_of_the_battle(demo: Campaign) -> None:
    state = battle(demo, ["gorgon"])
    done = rq.carry_out(demo, state.id, rq.Advance())
    assert done.action == "advance"
    assert len(stored.load_battle(demo, state.id).events) == len(state.events) + 1


def test_every_request_binds_to_its_action_by_field_name() -> None:
    """`carry_out` hands a request's fields to its action by name: each field must be a
    parameter of that action, and the action must need nothing the request lacks."""
    for request_type, action in rq.STEP_ACTIONS.items():
        fields = dict.fromkeys(request_type._fields, None)
        inspect.signature(action).bind(None, "battle", **fields)
    assert set(rq.STEP_ACTIONS) == set(get_args(rq.Request))
