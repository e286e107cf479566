"""Each tab's one action table: every key it binds is in the table, every action in the
table exists, every key is in the help, and on the demo campaign every key the tab offers
now is in the footer (a key that works is shown; a key that is shown works)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gmtool.tui.action_table import bindings, key_label
from gmtool.tui.app import GmApp
from gmtool.tui.footer import KeyFooter
from gmtool.tui.tabs import TAB_CLASSES
from tests.tui.drawn import done

TABLED = [spec for spec in TAB_CLASSES if spec.load().ACTIONS]


def ids(spec: object) -> str:
    return getattr(spec, "tab_id", "")


@pytest.mark.parametrize("spec", TABLED, ids=ids)
def test_the_bindings_are_the_table(spec: object) -> None:
    pane = spec.load()  # type: ignore[attr-defined]
    assert [(b.key, b.action, b.show) for b in pane.BINDINGS] == [
        (b.key, b.action, b.show) for b in bindings(pane.ACTIONS)
    ]
    for entry in pane.ACTIONS:
        assert hasattr(pane, entry.method), f"{pane.__name__} has no {entry.method}"


@pytest.mark.parametrize("spec", TABLED, ids=ids)
def test_a_hidden_key_is_only_another_key_of_a_shown_action(spec: object) -> None:
    """Keys out of the footer: only a second key for an action whose key is in it."""
    pane = spec.load()  # type: ignore[attr-defined]
    shown = {entry.action for entry in pane.ACTIONS if entry.show}
    hidden = [e.key for e in pane.ACTIONS if not e.show and e.action not in shown]
    assert not hidden, f"{pane.__name__}: keys that work but are never shown: {hidden}"
    assert all(entry.description for entry in pane.ACTIONS)


@pytest.mark.parametrize("spec", TABLED, ids=ids)
def test_the_help_lists_every_key(spec: object) -> None:
    pane = spec.load()  # type: ignore[attr-defined]
    text = pane.keys_help()
    for entry in pane.ACTIONS:
        assert f"| {entry.key_display or key_label(entry.key)}" in text


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
@pytest.mark.parametrize("spec", TABLED, ids=ids)
async def test_every_key_offered_now_is_in_the_footer(
    spec: object, size: tuple[int, int], app_factory: Callable[..., GmApp]
) -> None:
    app = app_factory(demo=True)
    tab_id = spec.tab_id  # type: ignore[attr-defined]
    async with app.run_test(size=size) as pilot:
        app.show_tab(tab_id)
        await done(pilot)  # the tab built, read and with the cursor: what the footer follows
        pane = app.ensure_tab_built(tab_id)
        footer = app.screen.query_one(KeyFooter)
        shown = {key for item in footer.items() for key in item.keys}
        for entry in pane.ACTIONS:
            if not entry.show:
                continue
            parameters = ()
            available = pane.check_action(entry.action.split("(", 1)[0], parameters)
            if available is not False and pane.has_focus_within:
                assert entry.key in shown, f"{entry.key} ({entry.name}) works but is not shown"
